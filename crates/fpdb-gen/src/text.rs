//! Numbers, money and dates as Stars prints them, appended to a `String` without `format!` (the
//! generator writes millions of them).

use chrono::{DateTime, Offset, TimeZone};
use chrono_tz::Tz;

/// Appends a non-negative integer.
pub fn push_int(out: &mut String, v: i64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = v.unsigned_abs();
    if v < 0 {
        out.push('-');
    }
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // The buffer holds ASCII digits only.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
}

/// Appends `v` with at least two digits ("05").
fn push_2(out: &mut String, v: u32) {
    out.push((b'0' + (v / 10 % 10) as u8) as char);
    out.push((b'0' + (v % 10) as u8) as char);
}

/// Appends an amount: cents as "$1.50" / "$2" (whole dollars without decimals, as Stars prints
/// them) for cash tables, chips as "1500" for tournaments.
pub fn push_money(out: &mut String, amount: i64, cash: bool) {
    if !cash {
        push_int(out, amount);
        return;
    }
    out.push('$');
    push_int(out, amount / 100);
    let cents = (amount % 100) as u32;
    if cents != 0 {
        out.push('.');
        push_2(out, cents);
    }
}

/// Appends cents as "$3.00" (tournament buy-ins always show the cents).
pub fn push_dollars_cents(out: &mut String, cents: i64) {
    out.push('$');
    push_int(out, cents / 100);
    out.push('.');
    push_2(out, (cents % 100) as u32);
}

/// Appends a level number in Roman numerals ("XIV"), as tournament headers print it.
pub fn push_roman(out: &mut String, mut n: u32) {
    const TABLE: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    for (v, s) in TABLE {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
}

/// Appends an ordinal ("1st", "22nd", "113th").
pub fn push_ordinal(out: &mut String, n: u32) {
    push_int(out, i64::from(n));
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    out.push_str(suffix);
}

/// Turns UTC seconds into the header's "CET" and "ET" wall-clock times. The zones' offsets change
/// twice a year, so they are looked up once per hour of play and reused.
#[derive(Debug, Default)]
pub struct Clock {
    hour: i64,
    offsets: Option<(i64, i64)>,
}

impl Clock {
    /// Appends "2024/03/01 12:00:00 CET [2024/03/01 6:00:00 ET]" for `utc` (Unix seconds).
    pub fn push_header_time(&mut self, out: &mut String, utc: i64) {
        let hour = utc.div_euclid(3600);
        let (cet, et) = match self.offsets {
            Some(o) if self.hour == hour => o,
            _ => {
                let o = (
                    offset(chrono_tz::Europe::Paris, utc),
                    offset(chrono_tz::America::New_York, utc),
                );
                self.hour = hour;
                self.offsets = Some(o);
                o
            }
        };
        push_wall_time(out, utc + cet);
        out.push_str(" CET [");
        push_wall_time(out, utc + et);
        out.push_str(" ET]");
    }
}

/// Seconds the zone is ahead of UTC at `utc`.
fn offset(tz: Tz, utc: i64) -> i64 {
    let t = DateTime::from_timestamp(utc, 0)
        .unwrap_or_default()
        .naive_utc();
    i64::from(tz.offset_from_utc_datetime(&t).fix().local_minus_utc())
}

/// Appends "2024/03/01 6:00:00" for a wall-clock time given as seconds since the epoch.
fn push_wall_time(out: &mut String, t: i64) {
    let (y, m, d) = civil_from_days(t.div_euclid(86_400));
    let s = t.rem_euclid(86_400);
    push_int(out, y);
    out.push('/');
    push_2(out, m);
    out.push('/');
    push_2(out, d);
    out.push(' ');
    // Stars writes the hour without a leading zero.
    push_int(out, s / 3600);
    out.push(':');
    push_2(out, (s / 60 % 60) as u32);
    out.push(':');
    push_2(out, (s % 60) as u32);
}

/// Year, month and day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_as_stars_prints_it() {
        let f = |v, cash| {
            let mut s = String::new();
            push_money(&mut s, v, cash);
            s
        };
        assert_eq!(f(5, true), "$0.05");
        assert_eq!(f(960, true), "$9.60");
        assert_eq!(f(1000, true), "$10");
        assert_eq!(f(0, true), "$0");
        assert_eq!(f(1500, false), "1500");
        let mut s = String::new();
        push_dollars_cents(&mut s, 300);
        assert_eq!(s, "$3.00");
    }

    #[test]
    fn romans_and_ordinals() {
        let mut s = String::new();
        push_roman(&mut s, 14);
        s.push(' ');
        push_roman(&mut s, 40);
        for n in [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111] {
            s.push(' ');
            push_ordinal(&mut s, n);
        }
        assert_eq!(
            s,
            "XIV XL 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th"
        );
    }

    #[test]
    fn header_times_follow_both_zones() {
        let mut c = Clock::default();
        let mut s = String::new();
        // 2024-03-01 11:00:00 UTC: winter on both sides.
        c.push_header_time(&mut s, 1_709_290_800);
        assert_eq!(s, "2024/03/01 12:00:00 CET [2024/03/01 6:00:00 ET]");
        // 2024-03-20 11:00:00 UTC: New York is on summer time, Paris not yet.
        s.clear();
        c.push_header_time(&mut s, 1_710_932_400);
        assert_eq!(s, "2024/03/20 12:00:00 CET [2024/03/20 7:00:00 ET]");
        // 2024-07-01 02:30:05 UTC: the ET date is the day before.
        s.clear();
        c.push_header_time(&mut s, 1_719_801_005);
        assert_eq!(s, "2024/07/01 4:30:05 CET [2024/06/30 22:30:05 ET]");
    }
}

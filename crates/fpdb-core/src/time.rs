//! Converting the local times rooms print into UTC.

use chrono::{DateTime, LocalResult, NaiveDate, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

/// PokerStars' "ET": US/Eastern with daylight saving (decisions.md §17).
pub const EASTERN: Tz = chrono_tz::America::New_York;

/// Converts a local wall-clock time in `tz` to UTC. An ambiguous time (the repeated hour when
/// daylight saving ends) is taken as standard time; a time in the skipped hour (when it starts)
/// is moved forward by the gap.
pub fn local_to_utc(local: NaiveDateTime, tz: Tz) -> DateTime<Utc> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(a, b) => {
            // Standard time has the larger UTC offset to the west: the later instant.
            a.max(b).with_timezone(&Utc)
        }
        LocalResult::None => {
            let shifted = local + chrono::Duration::hours(1);
            match tz.from_local_datetime(&shifted) {
                LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t.with_timezone(&Utc),
                LocalResult::None => Utc.from_utc_datetime(&local),
            }
        }
    }
}

/// Time zone of an abbreviation rooms print after a time. Rooms print the standard-time name
/// all year (a "CET" in July is CEST), so each maps to a zone with daylight saving.
pub fn zone_of_label(label: &str) -> Option<Tz> {
    use chrono_tz::*;
    Some(match label {
        "ET" | "EST" | "EDT" => America::New_York,
        "CT" | "CST" | "CDT" => America::Chicago,
        "MT" | "MST" | "MDT" => America::Denver,
        "PT" | "PST" | "PDT" => America::Los_Angeles,
        "AT" | "AST" | "ADT" => America::Halifax,
        "BRT" | "BRST" => America::Sao_Paulo,
        "ART" => America::Argentina::Buenos_Aires,
        "UTC" | "GMT" => UTC,
        "WET" | "WEST" => Europe::Lisbon,
        "BST" => Europe::London,
        "CET" | "CEST" => Europe::Paris,
        "EET" | "EEST" => Europe::Helsinki,
        "MSK" | "MSD" => Europe::Moscow,
        "IST" => Asia::Kolkata,
        "CCT" | "HKT" => Asia::Hong_Kong,
        "JST" => Asia::Tokyo,
        "KST" => Asia::Seoul,
        "AWST" => Australia::Perth,
        "ACST" | "ACDT" => Australia::Adelaide,
        "AEST" | "AEDT" => Australia::Sydney,
        "NZST" | "NZDT" => Pacific::Auckland,
        _ => return None,
    })
}

/// Reads `YYYY/MM/DD H:MM[:SS]` or `YYYY-MM-DD H:MM[:SS]` (also with " - " between date and time).
pub fn parse_datetime(text: &str) -> Option<NaiveDateTime> {
    let t = text.trim();
    let (date, time) = match t.split_once(" - ") {
        Some((d, tm)) if !d.contains(' ') => (d, tm),
        _ => t.split_once(' ')?,
    };
    let mut dp = date.split(['/', '-', '.']);
    let y: i32 = dp.next()?.parse().ok()?;
    let m: u32 = dp.next()?.parse().ok()?;
    let d: u32 = dp.next()?.parse().ok()?;
    if dp.next().is_some() {
        return None;
    }
    let time = time.trim().split(' ').next()?;
    let mut tp = time.split(':');
    let hh: u32 = tp.next()?.parse().ok()?;
    let mm: u32 = tp.next()?.parse().ok()?;
    let ss: u32 = match tp.next() {
        Some(s) => s.parse().ok()?,
        None => 0,
    };
    NaiveDate::from_ymd_opt(y, m, d)?.and_hms_opt(hh, mm, ss)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> String {
        local_to_utc(parse_datetime(s).unwrap(), EASTERN)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    }

    #[test]
    fn eastern_to_utc_matches_the_sidecars() {
        assert_eq!(utc("2010/04/16 6:14:06"), "2010-04-16 10:14:06");
        assert_eq!(utc("2011/06/26 18:34:01"), "2011-06-26 22:34:01");
        assert_eq!(utc("2012/01/04 13:34:54"), "2012-01-04 18:34:54");
        // Fall back: 01:30 happens twice, standard time (UTC-5) wins.
        assert_eq!(utc("2010/11/07 1:30:00"), "2010-11-07 06:30:00");
        // Spring forward: 02:30 does not exist.
        assert_eq!(utc("2010/03/14 2:30:00"), "2010-03-14 07:30:00");
    }

    #[test]
    fn date_shapes() {
        assert!(parse_datetime("2008/08/17 - 01:14:43").is_some());
        assert!(parse_datetime("2021-01-20 20:13:50").is_some());
        assert!(parse_datetime("2019/01/01 12:00").is_some());
        assert!(parse_datetime("2019/13/01 12:00:00").is_none());
        assert!(parse_datetime("nonsense").is_none());
    }
}

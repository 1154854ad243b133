//! Reading money amounts and currencies as hand histories print them.

use crate::model::Money;

/// Scale of real money: amounts are stored in cents.
pub const CENTS: i64 = 100;
/// Scale of chips (tournaments, play money): stored as printed.
pub const CHIPS: i64 = 1;

/// Currency of a leading symbol or prefix: `$` USD, `€` EUR, `£` GBP, `¥` CNY, `₹` / `Rs.` INR.
pub fn currency_of_symbol(text: &str) -> Option<&'static str> {
    let t = text.trim_start();
    if t.starts_with('$') {
        Some("USD")
    } else if t.starts_with('€') {
        Some("EUR")
    } else if t.starts_with('£') {
        Some("GBP")
    } else if t.starts_with('¥') {
        Some("CNY")
    } else if t.starts_with('₹') || t.starts_with("Rs") {
        Some("INR")
    } else {
        None
    }
}

/// Parses an amount and returns it times `scale` (rounded half away from zero), or `None` when the
/// text is not an amount or does not fit in a bigint.
///
/// Accepted: a leading currency symbol (`$ € £ ¥ ₹`, `Rs.`, `T$`), a leading sign, spaces and
/// non-breaking spaces, thousands separators `,` `'` and `.` (when a comma is the decimal point),
/// a decimal comma followed by exactly two digits (`0,02`), a trailing `K`/`M`/`B` multiplier,
/// a trailing dot or comma, and a trailing ISO code (`USD`).
pub fn parse_amount(text: &str, scale: i64) -> Option<Money> {
    plain_decimal(text.as_bytes(), scale).or_else(|| any_amount(text, scale))
}

/// [`parse_amount`] for every accepted form.
fn any_amount(text: &str, scale: i64) -> Option<Money> {
    let mut t = text.trim();
    let mut negative = false;
    if let Some(rest) = t.strip_prefix('-') {
        t = rest.trim_start();
        negative = true;
    }
    for prefix in ["T$", "Rs.", "Rs", "$", "€", "£", "¥", "₹"] {
        if let Some(rest) = t.strip_prefix(prefix) {
            t = rest.trim_start();
            break;
        }
    }
    if let Some(rest) = t.strip_prefix('-') {
        t = rest.trim_start();
        negative = !negative;
    }
    // A trailing ISO code ("1.50 USD") is not part of the number.
    if let Some((num, code)) = t.rsplit_once(' ') {
        if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
            t = num;
        }
    }
    // The number's own bytes: `t` without the spaces and apostrophes between digit groups
    // (borrowed when it has none, as almost every amount).
    let is_kept = |b: u8| matches!(b, b'0'..=b'9' | b'.' | b',' | b'K' | b'k' | b'M' | b'B');
    let is_gap = |b: u8| matches!(b, b' ' | b'\'' | 0xC2 | 0xA0);
    let kept: Vec<u8>;
    let mut digits: &[u8] = if t.bytes().all(is_kept) {
        t.as_bytes()
    } else {
        let mut v = Vec::with_capacity(t.len());
        for b in t.bytes() {
            if is_kept(b) {
                v.push(b);
            } else if !is_gap(b) {
                return None;
            }
        }
        kept = v;
        &kept
    };
    let mut multiplier: i128 = 1;
    if let Some(&last) = digits.last() {
        let m = match last {
            b'K' | b'k' => 1_000,
            b'M' => 1_000_000,
            b'B' => 1_000_000_000,
            _ => 1,
        };
        if m > 1 {
            multiplier = m;
            digits = &digits[..digits.len() - 1];
        }
    }
    while let Some((b'.' | b',', rest)) = digits.split_last() {
        digits = rest;
    }
    if digits.is_empty()
        || digits
            .iter()
            .any(|b| matches!(b, b'K' | b'k' | b'M' | b'B'))
    {
        return None;
    }
    // Which separator is the decimal point? A comma followed by exactly two digits at the end,
    // else the last dot; every other separator groups thousands.
    let n = digits.len();
    let decimal_comma =
        n >= 3 && digits[n - 3] == b',' && digits[n - 2..].iter().all(u8::is_ascii_digit);
    let point = if decimal_comma {
        Some(n - 3)
    } else {
        digits.iter().rposition(|&b| b == b'.')
    };
    let (int_part, frac_part) = match point {
        Some(i) => (&digits[..i], &digits[i + 1..]),
        None => (digits, &digits[n..]),
    };
    let int_digits = int_part.iter().filter(|b| b.is_ascii_digit());
    let frac_digits = frac_part.iter().filter(|b| b.is_ascii_digit());
    if int_digits.clone().next().is_none() && frac_digits.clone().next().is_none() {
        return None;
    }
    let mut int: i128 = 0;
    for &d in int_digits {
        int = int.checked_mul(10)?.checked_add((d - b'0') as i128)?;
        if int > i64::MAX as i128 {
            return None;
        }
    }
    // value = (int + frac) * multiplier * scale, computed exactly on a 10^k denominator.
    let mut num: i128 = int;
    let mut den: i128 = 1;
    for &d in frac_digits.take(18) {
        num = num.checked_mul(10)?.checked_add((d - b'0') as i128)?;
        den *= 10;
    }
    let scaled = num.checked_mul(multiplier)?.checked_mul(scale as i128)?;
    let mut value = scaled / den;
    if (scaled % den) * 2 >= den {
        value += 1;
    }
    if negative {
        value = -value;
    }
    i64::try_from(value).ok()
}

/// The amount of the most common form, `123`, `12.34`, `$12.34` or `€12.34` (digits with at most
/// one point and two decimals, nothing else but a leading `$`, `€`, `£`, `¥` or `₹`), by the rule
/// of [`parse_amount`] (half up); `None` for any other form, which [`parse_amount`] reads in full.
/// It reads without allocating or trimming: the amount of almost every action line.
fn plain_decimal(b: &[u8], scale: i64) -> Option<Money> {
    let b = match b.first() {
        Some(b'$') => &b[1..],
        Some(&c) if c >= 0x80 => ["€", "£", "¥", "₹"]
            .iter()
            .find_map(|sym| b.strip_prefix(sym.as_bytes()))
            .unwrap_or(b),
        _ => b,
    };
    // The integer part: 1 to 15 digits.
    let mut int: i64 = 0;
    let mut n = 0;
    while let Some(&d) = b.get(n).filter(|d| d.is_ascii_digit()) {
        if n == 15 {
            return None;
        }
        int = int * 10 + i64::from(d - b'0');
        n += 1;
    }
    if n == 0 {
        return None;
    }
    // The decimals: none, or a point and one or two digits.
    let frac = match &b[n..] {
        [] => &b[n..],
        [b'.', f @ ..] if (1..=2).contains(&f.len()) && f.iter().all(u8::is_ascii_digit) => f,
        _ => return None,
    };
    let digit = |i: usize| frac.get(i).map_or(0, |&d| i64::from(d - b'0'));
    match scale {
        CENTS => Some(int * 100 + digit(0) * 10 + digit(1)),
        // Chips: half up, so the first decimal decides.
        CHIPS => Some(int + i64::from(digit(0) >= 5)),
        _ => {
            // num / den × scale, rounded half up, computed as parse_amount does.
            let den: i128 = [1, 10, 100][frac.len()];
            let num = i128::from(int) * den + i128::from(digit(0) * 10 + digit(1)) / (100 / den);
            let scaled = num.checked_mul(i128::from(scale))?;
            let mut value = scaled / den;
            if (scaled % den) * 2 >= den {
                value += 1;
            }
            i64::try_from(value).ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain form's shortcut gives what the full reading gives, on every string of up to
    /// six bytes of digits, points and dollar signs and on a few longer ones.
    #[test]
    fn plain_form_as_any_form() {
        let alphabet = ['0', '1', '5', '9', '.', '$', '€'];
        let mut strings: Vec<String> = vec![
            "123456789012345".into(),
            "999999999999999.99".into(),
            "1234567890123456".into(),
            "$999999999999999.99".into(),
            "₹12.5".into(),
            "£0.05".into(),
            "¥7".into(),
        ];
        for len in 1..=6u32 {
            for mut code in 0..alphabet.len().pow(len) {
                let mut s = String::new();
                for _ in 0..len {
                    s.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                strings.push(s);
            }
        }
        for s in &strings {
            for scale in [CHIPS, CENTS, 1000] {
                if let Some(v) = plain_decimal(s.as_bytes(), scale) {
                    assert_eq!(Some(v), any_amount(s, scale), "{s:?} at scale {scale}");
                }
            }
        }
    }

    #[test]
    fn amounts() {
        assert_eq!(parse_amount("$0.02", CENTS), Some(2));
        assert_eq!(parse_amount("$1,289.63", CENTS), Some(128_963));
        assert_eq!(parse_amount("€0,02", CENTS), Some(2));
        assert_eq!(parse_amount("1.234,56", CENTS), Some(123_456));
        assert_eq!(parse_amount("$3", CENTS), Some(300));
        assert_eq!(parse_amount("1,500", CHIPS), Some(1500));
        assert_eq!(parse_amount("1 500", CHIPS), Some(1500));
        assert_eq!(parse_amount("1.5K", CHIPS), Some(1500));
        assert_eq!(parse_amount("$28.5", CENTS), Some(2850));
        assert_eq!(parse_amount("10.", CHIPS), Some(10));
        assert_eq!(parse_amount("$0.02 USD", CENTS), Some(2));
        assert_eq!(parse_amount("-$5", CENTS), Some(-500));
        assert_eq!(parse_amount("T$12.30", CENTS), Some(1230));
        assert_eq!(parse_amount("₹13.50", CENTS), Some(1350));
        assert_eq!(parse_amount("0.005", CENTS), Some(1));
        assert_eq!(parse_amount("", CENTS), None);
        assert_eq!(parse_amount("abc", CENTS), None);
        assert_eq!(parse_amount("$", CENTS), None);
        assert_eq!(parse_amount("99999999999999999999999", CHIPS), None);
        assert_eq!(parse_amount("92233720368547758.07", CENTS), Some(i64::MAX));
        assert_eq!(parse_amount("92233720368547758.08", CENTS), None);
    }

    #[test]
    fn symbols() {
        assert_eq!(currency_of_symbol("$1"), Some("USD"));
        assert_eq!(currency_of_symbol("€1"), Some("EUR"));
        assert_eq!(currency_of_symbol("£5"), Some("GBP"));
        assert_eq!(currency_of_symbol("1500"), None);
    }
}

//! Helpers shared by the Winamax and PartyPoker parsers: reading amounts (with the symbols and
//! codes both print around them), card groups (both may separate cards with commas), time-zone
//! labels and the hand-number hash. Their money (no "uncalled bet" line, the uncalled chips paid
//! back inside the winner's "collected"/"wins" amount) is settled by [`crate::pot`]
//! ([`crate::pot::Uncalled::InCollections`]). The generic text helpers both use are in
//! [`crate::parsers::text`].
//!
//! Declared from `winamax.rs` (as `winamax::common`) so that both parsers share one copy; it
//! holds nothing room-specific.

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};

use crate::cards::Card;
use crate::error::ErrorKind;
use crate::model::Money;
use crate::parsers::text::{self, find};
use crate::time;

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/// The cards of a bracket group ("Ah Kd", "Ah, Kd", "9c , 2s", "X X 8h"); unknown tokens ("X",
/// "xx") are [`Card::UNKNOWN`]. `None` when a token is not a card or the group holds more than
/// seven cards.
pub(crate) fn cards_of(group: &str) -> Option<Vec<Card>> {
    text::card_list(group, true, 7)
}

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/// Currency symbols the two rooms print before or after amounts.
const SYMBOLS: &[&str] = &["$", "€", "£", "\u{fffd}"];

/// `text` without the currency symbols, ISO codes, brackets and trailing dots around the number:
/// "$0.02  USD" → "0.02", "[€0.10 EUR]" → "0.10", "0,35 €" → "0,35", "2,000 chips" → "2,000".
pub(crate) fn bare_amount(text: &str) -> &str {
    let mut t =
        text.trim_matches(|c: char| c == ' ' || c == '[' || c == ']' || c == '(' || c == ')');
    loop {
        let before = t.len();
        for w in [" USD", " EUR", " GBP", " CAD", " chips", "USD", "EUR", "."] {
            if let Some(r) = t.strip_suffix(w) {
                t = r.trim_end();
            }
        }
        for s in SYMBOLS {
            if let Some(r) = t.strip_suffix(s) {
                t = r.trim_end();
            }
            if let Some(r) = t.strip_prefix(s) {
                t = r.trim_start();
            }
        }
        if t.len() == before {
            return t;
        }
    }
}

/// An amount times `scale` ([`CENTS`] or [`CHIPS`]). Plain amounts ("12", "0.05", "1.5") are read
/// without allocating; anything else (thousands separators, decimal commas, "3.37k") goes to
/// [`amount::parse_amount`]. The error tells an amount too large to store from text that is
/// not an amount.
pub(crate) fn money(text: &str, scale: i64) -> Result<Money, ErrorKind> {
    text::parse_unsigned_amount(bare_amount(text), scale)
}

/// Currency of a symbol or ISO code found in `text`.
pub(crate) fn currency_in(text: &str) -> Option<&'static str> {
    if text.contains('$') || find(text, "USD").is_some() {
        Some("USD")
    } else if text.contains('€') || find(text, "EUR").is_some() {
        Some("EUR")
    } else if text.contains('£') || find(text, "GBP").is_some() {
        Some("GBP")
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Hand numbers
// ---------------------------------------------------------------------------------------------

/// FNV-1a, 64 bits: a fixed, documented hash (offset 0xcbf29ce484222325, prime 0x100000001b3).
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

// ---------------------------------------------------------------------------------------------
// Times
// ---------------------------------------------------------------------------------------------

/// Zone abbreviations rooms print after a local time that denote one fixed offset (the summer
/// names included: a room that prints "EDT" or "CEST" says which offset it used), in seconds
/// east of UTC. German and Russian Windows names are here too ("MESZ", "MSKS").
const FIXED_ZONES: &[(&str, i32)] = &[
    ("UTC", 0),
    ("GMT", 0),
    ("WET", 0),
    ("WEST", 3600),
    ("BST", 3600),
    ("IST", 19800),
    ("CET", 3600),
    ("MEZ", 3600),
    ("CEST", 7200),
    ("MESZ", 7200),
    ("EET", 7200),
    ("EEST", 10800),
    ("OEZ", 7200),
    ("OESZ", 10800),
    ("MSK", 10800),
    ("MSD", 14400),
    ("MSKS", 14400),
    ("SAMT", 14400),
    ("YEKT", 18000),
    ("YEKST", 21600),
    ("OMST", 21600),
    ("NOVT", 25200),
    ("KRAT", 25200),
    ("ICT", 25200),
    ("WIB", 25200),
    ("CST", -21600),
    ("CDT", -18000),
    ("EST", -18000),
    ("EDT", -14400),
    ("MST", -25200),
    ("MDT", -21600),
    ("PST", -28800),
    ("PDT", -25200),
    ("AKST", -32400),
    ("AKDT", -28800),
    ("HST", -36000),
    ("AST", -14400),
    ("ADT", -10800),
    ("NST", -12600),
    ("NDT", -9000),
    ("BRT", -10800),
    ("BRST", -7200),
    ("ART", -10800),
    ("HKT", 28800),
    ("SGT", 28800),
    ("AWST", 28800),
    ("JST", 32400),
    ("KST", 32400),
    ("ACST", 34200),
    ("ACDT", 37800),
    ("AEST", 36000),
    ("AEDT", 39600),
    ("NZST", 43200),
    ("NZDT", 46800),
];

/// Converts a local time printed with the zone `label` to UTC. A label of [`FIXED_ZONES`] is its
/// offset; "ET", "CT", "PT", ... (no summer/winter letter) are the regions' zones with daylight
/// saving ([`time::zone_of_label`]); no label, or one nobody knows, is `default`.
pub(crate) fn to_utc(local: NaiveDateTime, label: &str, default: chrono_tz::Tz) -> DateTime<Utc> {
    if let Some(&(_, secs)) = FIXED_ZONES.iter().find(|(l, _)| *l == label) {
        if let Some(off) = FixedOffset::east_opt(secs) {
            if let Some(t) = off.from_local_datetime(&local).single() {
                return t.with_timezone(&Utc);
            }
        }
    }
    let tz = time::zone_of_label(label).unwrap_or(default);
    time::local_to_utc(local, tz)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::{CENTS, CHIPS};

    #[test]
    fn amounts() {
        assert_eq!(money("$0.02  USD", CENTS), Ok(2));
        assert_eq!(money("[€0.10 EUR]", CENTS), Ok(10));
        assert_eq!(money("0,35 €", CENTS), Ok(35));
        assert_eq!(money("[ $20,90 USD ]", CENTS), Ok(2090));
        assert_eq!(money("$1,534.96", CENTS), Ok(153_496));
        assert_eq!(money("2,000 chips", CHIPS), Ok(2000));
        assert_eq!(money("3,000", CHIPS), Ok(3000));
        assert_eq!(money("2047.50€", CENTS), Ok(204_750));
        assert_eq!(money("$ 530 USD", CENTS), Ok(53_000));
        assert_eq!(money("7410.50", CHIPS), Ok(7411));
        assert_eq!(money("18\u{fffd}", CENTS), Ok(1800));
        assert_eq!(money("0.05.", CENTS), Ok(5));
        assert_eq!(money("", CENTS), Err(ErrorKind::Malformed));
        assert_eq!(money("abc", CENTS), Err(ErrorKind::Malformed));
        assert_eq!(money("-6.10€", CENTS), Err(ErrorKind::Malformed));
        assert_eq!(
            money("99999999999999999999999", CHIPS),
            Err(ErrorKind::OutOfRange)
        );
    }

    #[test]
    fn card_groups() {
        assert_eq!(cards_of(" 9c , 2s ").map(|v| v.len()), Some(2));
        assert_eq!(
            cards_of("X X 8h").map(|v| v.iter().filter(|c| c.is_known()).count()),
            Some(1)
        );
        assert!(cards_of("Ah Zz").is_none());
    }

    #[test]
    fn zones() {
        let t = time::parse_datetime("2013/09/21 16:06:03").unwrap();
        let s = |l| to_utc(t, l, time::EASTERN).format("%H:%M").to_string();
        assert_eq!(s("EDT"), "20:06");
        assert_eq!(s("CEST"), "14:06");
        assert_eq!(s("MESZ"), "14:06");
        assert_eq!(s("UTC"), "16:06");
        assert_eq!(s("ET"), "20:06");
        assert_eq!(s(""), "20:06");
        assert_eq!(s("XYZ"), "20:06");
    }

    #[test]
    fn fnv() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}

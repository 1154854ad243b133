//! Helpers shared by the Winamax and PartyPoker parsers: reading amounts (with the symbols and
//! codes both print around them), card groups (both may separate cards with commas), time-zone
//! labels, the hand-number hash, and the money settlement of rooms that print no "uncalled bet"
//! line but pay the uncalled chips back inside the winner's "collected"/"wins" amount. The
//! generic text helpers both use are in [`crate::parsers::text`].
//!
//! Declared from `winamax.rs` (as `winamax::common`) so that both parsers share one copy; it
//! holds nothing room-specific.

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};

use crate::amount::CENTS;
use crate::cards::Card;
use crate::error::ErrorKind;
use crate::model::{ActionKind, Hand, Money, PlayerIdx, Returned};
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
    let t = bare_amount(text);
    if let Some(v) = plain_money(t, scale) {
        return Ok(v);
    }
    text::parse_unsigned_amount(t, scale)
}

/// A plain amount ([`text::plain_amount`]) that does not end with its '.'.
fn plain_money(t: &str, scale: i64) -> Option<Money> {
    if t.ends_with('.') {
        return None;
    }
    text::plain_amount(t, scale)
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

// ---------------------------------------------------------------------------------------------
// Money settlement
// ---------------------------------------------------------------------------------------------

/// Live money of an action: what counts towards the amount to match on its street (antes and
/// dead blinds do not).
fn live(kind: ActionKind, amount: Money, small_blind: Money) -> Money {
    match kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
        ActionKind::BothBlinds => amount.saturating_sub(amount.min(small_blind.max(0))),
        _ => amount,
    }
}

/// The uncalled bet of a finished hand: on the last street where live money went in, the chips
/// the biggest contributor put in above the second biggest (every other player counted, folded
/// or not), when he did not fold. A room that prints no "uncalled bet" line still gives these
/// chips back; at most one bet per hand can be uncalled, on the street where betting stopped.
pub(crate) fn uncalled_bet(hand: &Hand) -> Option<Returned> {
    let n = hand.players.len();
    let sb = hand.game.small_blind;
    let last = hand
        .actions
        .iter()
        .filter(|a| live(a.kind, a.amount, sb) > 0)
        .map(|a| a.street.max(0))
        .max()?;
    let mut totals = vec![0 as Money; n];
    let mut folded = vec![false; n];
    for a in &hand.actions {
        if a.kind == ActionKind::Fold {
            if let Some(f) = folded.get_mut(a.player) {
                *f = true;
            }
        }
        if a.street.max(0) == last {
            if let Some(t) = totals.get_mut(a.player) {
                *t = t.saturating_add(live(a.kind, a.amount, sb));
            }
        }
    }
    let (mut top, mut second, mut who): (Money, Money, PlayerIdx) = (0, 0, 0);
    for (p, &t) in totals.iter().enumerate() {
        if t > top {
            second = top;
            top = t;
            who = p;
        } else if t > second {
            second = t;
        }
    }
    let amount = top.saturating_sub(second);
    (amount > 0 && !folded.get(who).copied().unwrap_or(true)).then_some(Returned {
        street: last,
        player: who,
        amount,
    })
}

/// How the room's numbers disagree with the money the actions put in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub put_in: Money,
    pub collected: Money,
    pub rake: Option<Money>,
    pub uncalled: Money,
}

impl Mismatch {
    /// A message for the error report, amounts in the currency (`scale` = [`CENTS`]) or chips.
    pub fn message(&self, scale: i64) -> String {
        let m = |v: Money| show_money(v, scale);
        match self.rake {
            Some(r) => format!(
                "the pot does not add up: the players collected {} and the room took {}, but the \
                 actions put in {} (with {} uncalled)",
                m(self.collected),
                m(r),
                m(self.put_in),
                m(self.uncalled)
            ),
            None => format!(
                "the pot does not add up: the players collected {}, more than the {} the actions \
                 put in (with {} uncalled)",
                m(self.collected),
                m(self.put_in),
                m(self.uncalled)
            ),
        }
    }
}

/// An amount for messages: "12.50" for cents, "1250" for chips.
pub(crate) fn show_money(v: Money, scale: i64) -> String {
    if scale == CENTS {
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    } else {
        v.to_string()
    }
}

/// Fills `returned`, `total_pot`, `rake` and `pot_added` of a hand whose room prints no uncalled
/// bet and whose collections include the uncalled chips given back (Winamax's "collected",
/// PartyPoker's "wins" and "collected"):
///
/// - the uncalled bet is inferred ([`uncalled_bet`]) and recorded as returned;
/// - when the collections contain it (they add up to everything put in, less the room's rake),
///   it is taken out of the bettor's collections: a collection of exactly that amount if he has
///   one (both rooms pay it as a separate "side pot" when the caller was all-in for less), else
///   evenly from his collections (Winamax splits it between the high and low halves);
/// - the total pot is everything put in, less the uncalled bet, plus the room's added money;
/// - the rake is `printed_rake` when the room prints it, else the total pot less what the
///   players collected (and the pot the room kept for cashed-out players).
///
/// `tolerance` (chips) absorbs amounts the room rounded (half chips of old Winamax
/// tournaments): a difference that small is given to (or taken from) the biggest collection.
///
/// Returns the disagreement when the numbers cannot be made to add up; the hand is then left
/// with the pot of the actions and the rake printed (or 0).
pub(crate) fn settle(
    hand: &mut Hand,
    printed_rake: Option<Money>,
    added: Money,
    tolerance: Money,
) -> Result<(), Mismatch> {
    let put_in = hand
        .actions
        .iter()
        .fold(0 as Money, |a, x| a.saturating_add(x.amount));
    let collected = |h: &Hand| {
        h.collections
            .iter()
            .fold(0 as Money, |a, c| a.saturating_add(c.amount))
    };
    let before = collected(hand);
    let uncalled = uncalled_bet(hand);
    let u = uncalled.as_ref().map_or(0, |r| r.amount);
    let kept = hand.cashed_out_pot;
    let with_u = put_in.saturating_add(added);
    let includes = match (&uncalled, printed_rake) {
        (None, _) => false,
        (Some(_), Some(r)) => {
            before
                .saturating_add(r)
                .saturating_add(kept)
                .saturating_sub(with_u)
                .abs()
                <= tolerance
        }
        (Some(r), None) => {
            hand.collections
                .iter()
                .filter(|c| c.player == r.player)
                .fold(0 as Money, |a, c| a.saturating_add(c.amount))
                .saturating_add(tolerance)
                >= u
        }
    };
    if let Some(mut r) = uncalled {
        if includes {
            r.amount = take_back(hand, r.player, r.amount, tolerance);
        }
        hand.returned.push(r);
    }
    let returned = hand
        .returned
        .iter()
        .fold(0 as Money, |a, r| a.saturating_add(r.amount));
    let total = with_u.saturating_sub(returned);
    hand.total_pot = total;
    hand.pot_added = added;
    let after = collected(hand);
    let rake = match printed_rake {
        Some(r) => r,
        None => total.saturating_sub(after).saturating_sub(kept),
    };
    let diff = after
        .saturating_add(rake)
        .saturating_add(kept)
        .saturating_sub(total);
    if diff != 0 && diff.abs() <= tolerance {
        if let Some(c) = hand.collections.iter_mut().max_by_key(|c| c.amount) {
            if c.amount >= diff {
                c.amount -= diff;
                hand.rake = rake.max(0);
                return Ok(());
            }
        }
    }
    hand.rake = rake.max(0);
    if rake < 0 || diff != 0 {
        hand.rake = printed_rake.unwrap_or(0).max(0);
        return Err(Mismatch {
            put_in,
            collected: before,
            rake: printed_rake,
            uncalled: u,
        });
    }
    Ok(())
}

/// Takes `amount` out of player `p`'s collections and returns what was taken: a collection of
/// that amount (give or take `tolerance`) if there is one, else the amount, evenly from his
/// collections.
fn take_back(hand: &mut Hand, p: PlayerIdx, amount: Money, tolerance: Money) -> Money {
    let exact = hand
        .collections
        .iter()
        .rposition(|c| c.player == p && c.amount == amount)
        .or_else(|| {
            hand.collections
                .iter()
                .rposition(|c| c.player == p && c.amount.saturating_sub(amount).abs() <= tolerance)
        });
    if let Some(i) = exact {
        return hand.collections.remove(i).amount;
    }
    let mut left = amount;
    while left > 0 {
        let holders = hand
            .collections
            .iter()
            .filter(|c| c.player == p && c.amount > 0)
            .count() as Money;
        if holders == 0 {
            break;
        }
        let share = (left / holders).max(1);
        for c in hand.collections.iter_mut() {
            if c.player == p && c.amount > 0 && left > 0 {
                let cut = c.amount.min(share).min(left);
                c.amount -= cut;
                left -= cut;
            }
        }
    }
    hand.collections.retain(|c| c.amount > 0);
    amount - left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::CHIPS;

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

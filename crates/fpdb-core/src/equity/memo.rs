//! [`enumerate`] remembered by the situation's shape: two all-ins that differ only by a renaming
//! of the suits (A♠K♠ against Q♥Q♦ is A♥K♥ against Q♠Q♣) have the same outcome, player by player,
//! because no hand value depends on which suit a flush is in. An import meets the same shapes again
//! and again (a heads-up all-in before the flop has about 47,000 of them, and players' all-in
//! ranges are narrow), and a shape costs milliseconds to enumerate but microseconds to look up.
//!
//! The key is the situation with its suits renamed to the smallest of the 24 renamings (hole cards,
//! board and dead cards each as a set, players in their order, the pots as given); the outcome is
//! stored whole, so the answer is exactly what [`enumerate`] returns. The memo is per process (one
//! PostgreSQL backend: what an import session has seen), bounded by [`CAPACITY`] outcomes and
//! emptied when full.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::{enumerate, index, EquityError, Outcome, Players, Rules};
use crate::cards::Card;

/// Outcomes kept (each some 200 bytes with its key).
pub const CAPACITY: usize = 1 << 16;

/// The 24 orders of the four suits.
fn renamings() -> &'static [[u8; 4]; 24] {
    static ALL: OnceLock<[[u8; 4]; 24]> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = [[0u8; 4]; 24];
        let mut n = 0;
        for a in 0..4u8 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    all[n] = [a, b, c, 6 - a - b - c];
                    n += 1;
                }
            }
        }
        all
    })
}

fn memo() -> &'static Mutex<HashMap<Vec<u8>, Outcome>> {
    static MEMO: OnceLock<Mutex<HashMap<Vec<u8>, Outcome>>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The situation's key: rules, player count, pots, then each group of cards as a sorted set
/// under the suit renaming that gives the smallest sequence. `None` when a card is unknown (the
/// enumeration refuses it; nothing to remember).
fn key(
    rules: Rules,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> Option<Vec<u8>> {
    let all = hands.iter().map(|h| h.as_slice()).chain([board, dead]);
    let groups: Vec<Vec<u8>> = all
        .map(|g| g.iter().map(|&c| c.is_known().then(|| index(c))).collect())
        .collect::<Option<_>>()?;
    let mut head = vec![
        rules.hole as u8,
        u8::from(rules.omaha),
        u8::from(rules.hi_lo),
        hands.len() as u8,
        pots.len() as u8,
    ];
    for p in pots {
        head.extend_from_slice(&p.to_le_bytes());
    }
    let mut best: Option<Vec<u8>> = None;
    let mut cards = Vec::with_capacity(groups.iter().map(|g| g.len() + 1).sum());
    for order in renamings() {
        cards.clear();
        for g in &groups {
            let start = cards.len();
            cards.extend(g.iter().map(|&i| i % 13 + 13 * order[usize::from(i / 13)]));
            cards[start..].sort_unstable();
            // A separator no card index takes, so groups of different sizes never run together.
            cards.push(u8::MAX);
        }
        if best.as_ref().is_none_or(|b| cards < *b) {
            best = Some(cards.clone());
        }
    }
    head.extend(best?);
    Some(head)
}

/// [`enumerate`], answered from the memo when a situation of the same shape was enumerated
/// before in this process.
pub fn enumerate_memo(
    rules: Rules,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> Result<Outcome, EquityError> {
    let Some(k) = key(rules, hands, board, dead, pots) else {
        return enumerate(rules, hands, board, dead, pots);
    };
    if let Some(o) = memo().lock().ok().and_then(|m| m.get(&k).cloned()) {
        return Ok(o);
    }
    let o = enumerate(rules, hands, board, dead, pots)?;
    if let Ok(mut m) = memo().lock() {
        if m.len() >= CAPACITY {
            m.clear();
        }
        m.insert(k, o.clone());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        Card::parse_all(s).unwrap()
    }

    /// The same shape under another suit naming gives the memo's key and the enumeration's outcome.
    #[test]
    fn renamed_suits_share_key_and_outcome() {
        let a = [cards("As Ks"), cards("Qh Qd")];
        let b = [cards("Ah Kh"), cards("Qs Qc")];
        let c = [cards("Ks As"), cards("Qd Qh")];
        let ka = key(Rules::HOLDEM, &a, &[], &[], &[]).unwrap();
        assert_eq!(ka, key(Rules::HOLDEM, &b, &[], &[], &[]).unwrap());
        assert_eq!(ka, key(Rules::HOLDEM, &c, &[], &[], &[]).unwrap());
        let offsuit = [cards("As Kd"), cards("Qh Qc")];
        assert_ne!(ka, key(Rules::HOLDEM, &offsuit, &[], &[], &[]).unwrap());
        // Players keep their order: swapping them is another key.
        let swapped = [cards("Qh Qd"), cards("As Ks")];
        assert_ne!(ka, key(Rules::HOLDEM, &swapped, &[], &[], &[]).unwrap());
        let e = enumerate(Rules::HOLDEM, &a, &[], &[], &[]).unwrap();
        assert_eq!(e, enumerate(Rules::HOLDEM, &b, &[], &[], &[]).unwrap());
        assert_eq!(e, enumerate_memo(Rules::HOLDEM, &a, &[], &[], &[]).unwrap());
        assert_eq!(e, enumerate_memo(Rules::HOLDEM, &b, &[], &[], &[]).unwrap());
    }

    /// Board, dead cards and pots are part of the key; results from the memo equal fresh ones.
    #[test]
    fn board_dead_and_pots_are_part_of_the_key() {
        let h = [cards("Ah Kh"), cards("7c 7d"), cards("2s 3s")];
        let flop = cards("Kd 7h 2c");
        let dead = cards("9h");
        let pots = [0b111, 0b011];
        let k = key(Rules::HOLDEM, &h, &flop, &dead, &pots).unwrap();
        assert_ne!(k, key(Rules::HOLDEM, &h, &flop, &[], &pots).unwrap());
        assert_ne!(k, key(Rules::HOLDEM, &h, &flop, &dead, &[]).unwrap());
        assert_ne!(k, key(Rules::HOLDEM, &h, &flop[..0], &dead, &pots).unwrap());
        // Renamed: hearts <-> spades, clubs <-> diamonds.
        let r = [cards("As Ks"), cards("7d 7c"), cards("2h 3h")];
        let rk = key(Rules::HOLDEM, &r, &cards("Kc 7s 2d"), &cards("9s"), &pots).unwrap();
        assert_eq!(k, rk);
        let fresh = enumerate(Rules::HOLDEM, &h, &flop, &dead, &pots).unwrap();
        for _ in 0..2 {
            assert_eq!(
                fresh,
                enumerate_memo(Rules::HOLDEM, &h, &flop, &dead, &pots).unwrap()
            );
            assert_eq!(
                fresh,
                enumerate_memo(Rules::HOLDEM, &r, &cards("Kc 7s 2d"), &cards("9s"), &pots).unwrap()
            );
        }
        let omaha = Rules::omaha(4, true);
        let o = [cards("Ah 2h 3c 4d"), cards("Ks Qd Qs Jd")];
        assert_ne!(
            key(omaha, &o, &flop, &[], &[]).unwrap(),
            key(Rules::HOLDEM, &h[..2], &flop, &[], &[]).unwrap()
        );
        assert_eq!(
            enumerate(omaha, &o, &flop, &[], &[]).unwrap(),
            enumerate_memo(omaha, &o, &flop, &[], &[]).unwrap()
        );
    }

    /// Errors pass through: an unknown or duplicate card is refused as by the enumeration.
    #[test]
    fn refusals_pass_through() {
        let dup = [cards("As Ks"), cards("As Qd")];
        assert!(enumerate_memo(Rules::HOLDEM, &dup, &[], &[], &[]).is_err());
        assert!(enumerate_memo(Rules::HOLDEM, &dup, &[], &[], &[]).is_err());
    }
}

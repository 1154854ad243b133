//! Card codes and Hold'em starting hands, as the FPDB design stores them.
//!
//! A card is a small integer (decisions.md §5): 0 = unknown, 1–13 = 2h..Ah, 14–26 = 2d..Ad,
//! 27–39 = 2c..Ac, 40–52 = 2s..As. Draw games also use −1 ("k", kept) in the HandsPlayers card
//! columns. A starting hand is `13·x + y` (decisions.md §8), 0..=168.

use std::fmt;

use serde::{Serialize, Serializer};
use thiserror::Error;

const RANKS: &[u8; 13] = b"23456789TJQKA";
const SUITS: &[u8; 4] = b"hdcs";

/// Code of the "kept" marker in draw-game card columns.
pub const KEPT: i16 = -1;

/// Errors of the card functions. Each maps to one SQLSTATE.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// Text that is not a card (SQLSTATE 22P02).
    #[error("invalid card \"{0}\": expected a rank (2-9, T or 10, J, Q, K, A) and a suit (h, d, c, s), or \"xx\" for unknown")]
    BadText(String),
    /// A numeric card code outside its range (SQLSTATE 22003).
    #[error("card code {0} is out of range: valid codes are {1}")]
    CodeOutOfRange(i64, &'static str),
    /// A starting-hand code outside 0..=168 (SQLSTATE 22003).
    #[error("start cards code {0} is out of range: valid codes are 0..168")]
    StartCodeOutOfRange(i64),
    /// The same card twice in one hand (SQLSTATE 22023).
    #[error("the two hole cards are the same card ({0})")]
    SameCard(Card),
}

impl CardError {
    /// The PostgreSQL SQLSTATE this error is reported with.
    pub fn sqlstate(&self) -> &'static str {
        match self {
            CardError::BadText(_) => "22P02",
            CardError::CodeOutOfRange(..) | CardError::StartCodeOutOfRange(_) => "22003",
            CardError::SameCard(_) => "22023",
        }
    }
}

/// One card, or the unknown card (code 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Card(u8);

impl Card {
    /// The unknown card ("xx").
    pub const UNKNOWN: Card = Card(0);

    /// Card from its code 0..=52.
    pub fn from_code(code: i64) -> Result<Card, CardError> {
        if (0..=52).contains(&code) {
            Ok(Card(code as u8))
        } else {
            Err(CardError::CodeOutOfRange(code, "0..52 (0 = unknown)"))
        }
    }

    /// Card from rank 2..=14 and suit index 0..=3 (h, d, c, s).
    pub fn from_rank_suit(rank: u8, suit: u8) -> Option<Card> {
        if (2..=14).contains(&rank) && suit < 4 {
            Some(Card(rank - 1 + 13 * suit))
        } else {
            None
        }
    }

    /// Parses the text form: rank (`2`..`9`, `T` or `10`, `J`, `Q`, `K`, `A`, any case) and suit
    /// (`h`, `d`, `c`, `s`, any case). `xx` (any case), `X` and `0x` mean unknown.
    pub fn parse(text: &str) -> Result<Card, CardError> {
        Card::parse_opt(text).ok_or_else(|| CardError::BadText(text.to_string()))
    }

    /// Parses cards separated by white space ("Ah Kd 7c"), each as [`Card::parse`].
    pub fn parse_all(text: &str) -> Result<Vec<Card>, CardError> {
        text.split_whitespace().map(Card::parse).collect()
    }

    /// As [`Card::parse`], but `None` for anything that is not a card.
    pub fn parse_opt(text: &str) -> Option<Card> {
        let b = text.as_bytes();
        let (rank_part, suit) = match b.len() {
            2 => (&b[..1], b[1]),
            3 => (&b[..2], b[2]),
            1 if b[0].eq_ignore_ascii_case(&b'x') => return Some(Card::UNKNOWN),
            _ => return None,
        };
        if (rank_part.eq_ignore_ascii_case(b"x") || rank_part == b"0")
            && suit.eq_ignore_ascii_case(&b'x')
        {
            return Some(Card::UNKNOWN);
        }
        let rank = match rank_part {
            b"10" => 10,
            [r] => rank_value(*r)?,
            _ => return None,
        };
        let suit = suit_index(suit)?;
        Card::from_rank_suit(rank, suit)
    }

    /// The code 0..=52.
    pub fn code(self) -> u8 {
        self.0
    }

    pub fn is_known(self) -> bool {
        self.0 != 0
    }

    /// Rank 2..=14 (A = 14), 0 when unknown.
    pub fn rank(self) -> u8 {
        if self.0 == 0 {
            0
        } else {
            (self.0 - 1) % 13 + 2
        }
    }

    /// Suit letter h, d, c, s; x when unknown.
    pub fn suit(self) -> char {
        if self.0 == 0 {
            'x'
        } else {
            SUITS[((self.0 - 1) / 13) as usize] as char
        }
    }
}

/// Rank value of a rank letter (either case), `T` = 10, `A` = 14.
pub fn rank_value(c: u8) -> Option<u8> {
    let up = c.to_ascii_uppercase();
    RANKS.iter().position(|&r| r == up).map(|i| i as u8 + 2)
}

fn suit_index(c: u8) -> Option<u8> {
    let low = c.to_ascii_lowercase();
    SUITS.iter().position(|&s| s == low).map(|i| i as u8)
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.write_str("xx")
        } else {
            let r = RANKS[((self.0 - 1) % 13) as usize] as char;
            write!(f, "{}{}", r, self.suit())
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Text of a card column value: −1 → "k" (kept, draw games), 0 → "xx", 1..=52 → "Ah" etc.
pub fn card_text(code: i64) -> Result<String, CardError> {
    if code == KEPT as i64 {
        return Ok("k".to_string());
    }
    Card::from_code(code)
        .map(|c| c.to_string())
        .map_err(|_| CardError::CodeOutOfRange(code, "-1..52 (0 = unknown, -1 = kept)"))
}

/// Rank of a card column value for BoardCards: 2..=14, 0 for unknown.
pub fn card_rank(code: i64) -> Result<u8, CardError> {
    Ok(Card::from_code(code)?.rank())
}

/// Suit of a card column value for BoardCards: h, d, c, s, x for unknown.
pub fn card_suit(code: i64) -> Result<char, CardError> {
    Ok(Card::from_code(code)?.suit())
}

/// Hold'em starting hand code (decisions.md §8): `None` when a card is unknown.
pub fn start_cards(a: Card, b: Card) -> Result<Option<u8>, CardError> {
    if !a.is_known() || !b.is_known() {
        return Ok(None);
    }
    if a == b {
        return Err(CardError::SameCard(a));
    }
    let (ra, rb) = (a.rank() - 2, b.rank() - 2);
    let (hi, lo) = (ra.max(rb), ra.min(rb));
    let code = if ra == rb {
        13 * ra + ra
    } else if a.suit() == b.suit() {
        13 * hi + lo
    } else {
        13 * lo + hi
    };
    Ok(Some(code))
}

/// Text of a starting hand code: 0 → "22", 155 → "AKo", 167 → "AKs", 168 → "AA".
pub fn start_cards_text(code: i64) -> Result<String, CardError> {
    if !(0..=168).contains(&code) {
        return Err(CardError::StartCodeOutOfRange(code));
    }
    let (x, y) = ((code / 13) as usize, (code % 13) as usize);
    let (rx, ry) = (RANKS[x] as char, RANKS[y] as char);
    Ok(match x.cmp(&y) {
        std::cmp::Ordering::Equal => format!("{rx}{ry}"),
        std::cmp::Ordering::Greater => format!("{rx}{ry}s"),
        std::cmp::Ordering::Less => format!("{ry}{rx}o"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn codes_follow_the_design() {
        assert_eq!(c("2h").code(), 1);
        assert_eq!(c("Ah").code(), 13);
        assert_eq!(c("2d").code(), 14);
        assert_eq!(c("3d").code(), 15);
        assert_eq!(c("Jc").code(), 36);
        assert_eq!(c("Ks").code(), 51);
        assert_eq!(c("As").code(), 52);
        assert_eq!(c("Th"), c("10h"));
        assert_eq!(c("xx"), Card::UNKNOWN);
        assert_eq!(c("aS").code(), 52);
    }

    #[test]
    fn every_card_round_trips() {
        for code in 0..=52 {
            let card = Card::from_code(code).unwrap();
            assert_eq!(Card::parse(&card.to_string()).unwrap(), card);
            assert_eq!(card_text(code).unwrap(), card.to_string());
        }
        assert_eq!(card_text(-1).unwrap(), "k");
        assert_eq!(card_text(53).unwrap_err().sqlstate(), "22003");
        assert_eq!(card_text(-2).unwrap_err().sqlstate(), "22003");
    }

    #[test]
    fn bad_text_is_rejected() {
        for bad in ["", "A", "Ahh", "1h", "Az", "11h", "h2", " Ah"] {
            let e = Card::parse(bad).unwrap_err();
            assert_eq!(e.sqlstate(), "22P02", "{bad}");
        }
    }

    #[test]
    fn rank_and_suit() {
        assert_eq!(card_rank(13).unwrap(), 14);
        assert_eq!(card_suit(13).unwrap(), 'h');
        assert_eq!(card_rank(40).unwrap(), 2);
        assert_eq!(card_suit(40).unwrap(), 's');
        assert_eq!(card_rank(0).unwrap(), 0);
        assert_eq!(card_suit(0).unwrap(), 'x');
    }

    #[test]
    fn start_cards_match_the_worked_examples() {
        // semantics.md §1.4, minus the +1 of the sidecars.
        let sc = |a: &str, b: &str| start_cards(c(a), c(b)).unwrap().unwrap();
        assert_eq!(sc("3d", "Ks"), 24);
        assert_eq!(sc("Jc", "Jd"), 126);
        assert_eq!(sc("As", "Qs"), 166);
        assert_eq!(sc("Ac", "As"), 168);
        assert_eq!(sc("Kd", "5d"), 146);
        assert_eq!(sc("Ah", "6d"), 64);
        assert_eq!(sc("Qs", "Kh"), 141);
        assert_eq!(sc("3s", "4s"), 27);
        assert_eq!(sc("2c", "2d"), 0);
        assert_eq!(start_cards(Card::UNKNOWN, c("As")).unwrap(), None);
        assert_eq!(
            start_cards(c("As"), c("As")).unwrap_err().sqlstate(),
            "22023"
        );
    }

    #[test]
    fn start_cards_text_covers_all_169() {
        assert_eq!(start_cards_text(0).unwrap(), "22");
        assert_eq!(start_cards_text(155).unwrap(), "AKo");
        assert_eq!(start_cards_text(167).unwrap(), "AKs");
        assert_eq!(start_cards_text(168).unwrap(), "AA");
        let mut seen = std::collections::HashSet::new();
        for code in 0..=168 {
            assert!(seen.insert(start_cards_text(code).unwrap()));
        }
        assert_eq!(start_cards_text(169).unwrap_err().sqlstate(), "22003");
        assert_eq!(start_cards_text(-1).unwrap_err().sqlstate(), "22003");
    }

    #[test]
    fn all_1326_combinations_agree_with_their_text() {
        for a in 1..=52 {
            for b in (a + 1)..=52 {
                let (ca, cb) = (Card::from_code(a).unwrap(), Card::from_code(b).unwrap());
                let code = start_cards(ca, cb).unwrap().unwrap();
                assert_eq!(start_cards(cb, ca).unwrap().unwrap(), code);
                let text = start_cards_text(code as i64).unwrap();
                let hi = ca.rank().max(cb.rank());
                assert_eq!(rank_value(text.as_bytes()[0]).unwrap(), hi);
                match text.len() {
                    2 => assert_eq!(ca.rank(), cb.rank()),
                    _ => assert_eq!(text.ends_with('s'), ca.suit() == cb.suit()),
                }
            }
        }
    }
}

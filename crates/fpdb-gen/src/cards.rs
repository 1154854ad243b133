//! Cards and the deck they are dealt from.
//!
//! A card is one byte, `rank * 4 + suit`, rank 0 (deuce) to 12 (ace), suits in the order `c d h s`:
//! cheap to copy, compare and index by, which the evaluator relies on.

use crate::rng::Rng;

/// A card: `rank * 4 + suit`.
pub type Card = u8;

const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// Rank 0 (deuce) ..= 12 (ace).
#[inline]
pub fn rank(c: Card) -> u8 {
    c >> 2
}

/// Suit 0..=3 (clubs, diamonds, hearts, spades).
#[inline]
pub fn suit(c: Card) -> u8 {
    c & 3
}

/// Appends the card as Stars prints it ("Ah", "Td").
pub fn push_card(out: &mut String, c: Card) {
    out.push(RANK_CHARS[usize::from(rank(c))] as char);
    out.push(SUIT_CHARS[usize::from(suit(c))] as char);
}

/// Appends cards separated by spaces, without brackets ("Ah Kd 2c").
pub fn push_cards(out: &mut String, cards: &[Card]) {
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_card(out, c);
    }
}

/// Appends cards in brackets ("[Ah Kd]").
pub fn push_bracketed(out: &mut String, cards: &[Card]) {
    out.push('[');
    push_cards(out, cards);
    out.push(']');
}

/// A 52-card deck dealt one random card at a time: each deal swaps a random card of the undealt
/// part to its end, a Fisher–Yates shuffle done lazily, so a hand never holds a card twice and no
/// time is spent shuffling cards nobody sees.
#[derive(Debug, Clone)]
pub struct Deck {
    cards: [Card; 52],
    left: usize,
}

impl Default for Deck {
    fn default() -> Self {
        Deck::new()
    }
}

impl Deck {
    /// A full deck.
    pub fn new() -> Deck {
        let mut cards = [0; 52];
        for (i, c) in cards.iter_mut().enumerate() {
            *c = i as Card;
        }
        Deck { cards, left: 52 }
    }

    /// Puts every card back, in the same order, so a hand's deal depends only on the draws.
    pub fn reset(&mut self) {
        for (i, c) in self.cards.iter_mut().enumerate() {
            *c = i as Card;
        }
        self.left = 52;
    }

    /// Deals one card not dealt since the last [`Deck::reset`].
    pub fn deal(&mut self, rng: &mut Rng) -> Card {
        assert!(self.left > 0, "the deck is empty");
        let i = rng.below(self.left as u32) as usize;
        self.left -= 1;
        self.cards.swap(i, self.left);
        self.cards[self.left]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_deals_every_card_once() {
        let mut rng = Rng::new(3);
        let mut deck = Deck::new();
        let mut seen = [false; 52];
        for _ in 0..52 {
            let c = deck.deal(&mut rng);
            assert!(!seen[usize::from(c)]);
            seen[usize::from(c)] = true;
        }
    }

    #[test]
    fn cards_print_as_stars_does() {
        let mut s = String::new();
        push_bracketed(&mut s, &[12 * 4 + 2, 8 * 4 + 1, 0]);
        assert_eq!(s, "[Ah Td 2c]");
    }
}

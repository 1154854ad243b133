//! SQL functions on cards and Hold'em starting hands.

use fpdb_core::cards::{self, Card, CardError};
use pgrx::prelude::*;

use crate::errors::raise;

fn fail(e: CardError) -> ! {
    raise(e.sqlstate(), e.to_string())
}

fn card_arg(code: i32) -> Card {
    Card::from_code(code as i64).unwrap_or_else(|e| fail(e))
}

/// Code of a card given as text: 'Ah' → 13, '2d' → 14, 'As' → 52, 'xx' → 0.
#[pg_extern(immutable, strict, parallel_safe)]
fn card_code(card: &str) -> i16 {
    Card::parse(card).unwrap_or_else(|e| fail(e)).code() as i16
}

/// Text of a card code: 13 → 'Ah', 0 → 'xx', −1 → 'k' (kept, draw games).
#[pg_extern(immutable, strict, parallel_safe)]
fn card_text(code: i32) -> String {
    cards::card_text(code as i64).unwrap_or_else(|e| fail(e))
}

/// Rank of a card code as BoardCards stores it: 2..14 (ace 14), 0 for unknown.
#[pg_extern(immutable, strict, parallel_safe)]
fn card_rank(code: i32) -> i16 {
    cards::card_rank(code as i64).unwrap_or_else(|e| fail(e)) as i16
}

/// Suit of a card code as BoardCards stores it: 'h', 'd', 'c', 's', 'x' for unknown.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE FUNCTION fpdb."card_suit"("code" int) RETURNS char(1)
IMMUTABLE STRICT PARALLEL SAFE LANGUAGE c AS 'MODULE_PATHNAME', 'card_suit_wrapper';
"#
)]
fn card_suit(code: i32) -> String {
    cards::card_suit(code as i64)
        .unwrap_or_else(|e| fail(e))
        .to_string()
}

/// Hold'em starting hand of two card codes (decisions.md §8); NULL when a card is unknown.
#[pg_extern(immutable, strict, parallel_safe, name = "start_cards")]
fn start_cards_codes(card1: i32, card2: i32) -> Option<i16> {
    start_of(card_arg(card1), card_arg(card2))
}

/// Hold'em starting hand of two cards given as text ('Ah', 'Kd'); NULL when a card is unknown.
#[pg_extern(immutable, strict, parallel_safe, name = "start_cards")]
fn start_cards_texts(card1: &str, card2: &str) -> Option<i16> {
    let a = Card::parse(card1).unwrap_or_else(|e| fail(e));
    let b = Card::parse(card2).unwrap_or_else(|e| fail(e));
    start_of(a, b)
}

fn start_of(a: Card, b: Card) -> Option<i16> {
    cards::start_cards(a, b)
        .unwrap_or_else(|e| fail(e))
        .map(i16::from)
}

/// Text of a starting hand code: 0 → '22', 155 → 'AKo', 167 → 'AKs', 168 → 'AA'.
#[pg_extern(immutable, strict, parallel_safe)]
fn start_cards_text(code: i32) -> String {
    cards::start_cards_text(code as i64).unwrap_or_else(|e| fail(e))
}

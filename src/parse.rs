//! `fpdb.parse_hands` and `fpdb.parse_hand`: hand histories to JSON documents of the hand model.

use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::{model::Hand, split};
use pgrx::prelude::*;
use pgrx::JsonB;
use serde_json::{json, Value};

use crate::errors::raise;

/// The JSON document of a hand: the hand model as serialised by serde.
pub(crate) fn hand_document(hand: &Hand) -> Value {
    serde_json::to_value(hand)
        .unwrap_or_else(|e| raise("XX000", format!("cannot serialise hand: {e}")))
}

/// The JSON document of a hand that could not be parsed; only these documents have "error".
pub(crate) fn error_document(e: &ParseError) -> Value {
    let mut err = json!({
        "line": e.line,
        "sqlstate": e.sqlstate(),
        "kind": e.kind,
        "message": e.message,
    });
    if let Some(t) = &e.line_text {
        err["text"] = Value::String(t.clone());
    }
    let mut doc = json!({ "error": err });
    if let Some(no) = e.site_hand_no {
        doc["site_hand_no"] = json!(no);
    }
    doc
}

/// Raises a parse error as a PostgreSQL error with its SQLSTATE, line and line text.
pub(crate) fn raise_parse_error(e: &ParseError) -> ! {
    raise(e.sqlstate(), e.full_message())
}

/// Every hand of a hand-history text, one JSON document per hand in text order. A hand that
/// cannot be parsed gives `{"error": {"line", "sqlstate", "kind", "message", "text"}}` (plus
/// "site_hand_no" when known) and the other hands are still returned. A text in which no hand of
/// a supported room can be found at all is an error (22P02); an empty text gives no rows.
#[pg_extern(immutable, strict, parallel_safe)]
fn parse_hands(history: &str) -> SetOfIterator<'static, JsonB> {
    let text = split::normalise(history);
    let mut docs = Vec::new();
    let mut found_hand = false;
    let mut first_error: Option<ParseError> = None;
    for chunk in split::chunks(&text) {
        check_for_interrupts!();
        found_hand |= chunk.room.is_some();
        match fpdb_core::parse_chunk(chunk) {
            Ok(hand) => docs.push(JsonB(hand_document(&hand))),
            Err(e) => {
                docs.push(JsonB(error_document(&e)));
                first_error.get_or_insert(e);
            }
        }
    }
    if !found_hand {
        if let Some(e) = first_error {
            raise_parse_error(&e);
        }
    }
    SetOfIterator::new(docs)
}

/// Exactly one hand as a JSON document; anything else (no hand, several hands, a hand that
/// cannot be parsed) is an error with the line and its text (22P02).
#[pg_extern(immutable, strict, parallel_safe)]
fn parse_hand(hand: &str) -> JsonB {
    match fpdb_core::parse_one(hand) {
        Ok(h) => JsonB(hand_document(&h)),
        Err(e) if e.kind == ErrorKind::NotAHandHistory && hand.trim().is_empty() => {
            raise("22P02", "the text is empty: expected one hand history")
        }
        Err(e) => raise_parse_error(&e),
    }
}

//! fpdb-core: the poker domain of fpdb, free of any database code.
//!
//! - [`cards`]: card codes and Hold'em starting hands as the FPDB design stores them;
//! - [`model`]: the site-neutral hand every parser fills;
//! - [`parsers`]: one module per poker room, with room detection;
//! - [`pot`]: the money of a finished hand (total pot, rake, uncalled bets), computed once;
//! - [`split`]: texts with many hands into one chunk per hand;
//! - [`decode`]: hand-history files in UTF-8, UTF-16 or Windows-1252;
//! - [`equity`]: exact all-in equities (hold'em, omaha hi and hi/lo) and the hand evaluator;
//! - [`graph`]: the SVG graph of a player's winnings (net, all-in adjusted, showdown, non-showdown).
//! - [`follow`]: the complete hands among the bytes a room appended to a file.
//! - [`export`]: stored hands written as PokerStars hand-history text.

pub mod ahead;
pub mod amount;
pub mod builder;
pub mod cards;
pub mod decode;
pub mod equity;
pub mod error;
pub mod export;
pub mod follow;
pub mod graph;
pub mod model;
pub mod parsers;
pub mod pot;
pub mod raw;
pub mod showdown;
pub mod split;
pub mod stats;
pub mod stream;
pub mod summary;
pub mod time;

use error::{ErrorKind, ParseError};
use model::Hand;

/// The result of reading one chunk of a text: a hand, or why it is not one.
pub type HandResult = Result<Hand, ParseError>;

/// Parses every hand of a history text, lazily, one result per hand, in text order.
///
/// Text before the first recognised hand header (other than blank lines and banners) gives one
/// `NotAHandHistory` error.
pub fn parse_history(text: &str) -> impl Iterator<Item = HandResult> + '_ {
    split::chunks(text).map(parse_chunk)
}

/// Parses one chunk found by [`split::chunks`].
pub fn parse_chunk(chunk: split::Chunk<'_>) -> HandResult {
    match chunk.room {
        Some(room) => room.parse(&chunk),
        None => Err(not_a_hand(&chunk)),
    }
}

fn not_a_hand(chunk: &split::Chunk<'_>) -> ParseError {
    let first = chunk.text.lines().next().unwrap_or("");
    let message = if summary::detect(chunk.text) {
        "a tournament summary, not a hand history (the import functions store it; \
         fpdb.parse_summaries reads it)"
    } else if contains_ignore_case(chunk.text, "tournament summary") {
        "a tournament summary, not a hand history (in a format fpdb does not read)"
    } else {
        "not a hand history of a supported room: no hand header found"
    };
    ParseError::new(ErrorKind::NotAHandHistory, chunk.first_line, message).with_text(first)
}

/// Parses a text that must hold exactly one hand.
pub fn parse_one(text: &str) -> HandResult {
    let normalised = split::normalise(text);
    let mut chunks = split::chunks(&normalised);
    let first = chunks
        .next()
        .ok_or_else(|| ParseError::new(ErrorKind::NotAHandHistory, 1, "the text is empty"))?;
    if let Some(second) = chunks.next() {
        let line = second.text.lines().next().unwrap_or("");
        return Err(ParseError::malformed(
            second.first_line,
            "the text holds more than one hand; use parse_hands for several hands",
        )
        .with_text(line));
    }
    parse_chunk(first)
}

/// Whether `text` contains `needle` (ASCII, lower case) in any letter case.
fn contains_ignore_case(text: &str, needle: &str) -> bool {
    text.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

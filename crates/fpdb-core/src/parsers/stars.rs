//! PokerStars hand histories (and the rooms that write the same format).

use crate::error::{ErrorKind, ParseError};
use crate::model::Hand;
use crate::parsers::Room;
use crate::split::Chunk;

#[derive(Debug)]
pub struct PokerStars;

impl Room for PokerStars {
    fn site(&self) -> &'static str {
        "PokerStars"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        line.starts_with("PokerStars ") && line.contains('#')
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        Err(ParseError::new(
            ErrorKind::Unsupported,
            chunk.first_line,
            "the PokerStars parser is not written yet",
        ))
    }
}

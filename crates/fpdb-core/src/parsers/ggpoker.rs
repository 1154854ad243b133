//! GGPoker hand histories. Not written yet: detects nothing, so no text is routed here.

use crate::error::{ErrorKind, ParseError};
use crate::model::Hand;
use crate::parsers::Room;
use crate::split::Chunk;

#[derive(Debug)]
pub struct GgPoker;

impl Room for GgPoker {
    fn site(&self) -> &'static str {
        "GGPoker"
    }

    fn is_hand_start(&self, _line: &str) -> bool {
        false
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        Err(ParseError::new(ErrorKind::Unsupported, chunk.first_line, "the GGPoker parser is not written yet"))
    }
}

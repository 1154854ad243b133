//! iPoker hand histories. Not written yet: detects nothing, so no text is routed here.

use crate::error::{ErrorKind, ParseError};
use crate::model::Hand;
use crate::parsers::Room;
use crate::split::Chunk;

#[derive(Debug)]
pub struct IPoker;

impl Room for IPoker {
    fn site(&self) -> &'static str {
        "iPoker"
    }

    fn is_hand_start(&self, _line: &str) -> bool {
        false
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        Err(ParseError::new(ErrorKind::Unsupported, chunk.first_line, "the iPoker parser is not written yet"))
    }
}

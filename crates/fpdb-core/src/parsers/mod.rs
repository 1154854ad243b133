//! One parser module per room. Each implements [`Room`]; [`ROOMS`] lists them for detection.

use crate::error::ParseError;
use crate::model::Hand;
use crate::split::Chunk;

pub mod stars;

/// A poker room's hand-history format.
pub trait Room: Sync + std::fmt::Debug {
    /// Site name as stored in Sites.name.
    fn site(&self) -> &'static str;
    /// Whether `line` is the first line of a hand in this room's format. Must be cheap: the
    /// splitter asks it for every line.
    fn is_hand_start(&self, line: &str) -> bool;
    /// Parses one hand. The chunk starts with a line for which `is_hand_start` was true.
    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError>;
}

/// Every room fpdb reads, in detection order.
pub static ROOMS: &[&dyn Room] = &[&stars::PokerStars];

/// The room whose hand header `line` is, if any.
pub fn room_of_header(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    // Every header starts with a letter or an XML/markup character; skip the rest quickly.
    if !(first.is_ascii_alphabetic() || first == b'#' || first == b'<' || first >= 0x80) {
        return None;
    }
    ROOMS.iter().copied().find(|r| r.is_hand_start(line))
}

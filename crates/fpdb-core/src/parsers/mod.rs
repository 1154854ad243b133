//! One parser module per room. Each implements [`Room`]; [`ROOMS`] lists them for detection.

use crate::error::ParseError;
use crate::model::Hand;
use crate::split::Chunk;

pub mod bovada;
pub mod ggpoker;
pub mod ipoker;
pub mod pacific;
pub mod partypoker;
pub mod stars;
pub mod winamax;
pub mod winning;

/// A poker room's hand-history format.
pub trait Room: Sync + std::fmt::Debug {
    /// Site name as stored in Sites.name.
    fn site(&self) -> &'static str;
    /// Whether `line` is the first line of a hand in this room's format. Must be cheap: the
    /// splitter asks it for every line.
    fn is_hand_start(&self, line: &str) -> bool;
    /// Parses one hand. The chunk starts with a line for which `is_hand_start` was true.
    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError>;
    /// Whether `line` starts a block of facts shared by the hands after it (iPoker's session
    /// header). The block runs to the next hand header and reaches the parser as
    /// [`Chunk::context`]. Must be cheap. Most rooms have none.
    fn is_context_start(&self, _line: &str) -> bool {
        false
    }
}

/// Every room fpdb reads, in detection order.
pub static ROOMS: &[&dyn Room] = &[
    &stars::PokerStars,
    &ggpoker::GgPoker,
    &winamax::Winamax,
    &ipoker::IPoker,
    &partypoker::PartyPoker,
    &pacific::Pacific,
    &winning::Winning,
    &bovada::Bovada,
];

/// The room for which `line` starts a context block, if any.
pub fn room_of_context(line: &str) -> Option<&'static dyn Room> {
    if !line.trim_start().starts_with('<') {
        return None; // only markup formats have context blocks
    }
    ROOMS.iter().copied().find(|r| r.is_context_start(line))
}

/// The room whose hand header `line` is, if any.
pub fn room_of_header(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    // Every header starts with a letter or an XML/markup character; skip the rest quickly.
    // A space (PokerStars archives indent every line) and '*' (a cut-off line a header was glued
    // to) may start PokerStars headers too.
    if !(first.is_ascii_alphabetic()
        || matches!(first, b'#' | b'<' | b' ' | b'*' | b'\t')
        || first >= 0x80)
    {
        return None;
    }
    ROOMS.iter().copied().find(|r| r.is_hand_start(line))
}

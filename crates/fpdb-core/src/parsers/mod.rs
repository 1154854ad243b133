//! One parser module per room. Each implements [`Room`]; [`ROOMS`] lists them for detection.

use crate::error::ParseError;
use crate::model::Hand;
use crate::split::Chunk;

pub mod betonline;
pub mod bovada;
pub mod ggpoker;
pub mod ipoker;
pub mod pacific;
pub mod partypoker;
pub mod stars;
pub(crate) mod text;
pub(crate) mod verbs;
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
    /// The bytes a line this room accepts as a hand header or context start can begin with; empty
    /// for any byte. The splitter asks a room about a line only when its first byte is one of
    /// these, so a room that does not say costs a call on every line of every text.
    fn header_first_bytes(&self) -> &'static [u8] {
        b""
    }
    /// Whether the room also finds a header glued to the end of a cut-off line (a long line with
    /// a '#'), whatever the line's first byte.
    fn finds_glued_headers(&self) -> bool {
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
    &betonline::BetOnline,
];

/// The room for which `line` starts a context block, if any.
pub fn room_of_context(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    if !matches!(first, b'<' | b' ' | b'\t') || !line.trim_start().starts_with('<') {
        return None; // only markup formats have context blocks
    }
    ROOMS.iter().copied().find(|r| r.is_context_start(line))
}

/// Shortest line a glued header can hide in.
const MIN_GLUED_LINE: usize = 40;

/// For each first byte, the rooms (bit i = `ROOMS[i]`) whose headers can start with it.
fn rooms_by_first_byte() -> &'static [u16; 256] {
    static TABLE: std::sync::OnceLock<[u16; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0u16; 256];
        for (i, r) in ROOMS.iter().enumerate() {
            let bytes = r.header_first_bytes();
            for (b, slot) in t.iter_mut().enumerate() {
                if bytes.is_empty() || bytes.contains(&(b as u8)) {
                    *slot |= 1 << i;
                }
            }
        }
        t
    })
}

/// The room whose hand header `line` is, if any.
pub fn room_of_header(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    let mask = rooms_by_first_byte()[first as usize];
    for (i, r) in ROOMS.iter().enumerate() {
        if mask & (1 << i) != 0 && r.is_hand_start(line) {
            return Some(*r);
        }
    }
    // A header glued to a cut-off line: rare, and only in long lines holding a '#'.
    if line.len() >= MIN_GLUED_LINE && memchr::memchr(b'#', line.as_bytes()).is_some() {
        for (i, r) in ROOMS.iter().enumerate() {
            if mask & (1 << i) == 0 && r.finds_glued_headers() && r.is_hand_start(line) {
                return Some(*r);
            }
        }
    }
    None
}

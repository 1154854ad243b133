//! One parser module per room. Each implements [`Room`]; [`ROOMS`] lists them for detection.
//!
//! # Writing a room on the shared skeleton
//!
//! A room's module reads what its histories print and nothing else: the shared pieces do the
//! splitting, the betting rules of the PokerStars format, the money of the finished hand and
//! the statistics. The steps, in the order a new room is written:
//!
//! 1. **Recognise the hand.** Implement [`Room`]: `site` (the `Sites.name`), `is_hand_start`
//!    (cheap: the splitter asks it for every line; say `header_first_bytes` so that it asks only
//!    for lines that can be headers), and `parse`, which gets one [`Chunk`] (the hand's lines
//!    with their numbers in the file, and the block of `is_context_start` for rooms that have
//!    one: iPoker's session header, PKR's table line before each hand's header; say
//!    `context_first_bytes` for it). Add the room to [`ROOMS`] (the order is the detection
//!    order: a room whose header another room's `is_hand_start` would also accept goes first).
//!    A room with nothing more to say than its site, header bytes, header test and parser
//!    writes `room!(Name, SITE, b"..", is_header, parse_chunk)`; a one-pass parser implements
//!    `text::HandLines` and lets `text::parse_hand` read the header line, feed it the others
//!    and attach the line and hand number to its errors.
//! 2. **Read the lines into a [`HandBuilder`](crate::builder::HandBuilder).** Stream: create
//!    the builder from the header and table lines (game, blinds, button, seats and stacks),
//!    then hand it every action as it is read. The line helpers of `text` (`find`, `split2`,
//!    `groups` for bracketed groups, `cards_of`, `checked_money` for amounts with their errors)
//!    do the byte work; the room keeps only its number format (currency symbols, decimal
//!    commas, brackets), which it passes to the verbs as its amount reader.
//!    The game of a blind game is `Game::blinds(kind, category, limit, (sb, bb), currency)`.
//! 3. **Actions of the PokerStars kind** ("folds", "calls $5 and is all-in", "raises $2 to
//!    $4", "posts small blind $1", ...): read them with `verbs::Dialect::parse` (the room's
//!    `Dialect` lists its words for the kinds of post; `verbs::POKERSTARS` is PokerStars'),
//!    and apply what it returns with a `verbs::Betting` made from the room's `verbs::Rules`
//!    (dead second small blinds, straddles printed as totals, short raises amended, stud's
//!    completion). A room's own verbs (GGPoker's "straddle", Winning's "caps", 888's folds
//!    between the blinds) are read before or instead of the shared ones; `parse` answers
//!    `None` for a verb it does not know, and the room decides whether that line is ignored
//!    or refused. Rooms whose actions are not of this kind (iPoker's XML, Bovada, PartyPoker's
//!    old format) call the builder's `post`, `call`, `bet`, `raise_to` ... themselves.
//! 4. **Settle the money once.** At the end, read the summary's collections (`collect`), the
//!    printed "Uncalled bet" lines (`uncalled`), the printed total and rake, and call
//!    [`HandBuilder::settle`](crate::builder::HandBuilder::settle) with a
//!    [`PotPolicy`](crate::pot::PotPolicy): how the room's total is to be read
//!    ([`PrintedPot`](crate::pot::PrintedPot)), its rake, the money it added, how it returns
//!    uncalled bets ([`Uncalled`](crate::pot::Uncalled)). [`pot::settle`](crate::pot::settle)
//!    computes the total pot, the rake, the unprinted uncalled bets and refuses a hand whose
//!    money does not balance. Never sum pots or rakes in the room's module.
//! 5. **Refuse what cannot be read.** Every error is a [`ParseError`] naming the line
//!    (`ParseError::malformed(line, "...")`, an [`ErrorKind`](crate::error::ErrorKind) for
//!    unsupported games, unfinished or cancelled hands): a line of an unknown kind is either
//!    listed as deliberately ignored in the module's documentation or refused, never passed
//!    over silently when it could carry money or cards.
//! 6. **Test it.** A `tests/<room>_corpus.rs` on `tests/common`: every corpus file imports or
//!    is refused with a listed reason (`parse_every_file`), the counts per file, the money and
//!    statistics invariants (`money_adds_up`, `statistics_agree`: Σ collections + rake = total
//!    pot, Σ totalProfit = added − rake), the sidecars where the corpus has them, cut-off hands
//!    never stored short, damaged hands never panicking; unit tests of each line type in the
//!    module; the room in `fpdb-fuzz`'s `ROOM_DIRS` (its fuzz target). When moving an existing
//!    room onto the skeleton, `cargo run --release -p fpdb-fuzz --example snapshot -- OUT` before
//!    and after shows with `cmp` that no corpus hand changed.
//! 7. **Document it**: the module's header lists the format's line types; the README's
//!    rooms-and-games table and room notes say what is read and what is refused.

use crate::error::ParseError;
use crate::model::Hand;
use crate::split::Chunk;

pub mod absolute;
pub mod betfair;
pub mod betonline;
pub mod boss;
pub mod bovada;
pub mod cake;
pub mod enet;
pub mod entraction;
pub mod everest;
pub mod everleaf;
pub mod fulltilt;
pub mod ggpoker;
pub mod ipoker;
pub mod kingsclub;
pub mod merge;
pub mod microgaming;
pub mod ongame;
pub mod pacific;
pub mod partypoker;
pub mod pkr;
pub mod pokertracker;
mod pokertracker_game;
pub mod sealswithclubs;
pub mod stars;
pub(crate) mod text;
pub mod thebiggame;
pub mod unibet;
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
    /// header), or printed before a hand's header line (PKR's table line). The block runs to the
    /// next hand header and reaches the parser as [`Chunk::context`]. Must be cheap. Most rooms
    /// have none.
    fn is_context_start(&self, _line: &str) -> bool {
        false
    }
    /// The bytes a line this room accepts as a context start can begin with; empty (the
    /// default) for a room without context blocks, which is then never asked.
    fn context_first_bytes(&self) -> &'static [u8] {
        b""
    }
    /// The bytes a line this room accepts as a hand header can begin with; empty for any byte
    /// (context starts have [`Room::context_first_bytes`]). The splitter asks a room about a
    /// line only when its first byte is one of these, so a room that does not say costs a call
    /// on every line of every text.
    fn header_first_bytes(&self) -> &'static [u8] {
        b""
    }
    /// Whether the room also finds a header glued to the end of a cut-off line (a long line with
    /// a '#'), whatever the line's first byte.
    fn finds_glued_headers(&self) -> bool {
        false
    }
}

/// Implements [`Room`] for `$room` from its site name, the first bytes of its headers, its header
/// test (`fn(&str) -> bool`) and its parser (`fn(&Chunk) -> Result<Hand, ParseError>`), for the
/// rooms that need none of the trait's other answers; `context: BYTES, TEST` adds the test of a
/// context block's first line ([`Room::is_context_start`]) and the bytes such a line can begin
/// with ([`Room::context_first_bytes`]).
macro_rules! room {
    ($room:ty, $site:expr, $first_bytes:expr, $is_header:expr, $parse:expr) => {
        $crate::parsers::room!($room, $site, $first_bytes, $is_header, $parse, context: b"", |_| false);
    };
    ($room:ty, $site:expr, $first_bytes:expr, $is_header:expr, $parse:expr, context: $context_bytes:expr, $is_context:expr) => {
        impl $crate::parsers::Room for $room {
            fn site(&self) -> &'static str {
                $site
            }
            fn header_first_bytes(&self) -> &'static [u8] {
                $first_bytes
            }
            fn is_hand_start(&self, line: &str) -> bool {
                ($is_header)(line)
            }
            fn parse(
                &self,
                chunk: &$crate::split::Chunk<'_>,
            ) -> Result<$crate::model::Hand, $crate::error::ParseError> {
                ($parse)(chunk)
            }
            fn is_context_start(&self, line: &str) -> bool {
                ($is_context)(line)
            }
            fn context_first_bytes(&self) -> &'static [u8] {
                $context_bytes
            }
        }
    };
}
pub(crate) use room;

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
    &sealswithclubs::SealsWithClubs,
    &fulltilt::FullTilt,
    &ongame::OnGame,
    &thebiggame::TheBigGame,
    &pkr::Pkr,
    &everest::Everest,
    &betfair::Betfair,
    &cake::Cake,
    &entraction::Entraction,
    &enet::Enet,
    &unibet::Unibet,
    &kingsclub::KingsClub,
    &boss::Boss,
    &merge::Merge,
    &microgaming::Microgaming,
    &absolute::Absolute,
    &everleaf::Everleaf,
    &pokertracker::PokerTracker,
];

/// The room for which `line` starts a context block, if any.
pub fn room_of_context(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    let mask = contexts_by_first_byte()[first as usize];
    if mask == 0 {
        return None; // no room's context block starts with this byte
    }
    rooms_of(mask).find(|r| r.is_context_start(line))
}

/// The rooms of `mask` (bit i = `ROOMS[i]`), in detection order: only the bits set are visited.
fn rooms_of(mut mask: u64) -> impl Iterator<Item = &'static dyn Room> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        let room = *ROOMS.get(i)?;
        mask &= mask - 1;
        Some(room)
    })
}

/// The rooms (bit i = `ROOMS[i]`) that find a header glued to the end of a cut-off line.
fn rooms_finding_glued_headers() -> u64 {
    static MASK: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *MASK.get_or_init(|| {
        ROOMS
            .iter()
            .enumerate()
            .filter(|(_, r)| r.finds_glued_headers())
            .fold(0, |m, (i, _)| m | 1 << i)
    })
}

/// Shortest line a glued header can hide in.
const MIN_GLUED_LINE: usize = 40;

/// For each first byte, the rooms (bit i = `ROOMS[i]`) whose headers can start with it.
fn rooms_by_first_byte() -> &'static [u64; 256] {
    static TABLE: std::sync::OnceLock<[u64; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| first_byte_table(|r| r.header_first_bytes(), true))
}

/// For each first byte, the rooms (bit i = `ROOMS[i]`) whose context blocks can start with it.
fn contexts_by_first_byte() -> &'static [u64; 256] {
    static TABLE: std::sync::OnceLock<[u64; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| first_byte_table(|r| r.context_first_bytes(), false))
}

/// For each first byte, the rooms whose `bytes` hold it (every byte for a room that gives none,
/// when `empty_is_any`).
fn first_byte_table(bytes: fn(&dyn Room) -> &'static [u8], empty_is_any: bool) -> [u64; 256] {
    let mut t = [0u64; 256];
    assert!(ROOMS.len() <= 64, "the room mask holds 64 rooms");
    for (i, r) in ROOMS.iter().enumerate() {
        let bytes = bytes(*r);
        for (b, slot) in t.iter_mut().enumerate() {
            if (empty_is_any && bytes.is_empty()) || bytes.contains(&(b as u8)) {
                *slot |= 1 << i;
            }
        }
    }
    t
}

/// The room whose hand header `line` is, if any.
pub fn room_of_header(line: &str) -> Option<&'static dyn Room> {
    let first = *line.as_bytes().first()?;
    let mask = rooms_by_first_byte()[first as usize];
    if let Some(r) = rooms_of(mask).find(|r| r.is_hand_start(line)) {
        return Some(r);
    }
    // A header glued to a cut-off line: rare, and only in long lines holding a '#'.
    let glued = rooms_finding_glued_headers() & !mask;
    if glued != 0 && line.len() >= MIN_GLUED_LINE && memchr::memchr(b'#', line.as_bytes()).is_some()
    {
        return rooms_of(glued).find(|r| r.is_hand_start(line));
    }
    None
}

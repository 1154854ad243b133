//! What must hold for every input, whatever its damage.
//!
//! A panic is always a finding (caught by the runner). Beyond it, each target checks the
//! promises its code makes: the splitter's chunks tile the text with exact line numbers, every
//! parse error names a line of the hand it is about, and the statistics of any hand that parses
//! satisfy their own consistency rules (the same rules as `fpdb-core/tests/stats_robustness.rs`).

use fpdb_core::error::ParseError;
use fpdb_core::parsers;
use fpdb_core::split::{self, Chunk};
use fpdb_core::stats;

/// What the executions of a target reached, summed over a run. A fuzzer whose inputs all fail
/// on their first line tests nothing: these counts show how deep the mutated hands get.
#[derive(Debug, Default, Clone, Copy)]
pub struct Reach {
    pub chunks: u64,
    pub hands: u64,
    pub parse_errors: u64,
    pub rows: u64,
    pub stats_errors: u64,
}

impl Reach {
    pub fn add(&mut self, o: &Reach) {
        self.chunks += o.chunks;
        self.hands += o.hands;
        self.parse_errors += o.parse_errors;
        self.rows += o.rows;
        self.stats_errors += o.stats_errors;
    }
}

/// Number of the last line of `text` starting at line `first` (lines end with '\n').
fn last_line(text: &str, first: u32) -> u32 {
    first.saturating_add(memchr_count(text) as u32)
}

fn memchr_count(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count()
}

/// A parse error must point into its chunk or the chunk's context block, and say something.
fn check_error(e: &ParseError, chunk: &Chunk<'_>) -> Result<(), String> {
    let in_chunk = (chunk.first_line..=last_line(chunk.text, chunk.first_line)).contains(&e.line);
    let in_context = !chunk.context.is_empty()
        && (chunk.context_line..=last_line(chunk.context, chunk.context_line)).contains(&e.line);
    if !in_chunk && !in_context {
        return Err(format!(
            "error line {} outside its hand (lines {}..={}, context {}..={}): {}",
            e.line,
            chunk.first_line,
            last_line(chunk.text, chunk.first_line),
            chunk.context_line,
            last_line(chunk.context, chunk.context_line),
            e.full_message()
        ));
    }
    if e.message.trim().is_empty() {
        return Err(format!("error without a message at line {}", e.line));
    }
    if e.line_text
        .as_ref()
        .is_some_and(|t| t.chars().count() > 203)
    {
        return Err(format!(
            "error line text longer than 200 characters at line {}",
            e.line
        ));
    }
    Ok(())
}

/// Parses every chunk of a normalised text and derives the statistics of every hand that
/// parses (when `derive` is set), checking each outcome.
pub fn parse_and_derive(text: &str, derive: bool) -> Result<Reach, String> {
    let mut reach = Reach::default();
    for chunk in split::chunks(text) {
        reach.chunks += 1;
        match fpdb_core::parse_chunk(chunk) {
            Err(e) => {
                reach.parse_errors += 1;
                check_error(&e, &chunk)?;
            }
            Ok(hand) => {
                reach.hands += 1;
                // (The site may differ from the room's: the PokerStars format is also written
                // by Full Tilt and other skins, and the parser names them.)
                if chunk.room.is_none() {
                    return Err("a chunk without a room gave a hand".into());
                }
                if derive {
                    match stats::derive(&hand) {
                        Ok(rows) => {
                            reach.rows += 1;
                            stats::invariants::check(&hand, &rows).map_err(|m| {
                                format!(
                                    "hand {} at line {}: {m}",
                                    hand.site_hand_id, chunk.first_line
                                )
                            })?;
                        }
                        Err(e) => {
                            reach.stats_errors += 1;
                            if e.to_string().trim().is_empty() {
                                return Err("a statistics error without a message".into());
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(reach)
}

/// The public `parse_history` on a text that was not normalised (callers of the library may
/// skip normalisation): no panic, and every error on a line of the text.
pub fn parse_raw(text: &str) -> Result<(), String> {
    let lines = last_line(text, 1);
    for r in fpdb_core::parse_history(text) {
        if let Err(e) = r {
            if e.line == 0 || e.line > lines {
                return Err(format!(
                    "error line {} outside the text of {lines} lines: {}",
                    e.line,
                    e.full_message()
                ));
            }
        }
    }
    Ok(())
}

/// Lines that may stand between hands without being part of one (blank lines, archive banners,
/// the `#Game No : N` and `Game #N starts.` lines 888poker and PartyPoker print).
fn is_filler(line: &str) -> bool {
    let t = line.trim();
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    t.is_empty()
        || split::is_banner(line)
        || split::is_store_name(line)
        || line.trim_end() == split::BETONLINE_NOTICE
        || line.trim_end() == split::ARCHIVE_BEGIN
        || t.strip_prefix("#Game No : ").is_some_and(number)
        || t.strip_prefix("Game #")
            .and_then(|r| r.strip_suffix(" starts."))
            .is_some_and(number)
}

/// The splitter's promises on a normalised text: chunks are pieces of the text, in order, not
/// overlapping, with exact first-line numbers; a chunk with a room starts with that room's
/// header; a chunk's context block precedes it and starts with a context line of its room; the
/// text between chunks is only filler or context blocks; `Chunk::lines` numbers every line.
pub fn check_split(text: &str) -> Result<u64, String> {
    let base = text.as_ptr() as usize;
    let offset = |s: &str| s.as_ptr() as usize - base;
    let line_of = |off: usize| 1 + memchr_count(&text[..off]) as u32;
    let mut pos = 0usize; // end of the previous chunk
    let mut n = 0u64;
    for c in split::chunks(text) {
        n += 1;
        let start = offset(c.text);
        if start < pos || start + c.text.len() > text.len() {
            return Err(format!(
                "chunk {n} at byte {start} overlaps the previous one (ends at {pos})"
            ));
        }
        if !text.is_char_boundary(start) || !text.is_char_boundary(start + c.text.len()) {
            return Err(format!("chunk {n} is not on character boundaries"));
        }
        if start != 0 && text.as_bytes()[start - 1] != b'\n' {
            return Err(format!("chunk {n} starts in the middle of a line"));
        }
        if c.first_line != line_of(start) {
            return Err(format!(
                "chunk {n} says line {}, but starts on line {}",
                c.first_line,
                line_of(start)
            ));
        }
        let first = c.text.split('\n').next().unwrap_or("");
        match c.room {
            Some(r) => {
                let found = parsers::room_of_header(first);
                if !found.is_some_and(|f| std::ptr::addr_eq(f, r)) {
                    return Err(format!(
                        "chunk {n} of {} does not start with its header: {first:?}",
                        r.site()
                    ));
                }
            }
            None if c.text.trim().is_empty() => {
                return Err(format!("chunk {n} holds nothing but blank lines"))
            }
            None => {}
        }
        let numbered: Vec<u32> = c.lines().map(|(no, _)| no).collect();
        let want = c.text.split('\n').count();
        if numbered.len() != want
            || numbered
                .iter()
                .enumerate()
                .any(|(i, &no)| no != c.first_line + i as u32)
        {
            return Err(format!(
                "chunk {n}: Chunk::lines numbers {} lines, the text has {want}",
                numbered.len()
            ));
        }
        // The gap before this chunk: filler, or context blocks (which run to the next header).
        let mut in_context = false;
        for line in text[pos..start].split('\n') {
            if parsers::room_of_context(line).is_some() {
                in_context = true;
            }
            if !in_context && !is_filler(line) {
                return Err(format!("text before chunk {n} is in no chunk: {line:?}"));
            }
        }
        if !c.context.is_empty() {
            let cs = offset(c.context);
            if cs >= start || c.context_line != line_of(cs) {
                return Err(format!(
                    "chunk {n}: context at byte {cs} (line {}) is not before it",
                    c.context_line
                ));
            }
            let cfirst = c.context.split('\n').next().unwrap_or("");
            if !parsers::room_of_context(cfirst)
                .is_some_and(|r| c.room.is_some_and(|cr| std::ptr::addr_eq(r, cr)))
            {
                return Err(format!(
                    "chunk {n}: context does not start with its room's context line: {cfirst:?}"
                ));
            }
        }
        pos = start + c.text.len();
    }
    let mut in_context = false;
    for line in text[pos..].split('\n') {
        if parsers::room_of_context(line).is_some() {
            in_context = true;
        }
        if !in_context && !is_filler(line) {
            return Err(format!(
                "text after the last chunk is in no chunk: {line:?}"
            ));
        }
    }
    Ok(n)
}

/// What `split::normalise` promises: no BOM, NUL, CR or non-breaking space left.
pub fn check_normalised(text: &str) -> Result<(), String> {
    match text
        .chars()
        .find(|c| matches!(c, '\u{feff}' | '\0' | '\r' | '\u{a0}'))
    {
        Some(c) => Err(format!("normalised text still holds {c:?}")),
        None => Ok(()),
    }
}

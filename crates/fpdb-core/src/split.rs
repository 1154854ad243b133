//! Turning a text that holds many hands into one chunk per hand.
//!
//! A hand starts at a line a room recognises as its header and runs to the next such line, so
//! hands separated by blank lines, by archive banners or by nothing at all are all found. Blank
//! lines and banner lines at the end of a chunk are dropped. Text before the first header is
//! reported as a chunk without a room. A room may also mark lines that start a block of facts
//! shared by the hands after it (iPoker's session header): such a block is not a chunk, it is
//! handed to each following chunk of that room as its context.

use std::borrow::Cow;

use crate::parsers::{self, Room};

/// The lines of one hand, with the line number of its first line in the whole text.
#[derive(Debug, Clone, Copy)]
pub struct Chunk<'a> {
    pub text: &'a str,
    /// 1-based line number of `text`'s first line.
    pub first_line: u32,
    /// The room whose header starts the chunk, `None` for text before any header.
    pub room: Option<&'static dyn Room>,
    /// Facts printed once for many hands before them (iPoker's session header), when the room
    /// has such a block ([`Room::is_context_start`]); empty otherwise.
    pub context: &'a str,
    /// 1-based line number of `context`'s first line.
    pub context_line: u32,
}

impl<'a> Chunk<'a> {
    /// A chunk of one hand's text without context.
    pub fn new(text: &'a str, first_line: u32, room: Option<&'static dyn Room>) -> Chunk<'a> {
        Chunk {
            text,
            first_line,
            room,
            context: "",
            context_line: 0,
        }
    }
}

impl<'a> Chunk<'a> {
    /// The lines with their 1-based line numbers in the whole text.
    pub fn lines(&self) -> impl Iterator<Item = (u32, &'a str)> + '_ {
        // Same lines as `split('\n')`, found with `memchr` (parsers read every line of every hand).
        let text: &'a str = self.text;
        let mut pos = 0usize;
        let mut no = self.first_line;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let rest = &text[pos..];
            let l = match memchr::memchr(b'\n', rest.as_bytes()) {
                Some(i) => {
                    pos += i + 1;
                    &rest[..i]
                }
                None => {
                    done = true;
                    rest
                }
            };
            let item = (no, l.strip_suffix('\r').unwrap_or(l));
            no = no.saturating_add(1);
            Some(item)
        })
    }
}

/// Text as the parsers expect it: no byte-order mark, no NUL bytes, LF line ends (a lone CR also
/// ends a line), non-breaking spaces as plain spaces. Borrowed when nothing needs changing.
pub fn normalise(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let needs = memchr::memchr2(b'\r', 0, bytes).is_some()
        || memchr::memmem::find(bytes, "\u{a0}".as_bytes()).is_some()
        || memchr::memmem::find(bytes, "\u{feff}".as_bytes()).is_some();
    if !needs {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    normalise_onto(text, &mut out);
    Cow::Owned(out)
}

/// Appends `text` to `out` changed as [`normalise`] changes it (a carriage return at the end of
/// `text` ends a line). The runs between the characters to change are copied whole.
pub fn normalise_onto(text: &str, out: &mut String) {
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, "\u{feff}".as_bytes()).is_some() {
        // Byte-order marks inside the text (files joined with theirs): rare, read character by
        // character.
        return normalise_chars(text, out);
    }
    out.reserve(text.len());
    let (mut copied, mut at) = (0, 0);
    // A carriage return, a NUL or the first byte of U+00A0 (0xC2, which begins a character and
    // never continues one: every place found is a character boundary).
    while let Some(k) = memchr::memchr3(b'\r', 0, 0xC2, &bytes[at..]) {
        let i = at + k;
        at = i + 1;
        let replacement = match bytes[i] {
            b'\r' if bytes.get(at) == Some(&b'\n') => "",
            b'\r' => "\n",
            0 => "",
            _ if bytes.get(at) == Some(&0xA0) => {
                at += 1;
                " "
            }
            _ => continue, // another character of U+0080 to U+00BF
        };
        out.push_str(&text[copied..i]);
        out.push_str(replacement);
        copied = at;
    }
    out.push_str(&text[copied..]);
}

/// [`normalise_onto`] character by character.
fn normalise_chars(text: &str, out: &mut String) {
    out.reserve(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push('\n');
                }
            }
            '\0' | '\u{feff}' => {}
            '\u{a0}' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// A line of ten or more '*' (archive banners such as `*********** # 1 **************`).
pub fn is_banner(line: &str) -> bool {
    // The character test first: it stops at the first letter of an ordinary line.
    line.bytes()
        .all(|b| matches!(b, b'*' | b' ' | b'#' | b'0'..=b'9' | b'\t' | b'\r'))
        && line.bytes().filter(|&b| b == b'*').count() >= 10
}

/// The notice BetOnline writes at the top of a tournament's file, before its first hand.
pub const BETONLINE_NOTICE: &str = "Tournament will start in a moment.";

/// The line some archives of Full Tilt hands (written by a tracker) start with.
pub const ARCHIVE_BEGIN: &str = "BEGIN";

fn is_filler(line: &str) -> bool {
    // Fast path: a line starting with a letter is text.
    if line.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return (line.starts_with("Game #") && is_game_start_line(line))
            || line.trim_end() == BETONLINE_NOTICE
            || line.trim_end() == ARCHIVE_BEGIN;
    }
    // Markup (Merge's and iPoker's XML) is never filler.
    if crate::parsers::text::skip_blanks(line).starts_with('<') {
        return false;
    }
    // (A line led by other blanks and then '<' is none of the four below either.)
    line.trim().is_empty()
        || is_banner(line)
        || is_store_name(line)
        || is_game_number_line(line)
        || is_game_start_line(line)
}

/// `----PRIMA.DAT----`: the line the Microgaming network's client writes before each hand it
/// copies out of its hand store (a `.DAT` file). It names the file, not the hand: skipped like a
/// banner.
pub fn is_store_name(line: &str) -> bool {
    line.trim_end()
        .strip_prefix("----")
        .and_then(|r| r.strip_suffix("----"))
        .and_then(|r| {
            r.get(..r.len().checked_sub(4)?)
                .filter(|_| r.ends_with(".DAT"))
        })
        .is_some_and(|name| !name.is_empty() && !name.contains(char::is_whitespace))
}

/// `#Game No : 123`: the line 888poker and PartyPoker write before each hand's header. It only
/// repeats the hand number, and both rooms print it, so it cannot tell them apart: it is skipped
/// like a banner, and each room's header line (the next line) starts the hand.
fn is_game_number_line(line: &str) -> bool {
    // PartyPoker's club tables indent every line by one space.
    line.trim_start()
        .strip_prefix("#Game No : ")
        .is_some_and(|r| {
            let r = r.trim_end();
            !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit())
        })
}

/// `Game #123 starts.`: the line PartyPoker writes before a hand's `#Game No` line (and alone
/// after the last hand of a file, for the hand about to start). Like `#Game No`, it only repeats
/// the hand number: it is skipped like a blank line, so it neither starts a chunk nor makes the
/// text before a file's first header a chunk of its own.
fn is_game_start_line(line: &str) -> bool {
    line.trim_start()
        .strip_prefix("Game #")
        .and_then(|r| r.trim_end().strip_suffix(" starts."))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// What a line starts, if anything.
#[derive(Clone, Copy)]
enum Boundary {
    Hand(&'static dyn Room),
    Context(&'static dyn Room),
    /// A tournament summary (see [`crate::summary`]): it ends a hand and starts a chunk without
    /// a room; consecutive summaries stay in one chunk, which the summary parsers split.
    Summary,
}

fn boundary_of(line: &str) -> Option<Boundary> {
    if let Some(r) = parsers::room_of_header(line) {
        return Some(Boundary::Hand(r));
    }
    if crate::summary::is_summary_start(line) {
        return Some(Boundary::Summary);
    }
    parsers::room_of_context(line).map(Boundary::Context)
}

/// Iterator over the chunks of a normalised text.
pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    /// Boundary found at `pos` (the start of the next chunk), if already known.
    pending: Option<Boundary>,
    /// The latest context block: its room, text and first line.
    context: Option<(&'static dyn Room, &'a str, u32)>,
}

/// Splits a normalised text (see [`normalise`]) into chunks.
pub fn chunks(text: &str) -> Chunks<'_> {
    chunks_from(text, 1, None)
}

/// A context block (iPoker's session header) in force at the start of a piece of text: its
/// room, text and first line.
pub type Context<'a> = (&'static dyn Room, &'a str, u32);

/// Splits a piece of a longer normalised text that starts at line `first_line` of the whole
/// text, with the context block `context` in force from an earlier piece. For pieces that start
/// at a line that begins a hand (or a context block), the chunks are exactly those of splitting
/// the whole text ([`crate::stream`] relies on it).
pub fn chunks_from<'a>(text: &'a str, first_line: u32, context: Option<Context<'a>>) -> Chunks<'a> {
    Chunks {
        text,
        pos: 0,
        line: first_line,
        pending: None,
        context,
    }
}

impl<'a> Chunks<'a> {
    /// The context block in force after the chunks returned so far.
    pub fn context(&self) -> Option<Context<'a>> {
        self.context
    }
}

/// Whether `line` starts a hand or a context block of some room: a place where a text can be cut
/// without changing how it splits. A summary's first line is none: it starts a chunk only after
/// a hand (summaries one after another stay in one chunk).
pub fn is_boundary(line: &str) -> bool {
    matches!(
        boundary_of(line),
        Some(Boundary::Hand(_) | Boundary::Context(_))
    )
}

impl<'a> Iterator for Chunks<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        loop {
            if self.pos >= self.text.len() {
                return None;
            }
            let start = self.pos;
            let first_line = self.line;
            let boundary = self
                .pending
                .take()
                .or_else(|| boundary_of(line_at(self.text, start)));
            // Walk lines until the next header.
            let mut pos = start;
            let mut line = first_line;
            let mut end_content = start; // end of the last non-filler line
            let mut first = true;
            while pos < self.text.len() {
                let l = line_at(self.text, pos);
                if !first {
                    match boundary_of(l) {
                        // Text without a room (summaries, or text before any header) runs on
                        // over summary headers.
                        Some(Boundary::Summary)
                            if matches!(boundary, None | Some(Boundary::Summary)) => {}
                        Some(b) => {
                            self.pending = Some(b);
                            break;
                        }
                        None => {}
                    }
                }
                first = false;
                let next = pos + l.len() + 1;
                if !is_filler(l) {
                    end_content = (pos + l.len()).min(self.text.len());
                }
                pos = next.min(self.text.len());
                line += 1;
                if next > self.text.len() {
                    break;
                }
            }
            self.pos = pos;
            self.line = line;
            let room = match boundary {
                Some(Boundary::Context(r)) => {
                    self.context = Some((r, &self.text[start..end_content], first_line));
                    continue;
                }
                Some(Boundary::Hand(r)) => Some(r),
                Some(Boundary::Summary) | None => None,
            };
            if end_content == start && is_filler(line_at(self.text, start)) {
                continue; // nothing but blank or banner lines
            }
            // Skip leading filler of a headerless chunk so its line number points at the text.
            let mut s = start;
            let mut fl = first_line;
            if room.is_none() {
                while s < end_content && is_filler(line_at(self.text, s)) {
                    s += line_at(self.text, s).len() + 1;
                    fl += 1;
                }
            }
            let (context, context_line) = match (self.context, room) {
                (Some((cr, text, line)), Some(r)) if std::ptr::addr_eq(cr, r) => (text, line),
                _ => ("", 0),
            };
            return Some(Chunk {
                text: &self.text[s..end_content],
                first_line: fl,
                room,
                context,
                context_line,
            });
        }
    }
}

fn line_at(text: &str, pos: usize) -> &str {
    let rest = &text[pos..];
    match memchr::memchr(b'\n', rest.as_bytes()) {
        Some(i) => &rest[..i],
        None => rest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `normalise_onto` copies runs whole; it must give what the character-by-character reading
    /// gives, on texts made of the characters it changes and their neighbours in UTF-8.
    #[test]
    fn normalise_onto_reads_as_character_by_character() {
        let alphabet = [
            "a",
            "\r",
            "\n",
            "\0",
            "\u{a0}",
            "\u{feff}",
            "£",
            "\u{80}",
            "\u{bf}",
            "é",
            "€",
            "\r\n",
            "Seat 1: x",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for case in 0..20_000 {
            let mut text = String::new();
            for _ in 0..(case % 24) {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let pick = (seed >> 33) as usize % alphabet.len();
                // Most texts have no byte-order mark (the fast path); some do.
                if alphabet[pick] == "\u{feff}" && case % 5 != 0 {
                    continue;
                }
                text.push_str(alphabet[pick]);
            }
            let (mut fast, mut slow) = (String::new(), String::new());
            normalise_onto(&text, &mut fast);
            normalise_chars(&text, &mut slow);
            assert_eq!(fast, slow, "text {text:?}");
        }
    }

    #[test]
    fn normalise_changes_what_it_documents() {
        assert_eq!(normalise("\u{feff}a\r\nb\rc\0d\u{a0}e£"), "a\nb\ncd e£");
        assert!(matches!(normalise("a\nb £ é"), Cow::Borrowed(_)));
        let mut out = String::from("x");
        normalise_onto("a\r", &mut out);
        assert_eq!(out, "xa\n");
    }
}

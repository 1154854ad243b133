//! Turning a text that holds many hands into one chunk per hand.
//!
//! A hand starts at a line a room recognises as its header and runs to the next such line, so
//! hands separated by blank lines, by archive banners or by nothing at all are all found. Blank
//! lines and banner lines at the end of a chunk are dropped. Text before the first header is
//! reported as a chunk without a room.

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
}

impl<'a> Chunk<'a> {
    /// The lines with their 1-based line numbers in the whole text.
    pub fn lines(&self) -> impl Iterator<Item = (u32, &'a str)> + '_ {
        let first = self.first_line;
        self.text
            .split('\n')
            .enumerate()
            .map(move |(i, l)| (first + i as u32, l.strip_suffix('\r').unwrap_or(l)))
    }
}

/// Text as the parsers expect it: no byte-order mark, no NUL bytes, LF line ends (a lone CR also
/// ends a line), non-breaking spaces as plain spaces. Borrowed when nothing needs changing.
pub fn normalise(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let needs = text.bytes().any(|b| b == b'\r' || b == 0)
        || text.contains('\u{a0}')
        || text.contains('\u{feff}');
    if !needs {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
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
    Cow::Owned(out)
}

/// A line of ten or more '*' (archive banners such as `*********** # 1 **************`).
pub fn is_banner(line: &str) -> bool {
    let stars = line.bytes().filter(|&b| b == b'*').count();
    stars >= 10
        && line
            .bytes()
            .all(|b| matches!(b, b'*' | b' ' | b'#' | b'0'..=b'9' | b'\t' | b'\r'))
}

fn is_filler(line: &str) -> bool {
    line.trim().is_empty() || is_banner(line)
}

/// Iterator over the chunks of a normalised text.
pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    /// Header found at `pos` (the start of the next chunk), if already known.
    pending: Option<&'static dyn Room>,
}

/// Splits a normalised text (see [`normalise`]) into chunks.
pub fn chunks(text: &str) -> Chunks<'_> {
    Chunks {
        text,
        pos: 0,
        line: 1,
        pending: None,
    }
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
            let room = self
                .pending
                .take()
                .or_else(|| parsers::room_of_header(line_at(self.text, start)));
            // Walk lines until the next header.
            let mut pos = start;
            let mut line = first_line;
            let mut end_content = start; // end of the last non-filler line
            let mut first = true;
            while pos < self.text.len() {
                let l = line_at(self.text, pos);
                if !first {
                    if let Some(r) = parsers::room_of_header(l) {
                        self.pending = Some(r);
                        break;
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
            return Some(Chunk {
                text: &self.text[s..end_content],
                first_line: fl,
                room,
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

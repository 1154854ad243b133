//! Reading a hand-history file of any size in pieces: its bytes decoded and normalised block by
//! block ([`TextStream`]), and the text split into hands without holding all of it
//! ([`ChunkStream`]). Piece by piece, the result is exactly that of [`crate::decode::decode`],
//! [`crate::split::normalise`] and [`crate::split::chunks`] on the whole file (tested below on
//! every corpus file, cut into blocks of many sizes).

use crate::decode::Encoding;
use crate::parsers::Room;
use crate::split::{self, Chunk};

/// The encoding of a file from its first bytes, when they say it: a UTF-16 byte-order mark.
/// Otherwise the file is UTF-8 if all of it is valid UTF-8 ([`Utf8Check`]) and Windows-1252 if
/// not, as [`crate::decode::decode`] decides.
pub fn encoding_by_bom(first: &[u8]) -> Option<Encoding> {
    if first.starts_with(&[0xFF, 0xFE]) {
        Some(Encoding::Utf16Le)
    } else if first.starts_with(&[0xFE, 0xFF]) {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// Checks, block by block, whether a byte stream is valid UTF-8 (a sequence may span blocks).
#[derive(Debug, Default)]
pub struct Utf8Check {
    carry: Vec<u8>,
    invalid: bool,
}

impl Utf8Check {
    pub fn push(&mut self, block: &[u8]) {
        if self.invalid {
            return;
        }
        let mut joined;
        let bytes: &[u8] = if self.carry.is_empty() {
            block
        } else {
            joined = std::mem::take(&mut self.carry);
            joined.extend_from_slice(block);
            &joined
        };
        match std::str::from_utf8(bytes) {
            Ok(_) => self.carry.clear(),
            Err(e) if e.error_len().is_none() => {
                self.carry = bytes[e.valid_up_to()..].to_vec();
            }
            Err(_) => self.invalid = true,
        }
    }

    /// Whether every byte pushed was UTF-8 (a sequence cut at the end is not).
    pub fn is_utf8(&self) -> bool {
        !self.invalid && self.carry.is_empty()
    }
}

/// Decodes and normalises a file's bytes block by block into the text the splitter reads.
pub struct TextStream {
    encoding: Encoding,
    /// The file's first bytes have not been seen yet (its byte-order mark is dropped).
    at_start: bool,
    /// UTF-8: the bytes of a character cut at the end of the last block.
    utf8_carry: Vec<u8>,
    decoder: Option<encoding_rs::Decoder>,
    /// Decoded text not normalised yet: a run of carriage returns at the end of the last block,
    /// which the next block's first character decides.
    pending: String,
    decoded: String,
}

impl TextStream {
    pub fn new(encoding: Encoding) -> TextStream {
        let decoder = match encoding {
            Encoding::Utf8 => None,
            Encoding::Utf16Le => Some(encoding_rs::UTF_16LE.new_decoder_without_bom_handling()),
            Encoding::Utf16Be => Some(encoding_rs::UTF_16BE.new_decoder_without_bom_handling()),
            Encoding::Windows1252 => {
                Some(encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling())
            }
        };
        TextStream {
            encoding,
            at_start: true,
            utf8_carry: Vec::new(),
            decoder,
            pending: String::new(),
            decoded: String::new(),
        }
    }

    /// Decodes the next block of the file (`last` for the final one, which may be empty) and
    /// appends its normalised text to `out`.
    pub fn push(&mut self, block: &[u8], last: bool, out: &mut String) {
        let mut block = block;
        if self.at_start {
            self.at_start = false;
            let bom: &[u8] = match self.encoding {
                Encoding::Utf16Le => &[0xFF, 0xFE],
                Encoding::Utf16Be => &[0xFE, 0xFF],
                Encoding::Utf8 | Encoding::Windows1252 => &[0xEF, 0xBB, 0xBF],
            };
            block = block.strip_prefix(bom).unwrap_or(block);
        }
        self.decoded.clear();
        self.decoded.push_str(&self.pending);
        self.pending.clear();
        match self.decoder.as_mut() {
            None => {
                let mut joined;
                let bytes: &[u8] = if self.utf8_carry.is_empty() {
                    block
                } else {
                    joined = std::mem::take(&mut self.utf8_carry);
                    joined.extend_from_slice(block);
                    &joined
                };
                let valid = match std::str::from_utf8(bytes) {
                    Ok(s) => s,
                    Err(e) => {
                        let (ok, rest) = bytes.split_at(e.valid_up_to());
                        if last || e.error_len().is_some() {
                            // Not UTF-8 after all (the caller checked): read what is left as
                            // Windows-1252, as decode() would read the whole file.
                            let (text, _) =
                                encoding_rs::WINDOWS_1252.decode_without_bom_handling(rest);
                            self.decoded
                                .push_str(std::str::from_utf8(ok).unwrap_or_default());
                            self.decoded.push_str(&text);
                            ""
                        } else {
                            self.utf8_carry = rest.to_vec();
                            std::str::from_utf8(ok).unwrap_or_default()
                        }
                    }
                };
                self.decoded.push_str(valid);
            }
            Some(decoder) => {
                let need = decoder
                    .max_utf8_buffer_length(block.len())
                    .unwrap_or(block.len() * 3 + 16);
                self.decoded.reserve(need);
                let _ = decoder.decode_to_string(block, &mut self.decoded, last);
            }
        }
        if !last {
            // A carriage return at the end is read with what follows it.
            let keep = self.decoded.len() - self.decoded.trim_end_matches('\r').len();
            if keep > 0 {
                let at = self.decoded.len() - keep;
                self.pending.push_str(&self.decoded[at..]);
                self.decoded.truncate(at);
            }
        }
        let utf16 = matches!(self.encoding, Encoding::Utf16Le | Encoding::Utf16Be);
        normalise_into(&self.decoded, utf16, out);
    }
}

/// What [`crate::decode::decode`] and [`split::normalise`] together do to a piece of text that does
/// not end in a carriage return: UTF-16's doubled line ends read as one, CR LF and lone CR as LF,
/// NUL and byte-order marks dropped, non-breaking spaces as spaces.
fn normalise_into(text: &str, utf16: bool, out: &mut String) {
    let replaced;
    let text = if utf16 && text.contains("\r\r\n") {
        replaced = text.replace("\r\r\n", "\n");
        replaced.as_str()
    } else {
        text
    };
    split::normalise_onto(text, out);
}

/// Where a chunk is in the whole normalised text: byte offsets of its text and of its context
/// block (empty when none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkSpan {
    pub start: u64,
    pub end: u64,
    pub context_start: u64,
    pub context_end: u64,
}

/// A context block kept from text already dropped.
struct KeptContext {
    room: &'static dyn Room,
    text: String,
    line: u32,
    start: u64,
}

/// Text held at most this long without a line that starts a hand: beyond it, the text is cut at
/// its last line end (no hand history has a hand this long; the pieces are reported as what they
/// are, e.g. text that is not a hand history).
pub const MAX_HELD: usize = 32 << 20;

/// Splits a normalised text that arrives in pieces into chunks, holding only the text of the hand
/// not yet complete.
pub struct ChunkStream {
    buf: String,
    /// Offset of `buf`'s first byte in the whole text, and its line number.
    base: u64,
    line: u32,
    context: Option<KeptContext>,
}

impl Default for ChunkStream {
    fn default() -> ChunkStream {
        ChunkStream {
            buf: String::new(),
            base: 0,
            line: 1,
            context: None,
        }
    }
}

impl ChunkStream {
    /// Appends normalised text.
    pub fn push(&mut self, text: &str) {
        self.buf.push_str(text);
    }

    /// Calls `f` with every chunk that is complete (every chunk when `last`), in text order, then
    /// drops their text.
    pub fn drain(&mut self, last: bool, mut f: impl FnMut(Chunk<'_>, ChunkSpan)) {
        let cut = if last {
            self.buf.len()
        } else {
            match self.cut() {
                Some(c) => c,
                None => return,
            }
        };
        if cut == 0 {
            return;
        }
        let piece = &self.buf[..cut];
        let kept = self
            .context
            .as_ref()
            .map(|k| (k.room, k.text.as_str(), k.line));
        let mut chunks = split::chunks_from(piece, self.line, kept);
        let piece_at = piece.as_ptr() as usize;
        let offset = |s: &str| -> Option<u64> {
            let p = s.as_ptr() as usize;
            (p >= piece_at && p <= piece_at + piece.len()).then(|| (p - piece_at) as u64)
        };
        for chunk in chunks.by_ref() {
            let start = self.base + offset(chunk.text).unwrap_or(0);
            let (context_start, context_end) = if chunk.context.is_empty() {
                (0, 0)
            } else {
                let at = match offset(chunk.context) {
                    Some(o) => self.base + o,
                    None => self.context.as_ref().map_or(0, |k| k.start),
                };
                (at, at + chunk.context.len() as u64)
            };
            let span = ChunkSpan {
                start,
                end: start + chunk.text.len() as u64,
                context_start,
                context_end,
            };
            f(chunk, span);
        }
        // The context in force after this piece, kept if its text is about to be dropped.
        let next = chunks.context().and_then(|(room, text, line)| {
            offset(text).map(|o| KeptContext {
                room,
                text: text.to_string(),
                line,
                start: self.base + o,
            })
        });
        if let Some(k) = next {
            self.context = Some(k);
        }
        self.line += piece.bytes().filter(|&b| b == b'\n').count() as u32;
        self.base += cut as u64;
        self.buf.drain(..cut);
    }

    /// Where the held text can be cut: the start of its last complete line that begins a hand or
    /// a context block (not the first line), or, when the text has grown past [`MAX_HELD`]
    /// without one, the start of its last tournament summary (summaries pasted together; each
    /// stays whole) or else its last line end.
    fn cut(&self) -> Option<usize> {
        let complete = self.buf.rfind('\n')? + 1;
        let mut end = complete - 1; // the '\n' ending the last complete line
        let mut summary_at = None;
        let over = self.buf.len() > MAX_HELD;
        loop {
            let start = self.buf[..end].rfind('\n').map_or(0, |i| i + 1);
            if start == 0 {
                break;
            }
            let line = &self.buf[start..end];
            if split::is_boundary(line) {
                return Some(start);
            }
            if over && summary_at.is_none() && crate::summary::is_summary_start(line) {
                summary_at = Some(start);
            }
            end = start - 1;
        }
        over.then_some(summary_at.unwrap_or(complete))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode;

    /// A chunk as compared: text, first line, room, context, context line.
    type Seen = (String, u32, String, String, u32);

    /// Streams `bytes` in blocks of `block` bytes; returns the normalised text and the chunks
    /// (text, first line, room, context, context line, span).
    fn stream(bytes: &[u8], block: usize) -> (String, Vec<Seen>) {
        let encoding = encoding_by_bom(bytes).unwrap_or_else(|| {
            let mut check = Utf8Check::default();
            for b in bytes.chunks(block) {
                check.push(b);
            }
            if check.is_utf8() {
                Encoding::Utf8
            } else {
                Encoding::Windows1252
            }
        });
        let mut text = TextStream::new(encoding);
        let mut chunks = ChunkStream::default();
        let mut whole = String::new();
        let mut out = Vec::new();
        let mut piece = String::new();
        let mut blocks = bytes.chunks(block).peekable();
        loop {
            let b = blocks.next().unwrap_or(&[]);
            let last = blocks.peek().is_none();
            piece.clear();
            text.push(b, last, &mut piece);
            whole.push_str(&piece);
            chunks.push(&piece);
            chunks.drain(last, |c, span| {
                assert_eq!(span.end - span.start, c.text.len() as u64);
                out.push((
                    c.text.to_string(),
                    c.first_line,
                    c.room.map(|r| r.site()).unwrap_or("").to_string(),
                    c.context.to_string(),
                    c.context_line,
                ));
            });
            if last {
                break;
            }
        }
        (whole, out)
    }

    fn whole(bytes: &[u8]) -> (String, Vec<Seen>) {
        let (text, _) = decode::decode(bytes);
        let text = split::normalise(&text).into_owned();
        let chunks = split::chunks(&text)
            .map(|c| {
                (
                    c.text.to_string(),
                    c.first_line,
                    c.room.map(|r| r.site()).unwrap_or("").to_string(),
                    c.context.to_string(),
                    c.context_line,
                )
            })
            .collect();
        (text, chunks)
    }

    #[test]
    fn pieces_give_what_the_whole_text_gives() {
        let cases: Vec<Vec<u8>> = vec![
            b"PokerStars Hand #1: x\r\nline\r\n\r\nPokerStars Hand #2: y\rz\r\n".to_vec(),
            [
                &[0xEF, 0xBB, 0xBF][..],
                "Hand\u{a0}one\0\r\n\u{feff}x".as_bytes(),
            ]
            .concat(),
            {
                let mut v = vec![0xFF, 0xFE];
                for c in "PokerStars Hand #3: a\r\r\nb\r\r\n\r\r\nPokerStars Hand #4: c\r\r\n"
                    .encode_utf16()
                {
                    v.extend(c.to_le_bytes());
                }
                v
            },
            b"caf\xe9 \x80 PokerStars Hand #5: x\n".to_vec(),
        ];
        for bytes in &cases {
            let want = whole(bytes);
            for block in [1, 2, 3, 5, 7, 64, 4096] {
                assert_eq!(stream(bytes, block), want, "block {block} of {bytes:?}");
            }
        }
    }

    /// Tournament summaries between hands, one after another, split in pieces as when whole:
    /// a summary's first line ends a hand, and summaries one after another stay in one chunk.
    #[test]
    fn summaries_between_hands_stream_like_whole_text() {
        let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
        let read = |f: &str| {
            decode::decode(&std::fs::read(samples.join(f)).unwrap())
                .0
                .into_owned()
        };
        let hand = read("pokerstars-mtt-plo5-ko.txt");
        let stars = read("pokerstars-mtt-plo5-ko.summary.txt");
        let winamax = read("winamax-sng-nlhe-0.46.summary.txt");
        let text = [
            &hand, "\n", &stars, "\n", &stars, &winamax, "\n", &hand, &stars,
        ]
        .concat();
        let want = whole(text.as_bytes());
        let rooms: Vec<&str> = want.1.iter().map(|c| c.2.as_str()).collect();
        assert_eq!(rooms, ["PokerStars", "", "PokerStars", ""]);
        for block in [1, 7, 100, 1000, 4096] {
            assert_eq!(stream(text.as_bytes(), block), want, "block {block}");
        }
    }

    /// Summaries pasted together past [`MAX_HELD`] are cut at a summary's first line: each
    /// summary stays whole.
    #[test]
    fn a_long_run_of_summaries_is_cut_between_summaries() {
        let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
        let one =
            std::fs::read_to_string(samples.join("pokerstars-mtt-plo5-ko.summary.txt")).unwrap();
        let n = MAX_HELD / one.len() + 2000;
        let text = one.repeat(n);
        let (_, chunks) = stream(text.as_bytes(), 1 << 20);
        assert!(chunks.len() > 1, "cut at least once");
        let mut summaries = 0;
        for c in &chunks {
            assert!(c.0.starts_with("PokerStars Tournament #1731156709"));
            let read = crate::summary::parse(&c.0, c.1);
            assert!(read
                .iter()
                .all(|r| r.as_ref().is_ok_and(|s| s.players.len() == 49)));
            summaries += read.len();
        }
        assert_eq!(summaries, n);
    }

    #[test]
    fn utf8_check_across_blocks() {
        let s = "é€😀".as_bytes();
        for n in 1..s.len() {
            let mut c = Utf8Check::default();
            for b in s.chunks(n) {
                c.push(b);
            }
            assert!(c.is_utf8());
        }
        let mut c = Utf8Check::default();
        c.push(&[0xE2, 0x82]);
        assert!(!c.is_utf8(), "a cut sequence at the end is not UTF-8");
        c.push(&[0x41]);
        assert!(!c.is_utf8());
    }

    /// Every corpus file of every room, cut into blocks of several sizes, splits as when whole.
    #[test]
    fn corpus_files_stream_like_whole_files() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        if !root.is_dir() {
            return;
        }
        let mut files = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if !p.to_string_lossy().ends_with(".json") {
                    files.push(p);
                }
            }
        }
        files.sort();
        assert!(files.len() > 500, "corpus found: {} files", files.len());
        for (i, f) in files.iter().enumerate() {
            let bytes = std::fs::read(f).unwrap();
            let want = whole(&bytes);
            // A few block sizes per file, different from file to file (tiny ones for small files).
            let tiny = if bytes.len() < 20_000 {
                1 + i % 97
            } else {
                4093
            };
            for block in [tiny, 1000 + i * 7 % 5000, 1 << 16] {
                assert_eq!(
                    stream(&bytes, block),
                    want,
                    "{} in blocks of {block}",
                    f.display()
                );
            }
        }
    }
}

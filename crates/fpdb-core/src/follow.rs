//! Following a hand-history file while a room appends to it: which of the bytes written since
//! the last import hold complete hands.
//!
//! A follower keeps, per file, the byte offset up to which the file has been imported, the number
//! of lines before it, and the file's encoding. Each round it reads the bytes from that offset to
//! the end of the file and asks [`take_complete`] for the longest prefix made of complete hands:
//! that text is imported and the offset moves to its end, in the same transaction. What follows
//! the prefix (the hand the room is still writing) is read again next round.
//!
//! # When a hand is complete
//!
//! A room writes a hand from its header to its summary and may flush it in several writes, so the
//! last hand of the bytes read may be cut anywhere. Every hand but the last one is complete: the
//! room has started writing the next hand's header. The last hand is complete when
//!
//! 1. it parses without error and a line that is not part of any hand (a blank line, a banner,
//!    `Game #N starts.`) has been written after it: rooms end each hand with blank lines
//!    (PokerStars, Winamax, 888poker and others write them with the hand); or
//! 2. the file has been quiet (unchanged) for a while — the caller decides how long — and the
//!    hand parses without error, or with an error other than `unfinished` (then it is reported
//!    as a bad hand like any other).
//!
//! A hand left for the next round keeps the context block printed right before its header
//! (PKR's table line, [`crate::parsers::Room::is_context_start`]), and a context block after the
//! last hand waits for the hand it starts (unless the file is quiet), so that the next round
//! reads each hand with its block.
//!
//! A last hand whose parse says `unfinished` is never taken, however long the file stays quiet:
//! it stays pending until more bytes arrive (a room that died in the middle of a hand leaves it
//! pending for good, which is what importing it short would have hidden). A hand is therefore
//! never imported short unless the room pauses in the middle of writing it for longer than the
//! quiet time *and* the part written parses as a complete hand.
//!
//! # Encodings
//!
//! The encoding is decided at offset 0 and kept: a byte-order mark gives UTF-16 (little or big
//! endian) or UTF-8; without one, bytes are UTF-8 until a range is not valid UTF-8, from which on
//! the file is Windows-1252 (as [`crate::decode::decode`] reads a whole file). Offsets always fall
//! on line starts, so they are aligned to UTF-16 code units; an odd trailing byte, a trailing
//! high surrogate or a UTF-8 sequence cut at the end of the bytes read is left for the next
//! round. The text is normalised as [`crate::split::normalise`] does (and UTF-16's doubled line
//! ends `CR CR LF` count as one, as in [`crate::decode::decode`]), so line numbers are the
//! file's.

use crate::decode::Encoding;
use crate::error::ErrorKind;
use crate::split;

/// The complete hands found at the start of a range of bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The normalised text of the complete hands (with the blank lines around them), to import.
    pub text: String,
    /// Bytes of the range that `text` covers: the new offset is the old one plus this.
    pub bytes: u64,
    /// Lines of the file that `text` covers.
    pub lines: u32,
    /// The file's encoding, as now known.
    pub encoding: Encoding,
    /// Hands (chunks, including text that is not a hand) in `text`.
    pub hands: usize,
    /// Bytes after `bytes` left for a later round (a hand still being written).
    pub pending: u64,
}

/// The name of an encoding, as kept in the database.
pub fn encoding_name(e: Encoding) -> &'static str {
    match e {
        Encoding::Utf8 => "UTF-8",
        Encoding::Utf16Le => "UTF-16LE",
        Encoding::Utf16Be => "UTF-16BE",
        Encoding::Windows1252 => "WINDOWS-1252",
    }
}

/// The encoding of a name given by [`encoding_name`].
pub fn encoding_of_name(name: &str) -> Option<Encoding> {
    [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Windows1252,
    ]
    .into_iter()
    .find(|e| encoding_name(*e).eq_ignore_ascii_case(name))
}

/// The bytes of the file from the current offset, decoded: characters with the byte offset
/// (in `range`) each starts at.
struct Decoded {
    /// (8 bytes each: a range is below 4 GiB, see [`take_complete`].)
    chars: Vec<(char, u32)>,
    /// Bytes of `range` the characters cover (what follows is an incomplete character).
    end: usize,
    encoding: Encoding,
}

fn decode_range(range: &[u8], at_file_start: bool, known: Option<Encoding>) -> Decoded {
    let mut start = 0usize;
    let mut encoding = known;
    if at_file_start {
        if range.starts_with(&[0xFF, 0xFE]) {
            encoding = Some(Encoding::Utf16Le);
            start = 2;
        } else if range.starts_with(&[0xFE, 0xFF]) {
            encoding = Some(Encoding::Utf16Be);
            start = 2;
        } else if range.starts_with(&[0xEF, 0xBB, 0xBF]) {
            encoding = Some(Encoding::Utf8);
            start = 3;
        } else if range.len() < 3 && [0xFF, 0xFE, 0xEF].contains(range.first().unwrap_or(&0)) {
            // A byte-order mark may still be on its way.
            return Decoded {
                chars: Vec::new(),
                end: 0,
                encoding: Encoding::Utf8,
            };
        }
    }
    let body = &range[start..];
    let mut chars = Vec::new();
    match encoding {
        Some(e @ (Encoding::Utf16Le | Encoding::Utf16Be)) => {
            let mut units: Vec<u16> = body
                .chunks_exact(2)
                .map(|p| match e {
                    Encoding::Utf16Le => u16::from_le_bytes([p[0], p[1]]),
                    _ => u16::from_be_bytes([p[0], p[1]]),
                })
                .collect();
            if units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
                units.pop(); // the low surrogate is not written yet
            }
            let mut pos = start;
            for c in char::decode_utf16(units.iter().copied()) {
                let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
                chars.push((c, pos as u32));
                pos += 2 * c.len_utf16(); // an unpaired surrogate read as U+FFFD: 1 unit
            }
            Decoded {
                chars,
                end: pos,
                encoding: e,
            }
        }
        Some(Encoding::Windows1252) => windows_1252(body, start),
        Some(Encoding::Utf8) | None => match std::str::from_utf8(body) {
            Ok(s) => utf8(s, start),
            Err(e) if e.error_len().is_none() => {
                // A character cut at the end of the bytes read.
                let s = std::str::from_utf8(&body[..e.valid_up_to()]).expect("valid prefix");
                utf8(s, start)
            }
            Err(_) => windows_1252(body, start),
        },
    }
}

fn utf8(s: &str, start: usize) -> Decoded {
    Decoded {
        chars: s
            .char_indices()
            .map(|(i, c)| (c, (start + i) as u32))
            .collect(),
        end: start + s.len(),
        encoding: Encoding::Utf8,
    }
}

fn windows_1252(body: &[u8], start: usize) -> Decoded {
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(body);
    // Windows-1252 maps every byte to one character.
    let chars: Vec<(char, u32)> = text.chars().zip(start as u32..).collect();
    debug_assert_eq!(chars.len(), body.len());
    Decoded {
        chars,
        end: start + body.len(),
        encoding: Encoding::Windows1252,
    }
}

/// Normalised text made of whole lines, with the byte offset (in the range) of each line start.
struct Lines {
    text: String,
    /// (offset in `text`, offset in the range) of every line start, and of the end of the text.
    starts: Vec<(usize, usize)>,
}

impl Lines {
    fn byte_of(&self, text_pos: usize) -> (usize, u32) {
        // Chunks start at line starts; `partition_point` finds the line (or the end).
        let i = self.starts.partition_point(|&(t, _)| t < text_pos);
        let i = i.min(self.starts.len() - 1);
        (self.starts[i].1, i as u32)
    }
}

/// Splits decoded characters into normalised lines. Without `quiet`, a last line without its line
/// end is left out (the room is writing it); with it, it is taken.
fn lines_of(d: &Decoded, quiet: bool, first_byte: usize) -> Lines {
    let utf16 = matches!(d.encoding, Encoding::Utf16Le | Encoding::Utf16Be);
    let mut text = String::with_capacity(d.chars.len());
    let mut starts = vec![(0usize, first_byte)];
    let mut complete = (0usize, first_byte); // end of the last whole line
    let chars = &d.chars;
    let mut i = 0usize;
    let byte_at = |k: usize| chars.get(k).map_or(d.end, |x| x.1 as usize);
    while i < chars.len() {
        let c = chars[i].0;
        match c {
            '\n' | '\r' => {
                let mut next = i + 1;
                if c == '\r' {
                    if utf16
                        && chars.get(i + 1).map(|x| x.0) == Some('\r')
                        && chars.get(i + 2).map(|x| x.0) == Some('\n')
                    {
                        next = i + 3; // CR CR LF: one line end in UTF-16 files
                    } else if chars.get(i + 1).map(|x| x.0) == Some('\n') {
                        next = i + 2;
                    } else if i + 1 == chars.len() || (utf16 && i + 2 == chars.len()) {
                        // A line end that may continue with LF (or CR LF) in the next bytes.
                        if !quiet {
                            break;
                        }
                    }
                }
                text.push('\n');
                complete = (text.len(), byte_at(next));
                starts.push(complete);
                i = next;
                continue;
            }
            '\0' | '\u{feff}' => {}
            '\u{a0}' => text.push(' '),
            c => text.push(c),
        }
        i += 1;
    }
    if text.len() > complete.0 {
        if quiet && i == chars.len() {
            starts.push((text.len(), d.end)); // the last line, without its line end
        } else {
            text.truncate(complete.0);
        }
    }
    Lines { text, starts }
}

/// Whether the last chunk of the text read, which ends at `end` in `text`, is complete (see the
/// module documentation).
fn last_is_complete(text: &str, chunk: split::Chunk<'_>, end: usize, quiet: bool) -> bool {
    let result = crate::parse_chunk(chunk);
    match result {
        Err(e) if e.kind == ErrorKind::Unfinished => false,
        Err(_) => quiet,
        Ok(_) => {
            // A whole line after the hand's last line: the room has ended the hand.
            let after = &text[end..];
            quiet || after.strip_prefix('\n').is_some_and(|r| r.contains('\n'))
        }
    }
}

/// The complete hands at the start of `range`, the bytes of a file from the offset imported so
/// far (`at_file_start` when that offset is 0) to its end. `encoding` is the file's encoding
/// as known from earlier rounds; `quiet` says that the file has not changed for the quiet time
/// and that `range` reaches the end of the file. A caller reads a file a few megabytes at a time:
/// `range` must be shorter than 4 GiB.
pub fn take_complete(
    range: &[u8],
    at_file_start: bool,
    encoding: Option<Encoding>,
    quiet: bool,
) -> Taken {
    assert!(
        u32::try_from(range.len()).is_ok(),
        "follow::take_complete reads less than 4 GiB at a time"
    );
    let d = decode_range(range, at_file_start, encoding);
    let first_byte = d.chars.first().map_or(d.end, |c| c.1 as usize);
    let lines = lines_of(&d, quiet, first_byte);
    let text = &lines.text;
    let mut split = split::chunks(text);
    let chunks: Vec<split::Chunk<'_>> = split.by_ref().collect();
    let base = text.as_ptr() as usize;
    let mut cut = text.len();
    let mut hands = chunks.len();
    let mut hands_end = 0;
    if let Some(last) = chunks.last() {
        let start = last.text.as_ptr() as usize - base;
        let end = start + last.text.len();
        hands_end = end;
        if !last_is_complete(text, *last, end, quiet) {
            // A context block right before the hand (PKR's table line) is the hand's first line:
            // it waits with it.
            cut = start;
            if !last.context.is_empty() {
                let c = last.context.as_ptr() as usize - base;
                if c < start && text[c + last.context.len()..start].trim().is_empty() {
                    cut = c;
                }
            }
            hands -= 1;
        }
    }
    // A context block after the last hand waits for the hand it starts, unless the file is quiet.
    if let Some((_, context, _)) = split.context().filter(|c| !quiet && !c.1.is_empty()) {
        let c = context.as_ptr() as usize - base;
        if c >= hands_end && c < cut {
            cut = c;
        }
    }
    let (bytes, lines_taken) = if cut == 0 {
        (0, 0) // nothing complete yet (a byte-order mark alone is not taken either)
    } else {
        lines.byte_of(cut)
    };
    Taken {
        text: text[..cut].to_string(),
        bytes: bytes as u64,
        lines: lines_taken,
        encoding: d.encoding,
        hands,
        pending: (range.len() - bytes) as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX_MAX: &str =
        include_str!("../../../tests/pg_regress/data/stars-nlhe-6max-78hands.txt");

    /// The file's hands, each with the blank lines a room writes after it.
    fn hands() -> Vec<String> {
        let text = split::normalise(SIX_MAX);
        split::chunks(&text)
            .map(|c| format!("{}\n\n\n", c.text))
            .collect()
    }

    fn numbers(text: &str) -> Vec<i64> {
        crate::parse_history(text)
            .map(|h| h.expect("a complete hand").site_hand_no)
            .collect()
    }

    #[test]
    fn takes_the_hands_before_the_one_being_written() {
        let h = hands();
        let half = &h[2][..h[2].find("*** FLOP ***").unwrap()];
        let file = format!("{}{}{}", h[0], h[1], half);
        let t = take_complete(file.as_bytes(), true, None, false);
        assert_eq!(t.hands, 2);
        assert_eq!(t.bytes as usize, h[0].len() + h[1].len());
        assert_eq!(
            t.lines as usize,
            (h[0].clone() + &h[1]).matches('\n').count()
        );
        assert_eq!(t.pending as usize, half.len());
        assert_eq!(numbers(&t.text).len(), 2);
        // However long the file stays quiet, the cut hand is not taken.
        let t = take_complete(file.as_bytes(), true, None, true);
        assert_eq!(t.hands, 2);
    }

    #[test]
    fn the_last_hand_needs_its_blank_line_or_a_quiet_file() {
        let h = hands();
        let bare = h[0].trim_end();
        let t = take_complete(bare.as_bytes(), true, None, false);
        assert_eq!((t.hands, t.bytes), (0, 0));
        // Its last line has no line end yet: with a quiet file it is taken all the same.
        let t = take_complete(bare.as_bytes(), true, None, true);
        assert_eq!((t.hands, t.bytes as usize), (1, bare.len()));
        let one_end = format!("{bare}\n");
        let t = take_complete(one_end.as_bytes(), true, None, false);
        assert_eq!(t.hands, 0);
        let t = take_complete(h[0].as_bytes(), true, None, false);
        assert_eq!((t.hands, t.bytes as usize), (1, h[0].len()));
        assert_eq!(t.pending, 0);
    }

    #[test]
    fn a_hand_waits_with_the_line_printed_before_its_header() {
        // PKR prints the table line before each hand's header: a hand still being written keeps
        // it, and so does a table line whose hand has not been written yet.
        let hand = |n: u32, last: bool| {
            format!(
                "Table #46120523 - Audeamus 1\nStarting Hand #{n}\n\
                 Start time of hand: 01 Aug 2012 03:36:03\nLast Hand n/a\nGame Type: HOLD'EM\n\
                 Limit Type: NO LIMIT\nTable Type: RING\nMoney Type: REAL MONEY\n\
                 Blinds are now $0.02 / $0.04\nSeat 1: A - $1\nSeat 2: B - $1\n\
                 A posts small blind ($0.02)\nB posts big blind ($0.04)\nDealing Cards\n\
                 A folds\nB wins $0.06\n{}",
                if last { "" } else { "End of Hand #1\n\n" }
            )
        };
        let (first, second) = (hand(1, false), hand(2, true));
        let file = format!("{first}{second}");
        let t = take_complete(file.as_bytes(), true, None, false);
        assert_eq!((t.hands, t.text.as_str()), (1, first.as_str()));
        let lone = format!("{first}Table #46120523 - Audeamus 1\n");
        let t = take_complete(lone.as_bytes(), true, None, false);
        assert_eq!((t.hands, t.text.as_str()), (1, first.as_str()));
        let rest = take_complete(second.as_bytes(), false, Some(t.encoding), true);
        assert_eq!((rest.hands, rest.bytes), (0, 0));
        let done = format!("{second}End of Hand #2\n");
        let h = crate::parse_history(&done).next().unwrap().unwrap();
        assert_eq!(h.table_name, "Audeamus 1");
    }

    #[test]
    fn a_bad_hand_before_the_next_header_is_taken_to_be_reported() {
        let h = hands();
        let half = &h[0][..h[0].find("*** SUMMARY ***").unwrap()];
        let file = format!("{half}{}", h[1]);
        let t = take_complete(file.as_bytes(), true, None, false);
        assert_eq!(t.hands, 2);
        let results: Vec<_> = crate::parse_history(&t.text).collect();
        assert_eq!(results[0].as_ref().unwrap_err().kind, ErrorKind::Unfinished);
        assert!(results[1].is_ok());
    }

    fn utf16le(text: &str) -> Vec<u8> {
        let mut out = vec![0xFF, 0xFE];
        for u in text.replace('\n', "\r\r\n").encode_utf16() {
            out.extend(u.to_le_bytes());
        }
        out
    }

    #[test]
    fn utf16_is_read_in_whole_code_units_from_aligned_offsets() {
        let h = hands();
        let file = utf16le(&format!("{}{}", h[0], h[1]));
        let first = utf16le(&h[0]).len();
        // Cut in the middle of a code unit of the second hand's header.
        let cut = first + 7;
        let t = take_complete(&file[..cut], true, None, false);
        assert_eq!((t.hands, t.bytes as usize), (1, first));
        assert_eq!(t.encoding, Encoding::Utf16Le);
        assert_eq!(t.text, h[0]);
        let rest = take_complete(&file[first..], false, Some(t.encoding), false);
        assert_eq!((rest.hands, rest.bytes as usize), (1, file.len() - first));
        assert_eq!(rest.text, h[1]);
        assert_eq!(t.lines as usize, h[0].matches('\n').count());
    }

    #[test]
    fn windows_1252_is_kept_once_seen() {
        let h = hands();
        let named = h[0].replace("Gles65", "Jos\u{e9}65");
        let mut file: Vec<u8> = named
            .chars()
            .map(|c| if c == '\u{e9}' { 0xE9 } else { c as u8 })
            .collect();
        let first = file.len();
        file.extend(h[1].as_bytes());
        let t = take_complete(&file[..first], true, None, false);
        assert_eq!(t.encoding, Encoding::Windows1252);
        assert!(t.text.contains("Jos\u{e9}"));
        let rest = take_complete(&file[first..], false, Some(t.encoding), false);
        assert_eq!(rest.encoding, Encoding::Windows1252);
        assert_eq!(rest.hands, 1);
    }

    #[test]
    fn a_utf8_character_cut_at_the_end_waits() {
        let h = hands();
        let file = format!("{}{}Jos\u{e9}", h[0], h[1]);
        let bytes = &file.as_bytes()[..file.len() - 1];
        let t = take_complete(bytes, true, None, true);
        assert_eq!(t.encoding, Encoding::Utf8);
        assert_eq!(t.hands, 2);
    }

    /// A room writes the file in pieces of every size; each round takes what is complete. The
    /// hands taken are the file's, each once, and none is cut.
    #[test]
    fn following_a_file_written_in_pieces_takes_every_hand_once() {
        let h = hands();
        let whole: String = h.concat();
        for (seed, encode16) in [(1u64, false), (7, true), (42, false), (99, true)] {
            let bytes = if encode16 {
                utf16le(&whole)
            } else {
                whole.clone().into_bytes()
            };
            let mut rng = seed;
            let mut written = 0usize;
            let mut offset = 0usize;
            let mut encoding = None;
            let mut taken = String::new();
            let mut lines = 0u32;
            while offset < bytes.len() {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let step = ((rng >> 33) % 3000) as usize + 1;
                written = (written + step).min(bytes.len());
                let quiet = written == bytes.len();
                let t = take_complete(&bytes[offset..written], offset == 0, encoding, quiet);
                for r in crate::parse_history(&t.text) {
                    assert!(r.is_ok(), "seed {seed}: a cut hand was taken: {r:?}");
                }
                taken.push_str(&t.text);
                offset += t.bytes as usize;
                lines += t.lines;
                encoding = Some(t.encoding);
                if quiet && t.bytes == 0 {
                    break;
                }
            }
            assert_eq!(offset, bytes.len(), "seed {seed}");
            assert_eq!(numbers(&taken), numbers(&whole), "seed {seed}");
            assert_eq!(lines as usize, whole.matches('\n').count(), "seed {seed}");
        }
    }

    #[test]
    fn encoding_names_round_trip() {
        for e in [
            Encoding::Utf8,
            Encoding::Utf16Le,
            Encoding::Utf16Be,
            Encoding::Windows1252,
        ] {
            assert_eq!(encoding_of_name(encoding_name(e)), Some(e));
        }
    }
}

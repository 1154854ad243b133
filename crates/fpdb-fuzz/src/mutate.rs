//! Mutations of hand-history bytes.
//!
//! Without coverage feedback the mutations must be the damage real files suffer and the edge
//! values parsers get wrong, so each one is aimed at the structure of a hand history: lines
//! (cut, lost, repeated, swapped: a file written while the room crashed, concatenated archives),
//! numbers (stacks past i64, negative amounts, decimals), words of the format moved to other
//! places (an action keyword where a player name was), other rooms' lines spliced in, and
//! encodings (Windows-1252 bytes in UTF-8, stray byte-order marks, NUL, lone CR).

use crate::corpus::Seeds;
use crate::rng::Rng;

/// Inputs never grow beyond this: large inputs only slow the fuzzer down (the 100 MB text is in
/// the malformed-input suite).
pub const MAX_INPUT: usize = 256 * 1024;

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "00",
    "1",
    "255",
    "256",
    "32767",
    "32768",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "1099511627776",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "0.001",
    "0.5",
    "1.",
    ".5",
    "1,000,000",
    "1,000,000.00",
    "1.000.000,00",
    "1e308",
    "NaN",
    "１２",
    "٣",
];

const ASCII: &[u8] = b"0123456789 $:()[]#-.,/\\*'\"<>=&;+%@!?\t\nxAhKdsc";

const CHARS: &[&str] = &[
    "\u{feff}",
    "\u{a0}",
    "\u{2028}",
    "\u{200b}",
    "\u{202e}",
    "\u{0301}",
    "€",
    "£",
    "é",
    "ß",
    "Ж",
    "中",
    "🂡",
    "\u{fffd}",
    "\u{10ffff}",
    "\r",
    "\0",
    "\r\r\n",
];

/// Byte ranges of the lines of `b` (without their '\n').
fn lines(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            out.push((start, i));
            start = i + 1;
        }
    }
    out.push((start, b.len()));
    out
}

/// Byte ranges of the runs of ASCII digits of `b`.
fn digit_runs(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of the whitespace-separated words of `b`.
fn words(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
        } else {
            let s = i;
            while i < b.len() && !b[i].is_ascii_whitespace() {
                i += 1;
            }
            out.push((s, i));
        }
    }
    out
}

/// A random line of `b` and its range.
fn some_line(rng: &mut Rng, b: &[u8]) -> (usize, usize) {
    let l = lines(b);
    *rng.pick(&l)
}

/// Applies one random mutation to `input`; returns its name (for the statistics of a run).
pub fn mutate_once(rng: &mut Rng, input: &mut Vec<u8>, seeds: &Seeds) -> &'static str {
    let len = input.len();
    match rng.below(22) {
        0 if len > 0 => {
            let i = rng.below(len);
            input[i] ^= 1 << rng.below(8);
            "bit flip"
        }
        1 if len > 0 => {
            let i = rng.below(len);
            input[i] = *rng.pick(ASCII);
            "byte set"
        }
        2 => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..n).map(|_| *rng.pick(ASCII)).collect();
            input.splice(at..at, bytes);
            "ascii insert"
        }
        3 => {
            let at = rng.below(len + 1);
            // On a character boundary when the text is UTF-8, so the text stays UTF-8.
            let at = (0..=at)
                .rev()
                .find(|&i| i == 0 || i == len || (input[i] & 0xC0) != 0x80)
                .unwrap_or(0);
            let c = rng.pick(CHARS).as_bytes().to_vec();
            input.splice(at..at, c);
            "utf-8 insert"
        }
        4 => {
            // Windows-1252 / Latin-1 bytes: the whole text stops being UTF-8 and is decoded as
            // Windows-1252, every character of the hand changing meaning.
            let at = rng.below(len + 1);
            let n = 1 + rng.below(4);
            let bytes: Vec<u8> = (0..n).map(|_| 0x80 + rng.below(0x80) as u8).collect();
            input.splice(at..at, bytes);
            "high bytes insert"
        }
        5 if len > 0 => {
            let s = rng.below(len);
            let e = (s + 1 + rng.below(16)).min(len);
            input.drain(s..e);
            "byte range delete"
        }
        6 => {
            let (s, e) = some_line(rng, input);
            if e > s {
                let cut = s + rng.below(e - s);
                input.drain(cut..e);
            }
            "line truncate"
        }
        7 if len > 0 => {
            if rng.chance(50) {
                let l = lines(input);
                let (_, e) = *rng.pick(&l);
                input.truncate((e + 1).min(len));
            } else {
                input.truncate(rng.below(len));
            }
            "text truncate"
        }
        8 => {
            let (s, e) = some_line(rng, input);
            input.drain(s..(e + 1).min(input.len()));
            "line delete"
        }
        9 => {
            // Duplicate seats, repeated actions, doubled headers.
            let (s, e) = some_line(rng, input);
            let mut line = input[s..e].to_vec();
            line.push(b'\n');
            let at = if rng.chance(60) {
                s
            } else {
                some_line(rng, input).0
            };
            input.splice(at..at, line);
            "line duplicate"
        }
        10 => {
            let l = lines(input);
            let a = rng.below(l.len());
            let b = rng.below(l.len());
            let (a, b) = (a.min(b), a.max(b));
            if a != b {
                let (la, lb) = (l[a], l[b]);
                let mut out = Vec::with_capacity(len);
                out.extend_from_slice(&input[..la.0]);
                out.extend_from_slice(&input[lb.0..lb.1]);
                out.extend_from_slice(&input[la.1..lb.0]);
                out.extend_from_slice(&input[la.0..la.1]);
                out.extend_from_slice(&input[lb.1..]);
                *input = out;
            }
            "line swap"
        }
        11 | 12 => {
            let runs = digit_runs(input);
            if runs.is_empty() {
                return "number replace (none)";
            }
            let (s, e) = *rng.pick(&runs);
            let n = rng.pick(NUMBERS).as_bytes().to_vec();
            input.splice(s..e, n);
            "number replace"
        }
        13 => {
            let runs = digit_runs(input);
            if runs.is_empty() {
                return "negate (none)";
            }
            let (s, _) = *rng.pick(&runs);
            input.insert(s, b'-');
            "negate"
        }
        14 | 15 => {
            // Lines of another hand, usually of another room.
            let other = rng.pick(&seeds.supported.hands);
            let ol = lines(other);
            let a = rng.below(ol.len());
            let b = (a + 1 + rng.below(ol.len())).min(ol.len());
            let mut block = other[ol[a].0..ol[b - 1].1].to_vec();
            block.push(b'\n');
            let at = if rng.chance(30) {
                len
            } else {
                some_line(rng, input).0
            };
            input.splice(at..at, block);
            "splice"
        }
        16 => {
            let w = words(input);
            if w.is_empty() {
                return "word replace (none)";
            }
            let (s, e) = *rng.pick(&w);
            let new = rng.pick(&seeds.words).clone();
            input.splice(s..e, new);
            "word replace"
        }
        17 => {
            let w = words(input);
            if w.is_empty() {
                return "word delete (none)";
            }
            let (s, e) = *rng.pick(&w);
            input.drain(s..e);
            "word delete"
        }
        18 => {
            // Very long names and amounts: a word repeated to hundreds of characters.
            let w = words(input);
            if w.is_empty() {
                return "word repeat (none)";
            }
            let (s, e) = *rng.pick(&w);
            let word = input[s..e].to_vec();
            let times = 2 + rng.below(200);
            let long: Vec<u8> = word
                .iter()
                .copied()
                .cycle()
                .take(word.len() * times)
                .collect();
            input.splice(s..e, long);
            "word repeat"
        }
        19 => {
            // A block of lines copied elsewhere (a street played twice, a summary repeated).
            let l = lines(input);
            let a = rng.below(l.len());
            let b = (a + 1 + rng.below(6)).min(l.len());
            let mut block = input[l[a].0..l[b - 1].1].to_vec();
            block.push(b'\n');
            let at = some_line(rng, input).0;
            input.splice(at..at, block);
            "block copy"
        }
        20 => {
            let (s, e) = some_line(rng, input);
            let c = rng
                .pick(&[&b"\0"[..], b"\r", b"\r\n", b"\n\n", b"  ", b"\t", b"\x1a"])
                .to_vec();
            let at = s + rng.below(e - s + 1);
            input.splice(at..at, c);
            "control insert"
        }
        _ => {
            // A whole other hand after this one (two rooms in one text).
            let other = rng.pick(&seeds.supported.hands).clone();
            if rng.chance(50) {
                input.push(b'\n');
                input.extend_from_slice(&other);
            } else {
                let mut v = other;
                v.extend_from_slice(b"\n\n");
                v.append(input);
                *input = v;
            }
            "hand append"
        }
    }
}

/// Applies 1 to 8 mutations (usually few: most bugs need one bad line in an otherwise good hand).
pub fn mutate(rng: &mut Rng, input: &mut Vec<u8>, seeds: &Seeds) {
    let n = match rng.below(16) {
        0..=7 => 1,
        8..=11 => 2,
        12 | 13 => 3,
        _ => 4 + rng.below(5),
    };
    for _ in 0..n {
        mutate_once(rng, input, seeds);
        if input.len() > MAX_INPUT {
            input.truncate(MAX_INPUT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_token_ranges() {
        assert_eq!(lines(b"a\nbc\n"), vec![(0, 1), (2, 4), (5, 5)]);
        assert_eq!(digit_runs(b"$1.25 x9"), vec![(1, 2), (3, 5), (7, 8)]);
        assert_eq!(words(b" ab  c\n"), vec![(1, 3), (5, 6)]);
    }
}

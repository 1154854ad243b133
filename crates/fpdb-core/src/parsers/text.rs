//! Text helpers the room parsers share: substring search and splitting, bracket groups, card
//! lists, leading numbers, plain amounts and their errors, and matching a line's start against
//! the seat list. Nothing here is a room's; what a room prints differently stays in its parser.
//!
//! They are on the hot path of every parser: none allocates but [`card_list`] (its result is
//! kept), and the small ones are `#[inline]` so that they cost what the loops they replace did.

use crate::amount;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::{Hand, Money, Player, PlayerIdx};
use crate::split::Chunk;

// ---------------------------------------------------------------------------------------------
// Searching and splitting
// ---------------------------------------------------------------------------------------------

/// `line` after its leading spaces and tabs (a byte loop: the splitter asks it of every line of
/// the markup formats).
#[inline]
pub(crate) fn skip_blanks(line: &str) -> &str {
    let n = line
        .bytes()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    line.get(n..).unwrap_or("")
}

/// Byte offset of `needle` in `hay` (`None` for an empty needle). A plain byte loop: on the short
/// lines of a hand history it is much cheaper than building the standard library's two-way
/// searcher (or dispatching to `memchr`) for every `find`/`contains`/`split_once`.
#[inline]
pub(crate) fn find(hay: &str, needle: &str) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    let first = *n.first()?;
    if n.len() > h.len() {
        return None;
    }
    (0..=h.len() - n.len()).find(|&i| h[i] == first && h[i..].starts_with(n))
}

/// Last byte offset of `needle` in `hay` (`None` for an empty needle).
#[inline]
pub(crate) fn rfind(hay: &str, needle: &str) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    let first = *n.first()?;
    let mut end = h.len();
    while let Some(at) = memchr::memrchr(first, &h[..end]) {
        if h[at..].starts_with(n) {
            return Some(at);
        }
        end = at;
    }
    None
}

/// `hay` split around the first `needle`.
#[inline]
pub(crate) fn split2<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    let i = find(hay, needle)?;
    Some((&hay[..i], &hay[i + needle.len()..]))
}

/// `hay` split around the last `needle`.
#[inline]
pub(crate) fn rsplit2<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    let i = rfind(hay, needle)?;
    Some((&hay[..i], &hay[i + needle.len()..]))
}

// ---------------------------------------------------------------------------------------------
// Bracket groups and cards
// ---------------------------------------------------------------------------------------------

/// `s` starting with a bracket group: its contents and the text after it.
#[inline]
pub(crate) fn bracket(s: &str) -> Option<(&str, &str)> {
    let r = s.strip_prefix('[')?;
    let close = r.bytes().position(|c| c == b']')?;
    Some((&r[..close], &r[close + 1..]))
}

/// The bracket groups of `s`, in order: "[a b] [c]" → "a b", "c".
#[inline]
pub(crate) fn groups(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let b = rest.as_bytes();
        let open = b.iter().position(|&c| c == b'[')?;
        let close = b[open..].iter().position(|&c| c == b']')? + open;
        let g = &rest[open + 1..close];
        rest = &rest[close + 1..];
        Some(g)
    })
}

/// The cards of one bracket group, without allocating (see [`cards_of`]).
#[derive(Clone, Copy)]
pub(crate) struct Cards {
    buf: [Card; 8],
    len: usize,
}

impl Cards {
    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.buf[..self.len]
    }
}

/// The cards of one bracket group ("Ah Kd"), unknown tokens ("Xx") as [`Card::UNKNOWN`], without
/// allocating; `None` when a token is not a card at all or the group holds more than eight.
#[inline]
pub(crate) fn cards_of(group: &str) -> Option<Cards> {
    let mut out = Cards {
        buf: [Card::UNKNOWN; 8],
        len: 0,
    };
    let b = group.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] != b' ' {
            i += 1;
        }
        // Both ends are at a space or an end of the group: character boundaries.
        let c = Card::parse_opt(&group[start..i])?;
        *out.buf.get_mut(out.len)? = c;
        out.len += 1;
    }
    Some(out)
}

/// The cards of a bracket group separated by spaces (and commas when `commas`: "Ah, Kd",
/// "9c , 2s"); unknown tokens ("X", "xx") are [`Card::UNKNOWN`]. `None` when a token is not a
/// card or the group holds more than `max` cards.
#[inline]
pub(crate) fn card_list(group: &str, commas: bool, max: usize) -> Option<Vec<Card>> {
    let mut out = Vec::with_capacity(max.min(7));
    for token in group.split(|c| c == ' ' || (commas && c == ',')) {
        if token.is_empty() {
            continue;
        }
        if out.len() >= max {
            return None;
        }
        out.push(Card::parse_opt(token)?);
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// Numbers and amounts
// ---------------------------------------------------------------------------------------------

/// The first number of `s` (its leading digits), `None` when there are none or it does not fit.
#[inline]
pub(crate) fn leading_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    s.get(..n)?.parse().ok()
}

/// Leading digits of `s` as a number (saturating), and how many digits there were.
#[inline]
pub(crate) fn leading_digits(s: &str) -> (u64, usize) {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    let v = s.as_bytes()[..n].iter().fold(0u64, |a, &d| {
        a.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    (v, n)
}

/// [`amount::parse_amount`], its failure told apart as [`unread_amount`] tells it.
#[inline]
pub(crate) fn parse_amount(t: &str, scale: i64) -> Result<Money, ErrorKind> {
    amount::parse_amount(t, scale).ok_or_else(|| unread_amount(t))
}

/// Why `t` is not an amount [`amount::parse_amount`] reads: out of range when it is a number too
/// long to store (more than 15 digits, with nothing else but separators and blanks, after one
/// currency sign), malformed otherwise (a huge negative number included).
#[cold]
fn unread_amount(t: &str) -> ErrorKind {
    let digits = t.bytes().filter(u8::is_ascii_digit).count();
    let body = t.trim_start();
    let body = ["$", "€", "£", "¥", "₹"]
        .iter()
        .find_map(|sign| body.strip_prefix(sign))
        .unwrap_or(body);
    let numeric = body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b' ' | b'\''));
    if digits > 15 && numeric {
        ErrorKind::OutOfRange
    } else {
        ErrorKind::Malformed
    }
}

/// [`parse_amount`] of an amount that cannot be negative, bounded as every amount fpdb stores
/// is: a negative one is malformed, one over [`crate::stats::MAX_AMOUNT`] (2^40 units, the most
/// the statistics can add up) out of range.
#[inline]
pub(crate) fn parse_unsigned_amount(t: &str, scale: i64) -> Result<Money, ErrorKind> {
    match parse_amount(t, scale)? {
        v if v > crate::stats::MAX_AMOUNT => Err(ErrorKind::OutOfRange),
        v if v >= 0 => Ok(v),
        _ => Err(ErrorKind::Malformed),
    }
}

/// The error of an amount that could not be read on line `no`.
pub(crate) fn amount_error(kind: ErrorKind, no: u32) -> ParseError {
    let msg = if kind == ErrorKind::OutOfRange {
        "amount too large to store"
    } else {
        "unreadable amount"
    };
    ParseError::new(kind, no, msg)
}

/// An amount ("$2,700", "10,000", "$0.25", "$1,142.13") on line `no`, times `scale`; amounts
/// beyond what the statistics can add up are out of range, as are numbers too long to read
/// ([`unread_amount`]).
pub(crate) fn checked_money(text: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    parse_unsigned_amount(text, scale).map_err(|kind| {
        if kind == ErrorKind::Malformed && amount::parse_amount(text, scale).is_some() {
            ParseError::malformed(no, "negative amount")
        } else {
            amount_error(kind, no)
        }
    })
}

/// Where the next " Seat N: " of a summary line starts, if the line holds two (rooms that glue
/// two seats' summary lines into one: BetOnline's skins, Full Tilt).
pub(crate) fn next_seat(s: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s.get(from..).and_then(|r| find(r, " Seat ")) {
        let at = from + i;
        let r = &s[at + 6..];
        let d = r.bytes().take_while(u8::is_ascii_digit).count();
        if d > 0 && r[d..].starts_with(": ") {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Hand headers and the line loop
// ---------------------------------------------------------------------------------------------

/// "<prefix><digits>:" at the start of `line`, for one of `prefixes` ("BetOnline Poker Game #",
/// "Full Tilt Poker Game #"): the digits and the text after the colon.
#[inline]
pub(crate) fn numbered_header<'a>(line: &'a str, prefixes: &[&str]) -> Option<(&'a str, &'a str)> {
    let r = prefixes.iter().find_map(|s| line.strip_prefix(s))?;
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = r[digits..].strip_prefix(':')?;
    Some((&r[..digits], rest))
}

/// The hand number of the digits `id` of header line `header` (number `no`): out of range when
/// it does not fit a bigint.
pub(crate) fn hand_number(id: &str, no: u32, header: &str) -> Result<i64, ParseError> {
    id.parse()
        .map_err(|_| ParseError::hand_no_too_large(no).with_text(header))
}

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/// The body of a hand: every line after the header, trimmed by `trim` (`str::trim_end`, or
/// `str::trim` for rooms that indent lines), empty ones passed over, given to `f` with its
/// number; an error of `f` gets the line's text and the hand's number. Returns the number of
/// the last line (`header_line` for a hand of one line), for the errors of a hand cut short.
pub(crate) fn each_line<'a>(
    lines: impl Iterator<Item = (u32, &'a str)>,
    header_line: u32,
    hand_no: i64,
    trim: fn(&str) -> &str,
    mut f: impl FnMut(u32, &'a str) -> Result<(), ParseError>,
) -> Result<u32, ParseError> {
    let mut last = header_line;
    for (no, raw) in lines {
        last = no;
        let line = trim(raw);
        if line.is_empty() {
            continue;
        }
        f(no, line).map_err(|e| e.with_text(raw).with_hand_no(Some(hand_no)))?;
    }
    Ok(last)
}

/// A room's one-pass parser of a hand, as [`parse_hand`] drives it.
pub(crate) trait HandLines {
    /// Reads one line of the hand after its header (trimmed, not empty).
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError>;
    /// The hand, once every line is read; `last` is the number of the last line.
    fn finish(self, last: u32) -> Result<Hand, ParseError>;
}

/// The shape of a one-pass room parser: the chunk's first line to `start`, which reads the
/// header and answers the parser and the hand's number (its errors get the header's text);
/// every other line to the parser ([`each_line`], trimmed by `trim`); then its
/// [`HandLines::finish`], whose errors get the hand's number.
pub(crate) fn parse_hand<P: HandLines>(
    chunk: &Chunk<'_>,
    trim: fn(&str) -> &str,
    start: impl FnOnce(u32, &str) -> Result<(P, i64), ParseError>,
) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (mut p, no) = start(first_no, first).map_err(|e| e.with_text(first))?;
    let last = each_line(lines, first_no, no, trim, |n, l| p.line(n, l))?;
    p.finish(last).map_err(|e| e.with_hand_no(Some(no)))
}

/// Line numbers of byte offsets of a text whose first line is `first_line` (the markup rooms'
/// readers, which know where an element starts, not its line): counts the newlines since the
/// last offset asked, so offsets that only grow cost O(n) in all.
pub(crate) struct Lines<'a> {
    text: &'a [u8],
    off: usize,
    line: u32,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str, first_line: u32) -> Self {
        Lines {
            text: text.as_bytes(),
            off: 0,
            line: first_line,
        }
    }
    pub(crate) fn at(&mut self, off: usize) -> u32 {
        let off = off.min(self.text.len());
        if off < self.off {
            let behind = memchr::memchr_iter(b'\n', &self.text[off..self.off]).count();
            return self
                .line
                .saturating_sub(u32::try_from(behind).unwrap_or(u32::MAX));
        }
        let n = memchr::memchr_iter(b'\n', &self.text[self.off..off]).count();
        self.line = self
            .line
            .saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
        self.off = off;
        self.line
    }
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/// The seated player whose name starts `line` and is followed there by a byte `sep` accepts,
/// longest name first (names may hold spaces and colons: "Anna Maria", "a: b"): his index and
/// the name's length in bytes. An empty name matches a line starting with such a byte only when
/// `empty_names`.
#[inline]
pub(crate) fn name_prefix(
    players: &[Player],
    line: &str,
    sep: impl Fn(u8) -> bool,
    empty_names: bool,
) -> Option<(PlayerIdx, usize)> {
    let l = line.as_bytes();
    let mut best: Option<(PlayerIdx, usize)> = None;
    for (i, pl) in players.iter().enumerate() {
        let name = pl.name.as_bytes();
        let n = name.len();
        // Cheap tests first: the byte after the name, and the name's last byte ("Player1" and
        // "Player2" differ only there).
        if l.len() > n
            && sep(l[n])
            && (if n == 0 {
                empty_names
            } else {
                l[n - 1] == name[n - 1] && l[..n] == *name
            })
            && best.is_none_or(|(_, len)| n > len)
        {
            best = Some((i, n));
        }
    }
    best
}

/// The verbs of actions, as lines print them after a name: a line holding one and no seated
/// player's name is an action by a player who is not in the seat list.
pub(crate) const ACTION_VERBS: &[&str] = &[
    " folds",
    " checks",
    " calls ",
    " bets ",
    " raises ",
    " posts ",
    " shows ",
    " wins ",
    " ties",
    " mucks",
    " goes all-in",
];

/// Whether `line` holds one of `verbs` (a room's [`ACTION_VERBS`]).
pub(crate) fn names_an_action(line: &str, verbs: &[&str]) -> bool {
    verbs.iter().any(|v| find(line, v).is_some())
}

/// The error of a line no rule of the room reads (line `no`): an action by a player who is not
/// in the seat list when it holds one of `verbs`, else a line fpdb does not know.
pub(crate) fn unknown_line(no: u32, line: &str, verbs: &[&str]) -> ParseError {
    if names_an_action(line, verbs) {
        ParseError::unknown_actor(no)
    } else {
        ParseError::malformed(no, "a line fpdb does not know")
    }
}

/// For the rooms' tests: `hand` cut after each of its lines but the last is refused as
/// unfinished by `parse`, never stored short.
#[cfg(test)]
pub(crate) fn every_cut_is_unfinished(
    hand: &str,
    parse: impl Fn(&str) -> Result<Hand, ParseError>,
) {
    let lines: Vec<&str> = hand.lines().collect();
    for k in 1..lines.len() {
        let e = parse(&lines[..k].join("\n")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::{CENTS, CHIPS};

    #[test]
    fn search_and_split() {
        assert_eq!(find("a b a", "a"), Some(0));
        assert_eq!(rfind("a b a", "a"), Some(4));
        assert_eq!(find("abc", ""), None);
        assert_eq!(rfind("abc", ""), None);
        assert_eq!(find("ab", "abc"), None);
        assert_eq!(find("x €1 €2", "€"), Some(2));
        assert_eq!(rfind("x €1 €2", "€"), Some(7));
        assert_eq!(split2("a: b: c", ": "), Some(("a", "b: c")));
        assert_eq!(rsplit2("a: b: c", ": "), Some(("a: b", "c")));
        assert_eq!(split2("abc", ": "), None);
    }

    #[test]
    fn brackets_and_cards() {
        let g: Vec<&str> = groups("[Ts 8d Td][Kd] x [").collect();
        assert_eq!(g, ["Ts 8d Td", "Kd"]);
        assert_eq!(bracket("[Ah] rest"), Some(("Ah", " rest")));
        assert_eq!(bracket(" [Ah]"), None);
        assert_eq!(cards_of("Ah  Kd ").map(|c| c.as_slice().len()), Some(2));
        assert_eq!(
            cards_of("Xx 7c").map(|c| c.as_slice()[0]),
            Some(Card::UNKNOWN)
        );
        assert!(cards_of("Ah Zz").is_none());
        assert!(cards_of("2c 3c 4c 5c 6c 7c 8c 9c Tc").is_none());
        assert_eq!(card_list(" 9c , 2s ", true, 7).map(|v| v.len()), Some(2));
        assert!(card_list(" 9c , 2s ", false, 7).is_none());
        assert!(card_list("2c 3c 4c 5c 6c 7c 8c 9c", false, 7).is_none());
        assert_eq!(
            card_list("2c 3c 4c 5c 6c 7c 8c 9c", false, usize::MAX).map(|v| v.len()),
            Some(8)
        );
    }

    #[test]
    fn numbers_and_amounts() {
        assert_eq!(leading_number::<u8>("12 x"), Some(12));
        assert_eq!(leading_number::<u8>("300"), None);
        assert_eq!(leading_number::<u8>("x"), None);
        assert_eq!(leading_digits("12x"), (12, 2));
        assert_eq!(leading_digits("99999999999999999999999"), (u64::MAX, 23));
        assert_eq!(parse_amount("1.5", CENTS), Ok(150));
        assert_eq!(parse_amount("12.50", CHIPS), Ok(13));
        assert_eq!(parse_amount("1,534.96", CENTS), Ok(153_496));
        assert_eq!(parse_amount("abc", CENTS), Err(ErrorKind::Malformed));
        assert_eq!(
            parse_amount("99999999999999999999999", CHIPS),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(parse_amount("-6.10", CENTS), Ok(-610));
        assert_eq!(
            parse_unsigned_amount("-6.10", CENTS),
            Err(ErrorKind::Malformed)
        );
        assert_eq!(checked_money(" $0.25 ", CENTS, 3), Ok(25));
        let e = checked_money("$99999999999999999999", CENTS, 3).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::OutOfRange, 3));
        let e = checked_money("abc", CENTS, 3).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e = checked_money("-$1", CENTS, 3).unwrap_err();
        assert_eq!(
            (e.kind, e.message.as_str()),
            (ErrorKind::Malformed, "negative amount")
        );
        // The bound: 2^40 units is stored, one more is out of range, at any scale.
        let max = crate::stats::MAX_AMOUNT;
        assert_eq!(parse_unsigned_amount(&max.to_string(), CHIPS), Ok(max));
        assert_eq!(
            parse_unsigned_amount(&(max + 1).to_string(), CHIPS),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(
            parse_unsigned_amount("$10995116277.77", CENTS),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(
            checked_money("$10995116277.76", CENTS, 1),
            Ok(1_099_511_627_776)
        );
    }

    #[test]
    fn why_an_amount_is_unread() {
        // A number too long to store, after at most one currency sign and with only separators
        // and blanks in it, is out of range.
        for t in [
            "1234567890123456",
            " $1,234,567,890,123,456.00",
            "€1 234 567 890 123 456",
            "1'234'567'890'123'456",
        ] {
            assert_eq!(unread_amount(t), ErrorKind::OutOfRange, "{t:?}");
        }
        // Anything else is malformed: 15 digits or fewer, other text, a sign, two currencies.
        for t in [
            "",
            "$",
            "123456789012345x",
            "abc",
            "-12345678901234567",
            "$$12345678901234567",
            "$9.25($9.25($9.25($9.25",
            "12345678901234567 chips",
        ] {
            assert_eq!(unread_amount(t), ErrorKind::Malformed, "{t:?}");
        }
    }

    #[test]
    fn line_numbers_of_offsets() {
        let mut l = Lines::new("a\nb\nc", 10);
        assert_eq!((l.at(0), l.at(2), l.at(4)), (10, 11, 12));
        assert_eq!(l.at(1), 10);
        assert_eq!(l.at(99), 12);
    }

    #[test]
    fn names() {
        let players: Vec<Player> = ["Anna", "Anna Maria", "", "Bob"]
            .iter()
            .map(|n| Player {
                seat: 1,
                name: n.to_string(),
                stack: 0,
                sitting_out: false,
                bounty: None,
                cards: Vec::new(),
                draws: Vec::new(),
                shown: false,
                mucked: false,
            })
            .collect();
        let sp = |c: u8| c == b' ';
        assert_eq!(
            name_prefix(&players, "Anna Maria folds", sp, false),
            Some((1, 10))
        );
        assert_eq!(name_prefix(&players, "Anna folds", sp, false), Some((0, 4)));
        assert_eq!(name_prefix(&players, "Bob: folds", sp, false), None);
        assert_eq!(
            name_prefix(&players, "Bob: folds", |c| c == b':', false),
            Some((3, 3))
        );
        assert_eq!(name_prefix(&players, " folds", sp, false), None);
        assert_eq!(name_prefix(&players, " folds", sp, true), Some((2, 0)));
        assert_eq!(name_prefix(&players, "Bo folds", sp, true), None);
    }
}

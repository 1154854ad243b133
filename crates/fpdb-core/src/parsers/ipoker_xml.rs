//! The small, forgiving XML reader the iPoker parser needs, and the readers of the values iPoker
//! prints (amounts, dates, cards).
//!
//! iPoker files are not well-formed documents once split into hands: a chunk starts with the
//! previous game's `</game>`, files stop without `</session>`, the session header holds text such
//! as `Iscriviti[ €0,40 + €0,10 ] <br/>` and stray `}`. A strict XML parser would reject most of
//! them, so the chunk is read as a flat sequence of tags and texts, one pass, without allocating
//! (only entity-escaped names and texts are copied).

use std::borrow::Cow;

use chrono::{NaiveDate, NaiveDateTime};

use crate::cards::{rank_value, Card};
use crate::model::Money;

/// One piece of markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `<name attrs>` or `<name attrs/>` (`empty`).
    Open {
        name: &'a str,
        attrs: &'a str,
        empty: bool,
    },
    /// `</name>`.
    Close { name: &'a str },
    /// Text between tags, trimmed, never empty.
    Text(&'a str),
    /// A tag that the text ends inside of (a cut-off file).
    Cut,
}

/// The tokens of a text, each with the byte offset where it starts.
pub(super) struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    done: bool,
}

pub(super) fn tokens(text: &str) -> Tokens<'_> {
    Tokens {
        text,
        pos: 0,
        done: false,
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, Token<'a>);

    fn next(&mut self) -> Option<(usize, Token<'a>)> {
        loop {
            if self.done {
                return None;
            }
            let bytes = self.text.as_bytes();
            let rest = bytes.get(self.pos..)?;
            let Some(lt) = memchr::memchr(b'<', rest) else {
                // Trailing text after the last tag.
                self.done = true;
                let start = self.pos;
                let t = self.text.get(start..)?.trim();
                if t.is_empty() {
                    return None;
                }
                return Some((
                    start + leading_space(self.text.get(start..)?),
                    Token::Text(t),
                ));
            };
            let lt = self.pos + lt;
            if lt > self.pos {
                let raw = self.text.get(self.pos..lt)?;
                let t = raw.trim();
                let start = self.pos;
                self.pos = lt;
                if !t.is_empty() {
                    return Some((start + leading_space(raw), Token::Text(t)));
                }
            }
            // A tag from `lt`: find its '>' outside quoted attribute values.
            let Some(gt) = tag_end(bytes, lt) else {
                self.done = true;
                return Some((lt, Token::Cut));
            };
            self.pos = gt + 1;
            let inner = self.text.get(lt + 1..gt)?;
            match inner.as_bytes().first() {
                // Declarations, processing instructions, comments: nothing for us.
                Some(b'?') | Some(b'!') => continue,
                Some(b'/') => {
                    let name = inner.get(1..).unwrap_or("").trim();
                    return Some((lt, Token::Close { name }));
                }
                _ => {
                    let (body, empty) = match inner.strip_suffix('/') {
                        Some(b) => (b, true),
                        None => (inner, false),
                    };
                    let name_end = body
                        .bytes()
                        .position(|b| b.is_ascii_whitespace())
                        .unwrap_or(body.len());
                    let name = body.get(..name_end).unwrap_or("");
                    let attrs = body.get(name_end..).unwrap_or("");
                    return Some((lt, Token::Open { name, attrs, empty }));
                }
            }
        }
    }
}

fn leading_space(s: &str) -> usize {
    s.len() - s.trim_start().len()
}

/// Index of the '>' closing the tag that starts at `lt`, skipping quoted values. Comments end at
/// "-->".
fn tag_end(bytes: &[u8], lt: usize) -> Option<usize> {
    if bytes.get(lt + 1..lt + 4) == Some(b"!--") {
        let rest = bytes.get(lt + 4..)?;
        let i = memchr::memmem::find(rest, b"-->")?;
        return Some(lt + 4 + i + 2);
    }
    let mut quote = 0u8;
    for (i, &b) in bytes.iter().enumerate().skip(lt + 1) {
        match b {
            b'"' | b'\'' if quote == 0 => quote = b,
            q if q == quote && quote != 0 => quote = 0,
            b'>' if quote == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The value of attribute `key` in a tag's attribute text (raw, entities not decoded).
pub(super) fn attr<'a>(attrs: &'a str, key: &str) -> Option<&'a str> {
    let b = attrs.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let name_start = i;
        while i < b.len() && b[i] != b'=' && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        let name = attrs.get(name_start..i)?;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) != Some(&b'=') {
            // An attribute without a value: skip it.
            if i == name_start {
                i += 1;
            }
            continue;
        }
        i += 1;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let (start, end) = match b.get(i) {
            Some(&q @ (b'"' | b'\'')) => {
                let start = i + 1;
                let len = memchr::memchr(q, b.get(start..)?).unwrap_or(b.len() - start);
                (start, start + len)
            }
            _ => {
                let start = i;
                let len = b
                    .get(start..)?
                    .iter()
                    .position(|c| c.is_ascii_whitespace())
                    .unwrap_or(b.len() - start);
                (start, start + len)
            }
        };
        if name == key {
            return attrs.get(start..end);
        }
        i = end + 1;
    }
    None
}

/// Decodes the five XML entities and numeric character references; other `&` are kept.
pub(super) fn unescape(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i..).unwrap_or("");
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let entity = after.get(1..e)?;
            let c = match entity {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let num = entity.strip_prefix('#')?;
                    let code = match num.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => num.parse().ok()?,
                    };
                    char::from_u32(code)?
                }
            };
            Some((c, e + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = after.get(len..).unwrap_or("");
            }
            None => {
                out.push('&');
                rest = after.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Why an amount could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AmountError {
    /// Not an amount.
    Bad,
    /// More than a bigint holds.
    TooBig,
}

/// Reads an amount as iPoker prints it and returns it times `scale`, rounded half up.
///
/// A currency symbol or code may stand before or after the number (`$0.02`, `€0,50`, `0,02€`,
/// `Pts 11.00`, `5 kr`). The thousands separator and the decimal point vary with the skin's
/// language, so they are told apart by position: with both `.` and `,` the last one is the
/// decimal point; a single separator kind that appears more than once separates thousands; a
/// single separator followed by exactly three digits separates thousands (`1.500` chips,
/// `€1,000`) unless the part before it is 0 (`0.005`); otherwise it is the decimal point. Spaces
/// and apostrophes between digits are thousands separators.
pub(super) fn amount(text: &str, scale: i64) -> Result<Money, AmountError> {
    let t = text.trim();
    // The number: from the first digit to the last one.
    let first = t
        .bytes()
        .position(|b| b.is_ascii_digit())
        .ok_or(AmountError::Bad)?;
    let last = t
        .bytes()
        .rposition(|b| b.is_ascii_digit())
        .ok_or(AmountError::Bad)?;
    let num = t.get(first..=last).ok_or(AmountError::Bad)?;
    // A minus sign just before the number: amounts are never negative.
    if t.get(..first).is_some_and(|p| p.trim_end().ends_with('-')) {
        return Err(AmountError::Bad);
    }
    let mut dots = 0usize;
    let mut commas = 0usize;
    for b in num.bytes() {
        match b {
            b'0'..=b'9' | b' ' | b'\'' => {}
            b'.' => dots += 1,
            b',' => commas += 1,
            _ => return Err(AmountError::Bad),
        }
    }
    // Which byte, if any, is the decimal point.
    let decimal: Option<usize> = if dots > 0 && commas > 0 {
        num.bytes().rposition(|b| b == b'.' || b == b',')
    } else if dots + commas == 1 {
        let i = num
            .bytes()
            .position(|b| b == b'.' || b == b',')
            .ok_or(AmountError::Bad)?;
        let frac_digits = num.len() - i - 1;
        let int_part = num.get(..i).unwrap_or("").trim();
        if frac_digits == 3 && int_part.bytes().any(|b| b != b'0') {
            None
        } else {
            Some(i)
        }
    } else {
        None
    };
    let mut int: i128 = 0;
    let mut frac: i128 = 0;
    let mut frac_den: i128 = 1;
    for (i, b) in num.bytes().enumerate() {
        if !b.is_ascii_digit() {
            continue;
        }
        let d = i128::from(b - b'0');
        match decimal {
            Some(p) if i > p => {
                // Digits beyond 18 decimals cannot matter.
                if frac_den < 1_000_000_000_000_000_000 {
                    frac = frac * 10 + d;
                    frac_den *= 10;
                }
            }
            _ => {
                int = int
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(d))
                    .ok_or(AmountError::TooBig)?;
                if int > i128::from(i64::MAX) {
                    return Err(AmountError::TooBig);
                }
            }
        }
    }
    let scale = i128::from(scale);
    let whole = int.checked_mul(scale).ok_or(AmountError::TooBig)?;
    let part = frac * scale;
    let mut value = whole + part / frac_den;
    if (part % frac_den) * 2 >= frac_den {
        value += 1;
    }
    i64::try_from(value).map_err(|_| AmountError::TooBig)
}

/// English month abbreviations, as the `20-Apr-2012` dates print them.
const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Reads the dates iPoker skins print: `2011-11-04 18:46:19`, `2011/11/04 18:46:19`,
/// `20-Apr-2012 20:42:31`, `18.05.2021 18:26:13`, `30/01/2012 02:30` (day first, as fpdb reads
/// it; when the second number cannot be a month the first one is taken as the month). Seconds
/// are optional.
pub(super) fn date_time(text: &str) -> Option<NaiveDateTime> {
    let t = text.trim();
    let (date, time) = t.split_once(' ')?;
    let mut parts = date.split(['-', '/', '.']);
    let a = parts.next()?;
    let b = parts.next()?;
    let c = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let month_of = |s: &str| -> Option<u32> {
        if let Ok(m) = s.parse::<u32>() {
            return Some(m);
        }
        let low = s.get(..3)?.to_ascii_lowercase();
        MONTHS
            .iter()
            .position(|m| *m == low)
            .and_then(|i| u32::try_from(i + 1).ok())
    };
    let (y, m, d) = if a.len() == 4 {
        (a.parse::<i32>().ok()?, month_of(b)?, c.parse::<u32>().ok()?)
    } else {
        let first: u32 = a.parse().ok()?;
        let second = month_of(b)?;
        let year: i32 = c.parse().ok()?;
        if second > 12 && first <= 12 {
            (year, first, second)
        } else {
            (year, second, first)
        }
    };
    let mut tp = time.trim().split(':');
    let hh: u32 = tp.next()?.trim().parse().ok()?;
    let mm: u32 = tp.next()?.trim().parse().ok()?;
    let ss: u32 = match tp.next() {
        Some(s) => s.trim().get(..2).unwrap_or(s.trim()).parse().ok()?,
        None => 0,
    };
    NaiveDate::from_ymd_opt(y, m, d)?.and_hms_opt(hh, mm, ss)
}

/// One card as iPoker prints it: suit letter first, then the rank (`S9`, `D10`, `HK`); `X` is a
/// card not shown. `None` when the text is not a card.
pub(super) fn card(text: &str) -> Option<Card> {
    let b = text.as_bytes();
    match b {
        [x] if x.eq_ignore_ascii_case(&b'x') => return Some(Card::UNKNOWN),
        [x, y] if x.eq_ignore_ascii_case(&b'x') && y.eq_ignore_ascii_case(&b'x') => {
            return Some(Card::UNKNOWN)
        }
        _ => {}
    }
    let (&suit, rank) = b.split_first()?;
    let suit = match suit.to_ascii_uppercase() {
        b'H' => 0,
        b'D' => 1,
        b'C' => 2,
        b'S' => 3,
        _ => return None,
    };
    let rank = match rank {
        b"10" => 10,
        [r] => rank_value(*r)?,
        _ => return None,
    };
    Card::from_rank_suit(rank, suit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::{CENTS, CHIPS};

    #[test]
    fn tokens_of_a_game_line() {
        let t = r#"	</game><game gamecode="2855470872"><player seat="1" name="a &amp; b" chips="$1"/>text<br/></x>"#;
        let toks: Vec<Token> = tokens(t).map(|(_, t)| t).collect();
        assert_eq!(toks[0], Token::Close { name: "game" });
        assert!(matches!(
            toks[1],
            Token::Open {
                name: "game",
                empty: false,
                ..
            }
        ));
        let Token::Open { name, attrs, empty } = toks[2] else {
            panic!("{:?}", toks[2]);
        };
        assert_eq!((name, empty), ("player", true));
        assert_eq!(attr(attrs, "seat"), Some("1"));
        assert_eq!(attr(attrs, "chips"), Some("$1"));
        assert_eq!(unescape(attr(attrs, "name").unwrap()), "a & b");
        assert_eq!(attr(attrs, "win"), None);
        assert_eq!(toks[3], Token::Text("text"));
        assert!(matches!(
            toks[4],
            Token::Open {
                name: "br",
                empty: true,
                ..
            }
        ));
        assert_eq!(toks[5], Token::Close { name: "x" });
        assert_eq!(toks.len(), 6);
    }

    #[test]
    fn cut_tags_and_quoted_brackets() {
        let toks: Vec<Token> = tokens(r#"<?xml version="1.0"?><a n="x>y"/><b c="#)
            .map(|(_, t)| t)
            .collect();
        let Token::Open { attrs, .. } = toks[0] else {
            panic!()
        };
        assert_eq!(attr(attrs, "n"), Some("x>y"));
        assert_eq!(toks[1], Token::Cut);
    }

    #[test]
    fn entities() {
        assert_eq!(
            unescape("&quot;TURBO&quot; &#233;t&#xE9; &bogus; &"),
            "\"TURBO\" été &bogus; &"
        );
        assert!(matches!(unescape("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn amounts() {
        assert_eq!(amount("$0.02", CENTS), Ok(2));
        assert_eq!(amount("€0,50", CENTS), Ok(50));
        assert_eq!(amount("€1", CENTS), Ok(100));
        assert_eq!(amount("€1,000", CENTS), Ok(100_000));
        assert_eq!(amount("€1,013.50", CENTS), Ok(101_350));
        assert_eq!(amount("$2,473.97", CENTS), Ok(247_397));
        assert_eq!(amount("0,02€", CENTS), Ok(2));
        assert_eq!(amount("£5.95", CENTS), Ok(595));
        assert_eq!(amount("Pts 11.00", CENTS), Ok(1100));
        assert_eq!(amount("1.500", CHIPS), Ok(1500));
        assert_eq!(amount("10,515", CHIPS), Ok(10_515));
        assert_eq!(amount("1 500", CHIPS), Ok(1500));
        assert_eq!(amount("74,294.92", CHIPS), Ok(74_295));
        assert_eq!(amount("0.005", CENTS), Ok(1));
        assert_eq!(amount("1.234.567", CHIPS), Ok(1_234_567));
        assert_eq!(amount("$0", CENTS), Ok(0));
        assert_eq!(amount("", CENTS), Err(AmountError::Bad));
        assert_eq!(amount("N/A", CENTS), Err(AmountError::Bad));
        assert_eq!(amount("-5", CHIPS), Err(AmountError::Bad));
        assert_eq!(amount("1/2", CHIPS), Err(AmountError::Bad));
        assert_eq!(
            amount("99999999999999999999", CHIPS),
            Err(AmountError::TooBig)
        );
        assert_eq!(
            amount("92233720368547758.08", CENTS),
            Err(AmountError::TooBig)
        );
        assert_eq!(amount("92233720368547758.07", CENTS), Ok(i64::MAX));
    }

    #[test]
    fn dates() {
        let f = |s: &str| date_time(s).map(|d| d.format("%Y-%m-%d %H:%M:%S").to_string());
        assert_eq!(
            f("2011-11-04 18:46:19").as_deref(),
            Some("2011-11-04 18:46:19")
        );
        assert_eq!(
            f("20-Apr-2012 20:42:31").as_deref(),
            Some("2012-04-20 20:42:31")
        );
        assert_eq!(
            f("18.05.2021 18:26:13").as_deref(),
            Some("2021-05-18 18:26:13")
        );
        assert_eq!(
            f("30/01/2012 02:30").as_deref(),
            Some("2012-01-30 02:30:00")
        );
        assert_eq!(
            f("01/30/2012 02:30").as_deref(),
            Some("2012-01-30 02:30:00")
        );
        assert_eq!(
            f("2012/01/30 02:30:01").as_deref(),
            Some("2012-01-30 02:30:01")
        );
        assert_eq!(f("N/A"), None);
        assert_eq!(f("2012-13-01 00:00:00"), None);
        assert_eq!(f("2012-01-01 25:00:00"), None);
    }

    #[test]
    fn cards() {
        assert_eq!(card("S9").map(|c| c.to_string()).as_deref(), Some("9s"));
        assert_eq!(card("D10").map(|c| c.to_string()).as_deref(), Some("Td"));
        assert_eq!(card("HK").map(|c| c.to_string()).as_deref(), Some("Kh"));
        assert_eq!(card("cA").map(|c| c.to_string()).as_deref(), Some("Ac"));
        assert_eq!(card("X"), Some(Card::UNKNOWN));
        assert_eq!(card("x"), Some(Card::UNKNOWN));
        assert_eq!(card("Z9"), None);
        assert_eq!(card("H1"), None);
        assert_eq!(card(""), None);
    }
}

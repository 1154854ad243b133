//! The Big Game (PokerStars.net's televised cash game, season 1, 2010): the hands its web
//! site's hand viewer served, one JavaScript file a hand, stored under the site name
//! `TheBigGame`.
//!
//! The files are not PokerStars text (nor any room's text): each hand is two lines, the address
//! of the viewer's file and the file itself, a call of the viewer's `LoadHand` with a
//! JavaScript object literal (unquoted keys, no spaces):
//!
//! ```text
//! URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js
//! LoadHand({Hand:{Title:"d1h1",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,
//!   CurrentBet:0,Dealer:4,CardsOut:[],Players: [{Name:"E. WIGGINS",Seat:1,Stack:100000,
//!   Cards:["da","dj"],CurrentBet:0},...]},Plays:[{Seat:1,Action:"Calls"},...,
//!   {Seat:0,Action:"Deal",value:["sq","d2","s3"]},...,{Seat:4,Action:"Wins",value:3000}]})
//! ```
//!
//! (one line in the files). The object is read by a small reader of JavaScript literals
//! (objects, arrays, strings, numbers, `true`, `false`, `null`), nested at most 16 deep; every
//! key of the hand, its players and its plays is known, and an unknown one is refused.
//!
//! # The game
//!
//! Six-handed hold'em for real money: the files print no currency, the show was played for US
//! dollars (stored in cents: `Stack:100000` is $100,000); pot limit before the flop and no limit
//! after it (`pn`), the show's rules; no rake (every pot the viewer shows is won whole). `SmallBlind`/`BigBlind` are the blinds ($200/$400 in every
//! hand), `Ante` the ante the button pays for the whole table ($600: $100 a seat): it is stored
//! as his ante, dead money, and as the game's ante (the amount posted, as PokerStars' parser
//! stores a big-blind ante). Straddles (`Straddles`, value the chips posted: $800, a second
//! straddle $1,600) are posted before the cards by any seat: they are read as posts whatever
//! their place in the list of plays.
//!
//! # Hand numbers and times
//!
//! The address names the season, the week (one episode of the show, 150 hands), the day (1 to
//! 5, thirty hands a day) and the hand within the week: `.../data/s1/w12/d5/d12h150.js`
//! (the file's `d12` repeats the week). `site_hand_id` is the path `s1/w12/d5/d12h150`,
//! `site_hand_no` is `((season·100 + week)·10 + day)·10^4 + hand` (`11250150`); a week of 100 or
//! more, a day of 10 or more or a hand of 10^4 or more is refused as out of range, so the
//! mapping is injective. The object's `Title` (`d12h150`, in week 10 misprinted `dd10h1`) must
//! end with the same hand number.
//!
//! The viewer prints no date or time: the start time is unknown and stored as the Unix epoch,
//! 1970-01-01 00:00:00 UTC (as for 888poker's hands without a date).
//!
//! # What the format holds, key by key
//!
//! - `Hand`: `Title` (above), `NumberOfSeats` (the table's size), `BigBlind`, `SmallBlind`,
//!   `Ante`, `Dealer` (the button's seat), `Players`; `PotSize`, `CurrentBet` and `CardsOut`,
//!   the viewer's starting state, must be 0, 0 and empty (anything else is refused).
//! - `Players`: `Name`, `Seat`, `Stack` (before the blinds), `Cards` (the hole cards the table's
//!   cameras saw, suit first: `"da"` is the ace of diamonds; `[]` unknown), `CurrentBet` (0). A
//!   seat listed with an empty name, no stack and no cards is an empty seat.
//! - `Plays`, in order: `Folds`, `Checks`, `Calls` (to the highest bet, or all in for less),
//!   `Bets` (value: the chips added; a bet facing the big blind is a raise by that many), `Raises
//!   To` (value: the player's total on the street), `All-In` (the player's whole stack: a bet,
//!   raise or call by its size), `Straddles` (above), `Takes Back` (value: the uncalled part of
//!   an all-in bet given back), `Wins` (value: what the player takes, an uncalled bet included:
//!   fpdb gives that part back), and `Deal` of seat 0 (value: the board cards dealt, 3 for the
//!   flop, then 1 and 1; an empty deal deals nothing).
//! - The blinds are not in the plays: the two players after the button post them (heads-up the
//!   button posts the small blind). When the seat after the button is empty and the first
//!   player to act is the one after the first player past the button, that player posts the big
//!   blind and the small blind is dead (not posted): the show moved the big blind one seat on.
//! - After an all-in the runout may come out of order and more than once (the players ran it
//!   up to five times): the deals after the last action are the runout. Before the flop, its
//!   three-card deal is the flop (shown first or last). Then single cards fill the first run in
//!   order and each deal of as many cards as a run needs (two for turn and river) is a further
//!   run; every run is stored as a board of its own (`Hand::boards`, run order) and the winners'
//!   `Wins` are kept whole (the viewer does not say which run paid what). A runout that does not
//!   make whole boards, or a card dealt twice, is refused.
//! - `Deal`s after the first `Wins` are the viewer's leftovers (often the previous hand's turn
//!   and river, cards that are in a player's hand) and are ignored; any other play after a
//!   `Wins` but another `Wins` is refused.
//! - The hole-card cameras sometimes misread a card: a card shown twice (in two players' hands,
//!   or in a hand and on the board) makes the hole cards of every player holding it unknown; the
//!   board is kept.
//! - Every player still in at the end showed his cards.
//!
//! Refused, with the line: any other key or action, an action by a seat nobody holds or by a
//! player who folded, a check facing a bet, a call with nothing to call, a bet or raise larger
//! than the stack, a raise to no more than the highest bet, a straddle after the flop, a hand
//! without a `Wins` (unfinished) or whose `LoadHand` line is cut (unfinished), and a hand whose
//! money does not balance (the viewer's data is sometimes wrong: a `Wins` of more or less than
//! the pot, a blind the next hand's stacks show was not posted).

use std::borrow::Cow;

use chrono::{DateTime, Utc};

use crate::amount::CENTS;
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, HandLines};
use crate::parsers::verbs::{Betting, Raise, Rules, Verb};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;

/// The Big Game's hand viewer files.
#[derive(Debug)]
pub struct TheBigGame;
room!(
    TheBigGame,
    SITE,
    b"U",
    |l| hand_id(l).is_some(),
    parse_chunk
);

const SITE: &str = "TheBigGame";

/// What every hand is stored as: the show had one table.
const TABLE: &str = "The Big Game";

const CURRENCY: &str = "USD";

/// The address line before each hand, up to the path of the hand's file.
const URL_PREFIXES: [&str; 2] = [
    "URL: http://thebiggame.pokerstars.net/data/",
    "URL: https://thebiggame.pokerstars.net/data/",
];

const LOAD_HAND: &str = "LoadHand(";

/// Nesting the literal reader accepts (the files nest four deep).
const MAX_DEPTH: usize = 16;

/// The betting rules: a straddle's value is the chips it adds.
const RULES: Rules = Rules::NONE;

// ---------------------------------------------------------------------------------------------
// The address line and the hand number
// ---------------------------------------------------------------------------------------------

/// The numbers of a hand's address `.../data/s1/w1/d2/d1h33.js`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct HandId {
    season: u64,
    week: u64,
    day: u64,
    hand: u64,
}

impl HandId {
    /// `((season·100 + week)·10 + day)·10^4 + hand`, `None` when a part is too large for its
    /// digits or the number for a bigint.
    fn number(self) -> Option<i64> {
        if self.week >= 100 || self.day >= 10 || self.hand >= 10_000 {
            return None;
        }
        let s = i64::try_from(self.season).ok()?;
        s.checked_mul(100)?
            .checked_add(self.week as i64)?
            .checked_mul(10)?
            .checked_add(self.day as i64)?
            .checked_mul(10_000)?
            .checked_add(self.hand as i64)
    }

    fn text(self) -> String {
        let HandId {
            season,
            week,
            day,
            hand,
        } = self;
        format!("s{season}/w{week}/d{day}/d{week}h{hand}")
    }
}

/// `letter` and the digits after it at the start of `s` (up to 18), and the rest.
fn number_after(s: &str, letter: char) -> Option<(u64, &str)> {
    let r = s.strip_prefix(letter)?;
    let (v, n) = text::leading_digits(r);
    (1..=18).contains(&n).then(|| (v, &r[n..]))
}

/// The hand's numbers from its address line, `None` when `line` is not one.
fn hand_id(line: &str) -> Option<HandId> {
    let path = URL_PREFIXES.iter().find_map(|p| line.strip_prefix(p))?;
    let (season, r) = number_after(path, 's')?;
    let (week, r) = number_after(r.strip_prefix('/')?, 'w')?;
    let (day, r) = number_after(r.strip_prefix('/')?, 'd')?;
    let (file_week, r) = number_after(r.strip_prefix('/')?, 'd')?;
    let (hand, r) = number_after(r, 'h')?;
    (file_week == week && r.trim_end() == ".js").then_some(HandId {
        season,
        week,
        day,
        hand,
    })
}

// ---------------------------------------------------------------------------------------------
// JavaScript literals
// ---------------------------------------------------------------------------------------------

/// A JavaScript literal value.
#[derive(Debug, Clone, PartialEq)]
enum Js<'a> {
    /// A number, as written.
    Num(&'a str),
    Str(Cow<'a, str>),
    Arr(Vec<Js<'a>>),
    /// The entries in the order written.
    Obj(Vec<(Cow<'a, str>, Js<'a>)>),
    Bool(bool),
    Null,
}

/// Why a literal could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JsError {
    /// The text ends inside it.
    Cut,
    /// What is wrong at the byte where the reading stopped.
    Bad(&'static str),
}

/// A reader of one literal.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader { text, pos: 0 }
    }

    /// The call's argument: a value, `)`, optionally `;`, the end.
    fn call_argument(&mut self) -> Result<Js<'a>, JsError> {
        let v = self.value(0)?;
        self.expect(b')', "the LoadHand call not closed after its object")?;
        self.blanks();
        if self.text.as_bytes().get(self.pos) == Some(&b';') {
            self.pos += 1;
        }
        self.blanks();
        if self.pos < self.text.len() {
            return Err(JsError::Bad("text after the LoadHand call"));
        }
        Ok(v)
    }

    fn blanks(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The next byte after blanks, not consumed.
    fn peek(&mut self) -> Result<u8, JsError> {
        self.blanks();
        self.text
            .as_bytes()
            .get(self.pos)
            .copied()
            .ok_or(JsError::Cut)
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Result<(), JsError> {
        if self.peek()? == byte {
            self.pos += 1;
            Ok(())
        } else {
            Err(JsError::Bad(what))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Js<'a>, JsError> {
        if depth > MAX_DEPTH {
            return Err(JsError::Bad("values nested too deep"));
        }
        match self.peek()? {
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            q @ (b'"' | b'\'') => self.string(q).map(Js::Str),
            b'-' | b'0'..=b'9' => self.number().map(Js::Num),
            b if b.is_ascii_alphabetic() => match self.word() {
                "true" => Ok(Js::Bool(true)),
                "false" => Ok(Js::Bool(false)),
                "null" => Ok(Js::Null),
                _ => Err(JsError::Bad("a word that is not a value")),
            },
            _ => Err(JsError::Bad("not a value")),
        }
    }

    /// Letters, digits, `_` and `$` from the current byte.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        let b = self.text.as_bytes();
        while self.pos < b.len()
            && (b[self.pos].is_ascii_alphanumeric() || b"_$".contains(&b[self.pos]))
        {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn number(&mut self) -> Result<&'a str, JsError> {
        let start = self.pos;
        let b = self.text.as_bytes();
        if b.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let digits = |r: &mut Self| {
            let s = r.pos;
            while r.pos < b.len() && b[r.pos].is_ascii_digit() {
                r.pos += 1;
            }
            r.pos - s
        };
        if digits(self) == 0 {
            return Err(self.cut_or("a number without digits"));
        }
        if b.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.cut_or("a number without digits after its point"));
            }
        }
        if matches!(b.get(self.pos), Some(b'e' | b'E')) {
            return Err(JsError::Bad("a number with an exponent"));
        }
        Ok(&self.text[start..self.pos])
    }

    /// Cut when the text has ended, else `what`.
    fn cut_or(&self, what: &'static str) -> JsError {
        if self.pos >= self.text.len() {
            JsError::Cut
        } else {
            JsError::Bad(what)
        }
    }

    /// A string quoted by `q`, its escapes read.
    fn string(&mut self, q: u8) -> Result<Cow<'a, str>, JsError> {
        self.pos += 1; // the opening quote
        let start = self.pos;
        let b = self.text.as_bytes();
        // Plain strings (every string of the files) are borrowed.
        while self.pos < b.len() && b[self.pos] != q && b[self.pos] != b'\\' {
            self.pos += 1;
        }
        match b.get(self.pos) {
            None => return Err(JsError::Cut),
            Some(&c) if c == q => {
                self.pos += 1;
                return Ok(Cow::Borrowed(&self.text[start..self.pos - 1]));
            }
            Some(_) => {}
        }
        let mut out = String::from(&self.text[start..self.pos]);
        loop {
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else {
                return Err(JsError::Cut);
            };
            self.pos += c.len_utf8();
            match c {
                c if c as u32 == u32::from(q) => return Ok(Cow::Owned(out)),
                '\\' => {
                    let e = *b.get(self.pos).ok_or(JsError::Cut)?;
                    self.pos += 1;
                    match e {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => out.push(self.unicode_escape()?),
                        b'"' | b'\'' | b'\\' | b'/' => out.push(e as char),
                        _ => return Err(JsError::Bad("an unknown escape in a string")),
                    }
                }
                c => out.push(c),
            }
        }
    }

    /// The four hex digits after `\u` (a surrogate pair as two escapes).
    fn unicode_escape(&mut self) -> Result<char, JsError> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) {
            if self.text.as_bytes().get(self.pos..self.pos + 2) != Some(b"\\u") {
                return Err(self.cut_or("half a surrogate pair"));
            }
            self.pos += 2;
            let second = self.hex4()?;
            return char::decode_utf16([first, second])
                .next()
                .and_then(Result::ok)
                .ok_or(JsError::Bad("half a surrogate pair"));
        }
        char::from_u32(u32::from(first)).ok_or(JsError::Bad("half a surrogate pair"))
    }

    fn hex4(&mut self) -> Result<u16, JsError> {
        if self.pos + 4 > self.text.len() {
            return Err(JsError::Cut);
        }
        let digits = self
            .text
            .get(self.pos..self.pos + 4)
            .ok_or(JsError::Bad("a bad \\u escape"))?;
        let v = u16::from_str_radix(digits, 16).map_err(|_| JsError::Bad("a bad \\u escape"))?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(JsError::Bad("a bad \\u escape"));
        }
        self.pos += 4;
        Ok(v)
    }

    fn array(&mut self, depth: usize) -> Result<Js<'a>, JsError> {
        self.pos += 1; // [
        let mut items = Vec::new();
        loop {
            if self.peek()? == b']' {
                self.pos += 1;
                return Ok(Js::Arr(items));
            }
            items.push(self.value(depth + 1)?);
            match self.peek()? {
                b',' => self.pos += 1,
                b']' => {}
                _ => return Err(JsError::Bad("an array item not followed by ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Js<'a>, JsError> {
        self.pos += 1; // {
        let mut entries = Vec::new();
        loop {
            let key = match self.peek()? {
                b'}' => {
                    self.pos += 1;
                    return Ok(Js::Obj(entries));
                }
                q @ (b'"' | b'\'') => self.string(q)?,
                b if b.is_ascii_alphabetic() || b"_$".contains(&b) => Cow::Borrowed(self.word()),
                _ => return Err(JsError::Bad("an object key that is not a name")),
            };
            self.expect(b':', "an object key not followed by ':'")?;
            entries.push((key, self.value(depth + 1)?));
            match self.peek()? {
                b',' => self.pos += 1,
                b'}' => {}
                _ => return Err(JsError::Bad("an object entry not followed by ',' or '}'")),
            }
        }
    }
}

/// The literal of a `LoadHand(...)` line (after its `LoadHand(`), which must close the call
/// (`)`, optionally `;`) and end the line. An error comes with the byte offset where the reading
/// stopped.
fn load_hand(args: &str) -> Result<Js<'_>, (JsError, usize)> {
    let mut r = Reader::new(args);
    r.call_argument().map_err(|e| (e, r.pos))
}

// ---------------------------------------------------------------------------------------------
// Reading the literal's values
// ---------------------------------------------------------------------------------------------

type Entries<'v, 'a> = &'v [(Cow<'a, str>, Js<'a>)];

/// The values of the keys `names` of the object `v` (`what` names it in errors): every key of
/// the object must be one of them, once.
fn fields<'v, 'a, const N: usize>(
    v: &'v Js<'a>,
    names: [&str; N],
    what: &str,
    no: u32,
) -> Result<[Option<&'v Js<'a>>; N], ParseError> {
    let Js::Obj(entries) = v else {
        return Err(ParseError::malformed(
            no,
            format!("{what} is not an object"),
        ));
    };
    let entries: Entries<'v, 'a> = entries;
    let mut out = [None; N];
    for (key, value) in entries {
        let Some(i) = names.iter().position(|n| *n == key.as_ref()) else {
            return Err(ParseError::malformed(
                no,
                format!("unknown key `{key}` in {what}"),
            ));
        };
        if out[i].replace(value).is_some() {
            return Err(ParseError::malformed(
                no,
                format!("`{key}` twice in {what}"),
            ));
        }
    }
    Ok(out)
}

/// A key that must be there.
fn needed<'v, 'a>(
    v: Option<&'v Js<'a>>,
    key: &str,
    what: &str,
    no: u32,
) -> Result<&'v Js<'a>, ParseError> {
    v.ok_or_else(|| ParseError::malformed(no, format!("{what} has no `{key}`")))
}

/// A whole number of at most `max`.
fn whole(v: &Js<'_>, key: &str, max: u64, no: u32) -> Result<u64, ParseError> {
    let bad = || ParseError::malformed(no, format!("`{key}` is not a whole number up to {max}"));
    let Js::Num(t) = v else { return Err(bad()) };
    let (n, len) = text::leading_digits(t);
    if len == 0 || len != t.len() || len > 18 || n > max {
        return Err(bad());
    }
    Ok(n)
}

/// An amount in dollars, in cents.
fn money(v: &Js<'_>, key: &str, no: u32) -> Result<Money, ParseError> {
    let Js::Num(t) = v else {
        return Err(ParseError::malformed(
            no,
            format!("`{key}` is not an amount"),
        ));
    };
    text::checked_money(t, CENTS, no)
}

fn string<'v>(v: &'v Js<'_>, key: &str, no: u32) -> Result<&'v str, ParseError> {
    match v {
        Js::Str(s) => Ok(s),
        _ => Err(ParseError::malformed(
            no,
            format!("`{key}` is not a string"),
        )),
    }
}

/// A card as the viewer writes it, suit first (`"da"`, `"ct"`); `"xx"` unknown.
fn card(s: &str) -> Option<Card> {
    let b = s.as_bytes();
    if b.len() != 2 || !b.is_ascii() {
        return None;
    }
    let swapped = [b[1], b[0]];
    Card::parse_opt(std::str::from_utf8(&swapped).ok()?)
}

/// An array of at most `max` cards.
fn cards(v: &Js<'_>, key: &str, max: usize, no: u32) -> Result<Vec<Card>, ParseError> {
    let bad = || ParseError::malformed(no, format!("`{key}` is not a list of up to {max} cards"));
    let Js::Arr(items) = v else { return Err(bad()) };
    if items.len() > max {
        return Err(bad());
    }
    items
        .iter()
        .map(|c| match c {
            Js::Str(s) => card(s).ok_or_else(|| {
                ParseError::malformed(no, format!("`{key}` holds `{s}`, which is not a card"))
            }),
            _ => Err(bad()),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The plays
// ---------------------------------------------------------------------------------------------

/// What a play does.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Act {
    Fold,
    Check,
    Call,
    /// The chips added.
    Bet(Money),
    /// The player's total on the street.
    RaiseTo(Money),
    AllIn,
    Straddle(Money),
    TakesBack(Money),
    Wins(Money),
    Deal(Vec<Card>),
}

impl Act {
    /// Folds, checks, calls, bets, raises and all-ins: the betting.
    fn is_betting(&self) -> bool {
        matches!(
            self,
            Act::Fold | Act::Check | Act::Call | Act::Bet(_) | Act::RaiseTo(_) | Act::AllIn
        )
    }
}

/// One entry of `Plays`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Play {
    /// 0 for the dealer's deals.
    seat: u64,
    act: Act,
}

fn play(v: &Js<'_>, i: usize, no: u32) -> Result<Play, ParseError> {
    let what = format!("play {}", i + 1);
    let [seat, action, value] = fields(v, ["Seat", "Action", "value"], &what, no)?;
    let seat = whole(needed(seat, "Seat", &what, no)?, "Seat", 255, no)?;
    let action = string(needed(action, "Action", &what, no)?, "Action", no)?;
    let amount = |no| -> Result<Money, ParseError> {
        money(needed(value, "value", &what, no)?, "value", no)
    };
    let act = match action {
        "Folds" => Act::Fold,
        "Checks" => Act::Check,
        "Calls" => Act::Call,
        "All-In" => Act::AllIn,
        "Bets" => Act::Bet(amount(no)?),
        "Raises To" => Act::RaiseTo(amount(no)?),
        "Straddles" => Act::Straddle(amount(no)?),
        "Takes Back" => Act::TakesBack(amount(no)?),
        "Wins" => Act::Wins(amount(no)?),
        "Deal" => Act::Deal(cards(needed(value, "value", &what, no)?, "value", 5, no)?),
        other => {
            return Err(ParseError::malformed(
                no,
                format!("{what}: unknown action `{other}`"),
            ))
        }
    };
    let takes_value = matches!(
        act,
        Act::Bet(_)
            | Act::RaiseTo(_)
            | Act::Straddle(_)
            | Act::TakesBack(_)
            | Act::Wins(_)
            | Act::Deal(_)
    );
    if value.is_some() && !takes_value {
        return Err(ParseError::malformed(
            no,
            format!("{what}: `{action}` with a value"),
        ));
    }
    if (seat == 0) != matches!(act, Act::Deal(_)) {
        return Err(ParseError::malformed(
            no,
            format!("{what}: `{action}` of seat {seat} (seat 0 is the dealer's, who only deals)"),
        ));
    }
    Ok(Play { seat, act })
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let id = hand_id(first.trim_end())
            .ok_or_else(|| ParseError::malformed(first_no, "not a The Big Game hand address"))?;
        let no = id
            .number()
            .ok_or_else(|| ParseError::hand_no_too_large(first_no))?;
        Ok((Parser { id, no, hand: None }, no))
    })
}

struct Parser {
    id: HandId,
    no: i64,
    /// The hand, once its `LoadHand` line is read.
    hand: Option<Hand>,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.hand.is_some() {
            return Err(ParseError::malformed(
                no,
                "a line after the hand's LoadHand line",
            ));
        }
        let Some(args) = line.strip_prefix(LOAD_HAND) else {
            return Err(ParseError::malformed(
                no,
                "not a LoadHand line (the line after a hand's address)",
            ));
        };
        let v = load_hand(args).map_err(|(e, at)| match e {
            JsError::Cut => ParseError::new(
                ErrorKind::Unfinished,
                no,
                "the LoadHand line stops inside its object: the file was cut",
            ),
            JsError::Bad(what) => ParseError::malformed(
                no,
                format!(
                    "unreadable LoadHand object: {what} (byte {} of the line)",
                    at + LOAD_HAND.len() + 1
                ),
            ),
        })?;
        self.hand = Some(read_hand(self.id, self.no, no, &v)?);
        Ok(())
    }

    fn finish(self, last: u32) -> Result<Hand, ParseError> {
        self.hand.ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unfinished,
                last,
                "the hand stops before its LoadHand line: the file was cut",
            )
        })
    }
}

/// A seated player: his seat and index.
type Seated = (u64, PlayerIdx);

/// Reads the hand of the `LoadHand` object `v` on line `no`.
fn read_hand(id: HandId, hand_no: i64, no: u32, v: &Js<'_>) -> Result<Hand, ParseError> {
    let [hand, plays] = fields(v, ["Hand", "Plays"], "the LoadHand object", no)?;
    let hand = needed(hand, "Hand", "the LoadHand object", no)?;
    let [title, seats, pot_size, bb, sb, ante, current_bet, dealer, cards_out, players] = fields(
        hand,
        [
            "Title",
            "NumberOfSeats",
            "PotSize",
            "BigBlind",
            "SmallBlind",
            "Ante",
            "CurrentBet",
            "Dealer",
            "CardsOut",
            "Players",
        ],
        "Hand",
        no,
    )?;
    let need = |v, key| needed(v, key, "Hand", no);
    let title = string(need(title, "Title")?, "Title", no)?;
    check_title(title, id, no)?;
    let max_seats = whole(need(seats, "NumberOfSeats")?, "NumberOfSeats", 10, no)?;
    if max_seats < 2 {
        return Err(ParseError::malformed(no, "a table of fewer than two seats"));
    }
    let empty_start = money(need(pot_size, "PotSize")?, "PotSize", no)? == 0
        && money(need(current_bet, "CurrentBet")?, "CurrentBet", no)? == 0
        && cards(need(cards_out, "CardsOut")?, "CardsOut", 5, no)?.is_empty();
    if !empty_start {
        return Err(ParseError::malformed(
            no,
            "the hand does not start from an empty pot and board (PotSize, CurrentBet, CardsOut)",
        ));
    }
    let (sb, bb) = (
        money(need(sb, "SmallBlind")?, "SmallBlind", no)?,
        money(need(bb, "BigBlind")?, "BigBlind", no)?,
    );
    if bb == 0 {
        return Err(ParseError::malformed(no, "a big blind of nothing"));
    }
    let ante = money(need(ante, "Ante")?, "Ante", no)?;
    let dealer = whole(need(dealer, "Dealer")?, "Dealer", max_seats, no)?;

    let mut game = Game::blinds(
        GameKind::Ring,
        Category::Holdem,
        LimitType::PotNoLimit,
        (sb, bb),
        CURRENCY,
    );
    game.ante = ante;
    let mut b = HandBuilder::new(SITE, hand_no, &id.text(), game, DateTime::<Utc>::UNIX_EPOCH);
    {
        let h = b.hand_mut();
        h.table_name = TABLE.to_string();
        h.max_seats = Some(max_seats as u8);
        h.button_seat = Some(dealer as u8);
    }
    let Js::Arr(list) = needed(plays, "Plays", "the LoadHand object", no)? else {
        return Err(ParseError::malformed(no, "`Plays` is not a list"));
    };
    let plays = list
        .iter()
        .enumerate()
        .map(|(i, p)| play(p, i, no))
        .collect::<Result<Vec<Play>, ParseError>>()?;
    let Js::Arr(players) = need(players, "Players")? else {
        return Err(ParseError::malformed(no, "`Players` is not a list"));
    };
    let mut seated: Vec<Seated> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        if let Some(s) = seat_player(&mut b, p, i, max_seats, &plays, no)? {
            seated.push(s);
        }
    }
    seated.sort_unstable();
    if seated.len() < 2 {
        return Err(ParseError::malformed(no, "fewer than two players"));
    }
    let Some(&button) = seated.iter().find(|s| s.0 == dealer) else {
        return Err(ParseError::malformed(
            no,
            format!("the button (seat {dealer}) is not a seated player"),
        ));
    };

    let mut hand = Reading {
        b,
        betting: Betting::new(RULES),
        seated,
        no,
        board: Vec::new(),
        runout: Vec::new(),
        printed_uncalled: false,
    };
    hand.posts(&plays, button, max_seats, (sb, bb, ante))?;
    hand.plays(&plays)?;
    hand.finish()
}

/// The title must name the address's hand: `d1h33` (week, hand), `dd10h1` in week 10.
fn check_title(title: &str, id: HandId, no: u32) -> Result<(), ParseError> {
    let ok = title.rsplit_once('h').is_some_and(|(week, hand)| {
        hand.parse::<u64>().ok() == Some(id.hand)
            && week.starts_with('d')
            && week.bytes().all(|b| b == b'd' || b.is_ascii_digit())
    });
    if ok {
        Ok(())
    } else {
        Err(ParseError::malformed(
            no,
            format!("the Title `{title}` is not the address's hand {}", id.hand),
        ))
    }
}

/// Seats the player of `Players` entry `i`; `None` for an empty seat or a player sitting out
/// (no cards and no play: not dealt in).
fn seat_player(
    b: &mut HandBuilder,
    p: &Js<'_>,
    i: usize,
    max_seats: u64,
    plays: &[Play],
    no: u32,
) -> Result<Option<Seated>, ParseError> {
    let what = format!("player {}", i + 1);
    let [name, seat, stack, cards_v, bet] = fields(
        p,
        ["Name", "Seat", "Stack", "Cards", "CurrentBet"],
        &what,
        no,
    )?;
    let need = |v, key| needed(v, key, &what, no);
    let name = string(need(name, "Name")?, "Name", no)?;
    let seat = whole(need(seat, "Seat")?, "Seat", max_seats, no)?;
    let stack = money(need(stack, "Stack")?, "Stack", no)?;
    let hole = cards(need(cards_v, "Cards")?, "Cards", 2, no)?;
    if money(need(bet, "CurrentBet")?, "CurrentBet", no)? != 0 {
        return Err(ParseError::malformed(
            no,
            format!("{what} starts with a bet (CurrentBet)"),
        ));
    }
    if seat == 0 {
        return Err(ParseError::malformed(no, format!("{what} in seat 0")));
    }
    let name = name.trim();
    if name.is_empty() {
        if stack != 0 || !hole.is_empty() {
            return Err(ParseError::malformed(
                no,
                format!("{what} has no name but chips or cards"),
            ));
        }
        return Ok(None);
    }
    if stack == 0 {
        return Err(ParseError::malformed(
            no,
            format!("{what} ({name}) has no chips"),
        ));
    }
    if hole.len() == 1 {
        return Err(ParseError::malformed(
            no,
            format!("{what} ({name}) holds one card"),
        ));
    }
    let sitting_out = hole.is_empty() && !plays.iter().any(|pl| pl.seat == seat);
    let p = b.seat_player(no, seat as u8, name, stack, sitting_out)?;
    b.set_cards(p, &hole);
    Ok((!sitting_out).then_some((seat, p)))
}

/// The hand being read from its plays.
struct Reading {
    b: HandBuilder,
    betting: Betting,
    /// Seated players by seat.
    seated: Vec<Seated>,
    no: u32,
    /// The board dealt while the players bet.
    board: Vec<Card>,
    /// The deals after the last action.
    runout: Vec<Vec<Card>>,
    printed_uncalled: bool,
}

impl Reading {
    fn bad(&self, msg: impl Into<String>) -> ParseError {
        ParseError::malformed(self.no, msg)
    }

    /// The seated player after seat `seat`, clockwise.
    fn next_after(&self, seat: u64) -> Seated {
        *self
            .seated
            .iter()
            .find(|s| s.0 > seat)
            .unwrap_or(&self.seated[0])
    }

    fn player(&self, seat: u64, i: usize) -> Result<PlayerIdx, ParseError> {
        self.seated
            .iter()
            .find(|s| s.0 == seat)
            .map(|s| s.1)
            .ok_or_else(|| self.bad(format!("play {}: seat {seat}, where nobody sits", i + 1)))
    }

    fn post(&mut self, p: PlayerIdx, kind: ActionKind, amount: Money) {
        let amount = amount.min(self.b.behind(p).max(0));
        if amount > 0 {
            self.betting.apply(
                &mut self.b,
                p,
                &Verb::Post {
                    kind,
                    amount,
                    all_in: false,
                },
            );
        }
    }

    /// The button's ante, the blinds (see the module) and the straddles.
    fn posts(
        &mut self,
        plays: &[Play],
        button: Seated,
        max_seats: u64,
        (sb, bb, ante): (Money, Money, Money),
    ) -> Result<(), ParseError> {
        let first_actor = plays
            .iter()
            .take_while(|p| !matches!(p.act, Act::Deal(_)))
            .find(|p| p.act.is_betting())
            .map(|p| p.seat);
        let (small, big) = if self.seated.len() == 2 {
            (Some(button), self.next_after(button.0))
        } else {
            let small = self.next_after(button.0);
            let big = self.next_after(small.0);
            let seat_after_button = button.0 % max_seats + 1;
            if small.0 != seat_after_button && first_actor == Some(big.0) {
                (None, small)
            } else {
                (Some(small), big)
            }
        };
        self.post(button.1, ActionKind::Ante, ante);
        if let Some(small) = small {
            self.post(small.1, ActionKind::SmallBlind, sb);
        }
        self.post(big.1, ActionKind::BigBlind, bb);
        let mut dealt = false;
        for (i, pl) in plays.iter().enumerate() {
            match pl.act {
                Act::Deal(_) => dealt = true,
                Act::Straddle(amount) => {
                    if dealt {
                        return Err(self.bad(format!("play {}: a straddle after the flop", i + 1)));
                    }
                    let p = self.player(pl.seat, i)?;
                    if amount == 0 || amount > self.b.behind(p) {
                        return Err(self.bad(format!(
                            "play {}: a straddle of nothing or more than the player's stack",
                            i + 1
                        )));
                    }
                    self.post(p, ActionKind::Straddle, amount);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Every play after the posts.
    fn plays(&mut self, plays: &[Play]) -> Result<(), ParseError> {
        let Some(first_win) = plays.iter().position(|p| matches!(p.act, Act::Wins(_))) else {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                self.no,
                "the hand has no result (no Wins): it was not finished",
            ));
        };
        let last_action = plays[..first_win].iter().rposition(|p| p.act.is_betting());
        for (i, pl) in plays.iter().enumerate() {
            if i >= first_win {
                match &pl.act {
                    Act::Wins(amount) => self.wins(pl.seat, *amount, i)?,
                    Act::Deal(_) => {} // the viewer's leftovers
                    _ => {
                        return Err(self.bad(format!(
                            "play {}: an action after the hand's result (Wins)",
                            i + 1
                        )))
                    }
                }
                continue;
            }
            match &pl.act {
                Act::Deal(c) if c.is_empty() => {}
                Act::Deal(c) if last_action.is_some_and(|l| i < l) => self.street(c, i)?,
                Act::Deal(c) => self.runout.push(c.clone()),
                Act::Straddle(_) => {} // posted
                Act::TakesBack(amount) => {
                    let p = self.player(pl.seat, i)?;
                    if *amount == 0 || *amount > self.b.street_total(p) {
                        return Err(self.bad(format!(
                            "play {}: takes back nothing, or more than he bet on the street",
                            i + 1
                        )));
                    }
                    self.b.uncalled(p, *amount);
                    self.printed_uncalled = true;
                }
                act => {
                    let p = self.player(pl.seat, i)?;
                    self.action(p, act, i)?;
                }
            }
        }
        Ok(())
    }

    /// A deal while the players bet: the flop, the turn, the river in turn.
    fn street(&mut self, cards: &[Card], i: usize) -> Result<(), ParseError> {
        let street = match (self.board.len(), cards.len()) {
            (0, 3) => 1,
            (3, 1) => 2,
            (4, 1) => 3,
            (on, n) => {
                return Err(self.bad(format!(
                    "play {}: a deal of {n} cards on a board of {on}",
                    i + 1
                )))
            }
        };
        self.board.extend_from_slice(cards);
        self.b.set_street(street);
        Ok(())
    }

    /// A betting action of player `p` (see the module for each).
    fn action(&mut self, p: PlayerIdx, act: &Act, i: usize) -> Result<(), ParseError> {
        let b = &self.b;
        let (total, max, behind) = (b.street_total(p), b.street_max(), b.behind(p));
        let bad = |what: &str| ParseError::malformed(self.no, format!("play {}: {what}", i + 1));
        if self.betting.folded(p) && *act != Act::Fold {
            return Err(bad("an action by a player who folded"));
        }
        let verb = match *act {
            Act::Fold => Verb::Fold { shown: None },
            Act::Check if total < max && behind > 0 => return Err(bad("a check facing a bet")),
            Act::Check => Verb::Check,
            Act::Call => {
                let amount = (max - total).min(behind);
                if amount <= 0 {
                    return Err(bad("a call with nothing to call"));
                }
                Verb::Call {
                    amount,
                    all_in: false,
                }
            }
            Act::Bet(amount) => {
                if amount == 0 || amount > behind {
                    return Err(bad("a bet of nothing or more than the player's stack"));
                }
                if max > 0 {
                    Verb::Raise {
                        raise: Raise::Adds(amount),
                        all_in: false,
                    }
                } else {
                    Verb::Bet {
                        amount,
                        all_in: false,
                    }
                }
            }
            Act::RaiseTo(to) => {
                if to <= max || to - total > behind {
                    return Err(bad(
                        "a raise to no more than the highest bet, or by more than the stack",
                    ));
                }
                if max == 0 {
                    Verb::Bet {
                        amount: to - total,
                        all_in: false,
                    }
                } else {
                    Verb::Raise {
                        raise: Raise::To(to),
                        all_in: false,
                    }
                }
            }
            Act::AllIn => {
                if behind <= 0 {
                    return Err(bad("an all-in by a player with no chips left"));
                }
                let to = total + behind;
                if to <= max {
                    Verb::Call {
                        amount: behind,
                        all_in: true,
                    }
                } else if max == 0 {
                    Verb::Bet {
                        amount: behind,
                        all_in: true,
                    }
                } else {
                    Verb::Raise {
                        raise: Raise::To(to),
                        all_in: true,
                    }
                }
            }
            _ => return Err(bad("not a betting action")),
        };
        self.betting.apply(&mut self.b, p, &verb);
        Ok(())
    }

    fn wins(&mut self, seat: u64, amount: Money, i: usize) -> Result<(), ParseError> {
        let p = self.player(seat, i)?;
        if amount == 0 {
            return Err(self.bad(format!("play {}: a win of nothing", i + 1)));
        }
        if self.betting.folded(p) {
            return Err(self.bad(format!("play {}: a win by a player who folded", i + 1)));
        }
        self.b.collect(p, amount, 0, 0);
        Ok(())
    }

    /// The boards: the board dealt during the betting, completed by each run of the runout;
    /// and how many cards the runs share.
    fn boards(&mut self) -> Result<(Vec<Vec<Card>>, usize), ParseError> {
        let mut common = std::mem::take(&mut self.board);
        let mut runout = std::mem::take(&mut self.runout);
        if common.is_empty() {
            if let Some(i) = runout.iter().position(|d| d.len() == 3) {
                common = runout.remove(i);
            }
        }
        let shared = common.len();
        if runout.is_empty() {
            return Ok((
                if common.is_empty() {
                    Vec::new()
                } else {
                    vec![common]
                },
                shared,
            ));
        }
        let need = 5 - common.len();
        let mut singles: Vec<Card> = Vec::new();
        let mut whole_runs: Vec<Vec<Card>> = Vec::new();
        for d in runout {
            if d.len() == 1 {
                singles.extend(d);
            } else if d.len() == need {
                whole_runs.push(d);
            } else {
                return Err(self.bad(format!(
                    "a runout deal of {} cards where a run needs {need}",
                    d.len()
                )));
            }
        }
        if !singles.len().is_multiple_of(need) {
            return Err(self.bad(format!(
                "the runout's single cards ({}) do not make whole runs of {need}",
                singles.len()
            )));
        }
        let boards: Vec<Vec<Card>> = singles
            .chunks(need)
            .map(<[Card]>::to_vec)
            .chain(whole_runs)
            .map(|run| common.iter().copied().chain(run).collect())
            .collect();
        Ok((boards, shared))
    }

    fn finish(mut self) -> Result<Hand, ParseError> {
        let (boards, shared) = self.boards()?;
        // Every card dealt once: the runs share the cards dealt before them.
        let mut seen: Vec<Card> = Vec::new();
        for (i, board) in boards.iter().enumerate() {
            for &c in &board[if i == 0 { 0 } else { shared }..] {
                if !c.is_known() {
                    return Err(self.bad("an unknown board card"));
                }
                if seen.contains(&c) {
                    return Err(self.bad(format!("the card {c} is dealt twice")));
                }
                seen.push(c);
            }
        }
        let runs = boards.len();
        {
            let h = self.b.hand_mut();
            h.boards = boards;
            h.run_it_twice = runs > 1;
            misread_cards_unknown(h, &seen);
        }
        // Who is still in showed his cards.
        let n = self.b.hand().players.len();
        let in_at_end: Vec<PlayerIdx> = (0..n).filter(|&p| !self.betting.folded(p)).collect();
        if in_at_end.len() > 1 {
            for p in in_at_end {
                let pl = &mut self.b.hand_mut().players[p];
                pl.shown = pl.cards.iter().any(|c| c.is_known());
            }
        }
        // The viewer pays every pot whole, the uncalled bets it does not take back included: the
        // wins are what the players left in the pot, or the hand's data is wrong.
        let (won, left) = (
            pot::collected(self.b.hand()),
            pot::players_money(self.b.hand()),
        );
        if won != left {
            return Err(self.bad(format!(
                "the pot does not add up: the players won {}, but the actions left {} in the pot",
                pot::show_money(won, CENTS),
                pot::show_money(left, CENTS)
            )));
        }
        let policy = PotPolicy {
            rake: Some(0),
            uncalled: if self.printed_uncalled {
                Uncalled::Printed
            } else {
                Uncalled::InCollections
            },
            ..PotPolicy::new(CENTS, self.no)
        };
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }
}

/// Makes unknown the hole cards of every player holding a card that is on the board
/// (`board`: every board card once), in another player's hand, or twice in his own.
fn misread_cards_unknown(h: &mut Hand, board: &[Card]) {
    let held = |h: &Hand, p: usize, c: Card| {
        board.contains(&c)
            || h.players
                .iter()
                .enumerate()
                .any(|(q, pl)| q != p && pl.cards.contains(&c))
            || h.players[p].cards.iter().filter(|&&x| x == c).count() > 1
    };
    let misread: Vec<usize> = (0..h.players.len())
        .filter(|&p| {
            h.players[p]
                .cards
                .iter()
                .any(|&c| c.is_known() && held(h, p, c))
        })
        .collect();
    for p in misread {
        h.players[p].cards.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    const URL: &str = "URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js";

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&TheBigGame));
        TheBigGame.parse(&chunk)
    }

    fn player(seat: u8, name: &str, stack: u32, cards: &str) -> String {
        format!("{{Name:\"{name}\",Seat:{seat},Stack:{stack},Cards:[{cards}],CurrentBet:0}}")
    }

    /// A hand of `players` at a six-seat table whose button is `dealer`, with `plays`.
    fn text(dealer: u8, players: &[String], plays: &str) -> String {
        let plays: String = plays.lines().map(str::trim).collect();
        format!(
            "{URL}\nLoadHand({{Hand:{{Title:\"d1h1\",NumberOfSeats:6,PotSize:0,BigBlind:400,\
             SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:{dealer},CardsOut:[],Players: [{}]}},\
             Plays:[{plays}]}})\n",
            players.join(",")
        )
    }

    fn three() -> Vec<String> {
        vec![
            player(1, "A", 10000, "\"da\",\"dj\""),
            player(2, "B", 10000, "\"sk\",\"c2\""),
            player(3, "C", 10000, "\"s7\",\"s4\""),
        ]
    }

    fn three_hand(plays: &str) -> Result<Hand, ParseError> {
        parse(&text(1, &three(), plays))
    }

    fn posts(h: &Hand) -> Vec<(&str, ActionKind, Money)> {
        h.actions
            .iter()
            .filter(|a| a.street == POSTS)
            .map(|a| (h.players[a.player].name.as_str(), a.kind, a.amount))
            .collect()
    }

    fn err(plays: &str) -> ParseError {
        three_hand(plays).unwrap_err()
    }

    fn cards(s: &str) -> Vec<Card> {
        Card::parse_all(s).unwrap()
    }

    const FOLD_TO_C: &str =
        r#"{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Wins",value:1200}"#;

    #[test]
    fn a_walk() {
        let h = three_hand(FOLD_TO_C).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no, h.site_hand_id.as_str()),
            ("TheBigGame", 10_110_001, "s1/w1/d1/d1h1")
        );
        assert_eq!(h.start_time, DateTime::<Utc>::UNIX_EPOCH);
        assert_eq!(h.game.limit_type, LimitType::PotNoLimit);
        assert_eq!(h.game.ante, 60_000);
        assert_eq!(h.players[0].stack, 1_000_000);
        assert_eq!(h.players[0].cards, cards("Ad Jd"));
        assert_eq!(
            posts(&h),
            vec![
                ("A", ActionKind::Ante, 60_000),
                ("B", ActionKind::SmallBlind, 20_000),
                ("C", ActionKind::BigBlind, 40_000),
            ]
        );
        // The big blind's unmatched half is inside his Wins: given back.
        assert_eq!(h.returned[0].amount, 20_000);
        assert_eq!(h.collections[0].amount, 100_000);
        assert_eq!((h.total_pot, h.rake), (100_000, 0));
        assert!(h.boards.is_empty());
    }

    #[test]
    fn every_action() {
        // A raises to 1200 (pot limit), B calls, C bets 1600 more (a raise facing a bet), A
        // goes all in (a raise), B calls all in for less, C folds; A takes back what B could
        // not match; the board.
        let plays = r#"{Seat:1,Action:"Raises To",value:1200},{Seat:2,Action:"Calls"},
            {Seat:3,Action:"Bets",value:1600},{Seat:1,Action:"All-In"},
            {Seat:2,Action:"All-In"},{Seat:3,Action:"Folds"},
            {Seat:1,Action:"Takes Back",value:399.5},
            {Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:0,Action:"Deal",value:["ha"]},
            {Seat:0,Action:"Deal",value:["d6"]},{Seat:2,Action:"Wins",value:20600.5}"#;
        let players = vec![
            player(1, "A", 10000, "\"da\",\"dj\""),
            player(2, "B", 9000, "\"sk\",\"c2\""),
            player(3, "C", 10000, "\"s7\",\"s4\""),
        ];
        let h = parse(&text(1, &players, plays)).unwrap();
        let kinds: Vec<(ActionKind, Money, bool)> = h
            .actions
            .iter()
            .filter(|a| a.street == 0)
            .map(|a| (a.kind, a.amount, a.all_in))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (ActionKind::Raise, 120_000, false),
                (ActionKind::Call, 100_000, false),
                (ActionKind::Raise, 160_000, false),
                (ActionKind::Raise, 820_000, true),
                (ActionKind::Call, 780_000, true),
                (ActionKind::Fold, 0, false),
            ]
        );
        assert_eq!(h.actions[5].raise_to, Some(200_000));
        assert_eq!(h.returned[0].amount, 39_950);
        assert_eq!(h.boards, vec![cards("Qs 2d 3s Ah 6d")]);
        assert!(h.players[0].shown && h.players[1].shown && !h.players[2].shown);
        assert_eq!(h.total_pot, 2_060_050);
    }

    #[test]
    fn streets_and_checks() {
        let plays = r#"{Seat:1,Action:"Calls"},{Seat:2,Action:"Calls"},{Seat:3,Action:"Checks"},
            {Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:2,Action:"Checks"},
            {Seat:3,Action:"Bets",value:800},{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},
            {Seat:3,Action:"Wins",value:2600},{Seat:0,Action:"Deal",value:["sq"]}"#;
        let h = three_hand(plays).unwrap();
        let street1: Vec<ActionKind> = h.actions_on(1).map(|a| a.kind).collect();
        assert_eq!(
            street1,
            [
                ActionKind::Check,
                ActionKind::Bet,
                ActionKind::Fold,
                ActionKind::Fold
            ]
        );
        // The deal after the Wins is the viewer's leftover.
        assert_eq!(h.boards, vec![cards("Qs 2d 3s")]);
        assert_eq!(h.returned[0].amount, 80_000);
    }

    #[test]
    fn straddles_are_posts() {
        // Six seats, button 6: 1 and 2 post the blinds, 3 straddles, 4 re-straddles; the
        // button's straddle comes in the list where he acts.
        let players: Vec<String> = (1..=6)
            .map(|s| {
                let cards = format!("\"h{}\",\"c{}\"", s + 1, s + 1);
                player(s, &format!("P{s}"), 10000, &cards)
            })
            .collect();
        let plays = r#"{Seat:3,Action:"Straddles",value:800},{Seat:4,Action:"Straddles",value:1600},
            {Seat:5,Action:"Folds"},{Seat:6,Action:"Straddles",value:3200},{Seat:1,Action:"Folds"},
            {Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},
            {Seat:6,Action:"Wins",value:6800}"#;
        let h = parse(&text(6, &players, plays)).unwrap();
        let p: Vec<(ActionKind, Money)> = posts(&h).iter().map(|p| (p.1, p.2)).collect();
        assert_eq!(
            p,
            vec![
                (ActionKind::Ante, 60_000),
                (ActionKind::SmallBlind, 20_000),
                (ActionKind::BigBlind, 40_000),
                (ActionKind::Straddle, 80_000),
                (ActionKind::Straddle, 160_000),
                (ActionKind::Straddle, 320_000),
            ]
        );
        assert_eq!(h.returned[0].amount, 160_000);
        let e = parse(&text(
            6,
            &players,
            r#"{Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:3,Action:"Straddles",value:800}"#,
        ))
        .unwrap_err();
        assert_eq!(e.message, "play 2: a straddle after the flop");
    }

    #[test]
    fn blinds_heads_up_and_around_empty_seats() {
        // Heads-up the button posts the small blind.
        let two = vec![player(2, "A", 10000, ""), player(5, "B", 10000, "")];
        let h = parse(&text(
            5,
            &two,
            r#"{Seat:5,Action:"Folds"},{Seat:2,Action:"Wins",value:1200}"#,
        ))
        .unwrap();
        assert_eq!(
            posts(&h),
            vec![
                ("B", ActionKind::Ante, 60_000),
                ("B", ActionKind::SmallBlind, 20_000),
                ("A", ActionKind::BigBlind, 40_000),
            ]
        );
        // Seat 2 after the button (1) is empty: the blinds are 3 and 4, unless the first to act
        // is 4, when 3 posts the big blind and the small blind is dead.
        let players: Vec<String> = [1, 3, 4, 5]
            .iter()
            .map(|&s| player(s, &format!("P{s}"), 10000, ""))
            .collect();
        let live = parse(&text(
            1,
            &players,
            r#"{Seat:5,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Wins",value:1200}"#,
        ))
        .unwrap();
        assert_eq!(posts(&live)[1], ("P3", ActionKind::SmallBlind, 20_000));
        let dead = parse(&text(
            1,
            &players,
            r#"{Seat:4,Action:"Folds"},{Seat:5,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:3,Action:"Wins",value:1000}"#,
        ))
        .unwrap();
        assert_eq!(
            posts(&dead),
            vec![
                ("P1", ActionKind::Ante, 60_000),
                ("P3", ActionKind::BigBlind, 40_000),
            ]
        );
        // A listed empty seat and a player sitting out (no cards, no play) post nothing.
        let mut players = three();
        players.insert(1, "{Name:\"\",Seat:6,Stack:0,Cards:[],CurrentBet:0}".into());
        players.push(player(4, "Away", 5000, ""));
        let h = parse(&text(
            3,
            &players,
            r#"{Seat:3,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:2,Action:"Wins",value:1200}"#,
        ))
        .unwrap();
        assert_eq!(h.players.len(), 4);
        assert!(h.players[3].sitting_out);
        assert_eq!(
            posts(&h),
            vec![
                ("C", ActionKind::Ante, 60_000),
                ("A", ActionKind::SmallBlind, 20_000),
                ("B", ActionKind::BigBlind, 40_000),
            ]
        );
    }

    #[test]
    fn runouts() {
        let allin = r#"{Seat:1,Action:"All-In"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Calls"},"#;
        let run = |deals: &str, wins: &str| three_hand(&format!("{allin}{deals},{wins}"));
        let wins = r#"{Seat:1,Action:"Wins",value:19600}"#;
        // Before the flop: the flop dealt last; run twice, the second run as one deal.
        let h = run(
            r#"{Seat:0,Action:"Deal",value:["ca"]},{Seat:0,Action:"Deal",value:["h9"]},
               {Seat:0,Action:"Deal",value:["s4","sq","h2"]}"#,
            wins,
        )
        .unwrap();
        assert_eq!(h.boards, vec![cards("4s Qs 2h Ac 9h")]);
        assert!(!h.run_it_twice);
        let h = run(
            r#"{Seat:0,Action:"Deal",value:["ca"]},{Seat:0,Action:"Deal",value:["h9"]},
               {Seat:0,Action:"Deal",value:["cj","s5"]},{Seat:0,Action:"Deal",value:[]},
               {Seat:0,Action:"Deal",value:["s4","sq","h2"]}"#,
            r#"{Seat:1,Action:"Wins",value:9800},{Seat:3,Action:"Wins",value:9800}"#,
        )
        .unwrap();
        assert_eq!(
            h.boards,
            vec![cards("4s Qs 2h Ac 9h"), cards("4s Qs 2h Jc 5s")]
        );
        assert!(h.run_it_twice);
        // Cards that do not make whole runs, a card dealt twice, an unknown card.
        let e = run(
            r#"{Seat:0,Action:"Deal",value:["s4","sq","h2"]},{Seat:0,Action:"Deal",value:["ca"]}"#,
            wins,
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "the runout's single cards (1) do not make whole runs of 2"
        );
        let e = run(
            r#"{Seat:0,Action:"Deal",value:["s4","sq","h2"]},{Seat:0,Action:"Deal",value:["ca","da"]},
               {Seat:0,Action:"Deal",value:["ca","s5"]}"#,
            wins,
        )
        .unwrap_err();
        assert_eq!(e.message, "the card Ac is dealt twice");
        let e = run(
            r#"{Seat:0,Action:"Deal",value:["s4","sq","h2","ca"]}"#,
            wins,
        )
        .unwrap_err();
        assert_eq!(e.message, "a runout deal of 4 cards where a run needs 5");
        let e = run(
            r#"{Seat:0,Action:"Deal",value:["s4","sq","xx","ca","s5"]}"#,
            wins,
        )
        .unwrap_err();
        assert_eq!(e.message, "an unknown board card");
    }

    #[test]
    fn misread_hole_cards() {
        let players = vec![
            player(1, "A", 10000, "\"da\",\"dj\""),
            player(2, "B", 10000, "\"da\",\"c2\""),
            player(3, "C", 10000, "\"s7\",\"sq\""),
        ];
        let plays = r#"{Seat:1,Action:"Calls"},{Seat:2,Action:"Calls"},{Seat:3,Action:"Checks"},
            {Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:2,Action:"Checks"},
            {Seat:3,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:3,Action:"Wins",value:1800}"#;
        let h = parse(&text(1, &players, plays)).unwrap();
        assert!(h.players.iter().all(|p| p.cards.is_empty()));
    }

    #[test]
    fn refusals() {
        let m = |plays: &str| err(plays).message;
        assert_eq!(
            m(r#"{Seat:1,Action:"Sings"}"#),
            "play 1: unknown action `Sings`"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Folds",value:3}"#),
            "play 1: `Folds` with a value"
        );
        assert_eq!(m(r#"{Seat:1,Action:"Bets"}"#), "play 1 has no `value`");
        assert_eq!(
            m(r#"{Seat:1,Action:"Deal",value:[]}"#),
            "play 1: `Deal` of seat 1 (seat 0 is the dealer's, who only deals)"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Folds",Extra:1}"#),
            "unknown key `Extra` in play 1"
        );
        assert_eq!(
            m(r#"{Seat:4,Action:"Folds"},{Seat:1,Action:"Wins",value:1}"#),
            "play 1: seat 4, where nobody sits"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Folds"},{Seat:1,Action:"Calls"},{Seat:3,Action:"Wins",value:1}"#),
            "play 2: an action by a player who folded"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Checks"},{Seat:3,Action:"Wins",value:1}"#),
            "play 1: a check facing a bet"
        );
        assert_eq!(
            m(
                r#"{Seat:1,Action:"Calls"},{Seat:2,Action:"Calls"},{Seat:3,Action:"Calls"},{Seat:3,Action:"Wins",value:1}"#
            ),
            "play 3: a call with nothing to call"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Bets",value:100000},{Seat:3,Action:"Wins",value:1}"#),
            "play 1: a bet of nothing or more than the player's stack"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Raises To",value:400},{Seat:3,Action:"Wins",value:1}"#),
            "play 1: a raise to no more than the highest bet, or by more than the stack"
        );
        assert_eq!(
            m(r#"{Seat:1,Action:"Folds"},{Seat:3,Action:"Wins",value:1},{Seat:2,Action:"Folds"}"#),
            "play 3: an action after the hand's result (Wins)"
        );
        assert_eq!(
            m(
                r#"{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Wins",value:1300}"#
            ),
            "the pot does not add up: the players won 1300.00, but the actions left 1200.00 in \
             the pot"
        );
        assert_eq!(
            m(
                r#"{Seat:0,Action:"Deal",value:["sq"]},{Seat:1,Action:"Folds"},{Seat:3,Action:"Wins",value:1}"#
            ),
            "play 1: a deal of 1 cards on a board of 0"
        );
        let e = err(r#"{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"}"#);
        assert_eq!(
            (e.kind, e.message.as_str()),
            (
                ErrorKind::Unfinished,
                "the hand has no result (no Wins): it was not finished"
            )
        );
        let e = err(
            r#"{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Wins",value:12e2}"#,
        );
        assert_eq!(e.kind, ErrorKind::Malformed);
        assert!(e
            .message
            .starts_with("unreadable LoadHand object: a number with an exponent"));
        assert_eq!(e.line, 2);
        assert_eq!(e.site_hand_no, Some(10_110_001));
        assert!(e.line_text.unwrap().starts_with("LoadHand("));

        // The hand's own values.
        let bad_hand = |from: &str, to: &str| {
            parse(&text(1, &three(), FOLD_TO_C).replace(from, to))
                .unwrap_err()
                .message
        };
        assert_eq!(
            bad_hand("PotSize:0", "PotSize:5"),
            "the hand does not start from an empty pot and board (PotSize, CurrentBet, CardsOut)"
        );
        assert_eq!(
            bad_hand("Title:\"d1h1\"", "Title:\"d1h2\""),
            "the Title `d1h2` is not the address's hand 1"
        );
        assert_eq!(
            bad_hand("Dealer:1", "Dealer:5"),
            "the button (seat 5) is not a seated player"
        );
        assert_eq!(
            bad_hand("Dealer:1", "Dealer:7"),
            "`Dealer` is not a whole number up to 6"
        );
        assert_eq!(
            bad_hand("Stack:10000,Cards:[\"sk\"", "Stack:0,Cards:[\"sk\""),
            "player 2 (B) has no chips"
        );
        assert_eq!(
            bad_hand("\"sk\",\"c2\"", "\"sk\",\"c2\",\"c3\""),
            "`Cards` is not a list of up to 2 cards"
        );
        assert_eq!(
            bad_hand("\"sk\",\"c2\"", "\"sk\",\"k2\""),
            "`Cards` holds `k2`, which is not a card"
        );
        assert_eq!(bad_hand("Seat:3,", "Seat:2,"), "two players in one seat");
        assert_eq!(
            bad_hand("Name:\"C\"", "Name:\"\""),
            "player 3 has no name but chips or cards"
        );
        assert_eq!(bad_hand("BigBlind:400,", ""), "Hand has no `BigBlind`");
    }

    #[test]
    fn cut_hands_are_unfinished() {
        let whole = text(1, &three(), FOLD_TO_C);
        assert!(parse(&whole).is_ok());
        text::every_cut_is_unfinished(&whole, parse);
        // Cut anywhere inside the LoadHand line.
        let (url, line) = whole.trim_end().split_once('\n').unwrap();
        for k in LOAD_HAND.len()..line.len() {
            let e = parse(&format!("{url}\n{}", &line[..k])).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
        // A second hand glued on, or any other line, is refused.
        let e = parse(&format!("{whole}{}\n", line)).unwrap_err();
        assert_eq!(e.message, "a line after the hand's LoadHand line");
        let e = parse(&format!("{url}\nhello")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    #[test]
    fn addresses_and_hand_numbers() {
        let id =
            hand_id("URL: http://thebiggame.pokerstars.net/data/s1/w12/d5/d12h150.js").unwrap();
        assert_eq!(
            id,
            HandId {
                season: 1,
                week: 12,
                day: 5,
                hand: 150
            }
        );
        assert_eq!(id.number(), Some(11_250_150));
        assert_eq!(id.text(), "s1/w12/d5/d12h150");
        assert!(hand_id("URL: https://thebiggame.pokerstars.net/data/s2/w1/d1/d1h1.js ").is_some());
        for not in [
            "URL: http://thebiggame.pokerstars.net/data/s1/w2/d1/d1h1.js", // weeks differ
            "URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h.js",
            "URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.json",
            "URL: http://example.com/data/s1/w1/d1/d1h1.js",
            "LoadHand({})",
        ] {
            assert!(hand_id(not).is_none(), "{not}");
        }
        let number = |season, week, day, hand| {
            HandId {
                season,
                week,
                day,
                hand,
            }
            .number()
        };
        assert_eq!(number(1, 99, 9, 9999), Some(19_999_999));
        assert_eq!(number(1, 100, 1, 1), None);
        assert_eq!(number(1, 1, 10, 1), None);
        assert_eq!(number(1, 1, 1, 10_000), None);
        assert_eq!(number(922_337_203_686, 1, 1, 1), None);
        let e = parse(&text(1, &three(), FOLD_TO_C).replace("w1/d1/d1h1", "w1/d1/d1h12345"))
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::OutOfRange);
        // Week 10's titles are misprinted.
        assert!(check_title(
            "dd10h7",
            HandId {
                season: 1,
                week: 10,
                day: 1,
                hand: 7
            },
            1
        )
        .is_ok());
    }

    #[test]
    fn javascript_literals() {
        fn read(s: &str) -> Result<Js<'_>, JsError> {
            Reader::new(s).value(0)
        }
        assert_eq!(
            read(r#"{a:[1,-2.50,"x",'y',true,false,null,],"b c":{}}"#).unwrap(),
            Js::Obj(vec![
                (
                    Cow::Borrowed("a"),
                    Js::Arr(vec![
                        Js::Num("1"),
                        Js::Num("-2.50"),
                        Js::Str(Cow::Borrowed("x")),
                        Js::Str(Cow::Borrowed("y")),
                        Js::Bool(true),
                        Js::Bool(false),
                        Js::Null,
                    ])
                ),
                (Cow::Borrowed("b c"), Js::Obj(vec![])),
            ])
        );
        assert_eq!(
            read(r#""O\'Neil \"T\" \u00e9\ud83c\udca1\\\/\n""#).unwrap(),
            Js::Str(Cow::Owned("O'Neil \"T\" é🂡\\/\n".into()))
        );
        for (bad, why) in [
            ("{a 1}", "an object key not followed by ':'"),
            ("{1:2}", "an object key that is not a name"),
            ("[1 2]", "an array item not followed by ',' or ']'"),
            ("{a:1 b:2}", "an object entry not followed by ',' or '}'"),
            ("\"\\q\"", "an unknown escape in a string"),
            ("\"\\u12G4\"", "a bad \\u escape"),
            ("\"\\ud83c\\u0041\"", "half a surrogate pair"),
            ("1e5", "a number with an exponent"),
            ("-x", "a number without digits"),
            ("nope", "a word that is not a value"),
            ("#", "not a value"),
        ] {
            assert_eq!(read(bad), Err(JsError::Bad(why)), "{bad}");
        }
        for cut in ["{a:[1,", "\"abc", "{a", "1.", "\"\\u00", "\"\\"] {
            assert_eq!(read(cut), Err(JsError::Cut), "{cut}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        assert_eq!(read(&deep), Err(JsError::Bad("values nested too deep")));
        assert!(load_hand("{});").is_ok());
        assert_eq!(
            load_hand("{}) x").unwrap_err().0,
            JsError::Bad("text after the LoadHand call")
        );
        assert_eq!(
            load_hand("{}]").unwrap_err().0,
            JsError::Bad("the LoadHand call not closed after its object")
        );
    }
}

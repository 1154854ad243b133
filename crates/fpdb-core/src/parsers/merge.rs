//! The Merge network's own hand histories (Carbon Poker and the other Merge skins): XML, one
//! `<game>` element per hand, whatever the file's extension.
//!
//! A file starts with `<description type="Holdem" stakes="No Limit ($0.10/$0.25)"/>` (the game
//! and stakes of every hand after it: read as the chunk's context, [`Room::is_context_start`]);
//! each `<game id="TABLE-HAND" starttime=".." gametype=".." realmoney=".." data="..">` line
//! starts a hand ([`Room::is_hand_start`]). The document is read with `quick-xml`; a game whose
//! `</game>` is missing (a cut file) is refused as unfinished, never read short.
//!
//! Elements of a game, each read or deliberately ignored:
//! - `<players dealer>` with `<player seat nickname balance dealtin/>`: seats (numbered from 0:
//!   stored plus one, as fpdb numbers seats from 1; the dealer's seat too), stacks. Only players
//!   dealt in are seated; a player who posts or acts without being dealt in is seated too (the
//!   room's `dealtin` is not always right), and one who is not in the list at all is refused.
//! - `<round id>`: `BLINDS` (posts), `PREFLOP`, `POSTFLOP`, `POSTTURN`, `POSTRIVER`; draw games'
//!   `PRE_FIRST_DRAW`, `FIRST_DRAW`, `POST_FIRST_DRAW`, ... `THIRD_DRAW`, `POST_THIRD_DRAW`;
//!   stud's `BRING_IN`, `FOURTH_STREET` ... `SEVENTH_STREET`; `SHOWDOWN`, `END_OF_FOLDED_GAME`,
//!   `END_OF_GAME` (required: a game without it is unfinished) and `GAME_CANCELLED` (refused as
//!   cancelled).
//! - `<event type player amount>`: `SMALL_BLIND`, `BIG_BLIND`, `INITIAL_BLIND` (a new player's
//!   big blind), `RETURN_BLIND` (small and big blind at once when more than the big blind),
//!   `ANTE`, `BRING_IN`, `FOLD`, `CHECK`, `CALL`, `BET`, `RAISE`, `COMPLETE`, `ALL_IN`, `DRAW`
//!   (`text` = cards thrown). Amounts: `CALL`, `BET` and `ALL_IN` are the chips added, `RAISE`
//!   and `COMPLETE` the street total the player raises to in the clients from 2010 on (checked
//!   against the balances: a small blind's `CALL 5.00` to a `RAISE 6.00` over blinds of 1 and
//!   2), the chips added in the 2008 client: the hand is read the first way, and the second
//!   when a call is not what the player owed. An `ALL_IN` among the blinds is a blind for the
//!   whole stack; one without amount repeats an earlier all-in and is ignored. An action of a
//!   player who has folded is ignored (the room's uncalled bets show it did not count). `SHOW`, `MUCK`, `CHAT`, `LEAVE`,
//!   `PLAYER_OUT`, `DISCONNECTED`, `RECONNECTED`, `SIT_OUT` carry no money and are ignored.
//! - `<cards type cards player>`: `HOLE` (the hero's cards; in stud every player's known
//!   cards), `DRAW_DRAWN_CARDS` (the hero's hand after a draw; in stud the cards dealt so far,
//!   empty for unknown), `COMMUNITY` (the board so far), `SHOWN`, `MUCKED`.
//! - `<winner amount uncalled potnumber player pottype>`: a collection from pot `potnumber`, or
//!   with `uncalled="true"` an uncalled bet given back. The rake is not printed: it is the pot
//!   less the collections.
//!
//! Start time: `starttime` is `YYYYMMDDHHMMSS` without zone (read as UTC−5, eastern standard
//! time all year round: the events' epoch-millisecond timestamps are five hours ahead of it in
//! winter and summer alike) or `YYYY/MM/DD HH:MM:SS ±HHMM` with its offset.
//!
//! Hand number: `TABLE-HAND` → `TABLE · 10^5 + HAND` (`31226377-1375` → `3122637701375`), the
//! hand part below 10^5: Merge's own undashed numbering, which its PokerTracker exports print
//! (`pokertracker_game.rs`); `site_hand_id` keeps the id as printed.
//!
//! Tournaments (`type="... Tournament"`): chips; the `balance` of a tournament seat is printed
//! after the player's antes and blinds, which are added back to give his stack. The tournament
//! number is the first part of the `data` field's third item (`38893318-1`), the table name
//! its second item. Buy-ins are not printed.

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};

use quick_xml::events::attributes::Attributes;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{checked_money, skip_blanks, Lines};
use crate::parsers::Room;
use crate::pot::PotPolicy;
use crate::split::Chunk;

/// The Merge network's XML hand histories.
#[derive(Debug)]
pub struct Merge;

pub const SITE: &str = "Merge";

/// `site_hand_no` = table number × this + hand number.
/// The hand part's place in the stored number: Merge's own undashed numbers (the exports of its
/// hands print `3047310402797`, table 30473104's hand 2797) are `table · 10^5 + hand`, so a hand
/// stored from the XML and from an export is one hand.
pub(super) const HAND_FACTOR: i64 = 100_000;

impl Room for Merge {
    fn site(&self) -> &'static str {
        SITE
    }
    fn header_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }
    fn is_hand_start(&self, line: &str) -> bool {
        is_game_start(line)
    }
    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
    fn is_context_start(&self, line: &str) -> bool {
        is_description(line)
    }
    fn context_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }
}

/// The attributes of `<NAME ...>` at the start of `line` (after blanks): the text up to the
/// tag's `>` or the line's end. `name` is an array so the comparison needs no call (the
/// splitter asks it of every line of a Merge file).
fn open_tag<'a, const N: usize>(line: &'a str, name: &[u8; N]) -> Option<&'a str> {
    let t = skip_blanks(line).strip_prefix('<')?;
    let b = t.as_bytes();
    if b.get(..N).and_then(|h| <&[u8; N]>::try_from(h).ok()) != Some(name) {
        return None;
    }
    if !matches!(b.get(N), Some(b' ' | b'\t')) {
        return None;
    }
    let rest = t.get(N..)?;
    Some(rest.split('>').next().unwrap_or(rest))
}

/// `<game id="..." starttime="..." ...>` at the start of a line (iPoker's games have a
/// `gamecode` instead).
fn is_game_start(line: &str) -> bool {
    open_tag(line, b"game")
        .is_some_and(|tag| tag.trim_start().starts_with("id=\"") && tag.contains(" starttime=\""))
}

/// `<description type="..." stakes="..."/>`.
fn is_description(line: &str) -> bool {
    open_tag(line, b"description")
        .is_some_and(|tag| tag.contains("type=\"") && tag.contains(" stakes=\""))
}

// ---------------------------------------------------------------------------------------------
// The document as a list of elements
// ---------------------------------------------------------------------------------------------

/// Names the reading compares, matched once when a tag is read: an enum of them with `Other`
/// for the rest; `with text` adds each one's text (for messages).
macro_rules! names {
    ($(#[$doc:meta])* $ty:ident { $($v:ident = $s:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum $ty {
            $($v,)*
            Other,
        }
        impl $ty {
            /// The name's variant (`Other` for a name not read). Compared as bytes: a tag's
            /// names and values come from the reader as slices of the text.
            fn of(name: &[u8]) -> $ty {
                $(if name == $s.as_bytes() {
                    return $ty::$v;
                })*
                $ty::Other
            }
        }
    };
    ($(#[$doc:meta])* $ty:ident with text { $($v:ident = $s:literal),* $(,)? }) => {
        names! { $(#[$doc])* $ty { $($v = $s),* } }
        impl $ty {
            fn text(self) -> &'static str {
                match self {
                    $($ty::$v => $s,)*
                    $ty::Other => "?",
                }
            }
        }
    };
}

names! {
    /// The attributes read.
    Key with text {
        Amount = "amount",
        Balance = "balance",
        Cards = "cards",
        Data = "data",
        Dealer = "dealer",
        Dealtin = "dealtin",
        Id = "id",
        Multigametype = "multigametype",
        Nickname = "nickname",
        Player = "player",
        Potnumber = "potnumber",
        Seat = "seat",
        Seats = "seats",
        Stakes = "stakes",
        Starttime = "starttime",
        Text = "text",
        Type = "type",
        Uncalled = "uncalled",
    }
}

names! {
    /// The types of `<event>`.
    Ev {
        SmallBlind = "SMALL_BLIND",
        BigBlind = "BIG_BLIND",
        InitialBlind = "INITIAL_BLIND",
        ReturnBlind = "RETURN_BLIND",
        Ante = "ANTE",
        BringIn = "BRING_IN",
        Fold = "FOLD",
        Check = "CHECK",
        Call = "CALL",
        Bet = "BET",
        Raise = "RAISE",
        Complete = "COMPLETE",
        AllIn = "ALL_IN",
        Draw = "DRAW",
        Show = "SHOW",
        Muck = "MUCK",
        Chat = "CHAT",
        Leave = "LEAVE",
        PlayerOut = "PLAYER_OUT",
        Disconnected = "DISCONNECTED",
        Reconnected = "RECONNECTED",
        SitOut = "SIT_OUT",
        GameCancelled = "GAME_CANCELLED",
    }
}

names! {
    /// The elements read.
    Tag with text {
        Game = "game",
        Description = "description",
        Players = "players",
        Player = "player",
        Round = "round",
        Event = "event",
        Cards = "cards",
        Winner = "winner",
    }
}

/// A byte range: of the hand text, or of the document's unescaped values.
#[derive(Debug, Clone, Copy, Default)]
struct Span {
    start: usize,
    end: usize,
}

impl Span {
    fn of(self, s: &str) -> &str {
        s.get(self.start..self.end).unwrap_or("")
    }
}

#[derive(Debug, Clone, Copy)]
struct Attr {
    k: Key,
    value: Span,
    /// The value is in [`Scratch::owned`] (it held entities), not in the text.
    owned: bool,
}

#[derive(Debug, Clone)]
struct RawEl {
    tag: Tag,
    /// An `<event>`'s type (`Other` for other elements).
    ev: Ev,
    name: Span,
    attrs: Span,
    /// Offset of the element's `<` in the text.
    off: usize,
    depth: usize,
}

/// The elements of a document as ranges of its text: no lifetime, so the buffers of one
/// thread are used again for every game instead of being allocated for each.
#[derive(Debug, Default)]
struct Scratch {
    attrs: Vec<Attr>,
    els: Vec<RawEl>,
    /// Values with entities, unescaped.
    owned: String,
    /// Names of the open elements.
    stack: Vec<Span>,
    /// The keys not read of the tag being read (for the duplicate check).
    others: Vec<Span>,
}

impl Scratch {
    fn clear(&mut self) {
        // The buffers of an outsized document (a game has about 50 elements) are not kept:
        // what a thread holds stays below half a megabyte.
        const KEEP: usize = 1 << 12;
        if self.attrs.capacity() > KEEP
            || self.els.capacity() > KEEP
            || self.owned.capacity() > KEEP
        {
            *self = Scratch::default();
        }
        self.attrs.clear();
        self.els.clear();
        self.owned.clear();
        self.stack.clear();
        self.others.clear();
    }
}

thread_local! {
    /// A game's and its description's buffers.
    static SCRATCH: std::cell::RefCell<(Scratch, Scratch)> = Default::default();
}

/// Runs `f` with this thread's buffers (fresh ones should they be in use).
fn with_scratch<R>(f: impl FnOnce(&mut Scratch, &mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut pair) => {
            let (g, d) = &mut *pair;
            f(g, d)
        }
        Err(_) => f(&mut Scratch::default(), &mut Scratch::default()),
    })
}

/// A document read into a [`Scratch`].
#[derive(Clone, Copy)]
struct Doc<'a> {
    text: &'a str,
    first_line: u32,
    s: &'a Scratch,
}

impl<'a> Doc<'a> {
    fn el(&self, r: &'a RawEl) -> El<'a> {
        El {
            text: self.text,
            owned: &self.s.owned,
            first_line: self.first_line,
            tag: r.tag,
            ev: r.ev,
            name: r.name,
            attrs: self.s.attrs.get(r.attrs.start..r.attrs.end).unwrap_or(&[]),
            off: r.off,
            depth: r.depth,
        }
    }
    fn iter(&self) -> impl Iterator<Item = El<'a>> + '_ {
        self.s.els.iter().map(|r| self.el(r))
    }
    /// The root element (a document is only returned with one).
    fn root(&self) -> Option<El<'a>> {
        self.s.els.first().map(|r| self.el(r))
    }
}

/// One element of the game (start or empty tag): its name, attributes and place.
#[derive(Debug, Clone, Copy)]
struct El<'a> {
    text: &'a str,
    owned: &'a str,
    first_line: u32,
    tag: Tag,
    /// An `<event>`'s type (`Other` for other elements).
    ev: Ev,
    name: Span,
    attrs: &'a [Attr],
    off: usize,
    /// Depth: 0 for `<game>`, 1 for `<players>` and `<round>`, 2 inside them.
    depth: usize,
}

impl<'a> El<'a> {
    #[inline]
    fn get(&self, key: Key) -> Option<&'a str> {
        self.attrs
            .iter()
            .find(|a| a.k == key)
            .map(|a| a.value.of(if a.owned { self.owned } else { self.text }))
    }
    #[inline]
    fn need(&self, key: Key) -> Result<&'a str, ParseError> {
        match self.get(key) {
            Some(v) => Ok(v),
            None => Err(self.missing(key)),
        }
    }
    /// The error of a missing attribute (out of line: the reading path stays short).
    #[cold]
    #[inline(never)]
    fn missing(&self, key: Key) -> ParseError {
        ParseError::malformed(
            self.line(),
            format!("<{}> without {}", self.name(), key.text()),
        )
    }
    /// The amount `s` (one of the element's values) at `scale`; the line is counted only
    /// when it is refused.
    fn money(&self, s: &str, scale: Money) -> Result<Money, ParseError> {
        checked_money(s, scale, 0).map_err(|mut err| {
            err.line = self.line();
            err
        })
    }
    /// The element's name as written (for messages).
    fn name(&self) -> &'a str {
        self.name.of(self.text)
    }
    /// The element's line (counted when asked: for errors, and a few facts).
    fn line(&self) -> u32 {
        Lines::new(self.text, self.first_line).at(self.off)
    }
}

/// The range of `text` that `part` (a slice of it, as quick-xml hands out when it reads a
/// `&str`) covers.
fn span_in(text: &str, part: &[u8]) -> Option<Span> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    // In the text (its ends are at markup bytes: [`Span::of`] checks them when it slices).
    (end <= text.len()).then_some(Span { start, end })
}

/// An attribute value with entities (`&amp;`, `&#39;`), unescaped; `raw` is a slice of the
/// text, so UTF-8.
#[cold]
fn unescape<'v>(
    raw: &'v [u8],
    line: &impl Fn() -> u32,
) -> Result<std::borrow::Cow<'v, str>, ParseError> {
    let raw = std::str::from_utf8(raw)
        .map_err(|_| ParseError::malformed(line(), "unreadable attribute value"))?;
    quick_xml::escape::unescape(raw)
        .map_err(|err| ParseError::malformed(line(), format!("bad attribute value: {err}")))
}

/// Reads the tag `e` (at byte `off`) into `s`.
fn element(
    s: &mut Scratch,
    text: &str,
    e: &BytesStart<'_>,
    off: usize,
    line: impl Fn() -> u32,
) -> Result<(), ParseError> {
    let tag_span =
        span_in(text, e).ok_or_else(|| ParseError::malformed(line(), "unreadable tag"))?;
    let tag = tag_span.of(text);
    let bytes = text.as_bytes();
    let name_len = e.name().as_ref().len();
    let first = s.attrs.len();
    s.others.clear();
    // quick-xml's own duplicate check keeps a list per tag; a tag's few keys are compared here.
    for a in Attributes::new(tag, name_len).with_checks(false) {
        let a = a.map_err(|err| ParseError::malformed(line(), format!("bad attribute: {err}")))?;
        let name = a.key.as_ref();
        let k = Key::of(name);
        let twice = if k == Key::Other {
            s.others
                .iter()
                .any(|x| bytes.get(x.start..x.end) == Some(name))
        } else {
            s.attrs[first..].iter().any(|x| x.k == k)
        };
        if twice {
            return Err(ParseError::malformed(
                line(),
                format!(
                    "bad attribute: the attribute {} appears twice",
                    String::from_utf8_lossy(name)
                ),
            ));
        }
        // Attributes not read (sequence numbers, timestamps, ...) are checked, not kept.
        if k == Key::Other {
            let key = span_in(text, name)
                .ok_or_else(|| ParseError::malformed(line(), "unreadable attribute name"))?;
            s.others.push(key);
            if a.value.contains(&b'&') {
                unescape(&a.value, &line)?;
            }
            continue;
        }
        // The value is a slice of the text, so already UTF-8: only entities need work.
        let value = span_in(text, &a.value)
            .ok_or_else(|| ParseError::malformed(line(), "unreadable attribute value"))?;
        let attr = if a.value.contains(&b'&') {
            let v = unescape(&a.value, &line)?;
            let start = s.owned.len();
            s.owned.push_str(&v);
            Attr {
                k,
                value: Span {
                    start,
                    end: s.owned.len(),
                },
                owned: true,
            }
        } else {
            Attr {
                k,
                value,
                owned: false,
            }
        };
        s.attrs.push(attr);
    }
    let name = Span {
        start: tag_span.start,
        end: tag_span.start + name_len.min(tag.len()),
    };
    let tag = Tag::of(bytes.get(name.start..name.end).unwrap_or(&[]));
    let ev = match tag {
        Tag::Event => s.attrs[first..]
            .iter()
            .find(|a| a.k == Key::Type)
            .map_or(Ev::Other, |a| {
                Ev::of(a.value.of(if a.owned { &s.owned } else { text }).as_bytes())
            }),
        _ => Ev::Other,
    };
    s.els.push(RawEl {
        tag,
        ev,
        name,
        attrs: Span {
            start: first,
            end: s.attrs.len(),
        },
        off,
        depth: s.stack.len(),
    });
    Ok(())
}

/// Reads `text` (one `<root>` with everything in it, nothing after it) into `s`, or says why
/// not.
fn elements<'a>(
    s: &'a mut Scratch,
    text: &'a str,
    first_line: u32,
    root: Tag,
) -> Result<Doc<'a>, ParseError> {
    s.clear();
    let mut r = Reader::from_str(text);
    r.config_mut().trim_text(true);
    // The names are compared with the open elements' here.
    r.config_mut().check_end_names = false;
    let line_at = |off: usize| Lines::new(text, first_line).at(off);
    let mut closed = false;
    loop {
        let off = usize::try_from(r.buffer_position()).unwrap_or(usize::MAX);
        let ev = r.read_event().map_err(|err| {
            let at = usize::try_from(r.error_position()).unwrap_or(off);
            let line = line_at(at);
            if at >= text.trim_end().len() || matches!(err, quick_xml::Error::Syntax(_)) {
                ParseError::new(
                    ErrorKind::Unfinished,
                    line,
                    format!("the game stops inside a tag (the file was cut): {err}"),
                )
            } else {
                ParseError::malformed(line, format!("unreadable XML: {err}"))
            }
        })?;
        // Where the event's markup starts: after the blanks the reader passed over.
        let start = || off + leading_blank(text.get(off..).unwrap_or(""));
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                // The tag's `<` is the byte before its name.
                let at = span_in(text, e).map_or_else(start, |t| t.start.saturating_sub(1));
                let line = || line_at(at);
                if closed {
                    return Err(ParseError::malformed(line(), "an element after </game>"));
                }
                let name = e.name();
                if s.stack.is_empty() && name.as_ref() != root.text().as_bytes() {
                    let name = String::from_utf8_lossy(name.as_ref()).into_owned();
                    return Err(ParseError::malformed(
                        line(),
                        format!("<{name}> where <{}> was expected", root.text()),
                    ));
                }
                element(s, text, e, at, line)?;
                if matches!(ev, Event::Start(_)) {
                    let n = s.els.last().map(|el| el.name).unwrap_or_default();
                    s.stack.push(n);
                } else if s.stack.is_empty() {
                    closed = true;
                }
            }
            Event::End(ref e) => {
                let open = s.stack.pop().map(|n| n.of(text));
                if open.map(str::as_bytes) != Some(e.name().as_ref()) {
                    let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                    let message = match open {
                        Some(o) => format!("</{name}> where </{o}> was expected"),
                        None => format!("</{name}> with no element open"),
                    };
                    return Err(ParseError::malformed(line_at(start()), message));
                }
                if s.stack.is_empty() {
                    closed = true;
                }
            }
            Event::Text(ref t) => {
                if !t.iter().all(u8::is_ascii_whitespace) {
                    return Err(ParseError::malformed(
                        line_at(start()),
                        "text outside any element",
                    ));
                }
            }
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::CData(_) => {
                return Err(ParseError::malformed(line_at(start()), "CDATA in a game"))
            }
            Event::Eof => {
                if !closed || s.els.is_empty() {
                    return Err(ParseError::new(
                        ErrorKind::Unfinished,
                        line_at(start()),
                        format!(
                            "the <{}> element stops before its end (the file was cut)",
                            root.text()
                        ),
                    ));
                }
                return Ok(Doc {
                    text,
                    first_line,
                    s,
                });
            }
        }
    }
}

fn leading_blank(s: &str) -> usize {
    s.len() - s.trim_start().len()
}

// ---------------------------------------------------------------------------------------------
// Header values
// ---------------------------------------------------------------------------------------------

/// `31226377-1375` → `31226377 · 10^5 + 1375`.
fn hand_no(id: &str) -> Option<i64> {
    let (t, h) = id.split_once('-')?;
    if t.is_empty()
        || h.is_empty()
        || !t.bytes().all(|b| b.is_ascii_digit())
        || !h.bytes().all(|b| b.is_ascii_digit())
        || t.len() > 12
        || h.len() > 12
    {
        return None;
    }
    let t: i64 = t.parse().ok()?;
    let h: i64 = h.parse().ok().filter(|&h| h < HAND_FACTOR)?;
    t.checked_mul(HAND_FACTOR)?.checked_add(h)
}

/// `20110128163339` (UTC−5) or `2012/08/14 21:50:08 +0400`.
fn start_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    if s.len() == 14 && s.bytes().all(|b| b.is_ascii_digit()) {
        let t = NaiveDateTime::parse_from_str(s, "%Y%m%d%H%M%S").ok()?;
        let est = FixedOffset::west_opt(5 * 3600)?;
        return est
            .from_local_datetime(&t)
            .single()
            .map(|t| t.with_timezone(&Utc));
    }
    DateTime::parse_from_str(s, "%Y/%m/%d %H:%M:%S %z")
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The game named by the description's `type` (without " Tournament").
fn category_of(name: &str) -> Option<Category> {
    Some(match name {
        "Holdem" => Category::Holdem,
        "Omaha" => Category::OmahaHi,
        "Omaha H/L8" => Category::OmahaHiLo,
        "2-7 Lowball" => Category::TripleDraw27,
        "A-5 Lowball" => Category::TripleDrawA5,
        "Badugi" => Category::Badugi,
        "5-Draw" => Category::FiveDraw,
        "7-Stud" => Category::StudHi,
        "7-Stud H/L8" => Category::StudHiLo,
        "Razz" => Category::Razz,
        _ => return None,
    })
}

/// A mixed game's hand: the game of its `multigametype` code.
fn category_of_code(code: &str) -> Option<Category> {
    Some(match code {
        "2" | "23" => Category::Holdem,
        "9" | "29" => Category::OmahaHi,
        "35" | "37" => Category::OmahaHiLo,
        "39" | "41" => Category::StudHi,
        "43" | "45" => Category::StudHiLo,
        "47" | "49" => Category::Razz,
        _ => return None,
    })
}

const MIXES: &[(&str, &str)] = &[
    ("HORSE", "horse"),
    ("HOSE", "hose"),
    ("HA", "ha"),
    ("HO", "ho"),
    ("RASH", "rash"),
    ("SHOE", "shoe"),
    ("HAR", "har"),
];

/// The betting structure and the printed amounts of `stakes` ("No Limit ($0.10/$0.25)",
/// "Limit $1/$2", "No Limit Level 4 Blinds 40/80", "No Limit").
fn stakes_of(s: &str) -> Result<(LimitType, Vec<&str>), &'static str> {
    let s = s.trim();
    let (limit, rest) = if let Some(r) = s.strip_prefix("No Limit") {
        (LimitType::NoLimit, r)
    } else if s.starts_with("Half Pot Limit") {
        return Err("half-pot limit: a betting structure fpdb's model has no type for");
    } else if let Some(r) = s.strip_prefix("Pot Limit") {
        (LimitType::PotLimit, r)
    } else if let Some(r) = s.strip_prefix("Limit") {
        (LimitType::FixedLimit, r)
    } else {
        return Err("stakes of an unknown betting structure");
    };
    let rest = rest.trim();
    let rest = match rest.find("Blinds ") {
        Some(i) => &rest[i + 7..],
        None => rest,
    };
    let rest = rest.trim_start_matches('(').trim_end_matches(')').trim();
    if rest.is_empty() {
        return Ok((limit, Vec::new()));
    }
    Ok((limit, rest.split('/').map(str::trim).collect()))
}

// ---------------------------------------------------------------------------------------------
// The hand
// ---------------------------------------------------------------------------------------------

/// The street a round's betting is on, `None` for rounds without betting.
fn street_of(base: Base, id: &str) -> Option<i8> {
    Some(match (base, id) {
        (_, "BLINDS") => POSTS,
        (Base::Hold, "PREFLOP") => 0,
        (Base::Hold, "POSTFLOP") => 1,
        (Base::Hold, "POSTTURN") => 2,
        (Base::Hold, "POSTRIVER") => 3,
        (Base::Draw, "PRE_FIRST_DRAW") => 0,
        (Base::Draw, "FIRST_DRAW" | "POST_FIRST_DRAW") => 1,
        (Base::Draw, "SECOND_DRAW" | "POST_SECOND_DRAW") => 2,
        (Base::Draw, "THIRD_DRAW" | "POST_THIRD_DRAW") => 3,
        (Base::Stud, "BRING_IN" | "THIRD_STREET") => 0,
        (Base::Stud, "FOURTH_STREET") => 1,
        (Base::Stud, "FIFTH_STREET") => 2,
        (Base::Stud, "SIXTH_STREET") => 3,
        (Base::Stud, "SEVENTH_STREET") => 4,
        _ => return None,
    })
}

fn cards_list(s: &str, e: &El) -> Result<Vec<Card>, ParseError> {
    s.split(',')
        .map(|c| {
            let c = c.trim_ascii();
            if c.is_empty() || c == "null" {
                Ok(Card::UNKNOWN)
            } else {
                Card::parse_opt(c).ok_or_else(|| {
                    ParseError::malformed(e.line(), format!("unreadable card {c:?}"))
                })
            }
        })
        .collect()
}

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    with_scratch(|gs, ds| {
        let doc = elements(gs, chunk.text, chunk.first_line, Tag::Game)?;
        let desc = if chunk.context.is_empty() {
            None
        } else {
            elements(ds, chunk.context, chunk.context_line, Tag::Description)?.root()
        };
        let game_el = doc
            .root()
            .ok_or_else(|| ParseError::malformed(chunk.first_line, "an empty game"))?;
        let id = game_el.need(Key::Id)?;
        let no = hand_no(id).ok_or_else(|| {
            if id.split_once('-').is_some_and(|(t, h)| {
                !t.is_empty()
                    && !h.is_empty()
                    && t.bytes().chain(h.bytes()).all(|b| b.is_ascii_digit())
            }) {
                ParseError::hand_no_too_large(game_el.line())
            } else {
                ParseError::malformed(game_el.line(), "a game id that is not TABLE-HAND")
            }
        })?;
        let facts = Facts::of(&doc, game_el);
        // Raises as street totals (the clients from 2010 on), else as the chips added (older
        // ones): the reading under which every call is what the player owed.
        match build(&doc, &facts, desc.as_ref(), id, no, Raises::To) {
            Err(e) if e.message.starts_with(CALL_MISMATCH) => {
                build(&doc, &facts, desc.as_ref(), id, no, Raises::Added).map_err(|_| e)
            }
            r => r,
        }
        .map_err(|e| e.with_hand_no(Some(no)))
    })
}

/// What a `RAISE` or `COMPLETE` event's amount is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Raises {
    /// The street total the player raises to.
    To,
    /// The chips the player adds.
    Added,
}

const CALL_MISMATCH: &str = "a call of other than what the player owed";

/// The event types whose first amount sets the game's stakes where they are not printed.
const STAKE_EVENTS: [Ev; 5] = [
    Ev::SmallBlind,
    Ev::BigBlind,
    Ev::Ante,
    Ev::Complete,
    Ev::BringIn,
];

/// What the reading of a game needs to know before its elements are read in order, gathered in
/// one pass.
struct Facts<'a> {
    root: El<'a>,
    /// The first `GAME_CANCELLED` round or event.
    cancelled: Option<El<'a>>,
    /// An `END_OF_GAME` round is there.
    ended: bool,
    /// The first event of each of [`STAKE_EVENTS`].
    first: [Option<El<'a>>; STAKE_EVENTS.len()],
    /// The seats (as printed) named by an event other than chat.
    actors: SeatSet<'a>,
    /// The events with an amount of the BLINDS round, and the bring-ins.
    blind_posts: Vec<El<'a>>,
}

impl<'a> Facts<'a> {
    fn of(doc: &Doc<'a>, root: El<'a>) -> Facts<'a> {
        let mut f = Facts {
            root,
            cancelled: None,
            ended: false,
            first: [None; STAKE_EVENTS.len()],
            actors: SeatSet::default(),
            blind_posts: Vec::new(),
        };
        let mut blinds = false;
        for e in doc.iter() {
            match e.tag {
                Tag::Round => {
                    let round = e.get(Key::Id).unwrap_or("");
                    blinds = round == "BLINDS";
                    match round {
                        "GAME_CANCELLED" => {
                            f.cancelled.get_or_insert(e);
                        }
                        "END_OF_GAME" => f.ended = true,
                        _ => {}
                    }
                }
                Tag::Event => {
                    let ty = e.ev;
                    if ty == Ev::GameCancelled {
                        f.cancelled.get_or_insert(e);
                    }
                    if let Some(i) = STAKE_EVENTS.iter().position(|k| *k == ty) {
                        f.first[i].get_or_insert(e);
                    }
                    if ty != Ev::Chat {
                        if let Some(p) = e.get(Key::Player) {
                            f.actors.insert(p);
                        }
                    }
                    if e.get(Key::Amount).is_some()
                        && (ty == Ev::BringIn || (blinds && ty != Ev::Chat))
                    {
                        f.blind_posts.push(e);
                    }
                }
                _ => {}
            }
        }
        f
    }

    /// The amount of the first event of `kind` (one of [`STAKE_EVENTS`]), if any.
    fn posted(&self, kind: Ev, scale: Money) -> Result<Option<Money>, ParseError> {
        let e = STAKE_EVENTS
            .iter()
            .position(|k| *k == kind)
            .and_then(|i| self.first[i]);
        match e {
            Some(e) => Ok(Some(e.money(e.need(Key::Amount)?, scale)?)),
            None => Ok(None),
        }
    }
}

/// A set of seats as printed (`player="3"`): the numbers 0 to 99 written without leading zeros
/// as bits, any other text in a list (so "03" and "3" stay two seats, as two texts).
#[derive(Default)]
struct SeatSet<'a> {
    bits: u128,
    other: Vec<&'a str>,
}

impl<'a> SeatSet<'a> {
    fn number(s: &str) -> Option<u32> {
        match *s.as_bytes() {
            [d] if d.is_ascii_digit() => Some(u32::from(d - b'0')),
            [t, d] if (b'1'..=b'9').contains(&t) && d.is_ascii_digit() => {
                Some(u32::from(t - b'0') * 10 + u32::from(d - b'0'))
            }
            _ => None,
        }
    }
    fn insert(&mut self, s: &'a str) {
        match SeatSet::number(s) {
            Some(n) => self.bits |= 1 << n,
            None if !self.other.contains(&s) => self.other.push(s),
            None => {}
        }
    }
    fn contains(&self, s: &str) -> bool {
        match SeatSet::number(s) {
            Some(n) => self.bits & (1 << n) != 0,
            None => self.other.contains(&s),
        }
    }
}

/// Refuses a game that cannot be read whole: no `<description>` before it, cancelled by the
/// room, or without its END_OF_GAME round (cut). Returns the description.
fn check_whole<'d, 'a>(f: &Facts, desc: Option<&'d El<'a>>) -> Result<&'d El<'a>, ParseError> {
    let gl = f.root.line();
    let Some(desc) = desc else {
        return Err(ParseError::malformed(
            gl,
            "a game without the file's <description> (its game and stakes)",
        ));
    };
    if let Some(c) = f.cancelled {
        return Err(ParseError::new(
            ErrorKind::Cancelled,
            c.line(),
            "the room cancelled the hand",
        ));
    }
    if !f.ended {
        return Err(ParseError::new(
            ErrorKind::Unfinished,
            gl,
            "a game without its END_OF_GAME round",
        ));
    }
    Ok(desc)
}

/// The game: the description's type (" Tournament" for tournaments; a mixed game's hand names
/// its game by code) and stakes, or the blinds posted where the stakes print no amounts.
fn game_of(f: &Facts, desc: &El) -> Result<Game, ParseError> {
    let g = &f.root;
    let gl = g.line();
    let dtype = desc.need(Key::Type)?;
    let (name, tour) = match dtype.strip_suffix(" Tournament") {
        Some(n) => (n, true),
        None => (dtype, false),
    };
    let mix = MIXES.iter().find(|(m, _)| *m == name).map(|(_, m)| *m);
    let category = match mix {
        Some(_) => {
            let code = g.need(Key::Multigametype)?;
            category_of_code(code).ok_or_else(|| {
                ParseError::new(
                    ErrorKind::Unsupported,
                    gl,
                    format!("mixed game's hand of unknown game code {code}"),
                )
            })?
        }
        None => category_of(name).ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unsupported,
                desc.line(),
                format!("a game fpdb does not read: {name:?}"),
            )
        })?,
    };
    let stakes = g.get(Key::Stakes).unwrap_or(desc.need(Key::Stakes)?);
    let (limit, amounts) = stakes_of(stakes)
        .map_err(|why| ParseError::new(ErrorKind::Unsupported, desc.line(), why))?;
    let scale = if tour { CHIPS } else { CENTS };
    let printed: Vec<Money> = amounts
        .iter()
        .map(|a| checked_money(a, scale, desc.line()))
        .collect::<Result<_, _>>()?;
    let mut game = if category.base() == Base::Stud {
        // Stud: the small and big bets (no-limit: ante, bring-in, bet).
        let (small, big) = match printed.as_slice() {
            [s, b] => (*s, *b),
            [_, _, b] => (*b, b.saturating_mul(2)),
            _ => {
                let s = match f.posted(Ev::Complete, scale)? {
                    Some(c) => c,
                    None => f.posted(Ev::BringIn, scale)?.unwrap_or(0).saturating_mul(2),
                };
                (s, s.saturating_mul(2))
            }
        };
        let mut gm = Game::blinds(GameKind::Ring, category, limit, (0, small), "USD");
        gm.big_bet = big;
        gm
    } else {
        let sb_post = f.posted(Ev::SmallBlind, scale)?;
        let bb_post = f.posted(Ev::BigBlind, scale)?;
        let (sb, bb, big) = match (limit, printed.as_slice()) {
            (LimitType::FixedLimit, [lo, hi]) => (sb_post.unwrap_or(lo / 2), *lo, *hi),
            (_, [sb, bb]) => (*sb, *bb, bb.saturating_mul(2)),
            _ => {
                let (sb, bb) = match (sb_post, bb_post) {
                    (Some(s), Some(b)) => (s, b),
                    (Some(s), None) => (s, s.saturating_mul(2)),
                    (None, Some(b)) => (b / 2, b),
                    (None, None) => {
                        return Err(ParseError::malformed(gl, "no stakes and no blinds posted"))
                    }
                };
                (sb, bb, bb.saturating_mul(2))
            }
        };
        let mut gm = Game::blinds(GameKind::Ring, category, limit, (sb, bb), "USD");
        gm.big_bet = big;
        gm
    };
    if tour {
        game.kind = GameKind::Tour;
        game.currency = "T$".to_string();
    }
    game.mix = mix.map(str::to_string);
    if let Some(a) = f.posted(Ev::Ante, scale)? {
        game.ante = a;
    }
    Ok(game)
}

/// The table's facts from the game's `data` (table name, tournament and table numbers) and seat
/// count.
fn table_facts(b: &mut HandBuilder, g: &El) -> Result<(), ParseError> {
    let data: Vec<&str> = g
        .get(Key::Data)
        .map(|d| d.split(['|', ':']).collect())
        .unwrap_or_default();
    // The colon-divided `data` of older clients: the table name holds no colon in the corpus.
    if let Some(t) = data.get(1) {
        b.hand_mut().table_name = t.trim().to_string();
    }
    if let Some(s) = g.get(Key::Seats).and_then(|s| s.parse::<u8>().ok()) {
        b.hand_mut().max_seats = Some(s);
    }
    if b.hand().game.kind == GameKind::Tour {
        let tid = data
            .get(2)
            .and_then(|t| t.split('-').next())
            .and_then(|t| t.parse::<i64>().ok())
            .ok_or_else(|| {
                ParseError::malformed(g.line(), "a tournament game without its number")
            })?;
        b.hand_mut().tournament = Some(Tournament {
            tourney_no: tid,
            buyin: 0,
            fee: 0,
            bounty: 0,
            currency: "USD".to_string(),
            level: None,
            table_no: data
                .get(3)
                .and_then(|t| t.split('-').next())
                .map(str::to_string),
            rebuy: false,
            results: Vec::new(),
        });
    }
    Ok(())
}

/// Seats the players dealt in, and anyone who posts or acts; returns their (printed seat,
/// index). A tournament's balances are printed after the posts of the BLINDS round (an all-in
/// there is a blind for the whole stack) and the stud bring-in: they are added back.
fn seat_players(
    b: &mut HandBuilder,
    doc: &Doc,
    f: &Facts,
    scale: Money,
) -> Result<Vec<(u8, PlayerIdx)>, ParseError> {
    let tour = b.hand().game.kind == GameKind::Tour;
    let mut lines = Lines::new(doc.text, doc.first_line);
    let mut seats: Vec<(u8, PlayerIdx)> = Vec::new();
    let mut dealer = None;
    for e in doc.iter() {
        match e.tag {
            Tag::Players => {
                dealer = e.get(Key::Dealer).and_then(|d| d.parse::<u8>().ok());
            }
            Tag::Player => {
                let seat = e.need(Key::Seat)?;
                let s: u8 = seat
                    .parse()
                    .map_err(|_| ParseError::malformed(e.line(), "unreadable seat"))?;
                let dealt = e.get(Key::Dealtin) == Some("true") || f.actors.contains(seat);
                if !dealt {
                    continue;
                }
                let name = e.need(Key::Nickname)?;
                let mut stack = e.money(e.need(Key::Balance)?, scale)?;
                if tour {
                    for p in f
                        .blind_posts
                        .iter()
                        .filter(|x| x.get(Key::Player) == Some(seat))
                    {
                        stack = stack.saturating_add(p.money(p.need(Key::Amount)?, scale)?);
                    }
                }
                let stored = s
                    .checked_add(1)
                    .ok_or_else(|| ParseError::malformed(e.line(), "seat number too large"))?;
                let p = b.seat_player(lines.at(e.off), stored, name, stack, false)?;
                seats.push((s, p));
            }
            _ => {}
        }
    }
    if seats.is_empty() {
        return Err(ParseError::malformed(
            f.root.line(),
            "a game without players dealt in",
        ));
    }
    b.hand_mut().button_seat = dealer.and_then(|d| d.checked_add(1));
    Ok(seats)
}

/// The rounds, events, cards and winners of a game, read into the builder in order.
struct GameReader {
    b: HandBuilder,
    /// (printed seat, index) of each player.
    seats: Vec<(u8, PlayerIdx)>,
    base: Base,
    scale: Money,
    raises: Raises,
    /// The current round's street (`POSTS` for the blinds), `None` in a round without betting.
    street: Option<i8>,
    folded: Vec<PlayerIdx>,
}

impl GameReader {
    /// The player an element names by seat.
    fn who(&self, e: &El) -> Result<PlayerIdx, ParseError> {
        let s = e.need(Key::Player)?;
        let seat: u8 = s
            .parse()
            .map_err(|_| ParseError::malformed(e.line(), "unreadable player seat"))?;
        self.seats
            .iter()
            .find(|(x, _)| *x == seat)
            .map(|(_, p)| *p)
            .ok_or_else(|| {
                ParseError::malformed(e.line(), "a player who is not in the game's seat list")
            })
    }

    fn element(&mut self, e: &El) -> Result<(), ParseError> {
        match (e.depth, e.tag) {
            (1, Tag::Players) | (2, Tag::Player) => Ok(()),
            (1, Tag::Round) => self.round(e),
            (2, Tag::Event) => self.event(e),
            (2, Tag::Cards) => self.cards(e),
            (2, Tag::Winner) => self.winner(e),
            (d, _) => Err(ParseError::malformed(
                e.line(),
                format!(
                    "an element <{}> at depth {d} that games do not have",
                    e.name()
                ),
            )),
        }
    }

    fn round(&mut self, e: &El) -> Result<(), ParseError> {
        let rid = e.need(Key::Id)?;
        self.street = street_of(self.base, rid);
        match self.street {
            Some(s) if s >= 0 => self.b.set_street(s),
            Some(_) => {}
            None => {
                if !matches!(rid, "SHOWDOWN" | "END_OF_FOLDED_GAME" | "END_OF_GAME") {
                    return Err(ParseError::malformed(
                        e.line(),
                        format!("a round {rid:?} this game does not have"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn event(&mut self, e: &El) -> Result<(), ParseError> {
        let kind = e.need(Key::Type)?;
        if matches!(
            e.ev,
            Ev::Show
                | Ev::Muck
                | Ev::Chat
                | Ev::Leave
                | Ev::PlayerOut
                | Ev::Disconnected
                | Ev::Reconnected
                | Ev::SitOut
        ) {
            return Ok(());
        }
        let p = self.who(e)?;
        let amount = match e.get(Key::Amount) {
            Some(a) => Some(e.money(a, self.scale)?),
            None => None,
        };
        let Some(st) = self.street else {
            return Err(ParseError::malformed(
                e.line(),
                format!("{kind} in a round without betting"),
            ));
        };
        if st == POSTS {
            let a = amount
                .ok_or_else(|| ParseError::malformed(e.line(), format!("{kind} without amount")))?;
            return self.post(e, kind, p, a);
        }
        if self.folded.contains(&p) {
            // The room prints a folded player's phantom action at times (a call of 0.05 on the
            // river by a player out since the deal): its uncalled bets and awards show that it
            // did not count.
            return Ok(());
        }
        self.action(e, kind, p, amount)
    }

    /// An event of the BLINDS round.
    fn post(&mut self, e: &El, kind: &str, p: PlayerIdx, a: Money) -> Result<(), ParseError> {
        let b = &mut self.b;
        let k = match e.ev {
            Ev::SmallBlind => ActionKind::SmallBlind,
            Ev::BigBlind | Ev::InitialBlind => ActionKind::BigBlind,
            // A blind for the whole stack: the big one when the small one is in.
            Ev::AllIn => {
                let sb_in = b
                    .hand()
                    .actions
                    .iter()
                    .any(|a| a.kind == ActionKind::SmallBlind);
                let k = if sb_in {
                    ActionKind::BigBlind
                } else {
                    ActionKind::SmallBlind
                };
                b.post(p, k, a, true);
                return Ok(());
            }
            Ev::Ante => ActionKind::Ante,
            Ev::ReturnBlind => {
                let bb = b.hand().game.big_blind;
                if a > bb {
                    ActionKind::BothBlinds
                } else if a == bb {
                    ActionKind::BigBlind
                } else {
                    ActionKind::DeadSmallBlind
                }
            }
            Ev::BringIn => {
                b.bring_in(p, a, false);
                return Ok(());
            }
            _ => {
                return Err(ParseError::malformed(
                    e.line(),
                    format!("{kind} among the blinds"),
                ))
            }
        };
        b.post(p, k, a, false);
        Ok(())
    }

    /// A betting or drawing event after the blinds.
    fn action(
        &mut self,
        e: &El,
        kind: &str,
        p: PlayerIdx,
        amount: Option<Money>,
    ) -> Result<(), ParseError> {
        if e.ev == Ev::Draw {
            return self.draw(e, p);
        }
        let need = |a: Option<Money>| {
            a.ok_or_else(|| ParseError::malformed(e.line(), format!("{kind} without amount")))
        };
        let b = &mut self.b;
        match e.ev {
            Ev::Fold => {
                b.fold(p);
                self.folded.push(p);
            }
            Ev::Check => b.check(p),
            Ev::Call => {
                let a = need(amount)?;
                let owed = b.street_max().saturating_sub(b.street_total(p));
                if a != owed && !(a < owed && a >= b.behind(p)) {
                    return Err(ParseError::malformed(
                        e.line(),
                        format!(
                            "{CALL_MISMATCH} ({} of {})",
                            crate::pot::show_money(a, self.scale),
                            crate::pot::show_money(owed, self.scale)
                        ),
                    ));
                }
                b.call(p, a, false);
            }
            // On third street the first full bet completes (whether a bring-in was made or not),
            // as the other rooms print it.
            Ev::Bet if self.base == Base::Stud && b.street() == 0 => {
                let to = b.street_total(p).saturating_add(need(amount)?);
                b.complete_to(p, to, false);
            }
            Ev::Bet => b.bet(p, need(amount)?, false),
            Ev::Raise | Ev::Complete => {
                let a = need(amount)?;
                let to = match self.raises {
                    Raises::To => a,
                    Raises::Added => b.street_total(p).saturating_add(a),
                };
                if e.ev == Ev::Complete && self.base == Base::Stud {
                    b.complete_to(p, to, false);
                } else {
                    b.raise_to(p, to, false);
                }
            }
            Ev::BringIn => b.bring_in(p, need(amount)?, false),
            Ev::AllIn => {
                // No amount: the notice of an all-in already made.
                let Some(a) = amount else { return Ok(()) };
                let to = b.street_total(p).saturating_add(a);
                let max = b.street_max();
                if max == 0 {
                    b.bet(p, a, true);
                } else if to > max {
                    b.raise_to(p, to, true);
                } else {
                    b.call(p, a, true);
                }
            }
            _ => {
                return Err(ParseError::malformed(
                    e.line(),
                    format!("an event of unknown type {kind:?}"),
                ))
            }
        }
        Ok(())
    }

    /// The number of cards of a hand of this game.
    fn hand_size(&self) -> usize {
        self.b.hand().game.category.hand_size()
    }

    /// The hand before draw `round` (1-based): the deal or the previous draw, unknown cards
    /// where nothing is known.
    fn hand_before(&self, p: PlayerIdx, round: usize) -> Vec<Card> {
        let pl = &self.b.hand().players[p];
        let mut v = if round <= 1 {
            pl.cards.clone()
        } else {
            pl.draws.get(round - 2).cloned().unwrap_or_default()
        };
        v.resize(self.hand_size(), Card::UNKNOWN);
        v
    }

    /// The player's entry in `draws` for the current draw, made from the hand before it when
    /// missing; returns its index.
    fn draw_slot(&mut self, p: PlayerIdx) -> usize {
        let round = usize::try_from(self.b.street().max(1)).unwrap_or(1);
        while self.b.hand().players[p].draws.len() < round {
            let k = self.b.hand().players[p].draws.len() + 1;
            let prev = self.hand_before(p, k);
            self.b.hand_mut().players[p].draws.push(prev);
        }
        round - 1
    }

    /// `DRAW` with the number of cards changed (`text`): a stand-pat keeps the hand; a discard
    /// keeps the others, the new cards unknown until the room shows them (`DRAW_DRAWN_CARDS`
    /// for the hero, the showdown for the others).
    fn draw(&mut self, e: &El, p: PlayerIdx) -> Result<(), ParseError> {
        let t = e.need(Key::Text)?;
        let n: u8 = t
            .trim()
            .parse()
            .map_err(|_| ParseError::malformed(e.line(), "unreadable draw count"))?;
        if usize::from(n) > self.hand_size() {
            return Err(ParseError::malformed(
                e.line(),
                "more cards drawn than the hand holds",
            ));
        }
        if n == 0 {
            self.b.stand_pat(p);
        } else {
            self.b.discard(p, n, Vec::new());
        }
        let slot = self.draw_slot(p);
        let mut after = self.hand_before(p, slot + 1);
        let keep = self.hand_size() - usize::from(n);
        after.truncate(keep);
        after.resize(self.hand_size(), Card::UNKNOWN);
        self.b.hand_mut().players[p].draws[slot] = after;
        Ok(())
    }

    /// The hero's hand after a draw, in the slots of the hand before it: the cards it no longer
    /// holds are the ones he threw (given to his discard).
    fn drawn(&mut self, p: PlayerIdx, cs: Vec<Card>) {
        let slot = self.draw_slot(p);
        let before = self.hand_before(p, slot + 1);
        let thrown: Vec<Card> = before
            .iter()
            .copied()
            .filter(|c| c.is_known() && !cs.contains(c))
            .collect();
        let round = i8::try_from(slot + 1).unwrap_or(i8::MAX);
        if let Some(a) = self
            .b
            .hand_mut()
            .actions
            .iter_mut()
            .rev()
            .find(|a| a.player == p && a.street == round && a.kind == ActionKind::Discard)
        {
            if a.cards.is_empty() && thrown.len() == usize::from(a.discards.unwrap_or(0)) {
                a.cards = thrown;
            }
        }
        self.b.hand_mut().players[p].draws[slot] = cs;
    }

    /// Hole cards, the board, cards shown or mucked.
    fn cards(&mut self, e: &El) -> Result<(), ParseError> {
        let kind = e.need(Key::Type)?;
        let cs = cards_list(e.get(Key::Cards).unwrap_or(""), e)?;
        if cs.len() > 7 {
            return Err(ParseError::malformed(e.line(), "more than seven cards"));
        }
        match kind {
            "COMMUNITY" => {
                if self.base != Base::Hold || cs.len() > 5 || cs.iter().any(|c| !c.is_known()) {
                    return Err(ParseError::malformed(e.line(), "unreadable board"));
                }
                let h = self.b.hand_mut();
                h.boards.clear();
                h.boards.push(cs);
            }
            "HOLE" | "DRAW_DRAWN_CARDS" => {
                let p = self.who(e)?;
                let hero = if self.base == Base::Stud {
                    cs.len() >= 3 && cs[..2].iter().all(|c| c.is_known())
                } else {
                    kind == "HOLE"
                };
                match self.base {
                    Base::Stud => self.b.set_stud_cards(p, 0, &cs),
                    Base::Draw if kind == "DRAW_DRAWN_CARDS" => self.drawn(p, cs),
                    _ => {
                        if cs.len() != self.b.hand().game.category.hand_size()
                            || cs.iter().any(|c| !c.is_known())
                        {
                            return Err(ParseError::malformed(
                                e.line(),
                                "hole cards of the wrong count",
                            ));
                        }
                        self.b.set_cards(p, &cs);
                    }
                }
                if hero {
                    self.b.hand_mut().hero = Some(p);
                }
            }
            "SHOWN" | "MUCKED" => {
                let p = self.who(e)?;
                match self.base {
                    Base::Stud => self.b.set_stud_cards(p, 0, &cs),
                    Base::Draw => {
                        let size = self.hand_size();
                        self.b.reveal_draw_hand(p, &cs, size);
                    }
                    Base::Hold => self.b.reveal(p, &cs),
                }
                let pl = &mut self.b.hand_mut().players[p];
                if kind == "SHOWN" {
                    pl.shown = true;
                } else {
                    pl.mucked = true;
                }
            }
            _ => {
                return Err(ParseError::malformed(
                    e.line(),
                    format!("cards of unknown type {kind:?}"),
                ))
            }
        }
        Ok(())
    }

    /// An award, or an uncalled bet given back.
    fn winner(&mut self, e: &El) -> Result<(), ParseError> {
        let p = self.who(e)?;
        let a = e.money(e.need(Key::Amount)?, self.scale)?;
        if e.get(Key::Uncalled) == Some("true") {
            // Printed at the end: the bet was made on the player's last street with
            // money put in.
            let street = self
                .b
                .hand()
                .actions
                .iter()
                .rev()
                .find(|x| x.player == p && x.amount > 0)
                .map(|x| x.street.max(0));
            self.b.uncalled(p, a);
            if let (Some(st), Some(r)) = (street, self.b.hand_mut().returned.last_mut()) {
                r.street = st;
            }
        } else {
            let pot = e
                .get(Key::Potnumber)
                .and_then(|n| n.parse::<u8>().ok())
                .unwrap_or(1)
                .saturating_sub(1);
            self.b.collect(p, a, pot, 0);
        }
        Ok(())
    }
}

fn build(
    doc: &Doc,
    f: &Facts,
    desc: Option<&El>,
    id: &str,
    no: i64,
    raises: Raises,
) -> Result<Hand, ParseError> {
    let desc = check_whole(f, desc)?;
    let g = &f.root;
    let start = start_time(g.need(Key::Starttime)?)
        .ok_or_else(|| ParseError::malformed(g.line(), "unreadable starttime"))?;
    let game = game_of(f, desc)?;
    let (base, scale) = (
        game.base,
        if game.kind == GameKind::Tour {
            CHIPS
        } else {
            CENTS
        },
    );
    let mut b = HandBuilder::new(SITE, no, id, game, start);
    table_facts(&mut b, g)?;
    let seats = seat_players(&mut b, doc, f, scale)?;
    let mut r = GameReader {
        b,
        seats,
        base,
        scale,
        raises,
        street: None,
        folded: Vec::new(),
    };
    let mut last = g.off;
    for e in doc.iter().skip(1) {
        last = e.off;
        r.element(&e)?;
    }
    let last_line = Lines::new(doc.text, doc.first_line).at(last);
    let mut b = r.b;
    if b.hand().collections.is_empty() && b.hand().returned.is_empty() {
        return Err(ParseError::new(
            ErrorKind::Unfinished,
            last_line,
            "a game without any winner",
        ));
    }
    let mut policy = PotPolicy::new(scale, last_line);
    policy.printed = crate::pot::PrintedPot::None;
    b.settle(&policy)?;
    Ok(b.finish())
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::{chunks, normalise};

    const DESC: &str = r#"<description type="Holdem" stakes="No Limit ($0.10/$0.25)"/>"#;

    /// A heads-up hold'em hand: the small blind raises to 0.75, the big blind calls 0.50, both
    /// check to the river, the big blind bets 1.00 and the small blind folds.
    const HAND: &str = r#"<game id="123-45" starttime="20110128163339" numholecards="2" gametype="2" realmoney="true" data="20110128|Table (123)|123|123-45|false">
	<players dealer="0">
		<player seat="0" nickname="Alice" balance="$10.00" dealtin="true" />
		<player seat="1" nickname="Bob" balance="$20.00" dealtin="true" />
		<player seat="2" nickname="Carol" balance="$5.00" dealtin="false" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1296250404093" player="0" amount="0.10"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1296250404421" player="1" amount="0.25"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1296250416718" player="0" amount="0.75"/>
		<event sequence="4" type="CALL" timestamp="1296250417250" player="1" amount="0.50"/>
		<cards type="HOLE" cards="As,Kd" player="0" hand="Ace High"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="5" type="CHECK" timestamp="1296250431843" player="1"/>
		<event sequence="6" type="CHECK" timestamp="1296250435046" player="0"/>
		<cards type="COMMUNITY" cards="3h,8s,Ad" hand="Pair of Aces"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="7" type="CHECK" timestamp="1296250445125" player="1"/>
		<event sequence="8" type="CHECK" timestamp="1296250452968" player="0"/>
		<cards type="COMMUNITY" cards="3h,8s,Ad,Td" hand="Pair of Aces"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<event sequence="9" type="BET" timestamp="1296250462968" player="1" amount="1.00"/>
		<event sequence="10" type="FOLD" timestamp="1296250464437" player="0"/>
		<cards type="COMMUNITY" cards="3h,8s,Ad,Td,8c" hand="Pair of Aces"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="6">
		<winner amount="1.00" uncalled="true" potnumber="2" player="1" pottype="n"/>
		<winner amount="1.43" uncalled="false" potnumber="1" player="1" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="7">
	</round>
</game>"#;

    fn parse_text(text: &str) -> Vec<Result<Hand, ParseError>> {
        let text = normalise(text);
        chunks(&text)
            .map(|c| match c.room {
                Some(r) => r.parse(&c),
                None => Err(ParseError::new(
                    ErrorKind::NotAHandHistory,
                    c.first_line,
                    "",
                )),
            })
            .collect()
    }

    fn file() -> String {
        format!("{DESC}\n{HAND}\n")
    }

    #[test]
    fn detection() {
        assert!(is_description(DESC));
        assert!(is_game_start(HAND.lines().next().unwrap()));
        assert!(!is_game_start(r#"<game gamecode="123">"#));
        assert!(!is_game_start("<gametype>Holdem</gametype>"));
        assert!(!is_description("<description>text</description>"));
    }

    #[test]
    fn a_hand_is_read() {
        let r = parse_text(&file());
        assert_eq!(r.len(), 1);
        let h = r[0].as_ref().unwrap();
        assert_eq!(h.site, SITE);
        assert_eq!(h.site_hand_no, 12_300_045);
        assert_eq!(h.site_hand_id, "123-45");
        assert_eq!(h.start_time.to_rfc3339(), "2011-01-28T21:33:39+00:00");
        assert_eq!(h.table_name, "Table (123)");
        assert_eq!(h.button_seat, Some(1));
        assert_eq!(h.players.len(), 2, "Carol is not dealt in");
        assert_eq!((h.players[0].seat, h.players[0].stack), (1, 1_000));
        assert_eq!(h.hero, Some(0));
        assert_eq!(h.players[0].cards, Card::parse_all("As Kd").unwrap());
        assert_eq!(h.boards, vec![Card::parse_all("3h 8s Ad Td 8c").unwrap()]);
        let raise = &h.actions[2];
        assert_eq!(
            (raise.kind, raise.amount, raise.raise_to),
            (ActionKind::Raise, 65, Some(75))
        );
        assert_eq!((h.total_pot, h.rake), (150, 7));
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].amount, h.returned[0].street), (100, 3));
    }

    #[test]
    fn every_cut_is_refused() {
        let text = file();
        let lines: Vec<&str> = text.lines().collect();
        for cut in 2..lines.len() {
            let t = lines[..cut].join("\n");
            for r in parse_text(&t) {
                assert!(r.is_err(), "accepted when cut after line {cut}");
            }
        }
        // Cut inside the last tag.
        let t = &text[..text.len() - 4];
        assert!(parse_text(t).iter().all(Result::is_err));
    }

    #[test]
    fn refusals() {
        let cancelled = file().replace(
            r#"<round id="END_OF_FOLDED_GAME" sequence="6">"#,
            r#"<round id="GAME_CANCELLED" sequence="6"><event sequence="11" type="GAME_CANCELLED" timestamp="1"/></round><round id="END_OF_FOLDED_GAME" sequence="7">"#,
        );
        assert_eq!(
            parse_text(&cancelled)[0].as_ref().unwrap_err().kind,
            ErrorKind::Cancelled
        );
        let unknown = file().replace(
            r#"type="CHECK" timestamp="1296250431843""#,
            r#"type="WOBBLE" timestamp="1""#,
        );
        let e = parse_text(&unknown)[0].clone().unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 18));
        let stranger = file().replace(
            r#"type="BET" timestamp="1296250462968" player="1""#,
            r#"type="BET" timestamp="1" player="7""#,
        );
        assert!(parse_text(&stranger)[0].is_err());
        let hp = file().replace("No Limit", "Half Pot Limit");
        assert_eq!(
            parse_text(&hp)[0].as_ref().unwrap_err().kind,
            ErrorKind::Unsupported
        );
        // Money that does not balance: the winner paid more than the pot.
        let rich = file().replace(r#"amount="1.43""#, r#"amount="9.43""#);
        assert!(parse_text(&rich)[0].is_err());
        // No description: game and stakes unknown.
        assert!(parse_text(HAND)[0].is_err());
        // An attribute twice in one tag is not XML: refused with its line.
        let twice = file().replace(
            r#"type="CHECK" timestamp="1296250431843""#,
            r#"type="CHECK" type="FOLD" timestamp="1""#,
        );
        let e = parse_text(&twice)[0].clone().unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 18));
        assert!(e.message.contains("type appears twice"), "{}", e.message);
        let entity = file().replace(r#"nickname="Bob" balance"#, r#"nickname="B&zzz;" balance"#);
        let e = parse_text(&entity)[0].clone().unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 5));
        // An attribute fpdb does not read is checked all the same.
        let unread = file().replace(
            r#"type="CHECK" timestamp="1296250431843""#,
            r#"type="CHECK" timestamp="1" timestamp="2""#,
        );
        let e = parse_text(&unread)[0].clone().unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 18));
        assert!(
            e.message.contains("timestamp appears twice"),
            "{}",
            e.message
        );
        // An end tag that closes another element than the open one.
        let crossed = file().replacen("</players>", "</round>", 1);
        let e = parse_text(&crossed)[0].clone().unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 7));
        assert_eq!(e.message, "</round> where </players> was expected");
    }

    #[test]
    fn entities_in_values() {
        let amp = file().replace(r#"nickname="Bob""#, r#"nickname="Bob &amp; &lt;Co&gt;""#);
        let h = parse_text(&amp)[0].clone().unwrap();
        assert_eq!(h.players[1].name, "Bob & <Co>");
    }

    #[test]
    fn raises_as_chips_added() {
        // The older clients: the small blind's RAISE 0.75 is a raise to 0.85, the big blind's
        // RAISE 1.00 one to 1.25, which the CALL 0.40 of the small blind matches (and no
        // reading of the raises as totals does).
        let old = file()
            .replace(
                r#"<event sequence="4" type="CALL" timestamp="1296250417250" player="1" amount="0.50"/>"#,
                r#"<event sequence="4" type="RAISE" timestamp="1" player="1" amount="1.00"/><event sequence="4" type="CALL" timestamp="1" player="0" amount="0.40"/>"#,
            )
            .replace(r#"amount="1.43""#, r#"amount="2.43""#);
        let h = parse_text(&old).remove(0).unwrap();
        let r = &h.actions[3];
        assert_eq!((r.kind, r.raise_to), (ActionKind::Raise, Some(125)));
        assert_eq!((h.total_pot, h.rake), (250, 7));
    }

    #[test]
    fn values() {
        assert_eq!(hand_no("31226377-1375"), Some(3_122_637_701_375));
        assert_eq!(hand_no("1-99999"), Some(199_999));
        assert_eq!(hand_no("1-100000"), None);
        assert_eq!(hand_no("9999999999999-1"), None);
        assert_eq!(hand_no("12-"), None);
        assert_eq!(
            start_time("2012/08/14 21:50:08 +0400")
                .unwrap()
                .to_rfc3339(),
            "2012-08-14T17:50:08+00:00"
        );
        assert_eq!(
            start_time("20110719120000").unwrap().to_rfc3339(),
            "2011-07-19T17:00:00+00:00"
        );
        assert!(start_time("2011071912").is_none());
        assert_eq!(
            stakes_of("No Limit Level 4 Blinds 40/80"),
            Ok((LimitType::NoLimit, vec!["40", "80"]))
        );
        assert_eq!(
            stakes_of("Limit $1/$2"),
            Ok((LimitType::FixedLimit, vec!["$1", "$2"]))
        );
        assert_eq!(stakes_of("No Limit"), Ok((LimitType::NoLimit, vec![])));
    }
}

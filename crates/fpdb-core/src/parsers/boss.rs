//! Boss Media hand histories (the Boss Media network's client: Boss Poker, Opoker, espacejeux
//! and the network's other skins; archives of 2009 to 2017), stored under the site name `Boss`.
//!
//! The client writes XML, whatever the file's extension: one `<HISTORY>` element a hand, in a
//! file that may start with `<?xml version="1.0" encoding="UTF-8"?>` and `<ROOT>` and end with
//! `</ROOT>` (single-hand extracts have none of them, or a dangling `</ROOT>`). A line starting
//! `<HISTORY ` starts a hand ([`Room::is_hand_start`], also after the declaration and `<ROOT>` on
//! the same line); the declaration spelled as Boss writes it and `<ROOT>` are the document's
//! prelude, read as the chunk's context and ignored ([`Room::is_context_start`]). The hand is
//! read with `quick-xml`, one pass; a hand whose `</HISTORY>` is missing (a cut file) is refused
//! as unfinished, never read short. Values are decoded from XML's entities and HTML's Latin-1
//! ones (`&pound;`, `&Ouml;`, which names use). The skins print no name of their own anywhere in
//! the hand (the corpus's `Opoker` and `espacejeux` are in its file names only): every hand is
//! stored as `Boss`.
//!
//! # What the format prints, element by element
//!
//! - `<HISTORY ID SESSION TABLE GAME GAMETYPE GAMEKIND TABLECURRENCY LIMIT STAKES DATE ...>`:
//!   the hand. `GAME`: `GAME_THM` hold'em, `GAME_OMA` and `GAME_OMATU` (2009) omaha hi,
//!   `GAME_OMAHL` omaha hi/lo, `GAME_FCD` 5-card draw. `LIMIT`: `NL`, `PL`, `FL`. `GAMEKIND`:
//!   `GAMEKIND_CASH`, `GAMEKIND_TOURNAMENT` and `GAMEKIND_SITGO` (tournament chips, `T$`).
//!   `GAMETYPE_REAL` only (the corpus has no play-money table: any other `GAMETYPE` is refused
//!   as unsupported). `TABLECURRENCY` (`EUR`, `USD`, `SEK`, `CAD`, ...) is the table's currency,
//!   for tournaments the buy-in's. `STAKES="a/b"`: the blinds in no-limit and pot-limit, the
//!   bets in fixed limit (blinds a/2 and a). `DATE`: Unix seconds (UTC). `TABLE`: the table's
//!   name (in tournaments the tournament's). Ignored: `WIN`, `LOSS`, `BET`, `POT` (the hero's
//!   result and the last pot), `ENDTIME`, `TABLETOURNEYID` (always empty).
//! - `<PLAYER NAME SEAT AMOUNT STATE DEALER>`: a seat and its stack before the hand's printed
//!   posts; the players are seated in seat order once the list ends. `STATE_EMPTY` and
//!   `STATE_RESERVED` seats are passed over; a seated player dealt no card who never acts
//!   (`STATE_SITOUT`) is flagged sitting out. `DEALER="Y"` is the button. Since 2011 every seat
//!   of the table is listed (with `STATE`): their number is the table's size. Before, seats have
//!   no `STATE` and empty ones are `UNKNOWN` with no chips: a seat with no chips that nothing in
//!   the hand concerns is no player (one whose name is listed twice is not seated at all, and
//!   its `<RESULT>` is passed over). Ignored: `BLINDSTATE`.
//! - `<ACTION TYPE PLAYER ...>`:
//!   - `HAND_ANTE VALUE`: an ante; `HAND_BLINDS KIND VALUE`: `HAND_SB` small blind, `HAND_BB`
//!     big blind (a second one is a newcomer's, live), `HAND_DSB` a dead small blind, `HAND_AB`
//!     both blinds (the small-blind part dead). Posts come before the deal (a big blind printed
//!     before the small blind is stored after it, as it was posted). A blind larger than the
//!     player's stack is printed whole: he is all in for his stack, and the others still call
//!     the whole big blind.
//!   - `HAND_DEAL` with one `<CARD LINK>` a hole card: `LINK` 0-51 (0-12 the diamonds ace to
//!     king, 13-25 clubs, 26-38 hearts, 39-51 spades), `b` unknown. The player dealt known cards
//!     is the hero.
//!   - `HAND_BOARD`: a new street, with `POT` (the pot so far, after the rake), `RAKE`,
//!     `MAINPOT`, `LEFTPOT`, `RIGHTPOT` (ignored but for the antes below: the money is checked at
//!     the end). Flop games: `VALUE="BOARD_FLOP"` (`_TURN`, `_RIVER`) and the whole board so
//!     far; 5-card draw: no `VALUE` and no card, the draw.
//!   - `CHANGECARD COUNT`: the draw, `COUNT` cards changed (0: stood pat), and the player's hand
//!     after it (the hero's known, the kept cards in their places).
//!   - `ACTION_FOLD`, `ACTION_CHECK`, `ACTION_BET VALUE`, `ACTION_RAISE VALUE` (the street total
//!     the player raises to), `ACTION_CALL VALUE`, `ACTION_ALLIN VALUE`. A call prints the
//!     chips added in most hands of 2013 on and the street total before: the call is read as
//!     what the player owed when its value is that, as the total when its value is the bet's
//!     total (the two agree when the player had nothing in), else as an all-in for less; any
//!     other value is refused. An all-in puts in the player's whole stack (its value is either
//!     that or his street total after it, else it is refused): a bet, a raise or a call by what
//!     it does.
//! - `<SHOWDOWN NAME POT RAKE>`: the end. `POT` is what the winners shared, after the rake and
//!   without the uncalled bets, which are never printed ([`Uncalled::FromPrintedPot`]); `RAKE`
//!   the rake. Tournaments print each share of a split pot rounded down to the chip: the chips
//!   lost that way (one fewer than the shares at most) go to the largest share. Ignored:
//!   `MAINPOT`, `LEFTPOT`, `RIGHTPOT`, `STARTING`.
//! - `<RESULT PLAYER WIN HAND WINTYPE>` in it: one a player (a player all in and beaten may have
//!   none). `WIN` is what he collected (after the rake, from all pots: one collection), `HAND`
//!   a key of the client's texts: `$(STR_G_FOLD)`, `$(STR_G_MUCK)` (mucked), `$(STR_BY_DEFAULT)`
//!   (won without a showdown), or the hand shown (`$(STR_G_WIN_PAIR) $(STR_G_CARDS_KINGS)`). Its
//!   `<CARD>`s are the player's cards when known (in draw games the hand after the draw); they
//!   must be the cards he was dealt. Ignored: `WINTYPE` (`WINTYPE_HI`, `_LO`, `_HILO`: the hi/lo
//!   share of the win), `WINCARDS`, `HANDEXT` (the best five cards).
//!
//! Tournament hands of the format without seat states (2011 and before) print no antes, and
//! their stacks are printed after them: the pot of the first board (or of the showdown) holds
//! chips no action put in. They are shared out as equal antes of the players dealt in and added
//! back to the stacks; when they do not divide
//! evenly, the one player seated with no chips left was all in by his ante and paid the rest
//! (the ante is then the one amount that fits, or the one multiple of 25 chips that does: every
//! ante Boss prints is one). Chips that cannot be shared out so are refused.
//!
//! Refused, with the element's line: an element or an action type the format does not have,
//! text between elements, an attribute written twice, a game, limit, kind or money fpdb does
//! not read, a player acting who is not seated or who folded, an amount the betting rules do
//! not allow (a call of more or less than owed, a raise that does not raise, a check facing a
//! bet, an all-in that is not the player's stack, a post after the deal), a board that does
//! not continue the one before, shown cards other than those dealt, unprinted antes that cannot
//! be shared out, a hand cut before `</HISTORY>`, a hand whose money does not balance.
//!
//! # Hand numbers, tournaments and times
//!
//! `ID` is the hand's number. The network's national operators ran servers of their own, each
//! numbering its hands from its own counter: the SEK tables' hands of July 2013 are numbered
//! about 1.98·10^9 while the EUR tables' of the same week are about 3.04·10^9, and espacejeux's
//! CAD hands of 2017 about 2.4·10^8. So that two servers' hands never share a number,
//! `site_hand_no` is the number for `EUR` and `USD` tables (one counter: the international
//! network's), and `k·10^12 + ID` for any other currency, `k` the currency's three letters read
//! in base 26 plus one (`SEK` → 12 283: `12283001978259345`); an id of 10^12 or more is refused
//! as out of range. `site_hand_id` keeps the id as printed. The hands print no tournament
//! number: the player's `SESSION` number (`session1950592.xml`, one for all his hands of a
//! tournament) stands for it, mapped the same way; buy-ins are not printed (0, in the table's
//! currency). `DATE` is Unix time: UTC.
//!
//! [`Room::is_hand_start`]: crate::parsers::Room::is_hand_start
//! [`Room::is_context_start`]: crate::parsers::Room::is_context_start

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{checked_money, find, Lines};
use crate::pot::{show_money, PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;

/// The Boss Media network's XML hand histories.
#[derive(Debug)]
pub struct Boss;

pub const SITE: &str = "Boss";

/// Ids are below this; other currencies' servers are numbered from `k` times it.
const SERIES: i64 = 1_000_000_000_000;

room!(
    Boss,
    SITE,
    b"<",
    is_history_start,
    parse_chunk,
    context: b"<",
    is_prelude
);

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

/// `line` after an XML declaration (`<?xml ...?>`) and `<ROOT>` at its start, each optional,
/// and whether there was a declaration spelled as Boss writes it (`encoding="UTF-8"`).
fn after_prelude(line: &str) -> (&str, bool) {
    let mut t = line;
    let mut boss_decl = false;
    if let Some(r) = t.strip_prefix("<?xml") {
        if let Some(end) = find(r, "?>") {
            boss_decl = r[..end].contains("encoding=\"UTF-8\"");
            t = r[end + 2..].trim_start();
        }
    }
    if let Some(r) = t.strip_prefix("<ROOT>") {
        t = r.trim_start();
    }
    (t, boss_decl)
}

/// `<HISTORY ID="...` (possibly after the prelude on the same line).
fn is_history_start(line: &str) -> bool {
    let (t, _) = after_prelude(line);
    t.strip_prefix("<HISTORY ").is_some_and(|r| {
        let tag = r.split('>').next().unwrap_or(r);
        tag.starts_with("ID=\"") || tag.contains(" ID=\"")
    })
}

/// The document's prelude alone on its line: `<ROOT>`, the declaration followed by `<ROOT>`, or
/// the declaration as Boss spells it (`encoding="UTF-8"`: iPoker writes `utf-8` and claims
/// that one; claiming every declaration would make the splitter take other XML files for a
/// context block no hand follows, and report nothing for them).
fn is_prelude(line: &str) -> bool {
    let trimmed = line.trim_end();
    let (rest, boss_decl) = after_prelude(trimmed);
    if !rest.is_empty() || rest.len() == trimmed.len() {
        return false;
    }
    trimmed.ends_with("<ROOT>") || boss_decl
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/// The card of a `LINK`: 0-51 (ace to king of diamonds, clubs, hearts, spades), `b` unknown.
fn card(link: &str) -> Option<Card> {
    if link == "b" {
        return Some(Card::UNKNOWN);
    }
    if link.is_empty() || link.len() > 2 || !link.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = link.parse().ok()?;
    if n > 51 {
        return None;
    }
    let rank = match n % 13 {
        0 => 14,
        r => r + 1,
    };
    // Boss orders the suits d, c, h, s; fpdb's indices are h 0, d 1, c 2, s 3.
    let suit = [1, 2, 0, 3][usize::from(n / 13)];
    Card::from_rank_suit(rank, suit)
}

/// The Latin-1 entities of HTML (`&pound;`, `&Ouml;`: names are written with them), code
/// points 160 to 255 in order.
const LATIN1_ENTITIES: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
    "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute",
    "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
    "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute",
    "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
    "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc",
    "uuml", "yacute", "thorn", "yuml",
];

/// The characters of [`LATIN1_ENTITIES`], in the same order.
const LATIN1: &str = "\u{a0}¡¢£¤¥¦§¨©ª«¬\u{ad}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ";

/// The text of an entity: XML's five, HTML's of Latin-1, `&euro;`.
fn entity(name: &str) -> Option<&'static str> {
    if let Some(t) = quick_xml::escape::resolve_predefined_entity(name) {
        return Some(t);
    }
    if name == "euro" {
        return Some("€");
    }
    let i = LATIN1_ENTITIES.iter().position(|&e| e == name)?;
    let (at, c) = LATIN1.char_indices().nth(i)?;
    LATIN1.get(at..at + c.len_utf8())
}

/// The number of a currency's server counter: 0 for EUR and USD, else the code in base 26
/// plus one; `None` for what is not three capital letters.
fn series_of(currency: &str) -> Option<i64> {
    let b = currency.as_bytes();
    if b.len() != 3 || !b.iter().all(u8::is_ascii_uppercase) {
        return None;
    }
    if currency == "EUR" || currency == "USD" {
        return Some(0);
    }
    Some(
        b.iter()
            .fold(0i64, |k, &c| k * 26 + i64::from(c - b'A'))
            .saturating_add(1),
    )
}

/// The stored number of `digits` (a hand id or a session number) on the server of `series`;
/// `None` when it is not digits, `Some(None)` when it is 10^12 or more.
fn stored_number(digits: &str, series: i64) -> Option<Option<i64>> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: Option<i64> = digits.parse().ok().filter(|&n| n < SERIES);
    Some(n.and_then(|n| series.checked_mul(SERIES)?.checked_add(n)))
}

fn category_of(game: &str) -> Option<Category> {
    Some(match game {
        "GAME_THM" => Category::Holdem,
        "GAME_OMA" | "GAME_OMATU" => Category::OmahaHi,
        "GAME_OMAHL" => Category::OmahaHiLo,
        "GAME_FCD" => Category::FiveDraw,
        _ => return None,
    })
}

fn limit_of(limit: &str) -> Option<LimitType> {
    Some(match limit {
        "NL" => LimitType::NoLimit,
        "PL" => LimitType::PotLimit,
        "FL" => LimitType::FixedLimit,
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Elements and attributes
// ---------------------------------------------------------------------------------------------

/// The elements of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Root,
    History,
    Player,
    Action,
    Card,
    Showdown,
    Result,
}

impl Tag {
    fn of(name: &[u8]) -> Option<Tag> {
        Some(match name {
            b"ROOT" => Tag::Root,
            b"HISTORY" => Tag::History,
            b"PLAYER" => Tag::Player,
            b"ACTION" => Tag::Action,
            b"CARD" => Tag::Card,
            b"SHOWDOWN" => Tag::Showdown,
            b"RESULT" => Tag::Result,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Tag::Root => "ROOT",
            Tag::History => "HISTORY",
            Tag::Player => "PLAYER",
            Tag::Action => "ACTION",
            Tag::Card => "CARD",
            Tag::Showdown => "SHOWDOWN",
            Tag::Result => "RESULT",
        }
    }
}

/// Declares the attributes read (the others are listed as ignored in the module's
/// documentation): an enum indexing [`Attrs`], with each one's name.
macro_rules! keys {
    ($($v:ident = $s:literal),* $(,)?) => {
        #[derive(Debug, Clone, Copy)]
        enum Key {
            $($v,)*
        }
        /// How many attributes are read.
        const KEYS: usize = [$(Key::$v),*].len();
        impl Key {
            /// A match of byte-string patterns: the length first, no call per name.
            fn of(name: &[u8]) -> Option<Key> {
                match name {
                    $($s => Some(Key::$v),)*
                    _ => None,
                }
            }
            fn name(self) -> &'static str {
                match self {
                    $(Key::$v => std::str::from_utf8($s).unwrap_or("?"),)*
                }
            }
        }
    };
}

keys! {
    Id = b"ID",
    Session = b"SESSION",
    Table = b"TABLE",
    Game = b"GAME",
    GameType = b"GAMETYPE",
    GameKind = b"GAMEKIND",
    Currency = b"TABLECURRENCY",
    Limit = b"LIMIT",
    Stakes = b"STAKES",
    Date = b"DATE",
    Name = b"NAME",
    Seat = b"SEAT",
    Amount = b"AMOUNT",
    State = b"STATE",
    Dealer = b"DEALER",
    Type = b"TYPE",
    Player = b"PLAYER",
    Kind = b"KIND",
    Value = b"VALUE",
    Count = b"COUNT",
    Link = b"LINK",
    Pot = b"POT",
    Rake = b"RAKE",
    Win = b"WIN",
    Hand = b"HAND",
}

/// The attributes read of one element (entities decoded), with its line.
struct Attrs<'e> {
    values: [Option<Cow<'e, str>>; KEYS],
    tag: Tag,
    line: u32,
}

impl<'e> Attrs<'e> {
    fn read(e: &'e BytesStart<'_>, tag: Tag, line: u32) -> Result<Attrs<'e>, ParseError> {
        let mut values: [Option<Cow<'e, str>>; KEYS] = Default::default();
        // Without quick-xml's duplicate check (a list of keys for every tag): a key read twice
        // is refused here, one not read is passed over unread.
        for a in e.attributes().with_checks(false) {
            let a =
                a.map_err(|err| ParseError::malformed(line, format!("bad attribute: {err}")))?;
            let Some(k) = Key::of(a.key.as_ref()) else {
                continue;
            };
            let slot = &mut values[k as usize];
            if slot.is_some() {
                return Err(ParseError::malformed(
                    line,
                    format!("bad attribute: {} written twice", k.name()),
                ));
            }
            *slot = Some(a.unescape_value_with(entity).map_err(|err| {
                ParseError::malformed(line, format!("bad attribute value: {err}"))
            })?);
        }
        Ok(Attrs { values, tag, line })
    }

    fn get(&self, k: Key) -> Option<&str> {
        self.values[k as usize].as_deref()
    }

    fn need(&self, k: Key) -> Result<&str, ParseError> {
        self.get(k).ok_or_else(|| {
            ParseError::malformed(
                self.line,
                format!("<{}> without {}", self.tag.name(), k.name()),
            )
        })
    }

    fn money(&self, k: Key, scale: Money) -> Result<Money, ParseError> {
        checked_money(self.need(k)?, scale, self.line)
    }
}

// ---------------------------------------------------------------------------------------------
// The hand
// ---------------------------------------------------------------------------------------------

/// What an `<ACTION>` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    Post(ActionKind, Money),
    Deal,
    /// The street a `HAND_BOARD` starts (`None`: the draw), and the pot it prints.
    Board(Option<i8>, Option<Money>),
    /// `CHANGECARD`, the number of cards changed.
    Draw(u8),
    Fold,
    Check,
    Call(Money),
    Bet(Money),
    Raise(Money),
    AllIn(Money),
}

/// What a `<RESULT>`'s `HAND` says the player did with his cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Folded,
    Mucked,
    /// Won without a showdown.
    Uncontested,
    Shown,
}

/// The `<ACTION>` or `<RESULT>` being read (its cards follow it).
#[derive(Debug, Clone, Copy)]
enum Open {
    None,
    Action {
        act: Act,
        player: Option<PlayerIdx>,
        line: u32,
    },
    Result {
        /// `None`: an empty seat's.
        player: Option<PlayerIdx>,
        win: Money,
        shows: Shows,
        line: u32,
    },
}

/// A `<PLAYER>` of the seat list.
#[derive(Debug)]
struct Seat {
    seat: u8,
    name: String,
    stack: Money,
    line: u32,
}

/// Reads one hand, element by element.
struct Parser {
    b: Option<HandBuilder>,
    hand_no: Option<i64>,
    scale: Money,
    size: usize,
    base: Base,
    /// The open elements.
    stack: Vec<Tag>,
    /// `</HISTORY>` was read.
    closed: bool,
    /// A `</ROOT>` that no `<ROOT>` opened was read after it.
    dangling_root: bool,
    /// `<PLAYER>` elements, and whether they list every seat (they print `STATE`).
    seats_listed: u8,
    every_seat_listed: bool,
    /// Per seated player.
    dealt: Vec<bool>,
    acted: Vec<bool>,
    folded: Vec<bool>,
    drew: Vec<bool>,
    /// The seat list, until the first action.
    seats: Vec<Seat>,
    /// The names of the seats listed as empty (the old format's `UNKNOWN`s).
    empty_seats: Vec<String>,
    /// The seat list is over (an action or the showdown was read).
    acting: bool,
    /// Per seated player: he posted, was dealt, acted, won or showed cards.
    involved: Vec<bool>,
    /// The antes a tournament hand does not print were looked for.
    antes_checked: bool,
    board: Vec<Card>,
    /// The cards of the open element.
    cards: Vec<Card>,
    open: Open,
    /// `<SHOWDOWN>`'s pot, rake and line.
    showdown: Option<(Money, Money, u32)>,
    max_ante: Money,
    /// The big blind as printed (a short blind is posted for less, and called in full).
    blind: Money,
}

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut p = Parser {
        b: None,
        hand_no: None,
        scale: CENTS,
        size: 0,
        base: Base::Hold,
        stack: Vec::with_capacity(5),
        closed: false,
        dangling_root: false,
        seats_listed: 0,
        every_seat_listed: false,
        dealt: Vec::new(),
        acted: Vec::new(),
        folded: Vec::new(),
        drew: Vec::new(),
        seats: Vec::with_capacity(10),
        empty_seats: Vec::new(),
        acting: false,
        involved: Vec::new(),
        antes_checked: false,
        board: Vec::with_capacity(5),
        cards: Vec::with_capacity(5),
        open: Open::None,
        showdown: None,
        max_ante: 0,
        blind: 0,
    };
    let result = p.read(chunk).and_then(|last| p.finish(last));
    result.map_err(|e| {
        let e = match chunk.lines().find(|(no, _)| *no == e.line) {
            Some((_, text)) if e.line_text.is_none() && !text.is_empty() => e.with_text(text),
            _ => e,
        };
        e.with_hand_no(p.hand_no)
    })
}

impl Parser {
    fn builder(&mut self, line: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(line, "an element before <HISTORY>"))
    }

    /// Reads the chunk's elements; returns the number of its last line.
    fn read(&mut self, chunk: &Chunk<'_>) -> Result<u32, ParseError> {
        let text = chunk.text;
        let mut r = Reader::from_str(text);
        r.config_mut().trim_text(true);
        // End names are compared with the open elements here (a dangling `</ROOT>` is allowed).
        r.config_mut().check_end_names = false;
        r.config_mut().allow_unmatched_ends = true;
        let mut lines = Lines::new(text, chunk.first_line);
        loop {
            let before = usize::try_from(r.buffer_position()).unwrap_or(usize::MAX);
            let ev = match r.read_event() {
                Ok(ev) => ev,
                Err(err) => {
                    let at = usize::try_from(r.error_position()).unwrap_or(before);
                    let line = lines.at(at);
                    return Err(if matches!(err, quick_xml::Error::Syntax(_)) {
                        ParseError::new(
                            ErrorKind::Unfinished,
                            line,
                            format!("the hand stops inside a tag (the file was cut): {err}"),
                        )
                    } else {
                        ParseError::malformed(line, format!("unreadable XML: {err}"))
                    });
                }
            };
            // The event's markup starts after the blanks the reader passed over.
            let rest = text.get(before..).unwrap_or("");
            let line = lines.at(before.saturating_add(rest.len() - rest.trim_start().len()));
            match ev {
                Event::Start(ref e) => self.start(e, line, false)?,
                Event::Empty(ref e) => self.start(e, line, true)?,
                Event::End(ref e) => self.end(e.name().as_ref(), line)?,
                Event::Text(_) | Event::CData(_) => {
                    return Err(ParseError::malformed(line, "text outside any element"))
                }
                Event::Decl(_) if self.b.is_none() && self.stack.is_empty() => {}
                Event::Decl(_) => {
                    return Err(ParseError::malformed(
                        line,
                        "an XML declaration inside a hand",
                    ))
                }
                Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {}
                Event::Eof => return Ok(lines.at(text.len())),
            }
        }
    }

    /// A start tag (`empty`: `<X/>`, which ends at once).
    fn start(&mut self, e: &BytesStart<'_>, line: u32, empty: bool) -> Result<(), ParseError> {
        let name = e.name();
        let Some(tag) = Tag::of(name.as_ref()) else {
            return Err(ParseError::malformed(
                line,
                format!(
                    "an element <{}> Boss histories do not have",
                    String::from_utf8_lossy(name.as_ref())
                ),
            ));
        };
        if self.closed {
            return Err(ParseError::malformed(
                line,
                format!("<{}> after </HISTORY>", tag.name()),
            ));
        }
        let parent = self.stack.last().copied();
        let a = Attrs::read(e, tag, line)?;
        let first = self.b.is_none();
        match (parent, tag) {
            (None, Tag::Root) if first && !empty => {}
            (None | Some(Tag::Root), Tag::History) if first => {
                if empty {
                    return Err(ParseError::malformed(line, "an empty <HISTORY>"));
                }
                self.header(&a)?;
            }
            (Some(Tag::History), Tag::Player) => self.seat(&a)?,
            (Some(Tag::History), Tag::Action) if self.showdown.is_none() => self.action(&a)?,
            (Some(Tag::History), Tag::Showdown) if self.showdown.is_none() => self.showdown(&a)?,
            (Some(Tag::Action | Tag::Result), Tag::Card) => self.card(&a)?,
            (Some(Tag::Showdown), Tag::Result) => self.result(&a)?,
            _ => {
                return Err(ParseError::malformed(
                    line,
                    match parent {
                        Some(p) => format!("<{}> inside <{}>", tag.name(), p.name()),
                        None => format!("<{}> where <HISTORY> was expected", tag.name()),
                    },
                ))
            }
        }
        if empty {
            self.ended(tag, line)
        } else {
            self.stack.push(tag);
            Ok(())
        }
    }

    /// An end tag.
    fn end(&mut self, name: &[u8], line: u32) -> Result<(), ParseError> {
        let tag = Tag::of(name);
        match self.stack.pop() {
            Some(open) if Some(open) == tag => self.ended(open, line),
            // Single-hand extracts end with a `</ROOT>` they never opened.
            None if tag == Some(Tag::Root) && self.closed && !self.dangling_root => {
                self.dangling_root = true;
                Ok(())
            }
            open => {
                let name = String::from_utf8_lossy(name);
                Err(ParseError::malformed(
                    line,
                    match open {
                        Some(o) => format!("</{name}> where </{}> was expected", o.name()),
                        None => format!("</{name}> with no element open"),
                    },
                ))
            }
        }
    }

    /// The element `tag` has ended (with its cards).
    fn ended(&mut self, tag: Tag, line: u32) -> Result<(), ParseError> {
        match (tag, std::mem::replace(&mut self.open, Open::None)) {
            (Tag::History, _) => {
                if self.showdown.is_none() {
                    return Err(ParseError::malformed(line, "a hand without its <SHOWDOWN>"));
                }
                self.closed = true;
                Ok(())
            }
            (Tag::Action, Open::Action { act, player, line }) => self.apply(act, player, line),
            (
                Tag::Result,
                Open::Result {
                    player,
                    win,
                    shows,
                    line,
                },
            ) => self.outcome(player, win, shows, line),
            (_, open) => {
                // A card's end leaves its action or result open.
                self.open = open;
                Ok(())
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Header and seats
    // -----------------------------------------------------------------------------------------

    fn header(&mut self, a: &Attrs) -> Result<(), ParseError> {
        let line = a.line;
        let currency = a.need(Key::Currency)?;
        let series = series_of(currency).ok_or_else(|| {
            ParseError::malformed(line, format!("an unreadable currency {currency:?}"))
        })?;
        let id = a.need(Key::Id)?;
        let no = number(id, series, line, "hand number")?;
        self.hand_no = Some(no);
        let game = a.need(Key::Game)?;
        let category = category_of(game).ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unsupported,
                line,
                format!("a game fpdb does not read: {game}"),
            )
        })?;
        let limit = a.need(Key::Limit)?;
        let limit = limit_of(limit).ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unsupported,
                line,
                format!("a betting limit fpdb does not read: {limit}"),
            )
        })?;
        let money = a.need(Key::GameType)?;
        if money != "GAMETYPE_REAL" {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                line,
                format!("a table of {money}: only real-money tables are read"),
            ));
        }
        let kind = match a.need(Key::GameKind)? {
            "GAMEKIND_CASH" => GameKind::Ring,
            "GAMEKIND_TOURNAMENT" | "GAMEKIND_SITGO" => GameKind::Tour,
            k => {
                return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    line,
                    format!("a kind of game fpdb does not read: {k}"),
                ))
            }
        };
        self.scale = if kind == GameKind::Tour { CHIPS } else { CENTS };
        let (low, high) = a
            .need(Key::Stakes)?
            .split_once('/')
            .ok_or_else(|| ParseError::malformed(line, "unreadable stakes"))?;
        let low = checked_money(low, self.scale, line)?;
        let high = checked_money(high, self.scale, line)?;
        if low <= 0 || high < low {
            return Err(ParseError::malformed(line, "unreadable stakes"));
        }
        let date = a.need(Key::Date)?;
        let start = Some(date)
            .filter(|d| !d.is_empty() && d.len() <= 12 && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<i64>().ok())
            .and_then(|s| DateTime::<Utc>::from_timestamp(s, 0))
            .ok_or_else(|| ParseError::malformed(line, "an unreadable date"))?;
        // Fixed-limit stakes are the bets: the blinds are half the small bet and the small bet.
        let blinds = if limit == LimitType::FixedLimit {
            (low / 2, low)
        } else {
            (low, high)
        };
        let table_money = if kind == GameKind::Tour {
            "T$"
        } else {
            currency
        };
        let mut g = Game::blinds(kind, category, limit, blinds, table_money);
        if limit == LimitType::FixedLimit {
            g.small_bet = low;
            g.big_bet = high;
        }
        self.size = category.hand_size();
        self.base = category.base();
        let mut b = HandBuilder::new(SITE, no, id, g, start);
        b.hand_mut().table_name = a.need(Key::Table)?.to_string();
        if kind == GameKind::Tour {
            let session = a.need(Key::Session)?;
            let digits = session
                .strip_prefix("session")
                .and_then(|s| s.strip_suffix(".xml"))
                .unwrap_or("");
            let tourney_no = number(digits, series, line, "session number")?;
            b.hand_mut().tournament = Some(Tournament {
                tourney_no,
                buyin: 0,
                fee: 0,
                bounty: 0,
                currency: currency.to_string(),
                level: None,
                table_no: None,
                rebuy: false,
                results: Vec::new(),
            });
        }
        self.b = Some(b);
        Ok(())
    }

    fn seat(&mut self, a: &Attrs) -> Result<(), ParseError> {
        let line = a.line;
        if self.acting {
            return Err(ParseError::malformed(
                line,
                "a seat listed after the actions",
            ));
        }
        self.seats_listed = self.seats_listed.saturating_add(1);
        let state = a.get(Key::State);
        self.every_seat_listed |= state.is_some();
        let seat: u8 = a
            .need(Key::Seat)?
            .parse()
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| ParseError::malformed(line, "an unreadable seat number"))?;
        match a.get(Key::Dealer) {
            None | Some("N") => {}
            Some("Y") => {
                let h = self.builder(line)?.hand_mut();
                if h.button_seat.is_some() {
                    return Err(ParseError::malformed(line, "two dealers"));
                }
                h.button_seat = Some(seat);
            }
            Some(d) => {
                return Err(ParseError::malformed(
                    line,
                    format!("an unreadable DEALER {d:?}"),
                ))
            }
        }
        if matches!(state, Some("STATE_EMPTY" | "STATE_RESERVED")) {
            return Ok(());
        }
        let name = a.need(Key::Name)?;
        if name.is_empty() {
            return Err(ParseError::malformed(
                line,
                "a seated player without a name",
            ));
        }
        let stack = a.money(Key::Amount, self.scale)?;
        self.seats.push(Seat {
            seat,
            name: name.to_string(),
            stack,
            line,
        });
        Ok(())
    }

    /// The seat list is over (an action or the showdown follows): the players go to the
    /// builder in seat order. A name listed twice with no chips is the old format's empty seats
    /// (`UNKNOWN`), passed over; any other repeated name or seat is refused.
    fn seat_all(&mut self, line: u32) -> Result<(), ParseError> {
        if self.acting {
            return Ok(());
        }
        self.acting = true;
        let mut seats = std::mem::take(&mut self.seats);
        seats.sort_by_key(|s| s.seat);
        let empty: Vec<bool> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.stack == 0
                    && seats
                        .iter()
                        .enumerate()
                        .any(|(j, o)| j != i && o.name == s.name && o.stack == 0)
            })
            .collect();
        for (s, empty) in seats.into_iter().zip(empty) {
            if empty {
                self.empty_seats.push(s.name);
                continue;
            }
            self.builder(line)?
                .seat_player(s.line, s.seat, &s.name, s.stack, false)?;
            self.involved.push(false);
            self.dealt.push(false);
            self.acted.push(false);
            self.folded.push(false);
            self.drew.push(false);
        }
        Ok(())
    }

    /// The seated player an element's `PLAYER` names.
    fn player(&mut self, a: &Attrs) -> Result<PlayerIdx, ParseError> {
        let name = a.need(Key::Player)?;
        self.builder(a.line)?
            .player(name)
            .ok_or_else(|| ParseError::unknown_actor(a.line))
    }

    // -----------------------------------------------------------------------------------------
    // Actions
    // -----------------------------------------------------------------------------------------

    /// An `<ACTION>`: read now, applied at its end (after its cards).
    fn action(&mut self, a: &Attrs) -> Result<(), ParseError> {
        let line = a.line;
        self.cards.clear();
        let scale = self.scale;
        let value = || a.money(Key::Value, scale);
        let act = match a.need(Key::Type)? {
            "HAND_ANTE" => Act::Post(ActionKind::Ante, value()?),
            "HAND_BLINDS" => {
                let kind = match a.need(Key::Kind)? {
                    "HAND_SB" => ActionKind::SmallBlind,
                    "HAND_BB" => ActionKind::BigBlind,
                    "HAND_DSB" => ActionKind::DeadSmallBlind,
                    "HAND_AB" => ActionKind::BothBlinds,
                    k => {
                        return Err(ParseError::new(
                            ErrorKind::Unsupported,
                            line,
                            format!("a blind fpdb does not read: {k}"),
                        ))
                    }
                };
                Act::Post(kind, value()?)
            }
            "HAND_DEAL" => Act::Deal,
            "HAND_BOARD" => {
                let street = match a.get(Key::Value) {
                    None => None,
                    Some("BOARD_FLOP") => Some(1),
                    Some("BOARD_TURN") => Some(2),
                    Some("BOARD_RIVER") => Some(3),
                    Some(v) => {
                        return Err(ParseError::malformed(
                            line,
                            format!("an unknown board {v:?}"),
                        ))
                    }
                };
                let pot = match a.get(Key::Pot) {
                    Some(_) => Some(a.money(Key::Pot, scale)?),
                    None => None,
                };
                Act::Board(street, pot)
            }
            "CHANGECARD" => Act::Draw(
                a.need(Key::Count)?
                    .parse()
                    .ok()
                    .filter(|&n| usize::from(n) <= self.size)
                    .ok_or_else(|| ParseError::malformed(line, "an unreadable number of cards"))?,
            ),
            "ACTION_FOLD" => Act::Fold,
            "ACTION_CHECK" => Act::Check,
            "ACTION_CALL" => Act::Call(value()?),
            "ACTION_BET" => Act::Bet(value()?),
            "ACTION_RAISE" => Act::Raise(value()?),
            "ACTION_ALLIN" => Act::AllIn(value()?),
            t => {
                return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    line,
                    format!("an action of a type fpdb does not read: {t}"),
                ))
            }
        };
        self.seat_all(line)?;
        let player = match act {
            Act::Board(..) => None,
            _ => {
                let p = self.player(a)?;
                if self.folded[p] {
                    return Err(ParseError::malformed(
                        line,
                        "an action of a player who folded",
                    ));
                }
                Some(p)
            }
        };
        self.open = Open::Action { act, player, line };
        Ok(())
    }

    fn card(&mut self, a: &Attrs) -> Result<(), ParseError> {
        let link = a.need(Key::Link)?;
        let c = card(link)
            .ok_or_else(|| ParseError::malformed(a.line, format!("an unreadable card {link:?}")))?;
        if self.cards.len() >= self.size.max(5) {
            return Err(ParseError::malformed(a.line, "too many cards"));
        }
        self.cards.push(c);
        Ok(())
    }

    /// The `<ACTION>` with its cards.
    fn apply(&mut self, act: Act, player: Option<PlayerIdx>, line: u32) -> Result<(), ParseError> {
        if !matches!(act, Act::Deal | Act::Board(..) | Act::Draw(_)) && !self.cards.is_empty() {
            return Err(ParseError::malformed(
                line,
                "cards in an action that deals none",
            ));
        }
        if let Some(p) = player {
            self.involved[p] = true;
        }
        match (act, player) {
            (Act::Board(street, pot), _) => {
                if let Some(pot) = pot {
                    self.unprinted_antes(pot, line)?;
                }
                self.board(street, line)
            }
            (Act::Deal, Some(p)) => self.deal(p, line),
            (Act::Draw(n), Some(p)) => self.draw(p, n, line),
            (act, Some(p)) => self.bet(act, p, line),
            (_, None) => Ok(()),
        }
    }

    /// `HAND_DEAL`: the player's hole cards.
    fn deal(&mut self, p: PlayerIdx, line: u32) -> Result<(), ParseError> {
        if self.dealt[p] {
            return Err(ParseError::malformed(line, "a player dealt twice"));
        }
        if self.cards.len() != self.size {
            return Err(ParseError::malformed(
                line,
                format!(
                    "{} cards dealt to a player, the game deals {}",
                    self.cards.len(),
                    self.size
                ),
            ));
        }
        self.dealt[p] = true;
        let b = self.builder(line)?;
        if b.street() > 0 {
            return Err(ParseError::malformed(
                line,
                "cards dealt after the first round",
            ));
        }
        b.set_street(0);
        let cards = std::mem::take(&mut self.cards);
        let b = self.builder(line)?;
        b.set_cards(p, &cards);
        if cards.iter().any(|c| c.is_known()) && b.hand().hero.is_none() {
            b.hand_mut().hero = Some(p);
        }
        self.cards = cards;
        Ok(())
    }

    /// `HAND_BOARD`: a flop game's next street and board, or a draw game's draw.
    fn board(&mut self, street: Option<i8>, line: u32) -> Result<(), ParseError> {
        let base = self.base;
        let cards = std::mem::take(&mut self.cards);
        let continues = cards.starts_with(&self.board);
        let b = self.builder(line)?;
        let now = b.street().max(0);
        match (base, street) {
            (Base::Draw, None) => {
                if !cards.is_empty() {
                    return Err(ParseError::malformed(line, "cards on a draw game's board"));
                }
                if now > 0 {
                    return Err(ParseError::malformed(
                        line,
                        "a second draw in a single-draw game",
                    ));
                }
                b.set_street(0);
                b.set_street(1);
            }
            (Base::Hold, Some(n)) => {
                if n != now + 1 {
                    return Err(ParseError::malformed(
                        line,
                        "a street without the one before",
                    ));
                }
                if cards.len() != usize::from(n.unsigned_abs()) + 2
                    || cards.iter().any(|c| !c.is_known())
                    || !continues
                {
                    return Err(ParseError::malformed(
                        line,
                        "a board that does not continue the one before",
                    ));
                }
                b.set_street(0);
                b.set_street(n);
                self.board.clone_from(&cards);
            }
            _ => {
                return Err(ParseError::malformed(
                    line,
                    "a board of another kind of game",
                ))
            }
        }
        self.cards = cards;
        Ok(())
    }

    /// `CHANGECARD`: the draw, `n` cards changed, with the hand after it.
    fn draw(&mut self, p: PlayerIdx, n: u8, line: u32) -> Result<(), ParseError> {
        if self.base != Base::Draw || self.builder(line)?.street() != 1 {
            return Err(ParseError::malformed(line, "a draw outside the draw"));
        }
        if self.drew[p] {
            return Err(ParseError::malformed(line, "a player drawing twice"));
        }
        if self.cards.len() != self.size {
            return Err(ParseError::malformed(
                line,
                "a hand after the draw of another size than the deal",
            ));
        }
        self.drew[p] = true;
        self.acted[p] = true;
        let after = std::mem::take(&mut self.cards);
        let b = self.builder(line)?;
        let before = &b.hand().players[p].cards;
        // The known hand's discards: the cards of the deal that are not in the hand after.
        let mut thrown = Vec::new();
        if before.len() == after.len() && before.iter().chain(&after).all(|c| c.is_known()) {
            thrown = before
                .iter()
                .filter(|c| !after.contains(c))
                .copied()
                .collect();
            if thrown.len() != usize::from(n) {
                return Err(ParseError::malformed(
                    line,
                    format!(
                        "{n} cards changed, but the hand after the draw keeps {} of the deal",
                        after.len() - thrown.len()
                    ),
                ));
            }
        }
        if n == 0 {
            b.stand_pat(p);
        } else {
            b.discard(p, n, thrown);
        }
        b.hand_mut().players[p].draws.push(after.clone());
        self.cards = after;
        Ok(())
    }

    /// A post or a betting action, its amount checked against the player's chips and the bet.
    fn bet(&mut self, act: Act, p: PlayerIdx, line: u32) -> Result<(), ParseError> {
        let scale = self.scale;
        let m = |v: Money| show_money(v, scale);
        let refuse = |msg: String| Err(ParseError::malformed(line, msg));
        if let Act::Post(kind, v) = act {
            let b = self.builder(line)?;
            let behind = b.behind(p);
            if b.street() >= 0 {
                return refuse("a post after the deal".into());
            }
            if v <= 0 || behind <= 0 {
                return refuse(format!("a post of {} with {} behind", m(v), m(behind)));
            }
            // A blind larger than the stack is printed whole: the player is all in for less,
            // and the others still call the whole blind.
            b.post(p, kind, v.min(behind), false);
            if kind == ActionKind::BigBlind {
                self.blind = self.blind.max(v);
            }
            if kind == ActionKind::Ante {
                self.max_ante = self.max_ante.max(v);
            }
            return Ok(());
        }
        self.acted[p] = true;
        let folded = &mut self.folded;
        let blind = self.blind;
        let b = self
            .b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(line, "an element before <HISTORY>"))?;
        b.set_street(b.street().max(0));
        let behind = b.behind(p);
        let mine = b.street_total(p);
        let max = if b.street() == 0 {
            b.street_max().max(blind)
        } else {
            b.street_max()
        };
        let owed = (max - mine).max(0);
        match act {
            Act::Fold => {
                b.fold(p);
                folded[p] = true;
            }
            Act::Check => {
                if owed > 0 {
                    return refuse(format!("a check facing a bet of {}", m(owed)));
                }
                b.check(p);
            }
            Act::Call(v) => {
                if owed == 0 {
                    return refuse("a call with nothing to call".into());
                }
                // The chips added (2013 on), or the street total (before).
                let added = if v == owed || (mine > 0 && v == max) {
                    owed
                } else if behind < owed && (v == behind || v == mine.saturating_add(behind)) {
                    behind
                } else {
                    return refuse(format!(
                        "a call of {} where {} was owed (a bet of {} in all)",
                        m(v),
                        m(owed),
                        m(max)
                    ));
                };
                if added > behind {
                    return refuse(format!("a call of {} with {} behind", m(added), m(behind)));
                }
                b.call(p, added, false);
            }
            Act::Bet(v) => {
                if max > 0 {
                    return refuse(format!("a bet after a bet of {}", m(max)));
                }
                if v <= 0 || v > behind {
                    return refuse(format!("a bet of {} with {} behind", m(v), m(behind)));
                }
                b.bet(p, v, false);
            }
            Act::Raise(v) => {
                if v <= max {
                    return refuse(format!(
                        "a raise to {}, not above the bet of {}",
                        m(v),
                        m(max)
                    ));
                }
                if v - mine > behind {
                    return refuse(format!("a raise to {} with {} behind", m(v), m(behind)));
                }
                b.raise_to(p, v, false);
            }
            Act::AllIn(v) => {
                let to = mine.saturating_add(behind);
                if behind <= 0 || (v != behind && v != to) {
                    return refuse(format!(
                        "an all-in of {} where the player had {} behind",
                        m(v),
                        m(behind)
                    ));
                }
                if max == 0 {
                    b.bet(p, behind, true);
                } else if to > max {
                    b.raise_to(p, to, true);
                } else {
                    b.call(p, behind, true);
                }
            }
            Act::Post(..) | Act::Deal | Act::Board(..) | Act::Draw(_) => {}
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Showdown
    // -----------------------------------------------------------------------------------------

    fn showdown(&mut self, a: &Attrs) -> Result<(), ParseError> {
        self.seat_all(a.line)?;
        let pot = a.money(Key::Pot, self.scale)?;
        let rake = a.money(Key::Rake, self.scale)?;
        self.showdown = Some((pot, rake, a.line));
        // Without a board, the antes are in the showdown's pot.
        if self.builder(a.line)?.street() > 0 {
            return Ok(());
        }
        self.unprinted_antes(pot.saturating_add(rake), a.line)
    }

    fn result(&mut self, a: &Attrs) -> Result<(), ParseError> {
        // The old format gives its empty seats a result too.
        let name = a.need(Key::Player)?;
        let player = match self.builder(a.line)?.player(name) {
            None if self.empty_seats.iter().any(|n| n == name) => None,
            p => Some(p.ok_or_else(|| ParseError::unknown_actor(a.line))?),
        };
        let win = a.money(Key::Win, self.scale)?;
        let shows = match a.get(Key::Hand) {
            Some("$(STR_G_FOLD)") => Shows::Folded,
            Some("$(STR_G_MUCK)") => Shows::Mucked,
            Some("$(STR_BY_DEFAULT)") => Shows::Uncontested,
            _ => Shows::Shown,
        };
        self.cards.clear();
        self.open = Open::Result {
            player,
            win,
            shows,
            line: a.line,
        };
        Ok(())
    }

    /// A `<RESULT>` with its cards: what the player won, and his cards when known.
    fn outcome(
        &mut self,
        p: Option<PlayerIdx>,
        win: Money,
        shows: Shows,
        line: u32,
    ) -> Result<(), ParseError> {
        let (base, size) = (self.base, self.size);
        let cards = std::mem::take(&mut self.cards);
        let Some(p) = p else {
            if win > 0 || cards.iter().any(|c| c.is_known()) {
                return Err(ParseError::malformed(
                    line,
                    "an empty seat that wins or shows cards",
                ));
            }
            self.cards = cards;
            return Ok(());
        };
        if win > 0 || cards.iter().any(|c| c.is_known()) {
            self.involved[p] = true;
        }
        let b = self.builder(line)?;
        if win > 0 {
            b.collect(p, win, 0, 0);
        }
        if cards.iter().any(|c| c.is_known()) {
            if cards.len() != size {
                return Err(ParseError::malformed(
                    line,
                    format!("{} cards shown, the game deals {size}", cards.len()),
                ));
            }
            let pl = &b.hand().players[p];
            // The hand the cards must be: the deal's, or in draw games the draw's.
            let held = match base {
                Base::Draw => pl.draws.last().unwrap_or(&pl.cards),
                _ => &pl.cards,
            };
            if held.iter().any(|c| c.is_known() && !cards.contains(c)) {
                return Err(ParseError::malformed(
                    line,
                    "cards shown that are not the ones dealt",
                ));
            }
            match base {
                Base::Draw => b.reveal_draw_hand(p, &cards, size),
                _ => b.reveal(p, &cards),
            }
            let pl = &mut b.hand_mut().players[p];
            match shows {
                Shows::Shown => pl.shown = true,
                Shows::Mucked => pl.mucked = true,
                Shows::Folded | Shows::Uncontested => {}
            }
        } else if shows == Shows::Mucked {
            b.hand_mut().players[p].mucked = true;
        }
        self.cards = cards;
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // The end
    // -----------------------------------------------------------------------------------------

    /// The antes a tournament hand of the old format does not print (2011: no `STATE` in the seat
    /// list, no `HAND_ANTE`, the stacks printed after the antes): what the pot of the first board, or of the showdown,
    /// holds beyond the players' bets (less the part of the top bet nobody matched) is shared
    /// out as equal antes of the players dealt in; when it does not divide evenly, a single
    /// player seated with no chips left paid the rest (he was all in by his ante). The antes
    /// are added back to the stacks. Any other amount is left to the balance check.
    fn unprinted_antes(&mut self, pot: Money, line: u32) -> Result<(), ParseError> {
        let old_tour = self.scale == CHIPS && !self.every_seat_listed;
        if std::mem::replace(&mut self.antes_checked, true) || !old_tour || self.max_ante > 0 {
            return Ok(());
        }
        let b = self.builder(line)?;
        let (mut top, mut second) = (0, 0);
        for p in 0..b.hand().players.len() {
            let t = b.street_total(p);
            if t > top {
                second = top;
                top = t;
            } else if t > second {
                second = t;
            }
        }
        let missing = pot - (b.money_in() - (top - second));
        let dealt: Vec<PlayerIdx> = (0..self.dealt.len()).filter(|&p| self.dealt[p]).collect();
        let n = Money::try_from(dealt.len()).unwrap_or(0);
        if missing <= 0 || n == 0 {
            return Ok(());
        }
        let b = self.builder(line)?;
        let broke: Vec<PlayerIdx> = dealt
            .iter()
            .copied()
            .filter(|&p| b.hand().players[p].stack == 0)
            .collect();
        let unshared = || {
            ParseError::malformed(
                line,
                format!(
                    "the pot holds {missing} chips that no action put in (antes the hand does not \
                     print), which cannot be shared out among the {n} players dealt in"
                ),
            )
        };
        let (each, short) = match broke.as_slice() {
            _ if missing % n == 0 => (missing / n, None),
            [p] => (short_ante(missing, n).ok_or_else(unshared)?, Some(*p)),
            _ => return Err(unshared()),
        };
        let rest = missing - each * (n - 1);
        if each > b.hand().game.big_blind {
            return Err(ParseError::malformed(
                line,
                format!(
                    "the pot holds {missing} chips that no action put in, more than antes can be"
                ),
            ));
        }
        let h = b.hand_mut();
        for (k, &p) in dealt.iter().enumerate() {
            let ante = if short == Some(p) { rest } else { each };
            let pl = &mut h.players[p];
            pl.stack = pl.stack.saturating_add(ante);
            h.actions.insert(
                k,
                Action {
                    street: POSTS,
                    player: p,
                    kind: ActionKind::Ante,
                    amount: ante,
                    raise_to: None,
                    all_in: short == Some(p) || pl.stack == ante,
                    discards: None,
                    cards: Vec::new(),
                },
            );
        }
        self.max_ante = each;
        Ok(())
    }

    fn finish(&mut self, last: u32) -> Result<Hand, ParseError> {
        let (Some(mut b), true) = (self.b.take(), self.closed) else {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last,
                "the hand stops before </HISTORY> (the file was cut)",
            ));
        };
        let Some((pot, rake, line)) = self.showdown else {
            return Err(ParseError::malformed(last, "a hand without its <SHOWDOWN>"));
        };
        if self.dealt.iter().filter(|&&d| d).count() < 2 {
            return Err(ParseError::malformed(
                line,
                "fewer than two players dealt in",
            ));
        }
        let h = b.hand_mut();
        for (i, pl) in h.players.iter_mut().enumerate() {
            pl.sitting_out = !self.dealt[i] && !self.acted[i];
        }
        // The old format's empty seats: no chips, and nothing done in the hand.
        let keep: Vec<bool> = h
            .players
            .iter()
            .zip(&self.involved)
            .map(|(pl, &involved)| involved || pl.stack > 0)
            .collect();
        drop_players(h, &keep);
        small_blind_first(h);
        h.game.ante = self.max_ante;
        if !self.board.is_empty() {
            h.boards = vec![std::mem::take(&mut self.board)];
        }
        if self.every_seat_listed {
            h.max_seats = Some(self.seats_listed);
        }
        // Tournaments print each share of a split pot rounded down to the chip.
        let shares = Money::try_from(h.collections.len()).unwrap_or(0);
        let policy = PotPolicy {
            printed: PrintedPot::AfterRake(pot),
            rake: Some(rake),
            uncalled: Uncalled::FromPrintedPot,
            tolerance: if self.scale == CHIPS {
                (shares - 1).max(0)
            } else {
                0
            },
            ..PotPolicy::new(self.scale, line)
        };
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

/// The ante of `n` players who put `missing` chips in, one of them all in by his ante (he paid
/// the rest, from 1 chip to the ante): the only multiple of 25 chips that can be, or the only
/// ante at all (every ante Boss prints is a multiple of 25: 25, 50, 75, 100).
fn short_ante(missing: Money, n: Money) -> Option<Money> {
    if n < 2 {
        return None;
    }
    // ante·(n − 1) + rest = missing, 0 < rest ≤ ante.
    let lo = (missing + n - 1) / n;
    let hi = (missing - 1) / (n - 1);
    let first = (lo + 24) / 25 * 25;
    match (lo, hi) {
        _ if lo > hi => None,
        _ if lo == hi => Some(lo),
        _ if first <= hi && first + 25 > hi => Some(first),
        _ => None,
    }
}

/// The small blind posted before the big blind, as at the table (Boss sometimes prints the big
/// blind's post first).
fn small_blind_first(h: &mut Hand) {
    let first = |kind| h.actions.iter().position(|a| a.kind == kind);
    if let (Some(sb), Some(bb)) = (first(ActionKind::SmallBlind), first(ActionKind::BigBlind)) {
        if sb > bb {
            let a = h.actions.remove(sb);
            h.actions.insert(bb, a);
        }
    }
}

/// Takes the players `keep` says no out of the hand (players with no action, collection or
/// return: only the others' indices change).
fn drop_players(h: &mut Hand, keep: &[bool]) {
    if keep.iter().all(|&k| k) {
        return;
    }
    let mut index = Vec::with_capacity(keep.len());
    let mut next = 0;
    for &k in keep {
        index.push(next);
        next += usize::from(k);
    }
    let mut i = 0;
    h.players.retain(|_| {
        i += 1;
        keep.get(i - 1).copied().unwrap_or(true)
    });
    for a in &mut h.actions {
        a.player = index[a.player];
    }
    for c in &mut h.collections {
        c.player = index[c.player];
    }
    for r in &mut h.returned {
        r.player = index[r.player];
    }
    h.hero = h.hero.map(|p| index[p]);
}

/// The stored number of a hand id or session number (`what`) of the header on `line`.
fn number(digits: &str, series: i64, line: u32, what: &str) -> Result<i64, ParseError> {
    match stored_number(digits, series) {
        None => Err(ParseError::malformed(line, format!("an unreadable {what}"))),
        Some(None) => Err(ParseError::hand_no_too_large(line)),
        Some(Some(n)) => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::text::every_cut_is_unfinished;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        crate::parse_one(text)
    }

    fn cards(s: &str) -> Vec<Card> {
        Card::parse_all(s).unwrap()
    }

    fn refused(text: &str) -> ParseError {
        parse(text).expect_err("refused")
    }

    /// A cash hand of the 2013 format: calls print the chips added.
    const CASH: &str = r#"<HISTORY ID="1978259345" SESSION="session338684371.xml" TABLE="Cleopatra 1" GAME="GAME_THM" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="NL" STAKES="2.00/4.00" DATE="1374166750" TABLETOURNEYID="" BET="0.00" POT="110.00" WIN="110.00" LOSS="0.00" ENDTIME="1374166799">
<PLAYER NAME="Anna" SEAT="1" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Bob &amp; Co" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="3" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="Hero" SEAT="4" AMOUNT="200.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Cy" SEAT="5" AMOUNT="80.00" STATE="STATE_SITOUT" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_BB" VALUE="4.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bob &amp; Co" KIND="HAND_SB" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bob &amp; Co">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Hero">
<CARD LINK="0"></CARD>
<CARD LINK="51"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Anna">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Anna" VALUE="12.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bob &amp; Co" VALUE="10.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Hero" VALUE="8.00"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="36.00" RAKE="0.00" MAINPOT="36.00" LEFTPOT="" RIGHTPOT="">
<CARD LINK="1"></CARD>
<CARD LINK="14"></CARD>
<CARD LINK="30"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bob &amp; Co"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="20.00"></ACTION>
<ACTION TYPE="ACTION_ALLIN" PLAYER="Bob &amp; Co" VALUE="38.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Anna"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Hero" VALUE="18.00"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_TURN" POT="110.00" RAKE="2.00" MAINPOT="110.00" LEFTPOT="" RIGHTPOT="">
<CARD LINK="1"></CARD>
<CARD LINK="14"></CARD>
<CARD LINK="30"></CARD>
<CARD LINK="44"></CARD></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_RIVER" POT="110.00" RAKE="2.00" MAINPOT="110.00" LEFTPOT="" RIGHTPOT="">
<CARD LINK="1"></CARD>
<CARD LINK="14"></CARD>
<CARD LINK="30"></CARD>
<CARD LINK="44"></CARD>
<CARD LINK="36"></CARD></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="110.00" RAKE="2.00" MAINPOT="110.00" LEFTPOT="" RIGHTPOT="" STARTING="Hero">
<RESULT PLAYER="Hero" WIN="110.00" HAND="$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_DEUCES)" WINCARDS="1 14 0 51 36 " HANDEXT="">
<CARD LINK="0"></CARD>
<CARD LINK="51"></CARD></RESULT>
<RESULT PLAYER="Bob &amp; Co" WIN="0.00" HAND="$(STR_G_MUCK)" WINCARDS="">
<CARD LINK="19"></CARD>
<CARD LINK="2"></CARD></RESULT>
<RESULT PLAYER="Anna" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN></HISTORY>"#;

    #[test]
    fn detection() {
        assert!(is_history_start(r#"<HISTORY ID="1" SESSION="s">"#));
        assert!(is_history_start(
            r#"<?xml version="1.0" encoding="UTF-8"?><ROOT><HISTORY ID="1">"#
        ));
        assert!(!is_history_start(r#"<HISTORY SESSION="s">"#));
        assert!(!is_history_start("<HISTORYX ID=\"1\">"));
        assert!(is_prelude("<ROOT>"));
        assert!(is_prelude(r#"<?xml version="1.0" encoding="UTF-8"?>"#));
        assert!(is_prelude(r#"<?xml version="1.0"?><ROOT>"#));
        // iPoker's declaration is iPoker's; another one alone on its line is nobody's.
        assert!(!is_prelude(r#"<?xml version="1.0" encoding="utf-8"?>"#));
        assert!(!is_prelude(r#"<?xml version="1.0"?>"#));
        assert!(!is_prelude(r#"<ROOT><HISTORY ID="1">"#));
        assert!(!is_prelude("</ROOT>"));
        let room = crate::parsers::room_of_header(r#"<HISTORY ID="1" SESSION="s">"#);
        assert_eq!(room.map(|r| r.site()), Some(SITE));
    }

    #[test]
    fn cards_and_numbers() {
        let c = |l| card(l).map(|c| format!("{c:?}"));
        assert_eq!(c("0").as_deref(), Some("Ad"));
        assert_eq!(c("12").as_deref(), Some("Kd"));
        assert_eq!(c("13").as_deref(), Some("Ac"));
        assert_eq!(c("34").as_deref(), Some("9h"));
        assert_eq!(c("51").as_deref(), Some("Ks"));
        assert_eq!(card("b"), Some(Card::UNKNOWN));
        assert_eq!(card("52"), None);
        assert_eq!(card("-1"), None);
        assert_eq!(card(""), None);
        assert_eq!(series_of("EUR"), Some(0));
        assert_eq!(series_of("USD"), Some(0));
        assert_eq!(series_of("SEK"), Some(12_283));
        assert_eq!(series_of("CAD"), Some(1_356));
        assert_eq!(series_of("ZZZ"), Some(17_576));
        assert_eq!(series_of("eur"), None);
        assert_eq!(series_of("EURO"), None);
        assert_eq!(
            stored_number("1978259345", 12_283),
            Some(Some(12_283_001_978_259_345))
        );
        assert_eq!(
            stored_number("999999999999", 17_576),
            Some(Some(17_576_999_999_999_999))
        );
        assert_eq!(stored_number("1000000000000", 0), Some(None));
        assert_eq!(stored_number("12a", 0), None);
        assert_eq!(entity("pound"), Some("£"));
        assert_eq!(entity("Ouml"), Some("Ö"));
        assert_eq!(entity("yuml"), Some("ÿ"));
        assert_eq!(entity("amp"), Some("&"));
        assert_eq!(entity("bogus"), None);
    }

    #[test]
    fn a_cash_hand() {
        let h = parse(CASH).unwrap();
        assert_eq!((h.site.as_str(), h.site_hand_no), (SITE, 1_978_259_345));
        assert_eq!(h.site_hand_id, "1978259345");
        assert_eq!(h.start_time.to_rfc3339(), "2013-07-18T16:59:10+00:00");
        assert_eq!(h.table_name, "Cleopatra 1");
        assert_eq!((h.max_seats, h.button_seat), (Some(5), Some(1)));
        let g = &h.game;
        assert_eq!(
            (g.kind, g.category, g.limit_type, g.currency.as_str()),
            (GameKind::Ring, Category::Holdem, LimitType::NoLimit, "EUR")
        );
        assert_eq!((g.small_blind, g.big_blind, g.ante), (200, 400, 0));
        // Seat order; the empty seat is no player; the player sitting out is flagged.
        let seats: Vec<(u8, &str, Money, bool)> = h
            .players
            .iter()
            .map(|p| (p.seat, p.name.as_str(), p.stack, p.sitting_out))
            .collect();
        assert_eq!(
            seats,
            [
                (1, "Anna", 10_000, false),
                (2, "Bob & Co", 5_000, false),
                (4, "Hero", 20_000, false),
                (5, "Cy", 8_000, true)
            ]
        );
        assert_eq!(h.hero, Some(2));
        assert_eq!(h.players[2].cards, cards("Ad Ks"));
        assert!(h.players[2].shown);
        assert_eq!(h.players[1].cards, cards("7c 3d"));
        assert!(h.players[1].mucked && !h.players[1].shown);
        assert_eq!(h.boards, vec![cards("2d 2c 5h 6s Jh")]);
        let acts: Vec<(i8, usize, ActionKind, Money, bool)> = h
            .actions
            .iter()
            .map(|a| (a.street, a.player, a.kind, a.amount, a.all_in))
            .collect();
        assert_eq!(
            acts,
            [
                // The small blind first, though printed second.
                (POSTS, 1, ActionKind::SmallBlind, 200, false),
                (POSTS, 2, ActionKind::BigBlind, 400, false),
                (0, 0, ActionKind::Raise, 1_200, false),
                (0, 1, ActionKind::Call, 1_000, false),
                (0, 2, ActionKind::Call, 800, false),
                (1, 1, ActionKind::Check, 0, false),
                (1, 2, ActionKind::Bet, 2_000, false),
                (1, 1, ActionKind::Raise, 3_800, true),
                (1, 0, ActionKind::Fold, 0, false),
                (1, 2, ActionKind::Call, 1_800, false),
            ]
        );
        assert_eq!((h.total_pot, h.rake), (11_200, 200));
        assert!(h.returned.is_empty());
        assert_eq!(h.collections.len(), 1);
        assert_eq!(
            (h.collections[0].player, h.collections[0].amount),
            (2, 11_000)
        );
        every_cut_is_unfinished(CASH, parse);
    }

    #[test]
    fn calls_print_the_chips_added_or_the_street_total() {
        // The same hand as before 2013: a call prints the caller's total on the street.
        let old = CASH
            .replace(
                r#"PLAYER="Bob &amp; Co" VALUE="10.00""#,
                r#"PLAYER="Bob &amp; Co" VALUE="12.00""#,
            )
            .replace(
                r#"PLAYER="Hero" VALUE="8.00""#,
                r#"PLAYER="Hero" VALUE="12.00""#,
            )
            .replace(
                r#"PLAYER="Hero" VALUE="18.00""#,
                r#"PLAYER="Hero" VALUE="38.00""#,
            );
        assert_eq!(parse(&old).unwrap(), parse(CASH).unwrap());
        // All in for less: the player's stack, printed as the chips added or the total.
        let short = |v: &str| {
            CASH.replace(r#"AMOUNT="200.00""#, r#"AMOUNT="40.00""#)
                .replace(
                    r#"<ACTION TYPE="ACTION_CALL" PLAYER="Hero" VALUE="18.00">"#,
                    &format!(r#"<ACTION TYPE="ACTION_CALL" PLAYER="Hero" VALUE="{v}">"#),
                )
                .replace(r#"POT="110.00" RAKE="2.00""#, r#"POT="90.00" RAKE="2.00""#)
                .replace(r#"WIN="110.00" HAND"#, r#"WIN="90.00" HAND"#)
        };
        let h = parse(&short("8.00")).unwrap();
        let call = h.actions.last().unwrap();
        assert_eq!((call.amount, call.all_in), (800, true));
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (1, 1_000));
        assert_eq!(parse(&short("28.00")).unwrap(), h);
    }

    #[test]
    fn amounts_the_betting_does_not_allow_are_refused() {
        for (from, to, why) in [
            (
                r#""Bob &amp; Co" VALUE="10.00""#,
                r#""Bob &amp; Co" VALUE="11.00""#,
                "a call of 11.00 where 10.00 was owed",
            ),
            (
                r#""Anna" VALUE="12.00""#,
                r#""Anna" VALUE="4.00""#,
                "a raise to 4.00, not above the bet of 4.00",
            ),
            (
                r#"VALUE="38.00""#,
                r#"VALUE="30.00""#,
                "an all-in of 30.00 where the player had 38.00 behind",
            ),
            (
                r#"TYPE="ACTION_BET" PLAYER="Hero" VALUE="20.00""#,
                r#"TYPE="ACTION_BET" PLAYER="Hero" VALUE="300.00""#,
                "a bet of 300.00 with 188.00 behind",
            ),
            (
                r#"<ACTION TYPE="ACTION_CHECK" PLAYER="Bob &amp; Co">"#,
                r#"<ACTION TYPE="ACTION_CALL" PLAYER="Bob &amp; Co" VALUE="1.00">"#,
                "a call with nothing to call",
            ),
        ] {
            let e = refused(&CASH.replace(from, to));
            assert_eq!(e.kind, ErrorKind::Malformed, "{why}");
            assert!(e.message.starts_with(why), "{}", e.message);
            assert!(e.line_text.is_some());
            assert_eq!(e.site_hand_no, Some(1_978_259_345));
        }
        // A check facing a bet.
        let e = refused(&CASH.replace(
            r#"TYPE="ACTION_FOLD" PLAYER="Anna""#,
            r#"TYPE="ACTION_CHECK" PLAYER="Anna""#,
        ));
        assert!(
            e.message.starts_with("a check facing a bet"),
            "{}",
            e.message
        );
        // A post after the deal.
        let e = refused(&CASH.replace(
            r#"<ACTION TYPE="ACTION_RAISE""#,
            "<ACTION TYPE=\"HAND_ANTE\" PLAYER=\"Anna\" VALUE=\"1.00\"></ACTION>\n<ACTION TYPE=\"ACTION_RAISE\"",
        ));
        assert_eq!(e.message, "a post after the deal");
        // The money must balance.
        let e = refused(&CASH.replace(
            r#"POT="110.00" RAKE="2.00" MAINPOT="110.00" LEFTPOT="" RIGHTPOT="" STARTING"#,
            r#"POT="111.00" RAKE="2.00" MAINPOT="110.00" LEFTPOT="" RIGHTPOT="" STARTING"#,
        ));
        assert!(
            e.message.starts_with("the pot does not add up"),
            "{}",
            e.message
        );
    }

    #[test]
    fn what_the_format_does_not_have_is_refused() {
        let unsupported = [
            (
                "GAME_THM",
                "GAME_7CS",
                "a game fpdb does not read: GAME_7CS",
            ),
            (
                "GAMETYPE_REAL",
                "GAMETYPE_PLAY",
                "a table of GAMETYPE_PLAY: only real-money tables are read",
            ),
            (
                "GAMEKIND_CASH",
                "GAMEKIND_X",
                "a kind of game fpdb does not read: GAMEKIND_X",
            ),
            (
                r#"LIMIT="NL""#,
                r#"LIMIT="CL""#,
                "a betting limit fpdb does not read: CL",
            ),
            (
                "HAND_SB",
                "HAND_STRADDLE",
                "a blind fpdb does not read: HAND_STRADDLE",
            ),
            (
                "ACTION_FOLD",
                "ACTION_SITOUT",
                "an action of a type fpdb does not read: ACTION_SITOUT",
            ),
        ];
        for (from, to, why) in unsupported {
            let e = refused(&CASH.replace(from, to));
            assert_eq!((e.kind, e.message.as_str()), (ErrorKind::Unsupported, why));
        }
        let malformed = [
            ("<ACTION TYPE=\"ACTION_FOLD\"", "<CHAT PLAYER=\"Anna\"></CHAT>\n<ACTION TYPE=\"ACTION_FOLD\"", "an element <CHAT> Boss histories do not have"),
            ("<ACTION TYPE=\"ACTION_FOLD\"", "hello\n<ACTION TYPE=\"ACTION_FOLD\"", "text outside any element"),
            ("<ACTION TYPE=\"ACTION_FOLD\"", "<ACTION TYPE=\"ACTION_FOLD\" TYPE=\"ACTION_FOLD\"", "bad attribute"),
            (r#"TYPE="ACTION_FOLD" PLAYER="Anna""#, r#"TYPE="ACTION_FOLD" PLAYER="Zed""#, "action by a player who is not in the seat list"),
            ("<CARD LINK=\"44\"></CARD></ACTION>", "<CARD LINK=\"44\"></CARD></ACTION>\n<ACTION TYPE=\"ACTION_CHECK\" PLAYER=\"Anna\"></ACTION>", "an action of a player who folded"),
            ("<CARD LINK=\"1\"></CARD>\n<CARD LINK=\"14\"></CARD>\n<CARD LINK=\"30\"></CARD>\n<CARD LINK=\"44\"></CARD></ACTION>", "<CARD LINK=\"1\"></CARD>\n<CARD LINK=\"15\"></CARD>\n<CARD LINK=\"30\"></CARD>\n<CARD LINK=\"44\"></CARD></ACTION>", "a board that does not continue the one before"),
            ("<CARD LINK=\"0\"></CARD>\n<CARD LINK=\"51\"></CARD></RESULT>", "<CARD LINK=\"5\"></CARD>\n<CARD LINK=\"51\"></CARD></RESULT>", "cards shown that are not the ones dealt"),
            (r#"<CARD LINK="19">"#, r#"<CARD LINK="60">"#, "an unreadable card \"60\""),
            ("</RESULT></SHOWDOWN></HISTORY>", "</RESULT></SHOWDOWN></HISTORY>\n<RESULT></RESULT>", "<RESULT> after </HISTORY>"),
            (r#"ID="1978259345""#, r#"ID="19x""#, "an unreadable hand number"),
            (r#"DATE="1374166750""#, r#"DATE="yesterday""#, "an unreadable date"),
            (r#"TABLECURRENCY="EUR""#, r#"TABLECURRENCY="€""#, "an unreadable currency \"€\""),
        ];
        for (from, to, why) in malformed {
            let text = CASH.replacen(from, to, 1);
            assert_ne!(text, CASH, "{why}");
            let e = refused(&text);
            assert_eq!(e.kind, ErrorKind::Malformed, "{why}: {e:?}");
            assert!(e.message.starts_with(why), "{why}: {}", e.message);
        }
        let e = refused(&CASH.replace(r#"ID="1978259345""#, r#"ID="1000000000000""#));
        assert_eq!(e.kind, ErrorKind::OutOfRange);
        // A hand cut in the middle of a tag.
        let cut = &CASH[..CASH.find("PLAYER=\"Anna\" VALUE=\"12.00\"").unwrap()];
        assert_eq!(refused(cut).kind, ErrorKind::Unfinished);
    }

    /// A 2011 tournament hand: no seat states, empty seats named `UNKNOWN`, antes not printed
    /// (the stacks are after them), a big blind short of chips.
    const OLD_TOURNAMENT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ROOT>
<HISTORY ID="5854845" SESSION="session1950592.xml" TABLE="Poker 101" GAME="GAME_THM" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_TOURNAMENT" TABLECURRENCY="CAD" LIMIT="NL" STAKES="100.00/200.00" DATE="1295495082" WIN="0.00" LOSS="0.00">
<PLAYER NAME="Hero" SEAT="3" AMOUNT="195.00"></PLAYER>
<PLAYER NAME="Anna" SEAT="1" AMOUNT="4635.00"></PLAYER>
<PLAYER NAME="Bob" SEAT="2" AMOUNT="0.00"></PLAYER>
<PLAYER NAME="Cy" SEAT="4" AMOUNT="6421.00"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="5" AMOUNT="0.00"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="6" AMOUNT="0.00"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Cy" KIND="HAND_SB" VALUE="100.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_BB" VALUE="200.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Cy">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Hero">
<CARD LINK="26"></CARD>
<CARD LINK="5"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Anna">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bob">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Anna" VALUE="200.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Cy" VALUE="200.00"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="690.00">
<CARD LINK="40"></CARD>
<CARD LINK="51"></CARD>
<CARD LINK="28"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Cy"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Anna" VALUE="690.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Cy"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_TURN" POT="690.00">
<CARD LINK="40"></CARD>
<CARD LINK="51"></CARD>
<CARD LINK="28"></CARD>
<CARD LINK="19"></CARD></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_RIVER" POT="690.00">
<CARD LINK="40"></CARD>
<CARD LINK="51"></CARD>
<CARD LINK="28"></CARD>
<CARD LINK="19"></CARD>
<CARD LINK="6"></CARD></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="690.00" RAKE="0.00">
<RESULT PLAYER="Anna" WIN="690.00" HAND="$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS) $(STR_G_ANDTEXT) $(STR_G_CARDS_SEVENS)">
<CARD LINK="1"></CARD>
<CARD LINK="12"></CARD></RESULT>
<RESULT PLAYER="Bob" WIN="0.00" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_SEVENS)">
<CARD LINK="46"></CARD>
<CARD LINK="23"></CARD></RESULT>
<RESULT PLAYER="Hero" WIN="0.00" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_SEVENS)">
<CARD LINK="26"></CARD>
<CARD LINK="5"></CARD></RESULT>
<RESULT PLAYER="Cy" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>
<RESULT PLAYER="UNKNOWN" WIN="0.00" HAND="$(STR_G_WIN_HIGHCARD) $(STR_G_CARD_ACE)">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></RESULT></SHOWDOWN></HISTORY></ROOT>"#;

    #[test]
    fn a_tournament_hand_with_the_antes_unprinted() {
        let h = parse(OLD_TOURNAMENT).unwrap();
        assert_eq!(h.site_hand_no, 1_356_000_005_854_845);
        assert_eq!(
            (h.game.kind, h.game.currency.as_str()),
            (GameKind::Tour, "T$")
        );
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.ante),
            (100, 200, 25)
        );
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.currency.as_str(), t.buyin),
            (1_356_000_001_950_592, "CAD", 0)
        );
        assert_eq!(h.table_name, "Poker 101");
        assert_eq!((h.max_seats, h.button_seat), (None, None));
        // The stacks before the antes; the empty seats are no players.
        let seats: Vec<(&str, Money)> = h
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.stack))
            .collect();
        assert_eq!(
            seats,
            [("Anna", 4_660), ("Bob", 20), ("Hero", 220), ("Cy", 6_446)]
        );
        let posts: Vec<(&str, ActionKind, Money, bool)> = h
            .actions
            .iter()
            .filter(|a| a.street == POSTS)
            .map(|a| {
                (
                    h.players[a.player].name.as_str(),
                    a.kind,
                    a.amount,
                    a.all_in,
                )
            })
            .collect();
        assert_eq!(
            posts,
            [
                ("Anna", ActionKind::Ante, 25, false),
                // All in by his ante: the rest of the antes after the others' 25.
                ("Bob", ActionKind::Ante, 20, true),
                ("Hero", ActionKind::Ante, 25, false),
                ("Cy", ActionKind::Ante, 25, false),
                ("Cy", ActionKind::SmallBlind, 100, false),
                // A big blind of 200 printed, 195 posted: all in.
                ("Hero", ActionKind::BigBlind, 195, true),
            ]
        );
        // The others call the whole blind.
        let cy_call = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Call && a.player == 3);
        assert_eq!(cy_call.map(|a| a.amount), Some(100));
        assert_eq!(h.players[1].cards, cards("8s Jc"));
        assert!(h.players[1].shown);
        assert_eq!((h.total_pot, h.rake), (690, 0));
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (0, 690));
        // Antes that no equal share explains are refused.
        let e = refused(
            &OLD_TOURNAMENT
                .replace(
                    r#"POT="690.00">
<CARD LINK="40"></CARD>
<CARD LINK="51"></CARD>
<CARD LINK="28"></CARD></ACTION>"#,
                    r#"POT="689.00">
<CARD LINK="40"></CARD>
<CARD LINK="51"></CARD>
<CARD LINK="28"></CARD></ACTION>"#,
                )
                .replace(
                    "AMOUNT=\"0.00\"></PLAYER>\n<PLAYER NAME=\"Cy\"",
                    "AMOUNT=\"10.00\"></PLAYER>\n<PLAYER NAME=\"Cy\"",
                ),
        );
        assert!(
            e.message.contains("antes the hand does not print"),
            "{}",
            e.message
        );
    }

    #[test]
    fn the_ante_of_a_hand_with_a_player_all_in_by_his() {
        // 9 antes of 25 and the rest, 20.
        assert_eq!(short_ante(245, 10), Some(25));
        assert_eq!(short_ante(95, 4), Some(25));
        assert_eq!(short_ante(230, 10), Some(25));
        // Only one ante possible, whatever it is.
        assert_eq!(short_ante(7, 4), Some(2));
        // Two multiples of 25, none, or nobody to pay the rest.
        assert_eq!(short_ante(1_000, 2), None);
        assert_eq!(short_ante(130, 5), None);
        assert_eq!(short_ante(10, 1), None);
    }

    /// Boss's 5-card draw: the draw starts with a board without cards; `CHANGECARD` gives the
    /// number of cards changed and the hand after the draw.
    const DRAW: &str = r#"<HISTORY ID="3042344309" SESSION="session698382390.xml" TABLE="Table FCD 59" GAME="GAME_FCD" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="1.00/2.00" DATE="1374605236" TABLETOURNEYID="" WIN="3.60" LOSS="0.00" ENDTIME="1374605262">
<PLAYER NAME="Hero" SEAT="3" AMOUNT="60.06" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Player0" SEAT="4" AMOUNT="14.18" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Player0" KIND="HAND_BB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Player0">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Hero">
<CARD LINK="26"></CARD>
<CARD LINK="32"></CARD>
<CARD LINK="9"></CARD>
<CARD LINK="42"></CARD>
<CARD LINK="50"></CARD></ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="2.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="4.00" RAKE="0.00" MAINPOT="4.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Player0" COUNT="0">
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD>
<CARD LINK="b"></CARD></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="3">
<CARD LINK="26"></CARD>
<CARD LINK="45"></CARD>
<CARD LINK="25"></CARD>
<CARD LINK="12"></CARD>
<CARD LINK="50"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Player0"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Hero" VALUE="2.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Player0" VALUE="2.00"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="7.60" RAKE="0.40" MAINPOT="7.60" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Player0" WIN="0.00" HAND="$(STR_G_MUCK)" WINCARDS="">
<CARD LINK="49"></CARD>
<CARD LINK="10"></CARD>
<CARD LINK="0"></CARD>
<CARD LINK="20"></CARD>
<CARD LINK="37"></CARD></RESULT>
<RESULT PLAYER="Hero" WIN="7.60" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_KINGS)" WINCARDS="25 12 26 50 45 ">
<CARD LINK="25"></CARD>
<CARD LINK="12"></CARD>
<CARD LINK="26"></CARD>
<CARD LINK="50"></CARD>
<CARD LINK="45"></CARD></RESULT></SHOWDOWN></HISTORY>"#;

    #[test]
    fn a_draw_hand() {
        let h = parse(DRAW).unwrap();
        let g = &h.game;
        assert_eq!(
            (g.category, g.limit_type),
            (Category::FiveDraw, LimitType::FixedLimit)
        );
        // Fixed limit: the stakes are the bets, the blinds half the small bet and the small bet.
        assert_eq!(
            (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
            (50, 100, 100, 200)
        );
        let hero = &h.players[0];
        assert_eq!(hero.cards, cards("Ah 7h Td 4s Qs"));
        assert_eq!(hero.draws, vec![cards("Ah 7s Kc Kd Qs")]);
        assert!(hero.shown);
        let villain = &h.players[1];
        assert_eq!(villain.draws, vec![cards("Js Jd Ad 8c Qh")]);
        assert!(villain.mucked);
        let draws: Vec<(i8, ActionKind, Option<u8>, Vec<Card>)> = h
            .actions
            .iter()
            .filter(|a| a.kind.is_draw())
            .map(|a| (a.street, a.kind, a.discards, a.cards.clone()))
            .collect();
        assert_eq!(
            draws,
            [
                (1, ActionKind::StandPat, None, vec![]),
                (1, ActionKind::Discard, Some(3), cards("7h Td 4s")),
            ]
        );
        assert!(h.boards.is_empty());
        assert_eq!((h.total_pot, h.rake), (800, 40));
        every_cut_is_unfinished(DRAW, parse);
        // The count must be what the hero's hand shows.
        let e = refused(&DRAW.replace(r#"PLAYER="Hero" COUNT="3""#, r#"PLAYER="Hero" COUNT="2""#));
        assert!(e.message.starts_with("2 cards changed"), "{}", e.message);
        // A flop game's board in a draw game.
        let e = refused(&DRAW.replace(
            r#"<ACTION TYPE="HAND_BOARD" POT"#,
            r#"<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT"#,
        ));
        assert_eq!(e.message, "a board of another kind of game");
    }

    #[test]
    fn names_with_entities() {
        let text = CASH
            .replace("Bob &amp; Co", "&Ouml;rjan &pound;&amp;&#39;")
            .replace(r#"TABLE="Cleopatra 1""#, r#"TABLE="4 000$ GT R&amp;A""#);
        let h = parse(&text).unwrap();
        assert_eq!(h.players[1].name, "Örjan £&'");
        assert_eq!(h.table_name, "4 000$ GT R&A");
        let e = refused(&CASH.replace("Bob &amp; Co", "Bob &bogus;"));
        assert!(
            e.message.starts_with("bad attribute value"),
            "{}",
            e.message
        );
    }

    #[test]
    fn several_hands_of_a_file() {
        let second = CASH.replace(r#"ID="1978259345""#, r#"ID="1978259346""#);
        let file = format!(
            "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ROOT>\n{CASH}\n{second}</ROOT>\n"
        );
        let hands: Vec<Hand> = crate::parse_history(&crate::split::normalise(&file))
            .collect::<Result<_, _>>()
            .unwrap();
        let nos: Vec<i64> = hands.iter().map(|h| h.site_hand_no).collect();
        assert_eq!(nos, [1_978_259_345, 1_978_259_346]);
        // A single hand's extract: a `</ROOT>` never opened.
        assert!(parse(&format!("{CASH}</ROOT>")).is_ok());
        assert!(parse(&format!("{CASH}</ROOT></ROOT>")).is_err());
    }
}

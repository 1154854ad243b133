//! iPoker hand histories: the XML files the iPoker network's clients write (iPoker, Bet365,
//! William Hill, Titan, Betfair, PMU, FDJ, Betclic, Unibet's old client, ... about fifty skins),
//! and the same XML written by converters.
//!
//! # Layout
//!
//! A file holds one `<session>`: a `<general>` block with the facts shared by all its games (game
//! type and stakes, table name, currencies, the owner's nickname, tournament buy-in and result),
//! then one `<game gamecode="N">` per hand. The session header is the chunk's context
//! ([`Room::is_context_start`]); each `<game ...>` line starts a hand ([`Room::is_hand_start`]),
//! also when the previous game's `</game>` stands before it on the same line, as older clients
//! write. A game lists its seats (`<player seat chips win bet dealer .../>`), then `<round no>`
//! blocks holding `<cards>` and `<action no player type sum/>` elements. Actions are not printed
//! in table order (each player's actions are grouped): they are put in order by round, then by
//! their `no`.
//!
//! # Hand numbers
//!
//! The site hand number is the game's `gamecode`, a decimal number, taken as it is (the mapping
//! to `Hands.siteHandNo` is the identity, hence injective). A code of more than 18 digits that
//! does not fit in a bigint is refused (`OutOfRange`), a code that is not a number is refused
//! (`Malformed`); iPoker never prints either. [`Hand::site_hand_id`] keeps the code as printed.
//!
//! # Time zone
//!
//! iPoker prints `<startdate>` without a zone, in several date layouts. The dates are taken as
//! UTC: that is how fpdb reads them, and the reference tracker's expected values for iPoker
//! (`NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml`: printed 18:46:19, stored 18:46:19 UTC)
//! agree. The game's own `<startdate>` is used; the session's when the game has none.
//!
//! # Money
//!
//! Real-money tables are read in cents, tournaments and play money in chips as printed (a
//! fractional chip amount, which some rebuy tournaments print, is rounded to the nearest chip;
//! rounding differences between the pot and what was collected go to the largest collection so
//! the tournament pot still balances). `sum` is the chips an action adds, except for raises of
//! type 23, whose `sum` is the player's total on the street ("raises to"). Each player's `win`
//! is what he took from the pot after rake. iPoker prints no "uncalled bet" line and no rake:
//! - the chips the biggest contributor put in above everyone else are returned to him
//!   ([`Hand::returned`], on the street of his last bet);
//! - clients before version 20 (without `<uncalled_bet_enabled>true`) count that returned bet in
//!   the player's `win`, later clients do not; the parser removes it where it is included (and
//!   falls back to the other reading when the preferred one would have players collect more than
//!   the pot);
//! - the rake is what the pot held and nobody collected: total pot − Σ collections (everything
//!   the room took; iPoker prints no jackpot fee). Hands with a per-player `rakeamount` still get
//!   their rake from the pot, which includes it. Tournament pots must balance exactly.
//!
//! iPoker prints one `win` per player, not per pot: each player's collection is on pot 0.
//!
//! # Actions
//!
//! Types: 0 fold, 1 small blind (a second one is a dead small blind), 2 big blind (more than the
//! big blind: small and big blind together), 3 call, 4 check, 5 bet (on stud's third street, the
//! completion), 6 raise by the chips added, 7 all-in for the chips added (a call, bet or raise by
//! what it does), 8 and 9 sitting out, 15 ante, 16 bring-in, 23 raise to. Other types are
//! refused as `Unsupported`. Hold'em and Omaha post in round 0 and deal the hole cards in round
//! 1 (flop 2, turn 3, river 4); stud antes in round 0 and deals third street (five-card stud:
//! second street) in round 2.
//!
//! # Players
//!
//! Names are kept as printed (entities decoded; iPoker prints no position pseudonyms); empty
//! seats (`name=""`) are skipped. A player marked as sitting out (action types 8 and 9) or not
//! dealt any card and never acting is flagged `sitting_out`; one who was dealt in and then marked
//! sitting out folds. The hero is the session's `<nickname>` when he is dealt in. Cards shown by
//! the others (at the showdown, where iPoker reveals them in the `<cards>` element) are known;
//! a player reaching the showdown whose cards stay hidden has mucked.
//!
//! # Unreadable games
//!
//! A game is written whole when it ends, so a missing part means the text was cut: a tag cut off,
//! no end to the player list, a round left open, no action at all give `Unfinished`. Fewer than
//! two players dealt in, or a pot nobody collected, give `Cancelled`. Draw games and unknown game
//! names give `Unsupported`.

#[path = "ipoker_xml.rs"]
mod xml;

use std::borrow::Cow;

use chrono::{DateTime, TimeZone, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::skip_blanks;
use crate::parsers::Room;
use crate::pot::{self, PotPolicy};
use crate::split::Chunk;
use xml::{attr, unescape, AmountError, Token};

/// The iPoker network's XML format.
#[derive(Debug)]
pub struct IPoker;

impl Room for IPoker {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }

    fn site(&self) -> &'static str {
        "iPoker"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        is_game_start(line)
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }

    fn is_context_start(&self, line: &str) -> bool {
        is_session_start(line)
    }
    fn context_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }
}

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

/// `<game gamecode="...">` at the start of a line, possibly after the previous game's `</game>`.
fn is_game_start(line: &str) -> bool {
    let mut t = skip_blanks(line);
    // The cheapest test first: every candidate starts with '<'.
    if t.as_bytes().first() != Some(&b'<') {
        return false;
    }
    if let Some(rest) = t.strip_prefix("</game>") {
        t = skip_blanks(rest);
    }
    let Some(rest) = t.strip_prefix("<game") else {
        return false;
    };
    if !matches!(rest.as_bytes().first(), Some(b' ' | b'\t')) {
        return false; // <gametype>, <gamecount>
    }
    let tag = rest.split('>').next().unwrap_or(rest);
    tag.contains("gamecode=")
}

/// The session header's first line: `<session ...>`, or the XML declaration before it: followed
/// by `<session` on the same line, or alone on its line as iPoker writes it
/// (`<?xml version="1.0" encoding="utf-8"?>`, lower-case encoding).
///
/// A declaration alone on its line cannot tell whose XML follows. Claiming every one would make
/// the splitter swallow other rooms' XML files whole (a context block no hand follows yields no
/// chunk), where they are now reported as not a hand history; iPoker's exact spelling of the
/// encoding keeps them apart in every file of the corpus (Boss Media writes "UTF-8").
fn is_session_start(line: &str) -> bool {
    let t = skip_blanks(line);
    if let Some(rest) = t.strip_prefix("<session") {
        return matches!(rest.as_bytes().first(), Some(b' ' | b'\t' | b'>') | None);
    }
    if let Some(rest) = t.strip_prefix("<?xml") {
        let Some(end) = rest.find("?>") else {
            return false;
        };
        let after = rest.get(end + 2..).unwrap_or("").trim();
        let declaration = rest.get(..end).unwrap_or("");
        return after.starts_with("<session")
            || (after.is_empty() && declaration.contains("encoding=\"utf-8\""));
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Errors located in the text
// ---------------------------------------------------------------------------------------------

/// Where a record was read: the session header (the chunk's context) or the game.
#[derive(Debug, Clone, Copy)]
struct Loc {
    ctx: bool,
    off: usize,
}

/// The two texts of a chunk, for turning offsets into line numbers and line texts.
struct Texts<'a> {
    game: &'a str,
    game_line: u32,
    ctx: &'a str,
    ctx_line: u32,
}

impl Texts<'_> {
    fn err(&self, kind: ErrorKind, at: Loc, message: impl Into<String>) -> ParseError {
        let (text, first) = if at.ctx {
            (self.ctx, self.ctx_line)
        } else {
            (self.game, self.game_line)
        };
        let bytes = text.as_bytes();
        let off = at.off.min(bytes.len());
        let before = bytes.get(..off).unwrap_or(&[]);
        let n = memchr::memchr_iter(b'\n', before).count();
        let start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let end =
            memchr::memchr(b'\n', bytes.get(off..).unwrap_or(&[])).map_or(bytes.len(), |i| off + i);
        let line = text.get(start..end).unwrap_or("").trim();
        // Old clients write a whole round on one line: show the element itself then.
        let shown = if line.len() > 200 {
            text.get(off..end).unwrap_or(line).trim()
        } else {
            line
        };
        let no = first.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
        ParseError::new(kind, no, message).with_text(shown)
    }

    fn malformed(&self, at: Loc, message: impl Into<String>) -> ParseError {
        self.err(ErrorKind::Malformed, at, message)
    }

    fn amount(&self, text: &str, scale: i64, at: Loc, what: &str) -> Result<Money, ParseError> {
        xml::amount(text, scale).map_err(|e| match e {
            AmountError::Bad => self.malformed(at, format!("unreadable {what} \"{text}\"")),
            AmountError::TooBig => self.err(
                ErrorKind::OutOfRange,
                at,
                format!("{what} \"{text}\" is too large"),
            ),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Reading the session header
// ---------------------------------------------------------------------------------------------

/// A text element of the session header and where it is.
#[derive(Debug, Clone)]
struct Field<'a> {
    text: Cow<'a, str>,
    at: Loc,
}

/// The session header's facts (`<general>` before the first game).
#[derive(Debug, Default)]
struct Session<'a> {
    gametype: Option<Field<'a>>,
    tablename: Option<Field<'a>>,
    tablecurrency: Option<Field<'a>>,
    tournamentcurrency: Option<Field<'a>>,
    currency: Option<Field<'a>>,
    nickname: Option<Field<'a>>,
    mode: Option<Field<'a>>,
    client_version: Option<Field<'a>>,
    uncalled_bet_enabled: Option<Field<'a>>,
    tablesize: Option<Field<'a>>,
    tournamentcode: Option<Field<'a>>,
    tournamentname: Option<Field<'a>>,
    place: Option<Field<'a>>,
    buyin: Option<Field<'a>>,
    totalbuyin: Option<Field<'a>>,
    win: Option<Field<'a>>,
    startdate: Option<Field<'a>>,
    smallblind: Option<Field<'a>>,
    bigblind: Option<Field<'a>>,
    ante: Option<Field<'a>>,
}

impl<'a> Session<'a> {
    fn slot(&mut self, tag: &str) -> Option<&mut Option<Field<'a>>> {
        Some(match tag {
            "gametype" => &mut self.gametype,
            "tablename" => &mut self.tablename,
            "tablecurrency" => &mut self.tablecurrency,
            "tournamentcurrency" => &mut self.tournamentcurrency,
            "currency" => &mut self.currency,
            "nickname" => &mut self.nickname,
            "mode" => &mut self.mode,
            "client_version" => &mut self.client_version,
            "uncalled_bet_enabled" => &mut self.uncalled_bet_enabled,
            "tablesize" => &mut self.tablesize,
            "tournamentcode" | "tourcode" => &mut self.tournamentcode,
            "tournamentname" => &mut self.tournamentname,
            "place" => &mut self.place,
            "buyin" => &mut self.buyin,
            "totalbuyin" => &mut self.totalbuyin,
            "win" => &mut self.win,
            "startdate" => &mut self.startdate,
            "smallblind" => &mut self.smallblind,
            "bigblind" => &mut self.bigblind,
            "ante" => &mut self.ante,
            _ => return None,
        })
    }

    fn read(ctx: &'a str) -> Session<'a> {
        let mut s = Session::default();
        let mut open: Option<&str> = None;
        for (off, tok) in xml::tokens(ctx) {
            match tok {
                Token::Open { name, empty, .. } => {
                    if name == "game" {
                        break;
                    }
                    open = (!empty).then_some(name);
                }
                Token::Close { .. } => open = None,
                Token::Text(t) => {
                    if let Some(slot) = open.take().and_then(|name| s.slot(name)) {
                        if slot.is_none() {
                            *slot = Some(Field {
                                text: unescape(t),
                                at: Loc { ctx: true, off },
                            });
                        }
                    }
                }
                Token::Cut => break,
            }
        }
        s
    }

    fn text<'s>(f: &'s Option<Field<'a>>) -> Option<&'s str> {
        f.as_ref()
            .map(|f| f.text.trim())
            .filter(|t| !t.is_empty() && *t != "N/A")
    }

    fn is_tournament(&self) -> bool {
        self.tournamentcode.is_some()
            || self.tournamentname.is_some()
            || self.place.is_some()
            || self.buyin.is_some()
    }

    /// Clients from version 20 on, and older ones that say so, leave the returned bet out of
    /// the players' `win`.
    fn win_excludes_returned(&self) -> bool {
        let major = Session::text(&self.client_version)
            .and_then(|v| v.split('.').next())
            .and_then(|m| m.trim().parse::<u32>().ok());
        major.is_some_and(|m| m >= 20)
            || Session::text(&self.uncalled_bet_enabled)
                .is_some_and(|v| v.eq_ignore_ascii_case("true"))
    }
}

// ---------------------------------------------------------------------------------------------
// Reading the game
// ---------------------------------------------------------------------------------------------

#[derive(Debug)]
struct ActionRec<'a> {
    at: Loc,
    round: i32,
    attrs: &'a str,
}

#[derive(Debug)]
struct CardsRec<'a> {
    at: Loc,
    round: i32,
    kind: &'a str,
    player: Cow<'a, str>,
    cards: &'a str,
}

/// The game's elements, as read.
#[derive(Debug, Default)]
struct GameRec<'a> {
    code: Option<(&'a str, Loc)>,
    startdate: Option<(&'a str, Loc)>,
    smallblind: Option<(&'a str, Loc)>,
    bigblind: Option<(&'a str, Loc)>,
    ante: Option<(&'a str, Loc)>,
    seats: Vec<(&'a str, Loc)>,
    players_closed: bool,
    actions: Vec<ActionRec<'a>>,
    cards: Vec<CardsRec<'a>>,
    round_open: bool,
    rounds: usize,
    /// Highest round number read.
    last_round: i32,
    closed: bool,
    /// Why reading stopped early (a cut tag, a second game).
    failure: Option<ParseError>,
}

impl<'a> GameRec<'a> {
    fn read(text: &'a str, t: &Texts<'_>) -> GameRec<'a> {
        let mut g = GameRec::default();
        let mut open: Option<&str> = None;
        let mut round: i32 = -1;
        let mut pending: Option<CardsRec<'a>> = None;
        for (off, tok) in xml::tokens(text) {
            let at = Loc { ctx: false, off };
            match tok {
                Token::Open { name, attrs, empty } => {
                    open = None;
                    match name {
                        "game" => {
                            if g.code.is_some() {
                                g.failure = Some(t.malformed(
                                    at,
                                    "a second <game> in the same hand: each game must start on a line of its own",
                                ));
                                break;
                            }
                            let code = attr(attrs, "gamecode").unwrap_or("");
                            g.code = Some((code, at));
                        }
                        "player" => g.seats.push((attrs, at)),
                        "round" => {
                            round = match attr(attrs, "no").map(|n| n.trim().parse::<i32>()) {
                                Some(Ok(n)) => n,
                                _ => i32::try_from(g.rounds).unwrap_or(i32::MAX),
                            };
                            g.last_round = g.last_round.max(round);
                            g.round_open = !empty;
                        }
                        "action" => g.actions.push(ActionRec { at, round, attrs }),
                        "cards" => {
                            let rec = CardsRec {
                                at,
                                round,
                                kind: attr(attrs, "type").unwrap_or(""),
                                player: unescape(attr(attrs, "player").unwrap_or("")),
                                cards: "",
                            };
                            if empty {
                                g.cards.push(rec);
                            } else {
                                pending = Some(rec);
                            }
                        }
                        _ if !empty => open = Some(name),
                        _ => {}
                    }
                }
                Token::Close { name } => {
                    open = None;
                    match name {
                        "cards" => {
                            if let Some(rec) = pending.take() {
                                g.cards.push(rec);
                            }
                        }
                        "round" => {
                            g.round_open = false;
                            g.rounds += 1;
                        }
                        "players" => g.players_closed = true,
                        // The previous game's end tag starts the chunk of older clients.
                        "game" if g.code.is_some() => g.closed = true,
                        _ => {}
                    }
                }
                Token::Text(txt) => {
                    if let Some(mut rec) = pending.take() {
                        rec.cards = txt;
                        g.cards.push(rec);
                    } else if let Some(name) = open.take() {
                        let slot = match name {
                            "startdate" => &mut g.startdate,
                            "smallblind" => &mut g.smallblind,
                            "bigblind" => &mut g.bigblind,
                            "ante" => &mut g.ante,
                            _ => continue,
                        };
                        if slot.is_none() {
                            *slot = Some((txt, at));
                        }
                    }
                }
                Token::Cut => {
                    g.failure = Some(t.err(
                        ErrorKind::Unfinished,
                        at,
                        "the game stops in the middle of a tag (the file was cut)",
                    ));
                    break;
                }
            }
        }
        g
    }
}

// ---------------------------------------------------------------------------------------------
// Game type
// ---------------------------------------------------------------------------------------------

/// What `<gametype>` says: "Holdem NL $0.02/$0.04", "Omaha PL €0,50/€1", "7 Card Stud Hi-Lo L
/// €0.05/€0.10", "Holdem NL" (tournaments), "PL €0.05/€0.10" (no game name: the number of
/// pocket cards tells the Omaha variant), "LH 20/40 x2 Limit $10.00/$20.00".
#[derive(Debug, PartialEq)]
struct GameType<'a> {
    /// `None` when no game is named.
    category: Option<Category>,
    limit: LimitType,
    /// The two amounts after the limit, as printed.
    stakes: Option<(&'a str, &'a str)>,
    /// Fixed-limit "LH a/b" tables: the small and big bet.
    bets: Option<(&'a str, &'a str)>,
    ante: Option<&'a str>,
}

/// The limit words of the skins' languages (SL: Spanish "sin límite", БЛ: Russian, LZ and LP:
/// other translations fpdb knows).
fn limit_of(word: &str) -> Option<LimitType> {
    Some(match word {
        "NL" | "SL" | "БЛ" | "LZ" => LimitType::NoLimit,
        "PL" | "LP" => LimitType::PotLimit,
        "L" | "FL" | "Limit" => LimitType::FixedLimit,
        _ => return None,
    })
}

fn category_of(name: &str) -> Result<Option<Category>, ()> {
    let lower = name.to_lowercase();
    let lower = lower.replace("hold'em", "holdem").replace("hi/lo", "hi-lo");
    Ok(Some(match lower.trim() {
        "" => return Ok(None),
        "holdem" | "texas holdem" => Category::Holdem,
        "six plus holdem" | "6+ holdem" | "short deck holdem" => Category::SixPlusHoldem,
        "omaha" | "omaha hi" => Category::OmahaHi,
        "omaha hi-lo" | "omaha hilow" | "omaha h/l" | "omaha hi lo" => Category::OmahaHiLo,
        "5 card omaha" | "5-card omaha" => Category::Omaha5Hi,
        "5 card omaha hi-lo" | "5-card omaha hi-lo" => Category::Omaha5HiLo,
        "6 card omaha" | "6-card omaha" => Category::Omaha6Hi,
        "7 card stud" | "stud" => Category::StudHi,
        "7 card stud hi-lo" | "7 card stud hilow" | "stud hi-lo" => Category::StudHiLo,
        "5 card stud" => Category::Stud5Hi,
        "razz" => Category::Razz,
        _ => return Err(()),
    }))
}

fn game_type(text: &str) -> Result<GameType<'_>, (ErrorKind, String)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    // The limit: "No limit", "Pot limit" or one word.
    let mut found: Option<(usize, usize, LimitType)> = None;
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).map(|n| n.to_ascii_lowercase());
        if next.as_deref() == Some("limit") {
            if w.eq_ignore_ascii_case("no") {
                found = Some((i, 2, LimitType::NoLimit));
                break;
            }
            if w.eq_ignore_ascii_case("pot") {
                found = Some((i, 2, LimitType::PotLimit));
                break;
            }
        }
        if let Some(l) = limit_of(w) {
            found = Some((i, 1, l));
            break;
        }
    }
    let Some((at, len, mut limit)) = found else {
        return Err((
            ErrorKind::Malformed,
            format!("no betting limit in the game type \"{text}\""),
        ));
    };
    let name = words.get(..at).map(|w| w.join(" ")).unwrap_or_default();
    let after = words.get(at + len..).unwrap_or(&[]);
    let mut stakes = None;
    let mut ante = None;
    let mut rest = after.iter();
    while let Some(w) = rest.next() {
        if stakes.is_none() {
            if let Some((a, b)) = w.split_once('/') {
                stakes = Some((a, b));
                continue;
            }
        }
        if w.eq_ignore_ascii_case("ante") {
            ante = rest.next().copied();
        }
    }
    let (category, bets) = if at > 0 && words.first() == Some(&"LH") {
        // "LH 20/40 x2 Limit $10.00/$20.00": fixed-limit hold'em, bets 20/40.
        limit = LimitType::FixedLimit;
        let pair = words.get(1).and_then(|p| p.split_once('/'));
        (Some(Category::Holdem), pair)
    } else {
        let category = category_of(&name).map_err(|()| {
            (
                ErrorKind::Unsupported,
                format!("the game \"{name}\" is not supported"),
            )
        })?;
        (category, None)
    };
    Ok(GameType {
        category,
        limit,
        stakes,
        bets,
        ante,
    })
}

/// Fixed-limit small blinds that are not half the big blind, by big bet in cents (the iPoker
/// blind structure fpdb uses).
const FL_SMALL_BLINDS: &[(Money, Money)] = &[
    (10, 2),
    (50, 10),
    (600, 100),
    (1000, 200),
    (3000, 1000),
    (15000, 5000),
];

/// Currency of a symbol or code printed with an amount.
fn currency_in(text: &str) -> Option<&'static str> {
    if text.contains('$') {
        Some("USD")
    } else if text.contains('€') {
        Some("EUR")
    } else if text.contains('£') {
        Some("GBP")
    } else if text.contains("RSD") {
        Some("RSD")
    } else if text.contains("kr") {
        Some("SEK")
    } else if text.contains("Pts") {
        Some("FPP")
    } else {
        None
    }
}

fn iso_code(text: &str) -> Option<&str> {
    let t = text.trim();
    (t.len() == 3 && t.bytes().all(|b| b.is_ascii_uppercase())).then_some(t)
}

// ---------------------------------------------------------------------------------------------
// Building the hand
// ---------------------------------------------------------------------------------------------

/// Action types of `<action type="N">`.
mod atype {
    pub const FOLD: u32 = 0;
    pub const SMALL_BLIND: u32 = 1;
    pub const BIG_BLIND: u32 = 2;
    pub const CALL: u32 = 3;
    pub const CHECK: u32 = 4;
    pub const BET: u32 = 5;
    /// A raise whose `sum` is the chips added ("Raise" in the flat format).
    pub const RAISE_ADD: u32 = 6;
    pub const ALL_IN: u32 = 7;
    /// Not in the hand (sitting out, waiting for the big blind).
    pub const NO_ACTION: u32 = 8;
    /// Sitting out.
    pub const SITTING_OUT: u32 = 9;
    pub const ANTE: u32 = 15;
    pub const BRING_IN: u32 = 16;
    /// A raise whose `sum` is the player's total on the street.
    pub const RAISE_TO: u32 = 23;
}

/// One seat of the game.
#[derive(Debug)]
struct Seat<'a> {
    seat: u8,
    name: Cow<'a, str>,
    stack: Money,
    dealer: bool,
    win: Money,
    rebuy: bool,
}

/// One action, read and resolved.
#[derive(Debug, Clone, Copy)]
struct Act {
    at: Loc,
    round: i32,
    no: i64,
    kind: u32,
    player: PlayerIdx,
    amount: Money,
}

fn is_post(kind: u32) -> bool {
    matches!(kind, atype::SMALL_BLIND | atype::BIG_BLIND | atype::ANTE)
}

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let t = Texts {
        game: chunk.text,
        game_line: chunk.first_line,
        ctx: chunk.context,
        ctx_line: chunk.context_line,
    };
    let mut g = GameRec::read(chunk.text, &t);
    let Some((code, code_at)) = g.code else {
        let e = g.failure.take();
        return Err(e.unwrap_or_else(|| {
            t.malformed(Loc { ctx: false, off: 0 }, "no <game gamecode=...> element")
        }));
    };
    let code = code.trim();
    let no = hand_number(code).map_err(|kind| {
        let msg = match kind {
            ErrorKind::OutOfRange => format!("game code {code} does not fit in a bigint"),
            _ => format!("game code \"{code}\" is not a number"),
        };
        t.err(kind, code_at, msg)
    })?;
    if let Some(e) = g.failure.take() {
        return Err(e.with_hand_no(Some(no)));
    }
    build(chunk, &t, &g, code, no).map_err(|e| e.with_hand_no(Some(no)))
}

/// The hand number of a game code: the code itself (see the module documentation).
fn hand_number(code: &str) -> Result<i64, ErrorKind> {
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ErrorKind::Malformed);
    }
    code.parse::<i64>().map_err(|_| ErrorKind::OutOfRange)
}

/// Refuses a game that is not whole: a game is written whole when it ends, so a missing part
/// means the text was cut. A game without a session header has no game type.
fn check_whole(
    chunk: &Chunk<'_>,
    t: &Texts<'_>,
    g: &GameRec<'_>,
    game_at: Loc,
) -> Result<(), ParseError> {
    let end = Loc {
        ctx: false,
        off: chunk.text.len(),
    };
    if !g.players_closed {
        return Err(t.err(
            ErrorKind::Unfinished,
            end,
            "the game stops before the end of its player list (the file was cut)",
        ));
    }
    if g.round_open && !g.closed {
        return Err(t.err(
            ErrorKind::Unfinished,
            end,
            "the game stops inside a round (the file was cut)",
        ));
    }
    if g.actions.is_empty() {
        return Err(t.err(
            ErrorKind::Unfinished,
            game_at,
            "the game has no actions (the file was cut, or the hand was not played)",
        ));
    }
    if chunk.context.trim().is_empty() {
        return Err(t.malformed(
            game_at,
            "no session header (<session><general>...) before the game: its game type is unknown",
        ));
    }
    Ok(())
}

/// The currency of the hand: T$ for tournaments, `play` for play money, else the table's, the
/// stakes' or the session's, in that order.
fn currency_of(
    t: &Texts<'_>,
    s: &Session<'_>,
    gt: &GameType<'_>,
    gt_at: Loc,
    kind: GameKind,
    play: bool,
) -> Result<String, ParseError> {
    Ok(match kind {
        GameKind::Tour => "T$".to_string(),
        GameKind::Ring if play => "play".to_string(),
        GameKind::Ring => {
            let from_table = Session::text(&s.tablecurrency).and_then(iso_code);
            let from_stakes = gt
                .stakes
                .and_then(|(a, b)| currency_in(a).or(currency_in(b)));
            let from_session = Session::text(&s.currency).and_then(iso_code);
            match from_table.or(from_stakes).or(from_session) {
                Some(c) => c.to_string(),
                None => return Err(t.malformed(gt_at, "the table's currency is not printed")),
            }
        }
    })
}

/// The players of the game, in seat order (empty seats skipped).
fn read_seats<'a>(
    t: &Texts<'_>,
    g: &GameRec<'a>,
    scale: Money,
) -> Result<Vec<Seat<'a>>, ParseError> {
    let mut seats: Vec<Seat<'a>> = Vec::with_capacity(g.seats.len());
    for &(attrs, at) in &g.seats {
        let name = unescape(attr(attrs, "name").unwrap_or(""));
        if name.trim().is_empty() {
            continue; // an empty seat
        }
        let seat = attr(attrs, "seat")
            .and_then(|s| s.trim().parse::<u8>().ok())
            .ok_or_else(|| t.malformed(at, "a player without a readable seat number"))?;
        let stack = t.amount(attr(attrs, "chips").unwrap_or(""), scale, at, "stack")?;
        let win = match attr(attrs, "win") {
            Some(w) if !w.trim().is_empty() => t.amount(w, scale, at, "win")?,
            _ => 0,
        };
        let flag =
            |k: &str| attr(attrs, k).is_some_and(|v| v.trim().parse::<u32>().is_ok_and(|n| n > 0));
        if seats.iter().any(|o| o.seat == seat) {
            return Err(t.malformed(at, format!("two players in seat {seat}")));
        }
        if seats.iter().any(|o| o.name == name) {
            return Err(t.malformed(at, format!("two seats for player \"{name}\"")));
        }
        seats.push(Seat {
            seat,
            name,
            stack,
            dealer: attr(attrs, "dealer").is_some_and(|d| d.trim() == "1"),
            win,
            rebuy: flag("rebuy") || flag("addon"),
        });
    }
    seats.sort_by_key(|s| s.seat);
    Ok(seats)
}

/// The actions of the game, resolved to players: forced posts first, then by round and number
/// (the file groups each player's actions).
fn read_acts(
    t: &Texts<'_>,
    g: &GameRec<'_>,
    seats: &[Seat<'_>],
    scale: Money,
) -> Result<Vec<Act>, ParseError> {
    let mut acts: Vec<Act> = Vec::with_capacity(g.actions.len());
    for (i, a) in g.actions.iter().enumerate() {
        let kind_no = attr(a.attrs, "type")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or_else(|| t.malformed(a.at, "an action without a readable type"))?;
        let name = unescape(attr(a.attrs, "player").unwrap_or(""));
        let player = seats.iter().position(|s| s.name == name).ok_or_else(|| {
            t.malformed(
                a.at,
                format!("an action by \"{name}\", who is not in the player list"),
            )
        })?;
        let no = attr(a.attrs, "no")
            .and_then(|v| v.trim().parse::<i64>().ok())
            .unwrap_or(i64::try_from(i).unwrap_or(i64::MAX));
        let amount = match attr(a.attrs, "sum") {
            Some(v) if v.bytes().any(|b| b.is_ascii_digit()) => {
                t.amount(v, scale, a.at, "amount")?
            }
            _ => 0,
        };
        acts.push(Act {
            at: a.at,
            round: a.round,
            no,
            kind: kind_no,
            player,
            amount,
        });
    }
    acts.sort_by_key(|a| (!is_post(a.kind), a.round, a.no));
    Ok(acts)
}

/// The category: printed, or told by the number of pocket cards. Draw games are refused.
fn category_told(
    t: &Texts<'_>,
    g: &GameRec<'_>,
    printed: Option<Category>,
    gt_at: Loc,
) -> Result<Category, ParseError> {
    let pocket = g
        .cards
        .iter()
        .filter(|c| c.kind.eq_ignore_ascii_case("pocket"))
        .map(|c| c.cards.split_whitespace().count())
        .max()
        .unwrap_or(0);
    let category = match (printed, pocket) {
        (None, 2) => Category::Holdem,
        (None, 4) => Category::OmahaHi,
        (None, 5) => Category::Omaha5Hi,
        (None, 6) => Category::Omaha6Hi,
        (None, _) => {
            return Err(t.malformed(
                gt_at,
                "the game type names no game and the pocket cards do not tell it",
            ))
        }
        (Some(Category::OmahaHi), 5) => Category::Omaha5Hi,
        (Some(Category::OmahaHi), 6) => Category::Omaha6Hi,
        (Some(Category::OmahaHiLo), 5) => Category::Omaha5HiLo,
        (Some(Category::OmahaHiLo), 6) => Category::Omaha6HiLo,
        (Some(c), _) => c,
    };
    if category.base() == Base::Draw {
        return Err(t.err(
            ErrorKind::Unsupported,
            gt_at,
            "draw games are not supported",
        ));
    }
    Ok(category)
}

/// The game's facts read for its stakes: the session header, the game type and the actions.
struct StakesFrom<'r, 'a> {
    t: &'r Texts<'a>,
    g: &'r GameRec<'a>,
    s: &'r Session<'a>,
    gt: &'r GameType<'a>,
    gt_at: Loc,
    acts: &'r [Act],
    seats: &'r [Seat<'a>],
    scale: Money,
}

impl StakesFrom<'_, '_> {
    fn money(&self, text: &str, at: Loc, what: &str) -> Result<Money, ParseError> {
        self.t.amount(text, self.scale, at, what)
    }

    /// A blind printed in the game, else in the session header.
    fn printed(
        &self,
        f: Option<(&str, Loc)>,
        s: &Option<Field<'_>>,
    ) -> Result<Option<Money>, ParseError> {
        match (f, Session::text(s)) {
            (Some((txt, at)), _) => self.money(txt, at, "blind").map(Some),
            (None, Some(txt)) => {
                let at = s.as_ref().map_or(self.gt_at, |f| f.at);
                self.money(txt, at, "blind").map(Some)
            }
            (None, None) => Ok(None),
        }
    }

    /// The small and big blind (stud: no small blind, the small bet as the big blind).
    fn blinds(&self, base: Base) -> Result<(Money, Money), ParseError> {
        let (gt, gt_at) = (self.gt, self.gt_at);
        if let Some((a, b)) = gt.bets.or(gt.stakes) {
            let small = self.money(a, gt_at, "stake")?;
            let big = self.money(b, gt_at, "stake")?;
            return Ok(if base == Base::Stud {
                // Stud prints the small and big bet; there are no blinds.
                (0, small)
            } else if gt.limit == LimitType::FixedLimit {
                // Fixed limit prints the small and big bet.
                let sb = FL_SMALL_BLINDS
                    .iter()
                    .find(|&&(k, _)| k == big)
                    .map_or(small / 2, |&(_, sb)| sb);
                (sb, small)
            } else {
                (small, big)
            });
        }
        if base == Base::Stud {
            // No stakes printed: the first bet of fourth street is the small bet.
            let bet = self
                .acts
                .iter()
                .find(|a| a.round == 3 && a.kind == atype::BET)
                .map_or(0, |a| a.amount);
            return Ok((0, bet));
        }
        let sb = self.printed(self.g.smallblind, &self.s.smallblind)?;
        let bb = self.printed(self.g.bigblind, &self.s.bigblind)?;
        // Tournaments print no stakes: the blinds posted tell them.
        let (posted_sb, posted_bb) = blinds_of_posts(self.acts, self.seats);
        let mut small = sb.unwrap_or(posted_sb);
        let mut big = bb.unwrap_or(posted_bb);
        if big == 0 {
            big = small.saturating_mul(2);
        }
        if small == 0 {
            small = big / 2;
        }
        Ok((small, big))
    }

    /// The ante: printed in the game type or the game, else the biggest posted.
    fn ante(&self) -> Result<Money, ParseError> {
        Ok(match self.gt.ante {
            Some(a) => self.money(a, self.gt_at, "ante")?,
            None => match self.g.ante {
                Some((a, at)) => self.money(a, at, "ante")?,
                None => self
                    .acts
                    .iter()
                    .filter(|a| a.kind == atype::ANTE)
                    .map(|a| a.amount)
                    .max()
                    .unwrap_or(0),
            },
        })
    }
}

/// The start time: the game's `<startdate>`, else the session's.
fn start_of(
    t: &Texts<'_>,
    g: &GameRec<'_>,
    s: &Session<'_>,
    acts: &[Act],
    seats: &[Seat<'_>],
    game_at: Loc,
) -> Result<DateTime<Utc>, ParseError> {
    let (date_text, date_at) = match (g.startdate, s.startdate.as_ref()) {
        (Some((d, at)), _) => (Cow::Borrowed(d), at),
        (None, Some(f)) => (f.text.clone(), f.at),
        (None, None) => {
            // A game the room wrote as it began (its blinds) and never completed.
            let incomplete =
                acts.iter().all(|a| is_post(a.kind)) && seats.iter().all(|s| s.win == 0);
            return Err(t.malformed(
                game_at,
                if incomplete {
                    "the game is incomplete: no date, no actions after the blinds, no result"
                } else {
                    "the game has no <startdate>"
                },
            ));
        }
    };
    xml::date_time(&date_text)
        .map(|d| Utc.from_utc_datetime(&d))
        .ok_or_else(|| t.malformed(date_at, format!("unreadable date \"{}\"", date_text.trim())))
}

fn build(
    chunk: &Chunk<'_>,
    t: &Texts<'_>,
    g: &GameRec<'_>,
    code: &str,
    no: i64,
) -> Result<Hand, ParseError> {
    let game_at = g.code.map_or(Loc { ctx: false, off: 0 }, |c| c.1);
    check_whole(chunk, t, g, game_at)?;
    let s = Session::read(chunk.context);
    let Some(gt_field) = s.gametype.as_ref() else {
        return Err(t.malformed(
            Loc { ctx: true, off: 0 },
            "the session header has no <gametype>",
        ));
    };
    let gt = game_type(&gt_field.text).map_err(|(kind, m)| t.err(kind, gt_field.at, m))?;

    // Kind of game, currency and unit.
    let kind = if s.is_tournament() {
        GameKind::Tour
    } else {
        GameKind::Ring
    };
    let play = Session::text(&s.mode).is_some_and(|m| !m.eq_ignore_ascii_case("real"))
        || Session::text(&s.currency).is_some_and(|c| c.eq_ignore_ascii_case("fun"));
    let currency = currency_of(t, &s, &gt, gt_field.at, kind, play)?;
    // Amounts are read in hundredths: cents of real money, hundredths of a chip for tournaments
    // and play money (some rebuy tournaments print fractional chips). Chips are rounded once
    // the hand is built, so every decision (who is all in, which bet is uncalled, which reading
    // of `win` balances the pot) is taken on the exact amounts.
    let scale = CENTS;
    let chips = kind != GameKind::Ring || play;
    let seats = read_seats(t, g, scale)?;
    let acts = read_acts(t, g, &seats, scale)?;
    let category = category_told(t, g, gt.category, gt_field.at)?;
    let base = category.base();
    let stakes = StakesFrom {
        t,
        g,
        s: &s,
        gt: &gt,
        gt_at: gt_field.at,
        acts: &acts,
        seats: &seats,
        scale,
    };
    let (small_blind, big_blind) = stakes.blinds(base)?;
    let ante = stakes.ante()?;
    let game = Game {
        kind,
        base,
        category,
        limit_type: gt.limit,
        hi_lo: category.hilo(),
        small_blind,
        big_blind,
        small_bet: big_blind,
        big_bet: big_blind.saturating_mul(2),
        ante,
        currency,
        mix: None,
        fast: false,
        home_game: false,
        split_board: false,
    };
    let start = start_of(t, g, &s, &acts, &seats, game_at)?;

    let mut p = Builder::new(t, game, code, no, start, &seats);
    {
        let hand = p.b.hand_mut();
        hand.table_name = Session::text(&s.tablename).unwrap_or("").to_string();
        hand.max_seats = Session::text(&s.tablesize)
            .and_then(|v| v.parse::<u8>().ok())
            .filter(|&n| n > 0);
        hand.button_seat = seats.iter().find(|s| s.dealer).map(|s| s.seat);
    }
    p.cards(&g.cards)?;
    p.actions(&acts)?;
    p.finish_players(Session::text(&s.nickname));
    p.check_ended(g.last_round, chunk.text.len())?;
    p.money(&seats, s.win_excludes_returned())?;
    if chips {
        to_chips(p.b.hand_mut(), CENTS / CHIPS);
    }
    // iPoker prints no total and no rake: the rake is what nobody collected.
    let policy = PotPolicy::new(if chips { CHIPS } else { CENTS }, t.game_line);
    p.b.settle(&policy)
        .map_err(|e| t.malformed(Loc { ctx: false, off: 0 }, e.message))?;
    if kind == GameKind::Tour {
        let tour = tournament(t, &s, &seats, p.b.hand().hero)?;
        p.b.hand_mut().tournament = Some(tour);
    }
    Ok(p.b.finish())
}

/// Tournament blinds when the session prints none: the smallest big and small blind posted by a
/// player who was not all-in with it.
fn blinds_of_posts(acts: &[Act], seats: &[Seat<'_>]) -> (Money, Money) {
    let mut posted = vec![0 as Money; seats.len()];
    let (mut sb, mut bb) = (None::<Money>, None::<Money>);
    let (mut sb_any, mut bb_any) = (0 as Money, 0 as Money);
    for a in acts.iter().filter(|a| is_post(a.kind)) {
        let Some(total) = posted.get_mut(a.player) else {
            continue;
        };
        *total = total.saturating_add(a.amount);
        let all_in = seats.get(a.player).is_some_and(|s| *total >= s.stack);
        let (best, any) = match a.kind {
            atype::SMALL_BLIND => (&mut sb, &mut sb_any),
            atype::BIG_BLIND => (&mut bb, &mut bb_any),
            _ => continue,
        };
        *any = (*any).max(a.amount);
        if !all_in && a.amount > 0 {
            *best = Some(best.map_or(a.amount, |v: Money| v.min(a.amount)));
        }
    }
    let sb = sb.unwrap_or(sb_any);
    // Only a short big blind was posted: it is at least twice the small blind.
    let bb = bb.unwrap_or_else(|| bb_any.max(sb.saturating_mul(2)));
    (sb, bb)
}

/// The most cards one `<cards>` element holds (seven-card stud's third street holds three).
const MAX_CARDS: usize = 8;

/// The state of the hand being built.
struct Builder<'t, 'a> {
    t: &'t Texts<'a>,
    b: HandBuilder,
    base: Base,
    /// Per player: dealt any card, folded, marked sitting out.
    dealt: Vec<bool>,
    folded: Vec<bool>,
    sat_out: Vec<bool>,
    acted: Vec<bool>,
}

impl<'t, 'a> Builder<'t, 'a> {
    fn new(
        t: &'t Texts<'a>,
        game: Game,
        code: &str,
        no: i64,
        start: DateTime<Utc>,
        seats: &[Seat<'_>],
    ) -> Builder<'t, 'a> {
        let base = game.base;
        let mut b = HandBuilder::new("iPoker", no, code, game, start);
        for s in seats {
            b.add_player(s.seat, &s.name, s.stack, false);
        }
        let n = seats.len();
        Builder {
            t,
            b,
            base,
            dealt: vec![false; n],
            folded: vec![false; n],
            sat_out: vec![false; n],
            acted: vec![false; n],
        }
    }

    fn cards(&mut self, recs: &[CardsRec<'_>]) -> Result<(), ParseError> {
        let size = self.b.hand().game.category.hand_size().min(MAX_CARDS);
        let stud7 = self.b.hand().game.category != Category::Stud5Hi;
        let mut board: Vec<(i32, Card)> = Vec::with_capacity(5);
        for r in recs {
            let mut buf = [Card::UNKNOWN; MAX_CARDS];
            let mut len = 0;
            for c in r.cards.split_whitespace() {
                let card = xml::card(c)
                    .ok_or_else(|| self.t.malformed(r.at, format!("unreadable card \"{c}\"")))?;
                let slot = buf
                    .get_mut(len)
                    .ok_or_else(|| self.t.malformed(r.at, "too many cards in one element"))?;
                *slot = card;
                len += 1;
            }
            let cards = buf.get(..len).unwrap_or(&[]);
            let kind = r.kind.trim();
            let is = |k: &str| kind.eq_ignore_ascii_case(k);
            if r.player.trim().is_empty() {
                if self.base == Base::Hold && (is("flop") || is("turn") || is("river")) {
                    board.extend(cards.iter().filter(|c| c.is_known()).map(|&c| (r.round, c)));
                }
                continue;
            }
            // Cards of someone not seated tell nothing about the money: skipped, as fpdb does.
            let Some(p) = self.b.player(&r.player) else {
                continue;
            };
            if let Some(d) = self.dealt.get_mut(p) {
                *d = true;
            }
            match self.base {
                Base::Hold => {
                    if len > size {
                        return Err(self.t.malformed(
                            r.at,
                            format!("{len} pocket cards in a game dealing {size}"),
                        ));
                    }
                    self.b.set_cards(p, buf.get(..size).unwrap_or(cards));
                }
                _ => {
                    // Stud: each street's element holds the cards dealt on it, ending at the
                    // street's slot.
                    let end = if is("second street") {
                        2
                    } else if is("third street") {
                        3
                    } else if is("fourth street") {
                        4
                    } else if is("fifth street") {
                        5
                    } else if is("sixth street") {
                        6
                    } else if is("river") || is("seventh street") {
                        size
                    } else {
                        continue;
                    };
                    let end = if stud7 { end } else { end.min(size) };
                    if len > end {
                        return Err(self
                            .t
                            .malformed(r.at, format!("{len} cards dealt by {kind}")));
                    }
                    let start = end - len;
                    let slot = &mut self.b.hand_mut().players[p].cards;
                    slot.resize(size, Card::UNKNOWN);
                    for (dst, &c) in slot.iter_mut().skip(start).zip(cards) {
                        if c.is_known() {
                            *dst = c;
                        }
                    }
                }
            }
        }
        if board.len() > 5 {
            return Err(self.t.malformed(
                recs.first().map_or(Loc { ctx: false, off: 0 }, |r| r.at),
                format!("{} board cards", board.len()),
            ));
        }
        // Flop, turn and river in round order (stable: the flop keeps its order).
        board.sort_by_key(|&(round, _)| round);
        if !board.is_empty() {
            self.b.hand_mut().boards = vec![board.into_iter().map(|(_, c)| c).collect()];
        }
        Ok(())
    }

    /// Street of a round: hold'em games deal the hole cards in round 1, stud games third street
    /// (second street in five-card stud) in round 2.
    fn street_of(&self, round: i32) -> i32 {
        match self.base {
            Base::Stud => round.saturating_sub(2),
            _ => round.saturating_sub(1),
        }
    }

    fn actions(&mut self, acts: &[Act]) -> Result<(), ParseError> {
        let last = i32::try_from(self.b.hand().street_count()).unwrap_or(4) - 1;
        let (sb, bb) = (self.b.hand().game.small_blind, self.b.hand().game.big_blind);
        let mut sb_posted = false;
        // Stud third street before anyone completes or bets.
        let mut stud_open = self.base == Base::Stud;
        for a in acts {
            let p = a.player;
            if is_post(a.kind) {
                let kind = match a.kind {
                    atype::ANTE => ActionKind::Ante,
                    atype::SMALL_BLIND if sb_posted => ActionKind::DeadSmallBlind,
                    atype::SMALL_BLIND => {
                        sb_posted = true;
                        ActionKind::SmallBlind
                    }
                    _ if sb > 0 && a.amount > bb && bb > 0 => ActionKind::BothBlinds,
                    _ => ActionKind::BigBlind,
                };
                self.b.post(p, kind, a.amount, false);
                continue;
            }
            if matches!(a.kind, atype::NO_ACTION | atype::SITTING_OUT) {
                self.sat_out[p] = true;
                if self.dealt[p] && !self.folded[p] {
                    self.fold(p);
                }
                continue;
            }
            let street = self.street_of(a.round).max(0);
            if street > last {
                return Err(self.t.malformed(
                    a.at,
                    format!(
                        "an action in round {}, but the game has no such street",
                        a.round
                    ),
                ));
            }
            let street = i8::try_from(street).unwrap_or(0);
            if street != self.b.street() {
                self.b.set_street(street);
            }
            self.acted[p] = true;
            let total = self.b.street_total(p);
            let max = self.b.street_max();
            let third = self.base == Base::Stud && street == 0 && stud_open;
            match a.kind {
                atype::FOLD => self.fold(p),
                atype::CHECK => self.b.check(p),
                atype::CALL => self.b.call(p, a.amount, false),
                atype::BRING_IN => self.b.bring_in(p, a.amount, false),
                atype::BET | atype::RAISE_ADD | atype::ALL_IN | atype::RAISE_TO => {
                    let all_in = a.kind == atype::ALL_IN;
                    let to = if a.kind == atype::RAISE_TO {
                        a.amount
                    } else {
                        total.saturating_add(a.amount)
                    };
                    if to <= max && max > 0 {
                        // Not above the bet to call: an all-in call (for less), whatever the type.
                        self.b.call(p, to.saturating_sub(total), all_in);
                    } else if third {
                        self.b.complete_to(p, to, all_in);
                        stud_open = false;
                    } else if max == 0 {
                        self.b.bet(p, to.saturating_sub(total), all_in);
                    } else {
                        self.b.raise_to(p, to, all_in);
                    }
                }
                other => {
                    return Err(self.t.err(
                        ErrorKind::Unsupported,
                        a.at,
                        format!("unknown action type {other}"),
                    ))
                }
            }
        }
        Ok(())
    }

    fn fold(&mut self, p: PlayerIdx) {
        if !self.folded[p] {
            self.folded[p] = true;
            self.b.fold(p);
        }
    }

    /// A game cut between two rounds has every tag closed but lacks its later streets (actions,
    /// board cards), and the clients do not write "</game>" when the session is still open, so
    /// the end of a game is told by the game itself: with two or more players still in, it
    /// must reach its last street (found by the malformed-input suite, which cut real games
    /// after each line).
    fn check_ended(&self, last_round: i32, end: usize) -> Result<(), ParseError> {
        let in_hand = (0..self.dealt.len())
            .filter(|&p| (self.dealt[p] || self.acted[p]) && !self.folded[p] && !self.sat_out[p])
            .count();
        let last_street = i32::try_from(self.b.hand().street_count()).unwrap_or(4) - 1;
        if in_hand >= 2 && self.street_of(last_round) < last_street {
            return Err(self.t.err(
                ErrorKind::Unfinished,
                Loc { ctx: false, off: end },
                "the game stops before its last street with two players still in (the file was cut)",
            ));
        }
        Ok(())
    }

    /// Hero, sitting-out flags, shown and mucked cards.
    fn finish_players(&mut self, nickname: Option<&str>) {
        // The owner's cards are dealt face up to him: no hero when he sat this game out.
        let hero = nickname
            .and_then(|n| self.b.player(n))
            .filter(|&p| self.dealt.get(p).copied().unwrap_or(false));
        let base = self.base;
        let in_hand: Vec<bool> = (0..self.dealt.len())
            .map(|p| (self.dealt[p] || self.acted[p]) && !self.folded[p] && !self.sat_out[p])
            .collect();
        let showdown = in_hand.iter().filter(|&&x| x).count() >= 2;
        let hand = self.b.hand_mut();
        hand.hero = hero;
        for (p, pl) in hand.players.iter_mut().enumerate() {
            let acted = self.acted[p] || hand.actions.iter().any(|a| a.player == p);
            pl.sitting_out = self.sat_out[p] || (!self.dealt[p] && !acted);
            // Cards the others could see: hole cards in flop games, down cards in stud.
            let hidden_known = match base {
                Base::Stud => pl
                    .cards
                    .iter()
                    .enumerate()
                    .any(|(i, c)| c.is_known() && (i < 2 || i == 6)),
                _ => pl.cards.iter().any(|c| c.is_known()),
            };
            if showdown && in_hand[p] {
                pl.shown = hidden_known;
                pl.mucked = !hidden_known;
            } else {
                pl.shown = hidden_known && hero != Some(p);
            }
        }
    }

    /// Returned bet, collections, total pot and rake (see the module documentation).
    fn money(&mut self, seats: &[Seat<'_>], excludes: bool) -> Result<(), ParseError> {
        let hand = self.b.hand();
        let n = hand.players.len();
        let at = Loc { ctx: false, off: 0 };
        let dealt = (0..n).filter(|&p| self.dealt[p] || self.acted[p]).count();
        if dealt < 2 {
            return Err(self.t.err(
                ErrorKind::Cancelled,
                at,
                "fewer than two players were dealt in: the hand was not played",
            ));
        }
        let sb = hand.game.small_blind;
        let mut put = vec![0 as Money; n];
        let mut live = vec![0 as Money; n];
        let mut last_street = vec![0i8; n];
        for a in &hand.actions {
            let (Some(pt), Some(lv)) = (put.get_mut(a.player), live.get_mut(a.player)) else {
                continue;
            };
            *pt = pt.saturating_add(a.amount);
            let l = match a.kind {
                ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
                ActionKind::BothBlinds => a.amount.saturating_sub(sb).max(0),
                _ => a.amount,
            };
            *lv = lv.saturating_add(l);
            if a.amount > 0 {
                if let Some(s) = last_street.get_mut(a.player) {
                    *s = a.street.max(0);
                }
            }
        }
        let total_in = put.iter().fold(0 as Money, |x, &v| x.saturating_add(v));
        // The biggest contributor's chips above everyone else's come back to him.
        let top = live
            .iter()
            .enumerate()
            .max_by_key(|&(i, &v)| (v, std::cmp::Reverse(i)))
            .map(|(i, _)| i);
        let second = |top: usize| {
            live.iter()
                .enumerate()
                .filter(|&(i, _)| i != top)
                .map(|(_, &v)| v)
                .max()
                .unwrap_or(0)
        };
        let (top, returned) = match top {
            Some(i) if n >= 2 => (i, live[i].saturating_sub(second(i)).max(0)),
            _ => (0, 0),
        };
        let pot = total_in.saturating_sub(returned);
        let wins: Vec<Money> = seats.iter().map(|s| s.win).collect();
        // Collections under a reading of `win`: with or without the returned bet.
        let collections = |with_returned: bool| -> Vec<Money> {
            wins.iter()
                .enumerate()
                .map(|(i, &w)| {
                    if with_returned && i == top {
                        w.saturating_sub(returned)
                    } else {
                        w
                    }
                })
                .collect()
        };
        let readings = if excludes {
            [false, true]
        } else {
            [true, false]
        };
        let tour = hand.game.kind == GameKind::Tour;
        let mut chosen: Option<Vec<Money>> = None;
        let mut best_gap = Money::MAX;
        for with_returned in readings {
            let c = collections(with_returned);
            if with_returned && wins.get(top).is_some_and(|&w| w < returned) {
                continue; // he cannot have been given back more than he took
            }
            let sum = c.iter().fold(0 as Money, |x, &v| x.saturating_add(v));
            let rake = pot.saturating_sub(sum);
            if tour {
                // No rake in tournaments: the reading that balances the pot (best).
                let gap = rake.saturating_abs();
                if gap < best_gap {
                    best_gap = gap;
                    chosen = Some(c);
                }
            } else if rake >= 0 {
                chosen = Some(c);
                break;
            }
        }
        let Some(coll) = chosen else {
            return Err(self.t.malformed(
                at,
                "the players' winnings are more than the pot: the hand contradicts itself",
            ));
        };
        let collected = coll.iter().fold(0 as Money, |x, &v| x.saturating_add(v));
        if collected == 0 && pot > 0 {
            // Nobody won anything: the whole pot would be rake.
            return Err(self.t.err(
                ErrorKind::Cancelled,
                at,
                "nobody collected the pot: the hand was cancelled or its results are missing",
            ));
        }
        let rake = pot.saturating_sub(collected);
        if tour && rake != 0 {
            return Err(self.t.malformed(
                at,
                format!("the chips collected ({collected}) do not add up to the pot ({pot}) (hundredths of a chip)"),
            ));
        }
        if returned > 0 {
            let street = last_street.get(top).copied().unwrap_or(0);
            self.b.hand_mut().returned.push(Returned {
                street,
                player: top,
                amount: returned,
            });
        }
        for (i, &c) in coll.iter().enumerate() {
            if c > 0 {
                self.b.collect(i, c, 0, 0);
            }
        }
        Ok(())
    }
}

/// Rounds a hand read in hundredths of a chip to whole chips. Each player's actions are rounded
/// on their running total, so what he put in is his rounded total; the pot is what the rounded
/// actions put in ([`pot::settle`] adds it up), and the rounding difference of the collections
/// goes to the largest one (tournaments have no rake), or to the rake at play-money tables.
fn to_chips(hand: &mut Hand, d: Money) {
    let round = |v: Money| v.saturating_add(d / 2).div_euclid(d);
    let g = &mut hand.game;
    for v in [
        &mut g.small_blind,
        &mut g.big_blind,
        &mut g.small_bet,
        &mut g.big_bet,
        &mut g.ante,
    ] {
        *v = round(*v);
    }
    for p in &mut hand.players {
        p.stack = round(p.stack);
    }
    let mut cum = vec![0 as Money; hand.players.len()];
    for a in &mut hand.actions {
        if let Some(c) = cum.get_mut(a.player) {
            let before = round(*c);
            *c = c.saturating_add(a.amount);
            a.amount = round(*c).saturating_sub(before);
        }
        a.raise_to = a.raise_to.map(round);
    }
    for r in &mut hand.returned {
        r.amount = round(r.amount);
    }
    hand.returned.retain(|r| r.amount > 0);
    for c in &mut hand.collections {
        c.amount = round(c.amount);
    }
    let rest = pot::players_money(hand).saturating_sub(pot::collected(hand));
    if hand.game.kind == GameKind::Tour || rest < 0 {
        if let Some(big) = hand.collections.iter_mut().max_by_key(|c| c.amount) {
            big.amount = big.amount.saturating_add(rest).max(0);
        }
    }
    hand.collections.retain(|c| c.amount > 0);
}

// ---------------------------------------------------------------------------------------------
// Tournaments
// ---------------------------------------------------------------------------------------------

/// The tournament facts of the session header. The number is `<tournamentcode>`, or the number
/// the table name ends with ("Twister $1 SNG, 825200070", "... 21387619", "(#16727068)").
/// The buy-in `<buyin>` is "A+B" (buy-in + fee), "A" (fee unknown unless `<totalbuyin>` splits
/// it as "[ A + B ]"), or "A+F+C" (Twister / Spin & Go lotteries: prize-pool part, fee, jackpot
/// part; the buy-in is A+C). Words instead of amounts (an invitation, a ticket) make a freeroll.
/// The hero's place and prize printed in the header are his result.
fn tournament(
    t: &Texts<'_>,
    s: &Session<'_>,
    seats: &[Seat<'_>],
    hero: Option<PlayerIdx>,
) -> Result<Tournament, ParseError> {
    let at = |f: &Option<Field<'_>>| f.as_ref().map_or(Loc { ctx: true, off: 0 }, |f| f.at);
    let found: Option<(&str, Loc)> = Session::text(&s.tournamentcode)
        .map(|c| (c, at(&s.tournamentcode)))
        .or_else(|| {
            Session::text(&s.tablename)
                .and_then(tourney_no_in_name)
                .map(|n| (n, at(&s.tablename)))
        });
    let Some((number, number_at)) = found else {
        return Err(t.malformed(
            at(&s.tablename),
            "no tournament number: no <tournamentcode> and none in the table name",
        ));
    };
    let tourney_no = hand_number(number).map_err(|k| {
        t.err(
            k,
            number_at,
            format!("unreadable tournament number \"{number}\""),
        )
    })?;

    let mut currency: Option<&'static str> = None;
    let (mut buyin, mut fee) = (0 as Money, 0 as Money);
    if let Some(text) = Session::text(&s.buyin) {
        let b_at = at(&s.buyin);
        let parts: Vec<&str> = text.split('+').map(str::trim).collect();
        let mut values = Vec::with_capacity(parts.len());
        for part in &parts {
            match xml::amount(part, CENTS) {
                Ok(v) => {
                    values.push(v);
                    currency = currency.or(currency_in(part));
                }
                Err(AmountError::TooBig) => {
                    return Err(t.err(
                        ErrorKind::OutOfRange,
                        b_at,
                        format!("buy-in \"{text}\" is too large"),
                    ))
                }
                // "Einladung", "Ticket": not money.
                Err(AmountError::Bad) => values.push(0),
            }
        }
        match values.as_slice() {
            [] => {}
            [a] => {
                buyin = *a;
                // "Iscriviti[ €0,40 + €0,10 ... ]": the split of a single amount.
                if let Some((x, y)) = Session::text(&s.totalbuyin).and_then(split_in_brackets) {
                    if x.saturating_add(y) == *a {
                        buyin = x;
                        fee = y;
                    }
                }
            }
            [a, f] => {
                buyin = *a;
                fee = *f;
            }
            [a, f, rest @ ..] => {
                fee = *f;
                buyin = rest.iter().fold(*a, |x, &v| x.saturating_add(v));
            }
        }
    }
    let currency = if buyin == 0 && fee == 0 {
        "FREE".to_string()
    } else {
        currency
            .map(str::to_string)
            .or_else(|| {
                Session::text(&s.tournamentcurrency)
                    .and_then(iso_code)
                    .map(str::to_string)
            })
            .or_else(|| {
                Session::text(&s.currency)
                    .and_then(iso_code)
                    .map(str::to_string)
            })
            .unwrap_or_else(|| "USD".to_string())
    };
    let mut results = Vec::new();
    if let (Some(hero), Some(place)) = (hero, Session::text(&s.place)) {
        if let Ok(place) = place.parse::<u32>() {
            if place > 0 {
                let prize = Session::text(&s.win).and_then(|w| xml::amount(w, CENTS).ok());
                results.push(Finish {
                    player: hero,
                    place,
                    prize,
                });
            }
        }
    }
    Ok(Tournament {
        tourney_no,
        buyin,
        fee,
        bounty: 0,
        currency,
        level: None,
        table_no: None,
        rebuy: seats.iter().any(|s| s.rebuy),
        results,
    })
}

/// The tournament number in a table name: after the last ", " ("Twister $1 SNG, 825200070",
/// "€0.50 NLH Double Up, 547028881 M2EFE101E4DDF2KD"), in "(#N)", or at the end of the name.
fn tourney_no_in_name(name: &str) -> Option<&str> {
    fn digits(s: &str) -> Option<&str> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        (n > 0).then(|| s.get(..n)).flatten()
    }
    if let Some((_, after)) = name.rsplit_once(", ") {
        if let Some(d) = digits(after.trim_start()) {
            return Some(d);
        }
    }
    if let Some((_, after)) = name.rsplit_once("(#") {
        if let Some(d) = digits(after) {
            return Some(d);
        }
    }
    let n = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    name.get(name.len() - n..).filter(|d| !d.is_empty())
}

/// "Iscriviti[ €0,40 + €0,10 N2EFE10CC57E3ATN ]": the two amounts in the brackets, in cents.
fn split_in_brackets(text: &str) -> Option<(Money, Money)> {
    let inner = text.split_once('[')?.1.split_once(']')?.0;
    let (a, b) = inner.split_once('+')?;
    let b = b.split_whitespace().next()?;
    Some((xml::amount(a, CENTS).ok()?, xml::amount(b, CENTS).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines() {
        assert!(is_game_start(r#"	     <game gamecode="2855468557">"#));
        assert!(is_game_start(r#"	</game><game gamecode="2855470872">"#));
        assert!(is_game_start(
            r#"<game gamecode="2686565878"><general><startdate>"#
        ));
        assert!(is_game_start(r#" <game gamecode="1">"#));
        assert!(!is_game_start("<gametype>Holdem NL $0.02/$0.04</gametype>"));
        assert!(!is_game_start("<gamecount>29</gamecount>"));
        assert!(!is_game_start(
            r#"<game id="15245216-1000" starttime="20081013150000">"#
        ));
        assert!(!is_game_start("</game>"));
        assert!(!is_game_start("PokerStars Hand #1: Hold'em"));
        assert!(!is_game_start(
            r#"<round no="1"><cards type="Pocket" player="game">"#
        ));
    }

    #[test]
    fn session_lines() {
        assert!(is_session_start(r#"<session sessioncode="3077944141">"#));
        assert!(is_session_start(r#"	<session sessioncode="3758683751">"#));
        assert!(is_session_start(
            r#"<?xml version="1.0" encoding="utf-8"?><session sessioncode="3279576281">"#
        ));
        assert!(is_session_start(
            r#"<?xml version="1.0" encoding="utf-8"?>"#
        ));
        assert!(!is_session_start(r#"<?xml version="1.0"?><ROOT>"#));
        assert!(!is_session_start(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#
        ));
        assert!(!is_session_start("<sessioncode>"));
        assert!(!is_session_start("</session>"));
    }

    #[test]
    fn game_types() {
        let g = game_type("Holdem NL $0.02/$0.04").unwrap();
        assert_eq!(g.category, Some(Category::Holdem));
        assert_eq!(g.limit, LimitType::NoLimit);
        assert_eq!(g.stakes, Some(("$0.02", "$0.04")));
        let g = game_type("Holdem SL $0.01/$0.02").unwrap();
        assert_eq!(g.limit, LimitType::NoLimit);
        let g = game_type("Holdem БЛ €0.25/€0.50").unwrap();
        assert_eq!(g.limit, LimitType::NoLimit);
        let g = game_type("PL €0,50/€1").unwrap();
        assert_eq!((g.category, g.limit), (None, LimitType::PotLimit));
        assert_eq!(g.stakes, Some(("€0,50", "€1")));
        let g = game_type("7 Card Stud Hi-Lo L €0.05/€0.10").unwrap();
        assert_eq!(
            (g.category, g.limit),
            (Some(Category::StudHiLo), LimitType::FixedLimit)
        );
        let g = game_type("LH 20/40 x2 Limit $10.00/$20.00").unwrap();
        assert_eq!(
            (g.category, g.limit),
            (Some(Category::Holdem), LimitType::FixedLimit)
        );
        assert_eq!(g.bets, Some(("20", "40")));
        assert_eq!(g.stakes, Some(("$10.00", "$20.00")));
        let g = game_type("Holdem NL").unwrap();
        assert_eq!(g.stakes, None);
        let g = game_type("Omaha Hi-Lo Pot limit €1/€2").unwrap();
        assert_eq!(
            (g.category, g.limit),
            (Some(Category::OmahaHiLo), LimitType::PotLimit)
        );
        let g = game_type("Holdem NL $0.05/$0.10 Ante $0.02").unwrap();
        assert_eq!(g.ante, Some("$0.02"));
        assert!(game_type("Holdem").is_err());
        assert_eq!(
            game_type("Badugi L $1/$2").unwrap_err().0,
            ErrorKind::Unsupported
        );
    }

    #[test]
    fn tournament_numbers() {
        assert_eq!(
            tourney_no_in_name("Twister $1 SNG, 825200070"),
            Some("825200070")
        );
        assert_eq!(
            tourney_no_in_name("€0.50 NLH Double Up 6 Gioc., 547028881 M2EFE101E4DDF2KD"),
            Some("547028881")
        );
        assert_eq!(
            tourney_no_in_name("$3,500 GP R/A, 657149000, 657149000"),
            Some("657149000")
        );
        assert_eq!(
            tourney_no_in_name("Table47D10000Guaranteed10KChips10MinuteLevels21387633"),
            Some("21387633")
        );
        assert_eq!(
            tourney_no_in_name("Hyper Turbo (500 Chips) (#16727068)"),
            Some("16727068")
        );
        assert_eq!(tourney_no_in_name("Gary"), None);
        assert_eq!(
            split_in_brackets("Iscriviti[ €0,40 + €0,10 N2EFE10CC57E3ATN ] "),
            Some((40, 10))
        );
    }

    #[test]
    fn hand_numbers() {
        assert_eq!(hand_number("3013573623"), Ok(3_013_573_623));
        assert_eq!(hand_number("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(
            hand_number("9223372036854775808"),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(hand_number("12a"), Err(ErrorKind::Malformed));
        assert_eq!(hand_number(""), Err(ErrorKind::Malformed));
    }
}

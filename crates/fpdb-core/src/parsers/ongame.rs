//! OnGame hand histories (the OnGame network, closed in 2013: bwin, PartyPoker's European
//! skins, Betsson/iPoker's "Strobe" tables): cash tables and tournaments, stored under the site
//! name `OnGame`.
//!
//! The format is the OnGame client's: a starred header, `Start hand:`, `Table:`, `User:`,
//! `Button:` and `Players in round:` lines, seat lines, actions without a colon after the name
//! (`NAME calls $0.04`), `---`-led street lines and a `Summary:` with the pots, the rake and one
//! line per seat, closed by an end marker. One pass over the lines, no regular expressions;
//! names are matched against the seat list, longest first. Betting goes through the shared
//! [`verbs`](crate::parsers::verbs), money through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers, tournament numbers and times
//!
//! The id is `R5-22678800-36` (cash) or `T5-17631959-1` (tournament): the table's number, which
//! is one series for cash and tournament tables, and the hand's number at that table.
//! `site_hand_no` is `table · 10^7 + hand` (`226788000000036`), `site_hand_id` the id as
//! printed; a hand number of 10^7 or more, or a table number that does not fit, is refused as
//! out of range, so the mapping is injective. (The reference tracker concatenated the digits,
//! `52267880036`, which two ids can share.) The tournament id `R-274-69` becomes
//! `L · 10^17 + A · 10^8 + B` with L the letter's rank among `R`, `T`, `S`, `O` (0 to 3):
//! `27400000069`.
//!
//! `Start hand: Sun Feb 13 14:14:04 GMT+0100 2011`: the client printed the player's own time
//! with its zone the way Java does, either an offset (`GMT+0100`, `GMT-0500`) or the name of
//! the zone in force then (`CET` in winter, `CEST` in summer; `EET`/`EEST`, `WET`/`WEST`,
//! `BST`, `GMT`, `GST` the Gulf's +4, `MSK`): each name is its fixed offset; other names
//! (`EST`, `PST`, ...) are read as the shared zone table reads them.
//!
//! # What the format prints, line by line
//!
//! - Header: `***** History for hand R5-22678800-36 *****`; tournaments `***** History for
//!   hand T5-17631959-1 (TOURNAMENT: "Freeroll tournois live", R-274-69, buy-in: €0) *****`.
//!   A tournament hand without its tournament (`(TOURNAMENT: )`) is refused.
//! - `Start hand: DATE` (above); `Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM
//!   €0.02/€0.04, Real money)`: `[SPEED]` and Strobe tables (`Round GC, Strobe ref: 69701`)
//!   are fast-fold; the limit (`NO_LIMIT`, `POT_LIMIT`, `LIMIT`), the game (`TEXAS_HOLDEM`,
//!   `OMAHA_HI`, `OMAHA_HI_LO`, `SEVEN_CARD_STUD`, `SEVEN_CARD_STUD_HI_LO`, `RAZZ`,
//!   `FIVE_CARD_DRAW`), the stakes, `, ante: $0.10` and the money: `Real money` (the symbol's
//!   currency, `$` USD, `€` EUR, `£` GBP, in cents), `Play money` (`play`, in cents),
//!   `TC`/`Chips` (tournament chips, `T$`). No-limit and pot-limit stakes are the blinds (pot
//!   limit tables of equal blinds, `$0.50/$0.50`, post two big blinds); limit stakes are the
//!   bets, the blinds half the small bet and the small bet.
//! - `User: NAME`: the player whose history it is (the hero). `Button: seat 10` (stud prints
//!   none). `Players in round: 5 (6)`: the players dealt in and, in brackets, the table's
//!   seats (without it the size is guessed from the seats).
//! - `Seat 2: NAME (€2.26)`: the players dealt in.
//! - Posts: `posts small blind ($0.02)`, `posts big blind ($0.04)` (a second one is a
//!   newcomer's, live; tables of equal blinds post two), `posts dead blind ($0.05)` (a dead
//!   small blind), `posts small & big blind ($0.06)`, `posts ante $0.10`; stud `small bring in
//!   $0.12` (the bring-in) and `big bring in $1` (bringing in for the full small bet: a
//!   completion).
//! - Actions: `folds`, `checks`, `calls $0.04`, `bets $0.10`, `raises $0.20 to $0.30` (the
//!   first amount is what the raise puts in, the call included: the second is the street
//!   total in flop games but the hand's total in stud, and is not read), each possibly ending
//!   in ` [all in]`; draws: `changed 2 cards` (0: stood pat); `sits out`.
//! - Streets: `---` (a separator, nothing), `Dealing pocket cards`, `--- Dealing flop [Jc, 4d,
//!   Qs]`, `--- Dealing turn [Js]`, `--- Dealing river [Ts]`; stud `Dealing 4th street` ...
//!   `Dealing 6th street`, `Dealing river`; draw: the first `changed` starts the draw.
//! - `Dealing to NAME: [7d, Td]` (stud: `[-, -, Kd]`, hidden cards as `-`, then each street's
//!   card); draw: `New hand for NAME: [..]`, the hero's hand after the draw.
//! - `Summary:`; `Main pot: $539 won by NAME ($536)[, NAME ($X)]`, `Side pot 1: ...`, hi/lo
//!   shares `NAME (125 High), NAME (125 Low)`: each pot before the rake and what each winner
//!   took from it after the rake; `Rake taken: $3`; one line per seat: `Seat 4: NAME ($0),
//!   net: -$266.50[, [Js, Jc] (THREE_OF_A_KIND JACK)]` (the stack after the hand, the net
//!   result, the cards shown and their value) or `Seat 9: NAME ($415.60)` (nothing at stake).
//! - `***** End of hand R5-22678800-36 *****`: the end. A hand without it was cut short.
//!
//! Uncalled bets are never printed: the pots leave them out ([`Uncalled::FromPrintedPot`]).
//! Every seat's stack after the hand is checked against the actions, the returns and the
//! winnings: a hand they disagree on is refused rather than stored wrong.
//!
//! Refused: any other line (the format has no chat or notices), an action by a name that is not
//! seated, a game or limit fpdb does not read, a hand cut before its end marker or missing a
//! seat's summary line, a hand whose money does not balance.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, find, split2, HandLines};
use crate::parsers::verbs::{Betting, Raise, Rules, Verb};
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The OnGame format.
#[derive(Debug)]
pub struct OnGame;
room!(OnGame, SITE, b"*", |l| header(l).is_some(), parse_chunk);

const SITE: &str = "OnGame";

const HEADER: &str = "***** History for hand ";
const END: &str = "***** End of hand ";

/// `site_hand_no` = table number × this + hand number.
const HAND_FACTOR: i64 = 10_000_000;
/// A tournament id `L-A-B`: `L · TOUR_LETTER + A · TOUR_FACTOR + B`.
const TOUR_FACTOR: i64 = 100_000_000;
const TOUR_LETTER: i64 = 100_000_000_000_000_000;
const TOUR_LETTERS: &[u8] = b"RTSO";

/// A second small blind is dead; a second big blind is a newcomer's or the equal blind of a
/// pot-limit table, live.
const RULES: Rules = Rules::NONE;

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "***** History for hand R5-22678800-36[ (TOURNAMENT: ...)] *****": the id and the text
/// between it and the closing stars.
fn header(line: &str) -> Option<(&str, &str)> {
    let r = line.strip_prefix(HEADER)?;
    let n = r.bytes().take_while(|&b| b != b' ').count();
    let id = &r[..n];
    if !id.starts_with(['R', 'T']) || !id.contains('-') {
        return None;
    }
    let rest = r[n..].trim_end().strip_suffix("*****")?;
    Some((id, rest.trim()))
}

/// The numbers of "R5-22678800-36": (table, hand at the table), `None` when not of that shape.
fn id_numbers(id: &str) -> Option<(&str, &str)> {
    let mut parts = id.split('-');
    let (site, table, hand) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let ok = parts.next().is_none()
        && site.len() >= 2
        && digits(&site[1..])
        && digits(table)
        && digits(hand);
    ok.then_some((table, hand))
}

/// The stored number of a hand id (see the module); `None` when it does not fit.
fn hand_no(table: &str, hand: &str) -> Option<i64> {
    let t: i64 = table.parse().ok()?;
    let h: i64 = hand.parse().ok().filter(|&h| h < HAND_FACTOR)?;
    t.checked_mul(HAND_FACTOR)?.checked_add(h)
}

/// The stored number of a tournament id "R-274-69" (see the module); `None` when it is not of
/// that shape or does not fit.
fn tourney_no(id: &str) -> Option<i64> {
    let mut parts = id.split('-');
    let (l, a, b) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || l.len() != 1 {
        return None;
    }
    let letter = TOUR_LETTERS.iter().position(|&c| c == l.as_bytes()[0])? as i64;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(a) || !digits(b) {
        return None;
    }
    let a: i64 = a.parse().ok().filter(|&a| a < TOUR_LETTER / TOUR_FACTOR)?;
    let b: i64 = b.parse().ok().filter(|&b| b < TOUR_FACTOR)?;
    Some(letter * TOUR_LETTER + a * TOUR_FACTOR + b)
}

/// `(TOURNAMENT: "NAME", R-274-69, buy-in: €0)`: the tournament (its buy-in, fee included, in
/// cents of its currency: the split is not printed).
fn tournament_of(t: &str) -> Result<Tournament, (ErrorKind, &'static str)> {
    let inner = t
        .strip_prefix("(TOURNAMENT:")
        .and_then(|r| r.strip_suffix(')'))
        .ok_or((ErrorKind::Malformed, "unreadable tournament in the header"))?
        .trim();
    // The name is quoted and may hold commas: the id and the buy-in follow its closing quote.
    let after_name = match inner.strip_prefix('"') {
        Some(r) => match r.rfind("\", ") {
            Some(i) => &r[i + 3..],
            None => "",
        },
        None => inner,
    };
    let (id, buyin) = match split2(after_name, ", buy-in: ") {
        Some((id, b)) => (id.trim(), Some(b.trim())),
        None => (after_name.trim(), None),
    };
    if id.is_empty() {
        return Err((
            ErrorKind::Malformed,
            "a tournament hand without its tournament's id",
        ));
    }
    let no = tourney_no(id).ok_or((
        ErrorKind::OutOfRange,
        "a tournament id fpdb cannot store as a number",
    ))?;
    let (buyin, currency) = match buyin {
        Some(b) => {
            let v = amount::parse_amount(b, CENTS)
                .filter(|&v| v >= 0)
                .ok_or((ErrorKind::Malformed, "unreadable buy-in"))?;
            let cur = amount::currency_of_symbol(b).unwrap_or("T$");
            (v, if v == 0 { "FREE" } else { cur })
        }
        None => (0, "FREE"),
    };
    Ok(Tournament {
        tourney_no: no,
        buyin,
        fee: 0,
        bounty: 0,
        currency: currency.to_string(),
        level: None,
        table_no: None,
        rebuy: false,
        results: Vec::new(),
    })
}

/// Fixed offsets, in hours, of the zone names the client printed (Java's names: the zone in
/// force at the time, so each is one offset).
const ZONES: &[(&str, i32)] = &[
    ("GMT", 0),
    ("UTC", 0),
    ("WET", 0),
    ("WEST", 1),
    ("BST", 1),
    ("CET", 1),
    ("CEST", 2),
    ("EET", 2),
    ("EEST", 3),
    ("MSK", 3),
    ("GST", 4),
];

/// "Sun Feb 13 14:14:04 GMT+0100 2011": the time in UTC.
fn start_time(t: &str) -> Option<DateTime<Utc>> {
    let mut w = t.split_ascii_whitespace();
    let (_day, month, date, clock, zone, year) = (
        w.next()?,
        w.next()?,
        w.next()?,
        w.next()?,
        w.next()?,
        w.next()?,
    );
    if w.next().is_some() {
        return None;
    }
    let d = NaiveDate::parse_from_str(&format!("{date} {month} {year}"), "%d %b %Y").ok()?;
    let local = NaiveDateTime::new(d, NaiveTime::parse_from_str(clock, "%H:%M:%S").ok()?);
    let offset = if let Some(off) = zone.strip_prefix("GMT").filter(|o| !o.is_empty()) {
        // "+0100", "-0530".
        let (sign, hm) = match off.as_bytes()[0] {
            b'+' => (1, &off[1..]),
            b'-' => (-1, &off[1..]),
            _ => return None,
        };
        if hm.len() != 4 || !hm.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (h, m): (i32, i32) = (hm[..2].parse().ok()?, hm[2..].parse().ok()?);
        FixedOffset::east_opt(sign * (h * 3600 + m * 60))?
    } else if let Some(&(_, h)) = ZONES.iter().find(|(n, _)| *n == zone) {
        FixedOffset::east_opt(h * 3600)?
    } else {
        return Some(time::local_to_utc(local, time::zone_of_label(zone)?));
    };
    Some(
        offset
            .from_local_datetime(&local)
            .single()?
            .with_timezone(&Utc),
    )
}

/// The games as printed.
const GAMES: &[(&str, Category)] = &[
    ("TEXAS_HOLDEM", Category::Holdem),
    ("OMAHA_HI", Category::OmahaHi),
    ("OMAHA_HI_LO", Category::OmahaHiLo),
    ("SEVEN_CARD_STUD", Category::StudHi),
    ("SEVEN_CARD_STUD_HI_LO", Category::StudHiLo),
    ("RAZZ", Category::Razz),
    ("FIVE_CARD_DRAW", Category::FiveDraw),
];

const LIMITS: &[(&str, LimitType)] = &[
    ("NO_LIMIT", LimitType::NoLimit),
    ("POT_LIMIT", LimitType::PotLimit),
    ("LIMIT", LimitType::FixedLimit),
];

/// What the `Table:` line says.
struct Table {
    name: String,
    game: Game,
    scale: i64,
}

/// "[SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04, Real money)" (after
/// "Table: "), `tour` for a tournament hand.
fn table_of(r: &str, tour: bool) -> Result<Table, (ErrorKind, &'static str)> {
    let bad = (ErrorKind::Malformed, "unreadable table line");
    let open = text::rfind(r, " (").ok_or(bad)?;
    let spec = r[open + 2..].strip_suffix(')').ok_or(bad)?;
    let named = r[..open].trim_end();
    let named = match text::rfind(named, " [") {
        Some(i) if named.ends_with(']') => &named[..i],
        _ => named,
    };
    let (fast, name) = match named.strip_prefix("[SPEED] ") {
        Some(n) => (true, n),
        None => (find(named, "Strobe").is_some(), named),
    };
    let mut parts = spec.split(", ");
    let game = parts.next().ok_or(bad)?;
    let mut ante = None;
    let mut money = None;
    for p in parts {
        if let Some(a) = p.strip_prefix("ante: ") {
            ante = Some(a);
        } else {
            money = Some(p);
        }
    }
    let mut words = game.split(' ');
    let (limit, category, stakes) = (
        words.next().ok_or(bad)?,
        words.next().ok_or(bad)?,
        words.next().ok_or(bad)?,
    );
    if words.next().is_some() {
        return Err(bad);
    }
    let unsupported = (ErrorKind::Unsupported, "an OnGame game fpdb does not read");
    let limit_type = LIMITS
        .iter()
        .find(|(w, _)| *w == limit)
        .map(|&(_, l)| l)
        .ok_or(unsupported)?;
    let category = GAMES
        .iter()
        .find(|(w, _)| *w == category)
        .map(|&(_, c)| c)
        .ok_or(unsupported)?;
    let (scale, currency) = match money {
        Some("Real money") if !tour => (
            CENTS,
            amount::currency_of_symbol(stakes).ok_or((
                ErrorKind::Unsupported,
                "real-money stakes without a currency fpdb knows",
            ))?,
        ),
        Some("Play money") if !tour => (CENTS, "play"),
        Some("TC" | "Chips") if tour => (CHIPS, "T$"),
        _ => {
            return Err((
                ErrorKind::Malformed,
                "unreadable money kind on the table line",
            ))
        }
    };
    let read = |t: &str| {
        amount::parse_amount(t, scale)
            .filter(|&v| (0..=crate::stats::MAX_AMOUNT).contains(&v))
            .ok_or((ErrorKind::Malformed, "unreadable stakes"))
    };
    let (low, high) = stakes.split_once('/').ok_or(bad)?;
    let (low, high) = (read(low)?, read(high)?);
    let kind = if tour { GameKind::Tour } else { GameKind::Ring };
    let mut game = match (limit_type, category.base()) {
        (LimitType::FixedLimit, Base::Stud) => {
            let mut g = Game::blinds(kind, category, limit_type, (0, 0), currency);
            (g.small_bet, g.big_bet) = (low, high);
            g
        }
        (LimitType::FixedLimit, _) => {
            let mut g = Game::blinds(kind, category, limit_type, (low / 2, low), currency);
            (g.small_bet, g.big_bet) = (low, high);
            g
        }
        _ => Game::blinds(kind, category, limit_type, (low, high), currency),
    };
    game.ante = match ante {
        Some(a) => read(a)?,
        None => 0,
    };
    game.fast = fast;
    Ok(Table {
        name: name.trim().to_string(),
        game,
        scale,
    })
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount as OnGame prints it ("$1,391.85", "€0.02", "1500") on line `no`.
fn money_at(t: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    text::checked_money(t, scale, no)
}

/// The cards of a bracket group "7d, Td" ("-" a card not shown).
fn cards_at(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let mut out = Vec::with_capacity(7);
    for t in group.split(',').map(str::trim) {
        let c = match t {
            "-" => Card::UNKNOWN,
            _ => Card::parse_opt(t).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?,
        };
        if out.len() == 7 {
            return Err(ParseError::malformed(no, "more cards than a hand holds"));
        }
        out.push(c);
    }
    Ok(out)
}

/// An amount's text and whether it ends in " [all in]".
fn all_in_tail(t: &str) -> (&str, bool) {
    match t.trim_end().strip_suffix("[all in]") {
        Some(a) => (a.trim_end(), true),
        None => (t.trim_end(), false),
    }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of OnGame text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (id, rest) = header(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not an OnGame hand header"))?;
        let (table, hand) =
            id_numbers(id).ok_or_else(|| ParseError::malformed(first_no, "unreadable hand id"))?;
        let no = hand_no(table, hand).ok_or_else(|| ParseError::hand_no_too_large(first_no))?;
        let tournament = if id.starts_with('T') || !rest.is_empty() {
            let t = tournament_of(rest).map_err(|(kind, msg)| {
                ParseError::new(kind, first_no, msg).with_hand_no(Some(no))
            })?;
            Some(t)
        } else {
            None
        };
        Ok((Parser::new(no, id, tournament), no))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before the seat lines: start, table, user, button, players in round.
    Head,
    Body,
    Summary,
    /// After the end marker.
    Ended,
}

struct Parser {
    no: i64,
    id: String,
    tournament: Option<Tournament>,
    start_time: Option<DateTime<Utc>>,
    /// Built once the `Table:` line is read.
    b: Option<HandBuilder>,
    scale: i64,
    phase: Phase,
    user: Option<String>,
    button: Option<u8>,
    max_seats: Option<u8>,
    betting: Betting,
    board: Vec<Card>,
    /// Σ of the pots the summary prints, and the rake.
    pots: Money,
    pot_count: u8,
    rake: Option<Money>,
    /// Each seat's stack after the hand, as its summary line prints it.
    end_stacks: Vec<Option<Money>>,
    summary_line: u32,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        self.read(no, line)
    }

    fn finish(self, last: u32) -> Result<Hand, ParseError> {
        self.end(last)
    }
}

/// The street of a stud street line ("4th street" ... "river").
fn stud_street(r: &str) -> Option<i8> {
    Some(match r {
        "4th street" => 1,
        "5th street" => 2,
        "6th street" => 3,
        "river" => 4,
        _ => return None,
    })
}

impl Parser {
    fn new(no: i64, id: &str, tournament: Option<Tournament>) -> Parser {
        Parser {
            no,
            id: id.to_string(),
            tournament,
            start_time: None,
            b: None,
            scale: CENTS,
            phase: Phase::Head,
            user: None,
            button: None,
            max_seats: None,
            betting: Betting::new(RULES),
            board: Vec::with_capacity(5),
            pots: 0,
            pot_count: 0,
            rake: None,
            end_stacks: Vec::with_capacity(10),
            summary_line: 0,
        }
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the table line"))
    }

    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        money_at(t, self.scale, no)
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.phase == Phase::Ended {
            return Err(ParseError::malformed(
                no,
                "a line after the end of the hand",
            ));
        }
        if let Some(r) = line.strip_prefix(END) {
            let id = r.trim_end().strip_suffix("*****").map(str::trim);
            if id != Some(self.id.as_str()) {
                return Err(ParseError::malformed(no, "the end of another hand"));
            }
            self.phase = Phase::Ended;
            return Ok(());
        }
        match self.phase {
            Phase::Head => self.head_line(no, line),
            Phase::Body => self.body_line(no, line),
            Phase::Summary => self.summary(no, line),
            Phase::Ended => Ok(()),
        }
    }

    fn head_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Start hand: ") {
            let t =
                start_time(r).ok_or_else(|| ParseError::malformed(no, "unreadable start time"))?;
            self.start_time = Some(t);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Table: ") {
            let when = self
                .start_time
                .ok_or_else(|| ParseError::malformed(no, "the table line before the start time"))?;
            let t = table_of(r, self.tournament.is_some())
                .map_err(|(kind, msg)| ParseError::new(kind, no, msg))?;
            self.scale = t.scale;
            let mut b = HandBuilder::new(SITE, self.no, &self.id, t.game, when);
            let hand = b.hand_mut();
            if let Some(mut tour) = self.tournament.take() {
                tour.table_no = t.name.strip_prefix("Table #").map(str::to_string);
                hand.tournament = Some(tour);
            }
            hand.table_name = t.name;
            self.b = Some(b);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("User: ") {
            self.user = Some(r.to_string());
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Button: seat ") {
            self.button = Some(
                r.parse()
                    .map_err(|_| ParseError::malformed(no, "unreadable button seat"))?,
            );
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Players in round: ") {
            // "5 (6)": the table's size in brackets.
            if let Some((_, m)) = split2(r, " (") {
                self.max_seats = m.strip_suffix(')').and_then(|m| m.parse().ok());
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.seat(no, r);
        }
        if self
            .b
            .as_ref()
            .is_some_and(|b| !b.hand().players.is_empty())
        {
            self.phase = Phase::Body;
            return self.body_line(no, line);
        }
        Err(ParseError::malformed(no, "a line fpdb does not know"))
    }

    /// "2: NAME (€2.26)" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let (seat, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let rest = rest.strip_suffix(')').ok_or_else(unreadable)?;
        let open = text::rfind(rest, " (").ok_or_else(unreadable)?;
        let (name, stack) = (&rest[..open], &rest[open + 2..]);
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = self.money(stack, no)?;
        let b = self.builder(no)?;
        b.seat_player(no, seat, name, stack, false)?;
        self.end_stacks.push(None);
        Ok(())
    }

    fn body_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if line == "---" {
            return Ok(());
        }
        if line == "Summary:" {
            self.phase = Phase::Summary;
            self.summary_line = no;
            return Ok(());
        }
        let base = self.builder(no)?.hand().game.base;
        if line == "Dealing pocket cards" {
            self.builder(no)?.set_street(0);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("--- Dealing ") {
            // "flop [Jc, 4d, Qs]", "turn [Js]", "river [Ts]".
            let (street, group) = r
                .split_once(" [")
                .ok_or_else(|| ParseError::malformed(no, "unreadable street line"))?;
            let street = match street {
                "flop" => 1,
                "turn" => 2,
                "river" => 3,
                _ => return Err(ParseError::malformed(no, "unreadable street line")),
            };
            let group = group
                .strip_suffix(']')
                .ok_or_else(|| ParseError::malformed(no, "unreadable board"))?;
            let cards = cards_at(group, no)?;
            // Where the street's cards go on the board: the flop's three, then one each.
            let at = if street == 1 { 0 } else { street as usize + 1 };
            if base != Base::Hold || cards.len() != if street == 1 { 3 } else { 1 } {
                return Err(ParseError::malformed(no, "unreadable board"));
            }
            if self.board.len() > at {
                // After an all-in the room deals the streets again: the same cards.
                if self.board[at..at + cards.len()] != cards[..] {
                    return Err(ParseError::malformed(
                        no,
                        "a street dealt twice, differently",
                    ));
                }
                return Ok(());
            }
            if self.board.len() != at {
                return Err(ParseError::malformed(
                    no,
                    "a street dealt before the one before it",
                ));
            }
            self.board.extend_from_slice(&cards);
            self.builder(no)?.set_street(street);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealing ").filter(|_| base == Base::Stud) {
            if let Some(street) = stud_street(r) {
                self.builder(no)?.set_street(street);
                return Ok(());
            }
        }
        if let Some(r) = line.strip_prefix("Dealing to ") {
            return self.dealt(no, r, false);
        }
        if let Some(r) = line.strip_prefix("New hand for ") {
            return self.dealt(no, r, true);
        }
        let b = self.builder(no)?;
        let Some((p, n)) = text::name_prefix(&b.hand().players, line, |c| c == b' ', false) else {
            const VERBS: &[&str] = &[
                " folds",
                " checks",
                " calls ",
                " bets ",
                " raises ",
                " posts ",
                " bring in ",
                " changed ",
                " sits out",
            ];
            return Err(text::unknown_line(no, line, VERBS));
        };
        self.action(no, p, &line[n + 1..])
    }

    /// "NAME: [7d, Td]" (after "Dealing to " or, `after_draw`, "New hand for ").
    fn dealt(&mut self, no: u32, r: &str, after_draw: bool) -> Result<(), ParseError> {
        let b = self
            .b
            .as_mut()
            .expect("the body comes after the table line");
        let Some((p, n)) = text::name_prefix(&b.hand().players, r, |c| c == b':', false) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let group = r[n..]
            .strip_prefix(": [")
            .and_then(|g| g.strip_suffix(']'))
            .ok_or_else(|| ParseError::malformed(no, "unreadable dealt cards"))?;
        let cards = cards_at(group, no)?;
        let street = b.street().max(0);
        match b.hand().game.base {
            Base::Hold => b.set_cards(p, &cards),
            Base::Stud => {
                // The cards so far end with the street's: slot 3 + street.
                let end = (3 + street as usize).min(7);
                b.set_stud_cards(p, end.saturating_sub(cards.len()), &cards);
            }
            Base::Draw if after_draw => {
                let size = b.hand().game.category.hand_size();
                let pl = &mut b.hand_mut().players[p];
                let mut c = cards;
                c.resize(size, Card::UNKNOWN);
                pl.draws = vec![c];
            }
            Base::Draw => b.set_cards(p, &cards),
        }
        Ok(())
    }

    /// A seated player's line, `r` the text after his name and its space.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let scale = self.scale;
        let m = |t: &str| money_at(t, scale, no);
        let b = self
            .b
            .as_mut()
            .expect("the body comes after the table line");
        let post = |kind: ActionKind, t: &str| -> Result<Verb<'static>, ParseError> {
            // "($0.02)", "($0.02) [all in]", "( $0.06)".
            let (t, all_in) = all_in_tail(t);
            let t = t
                .trim()
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .unwrap_or(t);
            Ok(Verb::Post {
                kind,
                amount: m(t)?,
                all_in,
            })
        };
        let verb = if let Some(t) = r.strip_prefix("posts small blind ") {
            post(ActionKind::SmallBlind, t)?
        } else if let Some(t) = r.strip_prefix("posts big blind ") {
            post(ActionKind::BigBlind, t)?
        } else if let Some(t) = r.strip_prefix("posts dead blind ") {
            post(ActionKind::DeadSmallBlind, t)?
        } else if let Some(t) = r.strip_prefix("posts small & big blind ") {
            post(ActionKind::BothBlinds, t)?
        } else if let Some(t) = r.strip_prefix("posts ante ") {
            post(ActionKind::Ante, t)?
        } else if r == "folds" {
            Verb::Fold { shown: None }
        } else if r == "checks" {
            Verb::Check
        } else if let Some(t) = r.strip_prefix("calls ") {
            let (t, all_in) = all_in_tail(t);
            Verb::Call {
                amount: m(t)?,
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("bets ") {
            let (t, all_in) = all_in_tail(t);
            Verb::Bet {
                amount: m(t)?,
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("raises ") {
            // "raises $0.20 to $0.30": the first amount is what the raise puts in.
            let (t, all_in) = all_in_tail(t);
            let (adds, _) =
                split2(t, " to ").ok_or_else(|| ParseError::malformed(no, "unreadable raise"))?;
            Verb::Raise {
                raise: Raise::Adds(m(adds)?),
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("small bring in ") {
            let (t, all_in) = all_in_tail(t);
            Verb::BringIn {
                amount: m(t)?,
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("big bring in ") {
            let (t, all_in) = all_in_tail(t);
            Verb::Complete { to: m(t)?, all_in }
        } else if let Some(t) = r.strip_prefix("changed ") {
            // "changed 2 cards": a discard (0: stood pat).
            let n = t.strip_suffix(" cards").or_else(|| t.strip_suffix(" card"));
            let count: u8 = n
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| ParseError::malformed(no, "unreadable draw"))?;
            Betting::draw_street(b);
            if count == 0 {
                b.stand_pat(p);
            } else {
                b.discard(p, count, Vec::new());
            }
            return Ok(());
        } else if r == "sits out" {
            b.hand_mut().players[p].sitting_out = true;
            return Ok(());
        } else {
            return Err(ParseError::malformed(no, "an action fpdb does not know"));
        };
        if matches!(verb, Verb::Complete { .. }) {
            Betting::begin_betting(b);
        }
        self.betting.apply(b, p, &verb);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Main pot: ") {
            return self.pot(no, r, 0);
        }
        if let Some(r) = line.strip_prefix("Side pot ") {
            let (n, r) = r
                .split_once(": ")
                .ok_or_else(|| ParseError::malformed(no, "unreadable side pot"))?;
            let n: u8 = n
                .parse()
                .map_err(|_| ParseError::malformed(no, "unreadable side pot"))?;
            return self.pot(no, r, n);
        }
        if let Some(r) = line.strip_prefix("Rake taken: ") {
            self.rake = Some(self.money(r, no)?);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.summary_seat(no, r);
        }
        Err(ParseError::malformed(
            no,
            "a summary line fpdb does not know",
        ))
    }

    /// "$539 won by NAME ($536)[, NAME ($X High)]" (after "Main pot: " or "Side pot N: ").
    fn pot(&mut self, no: u32, r: &str, pot: u8) -> Result<(), ParseError> {
        let (total, mut rest) =
            split2(r, " won by ").ok_or_else(|| ParseError::malformed(no, "unreadable pot"))?;
        let total = self.money(total, no)?;
        self.pots = self.pots.saturating_add(total);
        self.pot_count += 1;
        let scale = self.scale;
        let b = self
            .b
            .as_mut()
            .expect("the summary comes after the table line");
        loop {
            let Some((p, n)) = text::name_prefix(&b.hand().players, rest, |c| c == b' ', false)
                .filter(|&(_, n)| rest[n..].starts_with(" ("))
            else {
                return Err(ParseError::malformed(
                    no,
                    "a pot won by a player who is not in the seat list",
                ));
            };
            let r = &rest[n + 2..];
            let close = r
                .find(')')
                .ok_or_else(|| ParseError::malformed(no, "unreadable pot"))?;
            let amt = &r[..close];
            let amt = amt
                .strip_suffix(" High")
                .or_else(|| amt.strip_suffix(" Low"))
                .unwrap_or(amt);
            let amount = money_at(amt, scale, no)?;
            if amount > 0 {
                b.collect(p, amount, pot, 0);
            }
            match r[close + 1..].strip_prefix(", ") {
                Some(next) => rest = next,
                None if r[close + 1..].is_empty() => return Ok(()),
                None => return Err(ParseError::malformed(no, "unreadable pot")),
            }
        }
    }

    /// "4: NAME ($0), net: -$266.50, [Js, Jc] (THREE_OF_A_KIND JACK)", "9: NAME ($415.60)"
    /// (after "Seat ").
    fn summary_seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable summary line");
        let (seat, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = seat.parse().map_err(|_| unreadable())?;
        let scale = self.scale;
        let b = self
            .b
            .as_mut()
            .expect("the summary comes after the table line");
        let Some(p) = b.hand().players.iter().position(|pl| pl.seat == seat) else {
            return Err(ParseError::malformed(
                no,
                "summary line of a seat nobody sits in",
            ));
        };
        let after = rest
            .strip_prefix(b.hand().players[p].name.as_str())
            .and_then(|t| t.strip_prefix(" ("))
            .ok_or_else(|| {
                ParseError::malformed(no, "summary line of another player than the seat's")
            })?;
        let close = after.find(')').ok_or_else(unreadable)?;
        let end_stack = money_at(&after[..close], scale, no)?;
        self.end_stacks[p] = Some(end_stack);
        let tail = &after[close + 1..];
        if tail.is_empty() {
            return Ok(());
        }
        let tail = tail.strip_prefix(", net: ").ok_or_else(unreadable)?;
        // The cards shown, after the net.
        if let Some(i) = find(tail, ", [") {
            let g = &tail[i + 3..];
            let close = g.find(']').ok_or_else(unreadable)?;
            let cards = cards_at(&g[..close], no)?;
            let hand = b.hand();
            let category = hand.game.category;
            match category.base() {
                Base::Draw => {
                    let mut c = cards;
                    c.resize(category.hand_size(), Card::UNKNOWN);
                    if b.street() > 0 {
                        b.hand_mut().players[p].draws = vec![c];
                    } else {
                        b.set_cards(p, &c);
                    }
                }
                Base::Stud => b.set_stud_cards(p, 0, &cards),
                Base::Hold => b.set_cards(p, &cards),
            }
            b.hand_mut().players[p].shown = true;
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last: u32) -> Result<Hand, ParseError> {
        if self.phase != Phase::Ended {
            return Err(match self.phase {
                Phase::Summary => ParseError::cut_in_summary(last, "no end-of-hand line"),
                _ => ParseError::before_summary(last),
            });
        }
        let Some(mut b) = self.b.take() else {
            return Err(ParseError::malformed(last, "a hand without its table line"));
        };
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(last, "a hand without seat lines"));
        }
        if self.end_stacks.len() != b.hand().players.len() {
            // Seat lines read for another table line's hand (a damaged text with two heads).
            return Err(ParseError::malformed(
                last,
                "seat lines that are not the hand's players",
            ));
        }
        if let Some(i) = self.end_stacks.iter().position(Option::is_none) {
            let seat = b.hand().players[i].seat;
            return Err(ParseError::cut_in_summary(
                last,
                &format!("no line for seat {seat}"),
            ));
        }
        if self.pot_count == 0 {
            return Err(ParseError::cut_in_summary(last, "no pot"));
        }
        let line = self.summary_line;
        let hand = b.hand_mut();
        hand.button_seat = self.button;
        hand.max_seats = self.max_seats;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        hand.hero = self.user.as_deref().and_then(|u| hand.player_index(u));
        let mut policy = PotPolicy::new(self.scale, line);
        policy.printed = PrintedPot::BeforeRake(self.pots);
        policy.rake = Some(self.rake.unwrap_or(0));
        policy.uncalled = Uncalled::FromPrintedPot;
        b.settle(&policy)?;
        // Every seat's stack after the hand, as the summary prints it, is what the actions,
        // returns and winnings leave him.
        for (i, pl) in b.hand().players.iter().enumerate() {
            let expected = b.stack_after(i);
            if Some(expected) != self.end_stacks[i] {
                return Err(ParseError::malformed(
                    line,
                    format!(
                        "the summary's stack of seat {} after the hand is not what the actions \
                         leave ({})",
                        pl.seat,
                        crate::pot::show_money(expected, self.scale)
                    ),
                ));
            }
        }
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&OnGame));
        parse_chunk(&chunk)
    }

    const HAND: &str = "***** History for hand R5-260041977-287 *****
Start hand: Wed Aug 01 18:09:42 EEST 2012
Table: Tokyo [260041977] (NO_LIMIT TEXAS_HOLDEM $2/$4, Real money)
User: Hero
Button: seat 5
Players in round: 5 (6)
Seat 4: Player0 ($266.50)
Seat 5: Player1 ($1,523.85)
Seat 6: Player2 ($153)
Seat 8: Player3 ($190.50)
Seat 9: Hero ($415.60)
Player2 posts small blind ($2)
Player3 posts big blind ($4)
---
Dealing pocket cards
Dealing to Hero: [5s, Qh]
Hero folds
Player0 raises $12 to $12
Player1 calls $12
Player2 folds
Player3 folds
--- Dealing flop [Jh, Th, 5c]
Player0 bets $20
Player1 calls $20
--- Dealing turn [Kc]
Player0 bets $40
Player1 raises $100 to $100
Player0 calls $60
--- Dealing river [3s]
Player0 checks
Player1 bets $1,391.85 [all in]
Player0 calls $134.50 [all in]
---
Summary:
Main pot: $539 won by Player1 ($536)
Rake taken: $3
Seat 4: Player0 ($0), net: -$266.50
Seat 5: Player1 ($1,793.35), net: +$269.50, [Js, Jc] (THREE_OF_A_KIND JACK)
Seat 6: Player2 ($151), net: -$2
Seat 8: Player3 ($186.50), net: -$4
Seat 9: Hero ($415.60)
***** End of hand R5-260041977-287 *****
";

    #[test]
    fn a_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "OnGame");
        assert_eq!(h.site_hand_no, 2_600_419_770_000_287);
        assert_eq!(h.site_hand_id, "R5-260041977-287");
        assert_eq!(h.start_time.to_rfc3339(), "2012-08-01T15:09:42+00:00");
        assert_eq!((h.table_name.as_str(), h.max_seats), ("Tokyo", Some(6)));
        assert_eq!(h.button_seat, Some(5));
        assert_eq!((h.game.small_blind, h.game.big_blind), (200, 400));
        assert_eq!(h.game.currency, "USD");
        assert_eq!((h.total_pot, h.rake), (53_900, 300));
        // Player1's bet above Player0's all-in call comes back to him.
        assert_eq!(h.returned.len(), 1);
        assert_eq!(h.returned[0].amount, 139_185 - 13_450);
        assert_eq!(h.hero, h.player_index("Hero"));
        assert!(h.players[1].shown);
        assert_eq!(h.boards[0].len(), 5);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn errors() {
        let stranger = HAND.replace("Player0 checks", "Nobody checks");
        assert_eq!(parse(&stranger).unwrap_err().line, 30);
        let unknown = HAND.replace("Player0 checks", "Player0 juggles");
        let e = parse(&unknown).unwrap_err();
        assert_eq!((e.line, e.kind), (30, ErrorKind::Malformed));
        let zone = HAND.replace("EEST 2012", "MARS 2012");
        assert_eq!(parse(&zone).unwrap_err().line, 2);
        let game = HAND.replace("TEXAS_HOLDEM", "CHESS");
        assert_eq!(parse(&game).unwrap_err().kind, ErrorKind::Unsupported);
        // A stack after the hand the actions do not leave.
        let wrong = HAND.replace("Player2 ($151)", "Player2 ($150)");
        let e = parse(&wrong).unwrap_err();
        assert!(e.message.contains("seat 6"), "{e:?}");
        let big = HAND.replace("R5-260041977-287", "R5-260041977-99999999");
        assert_eq!(parse(&big).unwrap_err().kind, ErrorKind::OutOfRange);
        let no_tour = HAND.replace(
            "R5-260041977-287 *****\n",
            "T5-260041977-287 (TOURNAMENT: ) *****\n",
        );
        assert_eq!(parse(&no_tour).unwrap_err().line, 1);
    }

    #[test]
    fn header_parts() {
        assert_eq!(
            start_time("Sun Feb 13 14:14:04 GMT+0100 2011")
                .unwrap()
                .to_rfc3339(),
            "2011-02-13T13:14:04+00:00"
        );
        assert_eq!(
            start_time("Fri Jun 28 18:54:24 GST 2013")
                .unwrap()
                .to_rfc3339(),
            "2013-06-28T14:54:24+00:00"
        );
        assert_eq!(
            start_time("Sat Sep 4 05:34:19 GMT+0100 2010")
                .unwrap()
                .to_rfc3339(),
            "2010-09-04T04:34:19+00:00"
        );
        assert!(start_time("Sat Sep 4 05:34:19 GMT+01 2010").is_none());
        assert_eq!(tourney_no("R-274-69"), Some(27_400_000_069));
        assert_eq!(tourney_no("T-1-2"), Some(TOUR_LETTER + TOUR_FACTOR + 2));
        assert_eq!(tourney_no("X-1-2"), None);
        let t = tournament_of("(TOURNAMENT: \"PL Omaha, HL\", R-186-1481, buy-in: $1.20)")
            .ok()
            .unwrap();
        assert_eq!(
            (t.tourney_no, t.buyin, t.currency.as_str()),
            (18_600_001_481, 120, "USD")
        );
        let t = table_of(
            "[SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04, Real money)",
            false,
        )
        .ok()
        .unwrap();
        assert_eq!(
            (t.name.as_str(), t.game.fast, t.game.currency.as_str()),
            ("Dijon", true, "EUR")
        );
        let t = table_of(
            "Waco [258035051] (LIMIT TEXAS_HOLDEM $100/$200, Real money)",
            false,
        )
        .ok()
        .unwrap();
        assert_eq!(
            (
                t.game.small_blind,
                t.game.big_blind,
                t.game.small_bet,
                t.game.big_bet
            ),
            (5_000, 10_000, 10_000, 20_000)
        );
        let t = table_of(
            "Winnipeg [292493407] (LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10, Real money)",
            false,
        )
        .ok()
        .unwrap();
        assert_eq!(
            (t.game.big_blind, t.game.small_bet, t.game.ante),
            (0, 100, 10)
        );
        let t = table_of(
            "Table #3 [330030241] (POT_LIMIT OMAHA_HI_LO 10/20, Chips)",
            true,
        )
        .ok()
        .unwrap();
        assert_eq!((t.game.currency.as_str(), t.game.big_blind), ("T$", 20));
        assert!(table_of(
            "Casablanca [1] (NO_LIMIT TEXAS_HOLDEM $0.25/$0.50, TC)",
            false
        )
        .is_err());
    }
}

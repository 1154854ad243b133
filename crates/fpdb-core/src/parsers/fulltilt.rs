//! Full Tilt Poker hand histories (the room closed in 2016; players keep years of its hands).
//! Stored under the site name `Full Tilt Poker`, the name of its tournament summaries.
//!
//! The format is close to PokerStars': a header line, seat lines, `NAME verb` actions (no colon
//! after the name) read by the shared [`verbs`], `*** STREET ***` markers and a summary that
//! lists every seat. One pass over the lines, no regular expressions; names are matched against
//! the seat list, longest first. Money goes through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers and times
//!
//! The id is digits (`#32616909390`, eleven digits by 2012): `site_hand_no` is that number as a
//! bigint, `site_hand_id` the digits as printed. Full Tilt prints its times in US Eastern time
//! (`ET`, with daylight saving); from 2010 on it prints the player's own zone first and ET in
//! brackets (`17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]`): the bracketed ET time is
//! read. Without brackets the printed zone is read (`ET`, `CT`, `UTC`, ...). A short-lived 2010
//! format prints `15:13 ET - Wed, July 21, 2010` (no seconds): read too.
//!
//! # What the format prints, line by line
//!
//! - Header: `Full Tilt Poker Game #N: Table NAME[ (6 max[, deep|shallow])|(heads up)] - $0.01/
//!   $0.02[ Ante $0.02] - No Limit Hold'em - TIME - DATE`, the game before the stakes from 2013
//!   (`- NL Hold'em - $0.01/$0.02 -`); `FullTiltPoker Game #N:` before 2011. Tournaments:
//!   `... Game #N: $4 + $0.40 Rush On Demand (233183652), Table 5 - 20/40 - No Limit Hold'em -
//!   ...` (the tournament number is the last parenthesised number; a Matrix prints `, Match 4`
//!   for the table). Stakes may end in `K` (thousands, `50K/100K`); stakes that are not amounts
//!   (a Flipout's `2B/2B Ante 2B`) leave the blinds to the posts. A cap before the game (`$400
//!   Pot Limit Omaha Hi`, `CAP NL Hold'em`) makes the limit capped. ` (partial)` at the end of
//!   the header marks a hand of which the room kept only the summary: refused as unfinished.
//! - Games: hold'em, omaha (4 and 5 cards, hi and hi/lo `Hi/Lo`, `H/L`), Irish (read as
//!   `irish`: four cards, two discarded after the flop; the discards are not recorded), stud hi
//!   and hi/lo, razz, 5-card stud, 2-7 single and triple draw, A-5 triple draw, 5-card draw,
//!   badugi; limits `No Limit`/`NL`, `Pot Limit`/`PL`, `Limit`/`FL`. Mixed-game tournaments
//!   (HORSE) print each hand's game only: read as that game.
//! - Currency: cash stakes with `$` are USD in cents; without, play money (`play`, chips).
//!   Tournaments are in chips (`T$`); the buy-in is read when the name starts with it (`$4 +
//!   $0.40`), else 0 (the summaries carry it). A tournament named `Rush` is fast.
//! - `Seat 1: NAME ($2.70)` (`, is sitting out` after it), `Seats: 9` (the table's size), `The
//!   button is in seat #3` (after the posts).
//! - Actions: `posts the small blind of $0.01`, `posts the big blind of $0.02`, `posts $0.02` (a
//!   big blind posted by a newcomer, live), `antes $0.02`, `folds`, `checks`, `calls $0.02`,
//!   `bets $0.04`, `raises to $0.04`, `brings in for $0.03`, `completes it to $0.10`, each
//!   possibly ending in `, and is all in` (all-in) or `, and is capped` (ignored); draws:
//!   `discards 2 cards [7h 2c]`, `stands pat[ on [..]]`, `is dealt 2 cards` (nothing: the
//!   discard says it); `shows [..][ a pair of ..]`, `mucks`, `is sitting out`.
//! - `Dealt to NAME [..]`, and in stud and after draws `Dealt to NAME [known] [new]`: every
//!   bracket is the player's cards so far.
//! - `Uncalled bet of $X returned to NAME`.
//! - Street lines `*** HOLE CARDS ***`, `*** FLOP *** [..] (Total Pot: $0.08, 2 Players)`,
//!   `*** TURN 1 ***` (run it twice: `Players agree to Run It Twice`, boards 1 and 2), `*** 3RD
//!   STREET ***` ... `*** 7TH STREET ***` (`2ND` to `5TH` in 5-card stud), `*** FIRST DRAW ***`,
//!   `*** DRAW ***`, `*** DISCARD ROUND ***` (Irish), `*** SHOW DOWN[ N] ***`, `*** SUMMARY[ N]
//!   ***` (one summary per board when run twice).
//! - Summary: `Total pot $0.32 | Rake $0.01` (before the rake; `Main pot $X. Side pot $Y.` may
//!   follow the total), `Board: [..]`, `Pot 1 $77.60` (a board's pot, run twice: nothing new),
//!   `Duration 41s`, and one line per seat: `Seat 2: NAME (big blind) showed [..] and won ($0.31)
//!   with ..`, `collected ($0.50), mucked`, `mucked [..] - ..`, `wins the side pot ($76.35)`,
//!   `folded before the Flop`, `didn't bet (folded)`, `is sitting out`. The winnings are read
//!   from these lines (the body's `wins the pot` lines repeat them and are not read). A summary
//!   line of an empty seat (the room once printed `Seat 3: NAME Seat 4: ...`, a line glued to
//!   the next) is ignored unless it carries money.
//! - Lines that carry nothing, deliberately ignored: `NAME has 15 seconds left to act`, `has
//!   been disconnected`, `has reconnected`, `has timed out`, `has returned`, `has requested
//!   TIME`, `sits down`, `adds $2`, `stands up`, `is high with [..]`, `is low with [..]`, `wins
//!   the pot ..`, `ties for the pot ..`, `finished in 3rd place`, chat (`NAME: text`, `NAME
//!   (Observer): text`), a low hand's description on its own line (` (8,7,4,3,A)`), the archive
//!   separators between hands (`BEGIN`, `***** # 2 *****`).
//!
//! Refused: an action verb fpdb does not know from a seated player, an action by a name that is
//! not seated, a hand without seat lines (observed 2006 hands printed no stacks), a hand the
//! room cancelled (`Total pot $0`, nobody paid), a hand cut before or inside its summary (every
//! seat has a summary line), a hand whose money does not balance.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, groups, rsplit2, split2, HandLines};
use crate::parsers::verbs::{Betting, Dialect, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The Full Tilt Poker format.
#[derive(Debug)]
pub struct FullTilt;

impl Room for FullTilt {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"F"
    }

    fn site(&self) -> &'static str {
        SITE
    }

    fn is_hand_start(&self, line: &str) -> bool {
        header_id(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

const SITE: &str = "Full Tilt Poker";

/// The header's start, before and after 2011.
const PREFIXES: &[&str] = &["Full Tilt Poker Game #", "FullTiltPoker Game #"];

/// Full Tilt's words for the posts after "posts " (its "antes X" and "posts X" are read before
/// the verbs).
const DIALECT: Dialect = Dialect {
    posts: &[
        ("the small blind of ", ActionKind::SmallBlind),
        ("the big blind of ", ActionKind::BigBlind),
        ("a dead small blind of ", ActionKind::DeadSmallBlind),
    ],
};

/// A second small blind is dead; a big blind posted again is a newcomer's, live.
const RULES: Rules = Rules::NONE;

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "<prefix><digits>:" at the start of `line`: the id and the text after the colon.
fn header_id(line: &str) -> Option<(&str, &str)> {
    text::numbered_header(line, PREFIXES)
}

/// Games as printed after the limit, longest first.
const GAMES: &[(&str, Category)] = &[
    ("Hold'em", Category::Holdem),
    ("5 Card Omaha Hi/Lo", Category::Omaha5HiLo),
    ("5 Card Omaha H/L", Category::Omaha5HiLo),
    ("5 Card Omaha Hi", Category::Omaha5Hi),
    ("5 Card Omaha", Category::Omaha5Hi),
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha H/L", Category::OmahaHiLo),
    ("Omaha Hi", Category::OmahaHi),
    ("Omaha", Category::OmahaHi),
    ("Irish", Category::Pineapple),
    ("Stud Hi/Lo", Category::StudHiLo),
    ("Stud H/L", Category::StudHiLo),
    ("Stud Hi", Category::StudHi),
    ("Stud", Category::StudHi),
    ("5 Card Stud", Category::Stud5Hi),
    ("Razz", Category::Razz),
    ("2-7 Triple Draw", Category::TripleDraw27),
    ("2-7 Single Draw", Category::SingleDraw27),
    ("A-5 Triple Draw", Category::TripleDrawA5),
    ("A-5 Single Draw", Category::SingleDrawA5),
    ("5 Card Draw", Category::FiveDraw),
    ("Badugi", Category::Badugi),
];

const LIMITS: &[(&str, LimitType)] = &[
    ("No Limit ", LimitType::NoLimit),
    ("NL ", LimitType::NoLimit),
    ("Pot Limit ", LimitType::PotLimit),
    ("PL ", LimitType::PotLimit),
    ("Fixed Limit ", LimitType::FixedLimit),
    ("Limit ", LimitType::FixedLimit),
    ("FL ", LimitType::FixedLimit),
];

/// "No Limit Hold'em", "CAP NL Hold'em", "$400 Pot Limit Omaha Hi", "FL Badugi".
fn game_of(text: &str) -> Option<(Category, LimitType)> {
    let mut t = text.trim();
    let mut cap = false;
    if let Some(r) = t.strip_prefix("CAP ") {
        (t, cap) = (r, true);
    } else if t.starts_with('$') || t.starts_with(|c: char| c.is_ascii_digit()) {
        // "$400 Pot Limit Omaha Hi": the table's cap.
        let (_, r) = t.split_once(' ')?;
        (t, cap) = (r, true);
    }
    let (limit, r) = LIMITS
        .iter()
        .find_map(|&(w, l)| t.strip_prefix(w).map(|r| (l, r)))?;
    let category = GAMES.iter().find(|&&(g, _)| r == g).map(|&(_, c)| c)?;
    let limit = match (cap, limit) {
        (true, LimitType::NoLimit) => LimitType::CapNoLimit,
        (true, LimitType::PotLimit) => LimitType::CapPotLimit,
        (_, l) => l,
    };
    Some((category, limit))
}

/// An amount as Full Tilt prints it ("$0.02", "1,320", "$1,500", "50K"), times `scale`.
fn money_at(text: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    let t = text.trim().trim_end_matches(',');
    if let Some(k) = t.strip_suffix('K') {
        let v = text::checked_money(k, scale, no)?;
        return v
            .checked_mul(1000)
            .filter(|&v| v <= crate::stats::MAX_AMOUNT)
            .ok_or_else(|| {
                ParseError::new(ErrorKind::OutOfRange, no, "amount too large to store")
            });
    }
    text::checked_money(t, scale, no)
}

/// What the header says.
struct Header {
    game: Game,
    scale: i64,
    start_time: DateTime<Utc>,
    table_name: String,
    max_seats: Option<u8>,
    tournament: Option<Tournament>,
    /// The stakes could be read (a Flipout's are not amounts: the posts give them).
    stakes: bool,
    partial: bool,
    /// A heads-up tournament.
    heads_up: bool,
}

type HeaderError = (ErrorKind, &'static str);

fn malformed(msg: &'static str) -> HeaderError {
    (ErrorKind::Malformed, msg)
}

/// "08:55:55 ET" and "2013/05/08" (or "Wed, July 21, 2010"): the time in UTC.
fn when(time_part: &str, date_part: &str) -> Result<DateTime<Utc>, HeaderError> {
    let (clock, label) = time_part
        .trim()
        .split_once(' ')
        .ok_or(malformed("header without a time zone"))?;
    let zone = time::zone_of_label(label.trim())
        .ok_or((ErrorKind::Unsupported, "a time zone fpdb does not read"))?;
    let t = NaiveTime::parse_from_str(clock, "%H:%M:%S")
        .or_else(|_| NaiveTime::parse_from_str(clock, "%H:%M"))
        .map_err(|_| malformed("unreadable time in the header"))?;
    let d = date_part.trim();
    let d = NaiveDate::parse_from_str(d, "%Y/%m/%d")
        .or_else(|_| NaiveDate::parse_from_str(d, "%a, %B %d, %Y"))
        .map_err(|_| malformed("unreadable date in the header"))?;
    Ok(time::local_to_utc(NaiveDateTime::new(d, t), zone))
}

/// Whether a header part is the stakes ("$0.01/$0.02", "25/50 Ante 5", "2B/2B Ante 2B").
fn is_stakes(part: &str) -> bool {
    let p = part.trim();
    let (a, b) = match p.split_once('/') {
        Some(x) => x,
        None => return false,
    };
    let amount = |s: &str| {
        let s = s.trim_start_matches('$');
        s.starts_with(|c: char| c.is_ascii_digit()) && !s.contains(' ')
    };
    let b = b.split(" Ante ").next().unwrap_or(b);
    amount(a) && amount(b)
}

/// Reads the header after "Game #<id>:".
fn parse_header(rest: &str) -> Result<Header, HeaderError> {
    let mut rest = rest.trim();
    let mut partial = false;
    if let Some(r) = rest.strip_suffix("(partial)") {
        rest = r.trim_end();
        partial = true;
    }
    // "[11:00:14 ET - 2012/11/06]": the Eastern time of a header printed in the player's zone.
    let mut eastern = None;
    if rest.ends_with(']') {
        if let Some(i) = text::rfind(rest, " [") {
            eastern = Some(&rest[i + 2..rest.len() - 1]);
            rest = rest[..i].trim_end();
        }
    }
    let (body, date) = rsplit2(rest, " - ").ok_or(malformed("header without a date"))?;
    let (body, clock) = rsplit2(body, " - ").ok_or(malformed("header without a time"))?;
    let start_time = match eastern.and_then(|e| split2(e, " - ")) {
        Some((c, d)) => when(c, d)?,
        None => when(clock, date)?,
    };
    let parts: Vec<&str> = body.split(" - ").collect();
    if parts.len() < 3 {
        return Err(malformed("header without a game or stakes"));
    }
    let (a, b) = (parts[parts.len() - 2], parts[parts.len() - 1]);
    let (stakes, game_text) = if is_stakes(a) {
        (a, b)
    } else if is_stakes(b) {
        (b, a)
    } else {
        // No part of amounts: the first of the two is the stakes as printed.
        (a, b)
    };
    let name = parts[..parts.len() - 2].join(" - ");
    let (category, limit_type) = game_of(game_text).ok_or((
        ErrorKind::Unsupported,
        "a Full Tilt game fpdb does not read",
    ))?;

    let (table_name, max_seats, tour) = match name.strip_prefix("Table ") {
        Some(t) => {
            let (table_name, max_seats) = cash_table(t);
            (table_name, max_seats, None)
        }
        None => {
            let (table_name, tour) = tournament_table(&name)?;
            (table_name, None, Some(tour))
        }
    };
    let heads_up = tour.as_ref().is_some_and(|t| t.heads_up);
    let fast = tour.as_ref().is_some_and(|t| t.fast);
    let tournament = tour.map(|t| t.tournament);
    let (scale, currency) = match tournament {
        Some(_) => (CHIPS, "T$"),
        None if stakes.contains('$') => (CENTS, "USD"),
        None => (CHIPS, "play"),
    };
    // "$0.10/$0.20 Ante $0.02", "50K/100K Ante 10000".
    let (blinds, ante) = match split2(stakes, " Ante ") {
        Some((b, a)) => (b, Some(a)),
        None => (stakes, None),
    };
    let read = |t: &str| money_at(t, scale, 0).ok();
    let pair = blinds
        .split_once('/')
        .and_then(|(s, b)| Some((read(s)?, read(b)?)));
    let ante = ante.and_then(read).unwrap_or(0);
    let (low, high) = pair.unwrap_or((0, 0));
    let base = category.base();
    let (small_blind, big_blind, small_bet, big_bet) = match (limit_type, base) {
        // Limit stakes are the bets; stud has no blinds.
        (LimitType::FixedLimit, Base::Stud) => (0, 0, low, high),
        (LimitType::FixedLimit, _) => (low / 2, low, low, high),
        _ => (low, high, high, high.saturating_mul(2)),
    };
    let game = Game {
        kind: if tournament.is_some() {
            GameKind::Tour
        } else {
            GameKind::Ring
        },
        base,
        category,
        limit_type,
        hi_lo: category.hilo(),
        small_blind,
        big_blind,
        small_bet,
        big_bet,
        ante,
        currency: currency.to_string(),
        mix: None,
        fast,
        home_game: false,
        split_board: false,
    };
    Ok(Header {
        game,
        scale,
        start_time,
        table_name,
        max_seats,
        tournament,
        stakes: pair.is_some(),
        partial,
        heads_up,
    })
}

/// A cash table's name and seats: "Vera (6 max)", "Rymer (6 max, shallow)", "Gilmerton (heads
/// up)"; parentheses that say nothing of seats ("(New to the Game)") are part of the name.
fn cash_table(t: &str) -> (String, Option<u8>) {
    let (n, flags) = match (t.rfind(" ("), t.ends_with(')')) {
        (Some(i), true) => (&t[..i], &t[i + 2..t.len() - 1]),
        _ => (t, ""),
    };
    let mut max_seats = None;
    for f in flags.split(',').map(str::trim) {
        if let Some(m) = f.strip_suffix(" max") {
            max_seats = m.parse().ok();
        } else if f == "heads up" {
            max_seats = Some(2);
        }
    }
    if max_seats.is_none() && !flags.is_empty() && !flags.contains("max") {
        return (t.to_string(), None);
    }
    (n.to_string(), max_seats)
}

/// What a tournament header's name part tells.
struct TourTable {
    tournament: Tournament,
    heads_up: bool,
    /// A Rush tournament.
    fast: bool,
}

/// A tournament's name part: "$4 + $0.40 Rush On Demand (233183652), Table 5", "... (244669447),
/// Match 4". Gives the table name fpdb stores ("233183652 5") and the tournament.
fn tournament_table(name: &str) -> Result<(String, TourTable), HeaderError> {
    let (title, table) = rsplit2(name, ", ").unwrap_or((name, ""));
    let table_no = table
        .strip_prefix("Table ")
        .or_else(|| table.strip_prefix("Match "))
        .unwrap_or(table)
        .trim();
    let open = text::rfind(title, " (").ok_or(malformed("no tournament number"))?;
    let digits = title[open + 2..].trim_end_matches(')');
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed("no tournament number"));
    }
    let no: i64 = digits.parse().map_err(|_| {
        (
            ErrorKind::OutOfRange,
            "tournament number too large to store",
        )
    })?;
    let title = &title[..open];
    let currency = if title.contains('$') { "USD" } else { "play" };
    let (buyin, fee) = buyin_of(title);
    let tournament = Tournament {
        tourney_no: no,
        buyin,
        fee,
        bounty: 0,
        currency: currency.to_string(),
        level: None,
        table_no: (!table_no.is_empty()).then(|| table_no.to_string()),
        rebuy: find(title, "Rebuy").is_some(),
        results: Vec::new(),
    };
    let tour = TourTable {
        tournament,
        heads_up: find(title, "Heads Up").is_some() || find(title, "Heads-Up").is_some(),
        fast: find(title, "Rush").is_some(),
    };
    Ok((format!("{no} {table_no}"), tour))
}

/// The buy-in and fee a tournament's name starts with ("$4 + $0.40 Rush On Demand", "$2 +
/// $0.25 Sit & Go"), in cents; 0 when it starts otherwise (a guarantee, "$300 Flipout": which
/// the amount is cannot be told).
fn buyin_of(title: &str) -> (Money, Money) {
    let mut words = title.split(' ');
    let (Some(a), Some("+"), Some(b)) = (words.next(), words.next(), words.next()) else {
        return (0, 0);
    };
    match (money_at(a, CENTS, 0), money_at(b, CENTS, 0)) {
        (Ok(a), Ok(b)) if a > 0 => (a, b),
        _ => (0, 0),
    }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Seats,
    Body,
    Summary,
}

type LineResult = Result<(), ParseError>;

/// Parses one chunk (a hand) of Full Tilt text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (id, rest) = header_id(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not a Full Tilt hand header"))?;
        let no = text::hand_number(id, first_no, first)?;
        let header = parse_header(rest)
            .map_err(|(kind, msg)| ParseError::new(kind, first_no, msg).with_hand_no(Some(no)))?;
        Ok((Parser::new(header, no, id, first_no), no))
    })
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> LineResult {
        self.read(no, line)
    }

    fn finish(self, last_line: u32) -> Result<Hand, ParseError> {
        self.end(last_line)
    }
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    phase: Phase,
    header_line: u32,
    stakes: bool,
    partial: bool,
    betting: Betting,
    /// Listed in a summary.
    summarised: Vec<bool>,
    hero: Option<PlayerIdx>,
    /// The boards, one per run (run it twice: two).
    boards: Vec<Vec<Card>>,
    /// The summary being read: 0 the hand's, N the "SUMMARY N" of board N.
    section: u8,
    /// The summary's total pot and rake.
    total: Option<(Money, Money)>,
    total_line: Option<u32>,
    summary_seen: bool,
    /// Stud: the cards dealt on the first street (3, or 2 in 5-card stud).
    stud_first: usize,
    /// A heads-up tournament ("Heads Up Sit & Go").
    heads_up: bool,
}

/// The street a street line's name is on, for a game of `category`; `None` for lines that
/// start no betting street (show down, Irish's discard round).
fn street_of(category: Category, name: &str) -> Option<i8> {
    match category.base() {
        Base::Hold => match name {
            "HOLE CARDS" => Some(0),
            "FLOP" => Some(1),
            "TURN" => Some(2),
            "RIVER" => Some(3),
            _ => None,
        },
        Base::Stud => {
            let first = if category == Category::Stud5Hi { 2 } else { 3 };
            let n: i8 = match name {
                "2ND STREET" => 2,
                "3RD STREET" => 3,
                "4TH STREET" => 4,
                "5TH STREET" => 5,
                "6TH STREET" => 6,
                "7TH STREET" | "RIVER" => 7,
                _ => return None,
            };
            (n >= first).then_some(n - first)
        }
        Base::Draw => match name {
            "HOLE CARDS" => Some(0),
            "DRAW" | "FIRST DRAW" => Some(1),
            "SECOND DRAW" => Some(2),
            "THIRD DRAW" => Some(3),
            _ => None,
        },
    }
}

/// An action's text with Full Tilt's tails made the shared verbs' ("raises to $4, and is all
/// in" → "raises to $4 and is all-in"; ", and is capped" dropped).
fn normalise(r: &str) -> std::borrow::Cow<'_, str> {
    if let Some(head) = r.strip_suffix(", and is all in") {
        return format!("{head} and is all-in").into();
    }
    if let Some(head) = r.strip_suffix(", and is capped") {
        return head.into();
    }
    r.into()
}

/// A hand without seat lines: Full Tilt printed observed hands of 2006 without stacks, and some
/// 2012 hands with their summary alone.
fn no_seats(line: u32) -> ParseError {
    ParseError::malformed(
        line,
        "the hand has no seat lines (an observed hand without stacks, or a summary alone)",
    )
}

/// What a seated player's line may say that carries nothing (see the module).
const IGNORED: &[&str] = &[
    "has ",
    "sits down",
    "adds ",
    "stands up",
    "is high with",
    "is low with",
    "wins ",
    "ties for ",
    "is dealt ",
    "finished in ",
    "is feeling ",
    "sits out",
    "(Observer)",
];

impl Parser {
    fn new(h: Header, no: i64, id: &str, header_line: u32) -> Parser {
        let stud_first = if h.game.category == Category::Stud5Hi {
            2
        } else {
            3
        };
        let mut b = HandBuilder::new(SITE, no, id, h.game, h.start_time);
        let hand = b.hand_mut();
        hand.tournament = h.tournament;
        hand.table_name = h.table_name;
        hand.max_seats = h.max_seats;
        Parser {
            b,
            scale: h.scale,
            phase: Phase::Seats,
            header_line,
            stakes: h.stakes,
            partial: h.partial,
            betting: Betting::new(RULES),
            summarised: Vec::with_capacity(10),
            hero: None,
            boards: Vec::new(),
            section: 0,
            total: None,
            total_line: None,
            summary_seen: false,
            stud_first,
            heads_up: h.heads_up,
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        money_at(text, self.scale, no)
    }

    /// The seated player whose name starts `line`, followed by a space or a colon (longest
    /// name first); his index and the text after the name.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let sep = |c| matches!(c, b':' | b' ');
        text::name_prefix(&self.b.hand().players, line, sep, false).map(|(i, n)| (i, &line[n..]))
    }

    fn read(&mut self, no: u32, line: &str) -> LineResult {
        if self.partial {
            return Ok(()); // refused at the end, whatever its summary says
        }
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street(r);
        }
        if self.phase == Phase::Summary {
            return self.summary_line(no, line);
        }
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            if let Some(r) = line.strip_prefix("Seats: ") {
                self.b.hand_mut().max_seats = text::leading_number(r);
                return Ok(());
            }
            if self.b.hand().players.is_empty() {
                return Err(no_seats(no));
            }
            self.phase = Phase::Body;
        }
        if let Some(r) = line.strip_prefix("The button is in seat #") {
            self.b.hand_mut().button_seat = text::leading_number(r);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        if let Some(r) = line.strip_prefix("Uncalled bet of ") {
            return self.uncalled(no, r);
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            if rest.starts_with(':') {
                return Ok(()); // chat
            }
            return self.action(no, p, &rest[1..]);
        }
        self.other_line(no, line)
    }

    /// A line that names no seated player: an action by someone not in the seat list is an
    /// error; anything else (observers' chat, a newcomer sitting down, "Players agree to Run
    /// It Twice", a low hand's description, archive separators) carries nothing.
    fn other_line(&mut self, no: u32, line: &str) -> LineResult {
        if line == "Players agree to Run It Twice" {
            self.b.hand_mut().run_it_twice = true;
            return Ok(());
        }
        if find(line, " (Observer)").is_some() {
            return Ok(());
        }
        const ACTIONS: &[&str] = &[
            " folds",
            " checks",
            " calls ",
            " bets ",
            " raises to ",
            " posts ",
            " antes ",
            " brings in ",
            " completes it ",
            " discards ",
            " stands pat",
        ];
        let words = line.trim_end_matches([',', '.']);
        if ACTIONS
            .iter()
            .any(|a| find(words, a).is_some() || words.ends_with(a.trim_end()))
            && !line.starts_with(' ')
        {
            return Err(ParseError::unknown_actor(no));
        }
        Ok(())
    }

    /// "Seat 1: NAME ($2.70)[, is sitting out]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let rest = r[digits..].strip_prefix(": ").ok_or_else(unreadable)?;
        let seat: u8 = r[..digits]
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (rest, sitting_out) = match rest.strip_suffix(", is sitting out") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let rest = rest.strip_suffix(')').ok_or_else(unreadable)?;
        let open = text::rfind(rest, " (").ok_or_else(unreadable)?;
        let name = &rest[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = self.money(&rest[open + 2..], no)?;
        self.b.seat_player(no, seat, name, stack, sitting_out)?;
        self.summarised.push(false);
        Ok(())
    }

    /// A street line after "*** ": "FLOP *** [..] (Total Pot: ..)", "TURN 2 *** [..] [..]",
    /// "3RD STREET ***", "FIRST DRAW *** (Pot: ..)", "SHOW DOWN 1 ***", "SUMMARY 2 ***".
    fn street(&mut self, r: &str) -> LineResult {
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let full = &r[..end];
        // A trailing number: the run of a run-it-twice street, the board of a summary.
        let (name, run) = match full.rsplit_once(' ') {
            Some((n, d)) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                (n, d.parse::<u8>().ok())
            }
            _ => (full, None),
        };
        if name == "SUMMARY" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            self.section = run.unwrap_or(0);
            return Ok(());
        }
        if self.phase == Phase::Summary {
            return Ok(());
        }
        self.phase = Phase::Body;
        let category = self.b.hand().game.category;
        let Some(street) = street_of(category, name) else {
            return Ok(()); // "SHOW DOWN", "DISCARD ROUND"
        };
        if street > self.b.street() {
            self.b.set_street(street);
        }
        if category.base() == Base::Hold && street > 0 {
            let mut board = Vec::with_capacity(5);
            for g in groups(&r[end + 4..]) {
                if let Some(c) = text::cards_of(g) {
                    board.extend_from_slice(c.as_slice());
                }
            }
            let run = usize::from(run.unwrap_or(1).max(1)) - 1;
            self.set_board(run, board);
        }
        Ok(())
    }

    /// Board `run`'s cards so far, kept when they are more than what is known.
    fn set_board(&mut self, run: usize, board: Vec<Card>) {
        if run > 1 {
            return;
        }
        while self.boards.len() <= run {
            let first = self.boards.first().cloned().unwrap_or_default();
            self.boards.push(first.into_iter().take(3).collect());
        }
        if board.len() >= self.boards[run].len() {
            self.boards[run] = board;
        }
    }

    /// "Dealt to NAME [..]", "Dealt to NAME [known] [new]" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> LineResult {
        let Some(open) = find(r, " [") else {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        };
        // Names may hold " [": the longest seated name followed by " [".
        let p = text::name_prefix(&self.b.hand().players, r, |c| c == b' ', false)
            .filter(|&(_, n)| r[n..].starts_with(" ["))
            .map(|(i, _)| i)
            .or_else(|| self.b.player(&r[..open]));
        let Some(p) = p else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let name_len = self.b.hand().players[p].name.len();
        let mut cards = Vec::with_capacity(7);
        let mut count = 0;
        for g in groups(&r[name_len..]) {
            let c =
                text::cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            cards.extend_from_slice(c.as_slice());
            count += 1;
        }
        if cards.is_empty() {
            return Ok(());
        }
        let street = self.b.street().max(0);
        match self.b.hand().game.base {
            Base::Hold => {
                if street == 0 {
                    self.hero.get_or_insert(p);
                    self.b.set_cards(p, &cards);
                }
            }
            Base::Stud => {
                // The cards so far end with the street's: slot first-street + street.
                if street == 0 && count > 1 {
                    self.hero.get_or_insert(p);
                }
                let end = (self.stud_first + street as usize).min(7);
                let start = end.saturating_sub(cards.len());
                self.b.set_stud_cards(p, start, &cards);
            }
            Base::Draw => {
                if street == 0 {
                    self.hero.get_or_insert(p);
                    self.b.set_cards(p, &cards);
                } else {
                    self.set_draw(p, street as usize, cards);
                }
            }
        }
        Ok(())
    }

    /// Draw games: player `p`'s hand after draw `round` (1-based).
    fn set_draw(&mut self, p: PlayerIdx, round: usize, mut cards: Vec<Card>) {
        let size = self.b.hand().game.category.hand_size();
        cards.resize(size, Card::UNKNOWN);
        let pl = &mut self.b.hand_mut().players[p];
        while pl.draws.len() < round {
            let prev = pl.draws.last().unwrap_or(&pl.cards).clone();
            pl.draws.push(prev);
        }
        pl.draws[round - 1] = cards;
    }

    /// "$0.40 returned to NAME" (after "Uncalled bet of ").
    fn uncalled(&mut self, no: u32, r: &str) -> LineResult {
        let scale = self.scale;
        self.b
            .returned_line(r, " returned to ", no, |t| money_at(t, scale, no))
    }

    /// Cards player `p` showed (at the showdown or in the summary): in draw games, his hand
    /// after the last draw.
    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        let hand = self.b.hand_mut();
        hand.players[p].shown = true;
        let category = hand.game.category;
        match category.base() {
            Base::Draw if !hand.players[p].draws.is_empty() || self.b.street() > 0 => {
                let round = usize::try_from(self.b.street().max(1)).unwrap_or(1);
                let rounds = self.b.hand().players[p].draws.len().max(round);
                self.set_draw(p, rounds, cards.to_vec());
            }
            _ if cards.len() == category.hand_size() => self.b.set_cards(p, cards),
            _ => self.b.reveal(p, cards),
        }
    }

    /// A seated player's line, `r` the text after his name and its space.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let r = normalise(r);
        let r = r.as_ref();
        let scale = self.scale;
        let verb = if let Some(a) = r.strip_prefix("antes ") {
            let (amt, all_in) = crate::parsers::verbs::amount_tail(a);
            Some(Verb::Post {
                kind: ActionKind::Ante,
                amount: money_at(amt, scale, no)?,
                all_in,
            })
        } else if let Some(a) = r
            .strip_prefix("posts ")
            .filter(|a| a.starts_with(|c: char| c == '$' || c.is_ascii_digit()))
        {
            // "posts $0.02": a newcomer's big blind.
            let (amt, all_in) = crate::parsers::verbs::amount_tail(a);
            Some(Verb::Post {
                kind: ActionKind::BigBlind,
                amount: money_at(amt, scale, no)?,
                all_in,
            })
        } else if r.starts_with("discards") && self.b.hand().game.base == Base::Hold {
            // Irish: the two cards thrown after the flop are not recorded.
            return Ok(());
        } else {
            DIALECT.parse(r, |t| money_at(t, scale, no), no)?
        };
        let Some(verb) = verb else {
            if IGNORED.iter().any(|w| r.starts_with(w)) {
                return Ok(());
            }
            return Err(ParseError::malformed(no, "an action fpdb does not know"));
        };
        if self.betting.apply(&mut self.b, p, &verb) {
            return Ok(());
        }
        match verb {
            Verb::Discard { count, cards } => {
                let cards = cards.and_then(text::cards_of);
                let cards = cards.as_ref().map_or(&[][..], |c| c.as_slice());
                Betting::draw_street(&mut self.b);
                self.b.discard(p, count, cards.to_vec());
            }
            Verb::StandPat { cards } => {
                Betting::draw_street(&mut self.b);
                self.b.stand_pat(p);
                if let Some(c) = cards.and_then(text::cards_of) {
                    let round = self.b.street().max(1) as usize;
                    self.set_draw(p, round, c.as_slice().to_vec());
                }
            }
            Verb::Show { cards } => {
                if let Some(c) = cards.and_then(text::cards_of) {
                    self.show(p, c.as_slice());
                }
            }
            Verb::Muck => self.b.hand_mut().players[p].mucked = true,
            Verb::SitOut => {}
            _ => {}
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if self.b.hand().players.is_empty() {
            return Ok(()); // a summary without a hand: refused at the end
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            // "Seat 3: NAME Seat 4: OTHER (big blind) collected ($0.50)": two lines on one.
            let mut rest = r;
            loop {
                let next = text::next_seat(rest);
                self.summary_seat(no, &rest[..next.unwrap_or(rest.len())])?;
                match next {
                    Some(i) => rest = &rest[i + " Seat ".len()..],
                    None => return Ok(()),
                }
            }
        }
        if let Some(r) = line.strip_prefix("Total pot ") {
            if self.section == 0 && self.total.is_none() {
                self.total = Some(self.pot_line(no, r)?);
                self.total_line = Some(no);
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board: ") {
            let mut board = Vec::with_capacity(5);
            for g in groups(r) {
                let c = text::cards_of(g)
                    .ok_or_else(|| ParseError::malformed(no, "unreadable board"))?;
                board.extend_from_slice(c.as_slice());
            }
            let run = usize::from(self.section.max(1)) - 1;
            self.set_board(run, board);
            return Ok(());
        }
        // "Duration 41s", "Pot 1 $77.60", chat and archive separators carry nothing.
        Ok(())
    }

    /// "$0.32 | Rake $0.01", "$234.55 Main pot $158.20. Side pot $76.35. | Rake $3" (after
    /// "Total pot "): the total and the rake.
    fn pot_line(&self, no: u32, r: &str) -> Result<(Money, Money), ParseError> {
        let (total, rake) = split2(r, " | Rake ")
            .ok_or_else(|| ParseError::malformed(no, "total pot without its rake"))?;
        let total = total.split(" Main pot ").next().unwrap_or(total);
        Ok((self.money(total, no)?, self.money(rake, no)?))
    }

    /// "2: NAME (big blind) showed [..] and won ($0.31) with ..", "... collected ($0.50),
    /// mucked", "... is sitting out" (after "Seat ").
    fn summary_seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let Some(rest) = r[digits..].strip_prefix(": ") else {
            return Err(ParseError::malformed(no, "unreadable summary line"));
        };
        let carries_money = find(rest, "won (").is_some() || find(rest, "collected (").is_some();
        let seat: Option<u8> = r[..digits].parse().ok();
        let p = seat.and_then(|s| self.b.hand().players.iter().position(|pl| pl.seat == s));
        let p = match p {
            Some(p) => p,
            None if !carries_money => return Ok(()),
            None => {
                return Err(ParseError::malformed(
                    no,
                    "summary line of a seat nobody sits in",
                ))
            }
        };
        let name = &self.b.hand().players[p].name;
        let Some(text) = rest
            .strip_prefix(name.as_str())
            .filter(|t| t.is_empty() || t.starts_with(' '))
        else {
            return Err(ParseError::malformed(
                no,
                "summary line of another player than the seat's",
            ));
        };
        self.summarised[p] = true;
        let mut t = text.trim_start();
        for pos in ["(small blind) ", "(big blind) ", "(button) "] {
            if let Some(x) = t.strip_prefix(pos) {
                t = x.trim_start();
            }
        }
        if let Some(x) = t
            .strip_prefix("showed [")
            .or_else(|| t.strip_prefix("mucked ["))
        {
            let shown = t.starts_with("showed");
            let c = x
                .split(']')
                .next()
                .and_then(text::cards_of)
                .ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            self.show(p, c.as_slice());
            let pl = &mut self.b.hand_mut().players[p];
            if !shown {
                (pl.shown, pl.mucked) = (false, true);
            }
        } else if t.starts_with("is sitting out") {
            self.b.hand_mut().players[p].sitting_out = true;
        }
        let board = self.section.saturating_sub(1);
        for key in ["won (", "collected (", "pot ("] {
            let mut from = 0;
            while let Some(i) = t.get(from..).and_then(|s| find(s, key)) {
                let a = &t[from + i + key.len()..];
                from += i + key.len();
                let amt = a.split(')').next().unwrap_or("");
                let amount = self.money(amt, no)?;
                if amount > 0 {
                    self.b.collect(p, amount, 0, board);
                }
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        if self.partial {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                self.header_line,
                "a partial hand: the room kept only its summary",
            ));
        }
        if !self.summary_seen {
            return Err(ParseError::before_summary(last_line));
        }
        if self.b.hand().players.is_empty() {
            return Err(no_seats(self.header_line));
        }
        let Some((total, rake)) = self.total else {
            return Err(ParseError::cut_in_summary(last_line, "no total pot"));
        };
        // The summaries list every seat: a missing one means the text was cut inside them.
        if let Some(pl) = self
            .b
            .hand()
            .players
            .iter()
            .zip(&self.summarised)
            .find(|(_, &s)| !s)
            .map(|(pl, _)| pl)
        {
            return Err(ParseError::cut_in_summary(
                last_line,
                &format!("no line for seat {}", pl.seat),
            ));
        }
        let line = self.total_line.unwrap_or(last_line);
        if total == 0 && self.b.hand().collections.is_empty() {
            return Err(ParseError::new(
                ErrorKind::Cancelled,
                line,
                "the room cancelled the hand (total pot 0)",
            ));
        }
        self.finish_players();
        let mut policy = PotPolicy::new(self.scale, line);
        policy.printed = PrintedPot::BeforeRake(total);
        policy.rake = Some(rake);
        policy.uncalled = Uncalled::Printed;
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }

    fn finish_players(&mut self) {
        let boards = std::mem::take(&mut self.boards);
        let hand = self.b.hand_mut();
        if boards.len() > 1 {
            hand.run_it_twice = true;
        }
        hand.boards = boards.into_iter().filter(|b| !b.is_empty()).collect();
        let posted = |kind: ActionKind| {
            hand.actions
                .iter()
                .find(|a| a.kind == kind)
                .map(|a| a.amount)
        };
        let ante = hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max();
        let (sb, bb) = (posted(ActionKind::SmallBlind), posted(ActionKind::BigBlind));
        let g = &mut hand.game;
        if g.ante == 0 {
            if let Some(a) = ante {
                g.ante = a;
            }
        }
        // Blinds the header did not print (a Flipout), and limit games' blinds, from the posts.
        if g.base != Base::Stud && (!self.stakes || g.limit_type == LimitType::FixedLimit) {
            if let Some(sb) = sb.filter(|&s| s > 0) {
                g.small_blind = sb;
            }
            if !self.stakes {
                if let Some(bb) = bb {
                    g.big_blind = bb;
                    g.small_bet = bb;
                    g.big_bet = bb.saturating_mul(2);
                }
            }
        }
        hand.hero = self.hero;
        // Tables whose size the header does not print: Full Tilt's full ring seated nine (ten
        // when a seat above nine is used); its heads-up tournaments two.
        if hand.max_seats.is_none() {
            let top = hand.players.iter().map(|p| p.seat).max().unwrap_or(0);
            let heads_up = hand.tournament.is_some() && self.heads_up;
            hand.max_seats = Some(if heads_up { 2 } else { top.max(9) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&FullTilt));
        FullTilt.parse(&chunk)
    }

    const HAND: &str = "Full Tilt Poker Game #32616909390: Table Vera (6 max) - NL Hold'em - $0.01/$0.02 - 08:55:55 ET - 2013/05/08
Seat 2: Player0 ($2)
Seat 3: Hero ($2)
Hero posts the small blind of $0.01
Player0 posts the big blind of $0.02
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [Jh 7d]
Hero raises to $0.04
Player0 calls $0.02
*** FLOP *** [3s Qs 6h] (Total Pot: $0.08, 2 Players)
Player0 checks
Hero bets $0.04
7R41N33 sits down
7R41N33 adds $2
Player0 calls $0.04
*** TURN *** [3s Qs 6h] [Tc] (Total Pot: $0.16, 2 Players)
Player0 checks
Hero checks
*** RIVER *** [3s Qs 6h Tc] [6c] (Total Pot: $0.16, 2 Players)
Player0 bets $0.08
Hero calls $0.08
*** SHOW DOWN ***
Player0 shows [Ks 5h] a pair of Sixes
Hero mucks
Player0 wins the pot ($0.31) with a pair of Sixes
*** SUMMARY ***
Total pot $0.32 | Rake $0.01
Board: [3s Qs 6h Tc 6c]
Seat 2: Player0 (big blind) showed [Ks 5h] and won ($0.31) with a pair of Sixes
Seat 3: Hero (small blind) mucked [Jh 7d] - a pair of Sixes
";

    #[test]
    fn a_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Full Tilt Poker");
        assert_eq!(h.site_hand_no, 32_616_909_390);
        assert_eq!(h.start_time.to_rfc3339(), "2013-05-08T12:55:55+00:00");
        assert_eq!((h.table_name.as_str(), h.max_seats), ("Vera", Some(6)));
        assert_eq!(h.button_seat, Some(3));
        let g = &h.game;
        assert_eq!(
            (g.category, g.limit_type, g.small_blind, g.big_blind),
            (Category::Holdem, LimitType::NoLimit, 1, 2)
        );
        assert_eq!((h.total_pot, h.rake), (32, 1));
        assert_eq!(h.hero, Some(1));
        assert_eq!(h.boards[0].len(), 5);
        assert!(h.players[0].shown);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn errors() {
        let stranger = HAND.replace("Player0 checks\nHero bets", "Nobody checks\nHero bets");
        assert_eq!(parse(&stranger).unwrap_err().line, 12);
        let unknown = HAND.replace("Player0 checks\nHero bets", "Player0 juggles\nHero bets");
        let e = parse(&unknown).unwrap_err();
        assert_eq!((e.line, e.kind), (12, ErrorKind::Malformed));
        let zone = HAND.replace("08:55:55 ET", "08:55:55 Mars");
        assert_eq!(parse(&zone).unwrap_err().kind, ErrorKind::Unsupported);
        let game = HAND.replace("NL Hold'em", "NL Chess");
        assert_eq!(parse(&game).unwrap_err().kind, ErrorKind::Unsupported);
    }

    #[test]
    fn headers() {
        let h = parse_header(" Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]").ok().unwrap();
        assert_eq!(h.start_time.to_rfc3339(), "2012-11-06T16:00:14+00:00");
        assert_eq!(h.game.category, Category::OmahaHi);
        let h = parse_header(
            " Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET - Wed, July 21, 2010",
        )
        .ok()
        .unwrap();
        assert_eq!(h.start_time.to_rfc3339(), "2010-07-21T19:13:00+00:00");
        let h = parse_header(" $7,000 KO Guarantee (229436420), Table 11 - 50K/100K Ante 10000 - No Limit Hold'em - 16:06:40 ET - 2011/04/01").ok().unwrap();
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.ante),
            (50_000, 100_000, 10_000)
        );
        let t = h.tournament.unwrap();
        assert_eq!(
            (t.tourney_no, t.table_no.as_deref()),
            (229_436_420, Some("11"))
        );
        let h = parse_header(" $4 + $0.40 Rush On Demand (233183652), Table 5 - 20/40 - No Limit Hold'em - 12:00:00 ET - 2011/04/01").ok().unwrap();
        let t = h.tournament.unwrap();
        assert_eq!((t.buyin, t.fee), (400, 40));
        assert!(h.game.fast);
        let h = parse_header(
            " Table Pam (6 max) - $5/$10 - $400 Pot Limit Omaha Hi - 12:00:00 ET - 2010/10/01",
        )
        .ok()
        .unwrap();
        assert_eq!(h.game.limit_type, LimitType::CapPotLimit);
        let h = parse_header(" Table Slaw - $1/$2 - Limit Hold'em - 12:00:00 ET - 2010/12/01")
            .ok()
            .unwrap();
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.big_bet),
            (50, 100, 200)
        );
        let h = parse_header(" Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20 - 12:00:00 ET - 2013/05/01").ok().unwrap();
        assert_eq!(
            (h.table_name.as_str(), h.game.category),
            ("Clackers (New to the Game)", Category::Badugi)
        );
        assert!(
            parse_header(" Table X - $1/$2 - Limit Hold'em - 12:00:00 ET - 2010/12/01 (partial)")
                .ok()
                .unwrap()
                .partial
        );
        assert_eq!(
            game_of("Limit 5 Card Stud"),
            Some((Category::Stud5Hi, LimitType::FixedLimit))
        );
        assert_eq!(
            game_of("PL 5 Card Omaha Hi"),
            Some((Category::Omaha5Hi, LimitType::PotLimit))
        );
        assert_eq!(
            game_of("CAP NL Hold'em"),
            Some((Category::Holdem, LimitType::CapNoLimit))
        );
        assert!(header_id("Full Tilt Poker Tournament Summary Step 2").is_none());
        assert!(header_id("FullTiltPoker Game #656000081: Table Keifer").is_some());
    }

    #[test]
    fn tails() {
        assert_eq!(
            normalise("raises to $4, and is all in"),
            "raises to $4 and is all-in"
        );
        assert_eq!(normalise("bets $295, and is capped"), "bets $295");
        assert_eq!(money_at("50K", CHIPS, 1).unwrap(), 50_000);
        assert_eq!(money_at("$1,500", CENTS, 1).unwrap(), 150_000);
    }
}

//! Winning Poker Network hand histories (Americas Cardroom, Black Chip Poker, True Poker,
//! Yatahay, ...), in the two formats the network's client has written.
//!
//! - **Old format** (until 2019): a hand starts with `Game started at: 2016/8/8 16:26:41`, then
//!   `Game ID: 698338917 0.01/0.02 (PRR) Bahamut (Cap) - 5 (Hold'em)`; players act as
//!   `Player NAME calls (0.02)`; amounts carry no currency symbol; the summary
//!   (`------ Summary ------`) has one `[*]Player NAME ... Bets: X. Collects: Y. Wins|Loses: Z.`
//!   line per player and `Pot: X. Rake Y. JP fee Z`; the hand ends with `Game ended at: ...`.
//! - **New format** (2019 on): `Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28
//!   02:38:17 UTC`, or for tournaments `Game Hand #80586589 - Tournament #11182752 -
//!   Holdem(No Limit) - Level 15 (250.00/500.00)- 2019/07/21 17:44:50 UTC`; a body and summary
//!   close to PokerStars' (`Seat N: NAME ($X)`, `NAME raises $X to $Y`, `Total pot $X | Rake $Y |
//!   JP Fee $Z`).
//!
//! **Time zone.** New-format headers end with a zone label (always `UTC` in the files seen),
//! which is honoured. Old-format times carry no label: they are the local time of the computer
//! the client ran on, which the history does not say (fpdb asks the user for it). They are read
//! as **US/Eastern** (with daylight saving), the zone of most of the network's US players and the
//! zone fpdb assumes for the other US-facing rooms without a label.
//!
//! **Hand numbers.** Both formats print a numeric id (`Hand #78708209`, `Game ID: 698338917`),
//! kept as printed in `site_hand_id`. They are two different counters that reach the same values
//! (old `Game ID: 820605052` in 2017, new `Hand #784383001` in 2021), so, for the site hand
//! number to identify one hand: a new-format number is stored unchanged (it must be below 10^17),
//! an old-format `Game ID` is stored plus 10^17 (`698338917` → 100000000698338917). The two
//! ranges are disjoint, so no two hands of the network share a number.
//!
//! **Money.** Real-money tables are read in cents, tournaments in chips. Play-money tables (old
//! format: a table named `PM ...`; new format: stakes without a currency symbol) print play
//! dollars and cents ("36.73"), so they are read in cents too: chips as printed would lose the
//! cents and the pot would not add up. The rake is everything the room took: `Rake` plus the
//! `JP Fee` (bad-beat jackpot). Both formats print the pot *after* rake (`Total pot $199.00 |
//! Rake $0.96 | JP Fee $0.04` when $200 went in), so the stored total pot is the printed pot
//! plus those fees. Old-format amounts are the chips each action adds (`raises (85)` by a small
//! blind of 5 makes 90); new-format raises print both (`raises $30.00 to $40.00`) and the "to"
//! total is used; `caps $X` (a capped table's cap reached) adds X. Collections are the new
//! format's `collected` lines (right for run-it-twice hands, whose summary is not) or, when there
//! are none, the summary's `won $X` / `Collects: X`.
//!
//! **Quirks.**
//! - Fixed-limit old-format headers print the small and big bet, not the blinds: when the big
//!   blind posted equals the first stake, the game is fixed limit with blinds half of it (fpdb's
//!   rule). Old headers print no betting structure: hold'em is read as no limit, omaha as pot
//!   limit, stud as fixed limit.
//! - Tables named "... (Cap)" or "... - CAP - ..." are capped games (cap no limit / cap pot
//!   limit). New-format "Blitz Poker" tables are the network's fast-fold pool.
//! - Old-format tournament hands do not print the tournament number (fpdb took it from the file
//!   name): they are read as tournament hands (chips, `T$`) when the table name ends in
//!   ", Table N", is empty or starts with `PMS_<number>`; only the last kind carries a number, the
//!   others get no tournament facts. New-format tournament hands print the number and level but
//!   not the buy-in: buy-in and fee are 0, in USD.
//! - `posts (5)` (old) / `posts $0.05` (new), by a player coming in, is live money whatever its
//!   size (he then calls only the difference): it is recorded as a big blind after the real one.
//! - A disconnected player's `allin` without an amount puts nothing in (he stays in the hand for
//!   the money he has already put in) and is not recorded as an action.
//! - Lines that name no player where one is expected (`Player  has big blind (2)`, the room left a
//!   player's name out) make the hand unreadable, as in fpdb.
//! - Stud hands print every up card; the old format prints one `received card` line per card, so
//!   each player's cards are kept in dealing order with unknown down cards. The old format's
//!   `*** Third street ***` deals the fourth card: it starts street 1.
//! - The old summary also lists players who left during the hand: ignored, unless one collected.
//! - A hand cut in its last line (a UTF-16 file with an odd number of bytes ends in a replacement
//!   character) is unfinished, not malformed.
//! - A hand is finished when its summary is: old-format hands end with `Game ended at`; a
//!   new-format summary has a seat line for every seat not sitting out, under each board of a
//!   run-it-twice hand. Anything less was cut while the client wrote it: unfinished.

use chrono::{DateTime, Utc};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, checked_money, find, groups, leading_number, rfind, split2};
use crate::parsers::verbs::{self, Betting, Dialect, Raise, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot};
use crate::split::Chunk;
use crate::time;

/// The Winning Poker Network's hand-history formats.
#[derive(Debug)]
pub struct Winning;

/// The site name stored in Sites.name.
const SITE: &str = "Winning Poker Network";

/// The new format's words for the posts: "posts X" alone is a player coming in, whose post is
/// live money whatever its size, recorded as a big blind after the real one.
const DIALECT: Dialect = Dialect {
    posts: &[
        ("ante ", ActionKind::Ante),
        ("the small blind ", ActionKind::SmallBlind),
        ("the big blind ", ActionKind::BigBlind),
        ("dead ", ActionKind::BothBlinds),
        ("straddle ", ActionKind::Straddle),
        ("", ActionKind::BigBlind),
    ],
};

/// The network's betting (both formats): a second small blind is dead.
const RULES: Rules = Rules {
    every_small_blind_live: false,
    big_blind_above_table_is_straddle: false,
    amend_short_raise: false,
    straddle_is_total: false,
};

impl Room for Winning {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"GH"
    }

    fn site(&self) -> &'static str {
        SITE
    }

    fn is_hand_start(&self, line: &str) -> bool {
        header_format(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

// ---------------------------------------------------------------------------------------------
// Header recognition
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Old,
    New,
}

/// Which format's first line `line` is, if any. Most lines are rejected by their first byte.
fn header_format(line: &str) -> Option<Format> {
    match *line.as_bytes().first()? {
        b'G' => {
            if let Some(r) = line.strip_prefix("Game started at: ") {
                return r
                    .as_bytes()
                    .first()
                    .filter(|c| c.is_ascii_digit())
                    .map(|_| Format::Old);
            }
            let rest = after_hand_number(line.strip_prefix("Game Hand #")?)?;
            find(rest, "Tournament #").map(|_| Format::New)
        }
        b'H' => {
            let rest = after_hand_number(line.strip_prefix("Hand #")?)?;
            if find(rest, "Tournament #").is_some() {
                return Some(Format::New);
            }
            let open = rest.bytes().take(24).position(|b| b == b'(')?;
            game_new(&rest[..open]).map(|_| Format::New)
        }
        _ => None,
    }
}

/// `r` starting with a hand number followed by " - ": the text after " - ".
fn after_hand_number(r: &str) -> Option<&str> {
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return None;
    }
    r[n..].strip_prefix(" - ")
}

/// New-format game names.
fn game_new(name: &str) -> Option<Category> {
    Some(match name {
        "Holdem" | "Hold'em" => Category::Holdem,
        "6+ Holdem" | "6+Holdem" | "Six Plus Holdem" | "Six Plus Hold'em" => {
            Category::SixPlusHoldem
        }
        "Omaha" => Category::OmahaHi,
        "Omaha H/L" | "Omaha HiLo" | "Omaha Hi/Lo" => Category::OmahaHiLo,
        "5Card Omaha" | "5 Card Omaha" => Category::Omaha5Hi,
        "5Card Omaha H/L" | "5 Card Omaha H/L" => Category::Omaha5HiLo,
        "6Card Omaha" | "6 Card Omaha" => Category::Omaha6Hi,
        "6Card Omaha H/L" | "6 Card Omaha H/L" => Category::Omaha6HiLo,
        "7Stud" => Category::StudHi,
        "7Stud H/L" => Category::StudHiLo,
        _ => return None,
    })
}

/// Old-format game names (the last parenthesised part of the `Game ID:` line).
fn game_old(name: &str) -> Option<Category> {
    Some(match name {
        "Hold'em" => Category::Holdem,
        "Six Plus Hold'em" => Category::SixPlusHoldem,
        "Omaha" => Category::OmahaHi,
        "Omaha HiLow" => Category::OmahaHiLo,
        "5Card Omaha" => Category::Omaha5Hi,
        "5Card Omaha H/L" => Category::Omaha5HiLo,
        "Seven Cards Stud" => Category::StudHi,
        "Seven Cards Stud HiLow" => Category::StudHiLo,
        _ => return None,
    })
}

fn limit_new(name: &str) -> Option<LimitType> {
    Some(match name {
        "No Limit" => LimitType::NoLimit,
        "Pot Limit" => LimitType::PotLimit,
        "Fixed Limit" => LimitType::FixedLimit,
        // Every bet is all-in: a no-limit game as far as the statistics go.
        "All-in or Fold Limit" => LimitType::NoLimit,
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Small text helpers (no allocation)
// ---------------------------------------------------------------------------------------------

/// The cards of a bracket group ("Ah Kd", "10c 4s"); `None` when a token is not a card or the
/// group holds more than seven cards.
fn cards_of(group: &str) -> Option<Vec<Card>> {
    text::card_list(group, false, 7)
}

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

/// What a header says.
struct Header<'a> {
    id: &'a str,
    no: i64,
    game: Game,
    scale: i64,
    start: DateTime<Utc>,
    tourney_no: Option<i64>,
    level: Option<&'a str>,
    /// Old format: the table name is on the header line.
    table: Option<&'a str>,
    max_seats: Option<u8>,
    /// Old format: the first stake printed, to recognise fixed-limit games at the big blind.
    printed_small: Money,
}

type HeaderResult<'a> = Result<Header<'a>, (ErrorKind, &'static str)>;

fn game_of(
    kind: GameKind,
    category: Category,
    limit_type: LimitType,
    sb: Money,
    bb: Money,
    currency: &str,
) -> Game {
    Game {
        kind,
        base: category.base(),
        category,
        limit_type,
        hi_lo: category.hilo(),
        small_blind: sb,
        big_blind: bb,
        small_bet: bb,
        big_bet: bb.saturating_mul(2),
        ante: 0,
        currency: currency.to_string(),
        mix: None,
        fast: false,
        home_game: false,
        split_board: false,
    }
}

/// Old-format ids are stored above this (module documentation: "Hand numbers").
const OLD_IDS: i64 = 100_000_000_000_000_000;

/// The stored number of a printed id: as printed (new format), or plus 10^17 (old format).
fn parse_id(id: &str, format: Format) -> Result<i64, (ErrorKind, &'static str)> {
    let too_large = (
        ErrorKind::OutOfRange,
        "the hand number is too large to store",
    );
    let n: i64 = id.parse().map_err(|_| too_large)?;
    if n >= OLD_IDS {
        return Err(too_large);
    }
    Ok(match format {
        Format::New => n,
        Format::Old => n + OLD_IDS,
    })
}

/// Header money: a stake of the header line.
fn stake(text: &str, scale: i64) -> Result<Money, (ErrorKind, &'static str)> {
    checked_money(text, scale, 0).map_err(|e| (e.kind, "unreadable stakes"))
}

/// `Hand #N - GAME(LIMIT) - $SB/$BB - DATE ZONE` or
/// `Game Hand #N - [... ]Tournament #T - GAME(LIMIT) - Level L (SB/BB)- DATE ZONE`.
fn parse_new_header(line: &str) -> HeaderResult<'_> {
    let bad = |m| (ErrorKind::Malformed, m);
    let r = line
        .strip_prefix("Game Hand #")
        .or_else(|| line.strip_prefix("Hand #"))
        .ok_or(bad("not a Winning Poker Network header"))?;
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    let id = &r[..n];
    let no = parse_id(id, Format::New)?;
    let mut d = r[n..].strip_prefix(" - ").ok_or(bad("unreadable header"))?;
    let mut tourney_no = None;
    if let Some(i) = find(d, "Tournament #") {
        let t = &d[i + "Tournament #".len()..];
        let n = t.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Err(bad("tournament number missing"));
        }
        tourney_no = Some(t[..n].parse::<i64>().map_err(|_| {
            (
                ErrorKind::OutOfRange,
                "the tournament number is too large to store",
            )
        })?);
        d = t[n..]
            .strip_prefix(" - ")
            .ok_or(bad("unreadable tournament part"))?;
    }
    let open = d.find('(').ok_or(bad("no game in the header"))?;
    let category = game_new(d[..open].trim()).ok_or((
        ErrorKind::Unsupported,
        "a game the Winning Poker Network parser does not know",
    ))?;
    let close = d[open..]
        .find(')')
        .ok_or(bad("unclosed betting structure"))?
        + open;
    let limit_type = limit_new(&d[open + 1..close]).ok_or(bad("unknown betting structure"))?;
    d = d[close + 1..]
        .strip_prefix(" - ")
        .ok_or(bad("no stakes in the header"))?;
    let mut level = None;
    let stakes;
    if let Some(r) = d.strip_prefix("Level ") {
        let lv = r.split([' ', '(']).next().unwrap_or("");
        level = (!lv.is_empty()).then_some(lv);
        let o = r.find('(').ok_or(bad("no stakes in the header"))?;
        let c = r[o..].find(')').ok_or(bad("unclosed stakes"))? + o;
        stakes = &r[o + 1..c];
        d = &r[c + 1..];
    } else {
        let i = find(d, " - ").ok_or(bad("no date in the header"))?;
        stakes = &d[..i];
        d = &d[i..];
    }
    let (small, big) = stakes.split_once('/').ok_or(bad("unreadable stakes"))?;
    let kind = if tourney_no.is_some() {
        GameKind::Tour
    } else {
        GameKind::Ring
    };
    let currency = match kind {
        GameKind::Tour => "T$",
        GameKind::Ring => amount::currency_of_symbol(small).unwrap_or("play"),
    };
    // Play money is printed in dollars and cents, like real money.
    let scale = if currency == "T$" { CHIPS } else { CENTS };
    let small = stake(small, scale)?;
    let big = stake(big, scale)?;
    let (sb, bb) = match (limit_type, category.base()) {
        // Fixed limit prints the small and the big bet.
        (LimitType::FixedLimit, Base::Stud) => (0, small),
        (LimitType::FixedLimit, _) => (small / 2, small),
        _ => (small, big),
    };
    let date = &d[rfind(d, "- ").ok_or(bad("no date in the header"))? + 2..];
    let start = header_time(date).ok_or(bad("unreadable date in the header"))?;
    Ok(Header {
        id,
        no,
        game: game_of(kind, category, limit_type, sb, bb, currency),
        scale,
        start,
        tourney_no,
        level,
        table: None,
        max_seats: None,
        printed_small: small,
    })
}

/// "2019/07/28 16:15:58 UTC": the label names the zone (UTC when there is none or it is
/// unknown: the new format prints UTC).
fn header_time(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    let local = time::parse_datetime(text)?;
    let label = text.rsplit(' ').next().unwrap_or("");
    let zone = if label.bytes().all(|b| b.is_ascii_alphabetic()) {
        time::zone_of_label(label).unwrap_or(chrono_tz::UTC)
    } else {
        chrono_tz::UTC
    };
    Some(time::local_to_utc(local, zone))
}

/// `Game ID: N SB/BB TABLE (GAME)[ N-max]`, after `Game started at: DATE` (local time, read as
/// US/Eastern: see the module documentation).
fn parse_old_header<'a>(started: &str, line: &'a str) -> HeaderResult<'a> {
    let bad = |m| (ErrorKind::Malformed, m);
    let local = time::parse_datetime(started).ok_or(bad("unreadable start time"))?;
    let start = time::local_to_utc(local, time::EASTERN);
    let r = line.strip_prefix("Game ID: ").ok_or(bad(
        "the line after \"Game started at\" is not a \"Game ID:\" line",
    ))?;
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    let id = &r[..n];
    if id.is_empty() {
        return Err(bad("no game id"));
    }
    let no = parse_id(id, Format::Old)?;
    let r = r[n..].trim_start();
    let (stakes, mut rest) = r.split_once(' ').ok_or(bad("unreadable game line"))?;
    let (small, big) = stakes.split_once('/').ok_or(bad("unreadable stakes"))?;
    rest = rest.trim_end();
    let mut max_seats = None;
    if let Some(r2) = rest.strip_suffix("-max") {
        let sp = r2.rfind(' ').ok_or(bad("unreadable game line"))?;
        max_seats = r2[sp + 1..].parse::<u8>().ok();
        rest = r2[..sp].trim_end();
    }
    let inner = rest
        .strip_suffix(')')
        .ok_or(bad("no game in the game line"))?;
    let open = inner.rfind('(').ok_or(bad("no game in the game line"))?;
    let category = game_old(&inner[open + 1..]).ok_or((
        ErrorKind::Unsupported,
        "a game the Winning Poker Network parser does not know",
    ))?;
    let table = inner[..open].trim();
    let tour_table = table.is_empty()
        || table.starts_with("PMS_")
        || rfind(table, ", Table ").is_some_and(|i| {
            let t = &table[i + ", Table ".len()..];
            !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
        });
    let (kind, currency, scale) = if tour_table {
        (GameKind::Tour, "T$", CHIPS)
    } else if table.starts_with("PM ") {
        // Play money is printed in dollars and cents ("36.73"): kept in cents, exactly.
        (GameKind::Ring, "play", CENTS)
    } else {
        (GameKind::Ring, "USD", CENTS)
    };
    let small = stake(small, scale)?;
    let big = stake(big, scale)?;
    let tourney_no = table
        .strip_prefix("PMS_")
        .and_then(leading_number::<i64>)
        .filter(|_| kind == GameKind::Tour);
    if max_seats.is_none() {
        max_seats = seats_in_name(table);
    }
    let base = category.base();
    // Old headers print no betting structure; the big blind tells fixed limit later.
    let (limit_type, sb, bb) = match base {
        Base::Stud => (LimitType::FixedLimit, 0, small),
        _ if matches!(
            category,
            Category::OmahaHi | Category::OmahaHiLo | Category::Omaha5Hi | Category::Omaha5HiLo
        ) =>
        {
            (LimitType::PotLimit, small, big)
        }
        _ => (LimitType::NoLimit, small, big),
    };
    Ok(Header {
        id,
        no,
        game: game_of(kind, category, limit_type, sb, bb, currency),
        scale,
        start,
        tourney_no,
        level: None,
        table: Some(table),
        max_seats,
        printed_small: small,
    })
}

/// Seats in a table name: "6-Max", "9-max", "Heads-up".
fn seats_in_name(name: &str) -> Option<u8> {
    if find(name, "Heads-up").is_some() || find(name, "Heads-Up").is_some() {
        return Some(2);
    }
    let i = find(name, "-Max").or_else(|| find(name, "-max"))?;
    let digits = name.as_bytes()[..i]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    name[i - digits..i].parse().ok()
}

/// A capped table: "Miramar (Cap)", "Mauilite (PRR) - CAP - 6-Max - 3".
fn is_capped(table: &str) -> bool {
    find(table, "(Cap)").is_some() || find(table, " CAP ").is_some() || table.ends_with(" CAP")
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// New format: waiting for the table line.
    Table,
    /// Seat lines.
    Seats,
    /// Posts, dealing, actions, showdown.
    Body,
    Summary,
}

#[derive(Debug, Clone, Copy, Default)]
struct PlayerState {
    sits_out: bool,
}

/// Parses one chunk (a hand) of Winning Poker Network text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let format = header_format(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not a Winning Poker Network hand header").with_text(first)
    })?;
    let mut p = match format {
        Format::Old => None,
        Format::New => {
            let h = parse_new_header(first).map_err(|(kind, msg)| {
                ParseError::new(kind, first_no, msg)
                    .with_text(first)
                    .with_hand_no(leading_number(
                        first.trim_start_matches(|c: char| !c.is_ascii_digit()),
                    ))
            })?;
            Some(Parser::new(h, Format::New, first_no))
        }
    };
    let mut last_no = first_no;
    let mut lines = lines.peekable();
    while let Some((no, raw)) = lines.next() {
        last_no = no;
        let cut = lines.peek().is_none();
        let line = raw.trim_end();
        if line.is_empty() {
            continue;
        }
        let parser = match p.as_mut() {
            Some(parser) => parser,
            None => {
                // Old format: the game line follows the start time.
                let started = first.strip_prefix("Game started at: ").unwrap_or("");
                let h = parse_old_header(started, line).map_err(|(kind, msg)| {
                    ParseError::new(kind, no, msg)
                        .with_text(raw)
                        .with_hand_no(line.strip_prefix("Game ID: ").and_then(leading_number))
                })?;
                p = Some(Parser::new(h, Format::Old, first_no));
                continue;
            }
        };
        if let Err(mut e) = parser.line(no, line) {
            // The last line of a hand cut before its summary is often cut too (a UTF-16 file
            // with an odd number of bytes ends in a replacement character).
            if cut && !parser.summary_seen && e.kind == ErrorKind::Malformed {
                e.kind = ErrorKind::Unfinished;
                e.message = format!("the hand stops in the middle of a line ({})", e.message);
            }
            return Err(e.with_text(raw).with_hand_no(Some(parser.hand_no)));
        }
    }
    match p {
        Some(parser) => {
            let hand_no = parser.hand_no;
            parser
                .finish(last_no)
                .map_err(|e| e.with_hand_no(Some(hand_no)))
        }
        None => Err(ParseError::new(
            ErrorKind::Unfinished,
            last_no,
            "the hand stops after its start time (no \"Game ID:\" line)",
        )
        .with_text(first)),
    }
}

type LineResult = Result<(), ParseError>;

struct Parser<'a> {
    b: HandBuilder,
    format: Format,
    hand_no: i64,
    scale: i64,
    base: Base,
    phase: Phase,
    header_line: u32,
    tourney_no: Option<i64>,
    level: Option<&'a str>,
    printed_small: Money,
    /// Seat lines, added to the builder in seat order once the seat list ends.
    seats: Vec<(u8, &'a str, Money, bool)>,
    state: Vec<PlayerState>,
    /// Folds, blinds posted, stud's completion: the format's betting rules (both formats).
    betting: Betting,
    /// Old format: the big blind decided the betting structure.
    limit_known: bool,
    hero: Option<PlayerIdx>,
    /// Board from the street lines, and the runs of a run-it-twice hand.
    board: Vec<Card>,
    runs: Vec<Vec<Card>>,
    run: Option<usize>,
    summary_boards: Vec<Vec<Card>>,
    ran_twice: bool,
    /// "collected" lines before the summary.
    pre: Vec<Collection>,
    /// Summary amounts won, per player.
    summary_won: Vec<(PlayerIdx, Money)>,
    total_pot: Option<Money>,
    fees: Money,
    /// The summary's total-pot line.
    total_line: Option<u32>,
    summary_seen: bool,
    /// Old format: the "Game ended at" line that closes every finished hand.
    ended: bool,
    /// New format: the seats the summary has a line for (bit per seat number).
    summary_seats: u128,
}

impl<'a> Parser<'a> {
    fn new(h: Header<'a>, format: Format, header_line: u32) -> Parser<'a> {
        let base = h.game.base;
        let mut b = HandBuilder::new(SITE, h.no, h.id, h.game, h.start);
        b.hand_mut().max_seats = h.max_seats;
        let mut p = Parser {
            b,
            format,
            hand_no: h.no,
            scale: h.scale,
            base,
            phase: match format {
                Format::Old => Phase::Seats,
                Format::New => Phase::Table,
            },
            header_line,
            tourney_no: h.tourney_no,
            level: h.level,
            printed_small: h.printed_small,
            seats: Vec::with_capacity(10),
            state: Vec::with_capacity(10),
            betting: Betting::new(RULES),
            limit_known: format == Format::New || base == Base::Stud,
            hero: None,
            board: Vec::new(),
            runs: Vec::new(),
            run: None,
            summary_boards: Vec::new(),
            ran_twice: false,
            pre: Vec::new(),
            summary_won: Vec::new(),
            total_pot: None,
            fees: 0,
            total_line: None,
            summary_seen: false,
            ended: false,
            summary_seats: 0,
        };
        if let Some(t) = h.table {
            p.set_table(t);
        }
        p
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        checked_money(text, self.scale, no)
    }

    /// Table name facts shared by both formats: capped and fast-fold tables.
    fn set_table(&mut self, name: &str) {
        let hand = self.b.hand_mut();
        hand.table_name = name.to_string();
        if is_capped(name) {
            hand.game.limit_type = match hand.game.limit_type {
                LimitType::PotLimit => LimitType::CapPotLimit,
                LimitType::NoLimit => LimitType::CapNoLimit,
                other => other,
            };
        }
        if name.starts_with("Blitz") {
            hand.game.fast = true;
        }
    }

    /// The seated player whose name starts `line`, followed by `sep`; longest name first.
    fn player_prefix<'l>(&self, line: &'l str, sep: &[u8]) -> Option<(PlayerIdx, &'l str)> {
        let players = &self.b.hand().players;
        text::name_prefix(players, line, |c| sep.contains(&c), false).map(|(i, n)| (i, &line[n..]))
    }

    fn player_named(&self, name: &str) -> Option<PlayerIdx> {
        self.b.hand().players.iter().position(|p| p.name == name)
    }

    fn line(&mut self, no: u32, line: &'a str) -> LineResult {
        match self.phase {
            Phase::Table => {
                self.table_line(no, line);
                self.phase = Phase::Seats;
                Ok(())
            }
            Phase::Seats => {
                if let Some(r) = line.strip_prefix("Seat ") {
                    if let Some(res) = self.seat_line(no, r) {
                        return res;
                    }
                }
                self.end_seats(no)?;
                self.body_line(no, line)
            }
            Phase::Body => self.body_line(no, line),
            Phase::Summary => match self.format {
                Format::Old => self.old_summary_line(no, line),
                Format::New => self.new_summary_line(no, line),
            },
        }
    }

    /// New format: "St. Lucie 6-max Seat #1 is the button", "Table '99' 8-max Seat #3 is the
    /// button", "Gorham 8-max".
    fn table_line(&mut self, _no: u32, line: &str) {
        let (name, rest) = match find(line, "-max") {
            Some(i) => {
                let before = &line[..i];
                let digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
                let name_end = before.len() - digits;
                self.b.hand_mut().max_seats = before[name_end..].parse().ok();
                (line[..name_end].trim_end(), &line[i..])
            }
            None => match find(line, " Seat #") {
                Some(i) => (&line[..i], &line[i..]),
                None => (line, ""),
            },
        };
        let name = name
            .strip_prefix("Table '")
            .and_then(|n| n.strip_suffix('\''))
            .unwrap_or(name);
        self.set_table(name);
        if let Some(i) = find(rest, "Seat #") {
            self.b.hand_mut().button_seat = leading_number(&rest[i + 6..]);
        }
    }

    /// "Seat N: NAME ($X)[ is sitting out]" (new), "Seat N: NAME (X)." (old),
    /// "Seat N is the button" (old). `None` when the line is not one of them.
    fn seat_line(&mut self, no: u32, r: &'a str) -> Option<LineResult> {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let after = &r[digits..];
        if after == " is the button" {
            self.b.hand_mut().button_seat = r[..digits].parse().ok();
            return Some(Ok(()));
        }
        let rest = after.strip_prefix(": ")?;
        Some(self.seat(no, &r[..digits], rest))
    }

    fn seat(&mut self, no: u32, seat: &str, rest: &'a str) -> LineResult {
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (rest, sitting_out) = match rest.strip_suffix(" is sitting out") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let rest = rest.strip_suffix('.').unwrap_or(rest);
        let inner = rest
            .strip_suffix(')')
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let open =
            rfind(inner, " (").ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let name = &inner[..open];
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = self.money(&inner[open + 2..], no)?;
        if self.seats.iter().any(|s| s.0 == seat) {
            return Err(ParseError::malformed(no, "two players in one seat"));
        }
        if self.seats.iter().any(|s| s.1 == name) {
            return Err(ParseError::malformed(no, "the same player in two seats"));
        }
        self.seats.push((seat, name, stack, sitting_out));
        Ok(())
    }

    /// The seat list is over: players go to the builder in seat order (the room prints late
    /// joiners last).
    fn end_seats(&mut self, no: u32) -> LineResult {
        if self.seats.is_empty() {
            return Err(ParseError::malformed(no, "the hand has no seat lines"));
        }
        self.seats.sort_by_key(|s| s.0);
        for &(seat, name, stack, sitting_out) in &self.seats {
            self.b.add_player(seat, name, stack, sitting_out);
            self.state.push(PlayerState {
                sits_out: sitting_out,
            });
        }
        self.phase = Phase::Body;
        Ok(())
    }

    fn body_line(&mut self, no: u32, line: &'a str) -> LineResult {
        let bytes = line.as_bytes();
        match bytes.first() {
            Some(b'*') if line.starts_with("*** ") => return self.street(no, line),
            Some(b'-') if line.starts_with("------ Summary") => {
                self.phase = Phase::Summary;
                self.summary_seen = true;
                return Ok(());
            }
            Some(b'U') => {
                if let Some(r) = line.strip_prefix("Uncalled bet (") {
                    return self.uncalled(no, r);
                }
            }
            Some(b'D') => {
                if let Some(r) = line.strip_prefix("Dealt to ") {
                    if let Some(res) = self.dealt_to(no, r) {
                        return res;
                    }
                }
            }
            Some(b'M') if self.format == Format::New && line.starts_with("Main pot ") => {
                return Ok(());
            }
            Some(b'G') if line.starts_with("Game ended at") => return Ok(()),
            _ => {}
        }
        match self.format {
            Format::Old => match line.strip_prefix("Player ") {
                Some(r) => self.old_player_line(no, r),
                // Chatter and room messages.
                None => Ok(()),
            },
            Format::New => match self.player_prefix(line, b" ") {
                Some((p, rest)) => self.new_player_line(no, p, &rest[1..]),
                None => {
                    if line.starts_with("Dealt to ") {
                        return Err(ParseError::malformed(
                            no,
                            "cards dealt to a player who is not in the seat list",
                        ));
                    }
                    Ok(())
                }
            },
        }
    }

    /// Street markers of both formats.
    fn street(&mut self, no: u32, line: &str) -> LineResult {
        let r = &line[4..];
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let name = &r[..end];
        let cards = r[end + 4..].trim_start_matches(':');
        if name == "SUMMARY" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        }
        if name == "RUN IT TWICE" {
            self.ran_twice = true;
            return Ok(());
        }
        // Run-it-twice streets: "FLOP 1", "TURN 2", "SHOW DOWN 2".
        let (name, run) = match name.rsplit_once(' ') {
            Some((n, k)) if k.len() == 1 && k.as_bytes()[0].is_ascii_digit() => {
                (n, k.parse::<usize>().ok().map(|k| k.saturating_sub(1)))
            }
            _ => (name, None),
        };
        let street: i8 = match (self.base, name) {
            (_, "SHOW DOWN") => return Ok(()),
            (Base::Hold, "HOLE CARDS") => 0,
            (Base::Hold, "FLOP") => 1,
            (Base::Hold, "TURN") => 2,
            (Base::Hold, "RIVER") => 3,
            (Base::Stud, "3rd STREET") => 0,
            (Base::Stud, "4th STREET") | (Base::Stud, "Third street") => 1,
            (Base::Stud, "5th STREET") | (Base::Stud, "Fourth street") => 2,
            (Base::Stud, "6th STREET") | (Base::Stud, "Fifth street") => 3,
            (Base::Stud, "7th STREET") | (Base::Stud, "Sixth street") => 4,
            _ => return Ok(()),
        };
        if street > self.b.street() {
            self.b.set_street(street);
        }
        if self.base == Base::Hold && street > 0 {
            self.board_cards(no, run, cards);
        }
        Ok(())
    }

    /// "[a b c]", "[a b c] [d]": the last group holds the new cards.
    fn board_cards(&mut self, _no: u32, run: Option<usize>, text: &str) {
        let Some(new) = groups(text).last().and_then(cards_of) else {
            return;
        };
        match run {
            Some(k) => {
                self.ran_twice = true;
                while self.runs.len() <= k.min(3) {
                    self.runs.push(self.board.clone());
                }
                if let Some(b) = self.runs.get_mut(k) {
                    b.extend_from_slice(&new);
                    b.truncate(5);
                }
                self.run = Some(k);
            }
            None => {
                self.board.extend_from_slice(&new);
                self.board.truncate(5);
            }
        }
    }

    /// "Uncalled bet ($0.12) returned to NAME" (both formats).
    fn uncalled(&mut self, no: u32, r: &str) -> LineResult {
        let (amt, name) = split2(r, ") returned to")
            .ok_or_else(|| ParseError::malformed(no, "unreadable uncalled bet line"))?;
        let name = name.strip_prefix(' ').unwrap_or(name);
        let p = self.player_named(name).ok_or_else(|| {
            ParseError::malformed(
                no,
                "uncalled bet returned to a player who is not in the seat list",
            )
        })?;
        if self.betting.folded(p) {
            return Err(ParseError::malformed(
                no,
                "uncalled bet returned to a player who folded",
            ));
        }
        let amount = self.money(amt, no)?;
        self.b.uncalled(p, amount);
        Ok(())
    }

    /// New format: "Dealt to NAME [cards]" (hold'em), "Dealt to NAME [old] [new]" (stud).
    fn dealt_to(&mut self, no: u32, r: &str) -> Option<LineResult> {
        let (p, rest) = self.player_prefix(r, b" ")?;
        let rest = rest.trim_start();
        if !rest.starts_with('[') {
            return None;
        }
        // Hold'em: cards dealt before the hole cards are the draw for the button.
        if self.base == Base::Hold && self.b.street() < 0 {
            return Some(Ok(()));
        }
        let Some(new) = groups(rest).last().and_then(cards_of) else {
            return Some(Err(ParseError::malformed(no, "unreadable cards")));
        };
        match self.base {
            Base::Stud => {
                let street = self.b.street().max(0) as usize;
                let mut cards = self.b.hand().players[p].cards.clone();
                if street == 0 {
                    // Third street: the hero sees his three cards, the others their up card.
                    if new.len() >= 3 {
                        cards = new.clone();
                        self.hero = Some(p);
                    } else if let Some(&up) = new.first() {
                        cards.resize(cards.len().max(3), Card::UNKNOWN);
                        cards[2] = up;
                    }
                } else if let Some(&c) = new.last() {
                    let slot = (street + 2).min(6);
                    cards.resize(cards.len().max(slot + 1), Card::UNKNOWN);
                    cards[slot] = c;
                }
                self.b.hand_mut().players[p].cards = cards;
            }
            _ => {
                self.b.set_cards(p, &new);
                self.hero = Some(p);
            }
        }
        Some(Ok(()))
    }

    /// Marks the start of betting when no "*** HOLE CARDS ***" line came (old format).
    fn begin_betting(&mut self) {
        Betting::begin_betting(&mut self.b);
    }

    /// Applies a betting verb with the format's rules.
    fn apply(&mut self, p: PlayerIdx, verb: Verb<'_>) {
        self.betting.apply(&mut self.b, p, &verb);
    }

    fn fold(&mut self, p: PlayerIdx) {
        self.apply(p, Verb::Fold { shown: None });
    }

    fn bet(&mut self, p: PlayerIdx, amount: Money, all_in: bool) {
        self.apply(p, Verb::Bet { amount, all_in });
    }

    fn raise_to(&mut self, p: PlayerIdx, to: Money, all_in: bool) {
        let raise = Raise::To(to);
        self.apply(p, Verb::Raise { raise, all_in });
    }

    /// An all-in of `amount` chips added: a bet, a raise or a call, by the street's totals.
    fn all_in(&mut self, p: PlayerIdx, amount: Money) {
        self.begin_betting();
        let to = self.b.street_total(p).saturating_add(amount);
        let max = self.b.street_max();
        if max == 0 {
            self.bet(p, amount, true);
        } else if to > max {
            self.raise_to(p, to, true);
        } else {
            self.b.call(p, amount, true);
        }
    }

    /// A post: the first small blind is the live one, a later one dead ([`RULES`]).
    fn post(&mut self, p: PlayerIdx, kind: ActionKind, amount: Money) {
        let all_in = false;
        self.apply(
            p,
            Verb::Post {
                kind,
                amount,
                all_in,
            },
        );
    }

    /// Old format: a big blind equal to the first stake of the header means the header printed
    /// the bets of a fixed-limit game.
    fn big_blind_posted(&mut self, amount: Money) {
        if self.limit_known {
            return;
        }
        self.limit_known = true;
        if amount == self.printed_small && amount > 0 {
            let g = &mut self.b.hand_mut().game;
            g.limit_type = LimitType::FixedLimit;
            g.small_blind = amount / 2;
            g.big_blind = amount;
            g.small_bet = amount;
            g.big_bet = amount.saturating_mul(2);
        }
    }

    /// Old format: "Player NAME verb ...".
    fn old_player_line(&mut self, no: u32, r: &str) -> LineResult {
        let Some((p, rest)) = self.player_prefix(r, b" ") else {
            if r.starts_with(' ') {
                return Err(ParseError::malformed(
                    no,
                    "a line for a player whose name the room left out",
                ));
            }
            // An observer or a player who left: only an action would matter.
            return Ok(());
        };
        let r = &rest[1..];
        fn amount_in(s: &str) -> Option<&str> {
            s.strip_prefix('(').and_then(|a| a.strip_suffix(')'))
        }
        let (verb, arg) = match r.split_once(' ') {
            Some((v, a)) => (v, a),
            None => (r, ""),
        };
        match verb {
            "folds" => self.fold(p),
            "checks" => {
                self.begin_betting();
                self.b.check(p);
            }
            "calls" | "bets" | "raises" | "caps" | "cap" | "allin" | "straddle" | "ante"
            | "posts" | "bring" | "has" => {
                // "allin" without an amount: a disconnected player, nothing put in.
                if verb == "allin" && arg.is_empty() {
                    return Ok(());
                }
                let (what, amt) = match verb {
                    "has" => {
                        let (what, a) = arg
                            .split_once(" (")
                            .ok_or_else(|| ParseError::malformed(no, "unreadable blind"))?;
                        (what, a.strip_suffix(')').unwrap_or(a))
                    }
                    "posts" if arg.starts_with("ante ") => {
                        ("ante", amount_in(&arg[5..]).unwrap_or(""))
                    }
                    "bring" => (
                        "bring",
                        amount_in(arg.strip_prefix("in ").unwrap_or("")).unwrap_or(""),
                    ),
                    _ => (verb, amount_in(arg).unwrap_or("")),
                };
                if amt.is_empty() {
                    return Err(ParseError::malformed(no, "action without an amount"));
                }
                let amount = self.money(amt, no)?;
                match (verb, what) {
                    ("has", "small blind") => self.post(p, ActionKind::SmallBlind, amount),
                    ("has", "big blind") => {
                        self.big_blind_posted(amount);
                        self.post(p, ActionKind::BigBlind, amount);
                    }
                    ("has", _) => {
                        return Err(ParseError::malformed(no, "unknown kind of blind"));
                    }
                    ("posts", "ante") | ("ante", _) => self.post(p, ActionKind::Ante, amount),
                    // A player coming in posts live money ("posts (5)" then "calls (5)" to 10),
                    // whatever its size: a big blind after the real one.
                    ("posts", _) => self.b.post(p, ActionKind::BigBlind, amount, false),
                    ("straddle", _) => self.post(p, ActionKind::Straddle, amount),
                    ("bring", _) => {
                        self.begin_betting();
                        self.b.bring_in(p, amount, false);
                    }
                    ("calls", _) => {
                        self.begin_betting();
                        self.b.call(p, amount, false);
                    }
                    ("bets", _) => self.bet(p, amount, false),
                    ("allin", _) => self.all_in(p, amount),
                    // Old raises and caps print the chips they add.
                    _ => {
                        self.begin_betting();
                        let to = self.b.street_total(p).saturating_add(amount);
                        self.raise_to(p, to, false);
                    }
                }
            }
            "received" => self.old_received(no, p, arg)?,
            "sitting" => {
                if let Some(s) = self.state.get_mut(p) {
                    s.sits_out = true;
                }
            }
            // "mucks cards", "is timed out.", "wait BB", "is disconnected and ALL IN.".
            _ => {}
        }
        Ok(())
    }

    /// Old format: "received a card." (face down, unknown) or "received card: [Ad]".
    fn old_received(&mut self, no: u32, p: PlayerIdx, arg: &str) -> LineResult {
        let card = if arg.starts_with("a card") {
            Card::UNKNOWN
        } else if let Some(g) = arg.strip_prefix("card: ") {
            let cards = groups(g)
                .next()
                .and_then(cards_of)
                .ok_or_else(|| ParseError::malformed(no, "unreadable card"))?;
            match cards.first() {
                Some(&c) => c,
                None => return Err(ParseError::malformed(no, "unreadable card")),
            }
        } else {
            return Ok(());
        };
        let pl = &mut self.b.hand_mut().players[p];
        if pl.cards.len() >= 7 {
            return Err(ParseError::malformed(
                no,
                "more than seven cards dealt to a player",
            ));
        }
        pl.cards.push(card);
        // The hero's own cards are the down cards he sees: every card in flop games, the first
        // two in stud (the others' up cards are printed too).
        let own = card.is_known() && (self.base != Base::Stud || pl.cards.len() <= 2);
        if own {
            self.hero = Some(p);
        }
        Ok(())
    }

    /// New format: "NAME verb ...".
    fn new_player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(verb) = DIALECT.parse(r, |t| self.money(t, no), no)? {
            if !self.betting.apply(&mut self.b, p, &verb) {
                match verb {
                    Verb::Show { cards } => {
                        if let Some(cards) = cards.and_then(cards_of) {
                            self.show(p, &cards);
                        }
                    }
                    Verb::Muck => self.b.hand_mut().players[p].mucked = true,
                    Verb::SitOut => self.sits_out(p),
                    // Winning prints no draw games.
                    _ => {}
                }
            }
            return Ok(());
        }
        // The room's own verbs.
        let (verb, arg) = match r.split_once(' ') {
            Some((v, a)) => (v, a),
            None => (r, ""),
        };
        match verb {
            "caps" | "cap" => {
                // The chips the raise adds, up to the cap.
                let (amt, all_in) = verbs::amount_tail(arg);
                let raise = Raise::Adds(self.money(amt, no)?);
                self.apply(p, Verb::Raise { raise, all_in });
            }
            "collected" => {
                // "collected $X from main pot[ N]" / "from side pot[ N]".
                let (amt, from) = split2(arg, " from ").unwrap_or((arg, ""));
                let amount = self.money(amt, no)?;
                let number: Option<u8> = from
                    .rsplit(' ')
                    .next()
                    .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|t| t.parse().ok());
                let (pot, board) = if self.ran_twice {
                    (0, number.map_or(0, |k| k.saturating_sub(1)))
                } else if find(from, "side pot").is_some() {
                    (number.unwrap_or(1).max(1), 0)
                } else {
                    (0, 0)
                };
                self.pre.push(Collection {
                    player: p,
                    amount,
                    pot,
                    board,
                });
            }
            "is" | "sits" if find(arg, "sitting out").is_some() || arg.starts_with("out") => {
                self.sits_out(p);
            }
            // "does not show", "is disconnected", chatter.
            _ => {}
        }
        Ok(())
    }

    fn sits_out(&mut self, p: PlayerIdx) {
        if let Some(s) = self.state.get_mut(p) {
            s.sits_out = true;
        }
    }

    /// Cards a player showed: hole cards in flop games, all his cards in stud.
    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        if cards.is_empty() {
            return;
        }
        if self.base == Base::Stud && cards.len() < 7 {
            // Partial stud hands: keep what is known, fill the rest.
            self.b.set_cards(p, cards);
        } else {
            self.b.hand_mut().players[p].cards = cards.to_vec();
        }
        self.b.hand_mut().players[p].shown = true;
    }

    // -----------------------------------------------------------------------------------------
    // Summaries
    // -----------------------------------------------------------------------------------------

    /// Old format summary: "Pot: X. Rake Y. JP fee Z", "Board: [..]", "[*]Player NAME ...
    /// Bets: X. Collects: Y. Wins|Loses: Z.", "Game ended at: ...".
    fn old_summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if line.starts_with("Game ended at") {
            self.ended = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Pot: ") {
            let mut total = None;
            let mut fees = 0 as Money;
            for (i, part) in r.split(". ").enumerate() {
                let part = part.trim();
                if i == 0 {
                    total = Some(self.money(part, no)?);
                } else if let Some(a) = part
                    .strip_prefix("Rake ")
                    .or_else(|| part.strip_prefix("JP fee "))
                    .or_else(|| part.strip_prefix("JP Fee "))
                {
                    fees = fees.saturating_add(self.money(a, no)?);
                }
            }
            self.total_pot = total;
            self.fees = fees;
            self.total_line = Some(no);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board: ") {
            if let Some(cards) = groups(r).next().and_then(cards_of) {
                self.summary_boards = vec![cards];
            }
            return Ok(());
        }
        let r = line.strip_prefix('*').unwrap_or(line);
        let Some(r) = r.strip_prefix("Player ") else {
            return Ok(());
        };
        let Some((p, rest)) = self.player_prefix(r, b" ") else {
            if r.starts_with(' ') {
                return Err(ParseError::malformed(
                    no,
                    "a summary line for a player whose name the room left out",
                ));
            }
            // The room also lists players who left the table during the hand; one who took
            // money from the pot must be seated.
            if self.summary_collects(r, no)? > 0 {
                return Err(ParseError::malformed(
                    no,
                    "pot collected by a player who is not in the seat list",
                ));
            }
            return Ok(());
        };
        let collects = self.summary_collects(rest, no)?;
        if collects > 0 {
            self.summary_won.push((p, collects));
        }
        let rest = rest.trim_start();
        if let Some(s) = rest.strip_prefix("shows:") {
            let end = find(s, "Bets:").unwrap_or(s.len());
            if let Some(cards) = groups(&s[..end]).next().and_then(cards_of) {
                self.show(p, &cards);
            }
        } else if let Some(s) = rest.strip_prefix("mucks (does not show: ") {
            if let Some(cards) = groups(s).next().and_then(cards_of) {
                self.b.set_cards(p, &cards);
            }
            self.b.hand_mut().players[p].mucked = true;
        } else if rest.starts_with("mucks") && collects == 0 {
            self.b.hand_mut().players[p].mucked = true;
        }
        Ok(())
    }

    /// The amount after "Collects: " in an old-format summary line (0 when there is none).
    fn summary_collects(&self, line: &str, no: u32) -> Result<Money, ParseError> {
        match split2(line, "Collects: ") {
            Some((_, c)) => {
                let c = c.split(' ').next().unwrap_or("");
                self.money(c.strip_suffix('.').unwrap_or(c), no)
            }
            None => Ok(0),
        }
    }

    /// New format summary: "Total pot $X | Rake $Y | JP Fee $Z", "Board [..]", "Board 1 [..]",
    /// "Seat N: NAME ...".
    fn new_summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some(r) = line.strip_prefix("Total pot ") {
            let mut fees = 0 as Money;
            let mut parts = r.split(" | ");
            let total = self.money(parts.next().unwrap_or(""), no)?;
            for part in parts {
                if let Some(a) = part
                    .strip_prefix("Rake ")
                    .or_else(|| part.strip_prefix("JP Fee "))
                    .or_else(|| part.strip_prefix("JP fee "))
                {
                    fees = fees.saturating_add(self.money(a, no)?);
                }
            }
            self.total_pot = Some(total);
            self.fees = fees;
            self.total_line = Some(no);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board") {
            if let Some(cards) = groups(r).next().and_then(cards_of) {
                let k: usize = leading_number(r.trim_start()).unwrap_or(1);
                let k = k.clamp(1, 4) - 1;
                if k > 0 {
                    // Run-it-twice summaries repeat the seat lines under each board: each
                    // board's lines must be complete.
                    self.check_summary_seats(no)?;
                    self.summary_seats = 0;
                }
                while self.summary_boards.len() <= k {
                    self.summary_boards.push(Vec::new());
                }
                if let Some(b) = self.summary_boards.get_mut(k) {
                    *b = cards;
                }
            }
            return Ok(());
        }
        let Some(r) = line.strip_prefix("Seat ") else {
            return Ok(());
        };
        let Some(seat) = leading_number::<u8>(r) else {
            return Ok(());
        };
        let Some(p) = self.b.hand().players.iter().position(|pl| pl.seat == seat) else {
            return Err(ParseError::malformed(
                no,
                "summary line of a seat nobody sits in",
            ));
        };
        self.summary_seats |= 1u128 << (seat & 127);
        if let Some(i) = find(r, " showed [") {
            if let Some(cards) = groups(&r[i..]).next().and_then(cards_of) {
                self.show(p, &cards);
            }
        } else if let Some(i) = find(r, " mucked [") {
            if let Some(cards) = groups(&r[i..]).next().and_then(cards_of) {
                self.b.set_cards(p, &cards);
            }
            self.b.hand_mut().players[p].mucked = true;
        }
        // Run-it-twice summaries repeat the seat lines per board: only the first counts (and
        // the collect lines before the summary win over them anyway).
        if let Some(i) = find(r, " won ") {
            if self.summary_boards.len() <= 1 {
                let amt = r[i + 5..].split(' ').next().unwrap_or("");
                let amount = self.money(amt, no)?;
                self.summary_won.push((p, amount));
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // The end
    // -----------------------------------------------------------------------------------------

    /// New format: the summary (or the current board's part of it) has a line for every seat
    /// but those listed as sitting out.
    fn check_summary_seats(&self, line: u32) -> LineResult {
        let missing = self
            .b
            .hand()
            .players
            .iter()
            .zip(&self.state)
            .find(|(pl, s)| !s.sits_out && self.summary_seats & (1u128 << (pl.seat & 127)) == 0)
            .map(|(pl, _)| pl);
        match missing {
            Some(pl) => Err(ParseError::cut_in_summary(
                line,
                &format!("no line for seat {}", pl.seat),
            )),
            None => Ok(()),
        }
    }

    fn finish(mut self, last_line: u32) -> Result<Hand, ParseError> {
        if self.phase == Phase::Seats {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the hand stops in its seat list (the file was cut)",
            ));
        }
        if !self.summary_seen {
            return Err(ParseError::before_summary(last_line));
        }
        // A file cut inside the summary would otherwise lose collections, shown cards or the
        // board. Old-format hands end with "Game ended at"; new-format summaries have a line
        // for every seat of the seat list not sitting out, under each board run.
        match self.format {
            Format::Old if !self.ended => {
                return Err(ParseError::cut_in_summary(
                    last_line,
                    "no \"Game ended at\" line",
                ));
            }
            Format::New => {
                self.check_summary_seats(last_line)?;
                if self.summary_boards.len() < self.runs.len() {
                    return Err(ParseError::cut_in_summary(
                        last_line,
                        &format!(
                            "{} of the {} boards run",
                            self.summary_boards.len(),
                            self.runs.len()
                        ),
                    ));
                }
            }
            Format::Old => {}
        }
        if self.b.hand().players.is_empty() {
            return Err(ParseError::malformed(
                self.header_line,
                "the hand has no seat lines",
            ));
        }
        self.finish_boards();
        self.finish_players();
        self.finish_collections();
        self.finish_money(last_line)?;
        Ok(self.b.finish())
    }

    fn finish_boards(&mut self) {
        if self.base != Base::Hold {
            return;
        }
        let printed: Vec<Vec<Card>> = self
            .summary_boards
            .iter()
            .filter(|b| !b.is_empty())
            .cloned()
            .collect();
        let boards = if !printed.is_empty() {
            printed
        } else if !self.runs.is_empty() {
            std::mem::take(&mut self.runs)
        } else if !self.board.is_empty() {
            vec![std::mem::take(&mut self.board)]
        } else {
            Vec::new()
        };
        let hand = self.b.hand_mut();
        hand.run_it_twice = self.ran_twice || boards.len() > 1;
        hand.boards = boards;
    }

    fn finish_players(&mut self) {
        let tourney_no = self.tourney_no;
        let level = self.level.map(str::to_string);
        let hero = self.hero;
        // The old format prints every card dealt: a seated player dealt nothing sat out.
        let deals_printed = self.format == Format::Old;
        let hand = self.b.hand_mut();
        let acting: Vec<bool> = (0..hand.players.len())
            .map(|p| hand.actions.iter().any(|a| a.player == p))
            .collect();
        for ((pl, s), acted) in hand.players.iter_mut().zip(&self.state).zip(acting) {
            // A player who posts or acts is in the hand, whatever he said before.
            pl.sitting_out = !acted && (s.sits_out || (deals_printed && pl.cards.is_empty()));
        }
        hand.game.ante = hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max()
            .unwrap_or(0);
        hand.hero = hero;
        if let Some(t) = tourney_no {
            let table = std::mem::take(&mut hand.table_name);
            // Old-format names are "$5 Regular 9-Max, Table 1": the table is the last number.
            let table_no = match rfind(&table, ", Table ") {
                Some(i) => table[i + ", Table ".len()..].to_string(),
                None => table.clone(),
            };
            hand.table_name = format!("{t} {table_no}");
            hand.tournament = Some(Tournament {
                tourney_no: t,
                buyin: 0,
                fee: 0,
                bounty: 0,
                currency: "USD".to_string(),
                level,
                table_no: (!table_no.is_empty()).then_some(table_no),
                rebuy: false,
                results: Vec::new(),
            });
        }
    }

    /// Collections: the new format's "collected" lines when there are any (they are right for
    /// run-it-twice hands, whose summary is not), else the summary's amounts.
    fn finish_collections(&mut self) {
        let collections = if !self.pre.is_empty() {
            std::mem::take(&mut self.pre)
        } else {
            self.summary_won
                .iter()
                .map(|&(player, amount)| Collection {
                    player,
                    amount,
                    pot: 0,
                    board: 0,
                })
                .collect()
        };
        self.b.hand_mut().collections = collections;
    }

    /// Total pot and rake. The room prints the pot after its fees; when the printed pot already
    /// equals what the players put in, it was printed before them.
    fn finish_money(&mut self, last_line: u32) -> LineResult {
        let mut policy = PotPolicy::new(self.scale, self.total_line.unwrap_or(last_line));
        if let Some(printed) = self.total_pot {
            policy.printed = PrintedPot::AfterRake(printed);
            policy.rake = Some(self.fees);
        }
        self.b.settle(&policy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let text = split::normalise(text);
        let mut hands: Vec<_> = crate::parse_history(&text).collect();
        assert_eq!(hands.len(), 1, "one hand expected");
        hands.remove(0)
    }

    #[test]
    fn detects_both_formats_and_nothing_else() {
        let w = Winning;
        assert!(w.is_hand_start("Game started at: 2016/8/8 16:26:41"));
        assert!(w.is_hand_start(
            "Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC"
        ));
        assert!(w.is_hand_start(
            "Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - Level 15 \
             (250.00/500.00)- 2019/07/21 17:44:50 UTC"
        ));
        assert!(!w.is_hand_start("Game ended at: 2016/8/8 16:27:29"));
        assert!(!w.is_hand_start("Game ID: 698338917 0.01/0.02 (PRR) Bahamut (Cap) - 5 (Hold'em)"));
        // Seals With Clubs.
        assert!(!w.is_hand_start("Hand #5297786-137 - 2013-04-11 02:08:55"));
        assert!(!w.is_hand_start("PokerStars Hand #1: Hold'em No Limit ($1/$2) - 2010/1/1"));
        assert!(!w.is_hand_start("Hand #12 - something else"));
        assert!(!w.is_hand_start(""));
    }

    const OLD: &str = "Game started at: 2016/8/8 16:27:50\n\
Game ID: 698339630 0.01/0.02 (PRR) Bahamut (Cap) - 5 (Hold'em)\n\
Seat 6 is the button\n\
Seat 1: shadex47 (2.01).\n\
Seat 2: busmanstc (2.07).\n\
Seat 5: rt1501 (0.79).\n\
Seat 3: unregpre (2.12).\n\
Seat 6: ChazDazzle (0.75).\n\
Player shadex47 has small blind (0.01)\n\
Player busmanstc has big blind (0.02)\n\
Player shadex47 received a card.\n\
Player shadex47 received a card.\n\
Player ChazDazzle received card: [7d]\n\
Player ChazDazzle received card: [10s]\n\
Player unregpre folds\n\
Player rt1501 raises (0.06)\n\
Player ChazDazzle folds\n\
Player shadex47 calls (0.05)\n\
Player busmanstc calls (0.04)\n\
*** FLOP ***: [8c 8d Ac]\n\
Player shadex47 checks\n\
Player busmanstc bets (0.02)\n\
Player rt1501 folds\n\
Player shadex47 folds\n\
Uncalled bet (0.02) returned to busmanstc\n\
Player busmanstc mucks cards\n\
------ Summary ------\n\
Pot: 0.17. Rake 0.01\n\
Board: [8c 8d Ac]\n\
Player shadex47 does not show cards.Bets: 0.06. Collects: 0. Loses: 0.06.\n\
*Player busmanstc mucks (does not show cards). Bets: 0.06. Collects: 0.17. Wins: 0.11.\n\
Player unregpre does not show cards.Bets: 0. Collects: 0. Wins: 0.\n\
Player rt1501 does not show cards.Bets: 0.06. Collects: 0. Loses: 0.06.\n\
Player ChazDazzle does not show cards.Bets: 0. Collects: 0. Wins: 0.\n\
Game ended at: 2016/8/8 16:28:58\n";

    #[test]
    fn old_format_hand() {
        let h = parse(OLD).unwrap();
        assert_eq!(h.site, SITE);
        assert_eq!(h.site_hand_no, OLD_IDS + 698339630);
        assert_eq!(h.site_hand_id, "698339630");
        assert_eq!(h.table_name, "(PRR) Bahamut (Cap) - 5");
        assert_eq!(h.game.limit_type, LimitType::CapNoLimit);
        assert_eq!(h.game.currency, "USD");
        assert_eq!((h.game.small_blind, h.game.big_blind), (1, 2));
        // Seats come in seat order although the room printed seat 3 late.
        let seats: Vec<u8> = h.players.iter().map(|p| p.seat).collect();
        assert_eq!(seats, [1, 2, 3, 5, 6]);
        let hero = h.hero.unwrap();
        assert_eq!(h.players[hero].name, "ChazDazzle");
        assert_eq!(
            h.players[hero].cards,
            [Card::parse("7d").unwrap(), Card::parse("Ts").unwrap()]
        );
        // "raises (0.06)" adds six cents; the small blind's call of 0.05 matches it.
        let raise = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Raise)
            .unwrap();
        assert_eq!((raise.amount, raise.raise_to), (6, Some(6)));
        assert_eq!(h.returned.len(), 1);
        assert_eq!(h.returned[0].street, 1);
        // The pot is printed after rake.
        assert_eq!((h.total_pot, h.rake), (18, 1));
        assert_eq!(h.collections.iter().map(|c| c.amount).sum::<i64>(), 17);
        assert_eq!(h.boards.len(), 1);
        // Local time read as US/Eastern (daylight saving in August).
        assert_eq!(h.start_time.to_rfc3339(), "2016-08-08T20:27:50+00:00");
    }

    #[test]
    fn old_format_fixed_limit_from_the_big_blind() {
        let text = OLD.replace("0.01/0.02 (PRR) Bahamut (Cap) - 5", "0.02/0.04 (PRR) Xana");
        let h = parse(&text).unwrap();
        assert_eq!(h.game.limit_type, LimitType::FixedLimit);
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.big_bet),
            (1, 2, 4)
        );
    }

    #[test]
    fn old_format_unnamed_player_is_an_error() {
        let text = OLD.replace("Player busmanstc has big blind", "Player  has big blind");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        assert_eq!(e.line, 10);
        assert_eq!(e.site_hand_no, Some(OLD_IDS + 698339630));
        assert!(e.line_text.unwrap().starts_with("Player  has"));
    }

    #[test]
    fn old_format_cut_hand_is_unfinished() {
        let cut: String = OLD.lines().take(12).map(|l| format!("{l}\n")).collect();
        let e = parse(&cut).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        let cut: String = OLD.lines().take(4).map(|l| format!("{l}\n")).collect();
        assert_eq!(parse(&cut).unwrap_err().kind, ErrorKind::Unfinished);
        // Everything but "Game ended at": cut inside the summary.
        let cut = &OLD[..OLD.find("Game ended at").unwrap()];
        let e = parse(cut).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        assert!(e.message.contains("Game ended at"), "{}", e.message);
    }

    const NEW_RIT: &str =
        "Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #5 is the button
Seat 1: Player0 ($124.50)
Seat 2: Player1 ($1142.13)
Seat 3: Hero ($120.00)
Seat 4: Player2 ($134.00)
Seat 5: Player3 ($180.00)
Seat 6: Player4 ($517.75)
Player4 posts the small blind $3.00
Player0 posts the big blind $6.00
*** HOLE CARDS ***
Dealt to Hero [Ac 4d 2d 2h]
Player1 folds
Hero raises $120.00 to $120.00 and is all-in
Player2 raises $134.00 to $134.00 and is all-in
Player3 folds
Player4 folds
Player0 folds
Uncalled bet ($14.00) returned to Player2
*** RUN IT TWICE ***
*** FLOP 1 *** [8h Qd 7d]
Main pot 1 $123.00 | Rake $1.50
*** TURN 1 *** [8h Qd 7d] [7h]
Main pot 1 $123.00 | Rake $1.50
*** RIVER 1 *** [8h Qd 7d 7h] [5d]
Main pot 1 $123.00 | Rake $1.50
*** SHOW DOWN 1 ***
Main pot 1 $123.00 | Rake $1.50
Hero shows [Ac 4d 2d 2h] (HI - a flush, Queen high [Qd 7d 5d 4d 2d] | LO - [8,7,5,2,1])
Player2 shows [Ad 7s 2c Th] (HI - three of a kind, Set of Sevens [7s 7h 7d Ad Qd] | LO - [8,7,5,2,1])
Hero collected $92.25 from main pot 1
Player2 collected $30.75 from main pot 1
*** FLOP 2 *** [6c 9s Jh]
Main pot 2 $123.00 | Rake $1.50
*** TURN 2 *** [6c 9s Jh] [8c]
Main pot 2 $123.00 | Rake $1.50
*** RIVER 2 *** [6c 9s Jh 8c] [6s]
Main pot 2 $123.00 | Rake $1.50
*** SHOW DOWN 2 ***
Main pot 2 $123.00 | Rake $1.50
Hero shows [Ac 4d 2d 2h] (HI - two pair, Sixs and Deuces [6s 6c 2h 2d Jh] | LO - [])
Player2 shows [Ad 7s 2c Th] (HI - a straight, Jack high [Jh Th 9s 8c 7s] | LO - [])
Player2 collected $123.00 from main pot 2
*** SUMMARY ***
Total pot $246.00 | Rake $2.76 | JP Fee $0.24
Board 1 [8h Qd 7d 7h 5d]
Seat 1: Player0 (big blind) folded on the Pre-Flop
Seat 2: Player1 folded on the Pre-Flop and did not bet
Seat 3: Hero showed [Ac 4d 2d 2h] and won $61.50 with HI - a flush, Queen high [Qd 7d 5d 4d 2d] | LO - [8,7,5,2,1]
Seat 4: Player2 showed [Ad 7s 2c Th] and lost with HI - three of a kind, Set of Sevens [7s 7h 7d Ad Qd] | LO - [8,7,5,2,1]
Seat 5: Player3 (button) folded on the Pre-Flop
Seat 6: Player4 (small blind) folded on the Pre-Flop
Board 2 [6c 9s Jh 8c 6s]
Seat 1: Player0 (big blind) folded on the Pre-Flop
Seat 2: Player1 folded on the Pre-Flop and did not bet
Seat 3: Hero showed [Ac 4d 2d 2h] and lost with HI - two pair, Sixs and Deuces [6s 6c 2h 2d Jh] | LO - []
Seat 4: Player2 showed [Ad 7s 2c Th] and won $123.00 with HI - a straight, Jack high [Jh Th 9s 8c 7s] | LO - []
Seat 5: Player3 (button) folded on the Pre-Flop
Seat 6: Player4 (small blind) folded on the Pre-Flop
";

    #[test]
    fn new_format_run_it_twice_with_jackpot_fee() {
        let h = parse(NEW_RIT).unwrap();
        assert_eq!(h.game.category, Category::OmahaHiLo);
        assert_eq!(h.game.limit_type, LimitType::NoLimit);
        assert_eq!(h.max_seats, Some(6));
        assert_eq!(h.button_seat, Some(5));
        assert!(h.run_it_twice);
        assert_eq!(h.boards.len(), 2);
        assert_eq!(h.boards[1][0], Card::parse("6c").unwrap());
        // Collections from the collect lines (the summary's first board says $61.50).
        let won: i64 = h.collections.iter().map(|c| c.amount).sum();
        assert_eq!(won, 24_600);
        assert_eq!(h.collections[2].board, 1);
        assert_eq!((h.total_pot, h.rake), (24_900, 300));
        assert_eq!(h.start_time.to_rfc3339(), "2021-04-16T19:14:14+00:00");
        assert!(h
            .actions
            .iter()
            .filter(|a| a.street == 0 && a.kind == ActionKind::Raise)
            .all(|a| a.all_in));
        // Cut between the two boards of the summary, or inside the first board's seat lines.
        for end in [
            "Board 2 [",
            "Seat 5: Player3 (button) folded on the Pre-Flop\nSeat 6",
        ] {
            let cut = &NEW_RIT[..NEW_RIT.find(end).unwrap()];
            let e = parse(cut).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{}", e.message);
            assert!(e.message.contains("inside its summary"), "{}", e.message);
        }
    }

    #[test]
    fn new_format_tournament_header() {
        let h = parse_new_header(
            "Game Hand #1296393662 - $5,000 GTD Tournament #27099516 - Holdem(No Limit) - \
             Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC",
        )
        .ok()
        .unwrap();
        assert_eq!(h.no, 1296393662);
        assert_eq!(h.tourney_no, Some(27099516));
        assert_eq!(h.level, Some("10"));
        assert_eq!((h.game.small_blind, h.game.big_blind), (3000, 6000));
        assert_eq!(h.game.currency, "T$");
        assert_eq!(h.scale, CHIPS);
        let h = parse_new_header(
            "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC",
        )
        .ok()
        .unwrap();
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.big_bet),
            (1000, 2000, 4000)
        );
        let h = parse_new_header(
            "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC",
        )
        .ok()
        .unwrap();
        assert_eq!((h.game.small_blind, h.game.big_blind), (0, 4));
        assert!(
            parse_new_header("Hand #99999999999999999999 - Holdem(No Limit) - $1/$2 - x")
                .is_err_and(|e| e.0 == ErrorKind::OutOfRange)
        );
    }

    #[test]
    fn old_format_headers() {
        let h = parse_old_header(
            "2016/8/28 20:23:32",
            "Game ID: 714490456 2500/5000 OSS #27 - $300,000 GTD Sunday Special, Table 8 (Hold'em)",
        )
        .ok()
        .unwrap();
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!(h.game.currency, "T$");
        assert_eq!(h.tourney_no, None);
        let h = parse_old_header(
            "2018/01/27 14:31:57",
            "Game ID: 270567990173 10/20 PMS_27056799 (Hold'em) 8-max",
        )
        .ok()
        .unwrap();
        assert_eq!((h.tourney_no, h.max_seats), (Some(27056799), Some(8)));
        let h = parse_old_header(
            "2016/8/8 15:57:55",
            "Game ID: 698319898 5/10 PM Hold`em 5/10 (Hold'em)",
        )
        .ok()
        .unwrap();
        assert_eq!(
            (h.game.kind, h.game.currency.as_str(), h.scale),
            (GameKind::Ring, "play", CENTS)
        );
        let h = parse_old_header(
            "2016/8/2 11:13:2",
            "Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)",
        )
        .ok()
        .unwrap();
        assert_eq!(h.game.category, Category::StudHiLo);
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.big_bet),
            (0, 100, 200)
        );
        assert!(
            parse_old_header("2016/8/2 11:13:2", "Game ID: 1 1/2 Table (Razz)")
                .is_err_and(|e| e.0 == ErrorKind::Unsupported)
        );
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "Game started at: 2016/8/8 16:26:41\nGame ID: x",
            "Game started at: 2016/8/8 16:26:41\nGame ID: 1 1/2 (Hold'em)\nSeat 1: (",
            "Hand #1 - Holdem(No Limit) - $1/$2 - 2019/01/01 00:00:00 UTC\nT\nSeat 1: a ($1)\n\
             a raises $x to\na calls\n*** SUMMARY ***\nTotal pot\nSeat 99: a won $",
            "Hand #1 - Holdem(No Limit) - $1/$2 - 2019/01/01 00:00:00 UTC\nT\nSeat 1: a ($1)\n\
             Dealt to a [Zz]\n*** FLOP *** [\n*** SUMMARY ***\nBoard [",
        ] {
            let _ = parse(text);
        }
    }
}

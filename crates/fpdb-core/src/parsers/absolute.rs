//! Absolute Poker and UltimateBet hand histories (the Cereus network, closed 2011–2012): cash
//! tables and tournaments, stored under the site name `Absolute`.
//!
//! The two rooms ran one network from 2008: one client writing one format, one series of hand
//! numbers, the players of both rooms at the same tables. Their histories are identical line for
//! line (the corpus's UltimateBet file and the Absolute files of the same weeks differ in nothing
//! but the players), and no line names the room the history was written by: a hand seen from an
//! UltimateBet account and from an Absolute account is the same `Stage #` of the network. Every
//! hand is therefore stored under one site, `Absolute` (the reference tracker's name for the
//! format), so that it is one hand whoever imports it.
//!
//! One pass over the lines, no regular expressions; names are matched against the seat list,
//! longest first. Betting goes through the shared [`verbs`](crate::parsers::verbs) rules, money
//! through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers, tournament numbers and times
//!
//! The header's number is digits, from 2010 led by a letter (`Stage #C282012441`: the network
//! started its counter again with the letter). Tournament hands have their own series
//! (`Stage #525691746 Tourney ID 5945889`). `site_hand_no` is `P · 10^15 + N`, N the digits and
//! P the letter's rank (A = 1 … Z = 26, 0 without one), plus 27 for tournament hands:
//! `1828549717`, `3000000282012441` (`C282012441`), `27000000525691746`. A number of 10^15 or
//! more is refused as out of range, so the mapping is injective. `site_hand_id` is the id as
//! printed (`C282012441`). The tournament number is the `Tourney ID`.
//!
//! The time is US Eastern (`2010-12-07 22:18:14 (ET)`, other zone names as the shared zone table
//! reads them, no name: Eastern); milliseconds (`18:23:36.005`) are dropped and the bracketed
//! second time some hands print after it (`[ 2009-12-31 18:23:36 ]`) is not read.
//!
//! # What the format prints, line by line
//!
//! - Header: `Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)`, any
//!   letter case (`HOLDEM NORMAL` in 2007): the game (`Holdem`, `Omaha`, `Omaha Hi/Lo`, `Seven
//!   Card Hi/Lo`, `Seven Card` and `7 Card Stud` for stud hi, `Razz`), `(1 on 1)` for heads-up
//!   tables, the limit (`No Limit`, `Pot Limit`, `Normal` = fixed limit) and the stakes:
//!   no-limit and pot-limit tables print the big blind (`$0.02`, `$4`) or both blinds, fixed
//!   limit the bets (`$0.25/$0.50`: the big blind is the small bet, the small blind is read from
//!   its post, as the room's small blinds are not half the big one at every stake: $0.10 at
//!   $0.25/$0.50, $3 at $5/$10), then `, $0.25 ante`, `Turbo` and `(7-2)` (a table paying a
//!   bonus for winning with seven-deuce: such a bonus is refused, see below). `$` is USD, `€`
//!   EUR (cents); no symbol is play money (chips). Tournaments: `Stage #525691746 Tourney ID
//!   5945889 Holdem Multi Normal Tournament No Limit 10 - ...`: the words up to `Tournament`
//!   are the tournament's kind; chips (`T$`); the buy-in is not printed (0, import the
//!   tournament's summary for it). `HORSE` hands (their game on a line of their own) are
//!   refused as unsupported.
//! - `Table: MONTEGO DR (Real Money) Seat #4 is the dealer` (`is the dead dealer` read the same):
//!   the table, `Real Money` or `Play Money`, the button. Tournament tables are numbers (`Table:
//!   15`): stored as `5945889 15`, table number 15. Stud hands may print no table line.
//! - `Seat 7 - PLAYER7 ($2.13 in chips)`, in table order from the dealer (stored by seat).
//! - Posts: `NAME - Posts small blind $0.01`, `Posts big blind $0.02`, `Posts $0.02` (a
//!   newcomer's live big blind), `Posts $1 dead $0.50` (a live big blind and a dead small blind
//!   posted together), `Ante $0.25`, `All-In $191.27` (a blind posted all-in: the big blind once
//!   a small blind is posted or when above the small blind, else the small blind; in stud the
//!   ante), `sitout (wait for BB)` (sitting out: not dealt).
//! - Streets: `*** POCKET CARDS ***`, `*** FLOP *** [Qh 8h 7h]`, `*** TURN *** [Qh 8h 7h] [Ah]`,
//!   `*** RIVER *** [Qh 8h 7h Ah] [Kc]` (the board so far, checked, then the street's card);
//!   stud `*** 3rd STREET ***`, `*** 4TH STREET ***` … `*** 6TH STREET ***`, `*** RIVER ***`;
//!   `*** SHOW DOWN ***`, `*** SUMMARY ***`.
//! - `Dealt to NAME [9c 7c]`: the hero's hole cards. Stud: `NAME - Pocket [H H Js 10d]` each
//!   street, every player's cards so far in dealing order, `H` a card not seen; the hero's are
//!   all seen (`Hero - Pocket [10c 5c 7s]`, repeated after he folds).
//! - Actions: `Folds` (`Folds (Fold & Show [5c 5d])`: the cards shown), `Checks`, `Calls $0.02`,
//!   `Bets $0.06`, `Raises $3.50 to $4` and `All-In(Raise) 565 to 1,085` (the first amount is
//!   what the raise puts in, the second the street total, not read), `All-In 1,170` (the chips
//!   put in: a call when they do not top the street's highest total, else a bet or a raise),
//!   `Bring-In $0.01`; any of them may end in ` (Timeout)`. `All-In (Timeout)` without an amount
//!   is the room's all-in protection of a player who timed out: he stays in for what he has put
//!   in, adds nothing (no action is stored) and the bet he faced comes back to the bettor.
//! - `NAME - returned ($0.06) : not called`: the uncalled bet given back.
//! - Showdown: `NAME - Shows [Ac Ah] (Straight, ten to ace)`, `NAME - Mucks`, `NAME - Does not
//!   show`, and the awards `NAME Collects $4.30 from main pot` / `from side pot-1` (after the
//!   rake; hi/lo halves as two awards).
//! - Summary: `Total Pot($4.50) | Rake ($0.20)[ | Jackpot Rake ($0.50)]` (the pot before the
//!   rake; with side pots `Total Pot(5,480:3,750,1,730)`, the total before the colon);
//!   `Board [..]` (checked against the streets); one line per seat that played: `Seat 5: NAME
//!   (small blind) won Total ($4.30) HI:($4.30) with Straight [Ac Ah - P:Ah,B:Ks,...]`,
//!   `collected Total ($6)`, `HI:lost with ... [cards - ...]`, `HI: [Mucked] [Kd 6c]` (cards
//!   mucked at the showdown), `Folded on the POCKET CARDS`; the position tags (`(dealer)`,
//!   `(small blind)`, `(big blind)`) are not read. Each seat's total (`won Total`, `collected
//!   Total`) is checked against its awards.
//!
//! The rake is `Rake` plus `Jackpot Rake`; uncalled bets are printed. The hand ends with its
//! summary's seat lines (there is no end marker): a hand is finished once every player who
//! acted, was dealt cards or won has his summary line.
//!
//! Refused: any other line (the format has no chat or notices), an action by a name that is not
//! seated, a post after the deal or a bet after the showdown, a game or limit fpdb does not read,
//! a seven-deuce bonus (`72 Prop Win`: money paid outside the pot), a hand cut before its
//! summary or before a seat's summary line, a seat's total that is not its awards, a hand whose
//! money does not balance.

use chrono::{DateTime, NaiveDateTime, Timelike, Utc};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, find, split2, HandLines};
use crate::parsers::verbs::{self, Betting, Raise, Rules, Verb, Word};
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The Cereus network's format (Absolute Poker, UltimateBet).
#[derive(Debug)]
pub struct Absolute;
room!(Absolute, SITE, b"S", |l| hand_id(l).is_some(), parse_chunk);

const SITE: &str = "Absolute";

const HEADER: &str = "Stage #";

/// `site_hand_no` = prefix × this + the printed number.
const PREFIX_FACTOR: i64 = 1_000_000_000_000_000;
/// The prefix of tournament hands, added to the letter's rank.
const TOURNAMENT_PREFIX: i64 = 27;

/// Every second small blind is dead; a second big blind is a newcomer's, live.
const RULES: Rules = Rules::NONE;

/// The words of the actions with an amount ("Posts $0.02" last: a newcomer's big blind).
const WORDS: &[(&str, Word)] = &[
    ("Calls ", Word::Call),
    ("Bets ", Word::Bet),
    ("Raises ", Word::RaiseAdds),
    ("Bring-In ", Word::BringIn),
    ("Ante ", Word::Post(ActionKind::Ante)),
    ("Posts small blind ", Word::Post(ActionKind::SmallBlind)),
    ("Posts big blind ", Word::Post(ActionKind::BigBlind)),
    ("Posts ", Word::Post(ActionKind::BigBlind)),
];

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "Stage #C282012441: ..." → the letter, the digits and the text after them.
fn hand_id(line: &str) -> Option<(Option<u8>, &str, &str)> {
    let r = line.strip_prefix(HEADER)?;
    let (letter, r) = match *r.as_bytes().first()? {
        c if c.is_ascii_uppercase() => (Some(c), &r[1..]),
        _ => (None, r),
    };
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &r[n..];
    (n > 0 && (rest.starts_with(':') || rest.starts_with(' '))).then_some((letter, &r[..n], rest))
}

/// The stored number of a hand (see the module); `None` when it does not fit.
fn hand_no(letter: Option<u8>, digits: &str, tournament: bool) -> Option<i64> {
    let n: i64 = digits.parse().ok().filter(|&n| n < PREFIX_FACTOR)?;
    let rank = letter.map_or(0, |c| i64::from(c - b'A') + 1);
    let prefix = rank + if tournament { TOURNAMENT_PREFIX } else { 0 };
    Some(prefix * PREFIX_FACTOR + n)
}

/// The games as the header names them (compared word by word, in any letter case); `None`: a
/// game fpdb does not read.
const GAMES: &[(&[&str], Option<Category>)] = &[
    (&["seven", "card", "hi/lo"], Some(Category::StudHiLo)),
    (&["seven", "card"], Some(Category::StudHi)),
    (&["7", "card", "stud", "hi/lo"], Some(Category::StudHiLo)),
    (&["7", "card", "stud"], Some(Category::StudHi)),
    (&["razz"], Some(Category::Razz)),
    (&["omaha", "hi/lo"], Some(Category::OmahaHiLo)),
    (&["omaha"], Some(Category::OmahaHi)),
    (&["holdem"], Some(Category::Holdem)),
    (&["horse"], None),
];

const LIMITS: &[(&[&str], LimitType)] = &[
    (&["no", "limit"], LimitType::NoLimit),
    (&["pot", "limit"], LimitType::PotLimit),
    (&["normal"], LimitType::FixedLimit),
    (&["limit"], LimitType::FixedLimit),
];

/// Whether `words` starts with `names`, in any letter case.
fn starts_with_words(words: &[&str], names: &[&str]) -> bool {
    words.len() >= names.len()
        && words
            .iter()
            .zip(names)
            .all(|(w, n)| w.eq_ignore_ascii_case(n))
}

/// What the header line says.
#[derive(Debug)]
struct Header {
    no: i64,
    id: String,
    tourney: Option<i64>,
    category: Category,
    limit_type: LimitType,
    heads_up: bool,
    /// The stakes as printed: one amount (the big blind or the small bet), or two.
    stakes: (Money, Option<Money>),
    ante: Money,
    /// The stakes' currency (`None`: no symbol).
    currency: Option<&'static str>,
    scale: i64,
    start: DateTime<Utc>,
}

type Refusal = (ErrorKind, &'static str);

const BAD_HEADER: Refusal = (ErrorKind::Malformed, "unreadable hand header");

/// Reads the header line.
fn header(line: &str) -> Result<Header, Refusal> {
    let (letter, digits, rest) = hand_id(line).ok_or(BAD_HEADER)?;
    let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
    let (tourney, rest) = match rest.strip_prefix("Tourney ID ") {
        Some(r) => {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            let t: i64 = r[..n].parse().map_err(|_| {
                if n == 0 {
                    (ErrorKind::Malformed, "unreadable tournament id")
                } else {
                    (ErrorKind::OutOfRange, "tournament id too large to store")
                }
            })?;
            (Some(t), &r[n..])
        }
        None => (None, rest),
    };
    let no = hand_no(letter, digits, tourney.is_some())
        .ok_or((ErrorKind::OutOfRange, "hand number too large to store"))?;
    let id = match letter {
        Some(c) => format!("{}{digits}", c as char),
        None => digits.to_string(),
    };
    // The game and stakes, " - ", the time.
    let (desc, when) = text::rsplit2(rest, " - ").ok_or(BAD_HEADER)?;
    let start = start_time(when).ok_or((ErrorKind::Malformed, "unreadable start time"))?;
    let words: Vec<&str> = desc.split_whitespace().collect();
    let (names, category) = GAMES
        .iter()
        .find(|(names, _)| starts_with_words(&words, names))
        .ok_or((ErrorKind::Unsupported, "a game fpdb does not read"))?;
    let category = category.ok_or((
        ErrorKind::Unsupported,
        "a HORSE hand (its game is printed on a line of its own, which fpdb does not read)",
    ))?;
    let mut words = &words[names.len()..];
    let heads_up = starts_with_words(words, &["(1", "on", "1)"]);
    if heads_up {
        words = &words[3..];
    }
    if tourney.is_some() {
        // "Multi Normal Tournament", "Single Tournament": the tournament's kind.
        if let Some(i) = words
            .iter()
            .position(|w| w.eq_ignore_ascii_case("tournament"))
        {
            words = &words[i + 1..];
        }
    }
    let (limit_words, limit_type) = LIMITS
        .iter()
        .find(|(names, _)| starts_with_words(words, names))
        .ok_or((
            ErrorKind::Unsupported,
            "a betting structure fpdb does not read",
        ))?;
    words = &words[limit_words.len()..];
    let (stakes, ante, currency) = stakes_of(words)?;
    let scale = if tourney.is_none() && currency.is_some() {
        CENTS
    } else {
        CHIPS
    };
    let read = |t: &str| {
        text::parse_unsigned_amount(t, scale).map_err(|k| (k, "unreadable stakes in the header"))
    };
    let stakes = match stakes {
        (low, Some(high)) => (read(low)?, Some(read(high)?)),
        (one, None) => (read(one)?, None),
    };
    let ante = match ante {
        Some(a) => read(a)?,
        None => 0,
    };
    Ok(Header {
        no,
        id,
        tourney,
        category,
        limit_type: *limit_type,
        heads_up,
        stakes,
        ante,
        currency,
        scale,
        start,
    })
}

/// The header's words after the limit: "$0.25/$0.50", "$1, $0.25 ante", "10", "€0.50/ €1",
/// then "Turbo" or "(7-2)": the stakes' texts, the ante's, and the currency of the symbol.
type Stakes<'a> = (
    (&'a str, Option<&'a str>),
    Option<&'a str>,
    Option<&'static str>,
);

fn stakes_of<'a>(words: &[&'a str]) -> Result<Stakes<'a>, Refusal> {
    let bad = (ErrorKind::Malformed, "unreadable stakes in the header");
    let mut w = words.iter().copied().peekable();
    let first = w.next().ok_or(bad)?;
    // "€0.50/ €1": the second amount after a space.
    let (mut low, mut high) = match first.split_once('/') {
        Some((l, "")) => (l, Some(w.next().ok_or(bad)?)),
        Some((l, h)) => (l, Some(h)),
        None => (first, None),
    };
    let mut ante = None;
    let mut comma = false;
    if let Some(h) = high.and_then(|h| h.strip_suffix(',')) {
        high = Some(h);
        comma = true;
    } else if let Some(l) = low.strip_suffix(',').filter(|_| high.is_none()) {
        low = l;
        comma = true;
    }
    if comma {
        // ", $0.25 ante".
        let a = w.next().ok_or(bad)?;
        if !w.next().is_some_and(|x| x.eq_ignore_ascii_case("ante")) {
            return Err(bad);
        }
        ante = Some(a);
    }
    for rest in w {
        if !(rest.eq_ignore_ascii_case("turbo") || rest == "(7-2)") {
            return Err(bad);
        }
    }
    let currency = amount::currency_of_symbol(low);
    Ok(((low, high), ante, currency))
}

/// "2010-12-07 22:18:14 (ET)", "2009-12-31 18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]": UTC.
fn start_time(t: &str) -> Option<DateTime<Utc>> {
    let mut w = t.split_ascii_whitespace();
    let (date, clock) = (w.next()?, w.next()?);
    let local =
        NaiveDateTime::parse_from_str(&format!("{date} {clock}"), "%Y-%m-%d %H:%M:%S%.f").ok()?;
    let zone = match w.next() {
        None => time::EASTERN,
        Some(z) => match z.strip_prefix('(').and_then(|z| z.strip_suffix(')')) {
            Some(label) => time::zone_of_label(label)?,
            None if z == "[" => time::EASTERN,
            None => return None,
        },
    };
    Some(time::local_to_utc(local.with_nanosecond(0)?, zone))
}

/// "MONTEGO DR (Real Money) Seat #4 is the dealer" (after "Table: "): the name, whether the
/// table plays for real money, the button.
fn table_of(r: &str) -> Option<(&str, bool, Option<u8>)> {
    let (head, button) = match text::rsplit2(r, " Seat #") {
        Some((h, b)) => {
            let seat = b
                .strip_suffix(" is the dealer")
                .or_else(|| b.strip_suffix(" is the dead dealer"))?;
            (h, Some(seat.parse().ok()?))
        }
        None => (r, None),
    };
    let (name, kind) = text::rsplit2(head, " (")?;
    let real = match kind {
        "Real Money)" => true,
        "Play Money)" => false,
        _ => return None,
    };
    Some((name.trim(), real, button))
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/// The seated player whose name starts `line` followed by `sep` (longest name first), and the
/// length of the name.
fn actor(players: &[Player], line: &str, sep: &str) -> Option<(PlayerIdx, usize)> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            !p.name.is_empty()
                && line.starts_with(p.name.as_str())
                && line[p.name.len()..].starts_with(sep)
        })
        .max_by_key(|(_, p)| p.name.len())
        .map(|(i, p)| (i, p.name.len()))
}

/// The cards of a group "10c 5c 7s", "H H Js" (`H` a card not seen).
fn cards_at(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let mut out = Vec::with_capacity(7);
    for t in group.split_ascii_whitespace() {
        let c = match t {
            "H" => Card::UNKNOWN,
            _ => Card::parse_opt(t).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?,
        };
        if out.len() == 7 {
            return Err(ParseError::malformed(no, "more cards than a hand holds"));
        }
        out.push(c);
    }
    Ok(out)
}

/// "[Qh 8h 7h]" at the start of `s` (after blanks): its contents and what follows.
fn bracket_at(s: &str, no: u32) -> Result<(&str, &str), ParseError> {
    text::bracket(text::skip_blanks(s)).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let h = header(first).map_err(|(kind, msg)| {
            let no = hand_id(first).and_then(|(l, d, r)| hand_no(l, d, r.contains("Tourney ID ")));
            ParseError::new(kind, first_no, msg).with_hand_no(no)
        })?;
        let no = h.no;
        Ok((Parser::new(h, first_no), no))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The table and seat lines.
    Seats,
    /// Posts, then the streets.
    Play,
    /// After `*** SHOW DOWN ***`: cards shown and awards.
    Showdown,
    Summary,
}

struct Parser {
    head: Header,
    /// The header's line, for the errors of what it says.
    header_line: u32,
    table: Option<(String, bool, Option<u8>)>,
    seats: Vec<(u8, String, Money)>,
    /// Built when the seat lines end.
    b: Option<HandBuilder>,
    phase: Phase,
    betting: Betting,
    board: Vec<Card>,
    /// A live small blind has set the table's small blind.
    small_blind_read: bool,
    hero: Option<PlayerIdx>,
    /// The summary: total pot, rake, each player's line and printed total.
    total: Option<Money>,
    rake: Money,
    summarised: Vec<bool>,
    summary_totals: Vec<Option<Money>>,
    summary_line: u32,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        match self.phase {
            Phase::Seats => self.seat_line(no, line),
            Phase::Play | Phase::Showdown => self.body_line(no, line),
            Phase::Summary => self.summary(no, line),
        }
    }

    fn finish(self, last: u32) -> Result<Hand, ParseError> {
        self.end(last)
    }
}

impl Parser {
    fn new(head: Header, header_line: u32) -> Parser {
        Parser {
            head,
            header_line,
            table: None,
            seats: Vec::with_capacity(10),
            b: None,
            phase: Phase::Seats,
            betting: Betting::new(RULES),
            board: Vec::with_capacity(5),
            small_blind_read: false,
            hero: None,
            total: None,
            rake: 0,
            summarised: Vec::new(),
            summary_totals: Vec::new(),
            summary_line: 0,
        }
    }

    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        text::checked_money(t, self.head.scale, no)
    }

    fn builder(&mut self) -> &mut HandBuilder {
        self.b.as_mut().expect("built when the seat lines end")
    }

    // -----------------------------------------------------------------------------------------
    // Table and seats
    // -----------------------------------------------------------------------------------------

    fn seat_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Table: ") {
            if self.table.is_some() || !self.seats.is_empty() {
                return Err(ParseError::malformed(no, "a second table line"));
            }
            let (name, real, button) =
                table_of(r).ok_or_else(|| ParseError::malformed(no, "unreadable table line"))?;
            self.table = Some((name.to_string(), real, button));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            let (seat, rest) = split2(r, " - ")
                .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
            let seat: u8 = seat
                .parse()
                .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
            let (name, stack) = rest
                .strip_suffix(" in chips)")
                .and_then(|r| text::rsplit2(r, " ("))
                .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
            if name.is_empty() {
                return Err(ParseError::malformed(no, "seat line without a player name"));
            }
            let stack = self.money(stack, no)?;
            self.seats.push((seat, name.to_string(), stack));
            return Ok(());
        }
        if self.seats.is_empty() {
            return Err(ParseError::malformed(no, "a line fpdb does not know"));
        }
        self.build(no)?;
        self.phase = Phase::Play;
        self.body_line(no, line)
    }

    /// The hand's builder, from the header, the table line and the seats (in seat order).
    fn build(&mut self, no: u32) -> Result<(), ParseError> {
        let h = &self.head;
        let tour = h.tourney.is_some();
        let real = self.table.as_ref().is_none_or(|t| t.1);
        let currency = match (tour, h.currency, real) {
            (true, _, _) => "T$",
            (false, Some(c), true) => c,
            (false, None, false) => "play",
            (false, None, true) => {
                return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    self.header_line,
                    "real-money stakes without a currency fpdb knows",
                ))
            }
            (false, Some(_), false) => {
                return Err(ParseError::malformed(
                    self.header_line,
                    "a play-money table with stakes in a currency",
                ))
            }
        };
        let kind = if tour { GameKind::Tour } else { GameKind::Ring };
        let (low, high) = h.stakes;
        let category = h.category;
        let mut game = match (h.limit_type, category.base(), high) {
            (LimitType::FixedLimit, Base::Stud, _) => {
                let mut g = Game::blinds(kind, category, h.limit_type, (0, 0), currency);
                (g.small_bet, g.big_bet) = (low, high.unwrap_or(low.saturating_mul(2)));
                g
            }
            (LimitType::FixedLimit, _, _) => {
                let mut g = Game::blinds(kind, category, h.limit_type, (low / 2, low), currency);
                g.big_bet = high.unwrap_or(low.saturating_mul(2));
                g
            }
            (_, _, Some(high)) => Game::blinds(kind, category, h.limit_type, (low, high), currency),
            (_, _, None) => Game::blinds(kind, category, h.limit_type, (low / 2, low), currency),
        };
        game.ante = h.ante;
        let mut b = HandBuilder::new(SITE, h.no, &h.id, game, h.start);
        let mut seats = std::mem::take(&mut self.seats);
        seats.sort_by_key(|s| s.0);
        for (seat, name, stack) in &seats {
            b.seat_player(no, *seat, name, *stack, false)?;
        }
        let hand = b.hand_mut();
        hand.max_seats = h.heads_up.then_some(2);
        let (name, button) = match self.table.take() {
            Some((name, _, button)) => (Some(name), button),
            None => (None, None),
        };
        hand.button_seat = button;
        match h.tourney {
            Some(t) => {
                if let Some(name) = &name {
                    hand.table_name = format!("{t} {name}");
                }
                hand.tournament = Some(Tournament::unpriced(
                    t,
                    if real { "USD" } else { "play" },
                    name,
                ));
            }
            None => hand.table_name = name.unwrap_or_default(),
        }
        let n = hand.players.len();
        self.summarised = vec![false; n];
        self.summary_totals = vec![None; n];
        self.b = Some(b);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // The hand
    // -----------------------------------------------------------------------------------------

    fn body_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("*** ") {
            return self.section(no, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        let players = &self.builder().hand().players;
        if let Some((p, n)) = actor(players, line, " - ") {
            return self.action(no, p, &line[n + 3..]);
        }
        if let Some((p, n)) = actor(players, line, " Collects ") {
            return self.collects(no, p, &line[n + 10..]);
        }
        if find(line, " - ").is_some() || find(line, " Collects ").is_some() {
            return Err(ParseError::unknown_actor(no));
        }
        Err(ParseError::malformed(no, "a line fpdb does not know"))
    }

    /// A `*** NAME ***` line (`r` after the first stars).
    fn section(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, cards) =
            split2(r, " ***").ok_or_else(|| ParseError::malformed(no, "unreadable street line"))?;
        let cards = cards.trim();
        if name == "SUMMARY" && cards.is_empty() {
            self.phase = Phase::Summary;
            self.summary_line = no;
            return Ok(());
        }
        if self.phase == Phase::Showdown {
            return Err(ParseError::malformed(no, "a street after the showdown"));
        }
        if name == "SHOW DOWN" && cards.is_empty() {
            self.phase = Phase::Showdown;
            return Ok(());
        }
        let base = self.builder().hand().game.base;
        let street: i8 = match (base, name.to_ascii_uppercase().as_str()) {
            (Base::Hold, "POCKET CARDS") => 0,
            (Base::Hold, "FLOP") => 1,
            (Base::Hold, "TURN") => 2,
            (Base::Hold, "RIVER") => 3,
            (Base::Stud, "3RD STREET") => 0,
            (Base::Stud, "4TH STREET") => 1,
            (Base::Stud, "5TH STREET") => 2,
            (Base::Stud, "6TH STREET") => 3,
            (Base::Stud, "RIVER") => 4,
            _ => return Err(ParseError::malformed(no, "unreadable street line")),
        };
        if street != self.builder().street() + 1 {
            return Err(ParseError::malformed(
                no,
                "a street out of order (or dealt twice)",
            ));
        }
        if base == Base::Hold && street > 0 {
            // "[Qh 8h 7h]", "[Qh 8h 7h] [Ah]": the board so far, then the street's cards.
            let (first, after) = bracket_at(cards, no)?;
            let (known, new) = match text::bracket(text::skip_blanks(after)) {
                Some((g, tail)) if tail.trim().is_empty() => (cards_at(first, no)?, g),
                None if after.trim().is_empty() => (Vec::new(), first),
                _ => return Err(ParseError::malformed(no, "unreadable board")),
            };
            let new = cards_at(new, no)?;
            let want = if street == 1 { 3 } else { 1 };
            if known != self.board || new.len() != want || new.iter().any(|c| !c.is_known()) {
                return Err(ParseError::malformed(
                    no,
                    "a board that is not the streets'",
                ));
            }
            self.board.extend_from_slice(&new);
        } else if !cards.is_empty() {
            return Err(ParseError::malformed(no, "unreadable street line"));
        }
        self.builder().set_street(street);
        Ok(())
    }

    /// "NAME [9c 7c]" (after "Dealt to "): the hero's cards.
    fn dealt(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let b = self.b.as_mut().expect("built");
        let Some((p, n)) = actor(&b.hand().players, r, " [") else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let (group, tail) = bracket_at(&r[n..], no)?;
        let cards = cards_at(group, no)?;
        let game = &b.hand().game;
        let whole = game.base != Base::Stud && cards.len() == game.category.hand_size();
        if !tail.trim().is_empty() || !whole || cards.iter().any(|c| !c.is_known()) {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        }
        b.set_cards(p, &cards);
        self.hero = Some(p);
        Ok(())
    }

    /// "$4.30 from main pot", "1,730 from side pot-1" (after "NAME Collects ").
    fn collects(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable award");
        let (amt, pot) = split2(r, " from ").ok_or_else(bad)?;
        let pot: u8 = match pot {
            "main pot" => 0,
            _ => pot
                .strip_prefix("side pot-")
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .ok_or_else(bad)?,
        };
        let amount = self.money(amt, no)?;
        if amount > 0 {
            self.builder().collect(p, amount, pot, 0);
        }
        Ok(())
    }

    /// A seated player's line, `r` the text after "NAME - ".
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (r, timeout) = match r.strip_suffix(" (Timeout)") {
            Some(r) => (r, true),
            None => (r, false),
        };
        // Lines that are not bets.
        if let Some(t) = r.strip_prefix("returned (") {
            let amt = t
                .strip_suffix(") : not called")
                .ok_or_else(|| ParseError::malformed(no, "unreadable uncalled bet"))?;
            let amount = self.money(amt, no)?;
            self.builder().uncalled(p, amount);
            return Ok(());
        }
        if let Some(t) = r.strip_prefix("Shows ") {
            let (group, _) = bracket_at(t, no)?;
            return self.shown(no, p, group, false);
        }
        if r == "Mucks" || r == "Does not show" {
            return Ok(());
        }
        if let Some(t) = r.strip_prefix("Pocket ") {
            return self.pocket(no, p, t);
        }
        if r.starts_with("sitout") {
            self.builder().hand_mut().players[p].sitting_out = true;
            return Ok(());
        }
        if r == "All-In" && timeout {
            // All-in protection: nothing added, nothing stored.
            return Ok(());
        }
        let verb = self.verb(no, p, r)?;
        let b = self.b.as_mut().expect("built");
        let post = matches!(verb, Verb::Post { .. });
        if post && b.street() >= 0 {
            return Err(ParseError::malformed(no, "a post after the deal"));
        }
        if !post && self.phase == Phase::Showdown {
            return Err(ParseError::malformed(no, "a bet after the showdown"));
        }
        if let Verb::Post {
            kind: ActionKind::SmallBlind,
            amount,
            all_in: false,
        } = verb
        {
            if !self.small_blind_read && b.hand().game.base != Base::Stud {
                b.hand_mut().game.small_blind = amount;
                self.small_blind_read = true;
            }
        }
        self.betting.apply(b, p, &verb);
        if let Verb::Fold { shown: Some(g) } = verb {
            return self.shown(no, p, g, false);
        }
        Ok(())
    }

    /// The betting verb of `r`.
    fn verb<'a>(&mut self, no: u32, p: PlayerIdx, r: &'a str) -> Result<Verb<'a>, ParseError> {
        let m = |t: &str| self.money(t, no);
        if r == "Folds" {
            return Ok(Verb::Fold { shown: None });
        }
        if let Some(t) = r.strip_prefix("Folds (Fold & Show ") {
            let (g, tail) = bracket_at(t, no)?;
            if tail != ")" {
                return Err(ParseError::malformed(no, "unreadable fold"));
            }
            return Ok(Verb::Fold { shown: Some(g) });
        }
        if r == "Checks" {
            return Ok(Verb::Check);
        }
        if let Some(v) = verbs::worded(r, &[("All-In(Raise) ", Word::RaiseAdds)], m, true)? {
            return Ok(v);
        }
        if let Some(t) = r.strip_prefix("All-In ") {
            let x = m(t)?;
            return Ok(self.all_in(p, x));
        }
        if let Some(t) = r.strip_prefix("Posts ").and_then(|t| split2(t, " dead ")) {
            // "Posts $1 dead $0.50": the live big blind and a dead small blind.
            let (live, dead) = (m(t.0)?, m(t.1)?);
            return self.both_blinds(no, p, live, dead);
        }
        match verbs::worded(r, WORDS, m, false)? {
            Some(v) => Ok(v),
            None => Err(ParseError::malformed(no, "an action fpdb does not know")),
        }
    }

    /// "All-In X": a blind (or ante) before the deal, else a call when it does not top the
    /// street's highest total, a bet when nobody has bet, a raise otherwise.
    fn all_in(&mut self, p: PlayerIdx, x: Money) -> Verb<'static> {
        let b = self.b.as_ref().expect("built");
        if b.street() < 0 {
            let g = &b.hand().game;
            let kind = if g.base == Base::Stud {
                ActionKind::Ante
            } else {
                let sb_posted = b
                    .hand()
                    .actions
                    .iter()
                    .any(|a| a.kind == ActionKind::SmallBlind);
                if sb_posted || x > g.small_blind {
                    ActionKind::BigBlind
                } else {
                    ActionKind::SmallBlind
                }
            };
            return Verb::Post {
                kind,
                amount: x,
                all_in: true,
            };
        }
        let to = b.street_total(p).saturating_add(x);
        let max = b.street_max();
        if to <= max {
            Verb::Call {
                amount: x,
                all_in: true,
            }
        } else if max == 0 {
            Verb::Bet {
                amount: x,
                all_in: true,
            }
        } else {
            Verb::Raise {
                raise: Raise::Adds(x),
                all_in: true,
            }
        }
    }

    /// "Posts $1 dead $0.50": both blinds at once when the dead part is the table's small
    /// blind, else a big blind and a dead small blind.
    fn both_blinds(
        &mut self,
        no: u32,
        p: PlayerIdx,
        live: Money,
        dead: Money,
    ) -> Result<Verb<'static>, ParseError> {
        let b = self.b.as_mut().expect("built");
        if b.street() >= 0 {
            return Err(ParseError::malformed(no, "a post after the deal"));
        }
        if dead == b.hand().game.small_blind {
            return Ok(Verb::Post {
                kind: ActionKind::BothBlinds,
                amount: live.saturating_add(dead),
                all_in: false,
            });
        }
        let dead_post = Verb::Post {
            kind: ActionKind::DeadSmallBlind,
            amount: dead,
            all_in: false,
        };
        self.betting.apply(b, p, &dead_post);
        Ok(Verb::Post {
            kind: ActionKind::BigBlind,
            amount: live,
            all_in: false,
        })
    }

    /// Cards a player showed (`mucked`: mucked at the showdown, the summary's `[Mucked]`).
    fn shown(
        &mut self,
        no: u32,
        p: PlayerIdx,
        group: &str,
        mucked: bool,
    ) -> Result<(), ParseError> {
        let cards = cards_at(group, no)?;
        let b = self.builder();
        if cards.is_empty() || cards.len() > b.hand().game.category.hand_size() {
            return Err(ParseError::malformed(no, "unreadable shown cards"));
        }
        b.show_cards(p, &cards, mucked);
        Ok(())
    }

    /// Stud: "[H H Js 10d]" (after "NAME - Pocket "), the player's cards so far.
    fn pocket(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let (group, tail) = bracket_at(t, no)?;
        let cards = cards_at(group, no)?;
        let b = self.builder();
        if b.hand().game.base != Base::Stud || !tail.trim().is_empty() || cards.is_empty() {
            return Err(ParseError::malformed(no, "unreadable pocket cards"));
        }
        b.set_stud_cards(p, 0, &cards);
        if cards.iter().take(2).all(|c| c.is_known()) {
            self.hero = Some(p);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Total Pot(") {
            return self.total_line(no, r);
        }
        if let Some(r) = line.strip_prefix("Board ") {
            let (g, tail) = bracket_at(r, no)?;
            if cards_at(g, no)? != self.board || !tail.trim().is_empty() {
                return Err(ParseError::malformed(
                    no,
                    "a board that is not the streets'",
                ));
            }
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

    /// "$4.50) | Rake ($0.20) | Jackpot Rake ($0.50)", "5,480:3,750,1,730)" (after
    /// "Total Pot(").
    fn total_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable total pot");
        if self.total.is_some() {
            return Err(ParseError::malformed(no, "a second total pot"));
        }
        let mut parts = r.split(" | ");
        let total = parts
            .next()
            .and_then(|t| t.strip_suffix(')'))
            .ok_or_else(bad)?;
        // "5,480:3,750,1,730": the total, then each pot.
        let total = total.split(':').next().unwrap_or(total);
        self.total = Some(self.money(total, no)?);
        for part in parts {
            let amt = part
                .strip_prefix("Rake (")
                .or_else(|| part.strip_prefix("Jackpot Rake ("))
                .and_then(|a| a.strip_suffix(')'))
                .ok_or_else(bad)?;
            let v = self.money(amt, no)?;
            self.rake = self.rake.saturating_add(v);
        }
        Ok(())
    }

    /// "5: NAME (small blind) won Total ($4.30) HI:($4.30) with ... [Ac Ah - ...]" (after
    /// "Seat ").
    fn summary_seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable summary line");
        let (seat, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = seat.parse().map_err(|_| unreadable())?;
        let scale = self.head.scale;
        let b = self.builder();
        let Some(p) = b.hand().players.iter().position(|pl| pl.seat == seat) else {
            return Err(ParseError::malformed(
                no,
                "summary line of a seat nobody sits in",
            ));
        };
        let mut rest = rest
            .strip_prefix(b.hand().players[p].name.as_str())
            .and_then(|t| t.strip_prefix(' '))
            .ok_or_else(|| {
                ParseError::malformed(no, "summary line of another player than the seat's")
            })?;
        if std::mem::replace(&mut self.summarised[p], true) {
            return Err(ParseError::malformed(no, "a second summary line of a seat"));
        }
        for tag in ["(dealer) ", "(small blind) ", "(big blind) "] {
            if let Some(t) = rest.strip_prefix(tag) {
                rest = t;
            }
        }
        if find(rest, "Prop Win").is_some() {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a seven-deuce bonus (paid outside the pot)",
            ));
        }
        if rest.starts_with("Folded on the ") {
            return Ok(());
        }
        let won = rest
            .strip_prefix("won Total (")
            .or_else(|| rest.strip_prefix("collected Total ("));
        let mut tail = rest;
        if let Some(t) = won {
            let (amt, after) = t.split_once(')').ok_or_else(unreadable)?;
            self.summary_totals[p] = Some(text::checked_money(amt, scale, no)?);
            tail = after;
        } else if !rest.starts_with("HI:") {
            return Err(unreadable());
        }
        // The cards: "[Mucked] [Kd 6c]", "[Does not show]", "[Ac Ah - P:Ah,...]".
        let Some(open) = tail.find('[') else {
            return Ok(());
        };
        let (group, after) = bracket_at(&tail[open..], no)?;
        match group {
            "Mucked" => {
                let (cards, _) = bracket_at(after, no)?;
                self.shown(no, p, cards, true)
            }
            "Does not show" => Ok(()),
            g => {
                let cards = g.split(" - ").next().unwrap_or(g);
                self.shown(no, p, cards, false)
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(self, last: u32) -> Result<Hand, ParseError> {
        if self.phase != Phase::Summary {
            return Err(ParseError::before_summary(last));
        }
        let Some(total) = self.total else {
            return Err(ParseError::cut_in_summary(last, "no total pot"));
        };
        let Some(mut b) = self.b else {
            return Err(ParseError::before_summary(last));
        };
        let hand = b.hand();
        // Every player who acted, was dealt cards or won has his summary line.
        for (i, pl) in hand.players.iter().enumerate() {
            let played = hand.actions.iter().any(|a| a.player == i)
                || hand.collections.iter().any(|c| c.player == i)
                || hand.returned.iter().any(|r| r.player == i)
                || pl.cards.iter().any(|c| c.is_known());
            if played && !self.summarised[i] {
                return Err(ParseError::cut_in_summary(
                    last,
                    &format!("no line for seat {}", pl.seat),
                ));
            }
            let won: Money = hand
                .collections
                .iter()
                .filter(|c| c.player == i)
                .map(|c| c.amount)
                .sum();
            if won != self.summary_totals[i].unwrap_or(0) {
                return Err(ParseError::malformed(
                    self.summary_line,
                    format!(
                        "the summary's total of seat {} is not what the player collected ({})",
                        pl.seat,
                        crate::pot::show_money(won, self.head.scale)
                    ),
                ));
            }
        }
        // Stud tables print their ante only in the posts.
        let ante = b.posted_ante();
        let hand = b.hand_mut();
        if hand.game.ante == 0 {
            hand.game.ante = ante.unwrap_or(0);
        }
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![self.board];
        }
        let mut policy = PotPolicy::new(self.head.scale, self.summary_line);
        policy.printed = PrintedPot::BeforeRake(total);
        policy.rake = Some(self.rake);
        policy.uncalled = Uncalled::Printed;
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Absolute));
        parse_chunk(&chunk)
    }

    const HAND: &str = "Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)
Table: MONTEGO DR (Real Money) Seat #4 is the dealer
Seat 4 - Player0 ($12.45 in chips)
Seat 5 - Player1 ($13.05 in chips)
Seat 6 - Hero ($5 in chips)
Seat 1 - Player2 ($27.35 in chips)
Seat 2 - Player3 ($2.50 in chips)
Seat 3 - Player4 ($8.78 in chips)
Player1 - Posts small blind $0.10
Hero - Posts big blind $0.25
*** POCKET CARDS ***
Dealt to Hero [7c 8h]
Player2 - Folds
Player3 - Folds
Player4 - Raises $0.50 to $0.50
Player0 - Folds
Player1 - Calls $0.40
Hero - Calls $0.25
*** FLOP *** [Qs Ks 6s]
Player1 - Bets $0.25
Hero - Folds
Player4 - Raises $0.50 to $0.50
Player1 - Calls $0.25
*** TURN *** [Qs Ks 6s] [Js]
Player1 - Checks
Player4 - Bets $0.50
Player1 - Calls $0.50
*** RIVER *** [Qs Ks 6s Js] [10d]
Player1 - Bets $0.50
Player4 - Calls $0.50
*** SHOW DOWN ***
Player1 - Shows [Ac Ah] (Straight, ten to ace)
Player4 - Mucks
Player1 Collects $4.30 from main pot
*** SUMMARY ***
Total Pot($4.50) | Rake ($0.20)
Board [Qs Ks 6s Js 10d]
Seat 1: Player2 Folded on the POCKET CARDS
Seat 2: Player3 Folded on the POCKET CARDS
Seat 3: Player4 HI: [Mucked] [Kd 6c]
Seat 4: Player0 (dealer) Folded on the POCKET CARDS
Seat 5: Player1 (small blind) won Total ($4.30) HI:($4.30) with Straight, ten to ace [Ac Ah - P:Ah,B:Ks,B:Qs,B:Js,B:10d]
Seat 6: Hero (big blind) Folded on the FLOP
";

    #[test]
    fn a_limit_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Absolute");
        assert_eq!(
            (h.site_hand_no, h.site_hand_id.as_str()),
            (3_000_000_282_012_441, "C282012441")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2010-12-08T03:18:14+00:00");
        assert_eq!(
            (h.table_name.as_str(), h.button_seat),
            ("MONTEGO DR", Some(4))
        );
        let g = &h.game;
        assert_eq!(
            (
                g.limit_type,
                g.small_blind,
                g.big_blind,
                g.small_bet,
                g.big_bet
            ),
            (LimitType::FixedLimit, 10, 25, 25, 50)
        );
        assert_eq!(g.currency, "USD");
        assert_eq!((h.total_pot, h.rake), (450, 20));
        assert_eq!(
            h.players.iter().map(|p| p.seat).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        assert_eq!(h.hero, h.player_index("Hero"));
        let p4 = &h.players[h.player_index("Player4").unwrap()];
        assert!(p4.mucked && p4.cards.len() == 2);
        assert!(h.players[h.player_index("Player1").unwrap()].shown);
        assert_eq!(h.boards[0].len(), 5);
        // "Raises $0.50 to $0.50" on the flop puts in 0.50.
        let raise = h
            .actions
            .iter()
            .find(|a| a.street == 1 && a.kind == ActionKind::Raise);
        assert_eq!(raise.map(|a| a.amount), Some(50));
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    const TOURNAMENT: &str = "Stage #525715794 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 20 - 2011-01-16 17:13:59 (ET)
Table: 15 (Real Money) Seat #7 is the dealer
Seat 1 - SHUSWAPER (925 in chips)
Seat 2 - MARSHMAN5984 (1,990 in chips)
Seat 7 - MAKMOJARTU (6,250 in chips)
Seat 9 - GREGORY37 (1,000 in chips)
SHUSWAPER - Posts small blind 10
MARSHMAN5984 - Posts big blind 20
*** POCKET CARDS ***
Dealt to GREGORY37 [2c 7d]
GREGORY37 - Folds
MAKMOJARTU - Raises 90 to 90
SHUSWAPER - Calls 80
MARSHMAN5984 - Calls 70
*** FLOP *** [Ah 6s 7h]
SHUSWAPER - Checks
MARSHMAN5984 - Bets 200
MAKMOJARTU - All-In(Raise) 6,160 to 6,160
SHUSWAPER - All-In 835
MARSHMAN5984 - All-In 1,700
MAKMOJARTU - returned (4,260) : not called
*** TURN *** [Ah 6s 7h] [Qc]
*** RIVER *** [Ah 6s 7h Qc] [8h]
*** SHOW DOWN ***
SHUSWAPER - Shows [Ad Kh] (One pair, aces)
MARSHMAN5984 - Shows [8s 9h] (One pair, eights)
MAKMOJARTU - Shows [As Ks] (One pair, aces)
MAKMOJARTU Collects 2,130 from side pot-1
SHUSWAPER Collects 2,775 from main pot
*** SUMMARY ***
Total Pot(4,905:2,775,2,130)
Board [Ah 6s 7h Qc 8h]
Seat 1: SHUSWAPER (small blind) won Total (2,775) All-In HI:(2,775) with One pair, aces [Ad Kh - B:Ah,P:Ad,P:Kh,B:Qc,B:8h]
Seat 2: MARSHMAN5984 (big blind) HI:lost with One pair, eights [8s 9h - P:8s,B:8h,B:Ah,B:Qc,P:9h]
Seat 7: MAKMOJARTU (dealer) won Total (2,130) All-In HI:(2,130) with One pair, aces [As Ks - P:As,B:Ah,P:Ks,B:Qc,B:8h]
Seat 9: GREGORY37 Folded on the POCKET CARDS
";

    #[test]
    fn a_tournament_hand() {
        let h = parse(TOURNAMENT).unwrap();
        assert_eq!(h.site_hand_no, 27_000_000_525_715_794);
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!(
            (
                h.game.currency.as_str(),
                h.game.small_blind,
                h.game.big_blind
            ),
            ("T$", 10, 20)
        );
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.table_no.as_deref()),
            (5_945_889, Some("15"))
        );
        assert_eq!(h.table_name, "5945889 15");
        assert_eq!((h.total_pot, h.rake), (4_905, 0));
        // All-in calls for less, then the raiser's unmatched chips come back.
        let calls: Vec<(ActionKind, Money, bool)> = h
            .actions
            .iter()
            .filter(|a| a.street == 1)
            .map(|a| (a.kind, a.amount, a.all_in))
            .collect();
        assert_eq!(
            calls,
            [
                (ActionKind::Check, 0, false),
                (ActionKind::Bet, 200, false),
                (ActionKind::Raise, 6_160, true),
                (ActionKind::Call, 835, true),
                (ActionKind::Call, 1_700, true),
            ]
        );
        text::every_cut_is_unfinished(TOURNAMENT, parse);
    }

    /// A parser past its seat lines, at a no-limit $0.50/$1 table with one player.
    fn seated() -> Parser {
        let head = header("Stage #1: Holdem No Limit $1 - 2009-12-14 17:14:02 (ET)").unwrap();
        let mut p = Parser::new(head, 1);
        p.seats.push((1, "A".to_string(), 1_000));
        p.build(2).unwrap();
        p
    }

    #[test]
    fn blinds_posted_all_in_and_both_blinds() {
        let mut p = seated();
        // "Posts $1 dead $0.50": both blinds when the dead part is the table's small blind.
        assert_eq!(
            p.verb(3, 0, "Posts $1 dead $0.50").unwrap(),
            Verb::Post {
                kind: ActionKind::BothBlinds,
                amount: 150,
                all_in: false
            }
        );
        // Another dead part: a dead small blind (posted at once) and a live big blind.
        assert_eq!(
            p.verb(3, 0, "Posts $1 dead $0.25").unwrap(),
            Verb::Post {
                kind: ActionKind::BigBlind,
                amount: 100,
                all_in: false
            }
        );
        let a = &p.builder().hand().actions[0];
        assert_eq!((a.kind, a.amount), (ActionKind::DeadSmallBlind, 25));
        // An all-in before the deal: the small blind when none is posted and it is no more.
        let mut p = seated();
        assert_eq!(
            p.all_in(0, 40),
            Verb::Post {
                kind: ActionKind::SmallBlind,
                amount: 40,
                all_in: true
            }
        );
        assert_eq!(
            p.all_in(0, 60),
            Verb::Post {
                kind: ActionKind::BigBlind,
                amount: 60,
                all_in: true
            }
        );
        // After the deal: a bet when nobody has bet, else a call or a raise.
        p.builder().set_street(1);
        assert_eq!(
            p.all_in(0, 60),
            Verb::Bet {
                amount: 60,
                all_in: true
            }
        );
    }

    #[test]
    fn header_parts() {
        let h =
            header("Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)")
                .unwrap();
        assert_eq!(
            (h.stakes, h.ante, h.currency),
            ((100, None), 25, Some("USD"))
        );
        assert_eq!(h.start.to_rfc3339(), "2009-11-30T20:50:12+00:00");
        let h = header("Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET) [ 2009-12-31 18:23:36 ]").unwrap();
        assert_eq!(
            (h.category, h.limit_type, h.heads_up),
            (Category::OmahaHiLo, LimitType::FixedLimit, true)
        );
        assert_eq!(h.start.to_rfc3339(), "2009-12-31T23:23:36+00:00");
        let h =
            header("Stage #736583015: HOLDEM NORMAL $25/$50 - 2007-08-17 03:11:57 (ET)").unwrap();
        assert_eq!(
            (h.category, h.stakes),
            (Category::Holdem, (2_500, Some(5_000)))
        );
        let h = header(
            "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)",
        )
        .unwrap();
        assert_eq!(h.category, Category::StudHiLo);
        let h = header("Stage #1: Omaha Pot Limit €0.50/ €1 Turbo (7-2) - 2009-03-18 19:10:00")
            .unwrap();
        assert_eq!(
            (h.stakes, h.currency, h.limit_type),
            ((50, Some(100)), Some("EUR"), LimitType::PotLimit)
        );
        let e = header("Stage #1: HORSE Normal $1/$2 - 2009-03-18 19:10:00 (ET)").unwrap_err();
        assert_eq!(e.0, ErrorKind::Unsupported);
        let e = header("Stage #1: Badugi Normal $1/$2 - 2009-03-18 19:10:00 (ET)").unwrap_err();
        assert_eq!(e.0, ErrorKind::Unsupported);
        let e = header("Stage #1000000000000000: Holdem No Limit $1 - 2009-03-18 19:10:00 (ET)")
            .unwrap_err();
        assert_eq!(e.0, ErrorKind::OutOfRange);
        assert!(header("Stage #1: Holdem No Limit $1 - 2009-03-18 19:10:00 (MARS)").is_err());
        assert!(header("Stage #1: Holdem No Limit $1 lots - 2009-03-18 19:10:00 (ET)").is_err());
        assert!(hand_id("Stage #C: x").is_none());
        assert!(hand_id("Stage #12x").is_none());
        assert_eq!(hand_no(Some(b'Z'), "5", true), Some(53 * PREFIX_FACTOR + 5));
        assert_eq!(
            table_of("Linden Ct (Real Money) Seat #6 is the dealer"),
            Some(("Linden Ct", true, Some(6)))
        );
        assert_eq!(table_of("X (Play Money)"), Some(("X", false, None)));
        assert_eq!(table_of("X (Fun Money) Seat #6 is the dealer"), None);
    }

    const STUD: &str =
        "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)
Seat 1 - PLAYER1 ($0.17 in chips)
Seat 5 - Hero ($1 in chips)
Seat 8 - PLAYER7 ($0.93 in chips)
PLAYER1 - Ante $0.01
Hero - Ante $0.01
PLAYER7 - Ante $0.01
*** 3rd STREET ***
PLAYER1 - Pocket [H H Js]
Hero - Pocket [10c 5c 7s]
PLAYER7 - Pocket [H H 3s]
PLAYER7 - Bring-In $0.01
PLAYER1 - Bets $0.02
Hero - Folds
PLAYER7 - Calls $0.01
*** 4TH STREET ***
PLAYER1 - Pocket [H H Js 10d]
Hero - Pocket [10c 5c 7s]
PLAYER7 - Pocket [H H 3s Qc]
PLAYER7 - Checks
PLAYER1 - Checks
*** 5TH STREET ***
PLAYER1 - Pocket [H H Js 10d Kh]
PLAYER7 - Pocket [H H 3s Qc 6c]
PLAYER7 - Bets $0.04
PLAYER1 - Folds
PLAYER7 - returned ($0.04) : not called
*** SHOW DOWN ***
PLAYER7 - Does not show
PLAYER7 Collects $0.07 from main pot
*** SUMMARY ***
Total Pot($0.07)
Seat 1: PLAYER1 Folded on the 5TH STREET
Seat 5: Hero Folded on the 3rd STREET
Seat 8: PLAYER7 collected Total ($0.07)
";

    #[test]
    fn a_stud_hand() {
        let h = parse(STUD).unwrap();
        let g = &h.game;
        assert_eq!(
            (
                g.category,
                g.small_blind,
                g.big_blind,
                g.small_bet,
                g.big_bet,
                g.ante
            ),
            (Category::StudHiLo, 0, 0, 2, 4, 1)
        );
        assert_eq!(h.hero, h.player_index("Hero"));
        let hero = &h.players[h.player_index("Hero").unwrap()];
        assert_eq!(hero.cards.iter().filter(|c| c.is_known()).count(), 3);
        let p1 = &h.players[h.player_index("PLAYER1").unwrap()];
        assert_eq!(p1.cards.iter().filter(|c| c.is_known()).count(), 3);
        // The first bet of third street completes the bring-in.
        assert!(h
            .actions
            .iter()
            .any(|a| a.kind == ActionKind::Complete && a.amount == 2));
        assert_eq!(h.button_seat, None);
        text::every_cut_is_unfinished(STUD, parse);
    }

    #[test]
    fn timeouts_and_sitting_out() {
        let hand = HAND
            .replace(
                "Player1 - Posts small blind $0.10",
                "Player1 - Posts small blind $0.10\nPlayer0 - sitout (wait for BB)",
            )
            .replace("Player0 - Folds\n", "")
            .replace("Seat 4: Player0 (dealer) Folded on the POCKET CARDS\n", "")
            .replace("Player1 - Checks", "Player1 - Checks (Timeout)");
        let h = parse(&hand).unwrap();
        assert!(h.players[h.player_index("Player0").unwrap()].sitting_out);
        // All-in protection: the player adds nothing and the bet comes back.
        let hand = HAND
            .replace(
                "Player1 - Checks\nPlayer4 - Bets $0.50\nPlayer1 - Calls $0.50",
                "Player1 - Checks\nPlayer4 - Bets $0.50\nPlayer1 - All-In (Timeout)\nPlayer4 - returned ($0.50) : not called",
            )
            .replace("*** RIVER *** [Qs Ks 6s Js] [10d]\nPlayer1 - Bets $0.50\nPlayer4 - Calls $0.50", "*** RIVER *** [Qs Ks 6s Js] [10d]")
            .replace("$4.30", "$2.30")
            .replace("$4.50", "$2.50");
        let h = parse(&hand).unwrap();
        assert_eq!(h.total_pot, 250);
        assert!(parse(&HAND.replace("Player1 - Checks", "Player1 - All-In")).is_err());
    }

    #[test]
    fn errors() {
        let line = |hand: &str| parse(hand).unwrap_err().line;
        assert_eq!(
            line(&HAND.replace("Player1 - Checks", "Nobody - Checks")),
            25
        );
        let e = parse(&HAND.replace("Player1 - Checks", "Player1 - Juggles")).unwrap_err();
        assert_eq!((e.line, e.kind), (25, ErrorKind::Malformed));
        // The summary's total disagrees with the awards.
        let e = parse(&HAND.replace("won Total ($4.30)", "won Total ($4.20)")).unwrap_err();
        assert!(e.message.contains("seat 5"), "{e:?}");
        // A board that is not the streets'.
        assert!(parse(&HAND.replace("Board [Qs Ks 6s Js 10d]", "Board [Qs Ks 6s Js 9d]")).is_err());
        assert!(parse(&HAND.replace(
            "*** TURN *** [Qs Ks 6s] [Js]",
            "*** TURN *** [Qs Ks 5s] [Js]"
        ))
        .is_err());
        // A post after the deal, a bet after the showdown.
        assert!(parse(&HAND.replace("Player2 - Folds", "Player2 - Posts $0.25")).is_err());
        assert!(parse(&HAND.replace("Player4 - Mucks", "Player4 - Bets $1")).is_err());
        // A seven-deuce bonus.
        let e = parse(&HAND.replace("HI:($4.30) with", "72 Prop Win ($1) HI:($4.30) with"))
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        // Money that does not balance.
        assert!(parse(&HAND.replace("Rake ($0.20)", "Rake ($0.30)")).is_err());
        // Stakes without a currency at a real-money table.
        let e = parse(&HAND.replace("$0.25/$0.50", "25/50")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        // Play money: chips.
        let play = HAND
            .replace("(Real Money)", "(Play Money)")
            .replace(".", "")
            .replace('$', "");
        let h = parse(&play).unwrap();
        assert_eq!((h.game.currency.as_str(), h.total_pot), ("play", 450));
    }
}

//! PartyPoker hand histories, in the room's two text formats, and the histories other rooms'
//! hands were converted to in that format (WPN, PokerBros, PokerStars, tagged after the header).
//!
//! - The classic format (2008–2019): `***** Hand History for Game N *****`, a game line
//!   (`$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013`), the table,
//!   button and seat lines, posts, `** Dealing down cards **`, actions with bracketed amounts
//!   (`raises [$0.90 USD]`), showdown lines and `NAME wins $3.39 USD`. It is often preceded by
//!   `Game #N starts.` and `#Game No : N`, which the splitter skips (they repeat the number).
//! - The summary format (emailed histories, and the tables of 2019 onwards, with alphanumeric
//!   ids): `***** Hand History For Game N *****`, `0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb
//!   09 12:55:26 EST 2026`, actions with parenthesised amounts and "raises X to Y", and a
//!   `** Summary **` block (`Main Pot: $38.50 Rake: $2.0`, `NAME balance $B, bet $X, collected
//!   $Y, net +$Z [cards]`).
//!
//! Old tournament hands print no blind posts: the blinds of the level (`Blinds(20/40)` under
//! the seats) are posted by the players after the button, as the room does (heads-up, the
//! button posts the small blind).
//!
//! A hand cut while the room wrote it is unfinished when that can be seen: no winner at all, a
//! summary-format summary without a line for every player who took part, or a side pot won
//! without a main pot (the classic format prints side pots first). The classic format has no
//! end-of-hand line, so a cut before a hi/lo pot's low winner or before the finishing places of
//! a tournament hand cannot be seen.
//!
//! Converted histories keep their room: the hand's site is the room named after the header
//! ("(WPN)" → Winning Poker Network, "(PokerBros)", "(Poker Stars)" → PokerStars, ...). Double
//! Hold'em (three hole cards, one dropped on the flop) is not a game of the design and is
//! reported as unsupported.
//!
//! # Hand numbers
//!
//! `Hand.site_hand_id` keeps the id as printed. `siteHandNo` is:
//! - for an id of digits: the number itself (out of range above 2⁶³ − 1);
//! - for an id of 13 or more digits followed by letters and digits (the 2019+ ids,
//!   `1770659766668adeb0h5qfm`: a millisecond time and a random base-36 suffix):
//!   `−1 − (D × 2¹⁹ + (FNV-1a-64(R) mod 2¹⁹))`, where `D` is the number of the first 13 digits
//!   and `R` the rest of the id;
//! - for any other id, and for the placeholder `1111111111` of converted histories (every
//!   converted hand has it), computed over the id (the whole hand text for the placeholder):
//!   `−5.3 × 10¹⁸ − (FNV-1a-64 mod 3.9 × 10¹⁸)`.
//!
//! Numeric ids keep their number, so they never collide with each other; the two hashed
//! families are negative and in disjoint ranges, so they never meet the numeric ids or each
//! other. An alphanumeric id holds about 100 bits (13 digits and 11 base-36 characters): no
//! one-to-one mapping into a bigint exists. Two such hands get the same number only if they
//! end in the same millisecond *and* their suffixes share a 19-bit hash.
//!
//! FNV-1a-64: start from 0xcbf29ce484222325; for each byte, xor it in, then multiply by
//! 0x100000001b3 (mod 2⁶⁴).
//!
//! # Times
//!
//! PartyPoker prints the local time of the player's computer with its zone's abbreviation
//! ("EDT", "CEST", "BST", "MESZ", "MSKS", "YEKST", "ICT"...). An abbreviation that names one
//! offset (summer names included) is converted with that offset; "ET" is US/Eastern with daylight
//! saving; a missing or unknown abbreviation is taken as US/Eastern (the room's own zone, as
//! fpdb does).
//!
//! # Money
//!
//! Cents for real-money tables, chips for tournaments and play money. PartyPoker prints no
//! uncalled bet, no rake (in the classic format) and pays the uncalled chips inside the winner's
//! "wins"/"collected" amount: the uncalled bet is inferred, taken out of the collections and
//! recorded as returned; the rake is what the room printed ("Rake: $2.0") or else the pot less
//! what the players won. A cash-out ("Player2 Cashout Amount is 23.01") is recorded as such, its
//! fee inferred from the printed premium (amount × premium / (100 − premium)).
//!
//! Cash tables that print only the maximum buy-in (`$10 USD NL Texas Hold'em`) get their blinds
//! from the blinds posted in the hand (fpdb's buy-in table when no full blind was posted).
//! Fixed-limit tables print the small and big bet: the big blind is the small bet, the small
//! blind fpdb's value for that big bet. A second "posts small blind" (a player coming in between
//! the blinds) is live: its poster calls only the difference to the big blind.
//!
//! Amounts are those of the action lines: "raises [$0.90 USD]", "calls [X]", "is all-In [X]" and
//! "completes [X]" print the chips the action adds, "raises X to Y" the street total Y. The
//! summary format's tournament hands print some bets rounded down to whole chips; the summary's
//! "bet X"/"lost X" is the exact total, and the difference goes to the player's last bet.
//!
//! # Players
//!
//! Names are kept as printed. A player who joins the table and posts without a seat line gets
//! the first free seat and the biggest stack at the table (the room prints neither), as fpdb
//! does; a player who left before the deal without acting is dropped. Emailed histories cut long
//! names in the seat list ("Hero" for "Hero Name"): the full name the actions use replaces it.
//! A player who checks before the flop without having matched the big blind posted both blinds
//! without the room saying so (a dead small blind and a live big blind).

use chrono::{DateTime, NaiveDate, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, groups, split2};
use crate::parsers::winamax::common::{self, cards_of};
use crate::parsers::Room;
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The PartyPoker format.
#[derive(Debug)]
pub struct PartyPoker;

impl Room for PartyPoker {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"* "
    }

    fn site(&self) -> &'static str {
        "PartyPoker"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        header_id(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

// ---------------------------------------------------------------------------------------------
// Header line and hand numbers
// ---------------------------------------------------------------------------------------------

/// The id and the text after the closing stars of `***** Hand History for Game N *****[ (SITE)]`
/// (`For` in the summary format; one leading space in club files).
fn header_id(line: &str) -> Option<(&str, &str)> {
    let l = line.strip_prefix(' ').unwrap_or(line);
    let r = l.strip_prefix("***** Hand History ")?;
    let r = r
        .strip_prefix("for Game ")
        .or_else(|| r.strip_prefix("For Game "))?;
    let n = r.bytes().take_while(u8::is_ascii_alphanumeric).count();
    if n == 0 {
        return None;
    }
    let rest = r[n..].strip_prefix(" *****")?;
    Some((&r[..n], rest))
}

/// Site of a converted history's tag ("(WPN)") and whether the id is a converter placeholder.
fn converted_site(tag: &str) -> Option<&'static str> {
    let t = tag.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some(match t {
        "Poker Stars" => "PokerStars",
        "PokerMaster" => "PokerMaster",
        "IPoker" => "iPoker",
        "Pacific" => "888poker",
        "WPN" => "Winning Poker Network",
        "PokerBros" => "PokerBros",
        "Party" | "PartyPoker" => "PartyPoker",
        _ => return None,
    })
}

/// The placeholder id converters print for every hand.
const PLACEHOLDER_ID: &str = "1111111111";

/// The number stored as siteHandNo (see the module documentation). `text` is the hand's text,
/// hashed when the id is the converters' placeholder.
pub fn hand_number(id: &str, converted: bool, text: &str) -> Result<i64, ParseError> {
    const GENERIC_BASE: i64 = -5_300_000_000_000_000_000;
    const GENERIC_SPAN: u64 = 3_900_000_000_000_000_000;
    let generic = |bytes: &[u8]| GENERIC_BASE - (common::fnv1a64(bytes) % GENERIC_SPAN) as i64;
    if converted && id == PLACEHOLDER_ID {
        return Ok(generic(text.as_bytes()));
    }
    let digits = id.bytes().take_while(u8::is_ascii_digit).count();
    if digits == id.len() && digits > 0 {
        return id.parse::<i64>().map_err(|_| {
            ParseError::new(
                ErrorKind::OutOfRange,
                0,
                "the hand number is too large to store",
            )
        });
    }
    if digits >= 13 {
        let (head, rest) = id.split_at(13);
        if let Ok(d) = head.parse::<i64>() {
            let h = (common::fnv1a64(rest.as_bytes()) & ((1 << 19) - 1)) as i64;
            return Ok(-1 - (d * (1 << 19) + h));
        }
    }
    Ok(generic(id.as_bytes()))
}

// ---------------------------------------------------------------------------------------------
// Game line
// ---------------------------------------------------------------------------------------------

/// Game names, most specific first.
const GAMES: &[(&str, Option<Category>)] = &[
    ("Double Hold'em", None),
    ("Double Holdem", None),
    ("7 Card Stud Hi-Lo", Some(Category::StudHiLo)),
    ("7 Card Stud", Some(Category::StudHi)),
    ("Omaha Hi-Lo", Some(Category::OmahaHiLo)),
    ("Omaha Hi", Some(Category::OmahaHi)),
    ("Omaha", Some(Category::OmahaHi)),
    ("Short Deck", Some(Category::SixPlusHoldem)),
    ("Texas Hold'em", Some(Category::Holdem)),
    ("Texas Holdem", Some(Category::Holdem)),
    ("Hold'em", Some(Category::Holdem)),
    ("Holdem", Some(Category::Holdem)),
];

const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn month_of(token: &str) -> Option<u32> {
    MONTHS
        .iter()
        .position(|m| *m == token || (token.len() == 3 && m.starts_with(token)))
        .map(|i| i as u32 + 1)
}

/// "Monday, April 25, 09:42:13 BST 2011", "Sunday,December 9, 14:34:49 ICT 2012",
/// "Mon Jul 12 13:38:32 EDT 2010", "Sunday, July 28, 21:01:39  2013" (no zone).
fn parse_date(text: &str) -> Option<DateTime<Utc>> {
    let tokens: Vec<&str> = text
        .split([' ', ',', '-'])
        .filter(|t| !t.is_empty())
        .collect();
    let i = tokens.iter().position(|t| month_of(t).is_some())?;
    let month = month_of(tokens.get(i)?)?;
    let day: u32 = tokens.get(i + 1)?.parse().ok()?;
    let mut hms = tokens.get(i + 2)?.split(':');
    let hh: u32 = hms.next()?.parse().ok()?;
    let mm: u32 = hms.next()?.parse().ok()?;
    let ss: u32 = hms.next().unwrap_or("0").parse().ok()?;
    let mut label = "";
    let mut year: Option<i32> = None;
    for t in tokens.iter().skip(i + 3).take(2) {
        if t.bytes().all(|b| b.is_ascii_digit()) && t.len() == 4 {
            year = t.parse().ok();
            break;
        }
        if t.bytes().all(|b| b.is_ascii_uppercase()) {
            label = t;
        }
    }
    let dt = NaiveDate::from_ymd_opt(year?, month, day)?.and_hms_opt(hh, mm, ss)?;
    Some(common::to_utc(dt, label, time::EASTERN))
}

/// A stakes text "a/b", the blinds of a tournament level "20/40", "1,250/2,500 -250",
/// "60/120-10": first, second and ante, as text.
fn split_stakes(text: &str) -> Option<(&str, &str, Option<&str>)> {
    let (a, rest) = text.split_once('/')?;
    let rest = rest.trim();
    // The ante follows a '-' (with or without a space before it).
    match rest.find('-') {
        Some(i) => Some((a.trim(), rest[..i].trim(), Some(rest[i + 1..].trim()))),
        None => Some((a.trim(), rest, None)),
    }
}

/// What the game line says.
#[derive(Debug, Default)]
struct GameLine {
    category: Option<Category>,
    limit: Option<LimitType>,
    fast: bool,
    tour: bool,
    /// "a/b" before the game name (blinds, or small/big bet in fixed limit), if printed.
    stakes: Option<String>,
    /// The maximum buy-in of a cash table ("$10 USD NL ...").
    cash_buyin: Option<String>,
    /// A tournament's buy-in text ("$11 USD", "$100.0 + $9.0").
    tour_buyin: Option<String>,
    tour_no: Option<i64>,
    level: Option<String>,
    /// "Blinds(20/40)", "Stakes-Antes(60/120-10)" in the line.
    level_stakes: Option<String>,
    currency: Option<&'static str>,
    start_time: Option<DateTime<Utc>>,
}

/// `Trny: 71487580 Level: 1` / `Trny:3282980 Level:18` anywhere in `s`.
fn trny_level(s: &str) -> (Option<i64>, Option<String>) {
    let no = find(s, "Trny:").and_then(|i| {
        let r = s[i + 5..].trim_start();
        let (v, n) = text::leading_digits(r);
        (n > 0).then(|| i64::try_from(v).ok()).flatten()
    });
    let level = find(s, "Level:").and_then(|i| {
        let r = s[i + 6..].trim_start();
        let n = r.bytes().take_while(u8::is_ascii_alphanumeric).count();
        (n > 0).then(|| r[..n].to_string())
    });
    (no, level)
}

/// The inside of `Blinds(...)`, `Blinds-Antes(...)`, `Stakes(...)`, `Stakes-Antes(...)`.
fn level_stakes(s: &str) -> Option<&str> {
    for key in ["Blinds-Antes(", "Stakes-Antes(", "Blinds(", "Stakes("] {
        if let Some(i) = find(s, key) {
            let r = &s[i + key.len()..];
            let close = r.find(')')?;
            return Some(&r[..close]);
        }
    }
    None
}

fn parse_game_line(g: &str) -> GameLine {
    let mut out = GameLine::default();
    let mut game_at = None;
    for &(name, cat) in GAMES {
        if let Some(i) = find(g, name) {
            out.category = cat;
            game_at = Some((i, name.len()));
            break;
        }
    }
    for token in g.split(' ') {
        let lt = match token {
            "NL" | "(NL)" => Some(LimitType::NoLimit),
            "PL" | "(PL)" => Some(LimitType::PotLimit),
            "FL" | "(FL)" | "(Limit)" => Some(LimitType::FixedLimit),
            "fastforward" | "SPOTPOKER" => {
                out.fast = true;
                None
            }
            _ => None,
        };
        if lt.is_some() && out.limit.is_none() {
            out.limit = lt;
        }
    }
    out.tour = find(g, "Trny:").is_some()
        || find(g, "Tourney").is_some()
        || find(g, "Buy-in").is_some()
        || find(g, "Tournament #").is_some();
    let (no, level) = trny_level(g);
    out.tour_no = no;
    out.level = level;
    if let Some(i) = find(g, "Tournament #") {
        let (v, n) = text::leading_digits(&g[i + 12..]);
        if n > 0 {
            out.tour_no = i64::try_from(v).ok();
        }
    }
    out.level_stakes = level_stakes(g).map(str::to_string);
    // The date: after the last " - ", or the whole line ("Omaha Hi-Saturday,February 18, ...").
    out.start_time = parse_date(g);
    // Text before the game name (and before the limit token that may precede it).
    let head = match game_at {
        Some((i, _)) => &g[..i],
        None => g,
    };
    let head_words: Vec<&str> = head
        .split(' ')
        .filter(|w| {
            !w.is_empty()
                && !matches!(
                    *w,
                    "NL" | "PL" | "FL" | "fastforward" | "SPOTPOKER" | "Tourney" | "Hand"
                )
        })
        .collect();
    let head_text = head_words.join(" ");
    out.currency = common::currency_in(&head_text);
    if out.tour {
        if let Some((_, n)) = game_at {
            // "NL Texas Hold'em $11 USD Buy-in Trny: ...", "... €1 EUR Buy-in - ..."
            let after = &g[game_at.map_or(0, |(i, _)| i) + n..];
            if let Some(b) = find(after, "Buy-in") {
                out.tour_buyin = Some(after[..b].trim().to_string());
            }
        }
        if let Some(i) = find(g, "(Buyin ") {
            let r = &g[i + 7..];
            if let Some(c) = r.find(')') {
                out.tour_buyin = Some(r[..c].trim().to_string());
            }
        }
        if head_text.contains('/') {
            // "70000/140000 Tourney Texas Holdem Game Table (NL)".
            out.stakes = Some(head_text);
        }
        if let Some(b) = &out.tour_buyin {
            out.currency = common::currency_in(b);
        }
    } else if head_text.contains('/') {
        out.stakes = Some(head_text);
    } else if !head_text.is_empty() {
        out.cash_buyin = Some(head_text);
    }
    out
}

/// fpdb's table of fixed-limit blinds by big bet, in cents: (big bet, small blind, big blind).
/// It also gives the blinds of no-limit tables by the big blind that 50 big blinds buy.
const LIMIT_BLINDS: &[(i64, i64, i64)] = &[
    (4, 1, 2),
    (8, 2, 4),
    (10, 2, 5),
    (20, 5, 10),
    (30, 7, 15),
    (50, 10, 25),
    (100, 25, 50),
    (200, 50, 100),
    (400, 100, 200),
    (600, 100, 300),
    (800, 200, 400),
    (1_000, 200, 500),
    (1_200, 300, 600),
    (2_000, 500, 1_000),
    (3_000, 1_000, 1_500),
    (4_000, 1_000, 2_000),
    (5_000, 1_000, 2_500),
    (6_000, 1_500, 3_000),
    (8_000, 2_000, 4_000),
    (10_000, 2_500, 5_000),
    (20_000, 5_000, 10_000),
    (40_000, 10_000, 20_000),
    (50_000, 12_500, 25_000),
    (80_000, 20_000, 40_000),
];

/// fpdb's blinds of the "20BB Min" tables, by maximum buy-in in cents.
const BLINDS_20BB: &[(i64, i64, i64)] = &[
    (80, 1, 2),
    (160, 2, 4),
    (400, 5, 10),
    (1_000, 10, 25),
    (2_000, 25, 50),
    (4_000, 50, 100),
    (24_000, 300, 600),
];

// ---------------------------------------------------------------------------------------------
// The parser: one pass collecting events, then a build
// ---------------------------------------------------------------------------------------------

/// A seated (or joining) player as the text describes him.
#[derive(Debug, Clone)]
struct Seat {
    seat: u8,
    name: String,
    /// `None` when unknown (a player who joined without a seat line, or listed with $0).
    stack: Option<Money>,
    sitting_out: bool,
    left: bool,
    /// Listed in the seat lines (not a player who joined without one).
    listed: bool,
    cards: Vec<Card>,
    shown: bool,
    mucked: bool,
    /// Took part: posted, acted, was dealt, showed or collected.
    active: bool,
    /// The name as the seat list cut it ("Hero" for "Hero Name"), still used by some lines.
    alias: Option<String>,
    /// The summary's total of the player's bets ("bet $3", "lost $0.5").
    summary_bet: Option<Money>,
    /// The summary format has a "balance" line for this player.
    in_summary: bool,
}

/// An action, in text order, by seat index.
#[derive(Debug, Clone, Copy)]
enum Ev {
    Street(i8),
    Fold(usize),
    Check(usize),
    Call(usize, Money),
    Bet(usize, Money),
    /// "raises [X]": X chips added.
    RaiseAdd(usize, Money),
    /// "raises X to Y": the street total Y.
    RaiseTo(usize, Money),
    /// "is all-In [X]": X chips added, a bet, call or raise as the amounts say.
    AllIn(usize, Money),
    /// "is all-In." after an action: that action left the player all-in.
    AllInFlag(usize),
    BringIn(usize, Money),
    /// "completes [X]": X chips added.
    Complete(usize, Money),
}

#[derive(Debug, Clone, Copy)]
struct Post {
    p: usize,
    kind: ActionKind,
    amount: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before the game line.
    Header,
    /// Table, button and seat lines.
    Seats,
    Body,
    Summary,
}

/// Parses one chunk (a hand) of PartyPoker text.
pub fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (id, tag) = header_id(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not a PartyPoker hand header").with_text(first)
    })?;
    let site = converted_site(tag);
    let converted = site.is_some_and(|s| s != "PartyPoker");
    let no = hand_number(id, converted, chunk.text).map_err(|mut e| {
        e.line = first_no;
        e.with_text(first)
    })?;
    let mut p = Parser::new(id, no, site.unwrap_or("PartyPoker"), first_no);
    let last_no = text::each_line(lines, first_no, no, str::trim, |line_no, line| {
        p.line(line_no, line)
    })?;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(no)))
}

type LineResult = Result<(), ParseError>;

struct Parser {
    id: String,
    no: i64,
    site: &'static str,
    header_line: u32,
    phase: Phase,
    game: GameLine,
    game_line: u32,
    /// "Blinds(...)" under the seats (the level the hand is played at).
    body_stakes: Option<String>,
    body_tour_no: Option<i64>,
    body_level: Option<String>,
    table: String,
    play_money: bool,
    button: Option<u8>,
    max_seats: Option<u8>,
    seats: Vec<Seat>,
    /// Names announced by "X has joined the table." that have no seat line yet.
    joined: Vec<String>,
    scale: i64,
    posts: Vec<Post>,
    evs: Vec<Ev>,
    street: i8,
    base: Base,
    hero: Option<usize>,
    board: Vec<Card>,
    summary_board: Option<Vec<Card>>,
    collections: Vec<(usize, Money, u8)>,
    cash_outs: Vec<(usize, Money)>,
    premium: Option<(usize, f64)>,
    rake: Option<Money>,
    results: Vec<(usize, u32, Option<Money>)>,
    no_small_blind: bool,
    won_seen: bool,
    summary_seen: bool,
    /// First line of the wins or summary, for errors about the money.
    money_line: u32,
    /// Lines found glued to an "is sitting out" line (a bound on the recursion).
    glued: u8,
}

/// Verbs that may follow a player's name, to tell a name from the text after it.
const VERBS: &[&str] = &[
    "posts ",
    "folds",
    "Forward Folds",
    "checks",
    "calls",
    "bets",
    "raises",
    "is all-In",
    "completes",
    "bring-ins",
    "double bets",
    "opens",
    "shows",
    "doesn't show",
    "does not show",
    "wins ",
    "balance ",
    "Cashed out",
    "opted for cash-out",
    "Cashout Amount is",
    "Cash-out Premium",
    "probabilty is",
    "probability is",
    "finished in",
    "is sitting out",
    "sits out",
    "has joined",
    "has left",
    "did not respond",
    "could not respond",
    "will be using",
    "- Selects",
    "has been disconnected",
    "is disconnected",
    "has timed out",
];

/// Verbs that put money in or take a turn: by a player nobody seated, an error.
const ACTION_VERBS: &[&str] = &[
    "posts ",
    "folds",
    "checks",
    "calls",
    "bets",
    "raises",
    "is all-In",
    "completes",
    "bring-ins",
    "double bets",
    "wins ",
];

/// The first verb of [`VERBS`] that follows a space in `line`: its position (the space) and
/// the verb.
fn first_verb(line: &str) -> Option<(usize, &'static str)> {
    let mut best: Option<(usize, &'static str)> = None;
    for &v in VERBS {
        let mut from = 0;
        while let Some(i) = line.get(from..).and_then(|x| find(x, v)).map(|i| i + from) {
            if i > 0 && line.as_bytes()[i - 1] == b' ' {
                if best.is_none_or(|(b, _)| i - 1 < b) {
                    best = Some((i - 1, v));
                }
                break;
            }
            from = i + 1;
        }
    }
    best
}

impl Parser {
    fn new(id: &str, no: i64, site: &'static str, header_line: u32) -> Parser {
        Parser {
            id: id.to_string(),
            no,
            site,
            header_line,
            phase: Phase::Header,
            game: GameLine::default(),
            game_line: header_line,
            body_stakes: None,
            body_tour_no: None,
            body_level: None,
            table: String::new(),
            play_money: false,
            button: None,
            max_seats: None,
            seats: Vec::with_capacity(10),
            joined: Vec::new(),
            scale: CENTS,
            posts: Vec::with_capacity(12),
            evs: Vec::with_capacity(32),
            street: POSTS,
            base: Base::Hold,
            hero: None,
            board: Vec::new(),
            summary_board: None,
            collections: Vec::new(),
            cash_outs: Vec::new(),
            premium: None,
            rake: None,
            results: Vec::new(),
            no_small_blind: false,
            won_seen: false,
            summary_seen: false,
            money_line: header_line,
            glued: 0,
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        common::money(text, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    /// The amount of an action: the bracket or parenthesis group, else the text.
    fn amount_of(&self, r: &str, no: u32) -> Result<Money, ParseError> {
        let t = r.trim().trim_end_matches('.');
        let inner = match (t.find(['[', '(']), t.rfind([']', ')'])) {
            (Some(a), Some(z)) if z > a => &t[a + 1..z],
            _ => t,
        };
        self.money(inner, no)
    }

    fn seat_named(&self, name: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.name == name || s.alias.as_deref() == Some(name))
    }

    /// The seated player whose name starts `line` and is followed by a known verb (or ':' for
    /// chat); returns him and the text after the name and its separator.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(usize, &'l str)> {
        let l = line.as_bytes();
        let mut best: Option<(usize, usize)> = None;
        let names = self.seats.iter().enumerate().flat_map(|(i, s)| {
            std::iter::once((i, s.name.as_str())).chain(s.alias.as_deref().map(|a| (i, a)))
        });
        for (i, name) in names {
            let n = name.len();
            if l.len() > n
                && n > 0
                && matches!(l[n], b' ' | b':')
                && l.starts_with(name.as_bytes())
                && best.is_none_or(|(_, len)| n > len)
            {
                let rest = &line[n..];
                let verb_follows =
                    rest.starts_with(':') || VERBS.iter().any(|v| rest[1..].starts_with(v));
                if verb_follows {
                    best = Some((i, n));
                }
            }
        }
        best.map(|(i, n)| (i, &line[n..]))
    }

    /// A player whose name is not (exactly) in the seat list: the name before the first verb.
    /// A seated name cut short in the seat list is completed; a player announced by "has
    /// joined the table" is seated. Returns the seat index and the text from the verb on.
    fn resolve_unseated<'l>(
        &mut self,
        no: u32,
        line: &'l str,
    ) -> Result<Option<(usize, &'l str)>, ParseError> {
        let Some((at, verb)) = first_verb(line) else {
            return Ok(None);
        };
        let name = &line[..at];
        let rest = &line[at..];
        Ok(self.resolve_name(no, name, verb)?.map(|i| (i, rest)))
    }

    /// The seat of `name`, found with `verb` after it, when it is not a seated name: a name the
    /// seat list cut, or a player who joined the table and takes part.
    fn resolve_name(
        &mut self,
        no: u32,
        name: &str,
        verb: &str,
    ) -> Result<Option<usize>, ParseError> {
        if name.is_empty() {
            return Ok(None);
        }
        if let Some(i) = self.seat_named(name) {
            return Ok(Some(i));
        }
        // "Hero Name raises ..." for the seat line's "Hero": the seat list cut the name.
        let cut: Vec<usize> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                name.len() > s.name.len()
                    && name.starts_with(s.name.as_str())
                    && name.as_bytes()[s.name.len()] == b' '
            })
            .map(|(i, _)| i)
            .collect();
        if let [i] = cut.as_slice() {
            let short = std::mem::replace(&mut self.seats[*i].name, name.to_string());
            self.seats[*i].alias = Some(short);
            return Ok(Some(*i));
        }
        if verb == "has joined" {
            if !self.joined.iter().any(|j| j == name) {
                self.joined.push(name.to_string());
            }
            return Ok(None);
        }
        let takes_part = ACTION_VERBS.contains(&verb)
            || matches!(verb, "shows" | "doesn't show" | "balance " | "Cashed out");
        if let Some(j) = self
            .joined
            .iter()
            .position(|j| j == name)
            .filter(|_| takes_part)
        {
            // A player who joined and takes part in the hand without a seat line.
            let name = self.joined.remove(j);
            self.seats.push(Seat {
                seat: 0,
                name,
                stack: None,
                sitting_out: false,
                left: false,
                listed: false,
                cards: Vec::new(),
                shown: false,
                mucked: false,
                active: false,
                alias: None,
                summary_bet: None,
                in_summary: false,
            });
            return Ok(Some(self.seats.len() - 1));
        }
        if ACTION_VERBS.contains(&verb) {
            return Err(ParseError::malformed(
                no,
                "action by a player who is not in the seat list (and did not join the table)",
            ));
        }
        Ok(None)
    }

    fn line(&mut self, no: u32, line: &str) -> LineResult {
        if line.starts_with("Game #") || line.starts_with("#Game No") {
            return Ok(());
        }
        match self.phase {
            Phase::Header => return self.header_line(no, line),
            Phase::Summary => return self.summary_line(no, line),
            _ => {}
        }
        if let Some(r) = line.strip_prefix("** ") {
            return self.street_line(no, r);
        }
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Table ") {
                self.table_line(r);
                return Ok(());
            }
            if let Some(r) = line
                .strip_prefix("Seat ")
                .or_else(|| line.strip_prefix("seat "))
                .or_else(|| line.strip_prefix("seat"))
                .or_else(|| line.strip_prefix("Seat"))
            {
                if let Some(res) = self.seat_line(no, r) {
                    return res;
                }
            }
            if let Some(r) = line.strip_prefix("Total number of players") {
                // ": 4/6", ": 6 / 6", ": 10".
                if let Some((_, max)) = r.split_once('/') {
                    let (v, n) = text::leading_digits(max.trim());
                    if n > 0 {
                        self.max_seats = u8::try_from(v).ok();
                    }
                }
                return Ok(());
            }
        }
        if line.starts_with("Trny:") {
            let (t, l) = trny_level(line);
            self.body_tour_no = t.or(self.body_tour_no);
            self.body_level = l.or(self.body_level.take());
            return Ok(());
        }
        if let Some(s) = level_stakes(line) {
            if line.starts_with("Blinds") || line.starts_with("Stakes") {
                self.body_stakes = Some(s.to_string());
                return Ok(());
            }
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        if line.starts_with("There is no Small Blind") {
            self.no_small_blind = true;
            return Ok(());
        }
        if line.starts_with("Table Closed") {
            return Err(ParseError::new(
                ErrorKind::Cancelled,
                no,
                "the room closed the table during this hand",
            ));
        }
        if line.starts_with("Connection Lost") {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                no,
                "the connection was lost during this hand",
            ));
        }
        if line.starts_with("Creating ")
            || line.starts_with("There was no")
            || line.starts_with("Congratulations to player")
        {
            if let Some(r) = line.strip_prefix("Congratulations to player ") {
                if let Some(p) = self.seats.iter().position(|s| {
                    r.starts_with(s.name.as_str()) && r[s.name.len()..].starts_with(" for")
                }) {
                    self.results.push((p, 1, None));
                }
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Player ") {
            // "Player Player8 finished in 4 169.": a tournament result.
            if let Some((name, place)) = split2(r, " finished in ") {
                if let Some(p) = self.seat_named(name) {
                    return self.finished(no, p, place);
                }
            }
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            return self.player_line(no, p, rest);
        }
        if let Some((p, rest)) = self.resolve_unseated(no, line)? {
            return self.player_line(no, p, rest);
        }
        Ok(())
    }

    /// Lines before the game line: the game line itself, or "X has left the table." noise.
    fn header_line(&mut self, no: u32, line: &str) -> LineResult {
        let g = parse_game_line(line);
        if g.start_time.is_none() && g.category.is_none() {
            // "X has left the table.", "X finished in 3 place." before the game line.
            return Ok(());
        }
        if find(line, "Double Hold").is_some() {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "Double Hold'em is not one of the games the design stores",
            ));
        }
        let Some(category) = g.category else {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a PartyPoker game fpdb does not read",
            ));
        };
        if g.start_time.is_none() {
            return Err(ParseError::malformed(
                no,
                "no readable date in the game line",
            ));
        }
        self.base = category.base();
        self.scale = if g.tour { CHIPS } else { CENTS };
        self.game = g;
        self.game_line = no;
        self.phase = Phase::Seats;
        Ok(())
    }

    /// "Table Le Mans (Real Money)", "Table (303344128) Table #62 (Real Money) -- Seat 2 is the
    /// button", "Table Bolt  ( Real Money )", "Table Speed #2409913 (No DP) (Real Money)".
    fn table_line(&mut self, r: &str) {
        let (head, tail) = match find(r, " -- ") {
            Some(i) => (&r[..i], &r[i + 4..]),
            None => (r, ""),
        };
        if let Some(s) = find(tail, "Seat ") {
            let (v, n) = text::leading_digits(&tail[s + 5..]);
            if n > 0 {
                self.button = u8::try_from(v).ok().filter(|&b| b > 0);
            }
        }
        let mut name = head.trim();
        self.play_money = find(name, "Play Money").is_some();
        if self.play_money {
            self.scale = CHIPS;
        }
        for suffix in ["Real Money )", "Real Money)", "Play Money )", "Play Money)"] {
            if let Some(i) = find(name, suffix) {
                name = name[..i].trim_end().trim_end_matches('(').trim_end();
                break;
            }
        }
        if let Some(x) = name.strip_suffix("(No DP)") {
            name = x.trim_end();
        }
        self.table = name.to_string();
    }

    /// "Seat 3: NAME ( $964 USD )", "seat1: NAME ( $664.25 USD )", "Seat 1: NAME ($0.95)",
    /// "Seat 1: NAME (5049052)", "Seat 1: NAME ( $2.76 USD ) - VPIP: 26, ...",
    /// and "Seat 3 is the button". `None` when the line is not a seat line.
    fn seat_line(&mut self, no: u32, r: &str) -> Option<LineResult> {
        let r = r.trim_start();
        let (v, n) = text::leading_digits(r);
        if n == 0 {
            return None;
        }
        let rest = &r[n..];
        if let Some(x) = rest.strip_prefix(" is the button") {
            let _ = x;
            self.button = u8::try_from(v).ok().filter(|&b| b > 0);
            return Some(Ok(()));
        }
        let rest = rest.strip_prefix(": ")?;
        // The stack is the first parenthesised group that reads as an amount.
        let mut from = 0;
        while let Some(i) = rest
            .get(from..)
            .and_then(|s| find(s, " ("))
            .map(|i| i + from)
        {
            let inside = &rest[i + 2..];
            if let Some(close) = inside.find(')') {
                match common::money(&inside[..close], self.scale) {
                    Ok(stack) => {
                        let name = &rest[..i];
                        let Ok(seat) = u8::try_from(v) else {
                            return Some(Err(ParseError::malformed(no, "unreadable seat number")));
                        };
                        return Some(self.add_seat(no, seat, name, stack, &inside[..close]));
                    }
                    // A stack too large to store is refused as such, not read past.
                    Err(ErrorKind::OutOfRange) => {
                        return Some(Err(text::amount_error(ErrorKind::OutOfRange, no)));
                    }
                    Err(_) => {}
                }
            }
            from = i + 2;
        }
        Some(Err(ParseError::malformed(no, "unreadable seat line")))
    }

    fn add_seat(&mut self, no: u32, seat: u8, name: &str, stack: Money, text: &str) -> LineResult {
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        if self.seats.iter().any(|s| s.name == name) {
            return Err(ParseError::malformed(no, "the same player in two seats"));
        }
        if self.seats.iter().any(|s| s.seat == seat) {
            return Err(ParseError::malformed(no, "two players in one seat"));
        }
        if self.game.currency.is_none() && !self.game.tour {
            self.game.currency = common::currency_in(text);
        }
        self.seats.push(Seat {
            seat,
            name: name.to_string(),
            stack: Some(stack),
            sitting_out: false,
            left: false,
            listed: true,
            cards: Vec::new(),
            shown: false,
            mucked: false,
            active: false,
            alias: None,
            summary_bet: None,
            in_summary: false,
        });
        Ok(())
    }

    /// "** Dealing down cards **", "** Dealing Flop ** [ Ah, 2h, Kh ]", "** Dealing Turn ** :
    /// [ 9d ]", "** Dealing **" (stud), "** Dealing Fourth street **", "** Summary **".
    fn street_line(&mut self, _no: u32, r: &str) -> LineResult {
        let end = find(r, " **").unwrap_or(r.len());
        let name = &r[..end];
        let cards = &r[end..];
        if name == "Summary" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        }
        self.phase = Phase::Body;
        let street: Option<i8> = match (self.base, name) {
            (Base::Hold, "Dealing down cards") => Some(0),
            (Base::Hold, "Dealing Flop") => Some(1),
            (Base::Hold, "Dealing Turn") => Some(2),
            (Base::Hold, "Dealing River") => Some(3),
            (Base::Stud, "Dealing") | (Base::Stud, "Dealing down cards") => Some(0),
            (Base::Stud, "Dealing Fourth street") => Some(1),
            (Base::Stud, "Dealing Fifth street") => Some(2),
            (Base::Stud, "Dealing Sixth street") => Some(3),
            (Base::Stud, "Dealing River") | (Base::Stud, "Dealing Seventh street") => Some(4),
            _ => None,
        };
        if let Some(s) = street {
            if s > self.street {
                self.street = s;
                self.evs.push(Ev::Street(s));
            }
            if self.base == Base::Hold && s > 0 {
                for g in groups(cards) {
                    if let Some(c) = cards_of(g) {
                        if self.board.len() + c.len() <= 5 {
                            self.board.extend(c);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// "Dealt to Hero [  9c Ad ]", "Dealt to Hero Name [ Ad, 5d ]" (name cut in the seat list),
    /// stud "Dealt to Hero [  Td 5s 3c ]" then "Dealt to Hero [  Td ]".
    fn dealt(&mut self, no: u32, r: &str) -> LineResult {
        let Some(open) = find(r, " [") else {
            return Ok(());
        };
        let name = &r[..open];
        let p = match self.seat_named(name) {
            Some(p) => p,
            None => match self.resolve_name(no, name, "shows")? {
                Some(p) => p,
                None => {
                    return Err(ParseError::malformed(
                        no,
                        "cards dealt to a player who is not in the seat list",
                    ))
                }
            },
        };
        let Some(cards) = groups(&r[open..]).next().and_then(cards_of) else {
            return Err(ParseError::malformed(no, "unreadable cards"));
        };
        let s = &mut self.seats[p];
        s.active = true;
        match self.base {
            Base::Stud => {
                s.cards.resize(7, Card::UNKNOWN);
                let street = self.street.max(0) as usize;
                let end = (street + 3).min(7);
                let start = end.saturating_sub(cards.len());
                for (dst, &c) in s.cards[start..end].iter_mut().zip(&cards) {
                    *dst = c;
                }
            }
            _ => s.cards = cards,
        }
        if self.hero.is_none() {
            self.hero = Some(p);
        }
        Ok(())
    }

    /// Lines that start with a player's name; `r` starts with the separator after the name.
    fn player_line(&mut self, no: u32, p: usize, r: &str) -> LineResult {
        if r.starts_with(':') {
            return Ok(()); // chat
        }
        let r = r.trim_start();
        let bare = r.trim_end_matches('.').trim_end();
        if let Some(x) = r.strip_prefix("posts ") {
            return self.post(no, p, x);
        }
        if bare == "folds" || bare == "Forward Folds" {
            self.active(p);
            let folded = self.evs.iter().any(|e| matches!(e, Ev::Fold(q) if *q == p));
            if !folded {
                self.begin_betting();
                self.evs.push(Ev::Fold(p));
            }
            return Ok(());
        }
        if bare == "checks" {
            self.active(p);
            self.begin_betting();
            self.evs.push(Ev::Check(p));
            return Ok(());
        }
        if bare == "opens" {
            return Ok(());
        }
        for (verb, make) in [
            ("calls", Ev::Call as fn(usize, Money) -> Ev),
            ("double bets", Ev::Bet),
            ("bets", Ev::Bet),
            ("completes", Ev::Complete),
            ("bring-ins", Ev::BringIn),
        ] {
            if let Some(x) = r.strip_prefix(verb) {
                let amount = self.amount_of(x, no)?;
                self.active(p);
                if verb == "bring-ins" {
                    if self.street < 0 {
                        self.street = 0;
                        self.evs.push(Ev::Street(0));
                    }
                } else {
                    self.begin_betting();
                }
                self.evs.push(make(p, amount));
                return Ok(());
            }
        }
        if let Some(x) = r.strip_prefix("raises") {
            self.active(p);
            self.begin_betting();
            // "raises 0.06 to 0.08" (the total), or "raises [$15 USD]" (the chips added).
            if let Some((_, to)) = split2(x, " to ") {
                let to = self.money(to.trim_end_matches('.'), no)?;
                self.evs.push(Ev::RaiseTo(p, to));
            } else {
                let added = self.amount_of(x, no)?;
                self.evs.push(Ev::RaiseAdd(p, added));
            }
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("is all-In") {
            self.active(p);
            if x.contains(['[', '(']) {
                let amount = self.amount_of(x, no)?;
                self.begin_betting();
                self.evs.push(Ev::AllIn(p, amount));
            } else {
                self.evs.push(Ev::AllInFlag(p));
            }
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("shows") {
            if let Some(c) = groups(x).next().and_then(cards_of) {
                self.reveal(p, &c, true);
            }
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("doesn't show") {
            if let Some(c) = groups(x).next().and_then(cards_of) {
                self.reveal(p, &c, false);
            }
            self.seats[p].mucked = true;
            return Ok(());
        }
        if r.starts_with("wins ") {
            return self.wins(no, p, r);
        }
        if let Some(x) = r.strip_prefix("Cashout Amount is ") {
            let amount = self.money(x, no)?;
            self.cash_outs.push((p, amount));
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("Cash-out Premium % is ") {
            if let Ok(v) = x.trim().parse::<f64>() {
                self.premium = Some((p, v));
            }
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("finished in ") {
            return self.finished(no, p, x);
        }
        if let Some(x) = r.strip_prefix("is sitting out") {
            if !self.seats[p].active {
                self.seats[p].sitting_out = true;
            }
            // Mac histories glue the next line to this one: "Player3 is sitting outPlayer4
            // posts big blind [$0,25 USD]."
            let x = x.trim_start_matches('.').trim();
            if !x.is_empty() && self.glued < 8 {
                self.glued += 1;
                return self.line(no, x);
            }
            return Ok(());
        }
        if r.starts_with("has left the table") {
            if !self.seats[p].active && self.phase != Phase::Summary && self.street < 0 {
                self.seats[p].left = true;
            }
            return Ok(());
        }
        if r.starts_with("has joined the table") {
            // A seated player who was away: he is back, his stack as listed (or unknown).
            self.seats[p].left = false;
            return Ok(());
        }
        // "does not show cards", "did not respond in time", "will be using his time bank",
        // "opted for cash-out", "probabilty is 60.37", "- Selects point card": nothing to keep.
        Ok(())
    }

    fn active(&mut self, p: usize) {
        if let Some(s) = self.seats.get_mut(p) {
            s.active = true;
            s.left = false;
        }
    }

    /// The first action of a hand whose "** Dealing down cards **" line is missing.
    fn begin_betting(&mut self) {
        if self.street < 0 {
            self.street = 0;
            self.evs.push(Ev::Street(0));
        }
    }

    /// "posts small blind [$0.01 USD].", "posts big blind (1600)", "posts big blind + dead
    /// [$0.03].", "posts ante of [1200].", "posts button blind  [$1 USD]".
    fn post(&mut self, no: u32, p: usize, r: &str) -> LineResult {
        let (kind, amt) = if let Some(a) = r.strip_prefix("small blind") {
            // A second small blind (a player coming in between the blinds) is live at
            // PartyPoker: its poster calls only the difference to the big blind.
            (ActionKind::SmallBlind, a)
        } else if let Some(a) = r.strip_prefix("big blind + dead") {
            (ActionKind::BothBlinds, a)
        } else if let Some(a) = r.strip_prefix("big blind") {
            (ActionKind::BigBlind, a)
        } else if let Some(a) = r.strip_prefix("button blind") {
            (ActionKind::ButtonBlind, a)
        } else if let Some(a) = r.strip_prefix("ante of") {
            (ActionKind::Ante, a)
        } else if let Some(a) = r.strip_prefix("ante") {
            (ActionKind::Ante, a)
        } else if let Some(a) = r.strip_prefix("dead") {
            (ActionKind::DeadSmallBlind, a)
        } else {
            return Err(ParseError::malformed(no, "unknown kind of post"));
        };
        let amount = self.amount_of(amt, no)?;
        self.active(p);
        self.posts.push(Post { p, kind, amount });
        Ok(())
    }

    fn reveal(&mut self, p: usize, cards: &[Card], shown: bool) {
        let s = &mut self.seats[p];
        s.active = true;
        if shown {
            s.shown = true;
        }
        if cards.iter().all(|c| !c.is_known()) {
            return;
        }
        if self.base == Base::Stud {
            s.cards.resize(7, Card::UNKNOWN);
            for (dst, &c) in s.cards.iter_mut().zip(cards) {
                if c.is_known() {
                    *dst = c;
                }
            }
        } else {
            s.cards = cards.to_vec();
        }
    }

    /// "wins $278 USD from the main pot with ...", "wins 2,000 chips", "wins Lo ($90.50 USD)
    /// from the main pot", "wins $0.06 USD from the side pot 1 with ...". Mac histories put two
    /// on one line ("...Aces and Queens.Player4 wins $27,36 USD from ..."). `r` starts with
    /// "wins " after the first winner's name; the line's other winners are found by name.
    fn wins(&mut self, no: u32, p: usize, r: &str) -> LineResult {
        self.won_seen = true;
        if self.money_line == self.header_line {
            self.money_line = no;
        }
        // The first winner is the line's player; the others follow "<name> wins ".
        // (start of the winner's text, winner, where the next winner's name starts)
        let mut starts: Vec<(usize, usize)> = vec![(5, p)];
        let mut ends: Vec<usize> = Vec::new();
        let mut from = 5;
        while let Some(k) = r
            .get(from..)
            .and_then(|x| find(x, " wins "))
            .map(|k| k + from)
        {
            let head = &r[..k];
            let winner = self
                .seats
                .iter()
                .enumerate()
                .flat_map(|(i, s)| {
                    std::iter::once((i, s.name.as_str())).chain(s.alias.as_deref().map(|a| (i, a)))
                })
                .filter(|(_, n)| !n.is_empty() && head.ends_with(n))
                .max_by_key(|(_, n)| n.len());
            if let Some((i, n)) = winner {
                ends.push(k - n.len());
                starts.push((k + 6, i));
            }
            from = k + 6;
        }
        for (k, &(at, player)) in starts.iter().enumerate() {
            // This winner's text ends where the next winner's name starts.
            let end = ends.get(k).copied().unwrap_or(r.len());
            let text = r.get(at..end.max(at)).unwrap_or("");
            let amount_text = text.strip_prefix("Lo ").unwrap_or(text);
            let (amount_text, from) = match split2(amount_text, " from ") {
                Some((a, f)) => (a, f),
                None => (
                    amount_text.split(" with ").next().unwrap_or(amount_text),
                    "",
                ),
            };
            let amount = self.amount_of(amount_text, no)?;
            let pot = match find(from, "side pot") {
                Some(i) => {
                    let (v, _) = text::leading_digits(from[i + 8..].trim_start());
                    u8::try_from(v).unwrap_or(u8::MAX).max(1)
                }
                None => 0,
            };
            self.seats[player].active = true;
            self.collections.push((player, amount, pot));
        }
        Ok(())
    }

    /// "finished in 4 169.", "finished in 3 place.", "finished in 2 place and received $5 USD".
    fn finished(&mut self, no: u32, p: usize, r: &str) -> LineResult {
        let (place, n) = text::leading_digits(r.trim_start());
        if n == 0 {
            return Ok(());
        }
        let prize = match split2(r, "received ") {
            Some((_, amt)) => Some(
                common::money(amt, CENTS)
                    .map_err(|k| ParseError::new(k, no, "unreadable prize"))?,
            ),
            None => None,
        };
        let place = u32::try_from(place).unwrap_or(u32::MAX);
        self.results.retain(|(q, _, _)| *q != p);
        self.results.push((p, place, prize));
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary (summary format)
    // -----------------------------------------------------------------------------------------

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if self.money_line == self.header_line {
            self.money_line = no;
        }
        if let Some(r) = line.strip_prefix("Main Pot:") {
            // "Main Pot: $7.13 Rake: $0.37", "Main Pot: 35656500 Side Pot 1: 3767420".
            if let Some((_, rake)) = split2(r, "Rake:") {
                self.rake = Some(self.money(rake.trim(), no)?);
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board:") {
            self.summary_board = groups(r).next().and_then(cards_of);
            return Ok(());
        }
        // "NAME balance $100.57, bet $3, collected $3.57, net +$0.57 [ Ad 5d ] [ ... ]",
        // "NAME Cashed out  balance $23.01, ...", "NAME balance $30, sits out".
        let (name, rest, cashed) = match split2(line, " Cashed out") {
            Some((n, r)) => (n, r, true),
            None => match split2(line, " balance ") {
                Some((n, r)) => (n, r, false),
                None => return Ok(()),
            },
        };
        let p = match self.seat_named(name) {
            Some(p) => p,
            None => match self.resolve_name(no, name, "balance ")? {
                Some(p) => p,
                None => return Ok(()),
            },
        };
        self.seats[p].in_summary = true;
        if find(rest, "sits out").is_some() && !self.seats[p].active {
            self.seats[p].sitting_out = true;
        }
        // "bet $3, collected ..." or "lost $0.5 (folded)": everything he put in.
        for key in ["bet ", "lost "] {
            if let Some((_, b)) = split2(rest, key) {
                let amt = b.split([',', '[', '(']).next().unwrap_or("");
                if let Ok(v) = common::money(amt.trim(), self.scale) {
                    self.seats[p].summary_bet = Some(v);
                }
                break;
            }
        }
        if let Some((_, c)) = split2(rest, "collected ") {
            let amt = c.split([',', '[']).next().unwrap_or("");
            let amount = self.money(amt.trim(), no)?;
            if !cashed && amount > 0 {
                self.collections.push((p, amount, 0));
            }
        }
        // The cards at showdown: the first bracket group that reads as cards.
        if let Some(c) = groups(rest).next().and_then(cards_of) {
            self.reveal(p, &c, true);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Build
    // -----------------------------------------------------------------------------------------

    fn finish(self, last_line: u32) -> Result<Hand, ParseError> {
        build(self, last_line)
    }
}

// ---------------------------------------------------------------------------------------------
// Build: from the events to the hand
// ---------------------------------------------------------------------------------------------

/// Live money of a post (what counts towards the amount to match before the flop).
fn post_live(kind: ActionKind, amount: Money, small_blind: Money) -> Money {
    match kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
        ActionKind::BothBlinds => amount.saturating_sub(amount.min(small_blind)),
        _ => amount,
    }
}

/// Small blind, big blind and ante of the hand.
fn stakes(
    p: &Parser,
    category: Category,
    limit: LimitType,
) -> Result<(Money, Money, Money), ParseError> {
    let scale = p.scale;
    let line = p.game_line;
    let read = |t: &str| {
        common::money(t, scale).map_err(|k| ParseError::new(k, line, "unreadable stakes"))
    };
    let stud = category.base() == Base::Stud;
    let ante_posted = p
        .posts
        .iter()
        .filter(|x| x.kind == ActionKind::Ante)
        .map(|x| x.amount)
        .max()
        .unwrap_or(0);
    let from_pair = |a: Money, b: Money, tour: bool| -> (Money, Money) {
        if stud {
            (0, a)
        } else if category == Category::SixPlusHoldem {
            // Button-blind game: the first amount is the button blind.
            (0, a)
        } else if limit == LimitType::FixedLimit {
            // The small and big bet: the big blind is the small bet.
            let sb = if tour {
                None
            } else {
                LIMIT_BLINDS
                    .iter()
                    .find(|&&(big_bet, _, _)| big_bet == b)
                    .map(|&(_, sb, _)| sb)
                    .filter(|_| scale == CENTS)
            };
            (sb.unwrap_or(a / 2), a)
        } else {
            (a, b)
        }
    };
    // A tournament level under the seats or in the game line.
    let level = p.body_stakes.as_deref().or(p.game.level_stakes.as_deref());
    if p.game.tour {
        if let Some((a, b, ante)) = level.and_then(split_stakes) {
            let (sb, bb) = from_pair(read(a)?, read(b)?, true);
            let ante = match ante {
                Some(x) if !x.is_empty() => read(x)?,
                _ => ante_posted,
            };
            return Ok((sb, bb, ante));
        }
    }
    if let Some((a, b, _)) = p.game.stakes.as_deref().and_then(split_stakes) {
        let (sb, bb) = from_pair(read(a)?, read(b)?, p.game.tour);
        return Ok((sb, bb, ante_posted));
    }
    // Only a buy-in is printed: the blinds posted, when a full one was.
    let stack_of = |i: usize| p.seats.get(i).and_then(|s| s.stack);
    let full = |x: &Post| stack_of(x.p).is_none_or(|s| s > x.amount);
    let sb_post = p
        .posts
        .iter()
        .find(|x| x.kind == ActionKind::SmallBlind && full(x))
        .map(|x| x.amount);
    let bb_post = p
        .posts
        .iter()
        .filter(|x| matches!(x.kind, ActionKind::BigBlind | ActionKind::ButtonBlind) && full(x))
        .map(|x| x.amount)
        .max();
    let by_buyin = p.game.cash_buyin.as_deref().and_then(|b| {
        let cents = common::money(b, CENTS).ok()?;
        if find(&p.table, "20BB Min").is_some() {
            return BLINDS_20BB
                .iter()
                .find(|&&(bi, _, _)| bi == cents)
                .map(|&(_, sb, bb)| (sb, bb));
        }
        let key = if cents >= 1_000_000 {
            cents / 100
        } else {
            cents / 50
        };
        LIMIT_BLINDS
            .iter()
            .find(|&&(big_bet, _, _)| big_bet == key)
            .map(|&(_, sb, bb)| (sb, bb))
    });
    let by_buyin = by_buyin.filter(|_| scale == CENTS);
    let bb = bb_post.or(by_buyin.map(|x| x.1)).ok_or_else(|| {
        ParseError::malformed(
            line,
            "the stakes are not printed and no big blind was posted",
        )
    })?;
    let sb = if category == Category::SixPlusHoldem {
        0
    } else {
        sb_post
            .or_else(|| by_buyin.filter(|x| x.1 == bb).map(|x| x.0))
            .unwrap_or(bb / 2)
    };
    Ok((sb, bb, ante_posted))
}

/// "$11 USD", "€1 EUR", "$ 530 USD", "$100.0 + $9.0": buy-in, fee and currency.
fn buyin(text: Option<&str>, table: &str, line: u32) -> Result<(Money, Money, String), ParseError> {
    let Some(t) = text.filter(|t| t.bytes().any(|b| b.is_ascii_digit())) else {
        let cur = if find(table, "Freeroll").is_some() {
            "FREE"
        } else {
            "NA"
        };
        return Ok((0, 0, cur.to_string()));
    };
    let read = |x: &str| {
        common::money(x, CENTS).map_err(|k| ParseError::new(k, line, "unreadable buy-in"))
    };
    let (b, f) = match t.split_once('+') {
        Some((b, f)) => (read(b)?, read(f)?),
        None => (read(t)?, 0),
    };
    let cur = common::currency_in(t).unwrap_or("USD");
    if b == 0 && f == 0 {
        return Ok((0, 0, "FREE".to_string()));
    }
    Ok((b, f, cur.to_string()))
}

/// Table number of a tournament table: after the last '#' ("Table #173", "Turbo #1646865"),
/// else the last word ("Table  170755", "2481408818 659").
fn tour_table_no(table: &str) -> String {
    match table.rfind('#') {
        Some(i) => table[i + 1..].trim().to_string(),
        None => table
            .split(' ')
            .rfind(|w| !w.is_empty())
            .unwrap_or("")
            .to_string(),
    }
}

/// The blinds the room posts without printing them (old tournament hands): the small blind by
/// the first player after the button (the button himself heads-up), the big blind by the next,
/// each at most what the player has left after his ante.
fn implicit_blinds(p: &Parser, kept: &[usize], sb: Money, bb: Money) -> Vec<Post> {
    let Some(button) = p.button else {
        return Vec::new();
    };
    let mut order: Vec<usize> = kept
        .iter()
        .copied()
        .filter(|&i| p.seats[i].stack.is_some_and(|s| s > 0))
        .collect();
    // The blinds are among the players who take part (a player just moved to the table, with
    // no action at all, sits out this hand), unless too few do.
    if order.iter().filter(|&&i| takes_part(p, i)).count() >= 2 {
        order.retain(|&i| takes_part(p, i));
    }
    order.sort_by_key(|&i| p.seats[i].seat);
    if order.len() < 2 {
        return Vec::new();
    }
    let after = |seat: u8| -> usize {
        order
            .iter()
            .copied()
            .find(|&i| p.seats[i].seat > seat)
            .unwrap_or(order[0])
    };
    let on_button = order.iter().copied().find(|&i| p.seats[i].seat == button);
    let sb_player = if p.no_small_blind {
        None
    } else if order.len() == 2 {
        Some(on_button.unwrap_or_else(|| after(button)))
    } else {
        Some(after(button))
    };
    let bb_player = match sb_player {
        Some(s) => after(p.seats[s].seat),
        None => after(button),
    };
    let left = |i: usize| {
        let ante: Money = p.posts.iter().filter(|x| x.p == i).map(|x| x.amount).sum();
        p.seats[i].stack.unwrap_or(0).saturating_sub(ante).max(0)
    };
    let mut out = Vec::with_capacity(2);
    if let Some(s) = sb_player {
        if sb > 0 {
            out.push(Post {
                p: s,
                kind: ActionKind::SmallBlind,
                amount: sb.min(left(s)),
            });
        }
    }
    if bb > 0 && Some(bb_player) != sb_player {
        out.push(Post {
            p: bb_player,
            kind: ActionKind::BigBlind,
            amount: bb.min(left(bb_player)),
        });
    }
    out
}

/// Whether seat `i` takes part in the hand beyond being listed: an action, a collection, cards
/// shown or mucked (a big blind who gets a walk collects).
fn takes_part(p: &Parser, i: usize) -> bool {
    let s = &p.seats[i];
    s.shown
        || s.mucked
        || p.collections.iter().any(|c| c.0 == i)
        || p.evs.iter().any(|e| match *e {
            Ev::Street(_) => false,
            Ev::Fold(q)
            | Ev::Check(q)
            | Ev::Call(q, _)
            | Ev::Bet(q, _)
            | Ev::RaiseAdd(q, _)
            | Ev::RaiseTo(q, _)
            | Ev::AllIn(q, _)
            | Ev::AllInFlag(q)
            | Ev::BringIn(q, _)
            | Ev::Complete(q, _) => q == i,
        })
}

/// Players who checked before the flop facing a bet they had not matched, without a post: the
/// room took both blinds from them without printing it (a dead small blind and a live big
/// blind). Returns their posts.
fn silent_posts(p: &Parser, posts: &[Post], sb: Money, bb: Money) -> Vec<Post> {
    let n = p.seats.len();
    let mut total = vec![0 as Money; n];
    let mut posted = vec![false; n];
    for x in posts {
        if let Some(t) = total.get_mut(x.p) {
            *t = t.saturating_add(post_live(x.kind, x.amount, sb));
        }
        if x.kind != ActionKind::Ante {
            if let Some(q) = posted.get_mut(x.p) {
                *q = true;
            }
        }
    }
    let mut out = Vec::new();
    if bb <= 0 || p.base != Base::Hold {
        return out;
    }
    for e in &p.evs {
        let max = total.iter().copied().max().unwrap_or(0);
        match *e {
            Ev::Street(s) if s > 0 => break,
            Ev::Call(q, a)
            | Ev::Bet(q, a)
            | Ev::RaiseAdd(q, a)
            | Ev::AllIn(q, a)
            | Ev::Complete(q, a)
            | Ev::BringIn(q, a) => {
                if let Some(t) = total.get_mut(q) {
                    *t = t.saturating_add(a);
                }
            }
            Ev::RaiseTo(q, to) => {
                if let Some(t) = total.get_mut(q) {
                    *t = to;
                }
            }
            Ev::Check(q) => {
                let (t, done) = (
                    total.get(q).copied().unwrap_or(0),
                    posted.get(q).copied().unwrap_or(true),
                );
                if t < max && !done {
                    out.push(Post {
                        p: q,
                        kind: ActionKind::BothBlinds,
                        amount: (max - t).saturating_add(sb),
                    });
                    total[q] = max;
                    posted[q] = true;
                }
            }
            _ => {}
        }
    }
    out
}

/// Refuses a hand that stops before it is over: no game line, no winner, a side pot without its
/// main pot, or a summary that misses a player who took part.
fn check_complete(p: &Parser, last_line: u32) -> Result<(), ParseError> {
    if p.phase == Phase::Header {
        return Err(ParseError::malformed(
            p.header_line,
            "the hand has no game line",
        ));
    }
    if !p.won_seen && !p.summary_seen {
        return Err(ParseError::new(
            ErrorKind::Unfinished,
            last_line,
            "the hand stops before anyone wins the pot (still being played, or the file was cut)",
        ));
    }
    // The classic format prints side pots before the main pot: a side pot without a main pot
    // was cut before the main pot's winner.
    if !p.summary_seen
        && p.collections.iter().any(|c| c.2 > 0)
        && !p.collections.iter().any(|c| c.2 == 0)
    {
        return Err(ParseError::cut_in_summary(
            last_line,
            "a side pot won but no main pot",
        ));
    }
    // The summary format lists every player who took part: a summary without one of them was
    // cut while the room wrote it (its collections or cards would be lost).
    if p.summary_seen {
        if let Some(s) = p.seats.iter().find(|s| s.active && !s.in_summary) {
            return Err(ParseError::cut_in_summary(
                last_line,
                &format!("no line for {}", s.name),
            ));
        }
    }
    Ok(())
}

/// The game of the hand: category, limit, stakes and currency from the game line.
fn game_of(p: &Parser) -> Result<Game, ParseError> {
    let category = p
        .game
        .category
        .ok_or_else(|| ParseError::malformed(p.game_line, "unknown game"))?;
    let limit = p.game.limit.unwrap_or(LimitType::FixedLimit);
    let (sb, bb, ante) = stakes(p, category, limit)?;
    let tour = p.game.tour;
    let currency = if tour {
        "T$".to_string()
    } else if p.play_money {
        "play".to_string()
    } else {
        p.game.currency.unwrap_or("USD").to_string()
    };
    Ok(Game {
        kind: if tour { GameKind::Tour } else { GameKind::Ring },
        base: category.base(),
        category,
        limit_type: limit,
        hi_lo: category.hilo(),
        small_blind: sb,
        big_blind: bb,
        small_bet: bb,
        big_bet: bb.saturating_mul(2),
        ante,
        currency,
        mix: None,
        fast: p.game.fast,
        home_game: false,
        split_board: false,
    })
}

/// Who of the parser's seats plays the hand and in which seat: the seat lines less those who
/// left before the deal, and those who joined (given the lowest free seats), in seat order.
struct Seating {
    /// The parser's seat indexes of the hand's players, in seat order.
    kept: Vec<usize>,
    /// The seat number of each parser seat (0 for those not kept).
    seat_of: Vec<u8>,
    /// The hand's player index of each parser seat.
    map: Vec<Option<PlayerIdx>>,
    header_line: u32,
}

impl Seating {
    fn new(p: &Parser) -> Self {
        let mut kept: Vec<usize> = (0..p.seats.len())
            .filter(|&i| !p.seats[i].left || p.seats[i].active)
            .collect();
        let mut used: Vec<u8> = kept
            .iter()
            .filter(|&&i| p.seats[i].listed)
            .map(|&i| p.seats[i].seat)
            .collect();
        let mut seat_of = vec![0u8; p.seats.len()];
        for &i in &kept {
            let s = &p.seats[i];
            seat_of[i] = if s.listed {
                s.seat
            } else {
                let free = (1..=u8::MAX).find(|n| !used.contains(n)).unwrap_or(0);
                used.push(free);
                free
            };
        }
        kept.sort_by_key(|&i| seat_of[i]);
        let mut map: Vec<Option<PlayerIdx>> = vec![None; p.seats.len()];
        for (new, &i) in kept.iter().enumerate() {
            map[i] = Some(new);
        }
        Seating {
            kept,
            seat_of,
            map,
            header_line: p.header_line,
        }
    }

    /// The hand's player of parser seat `i`.
    fn at(&self, i: usize) -> Result<PlayerIdx, ParseError> {
        self.map.get(i).copied().flatten().ok_or_else(|| {
            ParseError::malformed(self.header_line, "an action by a player who left the table")
        })
    }
}

/// Seats the players. A player the room gives no stack for (joined without a seat line, or
/// listed with nothing) gets the biggest stack at the table, as fpdb does.
fn seat_players(b: &mut HandBuilder, p: &Parser, seating: &Seating) {
    let biggest = p.seats.iter().filter_map(|s| s.stack).max().unwrap_or(0);
    for &i in &seating.kept {
        let s = &p.seats[i];
        let stack = match s.stack {
            Some(v) if v > 0 || !s.active => v,
            _ => biggest,
        };
        b.add_player(seating.seat_of[i], &s.name, stack, s.sitting_out);
    }
    let h = b.hand_mut();
    h.max_seats = p.max_seats;
    h.button_seat = p.button;
    h.table_name = p.table.clone();
}

/// Posts: the printed ones, the blinds old tournaments do not print, the silent "both".
fn post_blinds(
    b: &mut HandBuilder,
    p: &Parser,
    seating: &Seating,
    (sb, bb): (Money, Money),
) -> Result<(), ParseError> {
    let (tour, base) = (b.hand().game.kind == GameKind::Tour, b.hand().game.base);
    let mut posts = p.posts.clone();
    let printed_blinds = posts.iter().any(|x| {
        matches!(
            x.kind,
            ActionKind::SmallBlind
                | ActionKind::BigBlind
                | ActionKind::BothBlinds
                | ActionKind::ButtonBlind
        )
    });
    if tour && !printed_blinds && base != Base::Stud {
        posts.extend(implicit_blinds(p, &seating.kept, sb, bb));
        // Without post lines, a player who takes no part and posts nothing sits out.
        for &i in &seating.kept {
            if !takes_part(p, i) && !posts.iter().any(|x| x.p == i) {
                b.hand_mut().players[seating.at(i)?].sitting_out = true;
            }
        }
    }
    let silent = silent_posts(p, &posts, sb, bb);
    posts.extend(silent);
    for x in &posts {
        b.post(seating.at(x.p)?, x.kind, x.amount, false);
    }
    Ok(())
}

/// Replays the action lines into the builder: amounts added or raised to, all-ins as calls,
/// bets, raises or (first on third street in stud) completions.
fn replay(b: &mut HandBuilder, p: &Parser, seating: &Seating) -> Result<(), ParseError> {
    let stud = b.hand().game.base == Base::Stud;
    let mut completed = false;
    for e in &p.evs {
        match *e {
            Ev::Street(s) => b.set_street(s),
            Ev::Fold(q) => b.fold(seating.at(q)?),
            Ev::Check(q) => b.check(seating.at(q)?),
            Ev::Call(q, a) => b.call(seating.at(q)?, a, false),
            Ev::Bet(q, a) | Ev::RaiseAdd(q, a) => {
                let q = seating.at(q)?;
                if b.street_max() == 0 {
                    b.bet(q, a, false);
                } else {
                    let to = b.street_total(q).saturating_add(a);
                    b.raise_to(q, to, false);
                }
            }
            Ev::RaiseTo(q, to) => {
                let q = seating.at(q)?;
                if b.street_max() == 0 {
                    let added = to.saturating_sub(b.street_total(q));
                    b.bet(q, added, false);
                } else {
                    b.raise_to(q, to, false);
                }
            }
            Ev::AllIn(q, a) => {
                let q = seating.at(q)?;
                let to = b.street_total(q).saturating_add(a);
                if to <= b.street_max() {
                    b.call(q, a, true);
                } else if b.street_max() == 0 {
                    b.bet(q, a, true);
                } else if stud && b.street() == 0 && !completed {
                    completed = true;
                    b.complete_to(q, to, true);
                } else {
                    b.raise_to(q, to, true);
                }
            }
            Ev::AllInFlag(q) => {
                let q = seating.at(q)?;
                if let Some(a) = b
                    .hand_mut()
                    .actions
                    .iter_mut()
                    .rev()
                    .find(|a| a.player == q)
                {
                    if a.amount > 0 {
                        a.all_in = true;
                    }
                }
            }
            Ev::BringIn(q, a) => {
                if b.street() < 0 {
                    b.set_street(0);
                }
                b.bring_in(seating.at(q)?, a, false);
            }
            Ev::Complete(q, a) => {
                let q = seating.at(q)?;
                completed = true;
                let to = b.street_total(q).saturating_add(a);
                b.complete_to(q, to, false);
            }
        }
    }
    Ok(())
}

/// The summary's totals are exact where the action lines were rounded (tournament chips of the
/// summary format print "bets (751624)" for 751624.5): the difference goes to the player's last
/// bet.
fn amend_summary_bets(
    b: &mut HandBuilder,
    p: &Parser,
    seating: &Seating,
) -> Result<(), ParseError> {
    for &i in &seating.kept {
        let Some(total) = p.seats[i].summary_bet else {
            continue;
        };
        let q = seating.at(i)?;
        let put: Money = b
            .hand()
            .actions
            .iter()
            .filter(|a| a.player == q)
            .map(|a| a.amount)
            .sum();
        if total > put {
            let last = b
                .hand()
                .actions
                .iter()
                .rposition(|a| a.player == q && a.amount > 0 && !a.kind.is_post());
            if let Some(idx) = last {
                b.amend_action(idx, total - put);
            }
        }
    }
    Ok(())
}

/// Cash-outs with the room's premium: amount = equity × (1 − premium).
fn cash_outs(p: &Parser, seating: &Seating) -> Result<Vec<CashOut>, ParseError> {
    let mut out = Vec::with_capacity(p.cash_outs.len());
    for &(q, amount) in &p.cash_outs {
        let fee = match p.premium {
            Some((r, pct)) if r == q && pct > 0.0 && pct < 100.0 => {
                ((amount as f64) * pct / (100.0 - pct)).round() as Money
            }
            _ => 0,
        };
        out.push(CashOut {
            player: seating.at(q)?,
            amount,
            fee,
        });
    }
    Ok(out)
}

/// The tournament of a tournament hand: its number (from the game line, the body, or the first
/// number of the table name), buy-in, level, table and the finishes the hand prints.
fn tournament_of(p: &Parser, seating: &Seating) -> Result<Tournament, ParseError> {
    let mut results = Vec::with_capacity(p.results.len());
    for &(q, place, prize) in &p.results {
        results.push(Finish {
            player: seating.at(q)?,
            place,
            prize,
        });
    }
    let table = p.table.as_str();
    let tourney_no = p
        .game
        .tour_no
        .or(p.body_tour_no)
        .or_else(|| {
            // "(303344128) Table #62", "2481408818 659": the first number of the name.
            let t = table.trim_start_matches(['(', '$']);
            let (v, n) = text::leading_digits(t);
            (n > 0).then(|| i64::try_from(v).ok()).flatten()
        })
        .unwrap_or(0);
    let (buy, fee, cur) = buyin(p.game.tour_buyin.as_deref(), table, p.game_line)?;
    let table_no = tour_table_no(table);
    Ok(Tournament {
        tourney_no,
        buyin: buy,
        fee,
        bounty: 0,
        currency: cur,
        level: p.body_level.clone().or(p.game.level.clone()),
        table_no: (!table_no.is_empty()).then(|| table_no.clone()),
        rebuy: false,
        results,
    })
}

fn build(p: Parser, last_line: u32) -> Result<Hand, ParseError> {
    check_complete(&p, last_line)?;
    let game = game_of(&p)?;
    let start_time = p
        .game
        .start_time
        .ok_or_else(|| ParseError::malformed(p.game_line, "no readable date"))?;
    let seating = Seating::new(&p);
    let (base, tour) = (game.base, game.kind == GameKind::Tour);
    let blinds = (game.small_blind, game.big_blind);
    let mut b = HandBuilder::new(p.site, p.no, &p.id, game, start_time);
    seat_players(&mut b, &p, &seating);
    post_blinds(&mut b, &p, &seating, blinds)?;
    replay(&mut b, &p, &seating)?;
    amend_summary_bets(&mut b, &p, &seating)?;

    // Cards, hero, showdown.
    for &i in &seating.kept {
        let s = &p.seats[i];
        let pl = &mut b.hand_mut().players[seating.at(i)?];
        pl.cards = s.cards.clone();
        pl.shown = s.shown;
        pl.mucked = s.mucked && !s.shown;
    }
    let hero = match p.hero {
        Some(h) => Some(seating.at(h)?),
        None => None,
    };
    let board = p
        .summary_board
        .clone()
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| p.board.clone());
    for &(q, amount, pot) in &p.collections {
        b.collect(seating.at(q)?, amount, pot, 0);
    }
    let cash_outs = cash_outs(&p, &seating)?;
    let tournament = if tour {
        Some(tournament_of(&p, &seating)?)
    } else {
        None
    };
    let mut hand = b.finish();
    hand.hero = hero;
    if base == Base::Hold && !board.is_empty() {
        hand.boards = vec![board];
    }
    hand.cash_outs = cash_outs;
    if let Some(t) = tournament {
        hand.table_name = match &t.table_no {
            Some(n) => format!("{} {}", t.tourney_no, n),
            None => format!("{}", t.tourney_no),
        };
        hand.tournament = Some(t);
    }
    let mut policy = PotPolicy::new(p.scale, p.money_line);
    policy.rake = p.rake;
    policy.uncalled = Uncalled::InCollections;
    pot::settle(&mut hand, &policy)?;
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        let p = PartyPoker;
        assert!(p.is_hand_start("***** Hand History for Game 9582251255 *****"));
        assert!(p.is_hand_start(" ***** Hand History for Game 12085686644 *****"));
        assert!(p.is_hand_start("***** Hand History For Game 1770659766668adeb0h5qfm *****"));
        assert!(p.is_hand_start("***** Hand History for Game 1111111111 ***** (WPN)"));
        assert!(!p.is_hand_start("***** Cassava Hand History for Game 311162661 *****"));
        assert!(!p.is_hand_start("***** 888poker Hand History for Game 1 *****"));
        assert!(!p.is_hand_start("#Game No : 9582251255"));
        assert!(!p.is_hand_start("Game #9582251255 starts."));
        assert!(!p.is_hand_start("***** Hand History for Game  *****"));
        assert_eq!(
            header_id("***** Hand History for Game 1111111111 ***** (Poker Stars)"),
            Some(("1111111111", " (Poker Stars)"))
        );
        assert_eq!(converted_site(" (Poker Stars)"), Some("PokerStars"));
        assert_eq!(converted_site(""), None);
    }

    #[test]
    fn hand_numbers() {
        assert_eq!(hand_number("9582251255", false, "").unwrap(), 9_582_251_255);
        assert_eq!(
            hand_number("99999999999999999999", false, "")
                .unwrap_err()
                .kind,
            ErrorKind::OutOfRange
        );
        // Millisecond time + base-36 suffix: negative, ordered by the time.
        let a = hand_number("1784559652796h1yodv7zdsi", false, "").unwrap();
        let b = hand_number("1784559729098bywbird3xlj", false, "").unwrap();
        assert!(a < 0 && b < 0 && b < a);
        assert!(a > -5_300_000_000_000_000_000);
        // Anything else: the generic family, below the first one.
        let c = hand_number("ABC123", false, "").unwrap();
        assert!(c <= -5_300_000_000_000_000_000);
        // The converters' placeholder hashes the hand's text.
        let d = hand_number(PLACEHOLDER_ID, true, "hand one").unwrap();
        let e = hand_number(PLACEHOLDER_ID, true, "hand two").unwrap();
        assert!(d != e && d < -5_300_000_000_000_000_000);
        assert_eq!(
            hand_number(PLACEHOLDER_ID, false, "x").unwrap(),
            1_111_111_111
        );
    }

    #[test]
    fn dates() {
        let f = |s: &str| parse_date(s).map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string());
        assert_eq!(
            f("$15/$30 USD Texas Hold'em - Monday, April 25, 09:42:13 BST 2011").as_deref(),
            Some("2011-04-25 08:42:13")
        );
        assert_eq!(
            f("$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012").as_deref(),
            Some("2012-02-18 06:10:59")
        );
        assert_eq!(
            f("0.01/0.02 Texas Hold'em Game Table (NL)  -  Mon Jul 12 13:38:32 EDT 2010")
                .as_deref(),
            Some("2010-07-12 17:38:32")
        );
        assert_eq!(f("no date here"), None);
        assert_eq!(f("Monday, Februar 30, 1:00:00 CET 2011"), None);
    }

    #[test]
    fn game_lines() {
        let g = parse_game_line(
            "$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 MESZ 2016",
        );
        assert_eq!(
            (g.category, g.limit, g.fast, g.tour),
            (
                Some(Category::Holdem),
                Some(LimitType::NoLimit),
                true,
                false
            )
        );
        assert_eq!(g.cash_buyin.as_deref(), Some("$10 USD"));
        let g =
            parse_game_line("$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012");
        assert_eq!(g.category, Some(Category::OmahaHiLo));
        assert_eq!(g.stakes.as_deref(), Some("$20/$40 USD"));
        let g = parse_game_line("NL Texas Hold'em $ 530 USD Buy-in Trny:3282980 Level:18  Blinds-Antes(1,250/2,500 -250) - Sunday, July 28, 21:01:39  2013");
        assert!(g.tour);
        assert_eq!(
            (g.tour_no, g.level.as_deref()),
            (Some(3_282_980), Some("18"))
        );
        assert_eq!(g.tour_buyin.as_deref(), Some("$ 530 USD"));
        assert_eq!(
            g.level_stakes.as_deref().and_then(split_stakes),
            Some(("1,250", "2,500", Some("250")))
        );
        let g = parse_game_line("70000/140000 Tourney Texas Holdem Game Table (NL) (MTT Tournament #303344128) (Buyin $100.0 + $9.0) - Mon Apr 26 20:17:29 EDT 2021");
        assert_eq!(
            (g.tour_no, g.stakes.as_deref()),
            (Some(303_344_128), Some("70000/140000"))
        );
        assert_eq!(g.tour_buyin.as_deref(), Some("$100.0 + $9.0"));
        assert_eq!(split_stakes("60/120-10"), Some(("60", "120", Some("10"))));
        let g = parse_game_line("$2 USD NL Double Hold'em - Monday, May 21, 16:56:05 MSKS 2012");
        assert_eq!(g.category, None);
    }
}

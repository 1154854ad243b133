//! Bovada hand histories, and the rooms of the same network that write them: Ignition, Bodog
//! (`Bodog`, `Bodog.com`, `Bodog.eu`, `Bodog UK`, `Bodog Canada`, `Bodog88`). Stored under the
//! site name "Bovada" whatever skin wrote the hand.
//!
//! The format: `Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23`
//! (cash), `Ignition Hand #3581708086  Zone Poker ID#1205 HOLDEMZonePoker No Limit - ...`
//! (fast-fold), `Bovada Hand #3325979755: HOLDEM Tournament #14303391 TBL#1, No Limit- Level 8
//! (200/400) - 2016-01-01 03:10:55` (tournaments), with ` [MVS]` and a `UTC` time in the 2021
//! version. The body names players by their position: `Big Blind  [ME] : Raises $1.25 to $1.25`.
//!
//! **Players.** The room hides the players' names: each is printed as his position at the table
//! this hand ("Dealer", "Small Blind", "Big Blind", "UTG", "UTG+1", ...; "Seat+3" in stud). A
//! position changes hands every deal, so it cannot be a player's name. The parser names the
//! player marked `[ME]` (the history's owner) **"Hero"**, and every other player **"Seat N"**
//! (the number printed after "Seat"), so each seat is a distinct player within the hand. In big
//! tournament files that number is the player's entry number, a stable anonymous id across the
//! whole file ("Seat 107: Big Blind"): the name is then the same player in every hand, and the
//! seat stored is his position at the table (the line's rank). When the room prints
//! the players' hashed ids (the 2021 "MVS" version: `Player Info: Seat1: P1-d07e92...`), those
//! ids are the names, as printed.
//!
//! **Hand and tournament numbers.** Hand numbers are numeric and stored as printed. Some ids
//! carry a letter prefix: MVS tournaments print `#M-20210422003411`, and fpdb also accepts hands
//! printed `#C123`. Such ids are mapped to the bigint by an injective rule: an id of one capital
//! letter `L`, an optional `-` and at most 17 digits `D` becomes `k·10^17 + D`, where `k` is the
//! letter's rank (A = 1 … Z = 26), plus 26 when the dash is present; an id of digits only must be
//! below 10^17 and is stored unchanged. The kinds fall in disjoint ranges (digits only below
//! 10^17, `k·10^17 ≤ n < (k+1)·10^17` for each prefix, at most 53·10^17 − 1 < 2^63), so two
//! different printed ids never share a number: `M-20210422003411` → 39·10^17 + 20210422003411
//! = 3900020210422003411, `C123` → 300000000000000123. The id as printed is kept in
//! `site_hand_id` (and in the table name of tournament hands, `"M-20210422003411 18"`). Anything
//! else (lower-case letters, several letters, more digits) is unreadable or out of range.
//!
//! **Time zone.** Times printed with a zone label (`UTC` in the MVS version) are read in that
//! zone; times without one are **US/Eastern** with daylight saving, as fpdb reads them (the room
//! serves North America from the Eastern time zone).
//!
//! **Money.** Cash tables in cents, tournaments in chips. `Total Pot($930) | Rake ($3)` is the
//! pot before rake; fast-fold hands often end with an empty summary, and their pot is what the
//! players put in, their rake what the room kept of it. Collections are the `Hand result` lines.
//! Raises print the chips added and the new total (`Raises $0.65 to $0.75`): the total is used;
//! the 2012 format prints the total only (`Raises $16`); `All-in $X` adds X chips (a call, a bet
//! or a raise, by the amounts); `All-in` lines before the hole cards are blinds or antes posted
//! all-in.
//!
//! **Quirks.**
//! - The stakes of cash games are not in the header (fpdb read them from the file name): the
//!   blinds are the ones posted (a table of the room's stakes fills in a missing one), the stud
//!   bets are the first complete or bet of the hand. Tournament buy-ins are only printed by the
//!   MVS version (`Buyin: $25+$2.50`), otherwise buy-in and fee are 0, in USD.
//! - The room prints every player's hole cards (`Card dealt to a spot [..]` for each seat): all
//!   are stored as known; `shown` marks the players who showed them at the table (`Showdown`,
//!   `Folds & shows`), `mucked` those who mucked. Seated players dealt nothing sat out.
//! - `Posts chip $X` by a player coming in is live money whatever its size (he then calls only
//!   the difference): a big blind after the real one. `Posts dead chip $X` is both blinds.
//! - The room often repeats a line several times in a row (`Dealer : Raises 450 to 450` sixteen
//!   times): a repeated line is read once, except a check that opens an unmarked street.
//! - Hands of 2012 print no street lines: a street starts when a player acts after the previous
//!   betting round was complete (flop games), or when cards are dealt after betting or to a
//!   player already dealt on the street (stud); the board is then the summary's. Whether a hand
//!   prints street lines is found with one search of its text before reading it.
//! - Big 2021 tournaments print the player's entry number where the seat goes
//!   (`Seat 1243: UTG+3`): the seat is then the line's rank in the list (as `Set dealer [4]`
//!   counts), or its rank in `Seating Info` when printed.
//! - A hand whose header is glued to the end of a cut line (`Dealer : RaisBovada Hand #...`) is
//!   found there; the cut hand before it is unfinished. A summary lists every player dealt in
//!   (only fast-fold hands may leave it empty): a shorter one was cut, and the hand is
//!   unfinished. A summary whose total pot is not what the
//!   players put in belongs to another hand (files where two hands were spliced): malformed.

use chrono::{DateTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, checked_money, find, groups, leading_number, rfind};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot};
use crate::split::Chunk;
use crate::time;

/// Bovada, Ignition and Bodog hand histories.
#[derive(Debug)]
pub struct Bovada;

const SITE: &str = "Bovada";

impl Room for Bovada {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"BI"
    }

    fn finds_glued_headers(&self) -> bool {
        true
    }

    fn site(&self) -> &'static str {
        SITE
    }

    fn is_hand_start(&self, line: &str) -> bool {
        find_header(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

// ---------------------------------------------------------------------------------------------
// Header recognition
// ---------------------------------------------------------------------------------------------

/// The skins' names as printed before " Hand #", longest first.
const SKINS: &[&str] = &[
    "Bodog Canada",
    "Bodog.com",
    "Bodog.eu",
    "Bodog UK",
    "Bodog88",
    "Bodog",
    "Bovada",
    "Ignition",
];

/// The header at the start of `s`: the text after "Hand #".
fn header_at(s: &str) -> Option<&str> {
    if !matches!(s.as_bytes().first(), Some(b'B' | b'I')) {
        return None;
    }
    for skin in SKINS {
        if let Some(r) = s.strip_prefix(skin) {
            if let Some(r) = r.strip_prefix(" Hand #") {
                // A hand number, maybe with a letter prefix ("C123").
                let b = r.as_bytes();
                let start = usize::from(b.first().is_some_and(u8::is_ascii_uppercase));
                if b.get(start).is_some_and(u8::is_ascii_digit) {
                    return Some(r);
                }
            }
        }
    }
    None
}

/// A header at the start of `line`, or glued to the end of a cut line
/// (`Dealer : RaisBovada Hand #3260003105: ...`): its byte offset and the text after "Hand #".
fn find_header(line: &str) -> Option<(usize, &str)> {
    if let Some(r) = header_at(line) {
        return Some((0, r));
    }
    // Most lines are short and hold no '#': rejected without searching.
    if line.len() < 40 || memchr::memchr(b'#', line.as_bytes()).is_none() {
        return None;
    }
    let mut from = 1;
    while let Some(pos) = line
        .get(from..)
        .and_then(|l| memchr::memmem::find(l.as_bytes(), b" Hand #"))
    {
        let at = from + pos;
        for skin in SKINS {
            if let Some(start) = at.checked_sub(skin.len()) {
                if let Some(r) = line.get(start..).and_then(header_at) {
                    return Some((start, r));
                }
            }
        }
        from = at + 1;
    }
    None
}

/// Maps a printed id to the bigint stored (see the module documentation): digits stay as they
/// are (below 10^17), `L[-]digits` becomes `k·10^17 + digits`.
pub fn id_number(id: &str) -> Result<i64, ErrorKind> {
    const BLOCK: i64 = 100_000_000_000_000_000; // 10^17
    let b = id.as_bytes();
    let (code, digits) = match b.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let rank = i64::from(c - b'A' + 1);
            match id[1..].strip_prefix('-') {
                Some(d) => (rank + 26, d),
                None => (rank, &id[1..]),
            }
        }
        _ => (0, id),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(ErrorKind::Malformed);
    }
    let n: i64 = digits.parse().map_err(|_| ErrorKind::OutOfRange)?;
    if n >= BLOCK {
        return Err(ErrorKind::OutOfRange);
    }
    Ok(code * BLOCK + n)
}

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

/// The cards of a bracket group ("Ah Kd", "10c 4s"); `None` when a token is not a card or the
/// group holds more than seven cards.
fn cards_of(group: &str) -> Option<Vec<Card>> {
    text::card_list(group, false, 7)
}

/// Blinds of Bovada's cash stakes, in cents: (small, big). Used when a hand lacks one of the two
/// posts.
const STAKES: &[(Money, Money)] = &[
    (1, 2),
    (2, 5),
    (5, 10),
    (10, 25),
    (25, 50),
    (50, 100),
    (100, 200),
    (200, 400),
    (250, 500),
    (300, 600),
    (500, 1000),
    (1000, 2000),
    (1500, 3000),
    (2500, 5000),
];

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

struct Header<'a> {
    id: &'a str,
    no: i64,
    category: Category,
    limit_type: LimitType,
    kind: GameKind,
    fast: bool,
    table: String,
    tourney_no: Option<i64>,
    /// The tournament id as printed ("M-20210422003411").
    tourney_id: &'a str,
    level: Option<&'a str>,
    blinds: Option<(&'a str, &'a str)>,
    heads_up: bool,
    start: DateTime<Utc>,
}

type HeaderError = (ErrorKind, &'static str);

/// Game names, most specific first.
const GAMES: &[(&str, Category, bool)] = &[
    ("OMAHA HiLoZonePoker", Category::OmahaHiLo, true),
    ("OMAHA HiLo", Category::OmahaHiLo, false),
    ("OMAHA_HL", Category::OmahaHiLo, false),
    ("OMAHAZonePoker", Category::OmahaHi, true),
    ("OMAHA", Category::OmahaHi, false),
    ("HOLDEMZonePoker", Category::Holdem, true),
    ("HOLDEM", Category::Holdem, false),
    ("7CARD HiLo", Category::StudHiLo, false),
    ("7CARD_HL", Category::StudHiLo, false),
    ("7CARD", Category::StudHi, false),
];

/// `r` is the text after "Hand #".
fn parse_header(r: &str) -> Result<Header<'_>, HeaderError> {
    let bad = |m| (ErrorKind::Malformed, m);
    let id_len = r
        .bytes()
        .enumerate()
        .take_while(|&(i, b)| b.is_ascii_digit() || (i == 0 && b.is_ascii_uppercase()))
        .count();
    let id = &r[..id_len];
    let no = id_number(id).map_err(|k| (k, "unreadable hand number"))?;
    let rest = r[id_len..].strip_prefix(':').unwrap_or(&r[id_len..]);
    let sep = rfind(rest, " - ").ok_or(bad("no date in the header"))?;
    let date = &rest[sep + 3..];
    let mut body = rest[..sep].trim();
    let mut table = String::new();
    let mut fast = false;
    if let Some(t) = body.strip_prefix("Zone Poker ID#") {
        let (n, after) = t.split_once(' ').ok_or(bad("unreadable table"))?;
        table = format!("Zone Poker ID {n}");
        fast = true;
        body = after.trim_start();
    } else if let Some(t) = body.strip_prefix("TBL#") {
        let (n, after) = t.split_once(' ').ok_or(bad("unreadable table"))?;
        table = n.to_string();
        body = after.trim_start();
    }
    let (category, zone) = GAMES
        .iter()
        .find(|(name, _, _)| body.starts_with(name))
        .map(|&(name, c, z)| {
            body = &body[name.len()..];
            (c, z)
        })
        .ok_or((
            ErrorKind::Unsupported,
            "a game the Bovada parser does not know",
        ))?;
    fast |= zone;
    let mut tourney_no = None;
    let mut tourney_id = "";
    if let Some(i) = find(body, "Tournament #") {
        let t = &body[i + "Tournament #".len()..];
        let (tid, after) = t
            .split_once(' ')
            .ok_or(bad("unreadable tournament number"))?;
        tourney_no = Some(id_number(tid).map_err(|k| (k, "unreadable tournament number"))?);
        tourney_id = tid;
        if let Some(tb) = after.strip_prefix("TBL#") {
            let n = tb.bytes().take_while(u8::is_ascii_digit).count();
            table = tb[..n].to_string();
        }
    }
    let limit_type = if category.base() == Base::Stud || find(body, "Fixed Limit").is_some() {
        LimitType::FixedLimit
    } else if find(body, "Pot Limit").is_some() {
        LimitType::PotLimit
    } else {
        // "No Limit", or nothing at all ("Normal-", "Turbo-"): fpdb reads no limit.
        LimitType::NoLimit
    };
    let mut level = None;
    let mut blinds = None;
    if let Some(i) = find(body, "Level ") {
        let l = &body[i + 6..];
        let lv = l.split([' ', '(']).next().unwrap_or("");
        level = (!lv.is_empty()).then_some(lv);
        if let (Some(o), Some(c)) = (l.find('('), l.find(')')) {
            if o < c {
                blinds = l[o + 1..c].split_once('/');
            }
        }
    }
    let start = header_time(date).ok_or(bad("unreadable date in the header"))?;
    Ok(Header {
        id,
        no,
        category,
        limit_type,
        kind: if tourney_no.is_some() {
            GameKind::Tour
        } else {
            GameKind::Ring
        },
        fast,
        table,
        tourney_no,
        tourney_id,
        level,
        blinds,
        heads_up: find(body, "1 on 1").is_some(),
        start,
    })
}

/// "2016-08-09 12:41:32" (US/Eastern) or "2021-03-11 22:58:57 UTC".
fn header_time(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    let local = time::parse_datetime(text)?;
    let label = text.rsplit(' ').next().unwrap_or("");
    let zone = if label.bytes().all(|b| b.is_ascii_alphabetic()) {
        time::zone_of_label(label).unwrap_or(time::EASTERN)
    } else {
        time::EASTERN
    };
    Some(time::local_to_utc(local, zone))
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

#[derive(Debug, Clone, Copy, Default)]
struct PlayerState {
    folded: bool,
    sits_out: bool,
    dealt: bool,
    /// Acted since the street's last bet or raise (betting-round tracking).
    acted: bool,
    /// Street of the last cards dealt to him (stud), −1 before any.
    dealt_on: i8,
    ante: bool,
}

/// One seat line: seat (or player number, see [`Parser::end_seats`]), position label, stack,
/// marked `[ME]`.
type SeatLine<'a> = (u32, &'a str, Money, bool);

/// Parses one chunk (a hand) of Bovada text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines().peekable();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (_, after) = find_header(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not a Bovada hand header").with_text(first)
    })?;
    let h = parse_header(after).map_err(|(kind, msg)| {
        let hint = after
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .and_then(|id| id_number(id).ok());
        ParseError::new(kind, first_no, msg)
            .with_text(first)
            .with_hand_no(hint)
    })?;
    // Hands of 2012 print no street lines: their streets are found from the betting.
    let streets_printed = find(chunk.text, "*** FLOP ***").is_some()
        || find(chunk.text, "Card dealt to table").is_some()
        || find(chunk.text, "Card to the table").is_some();
    let mut p = Parser::new(h, first_no, !streets_printed);
    let mut last_no = first_no;
    let mut previous = "";
    while let Some((no, raw)) = lines.next() {
        last_no = no;
        let line = raw.trim_end();
        if line.is_empty() {
            continue;
        }
        // The room repeats lines: a line equal to the one before is read once, unless it is a
        // check opening an unmarked street.
        let repeated = line == previous;
        previous = line;
        if let Err(mut e) = p.line(no, line, repeated) {
            if lines.peek().is_none() && p.phase != Phase::Summary && e.kind == ErrorKind::Malformed
            {
                e.kind = ErrorKind::Unfinished;
                e.message = format!("the hand stops in the middle of a line ({})", e.message);
            }
            return Err(e.with_text(raw).with_hand_no(Some(p.hand_no)));
        }
    }
    let hand_no = p.hand_no;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(hand_no)))
}

type LineResult = Result<(), ParseError>;

struct Parser<'a> {
    b: HandBuilder,
    hand_no: i64,
    scale: i64,
    base: Base,
    phase: Phase,
    header_line: u32,
    kind: GameKind,
    tourney_no: Option<i64>,
    tourney_id: &'a str,
    level: Option<&'a str>,
    buyin: Option<(Money, Money)>,
    /// Streets are found from the betting (no street lines in the hand).
    infer_streets: bool,
    seats: Vec<SeatLine<'a>>,
    /// MVS tournaments: the numbers of the seat lines in table order ("Seating Info: 65, ...").
    seating: Vec<u32>,
    /// Position label of each player, by index.
    labels: Vec<&'a str>,
    state: Vec<PlayerState>,
    hero: Option<PlayerIdx>,
    /// Blinds seen so far: small blind, big blind (a full one), an all-in big blind.
    posted_sb: Option<Money>,
    posted_bb: Option<Money>,
    allin_bb: Option<Money>,
    sb_posted: bool,
    any_ante: bool,
    stud_open: bool,
    /// Stud: a betting action happened on the current street.
    street_acted: bool,
    /// Stud: the first complete or bet, for the game's bets.
    stud_bet: Option<Money>,
    board: Vec<Card>,
    summary_board: Option<Vec<Card>>,
    collections: Vec<Collection>,
    results: Vec<Finish>,
    total_pot: Option<Money>,
    rake: Option<Money>,
    /// Line of "Total Pot(...)".
    total_line: u32,
    summary_seen: bool,
    /// Lines of the summary, and its "Seat N:" lines.
    summary_lines: u32,
    summary_seats: u32,
}

impl<'a> Parser<'a> {
    fn new(h: Header<'a>, header_line: u32, infer_streets: bool) -> Parser<'a> {
        let scale = if h.kind == GameKind::Tour {
            CHIPS
        } else {
            CENTS
        };
        let (sb, bb) = match h.blinds {
            Some((s, b)) => (
                checked_money(s, scale, 0).unwrap_or(0),
                checked_money(b, scale, 0).unwrap_or(0),
            ),
            None => (0, 0),
        };
        let base = h.category.base();
        let game = Game {
            kind: h.kind,
            base,
            category: h.category,
            limit_type: h.limit_type,
            hi_lo: h.category.hilo(),
            small_blind: if base == Base::Stud { 0 } else { sb },
            big_blind: bb,
            small_bet: bb,
            big_bet: bb.saturating_mul(2),
            ante: 0,
            currency: if h.kind == GameKind::Tour {
                "T$"
            } else {
                "USD"
            }
            .to_string(),
            mix: None,
            fast: h.fast,
            home_game: false,
            split_board: false,
        };
        let mut b = HandBuilder::new(SITE, h.no, h.id, game, h.start);
        {
            let hand = b.hand_mut();
            hand.table_name = h.table;
            if h.heads_up {
                hand.max_seats = Some(2);
            }
        }
        Parser {
            b,
            hand_no: h.no,
            scale,
            base,
            phase: Phase::Seats,
            header_line,
            kind: h.kind,
            tourney_no: h.tourney_no,
            tourney_id: h.tourney_id,
            level: h.level,
            buyin: None,
            infer_streets,
            seats: Vec::with_capacity(10),
            seating: Vec::new(),
            labels: Vec::with_capacity(10),
            state: Vec::with_capacity(10),
            hero: None,
            posted_sb: (sb > 0).then_some(sb),
            posted_bb: (bb > 0).then_some(bb),
            allin_bb: None,
            sb_posted: false,
            any_ante: false,
            stud_open: true,
            street_acted: false,
            stud_bet: None,
            board: Vec::new(),
            summary_board: None,
            collections: Vec::new(),
            results: Vec::new(),
            total_pot: None,
            rake: None,
            total_line: 0,
            summary_seen: false,
            summary_lines: 0,
            summary_seats: 0,
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        checked_money(text, self.scale, no)
    }

    fn label_index(&self, label: &str) -> Option<PlayerIdx> {
        self.labels.iter().position(|&l| l == label)
    }

    fn line(&mut self, no: u32, line: &'a str, repeated: bool) -> LineResult {
        match self.phase {
            // A repeated seat line is the same seat.
            Phase::Seats if repeated => Ok(()),
            Phase::Seats => {
                if let Some(res) = self.seat_phase_line(no, line) {
                    return res;
                }
                self.end_seats(no)?;
                self.body_line(no, line, repeated)
            }
            Phase::Body => self.body_line(no, line, repeated),
            Phase::Summary => self.summary_line(no, line),
        }
    }

    /// Seat list lines: "Seat 4: Big Blind [ME] ($50 in chips)", "Seat+5 [ME]: $200 in chips",
    /// "Table Info: ...", "Seating Info: 65, 146, ...". `None` when the seat list is over.
    fn seat_phase_line(&mut self, no: u32, line: &'a str) -> Option<LineResult> {
        if let Some(r) = line.strip_prefix("Table Info: ") {
            self.table_info(no, r);
            return Some(Ok(()));
        }
        if let Some(r) = line.strip_prefix("Seating Info: ") {
            self.seating = r
                .split(',')
                .filter_map(|s| s.trim().parse::<u32>().ok())
                .collect();
            return Some(Ok(()));
        }
        let r = line.strip_prefix("Seat")?;
        let stud = r.starts_with('+');
        let r = r.get(1..)?;
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let seat = &r[..digits];
        let rest = &r[digits..];
        Some(if stud {
            // "Seat+5 [ME]: $200 in chips": the label is "Seat+5".
            let (me, rest) = match rest.strip_prefix(" [ME]") {
                Some(x) => (true, x),
                None => (false, rest),
            };
            let rest = rest.strip_prefix(": ")?;
            let label_end = 5 + digits;
            let label = &line[..label_end];
            self.seat(no, seat, label, rest, me)
        } else {
            let rest = rest.strip_prefix(": ")?;
            let Some(open) = rfind(rest, " (") else {
                return Some(Err(ParseError::malformed(no, "unreadable seat line")));
            };
            let mut label = rest[..open].trim_end();
            let me = match label.strip_suffix("[ME]") {
                Some(l) => {
                    label = l.trim_end();
                    true
                }
                None => false,
            };
            let chips = rest[open + 2..]
                .strip_suffix(')')
                .unwrap_or(&rest[open + 2..]);
            self.seat(no, seat, label, chips, me)
        })
    }

    fn seat(&mut self, no: u32, seat: &str, label: &'a str, chips: &str, me: bool) -> LineResult {
        let seat: u32 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let chips = chips
            .strip_suffix(" in chips")
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let stack = self.money(chips, no)?;
        if label.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a position"));
        }
        if self.seats.iter().any(|s| s.0 == seat) {
            return Err(ParseError::malformed(no, "two players in one seat"));
        }
        if self.seats.iter().any(|s| s.1 == label) {
            return Err(ParseError::malformed(no, "the same position in two seats"));
        }
        self.seats.push((seat, label, stack, me));
        Ok(())
    }

    /// MVS: "Table Info: Version: 1, Type: MVS, Stakes: 75-150, Table: ..., Buyin: $25+$2.50, ...".
    fn table_info(&mut self, no: u32, r: &str) {
        for part in r.split(", ") {
            if let Some(s) = part.strip_prefix("Stakes: ") {
                if let Some((sb, bb)) = s.split_once('-') {
                    if let (Ok(sb), Ok(bb)) = (self.money(sb, no), self.money(bb, no)) {
                        if self.posted_sb.is_none() && self.posted_bb.is_none() {
                            self.posted_sb = Some(sb);
                            self.posted_bb = Some(bb);
                            let g = &mut self.b.hand_mut().game;
                            g.small_blind = sb;
                            g.big_blind = bb;
                        }
                    }
                }
            } else if let Some(s) = part.strip_prefix("Buyin: ") {
                if let Some((buyin, fee)) = s.split_once('+') {
                    if let (Ok(b), Ok(f)) = (
                        checked_money(buyin, CENTS, no),
                        checked_money(fee, CENTS, no),
                    ) {
                        self.buyin = Some((b, f));
                    }
                }
            }
        }
    }

    /// The seat list is over: players in seat order, named "Hero" or "Seat N".
    ///
    /// Big tournaments (2021) print the player's entry number where the seat goes
    /// ("Seat 1243: UTG+3"), in table order: the seat is then the line's rank in the list, as the
    /// dealer line counts ("Set dealer [4]" for the fourth). MVS tournaments also list the
    /// numbers in table order ("Seating Info: 65, 146, ...").
    fn end_seats(&mut self, no: u32) -> LineResult {
        if self.seats.is_empty() {
            return Err(ParseError::malformed(no, "the hand has no seat lines"));
        }
        // The printed number names the player (in big tournaments a stable anonymous id across
        // the file), the position at the table is his seat.
        let mut seats: Vec<(u32, u32, _, Money, bool)> = self
            .seats
            .iter()
            .map(|&(n, label, stack, me)| (n, n, label, stack, me))
            .collect();
        if !self.seating.is_empty() {
            for s in seats.iter_mut() {
                if let Some(i) = self.seating.iter().position(|&n| n == s.0) {
                    s.0 = u32::try_from(i + 1).unwrap_or(u32::MAX);
                }
            }
        } else if seats.iter().any(|s| s.0 > 10) {
            for (i, s) in seats.iter_mut().enumerate() {
                s.0 = u32::try_from(i + 1).unwrap_or(u32::MAX);
            }
        }
        seats.sort_by_key(|s| s.0);
        self.seats = seats
            .iter()
            .map(|&(seat, _, label, stack, me)| (seat, label, stack, me))
            .collect();
        for &(seat, printed, label, stack, me) in &seats {
            let seat = u8::try_from(seat)
                .map_err(|_| ParseError::malformed(no, "seat number out of range"))?;
            let name = if me {
                "Hero".to_string()
            } else {
                format!("Seat {printed}")
            };
            let p = self.b.add_player(seat, &name, stack, false);
            if me {
                self.hero = Some(p);
            }
            self.labels.push(label);
            self.state.push(PlayerState {
                dealt_on: -1,
                ..PlayerState::default()
            });
        }
        self.phase = Phase::Body;
        Ok(())
    }

    fn body_line(&mut self, no: u32, line: &'a str, repeated: bool) -> LineResult {
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street_line(no, r);
        }
        let Some((left, action)) = line.split_once(" : ") else {
            return self.room_line(no, line);
        };
        let label = left.trim_end();
        let label = label.strip_suffix("[ME]").unwrap_or(label).trim_end();
        let Some(p) = self.label_index(label) else {
            // The dealer's seat may be empty; players who left still come and go.
            if let Some(r) = action.strip_prefix("Set dealer") {
                if let Some(n) = groups(r).next().and_then(leading_number::<u8>) {
                    self.b.hand_mut().button_seat = Some(n);
                }
                return Ok(());
            }
            const CHATTER: &[&str] = &[
                "Table ",
                "Enter",
                "Leave",
                "Seat ",
                "Sit",
                "Re-join",
                "Stand",
                "Draw for dealer",
            ];
            if CHATTER.iter().any(|c| action.starts_with(c)) {
                return Ok(());
            }
            return Err(ParseError::malformed(
                no,
                "a line for a position that is not in the seat list",
            ));
        };
        if repeated && !(self.infer_streets && action.starts_with("Check") && self.round_complete())
        {
            return Ok(());
        }
        self.action(no, p, action)
    }

    /// Lines that name no position: board cards (2012), "Player Info" (MVS), room messages.
    fn room_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some(r) = line
            .strip_prefix("Card dealt to table ")
            .or_else(|| line.strip_prefix("Card to the table "))
        {
            // 2012: the board of the next street.
            if self.base == Base::Hold {
                let street = (self.b.street() + 1).clamp(1, 3);
                self.next_street(street);
                if let Some(cards) = groups(r).next().and_then(cards_of) {
                    self.board.extend_from_slice(&cards);
                    self.board.truncate(5);
                }
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Player Info: ") {
            self.player_info(r);
            return Ok(());
        }
        if line.starts_with("Total Pot(") {
            return Err(ParseError::malformed(
                no,
                "a summary line before the summary: lines of the hand are missing",
            ));
        }
        // "Enter(Auto)", "Table deposit $3", "Seat sit down", "Set dealer/Bring in spot", ...
        Ok(())
    }

    /// MVS: "Seat1: P1-d07e..., Seat2: P2-44fb..." names the players (the hero is not listed).
    fn player_info(&mut self, r: &str) {
        for part in r.split(", ") {
            let Some(s) = part.strip_prefix("Seat") else {
                continue;
            };
            let Some((seat, id)) = s.split_once(": ") else {
                continue;
            };
            let (Ok(seat), id) = (seat.parse::<u8>(), id.trim()) else {
                continue;
            };
            if id.is_empty() {
                continue;
            }
            let hero = self.hero;
            let hand = self.b.hand_mut();
            let Some(p) = hand.players.iter().position(|pl| pl.seat == seat) else {
                continue;
            };
            if Some(p) != hero && !hand.players.iter().any(|pl| pl.name == id) {
                hand.players[p].name = id.to_string();
            }
        }
    }

    /// "*** HOLE CARDS ***", "*** FLOP *** [..]", "*** 4TH STREET ***", "*** SUMMARY ***".
    fn street_line(&mut self, _no: u32, r: &str) -> LineResult {
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let name = &r[..end];
        let cards = &r[end + 4..];
        if name == "SUMMARY" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        }
        // Any case: "*** 3RD STREET ***" and "*** 3rd STREET ***" are both printed.
        const STREETS: &[(Base, &str, i8)] = &[
            (Base::Hold, "HOLE CARDS", 0),
            (Base::Hold, "FLOP", 1),
            (Base::Hold, "TURN", 2),
            (Base::Hold, "RIVER", 3),
            (Base::Stud, "HOLE CARDS", 0),
            (Base::Stud, "3RD STREET", 0),
            (Base::Stud, "4TH STREET", 1),
            (Base::Stud, "5TH STREET", 2),
            (Base::Stud, "6TH STREET", 3),
            (Base::Stud, "7TH STREET", 4),
            (Base::Stud, "RIVER", 4),
        ];
        let Some(&(_, _, street)) = STREETS
            .iter()
            .find(|(base, n, _)| *base == self.base && n.eq_ignore_ascii_case(name))
        else {
            return Ok(());
        };
        self.next_street(street);
        if self.base == Base::Hold && street > 0 {
            if let Some(new) = groups(cards).last().and_then(cards_of) {
                self.board.extend_from_slice(&new);
                self.board.truncate(5);
            }
        }
        Ok(())
    }

    fn next_street(&mut self, street: i8) {
        if street > self.b.street() {
            self.b.set_street(street);
            self.street_acted = false;
            for s in self.state.iter_mut() {
                s.acted = false;
            }
        }
    }

    fn all_in_now(&self, p: PlayerIdx) -> bool {
        self.b.behind(p) <= 0
    }

    /// The street's betting is over: everyone still able to act has acted since the last bet and
    /// matched it (or nobody is left to bet against).
    fn round_complete(&self) -> bool {
        if self.b.street() < 0 {
            return false;
        }
        let max = self.b.street_max();
        let mut in_hand = 0;
        let mut can_act = 0;
        for (p, s) in self.state.iter().enumerate() {
            if s.folded || !s.dealt {
                continue;
            }
            in_hand += 1;
            if self.all_in_now(p) {
                continue;
            }
            can_act += 1;
            if !s.acted || self.b.street_total(p) < max {
                return false;
            }
        }
        in_hand > 1 && can_act > 0
    }

    /// Before a betting action: the first one starts street 0; in hands without street lines,
    /// one after a complete round starts the next street.
    fn before_betting(&mut self) {
        if self.b.street() < 0 {
            self.b.set_street(0);
            return;
        }
        if self.infer_streets && self.base == Base::Hold && self.round_complete() {
            let next = (self.b.street() + 1).min(3);
            self.next_street(next);
        }
    }

    fn acted(&mut self, p: PlayerIdx, aggressive: bool) {
        self.street_acted = true;
        if aggressive {
            for s in self.state.iter_mut() {
                s.acted = false;
            }
            if self.b.street() == 0 {
                self.stud_open = false;
            }
        }
        if let Some(s) = self.state.get_mut(p) {
            s.acted = true;
        }
    }

    fn bet(&mut self, p: PlayerIdx, amount: Money, all_in: bool) {
        if self.base == Base::Stud && self.b.street() == 0 && self.stud_open {
            let to = self.b.street_total(p).saturating_add(amount);
            self.b.complete_to(p, to, all_in);
            self.stud_bet.get_or_insert(to);
        } else {
            if self.base == Base::Stud && self.b.street() == 1 {
                self.stud_bet.get_or_insert(amount);
            }
            self.b.bet(p, amount, all_in);
        }
        self.acted(p, true);
    }

    fn raise_to(&mut self, p: PlayerIdx, to: Money, all_in: bool) {
        if self.base == Base::Stud && self.b.street() == 0 && self.stud_open {
            self.b.complete_to(p, to, all_in);
            self.stud_bet.get_or_insert(to);
        } else {
            self.b.raise_to(p, to, all_in);
        }
        self.acted(p, true);
    }

    /// "Action amount" lines: the amount after the verb and an optional "(timeout)" or
    /// "chip info(timeout)".
    fn amount_after(r: &str) -> &str {
        let r = r.trim_start();
        let r = r.strip_prefix("chip info").unwrap_or(r);
        let r = match r.strip_prefix('(') {
            Some(x) => x.split_once(')').map_or(x, |(_, a)| a),
            None => r,
        };
        r.trim()
    }

    /// "POSITION : action".
    fn action(&mut self, no: u32, p: PlayerIdx, a: &str) -> LineResult {
        if self.post_line(no, p, a)?
            || self.betting_line(no, p, a)?
            || self.result_line(no, p, a)?
        {
            return Ok(());
        }
        // "Does not show [..]", "Leave(Auto)", "Table enter user", "Draw for dealer [..]",
        // "Stand", "Re-join", "BOUNTY PRIZE [$5]", "Prize Tournament Ticket [..]", ...
        Ok(())
    }

    /// Posts and deals (they come before the betting): whether `a` is one.
    fn post_line(&mut self, no: u32, p: PlayerIdx, a: &str) -> Result<bool, ParseError> {
        if let Some(r) = a.strip_prefix("Card dealt to a spot ") {
            return self.dealt(no, p, r).map(|()| true);
        }
        if let Some(r) = a.strip_prefix("Ante chip ") {
            let amount = self.money(r, no)?;
            self.any_ante = true;
            if let Some(s) = self.state.get_mut(p) {
                s.ante = true;
            }
            self.b.post(p, ActionKind::Ante, amount, false);
            return Ok(true);
        }
        for prefix in [
            "Ante/Small Blind ",
            "Ante/Small blind ",
            "Small Blind ",
            "Small blind ",
        ] {
            if let Some(r) = a.strip_prefix(prefix) {
                let amount = self.money(r, no)?;
                self.small_blind(p, amount);
                return Ok(true);
            }
        }
        if let Some(r) = a
            .strip_prefix("Big blind/Bring in")
            .filter(|_| self.base == Base::Stud)
            .or_else(|| a.strip_prefix("Bring_in chip"))
            .or_else(|| a.strip_prefix("Bring in"))
        {
            let amount = self.money(Self::amount_after(r), no)?;
            if self.b.street() < 0 {
                self.b.set_street(0);
            }
            self.b.bring_in(p, amount, false);
            self.street_acted = true;
            return Ok(true);
        }
        for prefix in ["Big blind/Bring in", "Big blind ", "Big Blind "] {
            if let Some(r) = a.strip_prefix(prefix) {
                let amount = self.money(Self::amount_after(r), no)?;
                self.big_blind(p, amount, false);
                return Ok(true);
            }
        }
        if let Some(r) = a.strip_prefix("Posts dead chip ") {
            let amount = self.money(r, no)?;
            self.b.post(p, ActionKind::BothBlinds, amount, false);
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Posts chip ") {
            // A player joining posts to come in: live money whatever its size (he later calls
            // only the difference to the bet), recorded as a big blind after the real one.
            let amount = self.money(r, no)?;
            self.b.post(p, ActionKind::BigBlind, amount, false);
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Set dealer") {
            // "Set dealer [6]", "Set dealer/Bring in spot [4]".
            if let Some(n) = groups(r).next().and_then(leading_number::<u8>) {
                self.b.hand_mut().button_seat = Some(n);
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// The betting: all-ins, folds, checks, calls, bets, raises and returned bets.
    fn betting_line(&mut self, no: u32, p: PlayerIdx, a: &str) -> Result<bool, ParseError> {
        if let Some(r) = a.strip_prefix("All-in") {
            return self.all_in(no, p, r).map(|()| true);
        }
        if let Some(r) = a.strip_prefix("Fold") {
            self.before_betting();
            // "Folds & shows [Kh 7c]".
            if let Some(cards) = groups(r).next().and_then(cards_of) {
                self.b.set_cards(p, &cards);
                self.b.hand_mut().players[p].shown = true;
            }
            if let Some(s) = self.state.get_mut(p) {
                if !s.folded {
                    s.folded = true;
                    self.b.fold(p);
                }
            }
            self.acted(p, false);
            return Ok(true);
        }
        if a.starts_with("Check") {
            self.before_betting();
            self.b.check(p);
            self.acted(p, false);
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Calls").or_else(|| a.strip_prefix("Call")) {
            let amount = self.money(Self::amount_after(r), no)?;
            self.before_betting();
            self.b.call(p, amount, false);
            self.acted(p, false);
            return Ok(true);
        }
        if let Some(r) = a
            .strip_prefix("Bets")
            .or_else(|| a.strip_prefix("Double bets"))
            .or_else(|| a.strip_prefix("D bets"))
        {
            let amount = self.money(Self::amount_after(r), no)?;
            self.before_betting();
            if self.base == Base::Stud && self.b.street() == 1 && !a.starts_with("Bets") {
                // A double bet on fourth street (open pair) is the big bet.
                self.stud_bet.get_or_insert(amount / 2);
            }
            self.bet(p, amount, false);
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Raises") {
            let to = self.raise_total(no, p, Self::amount_after(r))?;
            self.before_betting();
            self.raise_to(p, to, false);
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Return uncalled portion of bet ") {
            let amount = self.money(r, no)?;
            if self.state.get(p).is_some_and(|s| s.folded) {
                return Err(ParseError::malformed(
                    no,
                    "uncalled bet returned to a player who folded",
                ));
            }
            self.b.uncalled(p, amount);
            return Ok(true);
        }
        Ok(false)
    }

    /// Results: pots won, showdowns and mucks, tournament places and prizes, sitting out.
    fn result_line(&mut self, no: u32, p: PlayerIdx, a: &str) -> Result<bool, ParseError> {
        if let Some(r) = a
            .strip_prefix("Hand result")
            .or_else(|| a.strip_prefix("Hand Result"))
        {
            // "Hand result $207.27", "Hand result-Side pot $11.94".
            let (side, amt) = match r.strip_prefix('-') {
                Some(x) => (true, x.rsplit_once(' ').map_or("", |(_, a)| a)),
                None => (false, r),
            };
            let amount = self.money(amt, no)?;
            self.collections.push(Collection {
                player: p,
                amount,
                pot: u8::from(side),
                board: 0,
            });
            return Ok(true);
        }
        if a.starts_with("Showdown") {
            self.b.hand_mut().players[p].shown = true;
            return Ok(true);
        }
        if a.starts_with("Mucks") {
            self.b.hand_mut().players[p].mucked = true;
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Ranking ") {
            if let Some(place) = leading_number::<u32>(r.trim()) {
                self.results.push(Finish {
                    player: p,
                    place,
                    prize: None,
                });
            }
            return Ok(true);
        }
        if let Some(r) = a.strip_prefix("Prize Cash ") {
            if let Some(g) = groups(r).next() {
                let prize = checked_money(g, CENTS, no)?;
                match self.results.iter_mut().rev().find(|f| f.player == p) {
                    Some(f) => f.prize = Some(prize),
                    None => self.results.push(Finish {
                        player: p,
                        place: 0,
                        prize: Some(prize),
                    }),
                }
            }
            return Ok(true);
        }
        if a.starts_with("Sit out") || a.starts_with("Seat sit out") || a.starts_with("Sitout") {
            if let Some(s) = self.state.get_mut(p) {
                s.sits_out = true;
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// "Raises $0.65 to $0.75" → 0.75; "Raises $16" (2012: the total only) → 16.
    fn raise_total(&self, no: u32, _p: PlayerIdx, r: &str) -> Result<Money, ParseError> {
        match r.split_once(" to ") {
            Some((_, to)) => self.money(to, no),
            None => self.money(r, no),
        }
    }

    fn small_blind(&mut self, p: PlayerIdx, amount: Money) {
        let kind = if self.sb_posted {
            ActionKind::DeadSmallBlind
        } else {
            self.sb_posted = true;
            if self.kind == GameKind::Ring {
                self.posted_sb = Some(amount);
                self.b.hand_mut().game.small_blind = amount;
            }
            ActionKind::SmallBlind
        };
        self.b.post(p, kind, amount, false);
    }

    fn big_blind(&mut self, p: PlayerIdx, amount: Money, all_in: bool) {
        if self.kind == GameKind::Ring {
            if all_in {
                self.allin_bb.get_or_insert(amount);
            } else if self.posted_bb.is_none() {
                self.posted_bb = Some(amount);
                self.b.hand_mut().game.big_blind = amount;
            }
        }
        self.b.post(p, ActionKind::BigBlind, amount, all_in);
    }

    /// "All-in $X", "All-in(raise) $X to $Y", "All-in(raise-timeout) $X".
    fn all_in(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let raise = r.starts_with("(raise");
        let amt = Self::amount_after(r);
        if self.b.street() < 0 {
            // Before the hole cards: a blind or an ante posted all-in.
            let amount = self.money(amt, no)?;
            let own_ante = self.state.get(p).is_some_and(|s| s.ante);
            if self.any_ante && !own_ante {
                self.any_ante = true;
                if let Some(s) = self.state.get_mut(p) {
                    s.ante = true;
                }
                self.b.post(p, ActionKind::Ante, amount, true);
            } else {
                let label = self.labels.get(p).copied().unwrap_or("");
                let heads_up = self.labels.len() == 2;
                if label == "Small Blind" || (label == "Dealer" && heads_up) {
                    self.small_blind(p, amount);
                    // Mark all-in: the builder computes it from the stack.
                } else {
                    self.big_blind(p, amount, true);
                }
            }
            return Ok(());
        }
        if raise {
            let to = self.raise_total(no, p, amt)?;
            self.before_betting();
            self.raise_to(p, to, true);
            return Ok(());
        }
        let amount = self.money(amt, no)?;
        self.before_betting();
        let to = self.b.street_total(p).saturating_add(amount);
        let max = self.b.street_max();
        if max == 0 {
            self.bet(p, amount, true);
        } else if to > max {
            self.raise_to(p, to, true);
        } else {
            self.b.call(p, amount, true);
            self.acted(p, false);
        }
        Ok(())
    }

    /// "Card dealt to a spot [Kc Js]": hole cards (flop games) or the cards of a stud street.
    fn dealt(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let cards = groups(r)
            .next()
            .and_then(cards_of)
            .ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
        if let Some(s) = self.state.get_mut(p) {
            s.dealt = true;
        }
        match self.base {
            Base::Stud => {
                // Unmarked streets: cards dealt after betting, or a second deal to the same
                // player, start the next street.
                if self.b.street() < 0 {
                    self.b.set_street(0);
                } else if self.street_acted
                    || self
                        .state
                        .get(p)
                        .is_some_and(|s| s.dealt_on == self.b.street())
                {
                    let next = (self.b.street() + 1).min(4);
                    self.next_street(next);
                }
                let street = self.b.street();
                if let Some(s) = self.state.get_mut(p) {
                    s.dealt_on = street;
                }
                let pl = &mut self.b.hand_mut().players[p];
                if pl.cards.len() + cards.len() > 7 {
                    return Err(ParseError::malformed(
                        no,
                        "more than seven cards dealt to a player",
                    ));
                }
                pl.cards.extend_from_slice(&cards);
            }
            _ => self.b.set_cards(p, &cards),
        }
        Ok(())
    }

    /// "Total Pot($0.75)", "Total Pot($930) | Rake ($3)", "Board [Kd 9s 5c  ]"; the seat lines
    /// repeat what the hand said.
    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        self.summary_lines += 1;
        if line.starts_with("Seat") {
            self.summary_seats += 1;
        }
        if let Some(r) = line.strip_prefix("Total Pot(") {
            let (pot, rest) = r.split_once(')').unwrap_or((r, ""));
            self.total_pot = Some(self.money(pot, no)?);
            self.total_line = no;
            if let Some(i) = find(rest, "Rake (") {
                let rk = &rest[i + 6..];
                let rk = rk.split_once(')').map_or(rk, |(a, _)| a);
                self.rake = Some(self.money(rk, no)?);
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board ") {
            if let Some(cards) = groups(r).next().and_then(cards_of) {
                if !cards.is_empty() {
                    self.summary_board = Some(cards);
                }
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // The end
    // -----------------------------------------------------------------------------------------

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
        if !self.state.iter().any(|s| s.dealt) {
            return Err(ParseError::malformed(
                self.header_line,
                "nobody was dealt cards in this hand",
            ));
        }
        // A summary lists every player dealt in; only fast-fold hands may leave it empty. A hand
        // cut inside its summary would lose its board (2012 hands print it only there) or cards.
        let dealt = self.state.iter().filter(|s| s.dealt).count() as u32;
        if self.summary_lines == 0 && !self.b.hand().game.fast {
            return Err(ParseError::cut_in_summary(
                last_line,
                "the summary is empty",
            ));
        }
        if self.summary_lines > 0 && self.summary_seats < dealt {
            return Err(ParseError::cut_in_summary(
                last_line,
                &format!(
                    "{} seat lines for {dealt} players dealt in",
                    self.summary_seats
                ),
            ));
        }
        self.finish_game();
        self.finish_players();
        self.finish_money(last_line)?;
        Ok(self.b.finish())
    }

    /// Stakes the header does not print: the blinds posted (cash), the bets (stud).
    fn finish_game(&mut self) {
        let hand = self.b.hand_mut();
        let g = &mut hand.game;
        if self.base == Base::Stud {
            let bet = self.stud_bet.filter(|&b| b > 0).unwrap_or(g.big_blind);
            g.small_blind = 0;
            g.big_blind = bet;
        } else if self.kind == GameKind::Ring {
            let sb = self.posted_sb;
            let bb = self
                .posted_bb
                .or_else(|| sb.and_then(|s| STAKES.iter().find(|x| x.0 == s).map(|x| x.1)))
                .or(self.allin_bb);
            let sb = sb.or_else(|| bb.and_then(|b| STAKES.iter().find(|x| x.1 == b).map(|x| x.0)));
            g.small_blind = sb.unwrap_or(0);
            g.big_blind = bb.unwrap_or(0);
        }
        g.small_bet = g.big_blind;
        g.big_bet = g.big_blind.saturating_mul(2);
        g.ante = hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max()
            .unwrap_or(0);
    }

    fn finish_players(&mut self) {
        let hero = self.hero;
        let board = self
            .summary_board
            .take()
            .unwrap_or_else(|| std::mem::take(&mut self.board));
        let hand = self.b.hand_mut();
        let acting: Vec<bool> = (0..hand.players.len())
            .map(|p| {
                hand.actions
                    .iter()
                    .any(|a| a.player == p && !a.kind.is_post())
            })
            .collect();
        for ((pl, s), acted) in hand.players.iter_mut().zip(&self.state).zip(acting) {
            // Seated but not dealt in: sitting out.
            pl.sitting_out = !acted && (!s.dealt || s.sits_out);
        }
        hand.hero = hero;
        if self.base == Base::Hold && !board.is_empty() {
            hand.boards = vec![board];
        }
        if let Some(t) = self.tourney_no {
            // "<tournament> <table>", the tournament as printed.
            let table = std::mem::take(&mut hand.table_name);
            hand.table_name = format!("{} {table}", self.tourney_id);
            let (buyin, fee) = self.buyin.unwrap_or((0, 0));
            hand.tournament = Some(Tournament {
                tourney_no: t,
                buyin,
                fee,
                bounty: 0,
                currency: "USD".to_string(),
                level: self.level.map(str::to_string),
                table_no: (!table.is_empty()).then_some(table),
                rebuy: false,
                results: std::mem::take(&mut self.results),
            });
        }
    }

    /// Total pot (printed before rake) and rake; hands with an empty summary: what went in, and
    /// what of it nobody collected. A printed pot that is not what the players put in belongs to
    /// another hand (the room's files sometimes splice two hands together).
    fn finish_money(&mut self, last_line: u32) -> LineResult {
        let collections = std::mem::take(&mut self.collections);
        self.b.hand_mut().collections = collections;
        let line = if self.total_pot.is_some() {
            self.total_line
        } else {
            last_line
        };
        let mut policy = PotPolicy::new(self.scale, line);
        policy.printed = self
            .total_pot
            .map_or(PrintedPot::None, PrintedPot::PlayersMoney);
        policy.rake = self.rake;
        self.b.settle(&policy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split;

    fn parse(text: &str) -> Vec<Result<Hand, ParseError>> {
        let text = split::normalise(text);
        crate::parse_history(&text).collect()
    }

    #[test]
    fn headers_are_found_at_the_start_or_glued() {
        let b = Bovada;
        assert!(b.is_hand_start(
            "Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23"
        ));
        assert!(b.is_hand_start("Ignition Hand #3581708086  Zone Poker ID#1205 HOLDEMZonePoker No Limit - 2018-03-19 10:06:32"));
        assert!(b.is_hand_start("Bodog UK Hand #1 TBL#1 HOLDEM No Limit - 2012-09-01 10:00:00"));
        assert!(b.is_hand_start(
            "Dealer : RaisBovada Hand #3260003105: HOLDEM Tournament #13214704 TBL#1, No Limit- Level 1 (10/20) - 2015-09-09 19:07:11"
        ));
        assert!(!b.is_hand_start("Bovada Hand result $3"));
        assert!(!b.is_hand_start("Big Blind : Hand result $0.75"));
        assert!(!b.is_hand_start(
            "PokerStars Hand #42738187409:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/04/16"
        ));
        assert!(!b.is_hand_start("Board [7d Kh 9h Qd 7h]"));
    }

    #[test]
    fn letter_ids_map_without_collisions() {
        assert_eq!(id_number("3340409736"), Ok(3340409736));
        assert_eq!(id_number("C123"), Ok(3 * 100_000_000_000_000_000 + 123));
        assert_eq!(
            id_number("M-20210422003411"),
            Ok(39 * 100_000_000_000_000_000 + 20210422003411)
        );
        assert_ne!(id_number("M123"), id_number("M-123"));
        assert_eq!(id_number("100000000000000000"), Err(ErrorKind::OutOfRange));
        assert_eq!(
            id_number("99999999999999999999999"),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(id_number("Z-99999999999999999").map(|n| n > 0), Ok(true));
        assert_eq!(id_number("m-1"), Err(ErrorKind::Malformed));
        assert_eq!(id_number(""), Err(ErrorKind::Malformed));
        assert_eq!(id_number("M-"), Err(ErrorKind::Malformed));
    }

    #[test]
    fn tournament_headers() {
        let h = parse_header(
            "4300979169: HOLDEM Tournament #M-20210422003411 TBL#18, Turbo- Level 7 (75/150) [MVS] - 2021-04-22 01:42:48 UTC",
        )
        .ok()
        .unwrap();
        assert_eq!(h.kind, GameKind::Tour);
        assert_eq!(h.limit_type, LimitType::NoLimit);
        assert_eq!(
            h.tourney_no,
            Some(39 * 100_000_000_000_000_000 + 20210422003411)
        );
        assert_eq!((h.table.as_str(), h.level), ("18", Some("7")));
        assert_eq!(h.blinds, Some(("75", "150")));
        assert_eq!(h.start.to_rfc3339(), "2021-04-22T01:42:48+00:00");
        let h = parse_header("2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 22:21:03")
            .ok()
            .unwrap();
        assert_eq!(
            (h.category, h.limit_type),
            (Category::StudHi, LimitType::FixedLimit)
        );
        // No zone printed: US/Eastern (daylight saving in June).
        assert_eq!(h.start.to_rfc3339(), "2012-06-18T02:21:03+00:00");
        assert!(
            parse_header("1 TBL#1 BADUGI No Limit - 2012-01-01 00:00:00")
                .is_err_and(|e| e.0 == ErrorKind::Unsupported)
        );
    }

    const IGNITION: &str =
        "Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32
Seat 1: Small Blind ($50.65 in chips)
Seat 4: Big Blind [ME] ($50 in chips)
Seat 6: Dealer ($49.25 in chips)
Dealer : Set dealer [6]
Small Blind : Small Blind $0.25
Big Blind  [ME] : Big blind $0.50
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c Th]
Big Blind  [ME] : Card dealt to a spot [9d 9s]
Dealer : Card dealt to a spot [4c Kd]
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Does not show [9d 9s] (High Card)
Big Blind  [ME] : Hand result $0.75
Table enter user
*** SUMMARY ***
Total Pot($0.75)
Seat+1: Small Blind Folded before the FLOP
Seat+4: Big Blind $0.75 [Does not show]
Seat+6: Dealer Folded before the FLOP
";

    #[test]
    fn positions_become_seat_names() {
        let h = parse(IGNITION).remove(0).unwrap();
        assert_eq!(h.site, "Bovada");
        let names: Vec<&str> = h.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Seat 1", "Hero", "Seat 6"]);
        assert_eq!(h.hero, Some(1));
        assert_eq!(h.button_seat, Some(6));
        assert_eq!((h.game.small_blind, h.game.big_blind), (25, 50));
        assert_eq!((h.total_pot, h.rake), (75, 0));
        // Every player's cards are printed.
        assert!(h
            .players
            .iter()
            .all(|p| p.cards.len() == 2 && p.cards[0].is_known()));
        assert_eq!(h.start_time.to_rfc3339(), "2016-08-09T16:41:32+00:00");
    }

    #[test]
    fn repeated_lines_are_read_once_and_cut_hands_are_unfinished() {
        let head: String = IGNITION
            .lines()
            .take(11)
            .map(|l| format!("{l}\n"))
            .collect();
        let text = format!(
            "{head}Dealer : Raises $1.50 to $1.50\nDealer : Raises $1.50 to $1.50\n\
             Small Blind : Folds\nBig Blind  [ME] : Folds\n\
             Dealer : Return uncalled portion of bet $1\nDealer : Hand result $1.25\n\
             Dealer : Hand result $1.25\n*** SUMMARY ***\nTotal Pot($1.25)\n\
             Seat+1: Small Blind Folded before the FLOP\n\
             Seat+4: Big Blind Folded before the FLOP\n\
             Seat+6: Dealer $1.25 [Does not show]\n"
        );
        let hands = parse(&text);
        let h = hands[0].as_ref().unwrap();
        assert_eq!(
            h.actions
                .iter()
                .filter(|a| a.kind == ActionKind::Raise)
                .count(),
            1
        );
        assert_eq!(h.collections.len(), 1);
        assert_eq!((h.total_pot, h.rake), (125, 0));
        let cut: String = IGNITION
            .lines()
            .take(10)
            .map(|l| format!("{l}\n"))
            .collect();
        let e = parse(&cut).remove(0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        assert_eq!(e.site_hand_no, Some(3340409736));
        // Cut inside the summary: after its first seat line, and right after its marker.
        for keep in [19, 17] {
            let cut: String = IGNITION
                .lines()
                .take(keep)
                .map(|l| format!("{l}\n"))
                .collect();
            let e = parse(&cut).remove(0).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{keep} lines");
            assert!(e.message.contains("inside its summary"), "{}", e.message);
        }
    }

    #[test]
    fn unknown_position_is_an_error() {
        let text = IGNITION.replace("Dealer : Folds", "UTG+4 : Folds");
        let e = parse(&text).remove(0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        assert_eq!(e.line, 12);
        assert_eq!(e.line_text.as_deref(), Some("UTG+4 : Folds"));
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "Bovada Hand #1 TBL#1 HOLDEM No Limit - 2016-08-09 12:41:32\nSeat+",
            "Bovada Hand #1 TBL#1 HOLDEM No Limit - 2016-08-09 12:41:32\nSeat 1: (\n : \n*** ",
            "Bovada Hand #1: 7CARD Tournament #x TBL#1, - Level (1/ - 2016-08-09 12:41:32",
            "Bovada Hand #1 TBL#1 7CARD Fixed Limit - 2016-08-09 12:41:32\nSeat+1: 1 in chips\n\
             Seat+1 : Card dealt to a spot [Ah Ah Ah Ah Ah Ah Ah]\nSeat+1 : Card dealt to a spot [Ah]\n",
            "Bovada Hand #C1 TBL#1 HOLDEM No Limit - 2016-08-09 12:41:32\nSeat 1: A ($1 in chips)\n\
             A : All-in(raise) $x to\nA : Hand result-\n*** SUMMARY ***\nTotal Pot(",
        ] {
            let _ = parse(text);
        }
    }
}

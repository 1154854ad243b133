//! Winamax hand histories (cash games, Go Fast, tournaments and sit-and-gos; hold'em, omaha,
//! 5-card omaha, omaha hi/lo, stud, stud hi/lo, razz and 2-7 triple draw).
//!
//! A hand starts at its header line:
//! `Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - Holdem no limit (2€/4€) - 2016/11/12 22:24:21 UTC`
//! (`Go Fast "name"`, `HOLD-UP "name"`, `ESCAPE "name"` or `Tournament "name" buyIn: ... level: N`
//! instead of `CashGame`), and ends with its `*** SUMMARY ***` block.
//!
//! # Hand numbers
//!
//! Winamax prints the hand id as three numbers `A-B-C`: `A` identifies the table (for a
//! tournament, `A` = tournament number × 2³² + table number + 1), `B` counts the hands played at
//! that table, and `C` is the hand's start time in Unix seconds. `Hand.site_hand_id` keeps the id
//! as printed; `siteHandNo` packs `A` and `B` in decimal, with fixed widths, so that two ids with
//! different (`A`, `B`) never get the same number:
//!
//! - when `A` < 2³² (cash tables): `siteHandNo = A × 10⁷ + B`, for `A` < 10¹¹ and `B` < 10⁷
//!   (always below 10¹⁸);
//! - otherwise, with `T = A div 2³²` and `L = A mod 2³²`:
//!   `siteHandNo = 10¹⁸ + T × 10⁹ + L × 10⁴ + B`, for `L` < 10⁵ (tables) and `B` < 10⁴
//!   (hands at one tournament table), up to `T` < 8.2 × 10⁹ (at least 10¹⁸ + 10⁹, so never
//!   equal to a cash-table number);
//! - an id outside these ranges is reported as out of range (SQLSTATE 22003).
//!
//! The time `C` is not part of the number: a table's hand counter never repeats, and the time is
//! the hand's start time, stored in Hands.startTime.
//!
//! # Times
//!
//! Winamax prints its times in UTC and says so ("... 22:24:21 UTC"); a time printed with another
//! zone label is converted from that zone, and a time without a label is taken as UTC.
//!
//! # Money
//!
//! Real-money amounts are stored in cents. Play-money tables print amounts with two decimals
//! ("0.50/1", "13.05"), so they are stored ×100 too (currency "play"); tournament chips are stored
//! as printed (currency "T$"). Some old tournaments print half chips ("292.50"): they are
//! rounded half away from zero, which can leave such a hand's pot a chip away from the sum of its
//! collections.
//!
//! Winamax prints no "uncalled bet" line: the chips a bettor gets back are inside his "collected"
//! amount (as a separate "side pot" when the caller was all-in for less). The parser takes them
//! out of the collections and records them as returned (see [`Uncalled::InCollections`]). The summary's
//! "Rake" is everything the room took; "Total pot" is what the players collected (rounded to
//! "3.37k" in old tournaments), so the total pot is computed from the actions. Money the room
//! adds to the pot ("Hold-up to Pot: total X", "Escape to Pot: total X") is `pot_added`.
//!
//! # Other room habits
//!
//! - The hero is the player whose own cards are dealt face up ("Dealt to Hero [8h 9s]"; the
//!   other players' cards print as "X").
//! - A small blind posted "out of position" is dead; one larger than the small blind posts both
//!   blinds ("posts small blind 3€ out of position" then "posts big blind 0€ out of position").
//!   A "raises X to Y" before the cards are dealt is a player posting both blinds at once.
//! - "bets X" before the flop (old tournaments) is a raise by X.
//! - In stud, a raise by the player who brought in prints his total without the bring-in
//!   ("brings in 10€", ..., "raises -6.10€ to 18.90€" is a total of 28.90€).
//! - "5 Card Omaha Hi/Lo" is how Winamax names 5-card pot-limit omaha high (as fpdb reads it).
//! - Mixed games (8-game tables) are marked only in the file name Winamax gives the history, not
//!   in the text, so `Game.mix` stays empty.

use chrono::{DateTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::verbs::{self, Betting, Dialect, Raise, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

#[path = "winamax_common.rs"]
pub(crate) mod common;

use crate::parsers::text::{self, find, groups, rfind, split2};
use common::cards_of;

/// The Winamax format.
#[derive(Debug)]
pub struct Winamax;

/// Winamax's words for the posts.
const DIALECT: Dialect = Dialect {
    posts: &[
        ("small blind ", ActionKind::SmallBlind),
        ("big blind ", ActionKind::BigBlind),
        ("ante ", ActionKind::Ante),
        ("dead blind ", ActionKind::DeadSmallBlind),
    ],
};

/// Winamax's folds and calls (its posts, bets and raises are read by the parser itself).
const RULES: Rules = Rules {
    every_small_blind_live: false,
    big_blind_above_table_is_straddle: false,
    amend_short_raise: false,
    straddle_is_total: false,
};

/// How every header starts.
const PREFIX: &str = "Winamax Poker - ";

impl Room for Winamax {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"W"
    }

    fn site(&self) -> &'static str {
        "Winamax"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        // The prefix test rejects every other line at its first bytes; the tournament summary
        // files ("Winamax Poker - Tournament summary : ...") have no hand id.
        line.starts_with(PREFIX) && find(line, " HandId: #").is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

// ---------------------------------------------------------------------------------------------
// Hand numbers
// ---------------------------------------------------------------------------------------------

/// The number stored as siteHandNo for a printed id "A-B-C" (see the module documentation).
pub fn hand_number(id: &str) -> Result<i64, (ErrorKind, &'static str)> {
    let bad = (
        ErrorKind::Malformed,
        "unreadable hand id (expected three numbers A-B-C)",
    );
    let far = (
        ErrorKind::OutOfRange,
        "the hand id is too large to store as a number",
    );
    let mut parts = id.split('-');
    let mut number = || -> Result<u64, (ErrorKind, &'static str)> {
        let p = parts.next().ok_or(bad)?;
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad);
        }
        p.parse::<u64>().map_err(|_| far)
    };
    let a = number()?;
    let b = number()?;
    let _time = number()?;
    if parts.next().is_some() {
        return Err(bad);
    }
    let t = a >> 32;
    let l = a & 0xFFFF_FFFF;
    let value: Option<u64> = if t == 0 {
        (a < 100_000_000_000 && b < 10_000_000).then(|| a * 10_000_000 + b)
    } else if l < 100_000 && b < 10_000 {
        t.checked_mul(1_000_000_000)
            .and_then(|x| x.checked_add(1_000_000_000_000_000_000 + l * 10_000 + b))
    } else {
        None
    };
    value.and_then(|v| i64::try_from(v).ok()).ok_or(far)
}

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// Game names as Winamax prints them, most specific first.
const GAMES: &[(&str, Category)] = &[
    ("5 Card Omaha Hi/Lo", Category::Omaha5Hi),
    ("5 Card Omaha", Category::Omaha5Hi),
    ("Omaha5", Category::Omaha5Hi),
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha8", Category::OmahaHiLo),
    ("Omaha", Category::OmahaHi),
    ("Holdem", Category::Holdem),
    ("7-Card Stud Hi/Lo", Category::StudHiLo),
    ("7stud8", Category::StudHiLo),
    ("7-Card Stud", Category::StudHi),
    ("7stud", Category::StudHi),
    ("Razz", Category::Razz),
    ("2-7 Triple Draw", Category::TripleDraw27),
    ("Lowball27", Category::TripleDraw27),
];

const LIMITS: &[(&str, LimitType)] = &[
    (" no limit (", LimitType::NoLimit),
    (" pot limit (", LimitType::PotLimit),
    (" fixed limit (", LimitType::FixedLimit),
];

struct Header {
    no: i64,
    game: Game,
    scale: i64,
    start_time: DateTime<Utc>,
    tournament: Option<Tournament>,
}

type HeaderResult<T> = Result<T, (ErrorKind, &'static str)>;

fn malformed(msg: &'static str) -> (ErrorKind, &'static str) {
    (ErrorKind::Malformed, msg)
}

fn parse_header(line: &str) -> HeaderResult<(Header, &str)> {
    let r = line
        .strip_prefix(PREFIX)
        .ok_or(malformed("not a Winamax hand header"))?;
    let (kind, r) = split2(r, " - HandId: #")
        .or_else(|| split2(r, " HandId: #"))
        .ok_or(malformed("no hand id in the header"))?;
    let (id, r) = split2(r, " - ").ok_or(malformed("unreadable header after the hand id"))?;
    let id = id.trim();
    let no = hand_number(id)?;
    let (limit_at, limit_type, limit_len) = LIMITS
        .iter()
        .find_map(|&(l, lt)| find(r, l).map(|i| (i, lt, l.len())))
        .ok_or(malformed("unknown betting structure in the header"))?;
    let game_name = r[..limit_at].trim();
    let category = GAMES
        .iter()
        .find(|(g, _)| *g == game_name)
        .map(|&(_, c)| c)
        .ok_or((ErrorKind::Unsupported, "a Winamax game fpdb does not read"))?;
    let after = &r[limit_at + limit_len..];
    let close = after.find(')').ok_or(malformed("unclosed stakes"))?;
    let stakes = &after[..close];
    let date = after[close + 1..]
        .trim_start()
        .strip_prefix("- ")
        .unwrap_or(&after[close + 1..])
        .trim();

    let tour = kind.starts_with("Tournament");
    let fast = kind.starts_with("Go Fast");
    let scale = if tour { CHIPS } else { CENTS };
    let parts: Vec<&str> = stakes.split('/').collect();
    let money = |t: &str| common::money(t, scale).map_err(|k| (k, "unreadable stakes"));
    let (ante, small, big) = match parts.as_slice() {
        [s, b] => (0, money(s)?, money(b)?),
        [a, s, b] => (money(a)?, money(s)?, money(b)?),
        _ => return Err(malformed("unreadable stakes")),
    };
    let base = category.base();
    let (small_blind, big_blind) = match (limit_type, base) {
        (_, Base::Stud) => (0, small),
        // Fixed limit prints the small and the big bet; the blinds are half a small bet and a
        // small bet.
        (LimitType::FixedLimit, _) => (small / 2, small),
        _ => (small, big),
    };
    let currency = if tour {
        "T$".to_string()
    } else {
        common::currency_in(stakes).unwrap_or("play").to_string()
    };
    let start_time = parse_time(date).ok_or(malformed("no readable date in the header"))?;
    let tournament = if tour {
        Some(parse_tournament(kind, id)?)
    } else {
        None
    };
    let kind = if tour { GameKind::Tour } else { GameKind::Ring };
    let sb_bb = (small_blind, big_blind);
    let game = Game {
        base,
        ante,
        fast,
        ..Game::blinds(kind, category, limit_type, sb_bb, &currency)
    };
    Ok((
        Header {
            no,
            game,
            scale,
            start_time,
            tournament,
        },
        id,
    ))
}

/// "2016/11/12 22:24:21 UTC": UTC unless another label is printed.
fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    let dt = time::parse_datetime(text)?;
    let label = text.split(' ').nth(2).unwrap_or("").trim();
    let label = if label.is_empty() { "UTC" } else { label };
    Some(common::to_utc(dt, label, chrono_tz::UTC))
}

/// `Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11`, `buyIn: 0.93-0.07`, `buyIn: Ticket only`,
/// `buyIn: Gratuit`, `buyIn: 22.50€ + 22.50€ + 5€` (buy-in, bounty, fee).
fn parse_tournament(kind: &str, id: &str) -> HeaderResult<Tournament> {
    let level = find(kind, " level: ").map(|i| {
        kind[i + 8..]
            .split([' ', '-'])
            .next()
            .unwrap_or("")
            .to_string()
    });
    let buyin_text = match (find(kind, "buyIn: "), find(kind, " level: ")) {
        (Some(a), Some(b)) if b >= a + 7 => kind[a + 7..b].trim(),
        (Some(a), None) => kind[a + 7..].trim(),
        _ => "",
    };
    // The tournament number, until the table line says it: A div 2^32.
    let tourney_no = id
        .split('-')
        .next()
        .and_then(|a| a.parse::<u64>().ok())
        .map_or(0, |a| (a >> 32) as i64);
    let mut t = Tournament {
        tourney_no,
        buyin: 0,
        fee: 0,
        bounty: 0,
        currency: String::new(),
        level: level.filter(|l| !l.is_empty()),
        table_no: None,
        rebuy: false,
        results: Vec::new(),
    };
    let has_digit = buyin_text.bytes().any(|b| b.is_ascii_digit());
    if !has_digit {
        // "Ticket only", "Ticket", "Gratuit", "Free", "Freeroll".
        t.currency = "FREE".to_string();
        return Ok(t);
    }
    let parts: Vec<&str> = if buyin_text.contains('+') {
        buyin_text.split('+').map(str::trim).collect()
    } else {
        buyin_text.split('-').map(str::trim).collect()
    };
    let cents = |s: &str| common::money(s, CENTS).map_err(|k| (k, "unreadable buy-in"));
    match parts.as_slice() {
        [b] => t.buyin = cents(b)?,
        [b, f] => {
            t.buyin = cents(b)?;
            t.fee = cents(f)?;
        }
        [b, k, f] => {
            t.bounty = cents(k)?;
            t.buyin = cents(b)?.saturating_add(t.bounty);
            t.fee = cents(f)?;
        }
        _ => return Err(malformed("unreadable buy-in")),
    }
    // Winamax's tournaments are in euros; a dollar sign says otherwise.
    t.currency = if buyin_text.contains('$') {
        "USD"
    } else {
        "EUR"
    }
    .to_string();
    if t.buyin == 0 && t.fee == 0 {
        t.currency = "FREE".to_string();
    }
    Ok(t)
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

/// Parses one chunk (a hand) of Winamax text.
pub fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (header, id) = parse_header(first.trim_end()).map_err(|(kind, msg)| {
        let id = split2(first, "HandId: #")
            .map(|(_, r)| r.split(' ').next().unwrap_or(""))
            .unwrap_or("");
        ParseError::new(kind, first_no, msg)
            .with_text(first)
            .with_hand_no(hand_number(id).ok())
    })?;
    let no = header.no;
    let mut p = Parser::new(header, id, first_no);
    let last_no = text::each_line(lines, first_no, no, str::trim, |line_no, line| {
        p.line(line_no, line)
    })?;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(no)))
}

type LineResult = Result<(), ParseError>;

struct Parser {
    b: HandBuilder,
    scale: i64,
    base: Base,
    phase: Phase,
    header_line: u32,
    /// Folds: the format's betting rules (Winamax's bets, raises and posts are its own).
    betting: Betting,
    sb_posted: bool,
    /// Stud: the bring-in player and amount; whether third street was completed.
    bring_in: Option<(PlayerIdx, Money)>,
    completed: bool,
    /// Collections from the "collected" lines, and the summary's "won" amounts.
    collected: Vec<Collection>,
    summary_won: Vec<Collection>,
    board: Vec<Card>,
    summary_board: Option<Vec<Card>>,
    rake: Option<Money>,
    /// Line of the summary's pot line, for errors about the money.
    pot_line: u32,
    added: Money,
    /// Tournament amounts with half chips, rounded to whole chips.
    rounded: Money,
    summary_seen: bool,
}

impl Parser {
    fn new(h: Header, id: &str, header_line: u32) -> Parser {
        let base = h.game.category.base();
        let mut b = HandBuilder::new("Winamax", h.no, id, h.game, h.start_time);
        b.hand_mut().tournament = h.tournament;
        Parser {
            b,
            scale: h.scale,
            base,
            phase: Phase::Seats,
            header_line,
            betting: Betting::new(RULES),
            sb_posted: false,
            bring_in: None,
            completed: false,
            collected: Vec::new(),
            summary_won: Vec::new(),
            board: Vec::new(),
            summary_board: None,
            rake: None,
            pot_line: header_line,
            added: 0,
            rounded: 0,
            summary_seen: false,
        }
    }

    fn money(&mut self, text: &str, no: u32) -> Result<Money, ParseError> {
        let t = common::bare_amount(text);
        if self.scale == CHIPS {
            if let Some((_, frac)) = t.split_once('.') {
                if frac.bytes().any(|b| b != b'0') {
                    self.rounded = self.rounded.saturating_add(1);
                }
            }
        }
        common::money(t, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    /// The seated player whose name starts `line`, followed by a space: longest name first
    /// (names may contain spaces: "Incognito 1"). Returns the player and the text after the
    /// space.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let players = &self.b.hand().players;
        text::name_prefix(players, line, |c| c == b' ', true).map(|(i, n)| (i, &line[n + 1..]))
    }

    fn line(&mut self, no: u32, line: &str) -> LineResult {
        if self.phase == Phase::Summary {
            return self.summary_line(no, line);
        }
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street(no, r);
        }
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Table") {
                if r.starts_with(": ") || r.starts_with(" '") {
                    self.table(r);
                    return Ok(());
                }
            }
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        for prefix in ["Hold-up to Pot: total ", "Escape to Pot: total "] {
            if let Some(r) = line.strip_prefix(prefix) {
                self.added = self.added.saturating_add(self.money(r, no)?);
                return Ok(());
            }
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            return self.player_line(no, p, rest);
        }
        // Lines that name nobody seated: an action by an unknown player is an error, anything
        // else (chat, table messages) is ignored.
        const VERBS: &[&str] = &[
            " folds",
            " checks",
            " calls ",
            " bets ",
            " raises ",
            " posts ",
            " collected ",
        ];
        if text::names_an_action(line, VERBS) {
            return Err(ParseError::unknown_actor(no));
        }
        Ok(())
    }

    /// "Table: 'Pampelune' 6-max (real money) Seat #4 is the button" (the colon is missing in
    /// some 2021 hands).
    fn table(&mut self, r: &str) {
        let (name, rest) = match (r.find('\''), r.rfind('\'')) {
            (Some(a), Some(z)) if z > a => (&r[a + 1..z], &r[z + 1..]),
            _ => (r.trim_start_matches(':').trim(), ""),
        };
        let play = find(rest, "(play money)").is_some();
        let hand = self.b.hand_mut();
        hand.table_name = name.to_string();
        for w in rest.split(' ') {
            if let Some(m) = w.strip_suffix("-max") {
                hand.max_seats = m.parse().ok();
            }
        }
        if let Some(i) = find(rest, "Seat #") {
            let (n, _) = text::leading_digits(&rest[i + 6..]);
            hand.button_seat = u8::try_from(n).ok().filter(|&s| s > 0);
        }
        if play && hand.game.kind == GameKind::Ring {
            hand.game.currency = "play".to_string();
        } else if !play && hand.game.kind == GameKind::Ring && hand.game.currency == "play" {
            // Real money without a symbol in the stakes: Winamax plays in euros.
            hand.game.currency = "EUR".to_string();
        }
        if let Some(t) = hand.tournament.as_mut() {
            // "Quitte ou Double(27536269)#0": tournament number in parentheses, table after '#'.
            let hash = name.rfind('#');
            if let Some(h) = hash {
                t.table_no = Some(name[h + 1..].to_string());
            }
            let head = &name[..hash.unwrap_or(name.len())];
            if let (Some(o), Some(c)) = (head.rfind('('), head.rfind(')')) {
                if c > o {
                    if let Ok(n) = head[o + 1..c].parse::<i64>() {
                        t.tourney_no = n;
                    }
                }
            }
            hand.table_name = match &t.table_no {
                Some(tn) => format!("{} {}", t.tourney_no, tn),
                None => format!("{} {}", t.tourney_no, name),
            };
        }
    }

    /// "Seat 3: NAME (415.55€)", "Seat 1: NAME (18694, 9€ bounty)".
    fn seat(&mut self, no: u32, r: &str) -> LineResult {
        let (seat, n) = text::leading_digits(r);
        let rest = r[n..]
            .strip_prefix(": ")
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let open =
            rfind(rest, " (").ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let name = &rest[..open];
        let inside = rest[open + 2..].trim_end().trim_end_matches(')');
        let (stack_text, bounty_text) = match inside.split_once(", ") {
            Some((s, b)) => (s, b.strip_suffix(" bounty")),
            None => (inside, None),
        };
        let stack = self.money(stack_text, no)?;
        let bounty = match bounty_text {
            Some(b) => Some(
                common::money(b, CENTS).map_err(|k| ParseError::new(k, no, "unreadable bounty"))?,
            ),
            None => None,
        };
        let seat = u8::try_from(seat)
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat number"))?;
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let idx = self.b.seat_player(no, seat, name, stack, false)?;
        self.b.hand_mut().players[idx].bounty = bounty;
        Ok(())
    }

    /// "*** FLOP *** [..]", "*** 3rd STREET ***", "*** FIRST-DRAW ***", "*** SUMMARY ***".
    fn street(&mut self, _no: u32, r: &str) -> LineResult {
        let end = find(r, " ***").unwrap_or(r.len());
        let name = &r[..end];
        let cards = &r[end.saturating_add(4).min(r.len())..];
        if self.phase == Phase::Seats {
            self.phase = Phase::Body;
        }
        let street: Option<i8> = match (self.base, name) {
            (_, "SUMMARY") => {
                self.phase = Phase::Summary;
                self.summary_seen = true;
                return Ok(());
            }
            (_, "ANTE/BLINDS") | (_, "SHOW DOWN") => None,
            (Base::Hold, "PRE-FLOP") => Some(0),
            (Base::Hold, "FLOP") => Some(1),
            (Base::Hold, "TURN") => Some(2),
            (Base::Hold, "RIVER") => Some(3),
            (Base::Stud, "3rd STREET" | "THIRD") => Some(0),
            (Base::Stud, "4th STREET" | "FOURTH") => Some(1),
            (Base::Stud, "5th STREET" | "FIFTH") => Some(2),
            (Base::Stud, "6th STREET" | "SIXTH") => Some(3),
            (Base::Stud, "7th STREET" | "SEVENTH" | "RIVER") => Some(4),
            (Base::Draw, "FIRST-BET" | "DEAL") => Some(0),
            (Base::Draw, "FIRST-DRAW") => Some(1),
            (Base::Draw, "SECOND-DRAW") => Some(2),
            (Base::Draw, "THIRD-DRAW") => Some(3),
            _ => None,
        };
        if let Some(s) = street {
            if s > self.b.street() {
                self.b.set_street(s);
            }
        }
        if self.base == Base::Hold && street.is_some_and(|s| s > 0) {
            // "[Ts 8d Td][Kd]": the street's board so far.
            let mut board = Vec::with_capacity(5);
            for g in groups(cards) {
                if let Some(c) = cards_of(g) {
                    board.extend(c);
                }
            }
            if board.len() > self.board.len() && board.len() <= 5 {
                self.board = board;
            }
        }
        Ok(())
    }

    /// "Dealt to Hero [8h 5d 2h 7h 4c]", stud "Dealt to Player1 [X X Kc] [6d]".
    fn dealt(&mut self, no: u32, r: &str) -> LineResult {
        let Some(open) = find(r, " [") else {
            return Ok(());
        };
        let name = &r[..open];
        let Some(p) = self.b.hand().players.iter().position(|pl| pl.name == name) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let mut all: Vec<Vec<Card>> = Vec::with_capacity(2);
        for g in groups(&r[open..]) {
            all.push(cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?);
        }
        let street = self.b.street().max(0);
        match self.base {
            Base::Hold => {
                let cards = all.concat();
                if cards.iter().any(|c| c.is_known()) {
                    self.hero_is(p);
                }
                self.b.set_cards(p, &cards);
            }
            Base::Stud => {
                let new = all.last().cloned().unwrap_or_default();
                // Third street deals slots 0-2, each later street one more card.
                let end = (street as usize + 3).min(7);
                let start = end.saturating_sub(new.len());
                self.b
                    .set_stud_cards(p, start, &new[..new.len().min(end - start)]);
                if street == 0 && new.first().is_some_and(|c| c.is_known()) {
                    self.hero_is(p);
                }
            }
            Base::Draw => {
                let size = self.b.hand().game.category.hand_size();
                if street == 0 {
                    let cards = all.concat();
                    if cards.iter().any(|c| c.is_known()) {
                        self.hero_is(p);
                    }
                    self.b.set_cards(p, &cards);
                } else {
                    // After a draw: the whole hand, or the kept cards then the new ones.
                    let mut hand_now = all.concat();
                    hand_now.truncate(size);
                    hand_now.resize(size, Card::UNKNOWN);
                    self.set_draw(p, street, hand_now);
                }
            }
        }
        Ok(())
    }

    fn hero_is(&mut self, p: PlayerIdx) {
        if self.b.hand().hero.is_none() {
            self.b.hand_mut().hero = Some(p);
        }
    }

    /// The player's hand after draw `street` (1-based), filling the draws before it.
    fn set_draw(&mut self, p: PlayerIdx, street: i8, cards: Vec<Card>) {
        let size = self.b.hand().game.category.hand_size();
        let round = street.max(1) as usize;
        let pl = &mut self.b.hand_mut().players[p];
        while pl.draws.len() < round {
            pl.draws.push(vec![Card::UNKNOWN; size]);
        }
        if let Some(slot) = pl.draws.get_mut(round - 1) {
            *slot = cards;
        }
    }

    /// Lines that start with a seated player's name: the verbs of [`verbs`] with Winamax's
    /// words and rules, then the room's own.
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if r.starts_with("posts ") {
            return self.post(no, p, r);
        }
        if r.starts_with("raises ") && find(r, "to ").is_none() {
            return Err(ParseError::malformed(no, "raise without a total"));
        }
        let Some(verb) = DIALECT.parse(r, |t| self.money(t, no), no)? else {
            return self.own_verb(no, p, r);
        };
        match verb {
            Verb::Fold { .. } | Verb::Check | Verb::Call { .. } => {
                self.betting.apply(&mut self.b, p, &verb);
            }
            Verb::Bet { amount, all_in } => self.bet(p, amount, all_in),
            Verb::Raise { raise, all_in } => match raise {
                Raise::To(to) => self.raise_to(p, to, all_in),
                Raise::Adds(_) => return Err(ParseError::malformed(no, "raise without a total")),
            },
            Verb::BringIn { amount, all_in } => self.bring_in(p, amount, all_in),
            Verb::StandPat { cards } => self.stand_pat(p, cards),
            Verb::Discard { count, cards } => self.discard(p, count, cards),
            Verb::Show { cards } => {
                if let Some(cards) = cards.and_then(cards_of) {
                    self.show(p, &cards);
                }
            }
            Verb::Muck => self.b.hand_mut().players[p].mucked = true,
            Verb::SitOut => {
                let acted = self.b.hand().actions.iter().any(|a| a.player == p);
                if !acted {
                    self.b.hand_mut().players[p].sitting_out = true;
                }
            }
            // Winamax prints no "completes": its completions are raises.
            Verb::Complete { .. } | Verb::Post { .. } => {}
        }
        Ok(())
    }

    /// Winamax's own verbs: "collected", and the other spellings of bring-ins and discards.
    fn own_verb(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(x) = r
            .strip_prefix("bring-in ")
            .or_else(|| r.strip_prefix("brings-in "))
        {
            let (amt, all_in) = verbs::amount_tail(x);
            let amount = self.money(amt, no)?;
            self.bring_in(p, amount, all_in);
        } else if let Some(x) = r.strip_prefix("discard ") {
            let (count, _) = text::leading_digits(x);
            let count = u8::try_from(count)
                .map_err(|_| ParseError::malformed(no, "unreadable discard count"))?;
            self.discard(p, count, groups(x).next());
        } else if let Some(x) = r.strip_prefix("collected ") {
            self.collected(no, p, x)?;
        }
        // "denies SB", chat...: nothing to record.
        Ok(())
    }

    /// "bets X": before the flop, where old tournaments print raises so, a raise by X.
    fn bet(&mut self, p: PlayerIdx, amount: Money, all_in: bool) {
        Betting::begin_betting(&mut self.b);
        if self.b.street() == 0 && self.b.street_max() > 0 {
            if self.base == Base::Stud && !self.completed {
                let to = self.b.street_max().saturating_add(amount);
                self.b.complete_to(p, to, all_in);
                self.completed = true;
            } else {
                self.b.raise_by(p, amount, all_in);
            }
        } else {
            self.b.bet(p, amount, all_in);
        }
    }

    /// "raises X to Y". Before the cards, a player posting both blinds at once (or a
    /// straddle); in stud, the bring-in player's total is printed without his bring-in.
    fn raise_to(&mut self, p: PlayerIdx, mut to: Money, all_in: bool) {
        if self.b.street() < 0 {
            let g = &self.b.hand().game;
            let kind = if to <= g.small_blind.saturating_add(g.big_blind) {
                ActionKind::BothBlinds
            } else {
                ActionKind::Straddle
            };
            self.b.post(p, kind, to, all_in);
            return;
        }
        if self.base == Base::Stud && self.b.street() == 0 {
            if let Some((bp, amount)) = self.bring_in {
                if bp == p {
                    to = to.saturating_add(amount);
                }
            }
            if !self.completed {
                self.completed = true;
                self.b.complete_to(p, to, all_in);
                return;
            }
        }
        self.b.raise_to(p, to, all_in);
    }

    fn bring_in(&mut self, p: PlayerIdx, amount: Money, all_in: bool) {
        Betting::begin_betting(&mut self.b);
        self.b.bring_in(p, amount, all_in);
        self.bring_in = Some((p, amount));
    }

    /// "stands pat [cards]": the hand after the draw is the hand shown, or the one before.
    fn stand_pat(&mut self, p: PlayerIdx, cards: Option<&str>) {
        let cards = cards.and_then(cards_of).unwrap_or_default();
        self.b.stand_pat(p);
        let size = self.b.hand().game.category.hand_size();
        let street = self.b.street();
        let now = if cards.len() == size {
            cards
        } else {
            self.hand_before(p, street)
        };
        self.set_draw(p, street, now);
    }

    /// "discards N [cards]".
    fn discard(&mut self, p: PlayerIdx, count: u8, cards: Option<&str>) {
        let thrown = cards.and_then(cards_of).unwrap_or_default();
        self.b.discard(p, count, thrown);
        let size = self.b.hand().game.category.hand_size();
        let street = self.b.street();
        // Which cards were kept is not printed: the hand after the draw is unknown until the
        // room shows it.
        let now = if count == 0 {
            self.hand_before(p, street)
        } else {
            vec![Card::UNKNOWN; size]
        };
        self.set_draw(p, street, now);
    }

    /// "collected 8.20€ from pot", "from side pot 1", "from main pot", "from pot (HI)" (after
    /// "collected ").
    fn collected(&mut self, no: u32, p: PlayerIdx, x: &str) -> LineResult {
        let (amt, from) = split2(x, " from ").unwrap_or((x, "pot"));
        let amount = self.money(amt, no)?;
        let pot = match from.trim().strip_prefix("side pot") {
            Some(n) => {
                let (v, _) = text::leading_digits(n.trim_start());
                u8::try_from(v).unwrap_or(u8::MAX).max(1)
            }
            None => 0,
        };
        self.collected.push(Collection {
            player: p,
            amount,
            pot,
            board: 0,
        });
        Ok(())
    }

    /// The hand before the current draw (the deal or the previous draw).
    fn hand_before(&self, p: PlayerIdx, street: i8) -> Vec<Card> {
        let size = self.b.hand().game.category.hand_size();
        let pl = &self.b.hand().players[p];
        let round = street.max(1) as usize;
        let mut v = if round <= 1 {
            pl.cards.clone()
        } else {
            pl.draws.get(round - 2).cloned().unwrap_or_default()
        };
        v.resize(size, Card::UNKNOWN);
        v
    }

    /// "posts small blind 0.02€", "... out of position", "posts big blind 0€ out of position",
    /// "posts ante 5€", "posts dead blind 1€".
    /// "posts small blind 1€[ out of position][ and is all-in]", "posts ante 5", "posts dead
    /// blind 2€". A small blind out of position or after the first is dead, or both blinds
    /// when larger than the small blind; a post of nothing (the big blind of a player who
    /// posted both as his small blind) is no post.
    fn post(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let (r, printed_all_in) = match r.strip_suffix(" and is all-in") {
            Some(x) => (x, true),
            None => (r, false),
        };
        let (r, out_of_position) = match r.strip_suffix(" out of position") {
            Some(x) => (x, true),
            None => (r, false),
        };
        let Some(Verb::Post {
            kind,
            amount,
            all_in,
        }) = DIALECT.parse(r, |t| self.money(t, no), no)?
        else {
            return Err(ParseError::malformed(no, "unknown kind of post"));
        };
        if amount == 0 {
            return Ok(());
        }
        let kind = match kind {
            ActionKind::SmallBlind if out_of_position || self.sb_posted => {
                if amount > self.b.hand().game.small_blind {
                    ActionKind::BothBlinds
                } else {
                    ActionKind::DeadSmallBlind
                }
            }
            k => k,
        };
        if kind == ActionKind::SmallBlind {
            self.sb_posted = true;
        }
        self.b.post(p, kind, amount, all_in || printed_all_in);
        Ok(())
    }

    /// Cards a player showed: in dealing order for stud, the final hand for draw games.
    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        self.b.hand_mut().players[p].shown = true;
        self.reveal(p, cards);
    }

    fn reveal(&mut self, p: PlayerIdx, cards: &[Card]) {
        if !cards.iter().any(|c| c.is_known()) {
            return;
        }
        match self.base {
            Base::Hold => self.b.set_cards(p, cards),
            Base::Stud => self.b.set_stud_cards(p, 0, cards),
            Base::Draw => {
                let pl = &mut self.b.hand_mut().players[p];
                let target = match pl.draws.last_mut() {
                    Some(last) => last,
                    None => &mut pl.cards,
                };
                *target = cards.to_vec();
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some(r) = line.strip_prefix("Total pot ") {
            // "Total pot 298€ | Rake 2€", "Total pot 6€ | No rake", "... | Rake 1€ | Jackpot 1€".
            self.pot_line = no;
            let mut rake = 0 as Money;
            for part in r.split(" | ").skip(1) {
                let part = part.trim();
                if part.eq_ignore_ascii_case("No rake") {
                    continue;
                }
                if let Some((_, amt)) = part.rsplit_once(' ') {
                    rake = rake.saturating_add(self.money(amt, no)?);
                }
            }
            self.rake = Some(rake);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board: ") {
            self.summary_board = groups(r).next().and_then(cards_of);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.summary_seat(no, r);
        }
        Ok(())
    }

    /// "Seat 5: Player3 (button) showed [..] and won 471.48€ with ...", "Seat 4: NAME won 6€".
    fn summary_seat(&mut self, no: u32, r: &str) -> LineResult {
        let (_, n) = text::leading_digits(r);
        let Some(rest) = r[n..].strip_prefix(": ") else {
            return Ok(());
        };
        let Some((p, text)) = self.player_prefix(rest) else {
            return Ok(());
        };
        let mut t = text.trim_start();
        while t.starts_with('(') {
            match t.find(')') {
                Some(i) => t = t[i + 1..].trim_start(),
                None => break,
            }
        }
        if let Some(x) = t.strip_prefix("showed ") {
            if let Some(cards) = groups(x).next().and_then(cards_of) {
                self.show(p, &cards);
            }
        }
        let won = find(t, "won ").map(|i| &t[i + 4..]);
        if let Some(x) = won {
            let amt = x.split(' ').next().unwrap_or("");
            let amount = self.money(amt, no)?;
            self.summary_won.push(Collection {
                player: p,
                amount,
                pot: 0,
                board: 0,
            });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn finish(mut self, last_line: u32) -> Result<Hand, ParseError> {
        if !self.summary_seen {
            return Err(ParseError::before_summary(last_line));
        }
        if self.b.hand().players.is_empty() {
            return Err(ParseError::malformed(
                self.header_line,
                "the hand has no seat lines",
            ));
        }
        if self.base == Base::Hold {
            let board = self
                .summary_board
                .take()
                .unwrap_or_else(|| std::mem::take(&mut self.board));
            if !board.is_empty() {
                self.b.hand_mut().boards = vec![board];
            }
        }
        let collections = if self.collected.is_empty() {
            std::mem::take(&mut self.summary_won)
        } else {
            std::mem::take(&mut self.collected)
        };
        let mut policy = PotPolicy::new(self.scale, self.pot_line);
        policy.rake = self.rake;
        policy.added = self.added;
        policy.uncalled = Uncalled::InCollections;
        // Each rounded half chip, and each collection printed rounded, can be a chip off.
        if self.rounded > 0 {
            policy.tolerance = self.rounded.saturating_add(collections.len() as Money);
        }
        self.b.hand_mut().collections = collections;
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_numbers_are_packed_without_collisions() {
        assert_eq!(
            hand_number("9250793-388-1478989461"),
            Ok(92_507_930_000_388)
        );
        assert_eq!(hand_number("1-23-1"), Ok(10_000_023));
        assert_eq!(hand_number("12-3-1"), Ok(120_000_003));
        // Tournament: A = 27536269 * 2^32 + 1.
        assert_eq!(
            hand_number("118267374808858625-31-1343075816"),
            Ok(1_000_000_000_000_000_000 + 27_536_269 * 1_000_000_000 + 10_000 + 31)
        );
        assert_eq!(
            hand_number("2357799155578961958-128-1653325811"),
            Ok(1_000_000_000_000_000_000 + 548_967_895 * 1_000_000_000 + 38 * 10_000 + 128)
        );
        assert_eq!(
            hand_number("1-99999999-1").unwrap_err().0,
            ErrorKind::OutOfRange
        );
        assert_eq!(
            hand_number("99999999999999999999999-1-1").unwrap_err().0,
            ErrorKind::OutOfRange
        );
        assert_eq!(hand_number("12-x-1").unwrap_err().0, ErrorKind::Malformed);
        assert_eq!(hand_number("12-3").unwrap_err().0, ErrorKind::Malformed);
        assert_eq!(hand_number("").unwrap_err().0, ErrorKind::Malformed);
    }

    #[test]
    fn headers() {
        let (h, id) = parse_header(
            "Winamax Poker - Tournament \"Super Freeroll Stade 1 - Déglingos !\" buyIn: Ticket only level: 0 - HandId: #113531237062148097-1-1341239921 - Holdem no limit (10/20) - 2012/07/02 14:38:41 UTC",
        )
        .unwrap();
        assert_eq!(id, "113531237062148097-1-1341239921");
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));
        let t = h.tournament.unwrap();
        assert_eq!(t.currency, "FREE");
        assert_eq!(t.level.as_deref(), Some("0"));
        let (h, _) = parse_header(
            "Winamax Poker - Tournament \"TEA TIME\" buyIn: 18€ + 2€ level: 11 - HandId: #2357799155578961958-128-1653325811 - Holdem no limit (140/600/1200) - 2022/05/23 17:10:11 UTC",
        )
        .unwrap();
        assert_eq!(
            (h.game.ante, h.game.small_blind, h.game.big_blind),
            (140, 600, 1200)
        );
        let t = h.tournament.unwrap();
        assert_eq!((t.buyin, t.fee, t.currency.as_str()), (1800, 200, "EUR"));
        let (h, _) = parse_header(
            "Winamax Poker - CashGame - HandId: #9250793-1578-1479092164 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/14 02:56:04 UTC",
        )
        .unwrap();
        assert_eq!(h.game.category, Category::StudHi);
        assert_eq!(
            (h.game.ante, h.game.small_blind, h.game.big_blind),
            (500, 0, 2500)
        );
        assert_eq!(h.game.big_bet, 5000);
        assert_eq!(h.start_time.to_rfc3339(), "2016-11-14T02:56:04+00:00");
        let (h, _) = parse_header(
            "Winamax Poker - CashGame - HandId: #2769259-665-1335035306 - Holdem fixed limit (0.05€/0.10€) - 2012/04/21 21:08:26 UTC",
        )
        .unwrap();
        assert_eq!((h.game.small_blind, h.game.big_blind), (2, 5));
        let (h, _) = parse_header(
            "Winamax Poker - Go Fast \"Buzau\" - HandId: #9434802-28434-1490719852 - Holdem no limit (2€/4€) - 2017/03/28 16:50:52 UTC",
        )
        .unwrap();
        assert!(h.game.fast);
        assert_eq!(h.game.currency, "EUR");
        assert!(parse_header("Winamax Poker - CashGame - HandId: #1-2-3 - Pineapple no limit (1/2) - 2017/03/28 16:50:52 UTC").is_err());
    }

    #[test]
    fn detection() {
        let w = Winamax;
        assert!(w.is_hand_start("Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC"));
        assert!(!w.is_hand_start("Winamax Poker - Tournament summary : Expresso(193493816)"));
        assert!(!w.is_hand_start(
            "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2010/01/01 1:00:00 ET"
        ));
        assert!(!w.is_hand_start("Seat 1: Winamax Poker - (5€)"));
    }
}

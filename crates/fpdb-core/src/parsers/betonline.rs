//! BetOnline hand histories, and the skins of its network that write the same text
//! (ActionPoker.com, Gear Poker): all stored under the site name `BetOnline`, since the skins
//! share the network's hand counter.
//!
//! The format is PokerStars-like: a `BetOnline Poker Game #<id>: ...` header, a `Table '...'`
//! line, seat lines (seats are numbered from **0**), `NAME: verb` actions read by the shared
//! [`verbs`], `*** STREET ***` markers and a summary that lists every player dealt in. One pass
//! over the lines, no regular expressions; names are matched against the seat list, longest
//! first. Money goes through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers
//!
//! The id is digits (`#1606125823`): `site_hand_no` is that number, `site_hand_id` the digits as
//! printed. The skins print ids from the same counter.
//!
//! # What the format prints, line by line
//!
//! - Header: `BetOnline Poker Game #N: Hold'em No Limit ($0.25/0.50) - 2016/05/04 10:36:39
//!   Eastern Daylight Time`; tournaments `... Game #N: Tournament #T: Hold'em $40.00/$80.00 - ...`;
//!   the 2012 skins `ActionPoker.com Game #N: Hold'em - 2012-04-03 02:10:06` (no limit, read as
//!   no limit, no stakes: the blinds come from the posts, no zone: US Eastern). Zones: Windows
//!   names (`Eastern Daylight Time`, `GMT Standard Time` = UK time) or abbreviations (`EDT`).
//! - BetOnline labels its omaha tables `Hold'em Pot Limit`: a hand whose players hold four (five)
//!   cards is omaha (5-card omaha), hi/lo when the table's name says `Hi/Lo`.
//! - `Table 'NAME' 10-Max, Seat #0 is the button`, or `Table NAME (Real Money|Play Money) Seat #2
//!   is the button` (the skins; play money tables are currency `play`).
//! - Seat lines `Seat 3: NAME (82.96 in chips)[ - Small Blind| - Big Blind| - The button| -
//!   Sitting out]`; `in Chips` in the skins.
//! - Actions: the shared verbs; `ante processed X` is an ante (0.00 is none), `post now X` a big
//!   blind posted out of turn (live), `post dead X` a dead post. The skins capitalise and end
//!   with a dot (`Raises 1000.00 and is All In.`); `and is all in` is all-in.
//! - `NAME shows Ah Kd` (no brackets), `Dealt to NAME [..]` / `Dealt To NAME [4C QC]`, `Uncalled
//!   bet (X) returned to NAME`, chat (`NAME said "..."`), seat changes (`has left the table`,
//!   `joins the table at seat #N`), `Joined table during game...`: the last three carry nothing.
//! - Money: `Total pot X | Rake Y` is printed once per pot: lines before the summary for the side
//!   pots awarded first, one in the summary (sometimes printed twice, the repetition ignored).
//!   The totals are after the rake, which each line repeats: the hand's pot is Σ totals + rake.
//!   Winnings are the summary's `collected (X)` / `won (X)` (0.00 collections are dropped).
//!   Older hands print no `Uncalled bet` line and leave it out of the totals
//!   ([`Uncalled::FromPrintedPot`]).
//! - The skins' summary shows the best five cards (`showed [10S 6D 6C 10C KC ] and won`): the
//!   cards not on the board are the player's, the others unknown.
//!
//! Cash tables are in cents (USD). Tournaments are in chips (`T$`; buy-in not printed, so 0 in
//! USD); BetOnline prints tournament chips with cents (`4941.25 in chips`): stacks are rounded
//! down to whole chips, an action amount with a fraction of a chip is refused.
//!
//! Refused: an action by a name that is not seated (`Unknown player: raises ...`), two players
//! in one seat, a hand whose summary does not name every pot's winner (the money does not add
//! up), a hand cut before or inside its summary.

use chrono::{DateTime, NaiveDateTime, Utc};
use chrono_tz::Tz;

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, find, groups, rfind, rsplit2, split2, HandLines};
use crate::parsers::verbs::{Betting, Dialect, Rules, Verb};
use crate::pot::{self, PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The BetOnline format (BetOnline and the skins of its network).
#[derive(Debug)]
pub struct BetOnline;
room!(BetOnline, SITE, b"BAG", is_header, parse_chunk);

/// Whether `line` is the first line of a hand.
fn is_header(line: &str) -> bool {
    header_id(line).is_some()
}

const SITE: &str = "BetOnline";

/// The names the network's rooms print before the hand number.
const SKINS: &[&str] = &[
    "BetOnline Poker Game #",
    "ActionPoker.com Game #",
    "Gear Poker Game #",
];

/// BetOnline's words for the posts ("posts small blind 0.25"; its own "ante processed", "post
/// now" and "post dead" are read before the verbs).
const DIALECT: Dialect = Dialect {
    posts: &[
        ("small blind ", ActionKind::SmallBlind),
        ("big blind ", ActionKind::BigBlind),
        ("the ante ", ActionKind::Ante),
        ("ante ", ActionKind::Ante),
        ("dead small blind ", ActionKind::DeadSmallBlind),
    ],
};

/// A second small blind is dead; a big blind posted again (`post now`) is a late player's.
const RULES: Rules = Rules::NONE;

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "<skin> Game #<digits>:" at the start of `line`: the id and the text after the colon.
fn header_id(line: &str) -> Option<(&str, &str)> {
    text::numbered_header(line, SKINS)
}

/// Games as printed, longest first; BetOnline's omaha tables say "Hold'em" (see the module).
const GAMES: &[(&str, Category)] = &[
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha Hi-Lo", Category::OmahaHiLo),
    ("Omaha", Category::OmahaHi),
    ("Hold'em", Category::Holdem),
    ("Holdem", Category::Holdem),
];

const LIMITS: &[(&str, LimitType)] = &[
    ("No Limit", LimitType::NoLimit),
    ("Pot Limit", LimitType::PotLimit),
    ("Fixed Limit", LimitType::FixedLimit),
    ("Limit", LimitType::FixedLimit),
];

/// The zone of the label after the header's time: Windows names, abbreviations, none (US
/// Eastern, the skins).
fn zone_of(label: &str) -> Option<Tz> {
    match label {
        "" | "Eastern Daylight Time" | "Eastern Standard Time" => Some(time::EASTERN),
        "GMT Standard Time" | "GMT Daylight Time" => Some(chrono_tz::Europe::London),
        "Central Daylight Time" | "Central Standard Time" => Some(chrono_tz::America::Chicago),
        "Pacific Daylight Time" | "Pacific Standard Time" => Some(chrono_tz::America::Los_Angeles),
        l => time::zone_of_label(l),
    }
}

/// What the header says.
struct Header {
    game: Game,
    scale: i64,
    start_time: DateTime<Utc>,
    tournament: Option<i64>,
    /// The header printed stakes (the skins print none: the blinds come from the posts).
    stakes: bool,
}

type HeaderError = (ErrorKind, &'static str);

/// Reads the header after "Game #<id>:".
fn parse_header(rest: &str) -> Result<Header, HeaderError> {
    let rest = rest.trim();
    let (body, when) =
        rsplit2(rest, " - ").ok_or((ErrorKind::Malformed, "header without a date"))?;
    let local: NaiveDateTime = time::parse_datetime(when)
        .ok_or((ErrorKind::Malformed, "unreadable date in the header"))?;
    let label = when.trim().splitn(3, ' ').nth(2).unwrap_or("").trim();
    let zone = zone_of(label).ok_or((ErrorKind::Unsupported, "a time zone fpdb does not read"))?;
    let start_time = time::local_to_utc(local, zone);
    let mut body = body.trim();
    let mut tournament = None;
    if let Some(t) = body.strip_prefix("Tournament #") {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        let no: i64 = t[..digits].parse().map_err(|_| {
            if digits == 0 {
                (ErrorKind::Malformed, "unreadable tournament number")
            } else {
                (
                    ErrorKind::OutOfRange,
                    "tournament number too large to store",
                )
            }
        })?;
        tournament = Some(no);
        body = t[digits..].trim_start_matches(':').trim_start();
    }
    let (category, after) = GAMES
        .iter()
        .find_map(|&(name, c)| body.strip_prefix(name).map(|r| (c, r.trim_start())))
        .ok_or((
            ErrorKind::Unsupported,
            "a BetOnline game fpdb does not read",
        ))?;
    let (limit_type, stakes) = match LIMITS
        .iter()
        .find_map(|&(name, l)| after.strip_prefix(name).map(|r| (l, r.trim())))
    {
        Some(x) => x,
        None => (LimitType::NoLimit, after.trim()),
    };
    let stakes = stakes.trim_start_matches('(').trim_end_matches(')');
    let (scale, currency) = match tournament {
        Some(_) => (CHIPS, "T$"),
        None => (CENTS, "USD"),
    };
    let (small_blind, big_blind) = if stakes.is_empty() {
        (0, 0)
    } else {
        let (s, b) = stakes
            .split_once('/')
            .ok_or((ErrorKind::Malformed, "unreadable stakes"))?;
        let m = |t: &str| money_of(t, scale, false).map_err(|k| (k, "unreadable stakes"));
        (m(s)?, m(b)?)
    };
    let kind = if tournament.is_some() {
        GameKind::Tour
    } else {
        GameKind::Ring
    };
    let game = Game::blinds(
        kind,
        category,
        limit_type,
        (small_blind, big_blind),
        currency,
    );
    Ok(Header {
        game,
        scale,
        start_time,
        tournament,
        stakes: !stakes.is_empty(),
    })
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount as BetOnline prints it ("0.25", "$40.00", "1,000.00"), times `scale`. Tournament
/// chips carry cents: a fraction of a chip is rounded down when `round` (stacks), else refused.
fn money_of(text: &str, scale: i64, round: bool) -> Result<Money, ErrorKind> {
    let t = text.trim().trim_end_matches('.');
    let t = t.strip_prefix('$').unwrap_or(t);
    let cents = text::parse_unsigned_amount(t, CENTS)?;
    if scale == CENTS {
        return Ok(cents);
    }
    if cents % 100 != 0 && !round {
        return Err(ErrorKind::Malformed);
    }
    Ok(cents / 100)
}

/// [`money_of`] of an action's amount on line `no`, its error told.
fn money_at(text: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    money_of(text, scale, false).map_err(|kind| {
        if kind == ErrorKind::Malformed && scale == CHIPS {
            ParseError::malformed(no, "unreadable amount, or a fraction of a tournament chip")
        } else {
            text::amount_error(kind, no)
        }
    })
}

/// The cards of a bracket group or of a bare list ("Ah Kd", "10S 6D"); `None` when a token is
/// not a card.
fn cards_of(group: &str) -> Option<Vec<Card>> {
    text::card_list(group, false, 8)
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

/// Parses one chunk (a hand) of BetOnline text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (id, rest) = header_id(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not a BetOnline hand header"))?;
        let no = text::hand_number(id, first_no, first)?;
        let header = parse_header(rest)
            .map_err(|(kind, msg)| ParseError::new(kind, first_no, msg).with_hand_no(Some(no)))?;
        Ok((Parser::new(header, no, id, first_no), no))
    })
}

#[derive(Debug, Clone, Copy, Default)]
struct PlayerState {
    /// Left the table during the hand: the summary may not list him.
    left: bool,
    /// Listed in the summary.
    summarised: bool,
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    phase: Phase,
    header_line: u32,
    stakes: bool,
    betting: Betting,
    state: Vec<PlayerState>,
    hero: Option<PlayerIdx>,
    board: Vec<Card>,
    summary_board: Vec<Card>,
    /// The summary's "won (X)" / "collected (X)" amounts.
    won: Vec<Collection>,
    /// The "Total pot" lines (after the rake): one per pot, before and in the summary.
    totals: Vec<Money>,
    /// The last "Total pot" line, to tell a repetition from another pot.
    last_total: Option<(Money, Option<Money>)>,
    /// The summary printed its "Total pot".
    summary_total: bool,
    total_line: Option<u32>,
    /// Cards shown as the best five (the skins' summary), read once the board is known.
    best_five: Vec<(PlayerIdx, Vec<Card>)>,
    /// The game's category was settled by the first cards seen.
    category_known: bool,
    summary_seen: bool,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> LineResult {
        self.read(no, line)
    }

    fn finish(self, last_line: u32) -> Result<Hand, ParseError> {
        self.end(last_line)
    }
}

impl Parser {
    fn new(h: Header, no: i64, id: &str, header_line: u32) -> Parser {
        let mut b = HandBuilder::new(SITE, no, id, h.game, h.start_time);
        b.hand_mut().tournament = h.tournament.map(|no| Tournament {
            tourney_no: no,
            buyin: 0,
            fee: 0,
            bounty: 0,
            currency: "USD".to_string(),
            level: None,
            table_no: None,
            rebuy: false,
            results: Vec::new(),
        });
        Parser {
            b,
            scale: h.scale,
            phase: Phase::Seats,
            header_line,
            stakes: h.stakes,
            betting: Betting::new(RULES),
            state: Vec::with_capacity(10),
            hero: None,
            board: Vec::new(),
            summary_board: Vec::new(),
            won: Vec::new(),
            totals: Vec::new(),
            last_total: None,
            summary_total: false,
            total_line: None,
            best_five: Vec::new(),
            category_known: false,
            summary_seen: false,
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        money_at(text, self.scale, no)
    }

    /// The seated player whose name starts `line`, followed by `:` or a space (longest name
    /// first); his index and the text after the name.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let sep = |c| matches!(c, b':' | b' ');
        text::name_prefix(&self.b.hand().players, line, sep, true).map(|(i, n)| (i, &line[n..]))
    }

    fn read(&mut self, no: u32, line: &str) -> LineResult {
        if self.phase == Phase::Summary {
            return self.summary_line(no, line);
        }
        if line.starts_with("*** ") {
            return self.street(line);
        }
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Table ") {
                self.table(r);
                return Ok(());
            }
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            self.phase = Phase::Body;
        }
        if let Some(r) = line
            .strip_prefix("Dealt to ")
            .or_else(|| line.strip_prefix("Dealt To "))
        {
            return self.dealt(no, r);
        }
        if let Some(r) = line.strip_prefix("Uncalled bet (") {
            let (scale, b) = (self.scale, &mut self.b);
            return b.uncalled_line(r, no, |t| money_at(t, scale, no));
        }
        if let Some(r) = line
            .strip_prefix("Total pot ")
            .or_else(|| line.strip_prefix("Total Pot "))
        {
            // A side pot awarded before the summary.
            return self.total_line(no, r);
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            if let Some(r) = rest.strip_prefix(": ") {
                return self.action(no, p, r);
            }
            return self.player_event(no, p, rest.trim_start());
        }
        self.other_line(no, line)
    }

    /// A line that names no seated player: an action by someone not in the seat list is an
    /// error; anything else (chat, a newcomer joining, "Joined table during game") carries
    /// nothing.
    fn other_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some((_, verb)) = split2(line, ": ") {
            const ACTIONS: &[&str] = &[
                "folds", "Folds", "checks", "Checks", "calls ", "Calls ", "bets ", "Bets ",
                "raises ", "Raises ", "posts ", "Posts ", "post ", "ante ",
            ];
            if ACTIONS.iter().any(|a| verb.starts_with(a)) {
                return Err(ParseError::unknown_actor(no));
            }
        }
        Ok(())
    }

    /// "Table 'Blade Runner' 10-Max, Seat #0 is the button", "Table The Green Mile (Real Money)
    /// Seat #2 is the button" (after "Table ").
    fn table(&mut self, r: &str) {
        let (name, rest) = match (r.find('\''), r.rfind('\'')) {
            (Some(a), Some(z)) if z > a => (&r[a + 1..z], &r[z + 1..]),
            _ => {
                let end = find(r, " (")
                    .or_else(|| find(r, " Seat #"))
                    .unwrap_or(r.len());
                (r[..end].trim(), &r[end..])
            }
        };
        if find(rest, "(Play Money)").is_some() {
            self.b.hand_mut().game.currency = "play".to_string();
            self.scale = CHIPS;
        }
        let hand = self.b.hand_mut();
        hand.table_name = name.to_string();
        if let Some(i) = find(rest, "-Max").or_else(|| find(rest, "-max")) {
            let digits = rest.as_bytes()[..i]
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_digit())
                .count();
            hand.max_seats = rest[i - digits..i].parse().ok();
        }
        if let Some(i) = find(rest, "Seat #") {
            hand.button_seat = text::leading_number(&rest[i + 6..]);
        }
    }

    /// "Seat 3: NAME (82.96 in chips)[ - Small Blind| - Sitting out]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let rest = r[digits..].strip_prefix(": ").ok_or_else(unreadable)?;
        let chips = find(rest, " in chips)")
            .or_else(|| find(rest, " in Chips)"))
            .ok_or_else(unreadable)?;
        let seat: u8 = r[..digits]
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let open = rfind(&rest[..chips], " (").ok_or_else(unreadable)?;
        let name = &rest[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = money_of(&rest[open + 2..chips], self.scale, true)
            .map_err(|k| text::amount_error(k, no))?;
        let after = &rest[chips + " in chips)".len()..];
        let sitting_out = find(after, "Sitting out").is_some();
        self.b.seat_player(no, seat, name, stack, sitting_out)?;
        self.state.push(PlayerState::default());
        Ok(())
    }

    /// "*** HOLE CARDS ***", "*** FLOP *** [..]", "*** TURN *** [..][..]", "*** SHOW DOWN
    /// ***", "*** SUMMARY ***".
    fn street(&mut self, line: &str) -> LineResult {
        let r = &line[4..];
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let name = &r[..end];
        self.phase = Phase::Body;
        let street: i8 = match name {
            "SUMMARY" => {
                self.phase = Phase::Summary;
                self.summary_seen = true;
                return Ok(());
            }
            "HOLE CARDS" => 0,
            "FLOP" => 1,
            "TURN" => 2,
            "RIVER" => 3,
            _ => return Ok(()), // "SHOW DOWN"
        };
        if street > self.b.street() {
            self.b.set_street(street);
        }
        let mut board = Vec::with_capacity(5);
        for g in groups(&r[end + 4..]) {
            if let Some(c) = cards_of(g) {
                board.extend(c);
            }
        }
        if board.len() > self.board.len() {
            self.board = board;
        }
        Ok(())
    }

    /// The category once a player's cards are seen: "Hold'em" tables dealing four or five
    /// cards are omaha (see the module).
    fn settle_category(&mut self, count: usize) {
        if self.category_known {
            return;
        }
        self.category_known = true;
        let hand = self.b.hand_mut();
        if hand.game.category != Category::Holdem || count <= 2 {
            return;
        }
        let hilo =
            find(&hand.table_name, "Hi/Lo").is_some() || find(&hand.table_name, "Hi-Lo").is_some();
        let c = match (count, hilo) {
            (4, false) => Category::OmahaHi,
            (4, true) => Category::OmahaHiLo,
            (5, false) => Category::Omaha5Hi,
            (5, true) => Category::Omaha5HiLo,
            _ => return,
        };
        hand.game.category = c;
        hand.game.hi_lo = c.hilo();
    }

    /// "Dealt to NAME [cards]", "Dealt to NAME []" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> LineResult {
        let Some(open) = rfind(r, " [") else {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        };
        let Some(p) = self.b.player(&r[..open]) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let g = groups(&r[open..]).next().unwrap_or("");
        let cards = cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
        if cards.iter().any(|c| c.is_known()) {
            self.settle_category(cards.len());
            self.hero.get_or_insert(p);
            self.b.set_cards(p, &cards);
        }
        Ok(())
    }

    /// "NAME: verb ..." (after "NAME: "): BetOnline's own posts, then the shared verbs, the
    /// skins' capitals and final dots read as the lower-case words.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let own: Option<(ActionKind, &str)> = if let Some(a) = r.strip_prefix("ante processed ") {
            Some((ActionKind::Ante, a))
        } else if let Some(a) = r.strip_prefix("post now ") {
            Some((ActionKind::BigBlind, a))
        } else if let Some(a) = r.strip_prefix("post dead ") {
            Some((ActionKind::DeadSmallBlind, a))
        } else {
            None
        };
        if let Some((kind, a)) = own {
            let amount = self.money(a, no)?;
            if amount > 0 {
                let verb = Verb::Post {
                    kind,
                    amount,
                    all_in: false,
                };
                self.betting.apply(&mut self.b, p, &verb);
            }
            return Ok(());
        }
        let normal;
        let mut r = r;
        if r.starts_with(|c: char| c.is_ascii_uppercase()) || r.ends_with(" all in") {
            normal = normalise(r);
            r = &normal;
        }
        let Some(verb) = DIALECT.parse(r, |t| self.money(t, no), no)? else {
            return Err(ParseError::malformed(no, "an action fpdb does not read"));
        };
        if let Verb::Post { amount: 0, .. } = verb {
            return Ok(());
        }
        if self.betting.apply(&mut self.b, p, &verb) {
            return Ok(());
        }
        match verb {
            Verb::Show { cards: Some(g) } => {
                let cards =
                    cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
                self.show(p, &cards);
            }
            Verb::Muck => self.b.hand_mut().players[p].mucked = true,
            Verb::SitOut => self.b.hand_mut().players[p].sitting_out = true,
            _ => {}
        }
        Ok(())
    }

    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        self.settle_category(cards.len());
        self.b.hand_mut().players[p].shown = true;
        self.b.reveal(p, cards);
    }

    /// "NAME shows Ah Kd", "NAME has left the table", "NAME said ...", "NAME joins the table".
    fn player_event(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(c) = r.strip_prefix("shows ") {
            let c = c.trim_start_matches('[').trim_end_matches(']');
            let cards = cards_of(c).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            self.show(p, &cards);
        } else if r.starts_with("has left the table") {
            self.state[p].left = true;
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some(r) = line.strip_prefix("Seat ") {
            // The skins sometimes print two players' lines on one: "Seat 8: A (Small Blind)
            // Seat 9: B (Button)".
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
        if let Some(r) = line
            .strip_prefix("Total pot ")
            .or_else(|| line.strip_prefix("Total Pot "))
        {
            self.total_line(no, r)?;
            self.total_line.get_or_insert(no);
            self.summary_total = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board ") {
            if let Some(c) = groups(r).next().and_then(cards_of) {
                self.summary_board = c;
            }
            return Ok(());
        }
        // "NAME has left the table" in the summary: the summary need not list him.
        if let Some((p, rest)) = self.player_prefix(line) {
            if rest.trim_start().starts_with("has left the table") {
                self.state[p].left = true;
            }
        }
        // Chat and seat changes after the summary carry nothing.
        Ok(())
    }

    /// A "Total pot" line (after "Total pot "): one pot's total, unless it repeats the line
    /// before it.
    fn total_line(&mut self, no: u32, r: &str) -> LineResult {
        let pot = self.pot_line(no, r)?;
        if self.last_total != Some(pot) {
            self.last_total = Some(pot);
            self.totals.push(pot.0);
        }
        Ok(())
    }

    /// "0.29 | Rake 0.04", "110.00" (after "Total pot "): the total and the rake.
    fn pot_line(&mut self, no: u32, r: &str) -> Result<(Money, Option<Money>), ParseError> {
        let (total, rake) = match split2(r, " | Rake ") {
            Some((t, k)) => (t, Some(k)),
            None => (r, None),
        };
        let total = self.money(total, no)?;
        let rake = rake.map(|k| self.money(k, no)).transpose()?;
        Ok((total, rake))
    }

    /// "Seat 2: NAME (Big Blind)  showed [..] and won (5.00)", "... collected (0.95)", "...
    /// folded before Flop", "... Is Sitting Out" (after "Seat ").
    fn summary_seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let Some(rest) = r[digits..].strip_prefix(": ") else {
            return Err(ParseError::malformed(no, "unreadable summary line"));
        };
        let seat: Option<u8> = r[..digits].parse().ok();
        let Some(p) = seat.and_then(|s| self.b.hand().players.iter().position(|pl| pl.seat == s))
        else {
            return Err(ParseError::malformed(
                no,
                "summary line of a seat nobody sits in",
            ));
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
        self.state[p].summarised = true;
        let mut t = text.trim_start();
        while t.starts_with('(') {
            match t.bytes().position(|b| b == b')') {
                Some(i) => t = t[i + 1..].trim_start(),
                None => break,
            }
        }
        if let Some(x) = t.strip_prefix("showed [") {
            let c = x
                .split(']')
                .next()
                .and_then(cards_of)
                .ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            let size = self.b.hand().game.category.hand_size();
            if c.len() > size && self.category_known {
                self.b.hand_mut().players[p].shown = true;
                self.best_five.push((p, c));
            } else {
                self.show(p, &c);
            }
        } else if t.starts_with("Is Sitting Out") {
            self.b.hand_mut().players[p].sitting_out = true;
        }
        for key in ["won (", "collected ("] {
            if let Some(i) = find(t, key) {
                let a = &t[i + key.len()..];
                let amt = a.split(')').next().unwrap_or("");
                let amount = self.money(amt, no)?;
                if amount > 0 {
                    self.won.push(Collection {
                        player: p,
                        amount,
                        pot: 0,
                        board: 0,
                    });
                }
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        if !self.summary_seen {
            return Err(ParseError::before_summary(last_line));
        }
        if self.b.hand().players.is_empty() {
            return Err(ParseError::malformed(
                self.header_line,
                "the hand has no seat lines",
            ));
        }
        if !self.summary_total {
            return Err(ParseError::cut_in_summary(last_line, "no total pot"));
        }
        // The summary lists every player dealt in who did not leave: a missing one means the
        // text was cut inside the summary.
        let hand = self.b.hand();
        if let Some(pl) = hand
            .players
            .iter()
            .zip(&self.state)
            .find(|(pl, s)| !pl.sitting_out && !s.left && !s.summarised)
            .map(|(pl, _)| pl)
        {
            return Err(ParseError::cut_in_summary(
                last_line,
                &format!("no line for seat {}", pl.seat),
            ));
        }
        self.finish_cards();
        self.finish_players();
        self.finish_money(last_line)?;
        Ok(self.b.finish())
    }

    fn finish_cards(&mut self) {
        let board = if self.board.len() >= self.summary_board.len() {
            std::mem::take(&mut self.board)
        } else {
            std::mem::take(&mut self.summary_board)
        };
        for (p, five) in std::mem::take(&mut self.best_five) {
            let own: Vec<Card> = five.into_iter().filter(|c| !board.contains(c)).collect();
            self.b.reveal(p, &own);
        }
        if !board.is_empty() {
            self.b.hand_mut().boards = vec![board];
        }
    }

    fn finish_players(&mut self) {
        let hand = self.b.hand_mut();
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
        if let Some(a) = ante {
            hand.game.ante = a;
        }
        // The skins print no stakes, and tournament headers print the level's stakes before
        // the level's blinds change: the posts are the blinds.
        if !self.stakes || hand.game.kind == GameKind::Tour {
            if let Some(bb) = bb {
                hand.game.big_blind = bb;
                hand.game.small_bet = bb;
                hand.game.big_bet = bb.saturating_mul(2);
            }
            if let Some(sb) = sb {
                hand.game.small_blind = sb;
            }
        }
        hand.hero = self.hero;
        if let Some(t) = hand.tournament.as_mut() {
            // "7212650-102": the tournament's table 102.
            let name = std::mem::take(&mut hand.table_name);
            let table = name
                .strip_prefix(&t.tourney_no.to_string())
                .and_then(|r| r.strip_prefix('-'))
                .unwrap_or(&name)
                .to_string();
            hand.table_name = format!("{} {}", t.tourney_no, table);
            t.table_no = (!table.is_empty()).then_some(table);
        }
    }

    /// Collections, total pot and rake. The pots' totals are after the rake; the rake each
    /// line prints is not always the hand's (it repeats, or is 0.00 while the pots lack 0.05),
    /// so the rake is what the players put in and nobody collected. The winners must account
    /// for every pot printed. BetOnline's summary names the winner of one pot only: when it
    /// names a single winner (every other player "did not win"), the pots it leaves out are
    /// his too; with several winners a pot left out is refused, not read as rake.
    fn finish_money(&mut self, last_line: u32) -> LineResult {
        let line = self.total_line.unwrap_or(last_line);
        let pots = self
            .totals
            .iter()
            .fold(0, |a: Money, &t| a.saturating_add(t));
        let won = self
            .won
            .iter()
            .fold(0, |a: Money, c| a.saturating_add(c.amount));
        let single = self
            .won
            .first()
            .map(|c| c.player)
            .filter(|&p| self.won.iter().all(|c| c.player == p));
        if let (Some(p), true) = (single, pots > won) {
            self.won.push(Collection {
                player: p,
                amount: pots - won,
                pot: 1,
                board: 0,
            });
        } else if pots != won {
            return Err(ParseError::malformed(
                line,
                format!(
                    "the summary's winners take {} but its pots hold {}: a pot without a winner",
                    pot::show_money(won, self.scale),
                    pot::show_money(pots, self.scale)
                ),
            ));
        }
        let hand = self.b.hand_mut();
        hand.collections = std::mem::take(&mut self.won);
        let mut policy = PotPolicy::new(self.scale, line);
        policy.printed = PrintedPot::None;
        policy.rake = None;
        // Older hands print no "Uncalled bet" line: settle returns the bet nobody matched.
        policy.uncalled = Uncalled::Printed;
        self.b.settle(&policy)
    }
}

/// The skins' action words as BetOnline prints them: "Raises 1000.00 and is All In." →
/// "raises 1000.00 and is all-in".
fn normalise(r: &str) -> String {
    let r = r.trim_end_matches('.');
    let mut s = String::with_capacity(r.len() + 1);
    let mut chars = r.chars();
    if let Some(c) = chars.next() {
        s.push(c.to_ascii_lowercase());
    }
    s.push_str(chars.as_str());
    for tail in [" and is All In", " and is all in"] {
        if let Some(head) = s.strip_suffix(tail) {
            s = format!("{head} and is all-in");
            break;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&BetOnline));
        BetOnline.parse(&chunk)
    }

    const HAND: &str = "BetOnline Poker Game #1587461647: Tournament #7212650: Hold'em $40.00/$80.00 - 2016/03/21 17:09:38 Eastern Daylight Time
Table '7212650-102' 10-Max, Seat #8 is the button
Seat 9: Player0 (4941.25 in chips) - Small Blind
Seat 8: Player1 (2390.84 in chips) - The button
Seat 0: Player9 (1380.00 in chips) - Big Blind
Player0: ante processed 10.00
Player1: ante processed 10.00
Player9: ante processed 10.00
Player0: posts small blind 50.00
Player9: posts big blind 100.00
*** HOLE CARDS ***
Dealt to Player1 [Jh 9s]
Player1: calls 100.00
Player0: raises 250.00 to 300.00
Player9: folds
Player1: calls 200.00
*** FLOP *** [Qh 2h 3s]
Player0: bets 200.00
Player1: folds
Uncalled bet (200.00) returned to Player0
*** SUMMARY ***
Total pot 730.00
Board [Qh 2h 3s]
Seat 9: Player0 collected (730.00)
Seat 8: Player1 folded on the Flop
Seat 0: Player9 folded before Flop
";

    #[test]
    fn a_tournament_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "BetOnline");
        assert_eq!(
            (h.site_hand_no, h.site_hand_id.as_str()),
            (1_587_461_647, "1587461647")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2016-03-21T21:09:38+00:00");
        assert_eq!(h.table_name, "7212650 102");
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.table_no.as_deref()),
            (7_212_650, Some("102"))
        );
        let g = &h.game;
        assert_eq!((g.small_blind, g.big_blind, g.ante), (50, 100, 10));
        assert_eq!(g.currency, "T$");
        assert_eq!(h.players[0].stack, 4941);
        assert_eq!(h.players[2].seat, 0);
        assert_eq!((h.total_pot, h.rake), (730, 0));
        assert_eq!(h.hero, Some(1));
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn errors() {
        let fraction = HAND.replace("bets 200.00", "bets 200.50");
        let e = parse(&fraction).unwrap_err();
        assert!(e.message.contains("fraction"), "{e:?}");
        let stranger = HAND.replace("Player9: folds", "Unknown player: folds");
        assert_eq!(parse(&stranger).unwrap_err().line, 15);
        let zone = HAND.replace("Eastern Daylight Time", "Mars Time");
        assert_eq!(parse(&zone).unwrap_err().kind, ErrorKind::Unsupported);
    }

    #[test]
    fn skins_lines() {
        assert_eq!(
            normalise("Raises 1000.00 and is All In."),
            "raises 1000.00 and is all-in"
        );
        assert_eq!(normalise("Folds."), "folds");
        assert_eq!(
            text::next_seat("8: A (Small Blind) Seat 9: B (Button)"),
            Some(18)
        );
        assert_eq!(text::next_seat("8: Seat 9 (Button)"), None);
        assert!(header_id("Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36").is_some());
        assert!(header_id("BetOnline Poker Game #: Hold'em").is_none());
    }
}

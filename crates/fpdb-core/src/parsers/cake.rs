//! Cake Poker network hand histories (2011–2019): cash tables in dollars, euros (shown as
//! converted dollars) and play money, and tournaments, stored under the site name `Cake`.
//!
//! The format has no summary: a `Hand#ID - ...` header, seat lines, actions `NAME: verb`,
//! `*** STREET *** [cards]` markers, and for each pot a `***SHOW DOWN***` marker followed by its
//! awards (`NAME wins X`, no colon). One pass over the lines, no regular expressions; names are
//! matched against the seat list, longest first. The betting verbs are the shared
//! [`verbs`](crate::parsers::verbs) (with Cake's `posts ante of`); money goes through
//! [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers
//!
//! The id is 16 characters: `2589013774000145` (cash: a time counter, the table number and the
//! hand's number at the table, all decimal), `2930A7507F000252` (tournaments: the tournament
//! number in hexadecimal, `A7507F` = T10965119). The stored `site_hand_no` is
//!
//! - an id of decimal digits only: its decimal value (`2589013774000145`, as printed); at most
//!   16 digits (below 10^16);
//! - an id holding a letter `A`–`F`: its hexadecimal value (`0x2930A7507F000252` =
//!   2967491779009315410), which is at least 10^16 (14 hex digits or more) and fits a bigint
//!   (an id of 16 hex digits starting with 8–F does not, and is refused as out of range).
//!
//! The two ranges do not overlap, so the mapping is injective (as for every room, leading
//! zeros are the same number); `site_hand_id` keeps the id as printed.
//!
//! # What the format prints, line by line
//!
//! - A first line may start with a byte-order mark written twice (once as UTF-8 text:
//!   `ï»¿Hand#...`); it is passed over.
//! - Cash header: `Hand#ID - TABLE -- STAKES GAME -- DATE`: the table's name and number
//!   (`Melbourne (Turbo, 6-max) 11667`, its seats from `N-max`), stakes `$0.05/$0.10`,
//!   `$0,05/$0,10` (decimal commas), `€0.20/€0.41` (a euro table), `1/2` (play money, the table
//!   named `Play Money ...`); the game `NL|PL|FL Hold'em|Omaha|Omaha Hi/Lo|OmahaHiLo`. Fixed
//!   limit prints the bets: the blinds are half the small bet and the small bet.
//! - Tournament header: `Hand#ID - NAME T123 -- CASH|TICKET|TICKETCASH|FREEROLL -- $15 + $1.5
//!   -- 10 Max -- Table 5 -- ANTE/SB/BB GAME -- DATE`; the older header lacks the buy-in and
//!   seats parts (`NAME T123 -- Table 1 -- 0/10/20 NL Hold'em -- DATE`: buy-in 0). A negative
//!   ante (`-1/50/100`) means none. Chips have thousands separators (`2,820`, `2 477` with a
//!   non-breaking space).
//! - The date `2012/04/12 - 22:32:06` (also with `-` or `.` in the date), US Eastern time.
//! - `Dealer: Seat N`, or ` DEALER` after the dealer's seat line.
//! - `Seat N: NAME ($126,50 in chips)[ DEALER][  (EUR €43.38)]`.
//! - Posts: `NAME: posts small blind X`, `posts big blind X`, `posts ante of X`, and a
//!   returning player's `NAME:posts dead blind $-0,10 and big blind $0,10` (no space after the
//!   colon): the big blind live and the table's small blind dead (see below).
//! - `Dealt to NAME [9d,6d]` (cards separated by commas).
//! - `*** FLOP *** [8c,Kc,5h]`, `*** TURN *** [Kd]`, `*** RIVER *** [5d]`.
//! - Actions: `folds`, `checks`, `calls X`, `bets X`, `raises to X` (the new total), `is all in
//!   X` (the chips the player adds: a bet, raise or call by what it does to the street's
//!   highest total), `returns uncalled bet X`.
//! - `NAME: shows [7d Qh][ (description)]`; `NAME: mucks` (no cards: passed over, also after a
//!   fold); `NAME: mucks [9h,As] (TwoPair) .` (the loser's cards, printed after the award; the
//!   name may have its spaces printed as `_`).
//! - `***SHOW DOWN***`, then `NAME wins X[ with DESCRIPTION]`: what the player takes from that
//!   pot, after the rake; one `***SHOW DOWN***` per pot, side pots first and the main pot
//!   (stored as pot 0) last.
//! - Tournaments: `NAME finished 21 out of 66 players.` (the place), `NAME rebuys 3000 chips`
//!   (for the next hand), `Tournament: NAME wins 1 bounty. (1)` (ignored).
//! - `Player left the table`: a notice that some hands print instead of their award.
//! - Euro tables print each amount twice: `$0.25 (EUR €0.20)`. The network played in dollars
//!   and showed euro players the amounts converted and rounded to the cent; fpdb stores the
//!   euro amounts (the table's currency, its stakes as the header prints them), so the euro
//!   player's results are his account's; the rounding of each amount may leave the pot a cent
//!   or two from its awards, which goes to the largest award.
//! - Coin Flip tournaments (`Coin Flip T..`) deal one hand with every stack all in and print
//!   no posts: each player's stack is posted as an ante.
//!
//! Rake: not printed; it is what the awards leave of the pot. The dead blind is printed with a
//! minus sign and the big blind's amount; the players' money and the room's rake (one cent per
//! full 15 cents of the pot at every other cash table of the corpus) say that the player put in
//! the big blind and the table's small blind, which is how fpdb stores it ([`ActionKind::BothBlinds`]).
//!
//! Refused: an unknown line that could carry money or cards, an action of a kind fpdb does not
//! read or by a name with no seat, two players in one seat, an amount without its euro value at
//! a euro table, a hand without an award (cut short, or `Player left the table` instead of the
//! award) and a hand cut before every pot is awarded (the format has no end marker: a
//! tournament hand is finished when its awards are what the players put in, a cash hand when
//! they leave no more than a tenth of the pot as rake).

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, rfind, split2, HandLines};
use crate::parsers::verbs::{Betting, Dialect, Rules, Verb};
use crate::parsers::{room, sealswithclubs};
use crate::pot::{self, PotPolicy};
use crate::split::Chunk;
use crate::time;

/// The Cake format.
#[derive(Debug)]
pub struct Cake;
room!(Cake, SITE, b"H\xC3", |l| header(l).is_some(), parse_chunk);

const SITE: &str = "Cake";

/// A byte-order mark read as Windows-1252 and written again as UTF-8.
const TEXT_BOM: &str = "\u{ef}\u{bb}\u{bf}";

/// Cake's words for the kinds of post.
const CAKE: Dialect = Dialect {
    posts: &[
        ("small blind ", ActionKind::SmallBlind),
        ("big blind ", ActionKind::BigBlind),
        ("ante of ", ActionKind::Ante),
    ],
};

/// Decimal ids are below this; hexadecimal ones at or above it.
const DECIMAL_IDS: i64 = 10_000_000_000_000_000;

/// A cash hand's rake above this share of the pot (in percent) means awards are missing.
const MAX_RAKE_PERCENT: i64 = 10;

/// The euro figures of a euro table may each be a cent off: their sum this many cents.
const EURO_ROUNDING: Money = 3;

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "Hand#ID - REST": the id and the rest.
fn header(line: &str) -> Option<(&str, &str)> {
    let line = line.strip_prefix(TEXT_BOM).unwrap_or(line);
    let r = line.strip_prefix("Hand#")?;
    let n = r
        .bytes()
        .take_while(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(c))
        .count();
    let rest = r.get(n..)?.strip_prefix(" - ")?;
    (n > 0).then(|| (&r[..n], rest))
}

/// The stored hand number of an id (see the module).
fn hand_no(id: &str) -> Option<i64> {
    if id.bytes().all(|c| c.is_ascii_digit()) {
        return id.parse().ok().filter(|&v| v < DECIMAL_IDS);
    }
    i64::from_str_radix(id, 16)
        .ok()
        .filter(|&v| v >= DECIMAL_IDS)
}

/// "NL Hold'em", "PL Omaha", "FL Omaha Hi/Lo".
fn game_name(name: &str) -> Option<(LimitType, Category)> {
    let (limit, game) = name.split_once(' ')?;
    let limit = match limit {
        "NL" => LimitType::NoLimit,
        "PL" => LimitType::PotLimit,
        "FL" => LimitType::FixedLimit,
        _ => return None,
    };
    let category = match game {
        "Hold'em" => Category::Holdem,
        "Omaha" => Category::OmahaHi,
        "Omaha Hi/Lo" | "OmahaHiLo" => Category::OmahaHiLo,
        _ => return None,
    };
    Some((limit, category))
}

/// What the header says.
struct Head {
    game: Game,
    table: String,
    max_seats: Option<u8>,
    tournament: Option<Tournament>,
    /// Amounts are printed in dollars and euros; the euros are read.
    euro: bool,
    coin_flip: bool,
    when: String,
}

/// The header after "Hand#ID - ", or what is wrong with it.
fn parse_head(r: &str) -> Result<Head, (ErrorKind, &'static str)> {
    let unreadable = (ErrorKind::Malformed, "unreadable header");
    let parts: Vec<&str> = r.split(" -- ").collect();
    if parts.len() < 3 {
        return Err(unreadable);
    }
    let when = parts[parts.len() - 1].to_string();
    let (stakes, name) = parts[parts.len() - 2].split_once(' ').ok_or(unreadable)?;
    let (limit, category) =
        game_name(name).ok_or((ErrorKind::Unsupported, "a Cake game fpdb does not read"))?;
    let bad_stakes = (ErrorKind::Malformed, "unreadable stakes");
    let amounts: Vec<&str> = stakes.split('/').collect();
    if parts.len() == 3 {
        // Cash: "TABLE NO -- $0.05/$0.10 NL Hold'em -- DATE".
        let [x, y] = amounts[..] else {
            return Err(bad_stakes);
        };
        let (currency, scale) = match x.chars().next() {
            Some('$') => ("USD", CENTS),
            Some('€') => ("EUR", CENTS),
            _ => ("play", CHIPS),
        };
        let m = |t: &str| amount(t, scale).map_err(|_| bad_stakes);
        let (x, y) = (m(x)?, m(y)?);
        let blinds = if limit == LimitType::FixedLimit {
            (x / 2, x)
        } else {
            (x, y)
        };
        let mut game = Game::blinds(GameKind::Ring, category, limit, blinds, currency);
        if limit == LimitType::FixedLimit {
            game.big_bet = y;
        }
        let table = parts[0].to_string();
        let max_seats = table.split(['(', ')', ',', ' ']).find_map(|w| {
            let w = w.to_ascii_lowercase();
            w.strip_suffix("-max").and_then(|n| n.parse().ok())
        });
        return Ok(Head {
            game,
            table,
            max_seats,
            tournament: None,
            euro: currency == "EUR",
            coin_flip: false,
            when,
        });
    }
    // Tournament: "NAME T123 -- [TYPE -- BUYIN + FEE -- N Max -- ]Table N -- A/SB/BB GAME".
    let (name, no) = text::rsplit2(parts[0], " T").ok_or(unreadable)?;
    let tourney_no: i64 = no.parse().map_err(|_| unreadable)?;
    let table_no = parts[parts.len() - 3]
        .strip_prefix("Table ")
        .ok_or(unreadable)?
        .to_string();
    let [a, x, y] = amounts[..] else {
        return Err(bad_stakes);
    };
    let m = |t: &str| amount(t, CHIPS).map_err(|_| bad_stakes);
    let ante = match a.strip_prefix('-') {
        Some(n) if n.bytes().all(|c| c.is_ascii_digit()) => 0,
        _ => m(a)?,
    };
    let (x, y) = (m(x)?, m(y)?);
    let blinds = if limit == LimitType::FixedLimit {
        (x / 2, x)
    } else {
        (x, y)
    };
    let mut game = Game::blinds(GameKind::Tour, category, limit, blinds, "T$");
    game.ante = ante;
    if limit == LimitType::FixedLimit {
        game.big_bet = y;
    }
    let mut t = Tournament::unpriced(tourney_no, "USD", Some(table_no.clone()));
    let mut max_seats = None;
    match parts.len() {
        4 => {}
        7 => {
            let (buyin, fee) = parts[2].split_once(" + ").ok_or(unreadable)?;
            let money = |s: &str| amount(s, CENTS).map_err(|_| unreadable);
            t.buyin = money(buyin)?;
            t.fee = money(fee)?;
            if buyin.trim_start().starts_with('€') {
                t.currency = "EUR".to_string();
            }
            if parts[1] == "FREEROLL" {
                t.currency = "FREE".to_string();
            }
            max_seats = parts[3].strip_suffix(" Max").and_then(|n| n.parse().ok());
            if max_seats.is_none() {
                return Err(unreadable);
            }
        }
        _ => return Err(unreadable),
    }
    Ok(Head {
        game,
        table: format!("{tourney_no} {table_no}"),
        max_seats,
        tournament: Some(t),
        euro: false,
        coin_flip: name.contains("Coin Flip"),
        when,
    })
}

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/// An amount as Cake prints it, times `scale`: an optional `$` or `€`, digits in groups of
/// three separated by `,`, `.` or a (non-breaking) space, and a decimal part of one or two
/// digits after `,` or `.` ("$250,50", "$0,2", "1,765", "2 477", "$1.5").
fn amount(t: &str, scale: i64) -> Result<Money, ErrorKind> {
    let t = t.trim();
    let t = t
        .strip_prefix('$')
        .or_else(|| t.strip_prefix('€'))
        .unwrap_or(t);
    let mut int: i64 = 0;
    let mut group = 0usize; // digits since the last separator
    let mut seps = 0usize;
    let mut frac: Option<(i64, usize)> = None;
    let mut digits = 0usize;
    for (i, c) in t.char_indices() {
        match c {
            '0'..='9' => {
                digits += 1;
                group += 1;
                int = int
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(i64::from(c as u8 - b'0')))
                    .ok_or(ErrorKind::OutOfRange)?;
            }
            ',' | '.' | ' ' | '\u{a0}' | '\u{202f}' => {
                if group == 0 || (seps > 0 && group != 3) {
                    return Err(ErrorKind::Malformed);
                }
                // A decimal part: one or two digits after the last ',' or '.'.
                let rest = &t[i + c.len_utf8()..];
                if matches!(c, ',' | '.')
                    && (1..=2).contains(&rest.len())
                    && rest.bytes().all(|b| b.is_ascii_digit())
                {
                    let f: i64 = rest.parse().map_err(|_| ErrorKind::Malformed)?;
                    frac = Some((f, rest.len()));
                    break;
                }
                seps += 1;
                group = 0;
            }
            _ => return Err(ErrorKind::Malformed),
        }
    }
    if digits == 0 || (frac.is_none() && seps > 0 && group != 3) {
        return Err(ErrorKind::Malformed);
    }
    let cents = match frac {
        None => 0,
        Some((f, 1)) => f * 10,
        Some((f, _)) => f,
    };
    let v = if scale == CENTS {
        int.checked_mul(100)
            .and_then(|v| v.checked_add(cents))
            .ok_or(ErrorKind::OutOfRange)?
    } else if cents == 0 {
        int
    } else {
        return Err(ErrorKind::Malformed);
    };
    if v > crate::stats::MAX_AMOUNT {
        return Err(ErrorKind::OutOfRange);
    }
    Ok(v)
}

/// An amount of a hand at `scale`, on line `no`: at a euro table (`euro`) its euro value,
/// which it must have.
fn money_of(t: &str, scale: i64, euro: bool, no: u32) -> Result<Money, ParseError> {
    let (main, eur) = euro_split(t);
    pick(main, eur, scale, euro, no)
}

/// The amount `main`, or at a euro table its euro value `eur`, which it must have.
fn pick(
    main: &str,
    eur: Option<&str>,
    scale: i64,
    euro: bool,
    no: u32,
) -> Result<Money, ParseError> {
    let t = match (euro, eur) {
        (false, _) => main,
        (true, Some(e)) => e,
        (true, None) => {
            return Err(ParseError::malformed(
                no,
                "an amount without its euro value at a euro table",
            ))
        }
    };
    amount(t, scale).map_err(|k| text::amount_error(k, no))
}

/// `t` split at its euro value: "$0.25 (EUR €0.20)" → ("$0.25", Some("€0.20")).
fn euro_split(t: &str) -> (&str, Option<&str>) {
    match split2(t, "(EUR ") {
        Some((main, eur)) => {
            let eur = eur.trim_end();
            (main.trim_end(), Some(eur.strip_suffix(')').unwrap_or(eur)))
        }
        None => (t, None),
    }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of Cake text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (id, rest) = header(first.trim_end())
            .ok_or_else(|| ParseError::malformed(first_no, "not a Cake hand header"))?;
        let no = hand_no(id).ok_or_else(|| ParseError::hand_no_too_large(first_no))?;
        let head = parse_head(rest)
            .map_err(|(kind, msg)| ParseError::new(kind, first_no, msg).with_hand_no(Some(no)))?;
        let start_time = time::parse_datetime(&head.when)
            .map(|t| time::local_to_utc(t, time::EASTERN))
            .ok_or_else(|| {
                ParseError::malformed(first_no, "unreadable date in the header")
                    .with_hand_no(Some(no))
            })?;
        let scale = if head.game.currency == "USD" || head.game.currency == "EUR" {
            CENTS
        } else {
            CHIPS
        };
        let mut b = HandBuilder::new(SITE, no, id, head.game, start_time);
        let h = b.hand_mut();
        h.table_name = head.table;
        h.max_seats = head.max_seats;
        h.tournament = head.tournament;
        Ok((
            Parser {
                b,
                scale,
                euro: head.euro,
                coin_flip: head.coin_flip,
                in_body: false,
                betting: Betting::new(Rules::NONE),
                board: Vec::with_capacity(5),
                pots: 0,
                pot_open: None,
                awards: 0,
                left_table: false,
            },
            no,
        ))
    })
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    euro: bool,
    coin_flip: bool,
    /// The seat lines are over.
    in_body: bool,
    betting: Betting,
    board: Vec<Card>,
    /// "***SHOW DOWN***" lines read.
    pots: u8,
    /// The line of a "***SHOW DOWN***" whose award has not come yet.
    pot_open: Option<u32>,
    awards: usize,
    /// "Player left the table" was printed.
    left_table: bool,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        self.read(no, line)
    }

    fn finish(self, last_line: u32) -> Result<Hand, ParseError> {
        self.end(last_line)
    }
}

impl Parser {
    /// An amount of this hand (the euro value at a euro table) on line `no`.
    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        money_of(t, self.scale, self.euro, no)
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if !self.in_body {
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            if let Some(r) = line.strip_prefix("Dealer: Seat ") {
                let seat: u8 = r
                    .trim()
                    .parse()
                    .map_err(|_| ParseError::malformed(no, "unreadable dealer seat"))?;
                self.b.hand_mut().button_seat = Some(seat);
                return Ok(());
            }
            if self.b.hand().players.is_empty() {
                return Err(ParseError::malformed(no, "a line before the seat lines"));
            }
            self.in_body = true;
            if self.coin_flip {
                self.coin_flip_antes();
            }
        }
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street(no, r);
        }
        if line == "***SHOW DOWN***" {
            if let Some(open) = self.pot_open {
                return Err(ParseError::malformed(
                    open,
                    "a pot's \"***SHOW DOWN***\" without its award",
                ));
            }
            self.pots = self.pots.saturating_add(1);
            self.pot_open = Some(no);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        if line == "Player left the table" {
            self.left_table = true;
            return Ok(());
        }
        if line.starts_with("Tournament: ") {
            // "Tournament: NAME wins 1 bounty. (1)": the bounty is the tournament's business.
            return Ok(());
        }
        let players = &self.b.hand().players;
        if let Some((p, n)) = text::name_prefix(players, line, |c| c == b':', false) {
            return self.player_line(no, p, line[n + 1..].trim_start());
        }
        if let Some((p, n)) = text::name_prefix(players, line, |c| c == b' ', false) {
            return self.spaced_line(no, p, &line[n + 1..]);
        }
        if let Some((p, r)) = underscored(players, line) {
            return self.player_line(no, p, r.trim_start());
        }
        sealswithclubs::other_line(no, line)
    }

    /// "1: Hero ($126,50 in chips)[ DEALER][  (EUR €43.38)]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let (n, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = n
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let close = find(rest, " in chips)").ok_or_else(unreadable)?;
        let open = rfind(&rest[..close], " (").ok_or_else(unreadable)?;
        let name = &rest[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let mut tail = rest[close + 10..].trim();
        if let Some(t) = tail.strip_prefix("DEALER") {
            self.b.hand_mut().button_seat = Some(seat);
            tail = t.trim();
        }
        let eur = match tail {
            "" => None,
            t => match euro_split(t) {
                ("", Some(e)) => Some(e),
                _ => return Err(ParseError::malformed(no, "a seat note fpdb does not read")),
            },
        };
        let stack = pick(&rest[open + 2..close], eur, self.scale, self.euro, no)?;
        self.b.seat_player(no, seat, name, stack, false)?;
        Ok(())
    }

    /// Coin flip: every stack is in the pot from the start.
    fn coin_flip_antes(&mut self) {
        for p in 0..self.b.hand().players.len() {
            let stack = self.b.hand().players[p].stack;
            if stack > 0 {
                self.b.post(p, ActionKind::Ante, stack, true);
            }
        }
    }

    /// "FLOP *** [8c,Kc,5h]", "TURN *** [Kd]", "RIVER *** [5d]" (after "*** ").
    fn street(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let Some((name, after)) = split2(r, " ***") else {
            return Err(ParseError::malformed(no, "unreadable street line"));
        };
        let (street, count) = match name {
            "FLOP" => (1, 3),
            "TURN" => (2, 1),
            "RIVER" => (3, 1),
            _ => return Err(ParseError::malformed(no, "a street fpdb does not read")),
        };
        let g = text::groups(after).next().unwrap_or("");
        let cards = cards_at(g, no)?;
        if cards.len() != count || self.board.len() + count != street as usize + 2 {
            return Err(ParseError::malformed(no, "unreadable board cards"));
        }
        self.board.extend(cards);
        self.b.set_street(street);
        Ok(())
    }

    /// "Dealt to NAME [9d,6d]" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let Some(open) = rfind(r, " [") else {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        };
        let Some(p) = self.b.player(&r[..open]) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let g = text::groups(&r[open..]).next().unwrap_or("");
        let cards = cards_at(g, no)?;
        self.b.set_cards(p, &cards);
        self.b.hand_mut().hero.get_or_insert(p);
        Ok(())
    }

    /// "NAME: ...": `r` the text after the colon.
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("returns uncalled bet ") {
            let amount = self.money(x, no)?;
            self.b.uncalled(p, amount);
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("is all in ") {
            let amount = self.money(x, no)?;
            return self.all_in(p, amount);
        }
        if let Some(x) = r.strip_prefix("posts dead blind ") {
            return self.dead_blind(no, p, x);
        }
        if let Some(x) = r
            .strip_prefix("shows ")
            .or_else(|| r.strip_prefix("mucks "))
        {
            let shows = r.starts_with('s');
            let (g, _) = text::bracket(x)
                .ok_or_else(|| ParseError::malformed(no, "unreadable shown cards"))?;
            let cards = cards_at(g, no)?;
            self.b.reveal(p, &cards);
            let pl = &mut self.b.hand_mut().players[p];
            if shows {
                pl.shown = true;
            } else {
                pl.mucked = true;
            }
            return Ok(());
        }
        if r == "mucks" {
            // No cards: a winner not showing, or a player who folded.
            return Ok(());
        }
        if r == "sits out" {
            self.b.hand_mut().players[p].sitting_out = true;
            return Ok(());
        }
        let (scale, euro) = (self.scale, self.euro);
        let money = |t: &str| money_of(t, scale, euro, no);
        let Some(verb) = CAKE.parse(r, money, no)? else {
            return Err(ParseError::malformed(no, "an action fpdb does not read"));
        };
        match verb {
            Verb::Show { .. } | Verb::Muck | Verb::SitOut => {
                Err(ParseError::malformed(no, "an action fpdb does not read"))
            }
            v => {
                if self.betting.apply(&mut self.b, p, &v) {
                    Ok(())
                } else {
                    Err(ParseError::malformed(no, "an action fpdb does not read"))
                }
            }
        }
    }

    /// "is all in X": the player adds X, his last chips.
    fn all_in(&mut self, p: PlayerIdx, amount: Money) -> Result<(), ParseError> {
        Betting::begin_betting(&mut self.b);
        let b = &mut self.b;
        let to = b.street_total(p).saturating_add(amount);
        let max = b.street_max();
        if to <= max {
            b.call(p, amount, true);
        } else if max == 0 {
            b.bet(p, amount, true);
        } else {
            b.raise_to(p, to, true);
        }
        Ok(())
    }

    /// "$-0,10 and big blind $0,10" (after "posts dead blind "): the big blind and the table's
    /// small blind, posted together.
    fn dead_blind(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let Some((dead, bb)) = split2(r, " and big blind ") else {
            return Err(ParseError::malformed(no, "unreadable dead blind"));
        };
        // The dead part's amount is read (it must be an amount) but not used: see the module.
        let dead = dead.trim();
        let dead = dead
            .strip_prefix("$-")
            .map(|d| format!("${d}"))
            .or_else(|| dead.strip_prefix("€-").map(|d| format!("€{d}")))
            .unwrap_or_else(|| dead.trim_start_matches('-').to_string());
        self.money(&dead, no)?;
        let bb = self.money(bb, no)?;
        let sb = self.b.hand().game.small_blind;
        self.b
            .post(p, ActionKind::BothBlinds, bb.saturating_add(sb), false);
        Ok(())
    }

    /// "NAME wins ...", "NAME finished ...", "NAME rebuys ...": `r` the text after the name
    /// and its space.
    fn spaced_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("wins ") {
            return self.award(no, p, x);
        }
        if let Some(x) = r.strip_prefix("finished ") {
            // "21 out of 66 players."
            let place = split2(x, " out of ").and_then(|(n, _)| n.parse::<u32>().ok());
            let Some(place) = place else {
                return Err(ParseError::malformed(no, "unreadable finishing place"));
            };
            self.b.finish_place(p, place, None);
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("rebuys ") {
            // A rebuy for the next hand: "rebuys 3000 chips".
            return match x.strip_suffix(" chips").map(|t| amount(t, CHIPS)) {
                Some(Ok(_)) => {
                    if let Some(t) = self.b.hand_mut().tournament.as_mut() {
                        t.rebuy = true;
                    }
                    Ok(())
                }
                _ => Err(ParseError::malformed(no, "unreadable rebuy")),
            };
        }
        if r == "sits out" {
            self.b.hand_mut().players[p].sitting_out = true;
            return Ok(());
        }
        Err(ParseError::malformed(no, "an action fpdb does not read"))
    }

    /// "$0.66[ with Three of a Kind Sevens][ (EUR €0.54)]" (after "wins ").
    fn award(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if self.pot_open.take().is_none() && self.pots == 0 {
            return Err(ParseError::malformed(
                no,
                "an award before the \"***SHOW DOWN***\" line",
            ));
        }
        let (main, eur) = euro_split(r);
        let main = split2(main, " with ").map_or(main, |(a, _)| a);
        let amount = pick(main, eur, self.scale, self.euro, no)?;
        self.awards += 1;
        if amount > 0 {
            self.b.collect(p, amount, self.pots.saturating_sub(1), 0);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        let unfinished = |msg: String| Err(ParseError::new(ErrorKind::Unfinished, last_line, msg));
        if self.b.hand().players.is_empty() {
            return unfinished("the hand stops before its seat lines: the file was cut".into());
        }
        if self.awards == 0 {
            if self.left_table {
                return unfinished(
                    "the hand has no award: Cake printed \"Player left the table\" instead".into(),
                );
            }
            return unfinished(
                "the hand stops before its pot is awarded (still being played, or the file was \
                 cut)"
                    .into(),
            );
        }
        if let Some(open) = self.pot_open {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                open,
                "the hand stops after a \"***SHOW DOWN***\", before its award: the file was cut",
            ));
        }
        let hand = self.b.hand();
        let awarded = pot::collected(hand);
        let in_pot = pot::players_money(hand);
        let tour = hand.game.kind == GameKind::Tour;
        let tolerance = if self.euro { EURO_ROUNDING } else { 0 };
        let short = if tour {
            awarded.saturating_add(tolerance) < in_pot
        } else {
            awarded.saturating_add(tolerance).saturating_mul(100)
                < in_pot.saturating_mul(100 - MAX_RAKE_PERCENT)
        };
        if short {
            return unfinished(format!(
                "the hand stops before every pot is awarded ({} of the {} in the pot): the \
                 file was cut",
                pot::show_money(awarded, self.scale),
                pot::show_money(in_pot, self.scale)
            ));
        }
        // The pots come side pots first, the main pot last: the main pot is pot 0.
        let last = self.pots.saturating_sub(1);
        for c in &mut self.b.hand_mut().collections {
            c.pot = last.saturating_sub(c.pot);
        }
        if !self.board.is_empty() {
            self.b.hand_mut().boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(self.scale, last_line);
        policy.tolerance = tolerance;
        if self.euro && !tour {
            // The converted awards may exceed the converted pot by the rounding: no rake then.
            let over = awarded.saturating_sub(in_pot);
            if over > 0 && over <= tolerance {
                policy.rake = Some(0);
            }
        }
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }
}

/// A line starting with a seated player's name printed with `_` for its spaces, and a colon
/// ("Player_Space: mucks [8h,9d] (Pair) ."): the player and the text after the colon.
fn underscored<'a>(players: &[Player], line: &'a str) -> Option<(PlayerIdx, &'a str)> {
    let (name, rest) = line.split_once(':')?;
    if !name.contains('_') {
        return None;
    }
    let p = players
        .iter()
        .position(|pl| pl.name.contains(' ') && pl.name.replace(' ', "_") == name)?;
    Some((p, rest))
}

/// The cards of a bracket group ("9d,6d", "7d Qh").
fn cards_at(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    text::card_list(group, true, 5).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Cake));
        Cake.parse(&chunk)
    }

    const HAND: &str = "Hand#2998011673000397 - Innsbruck (6-max) 11673 -- $5/$10 FL Hold'em -- 2012-06-20 - 23:10:52
Dealer: Seat 9
Seat 1: Hero ($115 in chips)
Seat 3: Player0 ($250,50 in chips)
Seat 8: Player1 ($67,50 in chips)
Seat 9: Player2 ($311,50 in chips)
Seat 10: Player3 ($269,50 in chips)
Player3: posts small blind $2,50
Hero: posts big blind $5
Dealt to Hero [7h,8h]
Player0: raises to $10
Player1: folds
Player2: folds
Player3: folds
Hero: calls $5
*** FLOP *** [Jd,7d,Ts]
Hero: bets $5
Player0: calls $5
*** TURN *** [Qh]
Hero: checks
Player0: bets $10
Hero: calls $10
*** RIVER *** [5d]
Hero: checks
Player0: bets $10
Hero: folds
Player0: returns uncalled bet $10
***SHOW DOWN***
Player0: mucks
Player0 wins $50,50
";

    #[test]
    fn a_fixed_limit_hand_with_decimal_commas() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site_hand_no, 2_998_011_673_000_397);
        assert_eq!(h.start_time.to_rfc3339(), "2012-06-21T03:10:52+00:00");
        let g = &h.game;
        assert_eq!(
            (g.currency.as_str(), g.limit_type),
            ("USD", LimitType::FixedLimit)
        );
        assert_eq!(
            (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
            (250, 500, 500, 1000)
        );
        assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(9)));
        assert_eq!(h.players[1].stack, 25_050);
        assert_eq!((h.total_pot, h.rake), (5250, 200));
        assert_eq!(h.boards[0].len(), 5);
        assert_eq!(h.hero, Some(0));
    }

    #[test]
    fn cut_hands_are_unfinished() {
        let lines: Vec<&str> = HAND.lines().collect();
        for k in 1..lines.len() {
            let e = parse(&lines[..k].join("\n")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
        assert!(parse(&lines.join("\n")).is_ok());
    }

    #[test]
    fn hand_numbers() {
        assert_eq!(hand_no("2589013774000145"), Some(2_589_013_774_000_145));
        assert_eq!(hand_no("2930A7507F000252"), Some(0x2930_A750_7F00_0252));
        assert_eq!(hand_no("8930A7507F000252"), None);
        assert_eq!(hand_no("A7507F"), None);
        assert_eq!(hand_no("12345678901234567"), None);
        assert!(header("\u{ef}\u{bb}\u{bf}Hand#2930A7507F000252 - x").is_some());
        assert!(header("Hand#2930a7507F000252 - x").is_none());
        assert!(header("Hand #1 - x").is_none());
    }

    #[test]
    fn amounts() {
        assert_eq!(amount("$250,50", CENTS), Ok(25_050));
        assert_eq!(amount("$0,2", CENTS), Ok(20));
        assert_eq!(amount("$1.5", CENTS), Ok(150));
        assert_eq!(amount("$2,500", CENTS), Ok(250_000));
        assert_eq!(amount("1,765", CHIPS), Ok(1765));
        assert_eq!(amount("2\u{a0}477", CHIPS), Ok(2477));
        assert_eq!(amount("1,234,567", CHIPS), Ok(1_234_567));
        assert_eq!(amount("€0.41", CENTS), Ok(41));
        assert_eq!(amount("1,2345", CHIPS), Err(ErrorKind::Malformed));
        assert_eq!(amount("1,5", CHIPS), Err(ErrorKind::Malformed));
        assert_eq!(amount("", CHIPS), Err(ErrorKind::Malformed));
        assert_eq!(amount("abc", CHIPS), Err(ErrorKind::Malformed));
        assert_eq!(
            amount("99999999999999999999", CHIPS),
            Err(ErrorKind::OutOfRange)
        );
    }

    #[test]
    fn errors() {
        let e = parse(&HAND.replace("Player1: folds", "Player1: limps $4")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 12));
        let e = parse(&HAND.replace("Player1: folds", "Stranger: calls $1")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 12));
        let e = parse(&HAND.replace("FL Hold'em", "FL Badugi")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&HAND.replace("$50,50", "$60,50")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed, "{e:?}");
        assert!(parse(&HAND.replace("Player1: folds", "Player1: folds\nA notice")).is_ok());
    }
}

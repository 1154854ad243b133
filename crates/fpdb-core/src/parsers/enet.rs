//! The Enet network's hand histories (2012; closed): a PokerStars-like text with decimal commas,
//! stored under the site name `Enet`. The room's writer has known faults (a button numbered from
//! 0, posts without amounts or missing, uncalled bets printed again as collections, rake lines
//! inside the betting, a meaningless total pot, side pots left out of the awards); fpdb reads
//! what can be read, awards a side pot the room left out by the shown cards, and refuses a hand
//! whose money does not add up otherwise.
//!
//! # What the format prints, line by line
//!
//! - Header: `Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6`: the hand
//!   number, the game (`Hold'em`, `Omaha`), the blinds with the currency's symbol (`€` EUR, `$`
//!   USD, `£` GBP; none on play-money tables), the time (no zone: stored as printed, as UTC) and
//!   `%N`, which says nothing fpdb stores. Tournament hands (`Tournament #N, ...` in the header)
//!   are refused: no history of one has been seen to check their format against.
//! - `Table 'Parfigi 1 - No Limit' 6-max [(Play Money) ]Seat #2 is the button`: the table's name,
//!   the structure (`No Limit`, `Pot Limit`, `Limit`), the table size and the button, numbered
//!   from 0 (`Seat #2` is seat 3: the summary's `(dealer)` says so, and it is checked; `Seat #0`
//!   with seat 1 empty is a dead button).
//! - `Seat 1: NAME (€14,90 in chips)`.
//! - Posts: `NAME: posts small blind €0,05`, `posts big blind €0,10` (a second big blind is a
//!   returning player's, live), `posts small & big blinds €0,15` (the small blind dead), `posts
//!   the ante €X`. A `posts small blind` or `posts big blind` without its amount is the table's
//!   blind (the small one dead) when the player then acts in the hand, and no post at all when
//!   he does not (he was not dealt in: his summary line shows no cards). A player who checks
//!   before the flop with no post printed posted both blinds unprinted (the big blind live, the
//!   small blind dead).
//! - `*** HOLECARDS ***`, `Dealt to NAME [AhKd]` (cards run together or spaced), `*** FLOP ***
//!   [Td4h7d]`, `*** TURN *** [Td4h7d2d]`, `*** RIVER *** [...]` (the whole board so far),
//!   `*** SHOWDOWN ***`, `*** SUMMARY ***`.
//! - Actions: `NAME: folds`, `checks`, `calls €X`, `bets €X`, `raises €X`, `goes all-in €X`:
//!   every amount is the chips the action adds (`raises €11,75` by a 0,50 big blind makes 12,25).
//!   A bet over the blinds is a raise; an all-in is a call, bet or raise as the total it makes is,
//!   and must be all the player has; a call must match the bet (or be all-in for less).
//! - `Uncalled bet (€0,20) returned to NAME`: an uncalled bet given back.
//! - `NAME[:] collected (€X) from pot` before the summary: ignored, as the room prints there the
//!   uncalled bet again when one was returned (the summary's line is the award).
//! - `Rake: €3,61` (several, some negative, among the actions): checked to add up to the
//!   summary's rake.
//! - `NAME: shows [5cJc5hJs] (DESCRIPTION)`, `NAME: mucked`, `NAME: mucks [..]`.
//! - Summary: `Total pot €X | Rake €Y`: the rake; the total is not the hand's (`€2,75` for a pot
//!   of 140,53, `€0`) and is ignored. `Board [..]`, checked against the streets. `Seat N: NAME
//!   [(dealer)][(small blind)][(big blind)] folded`, `collected (€X) from pot`, `showed [..] and
//!   won (€X) with ...`, `showed [..] and lost with ...`, `mucked [..]`: the awards (pot 0) and
//!   the cards shown.
//! - A side pot in no award: when the awards and the rake leave part of what the players put in
//!   unawarded, the hand has side pots and the showdown decides them (every player at it shows
//!   his cards, the board is complete), the pots are awarded as the cards say
//!   ([`crate::showdown::awards`], through [`PotPolicy::unawarded_by_cards`]: each pot to its best hand, the rake off each pot in proportion to
//!   its size, as allInEV prices pots) in place of the printed awards, each of which must be
//!   within what the cards give that player.
//! - Blank lines are ignored; any other line is refused.
//!
//! Hand number: the number printed (`site_hand_no` = `site_hand_id`).
//!
//! Refused: tournaments, a game or structure fpdb does not read, an action by a name with no seat,
//! a hand cut before its summary names every player, a summary whose dealer is not the table
//! line's button, rake lines that disagree with the summary, and a hand whose awards and rake do
//! not add up to what the players put in, unless the shown cards award the missing side pot (a
//! pot paid short without a showdown, an award the cards do not give).

use chrono::{DateTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, HandLines};
use crate::parsers::verbs::{self, Amounted};
use crate::pot::PotPolicy;
use crate::split::Chunk;
use crate::time;

/// The Enet format.
#[derive(Debug)]
pub struct Enet;
room!(Enet, SITE, b"G", |l| header(l).is_some(), parse_chunk);

/// The site's name.
pub const SITE: &str = "Enet";

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

struct Header<'a> {
    id: &'a str,
    /// The text after the number and its colon.
    rest: &'a str,
}

/// `Game #N: [... ]Hold'em (...)` or `Omaha (...)`.
fn header(line: &str) -> Option<Header<'_>> {
    let (id, rest) = text::numbered_header(line.trim_end(), &["Game #"])?;
    let rest = rest.strip_prefix(' ')?;
    let game_at = text::find(rest, "Hold'em (").or_else(|| text::find(rest, "Omaha ("))?;
    // The game follows the colon, or a tournament's description.
    (game_at == 0 || rest.starts_with("Tournament #") || rest.starts_with('{'))
        .then_some(Header { id, rest })
}

/// `12:16:31 3.10.2012`: the time as printed, as UTC.
fn start_time(s: &str) -> Option<DateTime<Utc>> {
    let (clock, date) = s.trim().split_once(' ')?;
    let mut d = date.split('.');
    let (day, month, year) = (d.next()?, d.next()?, d.next()?);
    if d.next().is_some() {
        return None;
    }
    time::parse_datetime(&format!("{year}-{month}-{day} {clock}")).map(|t| t.and_utc())
}

/// The currency of the stakes' symbol; `None` for play money (no symbol).
fn currency_of(stakes: &str) -> Option<&'static str> {
    crate::amount::currency_of_symbol(stakes)
}

/// Cards run together (`5cJc5hJs`) or spaced (`5c Jc`).
fn cards_of(s: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let bad = || ParseError::malformed(no, "unreadable cards");
    let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let b = compact.as_bytes();
    let mut out = Vec::with_capacity(5);
    let mut i = 0;
    while i < b.len() {
        let n = if b.get(i..i + 2) == Some(b"10") { 3 } else { 2 };
        let c = compact
            .get(i..i + n)
            .and_then(Card::parse_opt)
            .filter(|c| c.is_known())
            .ok_or_else(bad)?;
        out.push(c);
        i += n;
        if out.len() > 6 {
            return Err(bad());
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// What a look over the whole hand tells before it is read: the posts the room printed without
/// an amount, or not at all.
#[derive(Default)]
struct Prescan {
    /// Players who act (bet, fold, show ...) after the posts.
    actors: Vec<String>,
    /// Players who posted (with or without an amount).
    posters: Vec<String>,
    /// Players who check before the flop.
    preflop_checkers: Vec<String>,
}

impl Prescan {
    fn of(chunk: &Chunk<'_>) -> Prescan {
        let mut p = Prescan::default();
        let mut section = 0; // 0 posts, 1 preflop, 2 later
        for (_, line) in chunk.lines().skip(1) {
            let line = line.trim_end();
            if line.starts_with("*** ") {
                section = match line {
                    "*** HOLECARDS ***" => 1,
                    _ => 2,
                };
                continue;
            }
            let Some((name, verb)) = text::split2(line, ": ") else {
                continue;
            };
            if line.starts_with("Seat ") || line.starts_with("Rake: ") {
                continue;
            }
            if verb.starts_with("posts ") {
                p.posters.push(name.to_string());
            } else if section > 0 {
                p.actors.push(name.to_string());
                if section == 1 && verb == "checks" {
                    p.preflop_checkers.push(name.to_string());
                }
            }
        }
        p
    }
}

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let prescan = Prescan::of(chunk);
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let h = header(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not an Enet hand header"))?;
        let no = text::hand_number(h.id, first_no, first)?;
        let in_hand = |e: ParseError| e.with_hand_no(Some(no));
        if !(h.rest.starts_with("Hold'em (") || h.rest.starts_with("Omaha (")) {
            return Err(in_hand(ParseError::new(
                ErrorKind::Unsupported,
                first_no,
                "an Enet tournament hand: fpdb does not read them (no history of one to check \
                 the format against)",
            )));
        }
        let bad = |m: &str| in_hand(ParseError::malformed(first_no, m.to_string()));
        let (game, r) = h
            .rest
            .split_once(" (")
            .ok_or_else(|| bad("unreadable header"))?;
        let (stakes, r) = r
            .split_once(") - ")
            .ok_or_else(|| bad("unreadable header"))?;
        let when = r.rsplit_once(" - %").map_or(r, |(w, _)| w);
        let start_time = start_time(when).ok_or_else(|| bad("unreadable date in the header"))?;
        let category = if game == "Omaha" {
            Category::OmahaHi
        } else {
            Category::Holdem
        };
        let currency = currency_of(stakes);
        let scale = if currency.is_some() { CENTS } else { CHIPS };
        let (sb, bb) = stakes
            .split_once('/')
            .ok_or_else(|| bad("unreadable blinds"))?;
        let sb = text::checked_money(sb, scale, first_no).map_err(in_hand)?;
        let bb = text::checked_money(bb, scale, first_no).map_err(in_hand)?;
        if bb <= 0 || sb > bb {
            return Err(bad("unreadable blinds"));
        }
        // The structure is the table line's: pot limit until it is read.
        let game = Game::blinds(
            GameKind::Ring,
            category,
            LimitType::PotLimit,
            (sb, bb),
            currency.unwrap_or("play"),
        );
        let b = HandBuilder::new(SITE, no, h.id, game, start_time);
        Ok((
            Parser {
                b,
                scale,
                prescan,
                section: Section::Table,
                board: Vec::with_capacity(5),
                hero: None,
                rake_lines: 0,
                rake: None,
                table_button: None,
                summary_seats: Vec::new(),
            },
            no,
        ))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before the table line.
    Table,
    /// The seats and the posts.
    Seats,
    /// Cards and betting.
    Play,
    Summary,
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    prescan: Prescan,
    section: Section,
    board: Vec<Card>,
    hero: Option<PlayerIdx>,
    /// Σ of the rake lines among the actions.
    rake_lines: Money,
    /// The summary's rake and its line.
    rake: Option<(Money, u32)>,
    /// The table line's button (the seat, numbered from 1).
    table_button: Option<(u8, u32)>,
    /// The players the summary named.
    summary_seats: Vec<PlayerIdx>,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        self.read(no, line)
    }

    fn finish(self, last: u32) -> Result<Hand, ParseError> {
        self.end(last)
    }
}

impl Parser {
    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        text::checked_money(t, self.scale, no)
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("*** ") {
            return self.section_line(no, r);
        }
        match self.section {
            Section::Table => self.table(no, line),
            Section::Seats => match line.strip_prefix("Seat ") {
                Some(r) => self.seat(no, r),
                None => self.play(no, line),
            },
            Section::Play => self.play(no, line),
            Section::Summary => self.summary(no, line),
        }
    }

    /// `Table 'NAME - LIMIT' 6-max [(Play Money) ]Seat #2 is the button`.
    fn table(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable table line");
        let r = line.strip_prefix("Table '").ok_or_else(bad)?;
        let (name, r) = text::rsplit2(r, "' ").ok_or_else(bad)?;
        let (table, limit) = text::rsplit2(name, " - ").ok_or_else(bad)?;
        let limit =
            match limit {
                "No Limit" => LimitType::NoLimit,
                "Pot Limit" => LimitType::PotLimit,
                "Limit" => return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    no,
                    "a fixed-limit table: fpdb does not read Enet's (no history of one to check \
                     its stakes against)",
                )),
                _ => return Err(bad()),
            };
        let mut r = r;
        let mut max_seats = None;
        if let Some((n, rest)) = r.split_once("-max ") {
            max_seats = Some(n.parse::<u8>().map_err(|_| bad())?);
            r = rest;
        }
        let play = r.starts_with("(Play Money) ");
        r = r.strip_prefix("(Play Money) ").unwrap_or(r);
        if play != (self.b.hand().game.currency == "play") {
            return Err(ParseError::malformed(
                no,
                "a play-money table with a currency, or the reverse",
            ));
        }
        let button: u8 = r
            .strip_prefix("Seat #")
            .and_then(|r| r.strip_suffix(" is the button"))
            .and_then(|n| n.parse().ok())
            .ok_or_else(bad)?;
        // Numbered from 0.
        let seat = button.checked_add(1).ok_or_else(bad)?;
        self.table_button = Some((seat, no));
        let hand = self.b.hand_mut();
        hand.table_name = table.to_string();
        hand.max_seats = max_seats;
        hand.button_seat = Some(seat);
        hand.game.limit_type = limit;
        self.section = Section::Seats;
        Ok(())
    }

    /// `1: NAME (€14,90 in chips)` (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable seat line");
        let (n, rest) = r.split_once(": ").ok_or_else(bad)?;
        let seat: u8 = n.parse().map_err(|_| bad())?;
        let body = rest.strip_suffix(" in chips)").ok_or_else(bad)?;
        let (name, amount) = text::rsplit2(body, " (").ok_or_else(bad)?;
        if name.trim().is_empty() {
            return Err(ParseError::malformed(
                no,
                "a seat line without a player name",
            ));
        }
        let stack = self.money(amount, no)?;
        self.b.seat_player(no, seat, name, stack, false)?;
        Ok(())
    }

    /// `HOLECARDS ***`, `FLOP *** [..]`, ... (after "*** ").
    fn section_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, after) = text::split2(r, " ***")
            .ok_or_else(|| ParseError::malformed(no, "unreadable section line"))?;
        let order_error = || ParseError::malformed(no, "a section out of order");
        match name {
            "HOLECARDS" => {
                if self.section != Section::Seats {
                    return Err(order_error());
                }
                self.unprinted_posts(no)?;
                self.b.set_street(0);
                self.section = Section::Play;
            }
            "FLOP" | "TURN" | "RIVER" => {
                if self.section != Section::Play {
                    return Err(order_error());
                }
                let street: i8 = match name {
                    "FLOP" => 1,
                    "TURN" => 2,
                    _ => 3,
                };
                let g = text::groups(after)
                    .next()
                    .ok_or_else(|| ParseError::malformed(no, "a street without its cards"))?;
                let cards = cards_of(g, no)?;
                self.b
                    .deal_board(no, &mut self.board, street, &cards, true)?;
            }
            "SHOWDOWN" => {
                if self.section != Section::Play {
                    return Err(order_error());
                }
            }
            "SUMMARY" => {
                if self.section != Section::Play {
                    return Err(order_error());
                }
                self.section = Section::Summary;
            }
            _ => return Err(ParseError::malformed(no, "a section fpdb does not read")),
        }
        Ok(())
    }

    /// The posts the room did not print: both blinds of a player who checks before the flop
    /// without having posted.
    fn unprinted_posts(&mut self, no: u32) -> Result<(), ParseError> {
        let g = &self.b.hand().game;
        let both = g.small_blind.saturating_add(g.big_blind);
        let names: Vec<String> = self
            .prescan
            .preflop_checkers
            .iter()
            .filter(|n| !self.prescan.posters.contains(n))
            .cloned()
            .collect();
        for name in names {
            let p = self
                .b
                .player(&name)
                .ok_or_else(|| ParseError::unknown_actor(no))?;
            self.b.checked_post(no, p, ActionKind::BothBlinds, both)?;
        }
        Ok(())
    }

    fn play(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Uncalled bet (") {
            let scale = self.scale;
            return self
                .b
                .uncalled_line(r, no, |t| text::checked_money(t, scale, no));
        }
        if let Some(r) = line.strip_prefix("Rake: ") {
            // Some are negative: read the sign apart.
            let (neg, t) = match r
                .trim()
                .strip_prefix('€')
                .or_else(|| r.trim().strip_prefix('$'))
            {
                Some(t) => (t.starts_with('-'), t.trim_start_matches('-')),
                None => (r.trim().starts_with('-'), r.trim().trim_start_matches('-')),
            };
            let v = self.money(t, no)?;
            self.rake_lines = self.rake_lines.saturating_add(if neg { -v } else { v });
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            let open = text::rfind(r, " [")
                .ok_or_else(|| ParseError::malformed(no, "unreadable dealt cards"))?;
            let p = self
                .b
                .player(&r[..open])
                .ok_or_else(|| ParseError::unknown_actor(no))?;
            let g = text::groups(&r[open..]).next().unwrap_or("");
            let cards = cards_of(g, no)?;
            if self.b.street() != 0 || cards.len() != self.b.hand().game.category.hand_size() {
                return Err(ParseError::malformed(no, "unreadable dealt cards"));
            }
            self.b.set_cards(p, &cards);
            self.hero.get_or_insert(p);
            return Ok(());
        }
        let Some((p, n)) = text::name_prefix(
            &self.b.hand().players,
            line,
            |c| c == b':' || c == b' ',
            false,
        ) else {
            return Err(ParseError::malformed(no, "a line fpdb does not read"));
        };
        let r = &line[n..];
        if let Some(x) = r
            .strip_prefix(" collected (")
            .or_else(|| r.strip_prefix(": collected ("))
        {
            // The room prints here the uncalled bet again, or the summary's award: the
            // summary's line is read.
            x.strip_suffix(") from pot")
                .ok_or_else(|| ParseError::malformed(no, "unreadable collection"))?;
            return Ok(());
        }
        let r = r
            .strip_prefix(": ")
            .ok_or_else(|| ParseError::malformed(no, "a line fpdb does not read"))?;
        self.action(no, p, r)
    }

    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("posts ") {
            return self.posts(no, p, x);
        }
        if let Some(x) = r.strip_prefix("shows ") {
            let g = text::groups(x)
                .next()
                .ok_or_else(|| ParseError::malformed(no, "unreadable shown cards"))?;
            let cards = cards_of(g, no)?;
            self.b.hand_mut().players[p].shown = true;
            self.b.reveal(p, &cards);
            return Ok(());
        }
        if r == "mucked" || r.starts_with("mucks") {
            if let Some(g) = text::groups(r).next() {
                let cards = cards_of(g, no)?;
                self.b.reveal(p, &cards);
            }
            self.b.hand_mut().players[p].mucked = true;
            return Ok(());
        }
        if self.section != Section::Play {
            return Err(ParseError::malformed(no, "an action before the hole cards"));
        }
        let (verb, amount) = match r.rsplit_once(' ') {
            Some((v, a)) if a.bytes().any(|b| b.is_ascii_digit()) => (v, Some(self.money(a, no)?)),
            _ => (r, None),
        };
        let what = match (verb, amount) {
            ("folds", None) => {
                self.b.fold(p);
                return Ok(());
            }
            ("checks", None) => {
                self.b.check(p);
                return Ok(());
            }
            ("calls", Some(_)) => Amounted::Call,
            ("bets", Some(_)) => Amounted::Bet,
            ("raises", Some(_)) => Amounted::Raise,
            ("goes all-in", Some(_)) => Amounted::AllIn,
            _ => return Err(ParseError::malformed(no, "an action fpdb does not read")),
        };
        verbs::apply_amounted(&mut self.b, p, what, amount.unwrap_or(0), false)
            .map_err(|m| ParseError::malformed(no, m))
    }

    /// `small blind €0,05`, `big blind[ €0,10]`, `small & big blinds €0,15`, `the ante €X`
    /// (after "posts ").
    fn posts(&mut self, no: u32, p: PlayerIdx, x: &str) -> Result<(), ParseError> {
        let g = &self.b.hand().game;
        let (sb, bb) = (g.small_blind, g.big_blind);
        let (kind, amount) = if let Some(a) = x.strip_prefix("small & big blinds ") {
            (ActionKind::BothBlinds, Some(self.money(a, no)?))
        } else if let Some(a) = x.strip_prefix("the ante ") {
            (ActionKind::Ante, Some(self.money(a, no)?))
        } else if x == "small blind" || x == "big blind" {
            // Without its amount: the table's blind when the player plays the hand, no post
            // when he does not.
            let name = &self.b.hand().players[p].name;
            if !self.prescan.actors.contains(name) {
                return Ok(());
            }
            if x == "small blind" {
                (ActionKind::DeadSmallBlind, Some(sb))
            } else {
                (ActionKind::BigBlind, Some(bb))
            }
        } else if let Some(a) = x.strip_prefix("small blind ") {
            let kind = if self
                .b
                .hand()
                .actions
                .iter()
                .any(|a| a.kind == ActionKind::SmallBlind)
            {
                ActionKind::DeadSmallBlind
            } else {
                ActionKind::SmallBlind
            };
            (kind, Some(self.money(a, no)?))
        } else if let Some(a) = x.strip_prefix("big blind ") {
            (ActionKind::BigBlind, Some(self.money(a, no)?))
        } else {
            return Err(ParseError::malformed(no, "a post fpdb does not read"));
        };
        let v = amount.unwrap_or(0);
        let ok = match kind {
            ActionKind::SmallBlind | ActionKind::DeadSmallBlind => v == sb,
            ActionKind::BigBlind => v == bb,
            ActionKind::BothBlinds => v == sb.saturating_add(bb),
            _ => v > 0,
        };
        if !ok {
            return Err(ParseError::malformed(
                no,
                "a blind of another amount than the table's",
            ));
        }
        self.b.checked_post(no, p, kind, v)
    }

    fn summary(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Total pot ") {
            // The total is not the hand's (see the module): the rake is read.
            let (_, rake) = text::split2(r, " | Rake ")
                .ok_or_else(|| ParseError::malformed(no, "unreadable total pot"))?;
            if self.rake.is_some() {
                return Err(ParseError::malformed(no, "a second total pot"));
            }
            self.rake = Some((self.money(rake, no)?, no));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board ") {
            let g = text::groups(r).next().unwrap_or("");
            let cards = if g.is_empty() {
                Vec::new()
            } else {
                cards_of(g, no)?
            };
            if cards != self.board {
                return Err(ParseError::malformed(
                    no,
                    "the summary's board is not the streets' board",
                ));
            }
            return Ok(());
        }
        let Some(r) = line.strip_prefix("Seat ") else {
            return Err(ParseError::malformed(
                no,
                "a summary line fpdb does not read",
            ));
        };
        let bad = || ParseError::malformed(no, "unreadable summary line");
        let (seat, r) = r.split_once(": ").ok_or_else(bad)?;
        let seat: u8 = seat.parse().map_err(|_| bad())?;
        let (p, n) = text::name_prefix(&self.b.hand().players, r, |c| c == b' ', false)
            .ok_or_else(|| ParseError::unknown_actor(no))?;
        if self.b.hand().players[p].seat != seat || self.summary_seats.contains(&p) {
            return Err(ParseError::malformed(
                no,
                "a summary line of another seat than the player's, or a second one",
            ));
        }
        self.summary_seats.push(p);
        let mut r = r[n..].trim_start();
        loop {
            if let Some(x) = r.strip_prefix("(dealer)") {
                if self.table_button.map(|b| b.0) != Some(seat) {
                    return Err(ParseError::malformed(
                        no,
                        "the summary's dealer is not the table line's button",
                    ));
                }
                r = x.trim_start();
            } else if let Some(x) = r
                .strip_prefix("(small blind)")
                .or_else(|| r.strip_prefix("(big blind)"))
            {
                r = x.trim_start();
            } else {
                break;
            }
        }
        if r == "folded" {
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("collected (") {
            let a = x.strip_suffix(") from pot").ok_or_else(bad)?;
            let v = self.money(a, no)?;
            if v > 0 {
                self.b.collect(p, v, 0, 0);
            }
            return Ok(());
        }
        let (shown, x) = match (r.strip_prefix("showed "), r.strip_prefix("mucked ")) {
            (Some(x), _) => (true, x),
            (None, Some(x)) => (false, x),
            _ => return Err(bad()),
        };
        let (g, after) = text::bracket(x).ok_or_else(bad)?;
        if !g.is_empty() {
            let cards = cards_of(g, no)?;
            let pl = &mut self.b.hand_mut().players[p];
            if shown {
                pl.shown = true;
            } else {
                pl.mucked = true;
            }
            self.b.reveal(p, &cards);
        }
        let after = after.trim_start();
        if let Some(w) = after.strip_prefix("and won (") {
            let (a, _) = w.split_once(')').ok_or_else(bad)?;
            let v = self.money(a, no)?;
            if v > 0 {
                self.b.collect(p, v, 0, 0);
            }
        } else if !(after.is_empty() || after.starts_with("and lost")) {
            return Err(bad());
        }
        Ok(())
    }

    fn end(mut self, last: u32) -> Result<Hand, ParseError> {
        let unfinished = |m: &str| ParseError::new(ErrorKind::Unfinished, last, m.to_string());
        if self.section != Section::Summary {
            return Err(unfinished(
                "the hand stops before its summary: the file was cut",
            ));
        }
        let Some((rake, rake_line)) = self.rake else {
            return Err(unfinished(
                "the hand stops before its summary's total pot: the file was cut",
            ));
        };
        if self.summary_seats.len() != self.b.hand().players.len() {
            return Err(unfinished(
                "the summary stops before every seat: the file was cut",
            ));
        }
        if self.rake_lines != 0 && self.rake_lines != rake {
            return Err(ParseError::malformed(
                rake_line,
                "the rake lines do not add up to the summary's rake",
            ));
        }
        let hand = self.b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(self.scale, rake_line);
        policy.rake = Some(rake);
        policy.unawarded_by_cards = true;
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Enet));
        Enet.parse(&chunk)
    }

    /// A dead small blind without its amount; a big blind without its amount by a player not
    /// dealt in; the uncalled bet printed again as a collection.
    const DEAD: &str = "Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6
Table 'Parfigi 1 - No Limit' 6-max Seat #2 is the button
Seat 1: Player0 (€14,90 in chips)
Seat 2: Player1 (€1,90 in chips)
Seat 3: Hero (€14,51 in chips)
Seat 4: Player2 (€2,73 in chips)
Seat 5: Player3 (€12,64 in chips)
Seat 6: Player4 (€10 in chips)
Player2: posts small blind €0,05
Player3: posts big blind €0,10
Player4: posts big blind
Player1: posts small blind
*** HOLECARDS ***
Player0: folds
Player1: folds
Hero: raises €0,30
Player2: folds
Player3: folds
Uncalled bet (€0,20) returned to Hero
Hero collected (€0,20) from pot
Hero: mucked
*** SUMMARY ***
Total pot €0,30 | Rake €0
Board []
Seat 1: Player0  folded
Seat 2: Player1  folded
Seat 3: Hero (dealer) collected (€0,30) from pot
Seat 4: Player2 (small blind) folded
Seat 5: Player3 (big blind) folded
Seat 6: Player4  showed [] and lost with";

    #[test]
    fn posts_without_amounts() {
        let h = parse(DEAD).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no, h.table_name.as_str()),
            ("Enet", 19_408_739, "Parfigi 1")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2012-10-03T12:16:31+00:00");
        let g = &h.game;
        assert_eq!(
            (
                g.limit_type,
                g.currency.as_str(),
                g.small_blind,
                g.big_blind
            ),
            (LimitType::NoLimit, "EUR", 5, 10)
        );
        assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(3)));
        let posts: Vec<(PlayerIdx, ActionKind, Money)> = h
            .actions
            .iter()
            .filter(|a| a.street == POSTS)
            .map(|a| (a.player, a.kind, a.amount))
            .collect();
        assert_eq!(
            posts,
            vec![
                (3, ActionKind::SmallBlind, 5),
                (4, ActionKind::BigBlind, 10),
                (1, ActionKind::DeadSmallBlind, 5)
            ]
        );
        assert_eq!(h.returned[0].amount, 20);
        assert_eq!((h.total_pot, h.rake), (30, 0));
        assert_eq!(h.collections[0].amount, 30);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(DEAD, parse);
    }

    #[test]
    fn refusals() {
        let line_of =
            |needle: &str| DEAD.lines().position(|l| l.contains(needle)).unwrap() as u32 + 1;
        // The awards and the rake do not add up to the pot.
        let e = parse(&DEAD.replace("collected (€0,30)", "collected (€0,25)")).unwrap_err();
        assert_eq!(
            (e.kind, e.line),
            (ErrorKind::Malformed, line_of("Total pot"))
        );
        // The summary's dealer is another seat than the button.
        let e = parse(&DEAD.replace("Seat #2 is", "Seat #3 is")).unwrap_err();
        assert_eq!(e.line, line_of("(dealer)"));
        // Rake lines that disagree with the summary.
        let e = parse(&DEAD.replace("Hero: mucked", "Rake: €0,01\nHero: mucked")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        // A tournament; a fixed-limit table; an unknown line; a raise of more than the stack.
        let e =
            parse(&DEAD.replace(": Hold'em (", ": Tournament #5, €1+€0,10 Hold'em (")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&DEAD.replace("- No Limit'", "- Limit'")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&DEAD.replace("Player0: folds", "Player0: sings")).unwrap_err();
        assert_eq!(e.line, line_of("Player0: folds"));
        let e = parse(&DEAD.replace("raises €0,30", "raises €30")).unwrap_err();
        assert_eq!(e.line, line_of("raises"));
        // The collection before the summary, with a colon or without, is not read.
        let h = parse(&DEAD.replace("Hero collected", "Hero: collected")).unwrap();
        assert_eq!(h, parse(DEAD).unwrap());
    }

    #[test]
    fn a_check_without_a_post() {
        let t = "Game #12036770: Omaha (€0,10/€0,25) - 20:22:42 23.8.2012 - %6
Table 'Reunion 1 - Pot Limit' 9-max Seat #0 is the button
Seat 2: P0 (€25,11 in chips)
Seat 3: P1 (€18,67 in chips)
Seat 9: P6 (€90,90 in chips)
P0: posts small blind €0,10
P1: posts big blind €0,25
*** HOLECARDS ***
P6: checks
P0: calls €0,15
P1: checks
Rake: €0,04
*** FLOP *** [4d2h8s]
P0: bets €0,82
P1: folds
P6: folds
Uncalled bet (€0,82) returned to P0
P0 collected (€0,82) from pot
P0: mucked
*** SUMMARY ***
Total pot €0 | Rake €0,04
Board [4d2h8s]
Seat 2: P0 (small blind) collected (€0,81) from pot
Seat 3: P1 (big blind) folded
Seat 9: P6  folded";
        let h = parse(t).unwrap();
        assert_eq!(h.game.category, Category::OmahaHi);
        assert_eq!(h.button_seat, Some(1));
        let post = h.actions.iter().find(|a| a.player == 2).unwrap();
        assert_eq!((post.kind, post.amount), (ActionKind::BothBlinds, 35));
        assert_eq!((h.total_pot, h.rake), (85, 4));
    }

    /// A side pot in no award (the room's fault): the shown cards award it.
    const SIDE: &str = "Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6
Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button
Seat 1: amazing_mck (€18 in chips)
Seat 2: cik (€58,14 in chips)
Seat 3: tiza (€51,99 in chips)
Seat 4: frozechka (€66,25 in chips)
Seat 5: Player2 (€78,63 in chips)
Seat 6: Hero (€93,34 in chips)
Seat 7: iucupocu (€15,48 in chips)
Seat 8: tranquillo (€13,75 in chips)
Seat 9: Player4 (€42,15 in chips)
tiza: posts small blind €0,25
frozechka: posts big blind €0,50
amazing_mck: posts big blind €0,50
*** HOLECARDS ***
Player2: calls €0,50
Hero: raises €2,75
iucupocu: calls €2,75
tranquillo: folds
Player4: folds
amazing_mck: raises €11,75
cik: calls €12,25
tiza: folds
frozechka: folds
Player2: raises €38,11
Hero: folds
iucupocu: folds
amazing_mck: goes all-in €5,75
cik: goes all-in €45,89
Player2: calls €19,53
Rake: €3,61
Rake: €-2,22
*** FLOP *** [Td4h7d]
*** TURN *** [Td4h7d2d]
*** RIVER *** [Td4h7d2dKc]
*** SHOWDOWN ***
amazing_mck: shows [5cJc5hJs] (A Pair, Jacks)
cik: shows [4dQsQh3h] (A Pair, Queens)
Player2: shows [Kh3sThKs] (Three of a kind, Kings)
Player2: collected (€56,64) from pot
*** SUMMARY ***
Total pot €2,75 | Rake €1,39
Board [Td4h7d2dKc]
Seat 1: amazing_mck  showed [5cJc5hJs] and lost with A Pair, Jacks
Seat 2: cik (dealer) showed [4dQsQh3h] and lost with A Pair, Queens
Seat 3: tiza (small blind) folded
Seat 4: frozechka (big blind) folded
Seat 5: Player2  showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings
Seat 6: Hero  folded
Seat 7: iucupocu  folded
Seat 8: tranquillo  folded
Seat 9: Player4  folded";

    #[test]
    fn a_side_pot_in_no_award() {
        let h = parse(SIDE).unwrap();
        let p2 = h.player_index("Player2").unwrap();
        assert_eq!(
            h.collections
                .iter()
                .map(|c| (c.player, c.amount))
                .collect::<Vec<_>>(),
            vec![(p2, 13_914)]
        );
        assert_eq!((h.total_pot, h.rake), (14_053, 139));
        // Awards the cards do not give: refused, naming the player.
        let bad = SIDE
            .replace(
                "lost with A Pair, Queens",
                "won (€56,64) with A Pair, Queens",
            )
            .replace(
                "won (€56,64) with Three of a kind, Kings",
                "lost with Three of a kind, Kings",
            );
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        assert!(e.message.contains("cik is awarded 56.64"), "{}", e.message);
        // Without the cards, nothing decides the side pot: refused as not adding up.
        let e = parse(
            &SIDE
                .replace("Player2: shows [Kh3sThKs] (Three of a kind, Kings)\n", "")
                .replace(
                    "showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings",
                    "collected (€56,64) from pot",
                ),
        )
        .unwrap_err();
        assert!(
            e.message.starts_with("the pot does not add up"),
            "{}",
            e.message
        );
    }

    #[test]
    fn headers_and_cards() {
        assert!(
            header("Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6").is_some()
        );
        assert!(header("Game #1: Omaha ($1/$2) - 1:02:03 1.1.2012").is_some());
        assert!(header("Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04").is_none());
        assert_eq!(cards_of("5cJc5hJs", 1).unwrap().len(), 4);
        assert_eq!(
            cards_of("10h 2c", 1).unwrap(),
            Card::parse_all("Th 2c").unwrap()
        );
        assert!(cards_of("5cJ", 1).is_err());
        assert_eq!(
            start_time("20:22:42 23.8.2012").unwrap().to_rfc3339(),
            "2012-08-23T20:22:42+00:00"
        );
    }
}

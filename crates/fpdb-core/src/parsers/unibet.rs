//! Unibet hand histories (the room's own client, 2021): cash tables in euros, pounds or dollars,
//! stored under the site name `Unibet`.
//!
//! The format names every section (`*** Seated players ***` ... `*** Summary ***`), prints
//! actions without a colon after the name (`NAME folds`), pays an uncalled bet inside the win
//! (`NAME wins €1.10` holds the bettor's own unmatched chips) and ends with a summary line per
//! player who put money in or won (`Seat 1: NAME: bet €0.05 and won €0, net result: €-0.05`).
//! One pass over the lines; names are matched against the seat list, longest first; the
//! betting verbs are the shared [`verbs`](crate::parsers::verbs), money goes through
//! [`HandBuilder`] and [`crate::pot::settle`] with [`Uncalled::Unmatched`].
//!
//! # What the format prints, line by line
//!
//! - Header: `Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50
//!   2021/04/04`: the hand number, the table's name, the blinds, the game (`No Limit`, `Pot
//!   Limit`, `Fixed Limit` or `Limit`, then `Hold'Em`, `Omaha` or `Omaha Hi/Lo`, and the
//!   table family's word `Banzai`, kept in nothing), the time and date. No zone is printed:
//!   fpdb stores the time as printed, as UTC (as the reference tracker does).
//! - `*** Seated players ***`, then `Seat 1: NAME (€5.15)[ (sitting out)]`.
//! - `*** Blinds and button ***`, `NAME has the button`, posts (`posts small blind €0.05`,
//!   `posts big blind €0.10`, `posts small & big blinds €0.15`, `posts the ante`, `posts
//!   straddle`).
//! - `*** Hole cards ***`, `Dealt in NAME` (a player dealt cards nobody sees), `Dealt to NAME
//!   [Ac 7c]`.
//! - `*** Preflop ***`, `*** Flop *** [..]`, `*** Turn *** [..]`, `*** River *** [..]` (the
//!   cards of every bracket group not yet on the board are the street's), `*** Showdown ***`.
//! - Actions: `folds`, `checks`, `calls €X`, `bets €X`, `raises €X to €Y` (the new total is
//!   read), each possibly followed by `, and is all-in` or ` and is all-in`.
//! - `NAME shows [..]` (and a description), `NAME mucks`.
//! - `NAME wins €X`: what the player takes, his unmatched bet included (taken out again by
//!   [`Uncalled::Unmatched`]).
//! - `*** Summary ***`, `Total pot €X Rake €Y` (also `Total pot €X | Rake €Y`): the total holds
//!   every chip put in, unmatched bets included; `Board [..]`; `Seat N: NAME: bet €X and won
//!   €Y, net result: €Z`, checked against the actions: `bet` is what the player put in, `won`
//!   what he took back (collections and returned chips), `net` their difference.
//! - Any other line naming no seated player that holds no digit and no card group (chat,
//!   notices) carries nothing and is ignored.
//!
//! Refused: a game or betting structure fpdb does not read (tournaments among them: their
//! headers print no currency), amounts without a currency, an unknown line that could carry
//! money or cards, an award with words after the amount (split or side pots: no such hand has
//! been seen), a summary that disagrees with the actions, and a hand cut before its summary
//! lists every player who put money in (the format has no end marker).

use chrono::{DateTime, Utc};

use crate::amount::{self, CENTS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::sealswithclubs::{cards_at, other_line};
use crate::parsers::text::{self, groups, rfind, split2, HandLines};
use crate::parsers::verbs::{Betting, Rules, Verb, POKERSTARS};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The Unibet format.
#[derive(Debug)]
pub struct Unibet;
room!(Unibet, SITE, b"G", |l| header(l).is_some(), parse_chunk);

const SITE: &str = "Unibet";

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// The parts of a header line.
struct Header<'a> {
    id: &'a str,
    table: &'a str,
    stakes: &'a str,
    game: &'a str,
    when: &'a str,
}

/// "Game #N: Table NAME - SB/BB - GAME - HH:MM:SS YYYY/MM/DD".
fn header(line: &str) -> Option<Header<'_>> {
    let (id, r) = text::numbered_header(line, &["Game #"])?;
    let r = r.strip_prefix(" Table ")?;
    let (r, when) = text::rsplit2(r, " - ")?;
    let (r, game) = text::rsplit2(r, " - ")?;
    let (table, stakes) = text::rsplit2(r, " - ")?;
    let b = when.as_bytes();
    if !(b.len() >= 19 && b[0].is_ascii_digit() && b[2] == b':' && b[8] == b' ') {
        return None;
    }
    Some(Header {
        id,
        table,
        stakes,
        game,
        when,
    })
}

/// "13:22:50 2021/04/04": the time as printed (no zone), as UTC.
fn start_time(when: &str) -> Option<DateTime<Utc>> {
    let (clock, date) = when.trim().split_once(' ')?;
    let t = time::parse_datetime(&format!("{date} {clock}"))?;
    Some(t.and_utc())
}

/// "No Limit Hold'Em Banzai", "Pot Limit Omaha": the betting structure and the game.
fn game_name(name: &str) -> Option<(LimitType, Category)> {
    let name = name.strip_suffix(" Banzai").unwrap_or(name);
    let (limit, game) = [
        ("No Limit ", LimitType::NoLimit),
        ("Pot Limit ", LimitType::PotLimit),
        ("Fixed Limit ", LimitType::FixedLimit),
        ("Limit ", LimitType::FixedLimit),
    ]
    .iter()
    .find_map(|&(w, l)| name.strip_prefix(w).map(|g| (l, g)))?;
    let category = match game {
        "Hold'Em" | "Hold'em" | "Holdem" => Category::Holdem,
        "Omaha" => Category::OmahaHi,
        "Omaha Hi/Lo" | "Omaha Hi-Lo" => Category::OmahaHiLo,
        _ => return None,
    };
    Some((limit, category))
}

/// The game of a header whose table or amounts name `currency`.
fn parse_game(h: &Header<'_>, currency: &str, no: u32) -> Result<Game, ParseError> {
    let (limit_type, category) = game_name(h.game).ok_or_else(|| {
        ParseError::new(
            ErrorKind::Unsupported,
            no,
            "a Unibet game fpdb does not read",
        )
    })?;
    let unreadable = || ParseError::malformed(no, "unreadable blinds in the header");
    let (sb, bb) = h.stakes.split_once('/').ok_or_else(unreadable)?;
    let m = |t: &str| money_at(t, no).map_err(|_| unreadable());
    let (sb, bb) = (m(sb)?, m(bb)?);
    let mut game = Game::blinds(GameKind::Ring, category, limit_type, (sb, bb), currency);
    if limit_type == LimitType::FixedLimit {
        // Fixed limit: the blinds are half the small bet and the small bet.
        game.big_bet = bb.saturating_mul(2);
    }
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount ("€0.95", "€1", "1,000.50") in cents, on line `no`.
fn money_at(t: &str, no: u32) -> Result<Money, ParseError> {
    text::checked_money(t, CENTS, no)
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of Unibet text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let h = header(first.trim_end())
            .ok_or_else(|| ParseError::malformed(first_no, "not a Unibet hand header"))?;
        let no = text::hand_number(h.id, first_no, first)?;
        let start_time = start_time(h.when).ok_or_else(|| {
            ParseError::malformed(first_no, "unreadable date in the header").with_hand_no(Some(no))
        })?;
        let p = Parser {
            b: None,
            no,
            id: h.id.to_string(),
            header: first.trim_end().to_string(),
            header_line: first_no,
            start_time,
            section: Section::Head,
            betting: Betting::new(Rules::NONE),
            hero: None,
            board: Vec::with_capacity(5),
            total: None,
            summary: Vec::new(),
            category_known: false,
        };
        Ok((p, no))
    })
}

/// The part of the hand being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before "*** Seated players ***".
    Head,
    Seats,
    /// Posts, cards and betting.
    Play,
    Summary,
}

/// A summary line: the player, what he put in and what he took back, and its line.
struct SummaryLine {
    player: PlayerIdx,
    bet: Money,
    won: Money,
    line: u32,
}

struct Parser {
    /// Built at the first seat line (whose amount names the currency).
    b: Option<HandBuilder>,
    no: i64,
    id: String,
    header: String,
    header_line: u32,
    start_time: DateTime<Utc>,
    section: Section,
    betting: Betting,
    hero: Option<PlayerIdx>,
    board: Vec<Card>,
    /// The summary's total pot and rake, and its line.
    total: Option<(Money, Money, u32)>,
    summary: Vec<SummaryLine>,
    category_known: bool,
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
    /// The builder, once the first seat line made it.
    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's seat lines"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("*** ") {
            return self.section_line(no, r);
        }
        match self.section {
            Section::Head => Err(ParseError::malformed(
                no,
                "a line before \"*** Seated players ***\"",
            )),
            Section::Seats => match line.strip_prefix("Seat ") {
                Some(r) => self.seat(no, r),
                None => Err(ParseError::malformed(no, "not a seat line among the seats")),
            },
            Section::Play => self.play_line(no, line),
            Section::Summary => self.summary_line(no, line),
        }
    }

    /// "Seated players ***", "Flop *** [2c 3d 4h]", ... (after "*** ").
    fn section_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, after) = split2(r, " ***")
            .ok_or_else(|| ParseError::malformed(no, "unreadable section line"))?;
        let next = match (self.section, name) {
            (Section::Head, "Seated players") => Section::Seats,
            (Section::Seats | Section::Play, "Blinds and button" | "Hole cards") => {
                self.builder(no)?;
                Section::Play
            }
            (Section::Play, "Preflop" | "Flop" | "Turn" | "River" | "Showdown") => {
                self.street(no, name, after)?;
                Section::Play
            }
            (Section::Play, "Summary") => Section::Summary,
            _ => {
                return Err(ParseError::malformed(
                    no,
                    "a section fpdb does not read, or out of order",
                ))
            }
        };
        self.section = next;
        Ok(())
    }

    /// "Seat 1: NAME (€5.15)[ (sitting out)]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let (n, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = n
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (body, sitting_out) = match rest.strip_suffix(" (sitting out)") {
            Some(b) => (b, true),
            None => (rest, false),
        };
        let body = body.strip_suffix(')').ok_or_else(unreadable)?;
        let open = rfind(body, " (").ok_or_else(unreadable)?;
        let (name, amount) = (&body[..open], &body[open + 2..]);
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = money_at(amount, no)?;
        if self.b.is_none() {
            let currency = amount::currency_of_symbol(amount).ok_or_else(|| {
                ParseError::new(
                    ErrorKind::Unsupported,
                    no,
                    "amounts without a currency (play money or tournament chips): fpdb does \
                     not read them for Unibet",
                )
            })?;
            let h = header(&self.header)
                .ok_or_else(|| ParseError::malformed(self.header_line, "not a Unibet header"))?;
            let game = parse_game(&h, currency, self.header_line)?;
            let table = h.table.to_string();
            let mut b = HandBuilder::new(SITE, self.no, &self.id, game, self.start_time);
            b.hand_mut().table_name = table;
            self.b = Some(b);
        }
        let b = self.builder(no)?;
        b.seat_player(no, seat, name, stack, sitting_out)?;
        Ok(())
    }

    /// A street's line: "Preflop", "Flop" with "[2c 3d 4h]", "Turn" with "[2c 3d 4h] [5s]", ...
    fn street(&mut self, no: u32, name: &str, after: &str) -> Result<(), ParseError> {
        let street: i8 = match name {
            "Preflop" => 0,
            "Flop" => 1,
            "Turn" => 2,
            "River" => 3,
            _ => -1, // the showdown: no betting
        };
        for g in groups(after) {
            for c in cards_at(g, no)? {
                if !self.board.contains(&c) {
                    self.board.push(c);
                }
            }
        }
        if self.board.len() > 5 {
            return Err(ParseError::malformed(no, "more than five board cards"));
        }
        let b = self.builder(no)?;
        if street > b.street() {
            b.set_street(street);
        }
        Ok(())
    }

    /// A line of the play: dealt cards, the button, actions, shows and wins.
    fn play_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Dealt in ") {
            return match self.builder(no)?.player(r) {
                Some(_) => Ok(()),
                None => Err(ParseError::malformed(
                    no,
                    "cards dealt to a player who is not in the seat list",
                )),
            };
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        let b = self.builder(no)?;
        let found = text::name_prefix(&b.hand().players, line, |c| c == b' ', false);
        match found {
            Some((p, n)) => self.player_line(no, p, &line[n + 1..]),
            None => other_line(no, line),
        }
    }

    /// The category once a player's cards are seen: omaha tables dealing five cards.
    fn settle_category(&mut self, count: usize) {
        if std::mem::replace(&mut self.category_known, true) {
            return;
        }
        let Some(b) = self.b.as_mut() else { return };
        let g = &mut b.hand_mut().game;
        let c = match (g.category, count) {
            (Category::OmahaHi, 5) => Category::Omaha5Hi,
            (Category::OmahaHiLo, 5) => Category::Omaha5HiLo,
            _ => return,
        };
        g.category = c;
        g.hi_lo = c.hilo();
    }

    /// "Dealt to NAME [Ac 7c]" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let b = self.builder(no)?;
        let Some(open) = rfind(r, " [") else {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        };
        let Some(p) = b.player(&r[..open]) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let g = groups(&r[open..]).next().unwrap_or("");
        let cards = cards_at(g, no)?;
        self.settle_category(cards.len());
        self.builder(no)?.set_cards(p, &cards);
        self.hero.get_or_insert(p);
        Ok(())
    }

    /// A line starting with a seated player's name: `r` the text after the name and its space.
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if r == "has the button" {
            let b = self.builder(no)?;
            let seat = b.hand().players[p].seat;
            b.hand_mut().button_seat = Some(seat);
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("wins ") {
            let amount = money_at(x, no).map_err(|_| {
                ParseError::malformed(no, "an award fpdb does not read (only \"wins €X\")")
            })?;
            if amount > 0 {
                self.builder(no)?.collect(p, amount, 0, 0);
            }
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("shows ") {
            let (g, _) = text::bracket(x)
                .ok_or_else(|| ParseError::malformed(no, "unreadable shown cards"))?;
            let cards = cards_at(g, no)?;
            self.settle_category(cards.len());
            let b = self.builder(no)?;
            b.hand_mut().players[p].shown = true;
            b.reveal(p, &cards);
            return Ok(());
        }
        self.action(no, p, r)
    }

    /// A betting verb: the shared verbs, ", and is all-in" read as the all-in tail.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (r, all_in) = match r.strip_suffix(", and is all-in") {
            Some(x) => (x, true),
            None => (r, false),
        };
        let Some(mut verb) = POKERSTARS.parse(r, |t| money_at(t, no), no)? else {
            return Err(ParseError::malformed(no, "an action fpdb does not read"));
        };
        if all_in {
            match &mut verb {
                Verb::Call { all_in, .. }
                | Verb::Bet { all_in, .. }
                | Verb::Raise { all_in, .. }
                | Verb::Post { all_in, .. } => *all_in = true,
                _ => return Err(ParseError::malformed(no, "an all-in of no bet")),
            }
        }
        let b = self
            .b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's seat lines"))?;
        if self.betting.apply(b, p, &verb) {
            return Ok(());
        }
        match verb {
            Verb::Muck => b.hand_mut().players[p].mucked = true,
            Verb::SitOut => b.hand_mut().players[p].sitting_out = true,
            _ => return Err(ParseError::malformed(no, "an action fpdb does not read")),
        }
        Ok(())
    }

    /// A summary line: the total, the board, a player's line.
    fn summary_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Total pot ") {
            return self.total_line(no, r);
        }
        if let Some(r) = line
            .strip_prefix("Board: ")
            .or_else(|| line.strip_prefix("Board "))
        {
            let mut cards = Vec::with_capacity(5);
            for g in groups(r) {
                cards.extend(cards_at(g, no)?);
            }
            if cards != self.board {
                return Err(ParseError::malformed(
                    no,
                    "the summary's board is not the streets' board",
                ));
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.summary_seat(no, r);
        }
        other_line(no, line)
    }

    /// "€1.10 Rake €0", "€1.10 | Rake €0" (after "Total pot ").
    fn total_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable total pot");
        let (total, rake) = split2(r, " Rake ").ok_or_else(unreadable)?;
        let total = total.strip_suffix(" |").unwrap_or(total);
        if self.total.is_some() {
            return Err(ParseError::malformed(no, "a second total pot"));
        }
        self.total = Some((money_at(total, no)?, money_at(rake, no)?, no));
        Ok(())
    }

    /// "1: NAME: bet €0.05 and won €0, net result: €-0.05" (after "Seat ").
    fn summary_seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable summary line");
        let (seat, r) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = seat.parse().map_err(|_| unreadable())?;
        let (name, r) = text::rsplit2(r, ": bet ").ok_or_else(unreadable)?;
        let (bet, r) = split2(r, " and won ").ok_or_else(unreadable)?;
        let (won, net) = split2(r, ", net result: ").ok_or_else(unreadable)?;
        let b = self.builder(no)?;
        let p = b
            .player(name)
            .filter(|&p| b.hand().players[p].seat == seat)
            .ok_or_else(|| {
                ParseError::malformed(no, "a summary line of a player not in that seat")
            })?;
        let (bet, won) = (money_at(bet, no)?, money_at(won, no)?);
        let net = amount::parse_amount(net.trim(), CENTS).ok_or_else(unreadable)?;
        if won.checked_sub(bet) != Some(net) {
            return Err(ParseError::malformed(
                no,
                "a summary line whose net result is not won less bet",
            ));
        }
        if self.summary.iter().any(|s| s.player == p) {
            return Err(ParseError::malformed(
                no,
                "a second summary line of a player",
            ));
        }
        self.summary.push(SummaryLine {
            player: p,
            bet,
            won,
            line: no,
        });
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        let cut = |what: &str| {
            ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                format!("the hand stops {what}: the file was cut"),
            )
        };
        let Some(mut b) = self.b.take() else {
            return Err(cut("before its seat lines"));
        };
        let Some((total, rake, total_line)) = self.total else {
            return Err(cut("before its summary's total pot"));
        };
        // Every player who put money in or won has his summary line, and they add up to the
        // total: a hand cut among the summary lines is refused.
        let hand = b.hand();
        let mut put_in = vec![0 as Money; hand.players.len()];
        for a in &hand.actions {
            put_in[a.player] = put_in[a.player].saturating_add(a.amount);
        }
        let mut took = vec![0 as Money; hand.players.len()];
        for c in &hand.collections {
            took[c.player] = took[c.player].saturating_add(c.amount);
        }
        for (p, (&i, &t)) in put_in.iter().zip(&took).enumerate() {
            if (i > 0 || t > 0) && !self.summary.iter().any(|s| s.player == p) {
                return Err(cut(
                    "before the summary line of every player who bet or won",
                ));
            }
        }
        let bets = self
            .summary
            .iter()
            .fold(0 as Money, |a, s| a.saturating_add(s.bet));
        if bets != total {
            return Err(ParseError::malformed(
                total_line,
                "the summary's bets do not add up to its total pot",
            ));
        }
        for s in &self.summary {
            if s.bet != put_in[s.player] || s.won != took[s.player] {
                return Err(ParseError::malformed(
                    s.line,
                    "a summary line that disagrees with the player's actions and wins",
                ));
            }
        }
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(CENTS, total_line);
        policy.rake = Some(rake);
        policy.uncalled = Uncalled::Unmatched;
        b.settle(&policy)?;
        let hand = b.hand();
        if pot::collected(hand).saturating_add(hand.rake) != hand.total_pot {
            return Err(ParseError::malformed(
                total_line,
                "the wins and the rake are not the pot",
            ));
        }
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    const HAND: &str =
        "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
*** Seated players ***
Seat 1: Player0 (€5.15)
Seat 2: Player1 (€1)
Seat 3: Player2 (€1.53)
Seat 4: Hero (€0.95)
Seat 5: Player3 (€1.24)
Seat 6: Player4 (€2.35)
*** Blinds and button ***
Player4 has the button
Player0 posts small blind €0.05
Player1 posts big blind €0.10
*** Hole cards ***
Dealt in Player0
Dealt in Player1
Dealt in Player2
Dealt to Hero [Ac 7c]
Dealt in Player3
Dealt in Player4
*** Preflop ***
Player2 folds
Hero raises €0.95 to €0.95, and is all-in
Player3 folds
Player4 folds
Player0 folds
Player1 folds
Hero wins €1.10
*** Summary ***
Total pot €1.10 Rake €0
Seat 1: Player0: bet €0.05 and won €0, net result: €-0.05
Seat 2: Player1: bet €0.10 and won €0, net result: €-0.10
Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15
";

    /// A showdown hand written to the format's lines (flop, turn, river, shows, rake).
    const SHOWDOWN: &str =
        "Game #1463192600: Table €2 PLO - 0.10/0.20 - Pot Limit Omaha - 21:05:01 2021/04/05
*** Seated players ***
Seat 1: Anna Maria (€20)
Seat 2: Bob (€18.40)
Seat 3: Carl (€5) (sitting out)
*** Blinds and button ***
Bob has the button
Bob posts small blind €0.10
Anna Maria posts big blind €0.20
*** Hole cards ***
Dealt to Bob [Ah Kh Qd Jd]
Dealt in Anna Maria
*** Preflop ***
Bob calls €0.10
Anna Maria checks
*** Flop *** [2c 7d Th]
Anna Maria bets €0.40
Bob calls €0.40
*** Turn *** [2c 7d Th] [Js]
Anna Maria checks
Bob bets €1
Anna Maria calls €1
*** River *** [2c 7d Th Js] [3s]
Anna Maria checks
Bob checks
*** Showdown ***
Anna Maria shows [9s 8s 6h 5h]
Bob shows [Ah Kh Qd Jd]
Bob wins €3.10
*** Summary ***
Total pot €3.20 | Rake €0.10
Board [2c 7d Th Js 3s]
Seat 1: Anna Maria: bet €1.60 and won €0, net result: €-1.60
Seat 2: Bob: bet €1.60 and won €3.10, net result: €1.50
";

    fn parse(text: &str) -> Result<Hand, ParseError> {
        Unibet.parse(&Chunk::new(text, 1, Some(&Unibet)))
    }

    #[test]
    fn the_header_is_read() {
        let h = header("Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04").unwrap();
        assert_eq!(
            (h.id, h.table, h.stakes, h.game),
            (
                "1463192545",
                "€1 NL",
                "0.05/0.10",
                "No Limit Hold'Em Banzai"
            )
        );
        assert!(header("Game #1: Table x - 1/2 - No Limit Hold'Em - 2021/04/04").is_none());
        assert!(header("Game Hand #1 - Tournament #2").is_none());
    }

    #[test]
    fn an_uncalled_all_in_paid_inside_the_win() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Unibet");
        assert_eq!(h.site_hand_no, 1_463_192_545);
        assert_eq!(h.table_name, "€1 NL");
        assert_eq!(h.start_time.to_rfc3339(), "2021-04-04T13:22:50+00:00");
        assert_eq!(h.game.currency, "EUR");
        assert_eq!((h.game.small_blind, h.game.big_blind), (5, 10));
        assert_eq!(h.button_seat, Some(6));
        assert_eq!(h.players.len(), 6);
        let hero = h.player_index("Hero").unwrap();
        assert_eq!(h.hero, Some(hero));
        // Hero's 0.85 above the big blind comes back; he wins the blinds.
        assert_eq!(h.total_pot, 25);
        assert_eq!(h.rake, 0);
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (hero, 85));
        assert_eq!(h.collections.len(), 1);
        assert_eq!(
            (h.collections[0].player, h.collections[0].amount),
            (hero, 25)
        );
    }

    #[test]
    fn a_showdown_with_rake() {
        let h = parse(SHOWDOWN).unwrap();
        assert_eq!(h.game.category, Category::OmahaHi);
        assert_eq!(h.game.limit_type, LimitType::PotLimit);
        assert_eq!(h.boards.len(), 1);
        assert_eq!(h.boards[0].len(), 5);
        assert_eq!((h.total_pot, h.rake), (320, 10));
        let carl = h.player_index("Carl").unwrap();
        assert!(h.players[carl].sitting_out);
        let anna = h.player_index("Anna Maria").unwrap();
        assert!(h.players[anna].shown);
        assert_eq!(h.players[anna].cards.len(), 4);
    }

    #[test]
    fn a_hand_cut_anywhere_is_refused() {
        text::every_cut_is_unfinished(HAND, parse);
        text::every_cut_is_unfinished(SHOWDOWN, parse);
    }

    #[test]
    fn a_summary_disagreeing_with_the_actions_is_refused() {
        let bad = SHOWDOWN.replace(
            "Bob: bet €1.60 and won €3.10, net result: €1.50",
            "Bob: bet €1.60 and won €3.00, net result: €1.40",
        );
        assert!(parse(&bad).is_err());
        let bad = HAND.replace("Total pot €1.10", "Total pot €1.20");
        assert!(parse(&bad).is_err());
        let bad = HAND.replace("Hero wins €1.10", "Hero wins €1.10 from side pot 1");
        assert!(parse(&bad).is_err());
    }

    #[test]
    fn tournaments_and_unknown_games_are_refused() {
        let t = HAND
            .replace("(€", "(")
            .replace("€", "")
            .replace("Table 1 NL", "Table T NL");
        let e = parse(&t).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let g = HAND.replace("No Limit Hold'Em Banzai", "Fixed Limit Razz");
        assert_eq!(parse(&g).unwrap_err().kind, ErrorKind::Unsupported);
    }
}

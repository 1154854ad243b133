//! Seals With Clubs hand histories (the 2013 text format of the bitcoin room): cash tables in
//! mBTC, stored under the site name `SealsWithClubs`.
//!
//! The format has no summary: a `Hand #A-B - date` header, `Game:`, `Site:` and `Table:` lines,
//! seat lines, actions without a colon after the name (`NAME calls 2`), `** Street **` markers
//! with the street's cards, and the awards (`NAME wins Pot (X)`, each followed by its `Rake (Y)`)
//! at the end. One pass over the lines, no regular expressions; names are matched against the
//! seat list, longest first. The betting verbs are the shared [`verbs`](crate::parsers::verbs);
//! money goes through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers
//!
//! The id is two numbers (`#5297786-137`): `site_hand_no` is `A·10^5 + B`
//! (`529778600137`), `site_hand_id` the id as printed. The second number stays below 10^5 in
//! every history (it counts hands within the first); a larger one is refused as out of range,
//! so the mapping is injective (leading zeros of B, `-010`, are the same number as `-10`).
//!
//! # What the format prints, line by line
//!
//! - Header: `Hand #5297786-137 - 2013-04-11 02:08:55`, the time in US Eastern time (no zone is
//!   printed).
//! - `Game: NL Hold'em (20 - 100) - Blinds 1/1`: limit (`NL`, `PL`, `FL`, or the words), game
//!   (`Hold'em`, `Omaha`, `Omaha Hi-Lo`; 5-card omaha when five cards are dealt), the table's
//!   buy-in range in big blinds (ignored), and the blinds; fixed-limit tables print `Stakes
//!   X/Y`, the bets (blinds X/2 and X).
//! - `Site: Seals With Clubs` (another site's name is refused); `Table: NLHE 6max .5/1 #6` (the
//!   name; `6max`/`9max`/`HU` the seats).
//! - `Seat 1: NAME (1346.42)[ - waiting for big blind| - sitting out]`: a player waiting for
//!   the big blind is out of the hand until he posts.
//! - `NAME has the dealer button`.
//! - Posts: `posts small blind X`, `posts big blind X`, `posts small & big blind X` (the small
//!   blind part dead).
//! - `** Hole Cards **`, `Dealt to NAME [4c Tc]`; `** Flop ** [3s Tc Qh]`, `** Turn ** [2h]`,
//!   `** River ** [Kh]`; `** Pot Show Down ** [board]`, `** Main Pot Show Down ** [..]` (the
//!   whole board: no betting).
//! - Actions: `folds`, `checks`, `calls X`, `bets X`, `raises to X` (the new total), each
//!   amount possibly followed by ` (All-in)`.
//! - `NAME refunded X`: the uncalled bet given back.
//! - `NAME shows [6d 4d] (High Card Ace +KT65)`, `NAME mucks`.
//! - `NAME wins Pot (X)[ with ...]`, `NAME wins Main Pot (X)`, `NAME wins Side Pot N (X)`: what
//!   the player takes from that pot, after the rake; the next `Rake (Y)` line is that pot's
//!   rake. The hand's rake is Σ of those lines.
//! - `NAME adds N chips`: a rebuy that counts from the next hand (ignored).
//! - Any other line naming no seated player that holds no digit and no card group (chat,
//!   notices) carries nothing and is ignored.
//!
//! Money: mBTC with two decimals, stored in hundredths of a mBTC (currency `mBTC`: `1346.42` →
//! 134642).
//!
//! Refused: an unknown line that could carry money or cards, an action of a kind fpdb does not
//! read or by a name with no seat, two players in one seat, another site's `Site:` line, and a
//! hand cut before every chip the players put in is awarded (the format has no end marker: the
//! hand is finished when Σ awards + Σ rake = what the players left in the pot, and the last
//! award has its rake line).

use chrono::{DateTime, Utc};

use crate::amount::CENTS;
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, find, groups, rfind, split2, HandLines};
use crate::parsers::verbs::{Betting, Rules, Verb, POKERSTARS};
use crate::pot::{self, PotPolicy};
use crate::split::Chunk;
use crate::time;

/// The Seals With Clubs format.
#[derive(Debug)]
pub struct SealsWithClubs;
room!(
    SealsWithClubs,
    SITE,
    b"H",
    |l| header(l).is_some(),
    parse_chunk
);

const SITE: &str = "SealsWithClubs";

/// The room's name on its `Site:` line.
const SITE_PRINTED: &str = "Seals With Clubs";

/// The currency of the tables.
const CURRENCY: &str = "mBTC";

/// `site_hand_no` = first number × this + second number.
const HAND_NO_FACTOR: i64 = 100_000;

/// The word of both blinds posted at once ("posts small & big blind 1.50"), read before the
/// PokerStars verbs (whose word is plural).
const BOTH_BLINDS: &str = "posts small & big blind ";

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "Hand #A-B - YYYY-MM-DD HH:MM:SS": the two numbers' text and the date's text.
fn header(line: &str) -> Option<(&str, &str, &str)> {
    let r = line.strip_prefix("Hand #")?;
    let a = r.bytes().take_while(u8::is_ascii_digit).count();
    let r2 = r.get(a..)?.strip_prefix('-')?;
    let b = r2.bytes().take_while(u8::is_ascii_digit).count();
    let when = r2.get(b..)?.strip_prefix(" - ")?;
    if a == 0 || b == 0 || !when.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some((&r[..a], &r2[..b], when))
}

/// The stored hand number of "A-B" (see the module).
fn hand_no(a: &str, b: &str) -> Option<i64> {
    let a: i64 = a.parse().ok()?;
    let b: i64 = b.parse().ok().filter(|&b| b < HAND_NO_FACTOR)?;
    a.checked_mul(HAND_NO_FACTOR)?.checked_add(b)
}

/// "NL Hold'em", "No Limit Hold'em", "PL Omaha Hi-Lo": the betting structure and the game.
fn game_name(name: &str) -> Option<(LimitType, Category)> {
    let (first, rest) = name.split_once(' ')?;
    let (limit, game) = match first {
        "No" | "Pot" | "Fixed" => (first, rest.strip_prefix("Limit ")?),
        _ => (first, rest),
    };
    let limit = match limit {
        "NL" | "No" => LimitType::NoLimit,
        "PL" | "Pot" => LimitType::PotLimit,
        "FL" | "Fixed" | "Limit" => LimitType::FixedLimit,
        _ => return None,
    };
    let category = match game {
        "Hold'em" | "Holdem" => Category::Holdem,
        "Omaha" => Category::OmahaHi,
        "Omaha Hi-Lo" | "Omaha Hi/Lo" => Category::OmahaHiLo,
        _ => return None,
    };
    Some((limit, category))
}

/// "NL Hold'em (20 - 100) - Blinds 0.50/1" (after "Game: "): the game, or what is wrong.
fn parse_game(r: &str) -> Result<Game, (ErrorKind, &'static str)> {
    let (name, r) = split2(r, " (").ok_or((ErrorKind::Malformed, "unreadable game line"))?;
    let (limit_type, category) = game_name(name).ok_or((
        ErrorKind::Unsupported,
        "a Seals With Clubs game fpdb does not read",
    ))?;
    let unreadable = (ErrorKind::Malformed, "unreadable stakes");
    let (_, stakes) = rfind(r, " - ")
        .map(|i| r.split_at(i + 3))
        .ok_or(unreadable)?;
    let (word, amounts) = stakes.split_once(' ').ok_or(unreadable)?;
    let (x, y) = amounts.trim().split_once('/').ok_or(unreadable)?;
    let m = |t: &str| text::parse_unsigned_amount(t, CENTS).map_err(|_| unreadable);
    let (x, y) = (m(x)?, m(y)?);
    let blinds = match word {
        "Blinds" => (x, y),
        // Fixed limit: the bets; the blinds are half the small bet and the small bet.
        "Stakes" => (x / 2, x),
        _ => return Err(unreadable),
    };
    let mut game = Game::blinds(GameKind::Ring, category, limit_type, blinds, CURRENCY);
    if word == "Stakes" {
        game.big_bet = y;
    }
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount in mBTC ("1346.42", "0.50", "30") in hundredths, on line `no`.
fn money_at(t: &str, no: u32) -> Result<Money, ParseError> {
    text::checked_money(t, CENTS, no)
}

/// The cards of a bracket group (up to six, space-separated); Unibet's are written the same way.
pub(crate) fn cards_at(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    text::card_list(group, false, 6).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of Seals With Clubs text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (a, b, when) = header(first.trim_end())
            .ok_or_else(|| ParseError::malformed(first_no, "not a Seals With Clubs hand header"))?;
        let no = hand_no(a, b).ok_or_else(|| ParseError::hand_no_too_large(first_no))?;
        let start_time = time::parse_datetime(when)
            .map(|t| time::local_to_utc(t, time::EASTERN))
            .ok_or_else(|| {
                ParseError::malformed(first_no, "unreadable date in the header")
                    .with_hand_no(Some(no))
            })?;
        Ok((Parser::new(no, format!("{a}-{b}"), start_time), no))
    })
}

struct Parser {
    /// Built once the "Game:" line is read.
    b: Option<HandBuilder>,
    no: i64,
    id: String,
    start_time: DateTime<Utc>,
    /// The head (game, site, table, seats) is read: the actions have begun.
    in_body: bool,
    site_seen: bool,
    table: String,
    max_seats: Option<u8>,
    betting: Betting,
    hero: Option<PlayerIdx>,
    board: Vec<Card>,
    /// Σ of the "Rake (X)" lines.
    rake: Money,
    /// An award whose "Rake" line has not come yet, and its line.
    award_pending: Option<u32>,
    awards: usize,
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
    fn new(no: i64, id: String, start_time: DateTime<Utc>) -> Parser {
        Parser {
            b: None,
            no,
            id,
            start_time,
            in_body: false,
            site_seen: false,
            table: String::new(),
            max_seats: None,
            betting: Betting::new(Rules::NONE),
            hero: None,
            board: Vec::with_capacity(5),
            rake: 0,
            award_pending: None,
            awards: 0,
            category_known: false,
        }
    }

    /// The builder, once the game line made it.
    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's \"Game:\" line"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if !self.in_body {
            if let Some(r) = line.strip_prefix("Game: ") {
                if self.b.is_some() {
                    return Err(ParseError::malformed(no, "a second \"Game:\" line"));
                }
                let game =
                    parse_game(r.trim()).map_err(|(kind, msg)| ParseError::new(kind, no, msg))?;
                let mut b = HandBuilder::new(SITE, self.no, &self.id, game, self.start_time);
                b.hand_mut().table_name = std::mem::take(&mut self.table);
                b.hand_mut().max_seats = self.max_seats;
                self.b = Some(b);
                return Ok(());
            }
            if let Some(r) = line.strip_prefix("Site: ") {
                if r.trim() != SITE_PRINTED {
                    return Err(ParseError::new(
                        ErrorKind::Unsupported,
                        no,
                        "a hand of another site than Seals With Clubs",
                    ));
                }
                self.site_seen = true;
                return Ok(());
            }
            if let Some(r) = line.strip_prefix("Table: ") {
                self.table_line(r.trim());
                return Ok(());
            }
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            if !self.site_seen {
                return Err(ParseError::malformed(
                    no,
                    "no \"Site: Seals With Clubs\" line in the hand's head",
                ));
            }
            self.builder(no)?;
            self.in_body = true;
        }
        if let Some(r) = line.strip_prefix("** ") {
            return self.street(no, r);
        }
        if let Some(r) = line.strip_prefix("Rake (") {
            return self.rake_line(no, r);
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

    /// "NLHE 6max .5/1 #6", "NLHE HU 15/30 #2" (after "Table: ").
    fn table_line(&mut self, r: &str) {
        self.max_seats = r.split(' ').find_map(|w| {
            if w == "HU" {
                return Some(2);
            }
            w.strip_suffix("max").and_then(|n| n.parse().ok())
        });
        match self.b.as_mut() {
            Some(b) => {
                let h = b.hand_mut();
                h.table_name = r.to_string();
                h.max_seats = self.max_seats;
            }
            None => self.table = r.to_string(),
        }
    }

    /// "Seat 1: NAME (1346.42)[ - waiting for big blind| - sitting out]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let (n, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = n
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (body, note) = match rfind(rest, ") - ") {
            Some(i) => (&rest[..=i], Some(rest[i + 4..].trim())),
            None => (rest, None),
        };
        let body = body.strip_suffix(')').ok_or_else(unreadable)?;
        let open = rfind(body, " (").ok_or_else(unreadable)?;
        let name = &body[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = money_at(&body[open + 2..], no)?;
        // A player waiting for the big blind is out of the hand until he posts.
        let sitting_out = match note {
            None => false,
            Some("sitting out" | "waiting for big blind") => true,
            Some(_) => return Err(ParseError::malformed(no, "a seat note fpdb does not read")),
        };
        let b = self.builder(no)?;
        b.seat_player(no, seat, name, stack, sitting_out)?;
        Ok(())
    }

    /// "Hole Cards **", "Flop ** [3s Tc Qh]", "Turn ** [2h]", "River ** [Kh]", "Pot Show
    /// Down ** [board]", "Main Pot Show Down ** [..]" (after "** ").
    fn street(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let Some(end) = find(r, " **") else {
            return Err(ParseError::malformed(no, "unreadable street line"));
        };
        let (name, after) = (&r[..end], &r[end + 3..]);
        let street: i8 = match name {
            "Hole Cards" => 0,
            "Flop" => 1,
            "Turn" => 2,
            "River" => 3,
            n if n.ends_with("Show Down") => -1,
            _ => return Err(ParseError::malformed(no, "a street fpdb does not read")),
        };
        let mut cards = Vec::with_capacity(5);
        for g in groups(after) {
            cards.extend(cards_at(g, no)?);
        }
        if street < 0 {
            // The whole board, when it is longer than the streets showed.
            if cards.len() > self.board.len() {
                self.board = cards;
            }
            return Ok(());
        }
        if street > 0 {
            self.board.extend(cards);
        }
        let b = self.builder(no)?;
        if street > b.street() {
            b.set_street(street);
        }
        Ok(())
    }

    /// "0.17)" (after "Rake ("): the rake of the pot just awarded.
    fn rake_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let amt = r
            .strip_suffix(')')
            .ok_or_else(|| ParseError::malformed(no, "unreadable rake"))?;
        if self.award_pending.take().is_none() {
            return Err(ParseError::malformed(no, "a rake line after no award"));
        }
        self.rake = self.rake.saturating_add(money_at(amt, no)?);
        Ok(())
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

    /// A line starting with a seated player's name: `r` the text after the name and its space.
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if r == "has the dealer button" {
            let b = self.builder(no)?;
            let seat = b.hand().players[p].seat;
            b.hand_mut().button_seat = Some(seat);
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("refunded ") {
            let amount = money_at(x, no)?;
            self.builder(no)?.uncalled(p, amount);
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("wins ") {
            return self.award(no, p, x);
        }
        if let Some(x) = r.strip_prefix("adds ") {
            // A rebuy for the next hand: "adds 94 chips".
            return match x.strip_suffix(" chips").map(|c| money_at(c, no)) {
                Some(Ok(_)) => Ok(()),
                _ => Err(ParseError::malformed(no, "unreadable rebuy")),
            };
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

    /// "Dealt to NAME [4c Tc]" (after "Dealt to ").
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
        let b = self.builder(no)?;
        b.set_cards(p, &cards);
        self.hero.get_or_insert(p);
        Ok(())
    }

    /// A betting verb: the shared verbs, " (All-in)" read as the all-in tail.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (r, all_in) = match r.strip_suffix(" (All-in)") {
            Some(x) => (x, true),
            None => (r, false),
        };
        let verb = match r.strip_prefix(BOTH_BLINDS) {
            Some(a) => Some(Verb::Post {
                kind: ActionKind::BothBlinds,
                amount: money_at(a, no)?,
                all_in: false,
            }),
            None => POKERSTARS.parse(r, |t| money_at(t, no), no)?,
        };
        let Some(mut verb) = verb else {
            return Err(ParseError::malformed(no, "an action fpdb does not read"));
        };
        if all_in {
            set_all_in(&mut verb);
        }
        if let Verb::Post { .. } = verb {
            // A player waiting for the big blind is in the hand once he posts it.
            if let Some(b) = self.b.as_mut() {
                b.hand_mut().players[p].sitting_out = false;
            }
        }
        let b = self
            .b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's \"Game:\" line"))?;
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

    /// "Pot (6.83)", "Main Pot (6) with Two Pair", "Side Pot 1 (2)" (after "wins ").
    fn award(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable award");
        let (pot, rest) = split2(r, " (").ok_or_else(unreadable)?;
        let pot_no: u8 = match pot {
            "Pot" | "Main Pot" => 0,
            s => s
                .strip_prefix("Side Pot ")
                .and_then(|n| n.parse().ok())
                .ok_or_else(unreadable)?,
        };
        let (amt, tail) = rest.split_once(')').ok_or_else(unreadable)?;
        if !(tail.is_empty() || tail.starts_with(" with ")) {
            return Err(unreadable());
        }
        let amount = money_at(amt, no)?;
        self.award_pending = Some(no);
        self.awards += 1;
        let b = self.builder(no)?;
        if amount > 0 {
            b.collect(p, amount, pot_no, 0);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        let Some(mut b) = self.b.take() else {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the hand stops before its \"Game:\" line: the file was cut",
            ));
        };
        if b.hand().players.is_empty() {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the hand stops before its seat lines: the file was cut",
            ));
        }
        if self.awards == 0 {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the hand stops before its pot is awarded (still being played, or the file was \
                 cut)",
            ));
        }
        if self.award_pending.is_some() {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the hand stops after an award, before its rake line: the file was cut",
            ));
        }
        let hand = b.hand();
        let awarded = pot::collected(hand).saturating_add(self.rake);
        let in_pot = pot::players_money(hand);
        if awarded < in_pot {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                format!(
                    "the hand stops before every pot is awarded ({} of the {} in the pot): the \
                     file was cut",
                    pot::show_money(awarded, CENTS),
                    pot::show_money(in_pot, CENTS)
                ),
            ));
        }
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(CENTS, last_line);
        policy.rake = Some(self.rake);
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

/// A line naming no seated player: anything that could carry money or cards (a digit, a card
/// group) is refused, the rest (chat, notices) ignored. Cake's notices are read the same way.
pub(crate) fn other_line(no: u32, line: &str) -> Result<(), ParseError> {
    if line.bytes().any(|c| c.is_ascii_digit() || c == b'[') {
        return Err(ParseError::malformed(
            no,
            "a line fpdb does not read (by no seated player, with amounts or cards)",
        ));
    }
    Ok(())
}

/// Marks a betting verb all-in.
fn set_all_in(verb: &mut Verb<'_>) {
    match verb {
        Verb::Call { all_in, .. }
        | Verb::Bet { all_in, .. }
        | Verb::Raise { all_in, .. }
        | Verb::Post { all_in, .. } => *all_in = true,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&SealsWithClubs));
        SealsWithClubs.parse(&chunk)
    }

    const HAND: &str = "Hand #5338590-82 - 2013-04-12 00:37:11
Game: NL Hold'em (20 - 100) - Blinds 1/1
Site: Seals With Clubs
Table: NLHE 9max 1/1 #2
Seat 2: Player0 (23)
Seat 4: Player1 (195)
Seat 5: Player2 (230)
Seat 6: Hero (2)
Player2 has the dealer button
Hero posts small blind 1
Player0 posts big blind 1
** Hole Cards **
Dealt to Hero [Kd Qh]
Player1 folds
Player2 raises to 3
Hero calls 1 (All-in)
Player0 calls 2
** Flop ** [5h 5d Kh]
Player0 checks
Player2 checks
** Turn ** [6s]
Player0 checks
Player2 bets 3
Player0 folds
Player2 refunded 3
** River ** [8h]
Player2 wins Side Pot 1 (2)
Rake (0)
** Main Pot Show Down ** [5h 5d Kh 6s 8h]
Player2 shows [Td Tc] (Two Pair, Tens and Fives +K)
Hero shows [Kd Qh] (Two Pair, Kings and Fives +Q)
Hero wins Main Pot (6) with Two Pair
Rake (0)
Hero adds 94 chips
";

    #[test]
    fn a_hand_with_a_side_pot() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site_hand_no, 533_859_000_082);
        assert_eq!(h.start_time.to_rfc3339(), "2013-04-12T04:37:11+00:00");
        let g = &h.game;
        assert_eq!(g.currency, "mBTC");
        assert_eq!((g.small_blind, g.big_blind), (100, 100));
        assert_eq!(h.players[3].stack, 200);
        assert_eq!(h.hero, Some(3));
        assert_eq!(h.boards[0].len(), 5);
        assert_eq!((h.total_pot, h.rake), (800, 0));
        assert_eq!(h.returned[0].amount, 300);
        let hero_call = h
            .actions
            .iter()
            .find(|a| a.player == 3 && a.kind == ActionKind::Call);
        assert!(hero_call.unwrap().all_in);
        assert!(h.players[2].shown);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        let lines: Vec<&str> = HAND.lines().collect();
        let last_rake = lines.iter().rposition(|l| l.starts_with("Rake")).unwrap();
        for k in 1..=last_rake {
            let e = parse(&lines[..k].join("\n")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
        assert!(parse(&lines[..=last_rake].join("\n")).is_ok());
    }

    #[test]
    fn hand_numbers() {
        let cases = [
            ("5297786", "137", Some(529_778_600_137)),
            ("12345679", "010", Some(1_234_567_900_010)),
            ("1", "100000", None),
            ("99999999999999999", "1", None),
        ];
        for (a, b, want) in cases {
            assert_eq!(hand_no(a, b), want, "{a}-{b}");
        }
        assert!(header("Hand #11442832-1 - 2013-10-31 07:53:57").is_some());
        assert!(header("Hand #11442832 - 2013-10-31 07:53:57").is_none());
        assert!(header("Hand #-1 - 2013-10-31 07:53:57").is_none());
    }

    #[test]
    fn errors() {
        let e = parse(&HAND.replace("Seals With Clubs", "Other Room")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Unsupported, 3));
        let e = parse(&HAND.replace("Player1 folds", "Player1 limps 4")).unwrap_err();
        assert_eq!(e.line, 14);
        let e = parse(&HAND.replace("Player1 folds", "Stranger calls 1")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 14));
        let e = parse(&HAND.replace("(6) with", "(7) with")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed, "{e:?}");
        let e = parse(&HAND.replace("NL Hold'em", "NL Badugi")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert!(parse(&HAND.replace("Player1 folds", "Player1 folds\nA notice")).is_ok());
    }

    #[test]
    fn fixed_limit_stakes() {
        let g = parse_game("FL Hold'em (20 - 100) - Stakes 2/4").unwrap();
        assert_eq!(
            (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
            (100, 200, 200, 400)
        );
        let g = parse_game("PL Omaha Hi-Lo (20 - 100) - Blinds 0.50/1").unwrap();
        assert_eq!(
            (g.category, g.limit_type),
            (Category::OmahaHiLo, LimitType::PotLimit)
        );
    }
}

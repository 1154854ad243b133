//! The Entraction network's hand histories (its client, 2008 to 2013: Victor Chandler, Purple
//! Lounge, Triobet and the other skins; closed): a text format of aligned columns, stored under
//! the site name `Entraction`.
//!
//! # What the format prints, line by line
//!
//! - Header: `Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table "Lorient"`: the
//!   hand number, the game (`Texas Hold'em`, `Omaha High`, `5-Card Omaha High`), the betting
//!   structure (`No Limit`, `Pot Limit`, `Fixed Limit`), the currency (an ISO code, `EUR`; `Fun`
//!   is play money) and the stakes, and the table. Fixed-limit stakes are the bets (`10/20`:
//!   blinds 5/10, the small blind as posted). Tournament tables print no currency, the ante after
//!   the blinds (`200/400 and 20 ante`) and a table `NAME TOURNAMENT TABLE` (`Double Chance
//!   €3,000 #1 12717727 2`: tournament 12717727, table 2); their buy-in is not printed (0, EUR).
//! - `Players(max 6):`, then one line a player: `NAME (EUR 468.50 in seat 4)` (`(6,003.00 in
//!   seat 1)` in tournaments).
//! - `Dealer: NAME` (the button), `Small Blind: NAME (5.00)`, `Big Blind: NAME (10.00)`,
//!   `Small + Big Blind: NAME (1.50)` (both blinds, the small blind dead), `Blind out of turn:
//!   NAME (1.00)` (a big blind posted to come in: live), `NAME Ante (20.00)`.
//! - `NAME was dealt: 9c - 7d`: the hero's cards.
//! - `NAME Fold`, `Check`, `Call (X)`, `Bet (X)`, `Raise (X)`, `All-In (X)`: every amount is the
//!   chips the action adds (`Raise (15.00)` by the 5 small blind makes 20). A bet over the blinds
//!   is a raise; an all-in is a call, bet or raise as the total it makes is, and must be all the
//!   player has; a call must match the bet (or be all-in for less). An amount read the wrong
//!   way is refused.
//! - `NAME Payback (X)`: the uncalled part of his bet given back.
//! - `Flop 2c - Ad - 4h`, `Turn 2c - Ad - 4h - 7s`, `River ...`: the whole board so far.
//! - `NAME shows: CARDS (DESCRIPTION)`, `NAME didn't show hand[ (CARDS)]` (a loser's cards the
//!   room shows, read as mucked).
//! - `NAME wins: EUR X[ main pot| side pot| split pot][ (with DESCRIPTION)]`: what he takes (the
//!   main pot 0, a side pot 1); `Rake: EUR X`, the rake (cash tables).
//! - `Game ended 2011-03-26 13:19:18 GMT`: the hand's last line and its only time (the end of
//!   the hand, stored as its start), in the player's zone (`GMT`, `BST`, `CET`, `CEST`, ...:
//!   converted with its rules, `GMT` as UTC).
//! - Blank lines are ignored; any other line is refused.
//!
//! Hand number: the number printed (`site_hand_no` = `site_hand_id`).
//!
//! Refused: a game, structure or currency fpdb does not read, a post of another amount than the
//! table's blinds, an action by a name with no seat, a hand without its `Game ended` line (a cut
//! file), a hand whose money does not add up.

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

/// The Entraction format.
#[derive(Debug)]
pub struct Entraction;
room!(Entraction, SITE, b"G", |l| header(l).is_some(), parse_chunk);

/// The site's name.
pub const SITE: &str = "Entraction";

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// The parts of a header line.
struct Header<'a> {
    id: &'a str,
    game: &'a str,
    table: &'a str,
}

/// `Game # N - GAME - Table "NAME"`.
fn header(line: &str) -> Option<Header<'_>> {
    let r = line.trim_end().strip_prefix("Game # ")?;
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let (id, r) = r.split_at(digits);
    let r = r.strip_prefix(" - ")?;
    let (game, table) = text::rsplit2(r, " - Table \"")?;
    let table = table.strip_suffix('"')?;
    Some(Header { id, game, table })
}

/// The game of a header's game part (`Texas Hold'em No Limit 200/400 and 20 ante`) and its
/// table; the money's scale.
fn game_of(h: &Header<'_>, no: u32) -> Result<(Game, String, Option<Tournament>, i64), ParseError> {
    let unsupported = |m: &str| ParseError::new(ErrorKind::Unsupported, no, m.to_string());
    let bad = |m: &str| ParseError::malformed(no, m.to_string());
    let (category, r) = [
        ("Texas Hold'em ", Category::Holdem),
        ("Omaha High ", Category::OmahaHi),
        ("5-Card Omaha High ", Category::Omaha5Hi),
    ]
    .iter()
    .find_map(|&(w, c)| h.game.strip_prefix(w).map(|r| (c, r)))
    .ok_or_else(|| unsupported("an Entraction game fpdb does not read"))?;
    let (limit, r) = [
        ("No Limit ", LimitType::NoLimit),
        ("Pot Limit ", LimitType::PotLimit),
        ("Fixed Limit ", LimitType::FixedLimit),
    ]
    .iter()
    .find_map(|&(w, l)| r.strip_prefix(w).map(|r| (l, r)))
    .ok_or_else(|| unsupported("a betting structure fpdb does not read"))?;
    let (stakes, ante) = match text::split2(r, " and ") {
        Some((s, a)) => (
            s,
            Some(
                a.strip_suffix(" ante")
                    .ok_or_else(|| bad("unreadable ante"))?,
            ),
        ),
        None => (r, None),
    };
    let (currency, stakes) = match stakes.split_once(' ') {
        Some((c, s)) if c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()) => (Some(c), s),
        Some(("Fun", s)) => (Some("play"), s),
        Some(_) => return Err(bad("unreadable stakes")),
        None => (None, stakes),
    };
    let tourney = match currency {
        Some(_) => None,
        None => Some(
            tournament_table(h.table)
                .ok_or_else(|| bad("a table without currency that is no tournament's"))?,
        ),
    };
    let scale = if tourney.is_some() || currency == Some("play") {
        CHIPS
    } else {
        CENTS
    };
    let (x, y) = stakes
        .split_once('/')
        .ok_or_else(|| bad("unreadable stakes"))?;
    let (x, y) = (
        text::checked_money(x, scale, no)?,
        text::checked_money(y, scale, no)?,
    );
    if x <= 0 || y < x {
        return Err(bad("unreadable stakes"));
    }
    let kind = if tourney.is_some() {
        GameKind::Tour
    } else {
        GameKind::Ring
    };
    let currency = currency.unwrap_or("T$");
    let mut game = if limit == LimitType::FixedLimit {
        // The bets: the blinds are half the small bet and the small bet.
        let mut g = Game::blinds(kind, category, limit, (x / 2, x), currency);
        g.big_bet = y;
        g
    } else {
        Game::blinds(kind, category, limit, (x, y), currency)
    };
    if let Some(a) = ante {
        game.ante = text::checked_money(a, scale, no)?;
    }
    let (table, tournament) = match tourney {
        Some((_, tourney_no, table_no)) => (
            format!("{tourney_no} {table_no}"),
            Some(Tournament::unpriced(
                tourney_no,
                "EUR",
                Some(table_no.to_string()),
            )),
        ),
        None => (h.table.to_string(), None),
    };
    Ok((game, table, tournament, scale))
}

/// `NAME TOURNAMENT TABLE`: the name, the tournament's number and the table's.
fn tournament_table(table: &str) -> Option<(&str, i64, &str)> {
    let (rest, table_no) = table.rsplit_once(' ')?;
    let (name, tno) = rest.rsplit_once(' ')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(table_no) || !digits(tno) || tno.len() > 18 {
        return None;
    }
    Some((name, tno.parse().ok()?, table_no))
}

/// `9c - 7d - Ah`: known cards.
fn cards_of(s: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let mut out = Vec::with_capacity(5);
    for t in s.trim().split(" - ") {
        match Card::parse_opt(t.trim()) {
            Some(c) if c.is_known() && out.len() < 6 => out.push(c),
            _ => return Err(ParseError::malformed(no, "unreadable cards")),
        }
    }
    Ok(out)
}

/// `"NAME    (X)"`: the name (trimmed) and the text in the last brackets.
fn name_and_bracket(s: &str) -> Option<(&str, &str)> {
    let body = s.trim_end().strip_suffix(')')?;
    let (name, inner) = text::rsplit2(body, "(")?;
    let name = name.trim();
    (!name.is_empty()).then_some((name, inner))
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let h = header(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not an Entraction hand header"))?;
        let no = text::hand_number(h.id, first_no, first)?;
        let (game, table, tournament, scale) =
            game_of(&h, first_no).map_err(|e| e.with_hand_no(Some(no)))?;
        let mut b = HandBuilder::new(SITE, no, h.id, game, DateTime::<Utc>::UNIX_EPOCH);
        let hand = b.hand_mut();
        hand.table_name = table;
        hand.tournament = tournament;
        Ok((
            Parser {
                b,
                scale,
                section: Section::Head,
                board: Vec::with_capacity(5),
                hero: None,
                rake: None,
                won: false,
                ended: None,
            },
            no,
        ))
    })
}

/// The part of the hand being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before `Players(max N):`.
    Head,
    Seats,
    /// Posts, cards, betting and the results.
    Play,
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    section: Section,
    board: Vec<Card>,
    hero: Option<PlayerIdx>,
    /// The printed rake and its line.
    rake: Option<(Money, u32)>,
    won: bool,
    /// The `Game ended` time and its line.
    ended: Option<(DateTime<Utc>, u32)>,
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

    /// An amount that may start with the table's currency code (`EUR 0.42`).
    fn money_with_code(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        let t = t.trim();
        let currency = self.b.hand().game.currency.as_str();
        let t = t
            .strip_prefix(currency)
            .or_else(|| t.strip_prefix("Fun"))
            .unwrap_or(t);
        self.money(t, no)
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.ended.is_some() {
            return Err(ParseError::malformed(no, "a line after \"Game ended\""));
        }
        if let Some(r) = line.strip_prefix("Players(max ") {
            let n: u8 = r
                .strip_suffix("):")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| ParseError::malformed(no, "unreadable table size"))?;
            if self.section != Section::Head {
                return Err(ParseError::malformed(no, "a second seat list"));
            }
            self.b.hand_mut().max_seats = Some(n);
            self.section = Section::Seats;
            return Ok(());
        }
        match self.section {
            Section::Head => Err(ParseError::malformed(no, "a line before the seat list")),
            Section::Seats if line.ends_with(')') && text::find(line, " in seat ").is_some() => {
                self.seat(no, line)
            }
            _ => {
                self.section = Section::Play;
                self.play(no, line)
            }
        }
    }

    /// `NAME (EUR 468.50 in seat 4)`.
    fn seat(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable seat line");
        let (name, inner) = name_and_bracket(line).ok_or_else(bad)?;
        let (amount, seat) = text::split2(inner, " in seat ").ok_or_else(bad)?;
        let seat: u8 = seat.parse().map_err(|_| bad())?;
        let stack = self.money_with_code(amount, no)?;
        self.b.seat_player(no, seat, name, stack, false)?;
        Ok(())
    }

    fn player(&self, name: &str, no: u32) -> Result<PlayerIdx, ParseError> {
        self.b
            .player(name)
            .ok_or_else(|| ParseError::unknown_actor(no))
    }

    fn play(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Game ended ") {
            return self.game_ended(no, r);
        }
        if let Some(r) = line.strip_prefix("Rake:") {
            if self.rake.is_some() {
                return Err(ParseError::malformed(no, "a second rake line"));
            }
            self.rake = Some((self.money_with_code(r, no)?, no));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealer:") {
            let p = self.player(r.trim(), no)?;
            let seat = self.b.hand().players[p].seat;
            self.b.hand_mut().button_seat = Some(seat);
            return Ok(());
        }
        for (label, kind) in [
            ("Small Blind:", ActionKind::SmallBlind),
            ("Big Blind:", ActionKind::BigBlind),
            ("Small + Big Blind:", ActionKind::BothBlinds),
            ("Blind out of turn:", ActionKind::BigBlind),
        ] {
            if let Some(r) = line.strip_prefix(label) {
                return self.blind(no, r, kind);
            }
        }
        for (street, label) in [(1, "Flop "), (2, "Turn "), (3, "River ")] {
            if let Some(r) = line.strip_prefix(label) {
                // A player may be named so: then the rest is his action, not cards.
                if let Ok(cards) = cards_of(r, no) {
                    return self.b.deal_board(no, &mut self.board, street, &cards, true);
                }
            }
        }
        let Some((p, n)) = text::name_prefix(&self.b.hand().players, line, |c| c == b' ', false)
        else {
            return Err(ParseError::malformed(no, "a line fpdb does not read"));
        };
        self.player_line(no, p, line[n..].trim())
    }

    /// A post (after its label): `NAME (X)`.
    fn blind(&mut self, no: u32, r: &str, kind: ActionKind) -> Result<(), ParseError> {
        let (name, amount) =
            name_and_bracket(r).ok_or_else(|| ParseError::malformed(no, "unreadable blind"))?;
        let p = self.player(name, no)?;
        let v = self.money(amount, no)?;
        let g = &self.b.hand().game;
        let (sb, bb) = (g.small_blind, g.big_blind);
        let fixed = g.limit_type == LimitType::FixedLimit;
        let ok = match kind {
            ActionKind::SmallBlind => v == sb || (fixed && v > 0 && v < bb),
            ActionKind::BigBlind => v == bb,
            _ => v == sb.saturating_add(bb),
        };
        if !ok {
            return Err(ParseError::malformed(
                no,
                "a blind of another amount than the table's",
            ));
        }
        if kind == ActionKind::SmallBlind && fixed {
            // Fixed-limit stakes are the bets: the small blind is what was posted.
            self.b.hand_mut().game.small_blind = v;
        }
        self.b.checked_post(no, p, kind, v)
    }

    /// A line after a seated player's name (`r`, trimmed).
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(c) = r.strip_prefix("was dealt:") {
            let cards = cards_of(c, no)?;
            if self.b.street() > 0 || cards.len() != self.b.hand().game.category.hand_size() {
                return Err(ParseError::malformed(no, "unreadable dealt cards"));
            }
            if self.b.street() < 0 {
                self.b.set_street(0);
            }
            self.b.set_cards(p, &cards);
            self.hero.get_or_insert(p);
            return Ok(());
        }
        if let Some(c) = r.strip_prefix("shows:") {
            let (cards, _) = c.trim().split_once(" (").unwrap_or((c, ""));
            let cards = cards_of(cards, no)?;
            self.b.hand_mut().players[p].shown = true;
            self.b.reveal(p, &cards);
            return Ok(());
        }
        if let Some(c) = r.strip_prefix("didn't show hand") {
            let c = c.trim();
            if c.is_empty() {
                return Ok(());
            }
            let cards = c
                .strip_prefix('(')
                .and_then(|c| c.strip_suffix(')'))
                .ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            let cards = cards_of(cards, no)?;
            self.b.hand_mut().players[p].mucked = true;
            self.b.reveal(p, &cards);
            return Ok(());
        }
        if let Some(w) = r.strip_prefix("wins:") {
            return self.win(no, p, w);
        }
        let (verb, amount) = match r.split_once(' ') {
            Some((v, a)) => {
                let a = a
                    .trim()
                    .strip_prefix('(')
                    .and_then(|a| a.strip_suffix(')'))
                    .ok_or_else(|| ParseError::malformed(no, "unreadable amount"))?;
                (v, Some(self.money(a, no)?))
            }
            None => (r, None),
        };
        if self.won {
            return Err(ParseError::malformed(
                no,
                "an action after the pot was awarded",
            ));
        }
        if verb == "Ante" {
            let v = amount.ok_or_else(|| ParseError::malformed(no, "an ante without amount"))?;
            if v != self.b.hand().game.ante {
                return Err(ParseError::malformed(
                    no,
                    "an ante of another amount than the table's",
                ));
            }
            return self.b.checked_post(no, p, ActionKind::Ante, v);
        }
        if verb == "Payback" {
            let v = amount.ok_or_else(|| ParseError::malformed(no, "a payback without amount"))?;
            if v <= 0 || v > self.b.street_total(p) {
                return Err(ParseError::malformed(
                    no,
                    "chips paid back that the player did not bet on the street",
                ));
            }
            self.b.uncalled(p, v);
            return Ok(());
        }
        if self.b.street() < 0 {
            self.b.set_street(0);
        }
        let what = match (verb, amount) {
            ("Fold", None) => {
                self.b.fold(p);
                return Ok(());
            }
            ("Check", None) => {
                self.b.check(p);
                return Ok(());
            }
            ("Call", Some(_)) => Amounted::Call,
            ("Bet", Some(_)) => Amounted::Bet,
            ("Raise", Some(_)) => Amounted::Raise,
            ("All-In", Some(_)) => Amounted::AllIn,
            _ => return Err(ParseError::malformed(no, "an action fpdb does not read")),
        };
        let v = amount.unwrap_or(0);
        verbs::apply_amounted(&mut self.b, p, what, v, false)
            .map_err(|m| ParseError::malformed(no, m))
    }

    /// `EUR X[ main pot| side pot| split pot][ (with ...)]` (after "wins:").
    fn win(&mut self, no: u32, p: PlayerIdx, w: &str) -> Result<(), ParseError> {
        let w = w.trim();
        let w = match text::find(w, " (with ") {
            Some(i) if w.ends_with(')') => &w[..i],
            _ => w,
        };
        let (amount, pot) = [(" main pot", 0), (" split pot", 0), (" side pot", 1)]
            .iter()
            .find_map(|&(s, n)| w.strip_suffix(s).map(|a| (a, n)))
            .unwrap_or((w, 0));
        let v = self.money_with_code(amount, no)?;
        if v > 0 {
            self.b.collect(p, v, pot, 0);
        }
        self.won = true;
        Ok(())
    }

    /// `2011-03-26 13:19:18 GMT` (after "Game ended ").
    fn game_ended(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable end time");
        let (when, zone) = r.trim().rsplit_once(' ').ok_or_else(bad)?;
        let tz = time::zone_of_label(zone)
            .ok_or_else(|| ParseError::malformed(no, "an unknown time zone"))?;
        let t = time::parse_datetime(when).ok_or_else(bad)?;
        self.ended = Some((time::local_to_utc(t, tz), no));
        Ok(())
    }

    fn end(mut self, last: u32) -> Result<Hand, ParseError> {
        let Some((when, end_line)) = self.ended else {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last,
                "the hand stops before its \"Game ended\" line: the file was cut",
            ));
        };
        if self.b.hand().players.len() < 2 || !self.won {
            return Err(ParseError::malformed(
                end_line,
                "a hand without its players or its award",
            ));
        }
        let tour = self.b.hand().game.kind == GameKind::Tour;
        if self.rake.is_none() && !tour {
            return Err(ParseError::malformed(
                end_line,
                "a cash hand without its rake line",
            ));
        }
        let hand = self.b.hand_mut();
        hand.start_time = when;
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(self.scale, self.rake.map_or(end_line, |r| r.1));
        policy.rake = self.rake.map(|r| r.0);
        self.b.settle(&policy)?;
        Ok(self.b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Entraction));
        Entraction.parse(&chunk)
    }

    const LHE: &str = "Game # 2145163746 - Texas Hold'em Fixed Limit EUR 10/20 - Table \"Lorient\"

Players(max 6):
Hero                        (EUR 468.50 in seat 4)
Player0                     (EUR 528.50 in seat 5)

Dealer:                     Player0
Small Blind:                Hero        (5.00)
Big Blind:                  Player0     (10.00)

Hero was dealt:             9c - 7d

Hero                        Raise       (15.00)
Player0                     Raise       (20.00)
Hero                        Call        (10.00)

Flop                        2c - Ad - 4h

Hero                        Check
Player0                     Bet         (10.00)
Hero                        Fold
Player0                     Payback     (10.00)

Player0 didn't show hand

Player0 wins:               EUR 59.25
Rake:                       EUR 0.75

Game ended 2011-03-26 13:19:18 GMT";

    #[test]
    fn a_fixed_limit_hand() {
        let h = parse(LHE).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no, h.site_hand_id.as_str()),
            ("Entraction", 2_145_163_746, "2145163746")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2011-03-26T13:19:18+00:00");
        assert_eq!(h.table_name, "Lorient");
        assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(5)));
        let g = &h.game;
        assert_eq!(
            (
                g.limit_type,
                g.small_blind,
                g.big_blind,
                g.small_bet,
                g.big_bet
            ),
            (LimitType::FixedLimit, 500, 1000, 1000, 2000)
        );
        assert_eq!(g.currency, "EUR");
        assert_eq!(h.hero, Some(0));
        assert_eq!(h.players[0].cards, Card::parse_all("9c 7d").unwrap());
        // The small blind's raise of 15 makes 20, the big blind's of 20 makes 30.
        assert_eq!(
            (h.actions[2].kind, h.actions[2].raise_to),
            (ActionKind::Raise, Some(2000))
        );
        assert_eq!(h.actions[3].raise_to, Some(3000));
        assert_eq!((h.returned[0].player, h.returned[0].amount), (1, 1000));
        assert_eq!((h.total_pot, h.rake), (6000, 75));
        assert_eq!(h.boards, vec![Card::parse_all("2c Ad 4h").unwrap()]);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(LHE, parse);
    }

    #[test]
    fn a_tournament_hand_with_antes_and_a_zone() {
        let t = "Game # 2667452662 - Texas Hold'em No Limit 200/400 and 20 ante - Table \"Double Chance €3,000 #1 12717727 2\"

Players(max 9):
Player0                     (6,003.00 in seat 1)
Player1                     (7,168.00 in seat 2)
Hero                        (11,916.00 in seat 9)

Dealer:                     Player1

Player0                     Ante        (20.00)
Player1                     Ante        (20.00)
Hero                        Ante        (20.00)

Small Blind:                Hero     (200.00)
Big Blind:                  Player0   (400.00)

Hero was dealt:          6h - 2s

Player1                     Raise       (980.00)
Hero                        Fold
Player0                     Fold
Player1                     Payback     (580.00)

Player1 didn't show hand

Player1 wins:               1,060.00

Game ended 2012-06-25 21:54:16 BST";
        let h = parse(t).unwrap();
        assert_eq!(h.start_time.to_rfc3339(), "2012-06-25T20:54:16+00:00");
        let g = &h.game;
        assert_eq!(
            (
                g.kind,
                g.currency.as_str(),
                g.small_blind,
                g.big_blind,
                g.ante
            ),
            (GameKind::Tour, "T$", 200, 400, 20)
        );
        assert_eq!(h.table_name, "12717727 2");
        assert_eq!(
            h.tournament.as_ref().map(|t| t.tourney_no),
            Some(12_717_727)
        );
        assert_eq!(h.players[0].stack, 6003);
        assert_eq!((h.total_pot, h.rake), (1060, 0));
    }

    #[test]
    fn refusals() {
        let line_of =
            |needle: &str| LHE.lines().position(|l| l.contains(needle)).unwrap() as u32 + 1;
        // A call of another amount; an action of an unknown name; an unknown line.
        let e = parse(&LHE.replace("Call        (10.00)", "Call        (15.00)")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, line_of("Call ")));
        let e =
            parse(&LHE.replace("Hero                        Check", "Nobody  Check")).unwrap_err();
        assert_eq!(e.line, line_of("Check"));
        let e = parse(&LHE.replace("Rake:", "Jackpot:")).unwrap_err();
        assert_eq!(e.line, line_of("Rake:"));
        // The money does not add up.
        let e = parse(&LHE.replace("EUR 59.25", "EUR 59.50")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        // A game fpdb does not read; an unknown zone.
        let e = parse(&LHE.replace("Texas Hold'em", "Seven Card Stud")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&LHE.replace(" GMT", " XYZ")).unwrap_err();
        assert_eq!(e.line, line_of("Game ended"));
        // A blind of another amount.
        let e = parse(&LHE.replace("(10.00)\n\nHero was", "(12.00)\n\nHero was")).unwrap_err();
        assert_eq!(e.line, line_of("Big Blind:"));
    }

    #[test]
    fn headers() {
        assert!(header(
            "Game # 2137921772 - Omaha High Pot Limit EUR 0.02/0.04 - Table \"Abashiri\""
        )
        .is_some());
        assert!(
            header("Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6").is_none()
        );
        assert!(header("Game # x - a - Table \"b\"").is_none());
        assert_eq!(
            tournament_table("Double Chance €3,000 #1 12717727 2"),
            Some(("Double Chance €3,000 #1", 12_717_727, "2"))
        );
        assert_eq!(tournament_table("Eaton Max 100BB"), None);
    }
}

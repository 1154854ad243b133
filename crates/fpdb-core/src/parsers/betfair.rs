//! Betfair Poker hand histories (the Betfair client's text, 2009; the room is closed): cash
//! tables, hold'em and omaha. Stored under the site name `Betfair`.
//!
//! The format is a starred header, a game line with the stakes and the date, the table line, the
//! button, the seats, then one line per action (`NAME calls [$0.10]`), `** ... **` section
//! lines, the showdown, the awards and a starred end line. One pass over the lines, no regular
//! expressions; names are matched against the seat list, longest first. The actions are the
//! PokerStars format's verbs ([`verbs`](crate::parsers::verbs)) with bracketed amounts; money
//! goes through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # Hand numbers and times
//!
//! `site_hand_no` is the number of the header (`***** Betfair Poker Hand History for Game
//! 100000000 *****`), a number beyond a bigint refused as out of range. The date is printed with
//! its zone (`Sunday, October 18, 20:00:00 GMT 2009`: GMT is UTC; another label is read as the
//! shared zone table reads it).
//!
//! # What the format prints, line by line
//!
//! - `***** Betfair Poker Hand History for Game N *****`: the header.
//! - `PL $0.05/$0.10 Omaha - DATE`: the limit (`NL`, `PL`, nothing for fixed limit), the stakes
//!   (the blinds; at fixed limit the small and big bets, the blinds then the posts'), the game
//!   (`Texas Hold'em`, `Omaha`, `Omaha Hi`: stud and razz are refused, the corpus having no such
//!   hand). The currency is the stakes' sign (`$`, `€`, `£`); stakes without one (play money or
//!   tournament chips) are refused.
//! - `Table Death 1 6-max (Real Money)`: the table's name and size; `(Play Money)` tables are
//!   stored as `play` in cents.
//! - `Seat 2 is the button`, `Total number of active players : 6` (checked to be a number).
//! - `Seat 1: NAME ( $1 )`: the players and their stacks.
//! - Posts: `NAME posts small blind [$0.05]`, `posts big blind [$0.10]` (a second one is a
//!   newcomer's, live), `posts small & big blinds [$0.15]` (the small part dead).
//! - `** Dealing down cards **`, `Dealt to NAME [ 7c, 6c, 5h, Jh ]` (the hero's cards).
//! - Actions: `folds`, `checks`, `calls [$0.20]` (the chips added), `bets [$0.10]`, `raises to
//!   [$0.30]` (the street total), `sits out`; `NAME goes all-in` before a player's all-in action
//!   (nothing more: the action that follows says it).
//! - `** Dealing Flop ** [ 4d, 5d, 6d ]`, `** Dealing Turn ** [ 3s ]`, `** Dealing River ** [ 4c ]`.
//! - `** Showdown **`, `NAME shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three` (the
//!   description is ignored), `NAME mucks`.
//! - `** Hand Conclusion **`, `NAME wins $4.44 from main pot with ...`, `wins $6.26 from side pot
//!   #1 with ...` (after the rake).
//! - `************  Game N ends  ************`: the end (its number must be the header's).
//!
//! No rake and no uncalled bet is printed: the rake is what no one won; the bet no one matched
//! comes back to the bettor, taken out of his win when the room paid it in it
//! ([`Uncalled::Unmatched`]).
//!
//! Refused: any other line, an action by a name that is not seated, a hand cut before its end
//! line, a hand whose money does not balance.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use crate::amount::{self, CENTS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, HandLines};
use crate::parsers::verbs::{Betting, Rules, Verb, POKERSTARS};
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The Betfair format.
#[derive(Debug)]
pub struct Betfair;
room!(Betfair, SITE, b"*", |l| header_id(l).is_some(), parse_chunk);

const SITE: &str = "Betfair";

const HEADER: &str = "***** Betfair Poker Hand History for Game ";

/// A second small blind is dead; a second big blind is a newcomer's, live; no raise amended.
const RULES: Rules = Rules::NONE;

/// The digits of the header line.
fn header_id(line: &str) -> Option<&str> {
    let id = line
        .strip_prefix(HEADER)?
        .trim_end()
        .strip_suffix("*****")?
        .trim();
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// "Sunday, October 18, 20:00:00 GMT 2009": the time in UTC.
fn start_time(t: &str) -> Option<DateTime<Utc>> {
    let mut w = t.split_ascii_whitespace();
    let (_day, month, date, clock, zone, year) = (
        w.next()?,
        w.next()?,
        w.next()?.strip_suffix(',')?,
        w.next()?,
        w.next()?,
        w.next()?,
    );
    if w.next().is_some() {
        return None;
    }
    let d = NaiveDate::parse_from_str(&format!("{date} {month} {year}"), "%d %B %Y").ok()?;
    let local = NaiveDateTime::new(d, NaiveTime::parse_from_str(clock, "%H:%M:%S").ok()?);
    Some(time::local_to_utc(local, time::zone_of_label(zone)?))
}

/// The games as printed.
const GAMES: &[(&str, Category)] = &[
    ("Texas Hold'em", Category::Holdem),
    ("Omaha Hi", Category::OmahaHi),
    ("Omaha", Category::OmahaHi),
];

/// An amount as Betfair prints it ("[$0.10]", "$1", "( $1 )") on line `no`.
fn money_at(t: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    let t = t.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(t)
        .trim();
    text::checked_money(t.trim_end_matches(['€', '$', '£']).trim(), scale, no)
}

/// The cards of "[ 7c, 6c, 5h, Jh ]" (the first bracket group of `s`).
fn cards_at(s: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    text::groups(s)
        .next()
        .and_then(|g| text::card_list(g, true, 7))
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ParseError::malformed(no, "unreadable cards"))
}

/// What the game line says.
struct GameLine {
    game: Game,
    start: DateTime<Utc>,
}

/// "PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009" (line `no`).
fn game_line(line: &str, no: u32) -> Result<GameLine, ParseError> {
    let bad = |what: &str| ParseError::malformed(no, format!("unreadable {what}"));
    let (game, date) = text::rsplit2(line, " - ").ok_or_else(|| bad("game line"))?;
    let start = start_time(date).ok_or_else(|| bad("date"))?;
    let game = game.trim();
    let (limit, rest) = match game.split_once(' ') {
        Some(("NL", r)) => (LimitType::NoLimit, r),
        Some(("PL", r)) => (LimitType::PotLimit, r),
        Some(("FL" | "Limit", r)) => (LimitType::FixedLimit, r),
        _ => (LimitType::FixedLimit, game),
    };
    let (stakes, name) = rest.split_once(' ').ok_or_else(|| bad("game line"))?;
    let category = GAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, c)| c)
        .ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a Betfair game fpdb does not read",
            )
        })?;
    let currency = amount::currency_of_symbol(stakes)
        .or_else(|| {
            [('€', "EUR"), ('$', "USD"), ('£', "GBP")]
                .iter()
                .find(|(s, _)| stakes.ends_with(*s))
                .map(|&(_, c)| c)
        })
        .ok_or_else(|| {
            ParseError::new(
                ErrorKind::Unsupported,
                no,
                "stakes without a currency (play money or tournament chips)",
            )
        })?;
    let (low, high) = stakes.split_once('/').ok_or_else(|| bad("stakes"))?;
    let (low, high) = (money_at(low, CENTS, no)?, money_at(high, CENTS, no)?);
    let game = if limit == LimitType::FixedLimit {
        // The bets; the blinds are the posts'.
        let mut g = Game::blinds(GameKind::Ring, category, limit, (low / 2, low), currency);
        (g.small_bet, g.big_bet) = (low, high);
        g
    } else {
        Game::blinds(GameKind::Ring, category, limit, (low, high), currency)
    };
    Ok(GameLine { game, start })
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of Betfair text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let id = header_id(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not a Betfair hand header"))?;
        let no = text::hand_number(id, first_no, first)?;
        Ok((Parser::new(no, id), no))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The game line, the table, the button, the seats.
    Head,
    Body,
    /// After the end line.
    Ended,
}

struct Parser {
    no: i64,
    id: String,
    /// Built at the game line.
    b: Option<HandBuilder>,
    scale: i64,
    phase: Phase,
    table: Option<(String, Option<u8>)>,
    button: Option<u8>,
    hero: Option<PlayerIdx>,
    betting: Betting,
    board: Vec<Card>,
    end_line: u32,
}

impl Parser {
    fn new(no: i64, id: &str) -> Parser {
        Parser {
            no,
            id: id.to_string(),
            b: None,
            scale: CENTS,
            phase: Phase::Head,
            table: None,
            button: None,
            hero: None,
            betting: Betting::new(RULES),
            board: Vec::with_capacity(5),
            end_line: 0,
        }
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the game line"))
    }

    fn head_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.b.is_none() {
            let g = game_line(line, no)?;
            self.b = Some(HandBuilder::new(SITE, self.no, &self.id, g.game, g.start));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Table ") {
            // "Death 1 6-max (Real Money)".
            let (name, money) = r
                .rsplit_once(" (")
                .ok_or_else(|| ParseError::malformed(no, "unreadable table line"))?;
            match money {
                "Real Money)" => {}
                "Play Money)" => self.builder(no)?.hand_mut().game.currency = "play".into(),
                _ => {
                    return Err(ParseError::new(
                        ErrorKind::Unsupported,
                        no,
                        "a Betfair table fpdb does not read (not real or play money)",
                    ))
                }
            }
            let (name, max) = match name.rsplit_once(' ') {
                Some((n, m)) => match m.strip_suffix("-max").and_then(|m| m.parse().ok()) {
                    Some(m) => (n, Some(m)),
                    None => (name, None),
                },
                None => (name, None),
            };
            self.table = Some((name.to_string(), max));
            return Ok(());
        }
        if let Some(r) = line
            .strip_prefix("Seat ")
            .and_then(|r| r.strip_suffix(" is the button"))
        {
            self.button = Some(
                r.parse()
                    .map_err(|_| ParseError::malformed(no, "unreadable button seat"))?,
            );
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Total number of active players : ") {
            return match r.trim().parse::<u8>() {
                Ok(_) => Ok(()),
                Err(_) => Err(ParseError::malformed(no, "unreadable number of players")),
            };
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            // "1: NAME ( $1 )".
            let unreadable = || ParseError::malformed(no, "unreadable seat line");
            let (seat, rest) = r.split_once(": ").ok_or_else(unreadable)?;
            let seat: u8 = seat
                .parse()
                .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
            let rest = rest.strip_suffix(')').ok_or_else(unreadable)?;
            let (name, stack) = text::rsplit2(rest, " (").ok_or_else(unreadable)?;
            if name.is_empty() {
                return Err(ParseError::malformed(no, "seat line without a player name"));
            }
            let stack = money_at(stack, self.scale, no)?;
            self.builder(no)?
                .seat_player(no, seat, name, stack, false)?;
            return Ok(());
        }
        if self
            .b
            .as_ref()
            .is_some_and(|b| !b.hand().players.is_empty())
        {
            self.phase = Phase::Body;
            return self.body_line(no, line);
        }
        Err(ParseError::malformed(no, "a line fpdb does not know"))
    }

    fn body_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        match line {
            "** Showdown **" | "** Hand Conclusion **" => return Ok(()),
            "** Dealing down cards **" => {
                self.builder(no)?.set_street(0);
                return Ok(());
            }
            _ => {}
        }
        if let Some(r) = line.strip_prefix("** Dealing ") {
            let (street, count, cards) = if let Some(c) = r.strip_prefix("Flop ** ") {
                (1, 3, c)
            } else if let Some(c) = r.strip_prefix("Turn ** ") {
                (2, 1, c)
            } else if let Some(c) = r.strip_prefix("River ** ") {
                (3, 1, c)
            } else {
                return Err(ParseError::malformed(no, "unreadable street line"));
            };
            let cards = cards_at(cards, no)?;
            let at = if street == 1 { 0 } else { street as usize + 1 };
            if cards.len() != count || cards.iter().any(|c| !c.is_known()) {
                return Err(ParseError::malformed(no, "unreadable board"));
            }
            if self.board.len() != at {
                return Err(ParseError::malformed(no, "a street dealt out of its order"));
            }
            self.board.extend_from_slice(&cards);
            self.builder(no)?.set_street(street);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            let b = self.builder(no)?;
            let Some((p, n)) = text::name_prefix(&b.hand().players, r, |c| c == b' ', false) else {
                return Err(ParseError::malformed(
                    no,
                    "cards dealt to a player who is not in the seat list",
                ));
            };
            let cards = cards_at(&r[n..], no)?;
            if cards.len() != b.hand().game.category.hand_size() {
                return Err(ParseError::malformed(
                    no,
                    "dealt cards of another game than the hand's",
                ));
            }
            b.set_cards(p, &cards);
            self.hero = Some(p);
            return Ok(());
        }
        let b = self.builder(no)?;
        let Some((p, n)) = text::name_prefix(&b.hand().players, line, |c| c == b' ', false) else {
            return Err(text::unknown_line(no, line, text::ACTION_VERBS));
        };
        self.action(no, p, &line[n + 1..])
    }

    /// A seated player's line, `r` the text after his name and its space.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if r == "goes all-in" {
            return Ok(()); // the all-in action follows
        }
        if let Some(t) = r.strip_prefix("wins ") {
            return self.wins(no, p, t);
        }
        let scale = self.scale;
        let Some(verb) = POKERSTARS.parse(r, |t| money_at(t, scale, no), no)? else {
            return Err(ParseError::malformed(no, "an action fpdb does not know"));
        };
        if let Verb::Raise {
            raise: crate::parsers::verbs::Raise::Adds(_),
            ..
        } = verb
        {
            // "raises [$X]" without "to": what X is the corpus does not show.
            return Err(ParseError::malformed(
                no,
                "a raise without its total (`raises to`)",
            ));
        }
        let b = self.b.as_mut().expect("a seated player has a builder");
        if self.betting.apply(b, p, &verb) {
            return Ok(());
        }
        match verb {
            Verb::Show { cards } => {
                let cards = cards_at(&format!("[{}]", cards.unwrap_or("")), no)?;
                b.show(p, &cards, no)?;
            }
            Verb::Muck => b.hand_mut().players[p].mucked = true,
            Verb::SitOut => b.hand_mut().players[p].sitting_out = true,
            _ => return Err(ParseError::malformed(no, "an action fpdb does not know")),
        }
        Ok(())
    }

    /// "$4.44 from main pot with ...", "$6.26 from side pot #1 with ...", "$4.44" (after
    /// "wins ").
    fn wins(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable award");
        let (amt, rest) = t.split_once(' ').unwrap_or((t, ""));
        let amount = money_at(amt, self.scale, no)?;
        let pot = if rest.is_empty() || rest.starts_with("from main pot") {
            0
        } else if let Some(r) = rest.strip_prefix("from side pot #") {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            r[..n].parse().map_err(|_| unreadable())?
        } else if rest.starts_with("with ") {
            0
        } else {
            return Err(unreadable());
        };
        if amount > 0 {
            self.builder(no)?.collect(p, amount, pot, 0);
        }
        Ok(())
    }
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.phase == Phase::Ended {
            return Err(ParseError::malformed(
                no,
                "a line after the end of the hand",
            ));
        }
        if let Some(r) = line.strip_prefix("************  Game ") {
            let id = r.trim_end().strip_suffix("************").map(str::trim);
            if id.and_then(|i| i.strip_suffix(" ends")) != Some(self.id.as_str()) {
                return Err(ParseError::malformed(no, "the end of another hand"));
            }
            self.phase = Phase::Ended;
            self.end_line = no;
            return Ok(());
        }
        match self.phase {
            Phase::Head => self.head_line(no, line),
            _ => self.body_line(no, line),
        }
    }

    fn finish(mut self, last: u32) -> Result<Hand, ParseError> {
        if self.phase != Phase::Ended {
            let awarded = self
                .b
                .as_ref()
                .is_some_and(|b| !b.hand().collections.is_empty());
            return Err(if awarded {
                ParseError::cut_in_summary(last, "no end line")
            } else {
                ParseError::before_summary(last)
            });
        }
        let Some(mut b) = self.b.take() else {
            return Err(ParseError::malformed(last, "a hand without its game line"));
        };
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(last, "a hand without seat lines"));
        }
        let hand = b.hand_mut();
        if let Some((name, max)) = self.table.take() {
            hand.table_name = name;
            hand.max_seats = max;
        }
        hand.button_seat = self.button;
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        // Fixed limit: the blinds are the posts'.
        if hand.game.limit_type == LimitType::FixedLimit {
            let posted = |kind: ActionKind| {
                hand.actions
                    .iter()
                    .find(|a| a.kind == kind)
                    .map(|a| a.amount)
            };
            if let Some(bb) = posted(ActionKind::BigBlind) {
                hand.game.big_blind = bb;
            }
            if let Some(sb) = posted(ActionKind::SmallBlind) {
                hand.game.small_blind = sb;
            }
        }
        let mut policy = PotPolicy::new(self.scale, self.end_line);
        policy.printed = PrintedPot::None;
        policy.rake = None;
        policy.uncalled = Uncalled::Unmatched;
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        crate::parse_one(text)
    }

    const HAND: &str = "***** Betfair Poker Hand History for Game 100000000 *****
PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009
Table Death 1 6-max (Real Money)
Seat 2 is the button
Total number of active players : 6
Seat 1: Hero ( $1 )
Seat 2: Player3 ( $9.38 )
Seat 3: Player2 ( $2.82 )
Seat 4: Player4 ( $4.13 )
Seat 5: Player5 ( $28.77 )
Seat 6: Player1 ( $6.46 )
Player2 posts small blind [$0.05]
Player4 posts big blind [$0.10]
Hero posts big blind [$0.10]
** Dealing down cards **
Dealt to Hero [ 7c, 6c, 5h, Jh ]
Player5 folds
Player1 calls [$0.10]
Hero checks
Player3 calls [$0.10]
Player2 raises to [$0.30]
Player4 calls [$0.20]
Player1 calls [$0.20]
Hero goes all-in
Hero raises to [$1]
Player3 calls [$0.90]
Player2 calls [$0.70]
Player4 calls [$0.70]
Player1 calls [$0.70]
** Dealing Flop ** [ 4d, 5d, 6d ]
Player2 checks
Player4 checks
Player1 checks
Player3 checks
** Dealing Turn ** [ 3s ]
Player2 checks
Player4 bets [$0.10]
Player1 calls [$0.10]
Player3 folds
Player2 folds
** Dealing River ** [ 4c ]
Player4 goes all-in
Player4 bets [$3.03]
Player1 calls [$3.03]
** Showdown **
Hero shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three
Player4 shows [ 7d, 8c, 3d, 6h ] a straight flush, Seven to Three
Player1 shows [ 3h, 4h, Td, 4s ] four of a kind, Fours
** Hand Conclusion **
Player4 wins $6.26 from side pot #1 with a straight flush, Seven to Three
Player4 wins $4.44 from main pot with a straight flush, Seven to Three
************  Game 100000000 ends  ************
";

    #[test]
    fn a_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Betfair");
        assert_eq!(h.site_hand_no, 100_000_000);
        assert_eq!(h.start_time.to_rfc3339(), "2009-10-18T20:00:00+00:00");
        assert_eq!((h.table_name.as_str(), h.max_seats), ("Death 1", Some(6)));
        assert_eq!(h.button_seat, Some(2));
        let g = &h.game;
        assert_eq!(
            (g.category, g.limit_type, g.small_blind, g.big_blind),
            (Category::OmahaHi, LimitType::PotLimit, 5, 10)
        );
        assert_eq!(g.currency, "USD");
        assert_eq!(h.hero, h.player_index("Hero"));
        assert_eq!(h.players[0].cards.len(), 4);
        assert_eq!((h.total_pot, h.rake), (1_126, 56));
        assert_eq!(h.collections.len(), 2);
        assert!(h.actions.iter().any(|a| a.all_in && a.player == 0));
        // A call prints the chips added.
        let call = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Call && a.player == 3)
            .unwrap();
        assert_eq!(call.amount, 20);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn errors() {
        let line_of = |s: &str| HAND.lines().position(|l| l == s).unwrap() as u32 + 1;
        let stranger = HAND.replace(
            "Player2 checks\nPlayer4 bets",
            "Nobody checks\nPlayer4 bets",
        );
        let e = parse(&stranger).unwrap_err();
        assert_eq!(e.message, "action by a player who is not in the seat list");
        let unknown = HAND.replace("Player5 folds", "Player5 juggles");
        let e = parse(&unknown).unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (line_of("Player5 folds"), ErrorKind::Malformed)
        );
        let game = HAND.replace("Omaha - ", "Razz - ");
        assert_eq!(parse(&game).unwrap_err().kind, ErrorKind::Unsupported);
        let chips = HAND.replace("PL $0.05/$0.10", "PL 5/10");
        assert_eq!(parse(&chips).unwrap_err().kind, ErrorKind::Unsupported);
        let other = HAND.replace("Game 100000000 ends", "Game 100000001 ends");
        assert_eq!(
            parse(&other).unwrap_err().message,
            "the end of another hand"
        );
        let more = HAND.replace("wins $4.44", "wins $5.44");
        assert_eq!(parse(&more).unwrap_err().kind, ErrorKind::Malformed);
        let adds = HAND.replace("raises to [$0.30]", "raises [$0.30]");
        assert_eq!(
            parse(&adds).unwrap_err().message,
            "a raise without its total (`raises to`)"
        );
        let big = HAND.replace("Game 100000000 *****", "Game 99999999999999999999 *****");
        assert_eq!(parse(&big).unwrap_err().kind, ErrorKind::OutOfRange);
        let zone = HAND.replace("GMT 2009", "XYZ 2009");
        assert_eq!(parse(&zone).unwrap_err().line, 2);
    }

    #[test]
    fn fixed_limit_and_an_uncalled_bet() {
        // Fixed limit: the stakes are the bets, the blinds the posts'. A bet nobody calls.
        let h = parse(
            &HAND
                .replace("PL $0.05/$0.10 Omaha", " $0.10/$0.20 Texas Hold'em")
                .replace(
                    "Dealt to Hero [ 7c, 6c, 5h, Jh ]",
                    "Dealt to Hero [ 7c, 6c ]",
                )
                .replace(
                    "Player1 calls [$3.03]\n** Showdown **",
                    "Player1 folds\n** Showdown **",
                )
                .replace("Hero shows [ 7c, 6c, 5h, Jh ]", "Hero shows [ 7c, 6c ]")
                .replace(
                    "Player4 shows [ 7d, 8c, 3d, 6h ]",
                    "Player4 shows [ 7d, 8c ]",
                )
                .replace(
                    "Player1 shows [ 3h, 4h, Td, 4s ] four of a kind, Fours\n",
                    "",
                )
                .replace("wins $6.26", "wins $0.20")
                .replace("wins $4.44", "wins $4.75"),
        )
        .unwrap();
        let g = &h.game;
        assert_eq!(
            (
                g.limit_type,
                g.small_blind,
                g.big_blind,
                g.small_bet,
                g.big_bet
            ),
            (LimitType::FixedLimit, 5, 10, 10, 20)
        );
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (3, 303));
    }
}

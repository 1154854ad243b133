//! KingsClub hand histories (the 2020–2021 text format of the KingsClub poker room): cash
//! tables in US dollars, stored under the site name `KingsClub`.
//!
//! One pass over the lines, no regular expressions; names are matched against the seat list,
//! longest first. The betting verbs are the shared [`verbs`](crate::parsers::verbs), with the
//! room's own rule that a call prints the caller's new total on the street (as raises do);
//! money goes through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # What the format prints, line by line
//!
//! - Header: `#3583643: Pot Limit Omaha - 125/250`: the hand number (`site_hand_no`, and as
//!   printed `site_hand_id`), the betting structure (`No Limit`, `Pot Limit`, `Limit`), the game
//!   and the stakes. No-limit and pot-limit games print the blinds; fixed-limit games the small
//!   and big bet (the blinds are half the small bet and the small bet; stud has no blind, its
//!   big blind is the small bet). Games: `Holdem`, `Omaha`, `Omaha Hi-Lo`, `Big O` (five-card
//!   omaha hi/lo), `Omaha 5 Card`, `Omaha 6 Card`, `Seven Card Stud`, `Seven Card Stud Hi-Lo`,
//!   `Razz`, `2-7 Single Draw`, `2-7 Triple Draw`, `A-5 Single Draw`, `A-5 Triple Draw`,
//!   `Badugi`, `5 Card Draw`. Refused as unsupported: the games fpdb's model has no category
//!   for (`2-7 Razz`, `Badacey`, `Badeucey`, `2-7 Drawmaha`, `Captain`) and any other game name.
//! - The date line `2021-02-05 18:08:26`: no zone is printed; the time is US Eastern, as the
//!   reference tracker assumes ("ET"), converted to UTC.
//! - `Table 'Bobbys Room Mix' Seat 2 is the button` (flop games), `Table 'Real Deal Mix'` (stud).
//! - `Seat 1: NAME (10,000)`: seat and stack.
//! - Posts: `NAME: posts ante 50`, `NAME: posts the small blind 125`, `NAME: posts the big
//!   blind 250`, `NAME: posts blind 44` (a player coming in out of position: the big blind
//!   printed and a dead small blind that is not, as the result lines show; read as both
//!   blinds, the small blind's part dead).
//! - Street lines: `*** HOLE CARDS ***` (not printed in every game: the betting starts the
//!   street), `*** FLOP *** [3h Qc 4s]`, `*** TURN *** [..] [As]`, `*** RIVER *** [..] [3h]` (each
//!   group of a street line together is the board so far). Two boards: `*** BOARD 1 - RIVER ***
//!   [3h Qc 4s 4c] [Qh]`, `*** BOARD 2 - RIVER *** [- - - Kh] [Ac]` (`-`: the card of the first
//!   board at that place), also `BOARD N - FLOP` and `BOARD N - TURN`. When there is betting
//!   after a board line the game is a double-board game (`Game::split_board`, the `LO-Split`
//!   tables of `Limit Omaha`); otherwise the all-in hand was run twice (`Hand::run_it_twice`).
//!   Either way `Hand::boards` holds the two boards. A double-board hand whose players were all
//!   in before the flop cannot be told from a run-it-twice hand and is read as one.
//! - Stud: the streets after the first are labelled one too low: `*** 3RD STREET ***` starts
//!   the fourth street, `4TH` the fifth, `5TH` the sixth, `6TH` the seventh (river).
//! - Draw games: `*** 1ST BETTING ROUND ***` (before the posts) is street 0, `*** 1ST DRAW ***`
//!   street 1 and `*** 2ND BETTING ROUND ***` its betting, `2ND DRAW`/`3RD BETTING ROUND` street
//!   2, `3RD DRAW`/`4TH BETTING ROUND` street 3. A-5 single draw prints no draw line: its first
//!   draw starts street 1. The draws: `NAME draws 2` (two unknown cards thrown), `NAME stands
//!   pat`, `NAME discards [Tc Ks Qc] draws [7s 3h 3s]` (the hero: the new cards take the thrown
//!   ones' places, which is the order in which the room shows the hand); `Player::draws` holds
//!   the hand after each draw as far as it is known. Draw hands run twice are refused as
//!   unsupported (the model keeps one hand per draw): `Run 1: NAME shows [..]`, `NAME discards
//!   [Th] draws [8c] [Qs]` (one card per run), `Dealt to NAME: [..]` after the deal.
//! - `Dealt to NAME: [X X 4d]`: the cards dealt (`X` unknown); in stud each street's new card
//!   (`[Jc]`, `[X]`). The hero is the player whose dealt cards are known.
//! - Actions: `NAME folds`, `checks`, `bets X`, `calls X` (X the new total on the street),
//!   `raises to X`, `brings in for X` (stud), each amount possibly followed by `, and is all
//!   in`. On stud's first street a bet over the bring-in completes it.
//! - `NAME shows [cards]`: in stud all of his cards in dealing order, in draw games his last
//!   hand.
//! - `*** SUMMARY ***`, then one result line per seated player `Seat 1: NAME (9,950) -50` (the
//!   final stack and the hand's net), `Rake 5` (absent when no rake was taken), and the awards:
//!   `NAME wins pot (399)`, `NAME wins (10,737.50) from pot`, `NAME wins (3,075) from side pot
//!   1` (pot 1), also read: `NAME wins side pot N (X)`. The awards of a run-it-twice or
//!   double-board hand are summed per player and pot over both boards (the room does not say
//!   which board), so their collections are of board 0.
//! - Uncalled bets are never printed: the chips the top contributor put in above everyone
//!   else go back to him ([`Uncalled::Unmatched`]).
//!
//! Money: dollars with thousands commas and two decimals (`13,812.50`), stored in cents;
//! currency `USD`.
//!
//! Refused: an unknown line that could carry money or cards (by no seated player, with digits
//! or a card group), an action of a kind fpdb does not read or by a name with no seat, two
//! players in one seat, cards that do not fit the game, a result line that contradicts the
//! hand (a final stack that is not the start stack less what he put in plus what he won), and a
//! hand cut short: the format has no end line, so the hand is finished only when the summary
//! has a result for every player and the awards give every player what his result says. A
//! hand whose printed awards miss a pot that the results show won (the room leaves out some
//! uncontested side pots) cannot be told from a cut one and is refused as unfinished.

use chrono::{DateTime, Utc};

use crate::amount::CENTS;
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::sealswithclubs::other_line;
use crate::parsers::text::{self, groups, rfind, split2, HandLines};
use crate::parsers::verbs::{Betting, Dialect, Raise, Rules, Verb};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The KingsClub format.
#[derive(Debug)]
pub struct KingsClub;
room!(KingsClub, SITE, b"#", |l| header(l).is_some(), parse_chunk);

const SITE: &str = "KingsClub";

/// The currency of the tables.
const CURRENCY: &str = "USD";

/// The room's words for its posts (after "posts ").
const KINGSCLUB: Dialect = Dialect {
    posts: &[
        ("the small blind ", ActionKind::SmallBlind),
        ("the big blind ", ActionKind::BigBlind),
        ("ante ", ActionKind::Ante),
        ("blind ", ActionKind::BothBlinds),
    ],
};

/// What follows an all-in amount.
const ALL_IN: &str = ", and is all in";

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// The parts of a header line.
struct Header<'a> {
    id: &'a str,
    limit: &'a str,
    game: &'a str,
    small: &'a str,
    big: &'a str,
}

/// "#3583643: Pot Limit Omaha - 125/250".
fn header(line: &str) -> Option<Header<'_>> {
    let r = line.trim_end().strip_prefix('#')?;
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return None;
    }
    let (id, r) = r.split_at(n);
    let r = r.strip_prefix(": ")?;
    let (limit, r) = ["No Limit ", "Pot Limit ", "Limit "]
        .iter()
        .find_map(|w| r.strip_prefix(w).map(|rest| (w.trim_end(), rest)))?;
    let dash = rfind(r, " - ")?;
    let (game, stakes) = (&r[..dash], &r[dash + 3..]);
    let (small, big) = stakes.split_once('/')?;
    let numeric = |t: &str| {
        !t.is_empty()
            && t.starts_with(|c: char| c.is_ascii_digit())
            && t.bytes()
                .all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
    };
    if game.is_empty() || !numeric(small) || !numeric(big) {
        return None;
    }
    Some(Header {
        id,
        limit,
        game,
        small,
        big,
    })
}

/// The category of a game name, or why it is refused.
fn category(game: &str) -> Result<Category, &'static str> {
    Ok(match game {
        "Holdem" => Category::Holdem,
        "Omaha" => Category::OmahaHi,
        "Omaha Hi-Lo" => Category::OmahaHiLo,
        "Big O" => Category::Omaha5HiLo,
        "Omaha 5 Card" => Category::Omaha5Hi,
        "Omaha 6 Card" => Category::Omaha6Hi,
        "Seven Card Stud" => Category::StudHi,
        "Seven Card Stud Hi-Lo" => Category::StudHiLo,
        "Razz" => Category::Razz,
        "2-7 Single Draw" => Category::SingleDraw27,
        "2-7 Triple Draw" => Category::TripleDraw27,
        "A-5 Single Draw" => Category::SingleDrawA5,
        "A-5 Triple Draw" => Category::TripleDrawA5,
        "Badugi" => Category::Badugi,
        "5 Card Draw" => Category::FiveDraw,
        "2-7 Razz" | "Badacey" | "Badeucey" | "2-7 Drawmaha" | "Captain" => {
            return Err("a KingsClub game fpdb has no category for")
        }
        _ => return Err("a KingsClub game fpdb does not read"),
    })
}

/// The game of a header, or the error of its line `no`.
fn parse_game(h: &Header<'_>, no: u32) -> Result<Game, ParseError> {
    let category =
        category(h.game).map_err(|why| ParseError::new(ErrorKind::Unsupported, no, why))?;
    let limit = match h.limit {
        "No Limit" => LimitType::NoLimit,
        "Pot Limit" => LimitType::PotLimit,
        _ => LimitType::FixedLimit,
    };
    let base = category.base();
    if base == Base::Stud && limit != LimitType::FixedLimit {
        return Err(ParseError::new(
            ErrorKind::Unsupported,
            no,
            "a KingsClub stud game that is not fixed-limit",
        ));
    }
    let x = money_at(h.small, no)?;
    let y = money_at(h.big, no)?;
    let blinds = match (limit, base) {
        (LimitType::FixedLimit, Base::Stud) => (0, x),
        (LimitType::FixedLimit, _) => (x / 2, x),
        _ => (x, y),
    };
    let mut game = Game::blinds(GameKind::Ring, category, limit, blinds, CURRENCY);
    if limit == LimitType::FixedLimit {
        game.small_bet = x;
        game.big_bet = y;
    }
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount ("10,000", "13,812.50", "0.50") in cents on line `no`.
fn money_at(t: &str, no: u32) -> Result<Money, ParseError> {
    text::checked_money(t, CENTS, no)
}

/// The cards of a bracket group ("Ah Kd", "X X 4d").
fn cards_at(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    text::card_list(group, false, 7).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))
}

/// Strips the all-in tail of an action.
fn all_in_tail(r: &str) -> (&str, bool) {
    match r.strip_suffix(ALL_IN) {
        Some(x) => (x, true),
        None => (r, false),
    }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of KingsClub text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let h = header(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not a KingsClub hand header"))?;
        let no = text::hand_number(h.id, first_no, first)?;
        let game = parse_game(&h, first_no).map_err(|e| e.with_hand_no(Some(no)))?;
        Ok((Parser::new(no, h.id.to_string(), game), no))
    })
}

/// Where in the hand the parser is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The date line comes next.
    Date,
    /// The table line comes next.
    Table,
    /// Seat lines, then the actions.
    Body,
    /// After "*** SUMMARY ***".
    Summary,
}

struct Parser {
    no: i64,
    id: String,
    game: Option<Game>,
    b: Option<HandBuilder>,
    part: Part,
    table: String,
    button: Option<u8>,
    betting: Betting,
    hero: Option<PlayerIdx>,
    /// The board of the street lines.
    board: Vec<Card>,
    /// The boards of "*** BOARD N - ... ***" lines.
    boards: [Vec<Card>; 2],
    board_lines: bool,
    /// A betting action came after a board line: a double-board game.
    bet_after_board: bool,
    /// Per player: the final stack of his summary result line.
    finals: Vec<Option<Money>>,
    rake: Money,
    rake_seen: bool,
    awards: usize,
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
    fn new(no: i64, id: String, game: Game) -> Parser {
        Parser {
            no,
            id,
            game: Some(game),
            b: None,
            part: Part::Date,
            table: String::new(),
            button: None,
            betting: Betting::new(Rules::NONE),
            hero: None,
            board: Vec::with_capacity(5),
            boards: [Vec::new(), Vec::new()],
            board_lines: false,
            bet_after_board: false,
            finals: Vec::new(),
            rake: 0,
            rake_seen: false,
            awards: 0,
        }
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's date line"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        match self.part {
            Part::Date => self.date(no, line),
            Part::Table => self.table_line(no, line),
            Part::Body => self.body(no, line),
            Part::Summary => self.summary(no, line),
        }
    }

    /// "2021-02-05 18:08:26" (US Eastern time).
    fn date(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let start: DateTime<Utc> = time::parse_datetime(line)
            .map(|t| time::local_to_utc(t, time::EASTERN))
            .ok_or_else(|| ParseError::malformed(no, "unreadable date line"))?;
        let game = self
            .game
            .take()
            .ok_or_else(|| ParseError::malformed(no, "a second date line"))?;
        self.b = Some(HandBuilder::new(SITE, self.no, &self.id, game, start));
        self.part = Part::Table;
        Ok(())
    }

    /// "Table 'NAME' Seat 2 is the button", "Table 'NAME'".
    fn table_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable table line");
        let r = line.strip_prefix("Table '").ok_or_else(unreadable)?;
        let close = rfind(r, "'").ok_or_else(unreadable)?;
        let (name, rest) = (&r[..close], r[close + 1..].trim());
        self.table = name.to_string();
        if !rest.is_empty() {
            let seat = rest
                .strip_prefix("Seat ")
                .and_then(|s| s.strip_suffix(" is the button"))
                .and_then(|s| s.parse::<u8>().ok())
                .ok_or_else(unreadable)?;
            self.button = Some(seat);
        }
        let (table, button) = (std::mem::take(&mut self.table), self.button);
        let h = self.builder(no)?.hand_mut();
        h.table_name = table;
        h.button_seat = button;
        self.part = Part::Body;
        Ok(())
    }

    fn body(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street(no, r);
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.seat(no, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        if let Some((run, r)) = line.strip_prefix("Run ").and_then(|r| r.split_once(": ")) {
            let b = self.builder(no)?;
            let by_player = text::name_prefix(&b.hand().players, r, |c| c == b' ', false);
            if run.parse::<u8>().is_ok() && by_player.is_some() {
                return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    no,
                    "a hand of several runs per player (KingsClub's draw hands run twice): not \
                     read",
                ));
            }
        }
        let b = self.builder(no)?;
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(no, "a line before the seat lines"));
        }
        let players = &b.hand().players;
        if let Some((p, n)) = text::name_prefix(players, line, |c| c == b':', false) {
            if let Some(r) = line[n..].strip_prefix(": posts ") {
                return self.post(no, p, r);
            }
        }
        let b = self.builder(no)?;
        match text::name_prefix(&b.hand().players, line, |c| c == b' ', false) {
            Some((p, n)) => self.player_line(no, p, &line[n + 1..]),
            None => other_line(no, line),
        }
    }

    /// "1: NAME (10,000)" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let b = self.builder(no)?;
        if !b.hand().actions.is_empty() {
            return Err(ParseError::malformed(no, "a seat line after the actions"));
        }
        let (n, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = n
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let body = rest.strip_suffix(')').ok_or_else(unreadable)?;
        let open = rfind(body, " (").ok_or_else(unreadable)?;
        let name = &body[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = money_at(&body[open + 2..], no)?;
        b.seat_player(no, seat, name, stack, false)?;
        Ok(())
    }

    /// "HOLE CARDS ***", "FLOP *** [..]", "BOARD 2 - RIVER *** [- - - Kh] [Ac]", "3RD STREET
    /// ***", "SUMMARY ***" (after "*** ").
    fn street(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, after) =
            split2(r, " ***").ok_or_else(|| ParseError::malformed(no, "unreadable street line"))?;
        let base = self.builder(no)?.hand().game.base;
        let stud = base == Base::Stud;
        let (board, name) = match name.strip_prefix("BOARD ") {
            Some(x) => {
                let (k, s) = split2(x, " - ")
                    .ok_or_else(|| ParseError::malformed(no, "unreadable board line"))?;
                let k: usize = match k {
                    "1" => 0,
                    "2" => 1,
                    _ => return Err(ParseError::malformed(no, "a board fpdb does not read")),
                };
                (Some(k), s)
            }
            None => (None, name),
        };
        let street: i8 = match (stud, name) {
            (_, "SUMMARY") if board.is_none() => {
                self.builder(no)?;
                self.part = Part::Summary;
                return Ok(());
            }
            _ if base == Base::Draw => match (board, draw_street(name)) {
                (None, Some(s)) => s,
                _ => return Err(ParseError::malformed(no, "a street fpdb does not read")),
            },
            (false, "HOLE CARDS") if board.is_none() => 0,
            (false, "FLOP") => 1,
            (false, "TURN") => 2,
            (false, "RIVER") => 3,
            (true, "3RD STREET") if board.is_none() => 1,
            (true, "4TH STREET") if board.is_none() => 2,
            (true, "5TH STREET") if board.is_none() => 3,
            (true, "6TH STREET") if board.is_none() => 4,
            _ => return Err(ParseError::malformed(no, "a street fpdb does not read")),
        };
        let mut cards: Vec<Option<Card>> = Vec::with_capacity(5);
        for g in groups(after) {
            for t in g.split(' ').filter(|t| !t.is_empty()) {
                if t == "-" {
                    cards.push(None);
                } else {
                    let c = Card::parse_opt(t)
                        .filter(|c| c.is_known())
                        .ok_or_else(|| ParseError::malformed(no, "unreadable board cards"))?;
                    cards.push(Some(c));
                }
            }
        }
        let want = if street == 0 || base != Base::Hold {
            0
        } else {
            (street + 2) as usize
        };
        if cards.len() != want {
            return Err(ParseError::malformed(
                no,
                "a street line whose cards do not fit the street",
            ));
        }
        match board {
            Some(k) => {
                let first = if self.boards[0].is_empty() {
                    self.board.clone()
                } else {
                    self.boards[0].clone()
                };
                let mut out = Vec::with_capacity(cards.len());
                for (i, c) in cards.iter().enumerate() {
                    match c.or_else(|| if k == 1 { first.get(i).copied() } else { None }) {
                        Some(c) => out.push(c),
                        None => return Err(ParseError::malformed(no, "a board card left unnamed")),
                    }
                }
                self.boards[k] = out;
                self.board_lines = true;
            }
            None => {
                if self.board_lines {
                    return Err(ParseError::malformed(
                        no,
                        "a street line after a board line",
                    ));
                }
                if cards.iter().any(Option::is_none) {
                    return Err(ParseError::malformed(no, "unreadable board cards"));
                }
                self.board = cards.into_iter().flatten().collect();
            }
        }
        let b = self.builder(no)?;
        if base == Base::Draw && usize::from(street as u8) >= b.hand().street_count() {
            return Err(ParseError::malformed(no, "a draw the game does not have"));
        }
        if street > b.street() {
            b.set_street(street);
        }
        Ok(())
    }

    /// "NAME: [X X 4d]" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, g) = text::rsplit2(r, ": [")
            .ok_or_else(|| ParseError::malformed(no, "unreadable dealt cards"))?;
        let g = g
            .strip_suffix(']')
            .ok_or_else(|| ParseError::malformed(no, "unreadable dealt cards"))?;
        let cards = cards_at(g, no)?;
        let b = self.builder(no)?;
        let Some(p) = b.player(name) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let game = &b.hand().game;
        let street = b.street().max(0) as usize;
        if game.base == Base::Stud {
            let (start, count) = if street == 0 { (0, 3) } else { (street + 2, 1) };
            if cards.len() != count || start + count > 7 {
                return Err(ParseError::malformed(
                    no,
                    "dealt cards that do not fit the street",
                ));
            }
            b.set_stud_cards(p, start, &cards);
        } else {
            if street > 0 && game.base == Base::Draw {
                return Err(ParseError::new(
                    ErrorKind::Unsupported,
                    no,
                    "cards dealt after a draw (KingsClub's draw hands run twice): not read",
                ));
            }
            if street > 0 || cards.len() != game.category.hand_size() {
                return Err(ParseError::malformed(
                    no,
                    "dealt cards that do not fit the game",
                ));
            }
            b.set_cards(p, &cards);
        }
        if cards.iter().any(|c| c.is_known()) {
            self.hero.get_or_insert(p);
        }
        Ok(())
    }

    /// "ante 50", "the small blind 125", "the big blind 250" (after "NAME: posts ").
    fn post(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (r, all_in) = all_in_tail(r);
        let Some(&(word, kind)) = KINGSCLUB.posts.iter().find(|(w, _)| r.starts_with(w)) else {
            return Err(ParseError::malformed(no, "unknown kind of post"));
        };
        let mut amount = money_at(&r[word.len()..], no)?;
        let b = self.builder(no)?;
        if kind == ActionKind::BothBlinds {
            // "posts blind X": the big blind X and a dead small blind, X the only amount printed.
            amount = amount.saturating_add(b.hand().game.small_blind);
        }
        if b.hand().actions.iter().any(|a| !a.kind.is_post()) {
            return Err(ParseError::malformed(no, "a post after the betting began"));
        }
        let v = Verb::Post {
            kind,
            amount,
            all_in,
        };
        let b = self
            .b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's date line"))?;
        self.betting.apply(b, p, &v);
        Ok(())
    }

    /// A line starting with a seated player's name: `r` the text after the name and its space.
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if self.builder(no)?.hand().game.base == Base::Draw {
            if let Some(x) = r.strip_prefix("draws ") {
                let n: u8 = x
                    .parse()
                    .map_err(|_| ParseError::malformed(no, "unreadable draw"))?;
                return self.redraw(no, p, Some(n), &[], &[]);
            }
            if r == "stands pat" {
                return self.redraw(no, p, None, &[], &[]);
            }
            if let Some(x) = r.strip_prefix("discards ") {
                let gs: Vec<&str> = groups(x).collect();
                let [thrown, new] = gs[..] else {
                    return Err(if gs.len() > 2 {
                        ParseError::new(
                            ErrorKind::Unsupported,
                            no,
                            "a draw of two sets of new cards (KingsClub's draw hands run \
                             twice): not read",
                        )
                    } else {
                        ParseError::malformed(no, "unreadable discard")
                    });
                };
                let (thrown, new) = (cards_at(thrown, no)?, cards_at(new, no)?);
                let n = u8::try_from(thrown.len()).unwrap_or(u8::MAX);
                return self.redraw(no, p, Some(n), &thrown, &new);
            }
        }
        if let Some(x) = r.strip_prefix("shows ") {
            let (g, tail) = text::bracket(x)
                .ok_or_else(|| ParseError::malformed(no, "unreadable shown cards"))?;
            if !tail.trim().is_empty() {
                return Err(ParseError::malformed(no, "unreadable shown cards"));
            }
            let cards = cards_at(g, no)?;
            let b = self.builder(no)?;
            let game = &b.hand().game;
            if game.base == Base::Stud {
                if cards.len() < 5 {
                    return Err(ParseError::malformed(no, "shown cards that do not fit"));
                }
                b.set_stud_cards(p, 0, &cards);
            } else if game.base == Base::Draw {
                if cards.len() != game.category.hand_size() || cards.iter().any(|c| !c.is_known()) {
                    return Err(ParseError::malformed(
                        no,
                        "shown cards that do not fit the game",
                    ));
                }
                let pl = &mut b.hand_mut().players[p];
                match pl.draws.last_mut() {
                    Some(last) => *last = cards,
                    None => pl.cards = cards,
                }
            } else {
                if cards.len() != game.category.hand_size() {
                    return Err(ParseError::malformed(
                        no,
                        "shown cards that do not fit the game",
                    ));
                }
                b.reveal(p, &cards);
            }
            b.hand_mut().players[p].shown = true;
            return Ok(());
        }
        self.action(no, p, r)
    }

    /// Draw games: a discard of `count` cards (`thrown` and the `new` ones when printed) or,
    /// `count` `None`, a stand-pat. The hand after the draw: the thrown cards' places take the
    /// new cards (as the room shows the hand), unknown when not printed.
    fn redraw(
        &mut self,
        no: u32,
        p: PlayerIdx,
        count: Option<u8>,
        thrown: &[Card],
        new: &[Card],
    ) -> Result<(), ParseError> {
        let b = self.builder(no)?;
        let size = b.hand().game.category.hand_size();
        if b.street() < 1 {
            // Single draw without its draw line: the draw starts the second street.
            b.set_street(1);
        }
        let round = b.street().max(1) as usize;
        if usize::from(count.unwrap_or(0)) > size || thrown.len() != new.len() {
            return Err(ParseError::malformed(
                no,
                "a draw that does not fit the hand",
            ));
        }
        let pl = &b.hand().players[p];
        let mut before = if round <= 1 {
            pl.cards.clone()
        } else {
            pl.draws.get(round - 2).cloned().unwrap_or_default()
        };
        before.resize(size, Card::UNKNOWN);
        let after = match count {
            None => before,
            Some(n) if thrown.is_empty() => {
                // Unknown cards thrown: what is known of the rest is unknown too.
                let _ = n;
                vec![Card::UNKNOWN; size]
            }
            Some(_) => {
                let mut v = before;
                for (t, &c) in thrown.iter().zip(new) {
                    match v.iter().position(|x| x == t) {
                        Some(i) => v[i] = c,
                        None => {
                            return Err(ParseError::malformed(
                                no,
                                "a discard of cards the player does not hold",
                            ))
                        }
                    }
                }
                v
            }
        };
        let b = self.builder(no)?;
        let pl = &mut b.hand_mut().players[p];
        while pl.draws.len() < round {
            let k = pl.draws.len();
            let prev = if k == 0 {
                pl.cards.clone()
            } else {
                pl.draws[k - 1].clone()
            };
            pl.draws.push(prev);
        }
        pl.draws[round - 1] = after;
        match count {
            Some(n) => b.discard(p, n, thrown.to_vec()),
            None => b.stand_pat(p),
        }
        Ok(())
    }

    /// A betting verb; a call prints the caller's new total on the street.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (r, all_in) = all_in_tail(r);
        let verb = match r.strip_prefix("calls ") {
            Some(to) => {
                let to = money_at(to, no)?;
                let b = self.builder(no)?;
                Betting::begin_betting(b);
                let added = to - b.street_total(p);
                if added <= 0 {
                    return Err(ParseError::malformed(
                        no,
                        "a call to no more than the player had in",
                    ));
                }
                Verb::Call {
                    amount: added,
                    all_in,
                }
            }
            None => match KINGSCLUB.parse(r, |t| money_at(t, no), no)? {
                Some(
                    v @ (Verb::Fold { shown: None }
                    | Verb::Check
                    | Verb::Bet { .. }
                    | Verb::BringIn { .. }),
                ) => v,
                Some(Verb::Raise {
                    raise: Raise::To(to),
                    ..
                }) if r.starts_with("raises to ") => Verb::Raise {
                    raise: Raise::To(to),
                    all_in,
                },
                _ => return Err(ParseError::malformed(no, "an action fpdb does not read")),
            },
        };
        let verb = with_all_in(verb, all_in);
        let board_lines = self.board_lines;
        let b = self
            .b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's date line"))?;
        if !matches!(verb, Verb::Fold { .. }) && board_lines {
            self.bet_after_board = true;
        }
        if self.betting.apply(b, p, &verb) {
            return Ok(());
        }
        Err(ParseError::malformed(no, "an action fpdb does not read"))
    }

    fn summary(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.result(no, r);
        }
        if let Some(r) = line.strip_prefix("Rake ") {
            if self.rake_seen || self.awards > 0 {
                return Err(ParseError::malformed(no, "a rake line out of place"));
            }
            self.rake = money_at(r, no)?;
            self.rake_seen = true;
            return Ok(());
        }
        let b = self.builder(no)?;
        match text::name_prefix(&b.hand().players, line, |c| c == b' ', false) {
            Some((p, n)) => match line[n + 1..].strip_prefix("wins ") {
                Some(r) => self.award(no, p, r),
                None => Err(ParseError::malformed(
                    no,
                    "a summary line fpdb does not read",
                )),
            },
            None => other_line(no, line),
        }
    }

    /// "1: NAME (9,950) -50" (after "Seat "): the final stack and the net.
    fn result(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable result line");
        if self.awards > 0 || self.rake_seen {
            return Err(ParseError::malformed(no, "a result line after the awards"));
        }
        let (n, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = n.parse().map_err(|_| unreadable())?;
        let (body, net) = text::rsplit2(rest, ") ").ok_or_else(unreadable)?;
        let open = rfind(body, " (").ok_or_else(unreadable)?;
        let (name, fin) = (&body[..open], &body[open + 2..]);
        let final_stack = money_at(fin, no)?;
        let (sign, net_abs) = match net.as_bytes().first() {
            Some(b'+') => (1, &net[1..]),
            Some(b'-') => (-1, &net[1..]),
            _ if net == "0" => (1, net),
            _ => return Err(unreadable()),
        };
        let net = sign * money_at(net_abs, no)?;
        let b = self.builder(no)?;
        let Some(p) = b.player(name) else {
            return Err(ParseError::malformed(
                no,
                "a result of a player who is not in the seat list",
            ));
        };
        let pl = &b.hand().players[p];
        if pl.seat != seat {
            return Err(ParseError::malformed(no, "a result line of another seat"));
        }
        if pl.stack.checked_add(net) != Some(final_stack) {
            return Err(ParseError::malformed(
                no,
                "a result whose final stack is not the start stack and the net",
            ));
        }
        let n = b.hand().players.len();
        if self.finals.len() < n {
            self.finals.resize(n, None);
        }
        if self.finals[p].replace(final_stack).is_some() {
            return Err(ParseError::malformed(no, "two result lines of one player"));
        }
        Ok(())
    }

    /// "pot (399)", "(10,737.50) from pot", "(3,075) from side pot 1", "side pot 1 (X)" (after
    /// "NAME wins ").
    fn award(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable award");
        let side = |t: &str| -> Result<u8, ParseError> {
            t.strip_prefix("side pot ")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|&n| n > 0)
                .ok_or_else(unreadable)
        };
        let (amount, pot_no) = if let Some(x) = r.strip_prefix("pot (") {
            (x.strip_suffix(')').ok_or_else(unreadable)?, 0)
        } else if let Some(x) = r.strip_prefix('(') {
            let (amt, tail) = x.split_once(')').ok_or_else(unreadable)?;
            let pot_no = match tail {
                " from pot" | "" => 0,
                t => side(t.strip_prefix(" from ").ok_or_else(unreadable)?)?,
            };
            (amt, pot_no)
        } else {
            let (pot, x) = split2(r, " (").ok_or_else(unreadable)?;
            (x.strip_suffix(')').ok_or_else(unreadable)?, side(pot)?)
        };
        let amount = money_at(amount, no)?;
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
        let cut = |why: &str| ParseError::new(ErrorKind::Unfinished, last_line, why.to_string());
        let Some(mut b) = self.b.take() else {
            return Err(cut("the hand stops before its date line: the file was cut"));
        };
        if self.part != Part::Summary {
            return Err(cut(
                "the hand stops before its summary (still being played, or the file was cut)",
            ));
        }
        let hand = b.hand();
        let n = hand.players.len();
        if n == 0 {
            return Err(cut("the hand has no seat lines"));
        }
        if self.finals.len() < n || self.finals.iter().any(Option::is_none) {
            return Err(cut(
                "the summary stops before every player's result: the file was cut",
            ));
        }
        if self.awards == 0 {
            return Err(cut(
                "the summary stops before the pot is awarded: the file was cut",
            ));
        }
        // What each player put in, less the chips nobody matched (never printed).
        let mut put = vec![0 as Money; n];
        for a in &hand.actions {
            put[a.player] = put[a.player].saturating_add(a.amount);
        }
        let mut order: Vec<PlayerIdx> = (0..n).collect();
        order.sort_by_key(|&p| std::cmp::Reverse(put[p]));
        if n > 1 {
            let excess = put[order[0]] - put[order[1]];
            put[order[0]] -= excess;
        }
        let mut won = vec![0 as Money; n];
        for c in &hand.collections {
            won[c.player] = won[c.player].saturating_add(c.amount);
        }
        for p in 0..n {
            let fin = self.finals[p].unwrap_or(0);
            let want = fin - hand.players[p].stack + put[p];
            if won[p] < want {
                return Err(ParseError::new(
                    ErrorKind::Unfinished,
                    last_line,
                    format!(
                        "the awards give {} {} of the {} his result shows won: an award is \
                         missing (the file was cut, or the room left an uncontested side pot \
                         out)",
                        hand.players[p].name,
                        pot::show_money(won[p], CENTS),
                        pot::show_money(want, CENTS)
                    ),
                ));
            }
            if won[p] > want {
                return Err(ParseError::malformed(
                    last_line,
                    format!(
                        "the awards give {} more than his result shows",
                        hand.players[p].name
                    ),
                ));
            }
        }
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if self.board_lines {
            let [one, two] = std::mem::take(&mut self.boards);
            let one = if one.is_empty() {
                std::mem::take(&mut self.board)
            } else {
                one
            };
            if two.is_empty() {
                return Err(ParseError::malformed(last_line, "a second board missing"));
            }
            hand.boards = vec![one, two];
            if self.bet_after_board {
                hand.game.split_board = true;
            } else {
                hand.run_it_twice = true;
            }
        } else if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let ante = hand
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Ante)
            .map_or(0, |a| a.amount);
        hand.game.ante = ante;
        let mut policy = PotPolicy::new(CENTS, last_line);
        policy.rake = Some(self.rake);
        policy.uncalled = Uncalled::Unmatched;
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

/// The street of a draw game's street line: "1ST BETTING ROUND" 0, "1ST DRAW" 1, "2ND
/// BETTING ROUND" 1, ...
fn draw_street(name: &str) -> Option<i8> {
    Some(match name {
        "1ST BETTING ROUND" => 0,
        "1ST DRAW" | "2ND BETTING ROUND" => 1,
        "2ND DRAW" | "3RD BETTING ROUND" => 2,
        "3RD DRAW" | "4TH BETTING ROUND" => 3,
        _ => return None,
    })
}

/// `verb` with the all-in flag of its line.
fn with_all_in(mut verb: Verb<'_>, flag: bool) -> Verb<'_> {
    if flag {
        match &mut verb {
            Verb::Call { all_in, .. }
            | Verb::Bet { all_in, .. }
            | Verb::Raise { all_in, .. }
            | Verb::BringIn { all_in, .. }
            | Verb::Complete { all_in, .. }
            | Verb::Post { all_in, .. } => *all_in = true,
            _ => {}
        }
    }
    verb
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&KingsClub));
        KingsClub.parse(&chunk)
    }

    const HAND: &str = "#3264633: No Limit Holdem - 125/250
2020-12-30 22:34:16
Table 'Bobbys Room Mix' Seat 1 is the button
Seat 1: Player0 (1,325)
Seat 2: Player1 (10,000)
Seat 3: Hero (10,000)
Player0: posts ante 50
Player1: posts ante 50
Hero: posts ante 50
Player1: posts the small blind 125
Hero: posts the big blind 250
*** HOLE CARDS ***
Dealt to Player0: [X X]
Dealt to Player1: [X X]
Dealt to Hero: [Qc Ks]
Player0 raises to 625
Player1 folds
Hero raises to 1,500
Player0 calls 1,275, and is all in
*** FLOP *** [8d 4d 3c]
*** TURN *** [8d 4d 3c] [5c]
*** RIVER *** [8d 4d 3c 5c] [7s]
Player0 shows [3h 4s]
Hero shows [Qc Ks]
*** SUMMARY ***
Seat 1: Player0 (2,802.50) +1,477.50
Seat 2: Player1 (9,825) -175
Seat 3: Hero (8,675) -1,325
Rake 22.50
Player0 wins pot (2,802.50)";

    #[test]
    fn a_hand_and_its_lines() {
        let h = parse(HAND).unwrap();
        assert_eq!((h.site.as_str(), h.site_hand_no), ("KingsClub", 3_264_633));
        assert_eq!(h.start_time.to_rfc3339(), "2020-12-31T03:34:16+00:00");
        assert_eq!(
            (h.table_name.as_str(), h.button_seat),
            ("Bobbys Room Mix", Some(1))
        );
        assert_eq!(h.game.ante, 5_000);
        assert_eq!(h.players[0].stack, 132_500);
        assert_eq!(h.hero, Some(2));
        // The call prints the caller's total on the street: 1,275 is all he had left.
        let call = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Call)
            .unwrap();
        assert_eq!((call.amount, call.all_in), (65_000, true));
        // Hero's raise above Player0's stack comes back to him, unprinted.
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (2, 22_500));
        assert_eq!((h.total_pot, h.rake), (282_500, 2_250));
        assert_eq!(h.collections[0].amount, 280_250);
        assert_eq!(h.boards.len(), 1);
        assert!(!h.run_it_twice && !h.game.split_board);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn headers() {
        let h = header("#3583643: Pot Limit Omaha - 125/250").unwrap();
        assert_eq!(
            (h.id, h.limit, h.game, h.small, h.big),
            ("3583643", "Pot Limit", "Omaha", "125", "250")
        );
        let h = header("#3537921: Limit Razz - 500/1,000").unwrap();
        assert_eq!((h.game, h.big), ("Razz", "1,000"));
        assert!(header("#12: Limit 2-7 Triple Draw - 40/80").is_some());
        assert!(header("#12 Limit Holdem - 40/80").is_none());
        assert!(header("#: Limit Holdem - 40/80").is_none());
        assert!(header("#12: Spread Limit Holdem - 40/80").is_none());
        assert!(header("#12: Limit Holdem - forty").is_none());
        assert!(header("PokerStars Hand #12: Hold'em").is_none());
        let g = parse_game(&header("#1: Limit Holdem - 40/80").unwrap(), 1).unwrap();
        assert_eq!(
            (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
            (2_000, 4_000, 4_000, 8_000)
        );
        let g = parse_game(&header("#1: Limit Seven Card Stud - 44/88").unwrap(), 1).unwrap();
        assert_eq!((g.small_blind, g.big_blind, g.big_bet), (0, 4_400, 8_800));
        let g = parse_game(&header("#1: Pot Limit Big O - 11/22").unwrap(), 1).unwrap();
        assert_eq!(
            (g.category, g.small_blind, g.big_blind),
            (Category::Omaha5HiLo, 1_100, 2_200)
        );
        for game in [
            "2-7 Razz",
            "Badacey",
            "Badeucey",
            "2-7 Drawmaha",
            "Pineapple",
        ] {
            let e =
                parse_game(&header(&format!("#1: Limit {game} - 1/2")).unwrap(), 1).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unsupported, "{game}");
        }
    }

    #[test]
    fn awards() {
        let cases = [
            ("Player0 wins pot (2,802.50)", 0),
            ("Player0 wins (2,802.50) from pot", 0),
            ("Player0 wins (2,802.50) from side pot 1", 1),
        ];
        for (line, pot) in cases {
            let h = parse(&HAND.replace("Player0 wins pot (2,802.50)", line)).unwrap();
            assert_eq!(h.collections[0].pot, pot, "{line}");
        }
        for bad in [
            "Player0 wins pot 2,802.50",
            "Player0 wins (2,802.50) from the pot",
        ] {
            let e = parse(&HAND.replace("Player0 wins pot (2,802.50)", bad)).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Malformed, "{bad}");
        }
        // An award that is not what the result line shows.
        let e = parse(&HAND.replace("wins pot (2,802.50)", "wins pot (2,600)")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        let e = parse(&HAND.replace("(9,825) -175", "(9,800) -200")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    #[test]
    fn errors() {
        let e = parse(&HAND.replace("Player1 folds", "Player1 limps 4")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 17));
        let e = parse(&HAND.replace("Player1 folds", "Stranger calls 1")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 17));
        let e = parse(&HAND.replace("Player1 folds", "Player1 raises 1,000")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e = parse(&HAND.replace("Seat 2: Player1", "Seat 1: Player1")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e = parse(&HAND.replace("[X X]", "[X X X]")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e = parse(&HAND.replace("2020-12-30 22:34:16", "yesterday")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 2));
        // A notice without amounts or cards carries nothing.
        assert!(parse(&HAND.replace("Player1 folds", "Player1 folds\nA notice")).is_ok());
        let e = parse(&HAND.replace("Player1 folds", "Player1 folds\nA bonus of 5")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    #[test]
    fn two_boards_run_twice_or_double_board() {
        let rit = HAND.replace(
            "*** TURN *** [8d 4d 3c] [5c]
*** RIVER *** [8d 4d 3c 5c] [7s]",
            "*** BOARD 1 - RIVER *** [8d 4d 3c 5c] [7s]
*** BOARD 2 - RIVER *** [- - - Kh] [Ac]",
        );
        let h = parse(&rit).unwrap();
        assert!(h.run_it_twice && !h.game.split_board);
        assert_eq!(h.boards[1], Card::parse_all("8d 4d 3c Kh Ac").unwrap());
        // Unnamed cards on the first board are refused.
        let e =
            parse(&rit.replace("BOARD 1 - RIVER *** [8d", "BOARD 1 - RIVER *** [-")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    const DRAW: &str = "#41388325: Limit A-5 Single Draw - 50/100
2021-02-13 17:40:45
Table 'HU Single Draw Mix' Seat 1 is the button
Seat 1: Player0 (1,389)
Seat 2: Hero (874)
Player0: posts the small blind 25
Hero: posts the big blind 50
Dealt to Player0: [X X X X X]
Dealt to Hero: [Tc Ks Qc 4c As]
Player0 raises to 100
Hero calls 100
Hero discards [Tc Ks Qc] draws [7s 3h 3s]
Player0 stands pat
Hero checks
Player0 checks
Hero shows [7s 3h 3s 4c As]
Player0 shows [2d Jh 8h 5s 9s]
*** SUMMARY ***
Seat 1: Player0 (1,488) +99
Seat 2: Hero (774) -100
Rake 1
Player0 wins pot (199)";

    #[test]
    fn draws() {
        let h = parse(DRAW).unwrap();
        assert_eq!(h.game.category, Category::SingleDrawA5);
        let hero = &h.players[1];
        assert_eq!(hero.cards, Card::parse_all("Tc Ks Qc 4c As").unwrap());
        assert_eq!(hero.draws, vec![Card::parse_all("7s 3h 3s 4c As").unwrap()]);
        let d = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Discard)
            .unwrap();
        assert_eq!((d.street, d.discards), (1, Some(3)));
        assert_eq!(
            h.players[0].draws,
            vec![Card::parse_all("2d Jh 8h 5s 9s").unwrap()]
        );
        let e =
            parse(&DRAW.replace("draws [7s 3h 3s]", "draws [7s 3h 3s] [2c 2d 2h]")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&DRAW.replace("Hero shows", "Run 1: Hero shows")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&DRAW.replace("discards [Tc", "discards [2c")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        text::every_cut_is_unfinished(DRAW, parse);
    }
}

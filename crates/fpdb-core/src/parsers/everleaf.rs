//! Everleaf hand histories (the Everleaf Gaming network and its skins, closed 2012, and Grand
//! Poker, which printed the same format in 2019): cash tables and tournaments, stored under the
//! site name `Everleaf`.
//!
//! The format has no summary and no end marker: a two-line header, the game and the table,
//! seat lines, actions (`NAME calls [$ 0.02 USD]`, with a colon for posts and bets: `NAME: bets
//! [$ 3 USD]`), `**`-led street lines, the cards shown and the awards (`NAME wins $ 2.82 USD
//! from main pot`), which are after the rake and leave the uncalled bet out. Neither the pot,
//! the rake nor the uncalled bets are printed: fpdb gives the unmatched part of the biggest bet
//! back ([`Uncalled::Unmatched`]) and the rake is what no award took. One pass over the lines,
//! no regular expressions; names are matched against the seat list, longest first. Betting goes
//! through the shared [`verbs`](crate::parsers::verbs) rules, money through [`HandBuilder`]
//! and [`crate::pot::settle`].
//!
//! # Hand numbers and times
//!
//! `Game #355196915`: `site_hand_no` is the number for the network's hands (`Everleaf Gaming
//! Game #N`, `Everleaf Gaming - Concord Gaming - Game #N`: the skins share its counter).
//! A header naming another network or none (Grand Poker's `- - Grand Poker - Game #15649156`,
//! from its own counter) is stored as `10^15 + N`, so that it cannot meet an Everleaf number;
//! a number of 10^15 or more is refused as out of range. `site_hand_id` is the number as printed.
//! The time (`2012/02/09 - 22:09:43`) has no zone: it is stored as printed, as UTC (the reference
//! tracker did the same).
//!
//! # What the format prints, line by line
//!
//! - `Everleaf Gaming Game #355196915` (the network, ` - SKIN - ` for a skin), then `*****
//!   Hand history for game #355196915 *****` (the same number).
//! - Tournaments of 2019: `Tournament #2768325 - Level 2` (the tournament's number and level).
//!   The network's own tournament hands print no tournament line (the client put the number in
//!   the file's name, `TID_1625641-1.txt`): they are tournament hands without a tournament
//!   (kind `tour`, no `Tourneys` row).
//! - `Blinds €0.25/€0.50 NL Hold'em - 2012/02/09 - 22:09:43`, `$0.50/$1 Omaha Hi/Lo - ...`,
//!   `Blinds 15/30 NL Hold'em - 9 Max - 2019/01/21 - 13:05:02`, `$0.05/$0.10 7 Card Stud - ...`:
//!   the stakes, `NL` or `PL` (nothing: fixed limit), the game (`Hold'em`, `Omaha`, `Omaha
//!   Hi/Lo`, `7 Card Stud`, `7 Card Stud Hi/Lo`, `Razz`), the table's size, the date. Stakes
//!   after `Blinds` are the blinds; without it (fixed limit) they are the bets, the big blind
//!   the small bet and the small blind read from its post. `$` is USD, `€` EUR (and the caret
//!   `ˆ` some euro files print for it: the euro sign's byte read as Windows-1252), in cents;
//!   stakes without a symbol are tournament chips (`T$`).
//! - `Table Budapest`, `Table 1` (a tournament's table); `Seat 1 is the button` (stud: none);
//!   `Total number of players: 8` (not read: it counts a newcomer's seat or not, and sometimes
//!   an empty seat).
//! - `Seat 1: Hero (  € 50 EURO )`, `(  $ 0.98 USD )`, `(  16476 Chips )`, `( 2000 )`; `( new
//!   player )`: a player who took the seat during the hand, not dealt in (not stored). A
//!   player with nothing in front of him is stored sitting out.
//! - Posts: `NAME: posts small blind [$ 0.01 USD]`, `posts big blind [..]`, `posts both blinds
//!   [..]` (the small blind part dead), `posts ante [ 100 Chips]`; stud `NAME posts bring-in
//!   $0.02.`, `NAME completes to $0.05.` (the new total).
//! - `** Dealing down cards **`; `Dealt to Hero [ Qd, 7c ]`; `** Dealing Flop ** [ 8s, 9h, 3s ]`,
//!   `** Dealing Turn ** [ 6h ]`, `** Dealing River ** [ 9d ]`; stud `**** dealing 4th street
//!   ****` … `**** dealing river ****`.
//! - Actions: `folds`, `checks`, `calls [$ 1 USD]`, `raises [$ 1.25 USD]` (the chips the raise
//!   puts in, the call included), `NAME: bets [€ 3 EURO]`.
//! - `NAME shows [ 4c, 4d ] two pairs, jacks and fours`, `NAME mucks [ .. ] ...`, `NAME does not
//!   show cards`.
//! - Awards: `NAME wins $ 0.13 USD from main pot[ with DESCRIPTION [ Jc, Js, 9d, 8c, 8h ]]`,
//!   `from side pot` (side pots are not numbered: stored as pot 1), `wins  high ($ 0.95 USD)`,
//!   `wins  low ($3.32)` (hi/lo halves), `wins 5500 chips`, `wins 274`. A long award may be
//!   wrapped: the line after it holding the end of its description (`eights [ Jc, ... ]`) is
//!   read as its continuation.
//! - Ignored (no money, no cards): chat (`NAME: text`; a seated player's message starting
//!   with `posts ` or `bets ` cannot be told from his action and is read as one), `NAME has
//!   disconnected and has been given a further 20 seconds to react`, `NAME has joined the
//!   table`, `NAME has been reseated to this table`, `NAME has left the table`, and any other
//!   line naming no seated player that holds no digit and no bracket; `NAME sits out` marks
//!   the player sitting out.
//!
//! # When a hand is finished
//!
//! Without an end marker a hand is finished when its awards account for its pot: tournament
//! awards are the whole pot (no rake), and at cash tables what no award took, the rake, is at
//! most 15% of the pot and a cent (the room's rake is 5% to 8% of the pot in the corpus, the
//! most on small stud pots: a hand cut between two awards leaves a pot, a hi/lo half or a
//! split pot's share unawarded); every side pot the all-ins make has an award. A hand cut
//! before that is refused as unfinished. (At a cash table a pot split between several winners,
//! whose last share is less than 15% of the hand's pot, cannot be told from a finished hand
//! when the file is cut before that share.)
//!
//! Refused: an action by a name that is not seated, a line that could carry money or cards and
//! is none of the above, a game fpdb does not read, a second header number that is not the
//! first's, a hand cut before its awards account for its pot.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::room;
use crate::parsers::text::{self, find, split2, HandLines};
use crate::parsers::verbs::{self, Betting, Rules, Verb, Word};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;

/// The Everleaf format.
#[derive(Debug)]
pub struct Everleaf;
room!(Everleaf, SITE, b"E-", |l| header(l).is_some(), parse_chunk);

const SITE: &str = "Everleaf";

/// The network whose hands keep their number.
const NETWORK: &str = "Everleaf Gaming";

/// Added to the number of a hand of another network.
const OTHER_NETWORK: i64 = 1_000_000_000_000_000;

/// Every second small blind is dead; a second big blind is live.
const RULES: Rules = Rules::NONE;

/// The words of the actions with an amount.
const WORDS: &[(&str, Word)] = &[
    ("calls ", Word::Call),
    ("raises ", Word::RaiseAdds),
    ("bets ", Word::Bet),
    ("posts small blind ", Word::Post(ActionKind::SmallBlind)),
    ("posts big blind ", Word::Post(ActionKind::BigBlind)),
    ("posts both blinds ", Word::Post(ActionKind::BothBlinds)),
    ("posts ante ", Word::Post(ActionKind::Ante)),
    ("posts bring-in ", Word::BringIn),
    ("completes to ", Word::Complete),
];

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "Everleaf Gaming Game #355196915", "Everleaf Gaming - Concord Gaming - Game #404865765",
/// "- - Grand Poker - Game #15649156": the network ("" when none) and the number's digits.
fn header(line: &str) -> Option<(&str, &str)> {
    let (head, digits) = text::rsplit2(line, "Game #")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if head == "Everleaf Gaming " {
        return Some((NETWORK, digits));
    }
    // "NETWORK - SKIN - ", the network "-" when there is none.
    let (network, skin) = split2(head.strip_suffix(" - ")?, " - ")?;
    if skin.is_empty() || find(skin, " - ").is_some() {
        return None;
    }
    Some((if network == "-" { "" } else { network }, digits))
}

/// The stored number of a hand (see the module); `None` when it does not fit.
fn hand_no(network: &str, digits: &str) -> Option<i64> {
    let n: i64 = digits.parse().ok().filter(|&n| n < OTHER_NETWORK)?;
    Some(if network == NETWORK {
        n
    } else {
        OTHER_NETWORK + n
    })
}

/// The games as the game line names them, longest first.
const GAMES: &[(&str, Category)] = &[
    ("7 Card Stud Hi/Lo", Category::StudHiLo),
    ("7 Card Stud", Category::StudHi),
    ("Razz", Category::Razz),
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha", Category::OmahaHi),
    ("Hold'em", Category::Holdem),
];

/// What the game line says.
#[derive(Debug)]
struct GameLine {
    category: Category,
    limit_type: LimitType,
    /// The stakes are the blinds (`Blinds` before them), else the bets.
    blinds: bool,
    stakes: (Money, Money),
    currency: Option<&'static str>,
    max_seats: Option<u8>,
    start: DateTime<Utc>,
}

type Refusal = (ErrorKind, &'static str);

/// The currency of an amount's symbol (`ˆ` is the euro sign read from Windows-1252 where the
/// client wrote another code page's byte).
fn currency_of(t: &str) -> Option<&'static str> {
    let t = t.trim_start();
    if t.starts_with('$') {
        Some("USD")
    } else if t.starts_with('€') || t.starts_with('ˆ') {
        Some("EUR")
    } else {
        None
    }
}

/// "Blinds €0.25/€0.50 NL Hold'em - 4 Max - 2012/02/09 - 22:09:43".
fn game_line(line: &str) -> Result<GameLine, Refusal> {
    let bad = (ErrorKind::Malformed, "unreadable game line");
    let (rest, clock) = text::rsplit2(line, " - ").ok_or(bad)?;
    let (mut rest, date) = text::rsplit2(rest, " - ").ok_or(bad)?;
    let local = NaiveDateTime::parse_from_str(&format!("{date} {clock}"), "%Y/%m/%d %H:%M:%S")
        .map_err(|_| (ErrorKind::Malformed, "unreadable start time"))?;
    let mut max_seats = None;
    if let Some((r, max)) = text::rsplit2(rest, " - ") {
        let n = max
            .strip_suffix(" Max")
            .and_then(|n| n.parse().ok())
            .ok_or(bad)?;
        max_seats = Some(n);
        rest = r;
    }
    let (name, category) = GAMES
        .iter()
        .find(|(name, _)| rest.ends_with(name))
        .ok_or((ErrorKind::Unsupported, "a game fpdb does not read"))?;
    let mut rest = rest[..rest.len() - name.len()].trim_end();
    let limit_type = if let Some(r) = rest.strip_suffix(" NL") {
        rest = r;
        LimitType::NoLimit
    } else if let Some(r) = rest.strip_suffix(" PL") {
        rest = r;
        LimitType::PotLimit
    } else {
        LimitType::FixedLimit
    };
    let (blinds, stakes) = match rest.strip_prefix("Blinds ") {
        Some(s) => (true, s),
        None => (false, rest),
    };
    let (low, high) = stakes.split_once('/').ok_or(bad)?;
    let currency = currency_of(low);
    let scale = if currency.is_some() { CENTS } else { CHIPS };
    let read = |t: &str| amount_of(t, scale).map_err(|k| (k, "unreadable stakes on the game line"));
    Ok(GameLine {
        category: *category,
        limit_type,
        blinds,
        stakes: (read(low)?, read(high)?),
        currency,
        max_seats,
        start: Utc.from_utc_datetime(&local),
    })
}

/// An amount as the format prints it: `$ 0.25 USD`, `€ 3 EURO`, `ˆ 50 EURO`, ` 1,000 Chips`,
/// `274`, `$0.02.` (brackets stripped by the caller).
fn amount_of(t: &str, scale: i64) -> Result<Money, ErrorKind> {
    let mut s = t.trim();
    if let Some(r) = s.strip_suffix('.') {
        s = r;
    }
    for unit in [" USD", " EURO", " EUR", " Chips", " chips"] {
        if let Some(r) = s.strip_suffix(unit) {
            s = r;
            break;
        }
    }
    let s = s.trim_start_matches(['$', '€', 'ˆ']).trim();
    text::parse_unsigned_amount(s, scale)
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/// The seated player whose name starts `line` followed by `sep` (longest name first), and the
/// length of the name.
fn actor(players: &[Player], line: &str, sep: u8) -> Option<(PlayerIdx, usize)> {
    text::name_prefix(players, line, |c| c == sep, false)
}

/// The cards of a group "[ Qd, 7c ]" at the start of `s`, and the text after it.
fn cards_at(s: &str, no: u32) -> Result<(Vec<Card>, &str), ParseError> {
    let bad = || ParseError::malformed(no, "unreadable cards");
    let (group, after) = text::bracket(text::skip_blanks(s)).ok_or_else(bad)?;
    let cards = text::card_list(group, true, 7).ok_or_else(bad)?;
    if cards.is_empty() || cards.iter().any(|c| !c.is_known()) {
        return Err(bad());
    }
    Ok((cards, after))
}

/// Verbs whose line, by a name not in the seat list, is an unknown player's action.
const VERBS: &[&str] = &[
    " folds",
    " checks",
    " calls [",
    " raises [",
    ": bets [",
    ": posts ",
    " posts bring-in ",
    " completes to ",
    " shows [",
    " mucks [",
    " wins ",
];

/// Notices that carry no money or cards, by how they end.
const NOTICES: &[&str] = &[
    " has joined the table",
    " has been reseated to this table",
    " seconds to react",
    " has left the table",
];

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (network, digits) = header(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not an Everleaf hand header"))?;
        let no = hand_no(network, digits).ok_or_else(|| ParseError::hand_no_too_large(first_no))?;
        Ok((Parser::new(no, digits), no))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The lines before the seats: the hand history line, tournament, game, table, button.
    Head,
    Seats,
    Play,
    /// After the first award.
    Awards,
}

struct Parser {
    no: i64,
    id: String,
    phase: Phase,
    history_line: bool,
    tournament: Option<Tournament>,
    game: Option<GameLine>,
    table: Option<String>,
    button: Option<u8>,
    seats: Vec<(u8, String, Option<Money>)>,
    b: Option<HandBuilder>,
    scale: i64,
    betting: Betting,
    board: Vec<Card>,
    small_blind_read: bool,
    hero: Option<PlayerIdx>,
    /// An award's description waits for its wrapped end.
    continued: bool,
    /// Awards of side pots.
    side_awards: usize,
}

impl HandLines for Parser {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        match self.phase {
            Phase::Head => self.head_line(no, line),
            Phase::Seats => self.seat_line(no, line),
            Phase::Play | Phase::Awards => self.body_line(no, line),
        }
    }

    fn finish(self, last: u32) -> Result<Hand, ParseError> {
        self.end(last)
    }
}

impl Parser {
    fn new(no: i64, id: &str) -> Parser {
        Parser {
            no,
            id: id.to_string(),
            phase: Phase::Head,
            history_line: false,
            tournament: None,
            game: None,
            table: None,
            button: None,
            seats: Vec::with_capacity(10),
            b: None,
            scale: CENTS,
            betting: Betting::new(RULES),
            board: Vec::with_capacity(5),
            small_blind_read: false,
            hero: None,
            continued: false,
            side_awards: 0,
        }
    }

    fn builder(&mut self) -> &mut HandBuilder {
        self.b.as_mut().expect("built when the seat lines end")
    }

    /// A bracketed amount "[$ 0.25 USD]" or a bare one "$0.02." on line `no`.
    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        let t = t.trim();
        let t = t
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(t);
        amount_of(t, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    // -----------------------------------------------------------------------------------------
    // Head and seats
    // -----------------------------------------------------------------------------------------

    fn head_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if !self.history_line {
            // "***** Hand history for game #355196915 *****", the header's number.
            let id = line
                .strip_prefix("***** Hand history for game #")
                .and_then(|r| r.strip_suffix(" *****"));
            if id != Some(self.id.as_str()) {
                return Err(ParseError::malformed(
                    no,
                    "the hand history line of another game than the header's",
                ));
            }
            self.history_line = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Tournament #") {
            // "2768325 - Level 2".
            let (id, level) = split2(r, " - Level ")
                .ok_or_else(|| ParseError::malformed(no, "unreadable tournament line"))?;
            let tourney_no: i64 = id.parse().map_err(|_| {
                if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
                    ParseError::new(ErrorKind::OutOfRange, no, "tournament number too large")
                } else {
                    ParseError::malformed(no, "unreadable tournament number")
                }
            })?;
            let mut t = Tournament::unpriced(tourney_no, "USD", None);
            t.level = Some(level.to_string());
            self.tournament = Some(t);
            return Ok(());
        }
        if self.game.is_none() {
            let g = game_line(line).map_err(|(kind, msg)| ParseError::new(kind, no, msg))?;
            self.scale = if g.currency.is_some() { CENTS } else { CHIPS };
            self.game = Some(g);
            return Ok(());
        }
        if let Some(name) = line.strip_prefix("Table ") {
            self.table = Some(name.trim().to_string());
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
        if let Some(r) = line.strip_prefix("Total number of players: ") {
            // Not the seat lines' count: it counts a newcomer's seat or not, and may count an
            // empty one.
            if !r.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::malformed(no, "unreadable number of players"));
            }
            self.phase = Phase::Seats;
            return Ok(());
        }
        Err(ParseError::malformed(no, "a line fpdb does not know"))
    }

    fn seat_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let seat = line.strip_prefix("Seat ").and_then(|r| r.split_once(": "));
        let Some((seat, rest)) = seat else {
            self.build(no)?;
            self.phase = Phase::Play;
            return self.body_line(no, line);
        };
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (name, stack) = rest
            .strip_suffix(')')
            .and_then(|r| text::rsplit2(r, " ("))
            .ok_or_else(unreadable)?;
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = match stack.trim() {
            "new player" => None,
            s => Some(self.money(s, no)?),
        };
        self.seats.push((seat, name.to_string(), stack));
        Ok(())
    }

    /// The hand's builder, once the seat lines are read.
    fn build(&mut self, no: u32) -> Result<(), ParseError> {
        let Some(g) = self.game.take() else {
            return Err(ParseError::malformed(no, "a hand without its game line"));
        };
        if self.seats.iter().all(|s| s.2.is_none()) {
            return Err(ParseError::malformed(no, "a hand without seat lines"));
        }
        let tour = g.currency.is_none();
        if self.tournament.is_some() && !tour {
            return Err(ParseError::malformed(
                no,
                "a tournament hand with stakes in a currency",
            ));
        }
        let kind = if tour { GameKind::Tour } else { GameKind::Ring };
        let currency = g.currency.unwrap_or("T$");
        let (low, high) = g.stakes;
        let category = g.category;
        let mut game = match (g.limit_type, category.base(), g.blinds) {
            (LimitType::FixedLimit, Base::Stud, _) => {
                let mut game = Game::blinds(kind, category, g.limit_type, (0, 0), currency);
                (game.small_bet, game.big_bet) = (low, high);
                game
            }
            (LimitType::FixedLimit, _, false) => {
                let mut game = Game::blinds(kind, category, g.limit_type, (low / 2, low), currency);
                game.big_bet = high;
                game
            }
            _ => Game::blinds(kind, category, g.limit_type, (low, high), currency),
        };
        game.ante = 0;
        let mut b = HandBuilder::new(SITE, self.no, &self.id, game, g.start);
        let mut seats = std::mem::take(&mut self.seats);
        seats.sort_by_key(|s| s.0);
        for (seat, name, stack) in &seats {
            // A new player's seat is not his yet.
            if let Some(stack) = *stack {
                b.seat_player(no, *seat, name, stack, stack == 0)?;
            }
        }
        let hand = b.hand_mut();
        hand.max_seats = g.max_seats;
        hand.button_seat = self.button;
        let table = self.table.take().unwrap_or_default();
        if let Some(mut t) = self.tournament.take() {
            hand.table_name = format!("{} {table}", t.tourney_no);
            t.table_no = (!table.is_empty()).then_some(table);
            hand.tournament = Some(t);
        } else {
            hand.table_name = table;
        }
        self.b = Some(b);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // The hand
    // -----------------------------------------------------------------------------------------

    fn body_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let continued = std::mem::replace(&mut self.continued, false);
        if let Some(r) = line.strip_prefix("**") {
            return self.street(no, r.trim_start_matches('*'));
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt(no, r);
        }
        let players = &self.builder().hand().players;
        if let Some((p, n)) = actor(players, line, b':') {
            // "NAME: posts ...", "NAME: bets [..]", or chat.
            let r = &line[n + 1..];
            let r = r.strip_prefix(' ').unwrap_or(r);
            if r.starts_with("posts ") || r.starts_with("bets ") {
                return self.action(no, p, r);
            }
            return Ok(());
        }
        if let Some((p, n)) = actor(players, line, b' ') {
            return self.action(no, p, &line[n + 1..]);
        }
        if NOTICES.iter().any(|s| line.ends_with(s)) {
            return Ok(());
        }
        if continued && line.ends_with(']') {
            // The wrapped end of the award before it.
            return Ok(());
        }
        if VERBS.iter().any(|v| find(line, v).is_some()) {
            return Err(ParseError::unknown_actor(no));
        }
        if line.bytes().any(|b| b.is_ascii_digit() || b == b'[') {
            return Err(ParseError::malformed(no, "a line fpdb does not know"));
        }
        // A notice naming nobody seated, without money or cards.
        Ok(())
    }

    /// A street line, `r` after its leading stars: "Dealing Flop ** [ 8s, 9h, 3s ]", " dealing
    /// 4th street ****".
    fn street(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        if self.phase == Phase::Awards {
            return Err(ParseError::malformed(no, "a street after the awards"));
        }
        let bad = || ParseError::malformed(no, "unreadable street line");
        let r = r.trim_start();
        let (name, after) = split2(r, " **").ok_or_else(bad)?;
        let after = after.trim_start_matches('*');
        let base = self.builder().hand().game.base;
        let street: i8 = match (base, name) {
            (_, "Dealing down cards") => 0,
            (Base::Hold, "Dealing Flop") => 1,
            (Base::Hold, "Dealing Turn") => 2,
            (Base::Hold, "Dealing River") => 3,
            (Base::Stud, "dealing 4th street") => 1,
            (Base::Stud, "dealing 5th street") => 2,
            (Base::Stud, "dealing 6th street") => 3,
            (Base::Stud, "dealing river") => 4,
            _ => return Err(bad()),
        };
        if street != self.builder().street() + 1 {
            return Err(ParseError::malformed(
                no,
                "a street out of order (or dealt twice)",
            ));
        }
        if base == Base::Hold && street > 0 {
            let (cards, tail) = cards_at(after, no)?;
            let want = if street == 1 { 3 } else { 1 };
            if cards.len() != want || !tail.trim().is_empty() {
                return Err(ParseError::malformed(no, "unreadable board"));
            }
            self.board.extend_from_slice(&cards);
        } else if !after.trim().is_empty() {
            return Err(bad());
        }
        self.builder().set_street(street);
        Ok(())
    }

    /// "Hero [ Qd, 7c ]" (after "Dealt to "): the hero's cards.
    fn dealt(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let b = self.b.as_mut().expect("built");
        let Some((p, n)) = actor(&b.hand().players, r, b' ') else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        let (cards, tail) = cards_at(&r[n..], no)?;
        let game = &b.hand().game;
        if game.base == Base::Stud
            || cards.len() != game.category.hand_size()
            || !tail.trim().is_empty()
        {
            return Err(ParseError::malformed(no, "unreadable dealt cards"));
        }
        b.set_cards(p, &cards);
        self.hero = Some(p);
        Ok(())
    }

    /// A seated player's line, `r` the text after "NAME " or "NAME: ".
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(t) = r.strip_prefix("wins ") {
            return self.award(no, p, t);
        }
        if let Some(t) = r.strip_prefix("shows ") {
            return self.shown(no, p, t, false);
        }
        if let Some(t) = r.strip_prefix("mucks ") {
            return self.shown(no, p, t, true);
        }
        if r == "does not show cards" || NOTICES.iter().any(|s| r.ends_with(&s[1..])) {
            return Ok(());
        }
        if r == "sits out" {
            self.builder().hand_mut().players[p].sitting_out = true;
            return Ok(());
        }
        let verb = match r {
            "folds" => Verb::Fold { shown: None },
            "checks" => Verb::Check,
            _ => match verbs::worded(r, WORDS, |t| self.money(t, no), false)? {
                Some(v) => v,
                None => return Err(ParseError::malformed(no, "an action fpdb does not know")),
            },
        };
        if self.phase == Phase::Awards {
            return Err(ParseError::malformed(no, "an action after the awards"));
        }
        let b = self.b.as_mut().expect("built");
        if let Verb::Post { kind, amount, .. } = verb {
            if b.street() >= 0 {
                return Err(ParseError::malformed(no, "a post after the deal"));
            }
            if kind == ActionKind::SmallBlind
                && !self.small_blind_read
                && b.hand().game.base != Base::Stud
                && amount < b.behind(p)
            {
                // The table's small blind (fixed-limit stakes do not print it).
                b.hand_mut().game.small_blind = amount;
                self.small_blind_read = true;
            }
        }
        if matches!(verb, Verb::Complete { .. }) {
            Betting::begin_betting(b);
        }
        self.betting.apply(b, p, &verb);
        Ok(())
    }

    /// "[ 4c, 4d ] two pairs, jacks and fours" (after "shows " or "mucks ").
    fn shown(&mut self, no: u32, p: PlayerIdx, t: &str, mucked: bool) -> Result<(), ParseError> {
        let (cards, _) = cards_at(t, no)?;
        let b = self.builder();
        if cards.len() > b.hand().game.category.hand_size() {
            return Err(ParseError::malformed(no, "unreadable shown cards"));
        }
        b.show_cards(p, &cards, mucked);
        Ok(())
    }

    /// "$ 0.13 USD from main pot with ...", " high ($ 0.95 USD) from main pot", "5500 chips from
    /// side pot" (after "wins ").
    fn award(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable award");
        let (amt, rest) = split2(t, " from ").ok_or_else(bad)?;
        let amt = amt.trim();
        let amt = match amt
            .strip_prefix("high (")
            .or_else(|| amt.strip_prefix("low ("))
        {
            Some(a) => a.strip_suffix(')').ok_or_else(bad)?,
            None => amt,
        };
        let amount = self.money(amt, no)?;
        let (pot, tail) = if let Some(r) = rest.strip_prefix("main pot") {
            (0, r)
        } else if let Some(r) = rest.strip_prefix("side pot") {
            self.side_awards += 1;
            (1, r)
        } else {
            return Err(bad());
        };
        let tail = tail.trim_end();
        if !(tail.is_empty() || tail.starts_with(" with ")) {
            return Err(bad());
        }
        // A description whose cards are not on the line was wrapped onto the next.
        self.continued = !tail.is_empty() && !tail.ends_with(']');
        self.phase = Phase::Awards;
        if amount > 0 {
            self.builder().collect(p, amount, pot, 0);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn end(self, last: u32) -> Result<Hand, ParseError> {
        if self.phase != Phase::Awards {
            return Err(ParseError::before_summary(last));
        }
        let mut b = self.b.expect("built before the awards");
        let hand = b.hand();
        // The pot the awards must account for: what the players put in less the unmatched part
        // of the biggest bet.
        let back = pot::unmatched_bet(hand).map_or(0, |r| r.amount);
        let in_pot = pot::players_money(hand).saturating_sub(back);
        let missing = in_pot.saturating_sub(pot::collected(hand));
        let rake_bound = if hand.game.kind == GameKind::Tour {
            0
        } else {
            in_pot.saturating_mul(3) / 20 + 1
        };
        if missing > rake_bound {
            return Err(ParseError::cut_in_summary(
                last,
                "awards short of the pot (the rest of the awards)",
            ));
        }
        if self.side_awards < side_pots(hand, back) {
            return Err(ParseError::cut_in_summary(last, "a side pot's award"));
        }
        let ante = b.posted_ante();
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![self.board];
        }
        hand.game.ante = ante.unwrap_or(0);
        let mut policy = PotPolicy::new(self.scale, last);
        policy.uncalled = Uncalled::Unmatched;
        b.settle(&policy)?;
        Ok(b.finish())
    }
}

/// How many side pots the all-ins make: one above each all-in player's total (he did not fold)
/// that someone else topped, once the unmatched part (`back`) of the biggest bet is returned.
fn side_pots(hand: &Hand, back: Money) -> usize {
    let n = hand.players.len();
    let mut total = vec![0 as Money; n];
    let mut all_in = vec![false; n];
    let mut folded = vec![false; n];
    for a in &hand.actions {
        total[a.player] = total[a.player].saturating_add(a.amount);
        all_in[a.player] |= a.all_in;
        folded[a.player] |= a.kind == ActionKind::Fold;
    }
    if let Some((top, _)) = total.iter().enumerate().max_by_key(|(_, &t)| t) {
        total[top] = total[top].saturating_sub(back);
    }
    let max = total.iter().copied().max().unwrap_or(0);
    let mut levels: Vec<Money> = (0..n)
        .filter(|&i| all_in[i] && !folded[i] && total[i] < max)
        .map(|i| total[i])
        .collect();
    levels.sort_unstable();
    levels.dedup();
    levels.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Everleaf));
        parse_chunk(&chunk)
    }

    const HAND: &str = "Everleaf Gaming Game #190070009
***** Hand history for game #190070009 *****
Blinds $0.01/$0.02 NL Hold'em - 2010/08/03 - 17:00:00
Table Los Angeles XV
Seat 2 is the button
Total number of players: 8
Seat 1: Player1 (  $ 0.98 USD )
Seat 2: Player2 (  $ 1.95 USD )
Seat 3: Player3 (  $ 0.94 USD )
Seat 4: Player4 (  $ 1.80 USD )
Seat 5: Player5 (  $ 0.40 USD )
Seat 8: Player6 (  $ 1.51 USD )
Seat 9: Player7 (  $ 0.03 USD )
Seat 10: Player8 (  $ 4.19 USD )
Player3: posts small blind [$ 0.01 USD]
Player4: posts big blind [$ 0.02 USD]
** Dealing down cards **
Player5 calls [$ 0.02 USD]
Player6 folds
Player7 calls [$ 0.02 USD]
Player8 folds
Player1 calls [$ 0.02 USD]
Player2 folds
Player3 calls [$ 0.01 USD]
Player4 raises [$ 0.18 USD]
Player5 folds
Player7 calls [$ 0.01 USD]
Player1 raises [$ 0.96 USD]
Player3 folds
Player4 calls [$ 0.78 USD]
** Dealing Flop ** [ 6d, Jc, Js ]
** Dealing Turn ** [ 3d ]
** Dealing River ** [ 9d ]
Player1 shows [ 4c, 4d ] two pairs, jacks and fours
Player4 shows [ 8c, 8h ] two pairs, jacks and eights
Player7 shows [ 5s, Td ] a pair of jacks
Player4 wins $ 0.13 USD from main pot with two pairs, jacks and
eights [ Jc, Js, 9d, 8c, 8h ]
Player4 wins $ 1.81 USD from side pot with two pairs, jacks and
eights [ Jc, Js, 9d, 8c, 8h ]
";

    #[test]
    fn an_all_in_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Everleaf");
        assert_eq!(
            (h.site_hand_no, h.site_hand_id.as_str()),
            (190_070_009, "190070009")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2010-08-03T17:00:00+00:00");
        assert_eq!(
            (h.table_name.as_str(), h.button_seat),
            ("Los Angeles XV", Some(2))
        );
        assert_eq!((h.game.small_blind, h.game.big_blind), (1, 2));
        // The pot, the rake no award took.
        assert_eq!((h.total_pot, h.rake), (203, 9));
        assert_eq!(h.collections.len(), 2);
        assert_eq!(h.boards[0].len(), 5);
        assert!(h.players.iter().filter(|p| p.shown).count() == 3);
        // Raises are the chips they put in.
        let p1 = h.player_index("Player1").unwrap();
        let raise = h
            .actions
            .iter()
            .find(|a| a.player == p1 && a.kind == ActionKind::Raise);
        assert_eq!(raise.map(|a| (a.amount, a.all_in)), Some((96, true)));
    }

    #[test]
    fn cut_hands_are_unfinished() {
        // A cut between the two awards leaves the side pot unawarded.
        let lines: Vec<&str> = HAND.lines().collect();
        for k in 1..lines.len() - 2 {
            let e = parse(&lines[..k].join("\n")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
        // Cut inside the last award's wrapped description: the money is whole.
        assert!(parse(&lines[..lines.len() - 1].join("\n")).is_ok());
    }

    const TOURNAMENT: &str = "- - Grand Poker - Game #15649156
***** Hand history for game #15649156 *****
Tournament #2768325 - Level 2
Blinds 15/30 NL Hold'em - 9 Max - 2019/01/21 - 13:05:02
Table 1
Seat 3 is the button
Total number of players: 3
Seat 3: mmmmm ( 2000 )
Seat 4: bodilyharm ( 2010 )
Seat 5: Sanman ( 2000 )
Seat 6: Newcomer ( new player )
bodilyharm: posts small blind [15]
Sanman: posts big blind [30]
** Dealing down cards **
Dealt to bodilyharm [ 6d, 9h ]
Newcomer has joined the table
mmmmm calls [30]
bodilyharm calls [15]
Sanman checks
** Dealing Flop ** [ Qd, Ah, 5d ]
bodilyharm checks
Sanman: nice flop
Sanman checks
mmmmm: bets [92]
bodilyharm folds
Sanman folds
mmmmm does not show cards
mmmmm wins 90 from main pot
";

    #[test]
    fn a_tournament_hand() {
        let h = parse(TOURNAMENT).unwrap();
        assert_eq!(h.site_hand_no, OTHER_NETWORK + 15_649_156);
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!((h.game.currency.as_str(), h.game.big_blind), ("T$", 30));
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.level.as_deref(), t.table_no.as_deref()),
            (2_768_325, Some("2"), Some("1"))
        );
        assert_eq!((h.table_name.as_str(), h.max_seats), ("2768325 1", Some(9)));
        assert_eq!(h.players.len(), 3);
        assert_eq!((h.total_pot, h.rake), (90, 0));
        assert_eq!(h.returned[0].amount, 92);
        text::every_cut_is_unfinished(TOURNAMENT, parse);
        // A tournament pot must be awarded whole.
        let e = parse(&TOURNAMENT.replace("wins 90", "wins 89")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        // Grand Poker's own counter; the network's hands keep their number.
        assert_eq!(
            header("Everleaf Gaming Game #7"),
            Some(("Everleaf Gaming", "7"))
        );
        assert_eq!(
            header("Everleaf Gaming - Concord Gaming - Game #404865765"),
            Some(("Everleaf Gaming", "404865765"))
        );
        assert_eq!(hand_no("Everleaf Gaming", "7"), Some(7));
        assert!(header("PokerStars Game #1: Hold'em").is_none());
        assert!(header("Game #12").is_none());
    }

    const STUD: &str = "Everleaf Gaming Game #285997675
***** Hand history for game #285997675 *****
$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:09:57
Table Clarkdale 20
Total number of players: 3
Seat 1: Player1 (  $ 0.53 USD )
Seat 2: Player2 (  $ 1.26 USD )
Seat 3: Player3 (  $ 1.61 USD )
Player1: posts ante [$ 0.01 USD]
Player2: posts ante [$ 0.01 USD]
Player3: posts ante [$ 0.01 USD]
** Dealing down cards **
Player2 posts bring-in $0.02.
Player3 completes to $0.05.
Player1 folds
Player2 calls [$ 0.03 USD]
**** dealing 4th street ****
Player2 checks
Player3 checks
**** dealing 5th street ****
Player2 checks
Player3: bets [$ 0.10 USD]
Player2 calls [$ 0.10 USD]
**** dealing 6th street ****
Player2: bets [$ 0.10 USD]
Player3 raises [$ 0.20 USD]
Player2 calls [$ 0.10 USD]
**** dealing river ****
Player2 checks
Player3 checks
Player2 shows [ 9h, 7c, 3s, Ac, 3h, 6s, 2s ] a pair of threes
Player3 shows [ Qs, 3c, Ts, Jh, Qh, Ad, 2c ] a pair of queens
Player3 wins $ 0.69 USD from main pot with a pair of queens [ Ad, Qs, Qh, Jh, Ts ]
";

    #[test]
    fn a_stud_hand() {
        let h = parse(STUD).unwrap();
        let g = &h.game;
        assert_eq!(
            (
                g.category,
                g.small_blind,
                g.big_blind,
                g.small_bet,
                g.big_bet,
                g.ante
            ),
            (Category::StudHi, 0, 0, 5, 10, 1)
        );
        assert_eq!((h.total_pot, h.rake), (73, 4));
        assert!(h
            .actions
            .iter()
            .any(|a| a.kind == ActionKind::Complete && a.amount == 5));
        assert_eq!(h.players[2].cards.len(), 7);
        assert_eq!(h.button_seat, None);
        text::every_cut_is_unfinished(STUD, parse);
    }

    #[test]
    fn game_lines() {
        let g = game_line("Blinds ˆ0.25/ˆ0.50 NL Hold'em - 2012/02/09 - 22:09:43").unwrap();
        assert_eq!(
            (g.currency, g.stakes, g.limit_type),
            (Some("EUR"), (25, 50), LimitType::NoLimit)
        );
        let g = game_line("Blinds €0.10/€0.20 NL Hold'em - 4 Max - 2012/09/01 - 22:44:57").unwrap();
        assert_eq!((g.currency, g.max_seats), (Some("EUR"), Some(4)));
        let g = game_line("$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02").unwrap();
        assert_eq!(
            (g.category, g.limit_type, g.blinds, g.stakes),
            (Category::OmahaHiLo, LimitType::FixedLimit, false, (50, 100))
        );
        let g = game_line("Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19").unwrap();
        assert_eq!(g.limit_type, LimitType::PotLimit);
        let g = game_line("Blinds 500/1000 NL Hold'em - 2011/02/18 - 06:22:21").unwrap();
        assert_eq!((g.currency, g.stakes), (None, (500, 1_000)));
        assert_eq!(
            game_line("Blinds $1/$2 NL Badugi - 2011/02/18 - 06:22:21")
                .unwrap_err()
                .0,
            ErrorKind::Unsupported
        );
        assert!(game_line("Blinds $1/$2 NL Hold'em - 2011/02/30 - 06:22:21").is_err());
        assert!(game_line("Blinds $1/$2 NL Hold'em - Big - 2011/02/18 - 06:22:21").is_err());
        assert_eq!(amount_of("$0.02.", CENTS), Ok(2));
        assert_eq!(amount_of(" 1,000 Chips", CHIPS), Ok(1_000));
        assert_eq!(amount_of("ˆ 50 EURO", CENTS), Ok(5_000));
        assert!(amount_of("lots", CENTS).is_err());
    }

    #[test]
    fn notices_chat_and_errors() {
        // Chat, notices and a hand history line of another game.
        let chat = HAND.replace(
            "Player6 folds",
            "Player6 folds\nPlayer6: bets [nothing] is what I say\nPlayer8: gl all 2\nPlayer5 has disconnected and has been given a further 20 seconds to react",
        );
        assert!(parse(&chat).is_err());
        let chat = HAND.replace(
            "Player6 folds",
            "Player6 folds\nPlayer8: gl all 2\nPlayer5 has disconnected and has been given a further 20 seconds to react\nSomeone has left the table",
        );
        assert!(parse(&chat).is_ok());
        let e = parse(&HAND.replace("game #190070009 *", "game #1 *")).unwrap_err();
        assert_eq!(e.line, 2);
        // An unknown player's action; an unknown line with money.
        let e = parse(&HAND.replace("Player6 folds", "Nobody folds")).unwrap_err();
        assert_eq!((e.line, e.kind), (19, ErrorKind::Malformed));
        let e = parse(&HAND.replace("Player6 folds", "The pot is $5")).unwrap_err();
        assert_eq!(e.line, 19);
        assert!(parse(&HAND.replace("players: 8", "players: many")).is_err());
        // A side pot without its award.
        let e = parse(&HAND.replace("$ 1.81 USD from side pot", "$ 1.81 USD from main pot"))
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        // Awards above the pot.
        assert!(parse(&HAND.replace("$ 1.81 USD", "$ 2.81 USD")).is_err());
        // A sitting-out player, a player with nothing in front of him.
        let h = parse(&HAND.replace("Player6 folds", "Player6 sits out")).unwrap();
        assert!(h.players[h.player_index("Player6").unwrap()].sitting_out);
    }
}

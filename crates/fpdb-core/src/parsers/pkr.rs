//! PKR hand histories (PKR, the room of the 3D client, now closed): cash tables in dollars,
//! euros and play money, tournaments (Sit & Go and multi-table, antes, knockout bounties), hold'em
//! and omaha hi and hi/lo, 2009 to 2015. Stored under the site name `PKR`.
//!
//! The format is the client's: a table line, `Starting Hand #N`, a block of `Key: value` lines
//! (time, game, limit, table type, money type), the blinds, the seats, then one line per event
//! (`NAME calls $0.04`, `Dealing Flop [8 h][2 c][5 c]`, `NAME wins $0.13`), the seats again with
//! their stacks after the hand, and `End of Hand #N`. Chat and the client's emotes are printed
//! among the actions. One pass over the lines, no regular expressions; names are matched against
//! the seat list, longest first. Betting goes through the shared [`verbs`](crate::parsers::verbs),
//! money through [`HandBuilder`] and [`crate::pot::settle`].
//!
//! # The table line, hand numbers and times
//!
//! Each hand starts with `Table #45406961 - Pink Paisley` (the table's number and name; in
//! tournaments `Table #42688466 - Tournament #24820874 Table #7` or `Table #44761272 - STT #
//! 25738091`) and then `Starting Hand #2103764576`. The hand starts at its `Starting Hand` line,
//! and the table line before it is the hand's context block ([`Room::is_context_start`]), so a
//! hand whose table line is missing (a copy that lost its first line) is still read: a cash hand
//! without it has no table name, a tournament hand without it (the tournament's number is only
//! there) is refused. A table line counts only when it is the line right before `Starting Hand`.
//!
//! `site_hand_no` is the number of `Starting Hand #N` (one counter for the whole room; a number
//! beyond a bigint is refused as out of range). The tournament's number is the number after
//! `Tournament #` or `STT #`; the table within it (`Table #7`) is the table number. Buy-ins are
//! not printed (0, USD).
//!
//! `Start time of hand: 01 Aug 2012 03:36:03`: no zone is printed; the time is stored as printed,
//! as UTC.
//!
//! # What the format prints, line by line
//!
//! - Head: `Start time of hand: DATE`, `Last Hand #N` or `Last Hand n/a` (ignored), `Game Type:
//!   HOLD'EM` (`OMAHA`, `OMAHA HI/LO`), `Limit Type: NO LIMIT` (`POT LIMIT`, `LIMIT`, `FIXED
//!   LIMIT`), `Table Type: RING` or `TOURNAMENT`, `Money Type: REAL MONEY`, `PLAY MONEY` or
//!   `TOURNAMENT CHIPS` (any letter case), `Blinds are now $0.02 / $0.04` (the blinds; `€` for
//!   euro tables, `$` at play-money tables, which are stored as `play` in cents, none in
//!   tournaments: chips, `0 / 0` for antes only), `Button is at seat 10` (the button before it
//!   moves for this hand: ignored).
//! - Seats: `Seat 3: NAME - $7.15`, `... - $0 (away from table)`, tournaments `Seat 1: NAME -
//!   2,940` and with bounties `Seat 1: NAME (bounty value $0.40, bounty won $0) - 2,940` (the
//!   bounty on the player's head, in cents).
//! - `Shuffling Deck` (nothing), `Moving Button to seat 1` (this hand's button; printed twice
//!   when it moves twice, the last one counts), `NAME will be dealt in after the button` (a
//!   player who sits this hand out), `Dealing Cards` (the deal: street 0), `Dealing [T h][9 s] to
//!   NAME` (the hero's cards).
//! - Posts: `posts small blind ($0.02)`, `posts big blind ($0.04)`, `posts $0.04` (a newcomer's
//!   or returning player's big blind, live), `posts $0.02 dead` (a missed small blind, dead),
//!   `posts $0` (nothing: not recorded), `posts ante of 10`; each may end in ` (all-in)`.
//! - Actions: `folds` (`folds and shows [XX] [A d]`), `checks`, `calls $0.22` (the caller's
//!   total on the street, not the chips added: `NAME posts big blind ($0.50)` then `calls €1`
//!   adds €0.50), `bets $0.13`, `raises to $0.88` (the street total), each may end in `
//!   (all-in)`; `Returning $0.18 to NAME uncalled` (an uncalled bet; when the room does not print
//!   one, the bet no one matched comes back to the bettor all the same, see
//!   [`crate::pot::unmatched_bet`]).
//! - Streets: `Dealing Flop [8 h][2 c][5 c]`, `Dealing Turn [7 d]`, `Dealing River [J h]`.
//!   Cards are printed three ways: `[T h][9 s]` (rank, space, suit; 2011 on), `[Ad 8h]` (one
//!   bracket, 2009), `[qs][2s]` (lower-case ranks, 2010); `[XX]` is a card not shown.
//! - Showdown: `NAME shows [6 d][7 h]` (`[XX] [6 s]`: one card shown), `NAME mucks`, `NAME
//!   doesn't show`, `NAME has One Pair: 7s`, `has low hand: A2345`, `has no qualifying low hand`,
//!   `There is no qualifying low hand` (descriptions: ignored).
//! - Rake: `Taking Rake of $0.40 from pot 1` (summed), `No Rake Taken`. `Pot sizes: $0.52` (the
//!   running pot, one line per pot: ignored; the pot is what the actions put in).
//! - Awards, after the rake: `NAME wins $3.66[ with: DESCRIPTION]`, `wins 135 from side pot #1
//!   with high hand: ...`, `wins 2,225 with low hand: A2347`, `NAME ties, and wins $0.16 with:
//!   ...`, `NAME ties side pot #1, and wins $0.43 with: ...`, `NAME wins $0.04, disconnection
//!   protection limited from $0.17 with: ...` (a disconnected player's share: what he won).
//! - The seats again, `Seat 1: NAME - $4.63`: each stack after the hand, checked against the
//!   hand's money (a seat of a player who joined during the hand is not his: ignored), then
//!   `End of Hand #N` (`End Of Hand #N` before 2011; its number is not checked, the 2009 files
//!   print another one).
//! - Between hands, after `End of Hand`: `NAME rebuys $0.70` (chips for the next hand: ignored).
//!   During a hand, a seated player's `rebuys $0.70` (and `brings $X to table N`) is in his stack
//!   after the hand, not in this hand's.
//! - Notices, ignored: `NAME brings $200 to table N` and `NAME has joined from Tournament Table
//!   #74` (a player arriving for the next hand), `NAME did not respond in time and is folded`
//!   (the fold line follows), `has requested more time`, `is using the time bank`, `has 14
//!   seconds remaining in the time bank`, `has received 1 additional seconds in the time bank (15
//!   total seconds)`, `has become disconnected and has 10 seconds to reconnect`, `has
//!   disconnected and has been granted disconnection protection`, `has reconnected`.
//! - Chat, ignored: `NAME: text` (anyone); the client's emotes, ignored: a seated player's `NAME
//!   says thank you.`, `NAME yawns at NAME.`, `NAME laughs his *** off.` ... (any line of a
//!   seated player, or of one who sat down during the hand, holding after his name no card
//!   bracket, no currency sign and no number standing alone).
//!
//! Refused: any other line (with the line), a game or limit fpdb does not read, a real-money
//! table without a currency sign, an action by a name that is not seated, a hand cut before its
//! `End of Hand` line, a hand whose money does not balance or whose stacks after the hand
//! disagree with its actions, a tournament hand without its table line.

use chrono::{DateTime, NaiveDateTime, Utc};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, split2, HandLines};
use crate::parsers::verbs::{Betting, Raise, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;

/// The PKR format.
#[derive(Debug)]
pub struct Pkr;

const SITE: &str = "PKR";

const HEADER: &str = "Starting Hand #";
const TABLE: &str = "Table #";

/// A second small blind is dead; every big blind is live (a newcomer's `posts $0.04` too).
const RULES: Rules = Rules::NONE;

impl Room for Pkr {
    fn site(&self) -> &'static str {
        SITE
    }
    fn header_first_bytes(&self) -> &'static [u8] {
        b"S"
    }
    fn is_hand_start(&self, line: &str) -> bool {
        hand_id(line).is_some()
    }
    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
    fn is_context_start(&self, line: &str) -> bool {
        table_line(line).is_some()
    }
    fn context_first_bytes(&self) -> &'static [u8] {
        b"T"
    }
}

// ---------------------------------------------------------------------------------------------
// Header and table line
// ---------------------------------------------------------------------------------------------

/// The digits of "Starting Hand #N".
fn hand_id(line: &str) -> Option<&str> {
    let id = line.strip_prefix(HEADER)?.trim_end();
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// "Table #N - NAME": the text after the dash (the table's name).
fn table_line(line: &str) -> Option<&str> {
    let r = line.strip_prefix(TABLE)?;
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    r[digits..].strip_prefix(" - ").map(str::trim_end)
}

/// A tournament table's name: "Tournament #24820874 Table #7" or "STT # 25738091": the
/// tournament's number and the table within it.
fn tournament_of(name: &str) -> Option<(i64, Option<String>)> {
    let (no, table) = if let Some(r) = name.strip_prefix("Tournament #") {
        match split2(r, " Table #") {
            Some((no, t)) => (no, Some(t.trim().to_string())),
            None => (r, None),
        }
    } else {
        (name.strip_prefix("STT #")?.trim_start(), None)
    };
    let no = no.trim();
    if no.is_empty() || !no.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((no.parse().ok()?, table.filter(|t| !t.is_empty())))
}

/// "01 Aug 2012 03:36:03": the time as printed, read as UTC.
fn start_time(t: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(t.trim(), "%d %b %Y %H:%M:%S")
        .ok()
        .map(|t| t.and_utc())
}

/// The games as printed after "Game Type: ".
const GAMES: &[(&str, Category)] = &[
    ("HOLD'EM", Category::Holdem),
    ("OMAHA", Category::OmahaHi),
    ("OMAHA HI", Category::OmahaHi),
    ("OMAHA HI/LO", Category::OmahaHiLo),
];

/// The limits as printed after "Limit Type: ".
const LIMITS: &[(&str, LimitType)] = &[
    ("NO LIMIT", LimitType::NoLimit),
    ("POT LIMIT", LimitType::PotLimit),
    ("LIMIT", LimitType::FixedLimit),
    ("FIXED LIMIT", LimitType::FixedLimit),
];

/// What "Money Type: " says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MoneyType {
    Real,
    Play,
    Chips,
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount's text and whether it ends in " (all-in)".
fn all_in_tail(t: &str) -> (&str, bool) {
    let t = t.trim_end();
    match t.strip_suffix("(all-in)") {
        Some(a) => (a.trim_end(), true),
        None => (t, false),
    }
}

/// "($0.02)": the text in the brackets (or the text when it has none).
fn unbracket(t: &str) -> &str {
    let t = t.trim();
    t.strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(t)
}

/// The cards of the bracket groups of `s`: "[T h][9 s]", "[Ad 8h]", "[qs][2s]", "[XX] [6 s]".
fn cards_at(s: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let bad = || ParseError::malformed(no, "unreadable cards");
    let mut out = Vec::with_capacity(5);
    for g in text::groups(s) {
        let g = g.trim();
        let b = g.as_bytes();
        if b.len() == 3 && b[1] == b' ' {
            // "T h": the rank and the suit apart.
            let pair = [b[0], b[2]];
            let t = std::str::from_utf8(&pair).map_err(|_| bad())?;
            out.push(Card::parse_opt(t).ok_or_else(bad)?);
        } else {
            for t in g.split_ascii_whitespace() {
                out.push(Card::parse_opt(t).ok_or_else(bad)?);
            }
        }
        if out.len() > 7 {
            return Err(bad());
        }
    }
    if out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

/// Text that can carry no money or cards (an emote): no card bracket, no currency sign, and no
/// number standing alone (digits only inside words: `yawns at Player4.`).
fn is_chatter(r: &str) -> bool {
    !r.contains(['[', '$', '€', '£'])
        && r.split_ascii_whitespace().all(|w| {
            !w.bytes().any(|b| b.is_ascii_digit()) || w.bytes().any(|b| b.is_ascii_alphabetic())
        })
}

/// Descriptions of a hand at the showdown, after "NAME has ".
const HAND_VALUES: &[&str] = &[
    "High Card",
    "One Pair",
    "Two Pairs",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Royal Flush",
    "low hand: ",
    "no qualifying low hand",
];

/// Whether `s` is a number of digits.
fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Notices after "NAME " that carry no money (some hold a count of seconds).
fn is_notice(r: &str) -> bool {
    const PLAIN: &[&str] = &[
        "did not respond in time and is folded",
        "has requested more time",
        "is using the time bank",
        "has disconnected and has been granted disconnection protection",
        "has reconnected",
    ];
    if PLAIN.contains(&r) {
        return true;
    }
    let between = |prefix: &str, suffix: &str| {
        r.strip_prefix(prefix)
            .and_then(|x| x.strip_suffix(suffix))
            .is_some_and(is_digits)
    };
    // "has received 1 additional seconds in the time bank (15 total seconds)".
    let received = r
        .strip_prefix("has received ")
        .and_then(|x| x.strip_suffix(" total seconds)"))
        .and_then(|x| x.split_once(" additional seconds in the time bank ("))
        .is_some_and(|(a, b)| is_digits(a) && is_digits(b));
    received
        || between("has ", " seconds remaining in the time bank")
        || between("has become disconnected and has ", " seconds to reconnect")
        || r.strip_prefix("has joined from Tournament Table #")
            .is_some_and(is_digits)
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of PKR text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    // The table line: the context block, when it is the line right before the hand's first.
    let lines = chunk.context.lines().count() as u32;
    let context = (!chunk.context.is_empty()
        && chunk.context_line.saturating_add(lines) == chunk.first_line)
        .then_some((chunk.context_line, chunk.context));
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let id = hand_id(first)
            .ok_or_else(|| ParseError::malformed(first_no, "not a PKR hand header"))?;
        let no = text::hand_number(id, first_no, first)?;
        Ok((Parser::new(no, id, context), no))
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The head: time, game, limit, table and money types, blinds, the seats.
    Head,
    /// From the first line after the seats.
    Body,
    /// The seats again, after the awards.
    Seats,
    /// After `End of Hand`.
    Ended,
}

struct Parser<'a> {
    no: i64,
    id: String,
    /// The table line (its number and text), when the hand has one.
    context: Option<(u32, &'a str)>,
    start_time: Option<DateTime<Utc>>,
    category: Option<Category>,
    limit: Option<LimitType>,
    tour: Option<bool>,
    money: Option<MoneyType>,
    /// Built at the blinds line.
    b: Option<HandBuilder>,
    scale: i64,
    phase: Phase,
    button: Option<u8>,
    hero: Option<PlayerIdx>,
    betting: Betting,
    board: Vec<Card>,
    rake: Money,
    /// Chips each player added during the hand (`rebuys`), which are in his stack after it.
    added: Vec<Money>,
    /// Each player's stack after the hand, as the seat lines at the end print it.
    end_stacks: Vec<Option<(u32, Money)>>,
    awarded: bool,
    end_line: u32,
    /// Players who sat down during the hand (`brings`, `has joined`): their emotes are read past.
    arrivals: Vec<String>,
}

impl<'a> Parser<'a> {
    fn new(no: i64, id: &str, context: Option<(u32, &'a str)>) -> Parser<'a> {
        Parser {
            no,
            id: id.to_string(),
            context,
            start_time: None,
            category: None,
            limit: None,
            tour: None,
            money: None,
            b: None,
            scale: CENTS,
            phase: Phase::Head,
            button: None,
            hero: None,
            betting: Betting::new(RULES),
            board: Vec::with_capacity(5),
            rake: 0,
            added: Vec::with_capacity(10),
            end_stacks: Vec::with_capacity(10),
            awarded: false,
            end_line: 0,
            arrivals: Vec::new(),
        }
    }

    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        text::checked_money(t.trim(), self.scale, no)
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the blinds line"))
    }

    /// After `End of Hand`: rebuys for the next hand, and the arrivals' notices.
    fn between_hands(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.newcomer(line).is_some() {
            return Ok(());
        }
        Err(ParseError::malformed(
            no,
            "a line after the end of the hand",
        ))
    }

    /// "NAME rebuys $0.70", "NAME brings $200 to table N", "NAME has joined from Tournament
    /// Table #N" of a name that is not seated (or between hands): the name.
    fn newcomer<'l>(&self, line: &'l str) -> Option<&'l str> {
        let amount = |a: &str| {
            let a = a.trim();
            !a.is_empty() && amount::parse_amount(a, self.scale).is_some_and(|v| v >= 0)
        };
        if let Some((name, a)) = text::rsplit2(line, " rebuys ") {
            return amount(a).then_some(name);
        }
        if let Some((name, r)) = text::rsplit2(line, " brings ") {
            return split2(r, " to table ")
                .is_some_and(|(a, t)| amount(a) && is_digits(t))
                .then_some(name);
        }
        if let Some((name, t)) = text::rsplit2(line, " has joined from Tournament Table #") {
            return is_digits(t).then_some(name);
        }
        None
    }

    fn head_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let bad = |what: &str| ParseError::malformed(no, format!("unreadable {what}"));
        if let Some(r) = line.strip_prefix("Start time of hand: ") {
            self.start_time = Some(start_time(r).ok_or_else(|| bad("start time"))?);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Last Hand ") {
            let ok = r == "n/a"
                || r.strip_prefix('#')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
            return if ok { Ok(()) } else { Err(bad("last hand")) };
        }
        let unsupported = |msg: &'static str| ParseError::new(ErrorKind::Unsupported, no, msg);
        if let Some(r) = line.strip_prefix("Game Type: ") {
            let g = GAMES
                .iter()
                .find(|(w, _)| w.eq_ignore_ascii_case(r.trim()))
                .ok_or_else(|| unsupported("a PKR game fpdb does not read"))?;
            self.category = Some(g.1);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Limit Type: ") {
            let l = LIMITS
                .iter()
                .find(|(w, _)| w.eq_ignore_ascii_case(r.trim()))
                .ok_or_else(|| unsupported("a PKR betting limit fpdb does not read"))?;
            self.limit = Some(l.1);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Table Type: ") {
            self.tour = Some(match r.trim() {
                t if t.eq_ignore_ascii_case("RING") => false,
                t if t.eq_ignore_ascii_case("TOURNAMENT") => true,
                _ => return Err(unsupported("a PKR table type fpdb does not read")),
            });
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Money Type: ") {
            self.money = Some(match r.trim() {
                t if t.eq_ignore_ascii_case("REAL MONEY") => MoneyType::Real,
                t if t.eq_ignore_ascii_case("PLAY MONEY") => MoneyType::Play,
                t if t.eq_ignore_ascii_case("TOURNAMENT CHIPS") => MoneyType::Chips,
                _ => return Err(unsupported("a PKR money type fpdb does not read")),
            });
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Blinds are now ") {
            return self.blinds(no, r);
        }
        if let Some(r) = line.strip_prefix("Button is at seat ") {
            return match r.parse::<u8>() {
                Ok(_) => Ok(()),
                Err(_) => Err(bad("button seat")),
            };
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            let (seat, name, stack, bounty) = self.seat_line(no, r)?;
            let b = self.builder(no)?;
            let p = b.seat_player(no, seat, name, stack, false)?;
            b.hand_mut().players[p].bounty = bounty;
            self.added.push(0);
            self.end_stacks.push(None);
            return Ok(());
        }
        // The seat lines are read (one end stack a seat): the body starts.
        if !self.end_stacks.is_empty() {
            self.phase = Phase::Body;
            return self.body_line(no, line);
        }
        Err(ParseError::malformed(no, "a line fpdb does not know"))
    }

    /// "$0.02 / $0.04" (after "Blinds are now "): the game, once the head's lines are read.
    fn blinds(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let missing = |what: &str| {
            ParseError::malformed(no, format!("the blinds line before the hand's {what}"))
        };
        let when = self.start_time.ok_or_else(|| missing("start time"))?;
        let category = self.category.ok_or_else(|| missing("game type"))?;
        let limit = self.limit.ok_or_else(|| missing("limit type"))?;
        let tour = self.tour.ok_or_else(|| missing("table type"))?;
        let money = self.money.ok_or_else(|| missing("money type"))?;
        let (scale, currency) = match (tour, money) {
            (true, _) => (CHIPS, "T$"),
            (false, MoneyType::Play) => (CENTS, "play"),
            (false, MoneyType::Real) => (
                CENTS,
                amount::currency_of_symbol(r).ok_or_else(|| {
                    ParseError::new(
                        ErrorKind::Unsupported,
                        no,
                        "real-money blinds without a currency fpdb knows",
                    )
                })?,
            ),
            (false, MoneyType::Chips) => {
                return Err(ParseError::malformed(
                    no,
                    "a cash table playing for tournament chips",
                ))
            }
        };
        self.scale = scale;
        let (sb, bb) = r
            .split_once('/')
            .ok_or_else(|| ParseError::malformed(no, "unreadable blinds"))?;
        let (sb, bb) = (self.money(sb, no)?, self.money(bb, no)?);
        let kind = if tour { GameKind::Tour } else { GameKind::Ring };
        let game = Game::blinds(kind, category, limit, (sb, bb), currency);
        self.b = Some(HandBuilder::new(SITE, self.no, &self.id, game, when));
        Ok(())
    }

    /// "3: NAME - $7.15[ (away from table)]", "1: NAME (bounty value $0.40, bounty won $0) -
    /// 2,940" (after "Seat "): the seat, name, stack and bounty.
    fn seat_line<'l>(
        &self,
        no: u32,
        r: &'l str,
    ) -> Result<(u8, &'l str, Money, Option<Money>), ParseError> {
        let unreadable = || ParseError::malformed(no, "unreadable seat line");
        let (seat, rest) = r.split_once(": ").ok_or_else(unreadable)?;
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let (mut name, stack) = text::rsplit2(rest, " - ").ok_or_else(unreadable)?;
        let stack = stack
            .strip_suffix("(away from table)")
            .unwrap_or(stack)
            .trim_end();
        let stack = self.money(stack, no)?;
        let mut bounty = None;
        if let Some((n, b)) = text::rsplit2(name, " (bounty value ") {
            let (value, _won) = b
                .strip_suffix(')')
                .and_then(|b| split2(b, ", bounty won "))
                .ok_or_else(|| ParseError::malformed(no, "unreadable bounty"))?;
            bounty = Some(text::checked_money(value, CENTS, no)?);
            name = n;
        }
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        Ok((seat, name, stack, bounty))
    }

    fn body_line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.end_seat(no, r);
        }
        match line {
            "Shuffling Deck" | "No Rake Taken" | "There is no qualifying low hand" => return Ok(()),
            "Dealing Cards" => {
                let b = self.builder(no)?;
                if b.street() < 0 {
                    b.set_street(0);
                }
                return Ok(());
            }
            _ => {}
        }
        if let Some(r) = line.strip_prefix("Moving Button to seat ") {
            self.button = Some(
                r.parse()
                    .map_err(|_| ParseError::malformed(no, "unreadable button seat"))?,
            );
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Pot sizes: ") {
            // The running pot: read to check it is an amount, not kept.
            self.money(r, no)?;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Taking Rake of ") {
            let (amt, pot) = split2(r, " from pot ")
                .ok_or_else(|| ParseError::malformed(no, "unreadable rake"))?;
            if pot.is_empty() || !pot.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::malformed(no, "unreadable rake"));
            }
            let amt = self.money(amt, no)?;
            self.rake = self.rake.saturating_add(amt);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Returning ") {
            let scale = self.scale;
            let (r, _) = r
                .strip_suffix(" uncalled")
                .map(|r| (r, ()))
                .ok_or_else(|| ParseError::malformed(no, "unreadable uncalled bet"))?;
            return self
                .builder(no)?
                .returned_line(r, " to ", no, |t| text::checked_money(t.trim(), scale, no));
        }
        if let Some(r) = line.strip_prefix("Dealing ") {
            if let Some(street) = [("Flop ", 1), ("Turn ", 2), ("River ", 3)]
                .iter()
                .find_map(|(w, s)| r.strip_prefix(w).map(|c| (*s, c)))
            {
                return self.street(no, street.0, street.1);
            }
            if let Some((cards, name)) = text::rsplit2(r, "] to ") {
                return self.dealt(no, cards, name);
            }
        }
        let b = self.builder(no)?;
        match text::name_prefix(&b.hand().players, line, |c| c == b' ' || c == b':', false) {
            Some((p, n)) => {
                let r = &line[n..];
                if r.starts_with(": ") || r == ":" {
                    return Ok(()); // chat
                }
                self.action(no, p, r.trim_start())
            }
            None => self.stranger(no, line),
        }
    }

    /// A line that starts with no seated player's name: chat, arrivals and the arrivals'
    /// emotes and notices; else refused.
    fn stranger(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if let Some(name) = self.newcomer(line) {
            if !self.arrivals.iter().any(|a| a == name) {
                self.arrivals.push(name.to_string());
            }
            return Ok(());
        }
        if find(line, ": ").is_some_and(|i| i > 0) {
            return Ok(()); // chat, by anyone at the table
        }
        let arrived = self.arrivals.iter().any(|a| {
            line.strip_prefix(a.as_str())
                .and_then(|r| r.strip_prefix(' '))
                .is_some_and(|r| is_chatter(r) || is_notice(r.trim_start()))
        });
        if arrived {
            return Ok(());
        }
        Err(text::unknown_line(no, line, text::ACTION_VERBS))
    }

    /// "Flop [8 h][2 c][5 c]", "Turn [7 d]", "River [J h]" (after "Dealing ").
    fn street(&mut self, no: u32, street: i8, cards: &str) -> Result<(), ParseError> {
        let cards = cards_at(cards, no)?;
        let (at, count) = if street == 1 {
            (0, 3)
        } else {
            (street as usize + 1, 1)
        };
        if cards.len() != count || cards.iter().any(|c| !c.is_known()) {
            return Err(ParseError::malformed(no, "unreadable board"));
        }
        if self.board.len() != at {
            return Err(ParseError::malformed(no, "a street dealt out of its order"));
        }
        self.board.extend_from_slice(&cards);
        self.builder(no)?.set_street(street);
        Ok(())
    }

    /// "[T h][9 s" and "NAME" of "Dealing [T h][9 s] to NAME" (after "Dealing "): the hero's
    /// cards.
    fn dealt(&mut self, no: u32, cards: &str, name: &str) -> Result<(), ParseError> {
        let cards = cards_at(&format!("{cards}]"), no)?;
        let b = self.builder(no)?;
        let p = b.player(name).ok_or_else(|| {
            ParseError::malformed(no, "cards dealt to a player who is not in the seat list")
        })?;
        if b.hand().game.category.hand_size() != cards.len() {
            return Err(ParseError::malformed(
                no,
                "dealt cards of another game than the hand's",
            ));
        }
        b.set_cards(p, &cards);
        self.hero = Some(p);
        Ok(())
    }

    /// The seats again after the awards: "3: NAME - $7.13" (after "Seat ").
    fn end_seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        self.phase = Phase::Seats;
        let (seat, name, stack, _) = self.seat_line(no, r)?;
        let b = self.builder(no)?;
        match b.player(name) {
            Some(p) if b.hand().players[p].seat == seat => {
                self.end_stacks[p] = Some((no, stack));
                Ok(())
            }
            Some(_) => Err(ParseError::malformed(
                no,
                "a player in another seat after the hand than before it",
            )),
            // A player who sat down during the hand, in a seat that was free.
            None if b.hand().players.iter().all(|pl| pl.seat != seat) => Ok(()),
            None => Err(ParseError::malformed(
                no,
                "another player in a seat after the hand than before it",
            )),
        }
    }

    /// A seated player's line, `r` the text after his name and its space.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if self.phase == Phase::Seats {
            // Only chatter and notices after the seats' stacks.
            return if is_chatter(r) || is_notice(r) {
                Ok(())
            } else {
                Err(ParseError::malformed(
                    no,
                    "an action after the stacks of the hand's end",
                ))
            };
        }
        if let Some(t) = r.strip_prefix("posts ") {
            return self.post(no, p, t);
        }
        let verb = if r == "folds" {
            Verb::Fold { shown: None }
        } else if let Some(t) = r.strip_prefix("folds and shows ") {
            self.show(no, p, t)?;
            Verb::Fold { shown: None }
        } else if r == "checks" {
            Verb::Check
        } else if let Some(t) = r.strip_prefix("calls ") {
            // The caller's total on the street.
            let (t, all_in) = all_in_tail(t);
            let to = self.money(t, no)?;
            let b = self.builder(no)?;
            Betting::begin_betting(b);
            let amount = to - b.street_total(p);
            if amount <= 0 {
                return Err(ParseError::malformed(
                    no,
                    "a call to less than the player has in already",
                ));
            }
            Verb::Call { amount, all_in }
        } else if let Some(t) = r.strip_prefix("bets ") {
            let (t, all_in) = all_in_tail(t);
            Verb::Bet {
                amount: self.money(t, no)?,
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("raises to ") {
            let (t, all_in) = all_in_tail(t);
            Verb::Raise {
                raise: Raise::To(self.money(t, no)?),
                all_in,
            }
        } else if let Some(t) = r.strip_prefix("shows ") {
            return self.show(no, p, t);
        } else if r == "mucks" {
            self.builder(no)?.hand_mut().players[p].mucked = true;
            return Ok(());
        } else if let Some(t) = r.strip_prefix("wins ") {
            return self.wins(no, p, t, 0);
        } else if let Some(t) = r.strip_prefix("ties") {
            return self.ties(no, p, t);
        } else if let Some(t) = r.strip_prefix("rebuys ") {
            let a = self.money(t, no)?;
            self.added[p] = self.added[p].saturating_add(a);
            return Ok(());
        } else if let Some((a, t)) = r
            .strip_prefix("brings ")
            .and_then(|t| split2(t, " to table "))
        {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::malformed(no, "unreadable chips brought"));
            }
            let a = self.money(a, no)?;
            self.added[p] = self.added[p].saturating_add(a);
            return Ok(());
        } else if r == "doesn't show"
            || r == "will be dealt in after the button"
            || is_notice(r)
            || r.strip_prefix("has ")
                .is_some_and(|d| HAND_VALUES.iter().any(|v| d.starts_with(v)))
            || is_chatter(r)
        {
            return Ok(());
        } else {
            return Err(ParseError::malformed(no, "an action fpdb does not know"));
        };
        let b = self.b.as_mut().expect("a seated player has a builder");
        self.betting.apply(b, p, &verb);
        Ok(())
    }

    /// "small blind ($0.02)", "big blind ($0.04)", "$0.04", "$0.02 dead", "ante of 10", each
    /// possibly ending in " (all-in)" (after "posts ").
    fn post(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let (t, all_in) = all_in_tail(t);
        let (kind, amt) = if let Some(a) = t.strip_prefix("small blind ") {
            (ActionKind::SmallBlind, a)
        } else if let Some(a) = t.strip_prefix("big blind ") {
            (ActionKind::BigBlind, a)
        } else if let Some(a) = t.strip_prefix("ante of ") {
            (ActionKind::Ante, a)
        } else if let Some(a) = t.strip_suffix(" dead") {
            (ActionKind::DeadSmallBlind, a)
        } else {
            (ActionKind::BigBlind, t)
        };
        let amount = self.money(unbracket(amt), no)?;
        if amount == 0 {
            return Ok(()); // "posts $0": nothing put in
        }
        let b = self.b.as_mut().expect("a seated player has a builder");
        match kind {
            ActionKind::DeadSmallBlind => b.post(p, kind, amount, all_in),
            _ => {
                self.betting.apply(
                    b,
                    p,
                    &Verb::Post {
                        kind,
                        amount,
                        all_in,
                    },
                );
            }
        }
        Ok(())
    }

    /// "[6 d][7 h]" (after "shows "): the cards the player showed.
    fn show(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let cards = cards_at(t, no)?;
        self.builder(no)?.show(p, &cards, no)
    }

    /// "$3.66[ with: ...]", "135 from side pot #1 with ...", "$0.04, disconnection protection
    /// limited from $0.17 with: ..." (after "wins "), from pot `pot` unless it names its own.
    fn wins(&mut self, no: u32, p: PlayerIdx, t: &str, pot: u8) -> Result<(), ParseError> {
        // The amount runs to the first space, a comma before it ending it ("$0.04, ...").
        let space = t.find(' ').unwrap_or(t.len());
        let end = if t[..space].ends_with(',') {
            space - 1
        } else {
            space
        };
        let amount = self.money(&t[..end], no)?;
        let rest = &t[end..];
        let pot = match split2(rest, " from side pot #") {
            Some((_, n)) => side_pot(n, no)?,
            None => pot,
        };
        let ok = rest.is_empty()
            || rest.starts_with(" with")
            || rest.starts_with(" from side pot #")
            || rest.starts_with(", disconnection protection limited from ");
        if !ok {
            return Err(ParseError::malformed(no, "unreadable award"));
        }
        self.awarded = true;
        self.builder(no)?.collect(p, amount, pot, 0);
        Ok(())
    }

    /// ", and wins $0.16 with: ..." or " side pot #1, and wins $0.43 with: ..." (after "ties").
    fn ties(&mut self, no: u32, p: PlayerIdx, t: &str) -> Result<(), ParseError> {
        let (head, won) =
            split2(t, "and wins ").ok_or_else(|| ParseError::malformed(no, "unreadable award"))?;
        let pot = match head.trim_end().trim_end_matches(',').trim() {
            "" => 0,
            h => match h.strip_prefix("side pot #") {
                Some(n) => side_pot(n, no)?,
                None => return Err(ParseError::malformed(no, "unreadable award")),
            },
        };
        self.wins(no, p, won, pot)
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    /// The table line: the table's name, and a tournament's number and table.
    fn table(&self, b: &mut HandBuilder) -> Result<(), ParseError> {
        let tour = b.hand().game.kind == GameKind::Tour;
        let Some((first, context)) = self.context else {
            if tour {
                return Err(ParseError::malformed(
                    self.end_line,
                    "a tournament hand without its table line (which holds the tournament's number)",
                ));
            }
            return Ok(());
        };
        let mut lines = context.lines();
        let table = lines.next().unwrap_or("");
        if let Some((i, l)) = lines.enumerate().find(|(_, l)| !l.trim().is_empty()) {
            return Err(ParseError::malformed(
                first + 1 + i as u32,
                "a line between the table line and the hand's first line",
            )
            .with_text(l));
        }
        let Some(name) = table_line(table) else {
            return Err(ParseError::malformed(first, "unreadable table line").with_text(table));
        };
        let hand = b.hand_mut();
        hand.table_name = name.to_string();
        if tour {
            let Some((tourney_no, table_no)) = tournament_of(name) else {
                return Err(ParseError::malformed(
                    first,
                    "a tournament hand whose table line names no tournament",
                )
                .with_text(table));
            };
            hand.tournament = Some(Tournament::unpriced(tourney_no, "USD", table_no));
        }
        Ok(())
    }
}

/// The N of "side pot #N" (followed by anything after a space or comma).
fn side_pot(t: &str, no: u32) -> Result<u8, ParseError> {
    let n = t.bytes().take_while(u8::is_ascii_digit).count();
    t[..n]
        .parse()
        .map_err(|_| ParseError::malformed(no, "unreadable side pot"))
}

impl HandLines for Parser<'_> {
    fn line(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.phase == Phase::Ended {
            return self.between_hands(no, line);
        }
        if let Some(r) = line
            .strip_prefix("End of Hand #")
            .or_else(|| line.strip_prefix("End Of Hand #"))
        {
            if r.is_empty() || !r.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::malformed(no, "unreadable end of hand"));
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
            return Err(if self.awarded {
                ParseError::cut_in_summary(last, "no end-of-hand line")
            } else {
                ParseError::before_summary(last)
            });
        }
        let Some(mut b) = self.b.take() else {
            return Err(ParseError::malformed(
                last,
                "a hand without its blinds line",
            ));
        };
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(last, "a hand without seat lines"));
        }
        let line = self.end_line;
        self.table(&mut b)?;
        let hand = b.hand_mut();
        hand.button_seat = self.button;
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        hand.game.ante = hand.largest_ante().unwrap_or(0);
        // A seated player who did nothing in the hand (away from the table, waiting for the
        // button) sat it out.
        for (i, pl) in hand.players.iter_mut().enumerate() {
            pl.sitting_out = !hand.actions.iter().any(|a| a.player == i);
        }
        let mut policy = PotPolicy::new(self.scale, line);
        policy.printed = PrintedPot::None;
        policy.rake = Some(self.rake);
        policy.uncalled = Uncalled::Printed;
        b.settle(&policy)?;
        // Every stack after the hand is what the hand's money leaves (and chips added during it).
        for (p, end) in self.end_stacks.iter().enumerate() {
            let Some((no, printed)) = *end else {
                continue;
            };
            let expected = b.stack_after(p).saturating_add(self.added[p]);
            if expected != printed {
                return Err(ParseError::malformed(
                    no,
                    format!(
                        "the stack after the hand is not what the hand leaves ({})",
                        crate::pot::show_money(expected, self.scale)
                    ),
                ));
            }
        }
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a text as the importer does (split, the table line as the hand's context).
    fn parse(text: &str) -> Result<Hand, ParseError> {
        crate::parse_one(text)
    }

    const HAND: &str = "Table #46120523 - Audeamus 1
Starting Hand #2138526544
Start time of hand: 01 Aug 2012 03:36:03
Last Hand #2138526325
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.02 / $0.04
Button is at seat 10
Seat 1: Player0 - $4.63
Seat 3: Hero - $7.15
Seat 5: Player1 - $5.23
Seat 6: Player2 - $3
Seat 8: Player3 - $2.80 (away from table)
Seat 10: Player5 - $4.22
Shuffling Deck
Moving Button to seat 1
Hero posts small blind ($0.02)
Player1 posts big blind ($0.04)
Dealing Cards
Dealing [T h][9 s] to Hero
Player2 calls $0.04
Player5 calls $0.04
Player0 folds
Hero folds
Player1 raises to $0.22
Player2 folds
Player5 has become disconnected and has 10 seconds to reconnect
Player1: :)
Player2 yawns at Player1.
Newcomer brings $2 to table 46120523
Newcomer waves.
Player5 has disconnected and has been granted disconnection protection
Returning $0.18 to Player1 uncalled
Pot sizes: $0.14
Dealing Flop [8 h][2 c][5 c]
Pot sizes: $0.14
Dealing Turn [7 d]
Dealing River [J h]
Taking Rake of $0.01 from pot 1
Player5 shows [6 d][7 h]
Player5 has One Pair: 7s
Player1 doesn't show
Player5 wins $0.04, disconnection protection limited from $0.13 with: One Pair: 7s
Player1 wins $0.09
Seat 1: Player0 - $4.63
Seat 3: Hero - $7.13
Seat 5: Player1 - $5.28
Seat 6: Player2 - $2.96
Seat 7: Newcomer - $2
Seat 8: Player3 - $2.80
Seat 10: Player5 - $4.22
End of Hand #2138526544
";

    #[test]
    fn a_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "PKR");
        assert_eq!(h.site_hand_no, 2_138_526_544);
        assert_eq!(h.site_hand_id, "2138526544");
        assert_eq!(h.table_name, "Audeamus 1");
        assert_eq!(h.start_time.to_rfc3339(), "2012-08-01T03:36:03+00:00");
        assert_eq!(h.button_seat, Some(1));
        assert_eq!((h.game.small_blind, h.game.big_blind), (2, 4));
        assert_eq!(h.game.currency, "USD");
        assert_eq!((h.total_pot, h.rake), (14, 1));
        assert_eq!(h.hero, h.player_index("Hero"));
        assert_eq!(h.boards[0].len(), 5);
        // The away player did nothing: he sat the hand out.
        let away = h.player_index("Player3").unwrap();
        assert!(h.players[away].sitting_out);
        assert!(!h.players[h.player_index("Hero").unwrap()].sitting_out);
        // Calls print the caller's total on the street.
        let call = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Call)
            .unwrap();
        assert_eq!(call.amount, 4);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        // The table line alone is no hand; every other cut is unfinished.
        let lines: Vec<&str> = HAND.lines().collect();
        assert_eq!(
            parse(lines[0]).unwrap_err().kind,
            ErrorKind::NotAHandHistory
        );
        text::every_cut_is_unfinished(&lines[1..].join("\n"), parse);
        for k in 2..lines.len() {
            let e = parse(&lines[..k].join("\n")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
    }

    #[test]
    fn errors() {
        let line_of = |s: &str| HAND.lines().position(|l| l == s).unwrap() as u32 + 1;
        let stranger = HAND.replace("Player0 folds", "Nobody folds");
        let e = parse(&stranger).unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (
                line_of("Player0 folds"),
                "action by a player who is not in the seat list"
            )
        );
        let unknown = HAND.replace("Player0 folds", "Player0 juggles 3 balls");
        let e = parse(&unknown).unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (line_of("Player0 folds"), ErrorKind::Malformed)
        );
        let waves = HAND.replace("Newcomer waves.", "Nobody waves.");
        let e = parse(&waves).unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (line_of("Newcomer waves."), "a line fpdb does not know")
        );
        let game = HAND.replace("HOLD'EM", "CHESS");
        assert_eq!(parse(&game).unwrap_err().kind, ErrorKind::Unsupported);
        // A stack after the hand the actions do not leave.
        let wrong = HAND.replace("Seat 6: Player2 - $2.96", "Seat 6: Player2 - $2.95");
        let e = parse(&wrong).unwrap_err();
        assert_eq!(e.line, line_of("Seat 6: Player2 - $2.96"));
        // An award that does not add up.
        let more = HAND.replace("Player1 wins $0.09", "Player1 wins $0.10");
        assert_eq!(parse(&more).unwrap_err().kind, ErrorKind::Malformed);
        let big = HAND.replace("#2138526544", "#99999999999999999999");
        assert_eq!(parse(&big).unwrap_err().kind, ErrorKind::OutOfRange);
        let after = HAND.replace(
            "End of Hand #2138526544\n",
            "End of Hand #2138526544\nPlayer1 folds\n",
        );
        let e = parse(&after).unwrap_err();
        assert_eq!(e.message, "a line after the end of the hand");
        let no_currency = HAND.replace("$0.02 / $0.04", "0.02 / 0.04");
        assert_eq!(
            parse(&no_currency).unwrap_err().kind,
            ErrorKind::Unsupported
        );
        let chips = HAND.replace("REAL MONEY", "TOURNAMENT CHIPS");
        assert_eq!(parse(&chips).unwrap_err().kind, ErrorKind::Malformed);
        let garbage = HAND.replace(
            "Table #46120523 - Audeamus 1\n",
            "Table #46120523 - Audeamus 1\nx\n",
        );
        let e = parse(&garbage).unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (2, "a line between the table line and the hand's first line")
        );
    }

    #[test]
    fn a_hand_without_its_table_line() {
        let h = parse(HAND.split_once('\n').unwrap().1).unwrap();
        assert_eq!(h.table_name, "");
        assert_eq!(h.site_hand_no, 2_138_526_544);
        // A tournament hand needs it: its tournament's number is there.
        let t = TOUR.split_once('\n').unwrap().1;
        let e = parse(t).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        // A table line that is not the one right before the hand is another hand's.
        let two = format!("{HAND}\n{}", HAND.split_once('\n').unwrap().1);
        let hands: Vec<Hand> = crate::parse_history(&two).map(Result::unwrap).collect();
        assert_eq!(
            (hands[0].table_name.as_str(), hands[1].table_name.as_str()),
            ("Audeamus 1", "")
        );
    }

    const TOUR: &str = "Table #45061966 - Tournament #25865515 Table #21
Starting Hand #2087126607
Start time of hand: 20 May 2012 11:13:53
Last Hand n/a
Game Type: OMAHA HI/LO
Limit Type: POT LIMIT
Table Type: TOURNAMENT
Money Type: Tournament chips
Blinds are now 10 / 20
Button is at seat 10
Seat 2: Player10 (bounty value $0.40, bounty won $0) - 515
Seat 3: Player12 (bounty value $0.48, bounty won $0.32) - 1,180
Seat 5: Hero (bounty value $0.40, bounty won $0) - 2,355
Seat 7: Player5 (bounty value $0.40, bounty won $0) - 950
Shuffling Deck
Moving Button to seat 1
Player10 posts small blind (10)
Player12 posts big blind (20)
Dealing Cards
Dealing [K s][4 s][2 d][2 s] to Hero
Hero calls 20
Player5 raises to 90
Player10 calls 90
Player12 calls 90
Hero calls 90
Pot sizes: 360
Dealing Flop [6 s][8 h][2 c]
Player10 checks
Player12 bets 360
Hero raises to 1,800
Player5 calls 860 (all-in)
Player12: donks  - no lotterie
Player10 folds
Player12 calls 1,090 (all-in)
Returning 710 to Hero uncalled
Pot sizes: 2,940
Pot sizes: 460
Player12 shows [3 c][3 d][K d][A d]
Hero shows [K s][4 s][2 d][2 s]
Player5 shows [7 d][A s][A h][8 d]
Dealing Turn [9 d]
Dealing River [4 c]
Hero has Three of a Kind: 2s
Hero has no qualifying low hand
Player12 has One Pair: 3s
Player12 has low hand: A2346
Hero wins 230 from side pot #1 with high hand: Three of a Kind: 2s
Player12 wins 230 from side pot #1 with low hand: A2346
Player5 has low hand: A2467
Hero wins 1,470 with high hand: Three of a Kind: 2s
Player12 ties, and wins 1,470 with low hand: A2346
Player12 says Ship It!
Seat 2: Player10 (bounty value $0.40, bounty won $0) - 425
Seat 3: Player12 (bounty value $0.48, bounty won $0.32) - 1,700
Seat 5: Hero (bounty value $0.40, bounty won $0) - 2,875
Seat 7: Player5 (bounty value $0.40, bounty won $0) - 0
End of Hand #2087126607

Player5 rebuys $5
";

    #[test]
    fn a_tournament_hand() {
        let h = parse(TOUR).unwrap();
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!(h.game.category, Category::OmahaHiLo);
        assert_eq!(h.game.limit_type, LimitType::PotLimit);
        assert_eq!(h.game.currency, "T$");
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.table_no.as_deref()),
            (25_865_515, Some("21"))
        );
        assert_eq!(h.players[1].bounty, Some(48));
        assert_eq!(h.players[2].cards.len(), 4);
        assert_eq!(h.collections.iter().filter(|c| c.pot == 1).count(), 2);
        assert_eq!(h.total_pot, 3_400);
        assert_eq!(h.rake, 0);
        let stt = TOUR.replace("Tournament #25865515 Table #21", "STT # 25738091");
        let t = parse(&stt).unwrap().tournament.unwrap();
        assert_eq!((t.tourney_no, t.table_no), (25_738_091, None));
    }

    #[test]
    fn line_parts() {
        let c = |s: &str| cards_at(s, 1).unwrap();
        assert_eq!(
            c("[T h][9 s]"),
            vec![Card::parse("Th").unwrap(), Card::parse("9s").unwrap()]
        );
        assert_eq!(c("[Ad 8h]").len(), 2);
        assert_eq!(c("[qs][2s]")[0], Card::parse("Qs").unwrap());
        assert_eq!(c("[XX] [6 s]")[0], Card::UNKNOWN);
        assert!(cards_at("[Z z]", 1).is_err());
        assert!(cards_at("nothing", 1).is_err());
        assert!(is_notice("has 14 seconds remaining in the time bank"));
        assert!(is_notice(
            "has received 1 additional seconds in the time bank (15 total seconds)"
        ));
        assert!(!is_notice("has $5 seconds remaining in the time bank"));
        assert!(is_chatter("laughs his *** off."));
        assert!(!is_chatter("pays 5"));
        assert_eq!(tournament_of("STT # 1"), Some((1, None)));
        assert_eq!(tournament_of("Pink Paisley"), None);
        assert!(start_time("30 Mar 2009 21:00:00").is_some());
        assert!(start_time("30 Mars 2009 21:00:00").is_none());
    }
}

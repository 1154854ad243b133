//! The `GAME #` family of PokerTracker 4's exports: the iPoker (`GAME #N`), Merge
//! (`MERGE_GAME #N:`, `Merge Game #A-B |`) and Everest (`EverestPoker Game #N:`) styles, read
//! by one parser (the lines are nearly the same; where they differ the style says). The room
//! of the export is the hand's site (`iPoker`, `Merge`, `Everest`).
//!
//! # Headers, hand numbers and times
//!
//! - iPoker: `GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02
//!   2018-12-26 22:40:05/GMT` (the `/GMT` exports: UTC), `GAME #2607739781: Texas Hold'em NL
//!   $0.50/$1 2011/01/23 20:02:35`, `GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18`
//!   (the oldest exports: no zone, the time stored as printed, read as UTC), `... Texas
//!   Hold'em NL Tournament DATE` (no blinds printed: they are the posts'). An `Omaha` without
//!   a limit is pot-limit (the only omaha iPoker dealt). The number is the hand's.
//! - Merge: `MERGE_GAME #3047310402797: Texas Hold'em NL $0.50/$1 01/01/2011 12:01:23`,
//!   `MERGE_GAME #46893440-366: Holdem NL $0.10/$0.25 01/11/2012 20:43:26`, `Merge Game
//!   #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2`. The date is
//!   month/day/year. The number `A-B` is table A's hand B and is stored as A × 100000 + B (B
//!   below 100000), which is the number the undashed exports print (`3047310402797` is table
//!   30473104's hand 2797). A zone after the time (`EST`: US Eastern, daylight saving
//!   included) is converted; without one the time is read as UTC.
//! - Everest: `EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em -
//!   22:33:12 - 2011/01/02`, `EverestPoker Game #N: Tourney ID: 49630157, Table 49630157-0 -
//!   100/200 - Limit Hold'em - TIME - DATE` (fixed limit prints the small and big bets: blinds
//!   50/100). No zone is printed: read as UTC.
//!
//! # The lines
//!
//! - Table (iPoker, Merge): `Table NAME`, `Table NAME (A), Seats 6`, `Table NAME, A, T
//!   (Tournament: NAME Buy-In: €4.55 + €0.45)` (T the tournament; a third part of the buy-in
//!   is a knockout's bounty: `€22,25 + €22,25 + €5,50` is buy-in, bounty, fee). `Server HOST`
//!   is ignored.
//! - Seats: `Seat N: NAME (X in chips)[ DEALER]` (Everest: `Seat N: NAME (X)` and `The button
//!   is in seat #N`). A Merge seat of no chips whose player posts all-in was printed after the
//!   post: his stack is the post.
//! - Posts (iPoker, Merge): `NAME: Post SB X`, `Post BB X`, `Post BB Allin X`, `Post Ante X`,
//!   `Post DB X` (a missed blind: more than the big blind is both blinds, the small-blind part
//!   dead; up to the big blind it is live), `SB X`/`BB X` (the oldest exports); a second `Post
//!   SB` before any big blind is the big blind posted short. A big blind all-in for less is
//!   called in full (the bet to call before the flop is at least the table's big blind; the
//!   part no one matched comes back to the caller, Merge paying it as a win of its own). Everest: `NAME posts the small
//!   blind of X`, `the big blind of X`, `the ante of X`, `the dead blind of X` (a small-blind
//!   amount is dead, a big-blind one live), `posts X` (a big blind).
//! - Actions (iPoker, Merge): `NAME: Fold`, `Check`, `Call X` (the chips added), `Bet X`,
//!   `Raise X`/`Raise (NF) X` (the raiser's total on the street), `Raise to X` (the oldest
//!   iPoker exports: the chips added, despite the word), `Allin X` (the chips added: a bet, a
//!   raise or a call as they make it). Everest: `folds`, `checks`, `calls X`, `bets X`,
//!   `raises to X` (the total), each with `[,] and is all-in`. Every amount is checked: a call
//!   must match the bet (or be all-in for less), a raise must raise, an all-in must be the
//!   player's chips, no action may spend more than the player has; an amount read the wrong
//!   way is refused.
//! - `Dealt to NAME [CARDS]` (the hero), `*** HOLE CARDS ***`, `*** FLOP *** [CARDS]`, `***
//!   TURN *** [C]` (or the whole board), `*** RIVER *** [C]`, `*** SUMMARY ***`. Cards are
//!   `Ah 8s`, `SQ DQ`/`C10` (suit first) or `dJ`; `X` is a card not shown.
//! - Showdown: `NAME: Shows [CARDS] DESCRIPTION`, `NAME: Mucks [CARDS]`; Everest `NAME shows
//!   [CARDS]` (also before the summary, repeated), `NAME mucked [CARDS]`.
//! - Awards: `NAME: wins X` (Merge: `wins X (uncalled)` is the uncalled bet given back, a
//!   win of its own that the pot's settling takes back out),
//!   Everest `NAME collects X` and `Uncalled bet of X returned to NAME`.
//! - iPoker's `Total pot X Rake Y`: the pot after the rake, which the wins must add up to
//!   (the newest, `Uncalled:Y`, exports leave the uncalled bet out of both; the older ones pay
//!   it inside the bettor's win). Merge and Everest print no rake: it is what no one won (on
//!   Merge's bad-beat tables the jackpot's drop too), and a cash hand leaving more than a
//!   tenth of its pot unwon (Merge: and half a big blind, the drop) is refused as cut short.
//! - Stacks: as they were before the hand, except in Merge's tournaments, which print them
//!   after the hand's posts (a player all-in on his blind shows `$0.00`): each post is added
//!   back. Old iPoker tournaments have half chips (`$1,147.50`): the amounts are read rounded
//!   to the chip, and a call, all-in or award within a chip of what it must match is that
//!   amount (three chips of rounding allowed in the pot).
//! - Ignored: Everest's `NAME has been disconnected, and is allin` (no money) and `NAME
//!   finished in place N and won X` (the tournament's result, which its summary gives).
//!
//! Refused: a hand without its summary or any award (a cut file), a line of another kind, an
//! action by a name with no seat (the oldest iPoker exports sometimes post a blind for a player
//! missing from the seats), wins that do not add up to the printed pot.

use chrono::{DateTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::pokertracker::{digits, money_of, symbol_in, Style};
use crate::parsers::text::{self, HandLines};
use crate::parsers::verbs::{amount_tail, Raise, Verb, POKERSTARS};
use crate::pot::{PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// A Merge hand number `A-B`: A × this + B.
/// Merge numbers `A-B` as the room's XML does (`super::merge`): one hand, one number.
const MERGE_HAND: i64 = super::merge::HAND_FACTOR;

/// What a header says.
struct Header {
    no: i64,
    id: String,
    tour: bool,
    category: Category,
    limit: LimitType,
    stakes: Option<(Money, Money)>,
    currency: Option<&'static str>,
    start: DateTime<Utc>,
    /// Everest: the table and the tournament are in the header.
    table: Option<String>,
    tourney_no: Option<i64>,
}

fn bad(no: u32, m: &'static str) -> ParseError {
    ParseError::malformed(no, m)
}

fn unsupported(no: u32, m: &'static str) -> ParseError {
    ParseError::new(ErrorKind::Unsupported, no, m)
}

/// "Texas Hold'em NL", "Holdem NL", "Omaha PL", "Omaha", "No Limit Hold'em", "Limit Hold'em".
fn game_of(words: &[&str], no: u32) -> Result<(Category, Option<LimitType>), ParseError> {
    let t = words.join(" ");
    let (game, limit) = match t.rsplit_once(' ') {
        Some((g, "NL")) => (g, Some(LimitType::NoLimit)),
        Some((g, "PL")) => (g, Some(LimitType::PotLimit)),
        Some((g, "FL" | "L")) => (g, Some(LimitType::FixedLimit)),
        _ => match t.as_str() {
            s if s.starts_with("No Limit ") => (&s[9..], Some(LimitType::NoLimit)),
            s if s.starts_with("Pot Limit ") => (&s[10..], Some(LimitType::PotLimit)),
            s if s.starts_with("Limit ") => (&s[6..], Some(LimitType::FixedLimit)),
            s => (s, None),
        },
    };
    let category = match game {
        "Texas Hold'em" | "Hold'em" | "Holdem" => Category::Holdem,
        "Omaha" | "Omaha Hi" => Category::OmahaHi,
        "Omaha Hi-Lo" | "Omaha Hi/Lo" => Category::OmahaHiLo,
        _ => {
            return Err(unsupported(
                no,
                "a game fpdb does not read in PokerTracker's exports",
            ))
        }
    };
    Ok((category, limit))
}

/// "€0.01/€0.02", "$0.50/$1", "50/100", "($0.02/$0.04)".
fn stakes_of(t: &str, scale: i64, no: u32) -> Result<(Money, Money), ParseError> {
    let t = t.trim_start_matches('(').trim_end_matches(')');
    let (a, b) = t
        .split_once('/')
        .ok_or_else(|| bad(no, "unreadable stakes"))?;
    Ok((money_of(a, scale, no)?, money_of(b, scale, no)?))
}

fn utc(t: chrono::NaiveDateTime) -> DateTime<Utc> {
    t.and_utc()
}

/// "MM/DD/YYYY HH:MM:SS".
fn us_date(date: &str, clock: &str) -> Option<chrono::NaiveDateTime> {
    let mut p = date.split('/');
    let (m, d, y) = (p.next()?, p.next()?, p.next()?);
    if p.next().is_some() || y.len() != 4 {
        return None;
    }
    time::parse_datetime(&format!("{y}-{m}-{d} {clock}"))
}

/// Reads the header line of a style.
fn header(style: Style, line: &str, no: u32) -> Result<Header, ParseError> {
    match style {
        Style::IPoker => ipoker_header(line, no),
        Style::Merge => merge_header(line, no),
        _ => everest_header(line, no),
    }
}

/// `GAME #N: GAME STAKES [Tournament] [-] DATE TIME[/GMT]`.
fn ipoker_header(line: &str, no: u32) -> Result<Header, ParseError> {
    let unreadable = || bad(no, "unreadable PokerTracker header");
    let date_err = || bad(no, "unreadable date in the header");
    let r = line.strip_prefix("GAME #").ok_or_else(unreadable)?;
    let (id, rest) = digits(r).ok_or_else(unreadable)?;
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    words.retain(|w| !w.starts_with("Version:") && !w.starts_with("Uncalled:"));
    if words.len() < 3 {
        return Err(unreadable());
    }
    let clock = words.pop().ok_or_else(unreadable)?;
    let date = words.pop().ok_or_else(unreadable)?;
    // With "/GMT" or without a zone, the time is read as UTC (see the module).
    let clock = clock.strip_suffix("/GMT").unwrap_or(clock);
    let start = time::parse_datetime(&format!("{date} {clock}"))
        .map(utc)
        .ok_or_else(date_err)?;
    if words.last() == Some(&"-") {
        words.pop();
    }
    let tour = words.last() == Some(&"Tournament");
    if tour {
        words.pop();
    }
    let stakes_word = words
        .last()
        .filter(|w| w.contains('/'))
        .copied()
        .inspect(|_| {
            words.pop();
        });
    let (category, limit) = game_of(&words, no)?;
    let limit = match (limit, category) {
        (Some(l), _) => l,
        (None, Category::OmahaHi | Category::OmahaHiLo) => LimitType::PotLimit,
        _ => return Err(bad(no, "no limit in the header")),
    };
    let scale = if tour { CHIPS } else { CENTS };
    let stakes = match stakes_word {
        Some(s) if !tour => Some(stakes_of(s, scale, no)?),
        Some(_) => return Err(unreadable()),
        None if tour => None,
        None => return Err(bad(no, "a cash header without stakes")),
    };
    let no_ = text::hand_number(id, no, line)?;
    Ok(Header {
        no: no_,
        id: id.to_string(),
        tour,
        category,
        limit,
        stakes,
        currency: stakes_word.and_then(symbol_in),
        start,
        table: None,
        tourney_no: None,
    })
}

/// `MERGE_GAME #N: GAME STAKES DATE TIME [ZONE]` (also `Merge Game #A-B`, tournaments without
/// stakes).
fn merge_header(line: &str, no: u32) -> Result<Header, ParseError> {
    let unreadable = || bad(no, "unreadable PokerTracker header");
    let date_err = || bad(no, "unreadable date in the header");
    let r = line
        .strip_prefix("MERGE_GAME #")
        .or_else(|| line.strip_prefix("Merge Game #"))
        .ok_or_else(unreadable)?;
    let (a, rest) = digits(r).ok_or_else(unreadable)?;
    let (id, hand_no, rest) = match rest.strip_prefix('-') {
        Some(x) => {
            let (b, rest) = digits(x).ok_or_else(unreadable)?;
            let (ta, hb): (i64, i64) = (
                a.parse().map_err(|_| ParseError::hand_no_too_large(no))?,
                b.parse().map_err(|_| ParseError::hand_no_too_large(no))?,
            );
            if hb >= MERGE_HAND {
                return Err(ParseError::new(
                    ErrorKind::OutOfRange,
                    no,
                    "a Merge hand number whose hand part has more than five digits",
                ));
            }
            let n = ta
                .checked_mul(MERGE_HAND)
                .and_then(|x| x.checked_add(hb))
                .ok_or_else(|| ParseError::hand_no_too_large(no))?;
            (format!("{a}-{b}"), n, rest)
        }
        None => (a.to_string(), text::hand_number(a, no, line)?, rest),
    };
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let rest = rest.replace(" | ", " ");
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if words.last().is_some_and(|w| w.starts_with("Version:")) {
        words.pop();
    }
    let zone = match words.last() {
        Some(w) if w.bytes().all(|b| b.is_ascii_uppercase()) => {
            let z = time::zone_of_label(w).ok_or_else(date_err)?;
            words.pop();
            Some(z)
        }
        _ => None,
    };
    if words.len() < 4 {
        return Err(unreadable());
    }
    let clock = words.pop().ok_or_else(unreadable)?;
    let date = words.pop().ok_or_else(unreadable)?;
    let local = us_date(date, clock).ok_or_else(date_err)?;
    let start = match zone {
        Some(z) => time::local_to_utc(local, z),
        None => utc(local),
    };
    let tour = words.last() == Some(&"Tournament");
    if tour {
        words.pop();
    }
    let stakes_word = if tour {
        None
    } else {
        Some(words.pop().ok_or_else(unreadable)?)
    };
    let (category, limit) = game_of(&words, no)?;
    let limit = limit.ok_or_else(|| bad(no, "no limit in the header"))?;
    let stakes = match stakes_word {
        Some(s) => Some(stakes_of(s, CENTS, no)?),
        None => None,
    };
    Ok(Header {
        no: hand_no,
        id,
        tour,
        category,
        limit,
        stakes,
        currency: stakes_word.and_then(symbol_in),
        start,
        table: None,
        tourney_no: None,
    })
}

/// `EverestPoker Game #N: TABLE - STAKES - GAME - TIME - DATE`.
fn everest_header(line: &str, no: u32) -> Result<Header, ParseError> {
    let unreadable = || bad(no, "unreadable PokerTracker header");
    let date_err = || bad(no, "unreadable date in the header");
    let r = line
        .strip_prefix("EverestPoker Game #")
        .ok_or_else(unreadable)?;
    let (id, rest) = digits(r).ok_or_else(unreadable)?;
    let rest = rest.strip_prefix(": ").ok_or_else(unreadable)?;
    // TABLE - STAKES - GAME - TIME - DATE
    let parts: Vec<&str> = rest.rsplitn(5, " - ").collect();
    let [date, clock, game, stakes, table] = parts[..] else {
        return Err(unreadable());
    };
    let start = time::parse_datetime(&format!("{date} {clock}"))
        .map(utc)
        .ok_or_else(date_err)?;
    let (category, limit) = game_of(&game.split(' ').collect::<Vec<_>>(), no)?;
    let limit = limit.ok_or_else(|| bad(no, "no limit in the header"))?;
    let (tourney_no, table) = match table.strip_prefix("Tourney ID: ") {
        Some(t) => {
            let (n, rest) = digits(t).ok_or_else(unreadable)?;
            let tno: i64 = n.parse().map_err(|_| unreadable())?;
            let table = rest
                .strip_prefix(", Table ")
                .ok_or_else(unreadable)?
                .to_string();
            (Some(tno), table)
        }
        None => (
            None,
            table
                .strip_prefix("Table ")
                .ok_or_else(unreadable)?
                .to_string(),
        ),
    };
    let tour = tourney_no.is_some();
    let scale = if tour { CHIPS } else { CENTS };
    let (a, b) = stakes_of(stakes, scale, no)?;
    // Fixed limit prints the bets; the blinds are half of them.
    let blinds = if limit == LimitType::FixedLimit {
        (a / 2, a)
    } else {
        (a, b)
    };
    Ok(Header {
        no: text::hand_number(id, no, line)?,
        id: id.to_string(),
        tour,
        category,
        limit,
        stakes: Some(blinds),
        currency: symbol_in(stakes),
        start,
        table: Some(table),
        tourney_no,
    })
}

/// The site of a style.
fn site_of(style: Style) -> &'static str {
    match style {
        Style::IPoker => "iPoker",
        Style::Merge => "Merge",
        _ => "Everest",
    }
}

/// Parses one hand of the `GAME #` family.
pub(super) fn parse_chunk(chunk: &Chunk<'_>, style: Style) -> Result<Hand, ParseError> {
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let first = first.trim_start_matches('\u{feff}').trim_end();
        let h = header(style, first, first_no)?;
        let no = h.no;
        Ok((Parser::new(style, h), no))
    })
}

/// A card: "Ah", "10h", suit first ("SQ", "C10", "dJ"), "X" unknown.
fn card_of(t: &str) -> Option<Card> {
    if let Some(c) = Card::parse_opt(t) {
        return Some(c);
    }
    let b = t.as_bytes();
    let suit = (*b.first()? as char).to_ascii_lowercase();
    if !matches!(suit, 's' | 'h' | 'd' | 'c') || t.len() < 2 {
        return None;
    }
    Card::parse_opt(&format!("{}{suit}", t[1..].to_ascii_uppercase()))
}

/// The cards of a bracket group.
fn cards_in(group: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let mut out = Vec::with_capacity(5);
    for t in group.split_whitespace() {
        if out.len() >= 6 {
            return Err(bad(no, "unreadable cards"));
        }
        out.push(card_of(t).ok_or_else(|| bad(no, "unreadable cards"))?);
    }
    if out.is_empty() {
        return Err(bad(no, "unreadable cards"));
    }
    Ok(out)
}

/// One betting action, as read.
#[derive(Debug, Clone, Copy)]
enum Act {
    Fold,
    Check,
    /// Chips added.
    Call(Money, bool),
    Bet(Money, bool),
    /// The raiser's total on the street.
    RaiseTo(Money, bool),
    /// The chips the raise adds.
    RaiseBy(Money, bool),
    /// All the player's chips, added.
    AllIn(Money),
}

struct Parser {
    style: Style,
    h: Header,
    b: Option<HandBuilder>,
    scale: i64,
    hero: Option<PlayerIdx>,
    board: Vec<Card>,
    sb_posted: bool,
    bb_posted: bool,
    summary: bool,
    printed_total: Option<(Money, Money)>,
    won: Money,
    awards: usize,
    button: Option<u8>,
    /// A tournament amount of half chips was read: the checks allow a chip of rounding.
    half: bool,
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
    fn new(style: Style, h: Header) -> Parser {
        let scale = if h.tour { CHIPS } else { CENTS };
        let mut p = Parser {
            style,
            b: None,
            scale,
            hero: None,
            board: Vec::with_capacity(5),
            sb_posted: false,
            bb_posted: false,
            summary: false,
            printed_total: None,
            won: 0,
            awards: 0,
            button: None,
            half: false,
            h,
        };
        if p.style == Style::Everest {
            p.start();
        }
        p
    }

    /// Merge's tournaments print each stack after the hand's posts.
    fn stacks_after_posts(&self) -> bool {
        self.h.tour && self.style == Style::Merge
    }

    fn money(&mut self, t: &str, no: u32) -> Result<Money, ParseError> {
        let t = t.trim().trim_end_matches(',');
        if self.scale == CHIPS {
            // Half chips ("$1,147.50"): rounded, and the checks allow for it.
            if let Some((_, frac)) = t.rsplit_once('.') {
                if frac.bytes().any(|c| c != b'0') {
                    self.half = true;
                }
            }
        }
        money_of(t, self.scale, no)
    }

    /// Makes the builder (after the table line, or at once for Everest).
    fn start(&mut self) {
        let h = &self.h;
        let currency = if h.tour {
            "T$"
        } else {
            h.currency.unwrap_or("")
        };
        let kind = if h.tour {
            GameKind::Tour
        } else {
            GameKind::Ring
        };
        let game = Game::blinds(
            kind,
            h.category,
            h.limit,
            h.stakes.unwrap_or((0, 0)),
            currency,
        );
        let mut b = HandBuilder::new(site_of(self.style), h.no, &h.id, game, h.start);
        if let Some(t) = &h.table {
            b.hand_mut().table_name = t.clone();
        }
        if let Some(tno) = h.tourney_no {
            b.hand_mut().tournament = Some(tournament(tno, String::new(), None));
        }
        self.b = Some(b);
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| bad(no, "a line before the hand's table line"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if self.b.is_none() {
            let r = line
                .strip_prefix("Table ")
                .ok_or_else(|| bad(no, "no table line after the header"))?;
            return self.table(no, r);
        }
        if line.starts_with("Server ")
            && self.b.as_ref().is_some_and(|b| b.hand().players.is_empty())
        {
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            if self
                .b
                .as_ref()
                .is_some_and(|b| b.street() < 0 && b.hand().actions.is_empty())
            {
                return self.seat(no, r);
            }
        }
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street_line(no, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            let (name, cards) = text::split2(r, " [").ok_or_else(|| bad(no, "unreadable cards"))?;
            let cards = cards_in(
                cards
                    .strip_suffix(']')
                    .ok_or_else(|| bad(no, "unreadable cards"))?,
                no,
            )?;
            let b = self.builder(no)?;
            let p = b
                .player(name)
                .ok_or_else(|| bad(no, "cards dealt to a player who is not in the seat list"))?;
            if b.street() < 0 {
                b.set_street(0);
            }
            self.settle_category(cards.len());
            let b = self.builder(no)?;
            b.set_cards(p, &cards);
            self.hero = Some(p);
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("The button is in seat #") {
            if self.style == Style::Everest {
                let s: u8 = r.trim().parse().map_err(|_| bad(no, "unreadable button"))?;
                self.button = Some(s);
                return Ok(());
            }
        }
        if let Some(r) = line.strip_prefix("Total pot ") {
            if self.style == Style::IPoker && self.summary && self.printed_total.is_none() {
                let (t, rake) =
                    text::split2(r, " Rake ").ok_or_else(|| bad(no, "unreadable total pot"))?;
                self.printed_total = Some((self.money(t, no)?, self.money(rake, no)?));
                return Ok(());
            }
        }
        if let Some(r) = line.strip_prefix("Uncalled bet of ") {
            if self.style == Style::Everest {
                let (amt, name) = text::split2(r, " returned to ")
                    .ok_or_else(|| bad(no, "unreadable uncalled bet"))?;
                let a = self.money(amt, no)?;
                let b = self.builder(no)?;
                let p = b
                    .player(name)
                    .ok_or_else(|| bad(no, "an uncalled bet of a player with no seat"))?;
                if a > b.street_total(p) {
                    return Err(bad(no, "an uncalled bet larger than the player's bet"));
                }
                b.uncalled(p, a);
                return Ok(());
            }
        }
        let style = self.style;
        let players = &self.builder(no)?.hand().players;
        let found = if style == Style::Everest {
            text::name_prefix(players, line, |c| c == b' ', false).map(|(p, n)| (p, &line[n + 1..]))
        } else {
            text::name_prefix(players, line, |c| c == b':', false)
                .filter(|&(_, n)| line[n..].starts_with(": "))
                .map(|(p, n)| (p, &line[n + 2..]))
        };
        let Some((p, r)) = found else {
            return Err(bad(
                no,
                "a line fpdb does not read (no seated player's name)",
            ));
        };
        if self.style == Style::Everest {
            self.everest_line(no, p, r)
        } else {
            self.player_line(no, p, r)
        }
    }

    /// "NAME (A), Seats 6", "NAME", "NAME, A, T (Tournament: ... Buy-In: X + Y)".
    fn table(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        self.start();
        let mut name = r.trim();
        let mut max_seats = None;
        if let Some((n, seats)) = text::rsplit2(name, ", Seats ") {
            max_seats = Some(
                seats
                    .trim()
                    .parse::<u8>()
                    .map_err(|_| bad(no, "unreadable seats"))?,
            );
            name = n;
        }
        let mut tourney = None;
        if let Some(i) = text::find(name, " (Tournament: ") {
            let info = name[i + 14..]
                .strip_suffix(')')
                .ok_or_else(|| bad(no, "unreadable tournament"))?;
            let (_, buyin) =
                text::rsplit2(info, " Buy-In: ").ok_or_else(|| bad(no, "unreadable buy-in"))?;
            name = name[..i].trim();
            let (n, tno) = name
                .rsplit_once(',')
                .ok_or_else(|| bad(no, "unreadable tournament number"))?;
            let tno: i64 = tno
                .trim()
                .parse()
                .map_err(|_| bad(no, "unreadable tournament number"))?;
            name = n.trim();
            tourney = Some((tno, buyin));
        }
        if self.h.tour != tourney.is_some() {
            return Err(bad(
                no,
                "a table line of another kind of game than the header's",
            ));
        }
        let mut t = match tourney {
            Some((tno, buyin)) => {
                let parts: Vec<&str> = buyin.split('+').map(str::trim).collect();
                let m = |s: &str| money_of(s, CENTS, no);
                let (buy, bounty, fee) = match parts[..] {
                    [a, f] => (m(a)?, 0, m(f)?),
                    [a, k, f] => (m(a)?, m(k)?, m(f)?),
                    _ => return Err(bad(no, "unreadable buy-in")),
                };
                let cur = symbol_in(buyin).unwrap_or("USD");
                let mut t = tournament(tno, cur.to_string(), None);
                t.buyin = buy.saturating_add(bounty);
                t.bounty = bounty;
                t.fee = fee;
                Some(t)
            }
            None => None,
        };
        // "Tijuana (46893440)": the table's number is part of its name.
        let table = name.to_string();
        let b = self.builder(no)?;
        let h = b.hand_mut();
        h.table_name = table;
        h.max_seats = max_seats;
        if let Some(t) = t.take() {
            h.tournament = Some(t);
        }
        Ok(())
    }

    /// "N: NAME (X in chips)[ DEALER]", "N: NAME (X)" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (n, rest) = text::split2(r, ": ").ok_or_else(|| bad(no, "unreadable seat line"))?;
        let seat: u8 = n.parse().map_err(|_| bad(no, "unreadable seat number"))?;
        let (rest, dealer) = match rest.strip_suffix(" DEALER") {
            Some(x) => (x, true),
            None => (rest, false),
        };
        let (name, chips) =
            text::rsplit2(rest, " (").ok_or_else(|| bad(no, "unreadable seat line"))?;
        let chips = chips
            .strip_suffix(')')
            .ok_or_else(|| bad(no, "unreadable seat line"))?;
        let chips = if self.style == Style::Everest {
            chips
        } else {
            chips
                .strip_suffix(" in chips")
                .ok_or_else(|| bad(no, "unreadable seat line"))?
        };
        if self.h.currency.is_none() && !self.h.tour {
            self.h.currency = symbol_in(chips);
            let c = self.h.currency.unwrap_or("");
            self.builder(no)?.hand_mut().game.currency = c.to_string();
        }
        let stack = self.money(chips, no)?;
        let b = self.builder(no)?;
        b.seat_player(no, seat, name, stack, false)?;
        if dealer {
            b.hand_mut().button_seat = Some(seat);
        }
        Ok(())
    }

    fn street_line(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let (name, rest) = r
            .split_once(" ***")
            .ok_or_else(|| bad(no, "unreadable street line"))?;
        let rest = rest.trim();
        if self.summary {
            return Err(bad(no, "a street line after the summary"));
        }
        let street = match name {
            "HOLE CARDS" if rest.is_empty() => {
                let b = self.builder(no)?;
                if b.street() >= 0 {
                    return Err(bad(no, "a second hole-cards line"));
                }
                b.set_street(0);
                return Ok(());
            }
            "SUMMARY" if rest.is_empty() => {
                self.summary = true;
                let b = self.builder(no)?;
                if b.hand().players.is_empty() {
                    return Err(bad(no, "a summary before any seat"));
                }
                return Ok(());
            }
            "FLOP" => 1,
            "TURN" => 2,
            "RIVER" => 3,
            _ => return Err(bad(no, "a street line fpdb does not read")),
        };
        let group = rest
            .strip_prefix('[')
            .and_then(|g| g.strip_suffix(']'))
            .ok_or_else(|| bad(no, "unreadable board"))?;
        let cards = cards_in(group, no)?;
        let want = [0, 0, 3, 4][street as usize];
        if self.board.len() != want {
            return Err(bad(no, "a street dealt out of order"));
        }
        let new: &[Card] = match (street, cards.len()) {
            (1, 3) | (2 | 3, 1) => &cards,
            // The whole board so far, and the new card.
            (2 | 3, n) if n == want + 1 && cards[..want] == self.board[..] => &cards[want..],
            _ => return Err(bad(no, "a street with the wrong number of cards")),
        };
        if new.iter().any(|c| !c.is_known()) {
            return Err(bad(no, "unreadable board"));
        }
        self.board.extend_from_slice(new);
        self.builder(no)?.set_street(street);
        Ok(())
    }

    fn settle_category(&mut self, count: usize) {
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

    fn show(&mut self, no: u32, p: PlayerIdx, group: &str, shown: bool) -> Result<(), ParseError> {
        let cards = cards_in(group, no)?;
        self.settle_category(cards.len());
        let b = self.builder(no)?;
        let pl = &mut b.hand_mut().players[p];
        if shown {
            pl.shown = true;
        } else {
            pl.mucked = true;
        }
        b.reveal(p, &cards);
        Ok(())
    }

    fn win(&mut self, no: u32, p: PlayerIdx, amount: Money) -> Result<(), ParseError> {
        if !self.summary {
            return Err(bad(no, "an award before the summary"));
        }
        self.awards += 1;
        self.won = self.won.saturating_add(amount);
        if amount > 0 {
            self.builder(no)?.collect(p, amount, 0, 0);
        }
        Ok(())
    }

    /// iPoker and Merge: the text after "NAME: ".
    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("wins ") {
            if let Some(a) = x.strip_suffix(" (uncalled)") {
                if self.style != Style::Merge || !self.summary {
                    return Err(bad(no, "an uncalled bet fpdb does not read"));
                }
                // Paid as a win of its own: the pot's settling takes it back out.
                let a = self.money(a, no)?;
                return self.win(no, p, a);
            }
            let a = self.money(x, no)?;
            return self.win(no, p, a);
        }
        for (word, shown) in [("Shows ", true), ("Mucks ", false)] {
            if let Some(x) = r.strip_prefix(word) {
                let (group, _) = text::bracket(x).ok_or_else(|| bad(no, "unreadable cards"))?;
                return self.show(no, p, group, shown);
            }
        }
        if self.summary {
            return Err(bad(no, "an action after the summary"));
        }
        // Posts.
        let post = r
            .strip_prefix("Post ")
            .or_else(|| (r.starts_with("SB ") || r.starts_with("BB ")).then_some(r));
        if let Some(x) = post {
            let (word, amt) = x
                .split_once(' ')
                .ok_or_else(|| bad(no, "unreadable post"))?;
            let (amt, all_in) = match amt.strip_prefix("Allin ") {
                Some(a) => (a, true),
                None => (amt, false),
            };
            let a = self.money(amt, no)?;
            let kind = match word {
                "SB" if self.sb_posted && !self.bb_posted => ActionKind::BigBlind,
                "SB" if self.sb_posted => ActionKind::DeadSmallBlind,
                "SB" => ActionKind::SmallBlind,
                "BB" => ActionKind::BigBlind,
                "Ante" => ActionKind::Ante,
                "DB" => {
                    let bb = self.builder(no)?.hand().game.big_blind;
                    if bb > 0 && a > bb {
                        ActionKind::BothBlinds
                    } else {
                        ActionKind::BigBlind
                    }
                }
                _ => return Err(bad(no, "a post fpdb does not read")),
            };
            return self.post(no, p, kind, a, all_in);
        }
        let (verb, amt) = match r.split_once(' ') {
            Some((v, a)) => (v, Some(a)),
            None => (r, None),
        };
        let amt = amt.map(|a| a.strip_prefix("(NF) ").unwrap_or(a));
        let act = match (verb, amt) {
            ("Fold", None) => Act::Fold,
            ("Check", None) => Act::Check,
            ("Call", Some(a)) => Act::Call(self.money(a, no)?, false),
            ("Bet", Some(a)) => Act::Bet(self.money(a, no)?, false),
            ("Raise", Some(a)) => match a.strip_prefix("to ") {
                // The oldest exports: the chips added.
                Some(x) => Act::RaiseBy(self.money(x, no)?, false),
                None => Act::RaiseTo(self.money(a, no)?, false),
            },
            ("Allin", Some(a)) => Act::AllIn(self.money(a, no)?),
            _ => return Err(bad(no, "an action fpdb does not read")),
        };
        self.act(no, p, act)
    }

    /// Everest: the text after "NAME ".
    fn everest_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("collects ") {
            let a = self.money(x, no)?;
            return self.win(no, p, a);
        }
        if let Some(x) = r
            .strip_prefix("shows ")
            .or_else(|| r.strip_prefix("mucked "))
        {
            let (group, _) = text::bracket(x).ok_or_else(|| bad(no, "unreadable cards"))?;
            return self.show(no, p, group, r.starts_with("shows"));
        }
        if r == "has been disconnected, and is allin" {
            return Ok(());
        }
        if r.starts_with("finished in place ") && self.summary {
            return Ok(());
        }
        if self.summary {
            return Err(bad(no, "an action after the summary"));
        }
        if let Some(x) = r.strip_prefix("posts ") {
            let (kind, amt) = if let Some(a) = x.strip_prefix("the small blind of ") {
                (ActionKind::SmallBlind, a)
            } else if let Some(a) = x.strip_prefix("the big blind of ") {
                (ActionKind::BigBlind, a)
            } else if let Some(a) = x.strip_prefix("the ante of ") {
                (ActionKind::Ante, a)
            } else if let Some(a) = x.strip_prefix("the dead blind of ") {
                let bb = self.builder(no)?.hand().game.big_blind;
                let k = if self.money(amount_tail(a).0, no)? < bb {
                    ActionKind::DeadSmallBlind
                } else {
                    ActionKind::BigBlind
                };
                (k, a)
            } else {
                (ActionKind::BigBlind, x)
            };
            let (a, all_in) = amount_tail(amt);
            let a = self.money(a, no)?;
            let kind = if kind == ActionKind::SmallBlind && self.sb_posted {
                ActionKind::DeadSmallBlind
            } else {
                kind
            };
            return self.post(no, p, kind, a, all_in);
        }
        let verb = POKERSTARS
            .parse(r, |t| self.money(t, no), no)?
            .ok_or_else(|| bad(no, "an action fpdb does not read"))?;
        let act = match verb {
            Verb::Fold { .. } => Act::Fold,
            Verb::Check => Act::Check,
            Verb::Call { amount, all_in } => Act::Call(amount, all_in),
            Verb::Bet { amount, all_in } => Act::Bet(amount, all_in),
            Verb::Raise {
                raise: Raise::To(t),
                all_in,
            } => Act::RaiseTo(t, all_in),
            _ => return Err(bad(no, "an action fpdb does not read")),
        };
        self.act(no, p, act)
    }

    fn post(
        &mut self,
        no: u32,
        p: PlayerIdx,
        kind: ActionKind,
        a: Money,
        all_in: bool,
    ) -> Result<(), ParseError> {
        let tour = self.h.tour;
        let bb_posted = self.bb_posted;
        let after_posts = self.stacks_after_posts();
        let b = self.builder(no)?;
        if b.street() >= 0 {
            return Err(bad(no, "a post after the cards were dealt"));
        }
        if after_posts {
            b.add_to_stack(p, a);
        }
        if a > b.behind(p) {
            return Err(bad(no, "a post of more chips than the player has"));
        }
        let all_in = all_in || a == b.behind(p);
        let g = &mut b.hand_mut().game;
        match kind {
            ActionKind::SmallBlind if tour && g.small_blind == 0 => g.small_blind = a,
            ActionKind::BigBlind if tour && g.big_blind == 0 && !bb_posted => {
                g.big_blind = if all_in && g.small_blind > 0 && a < 2 * g.small_blind {
                    2 * g.small_blind
                } else {
                    a
                };
                g.small_bet = g.big_blind;
                g.big_bet = 2 * g.big_blind;
            }
            ActionKind::Ante if tour && g.ante == 0 => g.ante = a,
            _ => {}
        }
        b.post(p, kind, a, all_in);
        match kind {
            ActionKind::SmallBlind => self.sb_posted = true,
            ActionKind::BigBlind | ActionKind::BothBlinds => self.bb_posted = true,
            _ => {}
        }
        Ok(())
    }

    fn act(&mut self, no: u32, p: PlayerIdx, act: Act) -> Result<(), ParseError> {
        let half = self.half;
        let b = self.builder(no)?;
        if b.street() < 0 {
            b.set_street(0);
        }
        let (max, mine, behind) = (b.street_max(), b.street_total(p), b.behind(p));
        let pre = b.street() == 0;
        let bb = b.hand().game.big_blind;
        let act = if half {
            rounded(act, max, mine, behind)
        } else {
            act
        };
        let more = || bad(no, "an action of more chips than the player has");
        match act {
            Act::Fold => b.fold(p),
            Act::Check => {
                if mine < max {
                    return Err(bad(no, "a check facing a bet"));
                }
                b.check(p)
            }
            Act::Call(a, printed) => {
                if a > behind {
                    return Err(more());
                }
                let all_in = printed || a == behind;
                let to = mine.saturating_add(a);
                // A big blind all-in for less is called in full: the bet to call before
                // the flop is at least the table's big blind.
                let over = to > max && !(pre && to <= bb);
                if a <= 0 || over || (to < max && !all_in) {
                    return Err(bad(no, "a call of another amount than the bet to call"));
                }
                b.call(p, a, all_in);
            }
            Act::Bet(a, printed) => {
                if a > behind {
                    return Err(more());
                }
                if max > 0 || a <= 0 {
                    return Err(bad(no, "a bet facing a bet"));
                }
                b.bet(p, a, printed || a == behind);
            }
            Act::RaiseTo(to, printed) | Act::RaiseBy(to, printed) => {
                let to = match act {
                    Act::RaiseBy(..) => mine.saturating_add(to),
                    _ => to,
                };
                let added = to.saturating_sub(mine);
                if added > behind {
                    return Err(more());
                }
                if to <= max {
                    return Err(bad(no, "a raise to no more than the bet"));
                }
                let all_in = printed || added == behind;
                if max == 0 {
                    b.bet(p, added, all_in);
                } else {
                    b.raise_to(p, to, all_in);
                }
            }
            Act::AllIn(a) => {
                if a != behind || a <= 0 {
                    return Err(bad(
                        no,
                        "an all-in of another amount than the player's chips",
                    ));
                }
                let to = mine.saturating_add(a);
                if to <= max {
                    b.call(p, a, true);
                } else if max == 0 {
                    b.bet(p, a, true);
                } else {
                    b.raise_to(p, to, true);
                }
            }
        }
        Ok(())
    }

    fn end(mut self, last: u32) -> Result<Hand, ParseError> {
        let unfinished = |m: &'static str| ParseError::new(ErrorKind::Unfinished, last, m);
        let Some(mut b) = self.b.take() else {
            return Err(unfinished(
                "the hand stops before its table line: the file was cut",
            ));
        };
        if b.hand().players.is_empty() {
            return Err(unfinished(
                "the hand stops before its seat lines: the file was cut",
            ));
        }
        if !self.summary || self.awards == 0 {
            return Err(unfinished(
                "the hand stops before its summary's awards: the file was cut",
            ));
        }
        if self.style == Style::IPoker {
            let Some((total, _)) = self.printed_total else {
                return Err(unfinished(
                    "the hand has no total pot line: the file was cut",
                ));
            };
            let slack = if self.half { 3 } else { 0 };
            if (self.won - total).abs() > slack {
                return Err(ParseError::new(
                    ErrorKind::Unfinished,
                    last,
                    "the wins do not add up to the printed pot: the file was cut",
                ));
            }
        }
        if b.hand().game.currency.is_empty() {
            return Err(bad(last, "a cash hand printing no currency"));
        }
        // A dead button (an empty seat) is no player's.
        if let Some(s) = self.button {
            if b.hand().players.iter().any(|p| p.seat == s) {
                b.hand_mut().button_seat = Some(s);
            }
        }
        let tour = self.h.tour;
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(self.scale, last);
        policy.rake = match self.printed_total {
            Some((_, rake)) if !tour => Some(rake),
            _ => None,
        };
        policy.uncalled = if self.style == Style::Everest {
            Uncalled::Printed
        } else {
            Uncalled::Unmatched
        };
        if self.half {
            policy.tolerance = 3;
        }
        b.settle(&policy)?;
        let h = b.hand();
        // Merge's bad-beat tables drop 0.50 into the jackpot on top of the rake.
        let drop = if self.style == Style::Merge {
            h.game.big_blind / 2
        } else {
            0
        };
        let most = (h.total_pot / 10).saturating_add(drop);
        if !tour && self.printed_total.is_none() && h.rake > most {
            return Err(unfinished(
                "the awards leave more of the pot unwon than the rake can be: the file was cut",
            ));
        }
        Ok(b.finish())
    }
}

/// `act` with a chip of rounding (half chips) taken out: a call, raise or all-in within a chip
/// of the bet to call or of the player's chips is that amount.
fn rounded(act: Act, max: Money, mine: Money, behind: Money) -> Act {
    let near = |a: Money, b: Money| (a - b).abs() <= 1;
    match act {
        Act::Call(a, all_in) if near(mine.saturating_add(a), max) => {
            Act::Call((max - mine).min(behind).max(a.min(1)), all_in)
        }
        Act::Call(a, _) if near(a, behind) => Act::Call(behind, true),
        Act::AllIn(a) if near(a, behind) => Act::AllIn(behind),
        Act::RaiseTo(to, _) if near(to.saturating_sub(mine), behind) => {
            Act::RaiseTo(mine.saturating_add(behind), true)
        }
        a => a,
    }
}

fn tournament(tourney_no: i64, currency: String, table_no: Option<String>) -> Tournament {
    Tournament {
        tourney_no,
        buyin: 0,
        fee: 0,
        bounty: 0,
        currency: if currency.is_empty() {
            "USD".to_string()
        } else {
            currency
        },
        level: None,
        table_no,
        rebuy: false,
        results: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::pokertracker::PokerTracker;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&PokerTracker));
        PokerTracker.parse(&chunk)
    }

    const IPOKER: &str = "GAME #4402349920 Version:18.9.3.4 Uncalled:Y Texas Hold'em NL €0.05/€0.10 2019-01-03 11:56:34/GMT
Table Boggstown
Seat 1: openmind1 (€10.00 in chips) DEALER
Seat 3: ghigliettigol (€14.05 in chips)
Seat 5: ov3rthinking (€10.00 in chips)
ghigliettigol: Post SB €0.05
ov3rthinking: Post BB €0.10
*** HOLE CARDS ***
Dealt to ov3rthinking [HA CA]
openmind1: Raise (NF) €0.25
ghigliettigol: Fold
ov3rthinking: Raise (NF) €1.00
openmind1: Call €0.75
*** FLOP *** [DJ SQ C8]
ov3rthinking: Bet €1.20
openmind1: Call €1.20
*** TURN *** [S3]
ov3rthinking: Check
openmind1: Bet €1.80
ov3rthinking: Fold
*** SUMMARY ***
Total pot €4.35 Rake €0.10
openmind1: wins €4.35";

    const MERGE: &str = "MERGE_GAME #46893440-366: Holdem NL $0.10/$0.25 01/11/2012 20:43:26
Table Tijuana (46893440), Seats 6
Seat 1: IEatYourBabies ($26.50 in chips) DEALER
Seat 2: AJofParsley ($48.19 in chips)
Seat 3: yurk23 ($29.16 in chips)
Seat 6: DontTapTheGlass0 ($25.00 in chips)
AJofParsley: Post SB $0.10
yurk23: Post BB $0.25
DontTapTheGlass0: Post DB $0.35
*** HOLE CARDS ***
Dealt to yurk23 [Ah 8s]
DontTapTheGlass0: Raise $1.00
IEatYourBabies: Fold
AJofParsley: Fold
yurk23: Call $0.75
*** FLOP *** [Ks Td 4c]
yurk23: Check
DontTapTheGlass0: Bet $2.00
yurk23: Fold
*** SUMMARY ***
DontTapTheGlass0: wins $2.10
DontTapTheGlass0: wins $2.00 (uncalled)";

    const EVEREST: &str = "EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02
Seat 1: Player14 ($94.15)
Seat 7: Player28 ($110.70)
Seat 8: Player9 ($76.88)
Seat 9: Player13 ($99.00)
Player9 posts the small blind of $0.50
Player13 posts the big blind of $1.00
The button is in seat #7
*** HOLE CARDS ***
Dealt to Player13 [5d 3c]
Player14 folds
Player28 raises to $3.00
Player9 folds
Player13 calls $2.00
*** FLOP *** [Ks 5s 6c]
Player13 checks
Player28 bets $4.00
Player13 raises to $96.00, and is all-in
Player28 calls $92.00
*** TURN *** [2d]
*** RIVER *** [9h]
Player13 shows [5d 3c]
Player28 shows [Kd Kc]
*** SUMMARY ***
Player28 shows [Kd Kc]
Player28 collects $197.50";

    #[test]
    fn an_ipoker_hand() {
        let h = parse(IPOKER).unwrap();
        assert_eq!((h.site.as_str(), h.site_hand_no), ("iPoker", 4_402_349_920));
        assert_eq!(h.start_time.to_rfc3339(), "2019-01-03T11:56:34+00:00");
        assert_eq!(
            (h.table_name.as_str(), h.button_seat),
            ("Boggstown", Some(1))
        );
        assert_eq!(h.game.currency, "EUR");
        assert_eq!(h.players[2].cards.len(), 2);
        // Raises print the total: ov3rthinking's raise to 1.00 adds 0.90.
        let r: Vec<_> = h
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Raise)
            .map(|a| (a.amount, a.raise_to))
            .collect();
        assert_eq!(r, vec![(25, Some(25)), (90, Some(100))]);
        // 4.45 in (1.80 uncalled back), 0.10 rake.
        assert_eq!((h.total_pot, h.rake), (445, 10));
        assert_eq!(h.returned[0].amount, 180);
    }

    #[test]
    fn a_merge_hand() {
        let h = parse(MERGE).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no, h.site_hand_id.as_str()),
            ("Merge", 4_689_344_000_366, "46893440-366")
        );
        assert_eq!(h.max_seats, Some(6));
        let both = h.actions.iter().find(|a| a.kind == ActionKind::BothBlinds);
        assert_eq!(both.map(|a| a.amount), Some(35));
        // 0.10 + 1.00 + 1.00 + 0.10 dead = 2.20 in the pot, 0.10 rake; the 2.00 bet nobody
        // called is given back (printed as a win of its own).
        assert_eq!(h.returned[0].amount, 200);
        assert_eq!((h.total_pot, h.rake), (220, 10));
        assert_eq!(h.collections.len(), 1);
    }

    #[test]
    fn an_everest_hand() {
        let h = parse(EVEREST).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no),
            ("Everest", 6_450_768_434)
        );
        assert_eq!(
            (h.table_name.as_str(), h.button_seat),
            ("Moroni-1", Some(7))
        );
        assert_eq!(h.start_time.to_rfc3339(), "2011-01-02T22:33:12+00:00");
        assert_eq!(h.boards[0].len(), 5);
        // 3 + 3 + 0.50 + 96 + 96 = 198.50; 1.00 rake.
        assert_eq!((h.total_pot, h.rake), (19_850, 100));
        assert!(h.players[3].shown);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(IPOKER, parse);
        // Merge's last line, the uncalled bet's win, is one the 2012 exports never print: a
        // hand cut just before it is that hand as they print it.
        let lines: Vec<&str> = MERGE.lines().collect();
        text::every_cut_is_unfinished(&lines[..lines.len() - 1].join("\n"), parse);
        text::every_cut_is_unfinished(EVEREST, parse);
    }

    #[test]
    fn amounts_read_the_wrong_way_are_refused() {
        // A raise read as the chips added would make a call of 0.75 too small.
        let e = parse(&IPOKER.replace("Raise (NF) €1.00", "Raise (NF) €0.90")).unwrap_err();
        assert_eq!(e.line, 13);
        // An all-in that is not the player's chips.
        let e = parse(&EVEREST.replace(
            "raises to $96.00, and is all-in",
            "raises to $97.00, and is all-in",
        ))
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e =
            parse(&IPOKER.replace("openmind1: Call €1.20", "openmind1: Allin €1.20")).unwrap_err();
        assert_eq!(e.line, 16);
        // Wins that do not add up to the printed pot.
        let e = parse(&IPOKER.replace("wins €4.35", "wins €4.30")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        // An unknown line holding money.
        let e = parse(&MERGE.replace("yurk23: Check", "yurk23: Limp $1")).unwrap_err();
        assert_eq!(e.line, 17);
    }

    #[test]
    fn headers_and_cards() {
        let h = header(Style::Merge, "Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2", 1).unwrap();
        assert_eq!(h.no, 8_025_669_300_236);
        assert_eq!(h.start.to_rfc3339(), "2014-12-05T22:08:49+00:00");
        assert_eq!(h.stakes, Some((2, 4)));
        assert!(header(
            Style::Merge,
            "MERGE_GAME #1-100000: Holdem NL $1/$2 01/01/2011 12:00:00",
            1
        )
        .is_err());
        let h = header(
            Style::IPoker,
            "GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18",
            1,
        )
        .unwrap();
        assert_eq!(
            (h.category, h.limit, h.stakes),
            (Category::OmahaHi, LimitType::PotLimit, Some((5000, 10_000)))
        );
        let h = header(Style::Everest, "EverestPoker Game #7164315170: Tourney ID: 49630157, Table 49630157-0 - 100/200 - Limit Hold'em - 09:01:24 - 2011/11/02", 1).unwrap();
        assert_eq!(
            (h.tourney_no, h.stakes),
            (Some(49_630_157), Some((50, 100)))
        );
        assert_eq!(card_of("SQ"), Card::parse_opt("Qs"));
        assert_eq!(card_of("C10"), Card::parse_opt("Tc"));
        assert_eq!(card_of("dJ"), Card::parse_opt("Jd"));
        assert_eq!(card_of("X"), Some(Card::UNKNOWN));
        assert_eq!(card_of("Zq"), None);
    }
}

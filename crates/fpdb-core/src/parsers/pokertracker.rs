//! Hand histories exported by PokerTracker 4 (its "export hands" text), for rooms whose own
//! format fpdb does not read. PokerTracker writes each room's hands in a header style of its
//! own; the room of the export is the hand's site:
//!
//! | header | site | read by |
//! | --- | --- | --- |
//! | `** Game ID N [Version:V ]starting - DATE`, `** Hand # N starting - DATE` | `Microgaming` | this module |
//! | `GAME #N ...` | `iPoker` | `pokertracker_game.rs` |
//! | `MERGE_GAME #N: ...`, `Merge Game #A-B \| ...` | `Merge` | `pokertracker_game.rs` |
//! | `EverestPoker Game #N: ...` | `Everest` | `pokertracker_game.rs` |
//!
//! [`style`] tells the styles apart (a header is the exact prefix, the hand's number, and what
//! the style prints after it: `: `/` Version:`, `:`/`-`, `:`), so that no other room's line is
//! taken; the room detects them all and this module hands the `GAME #` family to its sibling,
//! which shares the amount, currency and header helpers here.
//!
//! # The Microgaming style, line by line
//!
//! - Header: `** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14` or
//!   `** Hand # 5029053937 starting - 2013-09-07 02:30:38`. The number is the site's hand
//!   number as printed (`site_hand_no` = `site_hand_id`). The time has no zone: it is stored
//!   as printed, read as UTC (as PokerTracker's tournament summaries are).
//! - Table line (blank lines may come before it): `** TABLE [GAME] (SB|BB LIMIT - KIND[
//!   seats:N ...]) Real Money`. GAME is `Hold'em`, `Omaha`, `Omaha Hi/Lo`, optionally after
//!   `Multi Table `/`Single Table `; LIMIT `NL` or `PL` (`FL` is refused: no export of it to
//!   check its stakes against); KIND `€ Cash Game`, `Cash Game`, or `MTT`/`STT`/`SNG` for
//!   tournaments, whose TABLE is `NAME(TOURNEY_NO):Table N`. A cash table's name may end with
//!   ` - €5K Max`/` - €5 Min` (its buy-in, not part of the name). `Play Money` is refused.
//! - Seats: `[- ]NAME sitting in seat N with [€]X[ at end [€]Y][ ][[Dealer]][ [Sitting out]]`.
//!   The stack at the end, when printed, is checked against the hand's money.
//! - Posts: `NAME posted the small blind - X`, `posted the big blind - X`, `posted ante - X`,
//!   `posted to play - X` (a new player's post, read as both blinds, the small-blind part
//!   dead), and `went all-in - X` before the cards for a blind the player cannot cover.
//! - `** Dealing card to NAME: A of c, 6 of d` / `** Dealing cards to NAME: Qh, 9c, 2h, Ah`:
//!   the hero's cards (ranks `2`..`10`, `J`, `Q`, `K`, `A`).
//! - `** Dealing the flop: 6 of s, 10 of h, 6 of c`, `the turn: K of c`, `the river: Q of h`.
//! - Actions: `NAME checked`, `folded`, `called - X`, `bet - X`, `raised - X`, `raised to X`,
//!   `went all-in - X`. The amounts are the chips the action added (`raised - 75` after a
//!   25 small blind makes 100; `raised to 16.75` after 1.75 makes 18.50), except in the oldest
//!   exports (a `** Game ID` header without `Version:` and seats without `at end`), where a
//!   call, bet or raise prints the player's total on the street (`called - 0.20` by the 0.10
//!   big blind). An all-in always prints the chips added, and is a bet, a raise or a call as
//!   they make it; a `bet` over the blinds is a raise. A call must match the bet (or be
//!   all-in for less), a raise must raise: an amount read the wrong way is refused.
//! - `NAME shows: CARDS`, `NAME mucks: [CARDS]` (the cards, or nothing).
//! - `NAME wins X from the main pot`, `from side pot N`: what the player takes from that pot.
//!   The uncalled part of a bet is never printed; some exports pay it inside the bettor's
//!   award and some do not ([`Uncalled::Unmatched`] tells which from the amounts).
//! - `Rake: X` (the `** Hand #` exports: the hand's rake, and its last line); `End of game N`
//!   (the `** Game ID` exports' last line; no rake is printed there and the rake is what no one
//!   collected).
//! - Blank lines are ignored; any other line naming no seated player that holds no digit and
//!   no card carries nothing and is ignored; anything else is refused.
//!
//! Money: the currency is the symbol printed (`€` EUR, `$` USD, `£` GBP) in the table line or
//! the seat lines; tournaments are in whole chips (`T$`: `10.00` is 10), their buy-in is not
//! printed (0, USD).
//!
//! Refused: a hand without its last line (`Rake:` or `End of game`) or without an award (cut
//! files), an unknown line that could carry money or cards, an action by a name with no seat,
//! end stacks that disagree with the hand's money.

use chrono::{DateTime, Utc};

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, HandLines};
use crate::parsers::{pokertracker_game, room};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// PokerTracker 4's exports (every header style: see the module).
#[derive(Debug)]
pub struct PokerTracker;
room!(
    PokerTracker,
    "PokerTracker",
    b"*GME",
    |l| style(l).is_some(),
    parse_chunk
);

/// The site of the Microgaming style.
const MICROGAMING: &str = super::microgaming::SITE;

/// The header styles of PokerTracker's exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    /// `** Game ID N ... starting - DATE`, `** Hand # N starting - DATE`.
    Microgaming,
    /// `GAME #N`.
    IPoker,
    /// `MERGE_GAME #N:`, `Merge Game #A-B |`.
    Merge,
    /// `EverestPoker Game #N:`.
    Everest,
}

/// Digits at the start of `s`, and what follows.
pub(super) fn digits(s: &str) -> Option<(&str, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0).then(|| s.split_at(n))
}

/// The style of a header line, if it is one.
pub(super) fn style(line: &str) -> Option<Style> {
    if let Some(r) = line
        .strip_prefix("** Game ID ")
        .or_else(|| line.strip_prefix("** Hand # "))
    {
        let (_, rest) = digits(r)?;
        return text::find(rest, "starting - ").map(|_| Style::Microgaming);
    }
    if let Some(r) = line.strip_prefix("GAME #") {
        let (_, rest) = digits(r)?;
        return (rest.starts_with(": ") || rest.starts_with(" Version:")).then_some(Style::IPoker);
    }
    if let Some(r) = line
        .strip_prefix("MERGE_GAME #")
        .or_else(|| line.strip_prefix("Merge Game #"))
    {
        let (_, rest) = digits(r)?;
        return (rest.starts_with(':') || rest.starts_with('-')).then_some(Style::Merge);
    }
    if let Some(r) = line.strip_prefix("EverestPoker Game #") {
        let (_, rest) = digits(r)?;
        return rest.starts_with(':').then_some(Style::Everest);
    }
    None
}

/// "** Game ID N[ Version:V] starting - DATE": the number and the date's text.
fn microgaming_header(line: &str) -> Option<(&str, &str)> {
    let r = line
        .strip_prefix("** Game ID ")
        .or_else(|| line.strip_prefix("** Hand # "))?;
    let (no, rest) = digits(r)?;
    let i = text::find(rest, "starting - ")?;
    let between = rest[..i].trim();
    if !(between.is_empty() || between.starts_with("Version:")) {
        return None;
    }
    Some((no, rest[i + "starting - ".len()..].trim()))
}

/// Parses one chunk (a hand) of a PokerTracker export.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let first_no = chunk.first_line;
    let first = chunk.lines().next().map_or("", |(_, l)| l).trim_end();
    match style(first.trim_start_matches('\u{feff}')) {
        Some(Style::Microgaming) => {}
        Some(s) => return pokertracker_game::parse_chunk(chunk, s),
        None => {
            return Err(
                ParseError::malformed(first_no, "not a PokerTracker export header")
                    .with_text(first),
            )
        }
    }
    text::parse_hand(chunk, str::trim_end, |first_no, first| {
        let (a, when) = microgaming_header(first.trim_end())
            .ok_or_else(|| ParseError::malformed(first_no, "unreadable PokerTracker header"))?;
        let no = text::hand_number(a, first_no, first)?;
        let start_time = time::parse_datetime(when)
            .map(|t| t.and_utc())
            .ok_or_else(|| {
                ParseError::malformed(first_no, "unreadable date in the header")
                    .with_hand_no(Some(no))
            })?;
        let mut p = Parser::new(no, a.to_string(), start_time);
        p.versioned = first.starts_with("** Hand # ") || text::find(first, " Version:").is_some();
        Ok((p, no))
    })
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// The currency of a symbol.
fn currency_of(c: char) -> Option<&'static str> {
    match c {
        '€' => Some("EUR"),
        '$' => Some("USD"),
        '£' => Some("GBP"),
        _ => None,
    }
}

/// The first currency symbol in `s`.
pub(super) fn symbol_in(s: &str) -> Option<&'static str> {
    s.chars().find_map(currency_of)
}

/// An amount ("€14785.00", "10.00", "6", "$1,000.50") in `scale` (cents, or chips for
/// tournaments).
pub(super) fn money_of(t: &str, scale: i64, no: u32) -> Result<Money, ParseError> {
    // Bounded (what the statistics can add up), so that no sum of a hand's amounts overflows.
    text::checked_money(t.trim().trim_start_matches(['€', '$', '£']), scale, no)
}

/// "A of c, 6 of d" or "Qh, 9c, 2h, Ah".
fn cards_at(s: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let bad = || ParseError::malformed(no, "unreadable cards");
    let mut out = Vec::with_capacity(5);
    for item in s.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(bad());
        }
        let card = match item.split_once(" of ") {
            Some((rank, suit)) => {
                let t = format!("{}{}", rank.trim(), suit.trim());
                Card::parse_opt(&t)
            }
            None => Card::parse_opt(item),
        };
        match card {
            Some(c) if c.is_known() => out.push(c),
            _ => return Err(bad()),
        }
        if out.len() > 6 {
            return Err(bad());
        }
    }
    Ok(out)
}

/// A Microgaming cash table's name without its buy-in ("Deal 252 (Deep) - €5 Min" → "Deal 252
/// (Deep)"), as the exports and the room's own histories print it.
pub(super) fn cash_table_name(table: &str) -> &str {
    match text::rsplit2(table, " - ") {
        Some((n, tail)) if tail.ends_with(" Max") || tail.ends_with(" Min") => n,
        _ => table,
    }
}

/// The game of a table line "** TABLE [GAME] (SB|BB LIMIT - KIND ...) Real Money" (after
/// "** "): the game, the table name, the seats and the tournament number.
struct TableLine {
    game: Game,
    table: String,
    max_seats: Option<u8>,
    tourney: Option<(i64, String)>,
}

fn table_line(r: &str, no: u32) -> Result<TableLine, ParseError> {
    let bad = |m: &'static str| ParseError::malformed(no, m);
    let r = match r.strip_suffix(" Real Money") {
        Some(r) => r,
        None if r.ends_with(" Play Money") => {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a play-money hand: fpdb does not read PokerTracker's play-money exports",
            ))
        }
        None => return Err(bad("unreadable table line (no \"Real Money\")")),
    };
    let open = text::rfind(r, " [").ok_or_else(|| bad("unreadable table line"))?;
    let (table, rest) = (&r[..open], &r[open + 2..]);
    let (game, paren) = text::split2(rest, "] (").ok_or_else(|| bad("unreadable table line"))?;
    let paren = paren
        .strip_suffix(')')
        .ok_or_else(|| bad("unreadable table line"))?;
    let game = game
        .strip_prefix("Multi Table ")
        .or_else(|| game.strip_prefix("Single Table "))
        .unwrap_or(game);
    let category = match game {
        "Hold'em" | "Holdem" => Category::Holdem,
        "Omaha" | "Omaha Hi" => Category::OmahaHi,
        "Omaha Hi/Lo" | "Omaha Hi-Lo" => Category::OmahaHiLo,
        _ => {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a game fpdb does not read in PokerTracker's exports",
            ))
        }
    };
    let (stakes, kind) = text::split2(paren, " - ").ok_or_else(|| bad("unreadable stakes"))?;
    let (blinds, limit) = stakes
        .rsplit_once(' ')
        .ok_or_else(|| bad("unreadable stakes"))?;
    let limit = match limit {
        "NL" => LimitType::NoLimit,
        "PL" => LimitType::PotLimit,
        "FL" => {
            return Err(ParseError::new(
                ErrorKind::Unsupported,
                no,
                "a fixed-limit hand: fpdb does not read PokerTracker's fixed-limit exports yet",
            ))
        }
        _ => return Err(bad("unreadable limit")),
    };
    let (sb, bb) = blinds
        .split_once('|')
        .ok_or_else(|| bad("unreadable stakes"))?;
    let kind = kind.trim();
    let tour = ["MTT", "STT", "SNG"]
        .iter()
        .any(|k| kind.split(' ').next() == Some(k));
    let scale = if tour { CHIPS } else { CENTS };
    let (sb, bb) = (money_of(sb, scale, no)?, money_of(bb, scale, no)?);
    if !tour && text::find(kind, "Cash Game").is_none() {
        return Err(bad("unreadable game kind"));
    }
    let max_seats = text::find(kind, "seats:").and_then(|i| text::leading_number(&kind[i + 6..]));
    let (table, tourney) = if tour {
        // "Heads Up (Turbo)(10146282):Table 1"
        let (head, t) =
            text::rsplit2(table, "):Table ").ok_or_else(|| bad("unreadable tournament table"))?;
        let open = head
            .rfind('(')
            .ok_or_else(|| bad("unreadable tournament number"))?;
        let tno: i64 = head[open + 1..]
            .parse()
            .map_err(|_| bad("unreadable tournament number"))?;
        (format!("{tno} {t}"), Some((tno, t.to_string())))
    } else {
        (cash_table_name(table).to_string(), None)
    };
    let currency = if tour {
        "T$"
    } else {
        symbol_in(paren).or_else(|| symbol_in(r)).unwrap_or("")
    };
    let kind = if tour { GameKind::Tour } else { GameKind::Ring };
    let game = Game::blinds(kind, category, limit, (sb, bb), currency);
    Ok(TableLine {
        game,
        table,
        max_seats,
        tourney,
    })
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

struct Parser {
    b: Option<HandBuilder>,
    no: i64,
    id: String,
    start_time: DateTime<Utc>,
    hero: Option<PlayerIdx>,
    board: Vec<Card>,
    /// The printed stack at the end, per player.
    at_end: Vec<Option<Money>>,
    rake: Option<Money>,
    awards: usize,
    ended: bool,
    sb_posted: bool,
    bb_posted: bool,
    category_known: bool,
    /// The unit of the hand's money: cents, or chips for tournaments.
    scale: i64,
    /// The header printed a `Version:` or is a `** Hand #` header.
    versioned: bool,
    /// Calls and raises print the street's total (the oldest exports: see the module), decided
    /// at the first seat line.
    totals: bool,
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
            hero: None,
            board: Vec::with_capacity(5),
            at_end: Vec::with_capacity(10),
            rake: None,
            awards: 0,
            ended: false,
            sb_posted: false,
            bb_posted: false,
            category_known: false,
            versioned: false,
            totals: false,
            scale: CENTS,
        }
    }

    fn money(&self, t: &str, no: u32) -> Result<Money, ParseError> {
        money_of(t, self.scale, no)
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "a line before the hand's table line"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        if line.trim().is_empty() {
            return Ok(());
        }
        if self.ended {
            return Err(ParseError::malformed(
                no,
                "a line after the end of the hand",
            ));
        }
        if let Some(r) = line.strip_prefix("** ") {
            if self.b.is_none() {
                return self.table(no, r);
            }
            return self.dealing(no, r);
        }
        if let Some(r) = line.strip_prefix("End of game ") {
            if r.trim() != self.id {
                return Err(ParseError::malformed(
                    no,
                    "the end line names another hand than the header",
                ));
            }
            self.ended = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Rake: ") {
            self.rake = Some(self.money(r, no)?);
            self.ended = true;
            return Ok(());
        }
        if let Some(i) = text::find(line, " sitting in seat ") {
            return self.seat(no, line, i);
        }
        let b = self.builder(no)?;
        match text::name_prefix(&b.hand().players, line, |c| c == b' ', false) {
            Some((p, n)) => self.player_line(no, p, &line[n + 1..]),
            None => crate::parsers::sealswithclubs::other_line(no, line),
        }
    }

    fn table(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let t = table_line(r, no)?;
        let tour = t.tourney.is_some();
        let mut b = HandBuilder::new(MICROGAMING, self.no, &self.id, t.game, self.start_time);
        let h = b.hand_mut();
        h.table_name = t.table;
        h.max_seats = t.max_seats;
        if let Some((tourney_no, table_no)) = t.tourney {
            h.tournament = Some(Tournament::unpriced(tourney_no, "USD", Some(table_no)));
        }
        self.scale = if tour { CHIPS } else { CENTS };
        self.b = Some(b);
        Ok(())
    }

    /// "[- ]NAME sitting in seat N with X[ at end Y][ [Dealer]][ [Sitting out]]".
    fn seat(&mut self, no: u32, line: &str, i: usize) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable seat line");
        let name = line[..i].strip_prefix("- ").unwrap_or(&line[..i]);
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let r = &line[i + " sitting in seat ".len()..];
        let (seat, r) = r.split_once(" with ").ok_or_else(bad)?;
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let mut r = r.trim_end();
        let (mut dealer, mut sitting_out) = (false, false);
        while let Some(body) = r.strip_suffix(']') {
            let open = body.rfind('[').ok_or_else(bad)?;
            match &body[open + 1..] {
                "Dealer" => dealer = true,
                "Sitting out" => sitting_out = true,
                _ => return Err(ParseError::malformed(no, "a seat note fpdb does not read")),
            }
            r = body[..open].trim_end();
        }
        let (stack, end) = match text::split2(r, " at end ") {
            Some((s, e)) => (s, Some(self.money(e, no)?)),
            None => (r, None),
        };
        let stack = self.money(stack, no)?;
        let currency = symbol_in(r);
        let b = self.builder(no)?;
        if b.street() >= 0 || !b.hand().actions.is_empty() {
            return Err(ParseError::malformed(
                no,
                "a seat line after the actions began",
            ));
        }
        b.seat_player(no, seat, name, stack, sitting_out)?;
        if b.hand().game.currency.is_empty() {
            if let Some(c) = currency {
                b.hand_mut().game.currency = c.to_string();
            }
        }
        if dealer {
            b.hand_mut().button_seat = Some(seat);
        }
        if self.at_end.is_empty() {
            self.totals = !self.versioned && end.is_none();
        }
        if self.totals != (!self.versioned && end.is_none()) {
            return Err(ParseError::malformed(
                no,
                "seat lines with and without the stack at the end in one hand",
            ));
        }
        self.at_end.push(end);
        Ok(())
    }

    /// "Dealing card[s] to NAME: CARDS", "Dealing the flop: CARDS", ... (after "** ").
    fn dealing(&mut self, no: u32, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "a \"**\" line fpdb does not read");
        let r = r.strip_prefix("Dealing ").ok_or_else(bad)?;
        if let Some(x) = r
            .strip_prefix("cards to ")
            .or_else(|| r.strip_prefix("card to "))
        {
            let (name, cards) = text::rsplit2(x, ": ").ok_or_else(bad)?;
            let cards = cards_at(cards, no)?;
            self.settle_category(cards.len());
            let b = self.builder(no)?;
            let p = b.player(name).ok_or_else(|| {
                ParseError::malformed(no, "cards dealt to a player who is not in the seat list")
            })?;
            if b.street() < 0 {
                b.set_street(0);
            }
            b.set_cards(p, &cards);
            self.hero = Some(p);
            return Ok(());
        }
        let (street, cards) = text::split2(r, ": ").ok_or_else(bad)?;
        let (street, want) = match street {
            "the flop" => (1, 0),
            "the turn" => (2, 3),
            "the river" => (3, 4),
            _ => return Err(bad()),
        };
        if self.board.len() != want {
            return Err(ParseError::malformed(no, "a street dealt out of order"));
        }
        let cards = cards_at(cards, no)?;
        if cards.len() != if street == 1 { 3 } else { 1 } {
            return Err(ParseError::malformed(
                no,
                "a street with the wrong number of cards",
            ));
        }
        self.board.extend(cards);
        self.builder(no)?.set_street(street);
        Ok(())
    }

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

    fn player_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        if let Some(x) = r.strip_prefix("wins ") {
            return self.award(no, p, x);
        }
        if let Some(x) = r
            .strip_prefix("shows:")
            .map(|x| (x, true))
            .or_else(|| r.strip_prefix("mucks:").map(|x| (x, false)))
        {
            let (cards, shown) = x;
            let b = self.builder(no)?;
            if cards.trim().is_empty() {
                if !shown {
                    b.hand_mut().players[p].mucked = true;
                    return Ok(());
                }
                return Err(ParseError::malformed(no, "a show without cards"));
            }
            let cards = cards_at(cards, no)?;
            self.settle_category(cards.len());
            let b = self.builder(no)?;
            let pl = &mut b.hand_mut().players[p];
            if shown {
                pl.shown = true;
            } else {
                pl.mucked = true;
            }
            b.reveal(p, &cards);
            return Ok(());
        }
        self.action(no, p, r)
    }

    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let (verb, amount) = match r.split_once(" - ") {
            Some((v, a)) => (v, Some(self.money(a, no)?)),
            None => match r.strip_prefix("raised to ") {
                Some(a) => ("raised", Some(self.money(a, no)?)),
                None => (r, None),
            },
        };
        let (sb_posted, bb_posted, totals) = (self.sb_posted, self.bb_posted, self.totals);
        let b = self.builder(no)?;
        b.hand_mut().players[p].sitting_out = false;
        let posting = b.street() < 0;
        let post = match (verb, amount) {
            ("posted the small blind", Some(a)) => Some((ActionKind::SmallBlind, a)),
            ("posted the big blind", Some(a)) => Some((ActionKind::BigBlind, a)),
            ("posted ante", Some(a)) => Some((ActionKind::Ante, a)),
            ("posted to play", Some(a)) => Some((ActionKind::BothBlinds, a)),
            // A blind the player cannot cover.
            ("went all-in", Some(a)) if posting && !sb_posted => Some((ActionKind::SmallBlind, a)),
            ("went all-in", Some(a)) if posting && !bb_posted => Some((ActionKind::BigBlind, a)),
            _ => None,
        };
        if let Some((kind, a)) = post {
            if !posting {
                return Err(ParseError::malformed(
                    no,
                    "a post after the cards were dealt",
                ));
            }
            let all_in = verb == "went all-in" || a >= b.behind(p);
            b.post(p, kind, a, all_in);
            match kind {
                ActionKind::SmallBlind => self.sb_posted = true,
                ActionKind::BigBlind => self.bb_posted = true,
                _ => {}
            }
            return Ok(());
        }
        if posting {
            b.set_street(0);
        }
        let over = match (verb, amount) {
            ("called" | "raised" | "bet", Some(a)) if totals => a.saturating_sub(b.street_total(p)),
            (_, Some(a)) => a,
            _ => 0,
        };
        if over > b.behind(p) {
            return Err(ParseError::malformed(
                no,
                "an action of more chips than the player has",
            ));
        }
        match (verb, amount) {
            ("checked", None) => b.check(p),
            ("folded", None) => b.fold(p),
            ("called", Some(a)) => {
                let (max, mine) = (b.street_max(), b.street_total(p));
                let added = if totals { a.saturating_sub(mine) } else { a };
                let all_in = added == b.behind(p);
                // A call matches the highest total, or is all-in for less.
                let matched = mine.saturating_add(added);
                if added <= 0 || matched > max || (matched < max && !all_in) {
                    return Err(ParseError::malformed(
                        no,
                        "a call of another amount than the bet to call",
                    ));
                }
                b.call(p, added, all_in);
            }
            // A "bet" over the blinds is a raise.
            ("bet" | "raised", Some(a)) => {
                let (max, mine) = (b.street_max(), b.street_total(p));
                let to = if totals { a } else { mine.saturating_add(a) };
                if to <= max {
                    return Err(ParseError::malformed(no, "a raise to no more than the bet"));
                }
                let all_in = to.saturating_sub(mine) == b.behind(p);
                if max == 0 {
                    b.bet(p, to.saturating_sub(mine), all_in);
                } else {
                    b.raise_to(p, to, all_in);
                }
            }
            ("went all-in", Some(a)) => {
                let to = b.street_total(p).saturating_add(a);
                let max = b.street_max();
                if to <= max {
                    b.call(p, a, true);
                } else if max == 0 {
                    b.bet(p, a, true);
                } else {
                    b.raise_to(p, to, true);
                }
            }
            _ => return Err(ParseError::malformed(no, "an action fpdb does not read")),
        }
        Ok(())
    }

    /// "X from the main pot", "X from side pot N" (after "wins ").
    fn award(&mut self, no: u32, p: PlayerIdx, r: &str) -> Result<(), ParseError> {
        let bad = || ParseError::malformed(no, "unreadable award");
        let (amt, pot) = text::split2(r, " from ").ok_or_else(bad)?;
        let pot_no: u8 = match pot.trim() {
            "the main pot" => 0,
            s => s
                .strip_prefix("side pot ")
                .and_then(|n| n.parse().ok())
                .ok_or_else(bad)?,
        };
        let amount = self.money(amt, no)?;
        self.awards += 1;
        let b = self.builder(no)?;
        if amount > 0 {
            b.collect(p, amount, pot_no, 0);
        }
        Ok(())
    }

    fn end(mut self, last_line: u32) -> Result<Hand, ParseError> {
        let unfinished = |m: &'static str| ParseError::new(ErrorKind::Unfinished, last_line, m);
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
        if !self.ended {
            return Err(unfinished(
                "the hand stops before its last line (\"End of game\" or \"Rake:\"): the file \
                 was cut",
            ));
        }
        if self.awards == 0 {
            return Err(unfinished("the hand has no award: the file was cut"));
        }
        if b.hand().game.currency.is_empty() {
            return Err(ParseError::malformed(
                last_line,
                "a cash hand printing no currency",
            ));
        }
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        let mut policy = PotPolicy::new(self.scale, last_line);
        policy.rake = self.rake;
        policy.uncalled = Uncalled::Unmatched;
        b.settle(&policy)?;
        let hand = b.hand();
        for (p, end) in self.at_end.iter().enumerate() {
            let Some(end) = *end else { continue };
            let want = pot::stack_after(hand, p);
            if want != end {
                return Err(ParseError::malformed(
                    last_line,
                    format!(
                        "{}'s stack at the end is printed as {}, but the hand leaves him {}",
                        hand.players[p].name,
                        pot::show_money(end, self.scale),
                        pot::show_money(want, self.scale)
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
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&PokerTracker));
        PokerTracker.parse(&chunk)
    }

    const HAND: &str = "** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14
** Anonymous (Heads Up) - €5K Max [Hold'em] (25|50 NL - € Cash Game seats:2 badbeat ) Real Money

- Player 1 sitting in seat 1 with €14785.00 at end €14585.00 [Dealer]
- Hero sitting in seat 2 with €5000.00 at end €5199.00

Player 1 posted the small blind - €25.00
Hero posted the big blind - €50.00
** Dealing card to Hero: A of c, 6 of d
Player 1 raised - €75.00
Hero called - €50.00
** Dealing the flop: 6 of s, 10 of h, 6 of c
Hero checked
Player 1 bet - €100.00
Hero raised - €350.00
Player 1 folded
Hero mucks:
Hero wins €649.00 from the main pot

End of game 4908778359";

    #[test]
    fn a_microgaming_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no),
            ("Microgaming", 4_908_778_359)
        );
        assert_eq!(h.start_time.to_rfc3339(), "2013-05-28T16:44:14+00:00");
        assert_eq!(h.table_name, "Anonymous (Heads Up)");
        assert_eq!((h.max_seats, h.button_seat), (Some(2), Some(1)));
        let g = &h.game;
        assert_eq!(g.currency, "EUR");
        assert_eq!((g.small_blind, g.big_blind), (2500, 5000));
        assert_eq!(h.players[1].cards.len(), 2);
        assert_eq!(h.boards[0].len(), 3);
        // 650 in, 250 of Hero's raise uncalled (paid inside his award), 1 rake.
        assert_eq!((h.total_pot, h.rake), (40_000, 100));
        assert_eq!(h.returned[0].amount, 25_000);
        let raise = h
            .actions
            .iter()
            .find(|a| a.kind == ActionKind::Raise)
            .unwrap();
        assert_eq!(raise.amount, 7500);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        text::every_cut_is_unfinished(HAND, parse);
    }

    #[test]
    fn headers() {
        assert_eq!(
            style("** Hand # 5029053937 starting - 2013-09-07 02:30:38"),
            Some(Style::Microgaming)
        );
        assert_eq!(
            style("GAME #2607739781: Texas Hold'em NL $0.50/$1 2011/01/23 20:02:35"),
            Some(Style::IPoker)
        );
        assert_eq!(
            style("MERGE_GAME #46893440-366: Holdem NL"),
            Some(Style::Merge)
        );
        assert_eq!(
            style("Merge Game #80256693-236 | Holdem NL"),
            Some(Style::Merge)
        );
        assert_eq!(
            style("EverestPoker Game #6450768434: Table Moroni-1"),
            Some(Style::Everest)
        );
        assert_eq!(style("** Game ID x starting"), None);
        // Read by the sibling module: a hand cut after its header is unfinished there.
        let e = parse("GAME #2607739781: Texas Hold'em NL $0.50/$1 2011/01/23 20:02:35\nx")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e =
            parse("GAME #2607739781: Texas Hold'em NL $0.50/$1 2011/01/23 20:02:35").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        assert!(PokerTracker.is_hand_start("MERGE_GAME #3047310402797: Texas Hold'em NL"));
        assert!(!PokerTracker.is_hand_start("GAME #12 starts"));
        assert!(!PokerTracker.is_hand_start("Merge Game #x"));
    }

    #[test]
    fn errors() {
        let e = parse(&HAND.replace("at end €5199.00", "at end €5198.00")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        let e = parse(&HAND.replace("Hero checked", "Hero limped - €5")).unwrap_err();
        assert_eq!(e.line, 13);
        let e = parse(&HAND.replace("(25|50 NL", "(25|50 FL")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&HAND.replace("End of game 4908778359", "End of game 1")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    #[test]
    fn cards() {
        let c = cards_at("A of c, 10 of d", 1).unwrap();
        assert_eq!(
            c,
            vec![Card::parse("Ac").unwrap(), Card::parse("Td").unwrap()]
        );
        assert_eq!(cards_at("Qh, 9c, 2h, Ah", 1).unwrap().len(), 4);
        assert!(cards_at("Z of q", 1).is_err());
    }
}

//! Everest Poker's own hand histories (the Everest client's XML lines, 2010 to 2012; the room is
//! closed): cash tables in dollars and euros and tournaments, hold'em and omaha. Stored under the
//! site name `Everest`, the name PokerTracker's exports of the same room's hands are stored
//! under (read by [`super::pokertracker`], the `EverestPoker Game #N:` text).
//!
//! A file is a `<SESSION .../>` line (the table, the game, the player), then one `<HAND ...>`
//! element a hand, one element a line, then for a tournament the player's `<PRIZE .../>`. The
//! session line is each hand's context block ([`Room::is_context_start`]); a hand starts at its
//! `<HAND` line. Each line is read with quick-xml (entities decoded); players are named by their
//! `position`.
//!
//! # Hand numbers, seats, times, money
//!
//! `site_hand_no` is the `id` of `<HAND>` (`6754716931`), the number PokerTracker's exports print
//! (`EverestPoker Game #6754716931:`): a hand imported from both is the same hand. The seats are
//! the `position` plus one (the client counts from 0, the exports from 1: `Seat 1` to `Seat 10`
//! at ten-seat tables). The tournament is the session's `id` (`49482257`, the exports' `Tourney
//! ID`), the table within it what follows the dash of its `tableName` (`49482257-0`); buy-ins are
//! not printed (0, USD). `time` is Unix seconds (UTC); the exports print the player's clock
//! without a zone (stored as printed), so the two start times of one hand differ by the player's
//! offset.
//!
//! Every amount is in hundredths: cents at cash tables, hundredths of a chip in tournaments
//! (`balance="138000"` is 1,380 chips; an amount that is not whole chips is refused).
//!
//! # The lines
//!
//! - `<SESSION time="1303913692" tableName="Vannes-23" id="1291.61.1528" type="ring" money="€"
//!   screenName="Hero" game="hold-em" gametype="no-limit"/>`: `type` `ring` or `tournament`;
//!   `money` `$` (USD) or `€` (EUR), empty in tournaments (a cash table without it is refused);
//!   `game` `hold-em`, `Holdem Tournament`, `omaha-hi`; `gametype` `no-limit`, `pot-limit`,
//!   `fixed-limit` (or `limit`); `screenName` the player the history is written for (the hero;
//!   when not seated, the player dealt known cards). Its `time` and `id` at cash tables are not
//!   read.
//! - `<HAND time="1303913758" id="6754716931" index="1" blinds="0,01 €/0,02 €" stakes="...">`:
//!   the hand. `blinds` are the table's blinds at cash tables; tournaments print the level's
//!   blinds before the level changes (`blinds="5/10"` in a hand of 10/20 posts), so a
//!   tournament hand whose posts are larger takes its blinds from its first two posts. `index`
//!   and `stakes` (the bets of fixed limit: the big blind and twice it) are not read.
//! - `<SEAT position="0" name="Player1" balance="78"/>`: the players; `<DEALER position="0"/>`:
//!   the button.
//! - `<BLIND position="1" amount="1" penalty="0"/>`: a blind, its kind by its amount (the small
//!   blind's amount is the small blind, a second one dead; the big blind's or a short all-in
//!   one's a big blind; more than the big blind, both blinds, the small part dead); `penalty`
//!   other than 0 (a missed blind posted back) is read the same way. `<XBLIND position="3"/>`:
//!   a player who does not post (he sits the hand out). `<ANTE position="0" amount="35000"/>`.
//! - `<HOLE position="2">6c</HOLE>`: one card dealt, `--` when not shown (one line a card and a
//!   player).
//! - `<FOLD position="3"/>`; `<BET position="4" amount="2"[ allin="1"]/>`: the chips added, 0 a
//!   check; whether it bets, calls or raises is what it adds to the player's street total (a
//!   call short of the bet must be all-in).
//! - `<SWEEP rake="0" tax="0">10</SWEEP>`: the end of a betting round and the pot so far. The
//!   last one is the pot, which must be what the players put in; `rake` and `tax` are what the
//!   room took, per round or as a running total (either reading that balances the hand).
//! - `<COMMUNITY>Kc, 10s, 8s</COMMUNITY>`: board cards (the flop's three, or the whole board at
//!   once after an all-in), `10` for a ten.
//! - `<PUSH position="1" amount="10"/>`: an uncalled bet given back.
//! - `<SHOW position="2">Jh, Jd</SHOW>` (sometimes twice), `<XSHOW position="1"/>` (not shown).
//! - `<WIN position="2" amount="8" pot="0" potAmount="8"/>`: what a player took from pot `pot`
//!   (0 the main pot).
//! - `<CHAT time=".." name="..">text</CHAT>`: ignored.
//! - `</HAND>`: the end; a hand without it was cut short. After it, in tournaments: `<PRIZE
//!   name="NIKKKEI" place="8" prize="90 €"/>` (the player's finish, kept when he is in the hand).
//!
//! Refused: any other element, a line that is not one element, a hand without its session line,
//! a game, limit or table type fpdb does not read, an action by a position nobody sits in, a bet
//! of more chips than the player has, a hand cut before `</HAND>`, a hand whose money does not
//! balance.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, skip_blanks};
use crate::parsers::verbs::{Betting, Raise, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;

/// Everest Poker's own format.
#[derive(Debug)]
pub struct Everest;

const SITE: &str = "Everest";

/// Every post is classified by its amount before it is applied (see the module).
const RULES: Rules = Rules::NONE;

impl Room for Everest {
    fn site(&self) -> &'static str {
        SITE
    }
    fn header_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }
    fn is_hand_start(&self, line: &str) -> bool {
        is_tag(line, "<HAND")
    }
    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
    fn is_context_start(&self, line: &str) -> bool {
        is_tag(line, "<SESSION")
    }
    fn context_first_bytes(&self) -> &'static [u8] {
        b"< \t"
    }
}

/// Whether `line` starts (after blanks) with the tag `open` ("<HAND") and a blank after it.
fn is_tag(line: &str, open: &str) -> bool {
    skip_blanks(line)
        .strip_prefix(open)
        .is_some_and(|r| r.starts_with([' ', '\t']))
}

// ---------------------------------------------------------------------------------------------
// One line, one element
// ---------------------------------------------------------------------------------------------

/// The element of one line: `<NAME a="1"/>`, `<NAME a="1">text</NAME>`, `<NAME ...>` or
/// `</NAME>`.
#[derive(Debug, Default)]
struct Element<'a> {
    name: Cow<'a, str>,
    attrs: Vec<(Cow<'a, str>, Cow<'a, str>)>,
    text: Option<Cow<'a, str>>,
    /// `</NAME>` alone.
    close: bool,
}

impl Element<'_> {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_ref())
    }
}

/// Reads the one element of `line` (number `no`).
fn element(line: &str, no: u32) -> Result<Element<'_>, ParseError> {
    let bad = || ParseError::malformed(no, "not one XML element");
    // A lone closing tag (`</HAND>`), which the reader calls unmatched.
    if let Some(name) = line.strip_prefix("</").and_then(|r| r.strip_suffix('>')) {
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(bad());
        }
        return Ok(Element {
            name: Cow::Borrowed(name),
            close: true,
            ..Element::default()
        });
    }
    let utf8 = |b: &[u8]| {
        std::str::from_utf8(b)
            .map(str::to_string)
            .map_err(|_| bad())
    };
    let mut r = Reader::from_str(line);
    r.config_mut().check_end_names = false;
    let mut el = Element::default();
    // Read: the opening tag, its end (or the whole element, or a lone closing tag).
    let (mut open, mut done) = (false, false);
    let start = |el: &mut Element<'_>, e: BytesStart<'_>| -> Result<(), ParseError> {
        el.name = Cow::Owned(utf8(e.name().as_ref())?);
        for a in e.attributes() {
            let a = a.map_err(|_| bad())?;
            let k = utf8(a.key.as_ref())?;
            let v = a.unescape_value().map_err(|_| bad())?.into_owned();
            el.attrs.push((Cow::Owned(k), Cow::Owned(v)));
        }
        Ok(())
    };
    loop {
        match r.read_event().map_err(|_| bad())? {
            Event::Eof => break,
            Event::Start(e) if !open && !done => {
                start(&mut el, e)?;
                open = true;
            }
            Event::Empty(e) if !open && !done => {
                start(&mut el, e)?;
                done = true;
            }
            Event::Text(t) if open && !done => {
                let t = t.unescape().map_err(|_| bad())?;
                if !t.trim().is_empty() {
                    el.text = Some(Cow::Owned(t.trim().to_string()));
                }
            }
            Event::End(e) if !done => {
                let name = utf8(e.name().as_ref())?;
                if !open {
                    el.name = Cow::Owned(name);
                    el.close = true;
                } else if name != el.name {
                    return Err(bad());
                }
                (open, done) = (false, true);
            }
            _ => return Err(bad()),
        }
    }
    // An opening tag alone is an element that spans lines: only `<HAND ...>` does.
    if el.name.is_empty() || (open && el.text.is_some()) {
        return Err(bad());
    }
    Ok(el)
}

/// The cards of "Jh, Jd" or "8s, 4d, 10d, Js, Jc" (`--` a card not shown).
fn cards_of(t: &str, no: u32) -> Result<Vec<Card>, ParseError> {
    let mut out = Vec::with_capacity(5);
    for c in t.split(',').map(str::trim) {
        let card = if c == "--" {
            Card::UNKNOWN
        } else {
            Card::parse_opt(c).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?
        };
        if out.len() == 5 {
            return Err(ParseError::malformed(no, "more cards than a board holds"));
        }
        out.push(card);
    }
    Ok(out)
}

/// "$0.01/$0.02", "0,01 €/0,02 €", "1 750/3 500": the two amounts, times `scale`.
fn blinds_of(t: &str, scale: i64) -> Option<(Money, Money)> {
    let (a, b) = t.split_once('/')?;
    let read = |s: &str| {
        let s = s.trim().trim_end_matches(['€', '$', '£']).trim();
        amount::parse_amount(s, scale).filter(|v| (0..=crate::stats::MAX_AMOUNT).contains(v))
    };
    Some((read(a)?, read(b)?))
}

// ---------------------------------------------------------------------------------------------
// The session
// ---------------------------------------------------------------------------------------------

/// What the session line says.
struct Session {
    table: String,
    tourney: Option<(i64, Option<String>)>,
    currency: &'static str,
    category: Category,
    limit: LimitType,
    screen_name: String,
}

/// The session line (number `no`).
fn session(line: &str, no: u32) -> Result<Session, ParseError> {
    let el = element(line, no)?;
    let get = |k: &str| {
        el.attr(k)
            .ok_or_else(|| ParseError::malformed(no, format!("a session without its {k}")))
    };
    if el.name != "SESSION" {
        return Err(ParseError::malformed(no, "not a session line"));
    }
    let unsupported = |msg: &'static str| ParseError::new(ErrorKind::Unsupported, no, msg);
    let category = match get("game")? {
        "hold-em" | "Holdem Tournament" => Category::Holdem,
        "omaha-hi" => Category::OmahaHi,
        _ => return Err(unsupported("an Everest game fpdb does not read")),
    };
    let limit = match get("gametype")? {
        "no-limit" => LimitType::NoLimit,
        "pot-limit" => LimitType::PotLimit,
        "fixed-limit" | "limit" => LimitType::FixedLimit,
        _ => return Err(unsupported("an Everest betting limit fpdb does not read")),
    };
    let table = get("tableName")?.to_string();
    let (tourney, currency) = match get("type")? {
        "ring" => {
            let money = get("money")?;
            let currency = amount::currency_of_symbol(money).ok_or_else(|| {
                unsupported("a cash table without a currency fpdb knows (play money?)")
            })?;
            (None, currency)
        }
        "tournament" => {
            let id = get("id")?;
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::malformed(no, "unreadable tournament id"));
            }
            let no_ = id.parse().map_err(|_| {
                ParseError::new(
                    ErrorKind::OutOfRange,
                    no,
                    "tournament number too large to store",
                )
            })?;
            let table_no = table
                .rsplit_once('-')
                .map(|(_, t)| t.to_string())
                .filter(|t| !t.is_empty());
            (Some((no_, table_no)), "T$")
        }
        _ => return Err(unsupported("an Everest table type fpdb does not read")),
    };
    Ok(Session {
        table,
        tourney,
        currency,
        category,
        limit,
        screen_name: el.attr("screenName").unwrap_or("").to_string(),
    })
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/// Parses one chunk (a hand) of Everest text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let el = element(first.trim(), first_no).map_err(|e| e.with_text(first))?;
    let id = el
        .attr("id")
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            ParseError::malformed(first_no, "a hand without its number").with_text(first)
        })?;
    let no = text::hand_number(id, first_no, first)?;
    let context = (chunk.context_line, chunk.context);
    let mut p = Parser::start(&el, id, no, first_no, context).map_err(|e| {
        let e = if e.line == first_no {
            e.with_text(first)
        } else {
            e
        };
        e.with_hand_no(Some(no))
    })?;
    let last = text::each_line(lines, first_no, no, str::trim, |n, l| p.read(n, l))?;
    p.end(last).map_err(|e| e.with_hand_no(Some(no)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The seats.
    Seats,
    Body,
    /// After `</HAND>`.
    Ended,
}

struct Parser {
    b: HandBuilder,
    tour: bool,
    /// The blinds the `<HAND>` line prints (see the module).
    printed_blinds: Option<(Money, Money)>,
    screen_name: String,
    phase: Phase,
    /// The posts, kept until the blinds are known: (line, player, amount, penalty).
    posts: Vec<(u32, PlayerIdx, Money, bool)>,
    betting: Betting,
    /// The cards each player was dealt, in order.
    dealt: Vec<Vec<Card>>,
    board: Vec<Card>,
    /// The last `<SWEEP>`'s pot, and the rake and tax summed and of the last one.
    pot: Option<Money>,
    rake_sum: Money,
    rake_last: Money,
    sweep_line: u32,
    end_line: u32,
}

impl Parser {
    /// The hand's `<HAND>` element `el` (line `no`) and the session of `context`.
    fn start(
        el: &Element<'_>,
        id: &str,
        hand_no: i64,
        no: u32,
        (context_line, context): (u32, &str),
    ) -> Result<Parser, ParseError> {
        let mut lines = context.lines();
        let Some(first) = lines.next().filter(|l| !l.trim().is_empty()) else {
            return Err(ParseError::malformed(
                no,
                "a hand without its session line (which names the game and the table)",
            ));
        };
        if let Some((i, l)) = lines.enumerate().find(|(_, l)| !l.trim().is_empty()) {
            return Err(ParseError::malformed(
                context_line + 1 + i as u32,
                "a line between the session line and the hand",
            )
            .with_text(l));
        }
        let s = session(first.trim(), context_line).map_err(|e| e.with_text(first))?;
        let time = el
            .attr("time")
            .and_then(|t| t.parse::<i64>().ok())
            .and_then(|t| DateTime::<Utc>::from_timestamp(t, 0))
            .ok_or_else(|| ParseError::malformed(no, "unreadable hand time"))?;
        let tour = s.tourney.is_some();
        let scale = if tour { CHIPS } else { CENTS };
        let printed_blinds = el.attr("blinds").and_then(|b| blinds_of(b, scale));
        if !tour && printed_blinds.is_none() {
            return Err(ParseError::malformed(no, "unreadable blinds"));
        }
        let kind = if tour { GameKind::Tour } else { GameKind::Ring };
        let game = Game::blinds(
            kind,
            s.category,
            s.limit,
            printed_blinds.unwrap_or((0, 0)),
            s.currency,
        );
        let mut b = HandBuilder::new(SITE, hand_no, id, game, time);
        let hand = b.hand_mut();
        hand.table_name = s.table;
        hand.tournament = s
            .tourney
            .map(|(t, table)| Tournament::unpriced(t, "USD", table));
        Ok(Parser {
            b,
            tour,
            printed_blinds,
            screen_name: s.screen_name,
            phase: Phase::Seats,
            posts: Vec::new(),
            betting: Betting::new(RULES),
            dealt: Vec::with_capacity(10),
            board: Vec::with_capacity(5),
            pot: None,
            rake_sum: 0,
            rake_last: 0,
            sweep_line: 0,
            end_line: 0,
        })
    }

    /// An amount in hundredths (see the module) as the table's money.
    fn money(&self, t: Option<&str>, no: u32) -> Result<Money, ParseError> {
        let t = t.ok_or_else(|| ParseError::malformed(no, "an element without its amount"))?;
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::malformed(no, "unreadable amount"));
        }
        let v = text::checked_money(t, CHIPS, no)?;
        if !self.tour {
            return Ok(v);
        }
        if v % 100 != 0 {
            return Err(ParseError::malformed(
                no,
                "a tournament amount that is not whole chips",
            ));
        }
        Ok(v / 100)
    }

    /// The player of an element's `position`.
    fn player(&self, el: &Element<'_>, no: u32) -> Result<PlayerIdx, ParseError> {
        let seat = el
            .attr("position")
            .and_then(|p| p.parse::<u8>().ok())
            .and_then(|p| p.checked_add(1))
            .ok_or_else(|| ParseError::malformed(no, "unreadable position"))?;
        self.b
            .hand()
            .players
            .iter()
            .position(|p| p.seat == seat)
            .ok_or_else(|| ParseError::malformed(no, "a position nobody sits in"))
    }

    fn read(&mut self, no: u32, line: &str) -> Result<(), ParseError> {
        let el = element(line, no)?;
        if self.phase == Phase::Ended {
            return self.after_hand(no, &el);
        }
        if el.close {
            if el.name != "HAND" {
                return Err(ParseError::malformed(no, "an element fpdb does not know"));
            }
            self.phase = Phase::Ended;
            self.end_line = no;
            return Ok(());
        }
        if el.name == "SEAT" {
            if self.phase != Phase::Seats {
                return Err(ParseError::malformed(no, "a seat after the hand started"));
            }
            let seat = el
                .attr("position")
                .and_then(|p| p.parse::<u8>().ok())
                .and_then(|p| p.checked_add(1))
                .ok_or_else(|| ParseError::malformed(no, "unreadable position"))?;
            let name = el.attr("name").unwrap_or("");
            if name.is_empty() {
                return Err(ParseError::malformed(no, "a seat without a player name"));
            }
            let stack = self.money(el.attr("balance"), no)?;
            self.b.seat_player(no, seat, name, stack, false)?;
            self.dealt.push(Vec::new());
            return Ok(());
        }
        if self.phase == Phase::Seats {
            if self.b.hand().players.is_empty() {
                return Err(ParseError::malformed(no, "a hand without seats"));
            }
            self.phase = Phase::Body;
        }
        match el.name.as_ref() {
            "DEALER" => {
                let p = self.player(&el, no)?;
                self.b.hand_mut().button_seat = Some(self.b.hand().players[p].seat);
            }
            "ANTE" => {
                let p = self.player(&el, no)?;
                let amount = self.money(el.attr("amount"), no)?;
                self.b.post(p, ActionKind::Ante, amount, false);
            }
            "BLIND" => {
                let p = self.player(&el, no)?;
                let amount = self.money(el.attr("amount"), no)?;
                let penalty = el.attr("penalty").is_some_and(|v| v != "0");
                self.posts.push((no, p, amount, penalty));
            }
            "XBLIND" | "XSHOW" => {
                self.player(&el, no)?;
            }
            "HOLE" => {
                self.blinds_posted();
                let p = self.player(&el, no)?;
                let cards = cards_of(el.text.as_deref().unwrap_or(""), no)?;
                let size = self.b.hand().game.category.hand_size();
                if cards.len() != 1 || self.dealt[p].len() >= size {
                    return Err(ParseError::malformed(
                        no,
                        "more cards dealt than the game deals",
                    ));
                }
                self.dealt[p].push(cards[0]);
            }
            "FOLD" => {
                self.blinds_posted();
                let p = self.player(&el, no)?;
                self.betting
                    .apply(&mut self.b, p, &Verb::Fold { shown: None });
            }
            "BET" => {
                self.blinds_posted();
                let p = self.player(&el, no)?;
                let amount = self.money(el.attr("amount"), no)?;
                let all_in = el.attr("allin").is_some_and(|v| v != "0");
                self.bet(no, p, amount, all_in)?;
            }
            "SWEEP" => {
                self.blinds_posted();
                let pot = self.money(el.text.as_deref(), no)?;
                let rake = self
                    .money(Some(el.attr("rake").unwrap_or("0")), no)?
                    .saturating_add(self.money(Some(el.attr("tax").unwrap_or("0")), no)?);
                self.pot = Some(pot);
                self.rake_sum = self.rake_sum.saturating_add(rake);
                self.rake_last = rake;
                self.sweep_line = no;
            }
            "COMMUNITY" => {
                let cards = cards_of(el.text.as_deref().unwrap_or(""), no)?;
                if cards.iter().any(|c| !c.is_known())
                    || (self.board.is_empty() && cards.len() < 3)
                    || self.board.len() + cards.len() > 5
                {
                    return Err(ParseError::malformed(no, "unreadable board"));
                }
                self.board.extend_from_slice(&cards);
                self.b.set_street(self.board.len() as i8 - 2);
            }
            "PUSH" => {
                let p = self.player(&el, no)?;
                let amount = self.money(el.attr("amount"), no)?;
                self.b.uncalled(p, amount);
            }
            "SHOW" => {
                let p = self.player(&el, no)?;
                let cards = cards_of(el.text.as_deref().unwrap_or(""), no)?;
                self.b.show(p, &cards, no)?;
            }
            "WIN" => {
                let p = self.player(&el, no)?;
                let amount = self.money(el.attr("amount"), no)?;
                let pot = el
                    .attr("pot")
                    .and_then(|v| v.parse::<u8>().ok())
                    .ok_or_else(|| ParseError::malformed(no, "unreadable pot"))?;
                if amount > 0 {
                    self.b.collect(p, amount, pot, 0);
                }
            }
            "CHAT" => {}
            _ => return Err(ParseError::malformed(no, "an element fpdb does not know")),
        }
        Ok(())
    }

    /// After `</HAND>`: a tournament player's `<PRIZE>`.
    fn after_hand(&mut self, no: u32, el: &Element<'_>) -> Result<(), ParseError> {
        if el.name != "PRIZE" || el.close {
            return Err(ParseError::malformed(
                no,
                "a line after the end of the hand",
            ));
        }
        let place: u32 = el
            .attr("place")
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| ParseError::malformed(no, "unreadable place"))?;
        let prize_text = el.attr("prize").unwrap_or("");
        let prize = match prize_text.trim().trim_end_matches(['€', '$', '£']).trim() {
            "" => None,
            t => Some(text::checked_money(t, CENTS, no)?),
        };
        let name = el.attr("name").unwrap_or("");
        // The player is not always in the hand the prize follows (he finished in an earlier one).
        if let Some(p) = self.b.player(name) {
            self.b.finish_place(p, place, prize);
            if let Some(t) = self.b.hand_mut().tournament.as_mut() {
                if let Some(c) = [('€', "EUR"), ('$', "USD"), ('£', "GBP")]
                    .iter()
                    .find(|(s, _)| prize_text.contains(*s))
                {
                    t.currency = c.1.to_string();
                }
            }
        }
        Ok(())
    }

    /// Applies the posts once the blinds are known: before the first card or action.
    fn blinds_posted(&mut self) {
        if self.posts.is_empty() {
            return;
        }
        let posts = std::mem::take(&mut self.posts);
        let (sb, bb) = self.blinds(&posts);
        let g = &mut self.b.hand_mut().game;
        (g.small_blind, g.big_blind) = (sb, bb);
        (g.small_bet, g.big_bet) = (bb, bb.saturating_mul(2));
        let mut sb_posted = false;
        for (_, p, amount, _) in posts {
            let kind = if amount > bb && bb > 0 {
                ActionKind::BothBlinds
            } else if amount <= sb && sb < bb {
                if sb_posted {
                    ActionKind::DeadSmallBlind
                } else {
                    sb_posted = true;
                    ActionKind::SmallBlind
                }
            } else {
                ActionKind::BigBlind
            };
            let v = Verb::Post {
                kind,
                amount,
                all_in: false,
            };
            if kind == ActionKind::DeadSmallBlind {
                self.b.post(p, kind, amount, false);
            } else {
                self.betting.apply(&mut self.b, p, &v);
            }
        }
    }

    /// The hand's blinds: the printed ones, unless the posts of a tournament hand are larger
    /// (a new level): then its first two posts (or the only one, the big blind).
    fn blinds(&self, posts: &[(u32, PlayerIdx, Money, bool)]) -> (Money, Money) {
        let printed = self.printed_blinds.unwrap_or((0, 0));
        let largest = posts.iter().map(|p| p.2).max().unwrap_or(0);
        if !self.tour || (printed.1 > 0 && largest <= printed.1) {
            return printed;
        }
        match posts {
            [a, b, ..] => (a.2.min(b.2), a.2.max(b.2)),
            [a] => (a.2 / 2, a.2),
            [] => printed,
        }
    }

    /// `<BET>` of `amount` chips added by player `p`.
    fn bet(
        &mut self,
        no: u32,
        p: PlayerIdx,
        amount: Money,
        all_in: bool,
    ) -> Result<(), ParseError> {
        let b = &mut self.b;
        Betting::begin_betting(b);
        if amount > b.behind(p) {
            return Err(ParseError::malformed(
                no,
                "a bet of more chips than the player has",
            ));
        }
        let all_in = all_in || amount == b.behind(p);
        let (now, max) = (b.street_total(p), b.street_max());
        let to = now.saturating_add(amount);
        let verb = if amount == 0 {
            if b.behind(p) == 0 {
                return Ok(()); // a player all in already: nothing to do
            }
            if max > now {
                return Err(ParseError::malformed(no, "a check facing a bet"));
            }
            Verb::Check
        } else if to < max && !all_in {
            return Err(ParseError::malformed(
                no,
                "a call short of the bet, not all-in",
            ));
        } else if to <= max {
            Verb::Call { amount, all_in }
        } else if max == 0 {
            Verb::Bet { amount, all_in }
        } else {
            Verb::Raise {
                raise: Raise::To(to),
                all_in,
            }
        };
        self.betting.apply(b, p, &verb);
        Ok(())
    }

    fn end(mut self, last: u32) -> Result<Hand, ParseError> {
        if self.phase != Phase::Ended {
            return Err(if self.b.hand().collections.is_empty() {
                ParseError::before_summary(last)
            } else {
                ParseError::cut_in_summary(last, "no </HAND>")
            });
        }
        self.blinds_posted();
        let mut b = self.b;
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(last, "a hand without seats"));
        }
        // The cards dealt; the hero is the session's player, or the one dealt known cards.
        for (p, cards) in self.dealt.iter().enumerate() {
            if !cards.is_empty() {
                b.set_cards(p, cards);
            }
        }
        let hand = b.hand_mut();
        hand.hero = hand.player_index(&self.screen_name).or_else(|| {
            self.dealt
                .iter()
                .position(|c| !c.is_empty() && c.iter().all(|c| c.is_known()))
        });
        if !self.board.is_empty() {
            hand.boards = vec![std::mem::take(&mut self.board)];
        }
        hand.game.ante = hand.largest_ante().unwrap_or(0);
        for (i, pl) in hand.players.iter_mut().enumerate() {
            pl.sitting_out = !hand.actions.iter().any(|a| a.player == i);
        }
        let Some(pot) = self.pot else {
            return Err(ParseError::malformed(
                self.end_line,
                "a hand without its pot (no <SWEEP>)",
            ));
        };
        // The rake: the rounds' rake and tax summed, or the last round's (a running total),
        // whichever leaves the players' money to the winners.
        let players = b.money_in();
        let won: Money = b.hand().collections.iter().map(|c| c.amount).sum();
        let rake = if won.saturating_add(self.rake_sum) == players {
            self.rake_sum
        } else {
            self.rake_last
        };
        let scale = if self.tour { CHIPS } else { CENTS };
        let mut policy = PotPolicy::new(scale, self.sweep_line);
        policy.printed = PrintedPot::PlayersMoney(pot);
        policy.rake = Some(rake);
        policy.uncalled = Uncalled::Printed;
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

    const HAND: &str = r#"<SESSION time="1303913692" tableName="Vannes-23" id="1291.61.1528" type="ring" money="€" screenName="Hero" game="hold-em" gametype="no-limit"/>
<HAND time="1303913758" id="6754716931" index="1" blinds="0,01 €/0,02 €" stakes="0,01 €/0,02 €">
  <SEAT position="0" name="Player1" balance="78"/>
  <SEAT position="1" name="Player2 &amp; co" balance="67"/>
  <SEAT position="2" name="Hero" balance="200"/>
  <SEAT position="3" name="Player4" balance="200"/>
  <SEAT position="4" name="Player5" balance="131"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="1" penalty="0"/>
  <BLIND position="2" amount="2" penalty="0"/>
  <XBLIND position="3"/>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">6c</HOLE>
  <HOLE position="4">--</HOLE>
  <HOLE position="0">--</HOLE>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">5h</HOLE>
  <HOLE position="4">--</HOLE>
  <HOLE position="0">--</HOLE>
  <CHAT time="1303913765" name="Player6">retour &lt;au&gt; proprio</CHAT>
  <BET position="4" amount="2"/>
  <BET position="0" amount="6"/>
  <BET position="1" amount="5"/>
  <BET position="2" amount="4"/>
  <BET position="4" amount="4"/>
  <SWEEP rake="0" tax="0">24</SWEEP>
  <COMMUNITY>Kc, 10s, 8s</COMMUNITY>
  <BET position="1" amount="0"/>
  <BET position="2" amount="10"/>
  <FOLD position="4"/>
  <FOLD position="0"/>
  <BET position="1" amount="10"/>
  <SWEEP rake="1" tax="0">44</SWEEP>
  <COMMUNITY>2d</COMMUNITY>
  <COMMUNITY>3d</COMMUNITY>
  <SHOW position="2">6c, 5h</SHOW>
  <SHOW position="1">Ac, Ad</SHOW>
  <WIN position="1" amount="43" pot="0" potAmount="44"/>
</HAND>
"#;

    #[test]
    fn a_cash_hand() {
        let h = parse(HAND).unwrap();
        assert_eq!(h.site, "Everest");
        assert_eq!(
            (h.site_hand_no, h.site_hand_id.as_str()),
            (6_754_716_931, "6754716931")
        );
        assert_eq!(h.table_name, "Vannes-23");
        assert_eq!(h.start_time.to_rfc3339(), "2011-04-27T14:15:58+00:00");
        assert_eq!(h.game.currency, "EUR");
        assert_eq!((h.game.small_blind, h.game.big_blind), (1, 2));
        // Seats are the positions plus one.
        assert_eq!(h.players[0].seat, 1);
        assert_eq!(h.players[1].name, "Player2 & co");
        assert_eq!(h.button_seat, Some(1));
        assert_eq!(h.hero, h.player_index("Hero"));
        assert_eq!(
            h.players[2].cards,
            vec![Card::parse("6c").unwrap(), Card::parse("5h").unwrap()]
        );
        assert!(h.players[3].sitting_out);
        assert_eq!(h.boards[0].len(), 5);
        assert_eq!((h.total_pot, h.rake), (44, 1));
        let kinds: Vec<ActionKind> = h.actions.iter().map(|a| a.kind).collect();
        assert_eq!(
            kinds[..7],
            [
                ActionKind::SmallBlind,
                ActionKind::BigBlind,
                ActionKind::Call,
                ActionKind::Raise,
                ActionKind::Call,
                ActionKind::Call,
                ActionKind::Call
            ]
        );
        assert_eq!(h.actions[3].raise_to, Some(6));
    }

    #[test]
    fn cut_hands_are_unfinished() {
        let lines: Vec<&str> = HAND.lines().collect();
        for k in 2..lines.len() {
            let e = parse(&lines[..k].join("\n")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Unfinished, "{k}: {e:?}");
        }
    }

    #[test]
    fn errors() {
        let line_of = |s: &str| HAND.lines().position(|l| l.trim() == s).unwrap() as u32 + 1;
        let nobody = HAND.replace(r#"<FOLD position="4"/>"#, r#"<FOLD position="8"/>"#);
        let e = parse(&nobody).unwrap_err();
        assert_eq!(e.line, line_of(r#"<FOLD position="4"/>"#));
        let unknown = HAND.replace(r#"<FOLD position="4"/>"#, r#"<JUGGLE position="4"/>"#);
        assert_eq!(
            parse(&unknown).unwrap_err().message,
            "an element fpdb does not know"
        );
        let broken = HAND.replace(r#"<FOLD position="4"/>"#, r#"<FOLD position="4""#);
        assert_eq!(parse(&broken).unwrap_err().kind, ErrorKind::Malformed);
        let game = HAND.replace("hold-em", "razz");
        assert_eq!(parse(&game).unwrap_err().kind, ErrorKind::Unsupported);
        let play = HAND.replace(r#"money="€""#, r#"money="""#);
        assert_eq!(parse(&play).unwrap_err().kind, ErrorKind::Unsupported);
        let more = HAND.replace(r#"amount="43""#, r#"amount="44""#);
        assert_eq!(parse(&more).unwrap_err().kind, ErrorKind::Malformed);
        // Player2's call on the flop, of other amounts.
        let calling = |amount: &str| {
            let bet = format!(r#"<BET position="1" amount="{amount}"/>"#);
            let text = HAND.replace(r#"<BET position="1" amount="10"/>"#, &bet);
            parse(&text).unwrap_err().message
        };
        assert_eq!(calling("5"), "a call short of the bet, not all-in");
        assert_eq!(calling("100"), "a bet of more chips than the player has");
        // Without its session line the hand cannot be read.
        let alone = HAND.split_once('\n').unwrap().1;
        let e = parse(alone).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 1));
        let after = HAND.replace("</HAND>\n", "</HAND>\n<FOLD position=\"1\"/>\n");
        assert_eq!(
            parse(&after).unwrap_err().message,
            "a line after the end of the hand"
        );
    }

    #[test]
    fn blinds_by_their_amounts() {
        let text = r#"<SESSION time="1" tableName="T-1" id="1.2.3" type="ring" money="$" screenName="A" game="hold-em" gametype="no-limit"/>
<HAND time="1335014414" id="1" index="1" blinds="$0.01/$0.02" stakes="$0.01/$0.02">
  <SEAT position="0" name="A" balance="100"/>
  <SEAT position="1" name="B" balance="100"/>
  <SEAT position="2" name="C" balance="100"/>
  <SEAT position="3" name="D" balance="100"/>
  <SEAT position="4" name="E" balance="100"/>
  <SEAT position="5" name="F" balance="100"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="1" penalty="0"/>
  <BLIND position="2" amount="2" penalty="0"/>
  <BLIND position="3" amount="3" penalty="1"/>
  <BLIND position="4" amount="2" penalty="0"/>
  <BLIND position="5" amount="1" penalty="0"/>
  <BET position="5" amount="2"/>
  <BET position="0" amount="2"/>
  <BET position="1" amount="1"/>
  <BET position="2" amount="0"/>
  <BET position="3" amount="0"/>
  <BET position="4" amount="0"/>
  <SWEEP rake="0" tax="0">14</SWEEP>
  <COMMUNITY>2c, 3c, 4c</COMMUNITY>
  <BET position="1" amount="4"/>
  <FOLD position="2"/>
  <FOLD position="3"/>
  <FOLD position="4"/>
  <FOLD position="5"/>
  <FOLD position="0"/>
  <PUSH position="1" amount="4"/>
  <SWEEP rake="0" tax="0">14</SWEEP>
  <XSHOW position="1"/>
  <WIN position="1" amount="14" pot="0" potAmount="14"/>
</HAND>
"#;
        let h = parse(text).unwrap();
        let posts: Vec<(PlayerIdx, ActionKind, Money)> = h
            .actions
            .iter()
            .filter(|a| a.street == POSTS)
            .map(|a| (a.player, a.kind, a.amount))
            .collect();
        assert_eq!(
            posts,
            vec![
                (1, ActionKind::SmallBlind, 1),
                (2, ActionKind::BigBlind, 2),
                (3, ActionKind::BothBlinds, 3),
                (4, ActionKind::BigBlind, 2),
                (5, ActionKind::DeadSmallBlind, 1)
            ]
        );
        assert_eq!((h.returned[0].player, h.returned[0].amount), (1, 4));
        assert_eq!((h.total_pot, h.rake), (14, 0));
        assert_eq!(h.hero, Some(0));
        assert!(!h.players[1].shown);
    }

    const TOUR: &str = r#"<SESSION time="1319444349" tableName="49482257-0" id="49482257" type="tournament" money="" screenName="Player7" game="hold-em" gametype="fixed-limit"/>
<HAND time="1319444797" id="7144066651" index="4" blinds="5/10" stakes="10/20">
  <SEAT position="4" name="Player9" balance="117000"/>
  <SEAT position="5" name="Player7" balance="144000"/>
  <SEAT position="6" name="Player0" balance="2500"/>
  <ANTE position="4" amount="500"/>
  <ANTE position="5" amount="500"/>
  <ANTE position="6" amount="500"/>
  <SWEEP rake="0" tax="0">1500</SWEEP>
  <DEALER position="4"/>
  <BLIND position="5" amount="1000" penalty="0"/>
  <BLIND position="6" amount="2000" penalty="0"/>
  <HOLE position="5">6s</HOLE>
  <HOLE position="6">--</HOLE>
  <HOLE position="4">--</HOLE>
  <HOLE position="5">10d</HOLE>
  <HOLE position="6">--</HOLE>
  <HOLE position="4">--</HOLE>
  <BET position="4" amount="4000"/>
  <BET position="5" amount="3000"/>
  <SWEEP rake="0" tax="0">11500</SWEEP>
  <COMMUNITY>10c, 2d, 2s, Qh, 7h</COMMUNITY>
  <SHOW position="5">6s, 10d</SHOW>
  <SHOW position="4">5h, 5d</SHOW>
  <WIN position="4" amount="4000" pot="1" potAmount="4000"/>
  <WIN position="4" amount="7500" pot="0" potAmount="7500"/>
</HAND>
<PRIZE name="Player0" place="8" prize="90 €"/>
"#;

    #[test]
    fn a_tournament_hand() {
        let h = parse(TOUR).unwrap();
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!(h.game.currency, "T$");
        // The level changed: the posts, not the printed blinds.
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.ante),
            (10, 20, 5)
        );
        assert_eq!(h.players[0].stack, 1_170);
        let t = h.tournament.as_ref().unwrap();
        assert_eq!(
            (t.tourney_no, t.table_no.as_deref()),
            (49_482_257, Some("0"))
        );
        assert_eq!(t.results[0].place, 8);
        assert_eq!(
            (t.results[0].prize, t.currency.as_str()),
            (Some(9_000), "EUR")
        );
        assert_eq!(h.total_pot, 115);
        assert_eq!(h.hero, h.player_index("Player7"));
        assert!(h.actions.iter().any(|a| a.all_in));
        let odd = TOUR.replace(r#"balance="117000""#, r#"balance="117001""#);
        assert_eq!(
            parse(&odd).unwrap_err().message,
            "a tournament amount that is not whole chips"
        );
    }

    #[test]
    fn line_parts() {
        assert_eq!(blinds_of("0,01 €/0,02 €", CENTS), Some((1, 2)));
        assert_eq!(blinds_of("$0.01/$0.02", CENTS), Some((1, 2)));
        assert_eq!(blinds_of("1 750/3 500", CHIPS), Some((1_750, 3_500)));
        assert_eq!(blinds_of("x/y", CHIPS), None);
        assert_eq!(cards_of("8s, 4d, 10d, Js, Jc", 1).unwrap().len(), 5);
        assert_eq!(cards_of("--", 1).unwrap(), vec![Card::UNKNOWN]);
        assert!(cards_of("1x", 1).is_err());
        let el = element(r#"<CHAT time="1" name="a&amp;b">x &lt; y</CHAT>"#, 1).unwrap();
        assert_eq!(
            (el.attr("name"), el.text.as_deref()),
            (Some("a&b"), Some("x < y"))
        );
        assert!(element("<A></B>", 1).is_err());
        assert!(element("<A/><B/>", 1).is_err());
        assert!(element("text", 1).is_err());
        assert!(element("</HAND>", 1).unwrap().close);
    }
}

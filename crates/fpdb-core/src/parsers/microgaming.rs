//! The Microgaming Poker Network's own hand histories (the network's client, once Prima Poker,
//! 2009 to 2016): XML, one `<Game>` element per hand. PokerTracker's text exports of the same
//! hands are read by `pokertracker.rs`, under the same site.
//!
//! A file is the client's hand store written out as text: each hand may be preceded by a line
//! naming the store (`----PRIMA.DAT----`, skipped by the splitter like a banner) and followed
//! by `ExtendedTableName: NAME [N]` (the table's name with the client's table id: it repeats the
//! table and is checked for its shape only). A `<Game ...>` line starts a hand
//! ([`Room::is_hand_start`]: `<Game ` with ` id="` and ` date="`; PokerTracker's exports of these
//! hands are text starting `** Game ID`, so the two never meet). The document is read with
//! `quick-xml`; a game without its `</Game>` (a cut file) is refused as unfinished.
//!
//! # The elements, each read or deliberately ignored
//!
//! - `<Game [hhversion="V"] id date tablename stakes betlimit gametype realmoney currencysymbol
//!   playerseat istournament [tablesize] ...>`. `hhversion` is absent in the oldest histories
//!   (version 1, to 2011), `2` from 2012, `5` in 2016; the versions differ in their amounts
//!   (below). `stakes="SB|BB"`; `betlimit` `NL` or `PL` (`FL` is refused: no history to check
//!   its stakes against); `gametype` `Hold'em` (also `Hold 'em`, after `Multi Table ` or
//!   `Single Table ` in tournaments), `Omaha`, `Omaha H/L`; `istournament` `1` for tournament
//!   tables (chips), `realmoney="false"` is play money. `currencysymbol` is the symbol in
//!   UTF-16 as base64 (`rCA=` is `€`): `€` EUR, `£` GBP, `$` USD, except the old client's
//!   spaced ` $` and ` € ` (`IAAkAA==`, `IACsIA==`), which it printed on the network's euro tables
//!   (the network played its cash games in euros; the earlier reader of this format read them
//!   so too); empty for tournaments. `playerseat` is the seat of the history's owner (0 when he
//!   watched): the hero when no cards are dealt to anyone. Ignored: `unicodetablename` (the
//!   table's name in UTF-16), `tabletype` and `unicodetabletype` (`Cash Game`, `MTT`: the
//!   `istournament` flag says it), `gametypeid`, `betamount` (the owner's bet), `rake` (the
//!   room's rake without its other fees: one 2010 hand took 0.50 more than it says, so the
//!   rake is what nobody collected), `totalplayers`, `badbeat`, `currencyId`, and any other
//!   attribute.
//! - `<Seats>` with `<Seat num alias balance endbalance [dealer="true"] [sittingout="true"]/>`:
//!   the seat, the player's name (`alias`; `unicodealias`, the name in UTF-16, is ignored),
//!   his stack, the dealer. `endbalance` is his stack after the hand: it is checked against the
//!   hand's money, and a hand it disagrees with is refused.
//! - `<Gameplay>` with `<Action [seq] type [seat] [value]>`, cards as `<Card value suit id/>`
//!   (`value` `2`..`10`, `J`, `Q`, `K`, `A`; `suit` `c`, `d`, `h`, `s`; `id` the card's
//!   number, spades 0..12 from the ace, then clubs, diamonds, hearts: checked when printed):
//!   - posts: `SmallBlind`, `BigBlind`, `PostedToPlay` (a player posting to get in before his
//!     turn: of a small blind, a live second small blind, which the players after him match; of
//!     a big blind, a big blind, or both blinds with the small blind dead and not in the printed
//!     amount when his `endbalance` shows he paid it too; of both blinds, both blinds);
//!   - `DealCards` (the hero's cards), `DealFlop`, `DealTurn`, `DealRiver` (the board);
//!   - `Fold`, `Check`, `Call`, `Bet`, `Raise`, `AllIn`. The amounts of version 1 are the
//!     player's total on the street for `Call`, `Bet` and `Raise` (`Call 0.20` by the 0.10 big
//!     blind adds 0.10; `Raise 4.80` after the raiser's 0.80 bet adds 4.00), and of versions 2
//!     and later the chips the action adds; `AllIn` is always the chips added, all the player
//!     has, and is a call, a bet or a raise as it makes the player's total. A `Bet` over the
//!     blinds is a raise. A call must match the bet (or be all-in for less), a raise must
//!     raise, an all-in must be the player's chips: an amount read the wrong way is refused;
//!   - `ShowCards`, `MuckCards` (with the cards, or none): cards seen at the end;
//!   - `MoneyReturned` (`seat`, `value`): chips given back to a player, an uncalled bet;
//!   - `Win` with `<Seat num amount pot type lowhandwin/>`: what the player takes from pot
//!     `pot` (0 the main pot). `type` and `lowhandwin` (the low half of a hi/lo pot, or the
//!     whole of it) are ignored: the amounts are what counts;
//!   - `Disconnect`, `Reconnect`: no money, ignored.
//!
//!   Any other action type, element or text is refused.
//!
//! Money: uncalled bets are never printed (`MoneyReturned` aside). A bet nobody called is paid
//! back inside the bettor's `Win` when the others fold (the 2016 `Bet 630` won as `1257` with
//! the 630 in it) and left out of it when it is an all-in's excess (the player's `endbalance`
//! shows it back): [`Uncalled::Unmatched`] tells which from the amounts, and fpdb stores the
//! bet as returned. The rake is what nobody collected.
//!
//! Hand number: the `id` attribute (`4152594215`), `site_hand_no` = `site_hand_id` = the number
//! as printed, as PokerTracker's exports print it (`** Game ID 4152594215`): a hand imported
//! from both is one hand. The start time has no zone: stored as printed, as UTC, as the exports'
//! (which print the same time) are.
//!
//! Tournaments (`istournament="1"`): chips; the table is `NAME [N]:Table T` (tournament N,
//! table T), stored as `N T` as PokerTracker's exports of the same tables are; the buy-in is
//! not printed (0, USD, as the exports are read). Cash tables' names lose their buy-in suffix
//! (` - €10 Max`, ` - €5 Min`) as in the exports.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use quick_xml::events::attributes::Attributes;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::amount::{CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::verbs::{self, Amounted};
use crate::parsers::{pokertracker, room, text};
use crate::pot::{self, PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The Microgaming network's XML hand histories.
#[derive(Debug)]
pub struct Microgaming;
room!(Microgaming, SITE, b"< \t", is_header, parse_chunk);

/// The site's name (PokerTracker's exports of its hands are stored under it too).
pub const SITE: &str = "Microgaming";

/// `<Game ... id="..." date="..." ...>` at the start of a line.
fn is_header(line: &str) -> bool {
    let t = text::skip_blanks(line);
    t.starts_with("<Game ")
        && text::find(t, " id=\"").is_some()
        && text::find(t, " date=\"").is_some()
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/// One element (start or empty tag): its name, depth (0 for `<Game>`), offset in the text and
/// attributes (values unescaped).
#[derive(Debug)]
struct Node<'a> {
    name: &'a str,
    depth: usize,
    off: usize,
    attrs: Attrs<'a>,
}

/// An element's attributes: names and unescaped values.
type Attrs<'a> = Vec<(&'a str, Cow<'a, str>)>;

impl<'a> Node<'a> {
    fn get(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_ref())
    }
}

/// The chunk's text with its line numbers, for errors.
#[derive(Clone, Copy)]
struct Src<'a> {
    text: &'a str,
    first_line: u32,
}

impl Src<'_> {
    /// The line of byte `off`.
    fn line(&self, off: usize) -> u32 {
        let off = off.min(self.text.len());
        let n = memchr::memchr_iter(b'\n', &self.text.as_bytes()[..off]).count();
        self.first_line
            .saturating_add(u32::try_from(n).unwrap_or(u32::MAX))
    }
    fn malformed(&self, off: usize, m: impl Into<String>) -> ParseError {
        ParseError::malformed(self.line(off), m)
    }
    fn node_error(&self, n: &Node<'_>, m: impl Into<String>) -> ParseError {
        self.malformed(n.off, m)
    }
    /// The text of line `no`, for errors.
    fn line_text(&self, no: u32) -> &str {
        let skip = no.saturating_sub(self.first_line) as usize;
        self.text.split('\n').nth(skip).unwrap_or("")
    }
}

/// The slice of `text` that `part` (a slice of it, as quick-xml hands out) is.
fn slice_in<'a>(text: &'a str, part: &[u8]) -> Option<&'a str> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    text.get(start..end)
}

/// The attributes of tag `e` (its `<`'s offset `off`), values unescaped.
fn attributes<'a>(
    src: Src<'a>,
    e: &BytesStart<'_>,
    off: usize,
) -> Result<(&'a str, Attrs<'a>), ParseError> {
    let tag = slice_in(src.text, e).ok_or_else(|| src.malformed(off, "unreadable tag"))?;
    let name_len = e.name().as_ref().len();
    let name = tag.get(..name_len).unwrap_or("");
    let mut out = Vec::with_capacity(8);
    for a in Attributes::new(tag, name_len) {
        let a = a.map_err(|err| src.malformed(off, format!("bad attribute: {err}")))?;
        let key = slice_in(src.text, a.key.as_ref())
            .ok_or_else(|| src.malformed(off, "unreadable attribute name"))?;
        let raw = slice_in(src.text, &a.value)
            .ok_or_else(|| src.malformed(off, "unreadable attribute value"))?;
        let value = if raw.contains('&') {
            quick_xml::escape::unescape(raw)
                .map_err(|err| src.malformed(off, format!("bad attribute value: {err}")))?
                .into_owned()
                .into()
        } else {
            Cow::Borrowed(raw)
        };
        out.push((key, value));
    }
    Ok((name, out))
}

/// Reads the `<Game>` element at the start of `src` into its elements; returns them and the
/// offset after `</Game>`.
fn elements<'a>(src: Src<'a>) -> Result<(Vec<Node<'a>>, usize), ParseError> {
    let text = src.text;
    let mut r = Reader::from_str(text);
    r.config_mut().trim_text(true);
    let mut nodes: Vec<Node<'a>> = Vec::with_capacity(64);
    let mut open: Vec<&'a str> = Vec::with_capacity(4);
    loop {
        let off = usize::try_from(r.buffer_position()).unwrap_or(usize::MAX);
        let ev = r.read_event().map_err(|err| {
            let at = usize::try_from(r.error_position()).unwrap_or(off);
            if at >= text.trim_end().len() {
                ParseError::new(
                    ErrorKind::Unfinished,
                    src.line(at),
                    format!("the game stops inside a tag (the file was cut): {err}"),
                )
            } else {
                src.malformed(at, format!("unreadable XML: {err}"))
            }
        })?;
        let at = off
            + (text.get(off..).unwrap_or("").len()
                - text.get(off..).unwrap_or("").trim_start().len());
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let (name, attrs) = attributes(src, e, at)?;
                if open.is_empty() && (name != "Game" || !nodes.is_empty()) {
                    return Err(src.malformed(at, format!("<{name}> where <Game> was expected")));
                }
                nodes.push(Node {
                    name,
                    depth: open.len(),
                    off: at,
                    attrs,
                });
                if matches!(ev, Event::Start(_)) {
                    open.push(name);
                } else if open.is_empty() {
                    return Err(src.malformed(at, "an empty <Game/>"));
                }
            }
            Event::End(ref e) => {
                let name = e.name();
                match open.pop() {
                    Some(o) if o.as_bytes() == name.as_ref() => {}
                    Some(o) => {
                        return Err(src.malformed(
                            at,
                            format!(
                                "</{}> where </{o}> was expected",
                                String::from_utf8_lossy(name.as_ref())
                            ),
                        ))
                    }
                    None => return Err(src.malformed(at, "a closing tag with no element open")),
                }
                if open.is_empty() {
                    let end = usize::try_from(r.buffer_position()).unwrap_or(text.len());
                    return Ok((nodes, end.min(text.len())));
                }
            }
            Event::Text(ref t) => {
                if !t.iter().all(u8::is_ascii_whitespace) {
                    return Err(src.malformed(at, "text inside the game"));
                }
            }
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::CData(_) => return Err(src.malformed(at, "CDATA in a game")),
            Event::Eof => {
                return Err(ParseError::new(
                    ErrorKind::Unfinished,
                    src.line(text.len()),
                    "the hand stops before </Game> (the file was cut)",
                ))
            }
        }
    }
}

/// The lines after `</Game>`: blank, `ExtendedTableName: NAME`, or the store's name
/// (`----PRIMA.DAT----`).
fn trailer(src: Src<'_>, from: usize) -> Result<(), ParseError> {
    let mut off = from;
    for line in src.text.get(from..).unwrap_or("").split('\n') {
        let t = line.trim();
        let ok = t.is_empty()
            || t.strip_prefix("ExtendedTableName:")
                .is_some_and(|n| !n.trim().is_empty())
            || crate::split::is_store_name(t);
        if !ok {
            return Err(src.malformed(off, "text after </Game> fpdb does not read"));
        }
        off += line.len() + 1;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Header values
// ---------------------------------------------------------------------------------------------

/// Standard base64 (the currency symbol's UTF-16 bytes).
fn base64(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    let body = s.trim_end_matches('=');
    if s.len() - body.len() > 2 {
        return None;
    }
    for c in body.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The currency of `currencysymbol` (see the module); `None` when unreadable or unknown.
fn currency_of(attr: &str) -> Option<&'static str> {
    let bytes = base64(attr)?;
    if bytes.len() % 2 != 0 {
        return None;
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let symbol = String::from_utf16(&units).ok()?;
    match symbol.as_str() {
        "€" | " € " | " €" | " $" => Some("EUR"),
        "£" => Some("GBP"),
        "$" => Some("USD"),
        _ => None,
    }
}

/// The game of `gametype`.
fn category_of(game: &str) -> Option<Category> {
    let g = game
        .strip_prefix("Multi Table ")
        .or_else(|| game.strip_prefix("Single Table "))
        .unwrap_or(game);
    match g {
        "Hold'em" | "Hold 'em" => Some(Category::Holdem),
        "Omaha" => Some(Category::OmahaHi),
        "Omaha H/L" => Some(Category::OmahaHiLo),
        _ => None,
    }
}

/// A card element: `value` and `suit`, checked against `id` when printed.
fn card_of(src: Src<'_>, n: &Node<'_>) -> Result<Card, ParseError> {
    let bad = || src.node_error(n, "unreadable card");
    let (value, suit) = (
        n.get("value").ok_or_else(bad)?,
        n.get("suit").ok_or_else(bad)?,
    );
    if suit.len() != 1 || !matches!(value.len(), 1 | 2) {
        return Err(bad());
    }
    let c = Card::parse_opt(&format!("{value}{suit}"))
        .filter(|c| c.is_known())
        .ok_or_else(bad)?;
    if let Some(id) = n.get("id") {
        // Spades, clubs, diamonds, hearts; the ace first in each.
        let base = match suit {
            "s" => 0,
            "c" => 13,
            "d" => 26,
            _ => 39,
        };
        let rank = c.rank();
        let want = base + if rank == 14 { 0 } else { u32::from(rank) - 1 };
        if id.parse::<u32>().ok() != Some(want) {
            return Err(src.node_error(n, "a card whose id is not its value and suit"));
        }
    }
    Ok(c)
}

/// `NAME [N]:Table T`: the tournament's number and the table.
fn tournament_table(name: &str) -> Option<(i64, &str)> {
    let (head, table) = text::rsplit2(name, "]:Table ")?;
    let open = head.rfind('[')?;
    let no = &head[open + 1..];
    if no.is_empty() || !no.bytes().all(|b| b.is_ascii_digit()) || table.trim().is_empty() {
        return None;
    }
    Some((no.parse().ok()?, table.trim()))
}

// ---------------------------------------------------------------------------------------------
// The hand as read
// ---------------------------------------------------------------------------------------------

/// What the `<Game>` tag says.
struct Header {
    no: i64,
    id: String,
    start_time: DateTime<Utc>,
    /// `hhversion`; 1 when absent.
    version: u32,
    game: Game,
    table: String,
    max_seats: Option<u8>,
    tournament: Option<Tournament>,
    owner_seat: u8,
    scale: i64,
}

struct SeatLine {
    off: usize,
    seat: u8,
    name: String,
    stack: Money,
    end: Money,
    dealer: bool,
    sitting_out: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    SmallBlind,
    BigBlind,
    PostedToPlay,
    DealCards,
    DealFlop,
    DealTurn,
    DealRiver,
    Fold,
    Check,
    Call,
    Bet,
    Raise,
    AllIn,
    ShowCards,
    MuckCards,
    MoneyReturned,
    Win,
    Ignored,
}

fn kind_of(t: &str) -> Option<Kind> {
    Some(match t {
        "SmallBlind" => Kind::SmallBlind,
        "BigBlind" => Kind::BigBlind,
        "PostedToPlay" => Kind::PostedToPlay,
        "DealCards" => Kind::DealCards,
        "DealFlop" => Kind::DealFlop,
        "DealTurn" => Kind::DealTurn,
        "DealRiver" => Kind::DealRiver,
        "Fold" => Kind::Fold,
        "Check" => Kind::Check,
        "Call" => Kind::Call,
        "Bet" => Kind::Bet,
        "Raise" => Kind::Raise,
        "AllIn" => Kind::AllIn,
        "ShowCards" => Kind::ShowCards,
        "MuckCards" => Kind::MuckCards,
        "MoneyReturned" => Kind::MoneyReturned,
        "Win" => Kind::Win,
        "Disconnect" | "Reconnect" => Kind::Ignored,
        _ => return None,
    })
}

struct Act {
    off: usize,
    kind: Kind,
    /// Index in the seat list.
    player: Option<PlayerIdx>,
    value: Option<Money>,
    cards: Vec<Card>,
    /// `Win`: (player, amount, pot).
    wins: Vec<(PlayerIdx, Money, u8)>,
}

/// A whole hand as read from the document, before its money is worked out.
struct Read {
    header: Header,
    seats: Vec<SeatLine>,
    acts: Vec<Act>,
    /// Offset of the last element, for errors about the whole hand.
    end_off: usize,
}

fn header(src: Src<'_>, g: &Node<'_>) -> Result<Header, ParseError> {
    let need = |k: &str| {
        g.get(k)
            .ok_or_else(|| src.node_error(g, format!("<Game> without {k}")))
    };
    let id = need("id")?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(src.node_error(g, "unreadable game id"));
    }
    let no = id
        .parse::<i64>()
        .map_err(|_| ParseError::hand_no_too_large(src.line(g.off)))?;
    let in_hand = |e: ParseError| e.with_hand_no(Some(no));
    let start_time = time::parse_datetime(need("date")?)
        .map(|t| t.and_utc())
        .ok_or_else(|| in_hand(src.node_error(g, "unreadable date")))?;
    let version = match g.get("hhversion") {
        None => 1,
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|&v| v >= 1)
            .ok_or_else(|| in_hand(src.node_error(g, "unreadable hhversion")))?,
    };
    let tour = match need("istournament").map_err(in_hand)? {
        "0" => false,
        "1" => true,
        _ => return Err(in_hand(src.node_error(g, "unreadable istournament"))),
    };
    let scale = if tour { CHIPS } else { CENTS };
    let unsupported =
        |m: String| in_hand(ParseError::new(ErrorKind::Unsupported, src.line(g.off), m));
    let game_name = need("gametype").map_err(in_hand)?;
    let category = category_of(game_name).ok_or_else(|| {
        unsupported(format!(
            "a game fpdb does not read in Microgaming's histories: {game_name}"
        ))
    })?;
    let limit = match need("betlimit").map_err(in_hand)? {
        "NL" => LimitType::NoLimit,
        "PL" => LimitType::PotLimit,
        "FL" => {
            return Err(unsupported(
                "a fixed-limit table: fpdb does not read Microgaming's fixed-limit histories \
                 (no history to check their stakes against)"
                    .into(),
            ))
        }
        l => return Err(in_hand(src.node_error(g, format!("unknown betlimit {l}")))),
    };
    let stakes = need("stakes").map_err(in_hand)?;
    let (sb, bb) = stakes
        .split_once('|')
        .ok_or_else(|| in_hand(src.node_error(g, "unreadable stakes")))?;
    let line = src.line(g.off);
    let sb = text::checked_money(sb, scale, line).map_err(in_hand)?;
    let bb = text::checked_money(bb, scale, line).map_err(in_hand)?;
    if bb <= 0 || sb > bb {
        return Err(in_hand(src.node_error(g, "unreadable stakes")));
    }
    let real = match g.get("realmoney") {
        None | Some("true") => true,
        Some("false") => false,
        Some(_) => return Err(in_hand(src.node_error(g, "unreadable realmoney"))),
    };
    let currency = if tour {
        "T$"
    } else if !real {
        "play"
    } else {
        let symbol = need("currencysymbol").map_err(in_hand)?;
        currency_of(symbol).ok_or_else(|| {
            in_hand(src.node_error(g, format!("an unknown currency symbol: {symbol}")))
        })?
    };
    let kind = if tour { GameKind::Tour } else { GameKind::Ring };
    let game = Game::blinds(kind, category, limit, (sb, bb), currency);
    let name = need("tablename").map_err(in_hand)?;
    let (table, tournament) = if tour {
        let (tourney_no, table_no) = tournament_table(name)
            .ok_or_else(|| in_hand(src.node_error(g, "unreadable tournament table")))?;
        (
            format!("{tourney_no} {table_no}"),
            Some(Tournament::unpriced(
                tourney_no,
                "USD",
                Some(table_no.to_string()),
            )),
        )
    } else {
        (pokertracker::cash_table_name(name).to_string(), None)
    };
    let max_seats = g.get("tablesize").and_then(|s| s.parse::<u8>().ok());
    let owner_seat = g
        .get("playerseat")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok(Header {
        no,
        id: id.to_string(),
        start_time,
        version,
        game,
        table,
        max_seats,
        tournament,
        owner_seat,
        scale,
    })
}

fn read<'a>(src: Src<'a>, nodes: &[Node<'a>]) -> Result<Read, ParseError> {
    let g = nodes
        .first()
        .ok_or_else(|| src.malformed(0, "no <Game> element"))?;
    let header = header(src, g)?;
    let scale = header.scale;
    let money = |n: &Node<'_>, v: &str| text::checked_money(v, scale, src.line(n.off));
    let mut seats: Vec<SeatLine> = Vec::with_capacity(10);
    let mut acts: Vec<Act> = Vec::with_capacity(nodes.len());
    let (mut seen_seats, mut seen_play) = (false, false);
    let mut section = "";
    let seat_index = |seats: &[SeatLine], n: &Node<'_>, v: Option<&str>| {
        let v = v.ok_or_else(|| src.node_error(n, format!("<{}> without its seat", n.name)))?;
        let s: u8 = v
            .parse()
            .map_err(|_| src.node_error(n, "unreadable seat number"))?;
        seats
            .iter()
            .position(|x| x.seat == s)
            .ok_or_else(|| ParseError::unknown_actor(src.line(n.off)))
    };
    for n in &nodes[1..] {
        match (n.depth, section, n.name) {
            (1, _, "Seats") if !seen_seats && !seen_play => {
                seen_seats = true;
                section = "Seats";
            }
            (1, _, "Gameplay") if seen_seats && !seen_play => {
                seen_play = true;
                section = "Gameplay";
            }
            (2, "Seats", "Seat") => {
                let need = |k: &str| {
                    n.get(k)
                        .ok_or_else(|| src.node_error(n, format!("<Seat> without {k}")))
                };
                let seat: u8 = need("num")?
                    .parse()
                    .map_err(|_| src.node_error(n, "unreadable seat number"))?;
                let name = need("alias")?;
                if name.trim().is_empty() {
                    return Err(src.node_error(n, "a seat without a player name"));
                }
                let flag = |k: &str| match n.get(k) {
                    None | Some("false") => Ok(false),
                    Some("true") => Ok(true),
                    Some(_) => Err(src.node_error(n, format!("unreadable {k}"))),
                };
                seats.push(SeatLine {
                    off: n.off,
                    seat,
                    name: name.to_string(),
                    stack: money(n, need("balance")?)?,
                    end: money(n, need("endbalance")?)?,
                    dealer: flag("dealer")?,
                    sitting_out: flag("sittingout")?,
                });
            }
            (2, "Gameplay", "Action") => {
                let t = n
                    .get("type")
                    .ok_or_else(|| src.node_error(n, "<Action> without type"))?;
                let kind = kind_of(t).ok_or_else(|| {
                    src.node_error(n, format!("an action type fpdb does not read: {t}"))
                })?;
                let player = match (kind, n.get("seat")) {
                    (Kind::Win | Kind::DealFlop | Kind::DealTurn | Kind::DealRiver, None) => None,
                    (_, s) => Some(seat_index(&seats, n, s)?),
                };
                let value = n.get("value").map(|v| money(n, v)).transpose()?;
                acts.push(Act {
                    off: n.off,
                    kind,
                    player,
                    value,
                    cards: Vec::new(),
                    wins: Vec::new(),
                });
            }
            (3, "Gameplay", "Card") => {
                let a = acts
                    .last_mut()
                    .ok_or_else(|| src.node_error(n, "a card outside an action"))?;
                if matches!(a.kind, Kind::Win) || a.cards.len() >= 7 {
                    return Err(src.node_error(n, "a card where none is dealt"));
                }
                a.cards.push(card_of(src, n)?);
            }
            (3, "Gameplay", "Seat") => {
                let Some(a) = acts.last_mut().filter(|a| a.kind == Kind::Win) else {
                    return Err(src.node_error(n, "a <Seat> outside the seat list and the wins"));
                };
                let p = seat_index(&seats, n, n.get("num"))?;
                let amount = n
                    .get("amount")
                    .ok_or_else(|| src.node_error(n, "a win without its amount"))?;
                let amount = money(n, amount)?;
                let pot: u8 = match n.get("pot") {
                    None => 0,
                    Some(s) => s
                        .parse()
                        .map_err(|_| src.node_error(n, "unreadable pot number"))?,
                };
                a.wins.push((p, amount, pot));
            }
            _ => {
                return Err(src.node_error(
                    n,
                    format!("an element fpdb does not read here: <{}>", n.name),
                ))
            }
        }
    }
    let end_off = nodes.last().map_or(0, |n| n.off);
    if !seen_play || seats.is_empty() {
        return Err(src.malformed(end_off, "a game without its seats or its play"));
    }
    Ok(Read {
        header,
        seats,
        acts,
        end_off,
    })
}

// ---------------------------------------------------------------------------------------------
// Building the hand
// ---------------------------------------------------------------------------------------------

/// The hand of `r`, its money settled, and the players whose printed `endbalance` it
/// contradicts: (player, the stack the hand leaves him). `both`: the players whose big-blind
/// `PostedToPlay` was both blinds.
fn build(src: Src<'_>, r: &Read, both: &[PlayerIdx]) -> Result<Hand, ParseError> {
    let h = &r.header;
    let mut b = HandBuilder::new(SITE, h.no, &h.id, h.game.clone(), h.start_time);
    {
        let hand = b.hand_mut();
        hand.table_name.clone_from(&h.table);
        hand.max_seats = h.max_seats;
        hand.tournament.clone_from(&h.tournament);
    }
    for s in &r.seats {
        b.seat_player(src.line(s.off), s.seat, &s.name, s.stack, s.sitting_out)?;
        if s.dealer {
            b.hand_mut().button_seat = Some(s.seat);
        }
    }
    let (sb, bb) = (h.game.small_blind, h.game.big_blind);
    let totals = h.version == 1;
    let mut board: Vec<Card> = Vec::with_capacity(5);
    let mut hero: Option<PlayerIdx> = None;
    let mut won = false;
    let mut printed_returns = false;
    for a in &r.acts {
        let line = || src.line(a.off);
        let bad = |m: &str| ParseError::malformed(src.line(a.off), m.to_string());
        let p = a.player.unwrap_or(0);
        let value = || a.value.ok_or_else(|| bad("an action without its amount"));
        if won
            && !matches!(
                a.kind,
                Kind::Win | Kind::ShowCards | Kind::MuckCards | Kind::Ignored
            )
        {
            return Err(bad("an action after the pot was awarded"));
        }
        let cards_only = matches!(
            a.kind,
            Kind::DealCards
                | Kind::DealFlop
                | Kind::DealTurn
                | Kind::DealRiver
                | Kind::ShowCards
                | Kind::MuckCards
        );
        if !a.cards.is_empty() && !cards_only {
            return Err(bad("cards in an action that deals or shows none"));
        }
        match a.kind {
            Kind::SmallBlind | Kind::BigBlind | Kind::PostedToPlay => {
                if b.street() >= 0 {
                    return Err(bad("a post after the cards were dealt"));
                }
                let v = value()?;
                let (kind, amount) = match a.kind {
                    Kind::SmallBlind => (ActionKind::SmallBlind, v),
                    Kind::BigBlind => (ActionKind::BigBlind, v),
                    _ if v == bb && both.contains(&p) => {
                        (ActionKind::BothBlinds, v.saturating_add(sb))
                    }
                    _ if v == bb => (ActionKind::BigBlind, v),
                    _ if v == sb => (ActionKind::SmallBlind, v),
                    _ if v == sb.saturating_add(bb) => (ActionKind::BothBlinds, v),
                    _ => return Err(bad("a post to play of another amount than the blinds")),
                };
                b.checked_post(line(), p, kind, amount)?;
                b.hand_mut().players[p].sitting_out = false;
            }
            Kind::DealCards => {
                if b.street() > 0 || a.cards.is_empty() {
                    return Err(bad("hole cards dealt after the flop, or none"));
                }
                if a.cards.len() > h.game.category.hand_size() {
                    return Err(bad("more hole cards than the game deals"));
                }
                if b.street() < 0 {
                    b.set_street(0);
                }
                b.set_cards(p, &a.cards);
                hero.get_or_insert(p);
            }
            Kind::DealFlop | Kind::DealTurn | Kind::DealRiver => {
                let street = match a.kind {
                    Kind::DealFlop => 1,
                    Kind::DealTurn => 2,
                    _ => 3,
                };
                if a.player.is_some() {
                    return Err(bad("a street dealt to a seat"));
                }
                b.deal_board(line(), &mut board, street, &a.cards, false)?;
            }
            Kind::Fold | Kind::Check | Kind::Call | Kind::Bet | Kind::Raise | Kind::AllIn => {
                if b.street() < 0 {
                    b.set_street(0);
                }
                b.hand_mut().players[p].sitting_out = false;
                let what = match a.kind {
                    Kind::Fold | Kind::Check if a.value.is_some() => {
                        return Err(bad("a fold or check with an amount"))
                    }
                    Kind::Fold => {
                        b.fold(p);
                        continue;
                    }
                    Kind::Check => {
                        b.check(p);
                        continue;
                    }
                    Kind::Call => Amounted::Call,
                    Kind::Bet => Amounted::Bet,
                    Kind::Raise => Amounted::Raise,
                    _ => Amounted::AllIn,
                };
                verbs::apply_amounted(&mut b, p, what, value()?, totals)
                    .map_err(|m| ParseError::malformed(line(), m))?;
            }
            Kind::ShowCards | Kind::MuckCards => {
                if a.cards.len() > h.game.category.hand_size() {
                    return Err(bad("more cards shown than the game deals"));
                }
                if a.kind == Kind::ShowCards && a.cards.is_empty() {
                    return Err(bad("a show without cards"));
                }
                let pl = &mut b.hand_mut().players[p];
                if a.kind == Kind::ShowCards {
                    pl.shown = true;
                } else {
                    pl.mucked = true;
                }
                b.reveal(p, &a.cards);
            }
            Kind::MoneyReturned => {
                let v = value()?;
                if v <= 0 || v > b.street_total(p) {
                    return Err(bad(
                        "chips returned that the player did not bet on the street",
                    ));
                }
                b.uncalled(p, v);
                printed_returns = true;
            }
            Kind::Win => {
                if a.wins.is_empty() {
                    return Err(bad("a win without a winner"));
                }
                for &(w, amount, pot) in &a.wins {
                    if amount > 0 {
                        b.collect(w, amount, pot, 0);
                    }
                }
                won = true;
            }
            Kind::Ignored => {}
        }
    }
    let end_line = src.line(r.end_off);
    if !won {
        return Err(ParseError::malformed(
            end_line,
            "a hand without its award (<Action type=\"Win\">)",
        ));
    }
    let hand = b.hand_mut();
    hand.hero = hero.or_else(|| {
        hand.players
            .iter()
            .position(|pl| h.owner_seat > 0 && pl.seat == h.owner_seat)
    });
    if !board.is_empty() {
        hand.boards = vec![board];
    }
    let mut policy = PotPolicy::new(h.scale, end_line);
    policy.uncalled = if printed_returns {
        Uncalled::Printed
    } else {
        Uncalled::Unmatched
    };
    b.settle(&policy)?;
    let hand = b.finish();
    for (p, s) in r.seats.iter().enumerate() {
        let left = pot::stack_after(&hand, p);
        if left != s.end {
            return Err(ParseError::malformed(
                src.line(s.off),
                format!(
                    "{}'s endbalance is {}, but the hand leaves him {}",
                    s.name,
                    pot::show_money(s.end, h.scale),
                    pot::show_money(left, h.scale)
                ),
            ));
        }
    }
    Ok(hand)
}

// ---------------------------------------------------------------------------------------------
// The hand
// ---------------------------------------------------------------------------------------------

fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let src = Src {
        text: chunk.text,
        first_line: chunk.first_line,
    };
    let mut no = None;
    parse_src(src, &mut no).map_err(|e| {
        let t = src.line_text(e.line).to_string();
        e.with_text(&t).with_hand_no(no)
    })
}

fn parse_src(src: Src<'_>, no: &mut Option<i64>) -> Result<Hand, ParseError> {
    let (nodes, end) = elements(src)?;
    let r = read(src, &nodes)?;
    *no = Some(r.header.no);
    trailer(src, end)?;
    let first = match build(src, &r, &[]) {
        Ok(hand) => return Ok(hand),
        Err(e) => e,
    };
    // Big blinds posted to play whose players paid the small blind too (both blinds): the
    // reading that every end balance agrees with, fewest such posts first.
    let bb = r.header.game.big_blind;
    let mut posters: Vec<PlayerIdx> = r
        .acts
        .iter()
        .filter(|a| a.kind == Kind::PostedToPlay && a.value == Some(bb))
        .filter_map(|a| a.player)
        .collect();
    posters.dedup();
    if posters.is_empty() || posters.len() > 4 {
        return Err(first);
    }
    let mut subsets: Vec<Vec<PlayerIdx>> = (1..1u32 << posters.len())
        .map(|m| {
            posters
                .iter()
                .enumerate()
                .filter(|(i, _)| m & (1 << i) != 0)
                .map(|(_, &p)| p)
                .collect()
        })
        .collect();
    subsets.sort_by_key(Vec::len);
    subsets
        .iter()
        .find_map(|both| build(src, &r, both).ok())
        .ok_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parsers::Room;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Microgaming));
        Microgaming.parse(&chunk)
    }

    /// Version 5: amounts are the chips added; a bet nobody called paid inside the win.
    const V5: &str = r#"<Game hhversion="5" id="5959022064" date="2016-03-25 00:46:30" unicodetablename="x" tablename="Kharitina - €2K Max" stakes="10|20" betlimit="PL" tabletype="Cash Game" gametypeid="50" gametype="Omaha" realmoney="true" currencysymbol="rCA=" playerseat="1" betamount="0" istournament="0" totalplayers="6" tablesize="6" rake="300">
<Seats>
<Seat num="1" alias="Hero" unicodealias="x" balance="1652.00" endbalance="1979.00" />
<Seat num="2" alias="Player1" unicodealias="x" balance="4317.78" endbalance="4317.78" sittingout="true" />
<Seat num="3" alias="Player2" unicodealias="x" balance="5866.00" endbalance="5866.00" />
<Seat num="4" alias="Player3" unicodealias="x" balance="5040.00" endbalance="4740.00" dealer="true" />
<Seat num="5" alias="Player4" unicodealias="x" balance="580.00" endbalance="570.00" />
<Seat num="6" alias="Player5" unicodealias="x" balance="1700.00" endbalance="1680.00" />
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="5" value="10.00" />
<Action seq="2" type="BigBlind" seat="6" value="20.00" />
<Action seq="3" type="DealCards" seat="1">
<Card value="A" suit="s" id="0" />
<Card value="10" suit="h" id="48" />
<Card value="2" suit="c" id="14" />
<Card value="K" suit="d" id="38" />
</Action>
<Action seq="4" type="Call" seat="1" value="20.00" />
<Action seq="5" type="Fold" seat="3" />
<Action seq="6" type="Raise" seat="4" value="90.00" />
<Action seq="7" type="Fold" seat="5" />
<Action seq="8" type="Fold" seat="6" />
<Action seq="9" type="Raise" seat="1" value="280.00" />
<Action seq="10" type="Call" seat="4" value="210.00" />
<Action seq="11" type="DealFlop">
<Card value="5" suit="d" id="30" />
<Card value="8" suit="c" id="20" />
<Card value="K" suit="h" id="51" />
</Action>
<Action seq="12" type="Bet" seat="1" value="630.00" />
<Action seq="13" type="Fold" seat="4" />
<Action seq="14" type="MuckCards" seat="1" />
<Action type="Win">
<Seat num="1" amount="1257.00" pot="0" type="" lowhandwin="0" />
</Action>
</Gameplay>
</Game>
ExtendedTableName: Kharitina - €2K Max"#;

    #[test]
    fn a_version_5_hand() {
        let h = parse(V5).unwrap();
        assert_eq!(
            (h.site.as_str(), h.site_hand_no, h.site_hand_id.as_str()),
            ("Microgaming", 5_959_022_064, "5959022064")
        );
        assert_eq!(h.start_time.to_rfc3339(), "2016-03-25T00:46:30+00:00");
        assert_eq!(h.table_name, "Kharitina");
        assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(4)));
        let g = &h.game;
        assert_eq!(
            (
                g.category,
                g.limit_type,
                g.currency.as_str(),
                g.small_blind,
                g.big_blind
            ),
            (Category::OmahaHi, LimitType::PotLimit, "EUR", 1000, 2000)
        );
        assert_eq!(h.hero, Some(0));
        assert_eq!(h.players[0].cards, Card::parse_all("As Th 2c Kd").unwrap());
        assert!(h.players[1].sitting_out);
        // Hero's limp and raise of 280 make 300; the flop bet of 630 comes back.
        let raise = &h.actions[7];
        assert_eq!(
            (raise.kind, raise.amount, raise.raise_to),
            (ActionKind::Raise, 28_000, Some(30_000))
        );
        assert_eq!(h.returned.len(), 1);
        assert_eq!((h.returned[0].player, h.returned[0].amount), (0, 63_000));
        assert_eq!((h.total_pot, h.rake), (63_000, 300));
        assert_eq!(h.collections[0].amount, 62_700);
        assert_eq!(h.boards, vec![Card::parse_all("5d 8c Kh").unwrap()]);
    }

    #[test]
    fn cut_hands_are_unfinished() {
        let whole = V5.split("\nExtendedTableName").next().unwrap();
        text::every_cut_is_unfinished(whole, parse);
    }

    /// Version 1 (no hhversion): calls, bets and raises print the street's total; all-ins the
    /// chips added; an all-in's excess given back outside the win.
    const V1: &str = r#"<Game id="4152594215" date="2011-11-02 23:08:51" unicodetablename="x" tablename="Deal 252 (Deep) - €5 Min" stakes="0.05|0.10" betlimit="NL" tabletype="Cash Game" gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="5" betamount="1076" istournament="0" rake="107">
   <Seats>
      <Seat num="3" alias="Player2" unicodealias="x" balance="6.90" endbalance="6.90" dealer="true"/>
      <Seat num="4" alias="Player3" unicodealias="x" balance="8.26" endbalance="8.21"/>
      <Seat num="5" alias="Hero" unicodealias="x" balance="10.76" endbalance="20.50"/>
      <Seat num="6" alias="Player4" unicodealias="x" balance="16.57" endbalance="5.81"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="4" value="0.05"/>
      <Action seq="2" type="BigBlind" seat="5" value="0.10"/>
      <Action seq="4" type="Raise" seat="6" value="0.20"/>
      <Action seq="5" type="Fold" seat="3"/>
      <Action seq="6" type="Fold" seat="4"/>
      <Action seq="7" type="Call" seat="5" value="0.20"/>
      <Action seq="8" type="DealFlop">
         <Card value="A" suit="s" id="0"/>
         <Card value="10" suit="s" id="9"/>
         <Card value="2" suit="c" id="14"/>
      </Action>
      <Action seq="9" type="Bet" seat="5" value="0.30"/>
      <Action seq="10" type="Call" seat="6" value="0.30"/>
      <Action seq="11" type="DealTurn">
         <Card value="K" suit="c" id="25"/>
      </Action>
      <Action seq="12" type="Bet" seat="5" value="0.80"/>
      <Action seq="13" type="Raise" seat="6" value="1.60"/>
      <Action seq="14" type="Raise" seat="5" value="4.80"/>
      <Action seq="15" type="AllIn" seat="6" value="14.47"/>
      <Action seq="16" type="AllIn" seat="5" value="5.46"/>
      <Action seq="17" type="DealRiver">
         <Card value="Q" suit="h" id="50"/>
      </Action>
      <Action seq="18" type="ShowCards" seat="5">
         <Card value="2" suit="d" id="27"/>
         <Card value="2" suit="h" id="40"/>
      </Action>
      <Action seq="19" type="MuckCards" seat="6">
         <Card value="K" suit="d" id="38"/>
         <Card value="A" suit="c" id="13"/>
      </Action>
      <Action type="Win">
         <Seat num="5" amount="20.50" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>"#;

    #[test]
    fn a_version_1_hand() {
        let h = parse(V1).unwrap();
        assert_eq!(h.game.category, Category::Holdem);
        assert_eq!(h.table_name, "Deal 252 (Deep)");
        let hero = h.player_index("Hero").unwrap();
        let amounts: Vec<(ActionKind, Money)> = h
            .actions
            .iter()
            .filter(|a| a.player == hero)
            .map(|a| (a.kind, a.amount))
            .collect();
        assert_eq!(
            amounts,
            vec![
                (ActionKind::BigBlind, 10),
                (ActionKind::Call, 10),
                (ActionKind::Bet, 30),
                (ActionKind::Bet, 80),
                (ActionKind::Raise, 400),
                (ActionKind::Call, 546),
            ]
        );
        assert_eq!(h.returned[0].amount, 581);
        assert_eq!((h.total_pot, h.rake), (2157, 107));
        assert!(h.players[hero].shown && h.players[3].mucked);
        assert_eq!(h.players[3].cards, Card::parse_all("Kd Ac").unwrap());
        // Read the other way (chips added), the call is refused.
        let e = parse(&V1.replace("<Game id", "<Game hhversion=\"2\" id")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    /// A player posting to play: the big blind he posted, and the small blind his end balance
    /// shows he paid too.
    #[test]
    fn posts_to_play() {
        let hand = |post: &str, end: &str| {
            format!(
                r#"<Game id="1" date="2011-11-08 00:19:50" tablename="T" stakes="0.05|0.10" betlimit="NL" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="0" istournament="0">
<Seats>
<Seat num="1" alias="A" balance="10.00" endbalance="{end}"/>
<Seat num="3" alias="B" balance="5.00" endbalance="5.00" dealer="true"/>
<Seat num="4" alias="C" balance="5.00" endbalance="4.95"/>
<Seat num="5" alias="D" balance="5.00" endbalance="5.19"/>
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="4" value="0.05"/>
<Action seq="2" type="BigBlind" seat="5" value="0.10"/>
<Action seq="3" type="PostedToPlay" seat="1" value="{post}"/>
<Action seq="4" type="Check" seat="1"/>
<Action seq="5" type="Fold" seat="3"/>
<Action seq="6" type="Fold" seat="4"/>
<Action seq="7" type="Check" seat="5"/>
<Action seq="8" type="DealFlop"><Card value="Q" suit="h"/><Card value="8" suit="c"/><Card value="6" suit="h"/></Action>
<Action seq="9" type="Bet" seat="5" value="0.10"/>
<Action seq="10" type="Fold" seat="1"/>
<Action type="Win"><Seat num="5" amount="0.39" pot="0"/></Action>
</Gameplay>
</Game>"#
            )
        };
        // Both blinds: the 0.05 small blind dead.
        let h = parse(&hand("0.10", "9.85")).unwrap();
        let post = &h.actions[2];
        assert_eq!((post.kind, post.amount), (ActionKind::BothBlinds, 15));
        assert_eq!((h.total_pot, h.rake), (30, 1));
        // The big blind alone: the winner's 0.39 is then more than the pot.
        let e = parse(&hand("0.10", "9.90")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        // Another amount.
        let e = parse(&hand("0.07", "9.85")).unwrap_err();
        assert_eq!(e.line, 11);
    }

    #[test]
    fn a_tournament_hand() {
        let t = r#"<Game id="4214232887" date="2011-12-15 21:17:31" unicodetablename="x" tablename="VIP €10,000 Quarterly Freeroll [4685921]:Table 1" stakes="50|100" betlimit="NL" tabletype="MTT" gametypeid="1" gametype="Multi Table Hold&apos;em" realmoney="true" currencysymbol="" playerseat="3" betamount="0" istournament="1">
   <Seats>
      <Seat num="3" alias="Hero" unicodealias="x" balance="4860.00" endbalance="4860.00" sittingout="true"/>
      <Seat num="5" alias="P2" unicodealias="x" balance="5825.00" endbalance="8680.00"/>
      <Seat num="8" alias="P5" unicodealias="x" balance="2755.00" endbalance="0.00"/>
      <Seat num="9" alias="P6" unicodealias="x" balance="4855.00" endbalance="4755.00" dealer="true"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="8" value="50.00"/>
      <Action seq="2" type="BigBlind" seat="9" value="100.00"/>
      <Action seq="3" type="Fold" seat="3"/>
      <Action seq="4" type="AllIn" seat="5" value="5825.00"/>
      <Action seq="5" type="AllIn" seat="8" value="2705.00"/>
      <Action seq="6" type="Fold" seat="9"/>
      <Action seq="7" type="Disconnect" seat="9"/>
      <Action seq="8" type="DealFlop"><Card value="3" suit="h"/><Card value="Q" suit="s"/><Card value="3" suit="d"/></Action>
      <Action seq="9" type="DealTurn"><Card value="4" suit="h"/></Action>
      <Action seq="10" type="DealRiver"><Card value="10" suit="c"/></Action>
      <Action type="Win"><Seat num="5" amount="5610.00" pot="0" type="" lowhandwin="0"/></Action>
   </Gameplay>
</Game>

ExtendedTableName: VIP €10,000 Quarterly Freeroll [4685921]:Table 1 [4685921]"#;
        let h = parse(t).unwrap();
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!(h.game.currency, "T$");
        assert_eq!((h.game.small_blind, h.game.big_blind), (50, 100));
        assert_eq!(h.table_name, "4685921 1");
        let tour = h.tournament.as_ref().unwrap();
        assert_eq!(
            (tour.tourney_no, tour.table_no.as_deref()),
            (4_685_921, Some("1"))
        );
        // The hero sat out but is the owner of the history.
        assert_eq!(h.hero, Some(0));
        assert_eq!(h.returned[0].amount, 5825 - 2755);
        assert_eq!((h.total_pot, h.rake), (5610, 0));
    }

    /// The line of `text` holding `needle`.
    fn line_of(text: &str, needle: &str) -> u32 {
        text.lines().position(|l| l.contains(needle)).unwrap() as u32 + 1
    }

    #[test]
    fn refusals() {
        // Fixed limit, an unknown game, an unknown action type, an unknown element.
        let e = parse(&V5.replace("betlimit=\"PL\"", "betlimit=\"FL\"")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = parse(&V5.replace("gametype=\"Omaha\"", "gametype=\"Razz\"")).unwrap_err();
        assert_eq!(
            (e.kind, e.site_hand_no),
            (ErrorKind::Unsupported, Some(5_959_022_064))
        );
        let fold = "type=\"Fold\" seat=\"3\"";
        let e = parse(&V5.replace(fold, "type=\"Ante\" seat=\"3\" value=\"1\"")).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, line_of(V5, fold)));
        assert!(e.line_text.unwrap().contains("Ante"));
        let e = parse(&V5.replace("</Seats>", "<Note/></Seats>")).unwrap_err();
        assert_eq!(e.line, line_of(V5, "</Seats>"));
        // An action by an empty seat; an endbalance the hand contradicts.
        let e = parse(&V5.replace(fold, "type=\"Fold\" seat=\"7\"")).unwrap_err();
        assert_eq!(e.line, line_of(V5, fold));
        let e = parse(&V5.replace("endbalance=\"1979.00\"", "endbalance=\"1978.00\"")).unwrap_err();
        assert!(e.message.contains("endbalance"), "{}", e.message);
        assert_eq!(e.line, line_of(V5, "1979.00"));
        // A call of the wrong amount.
        let e = parse(&V5.replace("value=\"210.00\"", "value=\"200.00\"")).unwrap_err();
        assert_eq!(e.line, line_of(V5, "210.00"));
        // A card whose id is another card; text after the game.
        let e = parse(&V5.replace("id=\"48\"", "id=\"47\"")).unwrap_err();
        assert_eq!(e.line, line_of(V5, "id=\"48\""));
        let e = parse(&format!("{V5}\nsomething")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        // A hand number beyond a bigint.
        let e = parse(&V5.replace("5959022064", "99999999999999999999")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::OutOfRange);
        // An all-in for less than the player's chips.
        let e = parse(&V1.replace("value=\"5.46\"", "value=\"5.40\"")).unwrap_err();
        assert_eq!(e.line, line_of(V1, "5.46"));
    }

    /// The client's files: each hand after the name of its store, followed by the table's name.
    #[test]
    fn a_file_of_hands() {
        assert!(crate::split::is_store_name("----PRIMA.DAT----"));
        assert!(!crate::split::is_store_name("----.DAT----"));
        assert!(!crate::split::is_store_name("------ Summary ------"));
        let text = format!(
            "----PRIMA.DAT----\n\n{V5}\n----PRIMA.DAT----\n\n{V1}\n\nExtendedTableName: x [1]\n"
        );
        let hands: Vec<Hand> = crate::parse_history(&text).map(Result::unwrap).collect();
        assert_eq!(hands.len(), 2);
        assert_eq!(hands[1].site_hand_no, 4_152_594_215);
    }

    #[test]
    fn headers_and_symbols() {
        assert!(is_header(
            r#"<Game id="1" date="2011-11-08 00:19:50" x="">"#
        ));
        assert!(is_header(
            r#"  <Game hhversion="5" id="1" date="2016-03-25 00:46:30">"#
        ));
        assert!(!is_header("<Gameplay>"));
        assert!(!is_header(r#"<game id="1" starttime="1">"#));
        assert_eq!(currency_of("rCA="), Some("EUR"));
        assert_eq!(currency_of("IAAkAA=="), Some("EUR"));
        assert_eq!(currency_of("IACsIA=="), Some("EUR"));
        assert_eq!(currency_of("JAA="), Some("USD"));
        assert_eq!(currency_of("owA="), Some("GBP"));
        assert_eq!(currency_of("!!"), None);
        assert_eq!(base64("SABlAGwAbABvAA==").unwrap(), b"H\0e\0l\0l\0o\0");
        assert_eq!(tournament_table("A [12]:Table 3"), Some((12, "3")));
        assert_eq!(tournament_table("A [x]:Table 3"), None);
    }
}

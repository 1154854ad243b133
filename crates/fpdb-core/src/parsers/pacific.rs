//! 888poker hand histories (888poker, Pacific Poker, the Cassava skins and the national sites
//! 888.es, 888.it, 888.ro, ...).
//!
//! A hand reads:
//!
//! ```text
//! #Game No : 418361264
//! ***** Cassava Hand History for Game 418361264 *****
//! $5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21
//! Table Hokkaido (Real Money)
//! Seat 6 is the button
//! Total number of players : 4
//! Seat 2: Player0 ( $10 )
//! Player2 posts small blind [$5]
//! ** Dealing down cards **
//! Dealt to Hero [ Td, Qd ]
//! Hero raises [$20]
//! ** Dealing flop ** [ 8s, As, 2d ]
//! ** Summary **
//! Player0 shows [ 2c, Ts ]
//! Player0 collected [ $23.75 ]
//! ```
//!
//! The hand starts at its `***** <brand> Hand History for Game N *****` line; the `#Game No : N`
//! line before it repeats the number and is skipped by the splitter like a banner (PartyPoker
//! writes the same line before a different header). One pass over the lines, no regular
//! expressions; names are matched against the seat list, longest first.
//!
//! # What 888 prints, and how it is read
//!
//! - Bets, calls and raises print the chips the action adds (`raises [$20]` after nothing posted
//!   is a raise to $20). Fixed-limit stakes are the blinds themselves ("$5/$10 Blinds Fix Limit"
//!   is a $5/$10 game with $10/$20 bets).
//! - Amounts come in every local style: `$1,728.25`, `0,01 $`, `7,17$`, `$ 3.243` (Dutch: 3,243
//!   dollars), `15 788,50 $`, `1.183.764 $` (888.ro), `25 000`. A separator followed by one or
//!   two final digits is the decimal point; every other separator groups thousands.
//! - Real money is in cents. Play money ("Practice Play") is printed with cents too
//!   (`0.50/1 Blinds`, stacks of `291.60`), so 888 play money is stored in hundredths of a chip
//!   (unit as for real money, currency "play"); tournaments are in chips ("T$").
//! - No total pot, rake or uncalled bet is printed. The chips a player put in above everyone
//!   else are returned to him (recorded as an uncalled bet on the street he put them in), and
//!   when 888 counted them in his "collected" amount (some histories do, some print the return
//!   as a collection of its own), they are taken out of it. The total pot is what the players put
//!   in less the returns; the rake of a cash hand is what the pot holds beyond the collections
//!   (jackpot-table fees included). Tournament hands have no rake.
//! - Localised cards: Dutch (H = K, V = Q, B = J), Swedish (Kn = J, D = Q, E = A), German and
//!   Polish suits (Pik, Herz/Kier, Kreuz/Trefl, Karo), Russian ranks (В = J, Д = Q, К = K,
//!   Т = A; also as read from a Windows-1252 file: Â, Ä, Ê, Ò), Spanish suits (p = spades,
//!   t = clubs; in a hand that uses them, c is corazones, hearts). A card in no known notation
//!   makes the hand unreadable rather than wrong.
//! - `posts dead blind [$0.01 + $0.02]` posts both blinds (the small one dead); `[$25 + $0]` a
//!   dead small blind.
//! - Hero: the player whose `Dealt to NAME [cards]` line shows cards.
//! - A seat line without a name (some observed hands) makes the hand unreadable: its actions
//!   cannot be told apart.
//! - A hand in which a single player put money in and nobody was dealt cards (the other players
//!   left before the deal) is reported as cancelled.
//! - Tournaments: `Tournament #N $0.90 + $0.09 - Table #73` gives the buy-in and fee (a third
//!   amount is read as the bounty, PokerStars' order), `Free` (or any buy-in text without
//!   digits) a freeroll. The table name is `"<tournament number> <table>"`.
//! - `Snap Poker` histories are fast-fold tables.
//!
//! # Time zone
//!
//! The date (`*** 04 03 2012 15:32:21`, day first) carries no zone. It is read as **UK time**
//! (Europe/London: GMT, BST in summer), 888's own clock — as the commercial tracker DriveHUD
//! reads it ("GMT Standard Time"); the reference tracker fpdb reads it as US Eastern, its default
//! for every room. Some 888poker and 888.ro tournament histories print no date at all
//! (`- ***`): their start time is unknown and stored as the Unix epoch, 1970-01-01 00:00:00 UTC.

use chrono::{DateTime, NaiveDate, Utc};

use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, groups, rsplit2, split2};
use crate::parsers::verbs::{self, Betting, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The 888poker format.
#[derive(Debug)]
pub struct Pacific;

impl Room for Pacific {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"*"
    }

    fn site(&self) -> &'static str {
        "888poker"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        header_no(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

const SITE: &str = "888poker";

/// 888's checks, calls, bets and raises (its folds and posts are read by the parser itself).
const RULES: Rules = Rules {
    every_small_blind_live: false,
    big_blind_above_table_is_straddle: false,
    amend_short_raise: false,
    straddle_is_total: false,
};

/// Names 888 prints before "Hand History for Game".
const BRANDS: &[&str] = &[
    "Cassava",
    "888poker",
    "888",
    "Pacific Poker",
    "PacificPoker",
];

/// "***** <brand>[.xx][-xx] [Snap Poker |BLAST ]Hand History for Game N *****": the hand number
/// text and whether the table is fast-fold.
fn header_no(line: &str) -> Option<(&str, bool)> {
    // Four or five stars, then a space.
    let r = line
        .strip_prefix("***** ")
        .or_else(|| line.strip_prefix("**** "))?;
    let brand = BRANDS.iter().find(|b| r.starts_with(**b))?;
    let mut r = &r[brand.len()..];
    // National sites: "888.ro", "888poker.es", "888.it-it".
    for sep in ['.', '-'] {
        if let Some(x) = r.strip_prefix(sep) {
            let n = x.bytes().take_while(u8::is_ascii_lowercase).count();
            if n == 0 {
                return None;
            }
            r = &x[n..];
        }
    }
    let r = r.strip_prefix(' ')?;
    let (fast, r) = match r.strip_prefix("Snap Poker ") {
        Some(x) => (true, x),
        None => (false, r.strip_prefix("BLAST ").unwrap_or(r)),
    };
    let r = r.strip_prefix("Hand History for Game ")?;
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !r[digits..].starts_with(" *") {
        return None;
    }
    Some((&r[..digits], fast))
}

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/// Currency of the symbols in an amount's text: `$`, `€`, `£`; `None` when there is none.
fn currency_in(text: &str) -> Option<&'static str> {
    if text.contains('$') {
        Some("USD")
    } else if text.contains('€') {
        Some("EUR")
    } else if text.contains('£') {
        Some("GBP")
    } else {
        None
    }
}

/// An amount in any of 888's local styles (see the module documentation), times `scale`.
fn money_of(text: &str, scale: i64) -> Result<Money, ErrorKind> {
    // Digits and separators, without symbols and spaces; at most 24 bytes kept.
    let mut buf = [0u8; 24];
    let mut n = 0;
    for c in text.bytes() {
        match c {
            b'0'..=b'9' | b'.' | b',' => {
                let slot = buf.get_mut(n).ok_or(ErrorKind::OutOfRange)?;
                *slot = c;
                n += 1;
            }
            b' ' | b'$' => {}
            // '€' and '£' in UTF-8, and the non-breaking space of Windows-1252 files.
            c if c >= 0x80 => {}
            _ => return Err(ErrorKind::Malformed),
        }
    }
    let b = &buf[..n];
    if !b.iter().any(u8::is_ascii_digit) {
        return Err(ErrorKind::Malformed);
    }
    // The decimal point: the last separator, when one or two digits follow it.
    let decimal_at = b
        .iter()
        .rposition(|&c| c == b'.' || c == b',')
        .filter(|&i| (1..=2).contains(&(b.len() - i - 1)));
    let (int_part, frac_part) = match decimal_at {
        Some(i) => (&b[..i], &b[i + 1..]),
        None => (b, &b[..0]),
    };
    let mut int: i64 = 0;
    for &c in int_part.iter().filter(|c| c.is_ascii_digit()) {
        int = int
            .checked_mul(10)
            .and_then(|v| v.checked_add(i64::from(c - b'0')))
            .ok_or(ErrorKind::OutOfRange)?;
    }
    let mut frac: i64 = 0;
    for &c in frac_part {
        frac = frac * 10 + i64::from(c - b'0');
    }
    if frac_part.len() == 1 {
        frac *= 10;
    }
    let scaled = int.checked_mul(scale).ok_or(ErrorKind::OutOfRange)?;
    // Chips never have cents; a fraction in chips is rounded (half up).
    let frac = if scale == 100 {
        frac
    } else {
        (frac * scale + 50) / 100
    };
    scaled.checked_add(frac).ok_or(ErrorKind::OutOfRange)
}

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/// A card as printed, before the hand's notation is known: its rank and its suit, where the
/// letter `c` stays ambiguous (clubs, but hearts — corazones — in Spanish notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RawCard {
    rank: u8,
    suit: RawSuit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RawSuit {
    /// Suit index 0..=3 (h, d, c, s).
    Known(u8),
    /// The letter `c`.
    C,
    /// A Spanish suit letter (p, t): the hand uses Spanish notation.
    Spanish(u8),
}

const HEARTS: u8 = 0;
const DIAMONDS: u8 = 1;
const CLUBS: u8 = 2;
const SPADES: u8 = 3;

/// Suit words (German, Polish) at the end of a card.
const SUIT_WORDS: &[(&str, u8)] = &[
    ("Pik", SPADES),
    ("Herz", HEARTS),
    ("Kier", HEARTS),
    ("Kreuz", CLUBS),
    ("Trefl", CLUBS),
    ("Karo", DIAMONDS),
];

/// Rank words and letters of the languages 888 writes, with the Russian letters also as a
/// Windows-1252 reading of their Windows-1251 bytes.
const RANKS: &[(&str, u8)] = &[
    ("10", 10),
    ("Kn", 11),
    ("В", 11),
    ("Â", 11),
    ("Д", 12),
    ("Ä", 12),
    ("К", 13),
    ("Ê", 13),
    ("Т", 14),
    ("Ò", 14),
    ("T", 10),
    ("J", 11),
    ("B", 11),
    ("W", 11),
    ("Q", 12),
    ("D", 12),
    ("V", 12),
    ("K", 13),
    ("H", 13),
    ("A", 14),
    ("E", 14),
];

/// One card token ("Td", "8Pik", "Knh", "Âh", "7p").
fn raw_card(token: &str) -> Option<RawCard> {
    let t = token.trim();
    let (rank_text, suit) = match SUIT_WORDS.iter().find(|(w, _)| t.ends_with(w)) {
        Some(&(w, s)) => (&t[..t.len() - w.len()], RawSuit::Known(s)),
        None => {
            let last = *t.as_bytes().last()?;
            let suit = match last {
                b'h' => RawSuit::Known(HEARTS),
                b'd' => RawSuit::Known(DIAMONDS),
                b's' => RawSuit::Known(SPADES),
                b'c' => RawSuit::C,
                b'p' => RawSuit::Spanish(SPADES),
                b't' => RawSuit::Spanish(CLUBS),
                _ => return None,
            };
            (&t[..t.len() - 1], suit)
        }
    };
    let rank = match rank_text.as_bytes() {
        [d @ b'2'..=b'9'] => d - b'0',
        _ => RANKS.iter().find(|(r, _)| *r == rank_text)?.1,
    };
    Some(RawCard { rank, suit })
}

/// The card, once the hand's notation is known.
fn card(c: RawCard, spanish: bool) -> Card {
    let suit = match c.suit {
        RawSuit::Known(s) | RawSuit::Spanish(s) => s,
        RawSuit::C if spanish => HEARTS,
        RawSuit::C => CLUBS,
    };
    Card::from_rank_suit(c.rank, suit).unwrap_or(Card::UNKNOWN)
}

// ---------------------------------------------------------------------------------------------
// Header lines
// ---------------------------------------------------------------------------------------------

/// "$0.01/$0.02 Blinds No Limit Holdem[ Jackpot table] - *** 04 02 2011 13:04:49".
struct GameLine {
    category: Category,
    limit: LimitType,
    stakes: (String, String),
    currency: Option<&'static str>,
    start_time: DateTime<Utc>,
}

const GAMES: &[(&str, Category)] = &[
    ("OmahaHL", Category::OmahaHiLo),
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha", Category::OmahaHi),
    ("Holdem", Category::Holdem),
    ("Hold'em", Category::Holdem),
];

const LIMITS: &[(&str, LimitType)] = &[
    ("No Limit ", LimitType::NoLimit),
    ("Pot Limit ", LimitType::PotLimit),
    ("Fix Limit ", LimitType::FixedLimit),
    ("Fixed Limit ", LimitType::FixedLimit),
    ("Limit ", LimitType::FixedLimit),
];

fn game_line(line: &str) -> Result<GameLine, (ErrorKind, &'static str)> {
    let (stakes, rest) =
        split2(line, " Blinds ").ok_or((ErrorKind::Malformed, "unreadable game line"))?;
    let (game, date) =
        split2(rest, " - ***").ok_or((ErrorKind::Malformed, "unreadable game line"))?;
    let (limit, game) = LIMITS
        .iter()
        .find_map(|&(l, t)| game.strip_prefix(l).map(|g| (t, g)))
        .ok_or((
            ErrorKind::Unsupported,
            "an 888poker betting structure fpdb does not read",
        ))?;
    let game = game.strip_suffix(" Jackpot table").unwrap_or(game).trim();
    let category = GAMES.iter().find(|(g, _)| *g == game).map(|g| g.1).ok_or((
        ErrorKind::Unsupported,
        "an 888poker game fpdb does not read",
    ))?;
    let (sb, bb) = stakes
        .split_once('/')
        .ok_or((ErrorKind::Malformed, "unreadable stakes"))?;
    let start_time = match date.trim() {
        "" => DateTime::<Utc>::UNIX_EPOCH,
        d => date_of(d).ok_or((ErrorKind::Malformed, "unreadable date"))?,
    };
    Ok(GameLine {
        category,
        limit,
        stakes: (sb.to_string(), bb.to_string()),
        currency: currency_in(stakes),
        start_time,
    })
}

/// "04 03 2012 15:32:21" (day, month, year), UK time, in UTC.
fn date_of(text: &str) -> Option<DateTime<Utc>> {
    let mut it = text.split([' ', ':']).filter(|s| !s.is_empty());
    let mut next = || it.next()?.parse::<u32>().ok();
    let (d, m, y, hh, mm, ss) = (next()?, next()?, next()?, next()?, next()?, next()?);
    let local = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)?.and_hms_opt(hh, mm, ss)?;
    Some(time::local_to_utc(local, chrono_tz::Europe::London))
}

/// "Table NAME[ 10 Max] (Real Money)" or "Tournament #N BUYIN[ - Table #T][ 6 Max] (Real Money)".
struct TableLine {
    name: String,
    max_seats: Option<u8>,
    play_money: bool,
    tournament: Option<Tournament>,
}

fn table_line(line: &str) -> Result<TableLine, (ErrorKind, &'static str)> {
    let (rest, kind) = match line.rfind(" (") {
        Some(i) if line.ends_with(')') => (&line[..i], &line[i + 2..line.len() - 1]),
        _ => (line, ""),
    };
    let play_money = kind == "Practice Play" || kind == "Play Money";
    // " 10 Max" at the end.
    let (rest, max_seats) = match rest.strip_suffix(" Max").and_then(|r| r.rsplit_once(' ')) {
        Some((head, n)) if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) => {
            (head, n.parse().ok())
        }
        _ => (rest, None),
    };
    if let Some(name) = rest.strip_prefix("Table ") {
        return Ok(TableLine {
            name: name.trim().to_string(),
            max_seats,
            play_money,
            tournament: None,
        });
    }
    let t = rest
        .strip_prefix("Tournament #")
        .ok_or((ErrorKind::Malformed, "unreadable table line"))?;
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err((ErrorKind::Malformed, "unreadable tournament number"));
    }
    let tourney_no: i64 = t[..digits].parse().map_err(|_| {
        (
            ErrorKind::OutOfRange,
            "tournament number too large to store",
        )
    })?;
    let after = t[digits..].trim();
    let (buyin_text, table) = match rsplit2(after, " - Table #") {
        Some((b, tb)) => (b.trim(), Some(tb.trim())),
        None => match after.strip_prefix("- Table #") {
            Some(tb) => ("", Some(tb.trim())),
            None => (after, None),
        },
    };
    let mut tournament = Tournament {
        tourney_no,
        buyin: 0,
        fee: 0,
        bounty: 0,
        currency: "FREE".to_string(),
        level: None,
        table_no: table.filter(|t| !t.is_empty()).map(str::to_string),
        rebuy: false,
        results: Vec::new(),
    };
    if buyin_text.bytes().any(|c| c.is_ascii_digit()) {
        let parts: Vec<&str> = buyin_text.split(" + ").collect();
        let amounts: Vec<Money> = parts
            .iter()
            .map(|p| money_of(p, 100))
            .collect::<Result<_, _>>()
            .map_err(|k| (k, "unreadable buy-in"))?;
        let (buyin, bounty, fee) = match amounts.as_slice() {
            [b] => (*b, 0, 0),
            [b, f] => (*b, 0, *f),
            [b, k, f] => (b.saturating_add(*k), *k, *f),
            _ => return Err((ErrorKind::Malformed, "unreadable buy-in")),
        };
        tournament.buyin = buyin;
        tournament.bounty = bounty;
        tournament.fee = fee;
        tournament.currency = match currency_in(buyin_text) {
            Some(c) => c.to_string(),
            None => "play".to_string(),
        };
    }
    let name = match &tournament.table_no {
        Some(tb) => format!("{tourney_no} {tb}"),
        None => tourney_no.to_string(),
    };
    Ok(TableLine {
        name,
        max_seats,
        play_money,
        tournament: Some(tournament),
    })
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

type LineResult = Result<(), ParseError>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The game line comes next.
    Game,
    /// The table line comes next.
    Table,
    /// Button, player count and seat lines.
    Seats,
    Body,
    Summary,
}

/// Where a card read from the text goes, resolved once the hand's notation is known.
#[derive(Debug, Clone, Copy)]
enum CardTarget {
    Board,
    Dealt(PlayerIdx),
    Shown(PlayerIdx),
    Mucked(PlayerIdx),
}

/// Parses one chunk (a hand) of 888poker text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (id, fast) = header_no(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not an 888poker hand header").with_text(first)
    })?;
    let no: i64 = id
        .parse()
        .map_err(|_| ParseError::hand_no_too_large(first_no).with_text(first))?;
    let mut p = Parser::new(no, id, fast, first_no);
    let last_no = text::each_line(lines, first_no, no, str::trim_end, |line_no, line| {
        p.line(line_no, line)
    })?;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(no)))
}

struct Parser {
    /// Built once the game and table lines are read.
    b: Option<HandBuilder>,
    no: i64,
    id: String,
    fast: bool,
    header_line: u32,
    phase: Phase,
    game: Option<GameLine>,
    scale: i64,
    sb_posted: bool,
    folded: Vec<bool>,
    /// Checks, calls, bets and raises: the format's betting rules (888 prints raises as the
    /// chips they add).
    betting: Betting,
    /// "** Dealing down cards **" or a "Dealt to" line was seen.
    dealt: bool,
    hero: Option<PlayerIdx>,
    cards: Vec<(CardTarget, RawCard)>,
    /// "collected" lines.
    collected: Vec<Collection>,
    summary_seen: bool,
    /// A non-blank line after "** Summary **".
    summary_has_lines: bool,
    /// Folds printed before the deal, whose meaning the next line tells (see `post`).
    pending_folds: Vec<PlayerIdx>,
}

impl Parser {
    fn new(no: i64, id: &str, fast: bool, header_line: u32) -> Parser {
        Parser {
            b: None,
            no,
            id: id.to_string(),
            fast,
            header_line,
            phase: Phase::Game,
            game: None,
            scale: 100,
            sb_posted: false,
            folded: Vec::with_capacity(10),
            betting: Betting::new(RULES),
            dealt: false,
            hero: None,
            cards: Vec::with_capacity(16),
            collected: Vec::new(),
            summary_seen: false,
            summary_has_lines: false,
            pending_folds: Vec::new(),
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        money_of(text, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    /// The amount in the brackets of `s`.
    fn bracket_money(&self, s: &str, no: u32) -> Result<Money, ParseError> {
        let inner = groups(s)
            .next()
            .ok_or_else(|| ParseError::malformed(no, "amount missing"))?;
        self.money(inner, no)
    }

    /// An action's amount, "[$5]": the whole text in brackets (junk around them is refused).
    fn bracketed_money(&self, s: &str, no: u32) -> Result<Money, ParseError> {
        let inner = s
            .strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .ok_or_else(|| ParseError::malformed(no, "amount not in brackets"))?;
        self.money(inner, no)
    }

    fn builder(&mut self, no: u32) -> Result<&mut HandBuilder, ParseError> {
        self.b
            .as_mut()
            .ok_or_else(|| ParseError::malformed(no, "line before the table line"))
    }

    fn line(&mut self, no: u32, line: &str) -> LineResult {
        match self.phase {
            Phase::Game => {
                if line.starts_with("#Game No") {
                    return Ok(());
                }
                let g = game_line(line).map_err(|(k, m)| ParseError::new(k, no, m))?;
                self.game = Some(g);
                self.phase = Phase::Table;
                Ok(())
            }
            Phase::Table => self.table(no, line),
            Phase::Summary => self.summary_line(no, line),
            Phase::Seats | Phase::Body => self.body_line(no, line),
        }
    }

    /// The table line: builds the hand with everything the first three lines said.
    fn table(&mut self, no: u32, line: &str) -> LineResult {
        let t = table_line(line).map_err(|(k, m)| ParseError::new(k, no, m))?;
        let g = self
            .game
            .take()
            .ok_or_else(|| ParseError::malformed(no, "table line before the game line"))?;
        let (kind, currency, scale) = match (&t.tournament, t.play_money) {
            (Some(_), _) => (GameKind::Tour, "T$".to_string(), 1),
            // 888 prints play money with cents: stored like real money.
            (None, true) => (GameKind::Ring, "play".to_string(), 100),
            (None, false) => match g.currency {
                Some(c) => (GameKind::Ring, c.to_string(), 100),
                None => {
                    return Err(ParseError::new(
                        ErrorKind::Unsupported,
                        no,
                        "a real-money table without a currency",
                    ))
                }
            },
        };
        self.scale = scale;
        let small_blind = self.money(&g.stakes.0, no)?;
        let big_blind = self.money(&g.stakes.1, no)?;
        let game = Game {
            kind,
            base: g.category.base(),
            category: g.category,
            limit_type: g.limit,
            hi_lo: g.category.hilo(),
            small_blind,
            big_blind,
            small_bet: big_blind,
            big_bet: big_blind.saturating_mul(2),
            ante: 0,
            currency,
            mix: None,
            fast: self.fast,
            home_game: false,
            split_board: false,
        };
        let mut b = HandBuilder::new(SITE, self.no, &self.id, game, g.start_time);
        let hand = b.hand_mut();
        hand.table_name = t.name;
        hand.max_seats = t.max_seats;
        hand.tournament = t.tournament;
        self.b = Some(b);
        self.phase = Phase::Seats;
        Ok(())
    }

    /// The seated player whose name starts `line` followed by a space (longest name first).
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let players = &self.b.as_ref()?.hand().players;
        text::name_prefix(players, line, |c| c == b' ', true).map(|(i, n)| (i, &line[n + 1..]))
    }

    fn body_line(&mut self, no: u32, line: &str) -> LineResult {
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            if line.starts_with("Total number of players") {
                return Ok(());
            }
            self.phase = Phase::Body;
        }
        if let Some(r) = line.strip_prefix("** ") {
            return self.street(no, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt_to(no, r);
        }
        if let Some((p, r)) = self.player_prefix(line) {
            return self.action(no, p, r);
        }
        const ACTIONS: &[&str] = &[
            " folds",
            " checks",
            " calls [",
            " bets [",
            " raises [",
            " posts ",
            " collected [",
        ];
        if ACTIONS.iter().any(|a| find(line, a).is_some()) {
            return Err(ParseError::unknown_actor(no));
        }
        Ok(())
    }

    /// "Seat 6 is the button", "Seat 2: NAME ( $10 )" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let seat: u8 = r[..digits]
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let rest = &r[digits..];
        if rest == " is the button" {
            self.builder(no)?.hand_mut().button_seat = Some(seat);
            return Ok(());
        }
        let rest = rest
            .strip_prefix(": ")
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let Some((name, stack)) = rest.strip_suffix(" )").and_then(|r| rsplit2(r, " ( ")) else {
            return Err(ParseError::malformed(no, "unreadable seat line"));
        };
        if name.trim().is_empty() {
            return Err(ParseError::malformed(
                no,
                "seat line without a player name: the players' actions cannot be told apart",
            ));
        }
        let stack = self.money(stack, no)?;
        let b = self.builder(no)?;
        b.seat_player(no, seat, name, stack, false)?;
        self.folded.push(false);
        Ok(())
    }

    /// "** Dealing down cards **", "** Dealing flop ** [ 8s, As, 2d ]", "** Summary **"
    /// (after "** ").
    fn street(&mut self, no: u32, r: &str) -> LineResult {
        let street = if r.starts_with("Dealing down cards") {
            self.dealt = true;
            self.begin_betting(no)?;
            0
        } else if r.starts_with("Dealing flop") {
            1
        } else if r.starts_with("Dealing turn") {
            2
        } else if r.starts_with("Dealing river") {
            3
        } else if r.starts_with("Summary") {
            self.begin_betting(no)?;
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        } else {
            return Ok(());
        };
        let b = self.builder(no)?;
        if street > b.street() {
            b.set_street(street);
        }
        if street > 0 {
            let group = groups(r)
                .next()
                .ok_or_else(|| ParseError::malformed(no, "board cards missing"))?;
            self.add_cards(no, CardTarget::Board, group)?;
        }
        Ok(())
    }

    fn add_cards(&mut self, no: u32, target: CardTarget, group: &str) -> LineResult {
        for token in group.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let c = raw_card(token).ok_or_else(|| ParseError::malformed(no, "unreadable card"))?;
            self.cards.push((target, c));
        }
        Ok(())
    }

    /// "Dealt to NAME [ c, c ]" (after "Dealt to ").
    fn dealt_to(&mut self, no: u32, r: &str) -> LineResult {
        let Some((p, rest)) = self.player_prefix(r) else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        self.dealt = true;
        if let Some(g) = groups(rest).next() {
            self.hero.get_or_insert(p);
            self.add_cards(no, CardTarget::Dealt(p), g)?;
        }
        Ok(())
    }

    /// The first action of the deal (observed hands print no "Dealing down cards" line): street
    /// 0 starts, and the folds printed while the blinds were posted are folds of street 0.
    fn begin_betting(&mut self, no: u32) -> LineResult {
        let pending = std::mem::take(&mut self.pending_folds);
        let b = self.builder(no)?;
        if b.street() < 0 {
            b.set_street(0);
        }
        for p in pending {
            b.fold(p);
        }
        Ok(())
    }

    /// "NAME verb ..." before the summary (after "NAME "): the verbs of [`verbs`] with their
    /// amounts in brackets, 888's posts and folds, the shared rules for the rest.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(a) = r.strip_prefix("posts ") {
            return self.post(no, p, a);
        }
        let verb = verbs::POKERSTARS.parse(r, |t| self.bracketed_money(t, no), no)?;
        match verb {
            Some(Verb::Fold { .. }) => self.fold(no, p)?,
            Some(
                verb @ (Verb::Check | Verb::Call { .. } | Verb::Bet { .. } | Verb::Raise { .. }),
            ) => {
                self.begin_betting(no)?;
                let b = self
                    .b
                    .as_mut()
                    .ok_or_else(|| ParseError::malformed(no, "line before the table line"))?;
                self.betting.apply(b, p, &verb);
            }
            // "shows [..]", "mucks [..]" before the summary only in odd files, "collected [..]":
            // read as in the summary.
            Some(Verb::Show { .. } | Verb::Muck) | None => return self.summary_player(no, p, r),
            // "sits out", and verbs 888 does not print.
            Some(_) => {}
        }
        // "has left the table", ...: nothing to record.
        Ok(())
    }

    /// "folds". Between the blinds: a player who will not post (he sits out), unless the deal
    /// starts before another post.
    fn fold(&mut self, no: u32, p: PlayerIdx) -> LineResult {
        if self.folded[p] {
            return Ok(());
        }
        self.folded[p] = true;
        if self.builder(no)?.street() < 0 {
            self.pending_folds.push(p);
        } else {
            self.builder(no)?.fold(p);
        }
        Ok(())
    }

    /// "posts small blind [$5]", "posts ante [$100]", "posts dead blind [$0.01 + $0.02]"
    /// (after "posts ").
    fn post(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        // Players who folded before this post refused to post: they are not dealt in.
        for q in std::mem::take(&mut self.pending_folds) {
            self.builder(no)?.hand_mut().players[q].sitting_out = true;
        }
        let (kind, amount) = if r.starts_with("small blind [") {
            let kind = if self.sb_posted {
                ActionKind::DeadSmallBlind
            } else {
                ActionKind::SmallBlind
            };
            self.sb_posted = true;
            (kind, self.bracket_money(r, no)?)
        } else if r.starts_with("big blind [") {
            (ActionKind::BigBlind, self.bracket_money(r, no)?)
        } else if r.starts_with("ante [") || r.starts_with("the ante [") {
            (ActionKind::Ante, self.bracket_money(r, no)?)
        } else if r.starts_with("dead blind [") {
            let inner = groups(r)
                .next()
                .ok_or_else(|| ParseError::malformed(no, "amount missing"))?;
            let (sb, bb) = match split2(inner, " + ") {
                Some((s, b)) => (self.money(s, no)?, self.money(b, no)?),
                None => (self.money(inner, no)?, 0),
            };
            match (sb > 0, bb > 0) {
                (true, true) => (ActionKind::BothBlinds, sb.saturating_add(bb)),
                (false, true) => (ActionKind::BigBlind, bb),
                _ => (ActionKind::DeadSmallBlind, sb),
            }
        } else {
            return Err(ParseError::malformed(no, "unknown kind of post"));
        };
        self.builder(no)?.post(p, kind, amount, false);
        Ok(())
    }

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        self.summary_has_lines |= !line.trim().is_empty();
        if line.starts_with('(') {
            // "(Hi: 2s, 3h, 4h, 5c, Ah)", "(Lo: ...)": the winning hands.
            return Ok(());
        }
        match self.player_prefix(line) {
            Some((p, r)) => self.summary_player(no, p, r),
            None => {
                if find(line, " collected [").is_some() {
                    return Err(ParseError::malformed(
                        no,
                        "pot collected by a player who is not in the seat list",
                    ));
                }
                Ok(())
            }
        }
    }

    /// "shows [ .. ]", "mucks [ .. ]", "collected [ $5 ]", "did not show his hand".
    fn summary_player(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if r.starts_with("shows [") {
            let g = groups(r).next().unwrap_or("");
            self.builder(no)?.hand_mut().players[p].shown = true;
            self.add_cards(no, CardTarget::Shown(p), g)?;
        } else if r.starts_with("mucks [") {
            let g = groups(r).next().unwrap_or("");
            self.builder(no)?.hand_mut().players[p].mucked = true;
            self.add_cards(no, CardTarget::Mucked(p), g)?;
        } else if r.starts_with("collected [") {
            let amount = self.bracket_money(r, no)?;
            self.collected.push(Collection {
                player: p,
                amount,
                pot: 0,
                board: 0,
            });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // End of the hand
    // -----------------------------------------------------------------------------------------

    fn finish(mut self, last_line: u32) -> Result<Hand, ParseError> {
        if !self.summary_seen {
            return Err(ParseError::before_summary(last_line));
        }
        // 888 prints no end-of-hand line, so a file cut inside the summary cannot be told from
        // a finished hand (the corpus has real hands with no "collected" line at all). But
        // every summary has at least one line: one cut right after "** Summary **" lost every
        // collection and would store the whole pot as rake (found by the malformed-input suite).
        if !self.summary_has_lines {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the summary has no lines (the file was cut)",
            ));
        }
        let header_line = self.header_line;
        let Some(mut b) = self.b.take() else {
            return Err(ParseError::malformed(
                header_line,
                "the hand has no game or table line",
            ));
        };
        if b.hand().players.is_empty() {
            return Err(ParseError::malformed(
                header_line,
                "the hand has no seat lines",
            ));
        }
        self.finish_cards(&mut b);
        let hand = b.hand_mut();
        hand.hero = self.hero;
        if let Some(a) = hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max()
        {
            hand.game.ante = a;
        }
        let contributors = {
            let mut c = vec![false; hand.players.len()];
            for a in hand.actions.iter().filter(|a| a.amount > 0) {
                if let Some(x) = c.get_mut(a.player) {
                    *x = true;
                }
            }
            c.iter().filter(|&&x| x).count()
        };
        if contributors <= 1 && !self.dealt {
            return Err(ParseError::new(
                ErrorKind::Cancelled,
                header_line,
                "the hand was cancelled: one player posted and no cards were dealt",
            ));
        }
        hand.collections = std::mem::take(&mut self.collected);
        // 888 prints no uncalled bet, no total and no rake. Its tournaments sometimes award less
        // than the pot (the corpus has such hands): only cash hands can be checked.
        let mut policy = PotPolicy::new(self.scale, last_line);
        policy.uncalled = Uncalled::Unmatched;
        policy.check = hand.game.kind == GameKind::Ring;
        b.settle(&policy)?;
        Ok(b.finish())
    }

    /// Turns the cards read into the hand's cards, in the notation the hand uses.
    fn finish_cards(&mut self, b: &mut HandBuilder) {
        let spanish = self
            .cards
            .iter()
            .any(|(_, c)| matches!(c.suit, RawSuit::Spanish(_)));
        let size = b.hand().game.category.hand_size();
        let mut board = Vec::with_capacity(5);
        for &(target, raw) in &self.cards {
            let c = card(raw, spanish);
            match target {
                CardTarget::Board => board.push(c),
                CardTarget::Dealt(p) | CardTarget::Shown(p) | CardTarget::Mucked(p) => {
                    let pl = &mut b.hand_mut().players[p];
                    if pl.cards.len() < size {
                        pl.cards.resize(size, Card::UNKNOWN);
                    }
                    if !pl.cards.contains(&c) {
                        if let Some(slot) = pl.cards.iter_mut().find(|x| !x.is_known()) {
                            *slot = c;
                        }
                    }
                }
            }
        }
        if !board.is_empty() {
            b.hand_mut().boards = vec![board];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&Pacific));
        parse_chunk(&chunk)
    }

    #[test]
    fn headers_are_recognised() {
        let h = |l| Pacific.is_hand_start(l);
        assert!(h("***** Cassava Hand History for Game 418361264 *****"));
        assert!(h("***** 888poker Hand History for Game 548154959 *****"));
        assert!(h("***** 888.ro Hand History for Game 1059729553 *****"));
        assert!(h("**** 888poker Snap Poker Hand History for Game 1 *****"));
        assert_eq!(
            header_no("**** 888poker Snap Poker Hand History for Game 1 *****"),
            Some(("1", true))
        );
        // PartyPoker's and Betfair's headers, and 888's own other lines.
        assert!(!h("***** Hand History for Game 11354414824 *****"));
        assert!(!h(
            "***** Betfair Poker Hand History for Game 100000000 *****"
        ));
        assert!(!h("#Game No : 418361264"));
        assert!(!h("** Dealing down cards **"));
        assert!(!h("***** Cassava Tournament Summary *****"));
    }

    #[test]
    fn amounts_in_every_local_style() {
        let c = |t| money_of(t, 100);
        assert_eq!(c("$1,728.25"), Ok(172_825));
        assert_eq!(c("0,01 $"), Ok(1));
        assert_eq!(c("7,17$"), Ok(717));
        assert_eq!(c("$ 3.243"), Ok(324_300));
        assert_eq!(c("$ 552,72"), Ok(55_272));
        assert_eq!(c("15 788,50 $"), Ok(1_578_850));
        assert_eq!(c("6 749 $"), Ok(674_900));
        assert_eq!(c("$0.5"), Ok(50));
        assert_eq!(c("€15"), Ok(1500));
        assert_eq!(money_of("1.183.764 $", 1), Ok(1_183_764));
        assert_eq!(money_of("25 000", 1), Ok(25_000));
        assert_eq!(c("abc"), Err(ErrorKind::Malformed));
        assert_eq!(c("$"), Err(ErrorKind::Malformed));
        assert_eq!(c("99999999999999999999"), Err(ErrorKind::OutOfRange));
        assert_eq!(c("999999999999999999999999999"), Err(ErrorKind::OutOfRange));
    }

    #[test]
    fn localised_cards() {
        let c = |t: &str| raw_card(t).map(|r| card(r, false).to_string());
        assert_eq!(c("Td").as_deref(), Some("Td"));
        assert_eq!(c("10h").as_deref(), Some("Th"));
        assert_eq!(c("8Pik").as_deref(), Some("8s"));
        assert_eq!(c("QKreuz").as_deref(), Some("Qc"));
        assert_eq!(c("Knh").as_deref(), Some("Jh"));
        assert_eq!(c("Ec").as_deref(), Some("Ac"));
        assert_eq!(c("Dd").as_deref(), Some("Qd"));
        assert_eq!(c("Hc").as_deref(), Some("Kc"));
        assert_eq!(c("Vs").as_deref(), Some("Qs"));
        assert_eq!(c("Bh").as_deref(), Some("Jh"));
        assert_eq!(c("Âh").as_deref(), Some("Jh"));
        assert_eq!(c("Äc").as_deref(), Some("Qc"));
        assert_eq!(c("Òd").as_deref(), Some("Ad"));
        assert_eq!(c("Тd").as_deref(), Some("Ad"));
        assert_eq!(c("7p").as_deref(), Some("7s"));
        assert_eq!(c("8t").as_deref(), Some("8c"));
        assert_eq!(
            raw_card("8c").map(|r| card(r, true).to_string()).as_deref(),
            Some("8h")
        );
        assert!(raw_card("Zz").is_none());
        assert!(raw_card("").is_none());
        assert!(raw_card("1h").is_none());
    }

    #[test]
    fn table_lines() {
        let t = table_line("Table Leeds 10 Max (Real Money)").ok().unwrap();
        assert_eq!(
            (t.name.as_str(), t.max_seats, t.play_money),
            ("Leeds", Some(10), false)
        );
        let t = table_line("Table San Luis (Real Money)").ok().unwrap();
        assert_eq!(t.name, "San Luis");
        let t = table_line("Tournament #38340077 $0.90 + $0.09 - Table #73 (Real Money)")
            .ok()
            .unwrap();
        assert_eq!(t.name, "38340077 73");
        let tour = t.tournament.unwrap();
        assert_eq!(
            (tour.buyin, tour.fee, tour.currency.as_str()),
            (90, 9, "USD")
        );
        let t = table_line("Tournament #132635073 4,57 $ + 0,43 $ - Table #1 4 Max (Real Money)")
            .ok()
            .unwrap();
        let tour = t.tournament.unwrap();
        assert_eq!((tour.buyin, tour.fee, t.max_seats), (457, 43, Some(4)));
        let t = table_line("Tournament #133191603 Free 10 Max (Real Money)")
            .ok()
            .unwrap();
        assert_eq!(t.name, "133191603");
        assert_eq!(t.tournament.unwrap().currency, "FREE");
        let t = table_line("Tournament #28352940 10 + 1 - Table #7 (Practice Play)")
            .ok()
            .unwrap();
        assert_eq!(t.tournament.unwrap().currency, "play");
    }

    #[test]
    fn game_lines() {
        let g =
            game_line("$0.50/$1 Blinds No Limit Holdem Jackpot table - *** 04 07 2016 02:30:27")
                .ok()
                .unwrap();
        assert_eq!(
            (g.category, g.limit, g.currency),
            (Category::Holdem, LimitType::NoLimit, Some("USD"))
        );
        // July: BST, one hour ahead of UTC.
        assert_eq!(g.start_time.to_rfc3339(), "2016-07-04T01:30:27+00:00");
        let g = game_line("15/30 Blinds Fix Limit OmahaHL - *** 11 03 2011 15:43:53")
            .ok()
            .unwrap();
        assert_eq!(g.start_time.to_rfc3339(), "2011-03-11T15:43:53+00:00");
        assert_eq!(g.category, Category::OmahaHiLo);
        let g = game_line("3.000 $/6.000 $ Blinds No Limit Holdem - ***")
            .ok()
            .unwrap();
        assert_eq!(g.start_time, DateTime::<Utc>::UNIX_EPOCH);
        assert!(game_line("$1/$2 Blinds No Limit Razz - *** 04 07 2016 02:30:27").is_err());
        assert!(game_line("$1/$2 Blinds No Limit Holdem - *** 44 07 2016 02:30:27").is_err());
    }

    const ALL_IN_BLIND: &str = "***** Cassava Hand History for Game 418361264 *****
$5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21
Table Hokkaido (Real Money)
Seat 6 is the button
Total number of players : 4
Seat 2: Player0 ( $10 )
Seat 4: Player1 ( $1,728.25 )
Seat 6: Hero ( $527 )
Seat 9: Player2 ( $615 )
Player2 posts small blind [$5]
Player0 posts big blind [$10]
** Dealing down cards **
Dealt to Hero [ Td, Qd ]
Player1 folds
Hero raises [$20]
Player2 folds
** Dealing flop ** [ 8s, As, 2d ]
** Dealing turn ** [ 6h ]
** Dealing river ** [ 5d ]
** Summary **
Player0 shows [ 2c, Ts ]
Hero shows [ Td, Qd ]
Player0 collected [ $23.75 ]
Hero collected [ $10 ]";

    #[test]
    fn a_returned_bet_printed_as_a_collection() {
        let h = parse(ALL_IN_BLIND).unwrap();
        assert_eq!(h.site_hand_no, 418_361_264);
        assert_eq!(h.hero, Some(2));
        assert_eq!(
            h.returned,
            vec![Returned {
                street: 0,
                player: 2,
                amount: 1000
            }]
        );
        assert_eq!(h.collections.len(), 1);
        assert_eq!(h.collections[0].amount, 2375);
        assert_eq!((h.total_pot, h.rake), (2500, 125));
        assert_eq!(h.boards[0].len(), 5);
        assert!(h.actions.iter().any(|a| a.player == 0 && a.all_in));
        assert_eq!(h.players[0].cards.len(), 2);
        assert!(h.players[0].shown);
        assert_eq!(h.start_time.to_rfc3339(), "2012-03-04T15:32:21+00:00");
    }

    /// Regression (malformed-input suite): a file cut right after "** Summary **" stored the
    /// hand with no collections, its whole pot as rake.
    #[test]
    fn a_summary_without_lines_is_unfinished() {
        let head = ALL_IN_BLIND.split("** Summary **").next().unwrap();
        let e = parse(&format!("{head}** Summary **\n")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
    }

    #[test]
    fn errors() {
        let cut = ALL_IN_BLIND.split("** Summary **").next().unwrap();
        let e = parse(cut).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        assert_eq!(e.site_hand_no, Some(418_361_264));
        let bad = ALL_IN_BLIND.replace("Player1 folds", "Player1 calls [$x]");
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 14));
        assert_eq!(e.line_text.as_deref(), Some("Player1 calls [$x]"));
        let bad = ALL_IN_BLIND.replace("[ 6h ]", "[ 6x ]");
        assert_eq!(parse(&bad).unwrap_err().line, 18);
        let blank = ALL_IN_BLIND.replace("Seat 4: Player1", "Seat 4: ");
        assert_eq!(parse(&blank).unwrap_err().line, 7);
    }

    /// Actions are read by the shared verbs, their amounts wholly in brackets: a verb with its
    /// amount missing or glued to junk is refused, not passed over.
    #[test]
    fn action_amounts_in_brackets() {
        for bad in [
            "Hero raises",
            "Hero raises $20",
            "Hero raises x[$20]",
            "Hero raises  [$20]",
        ] {
            let e = parse(&ALL_IN_BLIND.replace("Hero raises [$20]", bad)).unwrap_err();
            assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 15), "{bad}");
        }
        // All-in, as the shared verbs read it.
        let h = parse(&ALL_IN_BLIND.replace("raises [$20]", "raises [$20] and is all-in")).unwrap();
        assert!(h.actions.iter().any(|a| a.player == 2 && a.all_in));
    }
}

//! GGPoker hand histories (GGPoker and the other GGNetwork skins, which write the same text).
//!
//! The format is PokerStars-like: a `Poker Hand #<id>: ...` header, a `Table '...'` line, seat
//! lines, `NAME: verb` actions, `*** STREET ***` markers, `NAME collected X from pot` lines under
//! `*** SHOWDOWN ***` and a summary. One pass over the lines, no regular expressions; names are
//! matched against the seat list, longest first. Money goes through [`HandBuilder`].
//!
//! # Hand numbers
//!
//! GGPoker prints hand ids as up to two capital letters and a number: `HD2735958902` (hold'em),
//! `OM232657303` (omaha), `SD27208848` (short deck), `RC...` (Rush & Cash), `TM600571038`
//! (tournaments); its internal exports print the number alone (`1171217378123557259`). The id is
//! kept as printed in `site_hand_id`; `site_hand_no` (a bigint) is
//!
//! - `L × 10^16 + N` for an id of letters and the number `N` (at most 16 digits), where `L` is
//!   the letters read as a base-27 number without a zero digit (A = 1 … Z = 26; one letter
//!   `a` gives `L = a`, two letters `ab` give `L = 27·a + b`), so `HD2735958902` →
//!   `220·10^16 + 2735958902 = 2200000002735958902`;
//! - `N` for an id of digits only below 10^16, and `−N` for a longer one
//!   (`1171217378123557259` → `−1171217378123557259`).
//!
//! One-letter codes are 1–26 and two-letter codes 28–728, so lettered ids fill
//! `[10^16, 7.29·10^18)` without overlapping; numeric ids are below 10^16 or negative. No two ids
//! get the same number. Numbers with a leading zero (`HD01`) are rejected rather than read as
//! `HD1`, which would collide; GGPoker prints none.
//!
//! # Time zone
//!
//! The header's time (`2021/04/04 20:43:56`) carries no zone. It is read as **UTC**: GGPoker
//! publishes its tournament schedule in UTC/GMT, and the corpus' scheduled tournaments line up
//! with it: the "$1,050 GGMasters High Rollers" runs on Sundays at 17:00 GMT with 15-minute
//! levels, and the corpus' level-14 hand of Sunday 4 April 2021 is stamped 20:43:56, inside level
//! 14 counted from 17:00 with the hourly breaks (read as US Eastern time, the event would have
//! started at 21:00 GMT). The reference tracker fpdb reads these times as US Eastern, its default
//! for most rooms.
//!
//! # Money, games and room features
//!
//! - Cash tables are in cents (`$`; `¥` tables in CNY cents); tournaments in chips ("T$").
//! - Games: `Hold'em`, `Omaha`, `Omaha Hi/Lo`, `PLO`, `PLO-5`, `PLO-6`, `ShortDeck` (stored as
//!   `6_holdem`), with the limit printed after the game; `Omaha (NL postflop)` is `pn`. Short
//!   deck prints one stake, the ante, which is also the button blind: big blind = that stake,
//!   small blind 0.
//! - Straddles (`NAME: straddle $X`) print the player's new total on the street, so a second
//!   straddle by the same player (or a straddle by the button after his button blind) adds only
//!   the difference. `posts missed blind` is a dead small blind.
//! - Rake is everything the summary line lists after the total: `Rake`, `Jackpot`, `Bingo`,
//!   `Fortune`, `Tax`. Older histories print `Total pot X` alone; the rake is then what the pot
//!   holds beyond the collections. `Cash Drop to Pot : total $X` is money the room added.
//! - Run it twice or three times: one board per run, built from the `FIRST/SECOND/THIRD` street
//!   lines; collections carry the board of the `*** FIRST/SECOND SHOWDOWN ***` they follow.
//! - EV Cashout: a player who `Chooses to EV Cashout` and then `Pays Cashout Risk ($X)` (once per
//!   street) keeps what he collected less the risk: his collections leave the pot's winners
//!   (`cashed_out_pot`) and he gets a cash-out of (collected − risk), as PokerStars' cash-outs
//!   are stored. `Receives Cashout ($X)` (he lost the pot) is a cash-out of X.
//! - All-in insurance (`pay premium of all-in insurance ($X)`) is a cash-out of 0 with fee X:
//!   the premium leaves the player's stack, not the pot.
//! - Tournament headers name the event but print no buy-in or fee: buy-in, fee and bounty are
//!   0 (currency USD, GGPoker's only one). The level and the table number are kept; the table
//!   name is `"<tournament number> <table>"`, as for PokerStars.
//! - Hero: the player whose `Dealt to NAME [cards]` line shows cards (GGPoker calls him `Hero`).
//!   Other players are anonymised as hexadecimal ids, kept as printed. A seated player without a
//!   `Dealt to` line was not dealt in: he is marked sitting out.
//! - `RC` (Rush & Cash) ids mark fast-fold tables.

use chrono::{DateTime, NaiveDateTime, Utc};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, find, groups, rfind, rsplit2, split2};
use crate::parsers::verbs::{self, Betting, Dialect, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot};
use crate::split::Chunk;
use crate::time;

/// The GGPoker format (GGPoker, Natural8 and the other GGNetwork skins).
#[derive(Debug)]
pub struct GgPoker;

impl Room for GgPoker {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"P"
    }

    fn site(&self) -> &'static str {
        "GGPoker"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        header_id(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

const SITE: &str = "GGPoker";

/// GGPoker's words for the posts ("posts straddle $X" and "straddle $X" print the new total).
const DIALECT: Dialect = Dialect {
    posts: &[
        ("small blind ", ActionKind::SmallBlind),
        ("big blind ", ActionKind::BigBlind),
        ("the ante ", ActionKind::Ante),
        ("ante ", ActionKind::Ante),
        ("missed blind ", ActionKind::DeadSmallBlind),
        ("dead blind ", ActionKind::DeadSmallBlind),
        ("button blind ", ActionKind::ButtonBlind),
        ("straddle ", ActionKind::Straddle),
    ],
};

/// GGPoker's betting: a second small blind is dead, a straddle prints the new total.
const RULES: Rules = Rules {
    every_small_blind_live: false,
    big_blind_above_table_is_straddle: false,
    amend_short_raise: false,
    straddle_is_total: true,
};

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

/// "Poker Hand #<letters><digits>:" at the start of `line`: the id and the text after the colon.
fn header_id(line: &str) -> Option<(&str, &str)> {
    let r = line.strip_prefix("Poker Hand #")?;
    let b = r.as_bytes();
    let letters = b
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_uppercase())
        .count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || b.get(letters + digits) != Some(&b':') {
        return None;
    }
    Some((&r[..letters + digits], &r[letters + digits + 1..]))
}

/// The number 10^16: lettered ids put their letters above it.
const LETTER_BASE: i64 = 10_000_000_000_000_000;

/// `site_hand_no` of a hand id (see the module documentation).
fn hand_no(id: &str) -> Result<i64, (ErrorKind, &'static str)> {
    let b = id.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    let digits = &b[letters..];
    if letters > 2 || digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err((ErrorKind::Malformed, "unreadable hand id"));
    }
    if digits.len() > 1 && digits[0] == b'0' {
        return Err((
            ErrorKind::Malformed,
            "hand id with a leading zero: it cannot be numbered without colliding",
        ));
    }
    if digits.len() > 19 {
        return Err((ErrorKind::OutOfRange, "hand id too large to store"));
    }
    let n = digits.iter().try_fold(0i64, |a, &d| {
        a.checked_mul(10)?.checked_add(i64::from(d - b'0'))
    });
    let Some(n) = n else {
        return Err((ErrorKind::OutOfRange, "hand id too large to store"));
    };
    if letters == 0 {
        return Ok(if n < LETTER_BASE { n } else { -n });
    }
    if n >= LETTER_BASE {
        return Err((ErrorKind::OutOfRange, "hand id too large to store"));
    }
    let code = b[..letters]
        .iter()
        .fold(0i64, |a, &c| a * 27 + i64::from(c - b'A' + 1));
    Ok(code * LETTER_BASE + n)
}

/// Games as GGPoker names them, with their betting structure. The longest names first: a
/// tournament header is matched on its end.
const GAMES: &[(&str, Category, LimitType)] = &[
    (
        "Omaha Hi/Lo Pot Limit",
        Category::OmahaHiLo,
        LimitType::PotLimit,
    ),
    (
        "Omaha Hi/Lo No Limit",
        Category::OmahaHiLo,
        LimitType::NoLimit,
    ),
    (
        "Omaha Hi/Lo Fixed Limit",
        Category::OmahaHiLo,
        LimitType::FixedLimit,
    ),
    (
        "Omaha Hi/Lo Limit",
        Category::OmahaHiLo,
        LimitType::FixedLimit,
    ),
    (
        "ShortDeck Hold'em No Limit",
        Category::SixPlusHoldem,
        LimitType::NoLimit,
    ),
    (
        "ShortDeck No Limit",
        Category::SixPlusHoldem,
        LimitType::NoLimit,
    ),
    (
        "Hold'em Fixed Limit",
        Category::Holdem,
        LimitType::FixedLimit,
    ),
    ("Hold'em No Limit", Category::Holdem, LimitType::NoLimit),
    ("Hold'em Pot Limit", Category::Holdem, LimitType::PotLimit),
    (
        "Omaha (NL postflop)",
        Category::OmahaHi,
        LimitType::PotNoLimit,
    ),
    (
        "Omaha Fixed Limit",
        Category::OmahaHi,
        LimitType::FixedLimit,
    ),
    ("Omaha Pot Limit", Category::OmahaHi, LimitType::PotLimit),
    ("Omaha No Limit", Category::OmahaHi, LimitType::NoLimit),
    ("Hold'em Limit", Category::Holdem, LimitType::FixedLimit),
    ("Omaha Limit", Category::OmahaHi, LimitType::FixedLimit),
    ("PLO-5 Hi/Lo", Category::Omaha5HiLo, LimitType::PotLimit),
    ("PLO-6 Hi/Lo", Category::Omaha6HiLo, LimitType::PotLimit),
    ("PLO Hi/Lo", Category::OmahaHiLo, LimitType::PotLimit),
    ("ShortDeck", Category::SixPlusHoldem, LimitType::NoLimit),
    ("PLO-5", Category::Omaha5Hi, LimitType::PotLimit),
    ("PLO-6", Category::Omaha6Hi, LimitType::PotLimit),
    ("PLO", Category::OmahaHi, LimitType::PotLimit),
];

/// The game whose name `text` is, or ends with (after a space).
fn game_of(text: &str) -> Option<(Category, LimitType)> {
    let t = text.trim_end();
    GAMES.iter().find_map(|&(name, c, l)| {
        let head = t.strip_suffix(name)?;
        (head.is_empty() || head.ends_with(' ')).then_some((c, l))
    })
}

/// What the header says.
struct Header {
    game: Game,
    scale: i64,
    start_time: DateTime<Utc>,
    tournament: Option<Tournament>,
}

/// Reads the header after "Poker Hand #<id>:".
fn parse_header(id: &str, rest: &str) -> Result<Header, (ErrorKind, &'static str)> {
    let rest = rest.trim();
    let (body, date) =
        rsplit2(rest, " - ").ok_or((ErrorKind::Malformed, "header without a date"))?;
    let local: NaiveDateTime = time::parse_datetime(date)
        .ok_or((ErrorKind::Malformed, "unreadable date in the header"))?;
    let start_time = time::local_to_utc(local, chrono_tz::UTC);
    let body = body.trim_end();
    let (kind, game_text, stakes, level, tournament_no) =
        if let Some(t) = body.strip_prefix("Tournament #") {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err((ErrorKind::Malformed, "unreadable tournament number"));
            }
            let no: i64 = t[..digits].parse().map_err(|_| {
                (
                    ErrorKind::OutOfRange,
                    "tournament number too large to store",
                )
            })?;
            let after = t[digits..].trim_start_matches([',', ' ']);
            // "<name> <game> - Level14(300/600)" or "... - Level10 (1,000/2,000)"
            let (name_game, level_part) = match rsplit2(after, "- Level") {
                Some((ng, lv)) => (ng, lv),
                None => return Err((ErrorKind::Malformed, "tournament header without a level")),
            };
            let lv_len = level_part
                .bytes()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            let level = &level_part[..lv_len];
            let stakes = paren(&level_part[lv_len..])
                .ok_or((ErrorKind::Malformed, "tournament header without blinds"))?;
            (GameKind::Tour, name_game, stakes, Some(level), Some(no))
        } else {
            // "<game> (<stakes>)"
            let open = rfind(body, " (").ok_or((ErrorKind::Malformed, "header without stakes"))?;
            let stakes =
                paren(&body[open + 1..]).ok_or((ErrorKind::Malformed, "header without stakes"))?;
            (GameKind::Ring, &body[..open], stakes, None, None)
        };
    let (category, limit_type) =
        game_of(game_text).ok_or((ErrorKind::Unsupported, "a GGPoker game fpdb does not read"))?;
    let currency = match kind {
        GameKind::Tour => "T$".to_string(),
        GameKind::Ring => match amount::currency_of_symbol(stakes) {
            Some(c) => c.to_string(),
            None if stakes
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit()) =>
            {
                "play".to_string()
            }
            None => {
                return Err((
                    ErrorKind::Unsupported,
                    "a table currency fpdb does not read",
                ))
            }
        },
    };
    let scale = if currency == "T$" || currency == "play" {
        CHIPS
    } else {
        CENTS
    };
    let (sb_text, bb_text) = match stakes.split_once('/') {
        Some((s, b)) => (Some(s), b),
        None => (None, stakes),
    };
    let money = |t: &str| -> Result<Money, (ErrorKind, &'static str)> {
        money_of(t.trim(), scale).map_err(|k| (k, "unreadable stakes"))
    };
    let big_blind = money(bb_text)?;
    let small_blind = match sb_text {
        Some(s) => money(s)?,
        None => 0,
    };
    let fast = id.starts_with("RC");
    let sb_bb = (small_blind, big_blind);
    let mut game = Game::blinds(kind, category, limit_type, sb_bb, &currency);
    // Short deck prints the ante as its only stake; every game's ante is read from the posts.
    game.ante = if sb_text.is_none() { big_blind } else { 0 };
    game.fast = fast;
    let tournament = tournament_no.map(|no| Tournament {
        tourney_no: no,
        buyin: 0,
        fee: 0,
        bounty: 0,
        currency: "USD".to_string(),
        level: level
            .map(|l| l.trim_start_matches("Level").trim().to_string())
            .filter(|l| !l.is_empty()),
        table_no: None,
        rebuy: false,
        results: Vec::new(),
    });
    Ok(Header {
        game,
        scale,
        start_time,
        tournament,
    })
}

/// The text inside the parentheses `s` starts with (after spaces).
fn paren(s: &str) -> Option<&str> {
    let r = s.trim_start().strip_prefix('(')?;
    let close = r.bytes().position(|c| c == b')')?;
    Some(&r[..close])
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// An amount as GGPoker prints it ("$1,289.63", "$0.5", "1,000"), times `scale`.
fn money_of(text: &str, scale: i64) -> Result<Money, ErrorKind> {
    let t = text.trim();
    // Plain "123" or "$12.5": no allocation.
    let digits = t.strip_prefix('$').unwrap_or(t);
    if !digits.is_empty() && digits.len() <= 15 && digits.bytes().all(|c| c.is_ascii_digit()) {
        let v = digits
            .bytes()
            .fold(0i64, |a, d| a * 10 + i64::from(d - b'0'));
        return Ok(v.saturating_mul(scale));
    }
    text::parse_unsigned_amount(t, scale)
}

/// The cards of a bracket group ("Ah Kd"); `None` when a token is not a card.
fn cards_of(group: &str) -> Option<Vec<Card>> {
    text::card_list(group, false, usize::MAX)
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Seats,
    Body,
    Summary,
}

type LineResult = Result<(), ParseError>;

/// Parses one chunk (a hand) of GGPoker text.
fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let (id, rest) = header_id(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not a GGPoker hand header").with_text(first)
    })?;
    let no =
        hand_no(id).map_err(|(kind, msg)| ParseError::new(kind, first_no, msg).with_text(first))?;
    let header = parse_header(id, rest).map_err(|(kind, msg)| {
        ParseError::new(kind, first_no, msg)
            .with_text(first)
            .with_hand_no(Some(no))
    })?;
    let mut p = Parser::new(header, no, id, first_no);
    let last_no = text::each_line(lines, first_no, no, str::trim_end, |line_no, line| {
        p.line(line_no, line)
    })?;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(no)))
}

#[derive(Debug, Clone, Copy, Default)]
struct PlayerState {
    /// Has a "Dealt to" line.
    dealt: bool,
    sits_out: bool,
    /// "Chooses to EV Cashout" was printed.
    ev_cashout: bool,
    /// Sum of "Pays Cashout Risk" amounts.
    cashout_risk: Money,
    /// "Receives Cashout" amount.
    cashout_received: Money,
    /// Sum of all-in insurance premiums paid.
    premium: Money,
}

struct Parser {
    b: HandBuilder,
    scale: i64,
    phase: Phase,
    header_line: u32,
    /// Folds and blinds posted: the format's betting rules.
    betting: Betting,
    state: Vec<PlayerState>,
    hero: Option<PlayerIdx>,
    any_dealt: bool,
    /// Board of the street lines without a run prefix.
    board: Vec<Card>,
    /// Boards of the "FIRST/SECOND/THIRD" street lines.
    runs: Vec<Vec<Card>>,
    /// Summary "Board" lines: the single board, then one per run.
    summary_boards: Vec<Vec<Card>>,
    /// Board index of the showdown section being read.
    showdown_board: u8,
    /// "collected X from pot" lines.
    collected: Vec<Collection>,
    /// Summary "won (X)" / "collected (X)" amounts, used when no collect line was printed.
    summary_won: Vec<Collection>,
    total_pot: Option<Money>,
    /// Rake and fees of the summary line; `None` when it prints no rake at all.
    fees: Option<Money>,
    /// The summary's "Total pot" line.
    total_line: Option<u32>,
    cash_drop: Money,
    summary_seen: bool,
}

impl Parser {
    fn new(h: Header, no: i64, id: &str, header_line: u32) -> Parser {
        let mut b = HandBuilder::new(SITE, no, id, h.game, h.start_time);
        b.hand_mut().tournament = h.tournament;
        Parser {
            b,
            scale: h.scale,
            phase: Phase::Seats,
            header_line,
            betting: Betting::new(RULES),
            state: Vec::with_capacity(10),
            hero: None,
            any_dealt: false,
            board: Vec::new(),
            runs: Vec::new(),
            summary_boards: Vec::new(),
            showdown_board: 0,
            collected: Vec::new(),
            summary_won: Vec::new(),
            total_pot: None,
            fees: None,
            total_line: None,
            cash_drop: 0,
            summary_seen: false,
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        money_of(text, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    /// The seated player whose name starts `line`, followed by `:` or a space (longest name
    /// first); his index and the text after the name.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let sep = |c| matches!(c, b':' | b' ');
        text::name_prefix(&self.b.hand().players, line, sep, true).map(|(i, n)| (i, &line[n..]))
    }

    fn line(&mut self, no: u32, line: &str) -> LineResult {
        if self.phase == Phase::Summary {
            return self.summary_line(no, line);
        }
        if line.starts_with("*** ") {
            return self.street(no, line);
        }
        if self.phase == Phase::Seats {
            if let Some(r) = line.strip_prefix("Table ") {
                self.table(r);
                return Ok(());
            }
            if let Some(r) = line.strip_prefix("Seat ") {
                return self.seat(no, r);
            }
            self.phase = Phase::Body;
        }
        match line.as_bytes()[0] {
            b'D' => {
                if let Some(r) = line.strip_prefix("Dealt to ") {
                    return self.dealt(no, r);
                }
            }
            b'U' => {
                if let Some(r) = line.strip_prefix("Uncalled bet (") {
                    return self.uncalled(no, r);
                }
            }
            b'C' => {
                if let Some(r) = line.strip_prefix("Cash Drop to Pot : total ") {
                    self.cash_drop = self.cash_drop.saturating_add(self.money(r, no)?);
                    return Ok(());
                }
            }
            b'H' if line.starts_with("Hand cancelled") => {
                return Err(ParseError::new(
                    ErrorKind::Cancelled,
                    no,
                    "the room cancelled this hand",
                ));
            }
            _ => {}
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            if let Some(r) = rest.strip_prefix(": ") {
                return self.action(no, p, r);
            }
            return self.player_event(no, p, rest.trim_start());
        }
        self.other_line(no, line)
    }

    /// A line that names no seated player: an action by someone not in the seat list is an
    /// error; anything else (chat, notices) carries nothing.
    fn other_line(&mut self, no: u32, line: &str) -> LineResult {
        if line.starts_with("Dealt to ") || line.starts_with("Uncalled bet (") {
            return Err(ParseError::malformed(
                no,
                "a line about a player who is not in the seat list",
            ));
        }
        if let Some((_, verb)) = split2(line, ": ") {
            const ACTIONS: &[&str] = &[
                "folds",
                "checks",
                "calls ",
                "bets ",
                "raises ",
                "posts ",
                "straddle ",
            ];
            if ACTIONS.iter().any(|a| verb.starts_with(a)) {
                return Err(ParseError::unknown_actor(no));
            }
        }
        if find(line, " collected ").is_some() && line.ends_with(" from pot") {
            return Err(ParseError::malformed(
                no,
                "pot collected by a player who is not in the seat list",
            ));
        }
        Ok(())
    }

    /// "Table 'PLOGold9' 6-max Seat #6 is the button" (after "Table ").
    fn table(&mut self, r: &str) {
        let (name, rest) = match (r.find('\''), r.rfind('\'')) {
            (Some(a), Some(z)) if z > a => (&r[a + 1..z], &r[z + 1..]),
            _ => {
                let end = find(r, " Seat #").unwrap_or(r.len());
                (r[..end].trim(), &r[end..])
            }
        };
        let hand = self.b.hand_mut();
        hand.table_name = name.to_string();
        if let Some(i) = find(rest, "-max") {
            let digits = rest.as_bytes()[..i]
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_digit())
                .count();
            hand.max_seats = rest[i - digits..i].parse().ok();
        }
        if let Some(i) = find(rest, "Seat #") {
            let s = &rest[i + 6..];
            let n = s.bytes().take_while(u8::is_ascii_digit).count();
            hand.button_seat = s[..n].parse().ok();
        }
    }

    /// "Seat 3: NAME ($1.50 in chips[, $2 bounty])[ is sitting out]" (after "Seat ").
    fn seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let Some(rest) = r[digits..].strip_prefix(": ") else {
            return Err(ParseError::malformed(no, "unreadable seat line"));
        };
        let Some(chips) = find(rest, " in chips") else {
            return Err(ParseError::malformed(no, "unreadable seat line"));
        };
        let seat: u8 = r[..digits]
            .parse()
            .map_err(|_| ParseError::malformed(no, "unreadable seat number"))?;
        let open = rfind(&rest[..chips], " (")
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let name = &rest[..open];
        if name.trim().is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = self.money(&rest[open + 2..chips], no)?;
        let after = &rest[chips + " in chips".len()..];
        let mut bounty = None;
        if let Some(b) = after.strip_prefix(", ") {
            if let Some(i) = find(b, " bounty") {
                bounty = Some(
                    money_of(&b[..i], CENTS)
                        .map_err(|k| ParseError::new(k, no, "unreadable bounty"))?,
                );
            }
        }
        let sitting_out = find(after, "is sitting out").is_some();
        let idx = self.b.seat_player(no, seat, name, stack, sitting_out)?;
        self.b.hand_mut().players[idx].bounty = bounty;
        self.state.push(PlayerState::default());
        Ok(())
    }

    /// "*** HOLE CARDS ***", "*** FLOP *** [..]", "*** SECOND TURN *** [..] [..]",
    /// "*** FIRST SHOWDOWN ***", "*** SUMMARY ***".
    fn street(&mut self, _no: u32, line: &str) -> LineResult {
        let r = &line[4..];
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let name = &r[..end];
        let cards = &r[end + 4..];
        self.phase = Phase::Body;
        if name == "SUMMARY" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        }
        let (run, name) = if let Some(n) = name.strip_prefix("FIRST ") {
            (Some(0usize), n)
        } else if let Some(n) = name.strip_prefix("SECOND ") {
            (Some(1), n)
        } else if let Some(n) = name.strip_prefix("THIRD ") {
            (Some(2), n)
        } else {
            (None, name)
        };
        let street: i8 = match name {
            "SHOWDOWN" | "SHOW DOWN" => {
                self.showdown_board = run.unwrap_or(0) as u8;
                return Ok(());
            }
            "HOLE CARDS" | "PREFLOP" | "PRE-FLOP" => 0,
            "FLOP" => 1,
            "TURN" => 2,
            "RIVER" => 3,
            _ => return Ok(()),
        };
        if street > self.b.street() {
            self.b.set_street(street);
        }
        if street > 0 {
            let mut board = Vec::with_capacity(5);
            for g in groups(cards) {
                if let Some(c) = cards_of(g) {
                    board.extend(c);
                }
            }
            let target = match run {
                None => &mut self.board,
                Some(r) => {
                    if self.runs.len() <= r {
                        self.runs.resize(r + 1, Vec::new());
                    }
                    &mut self.runs[r]
                }
            };
            if board.len() > target.len() {
                *target = board;
            }
        }
        Ok(())
    }

    /// "Dealt to NAME [cards]" or "Dealt to NAME" (after "Dealt to ").
    fn dealt(&mut self, no: u32, r: &str) -> LineResult {
        let r = r.trim_end();
        let mut best: Option<(PlayerIdx, usize)> = None;
        for (i, pl) in self.b.hand().players.iter().enumerate() {
            let n = pl.name.len();
            if r.as_bytes().starts_with(pl.name.as_bytes())
                && (r.len() == n || r[n..].starts_with(" ["))
                && best.is_none_or(|(_, len)| n > len)
            {
                best = Some((i, n));
            }
        }
        let Some((p, n)) = best else {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        };
        self.any_dealt = true;
        self.state[p].dealt = true;
        if let Some(g) = groups(&r[n..]).next() {
            let cards = cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
            if cards.iter().any(|c| c.is_known()) {
                self.hero.get_or_insert(p);
                self.b.set_cards(p, &cards);
            }
        }
        Ok(())
    }

    /// "Uncalled bet ($2) returned to NAME" (after "Uncalled bet (").
    fn uncalled(&mut self, no: u32, r: &str) -> LineResult {
        let scale = self.scale;
        self.b.returned_line(r, ") returned to ", no, |t| {
            money_of(t, scale).map_err(|kind| text::amount_error(kind, no))
        })
    }

    /// "NAME: verb ..." (after "NAME: "): the verbs of [`verbs`] with GGPoker's words and
    /// rules, then the room's own.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let Some(verb) = DIALECT.parse(r, |t| self.money(t, no), no)? else {
            return self.own_action(no, p, r);
        };
        if self.betting.apply(&mut self.b, p, &verb) {
            // "folds [Kh]": cards shown while folding.
            if let Verb::Fold { shown: Some(g) } = verb {
                if let Some(c) = cards_of(g) {
                    self.show(p, &c);
                }
            }
            return Ok(());
        }
        match verb {
            Verb::Show { cards: Some(g) } => {
                let cards =
                    cards_of(g).ok_or_else(|| ParseError::malformed(no, "unreadable cards"))?;
                self.show(p, &cards);
            }
            Verb::Muck => self.b.hand_mut().players[p].mucked = true,
            Verb::SitOut => self.state[p].sits_out = true,
            _ => {}
        }
        Ok(())
    }

    /// GGPoker's own verbs: "straddle $X" (the new total), cash-outs, insurance.
    fn own_action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(a) = r.strip_prefix("straddle ") {
            let (amt, all_in) = verbs::amount_tail(a);
            let amount = self.money(amt, no)?;
            let verb = Verb::Post {
                kind: ActionKind::Straddle,
                amount,
                all_in,
            };
            self.betting.apply(&mut self.b, p, &verb);
        } else if r == "Chooses to EV Cashout" {
            self.state[p].ev_cashout = true;
        } else if let Some(a) = r.strip_prefix("Pays Cashout Risk ") {
            let amt =
                paren(a).ok_or_else(|| ParseError::malformed(no, "unreadable cash-out risk"))?;
            let v = self.money(amt, no)?;
            self.state[p].ev_cashout = true;
            self.state[p].cashout_risk = self.state[p].cashout_risk.saturating_add(v);
        } else if let Some(a) = r.strip_prefix("Receives Cashout ") {
            let amt = paren(a).ok_or_else(|| ParseError::malformed(no, "unreadable cash-out"))?;
            let v = self.money(amt, no)?;
            self.state[p].ev_cashout = true;
            self.state[p].cashout_received = self.state[p].cashout_received.saturating_add(v);
        } else if let Some(a) = r.strip_prefix("pay premium of all-in insurance ") {
            let amt = paren(a)
                .ok_or_else(|| ParseError::malformed(no, "unreadable insurance premium"))?;
            let v = self.money(amt, no)?;
            self.state[p].premium = self.state[p].premium.saturating_add(v);
        }
        // "get an all-in insurance (...)", "doesn't show hand", ...: nothing to record.
        Ok(())
    }

    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        self.b.hand_mut().players[p].shown = true;
        self.reveal(p, cards);
    }

    /// Adds the known cards of `cards` to the player's unknown slots.
    fn reveal(&mut self, p: PlayerIdx, cards: &[Card]) {
        let size = self.b.hand().game.category.hand_size();
        let pl = &mut self.b.hand_mut().players[p];
        if pl.cards.len() < size {
            pl.cards.resize(size, Card::UNKNOWN);
        }
        for &c in cards {
            if !c.is_known() || pl.cards.contains(&c) {
                continue;
            }
            if let Some(slot) = pl.cards.iter_mut().find(|x| !x.is_known()) {
                *slot = c;
            }
        }
    }

    /// "NAME collected $5 from pot", tournament results.
    fn player_event(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(c) = r.strip_prefix("collected ") {
            let (amt, from) = split2(c, " from ").unwrap_or((c, "pot"));
            let amount = self.money(amt, no)?;
            let pot = match from.trim().strip_prefix("side pot") {
                Some(n) => n
                    .trim_start_matches(['-', ' '])
                    .parse::<u8>()
                    .unwrap_or(1)
                    .max(1),
                None => 0,
            };
            self.collected.push(Collection {
                player: p,
                amount,
                pot,
                board: self.showdown_board,
            });
            return Ok(());
        }
        if self.b.hand().tournament.is_none() {
            return Ok(());
        }
        if let Some(x) = r.strip_prefix("finished the tournament in ") {
            let place = x.bytes().take_while(u8::is_ascii_digit).fold(0u32, |a, d| {
                a.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            });
            let prize = match split2(x, "and received ") {
                Some((_, amt)) => Some(
                    money_of(amt.trim_end_matches('.'), CENTS)
                        .map_err(|k| ParseError::new(k, no, "unreadable prize"))?,
                ),
                None => None,
            };
            self.b.finish_place(p, place, prize);
        } else if let Some(x) = r.strip_prefix("wins the tournament and receives ") {
            let amt = x.split(" - ").next().unwrap_or(x);
            let prize =
                money_of(amt, CENTS).map_err(|k| ParseError::new(k, no, "unreadable prize"))?;
            self.b.finish_place(p, 1, Some(prize));
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Summary
    // -----------------------------------------------------------------------------------------

    fn summary_line(&mut self, no: u32, line: &str) -> LineResult {
        if let Some(r) = line.strip_prefix("Seat ") {
            return self.summary_seat(no, r);
        }
        if let Some(r) = line.strip_prefix("Total pot ") {
            return self.pot_line(no, r);
        }
        // "Board [..]", "FIRST Board [..]", or "FIRST" then "Board [..]" on the next line.
        if let Some(i) = find(line, "Board [") {
            if let Some(c) = groups(&line[i..]).next().and_then(cards_of) {
                self.summary_boards.push(c);
            }
        }
        Ok(())
    }

    /// "Total pot $0.6 | Rake $0.02 | Jackpot $0.02 | Bingo $0 | Fortune $0 | Tax $0".
    fn pot_line(&mut self, no: u32, r: &str) -> LineResult {
        let mut parts = r.split(" | ");
        let total = parts.next().unwrap_or("");
        self.total_pot = Some(self.money(total, no)?);
        self.total_line = Some(no);
        for part in parts {
            let Some((_, amt)) = part.trim().rsplit_once(' ') else {
                continue;
            };
            let v = self.money(amt, no)?;
            self.fees = Some(self.fees.unwrap_or(0).saturating_add(v));
        }
        Ok(())
    }

    /// "Seat 2: NAME (big blind) showed [..] and won ($5) with ..., and lost with ...".
    fn summary_seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let Some(rest) = r[digits..].strip_prefix(": ") else {
            return Ok(());
        };
        let seat: Option<u8> = r[..digits].parse().ok();
        let found = seat
            .and_then(|s| {
                self.b.hand().players.iter().position(|pl| {
                    pl.seat == s
                        && rest.starts_with(pl.name.as_str())
                        && rest[pl.name.len()..].starts_with(' ')
                })
            })
            .map(|p| (p, &rest[self.b.hand().players[p].name.len()..]));
        let Some((p, text)) = found.or_else(|| self.player_prefix(rest)) else {
            if find(rest, " won (").is_some() || find(rest, " collected (").is_some() {
                return Err(ParseError::malformed(
                    no,
                    "summary line of a player who is not in the seat list",
                ));
            }
            return Ok(());
        };
        let mut t = text.trim_start();
        while t.starts_with('(') {
            match t.bytes().position(|b| b == b')') {
                Some(i) => t = t[i + 1..].trim_start(),
                None => break,
            }
        }
        if let Some(x) = t.strip_prefix("showed [") {
            if let Some(c) = x.split(']').next().and_then(cards_of) {
                self.show(p, &c);
            }
        } else if let Some(x) = t.strip_prefix("mucked [") {
            self.b.hand_mut().players[p].mucked = true;
            if let Some(c) = x.split(']').next().and_then(cards_of) {
                self.reveal(p, &c);
            }
        }
        // Amounts won, one result per board: "won ($5)", "collected ($5)", "and won ($5)".
        let mut board: u8 = 0;
        let mut s = t;
        while let Some(i) = [find(s, "won ("), find(s, "collected ("), find(s, "lost")]
            .into_iter()
            .flatten()
            .min()
        {
            let w = &s[i..];
            if !w.starts_with("lost") {
                let open = w.bytes().position(|c| c == b'(').unwrap_or(0);
                if let Some(amt) = paren(&w[open..]) {
                    let amount = self.money(amt, no)?;
                    self.summary_won.push(Collection {
                        player: p,
                        amount,
                        pot: 0,
                        board,
                    });
                }
            }
            board = board.saturating_add(1);
            match find(w, ", and ") {
                Some(j) => s = &w[j + 2..],
                None => break,
            }
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
        if self.b.hand().players.is_empty() {
            return Err(ParseError::malformed(
                self.header_line,
                "the hand has no seat lines",
            ));
        }
        self.finish_boards();
        self.finish_players();
        self.finish_money(last_line)?;
        Ok(self.b.finish())
    }

    fn finish_boards(&mut self) {
        let boards: Vec<Vec<Card>> = if !self.runs.is_empty() {
            // A run dealt from the turn repeats the shared flop in its first bracket; one dealt
            // from the river repeats flop and turn. Fill a short run from the shared board.
            self.runs
                .iter()
                .map(|run| {
                    if run.len() < 5 && !self.board.is_empty() && !run.starts_with(&self.board) {
                        let mut v = self.board.clone();
                        v.extend_from_slice(run);
                        v
                    } else {
                        run.clone()
                    }
                })
                .collect()
        } else if !self.board.is_empty() {
            vec![std::mem::take(&mut self.board)]
        } else {
            // No street lines: the summary's boards (a later run lists only its new cards).
            let mut out: Vec<Vec<Card>> = Vec::new();
            for b in &self.summary_boards {
                match out.first() {
                    Some(first) if b.len() < first.len() => {
                        let mut v = first[..first.len() - b.len()].to_vec();
                        v.extend_from_slice(b);
                        out.push(v);
                    }
                    _ => out.push(b.clone()),
                }
            }
            out
        };
        let hand = self.b.hand_mut();
        hand.run_it_twice = boards.len() > 1;
        hand.boards = boards;
    }

    fn finish_players(&mut self) {
        let any_dealt = self.any_dealt;
        let hand = self.b.hand_mut();
        let mut acted = vec![false; hand.players.len()];
        for a in &hand.actions {
            if let Some(x) = acted.get_mut(a.player) {
                *x = true;
            }
        }
        for (i, pl) in hand.players.iter_mut().enumerate() {
            let s = self.state[i];
            // Not dealt in (GGPoker prints a "Dealt to" line for every player dealt cards).
            if s.sits_out || (any_dealt && !s.dealt && !acted[i]) {
                pl.sitting_out = true;
            }
        }
        let ante = hand
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .map(|a| a.amount)
            .max();
        if let Some(a) = ante {
            hand.game.ante = a;
        }
        hand.hero = self.hero;
        if let Some(t) = hand.tournament.as_mut() {
            let name = std::mem::take(&mut hand.table_name);
            hand.table_name = if name.is_empty() {
                t.tourney_no.to_string()
            } else {
                format!("{} {}", t.tourney_no, name)
            };
            t.table_no = (!name.is_empty()).then_some(name);
        }
    }

    /// Collections, cash-outs, total pot and rake.
    fn finish_money(&mut self, last_line: u32) -> LineResult {
        let mut collections = if self.collected.is_empty() {
            std::mem::take(&mut self.summary_won)
        } else {
            std::mem::take(&mut self.collected)
        };
        let mut cashed_out_pot: Money = 0;
        let mut cash_outs = Vec::new();
        for (p, s) in self.state.iter().enumerate() {
            if s.cashout_risk > 0 || (s.ev_cashout && s.cashout_received == 0) {
                // He won the pot after cashing out: the room keeps what he collected and pays
                // him that less the risk.
                let won: Money = collections
                    .iter()
                    .filter(|c| c.player == p)
                    .fold(0, |a, c| a.saturating_add(c.amount));
                if won > 0 {
                    collections.retain(|c| c.player != p);
                    cashed_out_pot = cashed_out_pot.saturating_add(won);
                    cash_outs.push(CashOut {
                        player: p,
                        amount: won.saturating_sub(s.cashout_risk).max(0),
                        fee: 0,
                    });
                }
            }
            if s.cashout_received > 0 {
                cash_outs.push(CashOut {
                    player: p,
                    amount: s.cashout_received,
                    fee: 0,
                });
            }
            if s.premium > 0 {
                cash_outs.push(CashOut {
                    player: p,
                    amount: 0,
                    fee: s.premium,
                });
            }
        }
        let hand = self.b.hand_mut();
        hand.collections = collections;
        hand.cash_outs = cash_outs;
        hand.cashed_out_pot = cashed_out_pot;
        let mut policy = PotPolicy::new(self.scale, self.total_line.unwrap_or(last_line));
        policy.printed = self
            .total_pot
            .map_or(PrintedPot::None, PrintedPot::BeforeRake);
        policy.rake = self.fees;
        policy.added = self.cash_drop;
        self.b.settle(&policy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Hand, ParseError> {
        let chunk = Chunk::new(text, 1, Some(&GgPoker));
        parse_chunk(&chunk)
    }

    #[test]
    fn headers_are_recognised() {
        assert!(GgPoker.is_hand_start(
            "Poker Hand #HD2735958902: Hold'em No Limit ($0.25/$0.5) - 2026/02/17 05:56:01"
        ));
        assert!(GgPoker.is_hand_start(
            "Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - 2021/04/01 11:44:46"
        ));
        assert!(!GgPoker
            .is_hand_start("PokerStars Hand #1: Hold'em No Limit ($1/$2) - 2020/01/01 1:00:00 ET"));
        assert!(!GgPoker.is_hand_start("Poker Hand #ABC1: x"));
        assert!(!GgPoker.is_hand_start("Poker Hand #HD: x"));
        assert!(!GgPoker.is_hand_start("Hero: folds"));
    }

    #[test]
    fn hand_ids_map_without_collisions() {
        assert_eq!(hand_no("HD2735958902"), Ok(2_200_000_002_735_958_902));
        assert_eq!(
            hand_no("OM232657303"),
            Ok((15 * 27 + 13) * LETTER_BASE + 232_657_303)
        );
        assert_eq!(hand_no("A5"), Ok(LETTER_BASE + 5));
        assert_eq!(
            hand_no("ZZ9999999999999999"),
            Ok(728 * LETTER_BASE + 9_999_999_999_999_999)
        );
        assert_eq!(hand_no("123"), Ok(123));
        assert_eq!(
            hand_no("1171217378123557259"),
            Ok(-1_171_217_378_123_557_259)
        );
        assert!(hand_no("HD01").is_err());
        assert_eq!(
            hand_no("HD10000000000000000").map_err(|e| e.0),
            Err(ErrorKind::OutOfRange)
        );
        assert_eq!(
            hand_no("99999999999999999999").map_err(|e| e.0),
            Err(ErrorKind::OutOfRange)
        );
        // One-letter codes (1..=26) and two-letter codes (28..=728) never meet.
        assert!(hand_no("Z1").unwrap() < hand_no("AA1").unwrap());
    }

    #[test]
    fn tournament_header() {
        let h = parse_header(
            "TM600571038",
            " Tournament #25313426, H-04: $1,050 GGMasters High Rollers Hold'em No Limit   - Level14(300/600) - 2021/04/04 20:43:56",
        )
        .ok()
        .unwrap();
        assert_eq!(h.game.kind, GameKind::Tour);
        assert_eq!((h.game.small_blind, h.game.big_blind), (300, 600));
        assert_eq!(h.game.currency, "T$");
        let t = h.tournament.unwrap();
        assert_eq!(t.tourney_no, 25_313_426);
        assert_eq!(t.level.as_deref(), Some("14"));
        assert_eq!(h.start_time.to_rfc3339(), "2021-04-04T20:43:56+00:00");
        let h = parse_header(
            "TM316262814",
            " Tournament #9364957, WSOP #77: $5,000 No Limit Hold'em Main Event [Flight W], $25M GTD Hold'em No Limit - Level10 (1,000/2,000) - 2020/08/30 15:49:08",
        )
        .ok()
        .unwrap();
        assert_eq!((h.game.small_blind, h.game.big_blind), (1000, 2000));
    }

    #[test]
    fn cash_headers() {
        let h = parse_header("SD1", " ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40")
            .ok()
            .unwrap();
        assert_eq!(h.game.category, Category::SixPlusHoldem);
        assert_eq!(
            (h.game.small_blind, h.game.big_blind, h.game.ante),
            (0, 2, 2)
        );
        let h = parse_header("OM1", " PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48")
            .ok()
            .unwrap();
        assert_eq!(h.game.category, Category::Omaha5Hi);
        assert_eq!(h.game.limit_type, LimitType::PotLimit);
        assert_eq!((h.game.small_blind, h.game.big_blind), (10, 25));
        assert_eq!(h.game.currency, "USD");
        let h = parse_header("RC1", " Omaha Pot Limit ($0.5/$1) - 2020/06/13 13:14:21")
            .ok()
            .unwrap();
        assert!(h.game.fast);
        assert!(parse_header("HD1", " Razz Limit ($1/$2) - 2020/06/13 13:14:21").is_err());
        assert!(parse_header("HD1", " Hold'em No Limit ($1/$2) - yesterday").is_err());
    }

    const STRADDLES: &str =
        "Poker Hand #SD27208832: ShortDeck No Limit ($0.02) - 2021/03/02 18:21:18
Table 'SDWhite20' 5-max Seat #1 is the button
Seat 1: f1da9c5a ($2.48 in chips)
Seat 2: 27925b27 ($2.33 in chips)
Seat 3: Hero ($2 in chips)
27925b27: posts the ante $0.02
f1da9c5a: posts the ante $0.02
Hero: posts the ante $0.02
f1da9c5a: posts button blind $0.02
27925b27: straddle $0.04
27925b27: straddle $0.08
*** HOLE CARDS ***
Dealt to f1da9c5a
Dealt to 27925b27
Dealt to Hero [Ac Tc]
Hero: folds
f1da9c5a: folds
Uncalled bet ($0.06) returned to 27925b27
*** SHOWDOWN ***
27925b27 collected $0.1 from pot
*** SUMMARY ***
Total pot $0.1 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: f1da9c5a (button) folded before Flop
Seat 2: 27925b27 collected ($0.1)
Seat 3: Hero folded before Flop";

    #[test]
    fn straddles_print_the_new_total() {
        let h = parse(STRADDLES).unwrap();
        let straddles: Vec<Money> = h
            .actions
            .iter()
            .filter(|a| a.kind == ActionKind::Straddle)
            .map(|a| a.amount)
            .collect();
        assert_eq!(straddles, vec![4, 4]);
        assert_eq!(h.hero, Some(2));
        assert_eq!(h.players[2].cards.len(), 2);
        assert_eq!(h.total_pot, 10);
        let put: Money = h.actions.iter().map(|a| a.amount).sum();
        assert_eq!(put - 6, 10);
    }

    #[test]
    fn errors_carry_line_and_hand_number() {
        let cut = STRADDLES.split("*** SUMMARY ***").next().unwrap();
        let e = parse(cut).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unfinished);
        assert_eq!(e.site_hand_no, hand_no("SD27208832").ok());
        let bad = STRADDLES.replace("Hero: folds", "Hero: calls $x.y");
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
        assert_eq!(e.line, 16);
        assert_eq!(e.line_text.as_deref(), Some("Hero: calls $x.y"));
        let ghost = STRADDLES.replace("Hero: folds", "Ghost: folds");
        assert_eq!(parse(&ghost).unwrap_err().line, 16);
    }

    #[test]
    fn ev_cashout_and_insurance() {
        let text = "Poker Hand #HD2735972142: Hold'em No Limit ($0.25/$0.5) - 2026/02/17 06:24:30
Table 'NLHPurple11' 6-max Seat #1 is the button
Seat 1: 4d960f58 ($54.65 in chips)
Seat 2: d31522d6 ($44.37 in chips)
4d960f58: posts small blind $0.25
d31522d6: posts big blind $0.5
*** HOLE CARDS ***
Dealt to 4d960f58
Dealt to d31522d6
4d960f58: raises $8.5 to $9
d31522d6: calls $8.5
*** FLOP *** [Jc 7s 9s]
d31522d6: bets $35.37 and is all-in
4d960f58: calls $35.37
d31522d6: shows [Kd Qd] (King high)
4d960f58: shows [Ac As] (a pair of Aces)
*** TURN *** [Jc 7s 9s] [Ts]
d31522d6: Chooses to EV Cashout
*** RIVER *** [Jc 7s 9s Ts] [Ah]
d31522d6: Pays Cashout Risk ($19)
4d960f58: pay premium of all-in insurance ($2)
*** SHOWDOWN ***
d31522d6 collected $84.49 from pot
*** SUMMARY ***
Total pot $88.74 | Rake $4 | Jackpot $0.25 | Bingo $0 | Fortune $0 | Tax $0
Board [Jc 7s 9s Ts Ah]
Seat 1: 4d960f58 showed [Ac As] and lost with three of a kind, Aces
Seat 2: d31522d6 (big blind) showed [Kd Qd] and won ($84.49) with a straight, Cashout Risk ($19)";
        let h = parse(text).unwrap();
        assert_eq!(h.rake, 425);
        assert_eq!(h.total_pot, 8874);
        assert!(h.collections.is_empty());
        assert_eq!(h.cashed_out_pot, 8449);
        assert_eq!(
            h.cash_outs,
            vec![
                CashOut {
                    player: 0,
                    amount: 0,
                    fee: 200
                },
                CashOut {
                    player: 1,
                    amount: 6549,
                    fee: 0
                },
            ]
        );
        assert!(h.actions.iter().any(|a| a.all_in));
    }
}

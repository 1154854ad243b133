//! PokerStars hand histories, and the rooms that write the same format (Run It Once, PokerMaster,
//! PokerBros, Full Tilt's 2016 format, tracker exports and converters).
//!
//! One pass over the lines of a chunk, no regular expressions: each line is recognised by its
//! first bytes (`***`, `Seat `, `Dealt to `, ...) or by the seated player's name it starts with.
//! Names are matched against the seat list, longest first, so names with spaces, colons,
//! brackets or non-Latin letters are read correctly. Money goes through [`HandBuilder`], which
//! turns what the room prints (call amounts, raise "to" totals) into the chips each action put in.
//!
//! Where a room's text contradicts itself, the parser trusts, in this order: the summary's
//! "Total pot", the amounts players called, then the other lines (see [`Uncalled::FromPrintedPot`] and
//! `Parser::call`). Collections come from the summary; the "collected" lines before it give
//! their pots and boards when both agree.
//!
//! Conventions beyond the model's documentation:
//! - stud has no small blind (the bring-in is not a blind); fixed-limit cash games print the
//!   small and big bet, their blinds come from fpdb's table, tournaments' are half and all of
//!   the small bet; `small_bet` is the big blind and `big_bet` twice it;
//! - a second big blind larger than the table's is a straddle (PokerMaster prints them so);
//! - when several players are dealt cards (Run It Once shows every hand), the first one dealt,
//!   or the seat marked `[hero]`, is the hero;
//! - draw games: each discard or stand-pat opens the player's hand after that draw, filled by
//!   the hero's "Dealt to" line or by the cards shown at the end;
//! - a stud community card (`*** RIVER *** [6h]`) is the seventh card of every player still in.

use chrono::{NaiveDate, NaiveDateTime, Timelike};

use crate::amount::{self, CENTS, CHIPS};
use crate::builder::HandBuilder;
use crate::cards::Card;
use crate::error::{ErrorKind, ParseError};
use crate::model::*;
use crate::parsers::text::{self, bracket, cards_of, find, groups, rfind, split2, Cards};
use crate::parsers::verbs::{self, Betting, Rules, Verb};
use crate::parsers::Room;
use crate::pot::{PotPolicy, PrintedPot, Uncalled};
use crate::split::Chunk;
use crate::time;

/// The PokerStars format, whoever wrote it.
#[derive(Debug)]
pub struct PokerStars;

impl Room for PokerStars {
    fn header_first_bytes(&self) -> &'static [u8] {
        b"PRFHBMS "
    }

    fn finds_glued_headers(&self) -> bool {
        true
    }

    fn site(&self) -> &'static str {
        "PokerStars"
    }

    fn is_hand_start(&self, line: &str) -> bool {
        find_header(line).is_some()
    }

    fn parse(&self, chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
        parse_chunk(chunk)
    }
}

// ---------------------------------------------------------------------------------------------
// Header recognition
// ---------------------------------------------------------------------------------------------

/// Rooms whose histories use the PokerStars format: the name printed at the start of the header
/// and the name stored as the hand's site (the exporter writes the first name of a site).
pub(crate) const SITES: &[(&str, &str)] = &[
    ("PokerStars", "PokerStars"),
    ("POKERSTARS", "PokerStars"),
    ("Run It Once Poker", "Run It Once"),
    ("Full Tilt", "Full Tilt Poker"),
    ("PokerMaster", "PokerMaster"),
    ("PokerBros", "PokerBros"),
    ("Hive Poker", "Hive Poker"),
    ("BetOnline", "BetOnline"),
    ("MPLPoker", "MPLPoker"),
    ("SupremaPoker", "SupremaPoker"),
];

const HOME: u8 = 1;
const FAST: u8 = 2;

/// What follows the room's name, before " #<hand number>:".
const TITLES: &[(&str, u8)] = &[
    (" Home Game Hand", HOME),
    (" Home Game", HOME),
    (" Zoom Hand", FAST),
    (" Rush Hand", FAST),
    (" Hand", 0),
    (" Game", 0),
    (" HAND", 0),
    (" GAME", 0),
];

/// A recognised header: where it starts in the line and what it says up to the hand number.
#[derive(Debug, Clone, Copy)]
struct HeaderStart<'a> {
    /// Byte offset of the room's name in the line.
    offset: usize,
    site: &'static str,
    flags: u8,
    id: &'a str,
    /// The text after "#<id>:".
    rest: &'a str,
}

/// The header at the very start of `s`, if `s` starts with one.
#[inline]
fn header_at(s: &str, offset: usize) -> Option<HeaderStart<'_>> {
    // Two bytes tell the rooms' names from nearly every other line ("Player1: folds").
    match s.as_bytes() {
        [b'P', b'o' | b'O', ..]
        | [b'R', b'u', ..]
        | [b'F', b'u', ..]
        | [b'H', b'i', ..]
        | [b'B', b'e', ..]
        | [b'M', b'P', ..]
        | [b'S', b'u', ..] => header_of_room(s, offset),
        _ => None,
    }
}

/// [`header_at`] once the first bytes look like a room's name.
fn header_of_room(s: &str, offset: usize) -> Option<HeaderStart<'_>> {
    let first = *s.as_bytes().first()?;
    for &(printed, site) in SITES {
        if first != printed.as_bytes()[0] {
            continue;
        }
        let Some(after_site) = s.strip_prefix(printed) else {
            continue;
        };
        // The title runs to " #": compare it whole with the known ones.
        let a = after_site.as_bytes();
        let Some(hash) = a.iter().take(20).position(|&b| b == b'#') else {
            continue;
        };
        if hash == 0 || a[hash - 1] != b' ' {
            continue;
        }
        let title = &after_site[..hash - 1];
        let Some(&(_, flags)) = TITLES.iter().find(|(t, _)| *t == title) else {
            continue;
        };
        let r = &after_site[hash + 1..];
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let Some(rest) = r[digits..].strip_prefix(':') else {
            continue;
        };
        return Some(HeaderStart {
            offset,
            site,
            flags,
            id: &r[..digits],
            rest,
        });
    }
    None
}

/// Shorter than the shortest header ("PokerStars Hand #1: Razz Limit (1/2) - 2010/1/1 1:00").
const MIN_HEADER_LEN: usize = 48;

/// Finds a hand header in `line`: at its start (after at most one space, as in Stars' archive
/// format), or glued to the end of a truncated line ("*** RIVER *** [6d Kh JPokerStars Hand #...",
/// seen in concatenated files).
fn find_header(line: &str) -> Option<HeaderStart<'_>> {
    // The splitter asks about every line: most are short action lines, rejected by their
    // first byte.
    if let Some(h) = header_at(line, 0) {
        return Some(h);
    }
    if let Some(rest) = line.strip_prefix(' ') {
        if let Some(h) = header_at(rest, 1) {
            return Some(h);
        }
    }
    // A header glued to a cut-off line makes a long line with a '#'.
    if line.len() < MIN_HEADER_LEN || memchr::memchr(b'#', line.as_bytes()).is_none() {
        return None;
    }
    let mut from = 1;
    while let Some(pos) = line.get(from..).and_then(|l| find(l, "PokerStars ")) {
        let at = from + pos;
        // A header quoted in chat is not one.
        if find(&line[..at], "said, \"").is_some() {
            return None;
        }
        if let Some(h) = header_at(&line[at..], at) {
            return Some(h);
        }
        from = at + 1;
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Header contents: game, stakes, tournament, date
// ---------------------------------------------------------------------------------------------

/// Game names as Stars prints them (any case), most specific first.
const GAMES: &[(&str, Category)] = &[
    ("6+ Hold'em", Category::SixPlusHoldem),
    ("Hold'em", Category::Holdem),
    ("5 Card Omaha Hi/Lo", Category::Omaha5HiLo),
    ("5-Card Omaha Hi/Lo", Category::Omaha5HiLo),
    ("5 Card Omaha High", Category::Omaha5Hi),
    ("5-Card Omaha High", Category::Omaha5Hi),
    ("5 Card Omaha", Category::Omaha5Hi),
    ("5-Card Omaha", Category::Omaha5Hi),
    ("6 Card Omaha Hi/Lo", Category::Omaha6HiLo),
    ("6 Card Omaha", Category::Omaha6Hi),
    ("Omaha 5 Cards Hi/Lo", Category::Omaha5HiLo),
    ("Omaha 5 Cards", Category::Omaha5Hi),
    ("Omaha 6 Cards Hi/Lo", Category::Omaha6HiLo),
    ("Omaha 6 Cards", Category::Omaha6Hi),
    ("Omaha Hi/Lo", Category::OmahaHiLo),
    ("Omaha", Category::OmahaHi),
    ("Courchevel Hi/Lo", Category::CourchevelHiLo),
    ("Courchevel", Category::CourchevelHi),
    ("Fusion", Category::Fusion),
    ("Razz", Category::Razz),
    ("7 Card Stud Hi/Lo", Category::StudHiLo),
    ("7 Card Stud", Category::StudHi),
    ("Badugi", Category::Badugi),
    ("Triple Draw 2-7 Lowball", Category::TripleDraw27),
    ("Single Draw 2-7 Lowball", Category::SingleDraw27),
    ("5 Card Draw", Category::FiveDraw),
];

/// Betting structures, most specific first.
const LIMITS: &[(&str, LimitType)] = &[
    (
        "Pot Limit Pre-Flop, No Limit Post-Flop",
        LimitType::PotNoLimit,
    ),
    ("No Limit", LimitType::NoLimit),
    ("Pot Limit", LimitType::PotLimit),
    ("Fixed Limit", LimitType::FixedLimit),
    ("Limit", LimitType::FixedLimit),
];

/// Mixed games (printed before the game in parentheses) and their fpdb names.
const MIXES: &[(&str, &str)] = &[
    ("Mixed Omaha Hi/Lo", "plo_lo"),
    ("Mixed Omaha H/L", "plo_lo"),
    ("Mixed Hold'em", "mholdem"),
    ("Mixed PLH/PLO", "plh_plo"),
    ("Mixed NLH/PLO", "nlh_plo"),
    ("Mixed Omaha", "momaha"),
    ("Triple Stud", "3stud"),
    ("8-Game", "8game"),
    ("HORSE", "horse"),
    ("HOSE", "hose"),
];

/// Fixed-limit cash games print the small and big bet; the blinds are not always half of them.
/// Big bet → small blind, both in hundredths of the currency (fpdb's table). The big blind is
/// the small bet.
const FL_SMALL_BLINDS: &[(i64, i64)] = &[
    (4, 1),
    (8, 2),
    (10, 2),
    (20, 5),
    (40, 10),
    (50, 10),
    (100, 25),
    (200, 50),
    (400, 100),
    (600, 100),
    (800, 200),
    (1_000, 200),
    (1_600, 400),
    (2_000, 500),
    (3_000, 1_000),
    (4_000, 1_000),
    (5_000, 1_000),
    (6_000, 1_500),
    (8_000, 2_000),
    (10_000, 2_500),
    (15_000, 5_000),
    (20_000, 5_000),
    (40_000, 10_000),
    (50_000, 10_000),
    (60_000, 15_000),
    (80_000, 20_000),
    (100_000, 25_000),
    (200_000, 50_000),
    (400_000, 100_000),
    (1_000_000, 250_000),
    (2_000_000, 500_000),
    (4_000_000, 1_000_000),
];

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    let (s, p) = (s.as_bytes(), prefix.as_bytes());
    s.len() >= p.len()
        && p.first().is_none_or(|f| f.eq_ignore_ascii_case(&s[0]))
        && s[..p.len()].eq_ignore_ascii_case(p)
}

/// A game name at the start of `s` (followed by a space): category and length.
fn game_at(s: &str) -> Option<(Category, usize)> {
    GAMES.iter().find_map(|&(name, cat)| {
        (starts_with_ci(s, name) && s.as_bytes().get(name.len()) == Some(&b' '))
            .then_some((cat, name.len()))
    })
}

fn mix_at(s: &str) -> Option<(&'static str, usize)> {
    MIXES.iter().find_map(|&(name, id)| {
        (starts_with_ci(s, name) && s[name.len()..].starts_with(" (")).then_some((id, name.len()))
    })
}

fn limit_at(s: &str) -> Option<(LimitType, usize)> {
    LIMITS
        .iter()
        .find_map(|&(name, lt)| starts_with_ci(s, name).then_some((lt, name.len())))
}

/// Everything the header says.
#[derive(Debug)]
struct HeaderInfo {
    site: &'static str,
    no: i64,
    start_time: chrono::DateTime<chrono::Utc>,
    game: GameInfo,
}

/// What the header says about the game: the same for every hand of a table (or of a level).
#[derive(Debug, Clone)]
struct GameInfo {
    game: Game,
    scale: i64,
    tournament: Option<Tournament>,
    /// Ante printed in the stakes (button-blind games).
    ante_printed: bool,
}

thread_local! {
    /// The last header's game part (title flags, text up to the stakes) and what it says: the
    /// hands of a file nearly all repeat it, and reading it is a good part of a hand's cost.
    static LAST_GAME: std::cell::RefCell<Option<(u8, String, GameInfo)>> =
        const { std::cell::RefCell::new(None) };
}

/// Why a header could not be read, before the line number is known.
struct HeaderError(ErrorKind, &'static str);

fn bad(msg: &'static str) -> HeaderError {
    HeaderError(ErrorKind::Malformed, msg)
}

fn parse_header(h: &HeaderStart<'_>) -> Result<HeaderInfo, HeaderError> {
    let no: i64 = h.id.parse().map_err(|_| {
        HeaderError(
            ErrorKind::OutOfRange,
            "the hand number is too large to store",
        )
    })?;
    let cached = LAST_GAME.with(|c| {
        let c = c.borrow();
        let (flags, key, game) = c.as_ref()?;
        (*flags == h.flags && h.rest.starts_with(key.as_str())).then(|| (key.len(), game.clone()))
    });
    let (after, game) = match cached {
        Some(hit) => hit,
        None => {
            let (game, after) = parse_game(h)?;
            let key = h.rest[..after].to_string();
            LAST_GAME.with(|c| *c.borrow_mut() = Some((h.flags, key, game.clone())));
            (after, game)
        }
    };
    let start_time = header_time(&h.rest[after..]).ok_or(bad("no readable date in the header"))?;
    Ok(HeaderInfo {
        site: h.site,
        no,
        start_time,
        game,
    })
}

/// The game part of a header; also returns where the stakes end in `h.rest` (the date follows).
fn parse_game(h: &HeaderStart<'_>) -> Result<(GameInfo, usize), HeaderError> {
    let mut d = h.rest.trim_start();
    let mut home = h.flags & HOME != 0;
    let mut fast = h.flags & FAST != 0;
    // Home games: "{club name}".
    if let Some(r) = d.strip_prefix('{') {
        let close = r.find('}').ok_or(bad("unclosed home-game club name"))?;
        d = r[close + 1..].trim_start();
        home = true;
    }
    let (tour_no, zoom, rest) = tournament_part(d)?;
    d = rest;
    fast |= zoom;
    // The game starts at the first word that names a mix or a game.
    let mut game_start = None;
    let bytes = d.as_bytes();
    for i in 0..bytes.len() {
        if i > 0 && bytes[i - 1] != b' ' {
            continue;
        }
        let s = &d[i..];
        if mix_at(s).is_some() || game_at(s).is_some() || starts_with_ci(s, "Split ") {
            game_start = Some(i);
            break;
        }
    }
    let game_start = game_start.ok_or(bad("no game named in the header"))?;
    let buyin_text = d[..game_start].trim();
    let mut s = &d[game_start..];
    let mut mix = None;
    if let Some((id, n)) = mix_at(s) {
        mix = Some(id);
        s = &s[n + 2..];
    }
    let mut split_board = false;
    if starts_with_ci(s, "Split ") {
        split_board = true;
        s = &s[6..];
    }
    let (category, n) = game_at(s).ok_or(bad("unknown game in the header"))?;
    s = &s[n + 1..];
    let (mut limit_type, n) = limit_at(s).ok_or(bad("unknown betting structure in the header"))?;
    s = &s[n..];
    let (stakes, after, level) = stakes_part(s, mix.is_some())?;
    let st = parse_stakes(stakes).ok_or(bad("unreadable stakes"))?;
    if st.cap {
        limit_type = match limit_type {
            LimitType::PotLimit => LimitType::CapPotLimit,
            _ => LimitType::CapNoLimit,
        };
    }
    let kind = if tour_no.is_some() {
        GameKind::Tour
    } else {
        GameKind::Ring
    };
    let currency: &str = match kind {
        GameKind::Tour => "T$",
        GameKind::Ring => st.iso.or(st.symbol).unwrap_or("play"),
    };
    let scale = if currency == "play" || currency == "T$" {
        CHIPS
    } else {
        CENTS
    };
    let money = |t: &str| money_of(t, scale).map_err(|k| HeaderError(k, "unreadable stakes"));
    let small = money(st.small)?;
    let big = money(st.big)?;
    let ante = match st.ante {
        Some(a) => money(a)?,
        None => 0,
    };
    let base = category.base();
    let (small_blind, big_blind) = if st.button_blind {
        (0, big)
    } else if limit_type == LimitType::FixedLimit {
        fixed_limit_blinds(base, kind, scale, small, big)
    } else {
        (small, big)
    };
    let tournament = match tour_no {
        Some(t) => Some(parse_buyin(t, buyin_text, level)?),
        None => None,
    };
    let sb_bb = (small_blind, big_blind);
    let game = Game {
        base,
        ante,
        mix: mix.map(str::to_string),
        fast,
        home_game: home,
        split_board,
        ..Game::blinds(kind, category, limit_type, sb_bb, currency)
    };
    // `after` is a suffix of `h.rest`.
    let after = h.rest.len() - after.len();
    Ok((
        GameInfo {
            game,
            scale,
            tournament,
            ante_printed: st.ante.is_some(),
        },
        after,
    ))
}

/// The tournament part of a header: "[Zoom |Rush ]Tournament #N, BUYIN ", with Hive Poker's
/// "Table #N, " after it. Gives the tournament number, whether it is a fast-fold one, and the
/// text after it (the whole text for a cash game).
fn tournament_part(d: &str) -> Result<(Option<&str>, bool, &str), HeaderError> {
    for (prefix, zoom) in [
        ("Tournament #", false),
        ("Zoom Tournament #", true),
        ("Rush Tournament #", true),
    ] {
        if !starts_with_ci(d, prefix) {
            continue;
        }
        let r = &d[prefix.len()..];
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Err(bad("tournament number missing"));
        }
        let mut rest = r[n..].strip_prefix(',').unwrap_or(&r[n..]).trim_start();
        if let Some(t) = rest.strip_prefix("Table #") {
            if let Some(c) = t.find(", ") {
                rest = &t[c + 2..];
            }
        }
        return Ok((Some(&r[..n]), zoom, rest));
    }
    Ok((None, false, d))
}

/// The stakes text: inside the mix's parentheses for mixed cash games ("(Mix, $1/$2)"), else the
/// next parentheses, with a tournament's "Level N" before them. Gives the stakes, the text after
/// them, and the level.
fn stakes_part(mut s: &str, mixed: bool) -> Result<(&str, &str, Option<String>), HeaderError> {
    if let (true, Some(r)) = (mixed, s.strip_prefix(", ")) {
        let close = r.find(')').ok_or(bad("unclosed stakes"))?;
        return Ok((&r[..close], &r[close + 1..], None));
    }
    if mixed {
        s = s.trim_start().strip_prefix(')').unwrap_or(s);
    }
    let open = s.find('(').ok_or(bad("no stakes in the header"))?;
    let before = &s[..open];
    let mut level = None;
    for key in ["Level ", "LEVEL "] {
        if let Some(i) = find(before, key) {
            let lv = before[i + key.len()..]
                .split([' ', ',', ')'])
                .next()
                .unwrap_or("");
            if !lv.is_empty() {
                level = Some(lv.to_string());
            }
        }
    }
    let close = s[open..].find(')').ok_or(bad("unclosed stakes"))? + open;
    Ok((&s[open + 1..close], &s[close + 1..], level))
}

/// Fixed limit prints the small and big bet; the blinds follow from them (stud has a bring-in
/// instead of a small blind, cash hold'em's small blind comes from the table of stakes).
fn fixed_limit_blinds(base: Base, kind: GameKind, scale: i64, small: i64, big: i64) -> (i64, i64) {
    if base == Base::Stud {
        (0, small)
    } else if kind == GameKind::Ring {
        let key = big.saturating_mul(CENTS / scale);
        let sb = FL_SMALL_BLINDS
            .iter()
            .find(|&&(k, _)| k == key)
            .map(|&(_, sb)| sb / (CENTS / scale))
            .unwrap_or(small / 2);
        (sb, small)
    } else {
        (small / 2, small)
    }
}

/// The stakes between the header's parentheses.
struct Stakes<'a> {
    small: &'a str,
    big: &'a str,
    ante: Option<&'a str>,
    button_blind: bool,
    cap: bool,
    symbol: Option<&'static str>,
    iso: Option<&'static str>,
}

const ISO_CODES: &[&str] = &["USD", "EUR", "GBP", "CAD", "INR", "CNY", "FPP", "SC"];

fn iso_code(token: &str) -> Option<&'static str> {
    ISO_CODES.iter().copied().find(|&c| c == token)
}

/// "$0.01/$0.02 USD", "$0.25/$0.50 - $10 Cap -  USD", "Button Blind $5 - Ante $5 USD",
/// "ante 10, 20/40", "10/20".
fn parse_stakes(text: &str) -> Option<Stakes<'_>> {
    let mut t = text.trim();
    // A trailing ISO code.
    let mut iso = None;
    if let Some((head, last)) = t.rsplit_once(' ') {
        if let Some(code) = iso_code(last) {
            iso = Some(code);
            t = head.trim_end();
        }
    }
    let mut ante = None;
    if let Some(r) = t.strip_prefix("ante ") {
        let (a, rest) = r.split_once(", ")?;
        ante = Some(a);
        t = rest;
    }
    if let Some(r) = t.strip_prefix("Button Blind") {
        let (bb, a) = r.split_once(" - Ante")?;
        let bb = bb.trim();
        return Some(Stakes {
            small: "0",
            big: bb,
            ante: Some(a.trim()),
            button_blind: true,
            cap: false,
            symbol: amount::currency_of_symbol(bb),
            iso,
        });
    }
    let (small, rest) = t.split_once('/')?;
    let rest = rest.trim();
    let (big, tail) = match rest.split_once(' ') {
        Some((b, tail)) => (b, tail),
        None => (rest, ""),
    };
    let cap = tail.contains(" Cap") || tail.starts_with("Cap");
    Some(Stakes {
        small: small.trim(),
        big,
        ante,
        button_blind: false,
        cap,
        symbol: amount::currency_of_symbol(small).or_else(|| amount::currency_of_symbol(big)),
        iso,
    })
}

/// "$3.00+$0.30 USD", "$2.00+$0.50+$0.20 USD" (buy-in, bounty, fee), "50FPP", "Freeroll",
/// "100+9", "€4.69+€0.31 Cub3d," (Run It Once: a name follows), "$125+$10 -".
fn parse_buyin(
    tour_no: &str,
    text: &str,
    level: Option<String>,
) -> Result<Tournament, HeaderError> {
    // Tournament numbers keep their last 18 digits (converted files print longer ones).
    let digits = &tour_no[tour_no.len().saturating_sub(18)..];
    let tourney_no: i64 = digits
        .parse()
        .map_err(|_| bad("unreadable tournament number"))?;
    let mut t = Tournament {
        tourney_no,
        buyin: 0,
        fee: 0,
        bounty: 0,
        currency: String::new(),
        level,
        table_no: None,
        rebuy: false,
        results: Vec::new(),
    };
    let mut words = text.split(' ').filter(|w| !w.is_empty() && *w != "-");
    let first = words.next().unwrap_or("");
    if first.is_empty() || first.eq_ignore_ascii_case("Freeroll") {
        t.currency = if first.is_empty() { "NA" } else { "FREE" }.to_string();
        return Ok(t);
    }
    let iso = words.next().and_then(|w| iso_code(w.trim_end_matches(',')));
    let mut parts: Vec<&str> = first.trim_end_matches(',').split('+').collect();
    // "50FPP", "1SC": the unit is glued to the amount.
    let mut unit = None;
    for p in parts.iter_mut() {
        for u in ["FPP", "SC"] {
            if let Some(x) = p.strip_suffix(u) {
                *p = x;
                unit = Some(u);
            }
        }
    }
    let currency = iso
        .filter(|c| *c != "FPP" && *c != "SC")
        .or_else(|| parts.first().and_then(|p| amount::currency_of_symbol(p)))
        .or(unit)
        .or(iso)
        .unwrap_or("play");
    let money = |s: &str| money_of(s, CENTS).map_err(|k| HeaderError(k, "unreadable buy-in"));
    match parts.as_slice() {
        [b] => t.buyin = money(b)?,
        [b, f] => {
            t.buyin = money(b)?;
            t.fee = money(f)?;
        }
        [b, k, f] => {
            t.bounty = money(k)?;
            t.buyin = money(b)?.saturating_add(t.bounty);
            t.fee = money(f)?;
        }
        _ => return Err(bad("unreadable buy-in")),
    }
    t.currency = currency.to_string();
    Ok(t)
}

/// The start time: the last date-time of the header's date part, in the zone its label names
/// (ET, or no label, is US/Eastern — the Stars way; "UTC" and "CET" as they say).
fn header_time(text: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    let b = text.as_bytes();
    let mut best: Option<(NaiveDateTime, &str)> = None;
    let mut i = 0;
    while i + 10 <= b.len() {
        if let Some((dt, label, end)) = datetime_at(text, i) {
            best = Some((dt, label));
            i = end;
        } else {
            i += 1;
        }
    }
    let (dt, label) = best?;
    let tz = match label {
        "" | "ET" => time::EASTERN,
        l => time::zone_of_label(l).unwrap_or(time::EASTERN),
    };
    // Zones change their offset on the hour only: the offset of the previous hand's local hour
    // is valid for this one when the hour is the same.
    let hour = (tz, dt.date(), dt.hour());
    if let Some((key, offset)) = LAST_OFFSET.get() {
        if key == hour {
            return Some(chrono::DateTime::from_naive_utc_and_offset(
                dt - offset,
                chrono::Utc,
            ));
        }
    }
    let utc = time::local_to_utc(dt, tz);
    LAST_OFFSET.set(Some((hour, dt - utc.naive_utc())));
    Some(utc)
}

/// A zone and a local date and hour.
type LocalHour = (chrono_tz::Tz, NaiveDate, u32);

thread_local! {
    /// Local hour and zone of the last header's time, with its offset from UTC.
    static LAST_OFFSET: std::cell::Cell<Option<(LocalHour, chrono::TimeDelta)>> =
        const { std::cell::Cell::new(None) };
}

fn number(b: &[u8], i: &mut usize, min: usize, max: usize) -> Option<u32> {
    let start = *i;
    let mut v: u32 = 0;
    while *i < b.len() && *i - start < max && b[*i].is_ascii_digit() {
        v = v * 10 + u32::from(b[*i] - b'0');
        *i += 1;
    }
    (*i - start >= min).then_some(v)
}

/// "YYYY/MM/DD[ - ]H:MM[:SS][ LABEL]" at byte `i`: the time, its zone label and where it ends.
fn datetime_at(text: &str, start: usize) -> Option<(NaiveDateTime, &str, usize)> {
    let b = text.as_bytes();
    if start > 0 && b[start - 1].is_ascii_digit() {
        return None;
    }
    let mut i = start;
    let y = number(b, &mut i, 4, 4)?;
    let sep = *b.get(i)?;
    if sep != b'/' && sep != b'-' {
        return None;
    }
    i += 1;
    let m = number(b, &mut i, 1, 2)?;
    if b.get(i) != Some(&sep) {
        return None;
    }
    i += 1;
    let d = number(b, &mut i, 1, 2)?;
    // " " or " - " between date and time.
    while i < b.len() && (b[i] == b' ' || b[i] == b'-') {
        i += 1;
    }
    let hh = number(b, &mut i, 1, 2)?;
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let mm = number(b, &mut i, 2, 2)?;
    let mut ss = 0;
    if b.get(i) == Some(&b':') {
        i += 1;
        ss = number(b, &mut i, 2, 2)?;
    }
    let dt = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)?.and_hms_opt(hh, mm, ss)?;
    // Label: " ET", " (ET)", " CET", " UTC".
    let mut j = i;
    while j < b.len() && (b[j] == b' ' || b[j] == b'(') {
        j += 1;
    }
    let l_end = j + b[j..].iter().take_while(|c| c.is_ascii_uppercase()).count();
    let label = &text[j..l_end];
    Some((dt, label, i))
}

// ---------------------------------------------------------------------------------------------
// Amounts and cards
// ---------------------------------------------------------------------------------------------

/// An amount as Stars prints it ("$1.50", "€0.02", "1500", "1,289.63"), times `scale`.
/// Errors tell an amount too large to store from text that is not an amount.
fn money_of(text: &str, scale: i64) -> Result<Money, ErrorKind> {
    // Bounded as `text::checked_money` is: a larger amount would overflow the pot's sums.
    match text::parse_amount(text, scale)? {
        v if v > crate::stats::MAX_AMOUNT => Err(ErrorKind::OutOfRange),
        v => Ok(v),
    }
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, Default)]
struct PlayerState {
    /// Made an action other than a post (a later "sits out" line does not make him absent).
    acted: bool,
    sits_out: bool,
    /// "out of hand (moved from another table ...)": not dealt in, so no summary line.
    out_of_hand: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Table and seat lines.
    Seats,
    /// Posts, dealing, actions, showdown.
    Body,
    Summary,
}

/// Parses one chunk (a hand) of PokerStars-format text.
pub fn parse_chunk(chunk: &Chunk<'_>) -> Result<Hand, ParseError> {
    let mut lines = chunk.lines();
    let (first_no, first) = lines.next().unwrap_or((chunk.first_line, ""));
    let h = find_header(first).ok_or_else(|| {
        ParseError::malformed(first_no, "not a PokerStars hand header").with_text(first)
    })?;
    // Stars' archive format indents every line by one space.
    let indented = h.offset == 1 && first.starts_with(' ');
    let info = parse_header(&h).map_err(|HeaderError(kind, msg)| {
        ParseError::new(kind, first_no, msg)
            .with_text(first)
            .with_hand_no(h.id.parse().ok())
    })?;
    let mut p = Parser::new(info, h.id, chunk.first_line);
    let mut last_no = first_no;
    for (no, raw) in lines {
        last_no = no;
        let mut line = match raw.as_bytes().last() {
            Some(b' ' | b'\t') => raw.trim_end(),
            _ => raw,
        };
        if indented {
            line = line.strip_prefix(' ').unwrap_or(line);
        }
        if line.is_empty() {
            continue;
        }
        p.line(no, line)
            .map_err(|e| e.with_text(raw).with_hand_no(Some(p.hand_no)))?;
    }
    let hand_no = p.hand_no;
    p.finish(last_no).map_err(|e| e.with_hand_no(Some(hand_no)))
}

/// Result of a line handler: an error kind and message, the line is added by the caller.
type LineResult = Result<(), ParseError>;

struct Parser {
    b: HandBuilder,
    hand_no: i64,
    scale: i64,
    base: Base,
    hand_size: usize,
    phase: Phase,
    header_line: u32,
    ante_printed: bool,
    /// Per player: made an action other than a post, said to sit out in the hand.
    state: Vec<PlayerState>,
    /// Folds, blinds posted and raises: the format's betting rules.
    betting: Betting,
    hero: Option<PlayerIdx>,
    /// Board from the street lines (first run / only board) and the other runs.
    board: Vec<Card>,
    runs: Vec<Vec<Card>>,
    empty_board_bracket: bool,
    summary_board: Option<Vec<Card>>,
    summary_runs: Vec<Option<Vec<Card>>>,
    ran_twice: bool,
    showdown_board: u8,
    /// "collected" lines before the summary.
    pre: Vec<Collection>,
    /// Summary "won"/"collected" amounts: player, amount, board.
    summary_won: Vec<(PlayerIdx, Money, u8)>,
    cashed_out_pot: Money,
    total_pot: Option<Money>,
    /// The summary's "Total pot" line.
    total_line: Option<u32>,
    rake: Money,
    pot_added: Money,
    summary_seen: bool,
    /// Seat numbers of the summary's "Seat N:" lines.
    summary_seats: Vec<u8>,
}

impl Parser {
    fn new(info: HeaderInfo, id: &str, header_line: u32) -> Parser {
        let GameInfo {
            game,
            scale,
            tournament,
            ante_printed,
        } = info.game;
        let category = game.category;
        let mut b = HandBuilder::new(info.site, info.no, id, game, info.start_time);
        b.hand_mut().tournament = tournament;
        Parser {
            b,
            hand_no: info.no,
            scale,
            base: category.base(),
            hand_size: category.hand_size(),
            phase: Phase::Seats,
            header_line,
            ante_printed,
            state: Vec::with_capacity(10),
            betting: Betting::new(Rules::POKERSTARS),
            hero: None,
            board: Vec::new(),
            runs: Vec::new(),
            empty_board_bracket: false,
            summary_board: None,
            summary_runs: Vec::new(),
            ran_twice: false,
            showdown_board: 0,
            pre: Vec::new(),
            summary_won: Vec::new(),
            cashed_out_pot: 0,
            total_pot: None,
            total_line: None,
            rake: 0,
            pot_added: 0,
            summary_seen: false,
            summary_seats: Vec::new(),
        }
    }

    fn money(&self, text: &str, no: u32) -> Result<Money, ParseError> {
        money_of(text, self.scale).map_err(|kind| text::amount_error(kind, no))
    }

    /// The seated player whose name starts `line` (followed by ':' or ' '), longest name first;
    /// returns his index and the text after the name.
    fn player_prefix<'l>(&self, line: &'l str) -> Option<(PlayerIdx, &'l str)> {
        let sep = |c| matches!(c, b':' | b' ' | b',');
        text::name_prefix(&self.b.hand().players, line, sep, false).map(|(i, n)| (i, &line[n..]))
    }

    fn player_named(&self, name: &str) -> Option<PlayerIdx> {
        self.b.hand().players.iter().position(|p| p.name == name)
    }

    fn line(&mut self, no: u32, line: &str) -> LineResult {
        if self.phase == Phase::Summary {
            return self.summary_line(no, line);
        }
        let bytes = line.as_bytes();
        match bytes[0] {
            b'*' if line.starts_with("*** ") => return self.street(no, line),
            b'*' if crate::split::is_banner(line) => return Ok(()),
            b'T' if self.phase == Phase::Seats && line.starts_with("Table ") => {
                self.table(line);
                return Ok(());
            }
            b'S' if line.starts_with("Seat ") => {
                if let Some(res) = self.seat(no, line) {
                    return res;
                }
            }
            _ => {}
        }
        if self.phase == Phase::Seats {
            self.enter_body();
        }
        // Lines the room writes itself come first; a player whose name starts like one of them
        // ("Dealt to me") is still found below when the room's reading fails.
        match bytes[0] {
            b'D' => {
                if let Some(r) = line.strip_prefix("Dealt to ") {
                    if let Some(res) = self.dealt(no, r) {
                        return res;
                    }
                }
            }
            b'U' => {
                if let Some(r) = line.strip_prefix("Uncalled bet (") {
                    if let Some(res) = self.uncalled(no, r) {
                        return res;
                    }
                }
            }
            b'H' if line.starts_with("Hand cancelled") => {
                return Err(ParseError::new(
                    ErrorKind::Cancelled,
                    no,
                    "the room cancelled this hand",
                ));
            }
            b'S' => {
                if let Some(r) = line.strip_prefix("STP added: ") {
                    self.pot_added = self.money(r, no)?;
                    return Ok(());
                }
            }
            _ => {}
        }
        if let Some((p, rest)) = self.player_prefix(line) {
            if let Some(r) = rest.strip_prefix(": ") {
                return self.action(no, p, r);
            }
            return self.player_event(no, p, rest.trim_start_matches([' ', ',']));
        }
        if line.starts_with("Dealt to ") {
            return Err(ParseError::malformed(
                no,
                "cards dealt to a player who is not in the seat list",
            ));
        }
        if line.starts_with("Uncalled bet (") {
            return Err(ParseError::malformed(
                no,
                "uncalled bet returned to a player who is not in the seat list",
            ));
        }
        self.other_line(no, line)
    }

    /// The seat list is complete.
    fn enter_body(&mut self) {
        self.phase = Phase::Body;
        // Player names are "Small Blind", "Big Blind", "Dealer" (converted files): every small
        // blind posted is a live one.
        self.betting.rules.every_small_blind_live = self
            .b
            .hand()
            .players
            .iter()
            .any(|p| matches!(p.name.as_str(), "Small Blind" | "Big Blind" | "Dealer"));
    }

    /// Lines that name no seated player: chatter by observers and players who left, or an action
    /// by someone who is not in the hand (an error).
    fn other_line(&mut self, no: u32, line: &str) -> LineResult {
        if find(line, "said, \"").is_some() {
            return Ok(());
        }
        if let Some((_, verb)) = split2(line, ": ") {
            const ACTIONS: &[&str] = &[
                "folds",
                "checks",
                "calls ",
                "bets ",
                "raises ",
                "posts ",
                "brings",
                "discards ",
                "stands pat",
            ];
            if ACTIONS.iter().any(|a| verb.starts_with(a)) {
                return Err(ParseError::unknown_actor(no));
            }
        }
        if find(line, " collected ").is_some() && find(line, " from ").is_some() {
            return Err(ParseError::malformed(
                no,
                "pot collected by a player who is not in the seat list",
            ));
        }
        Ok(())
    }

    fn table(&mut self, line: &str) {
        let r = &line["Table ".len()..];
        let r = r.strip_prefix("ID ").unwrap_or(r);
        let (name, rest) = match (r.find('\''), r.rfind('\'')) {
            (Some(a), Some(z)) if z > a => (&r[a + 1..z], &r[z + 1..]),
            _ => {
                // No quotes (old converters): the name runs to the first " Seat #" or "-max".
                let end = find(r, " Seat #").unwrap_or(r.len());
                (r[..end].trim(), &r[end..])
            }
        };
        let hand = self.b.hand_mut();
        hand.table_name = name.to_string();
        if let Some(i) = find(rest, "-max").or_else(|| find(rest, "-Max")) {
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

    /// "Seat 3: NAME ($1.50 in chips[, $2 bounty])[ is sitting out][ out of hand (...)][ [hero]]".
    /// `None` when the line is not a seat line.
    fn seat(&mut self, no: u32, line: &str) -> Option<LineResult> {
        let r = &line["Seat ".len()..];
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let rest = r[digits..].strip_prefix(": ")?;
        let chips = find(rest, "in chips")?;
        Some(self.seat_line(no, &r[..digits], rest, chips))
    }

    fn seat_line(&mut self, no: u32, seat: &str, r: &str, chips: usize) -> LineResult {
        // Only digits were taken: a number that does not parse does not fit.
        let seat: u8 = seat
            .parse()
            .map_err(|_| ParseError::new(ErrorKind::OutOfRange, no, "seat number too large"))?;
        let open = rfind(&r[..chips], " (")
            .ok_or_else(|| ParseError::malformed(no, "unreadable seat line"))?;
        let name = &r[..open];
        if name.is_empty() {
            return Err(ParseError::malformed(no, "seat line without a player name"));
        }
        let stack = self.money(r[open + 2..chips].trim_end(), no)?;
        let after = &r[chips + "in chips".len()..];
        let mut bounty = None;
        if let Some(b) = after.strip_prefix(", ") {
            if let Some(i) = find(b, " bounty") {
                bounty = Some(
                    money_of(&b[..i], CENTS)
                        .map_err(|k| ParseError::new(k, no, "unreadable bounty"))?,
                );
            }
        }
        let flags = after
            .bytes()
            .position(|b| b == b')')
            .map_or("", |i| &after[i + 1..]);
        let out_of_hand = !flags.is_empty() && find(flags, "out of hand").is_some();
        let sitting_out =
            out_of_hand || (!flags.is_empty() && find(flags, "is sitting out").is_some());
        let idx = self.b.seat_player(no, seat, name, stack, sitting_out)?;
        self.b.hand_mut().players[idx].bounty = bounty;
        self.state.push(PlayerState {
            out_of_hand,
            ..PlayerState::default()
        });
        // Run It Once marks the hero in the seat list ("[hero]").
        if find(flags, "[hero]").is_some() {
            self.hero = Some(idx);
        }
        Ok(())
    }

    /// Street markers: "*** HOLE CARDS ***", "*** FLOP *** [..]", "*** 3rd STREET ***", ...
    fn street(&mut self, no: u32, line: &str) -> LineResult {
        let r = &line[4..];
        let Some(end) = find(r, " ***") else {
            return Ok(());
        };
        let name = &r[..end];
        let cards = &r[end + 4..];
        if self.phase == Phase::Seats {
            self.enter_body();
        }
        if name == "SUMMARY" {
            self.phase = Phase::Summary;
            self.summary_seen = true;
            return Ok(());
        }
        // Run-it-twice and double-board streets: "FIRST FLOP", "SECOND TURN", ...
        let (run, name) = if let Some(n) = name.strip_prefix("FIRST ") {
            (Some(0usize), n)
        } else if let Some(n) = name.strip_prefix("SECOND ") {
            (Some(1), n)
        } else if let Some(n) = name.strip_prefix("THIRD ") {
            (Some(2), n)
        } else {
            (None, name)
        };
        let street: Option<i8> = match (self.base, name) {
            (_, "SHOW DOWN") | (_, "SHOWDOWN") => {
                self.showdown_board = run.unwrap_or(0) as u8;
                return Ok(());
            }
            (Base::Hold, "HOLE CARDS") | (Base::Hold, "PRE-FLOP") => Some(0),
            (Base::Hold, "FLOP") => Some(1),
            (Base::Hold, "TURN") => Some(2),
            (Base::Hold, "RIVER") => Some(3),
            (Base::Stud, "3rd STREET") => Some(0),
            (Base::Stud, "4th STREET") => Some(1),
            (Base::Stud, "5th STREET") => Some(2),
            (Base::Stud, "6th STREET") => Some(3),
            (Base::Stud, "RIVER") | (Base::Stud, "7th STREET") => Some(4),
            (Base::Draw, "DEALING HANDS") => Some(0),
            (Base::Draw, "DRAW") if run.is_none() => Some(1),
            (Base::Draw, "DRAW") => run.map(|r| r as i8 + 1),
            // Stars prints "*** HOLE CARDS ***" in some converted draw and stud files.
            (_, "HOLE CARDS") => Some(0),
            _ => None,
        };
        let Some(street) = street else {
            return Ok(());
        };
        // A run's street after the first board: the first board's cards are not repeated.
        let new_street = street != self.b.street();
        if new_street && street >= self.b.street() {
            self.b.set_street(street);
        }
        match self.base {
            Base::Hold if street >= 0 && !cards.is_empty() && (name != "HOLE CARDS") => {
                self.board_line(no, run, cards);
            }
            Base::Stud if street == 4 => {
                // Not enough cards for everyone: one community card is the seventh card of
                // every player still in.
                if let Some(c) = groups(cards)
                    .next()
                    .and_then(cards_of)
                    .and_then(|v| v.as_slice().first().copied())
                {
                    for (i, pl) in self.b.hand_mut().players.iter_mut().enumerate() {
                        if i < self.state.len() && !self.betting.folded(i) && pl.cards.len() == 7 {
                            pl.cards[6] = c;
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Board cards of a street line: every bracket group, concatenated ("[a b c] [d]").
    fn board_line(&mut self, _no: u32, run: Option<usize>, text: &str) {
        let mut cards = [Card::UNKNOWN; 8];
        let mut n = 0;
        for g in groups(text) {
            if g.trim().is_empty() {
                self.empty_board_bracket = true;
                return;
            }
            // A garbled group ("[2s3d 3c]") leaves the board to the summary's "Board" line.
            let Some(v) = cards_of(g) else {
                return;
            };
            for &c in v.as_slice() {
                let Some(slot) = cards.get_mut(n) else {
                    return;
                };
                *slot = c;
                n += 1;
            }
        }
        let cards = &cards[..n];
        let target = match run {
            None => &mut self.board,
            Some(r) => {
                if self.runs.len() <= r {
                    self.runs.resize(r + 1, Vec::new());
                }
                &mut self.runs[r]
            }
        };
        if cards.len() > target.len() {
            target.clear();
            target.extend_from_slice(cards);
        }
    }

    fn mark_acted(&mut self, p: PlayerIdx) {
        if let Some(s) = self.state.get_mut(p) {
            s.acted = true;
        }
    }

    /// "NAME: verb ..." lines: the verbs of [`verbs`], applied with the format's betting rules.
    fn action(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        // "doesn't show hand", "Table deposit $10", "is disconnected", ...: nothing to record.
        let Some(verb) = verbs::POKERSTARS.parse(r, |t| self.money(t, no), no)? else {
            return Ok(());
        };
        if self.betting.apply(&mut self.b, p, &verb) {
            match verb {
                Verb::Fold { shown } => {
                    // "folds [Kh]": cards shown while folding.
                    if let Some(cards) = shown.and_then(cards_of) {
                        self.show(p, cards.as_slice());
                    }
                }
                Verb::Post { .. } | Verb::BringIn { .. } => return Ok(()),
                _ => {}
            }
            self.mark_acted(p);
            return Ok(());
        }
        match verb {
            Verb::Discard { count, cards } => {
                let cards = cards.and_then(cards_of);
                let cards = cards.as_ref().map_or(&[][..], Cards::as_slice);
                Betting::draw_street(&mut self.b);
                self.redraw(p, Some(count), cards, false);
                self.b.discard(p, count, cards.to_vec());
                self.mark_acted(p);
            }
            Verb::StandPat { cards } => {
                let cards = cards.and_then(cards_of);
                let cards = cards.as_ref().map_or(&[][..], Cards::as_slice);
                Betting::draw_street(&mut self.b);
                self.redraw(p, None, cards, true);
                self.b.stand_pat(p);
                self.mark_acted(p);
            }
            Verb::Show { cards } => {
                if let Some(cards) = cards.and_then(cards_of) {
                    self.show(p, cards.as_slice());
                }
            }
            Verb::Muck => self.b.hand_mut().players[p].mucked = true,
            Verb::SitOut if !self.state[p].acted => self.state[p].sits_out = true,
            _ => {}
        }
        Ok(())
    }

    /// The hand before draw `round` (1-based): the deal or the previous draw.
    fn hand_before(&self, p: PlayerIdx, round: usize) -> Vec<Card> {
        let pl = &self.b.hand().players[p];
        let prev = if round <= 1 {
            pl.cards.clone()
        } else {
            pl.draws.get(round - 2).cloned().unwrap_or_default()
        };
        let mut v = prev;
        v.resize(self.hand_size, Card::UNKNOWN);
        v
    }

    /// Makes sure the player has an entry for every draw up to the current one; returns its index.
    fn draw_slot(&mut self, p: PlayerIdx) -> usize {
        let round = self.b.street().max(1) as usize;
        while self.b.hand().players[p].draws.len() < round {
            let k = self.b.hand().players[p].draws.len() + 1;
            let prev = self.hand_before(p, k);
            self.b.hand_mut().players[p].draws.push(prev);
        }
        round - 1
    }

    /// A discard (`count` cards, `thrown` when printed) or a stand-pat (`pat`, with the hand when
    /// printed): the hand after the draw, as far as it is known.
    fn redraw(&mut self, p: PlayerIdx, count: Option<u8>, thrown: &[Card], pat: bool) {
        let slot = self.draw_slot(p);
        let round = slot + 1;
        let before = self.hand_before(p, round);
        let after = if pat {
            if thrown.is_empty() {
                before
            } else {
                let mut v = thrown.to_vec();
                v.resize(self.hand_size, Card::UNKNOWN);
                v
            }
        } else {
            // Kept cards first, then the new (unknown until dealt) ones.
            let n = usize::from(count.unwrap_or(0)).min(self.hand_size);
            let mut kept: Vec<Card> = before
                .iter()
                .copied()
                .filter(|c| !thrown.contains(c) || !c.is_known())
                .collect();
            kept.truncate(self.hand_size - n);
            kept.resize(self.hand_size, Card::UNKNOWN);
            kept
        };
        self.b.hand_mut().players[p].draws[slot] = after;
    }

    /// Cards a player showed (at showdown, when folding, in the summary).
    fn show(&mut self, p: PlayerIdx, cards: &[Card]) {
        self.b.hand_mut().players[p].shown = true;
        self.reveal(p, cards);
    }

    /// Adds cards seen for a player (shown or mucked) to what is known of his hand.
    fn reveal(&mut self, p: PlayerIdx, cards: &[Card]) {
        if cards.iter().all(|c| !c.is_known()) {
            return;
        }
        let size = self.hand_size;
        match self.base {
            // Stud prints the cards in dealing order.
            Base::Stud => self.b.set_stud_cards(p, 0, cards),
            Base::Draw => self.b.reveal_draw_hand(p, cards, size),
            Base::Hold => {
                // Fill unknown slots with the cards not known yet ("shows [Qs]" shows one of two).
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
        }
    }

    /// "Dealt to NAME [cards]" / "Dealt to NAME [old] [new]".
    fn dealt(&mut self, no: u32, r: &str) -> Option<LineResult> {
        self.dealt_to(no, r).map(Ok)
    }

    /// `None` when the line names no seated player.
    fn dealt_to(&mut self, _no: u32, r: &str) -> Option<()> {
        // The name is followed by " [": match the seated names (they may contain brackets).
        let mut best: Option<(PlayerIdx, usize)> = None;
        for (i, pl) in self.b.hand().players.iter().enumerate() {
            let n = pl.name.len();
            if r.len() > n + 1
                && r.as_bytes()[..n] == *pl.name.as_bytes()
                && r[n..].starts_with(" [")
                && best.is_none_or(|(_, len)| n > len)
            {
                best = Some((i, n));
            }
        }
        let (p, n) = best?;
        let text = &r[n..];
        // The last bracket holds the new cards; the one before it (draws) the kept ones.
        let (mut kept, mut last) = (None, None);
        for g in groups(text) {
            kept = last;
            last = Some(g);
        }
        let Some(new) = last.and_then(cards_of) else {
            return Some(());
        };
        let new = new.as_slice();
        let street = self.b.street().max(0);
        match self.base {
            Base::Hold => {
                if new.is_empty() {
                    return Some(());
                }
                if self.hero.is_none() {
                    self.hero = Some(p);
                }
                self.b.set_cards(p, new);
            }
            Base::Stud => {
                // New cards end at slot street+3: third street deals slots 0-2 (the hero's two
                // down cards and his up card; one up card for the others), then one per street.
                let end = (street as usize + 3).min(7);
                let start = end.saturating_sub(new.len());
                let pl = &mut self.b.hand_mut().players[p];
                pl.cards.resize(7, Card::UNKNOWN);
                for (dst, &c) in pl.cards[start..end].iter_mut().zip(new) {
                    *dst = c;
                }
                if street == 0 && new.len() >= 3 && self.hero.is_none() {
                    self.hero = Some(p);
                }
            }
            Base::Draw => {
                if street == 0 {
                    if self.hero.is_none() {
                        self.hero = Some(p);
                    }
                    self.b.set_cards(p, new);
                } else {
                    // The hand after a draw: kept cards, then the new ones. Some files repeat
                    // the whole hand in both brackets; keep what makes a hand of the right size.
                    let kept = kept.and_then(cards_of);
                    let kept = kept.as_ref().map_or(&[][..], Cards::as_slice);
                    let size = self.hand_size;
                    let mut after = if new.len() == size && kept.len() + new.len() != size {
                        new.to_vec()
                    } else if kept.len() == size && kept.len() + new.len() != size {
                        kept.to_vec()
                    } else {
                        let mut v = kept.to_vec();
                        v.extend_from_slice(new);
                        v
                    };
                    after.resize(size, Card::UNKNOWN);
                    let slot = self.draw_slot(p);
                    self.b.hand_mut().players[p].draws[slot] = after;
                }
            }
        }
        Some(())
    }

    /// "Uncalled bet ($2) returned to NAME".
    /// `None` when the line names no seated player.
    fn uncalled(&mut self, no: u32, r: &str) -> Option<LineResult> {
        let (amt, name) = split2(r, ") returned to ")?;
        let p = self.player_named(name.trim())?;
        Some(self.money(amt, no).map(|amount| {
            self.b.uncalled(p, amount);
            // Run It Once prints the return at the showdown: it belongs to the street of the
            // player's last bet.
            let hand = self.b.hand_mut();
            if let Some(street) = hand
                .actions
                .iter()
                .rev()
                .find(|a| a.player == p && a.amount > 0)
                .map(|a| a.street.max(0))
            {
                if let Some(r) = hand.returned.last_mut() {
                    r.street = street;
                }
            }
        }))
    }

    /// "NAME collected ...", "NAME cashed out ...", "NAME shows [..] for ...", tournament lines.
    fn player_event(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        if let Some(c) = r.strip_prefix("collected ") {
            // "collected $5 from pot | main pot | side pot | side pot-2 | side pot 1"
            let (amt, from) = split2(c, "from ").unwrap_or((c, "pot"));
            let amount = self.money(amt, no)?;
            let pot = match from.trim().strip_prefix("side pot") {
                Some(n) => n
                    .trim_start_matches(['-', ' '])
                    .parse::<u8>()
                    .unwrap_or(1)
                    .max(1),
                None => 0,
            };
            self.pre.push(Collection {
                player: p,
                amount,
                pot,
                board: self.showdown_board,
            });
            return Ok(());
        }
        if let Some(c) = r.strip_prefix("cashed out the hand for ") {
            let (amt, fee) = match split2(c, "| Cash Out Fee ") {
                Some((a, f)) => (a, Some(f)),
                None => (c, None),
            };
            let amount = self.money(amt, no)?;
            let fee = match fee {
                Some(f) => self.money(f, no)?,
                None => 0,
            };
            self.b.hand_mut().cash_outs.push(CashOut {
                player: p,
                amount,
                fee,
            });
            return Ok(());
        }
        if r.starts_with("shows [") || r.starts_with("mucks [") {
            // Run It Once: "NAME shows [Ad Qd] for Pair [..]".
            if let Some(cards) = groups(r).next().and_then(cards_of) {
                if r.starts_with("shows") {
                    self.show(p, cards.as_slice());
                } else {
                    self.b.hand_mut().players[p].mucked = true;
                    self.reveal(p, cards.as_slice());
                }
            }
            return Ok(());
        }
        if self.b.hand().tournament.is_some() {
            return self.tournament_line(no, p, r);
        }
        Ok(())
    }

    fn tournament_line(&mut self, no: u32, p: PlayerIdx, r: &str) -> LineResult {
        let scale = CENTS;
        if let Some(x) = r.strip_prefix("finished the tournament in ") {
            let place: u32 = x.bytes().take_while(u8::is_ascii_digit).fold(0u32, |a, d| {
                a.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            });
            let prize = match split2(x, "and received ") {
                Some((_, amt)) => Some(
                    money_of(amt.trim_end_matches('.').trim(), scale)
                        .map_err(|k| ParseError::new(k, no, "unreadable prize"))?,
                ),
                None => None,
            };
            self.b.finish_place(p, place, prize);
        } else if let Some(x) = r.strip_prefix("wins the tournament and receives ") {
            let amt = x.split(" - ").next().unwrap_or(x);
            let prize = money_of(amt.trim(), scale)
                .map_err(|k| ParseError::new(k, no, "unreadable prize"))?;
            self.b.finish_place(p, 1, Some(prize));
        } else if r.starts_with("re-buys") || r.starts_with("takes the add-on") {
            if let Some(t) = self.b.hand_mut().tournament.as_mut() {
                t.rebuy = true;
            }
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
        if let Some(r) = line.strip_prefix("Board ") {
            self.summary_board = groups(r)
                .next()
                .and_then(cards_of)
                .map(|c| c.as_slice().to_vec());
            return Ok(());
        }
        for (prefix, run) in [
            ("FIRST Board ", 0usize),
            ("SECOND Board ", 1),
            ("THIRD Board ", 2),
        ] {
            if let Some(r) = line.strip_prefix(prefix) {
                if self.summary_runs.len() <= run {
                    self.summary_runs.resize(run + 1, None);
                }
                self.summary_runs[run] = groups(r)
                    .next()
                    .and_then(cards_of)
                    .map(|c| c.as_slice().to_vec());
                return Ok(());
            }
        }
        if line.starts_with("Hand was run t") {
            self.ran_twice = true;
        }
        Ok(())
    }

    /// "Total pot $5.10 Main pot $3. Side pot $2. | Rake $0.10", or "Total pot €0.75 | Main pot
    /// €0.25 | STP €0.50 | Rake €0.04". Jackpot and other fees are rake.
    fn pot_line(&mut self, no: u32, r: &str) -> LineResult {
        let (first, mut parts) = split2(r, " | ").unwrap_or((r, ""));
        let total_text = &first[..first.bytes().position(|c| c == b' ').unwrap_or(first.len())];
        self.total_pot = Some(self.money(total_text, no)?);
        self.total_line = Some(no);
        self.rake = 0;
        while !parts.is_empty() {
            let (part, more) = split2(parts, " | ").unwrap_or((parts, ""));
            parts = more;
            let part = part.trim();
            let Some((label, amt)) = part.rsplit_once(' ') else {
                continue;
            };
            let value = self.money(amt.trim_end_matches('.'), no)?;
            match label {
                "Main pot" | "Side pot" => {}
                l if l.starts_with("Side pot") => {}
                "STP" => {
                    if self.pot_added == 0 {
                        self.pot_added = value;
                    }
                }
                _ => self.rake = self.rake.saturating_add(value),
            }
        }
        Ok(())
    }

    /// "Seat 4: NAME (button) showed [..] and won ($5) with ..., and lost with ..."
    fn summary_seat(&mut self, no: u32, r: &str) -> LineResult {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let Some(rest) = r[digits..].strip_prefix(": ") else {
            return Ok(());
        };
        let seat: Option<u8> = r[..digits].parse().ok();
        if let Some(s) = seat {
            self.summary_seats.push(s);
        }
        let by_seat = seat.and_then(|s| {
            self.b
                .hand()
                .players
                .iter()
                .position(|p| p.seat == s && rest.starts_with(p.name.as_str()))
        });
        let found = match by_seat {
            Some(p) => Some((p, &rest[self.b.hand().players[p].name.len()..])),
            None => self.player_prefix(rest),
        };
        let Some((p, text)) = found else {
            // Summary lines of players not in the seat list (anonymiser slips) carry nothing
            // unless they claim money.
            if find(rest, " won ").is_some() || find(rest, " collected ").is_some() {
                return Err(ParseError::malformed(
                    no,
                    "summary line of a player who is not in the seat list",
                ));
            }
            return Ok(());
        };
        // Position marks first: "(button) (small blind) folded before Flop".
        let mut t = text.trim_start();
        while t.starts_with('(') {
            match memchr::memchr(b')', t.as_bytes()) {
                Some(i) => t = t[i + 1..].trim_start(),
                None => break,
            }
        }
        if t.is_empty() || t.starts_with("folded") {
            return Ok(());
        }
        let results = if let Some(x) = t.strip_prefix("showed ") {
            match bracket(x) {
                Some((inner, after)) => {
                    if let Some(cards) = cards_of(inner) {
                        self.show(p, cards.as_slice());
                    }
                    after
                }
                None => x,
            }
        } else if let Some(x) = t.strip_prefix("mucked") {
            // Converters list every player's cards as "mucked", folded ones included.
            if !self.betting.folded(p) {
                self.b.hand_mut().players[p].mucked = true;
            }
            let x = x.trim_start();
            match bracket(x) {
                Some((inner, after)) => {
                    if let Some(cards) = cards_of(inner) {
                        self.reveal(p, cards.as_slice());
                    }
                    after
                }
                None => x.strip_prefix("hand").unwrap_or(x),
            }
        } else {
            t
        };
        self.summary_results(p, results);
        Ok(())
    }

    /// What a summary line says a player won: "and won ($5) with ...", "collected ($5)",
    /// "won €0.76 with ..." (Run It Once), one result per board: "and won ($5) with ..., and
    /// lost with ...".
    fn summary_results(&mut self, p: PlayerIdx, text: &str) {
        let several_boards = !self.runs.is_empty()
            || self.ran_twice
            || !self.summary_runs.is_empty()
            || self.b.hand().game.split_board;
        let not_awarded =
            !self.b.hand().cash_outs.is_empty() && find(text, "pot not awarded").is_some();
        let mut s = text.trim_start();
        let mut board: u8 = 0;
        loop {
            let word = s.strip_prefix("and ").unwrap_or(s);
            let won = word
                .strip_prefix("won ")
                .or_else(|| word.strip_prefix("collected "));
            if let Some(x) = won {
                let amt = match x.strip_prefix('(') {
                    Some(a) => &a[..a.bytes().position(|c| c == b')').unwrap_or(a.len())],
                    None => {
                        &x[..x
                            .bytes()
                            .position(|c| c == b' ' || c == b',')
                            .unwrap_or(x.len())]
                    }
                };
                if let Ok(amount) = money_of(amt, self.scale) {
                    if not_awarded {
                        self.cashed_out_pot = self.cashed_out_pot.saturating_add(amount);
                    } else {
                        self.summary_won.push((p, amount, board));
                    }
                }
            } else if !word.starts_with("lost") {
                break;
            }
            board = board.saturating_add(1);
            if !several_boards {
                break;
            }
            match find(s, ", and ") {
                Some(i) => s = &s[i + 2..],
                None => break,
            }
        }
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
        // The summary lists every player dealt in, by seat: a summary without the line of one
        // who took part in the hand was cut off (seat numbers, not names, are compared: some
        // anonymised files rename players in the summary), and the lines missing would have held shown and mucked
        // cards and what each player won (found by the malformed-input suite: without this,
        // a file cut after "*** SUMMARY ***" stored the hand without its collections).
        let hand = self.b.hand();
        let cut = self.state.iter().zip(&hand.players).any(|(s, p)| {
            let took_part = s.acted || !(p.sitting_out || s.sits_out);
            !s.out_of_hand && took_part && !self.summary_seats.contains(&p.seat)
        });
        if cut {
            return Err(ParseError::new(
                ErrorKind::Unfinished,
                last_line,
                "the summary stops before the line of every player (the file was cut)",
            ));
        }
        self.finish_boards()?;
        self.finish_players();
        self.finish_collections();
        self.finish_money(last_line)?;
        Ok(self.b.finish())
    }

    fn finish_boards(&mut self) -> Result<(), ParseError> {
        if self.base != Base::Hold {
            return Ok(());
        }
        let split = self.b.hand().game.split_board;
        let mut boards: Vec<Vec<Card>> = Vec::new();
        let summary_runs: Vec<Vec<Card>> = self.summary_runs.iter().flatten().cloned().collect();
        if !summary_runs.is_empty() && summary_runs.len() == self.summary_runs.len() {
            boards = summary_runs;
        } else if !self.runs.is_empty() {
            // Runs dealt after a shared street start with the shared cards.
            for run in &self.runs {
                let mut b = run.clone();
                if b.len() < 5 && !self.board.is_empty() && !b.starts_with(&self.board) {
                    let mut v = self.board.clone();
                    v.extend_from_slice(&b);
                    b = v;
                }
                boards.push(b);
            }
        } else if let Some(b) = self.summary_board.take() {
            boards.push(b);
        } else if self.empty_board_bracket {
            return Err(ParseError::malformed(
                self.header_line,
                "board cards missing (empty brackets) and no board in the summary",
            ));
        } else if !self.board.is_empty() {
            boards.push(std::mem::take(&mut self.board));
        }
        let runs = boards.len() > 1;
        let hand = self.b.hand_mut();
        hand.run_it_twice = (runs || self.ran_twice) && !split;
        hand.boards = boards;
        Ok(())
    }

    fn finish_players(&mut self) {
        let ante = self.ante_printed;
        let hand = self.b.hand_mut();
        for (i, pl) in hand.players.iter_mut().enumerate() {
            if self.state.get(i).is_some_and(|s| s.sits_out) {
                pl.sitting_out = true;
            }
        }
        if !ante {
            hand.game.ante = hand
                .actions
                .iter()
                .filter(|a| a.kind == ActionKind::Ante)
                .map(|a| a.amount)
                .max()
                .unwrap_or(0);
        }
        hand.hero = self.hero;
        if let Some(t) = hand.tournament.as_mut() {
            // Table names are "<tourney number> <table>". Stars prints them so; rooms that
            // print a table id only get the tournament number in front.
            let name = &hand.table_name;
            match name.split_once(' ') {
                Some((head, tail)) if head.bytes().all(|b| b.is_ascii_digit()) => {
                    t.table_no = Some(tail.to_string());
                }
                _ => {
                    t.table_no = (!name.is_empty()).then(|| name.clone());
                    hand.table_name = format!("{} {}", t.tourney_no, name);
                }
            }
        }
    }

    /// Collections: the summary's amounts are authoritative; the lines before the summary give
    /// the pot and board of each, so they are used when they agree with the summary.
    fn finish_collections(&mut self) {
        let n = self.b.hand().players.len();
        let pre_of = |p: PlayerIdx| {
            self.pre
                .iter()
                .filter(|c| c.player == p)
                .fold(0 as Money, |a, c| a.saturating_add(c.amount))
        };
        let summary_of = |p: PlayerIdx| {
            self.summary_won
                .iter()
                .filter(|w| w.0 == p)
                .fold(0 as Money, |a, w| a.saturating_add(w.1))
        };
        let use_pre = if self.summary_won.is_empty() || (0..n).all(|p| pre_of(p) == summary_of(p)) {
            true
        } else {
            // The summary contradicts the collect lines: keep the one that adds up to the pot.
            let pre_total = self
                .pre
                .iter()
                .fold(0 as Money, |a, c| a.saturating_add(c.amount));
            let summary_total = self
                .summary_won
                .iter()
                .fold(0 as Money, |a, w| a.saturating_add(w.1));
            let target = self.total_pot.map(|t| {
                t.saturating_sub(self.rake)
                    .saturating_sub(self.cashed_out_pot)
            });
            target != Some(summary_total) && target == Some(pre_total)
        };
        let collections: Vec<Collection> = if use_pre {
            std::mem::take(&mut self.pre)
        } else {
            self.summary_won
                .iter()
                .map(|&(player, amount, board)| Collection {
                    player,
                    amount,
                    pot: 0,
                    board,
                })
                .collect()
        };
        self.b.hand_mut().collections = collections;
    }

    /// Total pot, rake, room-added money and returns, made consistent with each other: the
    /// summary's total is before rake (exporters print it after), old histories print no
    /// uncalled bets and the total shows them ([`Uncalled::FromPrintedPot`]).
    fn finish_money(&mut self, last_line: u32) -> LineResult {
        let hand = self.b.hand_mut();
        hand.cashed_out_pot = self.cashed_out_pot;
        let mut policy = PotPolicy::new(self.scale, self.total_line.unwrap_or(last_line));
        if let Some(total) = self.total_pot {
            policy.printed = PrintedPot::BeforeRake(total);
            policy.rake = Some(self.rake);
        }
        policy.added = self.pot_added;
        policy.uncalled = Uncalled::FromPrintedPot;
        self.b.settle(&policy)
    }
}

//! Tournament summaries: the files rooms write about a tournament as a whole (places, prizes,
//! entries, prize pool), read into one site-neutral [`Summary`] per tournament.
//!
//! One module per format:
//! - [`stars`]: PokerStars' text summaries (also Run It Once's, and the e-mailed "Tournament
//!   History" requests, see [`mail`]);
//! - [`stars_html`]: PokerStars' tournament archive (an HTML table, one row per tournament);
//! - [`fulltilt`]: Full Tilt Poker's text summaries;
//! - [`pacific`]: 888poker's ("Cassava") summaries;
//! - [`pokertracker`]: PokerTracker 4's summary exports (of any room);
//! - [`winamax`]: Winamax's text summaries and its tournament web pages (HTML);
//! - [`winning`]: Winning Poker Network's (Americas Cardroom) tournament report (HTML).
//!
//! Money is in hundredths of the currency's unit, as the hand parsers store tournament buy-ins:
//! cents for real money, hundredths of an FPP and of a play chip (so "Buy-In: 100 FPP" is 10000,
//! as "100FPP" in a hand header). A summary says nothing about what it does not print: every
//! fact is an `Option` (or an empty list) and `None` means "not printed", never zero.

pub mod fulltilt;
mod html;
pub mod mail;
pub mod pacific;
pub mod pokertracker;
pub mod stars;
pub mod stars_html;
pub mod winamax;
pub mod winning;

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;

use crate::amount::{self, CENTS};
use crate::error::{ErrorKind, ParseError};
use crate::model::Money;
use crate::time;

/// One tournament as a summary describes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Site name as stored in Sites.name (the hand parsers' names: "PokerStars", "Full Tilt
    /// Poker", "888poker", "Winamax", "Winning", ...).
    pub site: String,
    /// The site's tournament number.
    pub tourney_no: i64,
    /// Which format the summary was read from ("PokerStars", "PokerTracker", ...).
    pub format: &'static str,
    /// 1-based line of the summary's first line in the text.
    pub line: u32,
    /// The tournament's name, when printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game as printed ("No Limit Hold'em", "8-Game").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Gametypes.category of the game (`holdem`, `omahahi`, ...); `None` for mixed games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<&'static str>,
    /// Gametypes.limitType (`nl`, `pl`, `fl`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_type: Option<&'static str>,
    /// Currency of the buy-in: an ISO code, `FPP`, `play`, `T$` (tournament money), `FREE` for
    /// freerolls with no buy-in printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Buy-in without the fee (knockout bounty included, as in hand headers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buyin: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fee: Option<Money>,
    /// The knockout bounty part of the buy-in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounty: Option<Money>,
    /// What one entry costs, buy-in and fee together, when the summary prints only the total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry_cost: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rebuy_cost: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addon_cost: Option<Money>,
    /// Rebuys or add-ons are possible.
    pub rebuy_or_addon: bool,
    /// Players may enter again after busting (re-entry, multi-entry).
    pub reentry: bool,
    /// `normal`, `semi-turbo`, `turbo`, `super-turbo`, `hyper-turbo`, `slow`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<&'static str>,
    /// Seats per table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_seats: Option<u16>,
    /// A sit-and-go (starts when full) rather than a scheduled tournament.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sng: Option<bool>,
    /// The prizes are entries to another tournament (satellite).
    pub satellite: bool,
    /// The target tournament of a satellite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_tourney: Option<i64>,
    /// Number of entries (players registered; re-entries counted where the room counts them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize_pool: Option<Money>,
    /// Currency of the prize pool when it differs from the buy-in's (an FPP satellite paying
    /// tickets worth dollars).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize_currency: Option<String>,
    /// Money the room added to the prize pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_rebuys: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_addons: Option<u32>,
    /// UTC.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_time: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_time: Option<DateTime<Utc>>,
    /// The summary was written after the tournament ended (so its places are final).
    pub finished: bool,
    /// The player the summary was written for, when it can be told.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero: Option<String>,
    /// Every player the summary lists, one entry per player (re-entries folded in).
    pub players: Vec<SummaryPlayer>,
    /// Name → index in `players`.
    #[serde(skip)]
    index: std::collections::HashMap<String, usize>,
}

/// One player of a tournament, as a summary lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SummaryPlayer {
    pub name: String,
    /// Finishing place; `None` while still playing or when not printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// Prize (cash and the printed value of a ticket), without bounties.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winnings: Option<Money>,
    /// Currency of `winnings` when it differs from the buy-in's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winnings_currency: Option<String>,
    /// A prize that is not cash ("Sunday Million ticket", "$13 MiniFTOPS Ticket"), as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ticket: Option<String>,
    /// The ticket's value, when printed (included in `winnings`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ticket_value: Option<Money>,
    /// Knockouts made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounties: Option<u32>,
    /// Money won from bounties.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounty_winnings: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rebuys: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addons: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reentries: Option<u32>,
    /// Everything the player paid (buy-ins, fees, rebuys, add-ons, re-entries), when printed or
    /// computable from what is printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payin: Option<Money>,
    /// The summary says the player is still playing.
    pub still_playing: bool,
}

impl Summary {
    fn new(site: &str, format: &'static str, line: u32) -> Summary {
        Summary {
            site: site.to_string(),
            format,
            line,
            ..Summary::default()
        }
    }

    /// The player named `name`, added when not listed yet.
    pub fn player_mut(&mut self, name: &str) -> &mut SummaryPlayer {
        let i = match self.position(name) {
            Some(i) => i,
            None => {
                self.push_player(SummaryPlayer {
                    name: name.to_string(),
                    ..SummaryPlayer::default()
                });
                self.players.len() - 1
            }
        };
        &mut self.players[i]
    }

    fn position(&mut self, name: &str) -> Option<usize> {
        if self.index.len() != self.players.len() {
            self.index = self
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| (p.name.clone(), i))
                .collect();
        }
        self.index.get(name).copied()
    }

    fn push_player(&mut self, p: SummaryPlayer) {
        self.index.insert(p.name.clone(), self.players.len());
        self.players.push(p);
    }

    /// Adds one listed entry of a player. A player listed more than once (re-entries, or a
    /// room listing every entry) keeps the best place, the sum of the prizes and counts the
    /// extra entries as re-entries.
    fn add_entry(&mut self, entry: SummaryPlayer) {
        if let Some(i) = self.position(&entry.name) {
            let p = &mut self.players[i];
            p.rank = match (p.rank, entry.rank) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            p.winnings = sum_opt(p.winnings, entry.winnings);
            p.ticket_value = sum_opt(p.ticket_value, entry.ticket_value);
            if p.ticket.is_none() {
                p.ticket = entry.ticket;
            }
            if p.winnings_currency.is_none() {
                p.winnings_currency = entry.winnings_currency;
            }
            p.bounties = sum_opt(p.bounties, entry.bounties);
            p.bounty_winnings = sum_opt(p.bounty_winnings, entry.bounty_winnings);
            p.rebuys = sum_opt(p.rebuys, entry.rebuys);
            p.addons = sum_opt(p.addons, entry.addons);
            p.reentries = Some(p.reentries.unwrap_or(0) + 1 + entry.reentries.unwrap_or(0));
            p.still_playing |= entry.still_playing;
            if p.still_playing {
                p.rank = None; // an entry still in play: the final place is not known yet
            }
        } else {
            self.push_player(entry);
        }
    }

    /// Fills what follows from the facts read: the pay-in of players whose rebuys and
    /// add-ons are known, bounty money from bounty counts.
    fn complete(&mut self) {
        let entry_cost = match (self.buyin, self.fee) {
            (Some(b), Some(f)) => Some(b.saturating_add(f)),
            (Some(b), None) => Some(b),
            _ => self.entry_cost,
        };
        let (rebuy, addon, bounty) = (self.rebuy_cost, self.addon_cost, self.bounty);
        for p in &mut self.players {
            if p.bounty_winnings.is_none() {
                if let (Some(n), Some(b)) = (p.bounties, bounty) {
                    p.bounty_winnings = Some((n as i64).saturating_mul(b));
                }
            }
            if p.payin.is_some() {
                continue;
            }
            let Some(cost) = entry_cost else { continue };
            let entries = 1 + p.reentries.unwrap_or(0) as i64;
            let mut total = cost.saturating_mul(entries);
            match (p.rebuys, rebuy) {
                (Some(n), Some(c)) if n > 0 => total = total.saturating_add(c * n as i64),
                (Some(n), None) if n > 0 => continue,
                _ => {}
            }
            match (p.addons, addon) {
                (Some(n), Some(c)) if n > 0 => total = total.saturating_add(c * n as i64),
                (Some(n), None) if n > 0 => continue,
                _ => {}
            }
            p.payin = Some(total);
        }
        if self.players.iter().any(|p| p.reentries.unwrap_or(0) > 0) {
            self.reentry = true;
        }
        if self
            .players
            .iter()
            .any(|p| p.rebuys.unwrap_or(0) + p.addons.unwrap_or(0) > 0)
            || self.rebuy_cost.is_some()
            || self.addon_cost.is_some()
        {
            self.rebuy_or_addon = true;
        }
    }
}

fn sum_opt<T: std::ops::Add<Output = T>>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a + b),
        (a, b) => a.or(b),
    }
}

/// The result of reading one summary.
pub type SummaryResult = Result<Summary, ParseError>;

/// A summary format: how its first line looks and how to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    PokerStars,
    PokerStarsHtml,
    FullTilt,
    Pacific,
    PokerTracker,
    Winamax,
    WinamaxHtml,
    WinningHtml,
}

/// Whether `line` starts a text summary (or a text of summaries) of any format. Cheap: the
/// splitter asks it about every line that is not a hand header.
pub fn is_summary_start(line: &str) -> bool {
    let line = strip_control(line);
    let Some(&first) = line.as_bytes().first() else {
        return false;
    };
    match first {
        b'P' => stars::is_start(line) || pokertracker::is_start(line),
        b'R' | b'T' => stars::is_start(line),
        b'F' => fulltilt::is_start(line),
        b'*' => pacific::is_start(line),
        b'W' => winamax::is_start(line),
        _ => false,
    }
}

/// `line` without control characters before its text (a file seen starts with a stray DLE).
fn strip_control(line: &str) -> &str {
    line.trim_start_matches(|c: char| c.is_control() && c != '\t')
}

/// The format of a summary's first line.
fn format_of_line(line: &str) -> Option<Format> {
    let line = strip_control(line);
    if stars::is_start(line) {
        Some(Format::PokerStars)
    } else if fulltilt::is_start(line) {
        Some(Format::FullTilt)
    } else if pacific::is_start(line) {
        Some(Format::Pacific)
    } else if pokertracker::is_start(line) {
        Some(Format::PokerTracker)
    } else if winamax::is_start(line) {
        Some(Format::Winamax)
    } else {
        None
    }
}

/// The format of an HTML report or page.
fn format_of_page(head: &str) -> Option<Format> {
    if !head.starts_with('<') {
        None
    } else if stars_html::is_archive(head) {
        Some(Format::PokerStarsHtml)
    } else if winamax::is_page(head) {
        Some(Format::WinamaxHtml)
    } else if winning::is_report(head) {
        Some(Format::WinningHtml)
    } else {
        None
    }
}

/// Whether `text` holds summaries: an HTML report or page fpdb reads, or a line that starts a
/// text summary.
pub fn detect(text: &str) -> bool {
    format_of_page(text.trim_start()).is_some() || text.lines().any(is_summary_start)
}

/// Reads the summaries of a text that [`detect`] recognised. `first_line` is the line of the
/// text's first line in the whole input. A text may hold several summaries, of any formats (an
/// e-mailed history request, an archive page, files pasted together): one result per
/// tournament, in text order. Text before the first summary is reported as not a summary.
pub fn parse(text: &str, first_line: u32) -> Vec<SummaryResult> {
    let skipped = text.len() - text.trim_start().len();
    let line = first_line + text[..skipped].matches('\n').count() as u32;
    let head = text.trim_start();
    if let Some(f) = format_of_page(head) {
        return match f {
            Format::PokerStarsHtml => stars_html::parse(head, line),
            Format::WinamaxHtml => vec![winamax::parse_page(head, line)],
            _ => winning::parse(head, line),
        };
    }
    // Cut the text at every summary's first line; consecutive PokerStars pieces stay together
    // (a history request names the hero of the summaries after it).
    let mut pieces: Vec<(Option<Format>, usize, u32)> = Vec::new();
    let mut pos = 0usize;
    for (i, raw) in text.split('\n').enumerate() {
        let no = first_line + i as u32;
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(f) = format_of_line(l) {
            let joins = f == Format::PokerStars
                && matches!(pieces.last(), Some((Some(Format::PokerStars), _, _)));
            if !joins {
                pieces.push((Some(f), pos + (l.len() - strip_control(l).len()), no));
            }
        } else if pieces.is_empty() && !l.trim().is_empty() {
            pieces.push((None, pos, no));
        }
        pos += raw.len() + 1;
    }
    let mut out = Vec::new();
    for (i, &(f, start, no)) in pieces.iter().enumerate() {
        let end = pieces
            .get(i + 1)
            .map_or(text.len(), |p| p.1)
            .min(text.len());
        let piece = &text[start.min(end)..end];
        match f {
            Some(Format::PokerStars) => out.extend(stars::parse(piece, no)),
            Some(Format::FullTilt) => out.push(fulltilt::parse(piece, no)),
            Some(Format::Pacific) => out.push(pacific::parse(piece, no)),
            Some(Format::PokerTracker) => out.push(pokertracker::parse(piece, no)),
            Some(Format::Winamax) => out.push(winamax::parse(piece, no)),
            _ => out.push(Err(ParseError::new(
                ErrorKind::NotAHandHistory,
                no,
                "not a tournament summary: text before the first summary's header line",
            )
            .with_text(piece.lines().next().unwrap_or("")))),
        }
    }
    out
}

/// Why a text that is no summary fpdb reads was refused, when it is a document of a known kind
/// (a spreadsheet, an HTML page of an unknown layout); `None` for any other text.
pub fn refusal(text: &str, first_line: u32) -> Option<ParseError> {
    let head = text.trim_start();
    // An OLE2 compound document (Excel .xls) read as Windows-1252: D0 CF 11 E0 A1 B1 1A E1.
    if head.starts_with("ÐÏ\u{11}à¡±\u{1a}á") {
        return Some(ParseError::new(
            ErrorKind::Unsupported,
            first_line,
            "an Excel spreadsheet (.xls, such as Full Tilt's Player Tournament Report), not a \
             text or HTML tournament summary: fpdb reads the room's text summaries",
        ));
    }
    let lower = head
        .get(..200.min(head.len()))
        .unwrap_or(head)
        .to_ascii_lowercase();
    if lower.starts_with("<!doctype html") || lower.starts_with("<html") {
        return Some(
            ParseError::new(
                ErrorKind::Unsupported,
                first_line,
                "an HTML page that is not a tournament summary fpdb reads (PokerStars' \
                 tournament archive, Winamax's tournament page, Winning's tournament report)",
            )
            .with_text(head.lines().next().unwrap_or("")),
        );
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Shared reading helpers.

/// An amount with the currency its symbol or unit names: "$1,234.50", "€5", "4.50€", "20$",
/// "0,01 €", "100 FPP", "250 Play Chips", "25 FTP", "150 T$", "₹136.50", "1.50 USD",
/// "P870.00" (PokerStars play money in PokerTracker's exports). Hundredths of the unit.
pub(crate) fn money(text: &str) -> Option<(Money, Option<&'static str>)> {
    let mut t = text.trim();
    let mut currency: Option<&'static str> = None;
    for (suffix, cur) in [
        (" Play Chips", "play"),
        (" Play Chip", "play"),
        (" FTP", "FTP"),
        (" FPP", "FPP"),
        ("FPP", "FPP"),
        (" StarsCoin", "SC"),
        (" SC", "SC"),
        (" T$", "T$"),
        (" USD", "USD"),
        (" EUR", "EUR"),
        (" GBP", "GBP"),
        (" CAD", "CAD"),
        (" INR", "INR"),
        (" CNY", "CNY"),
        ("€", "EUR"),
        ("$", "USD"),
        ("£", "GBP"),
    ] {
        if let Some(rest) = t.strip_suffix(suffix) {
            t = rest.trim_end();
            currency = Some(cur);
            break;
        }
    }
    if let Some(rest) = t.strip_prefix("T$") {
        t = rest;
        currency = Some("T$");
    } else if let Some(rest) = t
        .strip_prefix('P')
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    {
        t = rest;
        currency = Some("play");
    } else if let Some(c) = amount::currency_of_symbol(t) {
        currency = currency.or(Some(c));
    }
    let value = amount::parse_amount(t, CENTS)?;
    Some((value, currency))
}

/// An ordinal place: "1st", "2nd", "3rd", "23th", "3841st".
pub(crate) fn ordinal(text: &str) -> Option<u32> {
    let t = text.trim();
    t.trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .ok()
}

/// A time as rooms print it in summaries: "2016/11/26 19:04:00 CET [2016/11/26 13:04:00 ET]"
/// (the bracketed ET time wins), "2013/09/03 15:21:56 ET", "2011/03/05 18:30:05 UTC",
/// "- 2007/08/13 - 08:15:00 (ET)". A time without a zone is taken in `default`.
pub(crate) fn summary_time(text: &str, default: chrono_tz::Tz) -> Option<DateTime<Utc>> {
    let mut t = text.trim();
    if let Some((_, inner)) = t.split_once('[') {
        t = inner.trim_end_matches(']').trim();
    }
    let t = t.trim_start_matches('-').trim();
    let t = t.replace(['(', ')'], "");
    let (stamp, label) = match t.rsplit_once(' ') {
        Some((s, l)) if l.bytes().all(|b| b.is_ascii_uppercase()) => (s.to_string(), l),
        _ => (t.clone(), ""),
    };
    let local: NaiveDateTime = time::parse_datetime(&stamp)?;
    let tz = if label.is_empty() {
        default
    } else {
        time::zone_of_label(label).unwrap_or(default)
    };
    Some(time::local_to_utc(local, tz))
}

/// Category and limit of a game as summaries print it ("No Limit Hold'em", "Hold'em No Limit",
/// "Pot Limit 5 Card Omaha", "Omaha H/L Pot Limit", "2-7 Triple Draw Limit", "Razz Limit",
/// "Holdem" with a separate limit). Mixed games ("8-Game", "HORSE", "Mixed Omaha") have no
/// single category.
pub(crate) fn game_of(text: &str) -> (Option<&'static str>, Option<&'static str>) {
    let g = text.to_ascii_lowercase().replace(['\'', '-'], " ");
    let g = format!(" {} ", g.split_whitespace().collect::<Vec<_>>().join(" "));
    let has = |w: &str| g.contains(w);
    let limit = if has(" no limit ") || has(" nl ") {
        Some("nl")
    } else if has(" pot limit ") || has(" pl ") {
        Some("pl")
    } else if has(" limit ") || has(" fixed limit ") || has(" fl ") {
        Some("fl")
    } else {
        None
    };
    let mixed = has(" game") || has(" mixed ") || has(" horse ") || has(" hose ");
    let category = if mixed && !has(" triple draw ") && !has(" single draw ") {
        None
    } else if has(" 2 7 triple draw ") || has(" 27 triple draw ") || has(" 2 7 td ") {
        Some("27_3draw")
    } else if has(" 2 7 single draw ") || has(" single draw 2 7 ") || has(" 2 7 sd ") {
        Some("27_1draw")
    } else if has(" badugi ") {
        Some("badugi")
    } else if has(" razz ") {
        Some("razz")
    } else if has(" 5 card stud ") {
        Some("5_studhi")
    } else if has(" stud ") {
        Some(
            if has(" hi/lo ") || has(" h/l ") || has(" hi lo ") || has(" 8 ") {
                "studhilo"
            } else {
                "studhi"
            },
        )
    } else if has(" omaha ") {
        let five = has(" 5 card ") || has(" omaha 5 ") || has(" 5 ");
        let six = has(" 6 card ") || has(" omaha 6 ");
        let hilo = has(" hi/lo ") || has(" h/l ") || has(" hi lo ") || has(" 8 ");
        Some(match (five, six, hilo) {
            (true, _, false) => "5_omahahi",
            (true, _, true) => "5_omaha8",
            (_, true, false) => "6_omahahi",
            (_, true, true) => "6_omaha8",
            (_, _, true) => "omahahilo",
            _ => "omahahi",
        })
    } else if has(" hold em ") || has(" holdem ") || has(" hold 'em ") {
        Some("holdem")
    } else if has(" 5 card draw ") || has(" five card draw ") {
        Some("fivedraw")
    } else {
        None
    };
    (category, limit)
}

/// The speed words rooms print: "Turbo", "Super Turbo", "Sup Turbo", "Hyper-Turbo",
/// "semiturbo", "normal", "Slow".
pub(crate) fn speed_of(text: &str) -> Option<&'static str> {
    let s = text.to_ascii_lowercase().replace(['-', ' ', '_'], "");
    Some(match s.as_str() {
        "hyperturbo" | "hyper" => "hyper-turbo",
        "superturbo" | "supturbo" => "super-turbo",
        "semiturbo" => "semi-turbo",
        "turbo" => "turbo",
        "normal" | "regular" => "normal",
        "slow" | "deepslow" => "slow",
        _ => return None,
    })
}

/// A malformed line of a summary.
pub(crate) fn bad_line(line: u32, text: &str, message: &str) -> ParseError {
    ParseError::malformed(line, message.to_string()).with_text(text)
}

/// Lines of `text` with their numbers, starting at `first`, without trailing CR.
pub(crate) fn numbered(text: &str, first: u32) -> impl Iterator<Item = (u32, &str)> {
    text.split('\n')
        .enumerate()
        .map(move |(i, l)| (first + i as u32, l.strip_suffix('\r').unwrap_or(l)))
}

/// The tournament number of a summary, checked to fit a bigint.
pub(crate) fn tourney_no(text: &str, line: u32, line_text: &str) -> Result<i64, ParseError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad_line(line, line_text, "unreadable tournament number"));
    }
    // Converted files print longer numbers; keep the last 18 digits as the hand parsers do.
    t[t.len().saturating_sub(18)..]
        .parse()
        .map_err(|_| bad_line(line, line_text, "unreadable tournament number"))
}

/// A summary that names no tournament number cannot be stored.
pub(crate) fn require_number(s: &Summary) -> Result<(), ParseError> {
    if s.tourney_no <= 0 {
        return Err(ParseError::malformed(
            s.line,
            "the summary names no tournament number",
        ));
    }
    Ok(())
}

/// Reads every summary of a file's text as an import does: e-mail bodies unwrapped, the text
/// normalised and cut into chunks by the hand splitter; chunks without a room that hold
/// summaries are read here. Hands in the text are skipped. For tests and tools.
pub fn parse_file_text(text: &str) -> Vec<SummaryResult> {
    let text = crate::split::normalise(text);
    let text = mail::unwrap(&text);
    let mut out = Vec::new();
    for chunk in crate::split::chunks(&text) {
        if chunk.room.is_some() {
            continue;
        }
        if detect(chunk.text) {
            out.extend(parse(chunk.text, chunk.first_line));
        } else if let Some(e) = refusal(chunk.text, chunk.first_line) {
            out.push(Err(e));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_units() {
        assert_eq!(money("$1,234.50"), Some((123_450, Some("USD"))));
        assert_eq!(money("4.50€"), Some((450, Some("EUR"))));
        assert_eq!(money("0,01 €"), Some((1, Some("EUR"))));
        assert_eq!(money("20$"), Some((2000, Some("USD"))));
        assert_eq!(money("100 FPP"), Some((10_000, Some("FPP"))));
        assert_eq!(money("1,350 SC"), Some((135_000, Some("SC"))));
        assert_eq!(money("2,250 Play Chips"), Some((225_000, Some("play"))));
        assert_eq!(money("25 FTP"), Some((2500, Some("FTP"))));
        assert_eq!(money("150 T$"), Some((15_000, Some("T$"))));
        assert_eq!(money("₹2,724.59"), Some((272_459, Some("INR"))));
        assert_eq!(money("P1,740.00"), Some((174_000, Some("play"))));
        assert_eq!(money("17000"), Some((1_700_000, None)));
        assert_eq!(money("Sunday Million ticket"), None);
    }

    #[test]
    fn ordinals() {
        assert_eq!(ordinal("1st"), Some(1));
        assert_eq!(ordinal("3841st"), Some(3841));
        assert_eq!(ordinal("23th"), Some(23));
        assert_eq!(ordinal("..."), None);
        assert_eq!(ordinal("place"), None);
    }

    #[test]
    fn games() {
        assert_eq!(game_of("No Limit Hold'em"), (Some("holdem"), Some("nl")));
        assert_eq!(game_of("Hold'em No Limit"), (Some("holdem"), Some("nl")));
        assert_eq!(
            game_of("Pot Limit 5 Card Omaha"),
            (Some("5_omahahi"), Some("pl"))
        );
        assert_eq!(
            game_of("Omaha H/L Pot Limit"),
            (Some("omahahilo"), Some("pl"))
        );
        assert_eq!(
            game_of("No Limit Omaha Hi/Lo"),
            (Some("omahahilo"), Some("nl"))
        );
        assert_eq!(
            game_of("2-7 Triple Draw Limit"),
            (Some("27_3draw"), Some("fl"))
        );
        assert_eq!(
            game_of("No Limit Single Draw 2-7 Lowball"),
            (Some("27_1draw"), Some("nl"))
        );
        assert_eq!(game_of("Razz Limit"), (Some("razz"), Some("fl")));
        assert_eq!(game_of("5 Card Stud Limit"), (Some("5_studhi"), Some("fl")));
        assert_eq!(game_of("8-Game"), (None, None));
        assert_eq!(game_of("Mixed Omaha"), (None, None));
        assert_eq!(
            game_of("Pot Limit Omaha 5"),
            (Some("5_omahahi"), Some("pl"))
        );
        assert_eq!(game_of("Hold'em Limit"), (Some("holdem"), Some("fl")));
    }

    #[test]
    fn times() {
        let t = summary_time(
            "2016/11/26 19:04:00 CET [2016/11/26 13:04:00 ET]",
            time::EASTERN,
        )
        .unwrap();
        assert_eq!(t.to_rfc3339(), "2016-11-26T18:04:00+00:00");
        let t = summary_time("- 2007/08/13 - 08:15:00 (ET)", time::EASTERN).unwrap();
        assert_eq!(t.to_rfc3339(), "2007-08-13T12:15:00+00:00");
        let t = summary_time("2011/03/05 18:30:05 UTC", time::EASTERN).unwrap();
        assert_eq!(t.to_rfc3339(), "2011-03-05T18:30:05+00:00");
    }
}

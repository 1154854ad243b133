//! PokerTracker 4's tournament summary exports, of any room:
//!
//! ```text
//! PokerTracker 4 Tournament Summary
//! Site: PokerStars                    (the room: PokerStars, Full Tilt, Winamax, Merge, ...)
//! Game: Holdem
//! Tournament #: 1673283090
//! Started: 2016/09/18 09:48:12        Finished: ...
//! Buyin: $37.50  [Bounty: $37.50]  Fee: $7.00  [Rebuy: $16.50] [Addon: $16.50]
//! [Prize Pool: $2,478.60]
//! Table Type: MTT (6 max) Turbo REBUY SATELLITE
//! Tourney Type: No Limit
//! Players: 351
//!
//! Place: 1, Player: PippoBond007, Won: P1,740.00, [Rebuys: 2,] [Addons: 1,] [Bounties: 1,] [Satellite: true,]
//! ```
//!
//! "Place: 0" is a player whose place PokerTracker did not know. Times carry no zone; they
//! are read as UTC. "P" amounts are PokerStars play money.

use crate::error::ParseError;
use crate::summary::{
    bad_line, game_of, money, numbered, require_number, speed_of, summary_time, tourney_no,
    Summary, SummaryPlayer, SummaryResult,
};

pub fn is_start(line: &str) -> bool {
    line.starts_with("PokerTracker ") && line.trim_end().ends_with(" Tournament Summary")
}

/// PokerTracker's room names → Sites.name of fpdb's hand parsers where fpdb reads the room.
fn site_name(s: &str) -> String {
    match s {
        "Full Tilt" | "FullTilt" | "Full Tilt Poker" => "Full Tilt Poker",
        "888" | "888 Poker" | "Pacific" => "888poker",
        "GG Network" | "GGNetwork" => "GGPoker",
        "Winning Poker Network" | "WPN" | "Yatahay" => "Winning",
        "Party Poker" | "partypoker" => "PartyPoker",
        other => other,
    }
    .to_string()
}

pub fn parse(text: &str, first_line: u32) -> SummaryResult {
    let mut s = Summary::new("", "PokerTracker", first_line);
    let mut game = String::new();
    let mut limit = String::new();
    let mut bounty_part = None;
    for (no, raw) in numbered(text, first_line).skip(1) {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(rest) = t.strip_prefix("Place: ") {
            player_line(&mut s, rest, no, raw)?;
            continue;
        }
        let Some((key, value)) = t.split_once(": ") else {
            return Err(bad_line(
                no,
                raw,
                "unknown line in a PokerTracker tournament summary",
            ));
        };
        let value = value.trim();
        let amount = |v: &str| -> Result<(i64, Option<&'static str>), ParseError> {
            money(v).ok_or_else(|| bad_line(no, raw, "unreadable amount"))
        };
        match key {
            "Site" => s.site = site_name(value),
            "Game" => game = value.to_string(),
            "Tournament #" => s.tourney_no = tourney_no(value, no, raw)?,
            "Started" => {
                s.start_time = Some(
                    summary_time(value, chrono_tz::UTC)
                        .ok_or_else(|| bad_line(no, raw, "unreadable start time"))?,
                )
            }
            "Finished" => {
                s.end_time = Some(
                    summary_time(value, chrono_tz::UTC)
                        .ok_or_else(|| bad_line(no, raw, "unreadable finish time"))?,
                );
                s.finished = true;
            }
            "Buyin" => {
                let (a, c) = amount(value)?;
                s.buyin = Some(a);
                s.currency = Some(c.unwrap_or("play").to_string());
            }
            "Fee" => s.fee = Some(amount(value)?.0),
            "Bounty" => bounty_part = Some(amount(value)?.0),
            "Rebuy" => s.rebuy_cost = Some(amount(value)?.0),
            "Addon" => s.addon_cost = Some(amount(value)?.0),
            "Prize Pool" => {
                let (a, c) = amount(value)?;
                s.prize_pool = Some(a);
                if c.is_some() && c != s.currency.as_deref() {
                    s.prize_currency = c.map(str::to_string);
                }
            }
            "Table Type" => table_type(&mut s, value),
            "Tourney Type" => limit = value.to_string(),
            "Players" => {
                s.entries = Some(
                    value
                        .parse()
                        .map_err(|_| bad_line(no, raw, "unreadable number of players"))?,
                )
            }
            _ => {
                return Err(bad_line(
                    no,
                    raw,
                    "unknown line in a PokerTracker tournament summary",
                ))
            }
        }
    }
    if s.site.is_empty() {
        return Err(ParseError::malformed(
            first_line,
            "the summary names no site",
        ));
    }
    // PokerTracker prints the bounty apart from the buy-in; fpdb's buy-in includes it.
    if let Some(k) = bounty_part {
        s.bounty = Some(k);
        s.buyin = s.buyin.map(|b| b.saturating_add(k));
    }
    if !game.is_empty() {
        s.game = Some(if limit.is_empty() || limit == "N/A" {
            game.clone()
        } else {
            format!("{limit} {game}")
        });
        let (c, l) = game_of(s.game.as_deref().unwrap_or(""));
        s.category = c;
        s.limit_type = l;
    }
    require_number(&s)?;
    s.complete();
    Ok(s)
}

/// "MTT (6 max) Turbo REBUY SATELLITE", "STT (3 max) Hyper-Turbo SNG LOTTERY".
fn table_type(s: &mut Summary, v: &str) {
    let mut rest = v;
    if let Some(i) = rest.find(" max)") {
        if let Some(j) = rest[..i].rfind('(') {
            s.max_seats = rest[j + 1..i].trim().parse().ok();
        }
        rest = &rest[i + 5..];
    }
    for w in v.split(' ') {
        match w {
            "STT" | "SNG" => s.sng = Some(true),
            "MTT" if s.sng.is_none() => s.sng = Some(false),
            "REBUY" | "ADDON" => s.rebuy_or_addon = true,
            "SATELLITE" => s.satellite = true,
            "REENTRY" | "RE-ENTRY" => s.reentry = true,
            w => {
                if let Some(sp) = speed_of(w) {
                    s.speed = Some(sp);
                }
            }
        }
    }
    let _ = rest;
}

/// "1, Player: NAME, Won: $2.25, [Rebuys: 2,] [Addons: 1,] [Bounties: 1,] [Satellite: true,]".
fn player_line(s: &mut Summary, rest: &str, no: u32, line: &str) -> Result<(), ParseError> {
    let (place, rest) = rest
        .split_once(", Player: ")
        .ok_or_else(|| bad_line(no, line, "unreadable player line"))?;
    let place: u32 = place
        .trim()
        .parse()
        .map_err(|_| bad_line(no, line, "unreadable place"))?;
    // The name runs to ", Won: " (names may hold commas).
    let (name, fields) = rest
        .rsplit_once(", Won: ")
        .ok_or_else(|| bad_line(no, line, "unreadable player line"))?;
    let mut p = SummaryPlayer {
        name: name.to_string(),
        rank: (place > 0).then_some(place),
        ..SummaryPlayer::default()
    };
    let mut items = fields.trim_end().trim_end_matches(',').split(", ");
    let won = items.next().unwrap_or("");
    let (a, c) = money(won).ok_or_else(|| bad_line(no, line, "unreadable prize"))?;
    p.winnings = Some(a);
    if c.is_some() && c != s.currency.as_deref() {
        p.winnings_currency = c.map(str::to_string);
    }
    for item in items {
        let (k, v) = item
            .split_once(": ")
            .ok_or_else(|| bad_line(no, line, "unreadable player line"))?;
        let n = || -> Result<u32, ParseError> {
            v.trim()
                .parse()
                .map_err(|_| bad_line(no, line, "unreadable number"))
        };
        match k {
            "Rebuys" => p.rebuys = Some(n()?),
            "Addons" => p.addons = Some(n()?),
            "Bounties" => p.bounties = Some(n()?),
            "Satellite" => {
                if v.trim() == "true" {
                    p.ticket = Some("satellite seat".to_string());
                }
            }
            _ => {
                return Err(bad_line(
                    no,
                    line,
                    "unknown field in a PokerTracker player line",
                ))
            }
        }
    }
    s.add_entry(p);
    Ok(())
}

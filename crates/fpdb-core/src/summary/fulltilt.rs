//! Full Tilt Poker's text tournament summaries:
//!
//! ```text
//! Full Tilt Poker Tournament Summary NAME (266533708) GAME (Rebuy, Rebuy/Add-On, Turbo, 6 Handed)
//! Buy-In: $8 + $0.70                  ("250 Play Chips + 0 Play Chips", "0 T$ + 0 T$", "25 FTP + 0 FTP")
//! [Add-On: $8] [Rebuy: $8] [Knockout Bounty: $15]
//! [Hero performed 1 Rebuy] [Hero performed 1 Add-On] [Hero received 3 Knockout Bounty Awards]
//! Buy-In Chips: 1500                  [Add-On Chips: 1500] [Rebuy Chips: 1500]
//! [Cashout value of 200 chips: $5]
//! 4 Entries
//! [Total Add-Ons: 12] [Total Rebuys: 2]
//! Total Prize Pool: $55               [Total Cashout Pool: ...] [Current Cashout Pool: ...]
//! [Top 999 finishers receive entry to Tournament 264533392 | Top finisher receives $75 Satellite Token]
//! Tournament started: 2014/04/24 20:36:00 CET [2014/04/24 14:36:00 ET]
//! Tournament finished: ...  |  Tournament is still in progress
//! 1: Player0, $13 MiniFTOPS Ticket    ("N: NAME", "N: NAME, $51.12 (Cashout)", "1,125 Play Chips")
//! Still Playing - NAME
//! Hero finished in 2nd place          ("8307th, 9204th and 9520th place": three entries)
//! ```
//!
//! A Matrix tournament writes one summary per match besides the overall one, all with the
//! tournament's number; a match summary ("... (244669447) Match 2 ...") is refused: the overall
//! summary holds the tournament's result.

use crate::error::{ErrorKind, ParseError};
use crate::summary::{
    bad_line, game_of, money, numbered, ordinal, require_number, speed_of, summary_time,
    tourney_no, Summary, SummaryPlayer, SummaryResult,
};
use crate::time;

const HEADER: &str = "Full Tilt Poker Tournament Summary ";

pub fn is_start(line: &str) -> bool {
    line.starts_with(HEADER)
}

/// The room's placeholder for a name its client had not loaded.
const NOT_LOADED: &str = "[Player not loaded]";

pub fn parse(text: &str, first_line: u32) -> SummaryResult {
    let mut lines = numbered(text, first_line);
    let (no, header) = lines.next().unwrap_or((first_line, ""));
    let mut s = Summary::new("Full Tilt Poker", "Full Tilt", first_line);
    header_line(&mut s, header.trim_end(), no)?;
    let mut hero_ranks: Vec<u32> = Vec::new();
    let mut hero_rebuys = None;
    let mut hero_addons = None;
    let mut hero_bounties = None;
    for (no, raw) in lines {
        // A UTF-16 file cut inside its last character ends in a replacement character.
        let line = raw.trim_end().trim_end_matches('\u{fffd}').trim_end();
        if line.is_empty() {
            continue;
        }
        // "Total Rebuys: 2Total Prize Pool: $55": the room sometimes glues two lines.
        let mut parts: Vec<&str> = Vec::new();
        let mut rest = line;
        while rest.starts_with("Total ") {
            match rest[6..].find("Total ").map(|i| i + 6) {
                Some(i) if rest[..i].ends_with(|c: char| c.is_ascii_digit()) => {
                    parts.push(&rest[..i]);
                    rest = &rest[i..];
                }
                _ => break,
            }
        }
        parts.push(rest);
        for t in parts {
            body_line(
                &mut s,
                t,
                no,
                line,
                &mut hero_ranks,
                (&mut hero_rebuys, &mut hero_addons, &mut hero_bounties),
            )?;
        }
    }
    if let Some(h) = s.hero.clone() {
        let p = s.player_mut(&h);
        if let Some(&best) = hero_ranks.iter().min() {
            if p.rank.is_none() && !p.still_playing {
                p.rank = Some(best);
            }
            if hero_ranks.len() > 1 {
                p.reentries = Some(p.reentries.unwrap_or(0).max(hero_ranks.len() as u32 - 1));
            }
        }
        if p.winnings.is_none() && p.rank.is_some() {
            p.winnings = Some(0);
        }
        if hero_rebuys.is_some() {
            p.rebuys = hero_rebuys;
        }
        if hero_addons.is_some() {
            p.addons = hero_addons;
        }
        if hero_bounties.is_some() {
            p.bounties = hero_bounties;
        }
    }
    require_number(&s)?;
    s.complete();
    Ok(s)
}

/// "NAME (NUMBER) [Match N ]GAME[ (FLAGS)]".
fn header_line(s: &mut Summary, header: &str, no: u32) -> Result<(), ParseError> {
    let rest = &header[HEADER.len().min(header.len())..];
    // The number: the first parenthesised group of digits (names hold other parentheses).
    let mut found = None;
    let mut from = 0;
    while let Some(i) = rest[from..].find('(').map(|i| i + from) {
        if let Some(j) = rest[i..].find(')').map(|j| j + i) {
            let inner = &rest[i + 1..j];
            if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
                found = Some((i, j));
                break;
            }
        }
        from = i + 1;
    }
    let (i, j) = found.ok_or_else(|| bad_line(no, header, "no tournament number in the header"))?;
    s.tourney_no = tourney_no(&rest[i + 1..j], no, header)?;
    let name = rest[..i].trim();
    if !name.is_empty() {
        s.name = Some(name.to_string());
    }
    let mut game = rest[j + 1..].trim();
    if game.starts_with("Match ") {
        return Err(ParseError::new(
            ErrorKind::Unsupported,
            no,
            "a Full Tilt Matrix match summary: the tournament's overall summary holds its result",
        )
        .with_text(header));
    }
    if let Some(k) = game.rfind(" (").filter(|_| game.ends_with(')')) {
        let flags = &game[k + 2..game.len() - 1];
        for f in flags.split(',').map(str::trim) {
            match f {
                "Rebuy" | "Rebuy/Add-On" | "Add-On" => s.rebuy_or_addon = true,
                "Knockout" => {}
                "Heads Up" => s.max_seats = Some(2),
                "Multi-Entry" | "Double/Triple Chance" => s.reentry = true,
                f if f.ends_with(" Handed") => {
                    s.max_seats = f.trim_end_matches(" Handed").parse().ok();
                }
                f => {
                    if let Some(sp) = speed_of(f) {
                        s.speed = Some(sp);
                    }
                }
            }
        }
        game = game[..k].trim();
    } else if game.ends_with(')') && game.starts_with('(') {
        game = "";
    }
    if let Some(n) = &s.name {
        if n.contains("Sit & Go")
            || n.contains("Sit&Go")
            || n.contains("Heads Up")
            || n.contains("Heads-Up")
        {
            s.sng = Some(true);
        }
        if s.speed.is_none() {
            for w in ["Sup Turbo", "Super Turbo", "Turbo"] {
                if n.contains(w) {
                    s.speed = speed_of(w);
                    break;
                }
            }
        }
    }
    if !game.is_empty() {
        s.game = Some(game.to_string());
        let (c, l) = game_of(game);
        s.category = c;
        s.limit_type = l;
    }
    Ok(())
}

type HeroCounts<'a> = (
    &'a mut Option<u32>,
    &'a mut Option<u32>,
    &'a mut Option<u32>,
);

fn body_line(
    s: &mut Summary,
    t: &str,
    no: u32,
    line: &str,
    hero_ranks: &mut Vec<u32>,
    hero: HeroCounts<'_>,
) -> Result<(), ParseError> {
    let amount = |v: &str| -> Result<(i64, Option<&'static str>), ParseError> {
        money(v).ok_or_else(|| bad_line(no, line, "unreadable amount"))
    };
    let count = |v: &str| -> Result<u32, ParseError> {
        v.trim()
            .replace(',', "")
            .parse()
            .map_err(|_| bad_line(no, line, "unreadable number"))
    };
    if let Some(v) = t.strip_prefix("Buy-In: ") {
        let (b, f) = v.split_once(" + ").unwrap_or((v, ""));
        let (b, cur) = amount(b)?;
        s.buyin = Some(b);
        s.fee = Some(if f.is_empty() { 0 } else { amount(f)?.0 });
        s.currency = Some(cur.unwrap_or("play").to_string());
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Add-On: ") {
        s.addon_cost = Some(amount(v)?.0);
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Rebuy: ") {
        s.rebuy_cost = Some(amount(v)?.0);
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Knockout Bounty: ") {
        s.bounty = Some(amount(v)?.0);
        return Ok(());
    }
    if t.starts_with("Buy-In Chips: ")
        || t.starts_with("Add-On Chips: ")
        || t.starts_with("Rebuy Chips: ")
        || t.starts_with("Cashout value of ")
        || t.starts_with("Total Cashout Pool: ")
        || t.starts_with("Current Cashout Pool: ")
        || t.starts_with("Some player names are missing from this summary")
    {
        return Ok(());
    }
    if let Some(n) = t
        .strip_suffix(" Entries")
        .or_else(|| t.strip_suffix(" Entry"))
    {
        s.entries = Some(count(n)?);
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Total Rebuys: ") {
        s.total_rebuys = Some(count(v)?);
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Total Add-Ons: ") {
        s.total_addons = Some(count(v)?);
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Total Prize Pool: ") {
        let (a, cur) = amount(v)?;
        s.prize_pool = Some(a);
        if let Some(c) = cur {
            if s.currency.as_deref() != Some(c) {
                s.prize_currency = Some(c.to_string());
            }
        }
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Top ") {
        s.satellite = true;
        if let Some((_, n)) = v.split_once(" receive entry to Tournament ") {
            s.target_tourney = Some(tourney_no(n, no, line)?);
        }
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Tournament started: ") {
        s.start_time = Some(
            summary_time(v, time::EASTERN)
                .ok_or_else(|| bad_line(no, line, "unreadable start time"))?,
        );
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Tournament finished: ") {
        s.end_time = Some(
            summary_time(v, time::EASTERN)
                .ok_or_else(|| bad_line(no, line, "unreadable finish time"))?,
        );
        s.finished = true;
        return Ok(());
    }
    if t == "Tournament is still in progress" {
        return Ok(());
    }
    if let Some(name) = t.strip_prefix("Still Playing - ") {
        if name != NOT_LOADED {
            s.add_entry(SummaryPlayer {
                name: name.to_string(),
                still_playing: true,
                ..SummaryPlayer::default()
            });
        }
        return Ok(());
    }
    if let Some((n, rest)) = t.split_once(": ") {
        if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
            let rank: u32 = n
                .parse()
                .map_err(|_| bad_line(no, line, "unreadable place"))?;
            let mut p = SummaryPlayer {
                rank: Some(rank),
                winnings: Some(0),
                ..SummaryPlayer::default()
            };
            let (name, prize) = match rest.rsplit_once(", ") {
                Some((n, prize)) if looks_like_prize(prize) => (n, Some(prize)),
                _ => (rest, None),
            };
            if name == NOT_LOADED {
                return Ok(());
            }
            p.name = name.to_string();
            if let Some(prize) = prize {
                prize_of(&mut p, prize, s.currency.as_deref())
                    .ok_or_else(|| bad_line(no, line, "unreadable prize"))?;
            }
            s.add_entry(p);
            return Ok(());
        }
    }
    if let Some((who, r)) = t.split_once(" performed ") {
        // "Hero performed 1 Rebuy", "w507w performed 11 Rebuys", "... 1 Add-On".
        let (n, what) = r.split_once(' ').unwrap_or((r, ""));
        let n = count(n)?;
        s.hero = Some(who.to_string());
        if what.starts_with("Rebuy") {
            *hero.0 = Some(n);
        } else if what.starts_with("Add-On") {
            *hero.1 = Some(n);
        } else {
            return Err(bad_line(
                no,
                line,
                "unknown line in a Full Tilt tournament summary",
            ));
        }
        return Ok(());
    }
    if let Some((who, r)) = t.split_once(" received ") {
        if let Some(n) = r
            .strip_suffix(" Knockout Bounty Awards")
            .or_else(|| r.strip_suffix(" Knockout Bounty Award"))
        {
            // The room sometimes prints its template ("4 received %1 Knockout Bounty Awards").
            if let Ok(n) = n.trim().parse::<u32>() {
                s.hero = Some(who.to_string());
                *hero.2 = Some(n);
            }
            return Ok(());
        }
    }
    if let Some((who, r)) = t.split_once(" finished in ") {
        // "Hero finished in 2nd place", "Hero finished in 8307th, 9204th and 9520th place."
        let places = r.trim_end_matches('.').trim_end_matches(" place");
        for p in places
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "and")
        {
            hero_ranks.push(ordinal(p).ok_or_else(|| bad_line(no, line, "unreadable place"))?);
        }
        s.hero = Some(who.to_string());
        return Ok(());
    }
    Err(bad_line(
        no,
        line,
        "unknown line in a Full Tilt tournament summary",
    ))
}

fn looks_like_prize(t: &str) -> bool {
    let t = t.trim_start();
    t.starts_with('$')
        || t.starts_with('€')
        || t.starts_with('£')
        || t.starts_with(|c: char| c.is_ascii_digit())
}

/// "$40", "$13 MiniFTOPS Ticket", "$75 Satellite Token", "$51.12 (Cashout)", "1,125 Play
/// Chips", "100 FTP".
fn prize_of(p: &mut SummaryPlayer, prize: &str, buyin_currency: Option<&str>) -> Option<()> {
    let prize = prize.trim();
    let cash = prize.strip_suffix(" (Cashout)").unwrap_or(prize);
    if let Some((a, cur)) = money(cash) {
        p.winnings = Some(a);
        if cur.is_some() && cur != buyin_currency {
            p.winnings_currency = cur.map(str::to_string);
        }
        return Some(());
    }
    // "$13 MiniFTOPS Ticket": a ticket worth the amount before its name.
    let (amount, _) = prize.split_once(' ')?;
    let (a, cur) = money(amount)?;
    p.winnings = Some(a);
    p.ticket = Some(prize.to_string());
    p.ticket_value = Some(a);
    if cur.is_some() && cur != buyin_currency {
        p.winnings_currency = cur.map(str::to_string);
    }
    Some(())
}

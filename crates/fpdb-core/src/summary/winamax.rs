//! Winamax's tournament summaries: the text file the client writes beside a tournament's hands,
//!
//! ```text
//! Winamax Poker - Tournament summary : Qualificatif 300€(7949467)[ - Late registration]
//! [Player : Hero]
//! Buy-In : 9€ + 1€                    ("0€ + 0€": a freeroll)
//! [Rebuy cost : 9€ + 1€] [Addon cost : 9€ + 1€] [Your rebuys : 4] [Your addons : 2]
//! Registered players : 18
//! [Total rebuys : 9] [Total addons : 3]
//! [Mode : sng] [Type : sitngo] [Speed : turbo] [Flight ID : 0] [Levels : [...]]
//! Prizepool : 300€
//! Tournament started 2011/05/28 19:10:00 UTC
//! You played 36min 15s
//! You finished in 9th place           ("in ... place" while playing)
//! [You won 0.92€]
//! ```
//!
//! and the tournament's page on the Winamax web site (HTML, in French: "Buy-in", "Début du
//! tournoi", "Nombre de joueurs inscrits", and the results table: place, player, prize, where a
//! prize may be a ticket: "0,00€ / Tremplin Winamax Poker Tour"). Page times are Paris time.

use scraper::Html;

use crate::error::ParseError;
use crate::summary::html::{cells, selector, text_of};
use crate::summary::{
    bad_line, game_of, money, numbered, ordinal, require_number, speed_of, summary_time,
    tourney_no, Summary, SummaryPlayer, SummaryResult,
};

const HEADER: &str = "Winamax Poker - Tournament summary : ";

pub fn is_start(line: &str) -> bool {
    line.starts_with(HEADER)
}

pub fn is_page(text: &str) -> bool {
    text.contains("winamax") && text.contains("table_list") && text.contains("tournament.php?ID=")
}

/// "NAME(ID)[ - Late registration]" → (name, id).
fn name_and_number(v: &str) -> Option<(&str, &str)> {
    let v = v.trim();
    let v = v.split(" - ").next().unwrap_or(v);
    let open = v.rfind('(')?;
    let close = v[open..].find(')')? + open;
    Some((v[..open].trim(), &v[open + 1..close]))
}

/// "9€ + 1€" (buy-in, fee) or "22.50€ + 22.50€ + 5€" (buy-in, bounty, fee), as the hands.
fn pair(v: &str) -> Option<(i64, i64, i64, Option<&'static str>)> {
    let mut amounts = Vec::new();
    let mut cur = None;
    for p in v.split('+') {
        let (a, c) = money(p)?;
        cur = cur.or(c);
        amounts.push(a);
    }
    match amounts.as_slice() {
        [b] => Some((*b, 0, 0, cur)),
        [b, f] => Some((*b, 0, *f, cur)),
        [b, k, f] => Some((b + k, *k, *f, cur)),
        _ => None,
    }
}

/// The buy-in of a freeroll, in the words the room prints ("Freeroll", "Gratuit", "Ticket
/// uniquement": entry by ticket only).
fn is_free(v: &str) -> bool {
    matches!(
        v.to_ascii_lowercase().as_str(),
        "freeroll" | "gratuit" | "free" | "ticket" | "ticket uniquement" | "ticket only"
    )
}

/// What "You won" lists: "50€", "5€ + Ticket 10€ + Bounty 2.50€", "Bounty 7.50€", "Ticket
/// 10€", a ticket by name ("Ticket Tremplin Winamax Poker Tour").
struct Won {
    cash: i64,
    ticket: Option<String>,
    ticket_value: Option<i64>,
    bounty: Option<i64>,
    currency: Option<&'static str>,
}

fn prize(v: &str) -> Option<Won> {
    let mut w = Won {
        cash: 0,
        ticket: None,
        ticket_value: None,
        bounty: None,
        currency: None,
    };
    for part in v.split(" + ").map(str::trim) {
        if let Some(b) = part.strip_prefix("Bounty ") {
            let (a, c) = money(b)?;
            w.bounty = Some(w.bounty.unwrap_or(0).saturating_add(a));
            w.currency = w.currency.or(c);
        } else if let Some(t) = part.strip_prefix("Ticket") {
            let t = t.trim();
            w.ticket = Some(part.to_string());
            if let Some((a, c)) = money(t) {
                w.ticket_value = Some(w.ticket_value.unwrap_or(0).saturating_add(a));
                w.currency = w.currency.or(c);
            }
        } else {
            let (a, c) = money(part)?;
            w.cash = w.cash.saturating_add(a);
            w.currency = w.currency.or(c);
        }
    }
    Some(w)
}

/// Winamax plays in euros; a buy-in of nothing is a freeroll (as the hand parser says).
fn set_buyin(s: &mut Summary, b: i64, k: i64, f: i64, cur: Option<&'static str>) {
    s.buyin = Some(b);
    s.fee = Some(f);
    if k > 0 {
        s.bounty = Some(k);
    }
    s.currency = Some(
        if b == 0 && f == 0 {
            "FREE"
        } else {
            cur.unwrap_or("EUR")
        }
        .to_string(),
    );
}

pub fn parse(text: &str, first_line: u32) -> SummaryResult {
    let mut lines = numbered(text, first_line);
    let (no, header) = lines.next().unwrap_or((first_line, ""));
    let mut s = Summary::new("Winamax", "Winamax", first_line);
    let (name, number) = name_and_number(&header[HEADER.len().min(header.len())..])
        .ok_or_else(|| bad_line(no, header, "no tournament number in the header"))?;
    s.tourney_no = tourney_no(number, no, header)?;
    s.name = Some(name.to_string());
    let mut rank: Option<u32> = None;
    let mut still_playing = false;
    let mut won: Option<Won> = None;
    let mut rebuys = None;
    let mut addons = None;
    for (no, raw) in lines {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(v) = t.strip_prefix("Tournament started ") {
            s.start_time = Some(
                summary_time(v, chrono_tz::UTC)
                    .ok_or_else(|| bad_line(no, raw, "unreadable start time"))?,
            );
            continue;
        }
        if t.starts_with("You played ") {
            continue;
        }
        if let Some(v) = t.strip_prefix("You finished in ") {
            let place = v.trim_end_matches('.').trim_end_matches(" place").trim();
            if place == "..." {
                still_playing = true;
            } else {
                rank = Some(ordinal(place).ok_or_else(|| bad_line(no, raw, "unreadable place"))?);
            }
            continue;
        }
        if let Some(v) = t.strip_prefix("You won ") {
            won = Some(prize(v).ok_or_else(|| bad_line(no, raw, "unreadable prize"))?);
            continue;
        }
        let Some((key, value)) = t.split_once(" : ") else {
            return Err(bad_line(
                no,
                raw,
                "unknown line in a Winamax tournament summary",
            ));
        };
        let value = value.trim();
        let count = || -> Result<u32, ParseError> {
            value
                .parse()
                .map_err(|_| bad_line(no, raw, "unreadable number"))
        };
        match key {
            "Player" => s.hero = Some(value.to_string()),
            "Buy-In" if is_free(value) => set_buyin(&mut s, 0, 0, 0, None),
            "Buy-In" => {
                let (b, k, f, c) =
                    pair(value).ok_or_else(|| bad_line(no, raw, "unreadable buy-in"))?;
                set_buyin(&mut s, b, k, f, c);
            }
            "Rebuy cost" => {
                let (b, _, f, _) =
                    pair(value).ok_or_else(|| bad_line(no, raw, "unreadable rebuy cost"))?;
                s.rebuy_cost = Some(b + f);
            }
            "Addon cost" => {
                let (b, _, f, _) =
                    pair(value).ok_or_else(|| bad_line(no, raw, "unreadable add-on cost"))?;
                s.addon_cost = Some(b + f);
            }
            "Your rebuys" => rebuys = Some(count()?),
            "Your addons" => addons = Some(count()?),
            "Registered players" => s.entries = Some(count()?),
            "Total rebuys" => s.total_rebuys = Some(count()?),
            "Total addons" => s.total_addons = Some(count()?),
            "Prizepool" => {
                let (a, c) =
                    money(value).ok_or_else(|| bad_line(no, raw, "unreadable prize pool"))?;
                s.prize_pool = Some(a);
                if c.is_some()
                    && c != s.currency.as_deref()
                    && s.currency.as_deref() != Some("FREE")
                {
                    s.prize_currency = c.map(str::to_string);
                }
            }
            // "Mode : sngType : sitngo": the room glued two lines.
            "Mode" => {
                if value.starts_with("sng") {
                    s.sng = Some(true);
                } else if value.starts_with("tt") || value.starts_with("mtt") {
                    s.sng = Some(false);
                }
            }
            "Type" | "Flight ID" => {}
            // "[10-20:0:360:holdem-no-limit,...]": each level names its game.
            "Levels" => {
                if let Some(game) = value.split(',').next().and_then(|l| l.rsplit(':').next()) {
                    let (c, l) =
                        game_of(&game.trim_end_matches(']').replace("omaha5", "omaha 5 card"));
                    s.category = s.category.or(c);
                    s.limit_type = s.limit_type.or(l);
                }
            }
            "Speed" => s.speed = speed_of(value),
            _ => {
                return Err(bad_line(
                    no,
                    raw,
                    "unknown line in a Winamax tournament summary",
                ))
            }
        }
    }
    let currency = s.currency.clone();
    if let Some(h) = s.hero.clone() {
        let p = s.player_mut(&h);
        p.rank = rank;
        p.still_playing = still_playing;
        if let Some(w) = won {
            p.winnings = Some(w.cash.saturating_add(w.ticket_value.unwrap_or(0)));
            p.ticket = w.ticket;
            p.ticket_value = w.ticket_value;
            p.bounty_winnings = w.bounty;
            let c = w.currency;
            if c.is_some() && c != currency.as_deref() && currency.as_deref() != Some("FREE") {
                p.winnings_currency = c.map(str::to_string);
            }
        } else if rank.is_some() {
            p.winnings = Some(0);
        }
        p.rebuys = rebuys;
        p.addons = addons;
    }
    if s.category.is_none() {
        // The name is often the game: "No Limit Hold'em(39203383)", "Pot Limit Omaha 5(...)".
        let (c, l) = game_of(s.name.as_deref().unwrap_or(""));
        s.category = c;
        s.limit_type = s.limit_type.or(l);
    }
    require_number(&s)?;
    s.complete();
    Ok(s)
}

/// The tournament's web page.
pub fn parse_page(text: &str, first_line: u32) -> SummaryResult {
    let doc = Html::parse_document(text);
    let bad =
        |what: &str| ParseError::malformed(first_line, format!("a Winamax tournament page {what}"));
    let link = doc
        .select(&selector("link[rel=canonical]"))
        .filter_map(|l| l.value().attr("href"))
        .find(|h| h.contains("tournament.php?ID="))
        .ok_or_else(|| bad("without its tournament number"))?;
    let number = link
        .split("ID=")
        .nth(1)
        .unwrap_or("")
        .split('&')
        .next()
        .unwrap_or("");
    let mut s = Summary::new("Winamax", "Winamax page", first_line);
    s.tourney_no = number
        .parse()
        .map_err(|_| bad("with an unreadable tournament number"))?;
    s.name = doc
        .select(&selector("#content h1"))
        .next()
        .map(text_of)
        .filter(|n| !n.is_empty());
    let mut play = false;
    for p in doc.select(&selector("#tournament .text")) {
        let t = text_of(p);
        let (key, value) = match t.split_once(':') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => {
                play |= t.contains("fictif") || t.eq_ignore_ascii_case("Play money");
                continue;
            }
        };
        match key {
            "Buy-in" | "Buy-In" => {
                let (b, k, f, c) = pair(value).ok_or_else(|| bad("with an unreadable buy-in"))?;
                set_buyin(&mut s, b, k, f, c);
            }
            "Début du tournoi" | "Start" => s.start_time = page_time(value),
            "Fin du tournoi" | "End" => {
                s.end_time = page_time(value);
                s.finished = s.end_time.is_some();
            }
            "Nombre de joueurs inscrits" | "Registered players" => s.entries = value.parse().ok(),
            "Nombre de joueurs max" | "Maximum players" => {}
            _ => {}
        }
    }
    if play && s.currency.as_deref() != Some("FREE") {
        s.currency = Some("play".to_string());
    }
    if let Some(title) = doc
        .select(&selector("#tournament .title2"))
        .next()
        .map(text_of)
    {
        if let Some((_, pool)) = title.split_once("Prizepool :") {
            s.prize_pool = money(pool).map(|m| m.0);
        }
    }
    for row in doc.select(&selector("table.table_list tr")) {
        let c = cells(row);
        if c.len() < 3 {
            continue;
        }
        let Ok(rank) = c[0].parse::<u32>() else {
            continue;
        };
        let mut p = SummaryPlayer {
            name: c[1].clone(),
            rank: Some(rank),
            ..SummaryPlayer::default()
        };
        // "0,00€ / Tremplin Winamax Poker Tour": cash, then a ticket whose value is not told.
        let (cash, ticket) = match c[2].split_once(" / ") {
            Some((a, t)) => (a, Some(t)),
            None => (c[2].as_str(), None),
        };
        p.winnings = Some(
            money(cash)
                .ok_or_else(|| bad("with an unreadable prize"))?
                .0,
        );
        p.ticket = ticket.map(|t| t.trim().to_string());
        s.add_entry(p);
    }
    if s.players.is_empty() {
        return Err(bad("without results"));
    }
    s.complete();
    Ok(s)
}

/// "15-01-2012 18:10" in Paris time.
fn page_time(v: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    let (date, clock) = v.trim().split_once(' ')?;
    let mut d = date.split('-');
    let day: u32 = d.next()?.parse().ok()?;
    let m: u32 = d.next()?.parse().ok()?;
    let y: i32 = d.next()?.parse().ok()?;
    let (h, min) = clock.split_once(':')?;
    let local = chrono::NaiveDate::from_ymd_opt(y, m, day)?.and_hms_opt(
        h.parse().ok()?,
        min.parse().ok()?,
        0,
    )?;
    Some(crate::time::local_to_utc(local, chrono_tz::Europe::Paris))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "Winamax Poker - Tournament summary : Monster KO(22345678) - Late Registration\n\
                        Player : Hero\n";

    #[test]
    fn freeroll_buyins_and_prizes_of_tickets_and_bounties() {
        let text = format!(
            "{HEAD}Buy-In : Freeroll\nRegistered players : 1500\nPrizepool : 1 000€\n\
             Tournament started 2019/05/28 19:10:00 UTC\nYou played 1h 36min 15s\n\
             You finished in 3rd place\nYou won 5€ + Ticket 10€ + Bounty 2.50€\n"
        );
        let s = parse(&text, 1).unwrap();
        assert_eq!(
            (
                s.tourney_no,
                s.currency.as_deref(),
                s.buyin,
                s.fee,
                s.prize_pool
            ),
            (22345678, Some("FREE"), Some(0), Some(0), Some(100_000))
        );
        let h = &s.players[0];
        assert_eq!(
            (h.rank, h.winnings, h.ticket_value, h.bounty_winnings),
            (Some(3), Some(1500), Some(1000), Some(250))
        );
        assert_eq!(h.ticket.as_deref(), Some("Ticket 10€"));
        for free in ["Gratuit", "Ticket uniquement", "Ticket"] {
            let s = parse(&format!("{HEAD}Buy-In : {free}\n"), 1).unwrap();
            assert_eq!(s.currency.as_deref(), Some("FREE"), "{free}");
        }
        // A knockout: buy-in, bounty, fee; bounties only.
        let text = format!(
            "{HEAD}Buy-In : 4.50€ + 5€ + 0.50€\nYou finished in 40th place\nYou won Bounty 7.50€\n"
        );
        let s = parse(&text, 1).unwrap();
        let h = &s.players[0];
        assert_eq!((s.buyin, s.bounty, s.fee), (Some(950), Some(500), Some(50)));
        assert_eq!((h.winnings, h.bounty_winnings), (Some(0), Some(750)));
        let err = parse(&format!("{HEAD}You won lots\n"), 1).unwrap_err();
        assert_eq!((err.line, err.message.as_str()), (3, "unreadable prize"));
    }
}

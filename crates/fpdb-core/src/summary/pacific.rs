//! 888poker's tournament summaries (the client writes them under its software's name,
//! "Cassava"):
//!
//! ```text
//! ***** Cassava Tournament Summary *****
//! Tournament ID: 34471040
//! Buy-In: $3.15 + $0.35               ("Free", "0,01 €", "10 + 1" play money, "20$ + 1$")
//! [Rebuy: $3.15] [Add-On: $3.15]
//! [Hero performed 1 rebuys] [Hero performed 1 add-ons]
//! Hero finished 59/468[ and won $50.80]
//! ```
//!
//! The summary lists only its hero: place, number of entries and prize.

use crate::error::ParseError;
use crate::summary::{
    bad_line, money, numbered, require_number, tourney_no, Summary, SummaryResult,
};

pub fn is_start(line: &str) -> bool {
    line.starts_with("***** ")
        && line.trim_end().ends_with(" Tournament Summary *****")
        && line.len() < 80
}

pub fn parse(text: &str, first_line: u32) -> SummaryResult {
    let mut s = Summary::new("888poker", "888poker", first_line);
    let mut rebuys = None;
    let mut addons = None;
    for (no, raw) in numbered(text, first_line).skip(1) {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(v) = t.strip_prefix("Tournament ID: ") {
            s.tourney_no = tourney_no(v, no, raw)?;
        } else if let Some(v) = t.strip_prefix("Buy-In: ") {
            buyin(&mut s, v, no, raw)?;
        } else if let Some(v) = t.strip_prefix("Rebuy: ") {
            s.rebuy_cost = Some(amount(v, no, raw)?);
        } else if let Some(v) = t.strip_prefix("Add-On: ") {
            s.addon_cost = Some(amount(v, no, raw)?);
        } else if let Some((who, r)) = t.split_once(" performed ") {
            let (n, what) = r.split_once(' ').unwrap_or((r, ""));
            let n: u32 = n
                .parse()
                .map_err(|_| bad_line(no, raw, "unreadable number"))?;
            s.hero = Some(who.to_string());
            match what {
                w if w.starts_with("rebuy") => rebuys = Some(n),
                w if w.starts_with("add-on") || w.starts_with("addon") => addons = Some(n),
                _ => {
                    return Err(bad_line(
                        no,
                        raw,
                        "unknown line in an 888poker tournament summary",
                    ))
                }
            }
        } else if let Some((who, r)) = t.split_once(" finished ") {
            finish(&mut s, who, r, no, raw)?;
        } else {
            return Err(bad_line(
                no,
                raw,
                "unknown line in an 888poker tournament summary",
            ));
        }
    }
    if let Some(h) = s.hero.clone() {
        let p = s.player_mut(&h);
        p.rebuys = rebuys.or(p.rebuys);
        p.addons = addons.or(p.addons);
    }
    require_number(&s)?;
    s.complete();
    Ok(s)
}

fn amount(v: &str, no: u32, line: &str) -> Result<i64, ParseError> {
    Ok(money(v)
        .ok_or_else(|| bad_line(no, line, "unreadable amount"))?
        .0)
}

/// As the hand headers: "Free" (currency FREE), "$5 + $0.50", "10 + 1" (play money).
fn buyin(s: &mut Summary, v: &str, no: u32, line: &str) -> Result<(), ParseError> {
    if !v.bytes().any(|b| b.is_ascii_digit()) {
        s.buyin = Some(0);
        s.fee = Some(0);
        s.currency = Some("FREE".to_string());
        return Ok(());
    }
    let mut amounts = Vec::new();
    let mut cur = None;
    for p in v.split(" + ") {
        let (a, c) = money(p).ok_or_else(|| bad_line(no, line, "unreadable buy-in"))?;
        cur = cur.or(c);
        amounts.push(a);
    }
    let (b, k, f) = match amounts.as_slice() {
        [b] => (*b, 0, 0),
        [b, f] => (*b, 0, *f),
        [b, k, f] => (b.saturating_add(*k), *k, *f),
        _ => return Err(bad_line(no, line, "unreadable buy-in")),
    };
    s.buyin = Some(b);
    s.fee = Some(f);
    if k > 0 {
        s.bounty = Some(k);
    }
    s.currency = Some(cur.unwrap_or("play").to_string());
    Ok(())
}

/// "Hero finished 71/3854 and won $0.30".
fn finish(s: &mut Summary, who: &str, r: &str, no: u32, line: &str) -> Result<(), ParseError> {
    let (place, won) = match r.split_once(" and won ") {
        Some((p, w)) => (p, Some(w)),
        None => (r, None),
    };
    let (rank, of) = place
        .split_once('/')
        .ok_or_else(|| bad_line(no, line, "unreadable place"))?;
    let rank: u32 = rank
        .trim()
        .parse()
        .map_err(|_| bad_line(no, line, "unreadable place"))?;
    let entries: u32 = of
        .trim()
        .parse()
        .map_err(|_| bad_line(no, line, "unreadable number of entries"))?;
    s.entries = Some(entries);
    s.hero = Some(who.to_string());
    let currency = s.currency.clone();
    let p = s.player_mut(who);
    p.rank = Some(rank);
    p.winnings = Some(0);
    if let Some(w) = won {
        let (a, c) = money(w).ok_or_else(|| bad_line(no, line, "unreadable prize"))?;
        p.winnings = Some(a);
        if c.is_some() && c != currency.as_deref() {
            p.winnings_currency = c.map(str::to_string);
        }
    }
    if rank == 1 && entries >= 1 {
        s.finished = true;
    }
    Ok(())
}

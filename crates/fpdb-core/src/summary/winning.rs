//! Winning Poker Network's (Americas Cardroom) tournament report, the "Tournaments" page of the
//! player's account (HTML): one row per tournament the player entered, with buy-in, fee,
//! rebuys, add-ons and wins in four currencies (real money, comps, play money, tournament
//! money) and registration, start and end times (US/Eastern, as the network's old hand
//! histories). The report names its player ("Login Name: NAME / UserID: N") but no places.

use scraper::Html;

use crate::error::ParseError;
use crate::summary::html::{cells, selector, text_of, us_time};
use crate::summary::{money, Summary, SummaryPlayer, SummaryResult};
use crate::time;

pub fn is_report(text: &str) -> bool {
    text.contains("ConsoleGridView") && text.contains("Tourney ID")
}

/// The four currency columns of each money group, in the report's order.
const CURRENCIES: [&str; 4] = ["USD", "comps", "play", "T$"];

pub fn parse(text: &str, first_line: u32) -> Vec<SummaryResult> {
    let doc = Html::parse_document(text);
    let hero = doc
        .select(&selector("span.common-text"))
        .map(text_of)
        .find_map(|t| {
            t.split_once("Login Name:")
                .map(|(_, r)| r.split(" / ").next().unwrap_or("").trim().to_string())
        })
        .filter(|n| !n.is_empty());
    let Some(hero) = hero else {
        return vec![Err(ParseError::malformed(
            first_line,
            "a Winning tournament report that names no player (no \"Login Name:\")",
        ))];
    };
    let Some(grid) = doc.select(&selector("table[id$=ConsoleGridView]")).next() else {
        return vec![Err(ParseError::malformed(
            first_line,
            "a Winning tournament report without its table",
        ))];
    };
    let mut out = Vec::new();
    for (i, row) in grid.select(&selector("tr")).enumerate() {
        let c = cells(row);
        // Data rows start with the tournament number; header, total and pager rows do not.
        if c.len() < 27 || c[0].is_empty() || !c[0].bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        out.push(row_summary(&c, &hero, first_line, i + 1));
    }
    if out.is_empty() {
        out.push(Err(ParseError::malformed(
            first_line,
            "a Winning tournament report without tournaments",
        )));
    }
    out
}

fn row_summary(c: &[String], hero: &str, line: u32, row: usize) -> SummaryResult {
    let bad = |what: &str| {
        ParseError::malformed(line, format!("row {row} of the tournament report: {what}"))
    };
    let mut s = Summary::new("Winning", "Winning report", line);
    s.tourney_no = c[0]
        .parse()
        .map_err(|_| bad("unreadable tournament number"))?;
    s.game = Some(c[1].clone());
    let (cat, _) = crate::summary::game_of(&c[1]);
    s.category = cat;
    s.name = Some(c[2].clone());
    if let Some(sp) = ["Hyper Turbo", "Super Turbo", "Turbo"]
        .iter()
        .find(|w| c[2].contains(**w))
    {
        s.speed = crate::summary::speed_of(sp);
    }
    if c[2].contains("Heads-up") || c[2].contains("Heads-Up") {
        s.max_seats = Some(2);
    } else if let Some(i) = c[2].find("-Max") {
        s.max_seats = c[2][..i].rsplit(' ').next().and_then(|n| n.parse().ok());
    }
    // Each money group: the first currency column with a non-zero amount says the currency.
    let group = |first: usize| -> Result<(i64, Option<&'static str>), ParseError> {
        let mut found = (0, None);
        for k in 0..4 {
            let (a, _) = money(&c[first + k]).ok_or_else(|| bad("unreadable amount"))?;
            if a != 0 && found.1.is_none() {
                found = (a, Some(CURRENCIES[k]));
            }
        }
        Ok(found)
    };
    let (buyin, bcur) = group(3)?;
    let (fee, fcur) = group(7)?;
    let (rebuys, _) = group(11)?;
    let (addons, _) = group(15)?;
    let (wins, wcur) = group(19)?;
    let currency = bcur.or(fcur).unwrap_or("FREE");
    s.currency = Some(currency.to_string());
    s.buyin = Some(buyin);
    s.fee = Some(fee);
    if rebuys + addons > 0 {
        s.rebuy_or_addon = true;
    }
    s.start_time = us_time(&c[24], time::EASTERN).or_else(|| us_time(&c[23], time::EASTERN));
    s.end_time = us_time(&c[25], time::EASTERN);
    s.finished = s.end_time.is_some();
    let mut p = SummaryPlayer {
        name: hero.to_string(),
        winnings: Some(wins),
        payin: Some(buyin + fee + rebuys + addons),
        ..SummaryPlayer::default()
    };
    if wcur.is_some() && wcur != Some(currency) {
        p.winnings_currency = wcur.map(str::to_string);
    }
    s.hero = Some(hero.to_string());
    s.players.push(p);
    s.complete();
    Ok(s)
}

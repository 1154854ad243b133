//! PokerStars' tournament archive: the HTML page the client saves from "Tournament Results"
//! ("All Regular Tournaments played by 'NAME'"), one table row per tournament the player
//! entered: date and time (ET), number, game, currency, buy-in, rebuy and add-on money, rake,
//! place, entries, prize, bounties won, target tournament and whether the player qualified.

use scraper::Html;

use crate::error::ParseError;
use crate::summary::html::{cells, selector, text_of, us_time};
use crate::summary::{game_of, money, Summary, SummaryPlayer, SummaryResult};
use crate::time;

pub fn is_archive(text: &str) -> bool {
    text.contains("TOURNEYS:") && text.contains("Tourney") && text.contains("Buy-In")
}

pub fn parse(text: &str, first_line: u32) -> Vec<SummaryResult> {
    let doc = Html::parse_document(text);
    let title = doc
        .select(&selector("title"))
        .next()
        .map(text_of)
        .unwrap_or_default();
    let hero = title
        .split_once('<')
        .and_then(|(_, r)| r.split_once('>'))
        .map(|(n, _)| n.trim().to_string())
        .filter(|n| !n.is_empty());
    let Some(hero) = hero else {
        return vec![Err(ParseError::malformed(
            first_line,
            "a PokerStars tournament archive whose title names no player (\"TOURNEYS: <NAME>\")",
        ))];
    };
    let Some(table) = doc.select(&selector("table.ex")).next() else {
        return vec![Err(ParseError::malformed(
            first_line,
            "a PokerStars tournament archive without its table",
        ))];
    };
    let head: Vec<String> = table.select(&selector("thead th")).map(text_of).collect();
    let col = |name: &str| head.iter().position(|h| h.eq_ignore_ascii_case(name));
    let needed = [
        "Date/Time",
        "Tourney",
        "Game",
        "Currency",
        "Buy-In",
        "Rake",
        "Place",
        "Entries",
        "Prize",
    ];
    let mut idx = Vec::new();
    for n in needed {
        match col(n) {
            Some(i) => idx.push(i),
            None => {
                return vec![Err(ParseError::malformed(
                    first_line,
                    format!("a PokerStars tournament archive without its \"{n}\" column"),
                ))]
            }
        }
    }
    let cols = Columns {
        time: idx[0],
        no: idx[1],
        game: idx[2],
        currency: idx[3],
        buyin: idx[4],
        rake: idx[5],
        place: idx[6],
        entries: idx[7],
        prize: idx[8],
        rebuys: head.iter().position(|h| h.starts_with("ReBuys")),
        bounty: col("Bounty Awarded"),
        target: col("Target ID"),
        qualified: col("Qualified"),
    };
    let mut out = Vec::new();
    for row in table.select(&selector("tbody tr")) {
        // Tournament rows carry their number in their id ("row_6036953"); the total row not.
        if !row
            .value()
            .attr("id")
            .is_some_and(|id| id.starts_with("row_"))
        {
            continue;
        }
        out.push(row_summary(&cells(row), &cols, &hero, first_line));
    }
    if out.is_empty() {
        out.push(Err(ParseError::malformed(
            first_line,
            "a PokerStars tournament archive without tournaments",
        )));
    }
    out
}

struct Columns {
    time: usize,
    no: usize,
    game: usize,
    currency: usize,
    buyin: usize,
    rake: usize,
    place: usize,
    entries: usize,
    prize: usize,
    rebuys: Option<usize>,
    bounty: Option<usize>,
    target: Option<usize>,
    qualified: Option<usize>,
}

fn row_summary(c: &[String], k: &Columns, hero: &str, line: u32) -> SummaryResult {
    let get = |i: usize| c.get(i).map(String::as_str).unwrap_or("");
    let no_text = get(k.no).to_string();
    let bad = |what: &str| {
        ParseError::malformed(line, format!("tournament {no_text} of the archive: {what}"))
    };
    let amount = |i: usize| -> Result<(i64, Option<&'static str>), ParseError> {
        money(get(i)).ok_or_else(|| bad("unreadable amount"))
    };
    let mut s = Summary::new("PokerStars", "PokerStars archive", line);
    s.tourney_no = get(k.no)
        .parse()
        .map_err(|_| bad("unreadable tournament number"))?;
    s.game = Some(get(k.game).to_string());
    let (cat, lim) = game_of(get(k.game));
    s.category = cat;
    s.limit_type = lim;
    let (buyin, unit) = amount(k.buyin)?;
    let currency = match unit {
        Some("FPP") => "FPP".to_string(),
        _ => get(k.currency).to_string(),
    };
    s.currency = Some(if currency.is_empty() {
        "play".to_string()
    } else {
        currency
    });
    s.buyin = Some(buyin);
    s.fee = Some(amount(k.rake)?.0);
    let rebuys = match k.rebuys {
        Some(i) => amount(i)?.0,
        None => 0,
    };
    if rebuys > 0 {
        s.rebuy_or_addon = true;
    }
    s.start_time = us_time(get(k.time), time::EASTERN);
    s.entries = Some(
        get(k.entries)
            .replace(',', "")
            .parse()
            .map_err(|_| bad("unreadable entries"))?,
    );
    s.finished = true;
    if let Some(t) = k.target.map(get).filter(|t| !t.is_empty()) {
        s.target_tourney = t.parse().ok();
        s.satellite = true;
    }
    let mut p = SummaryPlayer {
        name: hero.to_string(),
        rank: Some(
            get(k.place)
                .replace(',', "")
                .parse()
                .map_err(|_| bad("unreadable place"))?,
        ),
        winnings: Some(amount(k.prize)?.0),
        payin: Some(buyin + s.fee.unwrap_or(0) + rebuys),
        ..SummaryPlayer::default()
    };
    if let Some(i) = k.bounty {
        let b = amount(i)?.0;
        if b > 0 {
            p.bounty_winnings = Some(b);
        }
    }
    if let Some(q) = k.qualified.map(get).filter(|q| !q.is_empty()) {
        p.ticket = Some(match s.target_tourney {
            Some(t) => format!("seat in tournament #{t} ({q})"),
            None => q.to_string(),
        });
    }
    s.hero = Some(hero.to_string());
    s.players.push(p);
    s.complete();
    Ok(s)
}

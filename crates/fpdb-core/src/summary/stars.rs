//! PokerStars' text tournament summaries (the client's "Tournament summary" and the e-mailed
//! "Tournament History" requests), and Run It Once's, which follow the same layout:
//!
//! ```text
//! PokerStars Tournament #1731156709, Pot Limit 5 Card Omaha
//! [Super Satellite | Freeroll | Freeroll Super Satellite]
//! Buy-In: $24.55/$2.45 USD            (buy-in/fee, or buy-in/bounty/fee; "100 FPP"; "300/20")
//! 49 players
//! [$11.00 USD added to the prize pool by PokerStars]
//! Total Prize Pool: $602.70 USD       (or a prize: "Sunday Million ticket")
//! [Target Tournament #N[ Buy-In: $10.00/1.00 USD]]   [5 tickets to the target tournament]
//! Tournament started 2016/11/26 19:04:00 CET [2016/11/26 13:04:00 ET]
//! [Tournament finished ...]
//!   1: Hero (Netherlands), $230.36 (38.221%)
//!   2: sho dab [2] (India), ...         ([2]: the player's second entry)
//!   8: Frimble11 (Germany),             (out, no prize)
//!   9: Someone (Russia), still playing  (the number is a list position, not a place)
//! You finished in 1st place (eliminated at hand #162008223790).
//! [You made 5 rebuys and 1 addons for a total of USD 3,180.00.]
//! ```
//!
//! A request e-mail starts with "Tournament History for your last N tournaments requested by
//! NAME (address)", which names the hero of the summaries after it. Lines after the tournament's
//! start and finish lines that are none of the above (greetings, support addresses, e-mail
//! footers) are prose and skipped; an unknown line before them is refused.

use crate::error::ParseError;
use crate::summary::{
    bad_line, game_of, money, numbered, ordinal, require_number, summary_time, tourney_no, Summary,
    SummaryPlayer, SummaryResult,
};
use crate::time;

const PREFACE: &str = "Tournament History for your last ";

/// Whether `line` starts a PokerStars (or Run It Once) summary, or a history request.
pub fn is_start(line: &str) -> bool {
    (line.starts_with("PokerStars ") || line.starts_with("Run It Once Poker "))
        && line.contains("Tournament #")
        && !line.contains("Hand #")
        && !line.contains("Game #")
        || line.starts_with(PREFACE)
}

/// Reads a text of one or more summaries (each starting with its header line), with an optional
/// history-request line before them.
pub fn parse(text: &str, first_line: u32) -> Vec<SummaryResult> {
    let mut hero: Option<String> = None;
    let mut out = Vec::new();
    let mut current: Option<(u32, Vec<(u32, &str)>)> = None;
    for (no, line) in numbered(text, first_line) {
        if let Some(rest) = line.strip_prefix(PREFACE) {
            if let Some((_, who)) = rest.split_once(" requested by ") {
                let name = match who.rfind(" (") {
                    Some(i) => &who[..i],
                    None => who,
                };
                hero = Some(name.trim().trim_end_matches('=').trim().to_string());
            }
            continue;
        }
        if is_start(line) {
            if let Some((l, lines)) = current.take() {
                out.push(parse_one(l, &lines, hero.as_deref()));
            }
            current = Some((no, vec![(no, line)]));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push((no, line));
        } else if !line.trim().is_empty() {
            out.push(Err(bad_line(
                no,
                line,
                "text before the first tournament summary's header line",
            )));
            return out;
        }
        // (Blank lines before the first header are skipped.)
    }
    if let Some((l, lines)) = current {
        out.push(parse_one(l, &lines, hero.as_deref()));
    }
    out
}

/// The target tournament's buy-in and fee: what a seat won in a satellite is worth.
struct Target {
    value: Option<(i64, Option<&'static str>)>,
}

fn parse_one(first: u32, lines: &[(u32, &str)], hero: Option<&str>) -> SummaryResult {
    let (_, header) = lines[0];
    let (site, rest) = if let Some(r) = header.strip_prefix("Run It Once Poker ") {
        ("Run It Once", r)
    } else {
        (
            "PokerStars",
            header.strip_prefix("PokerStars ").unwrap_or(header),
        )
    };
    let mut s = Summary::new(site, "PokerStars", first);
    s.hero = hero.map(str::to_string);
    let after = rest
        .split_once("Tournament #")
        .map(|(_, a)| a)
        .ok_or_else(|| bad_line(first, header, "no tournament number in the header"))?;
    let (no, game) = after.split_once(',').unwrap_or((after, ""));
    s.tourney_no = tourney_no(no, first, header)?;
    let game = game.trim();
    if !game.is_empty() {
        s.game = Some(game.to_string());
        let (c, l) = game_of(game);
        s.category = c;
        s.limit_type = l;
    }
    let mut target = Target { value: None };
    let mut in_body = false; // past the start/finish lines: players and personal results
    let mut you: Option<YouLine> = None;
    let mut rebuy_total: Option<(i64, u32, u32)> = None;
    for &(no, raw) in &lines[1..] {
        let line = raw.trim_end();
        let t = line.trim_start();
        if t.is_empty() {
            continue;
        }
        if let Some(v) = t.strip_prefix("Tournament started") {
            s.start_time = Some(
                summary_time(v, time::EASTERN)
                    .ok_or_else(|| bad_line(no, line, "unreadable start time"))?,
            );
            in_body = true;
            continue;
        }
        if let Some(v) = t.strip_prefix("Tournament finished") {
            s.end_time = Some(
                summary_time(v, time::EASTERN)
                    .ok_or_else(|| bad_line(no, line, "unreadable finish time"))?,
            );
            s.finished = true;
            in_body = true;
            continue;
        }
        if let Some(entry) = player_line(t, no, line)? {
            in_body = true;
            let mut entry = entry;
            if entry.ticket.as_deref() == Some(QUALIFIED) {
                if let Some((v, cur)) = target.value {
                    entry.ticket_value = Some(v);
                    entry.winnings = Some(v);
                    if cur.is_some() && cur != s.currency.as_deref() {
                        entry.winnings_currency = cur.map(str::to_string);
                    }
                }
                entry.ticket = Some(match s.target_tourney {
                    Some(n) => format!("seat in tournament #{n}"),
                    None => "seat in the target tournament".to_string(),
                });
            }
            s.add_entry(entry);
            continue;
        }
        if let Some(y) = you_line(t, no, line)? {
            in_body = true;
            match y {
                YouLine::Rebuys(total, rebuys, addons) => {
                    rebuy_total = Some((total, rebuys, addons))
                }
                other => you = Some(other),
            }
            continue;
        }
        if in_body {
            // Prose of an e-mail: "Dear NAME,", "Congratulations!", support addresses, footers.
            if let Some(name) = t.strip_prefix("Dear ").and_then(|n| n.strip_suffix(',')) {
                s.hero = Some(name.to_string());
            }
            continue;
        }
        header_line(&mut s, &mut target, t, no, line)?;
    }
    // The place of "You finished in Nth place" names the hero when the list shows that place.
    let mut you_rank = None;
    let mut you_prize = None;
    match you {
        Some(YouLine::Place(r)) => you_rank = Some(r),
        Some(YouLine::PlaceAward(r, prize)) => {
            you_rank = Some(r);
            you_prize = Some(prize);
        }
        _ => {}
    }
    if s.hero.is_none() {
        if let Some(r) = you_rank {
            let at: Vec<&SummaryPlayer> = s.players.iter().filter(|p| p.rank == Some(r)).collect();
            if at.len() == 1 {
                s.hero = Some(at[0].name.clone());
            }
        }
    }
    if let Some(h) = s.hero.clone() {
        let listed = !s.players.is_empty();
        let currency = s.currency.clone();
        if you_rank.is_some() || you_prize.is_some() || rebuy_total.is_some() || !listed {
            let p = s.player_mut(&h);
            if p.rank.is_none() {
                p.rank = you_rank;
                p.still_playing = false;
            }
            if let Some((amount, cur)) = you_prize {
                p.winnings = Some(amount);
                if cur.is_some() && cur != currency.as_deref() {
                    p.winnings_currency = cur.map(str::to_string);
                }
            } else if p.winnings.is_none() && p.rank.is_some() && listed {
                p.winnings = Some(0);
            }
        }
        if let Some((total, rebuys, addons)) = rebuy_total {
            let cost = s.buyin.unwrap_or(0) + s.fee.unwrap_or(0);
            let p = s.player_mut(&h);
            p.rebuys = Some(rebuys);
            p.addons = Some(addons);
            p.payin = Some(cost.saturating_mul(1 + p.reentries.unwrap_or(0) as i64) + total);
        }
    }
    if rebuy_total.is_some() {
        s.rebuy_or_addon = true;
    }
    if s.finished && s.players.iter().any(|p| p.still_playing) {
        return Err(ParseError::malformed(
            first,
            "the summary says the tournament finished but lists players still playing",
        ));
    }
    require_number(&s)?;
    s.complete();
    Ok(s)
}

const QUALIFIED: &str = "(qualified for the target tournament)";

/// The lines before the start time: kind, buy-in, players, prize pool, target tournament.
fn header_line(
    s: &mut Summary,
    target: &mut Target,
    t: &str,
    no: u32,
    line: &str,
) -> Result<(), ParseError> {
    // The tournament's kind under the header: "Super Satellite", "Freeroll", "Freeroll Super
    // Satellite", and other words the room prints there (no amount, no label).
    if is_kind_line(t) {
        if t.starts_with("Freeroll") {
            freeroll(s);
        }
        if t.contains("Satellite") {
            s.satellite = true;
        }
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Buy-In:") {
        return buyin(s, v.trim(), no, line);
    }
    if let Some(v) = t.strip_prefix("Total Prize Pool:") {
        // A prize pool that is a prize ("Sunday Million ticket"): the winners' lines say it.
        if let Some((amount, cur)) = money(v.trim()) {
            s.prize_pool = Some(amount);
            let cur = cur.or(s.currency.as_deref().and_then(static_currency));
            if let Some(c) = cur {
                if s.currency.as_deref() != Some(c) {
                    s.prize_currency = Some(c.to_string());
                }
            }
        }
        return Ok(());
    }
    if let Some(v) = t.strip_prefix("Target Tournament #") {
        let (n, buy) = match v.split_once(" Buy-In:") {
            Some((n, b)) => (n, Some(b.trim())),
            None => (v, None),
        };
        s.target_tourney = Some(tourney_no(n, no, line)?);
        s.satellite = true;
        if let Some(b) = buy {
            target.value =
                Some(target_value(b).ok_or_else(|| {
                    bad_line(no, line, "unreadable buy-in of the target tournament")
                })?);
        }
        return Ok(());
    }
    if t.ends_with(" tickets to the target tournament")
        || t.ends_with(" ticket to the target tournament")
    {
        return Ok(());
    }
    if let Some(n) = t
        .strip_suffix(" players")
        .or_else(|| t.strip_suffix(" player"))
    {
        s.entries = Some(
            n.trim()
                .replace(',', "")
                .parse()
                .map_err(|_| bad_line(no, line, "unreadable number of players"))?,
        );
        return Ok(());
    }
    if let Some(v) = t.strip_suffix(" added to the prize pool by PokerStars") {
        s.added = Some(
            money(v)
                .ok_or_else(|| bad_line(no, line, "unreadable added money"))?
                .0,
        );
        return Ok(());
    }
    Err(bad_line(
        no,
        line,
        "unknown line in a PokerStars tournament summary",
    ))
}

/// A line of words only (letters, spaces, "-", "&", "'"): the tournament's kind.
fn is_kind_line(t: &str) -> bool {
    t.chars().next().is_some_and(char::is_alphabetic)
        && t.chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '&' | '\''))
}

fn freeroll(s: &mut Summary) {
    s.buyin = Some(0);
    s.fee = Some(0);
    if s.currency.is_none() {
        s.currency = Some("FREE".to_string());
    }
}

/// Buy-in, in the hand headers' terms: "$24.55/$2.45 USD" (buy-in and fee), "$1.08/$0.27/$0.15
/// USD" (buy-in, bounty, fee; the buy-in stored includes the bounty), "100 FPP", "300/20"
/// (play money), "€5.00" (Run It Once: no fee printed).
fn buyin(s: &mut Summary, v: &str, no: u32, line: &str) -> Result<(), ParseError> {
    let mut body = v.trim();
    let mut iso = None;
    if let Some((head, code)) = body.rsplit_once(' ') {
        if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
            iso = Some(code);
            body = head.trim();
        }
    }
    let parts: Vec<&str> = body.split('/').map(str::trim).collect();
    let mut amounts = Vec::with_capacity(parts.len());
    let mut symbol = None;
    for p in &parts {
        let (a, c) = money(p).ok_or_else(|| bad_line(no, line, "unreadable buy-in"))?;
        symbol = symbol.or(c);
        amounts.push(a);
    }
    let currency = match (iso, symbol) {
        (Some("FPP"), _) | (_, Some("FPP")) => "FPP".to_string(),
        (Some(c), _) => c.to_string(),
        (None, Some(c)) => c.to_string(),
        (None, None) => "play".to_string(),
    };
    match amounts.as_slice() {
        // Run It Once prints one amount, buy-in and fee together: what an entry costs.
        [total] if s.site == "Run It Once" => s.entry_cost = Some(*total),
        [b] => {
            s.buyin = Some(*b);
            s.fee = Some(0);
        }
        [b, f] => {
            s.buyin = Some(*b);
            s.fee = Some(*f);
        }
        [b, k, f] => {
            s.bounty = Some(*k);
            s.buyin = Some(b.saturating_add(*k));
            s.fee = Some(*f);
        }
        _ => return Err(bad_line(no, line, "unreadable buy-in")),
    }
    s.currency = Some(currency);
    Ok(())
}

fn target_value(b: &str) -> Option<(i64, Option<&'static str>)> {
    let mut body = b.trim();
    let mut iso = None;
    if let Some((head, code)) = body.rsplit_once(' ') {
        if code.len() == 3 && code.bytes().all(|c| c.is_ascii_uppercase()) {
            iso = static_currency(code);
            body = head;
        }
    }
    let mut total = 0i64;
    let mut cur = None;
    for p in body.split('/') {
        let (a, c) = money(p)?;
        total = total.saturating_add(a);
        cur = cur.or(c);
    }
    Some((total, iso.or(cur)))
}

fn static_currency(c: &str) -> Option<&'static str> {
    ["USD", "EUR", "GBP", "CAD", "INR", "CNY", "FPP", "SC"]
        .into_iter()
        .find(|&x| x == c)
}

/// A line of the player list: "  N: NAME (COUNTRY), TAIL" (Run It Once: "N: NAME[, PRIZE]").
fn player_line(t: &str, no: u32, line: &str) -> Result<Option<SummaryPlayer>, ParseError> {
    let Some((n, rest)) = t.split_once(": ") else {
        return Ok(None);
    };
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let pos: u32 = n
        .parse()
        .map_err(|_| bad_line(no, line, "unreadable place"))?;
    let rest = rest.trim_end();
    let (name, tail) = if let Some(body) = rest.strip_suffix("),") {
        (country_name(body), "")
    } else if let Some(i) = rest.rfind("), ") {
        (country_name(&rest[..i]), rest[i + 3..].trim())
    } else {
        // Run It Once: no country.
        match rest.rsplit_once(", ") {
            Some((n, tail)) => (n, tail.trim()),
            None => (rest.trim_end_matches(','), ""),
        }
    };
    if name.is_empty() {
        return Err(bad_line(no, line, "a listed player without a name"));
    }
    let (name, entry) = entry_number(name);
    let mut p = SummaryPlayer {
        name: name.to_string(),
        rank: Some(pos),
        reentries: entry.map(|_| 0),
        ..SummaryPlayer::default()
    };
    if tail == "still playing" {
        p.rank = None;
        p.still_playing = true;
    } else if tail.is_empty() {
        p.winnings = Some(0);
    } else if tail == QUALIFIED {
        p.ticket = Some(QUALIFIED.to_string());
    } else {
        // "$230.36 (38.221%)", "23,035 (13.55%)", "€12.50"; else a prize that is not money.
        let amount = tail.split(" (").next().unwrap_or(tail);
        match money(amount) {
            Some((a, _)) => p.winnings = Some(a),
            None => {
                p.winnings = Some(0);
                p.ticket = Some(tail.to_string());
            }
        }
    }
    Ok(Some(p))
}

/// "NAME (COUNTRY" → NAME; the country may hold parentheses itself ("Korea (South)").
fn country_name(body: &str) -> &str {
    let mut depth = 1;
    for (i, c) in body.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    return body[..i].trim_end();
                }
            }
            _ => {}
        }
    }
    body
}

/// "sho dab [2]" → ("sho dab", Some(2)): the player's second entry.
fn entry_number(name: &str) -> (&str, Option<u32>) {
    if let Some(head) = name.strip_suffix(']') {
        if let Some(i) = head.rfind(" [") {
            if let Ok(n) = head[i + 2..].parse::<u32>() {
                return (&name[..i], Some(n));
            }
        }
    }
    (name, None)
}

enum YouLine {
    Place(u32),
    PlaceAward(u32, (i64, Option<&'static str>)),
    Other,
    /// Rebuy and add-on money, rebuys, add-ons.
    Rebuys(i64, u32, u32),
}

/// The hero's own lines: "You finished in 2nd place[ (eliminated at hand #N)].", "You finished
/// the tournament (eliminated ...)", "You finished the tournament in 2nd place. A EUR 0.90 award
/// has been credited to your Real Money account.", "You made 5 rebuys and 1 addons for a total
/// of USD 3,180.00.", "There are no personal statistics because you did not play ...".
fn you_line(t: &str, no: u32, line: &str) -> Result<Option<YouLine>, ParseError> {
    if t.starts_with("There are no personal statistics") {
        return Ok(Some(YouLine::Other));
    }
    if let Some(r) = t.strip_prefix("You made ") {
        let words: Vec<&str> = r.split(' ').collect();
        // "5 rebuys and 1 addons for a total of USD 3,180.00."
        let num = |w: Option<&&str>| w.and_then(|w| w.parse::<u32>().ok());
        let mut rebuys = 0;
        let mut addons = 0;
        let mut i = 0;
        while i + 1 < words.len() {
            if let Some(n) = num(words.get(i)) {
                if words[i + 1].starts_with("rebuy") {
                    rebuys = n;
                } else if words[i + 1].starts_with("addon") || words[i + 1].starts_with("add-on") {
                    addons = n;
                }
            }
            i += 1;
        }
        let total = r
            .split_once(" for a total of ")
            .and_then(|(_, m)| {
                let m = m.trim_end_matches('.');
                let (cur_first, amount) = match m.split_once(' ') {
                    Some((c, a)) if c.len() == 3 => (Some(c), a),
                    _ => (None, m),
                };
                let _ = cur_first;
                money(amount).map(|x| x.0)
            })
            .ok_or_else(|| bad_line(no, line, "unreadable rebuy and add-on total"))?;
        return Ok(Some(YouLine::Rebuys(total, rebuys, addons)));
    }
    let Some(r) = t.strip_prefix("You finished ") else {
        return Ok(None);
    };
    let r = r.strip_prefix("the tournament").unwrap_or(r).trim_start();
    let Some(r) = r.strip_prefix("in ") else {
        return Ok(Some(YouLine::Other)); // finished, place not told
    };
    let (place, rest) = r.split_once(" place").unwrap_or((r, ""));
    let rank = ordinal(place).ok_or_else(|| bad_line(no, line, "unreadable place"))?;
    // " A EUR 0.90 award has been credited ..."
    if let Some((_, award)) = rest.split_once(" A ") {
        if let Some(a) = award.split(" award").next() {
            let (cur, amount) = match a.split_once(' ') {
                Some((c, m)) if c.len() == 3 => (static_currency(c), m),
                _ => (None, a),
            };
            if let Some((v, c)) = money(amount) {
                return Ok(Some(YouLine::PlaceAward(rank, (v, cur.or(c)))));
            }
        }
    }
    Ok(Some(YouLine::Place(rank)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_lines_and_starscoin() {
        let text = "PokerStars Tournament #3345678901, No Limit Hold'em\nKnockout Freeroll Satellite\n\
                    Buy-In: 150 SC\n2 players\nTotal Prize Pool: 300 SC\n\
                    Tournament started 2012/01/01 10:00:00 ET\n\n  1: Hero (Germany), 300 SC (100%)\n\
                    2: villain (Germany),\n";
        let s = parse(text, 1).remove(0).unwrap();
        assert!(s.satellite);
        assert_eq!(
            (s.currency.as_deref(), s.buyin, s.prize_pool),
            (Some("SC"), Some(15_000), Some(30_000))
        );
        assert_eq!(s.players[0].winnings, Some(30_000));
        // A line that is not words is still refused.
        let bad = "PokerStars Tournament #1, Razz\nBuy-In: $1.00/$0.10 USD\nPrizes: 3\n";
        let e = parse(bad, 1).remove(0).unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn player_lines() {
        let p = player_line("1: Hero (Netherlands), $230.36 (38.221%)", 1, "")
            .unwrap()
            .unwrap();
        assert_eq!(
            (p.name.as_str(), p.rank, p.winnings),
            ("Hero", Some(1), Some(23036))
        );
        let p = player_line("6: highsierraluck [3] (India), ₹633.76 (5.662%)", 1, "")
            .unwrap()
            .unwrap();
        assert_eq!((p.name.as_str(), p.reentries), ("highsierraluck", Some(0)));
        let p = player_line("15: Vorono[a]1 [2] (India),", 1, "")
            .unwrap()
            .unwrap();
        assert_eq!((p.name.as_str(), p.winnings), ("Vorono[a]1", Some(0)));
        let p = player_line("3: a (b) c (Korea (South)), still playing", 1, "")
            .unwrap()
            .unwrap();
        assert_eq!(
            (p.name.as_str(), p.rank, p.still_playing),
            ("a (b) c", None, true)
        );
        let p = player_line("1: Vance K, €12.50", 1, "").unwrap().unwrap();
        assert_eq!((p.name.as_str(), p.winnings), ("Vance K", Some(1250)));
        assert!(player_line("You finished in 1st place.", 1, "")
            .unwrap()
            .is_none());
    }
}

//! Open Hand History and PHH exports of every corpus hand: each hand that exports as PokerStars
//! text also exports as OHH and (where PHH has a variant code for the game) as PHH, and each
//! document has the format's fields and balanced amounts:
//! - OHH: the chips the actions put in (posts, bets, calls, raises, `Add to Pot`) equal the pots'
//!   amounts, and each pot's amount is its rake plus its winners' amounts (less the money of a
//!   cashed-out player, which the room keeps); every player and round of the hand is there.
//! - PHH: the arrays have one entry per player, and the stacks before less the stacks after are
//!   the rake (and the cashed-out pot, less money the room added); every action string is PHH
//!   notation.
//!
//! Hands with a cash-out the room paid beyond the pot (their winnings exceed the pot less the
//! rake) are counted apart: the rows do not say which part of a winner's money is the cash-out.
//!
//! `FPDB_PHH_DIR=dir` writes the PHH documents of cash hold'em hands there, for
//! `python3 tests/export/phh_replay.py dir` (pokerkit replays each to the stored results).

mod common;

use std::collections::BTreeMap;

use common::*;
use fpdb_core::export::{self, Format, StoredHand};
use fpdb_core::stats::derive;
use serde_json::Value;

/// Money of a JSON amount, in the table's unit (cents when `cents`).
fn money(v: &Value, cents: bool) -> i64 {
    let f = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    if cents {
        (f * 100.0).round() as i64
    } else {
        assert!(v.is_i64(), "chips must be integers: {v}");
        f as i64
    }
}

fn check_ohh(s: &StoredHand, text: &str, cents: bool) -> Result<(), String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let o = &doc["ohh"];
    for f in [
        "spec_version",
        "site_name",
        "game_number",
        "start_date_utc",
        "table_name",
        "table_size",
        "small_blind_amount",
        "big_blind_amount",
        "ante_amount",
        "currency",
        "game_type",
        "bet_limit",
        "players",
        "rounds",
        "pots",
    ] {
        if o.get(f).is_none() {
            return Err(format!("no {f}"));
        }
    }
    let players = o["players"].as_array().unwrap();
    if players.len() != s.players.len() {
        return Err("players".into());
    }
    let rounds = o["rounds"].as_array().unwrap();
    if rounds.first().map(|r| r["id"].as_i64()) != Some(Some(0)) {
        return Err("no round 0".into());
    }
    let mut put_in = 0;
    for r in rounds {
        for a in r["actions"].as_array().unwrap() {
            if let Some(v) = a.get("amount") {
                put_in += money(v, cents);
            }
            if let Some(p) = a.get("player_id") {
                let p = p.as_u64().unwrap() as usize;
                if p >= players.len() {
                    return Err(format!("action of player {p}"));
                }
            }
        }
    }
    let mut pots = 0;
    let mut won_and_rake = 0;
    for p in o["pots"].as_array().unwrap() {
        pots += money(&p["amount"], cents);
        won_and_rake += money(&p["rake"], cents);
        for w in p["player_wins"].as_array().unwrap() {
            won_and_rake += money(&w["win_amount"], cents);
        }
    }
    if put_in != pots {
        return Err(format!("actions put in {put_in}, the pots hold {pots}"));
    }
    let winnings: i64 = s.players.iter().map(|p| p.winnings).sum();
    let cashed_out = (s.total_pot - s.rake - winnings).max(0);
    if won_and_rake + cashed_out != pots {
        return Err(format!(
            "pots {pots}, won and rake {won_and_rake}, cashed out {cashed_out}"
        ));
    }
    Ok(())
}

fn check_phh(s: &StoredHand, text: &str, cents: bool, added: i64) -> Result<(), String> {
    let doc: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    let arr = |k: &str| -> Result<Vec<i64>, String> {
        let a = doc
            .get(k)
            .and_then(|v| v.as_array())
            .ok_or_else(|| format!("no {k}"))?;
        Ok(a.iter()
            .map(|v| match v {
                toml::Value::Integer(i) if !cents => *i,
                toml::Value::Float(f) if cents => (f * 100.0).round() as i64,
                other => panic!(
                    "{k}: {other} in a {} table",
                    if cents { "cash" } else { "chip" }
                ),
            })
            .collect())
    };
    for k in ["variant", "actions", "players", "seats"] {
        if !doc.contains_key(k) {
            return Err(format!("no {k}"));
        }
    }
    let stacks = arr("starting_stacks")?;
    let finishing = arr("finishing_stacks")?;
    let n = stacks.len();
    for k in ["antes", "winnings", "finishing_stacks"] {
        if arr(k)?.len() != n {
            return Err(format!("{k} has not {n} entries"));
        }
    }
    if doc.contains_key("blinds_or_straddles") && arr("blinds_or_straddles")?.len() != n {
        return Err("blinds_or_straddles".into());
    }
    let winnings: i64 = s.players.iter().map(|p| p.winnings).sum();
    let cashed_out = (s.total_pot - s.rake - winnings).max(0);
    let lost = stacks.iter().sum::<i64>() - finishing.iter().sum::<i64>();
    if lost != s.rake + cashed_out - added {
        return Err(format!(
            "stacks lose {lost}, the rake is {} (cashed out {cashed_out}, added {added})",
            s.rake
        ));
    }
    for a in doc["actions"].as_array().unwrap() {
        let a = a.as_str().unwrap();
        let w: Vec<&str> = a.split_whitespace().collect();
        let ok = match w.as_slice() {
            ["#", ..] => true,
            ["d", "dh", p, c] => p.starts_with('p') && c.len() % 2 == 0,
            ["d", "db", c] => c.len() % 2 == 0,
            [p, "f" | "cc" | "pb" | "sd" | "sm"] => p.starts_with('p'),
            [p, "cbr", amount] => p.starts_with('p') && amount.parse::<f64>().is_ok(),
            [p, "sd" | "sm", c] => p.starts_with('p') && c.len() % 2 == 0,
            _ => false,
        };
        if !ok {
            return Err(format!("action '{a}'"));
        }
    }
    Ok(())
}

#[derive(Default)]
struct Report {
    hands: usize,
    ohh: usize,
    phh: usize,
    phh_refused: BTreeMap<String, usize>,
    cash_outs: usize,
    bad: Vec<String>,
}

#[test]
fn every_exported_hand_exports_as_ohh_and_phh_with_balanced_amounts() {
    let dir = std::env::var("FPDB_PHH_DIR").ok();
    let mut rooms: BTreeMap<String, Report> = BTreeMap::new();
    for top in ["cash", "tour"] {
        for rel in files(top) {
            let text = read(&rel);
            for hand in fpdb_core::parse_history(&text).flatten() {
                let Ok(rows) = derive(&hand) else { continue };
                let stored = StoredHand::from_parsed(&hand, &rows);
                if export::export(&stored, Format::PokerStars).is_err() {
                    continue;
                }
                let r = rooms.entry(hand.site.clone()).or_default();
                r.hands += 1;
                let rebuilt = export::rebuild(&stored).unwrap();
                let cents = export::ohh::table_in_cents(&rebuilt);
                let id = format!("{rel} #{}", hand.site_hand_no);
                // A cash-out paid by the room is in the player's winnings, beyond the pot: the
                // rows do not say which part, so these hands cannot balance (counted apart).
                let winnings: i64 = stored.players.iter().map(|p| p.winnings).sum();
                if winnings > stored.total_pot - stored.rake {
                    r.cash_outs += 1;
                    continue;
                }
                match export::export(&stored, Format::Ohh) {
                    Ok(t) => match check_ohh(&stored, &t, cents) {
                        Ok(()) => r.ohh += 1,
                        Err(e) => r.bad.push(format!("OHH {id}: {e}\n{t}")),
                    },
                    Err(e) => r.bad.push(format!("OHH {id}: refused: {e}")),
                }
                match export::export(&stored, Format::Phh) {
                    Ok(t) => match check_phh(&stored, &t, cents, rebuilt.pot_added) {
                        Ok(()) => {
                            r.phh += 1;
                            if let Some(d) = &dir {
                                let name = format!(
                                    "{}/{}-{}.phh",
                                    d,
                                    hand.site.replace(' ', "_"),
                                    hand.site_hand_no
                                );
                                std::fs::write(name, &t).unwrap();
                            }
                        }
                        Err(e) => r.bad.push(format!("PHH {id}: {e}\n{t}")),
                    },
                    Err(e) if e.sqlstate() == "0A000" => {
                        *r.phh_refused.entry(e.to_string()).or_default() += 1
                    }
                    Err(e) => r.bad.push(format!("PHH {id}: {e}")),
                }
            }
        }
    }
    let mut bad = 0;
    for (room, r) in &rooms {
        println!(
            "{room}: {} hands, {} OHH, {} PHH, {} with a cash-out beyond the pot",
            r.hands, r.ohh, r.phh, r.cash_outs
        );
        for (why, n) in &r.phh_refused {
            println!("    PHH refused {n}: {why}");
        }
        for b in r.bad.iter().take(3) {
            println!("    BAD {b}");
        }
        bad += r.bad.len();
    }
    assert!(rooms.len() >= 8, "the corpus of the eight rooms is missing");
    assert_eq!(bad, 0, "documents without balanced amounts or fields");
}

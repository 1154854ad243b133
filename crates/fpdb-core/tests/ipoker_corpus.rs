//! The iPoker parser against the real hand histories of the corpus (`shared/corpus`).
//!
//! - `every_hand_parses`: every hand of `cash/iPoker` and `tour/iPoker` parses, is detected as
//!   iPoker, and the few that cannot be read fail with the expected kind (listed with the reason
//!   in [`EXPECTED_FAILURES`]); per-file counts are printed (`--nocapture`).
//! - `other_rooms_are_not_ipoker`: no chunk of any other room's file is routed to iPoker.
//! - `money_balances`: for every complete hand Σ collections + rake = total pot, the money put in
//!   less the returned bets = total pot − money added (iPoker adds none), every returned bet goes
//!   to the last aggressor of its street, and the derived statistics agree (Σ winnings + rake =
//!   total pot, Σ totalProfit = −rake, derive never fails). Tournaments have no rake.
//! - `first_hand_matches_sidecars`: the first hand of each file with `.hands.json`, `.gt.json` or
//!   `.hp.json` sidecars against them (README adjustments: startCards − 1, tournament money
//!   ÷ 100).
//! - the other tests pin down the format's tricky hands and check that damaged texts fail cleanly.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::stats::derive;
use serde_json::Value;

const SITE: &str = "iPoker";
const DIRS: &[&str] = &["cash/iPoker", "tour/iPoker"];

/// Hands of the corpus that cannot be read, and why. Empty: every iPoker hand of the corpus is
/// read.
const EXPECTED_FAILURES: &[Failure] = &[];

#[test]
fn every_hand_parses() {
    let counts = parse_every_file(
        DIRS,
        0,
        |_| Some(SITE),
        |rel, e| listed(EXPECTED_FAILURES, rel, e),
    );
    let mut problems = Vec::new();
    for c in &counts {
        if c.parsed + c.failed.len() == 0 {
            problems.push(format!("{}: no hand found", c.rel));
        }
    }
    for f in EXPECTED_FAILURES {
        let seen = counts
            .iter()
            .any(|c| c.failed.iter().any(|(e, _)| f.is(&c.rel, e)));
        if !seen {
            problems.push(format!("{f:?} was expected to fail"));
        }
    }
    let total_ok: usize = counts.iter().map(|c| c.parsed).sum();
    let total_failed: usize = counts.iter().map(|c| c.failed.len()).sum();
    totals(&counts);
    eprintln!("iPoker corpus: {total_ok} hands parsed, {total_failed} failed");
    assert!(total_ok > 400, "only {total_ok} hands parsed");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn other_rooms_are_not_ipoker() {
    other_rooms_are_not(SITE, DIRS);
    // Nor may a line start an iPoker session header: the splitter would hide what follows.
    let mut wrong = Vec::new();
    for rel in other_files(DIRS) {
        for (i, line) in read(&rel).lines().enumerate() {
            if fpdb_core::parsers::room_of_context(line).is_some_and(|r| r.site() == SITE) {
                wrong.push(format!("{rel}:{} (session header)", i + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "detected as iPoker:\n{}",
        wrong.join("\n")
    );
}

/// The last player who bet, raised, completed or brought in on the uncalled bet's street (the
/// big blind when nobody did, on a walk).
fn last_bettor(h: &Hand, r: &Returned) -> Option<PlayerIdx> {
    h.actions
        .iter()
        .rev()
        .find(|a| {
            a.street == r.street
                && (a.kind.is_aggressive()
                    || a.kind == ActionKind::BringIn
                    || a.kind == ActionKind::Bet)
        })
        .or_else(|| {
            (r.street == 0).then(|| {
                h.actions.iter().rev().find(|a| {
                    matches!(
                        a.kind,
                        ActionKind::BigBlind | ActionKind::BothBlinds | ActionKind::Straddle
                    )
                })
            })?
        })
        .map(|a| a.player)
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: false,
    max_rake_percent: Some(20),
    last_bettor: Some(last_bettor),
};

#[test]
fn money_balances() {
    let hands = all_hands(DIRS);
    let cash = hands
        .iter()
        .filter(|(_, h)| h.game.kind == GameKind::Ring)
        .count();
    assert!(cash > 100);
    money_adds_up(&hands, RULES, &[]);
    statistics_agree(&hands, &[]);
}

fn cmp(out: &mut Vec<String>, file: &str, what: &str, ours: String, theirs: String) {
    if ours != theirs {
        out.push(format!("{file}: {what}: ours {ours}, sidecar {theirs}"));
    }
}

fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Bool(b) => Some(i64::from(*b)),
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

#[test]
fn first_hand_matches_sidecars() {
    let mut compared = 0;
    let mut problems = Vec::new();
    for file in room_files(DIRS) {
        let (hands, gt, hp) = (
            sidecar(&file, "hands.json"),
            sidecar(&file, "gt.json"),
            sidecar(&file, "hp.json"),
        );
        if hands.is_none() && gt.is_none() && hp.is_none() {
            continue;
        }
        compared += 1;
        let h = first_hand(&file);
        let rows = derive(&h).unwrap();
        let tour = h.game.kind == GameKind::Tour;
        let money = |m: Money| if tour { m * 100 } else { m };
        if let Some(s) = &hands {
            cmp(
                &mut problems,
                &file,
                "siteHandNo",
                h.site_hand_no.to_string(),
                s["siteHandNo"].as_str().unwrap_or("").to_string(),
            );
            let start = h.start_time.format("%Y-%m-%dT%H:%M:%SZ").to_string();
            cmp(
                &mut problems,
                &file,
                "startTime",
                start,
                s["startTime"].as_str().unwrap_or("").to_string(),
            );
            cmp(
                &mut problems,
                &file,
                "tableName",
                h.table_name.clone(),
                s["tableName"].as_str().unwrap_or("").to_string(),
            );
            cmp(
                &mut problems,
                &file,
                "seats",
                rows.seats.to_string(),
                s["seats"].to_string(),
            );
            let board: Vec<i64> = h
                .boards
                .first()
                .map(|b| b.iter().map(|c| i64::from(c.code())).collect())
                .unwrap_or_default();
            for i in 0..5 {
                let theirs = int(&s[format!("boardcard{}", i + 1)]).unwrap_or(0);
                cmp(
                    &mut problems,
                    &file,
                    &format!("boardcard{}", i + 1),
                    board.get(i).copied().unwrap_or(0).to_string(),
                    theirs.to_string(),
                );
            }
        }
        if let Some(Value::Array(g)) = &gt {
            let s = |i: usize| {
                g.get(i)
                    .map(|v| {
                        v.as_str()
                            .map(str::to_string)
                            .unwrap_or_else(|| v.to_string())
                    })
                    .unwrap_or_default()
            };
            cmp(
                &mut problems,
                &file,
                "currency",
                h.game.currency.clone(),
                s(1),
            );
            cmp(
                &mut problems,
                &file,
                "type",
                h.game.kind.as_str().to_string(),
                s(2),
            );
            cmp(
                &mut problems,
                &file,
                "base",
                h.game.base.as_str().to_string(),
                s(3),
            );
            cmp(
                &mut problems,
                &file,
                "category",
                h.game.category.as_str().to_string(),
                s(4),
            );
            cmp(
                &mut problems,
                &file,
                "limitType",
                h.game.limit_type.as_str().to_string(),
                s(5),
            );
            cmp(
                &mut problems,
                &file,
                "hiLo",
                h.game.hi_lo.as_str().to_string(),
                s(6),
            );
            cmp(
                &mut problems,
                &file,
                "mix",
                h.game.mix.clone().unwrap_or_else(|| "none".into()),
                s(7),
            );
            cmp(
                &mut problems,
                &file,
                "smallBlind",
                money(h.game.small_blind).to_string(),
                s(8),
            );
            cmp(
                &mut problems,
                &file,
                "bigBlind",
                money(h.game.big_blind).to_string(),
                s(9),
            );
            cmp(
                &mut problems,
                &file,
                "smallBet",
                money(h.game.small_bet).to_string(),
                s(10),
            );
            cmp(
                &mut problems,
                &file,
                "bigBet",
                money(h.game.big_bet).to_string(),
                s(11),
            );
            cmp(
                &mut problems,
                &file,
                "maxSeats",
                rows.max_seats.to_string(),
                s(12),
            );
            cmp(
                &mut problems,
                &file,
                "ante",
                money(h.game.ante).to_string(),
                s(13),
            );
            cmp(&mut problems, &file, "zoom", h.game.fast.to_string(), s(15));
        }
        if let Some(Value::Object(players)) = &hp {
            for (pname, side) in players {
                let Some(p) = h.player_index(pname) else {
                    problems.push(format!("{file}: {pname} not in our hand"));
                    continue;
                };
                let Some(r) = rows.players.iter().find(|r| r.player == p) else {
                    problems.push(format!("{file}: {pname} has no row"));
                    continue;
                };
                let get = |f: &str| side.get(f).and_then(int).unwrap_or(-999);
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} seatNo"),
                    r.seat_no.to_string(),
                    get("seatNo").to_string(),
                );
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} startCash"),
                    money(r.start_cash).to_string(),
                    get("startCash").to_string(),
                );
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} winnings"),
                    money(r.winnings).to_string(),
                    get("winnings").to_string(),
                );
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} totalProfit"),
                    money(r.total_profit).to_string(),
                    get("totalProfit").to_string(),
                );
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} rake"),
                    money(r.rake).to_string(),
                    get("rake").to_string(),
                );
                for i in 0..20 {
                    cmp(
                        &mut problems,
                        &file,
                        &format!("{pname} card{}", i + 1),
                        r.cards[i].to_string(),
                        get(&format!("card{}", i + 1)).to_string(),
                    );
                }
                if h.game.category == Category::Holdem {
                    let theirs = get("startCards") - 1;
                    let theirs = if theirs < 0 { None } else { Some(theirs) };
                    cmp(
                        &mut problems,
                        &file,
                        &format!("{pname} startCards"),
                        format!("{:?}", r.start_cards.map(i64::from)),
                        format!("{theirs:?}"),
                    );
                }
                let sitout = side.get("sitout").and_then(Value::as_bool).unwrap_or(false);
                cmp(
                    &mut problems,
                    &file,
                    &format!("{pname} sitout"),
                    h.players[p].sitting_out.to_string(),
                    sitout.to_string(),
                );
            }
        }
    }
    assert!(compared >= 1, "no iPoker file with sidecars");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn collected(h: &Hand, p: PlayerIdx) -> Money {
    sum(h
        .collections
        .iter()
        .filter(|c| c.player == p)
        .map(|c| c.amount))
}

fn cards(h: &Hand, p: PlayerIdx) -> String {
    h.players[p]
        .cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn old_clients_count_the_returned_bet_in_win() {
    // Player6 bets $0.04 on the river, Hero folds: win="$0.08" includes the returned $0.04.
    let h = hand(
        "cash/iPoker/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml",
        3013573623,
    );
    let p6 = idx(&h, "Player6");
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (
            h.returned[0].player,
            h.returned[0].amount,
            h.returned[0].street
        ),
        (p6, 4, 3)
    );
    assert_eq!(collected(&h, p6), 4);
    assert_eq!((h.total_pot, h.rake), (4, 0));
    assert_eq!(h.hero, Some(idx(&h, "Hero")));
    assert_eq!(cards(&h, idx(&h, "Hero")), "3h Jc");
    assert_eq!(h.start_time.to_rfc3339(), "2011-11-04T18:46:19+00:00");
    assert_eq!(h.button_seat, Some(3));
    assert_eq!(
        h.boards,
        vec![["Td", "7h", "6h", "5c", "Tc"]
            .iter()
            .map(|c| fpdb_core::cards::Card::parse(c).unwrap())
            .collect::<Vec<_>>()]
    );
}

#[test]
fn new_clients_leave_it_out_and_five_card_omaha_is_told_by_the_cards() {
    // Client 21: Player1's turn bet of €2.40 comes back; his win (€2.33) is the pot after rake.
    let h = hand(
        "cash/iPoker/Flop/5CPLO-EUR-0.05-0.10-202105.new.date.format.txt",
        3595391256,
    );
    assert_eq!(h.game.category, Category::Omaha5Hi);
    assert_eq!(h.game.limit_type, LimitType::PotLimit);
    assert_eq!(
        (
            h.game.small_blind,
            h.game.big_blind,
            h.game.currency.as_str()
        ),
        (5, 10, "EUR")
    );
    let p1 = idx(&h, "Player1");
    assert_eq!((h.returned[0].player, h.returned[0].amount), (p1, 240));
    assert_eq!(collected(&h, p1), 233);
    assert_eq!((h.total_pot, h.rake), (240, 7));
    assert_eq!(h.start_time.to_rfc3339(), "2021-05-18T18:26:13+00:00");
    assert_eq!(h.table_name, "100BB Vantaa 11, 488785164");
    // The raise's sum is the total on the street: Player1 (small blind) raises to €1.15.
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == p1 && a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!((raise.amount, raise.raise_to), (110, Some(115)));
    // A walk on a version-20 client: the big blind's win is the small blind's money only.
    let h = hand(
        "cash/iPoker/Flop/PLO-EUR-0.50-1.00-202009.no.uncalled.xml",
        8806821988,
    );
    assert_eq!((h.total_pot, h.rake, h.returned[0].amount), (100, 0, 50));
}

#[test]
fn flat_format_and_fixed_limit_stakes() {
    let h = hand(
        "cash/iPoker/Flop/LHE-HU-USD-20-40-201103.flat.format.txt",
        2686565878,
    );
    assert_eq!(h.game.limit_type, LimitType::FixedLimit);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (1000, 2000, 4000)
    );
    let hero = idx(&h, "Hero");
    // Type 6: the sum is what the raise adds ($30 on the $10 small blind: raise to $40).
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!(
        (raise.player, raise.amount, raise.raise_to),
        (hero, 3000, Some(4000))
    );
    assert_eq!(
        (
            h.returned[0].player,
            h.returned[0].amount,
            h.returned[0].street
        ),
        (hero, 2000, 1)
    );
    assert_eq!(
        (collected(&h, hero), h.rake, h.total_pot),
        (7900, 100, 8000)
    );
    // "Holdem L $10/$20" prints the bets: blinds $5/$10.
    let h = hand(
        "cash/iPoker/Flop/LHE-USD-10-20-201204.new.date.format.txt",
        3256372946,
    );
    assert_eq!((h.game.small_blind, h.game.big_blind), (500, 1000));
    assert_eq!(h.start_time.to_rfc3339(), "2012-04-20T20:42:31+00:00");
    assert_eq!(h.hero, Some(idx(&h, "Player0")));
}

#[test]
fn both_blinds_antes_and_sitting_out() {
    let h = hand(
        "cash/iPoker/Flop/LHE-USD-5-10-201204.post.both.txt",
        3232378938,
    );
    let both = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BothBlinds)
        .unwrap();
    assert_eq!(
        (h.players[both.player].name.as_str(), both.amount),
        ("Player2", 750)
    );
    let h = hand(
        "cash/iPoker/Flop/NLHE-USD-0.10-0.20.201112.post.both.txt",
        3056022611,
    );
    assert!(h
        .actions
        .iter()
        .any(|a| a.kind == ActionKind::BothBlinds && a.amount == 30));
    // Player3 posts an ante, then sits out without being dealt: his ante stays in the pot.
    let h = hand(
        "cash/iPoker/Flop/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt",
        5338624766,
    );
    let p3 = idx(&h, "Player3");
    assert!(h.players[p3].sitting_out);
    assert!(h.players[idx(&h, "Player0")].sitting_out);
    assert_eq!(h.game.ante, 2);
    assert!(!h
        .actions
        .iter()
        .any(|a| a.player == p3 && a.kind == ActionKind::Fold));
    assert_eq!(
        h.actions
            .iter()
            .filter(|a| a.kind == ActionKind::Ante)
            .count(),
        4
    );
    // Seats without a name are empty seats; players marked "8" are sitting out.
    let h = hand(
        "cash/iPoker/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml",
        2855468557,
    );
    assert_eq!(h.players.len(), 9);
    assert!(h.players[idx(&h, "Hero")].sitting_out);
    // The owner sat this game out: nobody's cards were dealt face up.
    assert_eq!(h.hero, None);
    assert!(!h.players[idx(&h, "Player1")].sitting_out);
    // Three players reach the showdown and show.
    let shown: Vec<&str> = h
        .players
        .iter()
        .filter(|p| p.shown)
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(shown, ["Player3", "Player7", "Player10"]);
}

#[test]
fn stud_cards_bring_in_and_completion() {
    let h = hand(
        "cash/iPoker/Stud/7-StudL-USD-0.05-0.10-201009.txt",
        2418629537,
    );
    assert_eq!(h.game.category, Category::StudHi);
    assert_eq!(
        (
            h.game.small_blind,
            h.game.big_blind,
            h.game.big_bet,
            h.game.ante
        ),
        (0, 5, 10, 1)
    );
    let hero = idx(&h, "Hero");
    assert_eq!(cards(&h, hero), "8h 7d 2c 5c 2h 4h 4c");
    assert_eq!(cards(&h, idx(&h, "WurmX")), "xx xx 6h xx xx xx xx");
    assert_eq!(cards(&h, idx(&h, "Zsuzsanna")), "8d Jh Kh Tc 7h 3h Kd");
    let bring = &h.actions[7];
    assert_eq!(
        (bring.kind, bring.player, bring.amount, bring.street),
        (ActionKind::BringIn, hero, 2, 0)
    );
    assert!(h.boards.is_empty());
    // Heads-up without a bring-in: the first bet of third street completes.
    let h = hand(
        "cash/iPoker/Stud/7-StudHL-EUR-0.05-0.10-201405.txt",
        5710054735,
    );
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!(h.game.currency, "EUR");
    let first = h.actions.iter().find(|a| a.street == 0).unwrap();
    assert_eq!(first.kind, ActionKind::Complete);
}

#[test]
fn tournaments() {
    // Italian skin: dots separate thousands of chips, day-first date without seconds, the fee
    // only in the <totalbuyin> text.
    let h = hand(
        "tour/iPoker/Flop/NLHE-EUR-SNG-0.50.iPoker.it.txt",
        3025312304,
    );
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.game.currency, "T$");
    assert_eq!(h.players[0].stack, 1500);
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));
    assert_eq!(h.start_time.to_rfc3339(), "2012-01-30T02:30:00+00:00");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (547028881, 40, 10, "EUR")
    );
    let hero = idx(&h, "Player3");
    assert_eq!(
        t.results,
        vec![Finish {
            player: hero,
            place: 1,
            prize: Some(80)
        }]
    );
    // Twister: prize pool + fee + jackpot share.
    let h = parse_file("tour/iPoker/Flop/NLHE-3max-USD-SNG-1.00.Twister.txt")
        .remove(0)
        .unwrap();
    let t = h.tournament.unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (825200070, 93, 7, "USD")
    );
    // Paid with points.
    let h = parse_file("tour/iPoker/Flop/NLHE-GBP-MTT-5-201403.FPPbuyin.txt")
        .remove(0)
        .unwrap();
    let t = h.tournament.unwrap();
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (1100, 0, "FPP"));
    assert_eq!(h.players[0].stack, 10515);
    // An invitation.
    let h = parse_file("tour/iPoker/Flop/NLHE-USD-MTT-Freeroll-201107.txt")
        .remove(0)
        .unwrap();
    let t = h.tournament.unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (611669111, 0, 0, "FREE")
    );
    // Converted files give the number in <tournamentcode>.
    let h = parse_file("tour/iPoker/Flop/NLHE-10max-MTT-10-1-201901.Bovada.converted.txt")
        .remove(0)
        .unwrap();
    let t = h.tournament.clone().unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (21387619, 1000, 100, "USD")
    );
    assert_eq!(h.hero, Some(idx(&h, "yurk")));
    // Fractional chips after rebuys: rounded, and the pot still balances.
    let h = hand(
        "tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml",
        3869813355,
    );
    assert_eq!(h.players[0].stack, 74295);
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), h.total_pot);
    assert!(h.tournament.unwrap().rebuy || h.game.ante > 0);
}

/// Damaged texts fail with the right kind and line, and never panic.
#[test]
fn damaged_texts() {
    let text = read("cash/iPoker/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml");
    // Cut in the middle of a tag.
    let cut = &text[..text.find("<round no=\"3\">").unwrap() + 5];
    let e = fpdb_core::parse_history(cut).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    assert_eq!(e.site_hand_no, Some(3013573623));
    // Cut before the player list ends.
    let cut = &text[..text.find("</players>").unwrap()];
    let e = fpdb_core::parse_history(cut).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    // A bad amount: the error names the line.
    let bad = text.replace("sum=\"$0.04\"", "sum=\"$0.0x4\"");
    let e = fpdb_core::parse_history(&bad).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Malformed);
    assert_eq!(e.line, 41);
    assert!(e.line_text.as_deref().unwrap().contains("0.0x4"), "{e:?}");
    // A game code too large for a bigint.
    let big = text.replace("3013573623", "99999999999999999999");
    let e = fpdb_core::parse_history(&big).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfRange);
    assert_eq!(e.line, 21);
    // An unknown action type.
    let odd = text.replace("type=\"5\"", "type=\"42\"");
    let e = fpdb_core::parse_history(&odd).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    // A game without its session header.
    let alone = &text[text.find("<game ").unwrap()..];
    let e = fpdb_core::parse_history(alone).next().unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Malformed);

    // Every prefix and many mangled versions of a few files: errors, never a panic.
    for file in [
        "cash/iPoker/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml",
        "cash/iPoker/Flop/LHE-HU-USD-20-40-201103.flat.format.txt",
        "cash/iPoker/Stud/7-StudL-USD-0.05-0.10-201009.txt",
        "tour/iPoker/Flop/NLHE-EUR-SNG-0.50.iPoker.it.txt",
    ] {
        let text = read(file);
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let _ = fpdb_core::parse_history(&text[..cut]).count();
                let mut mangled = String::with_capacity(text.len());
                mangled.push_str(&text[..cut]);
                mangled.push_str("\"<>/&9");
                mangled.push_str(&text[cut..]);
                let _ = fpdb_core::parse_history(&mangled).count();
            }
            cut += 7;
        }
    }
}

/// Issue 14: a game the room wrote as it began and never completed (no `<startdate>`, no action
/// after the blinds, no result) is refused, and the message says all three.
#[test]
fn an_incomplete_game_says_why() {
    let text = read("cash/iPoker/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml");
    let undated = text.replace("<startdate>2011-11-04 18:46:19</startdate>", "");
    let (head, tail) = undated.split_at(undated.find("<round no=\"1\">").unwrap());
    let rest = &tail[tail.find("</game>").unwrap()..];
    let blinds_only = format!("{head}{rest}").replace("win=\"$0.08\"", "win=\"$0\"");
    let e = fpdb_core::parse_history(&blinds_only)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Malformed);
    assert!(
        e.message
            .contains("incomplete: no date, no actions after the blinds, no result"),
        "{e:?}"
    );
    // Only the date missing: that is what the message says.
    let e = fpdb_core::parse_history(&undated)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(e.message.contains("no <startdate>"), "{e:?}");
}

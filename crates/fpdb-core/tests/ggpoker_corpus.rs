//! The GGPoker parser against the corpus (`shared/corpus/{cash,tour}/GGPoker`).
//!
//! - every hand of every file parses (the few that cannot are listed with their reason and
//!   error kind), each is detected as GGPoker, and no other room's file yields a GGPoker hand;
//! - money adds up in every cash hand: Σ collections + rake + cashed-out pot = total pot, the
//!   money the actions put in less the returns = total pot − added money, every return goes to
//!   the last aggressor of its street, and the derived statistics agree (Σ winnings + rake =
//!   total pot, Σ totalProfit = −rake, cash-outs accounted for);
//! - the first hand of several files, checked by hand against the text (the corpus has no
//!   sidecar for GGPoker; a sidecar added later is compared too);
//! - per-file counts are printed (`cargo test --test ggpoker_corpus -- --nocapture`).

use std::path::{Path, PathBuf};

use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::model::*;
use fpdb_core::stats::derive;

const SITE: &str = "GGPoker";
const DIRS: &[&str] = &["cash/GGPoker", "tour/GGPoker"];

/// Hands that cannot be read, by design: (file name, hand id or "" for the file, kind, why).
const EXPECTED_FAILURES: &[(&str, &str, ErrorKind, &str)] = &[];

fn corpus() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else if !p.to_string_lossy().ends_with(".json") && !p.ends_with(".DS_Store") {
            out.push(p);
        }
    }
}

fn room_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for d in DIRS {
        files_under(&corpus().join(d), &mut files);
    }
    assert!(!files.is_empty(), "the corpus is missing");
    files
}

fn text_of(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = fpdb_core::decode::decode(&bytes);
    fpdb_core::split::normalise(&text).into_owned()
}

fn parse_file(path: &Path) -> Vec<Result<Hand, ParseError>> {
    fpdb_core::parse_history(&text_of(path)).collect()
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn expected_failure(file: &str, e: &ParseError) -> Option<&'static str> {
    EXPECTED_FAILURES
        .iter()
        .find_map(|&(f, _, kind, why)| (f == file && kind == e.kind).then_some(why))
}

#[test]
fn every_hand_parses() {
    let (mut total_ok, mut total_err) = (0, 0);
    let mut unexpected = Vec::new();
    for f in room_files() {
        let (mut ok, mut err) = (0, 0);
        for r in parse_file(&f) {
            match r {
                Ok(h) => {
                    ok += 1;
                    assert_eq!(h.site, SITE, "{}", name(&f));
                }
                Err(e) => {
                    err += 1;
                    match expected_failure(&name(&f), &e) {
                        Some(why) => println!("  expected failure ({why}): {}", e.full_message()),
                        None => unexpected.push(format!(
                            "{}: {:?} {}",
                            name(&f),
                            e.kind,
                            e.full_message()
                        )),
                    }
                }
            }
        }
        println!(
            "{:>4} parsed {:>2} failed  {}",
            ok,
            err,
            f.strip_prefix(corpus()).unwrap().display()
        );
        total_ok += ok;
        total_err += err;
    }
    println!("GGPoker: {total_ok} hands parsed, {total_err} failed");
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    // 4 + 1 + 13 + 41 + 1 + 1 + 1 + 1 + 0 (an empty file) + 1 + 1 + 1 + 1 cash hands,
    // 1 + 59 + 1 + 1 tournament hands.
    assert_eq!(total_ok, 129);
}

#[test]
fn other_rooms_are_not_read_as_ggpoker() {
    let mut files = Vec::new();
    for top in ["cash", "tour", "summaries", "unsupported-sites"] {
        let Ok(entries) = std::fs::read_dir(corpus().join(top)) else {
            continue;
        };
        for e in entries.flatten() {
            if e.file_name() != "GGPoker" {
                files_under(&e.path(), &mut files);
            }
        }
    }
    assert!(files.len() > 500);
    let mut wrong = Vec::new();
    for f in &files {
        let text = text_of(f);
        for c in fpdb_core::split::chunks(&text) {
            if c.room.is_some_and(|r| r.site() == SITE) {
                wrong.push(format!("{}:{}", f.display(), c.first_line));
            }
        }
    }
    assert!(wrong.is_empty(), "detected as GGPoker: {wrong:?}");
    // And every chunk of the room's own files is the room's.
    for f in room_files() {
        let text = text_of(&f);
        for c in fpdb_core::split::chunks(&text) {
            assert_eq!(
                c.room.map(|r| r.site()),
                Some(SITE),
                "{}:{}",
                name(&f),
                c.first_line
            );
        }
    }
}

/// Money checks of one complete cash hand; what is wrong, if anything.
fn money_problems(h: &Hand) -> Vec<String> {
    let mut bad = Vec::new();
    let sum = |it: &mut dyn Iterator<Item = Money>| it.sum::<Money>();
    let collected = sum(&mut h.collections.iter().map(|c| c.amount));
    if collected + h.rake + h.cashed_out_pot != h.total_pot {
        bad.push(format!(
            "Σ collections {collected} + rake {} + cashed out {} ≠ total pot {}",
            h.rake, h.cashed_out_pot, h.total_pot
        ));
    }
    let put = sum(&mut h.actions.iter().map(|a| a.amount));
    let back = sum(&mut h.returned.iter().map(|r| r.amount));
    if put - back != h.total_pot - h.pot_added {
        bad.push(format!(
            "put in {put} − returned {back} ≠ total pot {} − added {}",
            h.total_pot, h.pot_added
        ));
    }
    for r in &h.returned {
        // Blinds and straddles are the first bets of street 0.
        let last = h
            .actions
            .iter()
            .filter(|a| a.street == r.street || (r.street == 0 && a.street == POSTS))
            .filter(|a| {
                a.kind.is_aggressive()
                    || (a.kind.is_post()
                        && !matches!(a.kind, ActionKind::Ante | ActionKind::DeadSmallBlind))
            })
            .rfind(|a| a.amount > 0);
        if last.map(|a| a.player) != Some(r.player) {
            bad.push(format!(
                "return of {} not to the street's last aggressor",
                r.amount
            ));
        }
    }
    if h.rake < 0 {
        bad.push("negative rake".into());
    }
    match derive(h) {
        Err(e) => bad.push(format!("derive: {e}")),
        Ok(rows) => {
            let winnings: Money = rows.players.iter().map(|r| r.winnings).sum();
            let profit: Money = rows.players.iter().map(|r| r.total_profit).sum();
            let paid_out: Money = h.cash_outs.iter().map(|c| c.amount).sum();
            // Cash-outs are paid by the room, the cashed-out pot is kept by it.
            let expected = h.total_pot - h.cashed_out_pot + paid_out;
            if winnings + h.rake != expected {
                bad.push(format!(
                    "Σ winnings {winnings} + rake {} ≠ {expected}",
                    h.rake
                ));
            }
            if profit != h.pot_added - h.rake - h.cashed_out_pot + paid_out {
                bad.push(format!("Σ totalProfit {profit} ≠ −rake {}", h.rake));
            }
        }
    }
    bad
}

#[test]
fn money_adds_up_in_every_cash_hand() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for f in room_files() {
        for h in parse_file(&f).into_iter().flatten() {
            if h.game.kind == GameKind::Tour {
                // No rake; derive() must still accept the hand.
                if let Err(e) = derive(&h) {
                    bad.push(format!("{} {}: derive: {e}", name(&f), h.site_hand_id));
                }
                continue;
            }
            checked += 1;
            for p in money_problems(&h) {
                bad.push(format!("{} {}: {p}", name(&f), h.site_hand_id));
            }
        }
    }
    println!("{checked} cash hands checked");
    assert!(checked >= 60);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn first_hand(file: &str) -> Hand {
    let path = DIRS
        .iter()
        .map(|d| corpus().join(d).join("Flop").join(file))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("{file} not in the corpus"));
    parse_file(&path).into_iter().next().unwrap().unwrap()
}

fn cards(text: &str) -> Vec<fpdb_core::cards::Card> {
    text.split(' ')
        .map(|c| fpdb_core::cards::Card::parse(c).unwrap())
        .collect()
}

fn by_name<'h>(h: &'h Hand, n: &str) -> &'h Player {
    &h.players[h.player_index(n).unwrap()]
}

#[test]
fn first_hands_checked_by_hand() {
    // Run it twice on a 5-card omaha table with a jackpot fee.
    let h = first_hand("PLO5-6max-USD-2-5-202104.Jackpot.txt");
    assert_eq!(h.site_hand_id, "OM1349864");
    assert_eq!(
        h.site_hand_no,
        (15 * 27 + 13) * 10_000_000_000_000_000 + 1_349_864
    );
    assert_eq!(h.start_time.to_rfc3339(), "2021-04-13T16:21:36+00:00");
    assert_eq!(h.table_name, "PLO-5Gold2");
    assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(3)));
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.hi_lo),
        (
            GameKind::Ring,
            Category::Omaha5Hi,
            LimitType::PotLimit,
            HiLo::Hi
        )
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.small_bet, g.big_bet, g.ante),
        (200, 500, 500, 1000, 0)
    );
    assert_eq!(g.currency, "USD");
    assert_eq!(h.players.len(), 5);
    assert_eq!((h.players[1].seat, h.players[1].stack), (2, 127_050));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("4d 9d 5s 4s 9c"));
    assert_eq!(by_name(&h, "3a59c1a9").cards, cards("Ad Jh As Qh 8c"));
    assert!(by_name(&h, "3a59c1a9").shown);
    assert!(h.run_it_twice);
    assert_eq!(
        h.boards,
        vec![cards("5d 2h 6c 5c 6h"), cards("5d 2h 6c 3d Td")]
    );
    assert_eq!((h.total_pot, h.rake), (59_708, 1250));
    let hero = h.player_index("Hero").unwrap();
    let mut on_board: Vec<(usize, Money, u8)> = h
        .collections
        .iter()
        .map(|c| (c.player, c.amount, c.board))
        .collect();
    on_board.sort();
    assert_eq!(
        on_board,
        vec![(0, 6926, 0), (hero, 25_766, 0), (hero, 25_766, 1)]
    );
    assert_eq!(h.returned.len(), 1);
    assert_eq!((h.returned[0].street, h.returned[0].amount), (1, 58_784));

    // Short deck: antes, button blind, straddles, a folded player showing one card.
    let h = first_hand("NL-ShortDeck-5max-USD-0.2-202103.txt");
    assert_eq!(h.site_hand_id, "SD27208848");
    assert_eq!(h.game.category, Category::SixPlusHoldem);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (0, 2, 2)
    );
    let kinds: Vec<ActionKind> = h
        .actions
        .iter()
        .filter(|a| a.street == POSTS)
        .map(|a| a.kind)
        .collect();
    assert_eq!(kinds[4..], [ActionKind::ButtonBlind, ActionKind::Straddle]);
    assert_eq!((h.total_pot, h.rake), (60, 4));
    assert_eq!(h.boards, vec![cards("Qh 8s 9d Ah")]);

    // A tournament: chips, level, table "<tournament> <table>", no buy-in printed.
    let h = first_hand("NLHE-8max-MTT-USD-1050-202104.extra.space.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.kind,
            g.currency.as_str(),
            g.small_blind,
            g.big_blind,
            g.ante
        ),
        (GameKind::Tour, "T$", 300, 600, 75)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.level.as_deref(), t.table_no.as_deref()),
        (25_313_426, Some("14"), Some("137"))
    );
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (0, 0, "USD"));
    assert_eq!(h.table_name, "25313426 137");
    assert_eq!(by_name(&h, "Hero").stack, 13_820);
    assert_eq!(h.total_pot, 28_315);
    assert_eq!(h.start_time.to_rfc3339(), "2021-04-04T20:43:56+00:00");

    // GG's internal export: a numeric id, a run-it-twice preflop all-in.
    let h = first_hand("NL-ShortDeck-5max-USD-100-202104.internal.txt");
    assert_eq!(h.site_hand_no, -1_171_217_378_123_557_259);
    assert_eq!(h.hero, h.player_index("559023"));
    assert_eq!(h.boards.len(), 2);
    assert_eq!((h.total_pot, h.rake), (276_800, 6000));

    // Run it three times after a flop all-in.
    let h = first_hand("PLO-6max-USD-2-5-202106.run.it.thrice.txt");
    assert_eq!(
        h.boards,
        vec![
            cards("Js 5s Jd 7s 2s"),
            cards("Js 5s Jd 4d Qs"),
            cards("Js 5s Jd 4s Ts")
        ]
    );
    assert_eq!(
        h.collections.iter().map(|c| c.board).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );

    // A missed blind is dead money.
    let h = first_hand("PLO-6max-USD-5-10-202101.missed.txt");
    let p = h.player_index("d379b979").unwrap();
    let posts: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.player == p && a.street == POSTS)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        posts,
        vec![
            (ActionKind::DeadSmallBlind, 500),
            (ActionKind::BigBlind, 1000)
        ]
    );
}

#[test]
fn all_in_insurance_is_a_fee_outside_the_pot() {
    let path = corpus().join("cash/GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt");
    let h = parse_file(&path)
        .into_iter()
        .flatten()
        .find(|h| !h.cash_outs.is_empty())
        .unwrap();
    assert_eq!(h.site_hand_id, "OM181427480");
    let p = h.player_index("23aca38f").unwrap();
    assert_eq!(
        h.cash_outs,
        vec![CashOut {
            player: p,
            amount: 0,
            fee: 400
        }]
    );
    assert_eq!(h.collections.iter().map(|c| c.amount).sum::<Money>(), 3750);
    assert_eq!((h.total_pot, h.rake), (3750, 0));
}

/// Sidecars of the first hand (none exist for GGPoker today): site hand number, start time,
/// table, game type and players' seats, stacks and cards.
#[test]
fn sidecars_agree() {
    let mut compared = 0;
    for f in room_files() {
        let side = |ext: &str| -> Option<serde_json::Value> {
            let p = PathBuf::from(format!("{}.{ext}", f.display()));
            serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok()
        };
        let (hands, gt, hp) = (side("hands.json"), side("gt.json"), side("hp.json"));
        if hands.is_none() && gt.is_none() && hp.is_none() {
            continue;
        }
        compared += 1;
        let h = parse_file(&f).into_iter().next().unwrap().unwrap();
        let chips = if h.game.kind == GameKind::Tour {
            100
        } else {
            1
        };
        if let Some(v) = hands {
            assert_eq!(
                v["siteHandNo"].as_str(),
                Some(h.site_hand_no.to_string().as_str())
            );
            let t = h.start_time.format("%Y-%m-%dT%H:%M:%SZ").to_string();
            assert_eq!(v["startTime"].as_str(), Some(t.as_str()));
        }
        if let Some(v) = gt {
            let g = &h.game;
            assert_eq!(v[1].as_str(), Some(g.currency.as_str()));
            assert_eq!(v[2].as_str(), Some(g.kind.as_str()));
            assert_eq!(v[3].as_str(), Some(g.base.as_str()));
            assert_eq!(v[4].as_str(), Some(g.category.as_str()));
            assert_eq!(v[5].as_str(), Some(g.limit_type.as_str()));
            assert_eq!(v[8].as_i64().map(|x| x / chips), Some(g.small_blind));
            assert_eq!(v[9].as_i64().map(|x| x / chips), Some(g.big_blind));
        }
        if let Some(v) = hp {
            let rows = derive(&h).unwrap();
            for r in &rows.players {
                let pl = &h.players[r.player];
                let s = &v[pl.name.as_str()];
                assert_eq!(s["seatNo"].as_i64(), Some(i64::from(pl.seat)));
                assert_eq!(s["startCash"].as_i64().map(|x| x / chips), Some(pl.stack));
                for (i, c) in r.cards.iter().enumerate() {
                    assert_eq!(s[format!("card{}", i + 1)].as_i64(), Some(i64::from(*c)));
                }
            }
        }
    }
    println!("{compared} GGPoker files with sidecars compared");
}

/// Damaged hands (a line dropped, repeated or cut anywhere) give errors, never a panic.
#[test]
fn damaged_hands_never_panic() {
    let mut hands = Vec::new();
    for f in room_files() {
        let text = text_of(&f);
        for c in fpdb_core::split::chunks(&text).take(4) {
            hands.push(c.text.to_string());
        }
    }
    let mut parsed = 0;
    for hand in &hands {
        let lines: Vec<&str> = hand.lines().collect();
        for i in 0..lines.len() {
            let mut variants = vec![
                [&lines[..i], &lines[i + 1..]].concat().join("\n"),
                [&lines[..=i], &lines[i..]].concat().join("\n"),
            ];
            let line = lines[i];
            for (cut, _) in line.char_indices().skip(1).step_by(2) {
                let mut v: Vec<&str> = lines.clone();
                v[i] = &line[..cut];
                variants.push(v.join("\n"));
            }
            for v in &variants {
                for r in fpdb_core::parse_history(v) {
                    if let Ok(h) = r {
                        let _ = derive(&h);
                    }
                    parsed += 1;
                }
            }
        }
    }
    assert!(parsed > 1000);
}

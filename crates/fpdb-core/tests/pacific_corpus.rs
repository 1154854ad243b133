//! The 888poker parser against the corpus (`shared/corpus/{cash,tour}/PacificPoker`).
//!
//! - every hand of every file parses (the few that cannot are listed with their reason and
//!   error kind), each is detected as 888poker, and no other room's file yields an 888poker
//!   hand;
//! - money adds up in every cash hand: Σ collections + rake + cashed-out pot = total pot, the
//!   money the actions put in less the returns = total pot − added money, every return goes to
//!   the last aggressor of its street, and the derived statistics agree (Σ winnings + rake =
//!   total pot, Σ totalProfit = −rake, cash-outs accounted for);
//! - the first hand of several files, checked by hand against the text (the corpus has no
//!   sidecar for 888poker; a sidecar added later is compared too);
//! - per-file counts are printed (`cargo test --test pacific_corpus -- --nocapture`).

use std::path::{Path, PathBuf};

use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::model::*;
use fpdb_core::stats::derive;

const SITE: &str = "888poker";
const DIRS: &[&str] = &["cash/PacificPoker", "tour/PacificPoker"];

/// Hands that cannot be read, by design: (file name, hand id or "" for the file, kind, why).
const EXPECTED_FAILURES: &[(&str, &str, ErrorKind, &str)] = &[
    (
        "888-LHE-HU-USD-10-20-201202.cancelled.hand.txt",
        "414375633",
        ErrorKind::Cancelled,
        "the big blind left before posting: one player posted, no cards were dealt",
    ),
    (
        "NLHE-USD-50.00-100.00-201406.blank.player.names.txt",
        "315882986",
        ErrorKind::Malformed,
        "both seats have an empty name: the actions cannot be told apart",
    ),
];

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
    EXPECTED_FAILURES.iter().find_map(|&(f, id, kind, why)| {
        (f == file
            && kind == e.kind
            && e.site_hand_no.map(|n| n.to_string()).as_deref() == Some(id))
        .then_some(why)
    })
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
    println!("888poker: {total_ok} hands parsed, {total_err} failed");
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    assert_eq!(total_err, EXPECTED_FAILURES.len());
    assert_eq!(total_ok, 317);
}

#[test]
fn other_rooms_are_not_read_as_888poker() {
    let mut files = Vec::new();
    for top in ["cash", "tour", "summaries", "unsupported-sites"] {
        let Ok(entries) = std::fs::read_dir(corpus().join(top)) else {
            continue;
        };
        for e in entries.flatten() {
            if e.file_name() != "PacificPoker" {
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
    assert!(wrong.is_empty(), "detected as 888poker: {wrong:?}");
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

fn hand(file: &str, id: i64) -> Hand {
    let path = DIRS
        .iter()
        .map(|d| corpus().join(d).join("Flop").join(file))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("{file} not in the corpus"));
    parse_file(&path)
        .into_iter()
        .flatten()
        .find(|h| h.site_hand_no == id)
        .unwrap_or_else(|| panic!("hand {id} of {file}"))
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
    // The all-in big blind: Hero's unmatched $10 comes back as a "collected" line of its own.
    let h = hand("888-FHE-USD-5-10-201203.all.in.blind.txt", 418_361_264);
    assert_eq!(h.site_hand_id, "418361264");
    assert_eq!(h.start_time.to_rfc3339(), "2012-03-04T15:32:21+00:00");
    assert_eq!(
        (h.table_name.as_str(), h.max_seats, h.button_seat),
        ("Hokkaido", None, Some(6))
    );
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type),
        (GameKind::Ring, Category::Holdem, LimitType::FixedLimit)
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.small_bet, g.big_bet),
        (500, 1000, 1000, 2000)
    );
    assert_eq!(g.currency, "USD");
    assert_eq!(by_name(&h, "Player1").stack, 172_825);
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("Td Qd"));
    assert_eq!(by_name(&h, "Player0").cards, cards("2c Ts"));
    assert_eq!(h.boards, vec![cards("8s As 2d 6h 5d")]);
    assert_eq!((h.total_pot, h.rake), (2500, 125));
    assert_eq!(h.collections.len(), 1);
    assert_eq!(h.returned[0].amount, 1000);

    // Swedish: non-breaking spaces between thousands, Kn/D/E ranks; summer time (BST).
    let h = hand("PLO-6max-USD-25-50-201604.Swedish.txt", 873_818_904);
    assert_eq!(h.start_time.to_rfc3339(), "2016-04-21T15:34:37+00:00");
    assert_eq!(
        (h.max_seats, h.game.category, h.game.limit_type),
        (Some(6), Category::OmahaHi, LimitType::PotLimit)
    );
    assert_eq!(by_name(&h, "Player0").stack, 500_000);
    assert_eq!(by_name(&h, "Hero").cards, cards("Tc Jh 9h 9c"));
    assert_eq!(by_name(&h, "Player0").cards, cards("Ac Jd 4c Kh"));
    assert!(by_name(&h, "Player0").mucked);
    assert_eq!(h.boards, vec![cards("3s 9d Ts Qd 3c")]);
    assert_eq!((h.total_pot, h.rake), (675_000, 100));

    // Dutch: "$ 3.243" is 3,243 dollars; H/V/B ranks.
    let h = hand("888-PLO-USD-10.00-20.00-201405.dutch.txt", 305_277_727);
    assert_eq!(by_name(&h, "Player0").stack, 324_300);
    assert_eq!(by_name(&h, "Player2").stack, 55_272);
    assert_eq!(by_name(&h, "Hero").cards, cards("Kc 8h Td 6h"));
    assert_eq!(h.boards, vec![cards("7c Kh Ts Qs 6s")]);

    // Russian ranks read from a Windows-1252 file.
    let h = hand(
        "888-NLHE-USD-0.02-0.04-201107.russian.cards.txt",
        103_581_731,
    );
    assert_eq!(h.boards, vec![cards("9s Jh 2s 5h Qc")]);
    assert_eq!(by_name(&h, "Player1").cards, cards("8c Ac"));
    assert_eq!((h.game.small_blind, h.game.big_blind), (2, 4));

    // Both blinds posted late: the small one is dead; the shove is returned above the big blind.
    let h = hand(
        "888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt",
        332_877_236,
    );
    let p = h.player_index("Player1").unwrap();
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p && a.kind == ActionKind::BothBlinds && a.amount == 3));
    assert_eq!(by_name(&h, "Hero").cards, cards("8s Qs"));
    assert_eq!((h.total_pot, h.rake, h.returned[0].amount), (8, 0, 36));

    // Play money is printed (and stored) with cents.
    let h = hand("888-FLH-PM-1.00-2.00-stacks_over_1k.txt", 440_726_740);
    assert_eq!(
        (
            h.game.currency.as_str(),
            h.game.small_blind,
            h.game.big_blind
        ),
        ("play", 50, 100)
    );
    assert_eq!(by_name(&h, "tito474").stack, 3_948_356);

    // A jackpot table: the fee is in the rake.
    let h = hand(
        "NLHE-10max-USD-0.50-1.00-201607.jackpot.table.txt",
        548_154_959,
    );
    assert_eq!((h.max_seats, h.total_pot, h.rake), (Some(10), 600, 30));
    assert_eq!(h.start_time.to_rfc3339(), "2016-07-04T01:30:27+00:00");

    // 888.ro freeroll: no date, dots between thousands of chips, "Free" buy-in.
    let h = hand("NLHE-10max-FREE-201901.txt", 1_059_729_553);
    assert_eq!(h.start_time.timestamp(), 0);
    let g = &h.game;
    assert_eq!(
        (
            g.kind,
            g.currency.as_str(),
            g.small_blind,
            g.big_blind,
            g.ante
        ),
        (GameKind::Tour, "T$", 3000, 6000, 750)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (133_191_603, 0, 0, "FREE")
    );
    assert_eq!(
        (h.table_name.as_str(), h.max_seats),
        ("133191603", Some(10))
    );
    assert_eq!(by_name(&h, "EVGooo").stack, 432_999);
    assert_eq!(h.collections[0].amount, 167_394);

    // Spanish suits: p = picas (spades), t = tréboles (clubs). Buy-in in euros.
    let h = hand("NLHE-6max-SNG-0.10-201206.hands.txt", 414_180_466);
    assert_eq!(by_name(&h, "Hero").cards, cards("7s 8c"));
    assert_eq!(h.boards, vec![cards("Kd 2s 5d")]);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.buyin, t.fee, t.currency.as_str(), t.table_no.as_deref()),
        (9, 1, "EUR", Some("1"))
    );
    assert_eq!(h.table_name, "39132902 1");

    // Five all-ins around a short big blind: the biggest stack's unmatched chips come back as his
    // own "collected" line.
    let h = hand(
        "NLHE-USD-MTT-0.90-201205.multiway.allin.blind.txt",
        384_830_704,
    );
    let p0 = h.player_index("Player0").unwrap();
    assert_eq!(
        h.returned,
        vec![Returned {
            street: 0,
            player: p0,
            amount: 2245
        }]
    );
    assert_eq!(
        h.collections.iter().map(|c| c.amount).sum::<Money>(),
        h.total_pot
    );
    assert_eq!((h.total_pot, h.rake), (22_885, 0));

    // A player who folds between the blinds (refusing to post) is not dealt in.
    let h = hand("888-FLH-USD-0.02-0.04.txt", 311_162_064);
    assert!(by_name(&h, "SkiNNeR14").sitting_out);
    assert!(h
        .actions
        .iter()
        .all(|a| a.player != h.player_index("SkiNNeR14").unwrap()));
}

/// Sidecars of the first hand (none exist for 888poker today): site hand number, start time,
/// game type and players' seats, stacks and cards.
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
    println!("{compared} 888poker files with sidecars compared");
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

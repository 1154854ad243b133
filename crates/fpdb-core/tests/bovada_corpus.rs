//! The Bovada parser against the regression corpus (`shared/corpus/{cash,tour}/Bovada`) and
//! against the other rooms' files (none of which may be read as Bovada's).
//!
//! Files are read as an importer reads them: decode, normalise, split, parse. Run with
//! `--nocapture` to see the per-file counts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, HandResult};

const SITE: &str = "Bovada";
const DIRS: &[&str] = &["cash/Bovada", "tour/Bovada"];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_none_or(|x| x != "json" && x != "py") {
            out.push(p);
        }
    }
}

/// The files of a corpus directory, sorted, as paths relative to the corpus.
fn files(dir: &str) -> Vec<String> {
    let root = corpus();
    let mut out = Vec::new();
    walk(&root.join(dir), &mut out);
    let mut names: Vec<String> = out
        .iter()
        .filter_map(|p| p.strip_prefix(&root).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn read(rel: &str) -> String {
    let bytes = std::fs::read(corpus().join(rel)).unwrap();
    let (text, _) = fpdb_core::decode::decode(&bytes);
    fpdb_core::split::normalise(&text).into_owned()
}

fn parse_file(rel: &str) -> Vec<HandResult> {
    parse_history(&read(rel)).collect()
}

fn sum<I: IntoIterator<Item = Money>>(it: I) -> Money {
    it.into_iter().sum()
}

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Hands that do not parse, and why: (file name ending, site hand number, kind, reason).
const BROKEN: &[(&str, i64, ErrorKind, &str)] = &[
    (
        "LHE-USD-8-16-201204.old.format.txt",
        2596806815,
        ErrorKind::Malformed,
        "the summary is another hand's (an omaha board, $57.50 pot, when $100 went in)",
    ),
    (
        "NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt",
        3260004104,
        ErrorKind::Unfinished,
        "cut in the middle of a raise by the next hand's header",
    ),
];

/// Hands parsed per file when not one.
const COUNTS: &[(&str, usize)] = &[
    ("LHE-USD-8-16-201204.old.format.txt", 359),
    ("NLHE-6max-USD - $0.10-$0.25 - 202104.ZonePoker.txt", 277),
    (
        "NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both.txt",
        49,
    ),
    ("PLO-USD-5-10-201204.new.format.txt", 21),
    ("PLO8-9max-USD-0.02-0.05-201408.corrupted.lines.txt", 51),
    ("7-Stud-USD-2.00-4.00-201205.txt", 4),
    (
        "NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt",
        46,
    ),
    (
        "NLHE-6max-USD-STT - Hyper Turbo (500 Chips) - $25-$1.25 - 201706.txt",
        11,
    ),
    (
        "GSPO9 High Roller Tune-Up - $50.000 Gtd - $300-$25 - 202110.txt",
        84,
    ),
    (
        "Monthly Milly - $1.000.000 Guaranteed - TT$500-$35 - 202106.txt",
        164,
    ),
    (
        "Monthly Milly Satellite 10 Seats Gtd (Turbo) - $55-$5 - 202105.txt",
        94,
    ),
    ("7-Stud-USD-MTT - $10-$1 - 201206.txt", 40),
];

/// Every hand of every Bovada file parses, as Bovada's, except the broken
/// hands listed in [`BROKEN`] (which fail with the kind listed).
#[test]
fn every_bovada_file_parses() {
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut broken_seen = 0;
    for dir in DIRS {
        let names = files(dir);
        assert!(names.len() > 5, "{dir}: corpus not found");
        for rel in &names {
            let (mut ok, mut failed) = (0, 0);
            for r in parse_file(rel) {
                match r {
                    Ok(h) => {
                        assert_eq!(h.site, SITE, "{rel}");
                        ok += 1;
                    }
                    Err(e) => {
                        let known = BROKEN.iter().find(|b| {
                            rel.ends_with(b.0) && Some(b.1) == e.site_hand_no && b.2 == e.kind
                        });
                        match known {
                            Some(b) => {
                                println!(
                                    "  {rel} #{}: {:?} ({}): {}",
                                    b.1,
                                    b.2,
                                    b.3,
                                    e.full_message()
                                );
                                broken_seen += 1;
                                failed += 1;
                            }
                            None => panic!("{rel}: {:?} {}", e.kind, e.full_message()),
                        }
                    }
                }
            }
            let expected = COUNTS
                .iter()
                .find(|c| rel.ends_with(c.0))
                .map_or(1, |c| c.1);
            println!("{rel}: {ok} parsed, {failed} failed");
            assert_eq!(ok, expected, "{rel}");
            let t = totals.entry(dir).or_default();
            t.0 += ok;
            t.1 += failed;
        }
    }
    println!("{totals:?}");
    assert_eq!(broken_seen, 2);
    assert_eq!(totals["cash/Bovada"], (776, 1));
    assert_eq!(totals["tour/Bovada"], (452, 1));
}

/// Every file of every other room: no chunk is taken for a Bovada hand.
#[test]
fn other_rooms_are_not_read_as_bovada() {
    for kind in ["cash", "tour", "summaries", "unsupported-sites"] {
        let Ok(entries) = std::fs::read_dir(corpus().join(kind)) else {
            continue;
        };
        let mut dirs: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            if name == "Bovada" {
                continue;
            }
            let rel_dir = format!("{kind}/{name}");
            for rel in files(&rel_dir) {
                let text = read(&rel);
                for c in fpdb_core::split::chunks(&text) {
                    let room = c.room.map(|r| r.site());
                    assert_ne!(room, Some(SITE), "{rel} line {}", c.first_line);
                }
            }
        }
    }
}

/// The corpus has no expected-value sidecars (`.hp.json`, `.hands.json`, `.gt.json`) for this
/// room: should some appear, they must be compared here.
#[test]
fn no_sidecars_to_compare() {
    let root = corpus();
    let mut found = Vec::new();
    for dir in DIRS {
        let mut all = Vec::new();
        let Ok(_) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        fn json(dir: &Path, out: &mut Vec<PathBuf>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    json(&p, out);
                } else if p.extension().is_some_and(|x| x == "json") {
                    out.push(p);
                }
            }
        }
        json(&root.join(dir), &mut all);
        found.extend(all);
    }
    assert!(found.is_empty(), "sidecars to compare: {found:?}");
}

fn all_hands() -> Vec<(String, Hand)> {
    let mut out = Vec::new();
    for dir in DIRS {
        for rel in files(dir) {
            for h in parse_file(&rel).into_iter().flatten() {
                out.push((rel.clone(), h));
            }
        }
    }
    out
}

/// The player who put the street's highest total in last, by a bet, raise or post: the one an
/// uncalled bet goes back to.
fn last_aggressor(h: &Hand, street: i8) -> Option<PlayerIdx> {
    let mut totals = vec![0 as Money; h.players.len()];
    let mut max = 0;
    let mut who = None;
    for a in &h.actions {
        let s = a.street.max(0);
        if s != street {
            continue;
        }
        if matches!(a.kind, ActionKind::Ante | ActionKind::DeadSmallBlind) {
            continue;
        }
        totals[a.player] += a.amount;
        if totals[a.player] > max {
            max = totals[a.player];
            who = Some(a.player);
        }
    }
    who
}

/// Money adds up in every hand; every uncalled bet goes back to the street's last aggressor.
#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands();
    assert!(hands.len() > 100);
    let mut bad = Vec::new();
    for (rel, h) in &hands {
        let id = format!("{rel} #{}", h.site_hand_no);
        let collected = sum(h.collections.iter().map(|c| c.amount));
        if collected + h.rake + h.cashed_out_pot != h.total_pot {
            bad.push(format!(
                "{id}: collections {collected} + rake {} != total pot {}",
                h.rake, h.total_pot
            ));
        }
        let put_in = sum(h.actions.iter().map(|a| a.amount));
        let returned = sum(h.returned.iter().map(|r| r.amount));
        if put_in - returned != h.total_pot - h.pot_added {
            bad.push(format!(
                "{id}: put in {put_in} - returned {returned} != total pot {}",
                h.total_pot
            ));
        }
        if h.pot_added != 0 {
            bad.push(format!("{id}: the room adds no money"));
        }
        for r in &h.returned {
            if r.amount <= 0 || Some(r.player) != last_aggressor(h, r.street) {
                bad.push(format!(
                    "{id}: uncalled bet {r:?} not to the last aggressor"
                ));
            }
        }
        if h.game.kind == GameKind::Tour && h.rake != 0 {
            bad.push(format!("{id}: rake in a tournament"));
        }
        if h.rake < 0 || h.rake * 10 > h.total_pot.max(1) * 2 {
            bad.push(format!("{id}: rake {} of {}", h.rake, h.total_pot));
        }
    }
    for b in &bad {
        println!("{b}");
    }
    assert!(bad.is_empty(), "{} problems", bad.len());
}

/// Two hands share a site hand number only when they are the same hand (some corpus files are
/// there twice): the mapping from printed ids is injective.
#[test]
fn hand_numbers_identify_hands() {
    let mut seen: BTreeMap<i64, (String, String)> = BTreeMap::new();
    for (rel, h) in all_hands() {
        let key = (h.site_hand_id.clone(), h.start_time.to_rfc3339());
        if let Some(prev) = seen.insert(h.site_hand_no, key.clone()) {
            assert_eq!(prev, key, "{rel}: #{} names two hands", h.site_hand_no);
        }
    }
}

/// The derived statistics accept every hand, and their money agrees with the room's.
#[test]
fn statistics_agree_with_the_room() {
    let mut bad = Vec::new();
    for (rel, h) in all_hands() {
        let id = format!("{rel} #{}", h.site_hand_no);
        let rows = match fpdb_core::stats::derive(&h) {
            Ok(rows) => rows,
            Err(e) => {
                bad.push(format!("{id}: derive failed: {e}"));
                continue;
            }
        };
        let winnings = sum(rows.players.iter().map(|p| p.winnings));
        let profit = sum(rows.players.iter().map(|p| p.total_profit));
        if winnings + h.rake != h.total_pot {
            bad.push(format!(
                "{id}: Σ winnings {winnings} + rake {} != pot {}",
                h.rake, h.total_pot
            ));
        }
        let expected = if h.game.kind == GameKind::Ring {
            -h.rake
        } else {
            0
        };
        if profit != expected {
            bad.push(format!("{id}: Σ totalProfit {profit} != {expected}"));
        }
    }
    for b in &bad {
        println!("{b}");
    }
    assert!(bad.is_empty(), "{} problems", bad.len());
}

/// Every hand has a hero (the corpus files were all written for a player), except those
/// observed or mined.
#[test]
fn heroes_and_cards() {
    for (rel, h) in all_hands() {
        let id = format!("{rel} #{}", h.site_hand_no);
        let Some(hero) = h.hero else {
            panic!("{id}: no hero");
        };
        let cards = &h.players[hero].cards;
        if h.players[hero].sitting_out && cards.is_empty() {
            continue; // the hero sat this hand out
        }
        let expected = h.game.category.hand_size();
        match h.game.base {
            Base::Stud => assert!(cards.len() >= 3 && cards.len() <= 7, "{id}"),
            _ => assert_eq!(cards.len(), expected, "{id}: hero cards {cards:?}"),
        }
        assert!(
            cards.iter().take(2).all(|c| c.is_known()),
            "{id}: hero cards {cards:?}"
        );
        for b in &h.boards {
            assert!(b.len() >= 3 && b.len() <= 5, "{id}: board {b:?}");
        }
    }
}

fn hand(rel: &str, no: i64) -> Hand {
    parse_file(rel)
        .into_iter()
        .flatten()
        .find(|h| h.site_hand_no == no)
        .unwrap_or_else(|| panic!("{rel}: no hand #{no}"))
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn kinds(h: &Hand, street: i8) -> Vec<ActionKind> {
    h.actions
        .iter()
        .filter(|a| a.street == street)
        .map(|a| a.kind)
        .collect()
}

#[test]
fn positions_are_named_by_seat_and_mvs_ids_are_kept() {
    let h = hand(
        "cash/Bovada/Flop/NLHE-USD - $0.25-$0.50 - 202103.MVS.version.txt",
        4086249181,
    );
    let names: Vec<&str> = h.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "P1-d07e9231948e51d3174b777a4673828d",
            "P2-44fbd5113ff5581f5a26b0ba89c64fce",
            "Hero",
            "P4-4be1435659dd6477e8716fba5499e672",
            "P6-0bce045b1715d3fe9f17816328eec5e2"
        ]
    );
    assert_eq!(h.hero, Some(2));
    // The dealer's seat (5) is empty.
    assert_eq!(h.button_seat, Some(5));
    // "[MVS] - ... UTC": the printed zone.
    assert_eq!(h.start_time.to_rfc3339(), "2021-03-11T22:58:57+00:00");
    // A main and a side pot, both to the hero; the room kept $3.
    assert_eq!(h.collections.len(), 2);
    assert_eq!((h.total_pot, h.rake), (22_221, 300));
    // "All-in $39" after the hero's turn bet: a bet; "All-in $32.95": a call for less.
    let turn: Vec<_> = h.actions.iter().filter(|a| a.street == 2).collect();
    assert_eq!(turn[1].kind, ActionKind::Bet);
    assert_eq!(turn[2].kind, ActionKind::Call);
    assert!(turn[1].all_in && turn[2].all_in);

    let h = hand(
        "cash/Bovada/Flop/NLHE-6max-USD - $0.10-$0.25 - 202104.ZonePoker.txt",
        4101241030,
    );
    assert!(h.game.fast);
    assert_eq!(h.table_name, "Zone Poker ID 1708");
    assert_eq!(h.players[h.hero.unwrap()].name, "Hero");
    assert!(h
        .players
        .iter()
        .filter(|p| p.name != "Hero")
        .all(|p| p.name.starts_with("Seat ")));
    // No zone printed: US/Eastern.
    assert_eq!(h.start_time.to_rfc3339(), "2021-04-11T05:51:42+00:00");
}

#[test]
fn fast_fold_hands_with_an_empty_summary() {
    let h = hand(
        "cash/Bovada/Flop/NLHE-6max-USD - $0.10-$0.25 - 202104.ZonePoker.txt",
        4101241126,
    );
    // No "Total Pot": the pot is what went in, the rake what nobody collected.
    assert_eq!((h.total_pot, h.rake), (160, 8));
    assert_eq!(
        h.boards,
        vec![["6c", "9h", "Qs", "3c", "9s"].map(card).to_vec()]
    );
    assert!(h.players.iter().any(|p| p.mucked));
}

#[test]
fn streets_without_street_lines() {
    // 2012: no board lines at all; the flop starts when the small blind bets after the
    // preflop round is complete, and the board is the summary's.
    let h = hand(
        "cash/Bovada/Flop/LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt",
        2599656336,
    );
    assert_eq!(h.game.limit_type, LimitType::FixedLimit);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (1000, 2000, 4000)
    );
    assert_eq!(kinds(&h, 1), [ActionKind::Bet, ActionKind::Fold]);
    let both = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BothBlinds)
        .unwrap();
    assert_eq!(both.amount, 3000);
    assert_eq!(h.returned[0].street, 1);
    assert_eq!(h.boards[0].len(), 3);
    // "Raises $40": the 2012 format prints the raise's total.
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!(raise.raise_to, Some(4000));

    // "Card dealt to table [..]" marks the streets of the other 2012 files.
    let h = hand(
        "cash/Bovada/Flop/LHE-USD-8-16-201204.old.format.txt",
        2596777580,
    );
    assert_eq!(kinds(&h, 3), [ActionKind::Bet, ActionKind::Fold]);
    // The hero sat this hand out: he is the hero, not dealt in.
    let hero = &h.players[h.hero.unwrap()];
    assert!(hero.sitting_out && hero.cards.is_empty());

    // Two checks in a row by the big blind: his option, then the flop.
    let h = hand(
        "cash/Bovada/Flop/PLO-USD-5-10-201204.new.format.txt",
        2601408198,
    );
    assert_eq!(kinds(&h, 0).last(), Some(&ActionKind::Check));
    assert_eq!(kinds(&h, 1)[0], ActionKind::Check);
    assert_eq!(
        kinds(&h, 3),
        [ActionKind::Bet, ActionKind::Fold, ActionKind::Fold]
    );
}

#[test]
fn a_live_post_to_come_in() {
    // "UTG : Posts chip $5" then "Calls $5": the post was live.
    let h = hand(
        "cash/Bovada/Flop/PLO-USD-5-10-201204.new.format.txt",
        2601409566,
    );
    let post = h
        .actions
        .iter()
        .find(|a| a.street == -1 && a.player == 0)
        .unwrap();
    assert_eq!((post.kind, post.amount), (ActionKind::BigBlind, 500));
    assert_eq!(h.total_pot, 62_000);
    assert_eq!(kinds(&h, 1)[0], ActionKind::Bet);
}

#[test]
fn stud_streets_from_the_cards_dealt() {
    let h = hand(
        "cash/Bovada/Stud/7-Stud-USD-2.00-4.00-201205.txt",
        2604291577,
    );
    assert_eq!(h.game.category, Category::StudHi);
    // Bets of 5 and 10 cents ("D bets $0.10" is a double bet on fourth street).
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (0, 5, 10)
    );
    assert_eq!(h.game.ante, 1);
    let bring = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BringIn)
        .unwrap();
    assert_eq!((bring.street, bring.amount), (0, 2));
    assert_eq!(
        kinds(&h, 3),
        [ActionKind::Check, ActionKind::Bet, ActionKind::Fold]
    );
    let p0 = &h.players[0];
    assert_eq!(p0.cards, ["Qc", "7c", "3d", "3c", "8h"].map(card).to_vec());

    let h = hand(
        "cash/Bovada/Stud/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt",
        2844383701,
    );
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!((h.game.big_blind, h.game.ante), (500, 125));
    let complete = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Complete)
        .unwrap();
    assert_eq!(complete.raise_to, Some(500));
    let hero = &h.players[h.hero.unwrap()];
    assert_eq!(hero.name, "Hero");
    assert_eq!(hero.cards.len(), 7);
    // Split pot, hi and lo.
    assert_eq!(h.collections.len(), 2);
}

#[test]
fn tournaments() {
    let h = hand(
        "tour/Bovada/Flop/NLHE-9max-USD-MTT - $25-$2.50 - 202104.Ignititon.MVS.txt",
        4300979169,
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        t.tourney_no,
        39 * 100_000_000_000_000_000 + 20_210_422_003_411
    );
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (2500, 250, "USD"));
    assert_eq!(t.level.as_deref(), Some("7"));
    assert_eq!(h.table_name, "M-20210422003411 18");
    // "Seat 65: ..." are player numbers; "Seating Info" gives the seats.
    let seats: Vec<u8> = h.players.iter().map(|p| p.seat).collect();
    assert_eq!(seats, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(h.button_seat, Some(5));
    assert_eq!(h.players[4].name, "P64-478b7837203149a093aa198cfc4bbcb6");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (75, 150, 15)
    );
    assert_eq!(h.game.currency, "T$");

    // Entry numbers where the seats go, without "Seating Info": the seats are the lines' ranks.
    let h = hand(
        "tour/Bovada/Flop/NLHE-9max-USD-MTT - Monthly Milly - $1.000.000 Guaranteed - TT$500-$35 - 202106.txt",
        4328077653,
    );
    assert_eq!(h.players.len(), 9);
    assert_eq!(h.players[3].seat, 4);
    assert_eq!(h.button_seat, Some(4));

    // Places and prizes.
    let h = hand(
        "tour/Bovada/Flop/NLHE-9max-USD-STT - $3-$0.30 - 201601.repeat.actions.ok.txt",
        3325979755,
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(t.results.len(), 4);
    let winner = t
        .results
        .iter()
        .find(|r| h.players[r.player].name == "Hero")
        .unwrap();
    assert_eq!((winner.place, winner.prize), (1, Some(900)));
    // "UTG+1 : All-in 125" against a big blind of 400: a call for less.
    let call = h.actions.iter().find(|a| a.amount == 125).unwrap();
    assert_eq!(call.kind, ActionKind::Call);
    assert!(call.all_in);
    assert_eq!(h.collections.len(), 2);
}

#[test]
fn all_in_blinds_and_antes() {
    let h = hand(
        "tour/Bovada/Flop/NLHE-9max-USD - $10-$0.60 - 201212.all.in.blind.antes.txt",
        2701691320,
    );
    let bb = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BigBlind)
        .unwrap();
    assert_eq!(bb.amount, 237);
    assert!(bb.all_in);
    let h = hand(
        "cash/Bovada/Flop/NLHE-USD-ZONE - $0.02-$0.05 - 201411.Allin.blind.txt",
        2949203894,
    );
    assert_eq!((h.game.small_blind, h.game.big_blind), (2, 5));
    assert_eq!(h.returned[0].amount, 3);
    assert_eq!((h.total_pot, h.rake), (4, 0));
}

#[test]
fn repeated_lines_are_read_once() {
    let rel =
        "tour/Bovada/Flop/NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt";
    let h = hand(rel, 3152357958);
    assert_eq!(
        h.actions
            .iter()
            .filter(|a| a.kind == ActionKind::Raise)
            .count(),
        1
    );
    let h = hand(rel, 3152355148);
    assert_eq!(kinds(&h, 1), [ActionKind::Bet, ActionKind::Call]);
    assert_eq!(h.collections.len(), 2);
    assert_eq!(h.total_pot, 3260);
}

#[test]
fn a_header_glued_to_a_cut_line() {
    let hands = parse_file("tour/Bovada/Flop/NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt");
    assert_eq!(hands.len(), 2);
    let e = hands[0].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    let h = hands[1].as_ref().unwrap();
    assert_eq!(h.site_hand_no, 3260003105);
    assert_eq!(h.site_hand_id, "3260003105");
}

#[test]
fn skins() {
    for (rel, no) in [
        (
            "cash/Bovada/Flop/NLHE-6max-USD - $0.25-$0.50 - 201804.bodog.eu.txt",
            0,
        ),
        ("cash/Bovada/Flop/NLHE-USD-$2-$4-201209.Bodog.UK.txt", 0),
        (
            "cash/Bovada/Flop/NLHE-USD - $0.25-$0.50 - 201608.Ignition.txt",
            0,
        ),
    ] {
        let hands = parse_file(rel);
        let h = hands[no].as_ref().unwrap();
        assert_eq!(h.site, "Bovada", "{rel}");
    }
}

//! The Winning Poker Network parser against the regression corpus (`shared/corpus/{cash,tour}/
//! Winning`) and against the other rooms' files (none of which may be read as Winning's).
//!
//! Files are read as an importer reads them: decode, normalise, split, parse. Run with
//! `--nocapture` to see the per-file counts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, HandResult};

const SITE: &str = "Winning Poker Network";
const DIRS: &[&str] = &["cash/Winning", "tour/Winning"];
/// Old-format ids are stored plus 10^17 (they are another counter than the new format's).
const OLD: i64 = 100_000_000_000_000_000;

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
        "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
        OLD + 693976187,
        ErrorKind::Unfinished,
        "the file stops after the second hand's seat list",
    ),
    (
        "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
        OLD + 665312038,
        ErrorKind::Malformed,
        "the room printed a player's actions without his name (\"Player  has big blind (2)\")",
    ),
    (
        "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
        OLD + 665307190,
        ErrorKind::Malformed,
        "the room printed a player's actions without his name",
    ),
    (
        "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt",
        OLD + 547441485,
        ErrorKind::Malformed,
        "a player without a name and without a seat antes and goes all-in",
    ),
    (
        "PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt",
        OLD + 727152195,
        ErrorKind::Malformed,
        "garbled: the uncalled bet goes back to a player who folded, who then wins the pot",
    ),
];

/// Hands parsed per file when not one.
const COUNTS: &[(&str, usize)] = &[
    ("7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", 1),
    ("NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt", 3),
    ("NLHE-9max-play-5.00-10.00-201608.HH00000000 G0.txt", 12),
    ("PLO-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt", 2),
    ("NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt", 2),
    ("PLO8-6max-USD-0.10-0.25-201608.HH00000000 G0.txt", 5),
    ("7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", 4),
    (
        "NLHE-2max-USD-2.40 HH00000000 T5732551-G0-201608.Hyper.txt",
        10,
    ),
    (
        "NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt",
        52,
    ),
    (
        "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
        0,
    ),
    (
        "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt",
        0,
    ),
    (
        "PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt",
        0,
    ),
];

/// Every hand of every Winning file parses, as the Winning Poker Network's, except the broken
/// hands listed in [`BROKEN`] (which fail with the kind listed).
#[test]
fn every_winning_file_parses() {
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
    // Some files are in the corpus twice (at the top and under Flop/ or Stud/).
    assert_eq!(broken_seen, 9);
    assert_eq!(totals["cash/Winning"], (70, 8));
    assert_eq!(totals["tour/Winning"], (70, 1));
}

/// Every file of every other room: no chunk is taken for a Winning hand.
#[test]
fn other_rooms_are_not_read_as_winning() {
    for kind in ["cash", "tour", "summaries", "unsupported-sites"] {
        let Ok(entries) = std::fs::read_dir(corpus().join(kind)) else {
            continue;
        };
        let mut dirs: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            if name == "Winning" && kind != "summaries" {
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
            assert!(
                rel.contains("no.hero") || rel.contains("data.mined") || rel.contains("T9360380"),
                "{id}: no hero"
            );
            continue;
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

#[test]
fn old_format_stud_hi_lo() {
    let h = hand(
        "cash/Winning/Stud/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
        OLD + 693975843,
    );
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!(h.game.limit_type, LimitType::FixedLimit);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (0, 100, 200)
    );
    assert_eq!(h.game.ante, 15);
    assert_eq!(h.table_name, "(PRR) La Llorona - 3");
    // "Pot: 7.05. Rake 0.14. JP fee 0.06": the pot is printed after the fees.
    assert_eq!((h.total_pot, h.rake), (725, 20));
    let hero = &h.players[h.hero.unwrap()];
    assert_eq!(hero.name, "ChazDazzle");
    let shown: Vec<Card> = ["6h", "Td", "2c", "As", "7d", "4d", "9s"]
        .map(card)
        .to_vec();
    assert_eq!(hero.cards, shown);
    // The other showing player's seventh card is only known from the showdown.
    let kick = &h.players[h.player_index("KickAzzJohnny").unwrap()];
    assert_eq!(kick.cards.len(), 7);
    assert_eq!(kick.cards[6], card("Ad"));
    assert!(kick.shown);
    // "Third street" is the fourth card: street 1.
    assert!(h
        .actions
        .iter()
        .any(|a| a.street == 1 && a.kind == ActionKind::Bet && a.amount == 100));
    let bring = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BringIn)
        .unwrap();
    assert_eq!((bring.street, bring.amount), (0, 40));
    // Split pot: both winners collect.
    assert_eq!(h.collections.len(), 2);
    // August 2 2016, 11:13:02 US/Eastern (daylight saving).
    assert_eq!(h.start_time.to_rfc3339(), "2016-08-02T15:13:02+00:00");
}

#[test]
fn old_format_straddle_and_late_posts() {
    let rel = "cash/Winning/Flop/NLHE-9max-play-5.00-10.00-201608.HH00000000 G0.txt";
    let h = hand(rel, OLD + 698327591);
    assert_eq!(h.game.currency, "play");
    let straddle = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Straddle)
        .unwrap();
    // Play money is printed in dollars and cents: kept in cents.
    assert_eq!(straddle.amount, 2000);
    let h = hand(rel, OLD + 698322413);
    // "posts (5)" then "calls (5)": a live post to come in.
    let post = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::BigBlind)
        .nth(1)
        .unwrap();
    assert_eq!(h.players[post.player].name, "barzop");
    assert_eq!(post.amount, 500);
    let call = h
        .actions
        .iter()
        .find(|a| a.player == post.player && a.street == 0)
        .unwrap();
    assert_eq!((call.kind, call.amount), (ActionKind::Call, 500));
    // All-ins print the chips they add: a call for less, a raise, a bet.
    let h = hand(rel, OLD + 698320846);
    let river: Vec<_> = h.actions.iter().filter(|a| a.street == 3).collect();
    assert_eq!(river[0].kind, ActionKind::Bet);
    assert_eq!(river[1].kind, ActionKind::Call);
    assert!(river[1].all_in && river[2].all_in);
    assert_eq!(h.returned[0].amount, 9308);
}

#[test]
fn old_format_capped_and_mucked_cards() {
    let h = hand(
        "cash/Winning/Flop/PLO-6max-USD-5.00-10.00-201504.capped.HH00000000 G0.txt",
        OLD + 406051551,
    );
    assert_eq!(h.game.limit_type, LimitType::CapPotLimit);
    let caps = h
        .actions
        .iter()
        .find(|a| a.street == 1 && a.amount == 25_388)
        .unwrap();
    assert_eq!(caps.kind, ActionKind::Raise);
    assert_eq!(caps.raise_to, Some(28_000));
    let hero = &h.players[h.hero.unwrap()];
    assert!(hero.mucked);
    assert_eq!(hero.cards[3], card("6c"));
    // A disconnected "allin" without an amount puts nothing in.
    let h = hand(
        "cash/Winning/Flop/PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt",
        OLD + 741631166,
    );
    assert_eq!(h.game.limit_type, LimitType::FixedLimit);
    assert_eq!((h.game.small_blind, h.game.big_blind), (2000, 4000));
    assert_eq!(h.collections.len(), 3);
}

#[test]
fn new_format_stud_and_fast_fold() {
    let h = hand(
        "cash/Winning/Stud/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt",
        85198832,
    );
    assert_eq!(h.table_name, "Gorham");
    assert_eq!(h.max_seats, Some(8));
    assert_eq!(h.button_seat, None);
    let hero = &h.players[h.hero.unwrap()];
    assert_eq!(
        hero.cards,
        ["As", "2s", "Qs", "3c", "8c", "5d", "Jc"]
            .map(card)
            .to_vec()
    );
    let p0 = &h.players[h.player_index("Player0").unwrap()];
    assert_eq!(p0.cards[..3], [Card::UNKNOWN, Card::UNKNOWN, card("7d")]);
    let complete = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Complete)
        .unwrap();
    assert_eq!(complete.raise_to, Some(4));
    assert_eq!((h.total_pot, h.rake), (37, 1));

    let h = hand(
        "cash/Winning/Flop/NLHE-6max-USD-0.05-0.10-201906.RUSHID-TN-Blitz Poker GAMETYPE.txt",
        68217077,
    );
    assert!(h.game.fast);
    assert_eq!(h.table_name, "Blitz Poker");
    assert_eq!(h.start_time.to_rfc3339(), "2019-06-28T02:38:17+00:00");
}

#[test]
fn new_format_dead_post_and_tournaments() {
    let h = hand(
        "cash/Winning/Flop/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt",
        784383001,
    );
    let both = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BothBlinds)
        .unwrap();
    assert_eq!(both.amount, 7);
    assert!(h.players.iter().filter(|p| p.sitting_out).count() == 2);
    assert_eq!(h.players.iter().filter(|p| p.shown).count(), 3);

    let h = hand("tour/Winning/NLHE-8max-NA-0-0-202207.GTD.txt", 1296393662);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(t.tourney_no, 27099516);
    assert_eq!(t.level.as_deref(), Some("10"));
    assert_eq!(t.table_no.as_deref(), Some("99"));
    assert_eq!(h.table_name, "27099516 99");
    assert_eq!(h.game.ante, 900);
    assert_eq!(h.game.currency, "T$");

    let h = hand(
        "tour/Winning/PLO8-9max-USD-15-201906.SITGOID-TN-$15 PLO Hi{BACKSLASH}Lo Turbo - On Demand GAMETYPE.txt",
        82980175,
    );
    // The cards drawn for the button are not the hero's hand.
    let hero = &h.players[h.hero.unwrap()];
    assert_eq!(hero.cards, ["Ks", "9h", "3d", "Th"].map(card).to_vec());
    assert_eq!(h.game.limit_type, LimitType::PotLimit);
}

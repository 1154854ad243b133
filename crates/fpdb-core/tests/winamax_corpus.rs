//! The Winamax parser against the regression corpus (`shared/corpus/{cash,tour}/Winamax`) and
//! against hand-written hands that exercise the format's quirks.
//!
//! The corpus is read as an importer reads it: decode, normalise, split, parse.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;
use fpdb_core::{parse_history, parse_one, HandResult};
use serde_json::Value;

const SITE: &str = "Winamax";
const DIRS: &[&str] = &["cash/Winamax", "tour/Winamax"];

fn corpus() -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ))
    .to_path_buf()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_none_or(|x| x != "json") {
            out.push(p);
        }
    }
}

/// The hand-history files under a corpus directory, as sorted paths relative to the corpus.
fn files(dir: &str) -> Vec<String> {
    let root = corpus();
    let mut out = Vec::new();
    walk(&root.join(dir), &mut out);
    let mut names: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
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

/// Hands that cannot be parsed, and why: (file, kind, reason).
const BROKEN: &[(&str, ErrorKind, &str)] = &[(
    "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
    ErrorKind::Malformed,
    "the room's history collects 10€ from a pot the actions put 9€ in (a post is missing)",
)];

/// Files holding more than one hand: (file, hands).
const MANY: &[(&str, usize)] = &[
    (
        "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt",
        2,
    ),
    (
        "tour/Winamax/Flop/20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt",
        17,
    ),
    ("tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt", 5),
    (
        "tour/Winamax/Flop/NLHE-Free-MTT-201103.Full.History.txt",
        27,
    ),
];

/// Every hand of every Winamax file parses, but the broken ones, which fail as listed; every
/// hand is a Winamax hand.
#[test]
fn every_winamax_file_parses() {
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for dir in DIRS {
        let names = files(dir);
        assert!(names.len() > 5, "{dir}: corpus not found");
        for rel in &names {
            let (mut parsed, mut failed) = (0, 0);
            for r in parse_file(rel) {
                match r {
                    Ok(h) => {
                        assert_eq!(h.site, SITE, "{rel}");
                        parsed += 1;
                    }
                    Err(e) => {
                        let known = BROKEN.iter().find(|b| b.0 == rel);
                        match known {
                            Some(&(_, kind, reason)) => {
                                assert_eq!(e.kind, kind, "{rel}: {}", e.full_message());
                                println!(
                                    "{rel}: {:?} as expected ({reason}): {}",
                                    e.kind,
                                    e.full_message()
                                );
                            }
                            None => panic!("{rel}: {:?} {}", e.kind, e.full_message()),
                        }
                        failed += 1;
                    }
                }
            }
            let expected_failed = BROKEN.iter().filter(|b| b.0 == rel).count();
            let expected_parsed = MANY
                .iter()
                .find(|m| m.0 == rel)
                .map_or(1 - expected_failed.min(1), |m| m.1);
            assert_eq!(
                (parsed, failed),
                (expected_parsed, expected_failed),
                "{rel}"
            );
            println!("{rel}: {parsed} parsed, {failed} failed");
            let t = totals.entry(dir).or_default();
            t.0 += parsed;
            t.1 += failed;
        }
    }
    println!("{totals:?}");
    assert_eq!(totals["cash/Winamax"], (25, 1));
    assert_eq!(totals["tour/Winamax"], (55, 0));
}

/// No other room's file is read as Winamax, and the summary files are not hands.
#[test]
fn other_rooms_are_not_winamax() {
    for top in ["cash", "tour", "summaries", "unsupported-sites"] {
        let mut paths = Vec::new();
        walk(&corpus().join(top), &mut paths);
        for p in paths {
            let rel = p
                .strip_prefix(corpus())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let bytes = std::fs::read(&p).unwrap();
            let (text, _) = fpdb_core::decode::decode(&bytes);
            let text = fpdb_core::split::normalise(&text);
            let mine = DIRS.iter().any(|d| rel.starts_with(d));
            for c in fpdb_core::split::chunks(&text) {
                let site = c.room.map(|r| r.site());
                if mine {
                    assert_eq!(site, Some(SITE), "{rel}: line {}", c.first_line);
                } else {
                    assert_ne!(
                        site,
                        Some(SITE),
                        "{rel}: line {} read as Winamax",
                        c.first_line
                    );
                }
            }
        }
    }
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

/// Live money of an action (what counts towards the amount to match on its street).
fn live(h: &Hand, a: &Action) -> Money {
    match a.kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => 0,
        ActionKind::BothBlinds => a.amount - a.amount.min(h.game.small_blind),
        _ => a.amount,
    }
}

/// The player who last raised the highest total of street `s` (blinds count on street 0).
fn last_aggressor(h: &Hand, s: i8) -> Option<PlayerIdx> {
    let mut totals = vec![0 as Money; h.players.len()];
    let (mut max, mut who) = (0, None);
    for a in h.actions.iter().filter(|a| a.street.max(0) == s) {
        totals[a.player] += live(h, a);
        if totals[a.player] > max {
            max = totals[a.player];
            who = Some(a.player);
        }
    }
    who
}

/// Money adds up in every hand: what the players put in, less what came back, is the pot; the
/// pot is what they took plus what the room took; an uncalled bet goes back to the player who
/// made it.
#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands();
    assert!(hands.len() > 70);
    for (rel, h) in &hands {
        let id = format!("{rel} #{}", h.site_hand_id);
        let collected = sum(h.collections.iter().map(|c| c.amount));
        assert_eq!(
            collected + h.rake + h.cashed_out_pot,
            h.total_pot,
            "{id}: collections + rake != total pot"
        );
        let put_in = sum(h.actions.iter().map(|a| a.amount));
        let returned = sum(h.returned.iter().map(|r| r.amount));
        assert_eq!(
            put_in - returned,
            h.total_pot - h.pot_added,
            "{id}: money in != pot"
        );
        assert!(h.rake >= 0 && h.total_pot >= 0, "{id}");
        for r in &h.returned {
            assert!(r.amount > 0, "{id}");
            assert_eq!(
                last_aggressor(h, r.street),
                Some(r.player),
                "{id}: returned to whom?"
            );
        }
        if h.game.kind == GameKind::Tour {
            assert_eq!(h.rake, 0, "{id}: rake in a tournament");
        }
    }
}

/// The statistics accept every hand, and their money matches the hand's.
#[test]
fn statistics_accept_every_hand() {
    for (rel, h) in all_hands() {
        let id = format!("{rel} #{}", h.site_hand_id);
        let rows = fpdb_core::stats::derive(&h).unwrap_or_else(|e| panic!("{id}: {e}"));
        let winnings = sum(rows.players.iter().map(|p| p.winnings));
        let profit = sum(rows.players.iter().map(|p| p.total_profit));
        let cashed = sum(h.cash_outs.iter().map(|c| c.amount));
        assert_eq!(
            winnings - cashed + h.rake + h.cashed_out_pot,
            h.total_pot,
            "{id}: winnings"
        );
        assert_eq!(profit - cashed, h.pot_added - h.rake, "{id}: profit");
    }
}

// ---------------------------------------------------------------------------------------------
// Sidecars
// ---------------------------------------------------------------------------------------------

/// The first hand of each file with a `.hp.json` sidecar: seats, stacks, cards, start cards and
/// the money the reference tracker stored.
#[test]
fn sidecars_agree() {
    let mut compared = 0;
    for dir in DIRS {
        for rel in files(dir) {
            let side = corpus().join(format!("{rel}.hp.json"));
            let Ok(json) = std::fs::read_to_string(&side) else {
                continue;
            };
            let side: BTreeMap<String, Value> = serde_json::from_str(&json).unwrap();
            let h = parse_file(&rel).remove(0).unwrap();
            let rows = fpdb_core::stats::derive(&h).unwrap();
            for (name, v) in &side {
                let p = h
                    .player_index(name)
                    .unwrap_or_else(|| panic!("{rel}: {name} missing"));
                let pl = &h.players[p];
                assert_eq!(
                    i64::from(pl.seat),
                    v["seatNo"].as_i64().unwrap(),
                    "{rel} {name}"
                );
                assert_eq!(pl.stack, v["startCash"].as_i64().unwrap(), "{rel} {name}");
                for (k, c) in pl.cards.iter().enumerate() {
                    let theirs = v[format!("card{}", k + 1)].as_i64().unwrap();
                    assert_eq!(i64::from(c.code()), theirs, "{rel} {name} card{}", k + 1);
                }
                if let Some(row) = rows.players.iter().find(|r| r.player == p) {
                    assert_eq!(
                        row.winnings,
                        v["winnings"].as_i64().unwrap(),
                        "{rel} {name}"
                    );
                    assert_eq!(
                        row.total_profit,
                        v["totalProfit"].as_i64().unwrap(),
                        "{rel} {name}"
                    );
                    if h.game.category == Category::Holdem {
                        let theirs = v["startCards"].as_i64().unwrap();
                        let ours = row.start_cards.map_or(0, |s| i64::from(s) + 1);
                        assert_eq!(ours, theirs, "{rel} {name} startCards");
                    }
                }
                compared += 1;
            }
            println!("{rel}: {} players compared", side.len());
        }
    }
    assert!(compared >= 27, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Facts of particular files
// ---------------------------------------------------------------------------------------------

fn first(rel: &str) -> Hand {
    parse_file(rel).remove(0).unwrap()
}

fn name(h: &Hand, p: PlayerIdx) -> &str {
    &h.players[p].name
}

#[test]
fn cash_game_header_table_and_time() {
    let h = first("cash/Winamax/Flop/NLHE-2max-EUR-2-4-201704.go.fast.txt");
    assert_eq!(h.site_hand_id, "9434802-28434-1490719852");
    assert_eq!(h.site_hand_no, 94_348_020_028_434);
    assert_eq!(h.table_name, "Buzau");
    assert_eq!((h.max_seats, h.button_seat), (Some(2), Some(1)));
    assert_eq!(h.start_time.to_rfc3339(), "2017-03-28T16:50:52+00:00");
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit)
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.currency.as_str(), g.fast),
        (200, 400, "EUR", true)
    );
    assert_eq!(h.hero.map(|p| name(&h, p)), Some("Hero"));
    assert_eq!(h.boards.len(), 1);
    // Hero bet 9.50€ on the river and was not called: the bet comes back out of his
    // "collected 24.46€"; the rake is what the summary says.
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (
            name(&h, h.returned[0].player),
            h.returned[0].amount,
            h.returned[0].street
        ),
        ("Hero", 950, 3)
    );
    assert_eq!((h.total_pot, h.rake), (1600, 104));
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), 1496);
}

#[test]
fn uncalled_bets_paid_as_a_side_pot_are_returned() {
    // "Player8 collected 1.29€ from side pot 1" is his own uncalled bet.
    let h = first("cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt");
    let r = &h.returned[0];
    assert_eq!((name(&h, r.player), r.amount), ("Player8", 129));
    assert_eq!(h.collections.len(), 1);
    assert_eq!(
        (name(&h, h.collections[0].player), h.collections[0].amount),
        ("Player3", 1092)
    );
    assert_eq!((h.total_pot, h.rake), (1150, 58));
}

#[test]
fn hi_lo_halves_share_the_uncalled_bet() {
    let h = first("cash/Winamax/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt");
    assert_eq!(h.game.category, Category::StudHiLo);
    assert_eq!(
        (
            h.game.ante,
            h.game.small_blind,
            h.game.big_blind,
            h.game.big_bet
        ),
        (500, 0, 2500, 5000)
    );
    let amounts: Vec<Money> = h.collections.iter().map(|c| c.amount).collect();
    assert_eq!(amounts, [8900, 8900]);
    assert_eq!(h.returned[0].amount, 5000);
    assert_eq!((h.total_pot, h.rake), (18000, 200));
    // Stud cards in dealing order: Hero's seven, the opponent's up cards only.
    let hero = h.hero.unwrap();
    let cards: Vec<String> = h.players[hero]
        .cards
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(cards, ["8c", "Tc", "7c", "2d", "Kc", "Qh", "3h"]);
    let other = &h.players[1 - hero];
    assert_eq!(other.cards[2].to_string(), "8h");
    assert_eq!(other.cards[0], Card::UNKNOWN);
}

#[test]
fn stud_raise_by_the_bring_in_prints_the_total_without_it() {
    // "Player0 brings in 10€" ... "Player0 raises -6.10€ to 18.90€": 28.90€ in total, all-in.
    let h = first("cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt");
    let kinds: Vec<(ActionKind, Money, bool)> = h
        .actions
        .iter()
        .filter(|a| a.street == 0)
        .map(|a| (a.kind, a.amount, a.all_in))
        .collect();
    assert_eq!(
        kinds,
        [
            (ActionKind::BringIn, 1000, false),
            (ActionKind::Complete, 2500, false),
            (ActionKind::Fold, 0, false),
            (ActionKind::Raise, 1890, true),
            (ActionKind::Call, 390, false),
        ]
    );
    assert_eq!((h.total_pot, h.rake), (7280, 250));
}

#[test]
fn posting_both_blinds() {
    // "posts small blind 3€ out of position" then "posts big blind 0€ out of position".
    let h = first("cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201611.post.both.txt");
    let posts: Vec<(ActionKind, Money)> = h.actions_on(POSTS).map(|a| (a.kind, a.amount)).collect();
    assert_eq!(
        posts,
        [
            (ActionKind::SmallBlind, 100),
            (ActionKind::BigBlind, 200),
            (ActionKind::BothBlinds, 300)
        ]
    );
    // "Player3 raises 1€ to 3€" before the cards: both blinds at once.
    let h = first("cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt");
    assert_eq!(h.actions[0].kind, ActionKind::BothBlinds);
    assert_eq!(h.actions[0].amount, 300);
    assert_eq!((h.total_pot, h.rake), (1000, 65));
}

#[test]
fn triple_draw() {
    let h = first("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt");
    assert_eq!(h.game.category, Category::TripleDraw27);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.big_bet),
        (1250, 2500, 5000)
    );
    let hero = h.hero.unwrap();
    assert_eq!(h.players[hero].cards.len(), 5);
    assert_eq!(h.players[hero].draws.len(), 3);
    let pats = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::StandPat)
        .count();
    assert_eq!(pats, 6);
    assert_eq!(h.actions.iter().map(|a| a.street).max(), Some(3));
    let h = first("cash/Winamax/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt");
    assert_eq!(h.game.currency, "play");
    let discards: Vec<u8> = h.actions.iter().filter_map(|a| a.discards).collect();
    assert_eq!(discards, [2, 2, 4, 2, 0, 2, 2, 1, 0, 1, 1, 0]);
}

#[test]
fn tournament_facts() {
    let h = first("tour/Winamax/Flop/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.game.currency, "T$");
    assert_eq!(
        (h.game.ante, h.game.small_blind, h.game.big_blind),
        (140, 600, 1200)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(t.tourney_no, 548_967_895);
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (1800, 200, "EUR"));
    assert_eq!(
        (t.level.as_deref(), t.table_no.as_deref()),
        (Some("11"), Some("0037"))
    );
    assert_eq!(h.table_name, "548967895 0037");
    assert_eq!(h.players[0].bounty, Some(900));
    assert_eq!(h.players[3].bounty, Some(1743));
    assert_eq!(h.site_hand_no, 1_548_967_895_000_380_128);

    let h = first("tour/Winamax/Flop/NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (93, 7, "EUR"));
    assert!(h
        .actions
        .iter()
        .any(|a| a.kind == ActionKind::BigBlind && a.amount == 119 && a.all_in));

    let h = first("tour/Winamax/Flop/NLHE-10max-FREE-201207.Ticket.only.txt");
    assert_eq!(h.tournament.as_ref().unwrap().currency, "FREE");
}

#[test]
fn half_chips_are_rounded_and_the_pot_still_adds_up() {
    // "Player6 bets 292.50" before the flop is a raise by 292.50 (old tournaments print raises
    // as bets); half chips are rounded and the winner's collection absorbs the difference.
    let h = first("tour/Winamax/Flop/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt");
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise && a.street == 0)
        .unwrap();
    assert_eq!((name(&h, raise.player), raise.amount), ("Player6", 293));
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), h.total_pot);
    let h = first("tour/Winamax/Flop/NLHE-Ticket-MTT-201010.side.pot.txt");
    assert_eq!(h.players[2].stack, 7411);
    assert_eq!(h.returned[0].amount, 370);
}

// ---------------------------------------------------------------------------------------------
// Hand-written hands
// ---------------------------------------------------------------------------------------------

const HAND: &str = "Winamax Poker - CashGame - HandId: #15917912-457-1618228092 - Holdem no limit (0.50€/1€) - 2021/04/12 11:48:13 UTC
Table: 'Nagoya' 6-max (real money) Seat #3 is the button
Seat 1: Anna Maria (100€)
Seat 3: Bob (50€)
*** ANTE/BLINDS ***
Anna Maria posts small blind 0.50€
Bob posts big blind 1€
Dealt to Bob [Ah Kd]
*** PRE-FLOP ***
Anna Maria raises 2€ to 3€
Bob calls 2€
*** FLOP *** [2c 7d 9s]
Anna Maria bets 4€
Bob folds
Anna Maria collected 9.75€ from pot
*** SUMMARY ***
Total pot 9.75€ | Rake 0.25€
Board: [2c 7d 9s]
Seat 1: Anna Maria won 9.75€
";

#[test]
fn names_with_spaces_and_the_uncalled_bet() {
    let h = parse_one(HAND).unwrap();
    assert_eq!(name(&h, 0), "Anna Maria");
    assert_eq!(h.hero, Some(1));
    assert_eq!(h.players[1].cards.len(), 2);
    assert_eq!(h.returned[0].amount, 400);
    assert_eq!((h.total_pot, h.rake), (600, 25));
    assert_eq!(h.collections[0].amount, 575);
}

#[test]
fn errors_name_the_line_and_the_hand() {
    // Cut before the summary.
    let cut: String = HAND.lines().take(12).collect::<Vec<_>>().join("\n");
    let e = parse_one(&cut).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unfinished);
    assert_eq!(e.site_hand_no, Some(159_179_120_000_457));
    // An action by somebody not seated.
    let bad = HAND.replace("Bob folds", "Carl folds");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 14));
    assert_eq!(e.line_text.as_deref(), Some("Carl folds"));
    // An amount that is not one.
    let bad = HAND.replace("Bob calls 2€", "Bob calls 2x€");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 11));
    // A hand id too large to store.
    let bad = HAND.replace("15917912-457-", "99999999999999-457-");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::OutOfRange, 1));
    // A pot that does not add up.
    let bad = HAND.replace("collected 9.75€", "collected 19.75€");
    let e = parse_one(&bad).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 17));
    // A game the design does not store.
    let bad = HAND.replace("Holdem no limit", "Holdem Short Deck no limit");
    assert_eq!(parse_one(&bad).unwrap_err().kind, ErrorKind::Unsupported);
}

#[test]
fn hands_glued_without_blank_lines_split_at_each_header() {
    let two = format!("{HAND}{}", HAND.replace("-457-", "-458-"));
    let hands: Vec<HandResult> = parse_history(&two).collect();
    assert_eq!(hands.len(), 2);
    assert_eq!(hands[1].as_ref().unwrap().site_hand_no, 159_179_120_000_458);
}

/// Truncated and damaged texts give errors, never a panic.
#[test]
fn damaged_texts_never_panic() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for dir in DIRS {
        for rel in files(dir) {
            let text = read(&rel);
            let lines: Vec<&str> = text.lines().collect();
            for cut in 0..lines.len().min(120) {
                let t = lines[..cut].join("\n");
                let _ = parse_history(&t).count();
            }
            for _ in 0..40 {
                let mut bytes = text.clone().into_bytes();
                let n = bytes.len().max(1);
                for _ in 0..3 {
                    let at = (next() as usize) % n;
                    if let Some(b) = bytes.get_mut(at) {
                        *b = b" 0123456789.,[]()#:-/$abcXYZ*\n\xe2"[(next() % 31) as usize];
                    }
                }
                let t = String::from_utf8_lossy(&bytes);
                let _ = parse_history(&t).count();
            }
        }
    }
}

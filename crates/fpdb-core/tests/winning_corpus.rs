//! The Winning Poker Network parser against the regression corpus (`shared/corpus/{cash,tour}/
//! Winning`) and against the other rooms' files (none of which may be read as Winning's).
//!
//! Files are read as an importer reads them: decode, normalise, split, parse (see
//! `common/mod.rs`, which also holds the money checks). Run with `--nocapture` to see the
//! per-file counts.

mod common;

use common::*;
use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Winning Poker Network";
const DIRS: &[&str] = &["cash/Winning", "tour/Winning"];
/// Old-format ids are stored plus 10^17 (they are another counter than the new format's).
const OLD: i64 = 100_000_000_000_000_000;

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Hands that do not parse, and why.
const BROKEN: &[Failure] = &[
    Failure {
        file: "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
        hand: Some(OLD + 693976187),
        kind: ErrorKind::Unfinished,
        why: "the file stops after the second hand's seat list",
    },
    Failure {
        file: "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
        hand: Some(OLD + 665312038),
        kind: ErrorKind::Malformed,
        why: "the room printed a player's actions without his name (\"Player  has big blind (2)\")",
    },
    Failure {
        file: "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
        hand: Some(OLD + 665307190),
        kind: ErrorKind::Malformed,
        why: "the room printed a player's actions without his name",
    },
    Failure {
        file: "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt",
        hand: Some(OLD + 547441485),
        kind: ErrorKind::Malformed,
        why: "a player without a name and without a seat antes and goes all-in",
    },
    Failure {
        file: "PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt",
        hand: Some(OLD + 727152195),
        kind: ErrorKind::Malformed,
        why: "garbled: the uncalled bet goes back to a player who folded, who then wins the pot",
    },
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
    let counts = parse_every_file(DIRS, 5, |_| Some(SITE), |rel, e| listed(BROKEN, rel, e));
    assert_parsed_per_file(&counts, COUNTS);
    let totals = totals(&counts);
    // Some files are in the corpus twice (at the top and under Flop/ or Stud/): 9 failures.
    assert_eq!(totals["cash/Winning"], (70, 8));
    assert_eq!(totals["tour/Winning"], (70, 1));
}

/// Every file of every other room, and the room's summaries: no chunk is taken for a Winning
/// hand.
#[test]
fn other_rooms_are_not_read_as_winning() {
    other_rooms_are_not(SITE, DIRS);
}

#[test]
fn no_sidecars_to_compare() {
    common::no_sidecars_to_compare(DIRS);
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: false,
    max_rake_percent: Some(20),
    last_bettor: None,
};

/// Money adds up in every hand; every uncalled bet goes back to the street's last aggressor.
#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands(DIRS);
    assert!(hands.len() > 100);
    money_adds_up(&hands, RULES, &[]);
}

#[test]
fn hand_numbers_identify_hands() {
    common::hand_numbers_identify_hands(DIRS);
}

/// The derived statistics accept every hand, and their money agrees with the room's.
#[test]
fn statistics_agree_with_the_room() {
    statistics_agree(&all_hands(DIRS), &[]);
}

/// Every hand has a hero (the corpus files were all written for a player), except those
/// observed or mined.
#[test]
fn heroes_and_cards() {
    common::heroes_and_cards(DIRS, |rel| {
        rel.contains("no.hero") || rel.contains("data.mined") || rel.contains("T9360380")
    });
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

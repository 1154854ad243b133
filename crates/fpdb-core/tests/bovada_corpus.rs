//! The Bovada parser against the regression corpus (`shared/corpus/{cash,tour}/Bovada`) and
//! against the other rooms' files (none of which may be read as Bovada's).
//!
//! Files are read as an importer reads them: decode, normalise, split, parse (see
//! `common/mod.rs`, which also holds the money checks). Run with `--nocapture` to see the
//! per-file counts.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Bovada";
const DIRS: &[&str] = &["cash/Bovada", "tour/Bovada"];

// ---------------------------------------------------------------------------------------------
// Every file
// ---------------------------------------------------------------------------------------------

/// Hands that do not parse, and why.
const BROKEN: &[Failure] = &[
    Failure {
        file: "LHE-USD-8-16-201204.old.format.txt",
        hand: Some(2596806815),
        kind: ErrorKind::Malformed,
        why: "the summary is another hand's (an omaha board, $57.50 pot, when $100 went in)",
    },
    Failure {
        file: "NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt",
        hand: Some(3260004104),
        kind: ErrorKind::Unfinished,
        why: "cut in the middle of a raise by the next hand's header",
    },
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
    let counts = parse_every_file(DIRS, 5, |_| Some(SITE), |rel, e| listed(BROKEN, rel, e));
    assert_parsed_per_file(&counts, COUNTS);
    let totals = totals(&counts);
    assert_eq!(totals["cash/Bovada"], (776, 1));
    assert_eq!(totals["tour/Bovada"], (452, 1));
}

/// Every file of every other room: no chunk is taken for a Bovada hand.
#[test]
fn other_rooms_are_not_read_as_bovada() {
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

/// Every hand has a hero (the corpus files were all written for a player).
#[test]
fn heroes_and_cards() {
    common::heroes_and_cards(DIRS, |_| false);
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

//! The Entraction parser against the corpus: `shared/corpus/{cash,tour}/Entraction` (omaha, 5-card
//! omaha, fixed-limit hold'em heads-up, a tournament with antes; both blinds at once, a blind out
//! of turn) and the client's own table files kept in `unsupported-sites/entraction` (288 omaha
//! hands of 2011 at seven tables, and the client's index of its hand files).
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as Entraction, and no other room's file yields an Entraction hand; money adds
//!   up in every hand and the derived statistics agree; hand numbers identify hands; damaged
//!   hands never panic;
//! - the hands the files are named for, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Entraction";
const DIRS: &[&str] = &[
    "cash/Entraction",
    "tour/Entraction",
    "unsupported-sites/entraction",
];

/// Refused by design.
const FAILURES: &[Failure] = &[Failure {
    file: "unsupported-sites/entraction/HandHistoryIndex.txt",
    hand: None,
    kind: ErrorKind::NotAHandHistory,
    why: "the client's index of its hand files (`HAND:TABLE` a line), not a hand history",
}];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("Table_35124993.txt", 49),
    ("Table_35125878.txt", 6),
    ("Table_35129644.txt", 47),
    ("Table_35131702.txt", 35),
    ("Table_35132513.txt", 47),
    ("Table_35134072.txt", 66),
    ("Table_35135862.txt", 38),
];

#[test]
fn the_corpus_agrees() {
    // 294 hands (293 cash, 1 tournament), none refused; one file is no hand history.
    let mut room = RoomCorpus::new(SITE, DIRS, 294);
    room.failures = FAILURES;
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
    no_sidecars_to_compare(DIRS);
}

/// Every hand has its hero, dealt his cards.
#[test]
fn heroes_and_their_cards() {
    heroes_and_cards(DIRS, |_| false);
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

#[test]
fn hands_checked_by_hand() {
    // Fixed limit heads-up: the stakes are the bets; the raise's chips added.
    let h = first("LHE-HU-EUR-10-20-201103.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.small_bet,
            g.big_bet
        ),
        (LimitType::FixedLimit, 500, 1000, 1000, 2000)
    );
    assert_eq!(h.start_time.to_rfc3339(), "2011-03-26T13:19:18+00:00");
    assert_eq!((h.total_pot, h.rake), (6000, 75));
    assert_eq!(won(&h), vec![("Player0".into(), 0, 5925)]);

    // Both blinds at once: the small blind dead, the big blind live (the call of 4 makes 5).
    let h = first("PLO-6max-EUR-0.50-1-201107.SBBB.example.txt");
    let p = idx(&h, "Player2");
    let posts: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.player == p)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        posts,
        vec![
            (ActionKind::BothBlinds, 150),
            (ActionKind::Call, 400),
            (ActionKind::Fold, 0)
        ]
    );
    // CEST: two hours ahead of UTC.
    assert_eq!(h.start_time.to_rfc3339(), "2011-07-20T21:45:00+00:00");
    assert_eq!(h.returned[0].amount, 750);
    assert_eq!((h.total_pot, h.rake), (1200, 60));

    // A blind out of turn: a second big blind, live; an all-in called.
    let h = first("PLO-6max-EUR-0.50-1-201108.Second.small.blind.txt");
    let p = idx(&h, "Player4");
    let a = &h.actions[2];
    assert_eq!((a.player, a.kind, a.amount), (p, ActionKind::BigBlind, 100));
    assert!(h.actions.iter().any(|a| a.player == p && a.all_in));
    assert_eq!((h.total_pot, h.rake), (10_100, 300));
    assert_eq!(by_name(&h, "Hero").cards, cards("2h 2s Ah As"));
    assert!(by_name(&h, "Player4").shown);

    // 5-card omaha; a loser's cards the room shows.
    let h = first("PLO5-EUR-0.10-0.20-201208.txt");
    assert_eq!(h.game.category, Category::Omaha5Hi);
    assert_eq!(by_name(&h, "Hero").cards.len(), 5);
    let p2 = by_name(&h, "Player2");
    assert!(p2.mucked && p2.cards == cards("Kh 9h As 6s Qh"));
    assert_eq!((h.total_pot, h.rake), (310, 15));

    // The tournament: antes, chips with thousands separators, BST.
    let h = first_hand(&in_flop(DIRS, "NLHE-EUR-MTT-201206.ante.txt"));
    let g = &h.game;
    assert_eq!(
        (g.kind, g.small_blind, g.big_blind, g.ante),
        (GameKind::Tour, 200, 400, 20)
    );
    assert_eq!(h.table_name, "12717727 2");
    assert_eq!(h.start_time.to_rfc3339(), "2012-06-25T20:54:16+00:00");
    assert_eq!(by_name(&h, "Player0").stack, 6003);
    assert_eq!((h.total_pot, h.rake), (1160, 0));
    assert_eq!(h.returned[0].amount, 580);
}

/// Split, main and side pots in the client's table files.
#[test]
fn pots_of_the_table_files() {
    let hands = all_hands(&["unsupported-sites/entraction"]);
    let multi = hands
        .iter()
        .filter(|(_, h)| h.collections.iter().any(|c| c.pot == 1))
        .count();
    assert_eq!(multi, 5);
    let split = hands
        .iter()
        .filter(|(_, h)| {
            let winners: std::collections::BTreeSet<PlayerIdx> =
                h.collections.iter().map(|c| c.player).collect();
            winners.len() > 1
        })
        .count();
    assert!(split >= 5, "{split}");
}

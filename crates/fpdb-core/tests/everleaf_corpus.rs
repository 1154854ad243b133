//! The Everleaf parser against the corpus (`shared/corpus/cash/Everleaf`, `tour/Everleaf`):
//! no-limit hold'em at 4-, 6- and 10-seat tables (dollars, euros printed with the euro sign or,
//! read as Windows-1252, a caret), fixed-limit and pot-limit omaha hi/lo heads-up, 7-card stud,
//! the network's tournaments (no tournament number printed; a fixed-limit one) and a 2019 Grand
//! Poker tournament hand; chat, notices, newcomers' seats and an award wrapped onto two lines.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses, with the hands per file; each is detected as Everleaf, and no other
//!   room's file yields an Everleaf hand; money adds up in every hand and the derived
//!   statistics agree; hand numbers identify hands; the sidecar agrees; damaged hands never
//!   panic;
//! - the players' sidecar of the all-in file (winnings, profit, cards);
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Everleaf";
const DIRS: &[&str] = &["cash/Everleaf", "tour/Everleaf"];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt", 74),
    ("NLHE-6max-USD-0.05-0.10-29Aug2010.txt", 14),
    ("PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt", 23),
    ("7-Stud-USD-0.05-0.10.201107.txt", 19),
    ("TID_1337923-1.txt", 54),
    ("TID_1625641-1.txt", 6),
    ("TID_1627660-1.txt", 20),
];

#[test]
fn the_corpus_agrees() {
    // 215 hands (134 cash, 81 tournament), none refused (the folder's README, which
    // says which tournament each `TID_` file is from, is no hand history).
    let mut room = RoomCorpus::new(SITE, DIRS, 215);
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

/// The players' money and cards of the first hand with an `.hp` sidecar.
#[test]
fn player_sidecars_agree() {
    assert_eq!(hp_sidecars_agree(DIRS), 8);
}

fn first(file: &str) -> Hand {
    first_hand(&in_game_dirs(DIRS, file))
}

fn hand_of(file: &str, id: &str) -> Hand {
    parse_file(&in_game_dirs(DIRS, file))
        .into_iter()
        .flatten()
        .find(|h| h.site_hand_id == id)
        .unwrap_or_else(|| panic!("{file}: no hand {id}"))
}

#[test]
fn hands_checked_by_hand() {
    // Euros printed as a caret (the euro sign's byte read as Windows-1252); the uncalled bet is
    // left out of the award, the rake is what the award did not take.
    let h = first("NLHE-EUR-0.25-0.50-201202.euro.caret.txt");
    assert_eq!(h.game.currency, "EUR");
    assert_eq!((h.game.small_blind, h.game.big_blind), (25, 50));
    assert_eq!(by_name(&h, "Hero").stack, 5_000);
    assert_eq!((h.total_pot, h.rake), (300, 18));
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player0", 300)
    );
    assert_eq!(h.start_time.to_rfc3339(), "2012-02-09T22:09:43+00:00");

    // A skin (Concord Gaming), a 4-seat table, a player with nothing in front of him.
    let h = first("NLHE-4max-EUR-0.10-0.20-201209.utf8.txt");
    assert_eq!((h.site_hand_no, h.max_seats), (404_865_765, Some(4)));
    assert!(by_name(&h, "Player1").sitting_out);
    assert_eq!((h.total_pot, h.rake), (20, 0));

    // Two all-ins: a main pot and a side pot, each award wrapped onto the next line.
    let h = first("NLHE-10max-USD-0.01-0.02-201008.2Way.All-in.pre.txt");
    assert_eq!(
        won(&h),
        vec![("Player4".into(), 0, 13), ("Player4".into(), 1, 181)]
    );
    assert_eq!((h.total_pot, h.rake), (203, 9));
    assert_eq!(h.boards[0], cards("6d Jc Js 3d 9d"));
    assert_eq!(by_name(&h, "Player7").cards, cards("5s Td"));

    // Fixed-limit omaha hi/lo: the stakes are the bets; a hi/lo split.
    let h = first("FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.big_bet
        ),
        (Category::OmahaHiLo, LimitType::FixedLimit, 25, 50, 100)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("9c 4h Td Jc"));
    let h = hand_of(
        "FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt",
        "148735968",
    );
    assert_eq!(
        won(&h),
        vec![("Hero".into(), 0, 332), ("Hero".into(), 0, 333)]
    );

    // Pot-limit omaha hi/lo.
    let h = first("PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt");
    assert_eq!(
        (h.game.limit_type, h.game.small_blind, h.game.big_blind),
        (LimitType::PotLimit, 5, 10)
    );

    // Stud: antes, the bring-in, the completion, the seven cards shown.
    let h = hand_of("7-Stud-USD-0.05-0.10.201107.txt", "285997675");
    let g = &h.game;
    assert_eq!(
        (g.category, g.small_bet, g.big_bet, g.ante),
        (Category::StudHi, 5, 10, 1)
    );
    let kinds: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.street == 0 && a.amount > 0)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (ActionKind::BringIn, 2),
            (ActionKind::Complete, 5),
            (ActionKind::Call, 3)
        ]
    );
    let h = hand_of("7-Stud-USD-0.05-0.10.201107.txt", "285997460");
    assert_eq!(h.hero, None);
    let h = first("7-Stud-USD-0.05-0.10.201107.txt");
    assert_eq!((h.total_pot, h.rake), (8, 0));

    // Chat and a newcomer's seat.
    let h = hand_of("NLHE-6max-USD-0.05-0.10-29Aug2010.txt", "196321394");
    assert!(h.player_index("Miazza").is_none());
    assert_eq!(h.players.len(), 5);
}

#[test]
fn tournaments() {
    // The network's tournaments print no number: a tournament hand without a tournament.
    let h = first("TID_1337923-1.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert!(h.tournament.is_none());
    assert_eq!(
        (h.game.currency.as_str(), h.game.big_blind, h.game.ante),
        ("T$", 1_000, 100)
    );
    assert_eq!(h.table_name, "1");
    assert_eq!((h.total_pot, h.rake), (5_500, 0));
    assert_eq!(h.hero, h.player_index("Hero"));

    // A fixed-limit tournament: the stakes are the bets.
    let h = hand_of("TID_1627660-1.txt", "282026578");
    let g = &h.game;
    assert_eq!(
        (g.limit_type, g.small_blind, g.big_blind, g.big_bet),
        (LimitType::FixedLimit, 150, 300, 600)
    );
    assert!(h.player_index("Nicole7").is_none());
    // Main and side pots split between several winners.
    let h = hand_of("TID_1627660-1.txt", "282027708");
    assert_eq!(h.collections.len(), 5);

    // Grand Poker (2019): its own counter, the tournament's number and level.
    let h = first("NLHE-NA-0-0-201901.Grand.Tour.txt");
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (1_000_000_015_649_156, "15649156")
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.level.as_deref(), t.table_no.as_deref()),
        (2_768_325, Some("2"), Some("1"))
    );
    assert_eq!((h.table_name.as_str(), h.max_seats), ("2768325 1", Some(9)));
    assert_eq!(won(&h), vec![("urwrstntmare".into(), 0, 274)]);
}

//! The Full Tilt Poker parser against the corpus (`shared/corpus/{cash,tour}/FTP`): hold'em,
//! omaha, Irish, stud, razz, draw, badugi, run it twice, rush, cash and tournaments, 2006 to
//! 2014.
//!
//! - every hand of every file parses or is refused for a reason listed here, with the expected
//!   number of hands per file; each is detected as Full Tilt, and no other room's file yields a
//!   Full Tilt hand;
//! - money adds up in every hand (`common::money_problems`): Σ collections + rake = total pot,
//!   the money the actions put in less the returns = total pot, every return goes to the last
//!   aggressor, and the derived statistics agree (Σ winnings + rake = total pot, Σ totalProfit
//!   = −rake);
//! - the first hand of several files, checked by hand against the text, and the sidecars;
//! - per-file counts are printed (`cargo test --test fulltilt_corpus -- --nocapture`).

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Full Tilt Poker";
const DIRS: &[&str] = &["cash/FTP", "tour/FTP"];

/// Hands that cannot be read, by design.
const EXPECTED_FAILURES: &[Failure] = &[
    Failure {
        file: "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt",
        hand: Some(26_884_156_000),
        kind: ErrorKind::Cancelled,
        why: "the room cancelled the hand after the small blind (total pot $0)",
    },
    Failure {
        file: "3-Draw-Limit-USD-20-40-201101.Partial.txt",
        hand: Some(27_020_940_000),
        kind: ErrorKind::Unfinished,
        why: "a partial hand: the room kept only its summary",
    },
    Failure {
        file: "NLHE-6max-USD-25-50.200610.Observed.No.player.stacks.txt",
        hand: Some(1_083_884_910),
        kind: ErrorKind::Malformed,
        why: "an observed hand of 2006 printed without seat lines (no stacks)",
    },
    Failure {
        file: "NLHE-6max-Matrix-USD-26-201211.match4.txt",
        hand: Some(31_493_008_842),
        kind: ErrorKind::Malformed,
        why: "a header and a summary, no seat lines or actions",
    },
    Failure {
        file: "NLHE-9max-STT-USD-8.30-201211.step.txt",
        hand: None,
        kind: ErrorKind::NotAHandHistory,
        why: "a tournament summary (read by fpdb.parse_summaries), not hands",
    },
];

/// Files of more than one hand (the others hold one, or none when they fail).
const HANDS: &[(&str, usize)] = &[
    ("3-Draw-Limit-USD-STT-2max-10-201211.txt", 54),
    ("NLHE-6max-Matrix-USD-26-201211.match1.txt", 30),
    ("NLHE-6max-Matrix-USD-26-201211.match2.txt", 46),
    ("NLHE-6max-Matrix-USD-26-201211.match3.txt", 42),
    ("NLHE-6max-Matrix-USD-26-201211.match4.txt", 37),
    ("NLHE-6max-SnG-USD-5-201305.txt", 22),
    ("NLHE-6max-USD-0.50-1.00-200605.HM2.archive.txt", 2),
    (
        "NLHE-6max-USD-0.50-1.00-200902.archive.missing.first.line.txt",
        3,
    ),
    ("NLHE-9max-STT-USD-8.30-201211.step.txt", 0),
];

#[test]
fn every_hand_parses() {
    let counts = parse_every_file(
        DIRS,
        0,
        |_| Some(SITE),
        |rel, e| listed(EXPECTED_FAILURES, rel, e),
    );
    assert_hands_per_file(&counts, HANDS, EXPECTED_FAILURES);
    let total_ok: usize = counts.iter().map(|c| c.parsed).sum();
    // 4 hands refused (1.4%).
    assert_eq!(total_ok, 291);
}

#[test]
fn other_rooms_are_not_read_as_full_tilt() {
    other_rooms_are_not(SITE, DIRS);
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: false,
    max_rake_percent: Some(10),
    last_bettor: Some(last_bet_or_post),
};

/// Hands whose money the invariants cannot check.
const BAD_POTS: &[BadPot] = &[(
    "Razz-USD-HUSNG-200-201211.all.in.ante.txt",
    31_349_767_778,
    "the room returns the chip of an ante the all-in player could not match: a return nobody bet",
)];

#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands(DIRS);
    assert_eq!(hands.len(), 291);
    money_adds_up(&hands, RULES, BAD_POTS);
    statistics_agree(&hands, BAD_POTS);
}

#[test]
fn hand_numbers_identify_hands() {
    common::hand_numbers_identify_hands(DIRS);
}

#[test]
fn sidecars_agree() {
    let compared = first_hand_sidecars_agree(DIRS);
    assert!(compared >= 10, "{compared}");
}

/// Damaged hands (a line dropped, repeated or cut anywhere) give errors, never a panic.
#[test]
fn damaged_hands_never_panic() {
    assert!(common::damaged_hands_never_panic(DIRS) > 500);
}

/// The corpus path of `file` in one of the room's game folders.
fn path(file: &str) -> String {
    in_game_dirs(DIRS, file)
}

fn first(file: &str) -> Hand {
    first_hand(&path(file))
}

#[test]
fn first_hands_checked_by_hand() {
    // The 2013 header (game before stakes), a showdown, rake.
    let h = first("NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt");
    assert_eq!(h.site, "Full Tilt Poker");
    assert_eq!(h.site_hand_no, 32_616_909_390);
    assert_eq!(h.start_time.to_rfc3339(), "2013-05-08T12:55:55+00:00");
    assert_eq!((h.table_name.as_str(), h.max_seats), ("Vera", Some(6)));
    assert_eq!((h.game.small_blind, h.game.big_blind), (1, 2));
    assert_eq!((h.total_pot, h.rake), (32, 1));
    assert_eq!(by_name(&h, "Player0").cards, cards("Ks 5h"));
    assert_eq!(h.hero, h.player_index("Hero"));

    // Run it twice with a side pot: two boards, the side pot and each board's pot.
    let h = first("PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt");
    assert!(h.run_it_twice);
    assert_eq!(h.boards.len(), 2);
    assert_eq!(h.boards[0], cards("2c As Jh 9h Kh"));
    assert_eq!(h.boards[1], cards("2c As Jh Th 5d"));
    assert_eq!((h.total_pot, h.rake), (23_455, 300));
    let mut won: Vec<(String, Money, u8)> = h
        .collections
        .iter()
        .map(|c| (name(&h, c.player).to_string(), c.amount, c.board))
        .collect();
    won.sort();
    assert_eq!(
        won,
        vec![
            ("Player0".into(), 7760, 1),
            ("Player1".into(), 7635, 0),
            ("Player1".into(), 7760, 0)
        ]
    );
    // Player zone first, ET in brackets: the ET time is read.
    assert_eq!(h.start_time.to_rfc3339(), "2012-11-06T16:00:14+00:00");

    // Stud: cards in dealing order, antes, bring-in, no blinds.
    let h = first("7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.small_bet, g.big_bet, g.ante, g.big_blind),
        (Category::StudHi, 300, 600, 50, 0)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("Jd Td As Jc Js 7h 2s"));
    assert_eq!((h.total_pot, h.rake), (7550, 300));
    assert_eq!(h.max_seats, Some(9));

    // Triple draw tournament: the hand after each draw.
    let hands = parse_file(&path("3-Draw-Limit-USD-STT-2max-10-201211.txt"));
    let h = hands
        .iter()
        .flatten()
        .find(|h| {
            h.players.iter().any(|p| {
                p.draws
                    .last()
                    .is_some_and(|d| *d == cards("4d 2d 8s 3c Kc"))
            })
        })
        .expect("the hand drawing Kc");
    assert_eq!(h.game.category, Category::TripleDraw27);
    assert_eq!(h.game.currency, "T$");
    assert_eq!(h.max_seats, Some(2));
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref()),
        (243_560_420, Some("1"))
    );
    assert_eq!(h.table_name, "243560420 1");

    // Thousands as "K", antes in the stakes.
    let h = first("NLHE-USD-MTT-KO.201104.K.as.thousand.txt");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (50_000, 100_000, 10_000)
    );

    // Play money cash, 5-card omaha.
    let h = first("5-Card-PLO-6max-play-5-10-201305.txt");
    assert_eq!(h.game.currency, "play");
    assert_eq!(h.game.category, Category::Omaha5Hi);
    assert_eq!(h.total_pot, 2340);

    // Irish, capped no limit, 2006's header, the short-lived 2010 date.
    let h = first("NL-Irish-6max-USD-2.00-4.00-201304.txt");
    assert_eq!(h.game.category, Category::Pineapple);
    assert_eq!((h.total_pot, h.rake), (20_000, 50));
    let h = first("NLHE-6max-CAP-USD-0.01-0.02-201305.new.format.txt");
    assert_eq!(h.game.limit_type, LimitType::CapNoLimit);
    let h = first("NLHE-6max-USD-0.50-1.00-200605.HM2.archive.txt");
    assert_eq!(h.site_hand_no, 656_000_081);
    assert!(by_name(&h, "Player1").sitting_out);
    let h = first("NLHE-9max-USD-0.02-0.05.201007.Short.lived.date.format.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2010-07-21T19:13:00+00:00");
}

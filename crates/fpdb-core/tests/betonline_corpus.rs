//! The BetOnline parser against the corpus (`shared/corpus/{cash,tour}/BetOnline`): BetOnline
//! and its skins (ActionPoker.com, Gear Poker).
//!
//! - every hand of every file parses or is refused for a reason listed here, with the expected
//!   number of hands per file; each is detected as BetOnline, and no other room's file yields a
//!   BetOnline hand;
//! - money adds up in every hand (`common::money_problems`): Σ collections + rake = total pot,
//!   the money the actions put in less the returns = total pot, every return goes to the last
//!   aggressor, and the derived statistics agree (Σ winnings + rake = total pot, Σ totalProfit
//!   = −rake);
//! - the first hand of several files, checked by hand against the text (the corpus has no
//!   sidecar for BetOnline; one added later is compared too);
//! - per-file counts are printed (`cargo test --test betonline_corpus -- --nocapture`).

mod common;

use common::*;
use fpdb_core::cards::Card;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "BetOnline";
const DIRS: &[&str] = &["cash/BetOnline", "tour/BetOnline"];

/// Hands that cannot be read, by design.
const EXPECTED_FAILURES: &[Failure] = &[
    Failure {
        file: "NLHE-10max-0.25-0.50-201203.unknown.player.wins.txt",
        hand: Some(991_142_904),
        kind: ErrorKind::Malformed,
        why: "an action by \"Unknown player\", who has no seat, and who wins the pot",
    },
    Failure {
        file: "PLO-10max-USD-0.05-0.10-201209.txt",
        hand: Some(1_073_068_149),
        kind: ErrorKind::Malformed,
        why: "two players split one pot and the summary names no winner for the other (20.45)",
    },
    Failure {
        file: "NLHE-10max-USD-0.25-0.05-201108.txt",
        hand: Some(900_205_887),
        kind: ErrorKind::Unfinished,
        why: "the file ends inside the hand's seat list",
    },
    Failure {
        file: "NLHE-10max-USD-MTT-201603.two.players.one.seat.txt",
        hand: Some(1_587_454_316),
        kind: ErrorKind::Malformed,
        why: "two players in seat 5",
    },
];

/// Files of more than one hand (the others hold one, or none when they fail).
const HANDS: &[(&str, usize)] = &[
    ("NLHE-10max-USD-0.25-0.05-201108.txt", 19),
    ("PLO-10max-USD-0.05-0.10-201209.txt", 16),
    ("NLHE-10max-play-10-20-201204.GearPoker.txt", 2),
    ("NLHE-10max-USD-MTT-2011-08.nobuyinfee.txt", 17),
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
    // 1 + 1 + 1 + 1 + 1 + 19 + 1 + 2 + 16 cash hands (and 3 refused), 17 + 1 tournament hands
    // (and 1 refused).
    assert_eq!(total_ok, 61);
}

#[test]
fn other_rooms_are_not_read_as_betonline() {
    other_rooms_are_not(SITE, DIRS);
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: false,
    max_rake_percent: Some(20),
    last_bettor: Some(last_bet_or_post),
};

/// Hands whose money cannot add up.
const BAD_POTS: &[BadPot] = &[];

#[test]
fn money_adds_up_in_every_hand() {
    let hands = all_hands(DIRS);
    assert_eq!(hands.len(), 61);
    money_adds_up(&hands, RULES, BAD_POTS);
    statistics_agree(&hands, BAD_POTS);
}

#[test]
fn hand_numbers_identify_hands() {
    common::hand_numbers_identify_hands(DIRS);
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

#[test]
fn first_hands_checked_by_hand() {
    // Seat 0, a side pot awarded before the summary, an uncalled river bet.
    let h = first("NLHE-10max-USD-0.01-0.02-201605.winner.no.show.txt");
    assert_eq!(h.site, "BetOnline");
    assert_eq!(h.site_hand_no, 1_605_375_848);
    assert_eq!(h.start_time.to_rfc3339(), "2016-05-02T17:38:21+00:00");
    assert_eq!((h.max_seats, h.button_seat), (Some(10), Some(9)));
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit, "USD")
    );
    assert_eq!((g.small_blind, g.big_blind, g.ante), (1, 2, 0));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").seat, 6);
    assert_eq!(by_name(&h, "Player2").seat, 0);
    assert_eq!(by_name(&h, "Player4").cards, cards("Kh Kc"));
    assert_eq!((h.total_pot, h.rake), (75, 4));
    let mut won: Vec<(String, Money)> = h
        .collections
        .iter()
        .map(|c| (name(&h, c.player).to_string(), c.amount))
        .collect();
    won.sort();
    assert_eq!(won, vec![("Player2".into(), 42), ("Player4".into(), 29)]);
    assert_eq!(h.returned.len(), 1);
    assert_eq!((h.returned[0].street, h.returned[0].amount), (3, 71));

    // A side pot awarded before the summary with no winner named: the summary's only winner
    // (everyone else "did not win") takes it.
    let h = first("NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt");
    let p1 = h.player_index("Player1").unwrap();
    assert!(h.collections.iter().all(|c| c.player == p1));
    assert_eq!(sum(h.collections.iter().map(|c| c.amount)), 375);
    assert_eq!((h.total_pot, h.rake), (397, 22));

    // Omaha labelled "Hold'em Pot Limit".
    let h = first("PLO-10max-USD-0.05-0.10-201209.txt");
    assert_eq!(
        (h.game.category, h.game.limit_type),
        (Category::OmahaHi, LimitType::PotLimit)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("Jh 9d 7d Kh"));
    assert_eq!(h.start_time.to_rfc3339(), "2012-10-01T01:25:46+00:00");
    let p8 = h.player_index("Player8").unwrap();
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p8 && a.kind == ActionKind::BigBlind && a.amount == 10));

    // UK time, read as such.
    let h = first("NLHE-10max-0.25-0.50-201204.post.dead.txt");
    assert_eq!(h.game.big_blind, 50);

    // The skins: no stakes in the header (the posts), capitals and dots, best-five cards.
    let h = first("NLHE-10max-USD-1.00-2.00-201204.ActionPoker.txt");
    assert_eq!(h.site, "BetOnline");
    assert_eq!(h.table_name, "The Green Mile");
    assert_eq!(h.start_time.to_rfc3339(), "2012-04-03T06:10:06+00:00");
    assert_eq!((h.game.small_blind, h.game.big_blind), (100, 200));
    assert_eq!(h.game.currency, "USD");
    assert_eq!(by_name(&h, "Hero").cards, cards("4c Qc"));
    assert_eq!(
        by_name(&h, "Player5").cards,
        vec![card("Kc"), Card::UNKNOWN]
    );
    assert!(by_name(&h, "Player1").sitting_out);
    assert_eq!((h.total_pot, h.rake), (1400, 70));
    let h = first("NLHE-10max-play-10-20-201204.GearPoker.txt");
    assert_eq!(h.game.currency, "play");
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));
    // The uncalled turn bet is not printed: the total leaves it out.
    assert_eq!((h.total_pot, h.rake), (90, 0));
    assert_eq!(h.returned[0].amount, 90);
    let gear = parse_file(&in_flop(DIRS, "NLHE-10max-play-10-20-201204.GearPoker.txt"));
    let h = gear[1].as_ref().unwrap();
    assert_eq!(h.total_pot, 1850);
    assert_eq!(h.returned[0].amount, 80);

    // A tournament: chips with cents rounded down, antes, blinds from the posts.
    let h = first("NLHE-10max-USD-MTT-201603.post.ante.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.kind,
            g.currency.as_str(),
            g.small_blind,
            g.big_blind,
            g.ante
        ),
        (GameKind::Tour, "T$", 50, 100, 10)
    );
    assert_eq!(by_name(&h, "Player0").stack, 4941);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref()),
        (7_212_650, Some("102"))
    );
    assert_eq!(h.table_name, "7212650 102");
    assert_eq!(h.total_pot, 1200);
}

/// Sidecars of the first hand (none exist for BetOnline today).
#[test]
fn sidecars_agree() {
    let compared = first_hand_sidecars_agree(DIRS);
    println!("{compared} BetOnline files with sidecars compared");
}

/// Damaged hands (a line dropped, repeated or cut anywhere) give errors, never a panic.
#[test]
fn damaged_hands_never_panic() {
    assert!(common::damaged_hands_never_panic(DIRS) > 500);
}

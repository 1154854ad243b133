//! The 888poker parser against the corpus (`shared/corpus/{cash,tour}/PacificPoker`).
//!
//! - every hand of every file parses (the few that cannot are listed with their reason and
//!   error kind), each is detected as 888poker, and no other room's file yields an 888poker
//!   hand;
//! - money adds up in every hand, tournaments too (`common::money_problems`): Σ collections +
//!   rake + cashed-out pot = total pot, the
//!   money the actions put in less the returns = total pot − added money, every return goes to
//!   the last aggressor of its street, and the derived statistics agree (Σ winnings + rake =
//!   total pot, Σ totalProfit = −rake, cash-outs accounted for);
//! - the first hand of several files, checked by hand against the text (the corpus has no
//!   sidecar for 888poker; a sidecar added later is compared too);
//! - per-file counts are printed (`cargo test --test pacific_corpus -- --nocapture`).

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "888poker";
const DIRS: &[&str] = &["cash/PacificPoker", "tour/PacificPoker"];

/// Hands that cannot be read, by design.
const EXPECTED_FAILURES: &[Failure] = &[
    Failure {
        file: "/888-LHE-HU-USD-10-20-201202.cancelled.hand.txt",
        hand: Some(414375633),
        kind: ErrorKind::Cancelled,
        why: "the big blind left before posting: one player posted, no cards were dealt",
    },
    Failure {
        file: "/NLHE-USD-50.00-100.00-201406.blank.player.names.txt",
        hand: Some(315882986),
        kind: ErrorKind::Malformed,
        why: "both seats have an empty name: the actions cannot be told apart",
    },
];

#[test]
fn every_hand_parses() {
    let counts = parse_every_file(
        DIRS,
        0,
        |_| Some(SITE),
        |rel, e| listed(EXPECTED_FAILURES, rel, e),
    );
    let total_ok: usize = counts.iter().map(|c| c.parsed).sum();
    let total_err: usize = counts.iter().map(|c| c.failed.len()).sum();
    println!("888poker: {total_ok} hands parsed, {total_err} failed");
    assert_eq!(total_err, EXPECTED_FAILURES.len());
    assert_eq!(total_ok, 317);
}

#[test]
fn other_rooms_are_not_read_as_888poker() {
    other_rooms_are_not(SITE, DIRS);
}

/// Whom an uncalled bet goes back to in a cash game: the last bet, raise or post.
fn last_bettor(h: &Hand, r: &Returned) -> Option<PlayerIdx> {
    if h.game.kind == GameKind::Tour {
        return Some(r.player);
    }
    last_bet_or_post(h, r)
}

const RULES: Rules = Rules {
    added_money: false,
    cash_outs: false,
    // "888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt".
    max_rake_percent: None,
    last_bettor: Some(last_bettor),
};

/// Hands whose money cannot add up.
const BAD_POTS: &[BadPot] = &[
    (
        "/PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt",
        489_318_468,
        "the room awards 308 of the 808 chips that went in",
    ),
    (
        "/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt",
        424_764_397,
        "the room awards none of the 1049 chips that went in",
    ),
];

#[test]
fn money_adds_up_in_every_cash_hand() {
    let hands = all_hands(DIRS);
    money_adds_up(&hands, RULES, BAD_POTS);
    statistics_agree(&hands, BAD_POTS);
}

fn hand(file: &str, id: i64) -> Hand {
    common::hand(&in_flop(DIRS, file), id)
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
    let compared = first_hand_sidecars_agree(DIRS);
    println!("{compared} 888poker files with sidecars compared");
}

/// Damaged hands (a line dropped, repeated or cut anywhere) give errors, never a panic.
#[test]
fn damaged_hands_never_panic() {
    assert!(common::damaged_hands_never_panic(DIRS) > 1000);
}

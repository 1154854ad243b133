//! The GGPoker parser against the corpus (`shared/corpus/{cash,tour}/GGPoker`).
//!
//! - every hand of every file parses (the few that cannot are listed with their reason and
//!   error kind), each is detected as GGPoker, and no other room's file yields a GGPoker hand;
//! - money adds up in every hand, tournaments too (`common::money_problems`): Σ collections +
//!   rake + cashed-out pot = total pot, the
//!   money the actions put in less the returns = total pot − added money, every return goes to
//!   the last aggressor of its street, and the derived statistics agree (Σ winnings + rake =
//!   total pot, Σ totalProfit = −rake, cash-outs accounted for);
//! - the first hand of several files, checked by hand against the text (the corpus has no
//!   sidecar for GGPoker; a sidecar added later is compared too);
//! - per-file counts are printed (`cargo test --test ggpoker_corpus -- --nocapture`).

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "GGPoker";
const DIRS: &[&str] = &["cash/GGPoker", "tour/GGPoker"];

/// Hands that cannot be read, by design.
const EXPECTED_FAILURES: &[Failure] = &[];

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
    println!("GGPoker: {total_ok} hands parsed, {total_err} failed");
    // 4 + 1 + 13 + 41 + 1 + 1 + 1 + 1 + 0 (an empty file) + 1 + 1 + 1 + 1 cash hands,
    // 1 + 59 + 1 + 1 tournament hands.
    assert_eq!(total_ok, 129);
}

#[test]
fn other_rooms_are_not_read_as_ggpoker() {
    other_rooms_are_not(SITE, DIRS);
}

const RULES: Rules = Rules {
    added_money: true,
    cash_outs: true,
    max_rake_percent: Some(20),
    last_bettor: Some(last_bet_or_post),
};

/// Hands whose money cannot add up.
const BAD_POTS: &[BadPot] = &[];

#[test]
fn money_adds_up_in_every_cash_hand() {
    let hands = all_hands(DIRS);
    let cash = hands
        .iter()
        .filter(|(_, h)| h.game.kind == GameKind::Ring)
        .count();
    assert!(cash >= 60);
    money_adds_up(&hands, RULES, BAD_POTS);
    statistics_agree(&hands, BAD_POTS);
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

#[test]
fn first_hands_checked_by_hand() {
    // Run it twice on a 5-card omaha table with a jackpot fee.
    let h = first("PLO5-6max-USD-2-5-202104.Jackpot.txt");
    assert_eq!(h.site_hand_id, "OM1349864");
    assert_eq!(
        h.site_hand_no,
        (15 * 27 + 13) * 10_000_000_000_000_000 + 1_349_864
    );
    assert_eq!(h.start_time.to_rfc3339(), "2021-04-13T16:21:36+00:00");
    assert_eq!(h.table_name, "PLO-5Gold2");
    assert_eq!((h.max_seats, h.button_seat), (Some(6), Some(3)));
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.hi_lo),
        (
            GameKind::Ring,
            Category::Omaha5Hi,
            LimitType::PotLimit,
            HiLo::Hi
        )
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.small_bet, g.big_bet, g.ante),
        (200, 500, 500, 1000, 0)
    );
    assert_eq!(g.currency, "USD");
    assert_eq!(h.players.len(), 5);
    assert_eq!((h.players[1].seat, h.players[1].stack), (2, 127_050));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("4d 9d 5s 4s 9c"));
    assert_eq!(by_name(&h, "3a59c1a9").cards, cards("Ad Jh As Qh 8c"));
    assert!(by_name(&h, "3a59c1a9").shown);
    assert!(h.run_it_twice);
    assert_eq!(
        h.boards,
        vec![cards("5d 2h 6c 5c 6h"), cards("5d 2h 6c 3d Td")]
    );
    assert_eq!((h.total_pot, h.rake), (59_708, 1250));
    let hero = h.player_index("Hero").unwrap();
    let mut on_board: Vec<(usize, Money, u8)> = h
        .collections
        .iter()
        .map(|c| (c.player, c.amount, c.board))
        .collect();
    on_board.sort();
    assert_eq!(
        on_board,
        vec![(0, 6926, 0), (hero, 25_766, 0), (hero, 25_766, 1)]
    );
    assert_eq!(h.returned.len(), 1);
    assert_eq!((h.returned[0].street, h.returned[0].amount), (1, 58_784));

    // Short deck: antes, button blind, straddles, a folded player showing one card.
    let h = first("NL-ShortDeck-5max-USD-0.2-202103.txt");
    assert_eq!(h.site_hand_id, "SD27208848");
    assert_eq!(h.game.category, Category::SixPlusHoldem);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (0, 2, 2)
    );
    let kinds: Vec<ActionKind> = h
        .actions
        .iter()
        .filter(|a| a.street == POSTS)
        .map(|a| a.kind)
        .collect();
    assert_eq!(kinds[4..], [ActionKind::ButtonBlind, ActionKind::Straddle]);
    assert_eq!((h.total_pot, h.rake), (60, 4));
    assert_eq!(h.boards, vec![cards("Qh 8s 9d Ah")]);

    // A tournament: chips, level, table "<tournament> <table>", no buy-in printed.
    let h = first("NLHE-8max-MTT-USD-1050-202104.extra.space.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.kind,
            g.currency.as_str(),
            g.small_blind,
            g.big_blind,
            g.ante
        ),
        (GameKind::Tour, "T$", 300, 600, 75)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.level.as_deref(), t.table_no.as_deref()),
        (25_313_426, Some("14"), Some("137"))
    );
    assert_eq!((t.buyin, t.fee, t.currency.as_str()), (0, 0, "USD"));
    assert_eq!(h.table_name, "25313426 137");
    assert_eq!(by_name(&h, "Hero").stack, 13_820);
    assert_eq!(h.total_pot, 28_315);
    assert_eq!(h.start_time.to_rfc3339(), "2021-04-04T20:43:56+00:00");

    // GG's internal export: a numeric id, a run-it-twice preflop all-in.
    let h = first("NL-ShortDeck-5max-USD-100-202104.internal.txt");
    assert_eq!(h.site_hand_no, -1_171_217_378_123_557_259);
    assert_eq!(h.hero, h.player_index("559023"));
    assert_eq!(h.boards.len(), 2);
    assert_eq!((h.total_pot, h.rake), (276_800, 6000));

    // Run it three times after a flop all-in.
    let h = first("PLO-6max-USD-2-5-202106.run.it.thrice.txt");
    assert_eq!(
        h.boards,
        vec![
            cards("Js 5s Jd 7s 2s"),
            cards("Js 5s Jd 4d Qs"),
            cards("Js 5s Jd 4s Ts")
        ]
    );
    assert_eq!(
        h.collections.iter().map(|c| c.board).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );

    // A missed blind is dead money.
    let h = first("PLO-6max-USD-5-10-202101.missed.txt");
    let p = h.player_index("d379b979").unwrap();
    let posts: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.player == p && a.street == POSTS)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        posts,
        vec![
            (ActionKind::DeadSmallBlind, 500),
            (ActionKind::BigBlind, 1000)
        ]
    );
}

#[test]
fn all_in_insurance_is_a_fee_outside_the_pot() {
    let h = parse_file("cash/GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt")
        .into_iter()
        .flatten()
        .find(|h| !h.cash_outs.is_empty())
        .unwrap();
    assert_eq!(h.site_hand_id, "OM181427480");
    let p = h.player_index("23aca38f").unwrap();
    assert_eq!(
        h.cash_outs,
        vec![CashOut {
            player: p,
            amount: 0,
            fee: 400
        }]
    );
    assert_eq!(h.collections.iter().map(|c| c.amount).sum::<Money>(), 3750);
    assert_eq!((h.total_pot, h.rake), (3750, 0));
}

/// Sidecars of the first hand (none exist for GGPoker today): site hand number, start time,
/// table, game type and players' seats, stacks and cards.
#[test]
fn sidecars_agree() {
    let compared = first_hand_sidecars_agree(DIRS);
    println!("{compared} GGPoker files with sidecars compared");
}

/// Damaged hands (a line dropped, repeated or cut anywhere) give errors, never a panic.
#[test]
fn damaged_hands_never_panic() {
    assert!(common::damaged_hands_never_panic(DIRS) > 1000);
}

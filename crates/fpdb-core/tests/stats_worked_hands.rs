//! semantics.md §3.16: the two worked hands, built action by action as a parser builds them, with
//! every stored value of every player checked: the flags the reference sidecars list, plus the
//! columns the reference never filled and decisions.md defines (stealAttemptChance/stealAttempted
//! per §9, other_3B/4BStreet0 and otherRaised/foldToOtherRaisedStreet0 per §11, streetNRaises).
//! Every count column not listed is 0.

use chrono::TimeZone;
use fpdb_core::builder::HandBuilder;
use fpdb_core::cards::Card;
use fpdb_core::model::*;
use fpdb_core::stats::{derive, HandRows, PlayerRow, COUNT_COLUMNS};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| Card::parse(c).unwrap())
        .collect()
}

fn nl_holdem(sb: Money, bb: Money) -> HandBuilder {
    let game = Game {
        kind: GameKind::Ring,
        base: Base::Hold,
        category: Category::Holdem,
        limit_type: LimitType::NoLimit,
        hi_lo: HiLo::Hi,
        small_blind: sb,
        big_blind: bb,
        small_bet: bb,
        big_bet: bb,
        ante: 0,
        currency: "USD".into(),
        mix: None,
        fast: false,
        home_game: false,
        split_board: false,
    };
    let t = chrono::Utc
        .with_ymd_and_hms(2010, 11, 1, 11, 20, 0)
        .unwrap();
    HandBuilder::new("PokerStars", 52151000000, "52151000000", game, t)
}

fn row<'a>(rows: &'a HandRows, hand: &Hand, name: &str) -> &'a PlayerRow {
    let p = hand.player_index(name).unwrap();
    rows.players.iter().find(|r| r.player == p).unwrap()
}

/// Every count column of `r` is 0 except those listed, which have the listed value.
fn expect_counts(r: &PlayerRow, name: &str, nonzero: &[(&str, i32)]) {
    for (i, column) in COUNT_COLUMNS.iter().enumerate() {
        let want = nonzero
            .iter()
            .find(|(c, _)| c == column)
            .map_or(0, |&(_, v)| v);
        assert_eq!(r.counts[i], want, "{name}: {column}");
    }
    for (c, _) in nonzero {
        assert!(COUNT_COLUMNS.contains(c), "{c} is not a column");
    }
}

const SEEN_TO_RIVER: [(&str, i32); 4] = [
    ("street1Seen", 1),
    ("street2Seen", 1),
    ("street3Seen", 1),
    ("sawShowdown", 1),
];

/// `cash/Stars/Flop/NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop.txt`.
fn capped_preflop() -> Hand {
    let mut b = nl_holdem(25, 50);
    b.hand_mut().max_seats = Some(9);
    b.hand_mut().button_seat = Some(8);
    let hero = b.add_player(1, "Hero", 1000, false);
    let _p2 = b.add_player(2, "Player2", 1400, false);
    let _p3 = b.add_player(4, "Player3", 3530, false);
    let _p5 = b.add_player(5, "Player5", 2860, false);
    let _p6 = b.add_player(6, "Player6", 1540, false);
    let _p8 = b.add_player(8, "Player8", 995, false);
    let villain = b.add_player(9, "Villain", 1300, false);
    b.post(villain, ActionKind::SmallBlind, 25, false);
    b.post(hero, ActionKind::BigBlind, 50, false);
    b.set_street(0);
    b.set_cards(hero, &cards("Ah 6d"));
    b.hand_mut().hero = Some(hero);
    for p in 1..=5 {
        b.fold(p);
    }
    b.raise_to(villain, 150, false);
    b.raise_to(hero, 350, false);
    b.raise_to(villain, 1000, false);
    b.call(hero, 650, true);
    b.hand_mut().boards = vec![cards("Qd 7s 2c Qh 9c")];
    b.set_cards(villain, &cards("Qs Kh"));
    b.hand_mut().players[villain].shown = true;
    b.hand_mut().players[hero].shown = true;
    b.collect(villain, 1900, 0, 0);
    b.hand_mut().total_pot = 2000;
    b.hand_mut().rake = 100;
    b.finish()
}

#[test]
fn capped_preflop_every_value() {
    let hand = capped_preflop();
    let rows = derive(&hand).unwrap();
    assert_eq!(rows.seats, 7);
    assert_eq!(rows.max_seats, 9);
    assert_eq!(rows.boards.len(), 1);
    assert_eq!(rows.boards[0].values, [12, 7, 2, 12, 9]);

    for (i, (name, pos, steal_chance)) in [
        ("Player2", '4', 0),
        ("Player3", '3', 0),
        ("Player5", '2', 0),
        ("Player6", '1', 1),
        ("Player8", '0', 1),
    ]
    .into_iter()
    .enumerate()
    {
        let r = row(&rows, &hand, name);
        assert_eq!(r.position, pos, "{name}");
        assert!(r.preflop.raise_first_in_chance, "{name}");
        assert!(!r.preflop.raised_first_in, "{name}");
        assert_eq!((r.winnings, r.rake, r.total_profit), (0, 0, 0), "{name}");
        assert_eq!(r.won, [0.0; 5]);
        assert_eq!(r.start_cards, None);
        let folds: String = (0..5).map(|j| if j == i { 'F' } else { 'f' }).collect();
        assert_eq!(r.action_string, folds + "rrrc");
        expect_counts(
            r,
            name,
            &[
                ("stealAttemptChance", steal_chance),
                ("other_3BStreet0", 1),
                ("other_4BStreet0", 1),
            ],
        );
    }

    let v = row(&rows, &hand, "Villain");
    assert_eq!(v.position, 'S');
    assert_eq!(v.start_cash, 1300);
    assert_eq!((v.winnings, v.rake, v.total_profit), (1900, 100, 900));
    assert_eq!(v.won, [1.0, 1.0, 1.0, 0.0, 1.0]);
    assert_eq!(v.start_cards, Some(141)); // sidecar 142 − 1
    assert_eq!(v.cards[..3], [50, 12, 0]);
    let x = v.preflop;
    assert!(x.raise_first_in_chance && x.raised_first_in && x.fold_to_3b_chance);
    assert!(!x.fold_to_3b_done && !x.success_steal);
    let mut villain_counts = vec![
        ("street0VPI", 1),
        ("street0Aggr", 1),
        ("street0_4BChance", 1),
        ("street0_4BDone", 1),
        ("other_3BStreet0", 1),
        ("otherRaisedStreet0", 1),
        ("stealAttemptChance", 1),
        ("stealAttempted", 1),
        ("street0Raises", 2),
    ];
    villain_counts.extend(SEEN_TO_RIVER);
    expect_counts(v, "Villain", &villain_counts);
    assert_eq!(v.action_string, "fffffRrRc");

    let h = row(&rows, &hand, "Hero");
    assert_eq!(h.position, 'B');
    assert_eq!(h.start_cash, 1000);
    assert_eq!((h.winnings, h.rake, h.total_profit), (0, 0, -1000));
    assert_eq!(h.won, [0.0; 5]);
    assert_eq!(h.start_cards, Some(64)); // sidecar 65 − 1
    assert_eq!(h.cards[..3], [13, 18, 0]);
    let x = h.preflop;
    assert!(x.raise_to_steal_chance && x.raise_to_steal_done && x.fold_to_4b_chance);
    assert!(!x.fold_to_4b_done);
    let mut hero_counts = vec![
        ("foldBbToStealChance", 1),
        ("street0_3BChance", 1),
        ("street0_3BDone", 1),
        ("street0VPI", 1),
        ("street0Aggr", 1),
        ("street0Calls", 1),
        ("street0Raises", 1),
        ("other_4BStreet0", 1),
        ("otherRaisedStreet0", 1),
    ];
    hero_counts.extend(SEEN_TO_RIVER);
    expect_counts(h, "Hero", &hero_counts);

    // Σ winnings + rake = total pot; Σ totalProfit = −rake.
    let won: Money = rows.players.iter().map(|r| r.winnings + r.rake).sum();
    assert_eq!(won, 2000);
    let profit: Money = rows.players.iter().map(|r| r.total_profit).sum();
    assert_eq!(profit, -100);

    // HandsActions: blinds 0 and 1, five folds, the raises ("bet") and the all-in call, then
    // the two showdown rows.
    let acts: Vec<_> = rows
        .actions
        .iter()
        .map(|a| (a.street, a.action_no, a.action, a.amount, a.all_in))
        .collect();
    assert_eq!(acts[0], (0, 0, "blind", 25, false));
    assert_eq!(acts[1], (0, 1, "blind", 50, false));
    assert_eq!(acts[7], (0, 7, "bet", 125, false));
    assert_eq!(acts[8], (0, 8, "bet", 300, false));
    assert_eq!(acts[9], (0, 9, "bet", 850, false));
    assert_eq!(acts[10], (0, 10, "call", 650, true));
    assert_eq!(acts[11], (-1, 0, "show", 0, false));
    assert_eq!(acts[12], (-1, 1, "show", 0, false));
    assert_eq!(acts.len(), 13);
}

/// `cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt`.
fn four_bet_preflop() -> Hand {
    let mut b = nl_holdem(1, 2);
    b.hand_mut().max_seats = Some(9);
    b.hand_mut().button_seat = Some(4);
    let p2 = b.add_player(1, "Player2", 426, false);
    let hero = b.add_player(2, "Hero", 35, false);
    let p7 = b.add_player(3, "Player7", 834, false);
    let p5 = b.add_player(4, "Player5", 370, false);
    let p6 = b.add_player(5, "Player6", 498, false);
    let p3 = b.add_player(7, "Player3", 255, false);
    let p0 = b.add_player(8, "Player0", 491, false);
    let p4 = b.add_player(9, "Player4", 131, false);
    b.post(p6, ActionKind::SmallBlind, 1, false);
    b.post(p3, ActionKind::BigBlind, 2, false);
    b.set_street(0);
    b.set_cards(hero, &cards("3d Ks"));
    b.hand_mut().hero = Some(hero);
    b.call(p0, 2, false);
    b.raise_to(p4, 8, false);
    b.raise_to(p2, 24, false);
    for p in [hero, p7, p5, p6, p3] {
        b.fold(p);
    }
    b.call(p0, 22, false);
    b.raise_to(p4, 131, true);
    b.call(p2, 107, false);
    b.fold(p0);
    b.hand_mut().boards = vec![cards("7c Ac 6s 5d Qh")];
    b.set_cards(p4, &cards("As Qs"));
    b.set_cards(p2, &cards("Jc Jd"));
    b.hand_mut().players[p4].shown = true;
    b.hand_mut().players[p2].shown = true;
    b.collect(p4, 279, 0, 0);
    b.hand_mut().total_pot = 289;
    b.hand_mut().rake = 10;
    b.finish()
}

#[test]
fn four_bet_preflop_every_value() {
    let hand = four_bet_preflop();
    let rows = derive(&hand).unwrap();
    assert_eq!(rows.seats, 8);

    let p0 = row(&rows, &hand, "Player0");
    assert_eq!(p0.position, '5');
    assert_eq!(p0.total_profit, -24);
    let x = p0.preflop;
    // The limp ends the raise-first-in walk: nobody after it has the chance.
    assert!(
        x.raise_first_in_chance && x.cold_4b_chance && x.fold_to_4b_chance && x.fold_to_4b_done
    );
    expect_counts(
        p0,
        "Player0",
        &[
            ("street0VPI", 1),
            ("street0Calls", 2),
            ("other_3BStreet0", 1),
            ("other_4BStreet0", 1),
            ("otherRaisedStreet0", 1),
            ("foldToOtherRaisedStreet0", 1),
        ],
    );
    assert_eq!(p0.action_string, "CrrfffffCrcF");

    let p4 = row(&rows, &hand, "Player4");
    assert_eq!(p4.position, '4');
    assert_eq!((p4.winnings, p4.rake, p4.total_profit), (279, 10, 148));
    assert_eq!(p4.won, [1.0, 1.0, 1.0, 0.0, 1.0]);
    assert_eq!(p4.start_cards, Some(166)); // sidecar 167 − 1
    let x = p4.preflop;
    assert!(x.fold_to_3b_chance && !x.raised_first_in && !x.raise_first_in_chance);
    let mut counts = vec![
        ("street0VPI", 1),
        ("street0Aggr", 1),
        ("street0_4BChance", 1),
        ("street0_4BDone", 1),
        ("other_3BStreet0", 1),
        ("otherRaisedStreet0", 1),
        ("street0Raises", 2),
    ];
    counts.extend(SEEN_TO_RIVER);
    expect_counts(p4, "Player4", &counts);

    let p2 = row(&rows, &hand, "Player2");
    assert_eq!(p2.position, '3');
    assert_eq!(p2.total_profit, -131);
    assert_eq!(p2.start_cards, Some(126)); // sidecar 127 − 1
    assert!(p2.preflop.fold_to_4b_chance && !p2.preflop.squeeze_chance);
    let mut counts = vec![
        ("street0VPI", 1),
        ("street0Aggr", 1),
        ("street0Calls", 1),
        ("street0_3BChance", 1),
        ("street0_3BDone", 1),
        ("other_4BStreet0", 1),
        ("otherRaisedStreet0", 1),
        ("street0Raises", 1),
    ];
    counts.extend(SEEN_TO_RIVER);
    expect_counts(p2, "Player2", &counts);

    for (name, pos, profit) in [
        ("Hero", '2', 0),
        ("Player7", '1', 0),
        ("Player5", '0', 0),
        ("Player6", 'S', -1),
        ("Player3", 'B', -2),
    ] {
        let r = row(&rows, &hand, name);
        assert_eq!(r.position, pos, "{name}");
        assert_eq!(r.total_profit, profit, "{name}");
        assert!(r.preflop.cold_4b_chance, "{name}");
        assert!(!r.preflop.raise_first_in_chance, "{name}");
        expect_counts(
            r,
            name,
            &[
                ("other_3BStreet0", 1),
                ("other_4BStreet0", 1),
                ("otherRaisedStreet0", 1),
                ("foldToOtherRaisedStreet0", 1),
            ],
        );
    }
    assert_eq!(row(&rows, &hand, "Hero").start_cards, Some(24)); // sidecar 25 − 1

    // No c-bet chances: Player4 was all-in preflop.
    for r in &rows.players {
        assert_eq!(r.count("street1CBChance"), Some(0));
    }
    let profit: Money = rows.players.iter().map(|r| r.total_profit).sum();
    assert_eq!(profit, -10);
}

//! The Merge parser against the corpus (`shared/corpus/{cash,tour}/Merge`): XML hand
//! histories of cash tables (dollars) and tournaments (chips), flop, draw, stud and HORSE.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every file
//!   parses or is refused as listed in [`EXPECTED_FAILURES`], the hands per file as in
//!   [`HANDS`]; each is detected as Merge, and no other room's file yields a Merge hand; money
//!   adds up in every hand and the derived statistics agree; hand numbers identify hands;
//!   sidecars agree (the tracker stored the id's digits run together and the printed local
//!   time to the minute); damaged hands never panic;
//! - hands checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Merge";
const DIRS: &[&str] = &["cash/Merge", "tour/Merge"];

/// The hands refused by design.
const EXPECTED_FAILURES: &[Failure] = &[
    Failure {
        file: "3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt",
        hand: Some(3_169_104_700_143),
        kind: ErrorKind::Cancelled,
        why: "the room cancelled the hand after the small blind (GAME_CANCELLED round)",
    },
    Failure {
        file: "Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
        hand: None,
        kind: ErrorKind::Unsupported,
        why: "half-pot limit: fpdb's model has no betting structure for it",
    },
    Failure {
        file: "FLHE-9max-USD-0.02-0.04.20110416.xml",
        hand: Some(3_332_503_700_509),
        kind: ErrorKind::Unfinished,
        why: "the file's last game stops after the flop's betting: no END_OF_GAME round, no \
              winner (the hand was still being played when the file was written)",
    },
    Failure {
        file: "NLHE-6max-USD-0.10-0.25-201208.player.not.in.preamble.txt",
        hand: Some(5_976_676_500_529),
        kind: ErrorKind::Malformed,
        why: "the big blind is posted from seat 5, which the seat list does not have: his name \
              and stack are unknown",
    },
];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("FLHE-9max-USD-0.02-0.04.20110416.xml", 9),
    ("HORSE-Tournament-Freeroll.201107.xml", 28),
    ("NLHE-HU-USD-5.75-STT-201208.new.header.format.txt", 22),
    ("NLHE-USD-11-MTT-201503.v.2.1.txt", 9),
    ("NLHE-USD-STT-201202.exported.txt", 21),
];

/// The hand number the reference tracker stored: the id's two numbers run together.
fn tracker_hand_no(h: &Hand) -> String {
    h.site_hand_id.replace('-', "")
}

/// The start time the reference tracker stored: the printed local time (UTC−5), to the minute.
fn tracker_start_time(h: &Hand) -> String {
    (h.start_time - chrono::Duration::hours(5))
        .format("%Y-%m-%dT%H:%M:00Z")
        .to_string()
}

/// The stack the reference tracker stored: in tournaments the balance as printed, after the
/// player's antes and blinds (a 1500-chip sit-and-go's first hand has the big blind at 1480);
/// ours adds them back.
fn tracker_stack(h: &Hand, p: PlayerIdx) -> Money {
    let pl = &h.players[p];
    if h.game.kind != GameKind::Tour {
        return pl.stack;
    }
    let posted: Money = h
        .actions
        .iter()
        .filter(|a| a.player == p && (a.kind.is_post() || a.kind == ActionKind::BringIn))
        .map(|a| a.amount)
        .sum();
    pl.stack - posted
}

#[test]
fn the_corpus_agrees() {
    let room = RoomCorpus {
        failures: EXPECTED_FAILURES,
        hands_per_file: HANDS,
        sidecar_hand_no: tracker_hand_no,
        sidecar_start_time: tracker_start_time,
        sidecar_stack: tracker_stack,
        ..RoomCorpus::new(SITE, DIRS, 113)
    };
    room_corpus_agrees(&room);
}

fn first(file: &str) -> Hand {
    first_hand(&in_game_dirs(DIRS, file))
}

#[test]
fn hands_checked_by_hand() {
    // No-limit omaha: the id, the time read as UTC−5, seats from 0 stored plus one, the small
    // blind's call of the chips added, the rake as what the winner was not paid.
    let h = first("NLO-USD-0.10-0.25-201001.Sample.txt");
    assert_eq!(
        (
            h.site.as_str(),
            h.site_hand_no,
            h.site_hand_id.as_str(),
            h.start_time.to_rfc3339(),
            h.table_name.as_str(),
            h.button_seat
        ),
        (
            "Merge",
            3_122_637_701_375,
            "31226377-1375",
            "2011-01-28T21:33:39+00:00".to_string(),
            "Uluru (31226377)",
            Some(1)
        )
    );
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (GameKind::Ring, Category::OmahaHi, LimitType::NoLimit, "USD")
    );
    assert_eq!((g.small_blind, g.big_blind), (10, 25));
    // Player4 (seat 3) is not dealt in.
    assert_eq!(h.players.len(), 5);
    assert!(h.player_index("Player4").is_none());
    assert_eq!(by_name(&h, "Hero").seat, 3);
    assert_eq!(by_name(&h, "Hero").stack, 2_500);
    assert_eq!(by_name(&h, "Player1").stack, 19_618);
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("2s 8h 3c 2h"));
    assert_eq!(by_name(&h, "Player1").cards, cards("Kh 2d Ah 4d"));
    assert_eq!(h.boards, vec![cards("3h 8s Ad Td 8c")]);
    let p2 = idx(&h, "Player2");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p2 && a.kind == ActionKind::Call && a.amount == 15));
    assert_eq!((h.total_pot, h.rake), (425, 21));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 404)]);

    // Raises printed as street totals (2013): the big blind raises to 19.50, the raiser goes
    // all-in for 74.92 more (to 80.92), the big blind calls 61.42; the later ALL_IN without
    // amount is a repeat.
    let h = first("NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt");
    let p1 = idx(&h, "Player1");
    let p3 = idx(&h, "Player3");
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == p1 && a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!((raise.amount, raise.raise_to), (1_750, Some(1_950)));
    let shove = h
        .actions
        .iter()
        .find(|a| a.player == p3 && a.amount == 7_492)
        .unwrap();
    assert_eq!(
        (shove.kind, shove.raise_to, shove.all_in),
        (ActionKind::Raise, Some(8_092), true)
    );
    assert_eq!(
        h.actions
            .iter()
            .filter(|a| a.player == p3 && a.street > 0)
            .count(),
        0
    );
    assert_eq!((h.total_pot, h.rake), (16_784, 200));
    assert_eq!(won(&h), vec![("Player1".into(), 0, 16_584)]);

    // Raises printed as the chips added (2008): the big blind's RAISE 5.00 is a raise to 5.50,
    // which the 1.00 raiser's CALL 4.50 matches; no timestamps; the uncalled 1.83 of the turn.
    let h = first("NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt");
    let p3 = idx(&h, "Player3");
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == p3 && a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!((raise.amount, raise.raise_to), (500, Some(550)));
    assert_eq!(h.start_time.to_rfc3339(), "2008-10-13T20:00:00+00:00");
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (
            h.returned[0].player,
            h.returned[0].amount,
            h.returned[0].street
        ),
        (p3, 183, 2)
    );
    assert_eq!((h.total_pot, h.rake), (5_859, 292));
    assert_eq!(won(&h), vec![("Player3".into(), 0, 5_567)]);

    // Triple draw, limit $5/$10: the all-in on the second draw's betting, the draws.
    let h = first("3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.big_bet
        ),
        (
            Category::TripleDraw27,
            LimitType::FixedLimit,
            200,
            500,
            1_000
        )
    );
    let v = idx(&h, "Villain");
    let shove = h
        .actions
        .iter()
        .find(|a| a.player == v && a.street == 2 && a.amount > 0)
        .unwrap();
    assert_eq!(
        (shove.kind, shove.amount, shove.all_in),
        (ActionKind::Raise, 1_700, true)
    );
    let hero = by_name(&h, "Hero");
    assert_eq!(hero.cards, cards("Ah 5h Ts 3c Ad"));
    assert_eq!(hero.draws.len(), 3);
    assert_eq!(hero.draws[0], cards("7c 5h 4c 3c 2d"));
    let discards: Vec<Option<u8>> = h
        .actions
        .iter()
        .filter(|a| a.kind.is_draw())
        .map(|a| a.discards)
        .collect();
    assert_eq!(discards, vec![Some(3), Some(1), None, Some(1), None, None]);
    assert_eq!((h.total_pot, h.rake), (11_400, 50));

    // A tournament's dead small blind: the balance is printed after the big blind (550 + 200),
    // whose uncalled 200 comes back; the tournament number from the data field.
    let h = first("NLHE-USD-Unk-201105.Dead.small.blind.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.game.currency, "T$");
    assert_eq!(h.tournament.as_ref().unwrap().tourney_no, 35_424_785);
    assert_eq!(by_name(&h, "Player1").stack, 750);
    assert_eq!(h.returned.len(), 1);
    assert_eq!((h.total_pot, h.rake), (0, 0));

    // HORSE: the hand's game from multigametype, the stacks before the blinds.
    let h = first_hand("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml");
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.mix.as_deref(),
            g.small_blind,
            g.big_blind
        ),
        (
            Category::Holdem,
            LimitType::FixedLimit,
            Some("horse"),
            10,
            20
        )
    );
    assert_eq!(by_name(&h, "Player4").stack, 1_000);
    assert_eq!(by_name(&h, "Player2").stack, 1_000);

    // The newer time format with its offset.
    let h = first("PLO-USD-0.50-1.00-201206.new.date.format.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2012-06-05T23:39:26+00:00");
}

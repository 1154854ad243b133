//! The KingsClub parser against the corpus (`shared/corpus/cash/KingsClub`): cash tables in
//! dollars, flop, stud and draw games.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every file
//!   parses or is refused as listed in [`EXPECTED_FAILURES`], one hand per file; each is
//!   detected as KingsClub, and no other room's file yields a KingsClub hand; money adds up in
//!   every hand and the derived statistics agree; hand numbers identify hands; sidecars agree
//!   (the corpus has none for KingsClub); damaged hands never panic;
//! - hands checked by hand against the text, a run-it-twice hand and a double-board hand among
//!   them.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "KingsClub";
const DIRS: &[&str] = &["cash/KingsClub"];

const DRAW_RIT: &str = "a draw hand run twice (two sets of new cards, a show per run, or cards \
                        dealt after the draw): the model keeps one hand per draw";
const NO_CATEGORY: &str = "a game fpdb's model has no category for";

const fn unsupported(file: &'static str, why: &'static str) -> Failure {
    Failure {
        file,
        hand: None,
        kind: ErrorKind::Unsupported,
        why,
    }
}

/// The hands refused by design.
const EXPECTED_FAILURES: &[Failure] = &[
    unsupported(
        "2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt",
        NO_CATEGORY,
    ),
    unsupported("2-7 Drawmaha-FL-USD-60-120-202108.txt", NO_CATEGORY),
    unsupported("Badacey-Limit-USD-22-44-202101.txt", NO_CATEGORY),
    unsupported("Badeucey-Limit-USD-22-44-202101.txt", NO_CATEGORY),
    unsupported("NL-2-7-SD-USD-125-250-202103.RIT.txt", DRAW_RIT),
    unsupported("NL-2-7-SD-USD-25-50-202108.1.RIT.txt", DRAW_RIT),
    unsupported("NL-2-7-SD-USD-25-50-202108.2.RIT.txt", DRAW_RIT),
    unsupported("NL-2-7-SD-USD-25-50-202108.3.RIT.txt", DRAW_RIT),
    unsupported("NL-2-7-SD-USD-25-50-202108.4.RIT.txt", DRAW_RIT),
    unsupported("2-7 Razz-USD-22-44-202101.txt", NO_CATEGORY),
    Failure {
        file: "NL-2-7-SD-USD-125-250-202103.missed.sb.txt",
        hand: Some(3_516_416),
        kind: ErrorKind::Malformed,
        why: "Player0's result line (+8.75 on a 13.50 pot) shows 1.25 more put in than the \
              printed actions (ante 1, a raise to 5 over the 2.50 big blind): a missed small \
              blind the room took without printing its post",
    },
    Failure {
        file: "NLHE-USD-125-250-202012.multi.pot.txt",
        hand: Some(3_264_632),
        kind: ErrorKind::Unfinished,
        why: "the room printed the main pot's award only: the uncontested side pot (34.50 of \
              the 48 the summary shows Player2 won) has no award line, which cannot be told \
              from a file cut before it",
    },
];

#[test]
fn the_corpus_agrees() {
    let mut room = RoomCorpus::new(SITE, DIRS, 15);
    room.failures = EXPECTED_FAILURES;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

fn first(file: &str) -> Hand {
    first_hand(&in_game_dirs(DIRS, file))
}

#[test]
fn hands_checked_by_hand() {
    // Pot-limit omaha run twice: antes, the calls printed as totals, a side pot, two boards.
    let h = first("PLO-USD-125-250-202102.RIT.txt");
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
            "KingsClub",
            3_583_643,
            "3583643",
            "2021-02-05T23:08:26+00:00".to_string(),
            "Bobbys Room Mix",
            Some(2)
        )
    );
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (
            GameKind::Ring,
            Category::OmahaHi,
            LimitType::PotLimit,
            "USD"
        )
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.ante),
        (12_500, 25_000, 5_000)
    );
    assert!(h.run_it_twice && !g.split_board);
    assert_eq!(
        h.boards,
        vec![cards("3h Qc 4s 4c Qh"), cards("3h Qc 4s Kh Ac")]
    );
    assert_eq!(by_name(&h, "Player3").stack, 692_500);
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("Ts Ad 9c Th"));
    assert_eq!(by_name(&h, "Player1").cards, cards("2h 5h As Ks"));
    let p3 = idx(&h, "Player3");
    let calls: Vec<Money> = h
        .actions
        .iter()
        .filter(|a| a.player == p3 && a.kind == ActionKind::Call)
        .map(|a| a.amount)
        .collect();
    assert_eq!(calls, vec![462_500, 200_000]);
    assert_eq!((h.total_pot, h.rake), (2_762_500, 0));
    assert_eq!(
        won(&h),
        vec![
            ("Player1".into(), 0, 1_073_750),
            ("Player1".into(), 1, 307_500),
            ("Player2".into(), 0, 1_073_750),
            ("Player2".into(), 1, 307_500),
        ]
    );
    assert!(h.returned.is_empty());

    // Limit hold'em heads-up: the blinds half the small bet, a rake, the uncalled river bet.
    let h = first("LHE-USD-40-80-202012.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.big_bet
        ),
        (Category::Holdem, LimitType::FixedLimit, 2_000, 4_000, 8_000)
    );
    assert_eq!(h.boards, vec![cards("2d 6s Js As 3h")]);
    assert_eq!((h.total_pot, h.rake), (40_000, 100));
    assert_eq!(h.returned.len(), 1);
    assert_eq!(h.returned[0].amount, 8_000);
    assert_eq!(won(&h), vec![("Player0".into(), 0, 39_900)]);

    // Double-board limit omaha: betting after the board lines.
    let h = first("LO-Split-USD-60-120-202108.txt");
    assert!(h.game.split_board && !h.run_it_twice);
    assert_eq!(h.game.category, Category::OmahaHi);
    assert_eq!(
        h.boards,
        vec![cards("Tc Qd 3s Ac 2d"), cards("Jc 6s 8s 3c Td")]
    );
    assert_eq!((h.total_pot, h.rake), (152_500, 800));
    assert_eq!(by_name(&h, "Player0").stack, 244_935);

    // Five-card omaha hi/lo (Big O) run twice, quartered: no hole-cards line.
    let h = first("5-Card-PLO8-USD-11-22-202010.quartered.txt");
    assert_eq!(h.game.category, Category::Omaha5HiLo);
    assert!(h.run_it_twice);
    assert_eq!(by_name(&h, "Hero").cards, cards("6d 2s Qh 9s 3s"));
    assert_eq!((h.total_pot, h.rake), (89_198, 350));
    assert_eq!(
        won(&h),
        vec![("Player1".into(), 0, 22_212), ("Player2".into(), 0, 66_636)]
    );

    // Seven card stud: the bring-in completed, the streets labelled one too low, the cards.
    let h = first("7-Stud-USD-44-88-202010.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.small_blind, g.big_blind, g.big_bet, g.ante),
        (Category::StudHi, 0, 4_400, 8_800, 3_316)
    );
    assert!(h.boards.is_empty() && h.button_seat.is_none());
    assert_eq!(by_name(&h, "Hero").cards[..3], cards("Td Ad 4s")[..]);
    assert_eq!(by_name(&h, "Player3").cards, cards("5s 7s 7c 7d Qd Kh 9h"));
    let p2 = idx(&h, "Player2");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p2 && a.kind == ActionKind::Complete && a.raise_to == Some(4_400)));
    assert_eq!(
        h.actions.iter().map(|a| a.street).max(),
        Some(4),
        "seventh street"
    );
    assert_eq!((h.total_pot, h.rake), (129_960, 500));
    assert_eq!(won(&h), vec![("Player3".into(), 0, 129_460)]);

    // Razz: thousands commas, an all-in short bet, the unmatched bet given back.
    let h = first("Razz-USD-500-100-202101.multi.pot.failure.txt");
    assert_eq!(h.game.category, Category::Razz);
    assert_eq!((h.game.small_bet, h.game.big_bet), (50_000, 100_000));
    assert_eq!(by_name(&h, "Player0").stack, 6_515_000);
    assert_eq!(h.returned[0].amount, 100_000);
    assert_eq!((h.total_pot, h.rake), (410_000, 0));

    // Triple draw: "posts blind" (the big blind and an unprinted dead small blind), draws.
    let h = first("2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt");
    assert_eq!(h.game.category, Category::TripleDraw27);
    let p1 = idx(&h, "Player1");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p1 && a.kind == ActionKind::BothBlinds && a.amount == 6_600));
    let hero = by_name(&h, "Hero");
    assert_eq!(hero.cards, cards("3c 7c 9d Th Jc"));
    assert_eq!(
        hero.draws,
        vec![cards("3c 7c 5s 9c Kd"), cards("3c 7c 5s Qd 6s")]
    );
    assert_eq!(by_name(&h, "Player3").draws.len(), 3);
    assert_eq!(h.actions.iter().map(|a| a.street).max(), Some(3));
    assert_eq!((h.total_pot, h.rake), (119_900, 500));
    assert_eq!(won(&h), vec![("Player3".into(), 0, 119_400)]);

    // Badugi: four cards.
    let h = first("Badugi-Limit-USD-30-60-202010.txt");
    assert_eq!(h.game.category, Category::Badugi);
    assert_eq!(by_name(&h, "Hero").cards, cards("8d 7s 8h 9d"));
}

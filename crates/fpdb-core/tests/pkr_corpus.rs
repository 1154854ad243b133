//! The PKR parser against the corpus (`shared/corpus/{cash,tour}/PKR`): hold'em nl, omaha hi/lo
//! pl; cash (USD, EUR, play money) and tournaments (Sit & Go, multi-table, antes, knockout
//! bounties), 2009 to 2015.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as PKR, and no other room's file yields a PKR hand; money adds up in every
//!   hand and the derived statistics agree; hand numbers identify hands; the sidecar agrees;
//!   damaged hands never panic;
//! - the first hand of several files, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "PKR";
const DIRS: &[&str] = &["cash/PKR", "tour/PKR"];

/// Text that cannot be read, by design.
const FAILURES: &[Failure] = &[Failure {
    file: "NLHE-10max-USD-0.02-0.04-201206.txt",
    hand: None,
    kind: ErrorKind::NotAHandHistory,
    why: "the file starts inside a hand: the end of a hand whose first lines are not in it",
}];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("NLHE-10max-USD-0.02-0.04-201206.txt", 47),
    ("NLHE-USD-STT-201205.txt", 13),
    ("NLHE-USD-STT-201501.antes.only.txt", 2),
    ("PLO8-USD-MTT-201205.txt", 5),
];

#[test]
fn the_corpus_agrees() {
    // 77 hands (55 cash, 22 tournament), none refused (the end of a hand whose beginning is not
    // in the file, at the start of one file, is no hand).
    let mut room = RoomCorpus::new(SITE, DIRS, 77);
    room.failures = FAILURES;
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

/// The `.hp` sidecar of the 2009 file: seats, stacks and cards agree (`the_corpus_agrees`); its
/// money does not for two players, where the reference tracker misread the format (the stacks
/// the hand prints after it, which the parser checks, agree with ours): it took `calls $0.04`
/// for the chips added (it is the caller's total on the street: Player2's small blind and call
/// put in $0.04, not $0.06, and his flop call $0.16, not more) and did not read Hero's `posts
/// $0.04` (a newcomer's big blind). Its `winnings` are 0 for everyone (Player3 won $3.66).
#[test]
fn the_sidecar_money() {
    let rel = path("NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt");
    let h = first_hand(&rel);
    let rows = fpdb_core::stats::derive(&h).unwrap();
    let side = sidecar(&rel, "hp.json").unwrap();
    let mut differ = Vec::new();
    for r in &rows.players {
        let name = name(&h, r.player);
        let theirs = side[name]["totalProfit"].as_i64().unwrap();
        if theirs != r.total_profit {
            differ.push((name.to_string(), r.total_profit, theirs));
        }
    }
    differ.sort();
    assert_eq!(
        differ,
        vec![("Hero".into(), -92, -88), ("Player2".into(), -20, -28)]
    );
    assert_eq!(won(&h), vec![("Player3".into(), 0, 366)]);
}

/// The corpus path of `file` in one of the room's folders.
fn path(file: &str) -> String {
    in_game_dirs(DIRS, file)
}

fn first(file: &str) -> Hand {
    first_hand(&path(file))
}

/// The actions of player `name` as (street, kind, amount).
fn actions_of(h: &Hand, name: &str) -> Vec<(i8, ActionKind, Money)> {
    let p = idx(h, name);
    h.actions
        .iter()
        .filter(|a| a.player == p)
        .map(|a| (a.street, a.kind, a.amount))
        .collect()
}

#[test]
fn first_hands_checked_by_hand() {
    // A disconnected player's protected share: what he won.
    let h = first("NLHE-10max-USD-0.02-0.04-201208.disconnected.won.txt");
    assert_eq!(
        (h.site_hand_no, h.table_name.as_str()),
        (2_138_526_544, "Audeamus 1")
    );
    assert_eq!(h.start_time.to_rfc3339(), "2012-08-01T03:36:03+00:00");
    assert_eq!(h.button_seat, Some(1));
    assert_eq!((h.total_pot, h.rake), (18, 1));
    assert_eq!(
        won(&h),
        vec![("Player1".into(), 0, 13), ("Player5".into(), 0, 4)]
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("Th 9s"));
    assert_eq!(h.returned.len(), 1);

    // Side pots numbered as the room numbers them; players who sat the hand out.
    let h = first("NLHE-10max-USD-0.02-0.04-201208.multiple.side.pots.txt");
    assert_eq!((h.total_pot, h.rake), (172, 17));
    assert_eq!(
        won(&h),
        vec![
            ("Player0".into(), 0, 16),
            ("Player0".into(), 1, 42),
            ("Player3".into(), 0, 16),
            ("Player3".into(), 1, 43),
            ("Player3".into(), 2, 38),
        ]
    );
    assert!(by_name(&h, "Player5").sitting_out); // away from the table
    assert!(by_name(&h, "Player7").sitting_out); // dealt in after the button
    assert!(!by_name(&h, "Player2").sitting_out);
    // A late big blind ("posts $0.04") is live.
    assert_eq!(
        actions_of(&h, "Player3")[0],
        (POSTS, ActionKind::BigBlind, 4)
    );

    // A missed small blind posted dead beside "posts $0"; the raise nobody called comes back.
    let h = first("NLHE-10max-USD-0.02-0.04-201208.secondsb.txt");
    assert_eq!(
        actions_of(&h, "Player5"),
        vec![
            (POSTS, ActionKind::DeadSmallBlind, 2),
            (0, ActionKind::Raise, 8)
        ]
    );
    assert_eq!(h.returned.len(), 1);
    assert_eq!((h.returned[0].amount, h.total_pot, h.rake), (4, 12, 0));

    // Play money in cents; calls print the caller's total.
    let h = first("NLHE-10max-play-5-10-201108.txt");
    assert_eq!(h.game.currency, "play");
    assert_eq!(by_name(&h, "Player4").stack, 838_250);
    assert_eq!(won(&h), vec![("Player1".into(), 0, 769_500)]);

    // Euros; a big blind's call to the raise adds the difference.
    let h = first("NLHE-6max-EUR-0.25-0.50-201303.txt");
    assert_eq!(h.game.currency, "EUR");
    assert_eq!((h.game.small_blind, h.game.big_blind), (25, 50));
    assert_eq!(
        actions_of(&h, "Hero")[..2],
        [(POSTS, ActionKind::BigBlind, 50), (0, ActionKind::Call, 50)]
    );
    assert_eq!((h.total_pot, h.rake), (1_657, 127));
    assert!(by_name(&h, "Player1").mucked);

    // Lower-case ranks; a player who sat down during the hand is not in it.
    let h = first("NLHE-USD-1.00-2.00-201009.third.card.format.txt");
    assert_eq!(by_name(&h, "Hero").cards, cards("Qs 2s"));
    assert_eq!(h.boards[0], cards("4s Qc 2c 4c 6d"));
    assert_eq!(h.players.len(), 4);
    assert_eq!(won(&h), vec![("Player1".into(), 0, 7_500)]);

    // The hand without its table line.
    let h = first("NLHE-USD-3.00-6.00-201108.partial.txt");
    assert_eq!((h.table_name.as_str(), h.button_seat), ("", Some(6)));
    assert_eq!(h.site_hand_no, 1_829_716_517);

    // 2009: cards in one bracket, "End Of Hand" with another number.
    let h = first("NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt");
    assert_eq!(by_name(&h, "Hero").cards, cards("Ad 8h"));
    assert_eq!(h.boards[0], cards("9s Ac 5s 4s 2c"));
    assert_eq!(by_name(&h, "Player4").cards, cards("4d 9c"));
    assert_eq!((h.total_pot, h.rake), (406, 40));

    // A knockout tournament: bounties, the tournament's table.
    let h = first("NLHE-USD-MTT-201201.bounties.txt");
    assert_eq!(
        (h.game.kind, h.game.currency.as_str()),
        (GameKind::Tour, "T$")
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref()),
        (24_820_874, Some("7"))
    );
    assert_eq!(h.table_name, "Tournament #24820874 Table #7");
    assert_eq!(by_name(&h, "Player7").bounty, Some(48));
    assert_eq!(by_name(&h, "Player7").stack, 5_942);
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));

    // All in on the antes: the room returns the unmatched part of the larger one.
    let h = first("NLHE-USD-STT-201205.all.in.ante.txt");
    assert_eq!(h.game.ante, 20);
    assert_eq!((h.returned.len(), h.returned[0].amount), (1, 10));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 20)]);

    // Antes and no blinds.
    let h = first("NLHE-USD-STT-201501.antes.only.txt");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (0, 0, 10)
    );
    assert_eq!(h.tournament.as_ref().unwrap().tourney_no, 31_130_710);

    // A Sit & Go: the all-in bet nobody called, which the room does not return in words.
    let h = first("NLHE-USD-STT-201205.txt");
    assert_eq!(h.tournament.as_ref().unwrap().tourney_no, 25_738_091);
    assert_eq!(h.tournament.as_ref().unwrap().table_no, None);
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player6", 7_000)
    );
    assert_eq!(won(&h), vec![("Player6".into(), 0, 6_900)]);
    // A fold that shows a card.
    let h = hand(&path("NLHE-USD-STT-201205.txt"), 2_072_796_965);
    let p5 = by_name(&h, "Player5");
    assert!(p5.shown);
    assert!(p5.cards.contains(&card("Ad")));

    // Omaha hi/lo: the halves of the pot, a hero's four cards.
    let h = first("PLO8-USD-MTT-201205.txt");
    assert_eq!(
        (h.game.category, h.game.limit_type),
        (Category::OmahaHiLo, LimitType::PotLimit)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("9s 7s Qs Td"));
    assert_eq!(
        won(&h),
        vec![("Player6".into(), 0, 2_470), ("Player6".into(), 0, 2_470)]
    );
}

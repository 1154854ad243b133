//! The Enet parser against the corpus (`shared/corpus/cash/Enet`): hold'em no-limit and omaha
//! pot-limit cash tables in euros, 2012. The four files are each named for a fault of the room's
//! writer; two of them print awards that cannot add up to the pot and are refused.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here; each is detected as Enet, and no
//!   other room's file yields an Enet hand; money adds up in every hand and the derived
//!   statistics agree; hand numbers identify hands; damaged hands never panic;
//! - the two hands that import, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Enet";
const DIRS: &[&str] = &["cash/Enet"];

/// Refused by design: the room printed awards that do not add up to the pot.
const FAILURES: &[Failure] = &[
    Failure {
        file: "PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt",
        hand: Some(7_732_419),
        kind: ErrorKind::Malformed,
        why: "the room awards 56,64 and takes 1,39 of a pot of 140,53: the side pot between the \
              two all-in players (80,28) is in no award",
    },
    Failure {
        file: "PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt",
        hand: Some(6_404_139),
        kind: ErrorKind::Malformed,
        why: "the room awards 7,88 and 4,39 and takes 0,27 of a pot of 22,21: the first side pot \
              (9,15, won by the main pot's winner) is in no award",
    },
];

#[test]
fn the_corpus_agrees() {
    // 4 hands: 2 imported, 2 refused (the room's awards do not add up).
    let mut room = RoomCorpus::new(SITE, DIRS, 2);
    room.failures = FAILURES;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
    no_sidecars_to_compare(DIRS);
}

/// The two refusals are for the money, not for a line fpdb cannot read.
#[test]
fn refused_for_their_money() {
    for f in FAILURES {
        let e = parse_file(&in_flop(DIRS, f.file))
            .into_iter()
            .next()
            .unwrap()
            .unwrap_err();
        assert!(
            e.message.starts_with("the pot does not add up"),
            "{}: {}",
            f.file,
            e.full_message()
        );
    }
}

/// The files print no hole cards: no hand has a hero.
#[test]
fn no_hero() {
    for (rel, h) in all_hands(DIRS) {
        assert_eq!(h.hero, None, "{rel}");
    }
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

#[test]
fn hands_checked_by_hand() {
    // A dead small blind printed without its amount, a big blind without its amount by a player
    // not dealt in; the uncalled bet printed again as a collection; the button numbered from 0.
    let h = first("NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2012-10-03T12:16:31+00:00");
    assert_eq!(
        (h.game.limit_type, h.game.currency.as_str()),
        (LimitType::NoLimit, "EUR")
    );
    assert_eq!(h.button_seat, Some(3));
    let p1 = idx(&h, "Player1");
    let p4 = idx(&h, "Player4");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p1 && a.kind == ActionKind::DeadSmallBlind && a.amount == 5));
    assert!(!h.actions.iter().any(|a| a.player == p4));
    assert_eq!(h.returned[0].amount, 20);
    assert_eq!(won(&h), vec![("Hero".into(), 0, 30)]);
    assert_eq!((h.total_pot, h.rake), (30, 0));

    // A player who checks before the flop with no post: both blinds, unprinted; the summary's
    // award, not the uncalled bet printed as a collection; the rake line among the actions.
    let h = first("PLO-9max-USD-0.10-0.25-201208.accounting.issue.txt");
    assert_eq!(
        (h.game.category, h.game.limit_type, h.game.currency.as_str()),
        (Category::OmahaHi, LimitType::PotLimit, "EUR")
    );
    let p6 = idx(&h, "Player6");
    let post = h.actions.iter().find(|a| a.player == p6).unwrap();
    assert_eq!((post.kind, post.amount), (ActionKind::BothBlinds, 35));
    assert_eq!(h.returned[0].amount, 82);
    assert_eq!(won(&h), vec![("Player0".into(), 0, 104)]);
    assert_eq!((h.total_pot, h.rake), (110, 6));
    assert_eq!(h.boards[0], cards("4d 2h 8s Qs Ts"));
}

//! The Enet parser against the corpus (`shared/corpus/cash/Enet`): hold'em no-limit and omaha
//! pot-limit cash tables in euros, 2012. The four files are each named for a fault of the room's
//! writer; two of them leave a side pot out of the showdown's awards, which the shown cards then
//! award.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses; each is detected as Enet, and no other room's file yields an Enet hand;
//!   money adds up in every hand and the derived statistics agree; hand numbers identify hands;
//!   damaged hands never panic;
//! - the four hands, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Enet";
const DIRS: &[&str] = &["cash/Enet"];

#[test]
fn the_corpus_agrees() {
    // 4 hands, all imported.
    let mut room = RoomCorpus::new(SITE, DIRS, 4);
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
    no_sidecars_to_compare(DIRS);
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

    // The room awards 56,64 and takes 1,39 of a pot of 140,53: the side pot between cik and
    // Player2 (80,28) is in no award. Player2's three kings win the main pot (60,25) and the side
    // pot: 140,53 less the rake.
    let h = first("PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt");
    assert_eq!(won(&h), vec![("Player2".into(), 0, 13_914)]);
    assert_eq!((h.total_pot, h.rake), (14_053, 139));
    assert_eq!(h.boards[0], cards("Td 4h 7d 2d Kc"));

    // The room awards 7,88 and 4,39 and takes 0,27 of a pot of 22,21: the first side pot (9,15)
    // is in no award. By the cards Player0's three twos win the main pot (8,40) and the first
    // side pot, Player4's kings up the second (4,66, against Player3's tens up); the rake of 0,27
    // comes off the three pots in proportion (0,10, 0,11 and 0,06).
    let h = first("PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt");
    assert_eq!(
        won(&h),
        vec![("Player0".into(), 0, 1_734), ("Player4".into(), 0, 460)]
    );
    assert_eq!((h.total_pot, h.rake), (2_221, 27));
}

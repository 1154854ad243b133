//! The Betfair parser against the corpus (`shared/corpus/cash/Betfair`): one pot-limit omaha
//! hand of 2009, all in on the river, a main pot and a side pot.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): the file parses,
//!   its hand is detected as Betfair and no other room's file yields a Betfair hand; money adds
//!   up (the rake, not printed, is what nobody won: at most 5% here) and the statistics agree;
//!   damaged hands never panic;
//! - the hand checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Betfair";
const DIRS: &[&str] = &["cash/Betfair"];
const FILE: &str = "cash/Betfair/Flop/PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt";

#[test]
fn the_corpus_agrees() {
    let mut room = RoomCorpus::new(SITE, DIRS, 1);
    room.rules.max_rake_percent = Some(5);
    room_corpus_agrees(&room);
    no_sidecars_to_compare(DIRS);
}

#[test]
fn the_hand_checked_by_hand() {
    let h = first_hand(FILE);
    assert_eq!((h.site.as_str(), h.site_hand_no), ("Betfair", 100_000_000));
    assert_eq!(h.start_time.to_rfc3339(), "2009-10-18T20:00:00+00:00");
    assert_eq!((h.table_name.as_str(), h.max_seats), ("Death 1", Some(6)));
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.currency.as_str()
        ),
        (Category::OmahaHi, LimitType::PotLimit, 5, 10, "USD")
    );
    assert_eq!(h.button_seat, Some(2));
    assert_eq!(by_name(&h, "Hero").cards, cards("7c 6c 5h Jh"));
    assert_eq!(by_name(&h, "Player1").cards, cards("3h 4h Td 4s"));
    assert_eq!(h.boards[0], cards("4d 5d 6d 3s 4c"));
    // Hero's big blind as a newcomer is live: his raise to $1 puts in $0.90 more.
    let hero = idx(&h, "Hero");
    let hero_actions: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.player == hero)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        hero_actions,
        vec![
            (ActionKind::BigBlind, 10),
            (ActionKind::Check, 0),
            (ActionKind::Raise, 90)
        ]
    );
    assert!(h.actions.iter().any(|a| a.player == hero && a.all_in));
    // The rake nobody printed: what the winners did not take.
    assert_eq!((h.total_pot, h.rake), (1_126, 56));
    assert_eq!(
        won(&h),
        vec![("Player4".into(), 0, 444), ("Player4".into(), 1, 626)]
    );
}

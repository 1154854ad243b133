//! The Cake parser against the corpus (`shared/corpus/cash/Cake`, `tour/Cake`): cash tables in
//! dollars (decimal points and commas), euros and play money; tournaments of both header
//! formats.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused as listed; each is detected as Cake, and no other room's
//!   file yields a Cake hand; money adds up in every hand and the derived statistics agree;
//!   hand numbers identify hands; the sidecars agree; damaged hands never panic;
//! - the HandsPlayers sidecar of the fixed-limit file (winnings, profit, cards, start cards);
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Cake";
const DIRS: &[&str] = &["cash/Cake", "tour/Cake"];

/// Refused by design.
const EXPECTED_FAILURES: &[Failure] = &[Failure {
    file: "NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt",
    hand: None,
    kind: ErrorKind::Unfinished,
    why: "no award: \"Player left the table\" is printed where the winner should be",
}];

const HANDS: &[(&str, usize)] = &[("NLHE-6-max-0.05-0.10-201108.Sample.txt", 20)];

#[test]
fn the_corpus_agrees() {
    let room = RoomCorpus {
        failures: EXPECTED_FAILURES,
        hands_per_file: HANDS,
        rules: Rules {
            max_rake_percent: Some(10),
            ..Rules::PLAIN
        },
        ..RoomCorpus::new(SITE, DIRS, 40)
    };
    room_corpus_agrees(&room);
}

#[test]
fn the_sidecar_agrees() {
    assert_eq!(hp_sidecars_agree(DIRS), 6);
}

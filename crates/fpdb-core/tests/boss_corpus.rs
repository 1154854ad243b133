//! The Boss Media parser against the corpus (`shared/corpus/cash/Boss`, `tour/Boss`): hold'em
//! nl and fl, omaha hi and hi/lo pl, 5-card draw pl and fl; cash tables in EUR, USD, SEK and CAD
//! (the network, Opoker, espacejeux), tournaments (MTT, Sit & Go) in chips, 2009 to 2017.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as Boss, and no other room's file yields a Boss hand; money adds up in every
//!   hand and the derived statistics agree; hand numbers identify hands; the sidecars agree;
//!   damaged hands never panic;
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "Boss";
const DIRS: &[&str] = &["cash/Boss", "tour/Boss"];

/// Hands that cannot be read, by design.
const FAILURES: &[Failure] = &[
    Failure {
        file: "LHE-10-20-USD-201105.post.both.txt",
        hand: Some(2_575_876_940),
        kind: ErrorKind::Unfinished,
        why: "the file stops after the last <RESULT>, before </SHOWDOWN></HISTORY>: cut",
    },
    Failure {
        file: "NLHE-CAD-MTT-201101.txt",
        hand: Some(1_356_000_005_846_884),
        kind: ErrorKind::Malformed,
        why: "the small blind is printed as 50 at a table of 50/100 whose big blind posts 50: the \
              flop's pot (175) shows 25 was posted",
    },
    Failure {
        file: "NLHE-CAD-MTT-201101.txt",
        hand: Some(1_356_000_005_855_055),
        kind: ErrorKind::Malformed,
        why: "the flop's pot holds 200 chips no action put in (the unprinted antes), which nine \
              players dealt in cannot have paid in equal antes",
    },
    Failure {
        file: "NLHE-CAD-MTT-201101.txt",
        hand: Some(1_356_000_005_859_304),
        kind: ErrorKind::Malformed,
        why: "a player seated with 0.00 (he had just sat down: his stack is not printed) goes all \
              in for 6733",
    },
];

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[
    ("5CD-FL-EUR-2-4.Opoker.sample.xml", 14),
    ("NLHE-CAD-0.02-0.04.Sample.espacejeux.com.txt", 4),
    ("NLHE-CAD-MTT-201101.txt", 86),
];

/// The reference tracker stored the hero's cards only: the omaha sample's winner shows his
/// (`<RESULT PLAYER="Villain" ...>` with four cards, a straight on the board), its sidecar has
/// none.
fn hero_cards_stored(h: &Hand, p: PlayerIdx) -> bool {
    h.hero == Some(p)
}

#[test]
fn the_corpus_agrees() {
    // 116 hands (26 cash, 90 tournament), 4 refused (3.3%).
    let mut room = RoomCorpus::new(SITE, DIRS, 116);
    room.failures = FAILURES;
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room.sidecar_cards_stored = hero_cards_stored;
    room_corpus_agrees(&room);
}

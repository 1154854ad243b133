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
        hand: Some(316_910_470_000_143),
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
        hand: Some(333_250_370_000_509),
        kind: ErrorKind::Unfinished,
        why: "the file's last game stops after the flop's betting: no END_OF_GAME round, no \
              winner (the hand was still being played when the file was written)",
    },
    Failure {
        file: "NLHE-6max-USD-0.10-0.25-201208.player.not.in.preamble.txt",
        hand: Some(597_667_650_000_529),
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

//! The PokerTracker-export parser against the corpus (`shared/corpus/cash/PokerTracker`,
//! `tour/PokerTracker`): PokerTracker 4's exports of several rooms, one header style each.
//!
//! - every hand of every file parses or is refused as listed (`EXPECTED_FAILURES`: the
//!   iPoker, Merge and Everest styles, which fpdb does not read yet), with the hands per file;
//!   each hand read is of the site its header style says (`Microgaming`); every chunk of these
//!   files is detected as the PokerTracker room, and no other room's file is;
//! - money adds up in every hand and the derived statistics agree; hand numbers identify
//!   hands; sidecars agree (the corpus has none for these files; one added later is compared
//!   too); damaged hands never panic;
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

/// The room's detection name (`Room::site`); the hands' site is the exported room's.
const ROOM: &str = "PokerTracker";
const DIRS: &[&str] = &["cash/PokerTracker", "tour/PokerTracker"];

const NOT_YET: &str = "a PokerTracker export style fpdb does not read yet (refused whole)";

const fn refused(file: &'static str) -> Failure {
    Failure {
        file,
        hand: None,
        kind: ErrorKind::Unsupported,
        why: NOT_YET,
    }
}

/// Refused by design: every file of the `GAME #` (iPoker), `MERGE_GAME #`/`Merge Game #`
/// (Merge) and `EverestPoker Game #` (Everest) styles.
const EXPECTED_FAILURES: &[Failure] = &[
    refused("NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt"),
    refused("NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt"),
    refused("NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt"),
    refused("NLHE-EUR-10-20-202104.iPoker.all.in.blind.txt"),
    refused("NLHE-EUR-5-10-202104.iPoker.shows.one.txt"),
    refused("NLHE-USD-0.10-0.25-201201.Merge-post-both.txt"),
    refused("NLHE-USD-0.50-1.00-201101.Everest.txt"),
    refused("NLHE-USD-0.50-1.00-201101.Merge.txt"),
    refused("NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt"),
    refused("PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt"),
    refused("LHE-EUR-SNG-201111.Everest.txt"),
    refused("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt"),
    refused("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt"),
    refused("NLHE-USD-SNG-2-201106.iPoker.txt"),
    refused("NLHE-USD-SNG-2-201111.Merge.txt"),
    refused("PLO-USD-5-201202.Merge.all.in.blind.txt"),
];

/// (file, hands parsed, hands refused).
const COUNTS: &[(&str, usize, usize)] = &[
    ("NLHE-2max-EUR-25.00-50.00-201305.new.format.txt", 1, 0),
    ("NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt", 0, 1),
    ("NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt", 0, 1),
    ("NLHE-EUR-0.05-0.10-201111.Microgaming.txt", 2, 0),
    ("NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt", 1, 0),
    ("NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt", 0, 1),
    ("NLHE-EUR-10-20-202104.iPoker.all.in.blind.txt", 0, 1),
    ("NLHE-EUR-5-10-202104.iPoker.shows.one.txt", 0, 1),
    ("NLHE-USD-0.10-0.25-201201.Merge-post-both.txt", 0, 1),
    ("NLHE-USD-0.50-1.00-201101.Everest.txt", 0, 100),
    ("NLHE-USD-0.50-1.00-201101.Merge.txt", 0, 39),
    ("NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt", 0, 1),
    ("PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt", 1, 0),
    ("PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt", 0, 2),
    ("PLO-EUR-0.25-0.50-201601.all.in.call.txt", 1, 0),
    ("LHE-EUR-SNG-201111.Everest.txt", 0, 67),
    ("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt", 0, 1),
    (
        "NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt",
        1,
        0,
    ),
    ("NLHE-2max-USD-0-STT-201307.Microgaming.txt", 6, 0),
    ("NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt", 1, 0),
    ("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt", 0, 1),
    ("NLHE-USD-SNG-2-201106.iPoker.txt", 0, 240),
    ("NLHE-USD-SNG-2-201111.Merge.txt", 0, 17),
    ("PLO-USD-5-201202.Merge.all.in.blind.txt", 0, 1),
];

/// The site of the hands of `rel`, by the style its name says.
fn site_of(rel: &str) -> Option<&'static str> {
    EXPECTED_FAILURES
        .iter()
        .all(|f| !is_file(rel, f.file))
        .then_some("Microgaming")
}

#[test]
fn the_corpus_agrees() {
    let counts = parse_every_file(DIRS, 0, site_of, |rel, e| listed(EXPECTED_FAILURES, rel, e));
    let got: Vec<(String, usize, usize)> = counts
        .iter()
        .map(|c| (file_name(&c.rel).to_string(), c.parsed, c.failed.len()))
        .collect();
    println!("{got:?}");
    for c in &counts {
        let want = COUNTS
            .iter()
            .find(|w| is_file(&c.rel, w.0))
            .map(|w| (w.1, w.2));
        assert_eq!(Some((c.parsed, c.failed.len())), want, "{}", c.rel);
    }
    assert_eq!(counts.len(), COUNTS.len());
    other_rooms_are_not(ROOM, DIRS);
    let hands = all_hands(DIRS);
    let parsed: usize = COUNTS.iter().map(|c| c.1).sum();
    assert_eq!(hands.len(), parsed);
    let rules = Rules {
        max_rake_percent: Some(10),
        ..Rules::PLAIN
    };
    money_adds_up(&hands, rules, &[]);
    statistics_agree(&hands, &[]);
    hand_numbers_identify_hands(DIRS);
    let compared = first_hand_sidecars_agree_by(DIRS, site_hand_no);
    println!("{compared} files with sidecars compared");
    assert!(damaged_hands_never_panic(DIRS) > 500);
}

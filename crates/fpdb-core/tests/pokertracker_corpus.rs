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

const NOT_YET: &str = "a PokerTracker export style fpdb does not read yet: its headers are \
                       recognised by no room, so the file is no hand history fpdb reads";

const fn refused(file: &'static str) -> Failure {
    Failure {
        file,
        hand: None,
        kind: ErrorKind::NotAHandHistory,
        why: NOT_YET,
    }
}

/// Refused by design: every file of the `GAME #` (iPoker), `MERGE_GAME #`/`Merge Game #`
/// (Merge) and `EverestPoker Game #` (Everest) styles, whose headers no room takes (one
/// `NotAHandHistory` error for the file).
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

/// (file, hands parsed, errors): a refused file is one error (the hand counts are in the
/// README notes).
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
    ("NLHE-USD-0.50-1.00-201101.Everest.txt", 0, 1),
    ("NLHE-USD-0.50-1.00-201101.Merge.txt", 0, 1),
    ("NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt", 0, 1),
    ("PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt", 1, 0),
    ("PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt", 0, 1),
    ("PLO-EUR-0.25-0.50-201601.all.in.call.txt", 1, 0),
    ("LHE-EUR-SNG-201111.Everest.txt", 0, 1),
    ("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt", 0, 1),
    (
        "NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt",
        1,
        0,
    ),
    ("NLHE-2max-USD-0-STT-201307.Microgaming.txt", 6, 0),
    ("NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt", 1, 0),
    ("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt", 0, 1),
    ("NLHE-USD-SNG-2-201106.iPoker.txt", 0, 1),
    ("NLHE-USD-SNG-2-201111.Merge.txt", 0, 1),
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
    detection_is_the_rooms();
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
    assert!(damaged_hands_never_panic() > 500);
}

/// The first four hands of every file of the read style, each line dropped, repeated, or cut
/// at every other character: errors, never a panic (as `common::damaged_hands_never_panic`,
/// without the refused files, whose one chunk is the whole file).
fn damaged_hands_never_panic() -> usize {
    let mut parsed = 0;
    for rel in room_files(DIRS) {
        if EXPECTED_FAILURES.iter().any(|f| is_file(&rel, f.file)) {
            continue;
        }
        let text = read(&rel);
        for c in fpdb_core::split::chunks(&text).take(4) {
            let lines: Vec<&str> = c.text.lines().collect();
            for i in 0..lines.len() {
                let mut variants = vec![
                    [&lines[..i], &lines[i + 1..]].concat().join("\n"),
                    [&lines[..=i], &lines[i..]].concat().join("\n"),
                ];
                let line = lines[i];
                for (cut, _) in line.char_indices().skip(1).step_by(2) {
                    let mut v = lines.clone();
                    v[i] = &line[..cut];
                    variants.push(v.join("\n"));
                }
                for v in &variants {
                    for r in fpdb_core::parse_history(v) {
                        if let Ok(h) = r {
                            let _ = fpdb_core::stats::derive_unpriced(&h);
                        }
                        parsed += 1;
                    }
                }
            }
        }
    }
    parsed
}

/// No other room's file yields a chunk of the PokerTracker room; every chunk of the read
/// style's files is the room's, and no chunk of the refused styles' files is any room's.
fn detection_is_the_rooms() {
    let mut wrong = Vec::new();
    for (mine, files) in [(false, other_files(DIRS)), (true, room_files(DIRS))] {
        for rel in files {
            let text = read(&rel);
            let refused = EXPECTED_FAILURES.iter().any(|f| is_file(&rel, f.file));
            for c in fpdb_core::split::chunks(&text) {
                let room = c.room.map(|r| r.site());
                let want = if mine && !refused { Some(ROOM) } else { None };
                let ok = if mine {
                    room == want
                } else {
                    room != Some(ROOM)
                };
                if !ok {
                    wrong.push(format!("{rel} line {}: read as {room:?}", c.first_line));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

fn returned(h: &Hand) -> Vec<(String, Money)> {
    h.returned
        .iter()
        .map(|r| (name(h, r.player).to_string(), r.amount))
        .collect()
}

#[test]
fn hands_checked_by_hand() {
    // Version 3, heads-up: the amounts are the chips added; Hero's 250 over the bet is paid
    // inside his award (649 = 400 pot − 1 rake + 250).
    let h = first("NLHE-2max-EUR-25.00-50.00-201305.new.format.txt");
    let head = (
        h.site.as_str(),
        h.site_hand_no,
        h.site_hand_id.as_str(),
        h.start_time.to_rfc3339(),
        h.table_name.as_str(),
        (h.max_seats, h.button_seat),
    );
    assert_eq!(
        head,
        (
            "Microgaming",
            4_908_778_359,
            "4908778359",
            "2013-05-28T16:44:14+00:00".to_string(),
            "Anonymous (Heads Up)",
            (Some(2), Some(1))
        )
    );
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (GameKind::Ring, Category::Holdem, LimitType::NoLimit, "EUR")
    );
    assert_eq!((g.small_blind, g.big_blind), (2500, 5000));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("Ac 6d"));
    assert_eq!(by_name(&h, "Player 1").stack, 1_478_500);
    assert_eq!(h.boards[0], cards("6s Th 6c"));
    let p1 = idx(&h, "Player 1");
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == p1 && a.kind == ActionKind::Raise);
    assert_eq!(raise.map(|a| a.amount), Some(7500));
    assert_eq!((h.total_pot, h.rake), (40_000, 100));
    assert_eq!(returned(&h), vec![("Hero".into(), 25_000)]);
    assert_eq!(won(&h), vec![("Hero".into(), 0, 39_900)]);

    // The oldest export (no Version, no end stacks): calls and raises print the street's
    // total ("called - 0.20" by the big blind adds 0.10), all-ins the chips added.
    let h = first("NLHE-EUR-0.05-0.10-201111.Microgaming.txt");
    assert_eq!(h.site_hand_no, 4_152_594_215);
    assert_eq!(h.table_name, "Deal 252 (Deep)");
    assert!(by_name(&h, "player1").sitting_out);
    assert_eq!(h.button_seat, Some(3));
    let hero = idx(&h, "Hero");
    let call = h
        .actions
        .iter()
        .find(|a| a.player == hero && a.kind == ActionKind::Call);
    assert_eq!(call.map(|a| a.amount), Some(10));
    // Both all-in for their stacks: player5's 5.81 over Hero's 10.76 comes back.
    assert_eq!(returned(&h), vec![("player5".into(), 581)]);
    assert_eq!((h.total_pot, h.rake), (2157, 107));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 2050)]);
    assert_eq!(by_name(&h, "player5").cards, cards("Kd Ac"));
    assert!(by_name(&h, "Hero").shown);
    assert_eq!(h.boards[0], cards("As Ts 2c Kc Qh"));

    // Its second hand: a side pot.
    let h = hand(
        &in_flop(DIRS, "NLHE-EUR-0.05-0.10-201111.Microgaming.txt"),
        4_162_388_199,
    );
    assert_eq!(returned(&h), vec![("Hero".into(), 899)]);
    assert_eq!(
        won(&h),
        vec![("player8".into(), 0, 2974), ("player8".into(), 1, 40)]
    );
    assert_eq!((h.total_pot, h.rake), (3172, 158));

    // "posted to play": both blinds, the small-blind part dead; the end stacks agree.
    let h = first("NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt");
    let p0 = idx(&h, "Player0");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p0 && a.kind == ActionKind::BothBlinds && a.amount == 5));
    assert_eq!(returned(&h), vec![("Player1".into(), 10)]);
    assert_eq!((h.total_pot, h.rake), (35, 1));
    assert_eq!(won(&h), vec![("Player1".into(), 0, 34)]);

    // "** Hand #" exports: Omaha, "raised to" prints the chips added, a printed rake.
    let h = first("PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt");
    assert_eq!(h.site_hand_no, 5_029_053_937);
    assert_eq!(h.table_name, "Position PLO HU 47");
    assert_eq!(
        (h.game.category, h.game.limit_type, h.game.currency.as_str()),
        (Category::OmahaHi, LimitType::PotLimit, "EUR")
    );
    assert_eq!(h.button_seat, Some(1));
    assert_eq!(by_name(&h, "Hero").cards, cards("Qh 9c 2h Ah"));
    let raise = h.actions.iter().find(|a| a.kind == ActionKind::Raise);
    assert_eq!(
        raise.map(|a| (a.amount, a.raise_to)),
        Some((125, Some(150)))
    );
    assert_eq!((h.total_pot, h.rake), (300, 15));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 285)]);

    // An uncalled bet not paid inside the award (96.77 + 1.50 rake = the pot without it).
    let h = first("PLO-EUR-0.25-0.50-201601.all.in.call.txt");
    assert_eq!(returned(&h), vec![("Player0".into(), 3449)]);
    assert_eq!((h.total_pot, h.rake), (9827, 150));
    assert_eq!(won(&h), vec![("Player0".into(), 0, 9677)]);
    assert_eq!(by_name(&h, "Player2").cards, cards("2d Qh Qs Th"));
    assert_eq!(h.boards[0], cards("2h 5d Jc 6s 9d"));

    // A tournament: a big blind posted all-in ("went all-in" before the cards).
    let h = first("NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref()),
        (10_195_133, Some("1"))
    );
    let p0 = idx(&h, "Player0");
    assert!(h
        .actions
        .iter()
        .any(|a| a.player == p0 && a.kind == ActionKind::BigBlind && a.amount == 10 && a.all_in));
    assert_eq!((h.total_pot, h.rake), (20, 0));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 20)]);

    // A "bet" over the blinds is a raise.
    let h = first("NLHE-2max-USD-0-STT-201307.Microgaming.txt");
    let hero = idx(&h, "Hero");
    let raise = h
        .actions
        .iter()
        .find(|a| a.player == hero && a.street == 0 && a.amount == 60);
    assert_eq!(
        raise.map(|a| (a.kind, a.raise_to)),
        Some((ActionKind::Raise, Some(80)))
    );

    // Antes; the bet nobody called paid inside the award.
    let h = first("NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt");
    let antes = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::Ante)
        .count();
    assert_eq!(antes, 9);
    assert_eq!(returned(&h), vec![("Player1".into(), 600)]);
    assert_eq!((h.total_pot, h.rake), (980, 0));
    assert_eq!(won(&h), vec![("Player1".into(), 0, 980)]);
}

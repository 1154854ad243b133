//! The PokerTracker-export parser against the corpus (`shared/corpus/cash/PokerTracker`,
//! `tour/PokerTracker`): PokerTracker 4's exports of several rooms, one header style each.
//!
//! - every hand of every file parses or is refused as listed (`EXPECTED_FAILURES`: two hands
//!   of an old iPoker tournament export whose stacks are wrong), with the hands per file;
//!   each hand read is of the site its header style says (`Microgaming`, `iPoker`, `Merge`,
//!   `Everest`: `SITES`); every chunk of these files is detected as the PokerTracker room, and
//!   no other room's file is;
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

const WRONG_STACK: &str = "the seat line's stack is smaller than what the player then puts in \
                           (the export printed a wrong stack): an action of more chips than \
                           the player has is refused";

/// Refused by design: two hands of the old iPoker tournament export whose seat lines give a
/// player fewer chips than he then bets.
const EXPECTED_FAILURES: &[Failure] = &[
    Failure {
        file: "NLHE-USD-SNG-2-201106.iPoker.txt",
        hand: Some(3_616_779_771),
        kind: ErrorKind::Malformed,
        why: WRONG_STACK,
    },
    Failure {
        file: "NLHE-USD-SNG-2-201106.iPoker.txt",
        hand: Some(3_616_973_070),
        kind: ErrorKind::Malformed,
        why: WRONG_STACK,
    },
];

/// (file, hands parsed, errors).
const COUNTS: &[(&str, usize, usize)] = &[
    ("NLHE-2max-EUR-25.00-50.00-201305.new.format.txt", 1, 0),
    ("NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt", 1, 0),
    ("NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt", 1, 0),
    ("NLHE-EUR-0.05-0.10-201111.Microgaming.txt", 2, 0),
    ("NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt", 1, 0),
    ("NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt", 1, 0),
    ("NLHE-EUR-10-20-202104.iPoker.all.in.blind.txt", 1, 0),
    ("NLHE-EUR-5-10-202104.iPoker.shows.one.txt", 1, 0),
    ("NLHE-USD-0.10-0.25-201201.Merge-post-both.txt", 1, 0),
    ("NLHE-USD-0.50-1.00-201101.Everest.txt", 100, 0),
    ("NLHE-USD-0.50-1.00-201101.Merge.txt", 39, 0),
    ("NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt", 1, 0),
    ("PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt", 1, 0),
    ("PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt", 2, 0),
    ("PLO-EUR-0.25-0.50-201601.all.in.call.txt", 1, 0),
    ("LHE-EUR-SNG-201111.Everest.txt", 67, 0),
    ("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt", 1, 0),
    (
        "NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt",
        1,
        0,
    ),
    ("NLHE-2max-USD-0-STT-201307.Microgaming.txt", 6, 0),
    ("NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt", 1, 0),
    ("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt", 1, 0),
    ("NLHE-USD-SNG-2-201106.iPoker.txt", 238, 2),
    ("NLHE-USD-SNG-2-201111.Merge.txt", 17, 0),
    ("PLO-USD-5-201202.Merge.all.in.blind.txt", 1, 0),
];

/// Hands whose money is right but breaks a rule of the shared checks.
const BAD_POTS: &[BadPot] = &[(
    "PLO-USD-5-201202.Merge.all.in.blind.txt",
    4_927_169_400_080,
    "the small blind calls the full big blind (200) against a big blind all-in for 135: the \
     65 no one matched comes back to him, a caller, where the shared check wants a bettor",
)];

/// Merge's bad-beat jackpot table.
const JACKPOT_FILE: &str = "NLHE-USD-0.50-1.00-201101.Merge.txt";

/// The room each file's header style names (the site of its hands).
const SITES: &[(&str, &str)] = &[
    (
        "NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt",
        "Merge",
    ),
    ("NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt", "iPoker"),
    ("NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt", "iPoker"),
    ("NLHE-EUR-10-20-202104.iPoker.all.in.blind.txt", "iPoker"),
    ("NLHE-EUR-5-10-202104.iPoker.shows.one.txt", "iPoker"),
    ("NLHE-USD-0.10-0.25-201201.Merge-post-both.txt", "Merge"),
    ("NLHE-USD-0.50-1.00-201101.Everest.txt", "Everest"),
    ("NLHE-USD-0.50-1.00-201101.Merge.txt", "Merge"),
    ("NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt", "iPoker"),
    (
        "PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt",
        "iPoker",
    ),
    ("LHE-EUR-SNG-201111.Everest.txt", "Everest"),
    ("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt", "iPoker"),
    ("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt", "iPoker"),
    ("NLHE-USD-SNG-2-201106.iPoker.txt", "iPoker"),
    ("NLHE-USD-SNG-2-201111.Merge.txt", "Merge"),
    ("PLO-USD-5-201202.Merge.all.in.blind.txt", "Merge"),
];

/// The site of the hands of `rel`, by the style its name says.
fn site_of(rel: &str) -> Option<&'static str> {
    Some(
        SITES
            .iter()
            .find(|(f, _)| is_file(rel, f))
            .map_or("Microgaming", |s| s.1),
    )
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
    // Merge's bad-beat tables take a 0.50 jackpot drop on top of the 5% rake (0.80 of a 6.00
    // pot): their rake is bounded by 15%.
    let (jackpot, plain): (Vec<_>, Vec<_>) = hands
        .iter()
        .cloned()
        .partition(|(rel, _)| is_file(rel, JACKPOT_FILE));
    assert_eq!(jackpot.len(), 39);
    money_adds_up(&plain, rules, BAD_POTS);
    let jackpot_rules = Rules {
        max_rake_percent: Some(15),
        ..Rules::PLAIN
    };
    money_adds_up(&jackpot, jackpot_rules, &[]);
    statistics_agree(&hands, BAD_POTS);
    hand_numbers_identify_hands(DIRS);
    let compared = first_hand_sidecars_agree_by(DIRS, site_hand_no);
    println!("{compared} files with sidecars compared");
    assert!(damaged_hands_never_panic() > 500);
}

/// The first four hands of every file, each line dropped, repeated, or cut
/// at every other character: errors, never a panic (as `common::damaged_hands_never_panic`,
/// without the refused files, whose one chunk is the whole file).
fn damaged_hands_never_panic() -> usize {
    let mut parsed = 0;
    for rel in room_files(DIRS) {
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

/// No other room's file yields a chunk of the PokerTracker room, and every chunk of the
/// room's files (every style) is the room's.
fn detection_is_the_rooms() {
    other_rooms_are_not(ROOM, DIRS);
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

fn act(h: &Hand, who: &str, kind: ActionKind) -> Vec<(i8, Money, Option<Money>, bool)> {
    let p = idx(h, who);
    h.actions
        .iter()
        .filter(|a| a.player == p && a.kind == kind)
        .map(|a| (a.street, a.amount, a.raise_to, a.all_in))
        .collect()
}

#[test]
fn hands_checked_by_hand_ipoker() {
    // The newest export (Uncalled:Y, /GMT): raises print the total, calls the chips added;
    // the river bet nobody called is left out of the printed pot (0.45 after 0.03 rake).
    let h = first("NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt");
    assert_eq!(
        (
            h.site.as_str(),
            h.site_hand_no,
            h.start_time.to_rfc3339(),
            h.table_name.as_str(),
            h.button_seat
        ),
        (
            "iPoker",
            8_162_156_892,
            "2018-12-26T22:40:05+00:00".to_string(),
            "Barghe",
            Some(1)
        )
    );
    let g = &h.game;
    assert_eq!(
        (
            g.kind,
            g.limit_type,
            g.currency.as_str(),
            g.small_blind,
            g.big_blind
        ),
        (GameKind::Ring, LimitType::NoLimit, "EUR", 1, 2)
    );
    assert_eq!(h.hero, h.player_index("czarlando"));
    assert_eq!(by_name(&h, "czarlando").cards, cards("Qs Qd"));
    assert_eq!(h.boards[0], cards("3s 9s 4c 9c Ks"));
    assert_eq!(
        act(&h, "johnny20015", ActionKind::Raise),
        vec![(0, 6, Some(6), false), (1, 8, Some(8), false)]
    );
    assert_eq!(act(&h, "ken1950", ActionKind::Call)[0], (0, 5, None, false));
    assert_eq!(returned(&h), vec![("ken1950".into(), 14)]);
    assert_eq!((h.total_pot, h.rake), (48, 3));
    assert_eq!(won(&h), vec![("ken1950".into(), 0, 45)]);

    // The 2013 archive: "SB"/"BB", no limit printed (pot-limit omaha), and "Raise to" prints
    // the chips added: Player0's 50 + 250 is raised by Hero's 100 + 800, called by 600.
    let h = first("PLO-2max-USD-50.00-100.00-201308.iPoker.archive.txt");
    assert_eq!(h.table_name, "Kazuno (No DP Heads Up)");
    assert_eq!(
        (h.game.category, h.game.limit_type, h.game.currency.as_str()),
        (Category::OmahaHi, LimitType::PotLimit, "USD")
    );
    assert_eq!(
        act(&h, "Player0", ActionKind::Raise),
        vec![(0, 25_000, Some(30_000), false)]
    );
    assert_eq!(
        act(&h, "Hero", ActionKind::Raise),
        vec![
            (0, 80_000, Some(90_000), false),
            (1, 540_000, Some(540_000), false)
        ]
    );
    assert_eq!(
        act(&h, "Player0", ActionKind::Call),
        vec![(0, 60_000, None, false)]
    );
    // Hero's 4,200 over the 1,200 bet comes back; it was paid inside his 8,398.
    assert_eq!(returned(&h), vec![("Hero".into(), 420_000)]);
    assert_eq!((h.total_pot, h.rake), (420_000, 200));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 419_800)]);

    // A tournament of 2021: antes, blinds from the posts, the buy-in; "Allin" prints the
    // chips added (Ads51's last 34,964 call Hero's raise to 102,492, all-in).
    let h = first("NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (800, 1600, 128)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.buyin, t.fee, t.currency.as_str()),
        (998_295_572, 455, 45, "EUR")
    );
    assert_eq!(
        act(&h, "Ads51", ActionKind::Call).last(),
        Some(&(1, 34_964, None, true))
    );
    assert_eq!(returned(&h), vec![("Hero".into(), 40_904)]);
    assert_eq!((h.total_pot, h.rake), (140_200, 0));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 140_200)]);

    // A knockout: buy-in, bounty and fee with decimal commas.
    let t = first("NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt")
        .tournament
        .unwrap();
    assert_eq!((t.buyin, t.bounty, t.fee), (4450, 2225, 550));
}

#[test]
fn hands_checked_by_hand_merge() {
    // A dead blind over the big blind: both blinds, the 0.10 dead.
    let h = first("NLHE-USD-0.10-0.25-201201.Merge-post-both.txt");
    assert_eq!(
        (
            h.site.as_str(),
            h.site_hand_no,
            h.site_hand_id.as_str(),
            h.start_time.to_rfc3339(),
            h.table_name.as_str(),
            h.max_seats
        ),
        (
            "Merge",
            4_689_344_000_366,
            "46893440-366",
            "2012-01-11T20:43:26+00:00".to_string(),
            "Tijuana (46893440)",
            Some(6)
        )
    );
    assert_eq!(
        act(&h, "DontTapTheGlass0", ActionKind::BothBlinds),
        vec![(-1, 35, None, false)]
    );
    assert_eq!((h.total_pot, h.rake), (70, 3));
    assert_eq!(won(&h), vec![("yurk23".into(), 0, 67)]);

    // Version 2: an EST time, a dead blind of the small blind's size that counts live (Hero
    // then calls 0.02 to the 0.04), the uncalled bet printed as a win of its own.
    let h = first("NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt");
    assert_eq!(h.site_hand_no, 8_025_669_300_236);
    assert_eq!(h.start_time.to_rfc3339(), "2014-12-05T22:08:49+00:00");
    assert_eq!(h.table_name, "Tropicana - Fast V (80256693)");
    assert_eq!(
        act(&h, "Hero", ActionKind::BigBlind),
        vec![(-1, 2, None, false)]
    );
    assert_eq!(act(&h, "Hero", ActionKind::Call), vec![(0, 2, None, false)]);
    assert_eq!(returned(&h), vec![("Hero".into(), 4)]);
    assert_eq!((h.total_pot, h.rake), (10, 0));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 10)]);

    // A tournament: the stacks are printed after the posts (Dispicable's $0.00 was 135 all
    // in on his blind, printed as a second "Post SB"); the small blind calls the full 200.
    let h = first("PLO-USD-5-201202.Merge.all.in.blind.txt");
    assert_eq!(h.site_hand_no, 4_927_169_400_080);
    assert_eq!(by_name(&h, "Dispicable").stack, 135);
    assert_eq!(
        act(&h, "Dispicable", ActionKind::BigBlind),
        vec![(-1, 135, None, true)]
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.tourney_no, t.buyin, t.fee), (49_271_005, 500, 50));
    assert_eq!(returned(&h), vec![("JustJay4Reals".into(), 65)]);
    assert_eq!((h.total_pot, h.rake), (270, 0));
    assert_eq!(won(&h), vec![("JustJay4Reals".into(), 0, 270)]);
}

#[test]
fn hands_checked_by_hand_everest() {
    let h = first("NLHE-USD-0.50-1.00-201101.Everest.txt");
    assert_eq!(
        (
            h.site.as_str(),
            h.site_hand_no,
            h.start_time.to_rfc3339(),
            h.table_name.as_str(),
            h.button_seat
        ),
        (
            "Everest",
            6_450_768_434,
            "2011-01-02T22:33:12+00:00".to_string(),
            "Moroni-1",
            Some(7)
        )
    );
    assert_eq!((h.game.small_blind, h.game.big_blind), (50, 100));
    assert_eq!(h.game.currency, "USD");
    assert_eq!(h.hero, h.player_index("Player13"));
    assert_eq!(by_name(&h, "Player13").cards, cards("5d 3c"));
    assert_eq!(
        act(&h, "Player28", ActionKind::Raise),
        vec![(0, 550, Some(550), false)]
    );
    assert_eq!(
        act(&h, "Player16", ActionKind::Call),
        vec![(0, 100, None, false), (0, 450, None, false)]
    );
    assert_eq!(returned(&h), vec![("Player28".into(), 700)]);
    // 13.50 in, 12.85 collected: 0.65 rake.
    assert_eq!((h.total_pot, h.rake), (1350, 65));
    assert_eq!(won(&h), vec![("Player28".into(), 0, 1285)]);

    // A fixed-limit tournament: 100/200 are the bets, the blinds 50/100.
    let h = first("LHE-EUR-SNG-201111.Everest.txt");
    let g = &h.game;
    assert_eq!(
        (g.kind, g.limit_type, g.small_blind, g.big_blind, g.big_bet),
        (GameKind::Tour, LimitType::FixedLimit, 50, 100, 200)
    );
    assert_eq!(
        h.tournament.as_ref().map(|t| t.tourney_no),
        Some(49_630_157)
    );
    assert_eq!(h.table_name, "49630157-0");
    assert_eq!(
        act(&h, "Player6", ActionKind::Raise),
        vec![(1, 170, Some(170), true)]
    );
    assert_eq!(
        act(&h, "Player4", ActionKind::Call),
        vec![(1, 70, None, false)]
    );
    assert_eq!((h.total_pot, h.rake), (1440, 0));
    assert_eq!(won(&h), vec![("Player6".into(), 0, 1440)]);
}

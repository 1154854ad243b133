//! The Big Game parser against the corpus (`shared/corpus/cash/TheBigGame`): the hand viewer's
//! files of season 1 (weeks 1 to 12 but 5), six-handed hold'em, pot limit before the flop and no
//! limit after it, in US dollars.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as TheBigGame, and no other room's file yields a TheBigGame hand; money adds
//!   up in every hand and the derived statistics agree; hand numbers identify hands; damaged
//!   hands never panic;
//! - hands of the format's particular cases, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::error::ErrorKind;
use fpdb_core::model::*;

const SITE: &str = "TheBigGame";
const DIRS: &[&str] = &["cash/TheBigGame"];

/// A hand the viewer's data contradicts itself in: refused as its money does not balance.
const fn wrong(file: &'static str, hand: i64, why: &'static str) -> Failure {
    Failure {
        file,
        hand: Some(hand),
        kind: ErrorKind::Malformed,
        why,
    }
}

const E01: &str = "TheBigGame.S1E01.Wiggins.txt";
const E02: &str = "TheBigGame.S1E02.Davs.txt";
const E03: &str = "TheBigGame.S1E03.Magnus.txt";
const E04: &str = "TheBigGame.S1E04.txt";
const E06: &str = "TheBigGame.S1E06.Capella.txt";
const E07: &str = "TheBigGame.S1E07.Harlow.txt";
const E08: &str = "TheBigGame.S1E08.Harlow.2.txt";
const E09: &str = "TheBigGame.S1E09.Houston.txt";
const E10: &str = "TheBigGame.S1E10.Fishman.txt";
const E11: &str = "TheBigGame.S1E11.Given.txt";
const E12: &str = "TheBigGame.S1E12.Ferdinand.txt";

/// Hands whose data is wrong, each checked against the stacks the next hand starts with.
const FAILURES: &[Failure] = &[
    wrong(
        E01,
        10_130_079,
        "the winner's Wins is $400 more than the pot; the next hand's stacks agree with the pot",
    ),
    wrong(
        E01,
        10_140_092,
        "the Wins are $200 more than the plays put in: the next hand's stacks show the small \
         blind put in $200 more than his plays say",
    ),
    wrong(
        E02,
        10_220_031,
        "a walk won for $1,000: the next hand's stacks show the small blind was not posted",
    ),
    wrong(
        E02,
        10_220_046,
        "the Wins are $2,000 more than the plays put in: the next hand's stacks show the \
         winner put in $2,000 more (a play missing)",
    ),
    wrong(
        E02,
        10_250_131,
        "the Wins are $2,000 more than the plays put in: the next hand's stacks show both \
         players put in $1,000 more (a play missing)",
    ),
    wrong(
        E03,
        10_320_036,
        "the winner's Wins is $400 more than the pot; the next hand's stacks agree with the pot",
    ),
    wrong(
        E04,
        10_440_100,
        "a split pot whose two Wins are $3,000 more each than the pot's halves; the next hand's \
         stacks agree with the pot",
    ),
    wrong(
        E04,
        10_450_118,
        "the winner's Wins is $1,000 less than the pot; the next hand's stacks agree with the pot",
    ),
    wrong(
        E06,
        10_650_131,
        "the winner's Wins is $2,000 more than the pot; the next hand's stacks agree with the pot",
    ),
    wrong(
        E07,
        10_740_116,
        "the button's ante was not paid (the Wins and the next hand's stacks say so), though \
         the hand prints it",
    ),
    wrong(
        E08,
        10_840_118,
        "a check facing the big blind by a player back from sitting out: he posted blinds the \
         plays do not show ($800 more, by the next hand's stacks)",
    ),
    wrong(
        E09,
        10_940_109,
        "the button's ante was not paid (the Wins and the next hand's stacks say so), though \
         the hand prints it",
    ),
    wrong(
        E11,
        11_120_057,
        "the button's ante was not paid (the Wins and the next hand's stacks say so), though \
         the hand prints it",
    ),
    wrong(
        E11,
        11_140_104,
        "the small blind, back from sitting out, posted $400 more than his blind (missed \
         blinds the plays do not show; the Wins and the next hand's stacks count them)",
    ),
];

/// Hands per file (150 a week; the first file lacks hand 122).
const HANDS: &[(&str, usize)] = &[
    (E01, 147),
    (E02, 147),
    (E03, 149),
    (E04, 148),
    (E06, 149),
    (E07, 149),
    (E08, 149),
    (E09, 149),
    (E10, 150),
    (E11, 148),
    (E12, 150),
];

#[test]
fn the_corpus_agrees() {
    // 1,649 hands: 1,635 import, 14 refused (0.85%), every one a hand whose data is wrong.
    let mut room = RoomCorpus::new(SITE, DIRS, 1_635);
    room.failures = FAILURES;
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(0);
    room_corpus_agrees(&room);
}

#[test]
fn no_sidecars() {
    no_sidecars_to_compare(DIRS);
}

fn path(file: &str) -> String {
    in_game_dirs(DIRS, file)
}

fn posts(h: &Hand) -> Vec<(&str, ActionKind, Money)> {
    h.actions
        .iter()
        .filter(|a| a.street == POSTS)
        .map(|a| (name(h, a.player), a.kind, a.amount))
        .collect()
}

#[test]
fn the_first_hand_checked_by_hand() {
    let h = first_hand(&path(E01));
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (10_110_001, "s1/w1/d1/d1h1")
    );
    assert_eq!(h.start_time.to_rfc3339(), "1970-01-01T00:00:00+00:00");
    assert_eq!(
        (h.table_name.as_str(), h.max_seats),
        ("The Big Game", Some(6))
    );
    assert_eq!(h.button_seat, Some(4));
    let g = &h.game;
    assert_eq!(
        (g.kind, g.category, g.limit_type, g.currency.as_str()),
        (
            GameKind::Ring,
            Category::Holdem,
            LimitType::PotNoLimit,
            "USD"
        )
    );
    assert_eq!(
        (g.small_blind, g.big_blind, g.ante),
        (20_000, 40_000, 60_000)
    );
    assert_eq!(h.players.len(), 6);
    assert_eq!(by_name(&h, "D. NEGREANU").stack, 20_000_000);
    assert_eq!(by_name(&h, "E. WIGGINS").cards, cards("Ad Jd"));
    assert_eq!(
        posts(&h),
        vec![
            ("P. LAAK", ActionKind::Ante, 60_000),
            ("TONY G", ActionKind::SmallBlind, 20_000),
            ("P. HELLMUTH", ActionKind::BigBlind, 40_000),
        ]
    );
    // The turn and river after the Wins are the viewer's leftovers.
    assert_eq!(h.boards, vec![cards("Qs 2d 3s")]);
    // Laak's bet of $800 nobody called is inside his Wins of $3,000: given back.
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("P. LAAK", 80_000)
    );
    assert_eq!(won(&h), vec![("P. LAAK".into(), 0, 220_000)]);
    assert_eq!((h.total_pot, h.rake), (220_000, 0));
    assert!(h.players.iter().all(|p| !p.shown));
}

#[test]
fn a_hand_run_four_times() {
    // d1h61: all in on the flop; `Takes Back` the uncalled part, then the turn and river
    // dealt as two single cards and three more runs as pairs.
    let h = hand(&path(E01), 10_130_061);
    assert_eq!(h.boards.len(), 4);
    assert!(h.run_it_twice);
    assert_eq!(h.boards[0], cards("9h Ts 9s Jh Ad"));
    assert_eq!(h.boards[3], cards("9h Ts 9s Qc Kd"));
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("P. HELLMUTH", 2_950_000)
    );
    assert_eq!(
        won(&h),
        vec![
            ("E. WIGGINS".into(), 0, 14_970_000),
            ("P. HELLMUTH".into(), 0, 4_990_000)
        ]
    );
    assert!(by_name(&h, "E. WIGGINS").shown && by_name(&h, "P. HELLMUTH").shown);
    assert_eq!(posts(&h)[3], ("E. WIGGINS", ActionKind::Straddle, 80_000));

    // d1h139: all in before the flop; the flop is dealt after the turn and river.
    let h = hand(&path(E01), 10_150_139);
    assert_eq!(h.boards, vec![cards("Jd 5d 3c 5c Ac")]);
    assert!(!h.run_it_twice);
}

#[test]
fn blinds_around_empty_seats() {
    // d1h140: seat 6 is empty and the first player to act is the second after the button:
    // the small blind is dead, the first player after the button posts the big blind.
    let h = hand(&path(E01), 10_150_140);
    assert_eq!(h.players.len(), 5);
    assert_eq!(
        posts(&h),
        vec![
            ("TONY G", ActionKind::Ante, 60_000),
            ("E. WIGGINS", ActionKind::BigBlind, 40_000),
        ]
    );
    assert_eq!(h.total_pot, 140_000);

    // d2h135: seat 1 is listed empty (no name, no stack): the blinds pass it by.
    let h = hand(&path(E02), 10_250_135);
    assert_eq!(h.players.len(), 5);
    assert_eq!(
        posts(&h),
        vec![
            ("A. ROBL", ActionKind::Ante, 60_000),
            ("A. MOSSERI", ActionKind::SmallBlind, 20_000),
            ("J. CALACANIS", ActionKind::BigBlind, 40_000),
        ]
    );

    // d12h70: Hellmuth sits out (no cards, no play): he posts nothing.
    let h = hand(&path(E12), 11_230_070);
    let hellmuth = by_name(&h, "HELLMUTH");
    assert!(hellmuth.sitting_out && hellmuth.cards.is_empty());
    assert_eq!(
        posts(&h),
        vec![
            ("MOSSERI", ActionKind::Ante, 60_000),
            ("JETTEN", ActionKind::SmallBlind, 20_000),
            ("MAKHIJA", ActionKind::BigBlind, 40_000),
        ]
    );
}

#[test]
fn misread_hole_cards_are_unknown() {
    // d1h7: Brunson and Tony G are both shown holding the ten of spades.
    let h = hand(&path(E01), 10_110_007);
    assert!(by_name(&h, "D. BRUNSON").cards.is_empty());
    assert!(by_name(&h, "TONY G").cards.is_empty());
    assert_eq!(by_name(&h, "P. LAAK").cards, cards("Ah 3h"));
    // d1h143: Tony G "holds" two cards of the flop.
    let h = hand(&path(E01), 10_150_143);
    assert!(by_name(&h, "TONY G").cards.is_empty());
    assert_eq!(h.boards, vec![cards("4d 8s 3h")]);
}

#[test]
fn week_ten_titles() {
    // Week 10's titles are misprinted `dd10h1`: the address names the hand.
    let h = first_hand(&path(E10));
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (11_010_001, "s1/w10/d1/d10h1")
    );
}

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

/// The players' money and cards of the first hands with `.hp` sidecars.
#[test]
fn player_sidecars_agree() {
    assert!(hp_sidecars_agree(DIRS) >= 6);
}

/// The corpus path of `file` in one of the room's folders.
fn path(file: &str) -> String {
    in_game_dirs(DIRS, file)
}

fn first(file: &str) -> Hand {
    first_hand(&path(file))
}

#[test]
fn first_hands_checked_by_hand() {
    // A fast-fold euro table, a zone printed as an offset, rake.
    let h = first("NLHE-10max-USD-0.02-0.04-201102.Speed.table.BWin.txt");
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (226_788_000_000_036, "R5-22678800-36")
    );
    assert_eq!(h.start_time.to_rfc3339(), "2011-02-13T13:14:04+00:00");
    assert_eq!(h.table_name, "Dijon");
    let g = &h.game;
    assert_eq!(
        (g.currency.as_str(), g.fast, g.small_blind, g.big_blind),
        ("EUR", true, 2, 4)
    );
    assert_eq!((h.total_pot, h.rake), (36, 1));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 35)]);
    assert_eq!(h.boards[0], cards("Jc 4d Qs Js Ts"));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(h.button_seat, Some(10));

    // Fixed limit: the stakes are the bets; thousands separators.
    let h = first("LHE-HU-USD-100-200-201207.thousand.in.collect.line.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.small_bet,
            g.big_bet
        ),
        (LimitType::FixedLimit, 5_000, 10_000, 10_000, 20_000)
    );
    assert_eq!(by_name(&h, "Hero").stack, 549_600);
    assert_eq!(won(&h), vec![("Hero".into(), 0, 199_900)]);
    assert_eq!(h.max_seats, Some(2));

    // A dead small blind beside the big blind.
    let h = first("NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt");
    let hero = idx(&h, "Hero");
    let kinds: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.player == hero && a.street == POSTS)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        kinds,
        vec![(ActionKind::BigBlind, 10), (ActionKind::DeadSmallBlind, 5)]
    );
    assert_eq!((h.total_pot, h.rake), (65, 3));

    // Play money; an uncalled bet the room leaves out of the pot.
    let h = first("NLHE-6max-play-0.25-0.50-201204.txt");
    assert_eq!(h.game.currency, "play");
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player2", 5_610)
    );

    // Pot-limit omaha hi/lo of equal blinds: two big blinds.
    let h = first("PLO8-USD-0.50-0.50-201111.txt");
    assert_eq!(
        (h.game.category, h.game.small_blind, h.game.big_blind),
        (Category::OmahaHiLo, 50, 50)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("6h 3s 8s 4s"));
    assert_eq!((h.total_pot, h.rake), (600, 30));

    // Stud: antes, the hero's cards street by street, a raise whose "to" is the hand's total.
    let h = first("7-StudHL-USD-0.25-0.50-201008.All.streets.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.small_bet, g.big_bet, g.ante),
        (Category::StudHiLo, 25, 50, 5)
    );
    assert_eq!(by_name(&h, "Hero").cards, cards("8d 8s 4d 3h 8c 4c 5h"));
    assert_eq!((h.total_pot, h.rake), (514, 25));
    assert_eq!(h.button_seat, None);
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!((raise.street, raise.amount), (2, 100));

    // A big bring-in: the full small bet, a completion.
    let h = first("7-Stud-USD-1.00-2.00-201212.big.bring.txt");
    assert_eq!(
        h.actions
            .iter()
            .filter(|a| a.kind == ActionKind::Complete)
            .count(),
        1
    );
    assert_eq!(by_name(&h, "Player0").cards, cards("6d 4c 7d 6s 8c As 8d"));

    // Draw: the discards, the hand after the draw.
    let hands = parse_file(&path("5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt"));
    let h = hands
        .iter()
        .flatten()
        .find(|h| h.site_hand_id == "R5-174428515-250")
        .unwrap();
    assert_eq!(by_name(h, "Hero").cards, cards("As 5h Jh Ac Jd"));
    assert_eq!(by_name(h, "Hero").draws, vec![cards("As 7c Jh Ac Jd")]);
    assert_eq!(by_name(h, "Player4").draws, vec![cards("3d 7s 7h 3c Td")]);
    let discard = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Discard)
        .unwrap();
    assert_eq!((discard.street, discard.discards), (1, Some(1)));

    // A tournament: its number, buy-in, chips, the repeated board after an all-in.
    let h = first("R-274-69.txt");
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.game.currency, "T$");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (
            t.tourney_no,
            t.buyin,
            t.currency.as_str(),
            t.table_no.as_deref()
        ),
        (27_400_000_069, 0, "FREE", Some("29"))
    );
    assert_eq!(h.boards[0], cards("Tc 6s Jc 2h Kc"));
    assert_eq!(won(&h), vec![("FOUINIBABY".into(), 0, 3050)]);

    // Hi/lo shares of one pot; a zone printed by name (Gulf time).
    let h = first("R-186-1481_1.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2013-06-28T14:54:24+00:00");
    assert_eq!(
        won(&h),
        vec![("tsop13".into(), 0, 125), ("tsop13".into(), 0, 125)]
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.buyin, t.currency.as_str()), (120, "USD"));
}

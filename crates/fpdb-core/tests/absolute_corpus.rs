//! The Absolute parser against the corpus (`shared/corpus/cash/Absolute`, `tour/Absolute`,
//! `cash/UltimateBet`): the Cereus network's format, written alike by Absolute Poker's and
//! UltimateBet's clients; hold'em nl and fl (an all-in blind, a timed-out player's all-in, both
//! blinds posted at once, antes), fixed-limit omaha hi/lo heads-up, stud hi/lo with the cards of
//! every street, cash 2007 to 2010 and a 2011 freeroll tournament.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses or is refused for a reason listed here, with the hands per file; each
//!   is detected as Absolute (the UltimateBet file too: no line names the room, see the module),
//!   and no other room's file yields an Absolute hand; money adds up in every hand and the
//!   derived statistics agree; hand numbers identify hands; the sidecars agree; damaged hands
//!   never panic;
//! - the players' sidecars of the two files that have them (winnings, profit, cards, start
//!   cards);
//! - hands of the files checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Absolute";
const DIRS: &[&str] = &["cash/Absolute", "tour/Absolute", "cash/UltimateBet"];

/// Files of more than one hand.
/// The freeroll tournament's file.
const TOURNAMENT: &str =
    "IHH20110116 $1K Special Sunday FR 3 Tourney ID 5945889 No Limit Hold'em Freeroll(Real Money).txt";

/// Files of more than one hand.
const HANDS: &[(&str, usize)] = &[(TOURNAMENT, 87)];

#[test]
fn the_corpus_agrees() {
    // 98 hands (11 cash, 87 tournament), none refused.
    let mut room = RoomCorpus::new(SITE, DIRS, 98);
    room.hands_per_file = HANDS;
    room.rules.max_rake_percent = Some(10);
    room_corpus_agrees(&room);
}

/// The players' money, cards and start cards of the first hands with `.hp` sidecars.
#[test]
fn player_sidecars_agree() {
    assert_eq!(hp_sidecars_agree(DIRS), 17);
}

fn first(file: &str) -> Hand {
    first_hand(&in_game_dirs(DIRS, file))
}

fn kinds(h: &Hand, name: &str) -> Vec<(i8, ActionKind, Money, bool)> {
    let p = idx(h, name);
    h.actions
        .iter()
        .filter(|a| a.player == p)
        .map(|a| (a.street, a.kind, a.amount, a.all_in))
        .collect()
}

#[test]
fn hands_checked_by_hand() {
    // Fixed limit: the big blind is the small bet, the small blind its post ($3 at $5/$10).
    let h = first("internetgrab1.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.small_bet,
            g.big_bet
        ),
        (LimitType::FixedLimit, 300, 500, 500, 1_000)
    );
    assert_eq!((h.total_pot, h.rake), (6_800, 200));
    assert_eq!(won(&h), vec![("FRANKIE4DITA".into(), 0, 6_600)]);
    assert_eq!(by_name(&h, "ANIMALMATT84").cards, cards("Ts 5s"));
    assert_eq!(h.hero, h.player_index("FRANKIE4DITA"));

    // A big blind posted all in for less than the blind; the raise's unmatched part returned.
    let h = first("LHE-USD-200-400-201003.all.in.blind.txt");
    assert_eq!(h.game.small_blind, 10_000);
    assert_eq!(
        kinds(&h, "Player1"),
        vec![(POSTS, ActionKind::BigBlind, 19_127, true)]
    );
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player2", 20_873)
    );
    assert_eq!((h.total_pot, h.rake), (48_254, 400));

    // A timed-out player's all-in: he adds nothing on the turn, the bet comes back, he shows.
    let h = first("LHE-USD-25-50-200708.timeout.allin.txt");
    assert!(kinds(&h, "HOLDINGQUADS").iter().all(|a| a.0 < 2));
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("STEVE89", 5_000)
    );
    assert!(by_name(&h, "HOLDINGQUADS").shown);
    assert!(by_name(&h, "BCM184").sitting_out);
    assert_eq!(h.start_time.to_rfc3339(), "2007-08-17T07:11:57+00:00");

    // Both blinds posted at once (the small blind dead); the rake includes the jackpot's.
    let h = first("NLHE-USD-0.50-1.00-200912.postboth.txt");
    assert_eq!(
        kinds(&h, "Player2")[0],
        (POSTS, ActionKind::BothBlinds, 150, false)
    );
    assert_eq!((h.total_pot, h.rake), (950, 95));

    // Antes printed in the header.
    let h = first("NLHE-USD-0.25-0.50-1.00-200911.txt");
    assert_eq!(
        (h.game.ante, h.game.small_blind, h.game.big_blind),
        (25, 50, 100)
    );

    // Fixed-limit omaha hi/lo heads-up; milliseconds and a second time in the header.
    let h = first("PLO8-2max-USD-30-60-200912.txt");
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.limit_type,
            g.small_blind,
            g.big_blind,
            g.big_bet
        ),
        (
            Category::OmahaHiLo,
            LimitType::FixedLimit,
            1_500,
            3_000,
            6_000
        )
    );
    assert_eq!(h.max_seats, Some(2));
    assert_eq!(by_name(&h, "Hero").cards, cards("9h Qc 2d 3h"));
    assert_eq!(h.start_time.to_rfc3339(), "2009-12-31T23:23:36+00:00");

    // Stud hi/lo: every street's cards, the hero's three, the showdown's seven; the hi and the
    // lo half awarded to two players.
    let h = first("7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt");
    let g = &h.game;
    assert_eq!(
        (g.category, g.small_bet, g.big_bet, g.ante),
        (Category::StudHiLo, 2, 4, 1)
    );
    assert_eq!(h.table_name, "");
    assert_eq!(&by_name(&h, "Hero").cards[..3], &cards("Tc 5c 7s")[..]);
    assert_eq!(by_name(&h, "PLAYER1").cards, cards("Jh 3h Js Td Kh 2c 2h"));
    assert_eq!(by_name(&h, "PLAYER2").cards[2], card("7h"));
    assert_eq!(
        won(&h),
        vec![("PLAYER3".into(), 0, 19), ("PLAYER6".into(), 0, 20)]
    );
    assert_eq!((h.total_pot, h.rake), (43, 4));
    assert_eq!(kinds(&h, "PLAYER7")[1], (0, ActionKind::BringIn, 1, false));

    // A letter before the number; a hand mucked at the showdown, from the summary.
    let h =
        first("IHH20101207 Montego Dr - Hold'em Normal $0.25-$0.50(Real Money) Table 26747256.txt");
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (3_000_000_282_012_441, "C282012441")
    );
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 25));
    let p4 = by_name(&h, "Player4");
    assert!(p4.mucked);
    assert_eq!(p4.cards, cards("Kd 6c"));

    // UltimateBet's client: the same format, the same network; a newcomer's big blind.
    let h =
        first("IHH20101106 Baseline Rd - Hold'em No Limit $0.02(Real Money) Table 25932774.txt");
    assert_eq!(
        (h.site.as_str(), h.site_hand_id.as_str()),
        ("Absolute", "C241220000")
    );
    assert_eq!(
        kinds(&h, "Hero"),
        vec![
            (POSTS, ActionKind::BigBlind, 2, false),
            (0, ActionKind::Check, 0, false),
            (1, ActionKind::Check, 0, false),
            (2, ActionKind::Check, 0, false),
            (3, ActionKind::Check, 0, false),
        ]
    );
    assert_eq!(won(&h), vec![("VILLAIN2".into(), 0, 9)]);
    assert_eq!(by_name(&h, "Hero").cards, cards("Ts 3s"));
}

#[test]
fn a_tournament() {
    let rel = in_game_dirs(DIRS, TOURNAMENT);
    let hands: Vec<Hand> = parse_file(&rel).into_iter().flatten().collect();
    let h = &hands[0];
    assert_eq!(h.site_hand_no, 27_000_000_525_691_746);
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(
        (
            h.game.currency.as_str(),
            h.game.small_blind,
            h.game.big_blind
        ),
        ("T$", 5, 10)
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.table_no.as_deref()),
        (5_945_889, Some("15"))
    );
    assert_eq!(h.table_name, "5945889 15");
    assert_eq!(h.hero, h.player_index("EKDIKEO"));
    assert!(hands.iter().all(|h| h.hero == h.player_index("EKDIKEO")));
    // A side pot: the total before the colon, the pots after it.
    let h = hands
        .iter()
        .find(|h| h.site_hand_id == "525744427")
        .unwrap();
    assert_eq!(h.total_pot, 5_480);
    assert_eq!(
        won(h),
        vec![
            ("MAKMOJARTU".into(), 0, 1_875),
            ("MAKMOJARTU".into(), 1, 1_730),
            ("SHUSWAPER".into(), 0, 1_875),
        ]
    );
    // A fold showing its cards.
    let h = hands
        .iter()
        .find(|h| h.site_hand_id == "525786459")
        .unwrap();
    let stacks = by_name(h, "STACKS");
    assert!(stacks.shown);
    assert_eq!(stacks.cards, cards("5c 5d"));
}

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
    room.sidecar_has_cards = hero_cards_stored;
    room_corpus_agrees(&room);
}

/// The corpus path of `file` in one of the room's folders.
fn path(file: &str) -> String {
    in_game_dirs(DIRS, file)
}

fn first(file: &str) -> Hand {
    first_hand(&path(file))
}

fn posts(h: &Hand) -> Vec<(&str, ActionKind, Money, bool)> {
    h.actions
        .iter()
        .filter(|a| a.street == POSTS)
        .map(|a| (name(h, a.player), a.kind, a.amount, a.all_in))
        .collect()
}

#[test]
fn hands_checked_by_hand() {
    // 2010: no seat states, no button; the small blind's call prints his street total (0.10
    // after his 0.05), a newcomer's big blind printed before the small blind's.
    let h = first("PLO-EUR-0.05-0.10-Date-unknown.Sample.txt");
    assert_eq!(
        (h.site_hand_no, h.start_time.to_rfc3339()),
        (2_258_932_267, "2010-07-12T17:58:50+00:00".into())
    );
    assert_eq!((h.max_seats, h.button_seat), (None, None));
    assert_eq!(
        posts(&h),
        [
            ("Player3", ActionKind::SmallBlind, 5, false),
            ("Villain", ActionKind::BigBlind, 10, false),
            ("Hero", ActionKind::BigBlind, 10, false),
        ]
    );
    let call = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Call && name(&h, a.player) == "Player3");
    assert_eq!(call.map(|a| a.amount), Some(5));
    assert_eq!((h.total_pot, h.rake), (321, 16));
    assert_eq!(won(&h), [("Villain".to_string(), 0, 305)]);
    assert_eq!(by_name(&h, "Hero").cards, cards("Kc Qc 3d 2h"));
    assert_eq!(by_name(&h, "Villain").cards, cards("8c Js 5h 3h"));

    // 2013: calls print the chips added (7 after a 2 small blind, to a raise of 9); the SEK
    // server's numbers.
    let h = first("NLHE-SEK-2.00-4.00-201307.add.call.txt");
    assert_eq!(
        (h.site_hand_no, h.site_hand_id.as_str()),
        (12_283_001_978_259_345, "1978259345")
    );
    assert_eq!(
        (h.game.currency.as_str(), h.max_seats, h.button_seat),
        ("SEK", Some(5), Some(1))
    );
    let calls: Vec<(i8, Money)> = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::Call)
        .map(|a| (a.street, a.amount))
        .collect();
    assert_eq!(calls, [(0, 700), (1, 1_900)]);
    assert_eq!((h.total_pot, h.rake), (7_600, 189));
    assert_eq!(h.returned.len(), 1);
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player0", 5_700)
    );

    // Dead small blinds beside the big blinds of two newcomers; espacejeux's CAD server.
    let h = first("PLO8-CAD-0.05-0.10-201703.dead.small.txt");
    assert_eq!(h.site_hand_no, 1_356_000_230_993_221);
    assert_eq!(
        (h.game.category, h.game.currency.as_str()),
        (Category::OmahaHiLo, "CAD")
    );
    assert_eq!(
        posts(&h),
        [
            ("Player5", ActionKind::SmallBlind, 5, false),
            ("Player6", ActionKind::BigBlind, 10, false),
            ("Player2", ActionKind::DeadSmallBlind, 5, false),
            ("Player2", ActionKind::BigBlind, 10, false),
            ("Player3", ActionKind::DeadSmallBlind, 5, false),
            ("Player3", ActionKind::BigBlind, 10, false),
        ]
    );
    assert_eq!((h.total_pot, h.rake), (225, 11));

    // An all-in call for less: the all-in prints the player's street total after it.
    let h = first("PLO-EUR-0.05-0.10-201207.all.in.call.txt");
    let last = h.actions.last().unwrap();
    assert_eq!(
        (name(&h, last.player), last.kind, last.amount, last.all_in),
        ("Player3", ActionKind::Call, 91, true)
    );
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player1", 149)
    );
    assert_eq!(won(&h), [("Player3".to_string(), 0, 857)]);

    // Draw, fixed limit: the stakes are the bets; a player sitting out, the button.
    let hands = parse_file(&path("5CD-FL-EUR-2-4.Opoker.sample.xml"));
    let h = hands
        .iter()
        .flatten()
        .find(|h| h.site_hand_no == 2_692_988_440)
        .unwrap();
    let g = &h.game;
    assert_eq!(
        (
            g.category,
            g.small_blind,
            g.big_blind,
            g.small_bet,
            g.big_bet
        ),
        (Category::FiveDraw, 100, 200, 200, 400)
    );
    assert!(by_name(h, "Player2").sitting_out);
    assert_eq!(h.button_seat, Some(2));
    let h = &hands[0].as_ref().unwrap();
    assert_eq!(by_name(h, "Hero").cards, cards("5h 6s 6d 9s Jd"));
    assert_eq!(by_name(h, "Hero").draws, vec![cards("Ad 6s 6d Kc 5d")]);

    // Both blinds posted at once: the small-blind part is dead. The file stops after the last
    // result: closed again, the hand balances.
    let text = read(&path("LHE-10-20-USD-201105.post.both.txt"));
    let h = fpdb_core::parse_one(&format!("{}</SHOWDOWN></HISTORY>", text.trim_end())).unwrap();
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.small_bet),
        (500, 1_000, 1_000)
    );
    assert_eq!(
        posts(&h)[2],
        ("Player3", ActionKind::BothBlinds, 1_500, false)
    );
    let call = h
        .actions
        .iter()
        .find(|a| name(&h, a.player) == "Player3" && a.kind == ActionKind::Call);
    assert_eq!(call.map(|a| a.amount), Some(1_000));
    assert_eq!((h.total_pot, h.rake), (9_000, 300));
    assert_eq!(by_name(&h, "Player3").cards, cards("8c 3s"));

    // A tournament of 2013: printed antes, the stacks before them; the session number for the
    // tournament's; the name decoded from Windows-1252.
    let h = first("NLHE-SEK-STT-201301.ante.txt");
    assert_eq!(
        (h.game.kind, h.game.ante, h.table_name.as_str()),
        (GameKind::Tour, 75, "Söndagssteken")
    );
    let t = h.tournament.as_ref().unwrap();
    assert_eq!(
        (t.tourney_no, t.currency.as_str(), t.buyin),
        (12_283_000_325_725_129, "SEK", 0)
    );
    assert_eq!(by_name(&h, "Player8").stack, 32_651);
    assert_eq!(h.players.len(), 8);

    // 2011 tournament hands: antes not printed (the flop's pot holds 25 for each of ten players
    // but the one all in by his ante, who paid 20), a big blind of 200 posted with 195; empty
    // seats are no players.
    let hands = parse_file(&path("NLHE-CAD-MTT-201101.txt"));
    let h = hands
        .iter()
        .flatten()
        .find(|h| h.site_hand_id == "5854845")
        .unwrap();
    assert_eq!(h.game.ante, 25);
    let antes: Vec<Money> = h
        .actions
        .iter()
        .filter(|a| a.kind == ActionKind::Ante)
        .map(|a| a.amount)
        .collect();
    assert_eq!(antes.len(), 10);
    assert_eq!(sum(antes), 245);
    assert_eq!(by_name(h, "Player43").stack, 20);
    let bb = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::BigBlind)
        .unwrap();
    assert_eq!(
        (name(h, bb.player), bb.amount, bb.all_in),
        ("Player46", 195, true)
    );
    assert_eq!(by_name(h, "Player46").stack, 220);
    assert_eq!(won(h), [("Player16".to_string(), 0, 1_040)]);
    let h = hands
        .iter()
        .flatten()
        .find(|h| h.site_hand_id == "5849786")
        .unwrap();
    assert!(h.player_index("Unknown").is_none());
    assert_eq!(h.players.len(), 9);
    // A split pot printed 412 and 412 of 825: the odd chip to one of the winners.
    let h = hands
        .iter()
        .flatten()
        .find(|h| h.site_hand_id == "5849988")
        .unwrap();
    assert_eq!(
        won(h),
        [
            ("Player16".to_string(), 0, 412),
            ("Player47".to_string(), 0, 413)
        ]
    );

    // Side pots without a show: the all-in players' bets, one winner of everything.
    let h = first("NLHE-CAD-MTT-201101.multi.pot.no.show.txt");
    let turn: Vec<(&str, ActionKind, Money, bool)> = h
        .actions
        .iter()
        .filter(|a| a.street == 2)
        .map(|a| (name(&h, a.player), a.kind, a.amount, a.all_in))
        .collect();
    assert_eq!(
        turn,
        [
            ("Player47", ActionKind::Bet, 13, true),
            ("Player38", ActionKind::Raise, 305, true),
            ("Player40", ActionKind::Call, 305, false),
        ]
    );
    assert_eq!(won(&h), [("Player38".to_string(), 0, 2_123)]);
}

/// Every hand has a hero dealt his cards, but one of the 2011 tournament's: the hero sat out
/// (#5848276, not dealt in).
#[test]
fn heroes_are_dealt_their_cards() {
    heroes_and_cards(DIRS, |rel| rel.ends_with("NLHE-CAD-MTT-201101.txt"));
    let hands = parse_file(&path("NLHE-CAD-MTT-201101.txt"));
    let no_hero: Vec<&str> = hands
        .iter()
        .flatten()
        .filter(|h| h.hero.is_none())
        .map(|h| h.site_hand_id.as_str())
        .collect();
    assert_eq!(no_hero, ["5848276"]);
}

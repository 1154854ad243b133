//! Everest Poker's own format against the corpus (`shared/corpus/{cash,tour}/Everest`): hold'em
//! nl and fl, cash (USD, EUR) and tournaments (a Sit & Go whose level changed, an MTT with
//! antes), 2011 and 2012. The room's other format in the corpus, PokerTracker's export
//! (`EverestPoker Game #N:`), is read by the PokerTracker parser under the same site name.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every file parses
//!   (the empty one holds no hand), each hand detected as Everest, no other room's file yields
//!   an Everest hand; money adds up and the statistics agree; the sidecars agree (where the
//!   reference tracker stored something else, the hooks say what);
//! - the two formats told apart, with the same hand numbers;
//! - the hands checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Everest";
const DIRS: &[&str] = &["cash/Everest", "tour/Everest"];

/// Files of other than one hand: the penalty file is empty (0 bytes), no hand history.
const HANDS: &[(&str, usize)] = &[("NLHE-USD-0.50-1.00-201203.penalty.txt", 0)];

/// The reference tracker's Everest reader did not read the hand's time: it stored one fixed
/// time for every hand (a constant in its code), so its sidecar says nothing of ours (the
/// `<HAND time>` in Unix seconds, checked in `hands_checked_by_hand`).
fn tracker_start_time(_: &Hand) -> String {
    "2011-02-09T11:58:00Z".to_string()
}

/// The reference tracker stored the `position` as printed (from 0); fpdb's seat is one more,
/// as PokerTracker's exports of the room number them (`Seat 1` to `Seat 10`).
fn tracker_seat(h: &Hand, p: PlayerIdx) -> i64 {
    i64::from(h.players[p].seat) - 1
}

/// The reference tracker read the balances, which are in cents, as dollars: a hundred times
/// ours.
fn tracker_stack(h: &Hand, p: PlayerIdx) -> Money {
    h.players[p].stack * 100
}

/// The reference tracker's Everest reader looked for the cards in `<cards type="HOLE" ...>`
/// lines, which the client does not write (it writes `<HOLE position="2">6c</HOLE>`): its
/// sidecar has no player's cards.
fn tracker_has_cards(_: &Hand, _: PlayerIdx) -> bool {
    false
}

#[test]
fn the_corpus_agrees() {
    // 4 hands (2 cash, 2 tournament), none refused; one file is empty.
    let room = RoomCorpus {
        hands_per_file: HANDS,
        sidecar_start_time: tracker_start_time,
        sidecar_seat: tracker_seat,
        sidecar_stack: tracker_stack,
        sidecar_has_cards: tracker_has_cards,
        rules: Rules {
            max_rake_percent: Some(10),
            ..Rules::PLAIN
        },
        ..RoomCorpus::new(SITE, DIRS, 4)
    };
    room_corpus_agrees(&room);
}

/// The room's two formats are told apart by their first lines: the client's XML (`<SESSION`,
/// `<HAND`) by this parser, PokerTracker's export (`EverestPoker Game #N:`) by the PokerTracker
/// parser; both store the site `Everest` and the hand's number as printed, so a hand imported
/// from both is one hand (same site, same `siteHandNo`).
#[test]
fn the_two_formats_are_told_apart_and_number_hands_alike() {
    use fpdb_core::parsers::{room_of_context, room_of_header};
    let native = read("cash/Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt");
    let mut lines = native.lines();
    let session = lines.next().unwrap();
    let header = lines.next().unwrap();
    assert_eq!(room_of_context(session).map(|r| r.site()), Some("Everest"));
    assert_eq!(room_of_header(header).map(|r| r.site()), Some("Everest"));
    assert!(room_of_header(header).is_some_and(|r| r.is_hand_start(header)));
    let export = read("cash/PokerTracker/Flop/NLHE-USD-0.50-1.00-201101.Everest.txt");
    let export_header = export.lines().next().unwrap();
    let pt = room_of_header(export_header).unwrap();
    assert_eq!(pt.site(), "PokerTracker");
    let native_room = room_of_header(header).unwrap();
    assert!(!native_room.is_hand_start(export_header));
    assert!(!pt.is_hand_start(header));
    // The export's hand, and the same number written in the client's format.
    let from_export = first_hand("cash/PokerTracker/Flop/NLHE-USD-0.50-1.00-201101.Everest.txt");
    assert_eq!(
        (from_export.site.as_str(), from_export.site_hand_no),
        ("Everest", 6_450_768_434)
    );
    let renumbered = native.replace("id=\"6754716931\"", "id=\"6450768434\"");
    let from_client = fpdb_core::parse_one(&renumbered).unwrap();
    assert_eq!(
        (from_client.site.as_str(), from_client.site_hand_no),
        ("Everest", from_export.site_hand_no)
    );
    // Tournaments: the session's id is the export's `Tourney ID`, its table the same name.
    let t = first_hand("tour/PokerTracker/Flop/LHE-EUR-SNG-201111.Everest.txt");
    assert_eq!(t.tournament.as_ref().unwrap().tourney_no, 49_630_157);
    assert_eq!(t.table_name, "49630157-0");
    let n = first_hand("tour/Everest/LHE-play-STT-201110.new.level.txt");
    assert_eq!(n.tournament.as_ref().unwrap().tourney_no, 49_482_257);
    assert_eq!(n.table_name, "49482257-0");
}

#[test]
fn hands_checked_by_hand() {
    // Euro cents, a player who does not post, a bet given back.
    let h = first_hand("cash/Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt");
    assert_eq!(h.start_time.to_rfc3339(), "2011-04-27T14:15:58+00:00");
    assert_eq!(
        (
            h.game.currency.as_str(),
            h.game.small_blind,
            h.game.big_blind
        ),
        ("EUR", 1, 2)
    );
    assert_eq!(h.table_name, "Vannes-23");
    assert_eq!(h.button_seat, Some(1));
    assert!(by_name(&h, "Player4").sitting_out);
    assert_eq!(by_name(&h, "Hero").cards, cards("6c 5h"));
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!((h.total_pot, h.rake), (10, 0));
    assert_eq!(won(&h), vec![("Player2".into(), 0, 10)]);
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player2", 10)
    );
    assert_eq!(h.boards[0], cards("Kc Ts 8s"));

    // Fixed limit in dollars; only the big blind posted.
    let h = first_hand("cash/Everest/Flop/LHE-USD-0.02-0.04-201204.txt");
    assert_eq!(h.game.limit_type, LimitType::FixedLimit);
    assert_eq!((h.game.small_bet, h.game.big_bet), (2, 4));
    let kinds: Vec<ActionKind> = h.actions.iter().map(|a| a.kind).collect();
    assert_eq!(kinds[0], ActionKind::BigBlind);
    assert!(kinds.contains(&ActionKind::Raise));
    assert_eq!(won(&h), vec![("Hero".into(), 0, 8)]);
    assert_eq!(by_name(&h, "Hero").cards, cards("Jh Jd"));

    // A tournament whose level changed: the posts are the blinds; chips are hundredths.
    let h = first_hand("tour/Everest/LHE-play-STT-201110.new.level.txt");
    assert_eq!(
        (h.game.kind, h.game.currency.as_str()),
        (GameKind::Tour, "T$")
    );
    assert_eq!((h.game.small_blind, h.game.big_blind), (10, 20));
    assert_eq!(by_name(&h, "Player2").stack, 1_380);
    assert_eq!(h.total_pot, 350);
    assert_eq!(won(&h), vec![("Player8".into(), 0, 350)]);
    assert_eq!(h.hero, h.player_index("Player7"));

    // Antes, the whole board at once after the all-in, the finish of a player not in the hand.
    let h = first_hand("tour/Everest/NLHE-EUR-MTT-201207.space.delimiter.txt");
    assert_eq!(
        (h.game.small_blind, h.game.big_blind, h.game.ante),
        (1_750, 3_500, 350)
    );
    assert_eq!(h.boards[0], cards("8s 4d Td Js Jc"));
    assert_eq!(won(&h), vec![("Player2".into(), 0, 14_674)]);
    // The session's player (screenName NIKKKEI) is not seated: the hero is the player dealt
    // known cards.
    assert_eq!(h.hero, h.player_index("Hero"));
    assert!(h.tournament.as_ref().unwrap().results.is_empty());
}

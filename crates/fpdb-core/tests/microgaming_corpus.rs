//! The Microgaming parser (the network's own XML histories) against the corpus
//! (`shared/corpus/{cash,tour}/Microgaming`): hold'em no-limit, omaha and omaha hi/lo pot-limit
//! cash tables in euros from 2009 to 2016 (the client's versions 1, 2 and 5), a freeroll
//! tournament.
//!
//! - the checks of every room on the skeleton (`common::room_corpus_agrees`): every hand of
//!   every file parses, one a file; each is detected as Microgaming, and no other room's file
//!   yields a Microgaming hand; money adds up in every hand and the derived statistics agree;
//!   hand numbers identify hands; the sidecars agree; damaged hands never panic;
//! - a hand that PokerTracker exported too (`cash/PokerTracker`) is the same hand read from
//!   either file;
//! - the edge cases the files are named for, checked by hand against the text.

mod common;

use common::*;
use fpdb_core::model::*;

const SITE: &str = "Microgaming";
const DIRS: &[&str] = &["cash/Microgaming", "tour/Microgaming"];

#[test]
fn the_corpus_agrees() {
    // 14 hands (13 cash, 1 tournament), none refused.
    let mut room = RoomCorpus::new(SITE, DIRS, 14);
    room.rules.max_rake_percent = Some(10);
    // A second small blind posted to play comes after the big blind: the last post is not the
    // street's highest, to whom the uncalled part goes back (`last_aggressor`, checked anyway).
    room.rules.last_bettor = None;
    room_corpus_agrees(&room);
}

/// The players' money and cards of the walk's sidecar (its six players).
#[test]
fn player_sidecars_agree() {
    assert_eq!(hp_sidecars_agree(DIRS), 6);
}

/// Every hand has its owner as hero (dealt his cards), except those written for a player who
/// watched (`playerseat="0"`).
#[test]
fn heroes_and_their_cards() {
    heroes_and_cards(DIRS, |rel| {
        ["v1.allin.call", "v5.flat", "v5.post.both", "v5.secondsb"]
            .iter()
            .any(|f| rel.contains(f))
    });
}

fn first(file: &str) -> Hand {
    first_hand(&in_flop(DIRS, file))
}

/// What two readings of one hand must share: everything but the players' names (each corpus
/// file anonymised them its own way), with players named by their seats.
fn by_seat(h: &Hand) -> serde_json::Value {
    let seat = |p: PlayerIdx| h.players[p].seat;
    serde_json::json!({
        "site": h.site,
        "no": h.site_hand_no,
        "id": h.site_hand_id,
        "table": h.table_name,
        "time": h.start_time.to_rfc3339(),
        "game": serde_json::to_value(&h.game).unwrap(),
        "button": h.button_seat,
        "hero": h.hero.map(seat),
        "players": h.players.iter().map(|p| (p.seat, p.stack, p.sitting_out, p.cards.clone(), p.shown, p.mucked)).collect::<Vec<_>>(),
        "boards": h.boards,
        "actions": h.actions.iter().map(|a| (a.street, seat(a.player), a.kind, a.amount, a.raise_to, a.all_in)).collect::<Vec<_>>(),
        "returned": h.returned.iter().map(|r| (r.street, seat(r.player), r.amount)).collect::<Vec<_>>(),
        "collections": h.collections.iter().map(|c| (seat(c.player), c.amount, c.pot)).collect::<Vec<_>>(),
        "pot": (h.total_pot, h.rake),
    })
}

/// Hand 4152594215 is in the corpus twice: as the client wrote it and as PokerTracker exported
/// it. Both readings are one hand: the same number, time, table, game, actions and money.
#[test]
fn the_same_hand_from_the_room_and_from_pokertracker() {
    let native = first("NLHE-EUR-0.05-0.10-2011011.multi.allin.txt");
    let export = hand(
        "cash/PokerTracker/Flop/NLHE-EUR-0.05-0.10-201111.Microgaming.txt",
        4_152_594_215,
    );
    assert_eq!(native.site_hand_no, 4_152_594_215);
    assert_eq!(by_seat(&native), by_seat(&export));
}

#[test]
fn edge_cases_checked_by_hand() {
    // Version 1: a post to play of the big blind that was both blinds (the player's end balance
    // shows the small blind paid too).
    let h = first("NLHE-0.05-0.10-201111.posted.to.play.txt");
    let p = idx(&h, "player1");
    let post = h
        .actions
        .iter()
        .find(|a| a.player == p && a.street == POSTS)
        .unwrap();
    assert_eq!((post.kind, post.amount), (ActionKind::BothBlinds, 15));
    assert_eq!((h.total_pot, h.rake), (30, 1));
    assert_eq!(h.table_name, "Turbo: Deal 36");
    assert_eq!(h.game.currency, "EUR");

    // A walk after a post to play of the big blind alone; the big blind folds to it.
    let h = first("NLHE-0.10-0.20-201111.Walk.in.second.bb.txt");
    let p = idx(&h, "Player1");
    assert_eq!(
        h.actions
            .iter()
            .filter(|a| a.player == p)
            .map(|a| (a.kind, a.amount))
            .collect::<Vec<_>>(),
        vec![(ActionKind::BigBlind, 20), (ActionKind::Check, 0)]
    );
    assert_eq!(won(&h), vec![("Player1".into(), 0, 50)]);
    assert_eq!((h.total_pot, h.rake), (50, 0));

    // Version 1: two all-ins, the bigger one's excess given back outside the win.
    let h = first("NLHE-EUR-1.00-2.00-200911.2allins.txt");
    assert_eq!(
        (name(&h, h.returned[0].player), h.returned[0].amount),
        ("Player0", 4_260 + 100 - 1_765)
    );
    assert_eq!((h.total_pot, h.rake), (3_730, 186));
    assert!(h.actions.iter().filter(|a| a.all_in).count() == 2);

    // Version 1: an all-in called by two; the turn bet nobody called given back; the room took
    // 1.28 where its rake attribute says 0.78.
    let h = first("NLHE-EUR-0.50-1.00-201001.v1.allin.call.txt");
    assert_eq!(h.hero, None);
    assert_eq!(h.returned[0].amount, 875);
    assert_eq!((h.total_pot, h.rake), (1_578, 128));
    assert_eq!(won(&h), vec![("Player0".into(), 0, 1_450)]);

    // Version 2: an all-in on the river nobody calls (paid back inside the win).
    let h = first("PLO-EUR-0.05-0.10-201208.v2.allin.no.call.txt");
    assert_eq!(h.game.category, Category::OmahaHi);
    assert_eq!(by_name(&h, "Hero").cards, cards("5d 7d Kh Jh"));
    assert_eq!(h.returned[0].amount, 360);
    assert_eq!((h.total_pot, h.rake), (1_440, 72));
    assert_eq!(won(&h), vec![("Player4".into(), 0, 1_368)]);

    // Version 2: a second small blind posted to play; everybody folds to the big blind.
    let h = first("PLO-EUR-0.05-0.10-201208.v2.secondsb.txt");
    let hero = idx(&h, "Hero");
    let posts: Vec<(ActionKind, Money)> = h
        .actions
        .iter()
        .filter(|a| a.street == POSTS)
        .map(|a| (a.kind, a.amount))
        .collect();
    assert_eq!(
        posts,
        vec![
            (ActionKind::SmallBlind, 10),
            (ActionKind::BigBlind, 20),
            (ActionKind::SmallBlind, 10)
        ]
    );
    assert_eq!(h.actions[2].player, hero);
    // The big blind's 0.10 nobody matched comes back out of his 0.40.
    assert_eq!(h.returned[0].amount, 10);
    assert_eq!((h.total_pot, h.rake), (30, 0));

    // Version 5: the second small blind is live: the raise of 30 over it makes 35, which the
    // others call.
    let h = first("PLO-6max-EUR-5-10-201603.v5.secondsb.raised.txt");
    let raise = h
        .actions
        .iter()
        .find(|a| a.kind == ActionKind::Raise)
        .unwrap();
    assert_eq!((raise.amount, raise.raise_to), (3_000, Some(3_500)));
    assert_eq!((h.total_pot, h.rake), (202_000, 300));

    // Version 5: a post to play and a raise over it, nobody calls.
    let h = first("PLO-6max-EUR-5-10-201603.v5.post.both.raise.txt");
    assert_eq!(h.returned[0].amount, 2_500);
    assert_eq!((h.total_pot, h.rake), (2_500, 0));

    // Omaha hi/lo: one player takes the whole pot.
    let h = first("PLO8-EUR-1.00-2.00-201209.txt");
    assert_eq!(
        (h.game.category, h.game.hi_lo),
        (Category::OmahaHiLo, HiLo::Split)
    );
    assert_eq!((h.total_pot, h.rake), (10_500, 300));
    assert_eq!(won(&h), vec![("Player0".into(), 0, 10_200)]);
}

#[test]
fn the_tournament() {
    let h = first_hand(&in_flop(DIRS, "NLHE-Freeroll-MTT-201112.txt"));
    assert_eq!(h.game.kind, GameKind::Tour);
    assert_eq!(h.table_name, "4685921 1");
    let t = h.tournament.as_ref().unwrap();
    assert_eq!((t.tourney_no, t.buyin), (4_685_921, 0));
    assert_eq!((h.total_pot, h.rake), (5_710, 0));
    assert_eq!(h.returned[0].amount, 5_825 - 2_755);
    assert_eq!(h.hero, h.player_index("Hero"));
    assert_eq!(by_name(&h, "Hero").cards, cards("Qc 4c"));
}

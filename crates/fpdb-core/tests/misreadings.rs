//! Issue 14: five misreadings found on hands the other tests never saw, each as a real corpus
//! hand edited into that situation, with the values the hand text gives.

mod common;

use common::*;
use fpdb_core::model::Hand;
use fpdb_core::stats::{derive, PlayerRow};

/// The only hand of `text`, parsed.
fn only_hand(text: &str) -> Hand {
    let mut hands = fpdb_core::parse_history(text);
    let h = hands.next().expect("a hand").expect("parses");
    assert!(hands.next().is_none());
    h
}

/// The HandsPlayers row of `name`.
fn row(h: &Hand, name: &str) -> PlayerRow {
    let p = idx(h, name);
    derive(h)
        .unwrap()
        .players
        .into_iter()
        .find(|r| r.player == p)
        .unwrap()
}

fn count(h: &Hand, name: &str, column: &str) -> i32 {
    row(h, name).count(column).unwrap()
}

/// (1) PokerStars: a big blind whose seat line says he sits out, yet who posts the ante and the
/// big blind and folds in turn, is an active player (semantics §3.4): the small blind facing an
/// all-in open had a 3-bet chance.
#[test]
fn stars_sitting_out_big_blind_who_acts() {
    let text = read("tour/Stars/Flop/NLHE-9max-MTT-USD-5000-200909.2.day.tour.level.XL.txt");
    let head = &text[..text.find("*** HOLE CARDS ***").unwrap()];
    let head = head.replace(
        "Seat 5: Player2 (6688471 in chips)",
        "Seat 5: Player2 (6688471 in chips) is sitting out",
    );
    let text = format!(
        "{head}*** HOLE CARDS ***
Dealt to Hero [Th Td]
Player0: raises 12139288 to 12259288 and is all-in
Player1: folds
Hero: folds
Player2: folds
Uncalled bet (12139288) returned to Player0
Player0 collected 360000 from pot
*** SUMMARY ***
Total pot 360000 | Rake 0
Seat 1: Player0 collected (360000)
Seat 3: Player1 (button) folded before Flop (didn't bet)
Seat 4: Hero (small blind) folded before Flop
Seat 5: Player2 (big blind) folded before Flop
"
    );
    let h = only_hand(&text);
    assert!(h.players[idx(&h, "Player2")].sitting_out);
    assert_eq!(count(&h, "Hero", "street0_3BChance"), 1);
    assert_eq!(count(&h, "Player1", "street0_3BChance"), 1);
    // Last to act, facing an all-in with everyone else gone: no one to re-raise.
    assert_eq!(count(&h, "Player2", "street0_3BChance"), 0);
    assert_eq!(count(&h, "Player0", "street0_3BChance"), 0);
    assert_eq!(row(&h, "Player0").total_profit, 360_000 - 135_000);
    assert_eq!(row(&h, "Player2").total_profit, -135_000);
}

/// (2) GGPoker: a button straddle all in by his straddle never acts; positions are rotated only
/// when the straddler acts (semantics §2.1 step 4), so the three players after the blinds are
/// 2, 1, 0 in their order of action.
#[test]
fn ggpoker_straddler_who_never_acts() {
    let text = read("cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt");
    let text = text
        .replace(
            "Seat 1: f279d709 ($5 in chips)\n",
            "Seat 1: aaaa0002 ($10 in chips)\nSeat 2: aaaa0003 ($10 in chips)\n",
        )
        .replace(
            "Seat 4: Hero ($31.73 in chips)\n",
            "Seat 4: Hero ($31.73 in chips)\nSeat 5: f279d709 ($5 in chips)\n\
             Seat 6: aaaa0001 ($10 in chips)\n",
        )
        .replace(
            "Dealt to Hero [2s 3c 9d 9h Ad]\nHero: folds\n",
            "Dealt to Hero [2s 3c 9d 9h Ad]\nDealt to aaaa0001\nDealt to aaaa0002\n\
             Dealt to aaaa0003\naaaa0001: folds\naaaa0002: folds\naaaa0003: folds\nHero: folds\n",
        )
        .replace(
            "Seat 1: f279d709 (big blind) folded before Flop\n",
            "Seat 1: aaaa0002 folded before Flop\nSeat 2: aaaa0003 folded before Flop\n",
        )
        .replace(
            "Seat 4: Hero (small blind) folded before Flop",
            "Seat 4: Hero (small blind) folded before Flop\n\
             Seat 5: f279d709 (big blind) folded before Flop\n\
             Seat 6: aaaa0001 folded before Flop",
        );
    let h = only_hand(&text);
    assert_eq!(h.players.len(), 6);
    let pos = |name| row(&h, name).position;
    assert_eq!(
        [pos("aaaa0001"), pos("aaaa0002"), pos("aaaa0003")],
        ['2', '1', '0']
    );
    assert_eq!([pos("Hero"), pos("f279d709")], ['S', 'B']);
    assert_eq!(pos("9e7f64d4"), '9');
}

/// (3) PartyPoker's old tournament format prints no post lines (`Blinds(20/40)` only): the
/// blinds are the players after the button who act. A player just moved to the table, right
/// after the button and without any action, sits out; the small blind is the next player (he
/// calls [20]), the big blind the one after (he checks). The corpus freeroll hand edited so.
#[test]
fn partypoker_old_tournament_with_a_moved_player() {
    let text = read("tour/PartyPoker/Flop/NLHE-Freeroll-MTT-201008.Sample.hand.txt");
    let head = &text[..text.find("** Dealing down cards **").unwrap()];
    let text = format!(
        "{head}** Dealing down cards **
Dealt to Player1 [  9h Th ]
Player6 folds
Player5 folds
Player7 folds
Player4 folds
Player1 calls [20]
Player3 checks
** Dealing Flop ** [ 6d, Qh, Ks ]
Player1 checks
Player3 checks
** Dealing Turn ** [ 6s ]
Player1 checks
Player3 bets [40]
Player1 calls [40]
** Dealing River ** [ 7s ]
Player1 checks
Player3 checks
Player1 shows [ 9h, Th ]a pair of Sixes with Ten kicker.
Player3 doesn't show [ 3c, 9s ]a pair of Sixes.
Player1 wins 160 chips from the main pot with a pair of Sixes with Ten kicker.
"
    );
    let h = only_hand(&text);
    assert!(h.players[idx(&h, "Player2")].sitting_out);
    assert_eq!(h.total_pot, 160);
    assert_eq!(row(&h, "Player1").position, 'S');
    assert_eq!(row(&h, "Player3").position, 'B');
    assert_eq!(row(&h, "Player1").total_profit, 80);
    assert_eq!(row(&h, "Player3").total_profit, -80);
    assert_eq!(row(&h, "Player2").total_profit, 0);
}

/// (4) Bovada's big tournaments print each anonymous player by his position this hand and by a
/// number that stays his across the file ("Seat 360: Big Blind"): he is named "Seat 360" in
/// every hand (the owner "Hero"), and his seat is his position at the table (the line's rank).
#[test]
fn bovada_anonymous_tournament_players_keep_their_number() {
    let file = "tour/Bovada/Flop/NLHE-9max-USD-MTT - Monthly Milly - $1.000.000 Guaranteed - \
                TT$500-$35 - 202106.txt";
    let hands: Vec<Hand> = parse_file(file).into_iter().map(|r| r.unwrap()).collect();
    let first = &hands[0];
    let names: Vec<&str> = first.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Seat 1243",
            "Seat 94",
            "Seat 177",
            "Seat 743",
            "Seat 534",
            "Seat 360",
            "Seat 891",
            "Seat 1227",
            "Hero"
        ]
    );
    let seats: Vec<u8> = first.players.iter().map(|p| p.seat).collect();
    assert_eq!(seats, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The same number is the same player in every hand he plays: never two of them in one hand,
    // and no name from the old numbering by rank.
    let mut with_360 = 0;
    for h in &hands {
        with_360 += h.players.iter().filter(|p| p.name == "Seat 360").count();
        let mut names: Vec<&str> = h.players.iter().map(|p| p.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), h.players.len(), "#{}", h.site_hand_no);
    }
    assert_eq!(with_360, 118);
}

/// (5) 888poker: an all-in ante larger than anything the other player can match. The excess
/// is never matched and comes back to him (888 prints no "returned" line): he loses 2,470, not
/// 3,530, and the pot is 4,940. The corpus freeroll hand with antes, edited to two players all
/// in by their antes.
#[test]
fn pacific_all_in_ante_larger_than_anyone_can_match() {
    let text =
        read("tour/PacificPoker/Flop/NLHE-FREE-MTT-$75Freeroll-201202.multi.pot.ante.all.in.txt");
    let head = &text[..text.find("Total number of players").unwrap()];
    let text = format!(
        "{head}Total number of players : 2
Seat 1: VN91Calais ( $3,530 )
Seat 2: gmartin2011 ( $2,470 )
VN91Calais posts ante [$3,530]
gmartin2011 posts ante [$2,470]
** Dealing down cards **
** Dealing flop ** [ 4d, Qs, 7s ]
** Dealing turn ** [ 6d ]
** Dealing river ** [ Ts ]
** Summary **
VN91Calais shows [ As, 6c ]
gmartin2011 shows [ Td, 7h ]
gmartin2011 collected [ $4,940 ]
"
    );
    let h = only_hand(&text);
    assert_eq!(h.total_pot, 4_940);
    assert_eq!(row(&h, "VN91Calais").total_profit, -2_470);
    assert_eq!(row(&h, "gmartin2011").total_profit, 2_470);
    assert_eq!(h.returned.len(), 1);
    assert_eq!(h.returned[0].amount, 1_060);
    assert!(statistics_problems(&h, true).is_empty());
}

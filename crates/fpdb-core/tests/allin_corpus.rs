//! allInEV on the real hands of the corpus: every hand zero-sum (Σ allInEV = Σ totalProfit),
//! hands without a priced all-in unchanged, and particular all-ins (side pots, run it twice,
//! omaha hi/lo, an all-in for less than the ante, money added by the room) at values an
//! independent evaluator (eval7, with the pots rebuilt the same way) gave when these tests were
//! written. The corpus sidecars' allInEV are stale and not used.

mod common;

use common::*;
use fpdb_core::model::Money;
use fpdb_core::stats::{allin, derive};

/// (allInEV, totalProfit) of player `name` in hand `no` of file `rel`.
fn ev(rel: &str, no: i64, name: &str) -> (Money, Money) {
    let h = hand(rel, no);
    let rows = derive(&h).unwrap();
    let p = idx(&h, name);
    let r = rows.players.iter().find(|r| r.player == p).unwrap();
    (r.all_in_ev, r.total_profit)
}

/// (allInEV, totalProfit) of the players whose allInEV differs from their profit, in seat order.
fn changed(rel: &str, no: i64) -> Vec<(Money, Money)> {
    let rows = derive(&hand(rel, no)).unwrap();
    rows.players
        .iter()
        .filter(|r| r.all_in_ev != r.total_profit)
        .map(|r| (r.all_in_ev, r.total_profit))
        .collect()
}

#[test]
fn every_hand_is_zero_sum_and_only_all_ins_change() {
    let mut priced = 0;
    let mut hands = 0;
    for (rel, h) in all_hands(&TOPS) {
        let Ok(rows) = derive(&h) else { continue };
        hands += 1;
        let ev = sum(rows.players.iter().map(|r| r.all_in_ev));
        let profit = sum(rows.players.iter().map(|r| r.total_profit));
        assert_eq!(ev, profit, "{rel} #{}", h.site_hand_no);
        let changed = rows.players.iter().any(|r| r.all_in_ev != r.total_profit);
        if changed {
            priced += 1;
            let a = allin::find(&h).expect("a priced hand has an all-in");
            // Players who are not contenders keep their profit.
            for r in rows
                .players
                .iter()
                .filter(|r| !a.contenders.contains(&r.player))
            {
                assert_eq!(r.all_in_ev, r.total_profit, "{rel} #{}", h.site_hand_no);
            }
        }
    }
    assert!(hands > 3000, "{hands} hands");
    // 455 when written; new rooms only add to it.
    assert!(priced >= 450, "{priced} hands with a priced all-in");
}

#[test]
fn heads_up_before_the_flop() {
    // K5s against AA, rake $2.05 of a $41.40 pot: round(16.87% × 3935) − 2020.
    let rel = "cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt";
    assert_eq!(ev(rel, 37165169101, "AAALISAAAA"), (-1356, 1915));
    assert_eq!(ev(rel, 37165169101, "Hero"), (1251, -2020));
}

#[test]
fn side_pots_and_the_ante() {
    // All-in on the ante (11 chips): the main pot is 11 from each of the eight players, the
    // flop bettor's side pot was uncontested.
    let rel = "tour/Stars/Flop/NLHE-USD-MTT-1-KO.201008.txt";
    assert_eq!(ev(rel, 47655901719, "ruslan999588"), (7, -11));
    assert_eq!(ev(rel, 47655901719, "Djkujuhfl"), (443, 461));
    // Three-way omaha on the flop with a side pot.
    let rel = "cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Real.side.pot.with.bad.collected.txt";
    assert_eq!(
        changed(rel, 2707770000217),
        vec![(194, -57), (-54, 239), (-103, -145)]
    );
    // Omaha with money the room added (500 cents "STP added") to the main pot.
    let rel = "cash/Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt";
    assert_eq!(hand(rel, 36197946).pot_added, 500);
    assert_eq!(
        changed(rel, 36197946),
        vec![(-2991, -3909), (1386, 9384), (2080, -5000)]
    );
    // A tournament side pot on the flop: 66 against JJ.
    let rel = "tour/Winamax/Flop/NLHE-Ticket-MTT-201010.side.pot.txt";
    assert_eq!(
        changed(rel, 1001468666001190071),
        vec![(5727, 7740), (-5397, -7410)]
    );
}

#[test]
fn run_it_twice_hi_lo() {
    // Courchevel hi/lo, all-in on the flop and run twice: priced on the flop, as one run.
    let rel = "cash/Stars/Flop/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt";
    let h = hand(rel, 97007286518);
    assert!(h.run_it_twice && h.boards.len() == 2);
    assert_eq!(ev(rel, 97007286518, "Player0"), (-1636, 2012));
    assert_eq!(ev(rel, 97007286518, "Hero"), (1586, -2062));
}

//! Statistics of the later streets (N = 1..4): streetNAggr, otherRaisedStreetN and
//! foldToOtherRaisedStreetN (semantics.md §3.6), c-bets and fold to c-bet (§3.9, G rule) and
//! check-call / check-raise on the street where it happened (§3.10, decisions.md §10).

use crate::model::{Action, ActionKind, PlayerIdx};

use super::family::*;
use super::{Columns, Facts};

pub(crate) fn compute(f: &Facts, c: &mut Columns) {
    let mut checked = vec![false; f.n];
    for street in 1..f.streets {
        let actions = f.street[street];
        aggression(street, actions, c);
        continuation_bet(street, f.street[street - 1], actions, c);
        checked.iter_mut().for_each(|x| *x = false);
        check_call_raise(street, actions, &mut checked, c);
    }
}

/// streetNAggr: the player bet or raised on street N. otherRaisedStreetN: the player acted after
/// the street's first bet or raise (its maker too, if he acts again); foldToOtherRaisedStreetN:
/// that, and he folded on the street.
fn aggression(street: usize, actions: &[Action], c: &mut Columns) {
    let mut raised = false;
    for a in actions {
        let p = a.player;
        if raised {
            c[p][other_raised(street)] = 1;
        }
        if a.kind.is_aggressive() {
            c[p][aggr(street)] = 1;
            raised = true;
        }
    }
    for a in actions {
        if a.kind == ActionKind::Fold && c[a.player][other_raised(street)] == 1 {
            c[a.player][fold_to_other_raised(street)] = 1;
        }
    }
}

/// The c-bet of semantics.md §3.9 (fpdb's `calcCBets`): the last aggressor of street N−1 has the
/// chance when he acts on street N and nobody bet before his first action; he made it when that
/// first action (discards and stands pat aside) is a bet or raise. Fold to c-bet, for each other
/// player acting before the c-bettor's next action or up to the first raise after the c-bet:
/// chance, and done when his latest action in that window is a fold.
fn continuation_bet(street: usize, previous: &[Action], actions: &[Action], c: &mut Columns) {
    let Some(aggressor) = previous
        .iter()
        .rev()
        .find(|a| a.kind.is_aggressive())
        .map(|a| a.player)
    else {
        return;
    };
    let Some(first) = actions
        .iter()
        .position(|a| a.player == aggressor && !a.kind.is_draw())
    else {
        return;
    };
    if actions[..first].iter().any(|a| a.kind.is_aggressive()) {
        return;
    }
    let chance = cb_chance(street);
    c[aggressor][chance] = 1;
    if !actions[first].kind.is_aggressive() {
        return;
    }
    c[aggressor][chance + 1] = 1;

    let fold_chance = fold_to_cb_chance(street);
    let mut own_actions = 0;
    for a in actions {
        if own_actions > 1 {
            break;
        }
        if a.player == aggressor {
            if !a.kind.is_draw() {
                own_actions += 1;
            }
            continue;
        }
        c[a.player][fold_chance] = 1;
        c[a.player][fold_chance + 1] = i32::from(a.kind == ActionKind::Fold);
        if a.kind.is_aggressive() {
            break;
        }
    }
}

/// Check-call / check-raise on street N (decisions.md §10): a player who checked before the
/// street's first bet and then faced it has the chance at his next action; Done when that action
/// is a call or a raise, CheckRaiseDone (extension) when it is a raise.
fn check_call_raise(street: usize, actions: &[Action], checked: &mut [bool], c: &mut Columns) {
    let mut bet = false;
    for a in actions {
        let p: PlayerIdx = a.player;
        let aggr = a.kind.is_aggressive();
        if !bet {
            if aggr {
                bet = true;
            } else if a.kind == ActionKind::Check {
                checked[p] = true;
            }
        } else if checked[p] {
            checked[p] = false;
            let chance = check_call_raise_chance(street);
            c[p][chance] = 1;
            c[p][chance + 1] = i32::from(aggr || a.kind == ActionKind::Call);
            c[p][check_raise_done(street)] = i32::from(aggr);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, HandRows};
    use super::*;
    use crate::builder::HandBuilder;
    use crate::model::{Category, LimitType};

    fn rows(b: HandBuilder) -> HandRows {
        derive(&b.finish()).unwrap()
    }

    fn flag(r: &HandRows, p: PlayerIdx, column: &str) -> i32 {
        let row = r.players.iter().find(|row| row.player == p).unwrap();
        row.count(column).unwrap()
    }

    /// btn raises preflop and is called by both blinds.
    fn raised_pot() -> (HandBuilder, [PlayerIdx; 3]) {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 6, false);
        b.call(sb, 5, false);
        b.call(bb, 4, false);
        b.set_street(1);
        (b, [sb, bb, btn])
    }

    #[test]
    fn c_bet_and_fold_to_it() {
        let (mut b, [sb, bb, btn]) = raised_pot();
        b.check(sb);
        b.check(bb);
        b.bet(btn, 10, false);
        b.fold(sb);
        b.call(bb, 10, false);
        b.set_street(2);
        b.check(bb);
        b.check(btn);
        let r = rows(b);
        assert_eq!(flag(&r, btn, "street1CBChance"), 1);
        assert_eq!(flag(&r, btn, "street1CBDone"), 1);
        assert_eq!(flag(&r, sb, "foldToStreet1CBChance"), 1);
        assert_eq!(flag(&r, sb, "foldToStreet1CBDone"), 1);
        assert_eq!(flag(&r, bb, "foldToStreet1CBChance"), 1);
        assert_eq!(flag(&r, bb, "foldToStreet1CBDone"), 0);
        // The flop's last aggressor checked the turn: chance, not done.
        assert_eq!(flag(&r, btn, "street2CBChance"), 1);
        assert_eq!(flag(&r, btn, "street2CBDone"), 0);
        assert_eq!(flag(&r, btn, "street1Aggr"), 1);
        assert_eq!(flag(&r, sb, "otherRaisedStreet1"), 1);
        assert_eq!(flag(&r, sb, "foldToOtherRaisedStreet1"), 1);
        assert_eq!(flag(&r, bb, "otherRaisedStreet1"), 1);
        assert_eq!(flag(&r, btn, "otherRaisedStreet1"), 0);
        // Checked, faced the bet, called: the flop's check-call.
        assert_eq!(flag(&r, bb, "street1CheckCallRaiseChance"), 1);
        assert_eq!(flag(&r, bb, "street1CheckCallRaiseDone"), 1);
        assert_eq!(flag(&r, bb, "street1CheckRaiseDone"), 0);
        assert_eq!(flag(&r, sb, "street1CheckCallRaiseChance"), 1);
        assert_eq!(flag(&r, sb, "street1CheckCallRaiseDone"), 0);
        assert_eq!(flag(&r, bb, "street2CheckCallRaiseChance"), 0);
    }

    #[test]
    fn a_donk_bet_takes_the_c_bet_chance_away() {
        let (mut b, [sb, bb, btn]) = raised_pot();
        b.bet(sb, 10, false);
        b.fold(bb);
        b.raise_to(btn, 30, false);
        b.fold(sb);
        let r = rows(b);
        assert_eq!(flag(&r, btn, "street1CBChance"), 0);
        assert_eq!(flag(&r, sb, "foldToStreet1CBChance"), 0);
        assert_eq!(flag(&r, btn, "otherRaisedStreet1"), 1);
        assert_eq!(flag(&r, sb, "otherRaisedStreet1"), 1);
        assert_eq!(flag(&r, sb, "foldToOtherRaisedStreet1"), 1);
    }

    #[test]
    fn check_raise_counts_on_its_own_street() {
        let (mut b, [sb, bb, btn]) = raised_pot();
        b.check(sb);
        b.check(bb);
        b.bet(btn, 10, false);
        b.raise_to(sb, 30, false);
        b.fold(bb);
        b.call(btn, 20, false);
        let r = rows(b);
        assert_eq!(flag(&r, sb, "street1CheckCallRaiseChance"), 1);
        assert_eq!(flag(&r, sb, "street1CheckCallRaiseDone"), 1);
        assert_eq!(flag(&r, sb, "street1CheckRaiseDone"), 1);
        assert_eq!(flag(&r, bb, "street1CheckCallRaiseDone"), 0);
        // The raise closes the fold-to-c-bet window: bb's fold came after it.
        assert_eq!(flag(&r, sb, "foldToStreet1CBChance"), 1);
        assert_eq!(flag(&r, sb, "foldToStreet1CBDone"), 0);
        assert_eq!(flag(&r, bb, "foldToStreet1CBChance"), 1);
        assert_eq!(flag(&r, bb, "foldToStreet1CBDone"), 0);
        assert_eq!(flag(&r, sb, "street0Aggr"), 0);
        assert_eq!(flag(&r, sb, "street1Aggr"), 1);
    }

    #[test]
    fn draw_game_c_bet_ignores_the_draw() {
        let mut b = builder(game(Category::SingleDraw27, LimitType::NoLimit, 25, 50));
        let p: Vec<_> = (1..=2)
            .map(|s| b.add_player(s, &format!("p{s}"), 1000, false))
            .collect();
        b.post(p[0], ActionKind::SmallBlind, 25, false);
        b.post(p[1], ActionKind::BigBlind, 50, false);
        b.set_street(0);
        b.raise_to(p[0], 150, false);
        b.call(p[1], 100, false);
        b.set_street(1);
        b.discard(p[1], 1, vec![]);
        b.stand_pat(p[0]);
        b.check(p[1]);
        b.bet(p[0], 200, false);
        b.fold(p[1]);
        let r = rows(b);
        assert_eq!(flag(&r, p[0], "street1CBChance"), 1);
        assert_eq!(flag(&r, p[0], "street1CBDone"), 1);
        assert_eq!(flag(&r, p[1], "foldToStreet1CBDone"), 1);
        assert_eq!(flag(&r, p[1], "street1CheckCallRaiseChance"), 1);
    }
}

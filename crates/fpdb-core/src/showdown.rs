//! The pots of a finished hand as its shown cards decide them: for a room that printed a
//! showdown's awards wrongly (a side pot in no award), the awards the cards give.
//!
//! The pots are the ones allInEV prices ([`crate::stats::allin`]): one per all-in level of the
//! players who reached the showdown, built from what every player put in (antes, dead blinds and
//! folded players' chips included, uncalled bets returned), money the room added in the main
//! pot, and the hand's rake taken from each pot in proportion to its size. Each pot goes to its
//! best hand among its contenders; a split pot is shared evenly, and its odd chips (cents) go one
//! by one to the earlier seats.
//!
//! Decided only when nothing is left to guess: a game the equity engine evaluates (hold'em and
//! omaha, high or high-low, [`Rules::for_category`]) on one complete board, no run-it-twice, no
//! cash-out, at least two players at the showdown and every one of them with his cards known.

use crate::equity::{enumerate, Rules, MAX_PLAYERS, UNIT};
use crate::model::{ActionKind, Hand, Money, PlayerIdx};
use crate::stats::allin::{apportion, raked_pots};

/// The board cards of a complete hold'em or omaha board.
const FULL_BOARD: usize = 5;

/// What the hand's pots give each player (indexed like [`Hand::players`]) once `rake` is taken,
/// by the cards shown at the showdown, with the number of pots; `None` when the cards do not
/// decide them (see the module).
pub fn awards(hand: &Hand, rake: Money) -> Option<(Vec<Money>, usize)> {
    let rules = Rules::for_category(hand.game.category)?;
    if hand.game.split_board
        || hand.run_it_twice
        || !hand.cash_outs.is_empty()
        || hand.cashed_out_pot != 0
        || hand.boards.len() != 1
        || hand.boards[0].len() != FULL_BOARD
    {
        return None;
    }
    let n = hand.players.len();
    let mut live: Vec<Money> = vec![0; n];
    let mut dealt = vec![false; n];
    let mut folded = vec![false; n];
    for a in &hand.actions {
        let p = a.player;
        *live.get_mut(p)? = live[p].checked_add(a.amount)?;
        dealt[p] = true;
        folded[p] |= a.kind == ActionKind::Fold;
    }
    for r in &hand.returned {
        let l = live.get_mut(r.player)?;
        *l = l.checked_sub(r.amount)?;
    }
    let contenders: Vec<PlayerIdx> = (0..n).filter(|&p| dealt[p] && !folded[p]).collect();
    if !(2..=MAX_PLAYERS).contains(&contenders.len()) {
        return None;
    }
    let hands: Vec<_> = contenders
        .iter()
        .map(|&p| {
            let cards = &hand.players[p].cards;
            (cards.len() == rules.hole && cards.iter().all(|c| c.is_known())).then(|| cards.clone())
        })
        .collect::<Option<_>>()?;
    let pots = raked_pots(&live, &contenders, hand.pot_added, rake)?;
    let masks: Vec<_> = pots.iter().map(|p| p.contenders).collect();
    let outcome = enumerate(rules, &hands, &hand.boards[0], &[], &masks).ok()?;
    if outcome.boards != 1 {
        return None;
    }
    let mut won = vec![0; n];
    for (pot, shares) in pots.iter().zip(&outcome.shares) {
        let weights: Vec<i128> = shares
            .iter()
            .map(|&s| i128::from(s) * i128::from(pot.net))
            .collect();
        let parts = apportion(&weights, i128::from(UNIT), pot.net)?;
        for (&p, part) in contenders.iter().zip(parts) {
            won[p] += part;
        }
    }
    Some((won, pots.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testkit::*;

    #[test]
    fn side_pots_go_to_their_best_hands() {
        // Three players all-in for 100, 300 and 500 before the flop.
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 100, true);
        b.raise_to(sb, 300, true);
        b.call(bb, 498, true);
        let mut h = b.finish();
        h.returned.push(crate::model::Returned {
            player: bb,
            amount: 200,
            street: 0,
        });
        h.players[btn].cards = cards("Ah Ad");
        h.players[sb].cards = cards("Kh Kd");
        h.players[bb].cards = cards("Qh Qd");
        h.boards = vec![cards("2c 7s 9d Jc 3h")];
        // Main pot 300 to the aces; the side pot 400 to the kings; the rake of 7 taken in
        // proportion (3 and 4).
        let (won, pots) = awards(&h, 7).unwrap();
        assert_eq!(pots, 2);
        assert_eq!((won[btn], won[sb], won[bb]), (297, 396, 0));
        // Every pot split (a royal flush on the board): the rake of 1 comes from the side pot
        // (399 left), whose odd chip goes to the earlier seat.
        h.boards = vec![cards("Ts Js Qs Ks As")];
        let (won, _) = awards(&h, 1).unwrap();
        assert_eq!((won[btn], won[sb], won[bb]), (100, 300, 299));
        // Unknown cards, an incomplete board: not decided.
        h.players[bb].cards = cards("Qh");
        assert!(awards(&h, 0).is_none());
        h.players[bb].cards = cards("Qh Qd");
        h.boards = vec![cards("Qc Qs Jd Jc")];
        assert!(awards(&h, 0).is_none());
    }
}

//! allInEV (an extension of the design): each player's totalProfit with the all-in replaced by
//! its expectation.
//!
//! The all-in is the moment the last bet is called and no further action is possible: at least
//! two players are left and every one of them is all-in, or all but one, who has put in at least
//! as much as each of the others. From there the hand is decided by the cards alone. When every
//! contender's cards are known (shown at showdown) and the game is one the equity engine covers
//! ([`Rules::for_category`]), each pot is priced:
//! - the pots are rebuilt from what every player put in (antes and dead blinds included) after
//!   uncalled bets came back: one pot per all-in level of the contenders, each contested by the
//!   contenders who reach that level, so a player all-in for less than the ante contests only his
//!   own ante's worth from each player; money the room added goes to the main pot;
//! - the rake (everything put in less everything collected) comes off each pot in proportion to
//!   its size;
//! - each pot is shared by its own contenders' equities over every board that can still come from
//!   the board known at that moment, the known cards of the other players (folded, never dealt
//!   back) being dead. A run-it-twice hand has the same expectation as a single run, so the
//!   boards actually run do not matter.
//!
//! allInEV = the player's expected share of the pots − what he put in. Heads-up this is
//! round(equity × (pot − rake)) − invested.
//!
//! Rounding keeps the hand zero-sum exactly (Σ allInEV = Σ totalProfit): the expected shares are
//! exact fractions; each player gets the whole cents (chips) below his share, and the cents still
//! to give (there are fewer than there are contenders) go to the largest remainders, an exact tie
//! to the earlier seat. The rake is split over the pots the same way.
//!
//! Every other hand, and every player of it, has allInEV = totalProfit: no such all-in, a
//! contender's cards unknown, games the engine does not cover (stud, draw, 6+ hold'em, pineapple,
//! fusion, double-board games), hands with a cash-out (the player sold his equity to the room),
//! or money that does not add up.

use crate::cards::Card;
use crate::equity::{Outcome, Players, Rules, Spot, MAX_PLAYERS};
use crate::model::{ActionKind, Hand, Money, PlayerIdx};

use super::money::MoneyFacts;
use super::Facts;

/// The all-in of a hand: when it was fixed and who contests it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllIn {
    /// Street of the call that fixed it (0 = before the flop; forced posts count as street 0).
    pub street: usize,
    /// The players still in, in seat order.
    pub contenders: Vec<PlayerIdx>,
}

/// Finds the moment the hand's outcome was left to the cards, if it has one: after the first
/// action (forced posts included) from which two or more players are in, at most one of them has
/// chips behind, and he has put in at least as much as each of the others. Later actions that put
/// money in or fold mean the room saw more betting, and then there is none.
pub fn find(hand: &Hand) -> Option<AllIn> {
    let n = hand.players.len();
    // Players dealt in: everyone who acts in the hand (a seated player who never acts is not).
    let mut dealt = vec![false; n];
    for a in &hand.actions {
        dealt[a.player] = true;
    }
    let mut folded = vec![false; n];
    let mut all_in = vec![false; n];
    let mut live = vec![0 as Money; n];
    let mut fixed = None;
    for (i, a) in hand.actions.iter().enumerate() {
        if fixed.is_some() {
            if a.kind == ActionKind::Fold || a.amount > 0 {
                return None;
            }
            continue;
        }
        match a.kind {
            ActionKind::Fold => folded[a.player] = true,
            k if k.is_draw() => {}
            _ => {
                let (l, _) = super::money::live_and_dead(a, hand.game.small_blind);
                live[a.player] += l;
                all_in[a.player] |= a.all_in;
            }
        }
        let mut left = 0;
        let mut behind = None;
        let mut most = 0;
        let mut several_behind = false;
        for p in (0..n).filter(|&p| dealt[p] && !folded[p]) {
            left += 1;
            most = most.max(live[p]);
            if !all_in[p] {
                several_behind |= behind.is_some();
                behind = Some(p);
            }
        }
        if left >= 2 && !several_behind && behind.is_none_or(|p| live[p] >= most) {
            fixed = Some(i);
        }
    }
    let at = fixed?;
    let street = hand.actions[at].street.max(0) as usize;
    let contenders = (0..n).filter(|&p| dealt[p] && !folded[p]).collect();
    Some(AllIn { street, contenders })
}

/// allInEV of every hand player (indexed like [`Hand::players`]), or `None` when it equals
/// totalProfit for everyone. `price` gives the enumeration of the all-in's [`Spot`] (`None`:
/// not priced, allInEV = totalProfit).
pub(crate) fn compute(
    f: &Facts,
    money: &MoneyFacts,
    price: &mut dyn FnMut(&Spot) -> Option<Outcome>,
) -> Option<Vec<Money>> {
    let hand = f.hand;
    let rules = Rules::for_category(hand.game.category)?;
    if hand.game.split_board || !hand.cash_outs.is_empty() || hand.cashed_out_pot != 0 {
        return None;
    }
    let all_in = find(hand)?;
    let contenders = &all_in.contenders;
    if contenders.len() > MAX_PLAYERS {
        return None;
    }
    let known = |p: PlayerIdx| -> Option<Vec<Card>> {
        let cards = &hand.players[p].cards;
        (cards.len() == rules.hole && cards.iter().all(|c| c.is_known())).then(|| cards.clone())
    };
    let hands: Vec<Vec<Card>> = contenders
        .iter()
        .map(|&p| known(p))
        .collect::<Option<_>>()?;
    let on_board = Rules::board_before(hand.game.category, all_in.street);
    let board = match hand.boards.first() {
        _ if on_board == 0 => Vec::new(),
        Some(b) if b.len() >= on_board => b[..on_board].to_vec(),
        _ => return None,
    };
    let dead: Vec<Card> = (0..f.n)
        .filter(|p| !contenders.contains(p))
        .flat_map(|p| {
            hand.players[p]
                .cards
                .iter()
                .copied()
                .filter(|c| c.is_known())
        })
        .collect();

    let pots = pots(hand, money, contenders)?;
    let spot = Spot {
        rules,
        hands,
        board,
        dead,
        pots: pots.iter().map(|p| p.contenders).collect(),
    };
    let outcome = price(&spot)?;

    // Expected money of each contender, in units of 1 / outcome.total().
    let denominator = i128::from(outcome.total());
    let numerators: Vec<i128> = (0..contenders.len())
        .map(|c| {
            pots.iter()
                .zip(&outcome.shares)
                .map(|(pot, shares)| i128::from(shares[c]) * i128::from(pot.net))
                .sum()
        })
        .collect();
    let total: Money = pots.iter().map(|p| p.net).sum();
    let expected = apportion(&numerators, denominator, total)?;

    let mut ev: Vec<Money> = money.players.iter().map(|m| m.profit()).collect();
    for (&p, got) in contenders.iter().zip(expected) {
        let m = &money.players[p];
        ev[p] = got - m.committed - m.common;
    }
    Some(ev)
}

/// One pot of the all-in: its contenders (bits over the contenders list) and what is in it after
/// its part of the rake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pot {
    pub contenders: Players,
    pub amount: Money,
    pub net: Money,
}

/// The main pot and the side pots, from what each player put in (uncalled bets returned), with
/// the hand's rake taken from each in proportion. `None` when the money does not add up.
pub(crate) fn pots(hand: &Hand, money: &MoneyFacts, contenders: &[PlayerIdx]) -> Option<Vec<Pot>> {
    // What each player put in, antes and dead blinds included.
    let live: Vec<Money> = money
        .players
        .iter()
        .map(|m| m.committed + m.common)
        .collect();
    let collected: Money = money.players.iter().map(|m| m.winnings).sum();
    let in_pots = live.iter().sum::<Money>() + hand.pot_added;
    raked_pots(&live, contenders, hand.pot_added, in_pots - collected)
}

/// The main pot and the side pots of players who put in `live` (indexed like the hand's
/// players, uncalled bets returned), contested by `contenders`, with `added` (money the room
/// added) in the main pot and `rake` taken from each pot in proportion to its size. `None` when
/// an amount is negative or the rake is not within the pots.
///
/// An all-in player contests from each other player at most as much as he put in himself (an
/// all-in for less than the ante caps everyone's ante in the main pot); money put in above the
/// last contender's level goes to the last pot.
pub(crate) fn raked_pots(
    live: &[Money],
    contenders: &[PlayerIdx],
    added: Money,
    rake: Money,
) -> Option<Vec<Pot>> {
    if live.iter().any(|&l| l < 0) || added < 0 {
        return None;
    }
    let mut levels: Vec<Money> = contenders.iter().map(|&p| live[p]).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots = Vec::with_capacity(levels.len());
    let mut below = 0;
    for (k, &level) in levels.iter().enumerate() {
        let top = k + 1 == levels.len();
        let mut amount: Money = live
            .iter()
            .map(|&l| {
                if top {
                    l - l.min(below)
                } else {
                    l.min(level) - l.min(below)
                }
            })
            .sum();
        if k == 0 {
            amount += added;
        }
        let mask = contenders
            .iter()
            .enumerate()
            .filter(|&(_, &p)| live[p] >= level)
            .fold(0, |m, (c, _)| m | (1 << c));
        if amount > 0 {
            pots.push(Pot {
                contenders: mask,
                amount,
                net: 0,
            });
        }
        below = level;
    }
    let in_pots: Money = pots.iter().map(|p| p.amount).sum();
    if in_pots <= 0 || !(0..=in_pots).contains(&rake) {
        return None;
    }
    let weights: Vec<i128> = pots
        .iter()
        .map(|p| i128::from(p.amount) * i128::from(rake))
        .collect();
    let rakes = apportion(&weights, i128::from(in_pots), rake)?;
    for (pot, r) in pots.iter_mut().zip(rakes) {
        pot.net = pot.amount - r;
    }
    Some(pots)
}

/// Whole amounts in proportion to `numerators / denominator` that add up to `total` exactly:
/// each gets the whole part of his share, and what is left goes one by one to the largest
/// remainders (an exact tie to the earlier one). `None` when the shares do not add up to `total`.
pub(crate) fn apportion(
    numerators: &[i128],
    denominator: i128,
    total: Money,
) -> Option<Vec<Money>> {
    if denominator <= 0 || numerators.iter().sum::<i128>() != denominator * i128::from(total) {
        return None;
    }
    let mut whole: Vec<Money> = numerators
        .iter()
        .map(|&n| Money::try_from(n.div_euclid(denominator)).ok())
        .collect::<Option<_>>()?;
    let left = total - whole.iter().sum::<Money>();
    let mut order: Vec<usize> = (0..numerators.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(numerators[i].rem_euclid(denominator)));
    for &i in order.iter().take(left as usize) {
        whole[i] += 1;
    }
    Some(whole)
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, HandRows};
    use super::*;
    use crate::equity::{enumerate, equity, UNIT};
    use crate::model::ActionKind;

    fn ev_of(rows: &HandRows, p: PlayerIdx) -> (Money, Money) {
        let r = rows.players.iter().find(|r| r.player == p).unwrap();
        (r.all_in_ev, r.total_profit)
    }

    fn zero_sum(rows: &HandRows) {
        let ev: Money = rows.players.iter().map(|r| r.all_in_ev).sum();
        let profit: Money = rows.players.iter().map(|r| r.total_profit).sum();
        assert_eq!(ev, profit);
    }

    /// Heads-up before the flop with rake: round(equity × (pot − rake)) − invested.
    #[test]
    fn heads_up_preflop_is_equity_times_the_raked_pot() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.fold(btn);
        b.raise_to(sb, 100, true);
        b.call(bb, 98, true);
        b.set_cards(sb, &cards("Ah As"));
        b.set_cards(bb, &cards("Kh Kd"));
        b.hand_mut().boards = vec![cards("Kc 7d 2s 9h 3c")];
        b.collect(bb, 197, 0, 0);
        b.hand_mut().total_pot = 200;
        b.hand_mut().rake = 3;
        let h = b.finish();
        assert_eq!(
            find(&h),
            Some(AllIn {
                street: 0,
                contenders: vec![sb, bb]
            })
        );
        let rows = derive(&h).unwrap();
        let o = equity(Rules::HOLDEM, &[cards("Ah As"), cards("Kh Kd")], &[], &[]).unwrap();
        let aces = (o.equity(0, 0) * 197.0).round() as Money;
        assert_eq!(aces, 161); // 81.946% of 197
        assert_eq!(ev_of(&rows, sb), (aces - 100, -100));
        assert_eq!(ev_of(&rows, bb), (197 - aces - 100, 97));
        assert_eq!(ev_of(&rows, btn), (0, 0));
        zero_sum(&rows);
    }

    /// Three players, the shortest all-in first: a main pot of three and a side pot of two, each
    /// priced by its own contenders; the uncalled part of the biggest bet comes back first.
    #[test]
    fn side_pots_are_priced_by_their_own_contenders() {
        let mut b = builder(ring_holdem());
        let short = b.add_player(1, "short", 30, false);
        let mid = b.add_player(2, "mid", 60, false);
        let big = b.add_player(3, "big", 200, false);
        b.post(short, ActionKind::SmallBlind, 1, false);
        b.post(mid, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.raise_to(big, 150, false);
        b.call(short, 29, true);
        b.call(mid, 58, true);
        b.uncalled(big, 90);
        b.set_cards(short, &cards("Ah As"));
        b.set_cards(mid, &cards("Kh Kd"));
        b.set_cards(big, &cards("7c 8c"));
        b.hand_mut().boards = vec![cards("2c 3d 9s Jh 4c")];
        b.collect(short, 90, 0, 0);
        b.collect(mid, 60, 1, 0);
        b.hand_mut().total_pot = 150;
        let h = b.finish();
        let rows = derive(&h).unwrap();
        let hs = [cards("Ah As"), cards("Kh Kd"), cards("7c 8c")];
        let o = enumerate(Rules::HOLDEM, &hs, &[], &[], &[0b111, 0b110]).unwrap();
        let expected = |c: usize| {
            let main = o.shares[0][c] as f64 * 90.0;
            let side = o.shares[1][c] as f64 * 60.0;
            (main + side) / o.total() as f64
        };
        let got: Vec<Money> = [short, mid, big]
            .iter()
            .map(|&p| ev_of(&rows, p).0)
            .collect();
        let invested = [30.0, 60.0, 60.0];
        for c in 0..3 {
            assert!(
                (got[c] as f64 - (expected(c) - invested[c])).abs() < 1.0,
                "{c}: {} against {}",
                got[c],
                expected(c) - invested[c]
            );
        }
        zero_sum(&rows);
        // The aces cannot win the side pot.
        assert_eq!(o.shares[1][0], 0);
    }

    /// A run-it-twice hand has the expectation of one run: the boards that were run do not count.
    #[test]
    fn run_it_twice_has_the_same_expectation() {
        let hand_with = |boards: Vec<Vec<Card>>, collections: &[(PlayerIdx, Money)]| {
            let (mut b, [sb, bb, btn]) = holdem3();
            b.fold(btn);
            b.raise_to(sb, 100, true);
            b.call(bb, 98, true);
            b.set_cards(sb, &cards("Ah Kh"));
            b.set_cards(bb, &cards("Qs Qc"));
            b.hand_mut().boards = boards;
            for &(p, m) in collections {
                b.collect(p, m, 0, 0);
            }
            b.hand_mut().total_pot = 200;
            derive(&b.finish()).unwrap()
        };
        let once = hand_with(vec![cards("2h 7c 9d 3s 4s")], &[(1, 200)]);
        let twice = hand_with(
            vec![cards("2h 7c 9d 3s 4s"), cards("2h 7c 9d Ad 5s")],
            &[(1, 100), (0, 100)],
        );
        for r in &twice.players[..2] {
            assert_ne!(r.all_in_ev, r.total_profit);
        }
        for (a, b) in once.players.iter().zip(&twice.players) {
            assert_eq!(a.all_in_ev, b.all_in_ev);
        }
        // Fixed before the flop: the equity of the whole deal, not of the flop that came.
        let o = equity(Rules::HOLDEM, &[cards("Ah Kh"), cards("Qs Qc")], &[], &[]).unwrap();
        assert_eq!(
            once.players[0].all_in_ev,
            (o.equity(0, 0) * 200.0).round() as Money - 100
        );
        zero_sum(&twice);
    }

    /// All-in on the flop: the flop is known, the rest is dealt; a folded player's shown cards are
    /// dead.
    #[test]
    fn flop_all_in_with_dead_cards() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.call(sb, 1, false);
        b.check(bb);
        b.set_street(1);
        b.bet(sb, 98, true);
        b.fold(bb);
        b.call(btn, 98, true);
        b.set_cards(sb, &cards("Ah Kh"));
        b.set_cards(btn, &cards("As Ks"));
        b.set_cards(bb, &cards("2h 3h"));
        b.hand_mut().players[bb].shown = true;
        b.hand_mut().boards = vec![cards("Qh Js 2d 5h 7h")];
        b.collect(sb, 202, 0, 0);
        b.hand_mut().total_pot = 202;
        let rows = derive(&b.finish()).unwrap();
        let o = equity(
            Rules::HOLDEM,
            &[cards("Ah Kh"), cards("As Ks")],
            &cards("Qh Js 2d"),
            &cards("2h 3h"),
        )
        .unwrap();
        let sb_share = o.shares[0][0] as i128 * 202;
        let expected = (sb_share + o.total() as i128 / 2) / o.total() as i128;
        assert_eq!(ev_of(&rows, sb).0, expected as Money - 100);
        assert_eq!(ev_of(&rows, bb), (-2, -2));
        zero_sum(&rows);
    }

    #[test]
    fn unknown_cards_no_all_in_and_other_games_keep_the_profit() {
        // The kings mucked: their cards are unknown.
        let (mut b, [sb, bb, btn]) = holdem3();
        b.fold(btn);
        b.raise_to(sb, 100, true);
        b.call(bb, 98, true);
        b.set_cards(sb, &cards("Ah As"));
        b.hand_mut().boards = vec![cards("Kc 7d 2s 9h 3c")];
        b.collect(sb, 200, 0, 0);
        let rows = derive(&b.finish()).unwrap();
        rows.players
            .iter()
            .for_each(|r| assert_eq!(r.all_in_ev, r.total_profit));

        // A river call with chips behind is no all-in.
        let (mut b, [sb, bb, btn]) = holdem3();
        b.fold(btn);
        b.call(sb, 1, false);
        b.check(bb);
        b.set_cards(sb, &cards("Ah As"));
        b.set_cards(bb, &cards("Kh Kd"));
        b.hand_mut().boards = vec![cards("Kc 7d 2s 9h 3c")];
        b.collect(bb, 4, 0, 0);
        let h = b.finish();
        assert_eq!(find(&h), None);
        let rows = derive(&h).unwrap();
        rows.players
            .iter()
            .for_each(|r| assert_eq!(r.all_in_ev, r.total_profit));

        // Stud is not covered.
        let mut g = game(Category::StudHi, LimitType::FixedLimit, 0, 2);
        g.ante = 1;
        let mut b = builder(g);
        let a = b.add_player(1, "a", 10, false);
        let c = b.add_player(2, "c", 10, false);
        b.post(a, ActionKind::Ante, 1, false);
        b.post(c, ActionKind::Ante, 1, false);
        b.set_street(0);
        b.bring_in(a, 9, true);
        b.call(c, 9, true);
        b.set_stud_cards(a, 0, &cards("Ah As Ad 2c 3c 4c 5d"));
        b.set_stud_cards(c, 0, &cards("Kh Ks Kd 2h 3h 4h 5h"));
        b.collect(c, 20, 0, 0);
        let rows = derive(&b.finish()).unwrap();
        rows.players
            .iter()
            .for_each(|r| assert_eq!(r.all_in_ev, r.total_profit));
    }

    /// An all-in on the blinds: fixed as soon as the posts are in.
    #[test]
    fn forced_all_in_on_the_blind() {
        let mut b = builder(ring_holdem());
        let sb = b.add_player(1, "sb", 1, false);
        let bb = b.add_player(2, "bb", 100, false);
        b.post(sb, ActionKind::SmallBlind, 1, true);
        b.post(bb, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.uncalled(bb, 1);
        b.set_cards(sb, &cards("7c 2d"));
        b.set_cards(bb, &cards("Ah As"));
        b.hand_mut().boards = vec![cards("Kc 7d 2s 9h 3c")];
        b.collect(sb, 2, 0, 0);
        b.hand_mut().total_pot = 2;
        let h = b.finish();
        assert_eq!(find(&h).map(|a| a.street), Some(0));
        let rows = derive(&h).unwrap();
        let o = equity(Rules::HOLDEM, &[cards("7c 2d"), cards("Ah As")], &[], &[]).unwrap();
        let sb_ev = (o.equity(0, 0) * 2.0).round() as Money - 1;
        assert_eq!(ev_of(&rows, sb).0, sb_ev);
        zero_sum(&rows);
    }

    #[test]
    fn apportion_is_exact_and_breaks_ties_by_order() {
        assert_eq!(apportion(&[1, 1], 2, 1), Some(vec![1, 0]));
        assert_eq!(apportion(&[3, 5, 2], 10, 1), Some(vec![0, 1, 0]));
        assert_eq!(apportion(&[7, 7, 7], 3, 7), Some(vec![3, 2, 2]));
        assert_eq!(apportion(&[1, 1], 2, 5), None);
        let u = UNIT as i128;
        assert_eq!(
            apportion(&[197 * u, 197 * u], 2 * u, 197),
            Some(vec![99, 98])
        );
    }
}

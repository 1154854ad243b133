//! Money columns (semantics.md §3.1, decisions.md §4/§9/§12): ante, winnings, rake, totalProfit,
//! and the won-when-seen shares.
//!
//! Amounts are already in the stored unit (cents, or chips): nothing is scaled here.

use crate::model::{Action, ActionKind, Money, PlayerIdx, Returned};

use super::streets::Seen;
use super::Facts;

/// What one player put in and took out of the pot.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct PlayerMoney {
    /// The player's ante posts.
    pub ante: Money,
    /// Live money (blinds, straddles, bring-in, calls, bets, raises) minus returned bets.
    pub committed: Money,
    /// Dead money: antes, dead small blinds, the small-blind part of "both blinds".
    pub common: Money,
    /// Collections and cash-outs.
    pub winnings: Money,
    /// The player's share of the hand's rake.
    pub rake: Money,
}

impl PlayerMoney {
    /// totalProfit = winnings − (committed + common).
    pub fn profit(&self) -> Money {
        self.winnings - self.committed - self.common
    }
}

/// Every player's money, indexed by hand player.
#[derive(Debug, Clone)]
pub(crate) struct MoneyFacts {
    pub players: Vec<PlayerMoney>,
    /// An uncalled bet the room did not print, returned by inference (semantics.md §3.0).
    pub inferred: Option<Returned>,
    /// Σ winnings: all money collected in the hand.
    total_winnings: Money,
}

impl MoneyFacts {
    /// wonWhenSeenStreet1..4 and wonAtSD of player `p` (decisions.md §12): his share of all money
    /// collected in the hand where he saw the street (the showdown) and collected something.
    pub fn won(&self, p: PlayerIdx, seen: &Seen) -> [f64; 5] {
        let mut won = [0.0; 5];
        let w = self.players[p].winnings;
        if w > 0 && self.total_winnings > 0 {
            let share = w as f64 / self.total_winnings as f64;
            for (slot, &saw) in won.iter_mut().zip(&seen.street[p]) {
                if saw {
                    *slot = share;
                }
            }
            if seen.showdown[p] {
                won[4] = share;
            }
        }
        won
    }
}

/// Adds up every player's money (semantics.md §3.1).
pub(crate) fn compute(f: &Facts) -> MoneyFacts {
    let hand = f.hand;
    let mut players = vec![PlayerMoney::default(); f.n];
    for a in &hand.actions {
        let m = &mut players[a.player];
        let (live, dead) = live_and_dead(a, hand.game.small_blind);
        if a.kind == ActionKind::Ante {
            m.ante += a.amount;
        }
        m.common += dead;
        m.committed += live;
    }
    for r in &hand.returned {
        players[r.player].committed -= r.amount;
    }
    for c in &hand.collections {
        players[c.player].winnings += c.amount;
    }
    for c in &hand.cash_outs {
        players[c.player].winnings += c.amount;
    }

    // The uncalled part of the biggest commitment when the room printed no return for it
    // (semantics.md §3.0), by the rule parsers settle hands with: a parsed hand has none left,
    // a hand built otherwise may.
    let inferred = crate::pot::unmatched_bet(hand);
    if let Some(r) = &inferred {
        players[r.player].committed -= r.amount;
    }
    split_rake(f, &mut players);
    MoneyFacts {
        total_winnings: players.iter().map(|m| m.winnings).sum(),
        players,
        inferred,
    }
}

/// The money an action puts in, as (live, dead): antes and dead small blinds are dead money (they
/// belong to the pot, not to the player's bet), so is the small-blind part of "both blinds" (the
/// game's small blind); everything else is live.
pub(crate) fn live_and_dead(a: &Action, small_blind: Money) -> (Money, Money) {
    match a.kind {
        ActionKind::Ante | ActionKind::DeadSmallBlind => (0, a.amount),
        ActionKind::BothBlinds => {
            let dead = a.amount.min(small_blind.max(0));
            (a.amount - dead, dead)
        }
        _ => (a.amount, 0),
    }
}

/// Everything in the pot: the players' money and what the room added.
fn pot(f: &Facts, players: &[PlayerMoney]) -> Money {
    players
        .iter()
        .map(|m| m.committed + m.common)
        .sum::<Money>()
        + f.hand.pot_added
}

/// Rake per player (semantics.md §3.1.5): collectors who took exactly an even share of the total
/// pot paid no rake (the others pay the difference); otherwise the hand's rake is split in
/// integer shares, the first collector taking the remainder. Non-collectors pay nothing.
fn split_rake(f: &Facts, players: &mut [PlayerMoney]) {
    let hand = f.hand;
    // Collectors in the order of their first collection line (cash-outs after).
    let mut collectors: Vec<PlayerIdx> = Vec::with_capacity(4);
    let order = hand
        .collections
        .iter()
        .map(|c| c.player)
        .chain(hand.cash_outs.iter().map(|c| c.player));
    for p in order {
        if players[p].winnings > 0 && !collectors.contains(&p) {
            collectors.push(p);
        }
    }
    let Some(&first) = collectors.first() else {
        return;
    };
    let k = collectors.len() as Money;
    let total_pot = if hand.total_pot > 0 {
        hand.total_pot
    } else {
        pot(f, players)
    };
    if collectors
        .iter()
        .any(|&p| players[p].winnings * k == total_pot)
    {
        let even = total_pot / k;
        for &p in &collectors {
            players[p].rake = even - players[p].winnings;
        }
    } else {
        let share = hand.rake / k;
        for &p in &collectors {
            players[p].rake = share;
        }
        players[first].rake += hand.rake - share * k;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, streets, Facts};
    use super::*;
    use crate::model::ActionKind;

    fn rakes(m: &MoneyFacts) -> Vec<Money> {
        m.players.iter().map(|p| p.rake).collect()
    }

    #[test]
    fn profit_is_winnings_minus_everything_put_in() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 6, false);
        b.fold(sb);
        b.call(bb, 4, false);
        b.set_street(1);
        b.bet(bb, 10, false);
        b.fold(btn);
        b.uncalled(bb, 10);
        b.collect(bb, 12, 0, 0);
        b.hand_mut().total_pot = 13;
        b.hand_mut().rake = 1;
        let rows = derive(&b.finish()).unwrap();
        let by = |p| rows.players.iter().find(|r| r.player == p).unwrap();
        assert_eq!(by(sb).total_profit, -1);
        assert_eq!(by(btn).total_profit, -6);
        assert_eq!(by(bb).total_profit, 12 - 6);
        assert_eq!(by(bb).winnings, 12);
        assert_eq!(by(bb).rake, 1);
        let sum: Money = rows.players.iter().map(|r| r.total_profit).sum();
        assert_eq!(sum, -1);
    }

    #[test]
    fn antes_are_reported_and_dead() {
        let mut g = ring_holdem();
        g.ante = 1;
        let mut b = builder(g);
        let a = b.add_player(1, "a", 100, false);
        let c = b.add_player(2, "c", 100, false);
        b.post(a, ActionKind::Ante, 1, false);
        b.post(c, ActionKind::Ante, 1, false);
        b.post(a, ActionKind::SmallBlind, 1, false);
        b.post(c, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.fold(a);
        b.uncalled(c, 1);
        b.collect(c, 4, 0, 0);
        let rows = derive(&b.finish()).unwrap();
        assert_eq!(rows.players[0].ante, 1);
        assert_eq!(rows.players[0].total_profit, -2);
        assert_eq!(rows.players[1].total_profit, 2);
    }

    /// semantics.md §3.2.4: an old walk without an uncalled line; the big blind's unmatched half
    /// goes back to him (G: totalProfit +50 cents, not 0).
    #[test]
    fn uncalled_bet_is_inferred_when_the_room_prints_none() {
        let mut b = builder(game(Category::Holdem, LimitType::FixedLimit, 50, 100));
        let hero = b.add_player(6, "Hero", 4000, false);
        let v = b.add_player(7, "fblm2002", 2475, false);
        b.post(v, ActionKind::SmallBlind, 50, false);
        b.post(hero, ActionKind::BigBlind, 100, false);
        b.set_street(0);
        b.fold(v);
        b.collect(hero, 100, 0, 0);
        b.hand_mut().total_pot = 100;
        let h = b.finish();
        let rows = derive(&h).unwrap();
        assert_eq!(rows.players[0].total_profit, 50);
        assert_eq!(rows.players[0].winnings, 100);
        assert_eq!(rows.players[1].total_profit, -50);
        // The inferred return is an unbet row on street 0.
        let unbet = rows.actions.iter().find(|a| a.action == "unbet").unwrap();
        assert_eq!((unbet.player, unbet.street, unbet.amount), (0, 0, -50));
    }

    #[test]
    fn no_inference_when_the_collections_include_the_excess() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 10, false);
        b.fold(sb);
        b.fold(bb);
        // The room paid the whole pot to the raiser instead of returning the raise.
        b.collect(btn, 13, 0, 0);
        let f_hand = b.finish();
        let f = Facts::new(&f_hand).unwrap();
        let m = compute(&f);
        assert!(m.inferred.is_none());
        assert_eq!(m.players[btn].profit(), 3);
    }

    #[test]
    fn rake_is_split_in_integer_shares_remainder_to_the_first_collector() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.call(sb, 1, false);
        b.check(bb);
        for s in 1..=3 {
            b.set_street(s);
            b.check(sb);
            b.check(bb);
            b.check(btn);
        }
        b.collect(bb, 3, 0, 0);
        b.collect(sb, 1, 0, 0);
        b.collect(btn, 1, 0, 0);
        b.hand_mut().total_pot = 6;
        b.hand_mut().rake = 1;
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let m = compute(&f);
        assert_eq!(rakes(&m), vec![0, 1, 0]);

        let mut h2 = h.clone();
        h2.rake = 5;
        h2.collections.iter_mut().for_each(|c| c.amount = 0);
        h2.collections[0].amount = 1;
        h2.collections[1].amount = 0;
        let f = Facts::new(&h2).unwrap();
        assert_eq!(rakes(&compute(&f)), vec![0, 5, 0]);
    }

    /// The corpus' 4.way.split.unequal.rake: two collectors took exactly a quarter of the pot and
    /// paid no rake, the other two paid 5 cents each.
    #[test]
    fn even_share_collectors_pay_no_rake() {
        let (mut b, p) = holdem_n(4);
        b.call(p[2], 2, false);
        b.call(p[3], 2, false);
        b.call(p[0], 1, false);
        b.check(p[1]);
        b.collect(p[0], 2, 0, 0);
        b.collect(p[1], 2, 0, 0);
        b.collect(p[2], 1, 0, 0);
        b.collect(p[3], 1, 0, 0);
        b.hand_mut().total_pot = 8;
        b.hand_mut().rake = 2;
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let m = compute(&f);
        assert_eq!(rakes(&m), vec![0, 0, 1, 1]);
        let seen = streets::compute(&f);
        let total: f64 = (0..4).map(|p| m.won(p, &seen)[0]).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!((m.won(0, &seen)[0] - 2.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn cash_outs_count_in_winnings() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 100, false);
        b.fold(sb);
        b.call(bb, 98, false);
        b.hand_mut().cash_outs.push(crate::model::CashOut {
            player: bb,
            amount: 150,
            fee: 2,
        });
        b.collect(btn, 51, 0, 0);
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let m = compute(&f);
        assert_eq!(m.players[bb].winnings, 150);
        assert_eq!(m.players[bb].profit(), 50);
    }
}

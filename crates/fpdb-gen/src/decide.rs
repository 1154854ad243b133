//! How a simulated player acts: his style, the strength of his hand and the price decide.
//!
//! This is no poker AI: it only has to make each player's frequencies his own (a nit folds most
//! hands, a calling station calls down, a maniac shoves) and keep the actions legal, so the
//! histories look like real ones and the HUD statistics differ from player to player.

use crate::players::Style;
use crate::rng::Rng;
use crate::table::Limit;

/// What a player does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Fold,
    Check,
    Call,
    /// Bet or raise to this street total.
    RaiseTo(i64),
}

/// Everything a player sees when it is his turn.
#[derive(Debug, Clone, Copy)]
pub struct Spot {
    /// 0 preflop, 1 flop, 2 turn, 3 river.
    pub street: u8,
    /// Chips needed to call (capped at the stack: a call for less is all-in).
    pub to_call: i64,
    /// Highest street total so far.
    pub current: i64,
    /// The player's street total and chips behind.
    pub live: i64,
    pub stack: i64,
    /// Everything in the pot, bets of this street included.
    pub pot: i64,
    pub bb: i64,
    /// A raise is allowed, between `min_to` and `max_to` (street totals). When `min_to` exceeds
    /// `max_to` only an all-in for less than a full raise is possible.
    pub can_raise: bool,
    pub min_to: i64,
    pub max_to: i64,
    /// Bets and raises so far on this street (preflop: raises over the big blind).
    pub raises: u32,
    /// Preflop: players who called the big blind before any raise.
    pub limpers: u32,
    /// Preflop: players left to act after this one, the big blind included (2 on the button,
    /// 1 in the small blind).
    pub behind: u32,
    /// The player made the last raise of the previous street (a continuation-bet spot).
    pub was_aggressor: bool,
    pub limit: Limit,
    /// A tournament player who is away: folds unless he can check.
    pub sitting_out: bool,
    /// One of the rare hands where everybody wants to get it in (gives side pots).
    pub frenzy: bool,
    /// Chips a bet or raise is rounded to.
    pub unit: i64,
}

/// The player's action. `strength` is the share of hands his hand beats (0..1).
pub fn decide(rng: &mut Rng, style: &Style, strength: f64, spot: &Spot) -> Act {
    let fold_or_check = if spot.to_call == 0 {
        Act::Check
    } else {
        Act::Fold
    };
    if spot.sitting_out {
        return fold_or_check;
    }
    let s = strength + rng.uniform(-0.06, 0.06);
    let all_in = spot.live + spot.stack;
    let act = if spot.frenzy && s > 0.3 && spot.can_raise && rng.chance(0.5) {
        Act::RaiseTo(all_in)
    } else if spot.frenzy && s > 0.3 && spot.to_call > 0 && rng.chance(0.75) {
        Act::Call
    } else if spot.street == 0 {
        preflop(rng, style, s, spot)
    } else {
        postflop(rng, style, s, spot)
    };
    // Every wanted raise goes through `size`, which keeps it within the betting structure.
    match act {
        Act::RaiseTo(to) if spot.can_raise => Act::RaiseTo(size(spot, to)),
        Act::RaiseTo(_) if spot.to_call > 0 => Act::Call,
        Act::RaiseTo(_) => Act::Check,
        Act::Call if spot.to_call == 0 => Act::Check,
        a => a,
    }
}

fn preflop(rng: &mut Rng, st: &Style, s: f64, spot: &Spot) -> Act {
    let fold_or_check = if spot.to_call == 0 {
        Act::Check
    } else {
        Act::Fold
    };
    let cur = spot.current.max(spot.bb) as f64;
    let bb = spot.bb as f64;
    let stack_bb = (spot.live + spot.stack) as f64 / bb;
    // Short stacks play push or fold.
    if stack_bb <= 12.0 && spot.limit == Limit::No {
        let push = 1.0 - (st.vpip * 0.7 + st.shove * 0.5 + 0.08);
        if spot.raises == 0 && s >= push {
            return Act::RaiseTo(spot.live + spot.stack);
        }
        if spot.raises > 0 && s >= 0.8 - st.call_down * 0.1 {
            return if spot.can_raise && rng.chance(0.5) {
                Act::RaiseTo(spot.live + spot.stack)
            } else {
                Act::Call
            };
        }
        if spot.raises == 0 && spot.to_call > 0 && s >= 1.0 - st.vpip && rng.chance(0.3) {
            return Act::Call;
        }
        return fold_or_check;
    }
    let pricey = spot.to_call as f64 > 0.3 * (spot.stack + spot.live) as f64;
    match spot.raises {
        0 => {
            // First in late, a player opens (steals) much wider than from early position.
            let widen = if spot.limpers > 0 {
                1.0
            } else {
                match spot.behind {
                    1 => 1.8,
                    2 => 2.2,
                    3 => 1.5,
                    4 => 1.1,
                    _ => 0.8,
                }
            };
            let (pfr, vpip) = ((st.pfr * widen).min(0.9), (st.vpip * widen).min(0.95));
            if s >= 1.0 - pfr {
                let open = if st.aggression > 0.8 {
                    rng.uniform(3.0, 5.0)
                } else {
                    rng.uniform(2.0, 3.5)
                };
                Act::RaiseTo(((open + f64::from(spot.limpers)) * bb) as i64)
            } else if s >= 1.0 - vpip {
                Act::Call
            } else if spot.to_call * 2 <= spot.bb && rng.chance(st.vpip * 0.4) {
                // The small blind completes a cheap hand.
                Act::Call
            } else {
                fold_or_check
            }
        }
        1 => {
            let call_thr = 1.0 - st.vpip * (0.45 + 0.4 * st.call_down);
            if s >= 1.0 - st.three_bet || rng.chance(st.bluff * 0.12) {
                Act::RaiseTo((cur * rng.uniform(2.8, 3.6)) as i64)
            } else if s >= if pricey { call_thr.max(0.85) } else { call_thr } {
                Act::Call
            } else {
                fold_or_check
            }
        }
        2 => {
            if s >= 1.0 - st.four_bet {
                Act::RaiseTo((cur * rng.uniform(2.1, 2.5)) as i64)
            } else if s >= 1.0 - st.vpip * 0.25 - st.call_down * 0.05 {
                Act::Call
            } else {
                fold_or_check
            }
        }
        _ => {
            if s >= 0.975 || rng.chance(st.shove * 0.2) {
                Act::RaiseTo(spot.live + spot.stack)
            } else if s >= 0.93 - st.call_down * 0.05 {
                Act::Call
            } else {
                fold_or_check
            }
        }
    }
}

fn postflop(rng: &mut Rng, st: &Style, s: f64, spot: &Spot) -> Act {
    let pot = spot.pot as f64;
    if spot.to_call == 0 {
        let bet = (spot.was_aggressor && spot.street == 1 && rng.chance(st.cbet))
            || rng.chance(st.aggression * (0.35 + s))
            || rng.chance(st.bluff * 0.5);
        if !bet {
            return Act::Check;
        }
        if s > 0.75 && rng.chance(st.shove * 0.6) {
            return Act::RaiseTo(spot.live + spot.stack);
        }
        return Act::RaiseTo((pot * rng.uniform(0.33, 0.95)) as i64);
    }
    let odds = spot.to_call as f64 / (pot + spot.to_call as f64);
    if (s > 0.78 && rng.chance(st.aggression * 0.5)) || rng.chance(st.bluff * 0.08) {
        if s > 0.85 && rng.chance(st.shove) {
            return Act::RaiseTo(spot.live + spot.stack);
        }
        let to = spot.current as f64 * rng.uniform(2.2, 3.2) + pot * 0.2;
        return Act::RaiseTo(to as i64);
    }
    if s >= 0.3 + odds * 0.9 - st.call_down * 0.3 {
        Act::Call
    } else {
        Act::Fold
    }
}

/// A wanted raise total made legal and tidy: rounded to the table's unit, within the limits, and
/// all-in when it would leave a fifth of the stack or less behind.
fn size(spot: &Spot, wanted: i64) -> i64 {
    let all_in = spot.live + spot.stack;
    if spot.min_to >= spot.max_to {
        return spot.max_to;
    }
    let unit = spot.unit.max(1);
    let rounded = (wanted + unit / 2) / unit * unit;
    let to = rounded.clamp(spot.min_to, spot.max_to);
    if spot.limit != Limit::Fixed && spot.max_to == all_in && (all_in - to) * 5 <= all_in {
        return all_in;
    }
    to
}

//! Street-0 statistics: VPIP and PFR (semantics.md §3.3), the raise levels behind 3-bets and
//! 4-bets (§3.4, decisions.md §11), otherRaisedStreet0 (decisions.md §11) and steals (§3.8).
//!
//! Street 0 is preflop in flop games, 3rd street in stud and the deal in draw games. Forced posts
//! (blinds, antes, straddles) are never voluntary or aggressive; the stud bring-in is street 0's
//! first action but neither voluntary nor aggressive either.

use crate::model::{ActionKind, Base, Category, PlayerIdx};

use super::col::*;
use super::{Columns, Facts};

/// fpdb's street-0 flags beyond the design's columns, from the same walks (semantics.md §3.4 and
/// §3.8, names after fpdb's `street0_2BChance`, `raiseFirstInChance`, ...). Not stored; they let
/// the tests compare every reliable flag of the reference tracker, and a HUD extension use them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PreflopFlags {
    /// First voluntary action in an unopened pot (semantics.md §3.8 walk).
    pub raise_first_in_chance: bool,
    pub raised_first_in: bool,
    /// A blind facing a steal attempt.
    pub raise_to_steal_chance: bool,
    pub raise_to_steal_done: bool,
    /// The steal attempt made the big blind fold (stud: the bring-in).
    pub success_steal: bool,
    /// Chance to open-raise (level 1).
    pub two_bet_chance: bool,
    pub two_bet_done: bool,
    /// Stud: the completer facing a raise.
    pub fold_to_2b_chance: bool,
    pub fold_to_2b_done: bool,
    /// The opener facing a 3-bet.
    pub fold_to_3b_chance: bool,
    pub fold_to_3b_done: bool,
    /// Facing a 3-bet without having opened.
    pub cold_4b_chance: bool,
    pub cold_4b_done: bool,
    /// Facing a 4-bet (everyone but the opener).
    pub fold_to_4b_chance: bool,
    pub fold_to_4b_done: bool,
    /// Facing an open raise after someone called it.
    pub squeeze_chance: bool,
    pub squeeze_done: bool,
}

/// Fills the street-0 columns and flags of every hand player.
pub(crate) fn compute(f: &Facts, pos: &[char], c: &mut Columns) {
    vpip_and_aggression(f, c);
    raise_levels(f, c);
    other_raised(f, c);
    steals(f, pos, c);
}

/// street0VPI: any call, bet, raise or complete on street 0; street0Aggr: any bet, raise or
/// complete.
fn vpip_and_aggression(f: &Facts, c: &mut Columns) {
    for a in f.street0() {
        let p = a.player;
        match a.kind {
            ActionKind::Call => c[p][STREET0_VPI] = 1,
            k if k.is_aggressive() => {
                c[p][STREET0_VPI] = 1;
                c[p][STREET0_AGGR] = 1;
            }
            _ => {}
        }
    }
}

/// The raise-level walk of semantics.md §3.4 (fpdb's `calc34BetStreet0`).
///
/// Level 1 is the blinds (stud: level 0 until the completion), each aggressive action goes one
/// level up. A player "can raise" unless, at his first action, every other player has folded or
/// is all-in. street0_3BChance is the chance at level 2, street0_4BChance the opener's chance at
/// level 3; other_3BStreet0 / other_4BStreet0 mark everyone but the player who made the 2→3 /
/// 3→4 raise (decisions.md §11).
fn raise_levels(f: &Facts, c: &mut Columns) {
    // Per player: can he still act (a street-0 action or a post that left chips behind, even
    // when his seat line says he sits out: semantics §3.4), has he acted, and could he raise at
    // his first action. He leaves at his own fold or all-in.
    #[derive(Clone, Copy)]
    struct Walker {
        active: bool,
        acted: bool,
        can_raise: bool,
    }
    let mut w = vec![
        Walker {
            active: false,
            acted: false,
            can_raise: true,
        };
        f.n
    ];
    for a in f.posts {
        w[a.player].active = !a.all_in;
    }
    for a in f.street0() {
        w[a.player].active = true;
    }
    let mut n_active = w.iter().filter(|x| x.active).count();
    let mut level = if f.hand.game.base == Base::Stud { 0 } else { 1 };
    let mut opener: Option<PlayerIdx> = None;
    let mut squeeze_open = false;
    let (mut three_bettor, mut four_bettor) = (None, None);

    for a in f.street0() {
        let p = a.player;
        if !w[p].acted {
            w[p].acted = true;
            w[p].can_raise = n_active > usize::from(w[p].active);
        }
        let aggr = a.kind.is_aggressive();
        let fold = a.kind == ActionKind::Fold;
        // A raise proves the chance even where the walk thought there was none.
        let chance = w[p].can_raise || aggr;
        match level {
            0 => {
                if aggr {
                    opener.get_or_insert(p);
                    level = 1;
                }
            }
            1 => {
                c.flags(p).two_bet_chance |= chance;
                if aggr {
                    c.flags(p).two_bet_done = true;
                    opener.get_or_insert(p);
                    level = 2;
                }
            }
            2 => {
                if chance {
                    c[p][STREET0_3B_CHANCE] = 1;
                }
                c.flags(p).squeeze_chance |= squeeze_open;
                if opener == Some(p) {
                    c.flags(p).fold_to_2b_chance = true;
                    c.flags(p).fold_to_2b_done |= fold;
                }
                if aggr {
                    c[p][STREET0_3B_DONE] = 1;
                    c.flags(p).squeeze_done = squeeze_open;
                    three_bettor = Some(p);
                    level = 3;
                } else if a.kind == ActionKind::Call {
                    squeeze_open = true;
                }
            }
            3 => {
                if opener == Some(p) {
                    if chance {
                        c[p][STREET0_4B_CHANCE] = 1;
                    }
                    c.flags(p).fold_to_3b_chance = true;
                    if aggr {
                        c[p][STREET0_4B_DONE] = 1;
                        four_bettor = Some(p);
                        level = 4;
                    } else if fold {
                        c.flags(p).fold_to_3b_done = true;
                        break;
                    }
                } else {
                    c.flags(p).cold_4b_chance = true;
                    if aggr {
                        c.flags(p).cold_4b_done = true;
                        four_bettor = Some(p);
                        level = 4;
                    }
                }
            }
            _ => {
                if opener != Some(p) {
                    c.flags(p).fold_to_4b_chance = true;
                    c.flags(p).fold_to_4b_done |= fold;
                }
            }
        }
        if (fold || a.all_in) && w[p].active {
            w[p].active = false;
            n_active -= 1;
        }
    }
    for (raiser, column) in [
        (three_bettor, OTHER_3B_STREET0),
        (four_bettor, OTHER_4B_STREET0),
    ] {
        if let Some(r) = raiser {
            for p in (0..c.len()).filter(|&p| p != r) {
                c[p][column] = 1;
            }
        }
    }
}

/// otherRaisedStreet0 (decisions.md §11): another player made a bet, raise or completion on
/// street 0 before one of this player's street-0 actions; foldToOtherRaisedStreet0: that, and
/// the player folded on street 0.
fn other_raised(f: &Facts, c: &mut Columns) {
    // The first aggressor so far, and whether a second player has been aggressive too.
    let mut first: Option<PlayerIdx> = None;
    let mut several = false;
    for a in f.street0() {
        let p = a.player;
        if several || first.is_some_and(|q| q != p) {
            c[p][OTHER_RAISED_STREET0] = 1;
        }
        if a.kind.is_aggressive() {
            match first {
                None => first = Some(p),
                Some(q) if q != p => several = true,
                _ => {}
            }
        }
    }
    for a in f.street0() {
        if a.kind == ActionKind::Fold && c[a.player][OTHER_RAISED_STREET0] == 1 {
            c[a.player][FOLD_TO_OTHER_RAISED_STREET0] = 1;
        }
    }
}

/// The steal walk of semantics.md §3.8 (G rule): stealAttemptChance / stealAttempted for the
/// steal positions in an unopened pot, and the blinds' fold-to-steal columns.
fn steals(f: &Facts, pos: &[char], c: &mut Columns) {
    let button_blind = f.hand.game.category == Category::SixPlusHoldem
        || f.posts.iter().any(|a| a.kind == ActionKind::ButtonBlind);
    let steal_positions: &[char] = match f.hand.game.base {
        Base::Stud => &['2', '1', '0'],
        _ if button_blind => &['3', '2', '1'],
        _ => &['1', '0', 'S'],
    };
    let stud = f.hand.game.base == Base::Stud;
    let mut stealer: Option<PlayerIdx> = None;
    let mut raised = false;
    for a in f.street0() {
        let p = a.player;
        if f.sitting_out(p) {
            continue;
        }
        let fold = a.kind == ActionKind::Fold;
        let aggr = a.kind.is_aggressive();
        let bring_in = a.kind == ActionKind::BringIn;
        let steal_position = steal_positions.contains(&pos[p]);
        if pos[p] == 'B' {
            if let Some(s) = stealer {
                c[p][FOLD_BB_TO_STEAL_CHANCE] = 1;
                c[p][FOLDED_BB_TO_STEAL] = i32::from(fold);
                c.flags(p).raise_to_steal_chance = true;
                c.flags(p).raise_to_steal_done = aggr;
                c.flags(s).success_steal = fold;
            }
            break;
        }
        if pos[p] == 'S' {
            if let Some(s) = stealer {
                c[p][FOLD_SB_TO_STEAL_CHANCE] = 1;
                c[p][FOLDED_SB_TO_STEAL] = i32::from(fold);
                c.flags(p).raise_to_steal_chance = true;
                c.flags(p).raise_to_steal_done = aggr;
                // In flop games the big blind decides whether the steal worked.
                c.flags(s).success_steal = fold && stud;
            }
        }
        if stealer.is_some() && !fold {
            break;
        }
        if stealer.is_none() && !raised && !bring_in {
            c.flags(p).raise_first_in_chance = true;
            if steal_position {
                c[p][STEAL_ATTEMPT_CHANCE] = 1;
            }
            if aggr {
                c.flags(p).raised_first_in = true;
                raised = true;
                if steal_position {
                    c[p][STEAL_ATTEMPTED] = 1;
                    stealer = Some(p);
                }
            }
            if a.kind == ActionKind::Call {
                break;
            }
        }
        if !steal_position && !fold && !bring_in {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{derive, HandRows};
    use super::*;
    use crate::builder::HandBuilder;
    use crate::model::LimitType;

    fn rows(b: HandBuilder) -> HandRows {
        derive(&b.finish()).unwrap()
    }

    fn flag(r: &HandRows, p: PlayerIdx, column: &str) -> i32 {
        let row = r.players.iter().find(|row| row.player == p).unwrap();
        row.count(column).unwrap()
    }

    #[test]
    fn posting_and_checking_the_big_blind_is_not_vpip() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.fold(sb);
        b.check(bb);
        let r = rows(b);
        assert_eq!(flag(&r, btn, "street0VPI"), 1);
        assert_eq!(flag(&r, btn, "street0Aggr"), 0);
        assert_eq!(flag(&r, bb, "street0VPI"), 0);
        assert_eq!(flag(&r, sb, "street0VPI"), 0);
    }

    #[test]
    fn three_bet_four_bet_and_the_others() {
        let (mut b, p) = holdem_n(5);
        b.raise_to(p[2], 6, false); // open: level 2
        b.call(p[3], 6, false); // 3-bet chance, opens the squeeze
        b.raise_to(p[4], 20, false); // 3-bet (squeeze)
        b.fold(p[0]); // cold 4-bet chance
        b.fold(p[1]);
        b.raise_to(p[2], 60, false); // 4-bet by the opener
        b.fold(p[3]);
        b.fold(p[4]);
        let r = rows(b);
        assert_eq!(flag(&r, p[3], "street0_3BChance"), 1);
        assert_eq!(flag(&r, p[3], "street0_3BDone"), 0);
        assert_eq!(flag(&r, p[4], "street0_3BDone"), 1);
        assert_eq!(flag(&r, p[2], "street0_4BChance"), 1);
        assert_eq!(flag(&r, p[2], "street0_4BDone"), 1);
        assert_eq!(flag(&r, p[0], "street0_4BChance"), 0);
        assert_eq!(flag(&r, p[0], "street0_3BChance"), 0);
        for &q in &p {
            let other3 = i32::from(q != p[4]);
            let other4 = i32::from(q != p[2]);
            assert_eq!(flag(&r, q, "other_3BStreet0"), other3);
            assert_eq!(flag(&r, q, "other_4BStreet0"), other4);
        }
        let x = &r.players[4].preflop;
        assert!(x.squeeze_chance && x.squeeze_done);
        assert!(r.players[0].preflop.cold_4b_chance);
        assert!(r.players[3].preflop.fold_to_4b_chance && r.players[3].preflop.fold_to_4b_done);
        assert!(r.players[2].preflop.fold_to_3b_chance && !r.players[2].preflop.fold_to_3b_done);
    }

    #[test]
    fn facing_an_all_in_with_nobody_else_left_is_no_three_bet_chance() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 100, true);
        b.fold(sb);
        b.call(bb, 98, true);
        let r = rows(b);
        assert_eq!(flag(&r, bb, "street0_3BChance"), 0);
        assert_eq!(flag(&r, sb, "street0_3BChance"), 1);
    }

    #[test]
    fn other_raised_on_street_0() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 6, false);
        b.fold(sb);
        b.raise_to(bb, 20, false);
        b.call(btn, 14, false);
        let r = rows(b);
        assert_eq!(flag(&r, sb, "otherRaisedStreet0"), 1);
        assert_eq!(flag(&r, sb, "foldToOtherRaisedStreet0"), 1);
        assert_eq!(flag(&r, bb, "otherRaisedStreet0"), 1);
        assert_eq!(flag(&r, btn, "otherRaisedStreet0"), 1);
        assert_eq!(flag(&r, btn, "foldToOtherRaisedStreet0"), 0);

        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 6, false);
        b.fold(sb);
        b.fold(bb);
        let r = rows(b);
        assert_eq!(flag(&r, btn, "otherRaisedStreet0"), 0);
        assert_eq!(flag(&r, bb, "foldToOtherRaisedStreet0"), 1);
    }

    #[test]
    fn steal_from_the_button_and_the_blinds_defence() {
        let (mut b, p) = holdem_n(5);
        b.fold(p[2]); // position 2: not a steal position
        b.fold(p[3]); // cut-off: steal chance
        b.raise_to(p[4], 6, false); // button steals
        b.fold(p[0]);
        b.fold(p[1]);
        let r = rows(b);
        assert_eq!(flag(&r, p[2], "stealAttemptChance"), 0);
        assert_eq!(flag(&r, p[3], "stealAttemptChance"), 1);
        assert_eq!(flag(&r, p[4], "stealAttemptChance"), 1);
        assert_eq!(flag(&r, p[4], "stealAttempted"), 1);
        assert_eq!(flag(&r, p[0], "foldSbToStealChance"), 1);
        assert_eq!(flag(&r, p[0], "foldedSbToSteal"), 1);
        assert_eq!(flag(&r, p[1], "foldBbToStealChance"), 1);
        assert_eq!(flag(&r, p[1], "foldedBbToSteal"), 1);
        assert!(r.players[4].preflop.success_steal);
        assert!(r.players[2].preflop.raise_first_in_chance);
    }

    #[test]
    fn a_limp_ends_the_steal_walk() {
        let (mut b, p) = holdem_n(5);
        b.call(p[2], 2, false);
        b.raise_to(p[3], 8, false);
        b.fold(p[4]);
        b.fold(p[0]);
        b.fold(p[1]);
        b.fold(p[2]);
        let r = rows(b);
        assert!(r.players[2].preflop.raise_first_in_chance);
        assert!(!r.players[3].preflop.raise_first_in_chance);
        assert_eq!(flag(&r, p[3], "stealAttemptChance"), 0);
        assert_eq!(flag(&r, p[1], "foldBbToStealChance"), 0);
    }

    #[test]
    fn stud_levels_start_at_the_completion() {
        let mut b = builder(game(Category::StudHi, LimitType::FixedLimit, 0, 4));
        let p: Vec<_> = (1..=4)
            .map(|s| b.add_player(s, &format!("p{s}"), 100, false))
            .collect();
        b.set_street(0);
        b.bring_in(p[0], 1, false);
        b.complete_to(p[1], 4, false); // level 1
        b.raise_to(p[2], 8, false); // 2-bet
        b.raise_to(p[3], 12, false); // 3-bet
        b.fold(p[0]);
        b.raise_to(p[1], 16, false); // completer at level 3: 4-bet
        b.fold(p[2]);
        b.fold(p[3]);
        let r = rows(b);
        assert_eq!(flag(&r, p[0], "street0VPI"), 0);
        assert_eq!(flag(&r, p[1], "street0Aggr"), 1);
        assert_eq!(flag(&r, p[3], "street0_3BDone"), 1);
        assert_eq!(flag(&r, p[1], "street0_4BDone"), 1);
        assert!(r.players[2].preflop.two_bet_done);
    }
}

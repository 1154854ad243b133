//! Streets seen and showdown (semantics.md §3.2): street1Seen..street4Seen, sawShowdown.

use crate::model::ActionKind;

use super::{family, Columns, Facts};

/// Per hand player: which later streets he saw (index N−1 for street N) and whether he reached
/// the showdown.
#[derive(Debug, Clone)]
pub(crate) struct Seen {
    pub street: Vec<[bool; 4]>,
    pub showdown: Vec<bool>,
}

/// Walks the streets with the set of players still in (semantics.md §3.2.1).
///
/// The set starts with everyone who acted on street 0, plus everyone in the main pot when it has
/// two or more contributors (players all-in on a forced post never act but are in the pot).
/// Folders leave the set on their street.
/// Streets are walked even without actions, so an all-in player sees every street; the walk
/// stops as soon as one player is left.
pub(crate) fn compute(f: &Facts) -> Seen {
    let n = f.n;
    let mut seen = Seen {
        street: vec![[false; 4]; n],
        showdown: vec![false; n],
    };
    let mut in_hand = vec![false; n];
    // Everyone who put chips in before street 0 is in the main pot; with two or more of them,
    // they all start in the hand (this is how a player all-in on a blind or an ante, who never
    // acts, stays in). Folders leave below.
    let mut posters = 0;
    for a in f.posts {
        if a.amount > 0 && !in_hand[a.player] {
            in_hand[a.player] = true;
            posters += 1;
        }
    }
    if posters < 2 {
        in_hand.iter_mut().for_each(|x| *x = false);
    }
    for a in f.street0() {
        in_hand[a.player] = true;
    }
    let mut left = in_hand.iter().filter(|&&x| x).count();
    let fold_out = |street: usize, in_hand: &mut [bool], left: &mut usize| {
        for a in f.street[street] {
            if a.kind == ActionKind::Fold && in_hand[a.player] {
                in_hand[a.player] = false;
                *left -= 1;
            }
        }
    };
    fold_out(0, &mut in_hand, &mut left);
    for street in 1..f.streets {
        if left < 2 {
            return seen;
        }
        for (row, &inside) in seen.street.iter_mut().zip(&in_hand) {
            row[street - 1] = inside;
        }
        fold_out(street, &mut in_hand, &mut left);
    }
    if left >= 2 {
        seen.showdown.copy_from_slice(&in_hand);
    }
    seen
}

/// Writes streetNSeen and sawShowdown into the count columns.
pub(crate) fn fill(seen: &Seen, c: &mut Columns) {
    for p in 0..c.len() {
        for n in 1..=4 {
            c[p][family::seen(n)] = i32::from(seen.street[p][n - 1]);
        }
        c[p][super::col::SAW_SHOWDOWN] = i32::from(seen.showdown[p]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::Facts;
    use super::*;
    use crate::model::ActionKind;

    #[test]
    fn folders_stop_seeing_and_all_ins_see_everything() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.raise_to(btn, 100, false);
        b.fold(sb);
        b.call(bb, 98, false);
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let s = compute(&f);
        assert_eq!(s.street[btn], [true, true, true, false]);
        assert_eq!(s.street[bb], [true, true, true, false]);
        assert_eq!(s.street[sb], [false; 4]);
        assert_eq!(s.showdown, vec![false, true, true]);
    }

    #[test]
    fn walk_stops_when_one_player_is_left() {
        let (mut b, [sb, bb, btn]) = holdem3();
        b.call(btn, 2, false);
        b.call(sb, 1, false);
        b.check(bb);
        b.set_street(1);
        b.bet(sb, 2, false);
        b.fold(bb);
        b.call(btn, 2, false);
        b.set_street(2);
        b.bet(sb, 4, false);
        b.fold(btn);
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let s = compute(&f);
        assert_eq!(s.street[sb], [true, true, false, false]);
        assert_eq!(s.street[bb], [true, false, false, false]);
        assert_eq!(s.street[btn], [true, true, false, false]);
        assert_eq!(s.showdown, vec![false; 3]);
    }

    #[test]
    fn a_player_all_in_on_his_blind_is_in_the_hand() {
        let mut b = builder(ring_holdem());
        let sb = b.add_player(1, "sb", 1, false);
        let bb = b.add_player(2, "bb", 100, false);
        let btn = b.add_player(3, "btn", 100, false);
        b.post(sb, ActionKind::SmallBlind, 1, false);
        b.post(bb, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.fold(btn);
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let s = compute(&f);
        assert_eq!(s.street[sb], [true, true, true, false]);
        assert_eq!(s.street[bb], [true, true, true, false]);
        assert_eq!(s.showdown, vec![true, true, false]);
    }

    #[test]
    fn stud_has_four_later_streets() {
        let mut b = builder(game(Category::StudHi, LimitType::FixedLimit, 0, 4));
        let a = b.add_player(1, "a", 100, false);
        let c = b.add_player(2, "c", 100, false);
        b.set_street(0);
        b.bring_in(a, 1, false);
        b.call(c, 1, false);
        for s in 1..=4 {
            b.set_street(s);
            b.check(a);
            b.check(c);
        }
        let h = b.finish();
        let f = Facts::new(&h).unwrap();
        let s = compute(&f);
        assert_eq!(s.street[a], [true; 4]);
        assert!(s.showdown[c]);
    }
}

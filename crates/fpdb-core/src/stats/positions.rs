//! Positions (semantics.md §2): HandsPlayers.position and the HudCache letter.

use crate::model::{ActionKind, Base, PlayerIdx};

use super::Facts;

/// The HudCache position letter of a HandsPlayers position (semantics.md §2.2): B and S stay,
/// 0 = D (button), 1 = C (cut-off), 2–4 = M (middle), everything else (5–9, unknown) = E (early).
pub fn hudcache_position(position: char) -> char {
    match position {
        'B' => 'B',
        'S' => 'S',
        '0' => 'D',
        '1' => 'C',
        '2'..='4' => 'M',
        _ => 'E',
    }
}

/// Every hand player's position by algorithm C (semantics.md §2.1): 'B' and 'S' for the first big
/// and small blind posters (stud: 'S' for the first actor of 3rd street, the bring-in), the others
/// numbered from the last to act on street 0 ('0' = button), '9' for players who never acted on
/// street 0.
pub(crate) fn compute(f: &Facts) -> Vec<char> {
    let mut pos = vec!['9'; f.n];
    // Players in the order of their first street-0 action.
    let mut order: Vec<PlayerIdx> = Vec::with_capacity(f.n);
    let mut listed = vec![false; f.n];
    for a in f.street0() {
        if !listed[a.player] {
            listed[a.player] = true;
            order.push(a.player);
        }
    }
    let first_post = |kind| f.posts.iter().find(|a| a.kind == kind).map(|a| a.player);
    if f.hand.game.base == Base::Stud {
        if let Some(&bring_in) = order.first() {
            pos[bring_in] = 'S';
            order.remove(0);
        }
    } else {
        // The big blind last, so a player who posted both keeps B.
        for (kind, letter) in [(ActionKind::SmallBlind, 'S'), (ActionKind::BigBlind, 'B')] {
            if let Some(p) = first_post(kind) {
                pos[p] = letter;
                order.retain(|&q| q != p);
            }
        }
    }
    // The straddler acts last preflop but sits first: number him as the earliest seat, when he
    // acts (a hand over before his turn leaves the others' order as it is).
    if !order.is_empty() && first_post(ActionKind::Straddle).is_some_and(|p| listed[p]) {
        order.rotate_right(1);
    }
    if let Some(p) = first_post(ActionKind::ButtonBlind) {
        if !listed[p] {
            order.push(p);
        }
    }
    for (i, &p) in order.iter().rev().enumerate() {
        pos[p] = char::from_digit(i.min(9) as u32, 10).unwrap_or('9');
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::Facts;
    use super::*;
    use crate::builder::HandBuilder;
    use crate::model::{Category, LimitType};

    fn positions(b: HandBuilder) -> String {
        let h = b.finish();
        compute(&Facts::new(&h).unwrap()).into_iter().collect()
    }

    #[test]
    fn letters() {
        let got: String = ['B', 'S', '0', '1', '2', '3', '4', '5', '8', '9', 'x']
            .into_iter()
            .map(hudcache_position)
            .collect();
        assert_eq!(got, "BSDCMMMEEEE");
    }

    #[test]
    fn full_ring_counts_back_from_the_button() {
        let (mut b, p) = holdem_n(6);
        for &q in &p[2..] {
            b.fold(q);
        }
        b.raise_to(p[0], 6, false);
        b.fold(p[1]);
        assert_eq!(positions(b), "SB3210");
    }

    #[test]
    fn heads_up_has_no_button_number() {
        let mut b = builder(ring_holdem());
        let btn = b.add_player(1, "btn", 100, false);
        let bb = b.add_player(2, "bb", 100, false);
        b.post(btn, ActionKind::SmallBlind, 1, false);
        b.post(bb, ActionKind::BigBlind, 2, false);
        b.set_street(0);
        b.call(btn, 1, false);
        b.check(bb);
        assert_eq!(positions(b), "SB");
    }

    #[test]
    fn walk_big_blind_keeps_b_and_silent_players_are_9() {
        let (mut b, p) = holdem_n(4);
        b.fold(p[2]);
        b.fold(p[3]);
        b.fold(p[0]);
        let mut h = b.finish();
        // A fifth seated player who never acts.
        h.players.push(h.players[3].clone());
        h.players[4].seat = 5;
        let f = Facts::new(&h).unwrap();
        let got: String = compute(&f).into_iter().collect();
        assert_eq!(got, "SB109");
    }

    #[test]
    fn straddler_is_numbered_as_the_earliest_seat() {
        let mut b = builder(ring_holdem());
        let p: Vec<_> = (1..=5)
            .map(|s| b.add_player(s, &format!("p{s}"), 100, false))
            .collect();
        b.post(p[0], ActionKind::SmallBlind, 1, false);
        b.post(p[1], ActionKind::BigBlind, 2, false);
        b.post(p[2], ActionKind::Straddle, 4, false);
        b.set_street(0);
        b.call(p[3], 4, false);
        b.call(p[4], 4, false);
        b.call(p[0], 3, false);
        b.call(p[1], 2, false);
        b.check(p[2]);
        assert_eq!(positions(b), "SB210");
    }

    #[test]
    fn button_blind_games_have_no_blinds() {
        let mut b = builder(game(Category::SixPlusHoldem, LimitType::NoLimit, 0, 5));
        let p: Vec<_> = (1..=4)
            .map(|s| b.add_player(s, &format!("p{s}"), 100, false))
            .collect();
        for &q in &p {
            b.post(q, ActionKind::Ante, 5, false);
        }
        b.post(p[3], ActionKind::ButtonBlind, 5, false);
        b.set_street(0);
        b.fold(p[0]);
        b.fold(p[1]);
        b.fold(p[2]);
        // The button-blind poster never acts (everyone folded to him): appended, number 0.
        assert_eq!(positions(b), "3210");
    }

    #[test]
    fn old_heads_up_where_the_button_posted_the_big_blind() {
        let mut b = builder(game(Category::Holdem, LimitType::FixedLimit, 50, 100));
        let hero = b.add_player(6, "Hero", 4000, false);
        let v = b.add_player(7, "fblm2002", 2475, false);
        b.post(v, ActionKind::SmallBlind, 50, false);
        b.post(hero, ActionKind::BigBlind, 100, false);
        b.set_street(0);
        b.fold(v);
        assert_eq!(positions(b), "BS");
    }

    #[test]
    fn stud_bring_in_is_s() {
        let mut b = builder(game(Category::Razz, LimitType::FixedLimit, 0, 4));
        let p: Vec<_> = (1..=4)
            .map(|s| b.add_player(s, &format!("p{s}"), 100, false))
            .collect();
        b.set_street(0);
        b.bring_in(p[2], 1, false);
        b.call(p[3], 1, false);
        b.fold(p[0]);
        b.complete_to(p[1], 4, false);
        b.fold(p[2]);
        b.call(p[3], 3, false);
        assert_eq!(positions(b), "10S2");
    }

    #[test]
    fn dead_blinds_do_not_take_s_or_b() {
        let (mut b, p) = holdem_n(4);
        b.post(p[2], ActionKind::BothBlinds, 3, false);
        b.set_street(0);
        b.check(p[2]);
        b.fold(p[3]);
        b.fold(p[0]);
        b.check(p[1]);
        let h = b.finish();
        let got: String = compute(&Facts::new(&h).unwrap()).into_iter().collect();
        assert_eq!(got, "SB10");
    }
}

//! Hand values: a poker evaluator, the words Stars uses to name a hand, and the preflop strength
//! the simulated players decide with.
//!
//! A value is a `u32` that orders hands: the category (high card 0 … straight flush 8) above five
//! 4-bit rank slots (rank + 1, most significant first, 0 = no card). Equal values split a pot.

use std::sync::OnceLock;

use crate::cards::{rank, suit, Card};
use crate::rng::Rng;

/// Hand categories, as the top bits of a value.
pub const HIGH_CARD: u32 = 0;
pub const PAIR: u32 = 1;
pub const TWO_PAIR: u32 = 2;
pub const TRIPS: u32 = 3;
pub const STRAIGHT: u32 = 4;
pub const FLUSH: u32 = 5;
pub const FULL_HOUSE: u32 = 6;
pub const QUADS: u32 = 7;
pub const STRAIGHT_FLUSH: u32 = 8;

const SINGULAR: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const PLURAL: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The category of a value.
pub fn category(value: u32) -> u32 {
    value >> 20
}

/// Rank (0..=12) in slot `i` (0 = most significant) of a value.
fn slot(value: u32, i: u32) -> usize {
    (((value >> (16 - 4 * i)) & 0xf) as usize).saturating_sub(1)
}

fn pack(cat: u32, ranks: &[u8]) -> u32 {
    let mut v = cat << 20;
    for (i, &r) in ranks.iter().take(5).enumerate() {
        v |= (u32::from(r) + 1) << (16 - 4 * i as u32);
    }
    v
}

/// Rank of the top card of the best straight in a rank mask (bit r = rank r), wheel included.
fn straight_top(mask: u16) -> Option<u8> {
    // Bit 0 is the ace played low, bit r + 1 is rank r.
    let m = (u32::from(mask) << 1) | ((u32::from(mask) >> 12) & 1);
    (4..=13u32)
        .rev()
        .find(|&top| (m >> (top - 4)) & 0x1f == 0x1f)
        .map(|top| (top - 1) as u8)
}

/// The best five-card value among `cards` (1 to 7 cards; fewer than five give partial values,
/// which is what a player on the flop or turn of hold'em holds).
pub fn evaluate(cards: &[Card]) -> u32 {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for &c in cards {
        counts[usize::from(rank(c))] += 1;
        suits[usize::from(suit(c))] |= 1 << rank(c);
    }
    let mut flush = None;
    for &m in &suits {
        if m.count_ones() >= 5 {
            if let Some(top) = straight_top(m) {
                return pack(STRAIGHT_FLUSH, &[top]);
            }
            flush = Some(m);
        }
    }
    // Ranks by how many of them there are, highest rank first.
    let (mut quads, mut trips, mut pairs) = (Vec3::new(), Vec3::new(), Vec3::new());
    for r in (0..13u8).rev() {
        match counts[usize::from(r)] {
            4 => quads.push(r),
            3 => trips.push(r),
            2 => pairs.push(r),
            _ => {}
        }
    }
    let kickers = |exclude: &[u8], n: usize| -> Vec3 {
        let mut k = Vec3::new();
        for r in (0..13u8).rev() {
            if k.len == n {
                break;
            }
            if counts[usize::from(r)] > 0 && !exclude.contains(&r) {
                k.push(r);
            }
        }
        k
    };
    if let Some(q) = quads.first() {
        let mut v = vec_of(&[q]);
        v.extend(&kickers(&[q], 1));
        return pack(QUADS, v.as_slice());
    }
    if let Some(t) = trips.first() {
        let pair = match (trips.at(1), pairs.first()) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        if let Some(p) = pair {
            return pack(FULL_HOUSE, &[t, p]);
        }
    }
    if let Some(m) = flush {
        let mut ranks = [0u8; 5];
        let mut n = 0;
        for r in (0..13u8).rev() {
            if n < 5 && m & (1 << r) != 0 {
                ranks[n] = r;
                n += 1;
            }
        }
        return pack(FLUSH, &ranks);
    }
    let all = suits[0] | suits[1] | suits[2] | suits[3];
    if let Some(top) = straight_top(all) {
        return pack(STRAIGHT, &[top]);
    }
    if let Some(t) = trips.first() {
        let k = kickers(&[t], 2);
        let mut v = vec_of(&[t]);
        v.extend(&k);
        return pack(TRIPS, v.as_slice());
    }
    if pairs.len >= 2 {
        let (a, b) = (pairs.get(0), pairs.get(1));
        let k = kickers(&[a, b], 1);
        let mut v = vec_of(&[a, b]);
        v.extend(&k);
        return pack(TWO_PAIR, v.as_slice());
    }
    if let Some(p) = pairs.first() {
        let k = kickers(&[p], 3);
        let mut v = vec_of(&[p]);
        v.extend(&k);
        return pack(PAIR, v.as_slice());
    }
    let k = kickers(&[], 5);
    pack(HIGH_CARD, k.as_slice())
}

/// A tiny fixed-capacity list of ranks (no allocation in the evaluator's hot path).
#[derive(Clone, Copy)]
struct Vec3 {
    items: [u8; 5],
    len: usize,
}

impl Vec3 {
    fn new() -> Vec3 {
        Vec3 {
            items: [0; 5],
            len: 0,
        }
    }
    fn push(&mut self, r: u8) {
        if self.len < 5 {
            self.items[self.len] = r;
            self.len += 1;
        }
    }
    fn first(&self) -> Option<u8> {
        self.at(0)
    }
    fn at(&self, i: usize) -> Option<u8> {
        (i < self.len).then(|| self.items[i])
    }
    fn get(&self, i: usize) -> u8 {
        self.items[i]
    }
    fn extend(&mut self, other: &Vec3) {
        for &r in other.as_slice() {
            self.push(r);
        }
    }
    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len]
    }
}

fn vec_of(ranks: &[u8]) -> Vec3 {
    let mut v = Vec3::new();
    for &r in ranks {
        v.push(r);
    }
    v
}

/// Hold'em: the best value of the hole cards with the board (any 5 of the 7).
pub fn holdem_value(hole: &[Card], board: &[Card]) -> u32 {
    let mut all = [0u8; 7];
    let n = hole.len() + board.len();
    all[..hole.len()].copy_from_slice(hole);
    all[hole.len()..n].copy_from_slice(board);
    evaluate(&all[..n])
}

/// Omaha: the best value using exactly two hole cards and three board cards (a board of 3 to 5).
pub fn omaha_value(hole: &[Card], board: &[Card]) -> u32 {
    let mut best = 0;
    let nb = board.len();
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..nb {
                for b in a + 1..nb {
                    for c in b + 1..nb {
                        let five = [hole[i], hole[j], board[a], board[b], board[c]];
                        best = best.max(evaluate(&five));
                    }
                }
            }
        }
    }
    best
}

/// Appends the words Stars uses for a hand ("two pair, Queens and Jacks", "a straight, Ace to
/// Five", "a Royal Flush").
pub fn push_description(out: &mut String, value: u32) {
    let r = |i| slot(value, i);
    match category(value) {
        HIGH_CARD => {
            out.push_str("high card ");
            out.push_str(SINGULAR[r(0)]);
        }
        PAIR => {
            out.push_str("a pair of ");
            out.push_str(PLURAL[r(0)]);
        }
        TWO_PAIR => {
            out.push_str("two pair, ");
            out.push_str(PLURAL[r(0)]);
            out.push_str(" and ");
            out.push_str(PLURAL[r(1)]);
        }
        TRIPS => {
            out.push_str("three of a kind, ");
            out.push_str(PLURAL[r(0)]);
        }
        STRAIGHT => {
            out.push_str("a straight, ");
            push_run(out, r(0));
        }
        FLUSH => {
            out.push_str("a flush, ");
            out.push_str(SINGULAR[r(0)]);
            out.push_str(" high");
        }
        FULL_HOUSE => {
            out.push_str("a full house, ");
            out.push_str(PLURAL[r(0)]);
            out.push_str(" full of ");
            out.push_str(PLURAL[r(1)]);
        }
        QUADS => {
            out.push_str("four of a kind, ");
            out.push_str(PLURAL[r(0)]);
        }
        _ if r(0) == 12 => out.push_str("a Royal Flush"),
        _ => {
            out.push_str("a straight flush, ");
            push_run(out, r(0));
        }
    }
}

/// "Ten to Ace", "Ace to Five" for the straight whose top card has rank `top`.
fn push_run(out: &mut String, top: usize) {
    let low = if top == 3 { 12 } else { top - 4 };
    out.push_str(SINGULAR[low]);
    out.push_str(" to ");
    out.push_str(SINGULAR[top]);
}

/// Rank (0..=12) in slot `i` of a value (two pair: slot 1 is the lower pair).
pub fn rank_at(value: u32, i: u32) -> usize {
    slot(value, i)
}

/// Rank (0..=12) of the value's first slot: the pair's, the trips', the straight's top card...
pub fn primary_rank(value: u32) -> usize {
    slot(value, 0)
}

// ---------------------------------------------------------------------------------------------
// Preflop strength
// ---------------------------------------------------------------------------------------------

/// Bill Chen's score of two hole cards, doubled to stay an integer.
fn chen2(a: Card, b: Card) -> i32 {
    let (hi, lo) = if rank(a) >= rank(b) {
        (rank(a), rank(b))
    } else {
        (rank(b), rank(a))
    };
    let points = |r: u8| -> i32 {
        match r {
            12 => 20,
            11 => 16,
            10 => 14,
            9 => 12,
            r => i32::from(r) + 2,
        }
    };
    if hi == lo {
        return (2 * points(hi)).max(10);
    }
    let mut s = points(hi);
    if suit(a) == suit(b) {
        s += 4;
    }
    let gap = hi - lo - 1;
    s -= match gap {
        0 => 0,
        1 => 2,
        2 => 4,
        3 => 8,
        _ => 10,
    };
    if gap <= 1 && hi < 10 {
        s += 2;
    }
    s
}

/// Percentile of every hold'em starting hand by Chen score: index `hi * 13 + lo` for suited hands
/// (hi > lo), `lo * 13 + hi` for offsuit ones, `r * 13 + r` for pairs.
fn holdem_table() -> &'static [f64; 169] {
    static TABLE: OnceLock<[f64; 169]> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Score and number of combinations of each of the 169 classes.
        let mut classes = Vec::with_capacity(169);
        for hi in 0..13u8 {
            for lo in 0..13u8 {
                let (a, b, combos) = if hi == lo {
                    (hi * 4, lo * 4 + 1, 6.0)
                } else if hi > lo {
                    (hi * 4, lo * 4, 4.0) // suited
                } else {
                    (lo * 4, hi * 4 + 1, 12.0) // offsuit, stored at [lo][hi]
                };
                classes.push((usize::from(hi) * 13 + usize::from(lo), chen2(a, b), combos));
            }
        }
        let mut table = [0.0; 169];
        for &(idx, score, _) in &classes {
            let below: f64 = classes.iter().filter(|c| c.1 < score).map(|c| c.2).sum();
            let same: f64 = classes.iter().filter(|c| c.1 == score).map(|c| c.2).sum();
            table[idx] = (below + same / 2.0) / 1326.0;
        }
        table
    })
}

/// Hold'em: the share of starting hands weaker than these two cards (72o ≈ 0, AA ≈ 1).
pub fn holdem_preflop(a: Card, b: Card) -> f64 {
    let (hi, lo) = (rank(a).max(rank(b)), rank(a).min(rank(b)));
    let idx = if hi == lo || suit(a) == suit(b) {
        usize::from(hi) * 13 + usize::from(lo)
    } else {
        usize::from(lo) * 13 + usize::from(hi)
    };
    holdem_table()[idx]
}

/// A rough Omaha starting-hand score: the best two-card combinations, suits, connectedness.
fn omaha_raw(hole: &[Card]) -> i32 {
    let mut pairs = [0i32; 6];
    let mut n = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            if n < 6 {
                pairs[n] = chen2(hole[i], hole[j]);
                n += 1;
            }
        }
    }
    pairs[..n].sort_unstable_by(|a, b| b.cmp(a));
    let mut s = pairs[0] * 2 + pairs.get(1).copied().unwrap_or(0);
    let mut per_suit = [0u8; 4];
    let mut per_rank = [0u8; 13];
    for &c in hole {
        per_suit[usize::from(suit(c))] += 1;
        per_rank[usize::from(rank(c))] += 1;
    }
    let suited = per_suit.iter().filter(|&&k| k >= 2).count() as i32;
    s += 6 * suited;
    if per_rank.iter().any(|&k| k >= 3) {
        s -= 20;
    }
    let ranks: Vec<u8> = (0..13u8)
        .filter(|&r| per_rank[usize::from(r)] > 0)
        .collect();
    if ranks.len() == 4 && ranks[3] - ranks[0] <= 4 {
        s += 8;
    }
    s
}

/// Omaha: the share of random four-card hands scoring lower (by a fixed sample of hands).
pub fn omaha_preflop(hole: &[Card]) -> f64 {
    static SAMPLE: OnceLock<Vec<i32>> = OnceLock::new();
    let sample = SAMPLE.get_or_init(|| {
        let mut rng = Rng::new(0x0a4a_0a4a);
        let mut deck = crate::cards::Deck::new();
        let mut v: Vec<i32> = (0..4096)
            .map(|_| {
                deck.reset();
                let h = [
                    deck.deal(&mut rng),
                    deck.deal(&mut rng),
                    deck.deal(&mut rng),
                    deck.deal(&mut rng),
                ];
                omaha_raw(&h)
            })
            .collect();
        v.sort_unstable();
        v
    });
    let s = omaha_raw(hole);
    let below = sample.partition_point(|&x| x < s);
    let upto = sample.partition_point(|&x| x <= s);
    (below + upto) as f64 / 2.0 / sample.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        let b = s.as_bytes();
        let r = b"23456789TJQKA".iter().position(|&x| x == b[0]).unwrap() as u8;
        let su = b"cdhs".iter().position(|&x| x == b[1]).unwrap() as u8;
        r * 4 + su
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split(' ').map(c).collect()
    }

    fn describe(s: &str) -> String {
        let mut out = String::new();
        push_description(&mut out, evaluate(&cards(s)));
        out
    }

    #[test]
    fn names_hands_as_stars_does() {
        assert_eq!(describe("Ah 7s 2d 9c Jh Qd 3c"), "high card Ace");
        assert_eq!(describe("5d 5s 2h Ac Qd 4c Js"), "a pair of Fives");
        assert_eq!(
            describe("Jd Qs 2h Ac Qd 4c Js"),
            "two pair, Queens and Jacks"
        );
        assert_eq!(describe("7h 7c 7d Ac Qd 4c Js"), "three of a kind, Sevens");
        assert_eq!(describe("Ks Ad 7c Tc Kc 2c Jc"), "a flush, King high");
        assert_eq!(describe("Td Jd Qs Kh Ah 2c 2d"), "a straight, Ten to Ace");
        assert_eq!(describe("Ad 2d 3s 4h 5h Kc Kd"), "a straight, Ace to Five");
        assert_eq!(
            describe("2c 4c 3s 7c 2s 2h 7h"),
            "a full house, Deuces full of Sevens"
        );
        assert_eq!(describe("Ac Ad Ah As 5h Kc Kd"), "four of a kind, Aces");
        assert_eq!(
            describe("5h 6h 7h 8h 9h Kc Kd"),
            "a straight flush, Five to Nine"
        );
        assert_eq!(describe("Th Jh Qh Kh Ah Kc Kd"), "a Royal Flush");
    }

    #[test]
    fn orders_hands() {
        let v = |s| evaluate(&cards(s));
        assert!(v("Ah Ad 2c 3d 9s") > v("Kh Kd Qc Jd 9s"));
        assert!(v("Ah Ad 2c 2d 9s") > v("Ah Ad Kc Qd Js"));
        assert!(v("6h 2d 3c 4d 5s") > v("Ah 2d 3c 4d 5s"));
        assert!(v("2h 2d 2c 3d 3s") > v("Ah Kh Qh Jh 9h"));
        assert_eq!(v("Ah Kd Qc Jd 9s"), v("As Kc Qd Jh 9c"));
        // The sixth card does not count.
        assert_eq!(v("Ah Ad Kc Qd Js 2c"), v("Ah Ad Kc Qd Js 3c"));
    }

    #[test]
    fn omaha_uses_two_hole_cards() {
        // Four hearts on the board and one in hand is no flush in Omaha.
        let hole = cards("Ah Kc Kd 2s");
        let board = cards("3h 7h 9h Jh 4c");
        assert_eq!(category(omaha_value(&hole, &board)), PAIR);
        assert_eq!(category(holdem_value(&hole[..2], &board)), FLUSH);
    }

    #[test]
    fn preflop_strength_orders_starting_hands() {
        let s = |a: &str, b: &str| holdem_preflop(c(a), c(b));
        assert!(s("Ah", "As") > 0.99);
        assert!(s("7h", "2s") < 0.1);
        assert!(s("Ah", "Kh") > s("Ah", "Kd"));
        assert!(s("Ah", "Kd") > s("9h", "8d"));
        assert!(omaha_preflop(&cards("Ah As Kh Ks")) > 0.95);
        assert!(omaha_preflop(&cards("2h 7s 8c Kd")) < 0.4);
    }
}

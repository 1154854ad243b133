//! A table-driven poker hand evaluator for five to seven cards.
//!
//! A set of cards is kept as a [`CardSet`], three numbers that adding a card updates in a few
//! instructions, so the enumeration of boards builds each player's seven cards by one addition:
//! - `ranks`: Σ 5^rank over the cards, a base-5 number whose digits are the rank counts (at most
//!   four of a rank, so the digits never carry and the number names the rank multiset exactly);
//! - `suits`: one 4-bit counter per suit, started at 3, so a counter's top bit is set exactly when
//!   the suit has five or more cards (a flush is possible);
//! - `masks`: one 13-bit rank mask per suit (16 bits apart).
//!
//! [`Evaluator::value`] gives a [`HandValue`], larger for a better hand: 1..=7462, the 7,462
//! distinct classes of five-card poker hands. A hand with five cards of one suit is valued by the
//! flush table on that suit's rank mask (with seven cards, five of one suit leave no quads or full
//! house, so the flush is the best hand). Every other hand is valued by its rank multiset through
//! a perfect hash built once per process: the multiset's base-5 number picks a bucket, a
//! displacement chosen for that bucket places it in a table with no collisions. Building the
//! tables takes a few milliseconds; they take about 340 kB.

use std::sync::OnceLock;

/// A hand's strength: larger is better, equal for hands that tie. 1..=7462.
pub type HandValue = u16;

/// Category of a hand value (0 = high card … 8 = straight flush).
pub const CATEGORY_NAMES: [&str; 9] = [
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
];

const POW5: [u32; 13] = {
    let mut p = [1u32; 13];
    let mut i = 1;
    while i < 13 {
        p[i] = p[i - 1] * 5;
        i += 1;
    }
    p
};

/// The rank key of one card of rank 0..13: 5^rank (keys of cards add up to [`CardSet::ranks`]).
#[inline(always)]
pub fn rank_key(rank: u8) -> u32 {
    POW5[usize::from(rank)]
}

/// The suit counters' start value: 3 in each nibble, so five cards of a suit set its bit 3.
const SUIT_BIAS: u32 = 0x3333;
const FLUSH_BITS: u32 = 0x8888;

/// Cards as the evaluator adds them up. `Default` is the empty set *without* the suit bias; a
/// hand to evaluate must contain exactly one [`CardSet::HAND`] (the player's part carries it, the
/// board's parts do not).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CardSet {
    pub ranks: u32,
    pub suits: u32,
    pub masks: u64,
}

impl CardSet {
    /// The empty hand, with the suit bias.
    pub const HAND: CardSet = CardSet {
        ranks: 0,
        suits: SUIT_BIAS,
        masks: 0,
    };

    /// One card by its index 0..52 = rank (0 = deuce … 12 = ace) + 13 × suit.
    #[inline]
    pub fn card(index: u8) -> CardSet {
        let (rank, suit) = (u32::from(index % 13), u32::from(index / 13));
        CardSet {
            ranks: rank_key(rank as u8),
            suits: 1 << (4 * suit),
            masks: 1 << (16 * suit + rank),
        }
    }

    /// The union of two disjoint sets.
    #[inline(always)]
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet {
            ranks: self.ranks + other.ranks,
            suits: self.suits + other.suits,
            masks: self.masks | other.masks,
        }
    }
}

/// Bits of the perfect hash: 2^BUCKET_BITS buckets, 2^SLOT_BITS slots.
const BUCKET_BITS: u32 = 14;
const SLOT_BITS: u32 = 17;
/// One multiplication hashes a key: its top bits pick the bucket, the bits below the slot.
const HASH_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// The evaluator's tables (built once, see [`evaluator`]).
pub struct Evaluator {
    /// Value of a flush by the suit's 13-bit rank mask (0 where fewer than five bits).
    flush: Box<[HandValue; 1 << 13]>,
    /// Per bucket, the displacement added to the keys' slot hash.
    displacement: Box<[u32; 1 << BUCKET_BITS]>,
    /// Value of a non-flush rank multiset by its slot.
    slots: Box<[HandValue; 1 << SLOT_BITS]>,
}

/// The process-wide evaluator, built on first use.
pub fn evaluator() -> &'static Evaluator {
    static E: OnceLock<Evaluator> = OnceLock::new();
    E.get_or_init(Evaluator::build)
}

/// (bucket, slot hash) of a key.
#[inline(always)]
fn hash(key: u32) -> (usize, u32) {
    let h = u64::from(key).wrapping_mul(HASH_MUL);
    (
        (h >> (64 - BUCKET_BITS)) as usize,
        (h >> (64 - BUCKET_BITS - SLOT_BITS)) as u32 & ((1 << SLOT_BITS) - 1),
    )
}

impl Evaluator {
    /// The value of a hand of five to seven cards (one [`CardSet::HAND`] plus the cards).
    #[inline(always)]
    pub fn value(&self, h: CardSet) -> HandValue {
        let flush = h.suits & FLUSH_BITS;
        if flush != 0 {
            let suit = flush.trailing_zeros() / 4;
            return self.flush_value(((h.masks >> (16 * suit)) & 0x1FFF) as u16);
        }
        self.rank_value(h.ranks)
    }

    /// The value of five to seven cards with no five of a suit, by their rank key (Σ 5^rank,
    /// [`CardSet::ranks`]).
    #[inline(always)]
    pub fn rank_value(&self, ranks: u32) -> HandValue {
        let (bucket, base) = hash(ranks);
        let slot =
            (base + self.displacement[bucket & ((1 << BUCKET_BITS) - 1)]) & ((1 << SLOT_BITS) - 1);
        self.slots[slot as usize]
    }

    /// The value of a flush (straight flush included) by the 13-bit mask of its suit's ranks,
    /// five or more; with at most seven cards nothing else beats it.
    #[inline(always)]
    pub fn flush_value(&self, mask: u16) -> HandValue {
        self.flush[usize::from(mask & 0x1FFF)]
    }

    fn build() -> Evaluator {
        // Natural values (category and ranks packed, comparable) of every non-flush multiset of
        // 5..=7 cards and of every flush mask; then renumbered densely 1..=7462.
        let mut multisets: Vec<(u32, u32)> = Vec::with_capacity(80_000);
        let mut counts = [0u8; 13];
        multisets_of(&mut counts, 0, 0, &mut multisets);
        let mut flush_natural = vec![0u32; 1 << 13];
        for (mask, v) in flush_natural.iter_mut().enumerate() {
            if (mask as u32).count_ones() >= 5 {
                *v = natural_flush(mask as u16);
            }
        }
        let mut all: Vec<u32> = multisets.iter().map(|&(_, v)| v).collect();
        all.extend(flush_natural.iter().copied().filter(|&v| v != 0));
        all.sort_unstable();
        all.dedup();
        debug_assert_eq!(all.len(), 7462);
        let dense = |v: u32| (all.binary_search(&v).expect("a known value") + 1) as HandValue;

        let mut flush = Box::new([0; 1 << 13]);
        for (slot, &v) in flush.iter_mut().zip(&flush_natural) {
            if v != 0 {
                *slot = dense(v);
            }
        }

        // Perfect hash: buckets largest first, each given the smallest displacement that puts all
        // its keys in free slots.
        let mut buckets: Vec<Vec<(u32, HandValue)>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for &(key, v) in &multisets {
            buckets[hash(key).0].push((key, dense(v)));
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let size = 1u32 << SLOT_BITS;
        let mut taken = vec![false; size as usize];
        let mut slots = Box::new([0 as HandValue; 1 << SLOT_BITS]);
        let mut displacement = Box::new([0u32; 1 << BUCKET_BITS]);
        let mut positions = Vec::with_capacity(16);
        for b in order {
            let keys = &buckets[b];
            if keys.is_empty() {
                break;
            }
            let d = (0..size)
                .find(|&d| {
                    positions.clear();
                    keys.iter().all(|&(key, _)| {
                        let s = (hash(key).1 + d) & (size - 1);
                        let free = !taken[s as usize] && !positions.contains(&s);
                        positions.push(s);
                        free
                    })
                })
                .expect("the perfect hash has room for every rank multiset");
            displacement[b] = d;
            for &(key, v) in keys {
                let s = ((hash(key).1 + d) & (size - 1)) as usize;
                taken[s] = true;
                slots[s] = v;
            }
        }
        Evaluator {
            flush,
            displacement,
            slots,
        }
    }
}

/// Every rank multiset of 5..=7 cards with at most four of a rank: (base-5 key, natural value).
fn multisets_of(counts: &mut [u8; 13], rank: usize, cards: u8, out: &mut Vec<(u32, u32)>) {
    if rank == 13 {
        if cards >= 5 {
            let key = counts
                .iter()
                .zip(POW5)
                .map(|(&c, p)| u32::from(c) * p)
                .sum();
            out.push((key, natural_ranks(counts)));
        }
        return;
    }
    for c in 0..=4u8.min(7 - cards) {
        counts[rank] = c;
        multisets_of(counts, rank + 1, cards + c, out);
    }
    counts[rank] = 0;
}

/// Packs a category and up to five ranks (most significant first) into a comparable number.
fn pack(category: u32, ranks: &[u32]) -> u32 {
    let mut v = category;
    for i in 0..5 {
        v = (v << 4) | ranks.get(i).map_or(0, |&r| r + 1);
    }
    v
}

/// The top rank of a straight in a 13-bit rank mask (ace-low wheel included), if any.
pub(crate) fn straight_top(mask: u16) -> Option<u32> {
    let m = u32::from(mask);
    // The ace also plays low, below the deuce.
    let wide = (m << 1) | (m >> 12);
    let run = wide & (wide >> 1) & (wide >> 2) & (wide >> 3) & (wide >> 4);
    (run != 0).then(|| 31 - run.leading_zeros() + 3)
}

/// The natural value of a hand whose cards form no flush, from its rank counts.
fn natural_ranks(counts: &[u8; 13]) -> u32 {
    let desc = |n: u8| (0..13u32).rev().filter(move |&r| counts[r as usize] >= n);
    let mask: u16 = (0..13).filter(|&r| counts[r] > 0).map(|r| 1 << r).sum();
    if let Some(q) = desc(4).next() {
        let kicker: Vec<u32> = desc(1).filter(|&r| r != q).take(1).collect();
        return pack(7, &[q, kicker[0]]);
    }
    let trips: Vec<u32> = desc(3).collect();
    if let Some(&t) = trips.first() {
        if let Some(p) = desc(2).find(|&r| r != t) {
            return pack(6, &[t, p]);
        }
    }
    if let Some(top) = straight_top(mask) {
        return pack(4, &[top]);
    }
    if let Some(&t) = trips.first() {
        let k: Vec<u32> = desc(1).filter(|&r| r != t).take(2).collect();
        return pack(3, &[t, k[0], k[1]]);
    }
    let pairs: Vec<u32> = desc(2).collect();
    if pairs.len() >= 2 {
        let k = desc(1)
            .find(|&r| r != pairs[0] && r != pairs[1])
            .expect("a kicker");
        return pack(2, &[pairs[0], pairs[1], k]);
    }
    if let Some(&p) = pairs.first() {
        let k: Vec<u32> = desc(1).filter(|&r| r != p).take(3).collect();
        return pack(1, &[p, k[0], k[1], k[2]]);
    }
    let k: Vec<u32> = desc(1).take(5).collect();
    pack(0, &k)
}

/// The natural value of the best hand in one suit's rank mask of five or more ranks.
fn natural_flush(mask: u16) -> u32 {
    if let Some(top) = straight_top(mask) {
        return pack(8, &[top]);
    }
    let k: Vec<u32> = (0..13u32)
        .rev()
        .filter(|&r| mask & (1 << r) != 0)
        .take(5)
        .collect();
    pack(5, &k)
}

/// The category (0 = high card … 8 = straight flush) of a value.
pub fn category(v: HandValue) -> usize {
    // Distinct values per category, weakest first.
    const SIZES: [u16; 9] = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10];
    let mut start = 0;
    for (c, &n) in SIZES.iter().enumerate() {
        start += n;
        if v <= start {
            return c;
        }
    }
    8
}

/// The low bit (ace = bit 0, deuce = bit 1 … eight = bit 7) of a rank 0..13 for 8-or-better.
#[inline]
pub fn low_bit(rank: u8) -> u8 {
    match rank {
        12 => 1,
        0..=6 => 1 << (rank + 1),
        _ => 0,
    }
}

/// No qualifying low: worse than every low (lows compare as masks, smaller is better).
pub const NO_LOW: u16 = 0x100;

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &[u8]) -> CardSet {
        cards
            .iter()
            .fold(CardSet::HAND, |s, &c| s.union(CardSet::card(c)))
    }

    /// Index from text like "Ah" (rank + 13 × suit in h, d, c, s).
    fn idx(t: &str) -> u8 {
        let c = crate::cards::Card::parse(t).unwrap();
        c.code() - 1
    }

    fn val(t: &str) -> HandValue {
        let cards: Vec<u8> = t.split_whitespace().map(idx).collect();
        evaluator().value(set(&cards))
    }

    #[test]
    fn every_class_is_numbered_once() {
        let e = evaluator();
        // Masks of five or more ranks: 2^13 − Σ C(13, k<5) = 7099, in 1277 flush and 10 straight-flush classes.
        assert_eq!(e.flush.iter().filter(|&&v| v != 0).count(), 7099);
        let mut classes: Vec<_> = e.flush.iter().filter(|&&v| v != 0).collect();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(classes.len(), 1277 + 10);
        // 7462 classes; the best is the royal flush, the worst 7-5-4-3-2.
        assert_eq!(val("Ah Kh Qh Jh Th"), 7462);
        assert_eq!(val("7h 5d 4c 3s 2h"), 1);
        assert_eq!(category(val("Ah Kh Qh Jh Th")), 8);
        assert_eq!(category(val("As Ad Ac Ah 2h")), 7);
        assert_eq!(category(val("As Ad Ac Kh Kd")), 6);
        assert_eq!(category(val("2s 5s 7s 9s Js")), 5);
        assert_eq!(category(val("As 2d 3c 4h 5h")), 4);
        assert_eq!(category(val("As Ad Ac 4h 5h")), 3);
        assert_eq!(category(val("As Ad 4c 4h 5h")), 2);
        assert_eq!(category(val("As Ad 3c 4h 5h")), 1);
        assert_eq!(category(val("As Qd 3c 4h 5h")), 0);
    }

    #[test]
    fn orders_hands_as_poker_does() {
        assert!(val("As 2d 3c 4h 5h") < val("2s 3d 4c 5h 6h"));
        assert!(val("Ts Jd Qc Kh Ah") > val("9s Td Jc Qh Kh"));
        assert!(val("As Ad Kc Kh 2h") > val("As Ad Qc Qh Kh"));
        assert!(val("Ks Kd Kc 2h 2d") < val("As Ad Ac 2h 2d"));
        // Seven cards: the best five count, the two others do not.
        assert_eq!(val("As Ad Kc Kh Qh 2d 3c"), val("As Ad Kc Kh Qd"));
        assert_eq!(val("2h 3h 4h 5h 7h Ah Ad"), val("2h 3h 4h 5h Ah"));
        assert!(val("2h 3h 4h 5h 6h Ah Ad") > val("Ah Kh Qh Jh 9h"));
        // Three pairs: the third pair's rank can be the kicker.
        assert_eq!(val("As Ad Kc Kh Qh Qd 2c"), val("As Ad Kc Kh Qh"));
        // Two trips make a full house.
        assert_eq!(val("As Ad Ac Kh Kd Kc 2c"), val("As Ad Ac Kh Kd"));
        assert_eq!(straight_top(0b1_0000_0000_1111), Some(3));
    }

    #[test]
    fn low_bits() {
        assert_eq!(low_bit(12), 1);
        assert_eq!(low_bit(0), 2);
        assert_eq!(low_bit(6), 128);
        assert_eq!(low_bit(7), 0);
    }
}

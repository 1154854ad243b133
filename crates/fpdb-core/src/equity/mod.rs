//! Exact equities of community-card games: every board that can still come is dealt once.
//!
//! [`enumerate`] takes the players' hole cards, the board cards known so far, the dead cards
//! (cards known to be out of the deck, such as a folded player's shown cards) and the pots, each
//! a set of contenders, and deals every completion of the board from the cards left. On each board
//! every pot goes to its best hand among its own contenders, split evenly on a tie; in hi/lo games
//! half of it goes to the best 8-or-better low (the high hand scoops when no low qualifies), so a
//! pot can be quartered. Shares are counted in integer units ([`UNIT`] per pot per board, divisible
//! by every number of winners up to [`MAX_PLAYERS`] and by twice that), so the results are exact.
//!
//! Games ([`Rules`]): hold'em (best five of the two hole cards and five board cards) and omaha
//! with 4, 5 or 6 hole cards (exactly two hole cards and three board cards), high or hi/lo.
//! Courchevel is five-card omaha with the first board card dealt before the first betting round.
//!
//! Speed: a heads-up hold'em all-in before the flop is 1,712,304 boards, counted by classes of
//! boards (`holdem_high`); `cargo bench -p fpdb-core
//! --bench equity` measures it (README, Performance).

pub mod eval;

use thiserror::Error;

use crate::cards::Card;
use crate::model::Category;
use eval::{evaluator, low_bit, CardSet, HandValue, NO_LOW};

/// Most players one enumeration takes (the units stay exact up to this many tied winners).
pub const MAX_PLAYERS: usize = 12;

/// Units of one pot on one board: 2 × lcm(1..=12), so a half pot splits evenly among any number
/// of winners up to [`MAX_PLAYERS`].
pub const UNIT: u64 = 55_440;

/// A set of players as bits (bit i = player i).
pub type Players = u32;

/// How hands are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Hole cards per player.
    pub hole: usize,
    /// Omaha: exactly two hole cards and three board cards. Otherwise any five of the seven.
    pub omaha: bool,
    /// Half of each pot to the best 8-or-better low.
    pub hi_lo: bool,
}

impl Rules {
    pub const HOLDEM: Rules = Rules {
        hole: 2,
        omaha: false,
        hi_lo: false,
    };

    pub fn omaha(hole: usize, hi_lo: bool) -> Rules {
        Rules {
            hole,
            omaha: true,
            hi_lo,
        }
    }

    /// The rules of a game fpdb stores, if the engine covers it: hold'em, omaha hi and hi/lo with
    /// 4, 5 or 6 cards, courchevel. Not covered: stud, draw, 6+ (short-deck) hold'em, pineapple
    /// and fusion (whose hole cards change during the hand).
    pub fn for_category(c: Category) -> Option<Rules> {
        use Category::*;
        Some(match c {
            Holdem => Rules::HOLDEM,
            OmahaHi => Rules::omaha(4, false),
            OmahaHiLo => Rules::omaha(4, true),
            Omaha5Hi | CourchevelHi => Rules::omaha(5, false),
            Omaha5HiLo | CourchevelHiLo => Rules::omaha(5, true),
            Omaha6Hi => Rules::omaha(6, false),
            Omaha6HiLo => Rules::omaha(6, true),
            _ => return None,
        })
    }

    /// Board cards dealt before the betting round `street` (0 = preflop) of game `c`.
    pub fn board_before(c: Category, street: usize) -> usize {
        let first = usize::from(matches!(
            c,
            Category::CourchevelHi | Category::CourchevelHiLo
        ));
        match street {
            0 => first,
            1 => 3,
            2 => 4,
            _ => 5,
        }
    }
}

/// Why an enumeration cannot be done.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EquityError {
    #[error("an equity needs 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    #[error("player {player} has {count} hole cards; the game deals {expected}")]
    HoleCards {
        player: usize,
        count: usize,
        expected: usize,
    },
    #[error("the board has {0} cards; a board has at most 5")]
    Board(usize),
    #[error("an unknown card (xx) among the cards of player {0}, the board or the dead cards")]
    Unknown(String),
    #[error("the card {0} appears twice")]
    Duplicate(Card),
    #[error("pot {pot} has contenders {mask:#b}, not a non-empty set of the {players} players")]
    Pot {
        pot: usize,
        mask: Players,
        players: usize,
    },
}

/// The result of an enumeration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Boards dealt.
    pub boards: u64,
    /// Per pot (in the order given), per player: the units won ([`UNIT`] per pot per board).
    pub shares: Vec<Vec<u64>>,
    /// Per player: boards on which he takes the whole pot of all players alone.
    pub wins: Vec<u64>,
    /// Per player: boards on which he takes part of the pot of all players, not all of it.
    pub ties: Vec<u64>,
}

impl Outcome {
    /// Player `p`'s equity in pot `pot`: the share of it he wins on average, 0..=1.
    pub fn equity(&self, pot: usize, p: usize) -> f64 {
        self.shares[pot][p] as f64 / (self.boards * UNIT) as f64
    }

    /// Units of pot `pot` over all boards (`boards × UNIT`): the denominator of the shares.
    pub fn total(&self) -> u64 {
        self.boards * UNIT
    }
}

/// Card index 0..52 (rank 0..13 + 13 × suit) of a known card.
fn index(c: Card) -> u8 {
    c.code() - 1
}

/// Deals every completion of `board` and splits each pot of `pots` among its contenders.
/// `pots` empty means one pot of all players.
pub fn enumerate(
    rules: Rules,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> Result<Outcome, EquityError> {
    let n = hands.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(EquityError::Players(n));
    }
    if board.len() > 5 {
        return Err(EquityError::Board(board.len()));
    }
    let all: Players = (1 << n) - 1;
    let field_only = [all];
    let pots = if pots.is_empty() {
        &field_only[..]
    } else {
        pots
    };
    for (pot, &mask) in pots.iter().enumerate() {
        if mask == 0 || mask & !all != 0 {
            return Err(EquityError::Pot {
                pot,
                mask,
                players: n,
            });
        }
    }
    let mut used = 0u64;
    let mut take = |c: Card, whose: &dyn Fn() -> String| -> Result<u8, EquityError> {
        if !c.is_known() {
            return Err(EquityError::Unknown(whose()));
        }
        let i = index(c);
        if used & (1 << i) != 0 {
            return Err(EquityError::Duplicate(c));
        }
        used |= 1 << i;
        Ok(i)
    };
    let mut holes: Vec<Vec<u8>> = Vec::with_capacity(n);
    for (p, h) in hands.iter().enumerate() {
        if h.len() != rules.hole {
            return Err(EquityError::HoleCards {
                player: p,
                count: h.len(),
                expected: rules.hole,
            });
        }
        let mut cards = Vec::with_capacity(h.len());
        for &c in h {
            cards.push(take(c, &|| format!("#{p}"))?);
        }
        holes.push(cards);
    }
    let mut known = [0u8; 5];
    for (slot, &c) in known.iter_mut().zip(board) {
        *slot = take(c, &|| "the board".into())?;
    }
    for &c in dead {
        take(c, &|| "the dead cards".into())?;
    }
    let deck: Vec<u8> = (0..52).filter(|i| used & (1 << i) == 0).collect();

    let mut tally = Tally::new(n, pots, rules.hi_lo);
    let e = evaluator();
    let k = board.len();
    if rules.omaha {
        let players: Vec<OmahaHand> = holes.iter().map(|h| OmahaHand::new(h)).collect();
        deal(&deck, &mut known, k, CardSet::default(), &mut |cards, _| {
            let triples = triples(cards);
            let mut hi = [0; MAX_PLAYERS];
            for (v, h) in hi.iter_mut().zip(&players) {
                *v = h.best(e, &triples);
            }
            if rules.hi_lo {
                let mut lo = [NO_LOW; MAX_PLAYERS];
                let board_low = low_mask(cards) as usize;
                for (l, h) in lo.iter_mut().zip(&players) {
                    *l = h.low[board_low];
                }
                tally.board_hi_lo(&hi[..n], &lo[..n]);
            } else {
                tally.board_hi(&hi[..n], 1);
            }
        });
    } else if !rules.hi_lo {
        holdem_high(e, &holes, &known[..k], &deck, &mut tally);
    } else {
        let players: Vec<CardSet> = holes
            .iter()
            .map(|h| {
                h.iter()
                    .fold(CardSet::HAND, |s, &c| s.union(CardSet::card(c)))
            })
            .collect();
        let hole_low: Vec<u8> = holes
            .iter()
            .map(|h| h.iter().fold(0, |m, &c| m | low_bit(c % 13)))
            .collect();
        let start = known[..k]
            .iter()
            .fold(CardSet::default(), |s, &c| s.union(CardSet::card(c)));
        deal(&deck, &mut known, k, start, &mut |cards, b| {
            let mut hi = [0; MAX_PLAYERS];
            for (v, h) in hi.iter_mut().zip(&players) {
                *v = e.value(h.union(b));
            }
            let mut lo = [NO_LOW; MAX_PLAYERS];
            let board_low = low_mask(cards);
            for (l, &h) in lo.iter_mut().zip(&hole_low) {
                *l = best_low_of(h | board_low);
            }
            tally.board_hi_lo(&hi[..n], &lo[..n]);
        });
    }
    Ok(tally.finish())
}

/// Hold'em high: every completion of the board counted by classes of boards, not one by one.
///
/// A hand without five cards of a suit is valued by its ranks alone. A flush needs three or
/// more board cards of its suit (a player holds at most two), so on any board at most one suit
/// makes flushes. The boards on which nobody can hold five cards of a suit are counted by the
/// ranks of the cards to come: each multiset of ranks once, weighted by the number of such
/// boards with those ranks (Π C(cards of the rank left, count), less the flush boards counted
/// by a polynomial in the number of a suit's cards), valued by ranks. The flush boards of each
/// suit are then counted with its cards to come one by one (they fix the flushes) and the other
/// cards by their ranks. Weights are integers, so the counts are exactly those of dealing every
/// board (`deal`).
fn holdem_high(
    e: &eval::Evaluator,
    holes: &[Vec<u8>],
    known: &[u8],
    deck: &[u8],
    tally: &mut Tally,
) {
    let n = holes.len();
    let to_come = 5 - known.len();
    let key = |cards: &[u8]| cards.iter().map(|&c| eval::rank_key(c % 13)).sum::<u32>();
    let board_key = key(known);
    let keys: Vec<u32> = holes.iter().map(|h| key(h) + board_key).collect();
    let mut left = [0u8; 13];
    for &c in deck {
        left[usize::from(c % 13)] += 1;
    }
    let suit_mask = |cards: &[u8], s: u8| {
        cards
            .iter()
            .filter(|&&c| c / 13 == s)
            .fold(0u16, |m, &c| m | 1 << (c % 13))
    };
    let suits: Vec<FlushSuit> = (0..4u8)
        .filter_map(|s| {
            let board_s = suit_mask(known, s);
            let mine: Vec<u16> = holes.iter().map(|h| suit_mask(h, s) | board_s).collect();
            let most = mine.iter().map(|m| m.count_ones()).max().unwrap_or(0) as usize;
            let suited: Vec<u8> = deck.iter().copied().filter(|&c| c / 13 == s).collect();
            let need = 5usize.saturating_sub(most);
            if need > to_come.min(suited.len()) {
                return None;
            }
            let mut others = left;
            for &c in &suited {
                others[usize::from(c % 13)] -= 1;
            }
            Some(FlushSuit {
                mine,
                suited,
                others,
                need,
            })
        })
        .collect();
    let mut hi = [0 as HandValue; MAX_PLAYERS];
    no_flush_multisets(&left, to_come, &suits, &mut |k, w| {
        for (v, &pk) in hi.iter_mut().zip(&keys) {
            *v = e.rank_value(pk + k);
        }
        tally.board_hi(&hi[..n], w);
    });
    for f in &suits {
        for j in f.need..=to_come.min(f.suited.len()) {
            card_subsets(&f.suited, j, 0, 0, &mut |t_mask, t_key| {
                // The flushes, fixed by the suit's cards (0: no flush).
                let mut flush = [0 as HandValue; MAX_PLAYERS];
                for (v, &m) in flush.iter_mut().zip(&f.mine) {
                    if (m | t_mask).count_ones() >= 5 {
                        *v = e.flush_value(m | t_mask);
                    }
                }
                rank_multisets(&f.others, to_come - j, &mut |k, w| {
                    for p in 0..n {
                        hi[p] = if flush[p] != 0 {
                            flush[p]
                        } else {
                            e.rank_value(keys[p] + t_key + k)
                        };
                    }
                    tally.board_hi(&hi[..n], w);
                });
            });
        }
    }
}

/// A suit of which some player can still hold five cards.
struct FlushSuit {
    /// Each player's rank mask of the suit, the known board's cards included.
    mine: Vec<u16>,
    /// The suit's cards left in the deck.
    suited: Vec<u8>,
    /// Cards left per rank, the suit's excluded.
    others: [u8; 13],
    /// The fewest cards of the suit to come with which some player holds five.
    need: usize,
}

/// [`rank_multisets`] weighted by the boards with those ranks on which nobody holds five cards
/// of a suit of `suits` (multisets with no such board are skipped). For each suit the recursion
/// carries the boards' count by their number of the suit's cards (a polynomial: a rank's cards
/// without the suit's card, C(others, c), or with it, C(others, c − 1)).
fn no_flush_multisets(
    left: &[u8; 13],
    count: usize,
    suits: &[FlushSuit],
    leaf: &mut impl FnMut(u32, u64),
) {
    type Polys = [[u64; 6]; 4];
    #[allow(clippy::too_many_arguments)]
    fn go(
        left: &[u8; 13],
        suits: &[FlushSuit],
        rank: usize,
        count: usize,
        key: u32,
        weight: u64,
        polys: &Polys,
        leaf: &mut impl FnMut(u32, u64),
    ) {
        if count == 0 {
            let mut w = weight;
            for (f, poly) in suits.iter().zip(polys) {
                w -= poly[f.need..].iter().sum::<u64>();
            }
            if w > 0 {
                leaf(key, w);
            }
            return;
        }
        if rank == 13 {
            return;
        }
        let have = usize::from(left[rank]);
        go(left, suits, rank + 1, count, key, weight, polys, leaf);
        let mut k = key;
        for c in 1..=count.min(have) {
            k += eval::rank_key(rank as u8);
            let mut next = *polys;
            for (f, poly) in suits.iter().zip(next.iter_mut()) {
                let o = usize::from(f.others[rank]);
                let without = CHOOSE4[o][c];
                let with = if o < have { CHOOSE4[o][c - 1] } else { 0 };
                for t in (1..6).rev() {
                    poly[t] = poly[t] * without + poly[t - 1] * with;
                }
                poly[0] *= without;
            }
            go(
                left,
                suits,
                rank + 1,
                count - c,
                k,
                weight * CHOOSE4[have][c],
                &next,
                leaf,
            );
        }
    }
    let mut polys = [[0u64; 6]; 4];
    for p in polys.iter_mut() {
        p[0] = 1;
    }
    go(left, suits, 0, count, 0, 1, &polys, leaf);
}

/// C(n, k) for n, k ≤ 4 (cards of one rank).
const CHOOSE4: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Calls `leaf(key, weight)` for every multiset of `count` ranks that the cards left (`left`,
/// per rank) can make: its rank key (Σ 5^rank) and the number of sets of cards with those ranks.
fn rank_multisets(left: &[u8; 13], count: usize, leaf: &mut impl FnMut(u32, u64)) {
    fn go(
        left: &[u8; 13],
        rank: usize,
        count: usize,
        key: u32,
        weight: u64,
        leaf: &mut impl FnMut(u32, u64),
    ) {
        if count == 0 {
            leaf(key, weight);
            return;
        }
        if rank == 13 {
            return;
        }
        let have = usize::from(left[rank]);
        let mut k = key;
        for (c, &ways) in CHOOSE4[have].iter().enumerate().take(count.min(have) + 1) {
            go(left, rank + 1, count - c, k, weight * ways, leaf);
            k += eval::rank_key(rank as u8);
        }
    }
    go(left, 0, count, 0, 1, leaf);
}

/// Calls `leaf(rank mask, rank key)` for every set of `count` of `cards` (cards of one suit).
fn card_subsets(cards: &[u8], count: usize, mask: u16, key: u32, leaf: &mut impl FnMut(u16, u32)) {
    if count == 0 {
        leaf(mask, key);
        return;
    }
    if cards.len() < count {
        return;
    }
    for i in 0..=cards.len().saturating_sub(count) {
        let r = cards[i] % 13;
        card_subsets(
            &cards[i + 1..],
            count - 1,
            mask | 1 << r,
            key + eval::rank_key(r),
            leaf,
        );
    }
}

/// Hold'em high with every board dealt one by one: what [`holdem_high`] must equal (tests).
#[cfg(test)]
pub(crate) fn holdem_dealt(
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> Outcome {
    let idx = |cs: &[Card]| cs.iter().map(|&c| index(c)).collect::<Vec<u8>>();
    let holes: Vec<u8> = hands.iter().flat_map(|h| idx(h)).collect();
    let used: Vec<u8> = [holes, idx(board), idx(dead)].concat();
    let deck: Vec<u8> = (0..52).filter(|i| !used.contains(i)).collect();
    let players: Vec<CardSet> = hands
        .iter()
        .map(|h| {
            idx(h)
                .iter()
                .fold(CardSet::HAND, |s, &c| s.union(CardSet::card(c)))
        })
        .collect();
    let mut known = [0u8; 5];
    known[..board.len()].copy_from_slice(&idx(board));
    let start = known[..board.len()]
        .iter()
        .fold(CardSet::default(), |s, &c| s.union(CardSet::card(c)));
    let mut tally = Tally::new(hands.len(), pots, false);
    let e = evaluator();
    deal(&deck, &mut known, board.len(), start, &mut |_, b| {
        let mut hi = [0; MAX_PLAYERS];
        for (v, h) in hi.iter_mut().zip(&players) {
            *v = e.value(h.union(b));
        }
        tally.board_hi(&hi[..players.len()], 1);
    });
    tally.finish()
}

/// Equities of one pot of all players: [`enumerate`] with no side pots.
pub fn equity(
    rules: Rules,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
) -> Result<Outcome, EquityError> {
    enumerate(rules, hands, board, dead, &[])
}

/// Deals the board cards `cards[k..5]` from `deck` in every combination, calling `leaf` with the
/// five board card indices and their sum.
#[inline(always)]
fn deal<F: FnMut(&[u8; 5], CardSet)>(
    deck: &[u8],
    cards: &mut [u8; 5],
    k: usize,
    set: CardSet,
    leaf: &mut F,
) {
    if k == 5 {
        leaf(cards, set);
        return;
    }
    let left = 5 - k;
    for i in 0..deck.len().saturating_sub(left - 1) {
        let c = deck[i];
        cards[k] = c;
        deal_rest(
            &deck[i + 1..],
            cards,
            k + 1,
            set.union(CardSet::card(c)),
            leaf,
        );
    }
}

/// [`deal`] without inlining, for the recursion.
fn deal_rest<F: FnMut(&[u8; 5], CardSet)>(
    deck: &[u8],
    cards: &mut [u8; 5],
    k: usize,
    set: CardSet,
    leaf: &mut F,
) {
    if k == 4 {
        // The last card: the innermost loop, kept flat.
        for &c in deck {
            cards[4] = c;
            leaf(cards, set.union(CardSet::card(c)));
        }
        return;
    }
    deal(deck, cards, k, set, leaf);
}

/// The 8-or-better low ranks present among five board cards.
fn low_mask(cards: &[u8; 5]) -> u8 {
    cards.iter().fold(0, |m, &c| m | low_bit(c % 13))
}

/// The best low of a hold'em-style hand (any five cards): its five lowest distinct low ranks.
fn best_low_of(mask: u8) -> u16 {
    if mask.count_ones() < 5 {
        return NO_LOW;
    }
    let mut m = mask;
    while m.count_ones() > 5 {
        m &= !(1 << (7 - m.leading_zeros()));
    }
    u16::from(m)
}

/// The ten three-card parts of a five-card board.
fn triples(cards: &[u8; 5]) -> [CardSet; 10] {
    let c = cards.map(CardSet::card);
    let mut out = [CardSet::default(); 10];
    let mut i = 0;
    for a in 0..5 {
        for b in a + 1..5 {
            for d in b + 1..5 {
                out[i] = c[a].union(c[b]).union(c[d]);
                i += 1;
            }
        }
    }
    out
}

/// An omaha hand: its two-card parts, and its best low for each set of board low ranks.
struct OmahaHand {
    pairs: Vec<CardSet>,
    /// By the 8-bit mask of the board's low ranks: the best low (as a mask), or [`NO_LOW`].
    low: Vec<u16>,
}

impl OmahaHand {
    fn new(hole: &[u8]) -> OmahaHand {
        let mut pairs = Vec::new();
        let mut low_pairs: Vec<u8> = Vec::new();
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                pairs.push(
                    CardSet::HAND
                        .union(CardSet::card(hole[a]))
                        .union(CardSet::card(hole[b])),
                );
                let m = low_bit(hole[a] % 13) | low_bit(hole[b] % 13);
                if m.count_ones() == 2 && !low_pairs.contains(&m) {
                    low_pairs.push(m);
                }
            }
        }
        let low = (0..256u16)
            .map(|board| {
                low_pairs
                    .iter()
                    .filter_map(|&pm| {
                        let mut rest = board as u8 & !pm;
                        if rest.count_ones() < 3 {
                            return None;
                        }
                        // The three lowest board ranks the pair does not use make the best low.
                        let mut t = 0u8;
                        for _ in 0..3 {
                            let lowest = rest & rest.wrapping_neg();
                            t |= lowest;
                            rest &= !lowest;
                        }
                        Some(u16::from(pm | t))
                    })
                    .min()
                    .unwrap_or(NO_LOW)
            })
            .collect();
        OmahaHand { pairs, low }
    }

    #[inline]
    fn best(&self, e: &eval::Evaluator, triples: &[CardSet; 10]) -> HandValue {
        let mut best = 0;
        for &p in &self.pairs {
            for &t in triples {
                best = best.max(e.value(p.union(t)));
            }
        }
        best
    }
}

/// Adds up the pots' shares board by board. High-only games count, per pot, how often each set
/// of players wins it (the shares follow at the end); hi/lo games add each board's shares.
struct Tally<'p> {
    pots: &'p [Players],
    all: Players,
    n: usize,
    hi_lo: bool,
    boards: u64,
    /// High only: per pot, boards won by each set of winners (indexed by the set's bits).
    winners: Vec<Vec<u64>>,
    /// High only: the same for the pot of all players when it is not one of `pots`.
    field_winners: Vec<u64>,
    /// Hi/lo: per pot, per player, units won.
    shares: Vec<Vec<u64>>,
    wins: Vec<u64>,
    ties: Vec<u64>,
}

/// UNIT / t for t winners (index t), and half of it.
const WHOLE: [u64; MAX_PLAYERS + 1] = share_table(1);
const HALF: [u64; MAX_PLAYERS + 1] = share_table(2);

const fn share_table(parts: u64) -> [u64; MAX_PLAYERS + 1] {
    let mut t = [0; MAX_PLAYERS + 1];
    let mut i = 1;
    while i <= MAX_PLAYERS {
        t[i] = UNIT / parts / i as u64;
        i += 1;
    }
    t
}

/// The players of `mask` with the highest value.
#[inline(always)]
fn best_of(mask: Players, hi: &[HandValue]) -> Players {
    let (mut best, mut winners) = (0, 0);
    for (p, &v) in hi.iter().enumerate() {
        if mask & (1 << p) != 0 {
            if v > best {
                best = v;
                winners = 1 << p;
            } else if v == best {
                winners |= 1 << p;
            }
        }
    }
    winners
}

impl<'p> Tally<'p> {
    fn new(n: usize, pots: &'p [Players], hi_lo: bool) -> Tally<'p> {
        let all = (1 << n) - 1;
        let sets = if hi_lo { 0 } else { 1 << n };
        let field_sets = if pots.contains(&all) { 0 } else { sets };
        Tally {
            pots,
            all,
            n,
            hi_lo,
            boards: 0,
            winners: vec![vec![0; sets]; pots.len()],
            field_winners: vec![0; field_sets],
            shares: vec![vec![0; n]; pots.len()],
            wins: vec![0; n],
            ties: vec![0; n],
        }
    }

    /// `w` boards of a high-only game on which the players' values are `hi`. The counts wrap:
    /// `w` may be a count taken out again (`w.wrapping_neg()`, see [`holdem_high`]).
    #[inline(always)]
    fn board_hi(&mut self, hi: &[HandValue], w: u64) {
        self.boards = self.boards.wrapping_add(w);
        for (&mask, counts) in self.pots.iter().zip(self.winners.iter_mut()) {
            let c = &mut counts[best_of(mask, hi) as usize];
            *c = c.wrapping_add(w);
        }
        if !self.field_winners.is_empty() {
            let c = &mut self.field_winners[best_of(self.all, hi) as usize];
            *c = c.wrapping_add(w);
        }
    }

    /// One board of a hi/lo game.
    #[inline(always)]
    fn board_hi_lo(&mut self, hi: &[HandValue], lo: &[u16]) {
        self.boards += 1;
        let mut field = [0u64; MAX_PLAYERS];
        split(self.all, hi, lo, |p, u| field[p] += u);
        for (p, &s) in field.iter().enumerate().take(hi.len()) {
            if s == UNIT {
                self.wins[p] += 1;
            } else if s > 0 {
                self.ties[p] += 1;
            }
        }
        for (&mask, shares) in self.pots.iter().zip(self.shares.iter_mut()) {
            if mask == self.all {
                for (acc, &s) in shares.iter_mut().zip(&field) {
                    *acc += s;
                }
            } else {
                split(mask, hi, lo, |p, u| shares[p] += u);
            }
        }
    }

    fn finish(mut self) -> Outcome {
        if !self.hi_lo {
            for (counts, shares) in self.winners.iter().zip(self.shares.iter_mut()) {
                for (set, &boards) in counts.iter().enumerate() {
                    let set = set as Players;
                    for (p, share) in shares.iter_mut().enumerate() {
                        if set & (1 << p) != 0 {
                            *share += boards * WHOLE[set.count_ones() as usize];
                        }
                    }
                }
            }
            let field = match self.pots.iter().position(|&m| m == self.all) {
                Some(i) => &self.winners[i],
                None => &self.field_winners,
            };
            for (set, &boards) in field.iter().enumerate() {
                for p in 0..self.n {
                    if set & (1 << p) != 0 {
                        if set.count_ones() == 1 {
                            self.wins[p] += boards;
                        } else {
                            self.ties[p] += boards;
                        }
                    }
                }
            }
        }
        Outcome {
            boards: self.boards,
            shares: self.shares,
            wins: self.wins,
            ties: self.ties,
        }
    }
}

/// Splits one pot of a hi/lo game among the players of `mask` on one board, calling
/// `give(player, units)`.
#[inline(always)]
fn split(mask: Players, hi: &[HandValue], lo: &[u16], mut give: impl FnMut(usize, u64)) {
    let (mut best, mut winners) = (0, 0u32);
    let (mut low, mut low_winners) = (NO_LOW, 0u32);
    for (p, &v) in hi.iter().enumerate() {
        if mask & (1 << p) == 0 {
            continue;
        }
        if v > best {
            best = v;
            winners = 1 << p;
        } else if v == best {
            winners |= 1 << p;
        }
        {
            let l = lo[p];
            if l < low {
                low = l;
                low_winners = 1 << p;
            } else if l == low && l != NO_LOW {
                low_winners |= 1 << p;
            }
        }
    }
    let (hi_unit, lo_unit) = if low_winners != 0 {
        (
            HALF[winners.count_ones() as usize],
            HALF[low_winners.count_ones() as usize],
        )
    } else {
        (WHOLE[winners.count_ones() as usize], 0)
    };
    let mut w = winners;
    while w != 0 {
        give(w.trailing_zeros() as usize, hi_unit);
        w &= w - 1;
    }
    let mut w = low_winners;
    while w != 0 {
        give(w.trailing_zeros() as usize, lo_unit);
        w &= w - 1;
    }
}

#[cfg(test)]
mod tests;

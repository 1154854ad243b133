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
//! Speed: a heads-up hold'em all-in before the flop is 1,712,304 boards, an omaha one 1,086,008;
//! neither is dealt board by board. Both are counted by classes of boards (`holdem_high`,
//! `omaha`): the boards on which no flush is possible by the ranks to come, the others by the
//! flush suit's cards and the ranks of the rest. `cargo bench -p fpdb-core --bench equity`
//! measures them (README, Performance). [`pipeline`] computes the enumerations an import will
//! need on other threads, ahead of the thread that writes the rows.

pub mod eval;
pub mod pipeline;

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

/// One enumeration's input: what [`enumerate`] takes, as a value that can be kept, compared and
/// sent to another thread ([`pipeline::Pipeline`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    pub rules: Rules,
    /// Each contender's hole cards.
    pub hands: Vec<Vec<Card>>,
    /// The board cards known when the outcome was fixed.
    pub board: Vec<Card>,
    /// Cards known to be out of the deck.
    pub dead: Vec<Card>,
    /// The pots, each a set of contenders (empty: one pot of all).
    pub pots: Vec<Players>,
}

impl Spot {
    /// [`enumerate`] of this spot.
    pub fn enumerate(&self) -> Result<Outcome, EquityError> {
        enumerate(self.rules, &self.hands, &self.board, &self.dead, &self.pots)
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
        omaha(e, rules, &holes, &known[..k], &deck, &mut tally);
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
            tally.board_hi_lo(&hi[..n], &lo[..n], 1);
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
    // Each player's ranks among his cards and the known board's (any suit).
    let rank_mask = |cards: &[u8]| cards.iter().fold(0u16, |m, &c| m | 1 << (c % 13));
    let seen: Vec<u16> = holes
        .iter()
        .map(|h| rank_mask(h) | rank_mask(known))
        .collect();
    let left = ranks_left(deck);
    let suits: Vec<FlushSuit> = (0..4u8)
        .filter_map(|s| {
            let board_s = suit_mask(known, s);
            let mine: Vec<u16> = holes.iter().map(|h| suit_mask(h, s) | board_s).collect();
            let most = mine.iter().map(|m| m.count_ones()).max().unwrap_or(0) as usize;
            FlushSuit::new(s, mine, 5usize.saturating_sub(most), deck, &left, to_come)
        })
        .collect();
    let mut hi = [0 as HandValue; MAX_PLAYERS];
    no_flush_multisets(&left, to_come, &suits, &mut |k, _, w| {
        for (v, &pk) in hi.iter_mut().zip(&keys) {
            *v = e.rank_value(pk + k);
        }
        tally.board_hi(&hi[..n], w);
    });
    for f in &suits {
        // The other cards' ranks that are left, and how many of each.
        let ranks: Vec<(u32, u64)> = (0..13u8)
            .filter(|&r| f.others[usize::from(r)] > 0)
            .map(|r| (eval::rank_key(r), u64::from(f.others[usize::from(r)])))
            .collect();
        let other_cards: u64 = ranks.iter().map(|&(_, c)| c).sum();
        for j in f.need..=to_come.min(f.suited.len()) {
            let m = to_come - j;
            // Sets of the `m` other cards: C(other cards, m).
            let sets = (0..m as u64).fold(1, |a, i| a * (other_cards - i) / (i + 1));
            card_subsets(&f.suited, j, &mut |t_mask, t_key, _| {
                // The flushes, fixed by the suit's cards (0: no flush); the others' rank keys so far.
                let mut flush = [0 as HandValue; MAX_PLAYERS];
                let mut base = [0u32; MAX_PLAYERS];
                // Whether a player without a flush can still beat one: only a full house or four
                // of a kind do, and seven cards holding either show at most four ranks.
                // A pot none of whose contenders has a flush is decided by the ranks.
                let mut contested = false;
                let mut flushers: Players = 0;
                for p in 0..n {
                    let m = f.mine[p] | t_mask;
                    if m.count_ones() >= 5 {
                        flush[p] = e.flush_value(m);
                        flushers |= 1 << p;
                    } else {
                        base[p] = keys[p] + t_key;
                        contested |= (seen[p] | t_mask).count_ones() <= 4;
                    }
                }
                if !contested && tally.pots.iter().all(|&pot| pot & flushers != 0) {
                    // The flushes decide on every board of these suit cards, whatever the others.
                    tally.board_hi(&flush[..n], sets);
                    return;
                }
                let mut board = |k: u32, w: u64| {
                    for p in 0..n {
                        hi[p] = if flush[p] != 0 {
                            flush[p]
                        } else {
                            e.rank_value(base[p] + k)
                        };
                    }
                    tally.board_hi(&hi[..n], w);
                };
                // The cards that are not of the suit: at most two (a flush needs three of the
                // suit on the board), each multiset of ranks once with its number of sets.
                match m {
                    0 => board(0, 1),
                    1 => ranks.iter().for_each(|&(k, c)| board(k, c)),
                    2 => {
                        for (i, &(k1, c1)) in ranks.iter().enumerate() {
                            board(2 * k1, c1 * c1.saturating_sub(1) / 2);
                            for &(k2, c2) in &ranks[i + 1..] {
                                board(k1 + k2, c1 * c2);
                            }
                        }
                    }
                    rest => rank_multisets(&f.others, rest, &mut |k, _, w| board(k, w)),
                }
            });
        }
    }
}

/// Cards left in `deck` per rank.
fn ranks_left(deck: &[u8]) -> [u8; 13] {
    let mut left = [0u8; 13];
    for &c in deck {
        left[usize::from(c % 13)] += 1;
    }
    left
}

/// The rank mask of the cards of suit `s` among `cards`.
fn suit_mask(cards: &[u8], s: u8) -> u16 {
    cards
        .iter()
        .filter(|&&c| c / 13 == s)
        .fold(0u16, |m, &c| m | 1 << (c % 13))
}

/// A suit in which some player can still make a flush.
struct FlushSuit {
    /// Each player's rank mask of the suit (hold'em: the known board's cards included; omaha:
    /// the hole cards only).
    mine: Vec<u16>,
    /// The suit's cards left in the deck.
    suited: Vec<u8>,
    /// Cards left per rank, the suit's excluded.
    others: [u8; 13],
    /// The fewest cards of the suit to come with which some player makes a flush.
    need: usize,
}

impl FlushSuit {
    /// Suit `s`, if `need` of its cards can still come (`None`: nobody can flush in it).
    fn new(
        s: u8,
        mine: Vec<u16>,
        need: usize,
        deck: &[u8],
        left: &[u8; 13],
        to_come: usize,
    ) -> Option<FlushSuit> {
        let suited: Vec<u8> = deck.iter().copied().filter(|&c| c / 13 == s).collect();
        if need > to_come.min(suited.len()) {
            return None;
        }
        let mut others = *left;
        for &c in &suited {
            others[usize::from(c % 13)] -= 1;
        }
        Some(FlushSuit {
            mine,
            suited,
            others,
            need,
        })
    }
}

/// Omaha, high and hi/lo, counted by classes of boards as [`holdem_high`] counts hold'em.
///
/// A hand of two hole cards and three board cards is a flush only when all five are of one suit,
/// so a player with two or more hole cards of a suit flushes on the boards with three or more of
/// it, and a player with fewer never does. A suit nobody holds two of makes no flush whatever
/// the board. Every other hand, and every low, depends on ranks alone: each player's best hand
/// by ranks is the best of the board's ten three-card parts, each part valued in advance with
/// his best two hole cards for it ([`OmahaHand::ranks`]). On the flush boards of a suit a
/// player's hand is the better of that and his best flush, fixed by the suit's cards.
fn omaha(
    e: &eval::Evaluator,
    rules: Rules,
    holes: &[Vec<u8>],
    known: &[u8],
    deck: &[u8],
    tally: &mut Tally,
) {
    let n = holes.len();
    let to_come = 5 - known.len();
    let left = ranks_left(deck);
    let players: Vec<OmahaHand> = holes.iter().map(|h| OmahaHand::new(e, h)).collect();
    let mut flush_suits: Vec<u8> = Vec::new();
    let suits: Vec<FlushSuit> = (0..4u8)
        .filter_map(|s| {
            let mine: Vec<u16> = holes.iter().map(|h| suit_mask(h, s)).collect();
            if mine.iter().all(|m| m.count_ones() < 2) {
                return None;
            }
            let on_board = suit_mask(known, s).count_ones() as usize;
            let f = FlushSuit::new(
                s,
                mine,
                3usize.saturating_sub(on_board),
                deck,
                &left,
                to_come,
            )?;
            flush_suits.push(s);
            Some(f)
        })
        .collect();
    let mut board = Ranks::default();
    for &c in known {
        board.push(c % 13);
    }
    let mut hi = [0 as HandValue; MAX_PLAYERS];
    let mut lo = [NO_LOW; MAX_PLAYERS];
    let mut value = |ranks: &Ranks, flush: &[HandValue; MAX_PLAYERS], w: u64, tally: &mut Tally| {
        let parts = triples_of(ranks);
        for (p, h) in players.iter().enumerate() {
            hi[p] = h.best_by_ranks(&parts).max(flush[p]);
        }
        if rules.hi_lo {
            let board_low = ranks.r.iter().fold(0, |m, &r| m | low_bit(r)) as usize;
            for (l, h) in lo.iter_mut().zip(&players) {
                *l = h.low[board_low];
            }
            tally.board_hi_lo(&hi[..n], &lo[..n], w);
        } else {
            tally.board_hi(&hi[..n], w);
        }
    };
    let no_flush = [0 as HandValue; MAX_PLAYERS];
    no_flush_multisets(&left, to_come, &suits, &mut |_, r, w| {
        let mut b = board;
        r.iter().for_each(|&x| b.push(x));
        value(&b, &no_flush, w, tally);
    });
    for (f, &s) in suits.iter().zip(&flush_suits) {
        let board_s = suit_mask(known, s);
        for j in f.need..=to_come.min(f.suited.len()) {
            card_subsets(&f.suited, j, &mut |t_mask, _, t_ranks| {
                let mut flush = [0 as HandValue; MAX_PLAYERS];
                for (v, &m) in flush.iter_mut().zip(&f.mine) {
                    *v = best_omaha_flush(e, m, board_s | t_mask);
                }
                let mut b = board;
                t_ranks.iter().for_each(|&x| b.push(x));
                rank_multisets(&f.others, to_come - j, &mut |_, r, w| {
                    let mut b = b;
                    r.iter().for_each(|&x| b.push(x));
                    value(&b, &flush, w, tally);
                });
            });
        }
    }
}

/// Index of a rank triple in [`OmahaHand::ranks`] (any order of the three).
#[inline(always)]
fn triple(a: u8, b: u8, c: u8) -> usize {
    usize::from(a) * 169 + usize::from(b) * 13 + usize::from(c)
}

/// The ten three-card parts of a board of five ranks, as [`triple`] indices.
#[inline(always)]
fn triples_of(b: &Ranks) -> [usize; 10] {
    let r = &b.r;
    [
        triple(r[0], r[1], r[2]),
        triple(r[0], r[1], r[3]),
        triple(r[0], r[1], r[4]),
        triple(r[0], r[2], r[3]),
        triple(r[0], r[2], r[4]),
        triple(r[0], r[3], r[4]),
        triple(r[1], r[2], r[3]),
        triple(r[1], r[2], r[4]),
        triple(r[1], r[3], r[4]),
        triple(r[2], r[3], r[4]),
    ]
}

/// The best omaha flush of two of `mine` and three of `board` (rank masks of one suit), 0 when
/// either has too few cards.
fn best_omaha_flush(e: &eval::Evaluator, mine: u16, board: u16) -> HandValue {
    if mine.count_ones() < 2 || board.count_ones() < 3 {
        return 0;
    }
    let mut best = 0;
    for_each_subset(mine, 2, &mut |pair| {
        for_each_subset(board, 3, &mut |three| {
            best = best.max(e.flush_value(pair | three));
        });
    });
    best
}

/// Calls `f` with every subset of `k` bits of `mask`.
fn for_each_subset(mask: u16, k: u32, f: &mut impl FnMut(u16)) {
    fn go(rest: u16, k: u32, chosen: u16, f: &mut impl FnMut(u16)) {
        if k == 0 {
            f(chosen);
            return;
        }
        if rest.count_ones() < k {
            return;
        }
        let low = rest & rest.wrapping_neg();
        go(rest & !low, k - 1, chosen | low, f);
        go(rest & !low, k, chosen, f);
    }
    go(mask, k, 0, f);
}

/// [`rank_multisets`] weighted by the boards with those ranks on which nobody makes a flush in a
/// suit of `suits` (multisets with no such board are skipped): the boards with those ranks less,
/// for each suit, those with `need` or more of its cards (a flush board has three or more of its
/// suit, so no board is a flush board of two suits).
///
/// Five cards to come (before the flop), a suit needing four or five of its cards is counted
/// when the multiset is complete ([`flush_boards_of_five`]). For the other suits the recursion
/// carries the boards' count by their number of the suit's cards, as a polynomial of which only
/// the terms below `need` are kept: a rank's `c` cards are `c` of its other cards,
/// C(others, c), or its card of the suit and `c − 1` others, C(others, c − 1).
fn no_flush_multisets(
    left: &[u8; 13],
    count: usize,
    suits: &[FlushSuit],
    leaf: &mut impl FnMut(u32, &[u8], u64),
) {
    /// Per suit of the polynomials, the boards so far by their number of its cards, 0..need.
    type Polys = [[u64; 5]; 4];
    /// The suits whose flush boards the polynomials count, and those counted at the leaf.
    struct Suits<'s> {
        polys: Vec<&'s FlushSuit>,
        at_leaf: Vec<(&'s FlushSuit, u16)>,
    }
    /// Where the recursion is: the next rank, the cards still to choose, the multiset so far.
    struct At {
        rank: usize,
        count: usize,
        key: u32,
        weight: u64,
        distinct: u16,
    }
    fn go(
        left: &[u8; 13],
        suits: &Suits,
        at: At,
        ranks: &mut Ranks,
        polys: &Polys,
        leaf: &mut impl FnMut(u32, &[u8], u64),
    ) {
        if at.count == 0 {
            let mut w = at.weight;
            for (f, poly) in suits.polys.iter().zip(polys) {
                w -= at.weight - poly[..f.need].iter().sum::<u64>();
            }
            for &(f, avail) in &suits.at_leaf {
                w -= flush_boards_of_five(ranks, at.distinct, avail, f);
            }
            if w > 0 {
                leaf(at.key, ranks.as_slice(), w);
            }
            return;
        }
        // The next rank of the multiset, and how many of it.
        let len = ranks.len;
        for rank in at.rank..13 {
            let have = usize::from(left[rank]);
            let mut k = at.key;
            for c in 1..=at.count.min(have) {
                k += eval::rank_key(rank as u8);
                ranks.push(rank as u8);
                let next_at = At {
                    rank: rank + 1,
                    count: at.count - c,
                    key: k,
                    weight: at.weight * CHOOSE4[have][c],
                    distinct: at.distinct | 1 << rank,
                };
                if suits.polys.is_empty() {
                    go(left, suits, next_at, ranks, polys, leaf);
                    continue;
                }
                let mut next = *polys;
                for (f, poly) in suits.polys.iter().zip(next.iter_mut()) {
                    let o = usize::from(f.others[rank]);
                    let without = CHOOSE4[o][c];
                    let with = if o < have { CHOOSE4[o][c - 1] } else { 0 };
                    for t in (1..f.need).rev() {
                        poly[t] = poly[t] * without + poly[t - 1] * with;
                    }
                    poly[0] *= without;
                }
                go(left, suits, next_at, ranks, &next, leaf);
            }
            ranks.len = len;
        }
    }
    let at_leaf = |f: &FlushSuit| count == 5 && f.need >= 4;
    let split = Suits {
        polys: suits.iter().filter(|f| !at_leaf(f)).collect(),
        at_leaf: suits
            .iter()
            .filter(|f| at_leaf(f))
            .map(|f| (f, f.suited.iter().fold(0u16, |m, &c| m | 1 << (c % 13))))
            .collect(),
    };
    let mut polys = [[0u64; 5]; 4];
    for p in polys.iter_mut() {
        p[0] = 1;
    }
    let at = At {
        rank: 0,
        count,
        key: 0,
        weight: 1,
        distinct: 0,
    };
    go(left, &split, at, &mut Ranks::default(), &polys, leaf);
}

/// The boards of five cards to come with the ranks `ranks` (ascending; `distinct` their mask)
/// that hold `f.need` (four or five) or more cards of the suit `f`, whose cards left are the
/// ranks `avail`. Each rank gives at most one card of the suit, so only four or five distinct
/// ranks can: five distinct ranks all of which have the suit's card left make one board of five
/// and, for each rank, `others` boards of four (that rank's card another suit's); one rank
/// without it, that rank's `others` boards of four; four ranks with a pair, all with the suit's
/// card left, the pair's `others` boards of four.
#[inline(always)]
fn flush_boards_of_five(ranks: &Ranks, distinct: u16, avail: u16, f: &FlushSuit) -> u64 {
    let others = |r: u32| u64::from(f.others[r as usize]);
    let missing = distinct & !avail;
    match (distinct.count_ones(), missing.count_ones()) {
        (5, 0) => {
            let fives = 1;
            if f.need >= 5 {
                return fives;
            }
            let mut fours = 0;
            let mut d = distinct;
            while d != 0 {
                fours += others(d.trailing_zeros());
                d &= d - 1;
            }
            fives + fours
        }
        (5, 1) if f.need <= 4 => others(missing.trailing_zeros()),
        (4, 0) if f.need <= 4 => {
            let r = &ranks.r;
            let pair = (0..4).find(|&i| r[i] == r[i + 1]).map_or(r[0], |i| r[i]);
            others(u32::from(pair))
        }
        _ => 0,
    }
}

/// C(n, k) for n, k ≤ 4 (cards of one rank).
const CHOOSE4: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Calls `leaf(key, ranks, weight)` for every multiset of `count` ranks that the cards left
/// (`left`, per rank) can make: its rank key (Σ 5^rank), its ranks (ascending) and the number of
/// sets of cards with those ranks.
fn rank_multisets(left: &[u8; 13], count: usize, leaf: &mut impl FnMut(u32, &[u8], u64)) {
    fn go(
        left: &[u8; 13],
        rank: usize,
        count: usize,
        key: u32,
        ranks: &mut Ranks,
        weight: u64,
        leaf: &mut impl FnMut(u32, &[u8], u64),
    ) {
        if count == 0 {
            leaf(key, ranks.as_slice(), weight);
            return;
        }
        // The next rank of the multiset, and how many of it.
        let len = ranks.len;
        for r in rank..13 {
            let have = usize::from(left[r]);
            let mut k = key;
            for (c, &ways) in CHOOSE4[have]
                .iter()
                .enumerate()
                .take(count.min(have) + 1)
                .skip(1)
            {
                k += eval::rank_key(r as u8);
                ranks.push(r as u8);
                go(left, r + 1, count - c, k, ranks, weight * ways, leaf);
            }
            ranks.len = len;
        }
    }
    go(left, 0, count, 0, &mut Ranks::default(), 1, leaf);
}

/// Up to five ranks of board cards, as a class of boards is built.
#[derive(Clone, Copy, Default)]
struct Ranks {
    r: [u8; 5],
    len: usize,
}

impl Ranks {
    #[inline(always)]
    fn push(&mut self, rank: u8) {
        if self.len < 5 {
            self.r[self.len] = rank;
            self.len += 1;
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[u8] {
        &self.r[..self.len]
    }
}

/// Calls `leaf(rank mask, rank key, ranks)` for every set of `count` of `cards` (cards of one
/// suit).
fn card_subsets(cards: &[u8], count: usize, leaf: &mut impl FnMut(u16, u32, &[u8])) {
    fn go(
        cards: &[u8],
        count: usize,
        mask: u16,
        key: u32,
        ranks: &mut Ranks,
        leaf: &mut impl FnMut(u16, u32, &[u8]),
    ) {
        if count == 0 {
            leaf(mask, key, ranks.as_slice());
            return;
        }
        if cards.len() < count {
            return;
        }
        let len = ranks.len;
        for i in 0..=cards.len() - count {
            let r = cards[i] % 13;
            ranks.push(r);
            go(
                &cards[i + 1..],
                count - 1,
                mask | 1 << r,
                key + eval::rank_key(r),
                ranks,
                leaf,
            );
            ranks.len = len;
        }
    }
    go(cards, count, 0, 0, &mut Ranks::default(), leaf);
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

/// Omaha with every board dealt one by one, each hand valued as two hole and three board cards
/// of every combination: what [`omaha`] must equal (tests).
#[cfg(test)]
pub(crate) fn omaha_dealt(
    rules: Rules,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> Outcome {
    let idx = |cs: &[Card]| cs.iter().map(|&c| index(c)).collect::<Vec<u8>>();
    let holes: Vec<Vec<u8>> = hands.iter().map(|h| idx(h)).collect();
    let used: Vec<u8> = [holes.concat(), idx(board), idx(dead)].concat();
    let deck: Vec<u8> = (0..52).filter(|i| !used.contains(i)).collect();
    let mut known = [0u8; 5];
    known[..board.len()].copy_from_slice(&idx(board));
    let n = hands.len();
    let mut tally = Tally::new(n, pots, rules.hi_lo);
    let e = evaluator();
    let pairs: Vec<Vec<CardSet>> = holes
        .iter()
        .map(|h| {
            let mut out = Vec::new();
            for a in 0..h.len() {
                for b in a + 1..h.len() {
                    out.push(
                        CardSet::HAND
                            .union(CardSet::card(h[a]))
                            .union(CardSet::card(h[b])),
                    );
                }
            }
            out
        })
        .collect();
    let lows: Vec<OmahaHand> = holes.iter().map(|h| OmahaHand::new(e, h)).collect();
    deal(
        &deck,
        &mut known,
        board.len(),
        CardSet::default(),
        &mut |cards, _| {
            let c = cards.map(CardSet::card);
            let mut hi = [0; MAX_PLAYERS];
            for (v, ps) in hi.iter_mut().zip(&pairs) {
                for a in 0..5 {
                    for b in a + 1..5 {
                        for d in b + 1..5 {
                            let t = c[a].union(c[b]).union(c[d]);
                            for &p in ps {
                                *v = (*v).max(e.value(p.union(t)));
                            }
                        }
                    }
                }
            }
            if rules.hi_lo {
                let board_low = low_mask(cards) as usize;
                let mut lo = [NO_LOW; MAX_PLAYERS];
                for (l, h) in lo.iter_mut().zip(&lows) {
                    *l = h.low[board_low];
                }
                tally.board_hi_lo(&hi[..n], &lo[..n], 1);
            } else {
                tally.board_hi(&hi[..n], 1);
            }
        },
    );
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

/// An omaha hand valued by ranks: its best high with each three board ranks, and its best low
/// for each set of board low ranks.
struct OmahaHand {
    /// By [`triple`] of three board ranks: the best high of two hole cards and those three,
    /// valued by ranks (flushes apart, [`best_omaha_flush`]).
    ranks: Box<[HandValue; 13 * 13 * 13]>,
    /// By the 8-bit mask of the board's low ranks: the best low (as a mask), or [`NO_LOW`].
    low: Vec<u16>,
}

impl OmahaHand {
    fn new(e: &eval::Evaluator, hole: &[u8]) -> OmahaHand {
        let mut pairs: Vec<(u8, u8)> = Vec::new();
        let mut low_pairs: Vec<u8> = Vec::new();
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                let (ra, rb) = (hole[a] % 13, hole[b] % 13);
                if !pairs.contains(&(ra, rb)) && !pairs.contains(&(rb, ra)) {
                    pairs.push((ra, rb));
                }
                let m = low_bit(ra) | low_bit(rb);
                if m.count_ones() == 2 && !low_pairs.contains(&m) {
                    low_pairs.push(m);
                }
            }
        }
        let mut ranks = Box::new([0 as HandValue; 13 * 13 * 13]);
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    let three = eval::rank_key(a) + eval::rank_key(b) + eval::rank_key(c);
                    let best = pairs
                        .iter()
                        // Five of a rank: a board this hand cannot see.
                        .filter(|&&(x, y)| !(x == y && y == a && a == b && b == c))
                        .map(|&(x, y)| e.rank_value(three + eval::rank_key(x) + eval::rank_key(y)))
                        .max()
                        .unwrap_or(0);
                    for t in [
                        triple(a, b, c),
                        triple(a, c, b),
                        triple(b, a, c),
                        triple(b, c, a),
                        triple(c, a, b),
                        triple(c, b, a),
                    ] {
                        ranks[t] = best;
                    }
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
        OmahaHand { ranks, low }
    }

    /// The best high by ranks on a board whose ten three-card parts are `parts`.
    #[inline(always)]
    fn best_by_ranks(&self, parts: &[usize; 10]) -> HandValue {
        parts.iter().map(|&t| self.ranks[t]).max().unwrap_or(0)
    }
}

/// Adds up the pots' shares board by board. High-only games count, per pot, how often each set
/// of players wins it (the shares follow at the end); hi/lo games add each board's shares.
struct Tally<'p> {
    /// One pot, of all players: [`Tally::board_hi`] counts its winners alone.
    field_only: bool,
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

/// The players with the highest value.
#[inline(always)]
fn best_of_all(hi: &[HandValue]) -> Players {
    let best = hi.iter().copied().max().unwrap_or(0);
    hi.iter()
        .enumerate()
        .fold(0, |m, (p, &v)| m | Players::from(v == best) << p)
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
            field_only: pots == [all],
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
        if self.field_only {
            let c = &mut self.winners[0][best_of_all(hi) as usize];
            *c = c.wrapping_add(w);
            return;
        }
        for (&mask, counts) in self.pots.iter().zip(self.winners.iter_mut()) {
            let c = &mut counts[best_of(mask, hi) as usize];
            *c = c.wrapping_add(w);
        }
        if !self.field_winners.is_empty() {
            let c = &mut self.field_winners[best_of(self.all, hi) as usize];
            *c = c.wrapping_add(w);
        }
    }

    /// `w` boards of a hi/lo game on which the players' values are `hi` and `lo`.
    #[inline(always)]
    fn board_hi_lo(&mut self, hi: &[HandValue], lo: &[u16], w: u64) {
        self.boards += w;
        let mut field = [0u64; MAX_PLAYERS];
        split(self.all, hi, lo, |p, u| field[p] += u);
        for (p, &s) in field.iter().enumerate().take(hi.len()) {
            if s == UNIT {
                self.wins[p] += w;
            } else if s > 0 {
                self.ties[p] += w;
            }
        }
        for (&mask, shares) in self.pots.iter().zip(self.shares.iter_mut()) {
            if mask == self.all {
                for (acc, &s) in shares.iter_mut().zip(&field) {
                    *acc += s * w;
                }
            } else {
                split(mask, hi, lo, |p, u| shares[p] += u * w);
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

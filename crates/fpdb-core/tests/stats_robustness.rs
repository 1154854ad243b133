//! `derive` never panics, whatever the hand: random hands built through the HandBuilder (as
//! parsers build them) and random corruptions of them either give rows that satisfy the
//! statistics' own consistency rules, or a StatsError.

use chrono::TimeZone;
use fpdb_core::builder::HandBuilder;
use fpdb_core::cards::Card;
use fpdb_core::model::*;
use fpdb_core::stats::derive;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn card(&mut self) -> Card {
        Card::from_code(self.below(53) as i64).unwrap()
    }
    fn cards(&mut self, max: u64) -> Vec<Card> {
        (0..self.below(max + 1)).map(|_| self.card()).collect()
    }
}

const CATEGORIES: [Category; 8] = [
    Category::Holdem,
    Category::SixPlusHoldem,
    Category::OmahaHi,
    Category::StudHi,
    Category::Razz,
    Category::SingleDraw27,
    Category::TripleDraw27,
    Category::Badugi,
];

fn random_hand(rng: &mut Rng) -> Hand {
    let category = CATEGORIES[rng.below(CATEGORIES.len() as u64) as usize];
    let game = Game {
        kind: if rng.chance(30) {
            GameKind::Tour
        } else {
            GameKind::Ring
        },
        base: category.base(),
        category,
        limit_type: LimitType::NoLimit,
        hi_lo: category.hilo(),
        small_blind: 1 + rng.below(5) as Money,
        big_blind: 2 + rng.below(10) as Money,
        small_bet: 2,
        big_bet: 4,
        ante: 0,
        currency: "USD".into(),
        mix: None,
        fast: false,
        home_game: false,
        split_board: false,
    };
    let t = chrono::Utc
        .with_ymd_and_hms(2012, 1, 4, 18, 34, 54)
        .unwrap();
    let mut b = HandBuilder::new("PokerStars", 1, "1", game, t);
    let n = 2 + rng.below(9) as usize;
    for s in 0..n {
        let stack = rng.below(400) as Money;
        b.add_player(s as u8 + 1, &format!("p{s}"), stack, rng.chance(10));
    }
    let who = |rng: &mut Rng| rng.below(n as u64) as usize;
    for _ in 0..rng.below(5) {
        let kind = [
            ActionKind::Ante,
            ActionKind::SmallBlind,
            ActionKind::BigBlind,
            ActionKind::DeadSmallBlind,
            ActionKind::BothBlinds,
            ActionKind::Straddle,
            ActionKind::ButtonBlind,
        ][rng.below(7) as usize];
        let p = who(rng);
        b.post(p, kind, rng.below(20) as Money, rng.chance(5));
    }
    let streets = b.hand().street_count() as i8;
    for street in 0..streets {
        b.set_street(street);
        for _ in 0..rng.below(12) {
            let p = who(rng);
            let amount = rng.below(60) as Money;
            let all_in = rng.chance(5);
            match rng.below(11) {
                0 => b.call(p, amount, all_in),
                1 => b.call_to_max(p, all_in),
                2 => b.bet(p, amount, all_in),
                3 => b.raise_to(p, amount, all_in),
                4 => b.raise_by(p, amount, all_in),
                5 => b.complete_to(p, amount, all_in),
                6 => b.bring_in(p, amount, all_in),
                7 => b.check(p),
                8 => b.fold(p),
                9 => {
                    let thrown = rng.cards(3);
                    b.discard(p, thrown.len() as u8, thrown)
                }
                _ => b.stand_pat(p),
            }
        }
        if rng.chance(15) {
            let p = who(rng);
            b.uncalled(p, rng.below(30) as Money);
        }
    }
    for _ in 0..rng.below(4) {
        let p = who(rng);
        b.collect(p, rng.below(300) as Money, 0, 0);
    }
    if rng.chance(5) {
        let p = who(rng);
        b.hand_mut().cash_outs.push(CashOut {
            player: p,
            amount: rng.below(100) as Money,
            fee: 1,
        });
    }
    for p in 0..n {
        if rng.chance(40) {
            let cards = rng.cards(8);
            b.set_cards(p, &cards);
        }
        if rng.chance(20) {
            let draws = (0..rng.below(4)).map(|_| rng.cards(5)).collect();
            b.hand_mut().players[p].draws = draws;
        }
        b.hand_mut().players[p].shown = rng.chance(20);
    }
    if category.base() == Base::Hold {
        let boards = (0..rng.below(3)).map(|_| rng.cards(6)).collect();
        b.hand_mut().boards = boards;
    }
    let h = b.hand_mut();
    h.total_pot = rng.below(500) as Money;
    h.rake = rng.below(10) as Money;
    h.pot_added = if rng.chance(5) { 7 } else { 0 };
    b.finish()
}

/// Corrupts one field the way a buggy parser might.
fn corrupt(rng: &mut Rng, h: &mut Hand) {
    let n = h.players.len();
    match rng.below(9) {
        0 if !h.actions.is_empty() => {
            let i = rng.below(h.actions.len() as u64) as usize;
            h.actions[i].player = n + rng.below(3) as usize;
        }
        1 if !h.actions.is_empty() => {
            let i = rng.below(h.actions.len() as u64) as usize;
            h.actions[i].street = rng.below(9) as i8 - 3;
        }
        2 if !h.actions.is_empty() => {
            let i = rng.below(h.actions.len() as u64) as usize;
            h.actions[i].amount = [-1, i64::MAX, i64::MIN, 1 << 50][rng.below(4) as usize];
        }
        3 if h.actions.len() > 1 => {
            let i = rng.below(h.actions.len() as u64) as usize;
            let j = rng.below(h.actions.len() as u64) as usize;
            h.actions.swap(i, j);
        }
        4 => h.returned.push(Returned {
            street: rng.below(9) as i8 - 3,
            player: rng.below(n as u64 + 2) as usize,
            amount: rng.below(100) as Money - 10,
        }),
        5 => h.collections.push(Collection {
            player: rng.below(n as u64 + 2) as usize,
            amount: [-5, 5, i64::MAX][rng.below(3) as usize],
            pot: 0,
            board: 0,
        }),
        6 => {
            let p = rng.below(n as u64) as usize;
            h.players[p].cards = rng.cards(25);
            h.players[p].draws = (0..rng.below(6)).map(|_| rng.cards(7)).collect();
        }
        7 => {
            h.total_pot = -1;
        }
        _ => {
            let p = rng.below(n as u64) as usize;
            h.players[p].stack = -(rng.below(5) as Money);
        }
    }
}

#[test]
fn random_hands_never_panic() {
    let mut rng = Rng(0x5EED_F00D_1234_5678);
    let (mut ok, mut errors) = (0, 0);
    for i in 0..20_000 {
        let mut h = random_hand(&mut rng);
        if i % 2 == 1 {
            for _ in 0..=rng.below(2) {
                corrupt(&mut rng, &mut h);
            }
        }
        match derive(&h) {
            Ok(rows) => {
                if let Err(e) = fpdb_core::stats::invariants::check(&h, &rows) {
                    panic!("hand {i}: {e}");
                }
                ok += 1;
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                errors += 1;
            }
        }
    }
    // Both outcomes must be exercised for the test to mean anything.
    assert!(ok > 1000 && errors > 1000, "ok {ok}, errors {errors}");
}

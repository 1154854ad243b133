//! The engine against hand-counted match-ups and against a slow evaluator written the obvious way.

use super::*;
use crate::cards::Card;

fn cards(t: &str) -> Vec<Card> {
    Card::parse_all(t).unwrap()
}

fn hands(ts: &[&str]) -> Vec<Vec<Card>> {
    ts.iter().map(|t| cards(t)).collect()
}

/// A fixed-seed generator of numbers below its argument, for random spots.
fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = seed;
    move |m| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % m as u64) as usize
    }
}

/// The obvious evaluator: every five-card subset classified by sorting, best kept.
mod slow {
    use crate::cards::Card;

    /// (category, ranks in comparison order), comparable.
    pub type Value = (u8, Vec<u8>);

    pub fn five(cards: &[Card]) -> Value {
        let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
        let distinct = {
            let mut d = ranks.clone();
            d.dedup();
            d.len() == 5
        };
        let straight_top = if distinct && ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [14, 5, 4, 3, 2] {
            Some(5)
        } else {
            None
        };
        // Groups by (count, rank), largest first.
        let mut groups: Vec<(u8, u8)> = Vec::new();
        for &r in &ranks {
            match groups.iter_mut().find(|g| g.1 == r) {
                Some(g) => g.0 += 1,
                None => groups.push((1, r)),
            }
        }
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let by_groups: Vec<u8> = groups.iter().map(|g| g.1).collect();
        let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
        match (straight_top, flush, shape.as_slice()) {
            (Some(t), true, _) => (8, vec![t]),
            (_, _, [4, 1]) => (7, by_groups),
            (_, _, [3, 2]) => (6, by_groups),
            (_, true, _) => (5, ranks),
            (Some(t), false, _) => (4, vec![t]),
            (_, _, [3, 1, 1]) => (3, by_groups),
            (_, _, [2, 2, 1]) => (2, by_groups),
            (_, _, [2, 1, 1, 1]) => (1, by_groups),
            _ => (0, ranks),
        }
    }

    fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if cur.len() == k {
                out.push(cur.clone());
                return;
            }
            for i in start..n {
                cur.push(i);
                go(i + 1, n, k, cur, out);
                cur.pop();
            }
        }
        go(0, n, k, &mut cur, &mut out);
        out
    }

    pub fn best_holdem(hole: &[Card], board: &[Card]) -> Value {
        let all: Vec<Card> = hole.iter().chain(board).copied().collect();
        subsets(all.len(), 5)
            .into_iter()
            .map(|s| five(&s.iter().map(|&i| all[i]).collect::<Vec<_>>()))
            .max()
            .unwrap()
    }

    pub fn best_omaha(hole: &[Card], board: &[Card]) -> Value {
        let mut best = None;
        for h in subsets(hole.len(), 2) {
            for b in subsets(board.len(), 3) {
                let five_cards: Vec<Card> = h
                    .iter()
                    .map(|&i| hole[i])
                    .chain(b.iter().map(|&i| board[i]))
                    .collect();
                let v = five(&five_cards);
                if best.as_ref().is_none_or(|x| &v > x) {
                    best = Some(v);
                }
            }
        }
        best.unwrap()
    }

    /// 8-or-better low of exactly two hole and three board cards: the five ranks (ace = 1),
    /// highest first, smaller is better; None when no low qualifies.
    pub fn low_omaha(hole: &[Card], board: &[Card]) -> Option<Vec<u8>> {
        let low = |c: &Card| if c.rank() == 14 { 1 } else { c.rank() };
        let mut best: Option<Vec<u8>> = None;
        for h in subsets(hole.len(), 2) {
            for b in subsets(board.len(), 3) {
                let mut r: Vec<u8> = h
                    .iter()
                    .map(|&i| low(&hole[i]))
                    .chain(b.iter().map(|&i| low(&board[i])))
                    .collect();
                r.sort_unstable_by(|a, b| b.cmp(a));
                let mut d = r.clone();
                d.dedup();
                if d.len() == 5 && r[0] <= 8 && best.as_ref().is_none_or(|x| &r < x) {
                    best = Some(r);
                }
            }
        }
        best
    }
}

/// The slow enumeration: every board, every pot shared by its best hands, in exact fractions of
/// [`UNIT`].
fn slow_enumerate(
    rules: Rules,
    hs: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    pots: &[Players],
) -> (u64, Vec<Vec<u64>>) {
    let used: Vec<Card> = hs
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let deck: Vec<Card> = (1..=52)
        .map(|c| Card::from_code(c).unwrap())
        .filter(|c| !used.contains(c))
        .collect();
    let need = 5 - board.len();
    let mut shares = vec![vec![0u64; hs.len()]; pots.len()];
    let mut boards = 0;
    let mut idx: Vec<usize> = (0..need).collect();
    loop {
        let full: Vec<Card> = board
            .iter()
            .copied()
            .chain(idx.iter().map(|&i| deck[i]))
            .collect();
        boards += 1;
        let hi: Vec<slow::Value> = hs
            .iter()
            .map(|h| {
                if rules.omaha {
                    slow::best_omaha(h, &full)
                } else {
                    slow::best_holdem(h, &full)
                }
            })
            .collect();
        let lo: Vec<Option<Vec<u8>>> = hs
            .iter()
            .map(|h| {
                if rules.hi_lo {
                    slow::low_omaha(h, &full)
                } else {
                    None
                }
            })
            .collect();
        for (pot, &mask) in pots.iter().enumerate() {
            let ps: Vec<usize> = (0..hs.len()).filter(|p| mask & (1 << p) != 0).collect();
            let best = ps.iter().map(|&p| &hi[p]).max().unwrap();
            let hw: Vec<usize> = ps.iter().copied().filter(|&p| &hi[p] == best).collect();
            let best_lo = ps.iter().filter_map(|&p| lo[p].as_ref()).min();
            match best_lo {
                None => hw
                    .iter()
                    .for_each(|&p| shares[pot][p] += UNIT / hw.len() as u64),
                Some(b) => {
                    let lw: Vec<usize> = ps
                        .iter()
                        .copied()
                        .filter(|&p| lo[p].as_ref() == Some(b))
                        .collect();
                    hw.iter()
                        .for_each(|&p| shares[pot][p] += UNIT / 2 / hw.len() as u64);
                    lw.iter()
                        .for_each(|&p| shares[pot][p] += UNIT / 2 / lw.len() as u64);
                }
            }
        }
        // Next combination of `need` indices out of the deck.
        let mut i = need;
        loop {
            if i == 0 {
                return (boards, shares);
            }
            i -= 1;
            if idx[i] < deck.len() - need + i {
                idx[i] += 1;
                for j in i + 1..need {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

#[test]
fn evaluator_agrees_with_the_slow_one_on_random_hands() {
    let e = evaluator();
    let mut rng = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for n in [5usize, 7] {
        let mut prev: Option<(slow::Value, HandValue)> = None;
        for _ in 0..20_000 {
            let mut deck: Vec<u8> = (0..52).collect();
            let mut hand = Vec::new();
            for _ in 0..n {
                let i = (next() % deck.len() as u64) as usize;
                hand.push(deck.swap_remove(i));
            }
            let set = hand
                .iter()
                .fold(eval::CardSet::HAND, |s, &c| s.union(eval::CardSet::card(c)));
            let fast = e.value(set);
            let cs: Vec<Card> = hand
                .iter()
                .map(|&c| Card::from_code(i64::from(c) + 1).unwrap())
                .collect();
            let slow = slow::best_holdem(&cs[..2], &cs[2..]);
            if let Some((ps, pf)) = &prev {
                assert_eq!(ps.cmp(&slow), pf.cmp(&fast), "{cs:?}");
            }
            assert_eq!(eval::category(fast), usize::from(slow.0), "{cs:?}");
            prev = Some((slow, fast));
        }
    }
}

/// AA against KK before the flop, one suit in common (AhAs against KhKd): the classic 81.95% /
/// 18.05% over the 1,712,304 boards. The counts are those of an independent evaluator (eval7,
/// counted once by a script when this test was written); with no suit in common (AhAd against
/// KcKs) the aces have 81.26%, with two (AhAs against KhKs) 82.64%.
#[test]
fn aces_against_kings_before_the_flop() {
    let o = equity(Rules::HOLDEM, &hands(&["Ah As", "Kh Kd"]), &[], &[]).unwrap();
    assert_eq!(o.boards, 1_712_304);
    assert_eq!(o.wins, vec![1_399_204, 305_177]);
    assert_eq!(o.ties, vec![7_923, 7_923]);
    assert_eq!(o.shares[0][0] + o.shares[0][1], o.total());
    assert_eq!(format!("{:.2}", 100.0 * o.equity(0, 0)), "81.95");
    assert_eq!(format!("{:.2}", 100.0 * o.equity(0, 1)), "18.05");

    let o = equity(Rules::HOLDEM, &hands(&["Ah Ad", "Kc Ks"]), &[], &[]).unwrap();
    assert_eq!(
        (o.wins[0], o.wins[1], o.ties[0]),
        (1_388_072, 317_694, 6_538)
    );
    let o = equity(Rules::HOLDEM, &hands(&["Ah As", "Kh Ks"]), &[], &[]).unwrap();
    assert_eq!(
        (o.wins[0], o.wins[1], o.ties[0]),
        (1_410_336, 292_660, 9_308)
    );
}

/// A literal coin flip on the flop: AhKh against AsKs on Qh Js 2d. Each wins only with two more
/// cards of his suit (10 left of each: C(10,2) = 45 boards; a flush beats the broadway both make
/// with a ten); the other 990 − 90 = 900 boards tie.
#[test]
fn flop_coin_flip() {
    let o = equity(
        Rules::HOLDEM,
        &hands(&["Ah Kh", "As Ks"]),
        &cards("Qh Js 2d"),
        &[],
    )
    .unwrap();
    assert_eq!(o.boards, 990);
    assert_eq!(o.wins, vec![45, 45]);
    assert_eq!(o.ties, vec![900, 900]);
    assert_eq!(o.equity(0, 0), 0.5);
}

/// Overcards against an overpair on a dry flop: AhKd against QsQc on 2h 7c 9d. No straight or
/// flush can come; any queen (87 boards with one) gives the queens a set; otherwise the ace-king
/// wins exactly when an ace or a king comes: 15 boards with two of the six, 6 × 37 with one.
#[test]
fn overcards_against_an_overpair_on_the_flop() {
    let o = equity(
        Rules::HOLDEM,
        &hands(&["Ah Kd", "Qs Qc"]),
        &cards("2h 7c 9d"),
        &[],
    )
    .unwrap();
    assert_eq!(o.boards, 990);
    assert_eq!(o.wins, vec![15 + 6 * 37, 87 + 666]);
    assert_eq!(o.ties, vec![0, 0]);
}

/// Three-way omaha hi/lo on the turn Kd Kh 2c 3s: KsKcQdQc holds quads (no flush or straight
/// flush can come), AsTd4d9s and AdTc4h9h the same A-4 low. A 5, 6, 7 or 8 on the river (16 of
/// 36 cards) makes their low: the quads take half, the two lows a quarter each; any other river
/// and the quads scoop.
#[test]
fn three_way_omaha_hi_lo_quartered() {
    let hs = hands(&["As Td 4d 9s", "Ad Tc 4h 9h", "Ks Kc Qd Qc"]);
    let o = equity(Rules::omaha(4, true), &hs, &cards("Kd Kh 2c 3s"), &[]).unwrap();
    assert_eq!(o.boards, 36);
    assert_eq!(
        o.shares[0],
        vec![16 * UNIT / 4, 16 * UNIT / 4, 20 * UNIT + 16 * UNIT / 2]
    );
    assert_eq!(o.wins, vec![0, 0, 20]);
    assert_eq!(o.ties, vec![16, 16, 16]);
    // The same spot priced by the slow enumeration.
    let (boards, shares) = slow_enumerate(
        Rules::omaha(4, true),
        &hs,
        &cards("Kd Kh 2c 3s"),
        &[],
        &[0b111],
    );
    assert_eq!((boards, shares), (o.boards, o.shares));
}

#[test]
fn dead_cards_leave_the_deck() {
    let hs = hands(&["Ah Kh", "As Ks"]);
    // With three hearts dead, the hearts can make a flush on C(7,2) = 21 boards only.
    let dead = cards("2h 3h 4h");
    let o = equity(Rules::HOLDEM, &hs, &cards("Qh Js 2d"), &dead).unwrap();
    assert_eq!(o.boards, 42 * 41 / 2);
    assert_eq!(o.wins[0], 21);
    assert_eq!(o.wins[1], 45);
}

#[test]
fn errors_name_the_problem() {
    let hs = hands(&["Ah Kh", "Ah Ks"]);
    assert_eq!(
        equity(Rules::HOLDEM, &hs, &[], &[]).unwrap_err(),
        EquityError::Duplicate(Card::parse("Ah").unwrap())
    );
    assert!(matches!(
        equity(Rules::HOLDEM, &hands(&["Ah Kh"]), &[], &[]),
        Err(EquityError::Players(1))
    ));
    assert!(matches!(
        equity(
            Rules::omaha(4, false),
            &hands(&["Ah Kh", "As Ks"]),
            &[],
            &[]
        ),
        Err(EquityError::HoleCards { expected: 4, .. })
    ));
    assert!(matches!(
        equity(Rules::HOLDEM, &hands(&["Ah xx", "As Ks"]), &[], &[]),
        Err(EquityError::Unknown(_))
    ));
    assert!(matches!(
        enumerate(
            Rules::HOLDEM,
            &hands(&["Ah Kh", "As Ks"]),
            &[],
            &[],
            &[0b100]
        ),
        Err(EquityError::Pot { pot: 0, .. })
    ));
}

/// Random spots of every game, priced by the engine and by the slow enumeration, side pots
/// included.
#[test]
fn engine_agrees_with_the_slow_enumeration() {
    let mut next = xorshift(0x0dd_ba11_u64);
    let games = [
        (Rules::HOLDEM, 4),
        (Rules::HOLDEM, 5),
        (Rules::omaha(4, false), 4),
        (Rules::omaha(4, true), 4),
        (Rules::omaha(5, true), 4),
        (Rules::omaha(6, false), 5),
        (Rules::omaha(6, true), 5),
        (Rules::HOLDEM, 3),
    ];
    for (round, &(rules, board_len)) in games.iter().cycle().take(48).enumerate() {
        let n = 2 + next(3);
        let mut deck: Vec<Card> = (1..=52).map(|c| Card::from_code(c).unwrap()).collect();
        let mut draw = |k: usize| -> Vec<Card> {
            (0..k).map(|_| deck.swap_remove(next(deck.len()))).collect()
        };
        let hs: Vec<Vec<Card>> = (0..n).map(|_| draw(rules.hole)).collect();
        let board = draw(board_len);
        let dead = draw(round % 3);
        // The field, and a side pot of the last players.
        let all: Players = (1 << n) - 1;
        let pots = [all, all & !1];
        let fast = enumerate(rules, &hs, &board, &dead, &pots).unwrap();
        let (boards, shares) = slow_enumerate(rules, &hs, &board, &dead, &pots);
        assert_eq!(
            (fast.boards, &fast.shares),
            (boards, &shares),
            "{rules:?} {hs:?} {board:?} {dead:?}"
        );
        for s in &fast.shares {
            assert_eq!(s.iter().sum::<u64>(), fast.total());
        }
    }
}

/// Hold'em high counted by classes of boards (ranks, then the flush boards of each suit) gives
/// exactly the counts of dealing every board: random spots before the flop, on the flop, turn
/// and river, two to six players, dead cards, side pots of random contenders; some spots drawn
/// mostly from one suit (flush boards), some from few ranks (full houses against flushes).
/// 40 spots in a debug build, 240 in a release build (CI).
#[test]
fn holdem_by_classes_equals_every_board_dealt() {
    let mut next = xorshift(0x5eed_cafe_u64);
    let spots = if cfg!(debug_assertions) { 40 } else { 240 };
    for round in 0..spots {
        let n = 2 + next(5);
        let board_len = [0, 0, 3, 4, 5][round % 5];
        let mut deck: Vec<Card> = (1..=52).map(|c| Card::from_code(c).unwrap()).collect();
        let mode = round % 4;
        let suit = ((round / 4) % 4) as u8;
        match mode {
            // Mostly one suit.
            1 => deck.sort_by_key(|c| (c.code() - 1) / 13 != suit),
            // Mostly a few ranks, in every suit.
            2 => deck.sort_by_key(|c| ((c.code() - 1) % 13 + 13 - suit * 3) % 13),
            _ => {}
        }
        let mut draw = |k: usize| -> Vec<Card> {
            let span = match mode {
                1 => 16,
                2 => 24,
                _ => deck.len(),
            };
            (0..k)
                .map(|_| deck.remove(next(span.min(deck.len()))))
                .collect()
        };
        let hs: Vec<Vec<Card>> = (0..n).map(|_| draw(2)).collect();
        let board = draw(board_len);
        let dead = draw(round % 3);
        let all: Players = (1 << n) - 1;
        let pots = [all, all & !1, 1 + next(all as usize) as Players];
        let fast = enumerate(Rules::HOLDEM, &hs, &board, &dead, &pots).unwrap();
        let dealt = super::holdem_dealt(&hs, &board, &dead, &pots);
        assert_eq!(fast, dealt, "{hs:?} {board:?} {dead:?} {pots:?}");
    }
}

/// Omaha counted by classes of boards (ranks, then the flush boards of each suit a player holds
/// two of) gives exactly the counts of dealing every board: random spots of 4, 5 and 6 cards,
/// high and hi/lo, before the flop (a few: dealing every board is slow), with courchevel's first
/// card, on the flop and the turn, two to four players, dead cards, side pots, suited hands.
#[test]
fn omaha_by_classes_equals_every_board_dealt() {
    let mut next = xorshift(0x0ac0_ffee_u64);
    let games = [
        Rules::omaha(4, false),
        Rules::omaha(4, true),
        Rules::omaha(5, false),
        Rules::omaha(5, true),
        Rules::omaha(6, false),
        Rules::omaha(6, true),
    ];
    for round in 0..36 {
        let rules = games[round % games.len()];
        let n = 2 + next(3);
        // Before the flop only for two players with dead cards (the oracle deals ~10^6 boards).
        let board_len = match round % 6 {
            0 if round < 12 => 0,
            1 | 2 => 1,
            3 | 4 => 3,
            _ => 4,
        };
        let n = if board_len == 0 { 2 } else { n };
        let mut deck: Vec<Card> = (1..=52).map(|c| Card::from_code(c).unwrap()).collect();
        // Half the spots drawn from mostly one suit: double-suited hands and flush boards.
        let suited = round % 2 == 1;
        if suited {
            deck.sort_by_key(|c| (c.code() - 1) / 13 != (round % 4) as u8);
        }
        let mut draw = |k: usize| -> Vec<Card> {
            let span = if suited { 20 } else { deck.len() };
            (0..k)
                .map(|_| deck.remove(next(span.min(deck.len()))))
                .collect()
        };
        let hs: Vec<Vec<Card>> = (0..n).map(|_| draw(rules.hole)).collect();
        let board = draw(board_len);
        let dead = draw(if board_len == 0 { 4 } else { round % 3 });
        let all: Players = (1 << n) - 1;
        let pots = [all, all & !1];
        let fast = enumerate(rules, &hs, &board, &dead, &pots).unwrap();
        let dealt = super::omaha_dealt(rules, &hs, &board, &dead, &pots);
        assert_eq!(fast, dealt, "{rules:?} {hs:?} {board:?} {dead:?}");
    }
}

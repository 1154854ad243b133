//! Equity engine benchmark: `cargo bench -p fpdb-core --bench equity`.
//!
//! - holdem_preflop_heads_up: AhAs against KhKd, every one of the 1,712,304 boards (target: under
//!   50 ms on one core);
//! - holdem_preflop_three_way, holdem_flop_heads_up: more players, fewer boards;
//! - omaha_preflop_heads_up, omaha_hilo_flop_three_way: the omaha enumerations (two hole cards and
//!   three board cards of every combination on every board).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fpdb_core::cards::Card;
use fpdb_core::equity::{equity, eval::evaluator, Rules};

fn cards(t: &str) -> Vec<Card> {
    Card::parse_all(t).unwrap()
}

fn hands(ts: &[&str]) -> Vec<Vec<Card>> {
    ts.iter().map(|t| cards(t)).collect()
}

/// A benchmark's name, game, hole cards and known board.
type Spot = (&'static str, Rules, Vec<Vec<Card>>, Vec<Card>);

fn bench(c: &mut Criterion) {
    evaluator();
    let mut g = c.benchmark_group("equity");
    g.sample_size(20);
    let spots: [Spot; 5] = [
        (
            "holdem_preflop_heads_up",
            Rules::HOLDEM,
            hands(&["Ah As", "Kh Kd"]),
            vec![],
        ),
        (
            "holdem_preflop_three_way",
            Rules::HOLDEM,
            hands(&["Ah As", "Kh Kd", "7c 8c"]),
            vec![],
        ),
        (
            "holdem_flop_heads_up",
            Rules::HOLDEM,
            hands(&["Ah Kh", "Qs Qc"]),
            cards("2h 7c 9d"),
        ),
        (
            "omaha_preflop_heads_up",
            Rules::omaha(4, false),
            hands(&["Ah As Kd Qd", "Jc Tc 9h 8h"]),
            vec![],
        ),
        (
            "omaha_hilo_flop_three_way",
            Rules::omaha(4, true),
            hands(&["Ah 2s Kd Qd", "Ac 3c 9h 8h", "Ks Kc 5d 6s"]),
            cards("4h 7d Tc"),
        ),
    ];
    for (name, rules, hs, board) in &spots {
        g.bench_function(*name, |b| {
            b.iter(|| equity(*rules, black_box(hs), black_box(board), &[]).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! `fpdb-allin-bench [--count 100000] [--seed 1]`
//!
//! What all-in EV costs an import of generated PokerStars histories: every hand is parsed (not
//! timed) and derived (`fpdb_core::stats::derive`, timed per hand); the hands are grouped by the
//! all-in that fixes their outcome ([`fpdb_core::stats::allin::find`]): none, before the flop
//! heads-up, before the flop three or more players, on a later street. Prints one line per group
//! (hands, derive seconds, milliseconds per hand) and the share of the derive time spent on hands
//! with an all-in before the flop, whose equity enumerates every board.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use fpdb_gen::{generate_with, Options};

fn main() -> ExitCode {
    let mut count = 100_000usize;
    let mut seed = 1u64;
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().and_then(|v| v.parse::<u64>().ok());
        match (k.as_str(), v) {
            ("--count", Some(v)) => count = v as usize,
            ("--seed", Some(v)) => seed = v,
            _ => {
                eprintln!("usage: fpdb-allin-bench [--count N] [--seed N]");
                return ExitCode::from(2);
            }
        }
    }
    let mut buf = Vec::with_capacity(count * 1300);
    generate_with(&Options::new(seed), count, &mut buf).expect("writing to memory cannot fail");
    let text = String::from_utf8(buf).expect("the generator writes UTF-8");
    let mut groups: BTreeMap<&'static str, (usize, f64)> = BTreeMap::new();
    let mut priced = 0usize;
    for h in fpdb_core::parse_history(&text).flatten() {
        let group = match fpdb_core::stats::allin::find(&h) {
            None => "1 no all-in",
            Some(a) if a.street > 0 => "4 all-in after the flop is dealt",
            Some(a) if a.contenders.len() == 2 => "2 all-in before the flop, heads-up",
            Some(_) => "3 all-in before the flop, 3+ players",
        };
        let start = Instant::now();
        let Ok(rows) = fpdb_core::stats::derive(&h) else {
            continue;
        };
        let took = start.elapsed().as_secs_f64();
        priced += usize::from(rows.players.iter().any(|r| r.all_in_ev != r.total_profit));
        let g = groups.entry(group).or_default();
        g.0 += 1;
        g.1 += took;
    }
    let total: f64 = groups.values().map(|g| g.1).sum();
    let preflop: f64 = groups
        .iter()
        .filter(|(k, _)| k.contains("before the flop"))
        .map(|(_, g)| g.1)
        .sum();
    println!("input: {count} generated hands (seed {seed}); {priced} with an all-in EV unlike the profit");
    for (name, (hands, secs)) in &groups {
        println!(
            "{:<40} {hands:>7} hands {secs:>9.3} s {:>10.3} ms/hand",
            &name[2..],
            secs * 1000.0 / (*hands).max(1) as f64
        );
    }
    println!(
        "derive total {total:.3} s; all-ins before the flop {preflop:.3} s ({:.1} %)",
        100.0 * preflop / total.max(1e-9)
    );
    ExitCode::SUCCESS
}

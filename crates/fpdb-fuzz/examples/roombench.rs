//! Throughput of each room's parser on its corpus hands (split + parse), best of runs, and of
//! the split alone.
//!
//! `roombench [RUNS] [ROOM]`: RUNS defaults to 5; ROOM (a target name such as `merge`) measures
//! that room only.
use std::time::Instant;

use fpdb_fuzz::corpus::{seeds, ROOM_DIRS};

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let only = std::env::args().nth(2);
    let seeds = seeds();
    for (room, (name, _)) in ROOM_DIRS.iter().enumerate() {
        if only.as_deref().is_some_and(|o| o != *name) {
            continue;
        }
        let mut text = String::new();
        for h in &seeds.rooms[room].hands {
            text.push_str(&String::from_utf8_lossy(h));
            text.push_str("\n\n");
        }
        // Repeat to about 20 MB.
        let reps = (20_000_000 / text.len().max(1)).max(1);
        let big = text.repeat(reps);
        let mut best = f64::MAX;
        let mut n = 0;
        for _ in 0..runs {
            let t = Instant::now();
            n = 0;
            for r in fpdb_core::parse_history(&big) {
                std::hint::black_box(&r);
                n += 1;
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        // The split alone (finding where hands start and end), for comparison.
        let mut split = f64::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            std::hint::black_box(fpdb_core::split::chunks(&big).count());
            split = split.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{name:12} {n:8} hands  {:10.0} hands/s  {:7.1} MB/s  (split alone {:7.1} MB/s)",
            n as f64 / best,
            big.len() as f64 / best / 1e6,
            big.len() as f64 / split / 1e6
        );
    }
}

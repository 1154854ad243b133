//! `fpdb-parse-bench [--count 100000] [--seed 42] [--runs 5] [--mix default|cash|tour|...]`
//!
//! The parser's single-threaded throughput on generated PokerStars histories: the text is
//! generated in memory first (not timed), then each measurement runs `--runs` times and the best
//! and the median are printed, in hands/s and MB/s of history text:
//!
//! - normalise: `fpdb_core::split::normalise` (an import's look at the whole text for line ends
//!   and characters to replace, before it splits it);
//! - decode a file: `fpdb_core::stream::TextStream` over the text's bytes in blocks of 1 MB (what
//!   `import_file` does to a UTF-8 file before it splits it);
//! - split: `fpdb_core::split::chunks` alone (finding the hands);
//! - split + parse: `fpdb_core::parse_history` (what an import reads);
//! - split + parse + unpriced: the same, then `fpdb_core::stats::derive_unpriced` on every hand
//!   (an import's first pass: every statistic but the all-in's equity);
//! - split + parse + derive: the same with `fpdb_core::stats::derive`, which also prices each
//!   all-in (what an import computes before writing rows).
//!
//! Every hand must parse and derive without error; the error counts are printed and the program
//! exits with status 1 when one is not 0.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fpdb_gen::{generate_with, Mix, Options};

const USAGE: &str =
    "usage: fpdb-parse-bench [--count N] [--seed N] [--runs N] [--mix default|cash|tour|nlhe|lhe|plo|NAME=W,...]";

struct Args {
    count: usize,
    seed: u64,
    runs: usize,
    mix: Mix,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        count: 100_000,
        seed: 42,
        runs: 5,
        mix: Mix::DEFAULT,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        if k == "-h" || k == "--help" {
            return Err(String::new());
        }
        let v = it.next().ok_or_else(|| format!("{k} needs a value"))?;
        let num = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("`{v}` is not a number"))
        };
        match k.as_str() {
            "--count" => a.count = num(&v)? as usize,
            "--seed" => a.seed = num(&v)?,
            "--runs" => a.runs = (num(&v)? as usize).max(1),
            "--mix" => a.mix = v.parse()?,
            _ => return Err(format!("unknown argument `{k}`")),
        }
    }
    Ok(a)
}

/// "Intel(R) Xeon(R) ..." from /proc/cpuinfo, and the number of processors it lists.
fn machine() -> (String, usize) {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')))
        .map(|(_, m)| m.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".to_string());
    let listed = info.lines().filter(|l| l.starts_with("processor")).count();
    let cores = std::thread::available_parallelism().map_or(listed, |n| n.get());
    (model, cores)
}

/// Runs `f` `runs` times; returns the best and the median time and the last result.
fn measure<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Duration, T) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let r = f();
        times.push(start.elapsed());
        last = Some(r);
    }
    times.sort();
    let result = last.expect("at least one run");
    (times[0], times[times.len() / 2], result)
}

/// Parses every hand of `text` and derives its rows by `derive`: (hands derived, errors).
fn derive_all<E>(
    text: &str,
    derive: impl Fn(&fpdb_core::model::Hand) -> Result<fpdb_core::stats::HandRows, E>,
) -> (usize, usize) {
    let (mut ok, mut err) = (0usize, 0usize);
    for h in fpdb_core::parse_history(black_box(text)).flatten() {
        match derive(&h) {
            Ok(rows) => {
                black_box(&rows);
                ok += 1;
            }
            Err(_) => err += 1,
        }
    }
    (ok, err)
}

fn report(what: &str, hands: usize, bytes: usize, best: Duration, median: Duration) {
    let rate = |d: Duration| {
        let s = d.as_secs_f64().max(1e-9);
        (hands as f64 / s, bytes as f64 / s / 1e6)
    };
    let (bh, bm) = rate(best);
    let (mh, mm) = rate(median);
    println!(
        "{what:<26} best {:>9.0} hands/s {:>7.1} MB/s ({:.3} s)   median {:>9.0} hands/s {:>7.1} MB/s ({:.3} s)",
        bh,
        bm,
        best.as_secs_f64(),
        mh,
        mm,
        median.as_secs_f64()
    );
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("fpdb-parse-bench: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut opts = Options::new(a.seed);
    opts.mix = a.mix;
    let start = Instant::now();
    let mut buf = Vec::with_capacity(a.count * 1300);
    generate_with(&opts, a.count, &mut buf).expect("writing to memory cannot fail");
    let text = String::from_utf8(buf).expect("the generator writes UTF-8");
    let generated = start.elapsed();
    let bytes = text.len();

    let (model, cores) = machine();
    println!("machine: {model}, {cores} cores (measured on one thread)");
    println!(
        "input: {} generated hands (seed {}, mix {:?}), {:.1} MB, generated in {:.2} s; {} runs each",
        a.count,
        a.seed,
        a.mix.weights,
        bytes as f64 / 1e6,
        generated.as_secs_f64(),
        a.runs
    );

    let (best, median, normalised) = measure(a.runs, || {
        fpdb_core::split::normalise(black_box(&text)).len()
    });
    report("normalise", a.count, normalised, best, median);

    let (best, median, streamed) = measure(a.runs, || {
        let mut stream = fpdb_core::stream::TextStream::new(fpdb_core::decode::Encoding::Utf8);
        let mut out = String::new();
        let mut n = 0;
        let blocks: Vec<&[u8]> = text.as_bytes().chunks(1 << 20).collect();
        for (i, block) in blocks.iter().enumerate() {
            out.clear();
            stream.push(black_box(block), i + 1 == blocks.len(), &mut out);
            n += out.len();
        }
        n
    });
    report("decode a file", a.count, streamed, best, median);

    let (best, median, chunks) = measure(a.runs, || {
        fpdb_core::split::chunks(black_box(&text)).count()
    });
    report("split", chunks, bytes, best, median);

    let (best, median, (hands, errors)) = measure(a.runs, || {
        let (mut ok, mut err) = (0usize, 0usize);
        for r in fpdb_core::parse_history(black_box(&text)) {
            match r {
                Ok(h) => {
                    black_box(&h);
                    ok += 1;
                }
                Err(_) => err += 1,
            }
        }
        (ok, err)
    });
    report("split + parse", hands + errors, bytes, best, median);

    let (best, median, (unpriced, unpriced_errors)) = measure(a.runs, || {
        derive_all(&text, fpdb_core::stats::derive_unpriced)
    });
    report(
        "split + parse + unpriced",
        unpriced + unpriced_errors,
        bytes,
        best,
        median,
    );

    let (best, median, (derived, derive_errors)) =
        measure(a.runs, || derive_all(&text, fpdb_core::stats::derive));
    report(
        "split + parse + derive",
        derived + derive_errors,
        bytes,
        best,
        median,
    );

    println!(
        "hands: {} generated, {chunks} found by split, {hands} parsed, {derived} derived; errors: parse {errors}, derive {derive_errors}",
        a.count
    );
    if errors > 0 || derive_errors > 0 || unpriced_errors > 0 || hands != a.count {
        eprintln!("fpdb-parse-bench: some hands were not read");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

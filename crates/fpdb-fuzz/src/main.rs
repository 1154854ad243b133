//! `fpdb-fuzz`: long fuzzing runs and crash replays (CI runs a short budget as a cargo test).
//!
//! ```text
//! fpdb-fuzz [--target NAME|all] [--execs N] [--seconds S] [--seed S] [--first N] [--jobs J] [--crash-dir DIR]
//! fpdb-fuzz --target NAME --replay FILE      run one saved input and print the outcome
//! fpdb-fuzz --target NAME --seed S --dump N  write input number N to stdout
//! fpdb-fuzz --list                            the target names
//! ```
//! Exit status 1 when any input crashed.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use fpdb_fuzz::{corpus, input_for, kind_of, run, run_input, target_names, Config};

fn usage() -> ! {
    eprintln!(
        "usage: fpdb-fuzz [--target NAME|all] [--execs N] [--seconds S] [--seed S] [--first N] [--jobs J] [--crash-dir DIR]\n       \
         fpdb-fuzz --target NAME --replay FILE | --dump N\n       fpdb-fuzz --list\ntargets: {}",
        target_names().join(", ")
    );
    std::process::exit(2)
}

fn main() {
    let mut target = "all".to_string();
    let mut config = Config {
        seed: 1,
        execs: 100_000,
        first: 0,
        max_time: None,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        crash_dir: PathBuf::from("target/fuzz-crashes"),
    };
    let mut replay: Option<PathBuf> = None;
    let mut dump: Option<u64> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let number = |v: String| {
            v.replace('_', "")
                .parse::<u64>()
                .unwrap_or_else(|_| usage())
        };
        match a.as_str() {
            "--target" => target = value(),
            "--execs" => config.execs = number(value()),
            "--seconds" => config.max_time = Some(Duration::from_secs(number(value()))),
            "--seed" => config.seed = number(value()),
            "--first" => config.first = number(value()),
            "--jobs" => config.jobs = number(value()) as usize,
            "--crash-dir" => config.crash_dir = PathBuf::from(value()),
            "--replay" => replay = Some(PathBuf::from(value())),
            "--dump" => dump = Some(number(value())),
            "--list" => {
                println!("{}", target_names().join("\n"));
                return;
            }
            _ => usage(),
        }
    }
    if let Some(file) = replay {
        let kind = kind_of(&target).unwrap_or_else(|| usage());
        let input = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        match run_input(kind, &input) {
            Ok(reach) => println!("ok: {reach:?}"),
            Err(what) => {
                println!("{what}");
                std::process::exit(1);
            }
        }
        return;
    }
    if let Some(n) = dump {
        let kind = kind_of(&target).unwrap_or_else(|| usage());
        let input = input_for(corpus::seeds(), kind, config.seed, &target, n);
        std::io::stdout().write_all(&input).expect("stdout");
        return;
    }
    let targets: Vec<String> = if target == "all" {
        target_names().into_iter().map(String::from).collect()
    } else if kind_of(&target).is_some() {
        vec![target]
    } else {
        usage()
    };
    eprintln!("seeds from {}", corpus::corpus_dir().display());
    let mut crashed = false;
    for t in &targets {
        let report = run(t, &config);
        println!("{}", report.summary());
        for c in &report.crashes {
            println!(
                "  CRASH exec {} saved to {}: {}",
                c.exec,
                c.file.display(),
                c.what.replace('\n', " | ")
            );
        }
        crashed |= report.crashes.len() as u64 + report.more_crashes > 0;
    }
    if crashed {
        std::process::exit(1);
    }
}

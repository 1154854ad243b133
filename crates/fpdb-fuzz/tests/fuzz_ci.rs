//! The fuzz tier of the test command: every target for a fixed budget of executions.
//!
//! The budget (`FPDB_FUZZ_EXECS`; by default 1,000,000 inputs for the PokerStars parser and
//! 100,000 for every other target) keeps the tier to a few minutes on two cores in release mode; the inputs are the same on every run (`FPDB_FUZZ_SEED`, default
//! 1), so a failure here is reproducible with the command it prints. Long runs use the
//! `fpdb-fuzz` binary (see the README, "Reliability").
//!
//! Inputs that once crashed are kept under `regressions/TARGET/` and replayed first.

use std::path::{Path, PathBuf};

use fpdb_fuzz::{catch, kind_of, run, run_input, Config};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

fn crash_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-crashes")
}

/// The budget of a target when `FPDB_FUZZ_EXECS` is not set: a million PokerStars inputs (the
/// room of most hand histories, and the parser the other rooms' PokerStars-format files go
/// through), 100,000 for every other target.
fn default_execs(target: &str) -> u64 {
    if target == "stars" {
        1_000_000
    } else {
        100_000
    }
}

/// One in how many mutated inputs must still parse. Unibet prints every amount twice (the
/// actions and the summary's `bet .. and won ..`, which the parser checks), and its corpus is
/// one hand: a mutated amount is refused more often than in other rooms' histories. Betfair's
/// corpus is one hand of fifty lines, all in on the river with two pots (26% parse at seed 1).
/// Two of Enet's four corpus hands are refused by design (the room's awards leave a side pot
/// out), so mutations of those never parse: about one input in six does (17,920 of 100,000).
fn parse_share(target: &str) -> u64 {
    match target {
        "unibet" | "betfair" => 5,
        "enet" => 8,
        _ => 4,
    }
}

/// Replays the saved inputs of `target`, then runs the budget; fails on any crash.
fn fuzz(target: &str) {
    let kind = kind_of(target).expect("a target");
    let regressions = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("regressions")
        .join(target);
    if let Ok(entries) = std::fs::read_dir(&regressions) {
        let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let input = std::fs::read(&f).unwrap();
            if let Err(what) = run_input(kind, &input) {
                panic!("regression input {} crashes again: {what}", f.display());
            }
        }
    }
    let config = Config {
        seed: env_u64("FPDB_FUZZ_SEED", 1),
        execs: env_u64("FPDB_FUZZ_EXECS", default_execs(target)),
        first: 0,
        max_time: None,
        jobs: 1, // the test harness already runs two targets at once
        crash_dir: crash_dir(),
    };
    let report = run(target, &config);
    println!("{}", report.summary());
    if !report.crashes.is_empty() {
        let list: Vec<String> = report
            .crashes
            .iter()
            .map(|c| {
                format!(
                    "  exec {}: {}\n    replay: cargo run --release -p fpdb-fuzz -- --target {target} --replay {}",
                    c.exec,
                    c.what,
                    c.file.display()
                )
            })
            .collect();
        panic!(
            "{} crashing inputs ({} more of the same kinds):\n{}",
            report.crashes.len(),
            report.more_crashes,
            list.join("\n")
        );
    }
    // A fuzzer whose inputs never parse tests only the first line of each parser.
    if kind != fpdb_fuzz::Kind::Split {
        assert!(
            report.reach.hands * parse_share(target) > report.execs,
            "too few mutated inputs parse: {}",
            report.summary()
        );
        assert!(
            report.reach.parse_errors * 10 > report.execs,
            "too few inputs fail: {}",
            report.summary()
        );
    }
    if kind == fpdb_fuzz::Kind::Stats {
        assert!(
            report.reach.rows * 4 > report.execs,
            "too few hands reach the statistics: {}",
            report.summary()
        );
    }
}

macro_rules! targets {
    ($($test:ident => $name:literal,)*) => {
        $(
            #[test]
            fn $test() {
                fuzz($name);
            }
        )*
    };
}

targets! {
    fuzz_split => "split",
    fuzz_stars => "stars",
    fuzz_ggpoker => "ggpoker",
    fuzz_888poker => "888poker",
    fuzz_ipoker => "ipoker",
    fuzz_winamax => "winamax",
    fuzz_partypoker => "partypoker",
    fuzz_winning => "winning",
    fuzz_bovada => "bovada",
    fuzz_betonline => "betonline",
    fuzz_sealswithclubs => "sealswithclubs",
    fuzz_fulltilt => "fulltilt",
    fuzz_ongame => "ongame",
    fuzz_cake => "cake",
    fuzz_entraction => "entraction",
    fuzz_enet => "enet",
    fuzz_unibet => "unibet",
    fuzz_kingsclub => "kingsclub",
    fuzz_merge => "merge",
    fuzz_microgaming => "microgaming",
    fuzz_pokertracker => "pokertracker",
    fuzz_thebiggame => "thebiggame",
    fuzz_pkr => "pkr",
    fuzz_everest => "everest",
    fuzz_betfair => "betfair",
    fuzz_absolute => "absolute",
    fuzz_everleaf => "everleaf",
    fuzz_boss => "boss",
    fuzz_stats => "stats",
}

/// The runner itself: a panic is caught with its message and location, and the input is saved.
#[test]
fn a_panic_is_caught_and_reported() {
    let r = catch(|| panic!("planted {}", 42));
    let what = r.expect_err("the panic must be caught");
    assert!(
        what.starts_with("panic: ") && what.contains("planted 42") && what.contains("fuzz_ci.rs"),
        "{what}"
    );
    let r = catch(|| Err("broken promise".into()));
    assert_eq!(r.unwrap_err(), "violation: broken promise");
}

/// Every target name is known and the same input is built for the same execution number.
#[test]
fn inputs_are_deterministic() {
    let seeds = fpdb_fuzz::corpus::seeds();
    for t in fpdb_fuzz::target_names() {
        let k = kind_of(t).unwrap();
        assert_eq!(
            fpdb_fuzz::input_for(seeds, k, 9, t, 123),
            fpdb_fuzz::input_for(seeds, k, 9, t, 123)
        );
    }
}

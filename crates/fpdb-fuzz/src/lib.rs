//! fpdb-fuzz: an in-process, deterministic mutation fuzzer of fpdb-core.
//!
//! Why not `cargo fuzz`: libFuzzer needs a nightly compiler for its sanitizer flags (only stable
//! Rust exists on the project's machines), an extra tool to install on every CI machine, and it
//! is not deterministic, so a CI run could fail on an input no one can rebuild. This fuzzer is a
//! plain crate: seeded with the real corpus, it applies mutations aimed at hand-history
//! structure (see [`mutate`]), runs each input under `catch_unwind`, and checks what the code
//! promises (see [`oracle`]). Input number N of a target with seed S is the same on every
//! machine, so CI runs a fixed budget (`cargo test -p fpdb-fuzz --release`) and long runs use
//! the `fpdb-fuzz` binary with any budget and several threads.
//!
//! Targets:
//! - `split`: decoding, normalisation and splitting of any file of the corpus (supported rooms,
//!   other rooms, tournament summaries);
//! - one per room (`stars`, `ggpoker`, `888poker`, `ipoker`, `winamax`, `partypoker`, `winning`,
//!   `bovada`, `betonline`, `sealswithclubs`, `fulltilt`, `ongame`, `cake`, `entraction`, `enet`,
//!   `unibet`, `kingsclub`, `merge`, `microgaming`, `pokertracker`, `thebiggame`, `pkr`,
//!   `everest`, `betfair`, `absolute`, `everleaf`, `boss`): that room's hands and files, mutated,
//!   through decode → normalise → split → parse (the path of `fpdb.import_file`), plus the public
//!   `parse_history` on text that was not normalised;
//! - `stats`: every room's hands, mutated, parsed, and every hand that parses through
//!   `stats::derive`, whose rows must satisfy the statistics' own rules.
//!
//! A panic or a broken promise is a crash: its input is saved to a file (replay it with
//! `fpdb-fuzz --target T --replay FILE`).
//!
//! Commands (from the repository root):
//! ```text
//! cargo test -p fpdb-fuzz --release            # the CI budget: 100,000 inputs per target
//! FPDB_FUZZ_EXECS=2000000 FPDB_FUZZ_SEED=3 cargo test -p fpdb-fuzz --release
//! cargo run --release -p fpdb-fuzz -- --target all --execs 10000000 --jobs 2 --seed 7
//! cargo run --release -p fpdb-fuzz -- --target stars --seconds 600 --first 10000000 --seed 7
//! cargo run --release -p fpdb-fuzz -- --target stars --replay target/fuzz-crashes/FILE
//! cargo run --release -p fpdb-fuzz -- --target stars --seed 7 --dump 123 > input.txt
//! ```
//! A long run prints one line per target: executions, time, rate, how far the inputs got
//! (chunks, hands parsed, parse errors, statistics rows) and the crashes, each saved under
//! `--crash-dir` (default `target/fuzz-crashes`). `--first` continues a campaign where an
//! earlier run stopped. Inputs that once crashed go to `regressions/TARGET/`, replayed by the
//! tests. The same crate's `fpdb-malformed` binary writes the inputs of
//! `tests/integration/malformed_input.sh`.

pub mod corpus;
pub mod mutate;
pub mod oracle;
pub mod rng;

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use corpus::{Seeds, ROOM_DIRS};
use oracle::Reach;
use rng::Rng;

/// What a target feeds and checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Split,
    /// Index into [`ROOM_DIRS`].
    Room(usize),
    Stats,
}

/// Every target's name, in the order a full run takes them.
pub fn target_names() -> Vec<&'static str> {
    let mut v = vec!["split"];
    v.extend(ROOM_DIRS.iter().map(|(n, _)| *n));
    v.push("stats");
    v
}

/// The target of a name.
pub fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "split" => Some(Kind::Split),
        "stats" => Some(Kind::Stats),
        _ => ROOM_DIRS
            .iter()
            .position(|(n, _)| *n == name)
            .map(Kind::Room),
    }
}

/// Builds input `exec` of `target` in the campaign of `seed`: one to three consecutive hands of
/// the target's corpus, or a whole small file, then mutated (one input in 32 is left intact, so
/// the seeds themselves stay checked).
pub fn input_for(seeds: &Seeds, kind: Kind, seed: u64, target: &str, exec: u64) -> Vec<u8> {
    let mut rng = Rng::for_exec(seed, target, exec);
    let pool = match kind {
        Kind::Split => &seeds.everything,
        Kind::Room(i) => &seeds.rooms[i],
        Kind::Stats => &seeds.supported,
    };
    let mut input = if !pool.files.is_empty() && rng.chance(10) {
        rng.pick(&pool.files).clone()
    } else {
        let i = rng.below(pool.hands.len());
        let n = if rng.chance(80) { 1 } else { 2 + rng.below(2) };
        let mut v = Vec::new();
        for h in &pool.hands[i..(i + n).min(pool.hands.len())] {
            v.extend_from_slice(h);
            v.extend_from_slice(b"\n\n");
        }
        v
    };
    if rng.below(32) != 0 {
        mutate::mutate(&mut rng, &mut input, seeds);
    }
    input
}

/// Runs one input through a target and checks the outcome (not catching panics: see
/// [`run_input`]).
pub fn check_input(kind: Kind, input: &[u8]) -> Result<Reach, String> {
    let (decoded, _) = fpdb_core::decode::decode(input);
    if decoded.contains('\0') {
        // fpdb.decode_history returns this text: PostgreSQL's text cannot hold NUL.
        return Err("decoded text holds a NUL character".into());
    }
    let text = fpdb_core::split::normalise(&decoded);
    match kind {
        Kind::Split => {
            oracle::check_normalised(&text)?;
            let chunks = oracle::check_split(&text)?;
            Ok(Reach {
                chunks,
                ..Reach::default()
            })
        }
        Kind::Room(_) => {
            let reach = oracle::parse_and_derive(&text, false)?;
            // The public API on text that was not normalised, for one input in four (chosen by
            // length, so that a replay of the input does the same).
            if input.len().is_multiple_of(4) {
                oracle::parse_raw(&decoded)?;
            }
            Ok(reach)
        }
        Kind::Stats => oracle::parse_and_derive(&text, true),
    }
}

thread_local! {
    /// The message of the last panic on this thread while fuzzing; `None` when not fuzzing.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static FUZZING: RefCell<bool> = const { RefCell::new(false) };
}

/// Installs (once) a panic hook that, on a fuzzing thread, records the panic instead of
/// printing it, and leaves every other thread (test harness, callers) to the previous hook.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if FUZZING.with(|f| *f.borrow()) {
                PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs one input, catching any panic. `Err` holds what went wrong: "panic: ..." or
/// "violation: ...".
pub fn run_input(kind: Kind, input: &[u8]) -> Result<Reach, String> {
    catch(|| check_input(kind, input))
}

/// Runs `f`, turning a panic into `Err("panic: MESSAGE")` (with the panic's location) and an
/// `Err` of `f` into `Err("violation: ...")`, without printing the panic.
pub fn catch(f: impl FnOnce() -> Result<Reach, String>) -> Result<Reach, String> {
    install_panic_hook();
    FUZZING.with(|f| *f.borrow_mut() = true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    FUZZING.with(|f| *f.borrow_mut() = false);
    match result {
        Ok(Ok(reach)) => Ok(reach),
        Ok(Err(violation)) => Err(format!("violation: {violation}")),
        Err(_) => Err(format!(
            "panic: {}",
            PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| "(no message)".into())
        )),
    }
}

/// How to run a target.
#[derive(Debug, Clone)]
pub struct Config {
    pub seed: u64,
    /// Executions to run (numbers `first..first + execs`).
    pub execs: u64,
    pub first: u64,
    /// Stop earlier after this long, if set.
    pub max_time: Option<Duration>,
    pub jobs: usize,
    /// Where crashing inputs are saved.
    pub crash_dir: PathBuf,
}

/// A crashing input.
#[derive(Debug, Clone)]
pub struct Crash {
    pub exec: u64,
    pub what: String,
    pub file: PathBuf,
}

/// The outcome of running a target.
#[derive(Debug, Clone)]
pub struct Report {
    pub target: String,
    pub execs: u64,
    pub elapsed: Duration,
    pub reach: Reach,
    pub crashes: Vec<Crash>,
    /// Crashes not kept in `crashes` (same message as a kept one, or past the first 20).
    pub more_crashes: u64,
    /// The slowest execution: its number and duration (a hang or quadratic blow-up shows here).
    pub slowest: (u64, Duration),
}

impl Report {
    /// One line for logs and the README.
    pub fn summary(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{:<10} {:>11} execs {:>8.1}s {:>8.0}/s  chunks {} hands {} parse errors {} rows {} stats errors {}  slowest #{} {:.1}ms  crashes {}",
            self.target,
            self.execs,
            secs,
            self.execs as f64 / secs,
            self.reach.chunks,
            self.reach.hands,
            self.reach.parse_errors,
            self.reach.rows,
            self.reach.stats_errors,
            self.slowest.0,
            self.slowest.1.as_secs_f64() * 1e3,
            self.crashes.len() as u64 + self.more_crashes
        )
    }
}

/// Saves a crashing input as `DIR/TARGET-seedS-execN.txt` (raw bytes: replay with --replay).
fn save_crash(dir: &Path, target: &str, seed: u64, exec: u64, input: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(dir);
    let file = dir.join(format!("{target}-seed{seed}-exec{exec}.txt"));
    if let Err(e) = std::fs::write(&file, input) {
        eprintln!("cannot save {}: {e}", file.display());
    }
    file
}

/// Runs a target: `config.execs` executions on `config.jobs` threads.
pub fn run(target: &str, config: &Config) -> Report {
    let kind = kind_of(target).unwrap_or_else(|| panic!("unknown target {target}"));
    let seeds = corpus::seeds();
    let next = AtomicU64::new(config.first);
    let end = config.first.saturating_add(config.execs);
    let started = Instant::now();
    let shared = Mutex::new((
        Reach::default(),
        Vec::<Crash>::new(),
        0u64,
        (0u64, Duration::ZERO),
        0u64,
    ));
    std::thread::scope(|s| {
        for _ in 0..config.jobs.max(1) {
            s.spawn(|| {
                let mut reach = Reach::default();
                let mut slowest = (0u64, Duration::ZERO);
                let mut done = 0u64;
                const BATCH: u64 = 64;
                'outer: loop {
                    if config.max_time.is_some_and(|t| started.elapsed() >= t) {
                        break;
                    }
                    let from = next.fetch_add(BATCH, Ordering::Relaxed);
                    if from >= end {
                        break;
                    }
                    for exec in from..(from + BATCH).min(end) {
                        let input = input_for(seeds, kind, config.seed, target, exec);
                        let t = Instant::now();
                        let result = run_input(kind, &input);
                        let d = t.elapsed();
                        if d > slowest.1 {
                            slowest = (exec, d);
                        }
                        done += 1;
                        match result {
                            Ok(r) => reach.add(&r),
                            Err(what) => {
                                let mut g = shared.lock().unwrap_or_else(|e| e.into_inner());
                                // One saved input per panic location ("panic: panicked at
                                // FILE:LINE:COL:", the first line) or violation message.
                                let key = what.lines().next().unwrap_or("");
                                let known =
                                    g.1.iter()
                                        .any(|c| c.what.lines().next().unwrap_or("") == key);
                                if known || g.1.len() >= 20 {
                                    g.2 += 1;
                                } else {
                                    let file = save_crash(
                                        &config.crash_dir,
                                        target,
                                        config.seed,
                                        exec,
                                        &input,
                                    );
                                    g.1.push(Crash { exec, what, file });
                                }
                                if g.1.len() as u64 + g.2 >= 1000 {
                                    break 'outer; // a broken build: no point going on
                                }
                            }
                        }
                    }
                }
                let mut g = shared.lock().unwrap_or_else(|e| e.into_inner());
                g.0.add(&reach);
                if slowest.1 > g.3 .1 {
                    g.3 = slowest;
                }
                g.4 += done;
            });
        }
    });
    let (reach, mut crashes, more_crashes, slowest, execs) =
        shared.into_inner().unwrap_or_else(|e| e.into_inner());
    crashes.sort_by_key(|c| c.exec);
    Report {
        target: target.to_string(),
        execs,
        elapsed: started.elapsed(),
        reach,
        crashes,
        more_crashes,
        slowest,
    }
}

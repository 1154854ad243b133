//! `snapshot`: writes what fpdb-core makes of the corpus, to compare two builds of a
//! refactoring byte for byte.
//!
//! ```text
//! cargo run --release -p fpdb-fuzz --example snapshot -- OUT [--fuzz N]
//! ```
//! OUT gets, one line each:
//! - every chunk of every corpus file (every room's, supported or not, and the summaries): the
//!   hand's model as JSON and its derived rows, or the error as JSON;
//! - every line prefix of every hand of the supported rooms (what a cut-off file gives): a
//!   fingerprint of each prefix's result;
//! - the first N inputs (default 20,000) of each room's fuzz target, seed 1: a fingerprint of
//!   what parsing and deriving them gives.
//!
//! Two builds that agree write the same file: `cmp a b`, and `diff a b` shows where they differ.
//! `--show TARGET N[,N..] [--text|--json]` prints what fuzz input N of TARGET gives.

use std::fmt::Write as _;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use fpdb_core::HandResult;
use fpdb_fuzz::corpus::{corpus_dir, seeds, ROOM_DIRS};
use fpdb_fuzz::{input_for, kind_of};

/// The whole result of one chunk: the hand and its rows, or the error.
fn describe(r: &HandResult) -> String {
    match r {
        Ok(h) => format!(
            "OK\t{}\t{:?}",
            serde_json::to_string(h).unwrap(),
            fpdb_core::stats::derive(h)
        ),
        Err(e) => format!("ERR\t{}", serde_json::to_string(e).unwrap()),
    }
}

fn fingerprint(s: &str) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// A short tag of a result: the error's kind and line, or "ok", with a fingerprint of all of it.
fn tag(r: &HandResult) -> String {
    let head = match r {
        Ok(_) => "ok".to_string(),
        Err(e) => format!("{:?}@{}", e.kind, e.line),
    };
    format!("{head}:{:x}", fingerprint(&describe(r)))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            let name = p.to_string_lossy();
            if !name.ends_with(".json") && !name.ends_with(".DS_Store") && !name.ends_with(".md") {
                out.push(p);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--show") {
        // --show TARGET EXEC: every chunk of that fuzz input, in full.
        let name = &args[1];
        for exec in args[2].split(',') {
            let exec: u64 = exec.parse().expect("a number");
            println!("== {name} {exec}");
            let input = input_for(seeds(), kind_of(name).unwrap(), 1, name, exec);
            let (decoded, _) = fpdb_core::decode::decode(&input);
            let text = fpdb_core::split::normalise(&decoded);
            if args.get(3).map(String::as_str) == Some("--text") {
                println!("{text}");
            }
            for r in fpdb_core::parse_history(&text) {
                if args.get(3).map(String::as_str) == Some("--json") {
                    println!("{}", describe(&r));
                    continue;
                }
                match &r {
                Ok(h) => println!(
                    "OK {} #{} {:?} pot {} rake {} added {} kept {} | put {} returned {:?} collected {} cash-outs {:?}",
                    h.site,
                    h.site_hand_id,
                    h.game.kind,
                    h.total_pot,
                    h.rake,
                    h.pot_added,
                    h.cashed_out_pot,
                    h.actions.iter().map(|a| a.amount).sum::<i64>(),
                    h.returned,
                    h.collections.iter().map(|c| c.amount).sum::<i64>(),
                    h.cash_outs,
                ),
                Err(e) => println!("ERR {:?} {}", e.kind, e.full_message()),
            }
            }
        }
        return;
    }
    let out = args
        .first()
        .expect("usage: cargo run --release -p fpdb-fuzz --example snapshot -- OUT [--fuzz N]");
    let fuzz: u64 = match args.get(1).map(String::as_str) {
        Some("--fuzz") => args[2].parse().expect("a number"),
        _ => 20_000,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(out).unwrap());
    let root = corpus_dir();
    let mut files = Vec::new();
    files_under(&root, &mut files);
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap().display().to_string();
        let bytes = std::fs::read(f).unwrap();
        let (text, _) = fpdb_core::decode::decode(&bytes);
        let text = fpdb_core::split::normalise(&text);
        for (i, r) in fpdb_core::parse_history(&text).enumerate() {
            writeln!(w, "corpus\t{rel}\t{i}\t{}", describe(&r)).unwrap();
        }
    }
    let seeds = seeds();
    for (room, (name, _)) in ROOM_DIRS.iter().enumerate() {
        for (i, h) in seeds.rooms[room].hands.iter().enumerate() {
            let text = String::from_utf8_lossy(h);
            let lines: Vec<&str> = text.trim_end().split('\n').collect();
            let mut line = format!("prefix\t{name}\t{i}\t");
            for k in 1..=lines.len() {
                let r = fpdb_core::parse_one(&lines[..k].join("\n"));
                write!(line, " {}", tag(&r)).unwrap();
            }
            writeln!(w, "{line}").unwrap();
        }
    }
    for (name, _) in ROOM_DIRS {
        let kind = kind_of(name).unwrap();
        for exec in 0..fuzz {
            let input = input_for(seeds, kind, 1, name, exec);
            let (decoded, _) = fpdb_core::decode::decode(&input);
            let text = fpdb_core::split::normalise(&decoded);
            let mut all = String::new();
            for r in fpdb_core::parse_history(&text) {
                all.push_str(&tag(&r));
                all.push(' ');
            }
            writeln!(w, "fuzz\t{name}\t{exec}\t{all}").unwrap();
        }
    }
    w.flush().unwrap();
}

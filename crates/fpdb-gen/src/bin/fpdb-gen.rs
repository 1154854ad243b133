//! `fpdb-gen --seed 42 --count 100000 [--mix default|cash|tour|nlhe|lhe|plo|NAME=W,...]
//! [--hand-start N] [--hero NAME] > file.txt`
//!
//! Writes generated PokerStars hand histories to standard output. The same arguments give the
//! same bytes.

use std::io::Write;
use std::process::ExitCode;

use fpdb_gen::{generate_with, Mix, Options};

const USAGE: &str = "usage: fpdb-gen [--seed N] [--count N] [--mix default|cash|tour|nlhe|lhe|plo|nlhe6=W,nlhe9=W,lhe=W,plo=W,tour=W] [--hand-start N] [--hero NAME]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fpdb-gen: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut opts = Options::new(42);
    let mut count: usize = 1000;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "-h" || a == "--help" {
            println!("{USAGE}");
            return Ok(());
        }
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--seed" => opts.seed = number(&value()?)?,
            "--count" => count = number(&value()?)?,
            "--mix" => opts.mix = value()?.parse::<Mix>()?,
            "--hand-start" => opts.hand_start = Some(number(&value()?)?),
            "--hero" => opts.hero = value()?,
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    generate_with(&opts, count, &mut out)
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing: {e}"))
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| format!("`{s}` is not a valid number"))
}

//! What a generated file holds: hands per format, how often the features the importer cares
//! about occur, and the HUD statistics of each kind of player (they must differ).
//!
//! `cargo run --release -p fpdb-gen --example report -- [COUNT] [SEED]`

use std::collections::HashMap;

use fpdb_core::model::ActionKind;
use fpdb_core::stats::col;
use fpdb_gen::{generate_with, Generator, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(42);
    let opts = Options::new(seed);
    let mut text = Vec::new();
    generate_with(&opts, count, &mut text).expect("writing to memory");
    let text = String::from_utf8(text).expect("UTF-8");
    let archetype: HashMap<String, String> = Generator::new(&opts)
        .pool()
        .iter()
        .map(|p| (p.name.clone(), format!("{:?}", p.style.archetype)))
        .collect();

    let mut features: Vec<(&str, usize)> = [
        "Hold'em No Limit ($",
        "Hold'em Limit ($",
        "Omaha Pot Limit ($",
        ": Tournament #",
        "*** FLOP ***",
        "*** SHOW DOWN ***",
        "Uncalled bet",
        " and is all-in",
        "Side pot",
        "Side pot-2",
        ": posts small & big blinds",
        ": mucks hand",
        " finished the tournament",
        " wins the tournament",
    ]
    .iter()
    .map(|f| (*f, 0))
    .collect();
    for chunk in text.split("\n\n\n") {
        for (f, n) in features.iter_mut() {
            if chunk.contains(*f) {
                *n += 1;
            }
        }
    }
    println!("{count} hands, {:.1} MB", text.len() as f64 / 1e6);
    for (f, n) in &features {
        println!("  {:>6.2} %  {f}", *n as f64 * 100.0 / count as f64);
    }

    // Per archetype: hands, VPIP, PFR, 3-bet, went to showdown, aggression factor.
    #[derive(Default)]
    struct Acc {
        hands: u64,
        vpip: u64,
        pfr: u64,
        three_chance: u64,
        three: u64,
        saw_flop: u64,
        sd: u64,
        bets: u64,
        calls: u64,
    }
    let mut acc: HashMap<String, Acc> = HashMap::new();
    let (mut errors, mut splits, mut walks) = (0, 0, 0);
    for r in fpdb_core::parse_history(&text) {
        let Ok(h) = r else {
            errors += 1;
            continue;
        };
        if h.collections.len() > 1
            && h.collections.iter().any(|c| {
                h.collections
                    .iter()
                    .any(|d| d.pot == c.pot && d.player != c.player)
            })
        {
            splits += 1;
        }
        if h.actions
            .iter()
            .filter(|a| a.street == 0)
            .all(|a| a.kind == ActionKind::Fold)
        {
            walks += 1;
        }
        let Ok(rows) = fpdb_core::stats::derive(&h) else {
            errors += 1;
            continue;
        };
        for p in &rows.players {
            let name = &h.players[p.player].name;
            let kind = archetype
                .get(name)
                .cloned()
                .unwrap_or_else(|| "Hero".into());
            let a = acc.entry(kind).or_default();
            let c = &p.counts;
            a.hands += 1;
            a.vpip += c[col::STREET0_VPI] as u64;
            a.pfr += c[col::STREET0_AGGR] as u64;
            a.three_chance += c[col::STREET0_3B_CHANCE] as u64;
            a.three += c[col::STREET0_3B_DONE] as u64;
            a.saw_flop += c[col::STREET1_SEEN] as u64;
            a.sd += c[col::SAW_SHOWDOWN] as u64;
            for s in 1..=4 {
                a.bets += (c[col::STREET0_BETS + s] + c[col::STREET0_RAISES + s]) as u64;
                a.calls += c[col::STREET0_CALLS + s] as u64;
            }
        }
    }
    println!(
        "parse or derive errors: {errors}; split pots: {:.2} %; walks: {:.2} %",
        splits as f64 * 100.0 / count as f64,
        walks as f64 * 100.0 / count as f64
    );
    println!(
        "{:<16} {:>8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>5}",
        "kind", "hands", "VPIP", "PFR", "3B", "WTSD", "flop", "AF"
    );
    let mut kinds: Vec<_> = acc.into_iter().collect();
    kinds.sort_by(|a, b| a.0.cmp(&b.0));
    for (k, a) in kinds {
        let pct = |x: u64, of: u64| x as f64 * 100.0 / of.max(1) as f64;
        println!(
            "{:<16} {:>8} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>5.2}",
            k,
            a.hands,
            pct(a.vpip, a.hands),
            pct(a.pfr, a.hands),
            pct(a.three, a.three_chance),
            pct(a.sd, a.saw_flop),
            pct(a.saw_flop, a.hands),
            a.bets as f64 / a.calls.max(1) as f64
        );
    }
}

//! The statistics' own rules, which hold for the rows of any hand that derives: counts are 0/1
//! flags or counters, every "done" has its "chance", streets are seen in order, what the actions
//! put in matches the money columns, action numbers count from 0 per street. The fuzzers check
//! them on every mutated hand, the robustness test on random hands.

use super::{HandRows, COUNT_COLUMNS};
use crate::model::Hand;

/// Checks the rules; the error says which one is broken and with what values.
pub fn check(h: &Hand, r: &HandRows) -> Result<(), String> {
    macro_rules! ensure {
        ($cond:expr, $($msg:tt)*) => {
            if !$cond {
                return Err(format!($($msg)*));
            }
        };
    }
    ensure!(
        r.seats as usize == r.players.len(),
        "seats {} but {} rows",
        r.seats,
        r.players.len()
    );
    ensure!(r.players.len() >= 2, "{} player rows", r.players.len());
    let col = |name: &str| {
        COUNT_COLUMNS
            .iter()
            .position(|c| *c == name)
            .expect("a count column")
    };
    for row in &r.players {
        ensure!(
            row.player < h.players.len(),
            "row of player #{}",
            row.player
        );
        ensure!(
            matches!(row.position, 'B' | 'S' | '0'..='9'),
            "position {:?}",
            row.position
        );
        for (i, c) in COUNT_COLUMNS.iter().enumerate() {
            let v = row.counts[i];
            let counter = c.ends_with("Calls") || c.ends_with("Bets") || c.ends_with("Raises");
            ensure!(v >= 0 && (counter || v <= 1), "{c} = {v}");
        }
        let pairs = [
            ("street0_3BChance", "street0_3BDone"),
            ("street0_4BChance", "street0_4BDone"),
            ("stealAttemptChance", "stealAttempted"),
            ("foldBbToStealChance", "foldedBbToSteal"),
            ("foldSbToStealChance", "foldedSbToSteal"),
            ("otherRaisedStreet1", "foldToOtherRaisedStreet1"),
            ("street0VPI", "street0Aggr"),
        ];
        for (chance, done) in pairs {
            ensure!(
                row.counts[col(done)] <= row.counts[col(chance)],
                "{done} without {chance}"
            );
        }
        for n in 1..=4 {
            for (chance, done) in [
                (format!("street{n}CBChance"), format!("street{n}CBDone")),
                (
                    format!("foldToStreet{n}CBChance"),
                    format!("foldToStreet{n}CBDone"),
                ),
                (
                    format!("street{n}CheckCallRaiseChance"),
                    format!("street{n}CheckCallRaiseDone"),
                ),
                (
                    format!("street{n}CheckCallRaiseDone"),
                    format!("street{n}CheckRaiseDone"),
                ),
            ] {
                ensure!(
                    row.counts[col(&done)] <= row.counts[col(&chance)],
                    "{done} > {chance}"
                );
            }
            if n > 1 {
                let later = row.counts[col(&format!("street{n}Seen"))];
                let earlier = row.counts[col(&format!("street{}Seen", n - 1))];
                ensure!(later <= earlier, "street{n}Seen without the street before");
            }
        }
        for w in row.won {
            ensure!((0.0..=1.0).contains(&w), "won share {w}");
        }
        ensure!(
            row.cards.iter().all(|&c| (-1..=52).contains(&c)),
            "card codes {:?}",
            row.cards
        );
        ensure!(
            row.start_cards.is_none_or(|s| (0..=168).contains(&s)),
            "startCards {:?}",
            row.start_cards
        );
    }
    // What HandsActions says each player put in (unbets negative), plus his antes, is what
    // HandsPlayers says he put in.
    for (i, row) in r.players.iter().enumerate() {
        let acted: i64 = r
            .actions
            .iter()
            .filter(|a| a.player == i)
            .map(|a| a.amount)
            .sum();
        ensure!(
            acted + row.ante == row.winnings - row.total_profit,
            "row {i}: actions {acted} + ante {} != winnings {} - profit {}",
            row.ante,
            row.winnings,
            row.total_profit
        );
    }
    let sd: f64 = r.players.iter().map(|p| p.won[4]).sum();
    let shares_ok = sd <= 1.0 + 1e-9;
    ensure!(shares_ok, "showdown shares sum to {sd}");
    let mut next = std::collections::BTreeMap::new();
    for a in &r.actions {
        ensure!(a.player < r.players.len(), "action of row {}", a.player);
        let no = next.entry(a.street).or_insert(0i16);
        ensure!(
            a.action_no == *no,
            "actionNo {} where {} was expected",
            a.action_no,
            *no
        );
        *no += 1;
        ensure!((a.amount < 0) == (a.action == "unbet"), "{a:?}");
    }
    for b in &r.boards {
        ensure!(
            b.values.iter().all(|&v| v == 0 || (2..=14).contains(&v)),
            "board values {:?}",
            b.values
        );
    }
    Ok(())
}

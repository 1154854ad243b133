//! HudCache: the per-player sums the HUD reads, kept exact by the database.
//!
//! Imports fold their HandsPlayers rows into an in-memory [`HudCacheDelta`] and write it once, in
//! key order, at the end of the call; while they insert HandsPlayers they set the
//! transaction-local setting [`SKIP_SETTING`] so the statement-level triggers (sql/hudcache.sql)
//! leave those rows alone. Every other change to HandsPlayers goes through the triggers.

use std::collections::HashMap;

use fpdb_core::stats::{PlayerRow, COUNT_COLUMNS};
use pgrx::datum::DatumWithOid;
use pgrx::prelude::*;

use crate::import::run_statement;

/// Transaction-local setting that tells the HudCache triggers an import maintains HudCache itself.
pub(crate) const SKIP_SETTING: &str = "fpdb.hudcache_by_import";

/// HandsPlayers count columns that HudCache does not have (the design keeps them per hand only).
const NOT_IN_HUDCACHE: [&str; 2] = ["other_3BStreet0", "other_4BStreet0"];

/// The HudCache key (decisions.md §15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct HudKey {
    // Field order is the sort order of the upserts: the order of the unique index.
    pub player_id: i32,
    pub gametype_id: i16,
    pub active_seats: i16,
    pub position: char,
    pub tourney_type_id: Option<i32>,
}

/// Sums of one HudCache row.
#[derive(Clone)]
struct Sums {
    hds: i64,
    won: [f64; 5],
    total_profit: i64,
    counts: Vec<i64>,
}

/// HudCache changes accumulated by an import.
#[derive(Default)]
pub(crate) struct HudCacheDelta {
    rows: HashMap<HudKey, Sums>,
}

/// Positions in `COUNT_COLUMNS` of the columns HudCache sums.
fn hud_count_indexes() -> &'static [usize] {
    static IDX: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    IDX.get_or_init(|| {
        COUNT_COLUMNS
            .iter()
            .enumerate()
            .filter(|(_, c)| !NOT_IN_HUDCACHE.iter().any(|n| n.eq_ignore_ascii_case(c)))
            .map(|(i, _)| i)
            .collect()
    })
}

impl HudCacheDelta {
    pub(crate) fn add(&mut self, key: HudKey, r: &PlayerRow) {
        let idx = hud_count_indexes();
        let s = self.rows.entry(key).or_insert_with(|| Sums {
            hds: 0,
            won: [0.0; 5],
            total_profit: 0,
            counts: vec![0; idx.len()],
        });
        s.hds += 1;
        for (w, v) in s.won.iter_mut().zip(r.won) {
            *w += v;
        }
        s.total_profit += r.total_profit;
        for (c, &i) in s.counts.iter_mut().zip(idx) {
            *c += r.counts[i] as i64;
        }
    }

    /// Writes the sums with one upsert, keys in sorted order (the lock order of every session).
    pub(crate) fn write(self) {
        if self.rows.is_empty() {
            return;
        }
        let mut rows: Vec<(HudKey, Sums)> = self.rows.into_iter().collect();
        rows.sort_by_key(|(k, _)| *k);
        // Several statements of sorted keys take the locks in the same order as one would, and
        // keep the statement's arrays small.
        for chunk in rows.chunks(WRITE_CHUNK) {
            // One SPI connection per statement: its arrays are freed when it ends.
            Spi::connect_mut(|client| run_statement(client, upsert_sql(), &upsert_args(chunk)));
        }
    }
}

/// Keys per upsert statement.
const WRITE_CHUNK: usize = 5000;

/// One array per column of [`upsert_sql`], in its order.
fn upsert_args(rows: &[(HudKey, Sums)]) -> Vec<DatumWithOid<'static>> {
    let idx = hud_count_indexes();
    let mut args: Vec<DatumWithOid> = vec![
        rows.iter()
            .map(|(k, _)| k.gametype_id)
            .collect::<Vec<i16>>()
            .into(),
        rows.iter()
            .map(|(k, _)| k.player_id)
            .collect::<Vec<i32>>()
            .into(),
        rows.iter()
            .map(|(k, _)| k.active_seats)
            .collect::<Vec<i16>>()
            .into(),
        rows.iter()
            .map(|(k, _)| k.position.to_string())
            .collect::<Vec<String>>()
            .into(),
        rows.iter()
            .map(|(k, _)| k.tourney_type_id)
            .collect::<Vec<Option<i32>>>()
            .into(),
        rows.iter().map(|(_, s)| s.hds).collect::<Vec<i64>>().into(),
    ];
    for w in 0..5 {
        args.push(
            rows.iter()
                .map(|(_, s)| s.won[w])
                .collect::<Vec<f64>>()
                .into(),
        );
    }
    args.push(
        rows.iter()
            .map(|(_, s)| s.total_profit)
            .collect::<Vec<i64>>()
            .into(),
    );
    for c in 0..idx.len() {
        args.push(
            rows.iter()
                .map(|(_, s)| s.counts[c])
                .collect::<Vec<i64>>()
                .into(),
        );
    }
    args
}

/// The grouped upsert of HudCache sums, built once from the column list.
fn upsert_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| {
        let mut cols: Vec<(&str, &str)> = vec![
            ("gametypeId", "int2"),
            ("playerId", "int"),
            ("activeSeats", "int2"),
            ("position", "text"),
            ("tourneyTypeId", "int"),
            ("HDs", "bigint"),
            ("wonWhenSeenStreet1", "float8"),
            ("wonWhenSeenStreet2", "float8"),
            ("wonWhenSeenStreet3", "float8"),
            ("wonWhenSeenStreet4", "float8"),
            ("wonAtSD", "float8"),
            ("totalProfit", "bigint"),
        ];
        for &i in hud_count_indexes() {
            cols.push((COUNT_COLUMNS[i], "bigint"));
        }
        let names: Vec<&str> = cols.iter().map(|(n, _)| *n).collect();
        let arrays: Vec<String> = cols
            .iter()
            .enumerate()
            .map(|(i, (_, t))| format!("${}::{}[]", i + 1, t))
            .collect();
        let sums: Vec<String> = names[5..]
            .iter()
            .map(|n| format!("{n} = h.{n} + EXCLUDED.{n}"))
            .collect();
        format!(
            "INSERT INTO fpdb.HudCache AS h ({}) SELECT * FROM unnest({}) \
             ON CONFLICT ON CONSTRAINT hudcache_key DO UPDATE SET {}",
            names.join(", "),
            arrays.join(", "),
            sums.join(", ")
        )
    })
}

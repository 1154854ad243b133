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
use pgrx::spi::SpiClient;

use crate::errors::raise;
use crate::import::{run_statement, DirectRows as Rows, DirectTable, DirectValue as Value};

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

    /// Writes the sums, keys in sorted order (the lock order of every session), under the
    /// advisory lock every fpdb writer of HudCache takes ([`HUDCACHE_LOCK`]). Keys HudCache
    /// already has are added to with the grouped upsert; with `direct`, new keys go straight
    /// into the table and its indexes (as the import's other rows do), which skips the per-row
    /// foreign-key checks of an INSERT: the import holds KEY SHARE locks on the players, game
    /// types and tournament types it references, and while it holds the advisory lock nobody
    /// else adds HudCache keys.
    pub(crate) fn write(self, direct: bool) {
        if self.rows.is_empty() {
            return;
        }
        let mut rows: Vec<(HudKey, Sums)> = self.rows.into_iter().collect();
        rows.sort_by_key(|(k, _)| *k);
        Spi::connect_mut(|client| {
            run_statement(
                client,
                "SELECT pg_catalog.pg_advisory_xact_lock($1)",
                &[HUDCACHE_LOCK.into()],
            )
        });
        let mut table = if direct {
            DirectTable::open(
                c"hudcache",
                &written_columns()
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>(),
            )
        } else {
            None
        };
        let (mut updated, mut inserted) = (0usize, 0usize);
        // Several statements of sorted keys take the locks in the same order as one would, and
        // keep the statement's arrays small.
        for chunk in rows.chunks(WRITE_CHUNK) {
            let Some(table) = table.as_mut() else {
                // One SPI connection per statement: its arrays are freed when it ends.
                Spi::connect_mut(|client| run_statement(client, upsert_sql(), &upsert_args(chunk)));
                continue;
            };
            let stored = Spi::connect_mut(|client| stored_keys(client, chunk));
            let (old, new): (Vec<_>, Vec<_>) =
                chunk.iter().zip(stored).partition(|(_, stored)| *stored);
            let old: Vec<(HudKey, Sums)> = old.into_iter().map(|(r, _)| r.clone()).collect();
            if !old.is_empty() {
                Spi::connect_mut(|client| run_statement(client, upsert_sql(), &upsert_args(&old)));
            }
            let positions: Vec<String> = new
                .iter()
                .map(|((k, _), _)| k.position.to_string())
                .collect();
            let mut values = Rows::new(written_columns().len());
            for (((k, s), _), pos) in new.iter().zip(&positions) {
                push_direct_row(&mut values.values, k, s, pos);
            }
            table.insert_many(&values);
            updated += old.len();
            inserted += values.len();
        }
        if let Some(t) = table {
            t.close();
        }
        debug1!("fpdb HudCache: {updated} keys added to, {inserted} new keys written directly");
    }
}

/// Keys per statement.
const WRITE_CHUNK: usize = 5000;

/// Key of the transaction-level advisory lock every fpdb writer of HudCache takes ('fpdbHUDC';
/// also in sql/hudcache.sql).
const HUDCACHE_LOCK: i64 = 0x6670_6462_4855_4443;

/// The columns HudCache rows are written with, before the count columns, and the type of the
/// upsert's arrays; [`key_arrays`], [`upsert_args`] and [`direct_row`] follow this order.
const WRITTEN: [(&str, &str); 12] = [
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

/// Every written column (with its array type): [`WRITTEN`], then the count columns.
fn written_columns() -> Vec<(&'static str, &'static str)> {
    let mut cols = WRITTEN.to_vec();
    cols.extend(
        hud_count_indexes()
            .iter()
            .map(|&i| (COUNT_COLUMNS[i], "bigint")),
    );
    cols
}

/// The values of a new HudCache row, typed as the table's columns (smallint keys, int counts).
fn push_direct_row<'a>(row: &mut Vec<Value<'a>>, k: &HudKey, s: &Sums, position: &'a str) {
    let int = |v: i64| {
        Value::Int4(i32::try_from(v).unwrap_or_else(|_| {
            raise(
                "22003",
                format!("HudCache sum {v} does not fit an int column"),
            )
        }))
    };
    row.extend([
        Value::Int2(k.gametype_id),
        Value::Int4(k.player_id),
        Value::Int2(k.active_seats),
        Value::Text(position),
        k.tourney_type_id
            .map_or(Value::Null, |t| Value::Int2(t as i16)),
        int(s.hds),
    ]);
    row.extend(s.won.iter().map(|&w| Value::Float8(w)));
    row.push(Value::Int8(s.total_profit));
    row.extend(s.counts.iter().map(|&c| int(c)));
}

/// The five key columns of `rows` as arrays, in the order of [`WRITTEN`].
fn key_arrays(rows: &[(HudKey, Sums)]) -> Vec<DatumWithOid<'static>> {
    vec![
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
    ]
}

/// For each key of `rows`, whether HudCache has it (one index probe per key).
fn stored_keys(client: &mut SpiClient<'_>, rows: &[(HudKey, Sums)]) -> Vec<bool> {
    let args = key_arrays(rows);
    // LATERAL ... LIMIT 1 keeps one index probe per key, whatever the statistics say.
    let sql = "SELECT d.ord FROM unnest($1::int2[], $2::int[], $3::int2[], $4::text[], $5::int[]) \
               WITH ORDINALITY AS d(g, p, s, pos, tt, ord) \
               CROSS JOIN LATERAL (SELECT 1 FROM fpdb.HudCache h WHERE h.playerId = d.p \
               AND h.gametypeId = d.g AND h.activeSeats = d.s AND h.position = d.pos::char(1) \
               AND h.tourneyTypeId IS NOT DISTINCT FROM d.tt LIMIT 1) AS x";
    let mut stored = vec![false; rows.len()];
    let table = client
        .select(sql, None, &args)
        .unwrap_or_else(|e| raise("XX000", format!("fpdb: HudCache lookup failed: {e}")));
    for row in table {
        if let Ok(Some(ord)) = row.get::<i64>(1) {
            if let Some(s) = stored.get_mut((ord - 1) as usize) {
                *s = true;
            }
        }
    }
    stored
}

/// One array per column of [`upsert_sql`], in its order.
fn upsert_args(rows: &[(HudKey, Sums)]) -> Vec<DatumWithOid<'static>> {
    let idx = hud_count_indexes();
    let mut args = key_arrays(rows);
    args.push(rows.iter().map(|(_, s)| s.hds).collect::<Vec<i64>>().into());

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
        let cols = written_columns();
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

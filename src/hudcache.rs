//! HudCache: the per-player sums the HUD reads, kept exact by the database.
//!
//! One fold, [`HudCacheDelta`], serves every writer: imports add their HandsPlayers rows to it
//! in memory and write it once, in key order, at the end of the call; the statement-level
//! trigger [`_hudcache_fold`] reads the statement's transition tables row by row into it (new
//! rows added, old rows subtracted) and writes it at once. Memory is bounded by the number of
//! HudCache keys a statement touches, never by its number of rows, so a `pg_restore` or a
//! `DELETE` of millions of HandsPlayers rows folds like a small one.
//!
//! An import that inserts HandsPlayers with an INSERT statement folds those rows itself; the
//! trigger skips exactly that statement. What tells it so is backend-local state set only by the
//! import's Rust code ([`ImportFolds`]), never a setting SQL could change.

use std::cell::Cell;
use std::collections::HashMap;

use fpdb_core::stats::{PlayerRow, COUNT_COLUMNS};
use pgrx::datum::DatumWithOid;
use pgrx::pg_sys;
use pgrx::prelude::*;
use pgrx::spi::{OwnedPreparedStatement, SpiClient};

use crate::errors::raise;
use crate::import::{DirectRows as Rows, DirectTable, DirectValue as Value};

thread_local! {
    /// While the import inserts HandsPlayers rows it folds itself: the trigger depth its INSERT
    /// statement runs at. Backend-local; set and cleared only by [`ImportFolds`].
    static IMPORT_FOLDS_AT: Cell<Option<i32>> = const { Cell::new(None) };
    /// The trigger's statements, planned once per backend.
    static PLANS: std::cell::OnceCell<(OwnedPreparedStatement, OwnedPreparedStatement)> =
        const { std::cell::OnceCell::new() };
}

/// Marks the HandsPlayers INSERT statements the import runs while it lives: the HudCache
/// trigger of exactly those statements (the trigger depth one below theirs) leaves their rows to
/// the import. Dropped, also when an error unwinds the import, it clears the mark.
pub(crate) struct ImportFolds {
    previous: Option<i32>,
}

impl ImportFolds {
    pub(crate) fn begin() -> ImportFolds {
        let previous = IMPORT_FOLDS_AT.get();
        IMPORT_FOLDS_AT.set(Some(trigger_depth()));
        ImportFolds { previous }
    }
}

impl Drop for ImportFolds {
    fn drop(&mut self) {
        IMPORT_FOLDS_AT.set(self.previous);
    }
}

/// Clears the import's mark when a transaction ends (commit or abort), in case an error left it
/// set: a later statement must never be skipped.
pub(crate) fn reset_at_transaction_end() {
    IMPORT_FOLDS_AT.set(None);
}

/// How deep in triggers the backend is (what `pg_trigger_depth()` returns).
fn trigger_depth() -> i32 {
    // SAFETY: pg_trigger_depth takes no arguments and returns an int4.
    unsafe { pgrx::direct_function_call::<i32>(pg_sys::pg_trigger_depth, &[]) }.unwrap_or(0)
}

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

/// Sums of one HudCache row (negative for rows taken away).
#[derive(Clone)]
struct Sums {
    hds: i64,
    won: [f64; 5],
    total_profit: i64,
    all_in_ev: i64,
    counts: Vec<i64>,
}

/// HudCache changes accumulated by an import or a trigger.
///
/// Memory is bounded: past `fpdb.hudcache_keys_in_memory` keys (100,000 by default, about 80 MB), the sums are sorted and written to a temporary
/// file as a run, and the runs are merged by key when the delta is written, so that a call of any
/// size still writes HudCache once, in key order, at its end.
#[derive(Default)]
pub(crate) struct HudCacheDelta {
    rows: HashMap<HudKey, Sums>,
    /// Some rows were taken away: keys whose HDs reach 0 must be deleted after the write.
    removed: bool,
    spill: Option<Spill>,
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
    /// The sums of `key`, made empty when new (spilling the keys held first when they are many).
    fn sums(&mut self, key: HudKey) -> &mut Sums {
        if self.rows.len() >= crate::gucs::HUDCACHE_KEYS_IN_MEMORY.get() as usize
            && !self.rows.contains_key(&key)
        {
            let rows = std::mem::take(&mut self.rows);
            self.spill
                .get_or_insert_with(Spill::new)
                .write_run(sorted(rows));
        }
        self.rows.entry(key).or_insert_with(|| Sums {
            hds: 0,
            won: [0.0; 5],
            total_profit: 0,
            all_in_ev: 0,
            counts: vec![0; hud_count_indexes().len()],
        })
    }

    /// Adds a HandsPlayers row the import derived.
    pub(crate) fn add(&mut self, key: HudKey, r: &PlayerRow) {
        let s = self.sums(key);
        s.hds += 1;
        for (w, v) in s.won.iter_mut().zip(r.won) {
            *w += v;
        }
        s.total_profit += r.total_profit;
        s.all_in_ev += r.all_in_ev;
        for (c, &i) in s.counts.iter_mut().zip(hud_count_indexes()) {
            *c += r.counts[i] as i64;
        }
    }

    /// Writes the sums of an import, keys in sorted order (the lock order of every session),
    /// under the advisory lock every fpdb writer of HudCache takes ([`HUDCACHE_LOCK`]). With
    /// `direct`, each key is looked up in `hudcache_key`: a stored row is added to in place
    /// ([`DirectTable::add_to_stored`], the steps of the upsert's DO UPDATE), and the new keys
    /// go straight into the table and its indexes, as the import's other rows do, which skips the
    /// per-row foreign-key checks of an INSERT: the import holds KEY SHARE locks on the players,
    /// game types and tournament types it references, and while it holds the advisory lock
    /// nobody else adds HudCache keys. Otherwise, and when the direct path would not be exactly
    /// the statement (see [`DirectTable::open_adding`]), the grouped upsert writes every key.
    pub(crate) fn write(self, direct: bool) {
        if self.rows.is_empty() && self.spill.is_none() {
            return;
        }
        Spi::connect_mut(lock_hudcache);
        let mut table = if direct {
            DirectTable::open_adding(
                c"hudcache",
                hudcache_columns(),
                c"hudcache_key",
                KEY_COLUMNS,
            )
        } else {
            None
        };
        // A HudCache without a page holds no key (the first import into a database): every key
        // is new and inserted without a look-up. Other fpdb writers wait for the advisory lock
        // taken above; should anyone else insert a key meanwhile, the unique index refuses the
        // duplicate (23505) instead of the import adding to it.
        let empty = table.as_ref().is_some_and(DirectTable::has_no_pages);
        let (mut updated, mut inserted) = (0usize, 0usize);
        // Several statements of sorted keys take the locks in the same order as one would, and
        // keep the statement's arrays small.
        self.for_each_sorted_chunk(|chunk| {
            let Some(table) = table.as_mut() else {
                // One SPI connection per statement: its arrays are freed when it ends.
                Spi::connect_mut(|client| upsert(client, chunk));
                updated += chunk.len();
                return;
            };
            let positions: Vec<String> =
                chunk.iter().map(|(k, _)| k.position.to_string()).collect();
            let width = written_columns().len();
            let mut new = Rows::new(width);
            let mut row = Vec::with_capacity(width);
            for ((k, s), pos) in chunk.iter().zip(&positions) {
                row.clear();
                push_direct_row(&mut row, k, s, pos);
                if !empty && table.add_to_stored(&row) {
                    updated += 1;
                } else {
                    new.values.extend_from_slice(&row);
                }
            }
            inserted += new.len();
            table.insert_many(&new);
        });
        if let Some(t) = table {
            t.close();
        }
        let how = if empty {
            " (no page before: no look-ups)"
        } else {
            ""
        };
        debug1!(
            "fpdb HudCache: {updated} keys added to, {inserted} new keys written directly{how}"
        );
    }

    /// Writes what a trigger folded: the grouped upsert in key order under the advisory lock,
    /// then, when rows were taken away, the deletion of the keys whose HDs reached 0.
    fn write_folded(self) {
        if self.rows.is_empty() && self.spill.is_none() {
            return;
        }
        let removed = self.removed;
        Spi::connect_mut(lock_hudcache);
        self.for_each_sorted_chunk(|chunk| {
            Spi::connect_mut(|client| {
                let (upsert_plan, delete_plan) = trigger_plans(client);
                execute(client, upsert_plan, &upsert_args(chunk));
                if removed {
                    execute(client, delete_plan, &key_arrays(chunk));
                }
            })
        });
    }

    /// Calls `f` with the sums in key order, [`WRITE_CHUNK`] keys at a time: the keys held in
    /// memory, merged with the spilled runs (sums of the same key added).
    fn for_each_sorted_chunk(self, mut f: impl FnMut(&[(HudKey, Sums)])) {
        let rows = sorted(self.rows);
        let Some(mut spill) = self.spill else {
            rows.chunks(WRITE_CHUNK).for_each(f);
            return;
        };
        spill.write_run(rows);
        let mut chunk: Vec<(HudKey, Sums)> = Vec::with_capacity(WRITE_CHUNK);
        spill.merge(|key, sums| {
            chunk.push((key, sums));
            if chunk.len() == WRITE_CHUNK {
                f(&chunk);
                chunk.clear();
            }
        });
        if !chunk.is_empty() {
            f(&chunk);
        }
    }
}

fn sorted(rows: HashMap<HudKey, Sums>) -> Vec<(HudKey, Sums)> {
    let mut rows: Vec<(HudKey, Sums)> = rows.into_iter().collect();
    rows.sort_by_key(|(k, _)| *k);
    rows
}

/// Sorted runs of HudCache sums in a temporary file (PostgreSQL's BufFile: deleted at the end of
/// the transaction, counted by temp_file_limit), as fixed-size records.
struct Spill {
    file: *mut pg_sys::BufFile,
    /// Each run's first record and number of records.
    runs: Vec<(u64, u64)>,
    records: u64,
}

/// Records read from a run at a time while merging.
const MERGE_BATCH: usize = 64;
const BUFFILE_SEGMENT: u64 = 1 << 30;

impl Spill {
    fn new() -> Spill {
        // In the transaction's memory, not the caller's: a spill may start inside an SPI
        // connection, whose memory is freed when it ends. SAFETY: a temporary file of this
        // transaction, closed in Drop.
        let file = unsafe {
            pgrx::PgMemoryContexts::CurTransactionContext
                .switch_to(|_| pg_sys::BufFileCreateTemp(false))
        };
        Spill {
            file,
            runs: Vec::new(),
            records: 0,
        }
    }

    fn record_len() -> usize {
        4 + 2 + 2 + 4 + 8 + 8 + 5 * 8 + 8 + 8 + 8 * hud_count_indexes().len()
    }

    fn write_run(&mut self, rows: Vec<(HudKey, Sums)>) {
        if rows.is_empty() {
            return;
        }
        let mut buf = Vec::with_capacity(rows.len() * Self::record_len());
        for (k, s) in &rows {
            buf.extend(k.player_id.to_le_bytes());
            buf.extend(k.gametype_id.to_le_bytes());
            buf.extend(k.active_seats.to_le_bytes());
            buf.extend((k.position as u32).to_le_bytes());
            buf.extend(k.tourney_type_id.map_or(i64::MIN, i64::from).to_le_bytes());
            buf.extend(s.hds.to_le_bytes());
            for w in s.won {
                buf.extend(w.to_le_bytes());
            }
            buf.extend(s.total_profit.to_le_bytes());
            buf.extend(s.all_in_ev.to_le_bytes());
            for c in &s.counts {
                buf.extend(c.to_le_bytes());
            }
        }
        self.seek(self.records);
        // SAFETY: writes `buf` at the end of the spill file (BufFileWrite raises on failure).
        unsafe { pg_sys::BufFileWrite(self.file, buf.as_mut_ptr().cast(), buf.len()) };
        self.runs.push((self.records, rows.len() as u64));
        self.records += rows.len() as u64;
    }

    fn seek(&mut self, record: u64) {
        let at = record * Self::record_len() as u64;
        // SAFETY: seeks within the spill file.
        let rc = unsafe {
            pg_sys::BufFileSeek(
                self.file,
                (at / BUFFILE_SEGMENT) as i32,
                (at % BUFFILE_SEGMENT) as pg_sys::off_t,
                0, // SEEK_SET
            )
        };
        if rc != 0 {
            raise("58030", "fpdb: could not seek in the HudCache spill file");
        }
    }

    /// Reads up to `n` records from `record` on.
    fn read(&mut self, record: u64, n: usize) -> Vec<(HudKey, Sums)> {
        let len = Self::record_len();
        let mut buf = vec![0u8; n * len];
        self.seek(record);
        // SAFETY: reads into `buf`, which holds `n` records.
        let got = unsafe { pg_sys::BufFileRead(self.file, buf.as_mut_ptr().cast(), buf.len()) };
        if got != buf.len() {
            raise("58030", "fpdb: could not read back the HudCache spill file");
        }
        let counts = hud_count_indexes().len();
        buf.chunks_exact(len)
            .map(|r| {
                let mut at = 0;
                let mut take = |k: usize| {
                    let b = &r[at..at + k];
                    at += k;
                    b
                };
                let player_id = i32::from_le_bytes(take(4).try_into().unwrap_or_default());
                let gametype_id = i16::from_le_bytes(take(2).try_into().unwrap_or_default());
                let active_seats = i16::from_le_bytes(take(2).try_into().unwrap_or_default());
                let position =
                    char::from_u32(u32::from_le_bytes(take(4).try_into().unwrap_or_default()))
                        .unwrap_or('E');
                let tt = i64::from_le_bytes(take(8).try_into().unwrap_or_default());
                let i64_of = |b: &[u8]| i64::from_le_bytes(b.try_into().unwrap_or_default());
                let hds = i64_of(take(8));
                let mut won = [0.0; 5];
                for w in &mut won {
                    *w = f64::from_le_bytes(take(8).try_into().unwrap_or_default());
                }
                let total_profit = i64_of(take(8));
                let all_in_ev = i64_of(take(8));
                let counts = (0..counts).map(|_| i64_of(take(8))).collect();
                (
                    HudKey {
                        player_id,
                        gametype_id,
                        active_seats,
                        position,
                        tourney_type_id: (tt != i64::MIN).then_some(tt as i32),
                    },
                    Sums {
                        hds,
                        won,
                        total_profit,
                        all_in_ev,
                        counts,
                    },
                )
            })
            .collect()
    }

    /// Calls `f` with every key of the runs once, in key order, its sums added over the runs.
    fn merge(&mut self, mut f: impl FnMut(HudKey, Sums)) {
        use std::cmp::Reverse;
        use std::collections::{BinaryHeap, VecDeque};
        let runs = self.runs.clone();
        let mut next: Vec<(u64, u64)> = runs.clone(); // (next record, records left) per run
        let mut held: Vec<VecDeque<(HudKey, Sums)>> = vec![VecDeque::new(); runs.len()];
        let mut heap = BinaryHeap::new();
        let mut refill = |spill: &mut Spill, i: usize, held: &mut Vec<VecDeque<(HudKey, Sums)>>| {
            let (at, left) = next[i];
            let n = (left as usize).min(MERGE_BATCH);
            if n > 0 {
                held[i].extend(spill.read(at, n));
                next[i] = (at + n as u64, left - n as u64);
            }
        };
        for i in 0..runs.len() {
            refill(self, i, &mut held);
            if let Some((k, _)) = held[i].front() {
                heap.push(Reverse((*k, i)));
            }
        }
        let mut current: Option<(HudKey, Sums)> = None;
        while let Some(Reverse((_, i))) = heap.pop() {
            let Some((k, s)) = held[i].pop_front() else {
                continue;
            };
            if held[i].is_empty() {
                refill(self, i, &mut held);
            }
            if let Some((nk, _)) = held[i].front() {
                heap.push(Reverse((*nk, i)));
            }
            match current.as_mut() {
                Some((ck, cs)) if *ck == k => {
                    cs.hds += s.hds;
                    for (a, b) in cs.won.iter_mut().zip(s.won) {
                        *a += b;
                    }
                    cs.total_profit += s.total_profit;
                    cs.all_in_ev += s.all_in_ev;
                    for (a, b) in cs.counts.iter_mut().zip(&s.counts) {
                        *a += b;
                    }
                }
                _ => {
                    if let Some((ck, cs)) = current.replace((k, s)) {
                        f(ck, cs);
                    }
                }
            }
        }
        if let Some((ck, cs)) = current {
            f(ck, cs);
        }
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        // SAFETY: closes the spill file exactly once.
        unsafe { pg_sys::BufFileClose(self.file) };
    }
}

/// Keys per statement.
const WRITE_CHUNK: usize = 5000;

/// Key of the transaction-level advisory lock every fpdb writer of HudCache takes ('fpdbHUDC';
/// also in sql/hudcache.sql).
const HUDCACHE_LOCK: i64 = 0x6670_6462_4855_4443;

fn lock_hudcache(client: &mut SpiClient<'_>) {
    execute_sql(
        client,
        "SELECT pg_catalog.pg_advisory_xact_lock($1)",
        &[HUDCACHE_LOCK.into()],
    );
}

/// Runs one of fpdb's own statements; a failure is an internal error (the statement's own
/// errors, such as a constraint a user added, keep their SQLSTATE).
fn execute_sql(client: &mut SpiClient<'_>, sql: &str, args: &[DatumWithOid<'_>]) {
    if let Err(e) = client.update(sql, None, args) {
        raise("XX000", format!("fpdb: HudCache statement failed: {e}"));
    }
}

fn execute(client: &mut SpiClient<'_>, plan: &OwnedPreparedStatement, args: &[DatumWithOid<'_>]) {
    if let Err(e) = client.update(plan, None, args) {
        raise("XX000", format!("fpdb: HudCache statement failed: {e}"));
    }
}

/// The columns HudCache rows are written with, before the count columns, and the type of the
/// upsert's arrays; [`key_arrays`], [`upsert_args`] and [`push_direct_row`] follow this order.
const WRITTEN: [(&str, &str); 13] = [
    ("gametypeId", "int2"),
    ("playerId", "int4"),
    ("activeSeats", "int2"),
    ("position", "text"),
    ("tourneyTypeId", "int4"),
    ("HDs", "int8"),
    ("wonWhenSeenStreet1", "float8"),
    ("wonWhenSeenStreet2", "float8"),
    ("wonWhenSeenStreet3", "float8"),
    ("wonWhenSeenStreet4", "float8"),
    ("wonAtSD", "float8"),
    ("totalProfit", "int8"),
    ("allInEV", "int8"),
];

/// The key columns: the first [`WRITTEN`] columns, those of the unique index `hudcache_key`.
const KEY_COLUMNS: usize = 5;

/// Every written column (with its array type): [`WRITTEN`], then the count columns.
fn written_columns() -> &'static [(&'static str, &'static str)] {
    static COLS: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
        std::sync::OnceLock::new();
    COLS.get_or_init(|| {
        let mut cols = WRITTEN.to_vec();
        cols.extend(
            hud_count_indexes()
                .iter()
                .map(|&i| (COUNT_COLUMNS[i], "int8")),
        );
        cols
    })
}

/// The HudCache columns a new row is written with directly, with the type each value has in
/// the table (smallint keys, int counts, bigint totalProfit and allInEV, char(1) position).
fn hudcache_columns() -> &'static [(&'static str, crate::import::ColumnType)] {
    use crate::import::ColumnType as T;
    static COLS: std::sync::OnceLock<Vec<(&'static str, T)>> = std::sync::OnceLock::new();
    COLS.get_or_init(|| {
        written_columns()
            .iter()
            .map(|&(name, _)| {
                let t = match name {
                    "gametypeId" | "activeSeats" | "tourneyTypeId" => T::Int2,
                    "position" => T::Char(1),
                    "totalProfit" | "allInEV" => T::Int8,
                    n if n.starts_with("won") => T::Float8,
                    _ => T::Int4,
                };
                (name, t)
            })
            .collect()
    })
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
    row.push(Value::Int8(s.all_in_ev));
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

/// The rows of the five key arrays (to be named `k(g, p, s, pos, tt)`), and the condition that
/// HudCache row `h` has key `k` (NULL tournament types equal).
const KEYS_FROM: &str = "ROWS FROM (pg_catalog.unnest($1::pg_catalog.int2[]), \
     pg_catalog.unnest($2::pg_catalog.int4[]), pg_catalog.unnest($3::pg_catalog.int2[]), \
     pg_catalog.unnest($4::pg_catalog.text[]), pg_catalog.unnest($5::pg_catalog.int4[]))";
const KEY_MATCHES: &str = "h.playerId OPERATOR(pg_catalog.=) k.p \
     AND h.gametypeId OPERATOR(pg_catalog.=) k.g AND h.activeSeats OPERATOR(pg_catalog.=) k.s \
     AND h.position OPERATOR(pg_catalog.=) k.pos::pg_catalog.bpchar \
     AND (h.tourneyTypeId OPERATOR(pg_catalog.=) k.tt OR (h.tourneyTypeId IS NULL AND k.tt IS NULL))";

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
    for money in [|s: &Sums| s.total_profit, |s: &Sums| s.all_in_ev] {
        args.push(
            rows.iter()
                .map(|(_, s)| money(s))
                .collect::<Vec<i64>>()
                .into(),
        );
    }
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

fn upsert(client: &mut SpiClient<'_>, rows: &[(HudKey, Sums)]) {
    execute_sql(client, upsert_sql(), &upsert_args(rows));
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
            .map(|(i, (_, t))| format!("${}::pg_catalog.{}[]", i + 1, t))
            .collect();
        let sums: Vec<String> = names[5..]
            .iter()
            .map(|n| format!("{n} = h.{n} OPERATOR(pg_catalog.+) EXCLUDED.{n}"))
            .collect();
        format!(
            "INSERT INTO fpdb.HudCache AS h ({}) SELECT * FROM {} \
             ON CONFLICT ON CONSTRAINT hudcache_key DO UPDATE SET {}",
            names.join(", "),
            crate::import::rows_from(&arrays),
            sums.join(", ")
        )
    })
}

/// The trigger's upsert and its deletion of emptied keys, prepared once per backend.
fn trigger_plans(
    client: &SpiClient<'_>,
) -> &'static (OwnedPreparedStatement, OwnedPreparedStatement) {
    PLANS.with(|plans| {
        let plans = plans.get_or_init(|| {
            let types: Vec<pgrx::PgOid> = written_columns()
                .iter()
                .map(|(_, t)| array_type(t))
                .collect();
            let upsert = client
                .prepare_mut(upsert_sql(), &types)
                .unwrap_or_else(|e| raise("XX000", format!("fpdb: HudCache upsert: {e}")))
                .keep();
            let delete_sql = format!(
                "DELETE FROM fpdb.HudCache h USING {KEYS_FROM} AS k(g, p, s, pos, tt) \
                 WHERE h.HDs OPERATOR(pg_catalog.<=) 0 AND {KEY_MATCHES}"
            );
            let delete = client
                .prepare_mut(delete_sql.as_str(), &types[..5])
                .unwrap_or_else(|e| raise("XX000", format!("fpdb: HudCache delete: {e}")))
                .keep();
            (upsert, delete)
        });
        // SAFETY: the plans live in a thread-local that is never dropped before the backend
        // exits; PostgreSQL backends are single-threaded.
        unsafe { &*(plans as *const (OwnedPreparedStatement, OwnedPreparedStatement)) }
    })
}

fn array_type(t: &str) -> pgrx::PgOid {
    use pgrx::PgBuiltInOids as B;
    pgrx::PgOid::BuiltIn(match t {
        "int2" => B::INT2ARRAYOID,
        "int4" => B::INT4ARRAYOID,
        "int8" => B::INT8ARRAYOID,
        "float8" => B::FLOAT8ARRAYOID,
        _ => B::TEXTARRAYOID,
    })
}

// ---------------------------------------------------------------------------------------------
// The trigger
// ---------------------------------------------------------------------------------------------

/// Where the columns HudCache needs are in a HandsPlayers tuple (0-based attribute indexes).
struct HandsPlayersColumns {
    gametype: usize,
    player: usize,
    seats: usize,
    position: usize,
    tourney_type: usize,
    won: [usize; 5],
    total_profit: usize,
    all_in_ev: usize,
    counts: Vec<usize>,
    /// Type of every attribute of the tuple descriptor.
    types: Vec<pg_sys::Oid>,
}

impl HandsPlayersColumns {
    /// Finds the columns by name in the table's descriptor (a user may have added, dropped or
    /// reordered columns); a missing column is an error that names it.
    unsafe fn of(desc: pg_sys::TupleDesc) -> HandsPlayersColumns {
        let natts = (*desc).natts as usize;
        let mut by_name: HashMap<String, usize> = HashMap::with_capacity(natts);
        let mut types = Vec::with_capacity(natts);
        for i in 0..natts {
            let att = (*desc).attrs.as_ptr().add(i);
            types.push((*att).atttypid);
            if (*att).attisdropped {
                continue;
            }
            let name = std::ffi::CStr::from_ptr((*att).attname.data.as_ptr());
            by_name.insert(name.to_string_lossy().to_ascii_lowercase(), i);
        }
        let find = |name: &str| -> usize {
            by_name
                .get(&name.to_ascii_lowercase())
                .copied()
                .unwrap_or_else(|| {
                    raise(
                        "42703",
                        format!(
                            "fpdb: HudCache needs column HandsPlayers.{name}, which is missing"
                        ),
                    )
                })
        };
        let won_names = [
            "wonWhenSeenStreet1",
            "wonWhenSeenStreet2",
            "wonWhenSeenStreet3",
            "wonWhenSeenStreet4",
            "wonAtSD",
        ];
        HandsPlayersColumns {
            gametype: find("gametypeId"),
            player: find("playerId"),
            seats: find("activeSeats"),
            position: find("position"),
            tourney_type: find("tourneyTypeId"),
            won: won_names.map(find),
            total_profit: find("totalProfit"),
            all_in_ev: find("allInEV"),
            counts: hud_count_indexes()
                .iter()
                .map(|&i| find(COUNT_COLUMNS[i]))
                .collect(),
            types,
        }
    }
}

/// A number of a HandsPlayers column, whatever numeric type a user gave it.
unsafe fn number(d: pg_sys::Datum, null: bool, typid: pg_sys::Oid, column: usize) -> f64 {
    if null {
        return 0.0;
    }
    match typid {
        pg_sys::INT2OID => d.value() as i16 as f64,
        pg_sys::INT4OID => d.value() as i32 as f64,
        pg_sys::INT8OID => d.value() as i64 as f64,
        pg_sys::BOOLOID => f64::from(u8::from(d.value() != 0)),
        pg_sys::FLOAT8OID => f64::from_bits(d.value() as u64),
        pg_sys::FLOAT4OID => f64::from(f32::from_bits(d.value() as u32)),
        pg_sys::NUMERICOID => {
            pgrx::direct_function_call::<f64>(pg_sys::numeric_float8, &[Some(d)]).unwrap_or(0.0)
        }
        other => raise(
            "42804",
            format!(
                "fpdb: HudCache cannot sum HandsPlayers column {} of type {other:?}",
                column + 1
            ),
        ),
    }
}

/// An integer of a HandsPlayers column (counts, money, keys).
unsafe fn integer(d: pg_sys::Datum, null: bool, typid: pg_sys::Oid, column: usize) -> i64 {
    number(d, null, typid, column).round() as i64
}

/// Folds the rows of a transition table into `delta` with `sign` (+1 added, −1 taken away).
unsafe fn fold_transition_table(
    delta: &mut HudCacheDelta,
    store: *mut pg_sys::Tuplestorestate,
    desc: pg_sys::TupleDesc,
    cols: &HandsPlayersColumns,
    sign: i64,
) {
    if store.is_null() {
        return;
    }
    if sign < 0 {
        delta.removed = true;
    }
    let f = sign as f64;
    let slot = pg_sys::MakeSingleTupleTableSlot(desc, &pg_sys::TTSOpsMinimalTuple);
    // A read pointer of our own, as a scan of the transition table in a query would take.
    let ptr = pg_sys::tuplestore_alloc_read_pointer(store, pg_sys::EXEC_FLAG_REWIND as i32);
    pg_sys::tuplestore_select_read_pointer(store, ptr);
    pg_sys::tuplestore_rescan(store);
    let natts = (*desc).natts as usize;
    let mut rows = 0u64;
    while pg_sys::tuplestore_gettupleslot(store, true, false, slot) {
        pg_sys::slot_getallattrs(slot);
        let values = std::slice::from_raw_parts((*slot).tts_values, natts);
        let nulls = std::slice::from_raw_parts((*slot).tts_isnull, natts);
        let int = |i: usize| integer(values[i], nulls[i], cols.types[i], i);
        let position = if nulls[cols.position] {
            '9'
        } else {
            let text = pg_sys::text_to_cstring(values[cols.position].cast_mut_ptr());
            let c = std::ffi::CStr::from_ptr(text)
                .to_bytes()
                .first()
                .map_or('9', |&b| b as char);
            pg_sys::pfree(text.cast());
            c
        };
        let key = HudKey {
            player_id: int(cols.player) as i32,
            gametype_id: int(cols.gametype) as i16,
            active_seats: int(cols.seats) as i16,
            position: fpdb_core::stats::hudcache_position(position),
            tourney_type_id: (!nulls[cols.tourney_type]).then(|| int(cols.tourney_type) as i32),
        };
        let s = delta.sums(key);
        s.hds += sign;
        for (w, &i) in s.won.iter_mut().zip(&cols.won) {
            *w += f * number(values[i], nulls[i], cols.types[i], i);
        }
        s.total_profit += sign * int(cols.total_profit);
        s.all_in_ev += sign * int(cols.all_in_ev);
        for (c, &i) in s.counts.iter_mut().zip(&cols.counts) {
            *c += sign * int(i);
        }
        rows += 1;
        if rows.is_multiple_of(100_000) {
            check_for_interrupts!();
        }
    }
    pg_sys::ExecDropSingleTupleTableSlot(slot);
    pg_sys::tuplestore_select_read_pointer(store, 0);
}

/// The HudCache trigger of HandsPlayers (AFTER INSERT, UPDATE and DELETE, FOR EACH STATEMENT,
/// with transition tables): folds the statement's new rows in and its old rows out, one grouped
/// upsert for the whole statement, then deletes the keys whose HDs reached 0.
#[pg_trigger]
fn _hudcache_fold<'a>(
    trigger: &'a PgTrigger<'a>,
) -> Result<Option<PgHeapTuple<'a, AllocatedByPostgres>>, PgHeapTupleError> {
    let td = trigger.trigger_data();
    let inserting = !td.tg_newtable.is_null() && td.tg_oldtable.is_null();
    if inserting && IMPORT_FOLDS_AT.get() == Some(trigger_depth() - 1) {
        return Ok(None); // the import's own statement: it folds these rows itself
    }
    let mut delta = HudCacheDelta::default();
    // SAFETY: the transition tables and the descriptor belong to this trigger call; each is read
    // through a read pointer of its own with a slot made for the descriptor.
    unsafe {
        let desc = (*td.tg_relation).rd_att;
        let cols = HandsPlayersColumns::of(desc);
        fold_transition_table(&mut delta, td.tg_oldtable, desc, &cols, -1);
        fold_transition_table(&mut delta, td.tg_newtable, desc, &cols, 1);
    }
    delta.write_folded();
    Ok(None)
}

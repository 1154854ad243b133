//! Writing HandsPlayers, HandsActions and BoardCards rows straight into the table and its
//! indexes, the way COPY does, instead of through an INSERT statement.
//!
//! An INSERT of a hand's rows pays, per row, for array unnesting, a foreign-key check (an index
//! probe planned and run through SPI) and the capture of the row into the HudCache triggers'
//! transition table — about three quarters of the time of an import. The import needs none of
//! it for the rows it writes itself: it has just found or created every row they reference (and
//! holds a KEY SHARE lock on them, taken once per import, which is what the foreign-key checks
//! would have taken row by row), and it folds these rows into HudCache itself.
//!
//! The direct path is used only when it is exactly equivalent to the INSERT: the table uses the
//! heap access method, row-level security is off, the caller may insert into the table, and the
//! table has no trigger beyond fpdb's own (foreign-key, commentTs and HudCache triggers). When any
//! of these does not hold, [`DirectTable::open`] returns `None` and the import uses INSERT
//! statements. Values are checked against their columns before they reach this module (lengths,
//! ranges); CHECK constraints of these tables hold by construction of the values.

use std::ffi::CStr;

use pgrx::pg_sys;
use pgrx::prelude::*;

/// Triggers of fpdb's own on the tables written directly: commentTs (fires only when a comment
/// is given, which imports never do) and HudCache (the import maintains HudCache itself).
const OWN_TRIGGERS: &[&str] = &[
    "hands_comment_ts_insert",
    "hands_comment_ts_update",
    "hands_hudcache_key",
    "handsplayers_comment_ts_insert",
    "handsplayers_comment_ts_update",
    "handsactions_comment_ts_insert",
    "handsactions_comment_ts_update",
    "handsplayers_hudcache_insert",
    "handsplayers_hudcache_delete",
    "handsplayers_hudcache_update",
    "handsplayers_hudcache_truncate",
];

/// Rows written per call of `heap_multi_insert` (one WAL record per page instead of per row).
const MULTI_INSERT: usize = 256;

/// A table opened for direct inserts.
pub(crate) struct DirectTable {
    rel: pg_sys::Relation,
    estate: *mut pg_sys::EState,
    rri: *mut pg_sys::ResultRelInfo,
    /// Heap-tuple slots, one per row of a multi-insert.
    slots: Vec<*mut pg_sys::TupleTableSlot>,
    bistate: pg_sys::BulkInsertState,
    id_seq: pg_sys::Oid,
    /// Attribute index (attnum − 1) of the identity column `id`.
    id_index: usize,
    /// For each attribute of the table (by attnum − 1), the index of its value in the rows the
    /// caller passes, or `None` for the id column and columns left NULL.
    source: Vec<Option<usize>>,
    /// For [`DirectTable::insert_unless_present`]: the unique index whose key decides whether a
    /// row is already stored (a one-element list of its oid), else null.
    arbiter: *mut pg_sys::List,
}

/// A value for one column.
#[derive(Clone, Copy)]
pub(crate) enum Value<'a> {
    Null,
    Int2(i16),
    Int4(i32),
    Int8(i64),
    Float8(f64),
    Bool(bool),
    Text(&'a str),
    /// A timestamptz: microseconds since 2000-01-01 00:00 UTC.
    Timestamptz(i64),
}

/// Rows of one table, row-major in one buffer: one allocation per batch instead of one per row.
pub(crate) struct Rows<'a> {
    width: usize,
    /// Every row's values, row after row; each row has `width` values.
    pub values: Vec<Value<'a>>,
}

impl<'a> Rows<'a> {
    /// No rows yet, each row to have `width` values.
    pub(crate) fn new(width: usize) -> Rows<'a> {
        Rows {
            width,
            values: Vec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len() / self.width
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The rows, each a slice of `width` values.
    pub(crate) fn iter(&self) -> std::slice::ChunksExact<'_, Value<'a>> {
        debug_assert_eq!(
            self.values.len() % self.width,
            0,
            "a row of the wrong width"
        );
        self.values.chunks_exact(self.width)
    }
}

impl DirectTable {
    /// Opens `fpdb.<table>` for direct inserts of rows whose values come in the order of
    /// `columns` (lower-case names); the identity column `id` is filled from its sequence.
    /// `None` when the direct path would not be equivalent to an INSERT.
    pub(crate) fn open(table: &CStr, columns: &[&str]) -> Option<DirectTable> {
        Self::open_with(table, columns, None)
    }

    /// Opens `fpdb.<table>` for [`DirectTable::insert_unless_present`] with the unique index
    /// `arbiter`, as INSERT ... ON CONFLICT (that index) DO NOTHING. Only under READ COMMITTED,
    /// where ON CONFLICT DO NOTHING skips a row committed after the statement's snapshot; at
    /// higher isolation levels it raises a serialization failure instead, so the caller uses the
    /// statement there.
    pub(crate) fn open_unless_present(
        table: &CStr,
        columns: &[&str],
        arbiter: &CStr,
    ) -> Option<DirectTable> {
        // SAFETY: reads the transaction's isolation level.
        if unsafe { pg_sys::XactIsoLevel } != pg_sys::XACT_READ_COMMITTED as i32 {
            return None;
        }
        Self::open_with(table, columns, Some(arbiter))
    }

    fn open_with(table: &CStr, columns: &[&str], arbiter: Option<&CStr>) -> Option<DirectTable> {
        // SAFETY: plain catalog lookups and executor-state setup, as COPY FROM does; every
        // pointer comes from PostgreSQL and is checked before use.
        unsafe {
            let relid = fpdb_relid(table);
            if relid == pg_sys::InvalidOid {
                return None;
            }
            if pg_sys::pg_class_aclcheck(
                relid,
                pg_sys::GetUserId(),
                pg_sys::ACL_INSERT as pg_sys::AclMode,
            ) != pg_sys::AclResult::ACLCHECK_OK
            {
                return None; // the INSERT path reports the missing privilege
            }
            let rel = pg_sys::table_open(relid, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
            let form = (*rel).rd_rel;
            if (*form).relam != pg_sys::HEAP_TABLE_AM_OID
                || (*form).relrowsecurity
                || !only_own_triggers(rel)
            {
                pg_sys::table_close(rel, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
                return None;
            }
            let desc = (*rel).rd_att;
            let natts = (*desc).natts as usize;
            let mut source = vec![None; natts];
            let mut id_attnum = 0;
            for (i, slot) in source.iter_mut().enumerate() {
                let att = (*desc).attrs.as_ptr().add(i);
                if (*att).attisdropped {
                    continue;
                }
                let name = CStr::from_ptr((*att).attname.data.as_ptr())
                    .to_str()
                    .unwrap_or("");
                if name == "id" {
                    id_attnum = i + 1;
                    continue;
                }
                *slot = columns.iter().position(|c| c.eq_ignore_ascii_case(name));
                if slot.is_none() && (*att).attnotnull {
                    // A NOT NULL column the caller does not fill: only INSERT can apply its default.
                    pg_sys::table_close(rel, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
                    return None;
                }
            }
            if id_attnum == 0 {
                pg_sys::table_close(rel, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
                return None;
            }
            let id_seq = pg_sys::getIdentitySequence(relid, id_attnum as pg_sys::AttrNumber, false);
            let estate = pg_sys::CreateExecutorState();
            let rri = pg_sys::palloc0(std::mem::size_of::<pg_sys::ResultRelInfo>())
                as *mut pg_sys::ResultRelInfo;
            (*rri).type_ = pg_sys::NodeTag::T_ResultRelInfo;
            pg_sys::InitResultRelInfo(rri, rel, 1, std::ptr::null_mut(), 0);
            let mut arbiter_list = std::ptr::null_mut();
            if let Some(name) = arbiter {
                let index = fpdb_relid(name);
                if index == pg_sys::InvalidOid {
                    pg_sys::pfree(rri.cast());
                    pg_sys::FreeExecutorState(estate);
                    pg_sys::table_close(rel, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
                    return None;
                }
                arbiter_list = pg_sys::lappend_oid(std::ptr::null_mut(), index);
            }
            // Speculative: the unique indexes get what a conflict check needs, as for ON CONFLICT.
            pg_sys::ExecOpenIndices(rri, arbiter.is_some());
            // Made here, in the import's memory context: they live as long as the import.
            let slots = (0..MULTI_INSERT)
                .map(|_| pg_sys::MakeSingleTupleTableSlot(desc, &pg_sys::TTSOpsHeapTuple))
                .collect();
            let bistate = pg_sys::GetBulkInsertState();
            Some(DirectTable {
                rel,
                estate,
                rri,
                slots,
                bistate,
                id_seq,
                id_index: id_attnum - 1,
                source,
                arbiter: arbiter_list,
            })
        }
    }

    /// Inserts rows (values in the order of the `columns` given to [`DirectTable::open`]) and
    /// returns their ids, in order.
    pub(crate) fn insert_many(&mut self, rows: &Rows<'_>) -> Vec<i64> {
        let mut ids = Vec::with_capacity(rows.len());
        for chunk in rows.values.chunks(MULTI_INSERT * rows.width) {
            let chunk = chunk.chunks_exact(rows.width);
            let n = chunk.len();
            check_for_interrupts!();
            // SAFETY: each slot gets one datum per attribute of the table's own descriptor; the
            // heap tuples are made by the slots and inserted as COPY FROM inserts them, then
            // their index entries are made from the tuple ids heap_multi_insert set.
            unsafe {
                // Text made for the rows, freed once the heap tuples hold copies of it.
                let mut texts: Vec<pg_sys::Datum> = Vec::new();
                for (slot, row) in self.slots.iter().zip(chunk) {
                    ids.push(self.fill(*slot, row, &mut texts));
                }
                pg_sys::heap_multi_insert(
                    self.rel,
                    self.slots.as_mut_ptr(),
                    n as i32,
                    pg_sys::GetCurrentCommandId(true),
                    0,
                    self.bistate,
                );
                for &slot in &self.slots[..n] {
                    if (*self.rri).ri_NumIndices > 0 {
                        let recheck = pg_sys::ExecInsertIndexTuples(
                            self.rri,
                            slot,
                            self.estate,
                            false,
                            false,
                            std::ptr::null_mut(),
                            std::ptr::null_mut(),
                        );
                        pg_sys::list_free(recheck);
                        self.reset_per_tuple();
                    }
                    pg_sys::ExecClearTuple(slot);
                }
                for t in texts {
                    pg_sys::pfree(t.cast_mut_ptr());
                }
            }
        }
        ids
    }

    /// Stores `row` in `slot` as a virtual tuple with a new id from the table's sequence; returns
    /// the id. Text made for the row is added to `texts`, to be freed once the row is written.
    ///
    /// # Safety
    /// `slot` is one of this table's slots.
    unsafe fn fill(
        &self,
        slot: *mut pg_sys::TupleTableSlot,
        row: &[Value<'_>],
        texts: &mut Vec<pg_sys::Datum>,
    ) -> i64 {
        pg_sys::ExecClearTuple(slot);
        let id = pgrx::direct_function_call_as_datum(
            pg_sys::nextval_oid,
            &[Some(pg_sys::Datum::from(self.id_seq))],
        )
        .unwrap_or_else(|| crate::errors::raise("XX000", "nextval returned NULL"));
        let natts = self.source.len();
        let values = std::slice::from_raw_parts_mut((*slot).tts_values, natts);
        let nulls = std::slice::from_raw_parts_mut((*slot).tts_isnull, natts);
        for (i, ((src, datum), null)) in self.source.iter().zip(values).zip(nulls).enumerate() {
            (*datum, *null) = match *src {
                Some(k) => {
                    let v = row[k];
                    let d = to_datum(v);
                    if let Value::Text(_) = v {
                        texts.push(d.0);
                    }
                    d
                }
                None if i == self.id_index => (id, false),
                None => (pg_sys::Datum::from(0usize), true),
            };
        }
        pg_sys::ExecStoreVirtualTuple(slot);
        id.value() as i64
    }

    /// Inserts `row` unless the table holds a row with the same key in the arbiter index given
    /// to [`DirectTable::open_unless_present`]; returns the new row's id, or `None` when the key
    /// is already stored. This is the speculative insertion of INSERT ... ON CONFLICT DO
    /// NOTHING: a row another transaction is inserting with the same key is waited for, and
    /// counts as present once that transaction commits; two sessions inserting the same key at
    /// once store it once, without an error.
    pub(crate) fn insert_unless_present(&mut self, row: &[Value<'_>]) -> Option<i64> {
        assert!(
            !self.arbiter.is_null(),
            "insert_unless_present needs a table opened with an arbiter index"
        );
        // SAFETY: the steps and their order are those of ExecInsert for ON CONFLICT DO NOTHING;
        // the slot holds one datum per attribute of the table's descriptor.
        unsafe {
            let slot = self.slots[0];
            let mut texts = Vec::new();
            let id = self.fill(slot, row, &mut texts);
            let inserted = loop {
                check_for_interrupts!();
                let mut conflict = pg_sys::ItemPointerData::default();
                if !pg_sys::ExecCheckIndexConstraints(
                    self.rri,
                    slot,
                    self.estate,
                    &mut conflict,
                    self.arbiter,
                ) {
                    break false;
                }
                let xid = pg_sys::GetCurrentTransactionId();
                let token = pg_sys::SpeculativeInsertionLockAcquire(xid);
                pg_sys::table_tuple_insert_speculative(
                    self.rel,
                    slot,
                    pg_sys::GetCurrentCommandId(true),
                    0,
                    std::ptr::null_mut(),
                    token,
                );
                let mut spec_conflict = false;
                let recheck = pg_sys::ExecInsertIndexTuples(
                    self.rri,
                    slot,
                    self.estate,
                    false,
                    true,
                    &mut spec_conflict,
                    self.arbiter,
                );
                pg_sys::table_tuple_complete_speculative(self.rel, slot, token, !spec_conflict);
                pg_sys::SpeculativeInsertionLockRelease(xid);
                pg_sys::list_free(recheck);
                self.reset_per_tuple();
                if !spec_conflict {
                    break true;
                }
                // Another transaction inserted the key meanwhile: check again (waits for it).
            };
            self.reset_per_tuple();
            pg_sys::ExecClearTuple(slot);
            for t in texts {
                pg_sys::pfree(t.cast_mut_ptr());
            }
            inserted.then_some(id)
        }
    }

    /// Frees what index insertion and conflict checks evaluated in the per-tuple context.
    unsafe fn reset_per_tuple(&self) {
        let econtext = (*self.estate).es_per_tuple_exprcontext;
        if !econtext.is_null() {
            pg_sys::MemoryContextReset((*econtext).ecxt_per_tuple_memory);
        }
    }

    /// Releases the executor state; the table stays locked until the end of the transaction.
    pub(crate) fn close(self) {
        // SAFETY: each resource was created in `open` and is released exactly once here.
        unsafe {
            pg_sys::FreeBulkInsertState(self.bistate);
            for slot in self.slots {
                pg_sys::ExecDropSingleTupleTableSlot(slot);
            }
            pg_sys::ExecCloseIndices(self.rri);
            if !self.arbiter.is_null() {
                pg_sys::list_free(self.arbiter);
            }
            pg_sys::FreeExecutorState(self.estate);
            pg_sys::table_close(self.rel, pg_sys::NoLock as pg_sys::LOCKMODE);
            // Later statements of this transaction must see the rows.
            pg_sys::CommandCounterIncrement();
        }
    }
}

/// Whether the current user may take row locks on `fpdb.<table>` (UPDATE privilege), which the
/// KEY SHARE locks standing in for a foreign-key check need.
pub(crate) fn may_lock_rows(table: &CStr) -> bool {
    let relid = fpdb_relid(table);
    // SAFETY: a catalog lookup.
    unsafe {
        relid != pg_sys::InvalidOid
            && pg_sys::pg_class_aclcheck(
                relid,
                pg_sys::GetUserId(),
                pg_sys::ACL_UPDATE as pg_sys::AclMode,
            ) == pg_sys::AclResult::ACLCHECK_OK
    }
}

/// The oid of the relation `fpdb.<name>` (lower-case), or InvalidOid.
fn fpdb_relid(name: &CStr) -> pg_sys::Oid {
    // SAFETY: catalog lookups; the schema exists while the extension does.
    unsafe {
        let nsp = pg_sys::get_namespace_oid(c"fpdb".as_ptr(), false);
        pg_sys::get_relname_relid(name.as_ptr(), nsp)
    }
}

/// Whether every trigger of the table is a foreign-key trigger or one of fpdb's own.
unsafe fn only_own_triggers(rel: pg_sys::Relation) -> bool {
    let td = (*rel).trigdesc;
    if td.is_null() {
        return true;
    }
    for i in 0..(*td).numtriggers as usize {
        let t = (*td).triggers.add(i);
        if (*t).tgisinternal {
            continue; // foreign-key (RI) triggers: the import holds the referenced rows locked
        }
        let name = CStr::from_ptr((*t).tgname).to_str().unwrap_or("");
        if !OWN_TRIGGERS.contains(&name) {
            return false;
        }
    }
    true
}

/// The datum of a value; text is copied into palloc'd memory (freed after the row is written).
#[inline]
unsafe fn to_datum(v: Value<'_>) -> (pg_sys::Datum, bool) {
    match v {
        Value::Null => (pg_sys::Datum::from(0usize), true),
        Value::Int2(x) => (pg_sys::Datum::from(x), false),
        Value::Int4(x) => (pg_sys::Datum::from(x), false),
        Value::Int8(x) => (pg_sys::Datum::from(x), false),
        Value::Float8(x) => (pg_sys::Datum::from(x.to_bits()), false),
        Value::Bool(x) => (pg_sys::Datum::from(x), false),
        Value::Timestamptz(x) => (pg_sys::Datum::from(x), false),
        Value::Text(s) => {
            let t = pg_sys::cstring_to_text_with_len(
                s.as_ptr() as *const std::ffi::c_char,
                s.len() as i32,
            );
            (pg_sys::Datum::from(t), false)
        }
    }
}

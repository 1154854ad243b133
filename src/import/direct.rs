//! Writing Hands, HandsPlayers, HandsActions, BoardCards and HudCache rows straight into the
//! table and its indexes, the way COPY does, instead of through an INSERT statement.
//!
//! An INSERT of a hand's rows pays, per row, for array unnesting, a foreign-key check (an index
//! probe planned and run through SPI) and the capture of the row into the HudCache trigger's
//! transition table — about three quarters of the time of an import. The import needs none of
//! it for the rows it writes itself: it has just found or created every row they reference (and
//! holds a KEY SHARE lock on them, taken once per import, which is what the foreign-key checks
//! would have taken row by row), and it folds these rows into HudCache itself.
//!
//! The direct path is used only when it is provably what the INSERT would do; otherwise
//! [`DirectTable::open`] returns `None` and the import uses INSERT statements. It must hold that:
//! - the table is a plain heap table (not partitioned, not distributed by Citus), without
//!   row-level security and without rules, and the caller may insert into it;
//! - every constraint of the table is one of fpdb's own, and every trigger that fires on INSERT is
//!   one of fpdb's own or the internal trigger of one of fpdb's own constraints — "own" by oid, as
//!   recorded in `fpdb._own_objects` when the extension was installed or updated, never by name
//!   (fpdb's CHECK constraints hold by construction of the values, its foreign keys are covered by
//!   the import's row locks, its triggers are the HudCache and commentTs triggers the import
//!   stands in for);
//! - every column the import fills has exactly the type and type modifier the import writes, so
//!   the datum is what the INSERT's assignment would store (`char(n)` values are padded and
//!   `varchar(n)` values checked as the INSERT's cast does), and every other column is nullable
//!   and has no default and is not generated (the INSERT would store NULL), but for the identity
//!   column `id`, filled from its own sequence as the INSERT's default would.
//!
//! A NULL for a NOT NULL column raises 23502 as the INSERT would.
//!
//! HudCache rows an import adds to are updated the same way ([`DirectTable::add_to_stored`]):
//! the steps of INSERT ... ON CONFLICT DO UPDATE for a stored key, without the statement's
//! arrays, their unnesting and its per-row expression evaluation. Its conditions are those above,
//! and READ COMMITTED, the UPDATE privilege and no trigger but fpdb's own that fires on UPDATE.

use std::ffi::CStr;

use pgrx::pg_sys;
use pgrx::prelude::*;

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
    /// For [`DirectTable::add_to_stored`]: the index of the first value of a row that is added
    /// to the stored row (the values before it are the key), and the slot the stored row is
    /// locked into; else `usize::MAX` and null.
    summed_from: usize,
    existing: *mut pg_sys::TupleTableSlot,
    /// For each attribute: its type as the import writes it (`char(n)` values are padded), and
    /// whether it is NOT NULL.
    columns: Vec<(Option<ColumnType>, bool)>,
    /// Attribute names, for the errors an INSERT would raise.
    names: Vec<String>,
    /// For [`DirectTable::insert_unless_present`]: the unique index whose key decides whether a
    /// row is already stored (a one-element list of its oid), else null.
    arbiter: *mut pg_sys::List,
}

/// The type of a column as the import writes it: what the column's type and type modifier must
/// be for a value to be stored directly as an INSERT would store it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ColumnType {
    Int2,
    Int4,
    Int8,
    Float8,
    Bool,
    Timestamptz,
    Text,
    /// `varchar(n)`: values of more than n characters are refused (22001), as the INSERT's cast
    /// refuses them.
    Varchar(u32),
    /// `char(n)`: values are padded with spaces to n characters, as the INSERT's cast pads them.
    Char(u32),
    Bytea,
}

impl ColumnType {
    /// The element type of the array the INSERT path passes the column's values in.
    pub(crate) fn array_type(self) -> &'static str {
        match self {
            ColumnType::Int2 => "pg_catalog.int2",
            ColumnType::Int4 => "pg_catalog.int4",
            ColumnType::Int8 => "pg_catalog.int8",
            ColumnType::Float8 => "pg_catalog.float8",
            ColumnType::Bool => "pg_catalog.bool",
            ColumnType::Timestamptz => "pg_catalog.timestamptz",
            ColumnType::Text | ColumnType::Varchar(_) | ColumnType::Char(_) => "pg_catalog.text",
            ColumnType::Bytea => "pg_catalog.bytea",
        }
    }

    /// Whether a column of type `typid` with modifier `typmod` stores this type's values as they
    /// are written.
    fn matches(self, typid: pg_sys::Oid, typmod: i32) -> bool {
        const VARHDRSZ: i32 = 4;
        let (want, want_mod) = match self {
            ColumnType::Int2 => (pg_sys::INT2OID, -1),
            ColumnType::Int4 => (pg_sys::INT4OID, -1),
            ColumnType::Int8 => (pg_sys::INT8OID, -1),
            ColumnType::Float8 => (pg_sys::FLOAT8OID, -1),
            ColumnType::Bool => (pg_sys::BOOLOID, -1),
            ColumnType::Timestamptz => (pg_sys::TIMESTAMPTZOID, -1),
            ColumnType::Text => (pg_sys::TEXTOID, -1),
            ColumnType::Varchar(n) => (pg_sys::VARCHAROID, n as i32 + VARHDRSZ),
            ColumnType::Char(n) => (pg_sys::BPCHAROID, n as i32 + VARHDRSZ),
            ColumnType::Bytea => (pg_sys::BYTEAOID, -1),
        };
        typid == want && typmod == want_mod
    }
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
    Bytes(&'a [u8]),
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
    /// `columns` (name, type as written); the identity column `id` is filled from its sequence.
    /// `None` when the direct path would not be exactly what an INSERT does.
    pub(crate) fn open<N: AsRef<str>>(
        table: &CStr,
        columns: &[(N, ColumnType)],
    ) -> Option<DirectTable> {
        Self::open_with(table, columns, None, true, TRIGGER_TYPE_INSERT)
    }

    /// Opens `fpdb.<table>`, a table without an `id` column (its key is among `columns`), for
    /// direct inserts with [`DirectTable::insert_many`], whose ids are then all 0.
    pub(crate) fn open_without_id<N: AsRef<str>>(
        table: &CStr,
        columns: &[(N, ColumnType)],
    ) -> Option<DirectTable> {
        Self::open_with(table, columns, None, false, TRIGGER_TYPE_INSERT)
    }

    /// Opens `fpdb.<table>` for [`DirectTable::insert_unless_present`] with the unique index
    /// `arbiter`, as INSERT ... ON CONFLICT (that index) DO NOTHING. Only under READ COMMITTED,
    /// where ON CONFLICT DO NOTHING skips a row committed after the statement's snapshot; at
    /// higher isolation levels it raises a serialization failure instead, so the caller uses the
    /// statement there.
    pub(crate) fn open_unless_present<N: AsRef<str>>(
        table: &CStr,
        columns: &[(N, ColumnType)],
        arbiter: &CStr,
    ) -> Option<DirectTable> {
        // SAFETY: reads the transaction's isolation level.
        if unsafe { pg_sys::XactIsoLevel } != pg_sys::XACT_READ_COMMITTED as i32 {
            return None;
        }
        Self::open_with(table, columns, Some(arbiter), true, TRIGGER_TYPE_INSERT)
    }

    /// Opens `fpdb.<table>` for [`DirectTable::add_to_stored`] with the unique index `arbiter`,
    /// whose key is the first `key_columns` of `columns`: INSERT ... ON CONFLICT (that index) DO
    /// UPDATE SET c = c + EXCLUDED.c for every other column, the stored rows' half of it (the
    /// caller inserts the rows whose key is not stored with [`DirectTable::insert_many`]).
    /// Besides what [`DirectTable::open`] requires: READ COMMITTED (at higher isolation levels
    /// ON CONFLICT raises a serialization failure for a row it cannot see, so the caller uses the
    /// statement there), UPDATE privilege on the table, no trigger but fpdb's own that fires on
    /// UPDATE, and no constraint but fpdb's own (for HudCache: NOT NULL and the keys, which a
    /// sum of NOT NULL columns keeps).
    pub(crate) fn open_adding<N: AsRef<str>>(
        table: &CStr,
        columns: &[(N, ColumnType)],
        arbiter: &CStr,
        key_columns: usize,
    ) -> Option<DirectTable> {
        // SAFETY: reads the transaction's isolation level.
        let read_committed = unsafe { pg_sys::XactIsoLevel } == pg_sys::XACT_READ_COMMITTED as i32;
        if !read_committed || !may_update(table) {
            return None;
        }
        let mut t = Self::open_with(
            table,
            columns,
            Some(arbiter),
            true,
            TRIGGER_TYPE_INSERT | TRIGGER_TYPE_UPDATE,
        )?;
        // SAFETY: the relation is open; the slot is dropped in `close`.
        unsafe {
            // What an UPDATE checks of its target (a publication's replica identity).
            pg_sys::CheckValidResultRel(t.rri, pg_sys::CmdType::CMD_UPDATE);
            // No range table entry: the new index entries of an update that is not HOT are
            // then marked "logically unchanged" for every index (ExecGetUpdatedCols gives no
            // column), which they are, as no key column changes, instead of looking up an
            // entry the executor state does not have.
            (*t.rri).ri_RangeTableIndex = 0;
            t.existing = pg_sys::table_slot_create(t.rel, std::ptr::null_mut());
        }
        t.summed_from = key_columns;
        Some(t)
    }

    fn open_with<N: AsRef<str>>(
        table: &CStr,
        columns: &[(N, ColumnType)],
        arbiter: Option<&CStr>,
        with_id: bool,
        trigger_events: i32,
    ) -> Option<DirectTable> {
        let relid = fpdb_relid(table);
        if relid == pg_sys::InvalidOid || !only_own_rules(relid, trigger_events) {
            return None;
        }
        // SAFETY: plain catalog lookups and executor-state setup, as COPY FROM does; every
        // pointer comes from PostgreSQL and is checked before use.
        unsafe {
            if pg_sys::pg_class_aclcheck(
                relid,
                pg_sys::GetUserId(),
                pg_sys::ACL_INSERT as pg_sys::AclMode,
            ) != pg_sys::AclResult::ACLCHECK_OK
            {
                return None; // the INSERT path reports the missing privilege
            }
            let rel = pg_sys::table_open(relid, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
            let refuse = |rel: pg_sys::Relation| -> Option<DirectTable> {
                pg_sys::table_close(rel, pg_sys::RowExclusiveLock as pg_sys::LOCKMODE);
                None
            };
            let form = (*rel).rd_rel;
            if (*form).relkind != pg_sys::RELKIND_RELATION as std::ffi::c_char
                || (*form).relam != pg_sys::HEAP_TABLE_AM_OID
                || (*form).relrowsecurity
                || (*form).relhasrules
            {
                return refuse(rel);
            }
            let desc = (*rel).rd_att;
            let natts = (*desc).natts as usize;
            let mut source = vec![None; natts];
            let mut types = vec![(None, false); natts];
            let mut names = vec![String::new(); natts];
            let mut id_attnum = 0;
            let mut filled = 0;
            for i in 0..natts {
                let att = (*desc).attrs.as_ptr().add(i);
                if (*att).attisdropped {
                    continue;
                }
                let name = CStr::from_ptr((*att).attname.data.as_ptr())
                    .to_str()
                    .unwrap_or("");
                names[i] = name.to_string();
                if (*att).attgenerated != 0 {
                    return refuse(rel); // only the INSERT computes a generated column
                }
                if name == "id" {
                    if !with_id || (*att).attidentity == 0 || (*att).atttypid != pg_sys::INT8OID {
                        return refuse(rel);
                    }
                    id_attnum = i + 1;
                    continue;
                }
                let Some(k) = columns
                    .iter()
                    .position(|(c, _)| c.as_ref().eq_ignore_ascii_case(name))
                else {
                    // A column the import does not fill: the INSERT stores NULL only when the
                    // column has no default, and refuses NULL in a NOT NULL column.
                    if (*att).atthasdef || (*att).attnotnull {
                        return refuse(rel);
                    }
                    continue;
                };
                let ty = columns[k].1;
                if !ty.matches((*att).atttypid, (*att).atttypmod) {
                    return refuse(rel);
                }
                source[i] = Some(k);
                types[i] = (Some(ty), (*att).attnotnull);
                filled += 1;
            }
            if (with_id && id_attnum == 0) || filled != columns.len() {
                return refuse(rel); // no identity id, or a column the import fills is missing
            }
            let id_seq = if with_id {
                pg_sys::getIdentitySequence(relid, id_attnum as pg_sys::AttrNumber, false)
            } else {
                pg_sys::InvalidOid
            };
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
                    return refuse(rel);
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
                // No attribute has this index when the table has no id.
                id_index: id_attnum.wrapping_sub(1),
                source,
                summed_from: usize::MAX,
                existing: std::ptr::null_mut(),
                columns: types,
                names,
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
        let id = if self.id_seq == pg_sys::InvalidOid {
            pg_sys::Datum::from(0usize)
        } else {
            pgrx::direct_function_call_as_datum(
                pg_sys::nextval_oid,
                &[Some(pg_sys::Datum::from(self.id_seq))],
            )
            .unwrap_or_else(|| crate::errors::raise("XX000", "nextval returned NULL"))
        };
        self.fill_with_id(slot, row, texts, id)
    }

    /// [`DirectTable::fill`] with the id given (0 for a row only looked up by its key).
    ///
    /// # Safety
    /// `slot` is one of this table's slots.
    unsafe fn fill_with_id(
        &self,
        slot: *mut pg_sys::TupleTableSlot,
        row: &[Value<'_>],
        texts: &mut Vec<pg_sys::Datum>,
        id: pg_sys::Datum,
    ) -> i64 {
        pg_sys::ExecClearTuple(slot);
        let natts = self.source.len();
        let values = std::slice::from_raw_parts_mut((*slot).tts_values, natts);
        let nulls = std::slice::from_raw_parts_mut((*slot).tts_isnull, natts);
        for (i, ((src, datum), null)) in self.source.iter().zip(values).zip(nulls).enumerate() {
            (*datum, *null) = match *src {
                Some(k) => {
                    let (ty, not_null) = self.columns[i];
                    let v = row[k];
                    if not_null && matches!(v, Value::Null) {
                        self.not_null_violation(i);
                    }
                    let d = match (v, ty) {
                        (
                            Value::Text(s),
                            Some(t @ (ColumnType::Char(_) | ColumnType::Varchar(_))),
                        ) => self.sized_text(i, s, t),
                        _ => to_datum(v),
                    };
                    if let Value::Text(_) | Value::Bytes(_) = v {
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
                if self.stored_row(slot).is_some() {
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
            self.release(slot, texts);
            inserted.then_some(id)
        }
    }

    /// Whether the table has no page at all: then it holds no row version of any transaction,
    /// committed or not, and so no key.
    pub(crate) fn has_no_pages(&self) -> bool {
        // SAFETY: the relation is open and locked by this transaction.
        unsafe {
            pg_sys::RelationGetNumberOfBlocksInFork(self.rel, pg_sys::ForkNumber::MAIN_FORKNUM) == 0
        }
    }

    /// For a table opened with [`DirectTable::open_adding`]: when the table holds a row with the
    /// key of `row` (its first values), adds each later value of `row` to that row's column and
    /// returns true; else writes nothing and returns false (the caller inserts the row).
    ///
    /// These are the steps of INSERT ... ON CONFLICT DO UPDATE under READ COMMITTED for a
    /// conflicting row: the key is looked up in the arbiter index (a row another transaction is
    /// inserting is waited for), the stored row is locked, its new version written (HOT when
    /// the page has room; else with new index entries). A row updated or deleted by another
    /// transaction between the look-up and the lock is looked up again. A sum out of its
    /// column's range raises 22003 as the statement's `+` does.
    pub(crate) fn add_to_stored(&mut self, row: &[Value<'_>]) -> bool {
        assert!(
            !self.existing.is_null(),
            "add_to_stored needs a table opened with open_adding"
        );
        // SAFETY: the steps and their order are those of ExecInsert and ExecOnConflictUpdate;
        // the slots hold one datum per attribute of the table's descriptor.
        unsafe {
            let slot = self.slots[0];
            let mut texts = Vec::new();
            // The id is not part of the key: none is drawn for a row that is only looked up.
            self.fill_with_id(slot, row, &mut texts, pg_sys::Datum::from(0usize));
            let stored = loop {
                let Some(mut tid) = self.stored_row(slot) else {
                    break false;
                };
                if self.add_to(&mut tid, row) {
                    break true;
                }
                // Changed by a transaction that committed since the look-up: look up again.
            };
            self.release(slot, texts);
            stored
        }
    }

    /// The tid of the stored row with the arbiter key of the row in `slot`, or `None`; a row
    /// another transaction is inserting with that key is waited for (ExecCheckIndexConstraints).
    ///
    /// # Safety
    /// `slot` is one of this table's slots, filled; the table has an arbiter index.
    unsafe fn stored_row(
        &self,
        slot: *mut pg_sys::TupleTableSlot,
    ) -> Option<pg_sys::ItemPointerData> {
        check_for_interrupts!();
        let mut tid = pg_sys::ItemPointerData::default();
        let free =
            pg_sys::ExecCheckIndexConstraints(self.rri, slot, self.estate, &mut tid, self.arbiter);
        (!free).then_some(tid)
    }

    /// Empties `slot` and frees the per-tuple memory and the texts made for its row.
    ///
    /// # Safety
    /// `slot` is one of this table's slots; `texts` were made by filling it.
    unsafe fn release(&self, slot: *mut pg_sys::TupleTableSlot, texts: Vec<pg_sys::Datum>) {
        self.reset_per_tuple();
        pg_sys::ExecClearTuple(slot);
        for t in texts {
            pg_sys::pfree(t.cast_mut_ptr());
        }
    }

    /// Locks the stored row at `tid` and writes its new version, the values of `row` past the
    /// key added. False when another transaction updated or deleted the row first.
    ///
    /// # Safety
    /// The table was opened with [`DirectTable::open_adding`]; `tid` is a row of the table.
    unsafe fn add_to(&mut self, tid: &mut pg_sys::ItemPointerData, row: &[Value<'_>]) -> bool {
        let existing = self.existing;
        let cid = pg_sys::GetCurrentCommandId(true);
        // What the executor passes (heap locks and updates do not read it); null outside a
        // statement.
        let snapshot = if pg_sys::ActiveSnapshotSet() {
            pg_sys::GetActiveSnapshot()
        } else {
            std::ptr::null_mut()
        };
        let mut tmfd = pg_sys::TM_FailureData::default();
        // The key is not changed: the lock an UPDATE of non-key columns takes.
        let locked = pg_sys::table_tuple_lock(
            self.rel,
            tid,
            snapshot,
            existing,
            cid,
            pg_sys::LockTupleMode::LockTupleNoKeyExclusive,
            pg_sys::LockWaitPolicy::LockWaitBlock,
            0,
            &mut tmfd,
        );
        match locked {
            pg_sys::TM_Result::TM_Ok => {}
            pg_sys::TM_Result::TM_Updated | pg_sys::TM_Result::TM_Deleted => {
                pg_sys::ExecClearTuple(existing);
                return false;
            }
            other => crate::errors::raise(
                "XX000",
                format!(
                    "fpdb: could not lock a stored row of {} (result {other})",
                    self.table_name()
                ),
            ),
        }
        pg_sys::slot_getallattrs(existing);
        let new = self.slots[1];
        pg_sys::ExecClearTuple(new);
        let natts = self.source.len();
        let old_values = std::slice::from_raw_parts((*existing).tts_values, natts);
        let old_nulls = std::slice::from_raw_parts((*existing).tts_isnull, natts);
        let values = std::slice::from_raw_parts_mut((*new).tts_values, natts);
        let nulls = std::slice::from_raw_parts_mut((*new).tts_isnull, natts);
        for i in 0..natts {
            (values[i], nulls[i]) = (old_values[i], old_nulls[i]);
            let Some(k) = self.source[i].filter(|&k| k >= self.summed_from) else {
                continue;
            };
            if old_nulls[i] || matches!(row[k], Value::Null) {
                (values[i], nulls[i]) = (pg_sys::Datum::from(0usize), true); // NULL + x
                continue;
            }
            values[i] = self.sum(i, old_values[i], row[k]);
        }
        pg_sys::ExecStoreVirtualTuple(new);
        let mut lockmode: pg_sys::LockTupleMode::Type = 0;
        let mut update_indexes = false;
        // The row is locked by this transaction: nothing else can update it first.
        let updated = pg_sys::table_tuple_update(
            self.rel,
            tid,
            new,
            cid,
            snapshot,
            std::ptr::null_mut(),
            true,
            &mut tmfd,
            &mut lockmode,
            &mut update_indexes,
        );
        if updated != pg_sys::TM_Result::TM_Ok {
            crate::errors::raise(
                "XX000",
                format!(
                    "fpdb: could not update a locked row of {} (result {updated})",
                    self.table_name()
                ),
            );
        }
        if update_indexes && (*self.rri).ri_NumIndices > 0 {
            let recheck = pg_sys::ExecInsertIndexTuples(
                self.rri,
                new,
                self.estate,
                true,
                false,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            pg_sys::list_free(recheck);
        }
        pg_sys::ExecClearTuple(new);
        pg_sys::ExecClearTuple(existing);
        true
    }

    /// The datum of attribute `i`'s stored value `old` plus `delta`, with the error the
    /// statement's `+` raises when the sum is out of the column's range.
    fn sum(&self, i: usize, old: pg_sys::Datum, delta: Value<'_>) -> pg_sys::Datum {
        // The messages of int4pl, int8pl and float8pl.
        let out_of_range = |message: &str| -> ! { crate::errors::raise("22003", message) };
        match (self.columns[i].0, delta) {
            (Some(ColumnType::Int4), Value::Int4(d)) => {
                let v = (old.value() as u32 as i32)
                    .checked_add(d)
                    .unwrap_or_else(|| out_of_range("integer out of range"));
                pg_sys::Datum::from(v)
            }
            (Some(ColumnType::Int8), Value::Int8(d)) => {
                let v = (old.value() as i64)
                    .checked_add(d)
                    .unwrap_or_else(|| out_of_range("bigint out of range"));
                pg_sys::Datum::from(v)
            }
            (Some(ColumnType::Float8), Value::Float8(d)) => {
                let o = f64::from_bits(old.value() as u64);
                let v = o + d;
                if v.is_infinite() && o.is_finite() && d.is_finite() {
                    out_of_range("value out of range: overflow");
                }
                pg_sys::Datum::from(v.to_bits())
            }
            (ty, _) => crate::errors::raise(
                "XX000",
                format!(
                    "fpdb: no sum for column \"{}\" of type {ty:?}",
                    self.names[i]
                ),
            ),
        }
    }

    /// The table's name, for errors.
    fn table_name(&self) -> String {
        // SAFETY: the relation is open.
        unsafe {
            CStr::from_ptr((*(*self.rel).rd_rel).relname.data.as_ptr())
                .to_string_lossy()
                .into_owned()
        }
    }

    /// The datum of a text value for a `char(n)` (padded to n characters) or `varchar(n)`
    /// column, with the error the INSERT's cast raises for a value that is too long.
    unsafe fn sized_text(&self, i: usize, s: &str, ty: ColumnType) -> (pg_sys::Datum, bool) {
        let (n, kind) = match ty {
            ColumnType::Char(n) => (n as usize, "character"),
            ColumnType::Varchar(n) => (n as usize, "character varying"),
            _ => unreachable!("only sized text types"),
        };
        let len = s.chars().count();
        if len > n && s.chars().skip(n).any(|c| c != ' ') {
            crate::errors::raise(
                "22001",
                format!(
                    "value too long for type {kind}({n}) in column \"{}\"",
                    self.names[i]
                ),
            );
        }
        match ty {
            ColumnType::Char(_) if len != n => {
                let mut padded: String = s.chars().take(n).collect();
                padded.extend(std::iter::repeat_n(' ', n.saturating_sub(len)));
                to_datum(Value::Text(&padded))
            }
            _ if len > n => to_datum(Value::Text(
                &s[..s.char_indices().nth(n).map_or(s.len(), |(b, _)| b)],
            )),
            _ => to_datum(Value::Text(s)),
        }
    }

    /// The error the INSERT raises for a NULL in a NOT NULL column.
    fn not_null_violation(&self, i: usize) -> ! {
        let table = self.table_name();
        crate::errors::raise(
            "23502",
            format!(
                "null value in column \"{}\" of relation \"{table}\" violates not-null constraint",
                self.names[i]
            ),
        )
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
            if !self.existing.is_null() {
                pg_sys::ExecDropSingleTupleTableSlot(self.existing);
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

/// Whether the current user has UPDATE privilege on `fpdb.<table>`: what updating its rows needs,
/// and taking row locks on them (the KEY SHARE locks standing in for a foreign-key check).
pub(crate) fn may_update(table: &CStr) -> bool {
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

/// Whether everything that acts on a write into `relid` besides the row itself is fpdb's own:
/// every constraint of the table, and every trigger that fires on one of `trigger_events` (bits of
/// `tgtype`: INSERT, or INSERT and UPDATE; a user trigger, or the internal trigger of a
/// constraint; triggers that fire only on other events, such as the DELETE triggers of a user's
/// foreign key referencing the table, do not act on these writes), are objects
/// recorded in `fpdb._own_objects` by oid; and Citus has not distributed the table. A caller who
/// may not read `fpdb._own_objects` gets `false` (the INSERT path).
fn only_own_rules(relid: pg_sys::Oid, trigger_events: i32) -> bool {
    let own = fpdb_relid(c"_own_objects");
    // SAFETY: catalog lookups.
    let readable = own != pg_sys::InvalidOid
        && unsafe {
            pg_sys::pg_class_aclcheck(
                own,
                pg_sys::GetUserId(),
                pg_sys::ACL_SELECT as pg_sys::AclMode,
            ) == pg_sys::AclResult::ACLCHECK_OK
        };
    if !readable || is_citus_table(relid) {
        return false;
    }
    const SQL: &str = "SELECT NOT EXISTS (
            SELECT 1 FROM pg_catalog.pg_constraint c
            WHERE c.conrelid OPERATOR(pg_catalog.=) $1
              AND NOT EXISTS (SELECT 1 FROM fpdb._own_objects o
                              WHERE o.objid OPERATOR(pg_catalog.=) c.oid))
        AND NOT EXISTS (
            SELECT 1 FROM pg_catalog.pg_trigger t
            WHERE t.tgrelid OPERATOR(pg_catalog.=) $1
              AND (t.tgtype::pg_catalog.int4 OPERATOR(pg_catalog.&) $2) OPERATOR(pg_catalog.<>) 0
              AND NOT EXISTS (SELECT 1 FROM fpdb._own_objects o
                              WHERE o.objid OPERATOR(pg_catalog.=) t.oid
                                 OR (t.tgisinternal AND o.objid OPERATOR(pg_catalog.=) t.tgconstraint)))";
    Spi::get_one_with_args::<bool>(SQL, &[relid.into(), trigger_events.into()])
        .ok()
        .flatten()
        .unwrap_or(false)
}

/// `pg_trigger.tgtype` bits of the events a trigger fires on (PostgreSQL's TRIGGER_TYPE_INSERT
/// and TRIGGER_TYPE_UPDATE).
const TRIGGER_TYPE_INSERT: i32 = 1 << 2;
const TRIGGER_TYPE_UPDATE: i32 = 1 << 4;

/// Whether Citus has made `relid` a distributed, reference or local table (the table on this
/// node is then only a shell: rows must go through the Citus executor).
fn is_citus_table(relid: pg_sys::Oid) -> bool {
    // SAFETY: a catalog lookup.
    let catalog = unsafe {
        pg_sys::get_relname_relid(
            c"pg_dist_partition".as_ptr(),
            pg_sys::Oid::from(pg_sys::PG_CATALOG_NAMESPACE),
        )
    };
    if catalog == pg_sys::InvalidOid {
        return false; // Citus is not installed
    }
    Spi::get_one_with_args::<bool>(
        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition \
         WHERE logicalrelid OPERATOR(pg_catalog.=) $1::pg_catalog.regclass)",
        &[relid.into()],
    )
    .ok()
    .flatten()
    .unwrap_or(true)
}

/// The datum of a value; text and bytes are copied into palloc'd memory (freed after the row is written).
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
        Value::Bytes(b) => {
            let t = pgrx::rust_byte_slice_to_bytea(b).into_pg();
            (pg_sys::Datum::from(t), false)
        }
    }
}

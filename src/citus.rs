//! fpdb on a Citus cluster: how the import recognises a distributed database.
//!
//! `fpdb.distribute()` (sql/citus.sql) turns the tables into Citus reference and distributed
//! tables and drops the HudCache triggers, which cannot run on distributed tables. From then on
//! the import keeps HudCache itself (it always folds its own rows; on one server the trigger
//! skips them) and takes the INSERT path: the coordinator's tables are empty shells, so a direct
//! heap write would store rows no query ever sees. Whether the database is distributed is read
//! from Citus's catalog on every import, never from a setting a user could change.
//!
//! Two imports can meet in a distributed deadlock, which no order of fpdb's own statements
//! prevents: Citus takes its locks on several nodes (a reference table's shard is locked on the
//! first worker, then on the coordinator, and its rows are written on every node), and two
//! sessions creating the same Sites, Gametypes or Players rows at once have been seen to block
//! each other across nodes. Citus then cancels the younger transaction. The import writes in a
//! subtransaction there ([`retrying_deadlocks`]): the cancelled writes are rolled back, which
//! releases their locks so that the other session goes on, and written again, now waiting for
//! the other session and finding its rows stored.

use pgrx::pg_sys::panic::CaughtError;
use pgrx::prelude::*;

/// Whether fpdb's tables are distributed by Citus (`fpdb._is_distributed()`, sql/citus.sql).
pub(crate) fn distributed() -> bool {
    Spi::get_one::<bool>("SELECT fpdb._is_distributed()")
        .unwrap_or_else(|e| crate::errors::raise("XX000", format!("fpdb: {e}")))
        .unwrap_or(false)
}

/// Raises 0A000 unless this node is the cluster's coordinator (`citus_is_coordinator()`): on a
/// worker, the identity sequences of fpdb's tables hand out the same ids as the coordinator's
/// (they start at 1 on every node), and new Players, Sites and Gametypes rows (int and smallint
/// ids) need the coordinator's sequences anyway. Only for a distributed database.
pub(crate) fn require_coordinator(what: &str) {
    let coordinator = Spi::get_one::<bool>("SELECT pg_catalog.citus_is_coordinator()")
        .unwrap_or_else(|e| crate::errors::raise("XX000", format!("fpdb: {e}")))
        .unwrap_or(false);
    if !coordinator {
        crate::errors::raise_with_hint(
            "0A000",
            format!("fpdb: {what} on a Citus cluster runs on the coordinator, and this node is a worker"),
            "Connect to the coordinator and run it there: ids of new rows come from the coordinator's sequences.",
        );
    }
}

/// Times a write is attempted when Citus cancels it as a distributed deadlock.
const DEADLOCK_TRIES: u32 = 4;

/// Runs `f` in a subtransaction, again (up to [`DEADLOCK_TRIES`] times in all) when it fails
/// with a deadlock (40P01), with a NOTICE each time; any other error, or the last deadlock, is
/// raised. A retry helps when the cycle runs through locks `f` took: rolling it back releases
/// them. A cycle through locks the transaction took before (several imports in one
/// transaction) meets the same deadlock each time, and the error then goes to the caller.
pub(crate) fn retrying_deadlocks<R>(what: &str, mut f: impl FnMut() -> R) -> R {
    let mut attempt = 1;
    loop {
        match in_subtransaction(&mut f) {
            Ok(r) => return r,
            Err(e) if attempt < DEADLOCK_TRIES && is_deadlock(&e) => {
                attempt += 1;
                notice!(
                    "fpdb: {what} met a distributed deadlock (40P01); its writes were rolled back and are written again (attempt {attempt} of {DEADLOCK_TRIES})"
                );
            }
            Err(e) => e.rethrow(),
        }
    }
}

fn is_deadlock(e: &CaughtError) -> bool {
    let code = crate::errors::caught_report(e).sql_error_code();
    code == PgSqlErrorCode::ERRCODE_T_R_DEADLOCK_DETECTED
        || (code == PgSqlErrorCode::ERRCODE_QUERY_CANCELED && cancelled_for_a_deadlock())
}

/// Whether Citus cancelled this backend as the victim of a distributed deadlock, a flag it clears
/// here. Citus cancels the victim as a query cancel (57014) and makes it 40P01 only when the
/// error is reported (in its `emit_log_hook`); an error caught before that still says 57014, as a
/// user's cancel does, and only the flag of Citus's `MyBackendGotCancelledDueToDeadlock` tells
/// the two apart. A user's cancel is never retried.
fn cancelled_for_a_deadlock() -> bool {
    // SAFETY: looks the function up in Citus's library, loaded (shared_preload_libraries) on
    // every node of a cluster, without raising when it is missing; its C signature is
    // `bool MyBackendGotCancelledDueToDeadlock(bool clearState)`.
    unsafe {
        let f = pg_sys::load_external_function(
            c"citus".as_ptr(),
            c"MyBackendGotCancelledDueToDeadlock".as_ptr(),
            false,
            std::ptr::null_mut(),
        );
        if f.is_null() {
            return false;
        }
        let got_cancelled: unsafe extern "C" fn(bool) -> bool = std::mem::transmute(f);
        got_cancelled(true)
    }
}

/// Runs `f` in a subtransaction of its own, as a PL/pgSQL block with an EXCEPTION clause does:
/// committed into the transaction when `f` returns, rolled back (with every lock it took) when
/// it raises; the error is returned.
fn in_subtransaction<R>(f: &mut impl FnMut() -> R) -> Result<R, Box<CaughtError>> {
    // SAFETY: the subtransaction is begun here and ended exactly once on either path; the
    // memory context and resource owner are put back as PostgreSQL's own handlers do.
    unsafe {
        let context = pg_sys::CurrentMemoryContext;
        let owner = pg_sys::CurrentResourceOwner;
        pg_sys::BeginInternalSubTransaction(std::ptr::null());
        pg_sys::MemoryContextSwitchTo(context);
        PgTryBuilder::new(std::panic::AssertUnwindSafe(|| {
            let r = f();
            pg_sys::ReleaseCurrentSubTransaction();
            pg_sys::MemoryContextSwitchTo(context);
            pg_sys::CurrentResourceOwner = owner;
            Ok(r)
        }))
        .catch_others(|e| {
            pg_sys::RollbackAndReleaseCurrentSubTransaction();
            pg_sys::MemoryContextSwitchTo(context);
            pg_sys::CurrentResourceOwner = owner;
            Err(Box::new(e))
        })
        .execute()
    }
}

//! Live tracking: `fpdb.watch` / `fpdb.unwatch` and the background workers that follow the
//! folders they register (README, "Live HUD").
//!
//! - One worker per database with watches (`backend_type` "fpdb watch"), started by
//!   `fpdb.watch` when its transaction commits, and at server start by the launcher ("fpdb
//!   launcher") when fpdb is in `shared_preload_libraries`. A session-level advisory lock keeps
//!   it to one per database. The postmaster restarts a worker that dies ([`worker`]).
//! - The worker connects without a role of its own and runs each watch's import as the role
//!   that registered it (`SetUserIdAndSecContext`, as PostgreSQL runs maintenance code as a
//!   table's owner), after checking that this role may still read server files.
//! - Which of the appended bytes hold complete hands is decided by `fpdb_core::follow`.

mod files;
mod worker;

use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, Ordering};

use pgrx::bgworkers::{BackgroundWorkerBuilder, BgWorkerStartTime};
use pgrx::callbacks::{register_xact_callback, PgXactCallbackEvent};
use pgrx::prelude::*;

use crate::errors::raise;

/// The `backend_type` of the per-database workers and of the launcher.
pub(crate) const WORKER_TYPE: &str = "fpdb watch";
pub(crate) const LAUNCHER_TYPE: &str = "fpdb launcher";

/// Called by `_PG_init`: the launcher, when the library is preloaded.
pub(crate) fn init() {
    // SAFETY: a flag PostgreSQL sets while loading shared_preload_libraries.
    if unsafe { pg_sys::process_shared_preload_libraries_in_progress } {
        BackgroundWorkerBuilder::new("fpdb launcher")
            .set_type(LAUNCHER_TYPE)
            .set_library("fpdb")
            .set_function("fpdb_watch_launcher_main")
            // It reads pg_database (connected to no database), so it needs a connection.
            .enable_spi_access()
            .set_start_time(BgWorkerStartTime::RecoveryFinished)
            .set_restart_time(Some(std::time::Duration::from_secs(10)))
            .load();
    }
}

/// Registers the per-database worker of `db` (it exits at once if another one runs).
pub(crate) fn start_worker(db: pg_sys::Oid) -> bool {
    BackgroundWorkerBuilder::new(&format!("fpdb watch {}", db.to_u32()))
        .set_type(WORKER_TYPE)
        .set_library("fpdb")
        .set_function("fpdb_watch_worker_main")
        .enable_spi_access()
        .set_restart_time(Some(std::time::Duration::from_secs(5)))
        .set_argument(Some(pg_sys::Datum::from(db.to_u32() as usize)))
        .load_dynamic()
        .is_ok()
}

/// Runs `f` with the rights of `role` (the user id is put back afterwards, also on error).
pub(crate) fn as_role<R>(role: pg_sys::Oid, restricted: bool, f: impl FnOnce() -> R) -> R {
    let mut old = pg_sys::InvalidOid;
    let mut context = 0i32;
    // SAFETY: reads and sets the backend's current user id, as SECURITY DEFINER functions do.
    unsafe {
        pg_sys::GetUserIdAndSecContext(&mut old, &mut context);
        let mut with = context | pg_sys::SECURITY_LOCAL_USERID_CHANGE as i32;
        if restricted {
            with |= pg_sys::SECURITY_RESTRICTED_OPERATION as i32;
        }
        pg_sys::SetUserIdAndSecContext(role, with);
    }
    let mut f = Some(f);
    PgTryBuilder::new(std::panic::AssertUnwindSafe(|| (f.take().unwrap())()))
        .finally(|| unsafe { pg_sys::SetUserIdAndSecContext(old, context) })
        .execute()
}

/// Whether `role` may read files on the server: what `fpdb.import_file` (pg_read_binary_file)
/// asks of its caller, and what a watch's owner must keep.
pub(crate) fn may_read_server_files(role: pg_sys::Oid) -> bool {
    // SAFETY: catalog lookups by oid; false for a role that no longer exists.
    unsafe {
        pg_sys::superuser_arg(role)
            || pg_sys::has_privs_of_role(role, pg_sys::Oid::from(pg_sys::ROLE_PG_READ_SERVER_FILES))
    }
}

/// `fpdb.watch` and `fpdb.unwatch` need what `fpdb.import_file` needs.
fn require_server_files(caller: pg_sys::Oid, what: &str) {
    if !may_read_server_files(caller) {
        raise(
            "42501",
            format!(
                "permission denied to {what} files: only superusers and members of pg_read_server_files may"
            ),
        );
    }
}

fn current_user() -> pg_sys::Oid {
    // SAFETY: the backend's current user id.
    unsafe { pg_sys::GetUserId() }
}

/// The owner of fpdb.Watches (the extension's owner): watch and unwatch write as it.
fn watches_owner() -> pg_sys::Oid {
    Spi::get_one::<pg_sys::Oid>(
        "SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) 'fpdb.watches'::pg_catalog.regclass",
    )
    .ok()
    .flatten()
    .unwrap_or_else(|| raise("XX000", "fpdb.Watches is missing"))
}

fn role_name(role: pg_sys::Oid) -> String {
    // SAFETY: noerr lookup; NULL for a dropped role.
    unsafe {
        let p = pg_sys::GetUserNameFromId(role, true);
        if p.is_null() {
            format!("role {}", role.to_u32())
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }
}

/// A path as stored in fpdb.Watches: absolute, with symbolic links and `..` resolved.
fn watch_path(path: &str) -> String {
    if !path.starts_with('/') {
        raise(
            "22023",
            format!("the path to watch must be absolute, not \"{path}\""),
        );
    }
    match std::fs::canonicalize(path) {
        Ok(p) => p.to_string_lossy().into_owned(),
        Err(e) => raise(
            if e.kind() == std::io::ErrorKind::NotFound {
                "58P01"
            } else {
                "42501"
            },
            format!("could not watch \"{path}\": {e}"),
        ),
    }
}

static START_AT_COMMIT: AtomicBool = AtomicBool::new(false);

/// At commit, wakes the database's worker (so it reads fpdb.Watches now) and starts one in case
/// none runs.
fn wake_worker_at_commit() {
    let pids: Vec<i32> = Spi::connect(|c| {
        c.select(
            "SELECT a.pid FROM pg_catalog.pg_stat_activity a \
             WHERE a.backend_type OPERATOR(pg_catalog.=) $1 \
               AND a.datid OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d \
                   WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())",
            None,
            &[WORKER_TYPE.into()],
        )
        .map(|rows| {
            rows.filter_map(|r| r.get::<i32>(1).ok().flatten())
                .collect()
        })
        .unwrap_or_default()
    });
    if START_AT_COMMIT.swap(true, Ordering::SeqCst) {
        return;
    }
    // SAFETY: the database this backend is connected to.
    let db = unsafe { pg_sys::MyDatabaseId };
    register_xact_callback(PgXactCallbackEvent::Commit, move || {
        START_AT_COMMIT.store(false, Ordering::SeqCst);
        for pid in pids {
            // SIGUSR1 sets a PostgreSQL process's latch: the worker starts a round.
            // SAFETY: a signal to a process of this server.
            unsafe { libc::kill(pid, libc::SIGUSR1) };
        }
        if !start_worker(db) {
            warning!("fpdb: could not start the watch worker (max_worker_processes reached?)");
        }
    });
    register_xact_callback(PgXactCallbackEvent::Abort, || {
        START_AT_COMMIT.store(false, Ordering::SeqCst);
    });
}

/// Registers a folder (or one file) whose hand histories the database's watch worker imports as
/// rooms write them, with the rights of the calling role. Needs superuser or pg_read_server_files.
/// Watching a path already watched by the same role updates `recursive`. Returns the watch's id.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn watch(path: &str, recursive: default!(bool, true)) -> i64 {
    let caller = current_user();
    require_server_files(caller, "watch");
    let path = watch_path(path);
    let id = as_role(watches_owner(), false, || {
        let new = Spi::get_one_with_args::<i64>(
            "INSERT INTO fpdb.Watches (path, recursive, owner) VALUES ($1, $2, $3::pg_catalog.regrole) \
             ON CONFLICT (path) DO NOTHING RETURNING id",
            &[path.as_str().into(), recursive.into(), caller.into()],
        )
        .ok()
        .flatten();
        if let Some(id) = new {
            return id;
        }
        let (id, owner) = Spi::get_two_with_args::<i64, pg_sys::Oid>(
            "SELECT id, owner::pg_catalog.oid FROM fpdb.Watches WHERE path OPERATOR(pg_catalog.=) $1 FOR UPDATE",
            &[path.as_str().into()],
        )
        .unwrap_or_else(|e| raise("XX000", format!("fpdb.watch: {e}")));
        let (id, owner) = (id.unwrap_or_default(), owner.unwrap_or(pg_sys::InvalidOid));
        // SAFETY: role membership by oid.
        if !unsafe { pg_sys::has_privs_of_role(caller, owner) } {
            raise(
                "42710",
                format!("\"{path}\" is already watched by {}", role_name(owner)),
            );
        }
        Spi::run_with_args(
            "UPDATE fpdb.Watches SET recursive = $2 WHERE id OPERATOR(pg_catalog.=) $1",
            &[id.into(), recursive.into()],
        )
        .unwrap_or_else(|e| raise("XX000", format!("fpdb.watch: {e}")));
        id
    });
    wake_worker_at_commit();
    id
}

/// Stops following a path registered by `fpdb.watch` (by its owner, a member of it or a
/// superuser; like `fpdb.watch`, it needs superuser or pg_read_server_files). The hands imported
/// stay; its files' offsets and errors go. Waits for a round importing it to commit. Returns
/// false when the path is not watched.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn unwatch(path: &str) -> bool {
    let caller = current_user();
    require_server_files(caller, "unwatch");
    let resolved = std::fs::canonicalize(path)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| {
            let t = path.trim_end_matches('/');
            if t.is_empty() { "/" } else { t }.to_string()
        });
    let removed = as_role(watches_owner(), false, || {
        let row = Spi::get_two_with_args::<i64, pg_sys::Oid>(
            "SELECT id, owner::pg_catalog.oid FROM fpdb.Watches \
             WHERE path OPERATOR(pg_catalog.=) $1 OR path OPERATOR(pg_catalog.=) $2 LIMIT 1",
            &[resolved.as_str().into(), path.into()],
        );
        let Ok((Some(id), Some(owner))) = row else {
            return false;
        };
        // SAFETY: role membership by oid (superusers have every role's privileges).
        if !unsafe { pg_sys::has_privs_of_role(caller, owner) } {
            raise(
                "42501",
                format!(
                    "permission denied to unwatch \"{path}\": it is watched by {}",
                    role_name(owner)
                ),
            );
        }
        Spi::run_with_args(
            "DELETE FROM fpdb.Watches WHERE id OPERATOR(pg_catalog.=) $1",
            &[id.into()],
        )
        .unwrap_or_else(|e| raise("XX000", format!("fpdb.unwatch: {e}")));
        true
    });
    if removed {
        wake_worker_at_commit();
    }
    removed
}

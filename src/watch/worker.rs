//! The launcher and the per-database watch worker.
//!
//! A round: read fpdb.Watches and fpdb.watch_files, list the files on disk and bring the rows up
//! to date (new files, renamed and rotated files by device and inode, files replaced in place by
//! their first bytes, files gone), then import each file with new complete hands in a
//! transaction of its own that also moves the file's offset: killed at any moment, the worker
//! finds the offset that goes with the hands stored.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::time::{Duration, Instant, SystemTime};

use fpdb_core::follow::{self, Taken};
use pgrx::bgworkers::{BackgroundWorker, SignalWakeFlags};
use pgrx::pg_sys::panic::CaughtError;
use pgrx::prelude::*;
use pgrx::JsonB;
use serde_json::{json, Value};

use super::files::{self, DiskFile, Wakeups};
use super::{as_role, may_read_server_files, role_name, start_worker};

/// The advisory lock (two-key form) a database's worker holds for its whole life.
const LOCK: (i32, i32) = (0x6670_6462, 17); // "fpdb", issue 17
/// When watchers cover every path (inotify, or notify's polling watcher where inotify is not
/// available), a full rescan this often all the same (events can be lost).
const RESCAN: Duration = Duration::from_secs(5);
/// Bytes read from a file per round: a large backlog is imported in several transactions.
const MAX_READ: usize = 8 << 20;
/// Bytes of a file's start kept to tell a file replaced in place.
const HEAD: usize = 64;
/// Longest wait before retrying a file whose import failed.
const MAX_BACKOFF: Duration = Duration::from_secs(10);
/// Hand numbers and player ids at most in one notification.
const NOTIFY_MAX: usize = 100;

/// The launcher (with `shared_preload_libraries = 'fpdb'`): starts the watch worker of every
/// database that accepts connections; each exits at once where fpdb has no watches.
#[pg_guard]
#[unsafe(no_mangle)]
pub extern "C-unwind" fn fpdb_watch_launcher_main(_arg: pg_sys::Datum) {
    BackgroundWorker::attach_signal_handlers(SignalWakeFlags::SIGHUP | SignalWakeFlags::SIGTERM);
    BackgroundWorker::connect_worker_to_spi(None, None);
    // SAFETY: a catalog scan of the shared catalog pg_database, in a transaction of its own.
    let dbs = unsafe { databases() };
    let started = dbs.iter().filter(|db| start_worker(**db)).count();
    log!(
        "fpdb launcher: started the watch worker of {started} of {} databases",
        dbs.len()
    );
}

/// The databases that accept connections (templates aside).
unsafe fn databases() -> Vec<pg_sys::Oid> {
    let mut out = Vec::new();
    unsafe {
        pg_sys::StartTransactionCommand();
        pg_sys::GetTransactionSnapshot();
        let rel = pg_sys::table_open(pg_sys::DatabaseRelationId, pg_sys::AccessShareLock as _);
        let scan = pg_sys::table_beginscan_catalog(rel, 0, std::ptr::null_mut());
        loop {
            let tuple = pg_sys::heap_getnext(scan, pg_sys::ScanDirection::ForwardScanDirection);
            if tuple.is_null() {
                break;
            }
            let db = pg_sys::heap_tuple_get_struct::<pg_sys::FormData_pg_database>(tuple);
            if (*db).datallowconn && !(*db).datistemplate {
                out.push((*db).oid);
            }
        }
        pg_sys::heap_endscan(scan);
        pg_sys::table_close(rel, pg_sys::AccessShareLock as _);
        pg_sys::CommitTransactionCommand();
    }
    out
}

/// An error caught in a transaction: SQLSTATE and message.
type Caught = (String, String);

fn describe(e: CaughtError) -> Caught {
    let r = crate::errors::caught_report(&e);
    (
        crate::errors::sqlstate_of(r.sql_error_code()),
        r.message().to_string(),
    )
}

/// Runs `f` in a transaction of its own and commits it; an error rolls it back and is returned.
fn in_xact<R>(f: impl FnOnce() -> R) -> Result<R, Caught> {
    // SAFETY: the worker is between transactions whenever it calls this.
    unsafe {
        pg_sys::SetCurrentStatementStartTimestamp();
        pg_sys::StartTransactionCommand();
        pg_sys::PushActiveSnapshot(pg_sys::GetTransactionSnapshot());
    }
    let mut f = Some(f);
    let result = PgTryBuilder::new(std::panic::AssertUnwindSafe(|| {
        let r = (f.take().expect("run once"))();
        // SAFETY: ends the transaction started above.
        unsafe {
            pg_sys::PopActiveSnapshot();
            pg_sys::CommitTransactionCommand();
        }
        Ok(r)
    }))
    .catch_others(|e| Err(describe(e)))
    .execute();
    if result.is_err() {
        // SAFETY: leaves the failed transaction, as PostgreSQL's own workers do after an error.
        unsafe { pg_sys::AbortCurrentTransaction() };
    }
    result
}

fn report_activity(what: &str) {
    let text = std::ffi::CString::new(what).unwrap_or_default();
    // SAFETY: sets this process's pg_stat_activity.query; the text is copied.
    unsafe {
        pg_sys::pgstat_report_activity(pg_sys::BackendState::STATE_RUNNING, text.as_ptr());
    }
}

/// The watch worker of the database whose oid is `arg`.
#[pg_guard]
#[unsafe(no_mangle)]
pub extern "C-unwind" fn fpdb_watch_worker_main(arg: pg_sys::Datum) {
    BackgroundWorker::attach_signal_handlers(SignalWakeFlags::SIGHUP | SignalWakeFlags::SIGTERM);
    let db = pg_sys::Oid::from(arg.value() as u32);
    BackgroundWorker::connect_worker_to_spi_by_oid(Some(db), None);
    // Every statement of the worker and of the imports it runs names its objects; the session's
    // search_path is pinned all the same, so that no object planted in a schema is ever found.
    let _ = in_xact(|| {
        Spi::run("SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', false)")
    });
    let has_watches = in_xact(|| {
        Spi::get_one::<bool>(
            "SELECT pg_catalog.to_regclass('fpdb.watches') IS NOT NULL \
             AND EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'fpdb')",
        )
        .ok()
        .flatten()
            == Some(true)
            && Spi::get_one::<bool>("SELECT EXISTS (SELECT 1 FROM fpdb.Watches)")
                .ok()
                .flatten()
                == Some(true)
    });
    if has_watches != Ok(true) {
        return; // exit 0: not restarted
    }
    if !take_lock() {
        return; // another worker follows this database
    }
    let mut w = Worker::new();
    w.run();
    if w.stopping {
        // Terminated (pg_terminate_backend, or the server shutting down): exit as PostgreSQL's
        // own workers do on SIGTERM, with code 1, so that outside a shutdown the postmaster
        // starts the worker again after its restart time. It leaves between transactions.
        log!("fpdb watch: terminating the watch worker due to administrator command");
        // SAFETY: the worker is between transactions; proc_exit runs the exit callbacks.
        unsafe { pg_sys::proc_exit(1) };
    }
}

/// Whether fpdb is no longer installed in the worker's database (DROP EXTENSION).
fn extension_dropped() -> bool {
    in_xact(|| {
        Spi::get_one::<bool>("SELECT pg_catalog.to_regclass('fpdb.watches') IS NULL")
            .ok()
            .flatten()
    }) == Ok(Some(true))
}

fn try_lock() -> bool {
    in_xact(|| {
        Spi::get_one_with_args::<bool>(
            "SELECT pg_catalog.pg_try_advisory_lock($1, $2)",
            &[LOCK.0.into(), LOCK.1.into()],
        )
        .ok()
        .flatten()
            == Some(true)
    }) == Ok(true)
}

/// Takes the database's worker lock, waiting a little for a worker that is exiting.
fn take_lock() -> bool {
    for _ in 0..20 {
        if try_lock() {
            return true;
        }
        if !BackgroundWorker::wait_latch(Some(Duration::from_millis(100))) {
            return false;
        }
    }
    false
}

/// A watch and its files' rows, as read at the start of a round.
struct WatchRow {
    id: i64,
    path: String,
    recursive: bool,
    owner: pg_sys::Oid,
    files: Vec<FileRow>,
}

#[derive(Clone)]
struct FileRow {
    id: i64,
    path: String,
    device: i64,
    inode: i64,
    bytes_imported: i64,
    size: i64,
}

/// What to do after a round.
enum Next {
    Continue,
    NoWatches,
}

struct Worker {
    wake: Option<Wakeups>,
    inotify_setting: bool,
    poll_interval: Duration,
    stopping: bool,
    /// Files whose import failed: when to try again, and the wait after that.
    retry: HashMap<i64, (Instant, Duration)>,
    /// The last error of each watch's path itself (missing or unreadable folder).
    watch_errors: HashMap<i64, String>,
    /// When the first file whose last hand waits for a quiet file becomes quiet.
    quiet_due: Option<Instant>,
    /// Files whose last hand is unfinished while the file is quiet, with their size and
    /// modification time then: not read again until one of them changes.
    settled: HashMap<i64, (u64, SystemTime)>,
}

fn millis(setting: i32) -> Duration {
    Duration::from_millis(setting.max(0) as u64)
}

impl Worker {
    fn new() -> Worker {
        let mut w = Worker {
            wake: None,
            inotify_setting: crate::gucs::USE_INOTIFY.get(),
            poll_interval: millis(crate::gucs::POLL_INTERVAL_MS.get()),
            stopping: false,
            retry: HashMap::new(),
            watch_errors: HashMap::new(),
            quiet_due: None,
            settled: HashMap::new(),
        };
        w.make_wakeups();
        w
    }

    fn make_wakeups(&mut self) {
        self.wake = match Wakeups::new(self.inotify_setting, self.poll_interval) {
            Ok(w) => {
                if let Some(p) = &w.inotify_problem {
                    log!("fpdb watch: polling every {:?} ({p})", self.poll_interval);
                }
                Some(w)
            }
            Err(e) => {
                warning!("fpdb watch: no file watcher ({e}); polling");
                None
            }
        };
    }

    fn stop_requested(&mut self) -> bool {
        self.stopping = self.stopping || BackgroundWorker::sigterm_received();
        self.stopping
    }

    fn run(&mut self) {
        let mut last_round: Option<Instant> = None;
        loop {
            if self.stop_requested() {
                return;
            }
            let woken_by_watchers = self.wake.as_ref().is_some_and(Wakeups::covers_all);
            let period = if woken_by_watchers {
                RESCAN
            } else {
                self.poll_interval
            };
            let now = Instant::now();
            let mut due = last_round.map_or(now, |t| t + period);
            if let Some(q) = self.quiet_due {
                due = due.min(q);
            }
            let mut woken = false;
            if due > now {
                let timeout = (due - now).as_millis().min(60_000) as libc::c_long;
                woken = self.wait(timeout.max(1));
            }
            if self.stop_requested() {
                return;
            }
            if BackgroundWorker::sighup_received() {
                self.reload();
            }
            let events = self.wake.as_mut().is_some_and(Wakeups::drain);
            if woken || events || Instant::now() >= due {
                report_activity("fpdb watch: round");
                let next = self.round();
                report_activity("fpdb watch: idle");
                last_round = Some(Instant::now());
                if let Next::NoWatches = next {
                    if self.give_up_lock() {
                        return;
                    }
                }
            }
        }
    }

    /// Waits for the latch, a watcher's event or the timeout; true when woken by the latch or an
    /// event.
    fn wait(&mut self, timeout_ms: libc::c_long) -> bool {
        let mut flags = pg_sys::WL_LATCH_SET | pg_sys::WL_TIMEOUT | pg_sys::WL_EXIT_ON_PM_DEATH;
        let fd = self.wake.as_ref().map_or(-1, Wakeups::fd);
        if fd >= 0 {
            flags |= pg_sys::WL_SOCKET_READABLE;
        }
        // SAFETY: waits on this process's latch (and the watchers' socket), as WaitLatch does.
        let rc = unsafe {
            let rc = pg_sys::WaitLatchOrSocket(
                pg_sys::MyLatch,
                flags as i32,
                fd,
                timeout_ms,
                pg_sys::PG_WAIT_EXTENSION,
            );
            pg_sys::ResetLatch(pg_sys::MyLatch);
            rc
        };
        check_for_interrupts!();
        rc & (pg_sys::WL_LATCH_SET | pg_sys::WL_SOCKET_READABLE) as i32 != 0
    }

    fn reload(&mut self) {
        // SAFETY: re-reads postgresql.conf after SIGHUP, as every PostgreSQL process does.
        unsafe { pg_sys::ProcessConfigFile(pg_sys::GucContext::PGC_SIGHUP) };
        let inotify = crate::gucs::USE_INOTIFY.get();
        let poll = millis(crate::gucs::POLL_INTERVAL_MS.get());
        if inotify != self.inotify_setting || poll != self.poll_interval {
            self.inotify_setting = inotify;
            self.poll_interval = poll;
            self.make_wakeups();
        }
    }

    /// With no watch left (or no fpdb any more): lets the lock go and exits, unless a watch came
    /// in the meantime.
    fn give_up_lock(&mut self) -> bool {
        let _ = in_xact(|| {
            Spi::run_with_args(
                "SELECT pg_catalog.pg_advisory_unlock($1, $2)",
                &[LOCK.0.into(), LOCK.1.into()],
            )
        });
        let any = in_xact(|| {
            Spi::get_one::<bool>("SELECT EXISTS (SELECT 1 FROM fpdb.Watches)")
                .ok()
                .flatten()
        });
        if any == Ok(Some(true)) && try_lock() {
            return false;
        }
        true
    }

    fn read_watches() -> Vec<WatchRow> {
        let mut out: Vec<WatchRow> = Vec::new();
        Spi::connect(|c| {
            let rows = c
                .select(
                    "SELECT w.id, w.path, w.recursive, w.owner::pg_catalog.oid, f.id, f.path, f.device, \
                            f.inode, f.bytes_imported, f.size \
                     FROM fpdb.Watches w LEFT JOIN fpdb.watch_files f ON f.watch_id OPERATOR(pg_catalog.=) w.id \
                     ORDER BY w.id, f.path",
                    None,
                    &[],
                )
                .unwrap_or_else(|e| crate::errors::raise("XX000", format!("fpdb watch: {e}")));
            for r in rows {
                let id = r.get::<i64>(1).ok().flatten().unwrap_or_default();
                if out.last().map(|w| w.id) != Some(id) {
                    out.push(WatchRow {
                        id,
                        path: r.get::<String>(2).ok().flatten().unwrap_or_default(),
                        recursive: r.get::<bool>(3).ok().flatten().unwrap_or(true),
                        owner: r
                            .get::<pg_sys::Oid>(4)
                            .ok()
                            .flatten()
                            .unwrap_or(pg_sys::InvalidOid),
                        files: Vec::new(),
                    });
                }
                if let Ok(Some(fid)) = r.get::<i64>(5) {
                    let g = |i: usize| r.get::<i64>(i).ok().flatten().unwrap_or_default();
                    let file = FileRow {
                        id: fid,
                        path: r.get::<String>(6).ok().flatten().unwrap_or_default(),
                        device: g(7),
                        inode: g(8),
                        bytes_imported: g(9),
                        size: g(10),
                    };
                    out.last_mut().expect("pushed above").files.push(file);
                }
            }
        });
        out
    }

    fn round(&mut self) -> Next {
        let watches = match in_xact(Self::read_watches) {
            Ok(w) => w,
            Err((state, msg)) => {
                if extension_dropped() {
                    return Next::NoWatches;
                }
                warning!("fpdb watch: could not read fpdb.Watches: {state} {msg}");
                return Next::Continue;
            }
        };
        if watches.is_empty() {
            return Next::NoWatches;
        }
        if let Some(wake) = self.wake.as_mut() {
            let paths: Vec<(String, bool)> = watches
                .iter()
                .map(|w| (w.path.clone(), w.recursive))
                .collect();
            for (p, e) in wake.sync(&paths) {
                debug1!("fpdb watch: {p} is polled: {e}");
            }
        }
        self.quiet_due = None;
        let live: std::collections::HashSet<i64> = watches
            .iter()
            .flat_map(|w| w.files.iter().map(|f| f.id))
            .collect();
        self.retry.retain(|id, _| live.contains(id));
        self.settled.retain(|id, _| live.contains(id));
        for w in &watches {
            if self.stop_requested() {
                break;
            }
            let disk = match files::list(&w.path, w.recursive) {
                Ok(d) => {
                    self.watch_errors.remove(&w.id);
                    d
                }
                Err(e) => {
                    let msg = format!("could not read \"{}\": {e}", w.path);
                    if self.watch_errors.get(&w.id) != Some(&msg) {
                        let _ = in_xact(|| record_error(w, None, &w.path, "58030", &msg));
                        self.watch_errors.insert(w.id, msg);
                    }
                    continue;
                }
            };
            let work = match in_xact(|| reconcile(w, &disk)) {
                Ok(work) => work,
                Err((state, msg)) => {
                    warning!("fpdb watch: files of \"{}\": {state} {msg}", w.path);
                    continue;
                }
            };
            for (row, file) in work {
                if self.stop_requested() {
                    break;
                }
                if self.settled.get(&row.id) == Some(&(file.size, file.mtime)) {
                    continue;
                }
                self.settled.remove(&row.id);
                if let Some((at, _)) = self.retry.get(&row.id) {
                    if Instant::now() < *at {
                        continue;
                    }
                }
                self.follow_file(w, &row, &file);
            }
        }
        Next::Continue
    }

    /// Imports the complete hands `file` gained since its row's offset (several transactions
    /// for a large backlog).
    fn follow_file(&mut self, w: &WatchRow, row: &FileRow, file: &DiskFile) {
        let mut row = row.clone();
        for _ in 0..1000 {
            report_activity(&format!("fpdb watch: importing {}", file.path));
            match in_xact(|| import_round(w, &row, file)) {
                Ok(Ok(outcome)) => {
                    self.retry.remove(&row.id);
                    match outcome {
                        Outcome::More(offset) => {
                            row.bytes_imported = offset;
                            continue;
                        }
                        Outcome::Pending(Some(due)) => {
                            self.quiet_due = Some(self.quiet_due.map_or(due, |q| q.min(due)));
                        }
                        Outcome::Settled(size, mtime) => {
                            self.settled.insert(row.id, (size, mtime));
                        }
                        Outcome::Pending(None) | Outcome::Done | Outcome::Gone => {}
                    }
                }
                Ok(Err((state, msg))) | Err((state, msg)) => {
                    let _ = in_xact(|| record_file_error(w, &row, &state, &msg));
                    let wait = self
                        .retry
                        .get(&row.id)
                        .map_or(Duration::from_secs(1), |(_, d)| (*d * 2).min(MAX_BACKOFF));
                    self.retry.insert(row.id, (Instant::now() + wait, wait));
                }
            }
            return;
        }
    }
}

/// Brings the watch's rows up to date with the files on disk; returns the files that may have
/// something to import, with their rows.
fn reconcile(w: &WatchRow, disk: &[DiskFile]) -> Vec<(FileRow, DiskFile)> {
    if !lock_watch(w.id) {
        return Vec::new(); // unwatched meanwhile
    }
    let by_path: HashMap<&str, &FileRow> = w.files.iter().map(|f| (f.path.as_str(), f)).collect();
    let disk_by_path: HashMap<&str, &DiskFile> =
        disk.iter().map(|d| (d.path.as_str(), d)).collect();
    // Rows whose file is no longer at their path (moved away or replaced by another file).
    let mut loose: HashMap<(i64, i64), &FileRow> = w
        .files
        .iter()
        .filter(|f| {
            disk_by_path
                .get(f.path.as_str())
                .is_none_or(|d| (d.device, d.inode) != (f.device, f.inode))
        })
        .map(|f| ((f.device, f.inode), f))
        .collect();
    let mut work = Vec::new();
    let mut renames: Vec<(i64, &str)> = Vec::new();
    let mut inserts: Vec<&DiskFile> = Vec::new();
    for d in disk {
        match by_path.get(d.path.as_str()) {
            Some(r) if (r.device, r.inode) == (d.device, d.inode) => {
                if d.size as i64 != r.bytes_imported || r.size != d.size as i64 {
                    work.push(((*r).clone(), d.clone()));
                }
            }
            _ => {
                if let Some(r) = loose.remove(&(d.device, d.inode)) {
                    // The same file under a new name (renamed, or rotated to this name).
                    renames.push((r.id, d.path.as_str()));
                    let mut moved = r.clone();
                    moved.path = d.path.clone();
                    if d.size as i64 != r.bytes_imported {
                        work.push((moved, d.clone()));
                    }
                } else {
                    inserts.push(d);
                }
            }
        }
    }
    // Rows left loose are files gone: their rows go (the hands stay).
    let gone: Vec<i64> = loose.values().map(|f| f.id).collect();
    if !gone.is_empty() {
        Spi::run_with_args(
            "DELETE FROM fpdb.watch_files WHERE id OPERATOR(pg_catalog.=) ANY ($1)",
            &[gone.into()],
        )
        .unwrap_or_else(|e| crate::errors::raise("XX000", e.to_string()));
    }
    // Two steps, so that files trading names never collide on (watch_id, path).
    for (id, _) in &renames {
        Spi::run_with_args(
            "UPDATE fpdb.watch_files SET path = path OPERATOR(pg_catalog.||) ' (renaming)' \
             WHERE id OPERATOR(pg_catalog.=) $1",
            &[(*id).into()],
        )
        .unwrap_or_else(|e| crate::errors::raise("XX000", e.to_string()));
    }
    for (id, path) in &renames {
        Spi::run_with_args(
            "UPDATE fpdb.watch_files SET path = $2 WHERE id OPERATOR(pg_catalog.=) $1",
            &[(*id).into(), (*path).into()],
        )
        .unwrap_or_else(|e| crate::errors::raise("XX000", e.to_string()));
    }
    for d in inserts {
        let id = Spi::get_one_with_args::<i64>(
            "INSERT INTO fpdb.watch_files (watch_id, path, device, inode) VALUES ($1, $2, $3, $4) RETURNING id",
            &[w.id.into(), d.path.as_str().into(), d.device.into(), d.inode.into()],
        )
        .ok()
        .flatten()
        .unwrap_or_else(|| crate::errors::raise("XX000", "fpdb watch: insert into watch_files failed"));
        let row = FileRow {
            id,
            path: d.path.clone(),
            device: d.device,
            inode: d.inode,
            bytes_imported: 0,
            size: 0,
        };
        work.push((row, d.clone()));
    }
    work
}

enum Outcome {
    /// Hands imported up to this offset, and more bytes follow (read limit).
    More(i64),
    /// Nothing more to import now; the last hand waits (until the given time, when the file
    /// will have been quiet long enough).
    Pending(Option<Instant>),
    /// The last hand is unfinished and the file quiet: nothing to do until the file changes
    /// (its size and modification time then).
    Settled(u64, SystemTime),
    Done,
    /// The watch or the file's row is gone (unwatched meanwhile).
    Gone,
}

/// The file's row, locked for the round (and its watch against removal until commit).
struct Locked {
    bytes_imported: i64,
    lines_imported: i64,
    encoding: Option<String>,
    head: Vec<u8>,
    size: i64,
    pending: i64,
    device: i64,
    inode: i64,
}

/// Locks the watch's row against removal until commit (KEY SHARE, what a foreign key check
/// takes); false when it is gone. Taken before any file row, in the order `fpdb.unwatch` takes
/// them (the watch, then its files by the cascade), so the two never deadlock.
fn lock_watch(id: i64) -> bool {
    Spi::connect_mut(|c| {
        c.update(
            "SELECT 1 FROM fpdb.Watches w WHERE w.id OPERATOR(pg_catalog.=) $1 FOR KEY SHARE",
            None,
            &[id.into()],
        )
        .map(|rows| !rows.is_empty())
        .unwrap_or(false)
    })
}

fn lock_row(watch: i64, id: i64) -> Option<Locked> {
    if !lock_watch(watch) {
        return None;
    }
    Spi::connect_mut(|c| {
        let mut rows = c
            .update(
                "SELECT f.bytes_imported, f.lines_imported, f.encoding, f.head, f.size, f.pending_bytes, \
                        f.device, f.inode \
                 FROM fpdb.watch_files f JOIN fpdb.Watches w ON w.id OPERATOR(pg_catalog.=) f.watch_id \
                 WHERE f.id OPERATOR(pg_catalog.=) $1 FOR UPDATE OF f",
                None,
                &[id.into()],
            )
            .ok()?;
        let r = rows.next()?;
        let g = |i: usize| r.get::<i64>(i).ok().flatten().unwrap_or_default();
        Some(Locked {
            bytes_imported: g(1),
            lines_imported: g(2),
            encoding: r.get::<String>(3).ok().flatten(),
            head: r.get::<Vec<u8>>(4).ok().flatten().unwrap_or_default(),
            size: g(5),
            pending: g(6),
            device: g(7),
            inode: g(8),
        })
    })
}

fn io_error(path: &str, what: &str, e: &std::io::Error) -> Caught {
    let state = match e.kind() {
        std::io::ErrorKind::PermissionDenied => "42501",
        std::io::ErrorKind::NotFound => "58P01",
        _ => "58030",
    };
    (state.into(), format!("could not {what} \"{path}\": {e}"))
}

/// The bytes of `f` from `offset` (at most [`MAX_READ`]) and its first bytes.
fn read_from(f: &File, path: &str, offset: u64, size: u64) -> Result<(Vec<u8>, Vec<u8>), Caught> {
    let want = (size.saturating_sub(offset) as usize).min(MAX_READ);
    let mut buf = vec![0u8; want];
    let mut got = 0usize;
    while got < want {
        match f.read_at(&mut buf[got..], offset + got as u64) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_error(path, "read", &e)),
        }
    }
    buf.truncate(got);
    let mut head = vec![0u8; HEAD.min(size as usize)];
    let n = f
        .read_at(&mut head, 0)
        .map_err(|e| io_error(path, "read", &e))?;
    head.truncate(n);
    Ok((buf, head))
}

/// One transaction's work on one file: lock its row, read what follows the offset, import the
/// complete hands as the watch's owner, record bad hands, notify, move the offset.
fn import_round(w: &WatchRow, row: &FileRow, disk: &DiskFile) -> Result<Outcome, Caught> {
    let Some(mut locked) = lock_row(w.id, row.id) else {
        return Ok(Outcome::Gone);
    };
    let path = disk.path.as_str();
    let f = File::open(path).map_err(|e| io_error(path, "open", &e))?;
    let meta = f.metadata().map_err(|e| io_error(path, "read", &e))?;
    if (meta.dev() as i64, meta.ino() as i64) != (locked.device, locked.inode) {
        return Ok(Outcome::Done); // replaced since the listing: the next round sorts it out
    }
    let size = meta.len();
    let (mut bytes, head) = read_from(&f, path, locked.bytes_imported as u64, size)?;
    // A file shorter than the offset, or with other first bytes, was truncated or replaced in
    // place (copy-and-truncate rotation): it is read again from the start.
    let stored = &locked.head[..locked.head.len().min(head.len())];
    if (size as i64) < locked.bytes_imported || stored != &head[..stored.len()] {
        locked.bytes_imported = 0;
        locked.lines_imported = 0;
        locked.encoding = None;
        bytes = read_from(&f, path, 0, size)?.0;
    }
    let offset = locked.bytes_imported as u64;
    let reached_end = offset + bytes.len() as u64 >= size;
    let quiet_for = millis(crate::gucs::QUIET_MS.get());
    let mtime = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
    let age = SystemTime::now().duration_since(mtime).unwrap_or_default();
    let quiet = reached_end && age >= quiet_for;
    let encoding = locked
        .encoding
        .as_deref()
        .and_then(follow::encoding_of_name);
    let taken = follow::take_complete(&bytes, offset == 0, encoding, quiet);
    let pending = size as i64 - offset as i64 - taken.bytes as i64;
    let wait = (pending > 0 && !quiet && reached_end).then(|| Instant::now() + (quiet_for - age));
    let progress = Progress {
        locked: &locked,
        taken: &taken,
        head: &head,
        size,
        pending,
    };
    if taken.bytes == 0 {
        if locked.size != size as i64 || locked.pending != pending {
            update_row(row.id, &progress, &Counts::default(), None);
        }
        return Ok(if pending > 0 && quiet {
            Outcome::Settled(size, mtime)
        } else if pending > 0 {
            Outcome::Pending(wait)
        } else {
            Outcome::Done
        });
    }
    if !may_read_server_files(w.owner) {
        return Err((
            "42501".into(),
            format!(
                "{} may no longer read server files (superuser or pg_read_server_files): \"{path}\" is not imported",
                role_name(w.owner)
            ),
        ));
    }
    let counts = import_as_owner(w, &taken);
    // From here on an error raises: the hands imported must not be committed without the offset.
    record_hand_errors(w, path, locked.lines_imported, &counts.errors);
    let last_error = counts.errors.last().map(|e| {
        format!(
            "line {}: {}",
            e["line"].as_i64().unwrap_or(0) + locked.lines_imported,
            e["message"].as_str().unwrap_or("")
        )
    });
    update_row(row.id, &progress, &counts, Some(last_error));
    notify(w, &counts.new_hands);
    let new_offset = locked.bytes_imported + taken.bytes as i64;
    Ok(if !reached_end {
        Outcome::More(new_offset)
    } else if pending > 0 {
        Outcome::Pending(wait)
    } else {
        Outcome::Done
    })
}

#[derive(Default)]
struct Counts {
    imported: i64,
    duplicates: i64,
    failed: i64,
    errors: Vec<Value>,
    /// (site, table, hand number) of every complete hand of the text.
    new_hands: Vec<(String, String, i64)>,
}

fn import_as_owner(w: &WatchRow, taken: &Taken) -> Counts {
    let summary = as_role(w.owner, true, || {
        crate::import::import_text(&taken.text, "skip")
    });
    let new_hands = fpdb_core::parse_history(&taken.text)
        .filter_map(Result::ok)
        .map(|h| (h.site.to_string(), h.table_name.clone(), h.site_hand_no))
        .collect();
    Counts {
        imported: i64::from(summary.imported),
        duplicates: i64::from(summary.duplicates),
        failed: i64::from(summary.failed),
        errors: summary.errors,
        new_hands,
    }
}

fn raise_spi(e: pgrx::spi::SpiError) -> ! {
    crate::errors::raise("XX000", format!("fpdb watch: {e}"))
}

fn record_hand_errors(w: &WatchRow, path: &str, lines_before: i64, errors: &[Value]) {
    if errors.is_empty() {
        return;
    }
    Spi::run_with_args(
        "INSERT INTO fpdb.import_errors (watch_id, owner, path, line, site_hand_no, sqlstate, message) \
         SELECT $1, $2::pg_catalog.oid::pg_catalog.regrole, $3, e.line OPERATOR(pg_catalog.+) $4, e.site_hand_no, e.sqlstate, e.message \
         FROM pg_catalog.jsonb_to_recordset($5) AS e(line bigint, site_hand_no bigint, sqlstate text, message text)",
        &[
            w.id.into(),
            w.owner.into(),
            path.into(),
            lines_before.into(),
            JsonB(Value::Array(errors.to_vec())).into(),
        ],
    )
    .unwrap_or_else(|e| raise_spi(e))
}

/// Where a round leaves a file: its row as locked, the hands taken, and the file as read.
struct Progress<'a> {
    locked: &'a Locked,
    taken: &'a Taken,
    head: &'a [u8],
    size: u64,
    pending: i64,
}

/// Moves the file's offset and counters (`last_error`: None when nothing was imported, else the
/// round's last bad hand, if any).
fn update_row(id: i64, p: &Progress<'_>, counts: &Counts, last_error: Option<Option<String>>) {
    let Progress {
        locked,
        taken,
        head,
        size,
        pending,
    } = *p;
    let imported_round = last_error.is_some();
    let (set_error, error) = match last_error {
        Some(Some(e)) => (true, Some(e)),
        Some(None) => (true, None),
        None => (false, None),
    };
    Spi::run_with_args(
        "UPDATE fpdb.watch_files SET bytes_imported = $2, lines_imported = $3, encoding = $4, head = $5, \
             size = $6, pending_bytes = $7, hands = hands OPERATOR(pg_catalog.+) $8, \
             duplicates = duplicates OPERATOR(pg_catalog.+) $9, failed = failed OPERATOR(pg_catalog.+) $10, \
             last_import = CASE WHEN $11 THEN pg_catalog.now() ELSE last_import END, \
             last_error_time = CASE WHEN $12 AND $13 IS NOT NULL THEN pg_catalog.now() \
                                    WHEN $12 AND NOT (last_error OPERATOR(pg_catalog.~~) 'line %') THEN NULL ELSE last_error_time END, \
             last_error = CASE WHEN $12 AND $13 IS NOT NULL THEN $13 \
                               WHEN $12 AND NOT (last_error OPERATOR(pg_catalog.~~) 'line %') THEN NULL ELSE last_error END \
         WHERE id OPERATOR(pg_catalog.=) $1",
        &[
            id.into(),
            (locked.bytes_imported + taken.bytes as i64).into(),
            (locked.lines_imported + i64::from(taken.lines)).into(),
            follow::encoding_name(taken.encoding).into(),
            head.to_vec().into(),
            (size as i64).into(),
            pending.into(),
            counts.imported.into(),
            counts.duplicates.into(),
            counts.failed.into(),
            imported_round.into(),
            set_error.into(),
            error.into(),
        ],
    )
    .unwrap_or_else(|e| raise_spi(e))
}

/// `NOTIFY fpdb_hands` (delivered at commit): one notification per table with new hands, with
/// the site, the table, the hand numbers and the ids of the players of those hands.
fn notify(w: &WatchRow, hands: &[(String, String, i64)]) {
    let mut by_table: Vec<((&str, &str), Vec<i64>)> = Vec::new();
    for (site, table, no) in hands {
        match by_table
            .iter_mut()
            .find(|(k, _)| *k == (site.as_str(), table.as_str()))
        {
            Some((_, v)) => v.push(*no),
            None => by_table.push(((site.as_str(), table.as_str()), vec![*no])),
        }
    }
    for ((site, table), nos) in by_table {
        // Hands stored by this transaction (not duplicates): importTime is its start.
        let (new, players) = Spi::get_two_with_args::<Vec<i64>, Vec<i32>>(
            "WITH n AS (SELECT h.id, h.siteHandNo FROM fpdb.Hands h \
                 WHERE h.siteId OPERATOR(pg_catalog.=) (SELECT s.id FROM fpdb.Sites s WHERE s.name OPERATOR(pg_catalog.=) $1) \
                   AND h.siteHandNo OPERATOR(pg_catalog.=) ANY ($2) \
                   AND h.importTime OPERATOR(pg_catalog.=) pg_catalog.now()) \
             SELECT (SELECT pg_catalog.array_agg(n.siteHandNo ORDER BY n.siteHandNo) FROM n), \
                    (SELECT pg_catalog.array_agg(DISTINCT hp.playerId) FROM fpdb.HandsPlayers hp \
                     WHERE hp.handId OPERATOR(pg_catalog.=) ANY (SELECT n.id FROM n))",
            &[site.into(), nos.into()],
        )
        .unwrap_or_else(|e| raise_spi(e));
        let new = new.unwrap_or_default();
        if new.is_empty() {
            continue;
        }
        let players = players.unwrap_or_default();
        let payload = json!({
            "watch": w.id,
            "site": site,
            "table": table,
            "count": new.len(),
            "hands": &new[new.len().saturating_sub(NOTIFY_MAX)..],
            "players": &players[..players.len().min(NOTIFY_MAX)],
        });
        Spi::run_with_args(
            "SELECT pg_catalog.pg_notify('fpdb_hands', $1)",
            &[payload.to_string().into()],
        )
        .unwrap_or_else(|e| raise_spi(e));
    }
}

/// Records an error of the watch's path or of one file (line NULL) in fpdb.import_errors.
fn record_error(w: &WatchRow, line: Option<i64>, path: &str, state: &str, msg: &str) {
    Spi::run_with_args(
        "INSERT INTO fpdb.import_errors (watch_id, owner, path, line, sqlstate, message) \
         SELECT $1, $2::pg_catalog.oid::pg_catalog.regrole, $3, $4, $5, $6 \
         WHERE EXISTS (SELECT 1 FROM fpdb.Watches w WHERE w.id OPERATOR(pg_catalog.=) $1)",
        &[
            w.id.into(),
            w.owner.into(),
            path.into(),
            line.into(),
            state.into(),
            msg.into(),
        ],
    )
    .unwrap_or_else(|e| crate::errors::raise("XX000", e.to_string()));
}

/// A file that could not be imported this round: its row's last error, and one fpdb.import_errors
/// row each time the error changes (a file failing every round is recorded once).
fn record_file_error(w: &WatchRow, row: &FileRow, state: &str, msg: &str) {
    let changed = Spi::get_one_with_args::<i64>(
        "UPDATE fpdb.watch_files SET last_error = $2, last_error_time = pg_catalog.now() \
         WHERE id OPERATOR(pg_catalog.=) $1 AND (last_error IS NULL OR last_error OPERATOR(pg_catalog.<>) $2) RETURNING id",
        &[row.id.into(), msg.into()],
    )
    .ok()
    .flatten();
    if changed.is_some() {
        record_error(w, None, &row.path, state, msg);
    }
}

//! The settings fpdb reads, registered with PostgreSQL (typed, documented in `SHOW ALL` and
//! `pg_settings`, checked when set).
//!
//! None of them can make HudCache wrong: they choose how rows are written, never whether
//! HudCache follows them.

use pgrx::{GucContext, GucFlags, GucRegistry, GucSetting};

/// `fpdb.direct_writes`: imports write rows straight into the tables where that is exactly what
/// an INSERT would do (the default); off, they use INSERT statements (same rows, slower).
pub(crate) static DIRECT_WRITES: GucSetting<bool> = GucSetting::<bool>::new(true);

/// `fpdb.keep_raw`: imports keep each new hand's text in `fpdb.RawHands` (the default); off,
/// they store only the derived rows.
pub(crate) static KEEP_RAW: GucSetting<bool> = GucSetting::<bool>::new(true);

/// `fpdb.hudcache_keys_in_memory`: HudCache keys an import (or a HudCache trigger) holds in memory
/// before it spills them, sorted, to a temporary file; the runs are merged when HudCache is
/// written. Memory, not results: about 800 bytes per key.
pub(crate) static HUDCACHE_KEYS_IN_MEMORY: GucSetting<i32> = GucSetting::<i32>::new(100_000);

/// `fpdb.equity_workers`: threads an import starts to compute the equities of its all-ins ahead
/// of the rows that need them (0: the thread that reads the hands computes them, which is the
/// importing thread itself for 1,000 hands or fewer). The same equities either way. 0 by
/// default: an import of more than 1,000 hands already reads them on a second thread, and on a
/// 2-core machine a third busy thread takes time from the importing one.
pub(crate) static EQUITY_WORKERS: GucSetting<i32> = GucSetting::<i32>::new(0);

/// `fpdb.watch_poll_interval`: milliseconds between two looks at the watched files when polling.
pub(crate) static POLL_INTERVAL_MS: GucSetting<i32> = GucSetting::<i32>::new(250);
/// `fpdb.watch_quiet_time`: milliseconds a file must be unchanged before its last hand is taken
/// without the blank line rooms write after a hand.
pub(crate) static QUIET_MS: GucSetting<i32> = GucSetting::<i32>::new(500);
/// `fpdb.watch_inotify`: off makes the worker poll instead of using inotify.
pub(crate) static USE_INOTIFY: GucSetting<bool> = GucSetting::<bool>::new(true);

pub(crate) fn init() {
    GucRegistry::define_int_guc(
        c"fpdb.hudcache_keys_in_memory",
        c"HudCache keys an import or trigger holds in memory before spilling them to a temporary file.",
        c"About 800 bytes per key. Lower it to bound the memory of very large imports further; \
          the HudCache rows written are the same.",
        &HUDCACHE_KEYS_IN_MEMORY,
        100,
        100_000_000,
        GucContext::Userset,
        GucFlags::default(),
    );
    GucRegistry::define_bool_guc(
        c"fpdb.direct_writes",
        c"Imports write rows directly into the tables where that equals an INSERT.",
        c"When off, imports write every table with INSERT statements: the same rows, more slowly. \
          Useful for comparison and debugging.",
        &DIRECT_WRITES,
        GucContext::Userset,
        GucFlags::default(),
    );
    GucRegistry::define_int_guc(
        c"fpdb.equity_workers",
        c"Threads an import starts to compute the equities of its all-ins (allInEV) ahead of the rows that need them.",
        c"0 (the default) computes them on the thread that reads the hands. The stored values are \
          the same for any number; more threads only use more processor cores.",
        &EQUITY_WORKERS,
        0,
        16,
        GucContext::Userset,
        GucFlags::default(),
    );
    GucRegistry::define_bool_guc(
        c"fpdb.keep_raw",
        c"Imports keep the text of each new hand in fpdb.RawHands (read it with fpdb.raw_hand).",
        c"When off, imports store only the derived rows: fpdb.raw_hand gives NULL for those hands.",
        &KEEP_RAW,
        GucContext::Userset,
        GucFlags::default(),
    );
    GucRegistry::define_int_guc(
        c"fpdb.watch_poll_interval",
        c"Milliseconds between two looks at the watched files when the fpdb watch worker polls.",
        c"Used when inotify is off or unavailable (notify's polling watcher); the worker also rescans every 5 seconds.",
        &POLL_INTERVAL_MS,
        10,
        60_000,
        GucContext::Sighup,
        GucFlags::UNIT_MS,
    );
    GucRegistry::define_int_guc(
        c"fpdb.watch_quiet_time",
        c"Milliseconds a followed file must be unchanged before its last hand is imported without a blank line after it.",
        c"A hand that parses as unfinished is never imported, however long the file is quiet.",
        &QUIET_MS,
        0,
        600_000,
        GucContext::Sighup,
        GucFlags::UNIT_MS,
    );
    GucRegistry::define_bool_guc(
        c"fpdb.watch_inotify",
        c"Whether the fpdb watch worker is woken by inotify (off: it polls).",
        c"",
        &USE_INOTIFY,
        GucContext::Sighup,
        GucFlags::default(),
    );
}

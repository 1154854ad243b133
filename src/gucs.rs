//! The settings fpdb reads, registered with PostgreSQL (typed, documented in `SHOW ALL` and
//! `pg_settings`, checked when set).
//!
//! None of them can make HudCache wrong: they choose how rows are written, never whether
//! HudCache follows them.

use pgrx::{GucContext, GucFlags, GucRegistry, GucSetting};

/// `fpdb.direct_writes`: imports write rows straight into the tables where that is exactly what
/// an INSERT would do (the default); off, they use INSERT statements (same rows, slower).
pub(crate) static DIRECT_WRITES: GucSetting<bool> = GucSetting::<bool>::new(true);

pub(crate) fn init() {
    GucRegistry::define_bool_guc(
        c"fpdb.direct_writes",
        c"Imports write rows directly into the tables where that equals an INSERT.",
        c"When off, imports write every table with INSERT statements: the same rows, more slowly. \
          Useful for comparison and debugging.",
        &DIRECT_WRITES,
        GucContext::Userset,
        GucFlags::default(),
    );
}

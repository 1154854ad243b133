//! fpdb on a Citus cluster: how the import recognises a distributed database.
//!
//! `fpdb.distribute()` (sql/citus.sql) turns the tables into Citus reference and distributed
//! tables and drops the HudCache triggers, which cannot run on distributed tables. From then on
//! the import keeps HudCache itself (it always folds its own rows; on one server the trigger
//! skips them) and takes the INSERT path: the coordinator's tables are empty shells, so a direct
//! heap write would store rows no query ever sees. Whether the database is distributed is read
//! from Citus's catalog on every import, never from a setting a user could change.

use pgrx::prelude::*;

/// Whether HandsPlayers is a Citus distributed table in this database.
pub(crate) fn distributed() -> bool {
    // pg_dist_partition exists only where the citus extension is installed; the second query is
    // planned only then.
    let has_citus = Spi::get_one::<bool>(
        "SELECT pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL",
    )
    .ok()
    .flatten()
    .unwrap_or(false);
    has_citus
        && Spi::get_one::<bool>(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition \
             WHERE logicalrelid OPERATOR(pg_catalog.=) 'fpdb.handsplayers'::pg_catalog.regclass)",
        )
        .ok()
        .flatten()
        .unwrap_or(false)
}

//! fpdb on a Citus cluster: how the import recognises a distributed database.
//!
//! `fpdb.distribute()` (sql/citus.sql) turns the tables into Citus reference and distributed
//! tables and drops the HudCache triggers, which cannot run on distributed tables. From then on
//! the import keeps HudCache itself (it always folds its own rows; on one server the trigger
//! skips them) and takes the INSERT path: the coordinator's tables are empty shells, so a direct
//! heap write would store rows no query ever sees. Whether the database is distributed is read
//! from Citus's catalog on every import, never from a setting a user could change.

use pgrx::prelude::*;

/// Whether fpdb's tables are distributed by Citus (`fpdb._is_distributed()`, sql/citus.sql).
pub(crate) fn distributed() -> bool {
    Spi::get_one::<bool>("SELECT fpdb._is_distributed()")
        .unwrap_or_else(|e| crate::errors::raise("XX000", format!("fpdb: {e}")))
        .unwrap_or(false)
}

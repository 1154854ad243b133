//! fpdb: PostgreSQL as a poker hand database.
//!
//! This crate is the thin PostgreSQL layer: SQL functions and triggers that call into the pure
//! `fpdb-core` crate. The schema lives in `sql/*.sql`; everything is created in schema `fpdb`.

use pgrx::prelude::*;

mod cards;
mod citus;
mod errors;
mod export;
mod gucs;
mod hudcache;
mod import;
mod parse;
mod profit;
mod raw;
mod spi_rows;
mod summary;
mod threads;
mod watch;

::pgrx::pg_module_magic!(name, version);

/// Loads the library: registers fpdb's settings, the end-of-transaction cleanup and (when
/// preloaded) the watch launcher.
#[pg_guard]
pub extern "C-unwind" fn _PG_init() {
    gucs::init();
    watch::init();
    // SAFETY: registers callbacks that live as long as the library (never unloaded).
    unsafe {
        pg_sys::RegisterXactCallback(Some(at_transaction_end), std::ptr::null_mut());
        pg_sys::RegisterSubXactCallback(Some(at_subtransaction_abort), std::ptr::null_mut());
    }
}

/// Whatever an aborted import left behind, a new transaction starts without it.
#[pg_guard]
unsafe extern "C-unwind" fn at_transaction_end(
    event: pg_sys::XactEvent::Type,
    _arg: *mut std::ffi::c_void,
) {
    use pg_sys::XactEvent as E;
    if matches!(
        event,
        E::XACT_EVENT_COMMIT
            | E::XACT_EVENT_ABORT
            | E::XACT_EVENT_PARALLEL_COMMIT
            | E::XACT_EVENT_PARALLEL_ABORT
            | E::XACT_EVENT_PREPARE
    ) {
        hudcache::reset_at_transaction_end();
    }
}

#[pg_guard]
unsafe extern "C-unwind" fn at_subtransaction_abort(
    event: pg_sys::SubXactEvent::Type,
    _my: pg_sys::SubTransactionId,
    _parent: pg_sys::SubTransactionId,
    _arg: *mut std::ffi::c_void,
) {
    if event == pg_sys::SubXactEvent::SUBXACT_EVENT_ABORT_SUB {
        hudcache::reset_at_transaction_end();
    }
}

extension_sql_file!("../sql/schema.sql", name = "schema", bootstrap);
extension_sql_file!(
    "../sql/hudcache.sql",
    name = "hudcache",
    requires = ["schema", hudcache::_hudcache_fold]
);
extension_sql_file!("../sql/hud.sql", name = "hud", requires = ["hudcache"]);
extension_sql_file!(
    "../sql/rawhands.sql",
    name = "rawhands",
    requires = ["schema"]
);
extension_sql_file!(
    "../sql/watch.sql",
    name = "watch",
    requires = ["hud", watch::watch, watch::unwatch]
);
extension_sql_file!(
    "../sql/tourney.sql",
    name = "tourney",
    requires = ["hudcache"]
);
extension_sql_file!(
    "../sql/profit.sql",
    name = "profit",
    requires = ["hudcache", profit::_profit_svg]
);
extension_sql_file!(
    "../sql/roles.sql",
    name = "roles",
    requires = ["hud", import::import_file, "tourney", "rawhands"]
);
extension_sql_file!(
    "../sql/citus.sql",
    name = "citus",
    requires = ["tourney", "rawhands"]
);
extension_sql_file!("../sql/finalize.sql", name = "finalize", finalize);

#[cfg(any(test, feature = "pg_test"))]
#[pg_schema]
mod tests {
    use pgrx::prelude::*;

    #[pg_test]
    fn card_functions_round_trip() {
        for code in 0..=52i32 {
            let text =
                Spi::get_one_with_args::<String>("SELECT fpdb.card_text($1)", &[code.into()])
                    .unwrap()
                    .unwrap();
            let back = Spi::get_one_with_args::<i16>("SELECT fpdb.card_code($1)", &[text.into()])
                .unwrap()
                .unwrap();
            assert_eq!(back as i32, code);
        }
    }

    #[pg_test]
    fn start_cards_of_smallint_columns() {
        let v = Spi::get_one::<i16>("SELECT fpdb.start_cards(13::smallint, 12::smallint)").unwrap();
        assert_eq!(v, Some(167)); // Ah Kh = AKs
        let v =
            Spi::get_one::<String>("SELECT fpdb.start_cards_text(fpdb.start_cards('Ah', 'Kd'))")
                .unwrap();
        assert_eq!(v.as_deref(), Some("AKo"));
        let v = Spi::get_one::<i16>("SELECT fpdb.start_cards('xx', 'Kd')").unwrap();
        assert_eq!(v, None);
    }

    #[pg_test(
        error = "invalid card \"Zz\": expected a rank (2-9, T or 10, J, Q, K, A) and a suit (h, d, c, s), or \"xx\" for unknown"
    )]
    fn card_code_rejects_bad_text() {
        Spi::get_one::<i16>("SELECT fpdb.card_code('Zz')").unwrap();
    }

    const FOUR_BET: &str = include_str!("../tests/pg_regress/data/stars-nlhe-4bet.txt");
    const SIX_MAX: &str = include_str!("../tests/pg_regress/data/stars-nlhe-6max-78hands.txt");
    const CANCELLED: &str = include_str!("../tests/pg_regress/data/stars-cancelled.txt");

    fn import(text: &str) -> (i32, i32, i32) {
        let row = Spi::get_three_with_args::<i32, i32, i32>(
            "SELECT imported, duplicates, failed FROM fpdb.import_hands($1)",
            &[text.into()],
        )
        .unwrap();
        (row.0.unwrap(), row.1.unwrap(), row.2.unwrap())
    }

    fn int(sql: &str) -> i64 {
        Spi::get_one::<i64>(sql).unwrap().unwrap()
    }

    #[pg_test]
    fn raw_hand_gives_back_the_imported_text() {
        assert_eq!(import(FOUR_BET), (1, 0, 0));
        let text = Spi::get_one::<String>("SELECT fpdb.raw_hand(max(id)) FROM fpdb.Hands")
            .unwrap()
            .unwrap();
        assert_eq!(text, FOUR_BET);
        // Off: the next hands keep no text, and raw_hand gives NULL for them.
        Spi::run("SET fpdb.keep_raw = off").unwrap();
        assert_eq!(import(SIX_MAX), (78, 0, 0));
        Spi::run("RESET fpdb.keep_raw").unwrap();
        assert_eq!(int("SELECT count(*) FROM fpdb.RawHands"), 1);
        assert_eq!(
            int("SELECT count(*) FROM fpdb.Hands WHERE fpdb.raw_hand(id) IS NULL"),
            78
        );
    }

    #[pg_test(error = "fpdb.raw_hand: there is no hand with id 424242")]
    fn raw_hand_of_no_hand_is_an_error() {
        Spi::get_one::<String>("SELECT fpdb.raw_hand(424242)").unwrap();
    }

    /// (hands, changed) of `fpdb.reimport` called as `call`.
    fn reimport(call: &str) -> (i64, i64) {
        let row = Spi::get_two::<i64, i64>(&format!("SELECT hands, changed FROM {call}")).unwrap();
        (row.0.unwrap(), row.1.unwrap())
    }

    /// Rows of `a` not in `b` plus rows of `b` not in `a` (both queries of the same columns).
    fn differing(a: &str, b: &str) -> i64 {
        int(&format!(
            "SELECT count(*) FROM (({a} EXCEPT ALL {b}) UNION ALL ({b} EXCEPT ALL {a})) d"
        ))
    }

    #[pg_test]
    fn reimport_rewrites_exactly_the_hands_that_differ() {
        assert_eq!(import(SIX_MAX), (78, 0, 0));
        assert_eq!(reimport("fpdb.reimport()"), (78, 0));
        let actions = "SELECT handId, handPlayerId, street, actionNo, action, allIn, amount FROM";
        Spi::run(&format!(
            "CREATE TEMP TABLE h0 AS SELECT * FROM fpdb.Hands; \
             CREATE TEMP TABLE hp0 AS SELECT * FROM fpdb.HandsPlayers; \
             CREATE TEMP TABLE a0 AS {actions} fpdb.HandsActions; \
             CREATE TEMP TABLE b0 AS SELECT * FROM fpdb.BoardCards; \
             CREATE TEMP TABLE hud0 AS SELECT * FROM fpdb.HudCache"
        ))
        .unwrap();
        // Four hands' rows made wrong, one table each: what an older version could have stored.
        Spi::run(
            "CREATE TEMP TABLE pick AS SELECT id, row_number() OVER (ORDER BY id) AS n \
               FROM fpdb.Hands WHERE id IN (SELECT handId FROM fpdb.BoardCards); \
             UPDATE fpdb.HandsPlayers SET totalProfit = totalProfit + 7, street0VPI = 1 - street0VPI \
               WHERE handId = (SELECT id FROM pick WHERE n = 1); \
             DELETE FROM fpdb.HandsActions WHERE id = \
               (SELECT max(id) FROM fpdb.HandsActions WHERE handId = (SELECT id FROM pick WHERE n = 2)); \
             UPDATE fpdb.Hands SET rake = rake + 5, seats = seats - 1 WHERE id = (SELECT id FROM pick WHERE n = 3); \
             DELETE FROM fpdb.BoardCards WHERE handId = (SELECT id FROM pick WHERE n = 4)",
        )
        .unwrap();
        assert!(differing("SELECT * FROM hud0", "SELECT * FROM fpdb.HudCache") > 0);
        assert_eq!(reimport("fpdb.reimport('PokerStars')"), (78, 4));
        assert_eq!(differing("SELECT * FROM h0", "SELECT * FROM fpdb.Hands"), 0);
        assert_eq!(
            differing("SELECT * FROM hp0", "SELECT * FROM fpdb.HandsPlayers"),
            0
        );
        assert_eq!(
            differing(
                &format!("{actions} a0"),
                &format!("{actions} fpdb.HandsActions")
            ),
            0
        );
        // A board put back is a new row (a new id), with the same values.
        assert_eq!(
            differing(
                "SELECT to_jsonb(b) - 'id' FROM b0 b",
                "SELECT to_jsonb(b) - 'id' FROM fpdb.BoardCards b"
            ),
            0
        );
        assert_eq!(int("SELECT count(*) FROM fpdb.hudcache_diff()"), 0);
        // The HudCache rows the changed seat count emptied and filled again are new rows.
        assert_eq!(
            differing(
                "SELECT to_jsonb(c) - 'id' FROM hud0 c",
                "SELECT to_jsonb(c) - 'id' FROM fpdb.HudCache c"
            ),
            0
        );
        assert_eq!(reimport("fpdb.reimport()"), (78, 0));
        // Another site's hands, or hands before a time, are not read.
        Spi::run("INSERT INTO fpdb.Sites (name, currency) VALUES ('Winamax', 'EUR')").unwrap();
        assert_eq!(reimport("fpdb.reimport('Winamax')"), (0, 0));
        assert_eq!(
            reimport("fpdb.reimport(since => (SELECT max(handStart) FROM fpdb.Hands))"),
            (int("SELECT count(*) FROM fpdb.Hands WHERE handStart = (SELECT max(handStart) FROM fpdb.Hands)"), 0)
        );
    }

    #[pg_test]
    fn reimport_leaves_hands_without_text_or_of_another_text() {
        Spi::run("SET fpdb.keep_raw = off").unwrap();
        assert_eq!(import(SIX_MAX), (78, 0, 0));
        Spi::run("RESET fpdb.keep_raw").unwrap();
        assert_eq!(reimport("fpdb.reimport()"), (0, 0));
        assert_eq!(import(FOUR_BET), (1, 0, 0));
        // A kept text that holds another hand than the stored one is not used.
        Spi::run(
            "INSERT INTO fpdb.RawHands (handId, text) \
             SELECT (SELECT min(id) FROM fpdb.Hands), text FROM fpdb.RawHands",
        )
        .unwrap();
        assert_eq!(reimport("fpdb.reimport()"), (2, 0));
    }

    #[pg_test(error = "fpdb.reimport: there is no site named \"Nowhere\"")]
    fn reimport_of_an_unknown_site_is_an_error() {
        Spi::run("SELECT * FROM fpdb.reimport('Nowhere')").unwrap();
    }

    #[pg_test]
    fn reimport_of_a_damaged_text_is_an_error() {
        assert_eq!(import(FOUR_BET), (1, 0, 0));
        Spi::run("UPDATE fpdb.RawHands SET text = '\\x01'").unwrap();
        // data_corrupted (XX001), and nothing else, is caught.
        Spi::run(
            "DO $$ BEGIN PERFORM * FROM fpdb.reimport(); RAISE EXCEPTION 'no error'; \
             EXCEPTION WHEN data_corrupted THEN NULL; END $$",
        )
        .unwrap();
    }

    #[pg_test]
    fn parse_hands_reads_every_hand_of_a_file() {
        let n = Spi::get_one_with_args::<i64>(
            "SELECT count(*) FROM fpdb.parse_hands($1)",
            &[SIX_MAX.into()],
        )
        .unwrap();
        assert_eq!(n, Some(78));
        let site = Spi::get_one_with_args::<String>(
            "SELECT fpdb.parse_hand($1)->>'site'",
            &[FOUR_BET.into()],
        )
        .unwrap();
        assert_eq!(site.as_deref(), Some("PokerStars"));
    }

    #[pg_test]
    fn import_stores_the_4bet_hand_with_its_statistics() {
        assert_eq!(import(FOUR_BET), (1, 0, 0));
        assert_eq!(import(FOUR_BET), (0, 1, 0));
        // semantics.md §3.16: Player4 wins $2.79 with $0.10 rake and 4-bet all-in preflop.
        let (winnings, rake, profit) = Spi::get_three::<i32, i32, i32>(
            "SELECT winnings, rake, totalProfit FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId \
             WHERE p.name = 'Player4'",
        )
        .unwrap();
        assert_eq!((winnings, rake, profit), (Some(279), Some(10), Some(148)));
        assert_eq!(
            int("SELECT street0_4BDone::bigint FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId \
                 WHERE p.name = 'Player4'"),
            1
        );
        assert_eq!(int("SELECT count(*) FROM fpdb.HandsPlayers"), 8);
        assert_eq!(
            int("SELECT sum(totalProfit)::bigint FROM fpdb.HandsPlayers"),
            -10
        );
        assert_eq!(int("SELECT count(*) FROM fpdb.hudcache_diff()"), 0);
    }

    #[pg_test]
    fn a_broken_hand_does_not_stop_the_others() {
        let text = format!("{FOUR_BET}\n\n{CANCELLED}\n\n{SIX_MAX}");
        assert_eq!(import(&text), (79, 0, 1));
        let kind = Spi::get_one_with_args::<String>(
            "SELECT errors->0->>'kind' FROM fpdb.import_hands($1)",
            &[CANCELLED.into()],
        )
        .unwrap();
        assert_eq!(kind.as_deref(), Some("cancelled"));
        Spi::run("DELETE FROM fpdb.Hands WHERE id % 4 = 0").unwrap();
        assert_eq!(int("SELECT count(*) FROM fpdb.hudcache_diff()"), 0);
    }

    #[pg_test(
        error = "line 6 (hand 25979907808): the room cancelled this hand: \"Hand cancelled\""
    )]
    fn abort_raises_the_first_failure() {
        Spi::run_with_args(
            "SELECT * FROM fpdb.import_hands($1, 'abort')",
            &[CANCELLED.into()],
        )
        .unwrap();
    }

    #[pg_test]
    fn schema_has_the_thirteen_tables() {
        // The design's 13 tables; fpdb's own additions (_own_objects, _hand_keys, the watch tables,
        // the kept hand texts) aside.
        let n = Spi::get_one::<i64>(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'fpdb' AND table_type = 'BASE TABLE' \
             AND table_name NOT IN ('_own_objects', '_hand_keys', 'watches', 'watch_files', 'import_errors', \
             'rawhands')",
        )
        .unwrap();
        assert_eq!(n, Some(13));
        let v = Spi::get_one::<i16>("SELECT version FROM fpdb.Settings").unwrap();
        assert_eq!(v, Some(2));
    }

    /// The advisory locks this backend holds, as "key,key,..." (keys below 2^32).
    fn advisory_locks() -> Option<String> {
        Spi::get_one::<String>(
            "SELECT string_agg(objid::text, ',' ORDER BY objid) FROM pg_locks \
             WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted",
        )
        .unwrap()
    }

    /// What an import on a Citus cluster does when Citus cancels it as a distributed deadlock:
    /// each cancelled attempt's rows and locks are rolled back, the next attempt written, with a
    /// NOTICE each time.
    #[pg_test]
    fn a_deadlock_rolls_back_the_attempt_and_writes_again() {
        Spi::run("CREATE TEMP TABLE attempts (n int)").unwrap();
        let mut tries = 0i64;
        let got = crate::citus::retrying_deadlocks("the test", || {
            tries += 1;
            Spi::run_with_args("INSERT INTO attempts VALUES ($1)", &[tries.into()]).unwrap();
            Spi::run_with_args("SELECT pg_advisory_xact_lock($1)", &[(4240 + tries).into()])
                .unwrap();
            if tries < 3 {
                crate::errors::raise("40P01", "deadlock detected (test)");
            }
            tries
        });
        assert_eq!(got, 3);
        let rows = Spi::get_one::<String>("SELECT string_agg(n::text, ',') FROM attempts").unwrap();
        assert_eq!(rows.as_deref(), Some("3"));
        assert_eq!(advisory_locks().as_deref(), Some("4243"));
    }

    /// A deadlock every time: the last attempt's error reaches the caller.
    #[pg_test(error = "deadlock detected (test)")]
    fn a_deadlock_every_time_is_raised_after_the_last_attempt() {
        crate::citus::retrying_deadlocks("the test", || -> i32 {
            crate::errors::raise("40P01", "deadlock detected (test)")
        });
    }

    /// Any other error is not retried: one attempt, rolled back, raised.
    #[pg_test]
    fn another_error_is_not_retried() {
        let mut tries = 0;
        let caught = PgTryBuilder::new(std::panic::AssertUnwindSafe(|| {
            crate::citus::retrying_deadlocks("the test", || -> i32 {
                tries += 1;
                Spi::run("SELECT pg_advisory_xact_lock(4250)").unwrap();
                crate::errors::raise("22023", "not a deadlock (test)")
            });
            String::new()
        }))
        .catch_others(|e| crate::errors::caught_report(&e).message().to_string())
        .execute();
        assert_eq!(caught, "not a deadlock (test)");
        assert_eq!(tries, 1);
        assert_eq!(advisory_locks(), None);
    }
}

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    #[must_use]
    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}

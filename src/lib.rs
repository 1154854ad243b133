//! fpdb: PostgreSQL as a poker hand database.
//!
//! This crate is the thin PostgreSQL layer: SQL functions and triggers that call into the pure
//! `fpdb-core` crate. The schema lives in `sql/*.sql`; everything is created in schema `fpdb`.

use pgrx::prelude::*;

mod cards;
mod errors;

::pgrx::pg_module_magic!(name, version);

extension_sql_file!("../sql/schema.sql", name = "schema", bootstrap);

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

    #[pg_test]
    fn schema_has_the_thirteen_tables() {
        let n = Spi::get_one::<i64>(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'fpdb' AND table_type = 'BASE TABLE'",
        )
        .unwrap();
        assert_eq!(n, Some(13));
        let v = Spi::get_one::<i16>("SELECT version FROM fpdb.Settings").unwrap();
        assert_eq!(v, Some(1));
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

//! Reporting core-crate errors to PostgreSQL with their SQLSTATE.

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::{PgLogLevel, PgSqlErrorCode};

/// The PostgreSQL error code of a five-character SQLSTATE fpdb uses.
pub fn code_of(sqlstate: &str) -> PgSqlErrorCode {
    match sqlstate {
        "22P02" => PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        "22003" => PgSqlErrorCode::ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE,
        "22023" => PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        "22004" => PgSqlErrorCode::ERRCODE_NULL_VALUE_NOT_ALLOWED,
        "22001" => PgSqlErrorCode::ERRCODE_STRING_DATA_RIGHT_TRUNCATION,
        "0A000" => PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
        "42501" => PgSqlErrorCode::ERRCODE_INSUFFICIENT_PRIVILEGE,
        "58P01" => PgSqlErrorCode::ERRCODE_UNDEFINED_FILE,
        _ => PgSqlErrorCode::ERRCODE_INTERNAL_ERROR,
    }
}

/// Raises an ERROR with the given SQLSTATE and message; does not return.
pub fn raise(sqlstate: &str, message: impl Into<String>) -> ! {
    ErrorReport::new(code_of(sqlstate), message.into(), "fpdb").report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

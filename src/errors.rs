//! Reporting core-crate errors to PostgreSQL with their SQLSTATE.

use pgrx::pg_sys::panic::{CaughtError, ErrorReport, ErrorReportWithLevel};
use pgrx::{PgLogLevel, PgSqlErrorCode};

/// The PostgreSQL error code of a five-character SQLSTATE (any of PostgreSQL's; a malformed one
/// is an internal error).
pub fn code_of(sqlstate: &str) -> PgSqlErrorCode {
    let b = sqlstate.as_bytes();
    if b.len() != 5
        || !b
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return PgSqlErrorCode::ERRCODE_INTERNAL_ERROR;
    }
    // PostgreSQL's MAKE_SQLSTATE: six bits per character, the first character lowest.
    let packed = b.iter().enumerate().fold(0i32, |acc, (i, &c)| {
        acc | ((i32::from(c - b'0') & 0x3F) << (6 * i))
    });
    PgSqlErrorCode::from(packed)
}

/// The five-character SQLSTATE of a PostgreSQL error code (the inverse of [`code_of`]).
pub fn sqlstate_of(code: PgSqlErrorCode) -> String {
    let c = code as i32;
    (0..5)
        .map(|i| (((c >> (6 * i)) & 0x3F) as u8 + b'0') as char)
        .collect()
}

/// The report of an error caught by `PgTryBuilder`, whichever way it was raised (by PostgreSQL,
/// by an ereport from Rust, or by a Rust panic).
pub(crate) fn caught_report(e: &CaughtError) -> &ErrorReportWithLevel {
    match e {
        CaughtError::PostgresError(r)
        | CaughtError::ErrorReport(r)
        | CaughtError::RustPanic { ereport: r, .. } => r,
    }
}

/// Raises an ERROR with the given SQLSTATE, message and hint; does not return.
pub fn raise_with_hint(sqlstate: &str, message: impl Into<String>, hint: impl Into<String>) -> ! {
    ErrorReport::new(code_of(sqlstate), message.into(), "fpdb")
        .set_hint(hint.into())
        .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// Raises an ERROR with the given SQLSTATE and message; does not return.
pub fn raise(sqlstate: &str, message: impl Into<String>) -> ! {
    ErrorReport::new(code_of(sqlstate), message.into(), "fpdb").report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

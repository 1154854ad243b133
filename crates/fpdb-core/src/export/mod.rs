//! Hands out of fpdb: a stored hand written as hand-history text for other tools.
//!
//! Every exporter reads a [`StoredHand`] (what the tables hold of one hand), turned back into a
//! site-neutral [`crate::model::Hand`] by [`rebuild`]; nothing else. A hand of any room and game
//! the tables describe can be written, with what the tables do not keep left out (see the
//! README, "Exporting hands"):
//! - [`stars`]: PokerStars hand-history text, read back by fpdb's own PokerStars parser to the
//!   same HandsPlayers statistics.
//!
//! Open Hand History and PHH are named formats not written yet: asking for them is refused
//! with a clear error ([`Format::from_name`]).

use thiserror::Error;

mod rebuild;
pub mod stars;
pub mod stored;

pub use rebuild::rebuild;
pub use stored::{action_name, GametypeRow, StoredHand, StoredPlayer, StoredTourney};

/// The formats a hand can be exported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    PokerStars,
}

impl Format {
    /// The format of a name as SQL callers write it (`pokerstars`; any case, surrounding spaces
    /// ignored). A format fpdb knows of but does not write yet is [`ExportError::Unsupported`];
    /// any other name is [`ExportError::UnknownFormat`].
    pub fn from_name(name: &str) -> Result<Format, ExportError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "pokerstars" => Ok(Format::PokerStars),
            "ohh" | "phh" => Err(ExportError::Unsupported(format!(
                "export format '{}' is not available yet: the formats are {}",
                name.trim(),
                Format::NAMES
            ))),
            _ => Err(ExportError::UnknownFormat(format!(
                "unknown export format '{name}': the formats are {}",
                Format::NAMES
            ))),
        }
    }

    /// The names [`Format::from_name`] accepts, for messages.
    pub const NAMES: &'static str = "'pokerstars'";
}

/// Why a stored hand cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExportError {
    /// The format has no way to write this game (e.g. 5-card stud as PokerStars text).
    #[error("{0}")]
    Unsupported(String),
    /// The stored rows contradict each other (rows changed by hand): an action of a player the
    /// hand does not have, a card code out of range, ...
    #[error("the stored hand is inconsistent: {0}")]
    Inconsistent(String),
    /// A format name fpdb does not know.
    #[error("{0}")]
    UnknownFormat(String),
}

impl ExportError {
    pub(crate) fn inconsistent(what: impl Into<String>) -> ExportError {
        ExportError::Inconsistent(what.into())
    }

    /// The SQLSTATE to report it with.
    pub fn sqlstate(&self) -> &'static str {
        match self {
            ExportError::Unsupported(_) => "0A000",
            ExportError::Inconsistent(_) => "XX001",
            ExportError::UnknownFormat(_) => "22023",
        }
    }
}

/// Writes a stored hand in `format`.
pub fn export(hand: &StoredHand, format: Format) -> Result<String, ExportError> {
    let h = rebuild(hand)?;
    match format {
        Format::PokerStars => stars::write(&h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_names() {
        assert_eq!(Format::from_name(" PokerStars "), Ok(Format::PokerStars));
        let e = Format::from_name("ohh").unwrap_err();
        assert_eq!(e.sqlstate(), "0A000");
        assert!(e.to_string().contains("not available yet"), "{e}");
        let e = Format::from_name("xml").unwrap_err();
        assert_eq!(e.sqlstate(), "22023");
        assert!(e.to_string().contains("unknown export format 'xml'"), "{e}");
    }
}

//! Hands out of fpdb: a stored hand written as hand-history text for other tools.
//!
//! Every exporter reads a [`StoredHand`] (what the tables hold of one hand), turned back into a
//! site-neutral [`crate::model::Hand`] by [`rebuild`]; nothing else. A hand of any room and game
//! the tables describe can be written, with what the tables do not keep left out (see the
//! README, "Exporting hands"):
//! - [`stars`]: PokerStars hand-history text, read back by fpdb's own PokerStars parser to the
//!   same HandsPlayers statistics.
//! - [`ohh`]: an Open Hand History JSON document (`{"ohh": {...}}`).
//! - [`phh`]: a PHH TOML document, as pokerkit loads and replays it.

use thiserror::Error;

pub mod ohh;
pub mod phh;
mod rebuild;
pub mod stars;
pub mod stored;

pub use rebuild::rebuild;
pub use stored::{action_name, GametypeRow, StoredHand, StoredPlayer, StoredTourney};

/// The formats a hand can be exported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    PokerStars,
    /// Open Hand History JSON.
    Ohh,
    /// PHH (TOML).
    Phh,
}

impl Format {
    /// The format of a name as SQL callers write it (`pokerstars`, `ohh`, `phh`; any case,
    /// surrounding spaces ignored); any other name is [`ExportError::UnknownFormat`].
    pub fn from_name(name: &str) -> Result<Format, ExportError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "pokerstars" => Ok(Format::PokerStars),
            "ohh" => Ok(Format::Ohh),
            "phh" => Ok(Format::Phh),
            _ => Err(ExportError::UnknownFormat(format!(
                "unknown export format '{name}': the formats are {}",
                Format::NAMES
            ))),
        }
    }

    /// The names [`Format::from_name`] accepts, for messages.
    pub const NAMES: &'static str = "'pokerstars', 'ohh', 'phh'";
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
    /// The thread writing the hand ahead ([`crate::ahead`]) stopped without giving it back.
    #[error("the thread writing the hand stopped before it was written")]
    Lost,
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
            ExportError::Lost => "XX000",
        }
    }
}

/// Writes a stored hand in `format`.
pub fn export(hand: &StoredHand, format: Format) -> Result<String, ExportError> {
    let h = rebuild(hand)?;
    match format {
        Format::PokerStars => stars::write(&h),
        Format::Ohh => ohh::write(&h),
        Format::Phh => phh::write(&h),
    }
}

/// A PokerStars hand (semantics.md §3.16, the 4-bet hand) for the exporters' unit tests.
#[cfg(test)]
pub(crate) const FOUR_BET: &str = "\
PokerStars Game #42738187409:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/04/16 11:14:06 WET [2010/04/16 6:14:06 ET]
Table 'Circinus V' 9-max Seat #4 is the button
Seat 1: Player2 ($4.26 in chips)
Seat 2: Hero ($0.35 in chips)
Seat 3: Player7 ($8.34 in chips)
Seat 4: Player5 ($3.70 in chips)
Seat 5: Player6 ($4.98 in chips)
Seat 7: Player3 ($2.55 in chips)
Seat 8: Player0 ($4.91 in chips)
Seat 9: Player4 ($1.31 in chips)
Player6: posts small blind $0.01
Player3: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [3d Ks]
Player0: calls $0.02
Player4: raises $0.06 to $0.08
Player2: raises $0.16 to $0.24
Hero: folds
Player7: folds
Player5: folds
Player6: folds
Player3: folds
Player0: calls $0.22
Player4: raises $1.07 to $1.31 and is all-in
Player2: calls $1.07
Player0: folds
*** FLOP *** [7c Ac 6s]
*** TURN *** [7c Ac 6s] [5d]
*** RIVER *** [7c Ac 6s 5d] [Qh]
*** SHOW DOWN ***
Player4: shows [As Qs] (two pair, Aces and Queens)
Player2: shows [Jc Jd] (a pair of Jacks)
Player4 collected $2.79 from pot
*** SUMMARY ***
Total pot $2.89 | Rake $0.10
Board [7c Ac 6s 5d Qh]
Seat 1: Player2 showed [Jc Jd] and lost with a pair of Jacks
Seat 2: Hero folded before Flop (didn't bet)
Seat 3: Player7 folded before Flop (didn't bet)
Seat 4: Player5 (button) folded before Flop (didn't bet)
Seat 5: Player6 (small blind) folded before Flop
Seat 7: Player3 (big blind) folded before Flop
Seat 8: Player0 folded before Flop
Seat 9: Player4 showed [As Qs] and won ($2.79) with two pair, Aces and Queens
";

/// The stored rows of a hand text, as an import keeps them.
#[cfg(test)]
pub(crate) fn stored_of(text: &str) -> StoredHand {
    let hand = crate::parse_one(text).expect("the test hand parses");
    let rows = crate::stats::derive(&hand).expect("the test hand derives");
    StoredHand::from_parsed(&hand, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_names() {
        assert_eq!(Format::from_name(" PokerStars "), Ok(Format::PokerStars));
        assert_eq!(Format::from_name("OHH"), Ok(Format::Ohh));
        assert_eq!(Format::from_name("phh"), Ok(Format::Phh));
        let e = Format::from_name("xml").unwrap_err();
        assert_eq!(e.sqlstate(), "22023");
        assert!(e.to_string().contains("unknown export format 'xml'"), "{e}");
    }
}

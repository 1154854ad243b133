//! Errors of hand-history parsing: what was wrong, and where.

use serde::Serialize;
use thiserror::Error;

/// Why a hand could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The text is not a hand history of any supported room.
    NotAHandHistory,
    /// A line the parser cannot read, or facts that contradict each other.
    Malformed,
    /// The room cancelled the hand.
    Cancelled,
    /// The hand stops before its summary (still being played, or a cut-off file).
    Unfinished,
    /// A game, room variant or feature fpdb does not read yet.
    Unsupported,
    /// A number too large to store.
    OutOfRange,
}

/// A hand that cannot be parsed: kind, message and the line (1-based, in the whole text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    pub kind: ErrorKind,
    /// 1-based line number in the text given to the parser.
    pub line: u32,
    pub message: String,
    /// The offending line (shortened to 200 characters), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_text: Option<String>,
    /// The site's hand number, when the header could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site_hand_no: Option<i64>,
}

impl ParseError {
    pub fn new(kind: ErrorKind, line: u32, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            line,
            message: message.into(),
            line_text: None,
            site_hand_no: None,
        }
    }

    pub fn malformed(line: u32, message: impl Into<String>) -> ParseError {
        ParseError::new(ErrorKind::Malformed, line, message)
    }

    /// A hand whose text stops (at `line`) before its summary.
    pub fn before_summary(line: u32) -> ParseError {
        ParseError::new(
            ErrorKind::Unfinished,
            line,
            "the hand stops before its summary (still being played, or the file was cut)",
        )
    }

    /// An action line by a name that is not in the seat list.
    pub fn unknown_actor(line: u32) -> ParseError {
        ParseError::malformed(line, "action by a player who is not in the seat list")
    }

    /// A hand whose summary does not end the way the room ends every finished hand: the text
    /// was cut while the room was writing it. `missing` says what is missing.
    pub fn cut_in_summary(line: u32, missing: &str) -> ParseError {
        ParseError::new(
            ErrorKind::Unfinished,
            line,
            format!("the hand stops inside its summary ({missing}): the file was cut"),
        )
    }

    /// A hand number (on `line`) larger than the stored bigint can hold, or than the room's
    /// mapping to it allows.
    pub fn hand_no_too_large(line: u32) -> ParseError {
        ParseError::new(
            ErrorKind::OutOfRange,
            line,
            "hand number too large to store",
        )
    }

    /// Attaches the offending line's text.
    pub fn with_text(mut self, text: &str) -> ParseError {
        self.line_text = Some(shorten(text, 200));
        self
    }

    pub fn with_hand_no(mut self, no: Option<i64>) -> ParseError {
        if self.site_hand_no.is_none() {
            self.site_hand_no = no;
        }
        self
    }

    /// The PostgreSQL SQLSTATE the error is reported with.
    pub fn sqlstate(&self) -> &'static str {
        match self.kind {
            ErrorKind::OutOfRange => "22003",
            _ => "22P02",
        }
    }

    /// "line N: message: «text»", the text PostgreSQL reports.
    pub fn full_message(&self) -> String {
        match &self.line_text {
            Some(t) => format!("line {}: {}: \"{}\"", self.line, self.message, t),
            None => format!("line {}: {}", self.line, self.message),
        }
    }
}

/// Cuts `s` to at most `max` characters, on a character boundary, marking the cut with "...".
pub fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((i, _)) => format!("{}...", &s[..i]),
    }
}

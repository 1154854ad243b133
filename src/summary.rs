//! Tournament summaries in the import: read in the import's first pass (chunks without a room
//! whose text is a summary, see `fpdb_core::summary`), stored after the hands by
//! `fpdb._store_summary` (sql/tourney.sql), one call per tournament in (site, number) order.
//! And `fpdb.parse_summaries`, the summaries of a text as JSON.

use fpdb_core::error::{ErrorKind, ParseError};
use fpdb_core::summary::{self, Summary, SummaryResult};
use pgrx::prelude::*;
use pgrx::JsonB;
use serde_json::{json, Value};

use crate::errors::raise;
use crate::import::{Dimensions, Ids};

/// The summaries of a chunk without a room, each checked to fit the tables; `None` when the
/// chunk is no summary (the caller reports it as it reports any text without a hand).
pub(crate) fn read(text: &str, first_line: u32) -> Option<Vec<SummaryResult>> {
    if summary::detect(text) {
        let results = summary::parse(text, first_line);
        return Some(
            results
                .into_iter()
                .map(|r| r.and_then(check_fits))
                .collect(),
        );
    }
    summary::refusal(text, first_line).map(|e| vec![Err(e)])
}

/// Every amount and count goes into an int column.
fn check_fits(s: Summary) -> SummaryResult {
    let too_big = |v: i64| v > i32::MAX as i64 || v < i32::MIN as i64;
    let mut big: Vec<&str> = Vec::new();
    for (name, v) in [
        ("buy-in", s.buyin),
        ("fee", s.fee),
        ("bounty", s.bounty),
        ("rebuy cost", s.rebuy_cost),
        ("add-on cost", s.addon_cost),
        ("prize pool", s.prize_pool),
        ("added prize money", s.added),
    ] {
        if v.is_some_and(too_big) {
            big.push(name);
        }
    }
    for p in &s.players {
        for v in [p.winnings, p.ticket_value, p.bounty_winnings, p.payin] {
            if v.is_some_and(too_big) && !big.contains(&"a player's prize or pay-in") {
                big.push("a player's prize or pay-in");
            }
        }
    }
    if !big.is_empty() {
        return Err(ParseError::new(
            ErrorKind::OutOfRange,
            s.line,
            format!(
                "tournament {}: {} too large to store (at most 21,474,836.47 of a currency)",
                s.tourney_no,
                big.join(", ")
            ),
        ));
    }
    Ok(s)
}

/// The summaries read in the first pass, waiting for the hands to be written.
#[derive(Default)]
pub(crate) struct Pending {
    items: Vec<(u16, Summary)>,
}

impl Pending {
    /// Keeps `s` and records the site and players it needs.
    pub(crate) fn push(&mut self, dims: &mut Dimensions, s: Summary) {
        let site = dims.site_index(&s.site);
        for p in &s.players {
            dims.note_player(site, &p.name);
        }
        self.items.push((site, s));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Stores every summary; returns (imported, duplicates). A summary that says nothing new
    /// is a duplicate, also when the same text holds it twice.
    pub(crate) fn write(&mut self, ids: &Ids) -> (i32, i32) {
        self.items.sort_by_key(|a| (ids.site(a.0), a.1.tourney_no));
        let (mut imported, mut duplicates) = (0, 0);
        Spi::connect_mut(|client| {
            for (site, s) in &self.items {
                check_for_interrupts!();
                let doc = document(s, ids.site(*site), |name| {
                    ids.players[&(*site, name.to_string())]
                });
                let outcome = client
                    .update("SELECT fpdb._store_summary($1)", None, &[JsonB(doc).into()])
                    .and_then(|t| t.first().get_one::<String>())
                    .unwrap_or_else(|e| {
                        raise(
                            "XX000",
                            format!("fpdb: storing a tournament summary failed: {e}"),
                        )
                    });
                match outcome.as_deref() {
                    Some("imported") => imported += 1,
                    _ => duplicates += 1,
                }
            }
        });
        (imported, duplicates)
    }
}

/// The jsonb `fpdb._store_summary` reads: the summary's facts, its site's id, and each player
/// with their id.
fn document(s: &Summary, site_id: i16, player_id: impl Fn(&str) -> i32) -> Value {
    let mut doc = serde_json::to_value(s).unwrap_or(Value::Null);
    doc["site_id"] = json!(site_id);
    let reentries: u32 = s.players.iter().filter_map(|p| p.reentries).sum();
    if s.players.iter().any(|p| p.reentries.is_some()) {
        doc["reentries"] = json!(reentries);
    }
    if let Some(players) = doc.get_mut("players").and_then(Value::as_array_mut) {
        for (p, v) in s.players.iter().zip(players.iter_mut()) {
            v["player_id"] = json!(player_id(&p.name));
        }
    }
    doc
}

/// The tournament summaries of a text (as `import_hands` reads them), one JSON document per
/// tournament in text order: the site-neutral summary model, or `{"error": {...}}` for a
/// summary that cannot be read. Hands in the text are skipped.
#[pg_extern(immutable, strict, parallel_safe)]
fn parse_summaries(history: &str) -> SetOfIterator<'static, JsonB> {
    let docs: Vec<JsonB> = summary::parse_file_text(history)
        .into_iter()
        .map(|r| {
            JsonB(match r {
                Ok(s) => serde_json::to_value(&s).unwrap_or(Value::Null),
                Err(e) => json!({"error": {
                    "line": e.line,
                    "sqlstate": e.sqlstate(),
                    "kind": e.kind,
                    "message": e.message,
                    "text": e.line_text,
                }}),
            })
        })
        .collect();
    SetOfIterator::new(docs)
}

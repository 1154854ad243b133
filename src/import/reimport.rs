//! `fpdb.reimport`: the kept texts (`fpdb.RawHands`) read again with the current parsers, and the
//! derived rows of every hand whose values changed rewritten in place.
//!
//! Hands are read in batches in id order, their Hands rows locked (`FOR UPDATE`) so that no other
//! session rewrites or deletes them meanwhile. Each kept text is parsed and derived as an import
//! would (all-in EV included), its dimension rows found or created, and its rows compared with the
//! stored ones, table by table, by the key each table has: Hands by id, HandsPlayers by (hand,
//! player), HandsActions by (hand player, street, action number), BoardCards by (hand, board).
//! Only rows that differ are written: an UPDATE of the rows whose values changed, a DELETE of the
//! rows the new reading no longer has, an INSERT of the rows it adds. So ids, comments and the
//! rows of unchanged hands stay as they are, and HudCache follows through its triggers (an
//! updated HandsPlayers row is subtracted with its old values and added with its new ones), the
//! same statements a user's own UPDATE would run.

use std::collections::{HashMap, HashSet};

use fpdb_core::model::Hand;
use fpdb_core::split;
use fpdb_core::stats::HandRows;
use pgrx::datum::TimestampWithTimeZone;
use pgrx::prelude::*;
use pgrx::spi::SpiClient;

use super::batch::{self, Pending};
use super::direct::{ColumnType, Rows, Value};
use super::source::{MemorySource, Source};
use super::{read_hand, require_current_schema, rows_from, Dimensions};
use crate::errors::{raise, raise_with_hint};

/// Hands read again per batch.
const BATCH: i64 = 1000;
/// A progress NOTICE every this many hands.
const PROGRESS_EVERY: i64 = 10_000;

/// Reads the kept text of every stored hand again with this version's parsers (of one site,
/// `site`, and from `since` on, when given) and rewrites the rows of the hands whose stored
/// values differ from the new reading, HudCache kept exact. Returns the hands read and the hands
/// changed. Hands stored without their text (`fpdb.keep_raw` off, or imported before 0.2.0) are
/// left as they are (a NOTICE counts them); a text this version no longer reads is left as stored
/// with a WARNING that says why.
#[pg_extern(volatile, parallel_unsafe)]
#[search_path(pg_catalog, pg_temp)]
fn reimport(
    site: default!(Option<&str>, "NULL"),
    since: default!(Option<TimestampWithTimeZone>, "NULL"),
) -> TableIterator<'static, (name!(hands, i64), name!(changed, i64))> {
    require_current_schema();
    if crate::citus::distributed() {
        raise_with_hint(
            "0A000",
            "fpdb.reimport does not run on a Citus cluster yet",
            "Read a hand again by deleting it and importing its text (fpdb.raw_hand) again.",
        );
    }
    let site_id = site.map(site_id_of);
    let without_text = Spi::get_one_with_args::<i64>(
        "SELECT pg_catalog.count(*) FROM fpdb.hands h \
         WHERE ($1::pg_catalog.int2 IS NULL OR h.siteid OPERATOR(pg_catalog.=) $1) \
           AND ($2::pg_catalog.timestamptz IS NULL OR h.handstart OPERATOR(pg_catalog.>=) $2) \
           AND NOT EXISTS (SELECT FROM fpdb.rawhands r WHERE r.handid OPERATOR(pg_catalog.=) h.id)",
        &[site_id.into(), since.into()],
    )
    .unwrap_or_else(|e| raise("XX000", format!("fpdb.reimport: {e}")))
    .unwrap_or(0);
    if without_text > 0 {
        notice!("fpdb.reimport: {without_text} hands have no kept text and are left as they are");
    }

    let (mut hands, mut changed, mut last_id) = (0i64, 0i64, i64::MIN);
    loop {
        check_for_interrupts!();
        let texts = next_batch(last_id, site_id, since);
        let Some(last) = texts.last() else {
            break;
        };
        last_id = last.id;
        hands += texts.len() as i64;
        changed += rewrite(&texts);
        if hands / PROGRESS_EVERY != (hands - texts.len() as i64) / PROGRESS_EVERY {
            notice!("fpdb.reimport: {hands} hands read again, {changed} changed");
        }
    }
    TableIterator::once((hands, changed))
}

/// The id of the site named `name`; an unknown name is an error.
fn site_id_of(name: &str) -> i16 {
    let id = Spi::get_one_with_args::<i16>(
        "SELECT (SELECT id FROM fpdb.sites WHERE name OPERATOR(pg_catalog.=) $1)",
        &[name.into()],
    )
    .unwrap_or_else(|e| raise("XX000", format!("fpdb.reimport: {e}")));
    id.unwrap_or_else(|| {
        raise_with_hint(
            "22023",
            format!("fpdb.reimport: there is no site named \"{name}\""),
            "site is a Sites.name as the import stores it, for example 'PokerStars'",
        )
    })
}

/// A stored hand to read again: its id, its stored siteHandNo and its packed kept text.
struct Kept {
    id: i64,
    site_hand_no: i64,
    packed: Vec<u8>,
}

/// The next hands after `last_id` (in id order) that have a kept text, their Hands rows locked
/// until the end of the transaction.
fn next_batch(
    last_id: i64,
    site_id: Option<i16>,
    since: Option<TimestampWithTimeZone>,
) -> Vec<Kept> {
    Spi::connect_mut(|client| {
        let rows = client.update(
            "SELECT h.id, h.sitehandno, r.text FROM fpdb.hands h \
             JOIN fpdb.rawhands r ON r.handid OPERATOR(pg_catalog.=) h.id \
             WHERE h.id OPERATOR(pg_catalog.>) $1 \
               AND ($2::pg_catalog.int2 IS NULL OR h.siteid OPERATOR(pg_catalog.=) $2) \
               AND ($3::pg_catalog.timestamptz IS NULL OR h.handstart OPERATOR(pg_catalog.>=) $3) \
             ORDER BY h.id LIMIT $4 FOR UPDATE OF h",
            None,
            &[last_id.into(), site_id.into(), since.into(), BATCH.into()],
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if let (Some(id), Some(site_hand_no), Some(packed)) = (
                row.get::<i64>(1)?,
                row.get::<i64>(2)?,
                row.get::<Vec<u8>>(3)?,
            ) {
                out.push(Kept {
                    id,
                    site_hand_no,
                    packed,
                });
            }
        }
        Ok::<_, pgrx::spi::Error>(out)
    })
    .unwrap_or_else(|e| raise("XX000", format!("fpdb.reimport: {e}")))
}

/// Reads one kept text again: the one hand it holds, which must be the stored hand, or why not.
fn read_again(kept: &Kept) -> Result<(Hand, HandRows), String> {
    let id = kept.id;
    let text = fpdb_core::raw::unpack(&kept.packed)
        .unwrap_or_else(|e| raise("XX001", format!("fpdb.reimport: hand {id}: {e}")));
    let text = split::normalise(&text);
    let mut found: Vec<Result<(Hand, HandRows), String>> = Vec::new();
    MemorySource { text: &text }.scan(&mut |chunk, _| {
        if chunk.room.is_some() {
            found.push(read_hand(chunk, &mut |s| s.enumerate().ok()).map_err(|f| {
                format!(
                    "{} ({}, line {}): {}",
                    f.kind, f.sqlstate, f.line, f.message
                )
            }));
        }
    });
    let (hand, rows) = match found.len() {
        1 => found.pop().expect("one reading")?,
        0 => return Err("no hand is found in it".to_string()),
        n => return Err(format!("{n} hands are found in it")),
    };
    if hand.site_hand_no != kept.site_hand_no {
        return Err(format!(
            "its kept text is hand {} of the site, the stored hand is {}",
            hand.site_hand_no, kept.site_hand_no
        ));
    }
    Ok((hand, rows))
}

/// Reads a batch's texts again and rewrites what changed; returns the number of hands changed.
fn rewrite(texts: &[Kept]) -> i64 {
    let mut dims = Dimensions::default();
    let mut read: Vec<(i64, u16, Hand, HandRows)> = Vec::with_capacity(texts.len());
    for kept in texts {
        match read_again(kept) {
            Ok((hand, rows)) => {
                let site = dims.note_hand(&hand, &rows);
                read.push((kept.id, site, hand, rows));
            }
            Err(why) => warning!("fpdb.reimport: hand {} is left as stored: {why}", kept.id),
        }
    }
    if read.is_empty() {
        return 0;
    }
    let ids = dims.write();
    let mut writer = batch::BatchWriter::new(false);
    let mut hand_ids = Vec::with_capacity(read.len());
    for (id, site, hand, rows) in read {
        writer.push(&ids, site, hand, rows, None);
        hand_ids.push(id);
    }
    let pending = writer.take_pending();
    Spi::connect_mut(|client| {
        let mut changed: HashSet<i64> = HashSet::new();
        changed.extend(merge_hands(client, &pending, &hand_ids));
        changed.extend(merge_players(client, &pending, &hand_ids));
        let hp = hands_players(client, &hand_ids);
        changed.extend(merge_actions(client, &pending, &hand_ids, &hp));
        changed.extend(merge_boards(client, &pending, &hand_ids));
        changed.len() as i64
    })
}

/// A table whose stored rows of some hands are made equal to given rows: the rows are matched by
/// `keys`, and `scope` selects the stored rows of those hands.
struct Merge {
    table: &'static str,
    /// The rows' columns, in the order of their values.
    columns: Vec<(String, ColumnType)>,
    /// The columns that identify a row.
    keys: &'static [&'static str],
    /// The column the scope's ids are compared with.
    scope: &'static str,
    /// The column holding the hand id, returned for each row written.
    hand: &'static str,
    /// Whether rows may be added or removed (every table but Hands).
    insert_delete: bool,
}

impl Merge {
    /// A table of rows that belong to a hand (handId), any of which may be added or removed.
    fn of_hands(
        table: &'static str,
        columns: Vec<(String, ColumnType)>,
        keys: &'static [&'static str],
    ) -> Merge {
        Merge {
            table,
            columns,
            keys,
            scope: "handid",
            hand: "handid",
            insert_delete: true,
        }
    }

    /// `ROWS FROM (...) AS n(columns)`, the given rows as a relation (parameters 1..n).
    fn given(&self) -> String {
        let arrays: Vec<String> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, (_, t))| format!("${}::{}[]", i + 1, t.array_type()))
            .collect();
        format!("{} AS n({})", rows_from(&arrays), self.names("").join(", "))
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        self.columns
            .iter()
            .map(|(c, _)| format!("{prefix}{}", c.to_lowercase()))
            .collect()
    }

    /// `x.k1 OPERATOR(pg_catalog.=) n.k1 AND ...`
    fn key_match(&self, x: &str) -> String {
        self.keys
            .iter()
            .map(|k| format!("{x}.{k} OPERATOR(pg_catalog.=) n.{k}"))
            .collect::<Vec<_>>()
            .join(" AND ")
    }

    /// The statements that make the stored rows equal to the given ones: UPDATE, then DELETE and
    /// INSERT when the table has them. Each returns the hand id of every row it writes.
    fn statements(&self) -> Vec<String> {
        let (t, given, scope_arg) = (self.table, self.given(), self.columns.len() + 1);
        let values: Vec<&(String, ColumnType)> = self
            .columns
            .iter()
            .filter(|(c, _)| !self.keys.contains(&c.to_lowercase().as_str()))
            .collect();
        let set: Vec<String> = values
            .iter()
            .map(|(c, _)| format!("{0} = n.{0}", c.to_lowercase()))
            .collect();
        let old: Vec<String> = values
            .iter()
            .map(|(c, _)| format!("x.{}", c.to_lowercase()))
            .collect();
        let new: Vec<String> = values
            .iter()
            .map(|(c, _)| format!("n.{}", c.to_lowercase()))
            .collect();
        let mut out = vec![format!(
            "UPDATE fpdb.{t} AS x SET {} FROM {given} WHERE {} AND ROW({}) IS DISTINCT FROM ROW({}) \
             RETURNING x.{}",
            set.join(", "),
            self.key_match("x"),
            old.join(", "),
            new.join(", "),
            self.hand
        )];
        if self.insert_delete {
            out.push(format!(
                "DELETE FROM fpdb.{t} AS x WHERE x.{} OPERATOR(pg_catalog.=) ANY (${scope_arg}::pg_catalog.int8[]) \
                 AND NOT EXISTS (SELECT FROM {given} WHERE {}) RETURNING x.{}",
                self.scope,
                self.key_match("x"),
                self.hand
            ));
            out.push(format!(
                "INSERT INTO fpdb.{t} AS x ({}) SELECT {} FROM {given} \
                 WHERE NOT EXISTS (SELECT FROM fpdb.{t} AS y WHERE {}) RETURNING x.{}",
                self.names("").join(", "),
                self.names("n.").join(", "),
                self.key_match("y"),
                self.hand
            ));
        }
        out
    }

    /// Runs the statements on `rows`, the scope being `scope_ids`; returns the hand ids written.
    fn run(&self, client: &mut SpiClient<'_>, rows: &Rows<'_>, scope_ids: &[i64]) -> Vec<i64> {
        let mut written = Vec::new();
        for sql in self.statements() {
            let mut args = batch::to_arrays(&self.columns, rows);
            if sql.starts_with("DELETE") {
                args.push(scope_ids.to_vec().into());
            }
            let table = client
                .update(sql.as_str(), None, &args)
                .unwrap_or_else(|e| {
                    raise(
                        "XX000",
                        format!("fpdb.reimport: rewriting {} failed: {e}", self.table),
                    )
                });
            written.extend(table.filter_map(|row| row.get::<i64>(1).ok().flatten()));
        }
        written
    }
}

/// Hands: every column the import fills but importTime (the hand keeps the time it came in).
fn merge_hands(client: &mut SpiClient<'_>, p: &[Pending], hand_ids: &[i64]) -> Vec<i64> {
    let spec = batch::hands_spec();
    let skip = spec
        .columns
        .iter()
        .position(|(c, _)| c == "importTime")
        .expect("Hands has importTime");
    let mut columns = vec![("id".to_string(), ColumnType::Int8)];
    columns.extend(
        spec.columns
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, c)| c.clone()),
    );
    let mut rows = Rows::new(columns.len());
    let mut one = Vec::with_capacity(spec.columns.len());
    for (x, &id) in p.iter().zip(hand_ids) {
        one.clear();
        batch::push_hand_values(&mut one, x, 0);
        rows.values.push(Value::Int8(id));
        rows.values.extend(
            one.iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, v)| *v),
        );
    }
    let merge = Merge {
        table: "hands",
        columns,
        keys: &["id"],
        scope: "id",
        hand: "id",
        insert_delete: false,
    };
    merge.run(client, &rows, hand_ids)
}

fn merge_players(client: &mut SpiClient<'_>, p: &[Pending], hand_ids: &[i64]) -> Vec<i64> {
    let spec = batch::handsplayers_spec();
    let mut rows = Rows::new(spec.columns.len());
    for (x, &id) in p.iter().zip(hand_ids) {
        for k in 0..x.rows.players.len() {
            batch::push_player_values(&mut rows.values, x, k, id);
        }
    }
    Merge::of_hands(
        "handsplayers",
        spec.columns.clone(),
        &["handid", "playerid"],
    )
    .run(client, &rows, hand_ids)
}

/// The HandsPlayers ids of the hands, by (hand id, player id), as stored now.
fn hands_players(client: &mut SpiClient<'_>, hand_ids: &[i64]) -> HashMap<(i64, i32), i64> {
    let rows = client
        .select(
            "SELECT handid, playerid, id FROM fpdb.handsplayers \
             WHERE handid OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int8[])",
            None,
            &[hand_ids.to_vec().into()],
        )
        .unwrap_or_else(|e| raise("XX000", format!("fpdb.reimport: {e}")));
    rows.filter_map(|r| {
        Some((
            (r.get::<i64>(1).ok()??, r.get::<i32>(2).ok()??),
            r.get::<i64>(3).ok()??,
        ))
    })
    .collect()
}

fn merge_actions(
    client: &mut SpiClient<'_>,
    p: &[Pending],
    hand_ids: &[i64],
    hp: &HashMap<(i64, i32), i64>,
) -> Vec<i64> {
    let columns = batch::handsactions_spec().columns.clone();
    let mut rows = Rows::new(columns.len());
    for (x, &id) in p.iter().zip(hand_ids) {
        for a in &x.rows.actions {
            let Some(&player) = x.player_ids.get(a.player) else {
                continue;
            };
            let Some(&hp_id) = hp.get(&(id, player)) else {
                continue;
            };
            // In the order of handsactions_spec.
            rows.values.extend([
                Value::Int8(id),
                Value::Int8(hp_id),
                Value::Int2(a.street),
                Value::Int2(a.action_no),
                Value::Text(a.action),
                Value::Bool(a.all_in),
                Value::Int4(a.amount as i32),
            ]);
        }
    }
    let merge = Merge {
        table: "handsactions",
        columns,
        keys: &["handplayerid", "street", "actionno"],
        scope: "handplayerid",
        hand: "handid",
        insert_delete: true,
    };
    let scope: Vec<i64> = hp.values().copied().collect();
    merge.run(client, &rows, &scope)
}

fn merge_boards(client: &mut SpiClient<'_>, p: &[Pending], hand_ids: &[i64]) -> Vec<i64> {
    let spec = batch::boardcards_spec();
    let mut rows = Rows::new(spec.columns.len());
    for (x, &id) in p.iter().zip(hand_ids) {
        for b in &x.rows.boards {
            batch::push_board_values(&mut rows.values, b, id);
        }
    }
    Merge::of_hands("boardcards", spec.columns.clone(), &["handid", "boardno"])
        .run(client, &rows, hand_ids)
}

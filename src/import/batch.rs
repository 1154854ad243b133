//! Writing hands in batches: one multi-row statement per table per batch, values passed as
//! arrays (never formatted into SQL).

use std::collections::HashMap;
use std::ffi::CStr;
use std::sync::OnceLock;

use fpdb_core::model::Hand;
use fpdb_core::stats::{BoardRow, HandRows, COUNT_COLUMNS};
use pgrx::datum::{DatumWithOid, TimestampWithTimeZone};
use pgrx::prelude::*;
use pgrx::spi::SpiClient;

use super::dims::{GameKey, Ids, TourneyTypeKey};
use super::direct::{may_update, ColumnType, DirectTable, Rows, Value};
use crate::hudcache::{HudCacheDelta, HudKey, ImportFolds};

/// Longest names the columns hold.
const MAX_PLAYER_NAME: usize = 255;
const MAX_TABLE_NAME: usize = 100;
const MAX_HAND_ID: usize = 64;

/// Checks that every value of a hand fits its column; the error is (SQLSTATE, message).
pub(crate) fn check_fits(hand: &Hand, rows: &HandRows) -> Result<(), (&'static str, String)> {
    let int = |what: &str, v: i64| -> Result<(), (&'static str, String)> {
        if i32::try_from(v).is_ok() {
            Ok(())
        } else {
            Err((
                "22003",
                format!(
                    "{what} {v} is out of range for the database (at most {})",
                    i32::MAX
                ),
            ))
        }
    };
    let g = &hand.game;
    int("small blind", g.small_blind)?;
    int("big blind", g.big_blind)?;
    int("small bet", g.small_bet)?;
    int("big bet", g.big_bet)?;
    int("ante", g.ante)?;
    if let Some(t) = &hand.tournament {
        int("buy-in", t.buyin)?;
        int("fee", t.fee)?;
        int("bounty", t.bounty)?;
    }
    for r in &rows.players {
        let name = &hand.players[r.player].name;
        if name.chars().count() > MAX_PLAYER_NAME {
            return Err((
                "22001",
                format!(
                    "player name of {} characters is longer than {MAX_PLAYER_NAME}",
                    name.chars().count()
                ),
            ));
        }
        int("stack", r.start_cash)?;
        int("ante", r.ante)?;
        int("winnings", r.winnings)?;
        int("rake", r.rake)?;
        int("profit", r.total_profit)?;
        int("all-in EV", r.all_in_ev)?;
    }
    for a in &rows.actions {
        int("action amount", a.amount)?;
    }
    if hand.table_name.chars().count() > MAX_TABLE_NAME {
        return Err((
            "22001",
            format!("table name is longer than {MAX_TABLE_NAME} characters"),
        ));
    }
    if hand.site_hand_id.chars().count() > MAX_HAND_ID {
        return Err((
            "22001",
            format!("hand id is longer than {MAX_HAND_ID} characters"),
        ));
    }
    if hand.site.chars().count() > 32 {
        return Err((
            "22001",
            "site name is longer than 32 characters".to_string(),
        ));
    }
    Ok(())
}

/// One hand waiting in a batch, with its dimension ids resolved.
pub(super) struct Pending {
    hand: Hand,
    pub(super) rows: HandRows,
    site_id: i16,
    gametype_id: i16,
    tourney_type_id: Option<i32>,
    tourney_id: Option<i32>,
    /// Players.id of each of `rows.players`.
    pub(super) player_ids: Vec<i32>,
    tourneys_players_ids: Vec<Option<i64>>,
    /// The hand's kept text, packed (`fpdb_core::raw`), when `fpdb.keep_raw` is on.
    raw: Option<Vec<u8>>,
}

/// Hands accumulated for the next batch of statements.
#[derive(Default)]
pub(crate) struct BatchWriter {
    pending: Vec<Pending>,
    /// The tables are distributed by Citus (see [`crate::citus`]): hands are deduplicated in
    /// `fpdb._hand_keys`, and generated ids are matched to rows by key, not by position.
    pub(crate) distributed: bool,
    /// Time spent per statement kind, reported at DEBUG1.
    pub(crate) timings: Timings,
}

/// Seconds spent in each part of the writing, for the DEBUG1 report of an import.
#[derive(Default, Debug)]
pub(crate) struct Timings {
    pub hands: f64,
    pub players: f64,
    pub actions: f64,
    pub boards: f64,
    pub raw: f64,
}

impl BatchWriter {
    pub(crate) fn new(distributed: bool) -> BatchWriter {
        BatchWriter {
            distributed,
            ..Default::default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.pending.len()
    }

    /// The hands pushed so far, in push order, taken out of the writer (`fpdb.reimport` writes
    /// them its own way).
    pub(super) fn take_pending(&mut self) -> Vec<Pending> {
        std::mem::take(&mut self.pending)
    }

    /// Adds a hand whose site index in `ids` is `site`, with its kept text (packed) or none.
    pub(crate) fn push(
        &mut self,
        ids: &Ids,
        site: u16,
        hand: Hand,
        rows: HandRows,
        raw: Option<Vec<u8>>,
    ) {
        let gametype_id = ids.games[&(site, GameKey::of(&hand.game))];
        let tourney_id = match (&hand.tournament, TourneyTypeKey::of(&hand)) {
            (Some(t), Some(k)) => Some(ids.tourneys[&(site, k, t.tourney_no)]),
            _ => None,
        };
        // The tournament's type, which a summary may have refined beyond the hand's header.
        let tourney_type_id = tourney_id.map(|t| ids.tourney_types[&t]);
        let player_ids: Vec<i32> = rows
            .players
            .iter()
            .map(|r| ids.players[&(site, hand.players[r.player].name.clone())])
            .collect();
        let tourneys_players_ids = player_ids
            .iter()
            .map(|p| tourney_id.and_then(|t| ids.tourneys_players.get(&(t, *p)).copied()))
            .collect();
        self.pending.push(Pending {
            site_id: ids.site(site),
            gametype_id,
            tourney_type_id,
            tourney_id,
            player_ids,
            tourneys_players_ids,
            hand,
            rows,
            raw,
        });
    }

    /// Writes the batch; returns (hands imported, duplicates). New HandsPlayers rows are added to
    /// `hud` (the HudCache trigger is told to skip them).
    pub(crate) fn flush(
        &mut self,
        hud: &mut HudCacheDelta,
        mut direct: Option<&mut DirectTables>,
    ) -> (i32, i32) {
        if self.pending.is_empty() {
            return (0, 0);
        }
        let pending = std::mem::take(&mut self.pending);
        let started = std::time::Instant::now();
        Spi::connect_mut(|client| {
            let p = &pending;
            let hands = direct.as_deref_mut().and_then(|d| d.hands.as_mut());
            let new_hands = if self.distributed {
                write_hands_distributed(client, p)
            } else {
                write_hands(client, hands, p)
            };
            let duplicates = (p.len() - new_hands.len()) as i32;
            self.timings.hands += started.elapsed().as_secs_f64();
            if new_hands.is_empty() {
                return (0, duplicates);
            }

            let t = std::time::Instant::now();
            let raw = direct.as_deref_mut().and_then(|d| d.raw.as_mut());
            write_raw(client, raw, p, &new_hands);
            self.timings.raw += t.elapsed().as_secs_f64();
            let distributed = self.distributed;
            write_players(
                client,
                p,
                &new_hands,
                hud,
                direct,
                distributed,
                &mut self.timings,
            );
            (new_hands.len() as i32, duplicates)
        })
    }
}

/// The kept texts of the new hands (`new_hands`: index in `p`, hand id), written as the other
/// hand tables are: directly when RawHands is open for it (its foreign key to Hands needs no
/// check: every row references a hand this import has just written), else by the spec's INSERT.
fn write_raw(
    client: &mut SpiClient<'_>,
    direct: Option<&mut DirectTable>,
    p: &[Pending],
    new_hands: &[(usize, i64)],
) {
    let mut rows = Rows::new(2);
    for &(i, id) in new_hands {
        if let Some(raw) = p.get(i).and_then(|x| x.raw.as_deref()) {
            rows.values.extend([Value::Int8(id), Value::Bytes(raw)]);
        }
    }
    write_rows(client, direct, rawhands_spec(), &rows);
}

/// RawHands: the hand's id and its packed text; no id of its own, so its INSERT returns nothing.
pub(crate) fn rawhands_spec() -> &'static TableSpec {
    static SPEC: OnceLock<TableSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        TableSpec::with_tail(
            c"rawhands",
            vec![
                ("handId".into(), ColumnType::Int8),
                ("text".into(), ColumnType::Bytea),
            ],
            "",
        )
    })
}

/// The Hands values of a pending hand, in the order of [`hands_spec`]; `now` is the
/// transaction's start (importTime, what now() gives).
pub(super) fn push_hand_values<'a>(v: &mut Vec<Value<'a>>, x: &'a Pending, now: i64) {
    let h = &x.hand;
    v.extend([
        Value::Text(&h.table_name),
        Value::Int8(h.site_hand_no),
        Value::Int2(x.gametype_id),
        Value::Timestamptz(unix_to_pg(h.start_time.timestamp())),
        Value::Timestamptz(now),
        Value::Int2(x.rows.seats),
        Value::Int2(x.rows.max_seats),
        Value::Int2(x.site_id),
        Value::Text(&h.site_hand_id),
        h.button_seat
            .map_or(Value::Null, |b| Value::Int2(i16::from(b))),
        x.tourney_id.map_or(Value::Null, Value::Int4),
        Value::Int8(h.total_pot),
        Value::Int8(h.rake),
    ]);
}

/// Writes the batch's hands, each unless its (siteId, siteHandNo) is stored (ON CONFLICT DO
/// NOTHING): straight into the table when `direct` is open, else by the INSERT of
/// [`hands_spec`]. Returns (index in `p`, new Hands id) of each new hand; the others are
/// duplicates.
fn write_hands(
    client: &mut SpiClient<'_>,
    direct: Option<&mut DirectTable>,
    p: &[Pending],
) -> Vec<(usize, i64)> {
    // SAFETY: reads the transaction's start time, which is what now() returns.
    let now = unsafe { pg_sys::GetCurrentTransactionStartTimestamp() };
    let spec = hands_spec();
    let mut rows = Rows::new(spec.columns.len());
    for x in p {
        push_hand_values(&mut rows.values, x, now);
    }
    if let Some(hands) = direct {
        return rows
            .iter()
            .enumerate()
            .filter_map(|(i, row)| hands.insert_unless_present(row).map(|id| (i, id)))
            .collect();
    }
    // A hand already stored is not returned by the INSERT.
    let inserted = client
        .update(
            spec.insert_sql.as_str(),
            None,
            &to_arrays(&spec.columns, &rows),
        )
        .unwrap_or_else(|e| {
            crate::errors::raise("XX000", format!("fpdb import: Hands insert failed: {e}"))
        });
    new_hand_ids(inserted, p)
}

/// (index in `p`, id) of the hands an INSERT ... RETURNING siteId, siteHandNo, id returned.
fn new_hand_ids(inserted: pgrx::spi::SpiTupleTable<'_>, p: &[Pending]) -> Vec<(usize, i64)> {
    let mut hand_ids: HashMap<(i16, i64), i64> = HashMap::with_capacity(inserted.len());
    for row in inserted {
        if let (Ok(Some(site)), Ok(Some(no)), Ok(Some(id))) =
            (row.get::<i16>(1), row.get::<i64>(2), row.get::<i64>(3))
        {
            hand_ids.insert((site, no), id);
        }
    }
    p.iter()
        .enumerate()
        .filter_map(|(i, x)| {
            hand_ids
                .get(&(x.site_id, x.hand.site_hand_no))
                .map(|&id| (i, id))
        })
        .collect()
}

/// [`write_hands`] on a Citus cluster, where no unique index can span the shards of Hands: the
/// batch's keys go first into `fpdb._hand_keys` (distributed by siteHandNo, primary key
/// (siteHandNo, siteId)), whose ON CONFLICT DO NOTHING returns the keys no session stored before
/// (a concurrent session's uncommitted key makes this one wait, as the unique index does on one
/// server); only those hands are inserted. Ids come back in shard order: matched by key.
fn write_hands_distributed(client: &mut SpiClient<'_>, p: &[Pending]) -> Vec<(usize, i64)> {
    let sites: Vec<i16> = p.iter().map(|x| x.site_id).collect();
    let numbers: Vec<i64> = p.iter().map(|x| x.hand.site_hand_no).collect();
    let fresh = client
        .update(
            // In a CTE: Citus counts the rows an INSERT ... SELECT ... ON CONFLICT DO NOTHING
            // offered, not those it inserted, which SPI rejects for RETURNING on the statement
            // itself (citusdata/citus#3377).
            "WITH k AS (INSERT INTO fpdb._hand_keys (siteId, siteHandNo) \
             SELECT s, n FROM ROWS FROM (pg_catalog.unnest($1::pg_catalog.int2[]), \
             pg_catalog.unnest($2::pg_catalog.int8[])) AS u(s, n) ORDER BY n, s \
             ON CONFLICT DO NOTHING RETURNING siteId, siteHandNo) SELECT siteId, siteHandNo FROM k",
            None,
            &[sites.into(), numbers.into()],
        )
        .unwrap_or_else(|e| {
            crate::errors::raise(
                "XX000",
                format!("fpdb import: hand keys insert failed: {e}"),
            )
        });
    let mut new_keys = std::collections::HashSet::with_capacity(fresh.len());
    for row in fresh {
        if let (Ok(Some(site)), Ok(Some(no))) = (row.get::<i16>(1), row.get::<i64>(2)) {
            new_keys.insert((site, no));
        }
    }
    if new_keys.is_empty() {
        return Vec::new();
    }
    // SAFETY: reads the transaction's start time, which is what now() returns.
    let now = unsafe { pg_sys::GetCurrentTransactionStartTimestamp() };
    let spec = &distributed_specs().hands;
    let mut rows = Rows::new(spec.columns.len());
    for x in p {
        if new_keys.contains(&(x.site_id, x.hand.site_hand_no)) {
            push_hand_values(&mut rows.values, x, now);
        }
    }
    let inserted = client
        .update(
            spec.insert_sql.as_str(),
            None,
            &to_arrays(&spec.columns, &rows),
        )
        .unwrap_or_else(|e| {
            crate::errors::raise("XX000", format!("fpdb import: Hands insert failed: {e}"))
        });
    new_hand_ids(inserted, p)
}

/// The INSERT statements of a Citus cluster: the same columns, ids returned with their keys.
struct DistributedSpecs {
    hands: TableSpec,
    players: TableSpec,
}

fn distributed_specs() -> &'static DistributedSpecs {
    static SPECS: OnceLock<DistributedSpecs> = OnceLock::new();
    SPECS.get_or_init(|| DistributedSpecs {
        hands: TableSpec::with_tail(
            c"hands",
            hands_spec().columns.clone(),
            "RETURNING siteId, siteHandNo, id",
        ),
        players: TableSpec::with_tail(
            c"handsplayers",
            handsplayers_spec().columns.clone(),
            "RETURNING handId, playerId, id",
        ),
    })
}

/// The HandsPlayers INSERT on a Citus cluster: returns the new ids in the order of `keys`
/// ((handId, playerId) of each row), which RETURNING does not keep there.
fn write_players_distributed(
    client: &mut SpiClient<'_>,
    rows: &Rows<'_>,
    keys: &[(i64, i32)],
) -> Vec<i64> {
    if rows.is_empty() {
        return Vec::new();
    }
    let spec = &distributed_specs().players;
    let table = client
        .update(
            spec.insert_sql.as_str(),
            None,
            &to_arrays(&spec.columns, rows),
        )
        .unwrap_or_else(|e| {
            crate::errors::raise(
                "XX000",
                format!("fpdb import: insert into handsplayers failed: {e}"),
            )
        });
    let mut ids: HashMap<(i64, i32), i64> = HashMap::with_capacity(keys.len());
    for row in table {
        if let (Ok(Some(h)), Ok(Some(p)), Ok(Some(id))) =
            (row.get::<i64>(1), row.get::<i32>(2), row.get::<i64>(3))
        {
            ids.insert((h, p), id);
        }
    }
    keys.iter().filter_map(|k| ids.get(k).copied()).collect()
}

/// A timestamptz datum (microseconds since 2000-01-01 UTC) of Unix seconds, as
/// `to_timestamp(seconds)` makes it.
fn unix_to_pg(seconds: i64) -> i64 {
    const PG_EPOCH_UNIX: i64 = 946_684_800;
    (seconds - PG_EPOCH_UNIX) * 1_000_000
}

/// `ROWS FROM (pg_catalog.unnest(a1), pg_catalog.unnest(a2), ...)`: the rows of arrays of equal
/// length, what the unqualified `unnest(a1, a2, ...)` shorthand means (a schema-qualified call
/// has no such shorthand).
pub(crate) fn rows_from<S: AsRef<str>>(arrays: &[S]) -> String {
    let calls: Vec<String> = arrays
        .iter()
        .map(|a| format!("pg_catalog.unnest({})", a.as_ref()))
        .collect();
    format!("ROWS FROM ({})", calls.join(", "))
}

/// A table the import writes row by row: its columns (name, type as the import writes it).
pub(crate) struct TableSpec {
    pub table: &'static CStr,
    pub columns: Vec<(String, ColumnType)>,
    /// The INSERT used when the direct path is not available; returns the new ids in row order.
    insert_sql: String,
}

impl TableSpec {
    fn new(table: &'static CStr, columns: Vec<(String, ColumnType)>) -> TableSpec {
        Self::with_tail(table, columns, "RETURNING id")
    }

    /// A spec whose INSERT ends with `tail` (after the rows, in text order) instead of
    /// `RETURNING id`.
    fn with_tail(
        table: &'static CStr,
        columns: Vec<(String, ColumnType)>,
        tail: &str,
    ) -> TableSpec {
        let name = table.to_str().unwrap_or("");
        let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
        let arrays: Vec<String> = columns
            .iter()
            .enumerate()
            .map(|(i, (_, t))| format!("${}::{}[]", i + 1, t.array_type()))
            .collect();
        let insert_sql = format!(
            "INSERT INTO fpdb.{name} ({}) SELECT {} FROM {} WITH ORDINALITY AS u({}, ord) ORDER BY ord {tail}",
            names.join(", "),
            names.join(", "),
            rows_from(&arrays),
            names.join(", ")
        );
        TableSpec {
            table,
            columns,
            insert_sql,
        }
    }
}

/// Hands: every column the import fills, in the order of [`push_hand_values`]. Its INSERT skips
/// a hand already stored and returns the key and id of each new one.
pub(crate) fn hands_spec() -> &'static TableSpec {
    static SPEC: OnceLock<TableSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        use ColumnType as T;
        let cols = [
            ("tableName", T::Varchar(MAX_TABLE_NAME as u32)),
            ("siteHandNo", T::Int8),
            ("gametypeId", T::Int2),
            ("handStart", T::Timestamptz),
            ("importTime", T::Timestamptz),
            ("seats", T::Int2),
            ("maxSeats", T::Int2),
            ("siteId", T::Int2),
            ("siteHandId", T::Varchar(MAX_HAND_ID as u32)),
            ("buttonSeat", T::Int2),
            ("tourneyId", T::Int4),
            ("totalPot", T::Int8),
            ("rake", T::Int8),
        ];
        TableSpec::with_tail(
            c"hands",
            cols.iter().map(|(n, t)| (n.to_string(), *t)).collect(),
            "ON CONFLICT ON CONSTRAINT hands_site_hand DO NOTHING RETURNING siteId, siteHandNo, id",
        )
    })
}

/// HandsPlayers: every column the import fills, in the order of [`push_player_values`].
pub(crate) fn handsplayers_spec() -> &'static TableSpec {
    static SPEC: OnceLock<TableSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        use ColumnType as T;
        let mut cols: Vec<(String, ColumnType)> = vec![
            ("handId".into(), T::Int8),
            ("playerId".into(), T::Int4),
            ("gametypeId".into(), T::Int2),
            ("activeSeats".into(), T::Int2),
            ("startCash".into(), T::Int4),
            ("position".into(), T::Char(1)),
            ("seatNo".into(), T::Int2),
        ];
        for i in 1..=20 {
            cols.push((format!("card{i}"), T::Int2));
        }
        cols.push(("startCards".into(), T::Int2));
        for c in ["ante", "winnings", "rake", "totalProfit"] {
            cols.push((c.into(), T::Int4));
        }
        cols.push(("tourneysPlayersId".into(), T::Int8));
        cols.push(("tourneyTypeId".into(), T::Int8));
        for c in [
            "wonWhenSeenStreet1",
            "wonWhenSeenStreet2",
            "wonWhenSeenStreet3",
            "wonWhenSeenStreet4",
            "wonAtSD",
        ] {
            cols.push((c.into(), T::Float8));
        }
        for c in COUNT_COLUMNS {
            cols.push((c.into(), T::Int4));
        }
        cols.push(("actionString".into(), T::Text));
        cols.push(("allInEV".into(), T::Int4));
        TableSpec::new(c"handsplayers", cols)
    })
}

pub(crate) fn handsactions_spec() -> &'static TableSpec {
    static SPEC: OnceLock<TableSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        TableSpec::new(
            c"handsactions",
            [
                ("handId", ColumnType::Int8),
                ("handPlayerId", ColumnType::Int8),
                ("street", ColumnType::Int2),
                ("actionNo", ColumnType::Int2),
                ("action", ColumnType::Char(5)),
                ("allIn", ColumnType::Bool),
                ("amount", ColumnType::Int4),
            ]
            .into_iter()
            .map(|(n, t)| (n.to_string(), t))
            .collect(),
        )
    })
}

pub(crate) fn boardcards_spec() -> &'static TableSpec {
    static SPEC: OnceLock<TableSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let mut cols: Vec<(String, ColumnType)> = vec![
            ("handId".into(), ColumnType::Int8),
            ("boardNo".into(), ColumnType::Int2),
        ];
        for i in 1..=5 {
            cols.push((format!("card{i}Value"), ColumnType::Int2));
        }
        for i in 1..=5 {
            cols.push((format!("card{i}Suit"), ColumnType::Char(1)));
        }
        TableSpec::new(c"boardcards", cols)
    })
}

/// The tables opened for direct writes for the whole import, when that is possible.
pub(crate) struct DirectTables {
    /// Hands, under READ COMMITTED only (see [`DirectTable::open_unless_present`]).
    hands: Option<DirectTable>,
    players: DirectTable,
    actions: DirectTable,
    boards: DirectTable,
    /// RawHands, when it can be written directly (else its INSERT).
    raw: Option<DirectTable>,
}

impl DirectTables {
    /// All three tables, or `None` (then every table goes through INSERT statements).
    pub(crate) fn open() -> Option<DirectTables> {
        let hp = handsplayers_spec();
        let ha = handsactions_spec();
        let bc = boardcards_spec();
        let players = DirectTable::open(hp.table, &hp.columns)?;
        let Some(actions) = DirectTable::open(ha.table, &ha.columns) else {
            players.close();
            return None;
        };
        let Some(boards) = DirectTable::open(bc.table, &bc.columns) else {
            players.close();
            actions.close();
            return None;
        };
        // Hands rows reference Sites and Tourneys rows as well, which the import must be able to
        // lock; without that privilege Hands goes through INSERT (its foreign-key checks run as
        // the tables' owner).
        let hands = if may_update(c"sites") && may_update(c"tourneys") {
            let spec = hands_spec();
            DirectTable::open_unless_present(spec.table, &spec.columns, c"hands_site_hand")
        } else {
            None
        };
        let rh = rawhands_spec();
        let raw = DirectTable::open_without_id(rh.table, &rh.columns);
        Some(DirectTables {
            hands,
            players,
            actions,
            boards,
            raw,
        })
    }

    /// Whether Hands is written directly (then its rows' Sites and Tourneys need locking too).
    pub(crate) fn writes_hands(&self) -> bool {
        self.hands.is_some()
    }

    pub(crate) fn close(self) {
        if let Some(h) = self.hands {
            h.close();
        }
        self.players.close();
        self.actions.close();
        self.boards.close();
        if let Some(r) = self.raw {
            r.close();
        }
    }
}

/// Writes rows with the direct path when open, else with the spec's INSERT; returns the ids in
/// row order.
fn write_rows(
    client: &mut SpiClient<'_>,
    direct: Option<&mut DirectTable>,
    spec: &TableSpec,
    rows: &Rows<'_>,
) -> Vec<i64> {
    if rows.is_empty() {
        return Vec::new();
    }
    if let Some(d) = direct {
        return d.insert_many(rows);
    }
    let args = to_arrays(&spec.columns, rows);
    let table = client
        .update(spec.insert_sql.as_str(), None, &args)
        .unwrap_or_else(|e| {
            crate::errors::raise(
                "XX000",
                format!(
                    "fpdb import: insert into {} failed: {e}",
                    spec.table.to_string_lossy()
                ),
            )
        });
    table
        .filter_map(|row| row.get::<i64>(1).ok().flatten())
        .collect()
}

/// Column-major arrays of row-major values, one SPI argument per column.
pub(super) fn to_arrays(
    columns: &[(String, ColumnType)],
    rows: &Rows<'_>,
) -> Vec<DatumWithOid<'static>> {
    columns
        .iter()
        .enumerate()
        .map(|(k, (_, ty))| {
            let col = rows
                .iter()
                .map(|r| r.get(k).copied().unwrap_or(Value::Null));
            match *ty {
                ColumnType::Int2 => col
                    .map(|v| {
                        if let Value::Int2(x) = v {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<i16>>>()
                    .into(),
                ColumnType::Int4 => col
                    .map(|v| {
                        if let Value::Int4(x) = v {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<i32>>>()
                    .into(),
                ColumnType::Int8 => col
                    .map(|v| {
                        if let Value::Int8(x) = v {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<i64>>>()
                    .into(),
                ColumnType::Float8 => col
                    .map(|v| {
                        if let Value::Float8(x) = v {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<f64>>>()
                    .into(),
                ColumnType::Timestamptz => col
                    .map(|v| match v {
                        Value::Timestamptz(x) => TimestampWithTimeZone::try_from(x).ok(),
                        _ => None,
                    })
                    .collect::<Vec<Option<TimestampWithTimeZone>>>()
                    .into(),
                ColumnType::Bool => col
                    .map(|v| {
                        if let Value::Bool(x) = v {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<bool>>>()
                    .into(),
                ColumnType::Text | ColumnType::Varchar(_) | ColumnType::Char(_) => col
                    .map(|v| {
                        if let Value::Text(x) = v {
                            Some(x.to_string())
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<String>>>()
                    .into(),
                ColumnType::Bytea => col
                    .map(|v| {
                        if let Value::Bytes(x) = v {
                            Some(x.to_vec())
                        } else {
                            None
                        }
                    })
                    .collect::<Vec<Option<Vec<u8>>>>()
                    .into(),
            }
        })
        .collect()
}

/// Text of a HandsPlayers position ('B', 'S', '0'..'9').
fn position_text(p: char) -> &'static str {
    const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    match p {
        'B' => "B",
        'S' => "S",
        d @ '0'..='9' => DIGITS[d as usize - '0' as usize],
        _ => "9",
    }
}

/// Adds the HandsPlayers values of one player to `v`, in the order of [`handsplayers_spec`].
pub(super) fn push_player_values<'a>(
    v: &mut Vec<Value<'a>>,
    x: &'a Pending,
    k: usize,
    hand_id: i64,
) {
    let r = &x.rows.players[k];
    v.push(Value::Int8(hand_id));
    v.push(Value::Int4(x.player_ids[k]));
    v.push(Value::Int2(x.gametype_id));
    v.push(Value::Int2(x.rows.seats));
    v.push(Value::Int4(r.start_cash as i32));
    v.push(Value::Text(position_text(r.position)));
    v.push(Value::Int2(r.seat_no));
    v.extend(r.cards.iter().map(|&c| Value::Int2(c)));
    v.push(r.start_cards.map_or(Value::Null, Value::Int2));
    for m in [r.ante, r.winnings, r.rake, r.total_profit] {
        v.push(Value::Int4(m as i32));
    }
    v.push(x.tourneys_players_ids[k].map_or(Value::Null, Value::Int8));
    v.push(
        x.tourney_type_id
            .map_or(Value::Null, |t| Value::Int8(t as i64)),
    );
    v.extend(r.won.iter().map(|&w| Value::Float8(w)));
    v.extend(r.counts.iter().map(|&c| Value::Int4(c)));
    v.push(Value::Text(&r.action_string));
    v.push(Value::Int4(r.all_in_ev as i32));
}

fn write_players(
    client: &mut SpiClient<'_>,
    p: &[Pending],
    new_hands: &[(usize, i64)],
    hud: &mut HudCacheDelta,
    direct: Option<&mut DirectTables>,
    distributed: bool,
    timings: &mut Timings,
) {
    let started = std::time::Instant::now();
    let (d_players, d_actions, d_boards) = match direct {
        Some(d) => (
            Some(&mut d.players),
            Some(&mut d.actions),
            Some(&mut d.boards),
        ),
        None => (None, None, None),
    };
    // HandsPlayers.
    let mut rows = Rows::new(handsplayers_spec().columns.len());
    let mut keys: Vec<(i64, i32)> = Vec::new();
    for &(i, hid) in new_hands {
        let x = &p[i];
        for (k, r) in x.rows.players.iter().enumerate() {
            push_player_values(&mut rows.values, x, k, hid);
            if distributed {
                keys.push((hid, x.player_ids[k]));
            }
            hud.add(
                HudKey {
                    gametype_id: x.gametype_id,
                    player_id: x.player_ids[k],
                    active_seats: x.rows.seats,
                    position: fpdb_core::stats::hudcache_position(r.position),
                    tourney_type_id: x.tourney_type_id,
                },
                r,
            );
        }
    }
    // On the INSERT path the trigger leaves this statement's rows to the import, which folds
    // them into HudCache itself (backend-local state, see ImportFolds).
    let hp_ids = if distributed {
        // No HudCache trigger exists on a distributed HandsPlayers.
        write_players_distributed(client, &rows, &keys)
    } else {
        let _folds = d_players.is_none().then(ImportFolds::begin);
        write_rows(client, d_players, handsplayers_spec(), &rows)
    };
    drop(rows);
    timings.players += started.elapsed().as_secs_f64();

    // HandsActions, referencing the new HandsPlayers ids (same order as the rows above).
    let started = std::time::Instant::now();
    let mut rows = Rows::new(handsactions_spec().columns.len());
    let mut first_hp = 0usize;
    for &(i, hid) in new_hands {
        let x = &p[i];
        for a in &x.rows.actions {
            let Some(&hp) = hp_ids.get(first_hp + a.player) else {
                continue;
            };
            rows.values.extend([
                Value::Int8(hid),
                Value::Int8(hp),
                Value::Int2(a.street),
                Value::Int2(a.action_no),
                Value::Text(a.action),
                Value::Bool(a.all_in),
                Value::Int4(a.amount as i32),
            ]);
        }
        first_hp += x.rows.players.len();
    }
    write_rows(client, d_actions, handsactions_spec(), &rows);
    timings.actions += started.elapsed().as_secs_f64();

    // BoardCards.
    let started = std::time::Instant::now();
    let mut rows = Rows::new(boardcards_spec().columns.len());
    for &(i, hid) in new_hands {
        for b in &p[i].rows.boards {
            push_board_values(&mut rows.values, b, hid);
        }
    }
    write_rows(client, d_boards, boardcards_spec(), &rows);
    timings.boards += started.elapsed().as_secs_f64();
}

/// Adds the BoardCards values of one board of hand `hand_id` to `v`, in the order of
/// [`boardcards_spec`].
pub(super) fn push_board_values(v: &mut Vec<Value<'_>>, b: &BoardRow, hand_id: i64) {
    v.extend([Value::Int8(hand_id), Value::Int2(b.board_no)]);
    v.extend(b.values.iter().map(|&c| Value::Int2(c)));
    v.extend(b.suits.iter().map(|&c| Value::Text(suit_text(c))));
}

fn suit_text(c: char) -> &'static str {
    match c {
        'h' => "h",
        'd' => "d",
        'c' => "c",
        's' => "s",
        _ => "x",
    }
}

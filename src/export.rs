//! `fpdb.export_hand` and `fpdb.export_hands`: stored hands written as hand-history text.
//!
//! The hands are read from the tables (Hands, Sites, Gametypes, Tourneys, TourneyTypes,
//! HandsPlayers, Players, HandsActions, BoardCards) with a few set-based queries per batch of
//! [`BATCH`] hands, each an index range scan per run of consecutive ids (hands imported together
//! have consecutive ids, as do their players' rows), whatever the tables' size; turned into
//! [`StoredHand`]s and written by `fpdb_core::export`. The functions are SECURITY INVOKER: they
//! read only what the caller may read.

use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

use chrono::DateTime;
use fpdb_core::ahead::{Ahead, Lost};
use fpdb_core::export::{
    self, action_name, ExportError, Format, GametypeRow, StoredHand, StoredPlayer, StoredTourney,
};
use fpdb_core::stats::{ActionRow, BoardRow, Counts, COUNT_COLUMNS, N_COUNTS};
use pgrx::prelude::*;
use pgrx::spi::SpiClient;

use crate::spi_rows::{self, Row};

use crate::errors::{raise, raise_with_hint};

/// Hands read per round of queries by `export_hands`.
const BATCH: usize = 2000;

/// The format of a name, or an error (22023 unknown).
fn format_of(name: &str) -> Format {
    Format::from_name(name).unwrap_or_else(|e| raise(e.sqlstate(), e.to_string()))
}

fn export_error(id: i64, e: &ExportError) -> ! {
    raise(e.sqlstate(), format!("fpdb.export: hand {id}: {e}"))
}

/// One stored hand as hand-history text (`format`: 'pokerstars', 'ohh' for an Open Hand History
/// JSON document, 'phh' for a PHH TOML document). A hand id that does not exist
/// is an error (P0002); so is an unknown format (22023) and a game the format cannot write
/// (0A000).
#[pg_extern(stable, strict, parallel_restricted)]
#[search_path(pg_catalog, pg_temp)]
fn export_hand(hand_id: i64, format: default!(&str, "'pokerstars'")) -> String {
    let format = format_of(format);
    let mut hands = load(&[hand_id]);
    let Some(h) = hands.remove(&hand_id) else {
        missing(hand_id)
    };
    export::export(&h, format).unwrap_or_else(|e| export_error(hand_id, &e))
}

/// Stored hands as hand-history text, one row per id in the order given (NULL ids are
/// skipped). Read and written [`BATCH`] hands at a time, so that any number of hands streams
/// out in constant memory; each batch is written on another thread while the next one is read
/// ([`Ahead`]). A missing hand is an error (P0002).
#[pg_extern(stable, strict, parallel_restricted)]
#[search_path(pg_catalog, pg_temp)]
fn export_hands(
    hand_ids: Vec<Option<i64>>,
    format: default!(&str, "'pokerstars'"),
) -> SetOfIterator<'static, String> {
    let format = format_of(format);
    let ids: Vec<i64> = hand_ids.into_iter().flatten().collect();
    // One batch has nothing to overlap with: no thread for it.
    let write: WriteBatch = Box::new(move |batch| {
        batch
            .iter()
            .map(|h| fpdb_core::export::export(h, format))
            .collect()
    });
    let ahead = if ids.len() > BATCH {
        Ahead::start(write, &mut |job| crate::threads::spawn("fpdb export", job))
    } else {
        Ahead::start(write, &mut |_| false)
    };
    SetOfIterator::new(Exporter {
        ids,
        loaded: 0,
        written: 0,
        ahead,
        out: VecDeque::new(),
    })
}

fn missing(id: i64) -> ! {
    raise_with_hint(
        "P0002",
        format!("fpdb.export: there is no hand with id {id}"),
        "hand ids are fpdb.Hands.id (not the room's hand number, Hands.siteHandNo)",
    )
}

/// Batches read ahead of the one handed out: while the worker writes one, the next is read.
const IN_FLIGHT: usize = 2;

/// Each hand of a batch as text, or why it cannot be written.
type WriteBatch = Box<dyn Fn(&[StoredHand]) -> Vec<Result<String, ExportError>> + Send + Sync>;

/// The streaming state of `export_hands`.
struct Exporter {
    ids: Vec<i64>,
    /// Ids read and submitted to `ahead`.
    loaded: usize,
    /// Ids whose texts were taken from `ahead`.
    written: usize,
    ahead: Ahead<StoredHand, Result<String, ExportError>, WriteBatch>,
    out: VecDeque<String>,
}

impl Iterator for Exporter {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if self.out.is_empty() {
            while self.ahead.in_flight() < IN_FLIGHT && self.loaded < self.ids.len() {
                check_for_interrupts!();
                let end = (self.loaded + BATCH).min(self.ids.len());
                let chunk = &self.ids[self.loaded..end];
                let batch = in_order(chunk, load(chunk));
                self.loaded = end;
                self.ahead.submit(batch);
            }
            let texts = self
                .ahead
                .take()?
                .unwrap_or_else(|Lost(n)| vec![Err(ExportError::Lost); n]);
            let ids = &self.ids[self.written..self.written + texts.len()];
            self.written += texts.len();
            for (&id, text) in ids.iter().zip(texts) {
                self.out
                    .push_back(text.unwrap_or_else(|e| export_error(id, &e)));
            }
        }
        self.out.pop_front()
    }
}

/// The hands of `chunk` in its order (an id given twice, twice); a missing one is an error.
fn in_order(chunk: &[i64], mut hands: HashMap<i64, StoredHand>) -> Vec<StoredHand> {
    let mut at: HashMap<i64, usize> = HashMap::with_capacity(chunk.len());
    let mut out: Vec<StoredHand> = Vec::with_capacity(chunk.len());
    for &id in chunk {
        let h = match hands.remove(&id) {
            Some(h) => {
                at.insert(id, out.len());
                h
            }
            None => match at.get(&id) {
                Some(&i) => out[i].clone(),
                None => missing(id),
            },
        };
        out.push(h);
    }
    out
}

fn query_failed(e: impl std::fmt::Display) -> ! {
    raise(
        "XX000",
        format!("fpdb.export: reading the stored hands failed: {e}"),
    )
}

/// The stored hands of `ids` (those that exist), by id.
fn load(ids: &[i64]) -> HashMap<i64, StoredHand> {
    let mut uniq: Vec<i64> = ids.to_vec();
    uniq.sort_unstable();
    uniq.dedup();
    Spi::connect(|client| {
        let mut hands = load_hands(client, &uniq);
        // HandsPlayers.id → (hand id, player index).
        let mut players: HashMap<i64, (i64, usize)> = HashMap::with_capacity(hands.len() * 6);
        load_players(client, &uniq, &mut hands, &mut players);
        load_actions(client, &mut hands, &players);
        load_boards(client, &uniq, &mut hands);
        hands
    })
}

fn ids_arg(ids: &[i64]) -> [pgrx::datum::DatumWithOid<'static>; 1] {
    [ids.to_vec().into()]
}

/// The runs of consecutive values of `sorted` (ascending, no repeats) as two arrays, first and
/// last values: the rows of a batch are read by one index range scan per run, not one descent
/// per id. Ids are handed out in insertion order, so the hands of a session, their players and
/// their actions are a few runs; ids with gaps are runs of one, read as before.
fn runs_arg(sorted: &[i64]) -> [pgrx::datum::DatumWithOid<'static>; 2] {
    let (mut first, mut last): (Vec<i64>, Vec<i64>) = (Vec::new(), Vec::new());
    for &id in sorted {
        match last.last_mut() {
            Some(l) if id.checked_sub(1) == Some(*l) => *l = id,
            _ => {
                first.push(id);
                last.push(id);
            }
        }
    }
    [first.into(), last.into()]
}

/// `FROM` clause of a read by runs ([`runs_arg`]) of `column` in `table`.
macro_rules! by_runs {
    ($table:literal, $column:literal) => {
        concat!(
            "FROM ROWS FROM (pg_catalog.unnest($1::pg_catalog.int8[]), ",
            "pg_catalog.unnest($2::pg_catalog.int8[])) AS r(lo, hi) CROSS JOIN LATERAL ( ",
            "SELECT * FROM ",
            $table,
            " t WHERE t.",
            $column,
            " OPERATOR(pg_catalog.>=) r.lo AND t.",
            $column,
            " OPERATOR(pg_catalog.<=) r.hi OFFSET 0)"
        )
    };
}

/// Integer column `n` of `row` as `T`; a value out of `T`'s range is an error.
fn int<T: TryFrom<i64>>(row: &Row<'_>, n: usize) -> Option<T> {
    row.int(n).map(|v| {
        T::try_from(v).unwrap_or_else(|_| query_failed(format!("column {n}: {v} is out of range")))
    })
}

/// Integer column `n` of `row`, which must not be NULL.
fn need<T: TryFrom<i64>>(row: &Row<'_>, n: usize) -> T {
    int(row, n).unwrap_or_else(|| query_failed(format!("column {n} is NULL")))
}

/// Text column `n` of `row`, which must not be NULL.
fn need_text(row: &Row<'_>, n: usize) -> String {
    row.need(n, Row::text)
}

/// The Hands rows of `ids`, then their sites, game types and tournaments (few distinct rows:
/// read once per batch, each by its primary key).
fn load_hands(client: &SpiClient<'_>, ids: &[i64]) -> HashMap<i64, StoredHand> {
    const HANDS: &str = concat!(
        "SELECT h.id, h.siteHandNo, h.siteHandId::pg_catalog.text, \
         h.tableName::pg_catalog.text, \
         (pg_catalog.extract('epoch', h.handStart) OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8, \
         h.seats, h.maxSeats, h.buttonSeat, h.totalPot, h.rake, \
         h.siteId, h.gametypeId, h.tourneyId ",
        by_runs!("fpdb.Hands", "id"),
        " h"
    );
    const SITES: &str = "SELECT id, name::pg_catalog.text FROM fpdb.Sites \
         WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int2[])";
    const GAMETYPES: &str = "SELECT id, type::pg_catalog.text, \
         category::pg_catalog.text, limitType::pg_catalog.text, hiLo::pg_catalog.text, \
         smallBlind, bigBlind, smallBet, bigBet, ante, currency::pg_catalog.text, \
         mix::pg_catalog.text, fast \
         FROM fpdb.Gametypes WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int2[])";
    const TOURNEYS: &str = "SELECT t.id, t.siteTourneyNo, tt.buyin, tt.fee, \
         tt.knockout, tt.currency::pg_catalog.text, tt.rebuyOrAddon \
         FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId \
         WHERE t.id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int4[])";
    struct Read {
        hand: StoredHand,
        site: i64,
        gametype: i64,
        tourney: Option<i64>,
    }
    let placeholder = GametypeRow {
        kind: "ring",
        category: "holdem",
        limit_type: "nl",
        hi_lo: "h",
        small_blind: 0,
        big_blind: 0,
        small_bet: 0,
        big_bet: 0,
        ante: 0,
        currency: "USD",
        mix: "none",
        fast: false,
    }
    .game()
    .unwrap_or_else(|e| query_failed(e));
    let mut rows = Vec::with_capacity(ids.len());
    spi_rows::select(client, HANDS, &runs_arg(ids)).for_each(|row| {
        let id: i64 = need(row, 1);
        let micros: i64 = need(row, 5);
        let start_time = DateTime::from_timestamp_micros(micros)
            .unwrap_or_else(|| query_failed(format!("hand {id}: start time out of range")));
        rows.push((
            id,
            Read {
                hand: StoredHand {
                    site: String::new(),
                    site_hand_no: need(row, 2),
                    site_hand_id: need_text(row, 3),
                    table_name: need_text(row, 4),
                    start_time,
                    seats: need(row, 6),
                    max_seats: need(row, 7),
                    button_seat: int(row, 8),
                    total_pot: need(row, 9),
                    rake: need(row, 10),
                    game: placeholder.clone(),
                    tourney: None,
                    players: Vec::new(),
                    actions: Vec::new(),
                    boards: Vec::new(),
                },
                site: need(row, 11),
                gametype: need(row, 12),
                tourney: int(row, 13),
            },
        ));
    });
    let distinct = |f: &dyn Fn(&Read) -> Option<i64>| -> Vec<i64> {
        let mut v: Vec<i64> = rows.iter().filter_map(|(_, r)| f(r)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let site_ids = distinct(&|r| Some(r.site));
    let gametype_ids = distinct(&|r| Some(r.gametype));
    let tourney_ids = distinct(&|r| r.tourney);

    let mut sites: HashMap<i64, String> = HashMap::new();
    spi_rows::select(client, SITES, &ids_arg(&site_ids)).for_each(|row| {
        sites.insert(need(row, 1), need_text(row, 2));
    });
    let mut games = HashMap::new();
    spi_rows::select(client, GAMETYPES, &ids_arg(&gametype_ids)).for_each(|row| {
        let (kind, category, limit_type, hi_lo, currency, mix) = (
            need_text(row, 2),
            need_text(row, 3),
            need_text(row, 4),
            need_text(row, 5),
            need_text(row, 11),
            need_text(row, 12),
        );
        let game = GametypeRow {
            kind: &kind,
            category: &category,
            limit_type: &limit_type,
            hi_lo: &hi_lo,
            small_blind: need(row, 6),
            big_blind: need(row, 7),
            small_bet: need(row, 8),
            big_bet: need(row, 9),
            ante: need(row, 10),
            currency: &currency,
            mix: &mix,
            fast: row.need(13, Row::bool),
        }
        .game();
        games.insert(need::<i64>(row, 1), game);
    });
    let mut tourneys = HashMap::new();
    spi_rows::select(client, TOURNEYS, &ids_arg(&tourney_ids)).for_each(|row| {
        tourneys.insert(
            need::<i64>(row, 1),
            StoredTourney {
                tourney_no: need(row, 2),
                buyin: need(row, 3),
                fee: need(row, 4),
                knockout: need(row, 5),
                currency: need_text(row, 6),
                rebuy: row.need(7, Row::bool),
            },
        );
    });
    let mut out = HashMap::with_capacity(rows.len());
    for (id, mut r) in rows {
        r.hand.site = sites
            .get(&r.site)
            .cloned()
            .unwrap_or_else(|| query_failed(format!("hand {id}: no site {}", r.site)));
        r.hand.game = match games.get(&r.gametype) {
            Some(Ok(g)) => g.clone(),
            Some(Err(e)) => export_error(id, e),
            None => query_failed(format!("hand {id}: no game type {}", r.gametype)),
        };
        r.hand.tourney = r.tourney.and_then(|t| tourneys.get(&t).cloned());
        out.insert(id, r.hand);
    }
    out
}

/// The HandsPlayers columns after the cards: `won` then `counts` (each a column of its own,
/// read straight from the deformed row).
const WON_COLUMNS: [&str; 5] = [
    "wonWhenSeenStreet1",
    "wonWhenSeenStreet2",
    "wonWhenSeenStreet3",
    "wonWhenSeenStreet4",
    "wonAtSD",
];

fn load_players(
    client: &SpiClient<'_>,
    ids: &[i64],
    hands: &mut HashMap<i64, StoredHand>,
    players: &mut HashMap<i64, (i64, usize)>,
) {
    // Columns: 1 handId, 2 id, 3 playerId, 4 seatNo, 5 startCash, 6 position, 7..=26 card1..20,
    // 27 startCards, 28 ante, 29 winnings, 30 rake, 31 totalProfit, then the won columns, the
    // counts and actionString.
    const CARDS: usize = 7;
    const WON: usize = 32;
    const COUNTS: usize = WON + WON_COLUMNS.len();
    const ACTION_STRING: usize = COUNTS + N_COUNTS;
    static SQL: OnceLock<String> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        let list = |names: &mut dyn Iterator<Item = String>| -> String {
            names
                .map(|c| format!("hp.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let cards = list(&mut (1..=20).map(|i| format!("card{i}")));
        let won = list(&mut WON_COLUMNS.iter().map(|c| c.to_string()));
        let counts = list(&mut COUNT_COLUMNS.iter().map(|c| c.to_string()));
        format!(
            "SELECT hp.handId, hp.id, hp.playerId, hp.seatNo, hp.startCash, \
             hp.position::pg_catalog.text, {cards}, hp.startCards, hp.ante, hp.winnings, hp.rake, \
             hp.totalProfit, {won}, {counts}, hp.actionString {} hp \
             ORDER BY hp.handId, hp.seatNo",
            by_runs!("fpdb.HandsPlayers", "handId")
        )
    });
    let mut player_ids = Vec::with_capacity(ids.len() * 6);
    spi_rows::select(client, sql.as_str(), &runs_arg(ids)).for_each(|row| {
        let hand_id: i64 = need(row, 1);
        let Some(h) = hands.get_mut(&hand_id) else {
            return;
        };
        let mut cards = [0i16; 20];
        for (i, c) in cards.iter_mut().enumerate() {
            *c = need(row, CARDS + i);
        }
        let mut won = [0f64; 5];
        for (i, w) in won.iter_mut().enumerate() {
            *w = row.need(WON + i, Row::float);
        }
        let mut counts: Counts = [0; N_COUNTS];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = need(row, COUNTS + i);
        }
        let position = need_text(row, 6);
        players.insert(need(row, 2), (hand_id, h.players.len()));
        let player_id: i64 = need(row, 3);
        player_ids.push(player_id);
        h.players.push(StoredPlayer {
            // Players.id until the names are read below.
            name: player_id.to_string(),
            seat: need(row, 4),
            start_cash: need(row, 5),
            position: position.chars().next().unwrap_or('9'),
            cards,
            start_cards: int(row, 27),
            ante: need(row, 28),
            winnings: need(row, 29),
            rake: need(row, 30),
            total_profit: need(row, 31),
            won,
            counts,
            action_string: row.text(ACTION_STRING).unwrap_or_default(),
        });
    });
    // The names, each player once (a batch's hands share few players).
    const NAMES: &str = "SELECT id, name::pg_catalog.text FROM fpdb.Players \
         WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int4[])";
    player_ids.sort_unstable();
    player_ids.dedup();
    let mut names: HashMap<String, String> = HashMap::with_capacity(player_ids.len());
    spi_rows::select(client, NAMES, &ids_arg(&player_ids)).for_each(|row| {
        names.insert(need::<i64>(row, 1).to_string(), need_text(row, 2));
    });
    for h in hands.values_mut() {
        for p in &mut h.players {
            match names.get(&p.name) {
                Some(n) => p.name = n.clone(),
                None => query_failed(format!("no player with id {}", p.name)),
            }
        }
    }
}

fn load_actions(
    client: &SpiClient<'_>,
    hands: &mut HashMap<i64, StoredHand>,
    players: &HashMap<i64, (i64, usize)>,
) {
    // By runs of the HandsPlayers ids read before (OFFSET 0 keeps each run's index range scan
    // from being turned into a join); sorted in memory below.
    const SQL: &str = concat!(
        "SELECT a.handPlayerId, a.street, a.actionNo, a.action::pg_catalog.text, a.allIn, a.amount ",
        by_runs!("fpdb.HandsActions", "handPlayerId"),
        " a"
    );
    let mut hp_ids: Vec<i64> = players.keys().copied().collect();
    hp_ids.sort_unstable();
    spi_rows::select(client, SQL, &runs_arg(&hp_ids)).for_each(|row| {
        let hp: i64 = need(row, 1);
        let Some(&(hand_id, player)) = players.get(&hp) else {
            return;
        };
        let Some(h) = hands.get_mut(&hand_id) else {
            return;
        };
        let text = need_text(row, 4);
        let action = action_name(&text).unwrap_or_else(|| {
            export_error(
                hand_id,
                &ExportError::Inconsistent(format!("HandsActions.action '{text}'")),
            )
        });
        h.actions.push(ActionRow {
            player,
            street: need(row, 2),
            action_no: need(row, 3),
            action,
            all_in: row.need(5, Row::bool),
            amount: need(row, 6),
        });
    });
    // Betting streets in order, then the showdown rows (street −1).
    for h in hands.values_mut() {
        h.actions
            .sort_by_key(|a| (a.street < 0, a.street, a.action_no));
    }
}

fn load_boards(client: &SpiClient<'_>, ids: &[i64], hands: &mut HashMap<i64, StoredHand>) {
    // By runs of hand ids (see load_actions).
    const SQL: &str = concat!(
        "SELECT b.handId, b.boardNo, b.card1Value, b.card2Value, b.card3Value, b.card4Value, \
         b.card5Value, \
         (b.card1Suit OPERATOR(pg_catalog.||) b.card2Suit OPERATOR(pg_catalog.||) b.card3Suit \
          OPERATOR(pg_catalog.||) b.card4Suit OPERATOR(pg_catalog.||) b.card5Suit)::pg_catalog.text ",
        by_runs!("fpdb.BoardCards", "handId"),
        " b ORDER BY b.handId, b.boardNo"
    );
    spi_rows::select(client, SQL, &runs_arg(ids)).for_each(|row| {
        let hand_id: i64 = need(row, 1);
        let Some(h) = hands.get_mut(&hand_id) else {
            return;
        };
        let mut values = [0i16; 5];
        for (i, v) in values.iter_mut().enumerate() {
            *v = need(row, 3 + i);
        }
        let suit_text = need_text(row, 8);
        let mut suits = ['x'; 5];
        for (s, c) in suits.iter_mut().zip(suit_text.chars()) {
            *s = c;
        }
        h.boards.push(BoardRow {
            board_no: need(row, 2),
            values,
            suits,
        });
    });
}

// Each batch's queries are cheap index probes that the planner may cost high enough to compile
// with JIT, which takes longer than running them.
extension_sql!(
    "ALTER FUNCTION fpdb.export_hand(bigint, text) SET jit = off;\n\
     ALTER FUNCTION fpdb.export_hands(bigint[], text) SET jit = off;\n",
    name = "export_settings",
    requires = [export_hand, export_hands]
);

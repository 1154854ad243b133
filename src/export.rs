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
use fpdb_core::export::{
    self, action_name, ExportError, Format, GametypeRow, StoredHand, StoredPlayer, StoredTourney,
};
use fpdb_core::stats::{ActionRow, BoardRow, Counts, COUNT_COLUMNS, N_COUNTS};
use pgrx::prelude::*;
use pgrx::spi::SpiClient;

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
/// out in constant memory. A missing hand is an error (P0002).
#[pg_extern(stable, strict, parallel_restricted)]
#[search_path(pg_catalog, pg_temp)]
fn export_hands(
    hand_ids: Vec<Option<i64>>,
    format: default!(&str, "'pokerstars'"),
) -> SetOfIterator<'static, String> {
    let format = format_of(format);
    let ids: Vec<i64> = hand_ids.into_iter().flatten().collect();
    SetOfIterator::new(Exporter {
        ids,
        next: 0,
        format,
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

/// The streaming state of `export_hands`.
struct Exporter {
    ids: Vec<i64>,
    next: usize,
    format: Format,
    out: VecDeque<String>,
}

impl Iterator for Exporter {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if self.out.is_empty() && self.next < self.ids.len() {
            let end = (self.next + BATCH).min(self.ids.len());
            let chunk = &self.ids[self.next..end];
            self.next = end;
            let hands = load(chunk);
            for &id in chunk {
                check_for_interrupts!();
                let Some(h) = hands.get(&id) else { missing(id) };
                let text = export::export(h, self.format).unwrap_or_else(|e| export_error(id, &e));
                self.out.push_back(text);
            }
        }
        self.out.pop_front()
    }
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

fn get<T: FromDatum + IntoDatum>(row: &pgrx::spi::SpiHeapTupleData<'_>, n: usize) -> Option<T> {
    row.get::<T>(n).unwrap_or_else(|e| query_failed(e))
}

fn need<T: FromDatum + IntoDatum>(row: &pgrx::spi::SpiHeapTupleData<'_>, n: usize) -> T {
    get(row, n).unwrap_or_else(|| query_failed(format!("column {n} is NULL")))
}

/// The Hands rows of `ids`, then their sites, game types and tournaments (few distinct rows:
/// read once per batch, each by its primary key).
fn load_hands(client: &SpiClient<'_>, ids: &[i64]) -> HashMap<i64, StoredHand> {
    const HANDS: &str = concat!(
        "SELECT h.id, h.siteHandNo, h.siteHandId::pg_catalog.text, \
         h.tableName::pg_catalog.text, \
         (pg_catalog.extract('epoch', h.handStart) OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8, \
         h.seats, h.maxSeats, h.buttonSeat, h.totalPot, h.rake, \
         h.siteId::pg_catalog.int8, h.gametypeId::pg_catalog.int8, h.tourneyId::pg_catalog.int8 ",
        by_runs!("fpdb.Hands", "id"),
        " h"
    );
    const SITES: &str = "SELECT id::pg_catalog.int8, name::pg_catalog.text FROM fpdb.Sites \
         WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int2[])";
    const GAMETYPES: &str = "SELECT id::pg_catalog.int8, type::pg_catalog.text, \
         category::pg_catalog.text, limitType::pg_catalog.text, hiLo::pg_catalog.text, \
         smallBlind, bigBlind, smallBet, bigBet, ante, currency::pg_catalog.text, \
         mix::pg_catalog.text, fast \
         FROM fpdb.Gametypes WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int2[])";
    const TOURNEYS: &str = "SELECT t.id::pg_catalog.int8, t.siteTourneyNo, tt.buyin, tt.fee, \
         tt.knockout, tt.currency::pg_catalog.text, tt.rebuyOrAddon \
         FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId \
         WHERE t.id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int4[])";
    struct Row {
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
    let table = client
        .select(HANDS, None, &runs_arg(ids))
        .unwrap_or_else(|e| query_failed(e));
    let mut rows = Vec::with_capacity(ids.len());
    for row in table {
        let id: i64 = need(&row, 1);
        let micros: i64 = need(&row, 5);
        let start_time = DateTime::from_timestamp_micros(micros)
            .unwrap_or_else(|| query_failed(format!("hand {id}: start time out of range")));
        rows.push((
            id,
            Row {
                hand: StoredHand {
                    site: String::new(),
                    site_hand_no: need(&row, 2),
                    site_hand_id: need(&row, 3),
                    table_name: need(&row, 4),
                    start_time,
                    seats: need(&row, 6),
                    max_seats: need(&row, 7),
                    button_seat: get(&row, 8),
                    total_pot: need(&row, 9),
                    rake: need(&row, 10),
                    game: placeholder.clone(),
                    tourney: None,
                    players: Vec::new(),
                    actions: Vec::new(),
                    boards: Vec::new(),
                },
                site: need(&row, 11),
                gametype: need(&row, 12),
                tourney: get(&row, 13),
            },
        ));
    }
    let distinct = |f: &dyn Fn(&Row) -> Option<i64>| -> Vec<i64> {
        let mut v: Vec<i64> = rows.iter().filter_map(|(_, r)| f(r)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let site_ids = distinct(&|r| Some(r.site));
    let gametype_ids = distinct(&|r| Some(r.gametype));
    let tourney_ids = distinct(&|r| r.tourney);

    let mut sites: HashMap<i64, String> = HashMap::new();
    for row in client
        .select(SITES, None, &ids_arg(&site_ids))
        .unwrap_or_else(|e| query_failed(e))
    {
        sites.insert(need(&row, 1), need(&row, 2));
    }
    let mut games = HashMap::new();
    for row in client
        .select(GAMETYPES, None, &ids_arg(&gametype_ids))
        .unwrap_or_else(|e| query_failed(e))
    {
        let (kind, category, limit_type, hi_lo, currency, mix): (
            String,
            String,
            String,
            String,
            String,
            String,
        ) = (
            need(&row, 2),
            need(&row, 3),
            need(&row, 4),
            need(&row, 5),
            need(&row, 11),
            need(&row, 12),
        );
        let game = GametypeRow {
            kind: &kind,
            category: &category,
            limit_type: &limit_type,
            hi_lo: &hi_lo,
            small_blind: need::<i32>(&row, 6).into(),
            big_blind: need::<i32>(&row, 7).into(),
            small_bet: need::<i32>(&row, 8).into(),
            big_bet: need::<i32>(&row, 9).into(),
            ante: need::<i32>(&row, 10).into(),
            currency: &currency,
            mix: &mix,
            fast: need(&row, 13),
        }
        .game();
        games.insert(need::<i64>(&row, 1), game);
    }
    let mut tourneys = HashMap::new();
    for row in client
        .select(TOURNEYS, None, &ids_arg(&tourney_ids))
        .unwrap_or_else(|e| query_failed(e))
    {
        tourneys.insert(
            need::<i64>(&row, 1),
            StoredTourney {
                tourney_no: need(&row, 2),
                buyin: need::<i32>(&row, 3).into(),
                fee: need::<i32>(&row, 4).into(),
                knockout: need::<i32>(&row, 5).into(),
                currency: need(&row, 6),
                rebuy: need(&row, 7),
            },
        );
    }
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

/// `ARRAY[hp.a, hp.b, ...]` of the given HandsPlayers columns.
fn array_of(columns: impl Iterator<Item = String>) -> String {
    let list: Vec<String> = columns.map(|c| format!("hp.{c}")).collect();
    format!("ARRAY[{}]", list.join(", "))
}

fn load_players(
    client: &SpiClient<'_>,
    ids: &[i64],
    hands: &mut HashMap<i64, StoredHand>,
    players: &mut HashMap<i64, (i64, usize)>,
) {
    static SQL: OnceLock<String> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        let cards = array_of((1..=20).map(|i| format!("card{i}")));
        let won = array_of(
            [
                "wonWhenSeenStreet1",
                "wonWhenSeenStreet2",
                "wonWhenSeenStreet3",
                "wonWhenSeenStreet4",
                "wonAtSD",
            ]
            .iter()
            .map(|c| c.to_string()),
        );
        let counts = array_of(COUNT_COLUMNS.iter().map(|c| c.to_string()));
        format!(
            "SELECT hp.handId, hp.id, hp.playerId::pg_catalog.int8, hp.seatNo, hp.startCash, \
             hp.position::pg_catalog.text, {cards}, hp.startCards, hp.ante, hp.winnings, hp.rake, \
             hp.totalProfit, {won}, {counts}, hp.actionString {} hp \
             ORDER BY hp.handId, hp.seatNo",
            by_runs!("fpdb.HandsPlayers", "handId")
        )
    });
    let table = client
        .select(sql.as_str(), None, &runs_arg(ids))
        .unwrap_or_else(|e| query_failed(e));
    let mut player_ids = Vec::with_capacity(table.len());
    for row in table {
        let hand_id: i64 = need(&row, 1);
        let Some(h) = hands.get_mut(&hand_id) else {
            continue;
        };
        let card_list: Vec<i16> = need(&row, 7);
        let won_list: Vec<f64> = need(&row, 13);
        let count_list: Vec<i32> = need(&row, 14);
        let mut cards = [0i16; 20];
        let mut won = [0f64; 5];
        let mut counts: Counts = [0; N_COUNTS];
        if card_list.len() != 20 || won_list.len() != 5 || count_list.len() != N_COUNTS {
            query_failed("a HandsPlayers array has the wrong length");
        }
        cards.copy_from_slice(&card_list);
        won.copy_from_slice(&won_list);
        counts.copy_from_slice(&count_list);
        let position: String = need(&row, 6);
        players.insert(need(&row, 2), (hand_id, h.players.len()));
        let player_id: i64 = need(&row, 3);
        player_ids.push(player_id);
        h.players.push(StoredPlayer {
            // Players.id until the names are read below.
            name: player_id.to_string(),
            seat: need(&row, 4),
            start_cash: need::<i32>(&row, 5).into(),
            position: position.chars().next().unwrap_or('9'),
            cards,
            start_cards: get(&row, 8),
            ante: need::<i32>(&row, 9).into(),
            winnings: need::<i32>(&row, 10).into(),
            rake: need::<i32>(&row, 11).into(),
            total_profit: need::<i32>(&row, 12).into(),
            won,
            counts,
            action_string: get(&row, 15).unwrap_or_default(),
        });
    }
    // The names, each player once (a batch's hands share few players).
    const NAMES: &str = "SELECT id::pg_catalog.int8, name::pg_catalog.text FROM fpdb.Players \
         WHERE id OPERATOR(pg_catalog.=) ANY ($1::pg_catalog.int4[])";
    player_ids.sort_unstable();
    player_ids.dedup();
    let mut names: HashMap<String, String> = HashMap::with_capacity(player_ids.len());
    for row in client
        .select(NAMES, None, &ids_arg(&player_ids))
        .unwrap_or_else(|e| query_failed(e))
    {
        names.insert(need::<i64>(&row, 1).to_string(), need(&row, 2));
    }
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
    let table = client
        .select(SQL, None, &runs_arg(&hp_ids))
        .unwrap_or_else(|e| query_failed(e));
    for row in table {
        let hp: i64 = need(&row, 1);
        let Some(&(hand_id, player)) = players.get(&hp) else {
            continue;
        };
        let Some(h) = hands.get_mut(&hand_id) else {
            continue;
        };
        let text: String = need(&row, 4);
        let action = action_name(&text).unwrap_or_else(|| {
            export_error(
                hand_id,
                &ExportError::Inconsistent(format!("HandsActions.action '{text}'")),
            )
        });
        h.actions.push(ActionRow {
            player,
            street: need(&row, 2),
            action_no: need(&row, 3),
            action,
            all_in: need(&row, 5),
            amount: need::<i32>(&row, 6).into(),
        });
    }
    // Betting streets in order, then the showdown rows (street −1).
    for h in hands.values_mut() {
        h.actions
            .sort_by_key(|a| (a.street < 0, a.street, a.action_no));
    }
}

fn load_boards(client: &SpiClient<'_>, ids: &[i64], hands: &mut HashMap<i64, StoredHand>) {
    // By runs of hand ids (see load_actions).
    const SQL: &str = concat!(
        "SELECT b.handId, b.boardNo, \
         ARRAY[b.card1Value, b.card2Value, b.card3Value, b.card4Value, b.card5Value], \
         (b.card1Suit OPERATOR(pg_catalog.||) b.card2Suit OPERATOR(pg_catalog.||) b.card3Suit \
          OPERATOR(pg_catalog.||) b.card4Suit OPERATOR(pg_catalog.||) b.card5Suit)::pg_catalog.text ",
        by_runs!("fpdb.BoardCards", "handId"),
        " b ORDER BY b.handId, b.boardNo"
    );
    let table = client
        .select(SQL, None, &runs_arg(ids))
        .unwrap_or_else(|e| query_failed(e));
    for row in table {
        let hand_id: i64 = need(&row, 1);
        let Some(h) = hands.get_mut(&hand_id) else {
            continue;
        };
        let value_list: Vec<i16> = need(&row, 3);
        let suit_text: String = need(&row, 4);
        let mut values = [0i16; 5];
        let mut suits = ['x'; 5];
        for (v, x) in values.iter_mut().zip(&value_list) {
            *v = *x;
        }
        for (s, c) in suits.iter_mut().zip(suit_text.chars()) {
            *s = c;
        }
        h.boards.push(BoardRow {
            board_no: need(&row, 2),
            values,
            suits,
        });
    }
}

// Each batch's queries are cheap index probes that the planner may cost high enough to compile
// with JIT, which takes longer than running them.
extension_sql!(
    "ALTER FUNCTION fpdb.export_hand(bigint, text) SET jit = off;\n\
     ALTER FUNCTION fpdb.export_hands(bigint[], text) SET jit = off;\n",
    name = "export_settings",
    requires = [export_hand, export_hands]
);

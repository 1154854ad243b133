//! `fpdb.export_hand` and `fpdb.export_hands`: stored hands written as hand-history text.
//!
//! The hands are read from the tables (Hands, Sites, Gametypes, Tourneys, TourneyTypes,
//! HandsPlayers, Players, HandsActions, BoardCards) with four set-based queries per batch of
//! [`BATCH`] hands, turned into [`StoredHand`]s and written by `fpdb_core::export`. The functions
//! are SECURITY INVOKER: they read only what the caller may read.

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

/// The format of a name, or an error (22023 unknown, 0A000 not available yet).
fn format_of(name: &str) -> Format {
    Format::from_name(name).unwrap_or_else(|e| raise(e.sqlstate(), e.to_string()))
}

fn export_error(id: i64, e: &ExportError) -> ! {
    raise(e.sqlstate(), format!("fpdb.export: hand {id}: {e}"))
}

/// One stored hand as hand-history text (`format`: 'pokerstars'). A hand id that does not exist
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
                let Some(h) = hands.get(&id) else {
                    missing(id)
                };
                let text = export::export(h, self.format).unwrap_or_else(|e| export_error(id, &e));
                self.out.push_back(text);
            }
        }
        self.out.pop_front()
    }
}

fn query_failed(e: impl std::fmt::Display) -> ! {
    raise("XX000", format!("fpdb.export: reading the stored hands failed: {e}"))
}

/// The stored hands of `ids` (those that exist), by id.
fn load(ids: &[i64]) -> HashMap<i64, StoredHand> {
    let mut uniq: Vec<i64> = ids.to_vec();
    uniq.sort_unstable();
    uniq.dedup();
    Spi::connect(|client| {
        let mut hands = load_hands(&client, &uniq);
        // HandsPlayers.id → (hand id, player index).
        let mut players: HashMap<i64, (i64, usize)> = HashMap::with_capacity(hands.len() * 6);
        load_players(&client, &uniq, &mut hands, &mut players);
        load_actions(&client, &uniq, &mut hands, &players);
        load_boards(&client, &uniq, &mut hands);
        hands
    })
}

fn ids_arg(ids: &[i64]) -> [pgrx::datum::DatumWithOid<'static>; 1] {
    [ids.to_vec().into()]
}

fn get<T: FromDatum + IntoDatum>(row: &pgrx::spi::SpiHeapTupleData<'_>, n: usize) -> Option<T> {
    row.get::<T>(n).unwrap_or_else(|e| query_failed(e))
}

fn need<T: FromDatum + IntoDatum>(row: &pgrx::spi::SpiHeapTupleData<'_>, n: usize) -> T {
    get(row, n).unwrap_or_else(|| query_failed(format!("column {n} is NULL")))
}

fn load_hands(client: &SpiClient<'_>, ids: &[i64]) -> HashMap<i64, StoredHand> {
    const SQL: &str = "SELECT h.id, s.name::pg_catalog.text, h.siteHandNo, h.siteHandId::pg_catalog.text, \
         h.tableName::pg_catalog.text, \
         (pg_catalog.extract('epoch', h.handStart) OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8, \
         h.seats, h.maxSeats, h.buttonSeat, h.totalPot, h.rake, \
         g.type::pg_catalog.text, g.category::pg_catalog.text, g.limitType::pg_catalog.text, \
         g.hiLo::pg_catalog.text, g.smallBlind, g.bigBlind, g.smallBet, g.bigBet, g.ante, \
         g.currency::pg_catalog.text, g.mix::pg_catalog.text, g.fast, \
         t.siteTourneyNo, tt.buyin, tt.fee, tt.knockout, tt.currency::pg_catalog.text, tt.rebuyOrAddon \
         FROM fpdb.Hands h \
         JOIN fpdb.Sites s ON s.id OPERATOR(pg_catalog.=) h.siteId \
         JOIN fpdb.Gametypes g ON g.id OPERATOR(pg_catalog.=) h.gametypeId \
         LEFT JOIN fpdb.Tourneys t ON t.id OPERATOR(pg_catalog.=) h.tourneyId \
         LEFT JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId \
         WHERE h.id OPERATOR(pg_catalog.=) ANY ($1)";
    let table = client
        .select(SQL, None, &ids_arg(ids))
        .unwrap_or_else(|e| query_failed(e));
    let mut out = HashMap::with_capacity(ids.len());
    for row in table {
        let id: i64 = need(&row, 1);
        let micros: i64 = need(&row, 6);
        let start_time = DateTime::from_timestamp_micros(micros)
            .unwrap_or_else(|| query_failed(format!("hand {id}: start time out of range")));
        let (kind, category, limit_type, hi_lo, currency, mix): (
            String,
            String,
            String,
            String,
            String,
            String,
        ) = (
            need(&row, 12),
            need(&row, 13),
            need(&row, 14),
            need(&row, 15),
            need(&row, 21),
            need(&row, 22),
        );
        let game = GametypeRow {
            kind: &kind,
            category: &category,
            limit_type: &limit_type,
            hi_lo: &hi_lo,
            small_blind: need::<i32>(&row, 16).into(),
            big_blind: need::<i32>(&row, 17).into(),
            small_bet: need::<i32>(&row, 18).into(),
            big_bet: need::<i32>(&row, 19).into(),
            ante: need::<i32>(&row, 20).into(),
            currency: &currency,
            mix: &mix,
            fast: need(&row, 23),
        }
        .game()
        .unwrap_or_else(|e| export_error(id, &e));
        let tourney = get::<i64>(&row, 24).map(|tourney_no| StoredTourney {
            tourney_no,
            buyin: need::<i32>(&row, 25).into(),
            fee: need::<i32>(&row, 26).into(),
            knockout: need::<i32>(&row, 27).into(),
            currency: need(&row, 28),
            rebuy: need(&row, 29),
        });
        out.insert(
            id,
            StoredHand {
                site: need(&row, 2),
                site_hand_no: need(&row, 3),
                site_hand_id: need(&row, 4),
                table_name: need(&row, 5),
                start_time,
                seats: need(&row, 7),
                max_seats: need(&row, 8),
                button_seat: get(&row, 9),
                total_pot: need(&row, 10),
                rake: need(&row, 11),
                game,
                tourney,
                players: Vec::new(),
                actions: Vec::new(),
                boards: Vec::new(),
            },
        );
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
            "SELECT hp.handId, hp.id, p.name::pg_catalog.text, hp.seatNo, hp.startCash, \
             hp.position::pg_catalog.text, {cards}, hp.startCards, hp.ante, hp.winnings, hp.rake, \
             hp.totalProfit, {won}, {counts}, hp.actionString \
             FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id OPERATOR(pg_catalog.=) hp.playerId \
             WHERE hp.handId OPERATOR(pg_catalog.=) ANY ($1) ORDER BY hp.handId, hp.seatNo"
        )
    });
    let table = client
        .select(sql.as_str(), None, &ids_arg(ids))
        .unwrap_or_else(|e| query_failed(e));
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
        h.players.push(StoredPlayer {
            name: need(&row, 3),
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
}

fn load_actions(
    client: &SpiClient<'_>,
    ids: &[i64],
    hands: &mut HashMap<i64, StoredHand>,
    players: &HashMap<i64, (i64, usize)>,
) {
    // Betting streets in order, then the showdown rows (street −1).
    const SQL: &str = "SELECT ha.handPlayerId, ha.street, ha.actionNo, ha.action::pg_catalog.text, \
         ha.allIn, ha.amount \
         FROM fpdb.HandsPlayers hp \
         JOIN fpdb.HandsActions ha ON ha.handPlayerId OPERATOR(pg_catalog.=) hp.id \
         WHERE hp.handId OPERATOR(pg_catalog.=) ANY ($1) \
         ORDER BY hp.handId, ha.street OPERATOR(pg_catalog.<) 0, ha.street, ha.actionNo";
    let table = client
        .select(SQL, None, &ids_arg(ids))
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
}

fn load_boards(client: &SpiClient<'_>, ids: &[i64], hands: &mut HashMap<i64, StoredHand>) {
    const SQL: &str = "SELECT handId, boardNo, \
         ARRAY[card1Value, card2Value, card3Value, card4Value, card5Value], \
         (card1Suit OPERATOR(pg_catalog.||) card2Suit OPERATOR(pg_catalog.||) card3Suit \
          OPERATOR(pg_catalog.||) card4Suit OPERATOR(pg_catalog.||) card5Suit)::pg_catalog.text \
         FROM fpdb.BoardCards WHERE handId OPERATOR(pg_catalog.=) ANY ($1) ORDER BY handId, boardNo";
    let table = client
        .select(SQL, None, &ids_arg(ids))
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

//! `fpdb.raw_hand`: the text an imported hand was read from, kept in `fpdb.RawHands` when
//! `fpdb.keep_raw` is on (the default). SECURITY INVOKER: the caller reads only what it may.

use pgrx::prelude::*;

use crate::errors::{raise, raise_with_hint};

/// The text of a stored hand exactly as the import read it: its lines as the room wrote them
/// (UTF-8, after the import's decoding and line-end normalisation), an iPoker hand with its
/// session header in front. NULL for a hand stored without its text (imported with
/// `fpdb.keep_raw` off, or before fpdb 0.2.0). A hand id that does not exist is an error
/// (P0002); a kept text that does not unpack is one too (XX001).
#[pg_extern(stable, strict, parallel_restricted)]
#[search_path(pg_catalog, pg_temp)]
fn raw_hand(hand_id: i64) -> Option<String> {
    let row = Spi::connect(|client| {
        let rows = client.select(
            "SELECT r.text, h.id IS NOT NULL FROM (SELECT $1::pg_catalog.int8 AS id) AS k \
             LEFT JOIN fpdb.hands h ON h.id OPERATOR(pg_catalog.=) k.id \
             LEFT JOIN fpdb.rawhands r ON r.handid OPERATOR(pg_catalog.=) k.id",
            None,
            &[hand_id.into()],
        )?;
        let row = rows.first();
        Ok::<_, pgrx::spi::Error>((row.get::<Vec<u8>>(1)?, row.get::<bool>(2)?))
    })
    .unwrap_or_else(|e| raise("XX000", format!("fpdb.raw_hand: {e}")));
    match row {
        (Some(data), _) => Some(
            fpdb_core::raw::unpack(&data)
                .unwrap_or_else(|e| raise("XX001", format!("fpdb.raw_hand: hand {hand_id}: {e}"))),
        ),
        (None, Some(true)) => None,
        _ => raise_with_hint(
            "P0002",
            format!("fpdb.raw_hand: there is no hand with id {hand_id}"),
            "hand ids are fpdb.Hands.id (not the room's hand number, Hands.siteHandNo)",
        ),
    }
}

//! The dimension rows an import needs (Sites, Gametypes, TourneyTypes, Tourneys, Players,
//! TourneysPlayers): collected in the first pass, found or created in the second, each kind in
//! one sorted statement so that concurrent imports take their locks in the same order. The order
//! is that of the rows' database keys: by the Sites row's id, not by an import's own index of its
//! sites (which follows the order the text names them), then by the rest of the natural key (the
//! stable sorts below keep the sets' order within a site).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use fpdb_core::model::{Game, Hand};
use fpdb_core::stats::HandRows;
use pgrx::datum::DatumWithOid;
use pgrx::prelude::*;
use pgrx::spi::SpiClient;

use crate::errors::raise;

/// Rows per statement when creating players.
const PLAYER_CHUNK: usize = 5000;

/// The natural key of a Gametypes row.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct GameKey {
    kind: &'static str,
    base: &'static str,
    category: &'static str,
    limit: &'static str,
    hilo: &'static str,
    small_blind: i32,
    big_blind: i32,
    small_bet: i32,
    big_bet: i32,
    currency: String,
    ante: i32,
    mix: String,
    fast: bool,
}

impl GameKey {
    /// The key of a game whose amounts were checked to fit an int.
    pub(crate) fn of(g: &Game) -> GameKey {
        GameKey {
            kind: g.kind.as_str(),
            base: g.base.as_str(),
            category: g.category.as_str(),
            limit: g.limit_type.as_str(),
            hilo: g.hi_lo.as_str(),
            small_blind: g.small_blind as i32,
            big_blind: g.big_blind as i32,
            small_bet: g.small_bet as i32,
            big_bet: g.big_bet as i32,
            currency: g.currency.clone(),
            ante: g.ante as i32,
            mix: g.mix.clone().unwrap_or_else(|| "none".to_string()),
            fast: g.fast,
        }
    }
}

/// The natural key of a TourneyTypes row.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct TourneyTypeKey {
    currency: String,
    buyin: i32,
    fee: i32,
    knockout: i32,
}

impl TourneyTypeKey {
    pub(crate) fn of(hand: &Hand) -> Option<TourneyTypeKey> {
        let t = hand.tournament.as_ref()?;
        Some(TourneyTypeKey {
            currency: t.currency.clone(),
            buyin: t.buyin as i32,
            fee: t.fee as i32,
            knockout: t.bounty as i32,
        })
    }
}

/// A tournament: its site, type and the site's tournament number.
pub(crate) type TourneyKey = (u16, TourneyTypeKey, i64);

/// Finishing place and prize of a player, when a hand printed them.
#[derive(Clone, Copy, Default)]
struct Finish {
    rank: Option<i32>,
    winnings: Option<i32>,
}

/// Everything the hands of one import need, gathered in the first pass.
#[derive(Default)]
pub(crate) struct Dimensions {
    sites: Vec<String>,
    games: BTreeSet<(u16, GameKey)>,
    /// Tournament → earliest hand start (epoch seconds).
    tourneys: BTreeMap<TourneyKey, i64>,
    players: BTreeSet<(u16, String)>,
    tourneys_players: BTreeMap<(TourneyKey, String), Finish>,
}

/// Database ids of the dimension rows.
#[derive(Default)]
pub(crate) struct Ids {
    pub sites: Vec<i16>,
    pub games: HashMap<(u16, GameKey), i16>,
    /// Tournament id → its TourneyTypes id (summaries may have refined the hands' type).
    pub tourney_types: HashMap<i32, i32>,
    pub tourneys: HashMap<TourneyKey, i32>,
    pub players: HashMap<(u16, String), i32>,
    pub tourneys_players: HashMap<(i32, i32), i64>,
}

impl Ids {
    /// Takes a KEY SHARE lock on every row the new hands will reference, as the foreign-key
    /// checks of an INSERT would (the direct writes skip those checks): until this transaction
    /// ends, nobody can delete these rows or change their keys.
    /// With `with_hands`, also the Sites and Tourneys rows, which only Hands rows reference.
    pub(crate) fn lock_referenced(&self, with_hands: bool) {
        fn ids<T: Copy + Ord>(m: impl Iterator<Item = T>) -> Vec<T> {
            let mut v: Vec<T> = m.collect();
            v.sort_unstable();
            v.dedup();
            v
        }
        let players: Vec<i32> = ids(self.players.values().copied());
        let games: Vec<i16> = ids(self.games.values().copied());
        let types: Vec<i32> = ids(self.tourney_types.values().copied());
        let tps: Vec<i64> = ids(self.tourneys_players.values().copied());
        let sites: Vec<i16> = ids(self.sites.iter().copied());
        let tourneys: Vec<i32> = ids(self.tourneys.values().copied());
        Spi::connect_mut(|client| {
            for (sql, arg, needed) in [
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.Sites WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", DatumWithOid::from(sites), with_hands),
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.Gametypes WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", games.into(), true),
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.TourneyTypes WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", types.into(), true),
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.Players WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", players.into(), true),
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.Tourneys WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", tourneys.into(), with_hands),
                ("SELECT pg_catalog.count(*) FROM (SELECT 1 FROM fpdb.TourneysPlayers WHERE id OPERATOR(pg_catalog.=) ANY($1) ORDER BY id FOR KEY SHARE) s", tps.into(), true),
            ] {
                if needed {
                    run(client, sql, &[arg]);
                }
            }
        });
    }

    pub(crate) fn site(&self, site: u16) -> i16 {
        self.sites[site as usize]
    }
}

/// The usual currency of a room (Sites.currency).
fn site_currency(site: &str) -> &'static str {
    match site {
        "Winamax" | "Unibet" | "Betfair" | "Everest" | "Microgaming" | "Entraction" => "EUR",
        "iPoker" => "EUR",
        // Boss Media: most tables in EUR (also USD, SEK, CAD).
        "Boss" => "EUR",
        // PokerTracker's exports of Merge's tables (USD, like its own client).
        "Merge" => "USD",
        // Sites.currency is char(3): the tables' mBTC (Gametypes.currency) is bitcoin.
        "SealsWithClubs" => "BTC",
        _ => "USD",
    }
}

impl Dimensions {
    /// Index of a site name, interned for the whole import.
    pub(crate) fn site_index(&mut self, name: &str) -> u16 {
        if let Some(i) = self.sites.iter().position(|s| s == name) {
            return i as u16;
        }
        self.sites.push(name.to_string());
        (self.sites.len() - 1) as u16
    }

    /// Each site's place in the order of the sites' names (by site index): an order of the
    /// hands that every session shares, unlike the order in which a text names its sites.
    pub(crate) fn site_order(&self) -> Vec<u16> {
        let mut by_name: Vec<usize> = (0..self.sites.len()).collect();
        by_name.sort_by_key(|&i| &self.sites[i]);
        let mut order = vec![0u16; self.sites.len()];
        for (place, i) in by_name.into_iter().enumerate() {
            order[i] = place as u16;
        }
        order
    }

    /// Adds what `other` (the rows of hands noted after this one's) needs, as noting `other`'s
    /// hands here one by one would, but each distinct row once. Returns this import's index of
    /// each of `other`'s sites (an index only names a site: no order of rows or locks follows
    /// it).
    pub(crate) fn merge(&mut self, other: Dimensions) -> Vec<u16> {
        let sites: Vec<u16> = other.sites.iter().map(|n| self.site_index(n)).collect();
        let site = |s: u16| sites[usize::from(s)];
        for (s, game) in other.games {
            self.games.insert((site(s), game));
        }
        for ((s, tt, no), start) in other.tourneys {
            self.tourneys
                .entry((site(s), tt, no))
                .and_modify(|e| *e = (*e).min(start))
                .or_insert(start);
        }
        for (s, name) in other.players {
            self.players.insert((site(s), name));
        }
        for (((s, tt, no), name), finish) in other.tourneys_players {
            let e = self
                .tourneys_players
                .entry(((site(s), tt, no), name))
                .or_default();
            // A later hand's place replaces an earlier one's, its prize when it printed one.
            if finish.rank.is_some() {
                e.rank = finish.rank;
            }
            if finish.winnings.is_some() {
                e.winnings = finish.winnings;
            }
        }
        sites
    }

    /// Records a player another import (a tournament summary) needs.
    pub(crate) fn note_player(&mut self, site: u16, name: &str) {
        self.players.insert((site, name.to_string()));
    }

    /// Records what `hand` needs; returns its site index.
    pub(crate) fn note_hand(&mut self, hand: &Hand, rows: &HandRows) -> u16 {
        let site = self.site_index(&hand.site);
        self.games.insert((site, GameKey::of(&hand.game)));
        for r in &rows.players {
            self.players
                .insert((site, hand.players[r.player].name.clone()));
        }
        if let (Some(t), Some(tt)) = (&hand.tournament, TourneyTypeKey::of(hand)) {
            let key: TourneyKey = (site, tt, t.tourney_no);
            let start = hand.start_time.timestamp();
            self.tourneys
                .entry(key.clone())
                .and_modify(|s| *s = (*s).min(start))
                .or_insert(start);
            for r in &rows.players {
                let name = hand.players[r.player].name.clone();
                self.tourneys_players
                    .entry((key.clone(), name))
                    .or_default();
            }
            for f in &t.results {
                if let Some(p) = hand.players.get(f.player) {
                    let e = self
                        .tourneys_players
                        .entry((key.clone(), p.name.clone()))
                        .or_default();
                    e.rank = Some(f.place as i32);
                    if let Some(prize) = f.prize {
                        e.winnings = Some(prize.clamp(0, i32::MAX as i64) as i32);
                    }
                }
            }
        }
        site
    }

    /// Finds or creates every dimension row, kind by kind in a fixed order, and returns the ids.
    pub(crate) fn write(&self) -> Ids {
        let mut ids = Ids::default();
        Spi::connect_mut(|client| {
            ids.sites = self.write_sites(client);
            ids.games = self.write_games(client, &ids.sites);
            (ids.tourneys, ids.tourney_types) = self.write_tourneys(client, &ids.sites);
            ids.players = self.write_players(client, &ids.sites);
            ids.tourneys_players = self.write_tourneys_players(client, &ids);
        });
        ids
    }

    fn write_sites(&self, client: &mut SpiClient<'_>) -> Vec<i16> {
        let mut order: Vec<usize> = (0..self.sites.len()).collect();
        order.sort_by_key(|&i| &self.sites[i]);
        let names: Vec<String> = order.iter().map(|&i| self.sites[i].clone()).collect();
        let currencies: Vec<String> = order
            .iter()
            .map(|&i| site_currency(&self.sites[i]).to_string())
            .collect();
        run(
            client,
            "INSERT INTO fpdb.Sites (name, currency) SELECT n, c \
             FROM ROWS FROM (pg_catalog.unnest($1::pg_catalog.text[]), pg_catalog.unnest($2::pg_catalog.text[])) AS u(n, c) \
             ON CONFLICT (name) DO NOTHING",
            &[names.clone().into(), currencies.into()],
        );
        let found = select_pairs::<String, i16>(
            client,
            "SELECT name::pg_catalog.text, id FROM fpdb.Sites WHERE name OPERATOR(pg_catalog.=) ANY($1::pg_catalog.text[])",
            &[names.into()],
        );
        self.sites
            .iter()
            .map(|s| {
                found
                    .iter()
                    .find(|(n, _)| n == s)
                    .map(|(_, id)| *id)
                    .unwrap_or_else(|| raise("XX000", format!("site {s} was not created")))
            })
            .collect()
    }

    fn write_games(
        &self,
        client: &mut SpiClient<'_>,
        sites: &[i16],
    ) -> HashMap<(u16, GameKey), i16> {
        let mut keys: Vec<&(u16, GameKey)> = self.games.iter().collect();
        keys.sort_by_key(|(s, _)| sites[usize::from(*s)]);
        if keys.is_empty() {
            return HashMap::new();
        }
        let col = |f: &dyn Fn(&GameKey) -> String| -> Vec<String> {
            keys.iter().map(|(_, k)| f(k)).collect()
        };
        let int =
            |f: &dyn Fn(&GameKey) -> i32| -> Vec<i32> { keys.iter().map(|(_, k)| f(k)).collect() };
        let site_ids: Vec<i16> = keys.iter().map(|(s, _)| sites[*s as usize]).collect();
        let args: Vec<DatumWithOid> = vec![
            site_ids.into(),
            col(&|k| k.kind.to_string()).into(),
            col(&|k| k.base.to_string()).into(),
            col(&|k| k.category.to_string()).into(),
            col(&|k| k.limit.to_string()).into(),
            col(&|k| k.hilo.to_string()).into(),
            int(&|k| k.small_blind).into(),
            int(&|k| k.big_blind).into(),
            int(&|k| k.small_bet).into(),
            int(&|k| k.big_bet).into(),
            col(&|k| k.currency.clone()).into(),
            int(&|k| k.ante).into(),
            col(&|k| k.mix.clone()).into(),
            keys.iter()
                .map(|(_, k)| k.fast)
                .collect::<Vec<bool>>()
                .into(),
        ];
        const KEY: &str = "u(siteId, type, base, category, limitType, hiLo, smallBlind, bigBlind, smallBet, bigBet, currency, ante, mix, fast, ord)";
        const UNNEST: &str = "ROWS FROM (pg_catalog.unnest($1::pg_catalog.int2[]), \
             pg_catalog.unnest($2::pg_catalog.text[]), pg_catalog.unnest($3::pg_catalog.text[]), \
             pg_catalog.unnest($4::pg_catalog.text[]), pg_catalog.unnest($5::pg_catalog.text[]), \
             pg_catalog.unnest($6::pg_catalog.text[]), pg_catalog.unnest($7::pg_catalog.int4[]), \
             pg_catalog.unnest($8::pg_catalog.int4[]), pg_catalog.unnest($9::pg_catalog.int4[]), \
             pg_catalog.unnest($10::pg_catalog.int4[]), pg_catalog.unnest($11::pg_catalog.text[]), \
             pg_catalog.unnest($12::pg_catalog.int4[]), pg_catalog.unnest($13::pg_catalog.text[]), \
             pg_catalog.unnest($14::pg_catalog.bool[])) WITH ORDINALITY";
        run(
            client,
            &format!(
                "INSERT INTO fpdb.Gametypes (siteId, type, base, category, limitType, hiLo, smallBlind, bigBlind, \
                 smallBet, bigBet, currency, ante, mix, fast) \
                 SELECT siteId, type, base, category, limitType, hiLo, smallBlind, bigBlind, smallBet, bigBet, \
                 currency, ante, mix, fast FROM {UNNEST} AS {KEY} ORDER BY ord \
                 ON CONFLICT ON CONSTRAINT gametypes_natural_key DO NOTHING"
            ),
            &args,
        );
        let found = select_pairs::<i64, i16>(
            client,
            &format!(
                "SELECT u.ord, g.id FROM {UNNEST} AS {KEY} JOIN fpdb.Gametypes g \
                 ON g.siteId OPERATOR(pg_catalog.=) u.siteId \
                 AND g.type OPERATOR(pg_catalog.=) u.type::pg_catalog.bpchar \
                 AND g.base OPERATOR(pg_catalog.=) u.base::pg_catalog.bpchar \
                 AND g.category OPERATOR(pg_catalog.=) u.category \
                 AND g.limitType OPERATOR(pg_catalog.=) u.limitType::pg_catalog.bpchar \
                 AND g.hiLo OPERATOR(pg_catalog.=) u.hiLo::pg_catalog.bpchar \
                 AND g.smallBlind OPERATOR(pg_catalog.=) u.smallBlind \
                 AND g.bigBlind OPERATOR(pg_catalog.=) u.bigBlind \
                 AND g.smallBet OPERATOR(pg_catalog.=) u.smallBet \
                 AND g.bigBet OPERATOR(pg_catalog.=) u.bigBet \
                 AND g.currency OPERATOR(pg_catalog.=) u.currency \
                 AND g.ante OPERATOR(pg_catalog.=) u.ante AND g.mix OPERATOR(pg_catalog.=) u.mix \
                 AND g.fast OPERATOR(pg_catalog.=) u.fast"
            ),
            &args,
        );
        by_ordinal(&keys, found, "game type")
    }

    /// Finds or creates the tournaments by (site, number) (`fpdb._tourneys_for_hands`, see
    /// sql/tourney.sql): a tournament a summary created keeps its type, completed with what the
    /// hands know. Returns tournament ids and each tournament's type id.
    fn write_tourneys(
        &self,
        client: &mut SpiClient<'_>,
        sites: &[i16],
    ) -> (HashMap<TourneyKey, i32>, HashMap<i32, i32>) {
        let mut keys: Vec<(&TourneyKey, &i64)> = self.tourneys.iter().collect();
        keys.sort_by_key(|((s, _, _), _)| sites[usize::from(*s)]);
        if keys.is_empty() {
            return (HashMap::new(), HashMap::new());
        }
        let col = |f: &dyn Fn(&TourneyKey) -> i32| -> Vec<i32> {
            keys.iter().map(|(k, _)| f(k)).collect()
        };
        let args: Vec<DatumWithOid> = vec![
            keys.iter()
                .map(|((s, _, _), _)| sites[*s as usize])
                .collect::<Vec<i16>>()
                .into(),
            keys.iter()
                .map(|((_, _, no), _)| *no)
                .collect::<Vec<i64>>()
                .into(),
            keys.iter()
                .map(|((_, k, _), _)| k.currency.clone())
                .collect::<Vec<String>>()
                .into(),
            col(&|(_, k, _)| k.buyin).into(),
            col(&|(_, k, _)| k.fee).into(),
            col(&|(_, k, _)| k.knockout).into(),
            keys.iter()
                .map(|(_, start)| **start)
                .collect::<Vec<i64>>()
                .into(),
        ];
        let table = client
            .update(
                "SELECT ord, tourney_id, type_id FROM fpdb._tourneys_for_hands($1, $2, $3, $4, $5, $6, $7)",
                None,
                &args,
            )
            .unwrap_or_else(|e| raise("XX000", format!("fpdb import query failed: {e}")));
        let mut tourneys = HashMap::with_capacity(keys.len());
        let mut types = HashMap::with_capacity(keys.len());
        for row in table {
            let ord = row.get::<i64>(1).ok().flatten();
            let t = row.get::<i32>(2).ok().flatten();
            let tt = row.get::<i32>(3).ok().flatten();
            if let (Some(ord), Some(t), Some(tt)) = (ord, t, tt) {
                if let Some((k, _)) = keys.get((ord - 1) as usize) {
                    tourneys.insert((*k).clone(), t);
                    types.insert(t, tt);
                }
            }
        }
        if tourneys.len() != keys.len() {
            raise(
                "XX000",
                "fpdb import: tournament rows were not found after creating them",
            );
        }
        (tourneys, types)
    }

    fn write_players(
        &self,
        client: &mut SpiClient<'_>,
        sites: &[i16],
    ) -> HashMap<(u16, String), i32> {
        let mut ids = HashMap::with_capacity(self.players.len());
        let mut all: Vec<&(u16, String)> = self.players.iter().collect();
        all.sort_by_key(|(s, _)| sites[usize::from(*s)]);
        for keys in all.chunks(PLAYER_CHUNK) {
            let args: Vec<DatumWithOid> = vec![
                keys.iter()
                    .map(|(s, _)| sites[*s as usize])
                    .collect::<Vec<i16>>()
                    .into(),
                keys.iter()
                    .map(|(_, n)| n.clone())
                    .collect::<Vec<String>>()
                    .into(),
            ];
            const SRC: &str = "ROWS FROM (pg_catalog.unnest($1::pg_catalog.int2[]), \
                 pg_catalog.unnest($2::pg_catalog.text[])) WITH ORDINALITY AS u(siteId, name, ord)";
            run(
                client,
                &format!(
                    "INSERT INTO fpdb.Players (siteId, name) SELECT siteId, name FROM {SRC} ORDER BY ord \
                     ON CONFLICT (siteId, name) DO NOTHING"
                ),
                &args,
            );
            let found = select_pairs::<i64, i32>(
                client,
                &format!(
                    "SELECT u.ord, p.id FROM {SRC} JOIN fpdb.Players p \
                     ON p.siteId OPERATOR(pg_catalog.=) u.siteId AND p.name OPERATOR(pg_catalog.=) u.name"
                ),
                &args,
            );
            ids.extend(by_ordinal(keys, found, "player"));
        }
        ids
    }

    fn write_tourneys_players(
        &self,
        client: &mut SpiClient<'_>,
        ids: &Ids,
    ) -> HashMap<(i32, i32), i64> {
        if self.tourneys_players.is_empty() {
            return HashMap::new();
        }
        // Sorted by (tourney id, player id): the lock order of every session.
        let mut rows: Vec<(i32, i32, Finish)> = self
            .tourneys_players
            .iter()
            .map(|((tk, name), r)| (ids.tourneys[tk], ids.players[&(tk.0, name.clone())], *r))
            .collect();
        rows.sort_by_key(|r| (r.0, r.1));
        let args: Vec<DatumWithOid> = vec![
            rows.iter().map(|r| r.0).collect::<Vec<i32>>().into(),
            rows.iter().map(|r| r.1).collect::<Vec<i32>>().into(),
            rows.iter()
                .map(|r| r.2.rank)
                .collect::<Vec<Option<i32>>>()
                .into(),
            rows.iter()
                .map(|r| r.2.winnings.unwrap_or(-1))
                .collect::<Vec<i32>>()
                .into(),
        ];
        const SRC: &str = "ROWS FROM (pg_catalog.unnest($1::pg_catalog.int4[]), \
             pg_catalog.unnest($2::pg_catalog.int4[]), pg_catalog.unnest($3::pg_catalog.int4[]), \
             pg_catalog.unnest($4::pg_catalog.int4[])) WITH ORDINALITY AS u(t, p, rank, winnings, ord)";
        run(
            client,
            &format!(
                "INSERT INTO fpdb.TourneysPlayers (tourneyId, playerId, rank, winnings) \
                 SELECT t, p, rank, winnings FROM {SRC} ORDER BY ord ON CONFLICT (tourneyId, playerId) DO NOTHING"
            ),
            &args,
        );
        // Places and prizes printed in these hands fill what rows created earlier (by other
        // hands or by a tournament summary, which knows better) left empty.
        run(
            client,
            &format!(
                "UPDATE fpdb.TourneysPlayers tp SET rank = coalesce(tp.rank, u.rank), \
                 winnings = CASE WHEN tp.winnings OPERATOR(pg_catalog.<) 0 THEN u.winnings ELSE tp.winnings END \
                 FROM {SRC} WHERE tp.tourneyId OPERATOR(pg_catalog.=) u.t \
                 AND tp.playerId OPERATOR(pg_catalog.=) u.p AND u.rank IS NOT NULL \
                 AND (tp.rank IS NULL OR (u.winnings OPERATOR(pg_catalog.>=) 0 \
                      AND tp.winnings OPERATOR(pg_catalog.<) 0))"
            ),
            &args,
        );
        let found = select_pairs::<i64, i64>(
            client,
            &format!(
                "SELECT u.ord, tp.id FROM {SRC} JOIN fpdb.TourneysPlayers tp \
                 ON tp.tourneyId OPERATOR(pg_catalog.=) u.t AND tp.playerId OPERATOR(pg_catalog.=) u.p"
            ),
            &args,
        );
        let keys: Vec<(i32, i32)> = rows.iter().map(|r| (r.0, r.1)).collect();
        let key_refs: Vec<&(i32, i32)> = keys.iter().collect();
        by_ordinal(&key_refs, found, "tournament player")
    }
}

/// Runs a statement, raising any SPI error as a PostgreSQL error.
pub(crate) fn run(client: &mut SpiClient<'_>, sql: &str, args: &[DatumWithOid]) {
    if let Err(e) = client.update(sql, None, args) {
        raise("XX000", format!("fpdb import statement failed: {e}"));
    }
}

/// Runs a query returning two non-null columns.
pub(crate) fn select_pairs<A, B>(
    client: &mut SpiClient<'_>,
    sql: &str,
    args: &[DatumWithOid],
) -> Vec<(A, B)>
where
    A: FromDatum + IntoDatum,
    B: FromDatum + IntoDatum,
{
    let table = client
        .update(sql, None, args)
        .unwrap_or_else(|e| raise("XX000", format!("fpdb import query failed: {e}")));
    let mut out = Vec::with_capacity(table.len());
    for row in table {
        let a = row.get::<A>(1).ok().flatten();
        let b = row.get::<B>(2).ok().flatten();
        if let (Some(a), Some(b)) = (a, b) {
            out.push((a, b));
        }
    }
    out
}

/// Maps `(1-based ordinal, id)` pairs back to the keys they were computed for.
fn by_ordinal<K: Clone + Eq + std::hash::Hash, V: Copy>(
    keys: &[&K],
    found: Vec<(i64, V)>,
    what: &str,
) -> HashMap<K, V> {
    let mut map = HashMap::with_capacity(keys.len());
    for (ord, id) in found {
        if let Some(k) = keys.get((ord - 1) as usize) {
            map.insert((*k).clone(), id);
        }
    }
    if map.len() != keys.len() {
        raise(
            "XX000",
            format!(
                "fpdb import: {} of {} {what} rows were not found after creating them",
                keys.len() - map.len(),
                keys.len()
            ),
        );
    }
    map
}

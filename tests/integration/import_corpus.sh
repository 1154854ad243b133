#!/usr/bin/env bash
# The corpus of every supported room imported twice through fpdb.import_file, the room detected
# from the text alone: each hand stored once, the second pass reports duplicates, every complete
# cash hand balances, every blind game has one big blind, and HudCache stays exact through
# deletes and updates.
source "$(dirname "$0")/_lib.sh"
it_start corpus 25342
CORPUS=$(readlink -f "$ROOT/../shared/corpus")

it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"

# Expected per room folder: hands imported | duplicates | hands failed. The core crate's corpus
# tests (crates/fpdb-core/tests/*_corpus.rs) list every failed hand and why: cancelled, cut
# short or broken by the room. Duplicates are the same hand in two files of the corpus.
declare -A EXPECTED=(
  [Stars]="973|0|6"
  [GGPoker]="129|0|0"
  [PacificPoker]="316|1|2"
  [iPoker]="462|2|0"
  [Winamax]="80|0|1"
  [PartyPoker]="90|0|4"
  [Winning]="114|26|9"
  [Bovada]="1228|0|2"
)
ROOMS=(Stars GGPoker PacificPoker iPoker Winamax PartyPoker Winning Bovada)

import_room() {
  find "$CORPUS/cash/$1" "$CORPUS/tour/$1" -type f ! -name '*.json' | sort |
    it_psql fpdb -At -v ON_ERROR_STOP=1 -c "CREATE TEMP TABLE files (path text)" -c "COPY files FROM STDIN" \
      -c "SELECT sum(i.imported) || '|' || sum(i.duplicates) || '|' || sum(i.failed)
          FROM files, LATERAL fpdb.import_file(files.path) AS i"
}

total=0
for r in "${ROOMS[@]}"; do
  got=$(import_room "$r")
  check "$r: imported|duplicates|failed" "$got" "${EXPECTED[$r]}"
  total=$((total + $(cut -d'|' -f1 <<<"$got")))
done
check "hands stored once" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "$total"
check "sites" "$(it_psql fpdb -At -c "SELECT string_agg(name, ',' ORDER BY name) FROM fpdb.Sites")" \
  "888poker,Bovada,Full Tilt Poker,GGPoker,PartyPoker,PokerBros,PokerMaster,PokerStars,Run It Once,Winamax,Winning Poker Network,iPoker"

for r in "${ROOMS[@]}"; do
  imported=$(cut -d'|' -f1 <<<"${EXPECTED[$r]}")
  dup=$(cut -d'|' -f2 <<<"${EXPECTED[$r]}")
  failed=$(cut -d'|' -f3 <<<"${EXPECTED[$r]}")
  check "$r again: everything a duplicate" "$(import_room "$r")" "0|$((imported + dup))|$failed"
done
check "still one row per hand" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "$total"

# Cash-out hands are the exception to the pot balance: the room pays the cashed-out player and
# keeps his share of the pot. parse_hands tells which hands had one.
for r in "${ROOMS[@]}"; do find "$CORPUS/cash/$r" -type f ! -name '*.json'; done | sort >"$IT_DIR.cash-files"
it_psql fpdb -q -v ON_ERROR_STOP=1 -c "CREATE TABLE cash_files (path text)" -c "\\copy cash_files FROM '$IT_DIR.cash-files'"
check "complete cash hands balance: winnings + rake = pot and profits = -rake" "$(it_psql fpdb -At -c "
  WITH cashed_out AS (
    SELECT DISTINCT (d->>'site_hand_no')::bigint AS no
    FROM cash_files, LATERAL fpdb.parse_hands(fpdb.decode_history(pg_read_binary_file(path))) AS d
    WHERE jsonb_array_length(d->'cash_outs') > 0 OR (d->>'cashed_out_pot')::bigint > 0 OR (d->>'pot_added')::bigint > 0)
  SELECT count(*) FROM (
    SELECT h.id FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
    JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
    WHERE g.type = 'ring' AND h.siteHandNo NOT IN (SELECT no FROM cashed_out)
    GROUP BY h.id, h.totalPot, h.rake
    HAVING sum(hp.winnings) + h.rake <> h.totalPot OR sum(hp.totalProfit) <> -h.rake) AS bad")" "0"
# One B whenever two blinds were posted (a tournament hand whose big blind was all-in on the
# ante has only a small blind), never two B or two S.
check "blind games: one B and at most one S per hand" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM (
    SELECT h.id FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
    JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
    WHERE g.base = 'hold' AND g.smallBlind > 0
    GROUP BY h.id
    HAVING count(*) FILTER (WHERE hp.position = 'B') > 1 OR count(*) FILTER (WHERE hp.position = 'S') > 1
        OR (count(*) FILTER (WHERE hp.position = 'B') = 0 AND (SELECT count(*) FROM fpdb.HandsActions a
            JOIN fpdb.HandsPlayers x ON x.id = a.handPlayerId WHERE x.handId = h.id AND a.action = 'blind') >= 2)) AS bad")" "0"
check "every hand has all its players" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.Hands h WHERE h.seats <> (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE hp.handId = h.id)")" "0"

check "HudCache exact after import" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
it_psql fpdb -c "DELETE FROM fpdb.Hands WHERE id % 10 = 0"
check "HudCache exact after deleting a tenth of the hands" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
it_psql fpdb -c "UPDATE fpdb.HandsPlayers SET street0Aggr = 1 - street0Aggr, position = 'E' WHERE id % 13 = 0"
check "HudCache exact after updating HandsPlayers" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
rm -f "$IT_DIR.cash-files"

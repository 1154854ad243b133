#!/usr/bin/env bash
# The whole PokerStars corpus imported twice: each hand stored once, the second pass reports
# duplicates, every complete cash hand balances, and HudCache stays exact through deletes and
# updates.
source "$(dirname "$0")/_lib.sh"
it_start corpus 54342
CORPUS=$(readlink -f "$ROOT/../shared/corpus")

it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
mapfile -t files < <(find "$CORPUS/cash/Stars" "$CORPUS/tour/Stars" -type f -name '*.txt' | sort)

import_all() {
  printf '%s\n' "${files[@]}" | it_psql fpdb -At -v ON_ERROR_STOP=1 -c "CREATE TEMP TABLE IF NOT EXISTS files (path text)" \
    -c "TRUNCATE files" -c "COPY files FROM STDIN" \
    -c "SELECT sum(i.imported), sum(i.duplicates), sum(i.failed) FROM files, LATERAL fpdb.import_file(files.path) AS i"
}
first=$(import_all)
echo "first pass (imported|duplicates|failed): $first"
imported=$(cut -d'|' -f1 <<<"$first")
[ "$imported" -gt 1000 ] || { echo "FAILED: only $imported hands imported"; exit 1; }
check "hands stored once" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "$imported"
second=$(import_all)
check "second pass: everything a duplicate" "$second" "0|$imported|$(cut -d'|' -f3 <<<"$first")"
check "still one row per hand" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "$imported"

check "complete cash hands balance (winnings + rake = pot, profit = -rake)" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM (
    SELECT h.id FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
    JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
    WHERE g.type = 'ring'
    GROUP BY h.id, h.totalPot, h.rake
    HAVING sum(hp.winnings) + h.rake <> h.totalPot OR sum(hp.totalProfit) <> -h.rake) AS bad")" "0"
check "blind games: one B and at most one S per hand" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM (
    SELECT h.id FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
    JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
    WHERE g.base = 'hold' AND g.category <> '6_holdem'
    GROUP BY h.id
    HAVING count(*) FILTER (WHERE hp.position = 'B') <> 1 OR count(*) FILTER (WHERE hp.position = 'S') > 1) AS bad")" "0"

check "HudCache exact after import" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
it_psql fpdb -c "DELETE FROM fpdb.Hands WHERE id % 10 = 0"
check "HudCache exact after deleting a tenth of the hands" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
it_psql fpdb -c "UPDATE fpdb.HandsPlayers SET street0Aggr = 1 - street0Aggr, position = 'E' WHERE id % 13 = 0"
check "HudCache exact after updating HandsPlayers" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

#!/usr/bin/env bash
# fpdb.reimport over the cash hands of every room in the corpus, and while other sessions import:
# - read again at once, no hand changes (every room's reading of its kept text is the stored one);
# - after some stored values are made wrong (what an older parser could have stored), a reimport
#   running beside two importing sessions rewrites exactly those hands, nobody fails or
#   deadlocks, and HudCache is exact and equal to that of a database that imported everything
#   once.
source "$(dirname "$0")/_lib.sh"
it_start reimport 25360
CORPUS=$(readlink -f "$ROOT/../shared/corpus")

import_all() { # import_all DB FILE...: one import_file per file, one transaction each
  local db=$1 f
  shift
  for f in "$@"; do
    printf "SELECT imported, duplicates, failed FROM fpdb.import_file('%s');\n" "${f//\'/\'\'}"
  done | it_psql "$db" -At -v ON_ERROR_STOP=1 -f -
}

mapfile -t cash < <(find "$CORPUS/cash" -type f \( -name '*.txt' -o -name '*.xml' \) | sort)
mapfile -t tour < <(find "$CORPUS/tour/Stars" -type f -name '*.txt' | sort)
half=$((${#tour[@]} / 2))
it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
import_all fpdb "${cash[@]}" >/dev/null
hands=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
sites=$(it_psql fpdb -At -c "SELECT count(DISTINCT siteId) FROM fpdb.Hands")
echo "cash hands of the corpus: $hands from $sites rooms"

check "every cash hand is read again, none changes" \
  "$(it_psql fpdb -At -c "SELECT hands || ' ' || changed FROM fpdb.reimport()" 2>&1)" "$hands 0"

# Wrong values in 60 hands of several rooms: a profit and a flag in 30 (HandsPlayers), an action
# lost in 20 (HandsActions), a rake in 10 (Hands).
it_psql fpdb -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE TABLE wrong AS SELECT id, row_number() OVER (ORDER BY md5(id::text)) AS n
FROM fpdb.Hands WHERE id IN (SELECT handId FROM fpdb.HandsActions);
DELETE FROM wrong WHERE n > 60;
UPDATE fpdb.HandsPlayers SET totalProfit = totalProfit + 1, street0VPI = 1 - street0VPI
WHERE handId IN (SELECT id FROM wrong WHERE n <= 30);
DELETE FROM fpdb.HandsActions WHERE id IN (SELECT max(a.id) FROM fpdb.HandsActions a
    JOIN wrong w ON w.id = a.handId AND w.n > 30 AND w.n <= 50 GROUP BY a.handId);
UPDATE fpdb.Hands SET rake = rake + 1 WHERE id IN (SELECT id FROM wrong WHERE n > 50);
SQL
# (HudCache follows these UPDATEs and DELETEs through its triggers, as it follows any user's.)
check "60 hands of several rooms made wrong" \
  "$(it_psql fpdb -At -c 'SELECT count(*), count(DISTINCT h.siteId) > 3 FROM wrong JOIN fpdb.Hands h USING (id)')" "60|t"

it_psql fpdb -At -c "SELECT hands || ' ' || changed FROM fpdb.reimport()" >"$IT_DIR.reimport.out" 2>&1 &
reimport_pid=$!
import_all fpdb "${tour[@]:0:half}" >"$IT_DIR.import1.out" 2>&1 &
import1_pid=$!
import_all fpdb "${tour[@]:half}" >"$IT_DIR.import2.out" 2>&1 &
import2_pid=$!
status=0
for p in $reimport_pid $import1_pid $import2_pid; do wait "$p" || status=1; done
cat "$IT_DIR.reimport.out"
check "the reimport and both imports finished without error" "$status" "0"
check "no deadlock reported" "$(cat "$IT_DIR".*.out | grep -c -i deadlock || true)" "0"
check "exactly the 60 wrong hands are rewritten" "$(tail -1 "$IT_DIR.reimport.out" | awk '{print $2}')" "60"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

it_psql postgres -c "CREATE DATABASE single"
it_psql single -c "CREATE EXTENSION fpdb"
import_all single "${cash[@]}" "${tour[@]}" >/dev/null
same() { # same SQL: the query's result in both databases
  check "$1" "$(it_psql fpdb -At -c "$2")" "$(it_psql single -At -c "$2")"
}
same "the same hands as one session importing everything" "SELECT count(*), sum(rake) FROM fpdb.Hands"
same "the same HandsPlayers values" \
  "SELECT sum(totalProfit), sum(street0VPI), sum(winnings) FROM fpdb.HandsPlayers"
same "the same actions" "SELECT count(*), sum(amount) FROM fpdb.HandsActions"
same "the same HudCache" "SELECT sum(HDs), sum(street0VPI), sum(totalProfit) FROM fpdb.HudCache"
check "read again once more, none changes" \
  "$(it_psql fpdb -At -c "SELECT changed FROM fpdb.reimport()" 2>&1)" "0"
rm -f "$IT_DIR".*.out

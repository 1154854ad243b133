#!/usr/bin/env bash
# The importing backend is killed with SIGKILL in the middle of a large import. PostgreSQL
# recovers; every committed hand is complete, no hand of the killed import is visible, and
# HudCache is exact.
source "$(dirname "$0")/_lib.sh"
it_start crash 25345
it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
DATA="$ROOT/tests/pg_regress/data"
committed=$(it_psql fpdb -At -c "SELECT imported FROM fpdb.import_file('$DATA/stars-nlhe-6max-78hands.txt')")
check "hands committed before the crash" "$committed" "78"
BIG="$IT_DIR.big.txt"
make_history "$BIG" 200000 12

log="$IT_DIR.crash.log"
(it_psql fpdb -v ON_ERROR_STOP=0 -c "SELECT imported FROM fpdb.import_file('$BIG')" >"$log" 2>&1 || true) &
bg=$!
for _ in $(seq 1 600); do
  grep -q 'hands written' "$log" 2>/dev/null && break
  sleep 0.2
done
pid=$(it_psql postgres -At -c "SELECT pid FROM pg_stat_activity WHERE query LIKE '%import_file%' AND pid <> pg_backend_pid()")
echo "killing backend $pid after: $(grep 'hands written' "$log" | tail -1)"
kill -9 "$pid"
wait "$bg" || true
# The postmaster restarts after the crash; wait until it accepts connections again.
for _ in $(seq 1 300); do
  it_psql postgres -At -c "SELECT 1" >/dev/null 2>&1 && break
  sleep 0.2
done
grep -i 'terminated by signal 9\|all server processes terminated' "$IT_DIR/server.log" | tail -2
check "only the committed hands are visible" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "78"
check "every hand has all its players" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.Hands h
  WHERE h.seats <> (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE hp.handId = h.id)")" "0"
check "no HandsPlayers, HandsActions or BoardCards row without its hand" "$(it_psql fpdb -At -c "
  SELECT (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE NOT EXISTS (SELECT 1 FROM fpdb.Hands h WHERE h.id = hp.handId))
       + (SELECT count(*) FROM fpdb.HandsActions a WHERE NOT EXISTS (SELECT 1 FROM fpdb.HandsPlayers hp WHERE hp.id = a.handPlayerId))
       + (SELECT count(*) FROM fpdb.BoardCards b WHERE NOT EXISTS (SELECT 1 FROM fpdb.Hands h WHERE h.id = b.handId))")" "0"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
check "the killed import can be run again" "$(it_psql fpdb -At -c "SELECT imported FROM fpdb.import_file('$DATA/stars-nlhe-4bet.txt')")" "1"
rm -f "$BIG" "$log"

#!/usr/bin/env bash
# Live tracking under failure: the watch worker is killed with SIGKILL in the middle of a large
# file (nothing lost, nothing stored twice once it is back), a watch is removed while its file is
# being imported (the round commits whole, nothing after it), the worker is terminated
# (pg_terminate_backend: the postmaster starts it again), and the server restarts with
# shared_preload_libraries = 'fpdb' (the launcher starts the worker again, no fpdb.watch call).
source "$(dirname "$0")/_watch_lib.sh"
it_start watchcrash 25348
it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
W=$(watch_dir crash)
BIG="$IT_DIR.big.txt"
make_history "$BIG" 40000 17
want=$(grep -c '^PokerStars Hand #\|^PokerStars Game #' "$BIG")
size=$(stat -c %s "$BIG")
echo "file of $want hands, $size bytes"
cp "$BIG" "$W/big.txt"
chmod 644 "$W/big.txt"
it_psql fpdb -At -c "SELECT fpdb.watch('$W')" >/dev/null

# Kill the worker once a round has committed and the next one is under way.
wait_for "a first round committed" \
  "SELECT bytes_imported > 0 AND bytes_imported < size FROM fpdb.watch_status WHERE path = '$W/big.txt'" "t" 300
pid=$(it_psql fpdb -At -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'fpdb watch' AND datname = 'fpdb'")
echo "killing the worker $pid at $(it_psql fpdb -At -c "SELECT bytes_imported FROM fpdb.watch_status WHERE path = '$W/big.txt'") bytes"
kill -9 "$pid"
# The postmaster restarts every process, then the worker (it is registered with a restart time).
sleep 2
wait_for "the server accepts connections again" "SELECT 1" "1" 120
wait_for "the worker is back and has imported the whole file" \
  "SELECT bytes_imported FROM fpdb.watch_status WHERE path = '$W/big.txt'" "$size" 600
check "every hand once: none lost, none twice" "$(it_psql fpdb -At -c "
  SELECT (SELECT count(*) FROM fpdb.Hands) || '|' || hands || '|' || duplicates || '|' || failed
  FROM fpdb.watch_status WHERE path = '$W/big.txt'")" "$want|$want|0|0"
check "every hand has all its players" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.Hands h WHERE h.seats <> (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE hp.handId = h.id)")" "0"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

# A watch removed while a round imports its file: unwatch waits for the round, which commits
# whole (offset with the hands); nothing is imported after it.
W2=$(watch_dir removed)
make_history "$W2/second.txt" 20000 18
chmod 644 "$W2/second.txt"
id2=$(it_psql fpdb -At -c "SELECT fpdb.watch('$W2')")
wait_for "the second file is being imported" \
  "SELECT query LIKE '%importing%second.txt%' FROM pg_stat_activity WHERE backend_type = 'fpdb watch'" "t" 300
check "unwatch while importing" "$(it_psql fpdb -At -c "SELECT fpdb.unwatch('$W2')")" "t"
after=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
sleep 3
check "nothing imported after unwatch" "$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")" "$after"
check "its rows are gone" "$(it_psql fpdb -At -c "
  SELECT (SELECT count(*) FROM fpdb.watch_files WHERE watch_id = $id2) + (SELECT count(*) FROM fpdb.import_errors WHERE watch_id = $id2)")" "0"
check "the hands committed are complete" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.Hands h WHERE h.seats <> (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE hp.handId = h.id)")" "0"
check "HudCache exact after unwatch" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

# pg_terminate_backend: the worker leaves between transactions with exit code 1, as PostgreSQL's
# own workers do, and the postmaster starts it again (its restart time, 5 s).
HANDS="$IT_DIR.hands"
split_hands "$ROOT/tests/pg_regress/data/stars-nlhe-6max-78hands.txt" "$HANDS"
pid=$(it_psql fpdb -At -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'fpdb watch' AND datname = 'fpdb'")
check "pg_terminate_backend of the worker" "$(it_psql fpdb -At -c "SELECT pg_terminate_backend($pid)")" "t"
wait_for "the postmaster starts the worker again" \
  "SELECT count(*) FILTER (WHERE pid <> $pid) || '|' || count(*) FILTER (WHERE pid = $pid) FROM pg_stat_activity WHERE backend_type = 'fpdb watch'" "1|0" 60
check "it said why it left" "$(grep -c 'fpdb watch: terminating the watch worker due to administrator command' "$IT_DIR/server.log" | awk '{print ($1 > 0)}')" "1"
before=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
{ cat "$HANDS/002"; printf '\n\n\n'; } >>"$W/big.txt"
wait_for "the new worker imports a new hand" "SELECT count(*) FROM fpdb.Hands" "$((before + 1))" 60

# Restart with the library preloaded: the launcher starts the worker, which resumes the file.
it_psql fpdb -c "ALTER SYSTEM SET shared_preload_libraries = 'fpdb'"
cluster_stop "$IT_DIR"
cluster_start "$IT_DIR" "$IT_PORT"
before=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
{ cat "$HANDS/001"; printf '\n\n\n'; } >>"$W/big.txt"
wait_for "after the restart, the launcher's worker imports the new hand" \
  "SELECT count(*) FROM fpdb.Hands" "$((before + 1))" 120
check "the launcher ran" "$(grep -c 'fpdb launcher: started the watch worker' "$IT_DIR/server.log" | awk '{print ($1 > 0)}')" "1"
check "one worker for the database" "$(it_psql fpdb -At -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'fpdb watch' AND datname = 'fpdb'")" "1"
check "still nothing twice" "$(it_psql fpdb -At -c "SELECT duplicates FROM fpdb.watch_status WHERE path = '$W/big.txt'")" "0"
rm -f "$BIG"

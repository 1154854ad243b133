#!/usr/bin/env bash
# A long import stops on statement_timeout and on pg_cancel_backend, leaves nothing stored, and
# reports progress while it runs.
source "$(dirname "$0")/_lib.sh"
it_start cancel 25344
it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
BIG="$IT_DIR.big.txt"
make_history "$BIG" 200000 11
echo "history: $(wc -c <"$BIG") bytes"

# statement_timeout.
out=$(it_psql fpdb -v ON_ERROR_STOP=0 -c "SET statement_timeout = '3s'" \
  -c "SELECT imported FROM fpdb.import_file('$BIG')" -c '\echo SQLSTATE=:SQLSTATE' 2>&1 || true)
echo "$out" | tail -3
check "statement_timeout cancels the import" "$(grep -o 'SQLSTATE=[0-9A-Z]*' <<<"$out")" "SQLSTATE=57014"
check "nothing stored after the timeout" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "0"

# pg_cancel_backend from another session, once the import has reported progress.
log="$IT_DIR.cancel.log"
(it_psql fpdb -v ON_ERROR_STOP=0 -c "SELECT imported FROM fpdb.import_file('$BIG')" -c '\echo SQLSTATE=:SQLSTATE' >"$log" 2>&1 || true) &
bg=$!
for _ in $(seq 1 600); do
  grep -q 'hands written' "$log" 2>/dev/null && break
  sleep 0.2
done
grep 'hands written' "$log" | head -1
check "progress NOTICE while importing" "$(grep -c 'fpdb: [0-9]* of [0-9]* hands written' "$log" | awk '{print ($1 > 0)}')" "1"
it_psql postgres -At -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%import_file%' AND pid <> pg_backend_pid()" >/dev/null
wait "$bg"
tail -2 "$log"
check "pg_cancel_backend cancels the import" "$(grep -o 'SQLSTATE=[0-9A-Z]*' "$log")" "SQLSTATE=57014"
check "nothing stored after the cancel" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "0"
check "HudCache empty and exact" "$(it_psql fpdb -At -c 'SELECT (SELECT count(*) FROM fpdb.HudCache) + (SELECT count(*) FROM fpdb.hudcache_diff())')" "0"
rm -f "$BIG" "$log"

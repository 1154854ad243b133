#!/usr/bin/env bash
# Four sessions import overlapping sets of files at the same time, one file per transaction (as a
# tracker's auto-import does): no deadlock, no error, each hand stored once, HudCache exact.
source "$(dirname "$0")/_lib.sh"
it_start concurrent 25343
CORPUS=$(readlink -f "$ROOT/../shared/corpus")

it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
mapfile -t files < <(find "$CORPUS/cash/Stars" "$CORPUS/tour/Stars" -type f -name '*.txt' | sort)
n=${#files[@]}
pids=()
for s in 0 1 2 3; do
  # Session s imports three quarters of the files, starting at a different place, in a
  # different order: every file is imported by three sessions.
  (
    for ((i = 0; i < n; i++)); do
      k=$(((i + s * n / 4) % n))
      if (((k + s) % 4 != 0)); then
        printf "SELECT imported, duplicates, failed FROM fpdb.import_file('%s');\n" "${files[$k]//\'/\'\'}"
      fi
    done | it_psql fpdb -At -v ON_ERROR_STOP=1 -f - >"$IT_DIR.session$s.out" 2>&1
  ) &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
for s in 0 1 2 3; do
  echo "session $s (imported|duplicates|failed): $(awk -F'|' '{i+=$1; d+=$2; f+=$3} END {print i "|" d "|" f}' "$IT_DIR.session$s.out")"
  grep -v '^[0-9]*|[0-9]*|[0-9]*$' "$IT_DIR.session$s.out" | head -5 || true
done
check "every session finished without error" "$status" "0"
check "no deadlock reported" "$(grep -c -i deadlock "$IT_DIR".session*.out | awk -F: '{s+=$2} END {print s}')" "0"
check "each hand stored once" "$(it_psql fpdb -At -c 'SELECT count(*) - count(DISTINCT (siteId, siteHandNo)) FROM fpdb.Hands')" "0"
total=$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')
# A single import of all files into a second database gives the same number of hands.
it_psql postgres -c "CREATE DATABASE single"
it_psql single -c "CREATE EXTENSION fpdb"
single=$(printf '%s\n' "${files[@]}" | it_psql single -At -v ON_ERROR_STOP=1 -c "CREATE TEMP TABLE files (path text)" \
  -c "COPY files FROM STDIN" -c "SELECT sum(i.imported) FROM files, LATERAL fpdb.import_file(files.path) AS i")
check "same hands as one session importing everything" "$total" "$single"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
check "HudCache equals the single-session HudCache" \
  "$(it_psql fpdb -At -c 'SELECT sum(HDs), sum(street0VPI), sum(totalProfit) FROM fpdb.HudCache')" \
  "$(it_psql single -At -c 'SELECT sum(HDs), sum(street0VPI), sum(totalProfit) FROM fpdb.HudCache')"
rm -f "$IT_DIR".session*.out

# A HudCache row the import adds to, held by another session (SELECT ... FOR UPDATE): the import
# waits for it. When that session updates the row and commits, the import adds to the new version
# (its change is kept); when it deletes the row, the import writes the key anew with its own sums.
# The largest file, its last hand deleted, then imported again: that hand adds one HD to each of
# its keys, most of which the file's other hands keep.
big_file=$(ls -S "${files[@]}" | awk "NR == 1")
held_row() { # held_row DB CHANGE: prints the waiting sessions seen, what the import returned, the row
  local db=$1 change=$2 f=${big_file//\'/\'\'} key
  it_psql "$db" -q -c "DELETE FROM fpdb.Hands" -c "SELECT imported FROM fpdb.import_file('$f')" >/dev/null
  it_psql "$db" -q -c "DELETE FROM fpdb.Hands WHERE id = (SELECT max(id) FROM fpdb.Hands)"
  # A key the import will add to: one its dry run updates (the row's xmin is then the import's).
  key=$(it_psql "$db" -At -c "BEGIN" -c "CREATE TEMP TABLE stored AS SELECT id FROM fpdb.HudCache" \
    -c "SELECT imported FROM fpdb.import_file('$f')" \
    -c "SELECT min(id) FROM fpdb.HudCache WHERE xmin::text = pg_current_xact_id()::text AND id IN (SELECT id FROM stored)" \
    -c "ROLLBACK" | tail -1)
  # The holder locks the row, then waits (up to 20 s) until a session waits for a lock while it
  # imports, says how many do, changes the row and commits.
  it_psql "$db" -At >"$IT_DIR.holder.out" 2>&1 <<SQL &
BEGIN;
SELECT 1 FROM fpdb.HudCache WHERE id = $key FOR UPDATE;
DO \$\$ /* holding the row */
BEGIN
    FOR i IN 1..200 LOOP
        PERFORM pg_catalog.pg_stat_clear_snapshot();
        EXIT WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_stat_activity
                          WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT imported FROM fpdb.import_file%');
        PERFORM pg_catalog.pg_sleep(0.1);
    END LOOP;
END \$\$;
SELECT pg_catalog.pg_stat_clear_snapshot();
SELECT count(*) FROM pg_catalog.pg_stat_activity
WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT imported FROM fpdb.import_file%';
$change WHERE id = $key;
COMMIT;
SQL
  local holder=$! i
  # The import starts once the row is held.
  for ((i = 0; i < 200; i++)); do
    [ "$(it_psql "$db" -At -c "SELECT count(*) FROM pg_catalog.pg_stat_activity WHERE query LIKE '%holding the row%' AND pid <> pg_backend_pid()")" = 1 ] && break
    sleep 0.1
  done
  local imported
  imported=$(it_psql "$db" -At -c "SELECT imported FROM fpdb.import_file('$f')")
  wait "$holder"
  echo "$(grep -x '[0-9][0-9]*' "$IT_DIR.holder.out" | tail -1) $imported $key"
}
it_psql postgres -q -c "CREATE DATABASE held"
it_psql held -q -c "CREATE EXTENSION fpdb"
read -r waiting imported key < <(held_row held "UPDATE fpdb.HudCache SET street0VPI = street0VPI + 1000")
check "the import waited for the row another session held" "$waiting" "1"
check "then imported the hand" "$imported" "1"
check "the other session's update is kept and the import's hand added (only that change differs)" \
  "$(it_psql held -At -c "SELECT string_agg(column_name || '=' || (cached - rebuilt), ',') FROM fpdb.hudcache_diff()")" \
  "street0vpi=1000"
read -r waiting imported key < <(held_row held "DELETE FROM fpdb.HudCache")
check "the import waited for the row another session held, then deleted" "$waiting" "1"
check "then imported the hand" "$imported" "1"
check "the key is written anew with the import's sums alone (one hand)" \
  "$(it_psql held -At -c "SELECT count(*) FROM fpdb.HudCache WHERE id = $key" \
    -c "SELECT DISTINCT column_name = 'hds' AND cached = 1 FROM fpdb.hudcache_diff() WHERE column_name = 'hds'" | tr '\n' ' ')" \
  "0 t "
rm -f "$IT_DIR.holder.out"

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

# Two imports that create the same new players of two rooms, whose texts name the rooms in
# opposite orders: each session inserts the players in the order of the Sites rows' ids, so the
# second waits for the first instead of holding what the first will wait for. A third session
# holds one of the first import's new players (an uncommitted insert) until the second import
# waits too; in the order of each text, the first import would then wait for the second's
# players of the other room while the second waits for the first's: a deadlock.
stars_hand() { # stars_hand NO PLAYER1 PLAYER2
  cat <<HAND
PokerStars Hand #$1:  Hold'em No Limit (\$0.01/\$0.02 USD) - 2013/05/24 14:30:23 ET
Table 'Lockorder' 6-max Seat #1 is the button
Seat 1: $2 (\$2 in chips)
Seat 2: $3 (\$2 in chips)
$2: posts small blind \$0.01
$3: posts big blind \$0.02
*** HOLE CARDS ***
$2: folds
Uncalled bet (\$0.01) returned to $3
$3 collected \$0.02 from pot
$3: doesn't show hand
*** SUMMARY ***
Total pot \$0.02 | Rake \$0
Seat 1: $2 (button) (small blind) folded before Flop
Seat 2: $3 (big blind) collected (\$0.02)


HAND
}
tilt_hand() { # tilt_hand NO PLAYER1 PLAYER2
  cat <<HAND
Full Tilt Poker Game #$1: Table Lockorder (6 max) - NL Hold'em - \$0.01/\$0.02 - 18:30:23 UTC - 2013/05/24 [14:30:23 ET - 2013/05/24]
Seat 1: $2 (\$5.56)
Seat 2: $3 (\$5.03)
$2 posts the small blind of \$0.01
$3 posts the big blind of \$0.02
The button is in seat #1
*** HOLE CARDS ***
$2 folds
Uncalled bet of \$0.01 returned to $3
$3 mucks
$3 wins the pot (\$0.02)
*** SUMMARY ***
Total pot \$0.02 | Rake \$0
Seat 1: $2 (small blind) folded before the Flop
Seat 2: $3 (big blind) collected (\$0.02), mucked


HAND
}
it_psql postgres -q -c "CREATE DATABASE lockorder"
it_psql lockorder -q -c "CREATE EXTENSION fpdb"
# The rooms and game types exist beforehand: the players are the only new rows.
check "the rooms' first hands imported" \
  "$(it_psql lockorder -At -c "SELECT imported FROM fpdb.import_hands(\$h\$$(stars_hand 1 lo_s1 lo_s2; tilt_hand 1 lo_t1 lo_t2)\$h\$)")" "2"
# low_hand / high_hand: a hand of the room whose Sites id is the lower / the higher.
if [ "$(it_psql lockorder -At -c "SELECT name FROM fpdb.Sites WHERE name IN ('PokerStars', 'Full Tilt Poker') ORDER BY id LIMIT 1")" = PokerStars ]; then
  low_hand=stars_hand high_hand=tilt_hand
else
  low_hand=tilt_hand high_hand=stars_hand
fi
# Import A: lo_a and lo_c of the lower room, then lo_y and lo_z of the higher. Import B, the rooms
# the other way round: lo_y and lo_z of the higher, lo_a and lo_b of the lower.
text_a=$($low_hand 10 lo_a lo_c; $high_hand 11 lo_y lo_z)
text_b=$($high_hand 20 lo_y lo_z; $low_hand 21 lo_a lo_b)
waiting() { # waiting: how many of the two imports wait for a lock
  it_psql lockorder -At -c "SELECT count(*) FROM pg_catalog.pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name IN ('lock_a', 'lock_b')"
}
until_waiting() { # until_waiting N: waits (up to 20 s) until N imports wait for a lock
  local i
  for ((i = 0; i < 200; i++)); do
    [ "$(waiting)" = "$1" ] && return 0
    sleep 0.1
  done
  return 1
}
# race HOLD TEXT_A TEXT_B: a third session runs HOLD in a transaction it keeps open; import A of
# TEXT_A starts and waits (for what HOLD holds), import B of TEXT_B starts and waits; then the
# third session rolls back. Prints "A waited, B waited" (yes/no), the imports' exit statuses and
# what each returned (imported|duplicates), errors on stderr.
race() {
  local hold=$1 text_a=$2 text_b=$3 holder a b i a_waits b_waits status_a=0 status_b=0
  rm -f "$IT_DIR.holder.in"
  mkfifo "$IT_DIR.holder.in"
  it_psql lockorder -At <"$IT_DIR.holder.in" >"$IT_DIR.holder.out" 2>&1 &
  holder=$!
  exec 7>"$IT_DIR.holder.in"
  echo "BEGIN; $hold; SELECT 'held';" >&7
  for ((i = 0; i < 200; i++)); do grep -q held "$IT_DIR.holder.out" && break; sleep 0.1; done
  PGAPPNAME=lock_a it_psql lockorder -At -c "SELECT imported || '|' || duplicates FROM fpdb.import_hands(\$h\$$text_a\$h\$)" >"$IT_DIR.a.out" 2>&1 &
  a=$!
  until_waiting 1 && a_waits=yes || a_waits=no
  PGAPPNAME=lock_b it_psql lockorder -At -c "SELECT imported || '|' || duplicates FROM fpdb.import_hands(\$h\$$text_b\$h\$)" >"$IT_DIR.b.out" 2>&1 &
  b=$!
  until_waiting 2 && b_waits=yes || b_waits=no
  echo "ROLLBACK;" >&7
  exec 7>&-
  wait "$holder"
  wait "$a" || status_a=$?
  wait "$b" || status_b=$?
  cat "$IT_DIR.a.out" "$IT_DIR.b.out" | grep -v '^[0-9|]*$' | head -5 >&2 || true
  echo "$a_waits,$b_waits $status_a,$status_b $(cat "$IT_DIR.a.out" "$IT_DIR.b.out" | tr '\n' ' ')"
}
site_of_a=$(it_psql lockorder -At -c "SELECT min(id) FROM fpdb.Sites WHERE name IN ('PokerStars', 'Full Tilt Poker')")
read -r waited status returned < <(race "INSERT INTO fpdb.Players (siteId, name) VALUES ($site_of_a, 'lo_c')" "$text_a" "$text_b")
check "the first import waited for the held player, the second for the first import" "$waited" "yes,yes"
check "both imports finished without error (no deadlock)" "$status" "0,0"
check "each imported its two hands" "$returned" "2|0 2|0"
check "each new player stored once" \
  "$(it_psql lockorder -At -c "SELECT string_agg(name, ' ' ORDER BY name) FROM fpdb.Players WHERE name LIKE 'lo\_%' AND name NOT LIKE 'lo\_s%' AND name NOT LIKE 'lo\_t%'")" \
  "lo_a lo_b lo_c lo_y lo_z"
check "HudCache exact" "$(it_psql lockorder -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

# The same for the hands, all of whose players exist: two imports of the same new hands of both
# rooms, named in opposite orders, write them in the order of (room name, hand number); the
# third session holds a hand the first import writes after one the second import needs. In the
# order of each text, the first import would wait for the second's PokerStars hand while the
# second waits for its Full Tilt Poker hand.
text_a=$(tilt_hand 41 lo_a lo_b; tilt_hand 42 lo_a lo_b; stars_hand 40 lo_y lo_z)
text_b=$(stars_hand 40 lo_y lo_z; tilt_hand 41 lo_a lo_b)
read -r waited status returned < <(race "SELECT imported FROM fpdb.import_hands(\$h\$$(tilt_hand 42 lo_a lo_b)\$h\$)" "$text_a" "$text_b")
check "the first import waited for the held hand, the second for the first import" "$waited" "yes,yes"
check "both imports finished without error (no deadlock)" "$status" "0,0"
check "the first imported three hands, the second found its two stored" "$returned" "3|0 0|2"
check "each hand stored once" "$(it_psql lockorder -At -c "SELECT count(*) FROM fpdb.Hands WHERE siteHandNo IN (40, 41, 42)")" "3"
check "HudCache exact" "$(it_psql lockorder -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
rm -f "$IT_DIR.holder.in" "$IT_DIR.holder.out" "$IT_DIR.a.out" "$IT_DIR.b.out"

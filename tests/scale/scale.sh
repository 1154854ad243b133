#!/usr/bin/env bash
# The scale tier: fpdb at the size a regular player reaches in a few months.
#   1. import_file of FPDB_SCALE_HANDS generated PokerStars hands (default 400,000, about 490 MB,
#      2.4 million HandsPlayers rows) in one call: every hand stored, HudCache exact; then an
#      eighth as many more hands of the same players, which add to stored HudCache rows in place:
#      HudCache exact;
#   2. pg_dump -Fc and pg_restore into a fresh database: every row of every table identical,
#      HudCache identical and exact (the restore's single COPY of HandsPlayers folds millions of
#      rows through the HudCache trigger);
#   3. one DELETE of a third of the hands (by date) and one UPDATE of every HandsPlayers row:
#      HudCache exact after each;
#   4. DELETE FROM fpdb.Hands of all of them in one statement: HudCache empty and exact.
# Prints how long each step took (not asserted) and the backend's peak memory of the import.
source "$(dirname "$0")/../integration/_lib.sh"
HANDS=${FPDB_SCALE_HANDS:-400000}
it_start scale 25350
# The tier needs some 7.5 GB of disk at its peak, the UPDATE of every HandsPlayers row (1.8
# million rows after the DELETE of a third): their new versions beside the old (the database grows
# from 3.0 to 4.1 GB), the statement's transition tables for the HudCache trigger (2.3 GB of
# temporary files) and the WAL (the default max_wal_size of 1 GB: pg_wal stays near it). The free
# space is printed so that a full disk is told apart from a failure of fpdb; scripts/test.sh
# removes the earlier tiers' build trees first when the disk has less than 9 GB free.
echo "disk: $(($(df -Pk "$ROOT/.run" | awk 'NR == 2 {print $4}') / 1048576)) GB free before the tier"

# HudCache exact in DB: hudcache_diff() empty (at the default work_mem its sort of the 2.7
# million HandsPlayers rows writes about 1.2 GB of temporary files, less than the UPDATE below).
diff_count() { it_psql "$1" -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()'; }

step() { STEP=$1; T0=$(date +%s); }
took() { echo "time: $STEP $(($(date +%s) - T0)) s"; }

step "generate $HANDS hands"
FILE="$IT_DIR.hands.txt"
make_history "$FILE" "$HANDS" 11
took
echo "file: $(($(stat -c %s "$FILE") / 1048576)) MB"

it_psql postgres -c "CREATE DATABASE src" -c "CREATE DATABASE dst"
it_psql src -c "CREATE EXTENSION fpdb"

step "import_file"
log="$IT_DIR.import.log"
it_psql src -At -c "SELECT pg_backend_pid()" -c "SELECT pg_sleep(1)" -c "SET client_min_messages = debug1" \
  -c "SELECT imported || '|' || duplicates || '|' || failed FROM fpdb.import_file('$FILE')" >"$log" 2>&1 &
importer=$!
sleep 0.5
pid=$(head -1 "$log")
peak=0
while kill -0 "$importer" 2>/dev/null; do
  kb=$(awk '/^RssAnon:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  [ "${kb:-0}" -gt "$peak" ] && peak=$kb
  sleep 0.5
done
wait "$importer" || { cat "$log"; exit 1; }
took
echo "memory: importing backend peak RssAnon $((peak / 1024)) MB"
check "every generated hand imported" "$(grep -x '[0-9]*|[0-9]*|[0-9]*' "$log")" "$HANDS|0|0"
# Into the empty database HudCache has no page, and the import writes every key without looking
# it up (the DEBUG1 line it prints says so); the exactness check below covers what it wrote.
check "HudCache keys of the first import written without look-ups" \
  "$(grep -c 'fpdb HudCache: 0 keys added to, [0-9]* new keys written directly (no page before: no look-ups)' "$log")" "1"
rm -f "$FILE"
check "HudCache exact after the import" "$(diff_count src)" "0"

# A second history into that database: the same players, so most of its HudCache keys are
# stored already and the import adds to them in place (the count it prints at DEBUG1; more than
# one key per four of its hands).
step "import_file of $((HANDS / 8)) more hands, adding to stored HudCache rows"
make_history "$FILE" "$((HANDS / 8))" 12
more=$(it_psql src -At -c "SET client_min_messages = debug1" \
  -c "SELECT imported || '|' || duplicates || '|' || failed FROM fpdb.import_file('$FILE')" 2>&1)
took
added=$(grep -o 'fpdb HudCache: [0-9]* keys added to' <<<"$more" | grep -o '[0-9][0-9]*' || echo 0)
echo "added: $added HudCache keys added to in place"
check "every hand of the second history imported" "$(grep -x '[0-9]*|[0-9]*|[0-9]*' <<<"$more")" "$((HANDS / 8))|0|0"
check "HudCache keys added to in place" "$([ "$added" -gt $((HANDS / 32)) ] && echo yes || echo "no ($added)")" "yes"
rm -f "$FILE"
check "HudCache exact after adding to it" "$(diff_count src)" "0"

# export_hands reads rows by runs of consecutive ids: at this size, a run of 4,000 hands from the
# middle and 4,000 hands with gaps (in descending order) give each hand's own text, as
# export_hand (one hand per call) gives it.
step "export_hands of 8,000 of the $HANDS hands, runs and gaps"
exported=$(it_psql src -At <<'SQL'
WITH ids AS (
  SELECT array_agg(id ORDER BY o) AS a FROM (
    (SELECT id, id AS o FROM fpdb.Hands WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM fpdb.Hands) ORDER BY id LIMIT 4000)
    UNION ALL
    (SELECT id, 1e12 - id FROM fpdb.Hands WHERE id % 37 = 5 ORDER BY id DESC LIMIT 4000)) s)
SELECT count(*) || '|' || bool_and(x.t = fpdb.export_hand(ids.a[x.o::int]))
     || '|' || bool_and(x.t LIKE 'PokerStars Hand #%')
FROM ids, fpdb.export_hands(ids.a) WITH ORDINALITY AS x(t, o)
SQL
)
took
check "export_hands by runs and gaps = export_hand, hand by hand" "$exported" "8000|true|true"

# Every table's rows (ids included: a restore keeps them) as one order-independent number per
# table; HudCache (rebuilt, so its own ids differ) by key, its float sums to 9 digits.
fingerprint() {
  it_psql "$1" -At <<'SQL'
SELECT string_agg(format('%s:%s:%s', t, n, h), ' ' ORDER BY t) FROM (
  SELECT 'hands' AS t, count(*) AS n, sum(hashtextextended(x::text, 0)::numeric) AS h FROM fpdb.Hands x
  UNION ALL SELECT 'handsplayers', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.HandsPlayers x
  UNION ALL SELECT 'handsactions', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.HandsActions x
  UNION ALL SELECT 'boardcards', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.BoardCards x
  UNION ALL SELECT 'players', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.Players x
  UNION ALL SELECT 'gametypes', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.Gametypes x
  UNION ALL SELECT 'tourneys', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.Tourneys x
  UNION ALL SELECT 'tourneysplayers', count(*), sum(hashtextextended(x::text, 0)::numeric) FROM fpdb.TourneysPlayers x
  UNION ALL SELECT 'hudcache', count(*), sum(hashtextextended(
      ((to_jsonb(x) - ARRAY['id', 'wonwhenseenstreet1', 'wonwhenseenstreet2', 'wonwhenseenstreet3',
                            'wonwhenseenstreet4', 'wonatsd'])::text
       || round(x.wonWhenSeenStreet1::numeric, 9) || round(x.wonWhenSeenStreet2::numeric, 9)
       || round(x.wonWhenSeenStreet3::numeric, 9) || round(x.wonWhenSeenStreet4::numeric, 9)
       || round(x.wonAtSD::numeric, 9)), 0)::numeric) FROM fpdb.HudCache x
) f
SQL
}
before=$(fingerprint src)
echo "rows: $before" | tr ' ' '\n' | sed 's/^/  /' | head -12

step "pg_dump -Fc"
pg_dump -h 127.0.0.1 -p "$IT_PORT" -U postgres -Fc src >"$IT_DIR.dump"
took
echo "dump: $(($(stat -c %s "$IT_DIR.dump") / 1048576)) MB"
# The source is dropped before the restore (its fingerprint and HudCache were checked above):
# the disk holds one copy of the hands at a time.
it_psql postgres -c "DROP DATABASE src" -c "CHECKPOINT" >/dev/null
step "pg_restore"
pg_restore -h 127.0.0.1 -p "$IT_PORT" -U postgres -d dst --exit-on-error "$IT_DIR.dump" || exit 1
took
rm -f "$IT_DIR.dump"
check "restored database: every table's rows and HudCache identical" "$(fingerprint dst)" "$before"
check "restored HudCache exact" "$(diff_count dst)" "0"

step "DELETE of a third of the hands"
third=$(it_psql dst -At -c "DELETE FROM fpdb.Hands WHERE handStart < (SELECT percentile_disc(0.33) WITHIN GROUP (ORDER BY handStart) FROM fpdb.Hands) RETURNING 1" | wc -l)
took
echo "deleted: $third hands"
check "HudCache exact after deleting a third" "$(diff_count dst)" "0"

step "UPDATE of every HandsPlayers row"
it_psql dst -c "UPDATE fpdb.HandsPlayers SET totalProfit = totalProfit + 1" >/dev/null
took
check "HudCache exact after updating every row" "$(diff_count dst)" "0"

step "DELETE FROM fpdb.Hands (all, one statement)"
it_psql dst -c "DELETE FROM fpdb.Hands" >/dev/null
took
check "no hand left, HudCache empty" \
  "$(it_psql dst -At -c 'SELECT (SELECT count(*) FROM fpdb.HandsPlayers) || '"'|'"' || (SELECT count(*) FROM fpdb.HudCache)')" "0|0"
check "HudCache exact after deleting everything" "$(diff_count dst)" "0"
echo "scale tier: all checks passed"

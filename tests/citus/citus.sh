#!/usr/bin/env bash
# fpdb on a Citus cluster: a coordinator and two workers on loopback ports (inside the project's
# run folder, as the postgres user), fpdb installed and distributed, the PokerStars corpus
# imported by two sessions at once (every file by both, in opposite orders, one file per
# transaction; a distributed deadlock 40P01 is retried inside the import, never by this script),
# compared with one plain server that imports the same files: hands, HandsPlayers sums and
# HudCache equal, hudcache_diff() empty, shards and rows on both workers. Then delete_hands,
# imports that race to create the same rows, and a distributed deadlock made on purpose. Builds
# Citus from ../shared/vendor/citus when the PostgreSQL of PG_BIN has none (an installed Citus
# package is used as it is).
source "$(dirname "$0")/../integration/_lib.sh"
CORPUS=$(readlink -f "$ROOT/../shared/corpus")
VENDOR=$(readlink -f "$ROOT/../shared/vendor/citus")

if [ ! -f "$("$PG_BIN/pg_config" --pkglibdir)/citus.so" ]; then
  PG_CONFIG="$PG_BIN/pg_config" bash "$VENDOR/build-citus.sh" "$VENDOR"/citus-13.2.2.tar.gz
fi

IT_DIR="$ROOT/.run/it-citus"
DIRS=()
for n in coord w1 w2 single; do DIRS+=("$ROOT/.run/it-citus-$n"); done
stop_all() { for d in "${DIRS[@]}"; do cluster_stop "$d" 2>/dev/null || true; done; }
stop_all
rm -rf "${DIRS[@]}"
trap stop_all EXIT
# Each node takes the first free port from 25360 (+ FPDB_PORT_OFFSET), one after the other.
port=$((25360 + ${FPDB_PORT_OFFSET:-0}))
citus="-c shared_preload_libraries=citus -c max_prepared_transactions=100"
COORD=$(free_port "$port")
CLUSTER_EXTRA_OPTS=$citus cluster_start "${DIRS[0]}" "$COORD"
W1=$(free_port $((COORD + 1)))
CLUSTER_EXTRA_OPTS=$citus cluster_start "${DIRS[1]}" "$W1"
W2=$(free_port $((W1 + 1)))
CLUSTER_EXTRA_OPTS=$citus cluster_start "${DIRS[2]}" "$W2"
SINGLE=$(free_port $((W2 + 1)))
cluster_start "${DIRS[3]}" "$SINGLE"
q() { local port=$1; shift; cluster_psql "$port" fpdb -At "$@"; }

for port in "$COORD" "$W1" "$W2" "$SINGLE"; do cluster_psql "$port" postgres -c "CREATE DATABASE fpdb"; done
for port in "$COORD" "$W1" "$W2"; do q "$port" -c "CREATE EXTENSION citus"; done
q "$COORD" -c "SELECT citus_set_coordinator_host('127.0.0.1', $COORD)" >/dev/null
q "$COORD" -c "SELECT citus_add_node('127.0.0.1', $W1)" -c "SELECT citus_add_node('127.0.0.1', $W2)" >/dev/null
# Citus propagates CREATE EXTENSION fpdb to the workers.
q "$COORD" -c "CREATE EXTENSION fpdb"
q "$SINGLE" -c "CREATE EXTENSION fpdb"
check "fpdb installed on every node" "$(for p in "$W1" "$W2"; do q "$p" -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'"; done | sort -u | wc -l)" "1"

# fpdb.distribute refuses where it cannot work, then distributes, then is a no-op.
check "distribute refuses without citus" \
  "$(q "$SINGLE" -c "SELECT fpdb.distribute()" 2>&1 | grep -c 'needs the citus extension')" "1"
q "$COORD" -c "SELECT fpdb.distribute(8)" >/dev/null
check "distribute again is a no-op" \
  "$(q "$COORD" -c "SELECT fpdb.distribute(8)" 2>&1 | grep -c 'already distributed')" "1"
check "distributed tables" \
  "$(q "$COORD" -c "SELECT string_agg(logicalrelid::text || ':' || partmethod::text, ' ' ORDER BY logicalrelid::text) FROM pg_dist_partition WHERE logicalrelid::text LIKE 'fpdb.%'")" \
  "fpdb._hand_keys:h fpdb.autorates:n fpdb.boardcards:h fpdb.gametypes:n fpdb.hands:h fpdb.handsactions:h fpdb.handsplayers:h fpdb.hudcache:h fpdb.players:n fpdb.rawhands:h fpdb.settings:n fpdb.sites:n fpdb.tourneys:n fpdb.tourneysplayers:n fpdb.tourneytypes:n"
check "hand tables co-located" \
  "$(q "$COORD" -c "SELECT count(DISTINCT colocationid) FROM pg_dist_partition WHERE logicalrelid IN ('fpdb.hands'::regclass, 'fpdb.handsplayers', 'fpdb.handsactions', 'fpdb.boardcards', 'fpdb.rawhands')")" "1"

mapfile -t files < <(find "$CORPUS/cash/Stars" "$CORPUS/tour/Stars" -type f -name '*.txt' | sort)
echo "files: ${#files[@]}"
# import PORT FILE: one import_file call. A distributed deadlock (40P01) is the import's to
# retry (it writes in a subtransaction on a cluster and writes again): no call may fail.
import() {
  local port=$1 file=$2 out
  if ! out=$(q "$port" -c "SELECT imported, duplicates, failed FROM fpdb.import_file('${file//\'/\'\'}')" 2>&1); then
    echo "error: $out" >&2
    return 1
  fi
  grep -E '^[0-9]+\|' <<<"$out"
  if grep -q 'met a distributed deadlock' <<<"$out"; then echo "deadlock retried: $file" >&2; fi
}
started=$(date +%s.%N)
(for ((i = 0; i < ${#files[@]}; i++)); do import "$COORD" "${files[$i]}" || exit 1; done) >"$IT_DIR.a.out" 2>"$IT_DIR.a.err" &
a=$!
(for ((i = ${#files[@]} - 1; i >= 0; i--)); do import "$COORD" "${files[$i]}" || exit 1; done) >"$IT_DIR.b.out" 2>"$IT_DIR.b.err" &
b=$!
status=0
wait "$a" || status=1
wait "$b" || status=1
cluster_secs=$(echo "$(date +%s.%N) - $started" | bc)
cat "$IT_DIR".a.err "$IT_DIR".b.err | head -20
check "both sessions finished" "$status" "0"
started=$(date +%s.%N)
for f in "${files[@]}"; do import "$SINGLE" "$f"; done >"$IT_DIR.single.out"
single_secs=$(echo "$(date +%s.%N) - $started" | bc)
sum() { awk -F'|' '{i+=$1; d+=$2; f+=$3} END {print i "|" d "|" f}' "$@"; }
echo "cluster sessions (imported|duplicates|failed): $(sum "$IT_DIR.a.out") and $(sum "$IT_DIR.b.out"); deadlocks retried inside the import: $(cat "$IT_DIR".a.err "$IT_DIR".b.err | grep -c '^deadlock retried' || true)"
echo "single server: $(sum "$IT_DIR.single.out")"
echo "time: two sessions on the cluster ${cluster_secs}s (each file imported twice), one session on one server ${single_secs}s"

hands=$(q "$SINGLE" -c "SELECT count(*) FROM fpdb.Hands")
check "hands stored by the two sessions = hands of one server ($hands)" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.Hands")" "$hands"
check "hands imported by the two sessions together = hands of one server" \
  "$(cat "$IT_DIR.a.out" "$IT_DIR.b.out" | awk -F'|' '{i+=$1} END {print i}')" "$hands"
check "each hand stored once" "$(q "$COORD" -c "SELECT count(*) - count(DISTINCT (siteId, siteHandNo)) FROM fpdb.Hands")" "0"
check "hand keys = hands" "$(q "$COORD" -c "SELECT count(*) FROM fpdb._hand_keys")" "$hands"
HP="SELECT count(*), sum(totalProfit), sum(winnings), sum(rake), sum(street0VPI), sum(street0Aggr), count(DISTINCT playerId) FROM fpdb.HandsPlayers"
check "HandsPlayers sums" "$(q "$COORD" -c "$HP")" "$(q "$SINGLE" -c "$HP")"
HA="SELECT count(*), sum(amount), count(*) FILTER (WHERE a.handId = hp.handId) FROM fpdb.HandsActions a JOIN fpdb.HandsPlayers hp ON hp.id = a.handPlayerId AND hp.handId = a.handId"
check "HandsActions" "$(q "$COORD" -c "$HA")" "$(q "$SINGLE" -c "$HA")"
BC="SELECT count(*), sum(card1Value + card2Value + card3Value) FROM fpdb.BoardCards"
check "BoardCards" "$(q "$COORD" -c "$BC")" "$(q "$SINGLE" -c "$BC")"
# HudCache row by row, by natural keys (ids differ between the databases); the float sums
# (won-when-seen shares) to 6 decimals, as their summation order differs.
HCROWS="SELECT s.name || '|' || p.name || '|' || (to_jsonb(g) - ARRAY['id', 'siteid'])::text || '|' || coalesce((to_jsonb(tt) - ARRAY['id', 'siteid'])::text, '-')
         || '|' || (to_jsonb(hc) - ARRAY['id', 'playerid', 'gametypeid', 'tourneytypeid', 'wonwhenseenstreet1',
                                          'wonwhenseenstreet2', 'wonwhenseenstreet3', 'wonwhenseenstreet4', 'wonatsd'])::text
         || '|' || concat_ws(',', round(wonWhenSeenStreet1::numeric, 6), round(wonWhenSeenStreet2::numeric, 6),
                             round(wonWhenSeenStreet3::numeric, 6), round(wonWhenSeenStreet4::numeric, 6),
                             round(wonAtSD::numeric, 6)) AS x
  FROM fpdb.HudCache hc JOIN fpdb.Players p ON p.id = hc.playerId JOIN fpdb.Sites s ON s.id = p.siteId
  JOIN fpdb.Gametypes g ON g.id = hc.gametypeId LEFT JOIN fpdb.TourneyTypes tt ON tt.id = hc.tourneyTypeId"
HC="SELECT count(*) || ' ' || md5(string_agg(x, E'\n' ORDER BY x)) FROM ($HCROWS) r"
if [ "$(q "$COORD" -c "$HC")" != "$(q "$SINGLE" -c "$HC")" ]; then
  diff <(q "$COORD" -c "SELECT x FROM ($HCROWS) r ORDER BY x") <(q "$SINGLE" -c "SELECT x FROM ($HCROWS) r ORDER BY x") | head -6 || true
fi
check "HudCache equal to one server's" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
check "hud() reads the cluster" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.HudCache WHERE HDs > 0")" "$(q "$SINGLE" -c "SELECT count(*) FROM fpdb.HudCache WHERE HDs > 0")"
for t in hands handsplayers hudcache; do
  check "$t has rows on both workers" \
    "$(q "$COORD" -c "SELECT count(DISTINCT nodeport) FROM run_command_on_placements('fpdb.$t', 'SELECT count(*) FROM %s') WHERE result::bigint > 0 AND nodeport IN ($W1, $W2)")" "2"
done
# A duplicate hand from a third session is found on the cluster.
check "re-import finds every hand stored" \
  "$(import "$COORD" "${files[0]}" | cut -d'|' -f1)" "0"
# fpdb.hud and player_stats read the cluster as they read one server.
H="SELECT hands, vpip, pfr FROM fpdb.hud((SELECT name FROM fpdb.Players p JOIN fpdb.HandsPlayers hp ON hp.playerId = p.id GROUP BY name ORDER BY count(*) DESC, name LIMIT 1))"
check "fpdb.hud of the busiest player" "$(q "$COORD" -c "$H")" "$(q "$SINGLE" -c "$H")"
PS="SELECT count(*), sum(HDs) FROM fpdb.player_stats"
check "player_stats" "$(q "$COORD" -c "$PS")" "$(q "$SINGLE" -c "$PS")"
# Deleting hands: fpdb.delete_hands keeps HudCache exact on the cluster (no triggers there) as
# the trigger does on one server, and frees the hands' keys, so they import again.
DEL="SELECT fpdb.delete_hands(ARRAY(SELECT id FROM fpdb.Hands WHERE siteHandNo % 3 = 0))"
check "delete_hands: as many hands deleted" "$(q "$COORD" -c "$DEL")" "$(q "$SINGLE" -c "$DEL")"
check "HudCache after delete_hands" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty after delete_hands" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
check "hand keys = hands after delete_hands" "$(q "$COORD" -c "SELECT count(*) FROM fpdb._hand_keys")" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.Hands")"
# An import on a worker is refused (0A000) and stores nothing: the identity sequences of fpdb's
# tables start at 1 on every node, so a worker would hand out the coordinator's hand ids again.
COUNTS="SELECT (SELECT count(*) FROM fpdb.Hands) || ' ' || (SELECT count(*) FROM fpdb.Players) || ' ' || (SELECT count(*) FROM fpdb._hand_keys)"
before=$(q "$COORD" -c "$COUNTS")
refused=$(q "$W1" -v VERBOSITY=verbose -c "SELECT imported FROM fpdb.import_file('${files[0]//\'/\'\'}')" 2>&1 || true)
echo "import on a worker: $(head -1 <<<"$refused")"
check "an import on a worker is refused (0A000)" "$(grep -c '0A000' <<<"$refused")" "1"
check "and stores nothing" "$(q "$COORD" -c "$COUNTS")" "$before"
for port in "$COORD" "$SINGLE"; do
  for f in "${files[@]}"; do import "$port" "$f" >/dev/null; done
done
check "the deleted hands imported again" "$(q "$COORD" -c "$HP")" "$(q "$SINGLE" -c "$HP")"
check "HudCache after importing them again" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
# A plain DELETE leaves a cluster's HudCache to rebuild_hudcache (README).
for port in "$COORD" "$SINGLE"; do
  q "$port" -c "DELETE FROM fpdb.Hands WHERE siteHandNo % 3 = 1" >/dev/null
done
q "$COORD" -c "SELECT fpdb.rebuild_hudcache()" >/dev/null
check "HudCache after a DELETE and rebuild_hudcache" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty after the rebuild" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"

# Throughput: one import_file of a generated history, on the cluster and on one server.
BIG="$ROOT/.run/it-citus-big.txt"
make_history "$BIG" "${FPDB_CITUS_HANDS:-20000}" 7
for port in "$COORD" "$SINGLE"; do
  t0=$(date +%s.%N)
  got=$(q "$port" -c "SELECT imported FROM fpdb.import_file('$BIG')")
  secs=$(echo "$(date +%s.%N) - $t0" | bc)
  echo "throughput $port: $got hands in ${secs}s: $(echo "$got / $secs" | bc) hands/s"
  eval "secs_$port=$secs"
done
ratio=$(eval echo "\$secs_$COORD / \$secs_$SINGLE" | bc -l)
printf 'time: one import_file of %s hands: cluster %.1fs, one server %.1fs (cluster/server %.2f)\n' \
  "${FPDB_CITUS_HANDS:-20000}" "$(eval echo "\$secs_$COORD")" "$(eval echo "\$secs_$SINGLE")" "$ratio"
check "the generated hands on the cluster = on one server" "$(q "$COORD" -c "$HP")" "$(q "$SINGLE" -c "$HP")"
check "HudCache after the big import" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty after the big import" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
rm -f "$BIG"
# Two sessions that start the same import at the same moment race to create the same dimension
# rows (a room's Sites row, its game types, its players) on reference tables, where Citus can meet
# a distributed deadlock (40P01). The import writes in a subtransaction on a cluster and writes it
# again after rolling it back, so no call fails: for each of these rooms (new to the cluster),
# both sessions import its first file at the same moment; every call succeeds, each hand is stored
# once, and the cluster equals one server that imports the same files.
RACE_ROOMS="Absolute Cake Everleaf FTP GGPoker iPoker Merge OnGame PartyPoker Winamax"
race_failed=0 race_imported=0 race_expected=0
# Keys of hands deleted by the plain DELETE above stay (README): the difference must not change.
KEYS_LESS_HANDS="SELECT (SELECT count(*) FROM fpdb._hand_keys) - (SELECT count(*) FROM fpdb.Hands)"
keys_less_hands=$(q "$COORD" -c "$KEYS_LESS_HANDS")
for room in $RACE_ROOMS; do
  f=$(find "$CORPUS/cash/$room" -type f -name '*.txt' | sort | head -1)
  at=$(q "$COORD" -c "SELECT (clock_timestamp() + interval '1 second')::text")
  pids=()
  for s in a b; do
    q "$COORD" -c "SELECT pg_sleep_until('$at')" \
      -c "SELECT imported, duplicates, failed FROM fpdb.import_file('${f//\'/\'\'}')" >"$IT_DIR.race.$s" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || race_failed=$((race_failed + 1)); done
  got=$(cat "$IT_DIR.race.a" "$IT_DIR.race.b" | awk -F'|' 'NF == 3 {i += $1} END {print i + 0}')
  want=$(q "$SINGLE" -c "SELECT imported FROM fpdb.import_file('${f//\'/\'\'}')")
  echo "race: $room imported $got by the two sessions, $want by one server; $(cat "$IT_DIR.race.a" "$IT_DIR.race.b" | grep -c 'met a distributed deadlock' || true) deadlock(s) retried"
  if grep -h 'ERROR' "$IT_DIR.race.a" "$IT_DIR.race.b"; then race_failed=$((race_failed + 1)); fi
  race_imported=$((race_imported + got)) race_expected=$((race_expected + want))
done
check "racing imports: no call failed" "$race_failed" "0"
check "racing imports: each hand stored once ($race_expected)" "$race_imported" "$race_expected"
check "HandsPlayers after the racing imports" "$(q "$COORD" -c "$HP")" "$(q "$SINGLE" -c "$HP")"
check "HudCache after the racing imports" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty after the racing imports" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
check "one key per new hand after the racing imports" "$(q "$COORD" -c "$KEYS_LESS_HANDS")" "$keys_less_hands"

# A distributed deadlock made on purpose: session A (the older transaction) holds the lock every
# HudCache writer takes; session B's import upserts its dimension rows (Citus locks the reference
# table's shard to the end of the transaction) and then waits for A's lock; A then upserts into
# the same reference table. Citus cancels the younger transaction, B's: its import rolls back its
# writes, which frees the shard lock for A, A commits, and B's import writes again and succeeds.
f=$(find "$CORPUS/cash/PKR" -type f -name '*.txt' | sort | head -1)
{
  q "$COORD" <<'SQL'
BEGIN;
SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
SELECT count(*) >= 0 FROM fpdb.Hands;
SELECT pg_advisory_xact_lock(7381510162543363139);
SELECT pg_sleep(6);
INSERT INTO fpdb.Sites (name, currency) VALUES ('PokerStars', 'USD') ON CONFLICT DO NOTHING;
COMMIT;
SQL
} >"$IT_DIR.dl.a" 2>&1 &
dl_a=$!
sleep 1.5
q "$COORD" -c "SELECT imported, duplicates, failed FROM fpdb.import_file('${f//\'/\'\'}')" >"$IT_DIR.dl.b" 2>&1
wait "$dl_a"
cat "$IT_DIR.dl.a" "$IT_DIR.dl.b" | grep -E 'NOTICE|ERROR|DETAIL' || true
want=$(q "$SINGLE" -c "SELECT imported, duplicates, failed FROM fpdb.import_file('${f//\'/\'\'}')")
check "deadlock on purpose: the younger import was cancelled and written again" \
  "$(grep -c 'met a distributed deadlock' "$IT_DIR.dl.b")" "1"
check "deadlock on purpose: the import stored its hands" "$(grep -E '^[0-9]+\|' "$IT_DIR.dl.b")" "$want"
check "deadlock on purpose: no error in either session" "$(cat "$IT_DIR.dl.a" "$IT_DIR.dl.b" | grep -c ERROR)" "0"
check "HandsPlayers after the deadlock" "$(q "$COORD" -c "$HP")" "$(q "$SINGLE" -c "$HP")"
check "HudCache after the deadlock" "$(q "$COORD" -c "$HC")" "$(q "$SINGLE" -c "$HC")"
check "hudcache_diff() empty after the deadlock" "$(q "$COORD" -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
check "one key per new hand after the deadlock" "$(q "$COORD" -c "$KEYS_LESS_HANDS")" "$keys_less_hands"
rm -f "$IT_DIR".race.a "$IT_DIR".race.b "$IT_DIR".dl.a "$IT_DIR".dl.b
rm -f "$IT_DIR".a.out "$IT_DIR".b.out "$IT_DIR".a.err "$IT_DIR".b.err "$IT_DIR".single.out

#!/usr/bin/env bash
# The fpdb benchmark: builds in release mode, starts a private benchmark cluster (.run/bench-cluster,
# port 25339), and prints one table:
#   - parse throughput of the core crate, one thread, on 100,000 generated hands;
#   - fpdb.import_hands end to end (all tables, HudCache maintained) on 100,000 hands into an
#     empty database, and on 100,000 more into a database that already holds 1,000,000;
#   - PostgreSQL's bulk loader on those rows: binary COPY of what the import stored (hand tables,
#     HudCache, the kept texts) into a fresh database, every trigger off (heap, index and WAL cost
#     alone);
#   - the same import with one more thread computing the equities of its all-ins ahead
#     (fpdb.equity_workers = 1; by default the thread that reads the hands prices them); then five
#     interleaved rounds of the import as it is, by a build that prices no all-in, with
#     fpdb.keep_raw off (no RawHands rows), and of the binary COPY, their medians compared; the
#     bytes per hand of the kept texts and of the database both ways;
#   - fpdb.reimport of the hands imported with their text (every text read again, none changed);
#   - the same import with the HudCache triggers disabled, and the ratio; also the INSERT-statement
#     path (SET fpdb.direct_writes = off) with and without the triggers;
#   - fpdb.hud latency for one player (p50, p99 over 1,000 calls) at 1,000,000 hands, and the
#     reads an index change could slow: a replayer's one hand, a player's last 10,000 hands with
#     their actions, a HudCache rebuild, a DELETE of one day of hands (rolled back);
#   - database size per hand, and the peak memory of the importing backend for a 100 MB and a
#     1.5 GB file (import_file);
#   - the equity engine (criterion, crates/fpdb-core/benches/equity.rs) and what all-in EV costs
#     the derived statistics of generated hands (fpdb-allin-bench);
#   - live tracking: latency from a hand appended to a watched file to its commit (HudCache
#     included), p50/p95/max, with inotify and with polling, and the idle watch worker's CPU;
#   - the machine.
# Usage: bash scripts/bench.sh [--quick | --live]   (--quick: 10x fewer hands, for trying the
# script; --live: only the live-tracking section)
# It is a program, not a test: CI does not run it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
source scripts/cluster.sh

N=100000
BASE=1000000
ROUNDS=5               # interleaved rounds of the import with and without all-in EV and texts
MEM_HANDS=90000        # about 100 MB of text
MEM_BIG_HANDS=1300000  # about 1.5 GB: import_file streams any size
LIVE_ONLY=0
[ "${1:-}" = "--live" ] && LIVE_ONLY=1
if [ "${1:-}" = "--quick" ]; then
  N=10000
  BASE=100000
  MEM_HANDS=9000
  MEM_BIG_HANDS=130000
fi
PORT=${FPDB_BENCH_PORT:-25339}
DIR="$ROOT/.run/bench-cluster"
WORK="$ROOT/.run/bench"
mkdir -p "$WORK"
chmod 755 "$WORK"

bash scripts/setup.sh
echo "bench: building (release)"
cargo build -q --release -p fpdb-gen --bins
GEN="$ROOT/target/release/fpdb-gen"
bash scripts/install.sh --release >"$WORK/install.log" 2>&1 || { tail -30 "$WORK/install.log"; exit 1; }

cluster_stop "$DIR"
rm -rf "$DIR"
trap 'cluster_stop "$DIR"' EXIT
cluster_start "$DIR" "$PORT"
# Settings of a machine that imports in bulk: large WAL between checkpoints. Durability as default
# (fsync, synchronous_commit on).
cluster_psql "$PORT" postgres -q -c "ALTER SYSTEM SET max_wal_size = '8GB'" -c "ALTER SYSTEM SET checkpoint_timeout = '30min'" \
  -c "ALTER SYSTEM SET shared_buffers = '1GB'" -c "ALTER SYSTEM SET work_mem = '64MB'"
cluster_stop "$DIR"
cluster_start "$DIR" "$PORT"

gen() { # gen FILE SEED COUNT: a generated history whose hand numbers do not overlap other seeds'
  "$GEN" --seed "$2" --count "$3" --hand-start "$((1000000000 + $2 * 10000000))" >"$1"
  chmod 644 "$1"
}
sql() { cluster_psql "$PORT" "$@"; }
newdb() {
  sql postgres -q -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"
  sql "$1" -q -c "CREATE EXTENSION fpdb"
}
# import DB FILE [SETTINGS...]: prints "hands seconds" for one fpdb.import_hands call (the file is
# read into the session first, so only the import is timed)
import() {
  local db=$1 file=$2
  shift 2
  sql "$db" -At -q "$@" -f - <<SQL | tr '\n' ' '
CREATE TEMP TABLE t AS SELECT pg_read_file('$file') AS history;
SELECT clock_timestamp() AS t0 \gset
SELECT imported FROM fpdb.import_hands((SELECT history FROM t));
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz);
SQL
}
rate() { awk '{printf "%.0f", $1 / $2}' <<<"$1"; }

ROWS=()
row() { ROWS+=("$(printf '| %-62s | %32s |' "$1" "$2")"); }

# ==== Live tracking (fpdb.watch, README "Live HUD") ========================================
# A room writes LIVE_HANDS generated hands one at a time, round-robin into 4 table files of a
# watched folder, 0.2 to 1.0 s apart (each hand whole, with the blank lines rooms write after
# it). Latency: from just before a hand's write to the commit of the worker's transaction that
# stored it with its HudCache rows (pg_xact_commit_timestamp of the Hands row; same clock).
# Measured with inotify, then with polling (fpdb.watch_inotify = off, the default 250 ms
# interval). Idle CPU: the worker's user + system time (all its threads, /proc/PID/stat) over
# LIVE_IDLE seconds without writes, in each mode.
LIVE_HANDS=${FPDB_BENCH_LIVE_HANDS:-200}
LIVE_IDLE=${FPDB_BENCH_LIVE_IDLE:-60}
bench_live() {
  echo "bench: live tracking (track_commit_timestamp on, restart)"
  sql postgres -q -c "ALTER SYSTEM SET track_commit_timestamp = on"
  cluster_stop "$DIR"
  cluster_start "$DIR" "$PORT"
  newdb live
  local room="$WORK/live-room" hands="$WORK/live-hands" mode
  for mode in inotify polling; do
    rm -rf "$room" "$hands"
    mkdir -p "$room" "$hands"
    chmod 755 "$room"
    local seed=$([ "$mode" = inotify ] && echo 91 || echo 92)
    gen "$WORK/live.txt" "$seed" "$LIVE_HANDS"
    # One file per hand (and its hand number), as the room will write them.
    awk -v dir="$hands" '/^PokerStars (Hand|Game) #/ { n++; out = sprintf("%s/%05d", dir, n);
        no = $3; sub(/^#/, "", no); sub(/:$/, "", no); print n, no > (dir "/numbers") }
      n { print > out }' "$WORK/live.txt"
    if [ "$mode" = polling ]; then
      sql live -q -c "LOAD 'fpdb'" -c "ALTER SYSTEM SET fpdb.watch_inotify = off" -c "SELECT pg_reload_conf()" >/dev/null
    else
      sql live -q -c "LOAD 'fpdb'" -c "ALTER SYSTEM RESET fpdb.watch_inotify" -c "SELECT pg_reload_conf()" >/dev/null
    fi
    sql live -q -c "DELETE FROM fpdb.Hands" -c "SELECT fpdb.watch('$room')" >/dev/null
    local t
    for t in 1 2 3 4; do : >"$room/table$t.txt"; chmod 644 "$room/table$t.txt"; done
    sleep 3 # the worker starts (or reloads its settings) and lists the empty files
    echo "  $mode: writing $LIVE_HANDS hands"
    local times="$WORK/live-times" i=0 no
    : >"$times"
    while read -r i no; do
      local t0
      t0=$(date +%s%N)
      cat "$hands/$(printf %05d "$i")" >>"$room/table$((i % 4 + 1)).txt"
      echo "$no $t0" >>"$times"
      local tenths=$((RANDOM % 9 + 2))
      sleep "$((tenths / 10)).$((tenths % 10))"
    done <"$hands/numbers"
    local end=$((SECONDS + 60))
    while [ "$(sql live -At -c "SELECT count(*) FROM fpdb.Hands")" != "$LIVE_HANDS" ] && [ $SECONDS -lt $end ]; do
      sleep 0.5
    done
    local lat
    lat=$(sql live -At -F ' ' -f - <<SQL
CREATE TEMP TABLE w (hand bigint, t0_ns bigint);
\copy w FROM '$times' (DELIMITER ' ')
SELECT count(h.id), round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric),
       round(percentile_cont(0.95) WITHIN GROUP (ORDER BY ms)::numeric), round(max(ms)::numeric)
FROM w LEFT JOIN fpdb.Hands h ON h.siteHandNo = w.hand,
     LATERAL (SELECT extract(epoch FROM pg_xact_commit_timestamp(h.xmin)) * 1000 - w.t0_ns / 1e6 AS ms) AS l;
SQL
)
    echo "  $mode: hands stored, p50, p95, max (ms): $lat"
    local pid ticks0 ticks1 hz
    pid=$(sql live -At -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'fpdb watch'")
    hz=$(getconf CLK_TCK)
    sleep 2
    ticks0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep "$LIVE_IDLE"
    ticks1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    local cpu
    cpu=$(awk -v a="$ticks0" -v b="$ticks1" -v hz="$hz" -v s="$LIVE_IDLE" 'BEGIN {printf "%.2f", 100 * (b - a) / hz / s}')
    echo "  $mode: idle worker CPU over ${LIVE_IDLE}s: $cpu% of a core"
    local stored p50 p95 max
    read -r stored p50 p95 max <<<"$lat"
    row "live: hand written -> committed, $mode, p50 / p95 / max" "$p50 / $p95 / $max ms ($stored of $LIVE_HANDS)"
    row "live: idle watch worker CPU, $mode" "$cpu% of a core"
    sql live -q -c "SELECT fpdb.unwatch('$room')" >/dev/null
  done
  sql live -q -c "LOAD 'fpdb'" -c "ALTER SYSTEM RESET fpdb.watch_inotify" -c "ALTER SYSTEM RESET track_commit_timestamp" >/dev/null
  rm -rf "$room" "$hands" "$WORK/live.txt" "$WORK/live-times"
}
if [ "$LIVE_ONLY" = 1 ]; then
  bench_live
  echo
  echo "fpdb benchmark (live tracking only), $(date -u +%Y-%m-%d), $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) cores"
  printf '%s\n' "${ROWS[@]}"
  exit 0
fi
# ==== end of live tracking (bench_live runs after the other measures) ======================

echo "bench: parse throughput"
PARSE=$("$ROOT/target/release/fpdb-parse-bench" --count "$N" --runs 5 | tee "$WORK/parse.txt")
echo "$PARSE"

echo "bench: equity engine (criterion) and the cost of all-in EV"
cargo bench -q -p fpdb-core --bench equity -- --noplot >"$WORK/equity.txt" 2>&1
"$ROOT/target/release/fpdb-allin-bench" --count "$N" | tee "$WORK/allin.txt"

echo "bench: generating histories"
gen "$WORK/a.txt" 1 "$N"
gen "$WORK/b.txt" 2 "$N"
SIZE_MB=$(awk -v b="$(stat -c %s "$WORK/a.txt")" 'BEGIN {printf "%.1f", b / 1048576}')
# The generated files' dirty pages written out now, not during the first import.
sync

echo "bench: import into an empty database (HudCache maintained)"
newdb empty
R_EMPTY=$(import empty "$WORK/a.txt")
echo "  $R_EMPTY"
echo "bench: PostgreSQL's bulk loader on the same rows (binary COPY, every trigger off)"
# The rows the import just stored, copied into a fresh database by PostgreSQL's bulk loader: the
# heap, index and WAL cost of these rows alone, without parsing, statistics or any check.
COPYDIR="$WORK/copy"
rm -rf "$COPYDIR"
mkdir -p "$COPYDIR"
chown postgres "$COPYDIR"
DIMS="Sites Players Gametypes TourneyTypes Tourneys TourneysPlayers"
HANDROWS="Hands BoardCards HandsPlayers HandsActions HudCache RawHands"
for t in $DIMS $HANDROWS; do
  sql empty -q -c "COPY fpdb.$t TO '$COPYDIR/$t' (FORMAT binary)"
done
copy_from() { for t in "$@"; do echo "COPY fpdb.$t FROM '$COPYDIR/$t' (FORMAT binary);"; done; }
copy_rate() { # copy_rate [SQL FILE]: "hands seconds" of the COPY into a fresh database (given the file's DDL)
  newdb copyload
  [ -n "${1:-}" ] && sql copyload -q -f "$1" >/dev/null
  sql copyload -At -q -f - <<SQL >/dev/null
SET session_replication_role = replica;
$(copy_from $DIMS)
SQL
  sql copyload -At -q -f - <<SQL | tr '\n|' '  '
SET session_replication_role = replica;
SELECT clock_timestamp() AS t0 \gset
BEGIN;
$(copy_from $HANDROWS)
COMMIT;
SELECT count(*), extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) FROM fpdb.Hands;
SQL
  sql postgres -q -c "DROP DATABASE copyload"
}
R_COPY=$(copy_rate)
echo "  $R_COPY"
echo "bench: the same import and COPY with the index set before the index design"
R_COPY_PREV=$(copy_rate "$ROOT/scripts/bench-previous-indexes.sql")
echo "  COPY: $R_COPY_PREV"
newdb emptyprev
sql emptyprev -q -f "$ROOT/scripts/bench-previous-indexes.sql" >/dev/null
R_EMPTY_PREV=$(import emptyprev "$WORK/a.txt")
echo "  import: $R_EMPTY_PREV"
sql postgres -q -c "DROP DATABASE emptyprev"

# All-in EV: the same import with the equities computed by an equity thread of its own
# (fpdb.equity_workers = 1), and without any pricing at all, by a build that stores allInEV =
# totalProfit (feature "unpriced", measurement only), loaded for that session alone through
# dynamic_library_path: the figure the import had before all-in EV, on the same rows.
echo "bench: same, fpdb.equity_workers = 1 (an equity thread beside the reading one)"
newdb noworkers
R_NOWORKERS=$(import noworkers "$WORK/a.txt" -c "SET fpdb.equity_workers = 1")
echo "  $R_NOWORKERS"
sql postgres -q -c "DROP DATABASE noworkers"
echo "bench: same, with and without all-in EV (a build that prices nothing), with fpdb.keep_raw = off, and the binary COPY, $ROUNDS rounds interleaved"
UNPRICED_LIB="$WORK/unpriced-lib"
rm -rf "$UNPRICED_LIB"
mkdir -p "$UNPRICED_LIB"
cargo build -q --release --lib --features unpriced
cp target/release/libfpdb.so "$UNPRICED_LIB/fpdb.so"
chmod -R a+rX "$UNPRICED_LIB"
cargo build -q --release --lib
# Rounds alternate the two builds, the import without its texts kept, and the binary COPY of the
# rows, into fresh databases, so that all four meet the same state of the machine; the medians are
# compared (the first import and COPY above, the first writes of a new cluster, are not among
# them). The last round's database without texts stays for the sizes below.
EV_RUNS=()
UNPRICED_RUNS=()
NORAW_RUNS=()
COPY_RUNS=()
for round in $(seq "$ROUNDS"); do
  newdb priced
  EV_RUNS+=("$(import priced "$WORK/a.txt")")
  newdb unpriced
  UNPRICED_RUNS+=("$(import unpriced "$WORK/a.txt" -c "SET dynamic_library_path = '$UNPRICED_LIB:\$libdir'")")
  newdb noraw
  NORAW_RUNS+=("$(import noraw "$WORK/a.txt" -c "SET fpdb.keep_raw = off")")
  COPY_RUNS+=("$(copy_rate)")
  echo "  round $round: with ${EV_RUNS[-1]}, without ${UNPRICED_RUNS[-1]}, keep_raw off ${NORAW_RUNS[-1]}, COPY ${COPY_RUNS[-1]}"
  # The build was the one loaded: nothing priced there, the all-ins priced by the real import.
  PRICED_PLAIN=$(sql priced -At -c "SELECT count(*) FROM fpdb.HandsPlayers WHERE allInEV <> totalProfit")
  PRICED_UNPRICED=$(sql unpriced -At -c "SELECT count(*) FROM fpdb.HandsPlayers WHERE allInEV <> totalProfit")
  [ "$PRICED_UNPRICED" = 0 ] && [ "$PRICED_PLAIN" -gt 0 ] || { echo "bench: the unpriced build was not the one loaded"; exit 1; }
  sql postgres -q -c "DROP DATABASE priced" -c "DROP DATABASE unpriced"
done
echo "  rows priced: $PRICED_PLAIN with all-in EV, $PRICED_UNPRICED without"
# median_run RUN...: the run ("hands seconds") of median seconds
median_run() { printf '%s\n' "$@" | sort -t' ' -k2,2g | sed -n "$((($# + 1) / 2))p"; }
R_EV_MEDIAN=$(median_run "${EV_RUNS[@]}")
R_UNPRICED=$(median_run "${UNPRICED_RUNS[@]}")
R_NORAW=$(median_run "${NORAW_RUNS[@]}")
R_COPY_MEDIAN=$(median_run "${COPY_RUNS[@]}")
rm -rf "$UNPRICED_LIB" "$COPYDIR"

echo "bench: same, HudCache triggers disabled"
newdb notrig
sql notrig -q -c "ALTER TABLE fpdb.HandsPlayers DISABLE TRIGGER USER"
R_NOTRIG=$(import notrig "$WORK/a.txt")
echo "  $R_NOTRIG"
# Bytes per hand of the kept texts (table, TOAST and index), and of the whole database each way.
RAW_PER_HAND=$(sql empty -At -c "SELECT round(pg_total_relation_size('fpdb.rawhands')::numeric / count(*)) FROM fpdb.Hands")
DB_RAW=$(sql empty -At -c "SELECT round(pg_database_size(current_database())::numeric / count(*)) FROM fpdb.Hands")
DB_NORAW=$(sql noraw -At -c "SELECT round(pg_database_size(current_database())::numeric / count(*)) FROM fpdb.Hands")
TEXT_PER_HAND=$(awk -v b="$(stat -c %s "$WORK/a.txt")" -v n="$N" 'BEGIN {printf "%.0f", b / n}')
sql postgres -q -c "DROP DATABASE noraw"
# fpdb.reimport of the hands just imported (keep_raw on): every kept text read, derived and
# compared again; none differs, so nothing is written.
echo "bench: fpdb.reimport of the kept texts"
R_REIMPORT=$(sql empty -At -q <<SQL
SELECT clock_timestamp() AS t0 \gset
SELECT hands, changed FROM fpdb.reimport() \gset
SELECT :'hands' || ' ' || extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) || ' ' || :'changed';
SQL
)
echo "  $R_REIMPORT"
echo "bench: INSERT-statement path, with and without triggers"
newdb ins
R_INS=$(import ins "$WORK/a.txt" -c "SET fpdb.direct_writes = off")
echo "  $R_INS"
newdb insnotrig
sql insnotrig -q -c "ALTER TABLE fpdb.HandsPlayers DISABLE TRIGGER USER"
R_INS_NOTRIG=$(import insnotrig "$WORK/a.txt" -c "SET fpdb.direct_writes = off")
echo "  $R_INS_NOTRIG"
sql postgres -q -c "DROP DATABASE notrig" -c "DROP DATABASE ins" -c "DROP DATABASE insnotrig"

echo "bench: filling a database with $BASE hands"
newdb big
for ((s = 10; s < 10 + BASE / N; s++)); do
  gen "$WORK/fill.txt" "$s" "$N"
  r=$(import big "$WORK/fill.txt")
  echo "  seed $s: $r"
done
echo "bench: import $N more hands into it"
R_BIG=$(import big "$WORK/b.txt")
echo "  $R_BIG"
HANDS=$(sql big -At -c "SELECT count(*) FROM fpdb.Hands")

# reads: the HUD latency and the reads an index change could slow, on the database "big";
# sets HUD, REPLAY, LAST10K, REBUILD and DELDAY. Run with this version's indexes, then again
# after the database is given the index set before the index design (README "Indexes").
reads() {
echo "bench: fpdb.hud latency"
sql big -q -c "VACUUM ANALYZE"
# Two calls per player: the HUD at a table (the player's stats in that table's game type), and
# over every game he played. Each call is timed in the server (no client round trip).
HUD=$(sql big -At <<'SQL'
DO $$
DECLARE
    p record;
    t0 timestamptz;
    s fpdb.hud_stats;
BEGIN
    CREATE TEMP TABLE lat (kind text, ms double precision);
    FOR p IN
        SELECT pl.name, (SELECT h.gametypeId FROM fpdb.HudCache h WHERE h.playerId = pl.id
                         GROUP BY 1 ORDER BY sum(h.HDs) DESC LIMIT 1) AS gt
        FROM generate_series(1, 1000) AS i
        JOIN LATERAL (SELECT id, name FROM fpdb.Players ORDER BY md5(name || i) LIMIT 1) AS pl ON true
    LOOP
        t0 := clock_timestamp();
        s := fpdb.hud(p.name, gametype_id => p.gt);
        INSERT INTO lat VALUES ('table', extract(epoch FROM clock_timestamp() - t0) * 1000);
        t0 := clock_timestamp();
        s := fpdb.hud(p.name);
        INSERT INTO lat VALUES ('all', extract(epoch FROM clock_timestamp() - t0) * 1000);
    END LOOP;
END
$$;
SELECT string_agg(kind || ' ' || p50 || ' ' || p99, ' ' ORDER BY kind) FROM (
    SELECT kind, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 3) AS p50,
           round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 3) AS p99
    FROM lat GROUP BY kind) AS q;
SQL
)
echo "bench: reads (replayer, a player's last hands, HudCache rebuild, a day's DELETE)"
# A replayer: one hand with every row it owns (Hands, BoardCards, HandsPlayers, HandsActions),
# all columns read, for 1,000 random hands; timed in the server like fpdb.hud.
REPLAY=$(sql big -At <<'SQL'
DO $$
DECLARE
    h bigint;
    t0 timestamptz;
    j jsonb;
    top bigint := (SELECT max(id) FROM fpdb.Hands);
BEGIN
    CREATE TEMP TABLE rl (ms double precision);
    FOR i IN 1..1000 LOOP
        h := 1 + floor(random() * top)::bigint;
        t0 := clock_timestamp();
        SELECT jsonb_build_array(
            (SELECT to_jsonb(x) FROM fpdb.Hands x WHERE x.id = h),
            (SELECT jsonb_agg(to_jsonb(b)) FROM fpdb.BoardCards b WHERE b.handId = h),
            (SELECT jsonb_agg(to_jsonb(p)) FROM fpdb.HandsPlayers p WHERE p.handId = h),
            (SELECT jsonb_agg(to_jsonb(a) ORDER BY a.street, a.actionNo)
             FROM fpdb.HandsPlayers p JOIN fpdb.HandsActions a ON a.handPlayerId = p.id
             WHERE p.handId = h)) INTO j;
        INSERT INTO rl VALUES (extract(epoch FROM clock_timestamp() - t0) * 1000);
    END LOOP;
END
$$;
SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 3) || ' / '
       || round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 3) FROM rl;
SQL
)
# A filter: the hero's last 10,000 hands with their actions (median of 5 runs).
LAST10K=$(sql big -At <<'SQL'
DO $$
DECLARE
    pid int := (SELECT id FROM fpdb.Players WHERE name = 'Hero' LIMIT 1);
    t0 timestamptz;
    n bigint;
BEGIN
    CREATE TEMP TABLE lk (ms double precision, n bigint);
    FOR i IN 1..5 LOOP
        t0 := clock_timestamp();
        SELECT count(*) INTO n FROM (
            SELECT p.id FROM fpdb.HandsPlayers p JOIN fpdb.Hands h ON h.id = p.handId
            WHERE p.playerId = pid ORDER BY h.handStart DESC LIMIT 10000) AS last
        JOIN fpdb.HandsActions a ON a.handPlayerId = last.id;
        INSERT INTO lk VALUES (extract(epoch FROM clock_timestamp() - t0) * 1000, n);
    END LOOP;
END
$$;
SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1) || ' ms (' || max(n) || ' actions)' FROM lk;
SQL
)
REBUILD=$(sql big -At -q <<'SQL'
SELECT clock_timestamp() AS t0 \gset
SELECT fpdb.rebuild_hudcache() AS keys \gset
SELECT round(extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)::numeric, 1) || ' s (' || :'keys' || ' keys)';
SQL
)
# One day of one player's history deleted in one statement: the hands of the first filling file
# (seed 10, its own hand numbers) on that file's median day, HudCache folded by the trigger;
# rolled back so the database is unchanged.
DELDAY=$(sql big -At -q <<'SQL'
SELECT d AS day, n FROM (
    SELECT handStart::date AS d, count(*) AS n, row_number() OVER (ORDER BY count(*)) AS r,
           count(*) OVER () AS days
    FROM fpdb.Hands WHERE siteHandNo >= 1100000000 AND siteHandNo < 1110000000 GROUP BY 1) AS q
WHERE r = (days + 1) / 2 \gset
BEGIN;
SELECT clock_timestamp() AS t0 \gset
DELETE FROM fpdb.Hands WHERE handStart >= :'day'::date AND handStart < :'day'::date + 1
    AND siteHandNo >= 1100000000 AND siteHandNo < 1110000000;
SELECT round(extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)::numeric, 2) || ' s (' || :'n' || ' hands)';
ROLLBACK;
SQL
)
}
reads
HUD_ROWS=$(sql big -At -c "SELECT round(avg(n)) FROM (SELECT count(*) AS n FROM fpdb.HudCache GROUP BY playerId) AS c")
SIZE_PER_HAND=$(sql big -At -c "SELECT round(pg_database_size(current_database())::numeric / count(*)) FROM fpdb.Hands")

# ==== export (issue 19): 20,000 stored hands through fpdb.export_hands in each format, every
# document written and counted (its length summed) in the server.
echo "bench: export (export_hands, pokerstars / ohh / phh)"
EXPORT_N=20000
declare -A EXPORT
for fmt in pokerstars ohh phh; do
  EXPORT[$fmt]=$(sql big -At -q <<SQL
SELECT clock_timestamp() AS t0 \gset
SELECT count(*) AS n, round(avg(length(t))) AS len
FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id LIMIT $EXPORT_N), '$fmt') AS t \gset
SELECT round(:'n' / extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)) || ' hands/s (' || :'len' || ' bytes/hand)';
SQL
)
done
# ==== end export

# ==== the index set before the index design (issue 22), in the same run: the big database
# converted to it (timed: what the update script's section costs, the other way round), then the
# reads again and an import of N more hands; an empty database with it for the empty import and
# the binary COPY above.
echo "bench: the previous index set: reads and imports again"
NOW=("$HUD" "$REPLAY" "$LAST10K" "$REBUILD" "$DELDAY")
R_CONVERT=$(sql big -At -q <<SQL
SELECT clock_timestamp() AS t0 \gset
\i $ROOT/scripts/bench-previous-indexes.sql
SELECT round(extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)::numeric, 1);
SQL
)
R_CONVERT=$(tail -1 <<<"$R_CONVERT")
reads
PREV=("$HUD" "$REPLAY" "$LAST10K" "$REBUILD" "$DELDAY")
gen "$WORK/c.txt" 3 "$N"
R_BIG_PREV=$(import big "$WORK/c.txt")
echo "  $R_BIG_PREV"
HUD=${NOW[0]} REPLAY=${NOW[1]} LAST10K=${NOW[2]} REBUILD=${NOW[3]} DELDAY=${NOW[4]}
# ==== end of the previous index set

echo "bench: peak memory of the importing backend"
gen "$WORK/mem.txt" 3 "$MEM_HANDS"
gen "$WORK/mem_big.txt" 4 "$MEM_BIG_HANDS"
peak_anon() { # peak_anon FILE: MB of anonymous memory at the peak of importing FILE (import_file)
  local file=$1 log="$WORK/mem.log" pid peak=0 kb
  newdb mem >/dev/null
  (sql mem -At -c "SELECT pg_backend_pid()" -c "SELECT pg_sleep(1)" -c "SELECT imported FROM fpdb.import_file('$file')" >"$log" 2>&1) &
  local bg=$!
  sleep 0.5
  pid=$(head -1 "$log")
  while kill -0 "$bg" 2>/dev/null; do
    kb=$(awk '/^RssAnon:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ "${kb:-0}" -gt "$peak" ] && peak=$kb
    sleep 0.05
  done
  wait "$bg"
  awk -v k="$peak" 'BEGIN {printf "%.0f", k / 1024}'
}
MEM_FULL=$(peak_anon "$WORK/mem.txt")
MEM_BIG=$(peak_anon "$WORK/mem_big.txt")
MEM_MB=$(awk -v b="$(stat -c %s "$WORK/mem.txt")" 'BEGIN {printf "%.0f", b / 1048576}')
MEM_BIG_MB=$(awk -v b="$(stat -c %s "$WORK/mem_big.txt")" 'BEGIN {printf "%.0f", b / 1048576}')
rm -f "$WORK/mem_big.txt"

bench_live # ==== live tracking (see its section above)

CPU=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
CORES=$(nproc)

parse_rate=$(grep -E '^split \+ parse +best' "$WORK/parse.txt" | head -1)
derive_rate=$(grep -E '^split \+ parse \+ derive +best' "$WORK/parse.txt" | head -1)
unpriced_rate=$(grep -E '^split \+ parse \+ unpriced +best' "$WORK/parse.txt" | head -1)
best() { awk '{for (i = 1; i <= NF; i++) if ($i == "best") {print $(i + 1) " hands/s, " $(i + 3) " MB/s"; exit}}' <<<"$1"; }
row "parse, one thread (best of 5, $N generated hands)" "$(best "$parse_rate")"
row "parse + statistics without all-in EV (an import's first pass)" "$(best "$unpriced_rate")"
row "parse + derived statistics, one thread" "$(best "$derive_rate")"
row "import_hands, empty database ($N hands, $SIZE_MB MB)" "$(rate "$R_EMPTY") hands/s"
row "  the same rows by binary COPY, every trigger off" "$(rate "$R_COPY") hands/s"
row "  the same import again, median of $ROUNDS rounds" "$(rate "$R_EV_MEDIAN") hands/s"
row "  without all-in EV (a build that prices nothing), median of $ROUNDS" "$(rate "$R_UNPRICED") hands/s"
row "  binary COPY of the same rows, median of $ROUNDS rounds" "$(rate "$R_COPY_MEDIAN") hands/s"
row "  time ratio import / binary COPY (the medians of the same rounds)" "$(awk -v a="$R_EV_MEDIAN" -v b="$R_COPY_MEDIAN" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.3f", x[2] / y[2]}')"
row "  time ratio with all-in EV / without (the medians)" "$(awk -v a="$R_EV_MEDIAN" -v b="$R_UNPRICED" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.3f", x[2] / y[2]}')"
row "  all-in EV by an equity thread of its own (equity_workers = 1)" "$(rate "$R_NOWORKERS") hands/s"
row "import_hands, database holding $((HANDS - N)) hands" "$(rate "$R_BIG") hands/s"
row "  previous index set: import_hands, empty database" "$(rate "$R_EMPTY_PREV") hands/s"
row "  previous index set: binary COPY of the same rows" "$(rate "$R_COPY_PREV") hands/s"
row "  previous index set: import_hands at $HANDS hands" "$(rate "$R_BIG_PREV") hands/s"
row "  converting $HANDS hands to the previous index set" "$R_CONVERT s"
row "import_hands, fpdb.keep_raw = off, median of $ROUNDS rounds" "$(rate "$R_NORAW") hands/s"
row "  time ratio keep_raw on / off (the medians of the same rounds)" "$(awk -v a="$R_EV_MEDIAN" -v b="$R_NORAW" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.3f", x[2] / y[2]}')"
row "kept text per hand (RawHands, $TEXT_PER_HAND bytes of text)" "$RAW_PER_HAND bytes"
row "  database per hand, keep_raw on / off ($N hands)" "$DB_RAW / $DB_NORAW bytes"
row "fpdb.reimport of those hands (hands changed: $(awk '{print $3}' <<<"$R_REIMPORT"))" "$(rate "$R_REIMPORT") hands/s"
row "import_hands, HudCache triggers disabled" "$(rate "$R_NOTRIG") hands/s"
row "  ratio with triggers / without" "$(awk -v a="$R_EMPTY" -v b="$R_NOTRIG" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.2f", x[2] / y[2]}')"
row "INSERT-statement path (fpdb.direct_writes = off)" "$(rate "$R_INS") hands/s"
row "INSERT-statement path, triggers disabled" "$(rate "$R_INS_NOTRIG") hands/s"
row "  ratio with triggers / without (INSERT path)" "$(awk -v a="$R_INS" -v b="$R_INS_NOTRIG" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.2f", x[2] / y[2]}')"
row "fpdb.hud at a table (one game type) p50 / p99, $HANDS hands" "$(awk '{print $5 " / " $6 " ms"}' <<<"$HUD")"
row "fpdb.hud over every game p50 / p99 ($HUD_ROWS HudCache rows/player)" "$(awk '{print $2 " / " $3 " ms"}' <<<"$HUD")"
row "replayer: one hand with all its rows, p50 / p99" "$REPLAY ms"
row "the hero's last 10,000 hands with their actions (median of 5)" "$LAST10K"
row "HudCache rebuild (fpdb.rebuild_hudcache)" "$REBUILD"
row "DELETE of one day of one history (median day; rolled back)" "$DELDAY"
row "  previous index set: fpdb.hud at a table p50 / p99" "$(awk '{print $5 " / " $6 " ms"}' <<<"${PREV[0]}")"
row "  previous index set: replayer p50 / p99" "${PREV[1]} ms"
row "  previous index set: the hero's last 10,000 hands" "${PREV[2]}"
row "  previous index set: HudCache rebuild" "${PREV[3]}"
row "  previous index set: DELETE of one day" "${PREV[4]}"
row "export_hands, PokerStars text ($EXPORT_N hands)" "${EXPORT[pokerstars]}"
row "export_hands, Open Hand History JSON" "${EXPORT[ohh]}"
row "export_hands, PHH" "${EXPORT[phh]}"
row "database size per hand" "$SIZE_PER_HAND bytes"
row "importing backend peak memory, $MEM_MB MB text" "$MEM_FULL MB"
row "importing backend peak memory, $MEM_BIG_MB MB file ($MEM_BIG_HANDS hands)" "$MEM_BIG MB"
# The median of a criterion benchmark ("time: [low median high]").
equity() { grep -A1 "^equity/$1" "$WORK/equity.txt" | grep -o 'time: *\[[^]]*\]' | awk '{print $4 " " $5}'; }
row "equity, hold'em heads-up before the flop (1,712,304 boards)" "$(equity holdem_preflop_heads_up)"
row "equity, hold'em three-way before the flop" "$(equity holdem_preflop_three_way)"
row "equity, hold'em heads-up on the flop" "$(equity holdem_flop_heads_up)"
row "equity, omaha heads-up before the flop" "$(equity omaha_preflop_heads_up)"
row "equity, omaha hi/lo three-way on the flop" "$(equity omaha_hilo_flop_three_way)"
row "all-in EV: hands priced of $N generated" "$(awk '/^input:/ {print $7}' "$WORK/allin.txt")"
row "  derive time on all-ins before the flop" "$(awk '/^derive total/ {gsub(/[()]/, ""); print $9 " s of " $3 " s (" $11 " %)"}' "$WORK/allin.txt")"
row "machine" "$CORES cores"
echo
echo "fpdb benchmark, $(date -u +%Y-%m-%d), $CPU"
printf '| %-62s | %32s |\n' "measure" "result"
printf '|%s|%s|\n' "$(printf -- '-%.0s' {1..64})" "$(printf -- '-%.0s' {1..34})"
printf '%s\n' "${ROWS[@]}"
rm -f "$WORK"/*.txt

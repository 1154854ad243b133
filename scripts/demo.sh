#!/usr/bin/env bash
# The main job: sets everything up on a Debian 12 machine (as root), builds and installs the
# extension, starts fpdb's private PostgreSQL cluster inside the project (.pgdata, port 54329),
# creates the database "fpdb" with the extension, and shows what it does.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
mkdir -p "$ROOT/.run"
source scripts/cluster.sh

PORT=${FPDB_PORT:-54329}
DATA="$ROOT/.pgdata"
DB=${FPDB_DB:-fpdb}

bash scripts/setup.sh
echo "demo: building and installing the extension (release)"
cargo pgrx install --release --pg-config "$PG_BIN/pg_config" >"$ROOT/.run/install.log" 2>&1 || { tail -30 "$ROOT/.run/install.log"; exit 1; }
cluster_start "$DATA" "$PORT"
# A fresh database each run, so the demo always shows the same thing.
cluster_psql "$PORT" postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
cluster_psql "$PORT" "$DB" -c "CREATE EXTENSION fpdb"

echo
echo "Hold'em starting hands, fpdb.start_cards_text(13*x + y): suited above the diagonal, offsuit below"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT substr('AKQJT98765432', r + 1, 1) AS " ",
       string_agg(lpad(fpdb.start_cards_text(13 * (12 - r) + (12 - c)), 4), ' ' ORDER BY c) AS "  A    K    Q    J    T    9    8    7    6    5    4    3    2"
FROM generate_series(0, 12) AS r, generate_series(0, 12) AS c
GROUP BY r
ORDER BY r;
SQL

echo
echo "The private cluster keeps running. Connect with:"
echo "  psql -h 127.0.0.1 -p $PORT -U postgres $DB"
echo "Stop it with:"
echo "  runuser -u postgres -- $PG_BIN/pg_ctl -D $DATA stop"

#!/usr/bin/env bash
# Sets everything up and runs every test of fpdb, as root on Debian 12:
#   1. core:        cargo test of the pure crate (unit, corpus and property tests) and the
#                   fuzz targets of crates/fpdb-fuzz (a fixed budget of inputs each)
#   2. pg_test:     #[pg_test] functions inside a PostgreSQL started by cargo pgrx test
#   3. pg_regress:  golden files in tests/pg_regress against a throw-away private cluster
#   4. integration: scripts in tests/integration (dump/restore, concurrency, crashes, roles)
# Ends with one line "N passed, N failed". Exit status 0 only when nothing failed.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
source scripts/cluster.sh

bash scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }

RUN="$ROOT/.run"
mkdir -p "$RUN"
PASSED=0
FAILED=0
LOG="$RUN/test.log"
: >"$LOG"

REGRESS_DIR="$RUN/regress-cluster"
REGRESS_PORT=${FPDB_REGRESS_PORT:-$((54330 + ${FPDB_PORT_OFFSET:-0}))}
cleanup() { cluster_stop "$REGRESS_DIR"; }
trap cleanup EXIT

count_cargo() {
  # Sums "test result: ok. N passed; M failed" lines of cargo test output.
  local out=$1 p f
  if ! grep -q 'test result' "$out"; then
    echo "  did not run (see $LOG):"
    grep -E '^error|Error' "$out" | head -5 | sed 's/^/    /'
  fi
  p=$(grep -Eo 'test result: [A-Za-z]+\. [0-9]+ passed' "$out" | awk '{s+=$4} END {print s+0}')
  f=$(grep -Eo '[0-9]+ failed;' "$out" | awk '{s+=$1} END {print s+0}')
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  echo "  $p passed, $f failed"
}

tier() { echo; echo "== $*"; }
# FPDB_TIERS selects tiers for a quicker local run (e.g. FPDB_TIERS="3 4"); CI runs all four.
TIERS=" ${FPDB_TIERS:-1 2 3 4} "
want() { [[ $TIERS == *" $1 "* ]]; }

if want 1; then
  tier "1/4 core crate and fuzzing (cargo test -p fpdb-core -p fpdb-fuzz)"
  out="$RUN/core.out"
  # fpdb-fuzz: every fuzz target for a fixed budget (FPDB_FUZZ_EXECS; by default 1,000,000 inputs
  # for the PokerStars parser, 100,000 for the others).
  if ! cargo test -p fpdb-core -p fpdb-fuzz --release 2>&1 | tee -a "$LOG" >"$out"; then
    grep -q 'test result' "$out" || FAILED=$((FAILED + 1))
  fi
  grep -E '^test .* FAILED|panicked' "$out" | head -20
  count_cargo "$out"
fi

if want 2; then
  tier "2/4 #[pg_test] (cargo pgrx test)"
  out="$RUN/pgtest.out"
  rm -rf "$RUN/pgtest"
  mkdir -p "$RUN/pgtest"
  chown postgres:postgres "$RUN/pgtest"
  if ! cargo pgrx test pg15 --runas postgres --pgdata "$RUN/pgtest" 2>&1 | tee -a "$LOG" >"$out"; then
    grep -q 'test result' "$out" || FAILED=$((FAILED + 1))
  fi
  grep -E '^test .* FAILED|panicked' "$out" | head -20
  count_cargo "$out"
  rm -rf "$RUN/pgtest"
fi

if want 3; then
  tier "3/4 pg_regress golden files (tests/pg_regress)"
  out="$RUN/regress.out"
  if bash scripts/install.sh >>"$LOG" 2>&1; then
    rm -rf "$REGRESS_DIR"
    cluster_start "$REGRESS_DIR" "$REGRESS_PORT"
    cluster_psql "$REGRESS_PORT" postgres -c "CREATE DATABASE fpdb_regress"
    tests=$(cd tests/pg_regress/sql && ls *.sql | sed 's/\.sql$//' | grep -v '^setup$' | sort)
    launcher="$RUN/pg_regress_launcher.sh"
    printf '#!/bin/bash\n"$@" -v VERBOSITY=terse\n' >"$launcher"
    chmod 700 "$launcher"
    (cd tests/pg_regress && env -u PGDATABASE -u PGHOST -u PGPORT -u PGUSER \
      PGOPTIONS="-c client_min_messages=warning" \
      "$("$PG_BIN/pg_config" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
      --host=127.0.0.1 --port="$REGRESS_PORT" --user=postgres --use-existing --dbname=fpdb_regress \
      --inputdir=. --outputdir=. --launcher="$launcher" setup $tests) >"$out" 2>&1
    cat "$out" >>"$LOG"
    grep -E '^(test| )' "$out" | grep -E '\.\.\.' || true
    p=$(grep -cE '\.\.\. ok' "$out")
    f=$(grep -cE '\.\.\. FAILED' "$out")
    [ -f tests/pg_regress/regression.diffs ] && head -60 tests/pg_regress/regression.diffs
    PASSED=$((PASSED + p))
    FAILED=$((FAILED + f))
    echo "  $p passed, $f failed"
    cluster_stop "$REGRESS_DIR"
  else
    echo "  cargo pgrx install failed (see $LOG)"
    FAILED=$((FAILED + 1))
  fi
fi

if want 4; then
  tier "4/4 integration scripts (tests/integration)"
  p=0
  f=0
  for t in tests/integration/[!_]*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t" .sh)
    if FPDB_ROOT="$ROOT" bash "$t" >"$RUN/integration-$name.out" 2>&1; then
      echo "  $name ... ok"
      p=$((p + 1))
    else
      echo "  $name ... FAILED (last lines of $RUN/integration-$name.out:)"
      tail -15 "$RUN/integration-$name.out" | sed 's/^/    /'
      f=$((f + 1))
    fi
  done
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  echo "  $p passed, $f failed"
fi

echo
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

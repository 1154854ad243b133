#!/usr/bin/env bash
# Sets everything up and runs every test of fpdb, as root on Debian 12:
#   0. lint:        cargo fmt --check and cargo clippy -D warnings over the workspace
#   1. core:        cargo test of the pure crate (unit, corpus and property tests) and the
#                   fuzz targets of crates/fpdb-fuzz (a fixed budget of inputs each)
#   2. pg_test:     #[pg_test] functions inside a PostgreSQL started by cargo pgrx test
#   3. pg_regress:  golden files in tests/pg_regress against a throw-away private cluster
#                   (the extension built in release mode and installed, with every version's
#                   scripts, by scripts/install.sh)
#   4. integration: scripts in tests/integration (dump/restore, concurrency, crashes, updates,
#                   the Debian package, ...), each against its own throw-away cluster
#   5. scale:       tests/scale/scale.sh: 400,000 hands imported, dumped and restored, deleted
# Ends with one line "N passed, N failed". Exit status 0 only when nothing failed. A tier whose
# harness fails (a build error, a server that does not start, a runner that exits with an error
# without reporting a failed test) counts as a failure, never as a pass.
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
STARTED=$(date +%s)

REGRESS_DIR="$RUN/regress-cluster"
REGRESS_PORT=${FPDB_REGRESS_PORT:-$((25330 + ${FPDB_PORT_OFFSET:-0}))}
cleanup() { cluster_stop "$REGRESS_DIR"; }
trap cleanup EXIT

# harness_failed WHAT: a tier that could not run or report is one failure.
harness_failed() {
  echo "  FAILED: $1 (see $LOG)"
  FAILED=$((FAILED + 1))
}

# run_cargo OUT STATUS: counts "test result: ok. N passed; M failed" lines of cargo test output;
# a non-zero exit status without a failed test reported is a harness failure (a build error, a
# test binary that crashed, ...).
count_cargo() {
  local out=$1 status=$2 p f
  p=$(grep -Eo 'test result: [A-Za-z]+\. [0-9]+ passed' "$out" | awk '{s+=$4} END {print s+0}')
  f=$(grep -Eo '[0-9]+ failed;' "$out" | awk '{s+=$1} END {print s+0}')
  grep -E '^test .* FAILED|panicked' "$out" | head -20
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  echo "  $p passed, $f failed"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    grep -E '^error|^Error|error:' "$out" | head -5 | sed 's/^/    /'
    harness_failed "cargo exited with status $status"
  elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
    harness_failed "no test ran"
  fi
}

tier() { echo; echo "== $*  ($(($(date +%s) - STARTED)) s so far)"; }
# FPDB_TIERS selects tiers for a quicker local run (e.g. FPDB_TIERS="3 4"); CI runs them all.
TIERS=" ${FPDB_TIERS:-0 1 2 3 4 5 6} "
want() { [[ $TIERS == *" $1 "* ]]; }

if want 0; then
  tier "0/5 lint (cargo fmt --check, cargo clippy -D warnings)"
  if cargo fmt --all -- --check >>"$LOG" 2>&1; then
    echo "  fmt ... ok"
    PASSED=$((PASSED + 1))
  else
    echo "  fmt ... FAILED (cargo fmt --all -- --check; run cargo fmt --all)"
    FAILED=$((FAILED + 1))
  fi
  if cargo clippy --workspace --all-targets -- -D warnings >"$RUN/clippy.out" 2>&1; then
    echo "  clippy ... ok"
    PASSED=$((PASSED + 1))
  else
    echo "  clippy ... FAILED:"
    grep -E '^(error|warning)' -A 4 "$RUN/clippy.out" | head -20 | sed 's/^/    /'
    FAILED=$((FAILED + 1))
  fi
  cat "$RUN/clippy.out" >>"$LOG"
fi

if want 1; then
  tier "1/5 core crate and fuzzing (cargo test -p fpdb-core -p fpdb-fuzz)"
  out="$RUN/core.out"
  # fpdb-fuzz: every fuzz target for a fixed budget (FPDB_FUZZ_EXECS; by default 1,000,000 inputs
  # for the PokerStars parser, 100,000 for the others).
  cargo test -p fpdb-core -p fpdb-fuzz -p fpdb-gen --release 2>&1 | tee -a "$LOG" >"$out"
  count_cargo "$out" "${PIPESTATUS[0]}"
fi

if want 2; then
  tier "2/5 #[pg_test] (cargo pgrx test)"
  out="$RUN/pgtest.out"
  rm -rf "$RUN/pgtest"
  mkdir -p "$RUN/pgtest"
  chown postgres:postgres "$RUN/pgtest"
  cargo pgrx test pg15 --runas postgres --pgdata "$RUN/pgtest" 2>&1 | tee -a "$LOG" >"$out"
  count_cargo "$out" "${PIPESTATUS[0]}"
  rm -rf "$RUN/pgtest"
fi

# Tiers 3 to 5 need the extension installed (release build: the scale tier imports 400,000 hands).
installed=no
install_extension() {
  [ "$installed" = yes ] && return 0
  if bash scripts/install.sh --release >>"$LOG" 2>&1; then
    installed=yes
  else
    return 1
  fi
}

if want 3; then
  tier "3/5 pg_regress golden files (tests/pg_regress)"
  out="$RUN/regress.out"
  if ! install_extension; then
    harness_failed "scripts/install.sh --release"
  else
    cluster_stop "$REGRESS_DIR"
    rm -rf "$REGRESS_DIR"
    if ! REGRESS_PORT=$(free_port "$REGRESS_PORT") ||
      ! cluster_start "$REGRESS_DIR" "$REGRESS_PORT" >>"$LOG" 2>&1 ||
      ! cluster_psql "$REGRESS_PORT" postgres -c "CREATE DATABASE fpdb_regress" >>"$LOG" 2>&1; then
      harness_failed "the regression cluster did not start"
    else
      tests=$(cd tests/pg_regress/sql && ls *.sql | sed 's/\.sql$//' | grep -v '^setup$' | sort)
      launcher="$RUN/pg_regress_launcher.sh"
      printf '#!/bin/bash\n"$@" -v VERBOSITY=terse\n' >"$launcher"
      chmod 700 "$launcher"
      (cd tests/pg_regress && env -u PGDATABASE -u PGHOST -u PGPORT -u PGUSER \
        PGOPTIONS="-c client_min_messages=warning" \
        "$("$PG_BIN/pg_config" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
        --host=127.0.0.1 --port="$REGRESS_PORT" --user=postgres --use-existing --dbname=fpdb_regress \
        --inputdir=. --outputdir=. --launcher="$launcher" setup $tests) >"$out" 2>&1
      status=$?
      cat "$out" >>"$LOG"
      grep -E '^(test| )' "$out" | grep -E '\.\.\.' || true
      p=$(grep -cE '\.\.\. ok' "$out")
      f=$(grep -cE '\.\.\. FAILED' "$out")
      [ -f tests/pg_regress/regression.diffs ] && head -60 tests/pg_regress/regression.diffs
      PASSED=$((PASSED + p))
      FAILED=$((FAILED + f))
      echo "  $p passed, $f failed"
      expected=$(($(echo "$tests" | wc -w) + 1))
      if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
        tail -5 "$out" | sed 's/^/    /'
        harness_failed "pg_regress exited with status $status"
      elif [ $((p + f)) -ne "$expected" ]; then
        harness_failed "pg_regress ran $((p + f)) of $expected tests"
      fi
    fi
    cluster_stop "$REGRESS_DIR"
  fi
fi

# remove_clusters KEEP: the throw-away clusters a script left in .run/it-* are stopped and
# removed, so that the disk holds one script's data at a time (the scale tier alone writes some
# 6 GB); with KEEP (a failed script's name) each one's server.log is kept as .run/KEEP.DIR.log.
remove_clusters() {
  local keep=$1 d
  for d in "$RUN"/it-*/; do
    [ -d "$d" ] || continue
    cluster_stop "$d" 2>/dev/null || true
    if [ -n "$keep" ] && [ -f "$d/server.log" ]; then
      cp "$d/server.log" "$RUN/$keep.$(basename "$d").log"
    fi
    rm -rf "$d"
  done
}

# run_scripts TIER DIR: every script of DIR (not starting with _), each a test.
run_scripts() {
  local dir=$1 p=0 f=0 t name started
  for t in "$dir"/[!_]*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t" .sh)
    started=$(date +%s)
    if FPDB_ROOT="$ROOT" bash "$t" >"$RUN/$(basename "$dir")-$name.out" 2>&1; then
      echo "  $name ... ok ($(($(date +%s) - started)) s)"
      p=$((p + 1))
      remove_clusters ""
    else
      echo "  $name ... FAILED (last lines of $RUN/$(basename "$dir")-$name.out:)"
      tail -15 "$RUN/$(basename "$dir")-$name.out" | sed 's/^/    /'
      f=$((f + 1))
      remove_clusters "$(basename "$dir")-$name"
    fi
  done
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  echo "  $p passed, $f failed"
  [ $((p + f)) -gt 0 ] || harness_failed "no script found in $dir"
}

if want 4; then
  tier "4/5 integration scripts (tests/integration)"
  if install_extension; then
    run_scripts tests/integration
  else
    harness_failed "scripts/install.sh --release"
  fi
fi

# free_disk_for_scale: the scale tier needs about 7.5 GB of free disk at its peak (see
# tests/scale/scale.sh). With less than FPDB_SCALE_DISK_GB (default 9) free, the build trees that
# only the earlier tiers use are removed first, with a line saying so: target/debug (clippy,
# cargo pgrx test), target/fpdb-0.1.0 (the update test's build of release 0.1.0) and the stopped
# regression cluster. The next run builds them again.
free_disk_for_scale() {
  local need=${FPDB_SCALE_DISK_GB:-9} free
  free=$(($(df -Pk "$RUN" | awk 'NR == 2 {print $4}') / 1048576))
  [ "$free" -ge "$need" ] && return 0
  echo "  disk: $free GB free, the scale tier needs about $need GB: removing target/debug," \
    "target/fpdb-0.1.0 and the regression cluster ($(du -shc target/debug target/fpdb-0.1.0 \
      "$REGRESS_DIR" 2>/dev/null | awk 'END {print $1}'))"
  rm -rf target/debug target/fpdb-0.1.0 "$REGRESS_DIR"
  echo "  disk: $(($(df -Pk "$RUN" | awk 'NR == 2 {print $4}') / 1048576)) GB free now"
}

if want 5; then
  tier "5/5 scale (tests/scale: ${FPDB_SCALE_HANDS:-400000} hands imported, dumped, restored, deleted)"
  if install_extension; then
    free_disk_for_scale
    run_scripts tests/scale
    grep -E '^(disk|time|memory|file|added|dump|deleted):' "$RUN"/scale-*.out | sed 's/^[^:]*:/  /'
  else
    harness_failed "scripts/install.sh --release"
  fi
fi

# ---- tier 6: Citus (issue 20) ---------------------------------------------------------------
# A coordinator and two workers (Citus built from ../shared/vendor/citus into the PostgreSQL of
# PG_BIN when it has none), fpdb distributed, the PokerStars corpus imported by two sessions at
# once and compared with one server (tests/citus/citus.sh).
if want 6; then
  tier "6 Citus cluster (tests/citus)"
  if install_extension; then
    run_scripts tests/citus
    grep -E '^(time|cluster sessions|single server|race):' "$RUN"/citus-*.out | sed 's/^[^:]*:/  /'
  else
    harness_failed "scripts/install.sh --release"
  fi
fi
# ---- end of tier 6 ---------------------------------------------------------------------------

echo
echo "total time: $(($(date +%s) - STARTED)) s"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]

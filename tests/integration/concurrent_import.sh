#!/usr/bin/env bash
# Four sessions import overlapping sets of files at the same time, one file per transaction (as a
# tracker's auto-import does): no deadlock, no error, each hand stored once, HudCache exact.
source "$(dirname "$0")/_lib.sh"
it_start concurrent 54343
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

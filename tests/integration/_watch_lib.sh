# Helpers of the watch_*.sh integration scripts (live tracking): a folder the server can read,
# hands of a test file one per file, and waiting for a condition (never for a duration).
source "$(dirname "${BASH_SOURCE[0]}")/_lib.sh"

# wait_for WHAT SQL WANT [SECONDS]: polls SQL (in database fpdb) until it prints WANT; fails the
# script with the last value after SECONDS (default 60).
wait_for() {
  local what=$1 sql=$2 want=$3 limit=${4:-60} got=""
  local end=$((SECONDS + limit))
  while [ $SECONDS -lt $end ]; do
    got=$(it_psql fpdb -At -c "$sql" 2>/dev/null || true)
    if [ "$got" == "$want" ]; then
      echo "ok: $what"
      return 0
    fi
    sleep 0.1
  done
  echo "FAILED: $what (got '$got', want '$want' within ${limit}s)"
  exit 1
}

# A folder the postgres user can read, under the script's run directory.
watch_dir() {
  local d="$IT_DIR.$1"
  rm -rf "$d"
  mkdir -p "$d"
  chmod 755 "$d"
  echo "$d"
}

# split_hands FILE DIR: one file per hand of a PokerStars history (DIR/001, DIR/002, ...).
split_hands() {
  local file=$1 dir=$2
  rm -rf "$dir"
  mkdir -p "$dir"
  awk -v dir="$dir" '
    /^PokerStars (Game|Hand) #/ { n++; out = sprintf("%s/%03d", dir, n) }
    n && !/^[[:space:]]*$/ { print > out }
  ' "$file"
}

# now_ms: wall-clock milliseconds.
now_ms() { date +%s%3N; }

# Shared by the integration scripts: a throw-away private cluster per script, stopped on exit.
# Usage: source _lib.sh; it_start NAME PORT; it_psql DB -c ...
set -euo pipefail
ROOT=${FPDB_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
source "$ROOT/scripts/cluster.sh"

it_start() {
  IT_DIR="$ROOT/.run/it-$1"
  cluster_stop "$IT_DIR" 2>/dev/null || true
  rm -rf "$IT_DIR"
  # FPDB_PORT_OFFSET: several checkouts testing at once; a port in use is skipped.
  IT_PORT=$(free_port $(($2 + ${FPDB_PORT_OFFSET:-0})))
  trap 'cluster_stop "$IT_DIR"' EXIT
  cluster_start "$IT_DIR" "$IT_PORT"
}

it_psql() {
  local db=$1
  shift
  cluster_psql "$IT_PORT" "$db" "$@"
}

# Prints "ok: what" or fails the script with "FAILED: what (got X, want Y)".
check() {
  local what=$1 got=$2 want=$3
  if [ "$got" == "$want" ]; then
    echo "ok: $what"
  else
    echo "FAILED: $what (got '$got', want '$want')"
    exit 1
  fi
}

# Writes a big PokerStars history (COUNT generated hands, SEED) to FILE, readable by the server.
make_history() {
  local file=$1 count=$2 seed=${3:-1}
  (cd "$ROOT" && cargo run -q --release -p fpdb-gen --bin fpdb-gen -- --seed "$seed" --count "$count") >"$file"
  chmod 644 "$file"
}

# Imports every sample history (samples/) into DB with fpdb.import_file.
import_samples() {
  local db=$1 f
  chmod 755 "$ROOT/samples"
  for f in "$ROOT"/samples/*.txt "$ROOT"/samples/*.xml; do
    chmod 644 "$f"
    it_psql "$db" -At -c "SELECT imported FROM fpdb.import_file('$f')" >/dev/null
  done
}

#!/usr/bin/env bash
# The Debian package: scripts/package.sh builds it; with the cargo-pgrx install removed from the
# system's PostgreSQL 15, `dpkg -i` installs it and a fresh cluster creates the extension,
# imports hands, and updates a 0.1.0 database; `dpkg -r` removes every file it installed. The
# source build is installed again afterwards, as the other tests expect it.
source "$(dirname "$0")/_lib.sh"
SYSTEM_BIN=/usr/lib/postgresql/15/bin
export PG_BIN=$SYSTEM_BIN PG_CONFIG=$SYSTEM_BIN/pg_config # the system's, even in an isolated checkout
# One checkout at a time changes the system's PostgreSQL (dpkg, the source build put back).
exec 9>/tmp/fpdb-system-postgresql.lock
flock 9
SHARE=$("$SYSTEM_BIN/pg_config" --sharedir)/extension
LIB=$("$SYSTEM_BIN/pg_config" --pkglibdir)
restore() {
  dpkg -r postgresql-15-fpdb >/dev/null 2>&1 || true
  (cd "$ROOT" && PG_BIN=$SYSTEM_BIN bash scripts/install.sh --release) >/dev/null 2>&1
}
it_start package 25353
trap 'cluster_stop "$IT_DIR" 2>/dev/null; restore' EXIT # after it_start, which sets its own

(cd "$ROOT" && bash scripts/package.sh) >"$ROOT/.run/package-build.log" 2>&1 ||
  { tail -20 "$ROOT/.run/package-build.log"; exit 1; }
version=$(awk -F'"' '/^version = / {print $2; exit}' "$ROOT/Cargo.toml")
deb="$ROOT/target/debian/postgresql-15-fpdb_${version}_$(dpkg --print-architecture).deb"
check "package built" "$(test -s "$deb" && echo yes)" "yes"
check "package depends on postgresql-15" \
  "$(dpkg-deb -f "$deb" Depends | grep -o 'postgresql-15' | head -1)" "postgresql-15"
check "package holds the library, the control file and every install and update script" \
  "$(dpkg-deb --contents "$deb" | awk '{print $6}' | grep -cE "/fpdb\.so$|/fpdb\.control$|/fpdb--0\.1\.0\.sql$|/fpdb--$version\.sql$|/fpdb--0\.1\.0--$version\.sql$")" "5"

# Bypass the source build: nothing of fpdb left in the system's PostgreSQL.
rm -f "$SHARE"/fpdb.control "$SHARE"/fpdb--*.sql "$LIB"/fpdb.so
dpkg -i "$deb" >/dev/null
check "dpkg installed the package" "$(dpkg-query -W -f='${Status}' postgresql-15-fpdb)" "install ok installed"

cluster_stop "$IT_DIR"
cluster_start "$IT_DIR" "$IT_PORT"
it_psql postgres -c "CREATE DATABASE pkg" -c "CREATE DATABASE pkg_old"
it_psql pkg -c "CREATE EXTENSION fpdb"
check "CREATE EXTENSION from the package" "$(it_psql pkg -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")" "$version"
DATA="$ROOT/tests/pg_regress/data"
check "an import with the packaged library" \
  "$(it_psql pkg -At -c "SELECT imported || '/' || failed FROM fpdb.import_file('$DATA/stars-nlhe-6max-78hands.txt')")" "78/0"
check "HudCache exact" "$(it_psql pkg -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
it_psql pkg_old -c "CREATE EXTENSION fpdb VERSION '0.1.0'" -c "ALTER EXTENSION fpdb UPDATE"
check "a 0.1.0 database updates with the package's scripts" \
  "$(it_psql pkg_old -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")" "$version"
cluster_stop "$IT_DIR"

dpkg -r postgresql-15-fpdb >/dev/null
check "dpkg -r removed the library and the scripts" \
  "$(ls "$SHARE"/fpdb* "$LIB"/fpdb.so 2>/dev/null | wc -l)" "0"

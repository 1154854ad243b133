#!/usr/bin/env bash
# Builds the Debian package of fpdb for PostgreSQL 15 on amd64:
#   target/debian/postgresql-15-fpdb_<version>_amd64.deb
# with the library, the control file, the install script of every version (the current one as
# cargo pgrx generates it, the released ones frozen in sql/) and every update script; it depends
# on postgresql-15. Install it with `dpkg -i`, then CREATE EXTENSION fpdb (or ALTER EXTENSION
# fpdb UPDATE in databases that have an older version).
# Usage: bash scripts/package.sh   (as root on Debian 12; installs what it needs)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
bash scripts/setup.sh

version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
pg=$("$PG_CONFIG" --version | awk '{print $2}' | cut -d. -f1)
arch=$(dpkg --print-architecture)
name="postgresql-$pg-fpdb"
stage="$ROOT/target/debian/${name}_${version}_${arch}"
rm -rf "$stage"
echo "package: building fpdb $version for PostgreSQL $pg (release)"
cargo pgrx package --pg-config "$PG_CONFIG" --out-dir "$stage" >"$ROOT/target/package.log" 2>&1 ||
  { tail -30 "$ROOT/target/package.log"; exit 1; }
# cargo pgrx package lays the files out under the pg_config paths; add the frozen install scripts
# of released versions (the update scripts are already there).
extdir="$stage$("$PG_CONFIG" --sharedir)/extension"
libdir="$stage$("$PG_CONFIG" --pkglibdir)"
for f in sql/fpdb--*.sql; do
  install -m 644 "$f" "$extdir/"
done
test -f "$libdir/fpdb.so" && test -f "$extdir/fpdb.control" && test -f "$extdir/fpdb--$version.sql" ||
  { echo "package: cargo pgrx package did not produce the expected files"; exit 1; }
strip --strip-unneeded "$libdir/fpdb.so"

mkdir -p "$stage/DEBIAN" "$stage/usr/share/doc/$name"
install -m 644 README.md "$stage/usr/share/doc/$name/README.md"
size=$(du -sk "$stage" | awk '{print $1}')
cat >"$stage/DEBIAN/control" <<CONTROL
Package: $name
Version: $version
Architecture: $arch
Maintainer: fpdb developers <fpdb@localhost>
Depends: postgresql-$pg, libc6 (>= 2.34), libgcc-s1
Section: database
Priority: optional
Installed-Size: $size
Description: fpdb: PostgreSQL as a poker hand database
 A PostgreSQL extension (CREATE EXTENSION fpdb) that stores poker hand histories in the
 tables of the Free Poker DB design: hand-history parsers for many poker rooms, import
 functions, HUD statistics kept exact by the database (HudCache), tournament results.
 Installs the library, the control file and the install and update scripts of every
 released version for PostgreSQL $pg.
CONTROL
find "$stage" -type d -exec chmod 755 {} +
out="$ROOT/target/debian/${name}_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage" "$out" >/dev/null
rm -rf "$stage"
echo "package: $out ($(($(stat -c %s "$out") / 1024)) KB)"
dpkg-deb --contents "$out" | awk '{print "  " $6}' | grep -E 'fpdb[^/]*$'

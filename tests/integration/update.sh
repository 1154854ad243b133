#!/usr/bin/env bash
# ALTER EXTENSION fpdb UPDATE from release 0.1.0, as a user does it: a database made with the
# 0.1.0 library and scripts (built from the commit 0.1.0 was frozen from) holds real hands; the
# current package is installed over it; then
#   (a) the update keeps every row of every table, and HudCache identical and exact;
#   (b) importing more hands works;
#   (c) the updated schema equals a fresh install of the current version: every extension member,
#       column (type, NOT NULL, default, identity, generated), relation (kind, options, ACL),
#       index, constraint, function (signature, volatility, strictness, parallel safety,
#       SECURITY, settings, ACL, definition), view, trigger, sequence, comment, and the
#       pg_extension_config_dump list.
# Runs in a private copy of PostgreSQL 15 (so the system's stays as the other tiers left it).
source "$(dirname "$0")/_lib.sh"
V010_COMMIT=a6deaae
RUNDIR="$ROOT/.run"
PGCOPY="$RUNDIR/update-pg"

# A private PostgreSQL installation: the system's, copied (PostgreSQL finds its share and lib
# directories relative to its binaries).
if [ ! -x "$PGCOPY/usr/lib/postgresql/15/bin/postgres" ]; then
  rm -rf "$PGCOPY"
  mkdir -p "$PGCOPY/usr/lib/postgresql" "$PGCOPY/usr/share/postgresql" "$PGCOPY/usr/include"
  cp -a /usr/lib/postgresql/15 "$PGCOPY/usr/lib/postgresql/"
  cp -a /usr/share/postgresql/15 "$PGCOPY/usr/share/postgresql/"
  cp -a /usr/include/postgresql "$PGCOPY/usr/include/"
fi
rm -f "$PGCOPY"/usr/share/postgresql/15/extension/fpdb* "$PGCOPY"/usr/lib/postgresql/15/lib/fpdb.so
chmod -R o+rX "$PGCOPY"
export PG_BIN="$PGCOPY/usr/lib/postgresql/15/bin"
PG_CONFIG="$PG_BIN/pg_config"

# Release 0.1.0's library and scripts, built from its commit.
OLD="$RUNDIR/fpdb-0.1.0"
rm -rf "$OLD"
mkdir -p "$OLD"
git -C "$ROOT" archive "$V010_COMMIT" | tar -x -C "$OLD"
check "the commit of release 0.1.0 is version 0.1.0" "$(awk -F'"' '/^version = / {print $2; exit}' "$OLD/Cargo.toml")" "0.1.0"
(cd "$OLD" && CARGO_TARGET_DIR="$ROOT/target/fpdb-0.1.0" cargo pgrx install --pg-config "$PG_CONFIG") \
  >"$RUNDIR/update-build-0.1.0.log" 2>&1 || { tail -20 "$RUNDIR/update-build-0.1.0.log"; exit 1; }
check "0.1.0's generated install script is the frozen sql/fpdb--0.1.0.sql" \
  "$(cmp -s "$PGCOPY/usr/share/postgresql/15/extension/fpdb--0.1.0.sql" "$ROOT/sql/fpdb--0.1.0.sql" && echo same)" "same"

it_start update 25352
it_psql postgres -c "CREATE DATABASE upd" -c "CREATE DATABASE fresh"
it_psql upd -c "CREATE EXTENSION fpdb"
check "0.1.0 installed" "$(it_psql upd -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")" "0.1.0"
DATA="$ROOT/tests/pg_regress/data"
CORPUS="$ROOT/../shared/corpus"
files=("$DATA/stars-nlhe-6max-78hands.txt" "$DATA/stars-tour-ko.txt" "$DATA/stars-stud-11hands.txt"
  "$DATA/stars-run-it-twice.txt" "$DATA/stars-triple-draw.txt" "$DATA/winning-utf16.txt")
for f in "${files[@]}"; do
  it_psql upd -At -c "SELECT imported FROM fpdb.import_file('$f')" >/dev/null
done
# More real hands: every file of a few rooms of the corpus.
for room in cash/GGPoker cash/PacificPoker tour/Stars; do
  while IFS= read -r -d '' f; do
    it_psql upd -At -c "SELECT imported FROM fpdb.import_file('${f//\'/\'\'}')" >/dev/null
  done < <(find "$CORPUS/$room" -name '*.txt' -print0 | sort -z)
done
hands=$(it_psql upd -At -c "SELECT count(*) FROM fpdb.Hands")
echo "hands imported with 0.1.0: $hands"
[ "$hands" -gt 500 ] || { echo "FAILED: too few hands imported with 0.1.0 ($hands)"; exit 1; }

TABLES="sites players gametypes tourneytypes tourneys tourneysplayers hands boardcards handsplayers handsactions hudcache autorates"
# Each table's columns as 0.1.0 has them, in order; the fingerprint of a table is the number of
# its rows and the sum of a hash of each row's text over exactly these columns (an update may add
# columns: existing rows must keep every value they had).
declare -A COLS
for t in $TABLES; do
  COLS[$t]=$(it_psql upd -At -c "SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
    WHERE attrelid = 'fpdb.$t'::regclass AND attnum > 0 AND NOT attisdropped")
done
fingerprint() {
  local t out=""
  for t in $TABLES; do
    out+="$t:$(it_psql "$1" -At -c "SELECT count(*) || ':' || coalesce(sum(hashtextextended(row(${COLS[$t]})::text, 0)::numeric), 0) FROM fpdb.$t") "
  done
  echo "$out"
}
before=$(fingerprint upd)
before_diff=$(it_psql upd -At -c "SELECT count(*) FROM fpdb.hudcache_diff()")
check "HudCache exact under 0.1.0" "$before_diff" "0"

# The current version's package over it, then the update.
cluster_stop "$IT_DIR"
(cd "$ROOT" && PG_BIN="$PG_BIN" bash scripts/install.sh --release) >"$RUNDIR/update-install.log" 2>&1 ||
  { tail -20 "$RUNDIR/update-install.log"; exit 1; }
cluster_start "$IT_DIR" "$IT_PORT"
current=$(awk -F'"' '/^version = / {print $2; exit}' "$ROOT/Cargo.toml")
check "pg_available_extension_versions lists 0.1.0 and $current" \
  "$(it_psql upd -At -c "SELECT string_agg(version, ' ' ORDER BY version) FROM pg_available_extension_versions WHERE name = 'fpdb'")" \
  "0.1.0 $current"
# The new library refuses to import into the old objects until the update has run.
out=$(it_psql upd -v ON_ERROR_STOP=0 -c "SELECT imported FROM fpdb.import_file('$DATA/stars-nlhe-4bet.txt')" \
  -c '\echo SQLSTATE=:SQLSTATE' 2>&1)
check "an import before ALTER EXTENSION UPDATE is refused (55000)" "$(grep -o 'SQLSTATE=[0-9A-Z]*' <<<"$out")" "SQLSTATE=55000"
grep -q 'Run ALTER EXTENSION fpdb UPDATE' <<<"$out" || { echo "FAILED: no hint in: $out"; exit 1; }
it_psql upd -c "ALTER EXTENSION fpdb UPDATE"
check "updated to $current" "$(it_psql upd -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")" "$current"
check "Settings.version follows the release" "$(it_psql upd -At -c "SELECT version FROM fpdb.Settings")" \
  "$(echo "$current" | cut -d. -f2)"

# (a) Every row kept, every value of 0.1.0's columns the same.
check "every row of every table kept by the update" "$(fingerprint upd)" "$before"
check "HudCache exact after the update" "$(it_psql upd -At -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"

# (b) Importing more works, and HudCache stays exact.
more=$(it_psql upd -At -c "SELECT imported FROM fpdb.import_file('$DATA/stars-nlhe-4bet.txt')")
check "a new hand imported after the update" "$more" "1"
while IFS= read -r -d '' f; do
  it_psql upd -At -c "SELECT imported FROM fpdb.import_file('${f//\'/\'\'}')" >/dev/null
done < <(find "$CORPUS/cash/Stars" -name '*.txt' -print0 | sort -z | head -z -n 40)
check "HudCache exact after importing more" "$(it_psql upd -At -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"
it_psql upd -At -c "DELETE FROM fpdb.Hands WHERE id % 3 = 0" >/dev/null
check "HudCache exact after a delete" "$(it_psql upd -At -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"

# (c) The updated schema is a fresh install's.
it_psql fresh -c "CREATE EXTENSION fpdb"
catalog() {
  it_psql "$1" -At <<'SQL'
WITH ext AS (SELECT oid, extconfig, extcondition FROM pg_extension WHERE extname = 'fpdb'),
members AS (
    SELECT d.classid, d.objid, d.objsubid FROM pg_depend d, ext
    WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
), rels AS (
    SELECT c.* FROM pg_class c WHERE c.relnamespace = 'fpdb'::regnamespace
)
SELECT line FROM (
    SELECT 'member ' || pg_describe_object(classid, objid, objsubid) AS line FROM members
    UNION ALL
    SELECT 'comment ' || pg_describe_object(d.classoid, d.objoid, d.objsubid) || ': ' || d.description
    FROM pg_description d JOIN members m ON m.classid = d.classoid AND m.objid = d.objoid
    UNION ALL
    SELECT 'comment ' || pg_describe_object(d.classoid, d.objoid, d.objsubid) || ': ' || d.description
    FROM pg_description d JOIN rels c ON d.classoid = 'pg_class'::regclass AND d.objoid = c.oid AND d.objsubid > 0
    UNION ALL
    SELECT 'relation ' || c.relname || ' kind ' || c.relkind::text || ' options ' || coalesce(array_to_string(c.reloptions, ','), '')
           || ' acl ' || coalesce(c.relacl::text, '') || ' rls ' || c.relrowsecurity
    FROM rels c
    UNION ALL
    SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
           || coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), '')
           || CASE WHEN a.attidentity <> '' THEN ' identity ' || a.attidentity::text ELSE '' END
           || CASE WHEN a.attgenerated <> '' THEN ' generated ' || a.attgenerated::text ELSE '' END
           || ' collation ' || a.attcollation::regcollation
    FROM pg_attribute a JOIN rels c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'index ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN rels c ON c.oid = i.indrelid
    UNION ALL
    SELECT 'constraint ' || co.conrelid::regclass || ' ' || co.conname || ' ' || pg_get_constraintdef(co.oid)
           || CASE WHEN co.condeferrable THEN ' deferrable' ELSE '' END
    FROM pg_constraint co WHERE co.connamespace = 'fpdb'::regnamespace
    UNION ALL
    SELECT 'trigger ' || pg_get_triggerdef(t.oid) || CASE WHEN t.tgenabled <> 'O' THEN ' enabled ' || t.tgenabled::text ELSE '' END
    FROM pg_trigger t JOIN rels c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal
    UNION ALL
    SELECT 'function ' || p.oid::regprocedure || ' returns ' || pg_get_function_result(p.oid)
           || ' kind ' || p.prokind::text || ' volatile ' || p.provolatile::text || ' strict ' || p.proisstrict
           || ' parallel ' || p.proparallel::text || ' secdef ' || p.prosecdef || ' leakproof ' || p.proleakproof
           || ' cost ' || p.procost || ' rows ' || p.prorows
           || ' config ' || coalesce(p.proconfig::text, '') || ' acl ' || coalesce(p.proacl::text, '')
           || ' lang ' || l.lanname || ' args ' || coalesce(pg_get_function_arguments(p.oid), '')
           || ' def ' || md5(CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) ELSE p.prosrc END)
    FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = 'fpdb'::regnamespace
    UNION ALL
    SELECT 'view ' || c.relname || ' ' || md5(pg_get_viewdef(c.oid)) FROM rels c WHERE c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'sequence ' || s.seqrelid::regclass || ' ' || format_type(s.seqtypid, NULL) || ' ' || s.seqstart || ' '
           || s.seqincrement || ' ' || s.seqmax || ' ' || s.seqmin || ' cache ' || s.seqcache || ' ' || s.seqcycle
    FROM pg_sequence s JOIN rels c ON c.oid = s.seqrelid
    UNION ALL
    SELECT 'config dump ' || x.t::regclass || ' ' || coalesce(x.cond, '')
    FROM ext, unnest(ext.extconfig, ext.extcondition) AS x(t, cond)
    UNION ALL
    SELECT 'type ' || t.typname || ' ' || t.typtype::text FROM pg_type t WHERE t.typnamespace = 'fpdb'::regnamespace
) all_lines ORDER BY line COLLATE "C"
SQL
}
catalog upd >"$IT_DIR.updated.catalog"
catalog fresh >"$IT_DIR.fresh.catalog"
echo "catalog lines: $(wc -l <"$IT_DIR.fresh.catalog")"
if ! diff -u "$IT_DIR.fresh.catalog" "$IT_DIR.updated.catalog" >"$IT_DIR.catalog.diff"; then
  echo "the updated schema differs from a fresh install (- fresh, + updated):"
  grep '^[-+][^-+]' "$IT_DIR.catalog.diff" | head -60
fi
check "the updated schema equals a fresh install of $current" "$(wc -l <"$IT_DIR.catalog.diff")" "0"
cluster_stop "$IT_DIR"
rm -rf "$OLD"

#!/usr/bin/env bash
# Every tournament summary of the corpus imported through fpdb.import_file: each tournament
# stored once with every listed player, the refused files (README, "Tournament results") counted
# as failed with their reason, a second pass all duplicates, the reverse import order the same
# results, and HudCache exact after the corpus' tournament hands join the summaries' rows.
source "$(dirname "$0")/_lib.sh"
it_start summaries 25352
CORPUS=$(readlink -f "$ROOT/../shared/corpus")

it_psql postgres -c "CREATE DATABASE fpdb" -c "CREATE DATABASE fpdb_reverse" -c "CREATE DATABASE fpdb_bytes"
for db in fpdb fpdb_reverse fpdb_bytes; do it_psql $db -c "CREATE EXTENSION fpdb"; done

find "$CORPUS/summaries" -type f | sort >"$IT_DIR.files"
chmod 644 "$IT_DIR.files"

# imported|duplicates|failed over every file, in ORDER (ASC or DESC) of path, by import_file
# (or by IMPORT, an expression of f.path).
import_all() {
  it_psql "$1" -At -v ON_ERROR_STOP=1 -c "CREATE TEMP TABLE files (path text)" -c "\\copy files FROM '$IT_DIR.files'" \
    -c "SELECT sum(i.imported) || '|' || sum(i.duplicates) || '|' || sum(i.failed)
        FROM (SELECT path FROM files ORDER BY path $2) f, LATERAL ${3:-fpdb.import_file(f.path)} AS i"
}

# 2,092 tournaments in 86 files (one tournament has two summaries, so 2,091 imported and 1
# duplicate); 4 files refused: a Full Tilt spreadsheet and three Full Tilt Matrix match summaries.
check "every summary: imported|duplicates|failed" "$(import_all fpdb ASC)" "2091|1|4"
check "refusals have SQLSTATE and reason" "$(it_psql fpdb -At -c "
  SELECT string_agg(DISTINCT (e->>'sqlstate') || ' ' || (e->>'kind'), ',')
  FROM (SELECT path FROM (VALUES
    ('$CORPUS/summaries/FTP/HORSE-2max-SnG-USD-200604.xls'),
    ('$CORPUS/summaries/FTP/NLHE-6max-Matrix-USD-26-201211.match1.txt')) v(path)) f,
    LATERAL fpdb.import_file(f.path) i, LATERAL jsonb_array_elements(i.errors) e")" "22P02 unsupported"
check "tournaments" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Tourneys')" "2089"
check "listed players of every tournament" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.TourneysPlayers')" "83326"
check "sites" "$(it_psql fpdb -At -c "SELECT string_agg(name, ',' ORDER BY name) FROM fpdb.Sites")" \
  "888poker,Full Tilt Poker,Merge,MicroGaming,PokerStars,Run It Once,Winamax,Winning"
check "PokerStars: every place and prize printed is stored" "$(it_psql fpdb -At -c "
  SELECT count(*) FILTER (WHERE rank IS NOT NULL) || '|' || sum(winnings) FILTER (WHERE winnings > 0)
  FROM fpdb.tourney_results WHERE site = 'PokerStars' AND tourney_no = 1646040883")" "104|14500000"
check "second pass: all duplicates" "$(import_all fpdb ASC)" "0|2092|4"

# Backwards, the running summary of PokerStars' FPP satellite comes before the finished one and
# is stored (forwards it came after it and added nothing): 2,092 imported.
check "reverse order: imported|duplicates|failed" "$(import_all fpdb_reverse DESC)" "2092|0|4"
digest="SELECT md5(string_agg(concat_ws(',', site, tourney_no, player_name, currency, buyin, fee, knockout,
    category, speed, max_seats, start_time, end_time, entries, prize_pool, rank, winnings, ticket, bounties,
    rebuys, addons, reentries, cost, profit), ';' ORDER BY site, tourney_no, player_name)) FROM fpdb.tourney_results"
check "reverse order: the same results" "$(it_psql fpdb_reverse -At -c "$digest")" "$(it_psql fpdb -At -c "$digest")"

# The files' bytes sent by import_bytes (read whole, not streamed): the same summaries, read the
# same way (e-mailed summaries decoded, summaries between other text split alike).
check "import_bytes: imported|duplicates|failed" \
  "$(import_all fpdb_bytes ASC "fpdb.import_bytes(pg_catalog.pg_read_binary_file(f.path))")" "2091|1|4"
check "import_bytes: the same results" "$(it_psql fpdb_bytes -At -c "$digest")" "$(it_psql fpdb -At -c "$digest")"

# import_file decodes an e-mail message whole: up to 32 MB; a larger one is refused (54000).
{ printf 'From: a <a@example.com>\nMIME-Version: 1.0\nContent-Type: text/plain\n\n'
  head -c 34000000 /dev/zero | tr '\0' 'x' | fold -w 100; } >"$IT_DIR.big.eml"
chmod 644 "$IT_DIR.big.eml"
check "an e-mail message of more than 32 MB" "$(it_psql fpdb -At \
  -c "CREATE FUNCTION pg_temp.try(p text) RETURNS text LANGUAGE plpgsql AS \$\$
      BEGIN PERFORM fpdb.import_file(p); RETURN 'imported'; EXCEPTION WHEN OTHERS THEN RETURN SQLSTATE; END \$\$" \
  -c "SELECT pg_temp.try('$IT_DIR.big.eml')")" "54000"
rm -f "$IT_DIR.big.eml"

# The corpus' tournament hands of the same tournaments join the summaries' rows.
for f in "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt" \
  "tour/Stars/Flop/NLHE-9max-MTT-INR-136.50-13.50-201901.txt" \
  "tour/PacificPoker/Flop/NLHE-PM-MTT-10-20120221.txt" \
  "tour/Winamax/Flop/20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt"; do
  it_psql fpdb -At -c "SELECT failed FROM fpdb.import_file('$CORPUS/$f')" >/dev/null
done
check "hands of summarised tournaments: no new tournament" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Tourneys')" "2089"
check "their players' rows are the summaries'" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.HandsPlayers hp JOIN fpdb.TourneysPlayers tp ON tp.id = hp.tourneysPlayersId
  JOIN fpdb.Tourneys t ON t.id = tp.tourneyId WHERE hp.tourneyTypeId <> t.tourneyTypeId")" "0"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
check "888poker hero with the hands' tournament" "$(it_psql fpdb -At -c "
  SELECT rank || '|' || cost || '|' || category FROM fpdb.tourney_results
  WHERE site = '888poker' AND tourney_no = 28352940 AND player_name = 'Hero'")" "39|1100|holdem"

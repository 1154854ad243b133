#!/usr/bin/env bash
# All-in EV through ALTER EXTENSION fpdb UPDATE: a 0.1.0 database holding hands, updated to
# 0.2.0, has allInEV = totalProfit on every existing row and in HudCache, and prices all-ins of
# the hands imported after. (That the updated catalog equals a fresh install's is update.sh's.)
source "$(dirname "$0")/_lib.sh"
it_start allin_update 25359

it_psql postgres -c "CREATE DATABASE fresh" -c "CREATE DATABASE old"
it_psql fresh -c "CREATE EXTENSION fpdb"
it_psql old -c "CREATE EXTENSION fpdb VERSION '0.1.0'"
import_samples fresh
# The library is 0.2.0's, which writes allInEV: the hands reach the 0.1.0 database table by
# table in 0.1.0's columns (HudCache built by 0.1.0's triggers).
for t in Sites Players Gametypes TourneyTypes Tourneys TourneysPlayers Hands BoardCards HandsPlayers HandsActions; do
  cols=$(it_psql old -At -c "SELECT string_agg(quote_ident(attname), ',' ORDER BY attnum) FROM pg_attribute
                             WHERE attrelid = 'fpdb.$t'::regclass AND attnum > 0 AND NOT attisdropped")
  it_psql old -q -c "DELETE FROM fpdb.$t"
  it_psql fresh -c "COPY fpdb.$t ($cols) TO STDOUT" | it_psql old -q -c "COPY fpdb.$t ($cols) FROM STDIN"
done
rows=$(it_psql fresh -At -c "SELECT count(*) FROM fpdb.HandsPlayers")
check "0.1.0 holds the hands, HudCache exact" "$(it_psql old -At -c "SELECT count(*) || ' ' || (SELECT count(*) FROM fpdb.hudcache_diff()) FROM fpdb.HandsPlayers")" "$rows 0"

it_psql old -c "ALTER EXTENSION fpdb UPDATE"
check "existing rows: allInEV = totalProfit" "$(it_psql old -At -c "SELECT count(*) FILTER (WHERE allInEV = totalProfit) FROM fpdb.HandsPlayers")" "$rows"
check "HudCache: allInEV = totalProfit, exact" "$(it_psql old -At -c "SELECT count(*) FILTER (WHERE allInEV <> totalProfit) || ' ' || (SELECT count(*) FROM fpdb.hudcache_diff()) FROM fpdb.HudCache")" "0 0"
check "series end at the sums" "$(it_psql old -At -c "SELECT net = allin_adjusted FROM fpdb.profit_series('Hero') ORDER BY hand_no DESC LIMIT 1")" "t"

# Hands imported after the update are priced as in a fresh install.
it_psql old -q -c "DELETE FROM fpdb.Hands"
import_samples old
q="SELECT string_agg(h.siteHandNo || ':' || hp.seatNo || ':' || hp.allInEV, ',' ORDER BY h.siteHandNo, hp.seatNo)
   FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId WHERE hp.allInEV <> hp.totalProfit"
priced=$(it_psql fresh -At -c "$q")
[ -n "$priced" ] || { echo "FAILED: no priced all-in in the samples"; exit 1; }
check "re-imported: the same all-ins priced as in a fresh install" "$(it_psql old -At -c "$q")" "$priced"
check "HudCache exact after the re-import" "$(it_psql old -At -c "SELECT count(*) FROM fpdb.hudcache_diff()")" "0"

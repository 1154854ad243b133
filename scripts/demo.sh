#!/usr/bin/env bash
# The main job: sets everything up on a Debian 12 machine (as root), builds and installs the
# extension, starts fpdb's private PostgreSQL cluster inside the project (.pgdata, port 25329),
# creates the database "fpdb" with the extension, and shows what it does.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
mkdir -p "$ROOT/.run"
source scripts/cluster.sh

PORT=${FPDB_PORT:-25329}
DATA="$ROOT/.pgdata"
DB=${FPDB_DB:-fpdb}

bash scripts/setup.sh
echo "demo: building and installing the extension (release)"
bash scripts/install.sh --release >"$ROOT/.run/install.log" 2>&1 || { tail -30 "$ROOT/.run/install.log"; exit 1; }
cluster_start "$DATA" "$PORT"
# A fresh database each run, so the demo always shows the same thing.
cluster_psql "$PORT" postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
cluster_psql "$PORT" "$DB" -c "CREATE EXTENSION fpdb"

echo
echo "Importing the sample hand histories (samples/), the room detected from the text:"
chmod 755 "$ROOT/samples"
chmod 644 "$ROOT"/samples/*.*
for f in "$ROOT"/samples/*.txt "$ROOT"/samples/*.xml; do
  cluster_psql "$PORT" "$DB" -At -F ' ' -c "SELECT format('  %-40s %5s imported, %s duplicates, %s failed', '$(basename "$f")', imported, duplicates, failed)
                                     FROM fpdb.import_file('$f')"
done

echo
echo "What was stored, per room:"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT s.name AS room, count(DISTINCT h.id) AS hands, count(DISTINCT hp.playerId) AS players,
       string_agg(DISTINCT g.category || ' ' || g.limitType || ' ' || g.type, ', ') AS games
FROM fpdb.Hands h
JOIN fpdb.Sites s ON s.id = h.siteId
JOIN fpdb.Gametypes g ON g.id = h.gametypeId
JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
GROUP BY s.name ORDER BY hands DESC;
SQL

echo "HUD statistics (fpdb.player_stats) of the players with the most hands, kept by triggers in HudCache:"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT player_name AS player, site, category AS game, big_blind AS bb, hands, vpip, pfr, three_bet AS "3bet",
       steal, cbet_flop AS cbet, aggression_factor AS af, wtsd, wsd AS "w$sd", net_won, bb_per_100 AS "bb/100"
FROM fpdb.player_stats
ORDER BY hands DESC, player_name
LIMIT 12;
SQL

echo "Tournament results from the summaries (fpdb.tourney_results) and Hero's ROI (fpdb.tourney_stats):"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT site, tourney_no, currency, (buyin + fee) / 100.0 AS "buy-in", entries, rank, winnings / 100.0 AS won,
       profit / 100.0 AS profit
FROM fpdb.tourney_results WHERE player_name = 'Hero' ORDER BY start_time NULLS LAST, site;
SELECT * FROM fpdb.tourney_stats('Hero');
SQL

echo "fpdb.hud('Hero') over every room and game, and labels from fpdb.autorate(50):"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT hands, vpip, pfr, limp, three_bet, four_bet, steal, fold_bb_to_steal, cbet_flop, fold_to_cbet_flop,
       check_raise_flop, aggression_frequency AS afq, saw_flop, wtsd, wsd, wwsf
FROM fpdb.hud('Hero');
SELECT fpdb.autorate(50) AS players_rated;
SELECT p.name AS player, s.name AS site, a.shortDesc, a.description, a.handCount AS hands
FROM fpdb.Autorates a JOIN fpdb.Players p ON p.id = a.playerId JOIN fpdb.Sites s ON s.id = p.siteId
ORDER BY a.handCount DESC, p.name LIMIT 8;
SELECT count(*) AS hudcache_rows_differing_from_a_rebuild FROM fpdb.hudcache_diff();
SQL

echo "All-in EV: the hands whose all-in was priced (allInEV = totalProfit with the all-in replaced by"
echo "its expectation), and Hero's sessions of cash hands (fpdb.sessions):"
cluster_psql "$PORT" "$DB" -P footer=off <<'SQL'
SELECT s.name AS site, h.siteHandNo AS hand, p.name AS player, hp.totalProfit AS profit, hp.allInEV AS all_in_ev
FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId JOIN fpdb.Players p ON p.id = hp.playerId
JOIN fpdb.Sites s ON s.id = h.siteId
WHERE hp.allInEV <> hp.totalProfit AND p.name = 'Hero'
ORDER BY h.handStart LIMIT 8;
SELECT session_no, start_time, end_time, hands, tables, net, allin_adjusted, bb_per_100
FROM fpdb.sessions('Hero', game_type => 'ring') ORDER BY hands DESC LIMIT 5;
SELECT hand_no, net, allin_adjusted, showdown, non_showdown
FROM fpdb.profit_series('Hero', game_type => 'ring') ORDER BY hand_no DESC LIMIT 1;
SQL
GRAPH="$ROOT/.run/profit_graph.svg"
cluster_psql "$PORT" "$DB" -At -c "SELECT fpdb.profit_graph('Hero', site => 'PokerStars', game_type => 'ring')" >"$GRAPH"
echo "Hero's PokerStars cash winnings graph (fpdb.profit_graph, SVG, $(wc -c <"$GRAPH") bytes) written to $GRAPH"

echo
echo "The private cluster keeps running. Connect with:"
echo "  psql -h 127.0.0.1 -p $PORT -U postgres $DB"
echo "Stop it with:"
echo "  runuser -u postgres -- $PG_BIN/pg_ctl -D $DATA stop"

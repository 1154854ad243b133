-- Live tracking from SQL: fpdb.hud_table over imported hands; fpdb.watch and fpdb.unwatch,
-- their argument and privilege errors (each with its SQLSTATE), and what fpdb.watch_status
-- shows of a watch. Watches are made in transactions that roll back, so no worker starts here
-- (tests/integration/watch_*.sh follow real files).
\getenv abs_srcdir PG_ABS_SRCDIR
\set data :abs_srcdir '/data'
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;
SELECT imported FROM fpdb.import_file(:'nlhe78');

-- One row per player seated in the table's latest hand, with fpdb.hud's statistics.
SELECT h.siteHandNo AS latest_hand, h.tableName, h.seats
FROM fpdb.Hands h ORDER BY h.handStart DESC, h.id DESC LIMIT 1;
SELECT t.seat_no, t.player_name, t.hand_id = (SELECT max(id) FROM fpdb.Hands) AS latest,
       (t.stats).hands, (t.stats).vpip, (t.stats).pfr, (t.stats) = fpdb.hud(t.player_name, 'PokerStars') AS same_as_hud
FROM fpdb.hud_table('PokerStars', 'May IV') t;
-- The filters of fpdb.hud: a category no hand has gives rows without hands.
SELECT count(*) AS seats, count(*) FILTER (WHERE (stats).hands = 0) AS without_hands
FROM fpdb.hud_table('PokerStars', 'May IV', category => 'studhi');
SELECT count(*) AS unknown_table FROM fpdb.hud_table('PokerStars', 'No Such Table');
SELECT count(*) AS unknown_site FROM fpdb.hud_table('NoSuchRoom', 'May IV');

-- A watch, seen in fpdb.Watches and fpdb.watch_status (no file row until the worker lists them).
BEGIN;
SELECT fpdb.watch(:'data') > 0 AS watched;
SELECT path LIKE '%/tests/pg_regress/data' AS resolved, recursive, owner FROM fpdb.Watches;
SELECT watch_path LIKE '%/tests/pg_regress/data' AS watch_path, path, hands FROM fpdb.watch_status;
-- The same path again by the same role: recursive is updated, same id.
SELECT fpdb.watch(:'data' || '/', false) = (SELECT id FROM fpdb.Watches) AS same_id;
SELECT recursive FROM fpdb.Watches;
SELECT fpdb.unwatch(:'data') AS unwatched, fpdb.unwatch(:'data') AS again;
ROLLBACK;
SELECT fpdb.unwatch('/no/such/watch') AS not_watched;

-- Errors, each with its SQLSTATE.
\set VERBOSITY default
SELECT fpdb.watch('relative/path');
\echo :SQLSTATE
SELECT fpdb.watch('/no/such/folder/fpdb-regress');
\echo :SQLSTATE
CREATE ROLE regress_watcher;
GRANT USAGE ON SCHEMA fpdb TO regress_watcher;
SET ROLE regress_watcher;
SELECT fpdb.watch(:'data');
\echo :SQLSTATE
SELECT fpdb.unwatch(:'data');
\echo :SQLSTATE
-- No role may write fpdb.Watches directly (whoever could would import as another role).
INSERT INTO fpdb.Watches (path, owner) VALUES ('/tmp', 'postgres');
\echo :SQLSTATE
SELECT count(*) AS visible_watches FROM fpdb.watch_status;
RESET ROLE;
\set VERBOSITY terse
DROP OWNED BY regress_watcher;
DROP ROLE regress_watcher;

-- Privileges: a reader can read but not write; an importer can import_hands and import_bytes
-- but not import_file.
\getenv abs_srcdir PG_ABS_SRCDIR
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;
SELECT imported FROM fpdb.import_file(:'fourbet');

CREATE ROLE regress_fpdb_reader;
CREATE ROLE regress_fpdb_importer;
SELECT fpdb.grant_reader('regress_fpdb_reader');
SELECT fpdb.grant_importer('regress_fpdb_importer');
-- Every function runs with its caller's rights.
SELECT p.proname, p.prosecdef FROM pg_proc p WHERE p.pronamespace = 'fpdb'::regnamespace AND p.prosecdef;

-- Roles get hand texts from their clients: read them here and pass them as parameters.
SELECT pg_read_file(:'fourbet') AS fourbet_text, pg_read_file(:'nlhe78') AS nlhe78_text,
    pg_read_file(:'ko') AS ko_text \gset
\set VERBOSITY default
SET ROLE regress_fpdb_reader;
SELECT count(*) AS hands, (SELECT count(*) FROM fpdb.HudCache) AS hudcache_rows FROM fpdb.Hands;
SELECT hands, vpip FROM fpdb.hud('Player4');
SELECT count(*) FROM fpdb.parse_hands(:'fourbet_text');
SELECT imported FROM fpdb.import_hands(:'nlhe78_text');
\echo :SQLSTATE
DELETE FROM fpdb.Hands;
\echo :SQLSTATE
UPDATE fpdb.Players SET comment = 'nit';
\echo :SQLSTATE
SELECT fpdb.rebuild_hudcache();
\echo :SQLSTATE
RESET ROLE;

SET ROLE regress_fpdb_importer;
SELECT imported, duplicates, failed FROM fpdb.import_hands(:'nlhe78_text');
-- The same file's bytes, sent by the client: all duplicates now.
SELECT imported, duplicates, failed FROM fpdb.import_bytes(convert_to(:'nlhe78_text', 'UTF8'));
SELECT count(*) AS diff FROM fpdb.hudcache_diff();
SELECT fpdb.autorate(50) AS rated;
SELECT * FROM fpdb.import_file(:'nlhe78');
\echo :SQLSTATE
DELETE FROM fpdb.Hands;
\echo :SQLSTATE
RESET ROLE;

-- An importer that may not lock Sites and Tourneys rows (granted before fpdb asked for it)
-- still imports a tournament: Hands then goes through INSERT, whose foreign-key checks run as
-- the tables' owner.
REVOKE UPDATE ON fpdb.Sites, fpdb.Tourneys FROM regress_fpdb_importer;
SET ROLE regress_fpdb_importer;
SELECT imported, duplicates, failed FROM fpdb.import_hands(:'ko_text');
SELECT count(*) AS diff FROM fpdb.hudcache_diff();
RESET ROLE;

SELECT count(*) AS hands FROM fpdb.Hands;
DROP OWNED BY regress_fpdb_reader, regress_fpdb_importer;
DROP ROLE regress_fpdb_reader, regress_fpdb_importer;

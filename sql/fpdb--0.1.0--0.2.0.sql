-- fpdb 0.1.0 -> 0.2.0, run by ALTER EXTENSION fpdb UPDATE.
--
-- Every change to an SQL object after release 0.1.0 goes into this file until 0.2.0 is released;
-- tests/integration/update.sh proves that a database updated by it equals a fresh install.
\echo Use "ALTER EXTENSION fpdb UPDATE" to load this file. \quit

-- Settings.version follows the release.
UPDATE fpdb.Settings SET version = 2;
COMMENT ON TABLE fpdb.Settings IS 'One row: the version of the fpdb schema (the release''s minor number: 0.2.0 = 2).';

-- Issue 12: HudCache triggers that fold statements of any size (no array of whole rows), and
-- no SQL-visible setting that switches them off (fpdb.hudcache_by_import is gone).
DROP TRIGGER handsplayers_hudcache_insert ON fpdb.HandsPlayers;
DROP TRIGGER handsplayers_hudcache_delete ON fpdb.HandsPlayers;
DROP TRIGGER handsplayers_hudcache_update ON fpdb.HandsPlayers;
DROP FUNCTION fpdb._hudcache_after_insert();
DROP FUNCTION fpdb._hudcache_after_delete();
DROP FUNCTION fpdb._hudcache_after_update();
DROP FUNCTION fpdb._hudcache_apply(fpdb.HandsPlayers[], fpdb.HandsPlayers[]);
CREATE FUNCTION fpdb."_hudcache_fold"()
	RETURNS TRIGGER
	LANGUAGE c
	AS 'MODULE_PATHNAME', '_hudcache_fold_wrapper';
CREATE TRIGGER handsplayers_hudcache_insert AFTER INSERT ON fpdb.HandsPlayers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();
CREATE TRIGGER handsplayers_hudcache_delete AFTER DELETE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();
CREATE TRIGGER handsplayers_hudcache_update AFTER UPDATE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();

-- Issue 12: fpdb's own constraints and triggers, recorded by oid for the direct-write path.
CREATE TABLE fpdb._own_objects (
    classid pg_catalog.regclass NOT NULL,
    objid pg_catalog.oid NOT NULL
);
COMMENT ON TABLE fpdb._own_objects IS
    'Constraints and triggers fpdb created on its tables (by oid), recorded when the extension is installed or updated.';
CREATE FUNCTION fpdb._record_own_objects() RETURNS void
LANGUAGE sql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    DELETE FROM fpdb._own_objects;
    INSERT INTO fpdb._own_objects (classid, objid)
    SELECT 'pg_catalog.pg_constraint'::pg_catalog.regclass, c.oid
    FROM pg_catalog.pg_constraint c
    JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) c.conrelid
    WHERE r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace
    UNION ALL
    SELECT 'pg_catalog.pg_trigger'::pg_catalog.regclass, t.oid
    FROM pg_catalog.pg_trigger t
    JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) t.tgrelid
    WHERE r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace;
$$;
REVOKE EXECUTE ON FUNCTION fpdb._record_own_objects() FROM PUBLIC;
COMMENT ON FUNCTION fpdb._record_own_objects() IS
    'Internal: records fpdb''s own constraints and triggers; run by CREATE EXTENSION and every update script.';

-- Issue 12: the import functions run their statements under a pinned search_path.
ALTER FUNCTION fpdb.import_hands(text, text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION fpdb.import_bytes(bytea, text) SET search_path = pg_catalog, pg_temp;

-- Issue 12: import_file reads the file in blocks (C function instead of a SQL wrapper of
-- import_bytes); CREATE OR REPLACE keeps the EXECUTE privileges users granted on it.
CREATE OR REPLACE FUNCTION fpdb."import_file"(
	"path" TEXT,
	"on_error" TEXT DEFAULT 'skip'
) RETURNS TABLE (
	"imported" INT,
	"duplicates" INT,
	"failed" INT,
	"errors" jsonb
)
STRICT VOLATILE PARALLEL UNSAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'import_file_wrapper';
COMMENT ON FUNCTION fpdb.import_file(text, text) IS
    'Imports a hand-history file on the server (UTF-8, UTF-16 or Windows-1252), read in blocks; needs pg_read_server_files.';

-- Issue 12: hudcache_diff compares whole rows first (fast on millions of hands): one row
-- comparison of their columns, not jsonb, so that the join carries no whole rows (issue 22).
CREATE OR REPLACE FUNCTION fpdb.hudcache_diff()
RETURNS TABLE (gametypeId smallint, playerId int, activeSeats smallint, "position" char(1),
               tourneyTypeId smallint, column_name text, cached numeric, rebuilt numeric)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(c.gametypeId, r.gametypeId), coalesce(c.playerId, r.playerId),
           coalesce(c.activeSeats, r.activeSeats), coalesce(c.position, r.position),
           coalesce(c.tourneyTypeId, r.tourneyTypeId), col.key, col.cached, col.rebuilt
    FROM fpdb.HudCache c
    FULL JOIN fpdb.hudcache_rebuilt r
      ON c.gametypeId OPERATOR(pg_catalog.=) r.gametypeId AND c.playerId OPERATOR(pg_catalog.=) r.playerId
     AND c.activeSeats OPERATOR(pg_catalog.=) r.activeSeats AND c.position OPERATOR(pg_catalog.=) r.position
     AND c.tourneyTypeId IS NOT DISTINCT FROM r.tourneyTypeId
    -- Every column of the pair as (name, cached, rebuilt, compared with a tolerance), built only
    -- for the pairs the WHERE below keeps; a float sum by its shortest exact text, as it prints.
    CROSS JOIN LATERAL (VALUES
        ('hds', c.HDs::pg_catalog.numeric, r.HDs::pg_catalog.numeric, false),
        ('wonwhenseenstreet1', c.wonWhenSeenStreet1::pg_catalog.text::pg_catalog.numeric, r.wonWhenSeenStreet1::pg_catalog.text::pg_catalog.numeric, true),
        ('wonwhenseenstreet2', c.wonWhenSeenStreet2::pg_catalog.text::pg_catalog.numeric, r.wonWhenSeenStreet2::pg_catalog.text::pg_catalog.numeric, true),
        ('wonwhenseenstreet3', c.wonWhenSeenStreet3::pg_catalog.text::pg_catalog.numeric, r.wonWhenSeenStreet3::pg_catalog.text::pg_catalog.numeric, true),
        ('wonwhenseenstreet4', c.wonWhenSeenStreet4::pg_catalog.text::pg_catalog.numeric, r.wonWhenSeenStreet4::pg_catalog.text::pg_catalog.numeric, true),
        ('wonatsd', c.wonAtSD::pg_catalog.text::pg_catalog.numeric, r.wonAtSD::pg_catalog.text::pg_catalog.numeric, true),
        ('street0vpi', c.street0VPI::pg_catalog.numeric, r.street0VPI::pg_catalog.numeric, false),
        ('street0aggr', c.street0Aggr::pg_catalog.numeric, r.street0Aggr::pg_catalog.numeric, false),
        ('street0_3bchance', c.street0_3BChance::pg_catalog.numeric, r.street0_3BChance::pg_catalog.numeric, false),
        ('street0_3bdone', c.street0_3BDone::pg_catalog.numeric, r.street0_3BDone::pg_catalog.numeric, false),
        ('street0_4bchance', c.street0_4BChance::pg_catalog.numeric, r.street0_4BChance::pg_catalog.numeric, false),
        ('street0_4bdone', c.street0_4BDone::pg_catalog.numeric, r.street0_4BDone::pg_catalog.numeric, false),
        ('street1seen', c.street1Seen::pg_catalog.numeric, r.street1Seen::pg_catalog.numeric, false),
        ('street2seen', c.street2Seen::pg_catalog.numeric, r.street2Seen::pg_catalog.numeric, false),
        ('street3seen', c.street3Seen::pg_catalog.numeric, r.street3Seen::pg_catalog.numeric, false),
        ('street4seen', c.street4Seen::pg_catalog.numeric, r.street4Seen::pg_catalog.numeric, false),
        ('sawshowdown', c.sawShowdown::pg_catalog.numeric, r.sawShowdown::pg_catalog.numeric, false),
        ('street1aggr', c.street1Aggr::pg_catalog.numeric, r.street1Aggr::pg_catalog.numeric, false),
        ('street2aggr', c.street2Aggr::pg_catalog.numeric, r.street2Aggr::pg_catalog.numeric, false),
        ('street3aggr', c.street3Aggr::pg_catalog.numeric, r.street3Aggr::pg_catalog.numeric, false),
        ('street4aggr', c.street4Aggr::pg_catalog.numeric, r.street4Aggr::pg_catalog.numeric, false),
        ('otherraisedstreet0', c.otherRaisedStreet0::pg_catalog.numeric, r.otherRaisedStreet0::pg_catalog.numeric, false),
        ('otherraisedstreet1', c.otherRaisedStreet1::pg_catalog.numeric, r.otherRaisedStreet1::pg_catalog.numeric, false),
        ('otherraisedstreet2', c.otherRaisedStreet2::pg_catalog.numeric, r.otherRaisedStreet2::pg_catalog.numeric, false),
        ('otherraisedstreet3', c.otherRaisedStreet3::pg_catalog.numeric, r.otherRaisedStreet3::pg_catalog.numeric, false),
        ('otherraisedstreet4', c.otherRaisedStreet4::pg_catalog.numeric, r.otherRaisedStreet4::pg_catalog.numeric, false),
        ('foldtootherraisedstreet0', c.foldToOtherRaisedStreet0::pg_catalog.numeric, r.foldToOtherRaisedStreet0::pg_catalog.numeric, false),
        ('foldtootherraisedstreet1', c.foldToOtherRaisedStreet1::pg_catalog.numeric, r.foldToOtherRaisedStreet1::pg_catalog.numeric, false),
        ('foldtootherraisedstreet2', c.foldToOtherRaisedStreet2::pg_catalog.numeric, r.foldToOtherRaisedStreet2::pg_catalog.numeric, false),
        ('foldtootherraisedstreet3', c.foldToOtherRaisedStreet3::pg_catalog.numeric, r.foldToOtherRaisedStreet3::pg_catalog.numeric, false),
        ('foldtootherraisedstreet4', c.foldToOtherRaisedStreet4::pg_catalog.numeric, r.foldToOtherRaisedStreet4::pg_catalog.numeric, false),
        ('stealattemptchance', c.stealAttemptChance::pg_catalog.numeric, r.stealAttemptChance::pg_catalog.numeric, false),
        ('stealattempted', c.stealAttempted::pg_catalog.numeric, r.stealAttempted::pg_catalog.numeric, false),
        ('foldbbtostealchance', c.foldBbToStealChance::pg_catalog.numeric, r.foldBbToStealChance::pg_catalog.numeric, false),
        ('foldedbbtosteal', c.foldedBbToSteal::pg_catalog.numeric, r.foldedBbToSteal::pg_catalog.numeric, false),
        ('foldsbtostealchance', c.foldSbToStealChance::pg_catalog.numeric, r.foldSbToStealChance::pg_catalog.numeric, false),
        ('foldedsbtosteal', c.foldedSbToSteal::pg_catalog.numeric, r.foldedSbToSteal::pg_catalog.numeric, false),
        ('street1cbchance', c.street1CBChance::pg_catalog.numeric, r.street1CBChance::pg_catalog.numeric, false),
        ('street1cbdone', c.street1CBDone::pg_catalog.numeric, r.street1CBDone::pg_catalog.numeric, false),
        ('street2cbchance', c.street2CBChance::pg_catalog.numeric, r.street2CBChance::pg_catalog.numeric, false),
        ('street2cbdone', c.street2CBDone::pg_catalog.numeric, r.street2CBDone::pg_catalog.numeric, false),
        ('street3cbchance', c.street3CBChance::pg_catalog.numeric, r.street3CBChance::pg_catalog.numeric, false),
        ('street3cbdone', c.street3CBDone::pg_catalog.numeric, r.street3CBDone::pg_catalog.numeric, false),
        ('street4cbchance', c.street4CBChance::pg_catalog.numeric, r.street4CBChance::pg_catalog.numeric, false),
        ('street4cbdone', c.street4CBDone::pg_catalog.numeric, r.street4CBDone::pg_catalog.numeric, false),
        ('foldtostreet1cbchance', c.foldToStreet1CBChance::pg_catalog.numeric, r.foldToStreet1CBChance::pg_catalog.numeric, false),
        ('foldtostreet1cbdone', c.foldToStreet1CBDone::pg_catalog.numeric, r.foldToStreet1CBDone::pg_catalog.numeric, false),
        ('foldtostreet2cbchance', c.foldToStreet2CBChance::pg_catalog.numeric, r.foldToStreet2CBChance::pg_catalog.numeric, false),
        ('foldtostreet2cbdone', c.foldToStreet2CBDone::pg_catalog.numeric, r.foldToStreet2CBDone::pg_catalog.numeric, false),
        ('foldtostreet3cbchance', c.foldToStreet3CBChance::pg_catalog.numeric, r.foldToStreet3CBChance::pg_catalog.numeric, false),
        ('foldtostreet3cbdone', c.foldToStreet3CBDone::pg_catalog.numeric, r.foldToStreet3CBDone::pg_catalog.numeric, false),
        ('foldtostreet4cbchance', c.foldToStreet4CBChance::pg_catalog.numeric, r.foldToStreet4CBChance::pg_catalog.numeric, false),
        ('foldtostreet4cbdone', c.foldToStreet4CBDone::pg_catalog.numeric, r.foldToStreet4CBDone::pg_catalog.numeric, false),
        ('totalprofit', c.totalProfit::pg_catalog.numeric, r.totalProfit::pg_catalog.numeric, false),
        ('street1checkcallraisechance', c.street1CheckCallRaiseChance::pg_catalog.numeric, r.street1CheckCallRaiseChance::pg_catalog.numeric, false),
        ('street1checkcallraisedone', c.street1CheckCallRaiseDone::pg_catalog.numeric, r.street1CheckCallRaiseDone::pg_catalog.numeric, false),
        ('street2checkcallraisechance', c.street2CheckCallRaiseChance::pg_catalog.numeric, r.street2CheckCallRaiseChance::pg_catalog.numeric, false),
        ('street2checkcallraisedone', c.street2CheckCallRaiseDone::pg_catalog.numeric, r.street2CheckCallRaiseDone::pg_catalog.numeric, false),
        ('street3checkcallraisechance', c.street3CheckCallRaiseChance::pg_catalog.numeric, r.street3CheckCallRaiseChance::pg_catalog.numeric, false),
        ('street3checkcallraisedone', c.street3CheckCallRaiseDone::pg_catalog.numeric, r.street3CheckCallRaiseDone::pg_catalog.numeric, false),
        ('street4checkcallraisechance', c.street4CheckCallRaiseChance::pg_catalog.numeric, r.street4CheckCallRaiseChance::pg_catalog.numeric, false),
        ('street4checkcallraisedone', c.street4CheckCallRaiseDone::pg_catalog.numeric, r.street4CheckCallRaiseDone::pg_catalog.numeric, false),
        ('street0calls', c.street0Calls::pg_catalog.numeric, r.street0Calls::pg_catalog.numeric, false),
        ('street1calls', c.street1Calls::pg_catalog.numeric, r.street1Calls::pg_catalog.numeric, false),
        ('street2calls', c.street2Calls::pg_catalog.numeric, r.street2Calls::pg_catalog.numeric, false),
        ('street3calls', c.street3Calls::pg_catalog.numeric, r.street3Calls::pg_catalog.numeric, false),
        ('street4calls', c.street4Calls::pg_catalog.numeric, r.street4Calls::pg_catalog.numeric, false),
        ('street0bets', c.street0Bets::pg_catalog.numeric, r.street0Bets::pg_catalog.numeric, false),
        ('street1bets', c.street1Bets::pg_catalog.numeric, r.street1Bets::pg_catalog.numeric, false),
        ('street2bets', c.street2Bets::pg_catalog.numeric, r.street2Bets::pg_catalog.numeric, false),
        ('street3bets', c.street3Bets::pg_catalog.numeric, r.street3Bets::pg_catalog.numeric, false),
        ('street4bets', c.street4Bets::pg_catalog.numeric, r.street4Bets::pg_catalog.numeric, false),
        ('street0raises', c.street0Raises::pg_catalog.numeric, r.street0Raises::pg_catalog.numeric, false),
        ('street1raises', c.street1Raises::pg_catalog.numeric, r.street1Raises::pg_catalog.numeric, false),
        ('street2raises', c.street2Raises::pg_catalog.numeric, r.street2Raises::pg_catalog.numeric, false),
        ('street3raises', c.street3Raises::pg_catalog.numeric, r.street3Raises::pg_catalog.numeric, false),
        ('street4raises', c.street4Raises::pg_catalog.numeric, r.street4Raises::pg_catalog.numeric, false),
        ('street1checkraisedone', c.street1CheckRaiseDone::pg_catalog.numeric, r.street1CheckRaiseDone::pg_catalog.numeric, false),
        ('street2checkraisedone', c.street2CheckRaiseDone::pg_catalog.numeric, r.street2CheckRaiseDone::pg_catalog.numeric, false),
        ('street3checkraisedone', c.street3CheckRaiseDone::pg_catalog.numeric, r.street3CheckRaiseDone::pg_catalog.numeric, false),
        ('street4checkraisedone', c.street4CheckRaiseDone::pg_catalog.numeric, r.street4CheckRaiseDone::pg_catalog.numeric, false),
        ('allinev', c.allInEV::pg_catalog.numeric, r.allInEV::pg_catalog.numeric, false)
    ) AS col(key, cached, rebuilt, is_float)
    -- The pairs that may differ: a key on one side only, or rows not equal column for column
    -- (the view has HudCache's columns in HudCache's order, without the id). Only those are
    -- unpivoted, and no row is carried whole through the join. A float sum summed in another
    -- order passes this test and is then judged by the tolerance below (41 of 182,148 keys of
    -- 120,000 generated hands).
    WHERE (c.id IS NULL OR r.HDs IS NULL OR ROW(c.*) IS DISTINCT FROM ROW(c.id, r.*))
      -- and, of such a pair, the columns that differ (HDs too for a key on one side only).
      AND (CASE WHEN col.is_float
                THEN pg_catalog.abs(coalesce(col.cached, 0) OPERATOR(pg_catalog.-) coalesce(col.rebuilt, 0))
                     OPERATOR(pg_catalog.>)
                     (1e-9 OPERATOR(pg_catalog.*) greatest(1, pg_catalog.abs(coalesce(col.rebuilt, 0))))
                ELSE coalesce(col.cached, 0) OPERATOR(pg_catalog.<>) coalesce(col.rebuilt, 0) END
           OR ((c.id IS NULL OR r.HDs IS NULL) AND col.key OPERATOR(pg_catalog.=) 'hds'))
    ORDER BY 1, 2, 3, 4, 5, 6
$$;

-- Issue 17: live tracking (README, "Live HUD"): fpdb.watch / fpdb.unwatch, the tables the watch
-- worker keeps (fpdb.Watches, fpdb.watch_files, fpdb.import_errors), fpdb.watch_status and
-- fpdb.hud_table with its index on Hands. The same statements as sql/watch.sql.
CREATE FUNCTION fpdb."watch"(
	"path" TEXT,
	"recursive" bool DEFAULT true
) RETURNS bigint
STRICT VOLATILE PARALLEL UNSAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'watch_wrapper';

CREATE FUNCTION fpdb."unwatch"(
	"path" TEXT
) RETURNS bool
STRICT VOLATILE PARALLEL UNSAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'unwatch_wrapper';

CREATE TABLE fpdb.Watches (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    path text NOT NULL UNIQUE,                 -- absolute, symbolic links resolved
    recursive boolean NOT NULL DEFAULT true,   -- a folder's sub-folders too
    owner regrole NOT NULL,                    -- the role that registered it: imports run as it
    created timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE fpdb.Watches IS
    'Folders and files followed by the fpdb watch worker (fpdb.watch, fpdb.unwatch); each is imported with the rights of its owner.';

-- One row per file followed: how far it is imported, and what happened last.
CREATE TABLE fpdb.watch_files (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    watch_id bigint NOT NULL REFERENCES fpdb.Watches (id) ON DELETE CASCADE,
    path text NOT NULL,
    device bigint NOT NULL,                    -- with inode, the file's identity (renames, rotation)
    inode bigint NOT NULL,
    head bytea NOT NULL DEFAULT '',            -- the file's first bytes: a file replaced in place differs
    bytes_imported bigint NOT NULL DEFAULT 0,  -- the offset up to which the file is imported
    lines_imported bigint NOT NULL DEFAULT 0,  -- lines before that offset
    encoding text,                             -- UTF-8, UTF-16LE, UTF-16BE or WINDOWS-1252 once known
    size bigint NOT NULL DEFAULT 0,            -- the file's size when last read
    pending_bytes bigint NOT NULL DEFAULT 0,   -- bytes after the offset: a hand still being written
    hands bigint NOT NULL DEFAULT 0,           -- hands imported from the file
    duplicates bigint NOT NULL DEFAULT 0,      -- hands found already stored
    failed bigint NOT NULL DEFAULT 0,          -- bad hands (see fpdb.import_errors)
    last_import timestamptz,
    last_error text,
    last_error_time timestamptz,
    UNIQUE (watch_id, path)
);
COMMENT ON TABLE fpdb.watch_files IS
    'Each file the fpdb watch worker follows: its identity, the offset imported so far (committed with the hands) and its last error.';

-- Bad hands and unreadable files met by the worker. Rows of a watch go with it.
CREATE TABLE fpdb.import_errors (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    watch_id bigint NOT NULL REFERENCES fpdb.Watches (id) ON DELETE CASCADE,
    owner regrole NOT NULL,
    path text NOT NULL,
    line bigint,                               -- line in the file (NULL: the file as a whole)
    site_hand_no bigint,
    sqlstate char(5) NOT NULL,
    message text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_errors_watch_idx ON fpdb.import_errors (watch_id, id);
COMMENT ON TABLE fpdb.import_errors IS
    'Hands the fpdb watch worker could not import (file line, SQLSTATE, message) and files it could not read.';

-- Each role sees its own watches, files and errors (and those of roles it is a member of), also
-- when fpdb.grant_reader has granted it SELECT on every table.
ALTER TABLE fpdb.Watches ENABLE ROW LEVEL SECURITY;
CREATE POLICY watches_of_owner ON fpdb.Watches FOR SELECT USING (pg_catalog.pg_has_role(owner, 'USAGE'));
ALTER TABLE fpdb.watch_files ENABLE ROW LEVEL SECURITY;
CREATE POLICY watch_files_of_owner ON fpdb.watch_files FOR SELECT
    USING (EXISTS (SELECT 1 FROM fpdb.Watches w WHERE w.id OPERATOR(pg_catalog.=) watch_id));
ALTER TABLE fpdb.import_errors ENABLE ROW LEVEL SECURITY;
CREATE POLICY import_errors_of_owner ON fpdb.import_errors FOR SELECT USING (pg_catalog.pg_has_role(owner, 'USAGE'));
GRANT SELECT ON fpdb.Watches, fpdb.import_errors TO PUBLIC;

CREATE VIEW fpdb.watch_status AS
SELECT w.id AS watch_id,
       w.path AS watch_path,
       w.owner,
       f.path,
       f.bytes_imported,
       f.size,
       f.pending_bytes,
       f.encoding,
       f.hands,
       f.duplicates,
       f.failed,
       f.last_import,
       f.last_error,
       f.last_error_time
FROM fpdb.Watches w
LEFT JOIN fpdb.watch_files f ON f.watch_id = w.id
WHERE pg_catalog.pg_has_role(w.owner, 'USAGE');
COMMENT ON VIEW fpdb.watch_status IS
    'Each file followed by the fpdb watch worker: bytes imported, hands, last import time, last error (rows of watches the current role owns).';
GRANT SELECT ON fpdb.watch_status TO PUBLIC;

SELECT pg_catalog.pg_extension_config_dump('fpdb.watches', '');
SELECT pg_catalog.pg_extension_config_dump('fpdb.watch_files', '');
SELECT pg_catalog.pg_extension_config_dump('fpdb.import_errors', '');
SELECT pg_catalog.pg_extension_config_dump('fpdb.watches_id_seq', '');
SELECT pg_catalog.pg_extension_config_dump('fpdb.watch_files_id_seq', '');
SELECT pg_catalog.pg_extension_config_dump('fpdb.import_errors_id_seq', '');

-- A HUD's query: the latest hand of a table (the players of a hand are found by the unique
-- index on HandsPlayers (handId, playerId)).
CREATE INDEX hands_table_idx ON fpdb.Hands (siteId, tableName, handStart);

-- One round trip for a whole table: the HUD statistics (same filters as fpdb.hud) of every
-- player seated in the table's latest hand, in seat order.
CREATE FUNCTION fpdb.hud_table(
    site text,
    table_name text,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL
) RETURNS TABLE (seat_no smallint, player_id int, player_name text, hand_id bigint, stats fpdb.hud_stats)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    -- A body in a string, not BEGIN ATOMIC: no dependency on the columns it reads, so that
    -- users may still alter them (as for fpdb.hud).
    WITH latest AS (
        SELECT h.id
        FROM fpdb.Hands h
        WHERE h.siteId OPERATOR(pg_catalog.=) (SELECT s.id FROM fpdb.Sites s
                                               WHERE s.name OPERATOR(pg_catalog.=) hud_table.site)
          AND h.tableName OPERATOR(pg_catalog.=) hud_table.table_name
        ORDER BY h.handStart DESC, h.id DESC
        LIMIT 1
    )
    SELECT hp.seatNo, p.id, p.name::pg_catalog.text, hp.handId,
           fpdb.hud(p.name, hud_table.site, hud_table.gametype_id, hud_table.game_type,
                    hud_table.category, hud_table.limit_type, hud_table.min_seats,
                    hud_table.max_seats, hud_table.positions)
    FROM latest
    JOIN fpdb.HandsPlayers hp ON hp.handId OPERATOR(pg_catalog.=) latest.id
    JOIN fpdb.Players p ON p.id OPERATOR(pg_catalog.=) hp.playerId
    ORDER BY hp.seatNo;
$$;
COMMENT ON FUNCTION fpdb.hud_table(text, text, int, text, text, text, int, int, text[]) IS
    'HUD statistics (as fpdb.hud) of every player seated in the latest hand of a table, one row per seat.';

COMMENT ON FUNCTION fpdb.watch(text, boolean) IS
    'Registers a folder (or file) whose hand histories the database''s watch worker imports as rooms write them, as the calling role; needs pg_read_server_files.';
COMMENT ON FUNCTION fpdb.unwatch(text) IS
    'Stops following a path registered by fpdb.watch (its owner or a superuser); needs pg_read_server_files.';
-- Issue 19: stored hands exported as PokerStars hand-history text (src/export.rs).
CREATE FUNCTION fpdb."export_hand"(
	"hand_id" bigint,
	"format" TEXT DEFAULT 'pokerstars'
) RETURNS TEXT
STRICT STABLE PARALLEL RESTRICTED
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'export_hand_wrapper';
CREATE FUNCTION fpdb."export_hands"(
	"hand_ids" bigint[],
	"format" TEXT DEFAULT 'pokerstars'
) RETURNS SETOF TEXT
STRICT STABLE PARALLEL RESTRICTED
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'export_hands_wrapper';
ALTER FUNCTION fpdb.export_hand(bigint, text) SET jit = off;
ALTER FUNCTION fpdb.export_hands(bigint[], text) SET jit = off;

-- ---------------------------------------------------------------------------------------------
-- Tournament summaries (issue 16): the same statements as sql/tourney.sql, then
-- fpdb.parse_summaries, and grant_importer's right to move hands to a refined tournament type.
-- Roles granted with grant_importer under 0.1.0 need it once more (SELECT fpdb.grant_importer(...)).

-- TourneyTypes: the structure of a tournament as summaries print it. NULL = no summary told.
ALTER TABLE fpdb.TourneyTypes
    ADD COLUMN category varchar(9),        -- extension: Gametypes.category of the game (NULL: mixed games, or not told)
    ADD COLUMN limitType char(2),          -- extension: Gametypes.limitType of the game
    ADD COLUMN speed varchar(12),          -- extension: normal, semi-turbo, turbo, super-turbo, hyper-turbo, slow
    ADD COLUMN maxSeats smallint,          -- extension: seats per table
    ADD COLUMN sng boolean,                -- extension: a sit-and-go (true) or a scheduled tournament (false)
    ADD COLUMN reEntry boolean NOT NULL DEFAULT false,   -- extension: players may enter again
    ADD COLUMN satellite boolean NOT NULL DEFAULT false, -- extension: prizes are seats in another tournament
    ADD COLUMN rebuyCost int,              -- extension: price of a rebuy
    ADD COLUMN addonCost int;              -- extension: price of an add-on
ALTER TABLE fpdb.TourneyTypes DROP CONSTRAINT tourneytypes_natural_key;
ALTER TABLE fpdb.TourneyTypes ADD CONSTRAINT tourneytypes_natural_key UNIQUE NULLS NOT DISTINCT
    (siteId, currency, buyin, fee, knockout, rebuyOrAddon, reEntry, satellite, sng, speed, maxSeats,
     category, limitType, rebuyCost, addonCost);

-- Tourneys: a tournament is its site and number, whichever type summaries and hands give it.
ALTER TABLE fpdb.Tourneys
    ADD COLUMN siteId smallint REFERENCES fpdb.Sites (id), -- extension: with siteTourneyNo, the tournament's identity
    ADD COLUMN name text,                  -- extension: the tournament's name, when a summary prints it
    ADD COLUMN endTime timestamptz,        -- extension: when it finished
    ADD COLUMN finished boolean NOT NULL DEFAULT false, -- extension: a summary of the finished tournament was imported
    ADD COLUMN prizeCurrency varchar(4),   -- extension: currency of prizepool when it is not the buy-in's
    ADD COLUMN addedPrize int,             -- extension: money the room added to the prize pool
    ADD COLUMN totalRebuys int,            -- extension: rebuys made by all players
    ADD COLUMN totalAddons int,            -- extension: add-ons made by all players
    ADD COLUMN reEntries int,              -- extension: re-entries the summary lists (entries counts players)
    ADD COLUMN targetTourneyNo bigint;     -- extension: the tournament a satellite gives seats in
UPDATE fpdb.Tourneys t SET siteId = tt.siteId FROM fpdb.TourneyTypes tt WHERE tt.id = t.tourneyTypeId;
ALTER TABLE fpdb.Tourneys ALTER COLUMN siteId SET NOT NULL;
ALTER TABLE fpdb.Tourneys ADD CONSTRAINT tourneys_site_tourney UNIQUE (siteId, siteTourneyNo);

-- TourneysPlayers: a player's result as summaries print it.
ALTER TABLE fpdb.TourneysPlayers
    ADD COLUMN winningsCurrency varchar(4), -- extension: currency of winnings when it is not the buy-in's
    ADD COLUMN ticket text,                -- extension: a prize that is not cash (a ticket, a seat), as printed
    ADD COLUMN ticketValue int,            -- extension: its value when printed (included in winnings)
    ADD COLUMN bounties int,               -- extension: knockouts made
    ADD COLUMN bountyWinnings int,         -- extension: money won from bounties (not in winnings)
    ADD COLUMN rebuys int,                 -- extension
    ADD COLUMN addons int,                 -- extension
    ADD COLUMN reEntries int;              -- extension: entries after the first

-- The TourneyTypes row with exactly these attributes, created when missing.
CREATE FUNCTION fpdb._tourney_type(
    p_site smallint, p_currency text, p_buyin int, p_fee int, p_knockout int, p_rebuy boolean,
    p_reentry boolean, p_satellite boolean, p_sng boolean, p_speed text, p_maxseats smallint,
    p_category text, p_limit text, p_rebuycost int, p_addoncost int)
RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v int;
BEGIN
    FOR i IN 1..2 LOOP
        SELECT t.id INTO v FROM fpdb.TourneyTypes t
        WHERE t.siteId OPERATOR(pg_catalog.=) p_site AND t.currency OPERATOR(pg_catalog.=) p_currency
          AND t.buyin OPERATOR(pg_catalog.=) p_buyin AND t.fee OPERATOR(pg_catalog.=) p_fee
          AND t.knockout OPERATOR(pg_catalog.=) p_knockout AND t.rebuyOrAddon OPERATOR(pg_catalog.=) p_rebuy
          AND t.reEntry OPERATOR(pg_catalog.=) p_reentry AND t.satellite OPERATOR(pg_catalog.=) p_satellite
          AND t.sng IS NOT DISTINCT FROM p_sng AND t.speed IS NOT DISTINCT FROM p_speed
          AND t.maxSeats IS NOT DISTINCT FROM p_maxseats AND t.category IS NOT DISTINCT FROM p_category
          AND t.limitType IS NOT DISTINCT FROM p_limit AND t.rebuyCost IS NOT DISTINCT FROM p_rebuycost
          AND t.addonCost IS NOT DISTINCT FROM p_addoncost;
        IF v IS NOT NULL THEN
            RETURN v;
        END IF;
        INSERT INTO fpdb.TourneyTypes (siteId, currency, buyin, fee, knockout, rebuyOrAddon, reEntry, satellite,
                                       sng, speed, maxSeats, category, limitType, rebuyCost, addonCost)
        VALUES (p_site, p_currency, p_buyin, p_fee, p_knockout, p_rebuy, p_reentry, p_satellite,
                p_sng, p_speed, p_maxseats, p_category, p_limit, p_rebuycost, p_addoncost)
        ON CONFLICT ON CONSTRAINT tourneytypes_natural_key DO NOTHING
        RETURNING id INTO v;
        IF v IS NOT NULL THEN
            RETURN v;
        END IF;
        -- Another session created it just now: the loop finds it.
    END LOOP;
    RAISE EXCEPTION 'fpdb: tournament type was not created' USING ERRCODE = 'XX000';
END
$$;

-- The id of the TourneyTypes row with the attributes of t (its id ignored), NULL when none.
CREATE FUNCTION fpdb._tourney_type_of(t fpdb.TourneyTypes)
RETURNS int
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
    SELECT x.id FROM fpdb.TourneyTypes x
    WHERE x.siteId = t.siteId AND x.currency = t.currency AND x.buyin = t.buyin AND x.fee = t.fee
      AND x.knockout = t.knockout AND x.rebuyOrAddon = t.rebuyOrAddon AND x.reEntry = t.reEntry
      AND x.satellite = t.satellite AND x.sng IS NOT DISTINCT FROM t.sng AND x.speed IS NOT DISTINCT FROM t.speed
      AND x.maxSeats IS NOT DISTINCT FROM t.maxSeats AND x.category IS NOT DISTINCT FROM t.category
      AND x.limitType IS NOT DISTINCT FROM t.limitType AND x.rebuyCost IS NOT DISTINCT FROM t.rebuyCost
      AND x.addonCost IS NOT DISTINCT FROM t.addonCost;
END;

-- Merges what a source knows about tournament p_tourney's structure (inc: a TourneyTypes value,
-- id ignored) into its type. The rule, the same in every import order:
--   * buy-in and fee (a pair): a summary's replace what hands said; hands' fill a pair no
--     summary printed (stored as 0 and 0);
--   * knockout: a non-zero value wins (a summary may not print the bounty part); a summary's
--     wins over hands' when both are non-zero;
--   * currency: a summary's; rebuyOrAddon, reEntry, satellite: true if any source says so;
--   * the other attributes (speed, seats, game, ...): a summary's printed value, else kept.
-- The type row is changed in place when no other tournament uses it and no row has the merged
-- attributes yet; otherwise the tournament moves to the row with them (created when missing),
-- and its hands' HandsPlayers rows (and so HudCache) follow. Returns the tournament's type id.
CREATE FUNCTION fpdb._tourney_retype(p_tourney int, inc fpdb.TourneyTypes, p_from_summary boolean)
RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    cur fpdb.TourneyTypes;
    m fpdb.TourneyTypes;
    pref fpdb.TourneyTypes;
    other fpdb.TourneyTypes;
    pair_from_inc boolean;
    v int;
BEGIN
    SELECT tt.* INTO cur FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
    WHERE t.id OPERATOR(pg_catalog.=) p_tourney;
    pair_from_inc := (p_from_summary AND (inc.buyin OPERATOR(pg_catalog.<>) 0 OR inc.fee OPERATOR(pg_catalog.<>) 0))
                     OR (cur.buyin OPERATOR(pg_catalog.=) 0 AND cur.fee OPERATOR(pg_catalog.=) 0);
    m := cur;
    IF p_from_summary THEN
        m.currency := inc.currency;
    END IF;
    IF pair_from_inc THEN
        m.buyin := inc.buyin;
        m.fee := inc.fee;
    END IF;
    IF inc.knockout OPERATOR(pg_catalog.<>) 0 AND (p_from_summary OR cur.knockout OPERATOR(pg_catalog.=) 0) THEN
        m.knockout := inc.knockout;
    END IF;
    m.rebuyOrAddon := cur.rebuyOrAddon OR inc.rebuyOrAddon;
    m.reEntry := cur.reEntry OR inc.reEntry;
    m.satellite := cur.satellite OR inc.satellite;
    -- The other attributes: the preferred source's value (a summary's, else what is stored),
    -- else the other's.
    IF p_from_summary THEN
        pref := inc;
        other := cur;
    ELSE
        pref := cur;
        other := inc;
    END IF;
    m.sng := coalesce(pref.sng, other.sng);
    m.speed := coalesce(pref.speed, other.speed);
    m.maxSeats := coalesce(pref.maxSeats, other.maxSeats);
    m.category := coalesce(pref.category, other.category);
    m.limitType := coalesce(pref.limitType, other.limitType);
    m.rebuyCost := coalesce(pref.rebuyCost, other.rebuyCost);
    m.addonCost := coalesce(pref.addonCost, other.addonCost);
    IF m IS NOT DISTINCT FROM cur THEN
        RETURN cur.id;
    END IF;
    v := fpdb._tourney_type_of(m);
    IF v IS NULL AND NOT EXISTS (SELECT 1 FROM fpdb.Tourneys t WHERE t.tourneyTypeId OPERATOR(pg_catalog.=) cur.id
                                                                   AND t.id OPERATOR(pg_catalog.<>) p_tourney) THEN
        UPDATE fpdb.TourneyTypes SET currency = m.currency, buyin = m.buyin, fee = m.fee, knockout = m.knockout,
            rebuyOrAddon = m.rebuyOrAddon, reEntry = m.reEntry, satellite = m.satellite, sng = m.sng, speed = m.speed,
            maxSeats = m.maxSeats, category = m.category, limitType = m.limitType, rebuyCost = m.rebuyCost,
            addonCost = m.addonCost
        WHERE id OPERATOR(pg_catalog.=) cur.id;
        RETURN cur.id;
    END IF;
    IF v IS NULL THEN
        v := fpdb._tourney_type(m.siteId, m.currency, m.buyin, m.fee, m.knockout, m.rebuyOrAddon, m.reEntry,
                                m.satellite, m.sng, m.speed, m.maxSeats, m.category, m.limitType, m.rebuyCost,
                                m.addonCost);
    END IF;
    UPDATE fpdb.Tourneys SET tourneyTypeId = v WHERE id OPERATOR(pg_catalog.=) p_tourney;
    UPDATE fpdb.HandsPlayers hp SET tourneyTypeId = v
    FROM fpdb.TourneysPlayers tp
    WHERE tp.tourneyId OPERATOR(pg_catalog.=) p_tourney AND hp.tourneysPlayersId OPERATOR(pg_catalog.=) tp.id
      AND hp.tourneyTypeId IS DISTINCT FROM v::bigint;
    PERFORM fpdb._hudcache_refresh_tourney(p_tourney, cur.id, v);  -- a Citus cluster's HudCache (sql/citus.sql)
    RETURN v;
END
$$;

-- The tournaments of hands being imported: found by (site, number), created with the hands'
-- type when missing; an existing tournament's type takes in what the hands know (a bounty the
-- summary did not print). Rows in the order given; returns each one's tournament and type.
CREATE FUNCTION fpdb._tourneys_for_hands(
    p_site smallint[], p_no bigint[], p_currency text[], p_buyin int[], p_fee int[], p_knockout int[],
    p_start bigint[])
RETURNS TABLE (ord bigint, tourney_id int, type_id int)
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    r record;
    t_id int;
    no_start boolean;
    h fpdb.TourneyTypes;
BEGIN
    FOR r IN SELECT * FROM unnest(p_site, p_no, p_currency, p_buyin, p_fee, p_knockout, p_start)
             WITH ORDINALITY AS u(site, no, currency, buyin, fee, knockout, start, ord)
             ORDER BY u.ord
    LOOP
        SELECT t.id, t.startTime IS NULL INTO t_id, no_start FROM fpdb.Tourneys t
        WHERE t.siteId OPERATOR(pg_catalog.=) r.site AND t.siteTourneyNo OPERATOR(pg_catalog.=) r.no;
        IF t_id IS NULL THEN
            type_id := fpdb._tourney_type(r.site, r.currency, r.buyin, r.fee, r.knockout, false, false, false,
                                          NULL, NULL, NULL, NULL, NULL, NULL, NULL);
            INSERT INTO fpdb.Tourneys (tourneyTypeId, siteTourneyNo, siteId, startTime)
            VALUES (type_id, r.no, r.site, pg_catalog.to_timestamp(r.start))
            ON CONFLICT (siteId, siteTourneyNo) DO NOTHING
            RETURNING id INTO t_id;
        END IF;
        IF t_id IS NULL THEN -- another session created it just now
            SELECT t.id, t.startTime IS NULL INTO t_id, no_start FROM fpdb.Tourneys t
            WHERE t.siteId OPERATOR(pg_catalog.=) r.site AND t.siteTourneyNo OPERATOR(pg_catalog.=) r.no;
        END IF;
        -- A summary that printed no start time: the hands' earliest start fills it. (Hands of
        -- a known tournament write nothing else: an importer without UPDATE still imports them.)
        IF no_start THEN
            UPDATE fpdb.Tourneys SET startTime = pg_catalog.to_timestamp(r.start)
            WHERE id OPERATOR(pg_catalog.=) t_id AND startTime IS NULL;
        END IF;
        h.siteId := r.site;
        h.currency := r.currency;
        h.buyin := r.buyin;
        h.fee := r.fee;
        h.knockout := r.knockout;
        h.rebuyOrAddon := false;
        h.reEntry := false;
        h.satellite := false;
        type_id := fpdb._tourney_retype(t_id, h, false);
        ord := r.ord;
        tourney_id := t_id;
        RETURN NEXT;
    END LOOP;
END
$$;

-- Stores one tournament summary (the jsonb fpdb's summary import builds from the parsed
-- summary, with site and player ids). Returns 'imported' when anything was stored or changed,
-- 'duplicate' when every fact was already there.
--
-- Facts merge: a summary's printed values replace stored ones unless the stored tournament
-- came from a summary of the finished tournament and this one was written while it ran;
-- values a summary does not print never erase stored ones; places and prizes printed in hands
-- only fill what summaries left empty.
CREATE FUNCTION fpdb._store_summary(s jsonb)
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    site smallint := (s OPERATOR(pg_catalog.->>) 'site_id')::smallint;
    no bigint := (s OPERATOR(pg_catalog.->>) 'tourney_no')::bigint;
    fin boolean := coalesce((s OPERATOR(pg_catalog.->>) 'finished')::boolean, false);
    s_type int;
    inc fpdb.TourneyTypes;
    old_attrs fpdb.TourneyTypes;
    created boolean := false;
    t_id int;
    t_fin boolean;
    old_type int;
    strong boolean;
    n bigint;
    changed boolean := false;
BEGIN
    inc.siteId := site;
    inc.currency := coalesce(s OPERATOR(pg_catalog.->>) 'currency',
        (SELECT tt.currency FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
         WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no),
        'NA');
    inc.buyin := coalesce((s OPERATOR(pg_catalog.->>) 'buyin')::int, 0);
    inc.fee := coalesce((s OPERATOR(pg_catalog.->>) 'fee')::int, 0);
    inc.knockout := coalesce((s OPERATOR(pg_catalog.->>) 'bounty')::int, 0);
    inc.rebuyOrAddon := coalesce((s OPERATOR(pg_catalog.->>) 'rebuy_or_addon')::boolean, false);
    inc.reEntry := coalesce((s OPERATOR(pg_catalog.->>) 'reentry')::boolean, false);
    inc.satellite := coalesce((s OPERATOR(pg_catalog.->>) 'satellite')::boolean, false);
    inc.sng := (s OPERATOR(pg_catalog.->>) 'sng')::boolean;
    inc.speed := s OPERATOR(pg_catalog.->>) 'speed';
    inc.maxSeats := (s OPERATOR(pg_catalog.->>) 'max_seats')::smallint;
    inc.category := s OPERATOR(pg_catalog.->>) 'category';
    inc.limitType := s OPERATOR(pg_catalog.->>) 'limit_type';
    inc.rebuyCost := (s OPERATOR(pg_catalog.->>) 'rebuy_cost')::int;
    inc.addonCost := (s OPERATOR(pg_catalog.->>) 'addon_cost')::int;
    SELECT t.id, t.finished, t.tourneyTypeId INTO t_id, t_fin, old_type FROM fpdb.Tourneys t
    WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no
    FOR UPDATE;
    IF t_id IS NULL THEN
        s_type := coalesce(fpdb._tourney_type_of(inc), fpdb._tourney_type(
            inc.siteId, inc.currency, inc.buyin, inc.fee, inc.knockout, inc.rebuyOrAddon, inc.reEntry,
            inc.satellite, inc.sng, inc.speed, inc.maxSeats, inc.category, inc.limitType, inc.rebuyCost,
            inc.addonCost));
        INSERT INTO fpdb.Tourneys (tourneyTypeId, siteTourneyNo, siteId)
        VALUES (s_type, no, site)
        ON CONFLICT (siteId, siteTourneyNo) DO NOTHING
        RETURNING id INTO t_id;
        IF t_id IS NULL THEN -- another session created it just now
            SELECT t.id, t.finished, t.tourneyTypeId INTO t_id, t_fin, old_type FROM fpdb.Tourneys t
            WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no
            FOR UPDATE;
        ELSE
            created := true;
            changed := true;
            t_fin := false;
        END IF;
    END IF;
    IF NOT created THEN
        -- The type merges what the summary says with what hands or other summaries said.
        old_attrs := (SELECT tt FROM fpdb.TourneyTypes tt WHERE tt.id OPERATOR(pg_catalog.=) old_type);
        changed := fpdb._tourney_retype(t_id, inc, true) OPERATOR(pg_catalog.<>) old_type
                   OR (SELECT tt FROM fpdb.TourneyTypes tt WHERE tt.id OPERATOR(pg_catalog.=) old_type) IS DISTINCT FROM old_attrs;
    END IF;
    -- A summary written while the tournament ran does not overwrite one written after it.
    strong := fin OR NOT t_fin;
    UPDATE fpdb.Tourneys t SET
        entries = CASE WHEN x.entries IS NOT NULL AND (strong OR t.entries OPERATOR(pg_catalog.<) 0) THEN x.entries ELSE t.entries END,
        prizepool = CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_pool ELSE t.prizepool END,
        prizeCurrency = CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_currency ELSE t.prizeCurrency END,
        startTime = CASE WHEN x.start_time IS NOT NULL AND (strong OR t.startTime IS NULL) THEN x.start_time ELSE t.startTime END,
        endTime = CASE WHEN x.end_time IS NOT NULL AND (strong OR t.endTime IS NULL) THEN x.end_time ELSE t.endTime END,
        name = CASE WHEN x.name IS NOT NULL AND (strong OR t.name IS NULL) THEN x.name ELSE t.name END,
        addedPrize = CASE WHEN x.added IS NOT NULL AND (strong OR t.addedPrize IS NULL) THEN x.added ELSE t.addedPrize END,
        totalRebuys = CASE WHEN x.total_rebuys IS NOT NULL AND (strong OR t.totalRebuys IS NULL) THEN x.total_rebuys ELSE t.totalRebuys END,
        totalAddons = CASE WHEN x.total_addons IS NOT NULL AND (strong OR t.totalAddons IS NULL) THEN x.total_addons ELSE t.totalAddons END,
        reEntries = CASE WHEN x.reentries IS NOT NULL AND (strong OR t.reEntries IS NULL) THEN x.reentries ELSE t.reEntries END,
        targetTourneyNo = coalesce(x.target_tourney, t.targetTourneyNo),
        finished = t.finished OR fin
    FROM jsonb_to_record(s) AS x(entries int, prize_pool int, prize_currency text, start_time timestamptz,
                                end_time timestamptz, name text, added int, total_rebuys int, total_addons int,
                                reentries int, target_tourney bigint)
    WHERE t.id OPERATOR(pg_catalog.=) t_id
      AND (t.entries, t.prizepool, t.prizeCurrency, t.startTime, t.endTime, t.name, t.addedPrize, t.totalRebuys,
           t.totalAddons, t.reEntries, t.targetTourneyNo, t.finished)
          IS DISTINCT FROM
          (CASE WHEN x.entries IS NOT NULL AND (strong OR t.entries OPERATOR(pg_catalog.<) 0) THEN x.entries ELSE t.entries END,
           CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_pool ELSE t.prizepool END,
           CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_currency::varchar ELSE t.prizeCurrency END,
           CASE WHEN x.start_time IS NOT NULL AND (strong OR t.startTime IS NULL) THEN x.start_time ELSE t.startTime END,
           CASE WHEN x.end_time IS NOT NULL AND (strong OR t.endTime IS NULL) THEN x.end_time ELSE t.endTime END,
           CASE WHEN x.name IS NOT NULL AND (strong OR t.name IS NULL) THEN x.name ELSE t.name END,
           CASE WHEN x.added IS NOT NULL AND (strong OR t.addedPrize IS NULL) THEN x.added ELSE t.addedPrize END,
           CASE WHEN x.total_rebuys IS NOT NULL AND (strong OR t.totalRebuys IS NULL) THEN x.total_rebuys ELSE t.totalRebuys END,
           CASE WHEN x.total_addons IS NOT NULL AND (strong OR t.totalAddons IS NULL) THEN x.total_addons ELSE t.totalAddons END,
           CASE WHEN x.reentries IS NOT NULL AND (strong OR t.reEntries IS NULL) THEN x.reentries ELSE t.reEntries END,
           coalesce(x.target_tourney, t.targetTourneyNo),
           t.finished OR fin);
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;

    -- Every listed player, in player-id order (the lock order of every session).
    INSERT INTO fpdb.TourneysPlayers (tourneyId, playerId)
    SELECT t_id, p.player_id
    FROM jsonb_to_recordset(s OPERATOR(pg_catalog.->) 'players') AS p(player_id int)
    ORDER BY p.player_id
    ON CONFLICT (tourneyId, playerId) DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;
    WITH x AS (
        SELECT p.*, tp.id AS tp_id,
               CASE WHEN p.rank IS NOT NULL AND (strong OR tp.rank IS NULL) THEN p.rank ELSE tp.rank END AS n_rank,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings ELSE tp.winnings END AS n_winnings,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings_currency ELSE tp.winningsCurrency END AS n_wcur,
               CASE WHEN p.payin IS NOT NULL AND (strong OR tp.payinAmount OPERATOR(pg_catalog.<) 0) THEN p.payin ELSE tp.payinAmount END AS n_payin,
               CASE WHEN p.ticket IS NOT NULL AND (strong OR tp.ticket IS NULL) THEN p.ticket ELSE tp.ticket END AS n_ticket,
               CASE WHEN p.ticket_value IS NOT NULL AND (strong OR tp.ticketValue IS NULL) THEN p.ticket_value ELSE tp.ticketValue END AS n_tvalue,
               CASE WHEN p.bounties IS NOT NULL AND (strong OR tp.bounties IS NULL) THEN p.bounties ELSE tp.bounties END AS n_bounties,
               CASE WHEN p.bounty_winnings IS NOT NULL AND (strong OR tp.bountyWinnings IS NULL) THEN p.bounty_winnings ELSE tp.bountyWinnings END AS n_bwin,
               CASE WHEN p.rebuys IS NOT NULL AND (strong OR tp.rebuys IS NULL) THEN p.rebuys ELSE tp.rebuys END AS n_rebuys,
               CASE WHEN p.addons IS NOT NULL AND (strong OR tp.addons IS NULL) THEN p.addons ELSE tp.addons END AS n_addons,
               CASE WHEN p.reentries IS NOT NULL AND (strong OR tp.reEntries IS NULL) THEN p.reentries ELSE tp.reEntries END AS n_reentries
        FROM jsonb_to_recordset(s OPERATOR(pg_catalog.->) 'players')
             AS p(player_id int, rank int, winnings int, winnings_currency text, payin int, ticket text,
                  ticket_value int, bounties int, bounty_winnings int, rebuys int, addons int, reentries int)
        JOIN fpdb.TourneysPlayers tp ON tp.tourneyId OPERATOR(pg_catalog.=) t_id AND tp.playerId OPERATOR(pg_catalog.=) p.player_id
        WHERE (tp.rank, tp.winnings, tp.winningsCurrency, tp.payinAmount, tp.ticket, tp.ticketValue, tp.bounties,
               tp.bountyWinnings, tp.rebuys, tp.addons, tp.reEntries)
              IS DISTINCT FROM
              (CASE WHEN p.rank IS NOT NULL AND (strong OR tp.rank IS NULL) THEN p.rank ELSE tp.rank END,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings ELSE tp.winnings END,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings_currency::varchar ELSE tp.winningsCurrency END,
               CASE WHEN p.payin IS NOT NULL AND (strong OR tp.payinAmount OPERATOR(pg_catalog.<) 0) THEN p.payin ELSE tp.payinAmount END,
               CASE WHEN p.ticket IS NOT NULL AND (strong OR tp.ticket IS NULL) THEN p.ticket ELSE tp.ticket END,
               CASE WHEN p.ticket_value IS NOT NULL AND (strong OR tp.ticketValue IS NULL) THEN p.ticket_value ELSE tp.ticketValue END,
               CASE WHEN p.bounties IS NOT NULL AND (strong OR tp.bounties IS NULL) THEN p.bounties ELSE tp.bounties END,
               CASE WHEN p.bounty_winnings IS NOT NULL AND (strong OR tp.bountyWinnings IS NULL) THEN p.bounty_winnings ELSE tp.bountyWinnings END,
               CASE WHEN p.rebuys IS NOT NULL AND (strong OR tp.rebuys IS NULL) THEN p.rebuys ELSE tp.rebuys END,
               CASE WHEN p.addons IS NOT NULL AND (strong OR tp.addons IS NULL) THEN p.addons ELSE tp.addons END,
               CASE WHEN p.reentries IS NOT NULL AND (strong OR tp.reEntries IS NULL) THEN p.reentries ELSE tp.reEntries END)
        ORDER BY tp.id
    )
    UPDATE fpdb.TourneysPlayers tp SET
        rank = x.n_rank, winnings = x.n_winnings, winningsCurrency = x.n_wcur, payinAmount = x.n_payin,
        ticket = x.n_ticket, ticketValue = x.n_tvalue, bounties = x.n_bounties, bountyWinnings = x.n_bwin,
        rebuys = x.n_rebuys, addons = x.n_addons, reEntries = x.n_reentries
    FROM x WHERE tp.id OPERATOR(pg_catalog.=) x.tp_id;
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;
    RETURN CASE WHEN changed THEN 'imported' ELSE 'duplicate' END;
END
$$;

-- One row per player and tournament: what the player paid and won.
CREATE VIEW fpdb.tourney_results AS
SELECT t.id AS tourney_id,
       s.name AS site,
       t.siteTourneyNo AS tourney_no,
       t.name AS tourney_name,
       p.id AS player_id,
       p.name AS player_name,
       tt.id AS tourney_type_id,
       tt.currency,
       tt.buyin,
       tt.fee,
       tt.knockout,
       coalesce(tt.category, g.category) AS category,
       coalesce(tt.limitType, g.limitType) AS limit_type,
       tt.speed,
       tt.maxSeats AS max_seats,
       tt.sng,
       t.startTime AS start_time,
       t.endTime AS end_time,
       nullif(t.entries, -1) AS entries,
       nullif(t.prizepool, -1) AS prize_pool,
       tp.rank,
       nullif(tp.winnings, -1) AS winnings,
       coalesce(tp.winningsCurrency, tt.currency) AS winnings_currency,
       tp.ticket,
       tp.bounties,
       tp.bountyWinnings AS bounty_winnings,
       tp.rebuys,
       tp.addons,
       tp.reEntries AS reentries,
       -- What the player paid: the summary's total (rebuys, add-ons, re-entries), else buy-in and fee.
       CASE WHEN tp.payinAmount OPERATOR(pg_catalog.>=) 0 THEN tp.payinAmount
            ELSE tt.buyin OPERATOR(pg_catalog.+) tt.fee END AS cost,
       -- The result is known: a prize (0 included) or a place was stored.
       (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL) AS result_known,
       -- Prize and bounties, when the result is known and in the buy-in's currency.
       CASE WHEN (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL)
                 AND coalesce(tp.winningsCurrency, tt.currency) OPERATOR(pg_catalog.=) tt.currency
            THEN GREATEST(tp.winnings, 0) OPERATOR(pg_catalog.+) coalesce(tp.bountyWinnings, 0) END AS won,
       CASE WHEN (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL)
                 AND coalesce(tp.winningsCurrency, tt.currency) OPERATOR(pg_catalog.=) tt.currency
            THEN GREATEST(tp.winnings, 0) OPERATOR(pg_catalog.+) coalesce(tp.bountyWinnings, 0)
                 OPERATOR(pg_catalog.-) CASE WHEN tp.payinAmount OPERATOR(pg_catalog.>=) 0 THEN tp.payinAmount
                                             ELSE tt.buyin OPERATOR(pg_catalog.+) tt.fee END END AS profit
FROM fpdb.TourneysPlayers tp
JOIN fpdb.Tourneys t ON t.id OPERATOR(pg_catalog.=) tp.tourneyId
JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
JOIN fpdb.Sites s ON s.id OPERATOR(pg_catalog.=) t.siteId
JOIN fpdb.Players p ON p.id OPERATOR(pg_catalog.=) tp.playerId
LEFT JOIN LATERAL (
    SELECT gt.category, gt.limitType FROM fpdb.Hands h JOIN fpdb.Gametypes gt ON gt.id OPERATOR(pg_catalog.=) h.gametypeId
    WHERE h.tourneyId OPERATOR(pg_catalog.=) t.id LIMIT 1
) g ON tt.category IS NULL;
COMMENT ON VIEW fpdb.tourney_results IS
    'One row per player and tournament: buy-in, fee, place, prize, bounties, cost and profit (hundredths of the currency).';

CREATE TYPE fpdb.tourney_totals AS (
    currency text,          -- the buy-in currency of the tournaments counted
    tournaments bigint,     -- tournaments with a known result
    buyins numeric,         -- paid, in the currency's unit (rebuys, add-ons, re-entries included where known)
    won numeric,            -- prizes and bounties
    profit numeric,
    roi numeric,            -- profit / buy-ins, %
    itm numeric,            -- tournaments with a prize (money or ticket), %
    avg_finish numeric      -- average place, where known
);

-- A player's tournament results, one row per buy-in currency, with filters like fpdb.hud's.
CREATE FUNCTION fpdb.tourney_stats(
    player_name text,
    site text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    speed text DEFAULT NULL,
    currency text DEFAULT NULL,
    min_buyin numeric DEFAULT NULL,
    max_buyin numeric DEFAULT NULL,
    since timestamptz DEFAULT NULL,
    until timestamptz DEFAULT NULL,
    sng boolean DEFAULT NULL
) RETURNS SETOF fpdb.tourney_totals
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
    SELECT r.currency::text,
           count(*),
           round(sum(r.cost) / 100.0, 2),
           round(sum(r.won) / 100.0, 2),
           round(sum(r.profit) / 100.0, 2),
           round(100.0 * sum(r.profit) / nullif(sum(r.cost), 0), 1),
           round(100.0 * count(*) FILTER (WHERE r.won > 0 OR r.ticket IS NOT NULL) / count(*), 1),
           round(avg(r.rank), 1)
    FROM fpdb.tourney_results r
    WHERE r.player_name = tourney_stats.player_name
      AND r.result_known AND r.won IS NOT NULL
      AND (tourney_stats.site IS NULL OR r.site = tourney_stats.site)
      AND (tourney_stats.category IS NULL OR r.category = tourney_stats.category)
      AND (tourney_stats.limit_type IS NULL OR r.limit_type = tourney_stats.limit_type)
      AND (tourney_stats.speed IS NULL OR r.speed = tourney_stats.speed)
      AND (tourney_stats.currency IS NULL OR r.currency = tourney_stats.currency)
      AND (tourney_stats.min_buyin IS NULL OR (r.buyin + r.fee) >= tourney_stats.min_buyin * 100)
      AND (tourney_stats.max_buyin IS NULL OR (r.buyin + r.fee) <= tourney_stats.max_buyin * 100)
      AND (tourney_stats.since IS NULL OR r.start_time >= tourney_stats.since)
      AND (tourney_stats.until IS NULL OR r.start_time < tourney_stats.until)
      AND (tourney_stats.sng IS NULL OR r.sng = tourney_stats.sng)
    GROUP BY r.currency
    ORDER BY r.currency;
END;
COMMENT ON FUNCTION fpdb.tourney_stats(text, text, text, text, text, text, numeric, numeric, timestamptz, timestamptz, boolean) IS
    'A player''s tournaments, buy-ins, winnings, profit, ROI %, ITM % and average finish, one row per buy-in currency.';

CREATE FUNCTION fpdb.parse_summaries(history text) RETURNS SETOF jsonb
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c AS 'MODULE_PATHNAME', 'parse_summaries_wrapper';

CREATE OR REPLACE FUNCTION fpdb.grant_importer(role regrole) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM fpdb.grant_reader(role);
    -- Rows an import creates.
    EXECUTE format('GRANT INSERT ON fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.TourneyTypes, fpdb.Tourneys,
        fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache,
        fpdb.Autorates, fpdb.RawHands TO %s', role);
    -- Upserts of HudCache, Autorates and tournament results; KEY SHARE locks on the rows new
    -- hands reference (what a foreign-key check takes) need UPDATE as well.
    EXECUTE format('GRANT UPDATE ON fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.TourneyTypes, fpdb.Tourneys,
        fpdb.TourneysPlayers, fpdb.HudCache, fpdb.Autorates TO %s', role);
    EXECUTE format('GRANT DELETE ON fpdb.HudCache TO %s', role);
    -- A tournament summary that refines a tournament's type moves its hands' rows to it.
    EXECUTE format('GRANT UPDATE (tourneyTypeId) ON fpdb.HandsPlayers TO %s', role);
    EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA fpdb TO %s', role);
END
$$;

-- Issue 18: all-in EV. HandsPlayers.allInEV (totalProfit with the all-in replaced by its
-- expectation) and its sum in HudCache. Hands imported before 0.2.0 keep allInEV = totalProfit
-- (what the import gives a hand without a priced all-in; re-import a hand to price it). The
-- HudCache trigger is bypassed for this one UPDATE: HudCache gets the same sum directly.
ALTER TABLE fpdb.HandsPlayers ADD COLUMN allInEV int NOT NULL DEFAULT 0;
ALTER TABLE fpdb.HudCache ADD COLUMN allInEV bigint NOT NULL DEFAULT 0;
ALTER TABLE fpdb.HandsPlayers DISABLE TRIGGER handsplayers_hudcache_update;
UPDATE fpdb.HandsPlayers SET allInEV = totalProfit WHERE allInEV IS DISTINCT FROM totalProfit;
ALTER TABLE fpdb.HandsPlayers ENABLE TRIGGER handsplayers_hudcache_update;
UPDATE fpdb.HudCache SET allInEV = totalProfit WHERE allInEV IS DISTINCT FROM totalProfit;
CREATE OR REPLACE VIEW fpdb.hudcache_rebuilt AS
SELECT hp.gametypeId, hp.playerId, hp.activeSeats, fpdb.hudcache_position(hp.position) AS position,
       hp.tourneyTypeId::smallint AS tourneyTypeId,
       count(*)::int AS HDs,
        sum(hp.wonWhenSeenStreet1)::double precision AS wonWhenSeenStreet1,
        sum(hp.wonWhenSeenStreet2)::double precision AS wonWhenSeenStreet2,
        sum(hp.wonWhenSeenStreet3)::double precision AS wonWhenSeenStreet3,
        sum(hp.wonWhenSeenStreet4)::double precision AS wonWhenSeenStreet4,
        sum(hp.wonAtSD)::double precision AS wonAtSD,
        sum(hp.street0VPI)::int AS street0VPI,
        sum(hp.street0Aggr)::int AS street0Aggr,
        sum(hp.street0_3BChance)::int AS street0_3BChance,
        sum(hp.street0_3BDone)::int AS street0_3BDone,
        sum(hp.street0_4BChance)::int AS street0_4BChance,
        sum(hp.street0_4BDone)::int AS street0_4BDone,
        sum(hp.street1Seen)::int AS street1Seen,
        sum(hp.street2Seen)::int AS street2Seen,
        sum(hp.street3Seen)::int AS street3Seen,
        sum(hp.street4Seen)::int AS street4Seen,
        sum(hp.sawShowdown)::int AS sawShowdown,
        sum(hp.street1Aggr)::int AS street1Aggr,
        sum(hp.street2Aggr)::int AS street2Aggr,
        sum(hp.street3Aggr)::int AS street3Aggr,
        sum(hp.street4Aggr)::int AS street4Aggr,
        sum(hp.otherRaisedStreet0)::int AS otherRaisedStreet0,
        sum(hp.otherRaisedStreet1)::int AS otherRaisedStreet1,
        sum(hp.otherRaisedStreet2)::int AS otherRaisedStreet2,
        sum(hp.otherRaisedStreet3)::int AS otherRaisedStreet3,
        sum(hp.otherRaisedStreet4)::int AS otherRaisedStreet4,
        sum(hp.foldToOtherRaisedStreet0)::int AS foldToOtherRaisedStreet0,
        sum(hp.foldToOtherRaisedStreet1)::int AS foldToOtherRaisedStreet1,
        sum(hp.foldToOtherRaisedStreet2)::int AS foldToOtherRaisedStreet2,
        sum(hp.foldToOtherRaisedStreet3)::int AS foldToOtherRaisedStreet3,
        sum(hp.foldToOtherRaisedStreet4)::int AS foldToOtherRaisedStreet4,
        sum(hp.stealAttemptChance)::int AS stealAttemptChance,
        sum(hp.stealAttempted)::int AS stealAttempted,
        sum(hp.foldBbToStealChance)::int AS foldBbToStealChance,
        sum(hp.foldedBbToSteal)::int AS foldedBbToSteal,
        sum(hp.foldSbToStealChance)::int AS foldSbToStealChance,
        sum(hp.foldedSbToSteal)::int AS foldedSbToSteal,
        sum(hp.street1CBChance)::int AS street1CBChance,
        sum(hp.street1CBDone)::int AS street1CBDone,
        sum(hp.street2CBChance)::int AS street2CBChance,
        sum(hp.street2CBDone)::int AS street2CBDone,
        sum(hp.street3CBChance)::int AS street3CBChance,
        sum(hp.street3CBDone)::int AS street3CBDone,
        sum(hp.street4CBChance)::int AS street4CBChance,
        sum(hp.street4CBDone)::int AS street4CBDone,
        sum(hp.foldToStreet1CBChance)::int AS foldToStreet1CBChance,
        sum(hp.foldToStreet1CBDone)::int AS foldToStreet1CBDone,
        sum(hp.foldToStreet2CBChance)::int AS foldToStreet2CBChance,
        sum(hp.foldToStreet2CBDone)::int AS foldToStreet2CBDone,
        sum(hp.foldToStreet3CBChance)::int AS foldToStreet3CBChance,
        sum(hp.foldToStreet3CBDone)::int AS foldToStreet3CBDone,
        sum(hp.foldToStreet4CBChance)::int AS foldToStreet4CBChance,
        sum(hp.foldToStreet4CBDone)::int AS foldToStreet4CBDone,
        sum(hp.totalProfit)::bigint AS totalProfit,
        sum(hp.street1CheckCallRaiseChance)::int AS street1CheckCallRaiseChance,
        sum(hp.street1CheckCallRaiseDone)::int AS street1CheckCallRaiseDone,
        sum(hp.street2CheckCallRaiseChance)::int AS street2CheckCallRaiseChance,
        sum(hp.street2CheckCallRaiseDone)::int AS street2CheckCallRaiseDone,
        sum(hp.street3CheckCallRaiseChance)::int AS street3CheckCallRaiseChance,
        sum(hp.street3CheckCallRaiseDone)::int AS street3CheckCallRaiseDone,
        sum(hp.street4CheckCallRaiseChance)::int AS street4CheckCallRaiseChance,
        sum(hp.street4CheckCallRaiseDone)::int AS street4CheckCallRaiseDone,
        sum(hp.street0Calls)::int AS street0Calls,
        sum(hp.street1Calls)::int AS street1Calls,
        sum(hp.street2Calls)::int AS street2Calls,
        sum(hp.street3Calls)::int AS street3Calls,
        sum(hp.street4Calls)::int AS street4Calls,
        sum(hp.street0Bets)::int AS street0Bets,
        sum(hp.street1Bets)::int AS street1Bets,
        sum(hp.street2Bets)::int AS street2Bets,
        sum(hp.street3Bets)::int AS street3Bets,
        sum(hp.street4Bets)::int AS street4Bets,
        sum(hp.street0Raises)::int AS street0Raises,
        sum(hp.street1Raises)::int AS street1Raises,
        sum(hp.street2Raises)::int AS street2Raises,
        sum(hp.street3Raises)::int AS street3Raises,
        sum(hp.street4Raises)::int AS street4Raises,
        sum(hp.street1CheckRaiseDone)::int AS street1CheckRaiseDone,
        sum(hp.street2CheckRaiseDone)::int AS street2CheckRaiseDone,
        sum(hp.street3CheckRaiseDone)::int AS street3CheckRaiseDone,
        sum(hp.street4CheckRaiseDone)::int AS street4CheckRaiseDone,
        sum(hp.allInEV)::bigint AS allInEV
FROM fpdb.HandsPlayers hp
GROUP BY 1, 2, 3, 4, 5;
COMMENT ON VIEW fpdb.hudcache_rebuilt IS 'HudCache as a full rebuild from HandsPlayers would give it.';
CREATE OR REPLACE FUNCTION fpdb.rebuild_hudcache() RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    n bigint;
BEGIN
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);
    DELETE FROM fpdb.HudCache;
    INSERT INTO fpdb.HudCache (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone, allInEV)
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone, allInEV FROM fpdb.hudcache_rebuilt
    ORDER BY gametypeId, playerId, activeSeats, position, tourneyTypeId;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END
$$;
COMMENT ON FUNCTION fpdb.rebuild_hudcache() IS 'Rebuilds HudCache from HandsPlayers; returns the number of rows.';

-- Issue 18: the running winnings (fpdb.profit_series), sessions (fpdb.sessions) and their graph
-- (fpdb.profit_graph, drawn by fpdb._profit_svg), as sql/profit.sql defines them.
CREATE FUNCTION fpdb."_profit_svg"(
	"player" TEXT,
	"unit" TEXT,
	"net" double precision[],
	"allin_adjusted" double precision[],
	"showdown" double precision[],
	"non_showdown" double precision[],
	"width" INT,
	"height" INT
) RETURNS TEXT
IMMUTABLE STRICT PARALLEL SAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', '_profit_svg_wrapper';

-- The player's hands the filters select: one row per HandsPlayers row.
CREATE FUNCTION fpdb._player_hands(
    player_name text,
    site text,
    gametype_id int,
    game_type text,
    category text,
    limit_type text,
    min_seats int,
    max_seats int,
    positions text[]
) RETURNS TABLE (hand_id bigint, site_hand_no bigint, hand_start timestamptz, site_id smallint,
                 table_name text, game_type text, currency text, big_blind int,
                 profit int, allin_ev int, showdown boolean)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    SELECT h.id, h.siteHandNo, h.handStart, h.siteId, h.tableName::text, g.type::text,
           g.currency::text, g.bigBlind, hp.totalProfit, hp.allInEV, hp.sawShowdown <> 0
    FROM fpdb.HandsPlayers hp
    JOIN fpdb.Hands h ON h.id = hp.handId
    JOIN fpdb.Gametypes g ON g.id = hp.gametypeId
    WHERE hp.playerId IN (
            SELECT p.id FROM fpdb.Players p
            WHERE p.name = $1
              AND ($2 IS NULL OR p.siteId IN (SELECT s.id FROM fpdb.Sites s WHERE s.name = $2)))
      AND ($3 IS NULL OR g.id = $3)
      AND ($4 IS NULL OR g.type = $4)
      AND ($5 IS NULL OR g.category = $5)
      AND ($6 IS NULL OR g.limitType = $6)
      AND hp.activeSeats BETWEEN coalesce($7, 0) AND coalesce($8, 32767)
      AND ($9 IS NULL OR fpdb.hudcache_position(hp.position) = ANY ($9))
$$;
COMMENT ON FUNCTION fpdb._player_hands(text, text, int, text, text, text, int, int, text[]) IS
    'Internal: the HandsPlayers rows of a player that the fpdb.hud filters select, with their hand and game type.';

-- unit must be 'cents' (the stored unit) or 'bb'.
CREATE FUNCTION fpdb._check_unit(unit text) RETURNS void
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF unit IS NULL OR unit NOT IN ('cents', 'bb') THEN
        RAISE EXCEPTION 'unit must be ''cents'' or ''bb'', not %', coalesce(quote_literal(unit), 'NULL')
            USING ERRCODE = '22023',
                  HINT = '''cents'' is the stored unit (cents, or chips in tournaments); ''bb'' divides each hand by its big blind.';
    END IF;
END
$$;
COMMENT ON FUNCTION fpdb._check_unit(text) IS 'Internal: raises 22023 unless unit is ''cents'' or ''bb''.';

-- One row per hand of the player in time order (hand_no 1, 2, ...), with the running sums:
-- net = Σ totalProfit, allin_adjusted = Σ allInEV, showdown = Σ totalProfit of the hands where
-- he saw the showdown, non_showdown = Σ totalProfit of the others (net = showdown + non_showdown).
-- With unit => 'bb' each hand counts profit / big blind (0 where the game has no big blind) and
-- the sums are rounded to 2 decimals.
CREATE FUNCTION fpdb.profit_series(
    player_name text,
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL,
    unit text DEFAULT 'cents'
) RETURNS TABLE (hand_no bigint, hand_id bigint, site_hand_no bigint, hand_start timestamptz,
                 net numeric, allin_adjusted numeric, showdown numeric, non_showdown numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM fpdb._check_unit(profit_series.unit);
    RETURN QUERY
    SELECT row_number() OVER w,
           x.hand_id, x.site_hand_no, x.hand_start,
           round(sum(x.v_profit) OVER w, x.scale),
           round(sum(x.v_ev) OVER w, x.scale),
           round(sum(CASE WHEN x.showdown THEN x.v_profit ELSE 0 END) OVER w, x.scale),
           round(sum(CASE WHEN x.showdown THEN 0 ELSE x.v_profit END) OVER w, x.scale)
    FROM (
        SELECT ph.hand_id, ph.site_hand_no, ph.hand_start, ph.showdown,
               CASE WHEN profit_series.unit = 'bb' THEN 2 ELSE 0 END AS scale,
               CASE WHEN profit_series.unit = 'bb'
                    THEN coalesce(ph.profit::numeric / nullif(ph.big_blind, 0), 0)
                    ELSE ph.profit::numeric END AS v_profit,
               CASE WHEN profit_series.unit = 'bb'
                    THEN coalesce(ph.allin_ev::numeric / nullif(ph.big_blind, 0), 0)
                    ELSE ph.allin_ev::numeric END AS v_ev
        FROM fpdb._player_hands(profit_series.player_name, profit_series.site,
                                profit_series.gametype_id, profit_series.game_type,
                                profit_series.category, profit_series.limit_type,
                                profit_series.min_seats, profit_series.max_seats,
                                profit_series.positions) AS ph
    ) AS x
    WINDOW w AS (ORDER BY x.hand_start, x.hand_id ROWS UNBOUNDED PRECEDING)
    ORDER BY x.hand_start, x.hand_id;
END
$$;
COMMENT ON FUNCTION fpdb.profit_series(text, text, int, text, text, text, int, int, text[], text) IS
    'Running winnings of a player hand by hand: net, all-in adjusted, showdown and non-showdown (cents, or big blinds with unit => ''bb'').';

-- The player's sessions: hands no more than gap apart belong to one session. start_time and
-- end_time are the first and last hand's start; tables counts the distinct tables; net and
-- allin_adjusted are in the stored unit; bb_per_100 is 100 × Σ(profit / big blind) / hands.
CREATE FUNCTION fpdb.sessions(
    player_name text,
    gap interval DEFAULT '30 minutes',
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL
) RETURNS TABLE (session_no bigint, start_time timestamptz, end_time timestamptz, hands bigint,
                 tables bigint, net bigint, allin_adjusted bigint, bb_per_100 numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF sessions.gap IS NULL OR sessions.gap <= interval '0' THEN
        RAISE EXCEPTION 'gap must be a positive interval, not %', coalesce(sessions.gap::text, 'NULL')
            USING ERRCODE = '22023', HINT = 'For example gap => ''30 minutes''.';
    END IF;
    RETURN QUERY
    SELECT s.no, min(s.hand_start), max(s.hand_start), count(*),
           count(DISTINCT (s.site_id, s.table_name)),
           sum(s.profit)::bigint, sum(s.allin_ev)::bigint,
           round(100 * sum(coalesce(s.profit::numeric / nullif(s.big_blind, 0), 0)) / count(*), 2)
    FROM (
        SELECT t.*, sum(t.starts) OVER (ORDER BY t.hand_start, t.hand_id ROWS UNBOUNDED PRECEDING) AS no
        FROM (
            SELECT ph.*,
                   CASE WHEN lag(ph.hand_start) OVER (ORDER BY ph.hand_start, ph.hand_id) >= ph.hand_start - sessions.gap
                        THEN 0 ELSE 1 END AS starts
            FROM fpdb._player_hands(sessions.player_name, sessions.site, sessions.gametype_id,
                                    sessions.game_type, sessions.category, sessions.limit_type,
                                    sessions.min_seats, sessions.max_seats, sessions.positions) AS ph
        ) AS t
    ) AS s
    GROUP BY s.no
    ORDER BY s.no;
END
$$;
COMMENT ON FUNCTION fpdb.sessions(text, interval, text, int, text, text, text, int, int, text[]) IS
    'Sessions of a player (hands at most gap apart): start, end, hands, tables, net, all-in adjusted, bb/100.';

-- The graph of fpdb.profit_series as an SVG document (width × height pixels, 900 × 500 by
-- default): the four lines over the hands, with a legend and labelled axes. Drawn by
-- fpdb._profit_svg (src/profit.rs, fpdb_core::graph). The y axis is in the currency when every
-- hand is a cash hand in one real currency (cents shown as units: USD 12.50), in chips when
-- every hand is a tournament or play-money hand, in cents of several currencies ('cents (EUR,
-- USD)'), else in the stored units ('cents and chips');
-- in big blinds with unit => 'bb'. A player with no matching hand is an error (P0002).
CREATE FUNCTION fpdb.profit_graph(
    player_name text,
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL,
    unit text DEFAULT 'cents',
    width int DEFAULT 900,
    height int DEFAULT 500
) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    currencies text[];
    scale float8 := 1;
    label text;
    v_net float8[];
    v_ev float8[];
    v_sd float8[];
    v_nsd float8[];
BEGIN
    PERFORM fpdb._check_unit(profit_graph.unit);
    IF profit_graph.width IS NULL OR profit_graph.height IS NULL
       OR profit_graph.width NOT BETWEEN 300 AND 4000 OR profit_graph.height NOT BETWEEN 200 AND 4000 THEN
        RAISE EXCEPTION 'the graph must be 300 to 4000 pixels wide and 200 to 4000 high, not % x %',
            coalesce(profit_graph.width::text, 'NULL'), coalesce(profit_graph.height::text, 'NULL')
            USING ERRCODE = '22023';
    END IF;
    SELECT array_agg(DISTINCT CASE WHEN ph.game_type = 'ring' AND ph.currency <> 'play' THEN ph.currency END)
    INTO currencies
    FROM fpdb._player_hands(profit_graph.player_name, profit_graph.site, profit_graph.gametype_id,
                            profit_graph.game_type, profit_graph.category, profit_graph.limit_type,
                            profit_graph.min_seats, profit_graph.max_seats, profit_graph.positions) AS ph;
    IF currencies IS NULL THEN
        RAISE EXCEPTION 'player % has no hands that match the filters', quote_literal(profit_graph.player_name)
            USING ERRCODE = 'P0002';
    END IF;
    IF profit_graph.unit = 'bb' THEN
        label := 'big blinds';
    ELSIF cardinality(currencies) = 1 AND currencies[1] IS NOT NULL THEN
        label := currencies[1];
        scale := 100;
    ELSIF cardinality(currencies) = 1 THEN
        label := 'chips';
    ELSIF array_position(currencies, NULL) IS NULL THEN
        label := 'cents (' || array_to_string(currencies, ', ') || ')';
    ELSE
        label := 'cents and chips';
    END IF;
    SELECT array_agg(ps.net::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.allin_adjusted::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.showdown::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.non_showdown::float8 / scale ORDER BY ps.hand_no)
    INTO v_net, v_ev, v_sd, v_nsd
    FROM fpdb.profit_series(profit_graph.player_name, profit_graph.site, profit_graph.gametype_id,
                            profit_graph.game_type, profit_graph.category, profit_graph.limit_type,
                            profit_graph.min_seats, profit_graph.max_seats, profit_graph.positions,
                            profit_graph.unit) AS ps;
    RETURN fpdb._profit_svg(profit_graph.player_name, label, v_net, v_ev, v_sd, v_nsd,
                            profit_graph.width, profit_graph.height);
END
$$;
COMMENT ON FUNCTION fpdb.profit_graph(text, text, int, text, text, text, int, int, text[], text, int, int) IS
    'SVG graph of a player''s net, all-in adjusted, showdown and non-showdown winnings over his hands.';
-- ---- Citus scale-out (issue 20): HandsActions.handId (the key a cluster co-locates an action with
-- its hand by; filled by the import), fpdb._hand_keys and fpdb.distribute() (sql/citus.sql).
ALTER TABLE fpdb.HandsActions ADD COLUMN handId bigint;
UPDATE fpdb.HandsActions a SET handId = hp.handId FROM fpdb.HandsPlayers hp WHERE hp.id = a.handPlayerId;

-- The hands a Citus cluster stores, by their identity (site, hand number). On one server the
-- unique constraint hands_site_hand detects duplicate hands; on a cluster Hands is distributed by
-- id and no unique index can span its shards, so the import first inserts each hand's key here
-- (distributed by siteHandNo, so the key is unique across the cluster and a concurrent session's
-- uncommitted key makes the other wait, as a unique index does) and stores only the hands whose
-- key was new. Empty on a single server.
CREATE TABLE fpdb._hand_keys (
    siteId smallint NOT NULL,
    siteHandNo bigint NOT NULL,
    PRIMARY KEY (siteHandNo, siteId)
);
COMMENT ON TABLE fpdb._hand_keys IS
    'Internal: the (site, hand number) of every stored hand on a Citus cluster (duplicate detection); empty on a single server.';

-- Whether fpdb's tables are distributed by Citus (fpdb.distribute() ran): read from Citus's
-- catalog, never from a setting. The import and the functions below switch on it.
CREATE FUNCTION fpdb._is_distributed() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN
        RETURN false;  -- no citus extension: the next statement would not even plan
    END IF;
    RETURN EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition
                   WHERE logicalrelid OPERATOR(pg_catalog.=) 'fpdb.handsplayers'::pg_catalog.regclass);
END
$$;

-- On a distributed database (no HudCache triggers): a tournament whose type changed moved its
-- players' HandsPlayers rows from old_type to new_type; their HudCache rows of both types are
-- rebuilt from HandsPlayers. Does nothing on one server, where the trigger moved them.
CREATE FUNCTION fpdb._hudcache_refresh_tourney(p_tourney int, old_type int, new_type int) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    players int[];
    types smallint[] := ARRAY[old_type, new_type]::smallint[];
    cols text;
BEGIN
    IF old_type IS NOT DISTINCT FROM new_type OR NOT fpdb._is_distributed() THEN
        RETURN;
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);  -- every HudCache writer's lock
    SELECT pg_catalog.array_agg(tp.playerId) INTO players FROM fpdb.TourneysPlayers tp
    WHERE tp.tourneyId OPERATOR(pg_catalog.=) p_tourney;
    DELETE FROM fpdb.HudCache h
    WHERE h.playerId OPERATOR(pg_catalog.=) ANY (players) AND h.tourneyTypeId OPERATOR(pg_catalog.=) ANY (types);
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO cols
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid OPERATOR(pg_catalog.=) 'fpdb.hudcache_rebuilt'::pg_catalog.regclass
      AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped;
    EXECUTE pg_catalog.format(
        'INSERT INTO fpdb.HudCache (%s) SELECT %s FROM fpdb.hudcache_rebuilt b '
        'WHERE b.playerId OPERATOR(pg_catalog.=) ANY ($1) AND b.tourneyTypeId OPERATOR(pg_catalog.=) ANY ($2)',
        cols, cols) USING players, types;
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb._hudcache_refresh_tourney(int, int, int) FROM PUBLIC;

-- Runs a DDL statement of fpdb.distribute() here and on every worker: the workers' copies of
-- fpdb's tables (created by CREATE EXTENSION, which Citus propagates) are the shells Citus keeps
-- there, and must change as the coordinator's do before the tables are distributed (Citus does
-- not propagate DDL on local tables). Idempotent statements only: a worker's connection commits
-- on its own.
CREATE FUNCTION fpdb._distribute_ddl(statement text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    r record;
BEGIN
    EXECUTE statement;
    FOR r IN SELECT * FROM pg_catalog.run_command_on_workers(statement) LOOP
        IF NOT r.success THEN
            RAISE EXCEPTION 'fpdb.distribute(): on the worker %:%: %', r.nodename, r.nodeport, r.result
                USING ERRCODE = '55000', DETAIL = statement;
        END IF;
    END LOOP;
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb._distribute_ddl(text) FROM PUBLIC;

-- Turns the tables of a fresh fpdb database on a Citus coordinator into reference and
-- distributed tables. See README "Scale-out with Citus".
CREATE FUNCTION fpdb.distribute(shard_count int DEFAULT 32) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    reference_tables text[] := ARRAY['settings', 'sites', 'players', 'gametypes', 'autorates', 'tourneytypes',
                                     'tourneys', 'tourneysplayers'];
    hand_tables text[] := ARRAY['hands', 'handsplayers', 'handsactions', 'boardcards', 'rawhands'];
    all_tables text[];
    fk record;
    fks text[] := ARRAY[]::text[];
    t text;
    grantee text;
BEGIN
    IF shard_count IS NULL OR shard_count OPERATOR(pg_catalog.<) 1 THEN
        RAISE EXCEPTION 'shard_count must be at least 1, not %', shard_count USING ERRCODE = '22023';
    END IF;
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN
        RAISE EXCEPTION 'fpdb.distribute() needs the citus extension in this database'
            USING ERRCODE = '55000',
                  HINT = 'Install Citus 13 on every node, set shared_preload_libraries = ''citus'', run CREATE EXTENSION citus and add the workers with citus_add_node(), then call fpdb.distribute() on the coordinator.';
    END IF;
    IF NOT pg_catalog.citus_is_coordinator() THEN
        RAISE EXCEPTION 'fpdb.distribute() runs on the Citus coordinator, and this node is not it'
            USING ERRCODE = '55000',
                  HINT = 'Connect to the coordinator (or make this node it with citus_set_coordinator_host()).';
    END IF;
    IF fpdb._is_distributed() THEN
        RAISE NOTICE 'fpdb is already distributed';
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM fpdb.Hands) THEN
        RAISE EXCEPTION 'fpdb.distribute() needs a database without hands'
            USING ERRCODE = '55000',
                  HINT = 'Distribute a fresh fpdb database, then import the hands into it (export them from this one with fpdb.export_hands or re-import the history files).';
    END IF;
    all_tables := reference_tables OPERATOR(pg_catalog.||) hand_tables
                  OPERATOR(pg_catalog.||) ARRAY['hudcache', '_hand_keys'];
    -- A foreign key between a table that stays local and one that is distributed cannot exist.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c
               JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) c.conrelid
               JOIN pg_catalog.pg_class f ON f.oid OPERATOR(pg_catalog.=) c.confrelid
               WHERE c.contype OPERATOR(pg_catalog.=) 'f'
                 AND (r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace
                      OR f.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace)
                 AND ((r.relname::text OPERATOR(pg_catalog.=) ANY (all_tables))
                      OPERATOR(pg_catalog.<>) (f.relname::text OPERATOR(pg_catalog.=) ANY (all_tables))
                      OR r.relnamespace OPERATOR(pg_catalog.<>) f.relnamespace)) THEN
        RAISE EXCEPTION 'a foreign key joins an fpdb table to a table fpdb.distribute() does not distribute'
            USING ERRCODE = '55000', HINT = 'Drop that foreign key first.';
    END IF;

    -- Citus: DDL after distribution in the same transaction runs over one connection per node;
    -- the comment-stamping row triggers (BEFORE INSERT/UPDATE, local to the row) are propagated
    -- to every shard.
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);
    PERFORM pg_catalog.set_config('citus.enable_unsafe_triggers', 'on', true);

    -- HudCache triggers cannot run on distributed tables: the import keeps HudCache itself.
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_insert ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_delete ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_update ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_truncate ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS hands_hudcache_key ON fpdb.Hands');

    -- Foreign keys are added again after distribution (declared before, Citus would turn the
    -- referencing tables into local tables). An action references its player by (hand, id).
    FOR fk IN
        SELECT c.conrelid::pg_catalog.regclass AS rel, c.conname,
               pg_catalog.pg_get_constraintdef(c.oid) AS def
        FROM pg_catalog.pg_constraint c
        JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) c.conrelid
        WHERE c.contype OPERATOR(pg_catalog.=) 'f'
          AND r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace
          AND r.relname::text OPERATOR(pg_catalog.=) ANY (all_tables)
        ORDER BY c.oid
    LOOP
        PERFORM fpdb._distribute_ddl(pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', fk.rel, fk.conname));
        IF fk.rel OPERATOR(pg_catalog.=) 'fpdb.handsactions'::pg_catalog.regclass
           AND fk.def OPERATOR(pg_catalog.~) 'fpdb\.handsplayers' THEN
            fk.def := 'FOREIGN KEY (handid, handplayerid) REFERENCES fpdb.handsplayers(handid, id) ON DELETE CASCADE';
        END IF;
        fks := fks OPERATOR(pg_catalog.||) pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.rel, fk.conname, fk.def);
    END LOOP;

    -- Unique keys must contain the distribution column: the hand's rows are keyed by (handId, id);
    -- the (site, hand number) key moves to fpdb._hand_keys; HudCache keeps hudcache_key.
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.Hands DROP CONSTRAINT IF EXISTS hands_site_hand');
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HandsPlayers DROP CONSTRAINT IF EXISTS handsplayers_pkey, '
                                 'ADD CONSTRAINT handsplayers_pkey PRIMARY KEY (handId, id)');
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HandsActions DROP CONSTRAINT IF EXISTS handsactions_pkey, '
                                 'ALTER COLUMN handId SET NOT NULL, '
                                 'ADD CONSTRAINT handsactions_pkey PRIMARY KEY (handId, handPlayerId, street, actionNo)');
    -- BoardCards' key (handId, boardNo) already starts with the distribution column.
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HudCache DROP CONSTRAINT IF EXISTS hudcache_pkey');

    FOREACH t IN ARRAY reference_tables LOOP
        PERFORM pg_catalog.create_reference_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass);
        -- Rows the table had (Settings' one row) were copied to its shard; drop the shell's copy.
        PERFORM pg_catalog.truncate_local_data_after_distributing_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass);
    END LOOP;
    PERFORM pg_catalog.create_distributed_table('fpdb.hands'::pg_catalog.regclass, 'id',
                                                shard_count => shard_count, colocate_with => 'none');
    FOREACH t IN ARRAY hand_tables[2:] LOOP
        PERFORM pg_catalog.create_distributed_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass,
                                                    'handid', colocate_with => 'fpdb.hands');
    END LOOP;
    PERFORM pg_catalog.create_distributed_table('fpdb.hudcache'::pg_catalog.regclass, 'playerid',
                                                shard_count => shard_count, colocate_with => 'none');
    PERFORM pg_catalog.create_distributed_table('fpdb._hand_keys'::pg_catalog.regclass, 'sitehandno',
                                                shard_count => shard_count, colocate_with => 'none');

    FOREACH t IN ARRAY fks LOOP
        EXECUTE t;
    END LOOP;

    -- Whoever may import hands may record their keys.
    FOR grantee IN
        SELECT DISTINCT g.grantee::text FROM information_schema.role_table_grants g
        WHERE g.table_schema OPERATOR(pg_catalog.=) 'fpdb' AND g.table_name OPERATOR(pg_catalog.=) 'hands'
          AND g.privilege_type OPERATOR(pg_catalog.=) 'INSERT'
          AND g.grantee::text OPERATOR(pg_catalog.<>) CURRENT_USER::text
    LOOP
        EXECUTE pg_catalog.format('GRANT SELECT, INSERT ON fpdb._hand_keys TO %I', grantee);
    END LOOP;

    PERFORM fpdb._record_own_objects();
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb.distribute(int) FROM PUBLIC;
COMMENT ON FUNCTION fpdb.distribute(int) IS
    'Run once on a Citus coordinator in a database without hands: makes the lookup tables reference tables, distributes Hands, HandsPlayers, HandsActions and BoardCards by hand id and HudCache by player id; the import then keeps HudCache and detects duplicates cluster-wide.';
-- ---- end of the Citus section

-- ---- Index design (issue 22): btree only where a lookup needs it (README "Indexes").
-- HandsActions and BoardCards are keyed by what reads them; their ids, which nothing refers to,
-- lose their indexes. Rebuilds two indexes: on this project's 2-core machine about 20 s per
-- million hands (1.0 s for 50,000; HandsActions' key is most of it), under locks that block
-- imports meanwhile. Hands' handStart keeps its btree.
ALTER TABLE fpdb.BoardCards DROP CONSTRAINT boardcards_pkey,
    DROP CONSTRAINT boardcards_handid_boardno_key,
    ADD CONSTRAINT boardcards_pkey PRIMARY KEY (handId, boardNo);
DROP INDEX fpdb.handsactions_handplayer_idx;
ALTER TABLE fpdb.HandsActions DROP CONSTRAINT handsactions_pkey,
    ADD CONSTRAINT handsactions_pkey PRIMARY KEY (handPlayerId, street, actionNo);
-- ---- end of the index design section

-- ---- Kept hand texts (issue 19): fpdb.RawHands, the same statements as sql/rawhands.sql, and
-- fpdb.raw_hand. Hands imported before 0.2.0 have no kept text (raw_hand gives NULL). Roles that
-- may read or import hands get the same right on RawHands (what grant_reader and grant_importer
-- now give).
-- The text of every imported hand, kept so that it can be read back exactly (fpdb.raw_hand) and
-- read again by later parsers. Written by the import unless fpdb.keep_raw is off.
CREATE TABLE fpdb.RawHands (
    handId bigint PRIMARY KEY REFERENCES fpdb.Hands (id) ON DELETE CASCADE,
    text bytea NOT NULL
);
-- The value is compressed already (LZ4): PostgreSQL need not try again.
ALTER TABLE fpdb.RawHands ALTER COLUMN text SET STORAGE EXTERNAL;
COMMENT ON TABLE fpdb.RawHands IS
    'The text of each imported hand as the import read it (fpdb.keep_raw); read it with fpdb.raw_hand(hand_id).';
COMMENT ON COLUMN fpdb.RawHands.text IS
    'The hand''s UTF-8 text, LZ4-compressed (block format, its length in front).';
SELECT pg_catalog.pg_extension_config_dump('fpdb.rawhands', '');
CREATE FUNCTION fpdb."raw_hand"(
	"hand_id" bigint
) RETURNS TEXT
STRICT STABLE PARALLEL RESTRICTED
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'raw_hand_wrapper';
DO $$
DECLARE
    g record;
BEGIN
    FOR g IN
        SELECT DISTINCT grantee::text AS grantee, privilege_type::text AS privilege
        FROM information_schema.role_table_grants
        WHERE table_schema OPERATOR(pg_catalog.=) 'fpdb' AND table_name OPERATOR(pg_catalog.=) 'hands'
          AND privilege_type::text OPERATOR(pg_catalog.=) ANY (ARRAY['SELECT', 'INSERT'])
          AND grantee::text OPERATOR(pg_catalog.<>) CURRENT_USER::text
    LOOP
        EXECUTE pg_catalog.format('GRANT %s ON fpdb.RawHands TO %s', g.privilege,
            CASE WHEN g.grantee OPERATOR(pg_catalog.=) 'PUBLIC' THEN 'PUBLIC' ELSE pg_catalog.quote_ident(g.grantee) END);
    END LOOP;
END
$$;
-- ---- end of the kept hand texts section

-- ---- Reading the kept texts again (issue 19): fpdb.reimport.
CREATE FUNCTION fpdb."reimport"(
	"site" TEXT DEFAULT NULL,
	"since" timestamp with time zone DEFAULT NULL
) RETURNS TABLE (
	"hands" bigint,
	"changed" bigint
)
VOLATILE PARALLEL UNSAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', 'reimport_wrapper';
-- ---- end of the reimport section

-- ---- Deleting hands on one server or a Citus cluster (issue 20): fpdb.delete_hands.
-- Deletes hands with every row they own, HudCache kept exact, on one server and on a Citus
-- cluster alike; returns the number of hands deleted. On one server this is a DELETE of the
-- Hands rows (their HandsPlayers, HandsActions, BoardCards and RawHands rows follow by cascade,
-- and the HudCache trigger folds the players' rows out). On a cluster, where HudCache has no
-- trigger, the HudCache rows of the deleted hands' keys (player, game type, seats, position,
-- tournament type) are computed again from the HandsPlayers rows left, and the hands' keys leave
-- fpdb._hand_keys, so the same hands can be imported again. SECURITY INVOKER: the caller needs
-- the rights a DELETE of those rows needs (and, on a cluster, to write HudCache and delete from
-- fpdb._hand_keys).
CREATE FUNCTION fpdb.delete_hands(hand_ids bigint[]) RETURNS bigint
LANGUAGE plpgsql VOLATILE STRICT SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    deleted bigint;
    players int[];
    gametypes smallint[];
    sites smallint[];
    numbers bigint[];
    site smallint;
    site_numbers bigint[];
    cols text;
BEGIN
    IF NOT fpdb._is_distributed() THEN
        DELETE FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
        GET DIAGNOSTICS deleted = ROW_COUNT;
        RETURN deleted;
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);  -- every HudCache writer's lock
    SELECT pg_catalog.array_agg(d.playerId) INTO players
    FROM (SELECT DISTINCT hp.playerId FROM fpdb.HandsPlayers hp
          WHERE hp.handId OPERATOR(pg_catalog.=) ANY (hand_ids)) AS d;
    SELECT pg_catalog.array_agg(d.gametypeId) INTO gametypes
    FROM (SELECT DISTINCT hp.gametypeId FROM fpdb.HandsPlayers hp
          WHERE hp.handId OPERATOR(pg_catalog.=) ANY (hand_ids)) AS d;
    SELECT pg_catalog.array_agg(h.siteId), pg_catalog.array_agg(h.siteHandNo) INTO sites, numbers
    FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
    DELETE FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
    GET DIAGNOSTICS deleted = ROW_COUNT;
    IF deleted OPERATOR(pg_catalog.=) 0 THEN
        RETURN 0;
    END IF;
    -- The keys leave site by site: each statement is one site's numbers, as parameters.
    FOR site IN SELECT DISTINCT u.s FROM pg_catalog.unnest(sites) AS u(s) LOOP
        SELECT pg_catalog.array_agg(u.n) INTO site_numbers
        FROM ROWS FROM (pg_catalog.unnest(sites), pg_catalog.unnest(numbers)) AS u(s, n)
        WHERE u.s OPERATOR(pg_catalog.=) site;
        DELETE FROM fpdb._hand_keys k
        WHERE k.siteId OPERATOR(pg_catalog.=) site
          AND k.siteHandNo OPERATOR(pg_catalog.=) ANY (site_numbers);
    END LOOP;
    -- The deleted hands' HudCache rows, from the rows that are left (no trigger on a cluster).
    DELETE FROM fpdb.HudCache c
    WHERE c.playerId OPERATOR(pg_catalog.=) ANY (players) AND c.gametypeId OPERATOR(pg_catalog.=) ANY (gametypes);
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO cols
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid OPERATOR(pg_catalog.=) 'fpdb.hudcache_rebuilt'::pg_catalog.regclass
      AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped;
    EXECUTE pg_catalog.format(
        'INSERT INTO fpdb.HudCache (%s) SELECT %s FROM fpdb.hudcache_rebuilt b '
        'WHERE b.playerId OPERATOR(pg_catalog.=) ANY ($1) AND b.gametypeId OPERATOR(pg_catalog.=) ANY ($2)',
        cols, cols) USING players, gametypes;
    RETURN deleted;
END
$$;
COMMENT ON FUNCTION fpdb.delete_hands(bigint[]) IS
    'Deletes hands with all their rows, HudCache exact, on one server or a Citus cluster; returns the hands deleted.';

-- ---- end of the delete_hands section

-- ==== Keep this the last statement of the update script: every section above may add
-- ==== constraints or triggers, which must be recorded as fpdb's own.
SELECT fpdb._record_own_objects();

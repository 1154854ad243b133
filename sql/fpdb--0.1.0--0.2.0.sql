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

-- Issue 12: hudcache_diff compares whole rows first (fast on millions of hands).
CREATE OR REPLACE FUNCTION fpdb.hudcache_diff()
RETURNS TABLE (gametypeId smallint, playerId int, activeSeats smallint, "position" char(1),
               tourneyTypeId smallint, column_name text, cached numeric, rebuilt numeric)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    WITH c AS (
        SELECT h.gametypeId, h.playerId, h.activeSeats, h.position, h.tourneyTypeId,
               to_jsonb(h) - ARRAY['id', 'gametypeid', 'playerid', 'activeseats', 'position', 'tourneytypeid'] AS v
        FROM fpdb.HudCache h
    ), r AS (
        SELECT b.gametypeId, b.playerId, b.activeSeats, b.position, b.tourneyTypeId,
               to_jsonb(b) - ARRAY['gametypeid', 'playerid', 'activeseats', 'position', 'tourneytypeid'] AS v
        FROM fpdb.hudcache_rebuilt b
    ), floats(key) AS (
        VALUES ('wonwhenseenstreet1'), ('wonwhenseenstreet2'), ('wonwhenseenstreet3'),
               ('wonwhenseenstreet4'), ('wonatsd')
    ), differing AS (
        SELECT coalesce(c.gametypeId, r.gametypeId) AS g, coalesce(c.playerId, r.playerId) AS p,
               coalesce(c.activeSeats, r.activeSeats) AS s, coalesce(c.position, r.position) AS pos,
               coalesce(c.tourneyTypeId, r.tourneyTypeId) AS tt, c.v AS cv, r.v AS rv
        FROM c FULL JOIN r
          ON c.gametypeId = r.gametypeId AND c.playerId = r.playerId AND c.activeSeats = r.activeSeats
         AND c.position = r.position AND c.tourneyTypeId IS NOT DISTINCT FROM r.tourneyTypeId
        WHERE c.v IS NULL OR r.v IS NULL
           OR c.v - ARRAY(SELECT key FROM floats) IS DISTINCT FROM r.v - ARRAY(SELECT key FROM floats)
           OR EXISTS (SELECT 1 FROM floats f
                      WHERE abs(coalesce((c.v ->> f.key)::numeric, 0) - coalesce((r.v ->> f.key)::numeric, 0))
                            > 1e-9 * greatest(1, abs(coalesce((r.v ->> f.key)::numeric, 0))))
    )
    SELECT d.g, d.p, d.s, d.pos, d.tt, col.key, (d.cv ->> col.key)::numeric, (d.rv ->> col.key)::numeric
    FROM differing d
    CROSS JOIN LATERAL jsonb_object_keys(coalesce(d.cv, d.rv)) AS col(key)
    WHERE abs(coalesce((d.cv ->> col.key)::numeric, 0) - coalesce((d.rv ->> col.key)::numeric, 0))
          > 1e-9 * greatest(1, abs(coalesce((d.rv ->> col.key)::numeric, 0)))
       OR (d.cv IS NULL AND col.key = 'hds')
       OR (d.rv IS NULL AND col.key = 'hds')
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

-- ==== Keep this the last statement of the update script: every section above may add
-- ==== constraints or triggers, which must be recorded as fpdb's own.
SELECT fpdb._record_own_objects();

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

-- ==== Keep this the last statement of the update script: every section above may add
-- ==== constraints or triggers, which must be recorded as fpdb's own.
SELECT fpdb._record_own_objects();

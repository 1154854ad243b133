-- Runs last in CREATE EXTENSION (and its equivalent ends every update script).
--
-- fpdb._own_objects records, by oid, the constraints and triggers fpdb itself created on its
-- tables. The import writes rows directly into a table only when every constraint of the table
-- and every trigger that fires on INSERT is one of these (src/import/direct.rs): a constraint or
-- trigger a user adds, whatever its name, sends the import through INSERT statements, which
-- enforce and fire it.
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

SELECT fpdb._record_own_objects();

-- Privileges: who may read and who may import.
--
-- Every fpdb function is SECURITY INVOKER: it can do only what its caller may do. Two grant
-- functions give an existing role what a reader or an importer needs; run them as the owner of
-- the extension (usually a superuser):
--
--   CREATE ROLE hud_reader LOGIN;   SELECT fpdb.grant_reader('hud_reader');
--   CREATE ROLE hand_importer LOGIN; SELECT fpdb.grant_importer('hand_importer');
--
-- A reader can query every table and view and call the HUD and parse functions, and cannot
-- write. An importer can also call fpdb.import_hands (and maintain HudCache through it), but not
-- fpdb.import_file, which reads files on the server: that needs superuser or membership in
-- pg_read_server_files (import_file checks it), and EXECUTE on import_file is not
-- granted to PUBLIC.

REVOKE EXECUTE ON FUNCTION fpdb.import_file(text, text) FROM PUBLIC;
COMMENT ON FUNCTION fpdb.import_file(text, text) IS
    'Imports a hand-history file on the server (UTF-8, UTF-16 or Windows-1252), read in blocks; needs pg_read_server_files.';

CREATE FUNCTION fpdb.grant_reader(role regrole) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    EXECUTE format('GRANT USAGE ON SCHEMA fpdb TO %s', role);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA fpdb TO %s', role);
END
$$;
COMMENT ON FUNCTION fpdb.grant_reader(regrole) IS
    'Lets a role read every fpdb table and view and call the read-only functions; it cannot write.';

CREATE FUNCTION fpdb.grant_importer(role regrole) RETURNS void
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
COMMENT ON FUNCTION fpdb.grant_importer(regrole) IS
    'Lets a role import hands with fpdb.import_hands (not fpdb.import_file) on top of reading.';

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

-- ==== Keep this the last statement of the update script: every section above may add
-- ==== constraints or triggers, which must be recorded as fpdb's own.
SELECT fpdb._record_own_objects();

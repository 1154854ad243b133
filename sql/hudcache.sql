-- HudCache kept exact by the database (decisions.md §15, semantics.md §4).
--
-- Statement-level AFTER triggers on HandsPlayers fold the changed rows (transition tables) into
-- HudCache with one grouped upsert per statement, keys in sorted order: inserts add, deletes
-- subtract, updates do both, and rows whose HDs reach 0 are deleted. Imports fold their own rows
-- in memory and write HudCache once at the end of the call; the trigger leaves the import's own
-- INSERT statements alone (backend-local state of the import, which no SQL can set).
--
-- HandsPlayers carries gametypeId and activeSeats (copied from Hands), so HudCache depends on
-- HandsPlayers alone: deleting a hand cascades to its HandsPlayers rows and the trigger still
-- finds every key.

CREATE FUNCTION fpdb.hudcache_position(pos char) RETURNS char(1)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE pos
    WHEN 'B' THEN 'B' WHEN 'S' THEN 'S' WHEN '0' THEN 'D' WHEN '1' THEN 'C'
    WHEN '2' THEN 'M' WHEN '3' THEN 'M' WHEN '4' THEN 'M'
    ELSE 'E' END;
COMMENT ON FUNCTION fpdb.hudcache_position(char) IS
    'HudCache position letter of a HandsPlayers position: B, S, D (button), C (cut-off), M (2-4), E (5-9).';

-- What a full rebuild from HandsPlayers gives.
CREATE VIEW fpdb.hudcache_rebuilt AS
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

-- The HudCache trigger of HandsPlayers: fpdb._hudcache_fold() (src/hudcache.rs) reads the
-- statement's transition tables row by row into one in-memory fold of HudCache keys (new rows
-- added, old rows subtracted), writes it with one grouped upsert in key order (the lock order of
-- every writer), then deletes the keys whose HDs reached 0. Its memory is bounded by the number of
-- keys a statement touches, whatever its number of rows (a pg_restore, a DELETE of every hand).
-- Like every writer of HudCache in fpdb (imports, rebuild_hudcache), it first takes the
-- transaction-level advisory lock 7381510162543363139 ('fpdbHUDC'): imports insert new HudCache
-- keys directly into the table, which is safe only while no one else adds keys.
CREATE TRIGGER handsplayers_hudcache_insert AFTER INSERT ON fpdb.HandsPlayers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();
CREATE TRIGGER handsplayers_hudcache_delete AFTER DELETE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();
CREATE TRIGGER handsplayers_hudcache_update AFTER UPDATE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_fold();

-- A hand's game type or seat count changed: its HandsPlayers rows follow (and HudCache with them).
CREATE FUNCTION fpdb._hands_key_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    UPDATE fpdb.HandsPlayers SET gametypeId = NEW.gametypeId, activeSeats = NEW.seats WHERE handId = NEW.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER hands_hudcache_key AFTER UPDATE OF gametypeId, seats ON fpdb.Hands
    FOR EACH ROW WHEN (OLD.gametypeId IS DISTINCT FROM NEW.gametypeId OR OLD.seats IS DISTINCT FROM NEW.seats)
    EXECUTE FUNCTION fpdb._hands_key_changed();

-- TRUNCATE of HandsPlayers empties HudCache too.
CREATE FUNCTION fpdb._hudcache_after_truncate() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    DELETE FROM fpdb.HudCache;
    RETURN NULL;
END
$$;
CREATE TRIGGER handsplayers_hudcache_truncate AFTER TRUNCATE ON fpdb.HandsPlayers
    FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_after_truncate();

-- Rebuilds HudCache from HandsPlayers; returns the number of HudCache rows.
CREATE FUNCTION fpdb.rebuild_hudcache() RETURNS bigint
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

-- Where HudCache differs from a rebuild: one row per key and column (none when exact). Float
-- sums (the won-when-seen shares) are compared to 1e-9 relative, as their summation order differs.
-- Rows are compared whole first (their integer columns as one jsonb value, the five float sums
-- with the tolerance); only rows that differ are taken apart column by column, so an exact
-- HudCache of millions of hands is checked in about the time of a rebuild.
CREATE FUNCTION fpdb.hudcache_diff()
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
COMMENT ON FUNCTION fpdb.hudcache_diff() IS 'Keys and columns where HudCache differs from a rebuild from HandsPlayers (no rows when exact).';

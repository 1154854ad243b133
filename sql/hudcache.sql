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
-- Rows are compared whole first, as rows of columns (the integer columns with IS DISTINCT FROM,
-- the five float sums with the tolerance); only rows that differ are taken apart column by
-- column. No row is turned into jsonb or carried whole through the join, so the join spills little
-- and an exact HudCache of 450,000 hands is checked in about 10 s (the sort of the rebuild's
-- HandsPlayers rows is most of it).
CREATE FUNCTION fpdb.hudcache_diff()
RETURNS TABLE (gametypeId smallint, playerId int, activeSeats smallint, "position" char(1),
               tourneyTypeId smallint, column_name text, cached numeric, rebuilt numeric)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(c.gametypeId, r.gametypeId), coalesce(c.playerId, r.playerId),
           coalesce(c.activeSeats, r.activeSeats), coalesce(c.position, r.position),
           coalesce(c.tourneyTypeId, r.tourneyTypeId), col.key, col.cached, col.rebuilt
    FROM fpdb.HudCache c
    FULL JOIN fpdb.hudcache_rebuilt r
      ON c.gametypeId = r.gametypeId AND c.playerId = r.playerId AND c.activeSeats = r.activeSeats
     AND c.position = r.position AND c.tourneyTypeId IS NOT DISTINCT FROM r.tourneyTypeId
    -- Every column of the pair as (name, cached, rebuilt, compared with a tolerance), built only
    -- for the pairs the WHERE below keeps; a float sum by its shortest exact text, as it prints.
    CROSS JOIN LATERAL (VALUES
        ('hds', c.HDs::numeric, r.HDs::numeric, false),
        ('wonwhenseenstreet1', c.wonWhenSeenStreet1::text::numeric, r.wonWhenSeenStreet1::text::numeric, true),
        ('wonwhenseenstreet2', c.wonWhenSeenStreet2::text::numeric, r.wonWhenSeenStreet2::text::numeric, true),
        ('wonwhenseenstreet3', c.wonWhenSeenStreet3::text::numeric, r.wonWhenSeenStreet3::text::numeric, true),
        ('wonwhenseenstreet4', c.wonWhenSeenStreet4::text::numeric, r.wonWhenSeenStreet4::text::numeric, true),
        ('wonatsd', c.wonAtSD::text::numeric, r.wonAtSD::text::numeric, true),
        ('street0vpi', c.street0VPI::numeric, r.street0VPI::numeric, false),
        ('street0aggr', c.street0Aggr::numeric, r.street0Aggr::numeric, false),
        ('street0_3bchance', c.street0_3BChance::numeric, r.street0_3BChance::numeric, false),
        ('street0_3bdone', c.street0_3BDone::numeric, r.street0_3BDone::numeric, false),
        ('street0_4bchance', c.street0_4BChance::numeric, r.street0_4BChance::numeric, false),
        ('street0_4bdone', c.street0_4BDone::numeric, r.street0_4BDone::numeric, false),
        ('street1seen', c.street1Seen::numeric, r.street1Seen::numeric, false),
        ('street2seen', c.street2Seen::numeric, r.street2Seen::numeric, false),
        ('street3seen', c.street3Seen::numeric, r.street3Seen::numeric, false),
        ('street4seen', c.street4Seen::numeric, r.street4Seen::numeric, false),
        ('sawshowdown', c.sawShowdown::numeric, r.sawShowdown::numeric, false),
        ('street1aggr', c.street1Aggr::numeric, r.street1Aggr::numeric, false),
        ('street2aggr', c.street2Aggr::numeric, r.street2Aggr::numeric, false),
        ('street3aggr', c.street3Aggr::numeric, r.street3Aggr::numeric, false),
        ('street4aggr', c.street4Aggr::numeric, r.street4Aggr::numeric, false),
        ('otherraisedstreet0', c.otherRaisedStreet0::numeric, r.otherRaisedStreet0::numeric, false),
        ('otherraisedstreet1', c.otherRaisedStreet1::numeric, r.otherRaisedStreet1::numeric, false),
        ('otherraisedstreet2', c.otherRaisedStreet2::numeric, r.otherRaisedStreet2::numeric, false),
        ('otherraisedstreet3', c.otherRaisedStreet3::numeric, r.otherRaisedStreet3::numeric, false),
        ('otherraisedstreet4', c.otherRaisedStreet4::numeric, r.otherRaisedStreet4::numeric, false),
        ('foldtootherraisedstreet0', c.foldToOtherRaisedStreet0::numeric, r.foldToOtherRaisedStreet0::numeric, false),
        ('foldtootherraisedstreet1', c.foldToOtherRaisedStreet1::numeric, r.foldToOtherRaisedStreet1::numeric, false),
        ('foldtootherraisedstreet2', c.foldToOtherRaisedStreet2::numeric, r.foldToOtherRaisedStreet2::numeric, false),
        ('foldtootherraisedstreet3', c.foldToOtherRaisedStreet3::numeric, r.foldToOtherRaisedStreet3::numeric, false),
        ('foldtootherraisedstreet4', c.foldToOtherRaisedStreet4::numeric, r.foldToOtherRaisedStreet4::numeric, false),
        ('stealattemptchance', c.stealAttemptChance::numeric, r.stealAttemptChance::numeric, false),
        ('stealattempted', c.stealAttempted::numeric, r.stealAttempted::numeric, false),
        ('foldbbtostealchance', c.foldBbToStealChance::numeric, r.foldBbToStealChance::numeric, false),
        ('foldedbbtosteal', c.foldedBbToSteal::numeric, r.foldedBbToSteal::numeric, false),
        ('foldsbtostealchance', c.foldSbToStealChance::numeric, r.foldSbToStealChance::numeric, false),
        ('foldedsbtosteal', c.foldedSbToSteal::numeric, r.foldedSbToSteal::numeric, false),
        ('street1cbchance', c.street1CBChance::numeric, r.street1CBChance::numeric, false),
        ('street1cbdone', c.street1CBDone::numeric, r.street1CBDone::numeric, false),
        ('street2cbchance', c.street2CBChance::numeric, r.street2CBChance::numeric, false),
        ('street2cbdone', c.street2CBDone::numeric, r.street2CBDone::numeric, false),
        ('street3cbchance', c.street3CBChance::numeric, r.street3CBChance::numeric, false),
        ('street3cbdone', c.street3CBDone::numeric, r.street3CBDone::numeric, false),
        ('street4cbchance', c.street4CBChance::numeric, r.street4CBChance::numeric, false),
        ('street4cbdone', c.street4CBDone::numeric, r.street4CBDone::numeric, false),
        ('foldtostreet1cbchance', c.foldToStreet1CBChance::numeric, r.foldToStreet1CBChance::numeric, false),
        ('foldtostreet1cbdone', c.foldToStreet1CBDone::numeric, r.foldToStreet1CBDone::numeric, false),
        ('foldtostreet2cbchance', c.foldToStreet2CBChance::numeric, r.foldToStreet2CBChance::numeric, false),
        ('foldtostreet2cbdone', c.foldToStreet2CBDone::numeric, r.foldToStreet2CBDone::numeric, false),
        ('foldtostreet3cbchance', c.foldToStreet3CBChance::numeric, r.foldToStreet3CBChance::numeric, false),
        ('foldtostreet3cbdone', c.foldToStreet3CBDone::numeric, r.foldToStreet3CBDone::numeric, false),
        ('foldtostreet4cbchance', c.foldToStreet4CBChance::numeric, r.foldToStreet4CBChance::numeric, false),
        ('foldtostreet4cbdone', c.foldToStreet4CBDone::numeric, r.foldToStreet4CBDone::numeric, false),
        ('totalprofit', c.totalProfit::numeric, r.totalProfit::numeric, false),
        ('street1checkcallraisechance', c.street1CheckCallRaiseChance::numeric, r.street1CheckCallRaiseChance::numeric, false),
        ('street1checkcallraisedone', c.street1CheckCallRaiseDone::numeric, r.street1CheckCallRaiseDone::numeric, false),
        ('street2checkcallraisechance', c.street2CheckCallRaiseChance::numeric, r.street2CheckCallRaiseChance::numeric, false),
        ('street2checkcallraisedone', c.street2CheckCallRaiseDone::numeric, r.street2CheckCallRaiseDone::numeric, false),
        ('street3checkcallraisechance', c.street3CheckCallRaiseChance::numeric, r.street3CheckCallRaiseChance::numeric, false),
        ('street3checkcallraisedone', c.street3CheckCallRaiseDone::numeric, r.street3CheckCallRaiseDone::numeric, false),
        ('street4checkcallraisechance', c.street4CheckCallRaiseChance::numeric, r.street4CheckCallRaiseChance::numeric, false),
        ('street4checkcallraisedone', c.street4CheckCallRaiseDone::numeric, r.street4CheckCallRaiseDone::numeric, false),
        ('street0calls', c.street0Calls::numeric, r.street0Calls::numeric, false),
        ('street1calls', c.street1Calls::numeric, r.street1Calls::numeric, false),
        ('street2calls', c.street2Calls::numeric, r.street2Calls::numeric, false),
        ('street3calls', c.street3Calls::numeric, r.street3Calls::numeric, false),
        ('street4calls', c.street4Calls::numeric, r.street4Calls::numeric, false),
        ('street0bets', c.street0Bets::numeric, r.street0Bets::numeric, false),
        ('street1bets', c.street1Bets::numeric, r.street1Bets::numeric, false),
        ('street2bets', c.street2Bets::numeric, r.street2Bets::numeric, false),
        ('street3bets', c.street3Bets::numeric, r.street3Bets::numeric, false),
        ('street4bets', c.street4Bets::numeric, r.street4Bets::numeric, false),
        ('street0raises', c.street0Raises::numeric, r.street0Raises::numeric, false),
        ('street1raises', c.street1Raises::numeric, r.street1Raises::numeric, false),
        ('street2raises', c.street2Raises::numeric, r.street2Raises::numeric, false),
        ('street3raises', c.street3Raises::numeric, r.street3Raises::numeric, false),
        ('street4raises', c.street4Raises::numeric, r.street4Raises::numeric, false),
        ('street1checkraisedone', c.street1CheckRaiseDone::numeric, r.street1CheckRaiseDone::numeric, false),
        ('street2checkraisedone', c.street2CheckRaiseDone::numeric, r.street2CheckRaiseDone::numeric, false),
        ('street3checkraisedone', c.street3CheckRaiseDone::numeric, r.street3CheckRaiseDone::numeric, false),
        ('street4checkraisedone', c.street4CheckRaiseDone::numeric, r.street4CheckRaiseDone::numeric, false),
        ('allinev', c.allInEV::numeric, r.allInEV::numeric, false)
    ) AS col(key, cached, rebuilt, is_float)
    -- The pairs that differ, found by comparing whole rows of columns (no row is unpivoted or
    -- turned into jsonb unless it differs): a key on one side only, an integer column not equal,
    -- a float sum (rounded differently by a rebuild) off by more than 1e-9 relative.
    WHERE (c.id IS NULL OR r.HDs IS NULL
           OR (c.HDs, c.street0VPI, c.street0Aggr, c.street0_3BChance, c.street0_3BDone,
               c.street0_4BChance, c.street0_4BDone, c.street1Seen, c.street2Seen, c.street3Seen,
               c.street4Seen, c.sawShowdown, c.street1Aggr, c.street2Aggr, c.street3Aggr,
               c.street4Aggr, c.otherRaisedStreet0, c.otherRaisedStreet1, c.otherRaisedStreet2,
               c.otherRaisedStreet3, c.otherRaisedStreet4, c.foldToOtherRaisedStreet0,
               c.foldToOtherRaisedStreet1, c.foldToOtherRaisedStreet2, c.foldToOtherRaisedStreet3,
               c.foldToOtherRaisedStreet4, c.stealAttemptChance, c.stealAttempted,
               c.foldBbToStealChance, c.foldedBbToSteal, c.foldSbToStealChance, c.foldedSbToSteal,
               c.street1CBChance, c.street1CBDone, c.street2CBChance, c.street2CBDone,
               c.street3CBChance, c.street3CBDone, c.street4CBChance, c.street4CBDone,
               c.foldToStreet1CBChance, c.foldToStreet1CBDone, c.foldToStreet2CBChance,
               c.foldToStreet2CBDone, c.foldToStreet3CBChance, c.foldToStreet3CBDone,
               c.foldToStreet4CBChance, c.foldToStreet4CBDone, c.totalProfit,
               c.street1CheckCallRaiseChance, c.street1CheckCallRaiseDone,
               c.street2CheckCallRaiseChance, c.street2CheckCallRaiseDone,
               c.street3CheckCallRaiseChance, c.street3CheckCallRaiseDone,
               c.street4CheckCallRaiseChance, c.street4CheckCallRaiseDone, c.street0Calls,
               c.street1Calls, c.street2Calls, c.street3Calls, c.street4Calls, c.street0Bets,
               c.street1Bets, c.street2Bets, c.street3Bets, c.street4Bets, c.street0Raises,
               c.street1Raises, c.street2Raises, c.street3Raises, c.street4Raises,
               c.street1CheckRaiseDone, c.street2CheckRaiseDone, c.street3CheckRaiseDone,
               c.street4CheckRaiseDone, c.allInEV)
              IS DISTINCT FROM
              (r.HDs, r.street0VPI, r.street0Aggr, r.street0_3BChance, r.street0_3BDone,
               r.street0_4BChance, r.street0_4BDone, r.street1Seen, r.street2Seen, r.street3Seen,
               r.street4Seen, r.sawShowdown, r.street1Aggr, r.street2Aggr, r.street3Aggr,
               r.street4Aggr, r.otherRaisedStreet0, r.otherRaisedStreet1, r.otherRaisedStreet2,
               r.otherRaisedStreet3, r.otherRaisedStreet4, r.foldToOtherRaisedStreet0,
               r.foldToOtherRaisedStreet1, r.foldToOtherRaisedStreet2, r.foldToOtherRaisedStreet3,
               r.foldToOtherRaisedStreet4, r.stealAttemptChance, r.stealAttempted,
               r.foldBbToStealChance, r.foldedBbToSteal, r.foldSbToStealChance, r.foldedSbToSteal,
               r.street1CBChance, r.street1CBDone, r.street2CBChance, r.street2CBDone,
               r.street3CBChance, r.street3CBDone, r.street4CBChance, r.street4CBDone,
               r.foldToStreet1CBChance, r.foldToStreet1CBDone, r.foldToStreet2CBChance,
               r.foldToStreet2CBDone, r.foldToStreet3CBChance, r.foldToStreet3CBDone,
               r.foldToStreet4CBChance, r.foldToStreet4CBDone, r.totalProfit,
               r.street1CheckCallRaiseChance, r.street1CheckCallRaiseDone,
               r.street2CheckCallRaiseChance, r.street2CheckCallRaiseDone,
               r.street3CheckCallRaiseChance, r.street3CheckCallRaiseDone,
               r.street4CheckCallRaiseChance, r.street4CheckCallRaiseDone, r.street0Calls,
               r.street1Calls, r.street2Calls, r.street3Calls, r.street4Calls, r.street0Bets,
               r.street1Bets, r.street2Bets, r.street3Bets, r.street4Bets, r.street0Raises,
               r.street1Raises, r.street2Raises, r.street3Raises, r.street4Raises,
               r.street1CheckRaiseDone, r.street2CheckRaiseDone, r.street3CheckRaiseDone,
               r.street4CheckRaiseDone, r.allInEV)
           OR abs(c.wonWhenSeenStreet1 - r.wonWhenSeenStreet1) > 1e-9 * greatest(1, abs(r.wonWhenSeenStreet1))
           OR abs(c.wonWhenSeenStreet2 - r.wonWhenSeenStreet2) > 1e-9 * greatest(1, abs(r.wonWhenSeenStreet2))
           OR abs(c.wonWhenSeenStreet3 - r.wonWhenSeenStreet3) > 1e-9 * greatest(1, abs(r.wonWhenSeenStreet3))
           OR abs(c.wonWhenSeenStreet4 - r.wonWhenSeenStreet4) > 1e-9 * greatest(1, abs(r.wonWhenSeenStreet4))
           OR abs(c.wonAtSD - r.wonAtSD) > 1e-9 * greatest(1, abs(r.wonAtSD)))
      -- and, of such a pair, the columns that differ (and HDs for a key on one side only).
      AND (CASE WHEN col.is_float
                THEN abs(coalesce(col.cached, 0) - coalesce(col.rebuilt, 0))
                     > 1e-9 * greatest(1, abs(coalesce(col.rebuilt, 0)))
                ELSE coalesce(col.cached, 0) <> coalesce(col.rebuilt, 0) END
           OR ((c.id IS NULL OR r.HDs IS NULL) AND col.key = 'hds'))
    ORDER BY 1, 2, 3, 4, 5, 6
$$;
COMMENT ON FUNCTION fpdb.hudcache_diff() IS 'Keys and columns where HudCache differs from a rebuild from HandsPlayers (no rows when exact).';

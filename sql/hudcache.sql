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
-- Rows are compared whole first (one row comparison of all their columns); only rows that differ
-- are taken apart column by column. No row is turned into jsonb or carried whole through the
-- join, so the join spills little and an exact HudCache of 450,000 hands is checked in about 10 s
-- (the sort of the rebuild's HandsPlayers rows is most of it).
CREATE FUNCTION fpdb.hudcache_diff()
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
COMMENT ON FUNCTION fpdb.hudcache_diff() IS 'Keys and columns where HudCache differs from a rebuild from HandsPlayers (no rows when exact).';

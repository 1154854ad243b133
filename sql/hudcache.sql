-- HudCache kept exact by the database (decisions.md §15, semantics.md §4).
--
-- Statement-level AFTER triggers on HandsPlayers fold the changed rows (transition tables) into
-- HudCache with one grouped upsert per statement, keys in sorted order: inserts add, deletes
-- subtract, updates do both, and rows whose HDs reach 0 are deleted. Imports fold their own rows
-- in memory and set the transaction-local setting fpdb.hudcache_by_import while inserting them,
-- so the trigger leaves those statements alone.
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
        sum(hp.street4CheckRaiseDone)::int AS street4CheckRaiseDone
FROM fpdb.HandsPlayers hp
GROUP BY 1, 2, 3, 4, 5;
COMMENT ON VIEW fpdb.hudcache_rebuilt IS 'HudCache as a full rebuild from HandsPlayers would give it.';

CREATE FUNCTION fpdb._hudcache_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    INSERT INTO fpdb.HudCache AS h (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone)
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, sum(HDs), sum(wonWhenSeenStreet1), sum(wonWhenSeenStreet2), sum(wonWhenSeenStreet3), sum(wonWhenSeenStreet4), sum(wonAtSD), sum(street0VPI), sum(street0Aggr), sum(street0_3BChance), sum(street0_3BDone), sum(street0_4BChance), sum(street0_4BDone), sum(street1Seen), sum(street2Seen), sum(street3Seen), sum(street4Seen), sum(sawShowdown), sum(street1Aggr), sum(street2Aggr), sum(street3Aggr), sum(street4Aggr), sum(otherRaisedStreet0), sum(otherRaisedStreet1), sum(otherRaisedStreet2), sum(otherRaisedStreet3), sum(otherRaisedStreet4), sum(foldToOtherRaisedStreet0), sum(foldToOtherRaisedStreet1), sum(foldToOtherRaisedStreet2), sum(foldToOtherRaisedStreet3), sum(foldToOtherRaisedStreet4), sum(stealAttemptChance), sum(stealAttempted), sum(foldBbToStealChance), sum(foldedBbToSteal), sum(foldSbToStealChance), sum(foldedSbToSteal), sum(street1CBChance), sum(street1CBDone), sum(street2CBChance), sum(street2CBDone), sum(street3CBChance), sum(street3CBDone), sum(street4CBChance), sum(street4CBDone), sum(foldToStreet1CBChance), sum(foldToStreet1CBDone), sum(foldToStreet2CBChance), sum(foldToStreet2CBDone), sum(foldToStreet3CBChance), sum(foldToStreet3CBDone), sum(foldToStreet4CBChance), sum(foldToStreet4CBDone), sum(totalProfit), sum(street1CheckCallRaiseChance), sum(street1CheckCallRaiseDone), sum(street2CheckCallRaiseChance), sum(street2CheckCallRaiseDone), sum(street3CheckCallRaiseChance), sum(street3CheckCallRaiseDone), sum(street4CheckCallRaiseChance), sum(street4CheckCallRaiseDone), sum(street0Calls), sum(street1Calls), sum(street2Calls), sum(street3Calls), sum(street4Calls), sum(street0Bets), sum(street1Bets), sum(street2Bets), sum(street3Bets), sum(street4Bets), sum(street0Raises), sum(street1Raises), sum(street2Raises), sum(street3Raises), sum(street4Raises), sum(street1CheckRaiseDone), sum(street2CheckRaiseDone), sum(street3CheckRaiseDone), sum(street4CheckRaiseDone)
    FROM (
        SELECT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
               r.tourneyTypeId::smallint AS tourneyTypeId, 1 AS HDs,
               r.wonWhenSeenStreet1 AS wonWhenSeenStreet1, r.wonWhenSeenStreet2 AS wonWhenSeenStreet2, r.wonWhenSeenStreet3 AS wonWhenSeenStreet3, r.wonWhenSeenStreet4 AS wonWhenSeenStreet4, r.wonAtSD AS wonAtSD, r.street0VPI AS street0VPI, r.street0Aggr AS street0Aggr, r.street0_3BChance AS street0_3BChance, r.street0_3BDone AS street0_3BDone, r.street0_4BChance AS street0_4BChance, r.street0_4BDone AS street0_4BDone, r.street1Seen AS street1Seen, r.street2Seen AS street2Seen, r.street3Seen AS street3Seen, r.street4Seen AS street4Seen, r.sawShowdown AS sawShowdown, r.street1Aggr AS street1Aggr, r.street2Aggr AS street2Aggr, r.street3Aggr AS street3Aggr, r.street4Aggr AS street4Aggr, r.otherRaisedStreet0 AS otherRaisedStreet0, r.otherRaisedStreet1 AS otherRaisedStreet1, r.otherRaisedStreet2 AS otherRaisedStreet2, r.otherRaisedStreet3 AS otherRaisedStreet3, r.otherRaisedStreet4 AS otherRaisedStreet4, r.foldToOtherRaisedStreet0 AS foldToOtherRaisedStreet0, r.foldToOtherRaisedStreet1 AS foldToOtherRaisedStreet1, r.foldToOtherRaisedStreet2 AS foldToOtherRaisedStreet2, r.foldToOtherRaisedStreet3 AS foldToOtherRaisedStreet3, r.foldToOtherRaisedStreet4 AS foldToOtherRaisedStreet4, r.stealAttemptChance AS stealAttemptChance, r.stealAttempted AS stealAttempted, r.foldBbToStealChance AS foldBbToStealChance, r.foldedBbToSteal AS foldedBbToSteal, r.foldSbToStealChance AS foldSbToStealChance, r.foldedSbToSteal AS foldedSbToSteal, r.street1CBChance AS street1CBChance, r.street1CBDone AS street1CBDone, r.street2CBChance AS street2CBChance, r.street2CBDone AS street2CBDone, r.street3CBChance AS street3CBChance, r.street3CBDone AS street3CBDone, r.street4CBChance AS street4CBChance, r.street4CBDone AS street4CBDone, r.foldToStreet1CBChance AS foldToStreet1CBChance, r.foldToStreet1CBDone AS foldToStreet1CBDone, r.foldToStreet2CBChance AS foldToStreet2CBChance, r.foldToStreet2CBDone AS foldToStreet2CBDone, r.foldToStreet3CBChance AS foldToStreet3CBChance, r.foldToStreet3CBDone AS foldToStreet3CBDone, r.foldToStreet4CBChance AS foldToStreet4CBChance, r.foldToStreet4CBDone AS foldToStreet4CBDone, r.totalProfit AS totalProfit, r.street1CheckCallRaiseChance AS street1CheckCallRaiseChance, r.street1CheckCallRaiseDone AS street1CheckCallRaiseDone, r.street2CheckCallRaiseChance AS street2CheckCallRaiseChance, r.street2CheckCallRaiseDone AS street2CheckCallRaiseDone, r.street3CheckCallRaiseChance AS street3CheckCallRaiseChance, r.street3CheckCallRaiseDone AS street3CheckCallRaiseDone, r.street4CheckCallRaiseChance AS street4CheckCallRaiseChance, r.street4CheckCallRaiseDone AS street4CheckCallRaiseDone, r.street0Calls AS street0Calls, r.street1Calls AS street1Calls, r.street2Calls AS street2Calls, r.street3Calls AS street3Calls, r.street4Calls AS street4Calls, r.street0Bets AS street0Bets, r.street1Bets AS street1Bets, r.street2Bets AS street2Bets, r.street3Bets AS street3Bets, r.street4Bets AS street4Bets, r.street0Raises AS street0Raises, r.street1Raises AS street1Raises, r.street2Raises AS street2Raises, r.street3Raises AS street3Raises, r.street4Raises AS street4Raises, r.street1CheckRaiseDone AS street1CheckRaiseDone, r.street2CheckRaiseDone AS street2CheckRaiseDone, r.street3CheckRaiseDone AS street3CheckRaiseDone, r.street4CheckRaiseDone AS street4CheckRaiseDone
        FROM new_rows r
    ) AS d
    GROUP BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    ORDER BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    ON CONFLICT ON CONSTRAINT hudcache_key DO UPDATE SET
            HDs = h.HDs + EXCLUDED.HDs,
            wonWhenSeenStreet1 = h.wonWhenSeenStreet1 + EXCLUDED.wonWhenSeenStreet1,
            wonWhenSeenStreet2 = h.wonWhenSeenStreet2 + EXCLUDED.wonWhenSeenStreet2,
            wonWhenSeenStreet3 = h.wonWhenSeenStreet3 + EXCLUDED.wonWhenSeenStreet3,
            wonWhenSeenStreet4 = h.wonWhenSeenStreet4 + EXCLUDED.wonWhenSeenStreet4,
            wonAtSD = h.wonAtSD + EXCLUDED.wonAtSD,
            street0VPI = h.street0VPI + EXCLUDED.street0VPI,
            street0Aggr = h.street0Aggr + EXCLUDED.street0Aggr,
            street0_3BChance = h.street0_3BChance + EXCLUDED.street0_3BChance,
            street0_3BDone = h.street0_3BDone + EXCLUDED.street0_3BDone,
            street0_4BChance = h.street0_4BChance + EXCLUDED.street0_4BChance,
            street0_4BDone = h.street0_4BDone + EXCLUDED.street0_4BDone,
            street1Seen = h.street1Seen + EXCLUDED.street1Seen,
            street2Seen = h.street2Seen + EXCLUDED.street2Seen,
            street3Seen = h.street3Seen + EXCLUDED.street3Seen,
            street4Seen = h.street4Seen + EXCLUDED.street4Seen,
            sawShowdown = h.sawShowdown + EXCLUDED.sawShowdown,
            street1Aggr = h.street1Aggr + EXCLUDED.street1Aggr,
            street2Aggr = h.street2Aggr + EXCLUDED.street2Aggr,
            street3Aggr = h.street3Aggr + EXCLUDED.street3Aggr,
            street4Aggr = h.street4Aggr + EXCLUDED.street4Aggr,
            otherRaisedStreet0 = h.otherRaisedStreet0 + EXCLUDED.otherRaisedStreet0,
            otherRaisedStreet1 = h.otherRaisedStreet1 + EXCLUDED.otherRaisedStreet1,
            otherRaisedStreet2 = h.otherRaisedStreet2 + EXCLUDED.otherRaisedStreet2,
            otherRaisedStreet3 = h.otherRaisedStreet3 + EXCLUDED.otherRaisedStreet3,
            otherRaisedStreet4 = h.otherRaisedStreet4 + EXCLUDED.otherRaisedStreet4,
            foldToOtherRaisedStreet0 = h.foldToOtherRaisedStreet0 + EXCLUDED.foldToOtherRaisedStreet0,
            foldToOtherRaisedStreet1 = h.foldToOtherRaisedStreet1 + EXCLUDED.foldToOtherRaisedStreet1,
            foldToOtherRaisedStreet2 = h.foldToOtherRaisedStreet2 + EXCLUDED.foldToOtherRaisedStreet2,
            foldToOtherRaisedStreet3 = h.foldToOtherRaisedStreet3 + EXCLUDED.foldToOtherRaisedStreet3,
            foldToOtherRaisedStreet4 = h.foldToOtherRaisedStreet4 + EXCLUDED.foldToOtherRaisedStreet4,
            stealAttemptChance = h.stealAttemptChance + EXCLUDED.stealAttemptChance,
            stealAttempted = h.stealAttempted + EXCLUDED.stealAttempted,
            foldBbToStealChance = h.foldBbToStealChance + EXCLUDED.foldBbToStealChance,
            foldedBbToSteal = h.foldedBbToSteal + EXCLUDED.foldedBbToSteal,
            foldSbToStealChance = h.foldSbToStealChance + EXCLUDED.foldSbToStealChance,
            foldedSbToSteal = h.foldedSbToSteal + EXCLUDED.foldedSbToSteal,
            street1CBChance = h.street1CBChance + EXCLUDED.street1CBChance,
            street1CBDone = h.street1CBDone + EXCLUDED.street1CBDone,
            street2CBChance = h.street2CBChance + EXCLUDED.street2CBChance,
            street2CBDone = h.street2CBDone + EXCLUDED.street2CBDone,
            street3CBChance = h.street3CBChance + EXCLUDED.street3CBChance,
            street3CBDone = h.street3CBDone + EXCLUDED.street3CBDone,
            street4CBChance = h.street4CBChance + EXCLUDED.street4CBChance,
            street4CBDone = h.street4CBDone + EXCLUDED.street4CBDone,
            foldToStreet1CBChance = h.foldToStreet1CBChance + EXCLUDED.foldToStreet1CBChance,
            foldToStreet1CBDone = h.foldToStreet1CBDone + EXCLUDED.foldToStreet1CBDone,
            foldToStreet2CBChance = h.foldToStreet2CBChance + EXCLUDED.foldToStreet2CBChance,
            foldToStreet2CBDone = h.foldToStreet2CBDone + EXCLUDED.foldToStreet2CBDone,
            foldToStreet3CBChance = h.foldToStreet3CBChance + EXCLUDED.foldToStreet3CBChance,
            foldToStreet3CBDone = h.foldToStreet3CBDone + EXCLUDED.foldToStreet3CBDone,
            foldToStreet4CBChance = h.foldToStreet4CBChance + EXCLUDED.foldToStreet4CBChance,
            foldToStreet4CBDone = h.foldToStreet4CBDone + EXCLUDED.foldToStreet4CBDone,
            totalProfit = h.totalProfit + EXCLUDED.totalProfit,
            street1CheckCallRaiseChance = h.street1CheckCallRaiseChance + EXCLUDED.street1CheckCallRaiseChance,
            street1CheckCallRaiseDone = h.street1CheckCallRaiseDone + EXCLUDED.street1CheckCallRaiseDone,
            street2CheckCallRaiseChance = h.street2CheckCallRaiseChance + EXCLUDED.street2CheckCallRaiseChance,
            street2CheckCallRaiseDone = h.street2CheckCallRaiseDone + EXCLUDED.street2CheckCallRaiseDone,
            street3CheckCallRaiseChance = h.street3CheckCallRaiseChance + EXCLUDED.street3CheckCallRaiseChance,
            street3CheckCallRaiseDone = h.street3CheckCallRaiseDone + EXCLUDED.street3CheckCallRaiseDone,
            street4CheckCallRaiseChance = h.street4CheckCallRaiseChance + EXCLUDED.street4CheckCallRaiseChance,
            street4CheckCallRaiseDone = h.street4CheckCallRaiseDone + EXCLUDED.street4CheckCallRaiseDone,
            street0Calls = h.street0Calls + EXCLUDED.street0Calls,
            street1Calls = h.street1Calls + EXCLUDED.street1Calls,
            street2Calls = h.street2Calls + EXCLUDED.street2Calls,
            street3Calls = h.street3Calls + EXCLUDED.street3Calls,
            street4Calls = h.street4Calls + EXCLUDED.street4Calls,
            street0Bets = h.street0Bets + EXCLUDED.street0Bets,
            street1Bets = h.street1Bets + EXCLUDED.street1Bets,
            street2Bets = h.street2Bets + EXCLUDED.street2Bets,
            street3Bets = h.street3Bets + EXCLUDED.street3Bets,
            street4Bets = h.street4Bets + EXCLUDED.street4Bets,
            street0Raises = h.street0Raises + EXCLUDED.street0Raises,
            street1Raises = h.street1Raises + EXCLUDED.street1Raises,
            street2Raises = h.street2Raises + EXCLUDED.street2Raises,
            street3Raises = h.street3Raises + EXCLUDED.street3Raises,
            street4Raises = h.street4Raises + EXCLUDED.street4Raises,
            street1CheckRaiseDone = h.street1CheckRaiseDone + EXCLUDED.street1CheckRaiseDone,
            street2CheckRaiseDone = h.street2CheckRaiseDone + EXCLUDED.street2CheckRaiseDone,
            street3CheckRaiseDone = h.street3CheckRaiseDone + EXCLUDED.street3CheckRaiseDone,
            street4CheckRaiseDone = h.street4CheckRaiseDone + EXCLUDED.street4CheckRaiseDone;

    RETURN NULL;
END
$$;

CREATE FUNCTION fpdb._hudcache_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    INSERT INTO fpdb.HudCache AS h (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone)
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, sum(HDs), sum(wonWhenSeenStreet1), sum(wonWhenSeenStreet2), sum(wonWhenSeenStreet3), sum(wonWhenSeenStreet4), sum(wonAtSD), sum(street0VPI), sum(street0Aggr), sum(street0_3BChance), sum(street0_3BDone), sum(street0_4BChance), sum(street0_4BDone), sum(street1Seen), sum(street2Seen), sum(street3Seen), sum(street4Seen), sum(sawShowdown), sum(street1Aggr), sum(street2Aggr), sum(street3Aggr), sum(street4Aggr), sum(otherRaisedStreet0), sum(otherRaisedStreet1), sum(otherRaisedStreet2), sum(otherRaisedStreet3), sum(otherRaisedStreet4), sum(foldToOtherRaisedStreet0), sum(foldToOtherRaisedStreet1), sum(foldToOtherRaisedStreet2), sum(foldToOtherRaisedStreet3), sum(foldToOtherRaisedStreet4), sum(stealAttemptChance), sum(stealAttempted), sum(foldBbToStealChance), sum(foldedBbToSteal), sum(foldSbToStealChance), sum(foldedSbToSteal), sum(street1CBChance), sum(street1CBDone), sum(street2CBChance), sum(street2CBDone), sum(street3CBChance), sum(street3CBDone), sum(street4CBChance), sum(street4CBDone), sum(foldToStreet1CBChance), sum(foldToStreet1CBDone), sum(foldToStreet2CBChance), sum(foldToStreet2CBDone), sum(foldToStreet3CBChance), sum(foldToStreet3CBDone), sum(foldToStreet4CBChance), sum(foldToStreet4CBDone), sum(totalProfit), sum(street1CheckCallRaiseChance), sum(street1CheckCallRaiseDone), sum(street2CheckCallRaiseChance), sum(street2CheckCallRaiseDone), sum(street3CheckCallRaiseChance), sum(street3CheckCallRaiseDone), sum(street4CheckCallRaiseChance), sum(street4CheckCallRaiseDone), sum(street0Calls), sum(street1Calls), sum(street2Calls), sum(street3Calls), sum(street4Calls), sum(street0Bets), sum(street1Bets), sum(street2Bets), sum(street3Bets), sum(street4Bets), sum(street0Raises), sum(street1Raises), sum(street2Raises), sum(street3Raises), sum(street4Raises), sum(street1CheckRaiseDone), sum(street2CheckRaiseDone), sum(street3CheckRaiseDone), sum(street4CheckRaiseDone)
    FROM (
        SELECT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
               r.tourneyTypeId::smallint AS tourneyTypeId, -1 AS HDs,
               -r.wonWhenSeenStreet1 AS wonWhenSeenStreet1, -r.wonWhenSeenStreet2 AS wonWhenSeenStreet2, -r.wonWhenSeenStreet3 AS wonWhenSeenStreet3, -r.wonWhenSeenStreet4 AS wonWhenSeenStreet4, -r.wonAtSD AS wonAtSD, -r.street0VPI AS street0VPI, -r.street0Aggr AS street0Aggr, -r.street0_3BChance AS street0_3BChance, -r.street0_3BDone AS street0_3BDone, -r.street0_4BChance AS street0_4BChance, -r.street0_4BDone AS street0_4BDone, -r.street1Seen AS street1Seen, -r.street2Seen AS street2Seen, -r.street3Seen AS street3Seen, -r.street4Seen AS street4Seen, -r.sawShowdown AS sawShowdown, -r.street1Aggr AS street1Aggr, -r.street2Aggr AS street2Aggr, -r.street3Aggr AS street3Aggr, -r.street4Aggr AS street4Aggr, -r.otherRaisedStreet0 AS otherRaisedStreet0, -r.otherRaisedStreet1 AS otherRaisedStreet1, -r.otherRaisedStreet2 AS otherRaisedStreet2, -r.otherRaisedStreet3 AS otherRaisedStreet3, -r.otherRaisedStreet4 AS otherRaisedStreet4, -r.foldToOtherRaisedStreet0 AS foldToOtherRaisedStreet0, -r.foldToOtherRaisedStreet1 AS foldToOtherRaisedStreet1, -r.foldToOtherRaisedStreet2 AS foldToOtherRaisedStreet2, -r.foldToOtherRaisedStreet3 AS foldToOtherRaisedStreet3, -r.foldToOtherRaisedStreet4 AS foldToOtherRaisedStreet4, -r.stealAttemptChance AS stealAttemptChance, -r.stealAttempted AS stealAttempted, -r.foldBbToStealChance AS foldBbToStealChance, -r.foldedBbToSteal AS foldedBbToSteal, -r.foldSbToStealChance AS foldSbToStealChance, -r.foldedSbToSteal AS foldedSbToSteal, -r.street1CBChance AS street1CBChance, -r.street1CBDone AS street1CBDone, -r.street2CBChance AS street2CBChance, -r.street2CBDone AS street2CBDone, -r.street3CBChance AS street3CBChance, -r.street3CBDone AS street3CBDone, -r.street4CBChance AS street4CBChance, -r.street4CBDone AS street4CBDone, -r.foldToStreet1CBChance AS foldToStreet1CBChance, -r.foldToStreet1CBDone AS foldToStreet1CBDone, -r.foldToStreet2CBChance AS foldToStreet2CBChance, -r.foldToStreet2CBDone AS foldToStreet2CBDone, -r.foldToStreet3CBChance AS foldToStreet3CBChance, -r.foldToStreet3CBDone AS foldToStreet3CBDone, -r.foldToStreet4CBChance AS foldToStreet4CBChance, -r.foldToStreet4CBDone AS foldToStreet4CBDone, -r.totalProfit AS totalProfit, -r.street1CheckCallRaiseChance AS street1CheckCallRaiseChance, -r.street1CheckCallRaiseDone AS street1CheckCallRaiseDone, -r.street2CheckCallRaiseChance AS street2CheckCallRaiseChance, -r.street2CheckCallRaiseDone AS street2CheckCallRaiseDone, -r.street3CheckCallRaiseChance AS street3CheckCallRaiseChance, -r.street3CheckCallRaiseDone AS street3CheckCallRaiseDone, -r.street4CheckCallRaiseChance AS street4CheckCallRaiseChance, -r.street4CheckCallRaiseDone AS street4CheckCallRaiseDone, -r.street0Calls AS street0Calls, -r.street1Calls AS street1Calls, -r.street2Calls AS street2Calls, -r.street3Calls AS street3Calls, -r.street4Calls AS street4Calls, -r.street0Bets AS street0Bets, -r.street1Bets AS street1Bets, -r.street2Bets AS street2Bets, -r.street3Bets AS street3Bets, -r.street4Bets AS street4Bets, -r.street0Raises AS street0Raises, -r.street1Raises AS street1Raises, -r.street2Raises AS street2Raises, -r.street3Raises AS street3Raises, -r.street4Raises AS street4Raises, -r.street1CheckRaiseDone AS street1CheckRaiseDone, -r.street2CheckRaiseDone AS street2CheckRaiseDone, -r.street3CheckRaiseDone AS street3CheckRaiseDone, -r.street4CheckRaiseDone AS street4CheckRaiseDone
        FROM old_rows r
    ) AS d
    GROUP BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    ORDER BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    ON CONFLICT ON CONSTRAINT hudcache_key DO UPDATE SET
            HDs = h.HDs + EXCLUDED.HDs,
            wonWhenSeenStreet1 = h.wonWhenSeenStreet1 + EXCLUDED.wonWhenSeenStreet1,
            wonWhenSeenStreet2 = h.wonWhenSeenStreet2 + EXCLUDED.wonWhenSeenStreet2,
            wonWhenSeenStreet3 = h.wonWhenSeenStreet3 + EXCLUDED.wonWhenSeenStreet3,
            wonWhenSeenStreet4 = h.wonWhenSeenStreet4 + EXCLUDED.wonWhenSeenStreet4,
            wonAtSD = h.wonAtSD + EXCLUDED.wonAtSD,
            street0VPI = h.street0VPI + EXCLUDED.street0VPI,
            street0Aggr = h.street0Aggr + EXCLUDED.street0Aggr,
            street0_3BChance = h.street0_3BChance + EXCLUDED.street0_3BChance,
            street0_3BDone = h.street0_3BDone + EXCLUDED.street0_3BDone,
            street0_4BChance = h.street0_4BChance + EXCLUDED.street0_4BChance,
            street0_4BDone = h.street0_4BDone + EXCLUDED.street0_4BDone,
            street1Seen = h.street1Seen + EXCLUDED.street1Seen,
            street2Seen = h.street2Seen + EXCLUDED.street2Seen,
            street3Seen = h.street3Seen + EXCLUDED.street3Seen,
            street4Seen = h.street4Seen + EXCLUDED.street4Seen,
            sawShowdown = h.sawShowdown + EXCLUDED.sawShowdown,
            street1Aggr = h.street1Aggr + EXCLUDED.street1Aggr,
            street2Aggr = h.street2Aggr + EXCLUDED.street2Aggr,
            street3Aggr = h.street3Aggr + EXCLUDED.street3Aggr,
            street4Aggr = h.street4Aggr + EXCLUDED.street4Aggr,
            otherRaisedStreet0 = h.otherRaisedStreet0 + EXCLUDED.otherRaisedStreet0,
            otherRaisedStreet1 = h.otherRaisedStreet1 + EXCLUDED.otherRaisedStreet1,
            otherRaisedStreet2 = h.otherRaisedStreet2 + EXCLUDED.otherRaisedStreet2,
            otherRaisedStreet3 = h.otherRaisedStreet3 + EXCLUDED.otherRaisedStreet3,
            otherRaisedStreet4 = h.otherRaisedStreet4 + EXCLUDED.otherRaisedStreet4,
            foldToOtherRaisedStreet0 = h.foldToOtherRaisedStreet0 + EXCLUDED.foldToOtherRaisedStreet0,
            foldToOtherRaisedStreet1 = h.foldToOtherRaisedStreet1 + EXCLUDED.foldToOtherRaisedStreet1,
            foldToOtherRaisedStreet2 = h.foldToOtherRaisedStreet2 + EXCLUDED.foldToOtherRaisedStreet2,
            foldToOtherRaisedStreet3 = h.foldToOtherRaisedStreet3 + EXCLUDED.foldToOtherRaisedStreet3,
            foldToOtherRaisedStreet4 = h.foldToOtherRaisedStreet4 + EXCLUDED.foldToOtherRaisedStreet4,
            stealAttemptChance = h.stealAttemptChance + EXCLUDED.stealAttemptChance,
            stealAttempted = h.stealAttempted + EXCLUDED.stealAttempted,
            foldBbToStealChance = h.foldBbToStealChance + EXCLUDED.foldBbToStealChance,
            foldedBbToSteal = h.foldedBbToSteal + EXCLUDED.foldedBbToSteal,
            foldSbToStealChance = h.foldSbToStealChance + EXCLUDED.foldSbToStealChance,
            foldedSbToSteal = h.foldedSbToSteal + EXCLUDED.foldedSbToSteal,
            street1CBChance = h.street1CBChance + EXCLUDED.street1CBChance,
            street1CBDone = h.street1CBDone + EXCLUDED.street1CBDone,
            street2CBChance = h.street2CBChance + EXCLUDED.street2CBChance,
            street2CBDone = h.street2CBDone + EXCLUDED.street2CBDone,
            street3CBChance = h.street3CBChance + EXCLUDED.street3CBChance,
            street3CBDone = h.street3CBDone + EXCLUDED.street3CBDone,
            street4CBChance = h.street4CBChance + EXCLUDED.street4CBChance,
            street4CBDone = h.street4CBDone + EXCLUDED.street4CBDone,
            foldToStreet1CBChance = h.foldToStreet1CBChance + EXCLUDED.foldToStreet1CBChance,
            foldToStreet1CBDone = h.foldToStreet1CBDone + EXCLUDED.foldToStreet1CBDone,
            foldToStreet2CBChance = h.foldToStreet2CBChance + EXCLUDED.foldToStreet2CBChance,
            foldToStreet2CBDone = h.foldToStreet2CBDone + EXCLUDED.foldToStreet2CBDone,
            foldToStreet3CBChance = h.foldToStreet3CBChance + EXCLUDED.foldToStreet3CBChance,
            foldToStreet3CBDone = h.foldToStreet3CBDone + EXCLUDED.foldToStreet3CBDone,
            foldToStreet4CBChance = h.foldToStreet4CBChance + EXCLUDED.foldToStreet4CBChance,
            foldToStreet4CBDone = h.foldToStreet4CBDone + EXCLUDED.foldToStreet4CBDone,
            totalProfit = h.totalProfit + EXCLUDED.totalProfit,
            street1CheckCallRaiseChance = h.street1CheckCallRaiseChance + EXCLUDED.street1CheckCallRaiseChance,
            street1CheckCallRaiseDone = h.street1CheckCallRaiseDone + EXCLUDED.street1CheckCallRaiseDone,
            street2CheckCallRaiseChance = h.street2CheckCallRaiseChance + EXCLUDED.street2CheckCallRaiseChance,
            street2CheckCallRaiseDone = h.street2CheckCallRaiseDone + EXCLUDED.street2CheckCallRaiseDone,
            street3CheckCallRaiseChance = h.street3CheckCallRaiseChance + EXCLUDED.street3CheckCallRaiseChance,
            street3CheckCallRaiseDone = h.street3CheckCallRaiseDone + EXCLUDED.street3CheckCallRaiseDone,
            street4CheckCallRaiseChance = h.street4CheckCallRaiseChance + EXCLUDED.street4CheckCallRaiseChance,
            street4CheckCallRaiseDone = h.street4CheckCallRaiseDone + EXCLUDED.street4CheckCallRaiseDone,
            street0Calls = h.street0Calls + EXCLUDED.street0Calls,
            street1Calls = h.street1Calls + EXCLUDED.street1Calls,
            street2Calls = h.street2Calls + EXCLUDED.street2Calls,
            street3Calls = h.street3Calls + EXCLUDED.street3Calls,
            street4Calls = h.street4Calls + EXCLUDED.street4Calls,
            street0Bets = h.street0Bets + EXCLUDED.street0Bets,
            street1Bets = h.street1Bets + EXCLUDED.street1Bets,
            street2Bets = h.street2Bets + EXCLUDED.street2Bets,
            street3Bets = h.street3Bets + EXCLUDED.street3Bets,
            street4Bets = h.street4Bets + EXCLUDED.street4Bets,
            street0Raises = h.street0Raises + EXCLUDED.street0Raises,
            street1Raises = h.street1Raises + EXCLUDED.street1Raises,
            street2Raises = h.street2Raises + EXCLUDED.street2Raises,
            street3Raises = h.street3Raises + EXCLUDED.street3Raises,
            street4Raises = h.street4Raises + EXCLUDED.street4Raises,
            street1CheckRaiseDone = h.street1CheckRaiseDone + EXCLUDED.street1CheckRaiseDone,
            street2CheckRaiseDone = h.street2CheckRaiseDone + EXCLUDED.street2CheckRaiseDone,
            street3CheckRaiseDone = h.street3CheckRaiseDone + EXCLUDED.street3CheckRaiseDone,
            street4CheckRaiseDone = h.street4CheckRaiseDone + EXCLUDED.street4CheckRaiseDone;
    DELETE FROM fpdb.HudCache h
    USING (SELECT DISTINCT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
                  r.tourneyTypeId::smallint AS tourneyTypeId FROM old_rows r) AS k
    WHERE h.HDs <= 0 AND h.gametypeId = k.gametypeId AND h.playerId = k.playerId
      AND h.activeSeats = k.activeSeats AND h.position = k.position
      AND h.tourneyTypeId IS NOT DISTINCT FROM k.tourneyTypeId;
    RETURN NULL;
END
$$;

CREATE FUNCTION fpdb._hudcache_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    INSERT INTO fpdb.HudCache AS h (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone)
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, sum(HDs), sum(wonWhenSeenStreet1), sum(wonWhenSeenStreet2), sum(wonWhenSeenStreet3), sum(wonWhenSeenStreet4), sum(wonAtSD), sum(street0VPI), sum(street0Aggr), sum(street0_3BChance), sum(street0_3BDone), sum(street0_4BChance), sum(street0_4BDone), sum(street1Seen), sum(street2Seen), sum(street3Seen), sum(street4Seen), sum(sawShowdown), sum(street1Aggr), sum(street2Aggr), sum(street3Aggr), sum(street4Aggr), sum(otherRaisedStreet0), sum(otherRaisedStreet1), sum(otherRaisedStreet2), sum(otherRaisedStreet3), sum(otherRaisedStreet4), sum(foldToOtherRaisedStreet0), sum(foldToOtherRaisedStreet1), sum(foldToOtherRaisedStreet2), sum(foldToOtherRaisedStreet3), sum(foldToOtherRaisedStreet4), sum(stealAttemptChance), sum(stealAttempted), sum(foldBbToStealChance), sum(foldedBbToSteal), sum(foldSbToStealChance), sum(foldedSbToSteal), sum(street1CBChance), sum(street1CBDone), sum(street2CBChance), sum(street2CBDone), sum(street3CBChance), sum(street3CBDone), sum(street4CBChance), sum(street4CBDone), sum(foldToStreet1CBChance), sum(foldToStreet1CBDone), sum(foldToStreet2CBChance), sum(foldToStreet2CBDone), sum(foldToStreet3CBChance), sum(foldToStreet3CBDone), sum(foldToStreet4CBChance), sum(foldToStreet4CBDone), sum(totalProfit), sum(street1CheckCallRaiseChance), sum(street1CheckCallRaiseDone), sum(street2CheckCallRaiseChance), sum(street2CheckCallRaiseDone), sum(street3CheckCallRaiseChance), sum(street3CheckCallRaiseDone), sum(street4CheckCallRaiseChance), sum(street4CheckCallRaiseDone), sum(street0Calls), sum(street1Calls), sum(street2Calls), sum(street3Calls), sum(street4Calls), sum(street0Bets), sum(street1Bets), sum(street2Bets), sum(street3Bets), sum(street4Bets), sum(street0Raises), sum(street1Raises), sum(street2Raises), sum(street3Raises), sum(street4Raises), sum(street1CheckRaiseDone), sum(street2CheckRaiseDone), sum(street3CheckRaiseDone), sum(street4CheckRaiseDone)
    FROM (
        SELECT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
               r.tourneyTypeId::smallint AS tourneyTypeId, 1 AS HDs,
               r.wonWhenSeenStreet1 AS wonWhenSeenStreet1, r.wonWhenSeenStreet2 AS wonWhenSeenStreet2, r.wonWhenSeenStreet3 AS wonWhenSeenStreet3, r.wonWhenSeenStreet4 AS wonWhenSeenStreet4, r.wonAtSD AS wonAtSD, r.street0VPI AS street0VPI, r.street0Aggr AS street0Aggr, r.street0_3BChance AS street0_3BChance, r.street0_3BDone AS street0_3BDone, r.street0_4BChance AS street0_4BChance, r.street0_4BDone AS street0_4BDone, r.street1Seen AS street1Seen, r.street2Seen AS street2Seen, r.street3Seen AS street3Seen, r.street4Seen AS street4Seen, r.sawShowdown AS sawShowdown, r.street1Aggr AS street1Aggr, r.street2Aggr AS street2Aggr, r.street3Aggr AS street3Aggr, r.street4Aggr AS street4Aggr, r.otherRaisedStreet0 AS otherRaisedStreet0, r.otherRaisedStreet1 AS otherRaisedStreet1, r.otherRaisedStreet2 AS otherRaisedStreet2, r.otherRaisedStreet3 AS otherRaisedStreet3, r.otherRaisedStreet4 AS otherRaisedStreet4, r.foldToOtherRaisedStreet0 AS foldToOtherRaisedStreet0, r.foldToOtherRaisedStreet1 AS foldToOtherRaisedStreet1, r.foldToOtherRaisedStreet2 AS foldToOtherRaisedStreet2, r.foldToOtherRaisedStreet3 AS foldToOtherRaisedStreet3, r.foldToOtherRaisedStreet4 AS foldToOtherRaisedStreet4, r.stealAttemptChance AS stealAttemptChance, r.stealAttempted AS stealAttempted, r.foldBbToStealChance AS foldBbToStealChance, r.foldedBbToSteal AS foldedBbToSteal, r.foldSbToStealChance AS foldSbToStealChance, r.foldedSbToSteal AS foldedSbToSteal, r.street1CBChance AS street1CBChance, r.street1CBDone AS street1CBDone, r.street2CBChance AS street2CBChance, r.street2CBDone AS street2CBDone, r.street3CBChance AS street3CBChance, r.street3CBDone AS street3CBDone, r.street4CBChance AS street4CBChance, r.street4CBDone AS street4CBDone, r.foldToStreet1CBChance AS foldToStreet1CBChance, r.foldToStreet1CBDone AS foldToStreet1CBDone, r.foldToStreet2CBChance AS foldToStreet2CBChance, r.foldToStreet2CBDone AS foldToStreet2CBDone, r.foldToStreet3CBChance AS foldToStreet3CBChance, r.foldToStreet3CBDone AS foldToStreet3CBDone, r.foldToStreet4CBChance AS foldToStreet4CBChance, r.foldToStreet4CBDone AS foldToStreet4CBDone, r.totalProfit AS totalProfit, r.street1CheckCallRaiseChance AS street1CheckCallRaiseChance, r.street1CheckCallRaiseDone AS street1CheckCallRaiseDone, r.street2CheckCallRaiseChance AS street2CheckCallRaiseChance, r.street2CheckCallRaiseDone AS street2CheckCallRaiseDone, r.street3CheckCallRaiseChance AS street3CheckCallRaiseChance, r.street3CheckCallRaiseDone AS street3CheckCallRaiseDone, r.street4CheckCallRaiseChance AS street4CheckCallRaiseChance, r.street4CheckCallRaiseDone AS street4CheckCallRaiseDone, r.street0Calls AS street0Calls, r.street1Calls AS street1Calls, r.street2Calls AS street2Calls, r.street3Calls AS street3Calls, r.street4Calls AS street4Calls, r.street0Bets AS street0Bets, r.street1Bets AS street1Bets, r.street2Bets AS street2Bets, r.street3Bets AS street3Bets, r.street4Bets AS street4Bets, r.street0Raises AS street0Raises, r.street1Raises AS street1Raises, r.street2Raises AS street2Raises, r.street3Raises AS street3Raises, r.street4Raises AS street4Raises, r.street1CheckRaiseDone AS street1CheckRaiseDone, r.street2CheckRaiseDone AS street2CheckRaiseDone, r.street3CheckRaiseDone AS street3CheckRaiseDone, r.street4CheckRaiseDone AS street4CheckRaiseDone
        FROM new_rows r
        UNION ALL
        SELECT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
               r.tourneyTypeId::smallint AS tourneyTypeId, -1 AS HDs,
               -r.wonWhenSeenStreet1 AS wonWhenSeenStreet1, -r.wonWhenSeenStreet2 AS wonWhenSeenStreet2, -r.wonWhenSeenStreet3 AS wonWhenSeenStreet3, -r.wonWhenSeenStreet4 AS wonWhenSeenStreet4, -r.wonAtSD AS wonAtSD, -r.street0VPI AS street0VPI, -r.street0Aggr AS street0Aggr, -r.street0_3BChance AS street0_3BChance, -r.street0_3BDone AS street0_3BDone, -r.street0_4BChance AS street0_4BChance, -r.street0_4BDone AS street0_4BDone, -r.street1Seen AS street1Seen, -r.street2Seen AS street2Seen, -r.street3Seen AS street3Seen, -r.street4Seen AS street4Seen, -r.sawShowdown AS sawShowdown, -r.street1Aggr AS street1Aggr, -r.street2Aggr AS street2Aggr, -r.street3Aggr AS street3Aggr, -r.street4Aggr AS street4Aggr, -r.otherRaisedStreet0 AS otherRaisedStreet0, -r.otherRaisedStreet1 AS otherRaisedStreet1, -r.otherRaisedStreet2 AS otherRaisedStreet2, -r.otherRaisedStreet3 AS otherRaisedStreet3, -r.otherRaisedStreet4 AS otherRaisedStreet4, -r.foldToOtherRaisedStreet0 AS foldToOtherRaisedStreet0, -r.foldToOtherRaisedStreet1 AS foldToOtherRaisedStreet1, -r.foldToOtherRaisedStreet2 AS foldToOtherRaisedStreet2, -r.foldToOtherRaisedStreet3 AS foldToOtherRaisedStreet3, -r.foldToOtherRaisedStreet4 AS foldToOtherRaisedStreet4, -r.stealAttemptChance AS stealAttemptChance, -r.stealAttempted AS stealAttempted, -r.foldBbToStealChance AS foldBbToStealChance, -r.foldedBbToSteal AS foldedBbToSteal, -r.foldSbToStealChance AS foldSbToStealChance, -r.foldedSbToSteal AS foldedSbToSteal, -r.street1CBChance AS street1CBChance, -r.street1CBDone AS street1CBDone, -r.street2CBChance AS street2CBChance, -r.street2CBDone AS street2CBDone, -r.street3CBChance AS street3CBChance, -r.street3CBDone AS street3CBDone, -r.street4CBChance AS street4CBChance, -r.street4CBDone AS street4CBDone, -r.foldToStreet1CBChance AS foldToStreet1CBChance, -r.foldToStreet1CBDone AS foldToStreet1CBDone, -r.foldToStreet2CBChance AS foldToStreet2CBChance, -r.foldToStreet2CBDone AS foldToStreet2CBDone, -r.foldToStreet3CBChance AS foldToStreet3CBChance, -r.foldToStreet3CBDone AS foldToStreet3CBDone, -r.foldToStreet4CBChance AS foldToStreet4CBChance, -r.foldToStreet4CBDone AS foldToStreet4CBDone, -r.totalProfit AS totalProfit, -r.street1CheckCallRaiseChance AS street1CheckCallRaiseChance, -r.street1CheckCallRaiseDone AS street1CheckCallRaiseDone, -r.street2CheckCallRaiseChance AS street2CheckCallRaiseChance, -r.street2CheckCallRaiseDone AS street2CheckCallRaiseDone, -r.street3CheckCallRaiseChance AS street3CheckCallRaiseChance, -r.street3CheckCallRaiseDone AS street3CheckCallRaiseDone, -r.street4CheckCallRaiseChance AS street4CheckCallRaiseChance, -r.street4CheckCallRaiseDone AS street4CheckCallRaiseDone, -r.street0Calls AS street0Calls, -r.street1Calls AS street1Calls, -r.street2Calls AS street2Calls, -r.street3Calls AS street3Calls, -r.street4Calls AS street4Calls, -r.street0Bets AS street0Bets, -r.street1Bets AS street1Bets, -r.street2Bets AS street2Bets, -r.street3Bets AS street3Bets, -r.street4Bets AS street4Bets, -r.street0Raises AS street0Raises, -r.street1Raises AS street1Raises, -r.street2Raises AS street2Raises, -r.street3Raises AS street3Raises, -r.street4Raises AS street4Raises, -r.street1CheckRaiseDone AS street1CheckRaiseDone, -r.street2CheckRaiseDone AS street2CheckRaiseDone, -r.street3CheckRaiseDone AS street3CheckRaiseDone, -r.street4CheckRaiseDone AS street4CheckRaiseDone
        FROM old_rows r
    ) AS d
    GROUP BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    HAVING sum(HDs) <> 0 OR sum(wonWhenSeenStreet1) <> 0 OR sum(wonWhenSeenStreet2) <> 0 OR sum(wonWhenSeenStreet3) <> 0 OR sum(wonWhenSeenStreet4) <> 0 OR sum(wonAtSD) <> 0 OR sum(street0VPI) <> 0 OR sum(street0Aggr) <> 0 OR sum(street0_3BChance) <> 0 OR sum(street0_3BDone) <> 0 OR sum(street0_4BChance) <> 0 OR sum(street0_4BDone) <> 0 OR sum(street1Seen) <> 0 OR sum(street2Seen) <> 0 OR sum(street3Seen) <> 0 OR sum(street4Seen) <> 0 OR sum(sawShowdown) <> 0 OR sum(street1Aggr) <> 0 OR sum(street2Aggr) <> 0 OR sum(street3Aggr) <> 0 OR sum(street4Aggr) <> 0 OR sum(otherRaisedStreet0) <> 0 OR sum(otherRaisedStreet1) <> 0 OR sum(otherRaisedStreet2) <> 0 OR sum(otherRaisedStreet3) <> 0 OR sum(otherRaisedStreet4) <> 0 OR sum(foldToOtherRaisedStreet0) <> 0 OR sum(foldToOtherRaisedStreet1) <> 0 OR sum(foldToOtherRaisedStreet2) <> 0 OR sum(foldToOtherRaisedStreet3) <> 0 OR sum(foldToOtherRaisedStreet4) <> 0 OR sum(stealAttemptChance) <> 0 OR sum(stealAttempted) <> 0 OR sum(foldBbToStealChance) <> 0 OR sum(foldedBbToSteal) <> 0 OR sum(foldSbToStealChance) <> 0 OR sum(foldedSbToSteal) <> 0 OR sum(street1CBChance) <> 0 OR sum(street1CBDone) <> 0 OR sum(street2CBChance) <> 0 OR sum(street2CBDone) <> 0 OR sum(street3CBChance) <> 0 OR sum(street3CBDone) <> 0 OR sum(street4CBChance) <> 0 OR sum(street4CBDone) <> 0 OR sum(foldToStreet1CBChance) <> 0 OR sum(foldToStreet1CBDone) <> 0 OR sum(foldToStreet2CBChance) <> 0 OR sum(foldToStreet2CBDone) <> 0 OR sum(foldToStreet3CBChance) <> 0 OR sum(foldToStreet3CBDone) <> 0 OR sum(foldToStreet4CBChance) <> 0 OR sum(foldToStreet4CBDone) <> 0 OR sum(totalProfit) <> 0 OR sum(street1CheckCallRaiseChance) <> 0 OR sum(street1CheckCallRaiseDone) <> 0 OR sum(street2CheckCallRaiseChance) <> 0 OR sum(street2CheckCallRaiseDone) <> 0 OR sum(street3CheckCallRaiseChance) <> 0 OR sum(street3CheckCallRaiseDone) <> 0 OR sum(street4CheckCallRaiseChance) <> 0 OR sum(street4CheckCallRaiseDone) <> 0 OR sum(street0Calls) <> 0 OR sum(street1Calls) <> 0 OR sum(street2Calls) <> 0 OR sum(street3Calls) <> 0 OR sum(street4Calls) <> 0 OR sum(street0Bets) <> 0 OR sum(street1Bets) <> 0 OR sum(street2Bets) <> 0 OR sum(street3Bets) <> 0 OR sum(street4Bets) <> 0 OR sum(street0Raises) <> 0 OR sum(street1Raises) <> 0 OR sum(street2Raises) <> 0 OR sum(street3Raises) <> 0 OR sum(street4Raises) <> 0 OR sum(street1CheckRaiseDone) <> 0 OR sum(street2CheckRaiseDone) <> 0 OR sum(street3CheckRaiseDone) <> 0 OR sum(street4CheckRaiseDone) <> 0
    ORDER BY gametypeId, playerId, activeSeats, position, tourneyTypeId
    ON CONFLICT ON CONSTRAINT hudcache_key DO UPDATE SET
            HDs = h.HDs + EXCLUDED.HDs,
            wonWhenSeenStreet1 = h.wonWhenSeenStreet1 + EXCLUDED.wonWhenSeenStreet1,
            wonWhenSeenStreet2 = h.wonWhenSeenStreet2 + EXCLUDED.wonWhenSeenStreet2,
            wonWhenSeenStreet3 = h.wonWhenSeenStreet3 + EXCLUDED.wonWhenSeenStreet3,
            wonWhenSeenStreet4 = h.wonWhenSeenStreet4 + EXCLUDED.wonWhenSeenStreet4,
            wonAtSD = h.wonAtSD + EXCLUDED.wonAtSD,
            street0VPI = h.street0VPI + EXCLUDED.street0VPI,
            street0Aggr = h.street0Aggr + EXCLUDED.street0Aggr,
            street0_3BChance = h.street0_3BChance + EXCLUDED.street0_3BChance,
            street0_3BDone = h.street0_3BDone + EXCLUDED.street0_3BDone,
            street0_4BChance = h.street0_4BChance + EXCLUDED.street0_4BChance,
            street0_4BDone = h.street0_4BDone + EXCLUDED.street0_4BDone,
            street1Seen = h.street1Seen + EXCLUDED.street1Seen,
            street2Seen = h.street2Seen + EXCLUDED.street2Seen,
            street3Seen = h.street3Seen + EXCLUDED.street3Seen,
            street4Seen = h.street4Seen + EXCLUDED.street4Seen,
            sawShowdown = h.sawShowdown + EXCLUDED.sawShowdown,
            street1Aggr = h.street1Aggr + EXCLUDED.street1Aggr,
            street2Aggr = h.street2Aggr + EXCLUDED.street2Aggr,
            street3Aggr = h.street3Aggr + EXCLUDED.street3Aggr,
            street4Aggr = h.street4Aggr + EXCLUDED.street4Aggr,
            otherRaisedStreet0 = h.otherRaisedStreet0 + EXCLUDED.otherRaisedStreet0,
            otherRaisedStreet1 = h.otherRaisedStreet1 + EXCLUDED.otherRaisedStreet1,
            otherRaisedStreet2 = h.otherRaisedStreet2 + EXCLUDED.otherRaisedStreet2,
            otherRaisedStreet3 = h.otherRaisedStreet3 + EXCLUDED.otherRaisedStreet3,
            otherRaisedStreet4 = h.otherRaisedStreet4 + EXCLUDED.otherRaisedStreet4,
            foldToOtherRaisedStreet0 = h.foldToOtherRaisedStreet0 + EXCLUDED.foldToOtherRaisedStreet0,
            foldToOtherRaisedStreet1 = h.foldToOtherRaisedStreet1 + EXCLUDED.foldToOtherRaisedStreet1,
            foldToOtherRaisedStreet2 = h.foldToOtherRaisedStreet2 + EXCLUDED.foldToOtherRaisedStreet2,
            foldToOtherRaisedStreet3 = h.foldToOtherRaisedStreet3 + EXCLUDED.foldToOtherRaisedStreet3,
            foldToOtherRaisedStreet4 = h.foldToOtherRaisedStreet4 + EXCLUDED.foldToOtherRaisedStreet4,
            stealAttemptChance = h.stealAttemptChance + EXCLUDED.stealAttemptChance,
            stealAttempted = h.stealAttempted + EXCLUDED.stealAttempted,
            foldBbToStealChance = h.foldBbToStealChance + EXCLUDED.foldBbToStealChance,
            foldedBbToSteal = h.foldedBbToSteal + EXCLUDED.foldedBbToSteal,
            foldSbToStealChance = h.foldSbToStealChance + EXCLUDED.foldSbToStealChance,
            foldedSbToSteal = h.foldedSbToSteal + EXCLUDED.foldedSbToSteal,
            street1CBChance = h.street1CBChance + EXCLUDED.street1CBChance,
            street1CBDone = h.street1CBDone + EXCLUDED.street1CBDone,
            street2CBChance = h.street2CBChance + EXCLUDED.street2CBChance,
            street2CBDone = h.street2CBDone + EXCLUDED.street2CBDone,
            street3CBChance = h.street3CBChance + EXCLUDED.street3CBChance,
            street3CBDone = h.street3CBDone + EXCLUDED.street3CBDone,
            street4CBChance = h.street4CBChance + EXCLUDED.street4CBChance,
            street4CBDone = h.street4CBDone + EXCLUDED.street4CBDone,
            foldToStreet1CBChance = h.foldToStreet1CBChance + EXCLUDED.foldToStreet1CBChance,
            foldToStreet1CBDone = h.foldToStreet1CBDone + EXCLUDED.foldToStreet1CBDone,
            foldToStreet2CBChance = h.foldToStreet2CBChance + EXCLUDED.foldToStreet2CBChance,
            foldToStreet2CBDone = h.foldToStreet2CBDone + EXCLUDED.foldToStreet2CBDone,
            foldToStreet3CBChance = h.foldToStreet3CBChance + EXCLUDED.foldToStreet3CBChance,
            foldToStreet3CBDone = h.foldToStreet3CBDone + EXCLUDED.foldToStreet3CBDone,
            foldToStreet4CBChance = h.foldToStreet4CBChance + EXCLUDED.foldToStreet4CBChance,
            foldToStreet4CBDone = h.foldToStreet4CBDone + EXCLUDED.foldToStreet4CBDone,
            totalProfit = h.totalProfit + EXCLUDED.totalProfit,
            street1CheckCallRaiseChance = h.street1CheckCallRaiseChance + EXCLUDED.street1CheckCallRaiseChance,
            street1CheckCallRaiseDone = h.street1CheckCallRaiseDone + EXCLUDED.street1CheckCallRaiseDone,
            street2CheckCallRaiseChance = h.street2CheckCallRaiseChance + EXCLUDED.street2CheckCallRaiseChance,
            street2CheckCallRaiseDone = h.street2CheckCallRaiseDone + EXCLUDED.street2CheckCallRaiseDone,
            street3CheckCallRaiseChance = h.street3CheckCallRaiseChance + EXCLUDED.street3CheckCallRaiseChance,
            street3CheckCallRaiseDone = h.street3CheckCallRaiseDone + EXCLUDED.street3CheckCallRaiseDone,
            street4CheckCallRaiseChance = h.street4CheckCallRaiseChance + EXCLUDED.street4CheckCallRaiseChance,
            street4CheckCallRaiseDone = h.street4CheckCallRaiseDone + EXCLUDED.street4CheckCallRaiseDone,
            street0Calls = h.street0Calls + EXCLUDED.street0Calls,
            street1Calls = h.street1Calls + EXCLUDED.street1Calls,
            street2Calls = h.street2Calls + EXCLUDED.street2Calls,
            street3Calls = h.street3Calls + EXCLUDED.street3Calls,
            street4Calls = h.street4Calls + EXCLUDED.street4Calls,
            street0Bets = h.street0Bets + EXCLUDED.street0Bets,
            street1Bets = h.street1Bets + EXCLUDED.street1Bets,
            street2Bets = h.street2Bets + EXCLUDED.street2Bets,
            street3Bets = h.street3Bets + EXCLUDED.street3Bets,
            street4Bets = h.street4Bets + EXCLUDED.street4Bets,
            street0Raises = h.street0Raises + EXCLUDED.street0Raises,
            street1Raises = h.street1Raises + EXCLUDED.street1Raises,
            street2Raises = h.street2Raises + EXCLUDED.street2Raises,
            street3Raises = h.street3Raises + EXCLUDED.street3Raises,
            street4Raises = h.street4Raises + EXCLUDED.street4Raises,
            street1CheckRaiseDone = h.street1CheckRaiseDone + EXCLUDED.street1CheckRaiseDone,
            street2CheckRaiseDone = h.street2CheckRaiseDone + EXCLUDED.street2CheckRaiseDone,
            street3CheckRaiseDone = h.street3CheckRaiseDone + EXCLUDED.street3CheckRaiseDone,
            street4CheckRaiseDone = h.street4CheckRaiseDone + EXCLUDED.street4CheckRaiseDone;
    DELETE FROM fpdb.HudCache h
    USING (SELECT DISTINCT r.gametypeId, r.playerId, r.activeSeats, fpdb.hudcache_position(r.position) AS position,
                  r.tourneyTypeId::smallint AS tourneyTypeId FROM old_rows r) AS k
    WHERE h.HDs <= 0 AND h.gametypeId = k.gametypeId AND h.playerId = k.playerId
      AND h.activeSeats = k.activeSeats AND h.position = k.position
      AND h.tourneyTypeId IS NOT DISTINCT FROM k.tourneyTypeId;
    RETURN NULL;
END
$$;

CREATE TRIGGER handsplayers_hudcache_insert AFTER INSERT ON fpdb.HandsPlayers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_after_insert();
CREATE TRIGGER handsplayers_hudcache_delete AFTER DELETE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_after_delete();
CREATE TRIGGER handsplayers_hudcache_update AFTER UPDATE ON fpdb.HandsPlayers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fpdb._hudcache_after_update();

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
    DELETE FROM fpdb.HudCache;
    INSERT INTO fpdb.HudCache (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone)
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone FROM fpdb.hudcache_rebuilt
    ORDER BY gametypeId, playerId, activeSeats, position, tourneyTypeId;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END
$$;
COMMENT ON FUNCTION fpdb.rebuild_hudcache() IS 'Rebuilds HudCache from HandsPlayers; returns the number of rows.';

-- Where HudCache differs from a rebuild: one row per key and column (none when exact). Float
-- sums (the won-when-seen shares) are compared to 1e-9 relative, as their summation order differs.
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
    )
    SELECT coalesce(c.gametypeId, r.gametypeId), coalesce(c.playerId, r.playerId),
           coalesce(c.activeSeats, r.activeSeats), coalesce(c.position, r.position),
           coalesce(c.tourneyTypeId, r.tourneyTypeId), col.key,
           (c.v ->> col.key)::numeric, (r.v ->> col.key)::numeric
    FROM c FULL JOIN r
      ON c.gametypeId = r.gametypeId AND c.playerId = r.playerId AND c.activeSeats = r.activeSeats
     AND c.position = r.position AND c.tourneyTypeId IS NOT DISTINCT FROM r.tourneyTypeId
    CROSS JOIN LATERAL jsonb_object_keys(coalesce(c.v, r.v)) AS col(key)
    WHERE abs(coalesce((c.v ->> col.key)::numeric, 0) - coalesce((r.v ->> col.key)::numeric, 0))
          > 1e-9 * greatest(1, abs(coalesce((r.v ->> col.key)::numeric, 0)))
       OR (c.v IS NULL AND col.key = 'hds')
       OR (r.v IS NULL AND col.key = 'hds')
    ORDER BY 1, 2, 3, 4, 5, 6
$$;
COMMENT ON FUNCTION fpdb.hudcache_diff() IS 'Keys and columns where HudCache differs from a rebuild from HandsPlayers (no rows when exact).';

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

-- Folds rows added to and removed from HandsPlayers into HudCache: one grouped upsert, keys in
-- sorted order (concurrent statements lock HudCache rows in the same order), then the rows whose
-- HDs reached 0 are deleted. Like every writer of HudCache in fpdb (imports, rebuild_hudcache), it
-- first takes the transaction-level advisory lock 7381510162543363139 ('fpdbHUDC'): imports insert
-- new HudCache keys directly into the table, which is safe only while no one else adds keys.
CREATE FUNCTION fpdb._hudcache_apply(added fpdb.HandsPlayers[], removed fpdb.HandsPlayers[]) RETURNS void
LANGUAGE sql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_catalog.pg_advisory_xact_lock(7381510162543363139);
    INSERT INTO fpdb.HudCache AS h (gametypeId, playerId, activeSeats, position, tourneyTypeId, HDs, wonWhenSeenStreet1, wonWhenSeenStreet2, wonWhenSeenStreet3, wonWhenSeenStreet4, wonAtSD, street0VPI, street0Aggr, street0_3BChance, street0_3BDone, street0_4BChance, street0_4BDone, street1Seen, street2Seen, street3Seen, street4Seen, sawShowdown, street1Aggr, street2Aggr, street3Aggr, street4Aggr, otherRaisedStreet0, otherRaisedStreet1, otherRaisedStreet2, otherRaisedStreet3, otherRaisedStreet4, foldToOtherRaisedStreet0, foldToOtherRaisedStreet1, foldToOtherRaisedStreet2, foldToOtherRaisedStreet3, foldToOtherRaisedStreet4, stealAttemptChance, stealAttempted, foldBbToStealChance, foldedBbToSteal, foldSbToStealChance, foldedSbToSteal, street1CBChance, street1CBDone, street2CBChance, street2CBDone, street3CBChance, street3CBDone, street4CBChance, street4CBDone, foldToStreet1CBChance, foldToStreet1CBDone, foldToStreet2CBChance, foldToStreet2CBDone, foldToStreet3CBChance, foldToStreet3CBDone, foldToStreet4CBChance, foldToStreet4CBDone, totalProfit, street1CheckCallRaiseChance, street1CheckCallRaiseDone, street2CheckCallRaiseChance, street2CheckCallRaiseDone, street3CheckCallRaiseChance, street3CheckCallRaiseDone, street4CheckCallRaiseChance, street4CheckCallRaiseDone, street0Calls, street1Calls, street2Calls, street3Calls, street4Calls, street0Bets, street1Bets, street2Bets, street3Bets, street4Bets, street0Raises, street1Raises, street2Raises, street3Raises, street4Raises, street1CheckRaiseDone, street2CheckRaiseDone, street3CheckRaiseDone, street4CheckRaiseDone)
    SELECT (d.r).gametypeId, (d.r).playerId, (d.r).activeSeats, fpdb.hudcache_position((d.r).position),
           (d.r).tourneyTypeId::smallint, sum(d.sign),
           sum(d.sign * (d.r).wonWhenSeenStreet1),
           sum(d.sign * (d.r).wonWhenSeenStreet2),
           sum(d.sign * (d.r).wonWhenSeenStreet3),
           sum(d.sign * (d.r).wonWhenSeenStreet4),
           sum(d.sign * (d.r).wonAtSD),
           sum(d.sign * (d.r).street0VPI),
           sum(d.sign * (d.r).street0Aggr),
           sum(d.sign * (d.r).street0_3BChance),
           sum(d.sign * (d.r).street0_3BDone),
           sum(d.sign * (d.r).street0_4BChance),
           sum(d.sign * (d.r).street0_4BDone),
           sum(d.sign * (d.r).street1Seen),
           sum(d.sign * (d.r).street2Seen),
           sum(d.sign * (d.r).street3Seen),
           sum(d.sign * (d.r).street4Seen),
           sum(d.sign * (d.r).sawShowdown),
           sum(d.sign * (d.r).street1Aggr),
           sum(d.sign * (d.r).street2Aggr),
           sum(d.sign * (d.r).street3Aggr),
           sum(d.sign * (d.r).street4Aggr),
           sum(d.sign * (d.r).otherRaisedStreet0),
           sum(d.sign * (d.r).otherRaisedStreet1),
           sum(d.sign * (d.r).otherRaisedStreet2),
           sum(d.sign * (d.r).otherRaisedStreet3),
           sum(d.sign * (d.r).otherRaisedStreet4),
           sum(d.sign * (d.r).foldToOtherRaisedStreet0),
           sum(d.sign * (d.r).foldToOtherRaisedStreet1),
           sum(d.sign * (d.r).foldToOtherRaisedStreet2),
           sum(d.sign * (d.r).foldToOtherRaisedStreet3),
           sum(d.sign * (d.r).foldToOtherRaisedStreet4),
           sum(d.sign * (d.r).stealAttemptChance),
           sum(d.sign * (d.r).stealAttempted),
           sum(d.sign * (d.r).foldBbToStealChance),
           sum(d.sign * (d.r).foldedBbToSteal),
           sum(d.sign * (d.r).foldSbToStealChance),
           sum(d.sign * (d.r).foldedSbToSteal),
           sum(d.sign * (d.r).street1CBChance),
           sum(d.sign * (d.r).street1CBDone),
           sum(d.sign * (d.r).street2CBChance),
           sum(d.sign * (d.r).street2CBDone),
           sum(d.sign * (d.r).street3CBChance),
           sum(d.sign * (d.r).street3CBDone),
           sum(d.sign * (d.r).street4CBChance),
           sum(d.sign * (d.r).street4CBDone),
           sum(d.sign * (d.r).foldToStreet1CBChance),
           sum(d.sign * (d.r).foldToStreet1CBDone),
           sum(d.sign * (d.r).foldToStreet2CBChance),
           sum(d.sign * (d.r).foldToStreet2CBDone),
           sum(d.sign * (d.r).foldToStreet3CBChance),
           sum(d.sign * (d.r).foldToStreet3CBDone),
           sum(d.sign * (d.r).foldToStreet4CBChance),
           sum(d.sign * (d.r).foldToStreet4CBDone),
           sum(d.sign * (d.r).totalProfit),
           sum(d.sign * (d.r).street1CheckCallRaiseChance),
           sum(d.sign * (d.r).street1CheckCallRaiseDone),
           sum(d.sign * (d.r).street2CheckCallRaiseChance),
           sum(d.sign * (d.r).street2CheckCallRaiseDone),
           sum(d.sign * (d.r).street3CheckCallRaiseChance),
           sum(d.sign * (d.r).street3CheckCallRaiseDone),
           sum(d.sign * (d.r).street4CheckCallRaiseChance),
           sum(d.sign * (d.r).street4CheckCallRaiseDone),
           sum(d.sign * (d.r).street0Calls),
           sum(d.sign * (d.r).street1Calls),
           sum(d.sign * (d.r).street2Calls),
           sum(d.sign * (d.r).street3Calls),
           sum(d.sign * (d.r).street4Calls),
           sum(d.sign * (d.r).street0Bets),
           sum(d.sign * (d.r).street1Bets),
           sum(d.sign * (d.r).street2Bets),
           sum(d.sign * (d.r).street3Bets),
           sum(d.sign * (d.r).street4Bets),
           sum(d.sign * (d.r).street0Raises),
           sum(d.sign * (d.r).street1Raises),
           sum(d.sign * (d.r).street2Raises),
           sum(d.sign * (d.r).street3Raises),
           sum(d.sign * (d.r).street4Raises),
           sum(d.sign * (d.r).street1CheckRaiseDone),
           sum(d.sign * (d.r).street2CheckRaiseDone),
           sum(d.sign * (d.r).street3CheckRaiseDone),
           sum(d.sign * (d.r).street4CheckRaiseDone)
    FROM (
        SELECT a AS r, 1 AS sign FROM unnest(added) AS a
        UNION ALL
        SELECT o AS r, -1 AS sign FROM unnest(removed) AS o
    ) AS d
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 2, 1, 3, 4, 5 NULLS FIRST  -- the unique index order (playerId first): the lock order of every writer
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
    USING (SELECT DISTINCT o.gametypeId, o.playerId, o.activeSeats, fpdb.hudcache_position(o.position) AS position,
                  o.tourneyTypeId::smallint AS tourneyTypeId
           FROM unnest(removed) AS o) AS k
    WHERE h.HDs <= 0 AND h.gametypeId = k.gametypeId AND h.playerId = k.playerId
      AND h.activeSeats = k.activeSeats AND h.position = k.position
      AND h.tourneyTypeId IS NOT DISTINCT FROM k.tourneyTypeId;
$$;

CREATE FUNCTION fpdb._hudcache_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    PERFORM fpdb._hudcache_apply(ARRAY(SELECT n::fpdb.HandsPlayers FROM new_rows AS n), '{}'::fpdb.HandsPlayers[]);
    RETURN NULL;
END
$$;

CREATE FUNCTION fpdb._hudcache_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    PERFORM fpdb._hudcache_apply('{}'::fpdb.HandsPlayers[], ARRAY(SELECT o::fpdb.HandsPlayers FROM old_rows AS o));
    RETURN NULL;
END
$$;

CREATE FUNCTION fpdb._hudcache_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_setting('fpdb.hudcache_by_import', true) = 'on' THEN
        RETURN NULL;  -- an import folds these rows into HudCache itself
    END IF;
    PERFORM fpdb._hudcache_apply(ARRAY(SELECT n::fpdb.HandsPlayers FROM new_rows AS n), ARRAY(SELECT o::fpdb.HandsPlayers FROM old_rows AS o));
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
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);
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

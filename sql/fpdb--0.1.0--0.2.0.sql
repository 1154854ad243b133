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

-- Issue 18: the running winnings (fpdb.profit_series), sessions (fpdb.sessions) and their graph
-- (fpdb.profit_graph, drawn by fpdb._profit_svg), as sql/profit.sql defines them.
CREATE FUNCTION fpdb."_profit_svg"(
	"player" TEXT,
	"unit" TEXT,
	"net" double precision[],
	"allin_adjusted" double precision[],
	"showdown" double precision[],
	"non_showdown" double precision[],
	"width" INT,
	"height" INT
) RETURNS TEXT
IMMUTABLE STRICT PARALLEL SAFE
SET search_path TO pg_catalog, pg_temp
LANGUAGE c
AS 'MODULE_PATHNAME', '_profit_svg_wrapper';

-- The player's hands the filters select: one row per HandsPlayers row.
CREATE FUNCTION fpdb._player_hands(
    player_name text,
    site text,
    gametype_id int,
    game_type text,
    category text,
    limit_type text,
    min_seats int,
    max_seats int,
    positions text[]
) RETURNS TABLE (hand_id bigint, site_hand_no bigint, hand_start timestamptz, site_id smallint,
                 table_name text, game_type text, currency text, big_blind int,
                 profit int, allin_ev int, showdown boolean)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
    SELECT h.id, h.siteHandNo, h.handStart, h.siteId, h.tableName::text, g.type::text,
           g.currency::text, g.bigBlind, hp.totalProfit, hp.allInEV, hp.sawShowdown <> 0
    FROM fpdb.HandsPlayers hp
    JOIN fpdb.Hands h ON h.id = hp.handId
    JOIN fpdb.Gametypes g ON g.id = hp.gametypeId
    WHERE hp.playerId IN (
            SELECT p.id FROM fpdb.Players p
            WHERE p.name = $1
              AND ($2 IS NULL OR p.siteId IN (SELECT s.id FROM fpdb.Sites s WHERE s.name = $2)))
      AND ($3 IS NULL OR g.id = $3)
      AND ($4 IS NULL OR g.type = $4)
      AND ($5 IS NULL OR g.category = $5)
      AND ($6 IS NULL OR g.limitType = $6)
      AND hp.activeSeats BETWEEN coalesce($7, 0) AND coalesce($8, 32767)
      AND ($9 IS NULL OR fpdb.hudcache_position(hp.position) = ANY ($9))
$$;
COMMENT ON FUNCTION fpdb._player_hands(text, text, int, text, text, text, int, int, text[]) IS
    'Internal: the HandsPlayers rows of a player that the fpdb.hud filters select, with their hand and game type.';

-- unit must be 'cents' (the stored unit) or 'bb'.
CREATE FUNCTION fpdb._check_unit(unit text) RETURNS void
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF unit IS NULL OR unit NOT IN ('cents', 'bb') THEN
        RAISE EXCEPTION 'unit must be ''cents'' or ''bb'', not %', coalesce(quote_literal(unit), 'NULL')
            USING ERRCODE = '22023',
                  HINT = '''cents'' is the stored unit (cents, or chips in tournaments); ''bb'' divides each hand by its big blind.';
    END IF;
END
$$;
COMMENT ON FUNCTION fpdb._check_unit(text) IS 'Internal: raises 22023 unless unit is ''cents'' or ''bb''.';

-- One row per hand of the player in time order (hand_no 1, 2, ...), with the running sums:
-- net = Σ totalProfit, allin_adjusted = Σ allInEV, showdown = Σ totalProfit of the hands where
-- he saw the showdown, non_showdown = Σ totalProfit of the others (net = showdown + non_showdown).
-- With unit => 'bb' each hand counts profit / big blind (0 where the game has no big blind) and
-- the sums are rounded to 2 decimals.
CREATE FUNCTION fpdb.profit_series(
    player_name text,
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL,
    unit text DEFAULT 'cents'
) RETURNS TABLE (hand_no bigint, hand_id bigint, site_hand_no bigint, hand_start timestamptz,
                 net numeric, allin_adjusted numeric, showdown numeric, non_showdown numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM fpdb._check_unit(profit_series.unit);
    RETURN QUERY
    SELECT row_number() OVER w,
           x.hand_id, x.site_hand_no, x.hand_start,
           round(sum(x.v_profit) OVER w, x.scale),
           round(sum(x.v_ev) OVER w, x.scale),
           round(sum(CASE WHEN x.showdown THEN x.v_profit ELSE 0 END) OVER w, x.scale),
           round(sum(CASE WHEN x.showdown THEN 0 ELSE x.v_profit END) OVER w, x.scale)
    FROM (
        SELECT ph.hand_id, ph.site_hand_no, ph.hand_start, ph.showdown,
               CASE WHEN profit_series.unit = 'bb' THEN 2 ELSE 0 END AS scale,
               CASE WHEN profit_series.unit = 'bb'
                    THEN coalesce(ph.profit::numeric / nullif(ph.big_blind, 0), 0)
                    ELSE ph.profit::numeric END AS v_profit,
               CASE WHEN profit_series.unit = 'bb'
                    THEN coalesce(ph.allin_ev::numeric / nullif(ph.big_blind, 0), 0)
                    ELSE ph.allin_ev::numeric END AS v_ev
        FROM fpdb._player_hands(profit_series.player_name, profit_series.site,
                                profit_series.gametype_id, profit_series.game_type,
                                profit_series.category, profit_series.limit_type,
                                profit_series.min_seats, profit_series.max_seats,
                                profit_series.positions) AS ph
    ) AS x
    WINDOW w AS (ORDER BY x.hand_start, x.hand_id ROWS UNBOUNDED PRECEDING)
    ORDER BY x.hand_start, x.hand_id;
END
$$;
COMMENT ON FUNCTION fpdb.profit_series(text, text, int, text, text, text, int, int, text[], text) IS
    'Running winnings of a player hand by hand: net, all-in adjusted, showdown and non-showdown (cents, or big blinds with unit => ''bb'').';

-- The player's sessions: hands no more than gap apart belong to one session. start_time and
-- end_time are the first and last hand's start; tables counts the distinct tables; net and
-- allin_adjusted are in the stored unit; bb_per_100 is 100 × Σ(profit / big blind) / hands.
CREATE FUNCTION fpdb.sessions(
    player_name text,
    gap interval DEFAULT '30 minutes',
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL
) RETURNS TABLE (session_no bigint, start_time timestamptz, end_time timestamptz, hands bigint,
                 tables bigint, net bigint, allin_adjusted bigint, bb_per_100 numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF sessions.gap IS NULL OR sessions.gap <= interval '0' THEN
        RAISE EXCEPTION 'gap must be a positive interval, not %', coalesce(sessions.gap::text, 'NULL')
            USING ERRCODE = '22023', HINT = 'For example gap => ''30 minutes''.';
    END IF;
    RETURN QUERY
    SELECT s.no, min(s.hand_start), max(s.hand_start), count(*),
           count(DISTINCT (s.site_id, s.table_name)),
           sum(s.profit)::bigint, sum(s.allin_ev)::bigint,
           round(100 * sum(coalesce(s.profit::numeric / nullif(s.big_blind, 0), 0)) / count(*), 2)
    FROM (
        SELECT t.*, sum(t.starts) OVER (ORDER BY t.hand_start, t.hand_id ROWS UNBOUNDED PRECEDING) AS no
        FROM (
            SELECT ph.*,
                   CASE WHEN lag(ph.hand_start) OVER (ORDER BY ph.hand_start, ph.hand_id) >= ph.hand_start - sessions.gap
                        THEN 0 ELSE 1 END AS starts
            FROM fpdb._player_hands(sessions.player_name, sessions.site, sessions.gametype_id,
                                    sessions.game_type, sessions.category, sessions.limit_type,
                                    sessions.min_seats, sessions.max_seats, sessions.positions) AS ph
        ) AS t
    ) AS s
    GROUP BY s.no
    ORDER BY s.no;
END
$$;
COMMENT ON FUNCTION fpdb.sessions(text, interval, text, int, text, text, text, int, int, text[]) IS
    'Sessions of a player (hands at most gap apart): start, end, hands, tables, net, all-in adjusted, bb/100.';

-- The graph of fpdb.profit_series as an SVG document (width × height pixels, 900 × 500 by
-- default): the four lines over the hands, with a legend and labelled axes. Drawn by
-- fpdb._profit_svg (src/profit.rs, fpdb_core::graph). The y axis is in the currency when every
-- hand is a cash hand in one real currency (cents shown as units: USD 12.50), in chips when
-- every hand is a tournament or play-money hand, in cents of several currencies ('cents (EUR,
-- USD)'), else in the stored units ('cents and chips');
-- in big blinds with unit => 'bb'. A player with no matching hand is an error (P0002).
CREATE FUNCTION fpdb.profit_graph(
    player_name text,
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL,
    unit text DEFAULT 'cents',
    width int DEFAULT 900,
    height int DEFAULT 500
) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    currencies text[];
    scale float8 := 1;
    label text;
    v_net float8[];
    v_ev float8[];
    v_sd float8[];
    v_nsd float8[];
BEGIN
    PERFORM fpdb._check_unit(profit_graph.unit);
    IF profit_graph.width IS NULL OR profit_graph.height IS NULL
       OR profit_graph.width NOT BETWEEN 300 AND 4000 OR profit_graph.height NOT BETWEEN 200 AND 4000 THEN
        RAISE EXCEPTION 'the graph must be 300 to 4000 pixels wide and 200 to 4000 high, not % x %',
            coalesce(profit_graph.width::text, 'NULL'), coalesce(profit_graph.height::text, 'NULL')
            USING ERRCODE = '22023';
    END IF;
    SELECT array_agg(DISTINCT CASE WHEN ph.game_type = 'ring' AND ph.currency <> 'play' THEN ph.currency END)
    INTO currencies
    FROM fpdb._player_hands(profit_graph.player_name, profit_graph.site, profit_graph.gametype_id,
                            profit_graph.game_type, profit_graph.category, profit_graph.limit_type,
                            profit_graph.min_seats, profit_graph.max_seats, profit_graph.positions) AS ph;
    IF currencies IS NULL THEN
        RAISE EXCEPTION 'player % has no hands that match the filters', quote_literal(profit_graph.player_name)
            USING ERRCODE = 'P0002';
    END IF;
    IF profit_graph.unit = 'bb' THEN
        label := 'big blinds';
    ELSIF cardinality(currencies) = 1 AND currencies[1] IS NOT NULL THEN
        label := currencies[1];
        scale := 100;
    ELSIF cardinality(currencies) = 1 THEN
        label := 'chips';
    ELSIF array_position(currencies, NULL) IS NULL THEN
        label := 'cents (' || array_to_string(currencies, ', ') || ')';
    ELSE
        label := 'cents and chips';
    END IF;
    SELECT array_agg(ps.net::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.allin_adjusted::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.showdown::float8 / scale ORDER BY ps.hand_no),
           array_agg(ps.non_showdown::float8 / scale ORDER BY ps.hand_no)
    INTO v_net, v_ev, v_sd, v_nsd
    FROM fpdb.profit_series(profit_graph.player_name, profit_graph.site, profit_graph.gametype_id,
                            profit_graph.game_type, profit_graph.category, profit_graph.limit_type,
                            profit_graph.min_seats, profit_graph.max_seats, profit_graph.positions,
                            profit_graph.unit) AS ps;
    RETURN fpdb._profit_svg(profit_graph.player_name, label, v_net, v_ev, v_sd, v_nsd,
                            profit_graph.width, profit_graph.height);
END
$$;
COMMENT ON FUNCTION fpdb.profit_graph(text, text, int, text, text, text, int, int, text[], text, int, int) IS
    'SVG graph of a player''s net, all-in adjusted, showdown and non-showdown winnings over his hands.';

-- ==== Keep this the last statement of the update script: every section above may add
-- ==== constraints or triggers, which must be recorded as fpdb's own.
SELECT fpdb._record_own_objects();

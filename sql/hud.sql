-- HUD statistics from SQL: the formulas of semantics.md §4.6 written for the design's columns,
-- one place for every formula (fpdb._hud_stats), used by the view fpdb.player_stats and the
-- function fpdb.hud. Percentages are numeric 0-100 rounded to 2 decimals, NULL when the
-- denominator is 0. VPIP and PFR are over all hands (the design has no chance columns).

CREATE TYPE fpdb.hud_stats AS (
    hands bigint,
    vpip numeric,
    pfr numeric,
    limp numeric,
    three_bet numeric,
    four_bet numeric,
    steal numeric,
    fold_bb_to_steal numeric,
    fold_sb_to_steal numeric,
    cbet_flop numeric,
    cbet_turn numeric,
    cbet_river numeric,
    fold_to_cbet_flop numeric,
    fold_to_cbet_turn numeric,
    fold_to_cbet_river numeric,
    check_raise_flop numeric,
    check_raise_turn numeric,
    check_raise_river numeric,
    aggression_factor numeric,
    aggression_frequency numeric,
    saw_flop numeric,
    wtsd numeric,
    wsd numeric,
    wwsf numeric,
    net_won numeric,
    bb_per_100 numeric
);
COMMENT ON TYPE fpdb.hud_stats IS 'The HUD statistics of a set of HudCache rows (see the README for each formula).';

-- 100 * num / den rounded to 2 decimals; NULL when den is 0.
CREATE FUNCTION fpdb._pct(num numeric, den numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN den IS NULL OR den = 0 THEN NULL ELSE round(100 * num / den, 2) END;

-- The statistics of summed HudCache columns. cents_per_unit is 100 for real money (net_won in
-- currency units) and 1 for chips; bb_hands is the sum of bigBlind * HDs over cash rows only.
CREATE FUNCTION fpdb._hud_stats(
    hds bigint, vpi bigint, aggr0 bigint,
    b3_chance bigint, b3_done bigint, b4_chance bigint, b4_done bigint,
    steal_chance bigint, steal_done bigint,
    bb_steal_chance bigint, bb_steal_folded bigint, sb_steal_chance bigint, sb_steal_folded bigint,
    cb1_chance bigint, cb1_done bigint, cb2_chance bigint, cb2_done bigint, cb3_chance bigint, cb3_done bigint,
    fcb1_chance bigint, fcb1_done bigint, fcb2_chance bigint, fcb2_done bigint, fcb3_chance bigint, fcb3_done bigint,
    ccr1_chance bigint, cr1_done bigint, ccr2_chance bigint, cr2_done bigint, ccr3_chance bigint, cr3_done bigint,
    aggr_post bigint, calls_post bigint, seen_post bigint,
    seen1 bigint, showdown bigint, won_sd double precision, won1 double precision,
    profit numeric, cents_per_unit numeric, bb_hands numeric
) RETURNS fpdb.hud_stats
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ROW(
    hds,
    fpdb._pct(vpi, hds),
    fpdb._pct(aggr0, hds),
    fpdb._pct(vpi - aggr0, hds),
    fpdb._pct(b3_done, b3_chance),
    fpdb._pct(b4_done, b4_chance),
    fpdb._pct(steal_done, steal_chance),
    fpdb._pct(bb_steal_folded, bb_steal_chance),
    fpdb._pct(sb_steal_folded, sb_steal_chance),
    fpdb._pct(cb1_done, cb1_chance),
    fpdb._pct(cb2_done, cb2_chance),
    fpdb._pct(cb3_done, cb3_chance),
    fpdb._pct(fcb1_done, fcb1_chance),
    fpdb._pct(fcb2_done, fcb2_chance),
    fpdb._pct(fcb3_done, fcb3_chance),
    fpdb._pct(cr1_done, ccr1_chance),
    fpdb._pct(cr2_done, ccr2_chance),
    fpdb._pct(cr3_done, ccr3_chance),
    CASE WHEN calls_post > 0 THEN round(aggr_post::numeric / calls_post, 2)
         WHEN aggr_post > 0 THEN round(aggr_post::numeric, 2) END,
    fpdb._pct(aggr_post, seen_post),
    fpdb._pct(seen1, hds),
    fpdb._pct(showdown, seen1),
    fpdb._pct(won_sd::numeric, showdown),
    fpdb._pct(won1::numeric, seen1),
    round(profit / cents_per_unit, 2),
    CASE WHEN bb_hands > 0 THEN round(100 * profit / bb_hands, 2) END
)::fpdb.hud_stats;

-- One row per player, site and game type: the raw counts and the statistics.
CREATE VIEW fpdb.player_stats AS
SELECT p.id AS player_id, p.name AS player_name, s.id AS site_id, s.name AS site,
       g.id AS gametype_id, g.type AS game_type, g.category, g.limitType AS limit_type,
       g.smallBlind AS small_blind, g.bigBlind AS big_blind, g.currency,
       c.HDs, c.street0VPI, c.street0Aggr, c.street0_3BChance, c.street0_3BDone, c.street0_4BChance,
       c.street0_4BDone, c.stealAttemptChance, c.stealAttempted, c.foldBbToStealChance, c.foldedBbToSteal,
       c.foldSbToStealChance, c.foldedSbToSteal, c.street1CBChance, c.street1CBDone, c.street2CBChance,
       c.street2CBDone, c.street3CBChance, c.street3CBDone, c.foldToStreet1CBChance, c.foldToStreet1CBDone,
       c.foldToStreet2CBChance, c.foldToStreet2CBDone, c.foldToStreet3CBChance, c.foldToStreet3CBDone,
       c.street1CheckCallRaiseChance, c.street1CheckRaiseDone, c.street2CheckCallRaiseChance,
       c.street2CheckRaiseDone, c.street3CheckCallRaiseChance, c.street3CheckRaiseDone,
       c.postflopAggr, c.postflopCalls, c.postflopSeen, c.street1Seen, c.sawShowdown, c.wonAtSD,
       c.wonWhenSeenStreet1, c.totalProfit,
       (c.stats).*
FROM (
    SELECT h.playerId, h.gametypeId,
           sum(h.HDs) AS HDs, sum(h.street0VPI) AS street0VPI, sum(h.street0Aggr) AS street0Aggr,
           sum(h.street0_3BChance) AS street0_3BChance, sum(h.street0_3BDone) AS street0_3BDone,
           sum(h.street0_4BChance) AS street0_4BChance, sum(h.street0_4BDone) AS street0_4BDone,
           sum(h.stealAttemptChance) AS stealAttemptChance, sum(h.stealAttempted) AS stealAttempted,
           sum(h.foldBbToStealChance) AS foldBbToStealChance, sum(h.foldedBbToSteal) AS foldedBbToSteal,
           sum(h.foldSbToStealChance) AS foldSbToStealChance, sum(h.foldedSbToSteal) AS foldedSbToSteal,
           sum(h.street1CBChance) AS street1CBChance, sum(h.street1CBDone) AS street1CBDone,
           sum(h.street2CBChance) AS street2CBChance, sum(h.street2CBDone) AS street2CBDone,
           sum(h.street3CBChance) AS street3CBChance, sum(h.street3CBDone) AS street3CBDone,
           sum(h.foldToStreet1CBChance) AS foldToStreet1CBChance, sum(h.foldToStreet1CBDone) AS foldToStreet1CBDone,
           sum(h.foldToStreet2CBChance) AS foldToStreet2CBChance, sum(h.foldToStreet2CBDone) AS foldToStreet2CBDone,
           sum(h.foldToStreet3CBChance) AS foldToStreet3CBChance, sum(h.foldToStreet3CBDone) AS foldToStreet3CBDone,
           sum(h.street1CheckCallRaiseChance) AS street1CheckCallRaiseChance,
           sum(h.street1CheckRaiseDone) AS street1CheckRaiseDone,
           sum(h.street2CheckCallRaiseChance) AS street2CheckCallRaiseChance,
           sum(h.street2CheckRaiseDone) AS street2CheckRaiseDone,
           sum(h.street3CheckCallRaiseChance) AS street3CheckCallRaiseChance,
           sum(h.street3CheckRaiseDone) AS street3CheckRaiseDone,
           sum(h.street1Aggr + h.street2Aggr + h.street3Aggr + h.street4Aggr) AS postflopAggr,
           sum(h.street1Calls + h.street2Calls + h.street3Calls + h.street4Calls) AS postflopCalls,
           sum(h.street1Seen + h.street2Seen + h.street3Seen + h.street4Seen) AS postflopSeen,
           sum(h.street1Seen) AS street1Seen, sum(h.sawShowdown) AS sawShowdown,
           sum(h.wonAtSD) AS wonAtSD, sum(h.wonWhenSeenStreet1) AS wonWhenSeenStreet1,
           sum(h.totalProfit) AS totalProfit,
           fpdb._hud_stats(
               sum(h.HDs), sum(h.street0VPI), sum(h.street0Aggr),
               sum(h.street0_3BChance), sum(h.street0_3BDone), sum(h.street0_4BChance), sum(h.street0_4BDone),
               sum(h.stealAttemptChance), sum(h.stealAttempted),
               sum(h.foldBbToStealChance), sum(h.foldedBbToSteal), sum(h.foldSbToStealChance), sum(h.foldedSbToSteal),
               sum(h.street1CBChance), sum(h.street1CBDone), sum(h.street2CBChance), sum(h.street2CBDone),
               sum(h.street3CBChance), sum(h.street3CBDone),
               sum(h.foldToStreet1CBChance), sum(h.foldToStreet1CBDone), sum(h.foldToStreet2CBChance),
               sum(h.foldToStreet2CBDone), sum(h.foldToStreet3CBChance), sum(h.foldToStreet3CBDone),
               sum(h.street1CheckCallRaiseChance), sum(h.street1CheckRaiseDone),
               sum(h.street2CheckCallRaiseChance), sum(h.street2CheckRaiseDone),
               sum(h.street3CheckCallRaiseChance), sum(h.street3CheckRaiseDone),
               sum(h.street1Aggr + h.street2Aggr + h.street3Aggr + h.street4Aggr),
               sum(h.street1Calls + h.street2Calls + h.street3Calls + h.street4Calls),
               sum(h.street1Seen + h.street2Seen + h.street3Seen + h.street4Seen),
               sum(h.street1Seen), sum(h.sawShowdown), sum(h.wonAtSD), sum(h.wonWhenSeenStreet1),
               sum(h.totalProfit),
               max(CASE WHEN g.type = 'ring' AND g.currency <> 'play' THEN 100 ELSE 1 END)::numeric,
               sum(CASE WHEN g.type = 'ring' THEN g.bigBlind::numeric * h.HDs END)
           ) AS stats
    FROM fpdb.HudCache h
    JOIN fpdb.Gametypes g ON g.id = h.gametypeId
    GROUP BY h.playerId, h.gametypeId
) AS c
JOIN fpdb.Players p ON p.id = c.playerId
JOIN fpdb.Gametypes g ON g.id = c.gametypeId
JOIN fpdb.Sites s ON s.id = g.siteId;
COMMENT ON VIEW fpdb.player_stats IS
    'HUD statistics per player, site and game type, with the raw HudCache sums they come from.';

-- HUD statistics of one player, over the HudCache rows the filters select. NULL filters select
-- everything. positions are HudCache letters (B, S, D, C, M, E); seats bound activeSeats.
-- PL/pgSQL keeps the three queries' plans for the session (a HUD calls this for every player at
-- every hand): the player's ids and the matching game types are looked up first, so the sum
-- over HudCache always has index conditions on (playerId, gametypeId), whatever the filters.
CREATE FUNCTION fpdb.hud(
    player_name text,
    site text DEFAULT NULL,
    gametype_id int DEFAULT NULL,
    game_type text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    min_seats int DEFAULT NULL,
    max_seats int DEFAULT NULL,
    positions text[] DEFAULT NULL
) RETURNS fpdb.hud_stats
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    player_ids int[];
    gametype_ids smallint[];
BEGIN
    SELECT array_agg(p.id) INTO player_ids
    FROM fpdb.Players p
    WHERE p.name = hud.player_name
      AND (hud.site IS NULL OR p.siteId IN (SELECT s.id FROM fpdb.Sites s WHERE s.name = hud.site));
    SELECT array_agg(g.id) INTO gametype_ids
    FROM fpdb.Gametypes g
    WHERE (hud.gametype_id IS NULL OR g.id = hud.gametype_id)
      AND (hud.game_type IS NULL OR g.type = hud.game_type)
      AND (hud.category IS NULL OR g.category = hud.category)
      AND (hud.limit_type IS NULL OR g.limitType = hud.limit_type);
    RETURN (
        SELECT fpdb._hud_stats(
               coalesce(sum(h.HDs), 0), sum(h.street0VPI), sum(h.street0Aggr),
               sum(h.street0_3BChance), sum(h.street0_3BDone), sum(h.street0_4BChance), sum(h.street0_4BDone),
               sum(h.stealAttemptChance), sum(h.stealAttempted),
               sum(h.foldBbToStealChance), sum(h.foldedBbToSteal), sum(h.foldSbToStealChance), sum(h.foldedSbToSteal),
               sum(h.street1CBChance), sum(h.street1CBDone), sum(h.street2CBChance), sum(h.street2CBDone),
               sum(h.street3CBChance), sum(h.street3CBDone),
               sum(h.foldToStreet1CBChance), sum(h.foldToStreet1CBDone), sum(h.foldToStreet2CBChance),
               sum(h.foldToStreet2CBDone), sum(h.foldToStreet3CBChance), sum(h.foldToStreet3CBDone),
               sum(h.street1CheckCallRaiseChance), sum(h.street1CheckRaiseDone),
               sum(h.street2CheckCallRaiseChance), sum(h.street2CheckRaiseDone),
               sum(h.street3CheckCallRaiseChance), sum(h.street3CheckRaiseDone),
               sum(h.street1Aggr + h.street2Aggr + h.street3Aggr + h.street4Aggr),
               sum(h.street1Calls + h.street2Calls + h.street3Calls + h.street4Calls),
               sum(h.street1Seen + h.street2Seen + h.street3Seen + h.street4Seen),
               sum(h.street1Seen), sum(h.sawShowdown), sum(h.wonAtSD), sum(h.wonWhenSeenStreet1),
               sum(h.totalProfit),
               coalesce(max(CASE WHEN g.type = 'ring' AND g.currency <> 'play' THEN 100 ELSE 1 END)::numeric, 1),
               sum(CASE WHEN g.type = 'ring' THEN g.bigBlind::numeric * h.HDs END))
        FROM fpdb.HudCache h
        JOIN fpdb.Gametypes g ON g.id = h.gametypeId
        WHERE h.playerId = ANY (player_ids)
          AND h.gametypeId = ANY (gametype_ids)
          AND h.activeSeats BETWEEN coalesce(hud.min_seats, 0) AND coalesce(hud.max_seats, 32767)
          AND (hud.positions IS NULL OR h.position = ANY (hud.positions)));
END
$$;
COMMENT ON FUNCTION fpdb.hud(text, text, int, text, text, text, int, int, text[]) IS
    'HUD statistics of one player over the HudCache rows matching the filters (NULL = any).';

-- Autorates: a label for every player and game type with at least min_hands hands, from
-- documented thresholds on VPIP, PFR and the postflop aggression factor (README, "Autorates").
-- A player's earlier rating for a game type is replaced. Returns the number of ratings written.
CREATE FUNCTION fpdb.autorate(min_hands int DEFAULT 100) RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    n int;
BEGIN
    INSERT INTO fpdb.Autorates AS a (playerId, gametypeId, description, shortDesc, ratingTime, handCount)
    SELECT r.player_id, r.gametype_id, r.label[1], r.label[2], now(), r.hands
    FROM (
        SELECT ps.player_id, ps.gametype_id, ps.hands,
               CASE
                   WHEN ps.vpip >= 40 AND ps.pfr >= 25 THEN ARRAY['Maniac: loose and very aggressive', 'Maniac']
                   WHEN ps.vpip >= 35 AND ps.pfr < 12 AND coalesce(ps.aggression_factor, 0) < 1
                       THEN ARRAY['Calling Station: loose, passive, calls down', 'Station']
                   WHEN ps.vpip >= 28 AND ps.pfr < 12 THEN ARRAY['Loose Passive: plays many hands, rarely raises', 'LoosePas']
                   WHEN ps.vpip >= 28 AND ps.pfr >= 18 THEN ARRAY['LAG: loose-aggressive', 'LAG']
                   WHEN ps.vpip >= 28 THEN ARRAY['Loose: plays many hands, raises some', 'Loose']
                   WHEN ps.vpip < 12 THEN ARRAY['Nit: plays very few hands', 'Nit']
                   WHEN ps.vpip < 18 AND ps.pfr < ps.vpip / 2 THEN ARRAY['Rock: tight and passive', 'Rock']
                   WHEN ps.pfr >= 12 THEN ARRAY['TAG: tight-aggressive', 'TAG']
                   ELSE ARRAY['Tight Passive: few hands, few raises', 'TightPas']
               END AS label
        FROM fpdb.player_stats ps
        WHERE ps.hands >= autorate.min_hands
        ORDER BY ps.player_id, ps.gametype_id
    ) AS r
    ON CONFLICT (playerId, gametypeId) DO UPDATE
        SET description = EXCLUDED.description, shortDesc = EXCLUDED.shortDesc,
            ratingTime = EXCLUDED.ratingTime, handCount = EXCLUDED.handCount;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END
$$;
COMMENT ON FUNCTION fpdb.autorate(int) IS
    'Labels every player and game type with at least min_hands hands (Nit, Rock, TAG, LAG, Maniac, ...).';

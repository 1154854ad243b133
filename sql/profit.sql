-- Results over time (README, "Winnings, all-in EV and sessions"): the four lines players judge
-- their play by, sessions, and the graph. The filters are those of fpdb.hud: NULL selects
-- everything; positions are HudCache letters (B, S, D, C, M, E); seats bound activeSeats.
-- Amounts are the stored unit (cents, or chips for tournaments and play money), or big blinds
-- with unit => 'bb' (each hand divided by its game type's big blind).

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

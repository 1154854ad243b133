-- Tournament results: what tournament summaries store beyond the design's columns, how a
-- tournament's rows are found and merged whatever the import order, and the results view and
-- statistics function. Loaded after schema.sql and hudcache.sql; the same statements are in
-- the 0.1.0 -> 0.2.0 update script.

-- TourneyTypes: the structure of a tournament as summaries print it. NULL = no summary told.
ALTER TABLE fpdb.TourneyTypes
    ADD COLUMN category varchar(9),        -- extension: Gametypes.category of the game (NULL: mixed games, or not told)
    ADD COLUMN limitType char(2),          -- extension: Gametypes.limitType of the game
    ADD COLUMN speed varchar(12),          -- extension: normal, semi-turbo, turbo, super-turbo, hyper-turbo, slow
    ADD COLUMN maxSeats smallint,          -- extension: seats per table
    ADD COLUMN sng boolean,                -- extension: a sit-and-go (true) or a scheduled tournament (false)
    ADD COLUMN reEntry boolean NOT NULL DEFAULT false,   -- extension: players may enter again
    ADD COLUMN satellite boolean NOT NULL DEFAULT false, -- extension: prizes are seats in another tournament
    ADD COLUMN rebuyCost int,              -- extension: price of a rebuy
    ADD COLUMN addonCost int;              -- extension: price of an add-on
ALTER TABLE fpdb.TourneyTypes DROP CONSTRAINT tourneytypes_natural_key;
ALTER TABLE fpdb.TourneyTypes ADD CONSTRAINT tourneytypes_natural_key UNIQUE NULLS NOT DISTINCT
    (siteId, currency, buyin, fee, knockout, rebuyOrAddon, reEntry, satellite, sng, speed, maxSeats,
     category, limitType, rebuyCost, addonCost);

-- Tourneys: a tournament is its site and number, whichever type summaries and hands give it.
ALTER TABLE fpdb.Tourneys
    ADD COLUMN siteId smallint REFERENCES fpdb.Sites (id), -- extension: with siteTourneyNo, the tournament's identity
    ADD COLUMN name text,                  -- extension: the tournament's name, when a summary prints it
    ADD COLUMN endTime timestamptz,        -- extension: when it finished
    ADD COLUMN finished boolean NOT NULL DEFAULT false, -- extension: a summary of the finished tournament was imported
    ADD COLUMN prizeCurrency varchar(4),   -- extension: currency of prizepool when it is not the buy-in's
    ADD COLUMN addedPrize int,             -- extension: money the room added to the prize pool
    ADD COLUMN totalRebuys int,            -- extension: rebuys made by all players
    ADD COLUMN totalAddons int,            -- extension: add-ons made by all players
    ADD COLUMN reEntries int,              -- extension: re-entries the summary lists (entries counts players)
    ADD COLUMN targetTourneyNo bigint;     -- extension: the tournament a satellite gives seats in
UPDATE fpdb.Tourneys t SET siteId = tt.siteId FROM fpdb.TourneyTypes tt WHERE tt.id = t.tourneyTypeId;
ALTER TABLE fpdb.Tourneys ALTER COLUMN siteId SET NOT NULL;
ALTER TABLE fpdb.Tourneys ADD CONSTRAINT tourneys_site_tourney UNIQUE (siteId, siteTourneyNo);

-- TourneysPlayers: a player's result as summaries print it.
ALTER TABLE fpdb.TourneysPlayers
    ADD COLUMN winningsCurrency varchar(4), -- extension: currency of winnings when it is not the buy-in's
    ADD COLUMN ticket text,                -- extension: a prize that is not cash (a ticket, a seat), as printed
    ADD COLUMN ticketValue int,            -- extension: its value when printed (included in winnings)
    ADD COLUMN bounties int,               -- extension: knockouts made
    ADD COLUMN bountyWinnings int,         -- extension: money won from bounties (not in winnings)
    ADD COLUMN rebuys int,                 -- extension
    ADD COLUMN addons int,                 -- extension
    ADD COLUMN reEntries int;              -- extension: entries after the first

-- The TourneyTypes row with exactly these attributes, created when missing.
CREATE FUNCTION fpdb._tourney_type(
    p_site smallint, p_currency text, p_buyin int, p_fee int, p_knockout int, p_rebuy boolean,
    p_reentry boolean, p_satellite boolean, p_sng boolean, p_speed text, p_maxseats smallint,
    p_category text, p_limit text, p_rebuycost int, p_addoncost int)
RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v int;
BEGIN
    FOR i IN 1..2 LOOP
        SELECT t.id INTO v FROM fpdb.TourneyTypes t
        WHERE t.siteId OPERATOR(pg_catalog.=) p_site AND t.currency OPERATOR(pg_catalog.=) p_currency
          AND t.buyin OPERATOR(pg_catalog.=) p_buyin AND t.fee OPERATOR(pg_catalog.=) p_fee
          AND t.knockout OPERATOR(pg_catalog.=) p_knockout AND t.rebuyOrAddon OPERATOR(pg_catalog.=) p_rebuy
          AND t.reEntry OPERATOR(pg_catalog.=) p_reentry AND t.satellite OPERATOR(pg_catalog.=) p_satellite
          AND t.sng IS NOT DISTINCT FROM p_sng AND t.speed IS NOT DISTINCT FROM p_speed
          AND t.maxSeats IS NOT DISTINCT FROM p_maxseats AND t.category IS NOT DISTINCT FROM p_category
          AND t.limitType IS NOT DISTINCT FROM p_limit AND t.rebuyCost IS NOT DISTINCT FROM p_rebuycost
          AND t.addonCost IS NOT DISTINCT FROM p_addoncost;
        IF v IS NOT NULL THEN
            RETURN v;
        END IF;
        INSERT INTO fpdb.TourneyTypes (siteId, currency, buyin, fee, knockout, rebuyOrAddon, reEntry, satellite,
                                       sng, speed, maxSeats, category, limitType, rebuyCost, addonCost)
        VALUES (p_site, p_currency, p_buyin, p_fee, p_knockout, p_rebuy, p_reentry, p_satellite,
                p_sng, p_speed, p_maxseats, p_category, p_limit, p_rebuycost, p_addoncost)
        ON CONFLICT ON CONSTRAINT tourneytypes_natural_key DO NOTHING
        RETURNING id INTO v;
        IF v IS NOT NULL THEN
            RETURN v;
        END IF;
        -- Another session created it just now: the loop finds it.
    END LOOP;
    RAISE EXCEPTION 'fpdb: tournament type was not created' USING ERRCODE = 'XX000';
END
$$;

-- The id of the TourneyTypes row with the attributes of t (its id ignored), NULL when none.
CREATE FUNCTION fpdb._tourney_type_of(t fpdb.TourneyTypes)
RETURNS int
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
    SELECT x.id FROM fpdb.TourneyTypes x
    WHERE x.siteId = t.siteId AND x.currency = t.currency AND x.buyin = t.buyin AND x.fee = t.fee
      AND x.knockout = t.knockout AND x.rebuyOrAddon = t.rebuyOrAddon AND x.reEntry = t.reEntry
      AND x.satellite = t.satellite AND x.sng IS NOT DISTINCT FROM t.sng AND x.speed IS NOT DISTINCT FROM t.speed
      AND x.maxSeats IS NOT DISTINCT FROM t.maxSeats AND x.category IS NOT DISTINCT FROM t.category
      AND x.limitType IS NOT DISTINCT FROM t.limitType AND x.rebuyCost IS NOT DISTINCT FROM t.rebuyCost
      AND x.addonCost IS NOT DISTINCT FROM t.addonCost;
END;

-- Merges what a source knows about tournament p_tourney's structure (inc: a TourneyTypes value,
-- id ignored) into its type. The rule, the same in every import order:
--   * buy-in and fee (a pair): a summary's replace what hands said; hands' fill a pair no
--     summary printed (stored as 0 and 0);
--   * knockout: a non-zero value wins (a summary may not print the bounty part); a summary's
--     wins over hands' when both are non-zero;
--   * currency: a summary's; rebuyOrAddon, reEntry, satellite: true if any source says so;
--   * the other attributes (speed, seats, game, ...): a summary's printed value, else kept.
-- The type row is changed in place when no other tournament uses it and no row has the merged
-- attributes yet; otherwise the tournament moves to the row with them (created when missing),
-- and its hands' HandsPlayers rows (and so HudCache) follow. Returns the tournament's type id.
CREATE FUNCTION fpdb._tourney_retype(p_tourney int, inc fpdb.TourneyTypes, p_from_summary boolean)
RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    cur fpdb.TourneyTypes;
    m fpdb.TourneyTypes;
    pref fpdb.TourneyTypes;
    other fpdb.TourneyTypes;
    pair_from_inc boolean;
    v int;
BEGIN
    SELECT tt.* INTO cur FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
    WHERE t.id OPERATOR(pg_catalog.=) p_tourney;
    pair_from_inc := (p_from_summary AND (inc.buyin OPERATOR(pg_catalog.<>) 0 OR inc.fee OPERATOR(pg_catalog.<>) 0))
                     OR (cur.buyin OPERATOR(pg_catalog.=) 0 AND cur.fee OPERATOR(pg_catalog.=) 0);
    m := cur;
    IF p_from_summary THEN
        m.currency := inc.currency;
    END IF;
    IF pair_from_inc THEN
        m.buyin := inc.buyin;
        m.fee := inc.fee;
    END IF;
    IF inc.knockout OPERATOR(pg_catalog.<>) 0 AND (p_from_summary OR cur.knockout OPERATOR(pg_catalog.=) 0) THEN
        m.knockout := inc.knockout;
    END IF;
    m.rebuyOrAddon := cur.rebuyOrAddon OR inc.rebuyOrAddon;
    m.reEntry := cur.reEntry OR inc.reEntry;
    m.satellite := cur.satellite OR inc.satellite;
    -- The other attributes: the preferred source's value (a summary's, else what is stored),
    -- else the other's.
    IF p_from_summary THEN
        pref := inc;
        other := cur;
    ELSE
        pref := cur;
        other := inc;
    END IF;
    m.sng := coalesce(pref.sng, other.sng);
    m.speed := coalesce(pref.speed, other.speed);
    m.maxSeats := coalesce(pref.maxSeats, other.maxSeats);
    m.category := coalesce(pref.category, other.category);
    m.limitType := coalesce(pref.limitType, other.limitType);
    m.rebuyCost := coalesce(pref.rebuyCost, other.rebuyCost);
    m.addonCost := coalesce(pref.addonCost, other.addonCost);
    IF m IS NOT DISTINCT FROM cur THEN
        RETURN cur.id;
    END IF;
    v := fpdb._tourney_type_of(m);
    IF v IS NULL AND NOT EXISTS (SELECT 1 FROM fpdb.Tourneys t WHERE t.tourneyTypeId OPERATOR(pg_catalog.=) cur.id
                                                                   AND t.id OPERATOR(pg_catalog.<>) p_tourney) THEN
        UPDATE fpdb.TourneyTypes SET currency = m.currency, buyin = m.buyin, fee = m.fee, knockout = m.knockout,
            rebuyOrAddon = m.rebuyOrAddon, reEntry = m.reEntry, satellite = m.satellite, sng = m.sng, speed = m.speed,
            maxSeats = m.maxSeats, category = m.category, limitType = m.limitType, rebuyCost = m.rebuyCost,
            addonCost = m.addonCost
        WHERE id OPERATOR(pg_catalog.=) cur.id;
        RETURN cur.id;
    END IF;
    IF v IS NULL THEN
        v := fpdb._tourney_type(m.siteId, m.currency, m.buyin, m.fee, m.knockout, m.rebuyOrAddon, m.reEntry,
                                m.satellite, m.sng, m.speed, m.maxSeats, m.category, m.limitType, m.rebuyCost,
                                m.addonCost);
    END IF;
    UPDATE fpdb.Tourneys SET tourneyTypeId = v WHERE id OPERATOR(pg_catalog.=) p_tourney;
    UPDATE fpdb.HandsPlayers hp SET tourneyTypeId = v
    FROM fpdb.TourneysPlayers tp
    WHERE tp.tourneyId OPERATOR(pg_catalog.=) p_tourney AND hp.tourneysPlayersId OPERATOR(pg_catalog.=) tp.id
      AND hp.tourneyTypeId IS DISTINCT FROM v::bigint;
    PERFORM fpdb._hudcache_refresh_tourney(p_tourney, cur.id, v);  -- a Citus cluster's HudCache (sql/citus.sql)
    RETURN v;
END
$$;

-- The tournaments of hands being imported: found by (site, number), created with the hands'
-- type when missing; an existing tournament's type takes in what the hands know (a bounty the
-- summary did not print). Rows in the order given; returns each one's tournament and type.
CREATE FUNCTION fpdb._tourneys_for_hands(
    p_site smallint[], p_no bigint[], p_currency text[], p_buyin int[], p_fee int[], p_knockout int[],
    p_start bigint[])
RETURNS TABLE (ord bigint, tourney_id int, type_id int)
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    r record;
    t_id int;
    no_start boolean;
    h fpdb.TourneyTypes;
BEGIN
    FOR r IN SELECT * FROM unnest(p_site, p_no, p_currency, p_buyin, p_fee, p_knockout, p_start)
             WITH ORDINALITY AS u(site, no, currency, buyin, fee, knockout, start, ord)
             ORDER BY u.ord
    LOOP
        SELECT t.id, t.startTime IS NULL INTO t_id, no_start FROM fpdb.Tourneys t
        WHERE t.siteId OPERATOR(pg_catalog.=) r.site AND t.siteTourneyNo OPERATOR(pg_catalog.=) r.no;
        IF t_id IS NULL THEN
            type_id := fpdb._tourney_type(r.site, r.currency, r.buyin, r.fee, r.knockout, false, false, false,
                                          NULL, NULL, NULL, NULL, NULL, NULL, NULL);
            INSERT INTO fpdb.Tourneys (tourneyTypeId, siteTourneyNo, siteId, startTime)
            VALUES (type_id, r.no, r.site, pg_catalog.to_timestamp(r.start))
            ON CONFLICT (siteId, siteTourneyNo) DO NOTHING
            RETURNING id INTO t_id;
        END IF;
        IF t_id IS NULL THEN -- another session created it just now
            SELECT t.id, t.startTime IS NULL INTO t_id, no_start FROM fpdb.Tourneys t
            WHERE t.siteId OPERATOR(pg_catalog.=) r.site AND t.siteTourneyNo OPERATOR(pg_catalog.=) r.no;
        END IF;
        -- A summary that printed no start time: the hands' earliest start fills it. (Hands of
        -- a known tournament write nothing else: an importer without UPDATE still imports them.)
        IF no_start THEN
            UPDATE fpdb.Tourneys SET startTime = pg_catalog.to_timestamp(r.start)
            WHERE id OPERATOR(pg_catalog.=) t_id AND startTime IS NULL;
        END IF;
        h.siteId := r.site;
        h.currency := r.currency;
        h.buyin := r.buyin;
        h.fee := r.fee;
        h.knockout := r.knockout;
        h.rebuyOrAddon := false;
        h.reEntry := false;
        h.satellite := false;
        type_id := fpdb._tourney_retype(t_id, h, false);
        ord := r.ord;
        tourney_id := t_id;
        RETURN NEXT;
    END LOOP;
END
$$;

-- Stores one tournament summary (the jsonb fpdb's summary import builds from the parsed
-- summary, with site and player ids). Returns 'imported' when anything was stored or changed,
-- 'duplicate' when every fact was already there.
--
-- Facts merge: a summary's printed values replace stored ones unless the stored tournament
-- came from a summary of the finished tournament and this one was written while it ran;
-- values a summary does not print never erase stored ones; places and prizes printed in hands
-- only fill what summaries left empty.
CREATE FUNCTION fpdb._store_summary(s jsonb)
RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    site smallint := (s OPERATOR(pg_catalog.->>) 'site_id')::smallint;
    no bigint := (s OPERATOR(pg_catalog.->>) 'tourney_no')::bigint;
    fin boolean := coalesce((s OPERATOR(pg_catalog.->>) 'finished')::boolean, false);
    s_type int;
    inc fpdb.TourneyTypes;
    old_attrs fpdb.TourneyTypes;
    created boolean := false;
    t_id int;
    t_fin boolean;
    old_type int;
    strong boolean;
    n bigint;
    changed boolean := false;
BEGIN
    inc.siteId := site;
    inc.currency := coalesce(s OPERATOR(pg_catalog.->>) 'currency',
        (SELECT tt.currency FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
         WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no),
        'NA');
    inc.buyin := coalesce((s OPERATOR(pg_catalog.->>) 'buyin')::int, 0);
    inc.fee := coalesce((s OPERATOR(pg_catalog.->>) 'fee')::int, 0);
    inc.knockout := coalesce((s OPERATOR(pg_catalog.->>) 'bounty')::int, 0);
    inc.rebuyOrAddon := coalesce((s OPERATOR(pg_catalog.->>) 'rebuy_or_addon')::boolean, false);
    inc.reEntry := coalesce((s OPERATOR(pg_catalog.->>) 'reentry')::boolean, false);
    inc.satellite := coalesce((s OPERATOR(pg_catalog.->>) 'satellite')::boolean, false);
    inc.sng := (s OPERATOR(pg_catalog.->>) 'sng')::boolean;
    inc.speed := s OPERATOR(pg_catalog.->>) 'speed';
    inc.maxSeats := (s OPERATOR(pg_catalog.->>) 'max_seats')::smallint;
    inc.category := s OPERATOR(pg_catalog.->>) 'category';
    inc.limitType := s OPERATOR(pg_catalog.->>) 'limit_type';
    inc.rebuyCost := (s OPERATOR(pg_catalog.->>) 'rebuy_cost')::int;
    inc.addonCost := (s OPERATOR(pg_catalog.->>) 'addon_cost')::int;
    SELECT t.id, t.finished, t.tourneyTypeId INTO t_id, t_fin, old_type FROM fpdb.Tourneys t
    WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no
    FOR UPDATE;
    IF t_id IS NULL THEN
        s_type := coalesce(fpdb._tourney_type_of(inc), fpdb._tourney_type(
            inc.siteId, inc.currency, inc.buyin, inc.fee, inc.knockout, inc.rebuyOrAddon, inc.reEntry,
            inc.satellite, inc.sng, inc.speed, inc.maxSeats, inc.category, inc.limitType, inc.rebuyCost,
            inc.addonCost));
        INSERT INTO fpdb.Tourneys (tourneyTypeId, siteTourneyNo, siteId)
        VALUES (s_type, no, site)
        ON CONFLICT (siteId, siteTourneyNo) DO NOTHING
        RETURNING id INTO t_id;
        IF t_id IS NULL THEN -- another session created it just now
            SELECT t.id, t.finished, t.tourneyTypeId INTO t_id, t_fin, old_type FROM fpdb.Tourneys t
            WHERE t.siteId OPERATOR(pg_catalog.=) site AND t.siteTourneyNo OPERATOR(pg_catalog.=) no
            FOR UPDATE;
        ELSE
            created := true;
            changed := true;
            t_fin := false;
        END IF;
    END IF;
    IF NOT created THEN
        -- The type merges what the summary says with what hands or other summaries said.
        old_attrs := (SELECT tt FROM fpdb.TourneyTypes tt WHERE tt.id OPERATOR(pg_catalog.=) old_type);
        changed := fpdb._tourney_retype(t_id, inc, true) OPERATOR(pg_catalog.<>) old_type
                   OR (SELECT tt FROM fpdb.TourneyTypes tt WHERE tt.id OPERATOR(pg_catalog.=) old_type) IS DISTINCT FROM old_attrs;
    END IF;
    -- A summary written while the tournament ran does not overwrite one written after it.
    strong := fin OR NOT t_fin;
    UPDATE fpdb.Tourneys t SET
        entries = CASE WHEN x.entries IS NOT NULL AND (strong OR t.entries OPERATOR(pg_catalog.<) 0) THEN x.entries ELSE t.entries END,
        prizepool = CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_pool ELSE t.prizepool END,
        prizeCurrency = CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_currency ELSE t.prizeCurrency END,
        startTime = CASE WHEN x.start_time IS NOT NULL AND (strong OR t.startTime IS NULL) THEN x.start_time ELSE t.startTime END,
        endTime = CASE WHEN x.end_time IS NOT NULL AND (strong OR t.endTime IS NULL) THEN x.end_time ELSE t.endTime END,
        name = CASE WHEN x.name IS NOT NULL AND (strong OR t.name IS NULL) THEN x.name ELSE t.name END,
        addedPrize = CASE WHEN x.added IS NOT NULL AND (strong OR t.addedPrize IS NULL) THEN x.added ELSE t.addedPrize END,
        totalRebuys = CASE WHEN x.total_rebuys IS NOT NULL AND (strong OR t.totalRebuys IS NULL) THEN x.total_rebuys ELSE t.totalRebuys END,
        totalAddons = CASE WHEN x.total_addons IS NOT NULL AND (strong OR t.totalAddons IS NULL) THEN x.total_addons ELSE t.totalAddons END,
        reEntries = CASE WHEN x.reentries IS NOT NULL AND (strong OR t.reEntries IS NULL) THEN x.reentries ELSE t.reEntries END,
        targetTourneyNo = coalesce(x.target_tourney, t.targetTourneyNo),
        finished = t.finished OR fin
    FROM jsonb_to_record(s) AS x(entries int, prize_pool int, prize_currency text, start_time timestamptz,
                                end_time timestamptz, name text, added int, total_rebuys int, total_addons int,
                                reentries int, target_tourney bigint)
    WHERE t.id OPERATOR(pg_catalog.=) t_id
      AND (t.entries, t.prizepool, t.prizeCurrency, t.startTime, t.endTime, t.name, t.addedPrize, t.totalRebuys,
           t.totalAddons, t.reEntries, t.targetTourneyNo, t.finished)
          IS DISTINCT FROM
          (CASE WHEN x.entries IS NOT NULL AND (strong OR t.entries OPERATOR(pg_catalog.<) 0) THEN x.entries ELSE t.entries END,
           CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_pool ELSE t.prizepool END,
           CASE WHEN x.prize_pool IS NOT NULL AND (strong OR t.prizepool OPERATOR(pg_catalog.<) 0) THEN x.prize_currency::varchar ELSE t.prizeCurrency END,
           CASE WHEN x.start_time IS NOT NULL AND (strong OR t.startTime IS NULL) THEN x.start_time ELSE t.startTime END,
           CASE WHEN x.end_time IS NOT NULL AND (strong OR t.endTime IS NULL) THEN x.end_time ELSE t.endTime END,
           CASE WHEN x.name IS NOT NULL AND (strong OR t.name IS NULL) THEN x.name ELSE t.name END,
           CASE WHEN x.added IS NOT NULL AND (strong OR t.addedPrize IS NULL) THEN x.added ELSE t.addedPrize END,
           CASE WHEN x.total_rebuys IS NOT NULL AND (strong OR t.totalRebuys IS NULL) THEN x.total_rebuys ELSE t.totalRebuys END,
           CASE WHEN x.total_addons IS NOT NULL AND (strong OR t.totalAddons IS NULL) THEN x.total_addons ELSE t.totalAddons END,
           CASE WHEN x.reentries IS NOT NULL AND (strong OR t.reEntries IS NULL) THEN x.reentries ELSE t.reEntries END,
           coalesce(x.target_tourney, t.targetTourneyNo),
           t.finished OR fin);
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;

    -- Every listed player, in player-id order (the lock order of every session).
    INSERT INTO fpdb.TourneysPlayers (tourneyId, playerId)
    SELECT t_id, p.player_id
    FROM jsonb_to_recordset(s OPERATOR(pg_catalog.->) 'players') AS p(player_id int)
    ORDER BY p.player_id
    ON CONFLICT (tourneyId, playerId) DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;
    WITH x AS (
        SELECT p.*, tp.id AS tp_id,
               CASE WHEN p.rank IS NOT NULL AND (strong OR tp.rank IS NULL) THEN p.rank ELSE tp.rank END AS n_rank,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings ELSE tp.winnings END AS n_winnings,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings_currency ELSE tp.winningsCurrency END AS n_wcur,
               CASE WHEN p.payin IS NOT NULL AND (strong OR tp.payinAmount OPERATOR(pg_catalog.<) 0) THEN p.payin ELSE tp.payinAmount END AS n_payin,
               CASE WHEN p.ticket IS NOT NULL AND (strong OR tp.ticket IS NULL) THEN p.ticket ELSE tp.ticket END AS n_ticket,
               CASE WHEN p.ticket_value IS NOT NULL AND (strong OR tp.ticketValue IS NULL) THEN p.ticket_value ELSE tp.ticketValue END AS n_tvalue,
               CASE WHEN p.bounties IS NOT NULL AND (strong OR tp.bounties IS NULL) THEN p.bounties ELSE tp.bounties END AS n_bounties,
               CASE WHEN p.bounty_winnings IS NOT NULL AND (strong OR tp.bountyWinnings IS NULL) THEN p.bounty_winnings ELSE tp.bountyWinnings END AS n_bwin,
               CASE WHEN p.rebuys IS NOT NULL AND (strong OR tp.rebuys IS NULL) THEN p.rebuys ELSE tp.rebuys END AS n_rebuys,
               CASE WHEN p.addons IS NOT NULL AND (strong OR tp.addons IS NULL) THEN p.addons ELSE tp.addons END AS n_addons,
               CASE WHEN p.reentries IS NOT NULL AND (strong OR tp.reEntries IS NULL) THEN p.reentries ELSE tp.reEntries END AS n_reentries
        FROM jsonb_to_recordset(s OPERATOR(pg_catalog.->) 'players')
             AS p(player_id int, rank int, winnings int, winnings_currency text, payin int, ticket text,
                  ticket_value int, bounties int, bounty_winnings int, rebuys int, addons int, reentries int)
        JOIN fpdb.TourneysPlayers tp ON tp.tourneyId OPERATOR(pg_catalog.=) t_id AND tp.playerId OPERATOR(pg_catalog.=) p.player_id
        WHERE (tp.rank, tp.winnings, tp.winningsCurrency, tp.payinAmount, tp.ticket, tp.ticketValue, tp.bounties,
               tp.bountyWinnings, tp.rebuys, tp.addons, tp.reEntries)
              IS DISTINCT FROM
              (CASE WHEN p.rank IS NOT NULL AND (strong OR tp.rank IS NULL) THEN p.rank ELSE tp.rank END,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings ELSE tp.winnings END,
               CASE WHEN p.winnings IS NOT NULL AND (strong OR tp.winnings OPERATOR(pg_catalog.<) 0) THEN p.winnings_currency::varchar ELSE tp.winningsCurrency END,
               CASE WHEN p.payin IS NOT NULL AND (strong OR tp.payinAmount OPERATOR(pg_catalog.<) 0) THEN p.payin ELSE tp.payinAmount END,
               CASE WHEN p.ticket IS NOT NULL AND (strong OR tp.ticket IS NULL) THEN p.ticket ELSE tp.ticket END,
               CASE WHEN p.ticket_value IS NOT NULL AND (strong OR tp.ticketValue IS NULL) THEN p.ticket_value ELSE tp.ticketValue END,
               CASE WHEN p.bounties IS NOT NULL AND (strong OR tp.bounties IS NULL) THEN p.bounties ELSE tp.bounties END,
               CASE WHEN p.bounty_winnings IS NOT NULL AND (strong OR tp.bountyWinnings IS NULL) THEN p.bounty_winnings ELSE tp.bountyWinnings END,
               CASE WHEN p.rebuys IS NOT NULL AND (strong OR tp.rebuys IS NULL) THEN p.rebuys ELSE tp.rebuys END,
               CASE WHEN p.addons IS NOT NULL AND (strong OR tp.addons IS NULL) THEN p.addons ELSE tp.addons END,
               CASE WHEN p.reentries IS NOT NULL AND (strong OR tp.reEntries IS NULL) THEN p.reentries ELSE tp.reEntries END)
        ORDER BY tp.id
    )
    UPDATE fpdb.TourneysPlayers tp SET
        rank = x.n_rank, winnings = x.n_winnings, winningsCurrency = x.n_wcur, payinAmount = x.n_payin,
        ticket = x.n_ticket, ticketValue = x.n_tvalue, bounties = x.n_bounties, bountyWinnings = x.n_bwin,
        rebuys = x.n_rebuys, addons = x.n_addons, reEntries = x.n_reentries
    FROM x WHERE tp.id OPERATOR(pg_catalog.=) x.tp_id;
    GET DIAGNOSTICS n = ROW_COUNT;
    changed := changed OR n OPERATOR(pg_catalog.>) 0;
    RETURN CASE WHEN changed THEN 'imported' ELSE 'duplicate' END;
END
$$;

-- One row per player and tournament: what the player paid and won.
CREATE VIEW fpdb.tourney_results AS
SELECT t.id AS tourney_id,
       s.name AS site,
       t.siteTourneyNo AS tourney_no,
       t.name AS tourney_name,
       p.id AS player_id,
       p.name AS player_name,
       tt.id AS tourney_type_id,
       tt.currency,
       tt.buyin,
       tt.fee,
       tt.knockout,
       coalesce(tt.category, g.category) AS category,
       coalesce(tt.limitType, g.limitType) AS limit_type,
       tt.speed,
       tt.maxSeats AS max_seats,
       tt.sng,
       t.startTime AS start_time,
       t.endTime AS end_time,
       nullif(t.entries, -1) AS entries,
       nullif(t.prizepool, -1) AS prize_pool,
       tp.rank,
       nullif(tp.winnings, -1) AS winnings,
       coalesce(tp.winningsCurrency, tt.currency) AS winnings_currency,
       tp.ticket,
       tp.bounties,
       tp.bountyWinnings AS bounty_winnings,
       tp.rebuys,
       tp.addons,
       tp.reEntries AS reentries,
       -- What the player paid: the summary's total (rebuys, add-ons, re-entries), else buy-in and fee.
       CASE WHEN tp.payinAmount OPERATOR(pg_catalog.>=) 0 THEN tp.payinAmount
            ELSE tt.buyin OPERATOR(pg_catalog.+) tt.fee END AS cost,
       -- The result is known: a prize (0 included) or a place was stored.
       (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL) AS result_known,
       -- Prize and bounties, when the result is known and in the buy-in's currency.
       CASE WHEN (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL)
                 AND coalesce(tp.winningsCurrency, tt.currency) OPERATOR(pg_catalog.=) tt.currency
            THEN GREATEST(tp.winnings, 0) OPERATOR(pg_catalog.+) coalesce(tp.bountyWinnings, 0) END AS won,
       CASE WHEN (tp.winnings OPERATOR(pg_catalog.>=) 0 OR tp.rank IS NOT NULL)
                 AND coalesce(tp.winningsCurrency, tt.currency) OPERATOR(pg_catalog.=) tt.currency
            THEN GREATEST(tp.winnings, 0) OPERATOR(pg_catalog.+) coalesce(tp.bountyWinnings, 0)
                 OPERATOR(pg_catalog.-) CASE WHEN tp.payinAmount OPERATOR(pg_catalog.>=) 0 THEN tp.payinAmount
                                             ELSE tt.buyin OPERATOR(pg_catalog.+) tt.fee END END AS profit
FROM fpdb.TourneysPlayers tp
JOIN fpdb.Tourneys t ON t.id OPERATOR(pg_catalog.=) tp.tourneyId
JOIN fpdb.TourneyTypes tt ON tt.id OPERATOR(pg_catalog.=) t.tourneyTypeId
JOIN fpdb.Sites s ON s.id OPERATOR(pg_catalog.=) t.siteId
JOIN fpdb.Players p ON p.id OPERATOR(pg_catalog.=) tp.playerId
LEFT JOIN LATERAL (
    SELECT gt.category, gt.limitType FROM fpdb.Hands h JOIN fpdb.Gametypes gt ON gt.id OPERATOR(pg_catalog.=) h.gametypeId
    WHERE h.tourneyId OPERATOR(pg_catalog.=) t.id LIMIT 1
) g ON tt.category IS NULL;
COMMENT ON VIEW fpdb.tourney_results IS
    'One row per player and tournament: buy-in, fee, place, prize, bounties, cost and profit (hundredths of the currency).';

CREATE TYPE fpdb.tourney_totals AS (
    currency text,          -- the buy-in currency of the tournaments counted
    tournaments bigint,     -- tournaments with a known result
    buyins numeric,         -- paid, in the currency's unit (rebuys, add-ons, re-entries included where known)
    won numeric,            -- prizes and bounties
    profit numeric,
    roi numeric,            -- profit / buy-ins, %
    itm numeric,            -- tournaments with a prize (money or ticket), %
    avg_finish numeric      -- average place, where known
);

-- A player's tournament results, one row per buy-in currency, with filters like fpdb.hud's.
CREATE FUNCTION fpdb.tourney_stats(
    player_name text,
    site text DEFAULT NULL,
    category text DEFAULT NULL,
    limit_type text DEFAULT NULL,
    speed text DEFAULT NULL,
    currency text DEFAULT NULL,
    min_buyin numeric DEFAULT NULL,
    max_buyin numeric DEFAULT NULL,
    since timestamptz DEFAULT NULL,
    until timestamptz DEFAULT NULL,
    sng boolean DEFAULT NULL
) RETURNS SETOF fpdb.tourney_totals
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
    SELECT r.currency::text,
           count(*),
           round(sum(r.cost) / 100.0, 2),
           round(sum(r.won) / 100.0, 2),
           round(sum(r.profit) / 100.0, 2),
           round(100.0 * sum(r.profit) / nullif(sum(r.cost), 0), 1),
           round(100.0 * count(*) FILTER (WHERE r.won > 0 OR r.ticket IS NOT NULL) / count(*), 1),
           round(avg(r.rank), 1)
    FROM fpdb.tourney_results r
    WHERE r.player_name = tourney_stats.player_name
      AND r.result_known AND r.won IS NOT NULL
      AND (tourney_stats.site IS NULL OR r.site = tourney_stats.site)
      AND (tourney_stats.category IS NULL OR r.category = tourney_stats.category)
      AND (tourney_stats.limit_type IS NULL OR r.limit_type = tourney_stats.limit_type)
      AND (tourney_stats.speed IS NULL OR r.speed = tourney_stats.speed)
      AND (tourney_stats.currency IS NULL OR r.currency = tourney_stats.currency)
      AND (tourney_stats.min_buyin IS NULL OR (r.buyin + r.fee) >= tourney_stats.min_buyin * 100)
      AND (tourney_stats.max_buyin IS NULL OR (r.buyin + r.fee) <= tourney_stats.max_buyin * 100)
      AND (tourney_stats.since IS NULL OR r.start_time >= tourney_stats.since)
      AND (tourney_stats.until IS NULL OR r.start_time < tourney_stats.until)
      AND (tourney_stats.sng IS NULL OR r.sng = tourney_stats.sng)
    GROUP BY r.currency
    ORDER BY r.currency;
END;
COMMENT ON FUNCTION fpdb.tourney_stats(text, text, text, text, text, text, numeric, numeric, timestamptz, timestamptz, boolean) IS
    'A player''s tournaments, buy-ins, winnings, profit, ROI %, ITM % and average finish, one row per buy-in currency.';

-- fpdb on a Citus cluster (README "Scale-out with Citus").

-- The hands a Citus cluster stores, by their identity (site, hand number). On one server the
-- unique constraint hands_site_hand detects duplicate hands; on a cluster Hands is distributed by
-- id and no unique index can span its shards, so the import first inserts each hand's key here
-- (distributed by siteHandNo, so the key is unique across the cluster and a concurrent session's
-- uncommitted key makes the other wait, as a unique index does) and stores only the hands whose
-- key was new. Empty on a single server.
CREATE TABLE fpdb._hand_keys (
    siteId smallint NOT NULL,
    siteHandNo bigint NOT NULL,
    PRIMARY KEY (siteHandNo, siteId)
);
COMMENT ON TABLE fpdb._hand_keys IS
    'Internal: the (site, hand number) of every stored hand on a Citus cluster (duplicate detection); empty on a single server.';

-- Whether fpdb's tables are distributed by Citus (fpdb.distribute() ran): read from Citus's
-- catalog, never from a setting. The import and the functions below switch on it.
CREATE FUNCTION fpdb._is_distributed() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN
        RETURN false;  -- no citus extension: the next statement would not even plan
    END IF;
    RETURN EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition
                   WHERE logicalrelid OPERATOR(pg_catalog.=) 'fpdb.handsplayers'::pg_catalog.regclass);
END
$$;

-- On a distributed database (no HudCache triggers): a tournament whose type changed moved its
-- players' HandsPlayers rows from old_type to new_type; their HudCache rows of both types are
-- rebuilt from HandsPlayers. Does nothing on one server, where the trigger moved them.
CREATE FUNCTION fpdb._hudcache_refresh_tourney(p_tourney int, old_type int, new_type int) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    players int[];
    types smallint[] := ARRAY[old_type, new_type]::smallint[];
    cols text;
BEGIN
    IF old_type IS NOT DISTINCT FROM new_type OR NOT fpdb._is_distributed() THEN
        RETURN;
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);  -- every HudCache writer's lock
    SELECT pg_catalog.array_agg(tp.playerId) INTO players FROM fpdb.TourneysPlayers tp
    WHERE tp.tourneyId OPERATOR(pg_catalog.=) p_tourney;
    DELETE FROM fpdb.HudCache h
    WHERE h.playerId OPERATOR(pg_catalog.=) ANY (players) AND h.tourneyTypeId OPERATOR(pg_catalog.=) ANY (types);
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO cols
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid OPERATOR(pg_catalog.=) 'fpdb.hudcache_rebuilt'::pg_catalog.regclass
      AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped;
    EXECUTE pg_catalog.format(
        'INSERT INTO fpdb.HudCache (%s) SELECT %s FROM fpdb.hudcache_rebuilt b '
        'WHERE b.playerId OPERATOR(pg_catalog.=) ANY ($1) AND b.tourneyTypeId OPERATOR(pg_catalog.=) ANY ($2)',
        cols, cols) USING players, types;
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb._hudcache_refresh_tourney(int, int, int) FROM PUBLIC;

-- Deletes hands with every row they own, HudCache kept exact, on one server and on a Citus
-- cluster alike; returns the number of hands deleted. On one server this is a DELETE of the
-- Hands rows (their HandsPlayers, HandsActions, BoardCards and RawHands rows follow by cascade,
-- and the HudCache trigger folds the players' rows out). On a cluster, where HudCache has no
-- trigger, the HudCache rows of the deleted hands' keys (player, game type, seats, position,
-- tournament type) are computed again from the HandsPlayers rows left, and the hands' keys leave
-- fpdb._hand_keys, so the same hands can be imported again. SECURITY INVOKER: the caller needs
-- the rights a DELETE of those rows needs (and, on a cluster, to write HudCache and delete from
-- fpdb._hand_keys).
CREATE FUNCTION fpdb.delete_hands(hand_ids bigint[]) RETURNS bigint
LANGUAGE plpgsql VOLATILE STRICT SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    deleted bigint;
    players int[];
    gametypes smallint[];
    sites smallint[];
    numbers bigint[];
    site smallint;
    site_numbers bigint[];
    cols text;
BEGIN
    IF NOT fpdb._is_distributed() THEN
        DELETE FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
        GET DIAGNOSTICS deleted = ROW_COUNT;
        RETURN deleted;
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(7381510162543363139);  -- every HudCache writer's lock
    SELECT pg_catalog.array_agg(d.playerId) INTO players
    FROM (SELECT DISTINCT hp.playerId FROM fpdb.HandsPlayers hp
          WHERE hp.handId OPERATOR(pg_catalog.=) ANY (hand_ids)) AS d;
    SELECT pg_catalog.array_agg(d.gametypeId) INTO gametypes
    FROM (SELECT DISTINCT hp.gametypeId FROM fpdb.HandsPlayers hp
          WHERE hp.handId OPERATOR(pg_catalog.=) ANY (hand_ids)) AS d;
    SELECT pg_catalog.array_agg(h.siteId), pg_catalog.array_agg(h.siteHandNo) INTO sites, numbers
    FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
    DELETE FROM fpdb.Hands h WHERE h.id OPERATOR(pg_catalog.=) ANY (hand_ids);
    GET DIAGNOSTICS deleted = ROW_COUNT;
    IF deleted OPERATOR(pg_catalog.=) 0 THEN
        RETURN 0;
    END IF;
    -- The keys leave site by site: each statement is one site's numbers, as parameters.
    FOR site IN SELECT DISTINCT u.s FROM pg_catalog.unnest(sites) AS u(s) LOOP
        SELECT pg_catalog.array_agg(u.n) INTO site_numbers
        FROM ROWS FROM (pg_catalog.unnest(sites), pg_catalog.unnest(numbers)) AS u(s, n)
        WHERE u.s OPERATOR(pg_catalog.=) site;
        DELETE FROM fpdb._hand_keys k
        WHERE k.siteId OPERATOR(pg_catalog.=) site
          AND k.siteHandNo OPERATOR(pg_catalog.=) ANY (site_numbers);
    END LOOP;
    -- The deleted hands' HudCache rows, from the rows that are left (no trigger on a cluster).
    DELETE FROM fpdb.HudCache c
    WHERE c.playerId OPERATOR(pg_catalog.=) ANY (players) AND c.gametypeId OPERATOR(pg_catalog.=) ANY (gametypes);
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO cols
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid OPERATOR(pg_catalog.=) 'fpdb.hudcache_rebuilt'::pg_catalog.regclass
      AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped;
    EXECUTE pg_catalog.format(
        'INSERT INTO fpdb.HudCache (%s) SELECT %s FROM fpdb.hudcache_rebuilt b '
        'WHERE b.playerId OPERATOR(pg_catalog.=) ANY ($1) AND b.gametypeId OPERATOR(pg_catalog.=) ANY ($2)',
        cols, cols) USING players, gametypes;
    RETURN deleted;
END
$$;
COMMENT ON FUNCTION fpdb.delete_hands(bigint[]) IS
    'Deletes hands with all their rows, HudCache exact, on one server or a Citus cluster; returns the hands deleted.';

-- Runs a DDL statement of fpdb.distribute() here and on every worker: the workers' copies of
-- fpdb's tables (created by CREATE EXTENSION, which Citus propagates) are the shells Citus keeps
-- there, and must change as the coordinator's do before the tables are distributed (Citus does
-- not propagate DDL on local tables). Idempotent statements only: a worker's connection commits
-- on its own.
CREATE FUNCTION fpdb._distribute_ddl(statement text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    r record;
BEGIN
    EXECUTE statement;
    FOR r IN SELECT * FROM pg_catalog.run_command_on_workers(statement) LOOP
        IF NOT r.success THEN
            RAISE EXCEPTION 'fpdb.distribute(): on the worker %:%: %', r.nodename, r.nodeport, r.result
                USING ERRCODE = '55000', DETAIL = statement;
        END IF;
    END LOOP;
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb._distribute_ddl(text) FROM PUBLIC;

-- Turns the tables of a fresh fpdb database on a Citus coordinator into reference and
-- distributed tables. See README "Scale-out with Citus".
CREATE FUNCTION fpdb.distribute(shard_count int DEFAULT 32) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    reference_tables text[] := ARRAY['settings', 'sites', 'players', 'gametypes', 'autorates', 'tourneytypes',
                                     'tourneys', 'tourneysplayers'];
    hand_tables text[] := ARRAY['hands', 'handsplayers', 'handsactions', 'boardcards', 'rawhands'];
    all_tables text[];
    fk record;
    fks text[] := ARRAY[]::text[];
    t text;
    grantee text;
BEGIN
    IF shard_count IS NULL OR shard_count OPERATOR(pg_catalog.<) 1 THEN
        RAISE EXCEPTION 'shard_count must be at least 1, not %', shard_count USING ERRCODE = '22023';
    END IF;
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN
        RAISE EXCEPTION 'fpdb.distribute() needs the citus extension in this database'
            USING ERRCODE = '55000',
                  HINT = 'Install Citus 13 on every node, set shared_preload_libraries = ''citus'', run CREATE EXTENSION citus and add the workers with citus_add_node(), then call fpdb.distribute() on the coordinator.';
    END IF;
    IF NOT pg_catalog.citus_is_coordinator() THEN
        RAISE EXCEPTION 'fpdb.distribute() runs on the Citus coordinator, and this node is not it'
            USING ERRCODE = '55000',
                  HINT = 'Connect to the coordinator (or make this node it with citus_set_coordinator_host()).';
    END IF;
    IF fpdb._is_distributed() THEN
        RAISE NOTICE 'fpdb is already distributed';
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM fpdb.Hands) THEN
        RAISE EXCEPTION 'fpdb.distribute() needs a database without hands'
            USING ERRCODE = '55000',
                  HINT = 'Distribute a fresh fpdb database, then import the hands into it (export them from this one with fpdb.export_hands or re-import the history files).';
    END IF;
    all_tables := reference_tables OPERATOR(pg_catalog.||) hand_tables
                  OPERATOR(pg_catalog.||) ARRAY['hudcache', '_hand_keys'];
    -- A foreign key between a table that stays local and one that is distributed cannot exist.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_constraint c
               JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) c.conrelid
               JOIN pg_catalog.pg_class f ON f.oid OPERATOR(pg_catalog.=) c.confrelid
               WHERE c.contype OPERATOR(pg_catalog.=) 'f'
                 AND (r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace
                      OR f.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace)
                 AND ((r.relname::text OPERATOR(pg_catalog.=) ANY (all_tables))
                      OPERATOR(pg_catalog.<>) (f.relname::text OPERATOR(pg_catalog.=) ANY (all_tables))
                      OR r.relnamespace OPERATOR(pg_catalog.<>) f.relnamespace)) THEN
        RAISE EXCEPTION 'a foreign key joins an fpdb table to a table fpdb.distribute() does not distribute'
            USING ERRCODE = '55000', HINT = 'Drop that foreign key first.';
    END IF;

    -- Citus: DDL after distribution in the same transaction runs over one connection per node;
    -- the comment-stamping row triggers (BEFORE INSERT/UPDATE, local to the row) are propagated
    -- to every shard.
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);
    PERFORM pg_catalog.set_config('citus.enable_unsafe_triggers', 'on', true);

    -- HudCache triggers cannot run on distributed tables: the import keeps HudCache itself.
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_insert ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_delete ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_update ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS handsplayers_hudcache_truncate ON fpdb.HandsPlayers');
    PERFORM fpdb._distribute_ddl('DROP TRIGGER IF EXISTS hands_hudcache_key ON fpdb.Hands');

    -- Foreign keys are added again after distribution (declared before, Citus would turn the
    -- referencing tables into local tables). An action references its player by (hand, id).
    FOR fk IN
        SELECT c.conrelid::pg_catalog.regclass AS rel, c.conname,
               pg_catalog.pg_get_constraintdef(c.oid) AS def
        FROM pg_catalog.pg_constraint c
        JOIN pg_catalog.pg_class r ON r.oid OPERATOR(pg_catalog.=) c.conrelid
        WHERE c.contype OPERATOR(pg_catalog.=) 'f'
          AND r.relnamespace OPERATOR(pg_catalog.=) 'fpdb'::pg_catalog.regnamespace
          AND r.relname::text OPERATOR(pg_catalog.=) ANY (all_tables)
        ORDER BY c.oid
    LOOP
        PERFORM fpdb._distribute_ddl(pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', fk.rel, fk.conname));
        IF fk.rel OPERATOR(pg_catalog.=) 'fpdb.handsactions'::pg_catalog.regclass
           AND fk.def OPERATOR(pg_catalog.~) 'fpdb\.handsplayers' THEN
            fk.def := 'FOREIGN KEY (handid, handplayerid) REFERENCES fpdb.handsplayers(handid, id) ON DELETE CASCADE';
        END IF;
        fks := fks OPERATOR(pg_catalog.||) pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk.rel, fk.conname, fk.def);
    END LOOP;

    -- Unique keys must contain the distribution column: the hand's rows are keyed by (handId, id);
    -- the (site, hand number) key moves to fpdb._hand_keys; HudCache keeps hudcache_key.
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.Hands DROP CONSTRAINT IF EXISTS hands_site_hand');
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HandsPlayers DROP CONSTRAINT IF EXISTS handsplayers_pkey, '
                                 'ADD CONSTRAINT handsplayers_pkey PRIMARY KEY (handId, id)');
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HandsActions DROP CONSTRAINT IF EXISTS handsactions_pkey, '
                                 'ALTER COLUMN handId SET NOT NULL, '
                                 'ADD CONSTRAINT handsactions_pkey PRIMARY KEY (handId, handPlayerId, street, actionNo)');
    -- BoardCards' key (handId, boardNo) already starts with the distribution column.
    PERFORM fpdb._distribute_ddl('ALTER TABLE fpdb.HudCache DROP CONSTRAINT IF EXISTS hudcache_pkey');

    FOREACH t IN ARRAY reference_tables LOOP
        PERFORM pg_catalog.create_reference_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass);
        -- Rows the table had (Settings' one row) were copied to its shard; drop the shell's copy.
        PERFORM pg_catalog.truncate_local_data_after_distributing_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass);
    END LOOP;
    PERFORM pg_catalog.create_distributed_table('fpdb.hands'::pg_catalog.regclass, 'id',
                                                shard_count => shard_count, colocate_with => 'none');
    FOREACH t IN ARRAY hand_tables[2:] LOOP
        PERFORM pg_catalog.create_distributed_table(('fpdb.' OPERATOR(pg_catalog.||) t)::pg_catalog.regclass,
                                                    'handid', colocate_with => 'fpdb.hands');
    END LOOP;
    PERFORM pg_catalog.create_distributed_table('fpdb.hudcache'::pg_catalog.regclass, 'playerid',
                                                shard_count => shard_count, colocate_with => 'none');
    PERFORM pg_catalog.create_distributed_table('fpdb._hand_keys'::pg_catalog.regclass, 'sitehandno',
                                                shard_count => shard_count, colocate_with => 'none');

    FOREACH t IN ARRAY fks LOOP
        EXECUTE t;
    END LOOP;

    -- Whoever may import hands may record their keys.
    FOR grantee IN
        SELECT DISTINCT g.grantee::text FROM information_schema.role_table_grants g
        WHERE g.table_schema OPERATOR(pg_catalog.=) 'fpdb' AND g.table_name OPERATOR(pg_catalog.=) 'hands'
          AND g.privilege_type OPERATOR(pg_catalog.=) 'INSERT'
          AND g.grantee::text OPERATOR(pg_catalog.<>) CURRENT_USER::text
    LOOP
        EXECUTE pg_catalog.format('GRANT SELECT, INSERT ON fpdb._hand_keys TO %I', grantee);
    END LOOP;

    PERFORM fpdb._record_own_objects();
END
$$;
REVOKE EXECUTE ON FUNCTION fpdb.distribute(int) FROM PUBLIC;
COMMENT ON FUNCTION fpdb.distribute(int) IS
    'Run once on a Citus coordinator in a database without hands: makes the lookup tables reference tables, distributes Hands, HandsPlayers, HandsActions and BoardCards by hand id and HudCache by player id; the import then keeps HudCache and detects duplicates cluster-wide.';

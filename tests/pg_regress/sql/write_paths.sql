-- The direct-write path stores exactly what INSERT statements store, and is used only when it
-- provably does: a constraint, trigger, default, generated column or changed column type that is
-- not fpdb's own sends the import through INSERT statements, which enforce and fire it.
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set stud :abs_srcdir '/data/stars-stud-11hands.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
\set rit :abs_srcdir '/data/stars-run-it-twice.txt'
\set draw :abs_srcdir '/data/stars-triple-draw.txt'
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;
CREATE TEMP VIEW files AS
SELECT * FROM (VALUES (:'nlhe78'), (:'fourbet'), (:'stud'), (:'ko'), (:'rit'), (:'draw')) AS f(path);

-- Every column of the six tables the import writes, with ids replaced by what they stand for
-- (the hand number, the player's name); jsonb keeps char(n) padding and float bits visible.
CREATE TEMP VIEW stored_rows AS
SELECT 'hands' AS t, h.siteHandNo AS hand, '' AS player,
       to_jsonb(h) - ARRAY['id', 'importtime'] || jsonb_build_object('imported_now', h.importTime = now()) AS v
FROM fpdb.Hands h
UNION ALL
SELECT 'handsplayers', h.siteHandNo, p.name,
       to_jsonb(hp) - ARRAY['id', 'handid', 'playerid', 'tourneysplayersid']
FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId JOIN fpdb.Players p ON p.id = hp.playerId
UNION ALL
SELECT 'handsactions', h.siteHandNo, p.name, to_jsonb(a) - ARRAY['id', 'handplayerid', 'handid']
FROM fpdb.HandsActions a JOIN fpdb.HandsPlayers hp ON hp.id = a.handPlayerId
JOIN fpdb.Hands h ON h.id = hp.handId JOIN fpdb.Players p ON p.id = hp.playerId
UNION ALL
SELECT 'boardcards', h.siteHandNo, '', to_jsonb(b) - ARRAY['id', 'handid']
FROM fpdb.BoardCards b JOIN fpdb.Hands h ON h.id = b.handId
UNION ALL
SELECT 'hudcache', 0, p.name, to_jsonb(c) - ARRAY['id']
FROM fpdb.HudCache c JOIN fpdb.Players p ON p.id = c.playerId
UNION ALL
SELECT 'rawhands', h.siteHandNo, '', jsonb_build_object('text', encode(r.text, 'hex'))
FROM fpdb.RawHands r JOIN fpdb.Hands h ON h.id = r.handId;

CREATE TEMP TABLE by_path (path text, t text, hand bigint, player text, v jsonb);
CREATE FUNCTION pg_temp.import_all(label text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
    DELETE FROM fpdb.Hands;
    SELECT sum(i.imported) INTO n FROM files, LATERAL fpdb.import_file(files.path) AS i;
    INSERT INTO by_path SELECT label, * FROM stored_rows;
    RETURN n;
END $$;
-- Differences between two paths, per table (0 everywhere: the same rows, byte for byte).
CREATE FUNCTION pg_temp.differences(a text, b text) RETURNS TABLE (t text, rows bigint, differing bigint)
LANGUAGE sql AS $$
    SELECT x.t, count(*) FILTER (WHERE x.path = a),
           (SELECT count(*) FROM ((SELECT t, hand, player, v FROM by_path WHERE path = a AND t = x.t
                                   EXCEPT ALL SELECT t, hand, player, v FROM by_path WHERE path = b AND t = x.t)
                                  UNION ALL
                                  (SELECT t, hand, player, v FROM by_path WHERE path = b AND t = x.t
                                   EXCEPT ALL SELECT t, hand, player, v FROM by_path WHERE path = a AND t = x.t)) d)
    FROM by_path x WHERE x.path IN (a, b) GROUP BY x.t ORDER BY x.t
$$;

-- HudCache has no page yet: the direct run's first file writes its HudCache keys without looking
-- each one up (a table without a page holds no key); its rows equal the INSERT statements' all
-- the same (the differences below).
SELECT pg_catalog.pg_relation_size('fpdb.hudcache') AS hudcache_bytes_before_first_import;
BEGIN;
SELECT pg_temp.import_all('direct') AS imported;
COMMIT;
SET fpdb.direct_writes = off;
BEGIN;
SELECT pg_temp.import_all('insert') AS imported;
COMMIT;
RESET fpdb.direct_writes;
SELECT * FROM pg_temp.differences('direct', 'insert');
-- With little memory for HudCache keys, imports and triggers spill them to sorted runs and merge
-- them: the same HudCache.
SET fpdb.hudcache_keys_in_memory = 100;
BEGIN;
SELECT pg_temp.import_all('spilled') AS imported;
COMMIT;
SELECT * FROM pg_temp.differences('direct', 'spilled');
UPDATE fpdb.HandsPlayers SET totalProfit = totalProfit + 1;
SELECT count(*) AS diff_after_spilled_update FROM fpdb.hudcache_diff();
RESET fpdb.hudcache_keys_in_memory;
-- char(n) columns are padded as INSERT pads them.
SELECT DISTINCT octet_length(action::text || '|') AS action_text, octet_length(action) AS bytes, v->>'action' AS stored
FROM fpdb.HandsActions, LATERAL (SELECT to_jsonb(HandsActions.*) AS v) j WHERE action = 'bet';

-- fpdb's settings are registered: typed and checked.
SHOW fpdb.direct_writes;
SET fpdb.direct_writes = 'sometimes';
\echo :SQLSTATE
SELECT name, vartype, context FROM pg_settings WHERE name LIKE 'fpdb.%' ORDER BY name;
-- The setting the HudCache trigger once obeyed is gone: setting it changes nothing.
SET fpdb.hudcache_by_import = on;
DELETE FROM fpdb.Hands WHERE id % 3 = 0;
SELECT count(*) AS diff_after_delete_with_old_setting FROM fpdb.hudcache_diff();
RESET fpdb.hudcache_by_import;

-- A user CHECK constraint: a violating import is refused with 23514 and nothing of it is stored.
DELETE FROM fpdb.Hands;
ALTER TABLE fpdb.HandsPlayers ADD CONSTRAINT regress_small_stacks CHECK (startCash < 1000);
SELECT imported FROM fpdb.import_file(:'nlhe78');
\echo :SQLSTATE
SELECT count(*) AS hands, (SELECT count(*) FROM fpdb.HandsPlayers) AS players FROM fpdb.Hands;
ALTER TABLE fpdb.HandsPlayers DROP CONSTRAINT regress_small_stacks;

-- A user trigger fires for every row; HudCache stays exact. (Triggers fired by an import run under
-- its pinned search_path, pg_catalog and pg_temp, as under pg_restore: they name their tables.)
CREATE TABLE regress_seen (n int);
CREATE FUNCTION regress_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO public.regress_seen VALUES (1); RETURN NEW; END $$;
CREATE TRIGGER regress_every_row AFTER INSERT ON fpdb.HandsActions FOR EACH ROW EXECUTE FUNCTION regress_count_row();
SELECT imported FROM fpdb.import_file(:'nlhe78');
SELECT (SELECT count(*) FROM regress_seen) = (SELECT count(*) FROM fpdb.HandsActions) AS fired_for_every_row,
       (SELECT count(*) FROM regress_seen) AS rows_seen;
DROP TRIGGER regress_every_row ON fpdb.HandsActions;
-- A user's row trigger on HandsPlayers that writes HandsPlayers itself: its statement is folded by
-- the HudCache trigger, the import's own statement by the import.
CREATE FUNCTION regress_copy_comment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.comment IS NULL THEN
        UPDATE fpdb.HandsPlayers SET comment = 'seen' WHERE id OPERATOR(pg_catalog.=) NEW.id;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER regress_touch AFTER INSERT ON fpdb.HandsPlayers FOR EACH ROW EXECUTE FUNCTION regress_copy_comment();
SELECT imported FROM fpdb.import_file(:'fourbet');
SELECT count(*) FILTER (WHERE comment = 'seen') AS commented FROM fpdb.HandsPlayers;
SELECT count(*) AS diff_with_user_trigger FROM fpdb.hudcache_diff();
DROP TRIGGER regress_touch ON fpdb.HandsPlayers;

-- A column type changed by a user: stored through INSERT, with the right values, no crash.
DELETE FROM fpdb.Hands;
ALTER TABLE fpdb.HandsActions ALTER COLUMN amount TYPE numeric(14,2);
SELECT imported FROM fpdb.import_file(:'fourbet');
SELECT sum(amount) AS put_in, pg_typeof(sum(amount)) FROM fpdb.HandsActions;
ALTER TABLE fpdb.HandsActions ALTER COLUMN amount TYPE int;
-- A shorter varchar: a table name that fits is stored, one that does not is refused as INSERT
-- refuses it.
DELETE FROM fpdb.Hands;
ALTER TABLE fpdb.Hands ALTER COLUMN tableName TYPE varchar(10);
SELECT imported FROM fpdb.import_file(:'fourbet');
SELECT tableName FROM fpdb.Hands;
SELECT imported FROM fpdb.import_file(:'stud');
\echo :SQLSTATE
DELETE FROM fpdb.Hands;
ALTER TABLE fpdb.Hands ALTER COLUMN tableName TYPE varchar(100);

-- A column with a default and a generated column that the import does not fill.
ALTER TABLE fpdb.HandsPlayers ADD COLUMN regress_source text DEFAULT 'fpdb import';
ALTER TABLE fpdb.BoardCards ADD COLUMN regress_high smallint GENERATED ALWAYS AS (greatest(card1Value, card2Value, card3Value, card4Value, card5Value)) STORED;
SELECT imported FROM fpdb.import_file(:'nlhe78');
SELECT count(*) FILTER (WHERE regress_source = 'fpdb import') = count(*) AS defaults_filled FROM fpdb.HandsPlayers;
SELECT count(*) FILTER (WHERE regress_high = greatest(card1Value, card2Value, card3Value, card4Value, card5Value)) = count(*)
       AS generated_filled FROM fpdb.BoardCards;
ALTER TABLE fpdb.HandsPlayers DROP COLUMN regress_source;
ALTER TABLE fpdb.BoardCards DROP COLUMN regress_high;

-- A user's foreign key on a table the import writes is checked.
DELETE FROM fpdb.Hands;
CREATE TABLE regress_seats (no smallint PRIMARY KEY);
INSERT INTO regress_seats SELECT generate_series(1, 5);
ALTER TABLE fpdb.HandsPlayers ADD CONSTRAINT regress_seat_fk FOREIGN KEY (seatNo) REFERENCES regress_seats (no);
SELECT imported FROM fpdb.import_file(:'nlhe78');
\echo :SQLSTATE
ALTER TABLE fpdb.HandsPlayers DROP CONSTRAINT regress_seat_fk;
-- A deferred unique constraint is checked at commit.
ALTER TABLE fpdb.BoardCards ADD CONSTRAINT regress_one_board UNIQUE (boardNo)
    DEFERRABLE INITIALLY DEFERRED;
BEGIN;
SELECT imported FROM fpdb.import_file(:'nlhe78');
COMMIT;
\echo :SQLSTATE
SELECT count(*) AS hands_after_deferred_failure FROM fpdb.Hands;
ALTER TABLE fpdb.BoardCards DROP CONSTRAINT regress_one_board;
-- A user's foreign key referencing Hands fires on delete only: imports stay direct and exact.
CREATE TABLE regress_notes (handId bigint REFERENCES fpdb.Hands (id) ON DELETE CASCADE, note text);
SELECT imported FROM fpdb.import_file(:'nlhe78');
INSERT INTO regress_notes SELECT id, 'nice hand' FROM fpdb.Hands WHERE id % 5 = 0;
DELETE FROM fpdb.Hands WHERE id % 2 = 0;
SELECT count(*) AS notes_left FROM regress_notes WHERE handId % 2 = 0;
SELECT count(*) AS diff_at_end FROM fpdb.hudcache_diff();
DROP TABLE regress_notes, regress_seats, regress_seen;
DROP FUNCTION regress_count_row(), regress_copy_comment();
-- Nothing of the above is recorded as fpdb's own.
SELECT count(*) AS own_objects_named_regress FROM fpdb._own_objects o
LEFT JOIN pg_constraint c ON c.oid = o.objid LEFT JOIN pg_trigger t ON t.oid = o.objid
WHERE coalesce(c.conname, t.tgname::name) LIKE 'regress%';

-- An import of more than 1,000 hands parses them on a second thread, a batch or two ahead of the
-- rows it writes: the same rows as the same hands imported a few at a time (one thread), and its
-- duplicates and failures counted as the text has them. 30 copies of the 78 hands, renumbered;
-- a hand the parser refuses after the 15th copy, the first copy again at the end.
CREATE TEMP TABLE copies AS
SELECT i::numeric AS i, regexp_replace(pg_read_file(:'nlhe78'), 'Game #([0-9]+)', 'Game #\1' || i, 'g') AS text
FROM generate_series(10, 39) AS i;
CREATE TEMP VIEW big_text AS
SELECT string_agg(text, E'\n\n' ORDER BY i) AS history FROM (
    SELECT i, text FROM copies
    UNION ALL SELECT 24.5, E'PokerStars Game #9: Hold''em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\nTable ''T'' 6-max Seat #1 is the button\n'
    UNION ALL SELECT 40, text FROM copies WHERE i = 10) c;
DELETE FROM fpdb.Hands;
BEGIN;
SELECT imported, duplicates, failed, errors->0->>'sqlstate' AS sqlstate, errors->0->>'line' AS line
FROM fpdb.import_hands((SELECT history FROM big_text));
INSERT INTO by_path SELECT 'threaded', * FROM stored_rows;
COMMIT;
DELETE FROM fpdb.Hands;
BEGIN;
SELECT sum(imported) AS imported, sum(duplicates) AS duplicates, sum(failed) AS failed
FROM copies, LATERAL fpdb.import_hands(copies.text);
INSERT INTO by_path SELECT 'one_thread', * FROM stored_rows;
COMMIT;
SELECT * FROM pg_temp.differences('threaded', 'one_thread');
-- The same with on_error => 'abort': the refused hand raises its error, nothing is stored.
DELETE FROM fpdb.Hands;
SELECT imported FROM fpdb.import_hands((SELECT history FROM big_text), on_error => 'abort');
\echo :SQLSTATE
SELECT count(*) AS hands_after_abort FROM fpdb.Hands;

-- HudCache rows an import adds to are written in place, by the steps of the upsert's DO UPDATE
-- without the statement: the same rows as the statement. The six files are imported, every other
-- hand deleted (HudCache rows taken down, most not away), and the files imported again. The
-- direct path draws a HudCache id only for a new key; the statement draws one for every key.
CREATE FUNCTION pg_temp.import_again(label text)
RETURNS TABLE (imported bigint, ids_drawn bigint, new_keys bigint) LANGUAGE plpgsql AS $$
DECLARE ids_before bigint; keys_before bigint;
BEGIN
    DELETE FROM fpdb.Hands;
    PERFORM sum(i.imported) FROM files, LATERAL fpdb.import_file(files.path) AS i;
    DELETE FROM fpdb.Hands WHERE id % 2 = 0;
    ids_before := pg_sequence_last_value('fpdb.hudcache_id_seq');
    keys_before := (SELECT count(*) FROM fpdb.HudCache);
    imported := (SELECT sum(i.imported) FROM files, LATERAL fpdb.import_file(files.path) AS i);
    ids_drawn := pg_sequence_last_value('fpdb.hudcache_id_seq') - ids_before;
    new_keys := (SELECT count(*) FROM fpdb.HudCache) - keys_before;
    INSERT INTO by_path SELECT label, * FROM stored_rows;
    RETURN NEXT;
END $$;
SELECT * FROM pg_temp.import_again('added_direct');
SELECT count(*) AS diff_after_adding FROM fpdb.hudcache_diff();
SET fpdb.direct_writes = off;
SELECT * FROM pg_temp.import_again('added_insert');
RESET fpdb.direct_writes;
SELECT * FROM pg_temp.differences('added_direct', 'added_insert');
-- Under REPEATABLE READ the statement adds (ON CONFLICT raises a serialization failure for a
-- stored row it cannot see): the same rows.
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT * FROM pg_temp.import_again('added_rr');
COMMIT;
SELECT * FROM pg_temp.differences('added_direct', 'added_rr');
-- A sum out of its column's range raises 22003 on both paths, and the import stores nothing.
DELETE FROM fpdb.Hands;
SELECT imported FROM fpdb.import_file(:'nlhe78');
DELETE FROM fpdb.Hands WHERE id % 2 = 0;
SELECT count(*) AS hands_before FROM fpdb.Hands;
UPDATE fpdb.HudCache SET HDs = 2147483647;
SELECT imported FROM fpdb.import_file(:'nlhe78');
\echo :SQLSTATE
SET fpdb.direct_writes = off;
SELECT imported FROM fpdb.import_file(:'nlhe78');
\echo :SQLSTATE
RESET fpdb.direct_writes;
SELECT count(*) AS hands_after FROM fpdb.Hands;
SELECT fpdb.rebuild_hudcache() > 0 AS rebuilt;
-- A user's trigger on UPDATE of HudCache fires for every row an import adds to (the statement
-- adds them); HudCache stays exact.
CREATE TABLE regress_hud_seen (n int);
CREATE FUNCTION regress_count_hud_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO public.regress_hud_seen VALUES (1); RETURN NEW; END $$;
CREATE TRIGGER regress_hud_update BEFORE UPDATE ON fpdb.HudCache FOR EACH ROW EXECUTE FUNCTION regress_count_hud_row();
SELECT imported FROM fpdb.import_file(:'nlhe78');
SELECT count(*) > 0 AS fired, count(*) AS rows_seen FROM regress_hud_seen;
SELECT count(*) AS diff_with_update_trigger FROM fpdb.hudcache_diff();
DROP TRIGGER regress_hud_update ON fpdb.HudCache;
DROP TABLE regress_hud_seen;
DROP FUNCTION regress_count_hud_row();

-- The installed schema: every table and column of the design, with its type.
SELECT extname, extrelocatable, extnamespace::regnamespace AS schema, extversion
FROM pg_extension WHERE extname = 'fpdb';

SELECT table_name, count(*) AS columns
FROM information_schema.columns
WHERE table_schema = 'fpdb'
GROUP BY table_name
ORDER BY table_name;

SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length AS len, is_nullable
FROM information_schema.columns
WHERE table_schema = 'fpdb'
ORDER BY table_name, ordinal_position;

-- Unique keys imports rely on, and the lookup indexes.
SELECT tablename, indexname, indexdef
FROM pg_indexes
WHERE schemaname = 'fpdb'
ORDER BY tablename, indexname;

-- Foreign keys named by the design.
SELECT conrelid::regclass AS tab, pg_get_constraintdef(oid) AS fk
FROM pg_constraint
WHERE contype = 'f' AND connamespace = 'fpdb'::regnamespace
ORDER BY 1, 2;

-- Tables and sequences pg_dump keeps with the user's data.
SELECT c.relname, c.relkind
FROM pg_extension e, unnest(e.extconfig) AS cfg(oid)
JOIN pg_class c ON c.oid = cfg.oid
WHERE e.extname = 'fpdb'
ORDER BY c.relkind DESC, c.relname;

SELECT version FROM fpdb.Settings;

-- commentTs is stamped by the database whenever comment changes.
INSERT INTO fpdb.Sites (name, currency) VALUES ('Regress Room', 'USD');
INSERT INTO fpdb.Players (name, siteId) SELECT 'p1', id FROM fpdb.Sites WHERE name = 'Regress Room';
SELECT name, comment, commentTs IS NULL AS no_ts FROM fpdb.Players WHERE name = 'p1';
UPDATE fpdb.Players SET comment = 'calls too much' WHERE name = 'p1';
SELECT name, comment, commentTs IS NOT NULL AS stamped, commentTs > now() - interval '1 minute' AS recent
FROM fpdb.Players WHERE name = 'p1';
UPDATE fpdb.Players SET commentTs = '2001-01-01' WHERE name = 'p1';
UPDATE fpdb.Players SET name = 'p1' WHERE name = 'p1';  -- comment unchanged: stamp kept
SELECT commentTs FROM fpdb.Players WHERE name = 'p1';
UPDATE fpdb.Players SET comment = 'folds a lot' WHERE name = 'p1';
SELECT commentTs > '2001-01-01' AS restamped FROM fpdb.Players WHERE name = 'p1';
DELETE FROM fpdb.Players WHERE name = 'p1';
DELETE FROM fpdb.Sites WHERE name = 'Regress Room';

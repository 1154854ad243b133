-- Catalogs of the fpdb schema as text, for comparing an updated database with a fresh install
-- (tests/integration/allin_update.sh): columns, relations, constraints, indexes, functions,
-- views, triggers, types, extension members, privileges and comments.
\pset format unaligned
\pset tuples_only on
SELECT 'col ' || c.relname || ' ' || a.attnum || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE c.relnamespace = 'fpdb'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1;
SELECT 'rel ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '') || ' ' || coalesce(c.relacl::text, '') || ' ' || coalesce(obj_description(c.oid, 'pg_class'), '') FROM pg_class c WHERE c.relnamespace = 'fpdb'::regnamespace ORDER BY 1;
SELECT 'con ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'fpdb'::regnamespace ORDER BY 1;
SELECT 'idx ' || pg_get_indexdef(indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'fpdb'::regnamespace ORDER BY 1;
SELECT 'fun ' || p.oid::regprocedure || ' ' || coalesce(p.proacl::text, '') || ' ' || coalesce(obj_description(p.oid, 'pg_proc'), '') || E'\n' || pg_get_functiondef(p.oid) FROM pg_proc p WHERE p.pronamespace = 'fpdb'::regnamespace AND p.prokind <> 'a' ORDER BY 1;
SELECT 'view ' || c.relname || E'\n' || pg_get_viewdef(c.oid) FROM pg_class c WHERE c.relnamespace = 'fpdb'::regnamespace AND c.relkind IN ('v', 'm') ORDER BY 1;
SELECT 'trg ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text || ' ' || pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'fpdb'::regnamespace AND NOT tgisinternal ORDER BY 1;
SELECT 'type ' || t.typname || ' ' || coalesce(obj_description(t.oid, 'pg_type'), '') FROM pg_type t WHERE t.typnamespace = 'fpdb'::regnamespace ORDER BY 1;
SELECT 'ext ' || extversion FROM pg_extension WHERE extname = 'fpdb';
SELECT 'member ' || pg_describe_object(classid, objid, objsubid) FROM pg_depend WHERE refclassid = 'pg_extension'::regclass AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fpdb') ORDER BY 1;
SELECT 'settings ' || version FROM fpdb.Settings;
SELECT 'own ' || count(*) FROM fpdb._own_objects;

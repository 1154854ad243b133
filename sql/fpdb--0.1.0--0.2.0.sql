-- fpdb 0.1.0 -> 0.2.0, run by ALTER EXTENSION fpdb UPDATE.
--
-- Every change to an SQL object after release 0.1.0 goes into this file until 0.2.0 is released;
-- tests/integration/update.sh proves that a database updated by it equals a fresh install.
\echo Use "ALTER EXTENSION fpdb UPDATE" to load this file. \quit

-- Settings.version follows the release.
UPDATE fpdb.Settings SET version = 2;
COMMENT ON TABLE fpdb.Settings IS 'One row: the version of the fpdb schema (the release''s minor number: 0.2.0 = 2).';

-- An ordinary role that may create objects in public plants functions and operators that would
-- be a better match than pg_catalog's for what fpdb's statements call. A superuser then imports,
-- deletes and reads hands with public first in its search_path: fpdb never calls them (its
-- functions pin their search_path and every statement names pg_catalog's objects).
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
\set summary :abs_srcdir '/data/stars-summary-plo5-ko.txt'
\set summary_hands :abs_srcdir '/data/stars-tour-plo5-ko.txt'
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;
CREATE ROLE regress_planter;
GRANT CREATE ON SCHEMA public TO regress_planter;
SET ROLE regress_planter;
CREATE TABLE public.planted_calls (caller name, what text);
GRANT INSERT, SELECT ON public.planted_calls TO PUBLIC;
CREATE FUNCTION public.note(what text) RETURNS void LANGUAGE sql
    AS $$ INSERT INTO public.planted_calls VALUES (current_user, what) $$;
-- Functions: exact matches where pg_catalog's need a cast, and exact copies of pg_catalog's.
CREATE FUNCTION public.to_timestamp(bigint) RETURNS timestamptz LANGUAGE sql
    AS $$ SELECT public.note('to_timestamp(bigint)'); SELECT pg_catalog.to_timestamp($1::float8) $$;
CREATE FUNCTION public.to_timestamp(double precision) RETURNS timestamptz LANGUAGE sql
    AS $$ SELECT public.note('to_timestamp(float8)'); SELECT pg_catalog.to_timestamp($1) $$;
CREATE FUNCTION public.unnest(anyarray) RETURNS SETOF anyelement LANGUAGE sql
    AS $$ SELECT public.note('unnest'); SELECT * FROM pg_catalog.unnest($1) $$;
CREATE FUNCTION public.count(anyelement) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.note('count'); SELECT 1::bigint $$;
CREATE FUNCTION public.pg_advisory_xact_lock(bigint) RETURNS void LANGUAGE sql
    AS $$ SELECT public.note('pg_advisory_xact_lock'); SELECT pg_catalog.pg_advisory_xact_lock($1) $$;
CREATE FUNCTION public.set_config(text, text, boolean) RETURNS text LANGUAGE sql
    AS $$ SELECT public.note('set_config'); SELECT pg_catalog.set_config($1, $2, $3) $$;
CREATE FUNCTION public.current_setting(text, boolean) RETURNS text LANGUAGE sql
    AS $$ SELECT public.note('current_setting'); SELECT pg_catalog.current_setting($1, $2) $$;
-- Operators fpdb's statements use, for the types they compare.
CREATE FUNCTION public.planted_eq_vt(varchar, text) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.note('= (varchar, text)'); SELECT $1::text OPERATOR(pg_catalog.=) $2 $$;
CREATE OPERATOR public.= (LEFTARG = varchar, RIGHTARG = text, FUNCTION = public.planted_eq_vt);
CREATE FUNCTION public.planted_eq_ii(int, int) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.note('= (int, int)'); SELECT $1 OPERATOR(pg_catalog.=) $2 $$;
CREATE OPERATOR public.= (LEFTARG = int, RIGHTARG = int, FUNCTION = public.planted_eq_ii);
CREATE FUNCTION public.planted_eq_ss(smallint, smallint) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.note('= (smallint, smallint)'); SELECT $1 OPERATOR(pg_catalog.=) $2 $$;
CREATE OPERATOR public.= (LEFTARG = smallint, RIGHTARG = smallint, FUNCTION = public.planted_eq_ss);
CREATE FUNCTION public.planted_eq_sa(smallint, smallint[]) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.note('= ANY (smallint[])'); SELECT $1 OPERATOR(pg_catalog.=) ANY ($2) $$;
CREATE FUNCTION public.planted_plus(int, bigint) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.note('+ (int, bigint)'); SELECT $1 OPERATOR(pg_catalog.+) $2 $$;
CREATE OPERATOR public.+ (LEFTARG = int, RIGHTARG = bigint, FUNCTION = public.planted_plus);
CREATE FUNCTION public.planted_le(int, int) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.note('<= (int, int)'); SELECT $1 OPERATOR(pg_catalog.<=) $2 $$;
CREATE OPERATOR public.<= (LEFTARG = int, RIGHTARG = int, FUNCTION = public.planted_le);
CREATE FUNCTION public.planted_and(int, int) RETURNS int LANGUAGE sql
    AS $$ SELECT public.note('& (int, int)'); SELECT $1 OPERATOR(pg_catalog.&) $2 $$;
CREATE OPERATOR public.& (LEFTARG = int, RIGHTARG = int, FUNCTION = public.planted_and);
RESET ROLE;

SET search_path = public, pg_catalog;
-- The planted objects work: called unqualified, they note the call (so the test can fail).
SELECT to_timestamp(0::bigint) IS NOT NULL AS called;
SELECT what, count(*) AS noted FROM planted_calls GROUP BY what;
DELETE FROM planted_calls;

-- Everything a superuser does with fpdb.
SELECT imported FROM fpdb.import_file(:'nlhe78');
SELECT pg_read_file(:'ko') AS ko_text \gset
SELECT imported FROM fpdb.import_hands(:'ko_text');
SET fpdb.direct_writes = off;
DELETE FROM fpdb.Hands WHERE siteHandNo % 2 = 0;
SELECT imported FROM fpdb.import_file(:'nlhe78');
RESET fpdb.direct_writes;
UPDATE fpdb.HandsPlayers SET totalProfit = totalProfit + 1 WHERE seatNo = 1;
SELECT count(*) AS diff FROM fpdb.hudcache_diff();
SELECT fpdb.rebuild_hudcache() > 0 AS rebuilt;
SELECT hands > 0 AS hud_read FROM fpdb.hud('Hero');
SELECT count(*) > 0 AS stats_read FROM fpdb.player_stats;
SELECT fpdb.autorate(10) >= 0 AS rated;
-- Tournament summaries: stored after, before and again (a duplicate), and read back.
SELECT imported FROM fpdb.import_file(:'summary_hands');
SELECT imported FROM fpdb.import_file(:'summary');
SELECT pg_read_file(:'summary') AS summary_text \gset
SELECT imported, duplicates FROM fpdb.import_hands(:'summary_text');
SELECT count(*) > 0 AS results_read FROM fpdb.tourney_results;
SELECT tournaments FROM fpdb.tourney_stats('Hero');
DELETE FROM fpdb.Hands;
RESET search_path;
SELECT caller, what, count(*) FROM public.planted_calls GROUP BY 1, 2 ORDER BY 1, 2;

DROP TABLE public.planted_calls;
DROP OPERATOR public.= (varchar, text), public.= (int, int), public.= (smallint, smallint),
    public.+ (int, bigint), public.<= (int, int), public.& (int, int);
DROP FUNCTION public.note(text), public.to_timestamp(bigint), public.to_timestamp(double precision),
    public.unnest(anyarray), public.count(anyelement), public.pg_advisory_xact_lock(bigint),
    public.set_config(text, text, boolean), public.current_setting(text, boolean),
    public.planted_eq_vt(varchar, text), public.planted_eq_ii(int, int),
    public.planted_eq_ss(smallint, smallint), public.planted_eq_sa(smallint, smallint[]),
    public.planted_plus(int, bigint), public.planted_le(int, int), public.planted_and(int, int);
REVOKE CREATE ON SCHEMA public FROM regress_planter;
DROP ROLE regress_planter;

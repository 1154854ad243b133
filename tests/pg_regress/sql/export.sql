-- fpdb.export_hand / fpdb.export_hands: stored hands out as PokerStars text, and back in.
\getenv abs_srcdir PG_ABS_SRCDIR
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set rit :abs_srcdir '/data/stars-run-it-twice.txt'
\set stud :abs_srcdir '/data/stars-stud-11hands.txt'
\set draw :abs_srcdir '/data/stars-triple-draw.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
\set utf16 :abs_srcdir '/data/winning-utf16.txt'
\set plo5 :abs_srcdir '/data/stars-tour-plo5-ko.txt'

TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;

SELECT imported, failed FROM fpdb.import_file(:'fourbet');
-- The 4-bet hand of semantics.md §3.16 as the database tells it.
SELECT fpdb.export_hand(id) FROM fpdb.Hands;
-- A hand of another room: the room's name and hand id lead the table name.
SELECT imported, failed FROM fpdb.import_file(:'utf16');
SELECT fpdb.export_hand(h.id, 'PokerStars')
FROM fpdb.Hands h JOIN fpdb.Sites s ON s.id = h.siteId
WHERE s.name = 'Winning Poker Network' ORDER BY h.handStart, h.id LIMIT 1;

-- Every game of the test files: hold'em (run it twice), stud, triple draw, a knockout tournament.
SELECT imported, failed FROM fpdb.import_file(:'nlhe78');
SELECT imported, failed FROM fpdb.import_file(:'rit');
SELECT imported, failed FROM fpdb.import_file(:'stud');
SELECT imported, failed FROM fpdb.import_file(:'draw');
SELECT imported, failed FROM fpdb.import_file(:'ko');
SELECT fpdb.export_hand(h.id)
FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
WHERE g.category = 'studhi' ORDER BY h.siteHandNo LIMIT 1;
SELECT fpdb.export_hand(h.id)
FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
WHERE g.category = '27_3draw' ORDER BY h.siteHandNo LIMIT 1;

-- export_hands: one text per id, in the order given (repeats repeated, NULLs skipped).
SELECT count(*) AS texts, count(DISTINCT t) AS distinct_texts
FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id)) AS t;
SELECT array_agg(substring(t FROM '#([0-9]+):') ORDER BY o) AS hand_numbers
FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id DESC LIMIT 3) || NULL::bigint
    || (SELECT max(id) FROM fpdb.Hands)) WITH ORDINALITY AS x(t, o);
-- Every hand of a player.
SELECT count(*) AS hero_hands
FROM fpdb.export_hands(ARRAY(
    SELECT hp.handId FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId
    WHERE p.name = 'Hero' ORDER BY hp.handId)) AS t;
SELECT count(*) AS none FROM fpdb.export_hands('{}');
-- Rows are read by runs of consecutive ids: ids with gaps and runs, in any order, give
-- each hand's own text, as export_hand does.
SELECT count(*) AS texts, bool_and(x.t = fpdb.export_hand(i.id)) AS each_its_own
FROM (SELECT array_agg(id ORDER BY id % 3, id DESC) AS a FROM fpdb.Hands WHERE id % 5 <> 2) ids,
     fpdb.export_hands(ids.a) WITH ORDINALITY AS x(t, o),
     LATERAL (SELECT ids.a[x.o::int] AS id) i;

-- The round trip: every stored hand exported, deleted, and the texts imported again give the
-- same HandsPlayers rows (all columns but ids, game type and tournament links; the Winning
-- hands come back as PokerStars hands, their players as PokerStars players of the same name).
CREATE TEMP TABLE before_rows AS
SELECT p.name, to_jsonb(hp) - '{id,handid,playerid,gametypeid,tourneytypeid,tourneysplayersid}'::text[] AS r
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId;
CREATE TEMP TABLE texts AS
SELECT t FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id)) AS t;
DELETE FROM fpdb.Hands;
SELECT imported, duplicates, failed
FROM fpdb.import_hands((SELECT string_agg(t, E'\n\n\n') FROM texts), on_error => 'abort');
CREATE TEMP TABLE after_rows AS
SELECT p.name, to_jsonb(hp) - '{id,handid,playerid,gametypeid,tourneytypeid,tourneysplayersid}'::text[] AS r
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId;
SELECT (SELECT count(*) FROM before_rows) AS rows_before, (SELECT count(*) FROM after_rows) AS rows_after,
       (SELECT count(*) FROM (SELECT * FROM before_rows EXCEPT ALL SELECT * FROM after_rows) d) AS missing,
       (SELECT count(*) FROM (SELECT * FROM after_rows EXCEPT ALL SELECT * FROM before_rows) d) AS extra;
-- Exported again, the re-imported hands give the same texts (the Winning ones now as
-- PokerStars hands keep their table name).
SELECT count(*) AS same_texts
FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id)) AS t
WHERE t IN (SELECT t FROM texts);

-- Open Hand History: the 4-bet hand as one JSON document (shown by jsonb, keys sorted).
SELECT jsonb_pretty(fpdb.export_hand(id, 'ohh')::jsonb) FROM fpdb.Hands WHERE siteHandNo = 42738187409;
-- Every stored hand as OHH: the chips the actions put in are the pots' amounts, and each pot is
-- its rake and its winners' amounts.
SELECT count(*) AS ohh_documents,
       count(*) FILTER (WHERE put_in = pots) AS actions_equal_pots,
       count(*) FILTER (WHERE pots = paid) AS pots_equal_rake_and_wins
FROM (SELECT (SELECT coalesce(sum(v::numeric), 0)
              FROM jsonb_path_query(d, '$.ohh.rounds[*].actions[*].amount') v) AS put_in,
             (SELECT coalesce(sum(v::numeric), 0) FROM jsonb_path_query(d, '$.ohh.pots[*].amount') v) AS pots,
             (SELECT coalesce(sum(v::numeric), 0)
              FROM jsonb_path_query(d, '$.ohh.pots[*].rake') v)
             + (SELECT coalesce(sum(v::numeric), 0)
                FROM jsonb_path_query(d, '$.ohh.pots[*].player_wins[*].win_amount') v) AS paid
      FROM (SELECT t::jsonb AS d
            FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id), 'ohh') AS t) x) y;
-- PHH: the 4-bet hand as the TOML document pokerkit replays.
SELECT fpdb.export_hand(id, 'phh') FROM fpdb.Hands WHERE siteHandNo = 42738187409;
SELECT count(*) AS phh_documents
FROM fpdb.export_hands(ARRAY(SELECT id FROM fpdb.Hands ORDER BY id), 'PHH') AS t
WHERE t LIKE 'variant = %';

-- Errors, each with its SQLSTATE.
\set VERBOSITY default
SELECT fpdb.export_hand(-1);
\echo :SQLSTATE
SELECT fpdb.export_hands(ARRAY[(SELECT min(id) FROM fpdb.Hands), -1]);
\echo :SQLSTATE
SELECT fpdb.export_hand((SELECT min(id) FROM fpdb.Hands), 'xml');
\echo :SQLSTATE
-- PHH has no variant code for 5-card Omaha.
SELECT imported, failed FROM fpdb.import_file(:'plo5');
SELECT fpdb.export_hand(h.id, 'phh')
FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId
WHERE g.category = '5_omahahi' ORDER BY h.siteHandNo LIMIT 1;
\echo :SQLSTATE
\set VERBOSITY terse
SELECT fpdb.export_hand(NULL) IS NULL AS null_in_null_out;

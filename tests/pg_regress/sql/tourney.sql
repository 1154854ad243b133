-- Tournament summaries: import, order independence, duplicates, merging, the results view and
-- fpdb.tourney_stats, and refused summaries with their SQLSTATE.
\getenv abs_srcdir PG_ABS_SRCDIR
SET TimeZone = 'UTC';
SET DateStyle = 'ISO';
\set summary :abs_srcdir '/data/stars-summary-plo5-ko.txt'
\set hand :abs_srcdir '/data/stars-tour-plo5-ko.txt'
\set running :abs_srcdir '/data/stars-summary-running.txt'
\set finished :abs_srcdir '/data/stars-summary-finished.txt'
\set ftp :abs_srcdir '/data/ftp-summary-rebuy.txt'
\set pacific :abs_srcdir '/data/888-summary-rebuy.txt'
\set pt :abs_srcdir '/data/pt-summary-bounty.txt'
\set wmx :abs_srcdir '/data/winamax-summary-rebuy.txt'
\set wpage :abs_srcdir '/data/winamax-page.html'
\set archive :abs_srcdir '/data/stars-archive.htm'
\set winning :abs_srcdir '/data/winning-report.html'

CREATE FUNCTION pg_temp.reset() RETURNS void LANGUAGE sql AS $$
    TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
        fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
        RESTART IDENTITY;
$$;

-- What an import order leaves, independent of row ids: the tournament with its type, every
-- player's result, and the hands' HandsPlayers and HudCache keys.
CREATE FUNCTION pg_temp.state() RETURNS TABLE (what text, n bigint, digest text) LANGUAGE sql AS $$
    SELECT 'types in use', count(*), string_agg(concat_ws(',', tt.currency, tt.buyin, tt.fee, tt.knockout,
           tt.rebuyOrAddon, tt.category, tt.limitType, tt.speed, tt.maxSeats), ';')
    FROM fpdb.TourneyTypes tt WHERE EXISTS (SELECT 1 FROM fpdb.Tourneys t WHERE t.tourneyTypeId = tt.id)
    UNION ALL
    SELECT 'all types', count(*), NULL FROM fpdb.TourneyTypes
    UNION ALL
    SELECT 'tourneys', count(*), string_agg(concat_ws(',', t.siteTourneyNo, t.entries, t.prizepool, t.startTime,
           t.endTime, t.finished), ';')
    FROM fpdb.Tourneys t
    UNION ALL
    SELECT 'tourneys players', count(*), md5(string_agg(concat_ws(',', p.name, tp.rank, tp.winnings,
           tp.payinAmount, tp.ticket), ';' ORDER BY p.name))
    FROM fpdb.TourneysPlayers tp JOIN fpdb.Players p ON p.id = tp.playerId
    UNION ALL
    SELECT 'hands players of the tournament type', count(*), NULL
    FROM fpdb.HandsPlayers hp JOIN fpdb.TourneysPlayers tp ON tp.id = hp.tourneysPlayersId
    JOIN fpdb.Tourneys t ON t.id = tp.tourneyId WHERE hp.tourneyTypeId = t.tourneyTypeId
    UNION ALL
    SELECT 'hudcache rows of the tournament type', count(*), sum(h.HDs)::text
    FROM fpdb.HudCache h JOIN fpdb.Tourneys t ON t.tourneyTypeId = h.tourneyTypeId
$$;

-- 1. The summary alone.
SELECT pg_temp.reset();
SELECT * FROM fpdb.import_file(:'summary');
SELECT s.name AS site, t.siteTourneyNo, tt.currency, tt.buyin, tt.fee, tt.knockout, tt.category, tt.limitType,
       t.entries, t.prizepool, t.startTime, t.endTime, t.finished
FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id = t.tourneyTypeId JOIN fpdb.Sites s ON s.id = t.siteId;
SELECT player_name, rank, winnings, cost, won, profit FROM fpdb.tourney_results WHERE rank <= 8 ORDER BY rank;
SELECT count(*) AS players, count(*) FILTER (WHERE winnings > 0) AS paid, sum(winnings) AS paid_out
FROM fpdb.tourney_results;
-- Imported twice: a duplicate, nothing changes.
SELECT * FROM fpdb.import_file(:'summary');
SELECT * FROM pg_temp.state();

-- 2. Summary, then the tournament's hand: the hand's bounty completes the type (the summary
--    prints buy-in and bounty together), the hand's players link to the summary's rows.
SELECT * FROM fpdb.import_file(:'hand');
SELECT * FROM pg_temp.state();
SELECT p.name, tp.rank, tp.winnings, hp.tourneyTypeId = t.tourneyTypeId AS same_type
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId
JOIN fpdb.TourneysPlayers tp ON tp.id = hp.tourneysPlayersId JOIN fpdb.Tourneys t ON t.id = tp.tourneyId
ORDER BY p.name;
CREATE TEMP TABLE summary_first AS SELECT * FROM pg_temp.state();

-- 3. The hand, then the summary: the same rows.
SELECT pg_temp.reset();
SELECT * FROM fpdb.import_file(:'hand');
SELECT tt.buyin, tt.fee, tt.knockout, tt.category FROM fpdb.TourneyTypes tt;
SELECT * FROM fpdb.import_file(:'summary');
SELECT (SELECT count(*) FROM (SELECT * FROM pg_temp.state() EXCEPT SELECT * FROM summary_first) d) AS differing_rows;
-- HudCache still equals a rebuild from HandsPlayers after the hands moved to the refined type.
SELECT count(*) AS hudcache_differences FROM fpdb.hudcache_diff();

-- 4. Both in one text, summary between two copies of the hand: the same rows again.
SELECT pg_temp.reset();
SELECT * FROM fpdb.import_hands(pg_read_file(:'hand') || E'\n\n' || pg_read_file(:'summary') || E'\n\n'
                                || pg_read_file(:'hand'));
SELECT (SELECT count(*) FROM (SELECT * FROM pg_temp.state() EXCEPT SELECT * FROM summary_first) d) AS differing_rows;

-- 5. A running tournament's summary, then the finished one: places, tickets and the USD prize
--    pool fill in; the running summary imported again changes nothing.
SELECT pg_temp.reset();
SELECT * FROM fpdb.import_file(:'running');
SELECT t.entries, t.prizepool, tt.currency, t.prizeCurrency, t.finished,
       count(tp.rank) AS ranked, count(*) AS listed
FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id = t.tourneyTypeId JOIN fpdb.TourneysPlayers tp ON tp.tourneyId = t.id
GROUP BY 1, 2, 3, 4, 5;
SELECT * FROM fpdb.import_file(:'finished');
SELECT * FROM fpdb.import_file(:'running');
SELECT t.entries, t.prizepool, t.prizeCurrency, t.endTime, t.finished, t.targetTourneyNo,
       count(tp.rank) AS ranked, count(*) AS listed
FROM fpdb.Tourneys t JOIN fpdb.TourneysPlayers tp ON tp.tourneyId = t.id
GROUP BY 1, 2, 3, 4, 5, 6;
SELECT player_name, rank, winnings, winnings_currency, ticket, cost, won, profit
FROM fpdb.tourney_results WHERE rank <= 6 OR player_name = 'NoFlaVor' ORDER BY rank;

-- 6. One summary of every other format: its type, tournament and hero.
SELECT pg_temp.reset();
SELECT 'ftp' AS f, * FROM fpdb.import_file(:'ftp')
UNION ALL SELECT '888', * FROM fpdb.import_file(:'pacific')
UNION ALL SELECT 'pt', * FROM fpdb.import_file(:'pt')
UNION ALL SELECT 'winamax', * FROM fpdb.import_file(:'wmx')
UNION ALL SELECT 'winamax page', * FROM fpdb.import_file(:'wpage')
UNION ALL SELECT 'stars archive', * FROM fpdb.import_file(:'archive')
UNION ALL SELECT 'winning', * FROM fpdb.import_file(:'winning');
SELECT s.name AS site, t.siteTourneyNo, tt.currency, tt.buyin, tt.fee, tt.knockout, tt.rebuyOrAddon,
       tt.rebuyCost, tt.addonCost, tt.speed, tt.maxSeats, tt.satellite, t.entries, t.prizepool,
       t.totalRebuys, t.totalAddons, t.targetTourneyNo, t.startTime, t.finished
FROM fpdb.Tourneys t JOIN fpdb.TourneyTypes tt ON tt.id = t.tourneyTypeId JOIN fpdb.Sites s ON s.id = t.siteId
ORDER BY s.name, t.siteTourneyNo;
SELECT r.site, r.tourney_no, r.player_name, r.rank, r.winnings, r.ticket, r.bounties, r.rebuys, r.addons, r.cost, r.profit
FROM fpdb.tourney_results r
WHERE r.player_name IN ('Hero', 'ChazDazzle', 'ocbguy1', 'remyxmen', 'gpelle', 'bonito1982')
ORDER BY r.site, r.tourney_no, r.player_name;

-- 7. fpdb.tourney_stats: one row per buy-in currency, with filters.
SELECT * FROM fpdb.tourney_stats('Hero');
SELECT * FROM fpdb.tourney_stats('Hero', site => 'PokerStars');
SELECT * FROM fpdb.tourney_stats('Hero', currency => 'USD', min_buyin => 5, max_buyin => 11);
SELECT * FROM fpdb.tourney_stats('ChazDazzle', speed => 'turbo');
SELECT * FROM fpdb.tourney_stats('Hero', since => '2010-01-01', until => '2011-01-01');
SELECT * FROM fpdb.tourney_stats('nobody');

-- 8. Refused summaries: SQLSTATE, line, message; the other summaries of the text are stored.
SELECT imported, duplicates, failed, jsonb_pretty(errors) FROM fpdb.import_hands(
E'PokerStars Tournament #1, No Limit Hold''em\nBuy-In: $1.00/$0.10 USD\n10 players\nStarting chips: 10,000\n' ||
E'Tournament started 2020/01/01 10:00:00 ET\n\n' ||
E'PokerStars Tournament #2, No Limit Hold''em\nBuy-In: $1.00/$0.10 USD\n2 players\n' ||
E'Tournament started 2020/01/01 10:00:00 ET\n  1: A (Chile), $2.00 (100%)\n  2: B (Chile),\n');
SELECT imported, failed, errors -> 0 ->> 'sqlstate' AS sqlstate, errors -> 0 ->> 'message' AS message
FROM fpdb.import_bytes('\xd0cf11e0a1b11ae1000000'::bytea);
SELECT imported, failed, errors -> 0 ->> 'kind' AS kind, errors -> 0 ->> 'message' AS message
FROM fpdb.import_hands(E'PokerStars Tournament #3, Razz\nBuy-In: 9999999999/1\n');
-- on_error => 'abort': the first refused summary raises; nothing of the call is stored.
\set VERBOSITY default
SELECT * FROM fpdb.import_hands(E'PokerStars Tournament #4, Razz\nBuy-In: $1.00/$0.10 USD\n\n' ||
                                E'Full Tilt Poker Tournament Summary X (12) Razz\nBuy-In: $1 + $0.10\nSomething odd\n',
                                on_error => 'abort');
\echo :SQLSTATE
\set VERBOSITY terse
SELECT count(*) AS stored_after_abort FROM fpdb.Tourneys WHERE siteTourneyNo IN (4, 12);

-- 9. fpdb.parse_summaries: the model as JSON.
SELECT d ->> 'site' AS site, d ->> 'tourney_no' AS no, d ->> 'hero' AS hero, jsonb_array_length(d -> 'players') AS players,
       d -> 'players' -> 0 AS first
FROM fpdb.parse_summaries(pg_read_file(:'ftp')) AS d;

-- All-in EV (HandsPlayers.allInEV, HudCache.allInEV), the running winnings, sessions and the graph.
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set preflop :abs_srcdir '/data/allin-preflop.txt'
\set sidepot :abs_srcdir '/data/allin-side-pot.txt'
\set twice :abs_srcdir '/data/allin-run-it-twice.txt'

TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;
SELECT sum(imported) AS imported FROM (VALUES (:'nlhe78'), (:'preflop'), (:'sidepot'), (:'twice')) AS f(path),
    LATERAL fpdb.import_file(f.path);

-- The all-in hands: allInEV differs from totalProfit for the contenders only.
-- AA against K5s before the flop, $41.40 pot, $2.05 rake: Hero round(83.13% x 3935) - 2020.
-- Omaha three-way with a side pot and money the room added; Courchevel hi/lo run twice.
SELECT h.siteHandNo, p.name, hp.totalProfit, hp.allInEV
FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId JOIN fpdb.Players p ON p.id = hp.playerId
WHERE h.siteHandNo IN (37165169101, 36197946, 97007286518)
ORDER BY h.siteHandNo, hp.seatNo;
-- Every hand is zero-sum in allInEV as in totalProfit; hands without a priced all-in keep it.
SELECT count(*) AS hands, count(*) FILTER (WHERE ev <> profit) AS not_zero_sum,
       count(*) FILTER (WHERE priced) AS priced
FROM (SELECT handId, sum(allInEV) AS ev, sum(totalProfit) AS profit, bool_or(allInEV <> totalProfit) AS priced
      FROM fpdb.HandsPlayers GROUP BY handId) AS x;
-- HudCache holds the sums.
SELECT count(*) AS hudcache_diff FROM fpdb.hudcache_diff();
SELECT (SELECT sum(allInEV) FROM fpdb.HudCache) = (SELECT sum(allInEV) FROM fpdb.HandsPlayers) AS hudcache_sum;
SELECT pg_typeof(allInEV) AS hudcache_type FROM fpdb.HudCache LIMIT 1;

-- The INSERT path stores the same allInEV as the direct path.
CREATE TEMP TABLE direct AS
SELECT h.siteHandNo, hp.seatNo, hp.allInEV FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId;
-- The rows stored again, against those.
CREATE TEMP VIEW same_ev AS
SELECT count(*) AS rows, count(*) FILTER (WHERE d.allInEV IS DISTINCT FROM hp.allInEV) AS differing
FROM direct d JOIN fpdb.Hands h ON h.siteHandNo = d.siteHandNo
JOIN fpdb.HandsPlayers hp ON hp.handId = h.id AND hp.seatNo = d.seatNo;
DELETE FROM fpdb.Hands WHERE siteHandNo IN (37165169101, 36197946, 97007286518);
SET fpdb.direct_writes = off;
SELECT sum(imported) AS imported FROM (VALUES (:'preflop'), (:'sidepot'), (:'twice')) AS f(path),
    LATERAL fpdb.import_file(f.path);
RESET fpdb.direct_writes;
SELECT * FROM same_ev;
SELECT count(*) AS hudcache_diff FROM fpdb.hudcache_diff();

-- The equity workers (fpdb.equity_workers, 0 by default) change which thread computes the
-- equities, not what is stored: one and four give the same allInEV as none (the default).
SHOW fpdb.equity_workers;
SET fpdb.equity_workers = 1;
DELETE FROM fpdb.Hands WHERE siteHandNo IN (37165169101, 36197946, 97007286518);
SELECT sum(imported) AS imported FROM (VALUES (:'preflop'), (:'sidepot'), (:'twice')) AS f(path),
    LATERAL fpdb.import_file(f.path);
SET fpdb.equity_workers = 4;
SELECT * FROM same_ev;
DELETE FROM fpdb.Hands WHERE siteHandNo IN (37165169101, 36197946, 97007286518);
SELECT sum(imported) AS imported FROM (VALUES (:'preflop'), (:'sidepot'), (:'twice')) AS f(path),
    LATERAL fpdb.import_file(f.path);
RESET fpdb.equity_workers;
SELECT * FROM same_ev;
SELECT count(*) AS hudcache_diff FROM fpdb.hudcache_diff();
\set VERBOSITY default
SET fpdb.equity_workers = 17;
\echo :SQLSTATE
SET fpdb.equity_workers = -1;
\echo :SQLSTATE
\set VERBOSITY terse

-- profit_series: one row per hand of the player in time order, running sums. Hero's first
-- hands, the all-in hands, and the end.
SELECT hand_no, site_hand_no, hand_start, net, allin_adjusted, showdown, non_showdown
FROM fpdb.profit_series('Hero') WHERE hand_no <= 3 OR site_hand_no IN (37165169101, 36197946, 97007286518)
ORDER BY hand_no;
SELECT hand_no, net, allin_adjusted, showdown, non_showdown
FROM fpdb.profit_series('Hero') ORDER BY hand_no DESC LIMIT 1;
-- The series end at the sums of the stored columns; net = showdown + non_showdown on every row.
SELECT s.net = t.profit AS net, s.allin_adjusted = t.ev AS allin_adjusted, s.showdown = t.sd AS showdown,
       s.hands = t.hands AS hands
FROM (SELECT count(*) OVER () AS hands, * FROM fpdb.profit_series('Hero') ORDER BY hand_no DESC LIMIT 1) AS s,
     (SELECT count(*) AS hands, sum(totalProfit) AS profit, sum(allInEV) AS ev,
             sum(totalProfit) FILTER (WHERE sawShowdown <> 0) AS sd
      FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId WHERE p.name = 'Hero') AS t;
SELECT count(*) FILTER (WHERE net <> showdown + non_showdown) AS unbalanced_rows FROM fpdb.profit_series('Hero');
-- In big blinds (each hand over its game's big blind), and with the filters of fpdb.hud.
SELECT hand_no, net, allin_adjusted, showdown, non_showdown
FROM fpdb.profit_series('Hero', unit => 'bb') ORDER BY hand_no DESC LIMIT 1;
SELECT count(*) AS hands, max(net) FILTER (WHERE hand_no = 1) AS first_net
FROM fpdb.profit_series('Hero', site => 'Run It Once');
SELECT count(*) AS hands FROM fpdb.profit_series('Hero', site => 'PokerStars', category => 'holdem', limit_type => 'nl');
SELECT count(*) AS hands FROM fpdb.profit_series('Hero', positions => ARRAY['B']);
SELECT count(*) AS hands FROM fpdb.profit_series('Hero', min_seats => 6, max_seats => 6);
SELECT count(*) AS hands FROM fpdb.profit_series('Hero', game_type => 'tour');
SELECT count(*) AS hands FROM fpdb.profit_series('Nobody');

-- sessions: hands at most gap apart. The 78 hands are one evening; the three all-in hands are
-- years apart.
SELECT session_no, start_time, end_time, hands, tables, net, allin_adjusted, bb_per_100
FROM fpdb.sessions('Hero') ORDER BY session_no;
SELECT count(*) AS sessions, sum(hands) AS hands FROM fpdb.sessions('Hero', gap => '1 minute');
SELECT count(*) AS sessions FROM fpdb.sessions('Hero', '10 years');
SELECT session_no, hands FROM fpdb.sessions('Hero', site => 'Run It Once');

-- profit_graph: an SVG document of the four lines, legend with final values, axes with units.
SELECT left(svg, 38) AS head, length(svg) > 5000 AS drawn,
       svg ~ '>\s*Hero: winnings over 81 hands\s*<' AS title,
       svg LIKE '%net won: %' AND svg LIKE '%all-in adjusted: %' AND svg LIKE '%non-showdown: %' AS legend,
       svg ~ '>\s*hands\s*<' AS x_axis, svg ~ '>\s*cents \(EUR, USD\)\s*<' AS y_axis,
       rtrim(svg, E'\n') LIKE '%</svg>' AS closed
FROM fpdb.profit_graph('Hero') AS svg;
SELECT svg ~ '>\s*USD\s*<' AS dollars, svg LIKE '%net won: %' AS legend
FROM fpdb.profit_graph('Hero', site => 'PokerStars') AS svg;
SELECT svg ~ '>\s*EUR\s*<' AS euros FROM fpdb.profit_graph('Hero', site => 'Run It Once') AS svg;
SELECT svg ~ '>\s*big blinds\s*<' AS big_blinds, left(svg, 38) AS head
FROM fpdb.profit_graph('Hero', unit => 'bb', width => 1200, height => 600) AS svg;

-- Errors, each with its SQLSTATE.
\set VERBOSITY default
SELECT * FROM fpdb.profit_series('Hero', unit => 'dollars');
\echo :SQLSTATE
SELECT * FROM fpdb.profit_series('Hero', unit => NULL);
\echo :SQLSTATE
SELECT * FROM fpdb.sessions('Hero', gap => '0 minutes');
\echo :SQLSTATE
SELECT * FROM fpdb.sessions('Hero', gap => '-1 hour');
\echo :SQLSTATE
SELECT * FROM fpdb.sessions('Hero', gap => NULL);
\echo :SQLSTATE
SELECT fpdb.profit_graph('Nobody');
\echo :SQLSTATE
SELECT fpdb.profit_graph('Hero', game_type => 'tour');
\echo :SQLSTATE
SELECT fpdb.profit_graph('Hero', width => 100);
\echo :SQLSTATE
SELECT fpdb.profit_graph('Hero', height => NULL);
\echo :SQLSTATE
SELECT fpdb.profit_graph('Hero', unit => 'chips');
\echo :SQLSTATE
SELECT fpdb._profit_svg('p', 'u', ARRAY[1.0], ARRAY[1.0], ARRAY[1.0], ARRAY[]::float8[], 900, 500);
\echo :SQLSTATE
SELECT fpdb._profit_svg('p', 'u', ARRAY[1.0], ARRAY[1.0, 2.0], ARRAY[1.0], ARRAY[1.0], 900, 500);
\echo :SQLSTATE
SELECT fpdb._profit_svg('p', 'u', ARRAY[1.0], ARRAY['NaN'::float8], ARRAY[1.0], ARRAY[1.0], 900, 500);
\echo :SQLSTATE
SELECT fpdb._profit_svg('p', 'u', ARRAY[1.0], ARRAY[NULL::float8], ARRAY[1.0], ARRAY[1.0], 900, 500);
\echo :SQLSTATE
SELECT fpdb._profit_svg('p', 'u', ARRAY[1.0], ARRAY[1.0], ARRAY[1.0], ARRAY[1.0], 900, 100);
\echo :SQLSTATE
\set VERBOSITY terse
-- Names are escaped in the SVG.
SELECT fpdb._profit_svg('<b>&', 'u', ARRAY[1.0], ARRAY[1.0], ARRAY[1.0], ARRAY[1.0], 900, 500) ~ '>\s*&lt;b&gt;&amp;: winnings over 1 hand\s*<' AS escaped;

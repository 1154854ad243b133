-- HudCache kept exact by triggers; HUD statistics; autorates.
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'

-- Start from empty tables (tests share one database).
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;

\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set stud :abs_srcdir '/data/stars-stud-11hands.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
SELECT sum(imported) AS imported FROM (VALUES (:'nlhe78'), (:'fourbet'), (:'stud'), (:'ko')) AS f(path),
    LATERAL fpdb.import_file(f.path);
SELECT count(*) AS hudcache_rows, sum(HDs) AS hds FROM fpdb.HudCache;
SELECT count(*) AS diff_after_import FROM fpdb.hudcache_diff();

-- Deleting hands cascades to HandsPlayers; the trigger subtracts them.
DELETE FROM fpdb.Hands WHERE id % 10 = 3;
SELECT count(*) AS diff_after_delete FROM fpdb.hudcache_diff();
-- fpdb.delete_hands (the same on a Citus cluster, where HudCache has no trigger): the hands
-- deleted, with their rows and their text; hands that are not there count nothing.
SELECT fpdb.delete_hands(ARRAY(SELECT id FROM fpdb.Hands WHERE id % 10 = 4) || ARRAY[-1, 999999]::bigint[]) AS deleted;
SELECT count(*) AS left_rows FROM fpdb.HandsPlayers hp WHERE hp.handId % 10 = 4;
SELECT count(*) AS left_texts FROM fpdb.RawHands r WHERE r.handId % 10 = 4;
SELECT count(*) AS diff_after_delete_hands FROM fpdb.hudcache_diff();
SELECT fpdb.delete_hands('{}') AS none, fpdb.delete_hands(NULL) IS NULL AS null_is_null;

-- Updates move rows between keys and change sums.
UPDATE fpdb.HandsPlayers SET position = '9' WHERE id % 7 = 0;
UPDATE fpdb.HandsPlayers SET street0VPI = 1 - street0VPI, totalProfit = totalProfit + 5 WHERE id % 5 = 0;
UPDATE fpdb.Hands SET seats = seats + 1 WHERE id % 11 = 0;
SELECT count(*) AS diff_after_updates FROM fpdb.hudcache_diff();

-- A plain INSERT (not an import) goes through the trigger too.
INSERT INTO fpdb.HandsPlayers (handId, playerId, gametypeId, activeSeats, startCash, position, seatNo, street0VPI, totalProfit)
SELECT h.id, p.id, h.gametypeId, h.seats, 100, '0', 10, 1, -7
FROM fpdb.Hands h, fpdb.Players p
WHERE h.id = (SELECT min(id) FROM fpdb.Hands) AND p.name = 'Player2' AND p.id NOT IN (SELECT playerId FROM fpdb.HandsPlayers WHERE handId = h.id);
SELECT count(*) AS diff_after_insert FROM fpdb.hudcache_diff();

-- Rows whose HDs reach 0 disappear.
DELETE FROM fpdb.HandsPlayers WHERE seatNo = 10;
SELECT count(*) AS zero_rows FROM fpdb.HudCache WHERE HDs = 0;
SELECT count(*) AS diff_after_delete_rows FROM fpdb.hudcache_diff();

-- hudcache_diff shows a tampered row, rebuild_hudcache repairs it.
UPDATE fpdb.HudCache SET street0VPI = street0VPI + 1 WHERE id = (SELECT min(id) FROM fpdb.HudCache);
SELECT column_name, rebuilt + 1 = cached AS off_by_one FROM fpdb.hudcache_diff();
SELECT fpdb.rebuild_hudcache() = (SELECT count(*) FROM fpdb.hudcache_rebuilt) AS rebuilt_all;
SELECT count(*) AS diff_after_rebuild FROM fpdb.hudcache_diff();

-- Start again from one file to compare the HUD with HandsPlayers by hand.
TRUNCATE fpdb.Hands, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.BoardCards, fpdb.RawHands;
SELECT count(*) AS hudcache_after_truncate FROM fpdb.HudCache;
SELECT imported FROM fpdb.import_file(:'nlhe78');

-- fpdb.player_stats for the player with most hands, next to the same formulas on HandsPlayers.
SELECT player_name, hands, vpip, pfr, limp, three_bet, four_bet, steal, fold_bb_to_steal, fold_sb_to_steal,
       cbet_flop, cbet_turn, cbet_river, fold_to_cbet_flop, check_raise_flop, aggression_factor,
       aggression_frequency, saw_flop, wtsd, wsd, wwsf, net_won, bb_per_100
FROM fpdb.player_stats WHERE player_name = 'Hero';

SELECT count(*) AS hands,
       round(100.0 * sum(street0VPI) / count(*), 2) AS vpip,
       round(100.0 * sum(street0Aggr) / count(*), 2) AS pfr,
       round(100.0 * sum(street0VPI - street0Aggr) / count(*), 2) AS limp,
       round(100.0 * sum(street0_3BDone) / nullif(sum(street0_3BChance), 0), 2) AS three_bet,
       round(100.0 * sum(street0_4BDone) / nullif(sum(street0_4BChance), 0), 2) AS four_bet,
       round(100.0 * sum(stealAttempted) / nullif(sum(stealAttemptChance), 0), 2) AS steal,
       round(100.0 * sum(foldedBbToSteal) / nullif(sum(foldBbToStealChance), 0), 2) AS fold_bb_to_steal,
       round(100.0 * sum(foldedSbToSteal) / nullif(sum(foldSbToStealChance), 0), 2) AS fold_sb_to_steal,
       round(100.0 * sum(street1CBDone) / nullif(sum(street1CBChance), 0), 2) AS cbet_flop,
       round(100.0 * sum(street2CBDone) / nullif(sum(street2CBChance), 0), 2) AS cbet_turn,
       round(100.0 * sum(street3CBDone) / nullif(sum(street3CBChance), 0), 2) AS cbet_river,
       round(100.0 * sum(foldToStreet1CBDone) / nullif(sum(foldToStreet1CBChance), 0), 2) AS fold_to_cbet_flop,
       round(100.0 * sum(street1CheckRaiseDone) / nullif(sum(street1CheckCallRaiseChance), 0), 2) AS check_raise_flop,
       round(1.0 * sum(street1Aggr + street2Aggr + street3Aggr + street4Aggr)
             / nullif(sum(street1Calls + street2Calls + street3Calls + street4Calls), 0), 2) AS aggression_factor,
       round(100.0 * sum(street1Aggr + street2Aggr + street3Aggr + street4Aggr)
             / nullif(sum(street1Seen + street2Seen + street3Seen + street4Seen), 0), 2) AS aggression_frequency,
       round(100.0 * sum(street1Seen) / count(*), 2) AS saw_flop,
       round(100.0 * sum(sawShowdown) / nullif(sum(street1Seen), 0), 2) AS wtsd,
       round(100 * sum(wonAtSD)::numeric / nullif(sum(sawShowdown), 0), 2) AS wsd,
       round(100 * sum(wonWhenSeenStreet1)::numeric / nullif(sum(street1Seen), 0), 2) AS wwsf,
       round(sum(totalProfit) / 100.0, 2) AS net_won,
       round(100.0 * sum(totalProfit) / sum(g.bigBlind), 2) AS bb_per_100
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId JOIN fpdb.Gametypes g ON g.id = hp.gametypeId
WHERE p.name = 'Hero';

SELECT hands, vpip, pfr, net_won, bb_per_100 FROM fpdb.hud('Hero');
SELECT hands, vpip, pfr FROM fpdb.hud('Hero', site => 'PokerStars', positions => ARRAY['B', 'S']);
SELECT count(*) AS blind_hands FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId
WHERE p.name = 'Hero' AND hp.position IN ('B', 'S');
SELECT hands, vpip FROM fpdb.hud('Hero', game_type => 'tour');
SELECT hands, vpip FROM fpdb.hud('nobody');

-- Autorates: one label per player and game type with enough hands; a second run replaces them.
SELECT fpdb.autorate(20) AS rated;
SELECT p.name, a.shortDesc, a.description, a.handCount
FROM fpdb.Autorates a JOIN fpdb.Players p ON p.id = a.playerId ORDER BY p.name;
SELECT fpdb.autorate(20) AS rated_again, (SELECT count(*) FROM fpdb.Autorates) AS ratings;

-- The INSERT-statement path (SET fpdb.direct_writes = off: INSERT statements for every table,
-- and HudCache by upsert alone) stores the same rows and the same HudCache as the direct path.
-- So does an import under REPEATABLE READ, where Hands goes through INSERT ... ON CONFLICT.
CREATE TEMP VIEW hands_facts AS
SELECT h.siteHandNo, h.tableName, g.bigBlind, h.handStart, h.importTime = now() AS imported_now, h.seats,
       h.maxSeats, s.name AS site, h.siteHandId, h.buttonSeat, t.siteTourneyNo, h.totalPot, h.rake, h.comment
FROM fpdb.Hands h JOIN fpdb.Gametypes g ON g.id = h.gametypeId JOIN fpdb.Sites s ON s.id = h.siteId
LEFT JOIN fpdb.Tourneys t ON t.id = h.tourneyId;
CREATE TEMP VIEW hp_facts AS
SELECT h.siteHandNo, p.name, hp.position, hp.totalProfit, hp.street0VPI, hp.street1CBDone, hp.actionString
FROM fpdb.HandsPlayers hp JOIN fpdb.Hands h ON h.id = hp.handId JOIN fpdb.Players p ON p.id = hp.playerId;
CREATE TEMP VIEW hud_facts AS
SELECT p.name, g.bigBlind, h.activeSeats, h.position, h.HDs, h.street0VPI, h.totalProfit, h.street1CBDone
FROM fpdb.HudCache h JOIN fpdb.Players p ON p.id = h.playerId JOIN fpdb.Gametypes g ON g.id = h.gametypeId;
CREATE TEMP VIEW files AS
SELECT * FROM (VALUES (:'nlhe78'), (:'fourbet'), (:'stud'), (:'ko')) AS f(path);
DELETE FROM fpdb.Hands;
SELECT count(*) AS hudcache_rows_left FROM fpdb.HudCache;
BEGIN;
SELECT sum(i.imported) AS imported FROM files, LATERAL fpdb.import_file(files.path) AS i;
CREATE TEMP TABLE direct_hands AS TABLE hands_facts;
COMMIT;
CREATE TEMP TABLE direct_hp AS TABLE hp_facts;
CREATE TEMP TABLE direct_hud AS TABLE hud_facts;
DELETE FROM fpdb.Hands;
SET fpdb.direct_writes = off;
BEGIN;
SELECT sum(i.imported) AS imported FROM files, LATERAL fpdb.import_file(files.path) AS i;
CREATE TEMP TABLE insert_hands AS TABLE hands_facts;
COMMIT;
RESET fpdb.direct_writes;
SELECT (SELECT count(*) FROM direct_hands) AS hands_rows,
       (SELECT count(*) FROM ((TABLE direct_hands EXCEPT ALL TABLE insert_hands)
                              UNION ALL (TABLE insert_hands EXCEPT ALL TABLE direct_hands)) d) AS hands_differing,
       (SELECT count(*) FROM direct_hp) AS handsplayers_rows,
       (SELECT count(*) FROM ((TABLE direct_hp EXCEPT ALL TABLE hp_facts)
                              UNION ALL (TABLE hp_facts EXCEPT ALL TABLE direct_hp)) d) AS handsplayers_differing,
       (SELECT count(*) FROM direct_hud) AS hudcache_rows,
       (SELECT count(*) FROM ((TABLE direct_hud EXCEPT ALL TABLE hud_facts)
                              UNION ALL (TABLE hud_facts EXCEPT ALL TABLE direct_hud)) d) AS hudcache_differing;
SELECT count(*) AS diff_rows FROM fpdb.hudcache_diff();
DELETE FROM fpdb.Hands;
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT sum(i.imported) AS imported FROM files, LATERAL fpdb.import_file(files.path) AS i;
SELECT (SELECT count(*) FROM ((TABLE direct_hands EXCEPT ALL TABLE hands_facts)
                              UNION ALL (TABLE hands_facts EXCEPT ALL TABLE direct_hands)) d) AS hands_differing,
       (SELECT count(*) FROM ((TABLE direct_hp EXCEPT ALL TABLE hp_facts)
                              UNION ALL (TABLE hp_facts EXCEPT ALL TABLE direct_hp)) d) AS handsplayers_differing;
COMMIT;

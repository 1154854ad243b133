-- fpdb.import_hands / fpdb.import_file: text in, rows out, every derived statistic.
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set cancelled :abs_srcdir '/data/stars-cancelled.txt'
\set rit :abs_srcdir '/data/stars-run-it-twice.txt'
\set stud :abs_srcdir '/data/stars-stud-11hands.txt'
\set draw :abs_srcdir '/data/stars-triple-draw.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'
\set utf16 :abs_srcdir '/data/winning-utf16.txt'

-- Start from empty tables (tests share one database).
TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;

SELECT * FROM fpdb.import_file(:'fourbet');
-- The same hand again is a duplicate.
SELECT * FROM fpdb.import_hands(pg_read_file(:'fourbet'));

SELECT s.name AS site, g.type, g.base, g.category, g.limitType, g.hiLo, g.smallBlind, g.bigBlind,
       g.smallBet, g.bigBet, g.currency
FROM fpdb.Gametypes g JOIN fpdb.Sites s ON s.id = g.siteId;

SELECT tableName, siteHandNo, handStart, seats, maxSeats, buttonSeat, totalPot, rake
FROM fpdb.Hands ORDER BY siteHandNo;

SELECT boardNo, card1Value, card1Suit, card2Value, card2Suit, card3Value, card3Suit, card4Value, card4Suit,
       card5Value, card5Suit
FROM fpdb.BoardCards ORDER BY handId, boardNo;

-- Every HandsPlayers column that is not 0 or empty, per player (4-bet hand of semantics.md §3.16).
SELECT p.name, hp.seatNo, hp.position,
       (SELECT jsonb_object_agg(e.key, e.value ORDER BY e.key)
        FROM jsonb_each(to_jsonb(hp)) AS e
        WHERE e.value NOT IN ('0', 'false', 'null', '0.0', '""')
          AND e.key NOT IN ('id', 'handid', 'playerid', 'gametypeid', 'seatno', 'position')) AS nonzero
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId
ORDER BY hp.seatNo;

-- HandsActions as the design numbers them (decisions.md §14).
SELECT a.street, a.actionNo, p.name, a.action, a.amount, a.allIn
FROM fpdb.HandsActions a
JOIN fpdb.HandsPlayers hp ON hp.id = a.handPlayerId
JOIN fpdb.Players p ON p.id = hp.playerId
ORDER BY a.street = -1, a.street, a.actionNo;

-- Invariants of a complete cash hand.
SELECT h.totalPot = sum(hp.winnings) + h.rake AS pot_balances, sum(hp.totalProfit) = -h.rake AS profit_balances,
       count(*) FILTER (WHERE hp.position = 'B') AS big_blinds, count(*) FILTER (WHERE hp.position = 'S') AS small_blinds
FROM fpdb.Hands h JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
GROUP BY h.id, h.totalPot, h.rake;

-- A whole file; then a text with broken hands among good ones: the good ones are stored.
SELECT * FROM fpdb.import_file(:'nlhe78');
SELECT imported, duplicates, failed, jsonb_pretty(errors)
FROM fpdb.import_hands(pg_read_file(:'cancelled') || E'\n\n' || pg_read_file(:'stud') || E'\n\n'
    || 'PokerStars Game #1: Hold''em No Limit ($0.01/$0.02 USD) - nonsense');

-- Room-specific files: run it twice (Windows-1252), draw, tournament with bounty.
SELECT * FROM fpdb.import_file(:'rit');
SELECT * FROM fpdb.import_file(:'draw');
SELECT * FROM fpdb.import_file(:'ko');
SELECT h.siteHandNo, b.boardNo, b.card1Value, b.card1Suit, b.card4Value, b.card4Suit, b.card5Value, b.card5Suit
FROM fpdb.BoardCards b JOIN fpdb.Hands h ON h.id = b.handId
WHERE h.siteHandNo = (SELECT siteHandNo FROM fpdb.Hands h2 JOIN fpdb.BoardCards b2 ON b2.handId = h2.id
                      GROUP BY 1 HAVING count(*) = 2)
ORDER BY b.boardNo;
SELECT p.name, hp.card1, hp.card2, hp.card3, hp.card4, hp.card5, hp.card6, hp.card7, hp.card8, hp.card9, hp.card10,
       hp.card11, hp.card12, hp.card13, hp.card14, hp.card15, hp.card16, hp.card17, hp.card18, hp.card19, hp.card20
FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId JOIN fpdb.Gametypes g ON g.id = hp.gametypeId
WHERE g.category = '27_3draw' ORDER BY hp.seatNo;
SELECT tt.buyin, tt.fee, tt.knockout, tt.currency, t.siteTourneyNo, count(tp.*) AS players
FROM fpdb.TourneyTypes tt JOIN fpdb.Tourneys t ON t.tourneyTypeId = tt.id
LEFT JOIN fpdb.TourneysPlayers tp ON tp.tourneyId = t.id
GROUP BY 1, 2, 3, 4, 5;
SELECT count(*) AS tournament_rows_linked FROM fpdb.HandsPlayers WHERE tourneysPlayersId IS NOT NULL AND tourneyTypeId IS NOT NULL;

SELECT count(*) AS hands FROM fpdb.Hands;
SELECT count(*) AS diff_rows FROM fpdb.hudcache_diff();

-- on_error => 'abort': the first bad hand raises, nothing of the call is stored.
\set VERBOSITY default
SELECT * FROM fpdb.import_hands(pg_read_file(:'stud') || E'\n\n' || pg_read_file(:'cancelled'), on_error => 'abort');
\echo :SQLSTATE
SELECT count(*) AS hands_after_abort FROM fpdb.Hands;
SELECT * FROM fpdb.import_hands(pg_read_file(:'fourbet'), on_error => 'ignore');
\echo :SQLSTATE
SELECT * FROM fpdb.import_hands('not a hand history at all');
SELECT * FROM fpdb.import_hands('');
SELECT * FROM fpdb.import_file('/nonexistent/fpdb/no-such-file.txt');
\echo :SQLSTATE

-- fpdb.import_bytes: a file's bytes as the room wrote them (here UTF-16 with byte-order mark,
-- which pg_read_file cannot read), decoded by fpdb; the second call finds the duplicate.
SELECT encode(substring(pg_read_binary_file(:'utf16') FROM 1 FOR 4), 'hex') AS first_bytes;
SELECT imported, duplicates, failed FROM fpdb.import_bytes(pg_read_binary_file(:'utf16'));
SELECT imported, duplicates, failed FROM fpdb.import_bytes(pg_read_binary_file(:'utf16'));
SELECT h.siteHandNo, h.tableName, count(hp.*) AS players, sum(hp.totalProfit) AS profit_sum, h.rake
FROM fpdb.Hands h JOIN fpdb.Sites s ON s.id = h.siteId JOIN fpdb.HandsPlayers hp ON hp.handId = h.id
WHERE s.name = 'Winning Poker Network' GROUP BY h.id ORDER BY h.siteHandNo;
SELECT * FROM fpdb.import_bytes('\x'::bytea);
SELECT imported, failed, errors->0->>'sqlstate' AS sqlstate, errors->0->>'line' AS line
FROM fpdb.import_bytes(convert_to('Game started at: 2016/8/8 16:27:50' || chr(10) || 'Game ID: 1 oops', 'UTF8'));

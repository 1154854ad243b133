-- fpdb.RawHands, fpdb.keep_raw and fpdb.raw_hand: the text of each imported hand, kept and read
-- back exactly.
\getenv abs_srcdir PG_ABS_SRCDIR
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set utf16 :abs_srcdir '/data/winning-utf16.txt'

TRUNCATE fpdb.Sites, fpdb.Players, fpdb.Gametypes, fpdb.Autorates, fpdb.TourneyTypes, fpdb.Tourneys,
    fpdb.TourneysPlayers, fpdb.Hands, fpdb.BoardCards, fpdb.HandsPlayers, fpdb.HandsActions, fpdb.HudCache, fpdb.RawHands
    RESTART IDENTITY;

SELECT imported, failed FROM fpdb.import_file(:'fourbet');
-- On by default.
SHOW fpdb.keep_raw;
-- A one-hand file comes back byte for byte.
SELECT fpdb.raw_hand(id) = pg_catalog.pg_read_file(:'fourbet') AS same_text,
       pg_catalog.octet_length(fpdb.raw_hand(id)) AS bytes
FROM fpdb.Hands;
SELECT pg_catalog.left(fpdb.raw_hand(id), 60) AS first_line FROM fpdb.Hands;

-- Every hand of a file: its own text, which parses as that hand and only that hand.
SELECT imported FROM fpdb.import_file(:'nlhe78');
SELECT count(*) AS hands, count(r.handId) AS kept,
       bool_and((SELECT (d->>'site_hand_no')::bigint FROM fpdb.parse_hands(fpdb.raw_hand(h.id)) d) = h.siteHandNo) AS each_its_own,
       bool_and((SELECT count(*) FROM fpdb.parse_hands(fpdb.raw_hand(h.id))) = 1) AS one_hand_each
FROM fpdb.Hands h LEFT JOIN fpdb.RawHands r ON r.handId = h.id;
-- Stored compressed: the share of the text's bytes each hand keeps.
SELECT sum(pg_catalog.octet_length(fpdb.raw_hand(r.handId))) AS text_bytes,
       sum(pg_catalog.octet_length(r.text)) AS stored_bytes,
       round(100.0 * sum(pg_catalog.octet_length(r.text)) / sum(pg_catalog.octet_length(fpdb.raw_hand(r.handId)))) AS percent
FROM fpdb.RawHands r;

-- A UTF-16 file with CR LF line ends of another room: the decoded text (UTF-8, LF line ends).
SELECT imported FROM fpdb.import_file(:'utf16');
SELECT pg_catalog.split_part(fpdb.raw_hand(h.id), E'\n', 1) AS first_line,
       pg_catalog.strpos(fpdb.raw_hand(h.id), E'\r') AS carriage_returns
FROM fpdb.Hands h JOIN fpdb.Sites s ON s.id = h.siteId
WHERE s.name = 'Winning Poker Network' ORDER BY h.id LIMIT 1;

-- Off: the hands are stored without their text, and raw_hand gives NULL for them.
DELETE FROM fpdb.Hands WHERE id IN (SELECT id FROM fpdb.Hands ORDER BY id DESC LIMIT 5);
SET fpdb.keep_raw = off;
SELECT imported FROM fpdb.import_file(:'nlhe78');
RESET fpdb.keep_raw;
SELECT count(*) AS without_text, bool_and(fpdb.raw_hand(h.id) IS NULL) AS null_text
FROM fpdb.Hands h WHERE NOT EXISTS (SELECT 1 FROM fpdb.RawHands r WHERE r.handId = h.id);

-- Deleting a hand deletes its text.
SELECT count(*) AS texts_before FROM fpdb.RawHands;
DELETE FROM fpdb.Hands WHERE id = (SELECT min(handId) FROM fpdb.RawHands);
SELECT count(*) AS texts_after FROM fpdb.RawHands;

-- Errors.
SELECT fpdb.raw_hand(-1);
\echo :SQLSTATE
SELECT fpdb.raw_hand(NULL) IS NULL AS strict;
-- A damaged value (written by hand, not by an import) is an error, never a crash.
INSERT INTO fpdb.RawHands (handId, text)
SELECT id, '\xffffffff10'::bytea FROM fpdb.Hands h
WHERE NOT EXISTS (SELECT 1 FROM fpdb.RawHands r WHERE r.handId = h.id) ORDER BY id LIMIT 1;
SELECT fpdb.raw_hand(handId) FROM fpdb.RawHands WHERE text = '\xffffffff10'::bytea;
\echo :SQLSTATE
DELETE FROM fpdb.RawHands WHERE text = '\xffffffff10'::bytea;

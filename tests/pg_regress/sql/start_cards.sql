-- Starting hands (decisions.md §8): 13·x + y, 22 = 0, AKo = 155, AKs = 167, AA = 168.
SELECT fpdb.start_cards_text(0) AS "0", fpdb.start_cards_text(155) AS "155",
       fpdb.start_cards_text(167) AS "167", fpdb.start_cards_text(168) AS "168";

SELECT fpdb.start_cards('Ah', 'Kh') AS aks, fpdb.start_cards('Kd', 'Ah') AS ako,
       fpdb.start_cards('As', 'Ac') AS aa, fpdb.start_cards('2c', '2d') AS deuces,
       fpdb.start_cards(13, 12) AS aks_codes, fpdb.start_cards(13::smallint, 25::smallint) AS ako_codes;

-- Unknown cards: NULL.
SELECT fpdb.start_cards('xx', 'Ah') IS NULL AS unknown_text, fpdb.start_cards(0, 13) IS NULL AS unknown_code;

-- All 1326 two-card combinations: every one of the 169 codes, 6 combinations per pair,
-- 4 per suited hand, 12 per offsuit hand.
SELECT s.code, fpdb.start_cards_text(s.code) AS hand, count(*) AS combos
FROM (
    SELECT fpdb.start_cards(a, b) AS code
    FROM generate_series(1, 52) AS a, generate_series(1, 52) AS b
    WHERE a < b
) AS s
GROUP BY s.code
ORDER BY s.code;

-- Errors, each with its SQLSTATE.
\set VERBOSITY default
SELECT fpdb.start_cards('Ah', 'Ah');
\echo :SQLSTATE
SELECT fpdb.start_cards(13, 13);
\echo :SQLSTATE
SELECT fpdb.start_cards('Ah', 'Q');
\echo :SQLSTATE
SELECT fpdb.start_cards(13, 60);
\echo :SQLSTATE
SELECT fpdb.start_cards_text(169);
\echo :SQLSTATE
SELECT fpdb.start_cards_text(-1);
\echo :SQLSTATE

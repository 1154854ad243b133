-- Card codes: all 52 cards round-trip between code and text.
SELECT code, fpdb.card_text(code) AS text, fpdb.card_code(fpdb.card_text(code)) AS back,
       fpdb.card_rank(code) AS rank, fpdb.card_suit(code) AS suit
FROM generate_series(0, 52) AS code
ORDER BY code;

SELECT fpdb.card_code('Ah') AS ah, fpdb.card_code('2d') AS "2d", fpdb.card_code('As') AS "as",
       fpdb.card_code('Th') AS th, fpdb.card_code('10h') AS "10h", fpdb.card_code('xx') AS xx,
       fpdb.card_text(-1) AS kept;

-- smallint columns work as arguments too.
SELECT fpdb.card_text(13::smallint), fpdb.card_rank(40::smallint), fpdb.card_suit(27::smallint);

-- Strict: NULL in, NULL out.
SELECT fpdb.card_code(NULL) IS NULL AS code_null, fpdb.card_text(NULL) IS NULL AS text_null;

-- Errors, each with its SQLSTATE.
\set VERBOSITY default
SELECT fpdb.card_code('Zz');
\echo :SQLSTATE
SELECT fpdb.card_code('');
\echo :SQLSTATE
SELECT fpdb.card_code('Ahh');
\echo :SQLSTATE
SELECT fpdb.card_text(53);
\echo :SQLSTATE
SELECT fpdb.card_text(-2);
\echo :SQLSTATE
SELECT fpdb.card_rank(99);
\echo :SQLSTATE
SELECT fpdb.card_suit(-1);
\echo :SQLSTATE

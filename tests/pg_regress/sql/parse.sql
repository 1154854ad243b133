-- fpdb.parse_hands / fpdb.parse_hand on real PokerStars hand histories.
\getenv abs_srcdir PG_ABS_SRCDIR
\set nlhe78 :abs_srcdir '/data/stars-nlhe-6max-78hands.txt'
\set fourbet :abs_srcdir '/data/stars-nlhe-4bet.txt'
\set cancelled :abs_srcdir '/data/stars-cancelled.txt'
\set rit :abs_srcdir '/data/stars-run-it-twice.txt'
\set stud :abs_srcdir '/data/stars-stud-11hands.txt'
\set draw :abs_srcdir '/data/stars-triple-draw.txt'
\set ko :abs_srcdir '/data/stars-tour-ko.txt'

-- Every hand of a 78-hand cash file; none is an error.
SELECT count(*) AS hands, count(*) FILTER (WHERE doc ? 'error') AS errors
FROM fpdb.parse_hands(pg_read_file(:'nlhe78')) AS doc;

-- One hand, field by field: the hand model as JSON.
SELECT h->>'site' AS site, h->>'site_hand_no' AS hand_no, h->>'table_name' AS table_name,
       h->>'max_seats' AS max_seats, h->>'button_seat' AS button, h->>'start_time' AS start_utc,
       h->>'total_pot' AS pot, h->>'rake' AS rake
FROM fpdb.parse_hand(pg_read_file(:'fourbet')) AS h;

SELECT g.*
FROM fpdb.parse_hand(pg_read_file(:'fourbet')) AS h,
     jsonb_to_record(h->'game') AS g(type text, base text, category text, "limit" text, hilo text,
                                     small_blind int, big_blind int, currency text);

SELECT p.ordinality - 1 AS idx, p.value->>'seat' AS seat, p.value->>'name' AS name,
       p.value->>'stack' AS stack, p.value->'cards' AS cards
FROM fpdb.parse_hand(pg_read_file(:'fourbet')) AS h,
     jsonb_array_elements(h->'players') WITH ORDINALITY AS p
ORDER BY p.ordinality;

SELECT a.ordinality AS n, a.value->>'street' AS street, h->'players'->((a.value->>'player')::int)->>'name' AS player,
       a.value->>'kind' AS kind, a.value->>'amount' AS amount, a.value->>'raise_to' AS raise_to,
       a.value->>'all_in' AS all_in
FROM fpdb.parse_hand(pg_read_file(:'fourbet')) AS h,
     jsonb_array_elements(h->'actions') WITH ORDINALITY AS a
ORDER BY a.ordinality;

SELECT h->'boards' AS boards, h->'collections' AS collections, h->'returned' AS returned
FROM fpdb.parse_hand(pg_read_file(:'fourbet')) AS h;

-- Run it twice (a Windows-1252 file): two boards in run order.
SELECT h->>'run_it_twice' AS run_it_twice, h->'boards' AS boards, h->'game'->>'currency' AS currency
FROM fpdb.parse_hand(fpdb.decode_history(pg_read_binary_file(:'rit'))) AS h;

-- Stud: seven card slots in dealing order; draw: the hand after each draw.
SELECT h->>'site_hand_no' AS hand_no, p->>'name' AS name, p->'cards' AS cards
FROM fpdb.parse_hands(pg_read_file(:'stud')) AS h, jsonb_array_elements(h->'players') AS p
WHERE h->>'site_hand_no' = (SELECT min(d->>'site_hand_no') FROM fpdb.parse_hands(pg_read_file(:'stud')) AS d);

SELECT p->>'name' AS name, p->'cards' AS dealt, p->'draws' AS draws
FROM fpdb.parse_hand(fpdb.decode_history(pg_read_binary_file(:'draw'))) AS h, jsonb_array_elements(h->'players') AS p;

-- A knockout tournament hand: buy-in, fee and bounty in cents, chips as printed.
SELECT h->'tournament'->>'tourney_no' AS tourney, h->'tournament'->>'buyin' AS buyin,
       h->'tournament'->>'fee' AS fee, h->'tournament'->>'bounty' AS bounty,
       h->'tournament'->>'currency' AS currency, h->'game'->>'currency' AS chips,
       h->'game'->>'big_blind' AS big_blind
FROM fpdb.parse_hand(fpdb.decode_history(pg_read_binary_file(:'ko'))) AS h;

-- A cancelled hand is an error document with its own kind; good hands around it still parse.
SELECT doc->'error'->>'kind' AS kind, doc->'error'->>'sqlstate' AS sqlstate, doc->'error'->>'line' AS line,
       doc->'error'->>'message' AS message, doc->>'site_hand_no' AS hand_no
FROM fpdb.parse_hands(pg_read_file(:'cancelled')) AS doc;

SELECT count(*) AS docs, count(*) FILTER (WHERE doc ? 'error') AS errors
FROM fpdb.parse_hands(pg_read_file(:'fourbet') || E'\n\n' || pg_read_file(:'cancelled') || E'\n\n' || pg_read_file(:'fourbet')) AS doc;

-- A hand cut short: an error with the line, the other hands are kept.
SELECT doc->'error'->>'kind' AS kind, doc->'error'->>'line' AS line, doc->'error'->>'message' AS message
FROM fpdb.parse_hands(
    (SELECT string_agg(l, E'\n') FROM (SELECT regexp_split_to_table(pg_read_file(:'fourbet'), E'\n') AS l LIMIT 12) s)
    || E'\n\n' || pg_read_file(:'fourbet')) AS doc;

-- Errors, each with its SQLSTATE and line.
\set VERBOSITY default
SELECT fpdb.parse_hand('this is not a hand history');
\echo :SQLSTATE
SELECT count(*) FROM fpdb.parse_hands('this is not a hand history' || E'\nnor is this');
\echo :SQLSTATE
SELECT fpdb.parse_hand('');
\echo :SQLSTATE
SELECT fpdb.parse_hand(pg_read_file(:'fourbet') || E'\n\n' || pg_read_file(:'fourbet'));
\echo :SQLSTATE
SELECT fpdb.parse_hand(pg_read_file(:'cancelled'));
\echo :SQLSTATE
SELECT fpdb.parse_hand(replace(pg_read_file(:'fourbet'), 'Player4: raises $1.07 to $1.31 and is all-in', 'Player4: raises lots'));
\echo :SQLSTATE
SELECT count(*) FROM fpdb.parse_hands('');

#!/usr/bin/env bash
# pg_dump of a database with rows in Players and Hands, restored into a fresh database that has
# the extension, gives the same rows; identity sequences continue after the restored ids.
source "$(dirname "$0")/_lib.sh"
it_start dump 54341

it_psql postgres -c "CREATE DATABASE src" -c "CREATE DATABASE dst"
it_psql src <<'SQL'
CREATE EXTENSION fpdb;
INSERT INTO fpdb.Sites (name, currency) VALUES ('PokerStars', 'USD');
INSERT INTO fpdb.Players (name, siteId, comment) VALUES ('Hero', 1, 'me'), ('Villain', 1, NULL);
INSERT INTO fpdb.Gametypes (siteId, type, base, category, limitType, hiLo, smallBlind, bigBlind, smallBet, bigBet, currency)
VALUES (1, 'ring', 'hold', 'holdem', 'nl', 'h', 1, 2, 2, 2, 'USD');
INSERT INTO fpdb.Hands (tableName, siteHandNo, gametypeId, handStart, seats, maxSeats, siteId, siteHandId)
VALUES ('Circinus V', 42738187409, 1, '2010-04-16 10:14:06+00', 8, 9, 1, '42738187409'),
       ('Circinus V', 42738187410, 1, '2010-04-16 10:15:00+00', 8, 9, 1, '42738187410');
SQL
dump_of() {
  it_psql "$1" -At -c "SELECT string_agg(format('%s|%s|%s|%s', id, name, siteId, comment), ';' ORDER BY id) FROM fpdb.Players" \
    -c "SELECT string_agg(format('%s|%s|%s|%s', id, siteHandNo, tableName, handStart), ';' ORDER BY id) FROM fpdb.Hands"
}
before=$(dump_of src)
pg_dump -h 127.0.0.1 -p "$IT_PORT" -U postgres -Fc src >"$IT_DIR.dump"
pg_restore -h 127.0.0.1 -p "$IT_PORT" -U postgres -d dst --exit-on-error "$IT_DIR.dump"
after=$(dump_of dst)
check "Players and Hands rows restored" "$after" "$before"
check "extension present after restore" "$(it_psql dst -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")" \
  "$(it_psql src -At -c "SELECT extversion FROM pg_extension WHERE extname = 'fpdb'")"
check "one Settings row" "$(it_psql dst -At -c 'SELECT count(*) FROM fpdb.Settings')" "1"
check "sequence continues after restored ids" \
  "$(it_psql dst -At -c "INSERT INTO fpdb.Players (name, siteId) VALUES ('New', 1) RETURNING id")" "3"
rm -f "$IT_DIR.dump"

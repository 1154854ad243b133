#!/usr/bin/env bash
# pg_dump of a database with rows in Players and Hands, restored into a fresh database that has
# the extension, gives the same rows; identity sequences continue after the restored ids. With
# imported hands, HudCache comes back identical (the triggers rebuild it once while HandsPlayers
# is restored; HudCache itself is not dumped) and hudcache_diff() stays empty.
source "$(dirname "$0")/_lib.sh"
it_start dump 25341

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

# With imported hands.
DATA="$ROOT/tests/pg_regress/data"
it_psql postgres -c "CREATE DATABASE hands_src" -c "CREATE DATABASE hands_dst"
it_psql hands_src -c "CREATE EXTENSION fpdb"
it_psql hands_src -At -c "SELECT imported FROM fpdb.import_file('$DATA/stars-nlhe-6max-78hands.txt')" \
  -c "SELECT imported FROM fpdb.import_file('$DATA/stars-tour-ko.txt')"
hud_of() {
  it_psql "$1" -At -c "SELECT md5(string_agg(t::text, ';' ORDER BY t::text)) FROM (
    SELECT gametypeId, playerId, activeSeats, position, tourneyTypeId, (to_jsonb(h) - 'id') AS v FROM fpdb.HudCache h) t"
}
rows_of() {
  it_psql "$1" -At -c "SELECT (SELECT count(*) FROM fpdb.Hands) || '/' || (SELECT count(*) FROM fpdb.HandsPlayers) || '/' ||
    (SELECT count(*) FROM fpdb.HandsActions) || '/' || (SELECT count(*) FROM fpdb.BoardCards) || '/' || (SELECT count(*) FROM fpdb.HudCache)"
}
pg_dump -h 127.0.0.1 -p "$IT_PORT" -U postgres -Fc hands_src >"$IT_DIR.dump"
pg_restore -h 127.0.0.1 -p "$IT_PORT" -U postgres -d hands_dst --exit-on-error "$IT_DIR.dump"
check "hands, players, actions, boards and HudCache rows restored" "$(rows_of hands_dst)" "$(rows_of hands_src)"
check "HudCache identical after restore" "$(hud_of hands_dst)" "$(hud_of hands_src)"
check "hudcache_diff empty after restore" "$(it_psql hands_dst -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"
check "importing the file again into the restored database: all duplicates" \
  "$(it_psql hands_dst -At -c "SELECT imported || '/' || duplicates FROM fpdb.import_file('$DATA/stars-nlhe-6max-78hands.txt')")" "0/78"
rm -f "$IT_DIR.dump"

#!/usr/bin/env bash
# Live tracking: a room writes a file hand by hand (each hand in two writes, the first one cut in
# the middle of the hand), and every hand arrives in the database exactly once, complete, with a
# NOTIFY to a listening session. Also: a UTF-16 file written in two pieces cut inside a code
# unit, a Windows-1252 file, a rotated file, a renamed file, an unreadable file and a bad hand
# (both recorded, the worker goes on), fpdb.hud_table, and the privilege checks of watch/unwatch.
source "$(dirname "$0")/_watch_lib.sh"
it_start watch 25347
it_psql postgres -c "CREATE DATABASE fpdb" -c "CREATE DATABASE ref"
it_psql fpdb -c "CREATE EXTENSION fpdb"
it_psql ref -c "CREATE EXTENSION fpdb"
DATA="$ROOT/tests/pg_regress/data"
W=$(watch_dir room)
HANDS="$IT_DIR.hands"
split_hands "$DATA/stars-nlhe-6max-78hands.txt" "$HANDS"
check "hands split from the test file" "$(ls "$HANDS" | wc -l)" "78"

# A HUD listens: psql prints each notification after its next statement. The statements come
# one at a time until the stop file appears (however long the test takes), then psql ends.
LISTEN_OUT="$IT_DIR.listen.out"
LISTEN_STOP="$IT_DIR.listen.stop"
rm -f "$LISTEN_STOP"
(
  echo "LISTEN fpdb_hands;"
  while [ ! -e "$LISTEN_STOP" ]; do
    echo "SELECT pg_sleep(0.1);"
    sleep 0.1
  done
) | it_psql fpdb -At -f - >"$LISTEN_OUT" 2>&1 &
LISTENER=$!
trap 'touch "$LISTEN_STOP"; kill $LISTENER 2>/dev/null || true; cluster_stop "$IT_DIR"' EXIT

check "watch returns the watch's id" "$(it_psql fpdb -At -c "SELECT fpdb.watch('$W')")" "1"
wait_for "the worker runs (backend_type fpdb watch)" \
  "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'fpdb watch'" "1"

# The room writes 12 hands: half of each, a pause well past the quiet time, then the rest.
F="$W/HH20091125 May IV.txt"
: >"$F"
chmod 644 "$F"
lat=""
for i in $(seq 1 12); do
  h="$HANDS/$(printf %03d "$i")"
  n=$(wc -l <"$h")
  head -n $((n / 2)) "$h" >>"$F"
  sleep 1.5
  check "hand $i: the half written is not stored" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.Hands')" "$((i - 1))"
  t0=$(now_ms)
  { tail -n +$((n / 2 + 1)) "$h"; printf '\n\n\n'; } >>"$F"
  wait_for "hand $i arrives" "SELECT count(*) FROM fpdb.Hands" "$i" >/dev/null
  lat="$lat $(($(now_ms) - t0))"
done
echo "latency of each hand (ms, informational):$lat"
check "every hand stored once, with all its players" "$(it_psql fpdb -At -c "
  SELECT count(*) FROM fpdb.Hands h WHERE h.seats <> (SELECT count(*) FROM fpdb.HandsPlayers hp WHERE hp.handId = h.id)")" "0"
check "watch_status: hands and bytes of the file" "$(it_psql fpdb -At -c "
  SELECT hands, duplicates, failed, bytes_imported = size, pending_bytes, encoding FROM fpdb.watch_status WHERE path = '$F'")" \
  "12|0|0|t|0|UTF-8"
check "the same hands as a one-shot import of the file" "$(it_psql ref -At -c "SELECT imported FROM fpdb.import_file('$F')")" "12"
check "HudCache exact" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

# hud_table: one row per player seated in the table's latest hand.
last=$(it_psql fpdb -At -c "SELECT tableName || '|' || seats FROM fpdb.Hands ORDER BY handStart DESC, id DESC LIMIT 1")
check "hud_table has a row per seat of the latest hand" "$(it_psql fpdb -At -c "
  SELECT count(*) || '|' || count(*) FILTER (WHERE (stats).hands > 0) FROM fpdb.hud_table('PokerStars', '${last%|*}')")" \
  "${last#*|}|${last#*|}"

# UTF-16: the file arrives in two writes, the first cut inside a code unit.
U="$W/utf16.txt"
size=$(stat -c %s "$DATA/winning-utf16.txt")
head -c $((size / 2 + 1)) "$DATA/winning-utf16.txt" >"$U"
chmod 644 "$U"
sleep 1
tail -c +$((size / 2 + 2)) "$DATA/winning-utf16.txt" >>"$U"
want=$(it_psql ref -At -c "SELECT imported FROM fpdb.import_file('$DATA/winning-utf16.txt')")
wait_for "UTF-16 file: every hand ($want)" "SELECT hands FROM fpdb.watch_status WHERE path = '$U'" "$want"
# (This file ends with an odd byte, half a code unit: it stays pending.)
check "UTF-16 file: read as UTF-16LE, only the odd byte pending" "$(it_psql fpdb -At -c "
  SELECT encoding, pending_bytes, failed FROM fpdb.watch_status WHERE path = '$U'")" "UTF-16LE|$((size % 2))|0"

# Windows-1252: a player named with an e acute written as the single byte 0xE9.
mkdir -p "$W/sub" && chmod 755 "$W/sub"
C="$W/sub/cp1252.txt"
sed 's/Hero/H\xe9ro/g' "$HANDS/020" >"$C"
printf '\n\n\n' >>"$C"
chmod 644 "$C"
wait_for "Windows-1252 file (in a sub-folder): its hand" "SELECT hands FROM fpdb.watch_status WHERE path = '$C'" "1"
check "the player's name decoded" "$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Players WHERE name = 'Héro'")" "1"

# Rotation: the file is renamed to .1 and a new one is started; the old one gets a last hand.
R="$W/rotating.txt"
for i in 030 031; do cat "$HANDS/$i"; printf '\n\n\n'; done >"$R"
chmod 644 "$R"
wait_for "rotating file: its two hands" "SELECT hands FROM fpdb.watch_status WHERE path = '$R'" "2"
mv "$R" "$R.1"
{ cat "$HANDS/032"; printf '\n\n\n'; } >>"$R.1"
{ cat "$HANDS/033"; printf '\n\n\n'; } >"$R"
chmod 644 "$R"
wait_for "rotated: the old file's row follows it and gets its last hand" \
  "SELECT hands FROM fpdb.watch_status WHERE path = '$R.1'" "3"
wait_for "rotated: the new file from its start" "SELECT hands FROM fpdb.watch_status WHERE path = '$R'" "1"
mv "$R" "$W/renamed.txt"
{ cat "$HANDS/034"; printf '\n\n\n'; } >>"$W/renamed.txt"
wait_for "renamed file: same row, one more hand" \
  "SELECT hands || '|' || (SELECT count(*) FROM fpdb.watch_status WHERE path = '$R') FROM fpdb.watch_status WHERE path = '$W/renamed.txt'" "2|0"
check "no hand twice" "$(it_psql fpdb -At -c "SELECT sum(duplicates) FROM fpdb.watch_status")" "0"

# A room writing UTF-16 (byte-order mark, then each hand appended): the second hand is cut
# inside a code unit and in the middle of the hand; each hand is stored once, as a one-shot
# import of the whole file stores it.
U2="$W/stars-utf16.txt"
for i in 060 061 062; do
  { cat "$HANDS/$i"; printf '\n\n\n'; } | iconv -f UTF-8 -t UTF-16LE >"$IT_DIR.u16.$i"
done
s61=$(stat -c %s "$IT_DIR.u16.061")
{ printf '\xff\xfe'; cat "$IT_DIR.u16.060"; head -c $((s61 / 2 + 1)) "$IT_DIR.u16.061"; } >"$U2"
chmod 644 "$U2"
wait_for "UTF-16 room file: the first hand" "SELECT hands FROM fpdb.watch_status WHERE path = '$U2'" "1"
sleep 1.5
check "UTF-16 room file: the hand cut inside a code unit is not stored" "$(it_psql fpdb -At -c "
  SELECT hands || '|' || pending_bytes || '|' || encoding FROM fpdb.watch_status WHERE path = '$U2'")" \
  "1|$((s61 / 2 + 1))|UTF-16LE"
{ tail -c +$((s61 / 2 + 2)) "$IT_DIR.u16.061"; cat "$IT_DIR.u16.062"; } >>"$U2"
wait_for "UTF-16 room file: the rest of the second hand and the third" \
  "SELECT hands || '|' || pending_bytes || '|' || failed || '|' || (bytes_imported = size) FROM fpdb.watch_status WHERE path = '$U2'" "3|0|0|true"
check "UTF-16 room file: one-shot import of the file finds the same 3 hands" \
  "$(it_psql ref -At -c "SELECT imported || '|' || duplicates FROM fpdb.import_file('$U2')")" "3|0"
hands_of() { # DB: the stored hands of the UTF-16 file, with their players' names and winnings
  it_psql "$1" -At -c "
    SELECT string_agg(h.siteHandNo || ':' || p.name || ':' || hp.winnings, ',' ORDER BY h.siteHandNo, p.name)
    FROM fpdb.Hands h JOIN fpdb.HandsPlayers hp ON hp.handId = h.id JOIN fpdb.Players p ON p.id = hp.playerId
    WHERE h.siteHandNo IN ($2)"
}
nos=$(for i in 060 061 062; do awk '/^PokerStars (Hand|Game) #/ {no = $3; gsub(/[#:]/, "", no); print no; exit}' "$HANDS/$i"; done | paste -sd,)
stored16=$(hands_of fpdb "$nos")
check "UTF-16 room file: the 3 hands with their players" "$(tr ',' '\n' <<<"$stored16" | cut -d: -f1 | sort -u | wc -l)|$(tr ',' '\n' <<<"$stored16" | wc -l)" \
  "3|$(cat "$HANDS/060" "$HANDS/061" "$HANDS/062" | grep -c '^Seat [0-9]*: .* in chips')"
check "UTF-16 room file: players and winnings as the one-shot import" "$stored16" "$(hands_of ref "$nos")"

# Copy-and-truncate rotation (logrotate's copytruncate): the file is copied to .1, emptied in
# place and written again, longer than before (most likely before the worker looks). The emptied file is read
# again from its start (other first bytes); the copy's hands are known (duplicates, no new hand).
T="$W/truncated.txt"
{ cat "$HANDS/035"; printf '\n\n\n'; } >"$T"
chmod 644 "$T"
wait_for "truncated file: its first hand" "SELECT hands FROM fpdb.watch_status WHERE path = '$T'" "1"
before=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
cp -p "$T" "$T.1"
for i in 036 037; do cat "$HANDS/$i"; printf '\n\n\n'; done >"$T" # one open, O_TRUNC
wait_for "truncated file: read again from its start, both new hands" \
  "SELECT hands || '|' || duplicates || '|' || (bytes_imported = size) FROM fpdb.watch_status WHERE path = '$T'" "3|0|true"
wait_for "the copy: its hand known, not stored again" \
  "SELECT hands || '|' || duplicates || '|' || failed FROM fpdb.watch_status WHERE path = '$T.1'" "0|1|0"
check "truncated file: exactly the two new hands stored" "$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")" "$((before + 2))"
# Truncated to less than the offset, then a hand shorter than the old contents.
{ cat "$HANDS/038"; printf '\n\n\n'; } >"$T"
wait_for "truncated to a shorter file: its hand" \
  "SELECT hands || '|' || (bytes_imported = size) || '|' || size FROM fpdb.watch_status WHERE path = '$T'" "4|true|$(stat -c %s "$T")"
check "no other hand stored" "$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")" "$((before + 3))"

# An unreadable file: recorded once, the worker goes on; readable again, it is imported.
L="$W/locked.txt"
: >"$L"
chmod 000 "$L" # before its hand is written (root writes it all the same)
{ cat "$HANDS/040"; printf '\n\n\n'; } >>"$L"
wait_for "unreadable file: error recorded" \
  "SELECT count(*) FROM fpdb.import_errors WHERE path = '$L' AND sqlstate = '42501' AND line IS NULL" "1"
{ cat "$HANDS/041"; printf '\n\n\n'; } >>"$F"
wait_for "the worker goes on with the other files" "SELECT hands FROM fpdb.watch_status WHERE path = '$F'" "13"
chmod 644 "$L"
wait_for "readable again: imported, last error cleared" \
  "SELECT hands || '|' || coalesce(last_error, 'none') FROM fpdb.watch_status WHERE path = '$L'" "1|none" 90

# A bad hand (cancelled by the room) between good ones: recorded with its line, the others stored.
before=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands")
lines=$(wc -l <"$F")
{ cat "$DATA/stars-cancelled.txt"; printf '\n\n\n'; cat "$HANDS/042"; printf '\n\n\n'; } >>"$F"
wait_for "bad hand recorded in import_errors with its file line" \
  "SELECT count(*) FROM fpdb.import_errors WHERE path = '$F' AND line > $lines AND sqlstate <> '' AND message LIKE '%cancelled%'" "1"
wait_for "the good hand after it stored" "SELECT count(*) FROM fpdb.Hands" "$((before + 1))"
check "watch_status shows the failure" "$(it_psql fpdb -At -c "
  SELECT failed, last_error LIKE 'line %cancelled%' FROM fpdb.watch_status WHERE path = '$F'")" "1|t"

# Notifications: every hand of the room's file was announced once, with its table and players.
# (A notification is delivered at commit; the listener's next statement prints it: wait until
# every stored hand has been printed, then let the listener end.)
announced_once() {
  grep '"table":"May IV"' "$LISTEN_OUT" | grep -o '"hands":\[[0-9,]*\]' | grep -o '[0-9]\{6,\}' | sort | uniq -c | awk '$1 == 1' | wc -l || true
}
stored=$(it_psql fpdb -At -c "SELECT count(*) FROM fpdb.Hands WHERE tableName = 'May IV'")
end=$((SECONDS + 60))
while [ "$(announced_once)" != "$stored" ] && [ $SECONDS -lt $end ]; do sleep 0.2; done
touch "$LISTEN_STOP"
wait $LISTENER || true
notes=$(grep -c 'Asynchronous notification "fpdb_hands"' "$LISTEN_OUT" || true)
echo "notifications received: $notes"
announced=$(announced_once)
check "each hand of table May IV announced exactly once" "$announced" "$stored"
check "payloads carry site and players" "$(grep '"site":"PokerStars"' "$LISTEN_OUT" | grep -c '"players":\[[0-9]' | awk '{print ($1 > 0)}')" "1"

# The polling fallback: with fpdb.watch_inotify off, the worker is woken by notify's polling
# watcher (250 ms), and a new hand arrives all the same.
it_psql fpdb -c "LOAD 'fpdb'" -c "ALTER SYSTEM SET fpdb.watch_inotify = off" -c "SELECT pg_reload_conf()" >/dev/null
end=$((SECONDS + 60))
until grep -q 'fpdb watch: polling every .*fpdb.watch_inotify is off' "$IT_DIR/server.log"; do
  [ $SECONDS -lt $end ] || { echo "FAILED: the worker did not switch to polling"; exit 1; }
  sleep 0.1
done
echo "ok: the worker polls once fpdb.watch_inotify is off"
{ cat "$HANDS/043"; printf '\n\n\n'; } >>"$F"
wait_for "polling: the new hand arrives" "SELECT count(*) FROM fpdb.Hands WHERE siteHandNo = $(awk '/^PokerStars (Hand|Game) #/ {no = $3; gsub(/[#:]/, "", no); print no; exit}' "$HANDS/043")" "1"
it_psql fpdb -c "LOAD 'fpdb'" -c "ALTER SYSTEM RESET fpdb.watch_inotify" -c "SELECT pg_reload_conf()" >/dev/null

# Privileges: watching needs superuser or pg_read_server_files; unwatch needs the owner.
it_psql fpdb -c "CREATE ROLE nobody LOGIN; GRANT USAGE ON SCHEMA fpdb TO nobody; CREATE ROLE reader LOGIN IN ROLE pg_read_server_files; SELECT fpdb.grant_importer('reader')" >/dev/null
got=$(it_psql fpdb -At -v VERBOSITY=sqlstate -c "SET ROLE nobody; SELECT fpdb.watch('$W')" 2>&1 || true)
check "a role without pg_read_server_files may not watch" "$got" "ERROR:  42501"
got=$(it_psql fpdb -At -v VERBOSITY=sqlstate -c "SET ROLE reader; SELECT fpdb.unwatch('$W')" 2>&1 || true)
check "another role may not unwatch" "$got" "ERROR:  42501"
got=$(it_psql fpdb -At -v VERBOSITY=sqlstate -c "SET ROLE reader; SELECT fpdb.watch('$W')" 2>&1 || true)
check "a path watched by another role" "$got" "ERROR:  42710"
check "a role sees only its own watches" "$(it_psql fpdb -At -c "SET ROLE reader; SELECT count(*) FROM fpdb.watch_status")" "0"
RW=$(watch_dir reader)
{ cat "$HANDS/050"; printf '\n\n\n'; } >"$RW/a.txt"
chmod 644 "$RW/a.txt"
check "pg_read_server_files may watch" "$(it_psql fpdb -At -c "SET ROLE reader; SELECT fpdb.watch('$RW') > 0")" "t"
wait_for "its hand imported as that role" "SELECT hands FROM fpdb.watch_status WHERE path = '$RW/a.txt'" "1"
it_psql fpdb -c "REVOKE pg_read_server_files FROM reader"
{ cat "$HANDS/051"; printf '\n\n\n'; } >>"$RW/a.txt"
wait_for "its rights revoked: the file is no longer imported" \
  "SELECT hands || '|' || (last_error LIKE '%may no longer read server files%') FROM fpdb.watch_status WHERE path = '$RW/a.txt'" "1|true"
got=$(it_psql fpdb -At -v VERBOSITY=sqlstate -c "SET ROLE reader; SELECT fpdb.unwatch('$RW')" 2>&1 || true)
check "unwatch needs pg_read_server_files too" "$got" "ERROR:  42501"
it_psql fpdb -c "GRANT pg_read_server_files TO reader"
check "the owner may unwatch" "$(it_psql fpdb -At -c "SET ROLE reader; SELECT fpdb.unwatch('$RW')")" "t"
check "unwatch of a path not watched" "$(it_psql fpdb -At -c "SELECT fpdb.unwatch('/nowhere')")" "f"
check "HudCache exact at the end" "$(it_psql fpdb -At -c 'SELECT count(*) FROM fpdb.hudcache_diff()')" "0"

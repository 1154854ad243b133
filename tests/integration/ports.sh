#!/usr/bin/env bash
# The test clusters' ports: a port a server listens on, and a port a client's connection took as
# its own (which keeps a server from listening on it too), count as taken; the next free port is
# used instead, and a server started there answers.
source "$(dirname "$0")/_lib.sh"
it_start ports 25354
A=$IT_PORT

check "a port a server listens on is taken" "$(port_in_use "$A" && echo taken)" "taken"
B=$(free_port "$A" 2>/dev/null)
check "free_port skips it" "$([ "$B" -gt "$A" ] && echo later)" "later"

# A client's connection to that server: its own (ephemeral) port, read from /proc/net/tcp as the
# local port of the established socket whose remote port is A.
exec 3<>"/dev/tcp/127.0.0.1/$A"
own=$(awk -v a=":$(printf '%04X' "$A")" \
  'FNR > 1 && $4 == "01" && substr($3, length($3) - 4) == a { split($2, p, ":"); print p[2]; exit }' \
  /proc/net/tcp)
check "the client's connection is listed" "$([ -n "$own" ] && echo listed)" "listed"
own=$((16#$own))
check "a port a client's connection took is taken" "$(port_in_use "$own" && echo taken)" "taken"
check "free_port skips the client's port too" "$([ "$(free_port "$own" 2>/dev/null)" -gt "$own" ] && echo later)" "later"
exec 3>&-

# A second cluster on the port free_port gave for A's: that port was really free.
second="$ROOT/.run/it-ports-second"
cluster_stop "$second" 2>/dev/null || true
rm -rf "$second"
trap 'cluster_stop "$IT_DIR"; cluster_stop "$second"' EXIT
cluster_start "$second" "$B"
check "the server on the next free port answers" "$(cluster_psql "$B" postgres -At -c 'SELECT 1')" "1"
check "and listens there" "$(cluster_psql "$B" postgres -At -c 'SHOW port')" "$B"

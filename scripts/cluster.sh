#!/usr/bin/env bash
# A private PostgreSQL 15 cluster inside the project, run as the postgres user (PostgreSQL
# refuses to run as root). Source this file; it defines:
#   cluster_start DIR PORT   initdb if needed, then start (idempotent)
#   cluster_stop DIR         stop the server of DIR if it runs
#   cluster_psql PORT DB ... psql against it as the postgres superuser
#   free_port PORT           PORT, or the next port after it that is free
# The socket lives in DIR, the server listens on 127.0.0.1:PORT only. CLUSTER_EXTRA_OPTS: more
# server options ("-c name=value ...") for the servers started while it is set.

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

cluster_start() {
  local dir=$1 port=$2
  mkdir -p "$dir"
  dir=$(readlink -f "$dir")
  chown postgres:postgres "$dir"
  chmod 700 "$dir"
  # The postgres user must be able to reach DIR: every parent needs o+x.
  local p
  p=$(dirname "$dir")
  while [ "$p" != "/" ]; do
    if ! runuser -u postgres -- test -x "$p"; then chmod o+x "$p"; fi
    p=$(dirname "$p")
  done
  if [ ! -f "$dir/PG_VERSION" ]; then
    runuser -u postgres -- "$PG_BIN/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 ||
      { cat "$dir.initdb.log"; return 1; }
  fi
  if runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    # Running: on PORT (line 4 of postmaster.pid), or stopped to start again on PORT (a cluster
    # an older version of the scripts started on another port).
    [ "$(sed -n 4p "$dir/postmaster.pid" 2>/dev/null)" = "$port" ] && return 0
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" -w -t 60 -m fast stop >/dev/null
  fi
  # Without RUST_BACKTRACE: a backtrace would be appended to every error the extension reports.
  env -u RUST_BACKTRACE runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" -w -t 60 -l "$dir/server.log" \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=40 -c shared_buffers=512MB -c fsync=on ${CLUSTER_EXTRA_OPTS:-}" start >/dev/null ||
    { tail -20 "$dir/server.log"; return 1; }
}

cluster_stop() {
  local dir
  dir=$(readlink -f "$1")
  if [ -f "$dir/postmaster.pid" ]; then
    # A server that does not finish a fast stop within 60 s is stopped at once (its next start,
    # if any, recovers from the WAL), so that no server of a run outlives it.
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" -w -t 60 -m fast stop >/dev/null 2>&1 ||
      runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" -w -t 60 -m immediate stop >/dev/null 2>&1 || true
  fi
}

# port_in_use PORT: a server could not listen on 127.0.0.1:PORT: a socket of any state has it as
# its own port (/proc/net/tcp and tcp6: a listener, and also a client's connection, open or in
# TIME_WAIT, which took it as its ephemeral port: that blocks a listener too), or something
# accepts connections on it (bash's /dev/tcp). No tool needed.
port_in_use() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v p=":$hex" 'FNR > 1 && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null && return 0
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# free_port PORT: prints PORT when it is free, else the first free port of the 100 after it, and
# says on stderr which port was taken (a machine that runs the tests again may still have a
# server of an earlier run, or another program, on a test's usual port). The scripts' ports
# (25329 to 25363, plus FPDB_PORT_OFFSET) lie below Linux's range of ephemeral ports (32768 to
# 60999 by default), which clients' connections take their own ports from.
free_port() {
  local want=$1 port=$1
  while port_in_use "$port"; do
    port=$((port + 1))
    if [ $((port - want)) -ge 100 ]; then
      echo "no free port in $want..$port on 127.0.0.1" >&2
      return 1
    fi
  done
  [ "$port" = "$want" ] || echo "port $want is in use on 127.0.0.1: using $port" >&2
  echo "$port"
}

cluster_psql() {
  local port=$1 db=$2
  shift 2
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d "$db" "$@"
}

#!/usr/bin/env bash
# A private PostgreSQL 15 cluster inside the project, run as the postgres user (PostgreSQL
# refuses to run as root). Source this file; it defines:
#   cluster_start DIR PORT   initdb if needed, then start (idempotent)
#   cluster_stop DIR         stop the server of DIR if it runs
#   cluster_psql PORT DB ... psql against it as the postgres superuser
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
    return 0
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
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir" -w -t 60 -m fast stop >/dev/null 2>&1 || true
  fi
}

cluster_psql() {
  local port=$1 db=$2
  shift 2
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d "$db" "$@"
}

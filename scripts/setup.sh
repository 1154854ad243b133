#!/usr/bin/env bash
# Installs everything fpdb needs on a Debian 12 machine, as root, idempotently:
# PostgreSQL 15 server headers, clang for bindgen, sudo for pgrx's --runas, cargo-pgrx 0.18.1.
set -euo pipefail

PGRX_VERSION=0.18.1
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}

need_pkgs=()
for p in postgresql-15 postgresql-server-dev-15 libclang-dev clang sudo pkg-config; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need_pkgs+=("$p")
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "setup: installing ${need_pkgs[*]}"
  apt-get update -qq
  apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi

if ! cargo pgrx --version 2>/dev/null | grep -q " ${PGRX_VERSION}\$"; then
  echo "setup: installing cargo-pgrx ${PGRX_VERSION} (takes a few minutes)"
  cargo install cargo-pgrx --version "${PGRX_VERSION}" --locked
fi

if [ ! -f "${PGRX_HOME:-$HOME/.pgrx}/config.toml" ] || ! grep -q '^pg15' "${PGRX_HOME:-$HOME/.pgrx}/config.toml"; then
  cargo pgrx init --pg15 "$PG_CONFIG"
fi

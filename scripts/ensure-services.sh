#!/usr/bin/env bash
# Makes sure what the tests need is on this machine and running: Chromium and a CJK font for browser tests,
# libsqlite3-dev (fast sqlite3 build), PostgreSQL on 127.0.0.1:5432 with trust auth and a `test` database,
# Redis on 127.0.0.1:6379. Idempotent and quick when everything is already there.
set -euo pipefail

say() { echo "[ensure-services] $*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else say "need root for: $*"; return 1; fi; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'wqy' || missing+=(fonts-wqy-microhei)
dpkg -s libsqlite3-dev >/dev/null 2>&1 || missing+=(libsqlite3-dev)
command -v pg_ctlcluster >/dev/null || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  as_root apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q "${missing[@]}" >/dev/null
fi

# PostgreSQL: trust auth on loopback, started, with a `test` database.
if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
  read -r ver cluster _ < <(pg_lsclusters -h | head -1)
  hba=/etc/postgresql/$ver/$cluster/pg_hba.conf
  as_root sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  if pg_lsclusters -h | awk '{print $4}' | head -1 | grep -q online; then
    as_root pg_ctlcluster --skip-systemctl-redirect "$ver" "$cluster" reload
  else
    say "starting PostgreSQL $ver/$cluster"
    as_root pg_ctlcluster --skip-systemctl-redirect "$ver" "$cluster" start
  fi
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname='test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test'

# Redis
if ! (command -v redis-cli >/dev/null && redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG); then
  say "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp --logfile /tmp/redis-ci.log
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG && break; sleep 0.5; done
fi
say "ready: chromium, PostgreSQL 127.0.0.1:5432, Redis 127.0.0.1:6379"

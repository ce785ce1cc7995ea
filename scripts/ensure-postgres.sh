#!/usr/bin/env bash
# Prints a PostgreSQL URL for tests. Uses CIRCLE_TEST_POSTGRES_URL or the server at
# 127.0.0.1:5432 (database test) when it answers; otherwise starts a throwaway server with
# initdb/pg_ctl in a temp directory (stopped by scripts/stop-postgres.sh) and prints its URL.
set -euo pipefail
url=${CIRCLE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
answers() { command -v psql >/dev/null && psql "$1" -Atqc 'select 1' >/dev/null 2>&1; }
if answers "$url"; then echo "$url"; exit 0; fi
# The machine's server may be stopped: try its own start command first.
if command -v pg_ctlcluster >/dev/null && [[ -d /etc/postgresql ]]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do answers "$url" && { echo "$url"; exit 0; }; sleep 0.5; done
fi
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
if [[ -z $bindir || ! -x $bindir/initdb ]]; then
  echo "ensure-postgres: no PostgreSQL answers at $url and initdb is not installed." >&2
  echo "Install it (apt-get install postgresql) or set CIRCLE_TEST_POSTGRES_URL to a server." >&2
  exit 1
fi
dir=$(mktemp -d /tmp/circle-pg.XXXXXX)
port=55432
run=()
if [[ $(id -u) == 0 ]]; then chown postgres "$dir"; run=(runuser -u postgres --); fi
"${run[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
"${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null
"${run[@]}" "$bindir/createdb" -h 127.0.0.1 -p $port -U postgres test
echo "$dir" > /tmp/circle-pg-throwaway
echo "postgres://postgres@127.0.0.1:$port/test?sslmode=disable"

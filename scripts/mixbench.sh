#!/usr/bin/env bash
# Mixed open-loop load (issue 17 item 5): for each engine (SQLite, and PostgreSQL when
# CIRCLE_TEST_POSTGRES_URL or the local default answers) and each size in MIX_SCALES (default
# 5000), seed a fresh database with circle seed --scale, start the server, time it to /readyz
# 200, run scripts/mixload (browse 60%, search 15%, detail 15%, cart 5%, sign-in 5% at MIX_RATE
# requests/s, default 500) and print p50/p99 per route, the time to ready and the RSS after the
# load beside the previous run's (kept in .bench/, gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x bin/circle ]] || { echo "mixbench: bin/circle is missing; run make build" >&2; exit 1; }
rate=${MIX_RATE:-500}
scales=${MIX_SCALES:-5000}
duration=${MIX_DURATION:-20s}
pg_url=${CIRCLE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
mkdir -p .bench
work=$(mktemp -d /tmp/circle-mixbench.XXXXXX)
server=
schema=
cleanup() {
  [[ -n $server ]] && { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
  [[ -n $schema ]] && psql -q "$pg_url" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/mixload" ./scripts/mixload

engines=(sqlite)
if command -v psql >/dev/null && psql -q "$pg_url" -c 'SELECT 1' >/dev/null 2>&1; then
  engines+=(postgres)
else
  echo "mixbench: PostgreSQL does not answer at $pg_url (or psql is missing); SQLite only" >&2
fi

port=18399
for n in $scales; do
  for engine in "${engines[@]}"; do
    data="$work/$engine-$n"
    mkdir -p "$data"
    db_url=$data/circle.db
    if [[ $engine == postgres ]]; then
      schema="bench_$$_$n"
      psql -q "$pg_url" -c "DROP SCHEMA IF EXISTS $schema CASCADE; CREATE SCHEMA $schema" >/dev/null 2>&1
      sep='&'; [[ $pg_url == *\?* ]] || sep='?'
      db_url="$pg_url${sep}search_path=$schema"
    fi
    t0=$(date +%s.%N)
    ./bin/circle seed --scale "$n" --data-dir "$data" --database-url "$db_url" >/dev/null 2>"$data/seed.log" ||
      { cat "$data/seed.log" >&2; exit 1; }
    seeded=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
    t0=$(date +%s.%N)
    CIRCLE_DATA_DIR=$data CIRCLE_DATABASE_URL=$db_url CIRCLE_ADDR=127.0.0.1:$port CIRCLE_LOG_LEVEL=error \
      CIRCLE_AUTH_RATE_LIMIT=0 ./bin/circle serve >"$data/log" 2>&1 &
    server=$!
    until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; do
      kill -0 "$server" 2>/dev/null || { cat "$data/log" >&2; exit 1; }
      sleep 0.05
    done
    ready_ms=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", (b - a) * 1000}')
    echo "== $engine, $n services (seeded in ${seeded} s)"
    "$work/mixload" -base "http://127.0.0.1:$port" -rate "$rate" -d "$duration" -pid "$server" -ready-ms "$ready_ms" \
      -label "$engine, $n services" -state ".bench/mixload-$engine-$n-$rate.json"
    kill "$server"; wait "$server" 2>/dev/null || true; server=
    if [[ $engine == postgres ]]; then
      psql -q "$pg_url" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1; schema=
    fi
    port=$((port + 1))
  done
done

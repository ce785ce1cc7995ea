#!/usr/bin/env bash
# Benchmarks: Go benchmarks, then wrk against the real binary on loopback (demo data, SQLite).
# Prints a table; CI does not fail on the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wrk >/dev/null; then
  if [[ $(id -u) == 0 ]]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk) >/tmp/circle-apt.log 2>&1 ||
      { echo "bench: could not install wrk; apt-get install wrk" >&2; exit 1; }
  else
    echo "bench: wrk is missing; install it with: sudo apt-get install wrk" >&2; exit 1
  fi
fi
echo "== Go benchmarks"
go test -run '^$' -bench . -benchmem ./internal/... | grep -E '^(Benchmark|ok|PASS)' || true

data=$(mktemp -d /tmp/circle-bench.XXXXXX)
port=18299
CIRCLE_DATA_DIR=$data CIRCLE_ADDR=127.0.0.1:$port CIRCLE_LOG_LEVEL=error ./bin/circle serve --demo >"$data/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

printf '\n== HTTP load (wrk, 2 threads, 64 connections, 10 s each, loopback, SQLite)\n'
printf '%-28s %12s %10s %10s\n' endpoint requests/s p50 p99
for path in /healthz /api/config /api/catalog/stats; do
  out=$(wrk -t2 -c64 -d10s --latency "http://127.0.0.1:$port$path")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  printf '%-28s %12s %10s %10s\n' "$path" "$rps" "$p50" "$p99"
done

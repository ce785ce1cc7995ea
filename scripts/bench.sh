#!/usr/bin/env bash
# Benchmarks (figures only; CI does not fail on them):
#  1. Go benchmarks (argon2id hash, in-process sign-in and session requests, ...).
#  2. wrk (closed loop) and scripts/loadgen (open loop, a fixed rate) against the real binary
#     on loopback, SQLite, demo data scaled to 5,000 services:
#     the cached marketplace data, a filtered and sorted page of 50 services, a service's
#     detail page, a session-validated GET of the own profile, and sign-in throughput.
#  3. scripts/signincost: sign-in against the argon2id hash inside it, in alternating phases.
#  4. The concierge's evaluation table (internal/concierge/testdata/eval.json), and the admin
#     lists' first pages at 50,000 services and 100,000 orders on both engines (issue 31).
#  5. Browser figures: the first service card on /marketplace (Playwright, median of 5) and
#     Lighthouse (mobile and desktop, median of 3 runs) on /, /marketplace and a service page.
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
[[ -x bin/circle ]] || { echo "bench: bin/circle is missing; run make build" >&2; exit 1; }

echo "== Go benchmarks"
go test -run '^$' -bench . -benchtime 2s -benchmem ./internal/... 2>&1 | grep -E '^(Benchmark|ok )' || true

# The concierge's evaluation set (issue 29): share of questions citing a right service, share of
# unanswerable ones declined, median and p95 answer time through the real server (built-in advisor).
echo
echo "== Concierge evaluation"
CIRCLE_CONCIERGE_TABLE=1 go test -v -count=1 -run '^TestF_AI_03_ConciergeEvaluation$' ./internal/concierge/ 2>&1 |
  grep -E '^(concierge|\||ok |FAIL|---)' || true

# The back office's lists at the issue's size (issue 31): circle seed --scale 50000 --orders
# 100000 on SQLite and PostgreSQL, each list's first page timed through the real server (median
# of 5; the test fails over 100 ms). Loading takes several minutes per engine.
echo
echo "== Admin lists, first page (50,000 services, 100,000 agents, 100,000 orders; budget 100 ms)"
CIRCLE_ADMIN_BENCH_SERVICES=50000 CIRCLE_ADMIN_BENCH_ORDERS=100000 \
  go test -count=1 -timeout 60m -v -run '^TestF_AREA_03_AdminListsFirstPageFastOnLargeData$' ./internal/app/ 2>&1 |
  grep -E 'adminlists_test|^(ok|FAIL|---)' || true

data=$(mktemp -d /tmp/circle-bench.XXXXXX)
port=18299
base=http://127.0.0.1:$port
echo
echo "== preparing: demo data scaled to 5000 services, 64 sign-in accounts"
./bin/circle seed --scale 5000 --data-dir "$data" >/dev/null 2>&1
for i in $(seq 1 64); do
  ./bin/circle user create --email "bench$i@example.com" --password "BenchPass1!x" --data-dir "$data" >/dev/null 2>&1
done
CIRCLE_DATA_DIR=$data CIRCLE_ADDR=127.0.0.1:$port CIRCLE_LOG_LEVEL=error CIRCLE_AUTH_RATE_LIMIT=0 ./bin/circle serve >"$data/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS -o /dev/null "$base/api/marketplace/data"

cookie=$(curl -fsS -D - -o /dev/null -H 'Content-Type: application/json' \
  -d '{"email":"agent@demo.test","password":"CircleDemo1!"}' "$base/api/auth/signin" |
  awk -F'[=;]' 'tolower($0) ~ /^set-cookie: circle_session=/ {print $2; exit}')

cat >"$data/signin.lua" <<'LUA'
local n = 0
request = function()
  n = n % 64 + 1
  local body = string.format('{"email":"bench%d@example.com","password":"BenchPass1!x"}', n)
  return wrk.format("POST", "/api/auth/signin", {["Content-Type"] = "application/json"}, body)
end
LUA

row() { # name, connections, duration, extra wrk args..., url
  local name=$1 conns=$2 dur=$3; shift 3
  local out p50 p99 errs
  out=$(wrk -t"$((conns < 2 ? conns : 2))" -c"$conns" -d"$dur" --latency "$@")
  last_rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  last_p50=$p50
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errs=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  printf '%-44s %5s %8s %12s %10s %10s %8s\n' "$name" "$conns" closed "$last_rps" "$p50" "$p99" "${errs:-0}"
}
open_row() { # name, connections, requests/s, extra loadgen args..., url
  local name=$1 conns=$2 rate=$3; shift 3
  local out
  out=$("$data/loadgen" -c "$conns" -rate "$rate" -d 10s "$@")
  printf '%-44s %5s %8s %12s %10s %10s %8s\n' "$name" "$conns" "$rate/s" \
    "$(field requests/s "$out")" "$(field p50 "$out")" "$(field p99 "$out")" "$(field failed "$out")"
}
field() { tr ' ' '\n' <<<"$2" | awk -F= -v k="$1" '$1==k {print $2}'; }
go build -o "$data/loadgen" ./scripts/loadgen
go build -o "$data/signincost" ./scripts/signincost

echo
echo "== HTTP load on loopback (SQLite; 5,000 services)"
echo "closed: wrk -t2, each connection sends its next request when the last one answers (saturation)."
echo "open: scripts/loadgen, a fixed rate spread over the connections, each request timed from when it was due."
printf '%-44s %5s %8s %12s %10s %10s %8s\n' endpoint conns load requests/s p50 p99 failed
row "GET /api/marketplace/data (cached, gzip)" 64 10s -H 'Accept-Encoding: gzip' "$base/api/marketplace/data"
row "GET /api/marketplace/services (filtered)" 64 10s "$base/api/marketplace/services?q=marketing%20crm&verified=true&sort=price_low&page_size=50"
row "GET /api/marketplace/services (page 3)" 64 10s "$base/api/marketplace/services?category=business-professional&sort=newest&page=3&page_size=50"
# The funnel page of one service: suggestions and bundles ranked over the whole catalogue.
row "GET /api/services/{id} (detail)" 64 10s "$base/api/services/svc-closingbell-tc"
# The floor of this machine: a handler that does nothing. At saturation the 2 cores are shared
# by server and load generator, so even this p99 is the scheduler's, not the server's.
row "GET /healthz (baseline: no work)" 50 10s "$base/healthz"
row "GET /api/profile (session cookie)" 50 10s -H "Cookie: circle_session=$cookie" "$base/api/profile"
open_row "GET /healthz (baseline: no work)" 50 5000 -url "$base/healthz"
for rate in 2000 5000 8000; do
  open_row "GET /api/profile (session cookie)" 50 "$rate" -H "Cookie: circle_session=$cookie" -url "$base/api/profile"
done
# Unmeasured sign-ins first, so the heap has grown to its working size.
wrk -t2 -c8 -d3s -s "$data/signin.lua" "$base" >/dev/null
row "POST /api/auth/signin (one at a time)" 1 10s -s "$data/signin.lua" "$base"
row "POST /api/auth/signin (64 accounts)" 8 10s -s "$data/signin.lua" "$base"

# Sign-in against the argon2id hash inside it: scripts/signincost alternates 2-second phases of
# hashing (this machine's own parameters) and of signing in, and compares each sign-in phase
# with the hash phases on either side; measured minutes apart the two drift by more than the
# target on a shared virtual machine.
echo
echo "== Sign-in cost against the argon2id hash (alternating phases, 8 rounds)"
# Wall time counts the load generator too; CPU time is the server's own per sign-in against the
# CPU time of a hash.
cost_line() { # label, signincost output
  printf '%-31s wall: %6s sign-ins/s %6s ms per sign-in %6s ms per hash %4s%% of the hash (rounds %s%%..%s%%)  failed %s\n' "$1" \
    "$(field signins/s "$2")" "$(field signin_ms "$2")" "$(field hash_ms "$2")" \
    "$(field ratio_pct "$2")" "$(field lowest_pct "$2")" "$(field highest_pct "$2")" "$(field failed "$2")"
  printf '%-31s  CPU: server %6s ms per sign-in, %6s ms per hash: %4s%% of the hash (rounds %s%%..%s%%); client %s ms per sign-in\n' "" \
    "$(field signin_cpu_ms "$2")" "$(field hash_cpu_ms "$2")" "$(field cpu_ratio_pct "$2")" \
    "$(field cpu_lowest_pct "$2")" "$(field cpu_highest_pct "$2")" "$(field client_cpu_ms "$2")"
}
cost_line "one at a time (1 conn)" "$("$data/signincost" -base "$base" -server-pid "$server" -c 1 -workers 1 -rounds 8)"
cost_line "every CPU (8 conns, 2 hashing)" "$("$data/signincost" -base "$base" -server-pid "$server" -c 8 -workers "$(nproc)" -rounds 8)"
echo
echo "Targets (issues 3 and 4): marketplace data >= 3000 req/s, p99 < 25 ms; filtered page >= 1000 req/s,"
echo "p99 < 50 ms; profile p99 < 5 ms at 50 connections (open load); sign-in cost <= 110% of the hash (median of the rounds)."

echo
echo "== first service card on /marketplace and layout shift (Playwright, median of 5; issue 18: 1.5 s); feedback of slow interactions (300 ms)"
# With them, issue 18 item 9's 300 ms budgets: the language switch's status and the first Add to
# Cart dialog (web/e2e/app-interactions.spec.ts).
E2E_PERF=1 bash scripts/e2e.sh e2e/app-phone-journeys.spec.ts e2e/app-interactions.spec.ts -g "F-CAT-02|F-APP-06 choosing|F-PAY-04 the purchase" 2>&1 |
  grep -E "first card at|language switch:|Add to Cart dialog:|passed|failed" ||
  echo "bench: a browser budget was missed (first card 1.5 s, feedback 300 ms; figures above)"

# Lighthouse, median of 3 runs per page and profile (issues 18 and 33 acceptance: performance >= 90
# mobile and 100 desktop, accessibility 100, SEO 100,
# CLS < 0.05) on /, /marketplace and a service page, with the system Chromium, against
# a demo server of its own. Scores depend on the machine: run it with nothing else busy.
echo
echo "== Lighthouse (mobile and desktop profiles, median of 3 runs; web/scripts/lighthouse.mjs)"
lighthouse_base=$(mktemp -d /tmp/circle-lh.XXXXXX)
CIRCLE_DATA_DIR=$lighthouse_base CIRCLE_ADDR=127.0.0.1:18298 CIRCLE_BASE_URL=http://127.0.0.1:18298 CIRCLE_LOG_LEVEL=error \
  ./bin/circle serve --demo >"$lighthouse_base/log" 2>&1 &
lighthouse_server=$!
# An interrupted run must not leave this server or its data behind (the trap above covers the first).
trap 'kill $server $lighthouse_server 2>/dev/null; wait $server $lighthouse_server 2>/dev/null; rm -rf "$data" "$lighthouse_base"' EXIT
for _ in $(seq 1 120); do curl -fsS http://127.0.0.1:18298/readyz >/dev/null 2>&1 && break; sleep 0.5; done
(cd web && node scripts/lighthouse.mjs http://127.0.0.1:18298) || echo "bench: Lighthouse failed (figures above)"
kill "$lighthouse_server" 2>/dev/null; wait "$lighthouse_server" 2>/dev/null || true
rm -rf "$lighthouse_base"

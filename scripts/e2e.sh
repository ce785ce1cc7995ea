#!/usr/bin/env bash
# Browser tests: starts bin/circle on a temp SQLite database with the demo data and a free
# port, runs Playwright (playwright-core driving Debian's Chromium), then stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [[ ! -x $chromium ]]; then
  echo "e2e: Chromium is missing; installing Debian's chromium package"
  if [[ $(id -u) == 0 ]]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/tmp/circle-apt.log 2>&1 ||
      { tail -n 20 /tmp/circle-apt.log; echo "e2e: could not install chromium; run: sudo apt-get install chromium" >&2; exit 1; }
  else
    echo "e2e: Chromium not found at $chromium; install it with: sudo apt-get install chromium (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi
# CIRCLE_BIN picks another binary; CIRCLE_WEB_DIR serves a web build from a directory instead
# of the embedded one (so several developers can test their own builds at once).
bin=${CIRCLE_BIN:-bin/circle}
[[ -x $bin ]] || { echo "e2e: $bin is missing; run make build" >&2; exit 1; }

data=$(mktemp -d /tmp/circle-e2e.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18181)
# A local OpenID Connect provider stands in for Google (default user jane.doe@example.com).
go build -o "$data/mockoidc" ./internal/devtools/mockoidc
"$data/mockoidc" >"$data/oidc.json" 2>"$data/oidc.log" &
oidc=$!
for _ in $(seq 1 50); do [[ -s $data/oidc.json ]] && break; sleep 0.1; done
read_json() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$data/oidc.json" "$1"; }
export CIRCLE_GOOGLE_ISSUER=$(read_json issuer) CIRCLE_GOOGLE_CLIENT_ID=$(read_json client_id) CIRCLE_GOOGLE_CLIENT_SECRET=$(read_json client_secret)
export E2E_GOOGLE_EMAIL=jane.doe@example.com
export CIRCLE_DATA_DIR=$data CIRCLE_ADDR=127.0.0.1:$port CIRCLE_BASE_URL=http://127.0.0.1:$port
"$bin" serve --demo --auth-rate-limit "${E2E_AUTH_RATE_LIMIT:-600}" --botcheck-difficulty "${E2E_BOTCHECK_DIFFICULTY:-12}" >"$data/server.log" 2>&1 &
server=$!
cleanup() { kill "$server" "$oidc" 2>/dev/null; wait "$server" "$oidc" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log"; echo "e2e: server exited" >&2; exit 1; }
  sleep 0.5
done
export E2E_BASE_URL=http://127.0.0.1:$port E2E_CIRCLE_BIN=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") E2E_DATA_DIR=$data CHROMIUM_PATH=$chromium
status=0
if [[ $# -gt 0 ]]; then
  (cd web && npx playwright test "$@") 2>&1 | tee "$data/playwright.log" || status=$?
else
  # The whole suite: the wall-clock budgets (tagged @quiet) first, alone on one worker, against
  # the fresh demo server, so nothing else loads the machine while they measure (run after the
  # suite they once went over budget in CI, with whatever the 300 tests before left behind);
  # then every other test on two workers.
  echo "--- the @quiet tests (wall-clock budgets), alone"
  (cd web && npx playwright test --grep @quiet --workers 1) 2>&1 | tee "$data/playwright.log" || status=$?
  echo "--- every other test"
  (cd web && npx playwright test --grep-invert @quiet) 2>&1 | tee -a "$data/playwright.log" || status=$?
fi
if [[ $status != 0 ]]; then
  echo "--- server log (last 40 lines)"
  tail -n 40 "$data/server.log"
  # Repeated last, so a log that keeps only its tail still names what failed and why: each
  # failure's first error lines (the assertion and its source line), then the list.
  echo "--- why they failed (first 12 lines of each)"
  awk '/^  [0-9]+\) /{n=12} n>0 && NF{print; n--}' "$data/playwright.log" | head -n 120 || true
  echo "--- failed browser tests"
  grep -E '^\s+✘|^\s+[0-9]+ (failed|passed)' "$data/playwright.log" || true
fi
exit $status

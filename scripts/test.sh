#!/usr/bin/env bash
# Every test tier; a non-zero exit when any tier fails.
#   scripts/test.sh        all tiers
#   scripts/test.sh go     Go tiers only (vet, OpenAPI drift and lint, unit, store on SQLite+PostgreSQL, API, adapters, fuzz seeds, benchmark tools)
#   scripts/test.sh web    web tiers only (typecheck, lint, Vitest, build)
#   scripts/test.sh e2e    browser tier only (Playwright in Chromium against the real binary)
#
# With "all", the Go tier and the web tier run side by side (they share nothing); the browser
# tier runs after the web build, alone, because its timing budgets (first card, dialogs) assume
# a machine that is not also compiling and testing Go. Each tier's lines are prefixed with its
# name and each step prints its time; the end prints every tier's time and the total.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
started=$SECONDS
logs=$(mktemp -d /tmp/circle-test.XXXXXX)

# step names a step inside a tier and prints the time of the tier's previous step.
step() {
  if [[ -n ${step_name:-} ]]; then printf -- '-- %s: %ds\n' "$step_name" $((SECONDS - step_started)); fi
  step_name=$*
  step_started=$SECONDS
  if [[ -n $step_name ]]; then printf '\n== %s\n' "$*"; fi
}

tier_go() {
  step "gofmt and go vet"
  local unformatted
  unformatted=$(gofmt -l cmd internal scripts)
  if [[ -n $unformatted ]]; then echo "gofmt: these files need formatting:"; echo "$unformatted"; return 1; fi
  go vet ./cmd/... ./internal/... ./scripts/...

  step "OpenAPI document matches the code"
  if ! go run ./cmd/circle openapi | diff -u api/openapi.json - ; then
    echo "api/openapi.json differs from what the code generates: run 'make openapi' and commit it." >&2
    return 1
  fi
  if [[ -f scripts/api-lint.sh ]]; then
    step "OpenAPI document passes Spectral's OAS ruleset"
    bash scripts/api-lint.sh
  fi

  step "go test (unit, store on SQLite and PostgreSQL, API, adapters, fuzz seeds, benchmark tools)"
  # -parallel 4: the API tests wait more than they compute (the httpapi package used about half a
  # core at the default of 2 parallel tests; at 8 its 235 s became 174 s). 4 keeps the PostgreSQL
  # connections of two packages' tests well under the server's 100.
  go test -count=1 -parallel 4 -timeout 20m ./cmd/... ./internal/... ./scripts/...
  step ""
}

tier_web() {
  step "web: typecheck, lint, unit tests, build"
  (cd web && npm run gen:api && npm run typecheck && npm run lint && npm test && npm run build)
  rm -rf internal/webui/dist && mkdir -p internal/webui/dist && cp -R web/dist/. internal/webui/dist/ && touch internal/webui/dist/.keep
  step ""
}

tier_e2e() {
  step "browser tests (Playwright, Chromium) against the real binary"
  if [[ ! -f internal/webui/dist/index.html ]]; then
    (cd web && npm run build)
    rm -rf internal/webui/dist && mkdir -p internal/webui/dist && cp -R web/dist/. internal/webui/dist/ && touch internal/webui/dist/.keep
  fi
  make --no-print-directory go-build # the product binary, with the Makefile's link flags
  bash scripts/e2e.sh
  step ""
}

declare -A tier_seconds tier_status
# run_tier NAME runs tier_NAME with its output prefixed by [NAME] and kept in $logs/NAME.log,
# and writes its time and exit status to $logs/NAME.result. It is never called in an && or ||
# list: bash ignores `set -e` inside anything run from one, and a tier must stop at its first
# failing step.
run_tier() {
  local name=$1 begun=$SECONDS status
  set +e
  ( set -euo pipefail; "tier_$name" ) 2>&1 | tee "$logs/$name.log" | sed -u "s/^/[$name] /"
  status=$?
  set -e
  echo "$((SECONDS - begun)) $status" >"$logs/$name.result"
}
record() {
  local name=$1 secs status
  read -r secs status <"$logs/$name.result"
  tier_seconds[$name]=$secs
  tier_status[$name]=$status
}

bash scripts/deps.sh
mkdir -p internal/webui/dist && touch internal/webui/dist/.keep

if [[ $what == all || $what == go ]]; then
  printf '\n== services for the Go tier: PostgreSQL, Redis, stripe-mock\n'
  CIRCLE_TEST_POSTGRES_URL=$(bash scripts/ensure-postgres.sh)
  export CIRCLE_TEST_POSTGRES_URL
  echo "using $CIRCLE_TEST_POSTGRES_URL"
  trap 'bash scripts/stop-postgres.sh; bash scripts/stop-redis.sh' EXIT
  bash scripts/ensure-redis.sh
  if [[ -z ${CIRCLE_STRIPE_MOCK_BIN:-} ]] && ! command -v stripe-mock >/dev/null && [[ ! -x "$(go env GOPATH)/bin/stripe-mock" ]]; then
    echo "installing stripe-mock (go install github.com/stripe/stripe-mock@latest)"
    go install github.com/stripe/stripe-mock@latest
  fi
fi

case $what in
  all)
    run_tier go &
    go_pid=$!
    run_tier web
    record web
    if [[ ${tier_status[web]} == 0 ]]; then
      # The browser tier waits for the Go tier: see the top of this file.
      wait "$go_pid" || true
      record go
      run_tier e2e
      record e2e
    else
      wait "$go_pid" || true
      record go
    fi
    ;;
  go | web | e2e)
    run_tier "$what"
    record "$what"
    ;;
  *)
    echo "usage: scripts/test.sh [all|go|web|e2e]" >&2
    exit 2
    ;;
esac

printf '\n== summary\n'
failed=0
for name in go web e2e; do
  [[ -n ${tier_status[$name]:-} ]] || continue
  if [[ ${tier_status[$name]} == 0 ]]; then result=passed; else result=FAILED; failed=1; fi
  printf -- '-- tier %s: %s in %dm%02ds\n' "$name" "$result" $((tier_seconds[$name] / 60)) $((tier_seconds[$name] % 60))
done
if [[ ${tier_status[go]:-0} != 0 ]]; then
  echo "--- Go failures (from $logs/go.log)"
  grep -E '^(--- FAIL|FAIL|panic:|\s+\S+_test\.go:[0-9]+:)' "$logs/go.log" | head -n 80 || true
fi
if [[ $what == all && ${tier_status[web]:-0} != 0 ]]; then
  echo "-- tier e2e: not run (the web tier failed)"
fi
printf -- '-- total: %dm%02ds\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
if [[ $failed != 0 ]]; then
  echo "some tiers failed (logs in $logs)" >&2
  exit 1
fi
echo "all requested tiers passed"
rm -rf "$logs"

#!/usr/bin/env bash
# Every test tier, in order; stops at the first failing tier with a non-zero exit.
#   scripts/test.sh        all tiers
#   scripts/test.sh go     Go tiers only (vet, OpenAPI drift, unit, store on SQLite+PostgreSQL, API, adapters, fuzz seeds, benchmark tools)
#   scripts/test.sh web    web tiers only (typecheck, lint, Vitest, build)
#   scripts/test.sh e2e    browser tier only (Playwright in Chromium against the real binary)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
# Each step prints how long the one before it took, and the run's total at the end.
started=$SECONDS
step_started=$SECONDS
step_name=""
step() {
  if [[ -n $step_name ]]; then printf -- '-- %s: %ds\n' "$step_name" $((SECONDS - step_started)); fi
  step_name=$*
  step_started=$SECONDS
  printf '\n== %s\n' "$*"
}

bash scripts/deps.sh
mkdir -p internal/webui/dist && touch internal/webui/dist/.keep

if [[ $what == all || $what == go ]]; then
  step "gofmt and go vet"
  unformatted=$(gofmt -l cmd internal scripts)
  if [[ -n $unformatted ]]; then echo "gofmt: these files need formatting:"; echo "$unformatted"; exit 1; fi
  go vet ./cmd/... ./internal/... ./scripts/...

  step "OpenAPI document matches the code"
  if ! go run ./cmd/circle openapi | diff -u api/openapi.json - ; then
    echo "api/openapi.json differs from what the code generates: run 'make openapi' and commit it." >&2
    exit 1
  fi

  step "PostgreSQL for store tests"
  CIRCLE_TEST_POSTGRES_URL=$(bash scripts/ensure-postgres.sh)
  export CIRCLE_TEST_POSTGRES_URL
  echo "using $CIRCLE_TEST_POSTGRES_URL"
  trap 'bash scripts/stop-postgres.sh; bash scripts/stop-redis.sh' EXIT

  step "Redis for the shared rate-limit tests"
  bash scripts/ensure-redis.sh

  step "stripe-mock for the Stripe adapter tests"
  if [[ -z ${CIRCLE_STRIPE_MOCK_BIN:-} ]] && ! command -v stripe-mock >/dev/null && [[ ! -x "$(go env GOPATH)/bin/stripe-mock" ]]; then
    echo "installing stripe-mock (go install github.com/stripe/stripe-mock@latest)"
    go install github.com/stripe/stripe-mock@latest
  fi

  step "go test (unit, store on SQLite and PostgreSQL, API, adapters, fuzz seeds, benchmark tools)"
  go test -count=1 -timeout 15m ./cmd/... ./internal/... ./scripts/...
fi

if [[ $what == all || $what == web ]]; then
  step "web: typecheck, lint, unit tests, build"
  (cd web && npm run gen:api && npm run typecheck && npm run lint && npm test && npm run build)
  rm -rf internal/webui/dist && mkdir -p internal/webui/dist && cp -R web/dist/. internal/webui/dist/ && touch internal/webui/dist/.keep
fi

if [[ $what == all || $what == e2e ]]; then
  step "browser tests (Playwright, Chromium) against the real binary"
  if [[ ! -f internal/webui/dist/index.html ]]; then
    (cd web && npm run build)
    rm -rf internal/webui/dist && mkdir -p internal/webui/dist && cp -R web/dist/. internal/webui/dist/ && touch internal/webui/dist/.keep
  fi
  make --no-print-directory go-build # the product binary, with the Makefile's link flags
  bash scripts/e2e.sh
fi
step "all requested tiers passed"
printf -- '-- total: %dm%02ds\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))

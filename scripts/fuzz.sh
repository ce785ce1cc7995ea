#!/usr/bin/env bash
# Longer fuzzing runs of every Fuzz target (make test runs their seed corpora only).
#   FUZZTIME=30s scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p internal/webui/dist && touch internal/webui/dist/.keep
fuzztime=${FUZZTIME:-30s}
grep -rl --include='*_test.go' '^func Fuzz' cmd internal | while read -r file; do
  pkg=./$(dirname "$file")
  for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //'); do
    echo "== $pkg $target ($fuzztime)"
    go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime"
  done
done

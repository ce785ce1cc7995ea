#!/usr/bin/env bash
# The figures issue 26 tracks for the code's shape, printed the same way before and after a
# change (quote them in the closing note):
#   scripts/shape-counts.sh [make-test log]
# The log, when given, is a saved `make test` output; its total time is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
go run ./scripts/shapecounts .
if command -v duplicates >/dev/null; then
  dup=$(duplicates --seconds 120 | head -n 1)
  pairs=$(sed -E 's/^([0-9]+) pairs.*/\1/' <<<"$dup")
  files=$(sed -E 's/.*\(([0-9]+) files read\).*/\1/' <<<"$dup")
  if [[ $pairs =~ ^[0-9]+$ && $files =~ ^[0-9]+$ ]]; then
    printf 'duplicates: %s pairs over %s files (%s a file)\n' "$pairs" "$files" "$(awk -v p="$pairs" -v f="$files" 'BEGIN{printf "%.2f", p/f}')"
  else
    echo "duplicates: $dup"
  fi
else
  echo "duplicates: the duplicates command is not on this machine"
fi
if [[ -x scripts/api-lint.sh ]]; then
  spectral=$(bash scripts/api-lint.sh 2>&1 || true)
  echo "spectral: $(grep -Eo '[0-9]+ problems? \([0-9]+ errors?, [0-9]+ warnings?[^)]*\)' <<<"$spectral" | tail -n 1 || true)$(grep -q 'No results with a severity' <<<"$spectral" && echo '0 errors, 0 warnings')"
fi
if [[ $# -gt 0 && -f $1 ]]; then
  echo "make test: $(grep -E '^-- total:' "$1" | tail -n 1 | sed 's/^-- //')"
fi

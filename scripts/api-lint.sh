#!/usr/bin/env bash
# Lints the committed API document with Spectral's OpenAPI ruleset (.spectral.yaml) and fails
# on any error or warning. Needs the web packages (bash scripts/deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
spectral=web/node_modules/.bin/spectral
[[ -x $spectral ]] || { echo "api-lint: $spectral is missing; run bash scripts/deps.sh" >&2; exit 1; }
"$spectral" lint api/openapi.json --ruleset .spectral.yaml --fail-severity=warn --format=text

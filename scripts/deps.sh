#!/usr/bin/env bash
# Installs what the build needs when it is missing: Go modules and the web app's npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v go >/dev/null || { echo "deps: Go is not installed; install Go 1.26 from https://go.dev/dl/" >&2; exit 1; }
command -v npm >/dev/null || { echo "deps: Node.js/npm is not installed; install Node.js 20 or newer" >&2; exit 1; }
go mod download
lock_hash=$(sha256sum web/package-lock.json | cut -c1-16)
if [[ ! -d web/node_modules || ! -f web/node_modules/.circle-lock-$lock_hash ]]; then
  echo "deps: installing web packages (npm install; npm ci trips over optional platform packages missing from the lock file)"
  (cd web && npm install --no-audit --no-fund --loglevel=error)
  rm -f web/node_modules/.circle-lock-*
  touch "web/node_modules/.circle-lock-$lock_hash"
fi

#!/usr/bin/env bash
# Stops the throwaway Redis started by ensure-redis.sh, if any.
f=/tmp/circle-redis-throwaway.pid
[[ -f $f ]] || exit 0
kill "$(cat "$f")" 2>/dev/null || true
rm -f "$f"

#!/usr/bin/env bash
# Stops the throwaway PostgreSQL server started by ensure-postgres.sh, if any.
f=/tmp/circle-pg-throwaway
[[ -f $f ]] || exit 0
dir=$(cat "$f")
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
run=()
[[ $(id -u) == 0 ]] && run=(runuser -u postgres --)
"${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
rm -rf "$dir" "$f"

#!/usr/bin/env bash
# Makes a Redis answer at 127.0.0.1:6379 for the Redis adapter tests (CIRCLE_REDIS_URL): uses the
# one running, else starts a throwaway one that keeps nothing on disk (stopped by
# scripts/stop-redis.sh). Without redis-server it says the Redis tests will be skipped.
set -euo pipefail
answers() { (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
if answers; then echo "Redis answers at 127.0.0.1:6379"; exit 0; fi
if ! command -v redis-server >/dev/null; then
  echo "WARNING: no Redis at 127.0.0.1:6379 and redis-server is not installed: the Redis rate-limit tests will be SKIPPED (apt-get install redis-server)." >&2
  exit 0
fi
redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --pidfile /tmp/circle-redis-throwaway.pid --logfile /tmp/circle-redis-throwaway.log
for _ in $(seq 1 20); do answers && { echo "started a throwaway Redis at 127.0.0.1:6379"; exit 0; }; sleep 0.25; done
echo "ensure-redis: redis-server did not answer; see /tmp/circle-redis-throwaway.log" >&2
exit 1

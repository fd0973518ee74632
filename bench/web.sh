#!/usr/bin/env bash
# make bench-web: Lighthouse against the real binary (bin/quotegrade, fresh
# data dir, the shipped demonstration site) on each public page; see
# bench/web/lighthouse.mjs. Scores are reported, never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x "${CHROME_PATH:-/usr/bin/chromium}" ] || { echo "Chromium is missing: apt-get install chromium" >&2; exit 1; }
PORT="${BENCH_WEB_PORT:-18090}"
data=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

QG_DATA_DIR="$data" QG_ADDR="127.0.0.1:$PORT" QG_LOG_LEVEL=warn ./bin/quotegrade serve >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
	curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break
	sleep 0.1
done
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" node bench/web/lighthouse.mjs "http://127.0.0.1:$PORT"

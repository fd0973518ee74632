#!/usr/bin/env bash
# bench/startup.sh: milliseconds from starting bin/quotegrade serve to its first
# 200 from /api/health, on a fresh SQLite data dir (migrations, example and
# rates seeded) and then again on the same dir, RUNS times each. Timings are
# reported, never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-5}"
PORT=18095
data=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

# healthy_ms DIR: start the server on DIR, print the milliseconds to healthy, stop it.
healthy_ms() {
	local t0 t1
	t0=$(date +%s%N)
	QG_DATA_DIR="$1" QG_ADDR="127.0.0.1:$PORT" QG_LOG_LEVEL=warn ./bin/quotegrade serve >/dev/null 2>&1 &
	pid=$!
	until curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1; do sleep 0.005; done
	t1=$(date +%s%N)
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	pid=
	echo $(((t1 - t0) / 1000000))
}

fresh=() again=()
for i in $(seq "$RUNS"); do
	fresh+=("$(healthy_ms "$data/fresh$i")")
	again+=("$(healthy_ms "$data/fresh$i")")
done
echo "start to healthy, fresh data dir (ms): ${fresh[*]}"
echo "start to healthy, existing data dir (ms): ${again[*]}"

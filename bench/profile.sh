#!/usr/bin/env bash
# bench/profile.sh: CPU profiles of quotegrade under the wrk load make
# bench-http applies, one per endpoint, written to $OUT (default
# bench/profiles). Built with -tags pprof, the binary serves the Go profiler on
# a second address; the shipped binary has none. Print the top of a profile
# with: go tool pprof -top -nodecount=30 bin/quotegrade-pprof $OUT/health.pprof
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
OUT="${OUT:-bench/profiles}"
SECONDS_PER_PROFILE="${PROFILE_SECONDS:-8}"
QG_PORT=18090 PPROF_PORT=18091
mkdir -p "$OUT"
go build -tags pprof -o bin/quotegrade-pprof ./cmd/quotegrade
data=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
QG_DATA_DIR="$data" QG_ADDR="127.0.0.1:$QG_PORT" QG_PPROF_ADDR="127.0.0.1:$PPROF_PORT" QG_WRITE_RATE_LIMIT=100000000 \
	QG_LOG_LEVEL=warn ./bin/quotegrade-pprof serve >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$QG_PORT/api/health" >/dev/null && break; sleep 0.1; done
id=$(curl -sf -X POST "http://127.0.0.1:$QG_PORT/api/quote-requests/submit" -H 'Content-Type: application/json' \
	-d "$(sed -n 's/^wrk.body = \[\[\(.*\)\]\]$/\1/p' bench/submit.lua)" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
[ -n "$id" ] || { echo "could not submit a quote request to read back" >&2; exit 1; }

# profile NAME PATH [wrk options...]: wrk runs a second longer than the profile.
profile() {
	local name=$1 path=$2
	shift 2
	wrk -t2 -d"$((SECONDS_PER_PROFILE + 1))s" "$@" "http://127.0.0.1:$QG_PORT$path" >"$OUT/$name.wrk" &
	local wrk_pid=$!
	sleep 0.5
	curl -sf -o "$OUT/$name.pprof" "http://127.0.0.1:$PPROF_PORT/debug/pprof/profile?seconds=$SECONDS_PER_PROFILE"
	wait "$wrk_pid"
	echo "$name: $(awk '/Requests\/sec/ {print $2}' "$OUT/$name.wrk") requests/s, profile in $OUT/$name.pprof"
}
profile health /api/health -c64
profile get-quote-request "/api/quote-requests/$id" -c64
profile submit /api/quote-requests/submit -c16 -s bench/submit.lua

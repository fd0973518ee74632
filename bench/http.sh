#!/usr/bin/env bash
# make bench-http: quotegrade's endpoints under wrk -t2 -c64, each as a share
# of a Go hello-world JSON server measured in the same run (alternated, twice),
# so the figures mean the same on any machine. Timings are reported, never
# asserted. BENCH_ENV adds settings to the server's environment, e.g.
# BENCH_ENV="GOGC=100" to compare Go's default collector.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
DURATION="${BENCH_DURATION:-5s}"
QG_PORT=18080 HELLO_PORT=18081
data=$(mktemp -d)
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$data"; }
pids=()
trap cleanup EXIT

env ${BENCH_ENV:-} QG_DATA_DIR="$data" QG_ADDR="127.0.0.1:$QG_PORT" QG_WRITE_RATE_LIMIT=100000000 QG_LOG_LEVEL=warn \
	./bin/quotegrade serve >"$data/server.log" 2>&1 &
pids+=($!)
./bin/helloworld -addr "127.0.0.1:$HELLO_PORT" &
pids+=($!)
for _ in $(seq 100); do
	curl -sf "http://127.0.0.1:$QG_PORT/api/health" >/dev/null && curl -sf "http://127.0.0.1:$HELLO_PORT/" >/dev/null && break
	sleep 0.1
done
id=$(curl -sf -X POST "http://127.0.0.1:$QG_PORT/api/quote-requests/submit" -H 'Content-Type: application/json' \
	-d "$(sed -n 's/^wrk.body = \[\[\(.*\)\]\]$/\1/p' bench/submit.lua)" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
[ -n "$id" ] || { echo "could not submit a quote request to read back" >&2; exit 1; }

# rps URL [wrk options...]: requests a second wrk reports.
rps() {
	local url=$1
	shift
	wrk -t2 -d"$DURATION" "$@" "$url" | awk '/Requests\/sec/ {printf "%d", $2}'
}

printf '%-44s %10s %10s %7s\n' endpoint quotegrade hello-world share
measure() {
	local label=$1 path=$2
	shift 2
	local qg=0 hw=0
	for _ in 1 2; do
		hw=$((hw + $(rps "http://127.0.0.1:$HELLO_PORT/" -c64)))
		qg=$((qg + $(rps "http://127.0.0.1:$QG_PORT$path" "$@")))
	done
	printf '%-44s %10d %10d %6d%%\n' "$label" $((qg / 2)) $((hw / 2)) $((qg * 100 / hw))
}
measure "GET /api/health" /api/health -c64
measure "GET /api/quote-requests/{id}" "/api/quote-requests/$id" -c64
measure "GET / (index.html)" / -c64
measure "POST /api/quote-requests/submit (-c16)" /api/quote-requests/submit -c16 -s bench/submit.lua
echo "server RSS after the load: $(ps -o rss= -p "${pids[0]}" | awk '{printf "%.0f MB", $1/1024}'), at its peak: $(awk '/VmHWM/ {printf "%.0f MB", $2/1024}' "/proc/${pids[0]}/status")"

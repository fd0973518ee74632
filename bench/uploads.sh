#!/usr/bin/env bash
# make bench-uploads: ten visitors at once each upload a phone photo of a
# Loan Estimate to the real binary (a fresh SQLite data dir) through the
# browser's API, while GET /api/health and GET /api/quote-requests/{id} are
# sent at a steady pace, idle and then during the uploads; prints every
# check's answers, the GETs' latency and the peak memory of the server and
# its Tesseract subprocesses (internal/testsupport/cmd/uploadbench). Needs
# Tesseract. Timings are reported, never asserted. CLIENTS, RATE (GETs a
# second each) and IDLE change the run; BENCH_ENV adds settings to the
# server's environment; BIN=path measures another build (a commit before).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tesseract >/dev/null || { echo "tesseract is missing: apt-get install tesseract-ocr" >&2; exit 1; }
PORT=18096
data=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

go build -o bin/uploadbench ./internal/testsupport/cmd/uploadbench
# This machine is the visitors' proxy: each visitor's X-Forwarded-For is
# believed, so ten visitors are ten clients with a share of the reading
# slots each, as they would be on the internet.
env ${BENCH_ENV:-} QG_DATA_DIR="$data" QG_ADDR="127.0.0.1:$PORT" QG_TRUSTED_PROXIES=127.0.0.1 \
	QG_WRITE_RATE_LIMIT=100000000 QG_LOG_LEVEL=warn "${BIN:-./bin/quotegrade}" serve >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.1; done
id=$(curl -sf -X POST "http://127.0.0.1:$PORT/api/quote-requests/submit" -H 'Content-Type: application/json' \
	-d "$(sed -n 's/^wrk.body = \[\[\(.*\)\]\]$/\1/p' bench/submit.lua)" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
[ -n "$id" ] || { echo "could not submit a quote request to read back" >&2; exit 1; }
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
status=0
./bin/uploadbench -url "http://127.0.0.1:$PORT" -pid "$pid" -id "$id" -clients "${CLIENTS:-10}" \
	-rate "${RATE:-20}" -idle "${IDLE:-10s}" || status=$?
if grep -q '"level":"ERROR"' "$data/server.log"; then
	echo "server errors:"
	grep '"level":"ERROR"' "$data/server.log" | head -20
	status=1
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status

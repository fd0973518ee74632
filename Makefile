# quotegrade: `make run` to try it, `make test` for everything CI runs.
SHELL := /bin/bash
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -X main.version=$(VERSION)
WEB_DEPS := web/node_modules/.package-lock.json
E2E_DEPS := e2e/node_modules/.package-lock.json
WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) web/index.html web/vite.config.ts web/package.json web/tsconfig.json
export QG_TEST_POSTGRES_URL

.PHONY: le-score run build build-web check-budget test test-go test-web test-e2e lint generate check-generated bench bench-http bench-startup bench-uploads bench-profile bench-web clean fuzz screenshots

run: build
	./bin/quotegrade serve

build: bin/quotegrade

bin/quotegrade: build-web $(shell find cmd internal -name "*.go") web/embed.go go.mod go.sum
	go build -ldflags "$(GO_LDFLAGS)" -o bin/quotegrade ./cmd/quotegrade

build-web: web/dist/index.html

web/dist/index.html: $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run build
	touch web/dist/.gitkeep

# The script budget (decisions 0015, 0026): npm run build checks it too, but a
# build that is already up to date does not run again, so make test asks for it.
check-budget: build-web
	cd web && node scripts/check-budget.mjs

# A worktree may link node_modules to another checkout's (HELPERS.md): npm ci
# there would empty the linked copy under everyone using it, so a link is
# left alone (install in the linked checkout, or replace the link).
$(WEB_DEPS): web/package.json web/package-lock.json
	@if [ -L web/node_modules ]; then echo "web/node_modules is a link: not reinstalling through it (run npm ci where it points if package-lock.json changed)"; else cd web && npm ci --no-audit --no-fund; fi

$(E2E_DEPS): e2e/package.json e2e/package-lock.json
	@if [ -L e2e/node_modules ]; then echo "e2e/node_modules is a link: not reinstalling through it (run npm ci where it points if package-lock.json changed)"; else cd e2e && npm ci --no-audit --no-fund; fi

test: lint check-generated check-budget test-go test-web test-e2e
	@echo "make test: all suites passed"

# The prerendered pages' tests read the real build (web/dist/prerendered).
test-go: build-web
	@if [ -z "$$QG_TEST_POSTGRES_URL" ]; then echo "!!! QG_TEST_POSTGRES_URL is not set: the PostgreSQL store tests will be SKIPPED (set it to e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) !!!"; fi
	go vet ./...
	go test -race -count=1 -timeout 30m ./...
	$(MAKE) --no-print-directory fuzz

# The fuzz targets run a few seconds each on every test run (FUZZTIME=1m for a
# longer hunt); an input that fails is saved under the package's
# testdata/fuzz/ and replays in every plain go test afterwards: commit it.
FUZZTIME ?= 3s
FUZZ_TARGETS := FuzzRead:./internal/loanestimate FuzzLocalPath:./internal/httpapi FuzzSubmission:./internal/httpapi
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t%%:*} for $(FUZZTIME)"; \
		go test -run '^$$' -fuzz "^$${t%%:*}$$" -fuzztime=$(FUZZTIME) $${t#*:} || exit 1; \
	done

# The Loan Estimate corpus (internal/loanestimate/testdata/corpus): each
# document's fields right, wrong but marked "please check", wrong and
# unmarked, missing, and its read time; TestCorpus in make test enforces the
# floors (docs/loan-estimate.md).
le-score:
	go test -count=1 -run '^TestCorpus$$' -v ./internal/loanestimate/ | sed -n 's/^    corpus_test.go:[0-9]*: //p'

test-web: $(WEB_DEPS)
	cd web && npm run lint && npm run typecheck && npm test

# The browser tests' OpenID provider and SMTP server (internal/testsupport/cmd/testpeers).
bin/testpeers: $(shell find internal -name "*.go") go.mod go.sum
	go build -o bin/testpeers ./internal/testsupport/cmd/testpeers

# Two copies behind a proxy on PostgreSQL for the cluster journey (internal/testsupport/cmd/testcluster).
bin/testcluster: $(shell find internal -name "*.go") go.mod go.sum
	go build -o bin/testcluster ./internal/testsupport/cmd/testcluster

test-e2e: build bin/testpeers bin/testcluster $(E2E_DEPS)
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "!!! /usr/bin/chromium is missing: the browser tests CANNOT run (apt-get install chromium) !!!"; \
		if [ "$$CI" = "true" ]; then exit 1; fi; \
	else cd e2e && npm test; fi

# The README's pictures (docs/screenshots/), from the real binary with its demo
# data in Chromium; not part of make test. Commit the PNGs it writes.
screenshots: build $(E2E_DEPS)
	cd e2e && npx playwright test -c screenshots.config.ts

# ESLint checks the web app's one-way imports (import-x zones and no-cycle,
# web/eslint.config.js). staticcheck and deadcode are pinned in go.mod's tool block (go tool runs
# them). deadcode runs twice: with -test nothing may be unreachable from the
# binary and the tests (but the JSON methods encoding/json calls through
# reflection, which it cannot follow); without, nothing in the product may be reached by
# tests alone, apart from the test-support packages and the methods
# encoding/json calls through reflection, which it cannot follow.
DEADCODE_REFLECTION := : unreachable func: [A-Za-z]+\.(Unm|M)arshalJSON$$
DEADCODE_TEST_SUPPORT := ^internal/(testsupport|store/storetest|blob/blobtest)/|$(DEADCODE_REFLECTION)
lint: $(WEB_DEPS)
	@out=$$(gofmt -l cmd internal web/*.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@out=$$( { git ls-files '*.orig' '*.rej'; find . \( -name node_modules -o -name .git \) -prune -o \( -name '*.orig' -o -name '*.rej' \) -type f -print | sed 's|^\./||'; } | sort -u); \
		if [ -n "$$out" ]; then echo "merge leftovers (*.orig, *.rej): remove them"; echo "$$out"; exit 1; fi
	@n=$$(wc -l < README.md); if [ "$$n" -ge 350 ]; then echo "README.md has $$n lines: a newcomer reads it in ten minutes, keep it under 350 (history goes to docs/)"; exit 1; fi
	cd web && npm run lint
	go vet ./...
	go tool staticcheck ./...
	@all=$$(go tool deadcode -test ./...) || exit 1; out=$$(echo "$$all" | grep -Ev '$(DEADCODE_REFLECTION)'); if [ -n "$$out" ]; then echo "deadcode: unreachable from the binary and the tests:"; echo "$$out"; exit 1; fi
	@all=$$(go tool deadcode ./...) || exit 1; out=$$(echo "$$all" | grep -Ev '$(DEADCODE_TEST_SUPPORT)'); if [ -n "$$out" ]; then echo "deadcode: product code only tests call (move it to a _test.go file or remove it):"; echo "$$out"; exit 1; fi

# The TypeScript API types and the bearer-token paths are generated from the OpenAPI document; CI fails
# when someone changes one without regenerating the other.
generate: $(WEB_DEPS)
	cd web && npm run gen:api

check-generated: generate
	@git diff --exit-code -- web/src/lib/api-types.ts web/src/lib/bearer-paths.ts || { echo "web/src/lib/api-types.ts or bearer-paths.ts is out of date with internal/httpapi/openapi.json: run make generate and commit"; exit 1; }
	@if [ -n "$$(git ls-files --others --exclude-standard -- web/src/lib/bearer-paths.ts)" ]; then echo "web/src/lib/bearer-paths.ts is generated but not committed"; exit 1; fi

bench:
	go test -run '^$$' -bench . -benchmem ./...

# The real binary under wrk, each endpoint as a share of a Go hello-world server.
bench-http: build
	go build -o bin/helloworld ./internal/testsupport/cmd/helloworld
	bench/http.sh

# Milliseconds from start to a healthy /api/health, fresh and existing data dir.
bench-startup: build
	bench/startup.sh

# Ten visitors uploading phone photos at once to the real binary: every check's
# answers, other requests' latency idle and during, peak memory (needs Tesseract).
bench-uploads: build
	bench/uploads.sh

# CPU profiles of the real binary under bench-http's load (bench/profiles/).
bench-profile: build
	bench/profile.sh

# Lighthouse (bench/web, its own lock file) with Debian's Chromium on each public page of the real binary.
BENCH_WEB_DEPS := bench/web/node_modules/.package-lock.json
$(BENCH_WEB_DEPS): bench/web/package.json bench/web/package-lock.json
	cd bench/web && npm ci --no-audit --no-fund

bench-web: build $(BENCH_WEB_DEPS)
	bench/web.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/dist/prerendered web/dist/.vite web/dist-ssr e2e/test-results e2e/playwright-report

# The shop: `make run` serves it on http://127.0.0.1:8080; `make test` runs every test.
SHELL := /bin/bash
GO ?= go
NPM ?= npm
# The Go release the shop is built and tested with (api/go.mod asks for at least it): the go
# command fetches it through the module proxy once (about 80 MB) when the machine's own is
# another, whatever the machine's GOTOOLCHAIN says (`make GOTOOLCHAIN=go1.27.5 ...` picks a
# later one). It carries the standard library's security fixes the shop needs (make audit-go).
export GOTOOLCHAIN := go1.27.3
BIN := $(CURDIR)/.bin

# make run and make dev listen on this machine only (the demo accounts' passwords are public);
# HOST=0.0.0.0 serves every interface. The API's port is PORT, the Vite dev server's DEV_PORT.
HOST ?= 127.0.0.1
PORT ?= 8080
DEV_PORT ?= 3000
export HOST PORT DEV_PORT

.PHONY: fuzz-quick run build build-api build-client client-deps dev test test-go test-client e2e vet lint clean stripe-mock bench bench-web fuzz soak audit audit-go audit-client crash

run: build ## build everything, then serve the shop with the embedded store and demo catalogue
	@echo "Starting the shop on http://$(HOST):$(PORT) (embedded store in ./data; HOST=0.0.0.0 to serve every interface)."
	@echo "Demo accounts (loaded into an empty store): admin@shop.test / admin123, shopper@shop.test / shopper123"
	LOG_FORMAT=$${LOG_FORMAT:-text} ./bin/shopd

build: build-api build-client

build-api:
	@[ -x bin/shopd ] || echo "Building shopd. The first build compiles the embedded store (FerretDB, SQLite) and" \
	  "takes a few minutes (about 5 on two cores); later builds take seconds."
	cd api && $(GO) build -o ../bin/shopd ./cmd/shopd

client-deps: client/node_modules/.package-lock.json

client/node_modules/.package-lock.json: client/package.json client/package-lock.json
	cd client && $(NPM) ci --no-audit --no-fund
	@touch $@

build-client: client-deps
	cd client && $(NPM) run build

# Ctrl-C reaches shopd and Vite together (one process group); the trap waits for shopd to
# finish its shutdown and makes the interrupt a clean stop rather than an error.
dev: build-api client-deps ## the API on PORT and the Vite dev server with hot reload on DEV_PORT
	@echo "API on http://$(HOST):$(PORT); the storefront with hot reload on http://localhost:$(DEV_PORT) (Ctrl-C stops both)."
	@LOG_FORMAT=$${LOG_FORMAT:-text} ./bin/shopd & pid=$$!; \
	  stop() { kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; exit 0; }; trap stop INT TERM; \
	  (cd client && exec $(NPM) start); stop

vet:
	cd api && $(GO) vet ./...

# staticcheck, pinned: a newer one may find new things, so it moves with a commit of its own.
# Its own results are cached (in ~/.cache/staticcheck): a second run checks only what changed.
# Built by the Go release that builds the shop (a tool built by an older one refuses newer code).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(BIN)/staticcheck-$(STATICCHECK_VERSION)-$(GOTOOLCHAIN)/staticcheck

lint: $(STATICCHECK) ## staticcheck over the Go code: bugs, dead code, deprecated calls
	cd api && $(STATICCHECK) ./...

$(STATICCHECK):
	GOBIN=$(dir $@) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

test: vet lint test-go fuzz-quick test-client e2e ## every test: Go, fuzz, client, browser
	@echo "All tests passed."

test-go: stripe-mock
	cd api && $(GO) test -count=1 ./...

FUZZTIME ?= 3s
FUZZPKGS ?= ./...
fuzz: ## a short run of every fuzz target (longer: make fuzz FUZZTIME=5m)
	set -o pipefail; cd api && $(GO) test -list '^Fuzz' $(FUZZPKGS) | \
	  awk '/^Fuzz/ {f[n++] = $$1} /^ok/ {for (i = 0; i < n; i++) print $$2, f[i]; n = 0}' | \
	  while read -r pkg fn; do \
	    echo "fuzz $$pkg $$fn"; \
	    $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) "$$pkg" || exit 1; \
	  done

# The domain's fuzz target (the checkout payload, package shop) builds in seconds; the others
# (the HTTP decoders and product form in httpapi, object ids in mongostore) need an
# instrumented build of the embedded store, so `make test` runs their seed corpora as plain
# tests and leaves the long runs to `make fuzz` (FUZZPKGS picks packages, e.g.
# FUZZPKGS=./httpapi). The quick run
# counts inputs rather than seconds: a time limit that ends while a worker is busy fails the
# run with "context deadline exceeded" though nothing was found.
fuzz-quick:
	$(MAKE) --no-print-directory fuzz FUZZPKGS=. FUZZTIME=50000x

SOAK_DURATION ?= 5m
soak: ## mixed traffic against a fresh shopd on loopback, then check no stock or order went missing (SOAK_DURATION)
	cd api && $(GO) build -o ../bin/shopd ./cmd/shopd && $(GO) build -o ../bin/shopsoak ./cmd/shopsoak
	SOAK_DURATION=$(SOAK_DURATION) ./bin/shopsoak -shopd ./bin/shopd

CRASH_KILLS ?= 2
CRASH_EVERY ?= 10s
crash: ## kill shopd with SIGKILL during a stream of checkouts, restart it, check no order, payment or unit went missing
	cd api && $(GO) build -o ../bin/shopd ./cmd/shopd && $(GO) build -o ../bin/shopcrash ./cmd/shopcrash
	./bin/shopcrash -shopd ./bin/shopd -kills $(CRASH_KILLS) -every $(CRASH_EVERY)

stripe-mock: $(BIN)/stripe-mock ## the Stripe API double the payment tests start on loopback

$(BIN)/stripe-mock:
	GOBIN=$(BIN) $(GO) install github.com/stripe/stripe-mock@v0.203.0

test-client: client-deps
	cd client && $(NPM) test

e2e: client-deps ## browser journeys in Chromium against a fresh shopd (CHROME_PATH, SCREENSHOTS=1)
	cd client && $(NPM) run e2e

# bench-web writes bench/tmp/web-results.json (ignored); RECORD=1 also copies it to the tracked
# bench/web-results.json, the figures bench/README.md quotes.
bench-web: client-deps ## the storefront on a throttled phone: LCP, CLS and JS of / and /shop (bench/README.md)
	cd client && RECORD=$(RECORD) $(NPM) run bench-web

# Results go to bench/tmp/results.json (ignored); RECORD=1 also copies them to the tracked
# bench/results.json, the figures bench/README.md quotes.
bench: ## seed 10,000 products, load every catalogue read, check the budgets (bench/README.md)
	RECORD=$(RECORD) bench/run.sh

GOVULNCHECK_VERSION := v1.9.0
GOVULNCHECK := $(BIN)/govulncheck-$(GOVULNCHECK_VERSION)-$(GOTOOLCHAIN)/govulncheck

# govulncheck reads Go's vulnerability database from a snapshot, pinned like staticcheck: the
# golang.org/x/vulndb module (its OSV reports) through the Go module proxy, indexed here, so the
# check runs where vuln.go.dev cannot be reached and gives the same answer on every machine.
# A newer snapshot may find new things, so it moves with a commit of its own; GOVULNDB=https://vuln.go.dev
# checks against the live database instead.
VULNDB_VERSION := v0.0.0-20261105234957-e22db6528018
VULNDB := $(BIN)/vulndb-$(VULNDB_VERSION)
GOVULNDB ?= file://$(VULNDB)

audit: audit-go audit-client ## known vulnerabilities in the Go modules and the client's runtime packages

audit-go: $(GOVULNCHECK) $(if $(filter file://$(VULNDB),$(GOVULNDB)),$(VULNDB)/index/db.json) ## govulncheck over the Go code (the standard library and every module it calls)
	cd api && $(GOVULNCHECK) -db $(GOVULNDB) ./...

# Needs the npm registry's advisories endpoint (the GitHub workflow runs it).
audit-client: client-deps
	cd client && $(NPM) audit --omit=dev

$(GOVULNCHECK):
	GOBIN=$(dir $@) $(GO) install golang.org/x/vuln/cmd/govulncheck@$(GOVULNCHECK_VERSION)

# Built in a scratch directory and moved into place whole, so a cut-short build is never taken
# for a database.
$(VULNDB)/index/db.json:
	rm -rf $(VULNDB).tmp && mkdir -p $(BIN)
	cd $(BIN) && osv=$$($(GO) mod download -json golang.org/x/vulndb@$(VULNDB_VERSION) | sed -n 's/^\t"Dir": "\(.*\)",$$/\1/p') && \
	  [ -d "$$osv/data/osv" ] && \
	  $(GO) run golang.org/x/vulndb/cmd/indexdb@$(VULNDB_VERSION) -vulns "$$osv/data/osv" -out $(VULNDB).tmp
	rm -rf $(VULNDB) && mv $(VULNDB).tmp $(VULNDB)

clean:
	rm -rf bin .bin client/dist data

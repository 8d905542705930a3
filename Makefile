# The shop: `make run` serves it on http://localhost:8080; `make test` runs every test.
SHELL := /bin/bash
GO ?= go
NPM ?= npm
BIN := $(CURDIR)/.bin

.PHONY: fuzz-quick run build build-api build-client client-deps dev test test-go test-client e2e vet clean stripe-mock bench fuzz soak

run: build ## build everything, then serve the shop with the embedded store and demo catalogue
	@echo "Starting the shop on http://localhost:$${PORT:-8080} (embedded store in ./data)."
	@echo "Demo accounts (loaded into an empty store): admin@shop.test / admin123, shopper@shop.test / shopper123"
	./bin/shopd

build: build-api build-client

build-api:
	cd api && $(GO) build -o ../bin/shopd ./cmd/shopd

client-deps: client/node_modules/.package-lock.json

client/node_modules/.package-lock.json: client/package.json client/package-lock.json
	cd client && $(NPM) ci --no-audit --no-fund
	@touch $@

build-client: client-deps
	cd client && $(NPM) run build

dev: build-api client-deps ## API on :8080 and the Vite dev server with hot reload
	./bin/shopd & pid=$$!; trap "kill $$pid" EXIT; cd client && $(NPM) start

vet:
	cd api && $(GO) vet ./...

test: vet test-go fuzz-quick test-client e2e ## every test: Go, fuzz, client, browser
	@echo "All tests passed."

test-go: stripe-mock
	cd api && $(GO) test -count=1 ./...

FUZZTIME ?= 3s
FUZZPKGS ?= ./...
fuzz: ## a short run of every fuzz target (longer: make fuzz FUZZTIME=5m)
	cd api && $(GO) test -list '^Fuzz' $(FUZZPKGS) | \
	  awk '/^Fuzz/ {f[n++] = $$1} /^ok/ {for (i = 0; i < n; i++) print $$2, f[i]; n = 0}' | \
	  while read -r pkg fn; do \
	    echo "fuzz $$pkg $$fn"; \
	    $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) "$$pkg" || exit 1; \
	  done

# The domain's fuzz targets (checkout payload, product form fields, photo sniffing) build in
# seconds; the HTTP ones need an instrumented build of the embedded store, so `make test` runs
# their seed corpora as plain tests and leaves the long runs to `make fuzz`.
fuzz-quick:
	$(MAKE) --no-print-directory fuzz FUZZPKGS=. FUZZTIME=3s

SOAK_DURATION ?= 5m
soak: ## mixed traffic against a fresh shopd on loopback, then check no stock or order went missing (SOAK_DURATION)
	cd api && $(GO) build -o ../bin/shopd ./cmd/shopd && $(GO) build -o ../bin/shopsoak ./cmd/shopsoak
	SOAK_DURATION=$(SOAK_DURATION) ./bin/shopsoak -shopd ./bin/shopd

stripe-mock: $(BIN)/stripe-mock ## the Stripe API double the payment tests start on loopback

$(BIN)/stripe-mock:
	GOBIN=$(BIN) $(GO) install github.com/stripe/stripe-mock@v0.203.0

test-client: client-deps
	cd client && $(NPM) test

e2e: client-deps ## browser journeys in Chromium against a fresh shopd (CHROME_PATH, SCREENSHOTS=1)
	cd client && $(NPM) run e2e

bench: ## seed 10,000 products, load every catalogue read, check the budgets (bench/README.md)
	bench/run.sh

clean:
	rm -rf bin .bin client/dist data

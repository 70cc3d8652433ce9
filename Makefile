# Nivaran Magazine. `make serve` builds and serves at http://127.0.0.1:8080;
# `make test` runs every test (Go, vitest, Playwright on Debian's Chromium).

GO      ?= go
MAG      = bin/magazine
# make serve ADDR=127.0.0.1:9000, or MAGAZINE_ADDR in the environment.
ADDR    ?= $(or $(MAGAZINE_ADDR),127.0.0.1:8080)
N       ?= 1000
E2E_PORT ?= 18437

.PHONY: all deps build serve dev dev-fixtures check test test-go test-unit test-e2e bench bench-inprocess lighthouse serve-bench clean

all: build

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

deps: node_modules/.package-lock.json
	$(GO) mod download

# -buildvcs=auto stamps the commit for `magazine version` even where GOFLAGS turns it off.
$(MAG): deps $(shell find cmd generator -name '*.go' -not -name '*_test.go') go.mod go.sum
	$(GO) build -buildvcs=auto -o $(MAG) ./cmd/magazine

build: $(MAG)
	$(MAG) build

serve: build
	$(MAG) serve --addr $(ADDR)

dev: $(MAG)
	$(MAG) dev --addr $(ADDR)

# magazine dev with the browser tests' fixtures beside the stories (a copy:
# edit e2e/stories and run it again): /story/902/ is a panel of every chart
# shape, /story/901/ has every kind of block.
dev-fixtures: $(MAG)
	rm -rf .cache/dev-fixtures && mkdir -p .cache/dev-fixtures
	cp -R stories/. e2e/stories/. .cache/dev-fixtures/
	$(MAG) dev --addr $(ADDR) --stories .cache/dev-fixtures

check: $(MAG)
	$(MAG) check

test: test-go test-unit test-e2e

test-go: deps
	$(GO) vet ./...
	$(GO) test ./...
	# docs/deploy/s3-upload.sh with the real AWS CLI (a second a call): kept
	# out of go test ./... so that stays a quick loop.
	MAGAZINE_TEST_RECIPES=1 $(GO) test -run '^TestS3UploadScript$$' ./cmd/magazine
	# Bad input never crashes: a short, fixed fuzzing run of each parser.
	# Counted in executions, not seconds: Go 1.26's fuzzer can fail a run with
	# "context deadline exceeded" when a timed -fuzztime ends mid-call
	# (go.dev/issue/75804, fixed in 1.27); a count sets no deadline to race.
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 100000x ./generator/content/story
	$(GO) test -run '^$$' -fuzz FuzzConvert -fuzztime 60000x ./generator/content/markdown
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 100000x ./generator/content/markdown/chart

test-unit: deps
	npx tsc --noEmit -p frontend
	npx vitest run

# The browser tests' builds are site.yaml with small overlays (e2e/*.yaml), so
# they cannot drift from it: one in collector mode, one in hosted mode, and
# one for a site served below /magazine/ (a GitHub Pages project site), which
# e2e/subpath.spec.ts serves with nginx. Their stories are the magazine's plus
# the fixtures in e2e/stories (a story with every kind of block).
E2E_SITE   = --config site.yaml --config e2e/overlay.yaml --stories .cache/e2e-stories
E2E_CONFIG = $(E2E_SITE) --base-url http://127.0.0.1:$(E2E_PORT)

test-e2e: $(MAG)
	rm -rf .cache/e2e-data .cache/e2e-stories
	mkdir -p .cache/e2e-stories
	cp -R stories/. e2e/stories/. .cache/e2e-stories/
	$(MAG) build $(E2E_CONFIG) --out .cache/e2e-dist
	$(MAG) build $(E2E_CONFIG) --config e2e/hosted.yaml --out .cache/e2e-hosted
	$(MAG) build $(E2E_SITE) --base-url https://nivaran.example/magazine/ --out .cache/e2e-subpath
	E2E_PORT=$(E2E_PORT) npx playwright test

# The CLI as users run it: cold builds into fresh folders of 10, 300, 1,000
# and 10,000 synthetic stories, with default pictures and with external ones,
# interleaved with Hugo building the same stories (the same kinds of pages,
# and story pages only), then magazine dev's writing loop and an incremental
# build at 10,000 against hugo server; one table of medians (cmd/bench;
# BENCH_FLAGS="-reps 3 -big 0" for a shorter run). BIG=100000 times one cold
# build of that many stories instead, with its memory.
bench: $(MAG)
	command -v hugo >/dev/null || { apt-get update -qq && apt-get install -y -qq hugo; }
	$(GO) run ./cmd/bench -bin $(MAG) $(if $(BIG),-big $(BIG) -cases big -reps 1) $(BENCH_FLAGS)

# In-process figures, beside the table above: each phase of a cold build of
# N stories, a rebuild after one edit, one page's render, magazine dev's
# rebuild. They keep their files until the end (see benchDir in
# generator/pipeline/bench_test.go).
bench-inprocess: deps
	N=$(N) BENCH_KEEP=1 $(GO) test -run '^$$' -bench 'ColdBuild|HugoBaseline' -benchtime 3x ./generator/pipeline/
	N=$(N) BENCH_KEEP=1 $(GO) test -run '^$$' -bench WarmEdit -benchtime 3x ./generator/pipeline/
	$(GO) test -run '^$$' -bench RenderStory ./generator/render/worker/
	$(GO) test -run '^$$' -bench EditStory -benchtime 10x ./generator/server/dev/
	rm -rf .cache/bench

# Lighthouse (mobile, simulated throttling) on each kind of page, medians of
# RUNS (default 3) against issue 16's budgets; see e2e/lighthouse.mjs.
lighthouse: $(MAG)
	node e2e/lighthouse.mjs

# magazine serve against Debian's nginx (gzip_static) with wrk: requests/s
# on a story page and an asset, medians and ratio; fails below BUDGET.
serve-bench: $(MAG)
	e2e/serve-vs-nginx.sh

clean:
	rm -rf dist bin .cache

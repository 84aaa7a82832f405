# Slide: every command a developer or CI needs. Each install step is idempotent and quiet when
# the tool is already there, so `make test` works on a fresh machine and costs nothing on a warm
# one. Versions are the ones ../shared/TOOLCHAIN.md found to work here.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
CARGO ?= cargo
TRUNK_VERSION := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
PORT ?= 8080
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export CHROMEDRIVER ?= /usr/bin/chromedriver

.PHONY: help run dist test lint check-links check-weight test-native test-wasm test-e2e test-api random-play bench bench-korf bench-browser bench-server lighthouse tools tables-download \
	wasm-target trunk wasm-bindgen chromium postgres slide-serve clean

help:
	@echo "make run         install what is missing, build the site, serve it on http://127.0.0.1:$(PORT)"
	@echo "make test        everything CI runs: lint, native tests, the API under schemathesis, wasm tests in Chromium, end-to-end"
	@echo "make random-play a random player over the page with new seeds, each printed (PLAY_SEEDS=3 PLAY_ACTIONS=1200)"
	@echo "make check-links every relative link in README.md and docs/ leads to a file and heading"
	@echo "make check-weight  the built site within its weight budget (docs/performance.md)"
	@echo "make dist        build the static site into dist/"
	@echo "make bench       the native solver figures of docs/performance.md (cargo bench)"
	@echo "make bench-korf  Korf's 100 and the 80-move 15-puzzles natively: 7-8 and 6-6-3 tables, linear conflict"
	@echo "make tables-download  the standard tables as static downloads, gzipped into static/tables/"
	@echo "make bench-browser  Korf's 100 in headless Chromium's worker, printed as a table; big boards' Solve against the command line"
	@echo "make lighthouse  Lighthouse 12.2.3 on the built site: the game on a phone and a desktop, embeds"
	@echo "make bench-server  slide serve under load on SQLite and PostgreSQL, one and two servers (docs/performance.md)"

# --- tools -------------------------------------------------------------------------------

tools: wasm-target trunk wasm-bindgen node_modules/.installed

wasm-target:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
		|| rustup target add wasm32-unknown-unknown

# First installs compile for about 17 minutes on 2 cores; afterwards these are no-ops.
trunk:
	@trunk --version 2>/dev/null | grep -q " $(TRUNK_VERSION)" \
		|| $(CARGO) install trunk --version $(TRUNK_VERSION) --locked

wasm-bindgen:
	@wasm-bindgen --version 2>/dev/null | grep -q " $(WASM_BINDGEN_VERSION)" \
		|| $(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)

# wasm-opt (binaryen 132) and playwright-core, from the npm registry.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

chromium:
	@test -x /usr/bin/chromium -a -x /usr/bin/chromedriver \
		|| { apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; }

# Debian's PostgreSQL 15, for the server's tests (tests/tools/with-postgres.sh starts one of its
# own in a temporary folder; nothing of the package's own cluster is used).
PG_BIN := /usr/lib/postgresql/15/bin
postgres:
	@test -x $(PG_BIN)/postgres -a -x $(PG_BIN)/initdb \
		|| { apt-get update -qq && apt-get install -y -qq postgresql-15 >/dev/null; }

# --- the site ----------------------------------------------------------------------------

# The game at dist/, and the benchmark's own page at dist/bench/ (it uses the game's worker).
# Built again only when a source of the site changed: the end-to-end tests and the weight check
# each ask for it, and one build serves both.
SITE_SOURCES := $(shell find src static -type f) index.html Cargo.toml Cargo.lock Trunk.toml
dist: dist/bench/index.html

dist/bench/index.html: $(SITE_SOURCES) static/tables/.built | tools
	trunk build --release
	trunk build --release --dist dist/bench static/bench/index.html

# `slide serve`: the site and the API for sync and the daily race, its SQLite database under
# target/. Built with the native tests' profile, so the tests and the server share one build.
SLIDE := target/fast-build/slide
slide-serve:
	$(CARGO) build --profile fast-build --quiet --bin slide

run: dist slide-serve
	@echo "Slide is at http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(SLIDE) serve --port $(PORT) --site dist

# --- tests -------------------------------------------------------------------------------

# Phase by phase, each timed (tests/tools/phase.sh): the table at the end says where the time went.
PHASE := tests/tools/phase.sh
test:
	@$(PHASE) --start
	@$(PHASE) tools $(MAKE) --no-print-directory tools chromium postgres tables-download
	@$(PHASE) lint $(MAKE) --no-print-directory lint
	@$(PHASE) native $(MAKE) --no-print-directory test-native
	@$(PHASE) api $(MAKE) --no-print-directory test-api
	@$(PHASE) site $(MAKE) --no-print-directory dist
	@$(PHASE) wasm $(MAKE) --no-print-directory test-wasm
	@$(PHASE) e2e $(MAKE) --no-print-directory test-e2e
	@$(PHASE) weight $(MAKE) --no-print-directory check-weight
	@$(PHASE) --summary

lint: wasm-target check-links
	$(CARGO) fmt --check
	$(CARGO) clippy --release --all-targets --quiet -- -D warnings
	$(CARGO) clippy --release --target wasm32-unknown-unknown --lib --bins --test web --quiet -- -D warnings

# The README and docs/ link to each other and to the code: a moved file or a renamed heading
# must not leave a link that leads nowhere (links to other sites are not followed).
check-links:
	node tests/tools/check-links.mjs

# What a phone downloads before the first board, and the worker after it, gzipped: over budget
# fails (the budgets and the figures are in docs/performance.md, "Page weight").
check-weight: dist
	node tests/tools/check-weight.mjs dist

# Optimized (the fast-build profile): the exhaustive tests sweep every 3x3 board (debug builds
# sample them instead).
# The 15-puzzle's 7-8 tables that the tests build (minutes on one core) are kept for every clone
# on this machine, in a folder named by a hash of the tables' code: a change to it builds anew.
TABLES_CODE := $(shell cat src/heuristics/pdb.rs src/heuristics/pdb/*.rs | sha256sum | cut -c1-16)
TEST_TABLES_ROOT := $(HOME)/.cache/slide/test-tables
# The server's tests run on SQLite and on a PostgreSQL started for them.
test-native: postgres
	@mkdir -p $(TEST_TABLES_ROOT)/$(TABLES_CODE)
	@find $(TEST_TABLES_ROOT) -mindepth 1 -maxdepth 1 ! -name $(TABLES_CODE) -exec rm -rf {} +
	SLIDE_TEST_TABLES=$(TEST_TABLES_ROOT)/$(TABLES_CODE) tests/tools/with-postgres.sh \
		$(CARGO) test --profile fast-build --lib --bins --tests
	$(CARGO) test --profile fast-build --doc

# Components in headless Chromium (wasm-bindgen-test-runner drives it through chromedriver),
# built as the page ships (the app's profile), which also reuses what `make dist` compiled.
test-wasm: tools chromium
	$(CARGO) test --profile wasm-app --target wasm32-unknown-unknown --test web

# The built site, served by a plain static server, driven by playwright-core in Chromium. Two
# files at a time: each starts its own server and browser, and no check depends on the pace.
test-e2e: dist chromium slide-serve
	node --test --test-concurrency=2 tests/e2e/

# schemathesis (its version pinned in tests/api/requirements.txt, in a virtual environment of its
# own) against slide serve's own OpenAPI description, on SQLite and on PostgreSQL.
SCHEMATHESIS := tests/api/.venv/bin/st
$(SCHEMATHESIS): tests/api/requirements.txt
	python3 -m venv tests/api/.venv
	tests/api/.venv/bin/pip install --quiet --disable-pip-version-check -r tests/api/requirements.txt
	@touch $@

test-api: slide-serve postgres $(SCHEMATHESIS)
	tests/tools/with-postgres.sh tests/api/schemathesis.sh

# The seeded random player (tests/e2e/random-play.test.mjs) with seeds drawn afresh, to look for
# trouble: each seed is printed as it starts and with a failure. `make test` plays the test's
# fixed list instead; a seed that finds a defect joins it.
PLAY_SEEDS ?= 3
PLAY_ACTIONS ?= 1200
random-play: dist chromium
	SLIDE_PLAY_NEW=$(PLAY_SEEDS) SLIDE_PLAY_ACTIONS=$(PLAY_ACTIONS) node --test tests/e2e/random-play.test.mjs

# --- benchmarks --------------------------------------------------------------------------

bench:
	$(CARGO) bench --bench solver

# The 7-8 tables are built once (minutes, a progress line) into the cache folder, then read back.
bench-korf:
	$(CARGO) build --release --bin slide
	./target/release/slide bench benches/korf100.txt --tables 78 --json > target/bench-korf-78.json
	./target/release/slide bench ../shared/bench/hardest.txt --tables 78 --json > target/bench-hardest-78.json
	./target/release/slide bench benches/korf100.txt --tables 663 --json > target/bench-korf-663.json
	python3 benches/korf_table.py target/bench-korf-78.json target/bench-hardest-78.json target/bench-korf-663.json
	./target/release/slide bench ../shared/bench/korf100-blank-first.txt --goal blank-first --tables 78
	./target/release/slide bench benches/korf50-24puzzle-blank-first.txt --goal blank-first
	./target/release/slide bench benches/korf100.txt --algorithm idastar --heuristic linear-conflict

# What the page can fetch instead of building (see docs/solver.md, "Pattern databases").
# The page fetches these instead of building the tables in the worker (2.5 s and more on a first
# visit): written by the core itself, so they always match its format. Rebuilt when the pattern
# databases' code changes.
tables-download: static/tables/.built

static/tables/.built: $(wildcard src/heuristics/pdb/*.rs) src/heuristics/pdb.rs examples/download_tables.rs
	@mkdir -p static/tables
	$(CARGO) run --profile fast-build --quiet --example download_tables -- static/tables
	gzip -9 -n -f static/tables/*.bin
	@touch $@

# slide serve under load, on SQLite and on a PostgreSQL of its own (docs/performance.md, "The
# server"): solves stored a second with 64 clients, a first sync of 100,000 solves, the race.
# Built as make run and the tests build the server (the fast-build profile), so it measures the
# server they run and reuses their build.
bench-server: postgres
	tests/tools/with-postgres.sh $(CARGO) bench --profile fast-build --bench server

# big-boards.test.mjs runs the command line beside the page, so it is built too.
bench-browser: dist chromium
	$(CARGO) build --release --bin slide
	node --test --test-reporter=spec tests/bench-browser/

# Lighthouse's own phone and desktop settings against the built site, served with gzip and ETags:
# the game, one embedded board, and a host's page of five embeds (docs/performance.md, "First
# visit"). Kept apart from the test tools: 13 needs Node 22, and make test does not need it.
lighthouse: dist chromium tests/lighthouse/node_modules/.installed
	node tests/lighthouse/run.mjs

tests/lighthouse/node_modules/.installed: tests/lighthouse/package.json tests/lighthouse/package-lock.json
	npm ci --prefix tests/lighthouse --no-audit --no-fund --loglevel=error
	@touch $@

clean:
	$(CARGO) clean
	rm -rf dist node_modules test-results

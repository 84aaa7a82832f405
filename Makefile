# Slide: every command a developer or CI needs. Install steps are idempotent and quiet when the
# tool is already there, so `make test` works on a fresh machine and costs nothing on a warm one.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
CARGO ?= cargo
export PATH := $(HOME)/.cargo/bin:$(PATH)

.PHONY: run test test-native lint bench bench-korf build clean help

help:
	@echo "make run         build the slide command line and solve the hardest 8-puzzle with it"
	@echo "make test        everything CI runs: formatting, clippy, and every test in release mode"
	@echo "make bench       the README's performance figures (cargo bench)"
	@echo "make bench-korf  Korf's 100 15-puzzles with IDA* + linear conflict (about 2 minutes)"

build:
	$(CARGO) build --release --bin slide

run: build
	./target/release/slide solve "8 6 7/2 5 4/3 0 1"
	@echo
	@echo "The slide command line is at ./target/release/slide (try: ./target/release/slide --help)."

test: lint test-native

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --release --all-targets --quiet -- -D warnings

# Release mode: the exhaustive tests sweep every 3x3 board (debug builds sample them instead).
test-native:
	$(CARGO) test --release --lib --bins --tests
	$(CARGO) test --release --doc

bench:
	$(CARGO) bench --bench solver

bench-korf: build
	./target/release/slide bench ../shared/bench/korf100.txt --algorithm idastar --heuristic linear-conflict

clean:
	$(CARGO) clean

# Dominó: the two commands a newcomer needs are `make run` and `make test`.
PY ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup setup-dev lint bench screenshots clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install -q -e .

setup-dev: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

## Set up and run the server on SQLite (./data/domino.sqlite3), at http://$(HOST):$(PORT)/
run: setup
	mkdir -p data
	$(BIN)/domino serve --host $(HOST) --port $(PORT)

## Set up and run every test: unit, property, integration (SQLite and PostgreSQL), browser
## (Chromium), JS unit (node), lint, types. Needs node, Chromium, PostgreSQL and HAProxy
## (installed when root on Debian); DOMINO_TEST_SKIP=browser,postgres,js,cluster opts out.
test: setup-dev
	scripts/test.sh

## Refresh the README's screenshots (docs/screenshots/) from the browser tests that take them
## (they write to build/screenshots/).
SHOT_TESTS = $(shell grep -l 'shots: Path' tests/web/test_*.py)
screenshots: setup-dev
	rm -rf build/screenshots
	$(BIN)/pytest -q $(SHOT_TESTS)
	cp build/screenshots/*.png docs/screenshots/

lint: setup-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: setup-dev
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/server.py
	$(BIN)/python benchmarks/bots.py

clean:
	rm -rf $(VENV) data .pytest_cache .mypy_cache .ruff_cache

# Dominó: the two commands a newcomer needs are `make run` and `make test`.
PY ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup setup-dev lint bench clean

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

## Set up and run every test: unit, property, integration, browser (Chromium), JS unit, lint, types.
test: setup-dev
	scripts/test.sh

lint: setup-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: setup-dev
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/server.py
	$(BIN)/python benchmarks/bots.py

clean:
	rm -rf $(VENV) data .pytest_cache .mypy_cache .ruff_cache

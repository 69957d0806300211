# Waypost. `make run` runs the bot, `make test` runs the tests; both set up .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: run sync offline test lint catalogs bench bench-pg clean

$(STAMP): requirements.txt requirements-dev.txt
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Waypost needs Python 3.11 or newer (PY=$(PY))."; exit 1; }
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-* && touch $(STAMP)

run: $(STAMP)  ## run the bot (needs DISCORD_TOKEN in .env)
	$(BIN)/python bot.py

sync: $(STAMP)  ## run the bot after syncing slash commands globally
	$(BIN)/python bot.py --sync

offline: $(STAMP)  ## play locally against the offline Discord stand-in
	$(BIN)/python -m offline

test: $(STAMP)  ## lint, type-check, check import layers and cycles, then run every test (SQLite and PostgreSQL)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	tools/with-postgres $(BIN)/python -m pytest  # a throw-away PostgreSQL server for the runs on it

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

catalogs: $(STAMP)  ## extract the messages and command strings into locale/waypost.pot and merge it into each catalog
	$(BIN)/python tools/catalogs.py

bench: $(STAMP)  ## measure speed and memory against their targets (docs/performance.md)
	$(BIN)/python -m benchmarks

bench-pg: $(STAMP)  ## the same figures on a throw-away PostgreSQL, and the scaling run (1 and 2 processes)
	tools/with-postgres sh -c 'WAYPOST_BENCH_PG=$$WAYPOST_TEST_PG $(BIN)/python -m benchmarks --store postgres'

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache offline-images

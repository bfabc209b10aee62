# The two commands: `make run` and `make test`. Both create .venv on first use.
# `make run` installs the runtime dependencies only; `make test` (and lint, bench) the dev ones too.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SUM := $(shell cksum pyproject.toml | cut -d' ' -f1)
RUNTIME := $(VENV)/.runtime-$(SUM)
DEV := $(VENV)/.dev-$(SUM)

.PHONY: run test lint bench clean

$(RUNTIME): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	rm -f $(VENV)/.runtime-* && touch $@

$(DEV): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.runtime-* $(VENV)/.dev-* && touch $@ $(RUNTIME)

run: $(RUNTIME)
	$(PY) -m bot

test: $(DEV)
	scripts/ensure-redis
	scripts/ensure-node
	KOZYR_REQUIRE_REDIS=1 KOZYR_REQUIRE_NODE=1 scripts/with-redis scripts/with-redis-cluster $(PY) -m pytest -q $(PYTEST_ARGS)
	$(VENV)/bin/ruff check .

lint: $(DEV)
	$(VENV)/bin/ruff check .

bench: $(DEV)
	scripts/ensure-redis
	for b in bench/*.py; do scripts/with-redis $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

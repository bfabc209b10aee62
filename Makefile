# The two commands: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-* && touch $@

run: $(STAMP)
	$(PY) -m bot

test: $(STAMP)
	scripts/ensure-redis
	KOZYR_REQUIRE_REDIS=1 scripts/with-redis $(PY) -m pytest -q $(PYTEST_ARGS)
	$(VENV)/bin/ruff check .

lint: $(STAMP)
	$(VENV)/bin/ruff check .

bench: $(STAMP)
	scripts/ensure-redis
	for b in bench/*.py; do scripts/with-redis $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

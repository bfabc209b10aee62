# The two commands: `make run` and `make test`. Both create .venv on first use.
# `make run` installs the runtime dependencies only (requirements.txt); `make test` (and lint, bench) the dev
# ones too (requirements-dev.txt). Both lock files pin every package with its hashes, so every install (here,
# in CI, in the Dockerfile) gets the same files; `make lock` updates them after pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
SUM := $(shell cat pyproject.toml requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
RUNTIME := $(VENV)/.runtime-$(SUM)
DEV := $(VENV)/.dev-$(SUM)
# the project itself: its dependencies are all in the lock, and its build backend (setuptools) too
SELF := $(PIP) install --quiet --no-deps --no-build-isolation -e .

# the tests run in one process per core (pytest-xdist); `make test TEST_WORKERS=0` runs them in one
TEST_WORKERS ?= auto

.PHONY: run test lint bench lock clean

$(RUNTIME): pyproject.toml requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes -r requirements.txt
	$(SELF)
	rm -f $(VENV)/.runtime-* && touch $@

$(DEV): pyproject.toml requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes -r requirements-dev.txt
	$(SELF)
	rm -f $(VENV)/.runtime-* $(VENV)/.dev-* && touch $@ $(RUNTIME)

run: $(RUNTIME)
	$(PY) -m bot

test: $(DEV)
	scripts/ensure-redis
	scripts/ensure-node
	KOZYR_REQUIRE_REDIS=1 KOZYR_REQUIRE_NODE=1 scripts/with-redis scripts/with-redis-cluster \
		$(PY) -m pytest -q -n $(TEST_WORKERS) $(PYTEST_ARGS)
	$(VENV)/bin/ruff check .

lint: $(DEV)
	$(VENV)/bin/ruff check .

bench: $(DEV)
	scripts/ensure-redis
	for b in bench/*.py; do scripts/with-redis $(PY) $$b || exit 1; done

# Re-resolve the lock files from pyproject.toml against PyPI, keeping the pinned versions that still fit;
# `make lock LOCK_ARGS=--upgrade` moves everything to the newest allowed, `LOCK_ARGS='-P aiogram'` one package.
lock:
	scripts/lock $(LOCK_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

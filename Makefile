# One-word entry points. `make test` is what CI runs (.ci/run).
# Some tests need Graphviz, Chromium and valgrind (.ci/run installs them): when one
# is missing they fail with the command that installs it; DPTAX_ALLOW_MISSING=dot,chromium
# (or =all) skips them instead, and the run's last line says how many and why.
PYTHON ?= python3

.PHONY: install test lint typecheck pytest pytest-fast schema coverage progress

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev,oracles]'

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	lint-imports

typecheck:
	$(PYTHON) -m mypy

# pytest exits 5 when no test ran (e.g. a marker or path that selects nothing); make
# stops on any non-zero exit, so that fails loudly instead of passing as green.
pytest:
	$(PYTHON) -m pytest -p no:cacheprovider

# The tests not marked slow: a quick check while editing (CI runs them all).
pytest-fast:
	$(PYTHON) -m pytest -p no:cacheprovider -m "not slow"

test: install lint typecheck pytest

schema:
	$(PYTHON) scripts/refresh_generated.py

coverage:
	$(PYTHON) scripts/coverage_ledger.py

progress:
	$(PYTHON) scripts/progress.py

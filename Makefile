# One-word entry points. `make test` is what CI runs (.ci/run).
PYTHON ?= python3

.PHONY: install test lint typecheck pytest schema

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	lint-imports

typecheck:
	$(PYTHON) -m mypy

pytest:
	$(PYTHON) -m pytest -p no:cacheprovider

test: install lint typecheck pytest

schema:
	$(PYTHON) scripts/refresh_generated.py

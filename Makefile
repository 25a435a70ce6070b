# One-word entry points. `make test` is what CI runs (.ci/run).
PYTHON ?= python3

.PHONY: install test lint typecheck pytest pytest-fast schema coverage progress pyodide site

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'

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

# Pyodide's npm package, for the site's in-browser calculators (dptax site --pyodide).
# The version is the one the site is tested with (dptaxonomy/export/site/calculator.py).
PYODIDE_DIR = build/pyodide
pyodide:
	mkdir -p $(PYODIDE_DIR)
	cd $(PYODIDE_DIR) && npm pack --silent pyodide@$$($(PYTHON) -c "from dptaxonomy.export.site.calculator import PYODIDE_VERSION as v; print(v)") > tarball.txt && tar xzf "$$(cat tarball.txt)"

# The website, with diagrams (Graphviz) and calculators (Pyodide) when installed.
site:
	dptax site --out build/site $$(test -d $(PYODIDE_DIR)/package && echo --pyodide $(PYODIDE_DIR)/package)

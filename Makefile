# One-word entry points. `make test` is what CI runs (.ci/run).
# Some tests need Graphviz, Chromium and valgrind (.ci/run installs them): when one
# is missing they fail with the command that installs it; DPTAX_ALLOW_MISSING=dot,chromium
# (or =all) skips them instead, and the run's last line says how many and why.
PYTHON ?= python3

.PHONY: install test lint typecheck pytest pytest-fast schema coverage progress pyodide pyodide-package site

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
# --durations: the slowest tests, in CI's log, to keep the whole run within its budget;
# -n auto: one worker per core (pytest-xdist); the run verifies the catalog once, on the
# worker that runs the tests reading it (--dist loadgroup: tests/conftest.py's shipped_checks)
pytest:
	$(PYTHON) -m pytest -p no:cacheprovider -n auto --dist loadgroup --durations=40

# The tests not marked slow: a quick check while editing (CI runs them all).
pytest-fast:
	$(PYTHON) -m pytest -p no:cacheprovider -n auto --dist loadgroup -m "not slow"

test: install pyodide-package lint typecheck pytest

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

# Pyodide once: the browser tests of the calculators need it (npm fetches it; without npm
# this fails saying how to install it, rather than letting those tests skip).
pyodide-package:
	@test -f $(PYODIDE_DIR)/package/pyodide.asm.wasm || { command -v npm >/dev/null 2>&1 || { echo "npm is missing: install it (apt-get install npm), then run make test again" >&2; exit 1; }; $(MAKE) pyodide PYTHON=$(PYTHON); }

# The website, with diagrams (Graphviz) and calculators (Pyodide) when installed.
site:
	dptax site --out build/site $$(test -d $(PYODIDE_DIR)/package && echo --pyodide $(PYODIDE_DIR)/package)

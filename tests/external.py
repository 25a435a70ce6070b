"""What some tests need beyond the package: programs and optional Python packages.

A test that needs one calls :func:`require` (or uses the fixture of the same
name in ``tests/conftest.py``). When it is missing the test **fails** with the
command that installs it, so that `make test` never passes without testing the
site, the browser pages or the instruction counts. Setting
``DPTAX_ALLOW_MISSING`` to a comma-separated list of their names (or ``all``)
turns those failures into skips, and the run's last line then says how many
tests were skipped and why (``pytest_unconfigure`` in ``tests/conftest.py``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["ALLOW", "NEEDS", "Need", "message", "require", "skipped_line"]

ALLOW = "DPTAX_ALLOW_MISSING"
"""The opt-out variable: names of needs allowed to be missing, comma-separated, or ``all``."""


@dataclass(frozen=True)
class Need:
    """A program on PATH (or at a path) or an importable module, and how to install it."""

    name: str
    what: str
    install: str
    program: str | None = None
    module: str | None = None
    path_variable: str | None = None
    """An environment variable that may name the program's path instead."""
    file: str | None = None
    """A file the need puts in the checkout (relative to the repository's root)."""

    def present(self) -> bool:
        if self.file is not None:
            return (Path(__file__).resolve().parent.parent / self.file).is_file()
        if self.module is not None:
            return importlib.util.find_spec(self.module) is not None
        assert self.program is not None
        given = os.environ.get(self.path_variable or "")
        if given:
            return Path(given).is_file()
        return shutil.which(self.program) is not None


NEEDS: dict[str, Need] = {
    need.name: need
    for need in (
        Need("dot", "Graphviz's dot", "apt-get install graphviz (or brew install graphviz)", "dot"),
        Need(
            "chromium",
            "Chromium",
            "apt-get install chromium",
            "chromium",
            path_variable="DPTAX_CHROMIUM",
        ),
        Need("valgrind", "valgrind", "apt-get install valgrind", "valgrind"),
        Need("playwright", "Playwright for Python", "pip install -e '.[dev]'", module="playwright"),
        Need("oracles", "the DP libraries", "pip install -e '.[oracles]'", module="opendp"),
        Need(
            "prv",
            "the PRV accountant",
            "pip install -e '.[oracles]'",
            module="prv_accountant",
        ),
        Need(
            "pyodide",
            "Pyodide's npm package",
            "make pyodide",
            file="build/pyodide/package/pyodide.asm.wasm",
        ),
    )
}
"""Every need, by the name ``DPTAX_ALLOW_MISSING`` takes."""


def _allowed(name: str) -> bool:
    names = {n.strip() for n in os.environ.get(ALLOW, "").split(",")}
    return "all" in names or name in names


def message(need: Need) -> str:
    """Why a test cannot run, and what to do."""
    return (
        f"{need.what} is missing: install it with `{need.install}` (.ci/run does), "
        f"or set {ALLOW}={need.name} to skip the tests that need it"
    )


def require(name: str, *, module_level: bool = False) -> None:
    """Fail the test (skip it if allowed) unless the need ``name`` is present."""
    need = NEEDS[name]
    if need.present():
        return
    if _allowed(name):
        reason = f"{need.what} is missing ({ALLOW}; install: {need.install})"
        pytest.skip(reason, allow_module_level=module_level)
    pytest.fail(message(need), pytrace=False)


def skipped_line(reasons: Iterable[str]) -> str | None:
    """The line ending a run that skipped tests: how many, and why; None if none was.

    >>> skipped_line(["no dot", "no dot", "no net"])
    'dptax: 3 test(s) skipped: 2 because no dot; 1 because no net'
    """
    counted = Counter(reasons)
    if not counted:
        return None
    why = "; ".join(f"{count} because {reason}" for reason, count in counted.most_common())
    return f"dptax: {counted.total()} test(s) skipped: {why}"

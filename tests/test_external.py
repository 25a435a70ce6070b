"""A missing program or optional package fails the tests that need it, unless allowed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.external import ALLOW, NEEDS, require


def _missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("DPTAX_CHROMIUM", raising=False)


@pytest.mark.parametrize("name", ["dot", "chromium", "valgrind"])
def test_a_missing_program_fails_with_the_command_that_installs_it(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    _missing(monkeypatch)
    monkeypatch.delenv(ALLOW, raising=False)
    with pytest.raises(pytest.fail.Exception) as failed:
        require(name)
    need = NEEDS[name]
    assert str(failed.value) == (
        f"{need.what} is missing: install it with `{need.install}` (.ci/run does), "
        f"or set DPTAX_ALLOW_MISSING={name} to skip the tests that need it"
    )
    assert need.install.startswith(("apt-get install", "pip install"))


def test_allowed_missing_programs_are_skipped_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _missing(monkeypatch)
    monkeypatch.setenv(ALLOW, "chromium, valgrind")
    with pytest.raises(pytest.skip.Exception, match=r"^valgrind is missing \(DPTAX_ALLOW_"):
        require("valgrind")
    with pytest.raises(pytest.fail.Exception):
        require("dot")
    monkeypatch.setenv(ALLOW, "all")
    with pytest.raises(pytest.skip.Exception):
        require("dot")


def test_a_present_program_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DPTAX_CHROMIUM", sys.executable)  # any existing file stands in
    require("chromium")


def _pytest(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    test = "tests/test_exports.py::test_dot_escapes_labels_and_filters"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly"]
    return subprocess.run(
        [*command, "-q", test], capture_output=True, text=True, cwd=ROOT, env=env, check=False
    )


@pytest.mark.slow
def test_the_run_fails_without_dot_and_with_the_opt_out_ends_saying_what_it_skipped() -> None:
    env = {k: v for k, v in os.environ.items() if k != ALLOW} | {"PATH": "/nonexistent"}
    failed = _pytest(env)
    assert failed.returncode == 1
    assert "install it with `apt-get install graphviz (or brew install graphviz)`" in failed.stdout
    skipped = _pytest(env | {ALLOW: "dot"})
    assert skipped.returncode == 0, skipped.stdout
    assert skipped.stdout.splitlines()[-1] == (
        "dptax: 1 test(s) skipped: 1 because Graphviz's dot is missing "
        "(DPTAX_ALLOW_MISSING; install: apt-get install graphviz (or brew install graphviz))"
    )

"""Fixture catalogs: one valid catalog, and invalid ones that each must fail in one exact way.

Each directory under ``fixtures/invalid/`` holds files laid over a copy of
``fixtures/valid/`` and ``expected.txt``: the exact output of
``dptax validate`` run from inside the catalog.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import FIXTURES

VALID = FIXTURES / "valid"
INVALID = sorted(p for p in (FIXTURES / "invalid").iterdir() if p.is_dir())


def _overlay(case: Path, destination: Path) -> Path:
    catalog = destination / "catalog"
    shutil.copytree(VALID, catalog)
    for item in case.iterdir():
        if item.is_dir():
            shutil.copytree(item, catalog / item.name)
        elif item.name != "expected.txt":
            shutil.copyfile(item, catalog / item.name)
    return catalog


def test_valid_fixture_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "validate", "--catalog", str(VALID))
    assert result.code == 0
    assert result.out == ""
    assert result.err == "4 definitions, 5 references: 0 error(s), 0 warning(s)\n"


def test_there_are_at_least_25_invalid_cases() -> None:
    assert len(INVALID) >= 25


@pytest.mark.parametrize("case", INVALID, ids=lambda p: p.name)
def test_invalid_fixture(
    case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _overlay(case, tmp_path)
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert result.out == (case / "expected.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", INVALID, ids=lambda p: p.name)
def test_invalid_fixture_json(
    case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    catalog = _overlay(case, tmp_path)
    monkeypatch.chdir(catalog)
    result = run(capsys, "validate", "--catalog", ".", "--format", "json")
    assert result.code == 1
    records = json.loads(result.out)
    assert records, "an invalid catalog reports at least one diagnostic"
    for record in records:
        assert set(record) == {"file", "line", "column", "severity", "code", "message", "hint"}
    first = (case / "expected.txt").read_text(encoding="utf-8").splitlines()[0]
    located = f"{records[0]['file']}:{records[0]['line']}:{records[0]['column']}"
    assert first.startswith(f"{located}: {records[0]['severity']}[{records[0]['code']}]")

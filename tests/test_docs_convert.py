"""Every example in docs/convert.md runs and prints what the page shows (`…` skips lines)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import ROOT

PAGE = ROOT / "docs" / "convert.md"


def examples(page: Path = PAGE) -> list[tuple[str, list[str]]]:
    """(command, expected lines) for each `$ dptax …` line of the page's console blocks."""
    found: list[tuple[str, list[str]]] = []
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line == "```console"
            continue
        if not inside:
            continue
        if line.startswith("$ dptax "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Expected lines appear in order; the first line is the first printed; `…` skips any."""
    position = 0
    skipping = False
    for line in expected:
        if line == "…":
            skipping = True
            continue
        while position < len(actual) and actual[position] != line:
            if not skipping:
                return False
            position += 1
        if position == len(actual):
            return False
        position += 1
        skipping = False
    return skipping or position == len(actual)


def test_the_page_has_examples() -> None:
    assert len(examples()) >= 6


@pytest.mark.parametrize(("command", "expected"), examples(), ids=lambda x: str(x)[:60])
def test_example_output(
    capsys: pytest.CaptureFixture[str], command: str, expected: list[str]
) -> None:
    result = run(capsys, *shlex.split(command)[1:])
    actual = (result.out + result.err).splitlines()
    assert matches(expected, actual), "\n".join(actual)
    assert result.code == (1 if expected[0].startswith("dptax: ") else 0)

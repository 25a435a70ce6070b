"""The examples of the README and of docs/*.md: run them, compare, refresh.

A fenced block marked ``console`` is an example: each line starting with
``$ dptax `` or ``$ python `` is a command, and the lines after it, up to the
next command or the end of the block, are what it prints (standard output,
then standard error). A line ``…`` stands for any number of lines; the rows of
a table (lines with runs of spaces) are compared without their spacing, since
columns widen with the catalog. A command whose output starts with
``dptax: `` or a Python traceback is expected to exit 1, any other to exit 0.

``tests/test_doc_examples.py`` fails when an example's output is stale;
``python scripts/refresh_examples.py`` rewrites the output shown from the
current one (keeping the ``…`` lines and which lines are shown).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ELISION",
    "Example",
    "Run",
    "examples",
    "matches",
    "pages",
    "refreshed",
    "run_example",
]

ROOT = Path(__file__).resolve().parent.parent
ELISION = "…"
_TABLE = re.compile(r"\S {2,}\S")
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?")


@dataclass(frozen=True)
class Example:
    """One command of a console block and the lines shown after it."""

    page: Path
    line: int
    """The command's line number in the page (1-based)."""
    command: str
    shown: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}: {self.command[:50]}"

    @property
    def expected_code(self) -> int:
        failure = ("dptax: ", "Traceback (most recent call last):")
        return 1 if self.shown and self.shown[0].startswith(failure) else 0


@dataclass(frozen=True)
class Run:
    """What a command printed and its exit code."""

    code: int
    lines: tuple[str, ...]


def pages() -> list[Path]:
    """The README and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of every ``console`` block."""
    start: int | None = None
    for number, line in enumerate(lines, 1):
        if start is None and line == "```console":
            start = number + 1
        elif start is not None and line.startswith("```"):
            yield start, lines[start - 1 : number - 1]
            start = None


def examples(page: Path) -> list[Example]:
    """Every command of the page's console blocks, with its shown output."""
    found: list[Example] = []
    for start, block in _blocks(page.read_text(encoding="utf-8").splitlines()):
        current: tuple[int, str, list[str]] | None = None
        for offset, line in enumerate(block):
            if line.startswith(("$ dptax ", "$ python ")):
                if current is not None:
                    found.append(Example(page, current[0], current[1], tuple(current[2])))
                current = (start + offset, line[2:], [])
            elif current is not None:
                current[2].append(line)
        if current is not None:
            found.append(Example(page, current[0], current[1], tuple(current[2])))
    return found


def run_example(example: Example) -> Run:
    """Run the command in the checkout (``dptax`` in this process, ``python`` in a new one)."""
    words = shlex.split(example.command)
    if words[0] == "python":
        done = subprocess.run(
            [sys.executable, *words[1:]], capture_output=True, text=True, cwd=ROOT, check=False
        )
        return Run(done.returncode, tuple((done.stdout + done.stderr).splitlines()))
    from dptaxonomy.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    os.chdir(ROOT)  # file names in the output are relative to a checkout
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(words[1:])
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    else:
        code = 0
    finally:
        os.chdir(here)
    return Run(code, tuple((out.getvalue() + err.getvalue()).splitlines()))


def _same(shown: str, printed: str) -> bool:
    if shown == printed:
        return True
    return bool(_TABLE.search(shown)) and shown.split() == printed.split()


def _alike(shown: str, printed: str) -> bool:
    """The same line but for its numbers (what a refresh may change)."""
    return _NUMBER.sub("#", " ".join(shown.split())) == _NUMBER.sub("#", " ".join(printed.split()))


def _align(shown: tuple[str, ...], printed: tuple[str, ...], same: bool) -> list[str] | None:
    """``shown`` with each line replaced by the printed one it stands for; None if none does.

    With ``same`` a line must equal its printed line (up to a table's spacing);
    otherwise it may differ in its numbers. Lines printed after the last one
    shown are appended unless the block ends with ``…``.
    """
    match = _same if same else _alike
    result: list[str] = []
    position, skipping = 0, False
    for line in shown:
        if line.strip() == ELISION:
            result.append(line)
            skipping = True
            continue
        while position < len(printed) and not match(line, printed[position]):
            if not skipping:
                return None
            position += 1
        if position == len(printed):
            return None
        result.append(line if same else printed[position])
        position += 1
        skipping = False
    if not skipping and position < len(printed):
        if same:
            return None
        result += printed[position:]
    return result


def matches(example: Example, printed: Run) -> bool:
    """True when the output shown is the output printed, and the exit code the expected one."""
    aligned = _align(example.shown, printed.lines, same=True)
    return aligned is not None and printed.code == example.expected_code


def refreshed(example: Example, printed: Run) -> list[str] | None:
    """The lines to show now (numbers and new trailing lines updated); None when a person must."""
    return _align(example.shown, printed.lines, same=False)

"""The README shows real output: its examples run, its claims about the commands hold."""

from __future__ import annotations

import contextlib
import io
import re
import shlex

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.cli.app import app
from tests.clirunner import run
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
ELISION = "…"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", README, flags=re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, list[str]]]:
    """(command, expected lines) for every `$ dptax …` line of the console blocks."""
    found: list[tuple[str, list[str]]] = []
    for block in _blocks("console"):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif found:
                found[-1][1].append(line)
    return found


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line equality up to spacing, where a line `…` stands for any number of lines.

    Spacing is not compared because table columns widen with the catalog.
    """
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == ELISION:
        return any(_matches(rest, actual[i:]) for i in range(len(actual) + 1))
    same = bool(actual) and actual[0].split() == head.split()
    return same and _matches(rest, actual[1:])


def test_the_readme_has_console_examples() -> None:
    assert len(_examples()) >= 2


@pytest.mark.parametrize(("command", "expected"), _examples(), ids=lambda v: str(v)[:40])
def test_console_example_output(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    expected: list[str],
) -> None:
    monkeypatch.chdir(ROOT)  # file names in the output are relative to a checkout
    words = shlex.split(command)
    assert words[0] == "dptax"
    result = run(capsys, *words[1:])
    assert result.code == 0, result.err
    assert _matches(expected, result.out.splitlines()), (
        f"README example `{command}` is stale; its output now is:\n{result.out}"
    )


def test_python_api_example_prints_what_its_comments_say() -> None:
    (block,) = [b for b in _blocks("python") if "open_catalog" in b]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {})  # the README's own example
    promised = [
        line.split("#", 1)[1].strip() for line in block.splitlines() if line.startswith("print(")
    ]
    assert printed.getvalue().splitlines() == promised


def test_catalog_size_is_not_overstated(catalog: Catalog) -> None:
    match = re.search(r"catalog held (\d+) definitions", README)
    assert match is not None
    assert int(match.group(1)) <= len(catalog.definitions)


def _table_rows() -> list[str]:
    start = README.index("| command | what it does |")
    rows = []
    for line in README[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def test_every_command_is_in_the_one_command_table() -> None:
    rows = "\n".join(_table_rows())
    for command in app.registered_commands:
        assert f"`dptax {command.name}" in rows, f"{command.name} is missing from the table"


def _options(name: str) -> set[str]:
    import typer.main

    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    return {opt for param in command.params for opt in getattr(param, "opts", ())}


def test_the_readme_names_the_commands_without_format_or_catalog() -> None:
    sentence = README[README.index("Every command has `--help`") :].split("\n\n", 1)[0]
    for command in app.registered_commands:
        name = str(command.name)
        options = _options(name)
        if "--catalog" not in options:
            assert f"`{name}` reads none" in sentence, name
        if "--format" not in options:
            assert f"`{name}`" in sentence.split("exceptions", 1)[-1], name


def test_the_overview_diagram_names_the_command_that_regenerates_it() -> None:
    from scripts.refresh_generated import generators

    assert ROOT / "docs" / "overview.dot" in generators()  # checked by tests/test_generated.py
    paragraph = README[README.index("## The map") : README.index("![Hasse diagram")]
    assert "`make schema` regenerates it" in paragraph

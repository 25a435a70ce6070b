"""The README stays short and current; docs/commands.md documents every command.

The examples of both run in ``tests/test_doc_examples.py``.
"""

from __future__ import annotations

import re

from dptaxonomy.cli.app import app
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS_PAGE = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 150


def test_the_readme_has_the_two_commands_install_and_query_then_test() -> None:
    first, second = _blocks(README, "sh")[:2]
    assert "python -m pip install . && dptax relate zCDP RDP" in first
    assert second.strip() == "make test"


def test_the_readme_asks_five_questions_and_one_in_python() -> None:
    commands = [
        line for block in _blocks(README, "console") for line in block.splitlines() if "$ " in line
    ]
    assert len([c for c in commands if c.startswith("$ dptax ")]) >= 5
    assert any(c.startswith('$ python -c "import dptaxonomy as dp') for c in commands)


def test_the_readme_holds_no_dated_measurements() -> None:
    assert re.search(r"20\d\d-\d\d-\d\d", README) is None
    assert not re.search(r"\d+(\.\d+)? ?(s|ms) (wall|CPU)", README)


def test_the_readme_links_to_every_guide() -> None:
    linked = set(LINK.findall(README))
    for page in (
        "docs/commands.md",
        "docs/api.md",
        "docs/reasoning.md",
        "docs/convert.md",
        "CONTRIBUTING.md",
        "docs/performance.md",
    ):
        assert page in linked, page


def test_every_relative_link_of_the_readme_and_the_docs_resolves() -> None:
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


def _table_rows() -> list[str]:
    start = COMMANDS_PAGE.index("| command | what it does |")
    rows = []
    for line in COMMANDS_PAGE[start:].splitlines()[2:]:
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


def test_the_commands_page_names_the_commands_without_format_or_catalog() -> None:
    sentence = COMMANDS_PAGE[COMMANDS_PAGE.index("Every command has `--help`") :].split("\n\n")[0]
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

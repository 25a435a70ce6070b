"""Every console example of the README and docs/*.md runs and prints what the page shows.

When one is stale, ``python scripts/refresh_examples.py`` rewrites the output
shown (see :mod:`scripts.doc_examples` for the conventions).
"""

from __future__ import annotations

from collections import Counter

import pytest
from scripts.doc_examples import (
    Example,
    Run,
    examples,
    matches,
    pages,
    refreshed,
    run_example,
)

from tests.conftest import ROOT, VERIFY_GROUP

SLOW = ("dptax verify", "dptax site", "dptax validate")
"""Commands that take seconds: their examples run with the slow tests."""

EXAMPLES = [example for page in pages() for example in examples(page)]


def _param(example: Example) -> object:
    marks = [pytest.mark.slow] if example.command.startswith(SLOW) else []
    if example.command.startswith("dptax verify"):
        marks.append(VERIFY_GROUP)  # it reads the run's one verification of the catalog
    return pytest.param(example, id=example.label, marks=marks)


def test_the_readme_and_the_docs_have_examples() -> None:
    where = Counter(example.page.name for example in EXAMPLES)
    assert where["README.md"] >= 6
    assert where["convert.md"] >= 6
    assert {"commands.md", "api.md"} <= set(where)


@pytest.mark.parametrize("example", [_param(e) for e in EXAMPLES])
def test_example_output_is_current(example: Example, request: pytest.FixtureRequest) -> None:
    if example.command.startswith("dptax verify"):  # the run's one verification of the catalog
        request.getfixturevalue("shipped_checks")
        request.getfixturevalue("shared_verify_cache")
    printed = run_example(example)
    assert matches(example, printed), (
        f"{example.label} is stale (exit {printed.code}); run "
        "`python scripts/refresh_examples.py` to refresh it. It prints now:\n"
        + "\n".join(printed.lines)
    )


def _example(shown: tuple[str, ...]) -> Example:
    return Example(ROOT / "README.md", 1, "dptax x", shown)


def _run(*lines: str, code: int = 0) -> Run:
    return Run(code, lines)


def test_elision_stands_for_any_lines_and_tables_ignore_spacing() -> None:
    example = _example(("a", "…", "ID   NAME", "x    y", "…"))
    assert matches(example, _run("a", "b", "c", "ID NAME", "x  y", "z"))
    assert not matches(example, _run("b", "a", "ID NAME", "x y"))


def test_spacing_counts_outside_tables_and_every_line_must_be_shown() -> None:
    assert not matches(_example(("a b",)), _run("a  b"))
    assert not matches(_example(("a",)), _run("a", "b"))
    assert not matches(_example(("dptax: no",)), _run("dptax: no"))
    assert matches(_example(("dptax: no",)), _run("dptax: no", code=1))


def test_a_refresh_updates_numbers_keeps_elisions_and_refuses_a_new_shape() -> None:
    example = _example(("rho ≤ 0.5", "…", "end"))
    new = refreshed(example, _run("rho ≤ 0.46", "x", "end", "more"))
    assert new == ["rho ≤ 0.46", "…", "end", "more"]
    assert refreshed(example, _run("sigma = 1", "end")) is None

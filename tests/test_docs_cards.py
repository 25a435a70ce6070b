"""Every example in docs/cards.md runs and prints what the page shows (`…` skips lines)."""

from __future__ import annotations

import shlex

import pytest

from tests.clirunner import run
from tests.conftest import ROOT
from tests.test_docs_convert import examples, matches

PAGE = ROOT / "docs" / "cards.md"
EXAMPLES = examples(PAGE)


def test_the_page_has_the_two_examples_and_the_registry() -> None:
    assert [command for command, _ in EXAMPLES] == [
        "dptax card examples/dpsgd.yaml",
        "dptax card examples/census-zcdp.yaml",
        "dptax check-registry tests/fixtures/registry",
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=lambda x: str(x)[:60])
def test_example_output(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    expected: list[str],
) -> None:
    monkeypatch.chdir(ROOT)
    result = run(capsys, *shlex.split(command)[1:])
    actual = (result.out + result.err).splitlines()
    assert matches(expected, actual), "\n".join(actual)
    assert result.code == (1 if "check-registry" in command else 0)

"""The release verbs `card` and `check_registry`: the commands' answers, Python's errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dptaxonomy as dp
from dptaxonomy.base.diagnostics import render
from dptaxonomy.queries.verbs import COMMAND_LINE_ONLY, verb_for_command
from tests.clirunner import run
from tests.conftest import FIXTURES, ROOT

EXAMPLES = ROOT / "examples"


def test_card_and_check_registry_are_verbs() -> None:
    assert verb_for_command("card").name == "card"
    assert verb_for_command("check-registry").name == "check_registry"
    assert not {"card", "check-registry"} & set(COMMAND_LINE_ONLY)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["census-zcdp.yaml", "dpsgd.yaml"])
def test_card_answers_what_its_command_prints(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    file = str(EXAMPLES / name)
    answer = dp.card(file)
    printed = run(capsys, "card", file, "--format", "json")
    assert printed.code == 0, printed.err
    assert answer.to_json() == json.loads(printed.out)
    assert run(capsys, "card", file).out == answer.to_text() + "\n"


@pytest.mark.slow
def test_check_registry_answers_what_its_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = FIXTURES / "registry"
    answer = dp.check_registry(registry)
    printed = run(capsys, "check-registry", str(registry), "--format", "json")
    assert printed.code == 1  # the fixtures include inconsistent entries
    assert answer.findings > 0
    assert answer.to_json() == json.loads(printed.out)
    assert run(capsys, "check-registry", str(registry)).out == answer.to_text() + "\n"


def test_a_release_with_mistakes_raises_what_the_command_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "release.yaml"
    file.write_text("name: Counts\nguarantee: {definition: zCDP, parameters: {rho: -1}}\n")
    with pytest.raises(dp.ReleaseError) as raised:
        dp.card(file)
    error = raised.value
    assert str(error) == f"{file}: {len(error.diagnostics)} error(s)"
    assert [d.message for d in error.diagnostics][:2] == [
        "unit: required key is missing",
        "neighbouring: required key is missing",
    ]
    printed = run(capsys, "card", str(file))
    assert printed.code == 1
    assert printed.out == ""
    assert printed.err == f"{render(list(error.diagnostics))}\ndptax: {error}\n"


def test_check_registry_refuses_a_file_naming_the_argument(tmp_path: Path) -> None:
    file = tmp_path / "entry.yaml"
    file.write_text("deployment: {}\n")
    with pytest.raises(dp.InvalidArgumentError) as raised:
        dp.check_registry(file)
    assert str(raised.value) == f"`directory` must be a directory; {file} is not"

"""The verbs at the package root: one list with the CLI, the same answers, Python's words."""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys

import pytest

import dptaxonomy as dp
from dptaxonomy.base.errors import InvalidArgumentError, MissingParameterError
from dptaxonomy.cli.app import app
from dptaxonomy.queries.verbs import COMMAND_LINE_ONLY, VERBS
from tests.clirunner import run
from tests.conftest import ROOT


def test_every_command_has_a_verb_or_a_reason_and_every_verb_a_command() -> None:
    commands = [str(c.name) for c in app.registered_commands]
    answered = [verb.command for verb in VERBS]
    assert sorted(answered + list(COMMAND_LINE_ONLY)) == sorted(commands)
    assert len(set(answered)) == len(answered)


def test_every_verb_is_exported_at_the_root_and_is_its_modules_function() -> None:
    for verb in VERBS:
        assert verb.name in dp.__all__, verb.name
        function = getattr(dp, verb.name)
        assert function is getattr(importlib.import_module(verb.module), verb.name)
        assert verb.name in dir(dp)


def test_every_verb_has_a_typed_signature_and_a_runnable_example() -> None:
    for verb in VERBS:
        function = getattr(dp, verb.name)
        assert ">>> " in (function.__doc__ or ""), f"{verb.name} has no doctest"
        signature = inspect.signature(function)
        assert signature.return_annotation != inspect.Signature.empty, verb.name
        assert all(p.annotation != inspect.Parameter.empty for p in signature.parameters.values())


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'dptaxonomy' has no attribute 'relat'"):
        _ = dp.relat


def _fresh(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout


def test_the_documented_one_liner_works() -> None:
    code = "import dptaxonomy as dp; print(dp.relate('zCDP', 'RDP').verdict)"
    assert _fresh(code) == "stronger\n"


def test_importing_the_package_imports_none_of_it() -> None:
    code = (
        "import sys; import dptaxonomy; "
        "print(sorted(m for m in sys.modules if m.startswith('dptaxonomy')))"
    )
    assert _fresh(code) == "['dptaxonomy']\n"


@pytest.mark.parametrize(
    ("verb", "args", "kwargs", "command"),
    [
        ("relate", ("zCDP", "RDP"), {}, ["relate", "zCDP", "RDP"]),
        (
            "relate",
            ("ε-DP", "zCoDP", {"eps": 1}),
            {},
            ["relate", "ε-DP", "zCoDP", "--from", "eps=1"],
        ),
        ("explain", ("ε-DP", "RDP"), {}, ["explain", "ε-DP", "RDP"]),
        ("stronger_than", ("RDP",), {}, ["stronger-than", "RDP"]),
        ("weaker_than", ("zCDP",), {}, ["weaker-than", "zCDP"]),
        (
            "convert",
            ("zCoDP", "(ε, δ)-DP", {"xi": 0, "rho": 0.5}, {"delta": 1e-6}),
            {},
            [
                "convert",
                "zCoDP",
                "(ε, δ)-DP",
                "--from",
                "xi=0",
                "--from",
                "rho=0.5",
                "--to",
                "delta=1e-06",
            ],
        ),
        ("show", ("RényiDP",), {}, ["show", "RényiDP"]),
        ("show", ("Gaussian",), {"mechanism": True}, ["show", "--mechanism", "Gaussian"]),
        (
            "search",
            (),
            {"dimensions": ["Q"], "properties": {"convexity": "no"}},
            ["list", "-d", "Q", "--property", "convexity=no"],
        ),
    ],
    ids=lambda v: str(v)[:30],
)
def test_a_verb_answers_what_its_command_prints(
    capsys: pytest.CaptureFixture[str],
    verb: str,
    args: tuple[object, ...],
    kwargs: dict[str, object],
    command: list[str],
) -> None:
    answer = getattr(dp, verb)(*args, **kwargs)
    printed = run(capsys, *command, "--format", "json")
    assert printed.code == 0, printed.err
    assert answer.to_json() == json.loads(printed.out)
    text = run(capsys, *command)
    assert text.out == answer.to_text() + "\n"


def test_validate_counts_what_the_command_counts(capsys: pytest.CaptureFixture[str]) -> None:
    report = dp.validate(ROOT / "catalog")
    printed = run(capsys, "validate", "--catalog", str(ROOT / "catalog"), "--format", "json")
    assert report.to_json()["diagnostics"] == json.loads(printed.out)
    text = run(capsys, "validate", "--catalog", str(ROOT / "catalog"))
    assert text.err == report.summary() + "\n"
    assert report.ok
    assert printed.code == 0


def test_validate_reports_an_invalid_catalog_without_raising() -> None:
    report = dp.validate(ROOT / "tests" / "fixtures" / "invalid" / "unknown-key")
    assert not report.ok
    assert report.errors == report.to_json()["errors"] >= 1


def test_a_missing_parameter_is_worded_for_python_and_for_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(MissingParameterError) as raised:
        dp.convert("RényiDP", "(ε, δ)-DP", {"epsilon": 1}, {"delta": 1e-6})
    assert str(raised.value) == (
        "missing parameter alpha of renyi-dp (domain (1, inf)): pass it in `source_values`"
    )
    assert raised.value.parameter == "alpha"
    printed = run(
        capsys, "convert", "RényiDP", "(ε, δ)-DP", "--from", "epsilon=1", "--to", "delta=1e-6"
    )
    assert printed.code == 1
    assert printed.err == (
        "dptax: missing parameter alpha of renyi-dp (domain (1, inf)): give --from alpha=VALUE\n"
    )


def test_a_bad_filter_names_the_argument_in_python_and_the_option_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        dp.search(setting="orbit")
    choices = "central, local, shuffle, distributed, pan_private, continual_observation"
    assert str(raised.value) == f"`setting` takes one of: {choices}"
    assert isinstance(raised.value, ValueError)
    printed = run(capsys, "list", "--setting", "orbit")
    assert (printed.code, printed.err) == (2, f"dptax: --setting takes one of: {choices}\n")


def test_an_unknown_property_is_refused_in_python() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^`properties` takes property names: "):
        dp.search(properties={"tastiness": "yes"})
    with pytest.raises(InvalidArgumentError, match=r"^`properties` takes one of: yes, no"):
        dp.search(properties={"convexity": "maybe"})


def test_an_invalid_catalog_raises_its_diagnostics() -> None:
    with pytest.raises(dp.CatalogError) as raised:
        dp.relate("a", "b", catalog=ROOT / "tests" / "fixtures" / "invalid" / "unknown-key")
    assert raised.value.diagnostics


def test_a_missing_target_value_names_target_values_in_python_and_to_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(MissingParameterError) as raised:
        dp.convert("zCDP", "(ε, δ)-DP", {"rho": 0.5})
    assert raised.value.argument.value == "target_values"
    assert raised.value.parameter == "delta"
    assert str(raised.value).endswith(": pass it in `target_values`")
    printed = run(capsys, "convert", "zCDP", "(ε, δ)-DP", "--from", "rho=0.5")
    assert printed.code == 1
    assert printed.err == f"dptax: {raised.value.problem}: give --to delta=VALUE\n"
    as_json = run(capsys, "convert", "zCDP", "(ε, δ)-DP", "--from", "rho=0.5", "-f", "json")
    data = json.loads(as_json.out)
    assert (data["kind"], data["argument"]) == ("missing_parameter", "target_values")
    assert as_json.err == f"dptax: {data['message']}\n"
    assert data["message"].endswith("give --to delta=VALUE")

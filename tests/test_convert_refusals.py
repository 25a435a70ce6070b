"""`dptax convert`: typed refusals (JSON on stdout with --format json), standard forms."""

from __future__ import annotations

import json

import pytest

from dptaxonomy.base.errors import ConversionError
from dptaxonomy.base.refusals import RefusalKind
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.queries.convert import convert_result
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.clirunner import run

ZCDP = ("convert", "zCDP", "(ε, δ)-DP")


def test_rho_alone_is_rho_zcdp(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *ZCDP, "--from", "rho=0.5", "--to", "delta=1e-5")
    assert result.code == 0, result.err
    given = run(capsys, *ZCDP, "--from", "rho=0.5", "--from", "xi=0", "--to", "delta=1e-5")
    first, first_given = result.out.splitlines()[0], given.out.splitlines()[0]
    assert first.startswith(
        "zero-concentrated-dp (rho = 0.5, ξ = 0 (the standard form ρ-zCDP)) ⇒ approximate-dp "
    )
    assert first.split(" ⇒ ")[1] == first_given.split(" ⇒ ")[1]  # the same numbers as ξ = 0


def test_standard_value_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *ZCDP, "--from", "rho=0.5", "--to", "delta=1e-5", "-f", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["from"] == {
        "rho": {"value": 0.5, "given": True},
        "xi": {"value": 0.0, "given": False, "standard": "ρ-zCDP"},
    }


def test_a_value_given_overrides_the_standard(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *ZCDP, "--from", "rho=0.5", "--from", "xi=0.1", "--to", "delta=1e-5")
    assert result.code == 0, result.err
    assert result.out.startswith("zero-concentrated-dp (rho = 0.5, xi = 0.1) ⇒ ")


def test_separation_refusal_is_json_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("convert", "(ε, δ)-DP", "ε-DP", "--from", "eps=1", "--from", "delta=1e-6")
    result = run(capsys, *args, "--format", "json")
    assert result.code == 1
    data = json.loads(result.out)
    assert (data["refused"], data["kind"]) == (True, "separated")
    assert data["witness"]["reading"] == "approximate-dp ⊁ differential-privacy"
    assert data["witness"]["citation"]["key"] == "DP20"
    assert result.err == f"dptax: {data['message']}\n"
    assert data["message"].startswith("approximate-dp does not imply differential-privacy")


@pytest.mark.parametrize(
    ("args", "kind", "extra"),
    [
        (("zCDP", "(ε, δ)-DP", "--from", "xi=0.5"), "missing_parameter", {"parameter": "rho"}),
        (
            ("zCDP", "(ε, δ)-DP", "--from", "rho=-1"),
            "outside_domain",
            {"parameter": "rho", "definition": "zero-concentrated-dp"},
        ),
        (("zCDP", "(ε, δ)-DP", "--from", "rho=x"), "invalid_value", {}),
        (("zCoDP", "GaussDP", "--from", "rho=1"), "no_implication", {}),
        (("differential-obliviousness", "dp-for-ram"), "no_map", {}),
        (("zCoDP", "zCoDP", "--from", "rho=1"), "same_definition", {}),
        (
            ("Gaussian", "ε-DP", "--from", "sigma=1", "--from", "sensitivity=1"),
            "mechanism_violates",
            {},
        ),
        (
            ("zCoDP", "(ε, δ)-DP", "--from", "rho=1", "--to", "delta=0"),
            "condition_fails",
            {},
        ),
    ],
)
def test_each_refusal_has_its_kind(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], kind: str, extra: dict[str, str]
) -> None:
    result = run(capsys, "convert", *args, "--format", "json")
    assert result.code == 1
    data = json.loads(result.out)
    assert data["kind"] == kind
    assert {k: data[k] for k in extra} == extra
    assert result.err == f"dptax: {data['message']}\n"


def test_missing_target_value_names_the_parameter() -> None:
    kb = compile_knowledge_base(open_catalog())
    with pytest.raises(ConversionError) as caught:
        convert_result(kb, "zero-concentrated-dp", "approximate-dp", {"rho": "0.5"}, {})
    refusal = caught.value.refusal
    assert refusal.kind is RefusalKind.missing_parameter
    assert refusal.details["parameter"] == "delta"
    assert refusal.message == str(caught.value)
    kinds = {chain["kind"] for chain in refusal.details["chains"]}
    assert "missing_parameter" in kinds


def test_text_refusal_prints_nothing_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "zCoDP", "GaussDP", "--from", "rho=1")
    assert (result.code, result.out) == (1, "")


def test_delta_zero_makes_approximate_dp_pure_dp(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("convert", "(ε, δ)-DP", "ε-DP", "--from", "eps=1.5", "--from", "delta=0")
    result = run(capsys, *args, "--format", "json")
    assert result.code == 1
    data = json.loads(result.out)
    assert (data["kind"], data["holds_with"]) == ("special_case", {"epsilon": "1.5"})
    assert result.err == (
        "dptax: at delta = 0, approximate-dp is differential-privacy itself, with epsilon = 1.5 "
        "([DP20] Table 3, row 1: differential-privacy ⊂ approximate-dp with epsilon = epsilon, "
        "delta = 0, catalog/approximate-dp.yaml:51); there is nothing to convert\n"
    )


def test_mu_zero_is_perfect_privacy(capsys: pytest.CaptureFixture[str]) -> None:
    """0-GDP is perfect privacy: since issue 24's μ-GDP ⇒ RDP and KL maps it is answered (ε = 0
    at any δ), no longer refused."""
    args = ("convert", "Gaussian DP", "(ε, δ)-DP", "--from", "mu=0", "--to", "delta=1e-5")
    result = run(capsys, *args, "--format", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["to"]["epsilon"]["value"] == 0

"""`dptax compose`: interface, exact messages, assumptions refused with their kind, routes."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import dptaxonomy
from dptaxonomy.base.errors import ComposeError
from tests.clirunner import run
from tests.composehelp import epsilon, gaussian, run_data

ISSUE_EXAMPLE = """\
delta: 1e-5
components:
  - mechanism: gaussian
    parameters: {sigma: 1.1, sensitivity: 1}
    count: 14062
    sampling: {scheme: poisson, rate: 0.0042667}
  - definition: zCDP
    parameters: {rho: 0.5}
"""


def gdp_delta(mu: float, eps: float) -> float:
    def phi(x: float) -> float:
        return 0.5 * math.erfc(-x / math.sqrt(2))

    return phi(-eps / mu + mu / 2) - math.exp(eps) * phi(-eps / mu - mu / 2)


@pytest.mark.slow
def test_issue_example_json_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "run.yaml"
    path.write_text(ISSUE_EXAMPLE, encoding="utf-8")
    result = run(capsys, "compose", str(path), "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    first = data["results"][0]
    assert first["definition"] == "approximate-dp"
    assert set(first["parameters"]["epsilon"]) == {"value", "enclosure", "lower"}
    assert first["parameters"]["delta"] == {"value": 1e-5, "given": True}
    low, high = first["parameters"]["epsilon"]["enclosure"]
    assert low <= high == first["parameters"]["epsilon"]["value"]
    # the lower bound bounds the true ε, the enclosure the Rényi map's value: only the true
    # ε sits between them (with the zCDP release's Gaussian, the lower bound is above `low`)
    assert first["parameters"]["epsilon"]["lower"] <= high
    assert [r["definition"] for r in data["results"]] == ["approximate-dp", "renyi-dp"]
    assert data["assumptions"] == {
        "adaptivity": "adaptive",
        "neighbourhood": "add_remove",
        "unit": "record",
        "sampling": ["poisson"],
    }
    assert any("renyi-dp operations[0]" in step["citation"] for step in first["proof"])


def test_gaussians_are_exact_through_gdp(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"delta": 1e-6, "components": [gaussian(2.0, 4)]}), encoding="utf-8")
    result = run(capsys, "compose", str(path))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("(ε, δ)-DP: ε ≤ ")
    assert lines[0].endswith(" at δ = 1e-06 (route: gaussian-dp)")
    assert lines[1].startswith("  lower bound: ε ≥ ")
    assert "gaussian-dp: mu ≤ 1" in result.out
    assert (
        "(k-fold) — gaussian-dp operations[1] [DRS21, Section 3, composition of Gaussian DP]"
        in result.out
    )
    assert lines[-1] == "assumes: adaptive composition, add_remove neighbours, unit record"


def test_gdp_bracket_contains_the_truth() -> None:
    got = epsilon({"delta": 1e-5, "components": [gaussian(3.0, 9)]})
    assert got["lower"] <= got["value"] <= got["lower"] * (1 + 1e-9)
    assert gdp_delta(1.0, got["value"]) <= 1e-5 < gdp_delta(1.0, got["lower"] * (1 - 1e-9))


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        (
            {"delta": 1e-5, "components": [gaussian(1.0) | {"unit": "user"}, gaussian(1.0)]},
            "unit",
            "the components protect different units of privacy (record, user): a composed "
            "guarantee protects one unit; restate every component for the same unit",
        ),
        (
            {"components": [gaussian(1.0, 10, 0.01) | {"neighbouring": "replace-one"}]},
            "sampling",
            "component 1 (gaussian): amplification by Poisson subsampling holds for add-remove "
            "neighbours (approximate-dp operations[4] [BBG18, Section 5, Poisson subsampling "
            "under the add/remove relation]); this component is stated for replace-one",
        ),
        (
            {"components": [gaussian(1.0) | {"sampling": {"scheme": "shuffling", "rate": 0.1}}]},
            "sampling",
            "component 1 (gaussian): the subsampled Gaussian is accounted under Poisson sampling "
            "only; shuffling sampling is not covered",
        ),
        (
            {
                "components": [
                    gaussian(1.0),
                    {
                        "definition": "zCDP",
                        "parameters": {"rho": 0.5},
                        "neighbouring": "replace-one",
                    },
                ]
            },
            "neighbourhood",
            "component 1 (gaussian) is stated for add-remove neighbours and others for "
            "replace-one: give it for replace-one (a mechanism's sensitivity depends on the "
            "relation)",
        ),
        (
            {"components": [{"definition": "zCDP", "parameters": {"rho": 0.5}, "colour": 1}]},
            "input",
            "component 1: unknown key 'colour' (known: count, definition, mechanism, "
            "neighbourhood, neighbouring, parameters, sampling, unit)",
        ),
        (
            {"components": [{"definition": "pufferfish-privacy", "parameters": {}}]},
            "input",
            "component 1 (pufferfish-privacy): compose takes guarantees in differential-privacy, "
            "approximate-dp, zero-concentrated-dp, gaussian-dp, renyi-dp; convert a "
            "pufferfish-privacy guarantee first (dptax convert pufferfish-privacy TARGET)",
        ),
        (
            {"delta": 2, "components": [gaussian(1.0)]},
            "input",
            "delta = 2 is outside (0, 1)",
        ),
    ],
)
def test_refusals_have_a_kind_and_a_reason(data: dict[str, Any], kind: str, message: str) -> None:
    with pytest.raises(ComposeError) as error:
        run_data(data)
    assert error.value.kind == kind
    assert str(error.value) == message


def test_bad_file_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("components: [", encoding="utf-8")
    result = run(capsys, "compose", str(path))
    assert result.code == 1
    assert result.err.startswith(f"dptax: {path} is not valid YAML: ")
    assert result.err.count("\n") == 1


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.json", None, "cannot read {shown}: No such file or directory"),
        ("bad.json", "{", "{shown} is not valid JSON: Expecting property name enclosed in"),
        (".json", "{", "{shown} is not valid YAML: "),  # no suffix, as pathlib reads the name
        ("bad.yaml", "[", "{shown} is not valid YAML: "),
    ],
)
def test_a_request_file_is_named_the_same_given_as_a_path_or_a_string(
    tmp_path: Path, name: str, content: str | None, message: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    for given in (path, f"{tmp_path}//./{name}"):
        with pytest.raises(ComposeError) as error:
            dptaxonomy.compose(given)
        assert error.value.kind == "input"
        assert str(error.value).startswith(message.format(shown=path))


def test_replace_one_guarantees_are_converted_by_the_catalog_rule() -> None:
    result = run_data(
        {
            "delta": 1e-5,
            "components": [
                {"definition": "zCDP", "parameters": {"rho": 0.1}},
                {"definition": "zCDP", "parameters": {"rho": 0.1}, "neighbouring": "replace-one"},
            ],
        }
    ).to_json()
    zcdp = next(r for r in result["results"] if r["definition"] == "zero-concentrated-dp")
    assert zcdp["parameters"]["rho"]["value"] == pytest.approx(0.5)  # 4·0.1 + 0.1
    assert "zero-concentrated-dp operations[2] [BS16" in zcdp["proof"][0]["citation"]
    assert result["assumptions"]["neighbourhood"] == "replace_one"


def test_pure_dp_uses_the_optimal_composition() -> None:
    result = run_data(
        {
            "delta": 1e-6,
            "components": [{"definition": "ε-DP", "parameters": {"epsilon": 0.1}, "count": 50}],
        }
    ).to_json()["results"][0]
    assert result["route"] == "optimal-pure"
    assert "differential-privacy operations[2] [KOV17" in result["proof"][0]["citation"]
    epsilon_ = result["parameters"]["epsilon"]
    assert epsilon_["lower"] <= epsilon_["value"] < 5.0  # basic composition would say 5


@pytest.mark.parametrize(("step", "count"), [(0.5, 10), (0.35, 17), (1.5, 3)])
def test_optimal_pure_answers_just_below_basic_composition(step: float, count: int) -> None:
    # the answer lies between the last power of two and the search's end, k·ε + 1: the
    # search once doubled past that end and refused ("no finite ε at this δ")
    result = run_data(
        {
            "delta": 1e-6,
            "components": [{"definition": "ε-DP", "parameters": {"epsilon": step}, "count": count}],
        }
    ).to_json()["results"][0]
    assert result["route"] == "optimal-pure"
    epsilon_ = result["parameters"]["epsilon"]
    assert 2 ** math.floor(math.log2(count * step)) < epsilon_["lower"]
    assert epsilon_["lower"] <= epsilon_["value"] <= count * step


def test_sampled_pure_dp_is_amplified_by_the_catalog_rule() -> None:
    result = run_data(
        {
            "delta": 1e-6,
            "components": [
                {
                    "definition": "ε-DP",
                    "parameters": {"epsilon": 1},
                    "count": 10,
                    "sampling": {"scheme": "poisson", "rate": 0.1},
                }
            ],
        }
    ).to_json()["results"][0]
    assert result["proof"][0]["kind"] == "amplify"
    assert "differential-privacy operations[4] [BBG18" in result["proof"][0]["citation"]
    assert result["parameters"]["epsilon"]["value"] < 10 * math.log(1 + 0.1 * (math.e - 1)) + 1e-9

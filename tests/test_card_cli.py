"""`dptax card` end to end: the examples' cards in every format, located diagnostics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirunner import run
from tests.conftest import ROOT

DPSGD = str(ROOT / "examples" / "dpsgd.yaml")
CENSUS = str(ROOT / "examples" / "census-zcdp.yaml")


def test_dpsgd_card_text(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "card", DPSGD)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "Privacy card: DP-SGD image classifier"
    assert "Guarantee: gaussian-dp with mu = 1" in lines
    assert "  approximate-dp: epsilon ≤ 4.37718 at delta = 1e-5" in lines
    assert "      via gaussian-dp → approximate-dp [DRS21]" in lines
    assert "  membership advantage TPR − FPR ≤ 0.382925" in lines
    assert lines[-1] == "Findings: none"
    # μ-GDP gives the Rényi curve αμ²/2 (DRS21), one line per order; nothing reaches ε-DP,
    # and that is said once
    assert "  renyi-dp: epsilon ≤ 2 at alpha = 4" in lines
    assert lines.count("  differential-privacy: none follows") == 1


@pytest.mark.slow
def test_census_card_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "card", CENSUS, "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["guarantee"] == {
        "definition": "zero-concentrated-dp",
        "parameters": {"rho": "2.63", "xi": "0"},
    }
    assert (data["unit"], data["neighbouring"], data["trust_model"]) == (
        "record",
        "replace_one",
        "central",
    )
    approximate = [s for s in data["statements"] if s["definition"] == "approximate-dp"]
    assert [s["fixed"] for s in approximate] == [
        {"delta": d} for d in ("1e-5", "1e-6", "1e-7", "1e-9")
    ]
    first = approximate[0]
    assert first["values"]["epsilon"]["side"] == "upper"
    assert first["chain"][0] == "zero-concentrated-dp"
    assert first["proof"][0]["citation"]["key"] == "DP20"
    gdp = next(s for s in data["statements"] if s["definition"] == "gaussian-dp")
    assert gdp["refused"] == "no known implication from zero-concentrated-dp to gaussian-dp"
    epsilons = [p["epsilon"] for p in data["profile"]]
    assert epsilons == sorted(epsilons)  # smaller δ, larger ε
    assert data["risk"]["basis"].startswith("the (ε, δ) points of the privacy profile")
    assert data["findings"] == []


@pytest.mark.slow
def test_markdown_and_html(capsys: pytest.CaptureFixture[str]) -> None:
    markdown = run(capsys, "card", DPSGD, "-f", "markdown")
    assert markdown.code == 0, markdown.err
    assert markdown.out.startswith("# Privacy card: DP-SGD image classifier\n\n| | |\n")
    html = run(capsys, "card", DPSGD, "-f", "html")
    assert html.code == 0, html.err
    assert html.out.startswith("<!DOCTYPE html>")
    assert html.out.count("<svg ") == 2
    assert "<title>Privacy profile δ(ε)</title>" in html.out
    again = run(capsys, "card", DPSGD, "-f", "html")
    assert again.out == html.out  # drawn deterministically


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "release.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


HEAD = "name: x\nunit: record\nneighbouring: add_remove\n"


@pytest.mark.parametrize(
    ("body", "messages"),
    [
        (
            HEAD + "trust: central\nguarantee: {definition: zCDP, parameters: {rho: 1, xi: 0}}\n",
            [":4:1: error[unknown-key]: trust: unknown key", "hint: did you mean 'trust_model'?"],
        ),
        (
            HEAD.replace("record", "rekord") + "guarantee: {definition: ε-DP}\n",
            [":2:7: error[invalid-value]: unit: Input should be 'record', 'event', 'item'"],
        ),
        (
            HEAD + "guarantee:\n  definition: zCDP\n  parameters: {rho: -1, zeta: 0}\n",
            [
                ":6:15: error[missing-parameter]: missing parameter xi of zero-concentrated-dp "
                "(domain [0, inf))",
                ":6:21: error[bad-parameter]: rho = -1 is outside the domain [0, inf) of rho "
                "of zero-concentrated-dp",
                ":6:31: error[bad-parameter]: unknown parameter 'zeta' of zero-concentrated-dp "
                "(its parameters: xi, rho)",
                "dptax: {file}: 3 error(s)",
            ],
        ),
        (
            HEAD + "guarantee: {definition: GDP, parameters: {mu: 1}}\n",
            [":4:25: error[ambiguous-definition]: 'GDP' is ambiguous; it may mean: "],
        ),
        (
            HEAD + "guarantee: {definition: ε-DP, parameters: {epsilon: 1}}\n"
            "also_stated:\n  - {definition: nonsense-dp, parameters: {}}\n",
            [":6:18: error[unknown-definition]: "],
        ),
    ],
)
def test_located_diagnostics(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, messages: list[str]
) -> None:
    file = write(tmp_path, body)
    result = run(capsys, "card", file)
    assert result.code == 1
    assert result.out == ""
    for message in messages:
        expected = message.format(file=file)
        assert (file + expected if expected.startswith(":") else expected) in result.err

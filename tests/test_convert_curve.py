"""Curves in and out of `dptax convert` (issue 24): accountants' curves as input, a free
order answered with a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirunner import run

RDP = '{"orders": [1.5, 2, 4, 8, 16, 32, 64], "rdp": [0.0075, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32]}'


def test_an_open_order_is_answered_with_the_curve(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "zCoDP", "RényiDP", "--from", "rho=0.5", "--from", "xi=0")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "zero-concentrated-dp (rho = 0.5, xi = 0) ⇒ renyi-dp at each alpha below "
        "(a curve: fix one with --to alpha=VALUE for its proof)"
    )
    assert "  alpha = 2: epsilon ≤ 1" in lines
    assert "  alpha = 256: epsilon ≤ 128" in lines
    assert not any("1.000000" in line for line in lines)


def test_the_curve_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "GaussDP", "RényiDP", "--from", "mu=1", "-f", "json")
    assert result.code == 0, result.err
    curve = json.loads(result.out)["curve"]
    assert curve["parameter"] == "alpha"
    by_order = {p["alpha"]: p["to"]["epsilon"]["value"] for p in curve["points"]}
    assert by_order[4.0] == 2.0
    assert by_order[1.5] == 0.75


def test_an_rdp_curve_file_keeps_the_tightest_point(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rdp.json"
    path.write_text(RDP, encoding="utf-8")
    args = ("convert", "RényiDP", "(ε, δ)-DP", "--from-curve", str(path), "--to", "delta=1e-6")
    result = run(capsys, *args)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("renyi-dp (alpha = 64, epsilon = 0.32) ⇒ approximate-dp")
    assert lines[-1] == (
        "From the curve: point 7 of 7 (alpha = 64, epsilon = 0.32), the tightest; "
        "0 point(s) gave no result"
    )
    data = json.loads(run(capsys, *args, "-f", "json").out)
    assert data["curve"] == {"points": 7, "chosen": 6, "refused": 0}


def test_a_table_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "rdp.txt"
    path.write_text("alpha epsilon\n2 0.5\n10 1\n", encoding="utf-8")
    args = ("convert", "RényiDP", "(ε, δ)-DP", "--from-curve", str(path), "--to", "delta=1e-6")
    result = run(capsys, *args)
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1].startswith("From the curve: point 2 of 2 (alpha = 10")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "a list of points must hold objects"),
        ('{"alpha": [1, 2], "epsilon": [1]}', "the columns have different lengths"),
        ("alpha epsilon\n2\n", "every row needs 2 values"),
        ("{", "not valid JSON (Expecting property name enclosed in double quotes, line 1)"),
    ],
)
def test_bad_curves_are_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "curve"
    path.write_text(text, encoding="utf-8")
    result = run(capsys, "convert", "RényiDP", "(ε, δ)-DP", "--from-curve", str(path))
    assert (result.code, result.err) == (1, f"dptax: {path}: {message}\n")


def test_approximate_to_probabilistic_changes_parameters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """(ε, δ)-DP ⇒ (2ε, δ/(1 − e^−ε))-ProDP, derived from KS14's proof (the printed lemma and
    the proof's conclusion are disputed, refuted by `dptax verify`)."""
    args = ("convert", "(ε, δ)-DP", "ProDP", "--from", "eps=0.5", "--from", "delta=1e-6")
    result = run(capsys, *args, "-f", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["to"]["epsilon"]["value"] == 1.0
    delta = data["to"]["delta"]["enclosure"]
    assert delta[0] <= 1e-6 / (1 - 0.6065306597126334) <= delta[1] * (1 + 1e-15)


def test_pure_dp_to_gdp_is_the_least_mu(capsys: pytest.CaptureFixture[str]) -> None:
    """ε-DP ⇒ μ-GDP with μ = 2Φ⁻¹(e^ε/(1 + e^ε)), which randomized response attains."""
    result = run(capsys, "convert", "ε-DP", "GaussDP", "--from", "eps=1", "-f", "json")
    assert result.code == 0, result.err
    mu = json.loads(result.out)["to"]["mu"]
    assert mu["enclosure"][0] <= 1.2320353853449009 <= mu["value"] <= 1.2320353853449013

"""Boundary values decided exactly (issue 24): at μ = τ²/2, ξ = μ − τ²/2 is exactly 0."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dptaxonomy.reasoning.maps.rational import exact_verdict, rational_value
from dptaxonomy.schema.arith import parse_condition, parse_expression
from tests.clirunner import run


@pytest.mark.parametrize(("mu", "tau"), [("0.005", "0.1"), ("0.125", "0.5"), ("0.02", "0.2")])
def test_mcdp_on_the_boundary_is_zcdp_with_xi_zero(
    capsys: pytest.CaptureFixture[str], mu: str, tau: str
) -> None:
    result = run(capsys, "convert", "mCDP", "zCDP", "--from", f"mu={mu}", "--from", f"tau={tau}")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0].endswith(", xi ≤ 0")


def test_mcdp_on_the_boundary_reaches_tcdp(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("convert", "mCDP", "tCDP", "--from", "mu=0.005", "--from", "tau=0.1")
    result = run(capsys, *args, "--to", "omega=2")
    assert result.code == 0, result.err  # the condition xi == 0 of zCDP → tCDP is exact


def test_rational_value_is_exact_and_declines_the_rest() -> None:
    values = {"mu": Fraction("0.005"), "tau": Fraction("0.1")}
    assert rational_value(parse_expression("mu - tau**2 / 2"), values) == 0
    assert rational_value(parse_expression("max(mu, tau) / 3"), values) == Fraction(1, 30)
    assert rational_value(parse_expression("log(mu)"), values) is None
    assert rational_value(parse_expression("mu / (tau - 0.1)"), values) is None
    assert rational_value(parse_expression("rho + 1"), values) is None
    assert exact_verdict(parse_condition("mu == tau**2 / 2"), values) is True
    assert exact_verdict(parse_condition("mu > tau**2 / 2"), values) is False
    assert exact_verdict(parse_condition("mu > log(tau)"), values) is None

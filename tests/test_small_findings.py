"""Issue 22, item 6: values below a target's domain, restrictions in text, an attribution."""

from __future__ import annotations

import json

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.maps.conversion import ParameterSpec, _raised
from dptaxonomy.reasoning.maps.run_arithmetic import Floats as _Floats
from tests.clirunner import run

MCDP = ("convert", "mCDP", "zCoDP", "--from", "mu=0.3", "--from", "tau=1")
RAISED_XI = (
    "Raised: step 1 gives xi of zero-concentrated-dp below its domain [0, inf): raised to 0, "
    "sound as zero-concentrated-dp is weaker when xi is larger"
)


def test_mcdp_to_zcdp_below_the_domain_is_raised_to_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BS16's μ − τ²/2 = −0.2: ξ is weaker when larger, so ξ = 0 holds and is reported."""
    result = run(capsys, *MCDP)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "mean-concentrated-dp (mu = 0.3, tau = 1) ⇒ zero-concentrated-dp with rho ≤ 0.5, xi ≤ 0"
    )
    assert RAISED_XI in lines
    data = json.loads(run(capsys, *MCDP, "-f", "json").out)
    assert data["to"]["xi"]["value"] == 0.0
    assert data["raised"] == [RAISED_XI.removeprefix("Raised: ")]


def test_relate_says_what_was_raised(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", *MCDP[1:])
    assert result.code == 0, result.err
    assert result.out.splitlines()[-2:] == [
        "mean-concentrated-dp (mu = 0.3, tau = 1) ⇒ zero-concentrated-dp with rho ≤ 0.5, xi ≤ 0",
        RAISED_XI,
    ]
    data = json.loads(run(capsys, "relate", *MCDP[1:], "-f", "json").out)
    assert data["numbers"]["raised"] == [RAISED_XI.removeprefix("Raised: ")]


def test_bbg20_negative_epsilon_is_raised_to_zero(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
        "convert",
        "RényiDP",
        "(ε, δ)-DP",
        "--from",
        "alpha=100",
        "--from",
        "epsilon=0.001",
        "--to",
        "delta=0.9",
    )
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "renyi-dp (alpha = 100, epsilon = 0.001) ⇒ approximate-dp with epsilon ≤ 0, delta = 0.9"
    )
    assert (
        "Raised: step 1 gives epsilon of approximate-dp below its domain [0, inf): raised to 0, "
        "sound as approximate-dp is weaker when epsilon is larger"
    ) in lines


def test_a_value_in_the_domain_is_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "convert", "mCDP", "zCoDP", "--from", "mu=2", "--from", "tau=1")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0].endswith("with rho ≤ 0.5, xi ≤ 1.5")
    assert "Raised:" not in result.out


@pytest.mark.parametrize(
    ("monotone", "domain", "raised"),
    [
        ("weaker_when_larger", "[0, inf)", 0.0),
        ("", "[0, inf)", None),  # direction unknown: refused
        ("stronger_when_larger", "[0, inf)", None),
        ("weaker_when_larger", "(0, inf)", None),  # no end to raise to
    ],
)
def test_only_a_weaker_when_larger_closed_end_is_raised_to(
    monotone: str, domain: str, raised: float | None
) -> None:
    spec = ParameterSpec("xi", "real", domain, monotone)
    assert _raised(_Floats, -0.5, spec) == raised


def test_relate_text_shows_restrictions(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "explain", "active-pk-dp", "approximate-dp")
    assert result.code == 0, result.err
    assert (
        "     restriction: Theta: background knowledge B = D₋ᵢ, all other records (an attacker "
        "with full knowledge)   (rule K2: a choice)"
    ) in result.out.splitlines()
    result = run(capsys, "relate", "approximate-dp", "epsilon-delta-semantic-privacy")
    assert (
        "     restriction: delta: δ < ε²/n, on databases of size n (n is not a parameter)   "
        "(rule K3: the fact holds only there)"
    ) in result.out.splitlines()


def test_discrete_laplace_is_attributed_to_its_authors(catalog: Catalog) -> None:
    mechanism = catalog.mechanisms["discrete-laplace"]
    assert mechanism.introduced_in == ["GRS09"]
    reference = catalog.references["GRS09"]
    assert reference.authors == ["Arpita Ghosh", "Tim Roughgarden", "Mukund Sundararajan"]
    assert reference.title == "Universally utility-maximizing privacy mechanisms"
    assert reference.year == 2009

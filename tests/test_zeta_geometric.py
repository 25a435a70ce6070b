"""The power-law/geometric pair: KL finite both ways, Rényi infinite at every order α > 1.

The closed forms are checked against direct sums whose tails are bounded by
integrals (no ζ′ involved), and against the laws the family must obey; the
shipped witness and planted false claims are checked through `dptax verify`.
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mpmath import mp as _mp_default

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.families import Finite, is_infinite
from dptaxonomy.reasoning.evaluators.zeta_geometric import ZetaGeometric, geometric_mean_log
from dptaxonomy.reasoning.maps.intervals import CEILING
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from tests.clirunner import run
from tests.conftest import CATALOG_DIR


def _width(value: IV) -> Decimal:
    """The enclosure's exact width (rounded up), not the float ends'."""
    return CEILING.subtract(value.high, value.low)


mp = type(_mp_default)()  # a private context: no process-wide mpmath setting changes
mp.dps = 30
exponents = st.sampled_from(["2.5", "3", "3.5", "4", "6"])
ratios = st.integers(min_value=1, max_value=19).map(lambda n: Fraction(n, 20))


def _pair(a: str, q: Fraction) -> ZetaGeometric:
    return ZetaGeometric(exact(a), exact(str(q.numerator)) / exact(str(q.denominator)))


def _meets(value: IV, low: Any, high: Any) -> bool:
    """The enclosure and the interval [low, high] overlap (both contain the true value)."""
    return lower(value) <= float(high) + 1e-12 and float(low) - 1e-12 <= upper(value)


@settings(max_examples=8, deadline=None)
@given(exponents, ratios)
def test_kl_forward_equals_a_partial_sum_plus_a_bounded_tail(a_text: str, q: Fraction) -> None:
    a, ratio, terms = mp.mpf(a_text), mp.mpf(q.numerator) / q.denominator, 3000
    zeta = mp.zeta(a)
    c, slope = -mp.log(zeta) - mp.log(1 - ratio), -mp.log(ratio)
    partial = mp.fsum(
        k**-a / zeta * (-a * mp.log(k) + c + (k - 1) * slope) for k in range(1, terms + 1)
    )
    # Σ_{k>N} k^-a ≤ N^(1−a)/(a−1); Σ_{k>N} k^(1−a) ≤ N^(2−a)/(a−2);
    # Σ_{k>N} k^-a log k ≤ N^(1−a) (log N/(a−1) + 1/(a−1)²) (decreasing summands)
    mass = terms ** (1 - a) / (a - 1) / zeta
    linear = slope * terms ** (2 - a) / (a - 2) / zeta
    logs = a * terms ** (1 - a) * (mp.log(terms) / (a - 1) + 1 / (a - 1) ** 2) / zeta
    low, high = partial - abs(c) * mass - logs, partial + abs(c) * mass + linear
    assert _meets(_pair(a_text, q).kl_forward(), low, high)


@settings(max_examples=8, deadline=None)
@given(exponents, ratios)
def test_kl_backward_equals_a_direct_sum(a_text: str, q: Fraction) -> None:
    a, ratio = mp.mpf(a_text), mp.mpf(q.numerator) / q.denominator
    zeta = mp.zeta(a)

    def term(k: Any) -> Any:
        mass = (1 - ratio) * ratio ** (k - 1)
        return mass * mp.log(mass / (k**-a / zeta))

    value = _pair(a_text, q).kl_backward()
    truth = mp.nsum(term, [1, mp.inf])
    assert float(_width(value)) < 1e-20
    assert lower(value) - 1e-14 <= truth <= upper(value) + 1e-14


@settings(max_examples=8, deadline=None)
@given(exponents, ratios)
def test_kl_forward_is_least_at_the_geometric_law_with_the_power_laws_mean(
    a_text: str, q: Fraction
) -> None:
    # KL(P‖Q) = const − log(1 − q) − m log q with m = E_P[k − 1]: convex in q, least at
    # q* = m/(1 + m) (so it is not monotone in q)
    a = mp.mpf(a_text)
    m = mp.zeta(a - 1) / mp.zeta(a) - 1
    best = ZetaGeometric(exact(a_text), point(float(m / (1 + m))))
    assert lower(_pair(a_text, q).kl_forward()) >= upper(best.kl_forward()) - 1e-12


@settings(max_examples=8, deadline=None)
@given(ratios)
def test_the_geometric_mean_log_grows_with_q(q: Fraction) -> None:
    # a larger q gives a stochastically larger geometric law, so a larger E[log k]
    smaller = geometric_mean_log(point(float(q) - 0.025))
    larger = geometric_mean_log(point(float(q)))
    assert upper(smaller) < lower(larger)
    assert lower(smaller) >= 0


def test_the_tail_bound_holds_with_few_terms() -> None:
    # with N = 3 the tail is large; the enclosure still contains the true value
    q = point(0.5)
    truth = mp.nsum(lambda k: (mp.mpf(1) / 2) ** k * mp.log(k), [1, mp.inf])
    few = geometric_mean_log(q, terms=3)
    assert lower(few) <= truth <= upper(few)
    assert upper(few) - lower(few) > 0.05
    assert float(_width(geometric_mean_log(q))) < 1e-25  # the exact width, not float ends


def test_every_renyi_order_is_infinite_but_kl_is_finite() -> None:
    pair = ZetaGeometric(exact("3"), exact("0.5"))
    for alpha in ("1.000001", "1.5", "2", "100"):
        value = pair.renyi_at(exact(alpha))
        assert value is not None
        assert is_infinite(value)
    assert pair.renyi_unbounded() is True
    assert is_infinite(pair.epsilon())
    assert pair.leaks() is False
    assert 0.3212 < lower(pair.kl()) <= upper(pair.kl()) < 0.3213
    assert 0.2700 < lower(pair.kl_forward()) <= upper(pair.kl_forward()) < 0.2701


@pytest.mark.parametrize("a", ["1.5", "2"])
def test_kl_forward_is_infinite_when_the_power_law_has_no_mean(a: str) -> None:
    pair = ZetaGeometric(exact(a), exact("0.5"))
    assert is_infinite(pair.kl_forward())
    assert is_infinite(pair.kl())
    assert not is_infinite(pair.kl_backward())


@pytest.mark.parametrize(
    ("a", "q", "message"),
    [
        ("1", "0.5", "needs a > 1"),
        ("3", "1", "needs 0 < q < 1"),
        ("3", "0", "needs 0 < q < 1"),
        ("0.5", "0.5", "needs a > 1"),
    ],
)
def test_parameters_outside_the_family_are_refused(a: str, q: str, message: str) -> None:
    with pytest.raises(NumericError, match=message):
        ZetaGeometric(exact(a), exact(q)).kl()


def test_an_inexact_exponent_and_a_q_too_close_to_one_are_refused() -> None:
    with pytest.raises(NumericError, match="must be an exact number"):
        ZetaGeometric(exact("3.1"), exact("0.5")).kl()
    with pytest.raises(NumericError, match="too close to 1"):
        geometric_mean_log(exact("0.99999999"))
    with pytest.raises(NumericError, match="at least one summed term"):
        geometric_mean_log(exact("0.5"), terms=0)


def test_the_evaluators_read_the_pair() -> None:
    pair = ZetaGeometric(exact("3"), exact("0.5"))
    assert EVALUABLE["renyi-dp"].violated(pair) is True
    assert EVALUABLE["zero-concentrated-dp"].violated(pair) is True
    assert EVALUABLE["truncated-concentrated-dp-bdrs18"].violated(pair) is True
    assert EVALUABLE["differential-privacy"].violated(pair) is True
    assert EVALUABLE["kl-privacy"].violated(pair) is False
    kl = EVALUABLE["kl-privacy"]
    assert kl.holds(pair, {"epsilon": exact("0.3213")}) is True
    assert kl.holds(pair, {"epsilon": exact("0.3212")}) is False
    assert EVALUABLE["renyi-dp"].holds(pair, {"alpha": exact("2"), "epsilon": exact("50")}) is False


def test_a_finite_pair_without_a_leak_still_violates_renyi_dp_for_no_parameter() -> None:
    pair = Finite((point(0.5), point(0.5)), (point(0.25), point(0.75)))
    assert EVALUABLE["renyi-dp"].violated(pair) is False


@pytest.mark.slow
def test_planted_false_claims_about_the_pair_are_refuted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    path = catalog / "mechanisms" / "power-law-geometric-pair.yaml"
    planted = (
        '  - definition: renyi-dp\n    parameters: {alpha: "2", epsilon: "1"}\n'
        "    citation: {key: Mir17, at: Section 3}\n"
        '  - definition: kl-privacy\n    parameters: {epsilon: "0.32"}\n'
        "    citation: {key: CY16, at: Section 3}\n"
    )
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("satisfies:\n", "satisfies:\n" + planted, 1), encoding="utf-8")
    result = run(capsys, "verify", "-e", "power-law-geometric-pair", "--catalog", str(catalog))
    assert result.code == 1
    assert "✗ refuted   power-law-geometric-pair satisfies renyi-dp" in result.out
    assert "✗ refuted   power-law-geometric-pair satisfies kl-privacy" in result.out
    assert "power-law-geometric-pair: kl-privacy with epsilon=[0.319999, 0.320001]" in result.out

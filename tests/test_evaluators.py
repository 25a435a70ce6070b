"""The numeric evaluators: closed forms against direct integration, and the laws they must obey.

Each quantity is a sound enclosure; the properties below are checked on the
enclosures' ends, so a violation is a real bug, never rounding.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mpmath import mp as _mp_default

from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Laplace, Zeta, is_infinite
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper

mp = type(_mp_default)()  # a private context: no process-wide mpmath setting changes
mp.dps = 30
weights = st.lists(st.integers(min_value=1, max_value=50), min_size=2, max_size=5)


def _distribution(values: list[int]) -> tuple[IV, ...]:
    total = sum(values)
    return tuple(exact(str(v)) / exact(str(total)) for v in values)


@st.composite
def finite_pairs(draw: st.DrawFn) -> Finite:
    p = draw(weights)
    q = draw(st.lists(st.integers(min_value=1, max_value=50), min_size=len(p), max_size=len(p)))
    return Finite(_distribution(p), _distribution(q))


def _contains(value: IV, truth: float, tolerance: float = 1e-9) -> bool:
    return lower(value) - tolerance <= truth <= upper(value) + tolerance


@settings(max_examples=60, deadline=None)
@given(finite_pairs(), st.floats(1.05, 20), st.floats(1.05, 20))
def test_renyi_divergence_grows_with_the_order(pair: Finite, a: float, b: float) -> None:
    small, large = sorted((a, b))
    assert lower(pair.renyi(point(large))) >= upper(pair.renyi(point(small))) - 1e-12


@settings(max_examples=60, deadline=None)
@given(finite_pairs(), st.floats(0, 5), st.floats(0, 5))
def test_hockey_stick_delta_decreases_with_epsilon(pair: Finite, a: float, b: float) -> None:
    small, large = sorted((a, b))
    assert upper(pair.delta(point(large))) <= lower(pair.delta(point(small))) + 1e-12


@settings(max_examples=60, deadline=None)
@given(finite_pairs(), st.floats(1.05, 50))
def test_divergences_are_ordered(pair: Finite, alpha: float) -> None:
    # KL ≤ D_α ≤ ε (pure DP), δ(0) = TV, δ(ε) = 0 for ε at least the pure ε
    epsilon = pair.epsilon()
    assert upper(pair.kl()) <= upper(pair.renyi(point(alpha))) + 1e-12
    assert upper(pair.renyi(point(alpha))) <= upper(epsilon) + 1e-12
    assert abs(upper(pair.delta(point(0.0))) - upper(pair.tv())) < 1e-12
    assert upper(pair.delta(epsilon + point(1e-9))) <= 1e-12
    assert upper(pair.probabilistic_delta(point(0.0))) <= 1 + 1e-12


@settings(max_examples=40, deadline=None)
@given(finite_pairs(), st.floats(1.05, 10))
def test_finite_renyi_encloses_the_float_value(pair: Finite, alpha: float) -> None:
    p = [upper(x) for x in pair.p]
    q = [upper(x) for x in pair.q]
    forward = math.log(sum(a**alpha * b ** (1 - alpha) for a, b in zip(p, q, strict=True)))
    backward = math.log(sum(b**alpha * a ** (1 - alpha) for a, b in zip(p, q, strict=True)))
    assert _contains(pair.renyi(point(alpha)), max(forward, backward) / (alpha - 1), 1e-6)


def _normal(x: float, mean: float, sd: float) -> float:
    return float(mp.npdf(x, mean, sd))


@settings(max_examples=6, deadline=None)
@given(st.floats(0.2, 3), st.floats(0.5, 4), st.floats(0, 3))
def test_gaussian_closed_forms_match_integration(shift: float, sigma: float, eps: float) -> None:
    pair = Gaussian(point(shift), point(sigma))

    def p(x: Any) -> Any:
        return mp.npdf(x, 0, sigma)

    def q(x: Any) -> Any:
        return mp.npdf(x, shift, sigma)

    cut = shift / 2 - eps * sigma**2 / shift  # p > e^ε q exactly left of the cut
    delta = mp.quad(lambda x: p(x) - mp.e**eps * q(x), [-mp.inf, cut])
    assert _contains(pair.delta(point(eps)), float(delta), 1e-8)
    alpha = 2.5
    integral = mp.quad(lambda x: p(x) ** alpha * q(x) ** (1 - alpha), [-mp.inf, mp.inf])
    assert _contains(pair.renyi(point(alpha)), float(mp.log(integral) / (alpha - 1)), 1e-8)
    assert _contains(pair.kl(), shift**2 / (2 * sigma**2))
    tv = mp.quad(lambda x: p(x) - q(x), [-mp.inf, shift / 2])
    assert _contains(pair.tv(), float(tv), 1e-8)


@settings(max_examples=6, deadline=None)
@given(st.floats(0.2, 3), st.floats(0.5, 4), st.floats(0, 3))
def test_laplace_closed_forms_match_integration(shift: float, scale: float, eps: float) -> None:
    pair = Laplace(point(shift), point(scale))

    def p(x: Any) -> Any:
        return mp.exp(-abs(x) / scale) / (2 * scale)

    def q(x: Any) -> Any:
        return mp.exp(-abs(x - shift) / scale) / (2 * scale)

    cuts = [-mp.inf, 0, shift, mp.inf]
    if eps < shift / scale - 1e-6:
        cut = (shift - eps * scale) / 2  # p > e^ε q exactly left of the cut
        delta = mp.quad(lambda x: p(x) - mp.e**eps * q(x), [-mp.inf, 0, cut])
        assert _contains(pair.delta(point(eps)), float(delta), 1e-8)
    elif eps > shift / scale + 1e-6:
        assert upper(pair.delta(point(eps))) == 0
    alpha = 3.0
    integral = mp.quad(lambda x: p(x) ** alpha * q(x) ** (1 - alpha), cuts)
    assert _contains(pair.renyi(point(alpha)), float(mp.log(integral) / (alpha - 1)), 1e-8)
    kl = mp.quad(lambda x: p(x) * mp.log(p(x) / q(x)), cuts)
    assert _contains(pair.kl(), float(kl), 1e-8)
    assert _contains(pair.epsilon(), shift / scale)


def test_zeta_pair_is_renyi_finite_only_below_order_three() -> None:
    pair = Zeta(exact("3"), exact("4"))
    assert not is_infinite(pair.renyi(exact("2.9")))
    assert is_infinite(pair.renyi(exact("3.1")))
    assert is_infinite(pair.epsilon())
    # a direct sum agrees with the closed form at α = 2
    terms = mp.nsum(lambda k: (k**-3 / mp.zeta(3)) ** 2 * (k**-4 / mp.zeta(4)) ** -1, [1, mp.inf])
    assert _contains(pair.renyi(exact("2")), float(mp.log(terms)), 1e-9)


def test_a_leaking_pair_is_infinite_for_every_bounded_loss() -> None:
    leak = Finite((point(0.5), point(0.5), point(0.0)), (point(0.5), point(0.0), point(0.5)))
    assert is_infinite(leak.epsilon())
    assert is_infinite(leak.renyi(exact("1.01")))
    assert is_infinite(leak.kl())
    assert _contains(leak.delta(point(0.0)), 0.5)
    assert _contains(leak.delta(point(30.0)), 0.5)


def test_an_order_at_most_one_is_refused() -> None:
    from dptaxonomy.base.errors import NumericError

    with pytest.raises(NumericError, match="order must be > 1"):
        Gaussian(point(1.0), point(1.0)).renyi_at(point(1.0))

"""The loss-distribution route at very small δ: relative rounding bounds and tilted composition."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import mpmath
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dptaxonomy.reasoning.accounting.grid_epsilon import upper_epsilon
from dptaxonomy.reasoning.accounting.lossdist import _gaussian, quantile
from dptaxonomy.reasoning.accounting.pld import compose, discretise
from dptaxonomy.reasoning.accounting.roundoff import EXP_ULPS
from dptaxonomy.reasoning.accounting.tilt import tilt_for
from dptaxonomy.reasoning.maps.numeric import exact


@pytest.fixture(autouse=True)
def _forty_digits() -> Iterator[None]:
    with mpmath.workdps(40):
        yield


def _gaussian_delta(mu: Any, epsilon: Any) -> Any:
    """The exact δ(ε) of μ-GDP (Dong, Roth and Su, Corollary 2.13's formula)."""
    return mpmath.ncdf(-epsilon / mu + mu / 2) - mpmath.exp(epsilon) * mpmath.ncdf(
        -epsilon / mu - mu / 2
    )


def _true_epsilon(mu: float, delta: float) -> float:
    """The exact ε of μ-GDP at δ, by bisection (δ(ε) decreases) to 1e-12."""
    m, low, high = mpmath.mpf(mu), mpmath.mpf(0), mpmath.mpf(60)
    while high - low > 1e-12:
        middle = (low + high) / 2
        low, high = (middle, high) if _gaussian_delta(m, middle) > delta else (low, middle)
    return float(high)


def test_the_relative_bound_dominates_the_exact_shortfall_at_every_grid_point() -> None:
    mu, h = 1.0, 0.05
    part = discretise(_gaussian(mu, quantile(1e-40)), h, pessimistic=True)
    masses = [mpmath.mpf(float(p)) for p in part.pmf]
    m = mpmath.mpf(mu)
    above, above_q = mpmath.mpf(0), mpmath.mpf(0)
    worst = mpmath.mpf(0)
    for j in range(len(masses) - 1, -1, -1):
        x = mpmath.exp((part.offset + j) * mpmath.mpf(h))
        here = mpmath.mpf(part.infinity) + above - x * above_q
        truth = _gaussian_delta(m, mpmath.log(x))
        worst = max(worst, truth - here - part.relative * truth - part.floor)
        above += masses[j]
        above_q += masses[j] / x
    assert worst <= 0
    assert 0 < part.relative < 1e-9
    assert part.floor < 1e-40


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("delta", [1e-15, 1e-20, 1e-30])
def test_tilted_gaussian_compositions_are_certified_and_tight(count: int, delta: float) -> None:
    h, mu = 1e-3, 1.0
    part = discretise(_gaussian(mu, quantile(delta * 1e-3 / count)), h, pessimistic=True)
    parts = [(part, count)]
    ours = upper_epsilon(compose(parts, h, tilt=tilt_for(parts, h, delta)), delta)
    untilted = upper_epsilon(compose(parts, h), delta)
    truth = _true_epsilon(mu * math.sqrt(count), delta)
    # untilted, the FFT's errors exceed δ: nothing, or only the window's top, is certified
    assert untilted is None or untilted > truth + 1
    assert ours is not None
    assert truth <= ours <= truth * (1 + 1e-6)


def _subsampled_delta(mu: float, q: float, count: int) -> Any:
    """The exact δ(ε) of ``count`` (1 or 2) runs of the Poisson-subsampled Gaussian, removal
    direction: P = (1 − q)N(0, 1) + qN(μ, 1), Q = N(0, 1), L = log(1 − q + q e^(μx − μ²/2))."""
    m, r = mpmath.mpf(mu), mpmath.mpf(q)
    floor = mpmath.log1p(-r)

    def one(y: Any) -> Any:
        if y <= floor:
            return 1 - mpmath.exp(y)  # every loss exceeds y, and E_P[e^(−L)] = 1
        x = (mpmath.log((mpmath.exp(y) - (1 - r)) / r) + m * m / 2) / m
        above = (1 - r) * mpmath.ncdf(-x) + r * mpmath.ncdf(m - x)
        return above - mpmath.exp(y) * mpmath.ncdf(-x)

    if count == 1:
        return one

    def loss(x: Any) -> Any:
        return mpmath.log(1 - r + r * mpmath.exp(m * x - m * m / 2))

    def density(x: Any) -> Any:
        return (1 - r) * mpmath.npdf(x) + r * mpmath.npdf(x - m)

    def two(epsilon: Any) -> Any:
        # the inner formula switches where ε − l(x) = log(1 − q)
        switch = (mpmath.log((mpmath.exp(epsilon - floor) - (1 - r)) / r) + m * m / 2) / m
        return mpmath.quad(
            lambda x: one(epsilon - loss(x)) * density(x), [-mpmath.inf, switch, mpmath.inf]
        )

    return two


def _removal_bounds(mu: float, q: float, count: int, delta: float, h: float) -> tuple[float, float]:
    """The route's upper and lower ε for the removal direction alone."""
    from dptaxonomy.reasoning.accounting.grid_epsilon import lower_epsilon
    from dptaxonomy.reasoning.accounting.lossdist import Direction, _subsampled

    z = quantile(delta * 1e-3 / count)
    bounds: list[float | None] = []
    for pessimistic in (True, False):
        part = discretise(
            _subsampled(mu, q, Direction.remove, z), h, pessimistic=pessimistic, dots=False
        )
        parts = [(part, count)]
        composed = compose(parts, h, tilt=tilt_for(parts, h, delta))
        bounds.append(
            upper_epsilon(composed, delta) if pessimistic else lower_epsilon(composed, delta)
        )
    upper, lower = bounds
    assert upper is not None
    assert lower is not None
    return upper, lower


@pytest.mark.parametrize(
    ("count", "delta"),
    [(1, 1e-15), (1, 1e-20), (1, 1e-30), pytest.param(2, 1e-20, marks=pytest.mark.slow)],
)
def test_subsampled_gaussian_bounds_bracket_the_exact_epsilon(count: int, delta: float) -> None:
    """Against δ(ε) computed by quadrature at 40 digits: δ(upper) ≤ δ < δ(lower), so
    upper ≥ truth ≥ lower, and the two within the rounding down's h per run."""
    mu, q, h = 2.0, 0.1, 1e-3
    exact_delta = _subsampled_delta(mu, q, count)
    upper, lower = _removal_bounds(mu, q, count, delta, h)
    assert exact_delta(mpmath.mpf(upper)) <= delta
    assert exact_delta(mpmath.mpf(lower)) > delta
    assert upper - lower <= count * h + 1e-6
    # the connected dots are tight: 1e-5 below the upper bound, δ already exceeds δ
    assert exact_delta(mpmath.mpf(upper) - 1e-5) > delta


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sigma=st.floats(min_value=0.5, max_value=4.0),
    count=st.integers(min_value=1, max_value=20),
    exponent=st.integers(min_value=10, max_value=40),
)
@example(sigma=0.5, count=1, exponent=36)  # (A1)'s absolute term once cost 0.005 here
def test_the_route_brackets_the_exact_gaussian_epsilon_at_small_delta(
    sigma: float, count: int, exponent: int
) -> None:
    """upper ≥ truth ≥ lower for k Gaussians (exact through μ√k-GDP, at 40 digits)."""
    from dptaxonomy.reasoning.accounting.components import Component, Shape
    from dptaxonomy.reasoning.accounting.loss_route import pld_epsilon

    delta = 10.0**-exponent
    component = Component("g", Shape.gaussian, {"mu": exact("1") / exact(repr(sigma))}, count)
    upper, lower, _ = pld_epsilon([component], delta, h=1e-3)
    assert upper is not None
    assert lower is not None
    mu = mpmath.sqrt(count) / mpmath.mpf(sigma)
    assert _gaussian_delta(mu, mpmath.mpf(upper)) <= delta
    assert lower == 0.0 or _gaussian_delta(mu, mpmath.mpf(lower)) >= delta
    assert upper - lower <= count * 1e-3 + 1e-6


def test_numpy_log_is_within_the_assumed_units() -> None:
    """Assumption (A2) for log, which tilting uses: on masses from 1e-300 to 1."""
    masses = 10.0 ** np.random.default_rng(25).uniform(-300.0, 0.0, 20000)
    logs = np.log(masses)
    errors = [
        abs(mpmath.mpf(float(v)) - mpmath.log(mpmath.mpf(float(p)))) / abs(mpmath.log(float(p)))
        for p, v in zip(masses, logs, strict=True)
    ]
    assert float(max(errors)) <= EXP_ULPS * 2.0**-53


@pytest.mark.parametrize("delta", [1e-12, 1e-20])
def test_atoms_are_certified_up_to_their_largest_loss(delta: float) -> None:
    """(ε, δ)-DP and ε-DP runs at a δ below 1e-13: from the survival function no absolute
    1e-13 lands at +∞, and above the largest reachable loss δ of the grid is its mass at +∞."""
    from dptaxonomy.reasoning.accounting.components import Component, Shape
    from dptaxonomy.reasoning.accounting.loss_route import pld_epsilon

    approximate = Component(
        "a", Shape.approximate, {"epsilon": exact("0.5"), "delta": exact("1e-25")}, 10
    )
    pure = Component("p", Shape.pure, {"epsilon": exact("0.3")}, 30)
    for component, total in ((approximate, 5.0), (pure, 9.0)):
        upper, lower, h = pld_epsilon([component], delta)
        assert upper is not None
        assert lower is not None
        # δ(ε) ≥ P(every run at +ε)·(1 − e^(ε − total)) > δ below total − 1e-9: ε is total,
        # and the grid rounds each atom up by at most two steps (a margin, then the step)
        assert total - 1e-9 <= upper <= total + 2 * component.count * h + 1e-9
        assert lower <= total

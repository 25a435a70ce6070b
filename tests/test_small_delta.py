"""The loss-distribution route at very small δ: relative rounding bounds and tilted composition."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import mpmath
import pytest

from dptaxonomy.reasoning.accounting.grid_epsilon import upper_epsilon
from dptaxonomy.reasoning.accounting.lossdist import _gaussian, quantile
from dptaxonomy.reasoning.accounting.pld import compose, discretise
from dptaxonomy.reasoning.accounting.tilt import tilt_for


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

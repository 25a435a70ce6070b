"""The pessimistic connected-dots rounding bound against an exact (mpmath) recomputation."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import mpmath
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dptaxonomy.base.records import replace
from dptaxonomy.reasoning.accounting.grid_epsilon import upper_epsilon
from dptaxonomy.reasoning.accounting.lossdist import (
    Direction,
    _gaussian,
    _laplace,
    _subsampled,
    quantile,
)
from dptaxonomy.reasoning.accounting.pld import (
    RELATIVE,
    Discrete,
    compose,
    discretise,
)
from dptaxonomy.reasoning.accounting.roundoff import ABSOLUTE, EXP_ULPS, trim


@pytest.fixture(autouse=True)
def _forty_digits() -> Iterator[None]:
    """Exact recomputations at 40 digits, without touching mpmath's global precision."""
    with mpmath.workdps(40):
        yield


def _profile_deficit(part: Discrete, h: float, delta: Any) -> float:
    """max(δ − D) over the grid points X_j = e^((first + j)h) and x = 0, in exact arithmetic.

    ``delta`` maps an mpf x to the true profile δ(x); D is the masses' profile at the
    lattice, with D(X_j) = p_∞ + Σ_{m>j} p_m − X_j Σ_{m>j} p_m / X_m.
    """
    masses = [mpmath.mpf(float(p)) for p in part.pmf]
    points = [mpmath.exp((part.offset + j) * mpmath.mpf(h)) for j in range(len(masses))]
    infinity = mpmath.mpf(part.infinity)
    worst = 1 - (mpmath.fsum(masses) + infinity)  # at x = 0, where δ(0) = 1
    above, above_q = mpmath.mpf(0), mpmath.mpf(0)
    for j in range(len(masses) - 1, -1, -1):
        here = infinity + above - points[j] * above_q
        worst = max(worst, delta(points[j]) - here)
        above += masses[j]
        above_q += masses[j] / points[j]
    return float(worst)


def _gaussian_delta(mu: float) -> Any:
    m = mpmath.mpf(mu)

    def delta(x: Any) -> Any:
        loss = mpmath.log(x)
        return mpmath.ncdf((m * m / 2 - loss) / m) - x * mpmath.ncdf(-(loss + m * m / 2) / m)

    return delta


def _laplace_delta(epsilon: float) -> Any:
    e = mpmath.mpf(epsilon)

    def delta(x: Any) -> Any:  # Lap(1, 1/ε)... scaled: the pair Lap(ε, 1) vs Lap(0, 1)
        loss = mpmath.log(x)
        if loss >= e:
            return mpmath.mpf(0)
        if loss < -e:
            return 1 - x
        t = (loss + e) / 2  # L = 2X − ε on [0, ε]: L > loss iff X > t
        p_above = 1 - mpmath.exp(t - e) / 2
        q_above = mpmath.exp(-t) / 2
        return p_above - x * q_above

    return delta


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mu=st.floats(min_value=0.2, max_value=4.0),
    h=st.sampled_from([0.02, 0.05, 0.1, 0.4]),
)
def test_the_bound_dominates_the_exact_shortfall_of_gaussian_grids(mu: float, h: float) -> None:
    part = discretise(_gaussian(mu), h, pessimistic=True)
    assert _profile_deficit(part, h, _gaussian_delta(mu)) <= part.shortfall


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 3.0])
def test_the_bound_dominates_the_exact_shortfall_of_laplace_grids(epsilon: float) -> None:
    h = 0.01
    part = discretise(_laplace(epsilon), h, pessimistic=True)
    assert _profile_deficit(part, h, _laplace_delta(epsilon)) <= part.shortfall


def test_without_the_bound_the_grid_falls_below_the_truth() -> None:
    """The chords through the computed values dip below δ somewhere: η = 0 would be unsound."""
    h = 0.05
    part = discretise(_gaussian(1.0), h, pessimistic=True)
    deficit = _profile_deficit(part, h, _gaussian_delta(1.0))
    assert 0 < deficit <= part.shortfall < 1e-12


def test_upper_epsilon_adds_the_runs_shortfall() -> None:
    part = discretise(_gaussian(0.5), 0.01, pessimistic=True)
    composed = compose([(part, 1000)], 0.01)
    assert composed.shortfall >= 1000 * part.shortfall
    assert composed.shortfall <= 1000 * part.shortfall * (1 + 1e-9)
    switched_off = upper_epsilon(replace(composed, shortfall=0.0), 1e-5)
    kept = upper_epsilon(composed, 1e-5)
    assert switched_off is not None
    assert kept is not None
    assert kept > switched_off


def test_trim_brings_the_total_to_one_and_reports_what_it_took() -> None:
    pmf = np.array([0.0, 0.25, 0.75])
    removed = trim(pmf, 1e-22)  # 1e-22 is below half a unit of 0.25: one unit goes
    assert math.fsum([*pmf.tolist(), 1e-22]) <= 1.0
    assert pmf.tolist() == [0.0, 0.25 - 2.0**-55, 0.75]
    assert 2.0**-55 <= removed <= 2.0**-55 * (1 + 2.0**-50)
    bulk = np.array([0.1, 0.2, 0.7])
    assert trim(bulk, 0.25) >= 0.25
    assert math.fsum([*bulk.tolist(), 0.25]) <= 1.0
    assert bulk.tolist()[::2] == [0.0, 0.7]


def test_numpy_exp_is_within_the_assumed_units() -> None:
    """Assumption (A2) of the bound, checked on the grids' range of losses."""
    points = np.random.default_rng(25).uniform(-120.0, 120.0, 20000)
    values = np.exp(points)
    errors = [
        abs(mpmath.mpf(float(v)) / mpmath.exp(mpmath.mpf(float(p))) - 1)
        for p, v in zip(points, values, strict=True)
    ]
    assert float(max(errors)) <= EXP_ULPS * 2.0**-53


def _exact_values(mu: float, q: float | None, direction: Direction, t: float) -> list[Any] | None:
    """P(L ≤ t), P(L > t), Q(L ≤ t), Q(L > t) exactly, or None below the loss's floor."""
    m, point = mpmath.mpf(mu), mpmath.mpf(t)
    if q is None:
        mean = m * m / 2
        return [
            mpmath.ncdf(s * (point + c * mean) / m) for s, c in ((1, -1), (-1, -1), (1, 1), (-1, 1))
        ]
    rate = mpmath.mpf(q)
    signed = point if direction is Direction.remove else -point
    if signed <= mpmath.log(1 - rate):
        return None
    x = (mpmath.log((mpmath.exp(signed) - (1 - rate)) / rate) + m * m / 2) / m
    low = (1 - rate) * mpmath.ncdf(x) + rate * mpmath.ncdf(x - m)
    high = (1 - rate) * mpmath.ncdf(-x) + rate * mpmath.ncdf(m - x)
    if direction is Direction.remove:
        return [low, high, mpmath.ncdf(x), mpmath.ncdf(-x)]
    return [mpmath.ncdf(-x), mpmath.ncdf(x), high, low]


def _worst_excess_over_assumption(
    mu: float, q: float | None, direction: Direction, z: float = 9.0
) -> float:
    """max(|F̂ − F| − RELATIVE·F − ABSOLUTE) over points near both ends and across the range
    (which reaches the standard normal quantile ``z``)."""
    cdf = _gaussian(mu, z) if q is None else _subsampled(mu, q, direction, z)
    rng = np.random.default_rng(25)
    span = cdf.high - cdf.low
    points = np.concatenate(
        (
            rng.uniform(cdf.low, cdf.low + 0.02 * span, 150),
            rng.uniform(cdf.high - 0.02 * span, cdf.high, 150),
            rng.uniform(cdf.low, cdf.high, 150),
        )
    )
    assert cdf.pair is not None
    computed = [cdf.cdf(points), *(f(points) for f in cdf.pair)]
    worst = -math.inf
    for i, t in enumerate(points):
        exact = _exact_values(mu, q, direction, float(t))
        for k, value in enumerate(exact or []):
            error = abs(mpmath.mpf(float(computed[k][i])) - value)
            worst = max(worst, float(error - RELATIVE * value - ABSOLUTE))
    return worst


@pytest.mark.parametrize(
    ("mu", "q", "direction"),
    [(1.0, None, Direction.remove), (0.3, 0.001, Direction.remove), (0.005, 0.01, Direction.add)],
)
def test_distribution_values_meet_the_assumed_accuracy(
    mu: float, q: float | None, direction: Direction
) -> None:
    """Assumption (A1) of the bound; the second case has relative errors near 1e-11 deep in
    the tail (values below 1e-60), which the absolute term covers; the third had 1.1e-13 in
    the body before the subsampled loss's inverse used log1p (small μ)."""
    assert _worst_excess_over_assumption(mu, q, direction) <= 0


@pytest.mark.slow
@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize(
    ("mu", "q"),
    [
        (0.02, None),
        (20.0, None),
        (1 / 1.1, 0.0042667),
        (0.1, 0.0001),
        (3.0, 0.5),
        (0.05, 0.01),
        (0.002, 0.1),
    ],
)
def test_distribution_values_meet_the_assumed_accuracy_widely(
    mu: float, q: float | None, direction: Direction
) -> None:
    assert _worst_excess_over_assumption(mu, q, direction) <= 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mu", "q"), [(1.0, None), (1.0, 0.01), (1 / 1.1, 0.0042667), (2.0, 0.1), (0.3, 0.001)]
)
def test_distribution_values_meet_the_assumed_accuracy_on_small_delta_ranges(
    mu: float, q: float | None
) -> None:
    """(A1) where a δ of 1e-40 over 1000 runs stretches the range (z = 14.55, not 9)."""
    z = quantile(1e-40 * 1e-3 / 1000)
    assert z > 14.5
    assert _worst_excess_over_assumption(mu, q, Direction.remove, z) <= 0

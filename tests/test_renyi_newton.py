"""rdp_epsilon's search against an independent high-precision optimum (issue 24).

The truth here is computed with mpmath alone: b(u) the root of F by bisection in log b,
φ maximised over log u ∈ [log δ, 0] by a fine grid and golden-section search. At orders
near 1 and small δ the optimum lies at u ≈ αδ with b beyond e^{200}, where the tangency
gap that the float search follows is rounding noise; the search then falls back on φ.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mpmath import mp

from dptaxonomy.reasoning.maps.numeric import exact, lower, upper
from dptaxonomy.reasoning.maps.renyi_certificate import rdp_epsilon_enclosure
from dptaxonomy.schema import arith_renyi
from dptaxonomy.schema.arith_renyi import rdp_epsilon

_OUTLIER = (1.0925, 3.66, 1.2e-9)
_OUTLIER_TRUTH = 208.81139840923360074
"""_truth(*_OUTLIER) at 60 digits (test_the_pinned_truth_is_mpmaths recomputes it); the
search before this fix proposed 182.64 here, and its certificate refused."""


def _atom_truth(alpha: Any, big_m: Any, u: Any) -> Any:
    low = (1 - u) ** alpha
    high, below = ((big_m - low) / u) ** (1 / (alpha - 1)), mp.mpf(1)
    for _ in range(400):
        middle = mp.sqrt(below * high)
        if u * middle**alpha + (middle - 1) * low - big_m * (middle - 1 + u) > 0:
            high = middle
        else:
            below = middle
        if high - below < high * mp.mpf(10) ** -55:
            break
    return high


def _truth(alpha: float, r: float, delta: float) -> float:
    with mp.workdps(60):
        a, d = mp.mpf(alpha), mp.mpf(delta)
        big_m = mp.exp((a - 1) * mp.mpf(r))

        def phi(t: Any) -> Any:
            u = mp.exp(t)
            b = _atom_truth(a, big_m, u)
            return b - d * (b - 1 + u) / u

        start, count = mp.log(d), 200
        grid = [start * (1 - mp.mpf(k) / count) for k in range(count + 1)]
        values = [phi(t) for t in grid]
        best = max(range(count + 1), key=lambda k: values[k])
        low, high = grid[max(best - 1, 0)], grid[min(best + 1, count)]
        ratio = (mp.sqrt(5) - 1) / 2
        for _ in range(160):
            left, right = high - ratio * (high - low), low + ratio * (high - low)
            if phi(left) >= phi(right):
                high = right
            else:
                low = left
        top = max(values[best], phi((low + high) / 2))
        return float(mp.log(top)) if top > 1 else 0.0


def test_the_outlier_is_the_true_optimum() -> None:
    assert rdp_epsilon(*_OUTLIER) == pytest.approx(_OUTLIER_TRUTH, rel=1e-13)


_SHARP = (1.045115079242466, 0.045115079242465994, 3.74580185645658e-07)
_SHARP_TRUTH = 186.53835131789495
"""_truth(*_SHARP) (test_the_pinned_truths_are_mpmaths recomputes it): a hypothesis example
where the regula falsi stopped 2.9e-4 off in log u and the proposal was 186.53833."""


def test_a_law_off_a_sharp_peak_is_found() -> None:
    assert rdp_epsilon(*_SHARP) == pytest.approx(_SHARP_TRUTH, rel=1e-12)


def test_the_outlier_is_now_certified_around_the_truth() -> None:
    found = rdp_epsilon_enclosure(exact("1.0925"), exact("3.66"), exact("1.2e-9"))
    assert lower(found) <= _OUTLIER_TRUTH <= upper(found)
    assert upper(found) - lower(found) < 1e-3


@pytest.mark.slow
def test_the_pinned_truths_are_mpmaths() -> None:
    assert _truth(*_OUTLIER) == pytest.approx(_OUTLIER_TRUTH, rel=1e-15)
    assert _truth(*_SHARP) == pytest.approx(_SHARP_TRUTH, rel=1e-15)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    alpha=st.floats(min_value=-3.0, max_value=1.0).map(lambda e: 1.0 + 10.0**e),
    r=st.floats(min_value=-2.0, max_value=1.5).map(lambda e: 10.0**e),
    delta=st.floats(min_value=-12.0, max_value=-2.0).map(lambda e: 10.0**e),
)
def test_the_proposal_is_the_high_precision_optimum(alpha: float, r: float, delta: float) -> None:
    try:
        found = rdp_epsilon(alpha, r, delta)
    except OverflowError:
        return
    assert found == pytest.approx(_truth(alpha, r, delta), rel=1e-9, abs=1e-9)


def test_newton_stops_by_convergence_near_order_one() -> None:
    """At α = 1.004, u = 0.3 the former start (M/u)^{1/(α−1)} ≈ e^{301} lay e^{297} above the
    root (59.43); the new start is close to it and the iterates stop once b stays put."""
    alpha, r, u = 1.004, 1.0, 0.3
    log_m = (alpha - 1.0) * r
    b = arith_renyi._atom(u, alpha, math.exp(log_m), log_m)
    with mp.workdps(50):
        truth = _atom_truth(mp.mpf(alpha), mp.exp((mp.mpf(alpha) - 1) * mp.mpf(r)), mp.mpf(u))
        assert b is not None
        assert abs(b - truth) <= 1e-13 * truth

"""The one golden-section search and Brent's method on it (base/golden.py): where they stop, and
what they find."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.base.golden import brent_minimum, golden_section


@given(
    st.floats(-1e3, 1e3),
    st.floats(1e-3, 1e3),
    st.floats(1e-9, 1e-2),
)
def test_it_brackets_the_least_point_of_a_parabola_to_the_width(
    centre: float, half: float, width: float
) -> None:
    low, high = centre - half, centre + 0.7 * half
    (fc, c), (fd, d) = golden_section(lambda x: (x - centre) ** 2, low, high, width=width)
    assert low <= c < d <= high
    assert fc == (c - centre) ** 2
    assert fd == (d - centre) ** 2
    assert abs(min((fc, c), (fd, d))[1] - centre) <= width


def test_steps_are_narrowings() -> None:
    calls: list[float] = []

    def score(x: float) -> float:
        calls.append(x)
        return abs(x - 0.3)

    golden_section(score, 0.0, 1.0, steps=5)
    assert len(calls) == 2 + 5
    calls.clear()
    golden_section(score, 0.0, 1.0)  # neither steps nor a width: the first two points only
    assert len(calls) == 2


def test_a_relative_width_scales_with_the_bracket() -> None:
    (_, c), (_, d) = golden_section(lambda x: abs(x - 1e6), 0.0, 2e6, width=1e-6, relative=True)
    assert abs(c - 1e6) <= 1.0
    assert abs(d - 1e6) <= 1.0 + 2.0


def test_a_width_below_float_resolution_still_ends() -> None:
    """The bracket cannot get narrower than the floats around it: the search stops there
    (before the shared search, a width of 1e-300 around 1e6 would have looped forever)."""
    (_, c), (_, d) = golden_section(lambda x: abs(x - 1e6), 0.0, 2e6, width=1e-300)
    assert c <= d  # the last narrowing may leave both points on one float
    assert math.isclose(c, 1e6, rel_tol=1e-12)
    assert math.isclose(d, 1e6, rel_tol=1e-12)


# Brent's method (brent_minimum): golden sections sped up by parabolic steps


@given(st.floats(-10.0, 10.0), st.floats(0.1, 10.0), st.floats(0.05, 0.95))
def test_brent_finds_a_smooth_minimum_to_its_tolerance_in_few_scores(
    centre: float, half: float, at: float
) -> None:
    calls: list[float] = []

    def score(x: float) -> float:
        calls.append(x)
        return math.cosh(x - centre)  # smooth, not a parabola: the parabolic steps must converge

    low = centre - 2 * half * at
    best, x = brent_minimum(score, low, low + 2 * half, tolerance=1e-9)
    assert low <= x <= low + 2 * half
    assert best == score(x)
    # to its tolerance, or to where cosh is flat to rounding (|x − centre| ≈ √(2⁻⁵²) ≈ 1.5e-8)
    assert abs(x - centre) <= 5e-8 * max(1.0, abs(centre))
    assert len(calls) <= 40  # golden sections alone take about 45 to reach 1e-9 from a width of 2


def test_brent_stops_on_a_plateau_and_keeps_its_first_best_point() -> None:
    calls: list[float] = []

    def plateau(x: float) -> float:
        return 1.0 if x > 0.0 else math.inf  # a chain that gives the same value everywhere

    def score(x: float) -> float:
        calls.append(x)
        return plateau(x)

    best, x = brent_minimum(score, -0.5, 0.5, tolerance=1e-9)
    assert best == 1.0
    assert x == next(c for c in calls if plateau(c) == 1.0)  # ties do not replace the best
    assert len(calls) <= 6


def test_brent_walks_to_an_end_and_never_leaves_the_bracket() -> None:
    """A score falling to a cliff (the chain gives nothing beyond it): the steps are golden
    sections there, and the point found is the last one before the cliff, to the tolerance."""
    tried: list[float] = []

    def score(x: float) -> float:
        tried.append(x)
        return -x if x <= 0.25 else math.inf

    best, x = brent_minimum(score, -1.0, 1.0, tolerance=1e-9)
    assert all(-1.0 <= t <= 1.0 for t in tried)
    assert 0.25 - 1e-7 <= x <= 0.25
    assert best == -x


def test_brent_does_not_stop_on_infinite_ties() -> None:
    """Scores that give nothing tie at ∞ with each other, which says nothing of flatness."""
    best, x = brent_minimum(
        lambda x: x * x if abs(x) < 0.3 else math.inf, -2.0, 2.0, tolerance=1e-9
    )
    assert math.isfinite(best)
    assert abs(x) <= 1e-4

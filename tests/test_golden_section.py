"""The one golden-section search (base/golden.py): where it stops, and what it finds."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.base.golden import golden_section


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

"""The bisection over doubles and the joint solve for δ at a given ε (issue 24)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.reasoning.maps.bisection import Bracket, float_key, key_float, smallest_passing
from dptaxonomy.schema.arith import parse_interval

UNIT = parse_interval("[0, 1]")
HALF_LINE = parse_interval("[0, inf)")


@given(st.floats(min_value=5e-324, max_value=1.0))
def test_finds_the_threshold_to_the_last_bit(threshold: float) -> None:
    found = smallest_passing(lambda q: q >= threshold, UNIT)
    assert found is not None
    assert found.found == threshold
    assert found.below == math.nextafter(threshold, 0.0)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_keys_keep_the_order_of_doubles(x: float) -> None:
    assert key_float(float_key(x)) == x or (x == 0 and key_float(float_key(x)) == 0)
    assert float_key(math.nextafter(x, math.inf)) > float_key(x)


def test_the_lower_end_is_found_exactly() -> None:
    assert smallest_passing(lambda _: True, HALF_LINE) == Bracket(0.0, None)
    assert Bracket(0.0, None).precision == 0.0


def test_nothing_passes() -> None:
    assert smallest_passing(lambda _: False, UNIT) is None


@given(st.booleans())
def test_a_constant_test_is_asked_once_with_the_same_answer(verdict: bool) -> None:
    asked: list[float] = []

    def passes(q: float) -> bool:
        asked.append(q)
        return verdict

    found = smallest_passing(passes, HALF_LINE, constant=True)
    assert asked == [0.0]
    assert found == smallest_passing(lambda _: verdict, HALF_LINE)


def test_a_failing_top_is_stepped_over() -> None:
    """An overflow at large values (the GDP profile's e^ε) must not hide the answer."""
    found = smallest_passing(lambda q: 4.9 <= q <= 700.0, HALF_LINE)
    assert found is not None
    assert found.found == 4.9


def test_open_ends_are_excluded() -> None:
    found = smallest_passing(lambda q: q > 0, parse_interval("(0, 1)"))
    assert found == Bracket(5e-324, None)

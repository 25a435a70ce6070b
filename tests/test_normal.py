"""Φ and Φ⁻¹ enclosed: they hold mpmath's values at 400 bits over both tails, far beyond the
doubles, and stay narrow."""

from __future__ import annotations

import math
from decimal import Context, Decimal

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.reasoning.maps.float_ends import lower, upper
from dptaxonomy.reasoning.maps.intervals import (
    Enclosure,
    enclose,
    interval,
)
from dptaxonomy.reasoning.maps.normal import phi, phi_inverse


def _ends(value: Enclosure) -> tuple[mpmath.mpf, mpmath.mpf]:
    return mpmath.mpf(str(value.low)), mpmath.mpf(str(value.high))


@settings(max_examples=300, deadline=None)
@given(x=st.floats(min_value=-60, max_value=15, allow_nan=False))
def test_phi_holds_the_exact_value(x: float) -> None:
    value = phi(enclose(x) / 3 * 3)  # a rounded enclosure around x
    with mpmath.workprec(400):
        truth = mpmath.ncdf(mpmath.mpf(x))
        low, high = _ends(value)
        assert low <= truth <= high
        assert high - low <= truth * mpmath.mpf("1e-22")


@pytest.mark.parametrize(
    "x",
    [-4 * math.sqrt(2), -4 * math.sqrt(2) - 1e-15, -2.5 * math.sqrt(2), 0.0, 3.5355, 5.7, -1e3],
)
def test_phi_at_the_switch_and_the_edges(x: float) -> None:
    value = phi(enclose(x))
    with mpmath.workprec(400):
        truth = mpmath.ncdf(mpmath.mpf(x))
        low, high = _ends(value)
        assert low <= truth <= high
        assert high - low <= truth * mpmath.mpf("1e-22")


def test_phi_of_infinite_ends_is_zero_and_one() -> None:
    value = phi(interval(-math.inf, math.inf))
    assert value.low == 0
    assert value.high == 1


@settings(max_examples=100, deadline=None)
@given(p=st.floats(min_value=1e-300, max_value=1 - 1e-15, exclude_min=False))
def test_phi_inverse_holds_the_exact_value(p: float) -> None:
    value = phi_inverse(enclose(p))
    with mpmath.workprec(400):
        truth = mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(p) - 1) if p > 1e-30 else None
        low, high = _ends(value)
        # Φ at the ends lies on either side of p: the certificate itself, checked independently
        assert mpmath.ncdf(low) <= p <= mpmath.ncdf(high)
        if truth is not None:
            assert low <= truth <= high
        assert high - low <= (1 + abs(low)) * mpmath.mpf("1e-18")


def test_phi_inverse_at_zero_and_one_is_infinite() -> None:
    value = phi_inverse(interval(0, 1))
    assert (lower(value), upper(value)) == (-math.inf, math.inf)


@pytest.mark.parametrize("p", ["1e-310", "1e-400", "1e-1000", "1e-100000"])
def test_phi_inverse_is_tight_far_below_the_doubles(p: str) -> None:
    """The start comes from the tail's asymptotics and Newton runs on ln Φ: the enclosure is
    as narrow as at 1e-5 (a start clamped to the doubles left it 0.7 to 758 wide)."""
    value = phi_inverse(enclose(Decimal(p)))
    with mpmath.workprec(400):
        low, high = _ends(value)
        assert mpmath.ncdf(low) <= mpmath.mpf(p) <= mpmath.ncdf(high)
        assert high - low <= abs(low) * mpmath.mpf("1e-22")


def test_phi_inverse_of_one_half_is_zero_exactly() -> None:
    assert phi_inverse(enclose(0.5)) == enclose(0)


def test_phi_of_a_tiny_argument_is_enclosed() -> None:
    """The series' terms stick at the least decimal there: the first two terms bound erf."""
    value = phi(enclose(Decimal("1e-1000000010")))
    assert value.low <= Decimal("0.5") < value.high


@settings(max_examples=200, deadline=None)
@given(
    x=st.floats(min_value=-60, max_value=15, allow_nan=False),
    width=st.sampled_from(["1e-33", "1e-25", "1e-17", "3e-16", "1e-15"]),
)
def test_phi_over_a_narrow_enclosure_holds_every_point_and_is_barely_wider(
    x: float, width: str
) -> None:
    """Φ over a narrow enclosure takes erfc once, at one end, and bounds the other by erfc's
    slope (issue 24): the enclosure must hold Φ at both ends and between, and be at most a
    little wider than Φ's own variation there."""
    low = Decimal(x)
    high = Context(prec=200).add(low, Decimal(width))  # exact: x has at most 60 digits
    value = phi(Enclosure(low, high))
    with mpmath.workprec(400):
        at_low, at_high = mpmath.mpf(str(low)), mpmath.mpf(str(high))
        ends = [mpmath.ncdf(t) for t in (at_low, (at_low + at_high) / 2, at_high)]
        got_low, got_high = _ends(value)
        assert got_low <= min(ends)
        assert max(ends) <= got_high
        spread = max(ends) - min(ends)
        assert got_high - got_low <= 1.3 * spread + max(ends) * mpmath.mpf("1e-22")

"""The bridge from mpmath's ζ estimates to decimal enclosures: exact where it claims to be,
outward everywhere else, and mpmath loaded only when a ζ is asked for."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.zeta_values import (
    BITS,
    exact_real,
    real_context,
    real_end,
    widen,
)
from dptaxonomy.reasoning.maps.numeric import exact


def _fraction(value: Any) -> Fraction:
    """The exact rational an mpf holds."""
    sign, man, exponent, _ = value._mpf_
    magnitude = Fraction(int(man)) * Fraction(2) ** int(exponent)
    return -magnitude if sign else magnitude


@given(
    st.floats(min_value=-1e30, max_value=1e30, allow_nan=False, allow_infinity=False),
    st.integers(1, 10**6),
)
def test_a_widened_estimate_holds_it_and_is_narrow(numerator: float, denominator: int) -> None:
    mp = real_context()
    value = mp.mpf(numerator) / denominator  # an mpf with up to 192 bits, rarely a short one
    enclosure = widen(value)
    truth = _fraction(value)
    low, high = Fraction(enclosure.low), Fraction(enclosure.high)
    assert low <= truth <= high
    assert high - low <= abs(truth) * Fraction(3, 10**29)  # a unit of the 30th digit each way


def test_zero_and_large_estimates_convert_exactly() -> None:
    mp = real_context()
    assert widen(mp.mpf(0)).low == widen(mp.mpf(0)).high == 0
    big = mp.ldexp(3, 400)  # 3·2^400: a positive exponent, an integer numerator
    enclosure = widen(big)
    assert Fraction(enclosure.low) <= 3 * 2**400 <= Fraction(enclosure.high)


def test_an_infinite_estimate_is_refused() -> None:
    with pytest.raises(NumericError, match=r"^a ζ value is not finite$"):
        widen(real_context().inf)


def test_an_exponent_must_be_a_binary_number() -> None:
    assert _fraction(exact_real(exact("2.5"))) == Fraction(5, 2)
    assert _fraction(exact_real(exact("3"))) == 3
    for text in ("1.1", "0.3"):
        with pytest.raises(NumericError, match=r"^a zeta exponent must be an exact number$"):
            exact_real(exact(text))
    with pytest.raises(NumericError, match=r"^a zeta exponent must be an exact number$"):
        exact_real(exact("2") / 3)


@given(st.decimals(min_value=Decimal("1e-20"), max_value=Decimal("1e20"), places=25))
def test_an_order_end_rounds_outward(end: Decimal) -> None:
    below, above = real_end(end, up=False), real_end(end, up=True)
    assert _fraction(below) <= Fraction(end) <= _fraction(above)
    assert _fraction(above) - _fraction(below) <= Fraction(end) * Fraction(2) ** (2 - BITS)


def test_the_evaluators_load_mpmath_only_for_a_zeta() -> None:
    code = (
        "import sys\n"
        "from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE\n"
        "from dptaxonomy.reasoning.evaluators.families import Gaussian, Zeta\n"
        "from dptaxonomy.reasoning.evaluators.tradeoff import gdp_mu\n"
        "from dptaxonomy.reasoning.evaluators.zeta_geometric import ZetaGeometric\n"
        "from dptaxonomy.reasoning.maps.numeric import exact\n"
        "pair = Gaussian(exact('1'), exact('2'))\n"
        "pair.delta(exact('1')), pair.tv(), gdp_mu(pair)\n"
        "print('mpmath' in sys.modules)\n"
        "Zeta(exact('3'), exact('4')).kl()\n"
        "print('mpmath' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "False\nTrue\n", "")

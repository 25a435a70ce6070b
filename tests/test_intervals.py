"""Enclosures with decimal ends: every operation holds the exact value (checked against mpmath
at 300 bits), stays as narrow as its rounding, keeps exact values exact, and its float ends
are the nearest floats on the safe side."""

from __future__ import annotations

import math
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.float_ends import finite, lower, upper
from dptaxonomy.reasoning.maps.intervals import (
    DIGITS,
    PI,
    E,
    Enclosure,
    enclose,
    exp,
    interval,
    log,
    sqrt,
)

reals = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
positives = st.floats(min_value=1e-300, max_value=1e300)
moderate = st.floats(min_value=-700, max_value=700, allow_nan=False)
exponents = st.integers(min_value=-12, max_value=12)


def _exact(end: Decimal) -> mpmath.mpf:
    return mpmath.mpf(str(end))


def _holds(value: Enclosure, truth: mpmath.mpf) -> bool:
    with mpmath.workprec(2000):
        return bool(_exact(value.low) <= truth <= _exact(value.high))


def _narrow(value: Enclosure, truth: mpmath.mpf, ulps: int = 4) -> bool:
    """The width is a few units in the 30th digit of the value."""
    with mpmath.workprec(2000):
        gap = _exact(value.high) - _exact(value.low)
        return bool(gap <= ulps * abs(truth) * mpmath.mpf(10) ** (1 - DIGITS))


def _third(x: float) -> tuple[Enclosure, mpmath.mpf]:
    """A rounded (non-point) enclosure and the real it holds."""
    with mpmath.workprec(2000):
        return enclose(x) / 3, mpmath.mpf(x) / 3


@settings(max_examples=300, deadline=None)
@given(x=reals, y=reals)
def test_the_four_operations_hold_the_exact_value(x: float, y: float) -> None:
    (a, ta), (b, tb) = _third(x), _third(y)
    with mpmath.workprec(2000):
        cases = [(a + b, ta + tb), (a - b, ta - tb), (a * b, ta * tb), (-a, -ta), (abs(a), abs(ta))]
        if y != 0:
            cases.append((a / b, ta / tb))
    for value, truth in cases:
        assert _holds(value, truth)


@settings(max_examples=300, deadline=None)
@given(x=moderate, y=positives)
def test_exp_log_and_sqrt_hold_the_exact_value_and_stay_narrow(x: float, y: float) -> None:
    (a, ta), (b, tb) = _third(x), _third(y)
    with mpmath.workprec(2000):
        cases = [
            (exp(a), mpmath.exp(ta)),
            (log(b), mpmath.log(tb)),
            (sqrt(b), mpmath.sqrt(tb)),
            (exp(enclose(x)), mpmath.exp(mpmath.mpf(x))),
            (log(enclose(y)), mpmath.log(mpmath.mpf(y))),
        ]
    for value, truth in cases:
        assert _holds(value, truth)
        if truth != 0:
            assert _narrow(value, truth, ulps=8 + int(abs(x)))


@settings(max_examples=200, deadline=None)
@given(x=st.floats(min_value=-30, max_value=30, allow_nan=False), n=exponents)
def test_integer_and_real_powers_hold_the_exact_value(x: float, n: int) -> None:
    a, truth = _third(x)
    if x == 0 and n < 0:
        with pytest.raises(NumericError, match="division by a value that may be 0"):
            _ = a**n
        return
    with mpmath.workprec(2000):
        assert _holds(a**n, truth**n)
        if x > 0:
            assert _holds(a**a, truth**truth)


def test_a_straddling_square_is_not_negative() -> None:
    square = interval(-1, 2) ** 2
    assert square.low == 0
    assert square.high == 4
    assert (interval(-2, 1) ** 3).low == -8


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (exp(enclose(0)), (1, 1)),
        (log(enclose(1)), (0, 0)),
        (sqrt(enclose(Decimal("2.25"))), (Decimal("1.5"), Decimal("1.5"))),
        (enclose(Decimal("0.1")) + enclose(Decimal("0.2")), (Decimal("0.3"), Decimal("0.3"))),
        (enclose(3) * 7 - 21, (0, 0)),
    ],
)
def test_exact_values_stay_exact(value: Enclosure, expected: tuple[Decimal, Decimal]) -> None:
    assert (value.low, value.high) == expected


def test_tiny_exponents_keep_e_to_the_x_inside() -> None:
    """mpmath's interval exp gave [1, 1] at x = 5.6e-34, which excludes e^x; here it cannot."""
    value = exp(enclose(5.6e-34))
    with mpmath.workprec(400):
        assert _holds(value, mpmath.exp(mpmath.mpf(5.6e-34)))
    assert value.high > 1


def test_constants_hold_pi_and_e() -> None:
    with mpmath.workprec(400):
        assert _holds(PI, mpmath.pi)
        assert _holds(E, mpmath.e)


@pytest.mark.parametrize(
    ("compute", "message"),
    [
        (lambda: enclose(1) / interval(-1, 1), "division by a value that may be 0"),
        (lambda: log(interval(0, 1)), "log of a value that may be ≤ 0"),
        (lambda: sqrt(interval(-1, 1)), "square root of a value that may be negative"),
        (lambda: interval(-1, 1) ** 0.5, "a power of a value that may be ≤ 0"),
        (lambda: enclose(math.inf) - enclose(math.inf), "the value is not finite"),
        (lambda: interval(2, 1), "an empty interval: [2, 1]"),
        (lambda: enclose(Decimal("NaN")), "not a number: Decimal('NaN')"),
    ],
)
def test_undefined_values_are_refused(compute: object, message: str) -> None:
    with pytest.raises(NumericError) as refused:
        compute()  # type: ignore[operator]
    assert str(refused.value) == message


def _nearest_on_the_safe_side(end: Decimal, *, up: bool) -> float:
    """The float found by exact rational comparisons only."""
    target, largest = Fraction(end), Fraction(sys.float_info.max)
    if abs(target) > largest:
        sign = 1.0 if target > 0 else -1.0
        return sign * math.inf if (target > 0) == up else sign * sys.float_info.max
    guess = float(target)
    step = math.inf if up else -math.inf
    while (Fraction(guess) < target) if up else (Fraction(guess) > target):
        guess = math.nextafter(guess, step)
    back = math.nextafter(guess, -step)
    while math.isfinite(back) and (
        (Fraction(back) >= target) if up else (Fraction(back) <= target)
    ):
        guess, back = back, math.nextafter(back, -step)
    return guess


digits = st.integers(min_value=1, max_value=10**40)
decimal_exponents = st.integers(min_value=-400, max_value=300)


@settings(max_examples=400, deadline=None)
@given(negative=st.booleans(), coefficient=digits, exponent=decimal_exponents)
def test_float_ends_are_the_nearest_floats_on_the_safe_side(
    negative: bool, coefficient: int, exponent: int
) -> None:
    end = Decimal(f"{'-' if negative else ''}{coefficient}e{exponent}")
    value = Enclosure(end, end)
    assert lower(value) == _nearest_on_the_safe_side(end, up=False)
    assert upper(value) == _nearest_on_the_safe_side(end, up=True)


@pytest.mark.parametrize(
    ("end", "expected"),
    [
        ("0", True),
        ("Infinity", False),
        ("-Infinity", False),
        ("8.98846567431158e307", True),  # 2^1023
        ("1.797693134862315799999e308", False),  # above the largest float: rounded up, ∞
        ("1e-400", True),  # rounds to 0 or the least subnormal
    ],
)
def test_finite_at_the_edges(end: str, expected: bool) -> None:
    value = Decimal(end)
    assert finite(Enclosure(value, value)) is expected


def test_enclosures_are_immutable_values() -> None:
    value = enclose(1) / 3
    with pytest.raises(AttributeError, match="an enclosure is immutable"):
        value.low = Decimal(0)
    assert value == enclose(1) / 3
    assert len({value, enclose(1) / 3}) == 1


def test_the_query_path_never_imports_mpmath() -> None:
    script = (
        "import sys\n"
        "from dptaxonomy.reasoning.maps.numeric import evaluate_interval, exact\n"
        "from dptaxonomy.reasoning.maps.renyi_certificate import rdp_epsilon_enclosure\n"
        "from dptaxonomy.schema.arith import parse_expression\n"
        "x = evaluate_interval(parse_expression('Phi_inv(Phi(x)) + tanh(x) ** 0.5'),"
        " {'x': exact('0.3')})\n"
        "rdp_epsilon_enclosure(exact('2'), exact('0.5'), exact('1e-6'))\n"
        "print('mpmath' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "False", done.stderr


def test_a_positive_power_of_zero_is_zero() -> None:
    """(1 − u)^α at u = 1 (a Rényi witness law's small atom) is 0, as mpmath's intervals had it."""
    assert (enclose(0) ** 1.5) == enclose(0)
    value = interval(0, 4) ** 0.5
    assert value.low == 0
    assert 2 <= value.high < 2.0000001
    with pytest.raises(NumericError, match="a power of a value that may be ≤ 0"):
        _ = enclose(0) ** -0.5


def test_the_square_root_of_a_tiny_number_is_not_taken_for_exact() -> None:
    """At the working exponent range the root's square rounded back to the argument (review)."""
    value = sqrt(enclose(Decimal("1e-1000000061")))
    with mpmath.workprec(400):
        assert _holds(value, mpmath.sqrt(mpmath.mpf("1e-1000000061")))
    assert value.low < value.high


@pytest.mark.parametrize(
    ("compute", "expected"),
    [
        (lambda: exp(enclose(math.inf)).high, Decimal("Infinity")),
        (lambda: exp(enclose(-math.inf)).high > 0, True),
        (lambda: log(enclose(math.inf)).high, Decimal("Infinity")),
        (lambda: (enclose(2) ** enclose(math.inf)).high, Decimal("Infinity")),
        (lambda: (interval(0, math.inf) ** 0.5).low, Decimal(0)),
    ],
)
def test_infinite_ends_give_infinite_or_zero_ends(compute: object, expected: object) -> None:
    """∞ − ∞ in a width computed for a shortcut raised decimal's own error (review)."""
    assert compute() == expected  # type: ignore[operator]


def test_the_contexts_are_valid_on_32_bit_builds_of_decimal() -> None:
    """Pyodide's WebAssembly build of decimal caps exponents at ±425 000 000: a wider context
    fails there with ValueError at import (the site's calculators then answered nothing)."""
    from dptaxonomy.reasoning.maps import intervals

    for context in (intervals.FLOOR, intervals.CEILING, intervals.wide_context(10)):
        assert context.Emin >= -425_000_000
        assert context.Emax <= 425_000_000


@pytest.mark.parametrize(
    ("compute", "expected"),
    [
        (
            lambda: enclose(1.0911618977764939) * enclose(Decimal("1.0")),
            Fraction(1.0911618977764939),
        ),
        (lambda: enclose(1.25) - 1, Fraction(1, 4)),
        (lambda: enclose(3) / 8, Fraction(3, 8)),
        (lambda: enclose(0.1) + enclose(Decimal("0.2")), Fraction(0.1) + Fraction(1, 5)),
    ],
)
def test_exact_sums_products_and_quotients_of_points_stay_points(
    compute: object, expected: Fraction
) -> None:
    """α·1.0 for a float α is α exactly, as binary arithmetic had it: a Rényi conversion at
    r = αρ then proposes at the same r as the float search (not one float above)."""
    value = compute()  # type: ignore[operator]
    assert value.is_point
    assert Fraction(value.low) == expected


def test_an_inexact_quotient_of_points_is_rounded_outward() -> None:
    third = enclose(1) / 3
    assert not third.is_point
    assert Fraction(third.low) < Fraction(1, 3) < Fraction(third.high)

"""Interval arithmetic of parameter maps: enclosures hold the exact value, bounds round outward."""

from __future__ import annotations

import math

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.numeric import (
    evaluate_interval,
    exact,
    holds,
    inside,
    lower,
    point,
    upper,
)
from dptaxonomy.schema.arith import parse_condition, parse_expression, parse_interval

positive = st.floats(min_value=1e-6, max_value=1e3, allow_nan=False, allow_infinity=False)
moderate = st.floats(min_value=-30, max_value=30, allow_nan=False, allow_infinity=False)
probability = st.floats(min_value=1e-15, max_value=0.5, allow_nan=False)

# Expressions and their value computed independently at 300 bits (mpmath's mp context)
CASES = {
    "rho + 2 * sqrt(rho * log(1 / delta))": lambda v: (
        v["rho"] + 2 * mpmath.sqrt(v["rho"] * mpmath.log(1 / v["delta"]))
    ),
    "Phi(x)": lambda v: mpmath.ncdf(v["x"]),
    "tanh(x / 2) * x": lambda v: mpmath.tanh(v["x"] / 2) * v["x"],
    "(exp(x) - 1) / (exp(x) + 1) * x": lambda v: (
        (mpmath.exp(v["x"]) - 1) / (mpmath.exp(v["x"]) + 1) * v["x"]
    ),
    "min(1, sqrt(pi * rho)) ** 3 - max(rho, x)": lambda v: (
        min(mpmath.mpf(1), mpmath.sqrt(mpmath.pi * v["rho"])) ** 3 - max(v["rho"], v["x"])
    ),
}


def reference(text: str, values: dict[str, float]) -> mpmath.mpf:
    with mpmath.workprec(300):
        return CASES[text]({k: mpmath.mpf(v) for k, v in values.items()})


def enclosure(text: str, values: dict[str, float]) -> tuple[float, float]:
    value = evaluate_interval(parse_expression(text), {k: point(v) for k, v in values.items()})
    return lower(value), upper(value)


@settings(max_examples=200, deadline=None)
@given(rho=positive, delta=probability, x=moderate)
def test_enclosure_contains_the_exact_value(rho: float, delta: float, x: float) -> None:
    values = {"rho": rho, "delta": delta, "x": x}
    for text in CASES:
        low, high = enclosure(text, values)
        exact_value = reference(text, values)
        assert low <= exact_value <= high, text
        assert high - low <= 1e-12 * max(1.0, abs(high)), text  # and it is tight


@settings(max_examples=100, deadline=None)
@given(a=positive, b=positive, delta=probability)
def test_rounded_bound_is_monotone(a: float, b: float, delta: float) -> None:
    """A larger ρ never gets a smaller rounded-up ε (the map increases with ρ)."""
    small, large = sorted((a, b))
    text = "rho + 2 * sqrt(rho * log(1 / delta))"
    assert (
        enclosure(text, {"rho": small, "delta": delta})[1]
        <= enclosure(text, {"rho": large, "delta": delta})[1]
    )


@given(st.decimals(min_value=-1e6, max_value=1e6, allow_nan=False, places=9))
def test_decimal_text_is_enclosed(number: object) -> None:
    text = str(number)
    value = exact(text)
    assert lower(value) <= float(text) <= upper(value)
    with mpmath.workprec(300):
        assert lower(value) <= mpmath.mpf(text) <= upper(value)


@settings(max_examples=200, deadline=None)
@given(x=moderate, y=moderate)
def test_conditions_hold_only_when_true(x: float, y: float) -> None:
    for op in ("<", "<=", ">", ">=", "==", "!="):
        verdict = holds(parse_condition(f"x {op} y"), {"x": point(x), "y": point(y)})
        truth = {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
        assert verdict is truth  # point enclosures always decide


def test_undecidable_condition_is_none() -> None:
    """An enclosure straddling 0 cannot decide x > 0: callers then rule the chain out."""
    straddling = exact("1") / 3 * 3 - exact("1")  # 1/3 is rounded: the sum straddles 0
    assert lower(straddling) < 0 < upper(straddling)
    assert holds(parse_condition("x > 0"), {"x": straddling}) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("log(x)", "log of a value that may be ≤ 0"),
        ("sqrt(x - 1)", "square root of a value that may be negative"),
        ("1 / x", "division by a value that may be 0"),
        ("y", "no value for 'y'"),
        ("exp(exp(exp(10)))", "the value is not finite"),
    ],
)
def test_unboundable_values_raise(text: str, message: str) -> None:
    with pytest.raises(NumericError, match=message):
        evaluate_interval(parse_expression(text), {"x": point(0.0)})


def test_inside_respects_open_and_closed_ends() -> None:
    assert inside(point(0.0), parse_interval("[0, inf)"))
    assert not inside(point(0.0), parse_interval("(0, inf)"))
    assert not inside(point(1.0), parse_interval("(1, inf)"))
    assert not inside(point(math.inf), parse_interval("(1, inf)"))
    assert inside(point(1.0), parse_interval("[0, 1]"))
    assert not inside(exact("1.0000000000000000001"), parse_interval("[0, 1]"))


def test_rounding_is_outward() -> None:
    third = exact("1") / exact("3")
    assert lower(third) < 1 / 3 < upper(third) or lower(third) <= 1 / 3 <= upper(third)
    assert upper(third) == math.nextafter(lower(third), math.inf)


@pytest.mark.parametrize("p", ["1e-300", "0.001", "0.5", "0.7310585786", "0.999999999"])
def test_phi_inv_encloses_the_quantile(p: str) -> None:
    """Φ⁻¹ (issue 24, for ε-DP ⇒ μ-GDP) encloses the quantile (Φ at its ends, to 60 digits,
    brackets p), tightly, in the tails too."""
    from dptaxonomy.reasoning.maps.numeric import evaluate_interval, exact, lower, upper
    from dptaxonomy.schema.arith import parse_expression

    value = evaluate_interval(parse_expression("Phi_inv(p)"), {"p": exact(p)})
    with mpmath.workdps(60):
        target = mpmath.mpf(p)
        assert mpmath.ncdf(lower(value)) <= target <= mpmath.ncdf(upper(value))
    assert upper(value) - lower(value) <= 1e-12 * max(1.0, abs(lower(value)))


def test_phi_inv_refuses_outside_the_unit_interval() -> None:
    from dptaxonomy.base.errors import NumericError
    from dptaxonomy.reasoning.maps.numeric import evaluate_interval, exact
    from dptaxonomy.schema.arith import parse_expression

    with pytest.raises(NumericError, match=r"^Phi_inv of a value that may be outside \(0, 1\)$"):
        evaluate_interval(parse_expression("Phi_inv(p)"), {"p": exact("1")})


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1e-300, max_value=1 - 2**-53))
def test_normal_quantile_is_statistics_inv_cdf(p: float) -> None:
    from statistics import NormalDist

    from dptaxonomy.reasoning.maps.normal import _normal_quantile

    assert _normal_quantile(p) == NormalDist().inv_cdf(p)

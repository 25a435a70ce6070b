"""Sound numbers: interval arithmetic for parameter maps, rounded in the safe direction.

Every value is an enclosure ``[low, high]`` (:mod:`~dptaxonomy.reasoning.maps.intervals`:
decimal ends at 34 digits, rounded outward), so the true value of an expression over
exact inputs always lies inside. A guarantee's parameter (ε, δ, ρ, …) is then reported
as :func:`upper`: the enclosure's upper end, rounded *up* to a float, never down.
Conditions hold only when they hold for the whole enclosure (:func:`holds`). Φ and Φ⁻¹
are enclosed in :mod:`~dptaxonomy.reasoning.maps.normal`.

>>> from dptaxonomy.schema.arith import parse_expression
>>> x = evaluate_interval(parse_expression("rho + 2 * sqrt(rho * log(1 / delta))"),
...                       {"rho": exact("0.5"), "delta": exact("1e-6")})
>>> round(upper(x), 8), upper(x) - lower(x) < 1e-14
(5.75652177, True)
>>> lower(exact("0.1")) < 0.1 <= upper(exact("0.1"))
True
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from dptaxonomy.base.digits import foreign_digit_message
from dptaxonomy.base.errors import NumericError, OutOfRangeError
from dptaxonomy.reasoning.maps.float_ends import finite, lower, upper
from dptaxonomy.reasoning.maps.intervals import (
    DIGITS,
    PI,
    E,
    Enclosure,
    enclose,
    exp,
    greatest,
    least,
    log,
    sqrt,
)
from dptaxonomy.reasoning.maps.normal import phi, phi_inverse
from dptaxonomy.schema.arith import (
    Call,
    Comparison,
    Interval,
    Name,
    Neg,
    Node,
    Number,
)
from dptaxonomy.schema.arith_eval import binomial_counts

__all__ = [
    "DIGITS",
    "IV",
    "binomial_mass",
    "evaluate_interval",
    "exact",
    "holds",
    "inside",
    "is_integer",
    "lower",
    "point",
    "upper",
]

IV = Enclosure
"""An enclosure (the short name the evaluators' signatures use)."""
_CONSTANTS = {"pi": PI, "e": E}


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_MAX_DIGITS = 400


def exact(text: str) -> IV:
    """The enclosure of a decimal number written as text, e.g. ``"1e-6"``.

    Only plain decimals are read (no fractions, hexadecimal or underscores),
    at most 400 characters long.

    >>> lower(exact("0.5")) == upper(exact("0.5")) == 0.5
    True
    """
    text = text.strip()
    foreign = foreign_digit_message(text)
    if foreign is not None:
        raise NumericError(foreign)
    if len(text) > _MAX_DIGITS or not _DECIMAL.fullmatch(text):
        raise NumericError(f"not a decimal number: {text[:40]!r}")
    try:
        value = enclose(Decimal(text))  # exact: a decimal is one point
    except InvalidOperation:  # a plain decimal whose exponent exceeds the decimal module's
        raise OutOfRangeError(
            f"{text[:40]!r} has an exponent beyond what the arithmetic holds"
        ) from None
    except ValueError:
        raise NumericError(f"not a number: {text!r}") from None
    if not finite(value):
        raise OutOfRangeError(
            f"{text[:40]!r} is beyond the range of double-precision numbers (about 1.8e308)"
        )
    return value


def point(value: float) -> IV:
    """The exact enclosure of a float (floats are dyadic, so this is a point)."""
    return enclose(value)


_MAX_EXPONENT = 1 << 20
"""The largest argument :func:`_exp` takes: e^(2^20) is far beyond any double (e^709.8), and
mpmath's exponential of a much larger argument fails inside (an integer too large)."""


def _exp(value: IV) -> IV:
    """Enclosure of e^x; "not finite" when x may exceed :data:`_MAX_EXPONENT`."""
    _require(upper(value) <= _MAX_EXPONENT, "the value is not finite")
    return exp(value)


_TANH_SATURATED = Enclosure(Decimal(1) - Decimal(f"1e-{DIGITS + 4}"), Decimal(1))
"""tanh x for x > 2^20 (it is 1 within far less than any rounding there)."""


def _tanh(value: IV) -> IV:
    """Enclosure of tanh, written with ``x`` once: tanh x = 1 − 2/(e^{2x} + 1)."""
    if lower(value) > _MAX_EXPONENT:
        return _TANH_SATURATED
    return 1 - 2 / (_exp(2 * value) + 1)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise NumericError(message)


def _binomial(arguments: list[IV]) -> IV:
    """Enclosure of C(n, s) p^s (1 − p)^(n − s) for point integers s, n and p in [0, 1].

    The coefficient is an exact integer; the powers are interval powers with integer
    exponents, so the result encloses the value for every p in the enclosure.
    """
    _require(len(arguments) == 3, "binom_pmf takes three arguments (s, n, p)")
    s, n, p = arguments
    _require(lower(s) == upper(s) and lower(n) == upper(n), "binom_pmf needs exact s and n")
    try:
        k, m = binomial_counts(lower(s), lower(n))
    except ValueError as exc:
        raise NumericError(str(exc)) from None
    _require(lower(p) >= 0 and upper(p) <= 1, "binom_pmf needs 0 <= p <= 1")
    return binomial_mass(k, m, p)


def binomial_mass(k: int, m: int, p: IV) -> IV:
    """Enclosure of C(m, k) p^k (1 − p)^(m − k) (0 when k > m), for p inside [0, 1]."""
    if k > m:
        return enclose(0)
    return enclose(math.comb(m, k)) * p**k * (1 - p) ** (m - k)


def _call(function: str, arguments: list[IV]) -> IV:
    if function == "binom_pmf":
        return _binomial(arguments)
    if function == "rdp_epsilon":
        _require(len(arguments) == 3, "rdp_epsilon takes three arguments (alpha, r, delta)")
        from dptaxonomy.reasoning.maps.renyi_certificate import rdp_epsilon_enclosure

        return rdp_epsilon_enclosure(*arguments)
    if function in ("min", "max"):
        _require(len(arguments) >= 1, f"{function} needs an argument")
        return least(arguments) if function == "min" else greatest(arguments)
    _require(len(arguments) == 1, f"{function} takes one argument")
    (x,) = arguments
    if function == "exp":
        return _exp(x)
    if function == "log":
        return log(x)
    if function == "sqrt":
        return sqrt(x)
    if function == "abs":
        return abs(x)
    if function == "tanh":
        return _tanh(x)
    if function == "Phi_inv":
        _require(x.low > 0 and x.high < 1, "Phi_inv of a value that may be outside (0, 1)")
        return phi_inverse(x)
    if function == "Phi":
        return phi(x)
    raise NumericError(f"unknown function {function!r}")


def evaluate_interval(node: Node, values: Mapping[str, IV]) -> IV:
    """An enclosure of the expression's value over enclosures of its names.

    Raises :class:`NumericError` when the value cannot be bounded: a name
    without a value, a division by an enclosure holding 0, the log or square
    root of a value that may be outside its domain, or a non-finite result.
    """
    result = _evaluate(node, values)
    _require(finite(result), "the value is not finite")
    return result


@functools.lru_cache(maxsize=4096)
def _literal(value: float, text: str) -> IV:
    """A literal's enclosure, read once per process (enclosures are immutable values)."""
    if text:  # a literal no double holds: its decimal, exactly
        return exact(text)
    return exact(repr(value)) if math.isfinite(value) else point(value)


def _evaluate(node: Node, values: Mapping[str, IV]) -> IV:
    if isinstance(node, Number):
        return _literal(node.value, node.text)
    if isinstance(node, Name):
        if node.name in values:
            return values[node.name]
        if node.name in _CONSTANTS:
            return _CONSTANTS[node.name]
        if node.name == "inf":
            return point(math.inf)
        raise NumericError(f"no value for {node.name!r}")
    if isinstance(node, Neg):
        return -_evaluate(node.operand, values)
    if isinstance(node, Call):
        return _call(node.function, [_evaluate(a, values) for a in node.arguments])
    left, right = _evaluate(node.left, values), _evaluate(node.right, values)
    _require(finite(left) and finite(right), "an intermediate value is not finite")
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    if node.op == "/":
        return left / right
    if _is_integer(node.right):
        exponent = int(node.right.value)  # type: ignore[union-attr]
        return left**exponent
    _require(left.low > 0, "a power of a value that may be ≤ 0")
    return _exp(right * log(left))


def _is_integer(node: Node) -> bool:
    return (
        isinstance(node, Number)
        and not node.text
        and node.value.is_integer()
        and abs(node.value) <= 64
    )


def holds(condition: Comparison, values: Mapping[str, IV]) -> bool | None:
    """Whether ``condition`` holds for every value in the enclosures.

    True: certainly holds. False: certainly fails. None: the enclosures
    cannot decide (treated as not holding by callers: the safe side).
    """
    left = evaluate_interval(condition.left, values)
    right = evaluate_interval(condition.right, values)
    (la, lb), (ra, rb) = (left.low, left.high), (right.low, right.high)
    op = condition.op
    if op in (">", "<"):
        (la, lb, ra, rb) = (la, lb, ra, rb) if op == ">" else (ra, rb, la, lb)
        return True if la > rb else (False if lb <= ra else None)
    if op in (">=", "<="):
        (la, lb, ra, rb) = (la, lb, ra, rb) if op == ">=" else (ra, rb, la, lb)
        return True if la >= rb else (False if lb < ra else None)
    points_equal = la == lb == ra == rb
    disjoint = lb < ra or rb < la
    if op == "==":
        return True if points_equal else (False if disjoint else None)
    return True if disjoint else (False if points_equal else None)


def is_integer(value: IV | float) -> bool:
    """Whether the enclosure is one point, and that point an integer (for ``type: integer``);
    for a float (a ranking run), whether it is a finite integer.

    >>> is_integer(exact("3")), is_integer(exact("1.5")), is_integer(exact("1." + "0" * 30 + "1"))
    (True, False, False)
    """
    if isinstance(value, float):
        return math.isfinite(value) and value.is_integer()
    end = value.low
    return bool(end == value.high and end.is_finite() and end == end.to_integral_value())


def inside(value: IV, domain: Interval) -> bool:
    """Whether the whole enclosure lies in ``domain`` (e.g. ``[0, inf)``)."""
    low, high = lower(value), upper(value)
    above = low > domain.low or (domain.low_closed and low >= domain.low)
    below = high < domain.high or (domain.high_closed and high <= domain.high)
    return above and below

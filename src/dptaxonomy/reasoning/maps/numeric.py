"""Sound numbers: interval arithmetic for parameter maps, rounded in the safe direction.

Every value is an enclosure ``[low, high]`` computed with mpmath's interval
arithmetic (outward rounding at :data:`PRECISION` bits), so the true value of
an expression over exact inputs always lies inside. A guarantee's parameter
(ε, δ, ρ, …) is then reported as :func:`upper`: the enclosure's upper end,
rounded *up* to a float, never down. Conditions hold only when they hold for
the whole enclosure (:func:`holds`).

The standard normal distribution function Φ, which mpmath's interval context
lacks, is enclosed through its monotonicity: Φ at both ends of the argument,
computed at twice the working precision and widened by a relative margin far
above mpmath's error at that precision.

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

from dptaxonomy.base.digits import foreign_digit_message
from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.contexts import load_mpmath, private_context
from dptaxonomy.reasoning.maps.float_ends import finite, is_infinite, lower, upper
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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "DOUBLE",
    "INTERVALS",
    "IV",
    "PRECISION",
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

PRECISION = 96
"""Bits of the working precision; outward rounding makes any precision sound."""

if TYPE_CHECKING:
    IV = Any
    """An mpmath interval (``ivmpf``); mpmath ships no type information."""
else:
    IV = object  # a name for annotations only: typing stays unimported at run time

# Private contexts: no process-wide mpmath setting is read or changed.
_mpmath = load_mpmath()
libmp = _mpmath.libmp
_iv = private_context(type(_mpmath.iv))
_iv.prec = PRECISION
_mp = private_context(type(_mpmath.mp))
_mp.prec = 2 * PRECISION
INTERVALS = _iv
"""The interval context every enclosure is computed in (PRECISION bits, outward rounding)."""
DOUBLE = _mp
"""A real context at twice the working precision, for special functions and their margins.

Shared by the evaluators; nobody changes its precision."""
_PHI_MARGIN = _mp.ldexp(1, -(PRECISION + 16))
_CONSTANTS = {"pi": _iv.pi, "e": _iv.e}


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
        value = _iv.mpf(text)
    except (ValueError, TypeError):
        raise NumericError(f"not a number: {text!r}") from None
    if not finite(value):
        raise NumericError(f"not a finite number: {text!r}")
    return value


def point(value: float) -> IV:
    """The exact enclosure of a float (floats are dyadic, so this is a point)."""
    if math.isinf(value):
        return _iv.mpf([value, value])
    return _iv.mpf(value)


def _ends(value: IV) -> tuple[Any, Any]:
    low, high = value._mpi_
    return low, high


def _phi(value: IV) -> IV:
    """Enclosure of Φ over an enclosure, by monotonicity (Φ is increasing)."""
    low, high = _ends(value)
    at_low = _mp.ncdf(_mp.mpf(low))
    at_high = at_low if low == high else _mp.ncdf(_mp.mpf(high))  # a point: Φ once
    ends = []
    for estimate, sign in ((at_low, -1), (at_high, 1)):
        widened = estimate * (1 + sign * _PHI_MARGIN)
        ends.append(min(max(widened, _mp.mpf(0)), _mp.mpf(1)))
    return _iv.mpf([ends[0], ends[1]])


def _quantile(p: Any) -> Any:
    """An estimate of Φ⁻¹(p): the double quantile, refined by Newton's method on ``ncdf``
    (accurate in both tails, where 2p − 1 would round to ±1)."""
    start = min(max(float(p), 1e-300), 1 - 2**-53)
    x = _mp.mpf(_normal_quantile(start))
    for _ in range(8):
        following = x - (_mp.ncdf(x) - p) / _mp.npdf(x)
        if following == x:  # a fixed point: every later step would give x again
            break
        x = following
    return x


def _normal_quantile(p: float) -> float:
    """``statistics.NormalDist().inv_cdf(p)`` for p in (0, 1), from the C code it runs
    when present: importing :mod:`statistics` costs more than a closed-form query."""
    try:
        from _statistics import _normal_dist_inv_cdf  # type: ignore[import-not-found]
    except ImportError:  # an interpreter without the accelerator
        from statistics import NormalDist

        return NormalDist().inv_cdf(p)
    return float(_normal_dist_inv_cdf(p, 0.0, 1.0))


def _phi_inv(value: IV) -> IV:
    """Enclosure of Φ⁻¹ over an enclosure inside (0, 1), by monotonicity: each end's
    estimate (:func:`_quantile`) is widened until the enclosure of Φ there (:func:`_phi`)
    certainly lies on the safe side of p."""
    low, high = _ends(value)
    _require(lower(value) > 0 and upper(value) < 1, "Phi_inv of a value that may be outside (0, 1)")
    return _phi_inv_ends(low, high, _mp.prec, _iv.prec)


@functools.lru_cache(maxsize=256)
def _phi_inv_ends(low: Any, high: Any, _prec: int, _iv_prec: int) -> IV:
    """:func:`_phi_inv` of the enclosure [low, high], once per process and precision (two
    lift chains through μ-GDP ask for the same one; enclosures are immutable values)."""
    ends = []
    for end, sign in ((low, -1), (high, 1)):
        p = _mp.make_mpf(end)
        x = _quantile(p)
        step = _PHI_MARGIN * (1 + abs(x))
        for _ in range(64):
            candidate = x + sign * step
            below, above = (_mp.make_mpf(e) for e in _ends(_phi(_iv.mpf([candidate, candidate]))))
            if (sign < 0 and above <= p) or (sign > 0 and below >= p):
                break
            step *= 2
        else:
            raise NumericError("Phi_inv could not be enclosed")
        ends.append(candidate)
    return _iv.mpf([ends[0], ends[1]])


_MAX_EXPONENT = 1 << 20
"""The largest argument :func:`_exp` takes: e^(2^20) is far beyond any double (e^709.8), and
mpmath's exponential of a much larger argument fails inside (an integer too large)."""


_TINY = 2.0**-40
"""Below this magnitude e^x is enclosed from its elementary bounds, not by mpmath (:func:`_exp`)."""


def _exp(value: IV) -> IV:
    """Enclosure of e^x; "not finite" when x may exceed :data:`_MAX_EXPONENT`."""
    _require(upper(value) <= _MAX_EXPONENT, "the value is not finite")
    if max(abs(lower(value)), abs(upper(value))) < _TINY:
        # mpmath's interval exp returns [1, 1] for some tiny positive x (x = 5.6e-34 at 96
        # bits), which excludes e^x: there, 1 + x ≤ e^x ≤ 1 + x + x² (|x| ≤ 1) instead
        return _iv.mpf([(1 + value).a, (1 + value + value * value).b])
    return _iv.exp(value)


def _tanh(value: IV) -> IV:
    """Enclosure of tanh, written with ``x`` once: tanh x = 1 − 2/(e^{2x} + 1)."""
    if lower(value) > _MAX_EXPONENT:  # tanh is 1 within far less than any rounding there
        return _iv.mpf([1 - _PHI_MARGIN, 1])
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
        return _iv.mpf(0)
    return _iv.mpf(math.comb(m, k)) * p**k * (1 - p) ** (m - k)


def _call(function: str, arguments: list[IV]) -> IV:
    if function == "binom_pmf":
        return _binomial(arguments)
    if function == "rdp_epsilon":
        _require(len(arguments) == 3, "rdp_epsilon takes three arguments (alpha, r, delta)")
        from dptaxonomy.reasoning.maps.renyi_certificate import rdp_epsilon_enclosure

        return rdp_epsilon_enclosure(*arguments)
    if function in ("min", "max"):
        _require(len(arguments) >= 1, f"{function} needs an argument")
        pick = min if function == "min" else max
        lows = [_mp.make_mpf(_ends(a)[0]) for a in arguments]
        highs = [_mp.make_mpf(_ends(a)[1]) for a in arguments]
        return _iv.mpf([pick(lows), pick(highs)])
    _require(len(arguments) == 1, f"{function} takes one argument")
    (x,) = arguments
    if function == "exp":
        return _exp(x)
    if function == "log":
        _require(lower(x) > 0, "log of a value that may be ≤ 0")
        return _iv.log(x)
    if function == "sqrt":
        _require(lower(x) >= 0, "square root of a value that may be negative")
        return _iv.sqrt(x)
    if function == "abs":
        return abs(x)
    if function == "tanh":
        return _tanh(x)
    if function == "Phi_inv":
        return _phi_inv(x)
    if function == "Phi":
        return _phi(x)
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
    if text:  # a literal no double holds: its decimal, enclosed
        return exact(text)
    return _iv.mpf(repr(value)) if math.isfinite(value) else point(value)


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
        _require(lower(right) > 0 or upper(right) < 0, "division by a value that may be 0")
        return left / right
    if _is_integer(node.right):
        exponent = int(node.right.value)  # type: ignore[union-attr]
        return left**exponent
    _require(lower(left) > 0, "a power of a value that may be ≤ 0")
    return _exp(right * _iv.log(left))


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
    (la, lb), (ra, rb) = _ends(left), _ends(right)
    cmp = libmp.mpf_cmp
    op = condition.op
    if op in (">", "<"):
        (la, lb, ra, rb) = (la, lb, ra, rb) if op == ">" else (ra, rb, la, lb)
        return True if cmp(la, rb) > 0 else (False if cmp(lb, ra) <= 0 else None)
    if op in (">=", "<="):
        (la, lb, ra, rb) = (la, lb, ra, rb) if op == ">=" else (ra, rb, la, lb)
        return True if cmp(la, rb) >= 0 else (False if cmp(lb, ra) < 0 else None)
    points_equal = cmp(la, lb) == 0 and cmp(ra, rb) == 0 and cmp(la, ra) == 0
    disjoint = cmp(lb, ra) < 0 or cmp(rb, la) < 0
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
    low, high = _ends(value)
    return bool(low == high and not is_infinite(low) and _mp.isint(_mp.make_mpf(low)))


def inside(value: IV, domain: Interval) -> bool:
    """Whether the whole enclosure lies in ``domain`` (e.g. ``[0, inf)``)."""
    low, high = lower(value), upper(value)
    above = low > domain.low or (domain.low_closed and low >= domain.low)
    below = high < domain.high or (domain.high_closed and high <= domain.high)
    return above and below

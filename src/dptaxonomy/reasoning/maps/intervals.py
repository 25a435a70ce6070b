"""Enclosures: intervals with decimal ends, rounded outward. The one home of interval arithmetic.

An :class:`Enclosure` ``[low, high]`` holds the exact value of whatever it stands for. Its
ends are :class:`decimal.Decimal` numbers, and every operation rounds the lower end toward
−∞ and the upper end toward +∞ at :data:`DIGITS` significant digits, so the true result
always stays inside. Why this is sound, operation by operation:

* ``+ − × ÷`` are computed in a context with ``ROUND_FLOOR`` (lower ends) or
  ``ROUND_CEILING`` (upper ends). The General Decimal Arithmetic specification, which
  :mod:`decimal` implements, rounds these four exactly in the direction asked (as IEEE 754
  does), overflow included: rounding toward −∞ gives the largest finite number, toward +∞
  gives Infinity. Negation and absolute value are exact (``copy_negate``, ``copy_abs``).
* ``exp`` and ``ln`` are, by :mod:`decimal`'s documentation, *correctly rounded* (to
  nearest, half-even): the result is within half a unit in the last place, so one step
  down (``next_minus``) and one step up (``next_plus``) enclose the true value. Both
  functions are increasing, so an interval's image is enclosed by its ends'. The only
  exact values at rational arguments are e⁰ = 1 and ln 1 = 0 (Lindemann–Weierstrass), and
  those are kept exact. The upper end of a narrow interval is bounded from the lower end's
  value instead of computed again: e^b = e^a·e^(b−a) ≤ e^a(1 + d + d²) for 0 ≤ d = b − a ≤ 1,
  and ln b = ln a + ln(1 + (b − a)/a) ≤ ln a + (b − a)/a.
* ``sqrt`` is correctly rounded as well; the enclosure needs only that it is within one
  unit in the last place. A result whose square is the argument exactly is kept exact.
* Integer powers are products of non-negative ends, each rounded in the direction wanted
  (products of non-negative numbers are increasing in each factor); other powers are
  ``exp(y·ln x)``.

Nothing here reads or changes :mod:`decimal`'s thread-wide context: every operation names
its own. Conversions to floats round outward too
(:mod:`~dptaxonomy.reasoning.maps.float_ends`).

>>> from dptaxonomy.reasoning.maps.float_ends import lower, upper
>>> third = enclose(1) / 3
>>> lower(third) == 1 / 3 < upper(third)  # the double 1/3 is below the real one
True
>>> exp(enclose(0)) == enclose(1), log(enclose(1)) == enclose(0)  # exact where exact
(True, True)
>>> str(sqrt(enclose(2)).low), str(sqrt(enclose(2)).high)
('1.414213562373095048801688724209697', '1.414213562373095048801688724209699')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import (
    MAX_EMAX,
    MIN_EMIN,
    ROUND_CEILING,
    ROUND_FLOOR,
    ROUND_HALF_EVEN,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
)

from dptaxonomy.base.errors import NumericError

__all__ = [
    "CEILING",
    "DIGITS",
    "FLOOR",
    "PI",
    "E",
    "Enclosure",
    "enclose",
    "exp",
    "greatest",
    "interval",
    "least",
    "log",
    "sqrt",
    "wide_context",
]

DIGITS = 34
"""Significant digits of every end (about 113 bits; mpmath's intervals had 96): outward rounding
makes any number sound, and the Rényi certificate's dual bound, a sum of terms near 10¹⁸ that
cancel to 10⁻⁶ at large orders, needs about this many."""

_EXPONENT = 10**8
"""Decimal exponents reach ±10⁸: no value of a parameter map comes near under- or overflow,
and the bound is one every build of :mod:`decimal` takes (32-bit ones, such as Pyodide's
WebAssembly, stop at 425 000 000), so results are the same in the browser."""


def _context(rounding: str, digits: int = DIGITS) -> Context:
    return Context(
        prec=digits,
        rounding=rounding,
        Emin=-_EXPONENT,
        Emax=_EXPONENT,
        traps=[InvalidOperation, DivisionByZero],
    )


_DOWN = _context(ROUND_FLOOR)
_UP = _context(ROUND_CEILING)
_NEAR = _context(ROUND_HALF_EVEN)
FLOOR, CEILING = _DOWN, _UP
"""The directed contexts, for a loop over non-negative numbers whose ends are computed
apart (each operation there increasing in every argument): the lower end with FLOOR,
the upper with CEILING."""


def wide_context(digits: int) -> Context:
    """A context rounding to nearest at ``digits`` digits, for *estimates* (never ends)."""
    return _context(ROUND_HALF_EVEN, digits)


_ZERO, _ONE = Decimal(0), Decimal(1)
_NARROW = Decimal("1e-15")
"""Below this width an upper end is bounded from the lower end's exp or ln (module doc); the
bound's excess, d²·eᵃ, is then below a unit in the last place."""


class Enclosure:
    """An interval ``[low, high]`` of decimals holding an exact value (``low ≤ high``).

    Arithmetic with another enclosure, an int, a float or a Decimal (each exact) rounds
    outward. Two enclosures are equal when their ends are; enclosures are immutable, so
    they serve as keys of a cache.
    """

    __slots__ = ("high", "low")

    low: Decimal
    high: Decimal

    def __init__(self, low: Decimal, high: Decimal) -> None:
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an enclosure is immutable")

    def __repr__(self) -> str:
        return f"[{self.low}, {self.high}]"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Enclosure) and self.low == other.low and self.high == other.high

    def __hash__(self) -> int:
        return hash((self.low, self.high))

    @property
    def is_point(self) -> bool:
        """Whether the enclosure is one number (an exact value)."""
        return self.low == self.high

    def __neg__(self) -> Enclosure:
        return Enclosure(self.high.copy_negate(), self.low.copy_negate())

    def __abs__(self) -> Enclosure:
        if self.low >= 0:
            return self
        if self.high <= 0:
            return -self
        return Enclosure(_ZERO, max(self.low.copy_abs(), self.high))

    def __add__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        o = enclose(other)
        kept = _on_points(_EXACT.add, self, o)
        if kept is not None:
            return kept
        return _checked(lambda: Enclosure(_DOWN.add(self.low, o.low), _UP.add(self.high, o.high)))

    __radd__ = __add__

    def __sub__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        o = enclose(other)
        kept = _on_points(_EXACT.subtract, self, o)
        if kept is not None:
            return kept
        return _checked(
            lambda: Enclosure(_DOWN.subtract(self.low, o.high), _UP.subtract(self.high, o.low))
        )

    def __rsub__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        return enclose(other) - self

    def __mul__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        o = enclose(other)
        kept = _on_points(_EXACT.multiply, self, o)
        if kept is not None:
            return kept
        a, b, c, d = self.low, self.high, o.low, o.high
        if a >= 0 and c >= 0:
            return Enclosure(_product(_DOWN, a, c), _product(_UP, b, d))
        pairs = ((a, c), (a, d), (b, c), (b, d))
        return Enclosure(
            min(_product(_DOWN, x, y) for x, y in pairs),
            max(_product(_UP, x, y) for x, y in pairs),
        )

    __rmul__ = __mul__

    def __truediv__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        o = enclose(other)
        if o.low <= 0 <= o.high:
            raise NumericError("division by a value that may be 0")
        kept = _on_points(_EXACT.divide, self, o)
        if kept is not None:
            return kept
        a, b, c, d = self.low, self.high, o.low, o.high
        if a >= 0 and c > 0:
            return _checked(lambda: Enclosure(_DOWN.divide(a, d), _UP.divide(b, c)))
        pairs = ((a, c), (a, d), (b, c), (b, d))
        return _checked(
            lambda: Enclosure(
                min(_DOWN.divide(x, y) for x, y in pairs),
                max(_UP.divide(x, y) for x, y in pairs),
            )
        )

    def __rtruediv__(self, other: Enclosure | int | float | Decimal) -> Enclosure:
        return enclose(other) / self

    def __pow__(self, exponent: Enclosure | int | float | Decimal) -> Enclosure:
        if isinstance(exponent, int):
            return _integer_power(self, exponent)
        power = enclose(exponent)
        if self.low == 0 and self.high >= 0 and power.low > 0:  # 0^y = 0, and x^y grows with x
            top = _ZERO if self.high == 0 else (Enclosure(self.high, self.high) ** power).high
            return Enclosure(_ZERO, top)
        if self.low <= 0:
            raise NumericError("a power of a value that may be ≤ 0")
        return exp(power * log(self))


def _checked(compute: Callable[[], Enclosure]) -> Enclosure:
    """``compute()``, with an undefined end (∞ − ∞, ∞/∞) reported as a :class:`NumericError`."""
    try:
        return compute()
    except (InvalidOperation, DivisionByZero):
        raise NumericError("the value is not finite") from None


_EXACT = Context(
    prec=4 * DIGITS,
    Emin=-_EXPONENT,
    Emax=_EXPONENT,
    traps=[Inexact, InvalidOperation, DivisionByZero],
)
"""A context in which + − × ÷ of two points either is exact or raises: a float (up to about 60
significant digits when it is a plain one) times or plus a short decimal, or a rational
whose decimal ends (x/2ᵏ), is kept exact, as binary arithmetic keeps α·1.0 or α − 1 exact
for a float α."""


def _on_points(
    operation: Callable[[Decimal, Decimal], Decimal], x: Enclosure, y: Enclosure
) -> Enclosure | None:
    """The exact result of ``operation`` on two finite points as a point; None for anything
    else, or when the result would round."""
    if x.low != x.high or y.low != y.high or not (x.low.is_finite() and y.low.is_finite()):
        return None
    try:
        result = operation(x.low, y.low)
    except (Inexact, InvalidOperation, DivisionByZero):
        return None
    return Enclosure(result, result)


def _product(context: Context, x: Decimal, y: Decimal) -> Decimal:
    """x·y rounded by ``context``, with 0·∞ = 0 (an end at infinity stands for "unbounded")."""
    if not x or not y:
        return _ZERO
    return context.multiply(x, y)


def _power_end(context: Context, base: Decimal, exponent: int) -> Decimal:
    """base^exponent for base ≥ 0, exponent ≥ 0, by squaring; every product rounds the same
    way, and products of non-negative numbers grow with each factor, so the result is
    rounded in that direction."""
    result, square = _ONE, base
    while exponent:
        if exponent & 1:
            result = _product(context, result, square)
        exponent >>= 1
        if exponent:
            square = _product(context, square, square)
    return result


def _integer_power(x: Enclosure, n: int) -> Enclosure:
    if n < 0:
        return 1 / _integer_power(x, -n)
    if n == 0:
        return Enclosure(_ONE, _ONE)
    if x.low >= 0:
        return Enclosure(_power_end(_DOWN, x.low, n), _power_end(_UP, x.high, n))
    if x.high <= 0:
        magnitude = _integer_power(-x, n)
        return magnitude if n % 2 == 0 else -magnitude
    if n % 2 == 0:  # straddles 0: |x|^n on [0, max |end|]
        return Enclosure(_ZERO, _power_end(_UP, max(x.low.copy_abs(), x.high), n))
    return Enclosure(_power_end(_UP, x.low.copy_abs(), n).copy_negate(), _power_end(_UP, x.high, n))


def enclose(value: Enclosure | int | float | Decimal) -> Enclosure:
    """The enclosure of an exact number (an int, a float or a Decimal: each is one point;
    a float ±inf is the point at infinity), or the enclosure itself."""
    if isinstance(value, Enclosure):
        return value
    if isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)):
        exact = Decimal(value)
    elif isinstance(value, Decimal) and not value.is_nan():
        exact = value
    else:
        raise NumericError(f"not a number: {value!r}")
    return Enclosure(exact, exact)


def interval(
    low: Enclosure | int | float | Decimal, high: Enclosure | int | float | Decimal
) -> Enclosure:
    """The enclosure from the lower end of ``low`` to the upper end of ``high``."""
    start, end = enclose(low).low, enclose(high).high
    if start > end:
        raise NumericError(f"an empty interval: [{start}, {end}]")
    return Enclosure(start, end)


def least(values: Iterable[Enclosure]) -> Enclosure:
    """An enclosure of the least of the enclosed values (min is increasing in each)."""
    values = list(values)
    return Enclosure(min(v.low for v in values), min(v.high for v in values))


def greatest(values: Iterable[Enclosure]) -> Enclosure:
    """An enclosure of the greatest of the enclosed values (max is increasing in each)."""
    values = list(values)
    return Enclosure(max(v.low for v in values), max(v.high for v in values))


def exp(x: Enclosure) -> Enclosure:
    """e^x, enclosed (see the module doc)."""
    a, b = x.low, x.high
    if a == b == 0:
        return Enclosure(_ONE, _ONE)
    at_low = _NEAR.exp(a)
    low = _ONE if a == 0 else max(_DOWN.next_minus(at_low), _ZERO)
    if b == 0:  # e⁰ = 1 exactly at an end too (e.g. e^x over x ≤ 0)
        return Enclosure(low, _ONE)
    width = _UP.subtract(b, a) if a.is_finite() and b.is_finite() else None
    if width is not None and width <= _NARROW and at_low.is_finite():  # d ≤ 1e-15 ≤ 1
        grown = _UP.add(_ONE, _UP.add(width, _UP.multiply(width, width)))
        return Enclosure(low, _UP.multiply(_UP.next_plus(at_low), grown))
    return Enclosure(low, _UP.next_plus(_NEAR.exp(b)))


def log(x: Enclosure) -> Enclosure:
    """ln x for x > 0, enclosed (see the module doc)."""
    a, b = x.low, x.high
    if a <= 0:
        raise NumericError("log of a value that may be ≤ 0")
    if a == b == 1:
        return Enclosure(_ZERO, _ZERO)
    at_low = _NEAR.ln(a)
    low = _ZERO if a == 1 else _DOWN.next_minus(at_low)
    if b == 1:  # ln 1 = 0 exactly at an end too
        return Enclosure(low, _ZERO)
    relative = _UP.divide(_UP.subtract(b, a), a) if b.is_finite() else None
    if relative is not None and relative <= _NARROW:
        return Enclosure(low, _UP.add(_UP.next_plus(at_low), relative))
    return Enclosure(low, _UP.next_plus(_NEAR.ln(b)))


def sqrt(x: Enclosure) -> Enclosure:
    """√x for x ≥ 0, enclosed; exact where the root is."""
    if x.low < 0:
        raise NumericError("square root of a value that may be negative")
    return Enclosure(_root(x.low, up=False), _root(x.high, up=True))


_SQUARE = Context(prec=2 * DIGITS + 2, Emin=MIN_EMIN, Emax=MAX_EMAX)
"""Enough digits and exponent range to square a DIGITS-digit number exactly (at the working
range a tiny root's square would round, and could round back to the argument)."""


def _root(value: Decimal, *, up: bool) -> Decimal:
    root = _NEAR.sqrt(value)
    if not root.is_finite() or _SQUARE.multiply(root, root) == value:
        return root  # exact (or an infinite end, whose root is infinite)
    return _UP.next_plus(root) if up else max(_DOWN.next_minus(root), _ZERO)


PI = Enclosure(
    Decimal("3.14159265358979323846264338327950288419716939937510"),
    Decimal("3.14159265358979323846264338327950288419716939937511"),
)
"""π between its 50-decimal truncation and the next 50-decimal number."""
E = exp(enclose(1))
"""e, enclosed."""

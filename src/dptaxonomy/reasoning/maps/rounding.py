"""Numbers as a guarantee may print them: rounded outward, toward the safe side.

A computed parameter is known only as an enclosure ``[low, high]``. Which end
may be printed depends on how the guarantee moves with the parameter (the
catalog's ``monotone``):

- ``weaker_when_larger`` (ε, δ, ρ, μ, …): the guarantee at the true value
  implies it at every larger one, so the *upper* end is reported, rounded
  *up*, after "≤";
- ``stronger_when_larger``: the guarantee implies itself at every smaller
  value, so the *lower* end is reported, rounded *down*, after "≥";
- unknown: neither end alone is safe, so the whole enclosure is reported,
  widened outward.

Text carries :data:`DIGITS` significant digits, rounded from the exact binary
(or decimal) value, never through a float's nearest decimal, so a printed
upper bound is never below the number it stands for.

>>> outward_text(0.1 + 0.2, up=True), outward_text(0.1 + 0.2, up=False)
('0.3000000001', '0.3')
>>> outward_text(Decimal("1e-6"), up=True), outward_text(-2 / 3, up=True)
('1e-06', '-0.6666666666')
"""

from __future__ import annotations

import math
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, upper

__all__ = [
    "DIGITS",
    "SafeSide",
    "assignment_text",
    "bound_text",
    "enclosure_text",
    "outward_float",
    "outward_text",
    "safe_side",
]

DIGITS = 10
"""Significant digits of a number in text output."""


class SafeSide(StrEnum):
    """Which end of an enclosure a guarantee may report."""

    high = "upper"
    """Weaker when larger: the upper end, rounded up, after "≤"."""
    low = "lower"
    """Stronger when larger: the lower end, rounded down, after "≥"."""
    both = "both"
    """Direction unknown: the whole enclosure, widened outward."""


def safe_side(monotone: str) -> SafeSide:
    """The safe end for a parameter whose catalog ``monotone`` is ``monotone`` ("" if unknown)."""
    if monotone == "weaker_when_larger":
        return SafeSide.high
    if monotone == "stronger_when_larger":
        return SafeSide.low
    return SafeSide.both


def _exponent(value: Fraction) -> int:
    """The integer e with 10**e <= |value| < 10**(e + 1)."""
    size = abs(value)
    guess = math.floor(math.log10(size.numerator) - math.log10(size.denominator))
    while Fraction(10) ** guess > size:
        guess -= 1
    while Fraction(10) ** (guess + 1) <= size:
        guess += 1
    return guess


def _text(value: Decimal) -> str:
    """Python's ``g`` layout (``1e-06``, ``0.25``, ``1.5e+20``) for an exact short decimal."""
    value = value.normalize()
    power = value.adjusted()
    if -4 <= power < DIGITS:
        return format(value, "f")
    mantissa = format(value.scaleb(-power).normalize(), "f")
    return f"{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"


def outward_text(value: float | Decimal | Fraction, *, up: bool, digits: int = DIGITS) -> str:
    """``value`` with at most ``digits`` significant digits, rounded up or down (never nearest).

    ``inf`` and ``-inf`` print as such; a NaN is refused (no bound can be printed for it).
    """
    if isinstance(value, float | Decimal) and math.isnan(value):
        raise ValueError("a NaN has no safe rounding")
    if isinstance(value, float | Decimal) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    exact_value = Fraction(value)
    if exact_value == 0:
        return "0"
    shift = _exponent(exact_value) - digits + 1
    scaled = exact_value / Fraction(10) ** shift
    mantissa = math.ceil(scaled) if up else math.floor(scaled)
    return _text(Decimal(mantissa).scaleb(shift))


def outward_float(text: str, *, up: bool) -> float:
    """A decimal written as ``text``, as a float on its safe side.

    The nearest float when its shortest decimal is exactly ``text``'s value
    (``1e-6`` stays ``1e-06``: a JSON reader sees the very decimal given);
    otherwise the float just above (``up``) or below it.
    """
    nearest = float(text)
    if Decimal(repr(nearest)) == Decimal(text.strip()):
        return nearest
    enclosure: IV = exact(text)
    return upper(enclosure) if up else lower(enclosure)


def enclosure_text(value: IV, *, digits: int = DIGITS) -> str:
    """An enclosure as ``[low, high]`` widened outward (one number when both ends print alike)."""
    low = outward_text(lower(value), up=False, digits=digits)
    high = outward_text(upper(value), up=True, digits=digits)
    return high if low == high else f"[{low}, {high}]"


def bound_text(value: IV, side: SafeSide) -> str:
    """What a computed parameter may claim: ``≤ high``, ``≥ low`` or ``∈ [low, high]``
    (``= x`` when both ends print as x, e.g. an exact point).

    >>> from dptaxonomy.reasoning.maps.numeric import exact
    >>> third = exact("1") / 3
    >>> bound_text(third, SafeSide.high), bound_text(third, SafeSide.low)
    ('≤ 0.3333333334', '≥ 0.3333333333')
    >>> bound_text(third, SafeSide.both)
    '∈ [0.3333333333, 0.3333333334]'
    """
    if side is SafeSide.high:
        return f"≤ {outward_text(upper(value), up=True)}"
    if side is SafeSide.low:
        return f"≥ {outward_text(lower(value), up=False)}"
    shown = enclosure_text(value)
    return f"∈ {shown}" if shown.startswith("[") else f"= {shown}"


def assignment_text(values: dict[str, IV], *, digits: int = 6) -> str:
    """Parameter values as ``a=x, b=[lo, hi]`` (sorted by name), each widened outward.

    >>> from dptaxonomy.reasoning.maps.numeric import exact
    >>> assignment_text({"epsilon": exact("1") / 3, "delta": exact("0.5")})
    'delta=0.5, epsilon=[0.333333, 0.333334]'
    """
    return ", ".join(f"{k}={enclosure_text(v, digits=digits)}" for k, v in sorted(values.items()))

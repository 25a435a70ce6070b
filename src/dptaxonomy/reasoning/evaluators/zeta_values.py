"""ζ and the reals around it: mpmath estimates made into enclosures. The one bridge from mpmath.

The enclosures (:mod:`~dptaxonomy.reasoning.maps.intervals`) have no ζ or ζ′, so the
evaluators that need them (the zeta pair, the power-law/geometric pair) compute them
with mpmath, imported on first use (through
:func:`~dptaxonomy.reasoning.maps.contexts.load_mpmath`): a query that meets no ζ never
loads mpmath. The device is the one the evaluators have always used:

* a value is an *estimate* in a private real context at :data:`BITS` bits (twice the
  ≈ 113 bits of the enclosures' 34 digits), and :func:`widen` encloses it in
  [v − |v|·m, v + |v|·m] with the relative margin m = 2^−112, far above mpmath's error
  at that precision (a few units in the 192nd bit for ζ, ζ′ and log away from ζ's pole);
* the widened ends become decimal ends *exactly rounded outward*: an mpf is
  (−1)^s·man·2^exp, i.e. the exact quotient ±man/2^(−exp) (or the exact integer
  ±man·2^exp), and that quotient is divided in the ``FLOOR`` context for the lower end
  and the ``CEILING`` context for the upper one. Decimal division of two exact integers
  is correctly rounded in the direction asked, so no conversion error is left to bound
  (going through floats would cost some 50 bits of the estimate for nothing).

The inputs go the other way: :func:`exact_real` reads an exponent only when the
decimal is a binary number of at most :data:`BITS` bits (so the estimate is computed at
the very value asked; a decimal such as 1.1 is refused, as it always was), and
:func:`real_end` rounds an order's end outward into a binary number, for quantities
monotone in it.
"""

from __future__ import annotations

import functools
from decimal import Decimal

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.contexts import load_mpmath, private_context
from dptaxonomy.reasoning.maps.intervals import CEILING, FLOOR, Enclosure

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BITS", "exact_real", "real_context", "real_end", "widen"]

BITS = 192
"""Bits of the real context the estimates are computed in."""
_MARGIN_BITS = 112
"""The relative margin of :func:`widen` is 2^−112."""


@functools.cache
def real_context() -> Any:
    """A private mpmath real context at :data:`BITS` bits (built on first use; shared by the
    evaluators, nobody changes its precision)."""
    mpmath = load_mpmath()
    context = private_context(type(mpmath.mp))
    context.prec = BITS
    return context


def _to_decimal(raw: tuple[int, int, int, int], *, up: bool) -> Decimal:
    """The raw mpf (sign, man, exp, bc) as a decimal end, rounded down or up (exact division)."""
    sign, man, exponent, _ = raw
    if not man:
        if exponent:  # mpmath's raw forms of ±∞ (and NaN) have man = 0 and exp ≠ 0
            raise NumericError("a ζ value is not finite")
        return Decimal(0)
    signed = -man if sign else man
    if exponent >= 0:
        numerator, denominator = signed << exponent, 1
    else:
        numerator, denominator = signed, 1 << -exponent
    context = CEILING if up else FLOOR
    return context.divide(Decimal(numerator), Decimal(denominator))


def widen(value: Any) -> Enclosure:
    """The enclosure of a real estimated at :data:`BITS` bits (see the module doc)."""
    mp = real_context()
    margin = abs(value) * mp.ldexp(1, -_MARGIN_BITS)
    low, high = value - margin, value + margin
    return Enclosure(_to_decimal(low._mpf_, up=False), _to_decimal(high._mpf_, up=True))


def exact_real(value: Enclosure) -> Any:
    """The real an exact (zero-width) enclosure holds, as an mpf of the real context; a
    decimal that no :data:`BITS`-bit binary number equals is refused."""
    if value.low != value.high or not value.low.is_finite():
        raise NumericError("a zeta exponent must be an exact number")
    low, high = real_end(value.low, up=False), real_end(value.low, up=True)
    if low != high:
        raise NumericError("a zeta exponent must be an exact number")
    return low


def real_end(end: Decimal, *, up: bool) -> Any:
    """A decimal end as an mpf of the real context, rounded down or up."""
    mp = real_context()
    libmp = load_mpmath().libmp
    return mp.make_mpf(
        libmp.from_str(str(end), BITS, libmp.round_ceiling if up else libmp.round_floor)
    )

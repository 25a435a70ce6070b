"""Floats from enclosures, rounded outward: the one place an enclosure's end becomes a float.

An enclosure's upper end is rounded up and its lower end down, so the float interval still
holds the true value (:func:`upper`, :func:`lower`); :func:`finite` reads the ends' exponents
where the answer is plain.

>>> from decimal import Decimal
>>> from dptaxonomy.reasoning.maps.intervals import Enclosure
>>> tenth = Enclosure(Decimal("0.1"), Decimal("0.1"))
>>> lower(tenth) < 0.1 == upper(tenth)  # the double 0.1 is above the decimal 0.1
True
"""

from __future__ import annotations

import math
from decimal import Decimal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.reasoning.maps.intervals import Enclosure

__all__ = ["finite", "lower", "upper"]

_FLOAT_MAX_EXPONENT = 307
"""A decimal whose adjusted exponent is at most this is, rounded either way, a finite float."""


def lower(value: Enclosure) -> float:
    """The lower end as a float, rounded down (toward −∞)."""
    end = value.low
    result = float(end)  # correctly rounded (to nearest)
    if Decimal(result) > end:
        result = math.nextafter(result, -math.inf)
    return result


def upper(value: Enclosure) -> float:
    """The upper end as a float, rounded up (toward +∞)."""
    end = value.high
    result = float(end)
    if Decimal(result) < end:
        result = math.nextafter(result, math.inf)
    return result


def finite(value: Enclosure) -> bool:
    """Whether both ends are finite floats once rounded outward."""
    return (_plain(value.low) and _plain(value.high)) or (
        math.isfinite(lower(value)) and math.isfinite(upper(value))
    )


def _plain(end: Decimal) -> bool:
    return end.is_finite() and (not end or end.adjusted() <= _FLOAT_MAX_EXPONENT)

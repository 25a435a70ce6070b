"""Floats from enclosures, rounded outward: the one place an mpmath number becomes a float.

An enclosure's upper end is rounded up and its lower end down, so the float
interval still holds the true value (:func:`upper`, :func:`lower`); the hot
paths (every intermediate value of an expression is checked with
:func:`finite`) read the raw ends where the answer is plain.

>>> tenth = libmp.from_str("0.1", 96, libmp.round_floor)  # just below the decimal 0.1
>>> rounded(tenth, up=False) < 0.1 == rounded(tenth, up=True)  # the double 0.1 is above it
True
>>> rounded(libmp.from_man_exp(1, -1080), up=False), rounded(libmp.from_man_exp(1, -1080), up=True)
(0.0, 5e-324)
"""

from __future__ import annotations

import math
import sys

from dptaxonomy.reasoning.maps.contexts import load_mpmath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

libmp = load_mpmath().libmp

__all__ = ["finite", "is_infinite", "lower", "rounded", "upper"]

if TYPE_CHECKING:
    IV = Any
    """An mpmath interval (``ivmpf``)."""


_NORMAL_LOW, _NORMAL_HIGH = -1021, 1023
"""Bounds on exponent + bit count of a raw mpf (man · 2^exp, man of bc bits, so its magnitude
is in [2^(exp+bc−1), 2^(exp+bc))) that keep it, rounded either way, a normal float."""


def rounded(raw: Any, *, up: bool) -> float:
    """``raw`` (an mpmath binary number) as a float rounded up or down, exactly.

    libmp's directed rounding does not cover underflow to zero or overflow, so
    the result is checked against ``raw`` and nudged one float if needed.
    A normal result needs no check: there libmp rounds exactly in the direction asked.
    """
    result = float(libmp.to_float(raw, rnd=libmp.round_ceiling if up else libmp.round_floor))
    if raw[1] and _NORMAL_LOW <= raw[2] + raw[3] <= _NORMAL_HIGH:
        return result
    if math.isnan(result):
        return math.inf if up else -math.inf
    if math.isinf(result):
        return (
            result
            if (result > 0) == up or is_infinite(raw)
            else math.copysign(sys.float_info.max, result)
        )
    comparison = libmp.mpf_cmp(libmp.from_float(result), raw)
    if up and comparison < 0:
        return math.nextafter(result, math.inf)
    if not up and comparison > 0:
        return math.nextafter(result, -math.inf)
    return result


def is_infinite(raw: Any) -> bool:
    """Whether a raw mpf is +∞ or −∞."""
    return raw in (libmp.finf, libmp.fninf)


def upper(value: IV) -> float:
    """The enclosure's upper end as a float, rounded up (toward +∞)."""
    return rounded(value._mpi_[1], up=True)


def lower(value: IV) -> float:
    """The enclosure's lower end as a float, rounded down (toward −∞)."""
    return rounded(value._mpi_[0], up=False)


def finite(value: IV) -> bool:
    """Whether both ends are floats once rounded outward: read off the raw ends where that is
    plain (zero, or well inside the float range), else by :func:`lower` and :func:`upper`."""
    low, high = value._mpi_
    if _plain(low) and _plain(high):
        return True
    return math.isfinite(lower(value)) and math.isfinite(upper(value))


def _plain(raw: Any) -> bool:
    return bool(raw == libmp.fzero) if not raw[1] else raw[2] + raw[3] <= _NORMAL_HIGH

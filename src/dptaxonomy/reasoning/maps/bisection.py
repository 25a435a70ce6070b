"""The smallest double in a domain where a monotone test passes, found to the last bit.

Doubles of one sign are ordered as their bit patterns read as integers, so a
bisection over those integers ("keys") halves the number of doubles left at
each step: 64 steps reach two adjacent doubles anywhere between the smallest
subnormal (about 4.9e-324) and the largest double. It is a search in log
space without logarithms: δ = 1e-100 is found as precisely as δ = 0.5.

Only the caller's sound check decides what is reported; this search only
proposes where to check, so a non-monotone test can make an answer looser,
never wrong.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.maps.optimise import GRID, to_value
from dptaxonomy.schema.arith import Interval

__all__ = ["Bracket", "float_key", "key_float", "smallest_passing"]

_LARGEST = float.fromhex("0x1.fffffffffffffp+1023")
STEPS = 64
"""Enough steps to reach adjacent doubles (the keys span fewer than 2^64 values)."""
SCAN = 64
"""Keys tried, lowest first, when the domain's highest double fails."""


def float_key(x: float) -> int:
    """An integer with the order of the doubles: ``x < y`` iff ``float_key(x) < float_key(y)``.

    >>> float_key(0.0), float_key(5e-324), float_key(-5e-324)
    (0, 1, -1)
    """
    bits: int = struct.unpack("<q", struct.pack("<d", abs(x)))[0]
    return -bits if math.copysign(1.0, x) < 0 else bits


def key_float(key: int) -> float:
    """The double whose :func:`float_key` is ``key``.

    >>> key_float(float_key(1e-100)) == 1e-100
    True
    """
    value: float = struct.unpack("<d", struct.pack("<q", abs(key)))[0]
    return -value if key < 0 else value


@record
class Bracket:
    """The search's result: ``found`` passes; ``below`` (the largest double tried that
    failed, or None when the domain's lower end passes) does not."""

    found: float
    below: float | None

    @property
    def precision(self) -> float:
        """Relative distance from ``found`` to ``below`` (0 when the lower end passes)."""
        if self.below is None or self.found == 0:
            return 0.0
        return (self.found - self.below) / abs(self.found)


def _ends(domain: Interval) -> tuple[int, int]:
    low = max(domain.low, -_LARGEST)
    high = min(domain.high, _LARGEST)
    low_key, high_key = float_key(low), float_key(high)
    if not domain.low_closed or math.isinf(domain.low):
        low_key += 1
    if not domain.high_closed or math.isinf(domain.high):
        high_key -= 1
    return low_key, high_key


def smallest_passing(
    passes: Callable[[float], bool], domain: Interval, steps: int = STEPS, *, constant: bool = False
) -> Bracket | None:
    """The smallest double of ``domain`` found to pass, assuming passing is upward closed.

    Tries the domain's lowest double first (an answer of 0 is found exactly), then the
    highest; when that fails (an overflow at the top of the domain, say), the first that
    passes of the optimiser's grid of values (:data:`~dptaxonomy.reasoning.maps.optimise.GRID`,
    e^-16 to e^16 from the domain's end) and :data:`SCAN` evenly spaced keys takes its
    place (None when none does).
    Then it bisects the keys between. After
    ``steps`` halvings (fewer suffice for a coarse answer) the bracket's ``found``
    passes and ``below`` fails. With ``constant`` (the caller knows the test ignores its
    argument) the lowest double decides alone: every other would fail as it does.
    """
    low, high = _ends(domain)
    if low > high:
        return None
    if passes(key_float(low)):
        return Bracket(key_float(low), None)
    if constant:
        return None
    if not passes(key_float(high)):
        spaced = {low + (high - low) * k // SCAN for k in range(1, SCAN)}
        grid = {float_key(to_value(t, domain)) for t in GRID}
        ladder = sorted(key for key in spaced | grid if low < key < high)
        first = next((k for k, key in enumerate(ladder) if passes(key_float(key))), None)
        if first is None:
            return None
        low, high = (ladder[first - 1] if first else low), ladder[first]
    for _ in range(steps):
        if high - low <= 1:
            break
        middle = (low + high) // 2
        low, high = (low, middle) if passes(key_float(middle)) else (middle, high)
    return Bracket(key_float(high), key_float(low))

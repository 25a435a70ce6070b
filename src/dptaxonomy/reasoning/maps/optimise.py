"""Choosing values for a chain's free parameters (the Rényi order α, …).

An implication that holds for every value of a free parameter gives a valid
guarantee at *any* value in its domain, so the search only decides where the
sound interval evaluation happens; an imperfect search can make the answer
looser, never wrong. The search is a grid over a transformed coordinate that
covers the whole domain, then a refinement by Brent's method around the best
grid point. With several parameters the first line is the diagonal (every parameter at
the same t: orders tied by a condition such as α ≤ ω move together there), then
coordinate descent starts from its best point.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from dptaxonomy.base.golden import brent_minimum
from dptaxonomy.schema.arith import Interval

__all__ = ["GRID", "minimise", "to_value"]

GRID = tuple(-16.0 + 0.5 * k for k in range(65))
"""The transformed coordinate t ∈ [−16, 16] in steps of ½ (the ladder of :mod:`.bisection`)."""
_COARSE = GRID[::4]
"""The optimiser's grid: every fourth point of :data:`GRID`, steps of 2 in t."""
_TOLERANCE = 1e-10
"""Brent's tolerance in t: its last bracket is a few 1e-9 wide (times |t| beyond 1), where
the objective is flat to rounding."""
_ROUNDS = 3


def to_value(t: float, domain: Interval) -> float:
    """Map t ∈ ℝ into the interior of ``domain``."""
    return _mapping(domain)(t)


def _mapping(domain: Interval) -> Callable[[float], float]:
    """:func:`to_value` for one domain, its case decided once (the same arithmetic)."""
    low, high = domain.low, domain.high
    exp = math.exp
    if math.isfinite(low) and math.isfinite(high):
        width = high - low
        return lambda t: low + width / (1.0 + exp(-t))
    if math.isfinite(low):
        return lambda t: low + exp(t)
    if math.isfinite(high):
        return lambda t: high - exp(t)
    return math.sinh


def _line(
    objective: Callable[[list[float]], float], place: Callable[[float], list[float]]
) -> float:
    """Best t along a line of points, ``place(t)``: coarse grid, then Brent's method.

    The grid is :data:`_COARSE` (steps of 2 in t: an order's distance to its domain's end
    grows by e² ≈ 7.4 from one point to the next); Brent's method then searches between
    the neighbours of its first least point. On an objective that falls and then rises
    along the line that bracket holds the least value. Where every grid point gives
    nothing, the line gives nothing (nan): a chain that gives something only between two
    grid points is not searched.
    """

    def value(t: float) -> float:
        return objective(place(t))

    coarse = [value(t) for t in _COARSE]
    least = min(coarse)  # the objective is never NaN: the first least score is the best
    if not math.isfinite(least):
        return math.nan
    best = coarse.index(least)
    a = _COARSE[max(best - 1, 0)]
    b = _COARSE[min(best + 1, len(_COARSE) - 1)]
    candidates = [(least, _COARSE[best]), brent_minimum(value, a, b, tolerance=_TOLERANCE)]
    return min(candidates)[1]


def _placed(point: list[float], k: int, to_k: Callable[[float], float], t: float) -> list[float]:
    """``point`` with coordinate ``k`` moved to ``to_k(t)`` (a coordinate's line)."""
    trial = list(point)
    trial[k] = to_k(t)
    return trial


def _remembered(objective: Callable[[list[float]], float]) -> Callable[[list[float]], float]:
    """``objective`` evaluated once per point (the fallbacks revisit grid points)."""
    seen: dict[tuple[float, ...], float] = {}

    def remembered(values: list[float]) -> float:
        key = tuple(values)
        if key not in seen:
            seen[key] = objective(values)
        return seen[key]

    return remembered


def minimise(
    objective: Callable[[list[float]], float], domains: Sequence[Interval]
) -> list[list[float]]:
    """Points in the product of ``domains`` where ``objective`` is small, best first.

    ``objective`` returns ``inf`` where the chain gives nothing (never NaN). The first
    point is the search's best; the others are fallbacks (the best grid
    points) for the caller to try if the sound evaluation refuses the first.
    Returns [] when the objective is infinite everywhere it was tried.
    """
    objective = _remembered(objective)
    maps = [_mapping(domain) for domain in domains]

    def diagonal(t: float) -> list[float]:
        return [to_k(t) for to_k in maps]

    t = _line(objective, diagonal)
    point = diagonal(0.0 if math.isnan(t) else t)
    for _ in range(0 if len(domains) == 1 else _ROUNDS):
        start = objective(point)
        for k, to_k in enumerate(maps):
            t = _line(objective, functools.partial(_placed, point, k, to_k))
            trial = point if math.isnan(t) else _placed(point, k, to_k, t)
            if objective(trial) <= objective(point):  # a line's best may lie off the point
                point = trial
        if not objective(point) < start:  # along a flat stretch only: the next round would too
            break
    found = [(objective(point), point)]
    for t in _COARSE:
        trial = diagonal(t)
        found.append((objective(trial), trial))
    found = [pair for pair in found if math.isfinite(pair[0])]
    found.sort(key=lambda pair: pair[0])
    return [p for _, p in found]

"""Choosing values for a chain's free parameters (the Rényi order α, …).

An implication that holds for every value of a free parameter gives a valid
guarantee at *any* value in its domain, so the search only decides where the
sound interval evaluation happens; an imperfect search can make the answer
looser, never wrong. The search is a grid over a transformed coordinate that
covers the whole domain, then a golden-section refinement around the best
grid point, per parameter (coordinate descent when there are several).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from dptaxonomy.base.golden import golden_section
from dptaxonomy.schema.arith import Interval

__all__ = ["GRID", "minimise", "to_value"]

GRID = tuple(-16.0 + 0.5 * k for k in range(65))
"""Grid of the transformed coordinate t ∈ [−16, 16]."""
_REFINE_STEPS = 40
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
    objective: Callable[[list[float]], float],
    point: list[float],
    k: int,
    to_k: Callable[[float], float],
) -> float:
    """Best t for coordinate ``k`` of ``point`` (others fixed): grid, then golden section."""

    def value(t: float) -> float:
        trial = list(point)
        trial[k] = to_k(t)
        return objective(trial)

    scores = [value(t) for t in GRID]
    least = min(scores)  # the objective is never NaN: the first least score is the best
    best = scores.index(least)
    if not math.isfinite(least):
        return math.nan
    a = GRID[max(best - 1, 0)]
    b = GRID[min(best + 1, len(GRID) - 1)]
    candidates = [(least, GRID[best]), *golden_section(value, a, b, steps=_REFINE_STEPS)]
    return min(candidates)[1]


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
    point = [to_k(0.0) for to_k in maps]
    rounds = 1 if len(domains) == 1 else _ROUNDS
    for _ in range(rounds):
        start = list(point)
        for k, to_k in enumerate(maps):
            t = _line(objective, point, k, to_k)
            if math.isnan(t):
                continue
            point[k] = to_k(t)
        if point == start:  # the next round would search the same lines, remembered: no move
            break
    found = [(objective(point), point)]
    for t in GRID[::4]:
        trial = [to_k(t) for to_k in maps]
        found.append((objective(trial), trial))
    found = [pair for pair in found if math.isfinite(pair[0])]
    found.sort(key=lambda pair: pair[0])
    return [p for _, p in found]

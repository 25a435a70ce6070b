"""Choosing values for a chain's free parameters (the Rényi order α, …).

An implication that holds for every value of a free parameter gives a valid
guarantee at *any* value in its domain, so the search only decides where the
sound interval evaluation happens; an imperfect search can make the answer
looser, never wrong. The search is a grid over a transformed coordinate that
covers the whole domain, then a refinement around the best grid point (Brent's
method, or golden sections on a stepped objective). With several parameters the
first line is the diagonal (every parameter at the same t: orders tied by a
condition such as α ≤ ω move together there), then coordinate descent starts
from its best point (and from its centre too when two computed parameters are
added up, whose terms trade off).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from dptaxonomy.base.golden import brent_minimum, golden_section
from dptaxonomy.schema.arith import Interval

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["GRID", "Proposals", "minimise", "to_value"]

GRID = tuple(-16.0 + 0.5 * k for k in range(65))
"""The transformed coordinate t ∈ [−16, 16] in steps of ½ (the ladder of :mod:`.bisection`)."""
_COARSE = GRID[::4]
"""The optimiser's grid: every fourth point of :data:`GRID`, steps of 2 in t."""
_TOLERANCE = 1e-10
"""Brent's tolerance in t: its last bracket is about 4e-10 wide (times |t| beyond 1), where
the objective is flat to rounding."""
_GOLDEN_STEPS = 43
"""Golden sections on a stepped objective: a bracket of 4 (two coarse steps) narrowed to
about 4e-9, as forty sections narrowed the former grid's bracket of 1."""
_ROUNDS = 3
_EDGE = 1e-9
"""The width in t to which :func:`_edges` brackets the edge of where a line gives anything."""
_FLAT = 4
"""Inner ends of :func:`_edges`'s bisection at the plateau's own value, none below it, after
which it stops: the line is flat up to near its edge (an order beyond a condition's bound,
α ≤ ω), where the search would find nothing better."""
_CLOSE = 1e-12
"""Relative agreement asked at a shared search's best point, off the grid: one curve reached
through different definitions is rounded in a different order there."""
_AGREEING = 3
"""Distinct finite values on the coarse grid below which a search is never shared:
objectives that give something at one order only agree there by accident (the review of
issue 24), and so do two capped at the same plateau (δ = 1 wherever a chain through
KS14's map to probabilistic DP, min(1, ·), gives nothing better)."""


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
    place: Callable[[float], list[float]],
    stepped: bool,
) -> float:
    """Best t along a line of points, ``place(t)``: a grid, then a refinement.

    The grid is :data:`_COARSE` (steps of 2 in t: an order's distance to its domain's end
    grows by e² ≈ 7.4 from one point to the next), or the whole :data:`GRID` (steps of ½)
    when no coarse point gives anything (a chain may give something on a narrow stretch
    only: tCDP at ω = 1.01). The refinement searches between the neighbours of the grid's
    first least point: Brent's method on a smooth objective; golden sections on a
    ``stepped`` one (computed to a coarser precision than the bracket, such as the
    bisection inside :func:`~.inversion.solve`), which could mislead Brent's parabolas.
    """

    def value(t: float) -> float:
        return objective(place(t))

    grid = _COARSE
    scores = [value(t) for t in grid]
    if not math.isfinite(min(scores)):
        grid = GRID
        scores = [value(t) for t in grid]  # the coarse points again: remembered
    least = min(scores)  # the objective is never NaN: the first least score is the best
    if not math.isfinite(least):
        return math.nan
    best = scores.index(least)
    a = grid[max(best - 1, 0)]
    b = grid[min(best + 1, len(grid) - 1)]
    if stepped:
        refined = min(golden_section(value, a, b, steps=_GOLDEN_STEPS))
    else:
        refined = brent_minimum(value, a, b, tolerance=_TOLERANCE)
    chosen = min((least, grid[best]), refined)
    if not stepped and scores.count(least) > 1:  # a plateau: its edge, if strictly better
        chosen = min([chosen, *(e for e in _edges(value, grid, scores, least) if e[0] < chosen[0])])
    return chosen[1]


def _edges(
    value: Callable[[float], float], grid: Sequence[float], scores: list[float], least: float
) -> list[tuple[float, float]]:
    """(score, t) at each edge of where the line gives anything, next to a grid point of
    least score, for a line whose least score is a plateau (two grid points or more).

    A value given to the target often bounds a free parameter (probabilistic DP's ε = 1 asks
    for (ε', δ)-DP at ε' ≤ ½), and a map decreasing up to that bound has its least value at
    the bound itself, between a grid point and an infinite neighbour. Where the grid sees
    a plateau there (δ capped at 1 below the bound), the refinement, which searches next
    to the first least point, never reaches it. Bisection finds the edge to :data:`_EDGE`
    in t, on the side that gives. Off a plateau the refinement is left to itself: an edge
    can be where a map is ill-conditioned (a Rényi order at 1 + 1e-7), and the sound run
    would refuse it for a grid point. So is a stepped objective (the δ-at-ε solver's
    staircase), whose plateaus are its own steps.
    """
    found = []
    for index, score in enumerate(scores):
        if score != least:
            continue
        for other in (index - 1, index + 1):
            if not 0 <= other < len(grid) or math.isfinite(scores[other]):
                continue
            inside, outside = grid[index], grid[other]
            flat, lower = 0, False  # inner ends at the plateau's value; one below it
            while abs(outside - inside) > _EDGE and (lower or flat < _FLAT):
                middle = (inside + outside) / 2
                inner = value(middle)
                if math.isfinite(inner):
                    inside = middle
                    flat += inner == least
                    lower = lower or inner < least
                else:
                    outside = middle
            found.append((value(inside), inside))
    return found


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


class Proposals(list[list[float]]):
    """:func:`minimise`'s points, best first; ``borrowed`` when they are another chain's."""

    borrowed = False


def minimise(
    objective: Callable[[list[float]], float],
    domains: Sequence[Interval],
    *,
    stepped: bool = False,
    basins: bool = False,
    shared: dict[Any, tuple[float, list[list[float]]]] | None = None,
) -> Proposals:
    """Points in the product of ``domains`` where ``objective`` is small, best first.

    ``objective`` returns ``inf`` where the chain gives nothing (never NaN); ``stepped``
    says it is computed to a coarser precision than the search's (:func:`_line`). With
    several parameters, coordinate descent runs from the diagonal's best point (none when
    the diagonal gives nothing); with ``basins`` (a sum of several computed parameters,
    whose terms trade off: δ = 1 at ε ≈ 0 against a small δ at a larger ε) also from the
    diagonal's centre (t = 0), and the better end is kept. The first point
    is the search's best; the others are fallbacks (the diagonal's grid points) for the
    caller to try if the sound evaluation refuses the first. Returns [] when the objective
    is infinite everywhere it was tried.

    ``shared`` keeps searches by what they were asked and by the objective's values on the
    diagonal's coarse grid: a search whose objective agrees there, bit for bit, with one
    already run (chains that reach one conversion through different definitions: ρα from
    zCDP and the Gaussian's own Rényi curve), at three distinct finite values at least, and (to
    1e-12) at the best point that search found, takes its points (``borrowed``: a caller
    whose sound run refuses all of them searches again, alone). They are proposals like
    any other: only the sound run decides what is printed.
    """
    objective = _remembered(objective)
    maps = [_mapping(domain) for domain in domains]

    def diagonal(t: float) -> list[float]:
        return [to_k(t) for to_k in maps]

    key = None
    if shared is not None:
        seen = tuple(objective(diagonal(t)) for t in _COARSE)
        if len({value for value in seen if math.isfinite(value)}) >= _AGREEING:
            key = (tuple(domains), stepped, basins, seen)
            value, points = shared.get(key, (math.nan, []))
            if points and math.isclose(objective(points[0]), value, rel_tol=_CLOSE):
                proposals = Proposals(list(p) for p in points)
                proposals.borrowed = True
                return proposals
    found = _minimum(objective, maps, diagonal, stepped, basins)
    if key is not None and shared is not None and found:
        shared.setdefault(key, (objective(found[0]), found))
    return Proposals(list(p) for p in found)


def _minimum(
    objective: Callable[[list[float]], float],
    maps: Sequence[Callable[[float], float]],
    diagonal: Callable[[float], list[float]],
    stepped: bool,
    basins: bool,
) -> list[list[float]]:
    """:func:`minimise`'s search (its objective remembered)."""
    t = _line(objective, diagonal, stepped)
    point = diagonal(0.0 if math.isnan(t) else t)
    if len(maps) > 1 and not math.isnan(t):
        starts = [point] if not basins or point == diagonal(0.0) else [point, diagonal(0.0)]
        ends = [_descend(objective, maps, start, stepped) for start in starts]
        point = min(ends, key=objective)  # the first of equal ends
    found = [(objective(point), point)]
    for t in _COARSE:
        trial = diagonal(t)
        found.append((objective(trial), trial))
    found = [pair for pair in found if math.isfinite(pair[0])]
    found.sort(key=lambda pair: pair[0])
    return [p for _, p in found]


def _descend(
    objective: Callable[[list[float]], float],
    maps: Sequence[Callable[[float], float]],
    point: list[float],
    stepped: bool,
) -> list[float]:
    """Coordinate descent from ``point``: never to a worse point, and no further after a
    round that only moved along a flat stretch (the next would search the same lines)."""
    for _ in range(_ROUNDS):
        start = objective(point)
        for k, to_k in enumerate(maps):
            t = _line(objective, functools.partial(_placed, point, k, to_k), stepped)
            trial = point if math.isnan(t) else _placed(point, k, to_k, t)
            if objective(trial) <= objective(point):  # a line's best may lie off the point
                point = trial
        if not objective(point) < start:
            break
    return point

"""Golden-section search, and Brent's method built on it: the least value of a unimodal
function on an interval.

One home for the search that proposes Rényi → (ε, δ) laws
(:mod:`dptaxonomy.schema.arith_renyi`), refines free parameters
(:mod:`dptaxonomy.reasoning.maps.optimise`) and picks Rényi orders when composing
(:mod:`dptaxonomy.reasoning.accounting.renyi`). Floats only propose there: what the
search returns is checked or certified by its caller.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["brent_minimum", "golden_section"]

_GOLDEN = (math.sqrt(5) - 1) / 2


def golden_section(
    score: Callable[[float], float],
    a: float,
    b: float,
    *,
    steps: int = 0,
    width: float = 0.0,
    relative: bool = False,
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The last two points a golden-section search for the least ``score`` on [a, b] tried,
    (score, point) each.

    It narrows the bracket ``steps`` times, and further while it is wider than ``width``
    (``width`` · max(1, |a|) when ``relative``; no further when ``width`` is 0), keeping the
    point with the lower score (the left one on a tie). It stops early once floats can no
    longer split the bracket (a point would reach an end), so a width below the floats'
    resolution cannot make it run forever. Unimodality is assumed; otherwise it finds some
    local minimum, which is all a caller choosing where to evaluate soundly needs.
    """
    c, d = b - _GOLDEN * (b - a), a + _GOLDEN * (b - a)
    fc, fd = score(c), score(d)
    done = 0
    while a < c < d < b and (
        done < steps or b - a > (width * max(1.0, abs(a)) if relative else width) > 0
    ):
        done += 1
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - _GOLDEN * (b - a)
            fc = score(c)
        else:
            a, c, fc = c, d, fd
            d = a + _GOLDEN * (b - a)
            fd = score(d)
    return (fc, c), (fd, d)


_SHRINK = 1.0 - _GOLDEN  # the golden section's smaller part, about 0.382
_BRENT_STEPS = 200
"""A bound on Brent's steps: each narrows the bracket, by at least its tolerance, so it is
only reached when that tolerance is below the floats' resolution."""
_TIES = 2
"""Finite scores equal to the best, at probes farther from it than the tolerance, in a row
that end the search: the score is flat there (a plateau)."""


def brent_minimum(
    score: Callable[[float], float], a: float, b: float, *, tolerance: float
) -> tuple[float, float]:
    """The least (score, point) found on [a, b] by Brent's method: golden-section steps,
    replaced by the vertex of the parabola through the last three points whenever that
    vertex lies well inside the bracket and the steps shrink (R. P. Brent, *Algorithms for
    Minimization without Derivatives*, 1973, chapter 5).

    On a smooth minimum the parabola's steps converge superlinearly, so the bracket is
    narrowed to about 4·``tolerance``·max(1, |x|) in a dozen scores where golden sections
    alone take about forty; where the score is flat, stepped or infinite, the steps are
    golden sections and the search is never slower than those. A point scoring the same as
    the best does not replace it, and :data:`_TIES` of them in a row, at finite scores and
    beyond the tolerance's reach, end the search. A score computed to a coarser precision
    than the bracket (a staircase) can mislead the parabola into stopping on a step far from
    the least value: :func:`golden_section` suits those. Unimodality is assumed, as for
    :func:`golden_section`.
    """
    x = w = v = a + _SHRINK * (b - a)
    fx = fw = fv = score(x)
    step = previous = 0.0
    ties = 0
    for _ in range(_BRENT_STEPS):
        middle = 0.5 * (a + b)
        tol1 = tolerance * max(1.0, abs(x))
        if abs(x - middle) <= 2.0 * tol1 - 0.5 * (b - a):
            return fx, x
        parabolic = False
        if abs(previous) > tol1 and math.isfinite(fx + fw + fv):
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2.0 * (q - r)
            p, q = (-p, q) if q > 0.0 else (p, -q)
            if abs(p) < abs(0.5 * q * previous) and q * (a - x) < p < q * (b - x):
                previous, step = step, p / q
                parabolic = True
                if (x + step) - a < 2.0 * tol1 or b - (x + step) < 2.0 * tol1:
                    step = math.copysign(tol1, middle - x)
        if not parabolic:
            previous = (a - x) if x >= middle else (b - x)
            step = _SHRINK * previous
        u = x + (step if abs(step) >= tol1 else math.copysign(tol1, step))
        fu = score(u)
        ties = ties + 1 if fu == fx and math.isfinite(fx) and abs(u - x) > 2.0 * tol1 else 0
        if ties == _TIES:  # flat here: no step can improve on x
            return fx, x
        if fu < fx:
            a, b = (x, b) if u >= x else (a, x)
            v, fv, w, fw, x, fx = w, fw, x, fx, u, fu
        else:
            a, b = (u, b) if u < x else (a, u)
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v in (x, w):
                v, fv = u, fu
    return fx, x

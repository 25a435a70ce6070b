"""Golden-section search: the least value of a unimodal function on an interval.

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

__all__ = ["golden_section"]

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

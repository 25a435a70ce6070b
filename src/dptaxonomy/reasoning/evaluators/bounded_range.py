"""Bounded range (ε-BR): the width of the set of values the privacy loss takes.

A mechanism is ε-BR when, for all neighbouring inputs, the privacy loss log(P(y)/Q(y)) lies
in some interval [t, t + ε] for every outcome y (Durfee and Rogers 2019; the definition as
Steinke's 2021 post states it). The least ε of a pair is the width of the loss's range,
sup_y L(y) − inf_y L(y), the same for (P, Q) and (Q, P); it is +∞ when one side puts mass
where the other puts none. A Laplace pair's loss takes every value in [−t, t], so its width
is 2t; a Gaussian pair's loss is unbounded unless the means agree.
"""

from __future__ import annotations

from decimal import Decimal

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.families import (
    INFINITE,
    Finite,
    Gaussian,
    Laplace,
    Pair,
    at_most,
    hull_max,
    is_infinite,
)
from dptaxonomy.reasoning.maps.intervals import Enclosure, least, log
from dptaxonomy.reasoning.maps.numeric import IV, lower, point, upper

__all__ = ["range_width"]


def _finite_width(pair: Finite) -> IV:
    losses = []
    for a, b in zip(pair.p, pair.q, strict=True):
        if upper(a) == 0 and upper(b) == 0:
            continue
        if lower(a) > 0 and lower(b) > 0:
            losses.append(log(a / b))
        elif (upper(a) == 0) != (upper(b) == 0):
            return INFINITE
        else:
            raise NumericError("a probability is too close to 0 to decide its support")
    highest = hull_max(losses)
    lowest = least(losses)
    width = highest - lowest  # [max low − min high, max high − min low], rounded outward
    return width if width.low >= 0 else Enclosure(Decimal(0), width.high)


def range_width(pair: Pair) -> IV | None:
    """The least ε for which the pair is ε-BR (an enclosure; None without a closed form)."""
    if isinstance(pair, Finite):
        return _finite_width(pair)
    if isinstance(pair, Laplace):
        return 2 * pair.t
    if isinstance(pair, Gaussian):
        return point(0.0) if upper(pair.mu) == 0 else INFINITE
    return None


def range_holds(pair: Pair, epsilon: IV) -> bool | None:
    """Whether the pair is ε-BR."""
    return at_most(range_width(pair), epsilon)


def range_violated(pair: Pair) -> bool | None:
    """Whether the pair is ε-BR for no ε (its loss is unbounded)."""
    width = range_width(pair)
    return None if width is None else is_infinite(width)

"""Operational risk of a guarantee: what an attacker can do, bounded soundly.

A guarantee that gives a trade-off function f (f-DP, DRS21 Section 2) bounds
every membership test between neighbours: at false-positive rate x its true-
positive rate is at most 1 − f(x), and its advantage TPR − FPR is at most
max_x (1 − x − f(x)). Two sources of f are used:

- μ-GDP: f = G_μ, whose largest advantage is 2Φ(μ/2) − 1 (at x = Φ(−μ/2));
- any set of (ε, δ) guarantees the mechanism meets: each gives f_{ε,δ}
  (DRS21 Section 2), so f ≥ max_i f_{ε_i,δ_i}; the advantage is then at most
  min_i (e^{ε_i} − 1 + 2δ_i)/(e^{ε_i} + 1), the value of 1 − x − f_{ε_i,δ_i}
  at its kink x = (1 − δ_i)/(1 + e^{ε_i}), and the TPR at x at most
  min_i (1 − f_{ε_i,δ_i}(x)).

Every number is the safe end of an interval enclosure (upper bounds rounded
up); curve points for plots are plain floats on the safe side too.
"""

from __future__ import annotations

from collections.abc import Sequence

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.tradeoff import GaussianTradeoff, PrivacyTradeoff, Tradeoff
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, lower, point, upper
from dptaxonomy.schema.arith import parse_expression

__all__ = ["FPR_LEVELS", "Risk", "gaussian_risk", "profile_risk"]

FPR_LEVELS = ("0.001", "0.01", "0.1")
"""The false-positive rates at which the card bounds an attacker's true-positive rate."""

_CURVE_POINTS = 101
_GDP_ADVANTAGE = parse_expression("2 * Phi(mu / 2) - 1")
_DP_ADVANTAGE = parse_expression("(exp(epsilon) - 1 + 2 * delta) / (exp(epsilon) + 1)")


@record
class Risk:
    """Sound upper bounds on a membership attacker's success, from one trade-off bound."""

    basis: str
    """Where the trade-off bound comes from, in words."""
    advantage: float
    """An upper bound on TPR − FPR of every test between neighbours."""
    tpr: tuple[tuple[str, float], ...]
    """(FPR, an upper bound on the TPR at that FPR)."""
    curve: tuple[tuple[float, float], ...]
    """Points (x, y) with y at most the trade-off curve at x: the plotted lower bound."""


def _curve(tradeoffs: Sequence[Tradeoff]) -> tuple[tuple[float, float], ...]:
    points = []
    for i in range(_CURVE_POINTS):
        x = i / (_CURVE_POINTS - 1)
        y = max(max(lower(t.at(point(x))), 0.0) for t in tradeoffs)
        points.append((x, y))
    return tuple(points)


def _tpr(tradeoffs: Sequence[Tradeoff]) -> tuple[tuple[str, float], ...]:
    return tuple(
        (level, min(1.0, *(upper(1 - t.at(exact(level))) for t in tradeoffs)))
        for level in FPR_LEVELS
    )


def gaussian_risk(mu: IV, basis: str) -> Risk:
    """The risk of a μ-GDP guarantee (``mu`` an enclosure; its upper end is used)."""
    high = exact(repr(upper(mu)))
    tradeoff = GaussianTradeoff(high)
    return Risk(
        basis,
        upper(evaluate_interval(_GDP_ADVANTAGE, {"mu": high})),
        _tpr([tradeoff]),
        _curve([tradeoff]),
    )


def profile_risk(points: Sequence[tuple[IV, IV]], basis: str) -> Risk | None:
    """The risk implied by (ε, δ) guarantees (each an enclosure pair; upper ends used).

    None when no point gives a bound (no points, or every δ ≥ 1).
    """
    pairs = [(exact(repr(upper(e))), exact(repr(upper(d)))) for e, d in points]
    usable = [(e, d) for e, d in pairs if upper(d) < 1]
    if not usable:
        return None
    tradeoffs = [PrivacyTradeoff(e, d) for e, d in usable]
    advantage = min(
        upper(evaluate_interval(_DP_ADVANTAGE, {"epsilon": e, "delta": d})) for e, d in usable
    )
    return Risk(basis, min(advantage, 1.0), _tpr(tradeoffs), _curve(tradeoffs))

"""Approximate zCDP at ρ = 0, on small finite pairs: a one-sided evaluator.

δ-approximate (ξ, ρ)-zCDP (BS16, read through the SoK's Section 3.3: "only
taking the Rényi divergence on events with probability higher than 1 − δ")
asks for events E of M(D₁) and E′ of M(D₂), each of probability at least
1 − δ, whose conditional distributions P|E and Q|E′ have D_α ≤ ξ + ρα both
ways for every order α > 1. At ρ = 0 the bound for every α is the bound at
α = ∞ (D_α increases to the largest log-ratio), so it reads: the
conditionals' log-ratios lie within ±ξ on their common support, and neither
conditional puts mass where the other has none.

Deterministic events (sets of outcomes) are tried exhaustively on pairs of at
most :data:`MAX_OUTCOMES` outcomes; E and E′ must then be the same set (an
outcome in one only would carry mass under one conditional alone). Finding
such an event proves the definition holds (True, certainly). Finding none proves nothing, since a
reading with randomised events allows more; so the evaluator never answers
False, and its ``violated`` and ``tightest`` are undecided.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from dptaxonomy.reasoning.evaluators.families import Finite, Pair
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, lower, point, upper
from dptaxonomy.schema.arith import parse_expression

__all__ = ["MAX_OUTCOMES", "approximate_zcdp_holds"]

MAX_OUTCOMES = 4
"""Largest number of outcomes whose 2ⁿ events are searched."""
_EXP = parse_expression("exp(x)")


def _events(masses: tuple[IV, ...], delta: IV) -> Iterator[tuple[int, ...]]:
    """Sets of outcomes of probability certainly at least 1 − δ (certainly positive)."""
    needed = point(1.0) - delta
    indices = range(len(masses))
    for size in range(1, len(masses) + 1):
        for chosen in itertools.combinations(indices, size):
            total = sum((masses[i] for i in chosen), point(0.0))
            if lower(total) >= upper(needed) and lower(total) > 0:
                yield chosen


def _close(p: tuple[IV, ...], q: tuple[IV, ...], event: tuple[int, ...], xi: IV) -> bool:
    """Whether P|E and Q|E certainly have every log-ratio within ±ξ (E: outcomes of certainly
    positive mass on both sides; two different events would leave mass on one side only)."""
    mass_p = sum((p[i] for i in event), point(0.0))
    mass_q = sum((q[i] for i in event), point(0.0))
    limit = evaluate_interval(_EXP, {"x": xi})
    for i in event:
        if lower(p[i]) <= 0 or lower(q[i]) <= 0:
            return False
        ratio = (p[i] / mass_p) / (q[i] / mass_q)
        if not (upper(ratio) <= lower(limit) and upper(point(1.0) / ratio) <= lower(limit)):
            return False
    return True


def approximate_zcdp_holds(pair: Pair, params: dict[str, IV]) -> bool | None:
    """True when deterministic events certify (ξ, 0, δ); None otherwise (never False)."""
    if not isinstance(pair, Finite) or len(pair.p) > MAX_OUTCOMES:
        return None
    xi, rho, delta = params["xi"], params["rho"], params["delta"]
    if upper(rho) != 0:
        return None
    events_q = set(_events(pair.q, delta))
    for event in _events(pair.p, delta):
        if event in events_q and _close(pair.p, pair.q, event, xi):
            return True
    return None

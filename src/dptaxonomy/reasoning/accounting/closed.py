"""Closed-form routes: privacy profiles δ(ε) given by a formula, inverted for ε at δ.

Both profiles here are exact for their extremal mechanism, so the interval that
brackets ε at δ gives an upper bound (the smallest ε whose δ is certainly small
enough) and a lower bound (the largest ε whose δ is certainly too large):

- μ-GDP, through the catalog's map from ``gaussian-dp`` to ``approximate-dp``
  (δ as an expression of μ and ε), passed in as ``profile``;
- k-fold ε-DP, through the catalog's ``optimal_pure`` closed form (Kairouz, Oh
  and Viswanath), evaluated by
  :func:`~dptaxonomy.reasoning.evaluators.closed_forms.optimal_pure_profile`.
"""

from __future__ import annotations

from collections.abc import Callable

from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_profile
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, lower, point, upper
from dptaxonomy.schema.arith import Node
from dptaxonomy.schema.arith_eval import evaluate

__all__ = ["gdp_epsilon", "invert", "pure_epsilon"]

_STEPS = 64


def invert(
    profile: Callable[[float], IV],
    delta: float,
    top: float,
    guess: Callable[[float], float] | None = None,
) -> tuple[float, float] | None:
    """(lower, upper) bounds on the smallest ε ≥ 0 with profile(ε) ≤ δ, for a decreasing profile.

    ``upper`` is an ε whose whole δ enclosure is ≤ δ; ``lower`` one whose whole
    enclosure is > δ (0 when even ε = 0 may satisfy it). None when no ε up to
    ``top`` is certainly enough. ``guess``, a fast floating-point profile, only
    places the search: every answer is checked on the enclosures, each computed once.
    """
    profile = _remembered(profile)
    if upper(profile(0.0)) <= delta:
        return 0.0, 0.0
    high = min(1.0, top)
    while upper(profile(high)) > delta:
        if high >= top:
            return None
        high = min(high * 2, top)  # ``top`` itself is tried: doubling past it must not skip it
    low_ok, high_ok = 0.0, high  # profile(high_ok) ≤ δ certainly
    if guess is not None:
        low, near = _narrow(guess, delta, 0.0, high)
        if upper(profile(near)) <= delta:
            low_ok, high_ok = low, near
    for _ in range(_STEPS):
        if high_ok - low_ok <= 1e-12 * high_ok:
            break
        middle = (low_ok + high_ok) / 2
        if upper(profile(middle)) <= delta:
            high_ok = middle
        else:
            low_ok = middle
    if lower(profile(0.0)) <= delta:
        return 0.0, high_ok
    low_bad, high_bad = (low_ok, high_ok) if lower(profile(low_ok)) > delta else (0.0, high_ok)
    for _ in range(_STEPS):
        if high_bad - low_bad <= 1e-12 * high_bad:
            break
        middle = (low_bad + high_bad) / 2
        if lower(profile(middle)) > delta:
            low_bad = middle
        else:
            high_bad = middle
    return low_bad, high_ok


def _remembered(profile: Callable[[float], IV]) -> Callable[[float], IV]:
    """``profile`` asked once per ε (enclosures are values: the second answer is the first)."""
    known: dict[float, IV] = {}

    def remembered(epsilon: float) -> IV:
        if epsilon not in known:
            known[epsilon] = profile(epsilon)
        return known[epsilon]

    return remembered


def _narrow(
    guess: Callable[[float], float], delta: float, low: float, high: float
) -> tuple[float, float]:
    """A bracket around the floating-point solution, widened by a relative 1e-10."""
    for _ in range(200):
        middle = (low + high) / 2
        if guess(middle) <= delta:
            high = middle
        else:
            low = middle
        if high - low <= 1e-15 * high:
            break
    return max(0.0, low * (1 - 1e-10)), high * (1 + 1e-10) + 1e-300


def gdp_epsilon(mu: IV, delta: float, profile: Node) -> tuple[float, float] | None:
    """Bounds on ε at δ for μ-GDP, through the catalog's δ(ε) map ``profile``."""
    middle = float(mu.mid)
    return invert(
        lambda epsilon: evaluate_interval(profile, {"mu": mu, "epsilon": point(epsilon)}),
        delta,
        1e6,
        lambda epsilon: evaluate(profile, {"mu": middle, "epsilon": epsilon}),
    )


def pure_epsilon(epsilon: IV, count: int, delta: float) -> tuple[float, float] | None:
    """Bounds on ε' at δ for the optimal ``count``-fold composition of ε-DP."""
    profile = optimal_pure_profile(epsilon, count)
    return invert(
        lambda target: profile(point(target)),
        delta,
        upper(epsilon) * count + 1,
    )

"""Closed forms of operation rules that no arithmetic expression writes, evaluated soundly.

``optimal_pure``: Kairouz, Oh and Viswanath's optimal k-fold composition of ε-DP. Every
k-fold (adaptive) composition of ε-DP mechanisms is (ε', δ(ε'))-DP with δ(ε') the privacy
profile of k-fold randomized response, a finite sum over the number j of truthful answers:

    δ(ε') = Σ_j [P(j) − e^ε' Q(j)]₊,  P(j) = C(k, j) p^j (1 − p)^(k − j),  Q(j) = P(k − j),

with p = e^ε / (1 + e^ε).
"""

from __future__ import annotations

from dptaxonomy.reasoning.maps.numeric import INTERVALS, IV, binomial_mass, lower, point, upper

__all__ = ["optimal_pure_delta"]


def _positive_part(value: IV) -> IV:
    if upper(value) <= 0:
        return point(0.0)
    if lower(value) >= 0:
        return value
    return INTERVALS.mpf([0, upper(value)])


def optimal_pure_delta(epsilon: IV, k: int, target: IV) -> IV:
    """δ(target) of the optimal k-fold composition of ε-DP (an enclosure)."""
    keep = INTERVALS.exp(epsilon) / (INTERVALS.exp(epsilon) + 1)
    scale = INTERVALS.exp(target)
    total = point(0.0)
    for j in range(k + 1):
        mass, other = binomial_mass(j, k, keep), binomial_mass(k - j, k, keep)
        total = total + _positive_part(mass - scale * other)
    return total

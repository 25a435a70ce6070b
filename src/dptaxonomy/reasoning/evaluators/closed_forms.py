"""Closed forms of operation rules that no arithmetic expression writes, evaluated soundly.

``optimal_pure``: Kairouz, Oh and Viswanath's optimal k-fold composition of ε-DP. Every
k-fold (adaptive) composition of ε-DP mechanisms is (ε', δ(ε'))-DP with δ(ε') the privacy
profile of k-fold randomized response, a finite sum over the number j of truthful answers:

    δ(ε') = Σ_j [P(j) − e^ε' Q(j)]₊,  P(j) = C(k, j) p^j (1 − p)^(k − j),  Q(j) = P(k − j),

with p = e^ε / (1 + e^ε).

``optimal_bounded_range``: Dong, Durfee and Rogers's optimal k-fold non-adaptive composition of
ε-bounded-range mechanisms. The worst ε-BR pair is a generalized randomized response: two
outcomes with privacy losses t and t − ε for some t in [0, ε], the first of mass
p_t = (e^(−t) − e^(−ε)) / (1 − e^(−ε)) under the second distribution. Composing k of them at
one t, i of the k outcomes the second kind,

    δ_t(ε') = Σ_i C(k, i) p_t^(k−i) (1 − p_t)^i [e^(kt − iε) − e^ε']₊,

and the optimum over t is at one of the k + 1 points t_ℓ = (ε' + (ℓ + 1)ε) / (k + 1) clipped
to [0, ε], ℓ = 0, …, k: δ(ε') = max_ℓ δ_(t_ℓ)(ε').

``subsampled_renyi``: bounds on the Rényi DP of a subsampled mechanism at an integer order
from its Rényi DP at the orders up to it, one per sampling scheme (:func:`poisson_renyi`,
:func:`without_replacement_renyi`); the Poisson-subsampled Gaussian's exact values are
:mod:`dptaxonomy.reasoning.accounting.subsampled`'s.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal

from dptaxonomy.reasoning.maps.intervals import Enclosure, exp, greatest, interval, least, log
from dptaxonomy.reasoning.maps.numeric import IV, binomial_mass, lower, point, upper

__all__ = [
    "optimal_pure_delta",
    "optimal_pure_guess",
    "optimal_pure_profile",
    "optimal_range_delta",
    "poisson_renyi",
    "positive_part",
    "range_candidates",
    "range_response_delta",
    "without_replacement_renyi",
]

_ZERO = Decimal(0)


def positive_part(value: IV) -> IV:
    if upper(value) <= 0:
        return point(0.0)
    if lower(value) >= 0:
        return value
    return interval(0, value)


def optimal_pure_delta(epsilon: IV, k: int, target: IV) -> IV:
    """δ(target) of the optimal k-fold composition of ε-DP (an enclosure)."""
    return optimal_pure_profile(epsilon, k)(target)


def optimal_pure_profile(epsilon: IV, k: int) -> Callable[[IV], IV]:
    """:func:`optimal_pure_delta` as a function of the target, the k + 1 binomial masses of
    k-fold randomized response computed once (a search asks for many targets)."""
    keep = exp(epsilon) / (exp(epsilon) + 1)
    masses = [binomial_mass(j, k, keep) for j in range(k + 1)]

    def delta(target: IV) -> IV:
        scale = exp(target)
        total = point(0.0)
        for j in range(k + 1):
            total = total + positive_part(masses[j] - scale * masses[k - j])
        return total

    return delta


def optimal_pure_guess(epsilon: float, k: int) -> Callable[[float], float]:
    """:func:`optimal_pure_profile` in floating point, from the masses' logarithms (no
    overflow for large k): fast and close, not certified; it only proposes where to check."""
    spread = math.log1p(math.exp(-epsilon))  # log(1 + e^(−ε)) = −log p
    logs = [
        math.log(math.comb(k, j)) - j * spread - (k - j) * (epsilon + spread) for j in range(k + 1)
    ]

    def delta(target: float) -> float:
        total = 0.0
        for j in range(k + 1):
            gap = logs[k - j] + target - logs[j]  # log(e^target Q(j) / P(j))
            if gap < 0:
                total -= math.exp(logs[j]) * math.expm1(gap)
        return total

    return delta


def range_candidates(epsilon: IV, k: int, target: IV) -> list[IV]:
    """The points t_ℓ = (ε' + (ℓ + 1)ε) / (k + 1), ℓ = 0, …, k, clipped to [0, ε]."""
    found = []
    for ell in range(k + 1):
        t = (target + (ell + 1) * epsilon) / (k + 1)
        low, high = (min(max(end, _ZERO), epsilon.high) for end in (t.low, t.high))
        found.append(Enclosure(min(low, high), high))
    return found


def range_response_delta(epsilon: IV, t: IV, k: int, target: IV) -> IV:
    """δ(target) of k-fold generalized randomized response with losses t and t − ε (ε > 0)."""
    first = (exp(-t) - exp(-epsilon)) / (1 - exp(-epsilon))
    scale = exp(target)
    total = point(0.0)
    for i in range(k + 1):
        gap = exp(k * t - i * epsilon) - scale
        total = total + binomial_mass(k - i, k, first) * positive_part(gap)
    return total


def optimal_range_delta(epsilon: IV, k: int, target: IV) -> IV:
    """δ(target) of the optimal k-fold non-adaptive composition of ε-BR (an enclosure)."""
    if upper(epsilon) == 0:
        return point(0.0)
    values = [
        range_response_delta(epsilon, t, k, target) for t in range_candidates(epsilon, k, target)
    ]
    return greatest(values)


def _order_sum(terms: list[IV]) -> IV:
    total = point(0.0)
    for term in terms:
        total = total + term
    return total


def poisson_renyi(curve: dict[int, IV], q: IV, alpha: int) -> IV:
    """Zhu and Wang's general bound on the Rényi DP at integer order α ≥ 2 of a mechanism with
    Rényi DP ``curve[j]`` at the orders j = 2, …, α, run on a Poisson subsample of rate q
    (add/remove neighbours):

        (1/(α − 1)) log[(1 − q)^(α−1)(αq − q + 1) + C(α, 2) q² (1 − q)^(α−2) e^ε(2)
                        + 3 Σ_{j=3..α} C(α, j) q^j (1 − q)^(α−j) e^((j−1)ε(j))].
    """
    one = point(1.0)
    head = (one - q) ** (alpha - 1) * (alpha * q - q + 1)
    terms = [binomial_mass(2, alpha, q) * exp(curve[2])]
    terms += [3 * binomial_mass(j, alpha, q) * exp((j - 1) * curve[j]) for j in range(3, alpha + 1)]
    return log(head + _order_sum(terms)) / (alpha - 1)


def _capped(value: IV, power: int) -> IV:
    """min{2, (e^value − 1)^power}, an enclosure (value may be +∞)."""
    if value.low.is_infinite():  # certainly +∞ (an ε(∞) is never −∞)
        return point(2.0)
    grown = (exp(value) - 1) ** power
    return least((grown, point(2.0)))


def without_replacement_renyi(curve: dict[int, IV], pure: IV, q: IV, alpha: int) -> IV:
    """Wang, Balle and Kasiviswanathan's general bound on the Rényi DP at integer order α ≥ 2
    of a mechanism with Rényi DP ``curve[j]`` (j = 2, …, α) and pure ε(∞) = ``pure``, run on a
    subsample of m = qn records drawn without replacement (replace-one neighbours):

        (1/(α − 1)) log[1 + q² C(α, 2) min{4(e^ε(2) − 1), e^ε(2) min{2, (e^ε(∞) − 1)²}}
                        + Σ_{j=3..α} q^j C(α, j) e^((j−1)ε(j)) min{2, (e^ε(∞) − 1)^j}].
    """
    second = exp(curve[2])
    four = 4 * (second - 1)
    other = second * _capped(pure, 2)
    smaller = least((four, other))
    terms = [q**2 * math.comb(alpha, 2) * smaller]
    terms += [
        q**j * math.comb(alpha, j) * exp((j - 1) * curve[j]) * _capped(pure, j)
        for j in range(3, alpha + 1)
    ]
    return log(1 + _order_sum(terms)) / (alpha - 1)

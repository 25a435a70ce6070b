"""The privacy-loss distribution of one run of a component, as a distribution function.

For a dominating pair (P, Q) the privacy loss is L = log(dP/dQ)(X) with X ~ P;
composing mechanisms adds independent losses, and δ(ε) = E[(1 - e^(ε - L))₊]
(Sommer, Meiser and Mosbach 2019; Koskela, Jälkö and Honkela 2020, Section 2).
Each shape here gives the distribution function F(t) = P(L ≤ t) (right-continuous,
atoms included), vectorised over a numpy array of t, and the range outside
which less than :data:`TAIL` of the mass lies. The pairs are:

- Gaussian, μ-GDP: N(μ, 1) vs N(0, 1); L ~ N(μ²/2, μ²) (Dong, Roth and Su, Section 2).
- Laplace of ε = Δ/b: atoms ½ at +ε and ½e^(-ε) at -ε, F(t) = ½e^((t-ε)/2) between.
- ε-DP: randomized response, the extremal pair of every ε-DP mechanism
  (Kairouz, Oh and Viswanath 2015): L = ±ε with masses e^ε/(1+e^ε), 1/(1+e^ε).
- (ε, δ)-DP: the same with an atom δ at +∞ (the same source's extremal mechanism).
- Poisson-subsampled Gaussian at rate q, add/remove neighbours: "remove" is
  ((1-q)N(0,1) + qN(μ,1), N(0,1)), "add" the pair swapped (Zhu, Dong and Wang
  2022, dominating pairs of subsampled mechanisms); both are evaluated.

The values returned are floats; :mod:`~dptaxonomy.reasoning.accounting.pld`
makes every use of them safe (shifted arguments, relative margins).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from dptaxonomy.reasoning.accounting.components import Component, Shape
from dptaxonomy.reasoning.maps.numeric import lower, upper
from dptaxonomy.schema.enums import Sampling

__all__ = ["TAIL", "Direction", "LossCdf", "loss_cdf", "quantile"]

TAIL = 1e-18
"""Mass left outside a loss distribution's range by default (it goes to +∞ or the lowest bin)."""

_Z = 9.0
"""Standard normal quantile beyond which less than TAIL lies (Φ(-9) ≈ 1.1e-19)."""
_Z_LOW = 14.0
"""The quantile for the low end of a connected-dots grid: Φ(-14) < 1e-44 (see pld.discretise)."""


class Direction(StrEnum):
    """Which neighbour is removed: the two orders of a dominating pair."""

    remove = "remove"
    add = "add"


Array = Any
"""A numpy float array (numpy ships its own types, but the shapes are not worth spelling)."""


def _phi(z: Array) -> Array:
    """Φ elementwise: scipy's ``ndtr`` when installed (fast), else the standard library's erfc."""
    import numpy as np

    values = np.asarray(z, dtype=float)
    try:
        from scipy.special import ndtr
    except ImportError:
        erfc = np.frompyfunc(math.erfc, 1, 1)
        return 0.5 * np.asarray(erfc(-values / math.sqrt(2)), dtype=float)
    return np.asarray(ndtr(values), dtype=float)


class LossCdf:
    """A run's loss L = log(dP/dQ): its distribution functions under P and under Q.

    ``cdf``/``survival`` give P(L ≤ t) and P(L > t); ``q_cdf``/``q_survival``
    give Q(L ≤ t) and Q(L > t) (each accurate where it is small, so that
    δ(ε) = P(L > ε) − e^ε Q(L > ε) and its slopes are computed without
    cancellation); [low, high] holds all of P but TAIL.
    """

    def __init__(
        self,
        cdf: Callable[[Array], Array],
        low: float,
        high: float,
        infinity: float = 0.0,
        pair: tuple[Callable[[Array], Array], ...] | None = None,
        survival: Callable[[Array], Array] | None = None,
    ) -> None:
        self.cdf = cdf
        self.low = low
        self.high = high
        self.infinity = infinity
        """Mass at +∞ (an (ε, δ) guarantee's δ)."""
        self.pair = pair
        """(P survival, Q distribution, Q survival) of a continuous loss (to connect the dots)."""
        self.survival = survival if survival is not None else (pair[0] if pair else None)
        """P(L > t) for finite L, accurate where small (a continuous loss: its pair's first)."""


def quantile(tail: float) -> float:
    """A standard normal quantile z ≥ 9 with Φ(−z) ≤ ``tail`` (Φ(−z) ≤ e^(−z²/2) for z ≥ 1)
    where ``tail`` is below :data:`TAIL` (9 for it)."""
    return _Z if tail >= TAIL else max(_Z, math.sqrt(2 * math.log(1 / tail)))


def _gaussian(mu: float, z: float = _Z) -> LossCdf:
    mean = mu * mu / 2
    return LossCdf(
        lambda t: _phi((t - mean) / mu),
        mean - _Z_LOW * mu,
        mean + z * mu,
        pair=(
            lambda t: _phi((mean - t) / mu),
            lambda t: _phi((t + mean) / mu),
            lambda t: _phi(-(t + mean) / mu),
        ),
    )


def _laplace(epsilon: float) -> LossCdf:
    import numpy as np

    def cdf(t: Array) -> Array:
        inside = 0.5 * np.exp((np.minimum(t, epsilon) - epsilon) / 2)
        return np.where(t < -epsilon, 0.0, np.where(t >= epsilon, 1.0, inside))

    def survival(t: Array) -> Array:
        inside = 1 - 0.5 * np.exp((np.clip(t, -epsilon, epsilon) - epsilon) / 2)
        return np.where(t < -epsilon, 1.0, np.where(t >= epsilon, 0.0, inside))

    def q_survival(t: Array) -> Array:
        # under Q = Lap(0, 1): x ≤ 0 gives -ε (mass ½), x ≥ ε gives +ε, between l = 2x - ε
        inside = 0.5 * np.exp(-(np.clip(t, -epsilon, epsilon) + epsilon) / 2)
        return np.where(t < -epsilon, 1.0, np.where(t >= epsilon, 0.0, inside))

    def q_cdf(t: Array) -> Array:
        return 1.0 - q_survival(t)

    return LossCdf(cdf, -epsilon, epsilon, pair=(survival, q_cdf, q_survival))


def _response(epsilon: float, delta: float) -> LossCdf:
    import numpy as np

    low_mass = (1 - delta) / (1 + math.exp(epsilon))

    high_mass = (1 - delta) / (1 + math.exp(-epsilon))

    def cdf(t: Array) -> Array:
        return np.where(t < -epsilon, 0.0, np.where(t >= epsilon, 1 - delta, low_mass))

    def survival(t: Array) -> Array:
        return np.where(t < -epsilon, 1 - delta, np.where(t >= epsilon, 0.0, high_mass))

    return LossCdf(cdf, -epsilon, epsilon, delta, survival=survival)


def _subsampled(mu: float, q: float, direction: Direction, z: float = _Z) -> LossCdf:
    import numpy as np

    floor = math.log1p(-q)

    def argument(t: Array) -> Array:
        """x with l(x) = t for l(x) = log(1 - q + q e^(μx - μ²/2)), where t > log(1 - q)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            excess = np.expm1(t - floor) * (1 - q)  # e^t - (1 - q), without cancellation
            ratio = np.expm1(t) / q  # e^(μx − μ²/2) − 1: its log1p keeps small μ accurate
            logged = np.where(ratio > -0.5, np.log1p(ratio), np.log(excess / q))
            return (logged + mu * mu / 2) / mu

    def loss(x: float) -> float:
        return math.log1p(-q) + math.log1p(q / (1 - q) * math.exp(mu * x - mu * mu / 2))

    def mixture(x: Array) -> Array:
        return (1 - q) * _phi(x) + q * _phi(x - mu)

    def mixture_above(x: Array) -> Array:
        return (1 - q) * _phi(-x) + q * _phi(mu - x)

    def above(t: Array, inner: Callable[[Array], Array], outside: float) -> Array:
        return np.where(t <= floor, outside, inner(argument(t)))

    if direction is Direction.remove:  # P = mixture, Q = N(0, 1), L = l(X)
        return LossCdf(
            lambda t: above(t, mixture, 0.0),
            floor,
            loss(mu + z),
            pair=(
                lambda t: above(t, mixture_above, 1.0),
                lambda t: above(t, _phi, 0.0),
                lambda t: above(t, lambda x: _phi(-x), 1.0),
            ),
        )
    # add: P = N(0, 1), Q = mixture, L = -l(X); L ≤ t iff X ≥ x(-t)
    return LossCdf(
        lambda t: above(-t, lambda x: _phi(-x), 1.0),
        -loss(_Z_LOW),
        -floor,
        pair=(
            lambda t: above(-t, _phi, 0.0),
            lambda t: above(-t, mixture_above, 1.0),
            lambda t: above(-t, mixture, 0.0),
        ),
    )


def loss_cdf(
    component: Component, direction: Direction, *, pessimistic: bool, tail: float = TAIL
) -> LossCdf:
    """One run's loss distribution, at the parameters' pessimistic (or optimistic) ends.

    An unbounded loss's range reaches up to where less than ``tail`` of P lies above it
    (at least :data:`TAIL`'s reach), so that a small δ can ask for a wider range.

    Every shape's loss grows stochastically with each parameter (μ, ε, δ, q),
    so the upper ends give a pair dominating the true one and the lower ends a
    pair it dominates. Shapes without a loss distribution (zCDP, RDP) raise
    ``ValueError``; callers check :func:`has_pld` first.
    """
    pick = component.high if pessimistic else component.low
    shape = component.shape
    if component.sampling is Sampling.poisson:
        assert shape is Shape.gaussian
        assert component.rate is not None
        q = upper(component.rate) if pessimistic else lower(component.rate)
        if q < 1:
            return _subsampled(pick("mu"), q, direction, quantile(tail))
    if shape is Shape.gaussian:
        return _gaussian(pick("mu"), quantile(tail))
    if shape is Shape.laplace:
        return _laplace(pick("epsilon"))
    if shape is Shape.pure:
        return _response(pick("epsilon"), 0.0)
    if shape is Shape.approximate:
        return _response(pick("epsilon"), pick("delta"))
    raise ValueError(f"{shape} has no privacy-loss distribution")

"""Privacy-loss quantities of a pair of neighbouring output distributions, as sound enclosures.

A :class:`Pair` is a worst-case pair (P, Q) of a mechanism's outputs on
neighbouring inputs; every quantity is taken over both orders (P, Q) and
(Q, P), as the definitions quantify over ordered neighbours. Values are
enclosures from :mod:`dptaxonomy.reasoning.maps.intervals` (outward rounding), so
the true value always lies inside; ``None`` means the family has no closed
form for that quantity, and ``INFINITE`` that it is +∞.

Φ is enclosed by :mod:`~dptaxonomy.reasoning.maps.normal`; ζ and ζ′, which the
enclosures lack, come from mpmath through
:mod:`~dptaxonomy.reasoning.evaluators.zeta_values` (loaded only when a zeta pair
asks).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.zeta_values import exact_real, real_context, real_end, widen
from dptaxonomy.reasoning.maps.intervals import Enclosure, exp, greatest, interval, log
from dptaxonomy.reasoning.maps.normal import phi
from dptaxonomy.reasoning.maps.numeric import IV, lower, point, upper

__all__ = [
    "INFINITE",
    "STRICT",
    "Finite",
    "Gaussian",
    "Laplace",
    "Pair",
    "Zeta",
    "at_most",
    "hull_max",
    "is_infinite",
]

INFINITE: IV = point(math.inf)
"""The enclosure of +∞."""


def is_infinite(value: IV) -> bool:
    """Whether the enclosure is +∞ (a quantity that is certainly unbounded)."""
    return math.isinf(lower(value)) and lower(value) > 0


STRICT: ContextVar[bool] = ContextVar("strict", default=False)
"""When set, :func:`at_most` answers True only when certain (no tolerance for a tight claim):
a check that refutes because one side *holds* needs that side to hold for certain."""


def at_most(value: IV | None, bound: IV) -> bool | None:
    """value ≤ bound: True certainly, False certainly not, None undecided (or no value)."""
    if value is None:
        return None
    if is_infinite(value):
        return is_infinite(bound) or False
    if upper(value) <= lower(bound):
        return True
    if lower(value) > upper(bound):
        return False
    if STRICT.get():
        return None
    # equal up to the enclosures' width: a tight claim, consistent
    return True if upper(value) - lower(bound) <= 1e-12 * max(1.0, abs(upper(bound))) else None


class Pair:
    """A pair of neighbouring output distributions; subclasses give the closed forms."""

    def epsilon(self) -> IV:
        """The ε of ε-DP: the supremum of |log(p/q)| (``INFINITE`` when unbounded)."""
        raise NotImplementedError

    def renyi(self, alpha: IV) -> IV | None:  # noqa: ARG002
        """max(D_α(P‖Q), D_α(Q‖P)) for α > 1 (:meth:`renyi_at` checks the order)."""
        return None

    def renyi_at(self, alpha: IV) -> IV | None:
        """:meth:`renyi`, refusing an order that may be ≤ 1."""
        if lower(alpha) <= 1:
            raise NumericError("a Rényi order must be > 1")
        return self.renyi(alpha)

    def renyi_unbounded(self) -> bool | None:
        """Whether D_α is +∞ at every order α > 1, so Rényi DP fails for every (α, ε).

        A leak decides it; a family overrides this when its closed form does."""
        return self.leaks()

    def kl(self) -> IV | None:
        """max(KL(P‖Q), KL(Q‖P))."""
        return None

    def tv(self) -> IV | None:
        """Total-variation distance."""
        return None

    def delta(self, epsilon: IV) -> IV | None:  # noqa: ARG002
        """The privacy profile δ(ε) = max over orders of E_Q[(p/q − e^ε)₊] (hockey stick)."""
        return None

    def probabilistic_delta(self, epsilon: IV) -> IV | None:  # noqa: ARG002
        """The tightest δ of probabilistic DP at ε: the mass where the loss exceeds ε."""
        return None

    def gaussian_mu(self) -> IV | None:
        """μ when the pair is exactly a Gaussian shift (μ-GDP, zCDP with ρ = μ²/2)."""
        return None

    def leaks(self) -> bool | None:
        """Whether some output has positive probability under one side and 0 under the other."""
        return None


@record
class Gaussian(Pair):
    """N(0, σ²) against N(shift, σ²): the privacy loss is N(μ²/2, μ²) with μ = |shift|/σ."""

    shift: IV
    sigma: IV

    def __post_init__(self) -> None:
        if not lower(self.sigma) > 0:
            raise NumericError("a Gaussian pair needs sigma > 0")

    @property
    def mu(self) -> IV:
        return abs(self.shift) / self.sigma

    def epsilon(self) -> IV:
        return INFINITE if upper(abs(self.shift)) > 0 else point(0.0)

    def renyi(self, alpha: IV) -> IV:
        return alpha * self.mu**2 / 2

    def kl(self) -> IV:
        return self.mu**2 / 2

    def tv(self) -> IV:
        return 2 * phi(self.mu / 2) - 1

    def delta(self, epsilon: IV) -> IV:
        mu = self.mu
        return phi(-epsilon / mu + mu / 2) - exp(epsilon) * phi(-epsilon / mu - mu / 2)

    def probabilistic_delta(self, epsilon: IV) -> IV:
        mu = self.mu
        return phi(mu / 2 - epsilon / mu)

    def gaussian_mu(self) -> IV:
        return self.mu

    def leaks(self) -> bool:
        return False


@record
class Laplace(Pair):
    """Lap(0, b) against Lap(shift, b); t = |shift|/b is the largest privacy loss."""

    shift: IV
    scale: IV

    def __post_init__(self) -> None:
        if not lower(self.scale) > 0:
            raise NumericError("a Laplace pair needs scale > 0")

    @property
    def t(self) -> IV:
        return abs(self.shift) / self.scale

    def epsilon(self) -> IV:
        return self.t

    def renyi(self, alpha: IV) -> IV:
        t = self.t
        inside = alpha / (2 * alpha - 1) * exp((alpha - 1) * t) + (alpha - 1) / (
            2 * alpha - 1
        ) * exp(-alpha * t)
        return log(inside) / (alpha - 1)

    def kl(self) -> IV:
        t = self.t
        return t + exp(-t) - 1

    def tv(self) -> IV:
        return 1 - exp(-self.t / 2)

    def delta(self, epsilon: IV) -> IV:
        t = self.t
        if lower(epsilon) >= upper(t):
            return point(0.0)
        if upper(epsilon) < lower(t):
            return 1 - exp((epsilon - t) / 2)
        raise NumericError("ε is too close to the Laplace pair's ε to decide δ(ε)")

    def probabilistic_delta(self, epsilon: IV) -> IV:
        t = self.t
        if lower(epsilon) >= upper(t):
            return point(0.0)
        if upper(epsilon) < lower(t):
            return 1 - exp(-(t - epsilon) / 2) / 2
        raise NumericError("ε is too close to the Laplace pair's ε to decide δ(ε)")

    def leaks(self) -> bool:
        return False


@record
class Finite(Pair):
    """Two distributions over the same finitely many outcomes."""

    p: tuple[IV, ...]
    q: tuple[IV, ...]

    def __post_init__(self) -> None:
        for masses in (self.p, self.q):
            total = sum(masses, point(0.0))
            if any(lower(m) < 0 for m in masses) or not lower(total) <= 1 <= upper(total):
                raise NumericError("a finite pair needs two probability vectors")

    def _orders(self) -> tuple[tuple[tuple[IV, ...], tuple[IV, ...]], ...]:
        return ((self.p, self.q), (self.q, self.p))

    @staticmethod
    def _zero(value: IV) -> bool | None:
        """True if certainly 0, False if certainly positive, None if undecided."""
        if upper(value) == 0:
            return True
        return False if lower(value) > 0 else None

    def _support(self, a: IV, b: IV) -> str:
        """'both', 'none', 'leak' (a > 0 = b) or 'neither-side-needed' (a = 0)."""
        za, zb = self._zero(a), self._zero(b)
        if za is None or zb is None:
            raise NumericError("a probability is too close to 0 to decide its support")
        if za:
            return "none"
        return "leak" if zb else "both"

    def leaks(self) -> bool:
        pairs = [(a, b) for p, q in self._orders() for a, b in zip(p, q, strict=True)]
        return any(self._support(a, b) == "leak" for a, b in pairs)

    def epsilon(self) -> IV:
        if self.leaks():
            return INFINITE
        ratios = [point(0.0)]
        for p, q in self._orders():
            for a, b in zip(p, q, strict=True):
                if self._support(a, b) == "both":
                    ratios.append(log(a / b))
        return hull_max(ratios)

    def renyi(self, alpha: IV) -> IV:
        if self.leaks():
            return INFINITE
        results = []
        for p, q in self._orders():
            total = point(0.0)
            for a, b in zip(p, q, strict=True):
                if self._support(a, b) == "both":
                    total += exp(alpha * log(a) + (1 - alpha) * log(b))
            results.append(log(total) / (alpha - 1))
        return hull_max(results)

    def kl(self) -> IV:
        if self.leaks():
            return INFINITE
        results = []
        for p, q in self._orders():
            total = point(0.0)
            for a, b in zip(p, q, strict=True):
                if self._support(a, b) == "both":
                    total += a * log(a / b)
            results.append(total)
        return hull_max(results)

    def tv(self) -> IV:
        return sum((abs(a - b) for a, b in zip(self.p, self.q, strict=True)), point(0.0)) / 2

    def delta(self, epsilon: IV) -> IV:
        return self._over_excess(epsilon, lambda _p, excess: excess)

    def probabilistic_delta(self, epsilon: IV) -> IV:
        return self._over_excess(epsilon, lambda p, _excess: p)

    def _over_excess(self, epsilon: IV, mass: Callable[[IV, IV], IV]) -> IV:
        """Worst order's sum of ``mass(p(o), excess)`` over the outputs o where the excess
        p(o) - e^ε q(o) is positive; where its sign is uncertain, [0, upper(mass)] enters."""
        factor = exp(epsilon)
        results = []
        for p, q in self._orders():
            total = point(0.0)
            for a, b in zip(p, q, strict=True):
                excess = a - factor * b
                if lower(excess) > 0:
                    total += mass(a, excess)
                elif upper(excess) > 0:
                    total += interval(0, mass(a, excess))
            results.append(total)
        return hull_max(results)


@record
class Zeta(Pair):
    """Zeta(a) against Zeta(b) on the positive integers, P(k) = k^-a/ζ(a), with 1 < a < b."""

    a: IV
    b: IV

    def _exponents(self) -> tuple[Any, Any]:
        a, b = exact_real(self.a), exact_real(self.b)
        if not 1 < a < b:
            raise NumericError("a zeta pair needs 1 < a < b")
        return a, b

    def epsilon(self) -> IV:
        return INFINITE

    def renyi(self, alpha: IV) -> IV:
        a, b = self._exponents()
        mp = real_context()
        results = []
        for heavy, light in ((a, b), (b, a)):
            # Σ P^α Q^(1−α) = ζ(αh + (1−α)l) / (ζ(h)^α ζ(l)^(1−α)) for P = Zeta(h), Q = Zeta(l)
            # D_α grows with α: its ends at α's ends, rounded outward, enclose it
            ends = (real_end(alpha.low, up=False), real_end(alpha.high, up=True))
            finite = [order * (heavy - light) + light > 1 for order in ends]
            if not any(finite):
                return INFINITE
            if not all(finite):
                raise NumericError("α is too close to the order where the divergence blows up")
            terms = []
            for order in ends:
                exponent = order * heavy + (1 - order) * light
                value = (
                    mp.log(mp.zeta(exponent))
                    - order * mp.log(mp.zeta(heavy))
                    - (1 - order) * mp.log(mp.zeta(light))
                ) / (order - 1)
                terms.append(widen(value))
            results.append(_hull(terms))
        return hull_max(results)

    def kl(self) -> IV:
        a, b = self._exponents()
        mp = real_context()
        results = []
        for heavy, light in ((a, b), (b, a)):
            mean_log = -mp.zeta(heavy, derivative=1) / mp.zeta(heavy)
            value = (light - heavy) * mean_log + mp.log(mp.zeta(light)) - mp.log(mp.zeta(heavy))
            results.append(widen(value))
        return hull_max(results)

    def leaks(self) -> bool:
        return False


def _hull(values: list[IV]) -> IV:
    """The smallest enclosure holding every value (for a quantity monotone in its argument)."""
    return Enclosure(min(v.low for v in values), max(v.high for v in values))


def hull_max(values: list[IV]) -> IV:
    """An enclosure of the maximum of the enclosed values."""
    if any(is_infinite(v) for v in values):
        return INFINITE
    return greatest(values)

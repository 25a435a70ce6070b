"""The optimal single-order conversion from Rényi DP to (ε, δ)-DP, in floating point.

A pair (P, Q) with D_α(P‖Q) ≤ r (order α > 1) has a likelihood ratio L = dP/dQ
with E_Q[L] = 1 and E_Q[L^α] ≤ M := e^{(α−1)r}; its hockey-stick divergence at
γ = e^ε is E_Q[(L − γ)_+]. The optimal conversion (Asoodeh, Liao, Calmon, Kosut
and Sankar, ISIT 2021, the joint range of Rényi and hockey-stick divergences) is

    δ*_α(ε) = sup{E_Q[(L − γ)_+] : L ≥ 0, E_Q L = 1, E_Q L^α ≤ M},

and the grammar's ``rdp_epsilon(alpha, r, delta)`` is the smallest ε ≥ 0 with
δ*_α(ε) ≤ δ. This module only *proposes* it: the supremum is taken over
two-atom laws L ∈ {1 − u, b} (0 < u ≤ 1 < b, mass q = u / (b − 1 + u) at b, so
that E L = 1), the moment constraint active. Such a law is (ε, δ)-DP exactly
when q(b − γ) ≤ δ, i.e. γ ≥ φ(u) := b − δ(b − 1 + u)/u, so the proposal is
γ* = max_u φ(u), with b = b(u) the root of the convex function

    F(b) = u b^α + (b − 1)(1 − u)^α − M(b − 1 + u)

(F(1) < 0 when M > 1; Newton's method started at (M/u)^{1/(α−1)}, where F > 0,
decreases monotonically to it). The optimum lies at u ≥ δ (for u < δ, φ < 1),
so u is searched on a log scale over [δ, 1] by golden section.

The proposal is made sound in :mod:`dptaxonomy.reasoning.maps.renyi_certificate`:
the optimal law's tangency conditions give the dual multipliers (λ, ν) returned
here (:attr:`Witness.multipliers`), whose dual value, evaluated in interval
arithmetic, bounds δ*_α from above (weak duality), and the law itself bounds
it from below. Floats only rank and propose; they never decide a bound.

>>> w = optimal_witness(2.0, 0.5, 1e-3)
>>> round(math.log(w.gamma), 6), round(rdp_epsilon(2.0, 0.5, 1e-3), 6)
(5.09485, 5.09485)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Witness", "optimal_witness", "rdp_epsilon"]

_GOLDEN = (math.sqrt(5.0) - 1.0) / 2.0
_SEARCH_STEPS = 80
_NEWTON_STEPS = 200
_LOG_MAX = 700.0
"""Above e^700 a float overflows: a search meeting such a law gives no proposal."""


@dataclass(frozen=True)
class Witness:
    """The two-atom law L ∈ {1 − u, b} with mass u/(b − 1 + u) at b, and γ* = φ(u)."""

    alpha: float
    u: float
    b: float
    gamma: float

    @property
    def mass(self) -> float:
        """The probability q of the atom b (under Q)."""
        return self.u / (self.b - 1.0 + self.u)

    def multipliers(self, gamma: float) -> tuple[float, float]:
        """Dual multipliers (λ, ν) for the threshold ``gamma`` ≥ γ*, from the law's tangency.

        The dual's g(x) = (x − γ)_+ − λx^α − νx is stationary at both atoms:
        −λα a^{α−1} − ν = 0 at a = 1 − u and 1 − ν − λα b^{α−1} = 0 at b (at u = 1,
        a = 0 is a boundary: g(0) = g(b) and g'(b) = 0 instead). Raising γ by Δ
        lowers g's right piece by Δ; lowering ν by Δ/(b − a) levels the two pieces
        again and lowers the dual value by about qΔ, which absorbs rounding.
        """
        alpha, a, b = self.alpha, 1.0 - self.u, self.b
        if a <= 0.0:
            lam = self.gamma / ((alpha - 1.0) * b**alpha)
            nu = 1.0 - lam * alpha * b ** (alpha - 1.0)
        else:
            lam = 1.0 / (alpha * (b ** (alpha - 1.0) - a ** (alpha - 1.0)))
            nu = -lam * alpha * a ** (alpha - 1.0)
        return lam, nu - (gamma - self.gamma) / (b - max(a, 0.0))


def _atom(u: float, alpha: float, big_m: float, log_m: float) -> float | None:
    """The root b > 1 of F for this u (None when it is beyond the float range)."""
    log_start = (log_m - math.log(u)) / (alpha - 1.0)
    if log_start > _LOG_MAX:
        return None
    b = math.exp(log_start)
    low = (1.0 - u) ** alpha
    for _ in range(_NEWTON_STEPS):
        f = u * b**alpha + (b - 1.0) * low - big_m * (b - 1.0 + u)
        slope = alpha * u * b ** (alpha - 1.0) + low - big_m
        if slope <= 0.0:
            break
        step = f / slope
        if not step > b * 1e-16:
            break
        b -= step
    return max(b, 1.0)


def optimal_witness(alpha: float, r: float, delta: float) -> Witness | None:
    """The best two-atom law for (α, r, δ), or None when M ≤ 1 or δ ≥ 1 (then ε* = 0).

    Raises ValueError outside α > 1, r ≥ 0, δ > 0 and OverflowError when a law
    of the search does not fit in floats (α close to 1 with a small δ).
    """
    if not (alpha > 1.0 and r >= 0.0 and delta > 0.0):
        raise ValueError("rdp_epsilon needs alpha > 1, r >= 0 and delta > 0")
    log_m = (alpha - 1.0) * r
    if log_m > _LOG_MAX:
        raise OverflowError("e^((alpha - 1) r) is beyond the float range")
    big_m = math.exp(log_m)
    if big_m <= 1.0 or delta >= 1.0:
        return None

    def phi(t: float) -> tuple[float, float, float]:
        u = math.exp(t)
        b = _atom(u, alpha, big_m, log_m)
        if b is None:  # its φ may be the largest: no proposal at all
            raise OverflowError("a two-atom law is beyond the float range")
        return b - delta * (b - 1.0 + u) / u, u, b

    lo, hi = math.log(delta), 0.0
    x1, x2 = hi - _GOLDEN * (hi - lo), lo + _GOLDEN * (hi - lo)
    f1, f2 = phi(x1), phi(x2)
    for _ in range(_SEARCH_STEPS):
        if f1[0] < f2[0]:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + _GOLDEN * (hi - lo)
            f2 = phi(x2)
        else:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - _GOLDEN * (hi - lo)
            f1 = phi(x1)
    best = max(f1, f2, phi(0.0), key=lambda found: found[0])
    if best[1] < 1.0:
        best = _levelled(alpha, math.log(best[1]), phi, best)
    return Witness(alpha, best[1], best[2], best[0])


def _gap(alpha: float, found: tuple[float, float, float]) -> float:
    """g(a) − g(b) under the tangency multipliers: zero at the optimal law (its sign says
    on which side of the optimum u lies)."""
    gamma, u, b = found
    a = 1.0 - u
    lam = 1.0 / (alpha * (b ** (alpha - 1.0) - a ** (alpha - 1.0)))
    nu = -lam * alpha * a ** (alpha - 1.0)
    return lam * (alpha - 1.0) * a**alpha - (b - gamma - lam * b**alpha - nu * b)


def _levelled(
    alpha: float,
    t: float,
    phi: Callable[[float], tuple[float, float, float]],
    best: tuple[float, float, float],
) -> tuple[float, float, float]:
    """The golden search's optimum refined to full precision: a bisection of the gap
    (:func:`_gap`) on a bracket around log u, where the flat φ no longer tells sides apart."""
    for width in (1e-6, 1e-4, 1e-2):
        low, high = t - width, min(t + width, 0.0)
        at_low, at_high = phi(low), phi(high)
        if at_high[1] >= 1.0:
            continue
        sign = _gap(alpha, at_low) > 0.0
        if sign == (_gap(alpha, at_high) > 0.0):
            continue
        for _ in range(_SEARCH_STEPS):
            middle = (low + high) / 2.0
            at_middle = phi(middle)
            if (_gap(alpha, at_middle) > 0.0) == sign:
                low = middle
            else:
                high = middle
        refined = phi((low + high) / 2.0)
        return refined if refined[0] >= best[0] * (1.0 - 1e-12) else best
    return best


def rdp_epsilon(alpha: float, r: float, delta: float) -> float:
    """The proposed smallest ε ≥ 0 with δ*_α(ε) ≤ δ (a float: for ranking, not for bounds)."""
    witness = optimal_witness(alpha, r, delta)
    if witness is None or witness.gamma <= 1.0:
        return 0.0
    return math.log(witness.gamma)

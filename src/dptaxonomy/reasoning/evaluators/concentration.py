"""Mean-concentrated DP (Dwork–Rothblum) and truncated CDP's ρ, as sound enclosures.

(μ, τ)-mCDP (DR16, Definition of concentrated DP; section number not
checked) asks, for both orders of every neighbouring pair, that the privacy
loss L = log(p/q)(O), O ~ P, have mean E[L] ≤ μ and that L − E[L] be
τ-subgaussian: E[exp(λ(L − E[L]))] ≤ exp(λ²τ²/2) for every real λ.

* On a finite pair E[L] is KL(P‖Q) and the moment generating function is a
  finite sum, so the subgaussian bound is checked on the grid
  λ = c/τ, c ∈ ±:data:`SCALED_LAMBDAS` (both signs; at those λ the right side
  is e^{c²/2}). A single certain violation refutes; agreement on the grid is
  evidence, counted like zCDP's grid of orders.
* τ = 0 asks L to be constant: checked on its range (also when τ's enclosure
  reaches 0).
* Parameters a pair certainly meets (:func:`mcdp_parameters`): μ = the
  larger KL divergence, and by Hoeffding's lemma (a variable in [a, b] is
  ((b − a)/2)-subgaussian) τ = half the range of L over both orders. For a
  pair with finite ε the range is within [−ε, ε], so τ = ε (any family with
  a KL closed form). These are sound, not always the least τ.
"""

from __future__ import annotations

from dptaxonomy.reasoning.evaluators.families import (
    INFINITE,
    Finite,
    Gaussian,
    Pair,
    at_most,
    hull_max,
    is_infinite,
)
from dptaxonomy.reasoning.maps.intervals import exp, least, log
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper

__all__ = ["SCALED_LAMBDAS", "mcdp_holds", "mcdp_parameters", "tcdp_rho"]

SCALED_LAMBDAS = ("0.25", "0.5", "1", "2", "4", "8")
"""c in λ = ±c/τ: where the subgaussian bound of mCDP is checked."""


def _losses(p: tuple[IV, ...], q: tuple[IV, ...]) -> list[tuple[IV, IV]]:
    """(probability under P, loss log(p/q)) for the outcomes P can produce; a leak raises."""
    found = []
    for a, b in zip(p, q, strict=True):
        if upper(a) == 0:
            continue
        found.append((a, log(a / b)))
    return found


def _range(losses: list[tuple[IV, IV]]) -> IV:
    """An enclosure of max L − min L."""
    values = [loss for _, loss in losses]
    high = hull_max(values)
    low = least(values)
    return high - low


def _subgaussian(losses: list[tuple[IV, IV]], tau: IV) -> bool | None:
    mean = sum((mass * loss for mass, loss in losses), point(0.0))
    if lower(tau) <= 0:
        # a constant loss is τ-subgaussian for every τ ≥ 0; otherwise τ = 0 fails
        constant = at_most(_range(losses), point(0.0))
        return constant if constant is True or upper(tau) <= 0 else None
    results = []
    for text in SCALED_LAMBDAS:
        for sign in (1, -1):
            scale = sign * exact(text)
            lam = scale / tau
            moment = sum((mass * exp(lam * (loss - mean)) for mass, loss in losses), point(0.0))
            results.append(at_most(log(moment), scale**2 / 2))
    if any(r is False for r in results):
        return False
    return True if all(r is True for r in results) else None


def mcdp_holds(pair: Pair, mu: IV, tau: IV) -> bool | None:
    """Whether the pair is (μ, τ)-mCDP: exactly for the Gaussian family (the loss is
    N(m²/2, m²) with m = Δ/σ), on the λ grid for finite pairs, None otherwise."""
    if isinstance(pair, Gaussian):
        m = pair.mu
        mean, spread = at_most(m**2 / 2, mu), at_most(m, tau)
        return False if False in (mean, spread) else (mean and spread)
    if not isinstance(pair, Finite):
        return None
    if pair.leaks():
        return False
    results = [at_most(pair.kl(), mu)]
    for p, q in ((pair.p, pair.q), (pair.q, pair.p)):
        results.append(_subgaussian(_losses(p, q), tau))
    if any(r is False for r in results):
        return False
    return True if all(r is True for r in results) else None


def mcdp_parameters(pair: Pair) -> tuple[IV, IV] | None:
    """(μ, τ) the pair certainly meets (see the module docstring), or None."""
    if isinstance(pair, Gaussian):
        return pair.mu**2 / 2, pair.mu
    kl = pair.kl()
    if kl is None or is_infinite(kl):
        return None
    if isinstance(pair, Finite):
        ranges = [_range(_losses(p, q)) for p, q in ((pair.p, pair.q), (pair.q, pair.p))]
        return kl, hull_max(ranges) / 2
    epsilon = pair.epsilon()
    return None if is_infinite(epsilon) else (kl, epsilon)


def tcdp_rho(pair: Pair, omega: IV | None) -> IV | None:
    """A ρ with D_α ≤ ρα for every α in (1, ω), or None.

    The Gaussian family has ρ = Δ²/(2σ²) at every order. Otherwise, for a finite
    ω, ρ = D_ω works: Rényi divergences do not decrease with the order, so
    D_α ≤ D_ω ≤ α·D_ω for α in (1, ω).
    """
    if isinstance(pair, Gaussian):
        return pair.mu**2 / 2
    if omega is None or is_infinite(omega) or lower(omega) <= 1:
        return None
    value = pair.renyi_at(omega)
    return None if value is None or value is INFINITE or is_infinite(value) else value

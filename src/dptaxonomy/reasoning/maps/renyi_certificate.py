"""A certified enclosure of the optimal Rényi → (ε, δ) conversion (``rdp_epsilon``).

``rdp_epsilon(alpha, r, delta)`` is the smallest ε ≥ 0 such that every pair
with D_α(P‖Q) ≤ r is (ε, δ)-DP: with M = e^{(α−1)r}, γ = e^ε and L = dP/dQ, the
smallest ε with δ*_α(ε) ≤ δ, where

    δ*_α(ε) = sup{E_Q[(L − γ)_+] : L ≥ 0, E_Q L = 1, E_Q L^α ≤ M}

is the optimal conversion at one order (the joint range of Rényi and
hockey-stick divergences, Asoodeh, Liao, Calmon, Kosut and Sankar, ISIT 2021).
The float search of :mod:`dptaxonomy.schema.arith_renyi` proposes γ* and an
optimal two-atom law; this module makes both ends sound in interval arithmetic.

**Upper end (weak duality, this project's derivation).** For any λ > 0 and ν,
every feasible L satisfies (L − γ)_+ ≤ λL^α + νL + g(L) pointwise, with
g(x) = (x − γ)_+ − λx^α − νx; taking E_Q gives

    δ*_α(ε) ≤ λM + ν + sup_{x ≥ 0} g(x).

g is concave on [0, γ] (−λx^α − νx) and on [γ, ∞) ((1 − ν)x − γ − λx^α). On a
piece, −λx^α + cx with c > 0 peaks at x* = (c/(λα))^{1/(α−1)} with value
(1 − 1/α)·c·x*; clipped to the piece it is that value when x* lies inside, the
value at the piece's end γ when x* lies beyond it, and (c ≤ 0) the value at
the left end. In interval arithmetic a straddling enclosure of x* takes the
unclipped value, which bounds the piece's supremum from above. So the
multipliers (λ, ν) read off the float optimum (any values would do; they only
decide how tight the bound is) certify δ*_α(ε_hi) ≤ δ with one interval
evaluation, for every α, r, δ in their enclosures.

**Lower end (a primal witness).** The two-atom law L ∈ {1 − u, b′}, b′ slightly
below the proposed b, is feasible when its α-moment's enclosure lies below M's,
and then δ*_α(ε) ≥ q(b′ − γ) > δ at γ = e^{ε_lo} proves ε* > ε_lo. When that
check fails the lower end is 0 (ε* ≥ 0 by definition).

The upper end is never above Balle et al.'s closed form [BBG+20] (also an upper
bound on ε*, so the smaller of the two is kept): the certificate's margins can
leave it a hair above that form where the form is itself nearly optimal (large
orders).

>>> from dptaxonomy.reasoning.maps.numeric import exact, lower, upper
>>> x = rdp_epsilon_enclosure(exact("2"), exact("0.5"), exact("0.001"))
>>> round(lower(x), 6), round(upper(x), 6), upper(x) - lower(x) < 1e-6
(5.09485, 5.09485, True)
"""

from __future__ import annotations

import functools
from decimal import Decimal

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.maps.intervals import enclose, exp, interval, log, wide_context
from dptaxonomy.reasoning.maps.numeric import IV, lower, point, upper
from dptaxonomy.schema.arith_renyi import Witness, optimal_witness

__all__ = ["certified_delta", "rdp_epsilon_enclosure", "witness_delta"]

_WIDE = wide_context(60)
"""Twice the enclosures' digits, for the levelled multiplier (an estimate, checked after)."""
_NUDGES = (1e-9, 1e-7, 1e-5, 1e-3)
"""Relative margins on δ tried in turn (the float optimum is good to about 1e-10)."""
_FEASIBLE = 1e-12
"""Relative step by which the witness's large atom is moved inward to keep it feasible."""


def _piece_sup(lam: IV, alpha: IV, c: IV, at_end: IV, gamma: IV, *, left: bool) -> float:
    """Upper end of sup(−λx^α + c·x + constant) on [0, γ] (``left``) or [γ, ∞).

    ``at_end`` is the piece's value at γ; the constant of the right piece (−γ) is
    already inside ``at_end`` and is added to the closed value here.
    """
    if upper(c) <= 0:  # decreasing on [0, ∞): the left piece peaks at 0, the right at γ
        return 0.0 if left else upper(at_end)
    if lower(c) <= 0:  # sign unknown: 0 and the value at γ bound both cases below
        raise NumericError("the certificate's multipliers are not well separated from 0")
    peak = (c / (lam * alpha)) ** (1 / (alpha - 1))
    closed = (1 - 1 / alpha) * c * peak - (0 if left else gamma)
    beyond = lower(peak) >= upper(gamma) if left else upper(peak) <= lower(gamma)
    return upper(at_end) if beyond else upper(closed)


def certified_delta(alpha: IV, r: IV, gamma: IV, lam: float, nu: float | Decimal) -> float:
    """A float at or above the dual bound λM + ν + sup g ≥ δ*_α at γ, for all values enclosed
    (``nu`` a float or a Decimal, each an exact number)."""
    if not lam > 0:
        raise NumericError("the certificate needs lambda > 0")
    lam_iv, nu_iv = point(lam), enclose(nu)
    big_m = exp((alpha - 1) * r)
    at_gamma = -lam_iv * gamma**alpha - nu_iv * gamma
    left = _piece_sup(lam_iv, alpha, -nu_iv, at_gamma, gamma, left=True)
    right = _piece_sup(lam_iv, alpha, 1 - nu_iv, at_gamma, gamma, left=False)
    return upper(lam_iv * big_m + nu_iv + point(max(left, right)))


def witness_delta(alpha: IV, r: IV, gamma: IV, witness: Witness) -> float | None:
    """A float at or below δ*_α at γ from the witness law (None when it is not feasible)."""
    u, b = point(witness.u), point(witness.b * (1 - _FEASIBLE))
    mass = u / (b - 1 + u)
    moment = mass * b**alpha + (1 - mass) * (1 - u) ** alpha
    if upper(moment) > lower(exp((alpha - 1) * r)):
        return None
    return lower(mass * (b - gamma))


def rdp_epsilon_enclosure(alpha: IV, r: IV, delta: IV) -> IV:
    """An enclosure of ``rdp_epsilon`` over enclosures of α, r and δ.

    Raises :class:`NumericError` outside α > 1, r ≥ 0, δ > 0, or when no
    certificate is found (the float search out of range, or cancellation at a
    δ far below the working precision). Remembered by the enclosures' exact ends,
    refusals included: a mechanism's routes to one Rényi curve ask again.
    """
    found = _remembered(alpha, r, delta)
    if isinstance(found, str):
        raise NumericError(found)
    return found


@functools.lru_cache(maxsize=512)
def _remembered(alpha: IV, r: IV, delta: IV) -> IV | str:
    try:
        return _enclosure(alpha, r, delta)
    except NumericError as refused:
        return str(refused)


def _enclosure(alpha: IV, r: IV, delta: IV) -> IV:
    if not (lower(alpha) > 1 and lower(r) >= 0 and lower(delta) > 0):
        raise NumericError("rdp_epsilon needs alpha > 1, r >= 0 and delta > 0")
    if lower(delta) >= 1 or upper(r) == 0:
        return enclose(0)
    middle = (lower(alpha) + upper(alpha)) / 2
    high = _upper_end(alpha, r, delta, middle)
    if high is None:
        raise NumericError("rdp_epsilon: no certificate found at this precision")
    low = _lower_end(alpha, r, delta, middle)
    return interval(low, max(low, min(high, _closed_form(alpha, r, delta))))


def _closed_form(alpha: IV, r: IV, delta: IV) -> float:
    """Balle et al.'s closed form [BBG+20], an upper bound on ε* too (ε ≥ 0 kept): where the
    float search's margins leave the certificate a hair above it, it is the better end."""
    value = r + log((alpha - 1) / alpha) - (log(delta) + log(alpha)) / (alpha - 1)
    return max(upper(value), 0.0)


def _witness(alpha: float, r: float, delta: float) -> Witness | None:
    try:
        return optimal_witness(alpha, r, delta)
    except (OverflowError, ValueError, ZeroDivisionError):
        return None


def _upper_end(alpha: IV, r: IV, delta: IV, middle: float) -> float | None:
    """The least ε certified, from the optimal law for a δ nudged below the given one
    (its multipliers then leave room for rounding)."""
    for nudge in _NUDGES:
        witness = _witness(middle, upper(r), lower(delta) * (1 - nudge))
        if witness is None:
            return None
        gamma = max(witness.gamma, 1.0)
        lam, nu = witness.multipliers(gamma)
        at, bound = point(gamma), lower(delta)
        # ν as read off the law, else levelled (computed only when the first one fails)
        if certified_delta(alpha, r, at, lam, nu) <= bound or (
            certified_delta(alpha, r, at, lam, _levelled(middle, gamma, lam, nu)) <= bound
        ):
            return 0.0 if gamma == 1.0 else upper(log(point(gamma)))
    return None


def _levelled(alpha: float, gamma: float, lam: float, nu: float) -> Decimal:
    """ν moved so that g's two pieces peak at the same height, computed at twice the working
    precision: the float tangency leaves them apart by rounding (about b·2⁻⁵³), which at a
    small δ is most of the dual's slack. Lowering ν by s raises the left peak by s·x_L and
    the right one by s·x_R, so s = (R − L)/(x_R − x_L) levels them to first order. An
    estimate only: :func:`certified_delta` checks whatever it gives."""
    w = _WIDE
    a, g, lam_w, nu_w = Decimal(alpha), Decimal(gamma), Decimal(lam), Decimal(nu)
    power = w.divide(1, w.subtract(a, 1))
    x_left = Decimal(0)
    if nu < 0:
        x_left = min(w.power(w.divide(nu_w.copy_negate(), w.multiply(lam_w, a)), power), g)
    x_right = g
    if nu < 1:
        x_right = max(w.power(w.divide(w.subtract(1, nu_w), w.multiply(lam_w, a)), power), g)
    left = w.subtract(w.multiply(lam_w, w.power(x_left, a)).copy_negate(), w.multiply(nu_w, x_left))
    right = w.subtract(
        w.subtract(w.multiply(w.subtract(1, nu_w), x_right), g),
        w.multiply(lam_w, w.power(x_right, a)),
    )
    if x_right <= x_left:
        return nu_w
    return w.add(nu_w, w.divide(w.subtract(right, left), w.subtract(x_right, x_left)))


def _lower_end(alpha: IV, r: IV, delta: IV, middle: float) -> float:
    """The largest ε a witness law refutes, from the optimal law for a δ nudged above the
    given one; 0 when none is found (ε* ≥ 0 by definition)."""
    for nudge in _NUDGES:
        witness = _witness(middle, lower(r), upper(delta) * (1 + nudge))
        if witness is None or witness.gamma <= 1.0:
            return 0.0
        found = witness_delta(alpha, r, point(witness.gamma), witness)
        if found is not None and found > upper(delta):
            return lower(log(point(witness.gamma)))
    return 0.0

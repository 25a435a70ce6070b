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

(F(1) < 0 when M > 1; Newton's method started where F > 0, see :func:`_atom`,
decreases monotonically to it). The optimum lies at u ≥ δ (for u < δ, φ < 1),
so u is searched on a log scale over [δ, 1]: a coarse scan, then regula falsi on the
tangency gap (:func:`_gap`), which changes sign at the optimum.

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

import functools
import math
from collections.abc import Callable

from dptaxonomy.base.golden import golden_section
from dptaxonomy.base.records import record

__all__ = ["Witness", "optimal_witness", "rdp_epsilon"]

_SEARCH_STEPS = 80
_SCAN = 12
_EXACT = 4e-16
"""Relative width of log u at which the search stops when the law itself is wanted."""
_RANKING = 1e-7
"""Relative width enough for the value: φ is flat at its maximum, so an error w in log u
moves γ* by about w² (relative), far below what ranking chains needs."""
_LOG_MAX = 700.0
"""Above e^700 a float overflows: a search meeting such a law gives no proposal."""


@record(slots=True)
class Witness:
    """The two-atom law L ∈ {1 − u, b} with mass u/(b − 1 + u) at b, and γ* = φ(u).

    A record, neither a dataclass nor a named tuple: :mod:`dataclasses` imports
    :mod:`inspect` and :class:`typing.NamedTuple` needs :mod:`typing`, which the queries
    that never certify do not import (tests/test_cli_fast.py)."""

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


def _log_start(u: float, alpha: float, log_m: float) -> float:
    """log of (M/u)^{1/(α−1)}, where F > 0: every b the search returns for this u is at
    most max(that bound, 1), since Newton's iterates start below it and only decrease.
    Also the overflow test: a u whose bound overflows is refused (as it always was)."""
    return (log_m - math.log(u)) / (alpha - 1.0)


def _atom(u: float, alpha: float, big_m: float, log_m: float) -> float | None:
    """The root b > 1 of F for this u (None when its bound is beyond the float range).

    Newton's method from S = ((M − (1 − u)^α)/u)^{1/(α−1)}: there u S^α = S(M − (1 − u)^α),
    so F(S) = M(1 − u) − (1 − u)^α > 0 and F'(S) = (α − 1)(M − (1 − u)^α) > 0; F being
    convex, the iterates decrease monotonically to the root. The search stops when a step
    no longer lowers b (a decreasing sequence of floats ends), not after a fixed count:
    the former start (M/u)^{1/(α−1)} lay up to e^{log(M/(M−1))/(α−1)} above the root,
    which near α = 1 took Newton hundreds of linear steps, past the old cap of 200 (the
    law then kept a b far too large and the proposal ε* came out too large)."""
    log_start = _log_start(u, alpha, log_m)
    if alpha * log_start > _LOG_MAX:  # b^α would overflow
        return None
    low = (1.0 - u) ** alpha
    power = alpha - 1.0
    b = math.exp(math.log((big_m - low) / u) / power)
    while True:
        shifted = b - 1.0
        f = u * b**alpha + shifted * low - big_m * (shifted + u)
        slope = alpha * u * b**power + low - big_m
        if not (f > 0.0 and slope > 0.0):
            break
        lower = b - f / slope
        if not lower < b:
            break
        b = lower
    return max(b, 1.0)


def _ceiling(u: float, alpha: float, log_m: float, delta: float) -> float:
    """A float at or above the φ that the search computes at this u (∞ when that law
    overflows, so that its refusal is never skipped). φ = b(1 − δ/u) + δ(1 − u)/u is
    linear in b and the search's b lies in [1, S], S = max(start, 1), so φ is at most its
    value at an end; the relative margin 1e-12 covers the few roundings on either side."""
    log_start = _log_start(u, alpha, log_m)
    if alpha * log_start > _LOG_MAX:
        return math.inf
    top = max(math.exp(log_start), 1.0)
    at_top = top * (1.0 - delta / u) + delta * (1.0 - u) / u
    return max(at_top, 1.0) + 1e-12 * (top + 1.0)


def optimal_witness(
    alpha: float, r: float, delta: float, *, width: float = _EXACT
) -> Witness | None:
    """The best two-atom law for (α, r, δ), or None when M ≤ 1 or δ ≥ 1 (then ε* = 0).

    ``width`` is the relative width of the final bracket of log u: the default pins the
    law to the float precision (its multipliers then certify); :func:`rdp_epsilon` only
    needs the value. Raises ValueError outside α > 1, r ≥ 0, δ > 0 and OverflowError when a law
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

    def phi(t: float) -> _Point:
        u = math.exp(t)
        b = _atom(u, alpha, big_m, log_m)
        if b is None:  # its φ may be the largest: no proposal at all
            raise OverflowError("a two-atom law is beyond the float range")
        return b - delta * (b - 1.0 + u) / u, u, b

    def ceiling(t: float) -> float:
        return _ceiling(math.exp(t), alpha, log_m, delta)

    best = _root(alpha, (phi, ceiling), math.log(delta), width)
    return Witness(alpha, best[1], best[2], best[0])


_Point = tuple[float, float, float]
"""(φ(u), u, b(u)) at one point of the search."""


def _gap(alpha: float, found: _Point) -> float:
    """g(a) − g(b) under the tangency multipliers: negative below the optimal u, positive
    above it, zero at it (at u = 1, a = 0 is a boundary and ν = 0)."""
    gamma, u, b = found
    a = 1.0 - u
    lam = 1.0 / (alpha * (b ** (alpha - 1.0) - a ** (alpha - 1.0)))
    nu = -lam * alpha * a ** (alpha - 1.0)
    gap: float = lam * (alpha - 1.0) * a**alpha - (b - gamma - lam * b**alpha - nu * b)
    return gap


def _scan(
    phi: Callable[[float], _Point], ceiling: Callable[[float], float], grid: list[float]
) -> list[_Point]:
    """φ over the grid from its left end, stopped once the best point's right neighbour is
    known and no later point's ceiling beats the best: the skipped points would not have
    been chosen (the first of equal maxima is), so the search is the same as over all."""
    scanned: list[_Point] = []
    best, ceilings = 0, list[float]()
    for k, t in enumerate(grid):
        if k >= best + 2:
            if not ceilings:  # the largest ceiling from each point on, computed once
                ceilings = [math.inf] * len(grid)
                for j in range(len(grid) - 1, k - 1, -1):
                    ceilings[j] = max(
                        ceiling(grid[j]), ceilings[j + 1] if j + 1 < len(grid) else -math.inf
                    )
            if ceilings[k] <= scanned[best][0]:
                break
        scanned.append(phi(t))
        if scanned[k][0] > scanned[best][0]:
            best = k
    return scanned


def _root(
    alpha: float,
    search: tuple[Callable[[float], _Point], Callable[[float], float]],
    low: float,
    width: float,
) -> _Point:
    """The optimal law: the best of a coarse scan of φ over [log δ, 0] brackets it, then the
    gap's sign change in that bracket pins it (the Illinois variant of regula falsi, which
    halves the weight of an end kept twice, so both ends move); the scan's best point
    when the gap keeps its sign there (an end of the range, or rounding at a huge b).
    ``search`` is φ and a ceiling on it, which lets the scan stop early (:func:`_scan`)."""
    phi = search[0]
    grid = [low * (1.0 - k / _SCAN) for k in range(_SCAN + 1)]
    scanned = _scan(phi, search[1], grid)
    best = max(range(len(scanned)), key=lambda k: scanned[k][0])
    low, high = grid[max(best - 1, 0)], grid[min(best + 1, _SCAN)]
    bracket = (low, high)
    at_low, at_high = scanned[max(best - 1, 0)], scanned[min(best + 1, _SCAN)]
    g_low, g_high = _gap(alpha, at_low), _gap(alpha, at_high)
    if g_low >= 0.0 or g_high <= 0.0:
        return scanned[best]
    found, side, last = at_high, 0, high
    for _ in range(_SEARCH_STEPS):
        t = (low * g_high - high * g_low) / (g_high - g_low)
        if not low < t < high:
            t = (low + high) / 2.0
        moved, last = abs(t - last), t  # a small step across the root ends the search
        found = phi(t)
        g = _gap(alpha, found)
        if g == 0.0 or (moved <= width * max(1.0, abs(t)) and side == (-1 if g > 0 else 1)):
            break
        if g < 0.0:
            low, g_low = t, g
            g_high = g_high / 2.0 if side < 0 else g_high
            side = -1
        else:
            high, g_high = t, g
            g_low = g_low / 2.0 if side > 0 else g_low
            side = 1
    if _misled(phi, bracket, found, scanned[best]):  # the gap's sign was rounding noise
        return _golden(phi, bracket, width, max(found, scanned[best], key=lambda p: p[0]))
    return found


def _misled(
    phi: Callable[[float], _Point], bracket: tuple[float, float], found: _Point, best: _Point
) -> bool:
    """Whether the regula falsi's law is not φ's maximum: the scan's best or a point a
    thousandth or a hundred-thousandth of the bracket to either side beats it (at the
    maximum φ is flat to second order, so those lose by far more than rounding). The
    nearer probes catch a law a little off a sharp peak: at α = 1.0451, r = 0.0451,
    δ = 3.7e-7 the gap's noise left log u 2.9e-4 off (the bracket is 2.5 wide), ε* 2e-5
    too small, and the certificate then fell back to a looser bound."""
    if found[0] < best[0]:
        return True
    t, span = math.log(found[1]), bracket[1] - bracket[0]
    for step in (span * 1e-3, span * 1e-5):
        sides = (max(t - step, bracket[0]), min(t + step, bracket[1]))
        if any(phi(side)[0] > found[0] for side in sides if side != t):
            return True
    return False


def _golden(
    phi: Callable[[float], _Point], bracket: tuple[float, float], width: float, best: _Point
) -> _Point:
    """The largest φ in the bracket by golden-section search (φ is unimodal in log u there),
    or ``best`` when no point beats it. The regula falsi's fallback: at a huge b the gap is a
    difference of terms near b, whose rounding (b·2⁻⁵³) can exceed the gap itself, and then
    its sign misleads (α = 1.0925, r = 3.66, δ = 1.2e-9: the optimum u ≈ αδ, ε* ≈ 208.8)."""
    tried: dict[float, _Point] = {}

    def score(t: float) -> float:
        tried[t] = point = phi(t)
        return -point[0]

    (_, left), (_, right) = golden_section(score, *bracket, width=width, relative=True)
    return max((tried[left], tried[right], best), key=lambda point: point[0])


def rdp_epsilon(alpha: float, r: float, delta: float) -> float:
    """The proposed smallest ε ≥ 0 with δ*_α(ε) ≤ δ (a float: for ranking, not for bounds).

    Remembered, refusals (OverflowError) included: the chains of one conversion that pass
    through Rényi DP (a mechanism's several routes to the same curve) ask for the same orders
    again, about 4 times each, and an optimiser's first probes at orders near 1 overflow."""
    found = _proposal(alpha, r, delta)
    if isinstance(found, str):
        raise OverflowError(found)
    return found


@functools.lru_cache(maxsize=2048)
def _proposal(alpha: float, r: float, delta: float) -> float | str:
    """rdp_epsilon's value, or the message of its OverflowError (ValueError is not kept)."""
    try:
        witness = optimal_witness(alpha, r, delta, width=_RANKING)
    except OverflowError as refused:
        return str(refused)
    if witness is None or witness.gamma <= 1.0:
        return 0.0
    return math.log(witness.gamma)

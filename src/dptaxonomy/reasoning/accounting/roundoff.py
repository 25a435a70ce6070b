"""How far rounding lets a pessimistic connected-dots profile fall below the truth: a proof.

The bound is given uniformly (η, :attr:`Shortfall.uniform`) and relatively to δ
(step 6, :attr:`Shortfall.relative` and :attr:`Shortfall.floor`).

:func:`~dptaxonomy.reasoning.accounting.pld.discretise` puts masses p_m at the lattice
losses l_m = (first + m)·h, X_m = e^(l_m), whose profile D(x) = p_∞ + Σ p_m (1 − x/X_m)₊
should dominate the true δ(x). In exact arithmetic it does (the chords through the true
δ(X_j)); in floating point it may fall short. :func:`shortfall` returns η with
δ(x) ≤ D(x) + η for every x > 0, computed from the arrays themselves; the composition adds
Σ count·η to δ (``Composed.shortfall``: for P-totals ≤ 1, D_A ≥ δ_A − η_A composes to
D_{A×B} ≥ δ_{A×B} − η_A − η_B, since δ_{A×B}(x) = E_B[δ_A(x e^(−L_B))]).

Assumed, not proven (tests compare both with mpmath): (A1) each distribution value computed
at a float point l̂ (:mod:`~dptaxonomy.reasoning.accounting.lossdist`, Φ and its argument)
is within ρF̂ + :data:`ABSOLUTE` of the exact one, ρ = ``RELATIVE`` (measured: at most
6.3·10⁻¹⁴ relatively where F > 10⁻³⁰, 5.3·10⁻¹⁵ where F ≥ 10⁻³; deep in the tails, near
the subsampled loss's floor, the argument's rounding gives relative errors up to 10⁻¹¹ on
values below 10⁻⁶⁰, hence the absolute term); (A2) numpy's exp (and log, used in
tilting) is within :data:`EXP_ULPS` units. Everything else is standard analysis:
fl(a ∘ b) = (a ∘ b)(1 + θ), |θ| ≤ u = 2⁻⁵³ (plus 2⁻¹⁰⁷⁵ absolutely on underflow),
γ₃ = 3u/(1 − 3u).

0. D is linear between grid points and constant after the last; δ is convex and
   non-increasing, δ(0) ≤ 1 = P-total of the truth. So sup (δ − D) is attained at x = 0
   (where it is 1 − Σp, the P-total's deficit) or at some X_j.
1. Float grid. l̂_j = fl(l_j), x̂_j = exp(l̂_j): |x̂_j/X_j − 1| ≤ ξ = 1.01(EXP_ULPS·u + 1.1u·max|l̂|).
   D′, the masses moved to x̂_m, differs from D by ≤ ξ'Σp at every x, and by ≤ ξ'Σp more
   between X_j and x̂_j (slope ≤ Σ_{m≥j} p_m/x̂_m): 2.1ξΣp in all.
2. Masses. D′(x̂_j) = p_∞ + Σ_{i≥j} C_i dx_i, C_i = Σ_{m>i} p_m/x̂_m, dx_i = x̂_{i+1} − x̂_i,
   computed exactly (Sterbenz: x̂_{i+1} ≤ 2x̂_i, checked). With a the slope array of the
   kink's form and d_m = a_m − a_{m−1} exactly, k̂_m = fl(d_m), p_m = max(fl(x̂_m k̂_m), 0) ≥
   x̂_m(d_m − ψ|d_m|), ψ = 2.01u (clipping only raises). So C_i ≥ Σ_{m>i} d_m − ψS_i,
   S_i = Σ_{m>i} |d_m|.
3. Kinks telescope. Let A be the slope in the cell's accurate form (``plus_one`` − 1 on the
   low side, ``plain`` else) and μ = ``plain`` − A (|μ| ≤ 2u|plain|, 0 off the low side).
   Σ_{m>i} d_m = −A_{i+1} + Σ of μ at the kinks between forms, ≥ −A_{i+1} − M_i.
4. Slopes. A cell's slope is fl((fl(Δa) − fl(Δb))/dx) with a, b the stored values of its
   form (P(L > l) and x·Q(L > l), or x·Q(L ≤ l) and P(L ≤ l)): −A dx ≥ V_i − V_{i+1} − γ₃G_i,
   G_i = |Δa| + |Δb|, where V_t = p̂ − ŷ (upper form) or 1 − x̂ + ŷ − p̂ (lower form).
5. Values. Summing, D′(x̂_j) ≥ p_∞ − V_N + V_j − SW − R_j, where SW sums |V^upper_t −
   V^lower_t| where the form changes (exact sums of floats, by fsum) and
   R_j = γ₃ΣG + Σ(M + ψS)dx.
   By (A1), (A2): |V_t − δ(X_t)| ≤ e_t = ρp̂ + 1.01(u + EXP_ULPS·u + ρ)ŷ (+ 1.01·EXP_ULPS·u·x̂
   in the lower form) + ABSOLUTE·(1 + 1.01x̂) + 1.2u|l̂_t|, the last for δ(X_t) − δ(e^(l̂_t))
   (|δ′(x)| ≤ min(1, 1/x)).
   So δ(X_j) − D(X_j) ≤ η_j = e_j + (V_N − p_∞)₊ + SW_j + R_j + 2.1ξΣ_{m≥j} p_m (+ what
   ``trim`` took from bins above j), where SW_j, R_j and the moved masses count only the
   cells and masses at or above j (the telescoping of steps 2-5 starts at j; in step 1 a
   mass at X_m < x does not enter D′(x) or D(x)), and e_j's absolute part ABSOLUTE·(1 + x̂)
   and the subnormal bound form the ``floor``. The 1.2u|l̂_t| term is scaled by
   min(1, X_t·Q(L > l̂_{t−2})), the slope of δ between X_t and e^(l̂_t).
6. Relatively. δ − D is convex on each cell [X_{j−1}, X_j] (D linear there), so it is at
   most max(η_{j−1}, η_j) there, while δ(x) ≥ δ(X_j) ≥ V_j − e_j − floor − (rounding).
   Hence δ ≤ D + ρ′δ + floor with ρ′ the largest ratio; cells whose ratio exceeds
   ``_LOOSE`` add min(their bound, an upper bound of δ(X_{j−1}) + p_∞) to the floor instead
   (δ − D ≤ δ as D ≥ 0); left of X₀ the deficit at 0 joins η₀; right of X_N, η_N goes to
   the floor. When those cells' part of the floor matters, the caller adds an :class:`Atom`
   (mass m at X* = X_R·e^(c), R the last such point, c ≥ 1, taken from the lowest bins by
   ``trim``): D rises by m(1 − x/X*) ≥ m(1 − X_{j+1}/X*) on cell j, subtracted from the cell's
   bound; beyond X_N, D = p_∞ + m(1 − x/X*) while δ lies below its chord from X_N to X*, so
   if m(1 − X_N/X*) ≥ δ(X_N), δ − D ≤ δ(X*) − p_∞ ≤ P(L > l*) there (evaluated, by (A1)).
   With P-totals ≤ 1 such bounds compose multiplicatively:
   D_{A′×B′} ≥ (1 − ρ′_B)D_{A′×B} − a_B ≥ (1 − ρ′_A)(1 − ρ′_B)δ_{A×B} − a_A − a_B,
   so at a δ far below the floor of the uniform bound the relative one still certifies.

The bound is computed in floats from non-negative terms (relative error ≤ (n + 4)u < 10⁻⁸ for
n ≤ 2²⁴ terms) and multiplied by 1 + 10⁻⁶; subnormal products add ``_underflow``.
"""

from __future__ import annotations

import math
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.accounting.dots import UNIT, Chords, drain, kinks

__all__ = ["ABSOLUTE", "EXP_ULPS", "Atom", "Shortfall", "shortfall", "trim"]

Array = Any
"""A numpy array."""

ABSOLUTE = 1e-58
"""Assumed absolute error of a computed distribution value, beside the relative ρ (A1)."""
EXP_ULPS = 4
"""Assumed accuracy of numpy's exp in units of roundoff (as the FFT's twiddle factors)."""
_GAMMA3 = 3 * UNIT / (1 - 3 * UNIT) / (1 - UNIT)  # γ₃, with |Δa| ≤ |fl(Δa)|/(1 − u)
_PSI = 2.01 * UNIT
_SAFE = 1 + 1e-6
_LOOSE = 1e-6
"""Cells whose shortfall exceeds this fraction of δ there go into the floor instead."""


@record
class Atom:
    """A mass added at grid index ``index`` (beyond the last point) to cover tiny-δ cells."""

    index: int
    mass: float
    h: float
    tail: float
    """An upper bound of P(L > l*) at the atom's loss l*."""


@record
class Shortfall:
    """How far δ may exceed a pessimistic profile D: uniformly, and relatively."""

    uniform: float
    """η with δ(x) ≤ D(x) + η for every x."""
    relative: float
    """ρ′ with δ(x) ≤ D(x) + ρ′·δ(x) + ``floor`` for every x (step 6)."""
    floor: float
    needed: float = 0.0
    """The largest part of the floor from cells where δ is too small for ρ′ (step 6)."""
    reach: int = 0
    """The last grid point of those cells."""


def shortfall(
    c: Chords,
    grid: Array,
    pmf: Array,
    infinity: float,
    relative: float,
    *,
    trimmed: Array,
    at_zero: float,
    atom: Atom | None = None,
) -> Shortfall:
    """The bounds of steps 0-6 for ``pmf[1:]`` = max(x̂·kinks, 0), ``trimmed[m]`` taken from bin m.

    ``pmf[0]`` enters only through the total (step 1); ``at_zero`` is the deficit at x = 0;
    ``atom``: a mass placed beyond the last point, which raises D by m(1 − x/X*) (step 6).
    """
    import numpy as np

    x = c.x
    n = x.size - 1
    assert n >= 1
    assert bool(np.all(x[1:] <= 2 * x[:-1])), "grid too coarse for Sterbenz (step 2)"
    dx = np.diff(x)
    p_high, y_high, p_low, y_low = c.values
    low = c.low_side[1:-1]  # per cell: the lower form
    # steps 2-3: masses against kinks, kinks against slopes
    k = np.abs(kinks(c.plain, c.plus_one, c.low_side)) / (1 - UNIT)
    s = np.cumsum(k[::-1])[::-1][1:]  # S_i = Σ_{m>i} |d_m|, i = 0..n−1
    mu = np.where(c.low_side, 2 * UNIT * np.abs(c.plain), 0.0)
    switching = ~(c.low_side[1:] & c.low_side[:-1])
    at_kink = np.where(switching, mu[1:] + mu[:-1], 0.0)
    m = np.cumsum(at_kink[::-1])[::-1][1:]  # M_i
    # step 4: the slopes' own rounding, per cell i, summed over the cells i ≥ j
    g_high = np.abs(np.diff(p_high)) + np.abs(np.diff(y_high))
    g_low = np.abs(np.diff(y_low)) + np.abs(np.diff(p_low))
    per_cell = _GAMMA3 * np.where(low, g_low, g_high) + (m + _PSI * s) * dx
    rounding = np.append(np.cumsum(per_cell[::-1])[::-1], 0.0)  # R_j
    # step 5: the values' errors (the absolute part of (A1) kept apart, in ``floor``)
    rho, exp_err = relative, EXP_ULPS * UNIT
    product = 1.01 * (UNIT + exp_err + rho)
    slope = np.ones(x.size)  # |δ′| on [X_{t−1}, X_t] ≤ Q(L > l̂_{t−2}) ≤ ŷ_{t−2}(1 + 2ρ)/x̂_{t−2}
    slope[2:] = np.minimum(
        1.0, np.exp(2 * (grid[1] - grid[0])) * 1.01 * y_high[:-2] * (1 + 2 * rho)
    )
    shift = 1.2 * UNIT * np.abs(grid) * slope
    e_high = rho * p_high + product * y_high + shift
    e_low = rho * p_low + product * y_low + 1.01 * exp_err * x + shift
    form = np.concatenate((low, low[-1:]))  # point j uses cell j's form, the last its left cell's
    own = np.where(form, e_low, e_high)
    changes = (np.nonzero(low[1:] != low[:-1])[0] + 1).tolist()
    # |V^upper_t − V^lower_t| = |(p̂ + p̂' − 1) − (ŷ + ŷ' − x̂)|: floats, summed exactly
    parts = (p_high, p_low, y_high, y_low, x)
    switches = np.zeros(x.size)
    for t in changes:
        a, b, cc, d, e = (float(v[t]) for v in parts)
        switches[: t + 1] += abs(math.fsum([a, b, -1.0, -cc, -d, e])) * (1 + 4 * UNIT)
    if low[-1]:
        last = [1.0, -float(x[n]), float(y_low[n]), -float(p_low[n]), -infinity]
    else:
        last = [float(p_high[n]), -float(y_high[n]), -infinity]
    end = max(0.0, math.fsum(last)) * (1 + 2 * UNIT)
    # step 1: lattice against float grid, for the masses at or above each point
    xi = 1.01 * (exp_err + 1.1 * UNIT * float(np.max(np.abs(grid))))
    moved = 2.1 * xi * np.cumsum(pmf[::-1])[::-1]
    taken = np.cumsum(trimmed[::-1])[::-1]  # what ``trim`` took lowers D only left of its bin
    bound = (own + switches + end + rounding + moved + np.append(taken[1:], 0.0)) * _SAFE
    floor = (ABSOLUTE * (1 + 1.02 * float(x[-1])) + _underflow(x)) * _SAFE
    uniform = max(float(np.max(bound)) + floor, at_zero)
    ratio, floor, needed, reach = _relative(c, bound, e_high, floor, infinity, at_zero, atom)
    return Shortfall(uniform, ratio * _SAFE, floor, needed, reach)


def _relative(
    c: Chords,
    bound: Array,
    e_high: Array,
    floor: float,
    infinity: float,
    at_zero: float,
    atom: Atom | None,
) -> tuple[float, float, float, int]:
    """Step 6: ρ′, the floor, and what an atom would have to cover (mass, highest point)."""
    import numpy as np

    p_high = c.values[0]
    # step 6: against a lower bound of δ(X_j), cell by cell
    below = c.finite * (1 - 4 * UNIT) - 2 * UNIT * p_high - e_high * _SAFE - floor
    cells = np.maximum(bound[:-1], bound[1:])
    if atom is not None:  # on cell j it raises D by at least m(1 − X_{j+1}/X*)
        index, mass, h = atom.index, atom.mass, atom.h
        steps = (index - 1 - np.arange(cells.size)) * h
        cells = np.maximum(cells + mass * np.expm1(-steps) * (1 - 1e-9), 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = np.where(cells > 0, np.where(below[1:] > 0, cells / below[1:], math.inf), 0.0)
    loose = ratios > _LOOSE
    ratio = float(np.max(ratios[~loose], initial=0.0))
    # where δ is that small, δ − D ≤ δ(X_{j−1}) (D ≥ 0), and beyond X_N, δ − D ≤ bound_N
    above = c.finite * (1 + 4 * UNIT) + 2 * UNIT * p_high + e_high * _SAFE + floor
    capped = np.minimum(cells, above[:-1] + float(infinity))
    needed = float(np.max(capped[loose], initial=0.0))
    reach = int(np.nonzero(loose)[0][-1]) + 1 if loose.any() else 0
    # beyond X_N: δ − D ≤ δ(X_N) − p_∞ ≤ η_N; with an atom of m ≥ δ(X_N)/(1 − X_N/X*) at
    # X*, δ (convex, below its chord) − D ≤ δ(X*) − p_∞ ≤ P(L > l*) on [X_N, ∞)
    beyond = min(float(bound[-1]), float(above[-1]) + infinity)
    if atom is not None:
        gap = -math.expm1(-(atom.index - c.x.size + 1) * atom.h) * (1 - 1e-9)
        if atom.mass * gap >= float(above[-1]) + infinity:
            beyond = min(beyond, atom.tail)
    floor += max(beyond, needed)
    left = max(float(bound[0]), at_zero)  # on [0, X₀] δ − D is convex and δ ≥ δ(X₀)
    if below[0] > 0 and left / below[0] <= _LOOSE:
        ratio = max(ratio, left / float(below[0]))
    else:
        floor += left
    return ratio, floor, needed, reach


def _underflow(x: Array) -> float:
    """A bound on every subnormal result's contribution (2⁻¹⁰⁷⁵ per operation, scaled)."""
    size = float(x.size + 2)
    return 4 * size * 2.0**-1074 * (1 + float(x[-1])) * (1 + 1 / float(x[0]))


def trim(pmf: Array, infinity: float) -> float:
    """Drain the lowest bins until Σ pmf + ``infinity`` ≤ 1; a bound on the mass removed.

    Removing mass lowers the profile by at most that mass anywhere; a P-total ≤ 1 keeps the
    composition's mass at +∞, 1 − Π(1 − p_∞), an upper bound.
    """
    import numpy as np

    before = pmf.tolist()
    for _ in range(64):
        over = math.fsum([*pmf.tolist(), infinity, -1.0])
        if over <= 0:
            break
        low = int(np.flatnonzero(pmf)[0])  # some bin has mass: infinity ≤ 1
        if over >= pmf[low]:
            drain(pmf, over)
        else:  # at least one unit of the last place, which the subtraction may round away
            pmf[low] = max(0.0, min(pmf[low] - over, np.nextafter(pmf[low], 0.0)))
    else:  # never seen: each step leaves at most a few units of roundoff
        pmf[:] = 0.0  # infinity ≤ 1 alone
    return max(0.0, math.fsum(before + (-pmf).tolist())) * (1 + 2 * UNIT)

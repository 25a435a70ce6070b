"""Connecting the dots of a privacy profile on a grid, from above (pessimistic) or below.

A pair's profile δ(x) = E_P[(1 − x e^(−L))₊], as a function of x = e^ε, is
convex, starts at δ(0) = 1 with slope −Q(L > −∞) ≥ −1 and ends flat at the mass
P puts at +∞. A discrete loss distribution on the grid h·ℤ has a piecewise-linear
profile with kinks at the grid points x_j = e^(l_j): the kink at x_j is the Q-mass
at l_j and x_j times it the P-mass. Two such profiles bracket the truth:

- the chords through the true δ(x_j) lie above it (Doroshenko, Ghazi, Kamath, Kumar
  and Manurangsi 2022, "connect the dots"): a dominating pair;
- the same chords lowered at every grid point by the largest gap between a chord
  and the curve on the cells beside it lie below it: on a cell [a, b] with chord
  slope s, the curve lies above both tangents at the ends (slopes f'(a) = −Q(L > l_a)
  and f'(b)), so chord − curve ≤ αβ(b − a)/(α + β) with α = s − f'(a) and
  β = f'(b) − s. Made convex (pooling adjacent cells, which only lowers it) with
  slopes in [−1, 0], it is the profile of a pair the true one dominates (Blackwell):
  every composition of such pairs is dominated by the true composition, with no
  drift of h/2 per run, which rounding every loss down costs.

Slopes are computed from the distribution functions where they are small (no
cancellation): slope = (ΔP̄ − Δ(x Q̄)) / Δx = −1 + (Δ(x Q) − ΔP) / Δx.
"""

from __future__ import annotations

import math
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.accounting.lossdist import LossCdf

__all__ = ["RUN_SLACK", "UNIT", "Chords", "chords", "drain", "kinks", "lowered"]

Array = Any
"""A numpy array."""

UNIT = 2.0**-53
"""The unit roundoff of binary64."""
RUN_SLACK = 1e-13
"""The optimistic side's allowance per run for rounding (in ``lowered``'s excess).

Checked empirically, not proven: on Gaussian and Laplace grids the lowered profile exceeds
the exact δ by at most 4·10⁻¹⁷ (mpmath), against an excess of 10⁻¹⁴ or more without it. The
pessimistic side's rounding is bounded by a proof instead
(:mod:`~dptaxonomy.reasoning.accounting.roundoff`)."""


@record
class Chords:
    """The chord slopes of a profile on a grid, each cell's slope in two forms."""

    x: Array
    """The grid points e^(l_j)."""
    plain: Array
    """Each cell's slope s_j, with −1 before the first point and 0 after the last."""
    plus_one: Array
    """The same slopes plus one (accurate where the slope is near −1)."""
    low_side: Array
    """Per slope, whether ``plus_one`` is the accurate form."""
    finite: Array
    """The true δ at each grid point minus the mass at +∞ (accurate where it is small)."""
    q_above: Array
    """Q(L > l_j): minus the profile's right derivative at each grid point."""
    gaps: Array
    """Per cell, a bound on the chord's height above the curve."""
    values: tuple[Array, Array, Array, Array]
    """The computed P(L > l), x·Q(L > l), P(L ≤ l) and x·Q(L ≤ l) at the grid points."""


def chords(cdf: LossCdf, grid: Array) -> Chords:
    """The chords of ``cdf``'s profile between consecutive grid points, and their gaps."""
    import numpy as np

    assert cdf.pair is not None
    survival, q_cdf, q_survival = cdf.pair
    p_low, p_high = cdf.cdf(grid), survival(grid)
    q_low, q_high = q_cdf(grid), q_survival(grid)
    x = np.exp(grid)
    dx = np.diff(x)
    y_high, y_low = x * q_high, x * q_low
    upper_form = (np.diff(p_high) - np.diff(y_high)) / dx  # the slope, where tails are small
    lower_form = (np.diff(y_low) - np.diff(p_low)) / dx  # the slope plus 1
    low_side = (p_low[1:] <= 0.5) & (q_low[1:] <= 0.5)
    # α = s − f'(a) and β = f'(b) − s, with f' = −Q(L > l) = Q(L ≤ l) − 1
    alpha = np.where(low_side, lower_form - q_low[:-1], upper_form + q_high[:-1])
    beta = np.where(low_side, q_low[1:] - lower_form, -q_high[1:] - upper_form)
    alpha, beta = np.maximum(alpha, 0.0), np.maximum(beta, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        gaps = np.where(alpha + beta > 0, alpha * beta / (alpha + beta) * dx, 0.0)
    return Chords(
        x,
        np.concatenate(([-1.0], np.where(low_side, lower_form - 1.0, upper_form), [0.0])),
        np.concatenate(([0.0], np.where(low_side, lower_form, upper_form + 1.0), [1.0])),
        np.concatenate(([True], low_side, [False])),
        p_high - y_high,
        q_high,
        gaps * (1 + 1e-6) + 4 * UNIT * x[1:],
        (p_high, y_high, p_low, y_low),
    )


def kinks(plain: Array, plus_one: Array, low_side: Array) -> Array:
    """Differences of consecutive slopes, each in the form both neighbours compute well."""
    import numpy as np

    both_low = low_side[1:] & low_side[:-1]
    return np.where(both_low, np.diff(plus_one), np.diff(plain))


def lowered(cdf: LossCdf, grid: Array) -> tuple[Array, float, float]:
    """The optimistic grid distribution: (P-masses at the grid points, mass at +∞, excess).

    The profile is anchored on the right at the true mass at +∞ and built leftwards
    from the lowered chords' slopes; the first point's mass makes the total 1. Only
    the P-masses enter δ(x) = Σ p_j (1 − x/x_j)₊ + p_∞, and for a P-total of 1 a
    profile at most η above the truth everywhere composes to at most η above the true
    composition (δ_{A×B}(x) = E_B[δ_A(x e^(−L_B))]), so ``excess`` bounds η: the
    lowering that the last point lacks, slopes clipped at 0 near +∞, the stretch left
    of the first point (where the truth is at least 1 − x) and rounding.
    """
    import numpy as np

    c = chords(cdf, grid)
    widths = np.diff(c.x)
    lowering = np.maximum(np.concatenate(([0.0], c.gaps)), np.concatenate((c.gaps, [0.0])))
    correction = np.concatenate(([0.0], np.diff(lowering) / widths, [0.0]))
    plain, plus_one = c.plain - correction, c.plus_one - correction
    # near +∞ the lowered points may fall below the mass at +∞: from the first point J after
    # which all do, the profile is flat at it; the point before J is lowered to the tangent
    # at x_J, so that the cell between them stays below the curve
    above = np.nonzero(c.finite - lowering >= 0)[0]
    flat = int(above[-1]) + 1 if above.size else 0
    if 0 < flat < c.x.size:
        j = flat - 1
        height = min(
            float(c.finite[j] - lowering[j]),
            float(c.finite[flat] + c.q_above[flat] * widths[j]),
        )
        plain[flat + 1 : -1], plus_one[flat + 1 : -1] = 0.0, 1.0
        plain[flat] = -max(height, 0.0) / float(widths[j])
        plus_one[flat] = 1.0 + plain[flat]
        shift = max(height, 0.0) - float(c.finite[j] - lowering[j])  # ≤ 0: lowers the rest
        right = max(0.0, shift)
    else:
        right = max(0.0, float(lowering[-1] - c.finite[-1]))
    if (kinks(plain, plus_one, c.low_side)[1:] < 0).any():
        plain, plus_one = _pool(plain, plus_one, widths)
    rising = plain[1:-1] > 0  # lowering a slope to 0 raises the profile left of it
    raised = float(np.sum(plain[1:-1][rising] * widths[rising]))
    plain[1:-1][rising], plus_one[1:-1][rising] = 0.0, 1.0
    pmf = np.maximum(c.x * kinks(plain, plus_one, c.low_side), 0.0)
    pmf[0] = 0.0
    first = 1.0 - cdf.infinity - math.fsum(pmf.tolist())
    if first >= 0:
        pmf[0] = first
    else:  # too much mass: taking it from the lowest losses only lowers the profile
        drain(pmf, -first)
    assert cdf.pair is not None
    left = float(c.x[0] * cdf.pair[1](np.array([grid[0]]))[0])  # ≥ δ(x₀) − (1 − x₀)
    excess = right + raised + left * (1 + 1e-9) + 4 * UNIT * c.x.size + RUN_SLACK
    return pmf, cdf.infinity, excess


def drain(pmf: Array, mass: float) -> None:
    """Take ``mass`` from the lowest bins, in place."""
    import numpy as np

    cumulative = np.cumsum(pmf)
    full = int(np.searchsorted(cumulative, mass))
    if full >= pmf.size:
        pmf[:] = 0.0
        return
    taken = float(cumulative[full - 1]) if full > 0 else 0.0
    pmf[:full] = 0.0
    pmf[full] = max(0.0, float(pmf[full]) - (mass - taken))


def _pool(plain: Array, plus_one: Array, widths: Array) -> tuple[Array, Array]:
    """Pool adjacent cells until slopes never decrease: the greatest convex minorant.

    The cells' slopes are averaged with their widths as weights (pool adjacent
    violators); the ends (slope −1 before the grid, 0 after it) are never pooled,
    since every slope is already in [−1, 0].
    """
    blocks: list[list[float]] = []  # [Σ plain·w, Σ plus_one·w, Σ w, cells]
    for i in range(1, plain.size - 1):
        w = float(widths[i - 1])
        blocks.append([float(plain[i]) * w, float(plus_one[i]) * w, w, 1.0])
        while len(blocks) > 1 and _decreasing(blocks[-2], blocks[-1]):
            top = blocks.pop()
            for k in range(4):
                blocks[-1][k] += top[k]
    out_plain, out_plus = plain.copy(), plus_one.copy()
    position = 1
    for block in blocks:
        count = int(block[3])
        out_plain[position : position + count] = block[0] / block[2]
        out_plus[position : position + count] = block[1] / block[2]
        position += count
    return out_plain, out_plus


def _decreasing(left: list[float], right: list[float]) -> bool:
    """Whether the right block's slope is below the left's (compared in the accurate form)."""
    if left[0] / left[2] > -0.5:
        return right[0] / right[2] < left[0] / left[2]
    return right[1] / right[2] < left[1] / left[2]

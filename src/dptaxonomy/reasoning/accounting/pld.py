"""Privacy-loss distributions on a grid, pessimistic or optimistic, composed by FFT, errors bounded.

A loss distribution is discretised on the grid h·ℤ (:func:`discretise`). The
pessimistic one dominates the true one (its δ(ε) is never smaller): chords of a
continuous loss's profile (:mod:`~dptaxonomy.reasoning.accounting.dots`), else every
loss moved up to a grid point; the optimistic one is dominated by it, giving a lower
bound: the chords lowered below the profile, else losses moved down. Computed
distribution values of atoms are made safe in the same direction: the
argument is shifted by a margin and the value scaled by a relative margin, then
made monotone by a running extremum, so the discrete distribution is exactly
pessimistic (or optimistic) whatever the floating-point error of Φ.

Composition (:func:`compose`) multiplies discrete Fourier transforms. Its
floating-point error is bounded, not ignored: the FFT's normwise error bound
(Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., Chapter 24,
radix-2 Cooley–Tukey with twiddle factors accurate to 4 units of roundoff) is
carried through the powers and products to an ℓ2 bound on the composed
probabilities; the mass outside the FFT window (which wraps around) is bounded
by Chernoff's inequality on the discrete distributions.
:func:`~dptaxonomy.reasoning.accounting.grid_epsilon.upper_epsilon` adds both to δ(ε), so
the ε it returns is certified for the pessimistic grid and hence for the true composition.
At very small δ the parts are tilted first (:mod:`~dptaxonomy.reasoning.accounting.tilt`),
which makes those absolute errors relative to δ where it is decided.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.accounting.dots import UNIT, Chords, chords, kinks, lowered
from dptaxonomy.reasoning.accounting.lossdist import LossCdf
from dptaxonomy.reasoning.accounting.roundoff import ABSOLUTE, Atom, Shortfall, shortfall, trim
from dptaxonomy.reasoning.accounting.tilt import chernoff, generating, log_mgfs, tilted, window

__all__ = ["Composed", "Discrete", "compose", "discretise"]

Array = Any
"""A numpy array."""

MARGIN = 1e-9
"""Relative shift of a grid point before a distribution function is evaluated there."""
RELATIVE = 1e-13
"""Relative margin on a computed distribution value: assumed above its error, Φ's argument
included (measured against mpmath: at most 6.3e-14 where the value exceeds 1e-30;
tests/test_roundoff.py)."""
MAX_SIZE = 2**23
"""The largest FFT the engine runs; beyond it the caller coarsens the grid."""


@record
class Discrete:
    """A discrete loss distribution: ``pmf[i]`` at loss ``(offset + i) · h``, plus mass at +∞."""

    offset: int
    pmf: Array
    infinity: float
    excess: float = 0.0
    """How far an optimistic distribution's δ(ε) may exceed the true one's, anywhere."""
    shortfall: float = 0.0
    """How far a pessimistic distribution's δ(ε) may fall below the true one's (rounding)."""
    relative: float = 0.0
    """ρ′ with δ ≤ D + ρ′δ + ``floor`` everywhere (module roundoff, step 6)."""
    floor: float = 0.0


@record
class Composed:
    """A composition on a window of the grid, with what is known about its errors."""

    h: float
    offset: int
    pmf: Array
    infinity: float
    l2_error: float
    """An ℓ2 bound on ``pmf`` minus the exact composition's values on the window (wrapped)."""
    outside_above: float
    """A bound on the exact composition's finite mass above the window."""
    outside: float
    """A bound on its finite mass outside the window (both ends): what may have wrapped in
    (on the tilted scale: mass e^(t·l − ``log_scale``) times the composed)."""
    excess: float = 0.0
    """How far the parts' δ(ε) may exceed the true ones', summed over every run."""
    shortfall: float = 0.0
    """How far the parts' δ(ε) may fall below the true ones', summed over every run."""
    relative: float = 0.0
    """Σ count·ρ′: δ ≤ (D + ``floor``)/(1 − ``relative``) (module roundoff, step 6)."""
    floor: float = 0.0
    tilt: float = 0.0
    """The tilt t: ``pmf`` holds e^(t·l − ``log_scale``) times the composed masses."""
    log_scale: float = 0.0
    inputs: float = 0.0
    """Σ count·τ: the tilted inputs' relative error, a factor e^(±1.01·inputs) on the masses."""
    last: int = 2**62
    """The largest grid index at which the composition can have finite mass."""


def discretise(
    cdf: LossCdf, h: float, *, pessimistic: bool, dots: bool = True, floor: float = 0.0
) -> Discrete:
    """The loss distribution on the grid h·ℤ, above (pessimistic) or below the true one.

    A continuous loss connects the dots (:mod:`~dptaxonomy.reasoning.accounting.dots`),
    unless ``dots`` is false; atoms, and optimistic runs without ``dots``, have every
    loss rounded up (pessimistic) or down. A pessimistic run's rounding floor above
    ``floor`` is covered by an atom instead (module roundoff, step 6).
    """
    import numpy as np

    first = math.floor(cdf.low / h) - 1
    last = math.ceil(cdf.high / h) + 1
    grid = np.arange(first, last + 1, dtype=float) * h
    if cdf.pair is not None and (dots or pessimistic):
        if pessimistic:
            return _connected(cdf, first, grid, h, floor)
        pmf, infinity, excess = lowered(cdf, grid)
        return Discrete(first, pmf, infinity, excess)
    if pessimistic and cdf.survival is not None:
        return _rounded_up(cdf, first, grid)
    if pessimistic:
        # cumulative[i] ≤ P(L ≤ (first + i)·h): mass at or below a grid point stays there or above
        values = cdf.cdf(grid - MARGIN * (1 + np.abs(grid))) * (1 - RELATIVE)
        cumulative = np.maximum.accumulate(np.clip(values, 0.0, 1.0))
        pmf = np.maximum(np.diff(cumulative, prepend=0.0) * (1 - 4 * UNIT), 0.0)
        infinity = min(1.0, 1.0 - math.fsum(pmf.tolist()) + 4 * UNIT)
        return Discrete(first, pmf, max(infinity, cdf.infinity))
    if cdf.survival is not None:
        return _rounded_down(cdf, first, grid)
    # cumulative[i] ≥ P(L < (first + i + 1)·h): mass moves down to the grid point below it
    ceiling = 1.0 - cdf.infinity
    values = cdf.cdf(grid + h + MARGIN * (1 + np.abs(grid + h))) * (1 + RELATIVE)
    values = np.minimum(values, ceiling)
    values[-1] = ceiling
    cumulative = np.minimum.accumulate(values[::-1])[::-1]
    pmf = np.maximum(np.diff(cumulative, prepend=0.0), 0.0)
    return Discrete(first, pmf, cdf.infinity)


def _rounded_down(cdf: LossCdf, first: int, grid: Array) -> Discrete:
    """Every loss moved down to the grid point below it, from P's survival function.

    suffix[i] ≤ P(L > l_i + margin) ≤ P(L ≥ l_i) (relative margin and (A1)'s absolute
    term, then a running minimum); the masses suffix[i] − suffix[i + 1], lowered by 2u,
    sum on every suffix to at most it, and the rest of the mass goes to the first point:
    the discrete loss is stochastically below the true one, its δ(ε) too, and accurate
    however small the tail (unlike 1 − F).
    """
    import numpy as np

    survival = cdf.survival
    assert survival is not None
    # 2ρ: the products' own rounding stays below the exact lower bound Ŝ(1 − ρ) − ABSOLUTE
    values = survival(grid + MARGIN * (1 + np.abs(grid))) * (1 - 2 * RELATIVE) - ABSOLUTE
    suffix = np.minimum.accumulate(np.clip(values, 0.0, 1.0 - cdf.infinity))
    pmf = np.maximum(-np.diff(suffix, append=0.0) * (1 - 2 * UNIT), 0.0)
    pmf[0] = max(0.0, 1.0 - cdf.infinity - math.fsum(pmf[1:].tolist()))
    trim(pmf, cdf.infinity)  # taking mass from the lowest points only lowers δ
    return Discrete(first, pmf, cdf.infinity)


def _rounded_up(cdf: LossCdf, first: int, grid: Array) -> Discrete:
    """Every loss moved up to the grid point above it, from P's survival function.

    suffix[i] ≥ P(L > l_{i−1}) (the value at l_{i−1} less a margin, times 1 + 2ρ, then a
    running maximum from the right), the masses suffix[i] − suffix[i + 1] raised by 2u, the
    mass above the last point moved to +∞ and the rest to the first point: every suffix of
    the discrete loss is at least the true one's, so it is stochastically above it and so is
    every composition (a P-total up to 1 + 3u is allowed for, as in ``Composed.shortfall``);
    unlike 1 − F, no absolute error of 10⁻¹³ lands at +∞.
    """
    import numpy as np

    survival = cdf.survival
    assert survival is not None
    below = np.concatenate(([grid[0] - (grid[1] - grid[0])], grid))
    values = survival(below - MARGIN * (1 + np.abs(below))) * (1 + 2 * RELATIVE)
    suffix = np.maximum.accumulate(np.clip(values, 0.0, 1.0 - cdf.infinity)[::-1])[::-1]
    pmf = np.maximum(-np.diff(suffix) * (1 + 2 * UNIT), 0.0)  # pmf[i]: suffix[i] − suffix[i+1]
    infinity = min(1.0, float(suffix[-1]) * (1 + 2 * UNIT) + cdf.infinity)
    pmf[0] = max(0.0, 1.0 - infinity - math.fsum(pmf[1:].tolist()))
    return Discrete(first, pmf, infinity)


def _connected(cdf: LossCdf, first: int, grid: Array, h: float, floor: float) -> Discrete:
    """The pessimistic grid distribution whose δ(ε) joins the true δ at the grid points.

    The chords of the profile between grid points lie above it
    (:mod:`~dptaxonomy.reasoning.accounting.dots`); the discrete loss distribution with
    exactly that piecewise-linear profile (masses at the kinks, δ at the last point moved
    to +∞, the first point's mass making the total 1) dominates the true pair. Left of
    the first point the profile is 1 − x·Q'(finite), above the truth because Q puts at
    most P's mass times e^(−l₁) below the first point l₁.
    """
    import numpy as np

    c = chords(cdf, grid)
    pmf = np.maximum(c.x * kinks(c.plain, c.plus_one, c.low_side), 0.0)
    infinity = min(1.0, max(float(c.finite[-1]), 0.0) * (1 + RELATIVE) + cdf.infinity)
    pmf[0] = max(0.0, 1.0 - infinity - math.fsum(pmf[1:].tolist()))
    bound, pmf = _bounded(c, grid, pmf, infinity)
    if bound.needed > floor:  # cover the cells where δ is tiny with an atom one loss unit above
        index = max(bound.reach + math.ceil(1 / h), pmf.size)
        mass = 2 * bound.needed / -math.expm1(-(index - bound.reach) * h)
        extended = np.concatenate((pmf, np.zeros(index - pmf.size), [mass]))
        loss = (first + index) * h
        assert cdf.pair is not None
        survival = cdf.pair[0](np.array([loss - MARGIN * (1 + abs(loss))]))
        tail = float(survival[0]) * (1 + RELATIVE) + ABSOLUTE  # ≥ P(L > l*) by (A1)
        bound, pmf = _bounded(c, grid, extended, infinity, Atom(index, mass, h, tail))
    return Discrete(
        first,
        pmf,
        infinity,
        shortfall=bound.uniform,
        relative=bound.relative,
        floor=bound.floor,
    )


def _bounded(
    c: Chords,
    grid: Array,
    pmf: Array,
    infinity: float,
    atom: Atom | None = None,
) -> tuple[Shortfall, Array]:
    """The masses trimmed to a P-total ≤ 1, and their shortfall (module roundoff)."""

    pmf = pmf.copy()
    before = pmf.copy()
    trim(pmf, infinity)
    at_zero = max(0.0, math.fsum([1.0, -infinity, *(-pmf).tolist()])) * (1 + 2 * UNIT)
    # sup(δ − D) is at x = 0 or at a grid point (module roundoff, step 0)
    n = grid.size
    trimmed = (before - pmf)[:n] * (1 + 2 * UNIT)
    bound = shortfall(
        c, grid, pmf[:n], infinity, RELATIVE, trimmed=trimmed, at_zero=at_zero, atom=atom
    )
    return bound, pmf


def _fft_error(size: int) -> float:
    """Higham's relative ℓ2 error bound of a radix-2 FFT of ``size`` points (Chapter 24)."""
    mu = 4 * UNIT
    gamma4 = 4 * UNIT / (1 - 4 * UNIT)
    eta = mu + gamma4 * (math.sqrt(2) + mu)
    levels = max(1, size.bit_length() - 1)
    return levels * eta / (1 - levels * eta)


def _power(values: Array, error: Array, count: int) -> tuple[Array, Array]:
    """values**count by squaring, and a bound on its distance to the exact values' power.

    Coefficients whose bound (|v| + error)**count is below 1e-300 are set to zero
    (their error bound is that bound), which also keeps every intermediate power
    of the others above the subnormal range.
    """
    import numpy as np

    magnitude = np.abs(values)
    top = magnitude + error
    with np.errstate(divide="ignore"):
        keep = count * np.log(top) > -690.0
    result = np.zeros_like(values)
    base = values[keep]
    power = np.ones_like(base)
    k = count
    while k:
        if k & 1:
            power = power * base
        k >>= 1
        if k:
            base = base * base
    result[keep] = power
    bound = np.zeros(values.shape)
    kept, spread = magnitude[keep], error[keep]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore", under="ignore"):
        growth = np.where(
            kept > 0,
            np.power(kept, count) * np.expm1(count * np.log1p(spread / kept)),
            np.power(spread, count),
        )
        rounding = 12 * UNIT * count.bit_length() * np.power(top[keep], count)
        bound[keep] = growth + rounding
        bound[~keep] = np.power(top[~keep], count)
    return result, bound * 1.001


def _convolve(
    parts: Sequence[tuple[Discrete, int]], inputs: Sequence[Array], size: int
) -> tuple[Array, float, int]:
    """The circular composition of the inputs (one per part), its ℓ2 error bound, its offset."""
    import numpy as np

    eta = _fft_error(size)
    root = math.sqrt(size)
    product: Array = None
    bound: Array = None
    base = 0
    for (part, count), masses in zip(parts, inputs, strict=True):
        base += count * part.offset
        folded = np.zeros(size)
        np.add.at(folded, np.arange(part.pmf.size) % size, masses)
        spectrum = np.fft.fft(folded)
        # + underflow: each input value within 2⁻¹⁰⁷⁴ of its rounding, a perturbation in ℓ1
        error = eta * root * float(np.linalg.norm(folded)) * (1 + 1e-9) + part.pmf.size * 2.0**-1074
        power, power_error = _power(spectrum, np.full(size, error), count)
        if product is None:
            product, bound = power, power_error
        else:
            new = product * power
            bound = (
                bound * np.abs(power)
                + np.abs(product) * power_error
                + bound * power_error
                + 4 * UNIT * np.abs(new)
            )
            product = new
    values = np.fft.ifft(product).real
    norm = float(np.linalg.norm(product))
    l2_error = (float(np.linalg.norm(bound)) / root) * (1 + eta) + eta * norm / root
    return values, l2_error, base


def compose(parts: Sequence[tuple[Discrete, int]], h: float, *, tilt: float = 0.0) -> Composed:
    """The composition of ``count`` runs of each discrete distribution, on one FFT window.

    With a ``tilt`` t > 0 the FFT composes the tilted parts p_i·e^(t·l_i − λ): tilting
    commutes with composition, so the composed masses are e^(Σ count·λ − t·l) times the
    tilted composition's, whose FFT errors are absolute on the tilted scale, hence
    relative to e^(Σ count·λ − t·l), which is small where δ(ε) is (``upper_epsilon``).
    """
    import numpy as np

    signed, total = generating(parts, h)
    shifted = signed + tilt
    scaled = [tilted(p, h, tilt) for p, _ in parts]
    log_scale = math.fsum(k * lam for (_, k), (_, lam, _) in zip(parts, scaled, strict=True))
    inputs = math.fsum(k * tau for (_, k), (_, _, tau) in zip(parts, scaled, strict=True))
    window_total = total
    if tilt:
        moved = sum((k * log_mgfs(p, h, shifted) for p, k in parts), np.zeros(signed.size))
        window_total = moved - log_scale
    start, size = window(parts, h, signed, window_total)
    if size > MAX_SIZE:
        raise OverflowError(size)
    values, l2_error, base = _convolve(parts, [m for m, _, _ in scaled], size)
    pmf = np.roll(values, -((start - base) % size))
    # 1 − Π(1 − p_∞)^count without cancellation: log1p, expm1 and the sum, each relative
    finite = math.fsum(k * math.log1p(-p.infinity) for p, k in parts)
    infinity = min(1.0, -math.expm1(finite) * (1 + 1e-12))
    top = (start + size) * h
    above = chernoff(signed, total, top, above=True)
    wrapped = above + chernoff(signed, total, start * h, above=False)
    if tilt:  # above the window, mass e^(Σλ − t·l) r̃ ≤ e^(Σλ − t·top) · (tilted mass above)
        tilted_above = chernoff(signed, window_total, top, above=True)
        above = min(above, math.exp(log_scale - tilt * top) * tilted_above)
        wrapped = tilted_above + chernoff(signed, window_total, start * h, above=False)
    spread = sum(k * (p.pmf.size - 1) for p, k in parts) + 1
    if spread <= size and base == start:
        above = wrapped = 0.0
    elif start + size >= base + spread:  # the window reaches the largest finite loss
        above = 0.0
        wrapped = chernoff(signed, window_total if tilt else total, start * h, above=False)
    excess = math.fsum(k * p.excess for p, k in parts)
    # each part's P-total is at most 1 + 8u, so a run's shortfall grows by at most that
    # factor per other run (roundoff's composition step); the factor also covers the sum
    runs = sum(k for _, k in parts)
    growth = math.exp(16 * UNIT * runs)
    short = math.fsum(k * p.shortfall for p, k in parts) * growth
    relative = math.fsum(k * p.relative for p, k in parts)
    floor = math.fsum(k * p.floor for p, k in parts) * growth
    return Composed(
        h,
        start,
        pmf,
        infinity,
        l2_error,
        above,
        wrapped,
        excess,
        short,
        relative=relative,
        floor=floor,
        tilt=tilt,
        log_scale=log_scale,
        inputs=inputs,
        last=base + spread - 1,
    )

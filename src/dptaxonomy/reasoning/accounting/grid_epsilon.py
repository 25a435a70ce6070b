"""ε from a composed grid distribution: the smallest certified (upper) or largest refuted (lower).

The composed masses are r_j = e^(``log_scale`` − t·l_j)·v_j at the lattice losses l_j, v the
FFT's (tilted) values (t = 0: no tilt). For the upper bound, on the suffix j ≥ J (which gives
δ on [l_{J−1}, l_J]) the discrete composition's δ is at most, with F = e^(1.01·inputs):

    p_∞ + (mass above the window) + F·(Σ_{j≥J} r̂_j (1 − e^(ε − l_j)) + σ_J + λ_J),

- F: each tilted input is within a factor 1 ± τ of the exact one, so the exact inputs'
  composition is at most F times the computed inputs' (non-negative sequences);
- σ_J = κ·(Σ_{j≥J} |r̂_j| + e^(l_J) Σ_{j≥J} |r̂_j| e^(−l_j)): the rounding of the scales
  (exp and its argument), the products and the sequential suffix sums, κ ≈ (n + …)·u;
- λ_J = ‖v − exact‖₂ · (Σ_{j≥J} e^(2(log_scale − t·l_j)))^½ (Cauchy–Schwarz, weights ≤ 1):
  the FFT's ℓ2 error bound (:mod:`~dptaxonomy.reasoning.accounting.pld`) where it matters,
  on the tilted scale; at t = 0 it is the ℓ2 bound times √(terms).

Aliasing only adds (non-negative) mass to the window. The grid's δ then bounds the true
one either uniformly (δ ≤ D + Σ count·η) or relatively (δ ≤ (D + floor)/(1 − Σ count·ρ′),
module roundoff step 6), whichever leaves more room; ε is certified where the bound ≤ δ.
"""

from __future__ import annotations

import math
from typing import Any

from dptaxonomy.reasoning.accounting.dots import UNIT
from dptaxonomy.reasoning.accounting.pld import Composed
from dptaxonomy.reasoning.accounting.roundoff import EXP_ULPS

__all__ = ["lower_epsilon", "upper_epsilon"]

Array = Any
"""A numpy array."""

_SAFE = 1 + 1e-6
"""Covers the rounding of the suffix sums of |r̂| and of the squared scales ((n + 2)u < 1e-8)."""


def _suffix(values: Array) -> Array:
    """Σ_{i≥j} values_i for every j (sequential sums)."""
    import numpy as np

    return np.cumsum(values[::-1])[::-1]


def _scaled(composed: Composed) -> tuple[Array, Array, Array, float]:
    """Losses, the masses r̂, the scales e^(log_scale − t·l) and κ (σ's factor)."""
    import numpy as np

    n = composed.pmf.size
    losses = (composed.offset + np.arange(n)) * composed.h
    if composed.tilt == 0:
        scale = np.ones(n)
    else:
        with np.errstate(over="ignore"):
            scale = np.exp(composed.log_scale - composed.tilt * losses)
    with np.errstate(invalid="ignore", over="ignore"):
        masses = composed.pmf * scale
    reach = abs(composed.log_scale) + 3 * float(np.max(np.abs(composed.tilt * losses)))
    reach += 2 * float(np.max(np.abs(losses)))
    kappa = 1.01 * UNIT * (n + 8 + 2 * EXP_ULPS + reach)
    return losses, masses, scale, kappa


def upper_epsilon(composed: Composed, delta: float) -> float | None:
    """The smallest ε with δ̂(ε) + every error term ≤ δ (None when the errors alone exceed δ).

    Above the largest loss the composition can reach, δ of the grid is its mass at +∞
    exactly: that loss is certified whenever the mass at +∞ fits in δ, however large the
    FFT's errors (atoms, whose last step of δ is too small to resolve).
    """
    room = max(delta * (1 - composed.relative) - composed.floor, delta - composed.shortfall)
    found = _searched(composed, room)
    if composed.infinity > room:
        return found
    last = composed.last * composed.h
    ceiling = max(0.0, last + 1e-12 * (1 + abs(last)))
    return ceiling if found is None else min(found, ceiling)


def _searched(composed: Composed, room: float) -> float | None:
    """The smallest ε whose δ̂(ε) + the error terms fit in ``room`` (None if none can)."""
    import numpy as np

    losses, masses, scale, kappa = _scaled(composed)
    budget = (room - composed.infinity - composed.outside_above) / math.exp(1.01 * composed.inputs)
    if not budget > 0:
        return None
    with np.errstate(over="ignore", invalid="ignore"):
        decay = np.exp(-losses)
        first, second = _suffix(masses), _suffix(masses * decay)
        size = _suffix(np.abs(masses)) + np.exp(losses) * _suffix(np.abs(masses) * decay)
        spread = np.sqrt(_suffix(scale * scale))
        slack = _SAFE * (kappa * size + composed.l2_error * spread)
        # δ at ε = l_{j-1} uses the suffix from j; the suffix sums at j give δ on [l_{j-1}, l_j]
        before = np.concatenate(([losses[0] - composed.h], losses[:-1]))
        at_left = first - np.exp(before) * second
        feasible = np.nonzero(at_left + slack <= budget)[0]
    if feasible.size == 0:  # only the last grid point: the suffix after it is empty
        return max(0.0, float(losses[-1]) + 1e-12 * (1 + abs(float(losses[-1]))))
    j = int(feasible[0])
    if j == 0:
        return max(0.0, float(losses[0] - composed.h))
    # δ(l_{j-1}) is small enough, δ(l_{j-2}) is not: solve on [l_{j-2}, l_{j-1}] with suffix j-1
    k = j - 1
    left = float(losses[k - 1]) if k > 0 else float(losses[0] - composed.h)
    right = float(losses[k])
    argument = (float(first[k]) + float(slack[k]) - budget) / float(second[k])
    solved = math.log(argument) if argument > 0 and math.isfinite(argument) else left
    value = min(max(solved, left), right)
    return max(0.0, value + 1e-12 * (1 + abs(value)))


def lower_epsilon(composed: Composed, delta: float) -> float:
    """The largest ε with δ̂(ε) − every error term > δ, on an optimistic composition (or 0).

    The mirror of :func:`upper_epsilon`: the exact inputs' composition is at least 1/F
    times the computed inputs', the window's values exceed the exact ones by at most the
    mass wrapped in from outside (at most e^(log_scale − t·l_J) times ``outside`` on the
    suffix J, the scales decreasing), and the runs' δ may exceed the truth by ``excess``.
    """
    import numpy as np

    losses, masses, scale, kappa = _scaled(composed)
    infinity = composed.infinity * (1 - 1e-11)  # its computation errs by under 1e-12
    factor = math.exp(1.01 * composed.inputs)
    target = (delta + composed.excess - infinity) * factor
    with np.errstate(over="ignore", invalid="ignore"):
        decay = np.exp(-losses)
        first, second = _suffix(masses), _suffix(masses * decay)
        size = _suffix(np.abs(masses)) + np.exp(losses) * _suffix(np.abs(masses) * decay)
        spread = np.sqrt(_suffix(scale * scale))
        slack = _SAFE * (
            kappa * size + composed.l2_error * spread + factor * composed.outside * scale
        )
        before = np.concatenate(([losses[0] - composed.h], losses[:-1]))
        at_left = first - np.exp(before) * second
        infeasible = np.nonzero(at_left - slack > target)[0]
    if infeasible.size == 0:
        return 0.0
    j = int(infeasible[-1])
    left = float(losses[j - 1]) if j > 0 else float(losses[0] - composed.h)
    right = float(losses[j])
    argument = (float(first[j]) - float(slack[j]) - target) / float(second[j])
    solved = math.log(argument) if argument > 0 and math.isfinite(argument) else left
    value = min(max(solved, left), right)
    return max(0.0, value - 1e-12 * (1 + abs(value)))

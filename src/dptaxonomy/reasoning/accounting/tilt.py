"""Moment generating functions of discrete loss distributions: Chernoff tails, the FFT window,
exponential tilting and the tilt a small δ asks for.

Tilting p_i ↦ p_i·e^(t·l_i − λ) commutes with composition (convolution): the composed
masses are e^(Σ count·λ − t·l) times the composition of the tilted parts. Composing the
tilted parts puts the bulk of the computed mass where δ(ε) is decided, so that errors
absolute on the tilted scale are relative there
(:func:`~dptaxonomy.reasoning.accounting.pld.compose`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dptaxonomy.reasoning.accounting.dots import UNIT
from dptaxonomy.reasoning.accounting.roundoff import EXP_ULPS

if TYPE_CHECKING:
    from dptaxonomy.reasoning.accounting.pld import Discrete

__all__ = ["chernoff", "generating", "log_mgfs", "tilt_for", "tilted", "window"]

Array = Any
"""A numpy array."""

WINDOW_TAIL = 1e-16
"""Chernoff tail bound aimed at for the FFT window's two ends."""


def log_mgfs(part: Discrete, h: float, signed: Array) -> Array:
    """log Σ p_i e^(t·l_i) at each slope t of ``signed`` (−∞ without mass), rounded up."""
    import numpy as np

    where = np.nonzero(part.pmf > 0)[0]
    if where.size == 0:
        return np.full(signed.size, -math.inf)
    exponents = np.outer(signed, (part.offset + where) * h)
    top = exponents.max(axis=1)
    weights = np.exp(exponents - top[:, None]) @ part.pmf[where]
    return top + np.log(weights) + 1e-12 * (1 + np.abs(top))


def tilt_for(parts: Sequence[tuple[Discrete, int]], h: float, delta: float) -> float:
    """The slope t minimising Chernoff's (Σ count·log M(t) − log δ)/t: the tilt at which the
    composition's mass near the ε of δ is the bulk of the tilted distribution."""
    import numpy as np

    slopes = 2.0 ** (np.arange(-16, 29) / 4)
    total = sum((k * log_mgfs(p, h, slopes) for p, k in parts), np.zeros(slopes.size))
    return float(slopes[int(np.argmin((total - math.log(delta)) / slopes))])


def tilted(part: Discrete, h: float, tilt: float) -> tuple[Array, float, float]:
    """(pmf·e^(t·l − λ), λ, τ): the part tilted by ``tilt``, each value within a factor 1 ± τ
    of the exact p_i·e^(t·l_i − λ) (λ = log Σ p_i e^(t·l_i) as computed: any λ works)."""
    import numpy as np

    if tilt == 0:
        return part.pmf, 0.0, 0.0
    losses = (part.offset + np.arange(part.pmf.size)) * h
    with np.errstate(divide="ignore"):
        logs = np.log(part.pmf) + tilt * losses
    top = float(np.max(logs))
    lam = top + math.log(float(np.sum(np.exp(logs - top))))
    tilted = np.exp(logs - lam)
    # the exponent's error: log p (numpy's log within EXP_ULPS units, as exp: (A2)), l and
    # t·l (2u·|t·l|), the two sums (u each, of their results); then exp's own EXP_ULPS units
    finite = np.isfinite(logs)
    with np.errstate(divide="ignore"):
        logged = np.abs(np.log(part.pmf[finite]))
    spread = (
        EXP_ULPS * logged
        + 2 * np.abs(tilt * losses[finite])
        + np.abs(logs[finite])
        + np.abs(logs[finite] - lam)
    )
    return tilted, lam, 1.01 * UNIT * (float(np.max(spread, initial=0.0)) + EXP_ULPS)


_SLOPES = tuple(2.0**j for j in range(-3, 8))


def generating(parts: Sequence[tuple[Discrete, int]], h: float) -> tuple[Array, Array]:
    """The slopes ±t and Σ count · log M(±t) of the composition's finite part."""
    import numpy as np

    slopes = np.array(_SLOPES)
    signed = np.concatenate((slopes, -slopes))
    total = sum((k * log_mgfs(p, h, signed) for p, k in parts), np.zeros(signed.size))
    return signed, total


def chernoff(signed: Array, total: Array, at: float, *, above: bool) -> float:
    """Chernoff: the composition's finite mass above (below) the loss ``at``."""
    import numpy as np

    chosen = signed > 0 if above else signed < 0
    with np.errstate(over="ignore", invalid="ignore"):
        exponents = total[chosen] - signed[chosen] * at
    finite = exponents[np.isfinite(exponents)]
    return min(1.0, math.exp(min(0.0, float(finite.min())))) if finite.size else 1.0


def window(
    parts: Sequence[tuple[Discrete, int]], h: float, signed: Array, total: Array
) -> tuple[int, int]:
    """The window's first index and its (power-of-two) size."""
    import numpy as np

    low = sum(k * p.offset for p, k in parts)
    span = sum(k * (p.pmf.size - 1) for p, k in parts) + 1
    high = low + span - 1
    target = math.log(WINDOW_TAIL)
    with np.errstate(over="ignore", invalid="ignore"):
        ends = (total - target) / signed / h  # above: up to this index; below: down to it
    up = ends[(signed > 0) & np.isfinite(ends)]
    down = ends[(signed < 0) & np.isfinite(ends)]
    if up.size:
        high = min(high, math.ceil(float(up.min())))
    if down.size:
        low = max(low, math.floor(float(down.max())))
    size = 1 << max(1, (max(high - low + 1, 2) - 1).bit_length())
    return low, size

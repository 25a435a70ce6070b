"""Rényi divergences of the Poisson-subsampled Gaussian, at integer and fractional orders.

With μ = Δ/σ, Q = N(0, 1), P = (1 − q)Q + qN(μ, 1) and g = dP/dQ = 1 − q + q e^(μx − μ²/2):

- integer α: E_Q[g^α] = Σ_j C(α, j)(1 − q)^(α − j) q^j e^((j² − j)μ²/2) exactly (Mironov,
  Talwar and Zhang 2019, Section 3.3), summed with interval arithmetic;
- fractional α: E_Q[g^α] = 1 + E_Q[ψ(g)] with ψ(g) = g^α − 1 − α(g − 1) ≥ 0 (the first-order
  term has mean 0), an integral without cancellation, bounded above by an upper Riemann sum
  (φ at the cell point nearest 0, ψ∘g at the cell end where it is larger: ψ∘g decreases then
  increases) plus closed-form bounds on both tails and a margin for rounding; the "add"
  direction E_Q[g^(1 − α)] likewise. Both directions are bounded and the larger is used.
"""

from __future__ import annotations

import math

from dptaxonomy.reasoning.maps.intervals import exp, interval, log
from dptaxonomy.reasoning.maps.numeric import IV, binomial_mass, point

__all__ = ["CELLS", "FINE_CELLS", "fractional_rdp", "integer_rdp"]

CELLS = 100_000
"""Cells of the quadrature's grid while the best order is searched for."""
FINE_CELLS = 1_000_000
"""Cells of the grid at the order finally reported (its error falls as 1/cells: 0.02 % of
the subsampled Gaussian's RDP at q = 0.01, μ = 1, α = 8.6; 0.2 % at the search's 100 000)."""
_CHUNK = 250_000
_EDGE = 12.0
"""Standard deviations beyond which the tails are bounded in closed form."""
_UNIT = 2.0**-53


def integer_rdp(mu: IV, q: IV, order: int) -> IV:
    """The subsampled Gaussian's RDP at integer ``order`` ≥ 2 (an enclosure)."""
    total = point(0.0)
    scale = mu * mu / 2
    for j in range(order + 1):
        total = total + binomial_mass(j, order, q) * exp((j * j - j) * scale)
    return log(total) / (order - 1)


def _phi_tail(z: float) -> float:
    """Φ(−z), rounded up by a relative margin."""
    return 0.5 * math.erfc(z / math.sqrt(2)) * (1 + 1e-12)


def _excess(mu: float, q: float, power: float, top: float, cells: int) -> float:
    """An upper bound on E_Q[ψ(g)] for ψ(g) = g^power − 1 − power·(g − 1) (power > 1 or < 0)."""
    width = (top + _EDGE) / cells
    body = 0.0
    for start in range(0, cells, _CHUNK):  # in chunks: a fine grid needs no large arrays
        stop = min(cells, start + _CHUNK)
        end = top if stop == cells else -_EDGE + stop * width  # the grid ends where the tail starts
        body += _body(mu, q, power, -_EDGE + start * width, end, stop - start)
    body *= width * (1 + 1e-9)
    low_g = 1 - q
    low_tail = _phi_tail(_EDGE) * max(0.0, low_g**power - 1 - power * (low_g - 1))
    if power > 1:  # ψ(g) ≤ g^α ≤ e^(α(μx − μ²/2)) beyond the grid (top ≥ μ/2)
        log_tail = -power * mu * mu / 2 + (power * mu) ** 2 / 2
        high_tail = math.exp(log_tail) * _phi_tail(top - power * mu) if log_tail < 700 else math.inf
    else:  # ψ(g) ≤ (1 − power)(g − 1) ≤ (1 − power) q e^(μx − μ²/2)
        high_tail = (1 - power) * q * _phi_tail(top - mu)
    return float(body + low_tail + high_tail)


def _body(mu: float, q: float, power: float, start: float, stop: float, cells: int) -> float:
    """The upper Riemann sum of ψ∘g·φ over ``cells`` cells of [start, stop], before the
    width: each cell's larger ψ∘g end times φ at its point nearest 0."""
    import numpy as np

    grid = np.linspace(start, stop, cells + 1)
    d = q * np.expm1(mu * grid - mu * mu / 2)  # g − 1, without cancellation
    with np.errstate(over="ignore"):
        grown = np.expm1(power * np.log1p(d))
    psi = grown - power * d
    rounding = 8 * _UNIT * (np.abs(grown) + abs(power) * np.abs(d))
    psi_top = np.maximum(psi + rounding, 0.0)
    cell = np.maximum(psi_top[:-1], psi_top[1:])
    nearest = np.where(
        (grid[:-1] <= 0) & (grid[1:] >= 0), 0.0, np.minimum(np.abs(grid[:-1]), np.abs(grid[1:]))
    )
    density = np.exp(-nearest * nearest / 2) / math.sqrt(2 * math.pi)
    return float(np.sum(cell * density))


def fractional_rdp(mu: float, q: float, order: float, cells: int = CELLS) -> IV:
    """An upper bound on the subsampled Gaussian's RDP at ``order`` > 1 (both directions),
    by a quadrature on ``cells`` cells."""
    top = max(_EDGE, order * mu + _EDGE)
    remove = _excess(mu, q, order, top, cells)
    add = _excess(mu, q, 1 - order, top, cells)
    value = math.log1p(max(remove, add)) / (order - 1) * (1 + 1e-9)
    return interval(0, value)

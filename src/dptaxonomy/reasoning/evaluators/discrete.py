"""The discrete Laplace (two-sided geometric) pair, reduced exactly to a finite pair.

P(z) = r^|z| (1 − r)/(1 + r) on the integers, with r = e^{−1/scale}, against
Q(z) = P(z − Δ) for an integer shift Δ ≥ 1. The likelihood ratio P/Q is
r^{−Δ} for every z ≤ 0 and r^{Δ} for every z ≥ Δ, so merging each of those
two tails into one outcome loses nothing: every divergence, privacy profile
and trade-off curve of a pair depends only on the distribution of its
likelihood ratio, which the merge keeps. The finite pair has Δ + 1 outcomes:

* z ≤ 0: P = 1/(1 + r), Q = r^Δ/(1 + r);
* z = 1, …, Δ − 1: P = r^z (1 − r)/(1 + r), Q = r^{Δ−z} (1 − r)/(1 + r);
* z ≥ Δ: P = r^Δ/(1 + r), Q = 1/(1 + r).

>>> from dptaxonomy.reasoning.maps.numeric import exact, upper
>>> pair = discrete_laplace_pair(exact("2"), exact("2"))
>>> len(pair.p), round(upper(pair.epsilon()), 12)
(3, 1.0)
"""

from __future__ import annotations

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.families import Finite
from dptaxonomy.reasoning.maps.intervals import exp
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper

__all__ = ["MAX_SHIFT", "discrete_laplace_pair"]

MAX_SHIFT = 64
"""The largest integer shift expanded into outcomes."""


def discrete_laplace_pair(shift: IV, scale: IV) -> Finite:
    """The finite pair equivalent to the discrete Laplace pair (see the module docstring)."""
    low, high = lower(shift), upper(shift)
    if low != high or not low.is_integer() or not 1 <= low <= MAX_SHIFT:
        raise NumericError(f"a discrete Laplace shift must be an integer in [1, {MAX_SHIFT}]")
    if lower(scale) <= 0:
        raise NumericError("a discrete Laplace scale must be positive")
    delta = int(low)
    r = exp(-1 / scale)
    head = 1 / (1 + r)
    inner = (1 - r) / (1 + r)
    p = [head, *(r**z * inner for z in range(1, delta)), r**delta * head]
    q = [r**delta * head, *(r ** (delta - z) * inner for z in range(1, delta)), head]
    return Finite(tuple(p), tuple(q))

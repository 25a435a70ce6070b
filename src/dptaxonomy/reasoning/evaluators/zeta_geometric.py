"""A power law against a geometric law: KL finite both ways, Rényi infinite at every order.

On the positive integers k ≥ 1, with a > 1 and 0 < q < 1,

* P(k) = k^{−a}/ζ(a) (the zeta distribution), and
* Q(k) = (1 − q) q^{k−1} (the geometric distribution).

The log-ratio is log(P/Q)(k) = −a log k − log ζ(a) − log(1 − q) + (k − 1) log(1/q):
logarithmic in k from P, linear in k from Q. Every quantity below is derived
here from that line (construction ours; no source states it):

* **ε-DP.** |log(P/Q)(k)| grows linearly in k, so the largest log-ratio is +∞.
* **Rényi, order α > 1, P‖Q.** Σ P^α Q^{1−α} = ζ(a)^{−α} (1 − q)^{1−α}
  Σ_k k^{−aα} q^{−(α−1)(k−1)}. The k-th term is exp((α − 1)(k − 1) log(1/q)
  − aα log k) up to a positive constant: the linear exponent beats the
  logarithm, so the terms tend to +∞ and the sum diverges. D_α(P‖Q) = +∞ at
  *every* α > 1, for every a > 1 and 0 < q < 1. This is decided analytically,
  not by evaluating a sum, so :meth:`ZetaGeometric.renyi_unbounded` is True
  and Rényi DP fails for every (α, ε). (The other direction, Σ Q^α P^{1−α} =
  ζ(a)^{α−1} (1 − q)^α Σ_k q^{α(k−1)} k^{a(α−1)}, is finite; the maximum over
  the two orders is +∞ all the same.)
* **KL(P‖Q)** = E_P[log(P/Q)] = −a E_P[log k] − log ζ(a) − log(1 − q)
  + log(1/q) E_P[k − 1], with E_P[log k] = −ζ′(a)/ζ(a) (finite for a > 1)
  and E_P[k − 1] = ζ(a − 1)/ζ(a) − 1, finite exactly when a > 2. The last
  summand is non-negative, so for 1 < a ≤ 2 KL(P‖Q) = +∞; for a > 2 it is the
  closed form.
* **KL(Q‖P)** = E_Q[log(Q/P)] = log(1 − q) + log(q) · q/(1 − q)
  + a E_Q[log k] + log ζ(a), using E_Q[k − 1] = q/(1 − q); finite for every
  a > 1. E_Q[log k] = Σ_k (1 − q) q^{k−1} log k has no elementary closed form:
  it is summed to N terms in interval arithmetic and the rest enclosed in
  [0, q^N (log N + 1/(N(1 − q)))]. The upper end holds because log is concave:
  log k ≤ log N + (k − N)/N for k > N, and Σ_{k>N} (1 − q) q^{k−1} = q^N,
  Σ_{k>N} (1 − q) q^{k−1} (k − N) = q^N/(1 − q).

So for a > 2 the pair is KL private with a finite ε and Rényi DP for no
parameter: the witness that KL privacy is strictly weaker than Rényi DP.
ζ(a), ζ′(a) and ζ(a − 1) come from mpmath at twice the working precision,
widened as :func:`~dptaxonomy.reasoning.evaluators.zeta_values.widen` does; the
rest is interval arithmetic. Total variation and the privacy profile have no
closed form here (``None``).

>>> from dptaxonomy.reasoning.maps.numeric import exact, upper
>>> pair = ZetaGeometric(exact("3"), exact("0.5"))
>>> round(upper(pair.kl()), 6), is_infinite(pair.renyi(exact("1.01"))), pair.renyi_unbounded()
(0.321242, True, True)
"""

from __future__ import annotations

import math
from typing import Any

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.families import INFINITE, Pair, hull_max, is_infinite
from dptaxonomy.reasoning.evaluators.zeta_values import exact_real, real_context, widen
from dptaxonomy.reasoning.maps.intervals import enclose, interval, log
from dptaxonomy.reasoning.maps.numeric import IV, lower, upper

__all__ = ["MAX_TERMS", "ZetaGeometric", "geometric_mean_log"]

MAX_TERMS = 100_000
"""The most terms of E_Q[log k] summed before the tail bound (q close to 1 needs many)."""

_TAIL_BITS = 96
"""The tail of E_Q[log k] left to an interval is below 2^−96 (the enclosures hold ~100 bits)."""


def _terms(q: IV) -> int:
    """Terms N after which the tail bound q^N (log N + 1/(N(1 − q))) is below 2^−_TAIL_BITS."""
    top = upper(q)
    count = math.ceil(_TAIL_BITS * math.log(2) / -math.log(top)) + 16
    while count <= MAX_TERMS:
        bound = top**count * (math.log(count) + 1 / (count * (1 - top)))
        if bound < 2.0**-_TAIL_BITS:
            return count
        count *= 2
    raise NumericError(f"q is too close to 1 to sum E_Q[log k] in {MAX_TERMS} terms")


def geometric_mean_log(q: IV, terms: int | None = None) -> IV:
    """An enclosure of E[log k] for k ~ Geometric(q) on {1, 2, …}, P(k) = (1 − q) q^{k−1}.

    The first ``terms`` terms (by default enough for a tail below 2^−_TAIL_BITS)
    are summed in interval arithmetic; the tail lies in
    [0, q^N (log N + 1/(N(1 − q)))] (see the module docstring).
    """
    count = _terms(q) if terms is None else terms
    if count < 1:
        raise NumericError("E_Q[log k] needs at least one summed term")
    weight = 1 - q  # (1 − q) q^{k−1} at k = 1, where log k = 0
    total = enclose(0)
    for k in range(2, count + 1):
        weight = weight * q
        total += weight * log(enclose(k))
    tail = q**count * (log(enclose(count)) + 1 / (count * (1 - q)))
    return total + tail * interval(0, 1)  # the tail is somewhere in [0, its bound]


@record
class ZetaGeometric(Pair):
    """Zeta(a) against Geometric(q) on the positive integers (see the module docstring)."""

    a: IV
    q: IV

    def _checked(self) -> Any:
        """The exponent a as a real, after checking a > 1 and 0 < q < 1."""
        a = exact_real(self.a)
        if not a > 1:
            raise NumericError("a power-law/geometric pair needs a > 1")
        if not (lower(self.q) > 0 and upper(self.q) < 1):
            raise NumericError("a power-law/geometric pair needs 0 < q < 1")
        return a

    def epsilon(self) -> IV:
        self._checked()
        return INFINITE

    def renyi(self, alpha: IV) -> IV:  # noqa: ARG002
        self._checked()
        return INFINITE  # D_α(P‖Q) = +∞ for every α > 1 (module docstring)

    def renyi_unbounded(self) -> bool:
        self._checked()
        return True

    def kl_forward(self) -> IV:
        """KL(P‖Q), P the power law: +∞ when a ≤ 2, else the closed form."""
        a = self._checked()
        if a <= 2:
            return INFINITE
        mp = real_context()
        zeta = mp.zeta(a)
        mean_log = widen(-mp.zeta(a, derivative=1) / zeta)
        mean_excess = widen(mp.zeta(a - 1) / zeta - 1)
        log_zeta = widen(mp.log(zeta))
        q = self.q
        return -self.a * mean_log - log_zeta - log(1 - q) - log(q) * mean_excess

    def kl_backward(self) -> IV:
        """KL(Q‖P), Q the geometric law: finite for every a > 1."""
        a = self._checked()
        mp = real_context()
        log_zeta = widen(mp.log(mp.zeta(a)))
        q = self.q
        return log(1 - q) + log(q) * q / (1 - q) + self.a * geometric_mean_log(q) + log_zeta

    def kl(self) -> IV:
        forward = self.kl_forward()
        if is_infinite(forward):
            return INFINITE
        return hull_max([forward, self.kl_backward()])

    def leaks(self) -> bool:
        self._checked()
        return False

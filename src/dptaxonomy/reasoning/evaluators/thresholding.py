"""DMKB19's thresholded count as an exact pair, and the partial-knowledge definitions on it.

The T-thresholding mechanism M_T (DMKB19, Definition 15) counts the ones among
n bits and publishes ⊥ when the count k is at most T, else k. With the records
i.i.d. Ber(p) (Θ = {θ}) and no background knowledge (|B| = 0), the attacker
who targets record t compares the output distribution given D(t) = 0 with the
one given D(t) = 1. Writing f(s) = C(n−1, s) p^s (1−p)^(n−1−s) for the law of
the other n − 1 records' count K:

* given D(t) = 0 the count is K: P0(⊥) = Σ_{s ≤ T} f(s), P0(k) = f(k);
* given D(t) = 1 the count is K + 1: P1(⊥) = Σ_{s ≤ T−1} f(s), P1(k) = f(k − 1),

for k = T + 1, …, n (f(n) = 0, so the output n is possible only given D(t) = 1).
Both are finite distributions, built here with interval masses.

APKDP and PPKDP (DMKB19 Definitions 12 and 13) bound, for all a, b, the
expectation under the a-side of max(0, 1 − e^(ε − L)) with L the log-ratio of
the a-side to the b-side. That expectation is Σ_o max(0, P_a(o) − e^ε P_b(o)):
the hockey-stick divergence, the (ε, δ)-DP privacy profile of the pair (not
probabilistic DP's tail mass). With no background knowledge there is one value
B̂, so the active and the passive quantities coincide. The pair fixes Θ, so Θ is
not read from a claim (:attr:`Evaluable.implicit`).

>>> from dptaxonomy.reasoning.maps.numeric import exact, lower, upper
>>> pair = thresholded_count_pair(exact("20"), exact("3"), exact("0.01"))
>>> len(pair.p), lower(sum(pair.q)) <= 1 <= upper(sum(pair.q))
(18, True)
"""

from __future__ import annotations

from dptaxonomy.base.errors import NumericError
from dptaxonomy.base.records import replace
from dptaxonomy.reasoning.evaluators.definitions import APPROXIMATE, Evaluable
from dptaxonomy.reasoning.evaluators.families import Finite
from dptaxonomy.reasoning.maps.intervals import enclose
from dptaxonomy.reasoning.maps.numeric import IV, binomial_mass, lower, upper
from dptaxonomy.schema.mechanisms import PairKind

__all__ = [
    "CONDITIONAL",
    "CONDITIONAL_KINDS",
    "MAX_RECORDS",
    "PAIR_GRIDS",
    "evaluable_for",
    "thresholded_count_pair",
]

MAX_RECORDS = 2000
"""Largest n the exact pair is built for (n − T + 1 outcomes, n binomial terms)."""

CONDITIONAL_KINDS = frozenset({PairKind.thresholded_count})
"""Pair kinds that are conditional output laws given the target record, not neighbours."""

PAIR_GRIDS: dict[PairKind, dict[str, tuple[str, ...]]] = {
    PairKind.thresholded_count: {
        "n": ("20", "50"),
        "T": ("3", "5"),
        "p": ("0.001", "0.01", "0.05"),
    },
}
"""Grids replacing the battery's default values for the parameters a pair kind reads."""

_PARTIAL_KNOWLEDGE = replace(APPROXIMATE, implicit=("Theta",))

CONDITIONAL: dict[str, Evaluable] = {
    "active-pk-dp": _PARTIAL_KNOWLEDGE,
    "passive-pk-dp": _PARTIAL_KNOWLEDGE,
}
"""Definitions judged on a conditional pair (with no background knowledge, APKDP = PPKDP)."""


def evaluable_for(
    kind: PairKind | None, definition: str, plain: dict[str, Evaluable]
) -> Evaluable | None:
    """How a claim about ``definition`` is judged on a pair of this kind.

    A conditional pair is read only by :data:`CONDITIONAL` (it is not a pair of
    neighbouring datasets, so (ε, δ)-DP and the others say nothing about it); any
    other pair only by ``plain`` (the neighbouring-pair evaluators).
    """
    if kind in CONDITIONAL_KINDS:
        return CONDITIONAL.get(definition)
    return plain.get(definition)


def _count(value: IV, name: str) -> int:
    low = lower(value)
    if low != upper(value) or not low.is_integer() or low < 0:
        raise NumericError(f"the thresholded count needs a non-negative integer {name}")
    return int(low)


def thresholded_count_pair(n: IV, threshold: IV, p: IV) -> Finite:
    """The outputs of M_T given D(t) = 0 and given D(t) = 1, over (⊥, T+1, …, n)."""
    records, cut = _count(n, "n"), _count(threshold, "T")
    if not 1 <= records <= MAX_RECORDS:
        raise NumericError(f"the thresholded count needs 1 <= n <= {MAX_RECORDS}")
    if cut >= records:
        raise NumericError("the thresholded count needs T < n (else it always outputs ⊥)")
    if not (lower(p) >= 0 and upper(p) <= 1):
        raise NumericError("the thresholded count needs 0 <= p <= 1")
    others = records - 1
    mass = [binomial_mass(s, others, p) for s in range(others + 1)]
    mass.append(enclose(0))  # K ≤ n − 1: a count of n needs D(t) = 1
    below = sum(mass[:cut], enclose(0))
    outputs = range(cut + 1, records + 1)
    given_zero = [below + mass[cut], *(mass[k] for k in outputs)]
    given_one = [below, *(mass[k - 1] for k in outputs)]
    return Finite(tuple(given_zero), tuple(given_one))

"""Definitions read through a prior on the data, evaluated on small finite algorithms.

Each quantity below is computed in interval arithmetic for a
:class:`FiniteAlgorithm` and an explicit finite family Θ of priors on its
databases (the algorithm's table gives P[A(x) = o] for every database x).

* **Information privacy** (dPCF12, the SoK's Definition 39; localized
  information privacy is its one-record form): for every θ ∈ Θ, database x
  with θ(x) > 0 and output o with P_θ[o] > 0,
  e^{−ε} ≤ P_θ[x | o] / θ(x) ≤ e^{ε}. By Bayes' rule the ratio is
  P[A(x) = o] / P_θ[o], so the least ε is the largest |log| of that ratio
  (infinite when an output possible under θ is impossible from some x in its
  support): exact, no optimisation.
* **Adversarial privacy** (RMS09, SoK Section 7.2): for every θ ∈ Θ, tuple t
  and set S of outputs, P_θ[t ∈ D | A(D) ∈ S] ≤ e^ε P_θ[t ∈ D] + δ. A ratio of
  sums over S is at most its largest term (the mediant inequality), so the
  supremum over S is attained at one output and the least δ is
  max over θ, t, o of (P_θ[t ∈ D | o] − e^ε P_θ[t ∈ D])⁺: exact.
* **Mutual-information privacy** (WYZ16): I(X; Z) ≤ ε for the prior's X, exact.
* **Record-level posterior bounds** (WXH17's information, inferential,
  relative-entropy and mutual-information privacy; a-posteriori noiseless
  privacy) and **positive membership privacy** (LQS+13): ratios and
  divergences of P(r | Xᵢ = v), P(r) and P[t ∈ D | r], exact; a supremum over
  sets of outputs or values is attained at a single one (mediant inequality).
* **Mutual-information DP** (CY16): sup over priors of I(Xᵢ; Z | X₋ᵢ) ≤ ε
  (nats). Conditioning on X₋ᵢ averages over its values, so the supremum puts
  X₋ᵢ on one value and is the largest capacity of the channels xᵢ ↦ A(x)
  (the other positions fixed). A capacity C is enclosed from both sides with
  one prior p found by Blahut–Arimoto iterations in floats: C ≥ I(p; W), and
  C ≤ maxₓ D(Wₓ ‖ pW) for the output law pW (the minimax form of capacity,
  valid for every output law). Both are sound whatever the iterations gave.
"""

from __future__ import annotations

import itertools
import math

from dptaxonomy.reasoning.evaluators.closed_forms import positive_part
from dptaxonomy.reasoning.evaluators.families import INFINITE, hull_max
from dptaxonomy.reasoning.evaluators.semantic import FiniteAlgorithm
from dptaxonomy.reasoning.maps.intervals import exp, log
from dptaxonomy.reasoning.maps.numeric import IV, lower, point, upper

__all__ = [
    "Prior",
    "adversarial_delta",
    "battery_priors",
    "capacity_bounds",
    "information_privacy_epsilon",
    "membership_beliefs",
    "membership_epsilon",
    "mutual_information",
    "mutual_information_dp_bounds",
    "record_posterior_epsilons",
]

Prior = tuple[IV, ...]
"""Masses of the algorithm's databases, in the order of ``FiniteAlgorithm.databases()``."""
ITERATIONS = 60
"""Blahut–Arimoto iterations for the capacity's prior (any prior gives sound bounds)."""


def _normalised(weights: list[float]) -> Prior:
    total = sum((point(w) for w in weights), point(0.0))
    return tuple(point(w) / total for w in weights)


def battery_priors(algorithm: FiniteAlgorithm) -> list[Prior]:
    """Full-support priors to read the prior-based definitions at: the uniform prior, one
    rising and one falling linearly, and one putting 9/10 on the first database."""
    count = len(algorithm.databases())
    rising = [float(k + 1) for k in range(count)]
    skewed = [9.0 * (count - 1) if k == 0 else 1.0 for k in range(count)]
    shapes = [[1.0] * count, rising, rising[::-1], skewed if count > 1 else [1.0]]
    unique = {tuple(shape) for shape in shapes}
    return [_normalised(list(shape)) for shape in sorted(unique)]


def _output_law(algorithm: FiniteAlgorithm, prior: Prior) -> list[IV]:
    rows = [algorithm.output(x) for x in algorithm.databases()]
    outputs = len(algorithm.table[0])
    return [
        sum((m * row[o] for m, row in zip(prior, rows, strict=True)), point(0.0))
        for o in range(outputs)
    ]


def _positive(value: IV) -> bool:
    return bool(lower(value) > 0)


def information_privacy_epsilon(algorithm: FiniteAlgorithm, priors: list[Prior]) -> IV:
    """The least ε of information privacy with Θ = ``priors`` (``INFINITE`` when none)."""
    found: list[IV] = [point(0.0)]
    for prior in priors:
        law = _output_law(algorithm, prior)
        for mass, x in zip(prior, algorithm.databases(), strict=True):
            if not _positive(mass):
                continue
            for probability, total in zip(algorithm.output(x), law, strict=True):
                if not _positive(total):
                    continue
                if not _positive(probability):
                    return INFINITE
                found.append(abs(log(probability / total)))
    return hull_max(found)


def membership_beliefs(algorithm: FiniteAlgorithm, prior: Prior) -> list[tuple[IV, IV]]:
    """(P[t ∈ D], P[t ∈ D | o]) for every tuple t and possible output o, at this prior; a
    tuple is a value of one record, and t ∈ D when some position of D holds it."""
    found: list[tuple[IV, IV]] = []
    databases = algorithm.databases()
    law = _output_law(algorithm, prior)
    for t in range(len(algorithm.values)):
        holding = [k for k, x in enumerate(databases) if t in x]
        before = sum((prior[k] for k in holding), point(0.0))
        for o, total in enumerate(law):
            if _positive(total):
                rows = (prior[k] * algorithm.output(databases[k])[o] for k in holding)
                found.append((before, sum(rows, point(0.0)) / total))
    return found


def adversarial_delta(algorithm: FiniteAlgorithm, priors: list[Prior], epsilon: IV) -> IV:
    """The least δ of adversarial privacy at ε with Θ = ``priors``."""
    found: list[IV] = [point(0.0)]
    factor = exp(epsilon)
    for prior in priors:
        for before, after in membership_beliefs(algorithm, prior):
            excess = after - factor * before
            found.append(positive_part(excess))
    return hull_max(found)


def _divergence(row: tuple[IV, ...], law: list[IV]) -> IV:
    total = point(0.0)
    for w, q in zip(row, law, strict=True):
        if _positive(w):
            total += w * log(w / q)
    return total


def _arimoto(rows: list[list[float]]) -> list[float]:
    """Blahut–Arimoto in floats: a prior close to capacity-achieving."""
    prior = [1.0 / len(rows)] * len(rows)
    for _ in range(ITERATIONS):
        law = [
            sum(p * row[o] for p, row in zip(prior, rows, strict=True)) for o in range(len(rows[0]))
        ]
        gains = [
            math.exp(sum(w * math.log(w / q) for w, q in zip(row, law, strict=True) if w > 0))
            for row in rows
        ]
        weights = [p * g for p, g in zip(prior, gains, strict=True)]
        prior = [w / sum(weights) for w in weights]
    return [max(p, 1e-12) for p in prior]


def _information(rows: list[tuple[IV, ...]], prior: Prior) -> tuple[IV, list[IV]]:
    """I(X; Z) for X ∼ prior through the channel with these rows, and each D(Wₓ ‖ pW)."""
    outputs = len(rows[0])
    law = [
        sum((p * row[o] for p, row in zip(prior, rows, strict=True)), point(0.0))
        for o in range(outputs)
    ]
    divergences = [_divergence(row, law) for row in rows]
    information = sum((p * d for p, d in zip(prior, divergences, strict=True)), point(0.0))
    return information, divergences


def mutual_information(algorithm: FiniteAlgorithm, prior: Prior) -> IV:
    """I(X; Z) in nats for the database X ∼ prior and the output Z (WYZ16's
    mutual-information privacy bounds it by ε): exact, in interval arithmetic."""
    rows = [algorithm.output(x) for x in algorithm.databases()]
    return _information(rows, prior)[0]


def capacity_bounds(rows: list[tuple[IV, ...]]) -> tuple[IV, IV]:
    """Lower and upper enclosures of the capacity (nats) of the channel with these rows."""
    prior = _normalised(_arimoto([[upper(m) for m in row] for row in rows]))
    information, divergences = _information(rows, prior)
    return information, hull_max(divergences)


def mutual_information_dp_bounds(algorithm: FiniteAlgorithm) -> tuple[IV, IV]:
    """Enclosures below and above the least ε of mutual-information DP (nats)."""
    lows: list[IV] = [point(0.0)]
    highs: list[IV] = [point(0.0)]
    values = range(len(algorithm.values))
    for i in range(algorithm.size):
        for rest in itertools.product(values, repeat=algorithm.size - 1):
            rows = [algorithm.output((*rest[:i], v, *rest[i:])) for v in values]
            low, high = capacity_bounds(rows)
            lows.append(low)
            highs.append(high)
    return hull_max(lows), hull_max(highs)


def _record_laws(
    algorithm: FiniteAlgorithm, prior: Prior, i: int
) -> tuple[list[IV], list[IV], list[list[IV]]]:
    """For record i: P(Xᵢ = v) for each value v, the output law, and P(r, Xᵢ = v)."""
    databases = algorithm.databases()
    outputs = range(len(algorithm.table[0]))
    values = range(len(algorithm.values))
    masses = [
        sum((m for m, x in zip(prior, databases, strict=True) if x[i] == v), point(0.0))
        for v in values
    ]
    joint = [
        [
            sum(
                (
                    m * algorithm.output(x)[r]
                    for m, x in zip(prior, databases, strict=True)
                    if x[i] == v
                ),
                point(0.0),
            )
            for r in outputs
        ]
        for v in values
    ]
    return masses, _output_law(algorithm, prior), joint


def record_posterior_epsilons(algorithm: FiniteAlgorithm, prior: Prior) -> dict[str, IV]:
    """The least ε of the record-level definitions at Θ = {prior}, each read with the sets S
    and V of outputs and values reduced to single ones (the mediant inequality):

    * ``information`` (WXH17): max log P(r | Xᵢ = v) / P(r), one-sided;
    * ``inferential`` (GK17 via WXH17): max log P(r | Xᵢ = v) / P(r | Xᵢ = v′);
    * ``noiseless`` (a-posteriori noiseless privacy, BBG+11): max |log P(r | Xᵢ = v) / P(r)|;
    * ``relative_entropy`` (WXH17): max over r of D(Xᵢ | Y = r ‖ Xᵢ);
    * ``mutual_information`` (WXH17): max over i of I(Xᵢ; Y), in nats.
    """
    found: dict[str, list[IV]] = {
        k: [point(0.0)]
        for k in (
            "information",
            "inferential",
            "noiseless",
            "relative_entropy",
            "mutual_information",
        )
    }
    for i in range(algorithm.size):
        masses, law, joint = _record_laws(algorithm, prior, i)
        support = [v for v, m in enumerate(masses) if _positive(m)]
        information = point(0.0)
        for r, total in enumerate(law):
            if not _positive(total):
                continue
            divergence = point(0.0)
            for v in support:
                given = joint[v][r] / masses[v]
                if _positive(given):
                    ratio = given / total
                    found["information"].append(log(ratio))
                    found["noiseless"].append(abs(log(ratio)))
                    divergence += (joint[v][r] / total) * log(ratio)
                elif upper(given) > 0:
                    return dict.fromkeys(found, INFINITE)  # an undecidable zero: no bound claimed
                else:
                    found["noiseless"].append(INFINITE)
                for w in support:
                    other = joint[w][r] / masses[w]
                    if _positive(given):
                        found["inferential"].append(
                            INFINITE if not _positive(other) else log(given / other)
                        )
            found["relative_entropy"].append(divergence)
            information += total * divergence
        found["mutual_information"].append(information)
    return {k: hull_max(v) for k, v in found.items()}


def membership_epsilon(algorithm: FiniteAlgorithm, prior: Prior) -> IV:
    """The least ε of positive membership privacy (LQS+13) at Θ = {prior}: for every tuple t
    and output set S, P[t ∈ D | S] ≤ e^ε P[t ∈ D] and P[t ∉ D | S] ≥ e^{−ε} P[t ∉ D];
    both extremes over S sit at single outputs (mediant inequality)."""
    found: list[IV] = [point(0.0)]
    for before, after in membership_beliefs(algorithm, prior):
        if _positive(before) and _positive(after):
            found.append(log(after / before))
        if upper(before) < 1:
            if not _positive(1 - after):
                return INFINITE
            found.append(log((1 - before) / (1 - after)))
    return hull_max(found)

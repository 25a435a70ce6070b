"""Semantic privacy (KS14, seed 002) of small finite algorithms, exactly, by optimising over priors.

KS14's Definition 2.1: an algorithm A on databases x ∈ 𝒟ⁿ is ε̄-semantically
private if for every belief b on 𝒟ⁿ, every transcript t and every i,
SD(b̄₀[·|t], b̄ᵢ[·|t]) ≤ ε̄, where b̄₀ is the posterior after seeing A(x) = t
and b̄ᵢ the posterior after seeing A(x₋ᵢ) = t, x₋ᵢ being x with position i
replaced by a fixed default value (Section 2, eq. (2)).

**The supremum over priors has a closed form.** Fix t and i; write
a(x) = P[A(x) = t], c(x) = P[A(x₋ᵢ) = t] and L(x) = a(x)/c(x). With
q = b̄ᵢ[·|t], the other posterior is b̄₀(x) = q(x)·L(x)/E_q[L], so
SD = E_q[(L − m)⁺]/m with m = E_q[L]. Every q is reachable (take b ∝ q/c), and
for a fixed mean the convex function (L − m)⁺ has its largest expectation when
q sits on the two extreme values of L (convex order). Optimising the weight
between them gives SD = (√R − 1)/(√R + 1) with R = max L / min L. An x with
a(x) > 0 = c(x), or a(x) = 0 < c(x), makes R infinite and the supremum 1
(approached, not attained). So the least ε̄ is the largest of these over t
and i, computed here in interval arithmetic and rounded up.

KS14 allows "any valid value in 𝒟" as the default; each check below is run
for every default, so a claim must hold whichever one is fixed. ε-DP is read
as in KS14: databases differing in one position (bounded neighbours).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import TYPE_CHECKING

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.families import INFINITE
from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, exact, point
from dptaxonomy.schema.arith import parse_expression

if TYPE_CHECKING:
    pass

__all__ = [
    "SEMANTIC",
    "FiniteAlgorithm",
    "dp_epsilon",
    "randomized_response",
    "semantic_battery",
    "semantic_epsilon",
    "transcript_suprema",
]

SEMANTIC = "semantic-privacy"
"""The catalog id of KS14's ε̄-semantic privacy."""
Database = tuple[int, ...]


@record
class FiniteAlgorithm:
    """An algorithm on ``size`` records from ``values``, with finitely many transcripts.

    ``table`` holds the output distribution of every database, in the order of
    ``itertools.product(range(len(values)), repeat=size)``.
    """

    name: str
    values: tuple[str, ...]
    size: int
    table: tuple[tuple[IV, ...], ...]

    def databases(self) -> list[Database]:
        return list(itertools.product(range(len(self.values)), repeat=self.size))

    def output(self, database: Database) -> tuple[IV, ...]:
        index = 0
        for value in database:
            index = index * len(self.values) + value
        return self.table[index]


def _value(text: str, **values: IV) -> IV:
    return evaluate_interval(parse_expression(text), values)  # parse_expression is memoised


def _positive(value: IV) -> bool:
    return value.low > 0  # exact probabilities: an enclosure of 0 is the point 0


def _largest(values: list[IV]) -> IV:
    return functools.reduce(lambda x, y: _value("max(x, y)", x=x, y=y), values)


def _smallest(values: list[IV]) -> IV:
    return functools.reduce(lambda x, y: _value("min(x, y)", x=x, y=y), values)


def dp_epsilon(algorithm: FiniteAlgorithm) -> IV:
    """The least ε with which the algorithm is ε-DP (one position changed), rounded up."""
    ratios: list[IV] = [point(1.0)]
    for x in algorithm.databases():
        for i, other in itertools.product(range(algorithm.size), range(len(algorithm.values))):
            y = (*x[:i], other, *x[i + 1 :])
            for p, q in zip(algorithm.output(x), algorithm.output(y), strict=True):
                if _positive(p) != _positive(q):
                    return INFINITE
                if _positive(p):
                    ratios.append(p / q)
    return _value("log(r)", r=_largest(ratios))


def transcript_suprema(algorithm: FiniteAlgorithm, default: int) -> list[IV]:
    """For each transcript t, the supremum over priors and positions i of the statistical
    distance between the two posteriors (the closed form above; 1 where a posterior can be
    pushed all the way to one database)."""
    suprema: list[IV] = []
    for t in range(len(algorithm.table[0])):
        found: list[IV] = [point(0.0)]
        for i in range(algorithm.size):
            likelihoods: list[IV] = []
            for x in algorithm.databases():
                a = algorithm.output(x)[t]
                c = algorithm.output((*x[:i], default, *x[i + 1 :]))[t]
                if _positive(a) != _positive(c):
                    likelihoods = []
                    found.append(point(1.0))
                    break
                if _positive(a):
                    likelihoods.append(a / c)
            if likelihoods:
                ratio = _largest(likelihoods) / _smallest(likelihoods)
                found.append(_value("(sqrt(r) - 1) / (sqrt(r) + 1)", r=ratio))
        suprema.append(_largest(found))
    return suprema


def semantic_epsilon(algorithm: FiniteAlgorithm, default: int) -> IV:
    """The least ε̄ for which the algorithm is ε̄-semantically private with this default."""
    return _largest([point(0.0), *transcript_suprema(algorithm, default)])


def _fraction(numerator: int, denominator: int) -> IV:
    return exact(str(numerator)) / exact(str(denominator))


def randomized_response(size: int, epsilon: str) -> FiniteAlgorithm:
    """Each of ``size`` bits reported truly with probability e^ε/(1 + e^ε), independently."""
    keep = _value("exp(e) / (1 + exp(e))", e=exact(epsilon))
    flip = _value("1 / (1 + exp(e))", e=exact(epsilon))
    table = []
    for x in itertools.product(range(2), repeat=size):
        row = []
        for report in itertools.product(range(2), repeat=size):
            probability = point(1.0)
            for bit, said in zip(x, report, strict=True):
                probability = probability * (keep if bit == said else flip)
            row.append(probability)
        table.append(tuple(row))
    return FiniteAlgorithm(
        f"randomized response, n = {size}, ε = {epsilon}", ("0", "1"), size, tuple(table)
    )


def _random_algorithm(rng: random.Random, index: int, zeros: bool) -> FiniteAlgorithm:
    size, values, outputs = rng.choice([(1, 2, 2), (1, 3, 3), (2, 2, 2), (2, 2, 3)])
    table = []
    for _ in range(values**size):
        weights = [rng.randint(0 if zeros else 1, 6) for _ in range(outputs)]
        if not any(weights):
            weights[0] = 1
        total = sum(weights)
        table.append(tuple(_fraction(w, total) for w in weights))
    names = tuple(str(v) for v in range(values))
    return FiniteAlgorithm(f"random algorithm {index}", names, size, tuple(table))


def semantic_battery(count: int = 40, seed: int = 20261126) -> list[FiniteAlgorithm]:
    """Randomized response on 1 and 2 bits at several ε, and seeded random small algorithms."""
    algorithms = [
        randomized_response(size, epsilon)
        for size in (1, 2)
        for epsilon in ("0.05", "0.1", "0.2", "0.5", "1", "2")
    ]
    rng = random.Random(seed)
    algorithms += [_random_algorithm(rng, i, zeros=i % 4 == 0) for i in range(count)]
    return algorithms

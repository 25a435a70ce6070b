"""Exact pairs of composed, grouped and subsampled mechanisms, for the operation rules' checks.

* composition: the product of two pairs (P₁ × P₂ against Q₁ × Q₂), the output pair of the two
  mechanisms run independently; finite pairs give a finite pair, and two Gaussian pairs the
  Gaussian pair of μ = √(μ₁² + μ₂²) (the product of two unit-variance Gaussians differing in the
  mean by (μ₁, μ₂) is, after a rotation, a Gaussian differing by that length in one coordinate
  and not at all in the other, and every divergence is invariant under that bijection);
* group privacy: a chain P₀, …, P_k of output distributions on inputs one step apart, judged on
  (P₀, P_k); or an additive noise mechanism's pair with its shift k times as far (inputs at
  distance k, the noise unchanged);
* shuffling: n binary randomized-response reports released in random order, that is their
  count, with the other n − 1 users' bits fixed, against one user's bit changed;
* subsampling: mixtures of the outputs on the subsamples, under the sampling scheme and the
  neighbour relation the rule assumes (docs/operations.md, "What the battery checks").

Random distributions are drawn from a seeded generator with rational masses, as in
:func:`dptaxonomy.reasoning.evaluators.battery.random_pairs`, so the evidence is reproducible.
"""

from __future__ import annotations

import random

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import SEED, Case, pair_of
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Pair
from dptaxonomy.reasoning.maps.intervals import exp, sqrt
from dptaxonomy.reasoning.maps.numeric import IV, binomial_mass, exact, point
from dptaxonomy.schema.mechanisms import Mechanism, PairKind

__all__ = [
    "MAX_OUTCOMES",
    "Masses",
    "chains",
    "composable",
    "mixture",
    "power",
    "product",
    "scaled",
    "shuffled_counts",
    "triples",
]

Masses = tuple[IV, ...]
MAX_OUTCOMES = 64
"""Largest finite product built (a k-fold product of a 4-outcome pair at k = 3)."""


def composable(pair: Pair) -> bool:
    """Whether :func:`product` can compose the pair."""
    return isinstance(pair, Gaussian) or (isinstance(pair, Finite) and len(pair.p) <= 4)


def _outer(a: Masses, b: Masses) -> Masses:
    return tuple(x * y for x in a for y in b)


def product(a: Pair, b: Pair) -> Pair | None:
    """The pair of the two mechanisms run independently, or None when no closed form."""
    if isinstance(a, Gaussian) and isinstance(b, Gaussian):
        return Gaussian(sqrt(a.mu**2 + b.mu**2), point(1.0))
    if isinstance(a, Finite) and isinstance(b, Finite):
        if len(a.p) * len(b.p) > MAX_OUTCOMES:
            return None
        return Finite(_outer(a.p, b.p), _outer(a.q, b.q))
    return None


def power(pair: Pair, k: int) -> Pair | None:
    """The k-fold product of the pair with itself, or None."""
    result: Pair | None = pair
    for _ in range(k - 1):
        result = None if result is None else product(result, pair)
    return result


def mixture(base: Masses, other: Masses, rate: IV) -> Masses:
    """(1 − rate)·base + rate·other."""
    one = point(1.0)
    return tuple((one - rate) * b + rate * o for b, o in zip(base, other, strict=True))


def _distribution(generator: random.Random, outcomes: int) -> Masses:
    weights = [generator.randint(1, 20) for _ in range(outcomes)]
    total = exact(str(sum(weights)))
    return tuple(exact(str(w)) / total for w in weights)


def chains(length: int, count: int = 12, seed: int = SEED) -> list[tuple[str, list[Masses]]]:
    """Random chains of ``length + 1`` distributions over 3 outcomes, and the chain of
    randomized response on a count (each step moves one unit of mass ratio e^ε)."""
    generator = random.Random(seed + length)
    found = [
        (
            f"random chain #{n} of {length} steps (seed {seed})",
            [_distribution(generator, 3) for _ in range(length + 1)],
        )
        for n in range(count)
    ]
    for eps in ("0.5", "1"):
        e = exp(exact(eps))
        steps: list[tuple[IV, ...]] = [
            (e**i / (e**i + 1), point(1.0) / (e**i + 1)) for i in range(length + 1)
        ]
        found.append((f"odds chain eps={eps} of {length} steps", steps))
    return found


def triples(count: int = 12, seed: int = SEED) -> list[tuple[str, Masses, Masses, Masses]]:
    """(R, P, Q): random triples over 3 outcomes, and randomized response (P, Q) with an R of
    disjoint support (the output on a subsample of another size, which replace-one privacy
    does not constrain)."""
    generator = random.Random(seed + 101)
    found = [
        (
            f"random triple #{n} (seed {seed})",
            _distribution(generator, 3),
            _distribution(generator, 3),
            _distribution(generator, 3),
        )
        for n in range(count)
    ]
    for eps in ("0.5", "1", "2"):
        e = exp(exact(eps))
        keep, flip = e / (e + 1), point(1.0) / (e + 1)
        zero = point(0.0)
        found.append(
            (
                f"randomized response eps={eps} beside a disjoint R",
                (zero, zero, point(1.0)),
                (keep, flip, zero),
                (flip, keep, zero),
            )
        )
    return found


_SHIFTED = frozenset({PairKind.gaussian, PairKind.laplace, PairKind.discrete_laplace})
"""Pair kinds of additive noise: the pair is the noise against itself moved by ``shift``."""


def scaled(mechanism: Mechanism, case: Case, k: int) -> Pair | None:
    """The mechanism's pair on inputs at distance k: the same noise moved k times as far (None
    for a pair that is not additive noise).

    The shift is multiplied, not the ``sensitivity`` parameter: a pair whose noise scale is
    written through the sensitivity (the discrete Laplace's Δ/ε) would otherwise scale its noise
    with it and stay as private as one step, checking nothing."""
    spec = mechanism.pair
    if spec is None or spec.kind not in _SHIFTED:
        return None
    moved = {**spec.arguments, "shift": f"({spec.arguments['shift']}) * {k}"}
    try:
        return pair_of(spec.model_copy(update={"arguments": moved}), case.values)
    except NumericError:
        return None


def shuffled_counts(epsilon: IV, n: int) -> Finite:
    """The count of ones among n shuffled ε-randomized-response reports, when one user holds 1
    against 0 and the n − 1 others hold 0."""
    e = exp(epsilon)
    truthful, flipped = e / (e + 1), point(1.0) / (e + 1)

    def counts(first: IV) -> Masses:
        zero = point(0.0)
        return tuple(
            first * (binomial_mass(c - 1, n - 1, flipped) if c > 0 else zero)
            + (point(1.0) - first) * binomial_mass(c, n - 1, flipped)
            for c in range(n + 1)
        )

    return Finite(counts(truthful), counts(flipped))

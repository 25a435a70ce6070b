"""(ε, δ)-semantic privacy (KS14, seed 002, Definition 2.3) of small finite algorithms.

The definition: for every belief b on 𝒟ⁿ, with probability at least 1 − δ over
x ~ b and t ~ A(x), every position i has SD(b̄₀[·|t], b̄ᵢ[·|t]) ≤ ε. So the
least δ at a given ε is

    δ*(ε) = sup_b P_{x∼b, t∼A(x)}[∃ i: SD(b̄₀[·|t], b̄ᵢ[·|t]) > ε],

a supremum of a discontinuous function of the prior, for which no closed form
is used here. Two sound bounds take its place.

**Upper bound (confirms).** Call t *bad* when some prior and some i push the
distance at t above ε, i.e. when the closed-form supremum of
:func:`~dptaxonomy.reasoning.evaluators.semantic.transcript_suprema` exceeds ε.
Under any prior b only bad transcripts can break the bound, and their
probability Σ_x b(x) P[A(x) ∈ bad] is a mixture of the numbers P[A(x) ∈ bad],
so δ*(ε) ≤ max_x P[A(x) ∈ bad]. In particular δ*(ε) = 0 whenever ε is at least
the algorithm's ε̄ of semantic privacy: an ε̄-semantically private algorithm is
(ε̄, δ)-semantically private for every δ.

**Lower bound (refutes).** Any explicit prior b gives δ*(ε) ≥ P_b[bad under b].
The priors tried are the uniform prior on all databases, for each transcript
and position a rational prior near the two-point one attaining the closed-form
supremum there, and the two-point priors on every pair of databases with
weights on a fixed rational grid (:data:`WEIGHTS`); the
distances are computed in interval arithmetic and a transcript counts only
when its distance certainly exceeds ε. The bound is exact for those priors,
not the supremum, so a refutation is certain and a confirmation never comes
from it.

Both bounds are computed per default value (KS14 lets x₋ᵢ use any fixed
default), as for semantic privacy.
"""

from __future__ import annotations

import itertools
import math

from dptaxonomy.reasoning.evaluators.families import STRICT, at_most
from dptaxonomy.reasoning.evaluators.semantic import (
    Database,
    FiniteAlgorithm,
    transcript_suprema,
)
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper

__all__ = [
    "EPSILON_DELTA_SEMANTIC",
    "breaking_mass",
    "decide",
    "delta_lower",
    "delta_upper",
    "holds_epsilon_delta_semantic",
    "oblivious_delta_lower",
    "tight_parameters",
]

EPSILON_DELTA_SEMANTIC = "epsilon-delta-semantic-privacy"
"""The catalog id of KS14's (ε, δ)-semantic privacy."""

WEIGHTS = ("1/100", "1/10", "1/4", "1/2", "3/4", "9/10", "99/100")
"""Weights of the first database in the two-point priors of the lower bound."""

Prior = dict[Database, IV]


def _mass(algorithm: FiniteAlgorithm, x: Database, transcripts: list[int]) -> IV:
    row = algorithm.output(x)
    return sum((row[t] for t in transcripts), point(0.0))


def bad_transcripts(algorithm: FiniteAlgorithm, default: int, epsilon: IV) -> list[int]:
    """The transcripts at which some prior and position may push the distance above ε."""
    suprema = transcript_suprema(algorithm, default)
    return [t for t, value in enumerate(suprema) if at_most(value, epsilon) is not True]


def delta_upper(algorithm: FiniteAlgorithm, default: int, epsilon: IV) -> IV:
    """An upper bound on the least δ at this ε: max over databases of P[A(x) is bad]."""
    bad = bad_transcripts(algorithm, default, epsilon)
    if not bad:
        return point(0.0)
    masses = [_mass(algorithm, x, bad) for x in algorithm.databases()]
    return point(min(1.0, max(upper(m) for m in masses)))


def _ratio(text: str) -> IV:
    numerator, denominator = text.split("/")
    return exact(numerator) / exact(denominator)


def _two_point(x: Database, y: Database, weight: IV) -> Prior:
    return {x: weight, y: 1 - weight}


def _extremal(algorithm: FiniteAlgorithm, default: int) -> list[Prior]:
    """For each transcript and position, a rational prior near the one attaining the
    closed-form supremum: Game i's posterior puts 1/(1 + √r) on the database with the
    largest likelihood ratio L = a/c and the rest on the smallest, r = max L / min L, so
    b ∝ posterior / c (floats are enough: any prior gives a valid lower bound)."""
    priors = []
    for t, i in itertools.product(range(len(algorithm.table[0])), range(algorithm.size)):
        ratios = {}
        for x in algorithm.databases():
            a = upper(algorithm.output(x)[t])
            c = upper(algorithm.output((*x[:i], default, *x[i + 1 :]))[t])
            if a > 0 and c > 0:
                ratios[x] = (a / c, c)
        if len(ratios) < 2:
            continue
        high = max(ratios, key=lambda x: ratios[x][0])
        low = min(ratios, key=lambda x: ratios[x][0])
        (l_high, c_high), (l_low, c_low) = ratios[high], ratios[low]
        if l_high <= l_low:
            continue
        share = 1 / (1 + math.sqrt(l_high / l_low))
        on_high, on_low = share / c_high, (1 - share) / c_low
        priors.append(_two_point(high, low, exact(repr(on_high / (on_high + on_low)))))
    return priors


def _priors(algorithm: FiniteAlgorithm, default: int) -> list[Prior]:
    databases = algorithm.databases()
    uniform = {x: exact("1") / exact(str(len(databases))) for x in databases}
    priors = [uniform, *_extremal(algorithm, default)]
    for x, y in itertools.combinations(databases, 2):
        priors += [_two_point(x, y, _ratio(text)) for text in WEIGHTS]
    return priors


def _certainly_positive(value: IV) -> bool:
    return bool(lower(value) > 0)


def _breaks(
    algorithm: FiniteAlgorithm, prior: Prior, default: int, t: int, epsilon: IV
) -> bool | None:
    """Under this prior, does transcript t have a position i at distance > ε? True certainly,
    False certainly not, None undecided (an enclosure straddling ε, or a Game i in which t
    is impossible, where KS14's posterior is undefined)."""
    real = {x: weight * algorithm.output(x)[t] for x, weight in prior.items()}
    total = sum(real.values(), point(0.0))
    if upper(total) == 0:
        return False  # t never occurs under this prior
    verdict: bool | None = False
    for i in range(algorithm.size):
        game = {
            x: weight * algorithm.output((*x[:i], default, *x[i + 1 :]))[t]
            for x, weight in prior.items()
        }
        other = sum(game.values(), point(0.0))
        if not (_certainly_positive(total) and _certainly_positive(other)):
            verdict = None
            continue
        pairs = ((real[x] / total, game[x] / other) for x in prior)
        distance = sum((abs(a - b) for a, b in pairs), point(0.0)) / exact("2")
        if lower(distance) > upper(epsilon):
            return True
        if upper(distance) > lower(epsilon):
            verdict = None
    return verdict


def breaking_mass(
    algorithm: FiniteAlgorithm, prior: Prior, default: int, epsilon: IV
) -> tuple[IV, IV]:
    """P[x ∼ b, t ∼ A(x): some i has distance > ε] for one prior b, from below (transcripts
    that certainly break) and from above (those that may): KS14's Definition 4.1, local
    semantic privacy, asks exactly this to be at most δ."""
    verdicts = [
        _breaks(algorithm, prior, default, t, epsilon) for t in range(len(algorithm.table[0]))
    ]
    certain = [t for t, v in enumerate(verdicts) if v is True]
    possible = [t for t, v in enumerate(verdicts) if v is not False]
    masses = []
    for transcripts in (certain, possible):
        masses.append(
            sum((w * _mass(algorithm, x, transcripts) for x, w in prior.items()), point(0.0))
        )
    return masses[0], masses[1]


def delta_lower(algorithm: FiniteAlgorithm, default: int, epsilon: IV) -> IV:
    """A lower bound on the least δ at this ε: the best explicit prior's probability of a
    transcript that certainly breaks the bound (a refutation, see the module docstring)."""
    best = point(0.0)
    for prior in _priors(algorithm, default):
        mass = breaking_mass(algorithm, prior, default, epsilon)[0]
        if lower(mass) > lower(best):
            best = mass
    return best


def oblivious_delta_lower(algorithm: FiniteAlgorithm, default: int, epsilon: IV) -> IV:
    """A lower bound on the least δ of reality-oblivious (ε, δ)-semantic privacy (KS14's
    Appendix Definition 1.1: for every belief b and every database x, with probability
    1 − δ over t ∼ A(x)): the largest mass one database puts on the transcripts an explicit
    prior certainly breaks. Its upper bound is :func:`delta_upper`, whose argument fixes x."""
    best = point(0.0)
    outputs = range(len(algorithm.table[0]))
    for prior in _priors(algorithm, default):
        broken = [t for t in outputs if _breaks(algorithm, prior, default, t, epsilon) is True]
        for x in algorithm.databases():
            mass = _mass(algorithm, x, broken)
            if lower(mass) > lower(best):
                best = mass
    return best


def decide(upper_bound: IV, lower_bound: IV, delta: IV) -> bool | None:
    """True when the upper bound meets δ, False when the lower bound exceeds it."""
    if at_most(upper_bound, delta) is True:
        return True
    return False if lower(lower_bound) > upper(delta) else None


def holds_epsilon_delta_semantic(
    algorithm: FiniteAlgorithm, default: int, epsilon: IV, delta: IV
) -> bool | None:
    """True: certainly (ε, δ)-semantically private (upper bound); False: an explicit prior
    refutes it (lower bound); None: the bounds cannot tell."""
    if at_most(delta_upper(algorithm, default, epsilon), delta) is True:
        return True  # the lower bound is costly: computed only when needed
    return decide(point(1.0), delta_lower(algorithm, default, epsilon), delta)


def tight_parameters(algorithm: FiniteAlgorithm, default: int) -> list[tuple[IV, IV]]:
    """(ε, δ) pairs the algorithm certainly meets, at the corners of the upper bound.

    The upper bound on δ is a step function of ε that drops at each transcript's
    supremum; each such value (rounded up) with its bound is one corner. Corners
    with δ = 1, which every algorithm meets, are left out.
    """
    corners: list[tuple[IV, IV]] = []
    steps = sorted({upper(value) for value in transcript_suprema(algorithm, default)})
    # strict: a map refutation rests on these corners being met, so a supremum within
    # at_most's tolerance for tight claims above ε counts as breaking the bound
    token = STRICT.set(True)
    try:
        for step in steps:
            epsilon = point(step)
            delta = delta_upper(algorithm, default, epsilon)
            if upper(delta) < 1:
                corners.append((epsilon, delta))
    finally:
        STRICT.reset(token)
    return corners

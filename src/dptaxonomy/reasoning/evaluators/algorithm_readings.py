"""How each definition is read on a whole finite algorithm, for the maps checked on algorithms.

A :class:`Reading` gives the *contexts* a definition is judged in (semantic
privacy's default value x₋ᵢ takes, the prior of information privacy; one
empty context for the others), the parameters an algorithm certainly meets
there (``tight``; None for a definition only read as an implied side), and
whether given parameters hold (``holds``: True certainly, False certainly
not, None undecided).

Definitions judged on one pair of neighbouring outputs (:data:`EVALUABLE`)
are read on every pair of the algorithm's databases that differ in one
position (KS14's reading of DP; for an algorithm on one record, every two
inputs, which is local DP's).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.evaluators.battery import DELTAS
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, Evaluable
from dptaxonomy.reasoning.evaluators.families import Finite, at_most, is_infinite
from dptaxonomy.reasoning.evaluators.prior_based import (
    Prior,
    adversarial_delta,
    battery_priors,
    information_privacy_epsilon,
    membership_epsilon,
    mutual_information,
    mutual_information_dp_bounds,
    record_posterior_epsilons,
)
from dptaxonomy.reasoning.evaluators.semantic import (
    SEMANTIC,
    FiniteAlgorithm,
    dp_epsilon,
    semantic_epsilon,
)
from dptaxonomy.reasoning.evaluators.semantic_delta import (
    EPSILON_DELTA_SEMANTIC,
    breaking_mass,
    decide,
    delta_upper,
    holds_epsilon_delta_semantic,
    oblivious_delta_lower,
    tight_parameters,
)
from dptaxonomy.reasoning.evaluators.thresholding import CONDITIONAL
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, upper

__all__ = [
    "ALGORITHM_JUDGED",
    "EVALUATED",
    "Reading",
    "holds_on_algorithm",
    "neighbour_pairs",
    "reading_for",
]

Params = dict[str, IV]
LOCALIZED_INFORMATION_PRIVACY = "localized-information-privacy"
LOCAL_SEMANTIC = "local-semantic-privacy"
OBLIVIOUS_SEMANTIC = "reality-oblivious-semantic-privacy"
MUTUAL_INFORMATION_DP = "mutual-information-dp"
MUTUAL_INFORMATION_PRIVACY = "mutual-information-privacy-wyz16"


@record
class Reading:
    """How one definition is judged on a finite algorithm (see the module docstring)."""

    contexts: Callable[[FiniteAlgorithm], list[tuple[int, str]]]
    holds: Callable[[FiniteAlgorithm, int, Params], bool | None]
    tight: Callable[[FiniteAlgorithm, int], list[Params]] | None = None


def neighbour_pairs(algorithm: FiniteAlgorithm) -> list[Finite]:
    """The output distributions of every two databases differing in one position."""
    databases = algorithm.databases()
    return [
        Finite(algorithm.output(x), algorithm.output(y))
        for x, y in itertools.combinations(databases, 2)
        if sum(a != b for a, b in zip(x, y, strict=True)) == 1
    ]


def _none(_algorithm: FiniteAlgorithm) -> list[tuple[int, str]]:
    return [(0, "")]


def _defaults(algorithm: FiniteAlgorithm) -> list[tuple[int, str]]:
    return [(d, f"default {value}") for d, value in enumerate(algorithm.values)]


def _priors(algorithm: FiniteAlgorithm) -> list[tuple[int, str]]:
    return [(k, f"prior #{k}") for k in range(len(battery_priors(algorithm)))]


def _defaults_and_priors(algorithm: FiniteAlgorithm) -> list[tuple[int, str]]:
    """A default value and a prior, as ``default + values · prior`` (so the semantic
    readings, which read ``context % values`` as the default, share these contexts)."""
    values = len(algorithm.values)
    return [
        (d + values * k, f"default {algorithm.values[d]}, prior #{k}")
        for k in range(len(battery_priors(algorithm)))
        for d in range(values)
    ]


def _default(algorithm: FiniteAlgorithm, context: int) -> int:
    return context % len(algorithm.values)


def _local_semantic_holds(algorithm: FiniteAlgorithm, context: int, p: Params) -> bool | None:
    default, index = _default(algorithm, context), context // len(algorithm.values)
    databases = algorithm.databases()
    prior = dict(zip(databases, battery_priors(algorithm)[index], strict=True))
    certain, possible = breaking_mass(algorithm, prior, default, p["epsilon"])
    return decide(possible, certain, p["delta"])


def _oblivious_holds(algorithm: FiniteAlgorithm, context: int, p: Params) -> bool | None:
    default, epsilon = _default(algorithm, context), p["epsilon"]
    if at_most(delta_upper(algorithm, default, epsilon), p["delta"]) is True:
        return True
    return decide(
        delta_upper(algorithm, default, epsilon),
        oblivious_delta_lower(algorithm, default, epsilon),
        p["delta"],
    )


def _single(value: IV) -> list[Params]:
    return [] if is_infinite(value) else [{"epsilon": value}]


def _on_pairs(evaluable: Evaluable) -> Callable[[FiniteAlgorithm, int, Params], bool | None]:
    def holds(algorithm: FiniteAlgorithm, _context: int, params: Params) -> bool | None:
        verdicts = [evaluable.holds(pair, params) for pair in neighbour_pairs(algorithm)]
        if any(v is False for v in verdicts):
            return False
        return True if all(v is True for v in verdicts) else None

    return holds


def _semantic_delta_tight(algorithm: FiniteAlgorithm, context: int) -> list[Params]:
    """Each corner (ε, δ) of the upper bound, then the same ε with every grid δ above the
    corner's δ (the upper bound is also reality-oblivious semantic privacy's)."""
    found: list[Params] = []
    for epsilon, delta in tight_parameters(algorithm, _default(algorithm, context)):
        if lower(delta) > 0:
            found.append({"epsilon": epsilon, "delta": delta})
        found += [
            {"epsilon": epsilon, "delta": exact(text)}
            for text in DELTAS
            if lower(exact(text)) >= upper(delta)
        ]
    return found


def _information(algorithm: FiniteAlgorithm, prior: int) -> IV:
    return information_privacy_epsilon(algorithm, [battery_priors(algorithm)[prior]])


def _prior_information(algorithm: FiniteAlgorithm, prior: int) -> IV:
    return mutual_information(algorithm, battery_priors(algorithm)[prior])


def _mutual_information_holds(algorithm: FiniteAlgorithm, _context: int, p: Params) -> bool | None:
    low, high = mutual_information_dp_bounds(algorithm)
    if at_most(high, p["epsilon"]) is True:
        return True
    return False if lower(low) > upper(p["epsilon"]) else None


def _at_prior(quantity: Callable[[FiniteAlgorithm, Prior], IV]) -> Reading:
    """A definition "for all θ ∈ Θ" whose least ε at one prior is ``quantity``: read with
    Θ = {θ} for each battery prior θ (so a map that passes Θ through unchanged is checked
    exactly, one prior at a time)."""

    def value(algorithm: FiniteAlgorithm, index: int) -> IV:
        return quantity(algorithm, battery_priors(algorithm)[index])

    return Reading(
        _priors,
        lambda a, k, p: at_most(value(a, k), p["epsilon"]),
        lambda a, k: _single(value(a, k)),
    )


def _record(name: str) -> Reading:
    return _at_prior(lambda algorithm, prior: record_posterior_epsilons(algorithm, prior)[name])


def _adversarial_holds(algorithm: FiniteAlgorithm, index: int, p: Params) -> bool | None:
    prior = battery_priors(algorithm)[index]
    return at_most(adversarial_delta(algorithm, [prior], p["epsilon"]), p["delta"])


READINGS: dict[str, Reading] = {
    SEMANTIC: Reading(
        _defaults,
        lambda a, c, p: at_most(semantic_epsilon(a, _default(a, c)), p["epsilon"]),
        lambda a, c: _single(semantic_epsilon(a, _default(a, c))),
    ),
    EPSILON_DELTA_SEMANTIC: Reading(
        _defaults,
        lambda a, c, p: holds_epsilon_delta_semantic(a, _default(a, c), p["epsilon"], p["delta"]),
        _semantic_delta_tight,
    ),
    OBLIVIOUS_SEMANTIC: Reading(_defaults, _oblivious_holds, _semantic_delta_tight),
    LOCAL_SEMANTIC: Reading(_defaults_and_priors, _local_semantic_holds),
    LOCALIZED_INFORMATION_PRIVACY: Reading(
        _priors,
        lambda a, k, p: at_most(_information(a, k), p["epsilon"]),
        lambda a, k: _single(_information(a, k)),
    ),
    MUTUAL_INFORMATION_PRIVACY: Reading(
        _priors,
        lambda a, k, p: at_most(_prior_information(a, k), p["epsilon"]),
        lambda a, k: _single(_prior_information(a, k)),
    ),
    "information-privacy-dpcf12": _at_prior(lambda a, p: information_privacy_epsilon(a, [p])),
    "information-privacy-wxh17": _record("information"),
    "inferential-privacy": _record("inferential"),
    "aposteriori-noiseless-privacy": _record("noiseless"),
    "relative-entropy-privacy": _record("relative_entropy"),
    "mutual-information-privacy-wxh17": _record("mutual_information"),
    "positive-membership-privacy": _at_prior(membership_epsilon),
    "adversarial-privacy": Reading(_priors, _adversarial_holds),
    MUTUAL_INFORMATION_DP: Reading(
        _none,
        _mutual_information_holds,
        lambda a, _k: _single(mutual_information_dp_bounds(a)[1]),
    ),
}
"""The definitions judged on whole algorithms, by id."""
ALGORITHM_JUDGED = frozenset(READINGS)
EVALUATED = frozenset(EVALUABLE) | ALGORITHM_JUDGED | frozenset(CONDITIONAL)
"""Every definition an evaluator computes: on pairs, on algorithms (with a family Θ of
priors read one battery prior at a time), or on the conditional pair of DMKB19. A
quantitative definition outside it says why in its entry's ``not_evaluable``."""

_PAIR_TIGHT: dict[str, Callable[[FiniteAlgorithm, int], list[Params]]] = {
    "differential-privacy": lambda a, _k: _single(dp_epsilon(a)),
    "local-dp": lambda a, _k: _single(dp_epsilon(a)),
}
"""Pair-judged definitions whose least parameter an algorithm reports as an implying side."""


def reading_for(definition: str) -> Reading | None:
    """The definition's reading on algorithms (a pair-judged one read on neighbours)."""
    if definition in READINGS:
        return READINGS[definition]
    evaluable = EVALUABLE.get(definition)
    if evaluable is None:
        return None
    return Reading(_none, _on_pairs(evaluable), _PAIR_TIGHT.get(definition))


def holds_on_algorithm(
    definition: str, algorithm: FiniteAlgorithm, context: int, params: Params
) -> bool | None:
    """Whether the algorithm meets the definition with these parameters in this context
    (None: cannot tell, or the definition has no reading)."""
    reading = reading_for(definition)
    return None if reading is None else reading.holds(algorithm, context, params)

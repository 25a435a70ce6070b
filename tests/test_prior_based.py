"""Information privacy, adversarial privacy and mutual-information DP on finite algorithms."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.algorithm_maps import map_results
from dptaxonomy.reasoning.evaluators.prior_based import (
    adversarial_delta,
    battery_priors,
    capacity_bounds,
    information_privacy_epsilon,
    membership_epsilon,
    mutual_information,
    mutual_information_dp_bounds,
    record_posterior_epsilons,
)
from dptaxonomy.reasoning.evaluators.semantic import (
    FiniteAlgorithm,
    dp_epsilon,
    randomized_response,
    semantic_battery,
)
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.models import Citation, Relation, RelationKind
from tests.test_semantic import _algorithm, algorithms


def _close(value: IV, expected: float) -> bool:
    return lower(value) - 1e-12 <= expected <= upper(value) + 1e-12


def test_randomized_response_in_closed_form() -> None:
    for epsilon in (0.5, 1.0, 2.0):
        algorithm = randomized_response(1, str(epsilon))
        uniform = battery_priors(algorithm)[0]
        keep = math.exp(epsilon) / (1 + math.exp(epsilon))
        # P[o | x] / P[o] is 2·keep or 2·(1 − keep): the second is the larger |log|
        expected = math.log((1 + math.exp(epsilon)) / 2)
        assert _close(information_privacy_epsilon(algorithm, [uniform]), expected)
        # the adversary's belief in a 1 moves from 1/2 to keep after seeing a 1
        assert _close(adversarial_delta(algorithm, [uniform], exact("0")), keep - 0.5)
        entropy = -(keep * math.log(keep) + (1 - keep) * math.log(1 - keep))
        low, high = mutual_information_dp_bounds(algorithm)
        assert lower(low) <= math.log(2) - entropy + 1e-12
        assert math.log(2) - entropy <= upper(high) + 1e-12
        assert upper(high) - lower(low) < 1e-9


@settings(max_examples=40, deadline=None)
@given(algorithms())
def test_information_privacy_sits_between_dp_and_half_of_it(algorithm: FiniteAlgorithm) -> None:
    """ε-DP on every two inputs bounds P[o|x]/P[o] by e^ε, and information privacy at a
    full-support prior bounds P[o|x]/P[o|x′] by e^{2ε} (the two maps of LPT+22)."""
    if algorithm.size != 1:
        return
    dp = dp_epsilon(algorithm)
    for prior in battery_priors(algorithm):
        value = information_privacy_epsilon(algorithm, [prior])
        assert upper(value) <= upper(dp) + 1e-12
        assert lower(dp) <= 2 * upper(value) + 1e-12


@settings(max_examples=40, deadline=None)
@given(algorithms())
def test_a_larger_family_takes_the_largest_value(algorithm: FiniteAlgorithm) -> None:
    priors = battery_priors(algorithm)
    each = [upper(information_privacy_epsilon(algorithm, [p])) for p in priors]
    assert upper(information_privacy_epsilon(algorithm, priors)) == max(each)
    deltas = [upper(adversarial_delta(algorithm, [p], exact("0.1"))) for p in priors]
    assert upper(adversarial_delta(algorithm, priors, exact("0.1"))) == max(deltas)


def _subset_delta(algorithm: FiniteAlgorithm, prior: list[float], epsilon: float) -> float:
    """sup over output sets S, tuples t of P[t ∈ D | S] − e^ε P[t ∈ D], by enumeration."""
    databases = algorithm.databases()
    rows = [[upper(m) for m in algorithm.output(x)] for x in databases]
    outputs = range(len(rows[0]))
    best = 0.0
    for t in range(len(algorithm.values)):
        before = sum(p for p, x in zip(prior, databases, strict=True) if t in x)
        for size in range(1, len(rows[0]) + 1):
            for chosen in itertools.combinations(outputs, size):
                total = sum(prior[k] * rows[k][o] for k in range(len(rows)) for o in chosen)
                joint = sum(
                    prior[k] * rows[k][o] for k, x in enumerate(databases) if t in x for o in chosen
                )
                if total > 0:
                    best = max(best, joint / total - math.exp(epsilon) * before)
    return best


@settings(max_examples=40, deadline=None)
@given(algorithms(), st.sampled_from([0.0, 0.1, 0.5]))
def test_one_output_is_the_worst_set(algorithm: FiniteAlgorithm, epsilon: float) -> None:
    for prior in battery_priors(algorithm):
        floats = [upper(p) for p in prior]
        value = adversarial_delta(algorithm, [prior], exact(str(epsilon)))
        assert abs(_subset_delta(algorithm, floats, epsilon) - upper(value)) < 1e-9
        larger = adversarial_delta(algorithm, [prior], exact(str(epsilon + 0.5)))
        assert upper(larger) <= upper(value)


@settings(max_examples=40, deadline=None)
@given(algorithms(), st.lists(st.integers(1, 9), min_size=6, max_size=6))
def test_mutual_information_obeys_dp_and_post_processing(
    algorithm: FiniteAlgorithm, weights: list[int]
) -> None:
    low, high = mutual_information_dp_bounds(algorithm)
    assert lower(low) <= upper(high)
    dp = dp_epsilon(algorithm)
    assert upper(high) <= upper(dp) + 1e-12  # ε-DP ⇒ ε-MIDP (CY16)
    # merging outputs through a random 2-row stochastic map cannot raise the information
    outputs = len(algorithm.table[0])
    channel = [weights[2 * o : 2 * o + 2] for o in range(outputs)]
    merged = []
    for x in algorithm.databases():
        row = algorithm.output(x)
        merged.append(
            [
                sum(
                    (row[o] * exact(str(c[j])) / exact(str(sum(c))) for o, c in enumerate(channel)),
                    point(0.0),
                )
                for j in range(2)
            ]
        )
    after = FiniteAlgorithm("merged", algorithm.values, algorithm.size, tuple(map(tuple, merged)))
    assert lower(mutual_information_dp_bounds(after)[0]) <= upper(high) + 1e-12


def test_capacity_bounds_enclose_a_known_channel() -> None:
    # the Z channel with crossover 1/2 has capacity log(5/4) nats
    algorithm = _algorithm(1, 2, [[1, 0], [1, 1]])
    low, high = capacity_bounds([algorithm.output((0,)), algorithm.output((1,))])
    assert lower(low) <= math.log(5 / 4) <= upper(high)
    assert upper(high) - lower(low) < 1e-9


def test_a_wrong_localized_map_is_refuted(catalog: Catalog) -> None:
    wrong = Relation(
        kind=RelationKind.stronger,
        target="local-dp",
        parameter_map={"epsilon": "epsilon"},
        citation=Citation(key="JLT18", at="planted"),
    )
    ends = catalog.definitions["localized-information-privacy"], catalog.definitions["local-dp"]
    results = map_results(wrong, *ends, semantic_battery())
    assert results is not None
    refuted = [where for verdict, where in results if verdict is False]
    assert refuted[0].startswith("randomized response, n = 1, ε = 0.05, prior #0:")
    # a two-record algorithm is not a local mechanism: none of them is a case
    assert not [where for _, where in results if "n = 2" in where]


def test_every_quantitative_definition_is_evaluated_or_says_why(catalog: Catalog) -> None:
    """Issue 22: each Q-family definition with a formal statement has an evaluator or a
    `not_evaluable` reason, never both."""
    from dptaxonomy.reasoning.evaluators.algorithm_readings import EVALUATED
    from dptaxonomy.schema.enums import Dimension

    quantitative = [
        d for d in catalog.definitions.values() if Dimension.Q in d.dimensions and d.statement
    ]
    assert len(quantitative) >= 25
    missing = [d.id for d in quantitative if d.id not in EVALUATED and d.not_evaluable is None]
    assert missing == []
    both = [d.id for d in catalog.definitions.values() if d.id in EVALUATED and d.not_evaluable]
    assert both == []
    assert catalog.definitions.keys() >= EVALUATED


@settings(max_examples=30, deadline=None)
@given(algorithms())
def test_mutual_information_at_a_prior_is_below_capacity_and_lip(
    algorithm: FiniteAlgorithm,
) -> None:
    """I(X; Z) at any prior ≤ the capacity's upper bound, and ≤ the information-privacy ε at
    that prior (the mean of a log-ratio bounded by ε; WYZ16 via LPT+22)."""
    rows = [algorithm.output(x) for x in algorithm.databases()]
    high = capacity_bounds(rows)[1]
    for prior in battery_priors(algorithm):
        value = mutual_information(algorithm, prior)
        assert lower(value) >= -1e-12
        assert upper(value) <= upper(high) + 1e-12
        assert upper(value) <= upper(information_privacy_epsilon(algorithm, [prior])) + 1e-12


def test_mutual_information_of_randomized_response() -> None:
    algorithm = randomized_response(1, "1")
    keep = math.e / (1 + math.e)
    entropy = -(keep * math.log(keep) + (1 - keep) * math.log(1 - keep))
    assert _close(
        mutual_information(algorithm, battery_priors(algorithm)[0]), math.log(2) - entropy
    )


def test_record_level_readings_of_randomized_response() -> None:
    """One record under the uniform prior: P(r | v)/P(r) is 2·keep or 2·(1 − keep)."""
    algorithm = randomized_response(1, "1")
    keep = math.e / (1 + math.e)
    found = record_posterior_epsilons(algorithm, battery_priors(algorithm)[0])
    assert _close(found["information"], math.log(2 * keep))
    assert _close(found["noiseless"], -math.log(2 * (1 - keep)))
    assert _close(found["inferential"], 1.0)
    entropy = -(keep * math.log(keep) + (1 - keep) * math.log(1 - keep))
    assert _close(found["relative_entropy"], math.log(2) - entropy)
    assert _close(found["mutual_information"], math.log(2) - entropy)
    # the lower bound on P[t ∉ D | S] binds: P[1 ∉ D | r = 1] = 1 − keep against 1/2
    membership = membership_epsilon(algorithm, battery_priors(algorithm)[0])
    assert _close(membership, -math.log(2 * (1 - keep)))


@settings(max_examples=40, deadline=None)
@given(algorithms())
def test_wxh17_chain_holds_at_every_prior(algorithm: FiniteAlgorithm) -> None:
    """WXH17's Proposition 2: inferential ⇒ information ⇒ relative entropy ⇒ mutual
    information privacy, with the same ε, at each prior."""
    for prior in battery_priors(algorithm):
        found = {k: upper(v) for k, v in record_posterior_epsilons(algorithm, prior).items()}
        assert found["information"] <= found["inferential"] + 1e-12
        assert found["relative_entropy"] <= found["information"] + 1e-12
        assert found["mutual_information"] <= found["relative_entropy"] + 1e-12
        assert found["information"] <= found["noiseless"] + 1e-12


def test_information_privacy_does_not_give_adversarial_privacy_on_two_records() -> None:
    """The counterexample in adversarial-privacy.yaml: per-record posteriors stay within
    e^ε of the priors while the posterior that a 1 is in D does not."""
    algorithm = _algorithm(2, 2, [[1, 4], [3, 2], [5, 2], [5, 6]])
    uniform = battery_priors(algorithm)[0]
    epsilon = record_posterior_epsilons(algorithm, uniform)["information"]
    assert _close(epsilon, math.log(450 / 379))
    delta = adversarial_delta(algorithm, [uniform], epsilon)
    assert _close(delta, 681 / 758 - 450 / 379 * 3 / 4)
    assert lower(delta) > 0.0079

"""(ε, δ)-semantic privacy: sound bounds on the least δ, and KS14's Theorem 2.4 (2) refuted."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.algorithm_maps import map_results
from dptaxonomy.reasoning.evaluators.algorithm_readings import (
    holds_on_algorithm,
    neighbour_pairs,
)
from dptaxonomy.reasoning.evaluators.semantic import (
    FiniteAlgorithm,
    randomized_response,
    semantic_battery,
    semantic_epsilon,
)
from dptaxonomy.reasoning.evaluators.semantic_delta import (
    EPSILON_DELTA_SEMANTIC,
    delta_lower,
    delta_upper,
    holds_epsilon_delta_semantic,
    tight_parameters,
)
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from tests.clirunner import run
from tests.test_semantic import algorithms


def _breaking_probability(
    algorithm: FiniteAlgorithm, prior: list[float], default: int, epsilon: float
) -> float:
    """P[x ∼ b, t ∼ A(x): some i has SD(b̄₀[·|t], b̄ᵢ[·|t]) > ε], in floats."""
    databases = algorithm.databases()
    rows = [[float(upper(m)) for m in algorithm.output(x)] for x in databases]
    total = 0.0
    for t in range(len(rows[0])):
        real = [prior[k] * rows[k][t] for k in range(len(databases))]
        if sum(real) == 0:
            continue
        for i in range(algorithm.size):
            game = [
                prior[k] * float(upper(algorithm.output((*x[:i], default, *x[i + 1 :]))[t]))
                for k, x in enumerate(databases)
            ]
            if sum(game) == 0:
                continue
            distance = sum(
                abs(p / sum(real) - q / sum(game)) for p, q in zip(real, game, strict=True)
            )
            if distance / 2 > epsilon + 1e-9:
                total += sum(real)
                break
    return total


@settings(max_examples=40, deadline=None)
@given(algorithms(), st.data(), st.sampled_from(["0.02", "0.1", "0.3", "0.6"]))
def test_no_prior_breaks_the_bound_more_often_than_the_upper_bound(
    algorithm: FiniteAlgorithm, data: st.DataObject, epsilon: str
) -> None:
    count = len(algorithm.databases())
    weights = data.draw(st.lists(st.floats(0.0, 1.0), min_size=count, max_size=count))
    if sum(weights) == 0:
        weights[0] = 1.0
    prior = [w / sum(weights) for w in weights]
    for default in range(len(algorithm.values)):
        bound = upper(delta_upper(algorithm, default, exact(epsilon)))
        assert _breaking_probability(algorithm, prior, default, float(epsilon)) <= bound + 1e-9


@settings(max_examples=25, deadline=None)
@given(algorithms(), st.sampled_from(["0.02", "0.1", "0.3"]))
def test_the_bounds_are_ordered_and_monotone_in_epsilon(
    algorithm: FiniteAlgorithm, epsilon: str
) -> None:
    small, large = exact(epsilon), exact(epsilon) * 2
    for default in range(len(algorithm.values)):
        low, high = delta_lower(algorithm, default, small), delta_upper(algorithm, default, small)
        assert lower(low) <= upper(high) <= 1
        assert upper(delta_upper(algorithm, default, large)) <= upper(high)
        assert lower(delta_lower(algorithm, default, large)) <= upper(low)
        # at ε̄ itself no transcript breaks the bound: ε̄-semantic ⇒ (ε̄, 0)-semantic
        assert upper(delta_upper(algorithm, default, semantic_epsilon(algorithm, default))) == 0


@settings(max_examples=25, deadline=None)
@given(algorithms())
def test_every_corner_is_met_and_delta_one_always_holds(
    algorithm: FiniteAlgorithm,
) -> None:
    for default in range(len(algorithm.values)):
        for epsilon, delta in tight_parameters(algorithm, default):
            assert holds_epsilon_delta_semantic(algorithm, default, epsilon, delta) is True
            # δ = 1 is met by every algorithm: no prior can refute it
            assert holds_epsilon_delta_semantic(algorithm, default, point(0.0), point(1.0))


def test_randomized_response_has_one_corner_at_tanh_of_a_quarter_epsilon() -> None:
    for size, epsilon in [(1, "1"), (2, "0.5")]:
        algorithm = randomized_response(size, epsilon)
        corners = tight_parameters(algorithm, 0)
        assert len(corners) == 1
        (found, delta), expected = corners[0], math.tanh(float(epsilon) / 4)
        assert expected <= upper(found) <= expected * (1 + 1e-15)
        assert upper(delta) == 0


def test_the_uniform_prior_refutes_a_small_epsilon_on_randomized_response() -> None:
    algorithm = randomized_response(1, "1")
    # the uniform prior moves Game 0's posterior by tanh(1/2)/2 = 0.2311 at both outputs
    assert lower(delta_lower(algorithm, 0, exact("0.2"))) > 1 - 1e-12
    assert holds_epsilon_delta_semantic(algorithm, 0, exact("0.2"), exact("0.5")) is False
    # between 0.2311 and the supremum tanh(1/4) = 0.2449 only the extremal prior refutes
    assert lower(delta_lower(algorithm, 0, exact("0.24"))) > 0.4
    assert holds_epsilon_delta_semantic(algorithm, 0, exact("0.245"), point(0.0)) is True


def test_algorithms_are_read_on_every_pair_of_neighbouring_databases() -> None:
    assert len(neighbour_pairs(randomized_response(2, "1"))) == 4
    algorithm = randomized_response(1, "1")
    delta = (math.e - math.exp(0.7)) / (1 + math.e)
    at = {"epsilon": exact("0.7")}
    assert holds_on_algorithm("approximate-dp", algorithm, 0, {**at, "delta": exact("0.19")})
    refused = holds_on_algorithm("approximate-dp", algorithm, 0, {**at, "delta": exact("0.189")})
    assert 0.189 < delta < 0.19
    assert refused is False
    assert holds_on_algorithm("pufferfish-privacy", algorithm, 0, at) is None


def test_the_battery_refutes_ks14_theorem_2_4_2(catalog: Catalog) -> None:
    entry = catalog.definitions[EPSILON_DELTA_SEMANTIC]
    relation = entry.relations[1]
    assert relation.citation.at == "Section 2, Theorem 2.4 (2)"
    assert relation.status.value == "disputed"
    ends = catalog.definitions[EPSILON_DELTA_SEMANTIC], catalog.definitions["approximate-dp"]
    results = map_results(relation, *ends, semantic_battery())
    assert results is not None
    refuted = [where for verdict, where in results if verdict is False]
    audit = (
        "randomized response, n = 1, ε = 1, default 0: epsilon-delta-semantic-privacy "
        "delta = [0.000999999, 0.00100001], epsilon = [0.244918, 0.244919] gives approximate-dp "
        "delta = [0.00199999, 0.00200001], epsilon = [0.734755, 0.734756]"
    )
    assert audit in refuted
    # every randomized response with ε̄ ≤ 0.45 (ε ≤ 1 of the battery: 2 sizes × 5 ε × 2
    # defaults) refutes it at δ = 10⁻⁶ and 10⁻³: it needs 4·artanh(ε̄) > 3ε̄
    small = [
        where
        for verdict, where in results
        if where.startswith("randomized response")
        and ("delta = [9.99999e-07, 1.00001e-06], " in where or "delta = [0.000999999, " in where)
    ]
    assert len(small) == 2 * 5 * 2 * 2
    assert set(small) <= set(refuted)
    assert not [verdict for verdict, _ in results if verdict is None]


def test_convert_refuses_the_disputed_map(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys,
        "convert",
        "epsilon-delta-semantic-privacy",
        "approximate-dp",
        "--from",
        "epsilon=0.2449",
        "--from",
        "delta=0.001",
    )
    assert (result.code, result.out, result.err) == (
        1,
        "",
        "dptax: the only known implication from epsilon-delta-semantic-privacy to approximate-dp "
        "is disputed ([KS14] Section 2, Theorem 2.4 (2), "
        "catalog/epsilon-delta-semantic-privacy.yaml:58); "
        "the catalog keeps it as printed and does not use it\n",
    )


def test_semantic_privacy_extends_its_delta_form_on_the_battery(catalog: Catalog) -> None:
    entry = catalog.definitions["semantic-privacy"]
    relation = next(r for r in entry.relations if r.target == EPSILON_DELTA_SEMANTIC)
    target = catalog.definitions[EPSILON_DELTA_SEMANTIC]
    results = map_results(relation, entry, target, semantic_battery())
    assert results is not None
    assert len(results) >= 100
    assert all(verdict is True for verdict, _ in results)


def test_no_case_is_left_undecided_at_a_corner() -> None:
    for algorithm in semantic_battery(8):
        for default in range(len(algorithm.values)):
            for epsilon, delta in tight_parameters(algorithm, default):
                assert holds_epsilon_delta_semantic(algorithm, default, epsilon, delta) is True


def test_the_corners_a_refutation_rests_on_are_computed_strictly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A map refutation needs its corner (ε, δ) met for certain: a supremum within at_most's
    tolerance for tight claims above ε must count as breaking it (soundness review)."""
    from dptaxonomy.reasoning.evaluators import semantic_delta
    from dptaxonomy.reasoning.evaluators.families import STRICT, at_most
    from dptaxonomy.reasoning.evaluators.semantic import transcript_suprema

    algorithm = randomized_response(1, "1")
    suprema = transcript_suprema(algorithm, 0)
    worst = max(range(len(suprema)), key=lambda t: lower(suprema[t]))
    assert lower(suprema[worst]) < upper(suprema[worst])  # an enclosure, not a point
    inside = point(lower(suprema[worst]))  # the true supremum may lie above it
    token = STRICT.set(True)
    try:
        assert worst in semantic_delta.bad_transcripts(algorithm, 0, inside)
    finally:
        STRICT.reset(token)
    modes: list[bool] = []

    def spy(value: IV | None, bound: IV) -> bool | None:
        modes.append(STRICT.get())
        return at_most(value, bound)

    monkeypatch.setattr(semantic_delta, "at_most", spy)
    assert semantic_delta.tight_parameters(algorithm, 0)
    assert modes
    assert all(modes)

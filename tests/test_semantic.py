"""Semantic privacy's closed form over priors, checked against posteriors computed by hand."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.algorithm_maps import map_results
from dptaxonomy.reasoning.evaluators.semantic import (
    FiniteAlgorithm,
    dp_epsilon,
    randomized_response,
    semantic_battery,
    semantic_epsilon,
)
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.models import Citation, Relation, RelationKind


def _algorithm(size: int, values: int, rows: list[list[int]]) -> FiniteAlgorithm:
    table = tuple(tuple(exact(str(w)) / exact(str(sum(row))) for w in row) for row in rows)
    return FiniteAlgorithm("test", tuple(str(v) for v in range(values)), size, table)


@st.composite
def algorithms(draw: st.DrawFn) -> FiniteAlgorithm:
    size = draw(st.sampled_from([1, 2]))
    values = draw(st.sampled_from([2, 3])) if size == 1 else 2
    outputs = draw(st.sampled_from([2, 3]))
    rows = draw(
        st.lists(
            st.lists(st.integers(1, 9), min_size=outputs, max_size=outputs),
            min_size=values**size,
            max_size=values**size,
        )
    )
    return _algorithm(size, values, rows)


def _middle(value: IV) -> float:
    return (lower(value) + upper(value)) / 2


def _distance(
    algorithm: FiniteAlgorithm, prior: list[float], i: int, t: int, default: int
) -> float:
    """SD of the two posteriors of KS14's Games 0 and i after transcript t (floats)."""
    databases = algorithm.databases()
    a = [prior[k] * _middle(algorithm.output(x)[t]) for k, x in enumerate(databases)]
    c = [
        prior[k] * _middle(algorithm.output((*x[:i], default, *x[i + 1 :]))[t])
        for k, x in enumerate(databases)
    ]
    return sum(abs(p / sum(a) - q / sum(c)) for p, q in zip(a, c, strict=True)) / 2


@settings(max_examples=60, deadline=None)
@given(algorithms(), st.data())
def test_no_prior_exceeds_the_closed_form(algorithm: FiniteAlgorithm, data: st.DataObject) -> None:
    count = len(algorithm.databases())
    weights = data.draw(st.lists(st.floats(0.0, 1.0), min_size=count, max_size=count))
    if sum(weights) == 0:
        weights[0] = 1.0
    prior = [w / sum(weights) for w in weights]
    outputs = len(algorithm.table[0])
    for default in range(len(algorithm.values)):
        bound = upper(semantic_epsilon(algorithm, default))
        for i, t in itertools.product(range(algorithm.size), range(outputs)):
            assert _distance(algorithm, prior, i, t, default) <= bound + 1e-9


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(algorithms())
def test_a_two_point_prior_attains_the_closed_form(algorithm: FiniteAlgorithm) -> None:
    databases = algorithm.databases()
    outputs = len(algorithm.table[0])
    for default in range(len(algorithm.values)):
        best = 0.0
        for i, t in itertools.product(range(algorithm.size), range(outputs)):
            for j, k in itertools.combinations(range(len(databases)), 2):
                for w in [n / 400 for n in range(1, 400)]:
                    prior = [0.0] * len(databases)
                    prior[j], prior[k] = w, 1 - w
                    best = max(best, _distance(algorithm, prior, i, t, default))
        value = semantic_epsilon(algorithm, default)
        assert best <= upper(value) + 1e-9
        assert best >= lower(value) - 2e-3  # the weight grid's resolution


def test_randomized_response_is_tanh_of_a_quarter_epsilon() -> None:
    for size, epsilon in [(1, "0.5"), (2, "1"), (1, "2")]:
        algorithm = randomized_response(size, epsilon)
        expected = math.tanh(float(epsilon) / 4)
        for default in (0, 1):
            value = semantic_epsilon(algorithm, default)
            assert lower(value) <= expected <= upper(value)
            assert upper(value) - lower(value) < 1e-15  # floats around a 96-bit enclosure
        dp = dp_epsilon(algorithm)
        assert lower(dp) <= float(epsilon) <= upper(dp)


def test_an_impossible_output_makes_the_supremum_one() -> None:
    algorithm = _algorithm(1, 2, [[1, 0], [1, 1]])
    assert semantic_epsilon(algorithm, 0) == point(1.0)
    assert math.isinf(lower(dp_epsilon(algorithm)))
    identical = _algorithm(1, 2, [[1, 2], [1, 2]])
    assert upper(semantic_epsilon(identical, 1)) < 1e-20
    assert upper(dp_epsilon(identical)) < 1e-20


def _relation(kind: str, epsilon: str, conditions: tuple[str, ...] = ()) -> Relation:
    return Relation(
        kind=RelationKind(kind),
        target="differential-privacy",
        parameter_map={"epsilon": epsilon},
        conditions=list(conditions),
        citation=Citation(key="KS14", at="planted"),
    )


@pytest.mark.parametrize(
    ("implying", "implied", "epsilon", "conditions"),
    [
        # ε-DP ⇒ ε/5-semantic privacy: randomized response reaches tanh(ε/4) > ε/5 (ε ≤ 2)
        ("differential-privacy", "semantic-privacy", "epsilon / 5", ()),
        # ε̄-semantic ⇒ 3ε̄-DP: randomized response has ε = 4 artanh(ε̄) > 3ε̄
        ("semantic-privacy", "differential-privacy", "3 * epsilon", ("epsilon > 0",)),
    ],
)
def test_a_wrong_map_is_refuted_with_its_counterexample(
    catalog: Catalog, implying: str, implied: str, epsilon: str, conditions: tuple[str, ...]
) -> None:
    kind = "weaker" if implying == "differential-privacy" else "stronger"
    relation = _relation(kind, epsilon, conditions)
    ends = catalog.definitions[implying], catalog.definitions[implied]
    results = map_results(relation, *ends, semantic_battery(4))
    assert results is not None
    refuted = [where for verdict, where in results if verdict is False]
    assert refuted
    assert refuted[0].startswith("randomized response")


def test_the_catalog_maps_hold_on_the_battery(catalog: Catalog) -> None:
    algorithms = semantic_battery()
    established = [
        ("differential-privacy", "semantic-privacy", "exp(2 * epsilon) - 1", ()),
        (
            "semantic-privacy",
            "differential-privacy",
            "6 * epsilon",
            ("epsilon > 0", "epsilon <= 0.225"),
        ),
    ]
    for implying, implied, epsilon, conditions in established:
        kind = "weaker" if implying == "differential-privacy" else "stronger"
        relation = _relation(kind, epsilon, conditions)
        ends = catalog.definitions[implying], catalog.definitions[implied]
        results = map_results(relation, *ends, algorithms)
        assert results is not None
        assert len(results) >= 16
        assert all(verdict is True for verdict, _ in results)
    other = _relation("weaker", "epsilon")
    semantic = catalog.definitions["semantic-privacy"]
    assert map_results(other, catalog.definitions["renyi-dp"], semantic, algorithms) is None
    pairs_only = catalog.definitions["renyi-dp"]
    dp = catalog.definitions["differential-privacy"]
    assert map_results(other, dp, pairs_only, algorithms) is None

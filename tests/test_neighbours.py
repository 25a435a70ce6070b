"""The neighbourhood evaluator: mechanisms run on small inputs under each neighbour relation."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.neighbours import (
    MAX_NODES,
    MAX_RECORDS,
    RELATIONS,
    Neighbours,
    input_pairs,
    neighbour_check,
)
from dptaxonomy.schema.mechanisms import Mechanism, Satisfies, Violates

# The claims issue 13 left unchecked: each must now be computed from concrete inputs.
NEIGHBOURHOOD_CLAIMS = [
    ("exact-size", "satisfies", "bounded-dp"),
    ("exact-size", "violates", "unbounded-dp"),
    ("exact-size", "violates", "differential-privacy"),
    ("edge-count", "satisfies", "edge-dp"),
    ("edge-count", "violates", "node-dp"),
    ("constant", "satisfies", "free-lunch-privacy"),
    ("noisy-count", "violates", "free-lunch-privacy"),
]


def _mechanism(statistic: str, kind: str = "dataset", **action: Any) -> Mechanism:
    parameters = []
    if "scale" in action:
        parameters = [
            {
                "name": "b",
                "symbol": "b",
                "meaning": "noise scale",
                "type": "real",
                "domain": "(0, inf)",
            }
        ]
    return Mechanism.model_validate(
        {
            "id": "planted",
            "name": "planted mechanism",
            "description": "A test mechanism.",
            "introduced_in": ["KM11"],
            "input": {"kind": kind, "neighbourhood": "as each definition says"},
            "output": "M(D)",
            "parameters": parameters,
            "action": {"statistic": statistic, **action},
        }
    )


def _satisfies(definition: str, **parameters: str) -> Satisfies:
    return Satisfies.model_validate(
        {
            "definition": definition,
            "parameters": parameters,
            "citation": {"key": "KM11", "at": "Section 9"},
        }
    )


def _violates(definition: str) -> Violates:
    return Violates.model_validate(
        {"definition": definition, "citation": {"key": "KM11", "at": "Section 9"}}
    )


def test_input_pairs_are_every_small_neighbouring_pair() -> None:
    # labelled graphs on n ≤ 5 nodes: Σ 2^C(n,2) node removals, Σ C(n,2)·2^(C(n,2)-1) edges
    assert (MAX_NODES, MAX_RECORDS) == (5, 4)
    assert len(input_pairs(Neighbours.node)) == 1 + 2 + 8 + 64 + 1024
    assert len(input_pairs(Neighbours.edge)) == 0 + 1 + 12 + 192 + 5120
    # multisets of bits with ≤ 4 records: 15 of them
    assert len(input_pairs(Neighbours.any)) == 15 * 14 // 2
    assert len(input_pairs(Neighbours.unbounded)) == 2 * (1 + 2 + 3 + 4)
    assert len(input_pairs(Neighbours.bounded)) == 1 + 2 + 3 + 4
    # ε-DP: bounded and unbounded neighbours together
    either = input_pairs(Neighbours.bounded) + input_pairs(Neighbours.unbounded)
    assert sorted(p.label for p in input_pairs(Neighbours.one_record)) == sorted(
        p.label for p in either
    )
    assert RELATIONS["differential-privacy"] is Neighbours.one_record


@pytest.mark.parametrize(("mechanism", "kind", "definition"), NEIGHBOURHOOD_CLAIMS, ids=str)
def test_the_neighbourhood_claims_are_computed(
    catalog: Catalog, mechanism: str, kind: str, definition: str
) -> None:
    entry = catalog.mechanisms[mechanism]
    claims: list[Satisfies] | list[Violates] = getattr(entry, kind)
    claim = next(c for c in claims if c.definition == definition)
    verdict, cases, counterexample = neighbour_check(entry, claim, RELATIONS[definition])
    assert verdict is True
    assert cases > 0
    assert counterexample is None


def test_the_evidence_file_records_them_as_computed(catalog: Catalog) -> None:
    for mechanism, kind, definition in NEIGHBOURHOOD_CLAIMS:
        index = [c.definition for c in getattr(catalog.mechanisms[mechanism], kind)].index(
            definition
        )
        stored = catalog.evidence[(kind, mechanism, index)]
        assert stored.outcome == "computed", (mechanism, kind, definition)
        assert stored.cases > 0


def test_a_changing_deterministic_output_refutes_satisfaction_for_certain() -> None:
    exact = _mechanism("size")
    verdict, _, where = neighbour_check(
        exact, _satisfies("unbounded-dp", epsilon="1"), Neighbours.unbounded
    )
    assert verdict is False
    assert where == "planted, unbounded neighbours {} ~ {0}: loss exceeds epsilon=1"
    verdict, cases, _ = neighbour_check(exact, _violates("unbounded-dp"), Neighbours.unbounded)
    assert (verdict, cases) == (True, 20)


def test_a_claimed_epsilon_below_the_loss_is_refuted() -> None:
    noisy = _mechanism("edge-count", kind="graph", noise="laplace", scale="b")
    verdict, _, where = neighbour_check(
        noisy, _satisfies("edge-dp", epsilon="0.5 / b"), Neighbours.edge
    )
    assert verdict is False
    assert where is not None
    assert where.startswith("planted b=0.25, edge neighbours ")


def test_a_growing_loss_is_violation_evidence_and_a_bounded_one_is_not() -> None:
    noisy = _mechanism("edge-count", kind="graph", noise="laplace", scale="b")
    assert neighbour_check(noisy, _violates("node-dp"), Neighbours.node)[0] is True
    assert neighbour_check(noisy, _violates("edge-dp"), Neighbours.edge) == (None, 0, None)
    # "for some ε" is not confirmed while the loss keeps growing with the input
    assert neighbour_check(noisy, _satisfies("node-dp"), Neighbours.node) == (None, 0, None)


def test_a_mechanism_on_graphs_says_nothing_about_dataset_relations() -> None:
    noisy = _mechanism("edge-count", kind="graph", noise="laplace", scale="b")
    assert neighbour_check(noisy, _violates("free-lunch-privacy"), Neighbours.any) == (
        None,
        0,
        None,
    )


SENSITIVITY = {  # (statistic, relation) -> largest change of the statistic
    ("size", Neighbours.bounded): 0,
    ("size", Neighbours.unbounded): 1,
    ("count", Neighbours.bounded): 1,
    ("count", Neighbours.unbounded): 1,
    ("size", Neighbours.one_record): 1,
    ("count", Neighbours.one_record): 1,
    ("constant", Neighbours.any): 0,
    ("node-count", Neighbours.edge): 0,
    ("node-count", Neighbours.node): 1,
}


@settings(max_examples=40, deadline=None)
@given(
    case=st.sampled_from(sorted(SENSITIVITY, key=str)),
    numerator=st.sampled_from(["0", "0.5", "1", "2"]),
)
def test_laplace_noise_meets_exactly_sensitivity_over_scale(
    case: tuple[str, Neighbours], numerator: str
) -> None:
    statistic, relation = case
    kind = "graph" if relation in (Neighbours.edge, Neighbours.node) else "dataset"
    noisy = _mechanism(statistic, kind=kind, noise="laplace", scale="b")
    definition = next(d for d, r in RELATIONS.items() if r is relation)
    claim = _satisfies(definition, epsilon=f"{numerator} / b")
    verdict, _, _ = neighbour_check(noisy, claim, relation)
    assert verdict is (float(numerator) >= SENSITIVITY[case])


@pytest.mark.parametrize(
    ("action", "kind", "message"),
    [
        ({"statistic": "size", "noise": "laplace"}, "dataset", "give `scale` exactly when"),
        ({"statistic": "size", "scale": "1"}, "dataset", "give `scale` exactly when"),
        (
            {"statistic": "edge-count"},
            "dataset",
            "the statistic 'edge-count' does not read a dataset",
        ),
        ({"statistic": "size"}, "graph", "the statistic 'size' does not read a graph"),
        ({"statistic": "mean"}, "dataset", "Input should be 'constant', 'size', 'count'"),
    ],
)
def test_the_action_is_validated(action: dict[str, str], kind: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Mechanism.model_validate(
            {
                "id": "bad",
                "name": "bad",
                "description": "A test mechanism.",
                "introduced_in": ["KM11"],
                "input": {"kind": kind, "neighbourhood": "any"},
                "output": "M(D)",
                "action": action,
            }
        )


def test_gaussian_noise_is_pure_dp_only_when_the_statistic_never_moves() -> None:
    noisy = _mechanism("size", noise="gaussian", scale="b")
    bounded = neighbour_check(noisy, _satisfies("bounded-dp", epsilon="0"), Neighbours.bounded)
    assert bounded[:2] == (True, 5 * 10)  # 5 grid values of b, 10 bounded pairs
    verdict, _, where = neighbour_check(
        noisy, _satisfies("unbounded-dp", epsilon="4"), Neighbours.unbounded
    )
    assert verdict is False
    assert where == "planted b=0.25, unbounded neighbours {} ~ {0}: loss exceeds epsilon=4"
    assert neighbour_check(noisy, _violates("unbounded-dp"), Neighbours.unbounded)[0] is True

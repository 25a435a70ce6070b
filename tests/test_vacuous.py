"""Vacuous values (rule V1): declared, checked, and no relation stated for the whole family
from a vacuous value to a violated definition survives unflagged."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.synthetic import SYNTHETIC_KEY, random_relations, synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.contradictions import validation_diagnostics
from dptaxonomy.reasoning.logic.facts import FactKind
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.logic.vacuous import vacuous_conflicts, violated
from dptaxonomy.schema.claims import Citation, VacuousValue
from dptaxonomy.schema.enums import Status
from dptaxonomy.schema.mechanisms import Violates
from dptaxonomy.schema.models import Definition, Relation, RelationKind, Restriction

SYNTHETIC = Citation(key=SYNTHETIC_KEY, at="synthetic")


def _with_definition(catalog: Catalog, definition: Definition) -> Catalog:
    entry = catalog.entries[definition.id]
    changed = type(entry)(definition, entry.file, entry.located)
    return records.replace(catalog, entries={**catalog.entries, definition.id: changed})


def _update(catalog: Catalog, definition_id: str, **fields: object) -> Catalog:
    return _with_definition(catalog, catalog.definitions[definition_id].model_copy(update=fields))


# The declarations ---------------------------------------------------------------------


def test_a_vacuous_value_is_a_parameter_in_its_domain(catalog: Catalog) -> None:
    data = catalog.definitions["approximate-dp"].model_dump(mode="json", exclude_none=True)
    note = "every mechanism"
    for value, message in [
        ({"gamma": "1"}, "vacuous[0]: 'gamma' is not a parameter (its parameters: delta, epsilon)"),
        ({"delta": "2"}, "vacuous[0]: delta = 2 is outside its domain [0, 1]"),
        ({"delta": "one"}, "vacuous[0]: delta = 'one' is not a number"),
    ]:
        bad = {
            **data,
            "vacuous": [
                {"parameters": value, "citation": {"key": "DP20", "at": "x"}, "note": note}
            ],
        }
        with pytest.raises(ValidationError, match=re.escape(message)):
            Definition.model_validate(bad)
    with pytest.raises(ValidationError, match="give `parameters`, or `described`, or both"):
        VacuousValue(citation=SYNTHETIC, note=note)


def test_the_shipped_declarations() -> None:
    from dptaxonomy.catalog.store import load_catalog
    from tests.conftest import CATALOG_DIR

    declared = {
        i: [dict(v.parameters) for v in d.vacuous]
        for i, d in load_catalog(CATALOG_DIR).definitions.items()
        if d.vacuous
    }
    assert len(declared) == 43
    assert sum(len(v) for v in declared.values()) == 50
    assert declared["approximate-dp"] == [{"delta": "1"}]
    assert declared["f-dp"] == [{"f": "0"}]
    assert declared["semantic-privacy"] == [{"epsilon": "1"}]
    assert declared["information-privacy-dpcf12"] == [{}]  # Θ of point masses, described
    assert declared["privacy-profile"] == [{}]  # the profile δ ≡ 1, described
    assert declared["epsilon-delta-semantic-privacy"] == [{"delta": "1"}, {"epsilon": "1"}]


def test_every_evaluable_vacuous_value_is_computed_in_the_evidence(catalog: Catalog) -> None:
    rows = {k: v for k, v in catalog.evidence.items() if k[0] == "vacuous"}
    assert sorted(k[1] for k in rows) == [
        "approximate-dp",
        "approximate-local-dp",
        "f-dp",
        "probabilistic-dp",
        "strong-federated-f-dp",
        "total-variation-privacy",
        "weak-federated-f-dp",
    ]
    assert all(v.outcome == "computed" and v.cases > 100 for v in rows.values())


def test_a_wrong_vacuous_value_is_refuted_on_the_battery(catalog: Catalog) -> None:
    from dptaxonomy.reasoning.evaluators.battery import battery
    from dptaxonomy.reasoning.evaluators.relation_checks import vacuous_results

    wrong = catalog.definitions["approximate-dp"].model_copy(
        update={
            "vacuous": [VacuousValue(parameters={"delta": "0.5"}, citation=SYNTHETIC, note="no")]
        }
    )
    ((index, reading, results),) = vacuous_results(wrong, battery(catalog.mechanisms))
    assert (index, reading) == (0, "approximate-dp is met by every mechanism at delta = 0.5")
    failures = [where for verdict, where in results if verdict is False]
    assert "identity on one bit fails approximate-dp with delta=0.5, epsilon=0" in failures


# Rule V1 on the catalog ------------------------------------------------------------------


def test_the_shipped_catalog_has_no_vacuous_conflict(catalog: Catalog) -> None:
    assert vacuous_conflicts(catalog, compile_knowledge_base(catalog).factset) == []
    assert "differential-privacy" in violated(
        catalog, compile_knowledge_base(catalog).factset.facts
    )


def test_table_3_row_65_put_back_in_use_fails_validation(catalog: Catalog) -> None:
    relations = catalog.definitions["semantic-privacy"].relations
    assert relations[0].status is Status.disputed
    restored = [relations[0].model_copy(update={"status": Status.established}), *relations[1:]]
    changed = _update(catalog, "semantic-privacy", relations=restored)
    errors = [d for d in validation_diagnostics(changed) if d.code == "vacuous-value"]
    assert [(d.file, d.line, d.message) for d in errors] == [
        (
            "catalog/semantic-privacy.yaml",
            45,
            "semantic-privacy ≻ differential-privacy cannot hold (rule V1): every mechanism "
            "meets semantic-privacy at epsilon = 1, but exact-size violates differential-privacy "
            "for every parameter",
        )
    ]
    assert errors[0].is_error


def test_a_relation_restricted_away_from_the_value_is_not_reported(catalog: Catalog) -> None:
    relations = catalog.definitions["semantic-privacy"].relations
    restored = relations[0].model_copy(update={"status": Status.established})
    excluded = [
        restored.model_copy(update={"conditions": ["epsilon < 1"]}),
        restored.model_copy(
            update={"restrictions": [Restriction(parameter="epsilon", value="ε̄ ≤ 0.225")]}
        ),
    ]
    for relation in excluded:
        changed = _update(catalog, "semantic-privacy", relations=[relation, *relations[1:]])
        assert vacuous_conflicts(changed, compile_knowledge_base(changed).factset) == []
    # a condition the value meets does not exclude it
    kept = restored.model_copy(update={"conditions": ["epsilon <= 1"]})
    changed = _update(catalog, "semantic-privacy", relations=[kept, *relations[1:]])
    assert len(vacuous_conflicts(changed, compile_knowledge_base(changed).factset)) == 1


def test_a_special_case_whose_map_lands_on_a_vacuous_value(catalog: Catalog) -> None:
    planted = Relation(
        kind=RelationKind.extends,
        target="approximate-dp",
        parameter_map={"epsilon": "epsilon", "delta": "1"},
        citation=Citation(key="DP20", at="planted"),
    )
    relations = [*catalog.definitions["differential-privacy"].relations, planted]
    changed = _update(catalog, "differential-privacy", relations=relations)
    messages = [
        c.message for c in vacuous_conflicts(changed, compile_knowledge_base(changed).factset)
    ]
    assert messages == [
        "differential-privacy ⊂ approximate-dp cannot hold (rule V1): its map sends epsilon = 0 "
        "to approximate-dp at delta = 1, which every mechanism meets, but exact-size violates "
        "differential-privacy for every parameter"
    ]


@pytest.mark.parametrize(
    ("conditions", "restrictions", "flagged"),
    [
        ([], [], True),  # α = 2 is sent to δ = 1
        (["alpha > 3"], [], False),  # the condition leaves α = 2 out (soundness review)
        ([], [Restriction(parameter="alpha", value="a described set of orders")], False),
    ],
)
def test_a_landing_is_read_only_where_the_relation_is_stated(
    catalog: Catalog, conditions: list[str], restrictions: list[Restriction], flagged: bool
) -> None:
    planted = Relation(
        kind=RelationKind.extends,
        target="approximate-dp",
        parameter_map={"epsilon": "epsilon", "delta": "alpha - 1"},
        conditions=conditions,
        restrictions=restrictions,
        citation=Citation(key="DP20", at="planted"),
    )
    relations = [*catalog.definitions["renyi-dp"].relations, planted]
    changed = _update(catalog, "renyi-dp", relations=relations)
    conflicts = vacuous_conflicts(changed, compile_knowledge_base(changed).factset)
    landing = [c for c in conflicts if "its map sends" in c.message]
    assert bool(landing) is flagged


@pytest.mark.parametrize(
    ("condition", "flagged"),
    [
        ("delta < exp(-epsilon)", False),  # false at δ = 1 for every ε ≥ 0 (soundness review)
        ("delta <= exp(-epsilon)", True),  # holds at δ = 1, ε = 0: the value is not excluded
    ],
)
def test_a_condition_over_other_parameters_excludes_a_value_it_fails_on_everywhere(
    catalog: Catalog, condition: str, flagged: bool
) -> None:
    planted = Relation(
        kind=RelationKind.stronger,
        target="differential-privacy",
        conditions=[condition],
        citation=Citation(key="DP20", at="planted"),
    )
    relations = [*catalog.definitions["approximate-dp"].relations, planted]
    changed = _update(catalog, "approximate-dp", relations=relations)
    conflicts = vacuous_conflicts(changed, compile_knowledge_base(changed).factset)
    mine = [c for c in conflicts if c.fact.origin.conditions == (condition,)]
    assert bool(mine) is flagged


def test_a_refuted_relation_must_be_disputed(catalog: Catalog) -> None:
    relations = catalog.definitions["approximate-concentrated-dp"].relations
    assert relations[3].status is Status.disputed
    assert catalog.evidence[("relation", "approximate-concentrated-dp", 3)].outcome == "refuted"
    restored = [
        *relations[:3],
        relations[3].model_copy(update={"status": Status.established}),
        *relations[4:],
    ]
    changed = _update(catalog, "approximate-concentrated-dp", relations=restored)
    (error,) = [d for d in validation_diagnostics(changed) if d.code == "refuted-fact"]
    assert (error.file, error.line) == ("catalog/approximate-concentrated-dp.yaml", 70)
    assert error.message == (
        "evidence.json: relation #3 of approximate-concentrated-dp is refuted by `dptax verify`: "
        "random pair #10 (seed 13, 2 outcomes): probabilistic-dp with delta=0.5, epsilon=0 fails "
        "but approximate-concentrated-dp with delta=0.5, rho=0, xi=0 holds"
    )


# The property ----------------------------------------------------------------------------


def _planted_catalog(
    catalog: Catalog, size: int, seed: int, vacuous: int, broken: list[int]
) -> tuple[Catalog, str]:
    relations = random_relations(size, seed=seed, cluster=8)
    ids = sorted(
        {x for r in relations for x in (r[0], r[2])} | {f"def-{i:05d}" for i in range(size)}
    )
    synthetic = synthetic_catalog(ids, relations)
    planted = ids[vacuous % len(ids)]
    value = VacuousValue(described="an empty neighbour relation", citation=SYNTHETIC, note="none")
    synthetic = _update(synthetic, planted, vacuous=[value])
    identity = catalog.mechanism_entries["identity"]
    claims = [
        Violates(definition=ids[i % len(ids)], citation=SYNTHETIC)
        for i in broken
        if ids[i % len(ids)] != planted
    ]
    mechanism = identity.mechanism.model_copy(
        update={"satisfies": [], "violates": claims, "witnesses": []}
    )
    entry = type(identity)(mechanism, identity.file, identity.located)
    return records.replace(synthetic, mechanism_entries={"identity": entry}), planted


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    size=st.integers(min_value=6, max_value=40),
    seed=st.integers(min_value=0, max_value=10_000),
    vacuous=st.integers(min_value=0, max_value=1_000),
    broken=st.lists(st.integers(min_value=0, max_value=1_000), min_size=1, max_size=6),
)
def test_no_relation_from_a_planted_vacuous_value_survives_unflagged(
    catalog: Catalog, size: int, seed: int, vacuous: int, broken: list[int]
) -> None:
    """Plant a vacuous value and some violated definitions; dispute what V1 flags; then the
    closure derives neither X ≻ Y nor X ⊂ Y for any violated Y."""
    planted_catalog, planted = _planted_catalog(catalog, size, seed, vacuous, broken)
    factset = compile_knowledge_base(planted_catalog).factset
    conflicts = vacuous_conflicts(planted_catalog, factset)
    broken_ids = violated(planted_catalog, factset.facts)
    assert planted not in broken_ids
    for conflict in conflicts:
        assert conflict.fact.a == planted
        assert conflict.fact.b in broken_ids
    claimed = {c.definition for c in planted_catalog.mechanisms["identity"].violates}
    flagged = {(c.fact.origin.definition, c.fact.origin.index) for c in conflicts}
    cleaned = planted_catalog
    for definition_id in {d for d, _ in flagged}:
        relations = [
            r.model_copy(update={"status": Status.disputed, "note": "V1"})
            if (definition_id, i) in flagged
            else r
            for i, r in enumerate(cleaned.definitions[definition_id].relations)
        ]
        cleaned = _update(cleaned, definition_id, relations=relations)
    kb = compile_knowledge_base(cleaned)
    for target in claimed:
        assert not kb.is_stronger(planted, target)
        assert not kb.is_extension(planted, target)
    stated = [
        f
        for f in kb.factset.facts
        if f.kind in (FactKind.stronger, FactKind.extends)
        and f.rule in (Rule.ASSERTED, Rule.INVERSE, Rule.EQUIVALENCE)
        and f.a == planted
    ]
    assert all(f.b not in violated(cleaned, kb.factset.facts) for f in stated)

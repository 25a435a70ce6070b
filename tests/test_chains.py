"""Parametric chains ranked by tightness (M1–M4) and equivalence kinds (R1, R2), issue 12."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.equivalence import EquivalenceKind, equivalence_maps
from dptaxonomy.reasoning.maps.ranking import compose, parametric_chains
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.arith import parse_expression
from dptaxonomy.schema.arith_eval import evaluate
from dptaxonomy.schema.models import Parameter, ParameterType, RelationKind
from tests.clirunner import run

S, E = RelationKind.stronger, RelationKind.equivalent


def _catalog(
    relations: list[tuple[str, RelationKind, str, dict[str, str], list[str]]],
) -> Catalog:
    """Definitions a, b, c, d with ε ∈ [0, inf); relations with maps and conditions."""
    ids = ["a", "b", "c", "d"]
    base = synthetic_catalog(ids, [(s, k, t) for s, k, t, _, _ in relations])
    epsilon = Parameter(
        name="epsilon",
        symbol="\\varepsilon",
        meaning="m",
        type=ParameterType.real,
        domain="[0, inf)",
    )
    entries = {}
    extra: dict[tuple[str, str | None, RelationKind], tuple[dict[str, str], list[str]]] = {
        (s, t, k): (m, c) for s, k, t, m, c in relations
    }
    for definition_id, loaded in base.entries.items():
        relations_out = []
        for r in loaded.definition.relations:
            mapping, conditions = extra[(definition_id, r.target, r.kind)]
            relations_out.append(
                r.model_copy(update={"parameter_map": mapping or None, "conditions": conditions})
            )
        definition = loaded.definition.model_copy(
            update={"parameters": [epsilon], "relations": relations_out}
        )
        entries[definition_id] = LoadedDefinition(definition, loaded.file, Located())
    return Catalog(directory=base.directory, entries=entries, references={})


def test_tightest_chain_is_chosen_over_the_shortest() -> None:
    catalog = _catalog(
        [
            ("a", S, "d", {"epsilon": "10 * epsilon"}, []),
            ("a", S, "b", {"epsilon": "epsilon"}, []),
            ("b", S, "d", {"epsilon": "2 * epsilon"}, []),
        ]
    )
    chains = parametric_chains(compile_knowledge_base(catalog), "a", "d")
    assert [c.mapping for c in chains] == [{"epsilon": "2 * epsilon"}, {"epsilon": "10 * epsilon"}]
    assert chains[0].tightest
    assert not chains[1].tightest


def test_incomparable_chains_keep_length_order_and_no_tightest() -> None:
    catalog = _catalog(
        [
            ("a", S, "d", {"epsilon": "epsilon ** 2"}, []),
            ("a", S, "b", {"epsilon": "epsilon"}, []),
            ("b", S, "d", {"epsilon": "2 * epsilon"}, []),
        ]
    )
    chains = parametric_chains(compile_knowledge_base(catalog), "a", "d")
    assert [len(c.proof.steps) for c in chains] == [1, 2]
    assert not any(c.tightest for c in chains)


def test_conditions_are_restated_and_constants_checked() -> None:
    catalog = _catalog(
        [
            ("a", S, "b", {"epsilon": "2"}, []),
            ("b", S, "c", {"epsilon": "epsilon"}, ["epsilon < 1"]),
        ]
    )
    kb = compile_knowledge_base(catalog)
    assert parametric_chains(kb, "a", "c") == []  # the second step is conditional (K3)
    (conditional,) = Reasoner(kb).relationship("a", "c").conditional
    # the first step sets ε = 2, the second needs ε < 1 (M4)
    assert conditional.conditions == ("2 < 1 [never holds: rule M4]",)
    assert conditional.vacuous
    chain = compose((*kb.facts, *kb.conditional_facts))
    assert chain is not None
    assert not chain.feasible


def test_discharged_conditions_are_dropped() -> None:
    catalog = _catalog(
        [
            ("a", S, "b", {"epsilon": "0.5"}, []),
            ("b", S, "c", {"epsilon": "epsilon"}, ["epsilon < 1"]),
        ]
    )
    (conditional,) = Reasoner(compile_knowledge_base(catalog)).relationship("a", "c").conditional
    assert conditional.conditions == ()
    assert not conditional.vacuous


def test_unchecked_conditions_are_reported() -> None:
    catalog = _catalog(
        [
            ("a", S, "b", {"epsilon": "2 * epsilon"}, []),
            ("b", S, "c", {"epsilon": "epsilon"}, ["epsilon <= 0.45"]),
        ]
    )
    kb = compile_knowledge_base(catalog)
    assert not kb.is_stronger("a", "c")  # the second step restricts ε (K3)
    steps = (*kb.facts[:1], *kb.conditional_facts)
    chain = compose(tuple(steps))
    assert chain is not None
    assert chain.feasible
    assert chain.unchecked == ("2 * epsilon <= 0.45",)


def test_same_parameters_and_reparametrised() -> None:
    catalog = _catalog(
        [
            ("a", E, "b", {"epsilon": "epsilon"}, []),
            ("c", E, "d", {"epsilon": "2 * epsilon"}, []),
        ]
    )
    kb = compile_knowledge_base(catalog)
    assert equivalence_maps(kb, "a", "b").kind is EquivalenceKind.same_parameters
    maps = equivalence_maps(kb, "c", "d")
    assert maps.kind is EquivalenceKind.reparametrised
    assert maps.forward is not None
    assert maps.forward.mapping == {"epsilon": "2 * epsilon"}
    assert maps.backward is None  # a non-renaming map is stated one way only
    r = Reasoner(kb).relationship("a", "b")
    assert r.equivalence is not None
    assert r.equivalence.rule == "R1"


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.sampled_from(["2 * epsilon", "epsilon + 1", "epsilon ** 2", "epsilon"]),
        min_size=1,
        max_size=3,
    ),
    st.floats(0.01, 3),
)
def test_composed_map_equals_stepwise_evaluation(maps: list[str], value: float) -> None:
    names = ["a", "b", "c", "d"]
    relations: list[tuple[str, RelationKind, str, dict[str, str], list[str]]] = [
        (names[i], S, names[i + 1], {"epsilon": m}, []) for i, m in enumerate(maps)
    ]
    kb = compile_knowledge_base(_catalog(relations))
    (chain,) = parametric_chains(kb, "a", names[len(maps)])
    stepwise = value
    for m in maps:
        stepwise = evaluate(parse_expression(m), {"epsilon": stepwise})
    composed = evaluate(parse_expression(chain.mapping["epsilon"]), {"epsilon": value})
    assert math.isclose(composed, stepwise, rel_tol=1e-9)


# The real catalog -------------------------------------------------------------------


def test_pure_dp_to_approximate_dp_takes_the_special_case(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "relate", "differential-privacy", "approximate-dp", "--format", "json")
    data = json.loads(result.out)
    first = data["parametric_chains"][0]
    assert first["parameter_map"] == {"epsilon": "epsilon", "delta": "0"}
    assert first["tightest"] is True
    # the Rényi closed forms for ε at a given δ need δ > 0 (the KL routes give δ itself)
    renyi = [
        c
        for c in data["parametric_chains"]
        if "alpha" in c["free"] and "epsilon" in c["parameter_map"]
    ]
    assert renyi
    assert all("delta > 0" in c["conditions"] for c in renyi)
    text = run(capsys, "relate", "differential-privacy", "approximate-dp").out
    assert "guarantee: approximate-dp with epsilon = epsilon, delta = 0" in text
    assert "tightest of the chains evaluated on a grid of parameters" in text


def test_free_parameters_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "relate", "renyi-dp", "approximate-dp").out
    assert "free: delta; the bound holds for every value of delta" in text


def test_equivalence_kind_in_relate(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        run(
            capsys, "relate", "zero-concentrated-dp", "mean-concentrated-dp", "--format", "json"
        ).out
    )
    assert data["equivalence"]["kind"] == "reparametrised"
    assert data["equivalence"]["maps"]["b_to_a"] == {
        "xi": "mu - tau ** 2 / 2",
        "rho": "tau ** 2 / 2",
    }
    text = run(capsys, "relate", "zero-concentrated-dp", "mean-concentrated-dp").out
    assert "equivalent, possibly up to a change of parameters (rule R2" in text.splitlines()[0]


def test_reflexive_relate_prints_one_proof(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "relate", "differential-privacy", "differential-privacy").out
    assert text.count("by reflexivity") == 1
    assert "same parameters (rule R1)" in text


def test_no_python_representation_in_proofs(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "relate", "free-lunch-privacy", "differential-privacy").out
    assert "<dimension=" not in text
    assert "Dimension." not in text
    assert "free-lunch-privacy stronger all definitions of dimension N" in text


# Derived properties (P1, P2) -----------------------------------------------------------


def test_derived_property_shown_next_to_asserted_unknown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json.loads(run(capsys, "show", "range-bounded-privacy", "--format", "json").out)
    (derived,) = data["derived_properties"]
    assert derived == {
        "property": "composability",
        "value": "yes",
        "derived": True,
        "rule": "P1",
        "derived_from": "differential-privacy",
        "asserted": "unknown",
        "agrees_with_asserted": None,
        "conjectural": False,
        "conditions": [],
    }
    assert data["properties"]["composability"]["value"] == "unknown"
    text = run(capsys, "show", "range-bounded-privacy").out
    assert "composability        ? unknown" in text
    assert (
        "composability        ✓ yes      derived by P1 from differential-privacy "
        "(the entry asserts unknown)" in text
    )


def test_list_marks_derived_values(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "list").out
    line = next(x for x in text.splitlines() if x.startswith("range-bounded-privacy "))
    assert line.endswith("range-bounded privacy  (CP ✓ by P1)")
    # semantic privacy ∼ DP holds only for ε̄ ≤ 0.225 (rule V1 disputes Table 3 row 65's
    # family-level ∼), and P1 does not cross a conditional equivalence
    line = next(x for x in text.splitlines() if x.startswith("semantic-privacy "))
    assert line.endswith("semantic privacy")
    data = json.loads(run(capsys, "list", "--format", "json").out)
    row = next(r for r in data["definitions"] if r["id"] == "range-bounded-privacy")
    assert row["composability"] == "unknown"
    assert [d["rule"] for d in row["derived_properties"]] == ["P1"]


def test_p1_agrees_with_the_soks_derivation_by_equivalence(catalog: Catalog) -> None:
    from dptaxonomy.reasoning.logic.derived import derived_properties

    kb = compile_knowledge_base(catalog)
    # Table 3 row 64, footnote 12: IndPr's axioms and composability "follow from equivalence".
    derived = {d.name: d for d in derived_properties(kb, "indistinguishable-privacy")}
    assert derived["composability"].agrees is True
    # P2 needs the same parameters both ways; the cited ∼ has no parameter maps.
    assert "post_processing" not in derived
    assert "convexity" not in derived


def test_p2_transfers_every_property_across_same_parameters() -> None:
    from dptaxonomy.reasoning.logic.derived import derived_properties
    from dptaxonomy.schema.models import Citation, Claim, Truth

    catalog = _catalog([("a", E, "b", {"epsilon": "epsilon"}, [])])
    loaded = catalog.entries["a"]
    claim = Claim(value=Truth.yes, citation=Citation(key="Syn00", at="x"))
    props = loaded.definition.properties.model_copy(update={"post_processing": claim})
    catalog.entries["a"] = LoadedDefinition(
        loaded.definition.model_copy(update={"properties": props}), loaded.file, Located()
    )
    kb = compile_knowledge_base(catalog)
    (derived,) = derived_properties(kb, "b")
    assert (derived.name, derived.value, derived.rule.value) == ("post_processing", Truth.yes, "P2")
    other = _catalog([("a", E, "b", {"epsilon": "2 * epsilon"}, [])])
    first = other.entries["a"].definition
    other.entries["a"] = LoadedDefinition(
        first.model_copy(update={"properties": props}), loaded.file, Located()
    )
    assert derived_properties(compile_knowledge_base(other), "b") == []


def test_no_property_derived_through_a_conditional_equivalence(catalog: Catalog) -> None:
    from dptaxonomy.reasoning.logic.derived import derived_properties

    kb = compile_knowledge_base(catalog)
    # KS14 Thm 2.4 relates (ε, δ)-semantic privacy and (ε, δ)-DP only under conditions
    # (δ < ε²/n; its converse for ε ≤ 0.45 is disputed since issue 22, so no longer used).
    assert not kb.is_stronger("epsilon-delta-semantic-privacy", "approximate-dp")
    assert derived_properties(kb, "epsilon-delta-semantic-privacy") == []


def test_explain_reports_conditional_conclusions(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "explain", "PPKDP", "APKDP", "--format", "json").out)
    assert data["verdict"] == "weaker"
    assert [c["verdict"] for c in data["conditional"]] == ["equivalent"]
    assert data["conditional"][0]["proofs"][0]["conditional"] is True
    assert data["conditional"][0]["proofs"][0]["conditions"] == ["delta == 0"]
    text = run(capsys, "explain", "PPKDP", "APKDP").out
    assert "Only under conditions: equivalent if delta == 0" in text

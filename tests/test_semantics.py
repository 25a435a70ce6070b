"""Precise semantics (issue 12): condition kinds, conditional conclusions, composed conditions."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.conditions import ConditionKind, classify_condition
from dptaxonomy.reasoning.reasoner import Extension, Reasoner, Verdict
from dptaxonomy.schema.models import Parameter, ParameterType, RelationKind
from tests.clirunner import run

S, W, E, X = (
    RelationKind.stronger,
    RelationKind.weaker,
    RelationKind.equivalent,
    RelationKind.extends,
)


def _with_parameters(catalog: Catalog, conditions: dict[int, list[str]]) -> Catalog:
    """Give every definition ε ∈ [0, inf) and δ ∈ [0, 1]; put conditions on relations by number."""
    parameters = [
        Parameter(
            name="epsilon",
            symbol="\\varepsilon",
            meaning="m",
            type=ParameterType.real,
            domain="[0, inf)",
        ),
        Parameter(
            name="delta", symbol="\\delta", meaning="m", type=ParameterType.real, domain="[0, 1]"
        ),
    ]
    entries = {}
    for definition_id, loaded in catalog.entries.items():
        relations = [
            r.model_copy(update={"conditions": conditions.get(int(r.citation.at.split()[-1]), [])})
            for r in loaded.definition.relations
        ]
        definition = loaded.definition.model_copy(
            update={"parameters": parameters, "relations": relations}
        )
        entries[definition_id] = LoadedDefinition(definition, loaded.file, Located())
    return Catalog(directory=catalog.directory, entries=entries, references={})


def _kb(
    ids: list[str], relations: list[tuple[str, RelationKind, str]], conditions: dict[int, list[str]]
) -> KnowledgeBase:
    return compile_knowledge_base(_with_parameters(synthetic_catalog(ids, relations), conditions))


# K1–K3: the kinds of condition --------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "kind"),
    [
        ("epsilon > 0", ConditionKind.restricting),  # excludes ε = 0 from [0, inf)
        ("epsilon >= 0", ConditionKind.domain),
        ("delta <= 1", ConditionKind.domain),
        ("0 <= delta", ConditionKind.domain),
        ("delta == 0", ConditionKind.restricting),
        ("epsilon <= 0.225", ConditionKind.restricting),
        ("alpha > 1", ConditionKind.choice),  # not a parameter of the implying side
        ("epsilon < delta", ConditionKind.restricting),
    ],
)
def test_condition_kinds(condition: str, kind: ConditionKind) -> None:
    assert classify_condition(condition, {"epsilon": "[0, inf)", "delta": "[0, 1]"}) is kind


def test_open_domain_makes_strict_positivity_a_domain_condition() -> None:
    assert classify_condition("mu > 0", {"mu": "(0, inf)"}) is ConditionKind.domain
    assert classify_condition("mu != 0", {"mu": "(0, inf)"}) is ConditionKind.domain
    assert classify_condition("mu > 1", {"mu": "(0, inf)"}) is ConditionKind.restricting


# K4: conditional conclusions stay apart from the verdict ----------------------------


def test_restricting_equivalence_is_only_conditional() -> None:
    kb = _kb(["a", "b"], [("b", W, "a"), ("b", E, "a")], {1: ["delta == 0"]})
    r = Reasoner(kb).relationship("a", "b")
    assert r.verdict is Verdict.stronger
    assert [(c.verdict, c.conditions) for c in r.conditional] == [
        (Verdict.equivalent, ("delta == 0 (over b's parameters)",))
    ]


def test_domain_and_choice_conditions_do_not_block() -> None:
    kb = _kb(["a", "b"], [("a", S, "b")], {0: ["epsilon >= 0", "alpha > 1"]})
    r = Reasoner(kb).relationship("a", "b")
    assert r.verdict is Verdict.stronger
    assert r.conditional == ()
    assert not r.proofs[0].conditional


def test_conditions_of_a_chain_are_conjoined() -> None:
    kb = _kb(
        ["a", "b", "c"],
        [("a", S, "b"), ("b", S, "c")],
        {0: ["delta == 0"], 1: ["epsilon <= 1"]},
    )
    r = Reasoner(kb).relationship("a", "c")
    assert r.verdict is Verdict.unknown
    (c,) = r.conditional
    assert c.verdict is Verdict.stronger
    # no map on the first step: the second condition is over b's parameters
    assert c.conditions == ("delta == 0", "epsilon <= 1 (over b's parameters)")


def test_conditions_are_restated_through_maps() -> None:
    catalog = _with_parameters(
        synthetic_catalog(["a", "b", "c"], [("a", S, "b"), ("b", S, "c")]),
        {0: ["delta == 0"], 1: ["epsilon <= 1"]},
    )
    first = catalog.entries["a"].definition
    relation = first.relations[0].model_copy(update={"parameter_map": {"epsilon": "2 * epsilon"}})
    catalog.entries["a"] = LoadedDefinition(
        first.model_copy(update={"relations": [relation]}), "a.yaml", Located()
    )
    (c,) = Reasoner(compile_knowledge_base(catalog)).relationship("a", "c").conditional
    assert c.conditions == ("delta == 0", "2 * epsilon <= 1")


def test_conditional_extension() -> None:
    kb = _kb(["a", "b"], [("a", X, "b")], {0: ["delta == 0"]})
    r = Reasoner(kb).relationship("a", "b")
    assert r.extension is Extension.none
    assert [c.verdict for c in r.conditional] == [Extension.a_special_case_of_b]


def test_neighbours_list_conditional_ones_apart() -> None:
    kb = _kb(["a", "b", "c"], [("a", S, "b"), ("b", S, "c")], {1: ["delta == 0"]})
    reasoner = Reasoner(kb)
    assert [n.id for n in reasoner.weaker_than("a")] == ["b"]
    conditional = reasoner.conditionally_weaker_than("a")
    assert [(n.id, n.conditions) for n in conditional] == [
        ("c", ("delta == 0 (over b's parameters)",))
    ]
    assert [n.id for n in reasoner.conditionally_stronger_than("c")] == ["a", "b"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.sampled_from([S, W, E, X]), st.integers(0, 5)),
        max_size=14,
    ),
    st.sets(st.integers(0, 13)),
)
def test_no_unconditional_verdict_rests_on_a_conditional_fact(
    edges: list[tuple[int, RelationKind, int]], restricted: set[int]
) -> None:
    ids = [f"d{i}" for i in range(6)]
    relations = [(ids[a], kind, ids[b]) for a, kind, b in edges if a != b]
    kb = _kb(ids, relations, {i: ["delta == 0"] for i in restricted})
    plain = compile_knowledge_base(
        synthetic_catalog(ids, [r for i, r in enumerate(relations) if i not in restricted])
    )
    reasoner = Reasoner(kb)
    for a in ids:
        for b in ids:
            # the closure is exactly that of the unconditional facts
            assert kb.is_stronger(a, b) == plain.is_stronger(a, b)
            assert kb.is_extension(a, b) == plain.is_extension(a, b)
            r = reasoner.relationship(a, b)
            assert not any(p.conditional for p in r.proofs)
            for c in r.conditional:
                assert c.conditions == ("delta == 0",) or all(
                    "delta == 0" in x for x in c.conditions
                )
                assert all(p.conditional for p in c.proofs)


# The real catalog, through the CLI ---------------------------------------------------


def test_apkdp_ppkdp_is_stronger_and_conditionally_equivalent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "relate", "active-pk-dp", "passive-pk-dp", "--format", "json")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["verdict"] == "stronger"
    assert [(c["verdict"], c["conditions"]) for c in data["conditional"]] == [
        ("equivalent", ["delta == 0 (over passive-pk-dp's parameters)"])
    ]
    text = run(capsys, "relate", "active-pk-dp", "passive-pk-dp").out
    assert text.splitlines()[0] == "active-pk-dp vs passive-pk-dp: stronger; extension: none"
    assert "Only under conditions: equivalent if delta == 0" in text


def test_semantic_privacy_pairs_are_conditional(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        run(
            capsys, "relate", "epsilon-delta-semantic-privacy", "approximate-dp", "--format", "json"
        ).out
    )
    assert data["verdict"] != "equivalent"
    # KS14 Theorem 2.4 (2), the converse for ε ≤ 0.45, is disputed (refuted by `dptax verify`,
    # issue 22) and never used: only Theorem 2.4 (1) remains, under its conditions
    (conditional,) = data["conditional"]
    assert conditional["verdict"] == "weaker"
    assert "delta > 0 (over approximate-dp's parameters)" in conditional["conditions"]
    assert not any("0.45" in c for c in conditional["conditions"])


def test_stronger_than_lists_conditional_relations_separately(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "stronger-than", "active-pk-dp", "--format", "json")
    data = json.loads(result.out)
    ids = {d["id"] for d in data["definitions"]}
    conditional = {d["id"]: d["conditions"] for d in data["conditional"]}
    full_support = "Theta: Θ contains a distribution whose support is 𝒟 (every dataset)"
    assert conditional == {
        "information-privacy-dpcf12": [full_support],
        "passive-pk-dp": ["delta == 0"],
        "semantic-privacy": ["epsilon > 0", "epsilon <= 0.225"],
        "strong-dp-mf13": [f"{full_support} (over information-privacy-dpcf12's parameters)"],
    }
    assert "passive-pk-dp" not in ids
    text = run(capsys, "stronger-than", "active-pk-dp").out
    assert "Only under conditions (stronger than active-pk-dp" in text
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line}
    assert rows["passive-pk-dp"][:5] == ["passive-pk-dp", "delta", "==", "0", "conditional"]
    assert rows["semantic-privacy"][:9] == [
        "semantic-privacy",
        "epsilon",
        ">",
        "0",
        "and",
        "epsilon",
        "<=",
        "0.225",
        "conditional",
    ]


def test_domain_conditions_removed_from_zcdp_facts(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    assert kb.is_stronger("differential-privacy", "zero-concentrated-dp")
    assert kb.is_extension("differential-privacy", "zero-concentrated-dp")
    assert kb.is_stronger("mean-concentrated-dp", "zero-concentrated-dp")


def test_every_conditional_fact_in_the_catalog_names_its_restriction(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    for fact in kb.conditional_facts:
        assert fact.origin.restricting
        assert set(fact.origin.restricting) <= set(fact.origin.conditions) | {
            f"{p}: {v}" for p, v in fact.origin.restrictions
        }


# Catalog corrections (issue 12) ---------------------------------------------------------


def _fact(kb: KnowledgeBase, a: str, b: str, key: str) -> list[object]:
    return [
        f
        for f in (*kb.facts, *kb.conditional_facts)
        if (f.a, f.b) == (a, b) and f.origin.citation.key == key
    ]


def test_choices_of_the_general_side_keep_special_cases_unconditional(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    for special, general, key in (
        ("differential-privacy", "information-privacy-wxh17", "WXH17"),
        ("group-dp", "information-privacy-wxh17", "WXH17"),
        ("approximate-dp", "active-pk-dp", "DMKB19"),
    ):
        assert kb.is_extension(special, general)
        facts = [
            f
            for f in kb.facts
            if (f.a, f.b) == (special, general)
            and f.origin.restrictions
            and f.origin.citation.key == key
        ]
        assert facts, (special, general)
        assert all(not f.conditional for f in facts)
    assert _fact(kb, "differential-privacy", "k-divergence-dp", "DP20")


def test_restriction_of_the_implying_side_is_conditional(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    (fact,) = _fact(kb, "information-privacy-dpcf12", "strong-dp-mf13", "LPT+22")
    assert fact.conditional  # type: ignore[attr-defined]
    assert not kb.is_stronger("information-privacy-dpcf12", "strong-dp-mf13")


@pytest.mark.parametrize(
    ("a", "b", "conditions"),
    [
        ("truncated-concentrated-dp-bdrs18", "zero-concentrated-dp", ("xi == 0",)),
        ("pufferfish-privacy", "distribution-privacy", ("delta == 0",)),
    ],
)
def test_now_conditional_relations(
    a: str, b: str, conditions: tuple[str, ...], catalog: Catalog
) -> None:
    kb = compile_knowledge_base(catalog)
    restricted = [f for f in kb.conditional_facts if {f.a, f.b} == {a, b}]
    assert restricted
    assert all(set(f.origin.restricting) == set(conditions) for f in restricted)


def test_maps_no_longer_leave_theta_free(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    for a, b in (
        ("membership-privacy-lqs13", "positive-membership-privacy"),
        ("membership-privacy-lqs13", "negative-membership-privacy"),
        ("positive-membership-privacy", "adversarial-privacy"),
        ("noiseless-privacy-bbg11", "active-pk-dp"),
    ):
        mapped = [f for f in kb.facts if (f.a, f.b) == (a, b) and f.origin.parameter_map]
        assert mapped, (a, b)
        assert all(dict(f.origin.parameter_map).get("Theta") == "Theta" for f in mapped)
    # "information privacy [WXH17] is adversarial privacy" keeps Θ = Δ in its map; refuted
    # by `dptax verify` (issue 22), it is disputed and so never becomes a fact
    (info,) = [
        r
        for r in catalog.definitions["adversarial-privacy"].relations
        if r.target == "information-privacy-wxh17" and r.parameter_map
    ]
    assert info.parameter_map == {"Theta": "Delta", "epsilon": "epsilon", "delta": "0"}
    assert info.status.value == "disputed"
    pair = ("information-privacy-wxh17", "adversarial-privacy")
    assert not [f for f in kb.facts if (f.a, f.b) == pair and f.origin.parameter_map]


def test_proof_checker_checks_conditional_proofs(catalog: Catalog) -> None:
    from dptaxonomy.base import records
    from dptaxonomy.reasoning.logic.proofcheck import ProofError, check_proof
    from dptaxonomy.reasoning.logic.rules import Rule

    kb = compile_knowledge_base(catalog)
    reasoner = Reasoner(kb)
    checked = 0
    for fact in kb.conditional_facts:
        r = reasoner.relationship(fact.a, fact.b)
        for c in r.conditional:
            for proof in c.proofs:
                check_proof(catalog, proof)
                checked += 1
                forged = records.replace(
                    proof, rules=tuple(x for x in proof.rules if x is not Rule.CONDITIONAL)
                )
                with pytest.raises(ProofError, match="rests on a conditional fact"):
                    check_proof(catalog, forged)
        for chain in r.chains:
            check_proof(catalog, chain.proof)
    assert checked >= 5


def test_every_parametric_chain_proof_checks(catalog: Catalog) -> None:
    from dptaxonomy.reasoning.logic.proofcheck import check_proof
    from dptaxonomy.reasoning.maps.ranking import parametric_chains

    kb = compile_knowledge_base(catalog)
    pairs = {(f.a, f.b) for f in kb.facts if f.origin.parameter_map}
    sources = {a for a, _ in pairs}
    count = 0
    for a in sorted(sources):
        for b in kb.strength.descendants(a):
            for chain in parametric_chains(kb, a, b):
                check_proof(catalog, chain.proof)
                count += 1
    assert count > 50


def test_contradictory_pair_warns_in_text() -> None:
    from dptaxonomy.queries.relations import RelateResult

    kb = _kb(["a", "b"], [("a", S, "b"), ("a", RelationKind.not_stronger, "b")], {})
    r = Reasoner(kb).relationship("a", "b")
    assert r.contradictory
    text = RelateResult(r).to_text()
    assert "WARNING: contradictory" in text.splitlines()[1]
    assert RelateResult(r).to_json()["contradictory"] is True


def test_alternative_chains_show_their_conditions(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "relate", "ε-DP", "(ε, δ)-DP").out
    assert (
        "differential-privacy ≻ renyi-dp ≻ approximate-dp: "
        "epsilon = alpha * epsilon ** 2 / 2 + log(1 / delta) / (alpha - 1); if delta > 0"
    ) in text


def test_stronger_than_text_marks_conjectural_and_conditional() -> None:
    from dptaxonomy.queries.neighbours import NeighboursResult, Side
    from dptaxonomy.schema.models import Status

    catalog = _with_parameters(
        synthetic_catalog(
            ["a", "b", "c"],
            [("a", S, "c", Status.conjectured), ("b", S, "c")],
        ),
        {1: ["delta == 0"]},
    )
    reasoner = Reasoner(compile_knowledge_base(catalog, assume_conjectures=True))
    result = NeighboursResult(
        "c",
        Side.stronger,
        tuple(reasoner.stronger_than("c")),
        tuple(reasoner.conditionally_stronger_than("c")),
    )
    lines = result.to_text().splitlines()
    assert lines[1].split()[:3] == ["a", "asserted", "conjectural"]
    assert lines[-1].split()[:5] == ["b", "delta", "==", "0", "conditional"]
    data = result.to_json()
    assert data["definitions"][0]["proof"]["conjectural"] is True
    assert data["conditional"][0]["conditions"] == ["delta == 0"]

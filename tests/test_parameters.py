"""Composing parameter maps along proofs (parameterised relations)."""

from __future__ import annotations

import json

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.proofcheck import check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.maps.parameters import composed_map
from dptaxonomy.reasoning.maps.paths import chains_between
from dptaxonomy.reasoning.maps.ranking import chain_proof
from dptaxonomy.schema.models import Citation, Relation, RelationKind
from tests.clirunner import run


def test_composition_along_a_synthetic_chain() -> None:
    catalog = synthetic_catalog(["a", "b", "c"], [])
    # a ≻ b with b.x = 2 * y; b ≻ c with c.z = x + 1 (parameters need not be declared here).
    relations = {
        "a": [
            Relation(
                kind=RelationKind.stronger,
                target="b",
                parameter_map={"x": "2 * y"},
                citation=Citation(key="Syn00", at="one"),
            )
        ],
        "b": [
            Relation(
                kind=RelationKind.stronger,
                target="c",
                parameter_map={"z": "x + 1"},
                citation=Citation(key="Syn00", at="two"),
            )
        ],
    }
    entries = {
        i: type(e)(
            e.definition.model_copy(update={"relations": relations.get(i, [])}), e.file, e.located
        )
        for i, e in catalog.entries.items()
    }
    catalog = Catalog(catalog.directory, entries, catalog.references)
    search = ProofSearch(compile_knowledge_base(catalog))
    proof = search.parametric("a", "c")
    assert proof is not None
    check_proof(catalog, proof)
    assert composed_map(proof) == {"z": "2 * y + 1"}


def test_equivalence_maps_apply_in_their_stated_direction_only() -> None:
    catalog = synthetic_catalog(["a", "b"], [])
    relation = Relation(
        kind=RelationKind.equivalent,
        target="b",
        parameter_map={"x": "2 * y"},
        citation=Citation(key="Syn00", at="eq"),
    )
    entry = catalog.entries["a"]
    entries = {
        **catalog.entries,
        "a": type(entry)(
            entry.definition.model_copy(update={"relations": [relation]}), entry.file, entry.located
        ),
    }
    catalog = Catalog(catalog.directory, entries, catalog.references)
    search = ProofSearch(compile_knowledge_base(catalog))
    forward, backward = search.stronger("a", "b"), search.stronger("b", "a")
    assert forward is not None
    assert backward is not None
    assert composed_map(forward) == {"x": "2 * y"}
    assert composed_map(backward) is None


def test_dp_to_approximate_dp_through_renyi_dp(catalog: Catalog) -> None:
    # LPT+22 Table 4: ε-DP ⇒ (α, αε²/2)-RDP and (α, ε)-RDP ⇒ (ε + log(1/δ)/(α−1), δ)-DP.
    # Since issue 24 the simplest proof goes through μ-GDP (its edge comes first); the
    # target's own ε is then a variable of its own, epsilon_2, never the source's ε.
    kb = compile_knowledge_base(catalog)
    simplest = ProofSearch(kb).parametric("differential-privacy", "approximate-dp")
    assert simplest is not None
    check_proof(catalog, simplest)
    assert [step.b for step in simplest.steps] == ["gaussian-dp", "approximate-dp"]
    assert "epsilon_2" in composed_map(simplest)["delta"]  # type: ignore[index]
    chains = [
        c
        for c in chains_between(kb, "differential-privacy", "approximate-dp", conditional=False)
        if c.definitions == ("differential-privacy", "renyi-dp", "approximate-dp")
    ]
    proofs = [chain_proof(c.steps) for c in chains]
    for proof in proofs:
        check_proof(catalog, proof)
    assert {"epsilon": "alpha * epsilon ** 2 / 2 + log(1 / delta) / (alpha - 1)"} in [
        composed_map(proof) for proof in proofs
    ]


def test_relate_shows_the_parametric_chain(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 12: the tightest chain (the special case ε-DP = (ε, 0)-DP) comes first; the
    # Rényi DP chain is listed among the alternatives with its composed map.
    data = json.loads(run(capsys, "relate", "ε-DP", "(ε, δ)-DP", "--format", "json").out)
    assert data["parametric_chains"][0]["parameter_map"] == {"epsilon": "epsilon", "delta": "0"}
    maps = [c["parameter_map"] for c in data["parametric_chains"]]
    assert {"epsilon": "alpha * epsilon ** 2 / 2 + log(1 / delta) / (alpha - 1)"} in maps
    text = run(capsys, "relate", "ε-DP", "(ε, δ)-DP").out
    assert (
        "differential-privacy ≻ renyi-dp ≻ approximate-dp: "
        "epsilon = alpha * epsilon ** 2 / 2 + log(1 / delta) / (alpha - 1)" in text
    )

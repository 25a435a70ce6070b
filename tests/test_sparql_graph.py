"""The queryable graph holds every derived relation (issue 10, item 6).

Before: the SPARQL graph held 92 of the 209 derived ⊂ pairs of the real
catalog, and `dp:equivalent` (and the inverse readings `dp:weaker`, …)
returned nothing.
"""

from __future__ import annotations

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.sparql import Bounds, run_on_dataset
from dptaxonomy.export.sparqlgraph import graph_nquads
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.proofs import ProofSearch

BOUNDS = Bounds(timeout=120, limit=100_000)


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


@pytest.fixture(scope="module")
def dataset(catalog: Catalog, kb: KnowledgeBase) -> bytes:
    return graph_nquads(catalog, kb)


def pairs(dataset: bytes, predicate: str) -> set[tuple[str, str]]:
    query = f"SELECT ?a ?b WHERE {{ ?a {predicate} ?b FILTER(?a != ?b) }}"
    rows = run_on_dataset(dataset, query, BOUNDS).rows
    return {(str(a).removeprefix("def:"), str(b).removeprefix("def:")) for a, b in rows}


def test_every_relation_and_its_inverse_is_queryable(kb: KnowledgeBase, dataset: bytes) -> None:
    ids = list(kb.info)
    stronger = {(a, b) for a in ids for b in kb.strength.descendants(a) if a != b}
    extends = {(a, b) for a in ids for b in kb.extension.descendants(a) if a != b}
    equivalent = {(a, b) for (a, b) in stronger if kb.strength.same_class(a, b)}
    separated = {(a, b) for a in ids for b in kb.not_stronger_targets(a) if a != b}
    assert len(extends) == kb.extension.pair_count()
    assert equivalent
    for predicate, expected in (
        ("dp:stronger", stronger),
        ("dp:extends", extends),
        ("dp:equivalent", equivalent),
        ("dp:notStronger", separated),
    ):
        assert pairs(dataset, predicate) == expected, predicate
    for predicate, expected in (
        ("dp:weaker", stronger),
        ("dp:extendedBy", extends),
        ("dp:notWeaker", separated),
    ):
        assert pairs(dataset, predicate) == {(b, a) for a, b in expected}, predicate


def test_derived_extensions_carry_their_proof(kb: KnowledgeBase, dataset: bytes) -> None:
    asserted = {(f.a, f.b) for f in kb.extends_facts}
    a, b = next(
        (a, b)
        for a in sorted(kb.info)
        for b in kb.extension.descendants(a)
        if a != b and (a, b) not in asserted
    )
    query = (
        "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> "
        "SELECT ?rule WHERE { ?s a dp:InferredStatement ; rdf:subject ?a ; "
        f"rdf:predicate dp:extends ; rdf:object ?b ; dp:rule ?rule FILTER(?a = def:{a} && "
        f"?b = def:{b}) }}"
    )
    rules = {row[0] for row in run_on_dataset(dataset, query, BOUNDS).rows}
    proof = ProofSearch(kb).extends(a, b)
    assert proof is not None
    assert rules == {rule.value for rule in proof.rules}

"""Property-based tests of the reasoner on random catalogs, checked against networkx."""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.proofcheck import check_proof
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.models import RelationKind, Status

Item = tuple[str, RelationKind, str, Status]
IDS = [f"d{i}" for i in range(9)]

relations = st.lists(
    st.tuples(
        st.sampled_from(IDS),
        st.sampled_from(list(RelationKind)),
        st.sampled_from(IDS),
        st.sampled_from([Status.established] * 6 + [Status.conjectured, Status.disputed]),
    ).filter(lambda t: t[0] != t[2]),
    max_size=22,
)


def _edges(
    items: list[Item], *, conjectures: bool = False
) -> tuple[nx.DiGraph, nx.DiGraph, set[tuple[str, str]]]:
    """Independent reading of the relations: ≻ graph, ⊂ graph, asserted separations."""
    stronger: nx.DiGraph = nx.DiGraph()
    extends: nx.DiGraph = nx.DiGraph()
    stronger.add_nodes_from(IDS)
    extends.add_nodes_from(IDS)
    separations = set()
    for s, kind, t, status in items:
        if status is Status.disputed or (status is Status.conjectured and not conjectures):
            continue
        if kind is RelationKind.stronger:
            stronger.add_edge(s, t)
        elif kind is RelationKind.weaker:
            stronger.add_edge(t, s)
        elif kind is RelationKind.equivalent:
            stronger.add_edges_from([(s, t), (t, s)])
        elif kind is RelationKind.extends:
            extends.add_edge(s, t)
        elif kind is RelationKind.extended_by:
            extends.add_edge(t, s)
        elif kind is RelationKind.not_stronger:
            separations.add((s, t))
        else:
            separations.add((t, s))
    return stronger, extends, separations


def _closure(graph: nx.DiGraph) -> set[tuple[str, str]]:
    closed = nx.transitive_closure(graph, reflexive=True)
    return set(closed.edges())


def _derived(
    kb: KnowledgeBase,
) -> tuple[set[tuple[str, str]], set[tuple[str, str]], set[tuple[str, str]]]:
    pairs = [(a, b) for a in IDS for b in IDS]
    return (
        {p for p in pairs if kb.is_stronger(*p)},
        {p for p in pairs if kb.is_extension(*p)},
        {p for p in pairs if kb.is_not_stronger(*p)},
    )


@settings(max_examples=150, deadline=None)
@given(relations, st.booleans())
def test_closure_and_separations_match_networkx(items: list[Item], conjectures: bool) -> None:
    kb = compile_knowledge_base(synthetic_catalog(IDS, items), assume_conjectures=conjectures)
    stronger, extends, separations = _edges(items, conjectures=conjectures)
    closed = _closure(stronger)
    derived_stronger, derived_extends, derived_separations = _derived(kb)
    assert derived_stronger == closed
    assert derived_extends == _closure(extends)
    expected = {
        (a, b)
        for x, y in separations
        for a in IDS
        for b in IDS
        if (x, a) in closed and (b, y) in closed
    }
    assert derived_separations == expected


@settings(max_examples=100, deadline=None)
@given(relations, st.randoms(use_true_random=False))
def test_inference_is_idempotent_and_order_independent(
    items: list[Item], rng: random.Random
) -> None:
    kb = compile_knowledge_base(synthetic_catalog(IDS, items))
    derived = _derived(kb)
    stronger = [(a, RelationKind.stronger, b, Status.established) for a, b in derived[0] if a != b]
    again = compile_knowledge_base(synthetic_catalog(IDS, [*items, *stronger]))
    assert _derived(again) == derived
    shuffled_ids, shuffled_items = list(IDS), list(items)
    rng.shuffle(shuffled_ids)
    rng.shuffle(shuffled_items)
    assert (
        _derived(compile_knowledge_base(synthetic_catalog(shuffled_ids, shuffled_items))) == derived
    )


@settings(max_examples=100, deadline=None)
@given(relations)
def test_every_proof_checks_and_is_shortest(items: list[Item]) -> None:
    catalog = synthetic_catalog(IDS, items)
    kb = compile_knowledge_base(catalog)
    search = ProofSearch(kb)
    stronger, extends, _ = _edges(items)
    for a in IDS:
        for b in IDS:
            for prove, graph, holds in (
                (search.stronger, stronger, kb.is_stronger(a, b)),
                (search.extends, extends, kb.is_extension(a, b)),
            ):
                proof = prove(a, b)
                assert (proof is not None) == holds
                if proof is not None:
                    check_proof(catalog, proof)
                    assert len(proof.steps) == nx.shortest_path_length(graph, a, b)
            separation = search.not_stronger(a, b)
            assert (separation is not None) == kb.is_not_stronger(a, b)
            if separation is not None:
                check_proof(catalog, separation)


@settings(max_examples=60, deadline=None)
@given(relations)
def test_relate_is_consistent_with_the_closure(items: list[Item]) -> None:
    catalog = synthetic_catalog(IDS, items)
    kb = compile_knowledge_base(catalog)
    reasoner = Reasoner(kb)
    for a in IDS[:5]:
        for b in IDS[:5]:
            answer, mirror = reasoner.relationship(a, b), reasoner.relationship(b, a)
            swapped = {
                "stronger": "weaker",
                "weaker": "stronger",
                "not_stronger": "not_weaker",
                "not_weaker": "not_stronger",
            }
            assert mirror.verdict == swapped.get(answer.verdict, answer.verdict)
            if answer.verdict == "stronger":
                assert kb.is_stronger(a, b)
                assert not kb.is_stronger(b, a)
            for proof in answer.proofs:
                check_proof(catalog, proof)

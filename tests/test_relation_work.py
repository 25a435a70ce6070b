"""The work relate, explain, stronger-than and weaker-than do after loading, done cheaply.

One search serving many proofs finds the very proofs a search per pair finds:
``stronger-than``, ``weaker-than`` and their conditional sides prove many pairs that
share one end; they search once (or prune each search) instead of once per pair. Ties
between equally cheap chains abound in these catalogs, so a different tie-break fails here.
Explain and plain number literals need no module that only relate or long literals use.
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.queries.relations import explain_result, relate_result
from dptaxonomy.queries.textview import proof_text
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.cheapest import cheapest_chain, cheapest_tree, tree_chain
from dptaxonomy.reasoning.logic.conditional import ConditionalSearch
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.arith import Number, parse_condition
from dptaxonomy.schema.models import RelationKind, Status
from tests.conftest import CATALOG_DIR

IDS = [f"d{i}" for i in range(8)]
Item = tuple[str, RelationKind, str, Status]
relations = st.lists(
    st.tuples(
        st.sampled_from(IDS),
        st.sampled_from([RelationKind.stronger, RelationKind.weaker, RelationKind.equivalent]),
        st.sampled_from(IDS),
        st.sampled_from([Status.established] * 4 + [Status.conjectured]),
    ).filter(lambda t: t[0] != t[2]),
    max_size=24,
)


def _cost(fact: Fact) -> int:
    return 1000 if fact.conjectured else 1


@settings(max_examples=120, deadline=None)
@given(relations)
def test_a_tree_holds_every_chain_the_pairwise_search_finds(items: list[Item]) -> None:
    kb = compile_knowledge_base(synthetic_catalog(IDS, items), assume_conjectures=True)
    search = ProofSearch(kb)
    forward = search._forward[FactKind.stronger]
    for a in IDS:
        tree = cheapest_tree(forward, a, _cost)
        for b in IDS:
            pairwise = cheapest_chain(forward, a, b, _cost)
            assert (tuple(tree_chain(tree, b)) if b in tree else None) == pairwise
            assert search.stronger(a, b, alone=True) == search.stronger(a, b)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    from dptaxonomy.cache.store import knowledge_base

    return knowledge_base(CATALOG_DIR)


def test_conditional_sides_are_the_pairwise_proofs(kb: KnowledgeBase) -> None:
    search = ConditionalSearch(kb)
    ends = sorted({f.a for f in kb.conditional_facts} | {f.b for f in kb.conditional_facts})
    assert len(ends) >= 10
    others = sorted(kb.info)
    for x in ends:
        below = {o: search.proof(FactKind.stronger, x, o) for o in others}
        above = {o: search.proof(FactKind.stronger, o, x) for o in others}
        assert search.proofs_below(x, others) == {o: p for o, p in below.items() if p}
        assert search.proofs_above(x, others) == {o: p for o, p in above.items() if p}
    assert any(search.proofs_above(x, others) for x in ends)
    assert any(search.proofs_below(x, others) for x in ends)


def test_the_conditional_index_built_on_the_proof_index_is_the_same(kb: KnowledgeBase) -> None:
    assert not any(fact.conditional for fact in kb.facts)  # their costs agree in both searches
    alone = ConditionalSearch(kb)._forward
    shared = ConditionalSearch(kb, ProofSearch(kb).forward_index)._forward
    assert {kind: dict(by_node) for kind, by_node in shared.items() if by_node} == {
        kind: dict(by_node) for kind, by_node in alone.items() if by_node
    }
    assert any(fact.conditional for facts in shared[FactKind.stronger].values() for fact in facts)


def test_explain_needs_no_parameter_maps(
    kb: KnowledgeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    reasoner = Reasoner(kb)
    related = relate_result(reasoner, "zCoDP", "RényiDP").relationship
    for module in ("ranking", "parameters", "composition", "paths"):
        monkeypatch.setitem(sys.modules, f"dptaxonomy.reasoning.maps.{module}", None)
    explained = explain_result(reasoner, "zCoDP", "RényiDP").relationship
    assert (explained.verdict, explained.proofs) == (related.verdict, related.proofs)
    assert related.chains
    assert related.parametric is not None
    assert (explained.chains, explained.parametric, explained.equivalence) == ((), None, None)
    assert all(len(proof.steps) == 1 for proof in explained.proofs)
    assert [proof_text(proof) for proof in explained.proofs]


def test_a_literal_written_as_its_shortest_repr_needs_no_decimal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # parse_condition is not memoised: every call here parses its literal again
    assert parse_condition("x <= 1e-5").right == Number(1e-5)  # Decimal: 1e-05 is exact
    long = "0.1000000000000000000001"
    assert parse_condition(f"x <= {long}").right == Number(0.1, long)
    monkeypatch.setitem(sys.modules, "decimal", None)
    assert parse_condition("x <= 0.225").right == Number(0.225)
    with pytest.raises(ImportError):
        parse_condition("x <= 0.50")  # not as Python writes it: Decimal must decide

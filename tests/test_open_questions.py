"""`open-questions` scores, checked against their definition computed pair by pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.models import RelationKind

IDS = [f"d{i}" for i in range(8)]

relations = st.lists(
    st.tuples(
        st.sampled_from(IDS),
        st.sampled_from(
            [
                RelationKind.stronger,
                RelationKind.equivalent,
                RelationKind.not_stronger,
                RelationKind.weaker,
            ]
        ),
        st.sampled_from(IDS),
    ).filter(lambda t: t[0] != t[2]),
    max_size=16,
)


def _open(kb: KnowledgeBase, a: str, b: str) -> bool:
    return a != b and not kb.is_stronger(a, b) and not kb.is_not_stronger(a, b)


def _decides(kb: KnowledgeBase, a: str, b: str) -> int:
    """Open "X ≻ Y" settled by an answer to "a ≻ b" (yes: X ≽ a, b ≽ Y; no: a ≽ X, Y ≽ b)."""
    settled_yes = sum(
        _open(kb, x, y) for x in IDS for y in IDS if kb.is_stronger(x, a) and kb.is_stronger(b, y)
    )
    settled_no = sum(
        _open(kb, x, y) for x in IDS for y in IDS if kb.is_stronger(a, x) and kb.is_stronger(y, b)
    )
    return settled_yes + settled_no - 1


@settings(max_examples=120, deadline=None)
@given(relations, st.integers(min_value=1, max_value=6))
def test_scores_and_order_match_the_definition(
    items: list[tuple[str, RelationKind, str]], limit: int
) -> None:
    kb = compile_knowledge_base(synthetic_catalog(IDS, items))
    questions = Reasoner(kb).open_questions()
    for question in questions:
        assert _open(kb, question.a, question.b)
        assert question.decides == _decides(kb, question.a, question.b)
    assert [(-q.decides, q.a, q.b) for q in questions] == sorted(
        (-q.decides, q.a, q.b) for q in questions
    )
    assert Reasoner(kb).open_questions(limit=limit) == questions[:limit]

"""Undecided operation questions: "does X compose?", "what does X promise for a group?", …

A definition with numeric parameters and no rule for an operation (``operations`` in its
entry, docs/operations.md) leaves the question open, unless its entry claims composability
fails (`no`) for the composition question. Equivalent definitions share their answer up to
their parameter maps, so a question is asked once per equivalence class and concerns every
member; questions are ranked by how many definitions they concern, then by how many classes
of definitions the class is related to by ≻ either way (an answer there informs more
comparisons), then by name.
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import OperationKind, Scope, Truth

__all__ = ["QUESTIONS", "OperationQuestion", "operation_questions"]

QUESTIONS: dict[OperationKind, str] = {
    OperationKind.composition: "does {} compose, and with which map?",
    OperationKind.group_privacy: "what does {} promise for a group of k records?",
    OperationKind.amplification: "is {} amplified by subsampling or shuffling?",
    OperationKind.neighbourhood_change: "how do {}'s parameters change from add/remove to "
    "replace-one neighbours?",
}
"""Each operation's question, about a definition."""


@record
class OperationQuestion:
    """An undecided operation question and the definitions it concerns."""

    operation: str
    question: str
    concerns: tuple[str, ...]
    related: int
    """How many classes of definitions the class is related to by ≻, either way (the
    tie-break)."""


def _numeric(kb: KnowledgeBase, definition: str) -> bool:
    return any(
        kind in ("real", "integer") for _, kind, *_ in kb.info[definition].conversion_parameters
    )


def _settled(kb: KnowledgeBase, members: tuple[str, ...], operation: OperationKind) -> bool:
    infos = [kb.info[m] for m in members]
    if any(operation.value in info.operations for info in infos):
        return True
    return operation is OperationKind.composition and any(
        info.composability is Truth.no for info in infos
    )


def operation_questions(kb: KnowledgeBase, scope: Scope | None = None) -> list[OperationQuestion]:
    """Every open operation question among definitions of ``scope``, most concerning first."""
    strength = kb.strength
    found = []
    for index, members in enumerate(strength.members):
        kept = tuple(m for m in members if scope is None or kb.info[m].scope is scope)
        if not kept or not any(_numeric(kb, m) for m in kept):
            continue
        related = (strength.reach[index] | strength.coreach[index]).bit_count() - 1
        for operation, text in QUESTIONS.items():
            if not _settled(kb, members, operation):
                found.append(
                    OperationQuestion(operation.value, text.format(kept[0]), kept, related)
                )
    found.sort(key=lambda q: (-len(q.concerns), -q.related, q.concerns[0], q.operation))
    return found

"""Undecided operation questions: "does X compose?", "what does X promise for a group?", …

A definition with numeric parameters and no rule for an operation (``operations`` in its
entry, docs/operations.md) leaves the question open, unless its entry claims composability
fails (`no`) for the composition question, or marks the operation ``open: not_applicable``.
Equivalent definitions share their answer up to their parameter maps, so a question is asked
once per equivalence class and concerns every member; it carries the reasons the members'
``open`` marks give (a source we could not read, no source known). Questions are ranked by
how many definitions they concern, then by how many classes of definitions the class is
related to by ≻ either way (an answer there informs more comparisons), then by name.
"""

from __future__ import annotations

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.info import DefinitionInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import OpenReason, OperationKind, Scope, Truth

__all__ = ["QUESTIONS", "OperationQuestion", "open_reason_text", "operation_questions"]

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
    reasons: tuple[str, ...] = ()
    """Why the members give no rule, from their ``open`` marks (empty: none says why)."""


def open_reason_text(reason: str, key: str) -> str:
    """An ``open`` mark's reason as words: ``stated in BDRS18, which we could not read``.

    >>> open_reason_text("no_source_known", "")
    'no source known to us'
    """
    if reason == OpenReason.source_not_read:
        return f"stated in {key}, which we could not read"
    if reason == OpenReason.no_source_known:
        return "no source known to us"
    return "not applicable"


_NOT_APPLICABLE, _COMPOSITION, _NO = OpenReason.not_applicable, OperationKind.composition, Truth.no
"""Read once: a member read from its enum class costs some hundred nanoseconds (CPython 3.11)."""


def _numeric(kb: KnowledgeBase, definition: str) -> bool:
    return any(
        kind in ("real", "integer") for _, kind, *_ in kb.info[definition].conversion_parameters
    )


def _settled(infos: list[DefinitionInfo], operation: OperationKind, name: str) -> bool:
    """Whether the class of ``infos`` answers the question on ``operation`` (value ``name``)."""
    if any(name in info.operations for info in infos):
        return True
    if any(
        kind == name and reason == _NOT_APPLICABLE
        for info in infos
        for kind, reason, _ in info.operation_marks
    ):
        return True
    return operation is _COMPOSITION and any(info.composability is _NO for info in infos)


def _reasons(kb: KnowledgeBase, members: tuple[str, ...], operation: OperationKind) -> list[str]:
    texts = (
        open_reason_text(reason, key)
        for m in members
        for kind, reason, key in kb.info[m].operation_marks
        if kind == operation.value
    )
    return list(dict.fromkeys(texts))


def operation_questions(
    kb: KnowledgeBase, scope: Scope | None = None, limit: int | None = None
) -> list[OperationQuestion]:
    """Every open operation question among definitions of ``scope``, most concerning first
    (the first ``limit`` of them: only those are written out)."""
    strength = kb.strength
    asked = [(operation, operation.value, text) for operation, text in QUESTIONS.items()]
    open_ones = []
    for index, members in enumerate(strength.members):
        kept = tuple(m for m in members if scope is None or kb.info[m].scope is scope)
        if not kept or not any(_numeric(kb, m) for m in kept):
            continue
        related = (strength.reach[index] | strength.coreach[index]).bit_count() - 1
        infos = [kb.info[m] for m in members]
        for operation, name, text in asked:
            if not _settled(infos, operation, name):
                open_ones.append(
                    (-len(kept), -related, kept[0], name, operation, text, kept, members)
                )
    open_ones.sort(key=lambda q: q[:4])  # stable: ties keep the order they were found in
    return [
        OperationQuestion(
            name,
            text.format(first),
            kept,
            -minus_related,
            tuple(_reasons(kb, members, operation)),
        )
        for _, minus_related, first, name, operation, text, kept, members in open_ones[:limit]
    ]

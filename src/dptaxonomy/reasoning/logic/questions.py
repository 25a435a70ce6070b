"""Ranking open questions "A ≻ B?" by how many others settling them decides, without scoring all.

Settling "A ≻ B" as true decides every open "X ≻ Y" with X above A and Y
below B; settling it as false decides every open "X ≻ Y" with X below A and
Y above B (rule N1). The score counts both, at the level of equivalence
classes, weighted by class sizes (:mod:`dptaxonomy.reasoning.logic.counting`).

There are up to n² open pairs, so asking for the best ``limit`` keeps only
that many (a bounded heap) and skips pairs that cannot enter it: a pair's
score's first part counts open questions asked above A about classes below
B, so it is at most all those asked above A, and at most all those asked
about classes below B; its second part likewise. Rows are visited by
decreasing ``bound_a`` (all questions asked above or below A), so the search
stops at the first row that cannot reach the worst kept score, and within a
row a column whose bound cannot is skipped before it is scored. Every pair that
could tie with it is still scored, so the answer is exactly the full ranking's
first ``limit``.

``among`` restricts the questions listed (not those counted as decided) to
pairs of classes that both hold one of the given definitions: the ranking of
the practitioner's core asks it first (:meth:`Reasoner.open_questions`).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection

from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.closure import bits
from dptaxonomy.reasoning.logic.counting import ClassWeight, DigitCounter
from dptaxonomy.schema.enums import Scope

__all__ = ["Scored", "count_open_questions", "rank_open_questions"]

Scored = tuple[int, str, str, int, int]
"""(1 − decided, a, b, a's class, b's class): ascending order is most decisive first."""


def _open_rows(kb: KnowledgeBase, scope: Scope | None) -> list[int]:
    """For each class in scope, the bitset of classes B with "A ≻ B?" open and in scope."""
    strength, info = kb.strength, kb.info
    wanted = 0
    for index, class_members in enumerate(strength.members):
        if any(scope is None or info[m].scope is scope for m in class_members):
            wanted |= 1 << index
    rows = []
    for index in range(len(strength.members)):
        decided = strength.reach[index] | kb.not_stronger_row(index)
        rows.append(wanted & ~decided if wanted >> index & 1 else 0)
    return rows


def count_open_questions(kb: KnowledgeBase, scope: Scope | None = None) -> int:
    """How many open questions there are (pairs of classes), without ranking them."""
    return sum(row.bit_count() for row in _open_rows(kb, scope))


def _holding(kb: KnowledgeBase, among: Collection[str]) -> int:
    """Bitset of the classes with a member in ``among``."""
    component = kb.strength.component
    mask = 0
    for definition in among:
        if definition in component:
            mask |= 1 << component[definition]
    return mask


def rank_open_questions(
    kb: KnowledgeBase,
    scope: Scope | None = None,
    limit: int | None = None,
    among: Collection[str] | None = None,
) -> list[Scored]:
    """The ``limit`` most decisive open questions (all with None), most decisive first;
    with ``among``, only those about two classes holding one of its definitions each."""
    strength = kb.strength
    members = strength.members
    sizes = [len(m) for m in members]
    weight = ClassWeight(sizes)
    open_rows = _open_rows(kb, scope)
    listed = open_rows
    wanted = frozenset(among or ())

    def shown(index: int) -> str:  # a class's representative: a member of ``among`` if any
        return next((m for m in members[index] if m in wanted), members[index][0])

    if among is not None:
        mask = _holding(kb, among)
        listed = [row & mask if mask >> i & 1 else 0 for i, row in enumerate(open_rows)]
    row_mask = (1 << len(open_rows)) - 1
    everywhere = DigitCounter(weight)
    holding = [0] * len(open_rows)  # per class: the weighted open questions it asks
    for index, row in enumerate(open_rows):
        if row:
            everywhere.add(row, sizes[index])
            holding[index] = sizes[index] * weight(row)
    bound_a = {
        index: sum(holding[i] for i in bits(strength.coreach[index]))
        + sum(holding[i] for i in bits(strength.reach[index]))
        for index, row in enumerate(listed)
        if row
    }
    below_b = [everywhere.total(strength.reach[b]) for b in range(len(open_rows))]
    above_b = [everywhere.total(strength.coreach[b]) for b in range(len(open_rows))]
    found: list[Scored] = []
    floor: int | None = None  # the limit-th best score so far: pairs below it cannot enter
    for index in sorted(bound_a, key=lambda i: -bound_a[i]):
        if floor is not None and bound_a[index] < floor:
            break
        row = listed[index]
        above, below = DigitCounter(weight), DigitCounter(weight)
        for i in bits(strength.coreach[index]):
            above.add(open_rows[i], sizes[i])
        for i in bits(strength.reach[index]):
            below.add(open_rows[i], sizes[i])
        a = shown(index)
        above_a, below_a = above.total(row_mask), below.total(row_mask)
        for other in bits(row):
            bound = min(above_a, below_b[other]) + min(below_a, above_b[other])
            if floor is not None and bound < floor:
                continue
            settled = above.total(strength.reach[other]) + below.total(strength.coreach[other])
            if floor is None or settled >= floor:
                found.append((1 - settled, a, shown(other), index, other))
            if limit is not None and len(found) >= 2 * limit + 64:
                found = heapq.nsmallest(limit, found)
                floor = 1 - found[-1][0]
    found.sort()
    return found if limit is None else found[:limit]

"""How much of the question "A ≻ B?" is settled: decided, open and refuted pairs.

Like the Equational Theories Project's dashboard, over the ordered pairs of
distinct definitions: a pair is *decided* when the reasoner derives ``A ≻ B``
or ``¬(A ≻ B)`` (with its proof or witness), *open* otherwise. A pair is
*refuted* when a source claims a relation between the two that the catalog
keeps as printed but marks ``disputed`` (its counterexample is in the note);
a refuted pair may be decided the other way or open. The same counts are given
within the practitioner's core when a core is named.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import RelationKind

__all__ = ["PairCounts", "ProgressResult", "pair_counts", "progress", "refuted_pairs"]

_CLAIMED_PAIRS = {
    RelationKind.stronger: ((0, 1),),
    RelationKind.weaker: ((1, 0),),
    RelationKind.equivalent: ((0, 1), (1, 0)),
    RelationKind.not_stronger: ((0, 1),),
    RelationKind.not_weaker: ((1, 0),),
}
"""Which ordered pairs (subject, target) a claim of each kind is about."""


@record
class PairCounts:
    """Ordered pairs of distinct definitions, by what is known of "A ≻ B"."""

    definitions: int
    pairs: int
    stronger: int
    """``A ≻ B`` derived."""
    not_stronger: int
    """``¬(A ≻ B)`` derived."""
    refuted: int
    """A published claim about the pair is kept as printed and marked disputed."""

    @property
    def decided(self) -> int:
        return self.stronger + self.not_stronger

    @property
    def open(self) -> int:
        return self.pairs - self.decided

    def to_json(self) -> dict[str, int]:
        return {
            "definitions": self.definitions,
            "pairs": self.pairs,
            "decided": self.decided,
            "stronger": self.stronger,
            "not_stronger": self.not_stronger,
            "open": self.open,
            "refuted": self.refuted,
        }

    def to_text(self) -> str:
        share = f"{100 * self.decided / self.pairs:.1f} %" if self.pairs else "-"
        return (
            f"{self.definitions} definitions, {self.pairs} ordered pairs: {self.decided} decided "
            f"({share}; {self.stronger} ≻, {self.not_stronger} ⊁), {self.open} open, "
            f"{self.refuted} refuted"
        )


def refuted_pairs(kb: KnowledgeBase) -> set[tuple[str, str]]:
    """Ordered pairs about which a published claim is marked disputed."""
    found = set()
    for origin in kb.factset.disputed:
        ends = (origin.definition, origin.target)
        for first, second in _CLAIMED_PAIRS.get(origin.kind, ()):
            if ends[first] in kb.info and ends[second] in kb.info and ends[0] != ends[1]:
                found.add((ends[first], ends[second]))
    return found


def pair_counts(
    kb: KnowledgeBase, ids: Iterable[str], refuted: Collection[tuple[str, str]]
) -> PairCounts:
    """The counts over the ordered pairs of distinct definitions among ``ids``."""
    members = sorted(set(ids))
    stronger = not_stronger = refuted_count = 0
    for a in members:
        for b in members:
            if a == b:
                continue
            if kb.is_stronger(a, b):
                stronger += 1
            elif kb.is_not_stronger(a, b):
                not_stronger += 1
            if (a, b) in refuted:
                refuted_count += 1
    n = len(members)
    return PairCounts(n, n * (n - 1), stronger, not_stronger, refuted_count)


@record
class ProgressResult:
    """Pair counts overall and within the core (``None`` when no core is named)."""

    overall: PairCounts
    core: PairCounts | None
    witnesses: int
    """Separations read from mechanism entries (rule W3)."""

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {
                "overall": self.overall.to_json(),
                "core": None if self.core is None else self.core.to_json(),
                "witnesses": self.witnesses,
            }
        )

    def to_text(self) -> str:
        lines = [f"overall: {self.overall.to_text()}"]
        if self.core is not None:
            lines.append(f"core: {self.core.to_text()}")
        lines.append(f"witness separations: {self.witnesses}")
        return "\n".join(lines)


def progress(kb: KnowledgeBase, core: Collection[str] = ()) -> ProgressResult:
    """Decided, open and refuted pairs, overall and among ``core`` (if not empty)."""
    refuted = refuted_pairs(kb)
    inside = [i for i in core if i in kb.info]
    return ProgressResult(
        pair_counts(kb, kb.info, refuted),
        pair_counts(kb, inside, refuted) if inside else None,
        sum(1 for fact in kb.separations if fact.origin.witness is not None),
    )

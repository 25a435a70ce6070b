"""Every false "A ≻ B" among the textbook definitions fails validation, not only a sample.

For each ordered pair of the definitions the issue names whose separation
¬(A ≻ B) the shipped catalog derives (from a witness mechanism or a cited
separation), a catalog with "A stronger B" planted in A's entry must give a
contradiction error: that is what keeps a wrong claim out through CI.
"""

from __future__ import annotations

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.contradictions import validation_diagnostics
from dptaxonomy.schema.models import Citation, Relation, RelationKind

TEXTBOOK = [
    "differential-privacy",
    "approximate-dp",
    "renyi-dp",
    "zero-concentrated-dp",
    "truncated-concentrated-dp-bdrs18",
    "mean-concentrated-dp",
    "kl-privacy",
    "gaussian-dp",
    "f-dp",
    "bounded-dp",
    "unbounded-dp",
    "node-dp",
    "edge-dp",
]


def _planted(catalog: Catalog, a: str, b: str) -> Catalog:
    entry = catalog.entries[a]
    claim = Relation(
        kind=RelationKind.stronger, target=b, citation=Citation(key="DP20", at="planted")
    )
    relations = [*entry.definition.relations, claim]
    changed = type(entry)(
        entry.definition.model_copy(update={"relations": relations}), entry.file, entry.located
    )
    return records.replace(catalog, entries={**catalog.entries, a: changed})


def test_every_false_stronger_claim_between_textbook_definitions_fails(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    assert all(d in kb.info for d in TEXTBOOK)
    false = [(a, b) for a in TEXTBOOK for b in TEXTBOOK if a != b and kb.is_not_stronger(a, b)]
    assert len(false) >= 36  # 36 when last counted
    assert not [d for d in validation_diagnostics(catalog) if d.is_error]
    missed = []
    for a, b in false:
        errors = [d for d in validation_diagnostics(_planted(catalog, a, b)) if d.is_error]
        # a contradiction, and nothing but contradictions and rule V1 (a planted A ≻ B from a
        # definition with a vacuous value, δ = 1 or f = 0, is also caught by V1)
        codes = {d.code for d in errors}
        contradiction = any(c.startswith("contradiction-") for c in codes)
        if not contradiction or not all(
            c.startswith("contradiction-") or c == "vacuous-value" for c in codes
        ):
            missed.append((a, b))
    assert missed == []

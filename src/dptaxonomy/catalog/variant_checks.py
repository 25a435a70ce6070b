"""Whole-catalog check of `variant of` links whose change implies a relation.

A link read as ``implies`` (:class:`~dptaxonomy.schema.links.VariantReading`)
promises that the relation its change implies is stated between the two
definitions, in either entry, and not disputed; this check holds it to that.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from dptaxonomy.base.diagnostics import Diagnostic
from dptaxonomy.catalog.checks import entry_error
from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.schema.enums import LinkKind, RelationKind, Status
from dptaxonomy.schema.links import VariantReading
from dptaxonomy.schema.models import Definition

__all__ = ["check_variants"]

_POSITIVE = frozenset(
    {
        RelationKind.stronger,
        RelationKind.weaker,
        RelationKind.extends,
        RelationKind.extended_by,
        RelationKind.equivalent,
    }
)
"""The kinds that state an implication (a separation alone is not what a direction gives)."""


def _related(a: Definition, b: Definition) -> bool:
    """Whether an undisputed ≻, ≺, ⊂, ⊃ or ∼ between ``a`` and ``b`` is stated in either entry."""
    return any(
        r.target == other.id and r.kind in _POSITIVE and r.status is not Status.disputed
        for subject, other in ((a, b), (b, a))
        for r in subject.relations
    )


def check_variants(definitions: Mapping[str, LoadedDefinition]) -> Iterator[Diagnostic]:
    """An error for each ``implies`` link with no stated relation between its two ends."""
    for loaded in definitions.values():
        for index, link in enumerate(loaded.definition.links):
            if (
                link.kind is not LinkKind.variant_of
                or link.direction is None
                or link.direction.reading is not VariantReading.implies
            ):
                continue
            target = definitions.get(link.target)
            if target is None or _related(loaded.definition, target.definition):
                continue
            yield entry_error(
                loaded,
                ("links", index, "direction", "reading"),
                "variant-relation-missing",
                f"the variant of {link.target!r} is read as implying a relation, but none is "
                "stated between the two",
                "state the relation the change implies under `relations` (with its proof), or "
                "give another reading",
            )

"""Questions asked of a loaded catalog: one definition, and filtered lists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.results import json_document
from dptaxonomy.schema.enums import RELATION_SYMBOLS, TRUTH_MARKS
from dptaxonomy.schema.models import Definition, Dimension, Relation, Scope, Truth

if TYPE_CHECKING:
    from dptaxonomy.reasoning.derived import DerivedProperty
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "RELATION_SYMBOLS",
    "IncomingRelation",
    "ListResult",
    "ShowResult",
    "describe",
    "filter_definitions",
    "incoming_relations",
    "list_result",
    "parse_property_filter",
    "show_result",
    "summary_row",
]


@dataclass(frozen=True)
class IncomingRelation:
    """A relation stated in another entry whose target is the definition at hand."""

    subject: str
    relation: Relation


def incoming_relations(catalog: Catalog, definition_id: str) -> list[IncomingRelation]:
    """Relations other entries state about ``definition_id``, by subject id."""
    return [
        IncomingRelation(subject.id, relation)
        for subject in catalog.definitions.values()
        for relation in subject.relations
        if relation.target == definition_id
    ]


def describe(catalog: Catalog, definition: Definition) -> dict[str, Any]:
    """Everything known about one definition, as JSON-ready data."""
    data = definition.model_dump(mode="json", exclude_none=True)
    data["incoming_relations"] = [
        {"subject": item.subject, **item.relation.model_dump(mode="json", exclude_none=True)}
        for item in incoming_relations(catalog, definition.id)
    ]
    data["file"] = catalog.entries[definition.id].file
    return data


_SHORT = {"post_processing": "PP", "convexity": "CV", "composability": "CP"}


def _derived_marks(derived: tuple[DerivedProperty, ...]) -> str:
    """`` (CP ✓ by P1)`` for each derived value the asserted table does not show."""
    marks = [
        f"{_SHORT[d.name]} {TRUTH_MARKS[d.value]} by {d.rule.value}"
        + (", conjectural" if d.conjectural else "")
        for d in derived
        if d.agrees is None or not d.agrees
    ]
    return f"  ({'; '.join(marks)})" if marks else ""


def parse_property_filter(text: str) -> tuple[str, Truth]:
    """Parse ``composability=yes`` into ``("composability", Truth.yes)``.

    >>> parse_property_filter("convexity=no")
    ('convexity', <Truth.no: 'no'>)
    """
    from dptaxonomy.schema.models import Properties

    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or name not in Properties.model_fields:
        known = ", ".join(Properties.model_fields)
        raise ValueError(f"expected PROPERTY=VALUE with PROPERTY one of: {known}")
    try:
        return name, Truth(value.strip())
    except ValueError:
        raise ValueError(f"the value must be one of: {', '.join(t.value for t in Truth)}") from None


def filter_definitions(
    definitions: Iterable[Definition],
    dimensions: Iterable[Dimension] = (),
    properties: Iterable[tuple[str, Truth]] = (),
    scope: Scope | None = None,
) -> list[Definition]:
    """Definitions having every given dimension, property value and the scope."""
    wanted = set(dimensions)
    required = list(properties)

    def keep(definition: Definition) -> bool:
        if not wanted <= set(definition.dimensions):
            return False
        if scope is not None and definition.scope is not scope:
            return False
        for name, value in required:
            claim = getattr(definition.properties, name)
            if (claim.value if claim is not None else Truth.unknown) is not value:
                return False
        return True

    return [d for d in definitions if keep(d)]


def summary_row(definition: Definition) -> dict[str, Any]:
    """The fields `dptax list --format json` prints for one definition."""
    props = definition.properties
    return {
        "id": definition.id,
        "name": definition.name,
        "abbreviations": list(definition.abbreviations),
        "disambiguator": definition.disambiguator,
        "dimensions": [d.value for d in definition.dimensions],
        "scope": definition.scope.value,
        "setting": definition.setting.value,
        "post_processing": props.post_processing.value.value,
        "convexity": props.convexity.value.value,
        "composability": props.composability.value.value,
        "table3_row": definition.source.table3.row if definition.source.table3 else None,
    }


@dataclass(frozen=True)
class ShowResult:
    """Everything known about one definition (``dptax show``)."""

    catalog: Catalog
    definition: Definition
    derived: tuple[DerivedProperty, ...] = ()
    """Property values derived by rules P1/P2, shown next to the asserted ones."""

    def to_json(self) -> dict[str, Any]:
        data = describe(self.catalog, self.definition)
        data["derived_properties"] = [d.data() for d in self.derived]
        return json_document(data)

    def to_text(self) -> str:
        from dptaxonomy.queries.textview import definition_text

        return definition_text(self.catalog, self.definition, self.derived)


def show_result(catalog: Catalog, kb: KnowledgeBase, name: str) -> ShowResult:
    """Everything known about the definition named ``name``, derived properties included."""
    from dptaxonomy.reasoning.derived import derived_properties

    definition = catalog.resolve(name)
    return ShowResult(catalog, definition, tuple(derived_properties(kb, definition.id)))


def list_result(kb: KnowledgeBase, definitions: Iterable[Definition]) -> ListResult:
    """The listed definitions with the property values P1/P2 derive for them."""
    from dptaxonomy.reasoning.derived import derived_properties

    chosen = tuple(definitions)
    derived = {d.id: tuple(derived_properties(kb, d.id)) for d in chosen}
    return ListResult(chosen, {k: v for k, v in derived.items() if v})


@dataclass(frozen=True)
class ListResult:
    """Definitions passing the filters of ``dptax list``, in catalog order."""

    definitions: tuple[Definition, ...]
    derived: dict[str, tuple[DerivedProperty, ...]] = field(default_factory=dict)
    """Derived property values by definition id (rules P1, P2)."""

    def to_json(self) -> dict[str, Any]:
        rows = []
        for d in self.definitions:
            row = summary_row(d)
            row["derived_properties"] = [x.data() for x in self.derived.get(d.id, ())]
            rows.append(row)
        return json_document({"definitions": rows})

    def to_text(self) -> str:
        from dptaxonomy.queries.textview import table_text

        rows = [summary_row(d) for d in self.definitions]
        table = [
            [
                r["id"],
                (r["abbreviations"] or [""])[0]
                + (f"[{r['disambiguator']}]" if r["disambiguator"] else ""),
                "".join(r["dimensions"]) or "-",
                "".join(
                    TRUTH_MARKS[r[p]] for p in ("post_processing", "convexity", "composability")
                ),
                r["name"] + _derived_marks(self.derived.get(r["id"], ())),
            ]
            for r in rows
        ]
        return table_text(["ID", "ABBREV", "DIMS", "PP CV CP", "NAME"], table)

    def summary(self) -> str:
        return f"{len(self.definitions)} definition(s)"

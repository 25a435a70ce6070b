"""Questions asked of a loaded catalog: one definition, and filtered lists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.results import json_document
from dptaxonomy.schema.enums import RELATION_SYMBOLS, TRUTH_MARKS
from dptaxonomy.schema.models import Definition, Dimension, Relation, Scope, Truth

__all__ = [
    "RELATION_SYMBOLS",
    "IncomingRelation",
    "ListResult",
    "ShowResult",
    "describe",
    "filter_definitions",
    "incoming_relations",
    "parse_property_filter",
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

    def to_json(self) -> dict[str, Any]:
        return json_document(describe(self.catalog, self.definition))

    def to_text(self) -> str:
        from dptaxonomy.queries.textview import definition_text

        return definition_text(self.catalog, self.definition)


@dataclass(frozen=True)
class ListResult:
    """Definitions passing the filters of ``dptax list``, in catalog order."""

    definitions: tuple[Definition, ...]

    def to_json(self) -> dict[str, Any]:
        return json_document({"definitions": [summary_row(d) for d in self.definitions]})

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
                r["name"],
            ]
            for r in rows
        ]
        return table_text(["ID", "ABBREV", "DIMS", "PP CV CP", "NAME"], table)

    def summary(self) -> str:
        return f"{len(self.definitions)} definition(s)"

"""Catalog statistics (``dptax stats``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.results import json_document
from dptaxonomy.schema.enums import DIMENSION_ORDER, TABLE3_ROWS

__all__ = ["StatsResult", "catalog_stats"]


def _sorted(counter: Counter[str]) -> dict[str, int]:
    return dict(sorted(counter.items(), key=lambda item: (-item[1], item[0])))


_SECTIONS = (
    ("by_dimension", "by dimension"),
    ("by_dimension_combination", "by dimension combination"),
    ("by_scope", "by scope"),
    ("by_setting", "by setting"),
    ("by_source", "by source"),
    ("by_relation_kind", "by relation kind"),
    ("by_relation_status", "by relation status"),
    ("by_link_kind", "by link kind"),
)


@record
class StatsResult:
    """Counts over the whole catalog (``dptax stats``)."""

    counts: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return json_document(self.counts)

    def to_text(self) -> str:
        data = self.counts
        lines = [
            f"{data['definitions']} definitions, {data['references']} references, "
            f"{data['with_statement']} with a formal statement, "
            f"Table 3 rows covered: {data['table3_rows_covered']}/{data['table3_rows']}",
            f"{data['relations']} relations ({data['parametric_relations']} with a parameter map)",
        ]
        for key, title in _SECTIONS:
            lines.append(f"{title}: " + ", ".join(f"{k} {v}" for k, v in data[key].items()))
        for name, counts in data["by_property_value"].items():
            lines.append(f"{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        return "\n".join(lines)


def catalog_stats(catalog: Catalog) -> StatsResult:
    """Counts by dimension, combination, scope, source, relation kind and property value."""
    definitions = list(catalog.definitions.values())
    dimensions: Counter[str] = Counter()
    combinations: Counter[str] = Counter()
    scopes: Counter[str] = Counter()
    settings: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    relations: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    links: Counter[str] = Counter()
    properties: dict[str, Counter[str]] = {}
    rows: set[int] = set()
    for definition in definitions:
        for dimension in definition.dimensions:
            dimensions[dimension.value] += 1
        combinations["".join(d.value for d in definition.dimensions) or "(none)"] += 1
        scopes[definition.scope.value] += 1
        settings[definition.setting.value] += 1
        sources[definition.source.key] += 1
        for relation in definition.relations:
            relations[relation.kind.value] += 1
            statuses[relation.status.value] += 1
        for link in definition.links:
            links[link.kind.value] += 1
        for name in type(definition.properties).model_fields:
            claim = getattr(definition.properties, name)
            if claim is not None:
                properties.setdefault(name, Counter())[claim.value.value] += 1
        if definition.source.table3 is not None:
            rows.add(definition.source.table3.row)
    parametric = sum(1 for d in definitions for r in d.relations if r.parameter_map)
    return StatsResult(
        {
            "definitions": len(definitions),
            "references": len(catalog.references),
            "with_statement": sum(1 for d in definitions if d.statement),
            "table3_rows_covered": len(rows),
            "table3_rows": TABLE3_ROWS,
            "by_dimension": {d: dimensions[d] for d in DIMENSION_ORDER},
            "by_dimension_combination": _sorted(combinations),
            "by_scope": _sorted(scopes),
            "by_setting": _sorted(settings),
            "by_source": _sorted(sources),
            "relations": sum(relations.values()),
            "by_relation_kind": _sorted(relations),
            "by_relation_status": _sorted(statuses),
            "parametric_relations": parametric,
            "by_link_kind": _sorted(links),
            "by_property_value": {name: _sorted(counter) for name, counter in properties.items()},
        }
    )

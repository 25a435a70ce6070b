"""Catalog statistics (``dptax stats``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dptaxonomy.catalog.store import Catalog

__all__ = ["TABLE3_ROWS", "catalog_stats"]

TABLE3_ROWS = 88
"""Rows of the SoK's Table 3."""


def _sorted(counter: Counter[str]) -> dict[str, int]:
    return dict(sorted(counter.items(), key=lambda item: (-item[1], item[0])))


def catalog_stats(catalog: Catalog) -> dict[str, Any]:
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
    return {
        "definitions": len(definitions),
        "references": len(catalog.references),
        "with_statement": sum(1 for d in definitions if d.statement),
        "table3_rows_covered": len(rows),
        "table3_rows": TABLE3_ROWS,
        "by_dimension": {d: dimensions[d] for d in "QNVBFRC"},
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

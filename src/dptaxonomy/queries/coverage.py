"""How complete the catalog is (``dptax stats --coverage``).

Counts what a user of an entry can rely on: a formal statement, parameters
with domains, properties known, relations and links to the rest of the map,
names and library identifiers; and how each claim is evidenced: *quoted*
(the citation stores a verbatim excerpt) or *cited* (key and place only).
A definition is *isolated* when no relation or link names it, on either side.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.results import json_document
from dptaxonomy.schema.enums import Truth
from dptaxonomy.schema.models import Citation, Definition

__all__ = ["CoverageResult", "catalog_coverage", "isolated_definitions"]


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def isolated_definitions(catalog: Catalog) -> list[str]:
    """Ids of the definitions that take part in no relation and no link, sorted."""
    touched: set[str] = set()
    for definition in catalog.definitions.values():
        for relation in definition.relations:
            if relation.target is not None:
                touched.update((definition.id, relation.target))
            else:
                touched.add(definition.id)
        for link in definition.links:
            touched.update((definition.id, link.target))
        touched.update(definition.combines)
        if definition.combines:
            touched.add(definition.id)
    return sorted(set(catalog.definitions) - touched)


def _citations(definition: Definition) -> list[Citation]:
    found: list[Citation] = []
    for name in type(definition.properties).model_fields:
        claim = getattr(definition.properties, name)
        if claim is not None and claim.citation is not None:
            found.append(claim.citation)
    found += [relation.citation for relation in definition.relations]
    found += [link.citation for link in definition.links]
    if definition.statement_source is not None:
        found.append(definition.statement_source)
    return found


@record
class CoverageResult:
    """Completeness and evidence counts over the whole catalog."""

    counts: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return json_document(self.counts)

    def to_text(self) -> str:
        c = self.counts
        n = c["definitions"]
        statements = c["with_statement"]
        lines = [
            f"{n} definitions",
            f"  with a formal statement: {statements} ({_percent(statements, n)}%)"
            f", of which {c['with_statement_source']} name the statement's source",
            f"  with parameters: {c['with_parameters']} ({c['parameters']} parameters)",
            f"  with all three properties known: {c['all_properties_known']}",
            f"  isolated (no relation or link): {len(c['isolated'])} ({c['isolated_percent']}%)",
            f"  with sourced names: {c['with_names']} ({c['names']} names)",
            f"  with a library crosswalk: {c['with_crosswalk']} ({c['mappings']} mappings)",
            f"{c['relations']} relations ({c['parametric_relations']} with a parameter map), "
            f"{c['links']} links",
            f"claims: {c['claims']['quoted']} quoted, {c['claims']['cited']} cited, "
            f"{c['claims']['unknown']} unknown without a source",
            "properties known: " + ", ".join(f"{k} {v}" for k, v in c["properties_known"].items()),
            "mappings by library: "
            + (", ".join(f"{k} {v}" for k, v in c["mappings_by_library"].items()) or "none"),
            f"references: {c['references']} ("
            + ", ".join(f"{k} {v}" for k, v in c["references_by_type"].items())
            + f"; {c['references_with_doi']} with a DOI, "
            f"{c['references_with_arxiv']} with an arXiv id)",
        ]
        if c["isolated"]:
            lines.append("isolated: " + ", ".join(c["isolated"]))
        return "\n".join(lines)


def catalog_coverage(catalog: Catalog) -> CoverageResult:
    """What is known about the definitions, and how it is evidenced."""
    definitions = list(catalog.definitions.values())
    isolated = isolated_definitions(catalog)
    known: Counter[str] = Counter()
    libraries: Counter[str] = Counter()
    quoted = cited = unknown = 0
    all_known = 0
    for definition in definitions:
        values = []
        for name in type(definition.properties).model_fields:
            claim = getattr(definition.properties, name)
            if claim is None:
                continue
            values.append(claim.value)
            if claim.value is not Truth.unknown:
                known[name] += 1
            elif claim.citation is None:
                unknown += 1
        all_known += all(v is not Truth.unknown for v in values[:3])
        for citation in _citations(definition):
            if citation.quote is None:
                cited += 1
            else:
                quoted += 1
        for mapping in definition.crosswalk:
            libraries[mapping.library.value] += 1
    types = Counter(r.type.value for r in catalog.references.values())
    return CoverageResult(
        {
            "definitions": len(definitions),
            "with_statement": sum(1 for d in definitions if d.statement),
            "with_statement_source": sum(1 for d in definitions if d.statement_source),
            "with_parameters": sum(1 for d in definitions if d.parameters),
            "parameters": sum(len(d.parameters) for d in definitions),
            "all_properties_known": all_known,
            "properties_known": dict(sorted(known.items())),
            "isolated": isolated,
            "isolated_percent": _percent(len(isolated), len(definitions)),
            "with_names": sum(1 for d in definitions if d.names),
            "names": sum(len(d.names) for d in definitions),
            "with_crosswalk": sum(1 for d in definitions if d.crosswalk),
            "mappings": sum(len(d.crosswalk) for d in definitions),
            "mappings_by_library": dict(sorted(libraries.items())),
            "relations": sum(len(d.relations) for d in definitions),
            "parametric_relations": sum(
                1 for d in definitions for r in d.relations if r.parameter_map
            ),
            "links": sum(len(d.links) for d in definitions),
            "claims": {"quoted": quoted, "cited": cited, "unknown": unknown},
            "references": len(catalog.references),
            "references_by_type": dict(sorted(types.items())),
            "references_with_doi": sum(1 for r in catalog.references.values() if r.doi),
            "references_with_arxiv": sum(1 for r in catalog.references.values() if r.arxiv),
        }
    )

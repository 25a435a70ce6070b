"""RDF of an entry's sourced names, crosswalk, statement source, perfect-privacy declaration,
not-evaluable reason and vacuous values, and of bibliographic detail.

Written by :mod:`dptaxonomy.export.rdf` and read back by
:mod:`dptaxonomy.export.rdf_import`, so the round trip stays lossless.
Each crosswalk mapping is also asserted as a direct SKOS match from the
definition to the library identifier's IRI.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.crosswalk_terms import MATCH_PREDICATES, library_iri
from dptaxonomy.schema.bibliography import Reference
from dptaxonomy.schema.models import Citation, Definition

__all__ = [
    "REFERENCE_FIELDS",
    "add_assignments",
    "add_definition_knowledge",
    "add_reference_detail",
    "read_definition_knowledge",
    "read_reference_detail",
]

REFERENCE_FIELDS: dict[str, URIRef] = {
    "volume": v.BIBO.volume,
    "number": v.BIBO.issue,
    "pages": v.BIBO.pages,
    "publisher": v.DCTERMS.publisher,
    "doi": v.BIBO.doi,
    "arxiv": v.P_ARXIV,
}
"""Optional bibliography fields and their predicates."""


def add_definition_knowledge(graph: Graph, definition: Definition) -> None:
    """Sourced names, crosswalk mappings, statement source and perfect privacy of one entry."""
    subject = v.definition_iri(definition.id)
    for index, name in enumerate(definition.names):
        node = v.node_iri(definition.id, "name", index)
        graph.add((subject, v.P_NAME, node))
        graph.add((subject, v.SKOS.altLabel, Literal(name.label)))
        graph.add((node, v.RDF.type, v.C_SOURCED_NAME))
        graph.add((node, v.P_POSITION, Literal(index)))
        graph.add((node, v.P_LABEL, Literal(name.label)))
        graph.add((node, v.P_CITES, v.reference_iri(name.source)))
        if name.at is not None:
            graph.add((node, v.P_LOCATOR, Literal(name.at)))
        if name.note is not None:
            graph.add((node, v.SKOS.note, Literal(name.note)))
    for index, mapping in enumerate(definition.crosswalk):
        node = v.node_iri(definition.id, "mapping", index)
        graph.add((subject, MATCH_PREDICATES[mapping.match], library_iri(mapping)))
        graph.add((subject, v.P_MAPPING, node))
        graph.add((node, v.RDF.type, v.C_LIBRARY_MAPPING))
        graph.add((node, v.P_POSITION, Literal(index)))
        graph.add((node, v.P_LIBRARY, Literal(mapping.library.value)))
        graph.add((node, v.P_LIBRARY_IDENTIFIER, Literal(mapping.identifier)))
        graph.add((node, v.P_LIBRARY_VERSION, Literal(mapping.version)))
        graph.add((node, v.P_MATCH, Literal(mapping.match.value)))
        graph.add((node, v.RDF.object, library_iri(mapping)))
        if mapping.note is not None:
            graph.add((node, v.SKOS.note, Literal(mapping.note)))
    if definition.statement_source is not None:
        node = v.node_iri(definition.id, "statement-source")
        _add_citation(graph, subject, v.P_STATEMENT_SOURCE, node, definition.statement_source)
    _add_perfect_privacy(graph, definition)
    if definition.not_evaluable is not None:
        reason = Literal(definition.not_evaluable.reason)
        graph.add((v.definition_iri(definition.id), v.P_NOT_EVALUABLE, reason))
    _add_vacuous(graph, definition)


def add_assignments(graph: Graph, node: URIRef, predicate: URIRef, values: dict[str, str]) -> None:
    """``parameter = expression`` pairs of ``node``, in order (a map, a perfect-privacy point)."""
    for position, (name, expression) in enumerate(values.items()):
        entry = URIRef(f"{node}/{position}")
        graph.add((node, predicate, entry))
        graph.add((entry, v.P_POSITION, Literal(position)))
        graph.add((entry, v.P_PARAMETER_NAME, Literal(name)))
        graph.add((entry, v.P_EXPRESSION, Literal(expression)))


def _add_citation(
    graph: Graph, subject: URIRef, predicate: URIRef, node: URIRef, citation: Citation
) -> None:
    graph.add((subject, predicate, node))
    graph.add((node, v.RDF.type, v.C_CITATION))
    graph.add((node, v.P_CITES, v.reference_iri(citation.key)))
    graph.add((node, v.P_LOCATOR, Literal(citation.at)))
    if citation.quote is not None:
        graph.add((node, v.P_QUOTE, Literal(citation.quote)))


def _add_perfect_privacy(graph: Graph, definition: Definition) -> None:
    declared = definition.perfect_privacy
    if declared is None:
        return
    node = v.node_iri(definition.id, "perfect-privacy")
    graph.add((v.definition_iri(definition.id), v.P_PERFECT_PRIVACY, node))
    graph.add((node, v.RDF.type, v.C_PERFECT_PRIVACY))
    graph.add((node, v.P_EVERY_PARAMETER, Literal(declared.every_parameter)))
    add_assignments(graph, node, v.P_PERFECT_AT, declared.parameters)
    _add_citation(graph, node, v.P_CITATION, URIRef(f"{node}/citation"), declared.citation)
    if declared.note is not None:
        graph.add((node, v.SKOS.note, Literal(declared.note)))


def _add_vacuous(graph: Graph, definition: Definition) -> None:
    for position, value in enumerate(definition.vacuous):
        node = v.node_iri(definition.id, f"vacuous-{position}")
        graph.add((v.definition_iri(definition.id), v.P_VACUOUS, node))
        graph.add((node, v.RDF.type, v.C_VACUOUS_VALUE))
        graph.add((node, v.P_POSITION, Literal(position)))
        add_assignments(graph, node, v.P_VACUOUS_AT, value.parameters)
        if value.described is not None:
            graph.add((node, v.P_DESCRIBED, Literal(value.described)))
        _add_citation(graph, node, v.P_CITATION, URIRef(f"{node}/citation"), value.citation)
        graph.add((node, v.SKOS.note, Literal(value.note)))


def add_reference_detail(graph: Graph, iri: URIRef, reference: Reference) -> None:
    """Entry type and the optional bibliographic fields of one reference."""
    graph.add((iri, v.P_ENTRY_TYPE, Literal(reference.type.value)))
    for field, predicate in REFERENCE_FIELDS.items():
        value = getattr(reference, field)
        if value is not None:
            graph.add((iri, predicate, Literal(value)))


def _one(graph: Graph, subject: Node, predicate: URIRef) -> Any:
    values = [x.toPython() for x in graph.objects(subject, predicate) if isinstance(x, Literal)]
    return values[0] if values else None


def _positioned(graph: Graph, subject: Node, predicate: URIRef) -> list[Node]:
    nodes = list(graph.objects(subject, predicate))
    return sorted(nodes, key=lambda n: int(_one(graph, n, v.P_POSITION)))


def _key(graph: Graph, node: Node) -> str:
    cited = next(iter(graph.objects(node, v.P_CITES)))
    return unquote(str(cited).removeprefix(v.BASE + "ref/"))


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    return {k: x for k, x in data.items() if x is not None}


def read_definition_knowledge(graph: Graph, subject: Node) -> dict[str, Any]:
    """An entry's ``names``, ``crosswalk``, ``statement_source``, ``perfect_privacy``,
    ``not_evaluable`` and ``vacuous``."""
    data: dict[str, Any] = {}
    names = [
        _compact(
            {
                "label": _one(graph, node, v.P_LABEL),
                "source": _key(graph, node),
                "at": _one(graph, node, v.P_LOCATOR),
                "note": _one(graph, node, v.SKOS.note),
            }
        )
        for node in _positioned(graph, subject, v.P_NAME)
    ]
    if names:
        data["names"] = names
    mappings = [
        _compact(
            {
                "library": _one(graph, node, v.P_LIBRARY),
                "identifier": _one(graph, node, v.P_LIBRARY_IDENTIFIER),
                "version": _one(graph, node, v.P_LIBRARY_VERSION),
                "match": _one(graph, node, v.P_MATCH),
                "note": _one(graph, node, v.SKOS.note),
            }
        )
        for node in _positioned(graph, subject, v.P_MAPPING)
    ]
    if mappings:
        data["crosswalk"] = mappings
    for node in graph.objects(subject, v.P_STATEMENT_SOURCE):
        data["statement_source"] = _compact(
            {
                "key": _key(graph, node),
                "at": _one(graph, node, v.P_LOCATOR),
                "quote": _one(graph, node, v.P_QUOTE),
            }
        )
    for node in graph.objects(subject, v.P_PERFECT_PRIVACY):
        data["perfect_privacy"] = _read_perfect_privacy(graph, node)
    reason = _one(graph, subject, v.P_NOT_EVALUABLE)
    if reason is not None:
        data["not_evaluable"] = {"reason": reason}
    vacuous = [_read_vacuous(graph, node) for node in _positioned(graph, subject, v.P_VACUOUS)]
    if vacuous:
        data["vacuous"] = vacuous
    return data


def _read_citation(graph: Graph, node: Node) -> dict[str, Any]:
    citation = next(iter(graph.objects(node, v.P_CITATION)))
    return _compact(
        {
            "key": _key(graph, citation),
            "at": _one(graph, citation, v.P_LOCATOR),
            "quote": _one(graph, citation, v.P_QUOTE),
        }
    )


def _assignments(graph: Graph, node: Node, predicate: URIRef) -> dict[str, str]:
    return {
        str(_one(graph, entry, v.P_PARAMETER_NAME)): str(_one(graph, entry, v.P_EXPRESSION))
        for entry in _positioned(graph, node, predicate)
    }


def _read_vacuous(graph: Graph, node: Node) -> dict[str, Any]:
    return _compact(
        {
            "parameters": _assignments(graph, node, v.P_VACUOUS_AT),
            "described": _one(graph, node, v.P_DESCRIBED),
            "citation": _read_citation(graph, node),
            "note": _one(graph, node, v.SKOS.note),
        }
    )


def _read_perfect_privacy(graph: Graph, node: Node) -> dict[str, Any]:
    return _compact(
        {
            "parameters": _assignments(graph, node, v.P_PERFECT_AT),
            "every_parameter": bool(_one(graph, node, v.P_EVERY_PARAMETER)),
            "citation": _read_citation(graph, node),
            "note": _one(graph, node, v.SKOS.note),
        }
    )


def read_reference_detail(graph: Graph, subject: Node) -> dict[str, Any]:
    """The entry type and optional bibliographic fields of a reference, as data."""
    data = {"type": _one(graph, subject, v.P_ENTRY_TYPE)}
    for field, predicate in REFERENCE_FIELDS.items():
        data[field] = _one(graph, subject, predicate)
    return _compact(data)

"""Read a catalog back from its RDF export (the inverse of :func:`asserted_graph`).

The reified statements and ordered lists carry everything an entry holds,
so ``catalog_from_rdf(asserted_graph(c))`` has the same definitions and
references as ``c``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

from rdflib import Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.term import Node

from dptaxonomy.base.errors import ExportError
from dptaxonomy.catalog.loader import LoadedDefinition
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import KIND_PREDICATES
from dptaxonomy.export.rdf_knowledge import read_definition_knowledge, read_reference_detail
from dptaxonomy.export.rdf_operations import read_operations
from dptaxonomy.schema.models import Definition, Reference

__all__ = ["catalog_from_rdf", "definitions_from_rdf", "references_from_rdf"]

_KINDS = {predicate: kind.value for kind, predicate in KIND_PREDICATES.items()}


def _one(graph: Graph, subject: Node, predicate: URIRef) -> Node | None:
    values = list(graph.objects(subject, predicate))
    if len(values) > 1:
        raise ExportError(f"{subject} has {len(values)} values for {predicate}")
    return values[0] if values else None


def _text(graph: Graph, subject: Node, predicate: URIRef) -> Any:
    value = _one(graph, subject, predicate)
    return value.toPython() if isinstance(value, Literal) else None


def _items(graph: Graph, subject: Node, predicate: URIRef) -> list[Node]:
    head = _one(graph, subject, predicate)
    return [] if head is None or head == v.RDF.nil else list(Collection(graph, head))


def _tail(iri: Node, prefix: str) -> str:
    return unquote(str(iri).removeprefix(prefix))


def _key(iri: Node) -> str:
    return _tail(iri, v.BASE + "ref/")


def _id(iri: Node) -> str:
    return _tail(iri, v.BASE + "def/")


def _citation(graph: Graph, node: Node) -> dict[str, Any] | None:
    citation = _one(graph, node, v.P_CITATION)
    if citation is None:
        return None
    data = {
        "key": _key(_one(graph, citation, v.P_CITES)),  # type: ignore[arg-type]
        "at": _text(graph, citation, v.P_LOCATOR),
    }
    quote = _text(graph, citation, v.P_QUOTE)
    if quote is not None:
        data["quote"] = quote
    return data


def _optional(data: dict[str, Any], key: str, value: Any) -> None:
    if value is not None:
        data[key] = value


def _positioned(graph: Graph, subject: Node, predicate: URIRef) -> list[Node]:
    nodes = list(graph.objects(subject, predicate))
    return sorted(nodes, key=lambda n: int(_text(graph, n, v.P_POSITION)))


def _relation(graph: Graph, node: Node) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": _KINDS[_one(graph, node, v.RDF.predicate)]}  # type: ignore[index]
    target = _one(graph, node, v.RDF.object)
    if (target, v.RDF.type, v.C_DEFINITION_SET) in graph:
        dimension = _one(graph, target, v.P_HAS_DIMENSION)  # type: ignore[arg-type]
        data["target_set"] = {
            "dimension": str(dimension).removeprefix(str(v.DP)),
            "quantifier": _text(graph, target, v.P_QUANTIFIER),  # type: ignore[arg-type]
        }
    else:
        data["target"] = _id(target)  # type: ignore[arg-type]
    data["citation"] = _citation(graph, node)
    data["status"] = _text(graph, node, v.P_STATUS)
    _optional(data, "convention", _text(graph, node, v.P_CONVENTION))
    _optional(data, "note", _text(graph, node, v.SKOS.note))
    mapping = _one(graph, node, v.P_PARAMETER_MAP)
    if mapping is not None:
        entries = _positioned(graph, mapping, v.P_PARAMETER_MAP)
        data["parameter_map"] = {
            _text(graph, e, v.P_PARAMETER_NAME): _text(graph, e, v.P_EXPRESSION) for e in entries
        }
    conditions = _items(graph, node, v.P_CONDITIONS)
    if conditions:
        data["conditions"] = [c.toPython() for c in conditions]  # type: ignore[attr-defined]
    restrictions = _positioned(graph, node, v.P_RESTRICTION)
    if restrictions:
        data["restrictions"] = [
            {
                "parameter": _text(graph, r, v.P_PARAMETER_NAME),
                "value": _text(graph, r, v.P_RESTRICTED_TO),
            }
            for r in restrictions
        ]
    return data


def _claims(graph: Graph, subject: Node) -> dict[str, Any]:
    claims: dict[str, Any] = {}
    for node in graph.objects(subject, v.P_CLAIM):
        data: dict[str, Any] = {
            "value": _text(graph, node, v.P_VALUE),
            "status": _text(graph, node, v.P_STATUS),
        }
        _optional(data, "citation", _citation(graph, node))
        _optional(data, "scope", _text(graph, node, v.P_CLAIM_SCOPE))
        _optional(data, "note", _text(graph, node, v.SKOS.note))
        claims[_text(graph, node, v.P_PROPERTY)] = data
    return claims


def _definition(graph: Graph, subject: Node) -> Definition:
    source_node = _one(graph, subject, v.P_SOURCE)
    source: dict[str, Any] = {"key": _key(_one(graph, source_node, v.P_CITES))}  # type: ignore[arg-type]
    _optional(source, "section", _text(graph, source_node, v.P_SECTION))  # type: ignore[arg-type]
    _optional(source, "definition", _text(graph, source_node, v.P_DEFINITION_NUMBER))  # type: ignore[arg-type]
    row = _text(graph, source_node, v.P_TABLE3_ROW)  # type: ignore[arg-type]
    if row is not None:
        source["table3"] = {
            "row": row,
            "label": _text(graph, source_node, v.P_TABLE3_LABEL),  # type: ignore[arg-type]
            "abbreviation": _text(graph, source_node, v.P_TABLE3_ABBREVIATION),  # type: ignore[arg-type]
        }
    disambiguator = _one(graph, subject, v.P_DISAMBIGUATOR)
    parameters = [
        {
            "name": _text(graph, p, v.P_PARAMETER_NAME),
            "symbol": _text(graph, p, v.P_SYMBOL),
            "meaning": _text(graph, p, v.P_MEANING),
            "type": _text(graph, p, v.P_PARAMETER_TYPE),
            "domain": _text(graph, p, v.P_DOMAIN),
            **({"monotone": m} if (m := _text(graph, p, v.P_MONOTONE)) is not None else {}),
            **(
                {"standard": {"value": s, "form": _text(graph, p, v.P_STANDARD_FORM)}}
                if (s := _text(graph, p, v.P_STANDARD_VALUE)) is not None
                else {}
            ),
        }
        for p in _items(graph, subject, v.P_PARAMETERS)
    ]
    links = [
        {
            "kind": _text(graph, node, v.P_LINK_KIND),
            "target": _id(_one(graph, node, v.RDF.object)),  # type: ignore[arg-type]
            "citation": _citation(graph, node),
            **({"note": n} if (n := _text(graph, node, v.SKOS.note)) is not None else {}),
            **(
                {"direction": {"reading": r, "reason": _text(graph, node, v.P_VARIANT_REASON)}}
                if (r := _text(graph, node, v.P_VARIANT_READING)) is not None
                else {}
            ),
        }
        for node in _positioned(graph, subject, v.P_LINK)
    ]
    data: dict[str, Any] = {
        "id": _text(graph, subject, v.P_ID),
        "name": _text(graph, subject, v.SKOS.prefLabel),
        "abbreviations": [x.toPython() for x in _items(graph, subject, v.P_ABBREVIATIONS)],  # type: ignore[attr-defined]
        "aliases": [x.toPython() for x in _items(graph, subject, v.P_ALIASES)],  # type: ignore[attr-defined]
        "dimensions": sorted(
            str(d).removeprefix(str(v.DP)) for d in graph.objects(subject, v.P_HAS_DIMENSION)
        ),
        "parameters": parameters,
        "summary": _text(graph, subject, v.DCTERMS.description),
        "introduced_in": [_key(x) for x in _items(graph, subject, v.P_INTRODUCED_IN)],
        "source": source,
        "scope": _text(graph, subject, v.P_SCOPE),
        "setting": _text(graph, subject, v.P_SETTING),
        "combines": [_id(x) for x in _items(graph, subject, v.P_COMBINES)],
        "properties": _claims(graph, subject),
        "relations": [_relation(graph, n) for n in _positioned(graph, subject, v.P_RELATION)],
        "links": links,
    }
    _optional(data, "statement", _text(graph, subject, v.P_STATEMENT))
    _optional(data, "unit", _text(graph, subject, v.P_UNIT))
    _optional(data, "neighbours", _text(graph, subject, v.P_NEIGHBOURS))
    data.update(read_definition_knowledge(graph, subject))
    operations = read_operations(graph, subject)
    if operations:
        data["operations"] = operations
    if disambiguator is not None:
        data["disambiguator"] = _key(disambiguator)
    return Definition.model_validate(data)


def definitions_from_rdf(graph: Graph) -> dict[str, Definition]:
    """Every definition of the graph, by id."""
    found = [_definition(graph, s) for s in graph.subjects(v.RDF.type, v.C_DEFINITION)]
    return {d.id: d for d in sorted(found, key=lambda d: d.id)}


def references_from_rdf(graph: Graph) -> dict[str, Reference]:
    """Every bibliography entry of the graph, by key."""
    references = {}
    for subject in graph.subjects(v.RDF.type, v.C_REFERENCE):
        data: dict[str, Any] = {
            "authors": [a.toPython() for a in _items(graph, subject, v.BIBO.authorList)],  # type: ignore[attr-defined]
            "title": _text(graph, subject, v.DCTERMS.title),
            "year": _text(graph, subject, v.P_YEAR),
        }
        _optional(data, "venue", _text(graph, subject, v.P_VENUE))
        _optional(data, "url", _text(graph, subject, v.BIBO.uri))
        _optional(data, "note", _text(graph, subject, v.SKOS.note))
        data.update(read_reference_detail(graph, subject))
        references[_text(graph, subject, v.P_CITATION_KEY)] = Reference.model_validate(data)
    return dict(sorted(references.items()))


def catalog_from_rdf(graph: Graph) -> Catalog:
    """A catalog built from an RDF export (positions in files are not kept)."""
    definitions = definitions_from_rdf(graph)
    entries = {i: LoadedDefinition(d, f"<rdf>/{i}", Located()) for i, d in definitions.items()}
    return Catalog(directory=Path("<rdf>"), entries=entries, references=references_from_rdf(graph))

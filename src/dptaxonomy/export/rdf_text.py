"""The catalog serialised in an RDF format: Turtle, sorted N-Triples, canonical JSON-LD, TriG."""

from __future__ import annotations

import json
from typing import Any

from rdflib import Graph, URIRef

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import ASSERTED_GRAPH, INFERRED_GRAPH, asserted_graph, inferred_graph
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["rdf_text"]


def _canonical_json(value: Any, *, ordered: bool = False) -> Any:
    """Sort every JSON-LD array whose order carries no meaning (all but ``@list``)."""
    if isinstance(value, dict):
        return {k: _canonical_json(x, ordered=(k == "@list")) for k, x in sorted(value.items())}
    if isinstance(value, list):
        items = [_canonical_json(x) for x in value]
        return items if ordered else sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
    return value


def _trig(named: list[tuple[URIRef, Graph]]) -> str:
    """TriG with one block per named graph, in the given order (rdflib's order is not stable).

    Each block is rdflib's (deterministic) Turtle of that graph, indented; the
    prefix directives of all blocks are gathered at the top.
    """
    prefixes: set[str] = set()
    blocks = []
    for name, graph in named:
        lines = graph.serialize(format="turtle").splitlines()
        prefixes.update(line for line in lines if line.startswith("@prefix"))
        body = [f"    {line}" if line else "" for line in lines if not line.startswith("@prefix")]
        blocks.append(f"<{name}> {{\n" + "\n".join(body).strip("\n") + "\n}\n")
    return "\n".join(sorted(prefixes)) + "\n\n" + "\n".join(blocks)


def _sorted_ntriples(graph: Graph) -> str:
    lines = graph.serialize(format="nt").splitlines()
    return "\n".join(sorted(line for line in lines if line.strip())) + "\n"


def rdf_text(catalog: Catalog, kb: KnowledgeBase, fmt: str) -> str:
    """The catalog in an RDF format; ``trig`` adds the inferred facts as a second named graph."""
    asserted = asserted_graph(catalog, kb)
    if fmt == "turtle":
        return asserted.serialize(format="turtle")
    if fmt == "ntriples":
        return _sorted_ntriples(asserted)
    if fmt == "jsonld":
        context = {prefix: str(namespace) for prefix, namespace in v.PREFIXES.items()}
        data = json.loads(asserted.serialize(format="json-ld", context=context))
        return json.dumps(_canonical_json(data), ensure_ascii=False, indent=2) + "\n"
    if fmt == "trig":
        return _trig([(ASSERTED_GRAPH, asserted), (INFERRED_GRAPH, inferred_graph(kb))])
    raise ValueError(f"unknown RDF format {fmt!r}")

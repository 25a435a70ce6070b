"""The queryable graph of `dptax sparql`: every fact, asserted or derived, both ways round.

Asserted graph, inferred graph (every derived ≻, ⊂, ¬≻ and ``dp:equivalent``
pair, reified with its proof), and the inverse readings ``dp:weaker``,
``dp:extendedBy``, ``dp:notWeaker``, serialised as N-Quads whose first line
(a comment) records the prefixes the query may use.
"""

from __future__ import annotations

import json

from rdflib import Graph

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import asserted_graph, bind_prefixes, inferred_graph
from dptaxonomy.export.sparql import PREFIX_HEADER
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["graph_nquads", "knowledge_graph"]

_INVERSES = (
    (v.P_STRONGER, v.P_WEAKER),
    (v.P_EXTENDS, v.P_EXTENDED_BY),
    (v.P_NOT_STRONGER, v.P_NOT_WEAKER),
)


def knowledge_graph(catalog: Catalog, kb: KnowledgeBase) -> Graph:
    """Asserted plus inferred facts in one graph, with each relation's inverse reading."""
    graph = asserted_graph(catalog, kb)
    for triple in inferred_graph(kb):
        graph.add(triple)
    for forward, backward in _INVERSES:
        for a, _, b in list(graph.triples((None, forward, None))):
            graph.add((b, backward, a))
    bind_prefixes(graph)
    return graph


def graph_nquads(catalog: Catalog, kb: KnowledgeBase) -> bytes:
    """The queryable graph as N-Quads (all in the default graph), after a prefix header."""
    prefixes = {name: str(namespace) for name, namespace in sorted(v.PREFIXES.items())}
    header = PREFIX_HEADER + json.dumps(prefixes, separators=(",", ":")) + "\n"
    text: str = knowledge_graph(catalog, kb).serialize(format="nt")
    return (header + text).encode("utf-8")

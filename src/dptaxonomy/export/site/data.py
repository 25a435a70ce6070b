"""The site's data files: the RDF of each definition, the dataset downloads, the search index.

Per-definition RDF is the part of the asserted graph (``dptax export turtle``)
about that definition, serialised from the graph, so its IRIs and triples are
exactly the export's.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

from rdflib import BNode, Graph, URIRef
from rdflib.term import Node

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.rdf import bind_prefixes
from dptaxonomy.export.site.labels import label_of, library_names, literature_names
from dptaxonomy.export.site.urls import definition_url, mechanism_url
from dptaxonomy.export.vocabulary import BASE

__all__ = ["definition_graphs", "search_documents", "search_index_script"]


def definition_graphs(catalog: Catalog, graph: Graph) -> dict[str, str]:
    """Turtle of every definition's subgraph, by id, serialised by rdflib from ``graph``.

    A definition's subgraph is every triple whose subject is its IRI or an IRI
    under it (its claims, reified relations, citations, parameters, …), with the
    blank nodes (lists) those triples reach. Each part is serialised on its own,
    never cut out of the whole graph's text, so no literal (a summary with blank
    lines, quotes or Turtle syntax) can end one definition's file early or put
    triples in another's.
    """
    base = BASE + "def/"
    parts: dict[str, Graph] = {}
    for definition_id in catalog.definitions:
        parts[definition_id] = Graph()
        bind_prefixes(parts[definition_id])
    blank: dict[BNode, list[tuple[Node, Node, Node]]] = defaultdict(list)
    for triple in graph:
        subject = triple[0]
        if isinstance(subject, BNode):
            blank[subject].append(triple)
        elif isinstance(subject, URIRef) and subject.startswith(base):
            part = parts.get(subject[len(base) :].split("/", 1)[0])
            if part is not None:
                part.add(triple)
    for part in parts.values():
        todo = [o for o in part.objects() if isinstance(o, BNode)]
        while todo:
            for triple in blank.pop(todo.pop(), []):
                part.add(triple)
                if isinstance(triple[2], BNode):
                    todo.append(triple[2])
    return {i: part.serialize(format="turtle") for i, part in parts.items()}


def search_documents(catalog: Catalog) -> list[dict[str, Any]]:
    """One record per page worth finding: its URL, title, every name, and its summary.

    ``w`` (a definition's relations, stated in its entry or about it) breaks ties
    between equally good matches: the better connected definition first.
    """
    documents = []
    cited: Counter[str] = Counter(
        relation.target
        for d in catalog.definitions.values()
        for relation in d.relations
        if relation.target is not None
    )
    for definition in catalog.definitions.values():
        names = dict.fromkeys(
            [
                definition.name,
                *definition.abbreviations,
                *definition.aliases,
                *(label for label, _ in literature_names(definition)),
                *(row["identifier"] for row in library_names(definition)),
                *(f"{row['library']} {row['identifier']}" for row in library_names(definition)),
            ]
        )
        if definition.disambiguator:
            names[label_of(definition)] = None
        documents.append(
            {
                "u": definition_url(definition.id),
                "t": definition.name,
                "l": label_of(definition),
                "k": "definition",
                "i": definition.id,
                "n": list(names),
                "s": definition.summary,
                "w": len(definition.relations) + cited[definition.id],
            }
        )
    for mechanism in catalog.mechanisms.values():
        documents.append(
            {
                "u": mechanism_url(mechanism.id),
                "t": mechanism.name,
                "l": mechanism.name,
                "k": "mechanism",
                "i": mechanism.id,
                "n": list(dict.fromkeys([mechanism.name, *mechanism.aliases])),
                "s": mechanism.description,
                "w": 0,
            }
        )
    return documents


def search_index_script(documents: list[dict[str, Any]]) -> str:
    """The index as a script that sets ``window.DPTAX_SEARCH`` (works from file:// too).

    ``<`` is escaped so no text in the index can close the script element.
    """
    text = json.dumps(documents, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "window.DPTAX_SEARCH=" + text.replace("<", "\\u003c") + ";\n"

"""The site's data files: the RDF of each definition, the dataset downloads, the search index.

Per-definition RDF is the part of the asserted graph (``dptax export turtle``)
about that definition, so its IRIs are exactly the export's.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from rdflib import BNode, Graph, URIRef

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.rdf import bind_prefixes
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.export.site.urls import definition_url, mechanism_url
from dptaxonomy.export.vocabulary import BASE

__all__ = ["definition_graphs", "search_documents", "search_index_script"]


def definition_graphs(catalog: Catalog, graph: Graph) -> dict[str, str]:
    """Turtle of every definition's resources (its IRI and the nodes under it), by id.

    ``graph`` is the asserted graph of the export (:func:`~dptaxonomy.export.rdf.asserted_graph`).
    """
    prefix = f"{BASE}def/"
    owned: dict[str, list[Any]] = defaultdict(list)
    blank: dict[BNode, list[Any]] = defaultdict(list)
    for triple in graph:
        subject = triple[0]
        if isinstance(subject, BNode):
            blank[subject].append(triple)
        elif isinstance(subject, URIRef) and str(subject).startswith(prefix):
            owned[str(subject)[len(prefix) :].split("/", 1)[0]].append(triple)
    result = {}
    for definition_id in catalog.definitions:
        part = Graph()
        bind_prefixes(part)
        pending = list(owned.get(definition_id, []))
        while pending:
            triple = pending.pop()
            if triple in part:
                continue
            part.add(triple)
            if isinstance(triple[2], BNode):
                pending.extend(blank.get(triple[2], []))
        result[definition_id] = part.serialize(format="turtle")
    return result


def search_documents(catalog: Catalog) -> list[dict[str, Any]]:
    """One record per page worth finding: its URL, title, every name, and its summary."""
    documents = []
    for definition in catalog.definitions.values():
        names = dict.fromkeys([definition.name, *definition.abbreviations, *definition.aliases])
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
            }
        )
    return documents


def search_index_script(documents: list[dict[str, Any]]) -> str:
    """The index as a script that sets ``window.DPTAX_SEARCH`` (works from file:// too).

    ``<`` is escaped so no text in the index can close the script element.
    """
    text = json.dumps(documents, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "window.DPTAX_SEARCH=" + text.replace("<", "\\u003c") + ";\n"

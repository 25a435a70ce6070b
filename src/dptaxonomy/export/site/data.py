"""The site's data files: the RDF of each definition, the dataset downloads, the search index.

Per-definition RDF is the part of the asserted graph (``dptax export turtle``)
about that definition, so its IRIs are exactly the export's.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Any

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of, library_names, literature_names
from dptaxonomy.export.site.urls import definition_url, mechanism_url
from dptaxonomy.export.vocabulary import BASE

__all__ = ["definition_graphs", "search_documents", "search_index_script"]

_SUBJECT = re.compile(
    r"^(?:def:([a-z0-9]+(?:-[a-z0-9]+)*)|<"
    + re.escape(BASE)
    + r"def/([a-z0-9]+(?:-[a-z0-9]+)*)[/>])"
)


def definition_graphs(catalog: Catalog, turtle: str) -> dict[str, str]:
    """Turtle of every definition's resources (its IRI and the nodes under it), by id.

    ``turtle`` is the export's Turtle (``dptax export turtle``): rdflib writes one
    block per subject, with blank nodes inlined, so each definition's part is the
    blocks whose subject is its IRI or an IRI under it, after the same prefixes.
    Cutting the text instead of serialising subgraphs keeps the IRIs (and the
    bytes of each statement) exactly the export's.
    """
    blocks: list[str] = []
    for fragment in turtle.strip("\n").split("\n\n"):
        if blocks and not blocks[-1].rstrip().endswith("."):  # a literal with a blank line
            blocks[-1] += "\n\n" + fragment
        else:
            blocks.append(fragment)
    prefixes = blocks[0] if blocks and blocks[0].startswith("@prefix") else ""
    owned: dict[str, list[str]] = defaultdict(list)
    for block in blocks[1:] if prefixes else blocks:
        subject = block.split(maxsplit=1)[0] if block.strip() else ""
        found = _SUBJECT.match(subject)
        if found is not None:
            owned[found.group(1) or found.group(2)].append(block)
    return {
        i: prefixes + "\n\n" + "\n\n".join(owned.get(i, [])) + "\n" for i in catalog.definitions
    }


def search_documents(catalog: Catalog) -> list[dict[str, Any]]:
    """One record per page worth finding: its URL, title, every name, and its summary."""
    documents = []
    for definition in catalog.definitions.values():
        names = dict.fromkeys(
            [
                definition.name,
                *definition.abbreviations,
                *definition.aliases,
                *(label for label, _ in literature_names(definition)),
                *(row["identifier"] for row in library_names(definition)),
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

"""Outputs that cannot be forged (issue 29, part 4): one section per class of forgery.

1. Per-definition RDF: a hostile text field cannot break its definition's
   ``rdf.ttl`` or inject triples into another definition's file.
"""

from __future__ import annotations

from typing import Any

import pytest
from rdflib import BNode, Graph, URIRef
from rdflib.compare import isomorphic

from dptaxonomy.base import records
from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import asserted_graph
from dptaxonomy.export.site.builder import SiteOptions
from dptaxonomy.export.site.render import Renderer
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.conftest import FIXTURES

VALID = load_catalog(FIXTURES / "valid")


def changed(catalog: Catalog, definition_id: str, **update: Any) -> Catalog:
    """``catalog`` with some fields of one definition replaced (no validation: hostile text)."""
    entry = catalog.entries[definition_id]
    new = type(entry)(entry.definition.model_copy(update=update), entry.file, entry.located)
    return records.replace(catalog, entries={**catalog.entries, definition_id: new})


# 1. Per-definition RDF ---------------------------------------------------------------------

INJECTED = f"<{v.BASE}def/renyi-dp> <{v.BASE}ns#stronger> <{v.BASE}def/bayesian-dp-ab20> ."
HOSTILE_TEXTS = {
    "blank lines and an injected triple": f"Ends here.\n\n{INJECTED}\n\nmore.",
    "prefixed subject after a blank line": "x.\n\ndef:renyi-dp dp:stronger def:bayesian-dp-ab20 .",
    "triple quotes": 'a """ b \'\'\' c.\n\n"""\n\n.',
    "a prefix directive": "fine.\n\n@prefix def: <http://evil.example/> .\n\n",
    "angle brackets and dots": "<a> . > < .\n\n. .\n\n<>",
    "only blank lines": "\n\n\n\n",
}


def _owned_subjects(graph: Graph, definition_id: str) -> set[URIRef]:
    iri = str(v.definition_iri(definition_id))
    return {
        s
        for s in graph.subjects()
        if isinstance(s, URIRef) and (s == URIRef(iri) or s.startswith(iri + "/"))
    }


def _expected(graph: Graph, definition_id: str) -> Graph:
    """The triples about the definition and the nodes under its IRI, with their blank nodes."""
    part = Graph()
    todo: list[Any] = list(_owned_subjects(graph, definition_id))
    seen: set[Any] = set()
    while todo:
        subject = todo.pop()
        if subject in seen:
            continue
        seen.add(subject)
        for _, p, o in graph.triples((subject, None, None)):
            part.add((subject, p, o))
            if isinstance(o, BNode):
                todo.append(o)
    return part


@pytest.mark.parametrize("text", HOSTILE_TEXTS.values(), ids=HOSTILE_TEXTS.keys())
@pytest.mark.parametrize("field", ["summary", "statement"])
def test_per_definition_rdf_holds_exactly_that_definitions_triples(field: str, text: str) -> None:
    catalog = changed(VALID, "differential-privacy", **{field: text})
    kb = compile_knowledge_base(catalog)
    files = Renderer(
        catalog, kb, version="0", date="2026-11-28", options=SiteOptions(date="2026-11-28")
    ).data_files()
    full = asserted_graph(catalog, kb)
    for definition_id in catalog.definitions:
        part = Graph().parse(data=files[f"d/{definition_id}/rdf.ttl"].decode(), format="turtle")
        assert isomorphic(part, _expected(full, definition_id)), definition_id
    hostile = Graph().parse(data=files["d/differential-privacy/rdf.ttl"].decode(), format="turtle")
    predicate = v.P_STATEMENT if field == "statement" else v.DCTERMS.description
    assert [
        str(o) for o in hostile.objects(v.definition_iri("differential-privacy"), predicate)
    ] == [text]

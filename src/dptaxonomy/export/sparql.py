"""SPARQL over the asserted and inferred facts (rdflib)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from rdflib import Graph
from rdflib.term import Node

from dptaxonomy.base.errors import DptaxError
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import asserted_graph, bind_prefixes, inferred_graph
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["QueryResult", "SparqlError", "knowledge_graph", "run_query"]


class SparqlError(DptaxError):
    """The query could not be parsed or evaluated."""


@dataclass(frozen=True)
class QueryResult:
    """Variables and rows of a SELECT, or the answer of an ASK."""

    variables: list[str]
    rows: list[list[str | None]]
    boolean: bool | None = None

    def text(self, fmt: str) -> str:
        if self.boolean is not None:
            return (
                json.dumps({"boolean": self.boolean}) + "\n"
                if fmt == "json"
                else f"{self.boolean}\n"
            )
        if fmt == "json":
            data = [dict(zip(self.variables, row, strict=True)) for row in self.rows]
            return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        buffer = io.StringIO()
        if fmt == "csv":
            writer = csv.writer(buffer, lineterminator="\n")
            writer.writerow(self.variables)
            writer.writerows([[c or "" for c in row] for row in self.rows])
            return buffer.getvalue()
        widths = [
            max([len(n), *(len(r[i] or "") for r in self.rows)])
            for i, n in enumerate(self.variables)
        ]
        lines = [
            "  ".join(n.ljust(w) for n, w in zip(self.variables, widths, strict=True)).rstrip()
        ]
        lines += [
            "  ".join((c or "").ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            for row in self.rows
        ]
        return "\n".join(lines) + "\n"


def _short(node: Node | None) -> str | None:
    if node is None:
        return None
    text = str(node)
    for prefix, namespace in (
        ("def:", v.BASE + "def/"),
        ("ref:", v.BASE + "ref/"),
        ("dp:", str(v.DP)),
    ):
        if text.startswith(namespace):
            return prefix + text[len(namespace) :]
    return text


def knowledge_graph(catalog: Catalog, kb: KnowledgeBase) -> Graph:
    """Asserted plus inferred facts in one graph."""
    graph = asserted_graph(catalog, kb)
    for triple in inferred_graph(kb):
        graph.add(triple)
    bind_prefixes(graph)
    return graph


def run_query(catalog: Catalog, kb: KnowledgeBase, query: str) -> QueryResult:
    """Run a SELECT or ASK query; prefixes dp:, def:, ref:, skos:, … are predeclared."""
    graph = knowledge_graph(catalog, kb)
    try:
        result = graph.query(query, initNs=dict(v.PREFIXES))
    except Exception as exc:  # rdflib raises pyparsing and evaluation errors of many types
        raise SparqlError(f"SPARQL error: {exc}") from None
    if result.type == "ASK":
        return QueryResult([], [], bool(result.askAnswer))
    if result.type != "SELECT":
        raise SparqlError("only SELECT and ASK queries are supported")
    variables = [str(x) for x in result.vars or []]
    rows = [[_short(row[i]) for i in range(len(variables))] for row in result]  # type: ignore[index]
    return QueryResult(variables, sorted(rows, key=lambda r: [c or "" for c in r]))

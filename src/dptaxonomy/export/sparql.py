"""SPARQL over the asserted and inferred facts: checked, then evaluated within bounds.

A query may read the knowledge base and nothing else. :mod:`.sparqlguard`
refuses ``SERVICE``, ``FROM``, ``LOAD``, updates and every form but SELECT
and ASK before evaluation; :mod:`.sparqlsandbox` evaluates the rest with
pyoxigraph in a child process under a time, row and memory limit. The
dataset (asserted graph, inferred graph, and the inverse readings
``dp:weaker``, ``dp:extendedBy``, ``dp:notWeaker``) is built with rdflib and
cached as N-Quads, keyed by the catalog's content.
"""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path

from rdflib import Graph

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.rdf import asserted_graph, bind_prefixes, inferred_graph
from dptaxonomy.export.sparqlguard import SparqlError, check_query, orders_results
from dptaxonomy.export.sparqlsandbox import Bounds, evaluate_bounded
from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "Bounds",
    "QueryResult",
    "SparqlError",
    "dataset_nquads",
    "graph_nquads",
    "knowledge_graph",
    "run_catalog_query",
    "run_on_dataset",
    "run_query",
]

GRAPH_FORMAT = 2
"""Bump when the queryable graph changes shape: cached datasets are keyed by it."""


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


def _short(text: str | None) -> str | None:
    if text is None:
        return None
    for prefix, namespace in (
        ("def:", v.BASE + "def/"),
        ("ref:", v.BASE + "ref/"),
        ("dp:", str(v.DP)),
    ):
        if text.startswith(namespace):
            return prefix + text[len(namespace) :]
    return text


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
    """The queryable graph as N-Quads (all in the default graph)."""
    text: str = knowledge_graph(catalog, kb).serialize(format="nt")
    return text.encode("utf-8")


def dataset_nquads(directory: Path, *, assume_conjectures: bool = False) -> bytes:
    """The queryable graph of the catalog at ``directory`` as N-Quads, cached by content.

    Raises :class:`~dptaxonomy.base.errors.CatalogError` if the catalog is invalid.
    """
    from dptaxonomy.base.atomic import write_bytes_atomic
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import NO_CACHE_ENV, cache_dir, catalog_digest
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    use_cache = not os.environ.get(NO_CACHE_ENV)
    suffix = "-conj" if assume_conjectures else ""
    path = None
    if use_cache and directory.is_dir():
        path = cache_dir() / f"kg{GRAPH_FORMAT}-{catalog_digest(directory)}{suffix}.nq"
        try:
            return path.read_bytes()
        except OSError:
            pass
    catalog = load_catalog(directory)
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    data = graph_nquads(
        catalog, compile_knowledge_base(catalog, assume_conjectures=assume_conjectures)
    )
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(path, data)
        except OSError:
            pass  # a read-only cache directory only costs speed
    return data


def run_on_dataset(nquads: bytes, query: str, bounds: Bounds | None = None) -> QueryResult:
    """Check ``query``, then evaluate it over ``nquads`` within ``bounds``."""
    bounds = bounds or Bounds()
    form = check_query(query)
    prefixes = {name: str(namespace) for name, namespace in v.PREFIXES.items()}
    outcome = evaluate_bounded(nquads, query, prefixes, bounds)
    if form == "ASK":
        return QueryResult([], [], outcome.boolean)
    rows = [[_short(cell) for cell in row] for row in outcome.rows]
    if not orders_results(query):
        rows.sort(key=lambda r: [c or "" for c in r])
    return QueryResult(outcome.variables, rows)


def run_query(
    catalog: Catalog, kb: KnowledgeBase, query: str, bounds: Bounds | None = None
) -> QueryResult:
    """Run a SELECT or ASK query; prefixes dp:, def:, ref:, skos:, … are predeclared.

    Rows come sorted unless the query has ORDER BY. Raises
    :class:`~dptaxonomy.export.sparqlguard.SparqlRefused` for a query that
    would reach outside the knowledge base, and
    :class:`~dptaxonomy.export.sparqlsandbox.SparqlBoundError` for a syntax
    or evaluation error or a query that hits a bound.
    """
    return run_on_dataset(graph_nquads(catalog, kb), query, bounds or Bounds())


def run_catalog_query(
    directory: Path,
    query: str,
    *,
    assume_conjectures: bool = False,
    bounds: Bounds | None = None,
) -> QueryResult:
    """:func:`run_query` over the catalog at ``directory``, its dataset cached by content."""
    check_query(query)  # refuse before any work
    nquads = dataset_nquads(directory, assume_conjectures=assume_conjectures)
    return run_on_dataset(nquads, query, bounds or Bounds())

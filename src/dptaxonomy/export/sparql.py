"""SPARQL over the asserted and inferred facts: checked, then evaluated within bounds.

A query may read the knowledge base and nothing else. :mod:`.sparqlguard`
refuses ``SERVICE``, ``FROM``, ``LOAD``, updates and every form but SELECT
and ASK before evaluation, on the algebra rdflib's SPARQL parser reads
(:mod:`.sparqlalgebra`); :mod:`.sparqlsandbox` evaluates the same text with
pyoxigraph in a child process that can open no socket and no file, under a
time, row and memory limit. The dataset (:mod:`.sparqlgraph`) is built with
rdflib once and cached as sealed N-Quads (:mod:`.sparqlcache`), keyed by the
catalog's content, and as a sealed pyoxigraph store on disk built from them
(:mod:`.sparqlstore`), which a query opens instead of loading the N-Quads: a
query over a cached dataset imports rdflib's parser but not pydantic, and
never builds a graph.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from dptaxonomy.base.records import record
from dptaxonomy.export.sparqlcache import seal, unseal
from dptaxonomy.export.sparqlguard import SparqlError, canonical_query, check_text
from dptaxonomy.export.sparqlsandbox import Bounds, StoreUnreadable, evaluate_bounded
from dptaxonomy.export.sparqlstore import build_store, checked_store, store_descriptors

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.export.sparqlsandbox import Dataset
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "PREFIX_HEADER",
    "Bounds",
    "QueryResult",
    "SparqlError",
    "dataset_nquads",
    "run_catalog_query",
    "run_on_dataset",
    "run_query",
]

GRAPH_FORMAT = 3
"""Bump when the queryable graph changes shape: cached datasets are keyed by it."""

PREFIX_HEADER = "# dptaxonomy prefixes: "
"""The dataset's first line: a comment recording the prefixes a query may use."""


@record
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


def _prefixes(nquads: bytes) -> dict[str, str]:
    """The prefixes recorded in the dataset's first line (see :mod:`.sparqlgraph`)."""
    first = nquads.split(b"\n", 1)[0].decode("utf-8")
    if not first.startswith(PREFIX_HEADER):
        raise SparqlError("the cached SPARQL dataset has no prefix header; delete the cache")
    prefixes: dict[str, str] = json.loads(first[len(PREFIX_HEADER) :])
    return prefixes


def _short(text: str | None, prefixes: dict[str, str]) -> str | None:
    """An IRI of ours as ``def:``, ``ref:`` or ``dp:`` name; any other value unchanged."""
    if text is None:
        return None
    for prefix in ("def", "ref", "dp"):
        namespace = prefixes[prefix]
        if text.startswith(namespace):
            return f"{prefix}:{text[len(namespace) :]}"
    return text


def _cached_path(directory: Path, assume_conjectures: bool) -> Path | None:
    """Where the dataset of the catalog at ``directory`` is cached (None: no cache)."""
    from dptaxonomy.cache.digest import code_stamp
    from dptaxonomy.cache.store import NO_CACHE_ENV, cache_dir, catalog_digest

    if os.environ.get(NO_CACHE_ENV) or not directory.is_dir():
        return None
    key = f"{catalog_digest(directory)}-{code_stamp(('export',))}"  # the graph's own code too
    suffix = "-conj" if assume_conjectures else ""
    return cache_dir() / f"kg{GRAPH_FORMAT}-{key}{suffix}.nq"


def dataset_nquads(directory: Path, *, assume_conjectures: bool = False) -> bytes:
    """The queryable graph of the catalog at ``directory`` as N-Quads, cached by content.

    Raises :class:`~dptaxonomy.base.errors.CatalogError` if the catalog is invalid.
    """
    path = _cached_path(directory, assume_conjectures)
    if path is not None:
        try:
            cached = unseal(path.read_bytes())
        except OSError:
            cached = None
        if cached is not None:
            return cached  # else it was changed after it was written: rebuild it
    from dptaxonomy.base.atomic import write_bytes_atomic
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.export.sparqlgraph import graph_nquads
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    catalog = load_catalog(directory)
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    data = graph_nquads(
        catalog, compile_knowledge_base(catalog, assume_conjectures=assume_conjectures)
    )
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(path, seal(data))
        except OSError:
            pass  # a read-only cache directory only costs speed
    return data


def _dataset(directory: Path, assume_conjectures: bool) -> tuple[Dataset, dict[str, str]]:
    """What a query over the catalog at ``directory`` reads, and its prefixes: the cached
    store on disk where it checks (built from the N-Quads when missing or changed), else
    the N-Quads (no cache, a read-only cache, or no way to confine a store's files)."""
    path = _cached_path(directory, assume_conjectures)
    store = None
    if path is not None and store_descriptors() is not None:
        import pyoxigraph  # the child's evaluator: the store's format is its version's

        store = path.parent / f"{path.stem}.oxigraph-{pyoxigraph.__version__}"
        prefixes = checked_store(store)
        if prefixes is not None:
            return store, prefixes
    nquads = dataset_nquads(directory, assume_conjectures=assume_conjectures)
    prefixes = _prefixes(nquads)
    if store is not None and build_store(store, nquads, prefixes):
        return store, prefixes
    return nquads, prefixes


def run_on_dataset(
    dataset: Dataset,
    query: str,
    bounds: Bounds | None = None,
    prefixes: dict[str, str] | None = None,
) -> QueryResult:
    """Check ``query``, then evaluate the text the check read over ``dataset`` within ``bounds``
    (N-Quads, whose first line gives the prefixes, or a checked store and its ``prefixes``)."""
    bounds = bounds or Bounds()
    text = canonical_query(query)
    if prefixes is None:
        assert isinstance(dataset, bytes), "a store's prefixes come from its manifest"
        prefixes = _prefixes(dataset)
    outcome = evaluate_bounded(dataset, text, prefixes, bounds, check_text)
    if outcome.boolean is not None:
        return QueryResult([], [], outcome.boolean)
    rows = [[_short(cell, prefixes) for cell in row] for row in outcome.rows]
    if not outcome.ordered:
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
    from dptaxonomy.export.sparqlgraph import graph_nquads

    return run_on_dataset(graph_nquads(catalog, kb), query, bounds or Bounds())


def run_catalog_query(
    directory: Path,
    query: str,
    *,
    assume_conjectures: bool = False,
    bounds: Bounds | None = None,
) -> QueryResult:
    """:func:`run_query` over the catalog at ``directory``, its dataset cached by content."""
    canonical_query(query)  # refuse a text that is not one query before any work
    dataset, prefixes = _dataset(directory, assume_conjectures)
    try:
        return run_on_dataset(dataset, query, bounds or Bounds(), prefixes)
    except StoreUnreadable:  # replaced or damaged since it was checked: the N-Quads answer
        nquads = dataset_nquads(directory, assume_conjectures=assume_conjectures)
        return run_on_dataset(nquads, query, bounds or Bounds())

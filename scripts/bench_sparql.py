"""SPARQL evaluators on the real catalog: pyoxigraph (used by `dptax sparql`) against rdflib.

Both evaluate the same dataset (the N-Quads `dptax sparql` queries: asserted
and inferred facts with their inverse readings), in one run:

- ``setup``: load the N-Quads into the evaluator's store;
- ``path``: ``?a dp:stronger+ ?b`` (transitive property path);
- ``join``: a two-way join, ``?a dp:stronger ?b . ?b dp:extends ?c``;
- ``wide``: a two-way join reaching every triple, ``?a dp:stronger ?b . ?b ?p ?x``;
- ``cross``: the first 10 001 rows of a three-way cross join (what the row
  limit reads before it stops a query).

Each query is timed once per evaluator (the slowest take minutes on rdflib);
``--skip-cross-rdflib`` leaves out the slowest measurement.

    python scripts/bench_sparql.py
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.sparql import dataset_nquads

ROOT = Path(__file__).resolve().parent.parent
QUERIES = {
    "path": "SELECT ?a ?b WHERE { ?a dp:stronger+ ?b }",
    "join": "SELECT ?a ?c WHERE { ?a dp:stronger ?b . ?b dp:extends ?c }",
    "wide": "SELECT ?a ?p ?x WHERE { ?a dp:stronger ?b . ?b ?p ?x }",
    "cross": "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",
}
CROSS_ROWS = 10_001


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def _oxigraph(store: Any, query: str, prefixes: dict[str, str], name: str) -> int:
    return _rows(store.query(query, prefixes=prefixes), name)


def _evaluated(dataset: Any, query: str, prefixes: dict[str, str], name: str) -> int:
    return _rows(dataset.query(query, initNs=prefixes), name)


def _rows(rows: Iterable[Any], name: str) -> int:
    if name == "cross":
        return sum(1 for _ in itertools.islice(rows, CROSS_ROWS))
    return sum(1 for _ in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-cross-rdflib", action="store_true")
    arguments = parser.parse_args()

    import pyoxigraph as ox
    from rdflib import Dataset

    data = dataset_nquads(ROOT / "catalog")
    prefixes = {name: str(namespace) for name, namespace in v.PREFIXES.items()}
    results: dict[str, tuple[float, float | None, int]] = {}

    def oxigraph_setup() -> Any:
        store = ox.Store()
        store.bulk_load(data, ox.RdfFormat.N_QUADS)
        return store

    def rdflib_setup() -> Any:
        graph = Dataset()
        graph.parse(data=data.decode("utf-8"), format="nquads")
        return graph

    ox_setup, store = timed(oxigraph_setup)
    rdf_setup, dataset = timed(rdflib_setup)
    results["setup"] = (ox_setup, rdf_setup, data.count(b"\n"))
    for name, query in QUERIES.items():
        ox_time, ox_rows = timed(partial(_oxigraph, store, query, prefixes, name))
        rdf_time: float | None = None
        if not (name == "cross" and arguments.skip_cross_rdflib):
            rdf_time, rdf_rows = timed(partial(_evaluated, dataset, query, prefixes, name))
            assert rdf_rows == ox_rows, (name, rdf_rows, ox_rows)
        results[name] = (ox_time, rdf_time, ox_rows)
    print(f"{'measure':<8} {'rows':>7} {'pyoxigraph s':>13} {'rdflib s':>10} {'ratio':>8}")
    for name, (ox_time, rdf_time, rows) in results.items():
        ratio = f"{rdf_time / ox_time:.0f}x" if ox_time and rdf_time else "-"
        rdf_text = f"{rdf_time:.3f}" if rdf_time is not None else "skipped"
        print(f"{name:<8} {rows:>7} {ox_time:>13.3f} {rdf_text:>10} {ratio:>8}")


if __name__ == "__main__":
    main()

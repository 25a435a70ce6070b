"""Hostile inputs, worst-case section: no catalog can stall validation (issue 10, item 5).

Each worst case writes a real catalog (the valid fixture plus generated
entries) and runs `dptax validate` in a separate process under a time bound
and a 1 GiB address-space limit. The shapes are the known traps: a dense ⊂
graph (every definition extends every other: exponentially many cycles), a
dense ≻ order with many separations, and a long ≻ chain closed into one cycle
with ⊂ edges along it. The algorithms behind them are checked against
networkx and against the pruned search on small random graphs.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.synthetic import synthetic_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.contradictions import shortest_cycle
from dptaxonomy.reasoning.logic.facts import FactKind
from dptaxonomy.reasoning.logic.proofs import ProofSearch
from dptaxonomy.schema.models import RelationKind
from tests.conftest import FIXTURES

Edge = tuple[int, str, int]


def dense_extends(n: int) -> list[Edge]:
    return [(a, "extends", b) for a in range(n) for b in range(n) if a != b]


def dense_separated(n: int) -> list[Edge]:
    """Two ≻ chains, every other pair across them separated (consistent)."""
    half = n // 2
    edges = [(a, "stronger", a + 1) for a in range(half - 1)]
    edges += [(a, "stronger", a + 1) for a in range(half, n - 1)]
    edges += [
        (b, "not_stronger", a) for a in range(half) for b in range(half, n) if (a + b) % 2 == 0
    ]
    return edges


def separated_contradictions(n: int) -> list[Edge]:
    """One ≻ chain and a third of all pairs along it asserted ¬≻: thousands of contradictions."""
    edges = [(a, "stronger", a + 1) for a in range(n - 1)]
    edges += [
        (a, "not_stronger", b) for a in range(n) for b in range(a + 1, n) if (7 * a + b) % 3 == 0
    ]
    return edges


def chain_with_cycle(n: int) -> list[Edge]:
    edges = [(a, "stronger", a + 1) for a in range(n - 1)]
    edges.append((n - 1, "stronger", 0))
    edges += [(a, "extends", a + 1) for a in range(0, n - 1, 2)]
    return edges


def write_catalog(directory: Path, n: int, edges: list[Edge]) -> None:
    shutil.copytree(FIXTURES / "valid", directory)
    relations: dict[int, list[str]] = {i: [] for i in range(n)}
    for a, kind, b in edges:
        relations[a].append(
            f"  - {{kind: {kind}, target: h-{b:04d}, citation: {{key: DP20, at: x}}}}"
        )
    for i in range(n):
        lines = [
            f"id: h-{i:04d}",
            f"name: hostile {i}",
            "dimensions: [Q]",
            "summary: A hostile fixture entry, used by the tests.",
            "introduced_in: [Dwo06]",
            "source: {key: DP20}",
            "scope: core",
            "properties:",
            "  post_processing: {value: unknown}",
            "  convexity: {value: unknown}",
            "  composability: {value: unknown}",
        ]
        if relations[i]:
            lines += ["relations:", *relations[i]]
        (directory / f"h-{i:04d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


# name: (generator, definitions, exit code, text the output must contain, time bound in s)
WORST_CASES: dict[str, tuple[Callable[[int], list[Edge]], int, int, str, float]] = {
    "dense-extends-120": (dense_extends, 120, 1, "⊂-cycle between distinct definitions", 60),
    "dense-separated-160": (dense_separated, 160, 0, "", 60),
    "separated-contradictions-160": (
        separated_contradictions,
        160,
        1,
        "error[contradiction-C1]",
        60,
    ),
    "chain-with-cycle-2000": (chain_with_cycle, 2000, 0, "", 90),
}


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WORST_CASES))
def test_worst_case_validates_in_bounded_time(name: str, tmp_path: Path) -> None:
    build, n, code, needle, bound = WORST_CASES[name]
    catalog = tmp_path / "catalog"
    write_catalog(catalog, n, build(n))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "dptaxonomy", "validate", "--catalog", str(catalog)],
        capture_output=True,
        timeout=bound,
        preexec_fn=_limit,
        env={**os.environ, "DPTAX_CACHE_DIR": str(tmp_path / "cache")},
        check=False,
    )
    elapsed = time.perf_counter() - start
    assert done.returncode == code, done.stderr.decode()[-2000:]
    assert b"Traceback" not in done.stderr
    assert needle.encode() in done.stdout
    assert elapsed < bound


@pytest.mark.slow
def test_redundant_on_a_dense_graph_is_bounded(tmp_path: Path) -> None:
    """`dptax redundant` over 14 280 mutually implied ⊂ facts: 474 s before, about 14 s after."""
    catalog = tmp_path / "catalog"
    write_catalog(catalog, 120, dense_extends(120))
    done = subprocess.run(
        [sys.executable, "-m", "dptaxonomy", "redundant", "--catalog", str(catalog)],
        capture_output=True,
        timeout=120,
        preexec_fn=_limit,
        env={**os.environ, "DPTAX_CACHE_DIR": str(tmp_path / "cache")},
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert b"14280 redundant fact(s)" in done.stdout + done.stderr


def test_dense_extension_cycle_is_the_least_shortest_one() -> None:
    """Eleven mutually extending definitions took 43 s before the BFS; the cycle is canonical."""
    ids = [f"d{i:02d}" for i in range(11)]
    triples = [(a, RelationKind.extends, b) for a in ids for b in ids if a != b]
    kb = compile_knowledge_base(synthetic_catalog(ids, triples))
    from dptaxonomy.reasoning.logic.contradictions import find_contradictions

    start = time.perf_counter()
    found = find_contradictions(kb)
    assert time.perf_counter() - start < 5
    assert [c.message for c in found] == ["⊂-cycle between distinct definitions: d00 ⊂ d01 ⊂ d00"]


graphs = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=25)


@settings(max_examples=200, deadline=None)
@given(graphs)
def test_shortest_cycle_matches_networkx(edges: list[tuple[int, int]]) -> None:
    graph: nx.DiGraph = nx.DiGraph()
    graph.add_edges_from((f"n{a}", f"n{b}") for a, b in edges if a != b)
    successors = {node: sorted(graph.successors(node)) for node in graph}
    for members in nx.strongly_connected_components(graph):
        if len(members) < 2:
            continue
        cycles = []
        for cycle in nx.simple_cycles(graph.subgraph(members)):
            turn = cycle.index(min(cycle))
            cycles.append(cycle[turn:] + cycle[:turn])
        expected = min(cycles, key=lambda c: (len(c), c))
        assert shortest_cycle(successors, sorted(members)) == expected


ids = [f"d{i}" for i in range(8)]
relation_lists = st.lists(
    st.tuples(
        st.sampled_from(ids),
        st.sampled_from([RelationKind.stronger, RelationKind.equivalent, RelationKind.weaker]),
        st.sampled_from(ids),
    ).filter(lambda t: t[0] != t[2]),
    max_size=20,
)


@settings(max_examples=100, deadline=None)
@given(relation_lists)
def test_memoised_stronger_proofs_equal_the_pruned_search(
    items: list[tuple[str, RelationKind, str]],
) -> None:
    kb = compile_knowledge_base(synthetic_catalog(ids, items))
    search = ProofSearch(kb)
    for a in ids:
        for b in ids:
            proof = search.stronger(a, b)
            chain = search._chain(FactKind.stronger, kb.strength, a, b)
            assert (proof.steps if proof else None) == chain

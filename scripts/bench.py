"""Benchmark the reasoner against owlrl, rdflib SPARQL and networkx on the same facts, in one run.

For each size N it writes a synthetic catalog of N definitions (about three
relation facts each: ≻ chains and branches, ⊂ edges, equivalence classes,
separations; see ``dptaxonomy.catalog.synthetic.random_relations``) as YAML files,
then times, on that data:

- ``load_s``: loading and validating the YAML catalog (both passes);
- ``engine_s``: building the knowledge base (closure over equivalence
  classes, ⊂ closure, separations; proofs are then available on demand);
- ``query_s``: a ``stronger-than`` query with a proof for every answer;
- ``networkx_s``: networkx's bare ``transitive_closure`` of the ≻ edges;
- ``sparql_s``: rdflib evaluating ``SELECT ?a ?b { ?a dp:stronger+ ?b }``;
- ``owlrl_s``: owlrl's OWL-RL closure of the RDF export plus the ontology
  (skipped above 1 000 definitions: it takes minutes).

Usage: ``python scripts/bench.py [--sizes 225,1000,10000] [--cpu] [--json]``;
``--conversions`` times ``dptax convert`` on the real catalog instead.

``--commands`` instead times whole `dptax` commands on the real catalog as
ratios to a bare ``python -c pass`` (see :mod:`scripts.bench_commands`):
``python scripts/bench.py --commands [--rounds 10] [--json]``; ``--instructions``
counts their instructions instead (valgrind; see :mod:`scripts.bench_instructions`).

``--api`` times a new ``dptaxonomy.convert`` in a warm process (see :mod:`scripts.bench_api`).

``--compose`` times ``dptax compose`` against dp_accounting's PLD accountant on the DP-SGD
case and prints the comparison table (see :mod:`scripts.bench_compose`).

``--scale`` runs the scale cases instead (chains, stars, random catalogs up to
10× the real one, wide mechanism grids; see :mod:`scripts.bench_scale`):
``python scripts/bench.py --scale [--quick]``.

``--record`` appends the run to ``docs/performance-history.json`` and rewrites
docs/performance.md from it (see :mod:`scripts.bench_page`).
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dptaxonomy.catalog.store import Catalog, load_catalog, open_catalog
from dptaxonomy.catalog.synthetic import SYNTHETIC_KEY, random_relations, synthetic_id
from dptaxonomy.queries.convert import convert_result
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.reasoner import Reasoner

OWLRL_LIMIT = 1000

_ENTRY = """id: {id}
name: synthetic {id}
dimensions: []
summary: A synthetic definition written by the benchmark to time the reasoner.
introduced_in: [{key}]
source: {{key: {key}}}
scope: core
properties:
  post_processing: {{value: unknown}}
  convexity: {{value: unknown}}
  composability: {{value: unknown}}
relations:
{relations}"""
_RELATION = "  - {{kind: {kind}, target: {target}, citation: {{key: {key}, at: fact {number}}}}}\n"


def write_catalog(directory: Path, size: int, seed: int = 0) -> int:
    """Write a synthetic catalog of ``size`` definitions; return the number of relation facts."""
    triples = random_relations(size, seed=seed)
    by_subject: dict[str, list[str]] = {synthetic_id(i): [] for i in range(size)}
    for number, (subject, kind, target) in enumerate(triples):
        by_subject[subject].append(
            _RELATION.format(kind=kind.value, target=target, key=SYNTHETIC_KEY, number=number)
        )
    (directory / "references.yaml").write_text(
        f"{SYNTHETIC_KEY}:\n  authors: [Benchmark]\n  title: Synthetic facts\n  year: 2000\n",
        encoding="utf-8",
    )
    for subject, relations in by_subject.items():
        text = _ENTRY.format(
            id=subject, key=SYNTHETIC_KEY, relations="".join(relations) or "  []\n"
        )
        if not relations:
            text = text.replace("relations:\n  []\n", "relations: []\n")
        (directory / f"{subject}.yaml").write_text(text, encoding="utf-8")
    return len(triples)


CLOCKS: dict[bool, Callable[[], float]] = {False: time.perf_counter, True: time.process_time}
"""The clock :func:`timed` reads: wall time, or (``--cpu``) this process's CPU time, which other
processes sharing the machine do not inflate."""


def timed(action: Callable[[], Any], cpu: bool = False) -> tuple[float, Any]:
    """Seconds taken by ``action`` (after a full collection, so earlier garbage is not billed)."""
    clock = CLOCKS[cpu]
    gc.collect()
    start = clock()
    result = action()
    return clock() - start, result


def _networkx(kb: KnowledgeBase, cpu: bool) -> float:
    import networkx as nx

    graph: nx.DiGraph = nx.DiGraph()
    graph.add_nodes_from(kb.info)
    graph.add_edges_from((f.a, f.b) for f in kb.stronger_facts)
    seconds, _ = timed(lambda: nx.transitive_closure(graph, reflexive=False), cpu)
    return seconds


def _sparql(kb: KnowledgeBase, cpu: bool) -> float:
    from rdflib import Graph

    from dptaxonomy.export import vocabulary as v

    graph = Graph()
    for fact in kb.stronger_facts:
        graph.add((v.definition_iri(fact.a), v.P_STRONGER, v.definition_iri(fact.b)))
    query = "SELECT ?a ?b WHERE { ?a dp:stronger+ ?b }"
    seconds, _ = timed(lambda: list(graph.query(query, initNs={"dp": v.DP})), cpu)
    return seconds


def _owlrl(catalog: Catalog, kb: KnowledgeBase, cpu: bool) -> float:
    import owlrl

    from dptaxonomy.export.ontology import ontology_graph
    from dptaxonomy.export.rdf import asserted_graph

    graph = asserted_graph(catalog, kb)
    for triple in ontology_graph():
        graph.add(triple)
    seconds, _ = timed(lambda: owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(graph), cpu)
    return seconds


def measure(size: int, peers: bool = True, cpu: bool = False) -> dict[str, Any]:
    """One benchmark row (``cpu``: CPU seconds instead of wall seconds)."""
    with tempfile.TemporaryDirectory(prefix="dptax-bench-") as folder:
        directory = Path(folder)
        facts = write_catalog(directory, size)
        load_s, catalog = timed(lambda: load_catalog(directory), cpu)
        if not catalog.ok:
            raise SystemExit(f"the synthetic catalog is invalid: {catalog.diagnostics[0]}")
        engine_s, kb = timed(lambda: compile_knowledge_base(catalog), cpu)
        target = synthetic_id(size // 2)
        query_s, _ = timed(lambda: Reasoner(kb).stronger_than(target), cpu)
        row: dict[str, Any] = {
            "size": size,
            "facts": facts,
            "load_s": round(load_s, 4),
            "engine_s": round(engine_s, 4),
            "query_s": round(query_s, 4),
            "networkx_s": round(_networkx(kb, cpu), 4) if peers else None,
            "sparql_s": round(_sparql(kb, cpu), 4) if peers else None,
            "owlrl_s": round(_owlrl(catalog, kb, cpu), 4)
            if peers and size <= OWLRL_LIMIT
            else None,
            "derived_pairs": kb.derived_stronger_pairs(),
            "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        }
        return row


_TIMES = ("load_s", "engine_s", "query_s", "networkx_s", "sparql_s", "owlrl_s")


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.1f}×" if a and b else "n/a"


def text_report(rows: list[dict[str, Any]]) -> str:
    """The rows as a table, with the ratios docs/performance.md shows."""
    header = ["size", "facts", "load", "engine", "query", "networkx", "sparql", "owlrl"]
    lines = [
        " ".join(f"{h:>8}" for h in header) + "  engine/nx  owlrl/engine  sparql/engine  peak MiB"
    ]
    for r in rows:
        cells = [str(r["size"]), str(r["facts"])]
        cells += ["skipped" if r[k] is None else f"{r[k]:.3f}" for k in _TIMES]
        ratios = [
            _ratio(r["engine_s"], r["networkx_s"]),
            _ratio(r["owlrl_s"], r["engine_s"]),
            _ratio(r["sparql_s"], r["engine_s"]),
        ]
        lines.append(
            " ".join(f"{c:>8}" for c in cells)
            + f"  {ratios[0]:>9}  {ratios[1]:>12}  {ratios[2]:>13}  {r['peak_rss_mib']:>8}"
        )
    by_size = {r["size"]: r for r in rows}
    if 1000 in by_size and 10000 in by_size:
        ratio = _ratio(by_size[10000]["engine_s"], by_size[1000]["engine_s"])
        lines.append(f"engine 10 000 / 1 000: {ratio}")
    lines.append(f"owlrl is skipped above {OWLRL_LIMIT} definitions (it takes minutes).")
    return "\n".join(lines)


# Conversions -----------------------------------------------------------------
# Timing of `dptax convert` on the real catalog: the query in process (knowledge
# base loaded, chains enumerated, free parameters optimised, every chain evaluated
# with intervals), the whole command in a fresh process, Python's own start-up for
# the ratio, and OpenDP's one fixed conversion in process when installed, for scale.

CONVERSIONS: list[tuple[str, str, dict[str, str], dict[str, str]]] = [
    ("zCoDP", "(ε, δ)-DP", {"xi": "0", "rho": "0.5"}, {"delta": "1e-6"}),
    ("ε-DP", "zCoDP", {"epsilon": "1"}, {}),
    ("ε-DP", "(ε, δ)-DP", {"epsilon": "1"}, {"delta": "1e-6"}),
    ("RényiDP", "(ε, δ)-DP", {"alpha": "10", "epsilon": "1"}, {"delta": "1e-6"}),
    ("GaussDP", "(ε, δ)-DP", {"mu": "1"}, {"delta": "1e-6"}),
]
_REPEAT = 5


def _best(action: Any, repeat: int = _REPEAT) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def _command(source: str, target: str, given: dict[str, str], fixed: dict[str, str]) -> list[str]:
    args = [sys.executable, "-m", "dptaxonomy", "convert", source, target]
    for name, value in given.items():
        args += ["--from", f"{name}={value}"]
    for name, value in fixed.items():
        args += ["--to", f"{name}={value}"]
    return args


def _opendp_zcdp() -> float | None:
    try:
        import opendp.prelude as dp
    except ImportError:
        return None
    dp.enable_features("contrib")
    space = dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)

    def action() -> None:
        measurement: Any = dp.c.make_zCDP_to_approxDP(dp.m.make_gaussian(*space, scale=1.0))
        measurement.map(1.0).epsilon(1e-6)

    return _best(action)


def measure_conversions() -> list[dict[str, Any]]:
    """One row per conversion: in-process and whole-command seconds, Python's start-up."""
    kb = compile_knowledge_base(open_catalog())
    subprocess.run([sys.executable, "-m", "dptaxonomy", "list"], capture_output=True, check=True)
    python = _best(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 3)
    relate_args = [sys.executable, "-m", "dptaxonomy", "relate", "zCoDP", "ε-DP"]
    relate = _best(lambda: subprocess.run(relate_args, capture_output=True, check=True), 3)
    opendp = _opendp_zcdp()
    rows = []
    for source, target, given, fixed in CONVERSIONS:
        query = _best(lambda s=source, t=target, g=given, f=fixed: convert_result(kb, s, t, g, f))
        args = _command(source, target, given, fixed)
        command = _best(lambda a=args: subprocess.run(a, capture_output=True, check=True), 3)
        rows.append(
            {
                "conversion": f"{source} → {target}",
                "query_s": query,
                "command_s": command,
                "python_s": python,
                "relate_s": relate,
                "opendp_s": opendp if source == "zCoDP" else None,
            }
        )
    return rows


def conversions_report(rows: list[dict[str, Any]]) -> str:
    """The rows as a table with the ratios: command / Python start-up, query / OpenDP."""
    header = ["query s", "command s", "cmd/python", "query/OpenDP"]
    lines = [f"{'conversion':<26} {header[0]:>8} {header[1]:>10} {header[2]:>10} {header[3]:>12}"]
    for r in rows:
        opendp = r["opendp_s"]
        versus = f"{r['query_s'] / opendp:.0f}×" if opendp else "n/a"
        lines.append(
            f"{r['conversion']:<26} {r['query_s']:>8.3f} {r['command_s']:>10.3f} "
            f"{r['command_s'] / r['python_s']:>9.1f}× {versus:>12}"
        )
    if rows:
        worst = max(r["query_s"] for r in rows)
        lines.append(
            f"slowest query: {worst:.3f} s (target: under 0.5 s); "
            f"Python start-up: {rows[0]['python_s']:.3f} s; "
            f"`dptax relate` for reference: {rows[0]['relate_s']:.3f} s"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="225,1000,10000", help="comma-separated catalog sizes")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--no-peers", action="store_true", help="time only dptaxonomy")
    parser.add_argument("--cpu", action="store_true", help="with --sizes: CPU time, not wall time")
    parser.add_argument(
        "--conversions", action="store_true", help="time dptax convert on the real catalog instead"
    )
    parser.add_argument(
        "--commands",
        action="store_true",
        help="time dptax commands in new processes as ratios to `python -c pass`",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions of dptax commands (valgrind) as ratios to `python -c pass`",
    )
    parser.add_argument(
        "--scale", action="store_true", help="run the scale cases (scripts/bench_scale.py)"
    )
    parser.add_argument(
        "--api", action="store_true", help="time a new dptaxonomy.convert in a warm process"
    )
    parser.add_argument("--quick", action="store_true", help="for --scale: smallest sizes only")
    parser.add_argument(
        "--record",
        action="store_true",
        help="append the run to docs/performance-history.json and rewrite docs/performance.md",
    )
    parser.add_argument("--rounds", type=int, default=10, help="rounds for --commands")
    parser.add_argument(
        "--compose", action="store_true", help="dptax compose against the accountants"
    )
    parser.add_argument(
        "--only", default="", help="for --commands: comma-separated command names (default all)"
    )
    options = parser.parse_args(argv)
    if options.compose:
        _importable_scripts()
        from scripts.bench_compose import compose_report

        print(compose_report(min(options.rounds, 5)))
        return
    if options.scale:
        _scale(options.quick, options.record, options.json)
        return
    if options.api:
        _importable_scripts()
        from scripts.bench_api import api_report, measure_api

        timed_api = measure_api(options.rounds)
        _record(options.record, "api", timed_api, note=f"{options.rounds} rounds")
        print(json.dumps(timed_api, indent=2) if options.json else api_report(timed_api))
        return
    if options.instructions:
        _instructions([n for n in options.only.split(",") if n], options.record, options.json)
        return
    if options.commands:
        names = [n for n in options.only.split(",") if n]
        _commands(options.rounds, names, options.record, options.json)
        return
    if options.conversions:
        found = measure_conversions()
        _record(options.record, "conversions", found)
        print(json.dumps(found, indent=2) if options.json else conversions_report(found))
        return
    try:
        sizes = [int(s) for s in options.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error("--sizes takes comma-separated whole numbers")
    if any(size < 2 for size in sizes):
        parser.error("sizes must be at least 2")
    rows = [measure(size, not options.no_peers, options.cpu) for size in sorted(sizes)]
    _record(options.record, "sizes", rows, note="CPU time" if options.cpu else "")
    print(json.dumps(rows, indent=2) if options.json else text_report(rows))


def _importable_scripts() -> None:
    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:  # run as `python scripts/bench.py`: make `scripts` importable
        sys.path.insert(0, root)


def _record(wanted: bool, kind: str, rows: list[dict[str, Any]], note: str = "") -> None:
    if wanted:
        _importable_scripts()
        from scripts.bench_page import record

        record(kind, rows, note=note)


def _instructions(names: list[str], wanted: bool, as_json: bool) -> None:
    _importable_scripts()
    from scripts.bench_commands import COMMANDS
    from scripts.bench_instructions import count_instructions, instructions_report

    unknown = sorted(set(names) - set(COMMANDS))
    if unknown:
        raise SystemExit(f"--only takes {', '.join(COMMANDS)}")
    rows = count_instructions(names or None)
    counted = [{"command": n, "instructions": c, "ratio": round(r, 2)} for n, c, r in rows[1:]]
    _record(wanted, "instructions", counted, note=f"`python -c pass`: {rows[0][1]} instructions")
    print(json.dumps(rows, indent=2) if as_json else instructions_report(rows))


def _scale(quick: bool, wanted: bool, as_json: bool) -> None:
    _importable_scripts()
    from scripts.bench_page import KINDS
    from scripts.bench_scale import measure_scale

    rows = measure_scale(quick)
    _record(wanted, "scale", rows, note="the smallest size of each case only" if quick else "")
    print(json.dumps(rows, indent=2) if as_json else "\n".join(KINDS["scale"][2](rows)))


def _commands(rounds: int, names: list[str], wanted: bool, as_json: bool) -> None:
    _importable_scripts()
    from scripts.bench_commands import COMMANDS, command_report, measure_commands

    unknown = sorted(set(names) - set(COMMANDS))
    if unknown or rounds < 1:
        raise SystemExit(f"--only takes {', '.join(COMMANDS)}; --rounds at least 1")
    timings = measure_commands(rounds, names or None)
    _record(wanted, "commands", [t.row() for t in timings], note=f"{rounds} rounds")
    print(json.dumps([t.row() for t in timings], indent=2) if as_json else command_report(timings))


if __name__ == "__main__":
    main()

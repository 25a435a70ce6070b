"""docs/performance.md: every measurement the benchmarks recorded, newest first, by kind.

The measurements live in ``docs/performance-history.json`` (a list of runs:
kind, date, context, note, rows); the page is generated from it and never
edited by hand. ``python scripts/bench.py --commands --record`` (and the same
with ``--instructions``, ``--conversions``, ``--api``, ``--sizes …``, ``--scale``) measures,
appends the run to the history and rewrites the page; ``make schema``
(``scripts/refresh_generated.py``) regenerates the page from the history alone,
and ``tests/test_generated.py`` fails when the committed page is stale.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["HISTORY", "KINDS", "PAGE", "page_markdown", "read_history", "record"]

ROOT = Path(__file__).resolve().parent.parent
HISTORY = ROOT / "docs" / "performance-history.json"
PAGE = ROOT / "docs" / "performance.md"

Row = dict[str, Any]


def _number(value: Any, digits: int = 3) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}".replace(",", " ")
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _times(value: Any) -> str:
    return "—" if value is None else f"{value:g}×"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    align = ["---" if i == 0 else "---:" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def _ratio(a: Any, b: Any) -> str:
    return f"{a / b:.1f}×" if a and b else "—"


def _sizes(rows: list[Row]) -> list[str]:
    header = ["size", "facts", "load + validate s", "inference s", "query s"]
    header += ["networkx s", "SPARQL `+` s", "owlrl s", "owlrl / inference", "peak MiB"]
    return _table(
        header,
        [
            [
                _number(r["size"]),
                _number(r["facts"]),
                *(_number(r[k]) for k in ("load_s", "engine_s", "query_s", "networkx_s")),
                _number(r["sparql_s"]),
                "skipped" if r["owlrl_s"] is None else _number(r["owlrl_s"], 1),
                _ratio(r["owlrl_s"], r["engine_s"]),
                _number(r.get("peak_rss_mib")),
            ]
            for r in rows
        ],
    )


def _commands(rows: list[Row]) -> list[str]:
    header = ["command", "wall s", "ratio", "CPU s", "ratio", "target"]
    return _table(
        header,
        [
            [
                f"`{r['command']}`",
                _number(r["seconds"]),
                _times(r["ratio"]),
                _number(r["cpu_s"]),
                _times(r["cpu_ratio"]),
                "< 1 s" if r["target"] is None else f"≤ {r['target']:g}×",
            ]
            for r in rows
        ],
    )


def _instructions(rows: list[Row]) -> list[str]:
    return _table(
        ["command", "instructions", "ratio to `python -c pass`"],
        [[f"`{r['command']}`", _number(r["instructions"]), _times(r["ratio"])] for r in rows],
    )


def _conversions(rows: list[Row]) -> list[str]:
    header = ["conversion", "query s", "command s", "command / python", "query / OpenDP"]
    return _table(
        header,
        [
            [
                r["conversion"],
                _number(r["query_s"]),
                _number(r["command_s"]),
                _ratio(r["command_s"], r["python_s"]),
                _ratio(r["query_s"], r["opendp_s"]),
            ]
            for r in rows
        ],
    )


def _api(rows: list[Row]) -> list[str]:
    header = ["conversion", "median ms", "best ms", "target"]
    return _table(
        header,
        [
            [
                r["conversion"],
                f"{1000 * r['median_s']:.1f}",
                f"{1000 * r['best_s']:.1f}",
                f"< {1000 * r['target_s']:g} ms",
            ]
            for r in rows
        ],
    )


def _scale(rows: list[Row]) -> list[str]:
    header = ["shape", "command", "size", "seconds", "CPU s", "peak MiB", "output bytes"]
    return _table(
        [*header, "bytes / size", "exit"],
        [
            [
                r["shape"],
                f"`{r['command']}`",
                _number(r["size"]),
                f"{r['seconds']:.2f}",
                f"{r['cpu_s']:.2f}" if "cpu_s" in r else "—",
                f"{r['peak_mib']:.0f}",
                str(r["output_bytes"]),
                f"{r['output_bytes'] / r['size']:.0f}",
                str(r["exit"]) if r["finished"] else "timeout",
            ]
            for r in rows
        ],
    )


def _generic(rows: list[Row]) -> list[str]:
    keys = list(rows[0]) if rows else []
    return _table(keys, [[_number(r.get(k)) for k in keys] for r in rows])


KINDS: dict[str, tuple[str, str, Callable[[list[Row]], list[str]]]] = {
    "commands": (
        "Whole commands against `python -c pass`",
        "`python scripts/bench.py --commands --record`: each command in a new process "
        "on the real catalog with a warm cache, as medians of runs alternating with a "
        "bare `python -c pass` of the same interpreter (wall-clock time varies with the "
        "machine's load, CPU time much less).",
        _commands,
    ),
    "instructions": (
        "Instructions executed",
        "`python scripts/bench.py --instructions --record` (valgrind): counts do not "
        "depend on the machine's load. A command's time ratio is lower than its "
        "instruction ratio, because a bare interpreter's start-up spends relatively "
        "more time waiting on the file system.",
        _instructions,
    ),
    "conversions": (
        "Conversions",
        "`python scripts/bench.py --conversions --record`: `dptax convert` on the real "
        "catalog, the query in process and the whole command, with OpenDP's one fixed "
        "conversion for scale.",
        _conversions,
    ),
    "api": (
        "A new conversion in a warm process",
        "`python scripts/bench.py --api --record`: `dptaxonomy.convert` in process after a "
        "warm-up, each round at a source value not asked before (so no remembered answer "
        "serves it); medians and best of the rounds.",
        _api,
    ),
    "sizes": (
        "The reasoner against its peers on synthetic catalogs",
        "`python scripts/bench.py --sizes 225,1000,10000 --record`: about three relation "
        "facts per definition, timed in one run on the same facts: loading and validation, "
        "inference, a `stronger-than` query; networkx's bare transitive closure, an rdflib "
        "SPARQL property path, owlrl's OWL-RL closure of the RDF export.",
        _sizes,
    ),
    "scale": (
        "Scale cases",
        "`python scripts/bench.py --scale --record`: each row runs one whole command in a "
        "fresh process without the cache; CPU s (user + system, recorded since 2026-11-28 "
        "night) is what other processes on a shared machine do not inflate. Sizes: steps "
        "of a chain, definitions of a catalog, or parameters of the mechanism "
        "(`verify-grid`: beyond 64 grid points a seeded sample of 64 is checked). Composed "
        "maps share subtrees, so `chain-maps` output grows linearly with the steps; the JSON "
        "export writes each fact and step chain once, so `chain-export` grows with the n²/2 "
        "derived pairs.",
        _scale,
    ),
    "baselines": (
        "What the baseline and bytecode do to a ratio",
        "A ratio is only as honest as its baseline: `scripts/bench.py --commands` times "
        "against the interpreter it runs under and removes `PYTHONDONTWRITEBYTECODE` for "
        "the commands it times (an editable install without compiled bytecode compiles "
        "dptax's modules on every run).",
        _generic,
    ),
    "sparql": ("SPARQL engines", "`python scripts/bench_sparql.py`.", _generic),
    "site": ("The website", "`time dptax site --out site`.", _generic),
}
"""Each kind of run: its section title, how it is measured, how its rows print."""


def page_markdown(history: list[Row]) -> str:
    """The page: one section per kind, its runs newest first."""
    lines = [
        "# Performance",
        "",
        "Generated from `docs/performance-history.json` by `scripts/bench_page.py`; do not",
        "edit by hand. `python scripts/bench.py … --record` measures, appends a run and",
        "rewrites this page; `make schema` regenerates it from the history. Rows marked",
        "transcribed were copied from the README of their date, which gave no more detail",
        "(— stands for a value it did not give).",
        "",
    ]
    for kind, (title, how, table) in KINDS.items():
        runs = [run for run in history if run["kind"] == kind]
        if not runs:
            continue
        lines += [f"## {title}", "", how, ""]
        for run in sorted(runs, key=lambda r: str(r["date"]), reverse=True):
            note = f" {run['note']}." if run.get("note") else ""
            lines += [f"**{run['date']}**, {run['context']}.{note}", ""]
            lines += [*table(run["rows"]), ""]
    return "\n".join(lines)


def read_history(path: Path = HISTORY) -> list[Row]:
    """The runs recorded so far."""
    runs: list[Row] = json.loads(path.read_text(encoding="utf-8"))
    return runs


def record(kind: str, rows: list[Row], context: str = "", note: str = "") -> None:
    """Append a run of ``kind`` measured now to the history and rewrite the page."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; the kinds: {', '.join(KINDS)}")
    history = read_history()
    load = os.getloadavg()[0]
    where = context or f"{os.cpu_count()} CPU(s), load average {load:.1f} at the start"
    date = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    history.append({"kind": kind, "date": date, "context": where, "note": note, "rows": rows})
    text = json.dumps(history, ensure_ascii=False, indent=1) + "\n"
    HISTORY.write_text(text, encoding="utf-8")
    PAGE.write_text(page_markdown(history), encoding="utf-8")

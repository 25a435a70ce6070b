"""In-process timings of ``dptaxonomy.convert``: a *new* conversion in a warm process.

A notebook or a service imports dptaxonomy once and asks many questions. Here the
process is warmed first (the knowledge base read, one conversion of each kind
answered); then each case is asked at values not asked before, so the memo of
answers (:mod:`dptaxonomy.queries.session`) cannot answer it: what is timed is
the conversion itself, plus the check that the catalog has not changed. The
median over ``rounds`` fresh values is reported, with the target (5 ms), in CPU
time of the process (on a shared machine, wall-clock time mostly measures the
other processes).

Usage: ``python scripts/bench.py --api [--rounds 10] [--json] [--record]``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

__all__ = ["API_CASES", "API_TARGET_S", "api_report", "measure_api"]

API_TARGET_S = 0.005
"""A new conversion in a warm process, in seconds (issue 24)."""

API_CASES: dict[str, tuple[str, str, str, dict[str, str], dict[str, str]]] = {
    # name: (source, target, the source parameter varied, other source values, target values)
    "zCDP → (ε, δ) at δ": ("zCDP", "(ε, δ)-DP", "rho", {}, {"delta": "1e-5"}),
    "ε-DP → zCDP": ("ε-DP", "zCoDP", "epsilon", {}, {}),
    "Gaussian mechanism → (ε, δ) at δ": (
        "gaussian",
        "(ε, δ)-DP",
        "sigma",
        {"sensitivity": "1"},
        {"delta": "1e-5"},
    ),
}
"""Each case: a conversion whose one source value changes every round."""


def _ask(case: tuple[str, str, str, dict[str, str], dict[str, str]], value: str) -> float:
    import dptaxonomy

    source, target, varied, others, fixed = case
    start = time.process_time()
    dptaxonomy.convert(source, target, {**others, varied: value}, fixed)
    return time.process_time() - start


def measure_api(rounds: int = 10) -> list[dict[str, Any]]:
    """One row per case: the median and best seconds of ``rounds`` new conversions."""
    rows = []
    for name, case in API_CASES.items():
        _ask(case, "0.75")  # warm: knowledge base, chains, compiled code
        seconds = [_ask(case, f"{0.5 + 0.0123 * k:.4f}") for k in range(1, rounds + 1)]
        rows.append(
            {
                "conversion": name,
                "median_s": round(statistics.median(seconds), 5),
                "best_s": round(min(seconds), 5),
                "target_s": API_TARGET_S,
                "within_target": statistics.median(seconds) < API_TARGET_S,
            }
        )
    return rows


def api_report(rows: list[dict[str, Any]]) -> str:
    """A table: conversion, median and best milliseconds, target, verdict."""
    lines = [f"{'conversion':<36}{'median ms':>10}{'best ms':>9}  target"]
    for r in rows:
        verdict = "ok" if r["within_target"] else "MISSED"
        lines.append(
            f"{r['conversion']:<36}{1000 * r['median_s']:>10.1f}{1000 * r['best_s']:>9.1f}"
            f"  < {1000 * r['target_s']:g} ms {verdict}"
        )
    lines.append("dptaxonomy.convert in a warm process, each round at a value not asked before")
    return "\n".join(lines)

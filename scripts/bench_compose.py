"""``dptax compose`` against the accountants: time on the DP-SGD case, ε on every oracle case.

- ``dp-sgd``: the subsampled Gaussian (σ = 1.1, q = 0.0042667, 14 062 steps, δ = 1e-5),
  dptaxonomy's privacy-loss-distribution route (both neighbour directions, upper bound only,
  grid 1e-4) against dp_accounting's PLD accountant at the same grid, alternating, median of
  the rounds; the whole compose (every route, lower bound) is timed too.
- ``cli``: ``dptax compose`` on a closed-form file (Gaussians) over ``python -c pass``.
- the comparison table: ε from dptaxonomy (value and lower bound) beside dp_accounting's PLD
  and RDP accountants and the PRV accountant's bracket, for the oracle tests' cases.

Usage: ``python scripts/bench.py --compose [--rounds 3]`` (needs the [oracles] extra and
prv-accountant).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.composehelp import gaussian as _gaussian

__all__ = ["compose_report"]

DP_SGD = {"sigma": 1.1, "rate": 0.0042667, "steps": 14062, "delta": 1e-5}


CASES: list[tuple[str, dict[str, Any]]] = [
    ("16 Gaussians σ=2, δ=1e-6", {"delta": 1e-6, "components": [_gaussian(2.0, 16)]}),
    (
        "30 × 0.3-DP, δ=1e-6",
        {
            "delta": 1e-6,
            "components": [
                {"definition": "differential-privacy", "parameters": {"epsilon": 0.3}, "count": 30}
            ],
        },
    ),
    (
        "DP-SGD-like q=0.01 σ=1 k=1000, δ=1e-5",
        {"delta": 1e-5, "components": [_gaussian(1.0, 1000, 0.01)]},
    ),
    (
        "10 Gaussians σ=2 + 20 Laplace b=5, δ=1e-6",
        {
            "delta": 1e-6,
            "components": [
                _gaussian(2.0, 10),
                {"mechanism": "laplace", "parameters": {"scale": 5, "sensitivity": 1}, "count": 20},
            ],
        },
    ),
    ("same DP-SGD-like, δ=1e-20", {"delta": 1e-20, "components": [_gaussian(1.0, 1000, 0.01)]}),
    (
        "DP-SGD σ=1.1 q=0.0042667 k=14062, δ=1e-5",
        {"delta": 1e-5, "components": [_gaussian(1.1, 14062, 0.0042667)]},
    ),
]


def _events(data: dict[str, Any]) -> list[tuple[Any, Any, int]]:
    """(dp_accounting event, PRV mechanism, count) per component."""
    from dp_accounting import dp_event
    from prv_accountant import privacy_random_variables as prvs

    rows = []
    for item in data["components"]:
        count = item.get("count", 1)
        if item.get("definition") == "differential-privacy":
            eps = item["parameters"]["epsilon"]
            rows.append((None, prvs.PureDPMechanism(eps), count))
        elif item["mechanism"] == "laplace":
            scale = item["parameters"]["scale"]
            rows.append(
                (dp_event.LaplaceDpEvent(scale), prvs.LaplaceMechanism(mu=1 / scale), count)
            )
        elif "sampling" in item:
            sigma, rate = item["parameters"]["sigma"], item["sampling"]["rate"]
            event = dp_event.PoissonSampledDpEvent(rate, dp_event.GaussianDpEvent(sigma))
            rows.append((event, prvs.PoissonSubsampledGaussianMechanism(rate, sigma), count))
        else:
            sigma = item["parameters"]["sigma"]
            rows.append((dp_event.GaussianDpEvent(sigma), prvs.GaussianMechanism(sigma), count))
    return rows


def _libraries(data: dict[str, Any]) -> dict[str, Any]:
    from dp_accounting.pld import pld_privacy_accountant
    from dp_accounting.rdp import rdp_privacy_accountant
    from prv_accountant import PRVAccountant

    delta, rows = data["delta"], _events(data)
    out: dict[str, Any] = {}
    if all(event is not None for event, _, _ in rows):
        pld = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
        rdp = rdp_privacy_accountant.RdpAccountant()
        for event, _, count in rows:
            pld.compose(event, count)
            rdp.compose(event, count)
        out["pld"], out["rdp"] = float(pld.get_epsilon(delta)), float(rdp.get_epsilon(delta))
    try:
        accountant = PRVAccountant(
            prvs=[m for _, m, _ in rows],
            max_self_compositions=[c for _, _, c in rows],
            eps_error=0.01,
            delta_error=delta / 1000,
        )
        low, _, high = accountant.compute_epsilon(
            delta=delta, num_self_compositions=[c for _, _, c in rows]
        )
        out["prv"] = [float(low), float(high)]
    except (ValueError, RuntimeError, OverflowError) as exc:
        out["prv"] = f"refused ({type(exc).__name__})"
    return out


def _ours(data: dict[str, Any]) -> dict[str, Any]:
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.queries.compose import compose
    from dptaxonomy.queries.compose_input import parse_request

    result = compose(knowledge_base(default_catalog_dir()), parse_request(data)).to_json()[
        "results"
    ][0]
    return {"epsilon": result["parameters"]["epsilon"], "route": result["route"]}


def _time_dp_sgd(rounds: int) -> dict[str, float]:
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant

    from dptaxonomy.reasoning.accounting.components import Component, Shape
    from dptaxonomy.reasoning.accounting.loss_route import pld_epsilon
    from dptaxonomy.reasoning.maps.numeric import exact
    from dptaxonomy.schema.enums import Sampling

    sigma, rate, steps, delta = (
        DP_SGD["sigma"],
        DP_SGD["rate"],
        int(DP_SGD["steps"]),
        DP_SGD["delta"],
    )
    component = Component(
        "dp-sgd",
        Shape.gaussian,
        {"mu": exact("1") / exact(repr(sigma))},
        steps,
        Sampling.poisson,
        exact(repr(rate)),
    )
    ours, theirs, whole = [], [], []
    data = {"delta": delta, "components": [_gaussian(sigma, steps, rate)]}
    for _ in range(rounds):
        start = time.perf_counter()
        pld_epsilon([component], delta, lower_bound=False)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        accountant = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
        accountant.compose(
            dp_event.PoissonSampledDpEvent(rate, dp_event.GaussianDpEvent(sigma)), steps
        )
        accountant.get_epsilon(delta)
        theirs.append(time.perf_counter() - start)
        start = time.perf_counter()
        _ours(data)
        whole.append(time.perf_counter() - start)
    return {
        "dptaxonomy_pld_s": statistics.median(ours),
        "dp_accounting_pld_s": statistics.median(theirs),
        "ratio": statistics.median(ours) / statistics.median(theirs),
        "dptaxonomy_compose_s": statistics.median(whole),
    }


def _time_cli(rounds: int) -> dict[str, float]:
    from scripts.bench_commands import dptax_command

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gaussians.json"
        path.write_text(json.dumps(CASES[0][1]), encoding="utf-8")
        command = [*dptax_command(), "compose", str(path)]
        subprocess.run(command, check=True, capture_output=True)  # warm the cache
        base, cli = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            base.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            cli.append(time.perf_counter() - start)
    return {
        "python_s": statistics.median(base),
        "cli_s": statistics.median(cli),
        "ratio": statistics.median(cli) / statistics.median(base),
    }


def _cell(value: float | None) -> str:
    """A table cell: four decimals, ∞, or — where there is no value."""
    if value is None:
        return "—"
    return "∞" if value == float("inf") else f"{value:.4f}"


def compose_report(rounds: int = 3) -> str:
    """The Markdown report: timings, then the comparison table."""
    timing, cli = _time_dp_sgd(rounds), _time_cli(max(rounds, 5))
    lines = [
        f"DP-SGD case, PLD at grid 1e-4: dptaxonomy {timing['dptaxonomy_pld_s']:.3f} s, "
        f"dp_accounting {timing['dp_accounting_pld_s']:.3f} s (ratio {timing['ratio']:.2f}); "
        "whole compose with every route and the lower bound "
        f"{timing['dptaxonomy_compose_s']:.3f} s",
        f"CLI, closed form: {cli['cli_s']:.3f} s = {cli['ratio']:.1f} × python -c pass "
        f"({cli['python_s']:.3f} s)",
        "",
        "| case | dptaxonomy ε (route) | lower | dp_accounting PLD | dp_accounting RDP "
        "| PRV [low, high] |",
        "|---|---|---|---|---|---|",
    ]
    for name, data in CASES:
        ours, libraries = _ours(data), _libraries(data)
        eps = ours["epsilon"]
        prv = libraries.get("prv")
        prv_text = f"[{prv[0]:.4f}, {prv[1]:.4f}]" if isinstance(prv, list) else str(prv)
        lines.append(
            f"| {name} | {eps['value']:.4f} ({ours['route']}) | {_cell(eps.get('lower'))} | "
            f"{_cell(libraries.get('pld'))} | {_cell(libraries.get('rdp'))} | {prv_text} |"
        )
    return "\n".join(lines)

"""Whole-process timings of `dptax` commands as ratios to a bare `python -c pass`.

Each command runs in a new process, exactly as a user types it, with a warm
cache (one untimed run first fills the cache and writes bytecode). In every
round the baseline and each command run one after the other, so a machine
that speeds up or slows down during the run affects both alike; the ratio is
the median command time over the median baseline time.

The baseline is the interpreter that runs this script (``sys.executable``,
the same one the ``dptax`` console script uses), never a launcher found on
PATH: a pyenv shim is a bash script whose start-up alone costs several times
Python's, and a ratio to it looks far better than it is.
``PYTHONDONTWRITEBYTECODE`` is removed from the children's environment, so
that both sides run from compiled bytecode as an installed package does.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["COMMANDS", "CommandTiming", "command_report", "dptax_command", "measure_commands"]

SPARQL_QUERY = "SELECT ?x WHERE { ?x dp:stronger def:renyi-dp }"

_RHO = ["--from", "rho=0.5", "--from", "xi=0"]
_EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
_GAUSSIANS = str(_EXAMPLES / "gaussians-compose.json")
_PURE = str(_EXAMPLES / "pure-compose.json")  # 10 × 0.5-DP: Kairouz–Oh–Viswanath, exact
_SIGMA = ["--from", "sigma=1", "--from", "sensitivity=1"]
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "show": (["show", "RényiDP"], 6.0),
    "list": (["list"], 6.0),
    "relate": (["relate", "RényiDP", "zCoDP"], 8.0),
    "convert": (["convert", "zCDP", "(ε, δ)-DP", *_RHO, "--to", "delta=1e-5"], 8.0),
    "convert-mechanism": (["convert", "gaussian", "(ε, δ)-DP", *_SIGMA, "--to", "delta=1e-5"], 8.0),
    "stronger-than": (["stronger-than", "RényiDP"], 6.0),
    "weaker-than": (["weaker-than", "RényiDP"], 6.0),
    "explain": (["explain", "RényiDP", "zCoDP"], 6.0),
    "open-questions": (["open-questions"], 6.0),
    "compose": (["compose", _GAUSSIANS], 10.0),
    "compose-pure": (["compose", _PURE], 10.0),
    "sparql": (["sparql", SPARQL_QUERY], 25.0),
    "validate": (["validate"], None),
}
"""Each measured command: its arguments and its target ratio (validate: under 1 s instead)."""

VALIDATE_TARGET_S = 1.0


@dataclass(frozen=True)
class CommandTiming:
    """Median whole-process times of one command and of the baseline, over the same rounds.

    Wall-clock time is what a user waits; CPU time (user + system) is what the
    process itself costs, and varies far less on a machine busy with other work.
    """

    name: str
    seconds: float
    baseline_s: float
    cpu_s: float
    baseline_cpu_s: float
    target: float | None

    @property
    def ratio(self) -> float:
        return self.seconds / self.baseline_s

    @property
    def cpu_ratio(self) -> float:
        return self.cpu_s / self.baseline_cpu_s if self.baseline_cpu_s else float("nan")

    @property
    def within_target(self) -> bool:
        if self.target is None:
            return self.seconds < VALIDATE_TARGET_S
        return self.ratio <= self.target

    def row(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "command": self.name,
            "seconds": round(self.seconds, 4),
            "baseline_s": round(self.baseline_s, 4),
            "ratio": round(self.ratio, 2),
            "cpu_s": round(self.cpu_s, 4),
            "baseline_cpu_s": round(self.baseline_cpu_s, 4),
            "cpu_ratio": round(self.cpu_ratio, 2),
            "target": self.target,
            "within_target": self.within_target,
        }


def dptax_command() -> list[str]:
    """The console script installed next to this interpreter, else ``python -m dptaxonomy``."""
    script = Path(sys.executable).parent / "dptax"
    if script.is_file():
        return [str(script)]
    found = shutil.which("dptax")
    return [found] if found else [sys.executable, "-m", "dptaxonomy"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run of ``command``."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        command, check=False, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {message}")
    return elapsed, _children_cpu() - cpu


def measure_commands(rounds: int = 10, names: list[str] | None = None) -> list[CommandTiming]:
    """Median timings of the chosen commands (all by default), alternating with the baseline."""
    chosen = {n: COMMANDS[n] for n in (names or list(COMMANDS))}
    baseline = [sys.executable, "-c", "pass"]
    dptax = dptax_command()
    with tempfile.TemporaryDirectory(prefix="dptax-bench-cache-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["DPTAX_CACHE_DIR"] = cache
        for arguments, _ in chosen.values():  # warm-up: cache, bytecode, file system
            _seconds([*dptax, *arguments], env)
        _seconds(baseline, env)
        base: dict[str, list[tuple[float, float]]] = {n: [] for n in chosen}
        runs: dict[str, list[tuple[float, float]]] = {n: [] for n in chosen}
        for _ in range(rounds):
            for name, (arguments, _) in chosen.items():
                base[name].append(_seconds(baseline, env))
                runs[name].append(_seconds([*dptax, *arguments], env))

    def median(samples: list[tuple[float, float]], part: int) -> float:
        return statistics.median(sample[part] for sample in samples)

    return [
        CommandTiming(
            name,
            median(runs[name], 0),
            median(base[name], 0),
            median(runs[name], 1),
            median(base[name], 1),
            chosen[name][1],
        )
        for name in chosen
    ]


def command_report(timings: list[CommandTiming]) -> str:
    """A table: command, median seconds, ratio to `python -c pass`, target, verdict."""
    lines = [
        f"{'command':<16}{'wall s':>8}{'python':>8}{'ratio':>8}"
        f"{'cpu s':>8}{'python':>8}{'ratio':>8}  target (wall)"
    ]
    for t in timings:
        target = f"≤ {t.target:g}×" if t.target is not None else f"< {VALIDATE_TARGET_S:g} s"
        verdict = "ok" if t.within_target else "MISSED"
        wall = f"{t.seconds:>8.3f}{t.baseline_s:>8.3f}{t.ratio:>7.1f}×"
        cpu = f"{t.cpu_s:>8.3f}{t.baseline_cpu_s:>8.3f}{t.cpu_ratio:>7.1f}×"
        lines.append(f"{t.name:<16}{wall}{cpu}  {target} {verdict}")
    lines.append(f"baseline: {sys.executable} -c pass; warm cache; medians of alternating runs")
    return "\n".join(lines)

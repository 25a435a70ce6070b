"""Instruction counts of `dptax` commands as ratios to a bare `python -c pass`.

Wall-clock and even CPU time of a 0.2 s process vary with whatever else the
machine runs; the number of instructions it executes does not. Each command
and the baseline run once under ``valgrind --tool=callgrind`` (with a warm
cache, from compiled bytecode) and the ratio of their instruction counts is
printed. It is a proxy, not a timing: it ignores cache misses and waiting on
the file system, which weigh relatively more in a bare interpreter's
start-up, so a command's time ratio is usually lower than its instruction
ratio (about 0.6 of it on the 2-core machine where both were measured).

Usage: ``python scripts/bench.py --instructions [--only relate,show]``
(needs valgrind).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile

from scripts.bench_commands import COMMANDS, dptax_command

__all__ = ["count_instructions", "instructions_report"]

_COLLECTED = re.compile(r"Collected : (\d+)")


def _instructions(command: list[str], env: dict[str, str]) -> int:
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        check=False,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(command)} under valgrind failed: {done.stderr[-400:]}")
    return int(found.group(1))


def count_instructions(names: list[str] | None = None) -> list[tuple[str, int, float]]:
    """(command, instructions, ratio to `python -c pass`) for the chosen commands."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    chosen = {n: COMMANDS[n] for n in (names or list(COMMANDS))}
    dptax = dptax_command()
    with tempfile.TemporaryDirectory(prefix="dptax-bench-cache-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["DPTAX_CACHE_DIR"] = cache
        for arguments, _ in chosen.values():  # warm-up: cache and bytecode
            subprocess.run([*dptax, *arguments], check=False, env=env, capture_output=True)
        baseline = _instructions([sys.executable, "-c", "pass"], env)
        rows = []
        for name, (arguments, _) in chosen.items():
            count = _instructions([*dptax, *arguments], env)
            rows.append((name, count, count / baseline))
    return [("python -c pass", baseline, 1.0), *rows]


def instructions_report(rows: list[tuple[str, int, float]]) -> str:
    """A table: command, instructions executed, ratio to the baseline."""
    lines = [f"{'command':<16}{'instructions':>16}{'ratio':>8}"]
    lines += [f"{name:<16}{count:>16,}{ratio:>7.2f}×" for name, count, ratio in rows]
    lines.append("valgrind --tool=callgrind; warm cache; one run each (counts do not vary)")
    return "\n".join(lines)

"""Every command prints the same bytes across runs, PYTHONHASHSEED values and the cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT

VALID = str(FIXTURES / "valid")
COMMANDS = [
    ["validate"],
    ["validate", "--format", "json"],
    ["show", "RényiDP"],
    ["show", "BayDP[CD21]", "--format", "json"],
    ["list"],
    ["list", "--format", "json"],
    ["stats", "--format", "json"],
    ["schema"],
    ["relate", "DP", "RényiDP", "--format", "json"],
    ["stronger-than", "RényiDP", "--format", "json"],
    ["weaker-than", "DP"],
    ["explain", "DP", "BayDP[AB20]"],
    ["contradictions", "--format", "json"],
    ["open-questions", "--format", "json"],
    ["redundant"],
    ["sparql", "SELECT ?s ?o WHERE { ?s dp:stronger ?o }", "--format", "csv"],
    ["cite", "RényiDP"],
    ["convert", "zCoDP", "(ε, δ)-DP", "--from", "xi=0", "--from", "rho=0.5", "--to", "delta=1e-6"],
]


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_output_is_identical_across_hash_seeds(command: list[str], tmp_path: Path) -> None:
    outputs = []
    for seed in ("0", "4242", "99"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "DPTAX_CACHE_DIR": str(tmp_path / "cache")}
        done = subprocess.run(
            [sys.executable, "-m", "dptaxonomy", *command, "--catalog", VALID],
            capture_output=True,
            env=env,
            cwd=ROOT,
            check=False,
        )
        assert b"Traceback" not in done.stderr
        outputs.append((done.returncode, done.stdout, done.stderr))
    assert outputs[0] == outputs[1] == outputs[2]

"""Scale cases: how `dptax` commands grow on chains, stars and random catalogs (issue 29).

Each case writes a synthetic catalog (:mod:`dptaxonomy.catalog.synthetic`) at a
few sizes and runs one whole command on it in a fresh process, recording its
wall-clock seconds, its peak resident memory (the child's own ``ru_maxrss``,
from :func:`os.wait4`) and the size of what it printed or wrote:

- ``chain-maps``: ``relate`` and ``export json`` along a chain of parametric
  implications whose map names ε twice (``epsilon / 2 + epsilon / 2``): the
  composed map is a tree of 2^steps copies written out;
- ``chain-export``: ``export json`` on a plain ≻ chain (n²/2 derived pairs whose
  proofs together hold n³/6 steps);
- ``star-site``: ``site`` on a hub stronger than every other definition, all
  its relations in one large entry;
- ``random-questions``: ``open-questions`` on random catalogs shaped like the
  real one, up to 10× its size;
- ``verify-grid``: ``verify`` on a Laplace mechanism with 2 to 6 parameters
  (its grid has 5^k points).

``python scripts/bench.py --scale [--record]`` prints the table (and records
it in docs/performance.md); ``--quick`` runs the smallest size of each case.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from dptaxonomy.base.records import replace
from dptaxonomy.cache.store import NO_CACHE_ENV
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.catalog.synthetic import (
    EPSILON,
    chain_relations,
    random_relations,
    star_relations,
    synthetic_catalog,
    synthetic_id,
    write_catalog_files,
)
from dptaxonomy.schema.models import RelationKind

__all__ = ["CASES", "measure_scale"]

TIMEOUT = 900
"""Seconds after which a command is stopped and reported as not finishing."""


def _ids(size: int) -> list[str]:
    return [synthetic_id(i) for i in range(size)]


def _chain_maps(directory: Path, steps: int) -> None:
    ids = _ids(steps + 1)
    catalog = synthetic_catalog(ids, chain_relations(steps), parameters={i: [EPSILON] for i in ids})
    write_catalog_files(catalog, directory)


def _plain_chain(directory: Path, size: int) -> None:
    ids = _ids(size)
    relations = [(ids[i], RelationKind.stronger, ids[i + 1]) for i in range(size - 1)]
    write_catalog_files(synthetic_catalog(ids, relations), directory)


def _star(directory: Path, size: int) -> None:
    write_catalog_files(synthetic_catalog(_ids(size), star_relations(size)), directory)


def _random(directory: Path, size: int) -> None:
    write_catalog_files(synthetic_catalog(_ids(size), random_relations(size)), directory)


def _wide_mechanism(directory: Path, parameters: int) -> None:
    """ε-DP (from the shipped catalog) and a Laplace mechanism with ``parameters`` parameters."""
    catalog = open_catalog()
    shipped = catalog.directory
    entry = catalog.entries["differential-privacy"]
    alone = replace(
        entry, definition=entry.definition.model_copy(update={"relations": [], "operations": []})
    )
    write_catalog_files(replace(catalog, entries={"differential-privacy": alone}), directory)
    shutil.copy(shipped / "references.yaml", directory)
    entry = yaml.safe_load((shipped / "mechanisms" / "laplace.yaml").read_text(encoding="utf-8"))
    entry["id"] = "wide-laplace"
    for number in range(parameters - 2):
        entry["parameters"].append(
            {
                "name": f"extra{number}",
                "symbol": f"x_{number}",
                "meaning": "A parameter the mechanism ignores, to widen its grid.",
                "type": "real",
                "domain": "(0, inf)",
            }
        )
    entry["satisfies"] = [
        c for c in entry["satisfies"] if c["definition"] == "differential-privacy"
    ]
    entry["violates"] = []
    (directory / "mechanisms").mkdir()
    text = yaml.safe_dump(entry, allow_unicode=True, sort_keys=False)
    (directory / "mechanisms" / "wide-laplace.yaml").write_text(text, encoding="utf-8")


Case = tuple[str, str, Callable[[Path, int], None], tuple[int, ...], tuple[str, ...]]
CASES: list[Case] = [
    ("chain-maps", "relate", _chain_maps, (10, 20, 40), ("relate", synthetic_id(0), "{last}")),
    ("chain-maps", "export json", _chain_maps, (10, 20, 40), ("export", "json")),
    ("chain-export", "export json", _plain_chain, (100, 200, 400), ("export", "json")),
    ("star-site", "site", _star, (100, 300, 1000), ("site", "--out", "{site}")),
    ("random-questions", "open-questions", _random, (250, 1000, 2500), ("open-questions",)),
    ("verify-grid", "verify", _wide_mechanism, (2, 4, 6), ("verify",)),
]
"""(shape, command, catalog writer, sizes, arguments: ``{last}`` is the chain's last id)."""


def _run(arguments: tuple[str, ...], catalog: Path, folder: Path) -> dict[str, Any]:
    """Run ``dptax ARGUMENTS --catalog CATALOG``: seconds (wall and CPU), peak MiB, output bytes,
    exit code."""
    site = folder / "site"
    command = [sys.executable, "-m", "dptaxonomy"]
    command += [a.format(site=site) for a in arguments]
    command += ["--catalog", str(catalog)]
    output = folder / "stdout"
    environment = {**os.environ, NO_CACHE_ENV: "1", "XDG_CACHE_HOME": str(folder / "cache")}
    killed = False
    start = time.perf_counter()
    with output.open("wb") as sink:
        child = subprocess.Popen(command, stdout=sink, stderr=subprocess.DEVNULL, env=environment)
        deadline = start + TIMEOUT
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                child.kill()
                killed = True
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.02)
    seconds = time.perf_counter() - start
    written = sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) if site.exists() else 0
    return {
        "seconds": round(seconds, 2),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "peak_mib": round(usage.ru_maxrss / 1024, 1),
        "output_bytes": output.stat().st_size + written,
        "exit": os.waitstatus_to_exitcode(status),
        "finished": not killed,
    }


def measure_scale(quick: bool = False) -> list[dict[str, Any]]:
    """One row per case and size."""
    rows = []
    for shape, name, write, sizes, arguments in CASES:
        for size in sizes[:1] if quick else sizes:
            with tempfile.TemporaryDirectory(prefix="dptax-scale-") as scratch:
                folder = Path(scratch)
                write(folder / "catalog", size)
                given = tuple(a.replace("{last}", synthetic_id(size)) for a in arguments)
                row = _run(given, folder / "catalog", folder)
            rows.append({"shape": shape, "command": name, "size": size, **row})
    return rows

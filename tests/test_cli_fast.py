"""The fast path: plain query commands answered from the cache without typer or heavy libraries."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dptaxonomy.cli import fast
from dptaxonomy.cli.app import app
from tests.clirunner import run
from tests.conftest import CATALOG_DIR, FIXTURES, ROOT

VALID = str(FIXTURES / "valid")
HEAVY = ("pydantic", "yaml", "networkx", "rdflib", "typer", "click", "dataclasses", "inspect")
"""Never imported by a query answered from the cache (the last two: see base/records.py)."""

IMPORTED_HEAVY: dict[str, list[str]] = {}
"""Heavy modules a query command may import: none."""

STANDARD = ("typing", "pathlib", "json", "re", "urllib", "fnmatch", "ipaddress", "dataclasses")
"""Standard-library modules no query imports to print text from a warm cache: together they
cost a query about one and a half bare interpreter start-ups (``inspect``: see HEAVY)."""

IMPORTED_STANDARD = {
    "convert": ["re"],
    "compose": ["json", "re"],
    "sparql": ["fnmatch", "ipaddress", "json", "pathlib", "re", "urllib"],
}
"""Reading decimal numbers uses :mod:`re`; compose parses its request file (here JSON);
sparql reads the cached store's manifest (JSON, its files by path: pathlib, with the three
modules it imports) and its guard matches the query's tokens (re)."""

NUMERIC = ("mpmath", "decimal", "statistics", "fractions")
"""Imported only where a bound is certified (convert, compose: decimal, for the enclosures);
mpmath, whose import costs some three bare interpreter start-ups, by neither (only the
evaluators of ζ use it); no other query evaluates a bound."""
CERTIFYING = frozenset({"convert", "compose"})
"""The fast commands that compute certified bounds (in decimal interval arithmetic)."""

# One plain invocation per fast command (the list comes from the code, not from here).
ARGUMENTS = {
    "show": ["RényiDP"],
    "list": ["--dimension", "Q", "--setting", "central"],
    "relate": ["RényiDP", "zCoDP"],
    "explain": ["RényiDP", "zCoDP"],
    "stronger-than": ["RényiDP"],
    "weaker-than": ["RényiDP"],
    "open-questions": ["--limit", "3", "--scope", "core"],
    "convert": ["zCDP", "(ε, δ)-DP", "--from", "rho=0.5", "--to", "delta=1e-5"],
    "compose": [str(ROOT / "examples" / "gaussians-compose.json")],
    "sparql": ["SELECT ?x WHERE { ?x dp:stronger def:renyi-dp }"],
}


def test_every_fast_command_is_a_command_of_the_app() -> None:
    names = {command.name for command in app.registered_commands}
    assert set(fast.FAST_COMMANDS) <= names
    assert set(ARGUMENTS) == set(fast.FAST_COMMANDS)


def _modules_after(
    argv: list[str], cache: Path, roots: tuple[str, ...] = HEAVY
) -> tuple[str, list[str]]:
    env = {**os.environ, "DPTAX_CACHE_DIR": str(cache)}
    probe = (
        "import sys\n"
        "from dptaxonomy.cli.main import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        f"heavy = sorted(m for m in sys.modules if m.split('.')[0] in {roots!r})\n"
        "print('EXIT', code, 'HEAVY', heavy, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, env=env, cwd=ROOT, text=True
    )
    return done.stderr.splitlines()[-1], done.stdout.splitlines()


@pytest.fixture(scope="module")
def filled_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding the real catalog's compilation and SPARQL dataset (each probe then
    only reads them)."""
    cache = tmp_path_factory.mktemp("fast-cache")
    _modules_after(["list", "--catalog", str(CATALOG_DIR)], cache)
    _modules_after(["sparql", *ARGUMENTS["sparql"], "--catalog", str(CATALOG_DIR)], cache)
    return cache


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(fast.FAST_COMMANDS))
def test_query_command_imports_no_heavy_library(command: str, filled_cache: Path) -> None:
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR)]
    last, out = _modules_after(argv, filled_cache)
    assert last == f"EXIT 0 HEAVY {IMPORTED_HEAVY.get(command, [])}"
    assert out


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(fast.FAST_COMMANDS))
def test_query_command_imports_no_standard_module_it_does_not_use(
    command: str, filled_cache: Path
) -> None:
    """Run twice: the first run may write what it remembers beside the cache (open questions)."""
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR)]
    _modules_after(argv, filled_cache, STANDARD)
    last, out = _modules_after(argv, filled_cache, STANDARD)
    code, _, listed = last.partition(" HEAVY ")
    assert code == "EXIT 0"
    imported = sorted({module.split(".")[0] for module in ast.literal_eval(listed)})
    assert imported == IMPORTED_STANDARD.get(command, [])
    assert out


@pytest.mark.slow
@pytest.mark.parametrize("command", ["relate", "explain", "show"])
def test_json_output_imports_json_and_no_other_standard_module(
    command: str, filled_cache: Path
) -> None:
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR), "-f", "json"]
    last, _ = _modules_after(argv, filled_cache, tuple(m for m in STANDARD if m != "re"))
    assert last == "EXIT 0 HEAVY ['json', 'json.decoder', 'json.encoder', 'json.scanner']"


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(set(fast.FAST_COMMANDS) - CERTIFYING))
def test_only_certifying_commands_import_the_numeric_libraries(
    command: str, filled_cache: Path
) -> None:
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR)]
    assert _modules_after(argv, filled_cache, NUMERIC)[0] == "EXIT 0 HEAVY []"


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(CERTIFYING))
def test_certifying_commands_use_decimal_and_never_mpmath(command: str, filled_cache: Path) -> None:
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR)]
    last = _modules_after(argv, filled_cache, NUMERIC)[0]
    assert last.startswith("EXIT 0 HEAVY [")
    assert "'decimal'" in last
    assert "mpmath" not in last


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv", [["show", "exact-size"], ["show", "--mechanism", "Gaussian mechanism", "-f", "json"]]
)
def test_show_mechanism_imports_no_heavy_library(argv: list[str], filled_cache: Path) -> None:
    last, out = _modules_after([*argv, "--catalog", str(CATALOG_DIR)], filled_cache)
    assert last == "EXIT 0 HEAVY []"
    assert out


@pytest.mark.slow
def test_closed_form_compose_reads_no_catalog_and_imports_no_numpy(filled_cache: Path) -> None:
    """k Gaussians compose exactly through μ-GDP: the cached operation rules and mechanisms
    answer (no YAML, no pydantic), and numpy, which only the loss-distribution route needs,
    is never imported."""
    argv = ["compose", str(ROOT / "examples" / "gaussians-compose.json"), "--catalog"]
    watched = ("numpy", "scipy", "yaml", "pydantic")
    last, out = _modules_after([*argv, str(CATALOG_DIR)], filled_cache, watched)
    assert last == "EXIT 0 HEAVY []"
    assert "(ε, δ)-DP: ε ≤ 10.9972 at δ = 1e-06 (route: gaussian-dp)" in out


@pytest.mark.slow
def test_contradictions_without_a_cycle_imports_no_networkx(filled_cache: Path) -> None:
    argv = ["contradictions", "--catalog", str(CATALOG_DIR)]
    last, _ = _modules_after(argv, filled_cache)
    assert last.startswith("EXIT 0 HEAVY [")
    assert "networkx" not in last
    assert "pydantic" not in last


@pytest.mark.parametrize("command", sorted(fast.FAST_COMMANDS))
@pytest.mark.parametrize("output", ["text", "json"])
def test_fast_and_typer_paths_print_the_same(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    output: str,
) -> None:
    argv = [command, *ARGUMENTS[command], "--catalog", str(CATALOG_DIR), "--format", output]
    assert fast.parse(argv) is not None
    quick = run(capsys, *argv)
    monkeypatch.setattr(fast, "parse", lambda _argv: None)
    slow = run(capsys, *argv)
    assert quick == slow
    assert quick.code == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "renyi-dp", "--help"],
        ["show"],
        ["show", "a", "b"],
        ["relate", "a"],
        ["list", "--bogus"],
        ["list", "--format", "yaml"],
        ["list", "--format"],
        ["open-questions", "--limit", "0"],
        ["open-questions", "-n", "x"],
        ["relate", "a", "b", "--assume-conjectures=yes"],
        ["stats"],
        ["--version"],
        [],
    ],
)
def test_anything_unusual_is_left_to_typer(argv: list[str]) -> None:
    assert fast.parse(argv) is None


@pytest.mark.parametrize(
    ("argv", "code", "err"),
    [
        (["show", "Nowhere DP"], 1, "dptax: no definition is called 'Nowhere DP'"),
        (["list", "--scope", "galaxy"], 2, "dptax: --scope takes one of: core,"),
        (
            ["list", "--setting", "orbit"],
            2,
            "dptax: --setting takes one of: central, local, shuffle, distributed, pan_private, "
            "continual_observation\n",
        ),
    ],
)
def test_fast_path_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, err: str
) -> None:
    assert fast.parse(argv) is not None
    result = run(capsys, *argv, "--catalog", VALID)
    assert result.code == code
    assert result.err.startswith(err)
    assert result.out == ""

"""The command line as a whole: version, catalog location errors, pipes, exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dptaxonomy import __version__
from tests.clirunner import run
from tests.conftest import FIXTURES, ROOT

VALID = FIXTURES / "valid"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--version")
    assert result.code == 0
    assert result.out == f"dptax {__version__}\n"


@pytest.mark.parametrize("command", [["validate"], ["list"], ["show", "renyi-dp"], ["stats"]])
def test_checkout_root_is_named_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "references.yaml").write_text("{}\n", encoding="utf-8")
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    result = run(capsys, *command, "--catalog", str(tmp_path))
    assert result.code == 1
    assert result.err == (
        f"dptax: {tmp_path} is a checkout, not a catalog: pass --catalog {tmp_path / 'catalog'}\n"
    )


def test_this_checkout_is_named_as_such(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    result = run(capsys, "list", "--catalog", ".")
    assert result.code == 1
    assert result.err == "dptax: . is a checkout, not a catalog: pass --catalog catalog\n"


@pytest.mark.parametrize("command", [["validate"], ["list"], ["relate", "a", "b"]])
def test_folder_without_catalog_is_an_error_not_a_scan(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    nested = tmp_path / "deep" / "er"
    nested.mkdir(parents=True)
    (nested / "stray.yaml").write_text("id: stray\n", encoding="utf-8")
    result = run(capsys, *command, "--catalog", str(tmp_path))
    assert result.code == 1
    assert result.err == (
        f"dptax: no catalog at {tmp_path}: it holds no references.yaml and no definition files\n"
    )


def test_missing_catalog_directory_on_the_fast_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = run(capsys, "show", "renyi-dp", "--catalog", str(tmp_path / "nowhere"))
    assert result.code == 1
    assert result.err == f"dptax: no catalog directory at {tmp_path / 'nowhere'}\n"


@pytest.mark.slow
@pytest.mark.parametrize("command", [["list"], ["show", "renyi-dp"], ["export", "json"]])
def test_a_closed_pipe_ends_quietly_with_141(command: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "DPTAX_CACHE_DIR": str(tmp_path)}
    script = (
        "import subprocess, sys\n"
        f"p = subprocess.Popen([sys.executable, '-m', 'dptaxonomy', *{command!r}],"
        " stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
        "p.stdout.close()\n"  # no reader left: the first write meets a closed pipe
        "err = p.stderr.read().decode()\n"
        "print(p.wait(), repr(err))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout == "141 ''\n"


@pytest.mark.parametrize("kind", ["png", "pdf"])
def test_binary_export_refuses_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    result = run(capsys, "export", kind, "--catalog", str(VALID))
    assert result.code == 1
    assert result.err == (
        f"dptax: refusing to write binary {kind.upper()} to a terminal: pass --out FILE\n"
    )
    assert result.out == ""


def test_completion_offers_definition_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("_DPTAX_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", f"dptax show --catalog {VALID} bay")
    monkeypatch.setenv("COMP_CWORD", "4")
    result = run(capsys)
    assert result.code == 0
    assert result.out.split() == ["bayesian-dp-ab20", "bayesian-dp-cd21"]


def test_completion_is_silent_without_a_catalog(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("_DPTAX_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", f"dptax relate --catalog {tmp_path} x")
    monkeypatch.setenv("COMP_CWORD", "4")
    result = run(capsys)
    assert result.code == 0
    assert (result.out.strip(), result.err) == ("", "")

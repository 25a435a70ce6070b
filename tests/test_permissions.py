"""Written files keep normal permissions (issue 10, item 4).

A rewritten file keeps its previous mode; a new file gets the mode the umask
gives, as ``open(path, "w")`` would. Covers the atomic writer and every
command that writes: fmt, export --out, new, and the generated-files script.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dptaxonomy.base.atomic import write_bytes_atomic, write_text_atomic
from tests.clirunner import run
from tests.conftest import FIXTURES


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.copytree(FIXTURES / "valid", tmp_path / "catalog")
    monkeypatch.chdir(tmp_path)
    previous = os.umask(0o022)
    try:
        yield tmp_path / "catalog"
    finally:
        os.umask(previous)


@pytest.mark.parametrize("previous", [0o644, 0o664, 0o600, 0o755])
@pytest.mark.usefixtures("umask_022")
def test_a_rewritten_file_keeps_its_mode(tmp_path: Path, previous: int) -> None:
    path = tmp_path / "file.txt"
    path.write_text("old", encoding="utf-8")
    path.chmod(previous)
    write_text_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert mode(path) == previous


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)])
def test_a_new_file_gets_the_umask_default(tmp_path: Path, umask: int, expected: int) -> None:
    previous = os.umask(umask)
    try:
        write_bytes_atomic(tmp_path / "new.bin", b"data")
    finally:
        os.umask(previous)
    assert mode(tmp_path / "new.bin") == expected


def test_fmt_keeps_the_mode_of_the_file_it_rewrites(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    path = work / "differential-privacy.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    path.chmod(0o644)
    group = work / "renyi-dp.yaml"
    group.write_text(group.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    group.chmod(0o664)
    assert run(capsys, "fmt", str(path), str(group)).code == 0
    assert not path.read_text(encoding="utf-8").endswith("\n\n")
    assert mode(path) == 0o644
    assert mode(group) == 0o664


def test_export_out_gets_the_umask_default_and_keeps_an_existing_mode(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    fresh = work.parent / "fresh.ttl"
    assert run(capsys, "export", "turtle", "--catalog", str(work), "--out", str(fresh)).code == 0
    assert mode(fresh) == 0o644
    shared = work.parent / "shared.json"
    shared.write_text("{}", encoding="utf-8")
    shared.chmod(0o664)
    assert run(capsys, "export", "json", "--catalog", str(work), "--out", str(shared)).code == 0
    assert mode(shared) == 0o664


def test_new_writes_an_ordinary_file(capsys: pytest.CaptureFixture[str], work: Path) -> None:
    args = ["new", "--id", "perm-dp", "--name", "perm DP", "-i", "Mir17", "--summary", "A test."]
    assert run(capsys, *args).code == 0
    assert mode(work / "perm-dp.yaml") == 0o644


@pytest.mark.usefixtures("umask_022")
def test_refreshing_generated_files_keeps_their_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scripts.refresh_generated as refresh

    kept = tmp_path / "kept.ttl"
    kept.write_bytes(b"stale")
    kept.chmod(0o664)
    created = tmp_path / "sub" / "created.ttl"
    monkeypatch.setattr(refresh, "ROOT", tmp_path)
    monkeypatch.setattr(refresh, "generators", lambda: {kept: lambda: b"a", created: lambda: b"b"})
    refresh.main()
    assert (kept.read_bytes(), mode(kept)) == (b"a", 0o664)
    assert (created.read_bytes(), mode(created)) == (b"b", 0o644)

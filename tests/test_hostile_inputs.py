"""Hostile input, round 3 (issue 29): files and caches. Bounded reads, caches rebuilt.

A section per class of defect (numbers and internal errors are in
``test_hostile_values.py``). Every test here failed before its fix: an
unbounded read (timeout), an internal error (exit 70), or a stale answer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dptaxonomy.cache.marshalfile import read_plain
from tests.clirunner import run
from tests.conftest import FIXTURES


def hostile_catalog(tmp_path: Path) -> Path:
    """A copy of the valid fixture catalog below ``tmp_path``."""
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    return catalog


def _dptax(*args: str, cache: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``dptax ARGS`` in a child process (so an unbounded read fails as a timeout, not a hang)."""
    return subprocess.run(
        [sys.executable, "-m", "dptaxonomy", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "DPTAX_CACHE_DIR": str(cache)},
        check=False,
    )


# --- 1. Only regular files inside the catalog are read, before anything else touches them ---

NOT_REGULAR = (
    "error[not-a-regular-file]: the file is not a regular file"
    " (a directory, pipe, socket or device)"
)
OUTSIDE = "error[outside-catalog]: the file is a link to a place outside the catalog"
REFUSED = {
    "link-to-dev-zero": f"zero.yaml:1:1: {OUTSIDE}",
    "symlink-loop": "loop.yaml:1:1: error[symlink-loop]: the file is a link that leads back to"
    " itself (a link loop)",
    "fifo": f"pipe.yaml:1:1: {NOT_REGULAR}",
    "directory-named-yaml": f"folder.yaml:1:1: {NOT_REGULAR}",
    "references-linked-out": f"references.yaml:1:1: {OUTSIDE}",
    "references-fifo": f"references.yaml:1:1: {NOT_REGULAR}",
    "evidence-linked-to-dev-zero": f"evidence.json:1:1: {OUTSIDE}",
    "evidence-too-large": "evidence.json:1:1: error[file-too-large]: the file is 1000001 bytes;"
    " the limit is 1000000",
}
"""name: the message the catalog laid out by :func:`_lay` gets (after its path)."""


def _lay(name: str, c: Path) -> None:
    """Put the hostile file ``name`` into catalog ``c``."""
    references = c / "references.yaml"
    if name == "link-to-dev-zero":
        (c / "zero.yaml").symlink_to("/dev/zero")
    elif name == "symlink-loop":
        (c / "loop.yaml").symlink_to("loop.yaml")
    elif name == "fifo":
        os.mkfifo(c / "pipe.yaml")
    elif name == "directory-named-yaml":
        (c / "folder.yaml").symlink_to(c / "mechanisms", target_is_directory=True)
    elif name == "references-linked-out":
        (c.parent / "refs.yaml").write_bytes(references.read_bytes())
        references.unlink()
        references.symlink_to(c.parent / "refs.yaml")
    elif name == "references-fifo":
        references.unlink()
        os.mkfifo(references)
    elif name == "evidence-linked-to-dev-zero":
        (c / "evidence.json").symlink_to("/dev/zero")
    else:
        (c / "evidence.json").write_bytes(b" " * 1_000_001)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_file_the_catalog_may_not_read_is_refused_by_every_command(
    name: str, tmp_path: Path
) -> None:
    catalog = hostile_catalog(tmp_path)
    (catalog / "mechanisms").mkdir(exist_ok=True)
    message = REFUSED[name]
    _lay(name, catalog)
    cache = tmp_path / "cache"
    for command in (["validate"], ["stronger-than", "DP"], ["show", "DP"]):
        done = _dptax(*command, "--catalog", str(catalog), cache=cache, timeout=30)
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        assert f"{catalog}/{message}" in done.stdout + done.stderr, (command, done)


def test_a_link_inside_the_catalog_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    (catalog / "renyi-dp.yaml").rename(catalog / "renyi-dp.txt")
    (catalog / "renyi-dp.yaml").symlink_to("renyi-dp.txt")
    monkeypatch.chdir(catalog)
    assert run(capsys, "validate", "--catalog", ".").code == 0


@pytest.mark.slow
def test_the_cache_key_never_reads_a_refused_file(tmp_path: Path) -> None:
    """The fingerprint used to read each file before the loader's check: /dev/zero never ended."""
    catalog = hostile_catalog(tmp_path)
    (catalog / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(catalog / "pipe.yaml")
    script = (
        "import sys; from pathlib import Path; from dptaxonomy.cache.digest import catalog_digest;"
        "print(catalog_digest(Path(sys.argv[1]), remember=False))"
    )
    keys = []
    for target in ("/dev/zero", "/dev/urandom"):
        (catalog / "zero.yaml").unlink()
        (catalog / "zero.yaml").symlink_to(target)
        done = subprocess.run(
            [sys.executable, "-c", script, str(catalog)],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        keys.append(done.stdout)
    assert len(keys[0]) == 65
    assert keys[0] == keys[1]  # both refused alike, neither read


# --- 5. Every cache file is validated, and rebuilt when it does not match ---

DEEP = b"[" * 200_000 + b"]" * 200_000


@pytest.mark.parametrize("part", ["stat", "kb", "views", "memo"])
def test_a_deeply_nested_cache_file_is_rebuilt(
    part: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = hostile_catalog(tmp_path)
    cache = tmp_path / "cache"
    monkeypatch.setenv("DPTAX_CACHE_DIR", str(cache))
    monkeypatch.setattr("dptaxonomy.cache.digest.SETTLE_NS", 0)  # remember fresh files too
    monkeypatch.chdir(catalog)
    for command in (["show", "DP"], ["open-questions"]):
        assert run(capsys, *command, "--catalog", ".").code == 0
    files = sorted(p for p in cache.iterdir() if p.name.startswith(part + "-"))
    assert files, sorted(p.name for p in cache.iterdir())
    for file in files:
        file.write_bytes(DEEP)
    for command in (["show", "DP"], ["stronger-than", "DP"], ["open-questions"]):
        result = run(capsys, *command, "--catalog", ".")
        assert result.code == 0, result.out + result.err
    for file in (f for f in files if f.exists()):  # each rewritten in its own form
        value = read_plain(file) if file.suffix == ".marshal" else json.loads(file.read_bytes())
        assert value not in (None, [])


@pytest.mark.parametrize("make", ["fifo", "directory"])
def test_a_cache_file_that_is_not_a_file_is_ignored(make: str, tmp_path: Path) -> None:
    from dptaxonomy.cache.digest import catalog_digest

    catalog = hostile_catalog(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir()
    path = cache / f"kb-{catalog_digest(catalog, remember=False)}.marshal"
    if make == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    done = _dptax("stronger-than", "DP", "--catalog", str(catalog), cache=cache, timeout=30)
    assert (done.returncode, done.stderr) == (
        0,
        "0 definition(s) stronger than differential-privacy\n",
    )


# --- 6. The cache key includes the package's code ---


def test_an_edit_to_the_code_gives_a_new_cache_key(tmp_path: Path) -> None:
    import dptaxonomy.base.digits as module
    from dptaxonomy.cache.digest import catalog_digest, code_stamp

    catalog = hostile_catalog(tmp_path)
    before = (code_stamp(), catalog_digest(catalog, remember=False))
    path = Path(module.__file__)
    status = path.stat()
    try:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))
        after = (code_stamp(), catalog_digest(catalog, remember=False))
    finally:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert after[0] != before[0]
    assert after[1] != before[1]
    assert (code_stamp(), catalog_digest(catalog, remember=False)) == before


@pytest.mark.parametrize("name", ["link-to-dev-zero", "fifo", "references-linked-out"])
def test_fmt_reads_only_what_the_catalog_may_read(name: str, tmp_path: Path) -> None:
    """`dptax fmt` read every file with read_text: a pipe hung it, a link out was rewritten."""
    catalog = hostile_catalog(tmp_path)
    (catalog / "mechanisms").mkdir(exist_ok=True)
    _lay(name, catalog)
    done = _dptax("fmt", "--check", "--catalog", str(catalog), cache=tmp_path / "cache")
    assert done.returncode == 1
    shown = REFUSED[name].split(": error[")[0].removesuffix(":1:1")
    reason = REFUSED[name].split("]: ", 1)[1]
    assert f"{catalog}/{shown}: cannot read: {reason}\n" in done.stderr

"""Cached answers cite the catalog being queried (issue 10, item 3).

The cache is keyed by content, so two copies of a catalog share one entry.
It stores file paths relative to the catalog root and renders them against
the catalog in use, so a proof never points into another checkout, and the
JSON export does not depend on the working directory.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dptaxonomy.cache.marshalfile import read_plain
from dptaxonomy.cache.store import cache_dir
from tests.clirunner import run
from tests.conftest import FIXTURES


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "first" / "catalog", tmp_path / "second" / "catalog"
    shutil.copytree(FIXTURES / "valid", first)
    shutil.copytree(FIXTURES / "valid", second)
    return first, second


def test_a_copy_elsewhere_cites_its_own_files(
    capsys: pytest.CaptureFixture[str], copies: tuple[Path, Path]
) -> None:
    first, second = copies
    earlier = run(capsys, "relate", "DP", "Rényi DP", "--catalog", str(first))
    assert f"stated in {first}/renyi-dp.yaml:29 " in earlier.out
    assert len(list(cache_dir().glob("kb-*.marshal"))) == 1
    later = run(capsys, "relate", "DP", "Rényi DP", "--catalog", str(second))
    assert later.code == 0
    assert len(list(cache_dir().glob("kb-*.marshal"))) == 1  # served from the shared entry
    assert f"stated in {second}/renyi-dp.yaml:29 " in later.out
    assert str(first) not in later.out


def test_another_working_directory_cites_files_from_there(
    capsys: pytest.CaptureFixture[str], copies: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = copies
    assert run(capsys, "relate", "DP", "Rényi DP", "--catalog", str(first)).code == 0
    monkeypatch.chdir(first)
    inside = run(capsys, "relate", "DP", "Rényi DP", "--catalog", ".")
    assert "stated in renyi-dp.yaml:29 " in inside.out
    monkeypatch.chdir(first.parent)
    above = run(capsys, "relate", "DP", "Rényi DP", "--catalog", "catalog")
    assert "stated in catalog/renyi-dp.yaml:29 " in above.out


def test_the_cache_stores_paths_relative_to_the_catalog_root(
    capsys: pytest.CaptureFixture[str], copies: tuple[Path, Path]
) -> None:
    first, _ = copies
    assert run(capsys, "relate", "DP", "Rényi DP", "--catalog", str(first)).code == 0
    (path,) = cache_dir().glob("kb-*.marshal")
    data = read_plain(path)
    files = {row[data["infos"]["fields"].index("file")] for row in data["infos"]["rows"]}
    assert files == {
        "bayesian-dp-ab20.yaml",
        "bayesian-dp-cd21.yaml",
        "differential-privacy.yaml",
        "renyi-dp.yaml",
    }
    assert str(first).encode() not in path.read_bytes()


def test_export_json_does_not_depend_on_the_working_directory(
    capsys: pytest.CaptureFixture[str], copies: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = copies
    # a contradiction makes the export carry file names
    path = first / "renyi-dp.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "  - kind: not_weaker\n    target: differential-privacy\n"
        "    citation: {key: DP20, at: x}\n",
        encoding="utf-8",
    )
    shutil.copy(path, second / "renyi-dp.yaml")
    outputs = []
    for directory, catalog in ((first.parent, "catalog"), (first, "."), (second, str(second))):
        monkeypatch.chdir(directory)
        result = run(capsys, "export", "json", "--catalog", catalog)
        assert result.code == 0, result.err
        outputs.append(result.out)
    assert outputs[0] == outputs[1] == outputs[2]
    files = {f["file"] for c in json.loads(outputs[0])["contradictions"] for f in c["facts"]}
    assert files == {"renyi-dp.yaml"}

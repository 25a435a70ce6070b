"""The cache key: a content hash, remembered by stat data only once the files have settled."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from dptaxonomy.cache import digest
from dptaxonomy.cache.digest import SETTLE_NS, cache_dir, catalog_digest, process_digest
from dptaxonomy.cache.marshalfile import MAGIC, plain_bytes, read_plain
from dptaxonomy.catalog.paths import catalog_listing
from tests.clirunner import run
from tests.conftest import FIXTURES


def _copy(tmp_path: Path) -> Path:
    catalog = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog)
    return catalog


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock reads 10 s ahead, so that files written by the test count as settled."""
    real = time.time_ns
    monkeypatch.setattr(time, "time_ns", lambda: real() + 5 * SETTLE_NS)


def _memos() -> list[Path]:
    return sorted(cache_dir().glob("stat-*.marshal"))


def test_fresh_files_are_not_remembered(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)  # just written: their times may not tell the next edit apart
    assert catalog_digest(catalog) == catalog_digest(catalog, remember=False)
    assert _memos() == []


@pytest.mark.usefixtures("later")
def test_settled_files_are_remembered_and_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _copy(tmp_path)
    first = catalog_digest(catalog)
    [memo] = _memos()
    assert read_plain(memo)["digest"] == first

    def unreadable(self: Path) -> bytes:
        raise AssertionError(f"{self} was read although its stat data is remembered")

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    assert catalog_digest(catalog) == first


@pytest.mark.usefixtures("later")
def test_an_edit_keeping_size_and_modification_time_is_still_seen(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)
    before = catalog_digest(catalog)
    assert _memos()
    path = catalog / "renyi-dp.yaml"
    text = path.read_text(encoding="utf-8")
    edited = text.replace("  - kind: weaker\n", "  - kind: strong\n", 1)
    assert len(edited) == len(text)
    assert edited != text
    times = os.stat(path)
    time.sleep(0.05)  # past the file system's timestamp granularity
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))  # the change time moves regardless
    after = catalog_digest(catalog)
    assert after != before
    assert after == catalog_digest(catalog, remember=False)


@pytest.mark.usefixtures("later")
def test_a_new_file_is_seen(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)
    before = catalog_digest(catalog)
    shutil.copy(catalog / "renyi-dp.yaml", catalog / "renyi-dp-copy.yaml")
    assert catalog_digest(catalog) != before


@pytest.mark.usefixtures("later")
@pytest.mark.parametrize(
    "garbage",
    [b"", b"{not json", b"[]", b'{"digest": 3}', b"\xff\xfe", MAGIC, MAGIC + b"\x00"],
)
def test_a_corrupt_memo_is_ignored(tmp_path: Path, garbage: bytes) -> None:
    catalog = _copy(tmp_path)
    truth = catalog_digest(catalog)
    [memo] = _memos()
    memo.write_bytes(garbage)
    assert catalog_digest(catalog) == truth


@pytest.mark.usefixtures("later")
def test_a_memo_of_another_catalog_is_not_used(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)
    truth = catalog_digest(catalog)
    [memo] = _memos()
    data = read_plain(memo)
    data["catalog"] = "/elsewhere"
    data["digest"] = "0" * 64
    memo.write_bytes(plain_bytes(data))
    assert catalog_digest(catalog) == truth


@pytest.mark.usefixtures("later")
def test_queries_see_an_edit_through_the_memo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    catalog = _copy(tmp_path)
    before = run(capsys, "relate", "renyi-dp", "differential-privacy", "--catalog", str(catalog))
    assert before.out.startswith("renyi-dp vs differential-privacy: weaker")
    assert _memos()
    path = catalog / "renyi-dp.yaml"
    time.sleep(0.05)
    path.write_text(
        path.read_text(encoding="utf-8").replace("  - kind: weaker\n", "  - kind: stronger\n", 1),
        encoding="utf-8",
    )
    after = run(capsys, "relate", "renyi-dp", "differential-privacy", "--catalog", str(catalog))
    assert after.out.startswith("renyi-dp vs differential-privacy: stronger")


# --- the key a process keeps in memory (issue 24) ---


@pytest.mark.usefixtures("later")
def test_the_process_key_is_kept_by_stat_data_and_sees_an_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _copy(tmp_path)
    first = process_digest(catalog)
    assert first == catalog_digest(catalog, remember=False)

    def never(*_args: object, **_kwargs: object) -> str:
        raise AssertionError("the key was computed again although no file changed")

    listed_digest = digest._listed_digest
    monkeypatch.setattr(digest, "_listed_digest", never)
    assert process_digest(catalog) == first
    monkeypatch.setattr(digest, "_listed_digest", listed_digest)
    path = catalog / "renyi-dp.yaml"
    time.sleep(0.05)  # past the file system's timestamp granularity
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = process_digest(catalog)
    assert after != first
    assert after == catalog_digest(catalog, remember=False)


@pytest.mark.usefixtures("later")
def test_the_process_key_sees_a_file_added_deep_in_a_folder_without_files(
    tmp_path: Path,
) -> None:
    catalog = _copy(tmp_path)
    (catalog / "more").mkdir()
    first = process_digest(catalog)
    assert process_digest(catalog) == first
    (catalog / "more" / "deeper").mkdir()
    shutil.copy(catalog / "renyi-dp.yaml", catalog / "more" / "deeper" / "renyi-dp-copy.yaml")
    after = process_digest(catalog)
    assert after != first
    assert after == catalog_digest(catalog, remember=False)


def test_fresh_files_are_not_kept_in_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _copy(tmp_path)  # just written: their times may not tell the next edit apart
    first = process_digest(catalog)
    computed: list[Path] = []
    real = digest._listed_digest

    def counted(directory: Path, *args: Any, **kwargs: Any) -> str:
        computed.append(directory)
        return real(directory, *args, **kwargs)

    monkeypatch.setattr(digest, "_listed_digest", counted)
    assert process_digest(catalog) == first
    assert computed == [catalog]


def test_a_new_process_lists_and_stats_each_catalog_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _copy(tmp_path)
    (catalog / "mechanisms" / "more").mkdir(parents=True)
    shutil.copy(catalog / "renyi-dp.yaml", catalog / "mechanisms" / "more" / "renyi-dp-copy.yaml")
    truth = catalog_digest(catalog, remember=False)
    listings: list[Path] = []
    stats: list[str] = []
    real_listing, real_stat = catalog_listing, os.stat

    def listing(directory: Path, folders: list[str] | None = None) -> list[tuple[str, str]]:
        listings.append(directory)
        return real_listing(directory, folders)

    def stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if str(path).startswith(str(catalog)):
            stats.append(str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(digest, "_IN_PROCESS", {})
    monkeypatch.setattr(digest, "catalog_listing", listing)
    monkeypatch.setattr(os, "stat", stat)
    assert process_digest(catalog) == truth
    assert listings == [catalog]
    files = [str(path) for path in catalog.rglob("*.yaml")]
    assert sorted(path for path in stats if path.endswith(".yaml")) == sorted(files)
    folders = [catalog, catalog / "mechanisms", catalog / "mechanisms" / "more"]
    assert {str(folder) for folder in folders} <= set(stats)


def test_each_folder_is_listed_once(tmp_path: Path) -> None:
    catalog = _copy(tmp_path)
    (catalog / "mechanisms" / "more").mkdir(parents=True)
    folders: list[str] = []
    files = catalog_listing(catalog, folders)
    assert sorted(folders) == sorted(
        str(f) for f in (catalog, catalog / "mechanisms", catalog / "mechanisms" / "more")
    )
    names = [name for name, _ in files]
    assert names[0] == "references.yaml"
    assert [n for n in names if n.startswith("mechanisms/")] == sorted(
        f"mechanisms/{p.relative_to(catalog / 'mechanisms').as_posix()}"
        for p in (catalog / "mechanisms").rglob("*.yaml")
    )


# --- the code stamp: the code that compiles, and only it ---


def _touched_stamp(path: Path, folders: tuple[str, ...] = digest._COMPILING) -> str:
    """The code stamp while ``path`` reads one second newer (restored afterwards)."""
    status = path.stat()
    try:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))
        return digest.code_stamp(folders)
    finally:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


PACKAGE = Path(digest.__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "module",
    [
        "__init__.py",
        "base/records.py",
        "cache/codec.py",
        "catalog/store.py",
        "reasoning/compile.py",
        "reasoning/logic/facts.py",
        "schema/models.py",
    ],
)
def test_an_edit_to_a_module_that_compiles_gives_a_new_cache_key(module: str) -> None:
    before = digest.code_stamp()
    assert _touched_stamp(PACKAGE / module) != before
    assert digest.code_stamp() == before


@pytest.mark.parametrize("module", ["cli/main.py", "queries/relations.py", "export/rdf.py"])
def test_an_edit_to_a_module_that_only_reads_keeps_the_cache_key(module: str) -> None:
    assert (PACKAGE / module).is_file()
    assert _touched_stamp(PACKAGE / module) == digest.code_stamp()


@pytest.mark.parametrize(
    ("module", "folders"), [("queries/findings.py", ("queries",)), ("export/rdf.py", ("export",))]
)
def test_a_layer_that_keeps_what_it_derives_stamps_its_own_code(
    module: str, folders: tuple[str, ...]
) -> None:
    """Memos (queries) and the SPARQL graph (export) are keyed on their own layer's code."""
    before = digest.code_stamp(folders)
    assert before != digest.code_stamp()
    assert _touched_stamp(PACKAGE / module, folders) != before
    assert digest.code_stamp(folders) == before


def test_the_stamped_folders_are_the_layers_a_compilation_is_made_by() -> None:
    """The cache layer and those below it in the import-linter contract: no module of a
    higher layer can be imported while compiling, so none can change what is stored."""
    import tomllib

    root = PACKAGE.parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    [layers] = [
        contract["layers"]
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract["type"] == "layers"
    ]
    below = layers[layers.index("dptaxonomy.cache") :]
    assert sorted(digest._COMPILING) == sorted(layer.split(".")[1] for layer in below)
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - {"data"} == {layer.split(".")[1] for layer in layers}

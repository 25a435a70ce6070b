"""The name index the cache stores beside a compilation, and rule N1's rows (issue 24)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dptaxonomy.cache.codec import decode_knowledge_base, encode_knowledge_base
from dptaxonomy.cache.marshalfile import plain_bytes, read_plain
from dptaxonomy.cache.store import cache_dir, catalog_view, knowledge_base
from dptaxonomy.catalog.names import NameIndex
from dptaxonomy.catalog.store import open_catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.conftest import CATALOG_DIR


def _names_file() -> Path:
    [path] = cache_dir().glob("names-*.marshal")
    return path


def test_the_stored_index_is_the_built_one() -> None:
    kb = knowledge_base(CATALOG_DIR)
    built = NameIndex(kb.info.values())
    stored = kb.names
    assert stored.data() == built.data()
    assert stored.resolve("Rényi DP") == built.resolve("Rényi DP") == "renyi-dp"
    view = catalog_view(CATALOG_DIR)
    assert view.names.data() == built.data()


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.pop("names"),
        lambda data: data["names"]["entries"].pop(),
        lambda data: data["names"]["labels"].update({"x": ["no-such-definition"]}),
        lambda data: data["names"].update({"entries": [["renyi-dp", 1, None, [], []]]}),
    ],
)
def test_a_damaged_index_is_built_again(damage: object) -> None:
    knowledge_base(CATALOG_DIR)
    path = _names_file()
    data = read_plain(path)
    damage(data)  # type: ignore[operator]
    path.write_bytes(plain_bytes(data))
    kb = knowledge_base(CATALOG_DIR)
    assert kb.resolve("RDP") == "renyi-dp"
    assert kb.names.data() == NameIndex(kb.info.values()).data()


def test_a_missing_index_is_built_again() -> None:
    knowledge_base(CATALOG_DIR)
    _names_file().unlink()
    assert catalog_view(CATALOG_DIR).resolve("zCDP")["id"] == "zero-concentrated-dp"


@pytest.mark.parametrize("data", [None, [], {"entries": {}}, {"entries": [["a", "A"]]}])
def test_a_malformed_index_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="name index"):
        NameIndex.from_data(data)


def test_the_separation_rows_round_trip_through_the_cache() -> None:
    kb = compile_knowledge_base(open_catalog())
    encoded = json.loads(json.dumps(encode_knowledge_base(kb)))
    restored = decode_knowledge_base(encoded)
    assert restored.not_stronger_rows == kb.not_stronger_rows
    encoded["not_stronger_rows"] = encoded["not_stronger_rows"][1:]
    with pytest.raises(ValueError, match="separation rows"):
        decode_knowledge_base(encoded)


@pytest.mark.parametrize(
    "entry",
    [
        ["renyi-dp", "Rényi DP", None, "KL10", []],
        ["renyi-dp", "Rényi DP", None, [3], []],
        ["renyi-dp", "Rényi DP", 7, [], []],
        ["renyi-dp", "Rényi DP", None, [], ["ok", None]],
        [1, "Rényi DP", None, [], []],
    ],
)
def test_a_malformed_entry_is_refused(entry: list[object]) -> None:
    data = {"entries": [entry], "labels": {}, "loose": {}, "initials": {}}
    with pytest.raises(ValueError, match=r"^a name index entry is malformed$"):
        NameIndex.from_data(data)


def test_the_index_read_back_resolves_and_describes_as_built() -> None:
    built = NameIndex(knowledge_base(CATALOG_DIR).info.values())
    read = NameIndex.from_data(json.loads(json.dumps(built.data())))
    assert read.data() == built.data()
    assert read.ids() == built.ids()
    for name in ("RDP", "zCDP", "Rényi DP", "DP", "ε-DP"):
        assert read.resolve(name) == built.resolve(name)
    assert read.initialisms() == built.initialisms()
    assert read.shared_labels() == built.shared_labels()

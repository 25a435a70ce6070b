"""The in-process API keeps the knowledge base and its answers (issue 24)."""

from __future__ import annotations

import shutil
from pathlib import Path

import dptaxonomy
from tests.conftest import CATALOG_DIR


def test_a_repeated_conversion_is_remembered() -> None:
    first = dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1})
    assert dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1}) is first
    assert dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 2}) is not first


def test_an_edited_catalog_is_read_again(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    before = dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1}, catalog=catalog)
    entry = catalog / "zero-concentrated-dp.yaml"
    entry.write_text(entry.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1}, catalog=catalog)
    assert after is not before
    assert after.to_json() == before.to_json()

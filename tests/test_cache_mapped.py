"""The facts with maps, decoded alone for `convert`, are the very objects of the facts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dptaxonomy.cache.fact_rows import FactRows
from dptaxonomy.cache.marshalfile import plain_bytes, read_plain
from dptaxonomy.cache.store import cache_dir, knowledge_base
from dptaxonomy.catalog.paths import default_catalog_dir
from dptaxonomy.reasoning.knowledge import KnowledgeBase, is_mapped
from dptaxonomy.reasoning.logic.facts import Fact

Edges = dict[str, list[Fact]]


def _catalog(tmp_path: Path) -> Path:
    catalog = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), catalog)
    return catalog


def _edges(kb: KnowledgeBase) -> tuple[Edges, Edges]:
    return kb.mapped_edges(conditional=False), kb.mapped_edges(conditional=True)


def _listed(edges: Edges) -> list[Fact]:
    return [fact for facts in edges.values() for fact in facts]


def test_mapped_facts_alone_then_all_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _catalog(tmp_path)
    fresh = knowledge_base(catalog)  # compiled: every fact at hand
    expected, total = _edges(fresh), len(fresh.facts)
    kb = knowledge_base(catalog)  # from the cache
    factset = FactRows.factset

    def never(_rows: FactRows) -> None:
        raise AssertionError("every fact was decoded")

    monkeypatch.setattr(FactRows, "factset", never)
    got = _edges(kb)
    assert got == expected
    assert 0 < len(_listed(got[1])) < total / 4
    monkeypatch.setattr(FactRows, "factset", factset)
    every = {id(fact) for fact in [*kb.facts, *kb.conditional_facts]}
    assert all(id(fact) in every for fact in _listed(got[1]))  # the same objects
    mapped = [id(fact) for fact in kb.facts if is_mapped(fact)]
    assert sorted(mapped) == sorted(map(id, _listed(got[0])))


@pytest.mark.parametrize("first", ["facts", "mechanisms"])
def test_facts_read_first_give_the_mapped_ones(tmp_path: Path, first: str) -> None:
    catalog = _catalog(tmp_path)
    expected = _edges(knowledge_base(catalog))
    kb = knowledge_base(catalog)
    getattr(kb, first)
    every = {id(fact) for fact in [*kb.facts, *kb.conditional_facts]}
    got = _edges(kb)
    assert got == expected
    assert all(id(fact) in every for fact in _listed(got[1]))


def test_a_bad_row_index_is_compiled_again(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path)
    expected = _edges(knowledge_base(catalog))
    [path] = cache_dir().glob("facts-*.marshal")
    data = read_plain(path)
    data["mapped"] = [len(data["facts"]["rows"])]  # no such row
    path.write_bytes(plain_bytes(data))
    assert _edges(knowledge_base(catalog)) == expected

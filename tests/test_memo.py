"""Remembered open questions: the same answer as computing them, never trusted when foreign."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dptaxonomy.cache.digest import cache_dir
from dptaxonomy.cache.marshalfile import plain_bytes, read_plain
from dptaxonomy.cache.store import knowledge_base
from dptaxonomy.queries import findings
from dptaxonomy.queries.findings import open_questions
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.enums import Scope
from tests.conftest import FIXTURES


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    copy = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", copy)
    return copy


def _fresh(catalog: Path, scope: Scope | None, limit: int | None) -> list[tuple[str, str, int]]:
    """The questions computed from a knowledge base that remembers nothing."""
    kb = knowledge_base(catalog)
    kb.cache_key = None
    return [(q.a, q.b, q.decides) for q in open_questions(Reasoner(kb), scope, limit).questions]


def _served(catalog: Path, scope: Scope | None, limit: int | None) -> list[tuple[str, str, int]]:
    questions = open_questions(Reasoner(knowledge_base(catalog)), scope, limit).questions
    return [(q.a, q.b, q.decides) for q in questions]


def _memo() -> Path:
    [path] = cache_dir().glob("memo-*-questions-all.marshal")
    return path


@pytest.mark.parametrize("limit", [1, 3, None])
@pytest.mark.parametrize("scope", [None, Scope.core])
def test_remembered_questions_equal_computed_ones(
    catalog: Path, scope: Scope | None, limit: int | None
) -> None:
    expected = _fresh(catalog, scope, limit)
    assert expected
    assert _served(catalog, scope, limit) == expected  # computes and remembers
    assert _served(catalog, scope, limit) == expected  # reads back


def test_a_longer_list_than_remembered_is_computed(
    catalog: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(findings, "KEPT", 2)
    everything = _fresh(catalog, None, None)
    assert len(everything) > 3
    assert _served(catalog, None, 2) == everything[:2]
    assert len(read_plain(_memo())["value"]["rows"]) == 2
    assert _served(catalog, None, 3) == everything[:3]  # more than kept: computed again
    assert _served(catalog, None, None) == everything


def test_a_memo_is_keyed_by_the_catalog(catalog: Path) -> None:
    _served(catalog, None, 5)
    relation = catalog / "renyi-dp.yaml"
    relation.write_text(
        relation.read_text(encoding="utf-8").replace("  - kind: weaker\n", "  - kind: stronger\n"),
        encoding="utf-8",
    )
    assert _served(catalog, None, 5) == _fresh(catalog, None, 5)
    assert len(list(cache_dir().glob("memo-*-questions-all.marshal"))) == 2


@pytest.mark.parametrize(
    "value",
    [
        None,
        [],
        {"complete": True},
        {"complete": "yes", "rows": []},
        {"complete": True, "rows": [["renyi-dp", "no-such-definition", 3, [], []]]},
        {"complete": True, "rows": [["renyi-dp", "renyi-dp", "3", ["renyi-dp"], []]]},
        {"complete": True, "rows": [["renyi-dp", "renyi-dp", 3, "renyi-dp", []]]},
        {"complete": True, "rows": [["renyi-dp", "renyi-dp", 3, [["renyi-dp"]], [], False]]},
        {"complete": True, "rows": [["renyi-dp", "renyi-dp", 3, ["renyi-dp"], [], 1]]},
        {"complete": True, "rows": [["renyi-dp", 7, 3, ["renyi-dp"], [], False]]},
        {  # only a later row is malformed: still never trusted
            "complete": True,
            "rows": [
                ["renyi-dp", "renyi-dp", 3, ["renyi-dp"], ["renyi-dp"], False],
                ["renyi-dp", "no-such-definition", 2, [], [], False],
            ],
        },
    ],
)
def test_a_malformed_memo_is_recomputed(catalog: Path, value: object) -> None:
    expected = _fresh(catalog, None, 4)
    _served(catalog, None, 4)
    memo = _memo()
    data = read_plain(memo)
    data["value"] = value
    memo.write_bytes(plain_bytes(data))
    assert _served(catalog, None, 4) == expected


def test_a_memo_of_another_version_is_recomputed(catalog: Path) -> None:
    expected = _fresh(catalog, None, 4)
    _served(catalog, None, 4)
    memo = _memo()
    data = read_plain(memo)
    data["version"] = "0.0.0"
    data["value"]["rows"] = data["value"]["rows"][::-1]
    memo.write_bytes(plain_bytes(data))
    assert _served(catalog, None, 4) == expected


def test_a_memo_made_by_other_query_code_is_recomputed(catalog: Path) -> None:
    """The knowledge base's key stamps only the code that compiles; a memo is also made by
    the query code that computed it, so an edit there (an editable install) is never
    answered from a memo the old code wrote."""
    expected = _fresh(catalog, None, 4)
    _served(catalog, None, 4)
    memo = _memo()
    data = read_plain(memo)
    data["value"]["rows"] = data["value"]["rows"][::-1]
    memo.write_bytes(plain_bytes(data))
    assert _served(catalog, None, 4) != expected  # read back: the memo was trusted
    module = Path(findings.__file__)
    status = module.stat()
    try:
        os.utime(module, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))
        assert _served(catalog, None, 4) == expected  # the query code changed: recomputed
    finally:
        os.utime(module, ns=(status.st_atime_ns, status.st_mtime_ns))

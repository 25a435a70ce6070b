"""`dptax verify`'s checks are remembered under the catalog's content key (verify_memo)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dptaxonomy.cache.digest import NO_CACHE_ENV, catalog_digest
from dptaxonomy.cache.memo import recall, remember
from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.queries import verify_memo
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "valid"

CHECKS = [
    Check(CheckKind.parameter_map, "renyi-dp", 0, "epsilon = rho", Outcome.computed, 25, False),
    Check(
        CheckKind.satisfies,
        "laplace",
        2,
        "laplace satisfies kl-privacy",
        Outcome.refuted,
        7,
        True,
        counterexample="laplace scale=1",
        relation="≻",
        sampled_from=400,
    ),
]


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the real computations; each one returns :data:`CHECKS`."""
    calls: list[int] = []

    def fake(_catalog: object) -> list[Check]:
        calls.append(1)
        return list(CHECKS)

    monkeypatch.setattr(verify_memo, "verify_catalog", fake)
    return calls


def _copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(FIXTURE, tmp_path / "catalog"))


def test_a_second_run_on_the_same_content_is_recalled_whole(
    tmp_path: Path, computed: list[int]
) -> None:
    directory = _copy(tmp_path)
    assert verify_memo.verified_checks(load_catalog(directory)) == CHECKS
    assert verify_memo.verified_checks(load_catalog(directory)) == CHECKS
    assert len(computed) == 1


def test_an_edit_to_an_entry_is_computed_again_and_the_evidence_file_is_not_part_of_the_key(
    tmp_path: Path, computed: list[int]
) -> None:
    directory = _copy(tmp_path)
    verify_memo.verified_checks(load_catalog(directory))
    (directory / "evidence.json").write_text('{"checks": []}\n', encoding="utf-8")
    verify_memo.verified_checks(load_catalog(directory))
    assert len(computed) == 1
    entry = directory / "renyi-dp.yaml"
    entry.write_text(entry.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    verify_memo.verified_checks(load_catalog(directory))
    assert len(computed) == 2


@pytest.mark.parametrize(
    "stored",
    [
        "not a list",
        [{"kind": "no such kind"}],
        [{**CHECKS[0].data(), "disputed": "no"}],
        [{**CHECKS[0].data(), "disputed": False, "cases": -1}],
        [{**CHECKS[0].data(), "disputed": False, "counterexample": 3}],
    ],
)
def test_a_malformed_memo_is_computed_again(
    tmp_path: Path, computed: list[int], stored: object
) -> None:
    directory = _copy(tmp_path)
    remember(catalog_digest(directory, evidence=False), verify_memo.MEMO_NAME, stored)
    assert verify_memo.verified_checks(load_catalog(directory)) == CHECKS
    assert len(computed) == 1
    assert recall(catalog_digest(directory, evidence=False), verify_memo.MEMO_NAME) != stored


def test_without_the_cache_every_run_computes(
    tmp_path: Path, computed: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(NO_CACHE_ENV, "1")
    directory = _copy(tmp_path)
    verify_memo.verified_checks(load_catalog(directory))
    verify_memo.verified_checks(load_catalog(directory))
    assert len(computed) == 2

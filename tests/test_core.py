"""The practitioner's core (catalog/core.yaml, docs/core.md) and `variant of` directions."""

from __future__ import annotations

from pathlib import Path

import pytest

from dptaxonomy.catalog.core_list import read_core_ids
from dptaxonomy.catalog.formatting import CORE_MODELINE, FileKind, file_kind, format_text
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.enums import LinkKind
from dptaxonomy.schema.links import VariantReading
from tests.clirunner import run

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "core.md"

WEAK_SOURCES = (
    "bounded-dp",
    "label-dp",
    "individual-dp",
    "per-instance-dp",
    "local-dp",
    "dp-in-the-shuffled-model",
)
"""Definitions whose neighbourhood leaves some standard neighbours unconstrained."""

APPROXIMATE_CLASS = (
    "approximate-dp",
    "probabilistic-dp",
    "approximate-concentrated-dp",
    "f-dp",
    "privacy-profile",
    "privacy-loss-distribution",
    "total-variation-privacy",
)
"""The (ε, δ)-DP equivalence class: each member is met by every mechanism at some parameter."""

AT_LEAST_DP = (
    "differential-privacy",
    "range-bounded-privacy",
    "unbounded-dp",
    "group-dp",
    "user-level-dp",
    "event-level-dp",
    "client-dp",
    "element-dp",
    "personalized-dp",
    "event-level-pan-privacy",
    "user-level-pan-privacy",
    "bounded-dp",
)

OPEN = {
    *((a, "local-dp") for a in AT_LEAST_DP),
    *((a, "dp-in-the-shuffled-model") for a in AT_LEAST_DP),
    ("dp-in-the-shuffled-model", "local-dp"),
    ("zero-concentrated-dp", "gaussian-dp"),
    ("mean-concentrated-dp", "gaussian-dp"),
}
"""The open pairs docs/core.md lists, each with what would decide it."""


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


def _undecided(catalog: Catalog, kb: KnowledgeBase) -> set[tuple[str, str]]:
    core = catalog.core
    return {
        (a, b)
        for a in core
        for b in core
        if a != b and not kb.is_stronger(a, b) and not kb.is_not_stronger(a, b)
    }


def test_core_is_listed_and_read_the_same_way_by_both_readers(catalog: Catalog) -> None:
    assert len(catalog.core) >= 30
    assert read_core_ids(catalog.directory) == catalog.core
    assert {"differential-privacy", "privacy-profile", "local-dp"} <= set(catalog.core)


def test_at_least_90_percent_of_core_pairs_are_decided(catalog: Catalog, kb: KnowledgeBase) -> None:
    n = len(catalog.core)
    undecided = _undecided(catalog, kb)
    assert len(undecided) <= 0.1 * n * (n - 1)


def test_every_undecided_core_pair_is_weak_side_or_listed(
    catalog: Catalog, kb: KnowledgeBase
) -> None:
    weak = {(a, b) for a in WEAK_SOURCES for b in APPROXIMATE_CLASS}
    assert _undecided(catalog, kb) == weak | OPEN


def test_weak_side_targets_form_the_approximate_dp_class(kb: KnowledgeBase) -> None:
    assert set(APPROXIMATE_CLASS) <= set(kb.equivalents("approximate-dp"))


def test_weak_side_sources_are_separated_from_kl_privacy(kb: KnowledgeBase) -> None:
    # each leaves standard neighbours unconstrained: a witness meets it and no KL bound
    for source in WEAK_SOURCES:
        assert kb.is_not_stronger(source, "kl-privacy"), source


def test_the_docs_list_every_open_pair() -> None:
    text = DOC.read_text(encoding="utf-8")
    listed = text.split("<!-- open-pairs:start -->")[1].split("<!-- open-pairs:end -->")[0]
    for a, b in sorted(OPEN):
        assert f"`{a}`" in listed, a
        assert f"`{b}`" in listed, b


def test_every_variant_link_has_a_direction(catalog: Catalog) -> None:
    missing = [
        f"{d.id} -> {link.target}"
        for d in catalog.definitions.values()
        for link in d.links
        if link.kind is LinkKind.variant_of and link.direction is None
    ]
    assert missing == []


def test_variant_readings_are_all_used(catalog: Catalog) -> None:
    used = {
        link.direction.reading
        for d in catalog.definitions.values()
        for link in d.links
        if link.direction is not None
    }
    assert used == set(VariantReading)


def test_show_prints_a_variant_direction(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "label-dp")
    assert result.code == 0
    assert (
        "      direction: implies the relation stated above: N: a smaller change (one example's"
        " label) than bounded DP's (one record); bounded DP ≻ label DP with the same ε, stated"
        " above." in result.out
    )


def test_schema_command_prints_the_core_schema(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "schema", "core")
    assert result.code == 0
    assert '"title": "dptaxonomy practitioner\'s core"' in result.out


def test_core_file_is_formatted_as_a_core_list() -> None:
    path = ROOT / "catalog" / "core.yaml"
    assert file_kind(path) is FileKind.core
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == CORE_MODELINE
    assert format_text(text, kind=FileKind.core) == text


def test_no_core_file_means_an_empty_core(tmp_path: Path) -> None:
    assert read_core_ids(tmp_path) == ()

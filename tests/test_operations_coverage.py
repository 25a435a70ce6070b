"""Issue 23's Done-when over the catalog: every core definition flagged `operations: true` in
core.yaml answers each operation (amplification per sampling scheme of its trust model) with a
rule or an `open` mark saying why there is none."""

from __future__ import annotations

import pytest
import yaml

from dptaxonomy.catalog.operation_coverage import unanswered_operations
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.core import CoreList
from dptaxonomy.schema.enums import Status
from tests.conftest import CATALOG_DIR

FLAGGED = CoreList.model_validate(
    yaml.safe_load((CATALOG_DIR / "core.yaml").read_text(encoding="utf-8"))
).operation_ids


def test_the_flagged_members_are_issue_23s_list() -> None:
    assert len(FLAGGED) == 13
    assert {"differential-privacy", "zero-concentrated-dp", "local-dp"} <= set(FLAGGED)


@pytest.mark.parametrize("definition", FLAGGED)
def test_every_operation_has_a_rule_or_a_mark(catalog: Catalog, definition: str) -> None:
    assert unanswered_operations(catalog.definitions[definition]) == []


def test_a_missing_mark_is_reported(catalog: Catalog) -> None:
    tcdp = catalog.definitions["truncated-concentrated-dp-bdrs18"]
    kept = [r for r in tcdp.operations if r.operation.value != "group_privacy"]
    assert unanswered_operations(tcdp.model_copy(update={"operations": kept})) == ["group_privacy"]
    local = catalog.definitions["local-dp"]
    assert unanswered_operations(local.model_copy(update={"operations": []})) == [
        "composition",
        "group_privacy",
        "amplification (shuffling)",
        "neighbourhood_change",
    ]


def test_a_mark_without_sampling_answers_every_scheme_a_disputed_rule_none(
    catalog: Catalog,
) -> None:
    mcdp = catalog.definitions["mean-concentrated-dp"]
    assert [r.sampling for r in mcdp.operations if r.operation.value == "amplification"] == [None]
    assert unanswered_operations(mcdp) == []
    zcdp = catalog.definitions["zero-concentrated-dp"]
    disputed = [
        r.model_copy(update={"status": Status.disputed})
        if r.operation.value == "composition"
        else r
        for r in zcdp.operations
    ]
    assert unanswered_operations(zcdp.model_copy(update={"operations": disputed})) == [
        "composition"
    ]

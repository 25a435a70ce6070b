"""Trust models, units of privacy and neighbouring conventions as typed data, and verdicts
that depend on the convention."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.reasoner import Reasoner
from dptaxonomy.schema.enums import Setting
from dptaxonomy.schema.settings import COVERS, Convention, Unit, covers
from tests.clirunner import run
from tests.conftest import CATALOG_DIR

CATALOG = str(CATALOG_DIR)


def test_covers_is_a_partial_order() -> None:
    units = list(Unit)
    for a, b, c in itertools.product(units, repeat=3):
        if covers(a, b) and covers(b, c):
            assert covers(a, c), (a, b, c)
    for a, b in itertools.permutations(units, 2):
        assert not (covers(a, b) and covers(b, a)), (a, b)
    assert all(unit not in smaller for unit, smaller in COVERS.items())


def test_the_catalog_fills_the_fields_where_the_sources_say(catalog: Catalog) -> None:
    d = catalog.definitions
    assert (d["differential-privacy"].unit, d["differential-privacy"].neighbours) == (
        Unit.record,
        Convention.either,
    )
    assert d["unbounded-dp"].neighbours is Convention.add_remove
    assert d["bounded-dp"].neighbours is Convention.replace_one
    assert d["user-level-dp"].unit is Unit.user
    assert d["event-level-pan-privacy"].setting is Setting.pan_private
    assert d["dp-in-the-shuffled-model"].setting is Setting.shuffle
    assert {x.setting for x in d.values()} == set(Setting)
    assert {x.unit for x in d.values()} >= {Unit.record, Unit.user, Unit.label, Unit.edge}


def test_a_verdict_resting_on_a_convention_says_so(catalog: Catalog) -> None:
    reasoner = Reasoner(compile_knowledge_base(catalog))
    proofs = reasoner.relationship("local-dp", "differential-privacy").proofs
    assert [p.conventions for p in proofs] == [("add_remove",)]
    unaffected = reasoner.relationship("local-dp", "bounded-dp").proofs
    assert all(p.conventions == () for p in unaffected)


def test_relate_prints_the_convention(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", "local-dp", "differential-privacy", "--catalog", CATALOG)
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[2] == (
        "local-dp ⊁ differential-privacy   (asserted; rules W3; depends on the neighbouring "
        "convention: holds under add/remove neighbours; the other convention may change the "
        "verdict)"
    )
    assert "     holds under add/remove neighbours" in lines
    data = json.loads(
        run(
            capsys, "relate", "local-dp", "differential-privacy", "-f", "json", "--catalog", CATALOG
        ).out
    )
    assert data["proofs"][0]["conventions"] == ["add_remove"]
    # the witness exact-size violates ε-DP only through an added or removed record
    assert [s.get("convention") for s in data["proofs"][0]["steps"]] == ["add_remove"]


def test_show_prints_the_unit_and_convention(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "unbounded DP", "--catalog", CATALOG)
    assert "protects:      record-level, add/remove neighbours" in result.out.splitlines()
    shown = run(capsys, "show", "event-level pan-privacy", "--catalog", CATALOG).out
    assert "scope:         input_type, pan-private model" in shown.splitlines()
    assert "protects:      event-level" in shown.splitlines()


@pytest.mark.slow
def test_the_pair_page_says_the_verdict_depends_on_the_convention(site_dir: Path) -> None:
    page = (site_dir / "p" / "differential-privacy" / "local-dp" / "index.html").read_text("utf-8")
    assert (
        "This verdict depends on the neighbouring convention: it holds under add/remove "
        "neighbours; under the other convention it may not."
    ) in page
    shown = (site_dir / "d" / "unbounded-dp" / "index.html").read_text("utf-8")
    assert "<dt>Protects</dt><dd>record-level, add/remove neighbours</dd>" in shown

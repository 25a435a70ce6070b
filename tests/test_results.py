"""Query results are data: one JSON form each, carrying the schema version."""

from __future__ import annotations

import json

import pytest

from dptaxonomy.cache.codec import decode_knowledge_base, encode_knowledge_base
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.results import SCHEMA_VERSION
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.reasoner import Extension, Verdict
from tests.clirunner import run
from tests.conftest import FIXTURES

VALID = str(FIXTURES / "valid")

QUERIES = [
    ("relate", "RényiDP", "DP"),
    ("explain", "RényiDP", "DP"),
    ("stronger-than", "RényiDP"),
    ("weaker-than", "DP"),
    ("contradictions",),
    ("open-questions",),
    ("redundant",),
    ("show", "RényiDP"),
    ("list",),
    ("stats",),
]


@pytest.mark.parametrize("args", QUERIES, ids=lambda a: a[0])
def test_every_query_prints_a_versioned_json_object(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    result = run(capsys, *args, "--catalog", VALID, "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert isinstance(data, dict)
    assert data["schema_version"] == SCHEMA_VERSION


def test_relate_json_values_are_the_enums(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "relate", "RényiDP", "DP", "--catalog", VALID, "-f", "json").out)
    assert Verdict(data["verdict"]) is Verdict.weaker
    assert Extension(data["extension"]) is Extension.b_special_case_of_a


def test_contradictions_have_one_json_form(capsys: pytest.CaptureFixture[str]) -> None:
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.export.jsondump import json_text

    catalog = load_catalog(FIXTURES / "valid")
    exported = json.loads(json_text(catalog, compile_knowledge_base(catalog)))
    printed = json.loads(run(capsys, "contradictions", "--catalog", VALID, "-f", "json").out)
    assert exported["contradictions"] == printed["contradictions"]


def test_the_cache_form_round_trips_every_field(catalog: Catalog) -> None:
    kb = compile_knowledge_base(catalog)
    data = json.loads(json.dumps(encode_knowledge_base(kb)))
    back = decode_knowledge_base(data)
    assert back.info == kb.info
    assert back.factset == kb.factset
    assert back.strength.members == kb.strength.members
    assert back.extension.successors == kb.extension.successors


@pytest.mark.parametrize(
    ("table", "column", "bad"),
    [("infos", "composability_line", "12"), ("origins", "line", True), ("facts", "kind", "x")],
)
def test_the_cache_form_rejects_a_wrong_type(
    catalog: Catalog, table: str, column: str, bad: object
) -> None:
    data = json.loads(json.dumps(encode_knowledge_base(compile_knowledge_base(catalog))))
    position = data[table]["fields"].index(column)
    data[table]["rows"][0][position] = bad
    with pytest.raises(ValueError, match=r"expected|not a valid"):
        decode_knowledge_base(data)

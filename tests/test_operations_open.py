"""`open` marks (docs/operations.md): why an entry gives no rule for an operation. The schema,
validate's check against a rule beside a mark, and where marks are shown (show, open-questions,
the site, JSON, RDF)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError
from rdflib import Graph, Literal

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.rdf_operations import add_operations, read_operations
from dptaxonomy.export.vocabulary import DP, SKOS, definition_iri
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.operation_questions import operation_questions
from dptaxonomy.schema.operations import OperationRule
from tests.clirunner import run
from tests.test_operations_views import shown_operations
from tests.test_verify import _copy

CITE = {"key": "BDRS18", "at": "abstract"}
WHY = "planted"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"operation": "group_privacy", "open": "no_source_known"},
            "an `open` mark needs a note saying why, and no more",
        ),
        (
            {
                "operation": "group_privacy",
                "open": "no_source_known",
                "note": WHY,
                "conditions": ["k >= 1"],
            },
            "an `open` mark needs a note saying why, and no more",
        ),
        (
            {
                "operation": "group_privacy",
                "open": "no_source_known",
                "note": WHY,
                "parameter_map": {"rho": "k * rho"},
                "citation": CITE,
            },
            "give exactly one of `parameter_map`, `closed_form`, `fails` and `open`",
        ),
        (
            {"operation": "amplification", "open": "source_not_read", "note": WHY},
            "`open: source_not_read` needs the `citation` of the unread source",
        ),
        (
            {
                "operation": "group_privacy",
                "open": "no_source_known",
                "note": WHY,
                "citation": CITE,
            },
            "`open: no_source_known` cites nothing",
        ),
        (
            {"operation": "group_privacy", "parameter_map": {"rho": "k * rho"}},
            "a rule needs a `citation`",
        ),
        (
            {
                "operation": "neighbourhood_change",
                "open": "not_applicable",
                "note": WHY,
                "to_neighbourhood": "replace_one",
            },
            "neighbourhood_change needs `neighbourhood`",
        ),
    ],
)
def test_the_schema_rejects_a_malformed_mark(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError) as raised:
        OperationRule.model_validate(fields)
    assert raised.value.errors()[0]["msg"] == f"Value error, {message}"


def test_a_mark_may_leave_out_the_sampling_scheme_and_the_composition_form() -> None:
    amplification = OperationRule.model_validate(
        {"operation": "amplification", "open": "source_not_read", "note": WHY, "citation": CITE}
    )
    assert (amplification.sampling, amplification.neighbourhood) == (None, None)
    composition = OperationRule.model_validate(
        {"operation": "composition", "open": "no_source_known", "note": WHY}
    )
    assert (composition.form, composition.adaptivity, composition.citation) == (None, None, None)


def test_a_mark_beside_a_rule_for_the_same_operation_fails_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    path = catalog / "zero-concentrated-dp.yaml"
    text = path.read_text(encoding="utf-8")
    mark = "  - operation: group_privacy\n    open: no_source_known\n    note: planted\n"
    path.write_text(text.replace("operations:\n", "operations:\n" + mark, 1), encoding="utf-8")
    result = run(capsys, "validate", "--catalog", str(catalog))
    assert result.code == 1
    assert (
        "error[open-beside-rule]: operations[0].open: an `open` mark for group_privacy beside "
        "a rule for it (operations[2])"
    ) in result.out
    assert "hint: remove the mark, or name the sampling scheme it is about" in result.out


def test_show_prints_one_line_per_mark(capsys: pytest.CaptureFixture[str]) -> None:
    shown = shown_operations(capsys, "local-dp")
    assert shown[-2] == (
        "  group privacy (group of k): not applicable: The definition bounds one person's "
        "randomizer on every pair of that person's input values, so any two inputs are already "
        "neighbours: there is no group of k inputs to a randomizer. Where k people change their "
        "values, their k reports are independent randomizers, which is composition (the rule "
        "above); LPT+22 (Section 6) lists group privacy among LDP's properties without a map. "
        "[LPT+22] Section 2.1, Definition 2"
    )
    assert shown[-1].startswith(
        "  change of neighbours, add/remove → replace-one: not applicable: The definition "
    )
    tcdp = run(capsys, "show", "tCDP").out
    assert (
        "  group privacy (group of k): open, no source known to us\n"
        "  amplification: open, a source states a rule we could not read [BDRS18] abstract; "
        "the amplification result is in the body, whose section, sampling scheme and constants "
        "we could not read from any stored copy\n"
    ) in tcdp
    data = json.loads(run(capsys, "show", "tCDP", "--format", "json").out)
    marks = [r for r in data["operations"] if r.get("open")]
    assert [(r["operation"], r["open"]) for r in marks] == [
        ("group_privacy", "no_source_known"),
        ("amplification", "source_not_read"),
        ("neighbourhood_change", "no_source_known"),
    ]


def test_open_questions_give_the_reason_and_drop_what_does_not_apply(
    tmp_path: Path, catalog: Catalog, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = operation_questions(compile_knowledge_base(catalog))
    found = {(q.operation, q.concerns[0]): q for q in questions}
    assert found["amplification", "gaussian-dp"].reasons == ("no source known to us",)
    assert ("group_privacy", "local-dp") not in found  # not applicable
    assert found["amplification", "zero-knowledge-privacy"].reasons == ()  # no entry says
    copy = _copy(tmp_path)
    path = copy / "zero-knowledge-privacy.yaml"
    text = path.read_text(encoding="utf-8")
    marks = (
        "operations:\n"
        "  - operation: amplification\n    open: source_not_read\n"
        "    citation: {key: BDRS18, at: planted}\n    note: planted\n"
        "  - operation: group_privacy\n    open: not_applicable\n    note: planted\n"
    )
    assert "\noperations:" not in text
    path.write_text(text.rstrip("\n") + "\n" + marks, encoding="utf-8")
    result = run(capsys, "open-questions", "--catalog", str(copy), "--limit", "1000")
    assert result.code == 0, result.err
    line = next(
        row for row in result.out.splitlines() if "is zero-knowledge-privacy amplified" in row
    )
    assert line.endswith("stated in BDRS18, which we could not read")
    assert "what does zero-knowledge-privacy promise for a group" not in result.out
    data = json.loads(run(capsys, "open-questions", "--catalog", str(copy), "--format", "json").out)
    assert "reasons" in data["operation_questions"][0]


def test_rdf_carries_a_mark_losslessly(catalog: Catalog) -> None:
    graph = Graph()
    definition = catalog.definitions["local-dp"]
    add_operations(graph, definition)
    back = read_operations(graph, definition_iri(definition.id))
    assert back == [
        r.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        for r in definition.operations
    ]
    marked = list(graph.subjects(DP.openReason, Literal("not_applicable")))
    assert [str(graph.value(node, DP.operation)) for node in marked] == [
        "group_privacy",
        "neighbourhood_change",
    ]
    note = str(graph.value(marked[0], SKOS.note))
    assert note.startswith("The definition bounds one person's randomizer")


def test_the_site_shows_a_mark_with_its_reason(catalog: Catalog) -> None:
    from dptaxonomy.export.site.definition import definition_context
    from dptaxonomy.reasoning.reasoner import Reasoner

    reasoner = Reasoner(compile_knowledge_base(catalog))
    rows = definition_context(catalog, reasoner, "truncated-concentrated-dp-bdrs18")["operations"]
    assert [(row["line"], row["evidence"], row["citation"] is None) for row in rows[1:]] == [
        ("group privacy (group of k): open, no source known to us", "open", True),
        ("amplification: open, a source states a rule we could not read", "open", False),
        (
            "change of neighbours, add/remove → replace-one: open, no source known to us",
            "open",
            True,
        ),
    ]
    local = definition_context(catalog, reasoner, "local-dp")["operations"]
    assert [row["evidence"] for row in local[2:]] == ["not-applicable", "not-applicable"]


def test_the_json_export_carries_the_marks(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "export", "json")
    assert result.code == 0
    definitions = {d["id"]: d for d in json.loads(result.out)["definitions"]}
    marks = [r for r in definitions["local-dp"]["operations"] if "open" in r]
    assert [(r["operation"], r["open"], r["citation"]["key"]) for r in marks] == [
        ("group_privacy", "not_applicable", "LPT+22"),
        ("neighbourhood_change", "not_applicable", "LPT+22"),
    ]

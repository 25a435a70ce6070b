"""Operation rules where facts are shown: `show`, `relate`, `open-questions`, the RDF export,
and validate's check against a `composability: no` claim."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import Graph, Literal

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.rdf_operations import add_operations, read_operations
from dptaxonomy.export.vocabulary import DP, definition_iri
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.logic.operation_questions import operation_questions
from tests.clirunner import run
from tests.test_verify import _copy


def shown_operations(capsys: pytest.CaptureFixture[str], name: str) -> list[str]:
    """The lines `dptax show NAME` prints under its operations heading."""
    result = run(capsys, "show", name)
    assert result.code == 0
    lines = result.out.splitlines()
    start = lines.index("Under operations (docs/operations.md)")
    return lines[start + 1 : lines.index("", start)]


def test_show_prints_the_rules_in_a_few_lines(capsys: pytest.CaptureFixture[str]) -> None:
    shown = shown_operations(capsys, "zCDP")
    assert [line.split(" — ")[0] for line in shown] == [
        "  composition, heterogeneous, adaptive: xi = xi_1 + xi_2, rho = rho_1 + rho_2",
        "      [BS16] Section 2, composition and post-processing (result number not checked "
        "against a stored copy)",
        "      tight, attained by gaussian (computed)",
        "  group privacy (group of k): rho = k ** 2 * rho if xi == 0 and k >= 1",
        "      [BS16] group privacy of ρ-zCDP, stated in Section 1 (result number not checked "
        "against a stored copy)",
        "      tight, attained by gaussian (computed)",
        "  change of neighbours, add/remove → replace-one: rho = 4 * rho if xi == 0",
        "      [BS16] group privacy of ρ-zCDP with k = 2 (result number not checked against a "
        "stored copy)",
        "  no amplification by Poisson subsampling (amplification, Poisson sampling (rate q), "
        "add/remove): none holds (the source shows it fails)",
        "      [BDRS18] Section 1 (introduction), zCDP's lack of amplification by subsampling as "
        "the motivation for tCDP (wording not read from a stored copy; section not checked)",
        "  amplification, sampling without replacement: open, a source states a rule we could "
        "not read [BDRS18] Section 1 (introduction), zCDP's lack of amplification by "
        "subsampling, as for Poisson subsampling above (wording not read from a stored copy; "
        "section not checked)",
    ]
    assert shown[1].endswith(" — computed (91 cases)")
    assert shown[9].endswith(" — computed (4 cases)")


def test_show_names_a_rule_and_its_result_definition(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "show", "differential-privacy")
    assert (
        "  optimal composition (composition, k-fold, adaptive): closed form optimal_pure "
        "(approximate-dp)\n"
    ) in result.out
    assert "scope: Records separated into two disjoint datasets" in result.out


def test_relate_lists_what_each_side_promises(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "relate", "zCDP", "gaussian-dp")
    assert result.code == 0
    tail = result.out.split("What each promises under operations (docs/operations.md):\n")[1]
    assert tail.splitlines()[:3] == [
        "  zero-concentrated-dp",
        "    composition, heterogeneous, adaptive: xi = xi_1 + xi_2, rho = rho_1 + rho_2 [BS16]",
        "    group privacy (group of k): rho = k ** 2 * rho if xi == 0 and k >= 1 [BS16]",
    ]
    data = json.loads(run(capsys, "relate", "zCDP", "gaussian-dp", "--format", "json").out)
    assert data["operations"]["gaussian-dp"][0] == {
        "operation": "composition",
        "rule": "composition, heterogeneous, adaptive: mu = sqrt(mu_1 ** 2 + mu_2 ** 2)",
        "citation": "DRS21",
    }


def test_open_questions_rank_operation_questions(
    catalog: Catalog, capsys: pytest.CaptureFixture[str]
) -> None:
    kb = compile_knowledge_base(catalog)
    found = operation_questions(kb)
    concerned = [len(q.concerns) for q in found]
    assert concerned == sorted(concerned, reverse=True)
    assert len(found) > 3
    assert operation_questions(kb, None, 3) == found[:3]  # only those are written out
    asked = {(q.operation, d) for q in found for d in q.concerns}
    assert ("composition", "zero-concentrated-dp") not in asked  # it has a rule
    # answered: the source shows zCDP is not amplified (a rule that `fails`), for its class too
    assert ("amplification", "zero-concentrated-dp") not in asked
    assert ("amplification", "mean-concentrated-dp") not in asked
    assert ("amplification", "zero-knowledge-privacy") in asked  # no source gives one here
    result = run(capsys, "open-questions", "--limit", "2")
    assert "CONCERNS  OPERATION" in result.out
    data = json.loads(run(capsys, "open-questions", "--limit", "2", "--format", "json").out)
    assert len(data["operation_questions"]) == 2
    assert data["operation_questions"][0]["concerns"] == list(found[0].concerns)


def test_rdf_carries_the_rules_losslessly(catalog: Catalog) -> None:
    graph = Graph()
    definition = catalog.definitions["differential-privacy"]
    add_operations(graph, definition)
    back = read_operations(graph, definition_iri(definition.id))
    assert back == [
        r.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        for r in definition.operations
    ]
    sampled = graph.subjects(DP.sampling, Literal("poisson"))
    assert [str(graph.value(node, DP.operation)) for node in sampled] == ["amplification"]


def test_a_composition_rule_beside_composability_no_fails_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copy(tmp_path)
    path = catalog / "zero-concentrated-dp.yaml"
    text = path.read_text(encoding="utf-8")
    marker = "  composability:\n    value: yes"
    assert marker in text
    path.write_text(text.replace(marker, "  composability:\n    value: no", 1), encoding="utf-8")
    result = run(capsys, "validate", "--catalog", str(catalog))
    assert result.code == 1
    assert (
        "error[contradicts-property]: operations[0].operation: a composition rule contradicts "
        "`properties.composability: no`"
    ) in result.out


def test_the_site_lists_the_open_operation_questions_ranked_like_the_cli(
    catalog: Catalog,
) -> None:
    from dptaxonomy.export.site.pages import open_questions_context
    from dptaxonomy.reasoning.reasoner import Reasoner

    reasoner = Reasoner(compile_knowledge_base(catalog))
    context = open_questions_context(catalog, reasoner, "https://example.org/r", 3)
    found = operation_questions(reasoner.kb)
    assert context["operations_total"] == len(found)
    assert [row["question"] for row in context["operations"]] == [q.question for q in found[:3]]
    first = context["operations"][0]
    assert [d.id for d in first["concerns"]] == list(found[0].concerns)
    assert first["issue"].startswith("https://example.org/r/issues/new?title=")
    assert "labels=open-question" in first["issue"]

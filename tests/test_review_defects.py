"""Smaller defects from the security review (issue 10, item 6), each with its regression test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.ontology import ontology_graph
from dptaxonomy.export.shapes import shapes_graph
from dptaxonomy.export.sparqlgraph import knowledge_graph
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.clirunner import run
from tests.conftest import FIXTURES


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(FIXTURES / "valid", tmp_path / "catalog")
    monkeypatch.chdir(tmp_path / "catalog")
    return tmp_path / "catalog"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_contradictions_under_conjectures_are_warnings(
    capsys: pytest.CaptureFixture[str], work: Path
) -> None:
    with (work / "renyi-dp.yaml").open("a", encoding="utf-8") as stream:
        stream.write(
            "  - kind: not_stronger\n    target: differential-privacy\n"
            '    citation: {key: DP20, at: "Section 3.2"}\n'
            "  - kind: stronger\n    target: differential-privacy\n    status: conjectured\n"
            '    citation: {key: Mir17, at: "Section 7"}\n'
        )
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 0
    assert result.out == (
        "renyi-dp.yaml:40:5: warning[contradiction-C3]: with --assume-conjectures: renyi-dp and "
        "differential-privacy are equivalent, yet ¬(renyi-dp ≻ differential-privacy) is "
        "asserted; facts: renyi-dp.yaml:37 [DP20] Section 3.2 (renyi-dp not_stronger "
        "differential-privacy); renyi-dp.yaml:40 [Mir17] Section 7 (renyi-dp stronger "
        "differential-privacy)\n"
        "    hint: the established facts refute a conjecture: check it against its source, and "
        "mark it `status: disputed` with a note if it is wrong\n"
    )
    assert result.err == "4 definitions, 5 references: 0 error(s), 1 warning(s)\n"


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_line_numbers_count_only_newlines(
    capsys: pytest.CaptureFixture[str], work: Path, separator: str
) -> None:
    path = work / "renyi-dp.yaml"
    edit(
        path,
        "summary: Bounds the Rényi divergence instead of the worst case.",
        f'summary: "Bounds the Rényi{separator}divergence{separator}instead of the worst case."',
    )
    edit(path, "target: differential-privacy\n", "target: differential-privacyy\n")
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert result.out.startswith(
        "renyi-dp.yaml:30:13: error[dangling-reference]: relations[0].target: "
        "no definition has id 'differential-privacyy'\n"
    )
    assert path.read_text(encoding="utf-8").split("\n")[29].strip() == (
        "target: differential-privacyy"
    )


@pytest.mark.parametrize(
    ("old", "new", "position"),
    [
        ("name: Rényi DP\n", "name: Rényi DP [Mir17]\n", "3:7: error[invalid-value]: name"),
        (
            "abbreviations: [RényiDP]\n",
            'abbreviations: ["RényiDP[x]"]\n',
            "4:16: error[invalid-value]: abbreviations",
        ),
    ],
)
def test_a_name_with_a_citation_suffix_is_rejected(
    capsys: pytest.CaptureFixture[str], work: Path, old: str, new: str, position: str
) -> None:
    edit(work / "renyi-dp.yaml", old, new)
    result = run(capsys, "validate", "--catalog", ".")
    assert result.code == 1
    assert result.out.startswith(f"renyi-dp.yaml:{position}: ")
    assert "which lookups read as a citation suffix (like BayDP[TF20])" in result.out


def test_brackets_inside_a_name_are_fine(capsys: pytest.CaptureFixture[str], work: Path) -> None:
    edit(work / "renyi-dp.yaml", "name: Rényi DP\n", "name: Rényi [order α] DP\n")
    assert run(capsys, "validate", "--catalog", ".").code == 0
    assert run(capsys, "show", "Rényi [order α] DP", "--catalog", ".").code == 0


def test_shacl_constrains_the_direct_relation_triples() -> None:
    from pyshacl import validate

    catalog = load_catalog(FIXTURES / "valid")
    graph = knowledge_graph(catalog, compile_knowledge_base(catalog))
    conforms, _, report = validate(graph, shacl_graph=shapes_graph(), ont_graph=ontology_graph())
    assert conforms, report
    renyi = v.definition_iri("renyi-dp")
    for predicate, target in (
        (v.P_STRONGER, Literal("differential-privacy")),
        (v.P_EXTENDS, URIRef("urn:not-a-definition")),
        (v.P_EQUIVALENT, v.definition_iri("no-such-definition")),
    ):
        broken = knowledge_graph(catalog, compile_knowledge_base(catalog))
        broken.add((renyi, predicate, target))
        conforms, _, report = validate(broken, shacl_graph=shapes_graph())
        assert not conforms, predicate
        assert f"Result Path: dp:{predicate.removeprefix(str(v.DP))}" in report

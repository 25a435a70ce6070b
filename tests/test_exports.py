"""Exports: lossless RDF, SHACL and OWL-RL cross-checks, SPARQL, diagrams, JSON, BibTeX, Table 3."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import Dataset, Graph

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export import vocabulary as v
from dptaxonomy.export.bibtex import bibtex_entry, latex_escape
from dptaxonomy.export.dot import DiagramOptions, dot_text
from dptaxonomy.export.jsondump import KnowledgeBaseExport, json_text, proof_steps
from dptaxonomy.export.ontology import ontology_graph
from dptaxonomy.export.rdf import INFERRED_GRAPH, asserted_graph
from dptaxonomy.export.rdf_import import catalog_from_rdf
from dptaxonomy.export.rdf_text import rdf_text
from dptaxonomy.export.shapes import shapes_graph
from dptaxonomy.export.sparql import run_query
from dptaxonomy.export.table3 import table3_rows, table3_text
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.schema.models import Reference
from tests.clirunner import run
from tests.conftest import FIXTURES, ROOT
from tests.external import require


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "parser"), [("turtle", "turtle"), ("ntriples", "nt"), ("jsonld", "json-ld")]
)
def test_rdf_round_trip_is_lossless(
    catalog: Catalog, kb: KnowledgeBase, fmt: str, parser: str
) -> None:
    graph = Graph().parse(data=rdf_text(catalog, kb, fmt), format=parser)
    back = catalog_from_rdf(graph)
    assert back.definitions == catalog.definitions
    assert back.references == catalog.references


@pytest.mark.slow
def test_trig_separates_asserted_and_inferred(catalog: Catalog, kb: KnowledgeBase) -> None:
    dataset = Dataset()
    dataset.parse(data=rdf_text(catalog, kb, "trig"), format="trig")
    inferred = dataset.graph(INFERRED_GRAPH)
    asserted_nodes = set(asserted_graph(catalog, kb).subjects())
    statements = list(inferred.subjects(v.RDF.type, v.C_INFERENCE))
    assert statements
    for statement in statements:
        sources = list(inferred.objects(statement, v.PROV.wasDerivedFrom))
        assert sources
        assert all(source in asserted_nodes for source in sources)


@pytest.mark.slow
def test_export_conforms_to_the_shacl_shapes(catalog: Catalog, kb: KnowledgeBase) -> None:
    from pyshacl import validate

    conforms, _, report = validate(
        asserted_graph(catalog, kb), shacl_graph=shapes_graph(), ont_graph=ontology_graph()
    )
    assert conforms, report


@pytest.mark.slow
def test_shacl_catches_a_broken_export(catalog: Catalog, kb: KnowledgeBase) -> None:
    from pyshacl import validate

    graph = asserted_graph(catalog, kb)
    graph.remove((v.definition_iri("renyi-dp"), v.SKOS.prefLabel, None))
    conforms, _, report = validate(graph, shacl_graph=shapes_graph())
    assert not conforms
    assert "prefLabel" in report


@pytest.mark.slow
def test_owlrl_closure_matches_the_reasoner(catalog: Catalog, kb: KnowledgeBase) -> None:
    import owlrl

    graph = asserted_graph(catalog, kb)
    for triple in ontology_graph():
        graph.add(triple)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(graph)
    ids = list(catalog.definitions)
    prefix = v.BASE + "def/"

    def pairs(predicate: object) -> set[tuple[str, str]]:
        found = set()
        for a, b in graph.subject_objects(predicate):  # type: ignore[arg-type]
            if str(a).startswith(prefix) and str(b).startswith(prefix) and a != b:
                found.add((str(a)[len(prefix) :], str(b)[len(prefix) :]))
        return found

    stronger = {(a, b) for a in ids for b in kb.strength.descendants(a) if a != b}
    extends = {(a, b) for a in ids for b in kb.extension.descendants(a) if a != b}
    assert pairs(v.P_STRONGER) == stronger
    assert pairs(v.P_EXTENDS) == extends


@pytest.mark.slow
def test_sparql_property_path(catalog: Catalog, kb: KnowledgeBase) -> None:
    result = run_query(
        catalog, kb, "SELECT ?x WHERE { ?x dp:stronger def:renyi-dp . FILTER(?x != def:renyi-dp) }"
    )
    found = {row[0] for row in result.rows}
    assert {"def:differential-privacy", "def:client-dp"} <= found
    assert (
        run_query(catalog, kb, "ASK { def:client-dp dp:stronger def:kl-privacy }").boolean is True
    )


@pytest.mark.slow
def test_sparql_cli_formats(capsys: pytest.CaptureFixture[str]) -> None:
    query = "SELECT ?label WHERE { def:renyi-dp skos:prefLabel ?label }"
    assert run(capsys, "sparql", query).out == "label\nRényi DP\n"
    assert json.loads(run(capsys, "sparql", query, "--format", "json").out) == [
        {"label": "Rényi DP"}
    ]
    assert run(capsys, "sparql", query, "--format", "csv").out == "label\nRényi DP\n"
    bad = run(capsys, "sparql", "SELEC nothing")
    assert bad.code == 1
    assert bad.err.startswith("dptax: SPARQL error:")


def test_dot_escapes_labels_and_filters(catalog: Catalog, kb: KnowledgeBase) -> None:
    text = dot_text(
        catalog, kb, DiagramOptions(around="renyi-dp", depth=1, title='say "hi" \\ now')
    )
    assert 'label="say \\"hi\\" \\\\ now";' in text
    assert '"renyi-dp" [label=' in text
    assert '"pareto-dp"' not in text
    table3 = dot_text(catalog, kb, DiagramOptions(only_table3=True))
    assert '"quantum-dp"' not in table3
    require("dot")
    done = subprocess.run(["dot", "-Tsvg"], input=text.encode(), capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


def test_render_without_graphviz(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _: None)
    target = tmp_path / "o.svg"
    result = run(
        capsys, "export", "svg", "--catalog", str(FIXTURES / "valid"), "--out", str(target)
    )
    assert result.code == 1
    assert "apt-get install graphviz" in result.err
    assert "`dptax export dot`" in result.err
    assert not target.exists()


@pytest.mark.slow
def test_json_export_matches_its_schema(catalog: Catalog, kb: KnowledgeBase) -> None:
    data = json_text(catalog, kb)
    parsed = KnowledgeBaseExport.model_validate_json(data)
    assert len(parsed.definitions) == len(catalog.definitions)
    assert parsed.export_format == 2
    exported = json.loads(data)
    for fact in exported["derived"]:
        steps = proof_steps(exported, fact["proof"])
        assert len(steps) == fact["proof"]["length"] >= 1
        assert steps[0]["a"] == fact["a"] if fact["kind"] == "stronger" else True


def test_bibtex_escapes() -> None:
    reference = Reference(
        authors=["A. Ñame", "B_C"], title="x & {y} 50% $z$", year=2020, venue="V#1"
    )
    entry = bibtex_entry("AB20", reference)
    assert "author = {A. Ñame and B\\_C}" in entry
    assert "title = {{x \\& \\{y\\} 50\\% \\$z\\$}}" in entry
    assert latex_escape("\\input{x}") == "\\textbackslash{}input\\{x\\}"


def test_cite(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "cite", "RényiDP")
    assert result.code == 0
    assert result.out.startswith("@inproceedings{Mir17,\n  author = {Ilya Mironov},\n")


def test_table3_export(catalog: Catalog, kb: KnowledgeBase) -> None:
    rows = table3_rows(catalog, kb)
    assert [int(r[0]) for r in rows] == list(range(1, 89))
    assert rows[4][1:6] == ["(α, ε)-Rényi DP [Mir17]", "Q", "✓", "✓", "✓"]
    csv_text = table3_text(catalog, kb, "csv")
    assert len(csv_text.splitlines()) == 89
    assert table3_text(catalog, kb, "markdown").startswith("| Row | Name & references |")
    assert "\\&" in table3_text(catalog, kb, "latex")


def test_export_writes_atomically(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "out.ttl"
    target.write_text("previous", encoding="utf-8")

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    result = run(
        capsys, "export", "turtle", "--catalog", str(FIXTURES / "valid"), "--out", str(target)
    )
    assert result.code == 1
    assert result.err == f"dptax: cannot write {target}: No space left on device\n"
    assert target.read_text(encoding="utf-8") == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["out.ttl"]


def test_export_to_an_unwritable_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.ttl"
    result = run(
        capsys, "export", "turtle", "--catalog", str(FIXTURES / "valid"), "--out", str(target)
    )
    assert result.code == 1
    assert result.err == f"dptax: cannot write {target}: No such file or directory\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    "kind", ["turtle", "ntriples", "jsonld", "trig", "json", "dot", "bibtex", "table3"]
)
def test_exports_are_deterministic_across_hash_seeds(kind: str) -> None:
    outputs = []
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "dptaxonomy",
                "export",
                kind,
                "--catalog",
                str(FIXTURES / "valid"),
            ],
            capture_output=True,
            check=True,
            env=env,
            cwd=ROOT,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0]

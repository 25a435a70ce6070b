"""`dptax sparql` reads the knowledge base and nothing else, within bounds (issue 10, items 1-2).

A real HTTP server on 127.0.0.1 counts the requests it gets (it must get
none), a file outside the catalog holds a secret (it must never appear),
and a three-way cross join must stop at a bound instead of running for
minutes. Bound tests run `dptax` in a subprocess with a time limit of their
own, so a regression fails instead of hanging.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dptaxonomy.export.sparql import Bounds, run_query
from dptaxonomy.export.sparqlguard import SparqlRefused, check_query
from dptaxonomy.export.sparqlsandbox import SparqlBoundError
from tests.clirunner import run
from tests.conftest import FIXTURES
from tests.sparqlharness import Counter

VALID = str(FIXTURES / "valid")
CROSS_JOIN = "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


REACHING_OUT = [
    "SELECT * WHERE {{ SERVICE <{iri}> {{ ?s ?p ?o }} }}",
    "select * where {{ service silent <{iri}> {{ ?s ?p ?o }} }}",
    "SELECT ?x WHERE {{ def:renyi-dp skos:prefLabel ?l . SERVICE <{iri}> {{ ?x ?p ?l }} }}",
    "SELECT * FROM <{iri}> WHERE {{ ?s ?p ?o }}",
    "SELECT * FROM NAMED <{iri}> WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}",
    "ASK FROM <{iri}> {{ ?s ?p ?o }}",
    "LOAD <{iri}>",
    "LOAD <{iri}> INTO GRAPH <urn:x>",
    "DESCRIBE <{iri}>",
    "CONSTRUCT {{ ?s ?p ?o }} WHERE {{ SERVICE <{iri}> {{ ?s ?p ?o }} }}",
    "SELECT * WHERE {{ \\u0053ERVICE <{iri}> {{ ?s ?p ?o }} }}",
    "SELECT * WHERE {{ SERV\\u0049CE <{iri}> {{ ?s ?p ?o }} }}",
    "# comment\nPREFIX x: <urn:x>\nSELECT * WHERE {{\n  SERVICE\n<{iri}> {{ ?s ?p ?o }} }}",
    "INSERT DATA {{ <urn:a> <urn:b> <urn:c> }}",
    "DELETE WHERE {{ ?s ?p ?o }}",
]


@pytest.mark.parametrize("template", REACHING_OUT)
def test_queries_reaching_outside_are_refused_and_send_nothing(
    capsys: pytest.CaptureFixture[str], sparql_endpoint: str, template: str
) -> None:
    result = run(capsys, "sparql", template.format(iri=sparql_endpoint), "--catalog", VALID)
    assert result.code == 1
    assert result.out == ""
    assert result.err.startswith("dptax: ")
    assert "is not allowed" in result.err or "only SELECT and ASK" in result.err
    assert len(result.err.splitlines()) == 1
    assert "LEAKED" not in result.out + result.err
    assert Counter.requests == 0


def test_the_counting_server_does_count(sparql_endpoint: str) -> None:
    """The control: the server above would have seen a request made to it."""
    from urllib.request import urlopen

    with urlopen(sparql_endpoint, timeout=10) as answer:
        assert b"LEAKED" in answer.read()
    assert Counter.requests == 1


@pytest.mark.parametrize(
    "template",
    [
        "SELECT * FROM <{uri}> WHERE {{ ?s ?p ?o }}",
        "SELECT * WHERE {{ SERVICE <{uri}> {{ ?s ?p ?o }} }}",
        "LOAD <{uri}>",
        "DESCRIBE <{uri}>",
        "BASE <{uri}> SELECT ?o WHERE {{ <> ?p ?o }}",
        "SELECT ?o WHERE {{ <{uri}> ?p ?o }}",
        "SELECT ?o WHERE {{ GRAPH <{uri}> {{ ?s ?p ?o }} }}",
    ],
)
def test_a_file_outside_the_catalog_is_never_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, template: str
) -> None:
    secret = tmp_path / "secret.nt"
    secret.write_text('<urn:s> <urn:p> "TOPSECRET-7f3a" .\n', encoding="utf-8")
    result = run(capsys, "sparql", template.format(uri=secret.as_uri()), "--catalog", VALID)
    assert result.code in (0, 1)
    assert "TOPSECRET" not in result.out + result.err


def _dptax(*args: str, timeout: float = 90) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "dptaxonomy", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ),
        check=False,
    )
    return done, time.perf_counter() - start


def test_a_cross_join_stops_at_the_row_limit() -> None:
    done, _ = _dptax("sparql", CROSS_JOIN, "--catalog", VALID)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "dptax: the query returned more than 10000 rows (the row limit); nothing is printed: "
        "narrow it, add LIMIT, or raise --limit\n"
    )


def test_a_cross_join_stops_at_the_time_limit() -> None:
    # counting needs every row but keeps none: the clock stops it, not the memory cap
    query = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
    done, elapsed = _dptax("sparql", query, "--timeout", "2", "--limit", "5")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "dptax: the query was stopped after 2 s (the time limit); narrow it, or raise --timeout\n"
    )
    assert elapsed < 60


def test_the_row_limit_is_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    query = "SELECT ?s WHERE { ?s a dp:Definition }"
    assert run(capsys, "sparql", query, "--catalog", VALID, "--limit", "4").code == 0
    over = run(capsys, "sparql", query, "--catalog", VALID, "--limit", "3")
    assert over.code == 1
    assert over.out == ""
    assert "more than 3 rows" in over.err


def test_memory_is_bounded() -> None:
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    loaded = load_catalog(FIXTURES / "valid")
    kb = compile_knowledge_base(loaded)
    query = "SELECT ?a ?d ?g WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?a ?d ?g"
    with pytest.raises(SparqlBoundError, match=r"needed more than 200 MiB of memory"):
        run_query(loaded, kb, query, Bounds(timeout=120, limit=1, memory=200 << 20))


@pytest.mark.parametrize(
    "query",
    [
        "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }",
        "SELECT (<urn:no-such-function>(1) AS ?x) WHERE {}",
        "SELECT * WHERE { ?s ?p ?o } LIMIT 2 OFFSET 99999999999999999999999",
        "SELEC nothing",
        "SELECT * WHERE { ?s ?p",
    ],
)
def test_evaluation_errors_are_user_errors(capsys: pytest.CaptureFixture[str], query: str) -> None:
    result = run(capsys, "sparql", query, "--catalog", VALID)
    assert result.code in (0, 1)
    if result.code:
        assert result.err.startswith("dptax: SPARQL error: ")
        assert len(result.err.splitlines()) == 1
        assert result.out == ""


@pytest.mark.parametrize(
    ("query", "form"),
    [
        ("SELECT ?service WHERE { ?service dp:from 'SERVICE' }", "SELECT"),
        ("PREFIX from: <urn:f> ASK { ?s from:load ?o }", "ASK"),
        ('SELECT ("""FROM <x>""" AS ?x) WHERE {}', "SELECT"),
        ("# SERVICE <http://x>\nSELECT * WHERE { ?s ?p ?o }", "SELECT"),
        ("SELECT * WHERE { ?s ?p ?o FILTER(?o<?s) }", "SELECT"),
    ],
)
def test_the_guard_reads_tokens_not_text(query: str, form: str) -> None:
    assert check_query(query) == form


def test_the_guard_reads_escapes() -> None:
    with pytest.raises(SparqlRefused, match="SERVICE is not allowed"):
        check_query("SELECT * WHERE { \\U00000053ERVICE <http://x> { ?s ?p ?o } }")

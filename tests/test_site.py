"""The static site: every page built, every internal link resolves, same catalog same bytes."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.export.site.builder import MARKER, SiteOptions, site_files
from dptaxonomy.export.site.mathml import render_latex
from dptaxonomy.reasoning.compile import compile_knowledge_base
from tests.clirunner import run
from tests.conftest import FIXTURES

needs_dot = pytest.mark.usefixtures("graphviz")
OPTIONS = SiteOptions(date="2026-11-26")


class _Links(HTMLParser):
    """Collects link targets, element ids and resource URLs of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.resources: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v for k, v in attrs if v is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag == "link" and "href" in values:
            (self.links if values.get("rel") == "canonical" else self.resources).append(
                values["href"]
            )
        if tag in ("script", "img", "iframe", "source") and "src" in values:
            self.resources.append(values["src"])
        if tag == "a" and "xlink:href" in values:
            self.links.append(values["xlink:href"])


def _target(page: Path, href: str) -> tuple[Path, str]:
    parts = urlsplit(href)
    base = page.parent
    path = (base / unquote(parts.path)).resolve() if parts.path else page
    if path.is_dir():
        path = path / "index.html"
    return path, parts.fragment


def check_links(site: Path) -> list[str]:
    """Every broken internal link or fragment, and every resource from another host."""
    parsed: dict[Path, _Links] = {}
    for page in sorted(site.rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        parsed[page.resolve()] = parser
    problems = []
    for page, parser in parsed.items():
        for url in parser.resources:
            if urlsplit(url).scheme not in ("", "data") or url.startswith("//"):
                problems.append(f"{page.relative_to(site.resolve())}: external resource {url}")
        for href in parser.links:
            if urlsplit(href).scheme in ("http", "https", "mailto"):
                continue
            target, fragment = _target(page, href)
            where = f"{page.relative_to(site.resolve())}: {href}"
            if not target.is_file() or not target.is_relative_to(site.resolve()):
                problems.append(f"{where} (no such file)")
            elif fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else set()
                if fragment not in ids:
                    problems.append(f"{where} (no element with this id)")
    return problems


@pytest.fixture(scope="module")
def built(site_dir: Path) -> tuple[Path, None]:
    return site_dir, None


def test_every_definition_mechanism_and_linked_pair_has_a_page(
    built: tuple[Path, None], catalog: Catalog
) -> None:
    out = built[0]
    for definition_id in catalog.definitions:
        assert (out / "d" / definition_id / "index.html").is_file()
        assert (out / "d" / definition_id / "rdf.ttl").is_file()
    for mechanism_id in catalog.mechanisms:
        assert (out / "m" / mechanism_id / "index.html").is_file()
    linked = set()
    for page in (out / "d").glob("*/index.html"):
        linked.update(re.findall(r'href="\.\./\.\./(p/[^"]+/)"', page.read_text("utf-8")))
    pair_pages = {
        f"p/{p.parent.parent.name}/{p.parent.name}/" for p in out.glob("p/*/*/index.html")
    }
    assert linked == pair_pages
    assert len(pair_pages) > 500
    for name in ("index.html", "d/index.html", "m/index.html", "open-questions/index.html"):
        assert (out / name).is_file()
    assert (out / "table3" / "index.html").is_file()
    assert (out / "contribute" / "index.html").is_file()
    assert (out / MARKER).is_file()


def test_no_broken_internal_link_and_nothing_from_another_host(
    built: tuple[Path, None],
) -> None:
    assert check_links(built[0]) == []


def test_every_page_is_structured_for_assistive_technology(built: tuple[Path, None]) -> None:
    problems = []
    for page in sorted(built[0].rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        where = str(page.relative_to(built[0]))
        if text.count("<h1") != 1:
            problems.append(f"{where}: {text.count('<h1')} h1 elements")
        for needed in ('<html lang="en">', '<main id="main">', '<label for="search">'):
            if needed not in text:
                problems.append(f"{where}: no {needed}")
        if "<svg" in text and '<title id="diagram-title">' not in text:
            problems.append(f"{where}: a diagram without a text alternative")
        if re.search(r"<img(?![^>]*\balt=)", text):
            problems.append(f"{where}: an image without alt text")
    assert problems == []


def test_every_statement_renders_to_mathml(built: tuple[Path, None], catalog: Catalog) -> None:
    out = built[0]
    with_statement = [d.id for d in catalog.definitions.values() if d.statement]
    assert len(with_statement) >= 74
    for definition_id in with_statement:
        page = (out / "d" / definition_id / "index.html").read_text(encoding="utf-8")
        assert re.search(
            r'<div class="formula"><math alttext="[^"<]*" '
            r'xmlns="http://www.w3.org/1998/Math/MathML" display="block">',
            page,
        ), definition_id


def test_definition_page_shows_what_the_issue_asks(built: tuple[Path, None]) -> None:
    page = (built[0] / "d" / "renyi-dp" / "index.html").read_text(encoding="utf-8")
    for expected in (
        "<h1>Rényi DP",
        "RényiDP, RenDP",
        'id="stronger"',
        'id="weaker"',
        'id="separated"',
        '<svg class="diagram" role="group" aria-labelledby="diagram-title"',
        '<title id="diagram-title">Hasse diagram of Rényi DP',
        "https://w3id.org/dptaxonomy/def/renyi-dp",
        "@inproceedings{Mir17,",
        "Definition 11",
        "Table 3 row 5",
        "dptaxonomy 0.",
        "catalog last changed 2026-11-26",
        '<span class="evidence evidence-quoted">quoted</span>',
        "<code>epsilon = xi + rho * alpha</code>",
    ):
        assert expected in page, expected


def test_definition_and_open_questions_pages_show_why_there_is_no_rule(
    built: tuple[Path, None],
) -> None:
    page = (built[0] / "d" / "local-dp" / "index.html").read_text(encoding="utf-8")
    assert "<code>group privacy (group of k): not applicable</code>" in page
    assert '<span class="evidence evidence-not-applicable">not applicable</span>' in page
    tcdp = (built[0] / "d" / "truncated-concentrated-dp-bdrs18" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "<code>group privacy (group of k): open, no source known to us</code>" in tcdp
    assert '<span class="muted">no source</span>' in tcdp
    questions = (built[0] / "open-questions" / "index.html").read_text(encoding="utf-8")
    assert '<th scope="col">Why open</th>' in questions


def test_each_definition_links_to_its_part_of_the_rdf_export(built: tuple[Path, None]) -> None:
    from rdflib import Graph, URIRef

    full = Graph().parse(built[0] / "data" / "dptaxonomy.ttl")
    for definition_id in ("renyi-dp", "differential-privacy", "pufferfish-privacy"):
        page = (built[0] / "d" / definition_id / "index.html").read_text(encoding="utf-8")
        assert '<link rel="alternate" type="text/turtle" href="rdf.ttl"' in page
        part = Graph().parse(built[0] / "d" / definition_id / "rdf.ttl")
        iri = URIRef(f"https://w3id.org/dptaxonomy/def/{definition_id}")
        assert (iri, None, None) in part
        assert len(part) > 10
        assert all(triple in full for triple in part if not any(map(_blank, triple)))


def _blank(term: object) -> bool:
    from rdflib import BNode

    return isinstance(term, BNode)


def test_index_carries_dataset_jsonld_and_search_box(built: tuple[Path, None]) -> None:
    page = (built[0] / "index.html").read_text(encoding="utf-8")
    assert '<script type="application/ld+json">' in page
    assert '"@type": "Dataset"' in page
    assert '<input type="search" id="search"' in page
    assert '<ol id="search-results"' in page
    index = (built[0] / "assets" / "search-index.js").read_text(encoding="utf-8")
    assert index.startswith("window.DPTAX_SEARCH=[")
    assert '"zCoDP"' in index
    assert "void:triples" in (built[0] / "data" / "void.ttl").read_text(encoding="utf-8")


@needs_dot
def test_same_catalog_same_bytes() -> None:
    catalog = load_catalog(FIXTURES / "valid")
    first, pages, unrendered = site_files(catalog, compile_knowledge_base(catalog), OPTIONS)
    again = load_catalog(FIXTURES / "valid")
    second, _, _ = site_files(again, compile_knowledge_base(again), OPTIONS)
    assert first == second
    assert pages["definition"] == len(catalog.definitions)
    assert unrendered == ()


def test_latex_that_smuggles_markup_is_shown_as_source() -> None:
    result = render_latex(r"\text{<script>alert(1)</script>}")
    assert not result.rendered
    assert "<script>" not in result.markup
    assert re.fullmatch(r"<code>.*</code>", result.markup)


@needs_dot
def test_cli_builds_and_refuses_a_foreign_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    done = run(capsys, "site", "--out", str(out), "--catalog", str(FIXTURES / "valid"))
    assert done.code == 0, done.err
    assert done.out.startswith("wrote ")
    again = run(capsys, "site", "--out", str(out), "--catalog", str(FIXTURES / "valid"))
    assert again.code == 0, again.err
    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine", encoding="utf-8")
    refused = run(capsys, "site", "--out", str(foreign), "--catalog", str(FIXTURES / "valid"))
    assert refused.code == 1
    assert "is not a site built by dptax" in refused.err
    as_json = run(
        capsys, "site", "--out", str(out), "--catalog", str(FIXTURES / "valid"), "--format", "json"
    )
    assert as_json.code == 0, as_json.err
    report = json.loads(as_json.out)
    assert report["pages"]["definition"] == 4
    assert report["unrendered_statements"] == []
    assert (foreign / "keep.txt").read_text(encoding="utf-8") == "mine"


@needs_dot
def test_hostile_catalog_text_is_escaped(tmp_path: Path) -> None:
    catalog_dir = tmp_path / "catalog"
    shutil.copytree(FIXTURES / "valid", catalog_dir)
    entry = catalog_dir / "renyi-dp.yaml"
    text = entry.read_text(encoding="utf-8")
    text = re.sub(
        r"^summary: .*$",
        'summary: "<script>alert(1)</script> & <img src=x onerror=alert(2)>"',
        text,
        count=1,
        flags=re.MULTILINE,
    )
    entry.write_text(text, encoding="utf-8")
    catalog = load_catalog(catalog_dir)
    assert catalog.ok, catalog.diagnostics
    files, _, _ = site_files(catalog, compile_knowledge_base(catalog), OPTIONS)
    page = files["d/renyi-dp/index.html"].decode("utf-8")
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x" in page
    assert "<script>alert" not in files["assets/search-index.js"].decode("utf-8")


def test_citation_file_matches_the_package() -> None:
    import yaml

    from dptaxonomy import __version__
    from tests.conftest import ROOT

    data = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert data["cff-version"] == "1.2.0"
    assert data["type"] == "dataset"
    assert data["version"] == __version__
    assert data["references"][0]["type"] == "software"
    assert data["license"] == "MIT"


@needs_dot
def test_same_bytes_across_hash_seeds(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    def build(seed: str) -> dict[str, bytes]:
        out = tmp_path / f"site-{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1795651200"}
        catalog = str(FIXTURES / "valid")
        subprocess.run(
            [sys.executable, "-m", "dptaxonomy", "site", "--out", str(out), "--catalog", catalog],
            check=True,
            env=env,
            capture_output=True,
        )
        return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}

    first, second = build("1"), build("2")
    assert first == second
    assert "catalog last changed 2026-11-26" in first["index.html"].decode("utf-8")


def test_literature_and_library_names_are_shown_and_searched_when_an_entry_has_them() -> None:
    from types import SimpleNamespace

    from dptaxonomy.export.site.labels import library_names, literature_names

    entry: Any = SimpleNamespace(
        names=[SimpleNamespace(label="zCDP", source="BS16")],
        crosswalk=[
            SimpleNamespace(
                library=SimpleNamespace(value="opendp"),
                identifier="ZeroConcentratedDivergence",
                version="0.14.1",
                match=SimpleNamespace(value="close"),
                note=None,
            )
        ],
    )
    assert literature_names(entry) == [("zCDP", "BS16")]
    assert library_names(entry) == [
        {
            "library": "opendp",
            "identifier": "ZeroConcentratedDivergence",
            "version": "0.14.1",
            "match": "close",
            "note": "",
        }
    ]
    assert literature_names(SimpleNamespace()) == []  # type: ignore[arg-type]


def test_mechanism_pages_show_each_claims_verify_evidence(built: tuple[Path, None]) -> None:
    page = (built[0] / "m" / "exact-size" / "index.html").read_text(encoding="utf-8")
    assert "<code>size, released exactly</code>" in page
    assert '<span class="evidence evidence-computed">computed (10 cases)</span>' in page
    assert '<span class="evidence evidence-computed">computed (20 cases)</span>' in page
    assert '<span class="evidence evidence-computed">computed (30 cases)</span>' in page
    gaussian = (built[0] / "m" / "gaussian" / "index.html").read_text(encoding="utf-8")
    assert '<span class="evidence evidence-computed">computed (25 cases)</span>' in gaussian
    # its three claims on bounded, label and per-instance DP have no evaluator
    assert gaussian.count('<span class="evidence evidence-unchecked">unchecked</span>') == 3
    assert '<th scope="col">Evidence</th>' in gaussian
    definition = (built[0] / "d" / "node-dp" / "index.html").read_text(encoding="utf-8")
    assert (
        '<a href="../../m/edge-count/">noisy edge count</a> violates it <span class="muted">'
        "[HLMJ09] Section on edge and node privacy (section number not checked against a stored "
        'copy)</span> <span class="evidence evidence-computed">computed (5495 cases)</span>'
    ) in definition
    index = (built[0] / "m" / "index.html").read_text(encoding="utf-8")
    assert (
        '<td><span class="evidence evidence-computed">3 computed</span> '
        '<span class="evidence evidence-unchecked">5 unchecked</span></td></tr>'  # exact-size
    ) in index
    assert (
        '<td><span class="evidence evidence-computed">9 computed</span> '
        '<span class="evidence evidence-unchecked">3 unchecked</span></td></tr>'  # gaussian
    ) in index
    assert (
        '<td><span class="evidence evidence-computed">2 computed</span></td></tr>'  # edge-count
    ) in index


def test_an_unchecked_claim_is_counted_as_such(catalog: Catalog) -> None:
    from dptaxonomy.base import records
    from dptaxonomy.export.site.mechanism import computed_claims

    gdp = ("satisfies", "gaussian", 5)  # gaussian satisfies gaussian-dp
    assert catalog.mechanisms["gaussian"].satisfies[5].definition == "gaussian-dp"
    evidence = {key: value for key, value in catalog.evidence.items() if key != gdp}
    planted = records.replace(catalog, evidence=evidence)
    assert computed_claims(planted)["gaussian"] == {"computed": 8, "refuted": 0, "unchecked": 4}


def test_a_refuted_claim_shows_its_counterexample(catalog: Catalog) -> None:
    from dptaxonomy.base import records
    from dptaxonomy.catalog.evidence import Computed
    from dptaxonomy.export.site.mechanism import mechanism_context

    example = "exact-size, unbounded neighbours {} ~ {0}: a deterministic output changes"
    planted = records.replace(
        catalog, evidence={("satisfies", "exact-size", 0): Computed("refuted", 0, example)}
    )
    context = mechanism_context(planted, planted.mechanisms["exact-size"], set())
    [(_, _, _, verdict), *others] = context["satisfies"]
    assert verdict == {"outcome": "refuted", "text": "refuted", "counterexample": example}
    unchecked = {"outcome": "unchecked", "text": "unchecked", "counterexample": None}
    assert [v for _, _, _, v in others] == [unchecked] * 3
    assert [v for _, _, v in context["violates"]] == [unchecked] * 4

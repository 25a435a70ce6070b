"""The site's tool pages and their data: glossary, explorer matrix, calculator bundle, notes.

The browser side is tests/test_site_tools_browser.py; here, what `dptax site`
writes for it, and the calculator's answers run in-process against the CLI's.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import shlex
import shutil
import zipfile
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.cli.browser import Answer, load_knowledge_base, run
from dptaxonomy.export.site.builder import SiteOptions, missing_parts, site_files
from dptaxonomy.export.site.calculator import PYODIDE_FILES, pyodide_files, python_bundle
from dptaxonomy.export.site.data import search_documents
from dptaxonomy.export.site.explore import implication_matrix, matrix_csv, matrix_json
from dptaxonomy.export.site.render import DIAGRAM_OFF
from dptaxonomy.export.site.tools import rule_glossary
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.rules import Rule
from tests.conftest import CATALOG_DIR, FIXTURES, ROOT

OPTIONS = SiteOptions(date="2026-11-26")


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


@pytest.fixture(scope="module")
def fixture_site() -> dict[str, bytes]:
    """The site of the small valid fixture catalog, built without Graphviz or Pyodide."""
    catalog = load_catalog(FIXTURES / "valid")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shutil, "which", lambda _name: None)
        files, _, _ = site_files(catalog, compile_knowledge_base(catalog), OPTIONS)
    return files


def _text(files: dict[str, bytes], path: str) -> str:
    return files[path].decode("utf-8")


def test_the_glossary_states_every_rule_once_in_rules_order() -> None:
    families = rule_glossary()
    listed = [rule["id"] for family in families for rule in family["rules"]]
    assert sorted(listed) == sorted(rule.value for rule in Rule)
    assert len(set(listed)) == len(listed)
    texts = {rule["id"]: rule["text"] for family in families for rule in family["rules"]}
    assert texts["S2"] == "A ≻ B and B ≻ C give A ≻ C."
    assert texts["W3"].startswith("M ⊨ A for some parameters and M ⊭ B for every parameter")
    assert [family["letter"] for family in families][:3] == ["A", "K", "R"]


def test_every_rule_link_lands_on_a_glossary_entry(fixture_site: dict[str, bytes]) -> None:
    glossary = _text(fixture_site, "rules/index.html")
    anchors = set(re.findall(r'<div id="([A-Z][0-9])">', glossary))
    assert anchors == {rule.value for rule in Rule}
    linked = {
        rule
        for path, data in fixture_site.items()
        if path.endswith(".html")
        for rule in re.findall(r'class="rule" href="[./]*rules/#([^"]+)"', data.decode("utf-8"))
    }
    assert linked
    assert linked <= anchors


def test_without_graphviz_each_definition_page_says_where_its_diagram_would_be(
    fixture_site: dict[str, bytes],
) -> None:
    pages = [p for p in fixture_site if p.startswith("d/") and p.endswith("/index.html")]
    pages.remove("d/index.html")
    assert pages
    for path in pages:
        text = _text(fixture_site, path)
        assert DIAGRAM_OFF in text
        assert "<svg" not in text


def test_missing_parts_say_what_a_build_lacks_and_how_to_add_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    assert missing_parts(OPTIONS) == (
        "no diagrams: Graphviz's `dot` is not installed (Debian/Ubuntu: apt-get install "
        "graphviz); each definition page says so where its diagram would be",
        "no calculators: built without --pyodide (`make pyodide` fetches Pyodide); "
        "the relate and convert pages show the command to run instead",
    )
    monkeypatch.setattr(shutil, "which", lambda _name: "/usr/bin/dot")
    assert missing_parts(SiteOptions(pyodide=tmp_path)) == ()


def test_calculator_pages_without_pyodide_show_the_command_instead(
    fixture_site: dict[str, bytes],
) -> None:
    for command in ("relate", "convert", "compose"):
        path = f"{command}/index.html"
        page = _text(fixture_site, path)
        assert 'data-enabled="no"' in page
        assert 'id="calc-off"' in page
        assert f'<pre class="command" id="calc-command">dptax {command} ' in page
    assert not any(path.startswith("assets/pyodide/") for path in fixture_site)


def test_pyodide_files_are_read_from_the_npm_package_or_refused(tmp_path: Path) -> None:
    from dptaxonomy.base.errors import ExportError

    for name in PYODIDE_FILES:
        (tmp_path / name).write_bytes(name.encode())
    assert pyodide_files(tmp_path) == {
        f"assets/pyodide/{name}": name.encode() for name in PYODIDE_FILES
    }
    (tmp_path / "pyodide.asm.wasm").unlink()
    with pytest.raises(ExportError, match=r"is not Pyodide's npm package \(cannot read "):
        pyodide_files(tmp_path)


def test_the_python_bundle_is_the_package_without_mpmath_and_the_same_bytes_twice(
    catalog: Catalog, kb: KnowledgeBase
) -> None:
    first = python_bundle(catalog, kb)
    assert first == python_bundle(catalog, kb)
    names = zipfile.ZipFile(io.BytesIO(first["assets/py/dptaxonomy.zip"])).namelist()
    assert names == sorted(names)
    assert {"dptaxonomy/cli/browser.py", "dptaxonomy/queries/convert.py"} <= set(names)
    assert "yaml/__init__.py" in names
    assert not any(name.startswith("mpmath/") for name in names)  # no query path imports it
    assert not any("/tests/" in name for name in names)
    restored = load_knowledge_base(first["assets/py/kb.json"].decode("utf-8"))
    assert sorted(restored.info) == sorted(catalog.definitions)


def _cli(argv: list[str]) -> Answer:
    from dptaxonomy.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code: Any = None
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main([*argv, "--catalog", str(CATALOG_DIR)])
        except SystemExit as stop:
            code = stop.code
    return Answer(code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize(
    "argv",
    [
        ["relate", "zCDP", "RDP"],
        ["relate", "zCDP", "approximate-dp", "-f", "json"],
        ["explain", "RDP", "zCDP"],
        ["convert", "zCDP", "(ε, δ)-DP", "--from", "rho=0.5", "--from", "xi=0", "--to", "δ=1e-6"],
        ["convert", "ε-DP", "zCDP", "--from", "eps=1", "-f", "json"],
        ["convert", "zCDP", "RDP"],
        ["relate", "zCDP", "no-such-definition"],
    ],
)
def test_the_page_answers_as_the_cli_does(
    catalog: Catalog, kb: KnowledgeBase, argv: list[str]
) -> None:
    text = python_bundle(catalog, kb)["assets/py/kb.json"].decode("utf-8")
    assert run(load_knowledge_base(text), argv) == _cli(argv)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["list"], "dptax: the page answers relate, explain, convert, compose\n"),
        (
            ["relate", "zCDP"],
            "dptax: usage: relate A B [--from NAME=VALUE]… [--to NAME=VALUE]… [-f json]\n",
        ),
        (["convert", "zCDP", "RDP", "--from"], "dptax: option --from needs a value\n"),
    ],
)
def test_a_malformed_question_is_a_usage_error(
    kb: KnowledgeBase, argv: list[str], message: str
) -> None:
    assert run(kb, argv) == Answer(2, "", message)


def test_a_mechanism_source_converts_on_the_page(kb: KnowledgeBase) -> None:
    argv = ["convert", "gaussian", "approximate-dp", "--from", "sigma=1", "--from", "Δ=1"]
    answer = run(kb, [*argv, "--to", "delta=1e-5"])
    assert answer.code == 0, answer.err
    assert answer.out.startswith(
        "gaussian (sensitivity = 1, sigma = 1) ⇒ approximate-dp with epsilon ≤ "
    )


def test_the_implication_matrix_is_the_reasoners(catalog: Catalog, kb: KnowledgeBase) -> None:
    matrix = implication_matrix(catalog, kb)
    ids, rows = matrix
    table = list(csv.reader(io.StringIO(matrix_csv(matrix))))
    assert table[0] == ["implies", *ids]
    document = json.loads(matrix_json(matrix))
    assert document["definitions"] == ids
    assert document["implies"] == rows
    for i, a in enumerate(ids):
        assert table[i + 1][0] == a
        for j, b in enumerate(ids):
            expected = 1 if kb.is_stronger(a, b) else (0 if kb.is_not_stronger(a, b) else None)
            assert rows[i][j] == expected
            assert table[i + 1][j + 1] == ("" if expected is None else str(expected))
    assert rows[ids.index("zero-concentrated-dp")][ids.index("renyi-dp")] == 1
    assert rows[ids.index("renyi-dp")][ids.index("zero-concentrated-dp")] == 0


def test_explorer_data_carries_claims_by_w1_and_w2(fixture_site: dict[str, bytes]) -> None:
    text = _text(fixture_site, "assets/explore-data.js")
    assert text.startswith("window.DPTAX_EXPLORE={")
    data = json.loads(text[len("window.DPTAX_EXPLORE=") : -2])
    assert {"definitions", "implies", "mechanisms"} <= set(data)
    for mechanism in data["mechanisms"]:
        for how in [*mechanism["satisfies"].values(), *mechanism["violates"].values()]:
            assert how == "asserted" or re.fullmatch(r"W[12] from [a-z0-9-]+", how), how


def test_search_index_names_library_identifiers_with_their_library(catalog: Catalog) -> None:
    names = {doc["i"]: doc["n"] for doc in search_documents(catalog)}
    assert "opacus RDPAccountant" in names["renyi-dp"]
    weights = {doc["i"]: doc["w"] for doc in search_documents(catalog)}
    assert weights["differential-privacy"] > weights["personalized-dp"] > 0


def test_the_contribute_pages_scaffold_command_runs(
    fixture_site: dict[str, bytes], tmp_path: Path
) -> None:
    from dptaxonomy.cli.main import main

    page = _text(fixture_site, "contribute/index.html")
    found = re.search(r'<code class="command" id="scaffold">([^<]+)</code>', page)
    assert found is not None
    command = unescape(found[1])
    argv = shlex.split(command)
    assert argv[:2] == ["dptax", "new"]
    target = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, target)
    with pytest.raises(SystemExit) as stop, contextlib.redirect_stdout(io.StringIO()):
        main([*argv[1:], "--catalog", str(target)])
    assert stop.value.code == 0
    assert (target / "my-new-dp.yaml").is_file()


def test_definition_pages_list_what_is_still_unknown(fixture_site: dict[str, bytes]) -> None:
    pages = [p for p in fixture_site if re.fullmatch(r"d/[^/]+/index\.html", p)]
    texts = [_text(fixture_site, p) for p in pages]
    assert all('<h2 id="unknown">Still unknown</h2>' in t for t in texts)
    with_questions = [t for t in texts if 'class="unknown"' in t]
    assert with_questions
    for text in with_questions:
        assert "/issues/new?title=Does+" in text
        assert "relate/?a=" in text


def test_the_not_found_page_sends_a_pair_to_the_relate_page(fixture_site: dict[str, bytes]) -> None:
    page = _text(fixture_site, "404.html")
    assert "<title>Not found · dptaxonomy</title>" in page
    assert 'found[1] + "relate/?" + query.toString()' in page
    assert '<link rel="stylesheet"' not in page  # served at any depth: nothing relative

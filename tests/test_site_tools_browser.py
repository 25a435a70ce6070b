"""The site as a tool, in Chromium: calculators with the CLI's numbers, layout on a phone, explorer.

The calculators run the CLI's own code in Pyodide; the site they are tested on
is built with Pyodide's npm package (``make pyodide``, or ``DPTAX_PYODIDE``).
Every answer the page gives is compared with the CLI's, character for
character, exit code included. Every page type is measured at 360 and 1280 px:
nothing may scroll sideways.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from dptaxonomy.catalog.store import Catalog
from tests.browserharness import Watched, chromium, serving, shot, watched_page
from tests.conftest import FIXTURES
from tests.external import require

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = Path(os.environ.get("DPTAX_PYODIDE") or ROOT / "build" / "pyodide" / "package")

DEPLOYMENTS = ("zcdp_with_epsilon", "variant_none")
"""Registry entries the site is built with: its deployments section."""
PAGE_TYPES = (
    "",
    "deployments/",
    *(f"deployments/{name}/" for name in DEPLOYMENTS),
    "d/",
    "d/approximate-dp/",
    "d/renyi-dp/",
    "m/",
    "m/gaussian/",
    "p/renyi-dp/zero-concentrated-dp/",
    "open-questions/",
    "table3/",
    "contribute/",
    "relate/",
    "convert/",
    "compose/",
    "explore/",
    "find/",
    "rules/",
    "how-to-read/",
    "progress/",
)
"""One page of every kind the site builds."""


@pytest.fixture(scope="module")
def tool_site(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with Pyodide, so its calculators compute."""
    from dptaxonomy.export.site.builder import SiteOptions, build_site
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        require("pyodide")  # fails saying `make pyodide` (a counted skip if allowed)
    out = tmp_path_factory.mktemp("tool-site") / "site"
    registry = tmp_path_factory.mktemp("registry") / "deployments"
    registry.mkdir()
    for name in DEPLOYMENTS:
        shutil.copy(FIXTURES / "registry" / "deployments" / f"{name}.yaml", registry)
    options = SiteOptions(date="2026-11-26", pyodide=PYODIDE, registry=registry.parent)
    build_site(catalog, compile_knowledge_base(catalog), out, options)
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tool_site: Path) -> Iterator[str]:
    with serving(tool_site) as base:
        yield base


@pytest.fixture
def watched(browser: Any, server: str) -> Iterator[Watched]:
    with watched_page(browser, server) as view:
        yield view


def cli(argv: list[str]) -> dict[str, Any]:
    """What ``dptax ARGV`` prints, run from the repository's root as the docs show it."""
    from dptaxonomy.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code: Any = None
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as stop:
            code = stop.code
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def questions(catalog: Catalog) -> list[list[str]]:
    """106 questions: relations across the catalog, conversions over a grid of values, errors."""
    ids = sorted(catalog.definitions)
    n = len(ids)
    asked = [["relate", ids[i], ids[(7 * i + 13) % n]] for i in range(0, 4 * 60, 4)]
    asked += [["explain", ids[i], ids[(11 * i + 5) % n]] for i in range(3, 53, 10)]
    for rho in ("0.01", "0.1", "0.5", "1", "2"):
        for delta in ("1e-5", "1e-6", "1e-9"):
            given = ["--from", f"rho={rho}", "--from", "xi=0", "--to", f"delta={delta}"]
            asked.append(["convert", "zCDP", "(ε, δ)-DP", *given])
    for eps in ("0.1", "0.5", "1", "2", "5"):
        asked.append(["convert", "ε-DP", "zCDP", "--from", f"eps={eps}"])
        asked.append(["convert", "differential-privacy", "approximate-dp", "--from", f"ε={eps}"])
    for mu in ("0.5", "1", "2"):
        for delta in ("1e-5", "1e-6"):
            asked.append(
                ["convert", "GDP", "approximate-dp", "--from", f"mu={mu}", "--to", f"δ={delta}"]
            )
    for alpha in ("2", "8"):
        for eps in ("0.5", "1"):
            given = ["--from", f"alpha={alpha}", "--from", f"eps={eps}", "--to", "delta=1e-5"]
            asked.append(["convert", "RDP", "approximate-dp", *given])
    asked += [
        ["relate", "zCDP", "RDP", "-f", "json"],
        ["convert", "zCDP", "RDP", "--from", "rho=0.5", "--from", "xi=0", "-f", "json"],
        [
            "relate",
            "zCDP",
            "approximate-dp",
            "--from",
            "rho=1",
            "--from",
            "xi=0",
            "--to",
            "delta=1e-6",
        ],
        ["convert", "zCDP", "RDP"],
        ["relate", "zCDP", "no-such-definition"],
        ["convert", "zCDP", "(ε, δ)-DP", "--from", "rho=-1", "--from", "xi=0"],
    ]
    return asked


def test_calculators_answer_as_the_cli_does_character_for_character(
    watched: Watched, catalog: Catalog
) -> None:
    page = watched.open("relate/")
    asked = questions(catalog)
    assert len(asked) >= 100
    answers = page.evaluate(
        "async (all) => { const found = []; for (const argv of all) "
        "{ found.push(await window.dptaxAnswer(argv)); } return found; }",
        asked,
    )
    differing = [argv for argv, answer in zip(asked, answers, strict=True) if answer != cli(argv)]
    assert differing == []
    assert sum(answer["code"] == 0 for answer in answers) >= 95
    assert any("⇒ approximate-dp with epsilon ≤" in answer["out"] for answer in answers)


def test_relate_page_relates_a_pair_no_page_links_to(
    watched: Watched, tool_site: Path, catalog: Catalog
) -> None:
    ids = sorted(catalog.definitions)
    a, b = next(
        (x, y) for x in ids for y in ids if x < y and not (tool_site / "p" / x / y).exists()
    )
    page = watched.open("relate/")
    page.fill("#calc-a", a)
    page.fill("#calc-b", b)
    page.click("#calc button[type=submit]")
    page.wait_for_selector("#calc[data-answered]", timeout=120_000)
    expected = cli(["relate", a, b])
    assert page.text_content("#calc-out") == expected["out"]
    assert expected["out"].startswith(f"{a} vs {b}: unknown")
    assert page.locator("#calc-command").inner_text() == f"dptax relate {a} {b}"
    assert f"a={a}" in page.url
    page = watched.open("relate/?a=zCDP&b=approximate-dp")
    page.wait_for_selector("#calc[data-answered]", timeout=120_000)
    assert page.text_content("#calc-out") == cli(["relate", "zCDP", "approximate-dp"])["out"]
    page.locator("#calc-answer-title").scroll_into_view_if_needed()
    shot(page, "relate-desktop")


def test_a_pair_permalink_without_a_page_opens_the_relate_page(
    browser: Any, server: str, tool_site: Path, catalog: Catalog
) -> None:
    ids = sorted(catalog.definitions)
    a, b = next(
        (x, y) for x in ids for y in ids if x < y and not (tool_site / "p" / x / y).exists()
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}p/{a}/{b}/")
    page.wait_for_url(f"**/relate/?a={a}&b={b}")
    page.wait_for_selector("#calc[data-answered]", timeout=120_000)
    assert page.text_content("#calc-out") == cli(["relate", a, b])["out"]
    context.close()


def test_convert_page_from_its_permalink_on_a_phone(browser: Any, server: str) -> None:
    query = urlencode({"a": "zCDP", "b": "(ε, δ)-DP", "from": "rho=0.5 xi=0", "to": "delta=1e-6"})
    with watched_page(browser, server, 360, 780) as view:
        page = view.open("convert/?" + query)
        page.wait_for_selector("#calc[data-answered]", timeout=120_000)
        given = ["--from", "rho=0.5", "--from", "xi=0", "--to", "delta=1e-6"]
        expected = cli(["convert", "zCDP", "(ε, δ)-DP", *given])
        assert page.text_content("#calc-out") == expected["out"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        shot(page, "convert-phone")
        page.locator("#calc-answer-title").scroll_into_view_if_needed()
        shot(page, "convert-phone-answer")


@pytest.mark.parametrize("width", [360, 1280])
def test_no_page_scrolls_sideways(browser: Any, server: str, width: int) -> None:
    wide = {}
    with watched_page(browser, server, width, 800) as view:
        for path in PAGE_TYPES:
            page = view.open(path)
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                wide[path] = scroll
            if width == 360 and path in ("", "d/renyi-dp/", "explore/"):
                shot(page, f"phone-{path.strip('/').replace('/', '-') or 'index'}")
    assert wide == {}


def test_long_formulas_scroll_inside_their_box_on_a_phone(browser: Any, server: str) -> None:
    with watched_page(browser, server, 360, 800) as view:
        page = view.open("d/approximate-dp/")
        boxes = page.evaluate(
            "Array.from(document.querySelectorAll('.formula')).map(e => "
            "[e.scrollWidth, e.clientWidth, getComputedStyle(e).overflowX])"
        )
    assert boxes
    assert all(overflow == "auto" for _, _, overflow in boxes)
    assert any(scroll > client for scroll, client, _ in boxes)  # it does not fit: it scrolls


def test_rule_ids_link_to_the_glossary(watched: Watched) -> None:
    page = watched.open("p/renyi-dp/zero-concentrated-dp/")
    link = page.locator("a.rule").first
    rule = link.inner_text()
    link.click()
    page.wait_for_url(f"**/rules/#{rule}")
    assert page.locator(f"[id='{rule}'] dt").inner_text().startswith(rule)


def kb_core(catalog: Catalog) -> tuple[str, ...]:
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    return compile_knowledge_base(catalog).core


def test_explorer_filters_and_focuses(watched: Watched, catalog: Catalog) -> None:
    from dptaxonomy.schema.enums import Dimension

    page = watched.open("explore/?focus=renyi-dp")
    page.check("input[name=dimension][value=Q]")
    quantified = sum(Dimension.Q in d.dimensions for d in catalog.definitions.values())
    summary = f"{quantified} of {len(catalog.definitions)} definitions selected."
    assert page.inner_text("#explore-summary") == summary
    assert page.locator("#explore-focus-result h3").count() == 5
    page.uncheck("input[name=dimension][value=Q]")
    page.check("#explore-core")
    core = sum(1 for d in catalog.definitions.values() if d.id in set(kb_core(catalog)))
    assert (
        page.inner_text("#explore-summary")
        == f"{core} of {len(catalog.definitions)} definitions selected."
    )
    page.uncheck("#explore-core")
    page.select_option("#explore-setting", "local")
    assert page.locator("#explore-matrix table.matrix").count() == 1
    shot(page, "explore-desktop")


def test_find_lists_the_witness_of_a_separation(watched: Watched) -> None:
    page = watched.open("find/?ma=renyi-dp&mb=zero-concentrated-dp")
    found = page.locator("#find-mechanisms li")
    assert found.count() >= 1
    assert "power-law pair" in found.all_inner_texts()[0]
    page.select_option("#find-composability", "no")
    assert page.locator("#find-properties li").count() >= 1

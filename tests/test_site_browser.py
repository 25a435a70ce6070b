"""The website in a real browser: Debian's chromium driven by Playwright.

The built site is served from a local static server; every test fails on a
JavaScript error or on any request to another host. A few screenshots go to
tests/artifacts/screenshots/ for a reviewer to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browserharness import Watched, chromium, serving, watched_page
from tests.browserharness import shot as _shot

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(site_dir: Path) -> Iterator[str]:
    with serving(site_dir) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def watched(browser: Any, server: str) -> Iterator[Watched]:
    with watched_page(browser, server) as view:
        yield view


def _first_result(page: Any, query: str) -> tuple[str, str]:
    box = page.locator("#search")
    box.fill("")
    box.type(query)
    first = page.locator("#search-results li a").first
    first.wait_for(timeout=10_000)
    return first.inner_text(), first.get_attribute("href") or ""


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("zCoDP", "d/zero-concentrated-dp/"),
        ("zCDP", "d/zero-concentrated-dp/"),
        ("Renyi DP", "d/renyi-dp/"),
        ("rényi differential privacy", "d/renyi-dp/"),
        ("pufferfish", "d/pufferfish-privacy/"),
        ("approximate-dp", "d/approximate-dp/"),
        ("Gaussian mechanism", "m/gaussian/"),
        ("puferfish", "d/pufferfish-privacy/"),
        ("epsilon delta DP", "d/approximate-dp/"),
        ("(ε, δ)-DP", "d/approximate-dp/"),
    ],
)
def test_search_ranks_the_expected_page_first(watched: Watched, query: str, expected: str) -> None:
    page = watched.open("")
    _, href = _first_result(page, query)
    assert href.endswith(expected), (query, href)


def _results(page: Any, query: str) -> list[str]:
    _first_result(page, query)
    return [a.get_attribute("href") or "" for a in page.locator("#search-results li a").all()]


def test_search_finds_initialisms_and_library_identifiers(watched: Watched, catalog: Any) -> None:
    page = watched.open("")
    assert any(href.endswith("d/personalized-dp/") for href in _results(page, "PDP"))
    opacus = {
        d.id
        for d in catalog.definitions.values()
        if any(str(getattr(m.library, "value", m.library)) == "opacus" for m in d.crosswalk)
    }
    assert opacus
    found = _results(page, "opacus")
    assert {href.rstrip("/").rsplit("/", 1)[-1] for href in found[: len(opacus)]} == opacus
    assert _results(page, "zCDP")[0].endswith("d/zero-concentrated-dp/")


def test_search_is_keyboard_driven(watched: Watched) -> None:
    page = watched.open("table3/")
    page.locator("#search").focus()
    page.keyboard.type("renyi")
    page.locator("#search-results li a").first.wait_for()
    _shot(page, "search-results")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused.endswith("d/renyi-dp/")
    page.keyboard.press("Enter")
    page.wait_for_url("**/d/renyi-dp/")


def test_definition_page_shows_formula_diagram_and_working_links(watched: Watched) -> None:
    page = watched.open("d/renyi-dp/")
    assert page.locator("h1").inner_text().startswith("Rényi DP")
    formula = page.locator(".formula math").first
    box = formula.bounding_box()
    assert box is not None
    assert box["width"] > 200
    assert box["height"] > 10
    diagram = page.locator("svg.diagram")
    assert diagram.locator("title#diagram-title").count() == 1
    assert diagram.locator("g.node").count() > 3
    _shot(page, "definition-renyi-dp")
    proof = page.locator("#weaker ~ table a", has_text="proof").first
    proof.click()
    page.wait_for_url("**/p/**")
    assert page.locator("h1").inner_text().count(" vs ") == 1
    assert page.locator("ol.steps li").count() >= 1
    page.go_back()
    node = diagram.locator("g.node a").first
    node.click()
    page.wait_for_url("**/d/**")


def test_pair_and_mechanism_pages(watched: Watched) -> None:
    page = watched.open("p/renyi-dp/zero-concentrated-dp/")
    assert "vs" in page.locator("h1").inner_text()
    assert page.locator("dl.verdict strong").inner_text() in ("weaker", "stronger", "equivalent")
    _shot(page, "pair-renyi-zcdp")
    page = watched.open("m/gaussian/")
    assert page.locator("h1").inner_text() == "Gaussian mechanism"
    assert page.locator(".formula math").count() == 1
    assert page.locator("#claims ~ table a, section table a").count() > 3
    _shot(page, "mechanism-gaussian")
    page.locator("a", has_text="RényiDP").first.click()
    page.wait_for_url("**/d/renyi-dp/")


def test_readable_without_javascript(browser: Any, server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "d/zero-concentrated-dp/")
    assert page.locator("#stronger").count() == 1
    assert page.locator(".formula math").count() == 1
    page.locator("#search").fill("zCDP")
    page.keyboard.press("Enter")
    page.wait_for_url("**/d/?q=zCDP")
    assert page.locator("table.list tbody tr").count() > 200
    context.close()


def test_keyboard_reaches_the_skip_link_then_the_navigation(watched: Watched) -> None:
    page = watched.open("d/pufferfish-privacy/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    page.wait_for_url("**/d/pufferfish-privacy/#main")  # the fragment is set asynchronously
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "A"


def test_index_page(watched: Watched) -> None:
    page = watched.open("")
    assert page.locator("script[type='application/ld+json']").count() == 1
    assert page.locator("table.list a").count() > 200
    _shot(page, "index")

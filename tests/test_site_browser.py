"""The website in a real browser: Debian's chromium driven by Playwright.

The built site is served from a local static server; every test fails on a
JavaScript error or on any request to another host. A few screenshots go to
tests/artifacts/screenshots/ for a reviewer to look at.
"""

from __future__ import annotations

import functools
import importlib
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.external import require

require("playwright", module_level=True)
playwright_api: Any = importlib.import_module("playwright.sync_api")

pytestmark = pytest.mark.slow

CHROMIUM = os.environ.get("DPTAX_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium by default; ``DPTAX_CHROMIUM`` names another Chromium-based browser."""
SCREENSHOTS = Path(__file__).resolve().parent / "artifacts" / "screenshots"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: ARG002
        return


@pytest.fixture(scope="module")
def server(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site_dir))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require("chromium")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


class Watched:
    """A page whose JavaScript errors and requests are recorded."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        if urlsplit(request.url).netloc != urlsplit(self.base).netloc:
            self.foreign.append(request.url)

    def open(self, path: str) -> Any:
        response = self.page.goto(self.base + path)
        assert response is not None, path
        assert response.status == 200, path
        return self.page


@pytest.fixture
def watched(browser: Any, server: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    view = Watched(page, server)
    yield view
    context.close()
    assert view.errors == [], view.errors
    assert view.foreign == [], view.foreign


def _shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)


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
    assert page.url.endswith("#main")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "A"


def test_index_page(watched: Watched) -> None:
    page = watched.open("")
    assert page.locator("script[type='application/ld+json']").count() == 1
    assert page.locator("table.list a").count() > 200
    _shot(page, "index")

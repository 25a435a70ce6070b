"""The compose calculator in Chromium: the CLI's answers, digit for digit, and a phone's width.

Pyodide has no numpy here, so the page refuses the privacy-loss-distribution
route with its reason and accounts subsampled Gaussians at integer Rényi orders;
each answer is compared with ``dptax compose`` run with
numpy hidden the same way (every other route, every refusal and exit code
identical, character for character), and the page's routes with the full CLI's
alternatives on a case the PLD route wins.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from dptaxonomy.cli.browser import REQUEST_FILE
from dptaxonomy.export.site.tools import CENSUS_REQUEST, DPSGD_REQUEST
from dptaxonomy.reasoning.accounting.availability import NO_NUMPY
from tests.browserharness import Watched, shot, watched_page
from tests.test_site_compose import REQUESTS, cli_compose
from tests.test_site_tools_browser import browser, server, tool_site, watched

pytestmark = pytest.mark.slow

__all__ = ["browser", "server", "tool_site", "watched"]  # the fixtures this module reuses

ASK = (
    "async (all) => { const found = []; for (const [text, options] of all) "
    "{ found.push(await window.dptaxAnswer(['compose', 'request.yaml', ...options], "
    "{'request.yaml': text})); } return found; }"
)


def test_the_page_composes_as_the_cli_does_digit_for_digit(
    watched: Watched, tmp_path: Path
) -> None:
    page = watched.open("compose/")
    asked = [[text, list(options)] for text, options in REQUESTS]
    assert len(asked) >= 20
    answers = page.evaluate(ASK, asked)
    differing = [
        (text, answer)
        for (text, options), answer in zip(REQUESTS, answers, strict=True)
        if answer != cli_compose(text, options, tmp_path, numpy=False).to_json()
    ]
    assert differing == []
    assert sum(answer["code"] == 0 for answer in answers) >= 15
    assert sum("(route: renyi-dp)" in answer["out"] for answer in answers) >= 3
    assert sum("(route: gaussian-dp)" in answer["out"] for answer in answers) >= 3
    assert sum("(route: optimal-pure)" in answer["out"] for answer in answers) >= 3
    assert all(
        f"privacy-loss-distribution: refused: {NO_NUMPY}" in answer["out"]
        for answer, (_, options) in zip(answers, REQUESTS, strict=True)
        if answer["code"] == 0 and not options and "exact closed form" not in answer["out"]
    )


def test_the_dpsgd_example_is_never_tighter_than_the_cli(watched: Watched, tmp_path: Path) -> None:
    page = watched.open("compose/")
    [answer] = page.evaluate(ASK, [[DPSGD_REQUEST, ["-f", "json"]]])
    best = json.loads(answer["out"])["results"][0]
    full = json.loads(cli_compose(DPSGD_REQUEST, ("-f", "json"), tmp_path, numpy=True).out)
    cli_best = full["results"][0]
    assert cli_best["route"] == "privacy-loss-distribution"
    routes = {r["route"]: r for r in cli_best["alternatives"]}
    assert best["route"] == "renyi-dp"  # at integer orders: never below the CLI's Rényi ε
    assert routes["renyi-dp"]["epsilon"] <= best["parameters"]["epsilon"]["value"]
    assert cli_best["parameters"]["epsilon"]["value"] < best["parameters"]["epsilon"]["value"]


def _ask_on_the_page(page: Any) -> None:
    page.click("#calc button[type=submit]")
    page.wait_for_selector("#calc[data-answered]", timeout=300_000)


def test_the_compose_page_on_a_desktop_and_on_a_phone(
    browser: Any, server: str, tmp_path: Path
) -> None:
    with watched_page(browser, server, 1280, 900) as view:
        page = view.open("compose/")
        assert page.input_value("#calc-request") == DPSGD_REQUEST
        page.click("button.preset[data-preset='1']")
        assert page.input_value("#calc-request") == CENSUS_REQUEST
        _ask_on_the_page(page)
        expected = cli_compose(CENSUS_REQUEST, (), tmp_path, numpy=False)
        assert page.text_content("#calc-out") == expected.out
        assert page.locator("#calc-command").inner_text() == f"dptax compose {REQUEST_FILE}"
        assert "request=" in page.url
        shot(page, "compose-desktop")
        page.locator("#calc-answer-title").scroll_into_view_if_needed()
        shot(page, "compose-desktop-answer")
    query = urlencode({"request": DPSGD_REQUEST})
    with watched_page(browser, server, 360, 780) as view:
        page = view.open("compose/?" + query)
        page.wait_for_selector("#calc[data-answered]", timeout=300_000)
        expected = cli_compose(DPSGD_REQUEST, (), tmp_path, numpy=False)
        assert page.text_content("#calc-out") == expected.out
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.locator("#calc-note").is_visible()
        shot(page, "compose-phone")
        page.locator("#calc-answer-title").scroll_into_view_if_needed()
        shot(page, "compose-phone-answer")

"""The compose calculator: its page, and its answers run in-process against `dptax compose`.

The page runs :mod:`dptaxonomy.cli.browser` in Pyodide, which has no numpy, so
the privacy-loss-distribution route is refused there with its reason and a
subsampled Gaussian's Rényi curve has integer orders only; every number must be
the CLI's as it computes without numpy. Here both are run in CPython: the page's code
with numpy hidden against the CLI with numpy hidden (equal, character for
character), and the page's code with numpy against the CLI (equal too). The
browser side is tests/test_site_compose_browser.py, which asks the same
:data:`REQUESTS`.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.cli.browser import REQUEST_FILE, Answer, load_knowledge_base, run
from dptaxonomy.export.site.builder import SiteOptions, site_files
from dptaxonomy.export.site.calculator import python_bundle
from dptaxonomy.export.site.tools import CENSUS_REQUEST, DPSGD_REQUEST
from dptaxonomy.reasoning.accounting import availability
from dptaxonomy.reasoning.accounting.availability import NO_NUMPY
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from tests.conftest import FIXTURES, ROOT


def _request(delta: str, *components: str, extra: str = "") -> str:
    return f"delta: {delta}\n{extra}components:\n" + "".join(f"  - {c}\n" for c in components)


GAUSS = "{{mechanism: gaussian, parameters: {{sigma: {}, sensitivity: 1}}, count: {}}}"
PURE = "{{definition: ε-DP, parameters: {{epsilon: {}}}, count: {}}}"
ZCDP = "{{definition: zCDP, parameters: {{rho: {}}}, count: {}}}"
LAPLACE = "{mechanism: laplace, parameters: {scale: 5, sensitivity: 1}, count: 4}"
RHO = "{definition: zCDP, parameters: {rho: 1}"
JSON_COMPONENT = {"definition": "zCDP", "parameters": {"rho": 1}}
SAMPLED = (
    "{{mechanism: gaussian, parameters: {{sigma: {}, sensitivity: 1}}, count: {}, "
    "sampling: {{scheme: poisson, rate: {}}}}}"
)

REQUESTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (DPSGD_REQUEST, ()),
    (CENSUS_REQUEST, ()),
    (CENSUS_REQUEST, ("-f", "json")),
    (_request("1e-6", GAUSS.format(2, 16)), ()),
    (_request("1e-5", GAUSS.format(1, 4)), ()),
    (_request("1e-9", GAUSS.format("0.8", 100)), ()),
    (_request("1e-5", GAUSS.format(3, 1), GAUSS.format(1.5, 3)), ("-f", "json")),
    (_request("1e-6", PURE.format("0.3", 30)), ()),
    (_request("1e-5", PURE.format("0.1", 200)), ()),
    (_request("1e-5", PURE.format(1, 3), extra="adaptivity: non-adaptive\n"), ()),
    (_request("1e-5", PURE.format("0.5", 2), PURE.format("0.2", 5)), ()),
    (_request("1e-6", ZCDP.format("0.1", 5)), ("-f", "json")),
    (_request("1e-5", ZCDP.format("0.05", 10), GAUSS.format(4, 2)), ()),
    (_request("1e-5", LAPLACE), ()),
    (_request("1e-5", SAMPLED.format(1, 50, "0.01")), ()),
    (_request("1e-20", ZCDP.format("0.5", 1)), ()),
    (json.dumps({"delta": 1e-5, "components": [JSON_COMPONENT]}, indent=1), ()),
    # refusals: the CLI's message and exit code
    (_request("1e-5", GAUSS.format(1, 2), RHO + ", unit: user}"), ()),
    (_request("1e-5", GAUSS.format(1, 2), RHO + ", neighbouring: replace-one}"), ()),
    (_request("1e-5", PURE.format(1, 2), extra="adaptivity: concurrent\n"), ()),
    (_request("2", PURE.format(1, 2)), ()),
    (_request("1e-5", "{mechanism: no-such-mechanism}"), ()),
    (_request("1e-5", "{definition: zCDP, parameters: {rho: 1}, count: 0}"), ()),
    ("delta: 1e-5\ncomponents: [", ()),
    ("delta: 1e-5\n", ("-f", "json")),
)  # fmt: skip
"""The compose questions the page is checked on: (the request's text, options)."""


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    text = python_bundle(catalog, compile_knowledge_base(catalog))["assets/py/kb.json"]
    return load_knowledge_base(text.decode("utf-8"))


@contextlib.contextmanager
def without_numpy(hidden: bool) -> Iterator[None]:
    """numpy hidden from the PLD route, as in Pyodide (``hidden``), or left as it is."""
    with pytest.MonkeyPatch.context() as patch:
        if hidden:
            patch.setattr(availability, "numpy_available", lambda: False)
        yield


def cli_compose(text: str, options: tuple[str, ...], tmp: Path, *, numpy: bool) -> Answer:
    """``dptax compose FILE`` from the repository's root, FILE holding ``text``.

    The page names the file ``request.yaml``; the CLI reads it from a temporary
    folder, so its path is shown as ``request.yaml`` in the one kind of message
    that names it (a file that cannot be read or parsed).
    """
    from dptaxonomy.cli.main import main

    file = tmp / REQUEST_FILE
    file.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code: Any = None
    with (
        without_numpy(not numpy),
        contextlib.chdir(ROOT),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            main(["compose", str(file), *options])
        except SystemExit as stop:
            code = stop.code
    return Answer(code, out.getvalue(), err.getvalue().replace(str(file), REQUEST_FILE))


def page_compose(kb: KnowledgeBase, text: str, options: tuple[str, ...], tmp: Path) -> Answer:
    """What the page's Python answers: the request written as ``request.yaml``, then asked."""
    (tmp / REQUEST_FILE).write_text(text, encoding="utf-8")
    with contextlib.chdir(tmp):
        return run(kb, ["compose", REQUEST_FILE, *options])


def test_the_examples_are_the_shipped_files_data() -> None:
    shipped = yaml.safe_load((ROOT / "examples" / "dpsgd-compose.yaml").read_text("utf-8"))
    assert yaml.safe_load(DPSGD_REQUEST) == shipped
    census = yaml.safe_load((ROOT / "examples" / "census-zcdp.yaml").read_text("utf-8"))
    rhos = [c["parameters"]["rho"] for c in yaml.safe_load(CENSUS_REQUEST)["components"]]
    assert round(sum(rhos), 10) == census["guarantee"]["parameters"]["rho"]


def test_the_compose_page_says_what_it_does_not_compute() -> None:
    catalog = load_catalog(FIXTURES / "valid")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shutil, "which", lambda _name: None)
        files, _, _ = site_files(catalog, compile_knowledge_base(catalog), SiteOptions())
    page = files["compose/index.html"].decode("utf-8")
    assert 'data-command="compose"' in page
    assert '<p class="calc-note" id="calc-note">This page does not compute the privacy-loss' in page
    assert "Laplace, ε-DP and (ε, δ)-DP runs), and for subsampled Gaussians" in page
    assert '<textarea id="calc-request" name="request" rows="14"' in page
    assert ">DP-SGD</button>" in page
    assert ">Census-like (zCDP)</button>" in page
    assert "# DP-SGD: 14 062 subsampled Gaussian steps" in page
    assert '<pre class="command" id="calc-command">dptax compose request.yaml</pre>' in page


@pytest.mark.slow
@pytest.mark.parametrize("numpy", [False, True], ids=["no-numpy", "numpy"])
@pytest.mark.parametrize(("text", "options"), REQUESTS[3:12], ids=lambda v: str(v)[:24])
def test_the_page_composes_as_the_cli_does(
    kb: KnowledgeBase, tmp_path: Path, text: str, options: tuple[str, ...], numpy: bool
) -> None:
    expected = cli_compose(text, options, tmp_path, numpy=numpy)
    with without_numpy(not numpy):
        assert page_compose(kb, text, options, tmp_path) == expected


@pytest.mark.slow
def test_without_numpy_the_pld_route_is_refused_and_the_others_are_the_clis(
    kb: KnowledgeBase, tmp_path: Path
) -> None:
    laplace = "{mechanism: laplace, parameters: {scale: 5, sensitivity: 1}, count: 20}"
    text = _request("1e-6", GAUSS.format(2, 10), laplace)  # docs/compose.md: PLD wins
    with without_numpy(True):
        page = page_compose(kb, text, ("-f", "json"), tmp_path)
    full = cli_compose(text, ("-f", "json"), tmp_path, numpy=True)
    best = json.loads(page.out)["results"][0]
    routes = {r["route"]: r for r in best["alternatives"]}
    assert routes.pop("privacy-loss-distribution") == {
        "route": "privacy-loss-distribution",
        "refused": NO_NUMPY,
    }
    full = json.loads(cli_compose(text, ("-f", "json"), tmp_path, numpy=True).out)["results"][0]
    assert full["route"] == "privacy-loss-distribution"
    cli_routes = {r["route"]: r for r in full["alternatives"]}
    chosen = cli_routes.pop(best["route"])  # the page's best is one of the CLI's alternatives
    assert chosen["epsilon"] == best["parameters"]["epsilon"]["value"]
    assert routes == cli_routes


def test_a_malformed_compose_question_is_a_usage_error(kb: KnowledgeBase) -> None:
    assert run(kb, ["compose"]) == Answer(2, "", "dptax: usage: compose FILE [-f json]\n")
    assert run(kb, ["compose", "a.yaml", "--from", "x=1"]).code == 2


@pytest.mark.slow
def test_without_numpy_a_subsampled_gaussian_keeps_its_integer_orders(
    kb: KnowledgeBase, tmp_path: Path
) -> None:
    text = _request("1e-5", SAMPLED.format(1, 50, "0.01"))
    with without_numpy(True):
        page = json.loads(page_compose(kb, text, ("-f", "json"), tmp_path).out)["results"]
    full = json.loads(cli_compose(text, ("-f", "json"), tmp_path, numpy=True).out)["results"]
    orders = {r["definition"]: r for r in page}["renyi-dp"]["curve"]
    full_orders = {r["definition"]: r for r in full}["renyi-dp"]["curve"]
    assert all(float(point["alpha"]).is_integer() for point in orders)
    assert not all(float(point["alpha"]).is_integer() for point in full_orders)

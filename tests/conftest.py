"""Shared fixtures: the real catalog (loaded once) and the fixture catalogs."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog
from tests.external import require, skipped_line

if TYPE_CHECKING:
    from dptaxonomy.reasoning.evaluators.verdicts import Check

ROOT = Path(__file__).resolve().parent.parent
CATALOG_DIR = ROOT / "catalog"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The repository's catalog; tests that use it require it to be valid."""
    loaded = load_catalog(CATALOG_DIR)
    assert loaded.ok, "\n".join(d.location + " " + d.message for d in loaded.diagnostics)
    return loaded


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test gets its own knowledge-base cache directory."""
    monkeypatch.setenv("DPTAX_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def verify_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache directory for the run's verifications of the shipped catalog, shared by the
    workers of a parallel run: the catalog is verified once (``queries/verify_memo``) and
    every later verification of the same content recalls it. A planted edit changes the
    content key, so it is always computed."""
    root = tmp_path_factory.getbasetemp()
    if root.name.startswith("popen-gw"):  # a worker of pytest-xdist: share with the others
        root = root.parent
    directory = root / "verify-cache"
    directory.mkdir(exist_ok=True)
    return directory


@pytest.fixture
def shared_verify_cache(
    _private_cache: None, verify_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """This test's cache is the run's verification cache (:func:`verify_cache`)."""
    monkeypatch.setenv("DPTAX_CACHE_DIR", str(verify_cache))
    return verify_cache


VERIFY_GROUP = pytest.mark.xdist_group("verify")
"""The tests that read :func:`shipped_checks` run on one worker of a parallel run
(``--dist loadgroup``), which verifies the catalog once while the others run the rest
instead of waiting for it."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group every test that reads the shipped catalog's verification (:data:`VERIFY_GROUP`)."""
    for item in items:
        if "shipped_checks" in getattr(item, "fixturenames", ()):
            item.add_marker(VERIFY_GROUP)


@pytest.fixture(scope="session")
def shipped_checks(catalog: Catalog, verify_cache: Path) -> list[Check]:
    """``dptax verify``'s checks of the shipped catalog, computed once per run: a worker that
    finds another computing them waits for its answer (a lock beside the cache)."""
    from dptaxonomy.queries.verify_memo import verified_checks

    with (
        pytest.MonkeyPatch.context() as patch,
        (verify_cache.parent / "verify-cache.lock").open("w") as lock,
    ):
        patch.setenv("DPTAX_CACHE_DIR", str(verify_cache))
        patch.delenv("DPTAX_NO_CACHE", raising=False)
        fcntl.flock(lock, fcntl.LOCK_EX)
        return verified_checks(catalog)


@pytest.fixture
def sparql_endpoint() -> Iterator[str]:
    """A SPARQL endpoint on 127.0.0.1 that counts its requests (``tests/sparqlharness.py``)."""
    from tests.sparqlharness import counting_server

    with counting_server() as url:
        yield url


@pytest.fixture
def graphviz() -> None:
    """Graphviz's dot, or the test fails saying how to install it (``tests/external.py``)."""
    require("dot")


def pytest_unconfigure(config: pytest.Config) -> None:
    """End the run with how many tests were skipped and why (none should be, unless allowed)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    reasons = []
    for report in reporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons.append(reason.removeprefix("Skipped: "))
    line = skipped_line(reasons)
    if line is not None:
        reporter.write_line(line)


@pytest.fixture(scope="session")
def site_dir(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The website of the real catalog, built once (needs Graphviz's dot)."""
    from dptaxonomy.export.site.builder import SiteOptions, build_site
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    require("dot")
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(catalog, compile_knowledge_base(catalog), out, SiteOptions(date="2026-11-26"))
    return out

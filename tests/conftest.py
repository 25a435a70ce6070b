"""Shared fixtures: the real catalog (loaded once) and the fixture catalogs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog

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


@pytest.fixture
def sparql_endpoint() -> Iterator[str]:
    """A SPARQL endpoint on 127.0.0.1 that counts its requests (``tests/sparqlharness.py``)."""
    from tests.sparqlharness import counting_server

    with counting_server() as url:
        yield url


@pytest.fixture(scope="session")
def site_dir(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The website of the real catalog, built once (needs Graphviz's dot)."""
    import shutil

    from dptaxonomy.export.site.builder import SiteOptions, build_site
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    if shutil.which("dot") is None:
        pytest.skip("the site's diagrams need Graphviz's dot")
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(catalog, compile_knowledge_base(catalog), out, SiteOptions(date="2026-11-26"))
    return out

"""docs/coverage.md must equal what scripts/coverage_ledger.py generates now."""

from __future__ import annotations

from scripts.coverage_ledger import AUDIT, LEDGER, ledger_text

from dptaxonomy.catalog.store import Catalog


def test_coverage_ledger_is_current(catalog: Catalog) -> None:
    assert LEDGER.exists(), "docs/coverage.md is missing: run `make coverage`"
    assert LEDGER.read_text(encoding="utf-8") == ledger_text(catalog), (
        "docs/coverage.md is stale: run `make coverage`"
    )


def test_every_audit_check_runs_on_the_catalog(catalog: Catalog) -> None:
    for item in AUDIT:
        found = item.check(catalog)
        assert found is not None or item.reason, f"open item without a reason: {item.gap}"


def test_isolated_definitions_stay_under_five_percent(catalog: Catalog) -> None:
    from dptaxonomy.queries.coverage import catalog_coverage

    counts = catalog_coverage(catalog).counts
    assert counts["isolated_percent"] <= 5.0, counts["isolated"]

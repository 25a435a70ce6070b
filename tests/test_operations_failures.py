"""Rules that `fails` (the source shows no rule holds): zCDP under Poisson subsampling, checked
on the exactly computed subsampled Gaussian, which also refutes a planted amplified map."""

from __future__ import annotations

import pytest

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.evaluators.verdicts import Outcome
from dptaxonomy.reasoning.operation_reading import rule_line
from tests.conftest import CATALOG_DIR
from tests.test_operations import _verdict

NO_AMPLIFICATION = {
    "operation": "amplification",
    "sampling": "poisson",
    "neighbourhood": "add_remove",
    "fails": True,
    "note": "zCDP is not amplified by subsampling.",
}


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(CATALOG_DIR)


def test_the_shipped_zcdp_rule_says_amplification_fails(shipped: Catalog) -> None:
    rules = [r for r in shipped.definitions["zero-concentrated-dp"].operations if r.fails]
    assert len(rules) == 1
    assert rule_line(rules[0].model_dump(mode="json", exclude_none=True)) == (
        "no amplification by Poisson subsampling (amplification, Poisson sampling (rate q), "
        "add/remove): none holds (the source shows it fails)"
    )


def test_zcdp_not_amplified_is_confirmed_on_the_subsampled_gaussian(shipped: Catalog) -> None:
    assert _verdict(shipped, "zero-concentrated-dp", NO_AMPLIFICATION, []) == (
        Outcome.computed,
        None,
    )
    # the same claim is not checked where no evaluator reads it
    assert _verdict(shipped, "renyi-dp", NO_AMPLIFICATION, []) == (Outcome.unchecked, None)


def test_a_planted_amplified_zcdp_map_is_refuted_by_the_subsampled_gaussian(
    shipped: Catalog,
) -> None:
    """ρ' = qρ passes the battery's finite pairs (bounded privacy loss) but not the Gaussian."""
    planted = {
        "operation": "amplification",
        "sampling": "poisson",
        "neighbourhood": "add_remove",
        "parameter_map": {"rho": "q * rho"},
        "conditions": ["xi == 0"],
    }
    outcome, where = _verdict(shipped, "zero-concentrated-dp", planted, [])
    assert outcome is Outcome.refuted
    assert where == (
        "gaussian mu=0.5 subsampled q=0.01: alpha=128 gives rho=[0.00124999, 0.00125001], xi=0"
    )
    planted["parameter_map"] = {"rho": "rho"}
    assert _verdict(shipped, "zero-concentrated-dp", planted, []) == (Outcome.computed, None)

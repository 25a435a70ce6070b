"""`dptax verify` on f-DP, GDP, mCDP and Rényi's α = 1, ∞: planted false claims are refuted."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import load_catalog
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome
from dptaxonomy.reasoning.evaluators.verify import verify_catalog
from tests.conftest import CATALOG_DIR

SHIPPED = {
    "gaussian-dp ⇒ approximate-dp with delta = Phi(-epsilon / mu + mu / 2)"
    " - exp(epsilon) * Phi(-epsilon / mu - mu / 2)",
    "differential-privacy ⇒ mean-concentrated-dp with mu = epsilon * (exp(epsilon) - 1) / 2,"
    " tau = epsilon",
    "kl-privacy ⇒ renyi-dp with alpha = 1, epsilon = epsilon",
    "differential-privacy ⇒ renyi-dp with alpha = inf, epsilon = epsilon",
}
PLANTED_MAPS = {
    "gaussian-dp.yaml": (
        "  - kind: stronger\n    target: approximate-dp\n    parameter_map:\n"
        "      delta: (Phi(-epsilon / mu + mu / 2)"
        " - exp(epsilon) * Phi(-epsilon / mu - mu / 2)) / 2\n"
        "    citation: {key: DRS21, at: Section 2}\n"
    ),
    "mean-concentrated-dp.yaml": (
        "  - kind: weaker\n    target: differential-privacy\n"
        "    parameter_map: {mu: epsilon * (exp(epsilon) - 1) / 8, tau: epsilon}\n"
        "    citation: {key: DR16, at: Theorem 99}\n"
    ),
    "renyi-dp.yaml": (
        "  - kind: extended_by\n    target: differential-privacy\n"
        "    parameter_map: {alpha: inf, epsilon: epsilon / 2}\n"
        "    citation: {key: DP20, at: Section 3.2}\n"
    ),
}
PLANTED_CLAIM = (
    "  - definition: gaussian-dp\n    parameters: {mu: sensitivity / (2 * sigma)}\n"
    "    citation: {key: DRS21, at: Section 2}\n"
)


def _insert(path: Path, key: str, text: str) -> None:
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace(f"{key}:\n", f"{key}:\n" + text, 1), encoding="utf-8")


@pytest.mark.slow
def test_the_shipped_maps_are_computed(shipped_checks: list[Check]) -> None:
    by_reading: dict[str, list[Outcome]] = {}
    for check in shipped_checks:
        by_reading.setdefault(check.reading, []).append(check.outcome)
    for reading in SHIPPED:
        assert by_reading[reading] == [Outcome.computed], reading


@pytest.mark.slow
def test_planted_false_maps_and_claims_are_refuted(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    shutil.copytree(CATALOG_DIR, catalog)
    for name, text in PLANTED_MAPS.items():
        _insert(catalog / name, "relations", text)
    _insert(catalog / "mechanisms" / "gaussian.yaml", "satisfies", PLANTED_CLAIM)
    # what the edited entries state, as `dptax verify --entry` checks it
    entries = ["gaussian-dp", "mean-concentrated-dp", "renyi-dp", "gaussian"]
    kinds = [CheckKind.parameter_map, CheckKind.relation, CheckKind.satisfies]
    checks = verify_catalog(load_catalog(catalog), entries, kinds)
    refuted = [c for c in checks if c.outcome is Outcome.refuted and not c.disputed]
    readings = sorted(c.reading for c in refuted)
    assert readings == sorted(
        [
            "gaussian-dp ⇒ approximate-dp with delta = (Phi(-epsilon / mu + mu / 2)"
            " - exp(epsilon) * Phi(-epsilon / mu - mu / 2)) / 2",
            "differential-privacy ⇒ mean-concentrated-dp with"
            " mu = epsilon * (exp(epsilon) - 1) / 8, tau = epsilon",
            "differential-privacy ⇒ renyi-dp with alpha = inf, epsilon = epsilon / 2",
            # the planted ⊂ map is also checked as the identity it claims (issue 22)
            "differential-privacy ⊂ renyi-dp (identity of the families)",
            "gaussian satisfies gaussian-dp",
        ]
    )
    claim = next(c for c in refuted if c.kind is CheckKind.satisfies)
    assert claim.counterexample is not None
    assert claim.counterexample.startswith("gaussian sensitivity=")
    assert "gaussian-dp with mu=" in claim.counterexample

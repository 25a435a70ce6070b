"""The card's composed total (compose on the release's components, checked against the stated
guarantee) and a mechanism as the card's guarantee."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.card import given_parameters
from dptaxonomy.queries.card_checks import Finding, FindingKind, findings
from dptaxonomy.queries.card_compose import (
    CERTIFIED,
    OPEN,
    REFUTED,
    ComposedTotal,
    composed_total,
)
from dptaxonomy.queries.release_load import LoadedRelease, load_release
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.proofcheck import check_proof
from tests.clirunner import run

HEAD = "name: test release\nunit: record\nneighbouring: add_remove\n"
GDP_STEPS = (
    "composition:\n  components:\n"
    "    - {definition: gaussian-dp, parameters: {mu: 0.025}, count: 1600}\n"
)
"""1600 runs of 0.025-GDP: exactly 1-GDP, ε ∈ [4.37718, 4.37718] at δ = 1e-5."""
MECHANISM = "guarantee: {mechanism: gaussian, parameters: {sigma: 1.1, sensitivity: 1}}\n"


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


def loaded(kb: KnowledgeBase, tmp_path: Path, body: str) -> LoadedRelease:
    path = tmp_path / "release.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    release, diagnostics = load_release(path, kb)
    assert release is not None, diagnostics
    return release


def total(
    kb: KnowledgeBase, tmp_path: Path, guarantee: str, composition: str
) -> tuple[ComposedTotal | None, list[Finding]]:
    """The composed total of a release stated in (ε, δ)-DP or ε-DP (no statements needed)."""
    release = loaded(kb, tmp_path, guarantee + composition)
    given = given_parameters(release.release.guarantee)
    return composed_total(kb, release.release, release.source, given, [])


def test_a_stated_total_below_the_composition_is_refuted(kb: KnowledgeBase, tmp_path: Path) -> None:
    stated = "guarantee: {definition: '(ε, δ)-DP', parameters: {epsilon: 3, delta: 1e-5}}\n"
    composed, [finding] = total(kb, tmp_path, stated, GDP_STEPS)
    assert composed is not None
    assert composed.verdict == REFUTED
    assert finding.kind is FindingKind.total_below_composition
    assert finding.message == (
        "the stated guarantee (ε ≤ 3 at δ = 1e-05) is below what any sound composition of "
        "the components gives (ε ≥ 4.37718)"
    )
    assert finding.evidence[0].startswith(
        "the composition's lower bound ε ≥ 4.37718 at δ = 1e-05 (route gaussian-dp"
    )
    assert finding.evidence[-1] == "the stated guarantee gives ε ≤ 3 at δ = 1e-05 (as stated)"
    assert any("k-fold" in line for line in finding.evidence)
    assert finding.proof is None  # stated directly: no chain to prove


def test_a_stated_total_the_composition_certifies(kb: KnowledgeBase, tmp_path: Path) -> None:
    stated = "guarantee: {definition: '(ε, δ)-DP', parameters: {epsilon: 4.38, delta: 1e-5}}\n"
    composed, found = total(kb, tmp_path, stated, GDP_STEPS)
    assert composed is not None
    assert (composed.verdict, found) == (CERTIFIED, [])
    data = composed.to_json()
    assert data["results"][0]["route"] == "gaussian-dp"
    assert data["results"][0]["parameters"]["epsilon"]["lower"] == pytest.approx(4.37718, 1e-5)
    assert 4.38 <= data["stated_epsilon"] <= 4.38 + 1e-12
    assert composed.lines()[-1] == f"check: {CERTIFIED}"


def test_pure_components_by_the_optimal_composition(kb: KnowledgeBase, tmp_path: Path) -> None:
    steps = (
        "composition:\n  components: [{definition: ε-DP, parameters: {epsilon: 1}, count: 10}]\n"
    )
    verdicts = {}
    for epsilon in (2, 9.9993, 10):
        stated = f"guarantee: {{definition: ε-DP, parameters: {{epsilon: {epsilon}}}}}\n"
        composed, found = total(kb, tmp_path, stated, steps)
        assert composed is not None
        verdicts[epsilon] = (composed.verdict, [f.kind for f in found])
    assert verdicts[2] == (REFUTED, [FindingKind.total_below_composition])
    assert verdicts[10] == (CERTIFIED, [])
    # Kairouz–Oh–Viswanath's exact ε at δ = 1e-5 is 9.99977 (δ(9.9993) ≈ 3.05e-5 > 1e-5), now
    # bracketed tightly; the search's old overshoot left only [9.99877, 9.99977] and an open verdict
    assert verdicts[9.9993] == (REFUTED, [FindingKind.total_below_composition])


def test_a_stated_total_inside_the_bracket_stays_open(kb: KnowledgeBase, tmp_path: Path) -> None:
    # ten Laplace steps of scale 1 are bracketed by the loss-distribution route at
    # [9.98896, 9.98996] (δ = 1e-5): a total stated between them is neither certified nor refuted
    steps = (
        "composition:\n  components: [{mechanism: laplace, "
        "parameters: {scale: 1, sensitivity: 1}, count: 10}]\n"
    )
    stated = "guarantee: {definition: ε-DP, parameters: {epsilon: 9.9895}}\n"
    composed, found = total(kb, tmp_path, stated, steps)
    assert composed is not None
    assert (composed.verdict, [f.kind for f in found]) == (OPEN, [])


def test_an_adaptivity_no_rule_covers(kb: KnowledgeBase, tmp_path: Path) -> None:
    stated = "guarantee: {definition: zCDP, parameters: {rho: 1, xi: 0}}\n"
    steps = (
        "composition:\n  adaptivity: concurrent\n  filter: true\n"
        "  components: [{definition: zCDP, parameters: {rho: 0.25, xi: 0}, count: 4}]\n"
    )
    release = loaded(kb, tmp_path, stated + steps)
    given = given_parameters(release.release.guarantee)
    composed, [finding] = composed_total(kb, release.release, release.source, given, [])
    assert composed is not None
    assert composed.result is None
    assert finding.kind is FindingKind.composition_not_covered
    assert finding.message == (
        "the stated adaptivity (concurrent) is not covered by the composition rules the "
        "components need"
    )
    assert finding.evidence[0].startswith("no route gives a finite ε at δ = 1e-5")


def test_no_components_no_total(kb: KnowledgeBase, tmp_path: Path) -> None:
    stated = "guarantee: {definition: ε-DP, parameters: {epsilon: 1}}\n"
    assert total(kb, tmp_path, stated, "composition: {adaptivity: adaptive}\n") == (None, [])


def test_a_mechanism_guarantee_checks_what_is_stated_beside_it(
    kb: KnowledgeBase, catalog: Catalog, tmp_path: Path
) -> None:
    also = (
        "also_stated:\n"
        "  - {definition: zCDP, parameters: {rho: 0.3, xi: 0}}\n"
        "  - {definition: '(ε, δ)-DP', parameters: {epsilon: 3.5, delta: 1e-5}}\n"
        "  - {definition: ε-DP, parameters: {epsilon: 10}}\n"
        "  - {definition: zCDP, parameters: {rho: 0.42, xi: 0}}\n"
        "  - {definition: '(ε, δ)-DP', parameters: {epsilon: 3.93, delta: 1e-5}}\n"
    )
    release = loaded(kb, tmp_path, MECHANISM + also)
    assert release.source == "gaussian"
    given = given_parameters(release.release.guarantee)
    rho, epsilon, pure = findings(kb, release.release, release.source, given)
    assert rho.kind is FindingKind.unsupported_by_maps
    assert rho.message == (
        "zero-concentrated-dp with rho = 0.3, xi = 0 is below what the catalog's maps give "
        "from the guarantee (rho ≤ 0.413223); state the analysis it comes from"
    )
    assert epsilon.kind is FindingKind.no_sound_conversion
    assert epsilon.message == (
        "ε = 3.5 at δ = 1e-05 does not follow from the guarantee by any sound conversion: "
        "the release's Gaussian mechanism needs ε > 3.9212"
    )
    assert epsilon.evidence[0] == (
        "the Gaussian mechanism with μ = Δ/σ = 0.909091 is the release's guarantee"
    )
    assert pure.kind is FindingKind.no_sound_conversion
    assert pure.message == (
        "differential-privacy with epsilon = 10 is stated, but the mechanism does not satisfy it"
    )
    # the mechanism's claim is cited; the proof checker checks the chain after it
    assert rho.proof is None
    assert rho.evidence == (
        "the mechanism's claim gaussian ≻ zero-concentrated-dp [BS16] Section 1 (the Gaussian "
        "mechanism as the basic zCDP mechanism; result number not checked against a stored copy) "
        "(catalog/mechanisms/gaussian.yaml:34)",
    )
    assert epsilon.proof is not None
    assert (epsilon.proof.a, epsilon.proof.b) == ("gaussian-dp", "approximate-dp")
    check_proof(catalog, epsilon.proof)


@pytest.mark.parametrize(
    ("guarantee", "expected"),
    [
        (
            "guarantee: {definition: zCDP, mechanism: gaussian, parameters: {rho: 1}}\n",
            "error[invalid-value]: guarantee: give exactly one of `definition` and `mechanism`",
        ),
        (
            "guarantee: {mechanism: no-such-noise, parameters: {sigma: 1}}\n",
            "error[unknown-mechanism]: unknown mechanism 'no-such-noise'",
        ),
        (
            "guarantee: {mechanism: gaussian, parameters: {sigma: -1, sensitivity: 1}}\n",
            "error[bad-parameter]",
        ),
    ],
)
def test_mechanism_mistakes_are_located(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, guarantee: str, expected: str
) -> None:
    path = tmp_path / "release.yaml"
    path.write_text(HEAD + guarantee, encoding="utf-8")
    result = run(capsys, "card", str(path))
    assert result.code == 1
    assert "release.yaml:4:" in result.err
    assert expected in result.err


@pytest.mark.slow
def test_the_card_shows_the_composed_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "release.yaml"
    path.write_text(
        HEAD + "guarantee: {definition: gaussian-dp, parameters: {mu: 0.8}}\n" + GDP_STEPS
    )
    result = run(capsys, "card", str(path), "--format", "json")
    data = json.loads(result.out)
    assert data["composed"]["verdict"] == REFUTED
    assert data["composed"]["stated_basis"] == "via gaussian-dp → approximate-dp"
    [finding] = data["findings"]
    assert finding["kind"] == "total_below_composition"
    assert [s["b"] for s in finding["proof"]["steps"]] == ["approximate-dp"]
    text = run(capsys, "card", str(path)).out
    assert "Composed total of the components (dptax compose):" in text
    assert f"  check: {REFUTED}" in text

"""Consistency findings of release descriptions: one hand-written entry of each kind,
consistent and not; every chain proof passes the independent proof checker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dptaxonomy.base.records import record
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.queries.card import Card, build_card, given_parameters
from dptaxonomy.queries.card_checks import (
    Finding,
    FindingKind,
    findings,
    gaussian_least_epsilon,
)
from dptaxonomy.queries.release_load import load_release
from dptaxonomy.reasoning.compile import compile_knowledge_base
from dptaxonomy.reasoning.evaluators.families import Gaussian
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.proofcheck import check_proof
from dptaxonomy.reasoning.maps.intervals import sqrt
from dptaxonomy.reasoning.maps.numeric import exact, lower

HEAD = "name: test release\nunit: record\nneighbouring: add_remove\n"


@pytest.fixture(scope="module")
def kb(catalog: Catalog) -> KnowledgeBase:
    return compile_knowledge_base(catalog)


@record
class Checked:
    """The findings of a release (the card without its conversions, which are slow)."""

    findings: tuple[Finding, ...]


def card_of(kb: KnowledgeBase, tmp_path: Path, body: str, *, full: bool = False) -> Any:
    path = tmp_path / "release.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    loaded, diagnostics = load_release(path, kb)
    assert loaded is not None, diagnostics
    if full:
        return build_card(kb, loaded.release, loaded.source)
    release = loaded.release
    return Checked(tuple(findings(kb, release, loaded.source, given_parameters(release.guarantee))))


def kinds(card: Card | Checked) -> list[FindingKind]:
    return [f.kind for f in card.findings]


ZCDP_0728 = "guarantee: {definition: zCDP, parameters: {rho: 0.0728, xi: 0}}\n"


def test_pure_dp_with_delta_is_a_variant_contradiction(
    kb: KnowledgeBase, catalog: Catalog, tmp_path: Path
) -> None:
    card = card_of(
        kb,
        tmp_path,
        "guarantee: {definition: ε-DP, parameters: {epsilon: 1, delta: 1.5e-7}}\n",
        full=True,
    )
    [finding] = card.findings
    assert finding.kind is FindingKind.variant_contradicts_parameters
    assert finding.message == (
        "stated as pure ε-DP with δ = 1.5e-07 > 0: the parameters give only (ε, δ)-DP, "
        "which does not imply ε'-DP for any ε'"
    )
    assert finding.proof is not None
    assert (finding.proof.a, finding.proof.b) == ("approximate-dp", "differential-privacy")
    check_proof(catalog, finding.proof)
    # the card reads the guarantee as (ε, δ)-DP: the profile is the stated point
    [(epsilon, delta)] = card.profile
    assert epsilon == 1.0
    assert delta == pytest.approx(1.5e-7, rel=1e-15)
    assert delta >= 1.5e-7


@pytest.mark.slow
def test_pure_dp_without_delta_or_at_zero_is_consistent(kb: KnowledgeBase, tmp_path: Path) -> None:
    for parameters in ("{epsilon: 1}", "{epsilon: 1, delta: 0}"):
        body = f"guarantee: {{definition: ε-DP, parameters: {parameters}}}\n"
        card = card_of(kb, tmp_path, body, full=True)
        assert card.findings == ()
        assert card.profile == ((1.0, 0.0),)


def test_zcdp_with_an_epsilon_no_conversion_gives(
    kb: KnowledgeBase, catalog: Catalog, tmp_path: Path
) -> None:
    also = "also_stated: [{definition: '(ε, δ)-DP', parameters: {epsilon: 1.453, delta: 1e-5}}]\n"
    [finding] = card_of(kb, tmp_path, ZCDP_0728 + also).findings
    assert finding.kind is FindingKind.no_sound_conversion
    assert finding.message == (
        "ε = 1.453 at δ = 1e-05 does not follow from the guarantee by any sound conversion: "
        "the Gaussian mechanism meets it exactly and needs ε > 1.4758"
    )
    assert finding.evidence[2].startswith(
        "the least ε the catalog's maps give at δ = 1e-05 is 1.6072 (via zero-concentrated-dp"
    )
    assert finding.proof is not None
    check_proof(catalog, finding.proof)


def test_the_gaussian_alone_needs_more_than_1_4758() -> None:
    """The issue's number, checked: N(0, σ²) vs N(1, σ²) with 1/(2σ²) = 0.0728."""
    pair = Gaussian(exact("1"), 1 / sqrt(2 * exact("0.0728")))
    assert gaussian_least_epsilon(pair, exact("1e-5")) == 1.4758
    assert lower(pair.delta(exact("1.4758"))) > 1e-5 > lower(pair.delta(exact("1.4759")))


def test_zcdp_with_an_epsilon_the_maps_give_is_consistent(
    kb: KnowledgeBase, tmp_path: Path
) -> None:
    also = "also_stated: [{definition: '(ε, δ)-DP', parameters: {epsilon: 1.61, delta: 1e-5}}]\n"
    assert card_of(kb, tmp_path, ZCDP_0728 + also).findings == ()


def test_gdp_with_its_own_epsilon_is_consistent(kb: KnowledgeBase, tmp_path: Path) -> None:
    """μ-GDP with μ = 0.3765 gives ε ≤ 1.4542 at δ = 1e-5 (DRS21's duality)."""
    body = (
        "guarantee: {definition: gaussian-dp, parameters: {mu: 0.3765}}\n"
        "also_stated: [{definition: '(ε, δ)-DP', parameters: {epsilon: 1.455, delta: 1e-5}}]\n"
    )
    assert card_of(kb, tmp_path, body).findings == ()


def test_renyi_with_an_epsilon_below_the_maps_is_unsupported(
    kb: KnowledgeBase, catalog: Catalog, tmp_path: Path
) -> None:
    body = (
        "guarantee: {definition: renyi-dp, parameters: {alpha: 8, epsilon: 0.5}}\n"
        "also_stated: [{definition: '(ε, δ)-DP', parameters: {epsilon: 1.0, delta: 1e-5}}]\n"
    )
    [finding] = card_of(kb, tmp_path, body).findings
    assert finding.kind is FindingKind.unsupported_by_maps
    assert finding.proof is not None
    check_proof(catalog, finding.proof)


def test_neighbourhood(kb: KnowledgeBase, tmp_path: Path) -> None:
    guarantee = "guarantee: {definition: ε-DP, parameters: {epsilon: 1}}\n"
    card = card_of(kb, tmp_path, guarantee + "guarantee_neighbouring: replace_one\n")
    [finding] = card.findings
    assert finding.kind is FindingKind.neighbourhood_changes_verdict
    assert finding.message == (
        "the guarantee is proven for replace-one neighbours, the release claims add/remove "
        "neighbours"
    )
    for same in ("add_remove", "either"):
        body = guarantee + f"guarantee_neighbouring: {same}\n"
        assert card_of(kb, tmp_path, body).findings == ()


def test_unit(kb: KnowledgeBase, tmp_path: Path) -> None:
    guarantee = "guarantee: {definition: ε-DP, parameters: {epsilon: 1}}\n"
    assert card_of(kb, tmp_path, guarantee + "guarantee_unit: user\n").findings == ()
    [finding] = card_of(kb, tmp_path, guarantee + "guarantee_unit: label\n").findings
    assert finding.message == (
        "the guarantee protects one label but the release claims one record, and no group "
        "size is given"
    )
    path_body = HEAD.replace("unit: record", "unit: user")
    path = tmp_path / "user.yaml"
    path.write_text(path_body + guarantee + "guarantee_unit: record\n", encoding="utf-8")
    loaded, _ = load_release(path, kb)
    assert loaded is not None
    given = given_parameters(loaded.release.guarantee)
    found = findings(kb, loaded.release, loaded.source, given)
    assert [f.kind for f in found] == [FindingKind.unit_not_covered]
    path.write_text(path_body + guarantee + "guarantee_unit: record\ngroup_size: 5\n", "utf-8")
    loaded, _ = load_release(path, kb)
    assert loaded is not None
    assert findings(kb, loaded.release, loaded.source, given) == []


@pytest.mark.parametrize(
    ("composition", "expected"),
    [
        ("{sampling: without_replacement, accounted_sampling: poisson}", "amplification"),
        ("{sampling: poisson, accounted_sampling: poisson}", None),
        ("{adaptivity: fully_adaptive}", "composition"),
        ("{adaptivity: fully_adaptive, filter: true}", None),
        ("{adaptivity: concurrent}", "composition"),
        ("{adaptivity: adaptive}", None),
    ],
)
def test_composition(
    kb: KnowledgeBase, tmp_path: Path, composition: str, expected: str | None
) -> None:
    body = "guarantee: {definition: ε-DP, parameters: {epsilon: 1}}\n"
    card = card_of(kb, tmp_path, body + f"composition: {composition}\n")
    wanted = {
        None: [],
        "amplification": [FindingKind.amplification_scheme_mismatch],
        "composition": [FindingKind.composition_not_covered],
    }[expected]
    assert kinds(card) == wanted

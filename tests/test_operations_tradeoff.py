"""f-DP's group rule 1 − (1 − f)^{∘k} (and add/remove → replace-one at k = 2), checked on grouped
trade-off curves; the privacy-loss distribution's rules read through the profile it induces;
planted false rules that `dptax verify`'s checks refute."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.evaluators.battery import battery, mechanism_cases, random_pairs
from dptaxonomy.reasoning.evaluators.families import Finite
from dptaxonomy.reasoning.evaluators.operation_checks import rule_results
from dptaxonomy.reasoning.evaluators.operation_failures import subsampled_gaussian_results
from dptaxonomy.reasoning.evaluators.operation_forms import operation_results
from dptaxonomy.reasoning.evaluators.operation_pairs import chains
from dptaxonomy.reasoning.evaluators.tradeoff import GaussianTradeoff, meets, vertices
from dptaxonomy.reasoning.evaluators.tradeoff_group import GroupTradeoff, dual_tradeoff
from dptaxonomy.reasoning.evaluators.verdicts import Outcome
from dptaxonomy.reasoning.maps.numeric import exact, lower, upper
from tests.conftest import CATALOG_DIR
from tests.test_operations import _rule, _verdict

GROUP = {"operation": "group_privacy", "closed_form": "tradeoff_group", "conditions": ["k >= 1"]}
CHANGE = {
    "operation": "neighbourhood_change",
    "neighbourhood": "add_remove",
    "to_neighbourhood": "replace_one",
}
MECHANISMS = ("discrete-laplace", "gaussian")
POISSON = {"operation": "amplification", "sampling": "poisson", "neighbourhood": "add_remove"}


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(CATALOG_DIR)


def test_the_shipped_f_dp_rules_are_the_checked_ones(shipped: Catalog) -> None:
    rules = {(r.operation.value, r.closed_form) for r in shipped.definitions["f-dp"].operations}
    assert ("group_privacy", "tradeoff_group") in rules
    assert ("neighbourhood_change", "tradeoff_group") in rules


@pytest.mark.slow
def test_the_f_dp_group_rule_holds_on_the_grouped_pairs(shipped: Catalog) -> None:
    rule = _rule(**GROUP)
    chosen = {m: shipped.mechanisms[m] for m in MECHANISMS}
    found = operation_results(shipped.definitions, shipped.definitions["f-dp"], rule, [], chosen)
    assert len(found) == 418
    assert all(verdict is True for verdict, _ in found)
    change = _rule(**CHANGE, closed_form="tradeoff_group")
    found = operation_results(shipped.definitions, shipped.definitions["f-dp"], change, [], chosen)
    assert len(found) == 209
    assert all(verdict is True for verdict, _ in found)


@pytest.mark.slow
def test_an_f_dp_group_rule_without_degradation_is_refuted(shipped: Catalog) -> None:
    """The planted rule "a group keeps f" (f itself, no degradation) fails on random chains,
    on odds chains and on the Gaussian mechanism at distance k."""
    planted = {"operation": "group_privacy", "parameter_map": {"f": "f"}}
    outcome, where = _verdict(shipped, "f-dp", planted, [], MECHANISMS)
    assert outcome is Outcome.refuted
    assert where == "random chain #2 of 2 steps (seed 13): f of its steps"
    rule = _rule(**planted)
    chosen = {m: shipped.mechanisms[m] for m in MECHANISMS}
    found = operation_results(shipped.definitions, shipped.definitions["f-dp"], rule, [], chosen)
    refuted = [where for verdict, where in found if verdict is False]
    assert "odds chain eps=0.5 of 2 steps: f of its steps" in refuted
    assert "gaussian sensitivity=0.25 sigma=0.25 at distance 2: x=0.1" in refuted
    change = {**CHANGE, "parameter_map": {"f": "f"}}
    outcome, where = _verdict(shipped, "f-dp", change, [], MECHANISMS)
    assert (outcome, where) == (
        Outcome.refuted,
        "random chain #2 of 2 steps (seed 13): f of its steps",
    )


def test_a_group_of_one_step_too_few_is_refuted() -> None:
    """1 − (1 − f)^{∘(k−1)} is too small a degradation for groups of size k: the odds chains
    (binary randomized response, one step of odds e^ε each) meet k steps, not k − 1."""
    for label, chain in chains(3)[-2:]:
        steps = [Finite(x, y) for x, y in itertools.pairwise(chain)]
        f = dual_tradeoff(steps)
        assert all(meets(step, f) is True for step in steps), label
        grouped = Finite(chain[0], chain[-1])
        assert meets(grouped, GroupTradeoff(f, 3)) is True, label
        assert meets(grouped, GroupTradeoff(f, 2)) is False, label


def test_the_dual_form_touches_a_symmetric_curve_at_its_vertices(shipped: Catalog) -> None:
    """For the discrete Laplace mechanism (T(P, Q) = T(Q, P)), the convex f built from the
    dual lines is the trade-off curve itself at every vertex, not a looser bound."""
    for case in mechanism_cases(shipped.mechanisms["discrete-laplace"])[:6]:
        assert isinstance(case.pair, Finite)
        f = dual_tradeoff([case.pair])
        for vertex in vertices(case.pair.p, case.pair.q):
            value = f.at(vertex.x)
            assert abs(upper(value) - upper(vertex.y)) < 1e-9, case.label
            assert upper(value) <= upper(vertex.y) + 1e-12, case.label


def test_the_dual_form_is_below_both_orders_of_random_pairs() -> None:
    for case in random_pairs(12):
        assert isinstance(case.pair, Finite)
        assert meets(case.pair, dual_tradeoff([case.pair])) is True, case.label


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(("0.1", "0.5", "1", "2")),
    st.integers(1, 4),
    st.sampled_from(("0.001", "0.05", "0.3", "0.5", "0.8", "0.99")),
)
def test_the_group_of_a_gaussian_curve_is_g_k_mu(mu: str, k: int, x: str) -> None:
    """1 − (1 − G_μ)^{∘k} = G_{kμ} (DRS21's Gaussian case), within the enclosures."""
    grouped = GroupTradeoff(GaussianTradeoff(exact(mu)), k).at(exact(x))
    direct = GaussianTradeoff(k * exact(mu)).at(exact(x))
    assert abs(lower(grouped) - lower(direct)) < 1e-9
    assert abs(upper(grouped) - upper(direct)) < 1e-9


def test_the_loss_distribution_rules_are_checked_through_its_profile(shipped: Catalog) -> None:
    """The PLD's group and amplification rules state their result in privacy-profile and are
    checked as (ε, δ)-DP's rules at every ε; under the wrong scheme the amplification fails."""
    group = {**GROUP, "closed_form": "profile_group", "result": "privacy-profile"}
    pld = "privacy-loss-distribution"
    assert _verdict(shipped, pld, group, [], ("gaussian",)) == (Outcome.computed, None)
    right = {
        "operation": "amplification",
        "sampling": "without_replacement",
        "neighbourhood": "replace_one",
        "closed_form": "profile_subsampled",
        "result": "privacy-profile",
    }
    assert _verdict(shipped, pld, right, []) == (Outcome.computed, None)
    outcome, where = _verdict(shipped, pld, {**right, "sampling": "poisson"}, [])
    assert outcome is Outcome.refuted
    assert where == (
        "random triple #2 (seed 13) subsampled: delta=[0.148588, 0.148589], "
        "epsilon=[0.0999999, 0.100001], q=[0.0999999, 0.100001] give "
        "delta=[0.0148588, 0.0148589], epsilon=[0.0104621, 0.0104622]"
    )


def test_a_gaussian_dp_amplification_map_is_refuted_on_the_subsampled_gaussian(
    shipped: Catalog,
) -> None:
    """No μ' = c(q)·μ with c(q) → 0 amplifies μ-GDP under Poisson subsampling: the subsampled
    Gaussian's curve has G_μ's tail scaled by q, below G_μ' far enough out. It refutes μ' = qμ
    and μ' = √q·μ, which the whole finite battery passes; the per-step μ of DRS21's central
    limit theorem, q·√(e^{μ²} − 1), is no one-step guarantee either."""
    rule = POISSON
    entry = shipped.definitions["gaussian-dp"]
    planted = _rule(**rule, parameter_map={"mu": "q * mu"})
    found = subsampled_gaussian_results(entry, planted)
    assert len(found) == 20
    assert all(verdict is False for verdict, _ in found)
    outcome, where = _verdict(
        shipped, "gaussian-dp", {**rule, "parameter_map": {"mu": "q * mu"}}, []
    )
    assert outcome is Outcome.refuted
    assert where == "gaussian mu=0.5 subsampled q=0.01: x=1e-3 gives mu=[0.00499999, 0.00500001]"
    clt = _rule(**rule, parameter_map={"mu": "q * sqrt(exp(mu**2) - 1)"})
    assert all(verdict is False for verdict, _ in subsampled_gaussian_results(entry, clt))
    square_root = _rule(**rule, parameter_map={"mu": "sqrt(q) * mu"})
    refuted = [w for v, w in subsampled_gaussian_results(entry, square_root) if v is False]
    assert refuted[0] == (
        "gaussian mu=0.5 subsampled q=0.01: x=1e-20 gives mu=[0.0499999, 0.0500001]"
    )
    for kept in ("mu", "0.9 * mu"):
        same = _rule(**rule, parameter_map={"mu": kept})
        assert all(verdict is True for verdict, _ in subsampled_gaussian_results(entry, same))


@pytest.mark.slow
def test_the_finite_battery_alone_passes_a_square_root_amplification(shipped: Catalog) -> None:
    rule = _rule(**POISSON, parameter_map={"mu": "sqrt(q) * mu"})
    cases = battery(shipped.mechanisms)
    found = rule_results(shipped.definitions, shipped.definitions["gaussian-dp"], rule, cases, {})
    assert len(found) == 150
    assert all(verdict is not False for verdict, _ in found)

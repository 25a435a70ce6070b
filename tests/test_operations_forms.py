"""Bounded range and the closed-form operation rules (privacy-loss convolution, subsampled
privacy profiles, subsampled Rényi DP): the evaluators, the shipped rules' checks, and planted
false rules that `dptax verify`'s checks refute."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.accounting.subsampled import integer_rdp
from dptaxonomy.reasoning.evaluators.battery import mechanism_cases, random_pairs
from dptaxonomy.reasoning.evaluators.bounded_range import range_width
from dptaxonomy.reasoning.evaluators.closed_forms import poisson_renyi
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian, Laplace, is_infinite
from dptaxonomy.reasoning.evaluators.operation_forms import (
    convolve,
    hockey_stick,
    loss_distribution,
    operation_results,
    pld_delta,
)
from dptaxonomy.reasoning.evaluators.verdicts import Outcome
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, point, upper
from dptaxonomy.schema.enums import OperationKind
from tests.conftest import CATALOG_DIR
from tests.test_operations import _cases, _rule, _verdict


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(CATALOG_DIR)


def _pair(p: tuple[str, ...], q: tuple[str, ...]) -> Finite:
    return Finite(tuple(exact(m) for m in p), tuple(exact(m) for m in q))


def test_the_range_width_is_the_spread_of_the_privacy_loss() -> None:
    e = math.e
    # randomized response at ε = 1: the loss takes ±1, a range of width 2 (2ε-BR, ε-DP)
    rr = _pair((str(e / (1 + e)), str(1 / (1 + e))), (str(1 / (1 + e)), str(e / (1 + e))))
    width = range_width(rr)
    assert width is not None
    assert lower(width) <= 2 + 1e-9
    assert upper(width) >= 2 - 1e-9
    # the loss log(4/2) = log 2 and log(1/3): width log 6; the DP ε is only log 3
    width = range_width(_pair(("0.4", "0.1", "0.5"), ("0.2", "0.3", "0.5")))
    assert width is not None
    assert lower(width) <= math.log(6) <= upper(width)
    assert is_infinite(range_width(_pair(("0.5", "0.5"), ("1", "0"))) or point(0.0))
    assert is_infinite(range_width(Gaussian(exact("1"), exact("1"))) or point(0.0))
    laplace = range_width(Laplace(exact("1"), exact("2")))
    assert laplace is not None
    assert lower(laplace) <= 1 <= upper(laplace)


def test_the_exponential_mechanism_is_exactly_epsilon_bounded_range(shipped: Catalog) -> None:
    for case in mechanism_cases(shipped.mechanisms["exponential"]):
        width = range_width(case.pair)
        assert width is not None
        epsilon = case.values["epsilon"]
        assert abs(upper(width) - upper(epsilon)) < 1e-12, case.label


def test_a_bounded_range_composition_too_small_is_refuted(shipped: Catalog) -> None:
    fields = {
        "operation": "composition",
        "form": "heterogeneous",
        "adaptivity": "non_adaptive",
        "parameter_map": {"epsilon": "max(epsilon_1, epsilon_2)"},
    }
    cases = _cases(shipped, "randomized-response")
    outcome, where = _verdict(shipped, "range-bounded-privacy", fields, cases)
    assert outcome is Outcome.refuted
    assert where == (
        "randomized-response epsilon=0.25 × randomized-response epsilon=0.5: "
        "epsilon_1=[0.499999, 0.500001], epsilon_2=[0.999999, 1.00001] give "
        "epsilon=[0.999999, 1.00001]"
    )
    fields["parameter_map"] = {"epsilon": "epsilon_1 + epsilon_2"}
    assert _verdict(shipped, "range-bounded-privacy", fields, cases) == (Outcome.computed, None)


def test_bounded_range_charged_a_sixteenth_in_zcdp_is_refuted(shipped: Catalog) -> None:
    fields = {
        "operation": "composition",
        "form": "heterogeneous",
        "adaptivity": "adaptive",
        "result": "zero-concentrated-dp",
        "parameter_map": {"xi": "0", "rho": "epsilon_1**2 / 16 + epsilon_2**2 / 16"},
    }
    cases = _cases(shipped, "randomized-response")
    outcome, where = _verdict(shipped, "range-bounded-privacy", fields, cases)
    assert outcome is Outcome.refuted
    assert where is not None
    assert where.startswith("randomized-response epsilon=0.25 × randomized-response epsilon=0.5")
    fields["parameter_map"] = {"xi": "0", "rho": "epsilon_1**2 / 8 + epsilon_2**2 / 8"}
    assert _verdict(shipped, "range-bounded-privacy", fields, cases) == (Outcome.computed, None)


def test_a_subsampled_renyi_bound_under_the_wrong_scheme_is_refuted(shipped: Catalog) -> None:
    right = {
        "operation": "amplification",
        "sampling": "poisson",
        "neighbourhood": "add_remove",
        "closed_form": "subsampled_renyi",
    }
    assert _verdict(shipped, "renyi-dp", right, random_pairs(6)) == (Outcome.computed, None)
    wrong = {**right, "neighbourhood": "replace_one"}
    outcome, where = _verdict(shipped, "renyi-dp", wrong, [])
    assert outcome is Outcome.refuted
    assert where == (
        "random triple #2 (seed 13) subsampled q=0.1: alpha=2 gives "
        "epsilon=[0.00325701, 0.00325702]"
    )


def test_a_profile_amplification_under_the_wrong_scheme_is_refuted(shipped: Catalog) -> None:
    right = {
        "operation": "amplification",
        "sampling": "without_replacement",
        "neighbourhood": "replace_one",
        "closed_form": "profile_subsampled",
    }
    assert _verdict(shipped, "privacy-profile", right, []) == (Outcome.computed, None)
    outcome, where = _verdict(shipped, "privacy-profile", {**right, "sampling": "poisson"}, [])
    assert outcome is Outcome.refuted
    assert where is not None
    assert where == (
        "random triple #2 (seed 13) subsampled: delta=[0.148588, 0.148589], "
        "epsilon=[0.0999999, 0.100001], q=[0.0999999, 0.100001] give "
        "delta=[0.0148588, 0.0148589], epsilon=[0.0104621, 0.0104622]"
    )


def test_the_poisson_bound_covers_the_subsampled_gaussian_exactly_computed() -> None:
    """Zhu–Wang's general bound, fed the Gaussian's curve ε(j) = jμ²/2, is at least the
    subsampled Gaussian's exact Rényi DP (Mironov–Talwar–Zhang's binomial expansion)."""
    for mu_text, q_text in (("0.5", "0.01"), ("1", "0.1"), ("2", "0.5")):
        mu, q = exact(mu_text), exact(q_text)
        for alpha in (2, 3, 8, 16):
            curve = {j: j * mu * mu / 2 for j in range(2, alpha + 1)}
            bound = poisson_renyi(curve, q, alpha)
            assert upper(integer_rdp(mu, q, alpha)) <= lower(bound) * (1 + 1e-12), (mu, q, alpha)


MASSES = st.lists(st.integers(0, 9), min_size=3, max_size=3).filter(lambda m: sum(m) > 0)


@settings(max_examples=25, deadline=None)
@given(MASSES, MASSES, MASSES, MASSES)
def test_the_convolved_losses_give_the_products_hockey_stick(
    p1: list[int], q1: list[int], p2: list[int], q2: list[int]
) -> None:
    def masses(weights: list[int]) -> tuple[IV, ...]:
        return tuple(exact(str(w)) / exact(str(sum(weights))) for w in weights)

    a, b, c, d = masses(p1), masses(q1), masses(p2), masses(q2)
    omega = convolve(loss_distribution(a, b), loss_distribution(c, d))
    p = tuple(x * y for x in a for y in c)
    q = tuple(x * y for x in b for y in d)
    for text in ("0", "0.5", "2"):
        epsilon = exact(text)
        direct, convolved = hockey_stick(p, q, epsilon), pld_delta(omega, epsilon)
        assert lower(direct) <= upper(convolved) + 1e-12
        assert lower(convolved) <= upper(direct) + 1e-12


def test_a_profile_group_rule_without_the_exponential_factor_is_refuted(shipped: Catalog) -> None:
    """The profile's group rule is approximate-dp's group rule applied at each ε, read from the
    catalog: planting k·δ (no e^((k−1)ε)) there is refuted on the grouped Gaussian."""
    rule = _rule(operation="group_privacy", closed_form="profile_group", conditions=["k >= 1"])
    gaussian = {"gaussian": shipped.mechanisms["gaussian"]}
    profile = shipped.definitions["privacy-profile"]
    found = operation_results(shipped.definitions, profile, rule, [], gaussian)
    assert found
    assert all(verdict is not False for verdict, _ in found)
    approximate = shipped.definitions["approximate-dp"]
    planted = {"epsilon": "k * epsilon", "delta": "k * delta"}
    operations = [
        o.model_copy(update={"parameter_map": planted})
        if o.operation is OperationKind.group_privacy
        else o
        for o in approximate.operations
    ]
    definitions = {
        **shipped.definitions,
        "approximate-dp": approximate.model_copy(update={"operations": operations}),
    }
    found = operation_results(definitions, profile, rule, [], gaussian)
    refuted = [where for verdict, where in found if verdict is False]
    assert refuted[0] == (
        "gaussian sensitivity=0.25 sigma=0.5 at distance 2: delta=[0.15926, 0.159261], "
        "epsilon=[0.0999999, 0.100001] give delta=[0.318521, 0.318522], "
        "epsilon=[0.199999, 0.200001]"
    )

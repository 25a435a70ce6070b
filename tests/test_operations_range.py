"""The optimal composition of ε-bounded-range mechanisms (closed form ``optimal_bounded_range``,
Dong–Durfee–Rogers): the formula against Kairouz–Oh–Viswanath's for ε-DP, against generalized
randomized response at every t, its check on the battery, its attainment by the exponential
mechanism, and planted false versions that the checks refute."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.catalog.store import Catalog, load_catalog
from dptaxonomy.reasoning.evaluators.battery import mechanism_cases, random_pairs
from dptaxonomy.reasoning.evaluators.bounded_range import range_width
from dptaxonomy.reasoning.evaluators.closed_forms import (
    optimal_pure_delta,
    optimal_range_delta,
    range_candidates,
    range_response_delta,
)
from dptaxonomy.reasoning.evaluators.definitions import APPROXIMATE
from dptaxonomy.reasoning.evaluators.families import Finite
from dptaxonomy.reasoning.evaluators.operation_forms import operation_results
from dptaxonomy.reasoning.evaluators.operation_pairs import product
from dptaxonomy.reasoning.evaluators.operation_range import (
    exponential_pair,
    range_attained,
    range_results,
)
from dptaxonomy.reasoning.evaluators.operation_tightness import SHRINK, tightness_results
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower, upper
from dptaxonomy.schema.enums import ClosedForm
from dptaxonomy.schema.operations import OperationRule
from tests.conftest import CATALOG_DIR


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog(Path(CATALOG_DIR))


def _number(value: float) -> IV:
    return exact(repr(value))


def test_the_formula_gives_the_published_scale_of_values() -> None:
    # ε = 1, k = 10, ε' = 3: ≈ 0.0644 for ε-BR against ≈ 0.620 for ε-DP (the catalog's note)
    br = optimal_range_delta(exact("1"), 10, exact("3"))
    pure = optimal_pure_delta(exact("1"), 10, exact("3"))
    assert round(upper(br), 4) == 0.0644
    assert round(upper(pure), 3) == 0.620
    assert upper(optimal_range_delta(exact("0"), 3, exact("0"))) == 0


@settings(max_examples=60, deadline=None)
@given(
    st.floats(0.05, 3),
    st.integers(1, 6),
    st.floats(0, 1),
)
def test_bounded_range_composes_between_pure_dp_at_half_and_at_full_epsilon(
    epsilon: float, k: int, share: float
) -> None:
    # ε-BR implies ε-DP, so its optimal δ never exceeds KOV's at ε; randomized response at
    # ε/2 is ε-BR, so it never falls below KOV's at ε/2
    e, target = _number(epsilon), _number(share * k * epsilon)
    br = optimal_range_delta(e, k, target)
    assert upper(br) <= upper(optimal_pure_delta(e, k, target)) + 1e-12
    assert lower(br) >= lower(optimal_pure_delta(e / 2, k, target)) - 1e-12


@settings(max_examples=40, deadline=None)
@given(st.floats(0.1, 3), st.integers(1, 5), st.floats(0, 1))
def test_no_t_gives_more_than_the_candidates(epsilon: float, k: int, share: float) -> None:
    e, target = _number(epsilon), _number(share * k * epsilon)
    best = upper(optimal_range_delta(e, k, target))
    for j in range(101):
        t = e * exact(str(j / 100))
        assert upper(range_response_delta(e, t, k, target)) <= best * (1 + 1e-9) + 1e-15


@settings(max_examples=40, deadline=None)
@given(
    st.floats(0.1, 2.5),
    st.lists(st.floats(0.02, 0.98), min_size=2, max_size=4),
    st.floats(0, 1),
)
def test_exponential_mechanisms_at_different_t_are_covered(
    epsilon: float, fractions: list[float], share: float
) -> None:
    e = _number(epsilon)
    pairs = [exponential_pair(e, e * _number(f)) for f in fractions]
    composed = pairs[0]
    for pair in pairs[1:]:
        assert composed is not None
        assert pair is not None
        found = product(composed, pair)
        assert isinstance(found, Finite)
        composed = found
    assert composed is not None
    target = _number(share * len(fractions) * epsilon)
    delta = optimal_range_delta(e, len(fractions), target)
    assert APPROXIMATE.holds(composed, {"epsilon": target, "delta": delta * (1 + 1e-9)}) is True


def test_the_exponential_pair_has_losses_t_and_t_minus_epsilon() -> None:
    pair = exponential_pair(exact("1"), exact("0.3"))
    assert pair is not None
    width = range_width(pair)
    assert width is not None
    assert abs(upper(width) - 1) < 1e-12
    loss = math.log(upper(pair.p[0]) / upper(pair.q[0]))
    assert abs(loss - 0.3) < 1e-12
    assert exponential_pair(exact("1"), exact("1")) is None
    assert exponential_pair(exact("1"), exact("0")) is None


def test_the_candidates_are_clipped_to_the_range() -> None:
    found = range_candidates(exact("1"), 2, exact("2.5"))
    assert [round(upper(t), 6) for t in found] == [1.0, 1.0, 1.0]
    found = range_candidates(exact("1"), 3, exact("0"))
    assert [round(upper(t), 6) for t in found] == [0.25, 0.5, 0.75, 1.0]


def _range_rule(shipped: Catalog) -> tuple[int, OperationRule]:
    entry = shipped.definitions["range-bounded-privacy"]
    for index, rule in enumerate(entry.operations):
        if rule.closed_form is ClosedForm.optimal_bounded_range:
            return index, rule
    raise AssertionError("no optimal_bounded_range rule")


def test_the_shipped_rule_is_computed_and_attained(shipped: Catalog) -> None:
    entry = shipped.definitions["range-bounded-privacy"]
    _, rule = _range_rule(shipped)
    cases = [*mechanism_cases(shipped.mechanisms["exponential"]), *random_pairs(6)]
    found = operation_results(shipped.definitions, entry, rule, cases, {})
    assert found
    assert all(verdict is True for verdict, _ in found)
    attained = tightness_results(shipped.definitions, shipped.mechanisms, entry, rule)
    assert len(attained) == 21
    assert all(verdict is True for verdict, _ in attained)


def test_composing_as_pure_dp_at_half_epsilon_is_refuted(shipped: Catalog) -> None:
    # a plausible mistake: ε-BR "is" ε/2-DP up to a shift, so compose as KOV at ε/2; the
    # exponential mechanism away from t = ε/2 refutes it
    entry = shipped.definitions["range-bounded-privacy"]
    cases = list(mechanism_cases(shipped.mechanisms["exponential"]))
    found = range_results(entry, cases, lambda e, k, t: optimal_pure_delta(e / 2, k, t))
    refuted = [where for verdict, where in found if verdict is False]
    assert refuted[0] == (
        "2-fold exponential mechanism epsilon=0.5 at t=0.125*epsilon: epsilon=0.5 gives "
        "delta=[0, 1.90001e-33]"
    )


def test_a_formula_too_large_is_not_attained() -> None:
    found = range_attained(SHRINK, lambda e, k, t: optimal_range_delta(e, k, t) * exact("1.01"))
    assert found
    assert all(verdict is False for verdict, _ in found)
    assert found[0][1] == (
        "2-fold exponential mechanism epsilon=0.5 at t=0.2 still meets epsilon=0.1, "
        "delta=[0.113469, 0.11347]"
    )

"""Metamorphic properties of dptax compose (hypothesis)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.composehelp import epsilon, gaussian

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
sigmas = st.floats(min_value=0.5, max_value=8.0, allow_nan=False)
counts = st.integers(min_value=1, max_value=40)
deltas = st.sampled_from([1e-3, 1e-5, 1e-8])


@SETTINGS
@given(sigma=sigmas, k=counts, delta=deltas)
def test_k_gaussians_equal_one_with_sigma_over_root_k(sigma: float, k: int, delta: float) -> None:
    many = epsilon({"delta": delta, "components": [gaussian(sigma, k)]})
    one = epsilon({"delta": delta, "components": [gaussian(sigma / math.sqrt(k))]})
    assert many["value"] == pytest.approx(one["value"], rel=1e-9, abs=1e-12)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sigma=sigmas,
    k=st.integers(min_value=2, max_value=30),
    split=st.integers(min_value=1, max_value=29),
)
def test_splitting_and_recomposing_never_tightens(sigma: float, k: int, split: int) -> None:
    split = min(split, k - 1)
    delta = 1e-5
    whole = epsilon({"delta": delta, "components": [gaussian(sigma, k)]})["value"]
    parts = [
        epsilon({"delta": delta / 4, "components": [gaussian(sigma, n)]})["value"]
        for n in (split, k - split)
    ]
    recomposed = epsilon(
        {
            "delta": delta,
            "components": [
                {
                    "definition": "(ε, δ)-DP",
                    "parameters": {"epsilon": repr(e), "delta": repr(delta / 4)},
                }
                for e in parts
            ],
        }
    )["value"]
    assert recomposed >= whole


@SETTINGS
@given(sigma=sigmas, k=counts, delta=deltas)
def test_monotone_in_count_and_noise(sigma: float, k: int, delta: float) -> None:
    base = epsilon({"delta": delta, "components": [gaussian(sigma, k)]})["value"]
    assert epsilon({"delta": delta, "components": [gaussian(sigma, k + 1)]})["value"] >= base
    assert epsilon({"delta": delta, "components": [gaussian(sigma * 1.1, k)]})["value"] <= base


@pytest.mark.slow
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rate=st.floats(min_value=0.01, max_value=0.2), k=st.integers(min_value=10, max_value=200))
def test_monotone_in_the_sampling_rate(rate: float, k: int) -> None:
    low = epsilon({"delta": 1e-5, "components": [gaussian(1.0, k, rate)]})["value"]
    high = epsilon({"delta": 1e-5, "components": [gaussian(1.0, k, min(1.0, rate * 1.5))]})["value"]
    assert high >= low


def _gdp_delta(mu: float, eps: float) -> float:
    """δ(ε) of μ-GDP (Dong, Roth and Su), in floats."""

    def phi(x: float) -> float:
        return 0.5 * math.erfc(-x / math.sqrt(2))

    return phi(-eps / mu + mu / 2) - math.exp(eps) * phi(-eps / mu - mu / 2)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sigma=st.floats(min_value=1.0, max_value=8.0, allow_nan=False),
    k=st.integers(min_value=1, max_value=20),
    delta=deltas,
)
def test_loss_distribution_bounds_bracket_the_exact_gdp_value(
    sigma: float, k: int, delta: float
) -> None:
    """The PLD route's lower bound never exceeds the exact ε of k Gaussians (through GDP),
    its upper bound never falls below it, and lower ≤ upper."""
    from dptaxonomy.reasoning.accounting.components import Component, Shape
    from dptaxonomy.reasoning.accounting.loss_route import pld_epsilon
    from dptaxonomy.reasoning.maps.numeric import exact

    component = Component("g", Shape.gaussian, {"mu": exact("1") / exact(repr(sigma))}, k)
    upper, lower, _ = pld_epsilon([component], delta)
    assert upper is not None
    assert lower is not None
    assert lower <= upper
    mu = math.sqrt(k) / sigma
    # at ε = lower the exact δ is still above δ; at ε = upper it is at most δ
    assert lower == 0.0 or _gdp_delta(mu, lower) >= delta * (1 - 1e-9)
    assert _gdp_delta(mu, upper) <= delta * (1 + 1e-9)


@pytest.mark.slow
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rate=st.floats(min_value=0.005, max_value=0.1), k=st.integers(min_value=10, max_value=500))
def test_lower_bound_never_exceeds_the_upper_bound(rate: float, k: int) -> None:
    got = epsilon({"delta": 1e-5, "components": [gaussian(1.0, k, rate)]})
    assert got["lower"] <= got["value"]

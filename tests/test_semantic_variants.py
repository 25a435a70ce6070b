"""Local and reality-oblivious semantic privacy (KS14), and bounded CDP, on small examples."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from dptaxonomy.reasoning.evaluators.algorithm_readings import holds_on_algorithm, reading_for
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.families import Finite, Gaussian
from dptaxonomy.reasoning.evaluators.prior_based import battery_priors
from dptaxonomy.reasoning.evaluators.semantic import FiniteAlgorithm, randomized_response
from dptaxonomy.reasoning.evaluators.semantic_delta import (
    breaking_mass,
    delta_lower,
    delta_upper,
    oblivious_delta_lower,
)
from dptaxonomy.reasoning.maps.numeric import exact, lower, point, upper
from tests.test_semantic import algorithms

LOCAL = "local-semantic-privacy"
OBLIVIOUS = "reality-oblivious-semantic-privacy"


@settings(max_examples=30, deadline=None)
@given(algorithms(), st.sampled_from(["0.02", "0.1", "0.3"]))
def test_the_bounds_nest(algorithm: FiniteAlgorithm, epsilon: str) -> None:
    """For one prior ≤ (ε, δ)-semantic (sup over priors) ≤ reality-oblivious ≤ the upper
    bound; the lower bounds sit below the upper bound."""
    at = exact(epsilon)
    for default in range(len(algorithm.values)):
        high = upper(delta_upper(algorithm, default, at))
        assert lower(oblivious_delta_lower(algorithm, default, at)) <= high
        assert lower(delta_lower(algorithm, default, at)) <= high
        for prior in battery_priors(algorithm):
            masses = dict(zip(algorithm.databases(), prior, strict=True))
            certain, possible = breaking_mass(algorithm, masses, default, at)
            assert lower(certain) <= upper(possible) <= high + 1e-12


def test_randomized_response_under_the_uniform_prior() -> None:
    """Under the uniform prior on one bit, Game 0's posterior moves by tanh(ε/2)/2 at both
    outputs and Game 1's not at all: every transcript breaks a smaller ε̄."""
    algorithm = randomized_response(1, "1")
    moved = math.tanh(0.5) / 2
    context = 0  # default 0, prior #0 (uniform)
    below = {"epsilon": exact(str(moved - 1e-6)), "delta": exact("0.99")}
    above = {"epsilon": exact(str(moved + 1e-6)), "delta": point(0.0)}
    assert holds_on_algorithm(LOCAL, algorithm, context, below) is False
    assert holds_on_algorithm(LOCAL, algorithm, context, above) is True
    # reality-oblivious: some belief breaks every transcript below tanh(1/4)
    half = {"epsilon": exact("0.2"), "delta": exact("0.99")}
    assert holds_on_algorithm(OBLIVIOUS, algorithm, 0, half) is False
    top = {"epsilon": exact(str(math.tanh(0.25) + 1e-9)), "delta": point(0.0)}
    assert holds_on_algorithm(OBLIVIOUS, algorithm, 0, top) is True


def test_local_semantic_privacy_is_read_per_default_and_prior() -> None:
    reading = reading_for(LOCAL)
    assert reading is not None
    assert reading.tight is None
    contexts = reading.contexts(randomized_response(2, "1"))
    assert len(contexts) == 2 * 4
    assert contexts[3] == (3, "default 1, prior #1")


def test_bounded_cdp_checks_the_orders_up_to_omega() -> None:
    gaussian = Gaussian(point(1.0), point(1.0))  # D_α = α/2: ρ = 1/2, ξ = 0
    bcdp = EVALUABLE["bounded-concentrated-dp"]
    params = {"xi": point(0.0), "rho": exact("0.5"), "omega": exact("3")}
    assert bcdp.holds(gaussian, params) is True
    # a constant ξ = 1 covers α/2 only up to α = 2: ω = 2 passes, ω = 3 fails
    flat = {"xi": point(1.0), "rho": point(0.0)}
    assert bcdp.holds(gaussian, {**flat, "omega": exact("2")}) is True
    assert bcdp.holds(gaussian, {**flat, "omega": exact("3")}) is False
    assert bcdp.holds(gaussian, {**flat, "omega": point(math.inf)}) is False


def test_truncated_cdp_of_col16_caps_every_order() -> None:
    gaussian = Gaussian(point(1.0), point(1.0))  # D_α = α/2, unbounded ε
    tcodp = EVALUABLE["truncated-concentrated-dp-col16"]
    # α/2 ≤ min(η, ατ) fails for large α whatever η: the largest log-ratio is infinite
    assert tcodp.holds(gaussian, {"eta": exact("100"), "tau": exact("0.5")}) is False
    finite = Finite((exact("0.5"), exact("0.5")), (exact("0.25"), exact("0.75")))
    epsilon = upper(finite.epsilon())  # log 2
    assert tcodp.holds(finite, {"eta": point(epsilon), "tau": exact("100")}) is True
    assert tcodp.holds(finite, {"eta": exact("0.001"), "tau": exact("100")}) is False

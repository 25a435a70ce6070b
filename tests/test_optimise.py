"""The search over free parameters (reasoning/maps/optimise.py): what it finds, and at what cost."""

from __future__ import annotations

import math
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.reasoning.maps.optimise import GRID, minimise
from dptaxonomy.schema.arith import parse_interval

_ORDERS = parse_interval("(1, inf)")


@given(st.floats(1.5, 500.0))
def test_orders_tied_by_a_condition_move_together(best: float) -> None:
    """(ρ, ω)-tCDP gives (α, ρα)-RDP only at α ≤ ω: the chain's value depends on α alone but
    gives nothing above ω. Coordinate descent from α = ω = 2 could not raise either (raising
    ω alone changes nothing, raising α alone gives nothing), and stopped at a grid point of
    the fallbacks (ε ≤ 5.338 where the chain gives 4.728 for ρ = 0.5 at δ = 1e-5)."""

    def objective(point: list[float]) -> float:
        omega, alpha = point
        return math.log(alpha / best) ** 2 if alpha <= omega else math.inf

    found = minimise(objective, [_ORDERS, _ORDERS])
    assert math.isclose(found[0][1], best, rel_tol=1e-7)


def test_one_parameter_takes_a_few_dozen_scores() -> None:
    """17 grid points and Brent's method between the neighbours of the best: about 30 scores
    where a grid of 65 and 40 golden sections took about 105."""
    scores: list[float] = []

    def objective(point: list[float]) -> float:
        (alpha,) = point
        scores.append(alpha)
        return 0.5 * alpha + math.log(1e5) / (alpha - 1)  # zCDP's classic conversion, ρ = 0.5

    found = minimise(objective, [_ORDERS])
    assert math.isclose(found[0][0], 1 + math.sqrt(2 * math.log(1e5)), rel_tol=1e-7)
    assert len(set(scores)) <= 40


def test_a_chain_that_gives_nothing_costs_the_fine_grid_once() -> None:
    """The coarse points, then the rest of the fine grid (the coarse ones remembered)."""
    scores: list[list[float]] = []

    def objective(point: list[float]) -> float:
        scores.append(point)
        return math.inf

    assert minimise(objective, [_ORDERS]) == []
    assert len(scores) == len(GRID) == 65


def test_a_chain_that_gives_something_only_between_two_coarse_points_is_found() -> None:
    """tCDP at ω = 1.01 gives a certificate only for orders in a stretch narrower than the
    coarse grid's step (t ∈ [−3.1, −2.3] for ρ = 0.001, ω = 1.1, δ = 1e-12): the whole grid
    is read when the coarse one finds nothing (the chain was refused, 31× looser on top)."""

    def objective(point: list[float]) -> float:
        t = math.log(point[0] - 1)
        return (t + 2.7) ** 2 if -3.1 <= t <= -2.3 else math.inf

    found = minimise(objective, [_ORDERS])
    assert math.isclose(math.log(found[0][0] - 1), -2.7, abs_tol=1e-6)


def test_a_stepped_objective_is_refined_by_golden_sections() -> None:
    """The solver's objective is a staircase (a bisection of 32 steps inside): Brent's
    parabolas stopped on a step 19× above the least value; golden sections do not."""
    centre, steep, base = 1.010424295475492, 69.5652999151924, 6.876360124819483e-08

    def smooth(x: float) -> float:
        return base * (math.exp(steep * (x - centre)) - steep * (x - centre))

    def objective(point: list[float]) -> float:
        t = math.log(point[0] - 1)
        if steep * (t - centre) > 700:
            return math.inf  # beyond the floats, as a chain's float run says
        return math.exp(math.floor(math.log(smooth(t)) * 2**21) / 2**21)

    found = minimise(objective, [_ORDERS], stepped=True)
    assert objective(found[0]) <= smooth(centre) * (1 + 1e-5)


def test_a_search_is_shared_by_objectives_equal_on_the_coarse_grid() -> None:
    """Two chains whose objectives agree bit for bit on the diagonal's grid (a mechanism's
    routes to one Rényi curve) and at the best point share one search (issue 24); an
    objective that differs on the grid, or at the best point only, or that gives something at
    fewer than three grid points, or a search of other domains, searches on its own."""
    calls: list[int] = []

    def counted(scale: float, dip: float = 0.0) -> Callable[[list[float]], float]:
        def objective(point: list[float]) -> float:
            calls.append(1)
            if point[0] <= 1.0:
                return math.inf
            value = (math.log(point[0] - 1.0) - scale) ** 2
            return value - dip if abs(math.log(point[0] - 1.0) - 1.0) < 0.1 else value

        return objective

    shared: dict[object, tuple[float, list[list[float]]]] = {}
    first = minimise(counted(1.0), [_ORDERS], shared=shared)
    assert not first.borrowed
    alone = len(calls)
    again = minimise(counted(1.0), [_ORDERS], shared=shared)
    assert again == first
    assert again.borrowed
    assert len(calls) - alone == 18  # the coarse grid and the best point only
    before = len(calls)
    other = minimise(counted(2.0), [_ORDERS], shared=shared)
    assert not other.borrowed
    assert len(calls) - before > 18  # a search of its own, refined beyond the grid
    assert math.isclose(math.log(other[0][0] - 1.0), 2.0, rel_tol=1e-7)
    assert not minimise(counted(1.0, dip=0.5), [_ORDERS], shared=shared).borrowed

    def narrow(point: list[float]) -> float:  # finite at one grid point (t = 0) only
        return (point[0] - 2.0) ** 2 if abs(point[0] - 2.0) < 0.5 else math.inf

    minimise(narrow, [_ORDERS], shared=shared)
    assert not minimise(narrow, [_ORDERS], shared=shared).borrowed
    assert not minimise(counted(1.0), [parse_interval("(1, 100]")], shared=shared).borrowed

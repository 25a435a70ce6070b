"""A vacuous point answered with its trade-off, and a plateau's edge found by the search.

The Gaussian mechanism (Δ = σ = 1, μ = 1 GDP) in probabilistic DP: every chain's smallest
ε + δ is δ = 1, which every mechanism meets (rule V1). ``dptax convert`` then answers with δ
at each standard ε (``queries/convert_table.py``). At ε = 1 the best chain is GDP's
(ε', δ)-DP curve at ε' = ½ under Kasiviswanathan–Smith's map (ε, δ) ⇒ (2ε, δ/(1 − e^{−ε})):
δ = (Φ(0) − e^{½}Φ(−1)) / (1 − e^{−½}) ≈ 0.606. Below ε' = ½ the map's min(1, ·) is 1 at every
point of the search's grid, so the search must find the edge of the plateau
(``reasoning/maps/optimise.py``); before, it stopped at δ ≤ 1.
"""

from __future__ import annotations

import json
import math

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.battery import pair_of
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.maps.numeric import exact, point
from dptaxonomy.reasoning.maps.optimise import minimise
from dptaxonomy.schema.arith import Interval
from tests.clirunner import run

GAUSSIAN = ("convert", "gaussian", "ProDP", "--from", "sigma=1", "--from", "sensitivity=1")


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _truth(epsilon: float) -> float:
    """The GDP chain's δ at probabilistic DP's ε (μ = 1): the map at ε' = ε/2."""
    half = epsilon / 2
    delta = _phi(-half + 0.5) - math.exp(half) * _phi(-half - 0.5)
    return min(1.0, delta / (1 - math.exp(-half)))


def test_a_plateau_s_edge_is_found() -> None:
    # min(1, 1/(4x)) up to x = ½, nothing beyond: 1 at every grid point (x = e^t, t even),
    # ½ at the edge
    def objective(values: list[float]) -> float:
        (x,) = values
        return math.inf if x > 0.5 else min(1.0, 1 / (4 * x))

    (best, *_) = minimise(objective, [Interval(0, math.inf, True, False)])
    assert 0.5 * (1 - 1e-8) <= best[0] <= 0.5
    assert objective(best) < 0.5 * (1 + 1e-8)


def test_a_given_epsilon_reaches_the_edge_of_the_plateau(
    capsys: pytest.CaptureFixture[str], catalog: Catalog
) -> None:
    result = run(capsys, *GAUSSIAN, "--to", "epsilon=1", "-f", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    delta = data["to"]["delta"]["value"]
    assert _truth(1.0) <= delta <= _truth(1.0) * (1 + 1e-6)
    assert data["vacuous"] is None
    mechanism = catalog.mechanisms["gaussian"]
    assert mechanism.pair is not None
    pair = pair_of(mechanism.pair, {"sigma": exact("1"), "sensitivity": exact("1")})
    params = {"epsilon": exact("1"), "delta": point(delta)}
    assert EVALUABLE["probabilistic-dp"].holds(pair, params) is True


def test_a_vacuous_point_is_answered_with_its_trade_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, *GAUSSIAN)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "gaussian (sensitivity = 1, sigma = 1) ⇒ probabilistic-dp at each epsilon below (the "
        "trade-off: without epsilon the best "
        "point is vacuous, every mechanism meets it at delta = 1 ([DP20] Section 3.1, "
        "Definition 9; rule V1); fix one with --to epsilon=VALUE for its proof)"
    )
    assert lines[3:7] == [
        "  epsilon = 0.1: delta ≤ 1 (vacuous)",
        "  epsilon = 0.25: delta ≤ 1 (vacuous)",
        "  epsilon = 0.5: delta ≤ 1 (vacuous)",
        "  epsilon = 1: delta ≤ 0.6059473605",
    ]
    assert len(lines) == 10
    data = json.loads(run(capsys, *GAUSSIAN, "-f", "json").out)
    curve = data["curve"]
    assert curve["parameter"] == "epsilon"
    assert curve["point_vacuous"].startswith("every mechanism meets it at delta = 1")
    rows = {p["epsilon"]: p for p in curve["points"]}
    assert rows[0.5]["vacuous"] is not None
    assert rows[2.0]["vacuous"] is None
    for epsilon in (1.0, 2.0, 4.0):
        delta = rows[epsilon]["to"]["delta"]["value"]
        assert _truth(epsilon) <= delta <= _truth(epsilon) * (1 + 1e-6)


def test_a_point_with_no_better_row_stands_flagged(capsys: pytest.CaptureFixture[str]) -> None:
    # the identity mechanism meets probabilistic DP only vacuously: every row would be δ ≤ 1
    result = run(capsys, "convert", "identity", "ProDP")
    assert result.code == 0, result.err
    assert "Vacuous: every mechanism meets it at delta = 1" in result.out
    assert "at each epsilon" not in result.out
    data = json.loads(run(capsys, "convert", "identity", "ProDP", "-f", "json").out)
    assert data["trade_off_vacuous"] == {
        "parameter": "epsilon",
        "values": [0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0],
    }
    assert "trade_off_vacuous" not in json.loads(
        run(capsys, *GAUSSIAN, "--to", "epsilon=1", "-f", "json").out
    )


def test_a_point_that_says_something_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(
        capsys, "convert", "laplace", "ProDP", "--from", "scale=2", "--from", "sensitivity=2"
    )
    assert result.code == 0, result.err
    assert result.out.startswith(
        "laplace (scale = 2, sensitivity = 2) ⇒ probabilistic-dp with delta ≤ 0, epsilon ≤ 2\n"
    )

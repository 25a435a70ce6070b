"""A value a step pins at its weakest end is freed (``reasoning/maps/relaxed.py``).

Publishing a random record of n is 1/n-TV private, hence (0, 1/n)-DP; Kasiviswanathan and
Smith's map to probabilistic DP divides by 1 − e^{−ε} and is undefined at ε = 0. As (ε, δ)-DP
is weaker as ε grows, (0, 1/n)-DP is also (ε', 1/n)-DP at every ε' ≥ 0, and the map then gives
(2ε', min(1, (1/n)/(1 − e^{−ε'})))-ProDP. Without ``--to`` its best is δ ≤ 1, which every
mechanism meets: a vacuous answer ranks after any other and says so
(``reasoning/maps/vacuity.py``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.battery import pair_of
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.maps.numeric import exact, point
from dptaxonomy.reasoning.maps.relaxed import relaxed
from tests.clirunner import run
from tests.conftest import CATALOG_DIR

NOTE = (
    "step 2 gives epsilon of approximate-dp = 0, the end of its domain [0, inf); every larger "
    "value holds too (approximate-dp is weaker when epsilon is larger), so it is chosen freely"
)


@pytest.mark.parametrize(("n", "epsilon"), [(10, 1.0), (4, 0.3), (1000, 2.5)])
def test_random_record_to_probabilistic_dp_at_a_given_epsilon(
    capsys: pytest.CaptureFixture[str], catalog: Catalog, n: int, epsilon: float
) -> None:
    result = run(
        capsys, "convert", "random-record", "ProDP", "--from", f"n={n}", "--to",
        f"epsilon={epsilon}", "-f", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    delta = data["to"]["delta"]["value"]
    truth = min(1.0, (1 / n) / (1 - math.exp(-epsilon / 2)))  # the map at ε' = ε/2
    assert truth <= delta <= truth * (1 + 1e-9)
    assert data["raised"] == [NOTE]
    # the random record's own pair meets what is printed
    mechanism = catalog.mechanisms["random-record"]
    assert mechanism.pair is not None
    pair = pair_of(mechanism.pair, {"n": exact(str(n))})
    params = {"epsilon": exact(str(epsilon)), "delta": point(delta)}
    assert EVALUABLE["probabilistic-dp"].holds(pair, params) is True


def test_the_text_shows_the_freed_value_and_keeps_the_stated_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "convert", "random-record", "ProDP", "--from", "n=10", "--to", "delta=0.2")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "random-record (n = 10) ⇒ probabilistic-dp with epsilon ≤ 1.386294362, delta = 0.2"
    )  # 2 ln 2: (1/10)/(1 − e^{−ε'}) = 0.2 at ε' = ln 2
    assert "     parameters: epsilon = 0, delta = epsilon" in lines  # as the catalog states it
    assert f"Raised: {NOTE}" in lines
    assert any(line.startswith("Free parameters, chosen numerically") for line in lines)


def test_a_chain_without_a_pinned_value_keeps_its_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """KL privacy ⊂ Rényi DP at α = 1, the open end of (1, ∞): nothing to free."""
    result = run(capsys, "convert", "kl-privacy", "renyi-dp", "--from", "epsilon=0.1")
    assert result.code == 1
    assert "outside its domain (1, inf)" in result.err


@pytest.mark.parametrize(
    ("arguments", "advice"),
    [
        (  # every row of its trade-off is vacuous too, so the point stands
            ("identity", "ProDP"),
            "each chain's smallest sum of delta and epsilon lies there, and every answer with "
            "epsilon fixed at 0.1, 0.25, 0.5, 1, 2, 4, 8 is vacuous too",
        ),
        (
            ("zCDP", "(ε, δ)-DP", "--from", "rho=100", "--to", "epsilon=0.1"),
            "every chain's answer at these values is vacuous",
        ),
    ],
)
def test_a_vacuous_answer_says_so(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], advice: str
) -> None:
    result = run(capsys, "convert", *arguments)
    assert result.code == 0, result.err
    vacuous = [line for line in result.out.splitlines() if line.startswith("Vacuous: ")]
    assert len(vacuous) == 1
    assert vacuous[0].startswith("Vacuous: every mechanism meets it at delta = 1 ([DP20] Section")
    assert vacuous[0].endswith(f"; rule V1): {advice}")
    data = json.loads(run(capsys, "convert", *arguments, "-f", "json").out)
    assert data["vacuous"].startswith("every mechanism meets it at delta = 1")


def test_without_to_the_random_record_is_answered_with_its_trade_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Its best point is δ ≤ 1 (vacuous); each row fixes ε and frees the pinned value."""
    data = json.loads(
        run(capsys, "convert", "random-record", "ProDP", "--from", "n=10", "-f", "json").out
    )
    curve = data["curve"]
    assert curve["parameter"] == "epsilon"
    assert curve["point_vacuous"].startswith("every mechanism meets it at delta = 1")
    for row in curve["points"]:
        truth = min(1.0, 0.1 / (1 - math.exp(-row["epsilon"] / 2)))
        delta = row["to"]["delta"]["value"]
        assert truth <= delta <= truth * (1 + 1e-9)
        assert (row["vacuous"] is None) is (truth < 1)


def test_a_vacuous_answer_ranks_after_one_that_says_something(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Through the Rényi curve the Laplace mechanism reaches δ ≤ 1 at ε ≈ 0, a smaller sum
    than pure DP's (2, 0), and says nothing."""
    arguments = ("laplace", "ProDP", "--from", "scale=2", "--from", "sensitivity=2")
    data = json.loads(run(capsys, "convert", *arguments, "-f", "json").out)
    assert data["vacuous"] is None
    assert (data["to"]["epsilon"]["value"], data["to"]["delta"]["value"]) == (2.0, 0.0)
    marked = [a for a in data["alternatives"] if "vacuous" in a]
    assert marked
    assert all(a["to"]["delta"]["value"] >= 1 for a in marked)
    others = [a for a in data["alternatives"] if "to" in a and "vacuous" not in a]
    first_marked = data["alternatives"].index(marked[0])
    assert all(data["alternatives"].index(a) < first_marked for a in others)


def _tv_chain() -> tuple[Any, dict[str, Any]]:
    from dptaxonomy.queries.session import knowledge_base
    from dptaxonomy.reasoning.maps.paths import chains_between
    from dptaxonomy.reasoning.maps.tightest import parameter_specs

    _, kb = knowledge_base(CATALOG_DIR, False)
    chains = chains_between(kb, "total-variation-privacy", "probabilistic-dp", conditional=True)
    chain = next(c for c in chains if c.defect is not None and len(c.steps) == 2)
    return chain, {d: parameter_specs(kb, d) for d in chain.definitions}


def test_relaxed_frees_the_pinned_value_and_nothing_else() -> None:
    chain, specs = _tv_chain()
    found = relaxed(chain, specs)
    assert found is not None
    rewritten, notes = found
    assert rewritten.defect is None
    assert rewritten.steps[0].origin.parameter_map == (("delta", "epsilon"),)
    assert rewritten.steps[1] is chain.steps[1]
    assert notes == (NOTE.replace("step 2", "step 1"),)


def test_a_pinned_value_the_step_itself_reads_stays_pinned() -> None:
    """Were `epsilon` in `delta = epsilon` not the implying side's, it would be the pinned
    value itself: freeing it would change what the step says."""
    chain, specs = _tv_chain()
    assert relaxed(chain, {**specs, "total-variation-privacy": ()}) is None


def test_a_curve_point_that_says_something_beats_a_vacuous_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """(0.001, 0.01)-DP reaches δ ≤ 1 at ε ≈ 0.002 (a smaller sum), (2, 0)-DP gives (4, 0)."""
    curve = tmp_path / "profile.csv"
    curve.write_text("epsilon,delta\n2,0\n0.001,0.01\n", encoding="utf-8")
    result = run(capsys, "convert", "approximate-dp", "ProDP", "--from-curve", str(curve))
    assert result.code == 0, result.err
    assert result.out.splitlines()[0].endswith("⇒ probabilistic-dp with delta ≤ 0, epsilon ≤ 4")
    assert "Vacuous" not in result.out


def test_a_rewritten_chain_that_gives_nothing_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """(1/10)/(1 − e^{−ε'}) > 0.1 at every ε': the bound the freed chain misses is the reason."""
    result = run(capsys, "convert", "random-record", "ProDP", "--from", "n=10", "--to", "delta=0.1")
    assert result.code == 1
    assert "not at most the value given, with the value pinned at the end of its domain " in (
        result.err
    )
    assert "chosen freely (as stated, the composed map is undefined: delta: division by zero" in (
        result.err
    )


def test_an_alternative_through_a_freed_value_says_so_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ("laplace", "ProDP", "--from", "scale=2", "--from", "sensitivity=2", "-f", "json")
    data = json.loads(run(capsys, "convert", *arguments).out)
    freed = [a for a in data["alternatives"] if "raised" in a]
    assert freed
    assert all(any("so it is chosen freely" in note for note in a["raised"]) for a in freed), freed

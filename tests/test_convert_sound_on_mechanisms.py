"""``convert`` from a mechanism never promises more than the mechanism's own pair gives.

For each catalog mechanism with a worst-case pair of outputs, at the first points of its
verification grid (exact parameter values), every definition an evaluator can judge on that
pair is asked for, its free parameters (α, δ, ε, ω) at two sample values each, and the
guarantee ``convert`` prints is judged on the pair by the evaluator (the hockey-stick
divergence for (ε, δ)-DP, the loss tail for probabilistic DP, the Rényi divergences, …,
enclosed soundly). A printed guarantee that the pair certainly violates would be false.
This caught the power-law pair's tCDP claim without ρ (issue 24): Rényi ε ≤ 1.7e-7 at
α = 1.5, where the pair's divergence is 0.115.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

import dptaxonomy as dp
from dptaxonomy.base.errors import DptaxError
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.battery import mechanism_cases
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.thresholding import evaluable_for
from dptaxonomy.reasoning.maps.numeric import lower, point, upper
from tests.conftest import CATALOG_DIR

POINTS_PER_MECHANISM = 4
SAMPLES = {"alpha": ("1.5", "3"), "delta": ("1e-5", "0.01"), "epsilon": ("0.5", "2")}
SAMPLES_ELSE = ("2", "10")  # ω: a truncation order


def _points(catalog: Catalog) -> Iterator[tuple[str, Any, dict[str, str], Any]]:
    """(mechanism, its pair's kind, exact parameter values as text, the pair)."""
    for name, mechanism in sorted(catalog.mechanisms.items()):
        if mechanism.pair is None:
            continue
        for case in mechanism_cases(mechanism)[:POINTS_PER_MECHANISM]:
            ends = {k: (lower(v), upper(v)) for k, v in case.values.items()}
            if all(low == high for low, high in ends.values()):
                values = {k: repr(low) for k, (low, _) in ends.items()}
                yield name, mechanism.pair.kind, values, case.pair


def _printed(result: Any) -> dict[str, Any]:
    """The guarantee's numeric parameters as printed (bounds already rounded outward)."""
    to = result.to_json()["to"]
    return {
        name: point(float(value["value"]))
        for name, value in to.items()
        if isinstance(value, dict) and isinstance(value.get("value"), int | float)
    }


def _needed(catalog: Catalog, target: str) -> set[str]:
    definition = catalog.definition(target)
    return set() if definition is None else {p.name for p in definition.parameters}


@pytest.mark.slow
def test_no_conversion_from_a_mechanism_is_violated_by_its_pair(catalog: Catalog) -> None:
    judged, false = 0, []
    for name, kind, values, pair in _points(catalog):
        for target in sorted(EVALUABLE):
            evaluable = evaluable_for(kind, target, EVALUABLE)
            if evaluable is None:
                continue
            grids = [SAMPLES.get(free, SAMPLES_ELSE) for free in evaluable.free]
            for chosen in itertools.product(*grids):
                fixed = dict(zip(evaluable.free, chosen, strict=True))
                try:
                    result = dp.convert(name, target, values, fixed, catalog=CATALOG_DIR)
                except DptaxError:
                    continue  # no chain, or refused: nothing promised
                printed = _printed(result)
                if not _needed(catalog, target) <= set(printed):
                    continue  # a parameter that is not a number (f-DP's trade-off function)
                verdict = evaluable.holds(pair, printed)
                judged += verdict is True
                if verdict is False:
                    false.append((name, values, target, result.to_json()["to"]))
    assert false == []
    assert judged >= 400

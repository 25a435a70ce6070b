"""``convert`` from a mechanism never promises more than the mechanism's own pair gives.

For each catalog mechanism with a worst-case pair of outputs and each point of its
verification grid (exact parameter values), the conversion to (ε, δ)-DP and to
probabilistic DP at ε ∈ {0.5, 1, 3}, and to Rényi DP at α ∈ {1.5, 2, 5}, is compared with the
pair's exact quantity (the hockey-stick divergence, the loss tail's mass, the Rényi
divergence) enclosed by the evaluators: a printed bound below the pair's lower end would be
a false guarantee. This caught the power-law pair's tCDP claim without ρ (issue 24).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import dptaxonomy as dp
from dptaxonomy.base.errors import DptaxError
from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.battery import mechanism_cases
from dptaxonomy.reasoning.maps.numeric import lower, point, upper
from tests.conftest import CATALOG_DIR

CASES_PER_MECHANISM = 6

_Truth = Callable[[Any, Any], Any]
TARGETS: list[tuple[str, str, str, tuple[str, ...], _Truth]] = [
    ("(ε, δ)-DP", "epsilon", "delta", ("0.5", "1", "3"), lambda pair, x: pair.delta(x)),
    (
        "probabilistic-dp",
        "epsilon",
        "delta",
        ("0.5", "1", "3"),
        lambda pair, x: pair.probabilistic_delta(x),
    ),
    ("renyi-dp", "alpha", "epsilon", ("1.5", "2", "5"), lambda pair, x: pair.renyi_at(x)),
]


def _points(catalog: Catalog) -> Iterator[tuple[str, dict[str, str], Any]]:
    for name, mechanism in sorted(catalog.mechanisms.items()):
        if mechanism.pair is None:
            continue
        for case in mechanism_cases(mechanism)[:CASES_PER_MECHANISM]:
            ends = {k: (lower(v), upper(v)) for k, v in case.values.items()}
            if all(low == high for low, high in ends.values()):
                yield name, {k: repr(low) for k, (low, _) in ends.items()}, case.pair


@pytest.mark.slow
def test_no_conversion_from_a_mechanism_beats_its_pair(catalog: Catalog) -> None:
    checked, false = 0, []
    for name, values, pair in _points(catalog):
        for target, given, bounded, grid, truth in TARGETS:
            for text in grid:
                try:
                    result = dp.convert(name, target, values, {given: text}, catalog=CATALOG_DIR)
                except DptaxError:
                    continue  # no chain, or refused: nothing promised
                value = result.to_json()["to"].get(bounded, {}).get("value")
                exact = truth(pair, point(float(text)))
                if value is None or exact is None:
                    continue
                checked += 1
                if value < lower(exact):
                    false.append((name, values, target, text, value, lower(exact)))
    assert false == []
    assert checked >= 200

"""Every ``monotone`` declaration of an evaluable definition, computed on the battery.

A conversion builds on these declarations: it raises a value below its domain to the end,
frees a value pinned at its weakest end (``reasoning/maps/relaxed.py``) and compares a
computed bound with a given one. So each is checked here as the evaluators can: for each
pair of the verification battery and each grid point, a pair that certainly meets the
definition at a value certainly does not fail it at a weaker one (a larger value when
``weaker_when_larger``, a smaller one when ``stronger_when_larger``).
"""

from __future__ import annotations

import itertools

import pytest

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.reasoning.evaluators.battery import battery
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE
from dptaxonomy.reasoning.evaluators.grids import PARAMETER_GRIDS, definition_grid
from dptaxonomy.reasoning.evaluators.perfect_checks import holds_or_none
from dptaxonomy.reasoning.maps.numeric import exact, upper
from dptaxonomy.schema.arith import parse_interval
from dptaxonomy.schema.enums import Monotone

DECLARED = [
    ("approximate-dp", "delta"),
    ("approximate-dp", "epsilon"),
    ("differential-privacy", "epsilon"),
    ("gaussian-dp", "mu"),
    ("local-dp", "epsilon"),
    ("probabilistic-dp", "delta"),
    ("probabilistic-dp", "epsilon"),
    ("renyi-dp", "epsilon"),
    ("total-variation-privacy", "epsilon"),
    ("zero-concentrated-dp", "rho"),
    ("zero-concentrated-dp", "xi"),
]


def test_the_list_is_every_declaration(catalog: Catalog) -> None:
    found = [
        (definition.id, parameter.name)
        for definition in catalog.definitions.values()
        for parameter in definition.parameters
        if parameter.monotone is not None
    ]
    assert sorted(found) == DECLARED


@pytest.mark.slow
@pytest.mark.parametrize(("definition_id", "name"), DECLARED)
def test_a_declared_direction_holds_on_the_battery(
    catalog: Catalog, definition_id: str, name: str
) -> None:
    definition = catalog.definitions[definition_id]
    evaluable = EVALUABLE.get(definition_id)
    if evaluable is None:  # no evaluator: nothing to compute (local DP's pairs are inputs)
        assert definition_id == "local-dp"
        return
    parameter = next(p for p in definition.parameters if p.name == name)
    weaker_when_larger = parameter.monotone is Monotone.weaker_when_larger
    domain = parse_interval(parameter.domain)
    values = [exact(v) for v in PARAMETER_GRIDS[name] if domain.contains(float(v))]
    others = [p.name for p in definition.parameters if p.name != name]
    cases = battery(catalog.mechanisms)
    checked = failures = 0
    for fixed in definition_grid(definition, others):
        for low, high in itertools.pairwise(values):
            assert upper(low) < upper(high)
            stronger, weaker = (low, high) if weaker_when_larger else (high, low)
            for case in cases:
                if holds_or_none(evaluable, case.pair, {**fixed, name: stronger}) is not True:
                    continue
                checked += 1
                if holds_or_none(evaluable, case.pair, {**fixed, name: weaker}) is False:
                    failures += 1
    assert failures == 0
    assert checked > 0

"""Checking the ``perfect_privacy`` declarations that rule E3 reads, on the battery.

A declared point (``parameters``) must be met by pairs of identical
distributions and by no pair the evaluators prove different (δ(0), the total
variation distance, is certainly positive). ``every_parameter`` must hold for
identical pairs at every grid point of the definition's parameters. A pair
meeting the point while different, or an identical pair failing a parameter,
refutes the declaration with a certain counterexample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import Case
from dptaxonomy.reasoning.evaluators.definitions import EVALUABLE, Evaluable
from dptaxonomy.reasoning.evaluators.families import Finite, Pair
from dptaxonomy.reasoning.evaluators.grids import definition_grid
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.numeric import IV, exact, lower

if TYPE_CHECKING:
    from dptaxonomy.schema.models import Definition

__all__ = [
    "IDENTICAL",
    "declaration_results",
    "every_parameter_results",
    "holds_or_none",
    "point_results",
]


def _finite(*masses: str) -> Finite:
    values = tuple(exact(m) for m in masses)
    return Finite(values, values)


IDENTICAL = (
    Case("identical pair (1/2, 1/2)", {}, _finite("0.5", "0.5")),
    Case("identical pair (0.2, 0.3, 0.5)", {}, _finite("0.2", "0.3", "0.5")),
    Case("identical pair (1)", {}, _finite("1")),
)
"""Pairs of identical distributions: the outputs of perfectly private mechanisms."""


def _different(pair: Pair) -> bool:
    """Whether the two distributions certainly differ (their total variation is positive)."""
    try:
        distance = pair.delta(exact("0"))
    except NumericError:
        return False
    return distance is not None and lower(distance) > 0


def _show(params: dict[str, IV]) -> str:
    return ", ".join(f"{name}={float(lower(value)):g}" for name, value in sorted(params.items()))


def holds_or_none(evaluable: Evaluable, pair: Pair, params: dict[str, IV]) -> bool | None:
    try:
        return evaluable.holds(pair, params)
    except NumericError:
        return None


def point_results(definition: Definition, cases: list[Case]) -> Results:
    """The declared point on identical pairs (must hold) and on different ones (must fail)."""
    evaluable = EVALUABLE.get(definition.id)
    declared = definition.perfect_privacy
    if evaluable is None or declared is None or not declared.parameters:
        return []
    try:
        fixed = {k: exact(v) for k, v in declared.parameters.items()}
    except NumericError:
        return []  # a value the evaluators cannot enclose (e.g. inf): left unchecked
    others = [p.name for p in definition.parameters if p.name not in fixed]
    differing = [case for case in cases if _different(case.pair)]
    results: Results = []
    for free in definition_grid(definition, others):
        params = {**fixed, **free}
        for case in IDENTICAL:
            met = holds_or_none(evaluable, case.pair, params)
            results.append((met, f"{case.label} fails {_show(params)}"))
        for case in differing:
            met = holds_or_none(evaluable, case.pair, params)
            verdict = None if met is None else not met
            results.append((verdict, f"{case.label}, whose outputs differ, meets {_show(params)}"))
    return results


def every_parameter_results(definition: Definition) -> Results:
    """Identical pairs at every grid point of the definition's parameters (each must hold)."""
    evaluable = EVALUABLE.get(definition.id)
    declared = definition.perfect_privacy
    if evaluable is None or declared is None or not declared.every_parameter:
        return []
    names = [p.name for p in definition.parameters]
    return [
        (holds_or_none(evaluable, case.pair, params), f"{case.label} fails {_show(params)}")
        for params in definition_grid(definition, names)
        for case in IDENTICAL
    ]


def declaration_results(
    definition: Definition, cases: list[Case]
) -> list[tuple[int, str, Results]]:
    """Each part of the definition's declaration as (index, reading, results): #0 its point,
    #1 ``every_parameter``; nothing for a part it does not declare."""
    declared = definition.perfect_privacy
    if declared is None:
        return []
    parts = []
    if declared.parameters:
        point = ", ".join(f"{k} = {v}" for k, v in declared.parameters.items())
        parts.append((0, f"forces perfect privacy at {point}", point_results(definition, cases)))
    if declared.every_parameter:
        found = every_parameter_results(definition)
        parts.append((1, "is met by perfect privacy at every parameter", found))
    return parts

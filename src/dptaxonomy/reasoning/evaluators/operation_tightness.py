"""Checking that a rule claiming tightness is attained by its witness mechanism.

The witness's pairs (its parameter grid) are composed k-fold or pairwise, or re-built at k
times their sensitivity for group privacy; the rule's mapped parameters, each shrunk by
:data:`SHRINK` where the result weakens as it grows, must then fail: the witness meets the
rule's value and nothing smaller. A witness still meeting the shrunk values refutes the
tightness claim (the rule may hold, but it is not attained by that witness).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import NumericError
from dptaxonomy.reasoning.evaluators.battery import conditions_hold, mechanism_cases
from dptaxonomy.reasoning.evaluators.closed_forms import optimal_pure_delta
from dptaxonomy.reasoning.evaluators.definitions import Params
from dptaxonomy.reasoning.evaluators.operation_checks import (
    CheckedRule,
    RulePoint,
    checked_rule,
    composition_points,
    free_values,
    mapped_target,
    scaled_points,
)
from dptaxonomy.reasoning.evaluators.operation_range import range_attained
from dptaxonomy.reasoning.evaluators.verdicts import Results
from dptaxonomy.reasoning.maps.numeric import exact, lower, upper
from dptaxonomy.reasoning.maps.rounding import assignment_text
from dptaxonomy.schema.enums import ClosedForm, Monotone, OperationKind

if TYPE_CHECKING:
    from dptaxonomy.schema.mechanisms import Mechanism
    from dptaxonomy.schema.models import Definition
    from dptaxonomy.schema.operations import OperationRule

__all__ = ["SHRINK", "tightness_results"]

SHRINK = exact("0.999")
"""Factor the mapped parameters are shrunk by: the witness must then fail them."""


def _shrunk(checked: CheckedRule, target: Params) -> Params | None:
    weakening = {
        p.name
        for p in checked.result_definition.parameters
        if p.monotone is Monotone.weaker_when_larger
    }
    mapped = set(checked.rule.parameter_map or {}) | (
        {"delta"} if checked.rule.closed_form else set()
    )
    shrunk = dict(target)
    changed = False
    for name in mapped & weakening:
        if name in shrunk and lower(shrunk[name]) > 0:
            shrunk[name] = shrunk[name] * SHRINK
            changed = True
    return shrunk if changed else None


def _attained(
    checked: CheckedRule, at: RulePoint, target: Params
) -> tuple[bool | None, str] | None:
    shrunk = _shrunk(checked, target)
    if at.pair is None or shrunk is None:
        return None
    try:
        meets = checked.result.holds(at.pair, shrunk)
    except NumericError:
        return None
    verdict = None if meets is None else not meets
    return verdict, f"{at.where} still meets {assignment_text(shrunk)}"


def _points(checked: CheckedRule, mechanism: Mechanism, free: Params) -> Iterator[RulePoint]:
    if checked.rule.operation is OperationKind.composition:
        yield from composition_points(checked, mechanism_cases(mechanism), free)
    else:
        yield from scaled_points(checked, mechanism, free)


def _target(checked: CheckedRule, at: RulePoint, free: Params) -> Params | None:
    if checked.rule.closed_form is ClosedForm.optimal_pure:
        k = int(upper(at.env["k"]))
        delta = optimal_pure_delta(at.kept["epsilon"], k, free["epsilon"])
        return {"epsilon": free["epsilon"], "delta": delta}
    if not conditions_hold(checked.rule.conditions, at.env):
        return None
    try:
        return mapped_target(checked, at.env, at.kept)
    except NumericError:
        return None


def tightness_results(
    definitions: dict[str, Definition],
    mechanisms: dict[str, Mechanism],
    definition: Definition,
    rule: OperationRule,
) -> Results:
    """Whether the witness attains the rule at every point checked (empty: not checkable)."""
    witness = rule.tight.witness if rule.tight is not None else None
    if rule.closed_form is ClosedForm.optimal_bounded_range and witness == "exponential":
        return range_attained(SHRINK)
    checked = checked_rule(definitions, definition, rule)
    mechanism = mechanisms.get(witness) if witness is not None else None
    if checked is None or mechanism is None or rule.operation is OperationKind.amplification:
        return []
    results = []
    for free in free_values(checked.own, checked.definition.id):
        for at in _points(checked, mechanism, free):
            targets = (
                list(free_values(checked.result))
                if rule.closed_form is ClosedForm.optimal_pure
                else [free]
            )
            for result_free in targets:
                target = _target(checked, at, result_free)
                found = None if target is None else _attained(checked, at, target)
                if found is not None:
                    results.append(found)
    return results

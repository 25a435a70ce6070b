"""Composing what a chain of facts says about parameters (rules M1, M2 and R1).

Each step ``X ≻ Y`` of a proof may carry a map giving Y's parameters as
expressions over X's (its own direction), and conditions over X's parameters.
Along a chain, substituting the maps composes them (M1): each step's
expressions are inserted by reference, so the composition shares subtrees and
grows linearly with the chain (:mod:`dptaxonomy.schema.arith_shared` measures,
evaluates and writes it without expanding the shared parts), and restating each
step's conditions through the maps of the steps before it gives them in the
first definition's parameters (M2). Where a step before has no map, the later
conditions cannot be restated; they are kept over the intermediate
definition's parameters and say so.
"""

from __future__ import annotations

from collections.abc import Sequence

from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.scoping import Composer, sides
from dptaxonomy.schema.arith import (
    ArithmeticError_,
    Comparison,
    Name,
    Node,
    parse_condition,
    parse_expression,
)
from dptaxonomy.schema.arith_eval import COMPARISONS, evaluate
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.arith_shared import render_bounded

__all__ = [
    "constant_truth",
    "is_renaming",
    "oriented_map",
    "render_condition",
    "restated_conditions",
]


def is_renaming(mapping: Sequence[tuple[str, str]]) -> bool:
    """Whether every parameter maps to a parameter of the same name (rule R1).

    >>> is_renaming([("epsilon", "epsilon"), ("delta", "delta")])
    True
    >>> is_renaming([("epsilon", "2 * epsilon")])
    False
    """
    return bool(mapping) and all(parse_expression(v) == Name(k) for k, v in mapping)


def oriented_map(step: Fact) -> dict[str, Node] | None:
    """The map a step carries in its own direction, parsed, or None.

    An equivalence states its map from subject to target; read the other way
    it carries a map only when the stated one is a renaming of each parameter
    to itself (R1), which is its own inverse.
    """
    origin = step.origin
    if not origin.parameter_map:
        return None
    reversed_reading = step.rule is Rule.EQUIVALENCE and step.a != origin.definition
    if reversed_reading and not is_renaming(origin.parameter_map):
        return None
    return {name: parse_expression(expression) for name, expression in origin.parameter_map}


def constant_truth(comparison: Comparison) -> bool | None:
    """The truth of a comparison without parameters, or None when it has some."""
    if names_in(comparison) - {"inf", "pi", "e"}:
        return None
    try:
        left, right = evaluate(comparison.left, {}), evaluate(comparison.right, {})
    except (ArithmeticError_, ValueError, OverflowError, ZeroDivisionError):
        return None
    return bool(COMPARISONS[comparison.op](left, right))


def render_condition(comparison: Comparison) -> str:
    """A comparison as text, e.g. ``delta == 0`` (a large composed side in its shared form)."""
    return f"{render_bounded(comparison.left)} {comparison.op} {render_bounded(comparison.right)}"


def restated_conditions(steps: Sequence[Fact], *, restricting_only: bool = True) -> list[str]:
    """Every step's (restricting) conditions, in the first definition's parameters (M2).

    Textual restrictions and conditions after a step without a map are kept
    as stated, marked with the definition whose parameters they are over.
    """
    result: list[str] = []
    composer: Composer | None = Composer()
    for position, step in enumerate(steps):
        origin = step.origin
        items = origin.restricting if restricting_only else origin.conditions
        textual = {f"{p}: {v}" for p, v in origin.restrictions}
        mapping = oriented_map(step)
        scope = sides(step)
        for item in items:
            if item in textual or composer is None:
                note = "" if position == 0 else f" (over {step.a}'s parameters)"
                text = item + note
            else:
                restated = composer.restate(parse_condition(item), scope, mapping or {})
                truth = constant_truth(restated)
                if truth is True:
                    continue  # discharged by the constants the maps assign
                text = render_condition(restated)
                if truth is False:
                    text += " [never holds: rule M4]"
            if text not in result:
                result.append(text)
        if mapping is None or composer is None:
            composer = None
        else:
            composer.step(mapping, scope)
    return result

"""What a relation's side conditions mean for the family-level verdict (rules K1–K3).

SoK Definition 6 quantifies over *all* parameters of the implying definition.
A side condition on a relation is one of three kinds (docs/reasoning.md):

- **K1 domain**: it only restates the implying side's parameter domain
  (``xi >= 0`` when ξ ranges over ``[0, inf)``); it excludes no parameter
  value, so the fact is a family-level one.
- **K2 choice**: it constrains only parameters of the implied side, which
  Definition 6 lets us choose (``delta > 0`` when (α, ε)-RDP implies
  (ε + log(1/δ)/(α − 1), δ)-DP for every δ > 0); the fact is family-level.
- **K3 restricting**: it excludes some parameter values of the implying side
  (``delta == 0``, ``epsilon <= 0.225``, ``xi == 0``). The fact is about a
  sub-family only: it never enters the unconditional closure and yields only
  conditional conclusions (rule K4).

A textual restriction (``restrictions`` in an entry: a parameter fixed to a
described value, such as Δ = ℙ₁) is a choice (K2) when it names a parameter of
the implied side and restricting (K3) when it names one of the implying side.

>>> classify_condition("xi >= 0", {"xi": "[0, inf)", "rho": "[0, inf)"})
<ConditionKind.domain: 'K1'>
>>> classify_condition("delta > 0", {"alpha": "(1, inf]", "epsilon": "[0, inf)"})
<ConditionKind.choice: 'K2'>
>>> classify_condition("delta == 0", {"epsilon": "[0, inf)", "delta": "[0, 1]"})
<ConditionKind.restricting: 'K3'>

A bound of a chosen implied-side parameter by one implying-side parameter,
``alpha <= omega`` (tCDP's orders up to ω), is a choice too when every value of
the bound leaves room in the chosen parameter's domain above its open lower end
(α ∈ (1, ∞) and ω ∈ (1, ∞]: some α ≤ ω exists for every ω):

>>> classify_condition("alpha <= omega", {"rho": "[0, inf)", "omega": "(1, inf]"},
...                    {"alpha": "(1, inf)", "epsilon": "[0, inf)"})
<ConditionKind.choice: 'K2'>
>>> classify_condition("alpha <= omega", {"rho": "[0, inf)", "omega": "[0, inf]"},
...                    {"alpha": "(1, inf)", "epsilon": "[0, inf)"})
<ConditionKind.restricting: 'K3'>
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum

from dptaxonomy.schema.arith import (
    ArithmeticError_,
    Comparison,
    Interval,
    Name,
    Neg,
    Number,
    parse_condition,
    parse_interval,
)
from dptaxonomy.schema.arith_names import names_in
from dptaxonomy.schema.enums import RelationKind

__all__ = [
    "ConditionKind",
    "classify_condition",
    "classify_restriction",
    "implying_is_target",
    "within_domain",
]


class ConditionKind(StrEnum):
    """The three kinds of side condition; the value is the rule id."""

    domain = "K1"
    """Restates the implying side's domain: no parameter value is excluded."""
    choice = "K2"
    """Constrains only the implied side's parameters, which Definition 6 lets us choose."""
    restricting = "K3"
    """Excludes parameter values of the implying side: the fact holds for a sub-family."""


def _constant(node: object) -> float | None:
    if isinstance(node, Number):
        return None if node.text else node.value  # a literal no double holds: not compared
    if isinstance(node, Neg):
        inner = _constant(node.operand)
        return None if inner is None else -inner
    if isinstance(node, Name) and node.name == "inf":
        return math.inf
    return None


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _holds_on(interval: Interval, op: str, bound: float) -> bool:
    """Whether ``x op bound`` holds for every x in ``interval`` (a sufficient check)."""
    low, high = interval.low, interval.high
    if op == ">":
        return low > bound or (low == bound and not interval.low_closed)
    if op == ">=":
        return low >= bound
    if op == "<":
        return high < bound or (high == bound and not interval.high_closed)
    if op == "<=":
        return high <= bound
    if op == "!=":
        return (
            bound < low
            or bound > high
            or (
                (bound == low and not interval.low_closed)
                or (bound == high and not interval.high_closed)
            )
        )
    return low == high == bound


def within_domain(comparison: Comparison, domains: Mapping[str, str]) -> bool:
    """Whether ``comparison`` is ``name op constant`` (either way) and the domain implies it."""
    sides = [(comparison.left, comparison.right, comparison.op)]
    sides.append((comparison.right, comparison.left, _FLIP[comparison.op]))
    for variable, other, op in sides:
        bound = _constant(other)
        if not isinstance(variable, Name) or bound is None or variable.name not in domains:
            continue
        try:
            interval = parse_interval(domains[variable.name])
        except ArithmeticError_:
            return False
        return _holds_on(interval, op, bound)
    return False


def classify_condition(
    condition: str, implying: Mapping[str, str], implied: Mapping[str, str] | None = None
) -> ConditionKind:
    """The kind of ``condition``, given the implying side's parameters and their domains
    (and the implied side's, which allow a bound on a chosen parameter to be a choice)."""
    comparison = parse_condition(condition)
    if not names_in(comparison) & set(implying):
        return ConditionKind.choice
    if within_domain(comparison, implying):
        return ConditionKind.domain
    if implied and _room_below(comparison, implying, implied):
        return ConditionKind.choice
    return ConditionKind.restricting


def _room_below(
    comparison: Comparison, implying: Mapping[str, str], implied: Mapping[str, str]
) -> bool:
    """Whether ``comparison`` is ``x <= b`` or ``x < b`` (either way round) with ``x`` an
    implied-side parameter only, ``b`` an implying-side one, and every value of ``b`` above
    ``x``'s open lower end: then some ``x`` meets it whatever ``b`` is."""
    sides = [(comparison.left, comparison.right, comparison.op)]
    sides.append((comparison.right, comparison.left, _FLIP[comparison.op]))
    for chosen, bound, op in sides:
        if op not in ("<", "<=") or not (isinstance(chosen, Name) and isinstance(bound, Name)):
            continue
        if chosen.name in implying or chosen.name not in implied or bound.name not in implying:
            continue
        try:
            room = parse_interval(implied[chosen.name])
            limit = parse_interval(implying[bound.name])
        except ArithmeticError_:
            return False
        above = limit.low > room.low or (limit.low == room.low and not limit.low_closed)
        return not room.low_closed and above and room.high > room.low
    return False


def classify_restriction(parameter: str, implying: Mapping[str, str]) -> ConditionKind:
    """A restriction fixing ``parameter``: restricting on the implying side, else a choice."""
    return ConditionKind.restricting if parameter in implying else ConditionKind.choice


def implying_is_target(kind: RelationKind) -> bool:
    """Whether, in `subject KIND target`, the target is the implying (or special) side."""
    return kind in (RelationKind.weaker, RelationKind.extended_by, RelationKind.not_weaker)

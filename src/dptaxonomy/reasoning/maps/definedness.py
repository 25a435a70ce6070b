"""Where a composed map means nothing: the checks before it is shown as a guarantee.

Composing the maps of a chain substitutes constants for parameters (a ⊂
step such as "KL privacy is Rényi DP at α = 1"). The next map may then be
undefined there: ``log(1/δ)/(α − 1)`` at α = 1 divides by zero, and
``log((α − 1)/α)`` takes the log of 0. A composed map is a guarantee only
where every step's map is defined, so a chain is refused, with the reason,
when

- a constant part of its composed expression cannot be evaluated (a log of
  a non-positive number, a square root of a negative one, 0/0, …), or a
  division's denominator is the constant 0, once the constants are
  substituted; or
- a step other than the last is a ⊂ that places its general side outside
  its parameters' domain (the catalog's continuity extensions, such as
  α = 1 and α = ∞ of Rényi DP, rule E3's exclusion): the next step's map is
  stated for that domain only, so it says nothing at that point.

``dptax convert`` refuses the same chains while evaluating them (a value
outside its domain, a failed evaluation); this module decides it on the
symbolic maps for ``relate``, ``explain``, the site and the exports.

>>> from dptaxonomy.schema.arith import parse_expression
>>> undefined_part(parse_expression("epsilon + log(1 / delta) / (1 - 1)"))
'division by zero: the denominator 1 - 1 is 0'
>>> undefined_part(parse_expression("log((1 - 1) / 1) + epsilon"))
'log((1 - 1) / 1) cannot be evaluated'
>>> undefined_part(parse_expression("sqrt(4 * 0 * log(min(1, sqrt(pi * 0)) / delta))"))
'log(min(1, sqrt(pi * 0)) / delta) cannot be evaluated'
>>> undefined_part(parse_expression("epsilon + log(1 / delta) / (inf - 1)")) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.schema.arith import ArithmeticError_, BinOp, Call, Name, Neg, Node, Number
from dptaxonomy.schema.arith_eval import evaluate
from dptaxonomy.schema.arith_shared import render_bounded, unique_nodes

__all__ = ["composition_defect", "placement_defect", "undefined_part"]

_CONSTANTS = frozenset({"inf", "pi", "e"})
_LONGEST = 120
"""Longest expression text quoted in a reason (composed maps can be long)."""


class _Undefined(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def _shown(node: Node) -> str:
    text = render_bounded(node)  # a composed map's shared parts are not written out
    return text if len(text) <= _LONGEST else text[: _LONGEST - 1] + "…"


def _value(node: Node) -> float:
    """The value of a node whose parts are numbers, or :class:`_Undefined`.

    A constant too large for a float counts as undefined too: the chain is
    then not shown, which is never unsound (``convert`` refuses it as well).
    """
    try:
        result = evaluate(node, {})
    except ArithmeticError_:
        raise _Undefined(f"{_shown(node)} cannot be evaluated") from None
    if math.isnan(result):
        raise _Undefined(f"{_shown(node)} cannot be evaluated")
    return result


class _Walk:
    """Constant folding that reports the first undefined part (shared subtrees visited once)."""

    def __init__(self) -> None:
        self.seen: dict[int, float | None] = {}

    def constant(self, node: Node) -> float | None:
        """The node's value when it has no parameters, else None; raises :class:`_Undefined`."""
        key = id(node)
        if key not in self.seen:
            for part in unique_nodes(node):  # children first: no recursion down a long chain
                if id(part) not in self.seen:
                    self.seen[id(part)] = self._fold(part)
        return self.seen[key]

    def _fold(self, node: Node) -> float | None:
        if isinstance(node, Number):
            return node.value
        if isinstance(node, Name):
            return _value(node) if node.name in _CONSTANTS else None
        if isinstance(node, Neg):
            operand = self.constant(node.operand)
            return None if operand is None else -operand
        if isinstance(node, BinOp):
            left, right = self.constant(node.left), self.constant(node.right)
            if node.op == "/" and right == 0:
                raise _Undefined(f"division by zero: the denominator {_shown(node.right)} is 0")
            if node.op == "/" and left == 0 and right is None:
                return 0.0  # 0 / x is 0 wherever it is defined at all
            if left is None or right is None:
                return None
            return self._folded(node, BinOp(node.op, Number(left), Number(right)))
        arguments = [self.constant(argument) for argument in node.arguments]
        numbers = tuple(Number(a) for a in arguments if a is not None)
        if len(numbers) != len(arguments):
            return None
        return self._folded(node, Call(node.function, numbers))

    @staticmethod
    def _folded(node: Node, numbers: Node) -> float:
        try:
            return _value(numbers)
        except _Undefined:
            raise _Undefined(f"{_shown(node)} cannot be evaluated") from None


def undefined_part(node: Node) -> str | None:
    """Why ``node`` is undefined wherever its parameters are, or None when no constant part is."""
    try:
        _Walk().constant(node)
    except _Undefined as exc:
        return exc.reason
    return None


def placement_defect(steps: Sequence[Fact]) -> str | None:
    """The first defect :func:`composition_defect` looks for, read off the steps alone (no
    composed map needed): a step other than the last placing its side outside its domain."""
    for index, step in enumerate(steps[:-1], start=1):
        if step.origin.outside_domain:
            following = steps[index]
            return (
                f"step {index} ({step.a} ⊂ {step.b}) places {step.b} outside its parameters' "
                f"domain, where step {index + 1}'s map ({following.a} → {following.b}) "
                "is not stated"
            )
    return None


def composition_defect(steps: Sequence[Fact], composed: Mapping[str, Node]) -> str | None:
    """Why the maps of ``steps``, composed into ``composed``, give no guarantee, or None."""
    placed = placement_defect(steps)
    if placed is not None:
        return placed
    walk = _Walk()
    for name, node in composed.items():
        try:
            walk.constant(node)
        except _Undefined as exc:
            return f"{name}: {exc.reason}"
    return None

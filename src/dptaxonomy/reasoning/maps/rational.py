"""Exact rational values beside the enclosures: boundary values decided exactly.

The user's values are decimals, so they are rationals; a map built from
``+ − × ÷`` and integer powers (``xi = mu − tau**2 / 2`` for mean-concentrated
DP → zCDP) then has an exact rational value too. An enclosure of
``0.005 − 0.1²/2`` straddles 0 by the working precision (0.1 has no binary
form), so a domain ``[0, inf)`` or a condition ``xi == 0`` could not be
verified although the value is exactly 0. :func:`rational_value` computes it
exactly when it can, and the chain run (:mod:`dptaxonomy.reasoning.maps.conversion`)
then uses the enclosure of that exact value: a point when it is dyadic (0, 1/2),
else the tightest enclosure. Anything else (a log, a root, a name without an
exact value) gives None and the interval arithmetic decides, as before.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction

from dptaxonomy.reasoning.maps.numeric import IV, evaluate_interval, lower, upper
from dptaxonomy.schema.arith import BinOp, Call, Comparison, Name, Neg, Node, Number
from dptaxonomy.schema.arith_eval import COMPARISONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "GivenValues",
    "enclosure",
    "exact_extra",
    "exact_verdict",
    "rational_value",
    "rationals_of",
]

_LARGEST_EXPONENT = 64
"""Integer powers computed exactly up to this exponent (beyond: left to the intervals)."""
_LARGEST_DIGITS = 300
"""Numerators and denominators kept exact up to this many digits."""


class GivenValues(dict[str, IV]):
    """Values the user gave, as enclosures, remembering each one's exact decimal as a rational."""

    def __init__(self, values: Mapping[str, IV], rationals: Mapping[str, Fraction]) -> None:
        super().__init__(values)
        self.rationals = dict(rationals)


def rationals_of(values: Mapping[str, Any]) -> dict[str, Fraction]:
    """The exact values known among ``values``: those given as decimals, and every point."""
    found = dict(getattr(values, "rationals", {}))
    for name, value in values.items():
        if name in found:
            continue
        low = lower(value) if not isinstance(value, float) else value
        high = upper(value) if not isinstance(value, float) else value
        if low == high and abs(low) != float("inf"):
            found[name] = Fraction(low)
    return found


def _small(value: Fraction) -> Fraction | None:
    limit = 10**_LARGEST_DIGITS
    return value if abs(value.numerator) < limit and value.denominator < limit else None


def rational_value(node: Node, values: Mapping[str, Fraction]) -> Fraction | None:
    """The exact value of ``node`` when it is a rational function of exact values, else None."""
    result: Fraction | None
    if isinstance(node, Number):
        result = _written(node.text or repr(node.value))
    elif isinstance(node, Name):
        result = values.get(node.name)
    elif isinstance(node, Neg):
        operand = rational_value(node.operand, values)
        result = None if operand is None else -operand
    elif isinstance(node, Call):
        if node.function not in ("min", "max"):
            return None
        arguments = [rational_value(a, values) for a in node.arguments]
        if any(a is None for a in arguments) or not arguments:
            return None
        known = [a for a in arguments if a is not None]
        result = min(known) if node.function == "min" else max(known)
    else:
        result = _binary(node, values)
    return None if result is None else _small(result)


def _binary(node: BinOp, values: Mapping[str, Fraction]) -> Fraction | None:
    left, right = rational_value(node.left, values), rational_value(node.right, values)
    if left is None or right is None:
        return None
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    if node.op == "/":
        return None if right == 0 else left / right
    if right.denominator != 1 or abs(right.numerator) > _LARGEST_EXPONENT:
        return None
    if left == 0 and right < 0:
        return None
    return left ** int(right)


@functools.lru_cache(maxsize=1024)
def _written(text: str) -> Fraction | None:
    """The rational a number is written as (a chain run reads the same few many times)."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


@functools.lru_cache(maxsize=1024)
def enclosure(value: Fraction) -> IV:
    """The tightest enclosure of an exact rational (a point when it is dyadic); remembered:
    the interval context's precision never changes, and an enclosure is never modified."""
    numerator = Number(float(value.numerator), str(value.numerator))
    denominator = Number(float(value.denominator), str(value.denominator))
    return evaluate_interval(BinOp("/", numerator, denominator), {})


def exact_extra(extra: Mapping[str, Any], target_given: Mapping[str, Any]) -> dict[str, Fraction]:
    """The exact values among a step's added names: given for the target, or points."""
    found = {**rationals_of(target_given), **rationals_of(extra)}  # a free value is its own
    return {name: found[name] for name in extra if name in found}


def exact_verdict(condition: Comparison, exactly: Mapping[str, Fraction] | None) -> bool | None:
    """Whether ``condition`` holds, decided exactly when both sides have rational values."""
    if exactly is None:
        return None
    left, right = rational_value(condition.left, exactly), rational_value(condition.right, exactly)
    if left is None or right is None:
        return None
    return bool(COMPARISONS[condition.op](left, right))

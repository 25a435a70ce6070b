"""Evaluating arithmetic trees in floating point, compiled to closures.

The trees come from :mod:`dptaxonomy.schema.arith`; nothing is ever ``eval``'d.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from dptaxonomy.schema.arith import (
    ArithmeticError_,
    BinOp,
    Call,
    Name,
    Neg,
    Node,
    Number,
)

__all__ = ["Compiled", "compile_expression", "evaluate"]


def _phi(x: float) -> float:
    """The standard normal distribution function, Φ(x) = erfc(−x/√2)/2."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


_UNARY: dict[str, Callable[[float], float]] = {
    "exp": math.exp,
    "log": math.log,
    "sqrt": math.sqrt,
    "abs": abs,
    "tanh": math.tanh,
    "Phi": _phi,
}
_VARIADIC: dict[str, Callable[..., float]] = {"min": min, "max": max}
_CONSTANTS = {"inf": math.inf, "pi": math.pi, "e": math.e}


def evaluate(node: Node, values: dict[str, float]) -> float:
    """The value of an expression (never ``eval``): its compiled form, kept per tree.

    ``values`` gives each parameter's value; ``inf``, ``pi`` and ``e`` are
    constants unless a parameter has that name.

    >>> from dptaxonomy.schema.arith import parse_expression
    >>> evaluate(parse_expression("epsilon**2 / 2"), {"epsilon": 1.0})
    0.5
    """
    return _compiled(node)(values)


Compiled = Callable[[dict[str, float]], float]


@functools.lru_cache(maxsize=4096)
def _compiled(node: Node) -> Compiled:
    return compile_expression(node)


_OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,
    "**": lambda x, y: float(x**y),
}


def compile_expression(node: Node) -> Compiled:
    """A function computing the value of ``node`` for given parameter values.

    The tree is turned into nested closures once, so that evaluating it at many
    points (ranking chains on a grid) does no per-node dispatch. Nothing is
    ``eval``'d: the closures only call the functions of the grammar. Errors
    (a missing name, a domain error, an overflow) raise :class:`ArithmeticError_`.

    >>> from dptaxonomy.schema.arith import parse_expression
    >>> compile_expression(parse_expression("alpha * rho + 1"))({"alpha": 2.0, "rho": 0.5})
    2.0
    """
    inner = _closure(node)

    def run(values: dict[str, float]) -> float:
        try:
            return inner(values)
        except ArithmeticError_:
            raise
        except (ValueError, ZeroDivisionError, OverflowError, TypeError) as exc:
            raise ArithmeticError_(f"cannot evaluate: {exc}") from None

    return run


def _closure(node: Node) -> Compiled:
    if isinstance(node, Number):
        value = node.value
        return lambda _values: value
    if isinstance(node, Name):
        name, constant = node.name, _CONSTANTS.get(node.name)

        def lookup(values: dict[str, float]) -> float:
            found = values.get(name, constant)
            if found is None:
                raise ArithmeticError_(f"no value for {name!r}")
            return found

        return lookup
    if isinstance(node, Neg):
        operand = _closure(node.operand)
        return lambda values: -operand(values)
    if isinstance(node, Call):
        arguments = [_closure(a) for a in node.arguments]
        if node.function in _VARIADIC:
            variadic = _VARIADIC[node.function]
            return lambda values: float(variadic(*[a(values) for a in arguments]))
        unary, function = _UNARY[node.function], node.function

        def call(values: dict[str, float]) -> float:
            given = [a(values) for a in arguments]
            if len(given) != 1:
                raise ArithmeticError_(f"{function} takes one argument")
            return float(unary(given[0]))

        return call
    if isinstance(node, BinOp):
        left, right, operation = _closure(node.left), _closure(node.right), _OPERATIONS[node.op]
        return lambda values: operation(left(values), right(values))
    raise ArithmeticError_(f"not an expression: {type(node).__name__}")

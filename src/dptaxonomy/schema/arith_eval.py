"""Evaluating arithmetic trees in floating point, compiled to closures.

The trees come from :mod:`dptaxonomy.schema.arith`; nothing is ever ``eval``'d.
"""

from __future__ import annotations

import functools
import math
import operator
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
from dptaxonomy.schema.arith_shared import RENDER_LIMIT, children, unique_nodes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "COMPARISONS",
    "FLOAT_ERRORS",
    "MAX_BINOMIAL_N",
    "Compiled",
    "bare_float_code",
    "binomial_counts",
    "compile_expression",
    "evaluate",
    "float_code",
]


def _phi(x: float) -> float:
    """The standard normal distribution function, Φ(x) = erfc(−x/√2)/2."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _phi_inv(p: float) -> float:
    """The standard normal quantile function Φ⁻¹ on (0, 1)."""
    from statistics import NormalDist  # statistics costs a query's start-up: only when used

    if not 0.0 < p < 1.0:
        raise ValueError("Phi_inv needs 0 < p < 1")
    return NormalDist().inv_cdf(p)


_UNARY: dict[str, Callable[[float], float]] = {
    "exp": math.exp,
    "log": math.log,
    "sqrt": math.sqrt,
    "abs": abs,
    "tanh": math.tanh,
    "Phi": _phi,
    "Phi_inv": _phi_inv,
}
_VARIADIC: dict[str, Callable[..., float]] = {"min": min, "max": max}
MAX_BINOMIAL_N = 100_000
"""Largest n ``binom_pmf`` evaluates (bounds the work a catalog string can ask for)."""


def binomial_counts(s: float, n: float) -> tuple[int, int]:
    """``(s, n)`` as integers for ``binom_pmf``; ValueError unless 0 ≤ s, 0 ≤ n ≤ 100000."""
    if not (float(s).is_integer() and float(n).is_integer()):
        raise ValueError("binom_pmf needs integer s and n")
    if s < 0 or n < 0 or n > MAX_BINOMIAL_N:
        raise ValueError(f"binom_pmf needs 0 <= s and 0 <= n <= {MAX_BINOMIAL_N}")
    return int(s), int(n)


def _binom_pmf(s: float, n: float, p: float) -> float:
    """C(n, s) p^s (1 − p)^(n − s), 0 when s > n (a float: for ranking, not for bounds)."""
    k, m = binomial_counts(s, n)
    if not 0 <= p <= 1:
        raise ValueError("binom_pmf needs 0 <= p <= 1")
    if k > m:
        return 0.0
    return (
        math.exp(math.lgamma(m + 1) - math.lgamma(k + 1) - math.lgamma(m - k + 1))
        * p**k
        * (1 - p) ** (m - k)
    )


def _rdp_epsilon(alpha: float, r: float, delta: float) -> float:
    """:func:`~dptaxonomy.schema.arith_renyi.rdp_epsilon`, its module imported on first use:
    only the maps out of Rényi DP call it, so no other query pays for loading it."""
    from dptaxonomy.schema.arith_renyi import rdp_epsilon

    return rdp_epsilon(alpha, r, delta)


_TERNARY: dict[str, tuple[Callable[[float, float, float], float], str]] = {
    "binom_pmf": (_binom_pmf, "(s, n, p)"),
    "rdp_epsilon": (_rdp_epsilon, "(alpha, r, delta)"),
}
_CONSTANTS = {"inf": math.inf, "pi": math.pi, "e": math.e}


def evaluate(node: Node, values: dict[str, float]) -> float:
    """The value of an expression (never ``eval``): its compiled form, kept per tree.

    ``values`` gives each parameter's value; ``inf``, ``pi`` and ``e`` are
    constants unless a parameter has that name.

    >>> from dptaxonomy.schema.arith import parse_expression
    >>> evaluate(parse_expression("epsilon**2 / 2"), {"epsilon": 1.0})
    0.5
    """
    if not _small(node):  # not hashed: a shared graph hashes as its written-out tree
        return compile_expression(node)(values)
    return _compiled(node)(values)


Compiled = Callable[[dict[str, float]], float]

COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
"""Each comparison operator of the grammar as a function (floats, fractions alike)."""

_CODE: dict[int, tuple[Node, Compiled, Compiled]] = {}
"""Each node's code and bare code by ``id`` (the node is kept with it, so its id stays its
own)."""
_CODE_KEPT = 4096


def _code_entry(node: Node) -> tuple[Node, Compiled, Compiled]:
    entry = _CODE.get(id(node))
    if entry is None or entry[0] is not node:
        if len(_CODE) >= _CODE_KEPT:
            _CODE.clear()
        bare = _bare(node)
        entry = _CODE[id(node)] = (node, _guarded(bare), bare)
    return entry


def float_code(node: Node) -> Compiled:
    """``node`` compiled once per node object (:func:`compile_expression`), for callers that
    evaluate the same tree many times: no hashing of the tree, no size count per call."""
    return _code_entry(node)[1]


def bare_float_code(node: Node) -> Compiled:
    """:func:`float_code` without its translation of errors, for a caller that treats every
    failure alike: a numeric error raises ``ValueError``, ``ZeroDivisionError``,
    ``OverflowError``, ``TypeError`` or :class:`ArithmeticError_` (see :data:`FLOAT_ERRORS`)."""
    return _code_entry(node)[2]


FLOAT_ERRORS = (ArithmeticError_, ValueError, ZeroDivisionError, OverflowError, TypeError)
"""Every error :func:`bare_float_code`'s functions raise on a value they cannot compute."""


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
    An expression larger than :data:`~dptaxonomy.schema.arith_shared.RENDER_LIMIT`
    nodes written out (a composed map whose subtrees are shared) is run as a
    sequence of its distinct nodes instead, each computed once per evaluation.

    >>> from dptaxonomy.schema.arith import parse_expression
    >>> compile_expression(parse_expression("alpha * rho + 1"))({"alpha": 2.0, "rho": 0.5})
    2.0
    """
    return _guarded(_bare(node))


def _bare(node: Node) -> Compiled:
    return _closure(node) if _small(node) else _program(node)


def _guarded(inner: Compiled) -> Compiled:
    """``inner`` with its numeric errors raised as :class:`ArithmeticError_`."""

    def run(values: dict[str, float]) -> float:
        try:
            return inner(values)
        except ArithmeticError_:
            raise
        except (ValueError, ZeroDivisionError, OverflowError, TypeError) as exc:
            raise ArithmeticError_(f"cannot evaluate: {exc}") from None

    return run


def _small(node: Node, budget: int = RENDER_LIMIT) -> bool:
    """Whether ``node`` has at most ``budget`` nodes written out (stops counting beyond)."""
    stack = [node]
    while stack:
        budget -= 1
        if budget < 0:
            return False
        stack.extend(children(stack.pop()))
    return True


def _program(root: Node) -> Compiled:
    """``root`` as a sequence of its distinct nodes, children first: linear in the graph."""
    order = unique_nodes(root)
    slot = {id(node): position for position, node in enumerate(order)}
    steps: list[tuple[Callable[..., float], tuple[int, ...]]] = []
    for node in order:
        inner = children(node)
        if not inner:
            steps.append((_closure(node), ()))
        else:
            steps.append((_combine(node), tuple(slot[id(child)] for child in inner)))

    def run(values: dict[str, float]) -> float:
        computed: list[float] = []
        for function, arguments in steps:
            if arguments:
                computed.append(function(*[computed[a] for a in arguments]))
            else:
                computed.append(function(values))
        return computed[-1]

    return run


def _combine(node: Node) -> Callable[..., float]:
    """How a Neg, BinOp or Call node combines its children's values."""
    if isinstance(node, Neg):
        return lambda x: -x
    if isinstance(node, BinOp):
        return _OPERATIONS[node.op]
    assert isinstance(node, Call)
    return _function(node.function)


def _function(function: str) -> Callable[..., float]:
    """The grammar's function ``function`` applied to its arguments' values, arity checked."""
    if function in _VARIADIC:
        variadic = _VARIADIC[function]
        return lambda *given: float(variadic(*given))
    if function in _TERNARY:
        ternary, names = _TERNARY[function]

        def three(*given: float) -> float:
            if len(given) != 3:
                raise ArithmeticError_(f"{function} takes three arguments {names}")
            return ternary(*given)

        return three
    unary = _UNARY[function]

    def call(*given: float) -> float:
        if len(given) != 1:
            raise ArithmeticError_(f"{function} takes one argument")
        return float(unary(given[0]))

    return call


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
        if node.function in _UNARY and len(arguments) == 1:  # the common case, one call less
            unary, argument = _UNARY[node.function], arguments[0]
            return lambda values: float(unary(argument(values)))
        function = _function(node.function)
        return lambda values: function(*[a(values) for a in arguments])
    if isinstance(node, BinOp):
        return _binary(node.op, _closure(node.left), _closure(node.right))
    raise ArithmeticError_(f"not an expression: {type(node).__name__}")


def _binary(op: str, left: Compiled, right: Compiled) -> Compiled:
    """A binary operation's closure, the arithmetic inline (as :data:`_OPERATIONS` does it)."""
    if op == "+":
        return lambda values: left(values) + right(values)
    if op == "-":
        return lambda values: left(values) - right(values)
    if op == "*":
        return lambda values: left(values) * right(values)
    if op == "/":
        return lambda values: left(values) / right(values)
    operation = _OPERATIONS[op]
    return lambda values: operation(left(values), right(values))

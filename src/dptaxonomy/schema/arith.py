"""A small arithmetic grammar for parameter maps, side conditions and domains.

Catalog files state parametric implications as strings such as
``rho = epsilon**2 / 2`` or ``alpha > 1``. They are parsed here into a tiny
syntax tree by a recursive-descent parser; nothing is ever passed to
``eval``. Grammar::

    condition  := expression ("<" | "<=" | ">" | ">=" | "==" | "!=") expression
    expression := term (("+" | "-") term)*
    term       := factor (("*" | "/") factor)*
    factor     := ("-" | "+") factor | power
    power      := atom ("**" factor)?
    atom       := NUMBER | NAME | NAME "(" expression ("," expression)* ")" | "(" expression ")"
    interval   := ("[" | "(") bound "," bound ("]" | ")")     bound := NUMBER | "-"? "inf"

>>> parse_expression("epsilon / 2")
BinOp(op='/', left=Name(name='epsilon'), right=Number(value=2.0, text=''))
>>> parse_interval("[0, 1]")
Interval(low=0.0, high=1.0, low_closed=True, high_closed=True)
"""

from __future__ import annotations

import functools
import math

from dptaxonomy.base.digits import foreign_digit_message
from dptaxonomy.base.records import record
from dptaxonomy.schema.arith_tokens import token_end

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "ARITY",
    "FUNCTIONS",
    "ArithmeticError_",
    "BinOp",
    "Call",
    "Comparison",
    "Interval",
    "Name",
    "Neg",
    "Node",
    "Number",
    "constant_value",
    "parse_condition",
    "parse_expression",
    "parse_interval",
    "render",
    "substitute",
]

ARITY: dict[str, tuple[int, int | None]] = {
    **dict.fromkeys(("exp", "log", "sqrt", "abs", "tanh", "Phi", "Phi_inv"), (1, 1)),
    **dict.fromkeys(("min", "max"), (1, None)),
    **dict.fromkeys(("binom_pmf", "rdp_epsilon"), (3, 3)),
}
"""Each function's least and greatest number of arguments (None: any number)."""
FUNCTIONS = frozenset(ARITY)
"""Functions the grammar accepts (``Phi``: the standard normal distribution function,
``Phi_inv`` its inverse on (0, 1); ``binom_pmf(s, n, p)``: C(n, s) p^s (1 − p)^(n − s) for
integers 0 ≤ s, n and 0 ≤ p ≤ 1, 0 when s > n; ``rdp_epsilon(alpha, r, delta)``: the
optimal Rényi → (ε, δ) conversion at one order, :mod:`dptaxonomy.schema.arith_renyi`)."""

_MAX_LENGTH = 500
_MAX_DEPTH = 50
_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})


class ArithmeticError_(ValueError):
    """A string does not follow the arithmetic grammar (name avoids the builtin)."""


@record
class Number:
    """A number ``value``; ``text`` keeps a literal that ``repr(value)`` rounds, for sound use."""

    value: float
    text: str = ""


def _number(token: str) -> Number:
    """The literal ``token`` (ASCII digits only) as a :class:`Number`."""
    value = float(token)
    if (token.isdigit() and len(token) <= 15) or token == repr(value):  # below 2**53, or 0.225
        return Number(value)  # the double is the integer, or the literal is its shortest repr
    if not math.isfinite(value):
        return Number(value, token)
    from decimal import Decimal  # only for fractions and long literals

    return Number(value, "" if Decimal(token) == Decimal(repr(value)) else token)


@record
class Name:
    name: str


@record
class Neg:
    operand: Node


@record
class BinOp:
    op: str
    left: Node
    right: Node


@record
class Call:
    function: str
    arguments: tuple[Node, ...]


@record
class Comparison:
    op: str
    left: Node
    right: Node


@record
class Interval:
    low: float
    high: float
    low_closed: bool
    high_closed: bool

    def contains(self, value: float | Fraction) -> bool:
        """Whether ``value`` lies in the interval (``inf`` only in a closed ``inf]``); a
        rational is compared exactly."""
        above = value > self.low or (self.low_closed and value >= self.low)
        below = value < self.high or (self.high_closed and value <= self.high)
        return above and below


Node = Number | Name | Neg | BinOp | Call


def _tokenize(text: str) -> list[str]:
    if len(text) > _MAX_LENGTH:
        raise ArithmeticError_(f"longer than {_MAX_LENGTH} characters")
    foreign = foreign_digit_message(text)
    if foreign is not None:
        raise ArithmeticError_(foreign)
    tokens: list[str] = []
    position = 0
    stripped = text.rstrip()
    while position < len(stripped):
        start = position
        while stripped[start].isspace():  # stripped ends in a non-space
            start += 1
        end = token_end(stripped, start)
        if end == start:
            raise ArithmeticError_(f"unexpected character {stripped[start]!r}")
        tokens.append(stripped[start:end])
        position = end
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.position = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None:
            raise ArithmeticError_("unexpected end of input")
        if expected is not None and token != expected:
            raise ArithmeticError_(f"expected {expected!r}, found {token!r}")
        self.position += 1
        return token

    def done(self) -> None:
        token = self.peek()
        if token is not None:
            raise ArithmeticError_(f"unexpected {token!r}")

    def expression(self) -> Node:
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.peek() in ("*", "/"):
            op = self.take()
            node = BinOp(op, node, self.factor())
        return node

    def factor(self) -> Node:
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise ArithmeticError_("nested too deeply")
        try:
            if self.peek() == "-":
                self.take()
                return Neg(self.factor())
            if self.peek() == "+":
                self.take()
                return self.factor()
            base = self.atom()
            if self.peek() == "**":
                self.take()
                return BinOp("**", base, self.factor())
            return base
        finally:
            self.depth -= 1

    def atom(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.expression()
            self.take(")")
            return node
        if token[0].isdigit() or token[0] == ".":
            return _number(token)
        if token[0].isalpha() or token[0] == "_":
            if self.peek() != "(":
                return Name(token)
            if token not in FUNCTIONS:
                raise ArithmeticError_(
                    f"unknown function {token!r} (known: {', '.join(sorted(FUNCTIONS))})"
                )
            self.take("(")
            arguments = [self.expression()]
            while self.peek() == ",":
                self.take()
                arguments.append(self.expression())
            self.take(")")
            _check_arity(token, len(arguments))
            return Call(token, tuple(arguments))
        raise ArithmeticError_(f"unexpected {token!r}")


def _check_arity(function: str, count: int) -> None:
    least, most = ARITY[function]
    if least <= count and (most is None or count <= most):
        return
    if most is None:
        expected = f"at least {least} argument{'s' if least > 1 else ''}"
    else:
        expected = f"{least} argument{'s' if least > 1 else ''}"
    raise ArithmeticError_(f"{function} takes {expected}, given {count}")


@functools.lru_cache(maxsize=4096)
def parse_expression(text: str) -> Node:
    """Parse an arithmetic expression such as ``epsilon**2 / 2``.

    Memoised: parameter maps are parsed again and again while chains are
    composed, and the parsed trees are immutable.
    """
    parser = _Parser(text)
    node = parser.expression()
    parser.done()
    return node


def parse_condition(text: str) -> Comparison:
    """Parse a comparison such as ``alpha > 1``."""
    parser = _Parser(text)
    left = parser.expression()
    op = parser.peek()
    if op not in _COMPARISONS:
        raise ArithmeticError_("a condition needs a comparison (<, <=, >, >=, ==, !=)")
    parser.take()
    right = parser.expression()
    parser.done()
    return Comparison(op, left, right)


def _bound(parser: _Parser) -> float:
    sign = 1.0
    if parser.peek() == "-":
        parser.take()
        sign = -1.0
    token = parser.take()
    if token == "inf":
        return sign * math.inf
    if token[0].isdigit() or token[0] == ".":
        return sign * float(token)
    raise ArithmeticError_(f"an interval bound must be a number or inf, found {token!r}")


def parse_interval(text: str) -> Interval:
    """Parse an interval such as ``[0, inf)`` or ``(1, inf]``."""
    parser = _Parser(text)
    opening = parser.take()
    if opening not in ("[", "("):
        raise ArithmeticError_("an interval starts with '[' or '(', e.g. '[0, inf)'")
    low = _bound(parser)
    parser.take(",")
    high = _bound(parser)
    closing = parser.take()
    if closing not in ("]", ")"):
        raise ArithmeticError_("an interval ends with ']' or ')'")
    parser.done()
    if low > high:
        raise ArithmeticError_(f"empty interval: {low} > {high}")
    return Interval(low, high, opening == "[", closing == "]")


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "**": 4}


def _number_text(value: float) -> str:
    if math.isinf(value):
        return "inf"
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def render(node: Node, parent: int = 0, right: bool = False) -> str:
    """Text for an expression, with only the parentheses it needs.

    >>> render(parse_expression("(a + b) * c ** (d - 1)"))
    '(a + b) * c ** (d - 1)'
    >>> render(parse_expression("a - (b - c)"))
    'a - (b - c)'
    """
    if isinstance(node, Number):
        return node.text or _number_text(node.value)
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Call):
        return f"{node.function}({', '.join(render(a) for a in node.arguments)})"
    if isinstance(node, Neg):
        text = "-" + render(node.operand, 3)
        return f"({text})" if parent > 3 else text
    level = _PRECEDENCE[node.op]
    if node.op == "**":
        text = f"{render(node.left, level + 1)} ** {render(node.right, level - 1)}"
    else:
        text = f"{render(node.left, level)} {node.op} {render(node.right, level, right=True)}"
    needs = level < parent or (right and level == parent and node.op in "+-*/")
    return f"({text})" if needs else text


def substitute(node: Node, values: dict[str, Node]) -> Node:
    """Replace each name bound in ``values`` by its expression (names not bound stay)."""
    if isinstance(node, Name):
        return values.get(node.name, node)
    if isinstance(node, Neg):
        return Neg(substitute(node.operand, values))
    if isinstance(node, BinOp):
        return BinOp(node.op, substitute(node.left, values), substitute(node.right, values))
    if isinstance(node, Call):
        return Call(node.function, tuple(substitute(a, values) for a in node.arguments))
    return node


def constant_value(text: str) -> float | None:
    """The number a constant expression (``0``, ``-1``, ``inf``) writes, else None."""
    try:
        node = parse_expression(text)
    except ArithmeticError_:
        return None
    sign = 1.0
    if isinstance(node, Neg):
        sign, node = -1.0, node.operand
    if isinstance(node, Number):
        return sign * node.value
    if isinstance(node, Name) and node.name == "inf":
        return sign * float("inf")
    return None

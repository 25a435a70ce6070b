"""The arithmetic grammar of parameter maps: known answers and properties."""

from __future__ import annotations

import contextlib
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dptaxonomy.schema.arith import (
    ArithmeticError_,
    BinOp,
    Call,
    Comparison,
    Name,
    Neg,
    Node,
    Number,
    _tokenize,
    parse_condition,
    parse_expression,
    parse_interval,
)
from dptaxonomy.schema.arith_names import names_in


def test_precedence_and_associativity() -> None:
    assert parse_expression("a + b * c") == BinOp("+", Name("a"), BinOp("*", Name("b"), Name("c")))
    assert parse_expression("a - b - c") == BinOp("-", BinOp("-", Name("a"), Name("b")), Name("c"))
    assert parse_expression("a ** b ** c") == BinOp(
        "**", Name("a"), BinOp("**", Name("b"), Name("c"))
    )
    assert parse_expression("-a ** 2") == Neg(BinOp("**", Name("a"), Number(2.0)))


def test_functions_and_names() -> None:
    node = parse_expression("xi + rho + sqrt(4 * rho * log(min(1, sqrt(pi * rho)) / delta))")
    assert names_in(node) == {"xi", "rho", "pi", "delta"}
    assert parse_condition("alpha > 1") == Comparison(">", Name("alpha"), Number(1.0))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("epsilon ^ 2", "unexpected character '^'"),
        ("O(sqrt(xi))", "unknown function 'O'"),
        ("(a + b", "unexpected end of input"),
        ("a b", "unexpected 'b'"),
        ("", "unexpected end of input"),
        ("__import__('os')", 'unexpected character "\'"'),
        ("(" * 60 + "1" + ")" * 60, "nested too deeply"),
        ("1" * 600, "longer than 500 characters"),
    ],
)
def test_rejects(text: str, message: str) -> None:
    with pytest.raises(ArithmeticError_, match="^" + __import__("re").escape(message)):
        parse_expression(text)


@pytest.mark.parametrize(
    ("text", "low", "high", "closed"),
    [
        ("[0, inf)", 0.0, float("inf"), (True, False)),
        ("(1, inf]", 1.0, float("inf"), (False, True)),
        ("[-inf, 0]", float("-inf"), 0.0, (True, True)),
    ],
)
def test_intervals(text: str, low: float, high: float, closed: tuple[bool, bool]) -> None:
    interval = parse_interval(text)
    assert (interval.low, interval.high, (interval.low_closed, interval.high_closed)) == (
        low,
        high,
        closed,
    )


@pytest.mark.parametrize("text", ["[1, 0]", "0, 1", "[0, 1", "[a, 1]", "[0, 1] x"])
def test_bad_intervals(text: str) -> None:
    with pytest.raises(ArithmeticError_):
        parse_interval(text)


def _render(node: Node) -> str:
    if isinstance(node, Number):
        return repr(node.value)
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Neg):
        return f"(-{_render(node.operand)})"
    if isinstance(node, Call):
        return f"{node.function}({', '.join(_render(a) for a in node.arguments)})"
    return f"({_render(node.left)} {node.op} {_render(node.right)})"


_names = st.sampled_from(["epsilon", "delta", "rho", "alpha", "xi"]).map(Name)
_numbers = st.floats(min_value=0, max_value=1e6, allow_nan=False).map(Number)
_trees: st.SearchStrategy[Node] = st.recursive(
    _names | _numbers,
    lambda inner: st.one_of(
        st.builds(BinOp, st.sampled_from(["+", "-", "*", "/", "**"]), inner, inner),
        st.builds(Neg, inner),
        st.builds(Call, st.sampled_from(["exp", "log", "sqrt"]), st.tuples(inner)),
    ),
    max_leaves=12,
)


@given(_trees)
def test_fully_parenthesised_rendering_round_trips(tree: Node) -> None:
    assert parse_expression(_render(tree)) == tree


@given(st.text(max_size=80))
def test_any_text_parses_or_raises_the_grammar_error(text: str) -> None:
    for parse in (parse_expression, parse_condition, parse_interval):
        with contextlib.suppress(ArithmeticError_):
            parse(text)


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        ("epsilon**2 / 2", {"epsilon": 2.0}, 2.0),
        ("epsilon * (exp(epsilon) - 1) / 2", {"epsilon": 0.0}, 0.0),
        ("min(1, sqrt(pi * rho))", {"rho": 1.0}, 1.0),
        ("2 * pi", {"pi": 3.0}, 6.0),
        ("-x ** 2", {"x": 3.0}, -9.0),
        ("inf", {}, float("inf")),
    ],
)
def test_evaluate(text: str, values: dict[str, float], expected: float) -> None:
    from dptaxonomy.schema.arith_eval import evaluate

    assert evaluate(parse_expression(text), values) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 / 0", "cannot evaluate"),
        ("log(0 - 1)", "cannot evaluate"),
        ("delta", "no value for 'delta'"),
        ("exp(delta) + 1", "no value for 'delta'"),
        ("min()", "unexpected ')'"),
        ("10 ** 1000", "cannot evaluate"),
    ],
)
def test_evaluate_errors(text: str, message: str) -> None:
    from dptaxonomy.schema.arith_eval import evaluate

    with pytest.raises(ArithmeticError_, match="^" + __import__("re").escape(message)):
        evaluate(parse_expression(text), {})


@given(_trees)
def test_render_round_trips(tree: Node) -> None:
    from dptaxonomy.schema.arith import render

    assert parse_expression(render(tree)) == tree


def test_substitute_replaces_bound_names_only() -> None:
    from dptaxonomy.schema.arith import render, substitute

    expression = parse_expression("xi + rho * alpha")
    result = substitute(
        expression, {"rho": parse_expression("epsilon ** 2 / 2"), "xi": Number(0.0)}
    )
    assert render(result) == "0 + epsilon ** 2 / 2 * alpha"


_values = st.fixed_dictionaries(
    {
        name: st.floats(min_value=-1e3, max_value=1e3, allow_nan=False)
        for name in ["epsilon", "delta", "rho", "alpha"]
    }
)


def _reference(node: Node, values: dict[str, float]) -> float:
    """A plain tree walk, the test's oracle for the compiled closures."""
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Name):
        if node.name not in values:
            raise ArithmeticError_(f"no value for {node.name!r}")
        return values[node.name]
    if isinstance(node, Neg):
        return -_reference(node.operand, values)
    if isinstance(node, Call):
        functions = {"exp": math.exp, "log": math.log, "sqrt": math.sqrt}
        return float(functions[node.function](_reference(node.arguments[0], values)))
    assert isinstance(node, BinOp)
    left, right = _reference(node.left, values), _reference(node.right, values)
    operations = {
        "+": lambda: left + right,
        "-": lambda: left - right,
        "*": lambda: left * right,
        "/": lambda: left / right,
        "**": lambda: float(left**right),
    }
    return operations[node.op]()


@given(_trees, _values)
def test_compiled_expressions_agree_with_a_tree_walk(tree: Node, values: dict[str, float]) -> None:
    from dptaxonomy.schema.arith_eval import evaluate

    try:
        expected: float | None = _reference(tree, values)
    except (ArithmeticError, ValueError, TypeError):  # ZeroDivision and Overflow included
        expected = None
    try:
        found: float | None = evaluate(tree, values)
    except ArithmeticError_:
        found = None
    if expected is not None and math.isnan(expected):
        assert found is not None
        assert math.isnan(found)
    else:
        assert found == expected


_TOKEN_PATTERN = re.compile(  # the grammar's tokens as a regular expression: the oracle
    r"\s*(?:(?P<number>[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op>\*\*|<=|>=|==|!=|[-+*/(),<>\[\]]))"
)


def _pattern_tokens(text: str) -> list[str] | None:
    tokens, position, stripped = [], 0, text.rstrip()
    while position < len(stripped):
        match = _TOKEN_PATTERN.match(stripped, position)
        if match is None:
            return None
        tokens.append(match.group(match.lastgroup or "op"))
        position = match.end()
    return tokens


@given(st.text(alphabet="0123456789.eE+-*/(),<>[]=!_aZx \t\u00a0\u2003\x1cé^", max_size=14))
def test_the_tokenizer_reads_what_the_token_pattern_reads(text: str) -> None:
    expected = _pattern_tokens(text)
    if expected is None:
        with pytest.raises(ArithmeticError_, match=r"^unexpected character "):
            _tokenize(text)
    else:
        assert _tokenize(text) == expected

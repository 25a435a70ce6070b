"""Expressions whose subtrees are shared: their written-out size, and text that stays small.

Composing parameter maps along a chain substitutes one step's expressions
for the names of the next (:func:`dptaxonomy.schema.arith.substitute`). The
substituted expression is inserted by reference, so a map that names a
parameter twice (``epsilon / 2 + epsilon / 2``) gives a graph whose nodes are
shared: its size in memory grows by a constant per step, but written out as a
tree it doubles at every step (2²⁰ copies after 20 steps). Everything that
walks a composed expression must therefore visit each shared node once; this
module measures the tree a graph stands for without writing it out, and
renders a graph either as the usual text (when that is small) or in a
*shared form* whose length is linear in the graph:

    $2 / 2 + $2 / 2, where $1 = epsilon / 2 + epsilon / 2; $2 = $1 / 2 + $1 / 2

>>> from dptaxonomy.schema.arith import parse_expression, substitute
>>> step = parse_expression("epsilon / 2 + epsilon / 2")
>>> node = step
>>> for _ in range(40):
...     node = substitute(step, {"epsilon": node})
>>> tree_size(node) > 10**12, len(render_bounded(node)) < 4000
(True, True)
"""

from __future__ import annotations

from dptaxonomy.schema.arith import BinOp, Call, Name, Neg, Node, Number, render

__all__ = ["RENDER_LIMIT", "children", "render_bounded", "tree_size", "unique_nodes"]

RENDER_LIMIT = 200
"""Largest written-out size (in nodes) rendered as plain text; larger ones take the shared form."""
_PIECE_LIMIT = 40
"""Largest piece of the shared form written inline before it gets its own ``$k`` name."""


def children(node: Node) -> tuple[Node, ...]:
    """The direct subexpressions of ``node``."""
    if isinstance(node, BinOp):
        return (node.left, node.right)
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, Call):
        return node.arguments
    return ()


def unique_nodes(root: Node) -> list[Node]:
    """Every distinct node object under ``root`` once, children before parents (iterative)."""
    order: list[Node] = []
    seen: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(children(node)) if id(child) not in seen)
    return order


def tree_size(root: Node) -> int:
    """How many nodes ``root`` has when written out as a tree (in time linear in the graph)."""
    size: dict[int, int] = {}
    for node in unique_nodes(root):
        size[id(node)] = 1 + sum(size[id(child)] for child in children(node))
    return size[id(root)]


def render_bounded(root: Node) -> str:
    """Text for ``root``: :func:`render`'s when at most :data:`RENDER_LIMIT` nodes, else shared.

    The shared form names ``$1``, ``$2``, … every subexpression that occurs
    more than once (or whose inline text would be long), writes each once
    after ``where``, and is equivalent to the tree: replacing each ``$k`` by
    its definition, last first, gives the expression back.
    """
    order = unique_nodes(root)
    size: dict[int, int] = {}
    uses: dict[int, int] = {}
    for node in order:
        size[id(node)] = 1 + sum(size[id(child)] for child in children(node))
        for child in children(node):
            uses[id(child)] = uses.get(id(child), 0) + 1
    if size[id(root)] <= RENDER_LIMIT:
        return render(root)
    labels: dict[int, Name] = {}
    piece: dict[int, int] = {}
    bindings: list[str] = []
    for node in order:
        inner = children(node)
        piece[id(node)] = 1 + sum(1 if id(c) in labels else piece[id(c)] for c in inner)
        shared = uses.get(id(node), 0) > 1 and bool(inner)
        if node is not root and (shared or piece[id(node)] > _PIECE_LIMIT):
            text = render(_cut(node, labels))
            labels[id(node)] = Name(f"${len(labels) + 1}")
            bindings.append(f"{labels[id(node)].name} = {text}")
    return f"{render(_cut(root, labels))}, where {'; '.join(bindings)}"


def _cut(node: Node, labels: dict[int, Name]) -> Node:
    """``node`` with every labelled strict subexpression replaced by its label."""

    def rebuilt(child: Node) -> Node:
        return labels.get(id(child)) or _cut(child, labels)

    if isinstance(node, BinOp):
        return BinOp(node.op, rebuilt(node.left), rebuilt(node.right))
    if isinstance(node, Neg):
        return Neg(rebuilt(node.operand))
    if isinstance(node, Call):
        return Call(node.function, tuple(rebuilt(a) for a in node.arguments))
    assert isinstance(node, Number | Name)
    return node

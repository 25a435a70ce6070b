"""The variable names an arithmetic expression or condition mentions.

Chains read the same parsed maps again and again (:mod:`dptaxonomy.reasoning.maps`), so
the names are remembered per node object (kept with them, so the object's id is not
reused; nodes are immutable).
"""

from __future__ import annotations

from dptaxonomy.schema.arith import BinOp, Call, Comparison, Name, Neg, Node

__all__ = ["names_in"]

_NAMES: dict[int, tuple[Node | Comparison, frozenset[str]]] = {}


def names_in(node: Node | Comparison) -> set[str]:
    """The variable names an expression or condition mentions (a new set), remembered per
    node object (kept with its names, so its id is not reused; nodes are immutable).

    Each node object is visited once, so an expression whose subtrees are
    shared (a composed parameter map) costs its size in memory, not written out.
    """
    kept = _NAMES.get(id(node))
    if kept is None or kept[0] is not node:
        if len(_NAMES) >= 8192:
            _NAMES.clear()
        kept = _NAMES[id(node)] = (node, frozenset(_names(node)))
    return set(kept[1])


def _names(node: Node | Comparison) -> set[str]:
    found: set[str] = set()
    seen: set[int] = set()
    stack: list[Node | Comparison] = [node]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, Name):
            found.add(item.name)
        elif isinstance(item, Neg):
            stack.append(item.operand)
        elif isinstance(item, BinOp | Comparison):
            stack += (item.left, item.right)
        elif isinstance(item, Call):
            stack += item.arguments
    return found

"""The cheapest chain of facts between two definitions: one Dijkstra for every proof search.

:func:`cheapest_chain` searches from one definition to another and stops as soon as
nothing cheaper can come; :func:`cheapest_tree` searches from one definition to every
other at once (every proof from, or into, one definition). Both break ties alike (facts
in the adjacency's order, then nodes in the order they were reached), so
:func:`tree_chain` reads off the tree the very chain :func:`cheapest_chain` finds.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence

from dptaxonomy.reasoning.logic.facts import Fact

__all__ = ["Tree", "cheapest_chain", "cheapest_tree", "tree_chain"]

Tree = dict[str, tuple[int, "Fact | None"]]
"""Each reached definition's cheapest cost and the last fact of its cheapest chain."""


def cheapest_chain(
    adjacency: Mapping[str, Sequence[Fact]],
    a: str,
    b: str,
    cost: Callable[[Fact], int],
    admissible: Callable[[Fact], bool] | None = None,
) -> tuple[Fact, ...] | None:
    """The cheapest chain of facts from ``a`` to ``b``, or None when there is none.

    ``adjacency`` maps a definition to the facts leaving it, in the order that breaks ties;
    every ``cost`` is at least 1, so the search stops as soon as nothing cheaper can come.
    Only facts that ``admissible`` accepts are followed.

    >>> cheapest_chain({}, "x", "x", lambda fact: 1)
    ()
    >>> cheapest_chain({}, "x", "y", lambda fact: 1) is None
    True
    """
    if a == b:
        return ()
    best: dict[str, int] = {a: 0}
    previous: dict[str, Fact] = {}
    queue: list[tuple[int, int, str]] = [(0, 0, a)]
    counter = 0
    while queue:
        so_far, _, node = heapq.heappop(queue)
        if node == b or so_far + 1 >= best.get(b, so_far + 2):
            break  # every step costs at least 1: nothing popped now can improve b
        if so_far > best[node]:
            continue
        for fact in adjacency.get(node, ()):
            if admissible is not None and not admissible(fact):
                continue
            new = so_far + cost(fact)
            if new < best.get(fact.b, new + 1):
                best[fact.b] = new
                previous[fact.b] = fact
                counter += 1
                heapq.heappush(queue, (new, counter, fact.b))
    if b not in previous:
        return None
    chain: list[Fact] = []
    node = b
    while node != a:
        fact = previous[node]
        chain.append(fact)
        node = fact.a
    return tuple(reversed(chain))


def cheapest_tree(
    adjacency: Mapping[str, Sequence[Fact]],
    start: str,
    cost: Callable[[Fact], int],
    *,
    backward: bool = False,
) -> Tree:
    """The cheapest chain from ``start`` to every definition it reaches (Dijkstra), as a tree.

    ``adjacency`` maps a definition to the facts leaving it (with ``backward``, entering
    it: the search then runs against the facts), in the order that breaks ties.

    >>> tree = cheapest_tree({}, "x", lambda fact: 1)
    >>> tree, tree_chain(tree, "x")
    ({'x': (0, None)}, [])
    """
    best: Tree = {start: (0, None)}
    queue: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = 0
    while queue:
        so_far, _, node = heapq.heappop(queue)
        if so_far > best[node][0]:
            continue
        for fact in adjacency.get(node, ()):
            other = fact.a if backward else fact.b
            new = so_far + cost(fact)
            if other not in best or new < best[other][0]:
                best[other] = (new, fact)
                counter += 1
                heapq.heappush(queue, (new, counter, other))
    return best


def tree_chain(tree: Tree, end: str, *, backward: bool = False) -> list[Fact]:
    """The chain a :func:`cheapest_tree` holds from its start to ``end`` (from ``end``
    to its start when it was searched ``backward``), in the facts' order."""
    chain: list[Fact] = []
    node = end
    while True:
        fact = tree[node][1]
        if fact is None:
            return chain if backward else list(reversed(chain))
        chain.append(fact)
        node = fact.b if backward else fact.a

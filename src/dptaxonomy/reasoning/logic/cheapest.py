"""The cheapest chain of facts between two definitions: one Dijkstra for every proof search."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence

from dptaxonomy.reasoning.logic.facts import Fact


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

"""Reflexive-transitive closure of a relation, as bitsets over its condensation.

Strongly connected components (networkx) are the equivalence classes; their
condensation is a DAG. Each component gets a position in a topological order
and two Python integers used as bitsets: the components it reaches and the
components that reach it. Building them costs one big-integer OR per edge of
the DAG; a reachability query is one bit test.

>>> closure = Closure(["a", "b", "c", "d"], [("a", "b"), ("b", "a"), ("b", "c")])
>>> closure.reaches("a", "c"), closure.reaches("c", "a"), closure.same_class("a", "b")
(True, False, True)
>>> sorted(closure.descendants("a"))
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import networkx as nx

__all__ = ["Closure", "bits"]


def bits(value: int) -> Iterator[int]:
    """Positions of the set bits of ``value``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low


class Closure:
    """Reachability (reflexive and transitive) of a directed graph over named nodes."""

    def __init__(self, nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> None:
        graph: nx.DiGraph = nx.DiGraph()
        graph.add_nodes_from(nodes)
        graph.add_edges_from(edges)
        self.graph = graph
        condensed: nx.DiGraph = nx.condensation(graph)
        order = list(nx.topological_sort(condensed))
        position = {component: index for index, component in enumerate(order)}
        self.members: list[tuple[str, ...]] = [
            tuple(sorted(condensed.nodes[component]["members"])) for component in order
        ]
        self.component: dict[str, int] = {
            node: position[component] for node, component in condensed.graph["mapping"].items()
        }
        self.successors: list[list[int]] = [
            sorted(position[s] for s in condensed.successors(c)) for c in order
        ]
        self.predecessors: list[list[int]] = [
            sorted(position[p] for p in condensed.predecessors(c)) for c in order
        ]
        count = len(order)
        reach = [0] * count
        for index in range(count - 1, -1, -1):
            value = 1 << index
            for successor in self.successors[index]:
                value |= reach[successor]
            reach[index] = value
        coreach = [0] * count
        for index in range(count):
            value = 1 << index
            for predecessor in self.predecessors[index]:
                value |= coreach[predecessor]
            coreach[index] = value
        self.reach = reach
        self.coreach = coreach

    def reaches(self, a: str, b: str) -> bool:
        """Whether a path (possibly empty) leads from ``a`` to ``b``."""
        return bool(self.reach[self.component[a]] >> self.component[b] & 1)

    def same_class(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` reach each other."""
        return self.component[a] == self.component[b]

    def class_of(self, node: str) -> tuple[str, ...]:
        """The members of ``node``'s component, sorted."""
        return self.members[self.component[node]]

    def expand(self, value: int) -> list[str]:
        """The nodes of every component in the bitset ``value``, sorted."""
        return sorted(node for index in bits(value) for node in self.members[index])

    def descendants(self, node: str) -> list[str]:
        """Every node ``node`` reaches, itself included."""
        return self.expand(self.reach[self.component[node]])

    def ancestors(self, node: str) -> list[str]:
        """Every node that reaches ``node``, itself included."""
        return self.expand(self.coreach[self.component[node]])

    def pair_count(self) -> int:
        """How many ordered pairs (a, b), a ≠ b, the closure holds."""
        sizes = [len(m) for m in self.members]
        total = 0
        for index, value in enumerate(self.reach):
            total += sizes[index] * sum(sizes[i] for i in bits(value))
        return total - len(self.component)

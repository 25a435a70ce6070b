"""Reflexive-transitive closure of a relation, as bitsets over its condensation.

Strongly connected components (networkx) are the equivalence classes; their
condensation is a DAG. Each component gets a position in a topological order
and two Python integers used as bitsets: the components it reaches and the
components that reach it. Building them costs one big-integer OR per edge of
the DAG; a reachability query is one bit test.

>>> closure = Closure.build(["a", "b", "c", "d"], [("a", "b"), ("b", "a"), ("b", "c")])
>>> closure.reaches("a", "c"), closure.reaches("c", "a"), closure.same_class("a", "b")
(True, False, True)
>>> sorted(closure.descendants("a"))
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


def _tarjan(adjacency: list[list[int]]) -> tuple[list[int], list[list[int]]]:
    """Iterative Tarjan's algorithm: each node's component, and components sinks first."""
    count = len(adjacency)
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    component = [-1] * count
    found: list[list[int]] = []
    counter = 0
    for root in range(count):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            node, next_edge = work[-1]
            if next_edge < len(adjacency[node]):
                work[-1] = (node, next_edge + 1)
                nxt = adjacency[node][next_edge]
                if index[nxt] == -1:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack[nxt] = True
                    work.append((nxt, 0))
                elif on_stack[nxt]:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[int] = []
                while not group or group[-1] != node:
                    member = stack.pop()
                    on_stack[member] = False
                    component[member] = len(found)
                    group.append(member)
                found.append(group)
    return component, found


def condense(
    nodes: list[str], edges: list[tuple[str, str]]
) -> tuple[list[tuple[str, ...]], list[list[int]]]:
    """Strongly connected components in topological order, and the DAG between them.

    An iterative Tarjan's algorithm, linear in nodes and edges; it replaces
    networkx's ``condensation`` on the hot path (the tests compare the two).
    Components come out sinks first, so reversing gives a topological order.

    >>> condense(["a", "b", "c"], [("a", "b"), ("b", "a"), ("b", "c")])
    ([('a', 'b'), ('c',)], [[1], []])
    """
    position = {node: i for i, node in enumerate(nodes)}
    adjacency: list[list[int]] = [[] for _ in nodes]
    for a, b in edges:
        adjacency[position[a]].append(position[b])
    component, found = _tarjan(adjacency)
    total = len(found)
    members = [tuple(sorted(nodes[m] for m in found[c])) for c in reversed(range(total))]
    successor_sets: list[set[int]] = [set() for _ in range(total)]
    for source_node, targets in enumerate(adjacency):
        source = total - 1 - component[source_node]
        for target_node in targets:
            target = total - 1 - component[target_node]
            if target != source:
                successor_sets[source].add(target)
    return members, [sorted(s) for s in successor_sets]


class Closure:
    """Reachability (reflexive and transitive) of a directed graph over named nodes.

    Build one with :meth:`build`; the constructor takes the condensation
    already computed (as the cache stores it) and derives the bitsets.
    """

    def __init__(
        self,
        members: list[tuple[str, ...]],
        successors: list[list[int]],
        edges: list[tuple[str, str]],
    ) -> None:
        self.members = members
        self.successors = successors
        self.edges = edges
        self.component: dict[str, int] = {
            node: index for index, group in enumerate(members) for node in group
        }
        count = len(members)
        predecessors: list[list[int]] = [[] for _ in range(count)]
        for index, targets in enumerate(successors):
            for target in targets:
                predecessors[target].append(index)
        self.predecessors = predecessors
        reach = [0] * count
        for index in range(count - 1, -1, -1):
            value = 1 << index
            for successor in successors[index]:
                value |= reach[successor]
            reach[index] = value
        coreach = [0] * count
        for index in range(count):
            value = 1 << index
            for predecessor in predecessors[index]:
                value |= coreach[predecessor]
            coreach[index] = value
        self.reach = reach
        self.coreach = coreach

    @classmethod
    def build(cls, nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> Closure:
        """Condense the graph and order its components topologically (see :func:`condense`)."""
        edge_list = sorted(set(edges))
        members, successors = condense(sorted(set(nodes)), edge_list)
        return cls(members, successors, edge_list)

    @property
    def graph(self) -> Any:
        """The graph as a networkx ``DiGraph`` (built on demand)."""
        import networkx as nx

        graph: nx.DiGraph = nx.DiGraph()
        graph.add_nodes_from(self.component)
        graph.add_edges_from(self.edges)
        return graph

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

"""Chains of parameter maps from one definition to another.

A conversion needs more than a proof that A ≻ B: every step must say how the
parameters change. This module searches the graph whose edges are the
asserted ≻ and ⊂ facts carrying a parameter map in their own direction
(:func:`dptaxonomy.reasoning.maps.parameters.step_map`), and lists every simple
chain from A to B, shortest first, so the numbers can pick the tightest.

A ⊂ B with a map (A is the special case of B at those parameters) gives
A's guarantee as B's at the mapped values, so it serves as a step like A ≻ B.
"""

from __future__ import annotations

from collections import defaultdict, deque
from functools import cached_property

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.maps.parameters import step_map
from dptaxonomy.schema.arith import Comparison, Node, parse_condition

__all__ = ["MAX_CHAINS", "MAX_STEPS", "Chain", "conversion_chains"]

MAX_STEPS = 4
"""Longest chain searched: every published conversion we know composes at most a few steps."""
MAX_CHAINS = 64
"""At most this many chains are listed (shortest first)."""


@record
class Chain:
    """Facts ``source = d0 → d1 → … → dn = target``, each carrying a parameter map."""

    source: str
    target: str
    steps: tuple[Fact, ...]

    @property
    def definitions(self) -> tuple[str, ...]:
        """d0, d1, …, dn."""
        return (self.source, *(step.b for step in self.steps))

    @cached_property
    def maps(self) -> tuple[dict[str, Node], ...]:
        """Each step's map, parsed once (every step has one by construction)."""
        result = []
        for step in self.steps:
            mapping = step_map(step)
            assert mapping is not None
            result.append(mapping)
        return tuple(result)

    @cached_property
    def conditions(self) -> tuple[tuple[Comparison, ...], ...]:
        """Each step's side conditions, parsed once."""
        return tuple(
            tuple(parse_condition(text) for text in step.origin.conditions) for step in self.steps
        )


def _order(fact: Fact) -> tuple[str, int, str]:
    return (fact.origin.file, fact.origin.index, fact.rule.value)


def _mapped_edges(kb: KnowledgeBase) -> dict[str, list[Fact]]:
    edges: dict[str, list[Fact]] = defaultdict(list)
    # conditional facts (rule K3) count too: convert checks every condition at the values
    for fact in [*kb.facts, *kb.factset.conditional]:
        if fact.kind in (FactKind.stronger, FactKind.extends) and step_map(fact) is not None:
            edges[fact.a].append(fact)
    for facts in edges.values():
        facts.sort(key=_order)
    return edges


def _reaching(edges: dict[str, list[Fact]], target: str) -> dict[str, int]:
    """Nodes that reach ``target`` along mapped edges, with their distance to it."""
    backward: dict[str, list[str]] = defaultdict(list)
    for facts in edges.values():
        for fact in facts:
            backward[fact.b].append(fact.a)
    distance = {target: 0}
    queue = deque([target])
    while queue:
        node = queue.popleft()
        for previous in backward[node]:
            if previous not in distance:
                distance[previous] = distance[node] + 1
                queue.append(previous)
    return distance


def conversion_chains(
    kb: KnowledgeBase, source: str, target: str, *, max_steps: int = MAX_STEPS
) -> list[Chain]:
    """Every simple chain of mapped facts from ``source`` to ``target``, shortest first.

    Chains visit each definition at most once and have at most ``max_steps``
    steps; at most :data:`MAX_CHAINS` are returned. Deterministic: ties are
    broken by the file and position of each fact.
    """
    if source == target:
        return []
    edges = _mapped_edges(kb)
    distance = _reaching(edges, target)
    if source not in distance:
        return []
    found: list[Chain] = []

    def extend(node: str, path: list[Fact], seen: set[str]) -> None:
        if node == target:
            found.append(Chain(source, target, tuple(path)))
            return
        for fact in edges.get(node, ()):
            nxt = fact.b
            if nxt in seen or nxt not in distance:
                continue
            if len(path) + 1 + distance[nxt] > max_steps:
                continue
            path.append(fact)
            seen.add(nxt)
            extend(nxt, path, seen)
            seen.discard(nxt)
            path.pop()

    extend(source, [], {source})
    found.sort(key=lambda c: (len(c.steps), [_order(s) for s in c.steps]))
    return found[:MAX_CHAINS]

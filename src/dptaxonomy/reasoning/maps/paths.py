"""The chain engine: every chain of mapped facts from one definition to another.

A conversion needs more than a proof that A ≻ B: every step must say how the
parameters change. The edges are the ≻ and ⊂ facts carrying a parameter map
in their own direction (:func:`dptaxonomy.reasoning.maps.composition.oriented_map`),
indexed once per knowledge base (:attr:`KnowledgeBase.mapped_facts`). A ⊂ B
with a map (A is the special case of B at those parameters) gives A's
guarantee as B's at the mapped values, so it serves as a step like A ≻ B.

:func:`chains_between` is the only enumerator: ``relate`` composes and shows
its chains (:mod:`dptaxonomy.reasoning.maps.ranking`), ``convert`` evaluates
them (:mod:`dptaxonomy.reasoning.maps.tightest`), the site renders them. The
``conditional`` flag adds the facts that hold only under a restricting
condition (rule K3): ``convert`` checks those conditions at the values
given; ``relate`` states unconditional implications only. Rule E3's ≻ reading
of a ⊂ fact carries the ⊂ fact's own map, so it is not an edge of its own
(the ⊂ fact is; listing both would list each chain through it twice).
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

from dptaxonomy.base.records import record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.maps.composition import oriented_map
from dptaxonomy.reasoning.maps.definedness import composition_defect, placement_defect
from dptaxonomy.reasoning.maps.per_base import kept_for
from dptaxonomy.reasoning.maps.scoping import compose_steps
from dptaxonomy.schema.arith import Comparison, Node, parse_condition
from dptaxonomy.schema.arith_names import names_in

__all__ = ["MAX_CHAINS", "MAX_STEPS", "Chain", "chains_between"]

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

    @property
    def conditional(self) -> bool:
        """Whether a step holds only under a restricting condition (rule K3)."""
        return any(step.conditional for step in self.steps)

    @cached_property
    def maps(self) -> tuple[dict[str, Node], ...]:
        """Each step's map, parsed once (every step has one by construction)."""
        return tuple(map(_step_map, self.steps))

    @cached_property
    def conditions(self) -> tuple[tuple[Comparison, ...], ...]:
        """Each step's side conditions, parsed once."""
        return tuple(
            tuple(parse_condition(text) for text in step.origin.conditions) for step in self.steps
        )

    @cached_property
    def condition_names(self) -> tuple[tuple[frozenset[str], ...], ...]:
        """The names in each step's conditions."""
        return tuple(tuple(frozenset(names_in(c)) for c in step) for step in self.conditions)

    @cached_property
    def composed(self) -> dict[str, Node]:
        """The target's parameters as expressions over the source's (rule M1, names kept
        apart: :mod:`~dptaxonomy.reasoning.maps.scoping`), subtrees shared."""
        return compose_steps(self.steps, self.maps)[0]

    @cached_property
    def defect(self) -> str | None:
        """Why the composed map is undefined wherever it applies, or None
        (:func:`~dptaxonomy.reasoning.maps.definedness.composition_defect`): such a chain
        is listed, never evaluated. A step placed outside its domain is found without
        composing the maps."""
        return placement_defect(self.steps) or composition_defect(self.steps, self.composed)


_MAPS: dict[int, tuple[Fact, dict[str, Node]]] = {}
_MAPS_KEPT = 4096


def _step_map(step: Fact) -> dict[str, Node]:
    """A step's map, parsed once per fact object (kept with it, so its id is not reused):
    chains through one fact share the map object, and so their composed prefixes."""
    kept = _MAPS.get(id(step))
    if kept is not None and kept[0] is step:
        return kept[1]
    mapping = oriented_map(step)
    assert mapping is not None  # every step has one by construction
    if len(_MAPS) >= _MAPS_KEPT:
        _MAPS.clear()
    _MAPS[id(step)] = (step, mapping)
    return mapping


def _reaching(kb: KnowledgeBase, target: str, conditional: bool) -> dict[str, int]:
    """Definitions that reach ``target`` along mapped edges, with their distance to it."""
    backward = kb.mapped_backward(conditional=conditional)
    distance = {target: 0}
    queue = deque([target])
    while queue:
        node = queue.popleft()
        for previous in backward.get(node, ()):
            if previous not in distance:
                distance[previous] = distance[node] + 1
                queue.append(previous)
    return distance


def chains_between(
    kb: KnowledgeBase,
    source: str,
    target: str,
    *,
    conditional: bool,
    max_steps: int = MAX_STEPS,
) -> list[Chain]:
    """Every simple chain of mapped facts from ``source`` to ``target``, shortest first.

    Chains visit each definition at most once and have at most ``max_steps``
    steps; at most :data:`MAX_CHAINS` are returned. With ``conditional``,
    facts that hold only under a restricting condition (rule K3) are steps
    too. Deterministic: ties are broken by the order of
    :attr:`KnowledgeBase.mapped_facts` (established first, then by file and position).
    Enumerated once per knowledge base and question
    (:mod:`~dptaxonomy.reasoning.maps.per_base`): the same :class:`Chain` objects come
    back, with their parsed and composed maps.
    """
    key = (chains_between, source, target, conditional, max_steps)
    return list(kept_for(kb, key, lambda: _enumerate(kb, source, target, conditional, max_steps)))


def _enumerate(
    kb: KnowledgeBase, source: str, target: str, conditional: bool, max_steps: int
) -> tuple[Chain, ...]:
    if source == target:
        return ()
    edges = kb.mapped_edges(conditional=conditional)
    distance = _reaching(kb, target, conditional)
    if source not in distance or distance[source] > max_steps:
        return ()
    rank = kb.mapped_rank(conditional=conditional)
    found: list[Chain] = []

    def extend(node: str, path: list[Fact], seen: set[str]) -> None:
        if node == target:
            found.append(Chain(source, target, tuple(path)))
            return
        for fact in edges.get(node, ()):
            following = fact.b
            if following in seen or following not in distance:
                continue
            if len(path) + 1 + distance[following] > max_steps:
                continue
            path.append(fact)
            seen.add(following)
            extend(following, path, seen)
            seen.discard(following)
            path.pop()

    extend(source, [], {source})
    found.sort(key=lambda c: (len(c.steps), [rank[id(s)] for s in c.steps]))
    return tuple(found[:MAX_CHAINS])

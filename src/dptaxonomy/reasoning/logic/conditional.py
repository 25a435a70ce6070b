"""Conditional conclusions (rule K4): what holds only where restricting conditions do.

Facts with a restricting condition (K3) are kept out of the closures, so no
unconditional verdict rests on one. Here they are used, next to the
unconditional facts, to find chains that hold for a sub-family of the first
definition's parameters: the conjunction of every step's restricting
conditions, restated in the first definition's parameters where the maps
allow (:func:`dptaxonomy.reasoning.maps.composition.restated_conditions`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import cached_property

from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.cheapest import cheapest_chain, cheapest_tree, tree_chain
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.rules import Rule

__all__ = ["ConditionalSearch", "proof_conditions"]

CONDITIONAL_COST = 10
"""A restricting step costs as much as ten unconditional ones: prefer fewer conditions."""
CONJECTURE_COST = 1000


def _cost(fact: Fact) -> int:
    if fact.conjectured:
        return CONJECTURE_COST
    return CONDITIONAL_COST if fact.conditional else 1


def _order(fact: Fact) -> tuple[int, str, int, str]:
    origin = fact.origin  # a rule is a StrEnum: ordered as its value, without reading it
    return (_cost(fact), origin.file, origin.index, fact.rule)


class ConditionalSearch:
    """Cheapest chains through unconditional and conditional facts alike."""

    def __init__(
        self,
        kb: KnowledgeBase,
        unconditional: Mapping[FactKind, Mapping[str, list[Fact]]] | None = None,
    ) -> None:
        """``unconditional``: the unconditional facts by kind and implying definition, each
        list in :func:`_order`'s order (as :class:`~dptaxonomy.reasoning.logic.proofs.ProofSearch`
        indexes them: their costs agree, none being conditional), for the conditional facts
        to be merged into rather than every fact sorted again."""
        self.kb = kb
        index: dict[FactKind, dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
        if unconditional is None:
            for fact in (*kb.facts, *kb.conditional_facts):
                index[fact.kind][fact.a].append(fact)
            for by_node in index.values():
                for facts in by_node.values():
                    facts.sort(key=_order)
        else:
            added: dict[tuple[FactKind, str], list[Fact]] = defaultdict(list)
            for fact in kb.conditional_facts:
                added[fact.kind, fact.a].append(fact)
            for kind, shared in unconditional.items():
                index[kind].update(shared)  # shared lists: a search only reads them
            for (kind, a), facts in added.items():  # a stable sort, as of every fact at once
                index[kind][a] = sorted([*index[kind].get(a, ()), *facts], key=_order)
        self._forward = index

    def chain(self, kind: FactKind, a: str, b: str) -> tuple[Fact, ...] | None:
        """The cheapest chain of ``kind`` facts from ``a`` to ``b`` (Dijkstra), or None."""
        return cheapest_chain(self._forward[kind], a, b, _cost)

    def proof(self, kind: FactKind, a: str, b: str) -> Proof | None:
        """A conditional proof of ``a ≻ b`` (or ``a ⊂ b``): one with a restricting step."""
        return _proof(kind, a, b, self.chain(kind, a, b))

    def proofs_below(self, a: str, others: Iterable[str]) -> dict[str, Proof]:
        """The conditional proofs of ``a ≻ Y`` for each Y of ``others`` that has one.

        One search from ``a`` serves them all: each is the proof :meth:`proof` gives.
        """
        tree = cheapest_tree(self._forward[FactKind.stronger], a, _cost)
        found = {}
        for other in others:
            if other in tree and other != a:
                proof = _proof(FactKind.stronger, a, other, tuple(tree_chain(tree, other)))
                if proof is not None:
                    found[other] = proof
        return found

    def proofs_above(self, b: str, others: Iterable[str]) -> dict[str, Proof]:
        """The conditional proofs of ``Y ≻ b`` for each Y of ``others`` that has one.

        Each is the proof :meth:`proof` gives: its search only skips the definitions
        that do not reach ``b``, which lie on no chain to it.
        """
        forward = self._forward[FactKind.stronger]
        reaching = {b}
        frontier = [b]
        while frontier:
            node = frontier.pop()
            for fact in self._backward.get(node, ()):
                if fact.a not in reaching:
                    reaching.add(fact.a)
                    frontier.append(fact.a)
        found = {}
        for other in others:
            if other in reaching:
                steps = cheapest_chain(forward, other, b, _cost, lambda f: f.b in reaching)
                proof = _proof(FactKind.stronger, other, b, steps)
                if proof is not None:
                    found[other] = proof
        return found

    @cached_property
    def _backward(self) -> dict[str, list[Fact]]:
        """The ≻ facts into each definition (in no particular order: for reachability)."""
        index: dict[str, list[Fact]] = defaultdict(list)
        for facts in self._forward[FactKind.stronger].values():
            for fact in facts:
                index[fact.b].append(fact)
        return index


def _proof(kind: FactKind, a: str, b: str, steps: tuple[Fact, ...] | None) -> Proof | None:
    """The conditional proof a chain gives: None unless it has a restricting step."""
    if not steps or not any(step.conditional for step in steps):
        return None
    transitive = Rule.STRONGER_TRANSITIVE if kind is FactKind.stronger else Rule.EXTENDS_TRANSITIVE
    rules = {step.rule for step in steps} | {Rule.CONDITION_RESTRICTING, Rule.CONDITIONAL}
    if len(steps) > 1:
        rules.add(transitive)
    return Proof(
        Conclusion(kind.value),
        a,
        b,
        steps,
        tuple(sorted(rules, key=lambda r: r.value)),
    )


def proof_conditions(proof: Proof) -> tuple[str, ...]:
    """The conjunction a conditional proof rests on, in ``proof.a``'s parameters (K4, M2)."""
    from dptaxonomy.reasoning.maps.composition import restated_conditions  # maps: only if used

    return tuple(restated_conditions(proof.steps))

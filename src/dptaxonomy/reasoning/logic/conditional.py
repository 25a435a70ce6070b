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

from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.cheapest import cheapest_chain
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.reasoning.maps.composition import restated_conditions

__all__ = ["ConditionalSearch", "proof_conditions"]

CONDITIONAL_COST = 10
"""A restricting step costs as much as ten unconditional ones: prefer fewer conditions."""
CONJECTURE_COST = 1000


def _cost(fact: Fact) -> int:
    if fact.conjectured:
        return CONJECTURE_COST
    return CONDITIONAL_COST if fact.conditional else 1


def _order(fact: Fact) -> tuple[int, str, int, str]:
    return (_cost(fact), fact.origin.file, fact.origin.index, fact.rule.value)


class ConditionalSearch:
    """Cheapest chains through unconditional and conditional facts alike."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        index: dict[FactKind, dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
        for fact in (*kb.facts, *kb.conditional_facts):
            index[fact.kind][fact.a].append(fact)
        for by_node in index.values():
            for facts in by_node.values():
                facts.sort(key=_order)
        self._forward = index

    def chain(self, kind: FactKind, a: str, b: str) -> tuple[Fact, ...] | None:
        """The cheapest chain of ``kind`` facts from ``a`` to ``b`` (Dijkstra), or None."""
        return cheapest_chain(self._forward[kind], a, b, _cost)

    def proof(self, kind: FactKind, a: str, b: str) -> Proof | None:
        """A conditional proof of ``a ≻ b`` (or ``a ⊂ b``): one with a restricting step."""
        steps = self.chain(kind, a, b)
        if not steps or not any(step.conditional for step in steps):
            return None
        transitive = (
            Rule.STRONGER_TRANSITIVE if kind is FactKind.stronger else Rule.EXTENDS_TRANSITIVE
        )
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
    return tuple(restated_conditions(proof.steps))

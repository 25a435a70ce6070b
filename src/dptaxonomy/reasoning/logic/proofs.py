"""Proofs of derived facts: the simplest chain of asserted, cited facts.

"Simplest" means fewest steps, with conjectured facts costing far more than
established ones, and ties broken by file and position so proofs are
deterministic. Searches only walk nodes from which the goal is reachable, so
a proof costs little more than its own length.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cached_property

from dptaxonomy.base.gcpause import collector_paused
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.cheapest import Tree, cheapest_chain, cheapest_tree, tree_chain
from dptaxonomy.reasoning.logic.closure import Closure
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proof import Conclusion, Proof
from dptaxonomy.reasoning.logic.rules import Rule

__all__ = ["Conclusion", "Proof", "ProofSearch"]

CONJECTURE_COST = 1000
MEMO_ENTRIES = 1_000_000  # distances kept for reuse before the memo is emptied


def _cost(fact: Fact) -> int:
    return CONJECTURE_COST if fact.conjectured else 1


def _order(fact: Fact) -> tuple[int, str, int, str]:
    origin = fact.origin  # a rule is a StrEnum: ordered as its value, without reading it
    return (_cost(fact), origin.file, origin.index, fact.rule)


class ProofSearch:
    """Finds the simplest proof of a fact derivable in a knowledge base."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self._memo: dict[tuple[str, bool, bool], Tree] = {}
        self._memo_size = 0
        self._candidates: tuple[str, list[tuple[int, tuple[int, str, int, str], Fact]]] | None
        self._candidates = None

    @cached_property
    def _forward(self) -> dict[FactKind, dict[str, list[Fact]]]:
        index: dict[FactKind, dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
        with collector_paused():
            for fact in self.kb.facts:
                index[fact.kind][fact.a].append(fact)
            for by_node in index.values():
                for facts in by_node.values():
                    facts.sort(key=_order)
        return index

    @property
    def forward_index(self) -> dict[FactKind, dict[str, list[Fact]]]:
        """The facts by kind and implying definition, each list cheapest first, then by file
        and position (what the searches walk; a caller must not change it)."""
        return self._forward

    @cached_property
    def _backward(self) -> dict[str, list[Fact]]:
        return self._index(self.kb.stronger_facts, backward=True)

    @cached_property
    def _carriers(self) -> list[Fact]:
        """The ⊂ facts a witness is carried along (rules W5, W6)."""
        return [f for f in self.kb.extends_facts if not f.origin.outside_domain]

    @cached_property
    def _carry_forward(self) -> dict[str, list[Fact]]:
        return self._index([*self.kb.stronger_facts, *self._carriers], backward=False)

    @cached_property
    def _carry_backward(self) -> dict[str, list[Fact]]:
        return self._index([*self.kb.stronger_facts, *self._carriers], backward=True)

    @staticmethod
    def _index(facts: list[Fact], *, backward: bool) -> dict[str, list[Fact]]:
        index: dict[str, list[Fact]] = defaultdict(list)
        for fact in facts:
            index[fact.b if backward else fact.a].append(fact)
        for found in index.values():
            found.sort(key=_order)
        return index

    def _chain(
        self,
        kind: FactKind,
        closure: Closure,
        a: str,
        b: str,
        exclude: Fact | None = None,
        allowed: Callable[[Fact], bool] | None = None,
    ) -> tuple[Fact, ...] | None:
        """Cheapest chain of ``kind`` facts from a to b (Dijkstra, pruned by the closure).

        ``exclude`` leaves one asserted fact out (to test whether it is redundant).
        """
        if not closure.reaches(a, b):
            return None

        def admissible(fact: Fact) -> bool:
            if fact is exclude or not closure.reaches(fact.b, b):
                return False
            return allowed is None or allowed(fact)

        return cheapest_chain(self._forward[kind], a, b, _cost, admissible)

    @staticmethod
    def _rules(steps: tuple[Fact, ...], *extra: Rule) -> tuple[Rule, ...]:
        rules = {step.rule for step in steps} | set(extra)
        return tuple(sorted(rules, key=lambda r: r.value))

    def stronger(self, a: str, b: str, *, alone: bool = False) -> Proof | None:
        """Proof of ``a ≻ b``, or None when it is not derivable.

        The chain is read off the (memoised) cheapest-path tree from ``a``; it is
        the chain :meth:`_chain` finds, since pruning by the closure only skips
        nodes that cannot lie on a path to ``b``. With ``alone`` it is :meth:`_chain`'s
        search, kept nowhere: cheaper for proofs into one ``b`` from many starts.
        """
        if not self.kb.strength.reaches(a, b):
            return None
        if alone:
            chain = self._chain(FactKind.stronger, self.kb.strength, a, b) or ()
        else:
            chain = tuple(tree_chain(self._distances(a, backward=False), b, backward=False))
        extra = (
            (Rule.STRONGER_REFLEXIVE,)
            if not chain
            else ((Rule.STRONGER_TRANSITIVE,) if len(chain) > 1 else ())
        )
        return Proof(Conclusion.stronger, a, b, chain, self._rules(chain, *extra))

    def parametric(self, a: str, b: str) -> Proof | None:
        """The simplest proof of ``a ≻ b`` whose every step carries a parameter map.

        Its composed map (:func:`dptaxonomy.reasoning.maps.parameters.composed_map`) says
        which parameters of ``b`` the chain guarantees; None when that map is undefined
        (:func:`dptaxonomy.reasoning.maps.parameters.composition_problem`).
        """
        from dptaxonomy.reasoning.maps.parameters import composition_problem, step_map

        if a == b:
            return None

        def mapped(fact: Fact) -> bool:
            # an E3 step's map is its special case's, which chains use as a ⊂ step (M1)
            return fact.rule is not Rule.PERFECT_PRIVACY and step_map(fact) is not None

        chain = self._chain(FactKind.stronger, self.kb.strength, a, b, allowed=mapped)
        if not chain:
            return None
        extra = (Rule.STRONGER_TRANSITIVE,) if len(chain) > 1 else ()
        proof = Proof(Conclusion.stronger, a, b, chain, self._rules(chain, *extra))
        return None if composition_problem(proof) is not None else proof

    def derived(self) -> Iterator[Proof]:
        """A proof of every ≻ and ¬≻ fact that is derived but not asserted as such (a ≠ b)."""
        kb = self.kb
        asserted = {(f.kind, f.a, f.b) for f in kb.facts}
        for a in kb.info:
            for kind, targets, prove in (
                (FactKind.stronger, kb.strength.descendants(a), self.stronger),
                (FactKind.not_stronger, kb.not_stronger_targets(a), self.not_stronger),
            ):
                for b in targets:
                    if a != b and (kind, a, b) not in asserted:
                        proof = prove(a, b)
                        assert proof is not None  # the closure says it is derivable
                        yield proof

    def without(self, fact: Fact, kind: FactKind, a: str, b: str) -> Proof | None:
        """A proof of ``a KIND b`` that does not use ``fact``, if one exists."""
        closure = self.kb.strength if kind is FactKind.stronger else self.kb.extension
        chain = self._chain(kind, closure, a, b, exclude=fact)
        if not chain:
            return None
        transitive = (
            Rule.STRONGER_TRANSITIVE if kind is FactKind.stronger else Rule.EXTENDS_TRANSITIVE
        )
        extra = (transitive,) if len(chain) > 1 else ()
        return Proof(Conclusion(kind.value), a, b, chain, self._rules(chain, *extra))

    def extends(self, a: str, b: str) -> Proof | None:
        """Proof of ``a ⊂ b``, or None when it is not derivable."""
        chain = self._chain(FactKind.extends, self.kb.extension, a, b)
        if chain is None:
            return None
        extra = (
            (Rule.EXTENDS_REFLEXIVE,)
            if not chain
            else ((Rule.EXTENDS_TRANSITIVE,) if len(chain) > 1 else ())
        )
        return Proof(Conclusion.extends, a, b, chain, self._rules(chain, *extra))

    def _distances(self, start: str, *, backward: bool, carry: bool = False) -> Tree:
        """Cheapest cost to reach each node from ``start`` along ≻ (or against it), memoised.

        Proving every ¬≻ pair (as the exports do) reuses each search instead of
        repeating it per pair; the memo is emptied when it holds more than
        ``MEMO_ENTRIES`` distances, so memory stays bounded.
        """
        key = (start, backward, carry)
        found = self._memo.get(key)
        if found is None:
            found = self._search_distances(start, backward=backward, carry=carry)
            if self._memo_size + len(found) > MEMO_ENTRIES:
                self._memo.clear()
                self._memo_size = 0
            self._memo[key] = found
            self._memo_size += len(found)
        return found

    def _search_distances(self, start: str, *, backward: bool, carry: bool) -> Tree:
        """Cheapest costs along ≻ (with ``carry``, along ⊂ too), forward or backward."""
        if carry:
            index = self._carry_backward if backward else self._carry_forward
        else:
            index = self._backward if backward else self._forward[FactKind.stronger]
        return cheapest_tree(index, start, _cost, backward=backward)

    def _separations_above(
        self, a: str, above_a: Tree
    ) -> list[tuple[int, tuple[int, str, int, str], Fact]]:
        """Separations X ¬≻ Y with X ≻ a, each with the cost of reaching it from a."""
        if self._candidates is None or self._candidates[0] != a:
            found = [
                (above_a[s.a][0] + _cost(s), _order(s), s)
                for s in self.kb.separations
                if s.a in above_a
            ]
            self._candidates = (a, found)
        return self._candidates[1]

    def not_stronger(self, a: str, b: str) -> Proof | None:
        """Proof of ``¬(a ≻ b)`` by rule N1 (a witness also along ⊂: W5, W6), or None."""
        if not self.kb.is_not_stronger(a, b):
            return None
        above_a = self._distances(a, backward=True)  # X with X ≻ a
        below_b = self._distances(b, backward=False)  # Y with b ≻ Y
        candidates = [
            (cost + below_b[s.b][0], order, s)
            for cost, order, s in self._separations_above(a, above_a)
            if s.b in below_b
        ]
        if not candidates:  # only a witness carried along ⊂ decides it (W5, W6)
            above_a = self._distances(a, backward=True, carry=True)
            below_b = self._distances(b, backward=False, carry=True)
            candidates = [
                (above_a[s.a][0] + _cost(s) + below_b[s.b][0], _order(s), s)
                for s in self.kb.separations
                if s.origin.witness is not None and s.a in above_a and s.b in below_b
            ]
        _, _, separation = min(candidates, key=lambda c: (c[0], c[1]))
        before = tree_chain(above_a, separation.a, backward=True)
        after = tree_chain(below_b, separation.b, backward=False)
        steps = (*before, separation, *after)
        extra = _chain_rules(before, after, witness=separation.rule is Rule.WITNESS)
        return Proof(Conclusion.not_stronger, a, b, steps, self._rules(steps, *extra))

    def carried(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """The cheapest chain of ≻ and usable ⊂ facts from a to b with a ⊂ step, or None."""
        best = self._distances(a, backward=False, carry=True)
        if b not in best or a == b:
            return None
        chain = tuple(tree_chain(best, b, backward=False))
        return chain if any(f.kind is FactKind.extends for f in chain) else None


def _chain_rules(before: list[Fact], after: list[Fact], *, witness: bool) -> tuple[Rule, ...]:
    """The rules a separation proof's chains use (docs/reasoning.md, N- and W-rules).

    Before a witness, a ≻ step is W1 and a ⊂ step W5; after it, W2 and W6. A
    chain of ≻ steps only (any separation) is N1 with S2 when it is long; a
    chain with a ⊂ step is applied step by step (W1/W5, W2/W6), without S2.
    """
    rules: set[Rule] = {Rule.SEPARATION_PROPAGATION} if before or after else set()
    carried = any(f.kind is FactKind.extends for f in (*before, *after))
    if not carried and (len(before) > 1 or len(after) > 1):
        rules.add(Rule.STRONGER_TRANSITIVE)
    if not witness:
        return tuple(rules)
    for chain, stronger, extends in (
        (before, Rule.WITNESS_SATISFIES, Rule.WITNESS_CARRIED_SATISFIES),
        (after, Rule.WITNESS_VIOLATES, Rule.WITNESS_CARRIED_VIOLATES),
    ):
        kinds = {f.kind for f in chain}
        if FactKind.stronger in kinds:
            rules.add(stronger)
        if FactKind.extends in kinds:
            rules.add(extends)
    return tuple(rules)

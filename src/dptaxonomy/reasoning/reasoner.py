"""Questions answered by the reasoner.

relate, stronger/weaker than, explain, contradictions, open questions, redundancy.

Every answer is plain data with its proofs; :mod:`dptaxonomy.reasoning.jsonform`
gives their JSON form and :mod:`dptaxonomy.queries` wraps them as results.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from functools import cached_property

from dptaxonomy.base.records import field, record
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.logic.facts import Fact, FactKind
from dptaxonomy.reasoning.logic.proofs import Proof, ProofSearch
from dptaxonomy.reasoning.logic.rules import Rule
from dptaxonomy.schema.enums import Scope

TYPE_CHECKING = False
if TYPE_CHECKING:  # chains, conditions and equivalences load when relate needs them
    from typing import Any

    from dptaxonomy.reasoning.logic.conditional import ConditionalSearch
    from dptaxonomy.reasoning.logic.contradictions import Contradiction
    from dptaxonomy.reasoning.logic.equivalence import EquivalenceMaps
    from dptaxonomy.reasoning.maps.ranking import ParametricChain

__all__ = [
    "ConditionalVerdict",
    "Extension",
    "Neighbour",
    "OpenQuestion",
    "Reasoner",
    "Relationship",
    "Verdict",
]


class Verdict(StrEnum):
    """How ``a`` compares with ``b`` under ≻ (the ``verdict`` of ``dptax relate``)."""

    equivalent = "equivalent"
    stronger = "stronger"
    """a ≻ b (``strict`` says whether ¬(b ≻ a) is known too)."""
    weaker = "weaker"
    """b ≻ a."""
    incomparable = "incomparable"
    """¬(a ≻ b) and ¬(b ≻ a)."""
    not_stronger = "not_stronger"
    """¬(a ≻ b) only."""
    not_weaker = "not_weaker"
    """¬(b ≻ a) only."""
    unknown = "unknown"


class Extension(StrEnum):
    """How ``a`` and ``b`` relate under ⊂ (the ``extension`` of ``dptax relate``)."""

    same = "same"
    a_special_case_of_b = "a_special_case_of_b"
    b_special_case_of_a = "b_special_case_of_a"
    none = "none"


@record
class ConditionalVerdict:
    """What holds only under restricting conditions (rule K4), apart from the verdict."""

    verdict: Verdict | Extension
    conditions: tuple[str, ...]
    """The conjunction the conclusion rests on, restated in the first definition's parameters."""
    proofs: tuple[Proof, ...]

    @property
    def vacuous(self) -> bool:
        """Whether a restated condition can never hold (rule M4): the conclusion says nothing."""
        return any(c.endswith("[never holds: rule M4]") for c in self.conditions)


@record
class Relationship:
    """What is known about two definitions (the answer of ``dptax relate``)."""

    a: str
    b: str
    verdict: Verdict
    strict: bool
    extension: Extension
    proofs: tuple[Proof, ...]
    contradictory: bool = False
    parametric: Proof | None = None
    """For ≻ (either way): the simplest proof whose every step maps parameters, if any."""
    conditional: tuple[ConditionalVerdict, ...] = ()
    """Conclusions that hold only under restricting conditions (never part of ``verdict``)."""
    chains: tuple[ParametricChain, ...] = ()
    """Every parametric chain for the ≻ found, tightest first (``parametric`` is the first)."""
    equivalence: EquivalenceMaps | None = None
    """For ``equivalent``: whether parameters change (rules R1, R2), with the maps."""


@record
class Neighbour:
    """A definition on one side of another, with how we know."""

    id: str
    name: str
    derived: bool
    equivalent: bool
    proof: Proof
    conditions: tuple[str, ...] = ()
    """For a conditional neighbour: the conditions its proof rests on (rule K4)."""


@record
class OpenQuestion:
    """An undecided question "a ≻ b?" and how many other open questions settling it decides."""

    a: str
    b: str
    decides: int
    a_class: tuple[str, ...] = field(default=())
    b_class: tuple[str, ...] = field(default=())
    core: bool = False
    """Both sides are in the practitioner's core (those questions are listed first)."""


class Reasoner:
    """The queries users ask, over one knowledge base."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.search = ProofSearch(kb)

    @cached_property
    def conditional_search(self) -> ConditionalSearch:
        """Chains through conditional facts too (rule K4)."""
        from dptaxonomy.reasoning.logic.conditional import ConditionalSearch

        return ConditionalSearch(self.kb, self.search.forward_index)

    def conditional_relations(
        self, a: str, b: str, forward: bool, backward: bool, a_in_b: bool, b_in_a: bool
    ) -> tuple[ConditionalVerdict, ...]:
        """What holds between ``a`` and ``b`` only under conditions, given what holds outright."""
        if a == b or not self.kb.conditional_facts:
            return ()
        search = self.conditional_search
        found: list[ConditionalVerdict] = []
        there = None if forward else search.proof(FactKind.stronger, a, b)
        back = None if backward else search.proof(FactKind.stronger, b, a)
        if (there or back) and (forward or there) and (backward or back):
            proofs = tuple(p for p in (there, back) if p is not None)
            found.append(ConditionalVerdict(Verdict.equivalent, _conditions(proofs, a), proofs))
        elif there is not None:
            found.append(ConditionalVerdict(Verdict.stronger, _conditions((there,), a), (there,)))
        elif back is not None:
            found.append(ConditionalVerdict(Verdict.weaker, _conditions((back,), a), (back,)))
        for holds, x, y, label in (
            (a_in_b, a, b, Extension.a_special_case_of_b),
            (b_in_a, b, a, Extension.b_special_case_of_a),
        ):
            proof = None if holds else search.proof(FactKind.extends, x, y)
            if proof is not None:
                found.append(ConditionalVerdict(label, _conditions((proof,), a), (proof,)))
        return tuple(found)

    def relationship(self, a: str, b: str, *, parametric: bool = True) -> Relationship:
        """The relation between ``a`` and ``b``: verdict, strictness, extension, proofs.

        With ``parametric=False`` the answer leaves out what only ``relate`` shows (the
        parametric chains and proof, an equivalence's maps): ``explain`` needs none of them.
        """
        kb, search = self.kb, self.search
        forward, backward = kb.is_stronger(a, b), kb.is_stronger(b, a)
        not_forward, not_backward = kb.is_not_stronger(a, b), kb.is_not_stronger(b, a)
        proofs: list[Proof | None] = []
        strict = False
        if forward and backward:
            verdict = Verdict.equivalent
            proofs += [search.stronger(a, b)] + ([search.stronger(b, a)] if a != b else [])
        elif forward:
            verdict, strict = Verdict.stronger, not_backward
            proofs += [search.stronger(a, b), search.not_stronger(b, a) if strict else None]
        elif backward:
            verdict, strict = Verdict.weaker, not_forward
            proofs += [search.stronger(b, a), search.not_stronger(a, b) if strict else None]
        elif not_forward and not_backward:
            verdict = Verdict.incomparable
            proofs += [search.not_stronger(a, b), search.not_stronger(b, a)]
        elif not_forward:
            verdict = Verdict.not_stronger
            proofs.append(search.not_stronger(a, b))
        elif not_backward:
            verdict = Verdict.not_weaker
            proofs.append(search.not_stronger(b, a))
        else:
            verdict = Verdict.unknown
        a_in_b, b_in_a = kb.is_extension(a, b), kb.is_extension(b, a)
        if a == b or (a_in_b and b_in_a):
            extension = Extension.same
            proofs += [search.extends(a, b)] if a != b else []
        elif a_in_b:
            extension = Extension.a_special_case_of_b
            proofs.append(search.extends(a, b))
        elif b_in_a:
            extension = Extension.b_special_case_of_a
            proofs.append(search.extends(b, a))
        else:
            extension = Extension.none
        contradictory = (forward and not_forward) or (backward and not_backward)
        conditional = self.conditional_relations(a, b, forward, backward, a_in_b, b_in_a)
        mapped = None
        chains: list[ParametricChain] = []
        if parametric and (forward or backward):
            from dptaxonomy.reasoning.maps.ranking import parametric_chains

            x, y = (a, b) if forward else (b, a)
            chains = parametric_chains(kb, x, y)
            mapped = chains[0].proof if chains else search.parametric(x, y)
        return Relationship(
            a,
            b,
            verdict,
            strict,
            extension,
            tuple(p for p in proofs if p is not None),
            contradictory,
            mapped,
            conditional,
            tuple(chains),
            _equivalence(kb, a, b) if parametric and verdict is Verdict.equivalent else None,
        )

    def stronger_than(self, x: str) -> list[Neighbour]:
        """Every definition Y with Y ≻ x (x itself excluded), by id."""
        return self._side(
            x, self.kb.strength.ancestors(x), lambda y: self.search.stronger(y, x, alone=True)
        )

    def weaker_than(self, x: str) -> list[Neighbour]:
        """Every definition Y with x ≻ Y (x itself excluded), by id."""
        return self._side(x, self.kb.strength.descendants(x), lambda y: self.search.stronger(x, y))

    def conditionally_stronger_than(self, x: str) -> list[Neighbour]:
        """Every Y with Y ≻ x only under restricting conditions (rule K4), by id."""
        return self._conditional_side(x, stronger=True)

    def conditionally_weaker_than(self, x: str) -> list[Neighbour]:
        """Every Y with x ≻ Y only under restricting conditions (rule K4), by id."""
        return self._conditional_side(x, stronger=False)

    def _conditional_side(self, x: str, *, stronger: bool) -> list[Neighbour]:
        kb = self.kb
        if not kb.conditional_facts:
            return []
        outright = set(kb.strength.ancestors(x) if stronger else kb.strength.descendants(x))
        others = [other for other in sorted(kb.info) if other not in outright]
        search = self.conditional_search
        found = search.proofs_above(x, others) if stronger else search.proofs_below(x, others)
        result = []
        for other, proof in found.items():
            conditions = _conditions((proof,), proof.a)
            result.append(Neighbour(other, kb.info[other].name, True, False, proof, conditions))
        return result

    def _side(self, x: str, ids: list[str], prove: Any) -> list[Neighbour]:
        info = self.kb.info
        result = []
        for other in ids:
            if other == x:
                continue
            proof: Proof = prove(other)
            result.append(
                Neighbour(
                    other,
                    info[other].name,
                    proof.derived,
                    self.kb.strength.same_class(x, other),
                    proof,
                )
            )
        return result

    def nearest_facts(self, a: str, b: str, limit: int = 6) -> list[Fact]:
        """Asserted facts about ``a`` or ``b``, for explaining an unknown relation."""
        near = [f for f in self.kb.facts if {f.a, f.b} & {a, b}]
        near.sort(key=lambda f: (f.a not in (a, b), f.origin.file, f.origin.index, f.a, f.b))
        return near[: 2 * limit]

    @cached_property
    def contradictions(self) -> list[Contradiction]:
        """Every contradiction, with its minimal set of facts."""
        from dptaxonomy.reasoning.logic.contradictions import find_contradictions

        return find_contradictions(self.kb)

    def open_questions(
        self,
        scope: Scope | None = None,
        limit: int | None = None,
        first: Collection[str] | None = None,
    ) -> list[OpenQuestion]:
        """Undecided questions "A ≻ B?", most decisive first.

        Settling "A ≻ B" as true decides every open "X ≻ Y" with X above A and
        Y below B; settling it as false decides every open "X ≻ Y" with X
        below A and Y above B (rule N1). The score counts both, at the level
        of equivalence classes, weighted by class sizes. Questions about two
        definitions of ``first`` (by default the practitioner's core) come
        first, ranked by the same score over every open question.
        """
        from dptaxonomy.reasoning.logic.questions import rank_open_questions

        if first is None:
            first = self.kb.core
        members = self.kb.strength.members
        ranked = []
        if first:
            ranked = [(True, q) for q in rank_open_questions(self.kb, scope, limit, first)]
        if limit is None or len(ranked) < limit:
            inner = {(q[3], q[4]) for _, q in ranked}
            rest = rank_open_questions(self.kb, scope, limit)  # the inner ones may be among them
            ranked += [(False, q) for q in rest if (q[3], q[4]) not in inner]
        return [
            OpenQuestion(a, b, -negated, members[index], members[other], core)
            for core, (negated, a, b, index, other) in ranked[:limit]
        ]

    def redundant(self) -> list[tuple[Fact, Proof]]:
        """Asserted ≻ and ⊂ facts that the other facts already prove, with that proof."""
        found = []
        for kind in (FactKind.stronger, FactKind.extends):
            for (a, b), facts in sorted(self.kb.facts_between(kind).items()):
                if any(f.rule is Rule.EQUIVALENCE for f in facts):
                    continue
                for fact in facts:
                    proof = self.search.without(fact, kind, a, b)
                    if proof is not None:
                        found.append((fact, proof))
        return found


def _equivalence(kb: KnowledgeBase, a: str, b: str) -> EquivalenceMaps:
    from dptaxonomy.reasoning.logic.equivalence import equivalence_maps

    return equivalence_maps(kb, a, b)


def _conditions(proofs: tuple[Proof, ...], a: str) -> tuple[str, ...]:
    """The conjunction of the proofs' conditions; those over another definition say so."""
    from dptaxonomy.reasoning.logic.conditional import proof_conditions

    result: list[str] = []
    for proof in proofs:
        for condition in proof_conditions(proof):
            text = (
                condition
                if proof.a == a or "(over " in condition
                else (f"{condition} (over {proof.a}'s parameters)")
            )
            if text not in result:
                result.append(text)
    return tuple(result)

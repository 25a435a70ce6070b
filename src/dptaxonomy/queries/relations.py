"""How two definitions relate, why, and what lies on either side of one.

The results of ``dptax relate``, ``explain``, ``stronger-than`` and ``weaker-than``.
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.records import record
from dptaxonomy.queries.results import json_document
from dptaxonomy.queries.textview import fact_line, proof_text
from dptaxonomy.reasoning.jsonform import fact_data, proof_data
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.reasoner import (
    ConditionalVerdict,
    Reasoner,
    Relationship,
    Verdict,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.queries.convert import ConvertResult
    from dptaxonomy.reasoning.logic.equivalence import EquivalenceMaps
    from dptaxonomy.reasoning.maps.ranking import ParametricChain

__all__ = [
    "ExplainResult",
    "RelateResult",
    "explain_result",
    "relate_result",
]


@record
class RelateResult:
    """The answer of ``dptax relate A B``."""

    relationship: Relationship
    numbers: ConvertResult | None = None
    """With parameters given: the conversion along the implication (``dptax convert``)."""
    operations: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = ()
    """What each side promises under operations: (definition, its rules as (operation, line,
    citation key)), for the sides that state rules."""

    @property
    def verdict(self) -> Verdict:
        """How ``a`` compares with ``b``: equivalent, stronger, weaker, incomparable, …"""
        return self.relationship.verdict

    @property
    def strict(self) -> bool:
        """For stronger or weaker: whether the converse is known to fail."""
        return self.relationship.strict

    def to_json(self) -> dict[str, Any]:
        r = self.relationship
        return json_document(
            {
                "a": r.a,
                "b": r.b,
                "verdict": r.verdict.value,
                "strict": r.strict,
                "extension": r.extension.value,
                "contradictory": r.contradictory,
                "proofs": [proof_data(p) for p in r.proofs],
                "parametric_proof": proof_data(r.parametric) if r.parametric else None,
                "parametric_chains": [{**c.data(), "proof": proof_data(c.proof)} for c in r.chains],
                "conditional": [conditional_data(c) for c in r.conditional],
                "equivalence": equivalence_data(r.equivalence),
                **({"numbers": _numbers(self.numbers)} if self.numbers is not None else {}),
                "operations": {
                    side: [
                        {"operation": o, "rule": line, "citation": key} for o, line, key in rules
                    ]
                    for side, rules in self.operations
                },
            }
        )

    def to_text(self) -> str:
        r = self.relationship
        strict = " (strictly)" if r.strict else ""
        verdict = str(r.verdict)
        if r.equivalence is not None:
            from dptaxonomy.reasoning.logic.equivalence import EquivalenceKind

            eq = r.equivalence
            verdict = (
                "equivalent with the same parameters (rule R1)"
                if eq.kind is EquivalenceKind.same_parameters
                else "equivalent up to a change of parameters (rule R2)"
                if eq.forward is not None and eq.backward is not None
                else "equivalent, possibly up to a change of parameters "
                "(rule R2: the cited facts do not map them both ways)"
            )
        parts = [f"{r.a} vs {r.b}: {verdict}{strict}; extension: {r.extension}"]
        if r.equivalence is not None:
            for label, chain in (
                ("a to b", r.equivalence.forward),
                ("b to a", r.equivalence.backward),
            ):
                if chain is not None:
                    mapping = ", ".join(f"{k} = {v}" for k, v in chain.mapping.items())
                    parts.append(f"  map {label}: {chain.proof.b} with {mapping}")
        if r.contradictory:
            parts.append("WARNING: contradictory: both a fact and its negation are derivable")
        parts += ["\n" + proof_text(proof) for proof in r.proofs]
        if r.chains:
            parts += chains_text(r.chains, r.proofs)
        elif r.parametric is not None and r.parametric not in r.proofs:
            parts.append("\nWith parameters (every step of this chain maps them):")
            parts.append(proof_text(r.parametric))
        parts += conditional_text(r.conditional)
        if self.operations:
            parts.append("\nWhat each promises under operations (docs/operations.md):")
            for side, rules in self.operations:
                parts.append(f"  {side}")
                parts += [f"    {line} [{key}]" for _, line, key in rules]
        if self.numbers is not None:
            parts.append("\nWith the parameters given (as `dptax convert` computes them):")
            answer = self.numbers.to_text().splitlines()
            parts += [answer[0], *(line for line in answer if line.startswith("Raised: "))]
        return "\n".join(parts)


def _numbers(result: ConvertResult) -> dict[str, Any]:
    data = result.to_json()
    keys = ("source", "target", "from", "to", "proof", "free", "raised")
    return {key: data[key] for key in keys}


def relate_result(
    reasoner: Reasoner,
    a: str,
    b: str,
    source_given: Mapping[str, str] | None = None,
    target_given: Mapping[str, str] | None = None,
) -> RelateResult:
    """How the definitions named ``a`` and ``b`` relate, with proofs.

    With ``source_given`` (parameters of whichever of the two implies the
    other) the answer also carries the tightest numbers along the implication,
    exactly as :func:`dptaxonomy.queries.convert.convert_result` gives them.
    """
    kb = reasoner.kb
    relationship = reasoner.relationship(kb.resolve(a), kb.resolve(b))
    sides = dict.fromkeys((relationship.a, relationship.b))
    operations = tuple(
        (side, kb.info[side].operation_rules) for side in sides if kb.info[side].operation_rules
    )
    if not source_given and not target_given:
        return RelateResult(relationship, operations=operations)
    from dptaxonomy.queries.convert import convert_result

    forward = relationship.verdict in (Verdict.stronger, Verdict.equivalent)
    first, second = (
        (relationship.a, relationship.b) if forward else (relationship.b, relationship.a)
    )
    if relationship.verdict not in (Verdict.stronger, Verdict.weaker, Verdict.equivalent):
        first, second = relationship.a, relationship.b  # convert refuses with the reason
    numbers = convert_result(kb, first, second, source_given or {}, target_given or {})
    return RelateResult(relationship, numbers, operations)


@record
class ExplainResult:
    """The answer of ``dptax explain A B``: the proofs, or the nearest known facts."""

    relationship: Relationship
    """The verdict and its proofs, without what only ``relate`` shows (parametric chains,
    an equivalence's maps): :meth:`Reasoner.relationship` with ``parametric=False``."""
    nearest: tuple[Fact, ...]

    @property
    def verdict(self) -> Verdict:
        """How ``a`` compares with ``b`` (as :attr:`RelateResult.verdict`)."""
        return self.relationship.verdict

    def to_json(self) -> dict[str, Any]:
        r = self.relationship
        return json_document(
            {
                "a": r.a,
                "b": r.b,
                "verdict": r.verdict.value,
                "proofs": [proof_data(p) for p in r.proofs],
                "conditional": [conditional_data(c) for c in r.conditional],
                "nearest_facts": [fact_data(f) for f in self.nearest],
            }
        )

    def to_text(self) -> str:
        r = self.relationship
        if r.proofs or r.conditional:
            return "\n".join(
                [
                    f"{r.a} vs {r.b}: {r.verdict}",
                    *("\n" + proof_text(p) for p in r.proofs),
                    *conditional_text(r.conditional),
                ]
            )
        lines = [
            f"{r.a} vs {r.b}: {Verdict.unknown}; no fact relates them, directly or by the rules."
        ]
        if self.nearest:
            lines.append("Nearest known facts:")
            lines += [f"  {fact_line(fact)}" for fact in self.nearest]
        return "\n".join(lines)


def explain_result(reasoner: Reasoner, a: str, b: str) -> ExplainResult:
    """Why ``a`` relates to ``b`` as it does (the nearest facts when nothing is known)."""
    kb = reasoner.kb
    answer = reasoner.relationship(kb.resolve(a), kb.resolve(b), parametric=False)
    nearest = (
        ()
        if answer.proofs or answer.conditional
        else tuple(reasoner.nearest_facts(answer.a, answer.b))
    )
    return ExplainResult(answer, nearest)


def chains_text(chains: tuple[ParametricChain, ...], shown: tuple[Proof, ...]) -> list[str]:
    """The tightest parametric chain in full, the others as one line each."""
    first = chains[0]
    ranking = (
        "the only parametric chain"
        if len(chains) == 1
        else "tightest of the chains evaluated on a grid of parameters"
        if first.tightest
        else "tightness not decided: compare the alternatives"
    )
    lines = [f"\nWith parameters (every step maps them; {ranking}):"]
    if first.proof not in shown or len(first.proof.steps) == 1:
        lines.append(proof_text(first.proof))
    lines += _chain_facts(first)
    if len(chains) > 1:
        lines.append(f"  {len(chains) - 1} other parametric chain(s):")
        for chain in chains[1:]:
            route = " ≻ ".join([chain.proof.a, *(s.b for s in chain.proof.steps)])
            mapping = ", ".join(f"{k} = {v}" for k, v in chain.mapping.items())
            vacuous = "" if chain.feasible else " [vacuous: its conditions cannot hold]"
            if not chain.evaluated:
                vacuous += " [not evaluated on the grid]"
            conditions = f"; if {' and '.join(chain.conditions)}" if chain.conditions else ""
            lines.append(f"    {route}: {mapping}{conditions}{vacuous}")
    return lines


def _chain_facts(chain: ParametricChain) -> list[str]:
    mapping = ", ".join(f"{k} = {v}" for k, v in chain.mapping.items())
    lines = [f"  guarantee: {chain.proof.b} with {mapping}"]
    if chain.choices:
        lines.append(f"  fixed by the steps (rule K2): {'; '.join(chain.choices)}")
    if chain.conditions:
        lines.append(f"  conditions: {' and '.join(chain.conditions)}")
    if chain.unchecked:
        lines.append("  (conditions not checked symbolically: " + "; ".join(chain.unchecked) + ")")
    if not chain.feasible:
        lines.append("  vacuous: a constant the maps assign violates a condition (rule M4)")
    if chain.free:
        names = ", ".join(chain.free)
        for fresh, definition, own in chain.renamed:
            lines.append(f"  {fresh} is {own} of {definition} (renamed: the name {own} is taken)")
        lines.append(
            f"  free: {names}; the bound holds for every value of {names}, "
            "so it can be optimised over them (rule M3)"
        )
    return lines


def equivalence_data(maps: EquivalenceMaps | None) -> dict[str, Any] | None:
    """JSON form of an equivalence's kind and maps (None when not equivalent)."""
    if maps is None:
        return None
    return {
        "kind": maps.kind.value,
        "rule": maps.rule,
        "maps": {
            "a_to_b": maps.forward.mapping if maps.forward else None,
            "b_to_a": maps.backward.mapping if maps.backward else None,
        },
    }


def conditional_data(c: ConditionalVerdict) -> dict[str, Any]:
    """JSON form of one conditional conclusion: verdict, conditions, proofs."""
    return {
        "verdict": c.verdict.value,
        "conditions": list(c.conditions),
        "vacuous": c.vacuous,
        "proofs": [proof_data(p) for p in c.proofs],
    }


def conditional_text(found: tuple[ConditionalVerdict, ...]) -> list[str]:
    """Text lines for the conditional conclusions, set apart from the verdict."""
    lines: list[str] = []
    for c in found:
        vacuous = " (vacuous: the conditions can never all hold)" if c.vacuous else ""
        lines.append(
            f"\nOnly under conditions: {c.verdict} if {' and '.join(c.conditions)}{vacuous}"
        )
        lines += [proof_text(p) for p in c.proofs]
    return lines

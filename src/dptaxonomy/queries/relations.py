"""How two definitions relate, why, and what lies on either side of one.

The results of ``dptax relate``, ``explain``, ``stronger-than`` and ``weaker-than``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dptaxonomy.queries.results import json_document
from dptaxonomy.queries.textview import fact_line, proof_text, table_text
from dptaxonomy.reasoning.facts import Fact
from dptaxonomy.reasoning.jsonform import fact_data, proof_data
from dptaxonomy.reasoning.reasoner import Neighbour, Reasoner, Relationship, Verdict

__all__ = [
    "ExplainResult",
    "NeighboursResult",
    "RelateResult",
    "Side",
    "explain",
    "neighbours",
    "relate",
]


@dataclass(frozen=True)
class RelateResult:
    """The answer of ``dptax relate A B``."""

    relationship: Relationship

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
            }
        )

    def to_text(self) -> str:
        r = self.relationship
        strict = " (strictly)" if r.strict else ""
        parts = [f"{r.a} vs {r.b}: {r.verdict}{strict}; extension: {r.extension}"]
        parts += ["\n" + proof_text(proof) for proof in r.proofs]
        if r.parametric is not None and r.parametric not in r.proofs:
            parts.append("\nWith parameters (every step of this chain maps them):")
            parts.append(proof_text(r.parametric))
        return "\n".join(parts)


def relate(reasoner: Reasoner, a: str, b: str) -> RelateResult:
    """How the definitions named ``a`` and ``b`` relate, with proofs."""
    kb = reasoner.kb
    return RelateResult(reasoner.relate(kb.resolve(a), kb.resolve(b)))


@dataclass(frozen=True)
class ExplainResult:
    """The answer of ``dptax explain A B``: the proofs, or the nearest known facts."""

    relationship: Relationship
    nearest: tuple[Fact, ...]

    def to_json(self) -> dict[str, Any]:
        r = self.relationship
        return json_document(
            {
                "a": r.a,
                "b": r.b,
                "verdict": r.verdict.value,
                "proofs": [proof_data(p) for p in r.proofs],
                "nearest_facts": [fact_data(f) for f in self.nearest],
            }
        )

    def to_text(self) -> str:
        r = self.relationship
        if r.proofs:
            return "\n".join(
                [f"{r.a} vs {r.b}: {r.verdict}", *("\n" + proof_text(p) for p in r.proofs)]
            )
        lines = [
            f"{r.a} vs {r.b}: {Verdict.unknown}; no fact relates them, directly or by the rules."
        ]
        if self.nearest:
            lines.append("Nearest known facts:")
            lines += [f"  {fact_line(fact)}" for fact in self.nearest]
        return "\n".join(lines)


def explain(reasoner: Reasoner, a: str, b: str) -> ExplainResult:
    """Why ``a`` relates to ``b`` as it does (the nearest facts when nothing is known)."""
    answer = relate(reasoner, a, b).relationship
    nearest = () if answer.proofs else tuple(reasoner.nearest_facts(answer.a, answer.b))
    return ExplainResult(answer, nearest)


class Side(StrEnum):
    """Which side of a definition to list."""

    stronger = "stronger"
    weaker = "weaker"


@dataclass(frozen=True)
class NeighboursResult:
    """The answer of ``dptax stronger-than X`` and ``dptax weaker-than X``."""

    definition: str
    side: Side
    found: tuple[Neighbour, ...]

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {
                "definition": self.definition,
                "side": self.side.value,
                "definitions": [
                    {
                        "id": n.id,
                        "name": n.name,
                        "derived": n.derived,
                        "equivalent": n.equivalent,
                        "proof": proof_data(n.proof),
                    }
                    for n in self.found
                ],
            }
        )

    def to_text(self) -> str:
        rows = [
            [
                n.id,
                "equivalent" if n.equivalent else ("derived" if n.derived else "asserted"),
                str(len(n.proof.steps)),
                n.name,
            ]
            for n in self.found
        ]
        return table_text(["ID", "HOW", "STEPS", "NAME"], rows)

    def summary(self) -> str:
        """One line for standard error: how many were found."""
        return f"{len(self.found)} definition(s) {self.side} than {self.definition}"


def neighbours(reasoner: Reasoner, name: str, side: Side) -> NeighboursResult:
    """Every definition stronger (or weaker) than the one named ``name``."""
    x = reasoner.kb.resolve(name)
    found = reasoner.stronger_than(x) if side is Side.stronger else reasoner.weaker_than(x)
    return NeighboursResult(x, side, tuple(found))

"""What the catalog as a whole still lacks or overstates.

The results of ``dptax contradictions``, ``open-questions`` and ``redundant``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dptaxonomy.queries.results import json_document
from dptaxonomy.queries.textview import fact_line, table_text
from dptaxonomy.reasoning.contradictions import Contradiction
from dptaxonomy.reasoning.facts import Fact
from dptaxonomy.reasoning.jsonform import contradiction_data, fact_data, proof_data
from dptaxonomy.reasoning.proof import Proof
from dptaxonomy.reasoning.reasoner import OpenQuestion, Reasoner
from dptaxonomy.schema.enums import Scope

__all__ = [
    "ContradictionsResult",
    "OpenQuestionsResult",
    "RedundantResult",
    "contradictions",
    "open_questions",
    "redundant",
]


@dataclass(frozen=True)
class ContradictionsResult:
    """Every contradiction, each with its minimal set of facts (``dptax contradictions``)."""

    found: tuple[Contradiction, ...]

    def to_json(self) -> dict[str, Any]:
        return json_document({"contradictions": [contradiction_data(c) for c in self.found]})

    def to_text(self) -> str:
        lines = []
        for c in self.found:
            lines.append(f"{c.rule.value}: {c.message}")
            lines += [f"  {fact_line(fact)}" for fact in c.facts]
            for claim in c.claims:
                cited = f"  [{claim.citation.key}] {claim.citation.at}" if claim.citation else ""
                lines.append(
                    f"  {claim.file}:{claim.line}  "
                    f"{claim.definition} {claim.property} = {claim.value}{cited}"
                )
        return "\n".join(lines)

    def summary(self) -> str:
        return f"{len(self.found)} contradiction(s)"


def contradictions(reasoner: Reasoner) -> ContradictionsResult:
    """Every contradiction of the knowledge base."""
    return ContradictionsResult(tuple(reasoner.contradictions))


@dataclass(frozen=True)
class OpenQuestionsResult:
    """Undecided questions "A ≻ B?", most decisive first (``dptax open-questions``)."""

    questions: tuple[OpenQuestion, ...]

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {
                "questions": [
                    {
                        "a": q.a,
                        "b": q.b,
                        "decides": q.decides,
                        "a_class": list(q.a_class),
                        "b_class": list(q.b_class),
                    }
                    for q in self.questions
                ]
            }
        )

    def to_text(self) -> str:
        return table_text(
            ["A", "B", "DECIDES", "QUESTION"],
            [[q.a, q.b, str(q.decides), f"{q.a} ≻ {q.b} ?"] for q in self.questions],
        )


def open_questions(
    reasoner: Reasoner, scope: Scope | None = None, limit: int | None = None
) -> OpenQuestionsResult:
    """The ``limit`` most decisive open questions among definitions of ``scope``."""
    return OpenQuestionsResult(tuple(reasoner.open_questions(scope, limit)))


@dataclass(frozen=True)
class RedundantResult:
    """Asserted facts that the other facts already prove (``dptax redundant``)."""

    found: tuple[tuple[Fact, Proof], ...]

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {"redundant": [{"fact": fact_data(f), "proof": proof_data(p)} for f, p in self.found]}
        )

    def to_text(self) -> str:
        lines = []
        for fact, proof in self.found:
            how = "restated" if len(proof.steps) == 1 else f"follows in {len(proof.steps)} steps"
            lines.append(f"{fact_line(fact)}  — {how}")
            lines += [f"    {fact_line(step)}" for step in proof.steps]
        return "\n".join(lines)

    def summary(self) -> str:
        return f"{len(self.found)} redundant fact(s)"


def redundant(reasoner: Reasoner) -> RedundantResult:
    """Asserted ≻ and ⊂ facts that other facts prove, with that proof."""
    return RedundantResult(tuple(reasoner.redundant()))

"""What the catalog as a whole still lacks or overstates.

The results of ``dptax contradictions``, ``open-questions`` and ``redundant``.
"""

from __future__ import annotations

from collections.abc import Mapping

from dptaxonomy.base.records import record
from dptaxonomy.queries.results import json_document
from dptaxonomy.queries.textview import fact_line, table_text
from dptaxonomy.reasoning.jsonform import contradiction_data, fact_data, proof_data
from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.operation_questions import OperationQuestion, operation_questions
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.reasoning.reasoner import OpenQuestion, Reasoner

TYPE_CHECKING = False
if TYPE_CHECKING:  # open-questions never loads the contradiction finder
    from typing import Any

    from dptaxonomy.reasoning.logic.contradictions import Contradiction
    from dptaxonomy.schema.enums import Scope

__all__ = [
    "ContradictionsResult",
    "OpenQuestionsResult",
    "RedundantResult",
    "contradictions",
    "open_questions",
    "redundant",
]


@record
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


@record
class OpenQuestionsResult:
    """Undecided questions "A ≻ B?", most decisive first, then undecided operation questions
    ("does X compose?"), most concerning first (``dptax open-questions``)."""

    questions: tuple[OpenQuestion, ...]
    operations: tuple[OperationQuestion, ...] = ()

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
                        "core": q.core,
                    }
                    for q in self.questions
                ],
                "operation_questions": [
                    {
                        "operation": q.operation,
                        "question": q.question,
                        "concerns": list(q.concerns),
                        "related": q.related,
                        "reasons": list(q.reasons),
                    }
                    for q in self.operations
                ],
            }
        )

    def to_text(self) -> str:
        if not any(q.core for q in self.questions):
            text = table_text(
                ["A", "B", "DECIDES", "QUESTION"],
                [[q.a, q.b, str(q.decides), f"{q.a} ≻ {q.b} ?"] for q in self.questions],
            )
        else:
            text = table_text(
                ["A", "B", "CORE", "DECIDES", "QUESTION"],
                [
                    [q.a, q.b, "yes" if q.core else "", str(q.decides), f"{q.a} ≻ {q.b} ?"]
                    for q in self.questions
                ],
            )
        if not self.operations:
            return text
        rows = [
            [str(len(q.concerns)), q.operation, q.question, "; ".join(q.reasons) or "—"]
            for q in self.operations
        ]
        header = ["CONCERNS", "OPERATION", "QUESTION", "WHY OPEN"]
        return text + "\n\n" + table_text(header, rows)


KEPT = 1000
"""How many of the most decisive open questions a cached knowledge base remembers."""


def open_questions(
    reasoner: Reasoner, scope: Scope | None = None, limit: int | None = None
) -> OpenQuestionsResult:
    """The ``limit`` most decisive open questions among definitions of ``scope``, those
    between two definitions of the practitioner's core first, and the ``limit`` most
    concerning open operation questions.

    Ranking weighs every open pair, so over a cached knowledge base the first
    :data:`KEPT` (or ``limit``, if more) are remembered with it
    (:mod:`dptaxonomy.cache.memo`) and later asks for no more are read back.
    """
    from dptaxonomy.cache.memo import recall, remember

    operations = tuple(operation_questions(reasoner.kb, scope, limit))
    key = reasoner.kb.cache_key
    name = f"questions-{scope.value if scope else 'all'}"
    if key is not None:
        kept = _recalled(recall(key, name), reasoner.kb.info)
        if kept is not None and (kept[1] or (limit is not None and limit <= len(kept[0]))):
            return OpenQuestionsResult(tuple(_question(row) for row in kept[0][:limit]), operations)
    wanted = None if limit is None else max(limit, KEPT)
    questions = reasoner.open_questions(scope, wanted)
    if key is not None:
        complete = wanted is None or len(questions) < wanted
        rows = [[q.a, q.b, q.decides, list(q.a_class), list(q.b_class), q.core] for q in questions]
        remember(key, name, {"complete": complete, "rows": rows})
    return OpenQuestionsResult(tuple(questions[:limit]), operations)


def _recalled(value: Any, known: Mapping[str, object]) -> tuple[list[list[Any]], bool] | None:
    """The question rows a memo holds and whether they are all of them; None if it is
    malformed (every row is checked, though only those asked for become questions)."""
    if not isinstance(value, dict) or not isinstance(value.get("complete"), bool):
        return None
    rows = value.get("rows")
    if not isinstance(rows, list):
        return None
    names: set[object] = set()
    for row in rows:
        if not (isinstance(row, list) and len(row) == 6 and type(row[2]) is int):
            return None
        a, b, _, a_class, b_class, core = row
        if type(core) is not bool or type(a_class) is not list or type(b_class) is not list:
            return None
        try:
            names.update((a, b), a_class, b_class)
        except TypeError:  # an unhashable name: no definition's
            return None
    if not all(type(n) is str for n in names) or not names <= known.keys():
        return None
    return rows, value["complete"]


def _question(row: list[Any]) -> OpenQuestion:
    a, b, decides, a_class, b_class, core = row
    return OpenQuestion(a, b, decides, tuple(a_class), tuple(b_class), core)


@record
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

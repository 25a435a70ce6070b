"""What the pair, index, open-questions and Table 3 pages show, as plain data."""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import urlencode

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.export.site.labels import label_of
from dptaxonomy.export.table3 import TABLE3_HEADERS, table3_rows
from dptaxonomy.reasoning.jsonform import proof_data
from dptaxonomy.reasoning.logic.operation_questions import OperationQuestion, operation_questions
from dptaxonomy.reasoning.reasoner import Extension, OpenQuestion, Reasoner, Verdict
from dptaxonomy.schema.enums import DIMENSION_LABELS, DIMENSION_ORDER, Dimension

__all__ = [
    "VERDICT_TEXT",
    "index_context",
    "issue_link",
    "open_questions_context",
    "pair_context",
    "table3_context",
    "unknown_contexts",
]

VERDICT_TEXT = {
    Verdict.equivalent: "are equivalent",
    Verdict.stronger: "— the first implies the second",
    Verdict.weaker: "— the second implies the first",
    Verdict.incomparable: "are incomparable: neither implies the other",
    Verdict.not_stronger: "— the first does not imply the second",
    Verdict.not_weaker: "— the second does not imply the first",
    Verdict.unknown: "— nothing is known",
}


def issue_link(repository: str, title: str, body: str, labels: str = "") -> str:
    """A link that opens a pre-filled GitHub issue on ``repository``."""
    query = {"title": title, "body": body}
    if labels:
        query["labels"] = labels
    return f"{repository.rstrip('/')}/issues/new?{urlencode(query)}"


def pair_context(catalog: Catalog, reasoner: Reasoner, a: str, b: str) -> dict[str, Any]:
    """The verdict on (a, b), its strictness, extension and every proof."""
    relationship = reasoner.relationship(a, b)
    proofs = [proof_data(p) for p in relationship.proofs]
    parametric = None
    if relationship.parametric is not None and relationship.parametric not in relationship.proofs:
        parametric = proof_data(relationship.parametric)
    from dptaxonomy.reasoning.maps.parameters import composed_map

    chain_map = composed_map(relationship.parametric) if relationship.parametric else None
    definitions = catalog.definitions
    a_label, b_label = label_of(definitions[a]), label_of(definitions[b])
    extension = {
        Extension.same: "the same definition under ⊂",
        Extension.a_special_case_of_b: f"{a_label} is a special case of {b_label}",
        Extension.b_special_case_of_a: f"{b_label} is a special case of {a_label}",
        Extension.none: "neither is known to be a special case of the other",
    }[relationship.extension]
    forward = relationship.verdict in (Verdict.stronger, Verdict.equivalent)
    stronger, weaker = (a_label, b_label) if forward else (b_label, a_label)
    return {
        "a": definitions[a],
        "b": definitions[b],
        "a_label": a_label,
        "b_label": b_label,
        "extension_text": extension,
        "map_text": f"{weaker}'s in terms of {stronger}'s",
        "relationship": relationship,
        "verdict_text": VERDICT_TEXT[relationship.verdict],
        "proofs": proofs,
        "parametric": parametric,
        "chain_map": sorted((chain_map or {}).items()),
        "conditional": [p for p in proofs if p["conditional"] or p["conjectural"]],
    }


def index_context(catalog: Catalog, reasoner: Reasoner) -> dict[str, Any]:
    """Counts, the dimensions and the list of every definition."""
    definitions = catalog.definitions
    per_dimension = Counter(d for x in definitions.values() for d in x.dimensions)
    return {
        "definitions": [(d.id, d.name, label_of(d), d) for d in definitions.values()],
        "dimensions": [
            (letter, DIMENSION_LABELS[Dimension(letter)], per_dimension[Dimension(letter)])
            for letter in DIMENSION_ORDER
        ],
        "counts": {
            "definitions": len(definitions),
            "mechanisms": len(catalog.mechanisms),
            "statements": sum(1 for d in definitions.values() if d.statement),
            "references": len(catalog.references),
            "asserted facts": len(reasoner.kb.facts),
            "derived ≻ pairs": reasoner.kb.derived_stronger_pairs(),
        },
    }


def _question_row(catalog: Catalog, question: OpenQuestion, repository: str) -> dict[str, Any]:
    """An open question with its pre-filled issue (and a link to ask it on the relate page)."""
    a, b = catalog.entries[question.a].definition, catalog.entries[question.b].definition
    title = f"Does {a.name} imply {b.name}?"
    body = (
        f"Open question from the dptaxonomy site: is `{a.id}` ≻ `{b.id}`?\n\n"
        f"Settling it decides {question.decides} other open question(s).\n\n"
        "Evidence (citation with section / theorem, and a quote if possible):\n"
    )
    return {
        "a": a,
        "b": b,
        "a_class": question.a_class,
        "b_class": question.b_class,
        "decides": question.decides,
        "core": question.core,
        "issue": issue_link(repository, title, body, "open-question"),
        "relate": "relate/?" + urlencode({"a": a.id, "b": b.id}),
    }


def _operation_row(
    catalog: Catalog, question: OperationQuestion, repository: str
) -> dict[str, Any]:
    """An open operation question with its pre-filled issue."""
    body = (
        f"Open operation question from the dptaxonomy site: {question.question}\n\n"
        f"It concerns {', '.join(f'`{m}`' for m in question.concerns)}.\n\n"
        "Evidence (citation with section / theorem, and a quote if possible):\n"
    )
    return {
        "operation": question.operation.replace("_", " "),
        "question": question.question,
        "concerns": [catalog.entries[m].definition for m in question.concerns],
        "reasons": list(question.reasons),
        "issue": issue_link(repository, question.question, body, "open-question"),
    }


def open_questions_context(
    catalog: Catalog, reasoner: Reasoner, repository: str, limit: int
) -> dict[str, Any]:
    """The ``limit`` most decisive open questions, each with a pre-filled issue link, then the
    ``limit`` most concerning open operation questions, ranked as ``dptax open-questions``."""
    from dptaxonomy.reasoning.logic.questions import count_open_questions

    questions = reasoner.open_questions(limit=limit)
    rows = [_question_row(catalog, question, repository) for question in questions]
    found = operation_questions(reasoner.kb)
    operations = [_operation_row(catalog, q, repository) for q in found[:limit]]
    return {
        "questions": rows,
        "total": count_open_questions(reasoner.kb),
        "limit": limit,
        "operations": operations,
        "operations_total": len(found),
    }


def unknown_contexts(
    catalog: Catalog, reasoner: Reasoner, repository: str, limit: int
) -> dict[str, dict[str, Any]]:
    """Per definition: how many questions about it are open, and its ``limit`` most decisive.

    A question "A ≻ B?" about two equivalence classes concerns every member of
    both, so each definition lists the open questions of its class.
    """
    questions = reasoner.open_questions()
    found: dict[str, dict[str, Any]] = {
        i: {"implies": 0, "implied_by": 0, "questions": []} for i in catalog.definitions
    }
    for question in questions:
        for member in question.a_class:
            found[member]["implies"] += 1
        for member in question.b_class:
            found[member]["implied_by"] += 1
        for member in {*question.a_class, *question.b_class}:
            listed = found[member]["questions"]
            if len(listed) < limit:
                listed.append(_question_row(catalog, question, repository))
    return found


def table3_context(catalog: Catalog, reasoner: Reasoner) -> dict[str, Any]:
    """The SoK's Table 3 regenerated, each row linked to its definition."""
    rows = table3_rows(catalog, reasoner.kb)
    ordered = sorted(
        (d for d in catalog.definitions.values() if d.source.table3 is not None),
        key=lambda d: d.source.table3.row,  # type: ignore[union-attr]
    )
    return {"headers": TABLE3_HEADERS, "rows": list(zip(ordered, rows, strict=True))}

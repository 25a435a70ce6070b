"""The JSON form of the reasoner's evidence: facts, proofs and contradictions.

One form each, used by every command's ``--format json`` and by the JSON export.
"""

from __future__ import annotations

from dptaxonomy.reasoning.logic.facts import Fact
from dptaxonomy.reasoning.logic.proof import Proof
from dptaxonomy.schema.enums import FACT_SYMBOLS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.reasoning.logic.contradictions import Contradiction

__all__ = ["contradiction_data", "fact_data", "fact_reading", "proof_data"]


def fact_reading(fact: Fact) -> str:
    """``a ≻ b``, ``a ⊂ b`` or ``a ⊁ b``: the fact in symbols."""
    return f"{fact.a} {FACT_SYMBOLS[fact.kind.value]} {fact.b}"


def fact_data(fact: Fact) -> dict[str, Any]:
    """JSON-ready view of one asserted fact as used in a proof."""
    origin = fact.origin
    data: dict[str, Any] = {
        "reading": fact_reading(fact),
        "kind": fact.kind.value,
        "a": fact.a,
        "b": fact.b,
        "rule": fact.rule.value,
        "stated_in": origin.definition,
        "relation": origin.kind.value,
        "target": origin.target,
        "status": origin.status.value,
        "citation": origin.citation.data(),
        "evidence": origin.evidence,
        "file": origin.file,
        "line": origin.line,
    }
    if origin.parameter_map:
        data["parameter_map"] = dict(origin.parameter_map)
    if origin.conditions:
        data["conditions"] = list(origin.conditions)
    if origin.restrictions:
        data["restrictions"] = [{"parameter": p, "value": v} for p, v in origin.restrictions]
    if origin.restricting:
        data["restricting"] = list(origin.restricting)
    if origin.cases:
        data["cases"] = origin.cases
    if origin.convention:
        data["convention"] = origin.convention
    if origin.note:
        data["note"] = origin.note
    if origin.perfect_privacy:
        special, general = origin.perfect_privacy
        data["perfect_privacy"] = {
            "special": {"definition": fact.a, "line": special},
            "general": {"definition": fact.b, "line": general},
        }
    if origin.witness is not None:
        witness = origin.witness
        data["witness"] = {
            "mechanism": witness.mechanism,
            "satisfies": {
                "definition": witness.satisfies,
                "citation": witness.satisfies_citation.data(),
                "line": witness.satisfies_line,
                "evidence": witness.satisfies_evidence,
                "cases": witness.satisfies_cases,
            },
            "violates": {
                "definition": witness.violates,
                "citation": witness.violates_citation.data(),
                "line": witness.violates_line,
                "evidence": witness.violates_evidence,
                "cases": witness.violates_cases,
            },
        }
    return data


def proof_data(proof: Proof, *, with_steps: bool = True) -> dict[str, Any]:
    """JSON-ready view of a proof (with the composed parameter map when every step has one).

    ``with_steps=False`` leaves the steps out, for a caller that writes them by reference.
    """
    from dptaxonomy.reasoning.maps.parameters import composed_map

    data: dict[str, Any] = {
        "conclusion": f"{proof.a} {FACT_SYMBOLS[proof.conclusion.value]} {proof.b}",
        "kind": proof.conclusion.value,
        "a": proof.a,
        "b": proof.b,
        "derived": proof.derived,
        "rules": [rule.value for rule in proof.rules],
        "conjectural": proof.conjectural,
        "conditional": proof.conditional,
    }
    if proof.conventions:
        data["conventions"] = list(proof.conventions)
    if with_steps:
        data["steps"] = [fact_data(step) for step in proof.steps]
    if proof.conditional:
        from dptaxonomy.reasoning.logic.conditional import proof_conditions

        data["conditions"] = list(proof_conditions(proof))
    mapping = composed_map(proof)
    if mapping is not None and len(proof.steps) > 1:
        data["parameter_map"] = mapping
    return data


def contradiction_data(contradiction: Contradiction) -> dict[str, Any]:
    """JSON-ready view of a contradiction: its rule, message, facts and property claims."""
    return {
        "rule": contradiction.rule.value,
        "message": contradiction.message,
        "facts": [fact_data(f) for f in contradiction.facts],
        "claims": [
            {
                "definition": c.definition,
                "property": c.property,
                "value": c.value.value,
                "file": c.file,
                "line": c.line,
                "citation": c.citation.data() if c.citation else None,
            }
            for c in contradiction.claims
        ],
    }

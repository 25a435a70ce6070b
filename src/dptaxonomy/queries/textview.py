"""Plain-text views of definitions for the terminal."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from dptaxonomy.schema.enums import FACT_SYMBOLS
from dptaxonomy.schema.settings import CONVENTION_TEXT, Convention

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dptaxonomy.reasoning.logic.facts import Fact
    from dptaxonomy.reasoning.logic.proof import Proof

__all__ = ["convention_text", "fact_line", "proof_text", "table_text"]


def table_text(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns separated by two spaces; the last column is not padded."""
    widths = [max(len(str(r[i])) for r in (headers, *rows)) for i in range(len(headers) - 1)]
    lines = []
    for row in (headers, *rows):
        cells = [str(cell).ljust(width) for cell, width in zip(row, widths, strict=False)]
        lines.append("  ".join([*cells, str(row[-1])]).rstrip())
    return "\n".join(lines)


def fact_line(fact: Fact) -> str:
    """``file:line  a ≻ b  [key] place``: one asserted fact as evidence."""
    origin = fact.origin
    reading = f"{fact.a} {FACT_SYMBOLS[fact.kind.value]} {fact.b}"
    return f"{origin.location}  {reading}  [{origin.citation.key}] {origin.citation.at}"


def _evidence(level: str, cases: int) -> str:
    return f"{level} ({cases} cases)" if level == "computed" else level


def _witness_lines(number: int, step: Fact) -> list[str]:
    """A witness step: the mechanism, and its two claims with their citations."""
    witness = step.origin.witness
    assert witness is not None
    met, violated = witness.satisfies_citation, witness.violates_citation
    return [
        f"  {number}. {step.a} {FACT_SYMBOLS[step.kind.value]} {step.b}"
        f"   witness: mechanism {witness.mechanism} (rule {step.rule.value}; "
        f"evidence: {_evidence(step.origin.evidence, step.origin.cases)})",
        f"     satisfies {witness.satisfies}: [{met.key}] {met.at}"
        f"   ({step.origin.file}:{witness.satisfies_line}; "
        f"{_evidence(witness.satisfies_evidence, witness.satisfies_cases)})",
        f"     violates {witness.violates} for every parameter: [{violated.key}] {violated.at}"
        f"   ({step.origin.file}:{witness.violates_line}; "
        f"{_evidence(witness.violates_evidence, witness.violates_cases)})",
    ]


def _perfect_privacy_line(step: Fact) -> str:
    """Where rule E3 finds the two perfect-privacy declarations (entries sit side by side)."""
    folder = posixpath.dirname(step.origin.file)
    special, general = step.origin.perfect_privacy
    return (
        f"     read as ≻ (rule E3): {step.a} forces perfect privacy "
        f"({posixpath.join(folder, step.a + '.yaml')}:{special}), which meets {step.b} "
        f"at every parameter ({posixpath.join(folder, step.b + '.yaml')}:{general})"
    )


def _convention_lines(convention: str | None) -> list[str]:
    """The line naming the neighbouring convention a step holds under, if it has one."""
    if not convention:
        return []
    return [f"     holds under {CONVENTION_TEXT[Convention(convention)]}"]


def _restriction_lines(step: Fact) -> list[str]:
    """A step's restrictions: parameters fixed to a described value, each marked when the
    fact holds only there (rule K3) rather than choosing the special case (rule K2)."""
    lines = []
    for parameter, value in step.origin.restrictions:
        text = f"{parameter}: {value}"
        restricting = text in step.origin.restricting
        scope = "K3: the fact holds only there" if restricting else "K2: a choice"
        lines.append(f"     restriction: {text}   (rule {scope})")
    return lines


def convention_text(proof: Proof) -> str:
    """``holds under add/remove neighbours``: what a verdict's conventions mean for it."""
    named = " and ".join(CONVENTION_TEXT[Convention(c)] for c in proof.conventions)
    return f"holds under {named}; the other convention may change the verdict"


def proof_text(proof: Proof) -> str:
    """A proof as numbered steps, each with its citation and where it is stated."""
    symbol = FACT_SYMBOLS[proof.conclusion.value]
    head = f"{proof.a} {symbol} {proof.b}"
    tags = [
        "derived" if proof.derived else "asserted",
        "rules " + ", ".join(r.value for r in proof.rules),
    ]
    if proof.conjectural:
        tags.append("rests on a conjecture")
    if proof.conditional:
        tags.append("under side conditions")
    if proof.conventions:
        tags.append("depends on the neighbouring convention: " + convention_text(proof))
    lines = [f"{head}   ({'; '.join(tags)})"]
    if not proof.steps:
        lines.append("  by reflexivity")
    for number, step in enumerate(proof.steps, start=1):
        origin = step.origin
        stated = f"{origin.definition} {origin.kind.value} {origin.target}"
        if origin.witness is not None:
            lines.extend(_witness_lines(number, step))
            lines += _convention_lines(origin.convention)
            continue
        lines.append(
            f"  {number}. {step.a} {FACT_SYMBOLS[step.kind.value]} {step.b}"
            f"   [{origin.citation.key}] {origin.citation.at}"
        )
        detail = f"     stated in {origin.location} as `{stated}` (rule {step.rule.value}"
        detail += f", {origin.status}" if origin.status.value != "established" else ""
        detail += f"; evidence: {_evidence(origin.evidence, origin.cases)})"
        lines.append(detail)
        if origin.parameter_map:
            stated_map = ", ".join(f"{k} = {v}" for k, v in origin.parameter_map)
            lines.append(f"     parameters: {stated_map}")
        if origin.conditions:
            lines.append(f"     if: {' and '.join(origin.conditions)}")
        lines += _convention_lines(origin.convention)
        lines += _restriction_lines(step)
        if origin.perfect_privacy:
            lines.append(_perfect_privacy_line(step))
    if len(proof.steps) > 1 and all(step.origin.parameter_map for step in proof.steps):
        from dptaxonomy.reasoning.maps.parameters import composed_map  # only a chain of maps

        composed_values = composed_map(proof)
        if composed_values is not None:
            composed = ", ".join(f"{k} = {v}" for k, v in composed_values.items())
            lines.append(f"  so, composing the maps: {proof.b} holds with {composed}")
    return "\n".join(lines)

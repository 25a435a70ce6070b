"""Plain-text views of definitions for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.reasoning.derived import DerivedProperty
    from dptaxonomy.reasoning.facts import Fact
    from dptaxonomy.reasoning.proof import Proof
    from dptaxonomy.schema.models import Citation, Claim, Definition, Relation
from dptaxonomy.schema.enums import FACT_SYMBOLS, RELATION_SYMBOLS, TRUTH_MARKS

__all__ = ["definition_text", "fact_line", "proof_text", "table_text"]


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


def _citation(citation: Citation | None) -> str:
    return f"[{citation.key}] {citation.at}" if citation else "no citation"


def _claim(name: str, claim: Claim) -> str:
    line = f"  {name:<21}{TRUTH_MARKS[claim.value]} {claim.value:<8} {_citation(claim.citation)}"
    if claim.status.value != "established":
        line += f" ({claim.status})"
    if claim.note:
        line += f"\n{'':25}note: {claim.note}"
    return line


def _relation(subject: str, relation: Relation) -> str:
    target: Any = relation.target
    if relation.target_set is not None:
        wanted = relation.target_set
        target = f"{wanted.quantifier} definitions of dimension {wanted.dimension}"
    line = f"  {subject} {RELATION_SYMBOLS[relation.kind]} {target}  ({relation.kind})"
    if relation.parameter_map:
        line += "  with " + ", ".join(f"{k} = {v}" for k, v in relation.parameter_map.items())
    if relation.conditions:
        line += "  if " + " and ".join(relation.conditions)
    line += f"\n      {_citation(relation.citation)}"
    if relation.status.value != "established":
        line += f"  [{relation.status}]"
    if relation.note:
        line += f"\n      note: {relation.note}"
    return line


def definition_text(
    catalog: Catalog, definition: Definition, derived: Sequence[DerivedProperty] = ()
) -> str:
    """Everything known about a definition, for reading in a terminal."""
    d = definition
    title = d.name + (f" [{d.disambiguator}]" if d.disambiguator else "")
    out = [title, "=" * len(title), f"id:            {d.id}"]
    if d.abbreviations:
        out.append(f"abbreviations: {', '.join(d.abbreviations)}")
    if d.aliases:
        out.append(f"aliases:       {', '.join(d.aliases)}")
    out.append(f"dimensions:    {' '.join(x.value for x in d.dimensions) or '(none)'}")
    out.append(f"scope:         {d.scope}, {d.setting} model")
    out.append(f"introduced in: {', '.join(_reference(catalog, k) for k in d.introduced_in)}")
    source = f"[{d.source.key}]" + "".join(
        f", {part}"
        for part in (
            f"Section {d.source.section}" if d.source.section else None,
            d.source.definition,
            f"Table 3 row {d.source.table3.row}" if d.source.table3 else None,
        )
        if part
    )
    out.append(f"source:        {source}")
    if d.combines:
        out.append(f"combines:      {', '.join(d.combines)}")
    out += ["", "Summary", f"  {d.summary}"]
    if d.parameters:
        out += ["", "Parameters"]
        out += [f"  {p.name} ({p.symbol}): {p.type}, {p.domain}; {p.meaning}" for p in d.parameters]
    if d.statement:
        out += ["", "Statement (LaTeX)", f"  {d.statement}"]
    out += ["", "Properties"]
    for name in type(d.properties).model_fields:
        claim = getattr(d.properties, name)
        if claim is not None:
            out.append(_claim(name, claim))
    for item in derived:
        verdict = (
            "agrees with the asserted value"
            if item.agrees
            else "the entry asserts unknown"
            if item.agrees is None
            else f"CONFLICTS with the asserted {item.asserted}"
        )
        out.append(
            f"  {item.name:<21}{TRUTH_MARKS[item.value]} {item.value:<8} derived by "
            f"{item.rule.value} from {item.derived_from} ({verdict}"
            + ("; conjectural)" if item.conjectural else ")")
        )
    if d.relations:
        out += ["", "Relations stated in this entry"]
        out += [_relation(d.id, r) for r in d.relations]
    from dptaxonomy.queries.describe import incoming_relations

    incoming = incoming_relations(catalog, d.id)
    if incoming:
        out += ["", "Relations stated in other entries"]
        out += [_relation(item.subject, item.relation) for item in incoming]
    out += ["", f"file: {catalog.entries[d.id].file}"]
    return "\n".join(out)


def _reference(catalog: Catalog, key: str) -> str:
    reference = catalog.references.get(key)
    if reference is None:
        return f"[{key}]"
    first = reference.authors[0].split()[-1]
    others = (
        " et al."
        if len(reference.authors) > 2
        else (f" and {reference.authors[1].split()[-1]}" if len(reference.authors) == 2 else "")
    )
    return f"[{key}] {first}{others} {reference.year}"


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
        from dptaxonomy.reasoning.conditional import proof_conditions

        tags.append("conditional: only if " + " and ".join(proof_conditions(proof)))
    lines = [f"{head}   ({'; '.join(tags)})"]
    if not proof.steps:
        lines.append("  by reflexivity")
    for number, step in enumerate(proof.steps, start=1):
        origin = step.origin
        stated = f"{origin.definition} {origin.kind.value} {origin.target}"
        lines.append(
            f"  {number}. {step.a} {FACT_SYMBOLS[step.kind.value]} {step.b}"
            f"   [{origin.citation.key}] {origin.citation.at}"
        )
        detail = f"     stated in {origin.location} as `{stated}` (rule {step.rule.value}"
        detail += f", {origin.status})" if origin.status.value != "established" else ")"
        lines.append(detail)
        if origin.parameter_map:
            stated_map = ", ".join(f"{k} = {v}" for k, v in origin.parameter_map)
            lines.append(f"     parameters: {stated_map}")
        if origin.conditions:
            lines.append(f"     if: {' and '.join(origin.conditions)}")
        for parameter, value in origin.restrictions:
            lines.append(f"     with {parameter}: {value}")
    from dptaxonomy.reasoning.parameters import composed_map

    composed_values = composed_map(proof)
    if composed_values is not None and len(proof.steps) > 1:
        composed = ", ".join(f"{k} = {v}" for k, v in composed_values.items())
        lines.append(f"  so, composing the maps: {proof.b} holds with {composed}")
    return "\n".join(lines)

"""The card as text and as Markdown (the HTML page is :mod:`dptaxonomy.export.card_html`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.queries.convert import ROUNDING
from dptaxonomy.schema.settings import CONVENTION_TEXT

if TYPE_CHECKING:
    from dptaxonomy.queries.card import Card, Statement
    from dptaxonomy.queries.card_checks import Finding

__all__ = ["card_markdown", "card_text", "setting_lines", "statement_line"]


def _number(value: float) -> str:
    return f"{value:.6g}"


def statement_line(statement: Statement) -> tuple[str, str]:
    """(the statement, how it follows) in words, e.g. ("ε ≤ 1.60720 at δ = 1e-5", "via …")."""
    if statement.result is None:
        return f"{statement.definition}: none follows", str(statement.refusal)
    values = statement.values()
    shown = []
    for name, value in values.items():
        if value["given"]:
            continue
        sign = {"upper": "≤", "low": "≥"}.get(value["side"], "∈")
        shown.append(f"{name} {sign} {_number(value['value'])}")
    fixed = ", ".join(f"{k} = {v}" for k, v in statement.fixed.items())
    text = f"{statement.definition}: {', '.join(shown)}" + (f" at {fixed}" if fixed else "")
    best = statement.result.best
    keys = ", ".join(f"[{s.origin.citation.key}]" for s in best.chain.steps)
    return text, f"via {' → '.join(best.chain.definitions)} {keys}"


def setting_lines(card: Card) -> list[tuple[str, str]]:
    """The release's setting as (label, value) rows."""
    release = card.release
    given = ", ".join(f"{k} = {v}" for k, v in card.given.items())
    rows = [
        ("Guarantee", f"{card.source} with {given}"),
        ("Unit of privacy", release.unit.value),
        ("Neighbours", CONVENTION_TEXT[release.neighbouring]),
        ("Trust model", release.trust_model.value),
    ]
    if release.composition is not None:
        parts = [
            f"{c.count} × {c.name} " + ", ".join(f"{k} = {v}" for k, v in c.parameters.items())
            for c in release.composition.components
        ]
        extra = [
            f"{label}: {value}"
            for label, value in (
                ("adaptivity", release.composition.adaptivity),
                ("sampling", release.composition.sampling),
                ("rate", release.composition.sampling_rate),
            )
            if value is not None
        ]
        rows.append(("Composition", "; ".join(parts + extra) or "stated without components"))
    if release.invariants:
        rows.append(("Invariants (unprotected)", "; ".join(release.invariants)))
    if release.hazards:
        rows.append(("Hazards", "; ".join(release.hazards)))
    return rows


def _finding_lines(finding: Finding) -> list[str]:
    lines = [f"[{finding.kind.value}] {finding.message}"]
    lines += [f"    - {line}" for line in finding.evidence]
    if finding.proof is not None:
        for step in finding.proof.steps:
            citation = step.origin.citation
            lines.append(
                f"    proof: {step.a} {step.kind.value} {step.b} [{citation.key}] "
                f"{citation.at} ({step.origin.location})"
            )
    return lines


def card_text(card: Card) -> str:
    """The card as plain text."""
    lines = [f"Privacy card: {card.release.name}", ""]
    lines += [f"{label}: {value}" for label, value in setting_lines(card)]
    lines += ["", f"Equivalent statements ({ROUNDING}):"]
    for statement in card.statements:
        text, how = statement_line(statement)
        lines.append(f"  {text}")
        lines.append(f"      {how}")
    if card.profile:
        points = ", ".join(f"δ = {d:g}: ε ≤ {_number(e)}" for e, d in card.profile)
        lines += ["", f"Privacy profile: {points}"]
    risk = card.risk
    if risk is not None:
        lines += ["", f"Operational risk (from {risk.basis}):"]
        lines.append(f"  membership advantage TPR − FPR ≤ {_number(risk.advantage)}")
        lines += [f"  TPR at FPR {fpr} ≤ {_number(tpr)}" for fpr, tpr in risk.tpr]
    if card.composed is not None:
        lines += ["", "Composed total of the components (dptax compose):"]
        lines += [f"  {line}" for line in card.composed.lines()]
    lines += ["", f"Findings: {len(card.findings) or 'none'}"]
    for finding in card.findings:
        lines += [f"  {line}" for line in _finding_lines(finding)]
    return "\n".join(lines)


def card_markdown(card: Card) -> str:
    """The card as Markdown."""
    lines = [f"# Privacy card: {card.release.name}", "", "| | |", "|---|---|"]
    lines += [f"| {label} | {value} |" for label, value in setting_lines(card)]
    lines += ["", "## Equivalent statements", "", f"_{ROUNDING}._", ""]
    for statement in card.statements:
        text, how = statement_line(statement)
        lines.append(f"- **{text}** — {how}")
    if card.profile:
        lines += ["", "## Privacy profile", "", "| δ | ε ≤ |", "|---|---|"]
        lines += [f"| {d:g} | {_number(e)} |" for e, d in card.profile]
    risk = card.risk
    if risk is not None:
        lines += ["", "## Operational risk", "", f"From {risk.basis}.", ""]
        lines.append(f"- membership advantage TPR − FPR ≤ {_number(risk.advantage)}")
        lines += [f"- TPR at FPR {fpr} ≤ {_number(tpr)}" for fpr, tpr in risk.tpr]
    if card.composed is not None:
        lines += ["", "## Composed total", "", "```"]
        lines += [*card.composed.lines(), "```"]
    lines += ["", "## Findings", ""]
    if not card.findings:
        lines.append("None.")
    for finding in card.findings:
        first, *rest = _finding_lines(finding)
        lines.append(f"- {first}")
        lines += [
            f"  {line.strip()}" if line.strip().startswith("-") else f"  - {line.strip()}"
            for line in rest
        ]
    return "\n".join(lines) + "\n"

"""How ``dptax show`` prints a definition's operation rules: one line per rule (what it maps,
under which conditions, whether it is tight), then its citation and evidence."""

from __future__ import annotations

from dptaxonomy.queries.mechanism_show import evidence_text
from dptaxonomy.reasoning.operation_reading import rule_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["operation_lines"]

if TYPE_CHECKING:
    Document = dict[str, Any]


def _tight(tight: Document) -> str:
    witness = tight.get("witness")
    if witness is None:
        return "tight"
    verdict = tight.get("verify")
    return f"tight, attained by {witness}" + (f" ({verdict})" if verdict else "")


def _mark_line(mark: Document) -> str:
    """An ``open`` mark on one line: why there is no rule, what it cites (the note, for a
    mark that is not applicable: it says why)."""
    line = f"  {rule_line(mark)}"
    if mark["open"] == "not_applicable":
        line += f": {mark['note']}"
    citation = mark.get("citation")
    return line + (f" [{citation['key']}] {citation['at']}" if citation else "")


def operation_lines(rules: list[Document]) -> list[str]:
    """A few lines per rule: heading and map; citation with evidence; tightness, status. One
    line per ``open`` mark."""
    lines = []
    for rule in rules:
        if rule.get("open"):
            lines.append(_mark_line(rule))
            continue
        lines.append(f"  {rule_line(rule)}")
        citation = rule["citation"]
        evidence = evidence_text(rule)
        lines.append(f"      [{citation['key']}] {citation['at']} — {evidence}")
        extras = []
        if rule.get("tight"):
            extras.append(_tight(rule["tight"]))
        if rule.get("status", "established") != "established":
            extras.append(rule["status"])
        if rule.get("not_checked"):
            extras.append(f"not checked: {rule['not_checked']}")
        lines += [f"      {extra}" for extra in extras]
    return lines

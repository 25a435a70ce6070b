"""``dptax check-registry`` as text: each entry's card and findings, then a summary table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.queries.card_text import card_text

if TYPE_CHECKING:
    from dptaxonomy.queries.registry import EntryCheck, RegistryCheck

__all__ = ["registry_text", "summary_rows"]


def _parameters(entry: EntryCheck) -> str:
    if entry.card is None:
        return "-"
    return ", ".join(f"{k} = {v}" for k, v in entry.card.given.items())


def summary_rows(check: RegistryCheck) -> list[tuple[str, str, str, str]]:
    """(file, definition, parameters, findings) per entry."""
    rows = []
    for entry in check.entries:
        card = entry.card
        kinds = ", ".join(f.kind.value for f in card.findings) if card else "no card"
        rows.append((entry.file, card.source if card else "-", _parameters(entry), kinds or "none"))
    return rows


def registry_text(check: RegistryCheck) -> str:
    """Every entry's card (or why it has none) and notes, then the summary table."""
    blocks = []
    for entry in check.entries:
        lines = [f"== {entry.file}"]
        lines += [f"note: {note}" for note in entry.notes]
        if entry.card is not None:
            lines.append(card_text(entry.card))
        blocks.append("\n".join(lines))
    rows = [("file", "definition", "parameters", "findings"), *summary_rows(check)]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    table = [
        " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    table.insert(1, "-+-".join("-" * w for w in widths))
    summary = (
        f"{len(check.entries)} entries, "
        f"{sum(1 for e in check.entries if e.card is not None)} with a card, "
        f"{check.findings} finding(s)"
    )
    return "\n\n".join([*blocks, "\n".join(table), summary])

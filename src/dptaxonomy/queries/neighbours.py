"""What lies on either side of one definition: ``dptax stronger-than`` and ``weaker-than``."""

from __future__ import annotations

from enum import StrEnum

from dptaxonomy.base.records import record
from dptaxonomy.queries.results import json_document
from dptaxonomy.queries.textview import table_text
from dptaxonomy.reasoning.jsonform import proof_data
from dptaxonomy.reasoning.reasoner import Neighbour, Reasoner

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["NeighboursResult", "Side", "neighbours_result"]


class Side(StrEnum):
    """Which side of a definition to list."""

    stronger = "stronger"
    weaker = "weaker"


@record
class NeighboursResult:
    """The answer of ``dptax stronger-than X`` and ``dptax weaker-than X``."""

    definition: str
    side: Side
    found: tuple[Neighbour, ...]
    conditional: tuple[Neighbour, ...] = ()
    """Definitions on that side only under restricting conditions (rule K4)."""

    def to_json(self) -> dict[str, Any]:
        def entry(n: Neighbour) -> dict[str, Any]:
            data = {
                "id": n.id,
                "name": n.name,
                "derived": n.derived,
                "equivalent": n.equivalent,
                "proof": proof_data(n.proof),
            }
            if n.conditions:
                data["conditions"] = list(n.conditions)
            return data

        return json_document(
            {
                "definition": self.definition,
                "side": self.side.value,
                "definitions": [entry(n) for n in self.found],
                "conditional": [entry(n) for n in self.conditional],
            }
        )

    def to_text(self) -> str:
        rows = [
            [
                n.id,
                "equivalent" if n.equivalent else ("derived" if n.derived else "asserted"),
                _marks(n),
                str(len(n.proof.steps)),
                n.name,
            ]
            for n in self.found
        ]
        text = table_text(["ID", "HOW", "MARKS", "STEPS", "NAME"], rows)
        if self.conditional:
            rows = [
                [n.id, " and ".join(n.conditions), _marks(n), str(len(n.proof.steps)), n.name]
                for n in self.conditional
            ]
            text += (
                f"\n\nOnly under conditions ({self.side} than {self.definition} for a "
                "sub-family of parameters; rule K4):\n"
                + table_text(["ID", "CONDITIONS", "MARKS", "STEPS", "NAME"], rows)
            )
        return text

    def summary(self) -> str:
        """One line for standard error: how many were found."""
        line = f"{len(self.found)} definition(s) {self.side} than {self.definition}"
        if self.conditional:
            line += f", {len(self.conditional)} more only under conditions"
        return line


def neighbours_result(reasoner: Reasoner, name: str, side: Side) -> NeighboursResult:
    """Every definition stronger (or weaker) than the one named ``name``."""
    x = reasoner.kb.resolve(name)
    if side is Side.stronger:
        found, conditional = reasoner.stronger_than(x), reasoner.conditionally_stronger_than(x)
    else:
        found, conditional = reasoner.weaker_than(x), reasoner.conditionally_weaker_than(x)
    return NeighboursResult(x, side, tuple(found), tuple(conditional))


def _marks(n: Neighbour) -> str:
    """Every mark the JSON carries: conjectural, conditional; '-' when none."""
    marks = [
        mark
        for mark, present in (
            ("conjectural", n.proof.conjectural),
            ("conditional", n.proof.conditional),
        )
        if present
    ]
    return ",".join(marks) or "-"

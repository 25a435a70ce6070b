"""The verdict records of ``dptax verify``: what a check found, on how many cases.

One :class:`Check` per claim, map, relation, declaration or operation rule; the
evidence file, the memo and every view read these records.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from dptaxonomy.base.records import record

__all__ = ["Check", "CheckKind", "Outcome", "Results", "Wanted", "everything", "tally"]

Results = list[tuple[bool | None, str]]
"""Verdicts of one check: per case, met (True), failed (False) or not judged (None), with
where it was judged."""

Wanted = Callable[[str], bool]
"""Whether the checks stated by the entry with this id are to run (``dptax verify --entry``)."""


def everything(_entry: str) -> bool:
    """Every entry's checks run."""
    return True


class Outcome(StrEnum):
    """What the numeric check found."""

    computed = "computed"
    """Consistent on every case checked (``cases`` counts them)."""
    refuted = "refuted"
    """A certain counterexample exists."""
    unchecked = "unchecked"
    """No case could be evaluated (no closed form, no pair, …)."""


class CheckKind(StrEnum):
    satisfies = "satisfies"
    violates = "violates"
    parameter_map = "parameter_map"
    perfect_privacy = "perfect_privacy"
    vacuous = "vacuous"
    relation = "relation"
    operation = "operation"
    tightness = "tightness"


@record
class Check:
    """The numeric verdict on one claim or one parameter map."""

    kind: CheckKind
    entry: str
    """The mechanism (claims) or the definition whose entry states the relation (maps)."""
    index: int
    reading: str
    outcome: Outcome
    cases: int
    disputed: bool
    counterexample: str | None = None
    relation: str | None = None
    """For a relation check: the relation's symbol (≻, ∼ or ⊂)."""
    sampled_from: int = 0
    """The full grid's size when only a seeded sample of it was checked (0: all of it)."""

    def data(self) -> dict[str, Any]:
        """JSON form (the rows of ``catalog/evidence.json``)."""
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "entry": self.entry,
            "index": self.index,
            "reading": self.reading,
            "outcome": self.outcome.value,
            "cases": self.cases,
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample
        if self.relation is not None:
            data["relation"] = self.relation
        if self.sampled_from:
            data["sampled_from"] = self.sampled_from
        return data


def tally(results: Results) -> tuple[Outcome, int, str | None]:
    """A claim's outcome from its verdicts: refuted at the first counterexample (counting
    the cases met), computed when a case met it, unchecked when none could be judged."""
    for verdict, where in results:
        if verdict is False:
            return Outcome.refuted, sum(1 for v, _ in results if v is True), where
    cases = sum(1 for v, _ in results if v is True)
    return (Outcome.computed if cases else Outcome.unchecked), cases, None

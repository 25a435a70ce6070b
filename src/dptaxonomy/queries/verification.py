"""The answer of ``dptax verify``: every numeric check, and why the catalog fails, if it does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dptaxonomy.base.errors import UnknownNameError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.names import normalize
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.evaluators.battery import MAX_GRID_POINTS
from dptaxonomy.reasoning.evaluators.verdicts import Check, CheckKind, Outcome

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog

__all__ = ["VerifyResult", "entry_ids"]


@record
class VerifyResult:
    """Checks of mechanism claims and parameter maps, with the problems ``--check`` reports."""

    checks: tuple[Check, ...]
    problems: tuple[str, ...] = ()
    entries: tuple[str, ...] = ()
    """The entries whose checks alone were run (``--entry``), or () for the whole catalog."""

    def counts(self) -> dict[str, dict[str, int]]:
        """Outcomes by kind of check: {"claims": {"computed": n, …}, "maps": {…},
        "perfect_privacy": {…}, …} (mechanism claims; parameter maps; rule E3's declarations;
        vacuous values; relations; operation rules and their tightness claims)."""
        groups = {
            CheckKind.satisfies: "claims",
            CheckKind.violates: "claims",
            CheckKind.parameter_map: "maps",
            CheckKind.perfect_privacy: "perfect_privacy",
            CheckKind.vacuous: "vacuous",
            CheckKind.relation: "relations",
            CheckKind.operation: "operations",
            CheckKind.tightness: "tightness",
        }
        counts: dict[str, Counter[str]] = {name: Counter() for name in groups.values()}
        for check in self.checks:
            counts[groups[check.kind]][check.outcome.value] += 1
        return {name: dict(sorted(found.items())) for name, found in counts.items()}

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {
                "counts": self.counts(),
                "checks": [c.data() for c in self.checks],
                "problems": list(self.problems),
                **({"entries": list(self.entries)} if self.entries else {}),
            }
        )

    def to_text(self) -> str:
        lines = []
        for check in self.checks:
            mark = {"computed": "✓", "refuted": "✗", "unchecked": "·"}[check.outcome.value]
            if check.outcome is Outcome.refuted and check.disputed:
                mark = "⊘"  # refuted, and disputed in the catalog: kept as printed
            cases = f" ({check.cases} cases)" if check.cases else ""
            if check.sampled_from:
                cases += (
                    f" [grid of {check.sampled_from} points: a seeded sample of "
                    f"{MAX_GRID_POINTS} checked]"
                )
            lines.append(f"{mark} {check.outcome.value:<9} {check.reading}{cases}")
            if check.outcome is Outcome.refuted:
                lines.append(f"    counterexample: {check.counterexample}")
        if self.entries and not self.checks:
            lines.append(
                f"no check: {self._named()} no claim, map, relation, declaration or rule "
                "that can be computed"
            )
        lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)

    def _named(self) -> str:
        """``laplace states``, ``laplace, gaussian-dp state``: the entries run, with the verb."""
        return ", ".join(self.entries) + (" states" if len(self.entries) == 1 else " state")

    def summary(self) -> str:
        counts = self.counts()

        def part(name: str) -> str:
            found = counts[name]
            return ", ".join(f"{n} {k}" for k, n in found.items()) or "none"

        only = f"only what {self._named()}: " if self.entries else ""
        return only + (
            f"claims: {part('claims')}; parameter maps: {part('maps')}; "
            f"perfect-privacy declarations: {part('perfect_privacy')}; "
            f"vacuous values: {part('vacuous')}; {self.relation_summary()}; "
            f"operation rules: {part('operations')}; tightness: {part('tightness')}"
        )

    def relation_summary(self) -> str:
        """``relations: N ⊂ checked, M ≻ checked, K ∼ checked; R refuted (D disputed)``: a
        relation is checked when some case decided it; refuted ones count among the checked."""
        relations = [c for c in self.checks if c.kind is CheckKind.relation]
        checked = Counter(c.relation for c in relations if c.outcome is not Outcome.unchecked)
        refuted = [c for c in relations if c.outcome is Outcome.refuted]
        disputed = sum(1 for c in refuted if c.disputed)
        unchecked = sum(1 for c in relations if c.outcome is Outcome.unchecked)
        return (
            "relations: "
            + ", ".join(f"{checked[s]} {s} checked" for s in ("⊂", "≻", "∼"))
            + f"; {len(refuted)} refuted ({disputed} disputed); {unchecked} unchecked"
        )


def entry_ids(catalog: Catalog, names: Iterable[str]) -> frozenset[str]:
    """The ids of the entries ``names`` designate: a mechanism by its id, name or alias, else a
    definition as every query resolves it (``dptax verify --entry``).

    Raises :class:`UnknownNameError` when a name designates neither (or is empty), naming
    the mechanisms and definitions it most likely means."""
    mechanisms = {
        normalize(label): mechanism.id
        for mechanism in catalog.mechanisms.values()
        for label in (mechanism.id, mechanism.name, *mechanism.aliases)
    }
    found = set()
    for name in names:
        label = normalize(name)
        if not label:
            raise UnknownNameError(name, (), f"{name!r} names no definition or mechanism")
        if label in mechanisms:
            found.add(mechanisms[label])
            continue
        try:
            found.add(catalog.names.resolve(name))
        except UnknownNameError as error:
            import difflib

            close = difflib.get_close_matches(label, mechanisms, n=3, cutoff=0.75)
            shown = [f"{mechanisms[c]} (a mechanism)" for c in dict.fromkeys(close)]
            shown += [catalog.names.describe(i) for i in error.candidates]
            message = f"no definition or mechanism is called {name!r}"
            if shown:
                message += f"; did you mean: {'; '.join(shown)}?"
            raise UnknownNameError(name, error.candidates, message) from None
    return frozenset(found)

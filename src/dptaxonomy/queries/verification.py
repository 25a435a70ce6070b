"""The answer of ``dptax verify``: every numeric check, and why the catalog fails, if it does."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dptaxonomy.base.records import record
from dptaxonomy.queries.results import json_document
from dptaxonomy.reasoning.evaluators.verify import Check, CheckKind, Outcome

__all__ = ["VerifyResult"]


@record
class VerifyResult:
    """Checks of mechanism claims and parameter maps, with the problems ``--check`` reports."""

    checks: tuple[Check, ...]
    problems: tuple[str, ...] = ()

    def counts(self) -> dict[str, dict[str, int]]:
        """Outcomes by kind of check: {"claims": {"computed": n, …}, "maps": {…}}."""
        claims = Counter(
            c.outcome.value for c in self.checks if c.kind is not CheckKind.parameter_map
        )
        maps = Counter(c.outcome.value for c in self.checks if c.kind is CheckKind.parameter_map)
        return {"claims": dict(sorted(claims.items())), "maps": dict(sorted(maps.items()))}

    def to_json(self) -> dict[str, Any]:
        return json_document(
            {
                "counts": self.counts(),
                "checks": [c.data() for c in self.checks],
                "problems": list(self.problems),
            }
        )

    def to_text(self) -> str:
        lines = []
        for check in self.checks:
            mark = {"computed": "✓", "refuted": "✗", "unchecked": "·"}[check.outcome.value]
            cases = f" ({check.cases} cases)" if check.cases else ""
            lines.append(f"{mark} {check.outcome.value:<9} {check.reading}{cases}")
            if check.outcome is Outcome.refuted:
                lines.append(f"    counterexample: {check.counterexample}")
        lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)

    def summary(self) -> str:
        counts = self.counts()

        def part(name: str) -> str:
            found = counts[name]
            return ", ".join(f"{n} {k}" for k, n in found.items()) or "none"

        return f"claims: {part('claims')}; parameter maps: {part('maps')}"

"""The evidence file ``catalog/evidence.json``: what ``dptax verify --write`` computed.

One row per check (:class:`~dptaxonomy.reasoning.evaluators.verify.Check`),
sorted, so the file is stable and diffs stay small. ``dptax verify --check``
recomputes the rows and fails when the stored file differs (stale) or when a
claim is refuted without being marked disputed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from dptaxonomy.reasoning.evaluators.verdicts import Check, Outcome

__all__ = ["EVIDENCE_FORMAT", "evidence_text", "problems"]

EVIDENCE_FORMAT = 1


def evidence_text(checks: Sequence[Check]) -> str:
    """The evidence file's text for these checks."""
    rows = sorted((c.data() for c in checks), key=lambda r: (r["kind"], r["entry"], r["index"]))
    data = {"format": EVIDENCE_FORMAT, "written_by": "dptax verify --write", "checks": rows}
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def problems(checks: Sequence[Check], stored: str | None, *, check_file: bool) -> list[str]:
    """Why ``verify`` fails: undisputed refutations; with ``check_file``, a missing or stale
    evidence file."""
    found = [
        f"{c.reading} (entry {c.entry}, {c.kind.value} #{c.index}) is refuted: {c.counterexample}"
        "; keep it as printed, mark it `status: disputed` and record the counterexample in its note"
        for c in checks
        if c.outcome is Outcome.refuted and not c.disputed
    ]
    if not check_file:
        return found
    if stored is None:
        found.append("catalog/evidence.json is missing: run `dptax verify --write`")
    elif stored != evidence_text(checks):
        found.append("catalog/evidence.json is stale: run `dptax verify --write`")
    return found

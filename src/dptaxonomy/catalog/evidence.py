"""Reading ``catalog/evidence.json`` (written by ``dptax verify --write``) for display.

Each row says how a mechanism claim or a parameter map fared numerically:
``computed`` (consistent on ``cases`` cases), ``refuted`` (a counterexample)
or ``unchecked``. A malformed file is reported as one located diagnostic.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import UnsafeFileError
from dptaxonomy.base.records import record
from dptaxonomy.catalog.paths import EVIDENCE_FILE, display_path
from dptaxonomy.catalog.safe_read import read_catalog_file, refusal

__all__ = ["Computed", "EvidenceKey", "load_evidence", "relation_evidence"]

EvidenceKey = tuple[str, str, int]
"""(kind, entry, index): kind is satisfies, violates or parameter_map."""


@record(slots=True)
class Computed:
    """The numeric verdict stored for one claim or map."""

    outcome: str
    cases: int
    counterexample: str | None = None


def relation_evidence(
    evidence: dict[EvidenceKey, Computed], definition: str, index: int
) -> Computed | None:
    """The verdict on one stated relation: its parameter map's check and its relation check
    (both directions it asserts), a refuted one first, else the map's, else the relation's."""
    found = [
        c
        for c in (
            evidence.get(("parameter_map", definition, index)),
            evidence.get(("relation", definition, index)),
        )
        if c is not None
    ]
    refuted = [c for c in found if c.outcome == "refuted"]
    return next(iter(refuted or found), None)


def _row(row: object) -> tuple[EvidenceKey, Computed]:
    if not isinstance(row, dict):
        raise ValueError("a row is not an object")
    kind, entry, index = row.get("kind"), row.get("entry"), row.get("index")
    outcome, cases = row.get("outcome"), row.get("cases")
    example = row.get("counterexample")
    if not (isinstance(kind, str) and isinstance(entry, str) and type(index) is int):
        raise ValueError("a row lacks kind, entry or index")
    if outcome not in ("computed", "refuted", "unchecked") or type(cases) is not int:
        raise ValueError("a row has no valid outcome or cases")
    if example is not None and not isinstance(example, str):
        raise ValueError("a counterexample is not text")
    return (kind, entry, index), Computed(str(outcome), cases, example)


def load_evidence(directory: Path) -> tuple[dict[EvidenceKey, Computed], list[Diagnostic]]:
    """The stored verdicts (empty when there is no file), and a diagnostic if it is malformed."""
    path = directory / EVIDENCE_FILE
    if not os.path.lexists(path):
        return {}, []
    try:
        data = json.loads(read_catalog_file(path, directory).decode("utf-8"))
        rows = data["checks"] if isinstance(data, dict) else None
        if not isinstance(rows, list):
            raise ValueError("no list of checks")
        return dict(_row(row) for row in rows), []
    except UnsafeFileError as refused:
        return {}, [refusal(refused, display_path(path))]
    except RecursionError:
        return {}, [_invalid(path, "it is nested too deeply")]
    except (UnicodeDecodeError, ValueError, KeyError) as exc:
        return {}, [_invalid(path, str(exc))]


def _invalid(path: Path, reason: str) -> Diagnostic:
    return Diagnostic(
        Severity.error,
        display_path(path),
        1,
        1,
        "invalid-evidence",
        f"the evidence file cannot be read: {reason}",
        "regenerate it with `dptax verify --write`",
    )

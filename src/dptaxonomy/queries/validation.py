"""``dptaxonomy.validate``: every problem of a catalog, as typed diagnostics (``dptax validate``).

Validation parses the YAML and checks it with pydantic, so, unlike the other
verbs, it does not read the cache; it is off the fast path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dptaxonomy.base.diagnostics import Diagnostic, OutputFormat, render
from dptaxonomy.base.records import fields, record
from dptaxonomy.queries.results import json_document

__all__ = ["ValidationResult", "validate"]


@record
class ValidationResult:
    """Every diagnostic of a catalog, with what was checked."""

    diagnostics: tuple[Diagnostic, ...]
    definitions: int
    mechanisms: int
    references: int

    @property
    def errors(self) -> int:
        """How many diagnostics are errors (the catalog is valid when none is)."""
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error (warnings allowed)."""
        return self.errors == 0

    def to_json(self) -> dict[str, Any]:
        """The counts, and under ``diagnostics`` what ``dptax validate --format json`` prints."""
        return json_document(
            {
                "ok": self.ok,
                "definitions": self.definitions,
                "mechanisms": self.mechanisms,
                "references": self.references,
                "errors": self.errors,
                "warnings": len(self.diagnostics) - self.errors,
                "diagnostics": [
                    {name: getattr(d, name) for name in fields(d)} for d in self.diagnostics
                ],
            }
        )

    def to_text(self) -> str:
        """Each diagnostic as ``file:line:col: severity[code]: message`` with its hint."""
        return render(self.diagnostics, OutputFormat.text)

    def summary(self) -> str:
        """One line: what was checked, how many errors and warnings."""
        mechanisms = f"{self.mechanisms} mechanisms, " if self.mechanisms else ""
        return (
            f"{self.definitions} definitions, {mechanisms}{self.references} references: "
            f"{self.errors} error(s), {len(self.diagnostics) - self.errors} warning(s)"
        )


def validate(catalog: Path | str | None = None) -> ValidationResult:
    """Check every file of the catalog (default: the shipped one) and the catalog as a whole.

    Never raises for a problem in the catalog: each is a
    :class:`~dptaxonomy.base.diagnostics.Diagnostic` with its file, line and
    column (:class:`~dptaxonomy.base.errors.CatalogNotFoundError` when there is
    no catalog at all).

    >>> import dptaxonomy as dp
    >>> report = dp.validate()
    >>> report.ok, report.errors
    (True, 0)
    >>> report.summary().endswith("0 error(s), 0 warning(s)")
    True
    """
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.queries.api import catalog_directory

    loaded = load_catalog(catalog_directory(catalog))
    diagnostics = list(loaded.diagnostics)
    if loaded.ok:
        from dptaxonomy.reasoning.evaluators.pair_checks import pair_diagnostics
        from dptaxonomy.reasoning.logic.contradictions import validation_diagnostics

        diagnostics += validation_diagnostics(loaded) + pair_diagnostics(loaded)
    return ValidationResult(
        tuple(diagnostics),
        len(loaded.entries),
        len(loaded.mechanism_entries),
        len(loaded.references),
    )

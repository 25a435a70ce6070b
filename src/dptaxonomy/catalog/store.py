"""The catalog: finding it, loading every file, and the loaded, checked result."""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path

from dptaxonomy.base.diagnostics import Diagnostic, Severity, sort_key
from dptaxonomy.base.errors import CatalogError
from dptaxonomy.base.gcpause import collector_paused
from dptaxonomy.base.records import field, record
from dptaxonomy.catalog.checks import check_catalog
from dptaxonomy.catalog.core_list import load_core
from dptaxonomy.catalog.evidence import Computed, EvidenceKey, load_evidence
from dptaxonomy.catalog.loader import (
    LoadedDefinition,
    LoadedMechanism,
    LoadedReferences,
    display_path,
    load_definition,
    load_mechanism,
    load_references,
)
from dptaxonomy.catalog.mechanism_checks import check_mechanisms
from dptaxonomy.catalog.names import NameIndex
from dptaxonomy.catalog.operation_checks import check_operations
from dptaxonomy.catalog.paths import (
    CATALOG_ENV,
    REFERENCES_FILE,
    catalog_files,
    check_catalog_dir,
    default_catalog_dir,
    mechanism_files,
)
from dptaxonomy.catalog.variant_checks import check_variants
from dptaxonomy.schema.mechanisms import Mechanism
from dptaxonomy.schema.models import Definition, Reference

__all__ = [
    "CATALOG_ENV",
    "Catalog",
    "catalog_files",
    "default_catalog_dir",
    "load_catalog",
    "open_catalog",
]


@record
class Catalog:
    """A loaded catalog: definitions by id, the bibliography, and where each came from."""

    directory: Path
    entries: dict[str, LoadedDefinition]
    references: dict[str, Reference]
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    mechanism_entries: dict[str, LoadedMechanism] = field(default_factory=dict)
    evidence: dict[EvidenceKey, Computed] = field(default_factory=dict)
    """Numeric verdicts from ``evidence.json``, by (kind, entry, index)."""
    core: tuple[str, ...] = ()
    """The practitioner's core (``core.yaml``): definition ids, in the file's order."""

    @property
    def definitions(self) -> dict[str, Definition]:
        """Definitions by id, sorted by id (a new dict each time: to look one up, use
        :meth:`definition`)."""
        return {i: self.entries[i].definition for i in sorted(self.entries)}

    def definition(self, definition_id: str) -> Definition | None:
        """The definition with this id, if any (without building :attr:`definitions`)."""
        entry = self.entries.get(definition_id)
        return None if entry is None else entry.definition

    @property
    def mechanisms(self) -> dict[str, Mechanism]:
        """Mechanisms by id, sorted by id."""
        return {i: self.mechanism_entries[i].mechanism for i in sorted(self.mechanism_entries)}

    @cached_property
    def names(self) -> NameIndex:
        """The name index used to resolve user input."""
        return NameIndex(self.definitions.values())

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error."""
        return not any(d.is_error for d in self.diagnostics)

    def resolve(self, name: str) -> Definition:
        """The definition designated by an id, name, abbreviation or alias."""
        return self.entries[self.names.resolve(name)].definition


def load_catalog(directory: Path | str) -> Catalog:
    """Load every file of a catalog, collecting all diagnostics instead of stopping.

    The result holds the definitions that passed the per-file checks and the
    diagnostics of both passes; see :func:`open_catalog` for the strict form.
    """
    with collector_paused():
        return _load_catalog(Path(directory))


def _load_catalog(directory: Path) -> Catalog:
    """The body of :func:`load_catalog`."""
    check_catalog_dir(directory)
    diagnostics: list[Diagnostic] = []
    references_path = directory / REFERENCES_FILE
    references: LoadedReferences | None = None
    if os.path.lexists(references_path):
        references, problems = load_references(references_path, directory)
        diagnostics.extend(problems)
    else:
        diagnostics.append(
            Diagnostic(
                Severity.error,
                display_path(references_path),
                1,
                1,
                "missing-bibliography",
                "the catalog has no references.yaml",
                "create it with one entry per citation key",
            )
        )
    loaded: list[LoadedDefinition] = []
    for path in catalog_files(directory):
        entry, problems = load_definition(path, directory)
        diagnostics.extend(problems)
        if entry is not None:
            loaded.append(entry)
    diagnostics.extend(check_catalog(loaded, references))
    diagnostics.extend(check_variants({entry.definition.id: entry for entry in loaded}))
    mechanisms: list[LoadedMechanism] = []
    for path in mechanism_files(directory):
        mechanism, problems = load_mechanism(path, directory)
        diagnostics.extend(problems)
        if mechanism is not None:
            mechanisms.append(mechanism)
    definitions = {entry.definition.id: entry.definition for entry in loaded}
    diagnostics.extend(check_mechanisms(mechanisms, definitions, references))
    diagnostics.extend(check_operations(loaded, sorted(m.mechanism.id for m in mechanisms)))
    evidence, problems = load_evidence(directory)
    diagnostics.extend(problems)
    core, problems = load_core(directory, list(definitions))
    diagnostics.extend(problems)
    return Catalog(
        directory=directory,
        entries={entry.definition.id: entry for entry in loaded},
        references=dict(sorted(references.references.items())) if references else {},
        diagnostics=tuple(sorted(diagnostics, key=sort_key)),
        mechanism_entries={m.mechanism.id: m for m in mechanisms},
        evidence=evidence,
        core=core,
    )


def open_catalog(directory: Path | None = None) -> Catalog:
    """Load a catalog and raise :class:`CatalogError` if it has any error."""
    catalog = load_catalog(directory or default_catalog_dir())
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    return catalog

"""Load ``core.yaml``, the practitioner's core (see :mod:`dptaxonomy.schema.core`).

:func:`read_core_ids` reads only the ids, with the standard library, for
fast query paths; :func:`load_core` validates the file and checks its ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.catalog.checks import did_you_mean
from dptaxonomy.catalog.loader import load_document
from dptaxonomy.catalog.paths import CORE_FILE, display_path
from dptaxonomy.catalog.yamlsource import Located
from dptaxonomy.schema.core import CoreList

__all__ = ["load_core", "read_core_ids"]

_MEMBER = re.compile(r"^\s*-\s+id:\s*([a-z0-9]+(?:-[a-z0-9]+)*)\s*$", re.MULTILINE)


def read_core_ids(directory: Path) -> tuple[str, ...]:
    """The core's ids in file order, read without YAML (empty when there is no core file).

    The file is validated by :func:`load_core` whenever the catalog is loaded,
    so the one form it is written in (``- id: name`` per member) is enough here.
    """
    path = directory / CORE_FILE
    if not path.is_file():
        return ()
    return tuple(_MEMBER.findall(path.read_text(encoding="utf-8")))


def load_core(
    directory: Path, definitions: Sequence[str]
) -> tuple[tuple[str, ...], list[Diagnostic]]:
    """The core's ids and the problems of ``core.yaml`` (no file: an empty core, no problem)."""
    path = directory / CORE_FILE
    if not path.exists():
        return (), []
    value, located, diagnostics = load_document(path, CoreList.model_validate, CoreList, directory)
    if value is None or located is None:
        return (), diagnostics
    core: CoreList = value
    known = sorted(definitions)
    unknown = list(_unknown(core, frozenset(known), known, display_path(path), located))
    if unknown:
        return (), diagnostics + unknown
    return core.ids, diagnostics


def _unknown(
    core: CoreList, known: frozenset[str], ordered: Sequence[str], file: str, located: Located
) -> Iterator[Diagnostic]:
    """An error for each member that names no definition."""
    for index, member in enumerate(core.members):
        if member.id not in known:
            line, column = located.value_mark(("members", index, "id"))
            yield Diagnostic(
                Severity.error,
                file,
                line,
                column,
                "core-unknown-definition",
                f"the core lists {member.id!r}, which no definition has as id",
                did_you_mean(member.id, ordered) or "check the id in catalog/",
            )

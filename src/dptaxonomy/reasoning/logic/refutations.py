"""`validate` fails on a refuted fact that is not marked disputed.

``dptax verify --write`` stores each numeric verdict in ``catalog/evidence.json``.
A verdict ``refuted`` carries a certain counterexample: the claim, map,
relation or declaration it judged is false. The reasoner never uses a
disputed fact, so a refuted one must be disputed (kept as printed, with the
counterexample in its note); declarations (perfect privacy, vacuous values)
have no status and must be corrected. Each such row becomes one located error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.schema.enums import Status

if TYPE_CHECKING:
    from dptaxonomy.catalog.evidence import Computed
    from dptaxonomy.catalog.store import Catalog

__all__ = ["refutation_diagnostics"]

_HINT = (
    "keep it as printed, mark it `status: disputed` and record the counterexample in its note "
    "(a declaration has no status: correct it); `dptax verify` shows every check"
)
_DEFINITION_PATHS = {
    "parameter_map": "relations",
    "relation": "relations",
    "vacuous": "vacuous",
}


def _located(
    catalog: Catalog, kind: str, entry: str, index: int
) -> tuple[str, int, int, bool] | None:
    """(file, line, column, disputed) of the item a row judged, or None if it is gone."""
    if kind in ("satisfies", "violates"):
        loaded_mechanism = catalog.mechanism_entries.get(entry)
        if loaded_mechanism is None:
            return None
        claims = getattr(loaded_mechanism.mechanism, kind)
        if index >= len(claims):
            return None
        line, column = loaded_mechanism.located.value_mark((kind, index))
        return loaded_mechanism.file, line, column, claims[index].status is Status.disputed
    loaded = catalog.entries.get(entry)
    if loaded is None:
        return None
    if kind == "perfect_privacy":
        line, column = loaded.located.value_mark(("perfect_privacy",))
        return loaded.file, line, column, False
    field = _DEFINITION_PATHS.get(kind)
    if field is None:
        return None
    items = getattr(loaded.definition, field)
    if index >= len(items):
        return None
    line, column = loaded.located.value_mark((field, index))
    disputed = getattr(items[index], "status", None) is Status.disputed
    return loaded.file, line, column, disputed


def _message(kind: str, entry: str, index: int, computed: Computed) -> str:
    return (
        f"evidence.json: {kind} #{index} of {entry} is refuted by `dptax verify`: "
        f"{computed.counterexample}"
    )


def refutation_diagnostics(catalog: Catalog) -> list[Diagnostic]:
    """One error per refuted, undisputed row of the catalog's evidence."""
    found = []
    for (kind, entry, index), computed in sorted(catalog.evidence.items()):
        if computed.outcome != "refuted":
            continue
        where = _located(catalog, kind, entry, index)
        if where is None or where[3]:
            continue
        file, line, column, _ = where
        message = _message(kind, entry, index, computed)
        found.append(Diagnostic(Severity.error, file, line, column, "refuted-fact", message, _HINT))
    return found

"""How pages name a definition in tables and headings."""

from __future__ import annotations

from dptaxonomy.schema.models import Definition

__all__ = ["label_of", "library_names", "literature_names"]


def label_of(definition: Definition) -> str:
    """The short label a table shows: first abbreviation (with disambiguator) or the name."""
    short = definition.abbreviations[0] if definition.abbreviations else definition.name
    return short + (f"[{definition.disambiguator}]" if definition.disambiguator else "")


def literature_names(definition: Definition) -> list[tuple[str, str]]:
    """Further names the literature uses, with the key of a work using each.

    Read from the entry's ``names`` (sourced names) where the schema has them.
    """
    return [(str(n.label), str(n.source)) for n in getattr(definition, "names", ())]


def library_names(definition: Definition) -> list[dict[str, str]]:
    """Identifiers DP libraries give the notion (the entry's ``crosswalk``, if any)."""
    return [
        {
            "library": str(getattr(m.library, "value", m.library)),
            "identifier": str(m.identifier),
            "version": str(m.version),
            "match": str(getattr(m.match, "value", m.match)),
            "note": str(m.note or ""),
        }
        for m in getattr(definition, "crosswalk", ())
    ]

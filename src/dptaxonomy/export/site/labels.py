"""How pages name a definition in tables and headings."""

from __future__ import annotations

from dptaxonomy.schema.models import Definition

__all__ = ["label_of"]


def label_of(definition: Definition) -> str:
    """The short label a table shows: first abbreviation (with disambiguator) or the name."""
    short = definition.abbreviations[0] if definition.abbreviations else definition.name
    return short + (f"[{definition.disambiguator}]" if definition.disambiguator else "")

"""Names and crosswalks: how papers and libraries refer to a definition.

A definition's ``names`` are the spellings found in the literature, each with
the work that uses it; its ``crosswalk`` lists the identifiers that DP
libraries and vocabularies give the same notion, with the library version in
which the identifier was checked and a SKOS-style match strength.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["LIBRARY_HOMES", "Library", "Mapping", "MatchKind", "SourcedName"]

_Label = Annotated[str, Field(min_length=1, max_length=200)]
_Text = Annotated[str, Field(min_length=1, max_length=4000)]
_Key = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z][A-Za-z0-9+]*[0-9]{2}[a-z]?$",
        max_length=40,
        description="A bibliography key, e.g. `BS16`.",
    ),
]


class Library(StrEnum):
    """Libraries and vocabularies the crosswalk covers."""

    opendp = "opendp"
    """OpenDP (Python package `opendp`): privacy measures in `opendp.measures`."""
    tumult_analytics = "tumult-analytics"
    """Tumult Analytics / Tumult Core: privacy budgets and measures."""
    dp_accounting = "dp-accounting"
    """Google's `dp_accounting` package: accountants and events."""
    opacus = "opacus"
    """Meta's Opacus: privacy accountants (`opacus.accountants`)."""
    autodp = "autodp"
    """autodp (Yu-Xiang Wang et al.): RDP-based accounting."""
    dpv = "dpv"
    """The W3C Data Privacy Vocabulary (DPV)."""


LIBRARY_HOMES: dict[Library, str] = {
    Library.opendp: "https://docs.opendp.org/",
    Library.tumult_analytics: "https://docs.tmlt.dev/analytics/latest/",
    Library.dp_accounting: "https://github.com/google/differential-privacy/tree/main/python",
    Library.opacus: "https://opacus.ai/",
    Library.autodp: "https://github.com/yuxiangw/autodp",
    Library.dpv: "https://w3id.org/dpv",
}
"""Where each library documents its identifiers."""


class MatchKind(StrEnum):
    """Match strength, as in SKOS mapping properties and SSSOM predicates."""

    exact = "exact"
    """Same notion: skos:exactMatch."""
    close = "close"
    """Same notion up to a convention (e.g. neighbouring relation fixed): skos:closeMatch."""
    broad = "broad"
    """The library's concept is broader: skos:broadMatch."""
    narrow = "narrow"
    """The library's concept is narrower: skos:narrowMatch."""
    related = "related"
    """Related but neither broader nor narrower (e.g. an accountant for it): skos:relatedMatch."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


class SourcedName(_Strict):
    """A name, abbreviation or spelling of the definition, with a work that uses it."""

    label: _Label = Field(description="The name as the work spells it, e.g. `zCDP`.")
    source: _Key = Field(description="Key of a work in `references.yaml` that uses the name.")
    at: _Label | None = Field(default=None, description="Where in that work, e.g. `Section 1`.")
    note: _Text | None = Field(default=None, description="Remarks, e.g. a clash with a homonym.")


class Mapping(_Strict):
    """The identifier a library or vocabulary uses for the definition."""

    library: Library = Field(description="The library or vocabulary.")
    identifier: _Label = Field(
        description="The identifier as the library spells it, e.g. `ZeroConcentratedDivergence`."
    )
    version: _Label = Field(
        description="Library version whose documentation or source was checked, e.g. `0.14`."
    )
    match: MatchKind = Field(description="exact, close, broad, narrow or related.")
    note: _Text | None = Field(default=None, description="What differs, or how it is used.")

"""Bibliography entries: the fields BibTeX needs, per citation key."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EntryType", "Reference"]

_Label = Annotated[str, Field(min_length=1, max_length=200)]
_Text = Annotated[str, Field(min_length=1, max_length=4000)]


class EntryType(StrEnum):
    """BibTeX entry types used by the bibliography."""

    article = "article"
    inproceedings = "inproceedings"
    book = "book"
    incollection = "incollection"
    phdthesis = "phdthesis"
    mastersthesis = "mastersthesis"
    techreport = "techreport"
    misc = "misc"


class Reference(BaseModel):
    """A bibliography entry.

    ``type`` defaults to ``misc``: the seeds' reference lists rarely say which
    kind of work an entry is, and the type is set only where it is known.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)

    type: EntryType = Field(default=EntryType.misc, description="BibTeX entry type.")
    authors: list[_Label] = Field(min_length=1, description="Authors, as printed.")
    title: _Label = Field(description="Title.")
    venue: _Label | None = Field(
        default=None,
        description="Journal (article), proceedings (inproceedings) or publisher.",
    )
    year: int = Field(ge=1900, le=2100, description="Year of publication.")
    volume: _Label | None = Field(default=None, description="Volume, for journal articles.")
    number: _Label | None = Field(default=None, description="Issue number.")
    pages: _Label | None = Field(default=None, description="Pages, e.g. `635--658`.")
    publisher: _Label | None = Field(default=None, description="Publisher.")
    doi: Annotated[str, Field(pattern=r"^10\.[0-9]{4,9}/\S+$", max_length=200)] | None = Field(
        default=None, description="DOI, without the `https://doi.org/` prefix."
    )
    arxiv: (
        Annotated[str, Field(pattern=r"^([0-9]{4}\.[0-9]{4,5}|[a-z\-]+/[0-9]{7})(v[0-9]+)?$")]
        | None
    ) = Field(default=None, description="arXiv identifier, e.g. `1605.02065`.")
    url: _Label | None = Field(
        default=None, description="A stable link, when the source gives one."
    )
    note: _Text | None = Field(
        default=None, description="Remarks, e.g. which version of the work the seed is."
    )

"""BibTeX of the bibliography, and of the papers that introduced a definition."""

from __future__ import annotations

import re
from collections.abc import Iterable

from dptaxonomy.catalog.store import Catalog
from dptaxonomy.schema.bibliography import EntryType
from dptaxonomy.schema.models import Definition, Reference

__all__ = ["bibtex_entry", "bibtex_text", "cite_text", "latex_escape"]

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_SPECIAL_RE = re.compile("|".join(re.escape(c) for c in _SPECIAL))


def latex_escape(text: str) -> str:
    """Escape LaTeX's special characters (so an entry cannot inject commands).

    >>> latex_escape("A & B_1 {x} 100%")
    'A \\\\& B\\\\_1 \\\\{x\\\\} 100\\\\%'
    """
    return _SPECIAL_RE.sub(lambda m: _SPECIAL[m.group(0)], text)


_VENUE_FIELD = {
    EntryType.article: "journal",
    EntryType.inproceedings: "booktitle",
    EntryType.incollection: "booktitle",
    EntryType.book: "publisher",
    EntryType.phdthesis: "school",
    EntryType.mastersthesis: "school",
    EntryType.techreport: "institution",
    EntryType.misc: "howpublished",
}
"""Which BibTeX field holds ``venue`` for each entry type."""


def bibtex_entry(key: str, reference: Reference) -> str:
    """One entry of the reference's type (``@misc`` where the type is not known)."""
    fields = [
        ("author", " and ".join(latex_escape(a) for a in reference.authors)),
        ("title", "{" + latex_escape(reference.title) + "}"),
        ("year", str(reference.year)),
    ]
    if reference.venue:
        fields.append((_VENUE_FIELD[reference.type], latex_escape(reference.venue)))
    for name in ("volume", "number", "pages"):
        value = getattr(reference, name)
        if value is not None:
            fields.append((name, latex_escape(value)))
    if reference.publisher and reference.type is not EntryType.book:
        fields.append(("publisher", latex_escape(reference.publisher)))
    if reference.doi:
        fields.append(("doi", latex_escape(reference.doi)))
    if reference.arxiv:
        fields.append(("eprint", reference.arxiv))
        fields.append(("archiveprefix", "arXiv"))
    if reference.url:
        fields.append(("url", reference.url.replace("}", "%7D").replace("{", "%7B")))
    if reference.note:
        fields.append(("note", latex_escape(reference.note)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{reference.type.value}{{{key},\n{body}\n}}\n"


def bibtex_text(references: dict[str, Reference], keys: Iterable[str] | None = None) -> str:
    """BibTeX of the given keys (default: all), sorted by key."""
    chosen = sorted(set(keys) if keys is not None else references, key=str.casefold)
    return "\n".join(bibtex_entry(k, references[k]) for k in chosen if k in references)


def cite_text(catalog: Catalog, definition: Definition) -> str:
    """BibTeX of the papers that introduced ``definition``."""
    return bibtex_text(catalog.references, definition.introduced_in)

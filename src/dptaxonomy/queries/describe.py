"""Questions asked of the catalog's entries: one definition, and filtered lists.

They read the plain JSON documents of :class:`~dptaxonomy.cache.views.CatalogView`
(restored from the cache), so neither needs pydantic nor PyYAML.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from dptaxonomy.base.errors import InvalidArgumentError
from dptaxonomy.base.records import record
from dptaxonomy.cache.views import CatalogView
from dptaxonomy.queries.results import json_document
from dptaxonomy.schema.enums import PROPERTY_NAMES, TRUTH_MARKS, Dimension, Scope, Setting, Truth

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

__all__ = [
    "ListFilter",
    "ListResult",
    "ShowResult",
    "filter_definitions",
    "one_of",
    "parse_property_filter",
    "property_names",
    "summary_row",
]

if TYPE_CHECKING:
    Document = dict[str, Any]


def parse_property_filter(text: str) -> tuple[str, Truth]:
    """Parse ``composability=yes`` into ``("composability", Truth.yes)``.

    >>> parse_property_filter("convexity=no")
    ('convexity', <Truth.no: 'no'>)
    """
    name, sep, value = text.partition("=")
    name = parse_property_name(name)
    if not sep:
        raise ValueError(f"expected PROPERTY=VALUE with PROPERTY one of: {_known()}")
    try:
        return name, Truth(value.strip())
    except ValueError:
        raise ValueError(f"the value must be one of: {', '.join(t.value for t in Truth)}") from None


def parse_property_name(text: str) -> str:
    """``post-processing`` → ``post_processing``; ValueError for an unknown property."""
    name = text.strip().replace("-", "_")
    if name not in PROPERTY_NAMES:
        raise ValueError(f"expected PROPERTY=VALUE with PROPERTY one of: {_known()}")
    return name


def _known() -> str:
    return ", ".join(PROPERTY_NAMES)


def property_value(document: Document, name: str) -> str:
    """The value an entry claims for a property (``unknown`` when it states none)."""
    claim = document["properties"].get(name)
    return str(claim["value"]) if claim else Truth.unknown.value


@record
class ListFilter:
    """What ``dptax list`` keeps: every condition given must hold.

    ``dimensions`` must all be present (AND); of ``any_dimensions`` at least one (OR).
    """

    dimensions: tuple[Dimension, ...] = ()
    any_dimensions: tuple[Dimension, ...] = ()
    properties: tuple[tuple[str, Truth], ...] = ()
    unknown_properties: tuple[str, ...] = ()
    scope: Scope | None = None
    setting: Setting | None = None
    no_statement: bool = False

    def keeps(self, document: Document) -> bool:
        """True when ``document`` passes every condition."""
        present = set(document["dimensions"])
        if not {d.value for d in self.dimensions} <= present:
            return False
        if self.any_dimensions and not present & {d.value for d in self.any_dimensions}:
            return False
        if self.scope is not None and document["scope"] != self.scope.value:
            return False
        if self.setting is not None and document.get("setting", "central") != self.setting.value:
            return False
        if self.no_statement and document.get("statement"):
            return False
        if any(property_value(document, n) != v.value for n, v in self.properties):
            return False
        return all(property_value(document, n) == Truth.unknown for n in self.unknown_properties)


if TYPE_CHECKING:
    E = TypeVar("E", bound=StrEnum)


def one_of(kind: type[E], argument: str, value: E | str) -> E:
    """``value`` as a member of ``kind``; :class:`InvalidArgumentError` names ``argument``.

    >>> one_of(Dimension, "dimensions", " q")
    <Dimension.Q: 'Q'>
    >>> one_of(Scope, "scope", "galaxy")
    Traceback (most recent call last):
    dptaxonomy.base.errors.InvalidArgumentError: `scope` takes one of: core, input_type, context, out_of_scope, sensitivity
    """  # noqa: E501
    text = value.strip() if isinstance(value, str) else value
    try:
        return kind(text.upper() if kind is Dimension else text)
    except ValueError:
        choices = ", ".join(k.value for k in kind)
        raise InvalidArgumentError(argument, f"takes one of: {choices}") from None


def property_names(argument: str, given: Iterable[str]) -> tuple[str, ...]:
    """Property names (``post-processing`` is ``post_processing``); unknown ones refused."""
    found = []
    for name in given:
        try:
            found.append(parse_property_name(name))
        except ValueError:
            raise InvalidArgumentError(argument, f"takes property names: {_known()}") from None
    return tuple(found)


def filter_definitions(documents: Iterable[Document], wanted: ListFilter) -> list[Document]:
    """The documents ``wanted`` keeps, in the given order."""
    return [d for d in documents if wanted.keeps(d)]


def summary_row(document: Document) -> dict[str, Any]:
    """The fields `dptax list --format json` prints for one definition."""
    table3 = document["source"].get("table3")
    return {
        "id": document["id"],
        "name": document["name"],
        "abbreviations": list(document.get("abbreviations", ())),
        "disambiguator": document.get("disambiguator"),
        "dimensions": list(document["dimensions"]),
        "scope": document["scope"],
        "setting": document.get("setting", "central"),
        "post_processing": property_value(document, "post_processing"),
        "convexity": property_value(document, "convexity"),
        "composability": property_value(document, "composability"),
        "table3_row": table3["row"] if table3 else None,
    }


_SHORT = {"post_processing": "PP", "convexity": "CV", "composability": "CP"}


def _derived_marks(derived: list[Document]) -> str:
    """`` (CP ✓ by P1)`` for each derived value the asserted table does not show."""
    marks = [
        f"{_SHORT[d['property']]} {TRUTH_MARKS[d['value']]} by {d['rule']}"
        + (", conjectural" if d["conjectural"] else "")
        for d in derived
        if not d["agrees_with_asserted"]
    ]
    return f"  ({'; '.join(marks)})" if marks else ""


@record
class ShowResult:
    """Everything known about one definition (``dptax show``).

    The document holds the property values rules P1/P2 derive, computed when
    the catalog was compiled (see :func:`dptaxonomy.cache.views.encode_views`).
    """

    view: CatalogView
    document: Document

    def to_json(self) -> dict[str, Any]:
        moved = ("file", "derived_properties")
        data = {k: v for k, v in self.document.items() if k not in moved}
        data["incoming_relations"] = [
            {"subject": subject, **relation}
            for subject, relation in self.view.incoming(self.document["id"])
        ]
        data["mechanism_claims"] = [
            {"mechanism": mechanism_id, "claim": kind, **claim}
            for mechanism_id, kind, claim in self.view.claims_about(self.document["id"])
        ]
        data["file"] = self.document["file"]
        data["derived_properties"] = self.document["derived_properties"]
        return json_document(data)

    def to_text(self) -> str:
        from dptaxonomy.queries.showtext import definition_text

        return definition_text(self.view, self.document)


@record
class ListResult:
    """Definitions passing the filters of ``dptax list``, in catalog order."""

    definitions: tuple[Document, ...] = ()

    def to_json(self) -> dict[str, Any]:
        rows = []
        for document in self.definitions:
            row = summary_row(document)
            row["derived_properties"] = document["derived_properties"]
            rows.append(row)
        return json_document({"definitions": rows})

    def to_text(self) -> str:
        from dptaxonomy.queries.textview import table_text

        rows = [(summary_row(d), d["derived_properties"]) for d in self.definitions]
        table = [
            [
                r["id"],
                (r["abbreviations"] or [""])[0]
                + (f"[{r['disambiguator']}]" if r["disambiguator"] else ""),
                "".join(r["dimensions"]) or "-",
                "".join(
                    TRUTH_MARKS[r[p]] for p in ("post_processing", "convexity", "composability")
                ),
                r["name"] + _derived_marks(derived),
            ]
            for r, derived in rows
        ]
        return table_text(["ID", "ABBREV", "DIMS", "PP CV CP", "NAME"], table)

    def summary(self) -> str:
        return f"{len(self.definitions)} definition(s)"

"""A cache of the compiled knowledge base, keyed by the catalog's content.

Queries (``relate``, ``stronger-than``, …) restore the validated, inferred
knowledge base from plain JSON instead of parsing YAML and validating with
pydantic. The key is a SHA-256 of the package version and of every catalog
file's path and bytes, so any edit gives a new key: a cache can be missing or
useless, never stale (the key is remembered by the files' stat data:
:mod:`dptaxonomy.cache.digest`). Each compilation is six files of plain JSON values
stored with marshal (never pickle: a tampered cache cannot run code; see
:mod:`dptaxonomy.cache.marshalfile`): the knowledge base, what composing reads
of it, what guarantees given in a definition read besides, the entries as documents
and the name index; an unreadable or malformed one
is ignored and rebuilt.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from dptaxonomy import __version__
from dptaxonomy.base.errors import CacheChangedError
from dptaxonomy.base.records import replace
from dptaxonomy.cache.digest import (
    CACHE_ENV,
    FORMAT,
    NO_CACHE_ENV,
    cache_dir,
    cache_folder,
    catalog_digest,
)
from dptaxonomy.cache.marshalfile import plain_bytes, plain_value, read_bytes, read_plain
from dptaxonomy.catalog.paths import check_catalog_dir, display_path, root_relative_names

TYPE_CHECKING = False
if TYPE_CHECKING:  # each reader imports only its own decoder: `show` needs no knowledge base
    from pathlib import Path
    from typing import Any, TypeVar

    from dptaxonomy.cache.fact_rows import FactRows
    from dptaxonomy.cache.views import CatalogView
    from dptaxonomy.catalog.names import NameIndex
    from dptaxonomy.reasoning.accounting.knowledge import AccountingKnowledge
    from dptaxonomy.reasoning.accounting.lifts import GuaranteeLifts
    from dptaxonomy.reasoning.assertions import Assertions
    from dptaxonomy.reasoning.info import MechanismInfo
    from dptaxonomy.reasoning.knowledge import KnowledgeBase
    from dptaxonomy.reasoning.logic.facts import Fact, FactSet

__all__ = [
    "CACHE_ENV",
    "NO_CACHE_ENV",
    "accounting",
    "cache_dir",
    "catalog_digest",
    "catalog_view",
    "knowledge_base",
]

if TYPE_CHECKING:
    T = TypeVar("T")
    Decode = Callable[[dict[str, Any], Callable[[str], str]], T]


def _path(digest: str, assume_conjectures: bool, part: str = "kb") -> str:
    """The file of one part (``kb``, ``facts``, ``compose``, ``views``, ``names``)."""
    name = f"{part}-{digest}{'-conj' if assume_conjectures else ''}.marshal"
    return os.path.join(cache_folder(), name)


def _read(path: str, digest: str, assume_conjectures: bool) -> dict[str, Any] | None:
    return _current(read_plain(path), digest, assume_conjectures)


def _current(data: Any, digest: str, assume_conjectures: bool) -> dict[str, Any] | None:
    """``data`` if it is a part of the compilation ``digest`` by this version, else None."""
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or data.get("digest") != digest
        or data.get("version") != __version__
        or data.get("assume_conjectures") != assume_conjectures
    ):
        return None
    return data


def _decoded(data: dict[str, Any], decode: Decode[T], shown: Callable[[str], str]) -> T | None:
    try:
        return decode(data, shown)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None


def _write(path: str, data: bytes) -> None:
    from dptaxonomy.base.atomic import write_bytes_atomic

    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_bytes_atomic(path, data)
    except OSError:
        return  # a read-only or full cache directory only costs speed


def _cached(
    directory: Path | str,
    assume_conjectures: bool,
    decode: Decode[T],
    part: str,
    known: str = "",
    compiled: dict[str, Any] | None = None,
) -> tuple[T, str]:
    """``decode`` applied to one part of the catalog's cached compilation, compiled if needed.

    Returns it with the compilation's key ("" when caching is off); ``known`` is that key
    when the caller has just computed it (it is then not computed again). When the
    catalog is compiled, ``compiled`` (if given) receives every part's plain value.

    A compilation is six files, so that each command parses only what it
    reads: ``kb`` (the knowledge base's definitions and closures), ``facts`` (its
    facts, mechanisms and operation rules, read when first needed),
    ``compose`` (what composing reads of it), ``lifts`` (what guarantees given in a
    definition read besides),
    ``views`` (the entries as documents, for ``show`` and ``list``; written for the
    plain compilation only) and ``names`` (the name index, read only when a name is
    resolved). Files
    are stored relative to the catalog root and shown relative to the working
    directory of the run that reads them.
    """
    check_catalog_dir(directory)

    base = display_path(directory)  # a file below it shows as the catalog's display, then its name
    prefix = "" if base == "." else base + os.sep

    def shown(name: str) -> str:
        return prefix + name.replace("/", os.sep)

    use_cache = not os.environ.get(NO_CACHE_ENV)
    digest = (known or catalog_digest(directory)) if use_cache else ""
    path = _path(digest, assume_conjectures, part)
    if use_cache:
        data = _read(path, digest, assume_conjectures)
        found = None if data is None else _decoded(data, decode, shown)
        if found is not None:
            return found, digest
    import json

    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.accounting_codec import encode_accounting
    from dptaxonomy.cache.codec import CORE, encode_knowledge_base
    from dptaxonomy.cache.lifts_codec import encode_lifts
    from dptaxonomy.cache.views import encode_views
    from dptaxonomy.catalog.store import load_catalog
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    catalog = load_catalog(directory)
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    kb = compile_knowledge_base(catalog, assume_conjectures=assume_conjectures)
    names = root_relative_names(directory)

    def stored(name: str) -> str:
        return names.get(name, name)

    header = {"format": FORMAT, "version": __version__, "digest": digest}
    flag = {"assume_conjectures": assume_conjectures}
    whole = encode_knowledge_base(kb, stored)
    parts = {
        "kb": {**header, **{key: whole[key] for key in CORE}},
        "facts": {**header, **flag, **{k: v for k, v in whole.items() if k not in CORE}},
        "compose": {
            **header,
            "assume_conjectures": assume_conjectures,
            **encode_accounting(kb, stored),
        },
        "lifts": {**header, "assume_conjectures": assume_conjectures, **encode_lifts(kb, stored)},
    }
    parts["names"] = {**header, **flag, "names": kb.names.data()}  # read only to resolve
    if not assume_conjectures:  # show and list read the views of the plain compilation
        views = encode_views(catalog, kb, stored)
        parts["views"] = {**header, "assume_conjectures": False, "views": views}
    # each part as JSON holds it (tuples become lists, str enums plain strings): what is
    # decoded now is exactly what a later run reads back
    plain = {name: json.loads(json.dumps(document)) for name, document in parts.items()}
    if compiled is not None:
        compiled.update(plain)
    if use_cache:
        for name, value in plain.items():
            _write(_path(digest, assume_conjectures, name), plain_bytes(value))
    return decode(plain[part], shown), digest


class _AssertionsReader:
    """Reads a compilation's ``facts`` part when a question first needs it.

    Its bytes are read with the ``kb`` part, so that a later edit or removal cannot
    mix two compilations, and decoded on demand: the facts alone (:meth:`facts`, what
    most questions read), or with the mechanisms and operation rules. A malformed one
    is compiled again under its key, if the catalog still has that key; otherwise no
    knowledge base consistent with the part already read is left, and the question is
    refused.
    """

    def __init__(self, directory: Path | str, assume_conjectures: bool) -> None:
        self.directory = directory
        self.assume_conjectures = assume_conjectures
        self.shown: Callable[[str], str] = str
        self.digest = ""
        self.plain: Any = None  # the part's value, once compiled or read
        self.raw: bytes | None = None
        self.rows: FactRows | None = None

    def settle(self, digest: str, compiled: dict[str, Any]) -> None:
        """Take the part from the compilation just made, else read the file's bytes now."""
        self.digest = digest
        if "facts" in compiled:
            self.plain = compiled["facts"]
        elif digest:
            self.raw = read_bytes(_path(digest, self.assume_conjectures, "facts"))

    def _decoded(self, decode: Decode[T]) -> T:
        if self.plain is None and self.raw is not None:
            self.plain = _current(plain_value(self.raw), self.digest, self.assume_conjectures)
            self.raw = None
        found = None if self.plain is None else _decoded(self.plain, decode, self.shown)
        if found is not None:
            return found
        if self.digest and catalog_digest(self.directory) != self.digest:
            raise CacheChangedError
        found = _cached(self.directory, self.assume_conjectures, decode, "facts")[0]
        if self.rows is not None:  # later parts are read from the part compiled again
            self.plain = self.rows.data
        return found

    def _rows(self, data: dict[str, Any], shown: Callable[[str], str]) -> FactRows:
        """The part's rows, one reader per part value (so each fact is decoded once)."""
        from dptaxonomy.cache.fact_rows import FactRows

        if self.rows is None or self.rows.data is not data:
            self.rows = FactRows(data, shown)
        return self.rows

    def _part(self, read: Callable[[FactRows], T]) -> T:
        """A part read from the part's rows (the same objects whichever part is read first)."""
        if self.rows is not None and self.plain is None and self.raw is None:
            return read(self.rows)  # every part was read from these rows
        return self._decoded(lambda data, shown: read(self._rows(data, shown)))

    def mapped(self) -> tuple[list[Fact], list[Fact]]:
        return self._part(lambda rows: rows.mapped())

    def facts(self) -> FactSet:
        return self._part(lambda rows: rows.factset)

    def mechanisms(self) -> dict[str, MechanismInfo]:
        return self._part(lambda rows: rows.mechanisms)

    def claims_of(self, mechanism: str) -> list[Fact]:
        return self._part(lambda rows: rows.claims_of(mechanism))

    def __call__(self) -> Assertions:
        from dptaxonomy.cache.codec import decode_assertions

        found = self._part(lambda rows: decode_assertions(rows.data, self.shown, rows))
        self.plain = None  # everything is read: the value is not needed again
        return found


def knowledge_base(
    directory: Path | str, *, assume_conjectures: bool = False, digest: str = ""
) -> KnowledgeBase:
    """The knowledge base of a valid catalog, from the cache when it is current
    (``digest``: the catalog's :func:`catalog_digest`, when the caller has it).

    Raises :class:`~dptaxonomy.base.errors.CatalogError` (with diagnostics) when the
    catalog is invalid; an invalid catalog is never cached.
    """
    from dptaxonomy.cache.codec import decode_core

    later = _AssertionsReader(directory, assume_conjectures)

    def decode(data: dict[str, Any], shown: Callable[[str], str]) -> KnowledgeBase:
        later.shown = shown
        return decode_core(data, shown, later, later)

    compiled: dict[str, Any] = {}
    kb, digest = _cached(directory, assume_conjectures, decode, "kb", digest, compiled)
    later.settle(digest, compiled)
    if digest:
        kb.stored_names = _names_reader(
            digest, assume_conjectures
        )  # results derived from it may be remembered under its key
        kb.cache_key = digest + ("-conj" if assume_conjectures else "")
    return kb


def accounting(directory: Path | str) -> AccountingKnowledge:
    """What composing reads of a valid catalog (mechanisms, operation rules, maps), cached apart;
    what guarantees given in a definition read is a third part, read when asked for."""
    from dptaxonomy.cache.accounting_codec import decode_accounting

    found, digest = _cached(directory, False, decode_accounting, "compose")
    return replace(found, lifts=lambda: _lifts(directory, digest)) if digest else found


def _lifts(directory: Path | str, digest: str) -> GuaranteeLifts:
    from dptaxonomy.cache.lifts_codec import decode_lifts

    lifts = _cached(directory, False, decode_lifts, "lifts", digest)[0]
    return replace(lifts, names=_names_reader(digest, False))


def catalog_view(directory: Path | str) -> CatalogView:
    """Every definition of a valid catalog as JSON documents, from the cache when current."""
    from dptaxonomy.cache.views import decode_views

    def decode(data: dict[str, Any], shown: Callable[[str], str]) -> CatalogView:
        return decode_views(data["views"], shown)

    view, digest = _cached(directory, False, decode, "views")
    return replace(view, stored_names=_names_reader(digest, False)) if digest else view


def _names_reader(digest: str, assume_conjectures: bool) -> Callable[[], NameIndex | None]:
    """Reads the compilation's name index (a third file: only a query that resolves a name
    reads it); None when it is missing or malformed (the index is then built)."""

    def read() -> NameIndex | None:
        from dptaxonomy.catalog.names import NameIndex

        data = _read(_path(digest, assume_conjectures, "names"), digest, assume_conjectures)
        try:
            return None if data is None else NameIndex.from_data(data["names"])
        except (ValueError, KeyError, TypeError):
            return None

    return read

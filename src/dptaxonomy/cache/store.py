"""A cache of the compiled knowledge base, keyed by the catalog's content.

Queries (``relate``, ``stronger-than``, …) restore the validated, inferred
knowledge base from plain JSON instead of parsing YAML and validating with
pydantic. The key is a SHA-256 of the package version and of every catalog
file's path and bytes, so any edit gives a new key: a cache can be missing or
useless, never stale. The file is JSON (never pickle: a tampered cache cannot
run code); an unreadable or malformed one is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from dptaxonomy import __version__
from dptaxonomy.catalog.paths import REFERENCES_FILE, catalog_files
from dptaxonomy.reasoning.closure import Closure
from dptaxonomy.reasoning.facts import Fact, FactKind, FactSet, Origin
from dptaxonomy.reasoning.info import CitationRef, DefinitionInfo
from dptaxonomy.reasoning.knowledge import KnowledgeBase
from dptaxonomy.reasoning.rules import Rule
from dptaxonomy.schema.enums import Dimension, RelationKind, Scope, Status, Truth

__all__ = ["CACHE_ENV", "NO_CACHE_ENV", "cache_dir", "catalog_digest", "knowledge_base"]

CACHE_ENV = "DPTAX_CACHE_DIR"
NO_CACHE_ENV = "DPTAX_NO_CACHE"
_FORMAT = 1


def cache_dir() -> Path:
    """``$DPTAX_CACHE_DIR``, else ``$XDG_CACHE_HOME/dptaxonomy``, else ``~/.cache/dptaxonomy``."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dptaxonomy"


def catalog_digest(directory: Path) -> str:
    """SHA-256 of the package version and every catalog file (path and bytes)."""
    digest = hashlib.sha256(f"dptaxonomy {__version__} cache {_FORMAT}\n".encode())
    files = [directory / REFERENCES_FILE, *catalog_files(directory)]
    for path in files:
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"<unreadable>")
        digest.update(b"\0")
    return digest.hexdigest()


# Encoding -------------------------------------------------------------------


def _citation(citation: CitationRef | None) -> list[str | None] | None:
    return None if citation is None else [citation.key, citation.at, citation.quote]


def _closure(closure: Closure) -> dict[str, Any]:
    return {
        "members": [list(m) for m in closure.members],
        "successors": closure.successors,
        "edges": [list(e) for e in closure.edges],
    }


def _encode(kb: KnowledgeBase, digest: str) -> dict[str, Any]:
    origins: dict[tuple[str, int], int] = {}
    origin_rows: list[list[Any]] = []

    def origin_index(origin: Origin) -> int:
        key = (origin.definition, origin.index)
        if key not in origins:
            origins[key] = len(origin_rows)
            origin_rows.append(
                [
                    origin.definition,
                    origin.index,
                    origin.file,
                    origin.line,
                    origin.column,
                    origin.kind.value,
                    origin.target,
                    _citation(origin.citation),
                    origin.status.value,
                    [list(p) for p in origin.parameter_map],
                    list(origin.conditions),
                    origin.note,
                ]
            )
        return origins[key]

    factset = kb.factset
    return {
        "format": _FORMAT,
        "version": __version__,
        "digest": digest,
        "assume_conjectures": kb.assume_conjectures,
        "infos": [
            [
                i.id,
                i.name,
                list(i.abbreviations),
                list(i.aliases),
                i.disambiguator,
                list(i.introduced_in),
                [d.value for d in i.dimensions],
                i.scope.value,
                i.composability.value,
                i.composability_status.value,
                _citation(i.composability_citation),
                i.file,
                i.composability_line,
            ]
            for i in kb.info.values()
        ],
        "facts": [
            [f.kind.value, f.a, f.b, origin_index(f.origin), f.rule.value] for f in factset.facts
        ],
        "disputed": [origin_index(o) for o in factset.disputed],
        "conjectured_unused": [origin_index(o) for o in factset.conjectured_unused],
        "unquantified": [origin_index(o) for o in factset.unquantified],
        "origins": origin_rows,
        "strength": _closure(kb.strength),
        "extension": _closure(kb.extension),
    }


# Decoding -------------------------------------------------------------------


def _citation_ref(data: list[Any] | None) -> CitationRef | None:
    return None if data is None else CitationRef(str(data[0]), str(data[1]), data[2])


def _decode(data: dict[str, Any]) -> KnowledgeBase:
    infos = {
        row[0]: DefinitionInfo(
            id=row[0],
            name=row[1],
            abbreviations=tuple(row[2]),
            aliases=tuple(row[3]),
            disambiguator=row[4],
            introduced_in=tuple(row[5]),
            dimensions=tuple(Dimension(d) for d in row[6]),
            scope=Scope(row[7]),
            composability=Truth(row[8]),
            composability_status=Status(row[9]),
            composability_citation=_citation_ref(row[10]),
            file=row[11],
            composability_line=int(row[12]),
        )
        for row in data["infos"]
    }
    origins = []
    for row in data["origins"]:
        citation = _citation_ref(row[7])
        assert citation is not None
        origins.append(
            Origin(
                definition=row[0],
                index=int(row[1]),
                file=row[2],
                line=int(row[3]),
                column=int(row[4]),
                kind=RelationKind(row[5]),
                target=row[6],
                citation=citation,
                status=Status(row[8]),
                parameter_map=tuple((str(k), str(v)) for k, v in row[9]),
                conditions=tuple(row[10]),
                note=row[11],
            )
        )
    factset = FactSet(
        facts=[Fact(FactKind(k), a, b, origins[o], Rule(r)) for k, a, b, o, r in data["facts"]],
        disputed=[origins[i] for i in data["disputed"]],
        conjectured_unused=[origins[i] for i in data["conjectured_unused"]],
        unquantified=[origins[i] for i in data["unquantified"]],
    )

    def closure(part: dict[str, Any]) -> Closure:
        return Closure(
            [tuple(m) for m in part["members"]],
            [list(s) for s in part["successors"]],
            [(a, b) for a, b in part["edges"]],
        )

    kb = KnowledgeBase.from_parts(
        infos,
        factset,
        closure(data["strength"]),
        closure(data["extension"]),
        assume_conjectures=bool(data["assume_conjectures"]),
    )
    if set(kb.strength.component) != set(infos) or set(kb.extension.component) != set(infos):
        raise ValueError("closure and definitions disagree")
    return kb


def _path(digest: str, assume_conjectures: bool) -> Path:
    return cache_dir() / f"kb-{digest}{'-conj' if assume_conjectures else ''}.json"


def _read(path: Path, digest: str, assume_conjectures: bool) -> KnowledgeBase | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if (
            data.get("format") != _FORMAT
            or data.get("digest") != digest
            or data.get("version") != __version__
            or data.get("assume_conjectures") != assume_conjectures
        ):
            return None
        return _decode(data)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AssertionError, AttributeError):
        return None


def _write(path: Path, kb: KnowledgeBase, digest: str) -> None:
    from dptaxonomy.base.atomic import write_text_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(
            path, json.dumps(_encode(kb, digest), ensure_ascii=False, separators=(",", ":"))
        )
    except OSError:
        return  # a read-only or full cache directory only costs speed


def knowledge_base(directory: Path, *, assume_conjectures: bool = False) -> KnowledgeBase:
    """The knowledge base of a valid catalog, from the cache when it is current.

    Raises :class:`~dptaxonomy.base.errors.CatalogError` (with diagnostics) when the
    catalog is invalid; an invalid catalog is never cached.
    """
    if not directory.is_dir():
        from dptaxonomy.base.errors import CatalogNotFoundError
        from dptaxonomy.catalog.loader import display_path

        raise CatalogNotFoundError(f"no catalog directory at {display_path(directory)}")
    use_cache = not os.environ.get(NO_CACHE_ENV)
    digest = catalog_digest(directory) if use_cache else ""
    path = _path(digest, assume_conjectures)
    if use_cache:
        cached = _read(path, digest, assume_conjectures)
        if cached is not None:
            return cached
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.catalog.store import load_catalog

    catalog = load_catalog(directory)
    if not catalog.ok:
        raise CatalogError(catalog.diagnostics)
    kb = KnowledgeBase(catalog, assume_conjectures=assume_conjectures)
    if use_cache:
        _write(path, kb, digest)
    return kb

"""The cached SPARQL dataset as an on-disk pyoxigraph store, sealed like the N-Quads.

Loading the catalog's N-Quads into an in-memory store takes a tenth of a second
on every query; opening a store kept on disk takes a few milliseconds. A store
is built from the sealed N-Quads (:mod:`.sparqlcache`) in a temporary directory
beside its place in the cache, given a manifest (each file's size and SHA-256,
and the dataset's prefixes) sealed in turn, then renamed into place whole.
:func:`checked_store` gives a store's prefixes only while every file matches
the manifest, so a truncated, extended or edited store is built again, never
queried. The child of :mod:`.sparqlsandbox` opens it read-only: RocksDB then
opens every table file at once and writes nothing, so the files it holds open
are the only descriptors the child keeps besides its pipe.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from dptaxonomy.export.sparqlcache import seal, unseal

__all__ = ["MANIFEST", "build_store", "checked_store", "store_descriptors"]

MANIFEST = "dptaxonomy-manifest"
"""The sealed manifest's file name inside a store's directory."""

_DESCRIPTORS = Path("/proc/self/fd")


def _listing(directory: Path) -> dict[str, list[int | str]]:
    files: dict[str, list[int | str]] = {}
    for entry in sorted(directory.iterdir()):
        if entry.name != MANIFEST:
            data = entry.read_bytes()
            files[entry.name] = [len(data), hashlib.sha256(data).hexdigest()]
    return files


def checked_store(directory: Path) -> dict[str, str] | None:
    """The prefixes of the store at ``directory`` if every file matches its sealed
    manifest (none missing, none added), else None."""
    try:
        data = unseal((directory / MANIFEST).read_bytes())
        if data is None:
            return None
        recorded = json.loads(data)
        if _listing(directory) != recorded["files"]:
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    prefixes: dict[str, str] = recorded["prefixes"]
    return prefixes


def build_store(directory: Path, nquads: bytes, prefixes: dict[str, str]) -> bool:
    """Build the store of ``nquads`` at ``directory`` (replacing one that fails its check);
    whether a checked store is there afterwards (a read-only cache only costs speed)."""
    import pyoxigraph as ox

    try:
        temporary = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    except OSError:
        return False
    try:
        store = ox.Store(str(temporary))
        store.bulk_load(nquads, ox.RdfFormat.N_QUADS)
        store.flush()
        store.optimize()
        del store  # closed: its lock released, every file written
        manifest = json.dumps({"files": _listing(temporary), "prefixes": prefixes})
        (temporary / MANIFEST).write_bytes(seal(manifest.encode("utf-8")))
        if directory.exists():  # a store that failed its check: set aside, then removed
            stale = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
            os.rename(directory, stale / "store")
            shutil.rmtree(stale, ignore_errors=True)
        os.rename(temporary, directory)
    except OSError:
        return checked_store(directory) is not None  # another process may have built it
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return True


def store_descriptors() -> set[int] | None:
    """The descriptors this process has open (Linux's /proc), or None where they cannot
    be listed: the caller then loads the N-Quads instead of opening a store."""
    try:
        return {int(name) for name in os.listdir(_DESCRIPTORS)}
    except (OSError, ValueError):
        return None

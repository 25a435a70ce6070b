"""The cached SPARQL dataset as an on-disk pyoxigraph store, sealed like the N-Quads.

Loading the catalog's N-Quads into an in-memory store takes a tenth of a second
on every query; opening a store kept on disk takes a few milliseconds. A store
is built from the sealed N-Quads (:mod:`.sparqlcache`) in a temporary directory
beside its place in the cache, given a manifest (each file's size and SHA-256,
and the dataset's prefixes) sealed in turn, then renamed into place whole.
:func:`checked_store` gives a store's prefixes only while every entry is a
regular file matching the manifest, so a truncated, extended or edited store is
built again, never queried; a good store another process installed meanwhile is
kept. The child of :mod:`.sparqlsandbox` opens it read-only: RocksDB then opens
every table file at once and writes nothing, and the descriptors pointing into
the store are the only ones the child keeps besides its pipe. Whatever goes
wrong with a store, the query is answered from the N-Quads (:mod:`.sparql`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from dptaxonomy.export.sparqlcache import seal, unseal

__all__ = [
    "MANIFEST",
    "build_store",
    "checked_store",
    "descriptors_into",
    "store_descriptors",
]

MANIFEST = "dptaxonomy-manifest"
"""The sealed manifest's file name inside a store's directory."""

_DESCRIPTORS = Path("/proc/self/fd")
_CHUNK = 1 << 20
_PREFIXES = ("def", "ref", "dp")
"""The prefixes a query's rows are shortened with: a manifest without them is damaged."""


class _Damaged(Exception):
    """An entry of the store's directory is not a regular file of the recorded size."""


def _digest(path: Path, size: int) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
            size -= len(chunk)
            if size < 0:
                raise _Damaged  # grew while read
    return digest.hexdigest()


def _listing(directory: Path, sizes: dict[str, int] | None = None) -> dict[str, list[int | str]]:
    """Each file's size and SHA-256; :class:`_Damaged` for an entry that is not a regular
    file, and (given the recorded ``sizes``) as soon as names or sizes differ, unread."""
    found: dict[str, int] = {}
    for entry in sorted(directory.iterdir()):
        if entry.name != MANIFEST:
            mode = entry.lstat()
            if not stat.S_ISREG(mode.st_mode):
                raise _Damaged
            found[entry.name] = mode.st_size
    if sizes is not None and found != sizes:
        raise _Damaged
    return {name: [size, _digest(directory / name, size)] for name, size in found.items()}


def _prefixes(recorded: object) -> dict[str, str] | None:
    prefixes = recorded.get("prefixes") if isinstance(recorded, dict) else None
    if not isinstance(prefixes, dict) or not all(p in prefixes for p in _PREFIXES):
        return None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in prefixes.items()):
        return None
    return prefixes


def checked_store(directory: Path) -> dict[str, str] | None:
    """The prefixes of the store at ``directory`` if every entry is a regular file matching
    its sealed manifest (none missing, none added), else None."""
    try:
        data = unseal((directory / MANIFEST).read_bytes())
        recorded = json.loads(data) if data is not None else None
        files = recorded.get("files") if isinstance(recorded, dict) else None
        if not isinstance(files, dict):
            return None
        sizes = {name: entry[0] for name, entry in files.items()}
        if _listing(directory, sizes) != files:
            return None
    except (OSError, ValueError, KeyError, TypeError, IndexError, _Damaged):
        return None
    return _prefixes(recorded)


def build_store(directory: Path, nquads: bytes, prefixes: dict[str, str]) -> bool:
    """Build the store of ``nquads`` at ``directory``, replacing one that fails its check
    (a good one installed by another process meanwhile is kept); whether a checked store
    is there afterwards (a read-only cache only costs speed)."""
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
        if checked_store(directory) is not None:
            return True  # another process installed a good one: keep it
        if os.path.lexists(directory):  # damaged: set aside under a name of its own, removed
            stale = directory.with_name(f".{directory.name}.stale-{os.getpid()}-{time.time_ns()}")
            os.rename(directory, stale)
            shutil.rmtree(stale, ignore_errors=True)
        os.rename(temporary, directory)
    except (OSError, _Damaged):
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


def descriptors_into(directory: Path) -> set[int]:
    """The open descriptors whose file lies in ``directory`` (the store's tables)."""
    inside = os.path.realpath(directory) + os.sep
    held = set()
    for number in store_descriptors() or ():
        try:
            target = os.readlink(_DESCRIPTORS / str(number))
        except OSError:
            continue  # closed meanwhile (the listing's own descriptor)
        if target.startswith(inside):
            held.add(number)
    return held

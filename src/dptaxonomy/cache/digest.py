"""The cache key of a catalog: a SHA-256 of its content, remembered by the files' stat data.

The key hashes the package version, the cache format and every catalog file's
path and bytes, so any edit gives a new key. Reading and hashing some 250
files is most of what a query would otherwise spend before answering, so the
key is also remembered next to the cache, with each file's size, modification
and change times, inode and device. A later run that finds exactly the same
files with exactly the same stat data reuses the key without reading them.

This is the check ``git status`` relies on, with the same guard against its
one weak spot ("racy" files): a file changed within the clock granularity of
the moment it was stat'ed could keep its times. The memo is therefore only
written when every file's times are more than :data:`SETTLE_NS` old; a file
edited later gets a new change time (which no user can set), so it can never
match a remembered entry. A missing, unreadable or foreign memo only costs
one rehash.
"""

from __future__ import annotations

import os
import time
import zlib

from dptaxonomy import __version__
from dptaxonomy.base.errors import UnsafeFileError
from dptaxonomy.cache.marshalfile import plain_bytes, read_plain
from dptaxonomy.catalog.paths import EVIDENCE_FILE, catalog_listing
from dptaxonomy.catalog.safe_read import read_catalog_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = [
    "CACHE_ENV",
    "FORMAT",
    "NO_CACHE_ENV",
    "SETTLE_NS",
    "cache_dir",
    "cache_folder",
    "catalog_digest",
    "code_stamp",
    "process_digest",
]

CACHE_ENV = "DPTAX_CACHE_DIR"
NO_CACHE_ENV = "DPTAX_NO_CACHE"
FORMAT = 17
"""3: files stored relative to the catalog root; 4: conditional facts (issue 12);
5: conversions (issue 15); 6: entry documents ("views") for show and list (issue 11);
7: definitions' sourced names (issue 14); 8: witness facts and evidence (issue 13);
9: mechanism documents and relations' evidence in the views (issue 13);
10: perfect-privacy declarations and the ≻ facts rule E3 reads from ⊂ (issue 13);
11: vacuous values in the entry documents (issue 22);
12: the name indexes and rule N1's rows (issue 24); 13: each origin's parameter scopes,
for capture-avoiding composition of maps (issue 24); 14: operation rules that `fails` (issue 23);
15: `open` marks, why an entry gives no operation rule (issue 23);
16: the compilation's parts stored with marshal instead of as JSON text (issue 24);
17: the rows of the facts with maps, which convert decodes alone (issue 24)."""
SETTLE_NS = 2_000_000_000
"""How old (in nanoseconds) every file's times must be before their stat data is remembered."""

if TYPE_CHECKING:
    Row = list[Any]


def cache_dir() -> Path:
    """``$DPTAX_CACHE_DIR``, else ``$XDG_CACHE_HOME/dptaxonomy``, else ``~/.cache/dptaxonomy``."""
    from pathlib import Path

    return Path(cache_folder())


def cache_folder() -> str:
    """:func:`cache_dir` as a string, without importing :mod:`pathlib` (the queries' form)."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return configured
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "dptaxonomy")


_COMPILING = ("base", "cache", "catalog", "reasoning", "schema")
"""The package's folders whose code can change what a compilation stores: the cache layer
and the layers below it. The layers above (queries, export, cli) only read a compilation:
the import-linter contract in pyproject.toml keeps every import of theirs out of these."""


def code_stamp(folders: tuple[str, ...] = _COMPILING) -> str:
    """A stamp of the code that compiles: each ``.py`` file's path, size and modification
    time, in the package's top folder and in the folders of :data:`_COMPILING`. A result
    that a higher layer derives from a compilation and keeps (a memo, the SPARQL graph)
    adds the stamp of that layer's own folders (``folders``).

    Part of the cache key, so that an edit to that code (an editable install, a
    reinstall of the same version) is never answered from a cache another code
    wrote. Stat data only (no file is read; about 160 ``stat`` calls), hashed
    with two 32-bit checksums: this is change detection, not a defence against
    someone who can already write the package.
    """
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this is cache/
    rows: list[str] = []
    _code_rows(package, rows, folders)
    text = "".join(rows).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def _code_rows(folder: str, rows: list[str], subfolders: tuple[str, ...] | None = None) -> None:
    """Appends a row per ``.py`` file below ``folder``, in name order, descending into
    ``subfolders`` only (every real subfolder but ``__pycache__`` when None)."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if entry.is_dir():
            wanted = name != "__pycache__" if subfolders is None else name in subfolders
            if wanted and not entry.is_symlink():
                _code_rows(entry.path, rows)
        elif name.endswith(".py"):
            try:
                status = entry.stat()
            except OSError:
                continue
            rows.append(f"{entry.path}\0{status.st_size}\0{status.st_mtime_ns}\n")


def _content_digest(files: list[tuple[str, str]], header: str, root: str) -> str:
    """The key, read through the loader's own check (a refused file is hashed as its refusal)."""
    import hashlib  # only on a miss: importing it costs a query a tenth of its start-up

    digest = hashlib.sha256(header.encode())
    for name, path in files:
        digest.update(name.encode() + b"\0")
        try:
            digest.update(read_catalog_file(path, root))
        except UnsafeFileError as refused:  # the loader refuses it too: never cached
            digest.update(f"<refused {refused.code}>".encode())
        digest.update(b"\0")
    return digest.hexdigest()


def _stat_rows(files: list[tuple[str, str]]) -> list[Row] | None:
    """Each file's relative path and stat data; None if one cannot be stat'ed."""
    rows: list[Row] = []
    for name, path in files:
        try:
            st = os.stat(path)
        except OSError:
            return None
        rows.append([name, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev])
    return rows


def _memo_path(where: str) -> str:
    # the full path is stored inside the memo and compared: a checksum collision only costs a miss
    return os.path.join(cache_folder(), f"stat-{zlib.crc32(where.encode()):08x}.marshal")


def _remembered(path: str, header: str, where: str, rows: list[Row]) -> str | None:
    memo = read_plain(path)
    if not isinstance(memo, dict) or memo.get("header") != header:
        return None
    if memo.get("catalog") != where or memo.get("files") != rows:
        return None
    digest = memo.get("digest")
    return digest if isinstance(digest, str) and len(digest) == 64 else None


def _settled(rows: list[Row]) -> bool:
    """Whether every file's times are old enough to tell a later edit apart."""
    settled = time.time_ns() - SETTLE_NS
    return all(row[2] < settled and row[3] < settled for row in rows)


def _remember(path: str, header: str, where: str, rows: list[Row], digest: str) -> None:
    if not _settled(rows):
        return  # a file changed moments ago: its times may not yet tell a later edit apart
    from dptaxonomy.base.atomic import write_bytes_atomic

    memo = {"header": header, "catalog": where, "files": rows, "digest": digest}
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_bytes_atomic(path, plain_bytes(memo))
    except OSError:
        return  # a read-only or full cache directory only costs speed


def catalog_digest(directory: Path | str, *, remember: bool = True, evidence: bool = True) -> str:
    """SHA-256 of the package version, the cache format and every catalog file (path and bytes).

    With ``remember`` (the default) the stat memo may answer instead of
    reading the files, and is refreshed after a read; the answer is the same.
    Without ``evidence`` the stored evidence file is left out: the key of what
    ``dptax verify`` computes, which that file only records.
    """
    files = catalog_listing(directory)
    if not evidence:
        files = [(name, path) for name, path in files if name != EVIDENCE_FILE]
    if not remember:
        return _content_digest(files, _header(evidence), str(directory))
    return _listed_digest(directory, files, _stat_rows(files), evidence=evidence)


def _header(evidence: bool) -> str:
    header = f"dptaxonomy {__version__} cache {FORMAT} code {code_stamp()}\n"
    return header if evidence else header + "without evidence\n"


def _listed_digest(
    directory: Path | str,
    files: list[tuple[str, str]],
    rows: list[Row] | None,
    *,
    evidence: bool,
) -> str:
    """:func:`catalog_digest` of the catalog listed as ``files`` with stat data ``rows``
    (None if a file could not be stat'ed): from the stat memo when it matches, else hashed
    (and remembered)."""
    header = _header(evidence)
    where = os.path.realpath(directory)
    memo = _memo_path(where if evidence else where + "\0without evidence")
    if rows is not None:
        found = _remembered(memo, header, where, rows)
        if found is not None:
            return found
    digest = _content_digest(files, header, where)
    if rows is not None:
        _remember(memo, header, where, rows, digest)
    return digest


_IN_PROCESS: dict[str, tuple[list[Row], list[tuple[str, str]], list[Row], str]] = {}
"""Per catalog (real path): its folders' stat rows, its listing, its files' stat rows and
the key :func:`process_digest` last found."""


def process_digest(directory: Path | str) -> str:
    """:func:`catalog_digest` for a process that asks again: the key kept in memory with the
    stat data of the catalog's folders and files, and given again while they all keep
    exactly that stat data.

    Every file is stat'ed on every call, with the same guard against racy files (rows are
    kept only once settled), so an edit is seen as before; the folders are stat'ed instead
    of listed (an entry added, removed or renamed changes its folder's times). Neither the
    stat memo on disk nor the code stamp is read again: a process runs the code it
    imported, which an edit on disk does not change. The first call lists and stats the
    catalog once, for both the key and what it keeps.
    """
    where = os.path.realpath(directory)
    kept = _IN_PROCESS.get(where)
    if kept is not None:
        folders, files, rows, digest = kept
        same_folders = _stat_rows([(row[0], row[0]) for row in folders]) == folders
        if same_folders and _stat_rows(files) == rows:
            return digest
    listed: list[str] = []
    now_files = catalog_listing(directory, listed)
    # the folders are stat'ed after they were listed: an entry added or removed in between
    # gives its folder times of a moment ago, which are not settled, so nothing is kept
    now_folders = _stat_rows([(folder, folder) for folder in listed])
    now_rows = _stat_rows(now_files)
    digest = _listed_digest(directory, now_files, now_rows, evidence=True)
    if now_folders is None or now_rows is None:
        return digest
    if not (_settled(now_folders) and _settled(now_rows)):
        return digest  # a change moments ago: its times may not yet tell a later edit apart
    if len(_IN_PROCESS) >= 8:
        _IN_PROCESS.clear()
    _IN_PROCESS[where] = (now_folders, now_files, now_rows, digest)
    return digest

"""The one decision whether a catalog file may be read, and reading it (standard library only).

A catalog file is read only if it is a regular file, its real path lies
inside the catalog's real root, and it holds at most :data:`MAX_FILE_BYTES`.
The loader and the cache key (:mod:`dptaxonomy.cache.digest`) both read
through :func:`read_catalog_file`, so nothing touches a file before that
check: a link to ``/dev/zero``, a named pipe, a link loop or a link leading
out of the catalog is refused, never opened for reading (or opened without
blocking and refused on its ``fstat``).

The check and the read are one step: the resolved path is opened with
``O_NOFOLLOW`` (a last component swapped for a link meanwhile is refused) and
``O_NONBLOCK`` (a pipe does not block the open), and the descriptor's own
``fstat`` decides, so what is checked is what is read.
"""

from __future__ import annotations

import errno
import os
import stat

from dptaxonomy.base.diagnostics import Diagnostic, Severity
from dptaxonomy.base.errors import UnsafeFileError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["MAX_FILE_BYTES", "read_catalog_file", "read_regular_file", "refusal"]

MAX_FILE_BYTES = 1_000_000
"""The largest catalog file read (a definition is a few kilobytes, the bibliography ~120 kB)."""

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _unreadable(exc: OSError) -> UnsafeFileError:
    if exc.errno == errno.ELOOP:
        return UnsafeFileError(
            "symlink-loop",
            "the file is a link that leads back to itself (a link loop)",
            "replace the link by the file it should name",
        )
    return UnsafeFileError(
        "unreadable",
        f"cannot read the file: {exc.strerror or exc}",
        "check the file exists and is readable",
    )


def read_regular_file(
    path: str | Path, limit: int | None = MAX_FILE_BYTES, *, private: bool = False
) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (None: no limit).

    With ``private``, the file must also belong to this process's user and not be
    writable by every user (a group-writable file is accepted: under the common
    umask 002 the user's own group holds it).
    Raises :class:`UnsafeFileError` otherwise; never blocks on a pipe or
    reads without bound from a device.
    """
    try:
        handle = os.open(path, _FLAGS)
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise UnsafeFileError(
                "not-a-regular-file",
                "the file is not a regular file (a directory, pipe, socket or device)",
                "catalog files are plain YAML or JSON files",
            )
        if private and not _private(status):
            raise UnsafeFileError(
                "not-private",
                "the file belongs to another user or every user may write it",
                "remove it: the cache rebuilds it",
            )
        if limit is not None and status.st_size > limit:
            raise _too_large(status.st_size, limit)
        chunks = []
        remaining = (status.st_size if limit is None else limit) + 1
        while remaining > 0:  # a file that grows while read is still cut at the limit
            chunk = os.read(handle, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        if limit is not None and len(data) > limit:
            raise _too_large(len(data), limit)
        return data
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(handle)


def _private(status: os.stat_result) -> bool:
    """Whether a file is this user's and not world-writable (always, where no user ids exist)."""
    user = getattr(os, "geteuid", None)
    if user is None:
        return True
    return status.st_uid == user() and not status.st_mode & stat.S_IWOTH


def _too_large(size: int, limit: int) -> UnsafeFileError:
    return UnsafeFileError(
        "file-too-large",
        f"the file is {size} bytes; the limit is {limit}",
        "a catalog entry is a few kilobytes; split or trim it",
    )


def read_catalog_file(path: str | Path, root: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of catalog file ``path`` if it may be read (see the module); else UnsafeFileError.

    ``root`` is the catalog directory: ``path``'s real location (links
    followed) must lie below ``root``'s.
    """
    try:
        real = os.path.realpath(path, strict=True)
    except OSError as exc:
        raise _unreadable(exc) from None
    real_root = os.path.realpath(root)
    if os.path.commonpath([real_root, real]) != real_root:
        raise UnsafeFileError(
            "outside-catalog",
            "the file is a link to a place outside the catalog",
            "copy the entry into the catalog instead of linking to it",
        )
    return read_regular_file(real, limit)


def refusal(error: UnsafeFileError, file: str) -> Diagnostic:
    """The located diagnostic of a refused file (``file`` as diagnostics show it)."""
    return Diagnostic(Severity.error, file, 1, 1, error.code, str(error), error.hint)

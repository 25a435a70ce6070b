"""Atomic file writes: a temporary file in the same directory, then a rename.

The written file keeps the permissions of the file it replaces; a new file
gets the mode the umask gives (``0o666 & ~umask``, so 0644 under umask 022),
as ``open(path, "w")`` would. (The temporary file itself is created 0600 by
:func:`tempfile.mkstemp`; its mode is set before the rename.)
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import threading
from pathlib import Path

__all__ = ["target_mode", "write_bytes_atomic", "write_text_atomic"]

_UMASK_LOCK = threading.Lock()


def _umask() -> int:
    """The process umask (reading it means setting it; a lock keeps that invisible)."""
    with _UMASK_LOCK:
        current = os.umask(0o022)
        os.umask(current)
    return current


def target_mode(path: Path | str, *, directory: bool = False) -> int:
    """The permission bits ``path`` should have after a write (its own, or the umask's
    default for a new file, or with ``directory`` for a new directory).

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = Path(d) / "x"
    ...     _ = p.write_text("x")
    ...     os.chmod(p, 0o640)
    ...     oct(target_mode(p))
    '0o640'
    """
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        return (0o777 if directory else 0o666) & ~_umask()


def write_text_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) so readers see the old or the new file, never half of one."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory and a rename.

    The result keeps the mode of the file it replaces, or gets the umask's
    default for a new file. On any failure the temporary file is removed and
    ``path`` is left as it was.
    """
    text = os.fspath(path)
    directory = os.path.dirname(text) or "."
    mode = target_mode(text)
    name = os.path.basename(text)
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fchmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise

"""The on-disk form of a compilation's parts: plain JSON values, stored with :mod:`marshal`.

A query reads the knowledge base (and the name index) on every run; parsing
them as JSON text cost it about a tenth of its instructions, most of it in
making one string object per occurrence of a name. The same value is stored
with :mod:`marshal` instead, each distinct string once and referred to
afterwards, so reading it makes a tenth as many strings and parses no text.

Why marshal and never pickle: unpickling can call any importable function a
tampered file names; :func:`marshal.loads` only builds objects (it never
calls, imports or runs anything), and every value is then checked by the
part's decoder exactly as a JSON value was. Python documents marshal as not
hardened against maliciously made data, so a file is read only if it is the
user's own and not world-writable (``private`` in
:func:`~dptaxonomy.catalog.safe_read.read_regular_file`): the trust Python
itself gives the marshal files of its ``__pycache__``, which it even runs.
Another user's file, or one every user may write, is rebuilt, never read.

What is stored is always a value JSON could hold: :func:`plain_bytes` takes
one made by ``json.loads``, so a file read back gives the value a JSON cache
would have given. A file without the magic prefix, truncated, nested too deep
or otherwise malformed reads as None and is rebuilt.
"""

from __future__ import annotations

import marshal

from dptaxonomy.base.errors import UnsafeFileError
from dptaxonomy.catalog.safe_read import read_regular_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = ["MAGIC", "plain_bytes", "plain_value", "read_bytes", "read_plain"]

MAGIC = b"dptaxonomy cache, marshal 4\n"
"""Every such file's first bytes (a file of another form, JSON included, is not read)."""


def _shared(value: Any, strings: dict[str, str]) -> Any:
    """``value`` with equal strings made one object (marshal then stores each once)."""
    if type(value) is str:
        return strings.setdefault(value, value)
    if type(value) is list:
        return [_shared(item, strings) for item in value]
    if type(value) is dict:
        return {strings.setdefault(k, k): _shared(v, strings) for k, v in value.items()}
    return value


def plain_bytes(value: Any) -> bytes:
    """The file holding ``value``, a value as :func:`json.loads` returns one."""
    return MAGIC + marshal.dumps(_shared(value, {}), 4)


def read_bytes(path: Path | str) -> bytes | None:
    """The bytes of ``path`` if it is a private regular file (see the module), else None."""
    try:
        return read_regular_file(path, None, private=True)
    except UnsafeFileError:
        return None


def plain_value(data: bytes | None) -> Any:
    """The value :func:`plain_bytes` made ``data`` from, or None if it is not such a file."""
    if data is None or not data.startswith(MAGIC):
        return None
    try:
        return marshal.loads(memoryview(data)[len(MAGIC) :])
    except (ValueError, EOFError, TypeError):  # marshal's errors for malformed data
        return None


def read_plain(path: Path | str) -> Any:
    """The value stored in ``path`` by :func:`plain_bytes`, or None if it cannot be read as one."""
    return plain_value(read_bytes(path))

"""Reading one cache file: JSON from a regular file, or None for anything else.

Every cache file is untrusted: another version, a crash, a full disk or a
hand may have left it truncated, foreign, hostile or not a file at all. A file
that is not a regular file, not UTF-8, not JSON, or nested deeper than the
decoder's recursion limit (which :func:`json.loads` reports as
:class:`RecursionError`, not as a :class:`ValueError`) reads as None, so
callers rebuild it instead of failing on every run until it is deleted.
"""

from __future__ import annotations

import json
from pathlib import Path

from dptaxonomy.base.errors import UnsafeFileError
from dptaxonomy.catalog.safe_read import read_regular_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["read_json"]


def read_json(path: Path) -> Any | None:
    """The JSON value stored in ``path``, or None if it cannot be read as one."""
    try:
        return json.loads(read_regular_file(path, None).decode("utf-8"))
    except (UnsafeFileError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None

"""The cached SPARQL dataset, sealed: a file that does not match its seal is never used.

A cached dataset is a first line recording the SHA-256 and the line count of
what follows, then the N-Quads themselves. :func:`unseal` gives the data back
only if both still match, so a truncated, extended or edited file is rebuilt
instead of answering queries over part of the knowledge base.

>>> sealed = seal(b"# header\\n<urn:a> <urn:b> <urn:c> .\\n")
>>> unseal(sealed)
b'# header\\n<urn:a> <urn:b> <urn:c> .\\n'
>>> unseal(sealed[:-5]) is None
True
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["SEAL", "seal", "unseal"]

SEAL = "# dptaxonomy sealed dataset"
"""The first words of a sealed dataset's first line."""

_SEAL_LINE = re.compile(rb"# dptaxonomy sealed dataset sha256=([0-9a-f]{64}) lines=([0-9]{1,12})")


def _seal_line(data: bytes) -> bytes:
    digest = hashlib.sha256(data).hexdigest()
    lines = data.count(b"\n")
    return f"{SEAL} sha256={digest} lines={lines}\n".encode("ascii")


def seal(data: bytes) -> bytes:
    """``data`` after a first line recording its digest and line count."""
    return _seal_line(data) + data


def unseal(raw: bytes) -> bytes | None:
    """The data ``raw`` was sealed with, or ``None`` if it no longer matches its seal."""
    first, newline, data = raw.partition(b"\n")
    match = _SEAL_LINE.fullmatch(first)
    if not newline or match is None:
        return None
    if int(match.group(2)) != data.count(b"\n"):
        return None
    if hashlib.sha256(data).hexdigest() != match.group(1).decode("ascii"):
        return None
    return data

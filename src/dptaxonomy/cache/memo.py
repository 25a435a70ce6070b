"""Results derived from a cached knowledge base, remembered beside it under the same key.

Some answers cost far more than restoring the knowledge base: ranking every
open question weighs some 100 000 pairs. Such a result is a pure function of
the compiled knowledge base, so it is kept in the cache directory under that
compilation's key (:attr:`~dptaxonomy.reasoning.knowledge.KnowledgeBase.cache_key`)
and a name. An edit to the catalog gives a new key, so a memo is never stale; nor
is one after an edit to the query code that computed it (:data:`_MADE_BY`, whose
stamp each memo records, as the key records the stamp of the code that compiles);
a missing, malformed or foreign one is recomputed. A memo holds what JSON can
hold, stored with :mod:`marshal` as the compilation's parts are
(:mod:`dptaxonomy.cache.marshalfile`): reading one never runs code, and callers
check every value they take from one.
"""

from __future__ import annotations

import os

from dptaxonomy import __version__
from dptaxonomy.cache.digest import FORMAT, cache_folder, code_stamp
from dptaxonomy.cache.marshalfile import plain_bytes, read_plain

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["recall", "remember"]

_MADE_BY = ("queries",)
"""The folders of the code that computes memos (the queries layer reads a compilation)."""


def _path_of(key: str, name: str) -> str:
    return os.path.join(cache_folder(), f"memo-{key}-{name}.marshal")


def recall(key: str, name: str) -> Any | None:
    """The value remembered for ``name`` under ``key``, or None."""
    data = read_plain(_path_of(key, name))
    if not isinstance(data, dict):
        return None
    found = (data.get("format"), data.get("version"), data.get("key"), data.get("code"))
    if found != (FORMAT, __version__, key, code_stamp(_MADE_BY)):
        return None
    return data.get("value")


def remember(key: str, name: str, value: Any) -> None:
    """Keep ``value`` (JSON-ready) for ``name`` under ``key``; a failed write only costs speed."""
    import json  # a value as JSON holds it (tuples become lists): what a later run reads back

    from dptaxonomy.base.atomic import write_bytes_atomic

    code = code_stamp(_MADE_BY)
    document = {"format": FORMAT, "version": __version__, "key": key, "code": code, "value": value}
    path = _path_of(key, name)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_bytes_atomic(path, plain_bytes(json.loads(json.dumps(document))))
    except OSError:
        return

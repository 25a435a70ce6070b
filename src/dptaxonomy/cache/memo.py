"""Results derived from a cached knowledge base, remembered beside it under the same key.

Some answers cost far more than restoring the knowledge base: ranking every
open question weighs some 100 000 pairs. Such a result is a pure function of
the compiled knowledge base, so it is kept in the cache directory under that
compilation's key (:attr:`~dptaxonomy.reasoning.knowledge.KnowledgeBase.cache_key`)
and a name. An edit to the catalog gives a new key, so a memo is never stale;
a missing, malformed or foreign one is recomputed. JSON only: reading a memo
never runs code, and callers check every value they take from one.
"""

from __future__ import annotations

import json
from pathlib import Path

from dptaxonomy import __version__
from dptaxonomy.cache.digest import FORMAT, cache_dir
from dptaxonomy.cache.jsonfile import read_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["recall", "remember"]


def _path_of(key: str, name: str) -> Path:
    return cache_dir() / f"memo-{key}-{name}.json"


def recall(key: str, name: str) -> Any | None:
    """The value remembered for ``name`` under ``key``, or None."""
    data = read_json(_path_of(key, name))
    if not isinstance(data, dict):
        return None
    if (data.get("format"), data.get("version"), data.get("key")) != (FORMAT, __version__, key):
        return None
    return data.get("value")


def remember(key: str, name: str, value: Any) -> None:
    """Keep ``value`` (JSON-ready) for ``name`` under ``key``; a failed write only costs speed."""
    from dptaxonomy.base.atomic import write_text_atomic

    document = {"format": FORMAT, "version": __version__, "key": key, "value": value}
    path = _path_of(key, name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(document, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        return

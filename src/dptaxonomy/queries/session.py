"""What a Python process keeps between questions: knowledge bases and conversions.

A process that asks many questions (a notebook, a service) keeps, in memory,
the knowledge base of each catalog by its content key, so an edited catalog
is read again, and the conversions already computed from it: a repeated
conversion costs a dictionary look-up. ``DPTAX_NO_CACHE`` turns both off.
"""

from __future__ import annotations

import os
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from dptaxonomy.queries.convert import ConvertResult
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["kept_conversion", "knowledge_base"]

_KEPT = 1024
"""Answers kept in memory before the memo is emptied."""
Key = tuple[str, str, str, bool]
_BASES: dict[Key, KnowledgeBase] = {}
_ANSWERS: dict[tuple[object, ...], ConvertResult] = {}


def knowledge_base(
    directory: Path | str, assume_conjectures: bool
) -> tuple[Key | None, KnowledgeBase]:
    """The catalog's knowledge base and its key, kept per content key and working directory
    (file names are shown relative to it); read again whenever the catalog changes. The key
    is None when caching is off (nothing is kept then)."""
    from dptaxonomy.cache.digest import process_digest
    from dptaxonomy.cache.store import NO_CACHE_ENV
    from dptaxonomy.cache.store import knowledge_base as cached

    if os.environ.get(NO_CACHE_ENV):
        return None, cached(directory, assume_conjectures=assume_conjectures)
    digest = process_digest(directory)
    key = (os.path.realpath(directory), os.getcwd(), digest, assume_conjectures)
    kb = _BASES.get(key)
    if kb is None:
        if len(_BASES) >= 8:
            _BASES.clear()
        kb = cached(directory, assume_conjectures=assume_conjectures, digest=digest)
        _BASES[key] = kb
    return key, kb


def kept_conversion(
    base: Key | None, question: tuple[object, ...], compute: Callable[[], ConvertResult]
) -> ConvertResult:
    """The conversion ``question`` asked of the knowledge base ``base``, computed once."""
    if base is None:
        return compute()
    key = (base, *question)
    answer = _ANSWERS.get(key)
    if answer is None:
        answer = compute()
        if len(_ANSWERS) >= _KEPT:
            _ANSWERS.clear()
        _ANSWERS[key] = answer
    return answer

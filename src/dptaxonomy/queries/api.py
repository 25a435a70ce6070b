"""Python entry points that open the knowledge base themselves (``dptaxonomy.convert``).

A process that converts many times keeps, in memory, the knowledge base of each
catalog (by its content key, so an edited catalog is read again) and the
answers already given from it: a repeated conversion costs a dictionary look-up.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from dptaxonomy.queries.convert import ConvertResult
from dptaxonomy.queries.convert import convert as _convert

if TYPE_CHECKING:
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = ["convert"]

_KEPT = 1024
"""Answers kept in memory before the memo is emptied."""
_BASES: dict[tuple[str, str, str], KnowledgeBase] = {}
_ANSWERS: dict[tuple[object, ...], ConvertResult] = {}


def _knowledge_base(directory: Path) -> tuple[tuple[str, str, str] | None, KnowledgeBase]:
    """The catalog's knowledge base and its key, kept per content key and working directory
    (file names are shown relative to it); read again whenever the catalog changes. The key
    is None when caching is off (nothing is kept then)."""
    from dptaxonomy.cache.store import NO_CACHE_ENV, catalog_digest, knowledge_base

    if os.environ.get(NO_CACHE_ENV):
        return None, knowledge_base(directory)
    key = (os.path.realpath(directory), os.getcwd(), catalog_digest(directory))
    kb = _BASES.get(key)
    if kb is None:
        if len(_BASES) >= 8:
            _BASES.clear()
        kb = _BASES[key] = knowledge_base(directory)
    return key, kb


def convert(
    source: str,
    target: str,
    source_values: Mapping[str, float | str],
    target_values: Mapping[str, float | str] | None = None,
    *,
    catalog: Path | None = None,
) -> ConvertResult:
    """The tightest sound conversion of ``source`` at ``source_values`` into ``target``.

    The same contract as ``dptax convert``: names and Greek or short parameter
    names are accepted; a float value is read as its shortest decimal (repr).
    Raises :class:`~dptaxonomy.base.errors.ConversionError` with the reason.

    >>> import dptaxonomy
    >>> result = dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1})
    >>> round(result.to_json()["to"]["rho"]["value"], 10)  # ε·tanh(ε/2), rounded up
    0.4621171573
    """
    from dptaxonomy.catalog.paths import default_catalog_dir

    base, kb = _knowledge_base(catalog or default_catalog_dir())
    given = {name: _text(value) for name, value in source_values.items()}
    fixed = {name: _text(value) for name, value in (target_values or {}).items()}
    key = (base, source, target, tuple(sorted(given.items())), tuple(sorted(fixed.items())))
    answer = _ANSWERS.get(key) if base is not None else None
    if answer is None:
        answer = _convert(kb, source, target, given, fixed)
        if base is not None:
            if len(_ANSWERS) >= _KEPT:
                _ANSWERS.clear()
            _ANSWERS[key] = answer
    return answer


def _text(value: float | str) -> str:
    return value if isinstance(value, str) else repr(value)

"""What a conversion derives from a knowledge base alone, kept with that knowledge base.

A warm process (a notebook, a service) asks one knowledge base many conversions
at new values. The chains between two definitions, the parameter specs on them
and each chain's parsed and composed maps (cached on the :class:`Chain` object)
depend only on the knowledge base and the question's definitions, not on the
values: they are computed once per knowledge base object and kept beside it.
The memo is keyed by the object itself and held weakly, so it lives exactly
as long as that knowledge base: another catalog (or an edited one, which is
read into a new object) never sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from weakref import WeakKeyDictionary

from dptaxonomy.reasoning.knowledge import KnowledgeBase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

__all__ = ["kept_for"]

if TYPE_CHECKING:
    T = TypeVar("T")

_KEPT_PER_BASE = 4096
"""Entries kept per knowledge base before its memo is emptied (bounds a long session)."""
_MEMOS: WeakKeyDictionary[KnowledgeBase, dict[Hashable, object]] = WeakKeyDictionary()


def kept_for(kb: KnowledgeBase, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, computed once per knowledge base ``kb`` and ``key``.

    ``key`` must name everything besides ``kb`` that the value depends on
    (its first element: the function computing it); the value is shared by
    every later caller, which must not change it.
    """
    memo = _MEMOS.get(kb)
    if memo is None:
        memo = _MEMOS[kb] = {}
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    value = compute()
    if len(memo) >= _KEPT_PER_BASE:
        memo.clear()
    memo[key] = value
    return value

"""Pausing Python's cyclic garbage collector around bulk allocations."""

from __future__ import annotations

import gc

__all__ = ["collector_paused"]


class _Paused:
    """The context of :func:`collector_paused` (a class: :mod:`contextlib` is not imported
    by the query commands, which all run inside one)."""

    __slots__ = ("enabled", "freeze")

    def __init__(self, freeze: bool) -> None:
        self.freeze = freeze
        self.enabled = False

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *_exception: object) -> None:
        if self.freeze:
            gc.freeze()
        if self.enabled:
            gc.enable()


def collector_paused(*, freeze: bool = False) -> _Paused:
    """Pause the cyclic garbage collector for the duration of a bulk build.

    Loading a catalog or building a knowledge base allocates tens of
    thousands of small, acyclic records. With the collector on, every
    generation-2 pass rescans all live objects, which made both steps
    superlinear in catalog size (measured with scripts/bench.py). Reference
    counting still frees everything; the collector runs again afterwards.

    ``freeze``: for one command about to end, whatever it allocated is moved to
    the collector's permanent generation (:func:`gc.freeze`) when the pause ends, so
    neither the next young collection nor the one at interpreter exit rescans it
    all (a twentieth of a `dptax stronger-than`'s instructions). Reference counting
    still frees those objects; only cycles among them would outlive the command.
    """
    return _Paused(freeze)

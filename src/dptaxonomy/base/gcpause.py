"""Pausing Python's cyclic garbage collector around bulk allocations."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
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
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()

"""Pausing Python's cyclic garbage collector around bulk allocations."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the duration of a bulk build.

    Loading a catalog or building a knowledge base allocates tens of
    thousands of small, acyclic records. With the collector on, every
    generation-2 pass rescans all live objects, which made both steps
    superlinear in catalog size (measured with scripts/bench.py). Reference
    counting still frees everything; the collector runs again afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

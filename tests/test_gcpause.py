"""The collector is paused inside ``collector_paused`` and restored as it was after it."""

from __future__ import annotations

import gc

import pytest

from dptaxonomy.base.gcpause import collector_paused


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_then_restored_even_on_error(enabled: bool) -> None:
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        seen: list[bool] = []

        def paused_then_failing() -> None:
            with collector_paused():
                seen.append(gc.isenabled())
                raise KeyError

        with pytest.raises(KeyError):
            paused_then_failing()
        assert seen == [False]
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_freezing_moves_what_is_live_to_the_permanent_generation() -> None:
    gc.unfreeze()
    try:
        with collector_paused(freeze=True):
            kept: list[list[int]] = [[] for _ in range(100)]
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()

"""The garbage collector's pause: restored after, and frozen only by the console script."""

from __future__ import annotations

import gc

import pytest

from dptaxonomy.base.gcpause import collector_paused


def test_a_frozen_pause_restores_the_collector() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with collector_paused(freeze=True):
        assert not gc.isenabled()
        made: list[list[int]] = [[] for _ in range(10)]
    assert gc.isenabled()
    assert gc.get_freeze_count() > frozen
    assert len(made) == 10
    gc.unfreeze()


def test_only_the_console_script_freezes_what_a_query_allocated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dptaxonomy.cli.main import main

    frozen = gc.get_freeze_count()
    with pytest.raises(SystemExit) as ended:
        main(["show", "zCDP"])  # in-process, as tests and the web page call it
    assert ended.value.code == 0
    assert "zero-concentrated-dp" in capsys.readouterr().out
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled()

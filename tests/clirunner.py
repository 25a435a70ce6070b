"""Run the `dptax` entry point in-process, exactly as the console script does."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dptaxonomy.cli.main import main


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    """Call `dptax ARGS...`; return exit code, stdout and stderr."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    captured = capsys.readouterr()
    code = stop.value.code
    assert "Traceback" not in captured.out + captured.err
    return Result(code if isinstance(code, int) else 1, captured.out, captured.err)

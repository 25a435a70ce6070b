"""Committed generated files must equal what the code generates now."""

from __future__ import annotations

import pytest
from scripts.refresh_generated import ROOT, generated_files


@pytest.mark.parametrize("path", sorted(generated_files()), ids=lambda p: p.name)
def test_generated_file_is_current(path: object) -> None:
    from pathlib import Path

    assert isinstance(path, Path)
    expected = generated_files()[path]
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run `make schema`"
    assert path.read_text(encoding="utf-8") == expected, (
        f"{path.relative_to(ROOT)} is stale: run `make schema`"
    )

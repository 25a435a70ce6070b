"""Committed generated files must equal what the code generates now."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts.refresh_generated import OVERVIEW_SVG, ROOT, generators

from tests.external import require

GENERATED = generators()


@pytest.mark.parametrize("path", sorted(GENERATED), ids=lambda p: str(p.relative_to(ROOT)))
def test_generated_file_is_current(path: Path) -> None:
    name = path.relative_to(ROOT)
    if path == OVERVIEW_SVG:
        require("dot")
    assert path.exists(), f"{name} is missing: run `make schema`"
    assert path.read_bytes() == GENERATED[path](), f"{name} is stale: run `make schema`"


def test_overview_svg_is_committed() -> None:
    assert (ROOT / "docs" / "overview.svg").exists()

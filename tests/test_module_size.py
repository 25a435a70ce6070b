"""Every module of the package stays under 400 lines (the project's style rule: one job each)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "dptaxonomy"
LIMIT = 400


def test_every_module_is_under_four_hundred_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert len(sizes) > 200
    assert {name: n for name, n in sizes.items() if n >= LIMIT} == {}

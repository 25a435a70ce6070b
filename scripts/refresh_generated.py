"""Regenerate the committed generated files (JSON Schemas under schema/).

Run `make schema` (or `python scripts/refresh_generated.py`) after changing
`src/dptaxonomy/models.py`; tests/test_generated.py fails until you do.
"""

from __future__ import annotations

from pathlib import Path

from dptaxonomy.atomic import write_text_atomic
from dptaxonomy.schema import SCHEMA_FILES, schema_text

ROOT = Path(__file__).resolve().parent.parent


def generated_files() -> dict[Path, str]:
    """Every generated file with its current content."""
    return {ROOT / "schema" / name: schema_text(kind) for kind, name in SCHEMA_FILES.items()}


def main() -> None:
    for path, text in generated_files().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomic(path, text)
            print(f"updated {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

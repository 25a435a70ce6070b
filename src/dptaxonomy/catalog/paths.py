"""Where the catalog is, and which files it holds (standard library only: used on fast paths)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CATALOG_ENV", "REFERENCES_FILE", "catalog_files", "default_catalog_dir"]

CATALOG_ENV = "DPTAX_CATALOG"
REFERENCES_FILE = "references.yaml"


def default_catalog_dir() -> Path:
    """The catalog to use when none is given: ``$DPTAX_CATALOG``, else the embedded one.

    An installed package carries its catalog in ``dptaxonomy/data/catalog``; a
    source checkout (editable install) uses the repository's ``catalog/``.
    """
    configured = os.environ.get(CATALOG_ENV)
    if configured:
        return Path(configured)
    package = Path(__file__).resolve().parent.parent
    embedded = package / "data" / "catalog"
    if embedded.is_dir():
        return embedded
    return package.parent.parent / "catalog"


def catalog_files(directory: Path) -> list[Path]:
    """Every definition file below ``directory``, in a stable order."""
    return sorted(
        (p for p in directory.rglob("*.yaml") if p != directory / REFERENCES_FILE),
        key=lambda p: p.relative_to(directory).as_posix(),
    )

"""Shell completion of definition names, read from the cached catalog (never compiled for it)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["names_starting"]


def names_starting(incomplete: str, directory: Path | None = None) -> list[str]:
    """Ids and abbreviations starting with ``incomplete`` (case-insensitive); [] on any problem.

    Completion must never print an error into the user's shell, so a missing
    or invalid catalog simply completes nothing.
    """
    from dptaxonomy.base.errors import DptaxError
    from dptaxonomy.cache.store import catalog_view
    from dptaxonomy.catalog.paths import CATALOG_ENV, default_catalog_dir

    configured = os.environ.get(CATALOG_ENV)
    try:
        if directory is None:
            directory = Path(configured) if configured else default_catalog_dir()
        view = catalog_view(directory)
    except (DptaxError, OSError):
        return []
    wanted = incomplete.casefold()
    found: set[str] = set()
    for document in view.definitions.values():
        for label in (document["id"], *document.get("abbreviations", ())):
            if label.casefold().startswith(wanted) and " " not in label:
                found.add(label)
    return sorted(found)

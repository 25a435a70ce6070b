"""dptaxonomy: the open, machine-checked map of differential privacy definitions.

>>> from dptaxonomy import open_catalog
>>> catalog = open_catalog()
>>> catalog.resolve("Rényi DP").id
'renyi-dp'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "Catalog",
    "CatalogError",
    "Definition",
    "Diagnostic",
    "DptaxError",
    "__version__",
    "compose",
    "convert",
    "load_catalog",
    "open_catalog",
]

if TYPE_CHECKING:
    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.errors import CatalogError, DptaxError
    from dptaxonomy.catalog.store import Catalog, load_catalog, open_catalog
    from dptaxonomy.queries.api import compose, convert
    from dptaxonomy.schema.models import Definition

_LAZY = {
    "Catalog": "dptaxonomy.catalog.store",
    "load_catalog": "dptaxonomy.catalog.store",
    "open_catalog": "dptaxonomy.catalog.store",
    "Diagnostic": "dptaxonomy.base.diagnostics",
    "CatalogError": "dptaxonomy.base.errors",
    "DptaxError": "dptaxonomy.base.errors",
    "Definition": "dptaxonomy.schema.models",
    "convert": "dptaxonomy.queries.api",
    "compose": "dptaxonomy.queries.api",
}


def __getattr__(name: str) -> Any:
    """Import public names on first use, so `import dptaxonomy` stays cheap."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dptaxonomy' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)

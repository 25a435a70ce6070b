"""dptaxonomy: the open, machine-checked map of differential privacy definitions.

The verbs ask the questions ``dptax`` answers and return typed results that
know their JSON form (``to_json()``) and their text (``to_text()``):

>>> import dptaxonomy as dp
>>> print(dp.relate("zCDP", "RDP").verdict)
stronger
>>> dp.open_catalog().resolve("Rényi DP").id
'renyi-dp'

Names are loaded on first use, so ``import dptaxonomy`` costs almost nothing.
The verbs are listed once, in :mod:`dptaxonomy.queries.verbs`; docs/api.md
documents them.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = [
    "Catalog",
    "CatalogError",
    "ConversionError",
    "Definition",
    "Diagnostic",
    "DptaxError",
    "InvalidArgumentError",
    "MissingParameterError",
    "NameResolutionError",
    "ReleaseError",
    "__version__",
    "card",
    "check_registry",
    "compose",
    "convert",
    "explain",
    "load_catalog",
    "open_catalog",
    "relate",
    "search",
    "show",
    "stronger_than",
    "validate",
    "weaker_than",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.errors import (
        CatalogError,
        ConversionError,
        DptaxError,
        InvalidArgumentError,
        MissingParameterError,
        NameResolutionError,
        ReleaseError,
    )
    from dptaxonomy.catalog.store import Catalog, load_catalog, open_catalog
    from dptaxonomy.queries.api import (
        compose,
        convert,
        explain,
        relate,
        search,
        show,
        stronger_than,
        weaker_than,
    )
    from dptaxonomy.queries.release_verbs import card, check_registry
    from dptaxonomy.queries.validation import validate
    from dptaxonomy.schema.models import Definition

_ERRORS = "dptaxonomy.base.errors"
_LAZY = {
    "Catalog": "dptaxonomy.catalog.store",
    "load_catalog": "dptaxonomy.catalog.store",
    "open_catalog": "dptaxonomy.catalog.store",
    "Diagnostic": "dptaxonomy.base.diagnostics",
    "CatalogError": _ERRORS,
    "ConversionError": _ERRORS,
    "DptaxError": _ERRORS,
    "InvalidArgumentError": _ERRORS,
    "MissingParameterError": _ERRORS,
    "NameResolutionError": _ERRORS,
    "ReleaseError": _ERRORS,
    "Definition": "dptaxonomy.schema.models",
}


def __getattr__(name: str) -> Any:
    """Import public names on first use, so `import dptaxonomy` stays cheap."""
    import importlib

    module = _LAZY.get(name)
    if module is None:  # a verb: the one list of them names its module
        verbs = importlib.import_module("dptaxonomy.queries.verbs").VERBS
        module = next((verb.module for verb in verbs if verb.name == name), None)
    if module is None:
        raise AttributeError(f"module 'dptaxonomy' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)

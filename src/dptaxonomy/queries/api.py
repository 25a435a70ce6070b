"""Python entry points that open the knowledge base themselves (``dptaxonomy.convert``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from dptaxonomy.queries.convert import ConvertResult
from dptaxonomy.queries.convert import convert as _convert

__all__ = ["convert"]


def convert(
    source: str,
    target: str,
    source_values: Mapping[str, float | str],
    target_values: Mapping[str, float | str] | None = None,
    *,
    catalog: Path | None = None,
) -> ConvertResult:
    """The tightest sound conversion of ``source`` at ``source_values`` into ``target``.

    The same contract as ``dptax convert``: names and Greek or short parameter
    names are accepted; a float value is read as its shortest decimal (repr).
    Raises :class:`~dptaxonomy.base.errors.ConversionError` with the reason.

    >>> import dptaxonomy
    >>> result = dptaxonomy.convert("ε-DP", "zCoDP", {"eps": 1})
    >>> round(result.to_json()["to"]["rho"]["value"], 10)  # ε·tanh(ε/2), rounded up
    0.4621171573
    """
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir

    kb = knowledge_base(catalog or default_catalog_dir())
    return _convert(
        kb,
        source,
        target,
        {name: _text(value) for name, value in source_values.items()},
        {name: _text(value) for name, value in (target_values or {}).items()},
    )


def _text(value: float | str) -> str:
    return value if isinstance(value, str) else repr(value)

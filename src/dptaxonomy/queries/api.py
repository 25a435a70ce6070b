"""Python entry points that open the knowledge base themselves (``convert``, ``compose``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dptaxonomy.queries.convert import ConvertResult
from dptaxonomy.queries.convert import convert as _convert

if TYPE_CHECKING:
    from dptaxonomy.queries.compose import ComposeResult

__all__ = ["compose", "convert"]


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
        catalog=catalog,
    )


def _text(value: float | str) -> str:
    return value if isinstance(value, str) else repr(value)


def compose(request: Mapping[str, Any] | Path, *, catalog: Path | None = None) -> ComposeResult:
    """The composed guarantee of a request: the same contract as ``dptax compose FILE``.

    ``request`` is a path to a YAML or JSON file, or the same data as a mapping
    (``delta``, ``components``, optional ``adaptivity``). Raises
    :class:`~dptaxonomy.base.errors.ComposeError`, whose ``kind`` says why.

    >>> import dptaxonomy
    >>> result = dptaxonomy.compose({"delta": 1e-5, "components": [
    ...     {"definition": "zCDP", "parameters": {"rho": 0.1}, "count": 5}]})
    >>> [r["definition"] for r in result.to_json()["results"]][:2]
    ['approximate-dp', 'zero-concentrated-dp']
    """
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.queries.compose import compose as _compose
    from dptaxonomy.queries.compose_input import parse_request, read_request

    parsed = read_request(request) if isinstance(request, Path) else parse_request(request)
    kb = knowledge_base(catalog or default_catalog_dir())
    return _compose(kb, parsed, catalog=catalog)

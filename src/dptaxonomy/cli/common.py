"""What every command shares: the output and catalog options, and the exits."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from dptaxonomy.base.diagnostics import Diagnostic

__all__ = [
    "CatalogOption",
    "ConjecturesOption",
    "Format",
    "FormatOption",
    "NameArgument",
    "exit_invalid",
    "fail",
    "print_json",
    "reasoner_for",
    "valid_catalog",
]


class Format(StrEnum):
    """Output format of most commands."""

    text = "text"
    json = "json"


CatalogOption = Annotated[
    Path | None,
    typer.Option(
        "--catalog",
        envvar="DPTAX_CATALOG",
        help="Catalog directory (default: $DPTAX_CATALOG, else the catalog shipped with dptax).",
        show_default=False,
    ),
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
NameArgument = Annotated[
    str,
    typer.Argument(
        metavar="NAME", help="Id, name, abbreviation or alias, e.g. RényiDP or BayDP[TF20]."
    ),
]


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"dptax: {message}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


ConjecturesOption = Annotated[
    bool,
    typer.Option(
        "--assume-conjectures",
        help="Also reason with facts marked conjectured (conclusions say so).",
    ),
]


def valid_catalog(directory: Path | None) -> Any:
    """Open a valid catalog or exit 1 with its diagnostics."""
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.catalog.store import load_catalog

    catalog = load_catalog(directory or default_catalog_dir())
    if not catalog.ok:
        exit_invalid(catalog.diagnostics)
    return catalog


def exit_invalid(diagnostics: tuple[Diagnostic, ...]) -> NoReturn:
    """Print an invalid catalog's diagnostics and exit 1."""
    from dptaxonomy.base.diagnostics import render

    typer.echo(render(diagnostics), err=True)
    errors = sum(1 for d in diagnostics if d.is_error)
    fail(f"the catalog has {errors} error(s); fix them first (see `dptax validate`)")


def reasoner_for(
    directory: Path | None, assume_conjectures: bool = False, cached: bool = True
) -> Any:
    """The reasoner over a valid catalog, from the cache when current (exits 1 if invalid)."""
    from dptaxonomy.reasoning.reasoner import Reasoner

    if not cached:
        from dptaxonomy.reasoning.knowledge import KnowledgeBase

        return Reasoner(
            KnowledgeBase(valid_catalog(directory), assume_conjectures=assume_conjectures)
        )
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir

    try:
        kb = knowledge_base(
            directory or default_catalog_dir(), assume_conjectures=assume_conjectures
        )
    except CatalogError as exc:
        exit_invalid(exc.diagnostics)
    return Reasoner(kb)

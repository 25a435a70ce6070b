"""What every command shares: the output and catalog options, and the exits."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from dptaxonomy.base.diagnostics import Diagnostic

if TYPE_CHECKING:
    from dptaxonomy.queries.results import Result

__all__ = [
    "CatalogOption",
    "ConjecturesOption",
    "Format",
    "FormatOption",
    "NameArgument",
    "compiled",
    "emit",
    "exit_invalid",
    "fail",
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


def emit(result: Result, output: Format) -> None:
    """Print a query result as JSON or text; its one-line summary, if any, to standard error."""
    from dptaxonomy.queries.results import json_text

    if output is Format.json:
        typer.echo(json_text(result))
        return
    text = result.to_text()
    if text:
        typer.echo(text)
    summary = getattr(result, "summary", None)
    if summary is not None:
        typer.echo(summary(), err=True)


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


def compiled(directory: Path | None, assume_conjectures: bool = False) -> tuple[Any, Any]:
    """A valid catalog and its freshly compiled knowledge base (exits 1 if invalid)."""
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    loaded = valid_catalog(directory)
    return loaded, compile_knowledge_base(loaded, assume_conjectures=assume_conjectures)


def reasoner_for(directory: Path | None, assume_conjectures: bool = False) -> Any:
    """The reasoner over a valid catalog, from the cache when current (exits 1 if invalid)."""
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.reasoning.reasoner import Reasoner

    try:
        kb = knowledge_base(
            directory or default_catalog_dir(), assume_conjectures=assume_conjectures
        )
    except CatalogError as exc:
        exit_invalid(exc.diagnostics)
    return Reasoner(kb)

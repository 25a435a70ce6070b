"""What the typer commands share: the catalog, format and name options, and the exits."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import click
import typer

from dptaxonomy.cli.actions import Format, emit, exit_invalid, fail, reasoner_for

if TYPE_CHECKING:
    from dptaxonomy.catalog.store import Catalog
    from dptaxonomy.reasoning.knowledge import KnowledgeBase

__all__ = [
    "AsciiCount",
    "AsciiSeconds",
    "CatalogOption",
    "ConjecturesOption",
    "Format",
    "FormatOption",
    "NameArgument",
    "compiled",
    "complete_name",
    "emit",
    "fail",
    "reasoner_for",
    "valid_catalog",
]


class _AsciiDigits(click.ParamType[Any]):
    """Refuses a non-ASCII digit before click's own ``int()`` or ``float()``, which take any
    Unicode digit (``--limit ৪`` was 4)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            from dptaxonomy.base.digits import foreign_digit_message

            foreign = foreign_digit_message(value)
            if foreign is not None:
                self.fail(foreign, param, ctx)
        return super().convert(value, param, ctx)

    def fail(
        self, message: str, param: click.Parameter | None = None, ctx: click.Context | None = None
    ) -> NoReturn:
        # typer parses with its own copy of click and reports only its own BadParameter as a
        # usage error (exit 2, with the option's name); click's would escape as a traceback.
        raise typer.BadParameter(message, ctx=ctx, param=param)  # type: ignore[arg-type]


class AsciiCount(_AsciiDigits, click.IntRange):
    """A whole-number option read from ASCII digits only."""


class AsciiSeconds(_AsciiDigits, click.FloatRange):
    """A number-of-seconds option read from ASCII digits only."""


def complete_name(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a definition name: ids and abbreviations from the cached catalog."""
    from dptaxonomy.cli.completion import names_starting

    directory = ctx.params.get("catalog")  # a string while completing: not converted yet
    return names_starting(incomplete, Path(directory) if directory else None)


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
        metavar="NAME",
        help="Id, name, abbreviation or alias, e.g. RényiDP or BayDP[TF20].",
        autocompletion=complete_name,
    ),
]
ConjecturesOption = Annotated[
    bool,
    typer.Option(
        "--assume-conjectures",
        help="Also reason with facts marked conjectured (conclusions say so).",
    ),
]


def valid_catalog(directory: Path | None) -> Catalog:
    """Open a valid catalog or exit 1 with its diagnostics."""
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.catalog.store import load_catalog

    catalog = load_catalog(directory or default_catalog_dir())
    if not catalog.ok:
        exit_invalid(catalog.diagnostics)
    return catalog


def compiled(directory: Path | None, assume_conjectures: bool = False) -> tuple[Any, KnowledgeBase]:
    """A valid catalog and its freshly compiled knowledge base (exits 1 if invalid)."""
    from dptaxonomy.reasoning.compile import compile_knowledge_base

    loaded = valid_catalog(directory)
    return loaded, compile_knowledge_base(loaded, assume_conjectures=assume_conjectures)

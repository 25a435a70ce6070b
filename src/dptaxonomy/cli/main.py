"""The `dptax` command line: a thin layer over the library.

Commands parse options, call the library, print, and translate
:class:`~dptaxonomy.base.errors.DptaxError` into a message and exit code 1.
Usage errors exit with 2. No traceback ever reaches the user.
"""

from __future__ import annotations

import sys

import typer

from dptaxonomy.cli import (
    catalog_commands,
    contrib_commands,
    convert_commands,
    export_commands,
    reasoning_commands,
    site_commands,
)

__all__ = ["app", "main"]

app = typer.Typer(
    name="dptax",
    help="The machine-checked map of differential privacy definitions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

app.command()(catalog_commands.validate)
app.command()(catalog_commands.show)
app.command("list")(catalog_commands.list_)
app.command()(catalog_commands.stats)
app.command()(catalog_commands.schema)
app.command()(catalog_commands.cite)
app.command()(reasoning_commands.relate)
app.command("stronger-than")(reasoning_commands.stronger_than)
app.command("weaker-than")(reasoning_commands.weaker_than)
app.command()(reasoning_commands.explain)
app.command()(reasoning_commands.contradictions)
app.command("open-questions")(reasoning_commands.open_questions)
app.command()(reasoning_commands.redundant)
app.command()(convert_commands.convert)
app.command()(export_commands.export)
app.command()(export_commands.sparql)
app.command()(site_commands.site)
app.command()(contrib_commands.new)
app.command()(contrib_commands.fmt)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `dptax` console script; always ends with ``SystemExit``."""
    from dptaxonomy.base.errors import DptaxError

    try:
        code = app(args=argv, prog_name="dptax", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except DptaxError as exc:
        typer.echo(f"dptax: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the last line of defence: no traceback for users
        show = getattr(exc, "show", None)
        if callable(show) and isinstance(getattr(exc, "exit_code", None), int):
            show()  # a usage error from the option parser: message and exit code 2
            sys.exit(exc.exit_code)  # type: ignore[attr-defined]
        if type(exc).__name__ == "Abort":
            sys.exit(130)
        typer.echo(f"dptax: internal error: {type(exc).__name__}: {exc}", err=True)
        typer.echo("dptax: please report this with the command you ran.", err=True)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)

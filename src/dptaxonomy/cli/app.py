"""The typer application: every command, its options and help.

Adding commands
---------------
Commands live in modules grouped by topic (``catalog_commands``,
``reasoning_commands``, ``export_commands``, ``contrib_commands``). A module
defines typer functions that only parse (``Annotated`` options, ``StrEnum``
choices) and hand plain values to the library or to
:mod:`dptaxonomy.cli.actions`, and ends with a table::

    COMMANDS: dict[str, Callable[..., None]] = {"verify": verify}

To add a group, write such a module and add it to :data:`GROUPS` below: one
line. Commands never build JSON or text themselves (results know their
forms), never print tracebacks, and stop with
:class:`~dptaxonomy.cli.actions.CliExit` or by raising a
:class:`~dptaxonomy.base.errors.DptaxError`; :mod:`dptaxonomy.cli.main` turns
both into messages and exit codes. A new plain query worth answering without
typer can also be taught to :mod:`dptaxonomy.cli.fast`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Annotated

import typer

from dptaxonomy.cli import (
    card_commands,
    catalog_commands,
    contrib_commands,
    convert_commands,
    export_commands,
    reasoning_commands,
    site_commands,
    verify_commands,
)

__all__ = ["GROUPS", "app", "run"]

GROUPS: tuple[ModuleType, ...] = (
    catalog_commands,
    reasoning_commands,
    convert_commands,
    card_commands,
    export_commands,
    site_commands,
    contrib_commands,
    verify_commands,
)
"""The command groups, in the order ``dptax --help`` lists them."""

app = typer.Typer(
    name="dptax",
    help="The machine-checked map of differential privacy definitions.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        from dptaxonomy import __version__

        typer.echo(f"dptax {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """The machine-checked map of differential privacy definitions."""


for _group in GROUPS:
    for _name, _command in _group.COMMANDS.items():
        app.command(_name)(_command)


def run(argv: Sequence[str]) -> int:
    """Run the typer app on ``argv``; the exit code (usage errors: 2, printed by the parser)."""
    try:
        code = app(args=list(argv), prog_name="dptax", standalone_mode=False)
    except SystemExit as exc:
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            raise BrokenPipeError from exc  # typer met a closed pipe: end as the fast path does
        raise
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        return 130
    except Exception as exc:
        show = getattr(exc, "show", None)
        exit_code = getattr(exc, "exit_code", None)
        if (
            callable(show)
            and isinstance(exit_code, int)
            and type(exc).__module__.startswith(("click", "typer"))
        ):
            show()  # a usage error from the option parser: message and exit code 2
            return exit_code
        raise
    return code if isinstance(code, int) else 0

"""The library's typed errors in the command line's words.

The library words an error for Python callers: a missing parameter says
"pass it in `source_values`", a bad filter names the argument ``dimensions``.
The command line renders the same error with its own options (``--from``,
``--dimension``), so one check serves both and neither wording leaks into the other.

>>> from dptaxonomy.base.errors import Argument, MissingParameterError
>>> error = MissingParameterError("missing alpha of RDP", "alpha", "RDP", Argument.source_values)
>>> print(error)
missing alpha of RDP: pass it in `source_values`
>>> print(command_line_message(error))
missing alpha of RDP: give --from alpha=VALUE
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dptaxonomy.base.errors import (
    DptaxError,
    InvalidArgumentError,
    MissingParameterError,
)

if TYPE_CHECKING:
    from dptaxonomy.base.diagnostics import Diagnostic

__all__ = ["OPTIONS", "USAGE", "command_line_message", "exit_code", "invalid_catalog_lines"]

OPTIONS: dict[str, str] = {
    "source_values": "--from",
    "target_values": "--to",
    "dimensions": "--dimension",
    "entry": "--entry",
    "any_dimensions": "--any-dimension",
    "properties": "--property",
    "unknown_properties": "--unknown-property",
    "scope": "--scope",
    "setting": "--setting",
}
"""The option that gives each argument of the verbs (the Python name is the key)."""

USAGE = 2
"""The exit code of a usage error: a value the command does not accept."""


def invalid_catalog_lines(diagnostics: Sequence[Diagnostic]) -> list[str]:
    """An invalid catalog's diagnostics, then the line saying what to do."""
    from dptaxonomy.base.diagnostics import render

    errors = sum(1 for d in diagnostics if d.is_error)
    return [
        render(list(diagnostics)),
        f"dptax: the catalog has {errors} error(s); fix them first (see `dptax validate`)",
    ]


def command_line_message(error: DptaxError) -> str:
    """What ``dptax`` prints after ``dptax:`` for ``error``."""
    if isinstance(error, MissingParameterError):
        option = OPTIONS[error.argument.value]
        return f"{error.problem}: give {option} {error.parameter}=VALUE"
    if isinstance(error, InvalidArgumentError):
        return f"{OPTIONS.get(error.argument, error.argument)} {error.problem}"
    return str(error)


def exit_code(error: DptaxError) -> int:
    """2 for a value the command does not accept, 1 for every other error."""
    return USAGE if isinstance(error, InvalidArgumentError) else 1

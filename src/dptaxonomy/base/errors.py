"""The one exception hierarchy of dptaxonomy.

Every error the library raises on purpose derives from :class:`DptaxError`;
the CLI turns each into a message and an exit code, never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dptaxonomy.base.diagnostics import Diagnostic

__all__ = [
    "AmbiguousNameError",
    "Argument",
    "CatalogError",
    "CatalogNotFoundError",
    "ConversionError",
    "DptaxError",
    "ExportError",
    "InvalidArgumentError",
    "MissingParameterError",
    "NameResolutionError",
    "NumericError",
    "UnknownNameError",
    "UnsafeFileError",
]


class DptaxError(Exception):
    """Root of every error raised by dptaxonomy."""


class CatalogError(DptaxError):
    """The catalog could not be loaded; ``diagnostics`` says why, file by file."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        errors = sum(1 for d in self.diagnostics if d.is_error)
        super().__init__(f"the catalog has {errors} error(s)")


class CatalogNotFoundError(DptaxError):
    """The catalog directory does not exist or holds no catalog."""


class UnsafeFileError(DptaxError):
    """A file may not be read: not a regular file, outside the catalog, too large, or unreadable.

    ``code`` is the diagnostic code (``outside-catalog``, ``symlink-loop``,
    ``not-a-regular-file``, ``file-too-large``, ``unreadable``) and ``hint``
    what to do about it.
    """

    def __init__(self, code: str, message: str, hint: str) -> None:
        self.code = code
        self.hint = hint
        super().__init__(message)


class NameResolutionError(DptaxError):
    """A name given by the user does not designate exactly one definition."""

    def __init__(self, query: str, candidates: Sequence[str], message: str) -> None:
        self.query = query
        self.candidates = tuple(candidates)
        super().__init__(message)


class UnknownNameError(NameResolutionError):
    """No definition has this id, name, abbreviation or alias."""


class AmbiguousNameError(NameResolutionError):
    """Several definitions share this name; a citation suffix tells them apart."""


class ExportError(DptaxError):
    """An export could not be produced or written."""


class NumericError(DptaxError):
    """A value cannot be computed or bounded soundly (e.g. log of a value that may be ≤ 0)."""


class ConversionError(DptaxError):
    """A conversion cannot be given: bad parameters, or the mathematics does not give it."""


class InvalidArgumentError(DptaxError, ValueError):
    """A value a query does not accept, named by its Python argument.

    ``problem`` says what is wrong without naming the argument, so that each
    front end can name it its own way (:mod:`dptaxonomy.cli.errors` uses the option).

    >>> print(InvalidArgumentError("dimensions", "takes one of Q N V B F R C"))
    `dimensions` takes one of Q N V B F R C
    """

    def __init__(self, argument: str, problem: str) -> None:
        self.argument = argument
        self.problem = problem
        super().__init__(f"`{argument}` {problem}")


class Argument(StrEnum):
    """Which input of a conversion a parameter value goes in, by its Python name.

    The command line names the same inputs by its options (``--from``, ``--to``);
    :mod:`dptaxonomy.cli.errors` words an error for it.
    """

    source_values = "source_values"
    target_values = "target_values"


class MissingParameterError(ConversionError):
    """A parameter the conversion needs was not given.

    >>> error = MissingParameterError("zCDP", "xi", "[0, inf)", Argument.source_values)
    >>> print(error)
    missing parameter xi of zCDP (domain [0, inf)): pass it in `source_values`
    """

    def __init__(self, definition: str, parameter: str, domain: str, argument: Argument) -> None:
        self.definition = definition
        self.parameter = parameter
        self.domain = domain
        self.argument = argument
        super().__init__(f"{self.problem}: pass it in `{argument}`")

    @property
    def problem(self) -> str:
        """What is missing, without saying where to give it."""
        return f"missing parameter {self.parameter} of {self.definition} (domain {self.domain})"

"""The one exception hierarchy of dptaxonomy.

Every error the library raises on purpose derives from :class:`DptaxError`;
the CLI turns each into a message and an exit code, never a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.refusals import Refusal

__all__ = [
    "AmbiguousNameError",
    "Argument",
    "CacheChangedError",
    "CatalogError",
    "CatalogNotFoundError",
    "ComposeError",
    "ConversionError",
    "DptaxError",
    "ExportError",
    "InvalidArgumentError",
    "MissingParameterError",
    "NameResolutionError",
    "NumericError",
    "OutOfRangeError",
    "ReleaseError",
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


class ReleaseError(DptaxError):
    """A release description has mistakes; ``diagnostics`` locates each (file, line, column)."""

    def __init__(self, file: str, diagnostics: Sequence[Diagnostic]) -> None:
        self.file = file
        self.diagnostics = tuple(diagnostics)
        super().__init__(f"{file}: {len(self.diagnostics)} error(s)")


class CacheChangedError(DptaxError):
    """A cached compilation's second file was unreadable when first needed, and the catalog
    had changed since its first file was read: no consistent knowledge base is left."""

    def __init__(self) -> None:
        super().__init__(
            "the catalog changed while its cached knowledge base was being read; run it again"
        )


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


class OutOfRangeError(NumericError):
    """A decimal number written as text lies beyond what the arithmetic holds: beyond the
    doubles (1e400), or with an exponent beyond the decimal module's."""


class ConversionError(DptaxError):
    """A conversion cannot be given: bad parameters, or the mathematics does not give it.

    ``refusal`` says why as a typed record (its kind, the message, the details);
    the exception's text is its message.
    """

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.message)


class ComposeError(DptaxError):
    """A composition cannot be given; ``kind`` says why as a stable code (never parse the text).

    Codes: ``input`` (the file is malformed), ``unit`` (components protect different units),
    ``neighbourhood`` (relations differ and no catalog rule converts one), ``sampling`` (no
    catalog rule covers the sampling scheme under the relation), ``adaptivity`` (no composition
    rule covers the requested adaptivity), ``no-route`` (no route gives a finite bound).
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(message)


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
    """A value the conversion needs was not given: ``parameter`` of ``definition``,
    to pass in ``argument``. Its refusal's kind is ``missing_parameter``.

    >>> error = MissingParameterError(
    ...     "missing parameter xi of zCDP", "xi", "zCDP", Argument.source_values
    ... )
    >>> print(error)
    missing parameter xi of zCDP: pass it in `source_values`
    >>> error.refusal.details["argument"]
    'source_values'
    """

    def __init__(
        self,
        problem: str,
        parameter: str,
        definition: str,
        argument: Argument,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        from dptaxonomy.base.refusals import Refusal, RefusalKind

        self.problem = problem
        """What is missing, without saying where to give it (each front end says that)."""
        self.parameter = parameter
        self.definition = definition
        self.argument = argument
        data = {"parameter": parameter, "definition": definition, "argument": argument.value}
        message = f"{problem}: pass it in `{argument}`"
        super().__init__(
            Refusal(RefusalKind.missing_parameter, message, {**data, **(details or {})})
        )

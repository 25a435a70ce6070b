"""The one exception hierarchy of dptaxonomy.

Every error the library raises on purpose derives from :class:`DptaxError`;
the CLI turns each into a message and an exit code, never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.refusals import Refusal

__all__ = [
    "AmbiguousNameError",
    "CatalogError",
    "CatalogNotFoundError",
    "ConversionError",
    "DptaxError",
    "ExportError",
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
    """A conversion cannot be given: bad parameters, or the mathematics does not give it.

    ``refusal`` says why as a typed record (its kind, the message, the details);
    the exception's text is its message.
    """

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.message)

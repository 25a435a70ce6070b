"""Typed diagnostics and the one place they are rendered.

A :class:`Diagnostic` is a record (severity, file, line, column, code,
message, hint). Loading and checking code only ever builds these records;
:func:`render` turns a list of them into text, JSON or GitHub annotations.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from dptaxonomy.base.records import fields, record

__all__ = ["Diagnostic", "OutputFormat", "Severity", "render", "sort_key"]


class Severity(StrEnum):
    error = "error"
    warning = "warning"


class OutputFormat(StrEnum):
    """How diagnostics are printed."""

    text = "text"
    json = "json"
    github = "github"


@record(slots=True)
class Diagnostic:
    """One problem found in one place of one file.

    >>> d = Diagnostic(Severity.error, "catalog/x.yaml", 3, 5, "unknown-key", "foo: unknown key")
    >>> d.location
    'catalog/x.yaml:3:5'
    """

    severity: Severity
    file: str
    line: int
    column: int
    code: str
    message: str
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.error

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str, str]:
    """Order diagnostics by file, position, then code and message."""
    return (
        diagnostic.file,
        diagnostic.line,
        diagnostic.column,
        diagnostic.code,
        diagnostic.message,
    )


def _github_escape(text: str, *, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def _text(diagnostic: Diagnostic) -> str:
    line = f"{diagnostic.location}: {diagnostic.severity}[{diagnostic.code}]: {diagnostic.message}"
    if diagnostic.hint:
        line += f"\n    hint: {diagnostic.hint}"
    return line


def _github(diagnostic: Diagnostic) -> str:
    message = diagnostic.message + (f" (hint: {diagnostic.hint})" if diagnostic.hint else "")
    file = _github_escape(diagnostic.file, property_value=True)
    title = _github_escape(diagnostic.code, property_value=True)
    return (
        f"::{diagnostic.severity} file={file},line={diagnostic.line},col={diagnostic.column},"
        f"title={title}::{_github_escape(message)}"
    )


def render(diagnostics: Iterable[Diagnostic], output: OutputFormat = OutputFormat.text) -> str:
    """Render diagnostics, sorted, in the requested format (no trailing newline)."""
    ordered = sorted(diagnostics, key=sort_key)
    if output is OutputFormat.json:
        import json  # only JSON output imports it

        return json.dumps(
            [{name: getattr(d, name) for name in fields(d)} for d in ordered],
            ensure_ascii=False,
            indent=2,
        )
    if output is OutputFormat.github:
        return "\n".join(_github(d) for d in ordered)
    return "\n".join(_text(d) for d in ordered)

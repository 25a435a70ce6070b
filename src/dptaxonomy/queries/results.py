"""What every query result shares: its JSON form carries the schema version of the output.

A result is a frozen record (:mod:`dptaxonomy.base.records`) with
``to_json()`` (JSON-ready data) and ``to_text()`` (what the terminal shows).
The command line only picks one and prints it; :func:`json_document` is the
one place the envelope is built.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

__all__ = ["SCHEMA_VERSION", "json_document", "json_text"]

SCHEMA_VERSION = 1
"""Version of the JSON the queries print; raised when a key changes meaning or goes away."""


if TYPE_CHECKING:  # a type for checkers: nothing tests it at run time

    class Result(Protocol):
        """A query's answer, printable as JSON or as text."""

        def to_json(self) -> dict[str, Any]: ...

        def to_text(self) -> str: ...


def json_document(body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with ``schema_version`` first."""
    return {"schema_version": SCHEMA_VERSION, **body}


def json_text(result: Result) -> str:
    """The result's JSON, indented, non-ASCII kept as is."""
    import json  # only JSON output: text output never imports it

    return json.dumps(result.to_json(), ensure_ascii=False, indent=2)

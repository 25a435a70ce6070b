"""What each query command does once its arguments are parsed: ask the library, print.

Two front ends call these functions with plain values: the typer app
(:mod:`dptaxonomy.cli.app`) and the fast path (:mod:`dptaxonomy.cli.fast`),
which parses plain query invocations itself and so never imports typer. Values
are checked here, in one place, whichever front end parsed them; a bad value
is a usage error (exit 2). This module imports no typer, click, pydantic,
PyYAML, networkx or rdflib: the knowledge base and the entries come from the
content-keyed cache (:mod:`dptaxonomy.cache.store`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.refusals import Refusal
    from dptaxonomy.cache.views import CatalogView
    from dptaxonomy.queries.results import Result
    from dptaxonomy.reasoning.reasoner import Reasoner
    from dptaxonomy.schema.enums import Scope, Setting

__all__ = [
    "CliExit",
    "Format",
    "catalog_view",
    "contradictions",
    "convert",
    "emit",
    "emit_refusal",
    "exit_invalid",
    "explain",
    "fail",
    "list_definitions",
    "neighbours",
    "open_questions",
    "reasoner_for",
    "redundant",
    "relate",
    "show",
]


class Format(StrEnum):
    """Output format of the query commands."""

    text = "text"
    json = "json"


class CliExit(Exception):
    """Stop the command with an exit code; its message, if any, was already printed."""

    def __init__(self, code: int) -> None:
        super().__init__(f"exit {code}")
        self.code = code


def echo(text: str, *, err: bool = False) -> None:
    """Print a line to standard output (or error)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``dptax: MESSAGE`` to standard error and stop with ``code`` (2: usage error)."""
    echo(f"dptax: {message}", err=True)
    raise CliExit(code)


def emit(result: Result, output: Format) -> None:
    """Print a query result as JSON or text; its one-line summary, if any, to standard error."""
    from dptaxonomy.queries.results import json_text

    if output is Format.json:
        echo(json_text(result))
        return
    text = result.to_text()
    if text:
        echo(text)
    summary = getattr(result, "summary", None)
    if summary is not None:
        echo(summary(), err=True)


def emit_refusal(refusal: Refusal) -> None:
    """Print a refusal's JSON document (``refused``, ``kind``, ``message``, details) on
    standard output; the caller still exits 1 with the message on standard error."""
    import json

    from dptaxonomy.queries.results import json_document

    echo(json.dumps(json_document(refusal.data()), ensure_ascii=False, indent=2))


def exit_invalid(diagnostics: Sequence[Diagnostic]) -> NoReturn:
    """Print an invalid catalog's diagnostics and exit 1."""
    from dptaxonomy.base.diagnostics import render

    echo(render(list(diagnostics)), err=True)
    errors = sum(1 for d in diagnostics if d.is_error)
    fail(f"the catalog has {errors} error(s); fix them first (see `dptax validate`)")


def _directory(directory: Path | None) -> Path:
    from dptaxonomy.catalog.paths import default_catalog_dir

    return directory or default_catalog_dir()


def reasoner_for(directory: Path | None, assume_conjectures: bool = False) -> Reasoner:
    """The reasoner over a valid catalog, from the cache when current (exits 1 if invalid)."""
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.reasoning.reasoner import Reasoner

    try:
        kb = knowledge_base(_directory(directory), assume_conjectures=assume_conjectures)
    except CatalogError as exc:
        exit_invalid(exc.diagnostics)
    return Reasoner(kb)


def catalog_view(directory: Path | None) -> CatalogView:
    """The entries of a valid catalog as documents, from the cache (exits 1 if invalid)."""
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import catalog_view as cached_view

    try:
        return cached_view(_directory(directory))
    except CatalogError as exc:
        exit_invalid(exc.diagnostics)


def _choice(kind: Any, flag: str, value: str | None) -> Any:
    if not value:
        return None
    try:
        return kind(value)
    except ValueError:
        fail(f"{flag} takes one of: {', '.join(k.value for k in kind)}", 2)


def scope_option(value: str | None) -> Scope | None:
    """The ``--scope`` value, checked (usage error if unknown)."""
    from dptaxonomy.schema.enums import Scope

    chosen: Scope | None = _choice(Scope, "--scope", value)
    return chosen


def setting_option(value: str | None) -> Setting | None:
    """The ``--setting`` value, checked (usage error if unknown)."""
    from dptaxonomy.schema.enums import Setting

    chosen: Setting | None = _choice(Setting, "--setting", value)
    return chosen


def show(name: str, catalog: Path | None, output: Format, *, mechanism: bool = False) -> None:
    """``dptax show``: a definition, else a mechanism (only a mechanism with ``mechanism``)."""
    from dptaxonomy.base.errors import UnknownNameError
    from dptaxonomy.queries.describe import ShowResult
    from dptaxonomy.queries.mechanism_show import MechanismShowResult

    view = catalog_view(catalog)
    found = view.mechanism(name)
    if mechanism and found is None:
        known = list(view.mechanisms)
        message = f"no mechanism is called {name!r}; the mechanisms are: {', '.join(known)}"
        raise UnknownNameError(name, known, message)
    if not mechanism:
        try:
            document = view.resolve(name)
        except UnknownNameError:
            if found is None:
                raise
        else:
            emit(ShowResult(view, document), output)
            return
    assert found is not None
    emit(MechanismShowResult(view, found), output)


def list_definitions(
    catalog: Path | None,
    output: Format,
    *,
    dimensions: Sequence[str] = (),
    any_dimensions: Sequence[str] = (),
    properties: Sequence[str] = (),
    unknown_properties: Sequence[str] = (),
    scope: str | None = None,
    setting: str | None = None,
    no_statement: bool = False,
) -> None:
    """``dptax list``: definitions passing every filter."""
    from dptaxonomy.queries.describe import (
        ListFilter,
        ListResult,
        filter_definitions,
        parse_property_filter,
        parse_property_name,
    )
    from dptaxonomy.schema.enums import Dimension

    def dims(flag: str, values: Sequence[str]) -> tuple[Dimension, ...]:
        try:
            return tuple(Dimension(v.strip().upper()) for v in values)
        except ValueError:
            fail(f"{flag} takes one of Q N V B F R C", 2)

    try:
        wanted_properties = tuple(parse_property_filter(p) for p in properties)
        unknown = tuple(parse_property_name(p.partition("=")[0]) for p in unknown_properties)
    except ValueError as exc:
        fail(f"--property: {exc}", 2)
    wanted = ListFilter(
        dimensions=dims("--dimension", dimensions),
        any_dimensions=dims("--any-dimension", any_dimensions),
        properties=wanted_properties,
        unknown_properties=unknown,
        scope=scope_option(scope),
        setting=setting_option(setting),
        no_statement=no_statement,
    )
    view = catalog_view(catalog)
    emit(ListResult(tuple(filter_definitions(view.definitions.values(), wanted))), output)


def relate(
    a: str,
    b: str,
    catalog: Path | None,
    output: Format,
    conjectures: bool,
    given: Sequence[str] = (),
    fixed: Sequence[str] = (),
) -> None:
    """``dptax relate``; ``given``/``fixed`` are ``--from``/``--to`` NAME=VALUE assignments."""
    from dptaxonomy.queries.relations import relate as query

    source, target = None, None
    if given or fixed:
        from dptaxonomy.queries.convert import parse_assignments

        source = parse_assignments(list(given), "--from")
        target = parse_assignments(list(fixed), "--to")
    emit(query(reasoner_for(catalog, conjectures), a, b, source, target), output)


def convert(
    source: str,
    target: str,
    given: Sequence[str],
    fixed: Sequence[str],
    catalog: Path | None,
    output: Format,
    conjectures: bool,
) -> None:
    """``dptax convert``; ``given``/``fixed`` are ``--from``/``--to`` NAME=VALUE assignments.
    A refusal exits 1 with its message; with JSON output its document is printed first."""
    from dptaxonomy.base.errors import ConversionError
    from dptaxonomy.queries.convert import convert as query
    from dptaxonomy.queries.convert import parse_assignments

    reasoner = reasoner_for(catalog, conjectures)
    try:
        result = query(
            reasoner.kb,
            source,
            target,
            parse_assignments(list(given), "--from"),
            parse_assignments(list(fixed), "--to"),
        )
    except ConversionError as exc:
        if output is Format.json:
            emit_refusal(exc.refusal)
        raise
    emit(result, output)


def explain(a: str, b: str, catalog: Path | None, output: Format, conjectures: bool) -> None:
    """``dptax explain``."""
    from dptaxonomy.queries.relations import explain as query

    emit(query(reasoner_for(catalog, conjectures), a, b), output)


def neighbours(
    name: str, stronger: bool, catalog: Path | None, output: Format, conjectures: bool
) -> None:
    """``dptax stronger-than`` (``stronger``) and ``dptax weaker-than``."""
    from dptaxonomy.queries.relations import Side
    from dptaxonomy.queries.relations import neighbours as query

    side = Side.stronger if stronger else Side.weaker
    emit(query(reasoner_for(catalog, conjectures), name, side), output)


def contradictions(catalog: Path | None, output: Format, conjectures: bool) -> None:
    """``dptax contradictions``: exit 1 if there is any."""
    from dptaxonomy.queries.findings import contradictions as query

    result = query(reasoner_for(catalog, conjectures))
    emit(result, output)
    if result.found:
        raise CliExit(1)


def open_questions(
    scope: str | None, limit: int, catalog: Path | None, output: Format, conjectures: bool
) -> None:
    """``dptax open-questions``."""
    from dptaxonomy.queries.findings import open_questions as query

    if limit < 1:
        fail("--limit must be at least 1", 2)
    wanted = scope_option(scope)
    emit(query(reasoner_for(catalog, conjectures), wanted, limit), output)


def redundant(catalog: Path | None, output: Format, conjectures: bool) -> None:
    """``dptax redundant``."""
    from dptaxonomy.queries.findings import redundant as query

    emit(query(reasoner_for(catalog, conjectures)), output)

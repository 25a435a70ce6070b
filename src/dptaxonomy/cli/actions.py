"""What each query command does once its arguments are parsed: ask the library, print.

Two front ends call these functions with plain values: the typer app
(:mod:`dptaxonomy.cli.app`) and the fast path (:mod:`dptaxonomy.cli.fast`),
which parses plain query invocations itself and so never imports typer. Each
calls the package's verb (:mod:`dptaxonomy.queries.api`), which checks the
values whichever front end parsed them; :mod:`dptaxonomy.cli.main` prints its
typed errors in the command line's words (a bad value is a usage error, exit 2).
This module imports no typer, click, pydantic,
PyYAML, networkx or rdflib: the knowledge base and the entries come from the
content-keyed cache (:mod:`dptaxonomy.cache.store`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import StrEnum

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn

    from dptaxonomy.base.diagnostics import Diagnostic
    from dptaxonomy.base.errors import ConversionError
    from dptaxonomy.queries.results import Result
    from dptaxonomy.reasoning.reasoner import Reasoner
    from dptaxonomy.schema.enums import Scope

__all__ = [
    "CliExit",
    "Format",
    "emit",
    "emit_refusal",
    "exit_invalid",
    "fail",
    "parse_assignments",
    "print_contradictions",
    "print_convert",
    "print_explain",
    "print_list",
    "print_neighbours",
    "print_open_questions",
    "print_redundant",
    "print_relate",
    "print_show",
    "print_sparql",
    "reasoner_for",
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


def emit_refusal(error: ConversionError) -> None:
    """Print a refusal's JSON document (``refused``, ``kind``, ``message``, details) on
    standard output, its message in the command line's words; the caller still exits 1
    with the message on standard error."""
    import json

    from dptaxonomy.cli.errors import command_line_message
    from dptaxonomy.queries.results import json_document

    data = {**error.refusal.data(), "message": command_line_message(error)}
    echo(json.dumps(json_document(data), ensure_ascii=False, indent=2))


def exit_invalid(diagnostics: Sequence[Diagnostic]) -> NoReturn:
    """Print an invalid catalog's diagnostics and exit 1."""
    from dptaxonomy.cli.errors import invalid_catalog_lines

    for line in invalid_catalog_lines(diagnostics):
        echo(line, err=True)
    raise CliExit(1)


def reasoner_for(directory: Path | str | None, assume_conjectures: bool = False) -> Reasoner:
    """The reasoner over a valid catalog, from the cache when current (exits 1 if invalid)."""
    from dptaxonomy.base.errors import CatalogError
    from dptaxonomy.cache.store import knowledge_base
    from dptaxonomy.queries.api import catalog_directory
    from dptaxonomy.reasoning.reasoner import Reasoner

    try:
        kb = knowledge_base(catalog_directory(directory), assume_conjectures=assume_conjectures)
    except CatalogError as exc:
        exit_invalid(exc.diagnostics)
    return Reasoner(kb)


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


def parse_assignments(pairs: Sequence[str], option: str) -> dict[str, str]:
    """``["rho=0.5", "δ=1e-6"]`` given as ``option`` (``--from``, ``--to``) as a mapping.

    A malformed or repeated assignment is a refusal of kind ``invalid_value``.
    """
    from dptaxonomy.base.refusals import RefusalKind
    from dptaxonomy.queries.parameter_values import PARAMETER_ALIASES, refuse

    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            message = f"{option} expects NAME=VALUE, e.g. {option} rho=0.5; got {pair!r}"
            raise refuse(RefusalKind.invalid_value, message)
        name = PARAMETER_ALIASES.get(name, name)
        if name in result:
            raise refuse(RefusalKind.invalid_value, f"{option} gives {name} twice")
        result[name] = value
    return result


def print_show(
    name: str, catalog: Path | str | None, output: Format, *, mechanism: bool = False
) -> None:
    """``dptax show``: a definition, else a mechanism (only a mechanism with ``mechanism``)."""
    from dptaxonomy.queries.api import show

    emit(show(name, mechanism=mechanism, catalog=catalog), output)


def print_list(
    catalog: Path | str | None,
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
    """``dptax list``: the definitions ``dptaxonomy.search`` keeps."""
    from dptaxonomy.queries.api import search
    from dptaxonomy.queries.describe import parse_property_filter, parse_property_name

    try:
        wanted = dict(parse_property_filter(p) for p in properties)
        unknown = [parse_property_name(p.partition("=")[0]) for p in unknown_properties]
    except ValueError as exc:
        fail(f"--property: {exc}", 2)
    result = search(
        dimensions=dimensions,
        any_dimensions=any_dimensions,
        properties=wanted,
        unknown_properties=unknown,
        scope=scope or None,
        setting=setting or None,
        no_statement=no_statement,
        catalog=catalog,
    )
    emit(result, output)


def print_relate(
    a: str,
    b: str,
    catalog: Path | str | None,
    output: Format,
    conjectures: bool,
    given: Sequence[str] = (),
    fixed: Sequence[str] = (),
) -> None:
    """``dptax relate``; ``given``/``fixed`` are ``--from``/``--to`` NAME=VALUE assignments."""
    from dptaxonomy.queries.api import relate

    source, target = None, None
    if given or fixed:
        source = parse_assignments(given, "--from")
        target = parse_assignments(fixed, "--to")
    result = relate(a, b, source, target, catalog=catalog, assume_conjectures=conjectures)
    emit(result, output)


def print_convert(
    source: str,
    target: str,
    given: Sequence[str],
    fixed: Sequence[str],
    catalog: Path | str | None,
    output: Format,
    conjectures: bool,
    curve: Path | None = None,
) -> None:
    """``dptax convert``; ``given``/``fixed`` are ``--from``/``--to`` NAME=VALUE assignments,
    ``curve`` the ``--from-curve`` file. A refusal exits 1 with its message; with JSON output
    its document is printed first."""
    from dptaxonomy.base.errors import ConversionError
    from dptaxonomy.queries.api import convert_curve

    try:
        source_values = parse_assignments(given, "--from")
        target_values = parse_assignments(fixed, "--to")
        result: Result
        # a free order is answered with its curve, a vacuous point with its trade-off
        result = convert_curve(
            source,
            target,
            source_values,
            target_values,
            curve=curve,
            catalog=catalog,
            assume_conjectures=conjectures,
        )
    except ConversionError as exc:
        if output is Format.json:
            emit_refusal(exc)
        raise
    emit(result, output)


def print_compose(file: Path | str, catalog: Path | str | None, output: Format) -> None:
    """``dptax compose FILE``."""
    from dptaxonomy.queries.api import compose

    emit(compose(file, catalog=catalog), output)


def print_explain(
    a: str, b: str, catalog: Path | str | None, output: Format, conjectures: bool
) -> None:
    """``dptax explain``."""
    from dptaxonomy.queries.api import explain

    emit(explain(a, b, catalog=catalog, assume_conjectures=conjectures), output)


def print_neighbours(
    name: str, stronger: bool, catalog: Path | str | None, output: Format, conjectures: bool
) -> None:
    """``dptax stronger-than`` (``stronger``) and ``dptax weaker-than``."""
    from dptaxonomy.queries.api import stronger_than, weaker_than

    query = stronger_than if stronger else weaker_than
    emit(query(name, catalog=catalog, assume_conjectures=conjectures), output)


def print_contradictions(catalog: Path | str | None, output: Format, conjectures: bool) -> None:
    """``dptax contradictions``: exit 1 if there is any."""
    from dptaxonomy.queries.findings import contradictions as query

    result = query(reasoner_for(catalog, conjectures))
    emit(result, output)
    if result.found:
        raise CliExit(1)


def print_open_questions(
    scope: str | None, limit: int, catalog: Path | str | None, output: Format, conjectures: bool
) -> None:
    """``dptax open-questions``."""
    from dptaxonomy.queries.findings import open_questions as query

    if limit < 1:
        fail("--limit must be at least 1", 2)
    wanted = scope_option(scope)
    emit(query(reasoner_for(catalog, conjectures), wanted, limit), output)


def print_redundant(catalog: Path | str | None, output: Format, conjectures: bool) -> None:
    """``dptax redundant``."""
    from dptaxonomy.queries.findings import redundant as query

    emit(query(reasoner_for(catalog, conjectures)), output)


def print_sparql(
    query: str,
    catalog: Path | str | None,
    output: str,
    conjectures: bool,
    *,
    timeout: float = 10.0,
    limit: int = 10_000,
) -> None:
    """``dptax sparql`` (``@FILE``: the query in that file) in format ``output``: text, json
    or csv."""
    from pathlib import Path

    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.export.sparql import Bounds, run_catalog_query

    if query.startswith("@"):
        query = _query_file(query[1:])
    result = run_catalog_query(
        Path(catalog) if catalog else default_catalog_dir(),
        query,
        assume_conjectures=conjectures,
        bounds=Bounds(timeout=timeout, limit=limit),
    )
    sys.stdout.write(result.text(output))


def _query_file(name: str) -> str:
    """The query in file ``name``: UTF-8 text of at most ``MAX_QUERY_BYTES`` bytes."""
    from dptaxonomy.export.sparqlguard import MAX_QUERY_BYTES

    try:
        with open(name, "rb") as file:
            raw = file.read(MAX_QUERY_BYTES + 1)
    except OSError as exc:
        fail(f"cannot read {name}: {exc.strerror or exc}")
    if len(raw) > MAX_QUERY_BYTES:
        fail(f"cannot read {name}: a query is at most {MAX_QUERY_BYTES} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        fail(
            f"{name}:{line}:{column}: not valid UTF-8 (byte 0x{raw[exc.start]:02x}); "
            "save the query as UTF-8"
        )

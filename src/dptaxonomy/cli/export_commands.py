"""Commands that export the knowledge base or query it in SPARQL."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.actions import print_sparql
from dptaxonomy.cli.common import (
    AsciiCount,
    AsciiSeconds,
    CatalogOption,
    ConjecturesOption,
    compiled,
    fail,
)
from dptaxonomy.export.kinds import ExportKind, TableFormat
from dptaxonomy.export.sparqlsandbox import MAX_LIMIT, MAX_TIMEOUT, MIN_TIMEOUT

BINARY_KINDS = frozenset({ExportKind.png, ExportKind.pdf})
"""Exports that are bytes for a viewer, not text: never written to a terminal."""


class Only(StrEnum):
    table3 = "table3"


class QueryFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


def export(
    kind: Annotated[ExportKind, typer.Argument(help="What to export.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Output file (default or `-`: standard output)."),
    ] = None,
    table_format: Annotated[
        TableFormat, typer.Option("--format", "-f", help="For table3: csv, markdown or latex.")
    ] = TableFormat.markdown,
    around: Annotated[
        str | None, typer.Option("--around", help="Diagrams: only definitions near NAME.")
    ] = None,
    depth: Annotated[
        int,
        typer.Option("--depth", click_type=AsciiCount(min=0), help="Diagrams: hops from --around."),
    ] = 1,
    dimension: Annotated[
        list[str] | None, typer.Option("--dimension", "-d", help="Diagrams: only this dimension.")
    ] = None,
    scope: Annotated[str | None, typer.Option("--scope", help="Diagrams: only this scope.")] = None,
    only: Annotated[
        Only | None, typer.Option("--only", help="Diagrams: only Table 3's rows.")
    ] = None,
    cluster: Annotated[
        bool, typer.Option("--cluster", help="Diagrams: group nodes by dimensions.")
    ] = False,
    catalog: CatalogOption = None,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Export the knowledge base: RDF, ontology, SHACL, JSON, BibTeX, Table 3, diagrams."""
    from dptaxonomy.export.dot import DiagramOptions
    from dptaxonomy.export.produce import produce, write_output
    from dptaxonomy.schema.models import Dimension, Scope

    to_stdout = out is None or str(out) == "-"
    if kind in BINARY_KINDS and to_stdout and sys.stdout.isatty():
        fail(f"refusing to write binary {kind.value.upper()} to a terminal: pass --out FILE")

    try:
        dimensions = tuple(Dimension(d.strip().upper()) for d in dimension or [])
        wanted_scope = Scope(scope) if scope else None
    except ValueError:
        fail(
            "--dimension takes Q N V B F R C; --scope one of: " + ", ".join(s.value for s in Scope),
            2,
        )
    loaded, kb = compiled(catalog, assume_conjectures)
    center = kb.resolve(around) if around else None
    options = DiagramOptions(
        around=center,
        depth=depth,
        dimensions=dimensions,
        scope=wanted_scope,
        only_table3=only is Only.table3,
        cluster=cluster,
    )
    data = produce(kind, loaded, kb, options, table_format.value)
    write_output(data, out)


def _finite(value: float) -> float:
    """A time limit is a finite number (``nan`` passes every range check)."""
    if not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a finite number of seconds.")
    return value


def sparql(
    query: Annotated[
        str, typer.Argument(help="A SELECT or ASK query, or @FILE to read it from FILE.")
    ],
    catalog: CatalogOption = None,
    output: Annotated[QueryFormat, typer.Option("--format", "-f", help="Output format.")] = (
        QueryFormat.text
    ),
    assume_conjectures: ConjecturesOption = False,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            click_type=AsciiSeconds(min=MIN_TIMEOUT, max=MAX_TIMEOUT),
            callback=_finite,
            help="Stop the query after this many seconds (0.1 to 600).",
        ),
    ] = 10.0,
    limit: Annotated[
        int,
        typer.Option(
            "--limit",
            click_type=AsciiCount(min=1, max=MAX_LIMIT),
            help="Refuse a result with more rows than this (at most 1000000).",
        ),
    ] = 10_000,
) -> None:
    """Run SPARQL over asserted and inferred facts (dp:, def:, ref:, skos:, … predeclared).

    Only the knowledge base is read: SERVICE, FROM, LOAD and updates are refused.
    A query that hits --timeout, --limit or 1 GiB of memory prints nothing and exits 1.
    """
    print_sparql(query, catalog, output.value, assume_conjectures, timeout=timeout, limit=limit)


COMMANDS: dict[str, Callable[..., None]] = {"export": export, "sparql": sparql}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

"""Commands about catalog entries: validate, show, list, stats, schema, cite."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from dptaxonomy.base.diagnostics import OutputFormat
from dptaxonomy.cli.common import (
    CatalogOption,
    Format,
    FormatOption,
    NameArgument,
    emit,
    fail,
    reasoner_for,
    valid_catalog,
)


class SchemaKind(StrEnum):
    definition = "definition"
    mechanism = "mechanism"
    references = "references"


def validate(
    catalog: CatalogOption = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="text, json, or GitHub annotations.")
    ] = OutputFormat.text,
) -> None:
    """Check every catalog file; exit 1 and list every problem if any."""
    from dptaxonomy.base.diagnostics import render
    from dptaxonomy.catalog.paths import default_catalog_dir
    from dptaxonomy.catalog.store import load_catalog

    loaded = load_catalog(catalog or default_catalog_dir())
    diagnostics = list(loaded.diagnostics)
    if loaded.ok:
        from dptaxonomy.reasoning.compile import compile_knowledge_base
        from dptaxonomy.reasoning.contradictions import (
            contradiction_diagnostics,
            find_contradictions,
        )

        diagnostics += contradiction_diagnostics(
            find_contradictions(compile_knowledge_base(loaded))
        )
    rendered = render(diagnostics, output)
    if output is OutputFormat.json or rendered:
        typer.echo(rendered)
    errors = sum(1 for d in diagnostics if d.is_error)
    if output is OutputFormat.text:
        warnings = len(diagnostics) - errors
        typer.echo(
            f"{len(loaded.entries)} definitions, "
            + (f"{len(loaded.mechanism_entries)} mechanisms, " if loaded.mechanism_entries else "")
            + f"{len(loaded.references)} references: "
            f"{errors} error(s), {warnings} warning(s)",
            err=True,
        )
    if errors:
        raise typer.Exit(1)


def show(
    name: NameArgument, catalog: CatalogOption = None, output: FormatOption = Format.text
) -> None:
    """Everything known about one definition."""
    from dptaxonomy.queries.describe import show_result

    loaded = valid_catalog(catalog)
    emit(show_result(loaded, reasoner_for(catalog).kb, name), output)


def list_(
    dimension: Annotated[
        list[str] | None,
        typer.Option(
            "--dimension",
            "-d",
            help="Keep definitions with this dimension (Q N V B F R C); repeatable.",
        ),
    ] = None,
    property_: Annotated[
        list[str] | None,
        typer.Option(
            "--property",
            "-p",
            help="Keep definitions with PROPERTY=VALUE, e.g. composability=yes; repeatable.",
        ),
    ] = None,
    scope: Annotated[
        str | None,
        typer.Option("--scope", help="core, input_type, context, out_of_scope or sensitivity."),
    ] = None,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
) -> None:
    """List definitions, optionally filtered, as a table."""
    from dptaxonomy.queries.describe import filter_definitions, list_result, parse_property_filter
    from dptaxonomy.schema.enums import Dimension, Scope

    try:
        dimensions = [Dimension(d.strip().upper()) for d in dimension or []]
    except ValueError:
        fail("--dimension takes one of Q N V B F R C", 2)
    try:
        properties = [parse_property_filter(p) for p in property_ or []]
    except ValueError as exc:
        fail(f"--property: {exc}", 2)
    try:
        wanted_scope = Scope(scope) if scope else None
    except ValueError:
        fail(f"--scope takes one of: {', '.join(s.value for s in Scope)}", 2)
    loaded = valid_catalog(catalog)
    chosen = filter_definitions(loaded.definitions.values(), dimensions, properties, wanted_scope)
    emit(list_result(reasoner_for(catalog).kb, chosen), output)


def stats(catalog: CatalogOption = None, output: FormatOption = Format.text) -> None:
    """Counts by dimension, combination, scope, source, relation kind and property value."""
    from dptaxonomy.queries.stats import catalog_stats

    emit(catalog_stats(valid_catalog(catalog)), output)


def schema(
    kind: Annotated[
        SchemaKind, typer.Argument(help="Which file's schema.")
    ] = SchemaKind.definition,
) -> None:
    """Print the JSON Schema of catalog files (committed under schema/)."""
    from dptaxonomy.schema.jsonschema import schema_text

    typer.echo(schema_text(kind.value), nl=False)


def cite(name: NameArgument, catalog: CatalogOption = None) -> None:
    """BibTeX of the papers that introduced a definition."""
    from dptaxonomy.export.bibtex import cite_text

    loaded = valid_catalog(catalog)
    typer.echo(cite_text(loaded, loaded.resolve(name)), nl=False)

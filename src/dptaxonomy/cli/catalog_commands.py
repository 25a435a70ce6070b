"""Commands about catalog entries: validate, show, list, stats, schema, cite."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated

import typer

from dptaxonomy.base.diagnostics import OutputFormat
from dptaxonomy.cli import actions
from dptaxonomy.cli.common import (
    CatalogOption,
    Format,
    FormatOption,
    NameArgument,
    valid_catalog,
)


class SchemaKind(StrEnum):
    definition = "definition"
    mechanism = "mechanism"
    references = "references"
    core = "core"
    release = "release"


def validate_command(
    catalog: CatalogOption = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="text, json, or GitHub annotations.")
    ] = OutputFormat.text,
) -> None:
    """Check every catalog file; exit 1 and list every problem if any."""
    from dptaxonomy.base.diagnostics import render
    from dptaxonomy.queries.validation import validate

    report = validate(catalog)
    rendered = render(report.diagnostics, output)
    if output is OutputFormat.json or rendered:
        typer.echo(rendered)
    if output is OutputFormat.text:
        typer.echo(report.summary(), err=True)
    if not report.ok:
        raise actions.CliExit(1)


def show_command(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    mechanism: Annotated[
        bool, typer.Option("--mechanism", help="Look NAME up among the mechanisms only.")
    ] = False,
) -> None:
    """Everything known about one definition (its links, every relation about it and its
    evidence), or about one mechanism (its claims with their evidence and the separations it
    witnesses): a definition's name wins unless --mechanism is given."""
    actions.print_show(name, catalog, output, mechanism=mechanism)


def list_command(
    dimension: Annotated[
        list[str] | None,
        typer.Option(
            "--dimension",
            "-d",
            help="Keep definitions with this dimension (Q N V B F R C); repeated: all of them.",
        ),
    ] = None,
    any_dimension: Annotated[
        list[str] | None,
        typer.Option(
            "--any-dimension", help="Keep definitions with this dimension; repeated: any of them."
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
    unknown_property: Annotated[
        list[str] | None,
        typer.Option(
            "--unknown-property",
            help="Keep definitions whose PROPERTY is still unknown (gaps to fill); repeatable.",
        ),
    ] = None,
    no_statement: Annotated[
        bool,
        typer.Option("--no-statement", help="Keep definitions without a formal statement."),
    ] = False,
    scope: Annotated[
        str | None,
        typer.Option("--scope", help="core, input_type, context, out_of_scope or sensitivity."),
    ] = None,
    setting: Annotated[
        str | None, typer.Option("--setting", help="The trust model: central, local, shuffle, ….")
    ] = None,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
) -> None:
    """List definitions, optionally filtered, as a table (every filter given must hold)."""
    actions.print_list(
        catalog,
        output,
        dimensions=dimension or [],
        any_dimensions=any_dimension or [],
        properties=property_ or [],
        unknown_properties=unknown_property or [],
        scope=scope,
        setting=setting,
        no_statement=no_statement,
    )


def stats(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage",
            help="Completeness instead: statements, parameters, properties known, isolated "
            "definitions, names, library crosswalk, quoted vs cited claims.",
        ),
    ] = False,
) -> None:
    """Counts by dimension, combination, scope, source, relation kind and property value."""
    loaded = valid_catalog(catalog)
    if coverage:
        from dptaxonomy.queries.coverage import catalog_coverage

        actions.emit(catalog_coverage(loaded), output)
        return
    from dptaxonomy.queries.stats import catalog_stats

    actions.emit(catalog_stats(loaded), output)


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


COMMANDS: dict[str, Callable[..., None]] = {
    "validate": validate_command,
    "show": show_command,
    "list": list_command,
    "stats": stats,
    "schema": schema,
    "cite": cite,
}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

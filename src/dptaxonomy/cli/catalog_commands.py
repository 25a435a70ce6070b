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
    fail,
    print_json,
    valid_catalog,
)


class SchemaKind(StrEnum):
    definition = "definition"
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
        from dptaxonomy.reasoning.contradictions import (
            contradiction_diagnostics,
            find_contradictions,
        )
        from dptaxonomy.reasoning.knowledge import KnowledgeBase

        diagnostics += contradiction_diagnostics(find_contradictions(KnowledgeBase(loaded)))
    rendered = render(diagnostics, output)
    if output is OutputFormat.json or rendered:
        typer.echo(rendered)
    errors = sum(1 for d in diagnostics if d.is_error)
    if output is OutputFormat.text:
        warnings = len(diagnostics) - errors
        typer.echo(
            f"{len(loaded.entries)} definitions, {len(loaded.references)} references: "
            f"{errors} error(s), {warnings} warning(s)",
            err=True,
        )
    if errors:
        raise typer.Exit(1)


def show(
    name: NameArgument, catalog: CatalogOption = None, output: FormatOption = Format.text
) -> None:
    """Everything known about one definition."""
    from dptaxonomy.queries.describe import describe
    from dptaxonomy.queries.textview import definition_text

    loaded = valid_catalog(catalog)
    definition = loaded.resolve(name)
    if output is Format.json:
        print_json(describe(loaded, definition))
    else:
        typer.echo(definition_text(loaded, definition))


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
    from dptaxonomy.queries.describe import filter_definitions, parse_property_filter, summary_row
    from dptaxonomy.queries.textview import table_text
    from dptaxonomy.schema.enums import TRUTH_MARKS
    from dptaxonomy.schema.models import Dimension, Scope

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
    rows = [
        summary_row(d)
        for d in filter_definitions(
            loaded.definitions.values(), dimensions, properties, wanted_scope
        )
    ]
    if output is Format.json:
        print_json(rows)
        return
    table = [
        [
            r["id"],
            (r["abbreviations"] or [""])[0]
            + (f"[{r['disambiguator']}]" if r["disambiguator"] else ""),
            "".join(r["dimensions"]) or "-",
            "".join(TRUTH_MARKS[r[p]] for p in ("post_processing", "convexity", "composability")),
            r["name"],
        ]
        for r in rows
    ]
    typer.echo(table_text(["ID", "ABBREV", "DIMS", "PP CV CP", "NAME"], table))
    typer.echo(f"{len(rows)} definition(s)", err=True)


def stats(catalog: CatalogOption = None, output: FormatOption = Format.text) -> None:
    """Counts by dimension, combination, scope, source, relation kind and property value."""
    from dptaxonomy.queries.stats import catalog_stats

    data = catalog_stats(valid_catalog(catalog))
    if output is Format.json:
        print_json(data)
        return
    typer.echo(
        f"{data['definitions']} definitions, {data['references']} references, "
        f"{data['with_statement']} with a formal statement, "
        f"Table 3 rows covered: {data['table3_rows_covered']}/{data['table3_rows']}"
    )
    typer.echo(
        f"{data['relations']} relations ({data['parametric_relations']} with a parameter map)"
    )
    for key, title in (
        ("by_dimension", "by dimension"),
        ("by_dimension_combination", "by dimension combination"),
        ("by_scope", "by scope"),
        ("by_setting", "by setting"),
        ("by_source", "by source"),
        ("by_relation_kind", "by relation kind"),
        ("by_relation_status", "by relation status"),
        ("by_link_kind", "by link kind"),
    ):
        typer.echo(f"{title}: " + ", ".join(f"{k} {v}" for k, v in data[key].items()))
    for name, counts in data["by_property_value"].items():
        typer.echo(f"{name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


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

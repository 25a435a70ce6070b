"""Contributor commands: scaffold a new entry, format entries."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.common import (
    CatalogOption,
    fail,
)


def _work_catalog(directory: Path | None) -> Path:
    """The catalog a contributor edits: --catalog / $DPTAX_CATALOG, else ./catalog."""
    if directory is None and not Path("catalog").is_dir():
        fail("no ./catalog here: run from a catalog checkout or pass --catalog DIR", 2)
    return directory if directory is not None else Path("catalog")


def _ask(value: str | None, flag: str, question: str) -> str:
    if value:
        return value
    if not sys.stdin.isatty():
        fail(f"missing {flag} (or run interactively to be asked)", 2)
    answer: str = typer.prompt(question)
    return answer


def new(
    definition_id: Annotated[
        str | None, typer.Option("--id", help="Lowercase id, e.g. my-new-dp (the file name).")
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="Name as the source writes it.")
    ] = None,
    introduced_in: Annotated[
        list[str] | None,
        typer.Option(
            "--introduced-in", "-i", help="Citation key of the introducing paper; repeatable."
        ),
    ] = None,
    summary: Annotated[
        str | None, typer.Option("--summary", help="One or two sentences in your own words.")
    ] = None,
    dimension: Annotated[
        list[str] | None, typer.Option("--dimension", "-d", help="Q N V B F R C; repeatable.")
    ] = None,
    abbreviation: Annotated[
        list[str] | None, typer.Option("--abbreviation", "-a", help="Abbreviation; repeatable.")
    ] = None,
    scope: Annotated[str, typer.Option("--scope", help="core, input_type, context, …")] = "core",
    setting: Annotated[str, typer.Option("--setting", help="central or local.")] = "central",
    section: Annotated[str | None, typer.Option("--section", help="Section of the source.")] = None,
    mechanism: Annotated[
        bool,
        typer.Option(
            "--mechanism",
            help="Scaffold a mechanism (catalog/mechanisms/ID.yaml); --summary is its description.",
        ),
    ] = False,
    output: Annotated[
        str | None,
        typer.Option("--output", help="Mechanism: its output distribution, in LaTeX."),
    ] = None,
    input_kind: Annotated[
        str, typer.Option("--input", help="Mechanism: what it reads (dataset, graph, value).")
    ] = "dataset",
    neighbourhood: Annotated[
        str,
        typer.Option(
            "--neighbourhood", help="Mechanism: which inputs its claims treat as neighbours."
        ),
    ] = "add or remove one record",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    catalog: CatalogOption = None,
) -> None:
    """Scaffold a new definition (or, with --mechanism, mechanism) file, commented from the
    schema (asks for what is missing)."""
    from dptaxonomy.catalog.scaffold import NewDefinition, NewMechanism, write_scaffold
    from dptaxonomy.schema.mechanisms import InputKind
    from dptaxonomy.schema.models import Dimension, Scope, Setting

    directory = _work_catalog(catalog)
    chosen_id = _ask(definition_id, "--id", "Id (lowercase words joined by hyphens)")
    chosen_name = _ask(name, "--name", "Name, as the source writes it")
    keys = introduced_in or [_ask(None, "--introduced-in", "Citation key of the introducing paper")]
    chosen_summary = _ask(summary, "--summary", "Summary, in your own words")
    if mechanism:
        chosen_output = _ask(output, "--output", "Output distribution, in LaTeX")
        try:
            kind = InputKind(input_kind)
        except ValueError:
            fail(f"invalid value: --input must be one of: {', '.join(InputKind)}", 2)
        made = NewMechanism(
            chosen_id, chosen_name, keys, chosen_summary, chosen_output, kind, neighbourhood
        )
        path = write_scaffold(directory, made, force=force)
        typer.echo(f"wrote {path}; fill it in, then run `dptax validate` and `dptax verify`")
        return
    try:
        dimensions = [Dimension(d.strip().upper()) for d in dimension or []]
        entry = NewDefinition(
            id=chosen_id,
            name=chosen_name,
            introduced_in=keys,
            summary=chosen_summary,
            dimensions=dimensions,
            abbreviations=abbreviation or [],
            scope=Scope(scope),
            setting=Setting(setting),
            section=section,
        )
    except ValueError as exc:
        fail(f"invalid value: {exc}", 2)
    path = write_scaffold(directory, entry, force=force)
    typer.echo(f"wrote {path}; fill it in, then run `dptax validate` and `dptax fmt`")


def fmt(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Files to format (default: the whole catalog).")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not formatted.")
    ] = False,
    catalog: CatalogOption = None,
) -> None:
    """Rewrite catalog files (definitions, mechanisms, references, the core list) in canonical
    form (key order, indentation, width), keeping comments."""
    from dptaxonomy.catalog.formatting import format_files
    from dptaxonomy.catalog.paths import (
        CORE_FILE,
        REFERENCES_FILE,
        catalog_files,
        mechanism_files,
    )

    root = None
    if not paths:
        directory = root = _work_catalog(catalog)
        paths = [
            directory / REFERENCES_FILE,
            *catalog_files(directory),
            *mechanism_files(directory),
        ]
        if (directory / CORE_FILE).is_file():
            paths.append(directory / CORE_FILE)
    results = format_files(paths, check=check, root=root)
    failed = [r for r in results if r.error]
    changed = [r for r in results if r.changed]
    for result in failed:
        typer.echo(f"{result.path}: {result.error}", err=True)
    for result in changed:
        typer.echo(f"{'would reformat' if check else 'reformatted'} {result.path}")
    typer.echo(
        f"{len(results)} file(s): {len(changed)} {'to reformat' if check else 'reformatted'}, "
        f"{len(failed)} error(s)",
        err=True,
    )
    if failed or (check and changed):
        raise typer.Exit(1)


COMMANDS: dict[str, Callable[..., None]] = {"new": new, "fmt": fmt}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

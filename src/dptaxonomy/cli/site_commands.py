"""`dptax site`: build the static website."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.common import CatalogOption, Format, FormatOption, compiled


def site(
    out: Annotated[Path, typer.Option("--out", "-o", help="Directory to build the site into.")],
    repository: Annotated[
        str | None,
        typer.Option(
            "--repository",
            help="GitHub repository URL for source and pre-filled issue links.",
            show_default=False,
        ),
    ] = None,
    pyodide: Annotated[
        Path | None,
        typer.Option(
            "--pyodide",
            help="Pyodide's unpacked npm package (`make pyodide`), for the in-browser calculators.",
            envvar="DPTAX_PYODIDE",
            show_default=False,
        ),
    ] = None,
    registry: Annotated[
        Path | None,
        typer.Option(
            "--registry",
            help="A checkout of the OpenDP deployments registry: adds a deployments section "
            "(a card per entry, the summary table and the findings).",
            show_default=False,
        ),
    ] = None,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
) -> None:
    """Build the static website into OUT (no server, no network; same catalog, same bytes)."""
    from dptaxonomy.cli.actions import fail
    from dptaxonomy.export.site.builder import SiteOptions, build_site
    from dptaxonomy.queries.results import json_text

    if registry is not None and not registry.is_dir():
        fail(f"{registry} is not a directory")
    loaded, kb = compiled(catalog)
    options = SiteOptions(pyodide=pyodide, registry=registry)
    if repository:
        options = SiteOptions(repository=repository, pyodide=pyodide, registry=registry)
    report = build_site(loaded, kb, out, options)
    typer.echo(json_text(report) if output is Format.json else report.to_text())


COMMANDS: dict[str, Callable[..., None]] = {"site": site}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

"""``dptax card`` and ``dptax check-registry``: privacy guarantee cards."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.common import CatalogOption, ConjecturesOption, Format, FormatOption

__all__ = ["CardFormat", "card", "check_registry"]


class CardFormat(StrEnum):
    """Output format of a card."""

    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"


def card(
    file: Annotated[
        Path,
        typer.Argument(metavar="FILE", help="A release description (YAML), e.g. release.yaml."),
    ],
    catalog: CatalogOption = None,
    output: Annotated[
        CardFormat, typer.Option("--format", "-f", help="text, json, markdown or html.")
    ] = CardFormat.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Print the privacy card of the release described in FILE.

    The guarantee as stated, its statements in the core definitions with
    their proofs, the privacy profile, the operational risk and every
    consistency finding. Exit 1 with located diagnostics when FILE has a
    mistake; the card itself exits 0, findings included.
    """
    from dptaxonomy.base.diagnostics import render
    from dptaxonomy.cli.actions import CliExit, echo, reasoner_for
    from dptaxonomy.queries.card import build_card
    from dptaxonomy.queries.release_load import load_release
    from dptaxonomy.queries.results import json_text

    kb = reasoner_for(catalog, assume_conjectures).kb
    loaded, diagnostics = load_release(file, kb)
    if loaded is None:
        echo(render(diagnostics), err=True)
        echo(f"dptax: {file}: {len(diagnostics)} error(s)", err=True)
        raise CliExit(1)
    result = build_card(kb, loaded.release, loaded.source)
    if output is CardFormat.json:
        echo(json_text(result))
    elif output is CardFormat.markdown:
        from dptaxonomy.queries.card_text import card_markdown

        echo(card_markdown(result).rstrip("\n"))
    elif output is CardFormat.html:
        from dptaxonomy.export.card_html import card_html

        echo(card_html(result).rstrip("\n"))
    else:
        echo(result.to_text())


def check_registry(
    directory: Annotated[
        Path,
        typer.Argument(
            metavar="DIR",
            help="A checkout of the OpenDP deployments registry (its deployments/*.yaml).",
        ),
    ],
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Print a card and the findings of every entry of a deployments registry, then a
    summary table; exit 1 when any entry has a finding."""
    from dptaxonomy.cli.actions import CliExit, emit, fail, reasoner_for
    from dptaxonomy.queries.registry import check_registry as query

    if not directory.is_dir():
        fail(f"{directory} is not a directory")
    result = query(reasoner_for(catalog, assume_conjectures).kb, directory)
    emit(result, output)
    if result.findings:
        raise CliExit(1)


COMMANDS: dict[str, Callable[..., None]] = {"card": card, "check-registry": check_registry}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

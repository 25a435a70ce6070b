"""``dptax card`` and ``dptax check-registry``: privacy guarantee cards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.common import CatalogOption, ConjecturesOption, Format, FormatOption
from dptaxonomy.cli.release_actions import CardFormat

__all__ = ["CardFormat", "card", "check_registry"]


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
    from dptaxonomy.cli.release_actions import print_card

    print_card(file, catalog, output, assume_conjectures)


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
    from dptaxonomy.cli.release_actions import print_check_registry

    print_check_registry(directory, catalog, output, assume_conjectures)


COMMANDS: dict[str, Callable[..., None]] = {"card": card, "check-registry": check_registry}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

"""Commands that ask the reasoner: relate, stronger-than, weaker-than, explain, …

Each parses its options (typer) and hands plain values to :mod:`dptaxonomy.cli.actions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from dptaxonomy.cli import actions
from dptaxonomy.cli.common import (
    AsciiCount,
    CatalogOption,
    ConjecturesOption,
    Format,
    FormatOption,
    NameArgument,
)
from dptaxonomy.cli.convert_commands import FromOption, ToOption


def relate_command(
    a: NameArgument,
    b: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
    from_: FromOption = None,
    to: ToOption = None,
) -> None:
    """How A relates to B: equivalent, stronger, weaker, incomparable, … with proofs.

    With --from (parameters of the stronger of the two) and --to, also the numbers
    the implication gives, as `dptax convert` computes them.
    """
    actions.print_relate(a, b, catalog, output, assume_conjectures, from_ or [], to or [])


def stronger_than_command(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions stronger than NAME (Y ≻ NAME), asserted or derived."""
    actions.print_neighbours(name, True, catalog, output, assume_conjectures)


def weaker_than_command(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions weaker than NAME (NAME ≻ Y), asserted or derived."""
    actions.print_neighbours(name, False, catalog, output, assume_conjectures)


def explain_command(
    a: NameArgument,
    b: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Why A relates to B as it does: the proof, or the nearest known facts."""
    actions.print_explain(a, b, catalog, output, assume_conjectures)


def contradictions_command(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Contradictions with their minimal fact sets; exit 1 if there is any."""
    actions.print_contradictions(catalog, output, assume_conjectures)


def open_questions_command(
    scope: Annotated[
        str | None, typer.Option("--scope", help="Only definitions of this scope, e.g. core.")
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", click_type=AsciiCount(min=1), help="How many to show.")
    ] = 20,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Undecided questions "A ≻ B?", most wanted first."""
    actions.print_open_questions(scope, limit, catalog, output, assume_conjectures)


def redundant_command(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Asserted facts that other facts already prove (clean-up candidates, not errors)."""
    actions.print_redundant(catalog, output, assume_conjectures)


COMMANDS: dict[str, Callable[..., None]] = {
    "relate": relate_command,
    "stronger-than": stronger_than_command,
    "weaker-than": weaker_than_command,
    "explain": explain_command,
    "contradictions": contradictions_command,
    "open-questions": open_questions_command,
    "redundant": redundant_command,
}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

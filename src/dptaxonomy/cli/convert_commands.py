"""``dptax convert``: a guarantee turned into numbers in an implied definition."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli import actions
from dptaxonomy.cli.common import CatalogOption, ConjecturesOption, Format, FormatOption

__all__ = ["CurveOption", "FromOption", "ToOption", "compose_command", "convert_command"]

FromOption = Annotated[
    list[str] | None,
    typer.Option("--from", metavar="NAME=VALUE", help="A parameter of SOURCE, e.g. rho=0.5."),
]
ToOption = Annotated[
    list[str] | None,
    typer.Option(
        "--to", metavar="NAME=VALUE", help="A parameter of TARGET to fix, e.g. delta=1e-6."
    ),
]
CurveOption = Annotated[
    Path | None,
    typer.Option(
        "--from-curve",
        metavar="FILE",
        help="A curve of SOURCE as accountants print it (Rényi orders and bounds, a "
        "privacy profile δ(ε), …; JSON or a table with a header): each point is "
        "converted and the tightest answer kept.",
    ),
]


def convert_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="SOURCE", help="Definition or mechanism that holds, e.g. zCoDP or Gaussian."
        ),
    ],
    target: Annotated[
        str, typer.Argument(metavar="TARGET", help="Definition wanted, e.g. '(ε, δ)-DP'.")
    ],
    from_: FromOption = None,
    to: ToOption = None,
    from_curve: CurveOption = None,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Convert a guarantee: SOURCE at --from values gives TARGET with the computed values.

    Every chain of cited parameter maps is evaluated with interval arithmetic
    (bounds rounded up); the tightest wins. A target order left open (α of Rényi
    DP) is answered with the curve over standard orders. A parameter that is not a number
    (a family of priors Θ, a relation R) takes no value: it is carried as a symbol (the
    source's own, fixed by a step, or every value). Exit 1 with the reason when the
    mathematics gives no conversion (with --format json, also a JSON document on standard
    output saying its kind, e.g. "separated", "missing_parameter").
    """
    actions.print_convert(
        source, target, from_ or [], to or [], catalog, output, assume_conjectures, from_curve
    )


def compose_command(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="YAML or JSON: delta and a list of components (docs/compose.md).",
        ),
    ],
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
) -> None:
    """Compose many mechanisms or guarantees: the total (ε, δ), zCDP, μ-GDP and RDP guarantee.

    Every sound route runs (closed forms, privacy-loss distributions, Rényi
    curves); the smallest certified ε wins, with a lower bound, the proof and the
    assumptions. Exit 1 with the reason when the assumptions do not match.
    """
    actions.print_compose(file, catalog, output)


COMMANDS: dict[str, Callable[..., None]] = {
    "convert": convert_command,
    "compose": compose_command,
}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

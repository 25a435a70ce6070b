"""``dptax convert``: a guarantee turned into numbers in an implied definition."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from dptaxonomy.cli.common import (
    CatalogOption,
    ConjecturesOption,
    Format,
    FormatOption,
    emit,
    reasoner_for,
)

__all__ = ["CurveOption", "FromOption", "ToOption", "compose", "convert"]

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


def convert(
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
    DP) is answered with the curve over standard orders. Exit 1 with the reason
    when the mathematics gives no conversion.
    """
    from dptaxonomy.queries.convert import parse_assignments
    from dptaxonomy.queries.convert_curve import convert_curve, convert_or_table, read_curve
    from dptaxonomy.queries.results import Result

    reasoner = reasoner_for(catalog, assume_conjectures)
    given = parse_assignments(from_ or [], "--from")
    fixed = parse_assignments(to or [], "--to")
    result: Result
    if from_curve is not None:
        points = read_curve(from_curve)
        result = convert_curve(reasoner.kb, source, target, points, given, fixed, catalog=catalog)
    else:
        result = convert_or_table(reasoner.kb, source, target, given, fixed, catalog=catalog)
    emit(result, output)


def compose(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="YAML or JSON: delta and a list of components (docs/compose.md).",
        ),
    ],
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Compose many mechanisms or guarantees: the total (ε, δ), zCDP, μ-GDP and RDP guarantee.

    Every sound route runs (closed forms, privacy-loss distributions, Rényi
    curves); the smallest certified ε wins, with a lower bound, the proof and the
    assumptions. Exit 1 with the reason when the assumptions do not match.
    """
    from dptaxonomy.queries.compose import compose as query
    from dptaxonomy.queries.compose_input import read_request

    reasoner = reasoner_for(catalog, assume_conjectures)
    emit(query(reasoner.kb, read_request(file), catalog=catalog), output)


COMMANDS: dict[str, Callable[..., None]] = {"convert": convert, "compose": compose}
"""This group's commands by name, in the order ``dptax --help`` lists them."""

"""Commands that ask the reasoner: relate, stronger-than, weaker-than, explain, …"""

from __future__ import annotations

from typing import Annotated

import typer

from dptaxonomy.cli.common import (
    CatalogOption,
    ConjecturesOption,
    Format,
    FormatOption,
    NameArgument,
    emit,
    fail,
    reasoner_for,
)
from dptaxonomy.cli.convert_commands import FromOption, ToOption


def relate(
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
    from dptaxonomy.queries.convert import parse_assignments
    from dptaxonomy.queries.relations import relate as query

    given = parse_assignments(from_ or [], "--from")
    fixed = parse_assignments(to or [], "--to")
    emit(query(reasoner_for(catalog, assume_conjectures), a, b, given, fixed), output)


def stronger_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions stronger than NAME (Y ≻ NAME), asserted or derived."""
    from dptaxonomy.queries.relations import Side, neighbours

    emit(neighbours(reasoner_for(catalog, assume_conjectures), name, Side.stronger), output)


def weaker_than(
    name: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Definitions weaker than NAME (NAME ≻ Y), asserted or derived."""
    from dptaxonomy.queries.relations import Side, neighbours

    emit(neighbours(reasoner_for(catalog, assume_conjectures), name, Side.weaker), output)


def explain(
    a: NameArgument,
    b: NameArgument,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Why A relates to B as it does: the proof, or the nearest known facts."""
    from dptaxonomy.queries.relations import explain as query

    emit(query(reasoner_for(catalog, assume_conjectures), a, b), output)


def contradictions(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Contradictions with their minimal fact sets; exit 1 if there is any."""
    from dptaxonomy.queries.findings import contradictions as query

    result = query(reasoner_for(catalog, assume_conjectures))
    emit(result, output)
    if result.found:
        raise typer.Exit(1)


def open_questions(
    scope: Annotated[
        str | None, typer.Option("--scope", help="Only definitions of this scope, e.g. core.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many to show.")] = 20,
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Undecided questions "A ≻ B?", most wanted first."""
    from dptaxonomy.queries.findings import open_questions as query
    from dptaxonomy.schema.enums import Scope

    try:
        wanted = Scope(scope) if scope else None
    except ValueError:
        fail(f"--scope takes one of: {', '.join(s.value for s in Scope)}", 2)
    emit(query(reasoner_for(catalog, assume_conjectures), wanted, limit), output)


def redundant(
    catalog: CatalogOption = None,
    output: FormatOption = Format.text,
    assume_conjectures: ConjecturesOption = False,
) -> None:
    """Asserted facts that other facts already prove (clean-up candidates, not errors)."""
    from dptaxonomy.queries.findings import redundant as query

    emit(query(reasoner_for(catalog, assume_conjectures)), output)
